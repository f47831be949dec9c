"""Exploration (harness.explore) and differential runs (harness.differential): the checks that need
play fail on an engine that breaks them, pass on the reference engine, and a differential engine
reports the first step where its engines part, saying which agrees with the reference."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from hypothesis import given, settings

from engines.reference import ReferenceEngine
from harness.differential import DifferentialEngine, Disagreement, differential_spec, members
from harness.explore import (
    AGREE,
    PREFIX,
    ExploreParams,
    chosen_action,
    deterministic,
    explore_invariants,
    family,
    is_agree,
    offered_accepted,
    refusal_changes_nothing,
    rule_check,
    sources,
)
from harness.plan import compiled_suite, explore_plan
from harness.profiles import FEW_DRAWS, register_profiles
from harness.runner import run_case
from protocol.actions import Action, ActionKind, AttackTarget, pass_priority
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.global_rules import RULES_BY_ID
from protocol.model import CardData, GameState, Step, Zone
from protocol.probe import Probe, Scenario, Violation
from reports.results import read_results

BEARS = CardData("Grizzly Bears", ("Creature",), "{1}{G}", subtypes=("Bear",), power="2", toughness="2")
FOREST = CardData("Forest", ("Land",), supertypes=("Basic",), subtypes=("Forest",), text="({T}: Add {G}.)")


def board() -> GameState:
    b = StateBuilder()
    b.permanent(BEARS, 0)
    b.permanent(FOREST, 1)
    b.put(FOREST, 0, zone=Zone.HAND)
    b.put(BEARS, 0, zone=Zone.LIBRARY)
    b.put(BEARS, 1, zone=Zone.LIBRARY)
    return b.build(step=Step.PRECOMBAT_MAIN, priority=0)


def scenario(*choices: int) -> Scenario[ExploreParams]:
    return Scenario(board(), ExploreParams("hand-built", choices))


register_profiles()

PASSES = (0,) * 12  # pass priority at every step: through the turn into the next


class Wrapped:
    """A session of the reference engine with one behaviour replaced (a hand-made faulty engine)."""

    def __init__(self, session):
        self.inner = session

    def state(self):
        return self.inner.state()

    def legal_actions(self):
        return self.inner.legal_actions()

    def apply(self, action):
        return self.inner.apply(action)

    def close(self):
        self.inner.close()


class RefusesOffers(Wrapped):
    def apply(self, action):
        raise ActionRefused("no")


class AcceptsAnyPass(Wrapped):
    """Lets the player without priority pass, and passes for the one who has it."""

    def apply(self, action):
        state = self.inner.state()
        if action.kind is ActionKind.PASS_PRIORITY and action.player != state.actor:
            return self.inner.apply(dataclasses.replace(action, player=state.actor))
        return self.inner.apply(action)


class LosesLifeOnPass(Wrapped):
    """Each pass costs the active player one life, and says nothing of it."""

    def __init__(self, session):
        super().__init__(session)
        self.lost = 0

    def apply(self, action):
        events = self.inner.apply(action)
        if action.kind is ActionKind.PASS_PRIORITY:
            self.lost += 1
        return events

    def state(self):
        state = self.inner.state()
        players = list(state.players)
        players[0] = dataclasses.replace(players[0], life=players[0].life - self.lost)
        return state.replace(players=tuple(players))


class Engine:
    """The reference engine, its sessions wrapped by ``wrapper`` (every ``every``-th session)."""

    name = "wrapped"
    version = "0"

    def __init__(self, wrapper, every: int = 1):
        self.inner = ReferenceEngine()
        self.wrapper = wrapper
        self.every = every
        self.started = 0

    def supports(self, requires):
        return self.inner.supports(requires)

    def start(self, state):
        self.started += 1
        session = self.inner.start(state)
        return self.wrapper(session) if self.started % self.every == 0 else session


def probe_of(engine: Engine) -> Probe:
    return Probe(engine.start(board()), restart=lambda: engine.start(board()))


def test_the_reference_engine_holds_every_play_check_on_a_hand_built_game():
    for check in (offered_accepted, refusal_changes_nothing, deterministic):
        probe = probe_of(Engine(Wrapped))
        check(probe, scenario(*PASSES))
        assert probe.exercised, check.__name__


def test_an_offered_action_refused_fails_offered_accepted():
    with pytest.raises(Violation, match="refused a legal action"):
        offered_accepted(probe_of(Engine(RefusesOffers)), scenario(*PASSES))


def test_a_player_passing_without_priority_fails_the_refusal_rule():
    with pytest.raises(Violation, match="refusal-changes-nothing"):
        refusal_changes_nothing(probe_of(Engine(AcceptsAnyPass)), scenario(*PASSES))


def test_a_replay_that_differs_fails_determinism():
    engine = Engine(LosesLifeOnPass, every=2)  # the second session, the replay, differs
    with pytest.raises(Violation, match="deterministic"):
        deterministic(probe_of(engine), scenario(*PASSES))


def test_life_lost_without_an_event_fails_the_events_rule_through_its_check():
    check = rule_check(RULES_BY_ID["changes-have-events"])
    with pytest.raises(Violation, match="changes-have-events") as caught:
        check(probe_of(Engine(LosesLifeOnPass)), scenario(*PASSES))
    assert "119.3" in caught.value.observed and "step 1" in caught.value.expected


def test_a_low_choice_passes_priority_and_a_high_one_picks_among_the_offers():
    offers = [Action(ActionKind.PLAY_LAND, 0, source="c3"), pass_priority(0)]
    assert chosen_action(offers, 0) == pass_priority(0)
    assert chosen_action(offers, 200) == offers[200 % 2]
    assert chosen_action(offers[:1], 0) == offers[0]


def test_every_global_invariant_is_of_kind_global_cites_the_rules_and_counts_one_claim():
    invariants = explore_invariants(compiled_suite(), "ci")
    assert {i.id for i in invariants} >= {PREFIX + r for r in RULES_BY_ID}
    for inv in invariants:
        assert inv.kind == "global" and inv.id.startswith(PREFIX)
        assert inv.rulings and all(r.startswith("CR ") for r in inv.rulings)
        assert len(inv.claims) == 1 and (is_agree(inv.id) or not inv.requires)


def test_every_family_of_generators_has_its_own_differential_invariant_drawing_its_own_states():
    suite = compiled_suite()
    agree = {i.id: i for i in explore_invariants(suite, "ci") if is_agree(i.id)}
    assert set(agree) == {f"{AGREE}/{family(s.id)}" for s in sources(suite)}
    ninjutsu = agree[f"{AGREE}/ninjutsu"]
    own = [s for s in sources(suite) if family(s.id) == "ninjutsu"]
    assert ninjutsu.requires and all(ninjutsu.requires <= s.requires for s in own)

    @settings(settings.get_profile(FEW_DRAWS))
    @given(ninjutsu.strategy())
    def drawn_from_its_family(scenario):
        assert family(scenario.params.source) == "ninjutsu"

    drawn_from_its_family()


def test_the_plan_gives_single_engines_the_rules_and_a_differential_engine_the_comparison():
    single = explore_plan(["reference"], (), "ci")
    agree = [i.id for i in explore_invariants(compiled_suite(), "ci") if is_agree(i.id)]
    assert not {c.invariant for c in single} & set(agree)
    assert len(single) == len(explore_invariants(compiled_suite(), "ci")) - len(agree)
    spec = differential_spec(["mutant:class-level-free", "reference"])
    assert spec == "differential:reference,mutant:class-level-free"
    assert members(spec) == ("reference", "mutant:class-level-free")
    assert [c.invariant for c in explore_plan([spec], (), "ci")] == agree


def differential(*engines) -> DifferentialEngine:
    return DifferentialEngine(list(engines))


def test_engines_that_play_alike_agree_and_a_parting_engine_is_named_at_its_step():
    agreeing = differential(("reference", ReferenceEngine()), ("other", ReferenceEngine()))
    probe = Probe(agreeing.start(board()))
    for action in (pass_priority(0), pass_priority(1)):
        probe.apply(action)
    assert probe.state().step is Step.BEGINNING_OF_COMBAT

    parting = differential(
        ("reference", ReferenceEngine()), ("same", ReferenceEngine()), ("lossy", Engine(LosesLifeOnPass))
    )
    probe = Probe(parting.start(board()))
    with pytest.raises(Disagreement) as caught:
        probe.apply(pass_priority(0))  # the state after it is read and compared
    found = caught.value
    assert found.step == str(Step.PRECOMBAT_MAIN) and found.agree == ("same",)
    assert "life" in found.observed and "part from it: lossy" in found.observed


def test_an_action_one_engine_refuses_is_a_disagreement_and_one_all_refuse_a_refusal():
    parting = differential(("reference", ReferenceEngine()), ("refuses", Engine(RefusesOffers)))
    session = parting.start(board())
    with pytest.raises(Disagreement, match="whether"):
        session.apply(pass_priority(0))
    session = parting.start(board())
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.CAST, 0, source="no-such-card"))


def test_offers_one_engine_lacks_are_a_disagreement():
    class NoLand(Wrapped):
        def legal_actions(self):
            return [a for a in self.inner.legal_actions() if a.kind is not ActionKind.PLAY_LAND]

    session = differential(("reference", ReferenceEngine()), ("noland", Engine(NoLand))).start(board())
    with pytest.raises(Disagreement, match="actions they offer") as caught:
        session.legal_actions()
    assert "play-land" in caught.value.observed


def test_a_differential_run_finds_a_mutant_and_minimizes_the_disagreement():
    from harness.plan import engine as load

    spec = differential_spec(["reference", "mutant:class-level-free"])
    agree = next(i for i in explore_invariants(compiled_suite(), "ci") if i.id == f"{AGREE}/class")
    record = run_case(spec, load(spec), agree, profile="ci", seed=None)
    assert record.status == "fail", record.reason
    assert record.failure is not None and "engines part" in record.failure.message
    assert "mutant:class-level-free" in record.failure.observed


def test_a_reference_run_of_each_global_invariant_passes_under_dev():
    from harness.plan import engine as load

    for inv in explore_invariants(compiled_suite(), "dev"):
        if is_agree(inv.id):
            continue
        record = run_case("reference", load("reference"), inv, profile="dev", seed=7)
        assert record.status == "pass", (inv.id, record.reason, record.failure)


@pytest.mark.slow
def test_explore_on_the_command_line_passes_the_reference_engine_and_reports_every_rule(tmp_path):
    out = tmp_path / "explore"
    done = subprocess.run(
        [sys.executable, "-m", "harness.cli", "explore", "--profile", "ci", "-n", "1", "--out", str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    results = read_results(out / "results.json")
    assert {r.invariant: r.status for r in results.results} == {
        c.invariant: "pass" for c in explore_plan(["reference"], (), "ci")
    }
    assert all(r.kind == "global" for r in results.results)
    assert any(r.id == "CR 704.3" for r in results.rulings)
    assert "Whenever a player would get priority" in (out / "report.html").read_text()


@pytest.mark.slow
def test_a_differential_run_on_the_command_line_fails_on_a_mutant(tmp_path):
    out = tmp_path / "differential"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "explore",
            "--differential",
            "--engine",
            "reference",
            "--engine",
            "mutant:class-level-free",
            "--invariant",
            f"{AGREE}/class",
            "--out",
            str(out),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    (record,) = read_results(out / "results.json").results
    assert record.status == "fail" and record.engine == "differential:reference,mutant:class-level-free"


def test_a_known_disagreement_ends_the_play_and_an_unknown_one_still_fails(tmp_path):
    from harness.differential import KnownError, read_known, use_known

    known = tmp_path / "known.toml"
    known.write_text(
        '[[known]]\nstep = "precombat-main"\nwhat = "the states they show"\n'
        'observed = "player 0 life"\nreason = "it loses life on each pass"\n'
    )
    parting = differential(("reference", ReferenceEngine()), ("lossy", Engine(LosesLifeOnPass)))
    engine_of = parting

    def probe() -> Probe:
        return Probe(engine_of.start(board()), restart=lambda: engine_of.start(board()))

    from harness.explore import engines_agree

    try:
        use_known(read_known(known))
        engines_agree(probe(), scenario(*PASSES))  # met, known: the play ends, no failure
        use_known(())
        with pytest.raises(Disagreement):
            engines_agree(probe(), scenario(*PASSES))
    finally:
        use_known(())
    bad = tmp_path / "bad.toml"
    bad.write_text('[[known]]\nstep = "x"\n')
    with pytest.raises(KnownError, match="needs step, what, observed and reason"):
        read_known(bad)


class ForgetsLandNextTurn(Wrapped):
    """Once a land was played, player 0 shows one life less from the next turn on: a bug that
    shows only after one particular action and the turn's end."""

    def __init__(self, session):
        super().__init__(session)
        self.played_in: int | None = None

    def apply(self, action):
        turn = self.inner.state().turn
        events = self.inner.apply(action)
        if action.kind is ActionKind.PLAY_LAND and self.played_in is None:
            self.played_in = turn
        return events

    def state(self):
        state = self.inner.state()
        if self.played_in is None or state.turn <= self.played_in:
            return state
        players = list(state.players)
        players[0] = dataclasses.replace(players[0], life=players[0].life - 1)
        return state.replace(players=tuple(players))


