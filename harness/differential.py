"""Differential runs: several engines play the same state and the same sequence; where they part,
one of them is wrong, ruling or not.

:class:`DifferentialEngine` is an adapter made of the engines compared (its spec is
``differential:A,B,...``): a session of it loads the drawn state into each engine, offers the
actions every engine offers, applies each action to every engine and compares what they show
after it. A disagreement is a :class:`Disagreement` (a ``fail``), so the runner searches,
shrinks and 1-minimizes it like any counterexample, and its record carries the action trace and,
side by side, what each engine showed at the first step where they part.

What is compared is only what every engine declares it can show
(:mod:`protocol.observability`): a field one adapter exports empty is left out for all. Card
data is not compared (each engine describes a card its own way; the objects, zones, permanents,
stack, turn, step and priority are what the game is). Combat declarations and damage
assignments may be listed as a subset by an engine (the Session protocol allows it), so their
offers are not compared; every one any engine lists is offered, and the one applied goes to every
engine, which must judge it.

Every engine's session is contained on its own (its own call limit, or its worker's timeout
when isolated), and an engine that breaks ends the example as an ``error`` naming that engine.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from harness.guard import GuardedSession, start_session
from harness.isolation import IsolatedEngine
from harness.limits import clean_text
from harness.limits import current as current_limits
from protocol import codec
from protocol.actions import ActionKind
from protocol.adapter import ActionRefused, EngineAdapter, EngineError, Session, Support
from protocol.clone import fresh
from protocol.decisions import AssignCombatDamage
from protocol.model import Action, Event, EventKind, GameState, PlayerState, StackItem
from protocol.observability import blind, cannot_show
from protocol.probe import Violation
from protocol.state_diff import differences

PREFIX = "differential:"
T = TypeVar("T")

#: The engine whose answer a disagreement is measured against, when it is one of those compared.
REFERENCE = "reference"

#: Offers an engine may list a subset of (``Session.legal_actions``: combat declarations, and
#: the damage assignments they lead to): not compared.
SUBSET_KINDS = frozenset({ActionKind.DECLARE_ATTACKERS, ActionKind.DECLARE_BLOCKERS, ActionKind.ASSIGN_DAMAGE})


def differential_spec(engines: Sequence[str]) -> str:
    """The spec of a differential run of ``engines`` (the reference first when it is one)."""
    ordered = sorted(dict.fromkeys(engines), key=lambda e: (e not in (REFERENCE, f"isolated:{REFERENCE}"),))
    return PREFIX + ",".join(ordered)


def members(spec: str) -> tuple[str, ...]:
    """The engines a differential spec names (``ValueError`` unless at least two)."""
    found = tuple(dict.fromkeys(s.strip() for s in spec.removeprefix(PREFIX).split(",") if s.strip()))
    if len(found) < 2:
        raise ValueError(f"a differential run compares at least two engines, got {spec!r}")
    return found


def is_differential(spec: str) -> bool:
    return spec.startswith(PREFIX)


class Disagreement(Violation):
    """The engines parted: a ``fail`` of the differential invariant. ``step`` names the game step
    where they parted (what the report groups disagreements by); ``agree`` the engines that
    agreed with the reference engine (empty when it is not compared)."""

    def __init__(self, message: str, *, expected: str, observed: str, step: str, agree: tuple[str, ...] = ()):
        super().__init__(message, expected=expected, observed=observed)
        self.step = step
        self.agree = agree


class KnownDisagreement(Disagreement):
    """A disagreement a known-disagreements file lists (``explore --known FILE``): the engines
    are known to part there, so the example's play ends at it (nothing further can be compared
    once they have parted) and the search goes on for others, instead of shrinking every
    disagreement it finds down to the known one."""


@dataclass(frozen=True)
class Known:
    """One known disagreement: the step where the engines part (``*``: any), what they part on, a
    regular expression the observed text matches, and why (the triage)."""

    step: str
    what: str
    observed: str
    reason: str

    def matches(self, found: Disagreement) -> bool:
        return (
            self.step in (found.step, "*")
            and found.message.endswith(f": {self.what}")
            and re.search(self.observed, found.observed) is not None
        )


class KnownError(ValueError):
    """A known-disagreements file that cannot be read; one line naming the file and the fault."""


def read_known(path: str | os.PathLike[str]) -> tuple[Known, ...]:
    """The entries of a known-disagreements file (TOML: ``[[known]]`` tables of ``step``,
    ``what``, ``observed`` (a regular expression) and ``reason``)."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise KnownError(f"{path}: cannot read the known disagreements: {exc}") from None
    entries = []
    for i, entry in enumerate(data.get("known", [])):
        fields = {k: entry.get(k) for k in ("step", "what", "observed", "reason")}
        missing = [k for k, v in fields.items() if not isinstance(v, str) or not v.strip()]
        if missing or set(entry) - set(fields):
            raise KnownError(f"{path}: known[{i}] needs step, what, observed and reason (text), nothing else")
        try:
            re.compile(fields["observed"])
        except re.error as exc:
            raise KnownError(f"{path}: known[{i}].observed is no regular expression: {exc}") from None
        entries.append(Known(**fields))
    return tuple(entries)


