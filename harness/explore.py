"""Exploration: the rules of every game checked on sequences of play, ruling or not.

A ruling's invariant checks one rule in states drawn for it. Exploration draws a state from every
generator the run's rulings use (each with the mechanics its engine supports), then plays a
sequence of the actions the engine offers, and after every step judges the rules that hold in
any game (:mod:`protocol.global_rules`), plus three that need the play itself: an offered action
is accepted, a player without priority is refused and the refusal changes nothing, and the same
sequence from the same state gives the same states (determinism).

Each rule is an :class:`~rulings.invariant.Invariant` of kind ``global`` (id ``global.<rule>``):
the runner searches it like any ruling's invariant, so limits, isolation, the slow-engine
breaker, claims, shrinking, the 1-minimal counterexample, results, report and gate are the same.
The sequence is part of the drawn scenario (:class:`ExploreParams`: one choice per step, taken
modulo the actions offered then), so Hypothesis shrinks the sequence and the state together: the
search a ``RuleBasedStateMachine`` would make (a rule per step, an invariant after each), with
the state drawn by the project's generators and the run's containment around every call.

Why not a ``RuleBasedStateMachine`` itself: a machine draws its steps inside its own run loop,
so its sequence is no value of the example. The runner needs one (a state and its params): it
stores it in ``results.json`` for ``replay``, re-runs the check on it while it 1-minimizes the
state (each object removed, the same sequence played again), and bounds and isolates each
example as a whole. Choices drawn as data keep all three; a machine's steps would have to be
recorded as :class:`ExploreParams` and replayed through this same walk, which is what this is.
The project's tests also run the global rules as a ``RuleBasedStateMachine`` on the reference
engine (``tests/test_explore_state_machine.py``), where no replay is needed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from generators.records import params_record
from harness.differential import KnownDisagreement
from protocol.actions import Action, ActionKind, pass_priority
from protocol.global_rules import RULES, GlobalRule, Transition, gives_priority
from protocol.model import Event, EventKind, GameState
from protocol.probe import Probe, Scenario, Violation
from protocol.state_diff import differences
from rulings.compile import CompiledSuite
from rulings.invariant import Invariant

#: The id prefix of exploration's invariants (``global.objects-conserved`` ...).
PREFIX = "global."

#: Steps played per example, by profile: ``ci`` fits a CI job, ``thorough`` goes deeper for
#: nightly runs (the examples per profile are the run's: :mod:`harness.profiles`).
STEPS: dict[str, int] = {"dev": 16, "ci": 16, "thorough": 40}

#: The largest choice drawn for a step: taken modulo the offered actions, so every action of a
#: list up to this long can be chosen, and shrinking a choice towards 0 picks the first offer.
_CHOICE = 255
#: Choices below this pass priority when a pass is offered (see :func:`chosen_action`).
_PASS_BELOW = 128


@params_record("explore")
@dataclass(frozen=True)
class ExploreParams:
    """What an exploration example plays: the invariant whose generator drew the state
    (``source``) and one choice per step (``choices``: index into the actions offered then,
    modulo their number)."""

    source: str
    choices: tuple[int, ...]


@dataclass(frozen=True)
class Source:
    """A generator of states: a ruling invariant's strategy, with the mechanics it needs."""

    id: str
    requires: frozenset[str]
    optional: frozenset[str]
    strategy: Callable[[frozenset[str] | None], SearchStrategy[Scenario]]


def sources(suite: CompiledSuite) -> tuple[Source, ...]:
    """One source per distinct generator use among the suite's invariants (an invariant family
    parametrized by a card draws with each card: each is a source)."""
    found: dict[tuple[str, frozenset[str]], Source] = {}
    for inv in suite.invariants:
        if inv.kind == "global":
            continue
        key = (inv.id, inv.requires)
        found.setdefault(key, Source(inv.id, inv.requires, inv.optional, inv.strategy))
    return tuple(found.values())


def mechanics_of(chosen: tuple[Source, ...]) -> frozenset[str]:
    """Every mechanic a state of ``chosen`` may hold."""
    return frozenset().union(*(s.requires | s.optional for s in chosen))