class LandThenMana(Wrapped):
    """A land played and then tapped for mana costs player 0 one life: a bug two particular
    actions deep, neither of them a pass."""

    def __init__(self, session):
        super().__init__(session)
        self.kinds: list[ActionKind] = []

    def apply(self, action):
        events = self.inner.apply(action)
        self.kinds.append(action.kind)
        return events

    def state(self):
        state = self.inner.state()
        if self.kinds[:2] != [ActionKind.PLAY_LAND, ActionKind.ACTIVATE]:
            return state
        players = list(state.players)
        players[0] = dataclasses.replace(players[0], life=players[0].life - 1)
        return state.replace(players=tuple(players))


@pytest.mark.parametrize("wrapper", [ForgetsLandNextTurn, LandThenMana])
def test_the_differential_check_tries_every_offer_two_deep_and_plays_a_branch_into_the_next_turn(wrapper):
    from harness.explore import engines_agree

    parting = differential(("reference", ReferenceEngine()), ("buggy", Engine(wrapper)))
    probe = Probe(parting.start(board()), restart=lambda: parting.start(board()))
    only_passes = scenario(*PASSES)  # the drawn sequence alone never plays the land
    with pytest.raises(Disagreement) as caught:
        engines_agree(probe, only_passes)
    assert "life" in caught.value.observed
    assert probe.trace[0].action.kind is ActionKind.PLAY_LAND  # the branch's trace is reported
    assert len(probe.replicas) == 1  # each branch closed as it ended; the failing one is closed by the runner


