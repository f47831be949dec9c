"""Windows reached by play, claims declared by every check, and synthesized card names.

``reach_by_play`` must stop where the reference engine gives priority, and must fail, with the
steps the engine went through, on an engine that never gives priority in the step (here a
session that skips the damage steps' priority, like the ``no-priority-in-combat`` control, and
on the mutant ``no-priority-in-first-strike-step``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engines.mutants import all_mutants
from engines.reference import ReferenceEngine
from engines.reference.testing import BEARS, FS_KNIGHT, ISLAND, NINJA, OGRE
from generators.combat import BY_PLAY_STEPS
from generators.ninjutsu import NinjutsuSpec, ninjutsu_scenarios
from generators.rebound import ReboundSpec, rebound_cast_scenarios
from generators.spell_cards import life_spell
from harness.profiles import FEW_DRAWS, register_profiles
from protocol.adapter import Session
from protocol.builder import StateBuilder
from protocol.keywords import NINJUTSU_FAMILY
from protocol.model import Action, AttackTarget, Event, GameState, Step, pass_priority
from protocol.probe import Probe, Violation
from rulings.compile import compile_corpus
from rulings.invariants.by_play import reach_by_play

register_profiles()

DAMAGE_STEPS = {Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE}


def _blockers_declared(first_strike: bool = False) -> GameState:
    """Player 0 attacks with an unblocked creature (and a blocked one); blockers are declared and
    player 0 holds priority in the declare blockers step."""
    b = StateBuilder()
    unblocked = b.permanent(
        FS_KNIGHT if first_strike else BEARS, 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=False
    )
    blocked = b.permanent(BEARS, 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=True)
    b.permanent(OGRE, 1, blocking=(blocked,))
    b.put(NINJA, 0)
    b.permanent(ISLAND, 0)
    b.permanent(ISLAND, 0)
    assert unblocked
    return b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0)


class SkipsDamagePriority:
    """A reference session that, once play leaves the declare blockers step, passes through the
    damage steps itself: nobody ever holds priority there."""

    def __init__(self, inner: Session):
        self._inner = inner

    def state(self) -> GameState:
        return self._inner.state()

    def legal_actions(self) -> list[Action]:
        return self._inner.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        events = self._inner.apply(action)
        for _ in range(20):
            state = self._inner.state()
            if state.step not in DAMAGE_STEPS or state.priority is None or state.pending is not None:
                break
            events += self._inner.apply(pass_priority(state.priority))
        return events

    def close(self) -> None:
        self._inner.close()


@pytest.mark.parametrize("step", [Step.COMBAT_DAMAGE, Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN])
def test_reach_by_play_stops_where_the_reference_engine_gives_priority(step: Step) -> None:
    probe = Probe(ReferenceEngine().start(_blockers_declared()))
    state = reach_by_play(probe, step, 0)
    assert state.step is step and state.priority == 0 and not state.stack
    assert probe.trace, "the step was reached by passing priority, not loaded"


def test_reach_by_play_goes_through_the_first_strike_step() -> None:
    probe = Probe(ReferenceEngine().start(_blockers_declared(first_strike=True)))
    assert reach_by_play(probe, Step.FIRST_STRIKE_DAMAGE, 0).step is Step.FIRST_STRIKE_DAMAGE
    assert reach_by_play(probe, Step.COMBAT_DAMAGE, 0).step is Step.COMBAT_DAMAGE


def test_reach_by_play_fails_on_an_engine_that_never_stops_in_the_step() -> None:
    probe = Probe(SkipsDamagePriority(ReferenceEngine().start(_blockers_declared())))
    with pytest.raises(Violation) as caught:
        reach_by_play(probe, Step.COMBAT_DAMAGE, 0)
    # The counterexample shows the steps the engine went through.
    assert "never stopped in combat-damage" in caught.value.message
    assert "declare-blockers" in caught.value.observed and "end-of-combat" in caught.value.observed


def test_reach_by_play_fails_on_the_mutant_that_skips_the_first_strike_step() -> None:
    """A mutant of the reference engine (one decision replaced: no priority in the first-strike
    damage step) goes through the step without stopping: reaching it by play fails and names the
    steps, while the step after it is still reached."""
    mutant = all_mutants()["no-priority-in-first-strike-step"]
    probe = Probe(mutant.engine().start(_blockers_declared(first_strike=True)))
    with pytest.raises(Violation) as caught:
        reach_by_play(probe, Step.FIRST_STRIKE_DAMAGE, 0)
    assert "never stopped in first-strike-damage" in caught.value.message
    assert caught.value.observed == (
        "steps: declare-blockers [turn 3, P0 priority; turn 3, P1 priority] -> first-strike-damage [entered] "
        "-> combat-damage [entered; turn 3, P0 priority]"
    )
    again = Probe(mutant.engine().start(_blockers_declared(first_strike=True)))
    assert reach_by_play(again, Step.COMBAT_DAMAGE, 0).step is Step.COMBAT_DAMAGE


def test_reach_by_play_refuses_a_step_already_passed() -> None:
    probe = Probe(ReferenceEngine().start(_blockers_declared()))
    with pytest.raises(ValueError):
        reach_by_play(probe, Step.DECLARE_ATTACKERS, 0)


def test_a_window_invariant_fails_on_the_control_that_gives_no_priority_in_combat() -> None:
    """The control never stops in the damage steps: an invariant about the combat damage step
    fails there (reached by play), with the steps it went through."""
    from harness.registry import load_engine
    from harness.runner import run_case

    inv = compile_corpus().invariant("ninjutsu.damage-timing/ninjutsu/offered-in-window")
    record = run_case(
        "control:no-priority-in-combat", load_engine("control:no-priority-in-combat"), inv, profile="dev", seed=1
    )
    assert record.status == "fail", record.reason
    assert record.failure is not None and "never stopped in" in record.failure.message


@settings(settings.get_profile(FEW_DRAWS))
@given(ninjutsu_scenarios(NinjutsuSpec(NINJUTSU_FAMILY["ninjutsu"], BY_PLAY_STEPS)))
def test_late_combat_steps_are_drawn_before_blockers_and_reached_by_play(scenario) -> None:
    assert scenario.params.by_play and scenario.state.step is Step.DECLARE_BLOCKERS
    assert Step(scenario.params.step) in BY_PLAY_STEPS
    probe = Probe(ReferenceEngine().start(scenario.state))
    assert reach_by_play(probe, Step(scenario.params.step), scenario.params.player).step is Step(scenario.params.step)


def test_every_invariant_declares_its_claims() -> None:
    suite = compile_corpus()
    undeclared = [inv.id for inv in suite.invariants if not inv.claims]
    assert not undeclared, f"invariants counting only the implicit claim: {undeclared}"


#: Keywords an engine might read off the first word of a card name.
KEYWORDS = {"rebound", "ninjutsu", "sneak", "flash", "menace", "first", "double", "level", "class"}


@settings(settings.get_profile(FEW_DRAWS))
@given(rebound_cast_scenarios(ReboundSpec()))
def test_synthesized_card_names_do_not_begin_with_a_keyword(scenario) -> None:
    for card in scenario.state.cards:
        assert card.name.split()[0].lower() not in KEYWORDS, card.name
    assert life_spell("Instant", 3, rebound=True).name.startswith("Instant of 3 Life")


def test_the_known_vacuous_file_is_empty() -> None:
    """Every executable ruling fails each control its claims depend on (or its invariant says
    why the control is irrelevant): the CI gate tolerates no vacuous pair."""
    import tomllib
    from pathlib import Path

    known = tomllib.loads((Path(__file__).resolve().parents[1] / "rulings" / "vacuous-known.toml").read_text())
    assert known.get("vacuous", {}) == {}