def _states(chosen: tuple[Source, ...], allowed: frozenset[str]) -> SearchStrategy[tuple[str, GameState]]:
    """A state from any of the sources the allowed mechanics cover, with the source's id."""
    usable = [s for s in chosen if s.requires <= allowed]
    if not usable:
        return st.nothing()

    def drawn(source: Source) -> SearchStrategy[tuple[str, GameState]]:
        mechanics = (allowed & source.optional) if source.optional else None
        return source.strategy(mechanics).map(lambda sc: (source.id, sc.state))

    # A family first, then one of its sources: a family of one invariant (vigilance) is drawn as
    # often as one of twenty (ninjutsu), so each generator's states get their share of a search.
    families: dict[str, list[Source]] = {}
    for s in usable:
        families.setdefault(family(s.id), []).append(s)
    return st.one_of([st.one_of([drawn(s) for s in members]) for members in families.values()])


def family(invariant_id: str) -> str:
    """The family of an invariant id: ``ninjutsu`` of ``ninjutsu.after-blockers/...``."""
    return invariant_id.split(".", 1)[0].split("/", 1)[0]


def sequences(steps: int) -> SearchStrategy[list[int]]:
    """Up to ``steps`` choices, the length drawn first as what it falls short of ``steps`` (a
    list strategy's lengths, like integers, are drawn small most often, and a sequence must be long
    enough to leave its step and turn). A failure stops the walk where it happens, so the trace
    shown is the prefix up to it; shrinking makes its choices the passes (see :func:`chosen_action`)."""
    return st.integers(0, steps - 1).flatmap(
        lambda short: st.lists(st.integers(0, _CHOICE), min_size=steps - short, max_size=steps - short)
    )


def scenarios(chosen: tuple[Source, ...], steps: int) -> Callable[..., SearchStrategy[Scenario]]:
    """The scenarios strategy of an exploration invariant: a state from the sources the engine
    supports (``allowed``: the mechanics it may see) and a sequence of ``steps`` choices."""
    everything = mechanics_of(chosen)

    def strategy(allowed: frozenset[str] = everything) -> SearchStrategy[Scenario]:
        pairs = st.tuples(_states(chosen, allowed), sequences(steps))
        return pairs.map(lambda p: Scenario(p[0][1], ExploreParams(p[0][0], tuple(p[1]))))

    return strategy


# -- playing a sequence -------------------------------------------------------------------


def chosen_action(offered: list[Action], choice: int) -> Action:
    """The action ``choice`` picks: passing priority for the lower half of the choices (when it is
    offered: a game moves on only by passing, and a walk of random offers would mostly tap lands),
    otherwise the offer at ``choice`` modulo their number. Shrinking a choice to 0 picks the pass:
    the simplest sequence is the one that only lets the game go on."""
    if choice < _PASS_BELOW:
        for action in offered:
            if action.kind is ActionKind.PASS_PRIORITY:
                return action
    return offered[choice % len(offered)]


def walk(probe: Probe, choices: tuple[int, ...], *, require: bool = True) -> Iterator[Transition]:
    """Play ``choices`` on the probe's game, one offered action per step, and yield each step.

    The walk ends early when nothing is offered (the game waits for nobody). ``require``: an
    offered action must be accepted (its refusal is a :class:`Violation`); otherwise a refusal
    ends the walk (another rule judges it)."""
    for index, choice in enumerate(choices):
        before = probe.state()
        offered = probe.legal_actions()
        if not offered:
            return
        action = chosen_action(offered, choice)
        if require:
            events = probe.require(action, f"step {index + 1}: the action was offered by legal_actions()")
        else:
            applied = probe.try_apply(action)
            if applied is None:
                return
            events = applied
        yield Transition(before, action, tuple(events), probe.state())


def _where(index: int, step: Transition) -> str:
    return f"step {index + 1} ({step.before.step}, turn {step.before.turn}): {step.action}"


def rule_check(rule: GlobalRule) -> Callable[[Probe, Scenario[ExploreParams]], None]:
    """The check of one global rule: play the sequence, judge every step."""
    claim = rule.claim

    def check(probe: Probe, scenario: Scenario[ExploreParams]) -> None:
        for index, step in enumerate(walk(probe, scenario.params.choices, require=False)):
            problems = rule.judge(step)
            if problems:
                raise Violation(
                    f"global rule {rule.id} broken: {rule.title}",
                    expected=f"after {_where(index, step)}: {rule.title} (CR {', '.join(rule.cr)})",
                    observed="; ".join(problems),
                )
            if rule.exercised(step):
                probe.claim(claim)

    return check


OFFERED_CLAIM = "an offered action was applied"


