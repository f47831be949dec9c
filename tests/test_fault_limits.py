"""Limits an engine cannot switch off, and processes (issue 27, items 5, 6, 7, 9 and 10): engines
that cancel the harness's timer, leave threads, escape the worker's process group, answer slowly
every time, and results files that name modules to import. Each builds the misbehaving adapter
(``tests/fault_limits_engines.py``) and asserts the outcome: a verdict naming the engine's fault,
nothing lost, no process left, an honest exit status (docs/reliability.md).
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import fault_limits_engines
import pytest
from fault_engines import HELPER_PIDS, matrix_state
from hypothesis import strategies as st
from test_fault_matrix import _alive

from harness import guard, isolation, limits, signals
from harness.guard import EngineTimeout, time_limit
from harness.isolation import IsolatedEngine
from harness.runner import run_case
from protocol import codec
from protocol.model import pass_priority
from protocol.probe import Scenario
from reports.results import (
    Counterexample,
    EngineInfo,
    Failure,
    ResultRecord,
    Results,
    RunInfo,
    read_results,
    write_results,
)
from rulings.invariant import Invariant

HERE = Path(__file__).resolve().parent
#: An invariant of the shipped suite (replay looks it up before it decodes the stored params).
INVARIANT = "class.level-bars/level-ability-when-allowed"


def _env(*paths: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, paths), str(HERE), str(HERE.parent), env.get("PYTHONPATH", "")])
    return env


def cli(*args: str, cwd: Path, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env
    )


# -- item 10: replay imports nothing a results file names -----------------------------------------


def _planted_module(folder: Path, name: str) -> Path:
    """A module on the path whose import writes a file (the side effect a hostile one would have)."""
    marker = folder / f"{name}.imported"
    (folder / f"{name}.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('imported')\n"
        "class Engine:\n    name = 'planted'\n    version = '1'\n",
        encoding="utf-8",
    )
    return marker


def _results_naming(path: Path, engine: str, params_type: str | None = None) -> Path:
    """A results file with one stored counterexample of ``INVARIANT`` found on ``engine``."""
    failure = Failure(
        "stored failure",
        counterexample=Counterexample(codec.to_jsonable(matrix_state()), {}, params_type=params_type),
    )
    record = ResultRecord(engine, INVARIANT, ("class.level-bars",), "legality", "fail", examples=1, failure=failure)
    run = RunInfo("s", "f", "ci", None, (EngineInfo(engine, "1"),), "mtg-conformance run", "0", 0.0)
    write_results(Results(run=run, results=(record,)), path)
    return path


def _replay(results: Path, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return cli(
        "replay", str(results), "--invariant", INVARIANT, "--out", str(tmp_path / "replay"), *extra,
        cwd=tmp_path, env=_env(tmp_path),
    )  # fmt: skip


def test_replay_refuses_an_engine_module_a_results_file_names(tmp_path: Path) -> None:
    marker = _planted_module(tmp_path, "planted_engine")
    for spec in ("planted_engine:Engine", "isolated:planted_engine:Engine"):
        done = _replay(_results_naming(tmp_path / "results.json", spec), tmp_path)
        assert done.returncode == 2, done.stdout + done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "no registered engine" in lines[0] and "--engine" in lines[0], done.stderr
        assert not marker.exists(), f"replay imported {spec}"
    assert not (tmp_path / "replay").exists()


def test_replay_refuses_a_params_type_naming_a_module(tmp_path: Path) -> None:
    marker = _planted_module(tmp_path, "planted_params")
    results = _results_naming(tmp_path / "results.json", "reference", params_type="planted_params:Engine")
    done = _replay(results, tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "planted_params:Engine" in done.stderr, done.stderr
    assert not marker.exists()


def test_the_users_own_engine_option_is_trusted(tmp_path: Path) -> None:
    """The control of the two tests above: the same planted module, named by the user with
    ``--engine``, is imported (so its marker shows an import when there is one)."""
    marker = _planted_module(tmp_path, "planted_engine")
    results = _results_naming(tmp_path / "results.json", "planted_engine:Engine")
    _replay(results, tmp_path, "--engine", "planted_engine:Engine")
    assert marker.exists()


def test_replay_accepts_the_projects_own_engines() -> None:
    """A registered engine and a mutant stored in a results file are replayed (not refused)."""
    from harness.replay import ReplayError, trusted_engine

    for spec in ("reference", "isolated:reference", "mutant:ninja-enters-any-target", "control:inert"):
        assert trusted_engine(spec, "r.json") == spec
    for spec in ("os:system", "isolated:json:JSONDecoder", "referenc"):
        try:
            trusted_engine(spec, "r.json")
        except ReplayError as exc:
            assert "no registered engine" in str(exc)
        else:
            raise AssertionError(f"{spec} was trusted")


# -- item 5: time limits an in-process engine cannot switch off -------------------------------------

LIMITS = limits.Limits(call=1.0, start=4.0, example=20.0, invariant=40.0, memory_mb=1024, message_chars=2000)


@pytest.fixture
def small_limits() -> Iterator[limits.Limits]:
    before = limits.current()
    limits.configure(LIMITS)
    signals.install()  # as the plugin does
    try:
        yield LIMITS
    finally:
        limits.configure(before)


def _two_reads(probe, scenario: Scenario) -> None:  # type: ignore[no-untyped-def]
    """Every call once, and the state read again after the action (where a later hang happens)."""
    state = probe.state()
    probe.legal_actions()
    probe.apply(pass_priority(state.actor))
    probe.state()


def invariant(check=_two_reads) -> Invariant:  # type: ignore[no-untyped-def]
    return Invariant(
        "fault/limits",
        ("fault.limits",),
        "outcome",
        frozenset({"mechanic:priority"}),
        lambda: st.just(Scenario(matrix_state(), None)),
        check,
        "one example through every call",
    )


def _main_thread_only() -> None:
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("in-process time limits need the main thread")


def _run(adapter: object, spec: str, inv: Invariant | None = None) -> tuple[ResultRecord, float]:
    """The record of one case and the seconds it took (an isolated adapter is closed after it)."""
    started = time.monotonic()
    try:
        record = run_case(spec, adapter, inv or invariant(), profile="ci", seed=None)  # type: ignore[arg-type]
    finally:
        if isinstance(adapter, IsolatedEngine):
            adapter.close()
    return record, time.monotonic() - started


def _writable(record: ResultRecord) -> None:
    """Nothing lost: the record is written and read back whole."""
    results = Results(run=RunInfo("s", "f", "ci", None, (EngineInfo("e", "1"),), "c", "0", 0.0), results=(record,))
    assert json.loads(results.to_json())["results"][0]["status"] == record.status


ALARM_ENGINES = [
    "AlarmOffThenSleep",
    "TimerOffThenSpin",
    "OwnHandlerThenSleep",
    "IgnoresAlarmThenSleep",
    "OwnHandlerRaises",
    "OwnBudgetThenHang",
]


@pytest.mark.parametrize("name", ALARM_ENGINES)
def test_an_engine_that_switches_the_alarm_off_still_times_out(name: str, small_limits: limits.Limits) -> None:
    _main_thread_only()
    handler = signal.getsignal(signal.SIGALRM)
    record, took = _run(getattr(fault_limits_engines, name)(), f"in:{name}")
    said = record.reason or ""
    # An engine whose own handler raises may be ended by the harness's timer before its call's
    # limit (the timer is armed lazily, for a limit that ended): a time-out that says so.
    took_over = name == "OwnHandlerRaises" and said.startswith("timeout: the engine took the alarm over")
    assert record.status == "error" and (said.startswith("timeout: the engine took longer than 1s") or took_over), (
        record.status,
        said,
    )
    assert took < 15, took  # the call limit plus the watchdog's grace, not the example's 20 s
    _writable(record)
    # The case leaves the alarm as it found it: the engine's handler and timer are gone.
    assert signal.getsignal(signal.SIGALRM) is handler
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.parametrize("name", ["AlarmOffThenSleep", "OwnHandlerThenSleep"])
def test_the_same_engines_isolated_time_out(name: str, small_limits: limits.Limits) -> None:
    record, took = _run(IsolatedEngine(f"fault_limits_engines:{name}", python_path=[HERE]), f"iso:{name}")
    assert record.status == "error" and (record.reason or "").startswith("timeout"), record.reason
    assert took < 15, took
    assert not isolation._live


def test_a_call_that_cancels_the_timer_gets_it_back() -> None:
    """The guard does not go on believing a cancelled timer is armed: after the inner block the
    handler is the harness's again, and the timer is re-armed when it did not fire on time."""
    _main_thread_only()
    with time_limit(5, "outer"):
        with time_limit(0.2, "call"):
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
        assert signal.getsignal(signal.SIGALRM) is not signal.SIG_IGN
        with time_limit(0.2, "call"):
            signal.alarm(0)
        time.sleep(1.5)  # past the cancelled timer's time and the watchdog's grace
        assert signal.getitimer(signal.ITIMER_REAL)[0] > 0
        with pytest.raises(EngineTimeout, match="outer-now"), time_limit(0.2, "outer-now"):
            time.sleep(3)