class AttacksWithNothing(Wrapped):
    """Lists only the empty declaration of attackers and refuses any other: a subset listing
    (which the Session protocol allows) hiding a legal attack it will not make."""

    def legal_actions(self):
        offers = self.inner.legal_actions()
        return [a for a in offers if a.kind is not ActionKind.DECLARE_ATTACKERS or not a.attacks]

    def apply(self, action):
        if action.kind is ActionKind.DECLARE_ATTACKERS and action.attacks:
            raise ActionRefused("no attacks here")
        return self.inner.apply(action)


def test_declarations_one_engine_leaves_out_of_its_list_are_still_applied_to_it():
    from harness.explore import engines_agree

    parting = differential(("reference", ReferenceEngine()), ("timid", Engine(AttacksWithNothing)))
    state = board().replace(turn=2)  # the Bears can attack
    probe = Probe(parting.start(state), restart=lambda: parting.start(state))
    with pytest.raises(Disagreement, match="whether P0 declare-attackers attacks=") as caught:
        engines_agree(probe, scenario(*PASSES))
    assert "timid: refused" in caught.value.observed


class BlocksWhileTapped(Wrapped):
    """Lists (and accepts) a declaration of blockers the rules forbid: only that engine lists it."""

    def legal_actions(self):
        offers = self.inner.legal_actions()
        state = self.inner.state()
        if state.pending is not None and any(a.kind is ActionKind.DECLARE_BLOCKERS for a in offers):
            attacker = next(p.id for p in state.battlefield if p.attacking is not None)
            tapped = next(p.id for p in state.battlefield if p.controller == 1 and p.tapped)
            offers.append(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((tapped, attacker),)))
        return offers

    def apply(self, action):
        if action.kind is ActionKind.DECLARE_BLOCKERS and action.blocks:
            return self.inner.apply(Action(ActionKind.DECLARE_BLOCKERS, 1))
        return self.inner.apply(action)