def offered_accepted(probe: Probe, scenario: Scenario[ExploreParams]) -> None:
    """117.1: the player with priority may take the actions the game allows; an action the engine
    offers in ``legal_actions()`` is one it allows, so applying it must not be refused."""
    for _ in walk(probe, scenario.params.choices, require=True):
        probe.claim(OFFERED_CLAIM)


REFUSAL_CLAIM = "a player without priority was refused"


def refusal_changes_nothing(probe: Probe, scenario: Scenario[ExploreParams]) -> None:
    """117.1 (only the player with priority may act), 117.3d-style atomicity of a refusal: at each
    step where a player holds priority, the other player's pass is refused, and the refusal leaves
    the game exactly as it was (the probe compares the states: see ``Probe.apply``)."""
    for step in _refusal_walk(probe, scenario.params.choices):
        state = step.after
        assert state.priority is not None  # the walk yields only states where a player holds priority
        other = 1 - state.priority
        probe.expect_refused(
            pass_priority(other),
            f"global rule refusal-changes-nothing broken: P{other} passed priority while P{state.priority} held it",
            expected=f"P{other}'s pass refused (117.1: only the player with priority acts)",
        )
        probe.claim(REFUSAL_CLAIM)


def _refusal_walk(probe: Probe, choices: tuple[int, ...]) -> Iterator[Transition]:
    for step in walk(probe, choices, require=False):
        if gives_priority(step.after):
            yield step


DETERMINISM_CLAIM = "a sequence was replayed and compared"


def _comparable(state: GameState, shuffled: bool) -> GameState:
    """``state`` with libraries in a fixed order when a library was shuffled (701.24a: the one
    random event of these games), otherwise as it is."""
    if not shuffled:
        return state
    return state.replace(players=tuple(dataclasses.replace(p, library=tuple(sorted(p.library))) for p in state.players))


def deterministic(probe: Probe, scenario: Scenario[ExploreParams]) -> None:
    """The rules decide every outcome but a shuffle's (701.24a) and the players' choices: the
    same sequence of actions from the same state gives the same states and the same offers. The
    sequence is played, then replayed on a second session of the same state, step by step."""
    first = list(walk(probe, scenario.params.choices, require=False))
    if not first:
        return
    again = probe.replica()
    shuffled = False
    for index, step in enumerate(first):
        before = again.state()
        offered = again.legal_actions()
        if step.action not in offered:
            raise Violation(
                "global rule deterministic broken: the same sequence offered different actions",
                expected=f"at {_where(index, step)}: the action offered again",
                observed=f"offered now: {', '.join(map(str, offered)) or 'nothing'}",
            )
        events = again.try_apply(step.action)
        if events is None:
            raise Violation(
                "global rule deterministic broken: the same action was accepted once and refused once",
                expected=f"{_where(index, step)} accepted again",
                observed="refused on the replay",
            )
        shuffled = shuffled or any(e.kind is EventKind.SHUFFLE for e in (*step.events, *events))
        now = again.state()
        if _comparable(now, shuffled) != _comparable(step.after, shuffled) or before != step.before:
            raise Violation(
                "global rule deterministic broken: the same sequence gave different states",
                expected=f"after {_where(index, step)}: the state of the first play",
                observed="; ".join(differences(step.after, now)) or "equal fields, unequal states",
            )
    probe.claim(DETERMINISM_CLAIM)


#: The id prefix of the differential invariants: run only on a differential engine
#: (``differential:A,B``), one per family of generators (``global.engines-agree/ninjutsu``).
AGREE = PREFIX + "engines-agree"
AGREE_CLAIM = "a step was played on every engine and compared"


def is_agree(invariant_id: str) -> bool:
    """Whether ``invariant_id`` is a differential invariant (of any family)."""
    return invariant_id == AGREE or invariant_id.startswith(AGREE + "/")


#: How many actions deep every offered action is tried from the drawn state (each sequence of
#: offers on a session of its own): a generator draws a state at the moment its rules matter, and
#: most engines part one or two actions from it.
TREE_DEPTH = 2
#: The simplest moves on after a branch of the first level, at most: passes until the next turn
#: has begun (what an action leaves behind often shows only then: a permission "until end of
#: turn" (514.2), a delayed trigger "at the beginning of your next upkeep" (603.7), a search
#: that begins as a spell resolves (608.2)).
ONWARD = 40
#: Moves played in the next turn before a branch stops (its untap, upkeep and draw: 502-504).
INTO_NEXT_TURN = 4
#: The simplest moves on after a branch of a deeper level (or a mana ability's), at least: then
#: on while the stack holds something, so what the branch put on it resolves.
SHORT_ONWARD = 2
#: Branches tried per example, at most (the cost of an example stays bounded on a wide board).
MAX_BRANCHES = 48


