"""Pending decisions are types: their JSON shape, and a new kind that needs nothing but its class.

The JSON of the kinds that existed before decisions were types is what it was (stored
counterexamples and results files load), and a kind defined in a test, as a contributor would
add one (``new_decision_kind`` in conftest), goes through the codec, the consistency check, the
minimizer, the drivers' ``advance`` and reach-by-play with no other edit.
"""

from __future__ import annotations

import pytest

from engines.reference.testing import BEARS
from protocol import codec
from protocol.builder import StateBuilder
from protocol.consistency import problems
from protocol.decisions import (
    KINDS,
    AssignCombatDamage,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
    MayCast,
    Search,
    SearchDecision,
)
from protocol.model import Action, ActionKind, Event, EventKind, GameState, Step, Zone
from protocol.probe import Probe
from protocol.reach import reach_by_play
from protocol.reduce import referenced, removals, without
from rulings.invariants.driving import advance


def test_each_kind_keeps_the_json_shape_it_had():
    search = Search(0, 1, "c1", "search", candidates=("c2",), resolving="s1")
    assert codec.to_jsonable(DeclareAttackers(0)) == {"kind": "declare-attackers", "player": 0}
    assert codec.to_jsonable(DeclareBlockers(1)) == {"kind": "declare-blockers", "player": 1}
    assert codec.to_jsonable(SearchDecision(0, search)) == {
        "kind": "search",
        "player": 0,
        "search": codec.to_jsonable(search),
    }
    assert codec.to_jsonable(MayCast(1, cards=("c3",), resolving="s2")) == {
        "kind": "may-cast",
        "player": 1,
        "cards": ["c3"],
        "resolving": "s2",
    }
    for decision in (DeclareAttackers(0), SearchDecision(0, search), MayCast(1, cards=("c3",))):
        assert codec.from_jsonable(Decision, codec.to_jsonable(decision)) == decision


def test_json_written_before_decisions_were_types_still_loads():
    """One record used to carry ``cards`` (and, when set, ``search`` and ``resolving``) for every
    kind: a declaration stored then has ``"cards": []``."""
    assert codec.from_jsonable(Decision, {"kind": "declare-blockers", "player": 1, "cards": []}) == DeclareBlockers(1)
    assert codec.from_jsonable(Decision | None, {"kind": "declare-attackers", "player": 0, "search": None}) == (
        DeclareAttackers(0)
    )
    with pytest.raises(codec.DecodeError, match="unknown field"):
        codec.from_jsonable(Decision, {"kind": "declare-blockers", "player": 1, "cards": ["c1"]})


def test_an_unknown_kind_is_a_decode_error_naming_the_known_kinds():
    with pytest.raises(codec.DecodeError, match=r"kind 'vote' names no Decision \(known: .*declare-attackers"):
        codec.from_jsonable(Decision, {"kind": "vote", "player": 0})
    with pytest.raises(codec.DecodeError, match="no 'kind'"):
        codec.from_jsonable(Decision, {"player": 0})
    with pytest.raises(codec.DecodeError, match=r"names no SearchDecision \(known: search\)"):
        codec.from_jsonable(SearchDecision, {"kind": "may-cast", "player": 0, "cards": ["c1"]})


def test_every_kind_is_registered_once_by_its_tag():
    assert all(KINDS[cls.kind] is cls for cls in KINDS.values())
    assert {DeclareAttackers, DeclareBlockers, SearchDecision, MayCast, AssignCombatDamage} <= set(KINDS.values())
    with pytest.raises(TypeError, match="defined twice"):

        class Again(DeclareAttackers, kind="declare-attackers"):
            pass


# -- a new kind, one class ---------------------------------------------------------------------


def _picking(kind: type[Decision]) -> tuple[GameState, tuple[str, str]]:
    """A state in the first main phase where player 0 picks one of two cards in their hand."""
    b = StateBuilder()
    first, second = b.put(BEARS, 0, Zone.HAND), b.put(BEARS, 0, Zone.HAND)
    decision = kind(0, options=(first, second))  # type: ignore[call-arg]
    return b.build(turn=2, step=Step.PRECOMBAT_MAIN, priority=None, pending=decision), (first, second)


class _PlaysOn:
    """A session that waits for the loaded decision and, once answered with its least answer,
    goes to the postcombat main phase with player 0 holding priority."""

    def __init__(self, state: GameState):
        self.now = state
        self.answers: list[Action] = []

    def state(self) -> GameState:
        return self.now

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, action: Action) -> list[Event]:
        self.answers.append(action)
        self.now = self.now.replace(pending=None, priority=0, step=Step.POSTCOMBAT_MAIN)
        return [Event(EventKind.STEP, detail=str(Step.POSTCOMBAT_MAIN))]

    def close(self) -> None:
        return None


def test_a_new_kind_of_decision_needs_no_edit_beyond_its_class(new_decision_kind):
    state, (first, second) = _picking(new_decision_kind)
    # the codec: the state round-trips, the decision written with its tag
    assert GameState.from_json(state.to_json()) == state
    assert codec.to_jsonable(state.pending)["kind"] == new_decision_kind.kind
    # consistency: the generic check asks the decision what it requires
    assert problems(state) == []
    assert problems(state.replace(pending=new_decision_kind(0, options=("c9",)))) == [  # type: ignore[call-arg]
        "the pick offers 'c9', which is not an object of the game"
    ]
    # the minimizer: an option can go (the decision without it), the last one cannot
    smaller = without(state, next(r for r in removals(state) if r.id == first))
    assert smaller is not None and smaller.pending == new_decision_kind(0, options=(second,))  # type: ignore[call-arg]
    assert without(smaller, next(r for r in removals(smaller) if r.id == second)) is None
    assert referenced(state) == frozenset()
    # the drivers' advance: the least answer
    session = _PlaysOn(state)
    advance(Probe(session))
    assert session.answers == [Action(ActionKind.CHOOSE_CARDS, 0, cards=(first,))]
    # reach-by-play passes it on its way
    session = _PlaysOn(state)
    reached = reach_by_play(Probe(session), Step.POSTCOMBAT_MAIN, 0)
    assert reached.step is Step.POSTCOMBAT_MAIN and session.answers == [
        Action(ActionKind.CHOOSE_CARDS, 0, cards=(first,))
    ]
    assert state.pending is not None and state.pending.describe() == f"P0 {new_decision_kind.kind}"