#: The known disagreements of this run (set in every process of the run: :func:`use_known`).
_KNOWN: list[Known] = []


def use_known(entries: Sequence[Known]) -> None:
    _KNOWN[:] = entries


def comparable(state: GameState, hidden: frozenset[str], shuffled: frozenset[int] = frozenset()) -> GameState:
    """What a differential run compares of ``state``: the fields every engine can show, without
    the card data (each engine describes cards its own way), and the libraries of the players in
    ``shuffled`` as sets with their hands (701.24a: a shuffled library's order is random, engines
    need not agree, nor on the cards drawn from it)."""
    shown = _unordered_division(_settled(blind(state, hidden)))
    shown = shown.replace(
        cards=(),
        stack=tuple(_neutral(i, item) for i, item in enumerate(shown.stack)),
        # Sets, kept as tuples: the order an engine lists them in means nothing.
        permissions=tuple(sorted(shown.permissions, key=repr)),
        delayed=tuple(sorted(shown.delayed, key=repr)),
        revealed=tuple(sorted(shown.revealed)),
        first_strikers=tuple(sorted(shown.first_strikers)),
        # The battlefield has no order (an engine lists its permanents its own way): by id.
        battlefield=tuple(sorted(shown.battlefield, key=lambda p: p.id)),
        # 305.2: land plays are counted in their player's own turn (the other's count means
        # nothing); 404.3: cards put into a graveyard at once go in the order their owner chooses,
        # which neither engine asks for, so graveyards are compared as sets.
        players=tuple(
            dataclasses.replace(
                p,
                graveyard=tuple(sorted(p.graveyard)),
                land_plays_left=p.land_plays_left if p.index == shown.active_player else 0,
            )
            for p in shown.players
        ),
    )
    if not shuffled:
        return shown
    players = tuple(_unordered(p) if p.index in shuffled else p for p in shown.players)
    return shown.replace(players=players)


#: What a hand card of a player whose library was shuffled is compared as.
DRAWN = "(a card)"


def _unordered(player: PlayerState) -> PlayerState:
    """A player whose library was shuffled, as compared: its library and hand as one set, and the
    hand by its size. The order is random (701.24a), so which cards are drawn from it is too: two
    engines that both follow the rules draw different cards, and only how many is compared."""
    cards = tuple(sorted((*player.library, *player.hand)))
    return dataclasses.replace(player, library=cards, hand=(DRAWN,) * len(player.hand))


#: Cost choices announced as a spell is cast (601.2b: the value of X) that an engine may list
#: chosen or ask for later, like targets.
ANNOUNCED = frozenset({"x"})


