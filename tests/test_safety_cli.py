"""The run as a user starts it, against engines that misbehave: no false green, nothing lost,
every bad input one line with exit status 2 (docs/reliability.md)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.lock import hold
from reports.results import read_results

HERE = Path(__file__).resolve().parent
ONE = "ninjutsu.reveal-and-return"  # an invariant id prefix that selects a couple of invariants


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(HERE.parent), env.get("PYTHONPATH", "")])
    return env


def cli(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=_env(),
    )


@pytest.mark.slow
def test_exit_status_comes_from_memory_not_from_the_file(tmp_path: Path) -> None:
    """Item 1: reading results.json back would let another process decide the exit status."""
    script = (
        "import sys, reports.results as r\n"
        "def boom(*a, **k): raise AssertionError('the CLI read results back from disk')\n"
        "r.read_results = boom\n"
        "from harness.cli import main\n"
        f"sys.exit(main(['run', '--engine', 'mutant:ninja-enters-any-target', '--profile', 'ci',"
        f" '--invariant', 'ninjutsu.same-attack-target', '--out', {str(tmp_path / 'o')!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=300, env=_env()
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_a_second_run_on_the_same_out_fails_at_once(tmp_path: Path) -> None:
    out = tmp_path / "shared"
    with hold(out):
        started = time.monotonic()
        done = cli("run", "--invariant", ONE, "--out", str(out), cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "another run" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - started < 60
    assert not (out / "results.json").exists()


def test_a_run_that_judged_nothing_is_not_green(tmp_path: Path) -> None:
    """Item 2: every case unsupported is exit status 3, and the summary says so."""
    done = cli(
        "run",
        "--engine",
        "fault_engines:Fault_supports_unsupported",
        "--invariant",
        "mana.could-produce",
        "--out",
        str(tmp_path / "o"),
        cwd=tmp_path,
    )
    assert done.returncode == 3, done.stdout + done.stderr
    assert "judged 0 of" in done.stdout
    assert read_results(tmp_path / "o" / "results.json").totals()["unsupported"] > 0


def test_an_inconsistent_engine_fails(tmp_path: Path) -> None:
    """Item 3: a card in two zones after every action fails through the global invariant."""
    done = cli(
        "run",
        "--engine",
        "fault_engines:Fault_apply_inconsistent",
        "--invariant",
        ONE,
        "--out",
        str(tmp_path / "o"),
        cwd=tmp_path,
    )
    results = read_results(tmp_path / "o" / "results.json")
    failed = [r for r in results.results if r.status == "fail"]
    assert any("state consistency" in r.failure.message for r in failed)
    assert done.returncode == 1


@pytest.mark.parametrize(
    "engine", ["fault_engines:Fault_state_surrogate_message", "isolated:fault_engines:Fault_state_surrogate_message"]
)
@pytest.mark.slow
def test_a_lone_surrogate_loses_nothing(tmp_path: Path, engine: str) -> None:
    """Item 4."""
    done = cli("run", "--engine", engine, "--invariant", ONE, "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    results = read_results(tmp_path / "o" / "results.json")
    assert results.results and all(r.status == "error" and "udc80" in r.reason for r in results.results)
    assert (tmp_path / "o" / "report.html").exists()


@pytest.mark.slow
def test_the_same_engine_twice_is_one_engine(tmp_path: Path) -> None:
    """Item 5."""
    done = cli(
        "run",
        "--engine",
        "reference",
        "--engine",
        "reference",
        "--invariant",
        ONE,
        "--out",
        str(tmp_path / "o"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert read_results(tmp_path / "o" / "results.json").results


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["Fault_load_raise", "Fault_load_hang"])
def test_an_isolated_engine_that_cannot_load_gets_error_verdicts(tmp_path: Path, fault: str) -> None:
    """Item 7: the README promises an error verdict, not a crash before anything runs."""
    done = cli(
        "run",
        "--engine",
        f"isolated:fault_engines:{fault}",
        "--invariant",
        "mana.could-produce",
        "--start-timeout",
        "3",
        "--out",
        str(tmp_path / "o"),
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    results = read_results(tmp_path / "o" / "results.json")
    assert results.results and all(r.status == "error" for r in results.results)


def _start_hanging_run(out: Path, cwd: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "run",
            "--engine",
            "isolated:fault_engines:Fault_start_hang",
            "--invariant",
            "mana.could-produce",
            "--start-timeout",
            "120",
            "--out",
            str(out),
            *extra,
        ],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        start_new_session=True,
    )


def _workers_of(pid: int) -> list[int]:
    """Engine worker processes (``harness.worker``) whose parent is ``pid``.

    Only workers: an import can start a short-lived child of its own (ctypes looks libraries up
    with ``ldconfig``), and a signal sent on seeing that one arrives before the run has begun."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z" and b"harness.worker" in command:
                found.append(int(entry.name))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_writes_partial_results_and_kills_the_workers(tmp_path: Path, sig: signal.Signals) -> None:
    """Item 8: SIGTERM (a CI cancel) and SIGINT write what was found, marked incomplete."""
    out = tmp_path / "o"
    proc = _start_hanging_run(out, tmp_path)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and not workers:
        time.sleep(0.2)
        workers = _workers_of(proc.pid)
    assert workers, "the run never started a worker"
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 4, stdout + stderr
    assert "Traceback" not in stderr
    raw = json.loads((out / "results.json").read_text())
    assert raw["run"]["complete"] is False
    assert "incomplete run" in (out / "report.html").read_text().lower()
    time.sleep(0.2)
    assert not [
        w
        for w in workers
        if Path(f"/proc/{w}").exists() and (Path(f"/proc/{w}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z")
    ]


@pytest.mark.slow
def test_a_partial_run_never_replaces_a_complete_one(tmp_path: Path) -> None:
    out = tmp_path / "o"
    done = cli("run", "--invariant", ONE, "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0
    complete = (out / "results.json").read_text()
    proc = _start_hanging_run(out, tmp_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _workers_of(proc.pid):
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 4, stdout + stderr
    assert (out / "results.json").read_text() == complete
    assert json.loads((out / "results.partial.json").read_text())["run"]["complete"] is False
    assert (out / "report.partial.html").exists()


#: One case of each message runs in the README's test command; the same message from other commands
#: (each a CLI subprocess) runs with the slow tests, in `.ci/run`.
SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "-n", "-1"], "expected a number of workers"),
        pytest.param(["run", "-n", "abc"], "expected a number of workers", marks=SLOW),
        (["run", "--call-timeout", "soon"], "expected a number of seconds"),
        (["run", "--out", "{file}"], "is an existing file"),
        (["run", "--out", "{file}/below"], "cannot create the output directory"),
        (["report", "{latin1}"], "not UTF-8"),
        (["report", "{nested}"], "nested too deeply"),
        (["report", "{good}", "--out", "{dir}"], "is a directory"),
        (["report", "{good}", "--out", "{file}/below.html"], "cannot write"),
        pytest.param(["controls", "--out", "{file}"], "is an existing file", marks=SLOW),
        pytest.param(["merge", "{good}", "--out", "{file}"], "existing file|cannot write", marks=SLOW),
        pytest.param(["merge", "{good}", "--out", "{file}/below"], "cannot create|cannot write", marks=SLOW),
        pytest.param(
            ["replay", "{good}", "--invariant", "mana.could-produce", "--out", "{file}"],
            "is an existing file",
            marks=SLOW,
        ),
        pytest.param(["run", "--corpus", "{deepcorpus}"], "nested too deeply", marks=SLOW),
        pytest.param(["run", "--cards", "{nested}"], "nested too deeply", marks=SLOW),
        pytest.param(["rulings", "--cards", "{nested}"], "nested too deeply", marks=SLOW),
        pytest.param(
            ["rulings", "import", "{nested}", "--out", "{dir}/imported.toml"], "nested too deeply", marks=SLOW
        ),
        pytest.param(["mutants", "--controls", "{nested}"], "nested too deeply", marks=SLOW),
        pytest.param(["mutants", "--controls", "{latin1}"], "not UTF-8", marks=SLOW),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    """Item 12 and the small ones of item 14."""
    (tmp_path / "file").write_text("x")
    (tmp_path / "latin1.json").write_bytes(b'{"schema": "caf\xe9"}')
    (tmp_path / "nested.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "dir").mkdir()
    (tmp_path / "deepcorpus").mkdir()
    (tmp_path / "deepcorpus" / "deep.toml").write_text("value = " + "[" * 5000 + "]" * 5000 + "\n")
    good = tmp_path / "good.json"
    from reports.results import EngineInfo, Results, RunInfo

    good.write_text(Results(run=RunInfo("s", "f", "ci", None, (EngineInfo("e", "1"),), "c", "0", 0.0)).to_json())
    names = {
        "file": tmp_path / "file",
        "latin1": tmp_path / "latin1.json",
        "nested": tmp_path / "nested.json",
        "good": good,
        "dir": tmp_path / "dir",
        "deepcorpus": tmp_path / "deepcorpus",
    }
    done = cli(*[a.format(**names) for a in args], cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert re.search(message, done.stderr), done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_an_in_process_engine_that_kills_its_xdist_worker_gets_an_error(tmp_path: Path) -> None:
    """Item 6: a native abort in-process (under -n) leaves a record for its case."""
    done = cli(
        "run",
        "--engine",
        "fault_engines:Fault_state_abort",
        "--invariant",
        ONE,
        "-n",
        "1",
        "--out",
        str(tmp_path / "o"),
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    results = read_results(tmp_path / "o" / "results.json")
    assert results.results and all(
        r.status == "error" and "killed its test process" in r.reason for r in results.results
    )


def test_report_renders_a_counterexample_of_unusual_shape(tmp_path: Path) -> None:
    """Item 12: a schema-valid file whose counterexample state is odd renders, never a traceback."""
    from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo

    odd = {"players": {"0": "x"}, "battlefield": [[1]], "objects": "none", "stack": 5, "turn": []}
    record = ResultRecord(
        "e", "i", ("r",), "outcome", "fail", failure=Failure("m", counterexample=Counterexample(state=odd))
    )
    path = tmp_path / "odd.json"
    path.write_text(
        Results(run=RunInfo("s", "f", "ci", None, (EngineInfo("e", "1"),), "c", "0", 0.0), results=(record,)).to_json()
    )
    done = cli("report", str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "report.html").exists()


@pytest.mark.parametrize(
    "how",
    [
        pytest.param("keyboard_interrupt", marks=pytest.mark.slow),
        pytest.param("system_exit", marks=pytest.mark.slow),
        "panic",
        pytest.param("generator_exit", marks=pytest.mark.slow),
    ],
)
def test_a_base_exception_from_an_in_process_engine_does_not_stop_the_run(tmp_path: Path, how: str) -> None:
    """Item 6 end to end: under the CLI (signal handlers installed), a KeyboardInterrupt or
    SystemExit the engine raises itself is its fault: every case gets its error, the run is
    complete, and pytest is not interrupted."""
    done = cli(
        "run",
        "--engine",
        f"fault_engines:Fault_state_{how}",
        "--invariant",
        ONE,
        "--out",
        str(tmp_path / "o"),
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "INCOMPLETE" not in done.stdout
    results = read_results(tmp_path / "o" / "results.json")
    assert results.run.complete and results.results
    assert all(r.status == "error" for r in results.results), [r.reason for r in results.results]
