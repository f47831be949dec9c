"""What the run's overhead cuts keep: the collector settled once per process, the drawn state
copied for an engine that may write to it (and only for that one), timeouts and faults still
named after the call that caused them."""

import gc
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest
from hypothesis import strategies as st

from engines.reference import ReferenceEngine
from harness.guard import EngineTimeout, GuardedSession
from harness.runner import run_case
from protocol.adapter import ActionRefused, EngineError, Support, leaves_input_intact
from protocol.model import Action, ActionKind, GameState, PlayerState
from protocol.probe import Probe, Scenario, expect
from rulings.invariant import Invariant


def _state(life: int) -> GameState:
    return GameState(cards=(), objects=(), players=(PlayerState(0, life=life), PlayerState(1)))


@dataclass(frozen=True)
class LifeParams:
    n: int


class Scribbler:
    """An engine that writes to the state it is given (frozen values do not stop it)."""

    name, version = "scribbler", "0"

    def __init__(self) -> None:
        self.seen: list[GameState] = []

    def supports(self, requires):
        return Support.yes()

    def start(self, state):
        self.seen.append(state)
        object.__setattr__(state.players[0], "life", -1)
        return _Session(state)


class Declared(Scribbler):
    """The same engine, declaring (wrongly, on purpose) that it leaves its input intact."""

    leaves_input_intact = True


class _Session:
    def __init__(self, state: GameState):
        self._state = state

    def state(self) -> GameState:
        return self._state

    def legal_actions(self):
        return []

    def apply(self, action):
        raise ActionRefused("nothing is legal here")

    def close(self) -> None:
        pass


def _invariant(drawn: list[GameState]) -> Invariant:
    def scenarios():
        def scenario(n: int) -> Scenario:
            state = _state(n)
            drawn.append(state)
            return Scenario(state, LifeParams(n))

        return st.integers(0, 1000).map(scenario)

    def check(probe, scenario):
        expect(True, "never", expected="", observed="")

    return Invariant("fake/copy", ("fake.ruling",), "outcome", frozenset({"mechanic:x"}), scenarios, check, "test")


def test_an_engine_that_may_write_gets_a_copy_and_the_drawn_state_stays_as_drawn():
    drawn: list[GameState] = []
    engine = Scribbler()
    assert run_case("scribbler", engine, _invariant(drawn), profile="ci", seed=None).status == "pass"
    assert engine.seen and drawn
    drawn_ids = {id(s) for s in drawn}
    assert not any(id(s) in drawn_ids for s in engine.seen)  # never the drawn object itself
    assert all(s.players[0].life >= 0 for s in drawn)  # its scribbles never reached a drawn state


def test_an_engine_that_declares_it_leaves_its_input_intact_gets_the_drawn_state():
    drawn: list[GameState] = []
    engine = Declared()
    assert run_case("declared", engine, _invariant(drawn), profile="ci", seed=None).status == "pass"
    drawn_ids = {id(s) for s in drawn}
    assert engine.seen and all(id(s) in drawn_ids for s in engine.seen)


def test_only_a_true_declaration_counts():
    assert leaves_input_intact(ReferenceEngine())
    assert not leaves_input_intact(Scribbler())

    class Truthy:
        leaves_input_intact = "yes"

    assert not leaves_input_intact(Truthy())


def test_the_collector_is_settled_once_per_process():
    code = (
        "import gc\n"
        "from harness.heap import THRESHOLDS, settle, settled\n"
        "assert not settled() and gc.get_freeze_count() == 0\n"
        "settle()\n"
        "frozen = gc.get_freeze_count()\n"
        "assert settled() and frozen > 1000, frozen\n"
        "assert gc.get_threshold()[0] == THRESHOLDS[0]\n"
        "settle()\n"
        "assert gc.get_freeze_count() == frozen\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_disabled_collector_is_left_alone():
    code = (
        "import gc\n"
        "gc.disable()\n"
        "from harness.heap import settle\n"
        "before = gc.get_threshold()\n"
        "settle()\n"
        "assert gc.get_freeze_count() == 0 and gc.get_threshold() == before and not gc.isenabled()\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


class _Slow:
    def state(self):
        time.sleep(5)

    def legal_actions(self):
        return []

    def apply(self, action):
        raise RuntimeError("boom")

    def close(self) -> None:
        pass


PASS = Action(ActionKind.PASS_PRIORITY, player=0)


def test_a_call_timeout_still_names_the_call():
    session = GuardedSession(_Slow(), call_limit=0.05, example_deadline=None, contained=False)
    with pytest.raises(EngineTimeout, match=r"took longer than 0\.05s in state\(\)"):
        session.state()


def test_a_fault_still_names_the_action():
    session = GuardedSession(_Slow(), call_limit=5, example_deadline=None, contained=False)
    with pytest.raises(EngineError, match=r"in apply\(") as caught:
        session.apply(PASS)
    assert str(PASS) in str(caught.value)
    probe = Probe(_Slow())  # the probe names it too
    with pytest.raises(EngineError, match=r"RuntimeError in apply\("):
        probe.apply(PASS)
    assert gc.isenabled()