def offer_key(action: Action) -> Action:
    """What is compared of an offered action: all but its targets and announced values (X), which
    an engine may offer chosen (the reference lists one cast per target and value) or leave to a
    later prompt (phase lists the cast and asks for them as it is cast); the action applied carries
    the first engine's choices, which every engine must then accept or refuse."""
    costs = tuple((k, v) for k, v in action.costs if k not in ANNOUNCED)
    if not action.targets and costs == action.costs:
        return action
    return dataclasses.replace(action, targets=(), costs=costs)


def renamed_new_objects(state: GameState, loaded: frozenset[str]) -> GameState:
    """``state`` with the objects made during play (a token, 111.1) named ``new-1``, ``new-2`` ...
    in the order the state lists them: each engine names the objects it creates its own way (the
    reference ``t1``, phase by its own numbers), the objects it was given keep their ids."""
    made = [o.id for o in state.objects if o.id not in loaded]
    if not made:
        return state
    text = codec.dumps(state)
    for index, card_id in enumerate(made, 1):
        text = text.replace(json.dumps(card_id), json.dumps(f"new-{index}"))
    return codec.loads(GameState, text)


def _unordered_division(state: GameState) -> GameState:
    """``state`` with a pending division of combat damage listing each source's creatures by id:
    "in the engine's order" (:class:`~protocol.decisions.DamageSource`), an order that means
    nothing since the damage assignment order left the rules (510.1c-d: any division is legal)."""
    pending = state.pending
    if not isinstance(pending, AssignCombatDamage):
        return state
    sources = tuple(
        dataclasses.replace(source, creatures=tuple(sorted(source.creatures, key=lambda c: c.ref)))
        for source in pending.sources
    )
    return state.replace(pending=dataclasses.replace(pending, sources=sources))


def _settled(state: GameState) -> GameState:
    """``state`` without the stack item a pending choice is resolving: 608.2n removes a resolving
    ability from the stack as the final part of its resolution, and an engine may remove it before
    asking the choice instead (phase does); no player can act on the difference, so it is not
    compared."""
    resolving = getattr(state.pending, "resolving", None)
    if resolving is None:
        return state
    pending = dataclasses.replace(state.pending, resolving=None)  # type: ignore[type-var]
    return state.replace(stack=tuple(i for i in state.stack if i.id != resolving), pending=pending)


def _neutral(index: int, item: StackItem) -> StackItem:
    """A stack item as the game knows it: its id and the name of its ability are each engine's
    own (the reference names a spell ``spell``, phase by its text; ids are made by each engine),
    so they are left out; its position, kind, source, controller and choices are compared."""
    return dataclasses.replace(item, id=f"stack-{index}", ability="")


@dataclass(frozen=True)
class Member:
    spec: str
    adapter: EngineAdapter


class DifferentialEngine:
    """An adapter made of the engines compared (see the module docstring). It contains each
    engine's session itself, so the runner treats it as contained (:func:`is_composite`)."""

    leaves_input_intact = True  # each engine gets its own copy (or its worker's) of the state

    def __init__(self, engines: Sequence[tuple[str, EngineAdapter]]):
        if len(engines) < 2:
            raise ValueError("a differential engine compares at least two engines")
        self.members = tuple(Member(spec, adapter) for spec, adapter in engines)
        self.name = "differential(" + ", ".join(m.spec for m in self.members) + ")"
        self.version = "; ".join(
            f"{m.spec} {clean_text(getattr(m.adapter, 'version', '?'), 100)}" for m in self.members
        )
        hidden: frozenset[str] = frozenset()
        for m in self.members:
            hidden |= cannot_show(m.adapter)
        #: What any engine cannot show is compared for none (and an invariant reading it is
        #: unsupported on the whole, as on the engine that cannot show it).
        self.cannot_show = hidden

    def supports(self, requires: frozenset[str]) -> Support:
        reasons = []
        for m in self.members:
            answer = m.adapter.supports(requires)
            if not answer.ok:
                reasons.append(f"{m.spec}: {answer.reason or 'not supported'}")
        return Support.no("; ".join(reasons)) if reasons else Support.yes()

    def start(self, state: GameState) -> Session:
        limits = current_limits()
        sessions: list[tuple[str, GuardedSession]] = []
        try:
            for m in self.members:
                contained = isinstance(m.adapter, IsolatedEngine)
                try:
                    raw = start_session(m.adapter, state if contained else fresh(state), limits.start, contained)
                except EngineError as exc:
                    raise EngineError(f"{m.spec}: {exc}") from None
                sessions.append(
                    (m.spec, GuardedSession(raw, call_limit=limits.call, example_deadline=None, contained=contained))
                )
        except BaseException:
            for _, session in sessions:
                try:
                    session.close()
                except EngineError:
                    pass
            raise
        return DifferentialSession(tuple(sessions), self.cannot_show)


