"""Declared observability: an adapter names the model fields its engine cannot show, an invariant
the fields its check reads, and the runner answers ``unsupported`` (with the field and the
engine named) before drawing any example; across process isolation too."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from hypothesis import strategies as st

from harness.isolation import IsolatedEngine
from harness.replay import replay_case
from harness.runner import run_case
from protocol.adapter import Support
from protocol.builder import StateBuilder
from protocol.model import CardData, GameState, Permanent, PlayerState, StackItem, Zone
from protocol.observability import OBSERVABLE, blind, cannot_show, check_fields, unshown_reason
from protocol.probe import Probe, Scenario
from rulings.declare import DeclarationError, invariant, ruling
from rulings.invariant import Invariant

HERE = Path(__file__).resolve().parent
BATTLE = CardData("Invasion of Somewhere", ("Battle",), "{2}{R}", subtypes=("Siege",), defense="4")


def test_every_name_is_a_field_of_the_model_and_unknown_names_are_errors() -> None:
    assert {"revealed", "triggered", "protector", "first_strikers", "priority_passes"} <= set(OBSERVABLE)
    assert {"searched_library", "delayed", "permissions", "counters", "damage"} <= set(OBSERVABLE)
    for entry in OBSERVABLE.values():
        assert entry.name in entry.owner.__dataclass_fields__
    with pytest.raises(ValueError, match="unknown observable fields \\['revealled'\\]"):
        check_fields(["revealled"], owner="test")
    with pytest.raises(TypeError):
        check_fields("revealed", owner="test")

    class Typo:
        name, cannot_show = "typo", frozenset({"protecter"})

    with pytest.raises(ValueError, match="adapter typo"):
        cannot_show(Typo())
    assert cannot_show(object()) == frozenset()  # undeclared: the engine shows everything


def _scenarios(calls: list[int]) -> st.SearchStrategy[Scenario]:
    def state(n: int) -> Scenario:
        calls.append(n)
        return Scenario(GameState(cards=(), objects=(), players=(PlayerState(0), PlayerState(1))), None)

    return st.integers(0, 9).map(state)


def _check(probe: Probe, scenario: Scenario) -> None:
    probe.state()


def _invariant(check, calls: list[int], **extra: object) -> Invariant:  # type: ignore[no-untyped-def]
    return Invariant(
        "fake/observes", ("fake.ruling",), "outcome", frozenset(), partial(_scenarios, calls), check, "t", **extra
    )  # type: ignore[arg-type]


class _Session:
    def __init__(self, state: GameState):
        self._state = state

    def state(self) -> GameState:
        return self._state

    def legal_actions(self):  # type: ignore[no-untyped-def]
        return []

    def apply(self, action):  # type: ignore[no-untyped-def]
        return []

    def close(self) -> None:
        pass


class _Blind:
    name, version = "blinkered", "1"
    cannot_show = frozenset({"revealed", "protector"})

    def supports(self, requires: frozenset[str]) -> Support:
        return Support.yes()

    def start(self, state: GameState) -> _Session:
        return _Session(state)


def test_an_invariant_observing_what_its_engine_cannot_show_is_unsupported_before_drawing() -> None:
    calls: list[int] = []
    record = run_case("blinkered", _Blind(), _invariant(_check, calls, observes={"revealed"}), profile="ci", seed=None)
    assert record.status == "unsupported" and calls == []  # no example drawn
    assert record.reason == "blinkered does not show revealed cards (revealed), which the check reads"
    assert record.gap == "engine"  # the engine keeps no record of it: the report need not read the words
    shown = run_case("blinkered", _Blind(), _invariant(_check, calls, observes={"delayed"}), profile="ci", seed=None)
    assert shown.status == "pass" and calls  # what it does show is judged as before
    scenario = Scenario(GameState(cards=(), objects=(), players=(PlayerState(0), PlayerState(1))), None)
    replayed = replay_case("blinkered", _Blind(), _invariant(_check, [], observes={"protector"}), scenario)
    assert replayed.status == "unsupported" and "protectors of battles" in (replayed.reason or "")


def test_observes_is_declared_with_the_invariant_and_checked() -> None:
    assert _invariant(_check, [], observes=frozenset({"counters"})).observes == frozenset({"counters"})
    assert _invariant(_check, []).observes == frozenset()
    with pytest.raises(ValueError, match="invariant fake/observes"):
        _invariant(_check, [], observes=frozenset({"nonsense"}))
    with pytest.raises(DeclarationError, match="unknown observable fields"):
        invariant(
            applies_to=ruling("fake.observes-typo"),
            name="typo",
            kind="outcome",
            claims=["c"],
            scenarios=lambda: _scenarios([]),
            check=_check,
            description="a declaration naming a field the model does not have",
            observes={"revealled"},
        )
    assert unshown_reason("e", ["triggered", "choices"]).startswith(
        "e does not show the choices made for spells and abilities on the stack (choices) or triggered abilities"
    )


def test_blind_empties_exactly_the_fields_named() -> None:
    b = StateBuilder()
    battle = b.permanent(BATTLE, 0, protector=1, damage=1)
    secret = b.put(BATTLE, 0, Zone.HAND)
    state = b.build(turn=2, priority=0).replace(
        revealed=(secret,), stack=(StackItem("s1", "activated", battle, 0, "x", choices=(("targets", "player:1"),)),)
    )
    hidden = blind(state, {"protector", "revealed", "choices"})
    assert hidden.revealed == () and hidden.stack[0].choices == ()
    assert hidden.battlefield == (Permanent(battle, 0, damage=1, counters=state.battlefield[0].counters),)
    assert hidden.replace(revealed=state.revealed) != state and blind(state, ()) is state


def test_an_isolated_engine_carries_its_declaration_across_the_worker() -> None:
    engine = IsolatedEngine("fault_engines:BlindEngine", python_path=[HERE], timeout=30, start_timeout=60)
    try:
        assert engine.cannot_show == frozenset({"revealed"})
        record = run_case("isolated", engine, _invariant(_check, [], observes={"revealed"}), profile="ci", seed=None)
        assert record.status == "unsupported" and record.reason == (
            "blind does not show revealed cards (revealed), which the check reads"
        )
    finally:
        engine.close()
    good = IsolatedEngine("fault_engines:GoodEngine", python_path=[HERE], timeout=30, start_timeout=60)
    try:
        assert good.cannot_show == frozenset()
    finally:
        good.close()
