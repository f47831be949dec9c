"""The fault matrix: engines that misbehave in one way each, in-process and isolated, and the
verdict each fault must become (docs/reliability.md lists them). Every fault is contained: it
costs its own case a bounded time, produces a record that can be written, and leaves no process.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fault_engines import FLIPS, HELPER_PIDS, fault_engine, matrix_state
from hypothesis import strategies as st

from harness import isolation, limits, signals
from harness.isolation import IsolatedEngine
from harness.runner import run_case
from protocol.model import pass_priority
from protocol.probe import Scenario
from reports.results import EngineInfo, Results, RunInfo
from rulings.invariant import Invariant

HERE = Path(__file__).resolve().parent
BOTH, IN, ISO = ("in", "iso"), ("in",), ("iso",)
ERROR_TIMEOUT = r"timeout"

#: (where, how, modes, expected status, reason or failure message pattern)
MATRIX: list[tuple[str, str, tuple[str, ...], str, str]] = [
    # loading the engine (in-process, a constructor that raises is a usage error of the CLI)
    ("load", "raise", ISO, "error", r"boom in load"),
    ("load", "panic", ISO, "error", r"FakePanic"),
    ("load", "hang", ISO, "error", ERROR_TIMEOUT),
    ("load", "os-exit", ISO, "error", r"died \(exit code 134\)"),
    # supports()
    ("supports", "raise", BOTH, "error", r"supports\(\) raised|boom in supports"),
    ("supports", "panic", BOTH, "error", r"FakePanic"),
    ("supports", "hang", BOTH, "error", ERROR_TIMEOUT),
    ("supports", "bare-bool", BOTH, "error", r"returned bool|AttributeError"),
    ("supports", "keyboard-interrupt", IN, "error", r"KeyboardInterrupt"),
    ("supports", "unsupported", BOTH, "unsupported", r"supports nothing"),
    # start()
    ("start", "raise", BOTH, "error", r"ValueError.*boom in start"),
    ("start", "panic", BOTH, "error", r"FakePanic"),
    ("start", "hang", BOTH, "error", ERROR_TIMEOUT),
    ("start", "none", BOTH, "error", r"start\(\) returned NoneType|AttributeError"),
    ("start", "os-exit", BOTH, "error", r"os\._exit\(134\)|died \(exit code 134\)"),
    ("start", "system-exit", BOTH, "error", r"SystemExit|died \(exit code 3\)"),
    ("start", "mutate-input", BOTH, "error", r"scribbling on its input"),
    # state()
    ("state", "raise", BOTH, "error", r"ValueError.*boom in state"),
    ("state", "panic", BOTH, "error", r"FakePanic"),
    ("state", "system-exit", BOTH, "error", r"SystemExit|died \(exit code 3\)"),
    ("state", "keyboard-interrupt", BOTH, "error", r"KeyboardInterrupt|died"),
    ("state", "generator-exit", BOTH, "error", r"GeneratorExit"),
    ("state", "recursion", BOTH, "error", r"RecursionError"),
    ("state", "memory-error", BOTH, "error", r"MemoryError"),
    ("state", "os-exit", BOTH, "error", r"os\._exit\(134\)|died \(exit code 134\)"),
    ("state", "hang", BOTH, "error", ERROR_TIMEOUT),
    ("state", "none", BOTH, "error", r"state\(\) returned NoneType|state: expected"),
    ("state", "wrong-type", BOTH, "error", r"state\(\) returned dict|adapter contract"),
    ("state", "surrogate-message", BOTH, "error", r"bad byte \\udc80"),
    ("state", "huge-message", BOTH, "error", r"truncated"),
    # legal_actions()
    ("legal_actions", "none", BOTH, "error", r"legal_actions\(\) returned NoneType|expected"),
    ("legal_actions", "wrong-items", BOTH, "error", r"not an Action|adapter contract"),
    ("legal_actions", "raise", BOTH, "error", r"boom in legal_actions"),
    ("legal_actions", "hang", BOTH, "error", ERROR_TIMEOUT),
    # apply()
    ("apply", "refuse", BOTH, "fail", r"refused an action the check takes as legal"),
    ("apply", "none", BOTH, "error", r"returned NoneType|expected"),
    ("apply", "wrong-items", BOTH, "error", r"not an Event|adapter contract"),
    ("apply", "inconsistent", BOTH, "fail", r"global invariant \(state consistency\): after applying"),
    ("apply", "flood-events", BOTH, "fail", r"global invariant \(state consistency\): after applying"),
    ("apply", "flaky", BOTH, "error", r"^flaky: .*first error: .*replayed: passed"),
    ("apply", "hang", BOTH, "error", ERROR_TIMEOUT),
    ("apply", "os-exit", BOTH, "error", r"os\._exit\(134\)|died \(exit code 134\)"),
    ("apply", "sys-exit-0", BOTH, "error", r"SystemExit|died \(exit code 0\)"),
    ("apply", "flood-stderr", ISO, "pass", r""),
    ("apply", "flood-stdout", ISO, "pass", r""),
    ("apply", "leak", ISO, "error", r"MemoryError|died|timeout"),  # contained either way
    ("apply", "helper-then-die", ISO, "error", r"died \(exit code 1\)"),
    ("apply", "helper", ISO, "pass", r""),
    # forks: in-process, the child is a copy of the harness; it must leave, never run the run
    ("apply", "fork", BOTH, "pass", r""),
    ("apply", "fork-exit", BOTH, "pass", r""),
    ("apply", "fork-return", BOTH, "pass", r""),
    ("start", "fork-return", BOTH, "pass", r""),
    ("supports", "fork-return", BOTH, "pass", r""),
    ("apply", "native-fork-return", BOTH, "pass", r""),
    # close()
    ("close", "raise", BOTH, "error", r"boom in close"),
    ("close", "hang", BOTH, "error", ERROR_TIMEOUT),
]

CASES = [(where, how, mode, status, pattern) for where, how, modes, status, pattern in MATRIX for mode in modes]


def _check(probe, scenario: Scenario) -> None:  # type: ignore[no-untyped-def]
    state = probe.state()
    probe.legal_actions()
    probe.apply(pass_priority(state.actor))


def _invariant() -> Invariant:
    return Invariant(
        "fault/matrix",
        ("fault.matrix",),
        "outcome",
        frozenset({"mechanic:priority"}),
        lambda: st.just(Scenario(matrix_state(), None)),
        _check,
        "one example through every call",
    )


MATRIX_LIMITS = limits.Limits(call=1.0, start=4.0, example=20.0, invariant=40.0, memory_mb=1024, message_chars=2000)


@pytest.fixture
def matrix_limits() -> Iterator[limits.Limits]:
    before = limits.current()
    limits.configure(MATRIX_LIMITS)
    signals.install()  # as the plugin does: an engine's own KeyboardInterrupt is then its fault
    try:
        yield MATRIX_LIMITS
    finally:
        limits.configure(before)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


@pytest.mark.parametrize(
    ("where", "how", "mode", "status", "pattern"), CASES, ids=[f"{w}-{h}-{m}" for w, h, m, _, _ in CASES]
)
@pytest.mark.slow
def test_fault_becomes_its_documented_verdict(
    where: str,
    how: str,
    mode: str,
    status: str,
    pattern: str,
    matrix_limits: limits.Limits,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if mode == "in" and threading.current_thread() is not threading.main_thread():
        pytest.skip("in-process time limits need the main thread")
    pids = tmp_path / "helpers"
    monkeypatch.setenv(HELPER_PIDS, str(pids))
    monkeypatch.setenv(FLIPS, str(tmp_path / "flips"))
    cls = fault_engine(where, how)
    adapter = cls() if mode == "in" else IsolatedEngine(f"fault_engines:{cls.__name__}", python_path=[HERE])
    started = time.monotonic()
    try:
        record = run_case(f"{mode}:{cls.__name__}", adapter, _invariant(), profile="ci", seed=None)
    finally:
        if isinstance(adapter, IsolatedEngine):
            adapter.close()
    took = time.monotonic() - started
    said = record.reason or (record.failure.message if record.failure else "")
    assert record.status == status, (record.status, said)
    if status == "fail":
        assert re.search(pattern, record.failure.message), record.failure.message
    elif pattern:
        assert re.search(pattern, said, re.S), said
    if how == "flaky":  # its own verdict, and everything a failure keeps: message, state, replay
        assert record.failure is not None and "failed this time" in record.failure.message
        assert record.failure.counterexample is not None and record.failure.reproduce.startswith("mtg-conformance")
    # Bounded: a hang costs its time limits, never the run.
    assert took < 30, took
    # Writable, and small whatever the engine said.
    results = Results(run=RunInfo("s", "f", "ci", None, (EngineInfo("e", "1"),), "c", "0", 0.0), results=(record,))
    text = results.to_json()
    json.loads(text)
    text.encode("utf-8")
    assert len(text) < 64_000
    # The counterexample is the state drawn, not what the engine did to its copy.
    if record.failure is not None and record.failure.counterexample is not None:
        assert record.failure.counterexample.state.get("turn", 1) == matrix_state().turn
    # No process left behind: no worker group, no helper.
    assert not isolation._live
    if pids.exists():
        deadline = time.monotonic() + 5
        helpers = [int(line) for line in pids.read_text().split()]
        while any(_alive(p) for p in helpers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [p for p in helpers if _alive(p)]


def test_the_matrix_is_large_enough() -> None:
    assert len(MATRIX) >= 30 and len(CASES) >= 60


def test_engine_that_fails_to_load_costs_one_start_timeout(matrix_limits: limits.Limits) -> None:
    """A dead engine fails fast after the first attempt (not one start time-out per invariant)."""
    cls = fault_engine("load", "hang")
    adapter = IsolatedEngine(f"fault_engines:{cls.__name__}", python_path=[HERE], start_timeout=1.0)
    try:
        first = run_case("hang", adapter, _invariant(), profile="ci", seed=None)
        started = time.monotonic()
        again = [run_case("hang", adapter, _invariant(), profile="ci", seed=None) for _ in range(5)]
    finally:
        adapter.close()
    assert first.status == "error" and "timeout" in (first.reason or "")
    assert all(r.status == "error" and "failed to load earlier" in (r.reason or "") for r in again)
    assert time.monotonic() - started < 2


@pytest.mark.slow
def test_slow_engine_hits_the_example_limit(matrix_limits: limits.Limits) -> None:
    """Calls each under the call limit still cannot make an example run for hours."""
    limits.configure(limits.Limits(call=1.0, example=1.0, invariant=30.0))

    def check(probe, scenario):  # type: ignore[no-untyped-def]
        for _ in range(10):
            probe.legal_actions()

    slow = fault_engine("legal_actions", "slow")
    inv = Invariant(
        "fault/slow",
        ("fault.slow",),
        "outcome",
        frozenset({"mechanic:priority"}),
        lambda: st.just(Scenario(matrix_state(), None)),
        check,
        "ten calls",
    )
    for adapter in (slow(), IsolatedEngine(f"fault_engines:{slow.__name__}", python_path=[HERE])):
        started = time.monotonic()
        try:
            record = run_case("slow", adapter, inv, profile="ci", seed=None)
        finally:
            if isinstance(adapter, IsolatedEngine):
                adapter.close()
        assert record.status == "error" and "example" in record.reason and "timeout" in record.reason
        assert time.monotonic() - started < 15


def test_slow_engine_hits_the_invariant_limit(matrix_limits: limits.Limits) -> None:
    limits.configure(limits.Limits(call=1.0, example=0, invariant=1.5))
    slow = fault_engine("legal_actions", "slow")
    inv = Invariant(
        "fault/slow",
        ("fault.slow",),
        "outcome",
        frozenset({"mechanic:priority"}),
        lambda: st.integers(0, 10**6).map(lambda n: Scenario(matrix_state().replace(turn=n + 1), None)),
        _check,
        "many examples",
    )
    started = time.monotonic()
    record = run_case("slow", slow(), inv, profile="ci", seed=None)
    assert record.status == "error" and "invariant ran past its time limit of 1.5s" in record.reason
    assert time.monotonic() - started < 5


@pytest.mark.slow
def test_an_engine_that_hangs_whatever_it_is_asked_is_not_started_again(matrix_limits: limits.Limits) -> None:
    """A dead engine costs a few time-outs, not one per invariant (item 10); an engine that
    answers between its hangs is still started for every invariant."""
    dead = IsolatedEngine(f"fault_engines:{fault_engine('supports', 'hang').__name__}", python_path=[HERE])
    alive = IsolatedEngine(f"fault_engines:{fault_engine('apply', 'hang').__name__}", python_path=[HERE])
    try:
        given_up = [run_case("dead", dead, _invariant(), profile="ci", seed=None) for _ in range(5)]
        hung = [run_case("alive", alive, _invariant(), profile="ci", seed=None) for _ in range(4)]
    finally:
        dead.close()
        alive.close()
    assert all(r.status == "error" and "timeout" in (r.reason or "") for r in given_up[:3])
    assert all("hung 3 times in a row" in (r.reason or "") for r in given_up[3:]), given_up[3].reason
    assert dead.workers_started == isolation.HANGS_IN_A_ROW
    assert all(r.status == "error" and "timeout" in (r.reason or "") for r in hung)
    assert alive.workers_started == 4