def is_composite(adapter: object) -> bool:
    """Whether ``adapter`` contains its engines' sessions itself (a differential engine)."""
    return isinstance(adapter, DifferentialEngine)


class DifferentialSession:
    """The engines' sessions of one drawn state, played in step."""

    def __init__(self, sessions: tuple[tuple[str, GuardedSession], ...], hidden: frozenset[str]):
        self._sessions = sessions
        self._hidden = hidden
        self._step = ""
        #: The ids of the objects of the loaded state (ids of objects made later are each engine's).
        self._loaded: frozenset[str] | None = None
        #: The players whose library an engine reported shuffled: compared as sets from then on.
        self._shuffled: frozenset[int] = frozenset()

    def _view(self, state: GameState) -> GameState:
        if self._loaded is None:  # the first state read: the objects every engine was given
            self._loaded = frozenset(o.id for o in state.objects)
        return renamed_new_objects(comparable(state, self._hidden, self._shuffled), self._loaded)

    def _each(self, what: str, call: Callable[[GuardedSession], T]) -> list[tuple[str, T]]:
        """Each engine's answer to ``call``, in order; an engine's fault names the engine."""
        answers: list[tuple[str, T]] = []
        for spec, session in self._sessions:
            try:
                answers.append((spec, call(session)))
            except EngineError as exc:
                raise type(exc)(f"{spec}: {exc}") from None
        return answers

    def state(self) -> GameState:
        states = self._each("state()", lambda s: s.state())
        lead_spec, lead = states[0]
        self._step = str(lead.step)
        lead_view = self._view(lead)
        parted = [(spec, other) for spec, other in states[1:] if self._view(other) != lead_view]
        if parted:
            self._part(
                "the states they show",
                lead_spec,
                lead,
                parted,
                [s for s, st in states if self._view(st) == lead_view],
            )
        return lead

    def _part(
        self,
        what: str,
        lead_spec: str,
        lead: GameState,
        parted: list[tuple[str, GameState]],
        with_lead: list[str],
    ) -> None:
        lines = []
        for spec, other in parted:
            # Every difference: a known disagreement is matched against the whole of it.
            diff = differences(self._view(lead), self._view(other), most=None)
            lines.append(f"{lead_spec} -> {spec}: " + ("; ".join(diff) or "equal fields, unequal states"))
        raise self._disagreement(what, lines, with_lead)

    def _disagreement(self, what: str, lines: list[str], with_lead: list[str]) -> Disagreement:
        specs = [s for s, _ in self._sessions]
        lead = specs[0]
        reference = lead if lead in (REFERENCE, f"isolated:{REFERENCE}") else None
        agree = tuple(s for s in with_lead if s != lead) if reference else ()
        sides = "; ".join(lines)
        verdict = ""
        if reference is not None:
            others = [s for s in specs if s != lead]
            departed = [s for s in others if s not in agree]
            verdict = (
                f" [agree with {reference}: {', '.join(agree) or 'none'}; "
                f"part from it: {', '.join(departed) or 'none'}]"
            )
        found = Disagreement(
            f"engines part in the {self._step} step: {what}",
            expected=f"every engine ({', '.join(specs)}) the same",
            observed=sides + verdict,
            step=self._step,
            agree=agree,
        )
        for known in _KNOWN:
            if known.matches(found):
                return KnownDisagreement(
                    found.message, expected=f"known: {known.reason}", observed=found.observed, step=found.step
                )
        return found

    def legal_actions(self) -> list[Action]:
        if not self._step:  # asked before any state was read: the step a disagreement names
            self._step = str(self._sessions[0][1].state().step)
        offers = self._each("legal_actions()", lambda s: s.legal_actions())
        lead_spec, lead = offers[0]
        compared = {offer_key(a) for a in lead if a.kind not in SUBSET_KINDS}
        lines, with_lead = [], [lead_spec]
        for spec, other in offers[1:]:
            theirs = {offer_key(a) for a in other if a.kind not in SUBSET_KINDS}
            if theirs != compared:
                only_lead = sorted(map(str, compared - theirs))
                only_them = sorted(map(str, theirs - compared))
                lines.append(
                    f"offered by {lead_spec} only: {', '.join(only_lead) or 'none'}; "
                    f"by {spec} only: {', '.join(only_them) or 'none'}"
                )
            else:
                with_lead.append(spec)
        if lines:
            raise self._disagreement("the actions they offer", lines, with_lead)
        # Every engine's declarations (an engine listing a subset must still judge the others': a
        # legal one it refuses, or an illegal one another accepts, is where they part), the other
        # offers as every engine offers them.
        keys = [{offer_key(a) for a in o} | set(o) for _, o in offers[1:]]
        common = [a for a in lead if a.kind in SUBSET_KINDS or all(a in k or offer_key(a) in k for k in keys)]
        declared = [a for _, o in offers[1:] for a in o if a.kind in SUBSET_KINDS]
        return common + [a for a in dict.fromkeys(declared) if a not in common]

    def apply(self, action: Action) -> list[Event]:
        outcomes: list[tuple[str, list[Event] | str]] = []
        for spec, session in self._sessions:
            try:
                outcomes.append((spec, session.apply(action)))
            except ActionRefused as refusal:
                outcomes.append((spec, f"refused: {clean_text(refusal) or 'refused'}"))
            except EngineError as exc:
                raise EngineError(f"{spec}: {exc}") from None
        refused = [spec for spec, o in outcomes if isinstance(o, str)]
        if len(refused) == len(outcomes):
            raise ActionRefused(str(outcomes[0][1]).removeprefix("refused: "))
        if refused:
            lead_refused = isinstance(outcomes[0][1], str)
            with_lead = [s for s, o in outcomes if isinstance(o, str) == lead_refused]
            lines = [f"{spec}: {'refused' if isinstance(o, str) else 'accepted'} {action}" for spec, o in outcomes]
            raise self._disagreement(f"whether {action} is legal", [", ".join(lines)], with_lead)
        for _, events in outcomes:
            assert not isinstance(events, str)
            shuffled = {e.player for e in events if e.kind is EventKind.SHUFFLE and e.player is not None}
            self._shuffled |= shuffled
        first = outcomes[0][1]
        assert not isinstance(first, str)
        return first

    def close(self) -> None:
        failed: list[str] = []
        for spec, session in self._sessions:
            try:
                session.close()
            except EngineError as exc:
                failed.append(f"{spec}: {exc}")
        if failed:
            raise EngineError("; ".join(failed))


__all__ = [
    "PREFIX",
    "DifferentialEngine",
    "DifferentialSession",
    "Disagreement",
    "Known",
    "KnownDisagreement",
    "KnownError",
    "comparable",
    "differential_spec",
    "is_composite",
    "is_differential",
    "members",
    "offer_key",
    "read_known",
    "use_known",
]