def engines_agree(probe: Probe, scenario: Scenario[ExploreParams]) -> None:
    """Play on a differential engine (:mod:`harness.differential`), which compares the engines'
    offers and states at every step and raises at the first where they part.

    First the tree of offers from the drawn state: every action offered there, each on a session
    of its own, then every action offered after it (:data:`TREE_DEPTH`), each branch followed by
    the simplest moves on (a first-level branch into the next turn, :data:`ONWARD`); then the
    drawn sequence. A known disagreement (``explore --known``) ends the play it is met in, and
    the search goes on."""
    try:
        offers = probe.legal_actions()
    except KnownDisagreement:
        return  # parted where they are known to part: nothing more to compare in this state
    level: list[tuple[Action, ...]] = [(offer,) for offer in offers]
    tried, depth = 0, 1
    while level and tried < MAX_BRANCHES:
        deeper: list[tuple[Action, ...]] = []
        for path in level[: MAX_BRANCHES - tried]:
            tried += 1
            for prefix, offered in _branch(probe, path, depth < TREE_DEPTH):
                deeper.extend((*prefix, offer) for offer in offered)
        level, depth = deeper, depth + 1
    try:
        for _ in walk(probe, scenario.params.choices, require=False):
            probe.claim(AGREE_CLAIM)
    except KnownDisagreement:
        return


def _branch(probe: Probe, path: tuple[Action, ...], deeper: bool) -> list[tuple[tuple[Action, ...], list[Action]]]:
    """Play ``path`` on a new session of the drawn state, then the simplest moves on (into the
    next turn when ``deeper`` and the action was no mana ability's, otherwise :data:`SHORT_ONWARD` of
    them and on while the stack holds something).

    Returns where the next level branches (when ``deeper``): the actions offered right after
    ``path`` but its simplest move (played on this branch already), and those of the first
    decision the simplest moves reach (a declaration, a search's choice: no pass offered), each
    with the moves that lead there. A disagreement is reported as the probe's (the branch's trace
    and board); a known one, or a path the engines all refuse, ends the branch."""
    branch = probe.replica()
    forks: list[tuple[tuple[Action, ...], list[Action]]] = []
    try:
        before = branch.state()
        events: list[Event] = []
        for action in path:
            before = branch.state()
            branch.legal_actions()
            applied = branch.try_apply(action)
            if applied is None:
                probe.release(branch)
                return []
            events = applied
        after = branch.state()
        turn = after.turn
        played: list[Action] = []
        moved = 0
        far = deeper and not _mana_ability(events, before, after)
        for count in range(ONWARD):
            if not far and count >= SHORT_ONWARD and not branch.state().stack:
                break  # a short branch goes on while what it put on the stack resolves (608)
            offered = branch.legal_actions()
            if not offered:
                break
            move = chosen_action(offered, 0)
            if deeper and (not played or (len(forks) < 2 and not _passes(offered))):
                forks.append(((*path, *played), [a for a in offered if a != move]))
            if branch.try_apply(move) is None:
                break
            played.append(move)
            moved = moved + 1 if branch.state().turn > turn else 0
            if moved >= INTO_NEXT_TURN:
                break
    except KnownDisagreement:
        probe.release(branch)
        return []
    except Violation:
        adopt(probe, branch)
        raise
    probe.claim(AGREE_CLAIM)
    probe.release(branch)
    return forks


def _mana_ability(events: list[Event], before: GameState, after: GameState) -> bool:
    """Whether the last action was a mana ability's (605.3: it adds mana and does not use the
    stack): what it changes shows at once (the mana, its triggers), and mana empties from the pool
    as the step ends (500.4), so its branch is not played into the next turn (lands make most
    offers of a board, and each would cost a turn of play)."""
    return any(e.kind is EventKind.MANA for e in events) and after.stack == before.stack and after.step == before.step


def _passes(offered: list[Action]) -> bool:
    return any(a.kind is ActionKind.PASS_PRIORITY for a in offered)