def test_a_swallowed_time_out_is_raised_again_but_not_at_once() -> None:
    """An engine that catches the time-out and goes on gets it again a moment later; the block
    that unwinds from it is never hit twice at once (then its limit could be left pending)."""
    _main_thread_only()
    with pytest.raises(EngineTimeout, match="call"), time_limit(0.1, "call"):
        try:
            _spin_for(2)
        except EngineTimeout:  # what a careless engine's `except BaseException: pass` does
            pass
        try:
            guard._on_alarm(signal.SIGALRM, None)  # a nudge arriving right away
        except EngineTimeout:
            raise AssertionError("the time-out was raised again at once") from None
        _spin_for(2)  # the engine goes on: it gets the time-out again
    assert not guard._deadlines


def _spin_for(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_a_call_that_returns_past_its_limit_is_a_timeout(small_limits: limits.Limits) -> None:
    """An engine that switched the alarm off and returned after its call limit: still a time-out."""
    _main_thread_only()

    class LateButReturns(fault_limits_engines.LimitsEngine):
        def misbehave(self, call: str) -> None:
            if call == "apply":
                signal.signal(signal.SIGALRM, signal.SIG_IGN)
                time.sleep(1.3)

    record, _ = _run(LateButReturns(), "in:late")
    assert record.status == "error" and (record.reason or "").startswith("timeout"), record.reason


# -- item 6: the CLI ends its process once its files are written ------------------------------------

ONE = "ninjutsu.reveal-and-return"  # an invariant id prefix that selects a couple of invariants


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_thread_an_engine_left_does_not_keep_the_harness_alive(tmp_path: Path, workers: str) -> None:
    """Green results, then the process ends (a non-daemon thread would hold the interpreter's exit)."""
    out = tmp_path / "o"
    engine = "fault_limits_engines:ReferenceLeavesThread"
    started = time.monotonic()
    done = cli("run", "--engine", engine, "--invariant", ONE, "-n", workers, "--out", str(out), cwd=tmp_path,
               env=_env(), timeout=240)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    results = read_results(out / "results.json")
    assert results.run.complete and results.results and all(r.status == "pass" for r in results.results)
    assert "judged" in done.stdout  # the summary was flushed before the process ended
    assert time.monotonic() - started < 240


@pytest.mark.slow
def test_ctrl_c_with_a_thread_left_behind_is_an_incomplete_run(tmp_path: Path) -> None:
    """Interrupted mid-run, the process ends with status 4 (never 0), its partial files written."""
    out, hanging = tmp_path / "o", tmp_path / "hanging"
    env = {**_env(), fault_limits_engines.HANGING: str(hanging)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "harness.cli", "run", "--engine", "fault_limits_engines:ThreadThenHang",
         "--invariant", ONE, "--call-timeout", "300", "--example-timeout", "0", "--out", str(out)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not hanging.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert hanging.exists(), "the engine never started to hang"
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 4, stdout + stderr
    assert read_results(out / "results.json").run.complete is False


def test_main_with_arguments_returns_its_status() -> None:
    """Only the program ends its process; ``main(argv)`` called as a library returns (the tests rely on it)."""
    from harness import cli as cli_module

    assert cli_module.main(["requires"]) == 0


# -- item 9: an engine slow at every call costs a bounded time --------------------------------------

SLOW = limits.Limits(call=0.5, start=4.0, example=20.0, invariant=30.0, slow_share=0.5, slow_calls=5, engine_budget=0)


def _many_examples() -> Invariant:
    """An invariant whose search would draw examples until its time limit (30 s here)."""
    return Invariant(
        "fault/slow",
        ("fault.slow",),
        "outcome",
        frozenset({"mechanic:priority"}),
        lambda: st.integers(0, 10**6).map(lambda n: Scenario(matrix_state().replace(turn=n + 1), None)),
        _two_reads,
        "many examples",
    )


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["in", "iso"])
def test_an_engine_slow_at_every_call_ends_its_invariant_early(
    mode: str, small_limits: limits.Limits, monkeypatch: pytest.MonkeyPatch
) -> None:
    """0.35 s per call under a 0.5 s call limit: each call is in time, the invariant ends after a
    few calls (not after its 30 s), as an error that names the engine's pace."""
    if mode == "in":
        _main_thread_only()
    limits.configure(SLOW)
    monkeypatch.setenv(fault_limits_engines.SLOW_SECONDS, "0.35")
    name = "SlowEveryCall"
    adapter = fault_limits_engines.SlowEveryCall() if mode == "in" else IsolatedEngine(
        f"fault_limits_engines:{name}", python_path=[HERE]
    )  # fmt: skip
    record, took = _run(adapter, f"{mode}:{name}", _many_examples())
    said = record.reason or ""
    assert record.status == "error" and said.startswith("engine too slow: 0.3") and "s per call" in said, said
    assert record.failure is not None and record.failure.counterexample is not None  # nothing lost
    assert took < 12, took  # five calls and a start, not the invariant's 30 s
    _writable(record)


def test_an_engine_well_within_its_limit_is_judged(
    small_limits: limits.Limits, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The breaker's control: 0.05 s per call under a 0.5 s limit passes."""
    _main_thread_only()
    limits.configure(SLOW)
    monkeypatch.setenv(fault_limits_engines.SLOW_SECONDS, "0.05")
    record, _ = _run(fault_limits_engines.SlowEveryCall(), "in:brisk")
    assert record.status == "pass", record.reason


def test_an_engine_past_its_run_budget_gets_error_at_once(
    small_limits: limits.Limits, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """0.1 s per call, about six calls per case, a 0.9 s run budget: the first case is judged, the
    second ends when the budget runs out, the third is an error without a call."""
    _main_thread_only()
    limits.configure(dataclasses.replace(SLOW, call=1.0, engine_budget=0.9))
    monkeypatch.setenv(fault_limits_engines.SLOW_SECONDS, "0.1")
    spec = f"in:budget-{tmp_path.name}"  # the budget is kept per engine spec in this process
    engine = fault_limits_engines.SlowEveryCall()
    first, _ = _run(engine, spec)
    assert first.status == "pass", first.reason
    second, _ = _run(engine, spec)
    assert second.status == "error" and "run budget of 0.9 s" in (second.reason or ""), second.reason
    calls = dict(engine.calls)
    third, took = _run(engine, spec)
    assert third.status == "error" and "earlier in this run" in (third.reason or ""), third.reason
    assert engine.calls == calls and took < 0.1  # not one call more


def test_the_breaker_options_reach_the_limits() -> None:
    from harness import cli as cli_module
    from harness.plugin import parse_limits

    args = cli_module._parser().parse_args(["run", "--slow-call-share", "0.3", "--engine-budget", "120"])
    pairs = cli_module._limit_args(args)
    chosen = parse_limits(tuple(pairs[i + 1] for i, word in enumerate(pairs) if word == "--mtg-limit"))
    assert (chosen.slow_share, chosen.engine_budget) == (0.3, 120.0)
    with pytest.raises(SystemExit):
        cli_module._parser().parse_args(["run", "--slow-call-share", "1.5"])


# -- item 7: no process outlives the run ----------------------------------------------------------


def _linux_only() -> None:
    if not Path("/proc").is_dir() or not sys.platform.startswith("linux"):
        pytest.skip("process sweeps and the parent-death signal are Linux's (/proc, prctl)")


def _gone_within(pids: list[int], seconds: float) -> list[int]:
    """The processes of ``pids`` still alive after waiting up to ``seconds`` for them to end."""
    deadline = time.monotonic() + seconds
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [p for p in pids if _alive(p)]


HELPER_ENGINES = [
    ("SetsidHelper", "pass"),
    ("SetsidHelperCleanEnv", "pass"),
    ("DaemonHelper", "pass"),
    ("SetsidHelperThenDie", "error"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "status"), HELPER_ENGINES)
def test_no_helper_an_isolated_engine_started_outlives_it(
    name: str, status: str, small_limits: limits.Limits, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Helpers out of the worker's process group (``setsid``, a clean environment, a double
    fork, a worker that dies after starting one) are ended with their worker."""
    _linux_only()
    pids = tmp_path / "helpers"
    monkeypatch.setenv(HELPER_PIDS, str(pids))
    record, _ = _run(IsolatedEngine(f"fault_limits_engines:{name}", python_path=[HERE]), f"iso:{name}")
    assert record.status == status, (record.status, record.reason)
    helpers = [int(line) for line in pids.read_text().split()]
    assert helpers, "the engine started no helper"
    assert not _gone_within(helpers, 5)
    assert not isolation._live


_ORPHAN_SCRIPT = """
import sys, time
sys.path[:0] = [{here!r}, {root!r}]
from fault_engines import fault_engine, matrix_state
from harness.isolation import IsolatedEngine
engine = IsolatedEngine("fault_engines:" + fault_engine("start", "hang").__name__, start_timeout=300)
engine.supports(frozenset())
print(engine._worker.proc.pid, flush=True)
engine.start(matrix_state())  # hangs inside the engine call
"""


def test_a_worker_busy_in_a_call_dies_with_a_killed_harness(tmp_path: Path) -> None:
    """SIGKILL of the harness (nothing of it runs any more) while its worker hangs in a call:
    the worker is gone within seconds (the parent-death signal)."""
    _linux_only()
    script = _ORPHAN_SCRIPT.format(here=str(HERE), root=str(HERE.parent))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=_env())
    try:
        assert proc.stdout is not None
        worker = int(proc.stdout.readline())
        time.sleep(0.5)  # the worker is inside start() now
        assert _alive(worker)
        proc.kill()
        proc.wait(timeout=10)
        assert not _gone_within([worker], 5)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.slow
def test_a_cli_run_killed_with_sigkill_leaves_no_worker(tmp_path: Path) -> None:
    """The same through the CLI, as a CI cancel escalates: SIGKILL while the worker hangs inside
    an engine call (it says so in a file: its pid), and the worker goes too."""
    _linux_only()
    hanging = tmp_path / "hanging"
    proc = subprocess.Popen(
        [sys.executable, "-m", "harness.cli", "run", "--engine", "isolated:fault_limits_engines:ThreadThenHang",
         "--invariant", ONE, "--call-timeout", "300", "--example-timeout", "0", "--out", str(tmp_path / "o")],
        cwd=tmp_path, env={**_env(), fault_limits_engines.HANGING: str(hanging)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not hanging.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert hanging.exists(), "the engine never started to hang"
        time.sleep(0.2)  # the pid is written before the file is closed
        worker = int(hanging.read_text())
        assert worker != proc.pid and _alive(worker)
        proc.kill()
        proc.wait(timeout=30)
        assert not _gone_within([worker], 5)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


_FALLBACK_CHILD = """
import sys, time
from harness import reaper
reaper._prctl = lambda option, value: False  # as where there is no parent-death signal
reaper.die_with_parent(int(sys.argv[1]))
time.sleep(60)
"""

_FALLBACK_PARENT = """
import os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", {child!r}, str(os.getpid())], start_new_session=True)
print(child.pid, flush=True)
sys.stdin.readline()  # the test says when to die
os._exit(0)
"""


def test_without_a_parent_death_signal_a_polling_thread_ends_the_worker(tmp_path: Path) -> None:
    """The fallback of :func:`harness.reaper.die_with_parent`: the parent gone, the child ends
    within a poll or two."""
    _linux_only()
    parent = subprocess.Popen(
        [sys.executable, "-c", _FALLBACK_PARENT.format(child=_FALLBACK_CHILD)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=_env(),
    )  # fmt: skip
    try:
        assert parent.stdout is not None and parent.stdin is not None
        child = int(parent.stdout.readline())
        time.sleep(1.0)  # the child is polling now
        assert _alive(child)
        parent.stdin.write("die\n")
        parent.stdin.flush()
        parent.wait(timeout=10)
        assert not _gone_within([child], 5)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_the_breaker_trips_on_the_mean_of_the_last_calls_only() -> None:
    """Five calls at 60 % of the limit trip it on the fifth; one slow call among fast ones does not."""
    from harness.pace import EngineTooSlow, Pace

    rule = limits.Limits(call=1.0, slow_share=0.5, slow_calls=5, engine_budget=0)
    uneven = Pace("unit:uneven", rule.call, rule)
    for seconds in [0.01] * 20 + [0.95] + [0.01] * 20:
        uneven.add(seconds)
    slow = Pace("unit:slow", rule.call, rule)
    for _ in range(4):
        slow.add(0.6)
    with pytest.raises(EngineTooSlow, match=r"0\.6 s per call over its last 5 calls"):
        slow.add(0.6)
