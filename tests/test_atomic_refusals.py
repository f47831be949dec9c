"""A refusal changes nothing: the state after an action the engine refuses must equal the state
before it, or the check fails naming the difference (the adapter protocol: ``ActionRefused``
"before changing anything"). And the one ruling checked by a refusal alone is paired with its
legal counterpart, so an engine that refuses or offers everything cannot pass it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.controls import PREFIX
from engines.reference import ReferenceEngine
from engines.reference.testing import BEARS, NINJA
from harness.registry import load_engine
from harness.runner import run_case
from protocol.adapter import ActionRefused, Session
from protocol.builder import StateBuilder
from protocol.model import Action, ActionKind, Event, GameState, Step, Zone, pass_priority
from protocol.probe import Probe, Violation
from protocol.state_diff import MOST, differences
from rulings.compile import compile_corpus

NO_REPEAT = "class.no-repeat-level/refused-at-or-above"


class PassesThenRefuses:
    """A session of the reference engine that, asked for an action the rules forbid, passes
    priority and only then refuses."""

    def __init__(self, inner: Session):
        self._inner = inner

    def state(self) -> GameState:
        return self._inner.state()

    def legal_actions(self) -> list[Action]:
        return self._inner.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        try:
            return self._inner.apply(action)
        except ActionRefused:
            state = self._inner.state()
            if state.priority is not None and state.pending is None:
                self._inner.apply(pass_priority(state.priority))
            raise

    def close(self) -> None:
        self._inner.close()


class PassesThenRefusesEngine(ReferenceEngine):
    name = "passes-then-refuses"

    def start(self, state: GameState) -> PassesThenRefuses:  # type: ignore[override]
        return PassesThenRefuses(super().start(state))


def board() -> GameState:
    """Player 0 in their precombat main phase with priority, a Grizzly Bears on the battlefield
    and a Test Ninja in hand."""
    b = StateBuilder()
    b.permanent(BEARS, 0)
    b.put(NINJA, 0, zone=Zone.HAND)
    return b.build(step=Step.PRECOMBAT_MAIN, priority=0)


def illegal() -> Action:
    """Casting a card nobody has: every engine must refuse it."""
    return Action(ActionKind.CAST, 0, source="no-such-card")


def test_a_refusal_that_changes_nothing_passes():
    probe = Probe(ReferenceEngine().start(board()))
    probe.expect_refused(illegal(), "accepted")
    assert probe.trace[-1].refused


def test_a_refusal_after_passing_priority_fails_naming_what_changed():
    probe = Probe(PassesThenRefuses(ReferenceEngine().start(board())))
    with pytest.raises(Violation, match=r"atomic refusal") as caught:
        probe.expect_refused(illegal(), "accepted")
    assert "priority" in caught.value.observed
    assert caught.value.expected == "the game as it was before the refused action"


def test_a_refusal_is_compared_whenever_the_state_before_is_known():
    """``apply`` (and ``try_apply``) compare too when the check had read the state; a refusal is
    not an error in itself there, only a changed game is."""
    probe = Probe(PassesThenRefuses(ReferenceEngine().start(board())))
    probe.state()
    with pytest.raises(Violation, match=r"atomic refusal"):
        probe.try_apply(illegal())
    honest = Probe(ReferenceEngine().start(board()))
    honest.state()
    assert honest.try_apply(illegal()) is None


def test_differences_name_players_permanents_and_fields_and_are_bounded():
    before = board()
    changed = replace(
        before,
        priority=1,
        players=(replace(before.players[0], life=17), before.players[1]),
        battlefield=tuple(replace(p, tapped=True) for p in before.battlefield),
    )
    found = differences(before, changed)
    assert "player 0 life: 20 -> 17" in found
    assert any(line.startswith("permanent ") and "tapped: False -> True" in line for line in found)
    assert "priority: 0 -> 1" in found
    assert differences(before, before) == []
    gone = differences(before, replace(before, battlefield=()))
    assert gone == [f"permanent {before.battlefield[0].id} gone"]
    lots = replace(
        changed,
        turn=9,
        step=Step.END,
        priority_passes=1,
        revealed=("x",),
        first_strikers=("y",),
        active_player=1,
        players=(replace(before.players[0], life=1, land_plays_left=0, mana_pool=("U",)), before.players[1]),
    )
    lines = differences(before, lots)
    assert len(lines) == MOST + 1 and lines[-1].startswith("… and ")


@pytest.mark.parametrize("control", ["refuses-all", "offers-nothing"])
def test_the_refusal_only_ruling_fails_on_engines_that_refuse_or_offer_nothing(control):
    inv = compile_corpus().invariant(NO_REPEAT)
    assert control not in inv.exempt
    record = run_case(PREFIX + control, load_engine(PREFIX + control), inv, profile="ci", seed=None, shrink=False)
    assert record.status == "fail", record.reason


def test_the_refusal_only_ruling_fails_on_an_engine_whose_refusals_pass_priority():
    inv = compile_corpus().invariant(NO_REPEAT)
    record = run_case("passes-then-refuses", PassesThenRefusesEngine(), inv, profile="ci", seed=None, shrink=False)
    assert record.status == "fail", record.reason
    assert record.failure is not None and "atomic refusal" in record.failure.message
    reference = run_case("reference", ReferenceEngine(), inv, profile="ci", seed=None, shrink=False)
    assert reference.status == "pass", reference.reason
    assert set(reference.claims) == set(inv.claims) and min(reference.claims.values()) >= 20