def adopt(probe: Probe, branch: Probe) -> None:
    """Report ``branch``'s play as ``probe``'s: the failure's trace and board are the branch's."""
    probe.trace[:] = branch.trace
    probe.last_state, probe.last_state_step = branch.last_state, branch.last_state_step


# -- the invariants -----------------------------------------------------------------------


def _invariant(
    rule_id: str,
    cr: tuple[str, ...],
    title: str,
    claim: str,
    check: Callable[..., None],
    strategy: Any,
    everything: frozenset[str],
    **extra: Any,
) -> Invariant:
    """A global rule as an invariant: no mechanic required, every mechanic of the sources
    optional (an engine is explored over the states its mechanics allow)."""
    return Invariant(
        id=PREFIX + rule_id,
        rulings=tuple(f"CR {n}" for n in cr),
        kind="global",
        requires=frozenset(),
        scenarios=strategy,
        check=check,
        description=f"{title} (CR {', '.join(cr)})",
        origin="global",
        claims=(claim,),
        optional=everything,
        **extra,
    )


_BUILT: dict[tuple[int, str], tuple[CompiledSuite, tuple[Invariant, ...]]] = {}


def explore_invariants(suite: CompiledSuite, profile: str) -> tuple[Invariant, ...]:
    """The global invariants of an exploration under ``profile`` (its steps per example), drawing
    states from every generator of ``suite`` (built once per suite and profile)."""
    key = (id(suite), profile)
    if key not in _BUILT or _BUILT[key][0] is not suite:
        _BUILT[key] = (suite, _build(suite, profile))
    return _BUILT[key][1]


def agree_invariants(chosen: tuple[Source, ...], steps: int) -> list[Invariant]:
    """The differential invariants: one per family of generators, each drawing its states from
    that family's sources only, so every family gets the profile's examples (drawn among all
    families at once, a family of one generator got a few states in a search, and a mutant that
    shows only in its states went unseen). A family requires the mechanics all its sources need
    (an engine lacking them is ``unsupported`` for it, with its reason)."""
    families: dict[str, list[Source]] = {}
    for s in chosen:
        families.setdefault(family(s.id), []).append(s)
    found = []
    for name, members in families.items():
        own = tuple(members)
        needed = frozenset.intersection(*(s.requires for s in own))
        invariant = _invariant(
            f"{AGREE.removeprefix(PREFIX)}/{name}",
            ("100.1",),
            f"engines that play the same {name} state and the same actions offer the same actions and "
            "show the same game",
            AGREE_CLAIM,
            engines_agree,
            scenarios(own, steps),
            mechanics_of(own) - needed,
        )
        found.append(dataclasses.replace(invariant, requires=needed))
    return found


def _build(suite: CompiledSuite, profile: str) -> tuple[Invariant, ...]:
    chosen = sources(suite)
    everything = mechanics_of(chosen)
    strategy = scenarios(chosen, STEPS.get(profile, STEPS["ci"]))
    found = [
        _invariant(r.id, r.cr, r.title, r.claim, rule_check(r), strategy, everything, observes=r.observes)
        for r in RULES
    ]
    found.append(
        _invariant(
            "offered-accepted",
            ("117.1",),
            "an action the engine offers is accepted",
            OFFERED_CLAIM,
            offered_accepted,
            strategy,
            everything,
        )
    )
    found.append(
        _invariant(
            "refusal-changes-nothing",
            ("117.1",),
            "only the player with priority acts, and a refused action changes nothing",
            REFUSAL_CLAIM,
            refusal_changes_nothing,
            strategy,
            everything,
        )
    )
    found.extend(agree_invariants(chosen, STEPS.get(profile, STEPS["ci"])))
    found.append(
        _invariant(
            "deterministic",
            ("701.24a",),
            "the same sequence from the same state gives the same states (a shuffle aside)",
            DETERMINISM_CLAIM,
            deterministic,
            strategy,
            everything,
        )
    )
    return tuple(found)


__all__ = [
    "AGREE",
    "PREFIX",
    "STEPS",
    "TREE_DEPTH",
    "ExploreParams",
    "Source",
    "agree_invariants",
    "deterministic",
    "engines_agree",
    "explore_invariants",
    "family",
    "is_agree",
    "offered_accepted",
    "refusal_changes_nothing",
    "rule_check",
    "scenarios",
    "sources",
    "walk",
]