def test_a_declaration_only_one_engine_lists_is_applied_to_the_others_too():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=AttackTarget.of_player(1))
    b.permanent(BEARS, 1, tapped=True)
    state = b.build(turn=2, active_player=0, step=Step.DECLARE_ATTACKERS, priority=0)
    session = differential(("reference", ReferenceEngine()), ("lax", Engine(BlocksWhileTapped))).start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    offered = session.legal_actions()
    illegal = [a for a in offered if a.blocks]
    assert illegal and illegal[0].blocks[0][1] == bears
    with pytest.raises(Disagreement, match="whether P1 declare-blockers blocks="):
        session.apply(illegal[0])


def test_after_a_shuffle_the_cards_drawn_are_compared_by_number_only():
    from harness.differential import comparable

    b = StateBuilder()
    top = b.put(BEARS, 0, zone=Zone.LIBRARY)
    other = b.put(FOREST, 0, zone=Zone.LIBRARY)
    state = b.build(step=Step.PRECOMBAT_MAIN, priority=0)

    def zones(hand: tuple[str, ...], library: tuple[str, ...]) -> GameState:
        players = (dataclasses.replace(state.players[0], hand=hand, library=library), state.players[1])
        return state.replace(players=players)

    drew_top, drew_other, drew_none = zones((top,), (other,)), zones((other,), (top,)), zones((), (top, other))
    shuffled = frozenset({0})
    assert comparable(drew_top, frozenset(), shuffled) == comparable(drew_other, frozenset(), shuffled)
    assert comparable(drew_top, frozenset(), shuffled) != comparable(drew_none, frozenset(), shuffled)
    assert comparable(drew_top, frozenset()) != comparable(drew_other, frozenset())  # no shuffle: the cards count


def test_a_division_of_combat_damage_is_compared_whatever_order_the_blockers_are_listed_in():
    from harness.differential import comparable
    from protocol.decisions import AssignCombatDamage, DamageRecipient, DamageSource

    def division(*refs: str) -> GameState:
        source = DamageSource("c1", 2, tuple(DamageRecipient(r, 1) for r in refs))
        return board().replace(pending=AssignCombatDamage(0, (source,)), priority=None)

    assert comparable(division("c3", "c4"), frozenset()) == comparable(division("c4", "c3"), frozenset())
    assert comparable(division("c3", "c4"), frozenset()) != comparable(division("c3", "c5"), frozenset())


def test_graveyards_are_compared_as_sets():
    from harness.differential import comparable

    b = StateBuilder()
    first, second = b.put(BEARS, 1, zone=Zone.GRAVEYARD), b.put(FOREST, 1, zone=Zone.GRAVEYARD)
    state = b.build(step=Step.PRECOMBAT_MAIN, priority=0)
    swapped = state.replace(
        players=(state.players[0], dataclasses.replace(state.players[1], graveyard=(second, first)))
    )
    assert comparable(state, frozenset()) == comparable(swapped, frozenset())  # 404.3: the owner's order
