"""The runner turns Hypothesis searches into verdicts: pass, fail with a shrunk counterexample,
unsupported with the adapter's reason, error when the engine breaks."""

from dataclasses import dataclass

from hypothesis import strategies as st

from harness.runner import reproduce_command, run_case
from protocol.adapter import ActionRefused, Support
from protocol.model import GameState, PlayerState
from protocol.probe import Scenario, expect
from rulings.invariant import Invariant


def _state(life: int) -> GameState:
    return GameState(cards=(), objects=(), players=(PlayerState(0, life=life), PlayerState(1)))


@dataclass(frozen=True)
class LifeParams:
    n: int


def _scenarios():
    return st.integers(0, 1000).map(lambda n: Scenario(_state(n), LifeParams(n)))


class FakeSession:
    def __init__(self, state: GameState, crash: bool):
        self._state, self._crash = state, crash

    def state(self) -> GameState:
        if self._crash:
            raise RuntimeError("segfault-ish")
        return self._state

    def legal_actions(self):
        return []

    def apply(self, action):
        raise ActionRefused("nothing is legal here")

    def close(self) -> None:
        pass


class FakeEngine:
    name, version = "fake", "0"

    def __init__(self, crash: bool = False, support: Support = Support.yes()):
        self.crash, self.support = crash, support

    def supports(self, requires):
        return self.support

    def start(self, state):
        return FakeSession(state, self.crash)


def _invariant(limit: int) -> Invariant:
    def check(probe, scenario):
        life = probe.state().player(0).life
        expect(life < limit, "life too high", expected=f"life < {limit}", observed=life)

    return Invariant("fake/life", ("fake.ruling",), "outcome", frozenset({"mechanic:x"}), _scenarios, check, "test")


def test_pass():
    record = run_case("fake", FakeEngine(), _invariant(10_000), profile="ci", seed=None)
    assert record.status == "pass"
    assert record.examples > 10 and record.failure is None


def test_fail_is_shrunk_and_reproducible():
    record = run_case("fake", FakeEngine(), _invariant(100), profile="ci", seed=None)
    assert record.status == "fail"
    failure = record.failure
    assert failure.counterexample.params == {"n": 100}  # shrunk to the boundary
    assert failure.counterexample.state["players"][0]["life"] == 100
    assert failure.expected == "life < 100" and failure.observed == "100"
    assert failure.reproduce == reproduce_command("fake", "fake/life")
    assert failure.reproduce.startswith("mtg-conformance replay results.json ")
    assert "--invariant fake/life" in failure.reproduce and "--out replay-" in failure.reproduce
    assert record.examples_to_first_failure is not None and record.examples >= record.examples_to_first_failure


def test_unsupported_carries_the_reason():
    engine = FakeEngine(support=Support.no("no ninjas here"))
    record = run_case("fake", engine, _invariant(100), profile="ci", seed=None)
    assert record.status == "unsupported" and record.reason == "no ninjas here"
    assert record.examples == 0


def test_engine_crash_is_an_error_not_a_failure():
    record = run_case("fake", FakeEngine(crash=True), _invariant(10_000), profile="ci", seed=None)
    assert record.status == "error"
    assert "RuntimeError" in record.reason and "segfault-ish" in record.reason
    assert record.failure.counterexample is not None


def test_dev_profile_failure_replays_without_a_seed():
    # The reproduction command replays the stored counterexample, so it needs no seed or profile.
    record = run_case("fake", FakeEngine(), _invariant(100), profile="dev", seed=1234)
    assert record.status == "fail"
    assert "--seed" not in record.failure.reproduce and "--profile" not in record.failure.reproduce


class BadOutputSession(FakeSession):
    def __init__(self, state, what):
        super().__init__(state, False)
        self.what = what

    def state(self):
        if self.what == "not-a-state":
            return {"players": []}
        if self.what == "inconsistent":
            s = self._state
            return s.replace(players=(s.players[0], s.players[0]))
        return self._state


class BadOutputEngine(FakeEngine):
    def __init__(self, what):
        super().__init__()
        self.what = what

    def start(self, state):
        return BadOutputSession(state, self.what)


def test_bad_adapter_output_is_an_error_naming_the_contract():
    record = run_case("fake", BadOutputEngine("not-a-state"), _invariant(10_000), profile="ci", seed=None)
    assert record.status == "error" and "state() returned dict, not a GameState" in record.reason
    record = run_case("fake", BadOutputEngine("inconsistent"), _invariant(10_000), profile="ci", seed=None)
    # Consistency is a global invariant of the protocol: an inconsistent state is a fail.
    assert record.status == "fail" and "inconsistent" in record.failure.message
    assert "seats 0 and 1" in record.failure.observed
