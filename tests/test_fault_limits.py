"""Limits an engine cannot switch off, and processes (issue 27, items 5, 6, 7, 9 and 10): engines
that cancel the harness's timer, leave threads, escape the worker's process group, answer slowly
every time, and results files that name modules to import. Each builds the misbehaving adapter
(``tests/fault_limits_engines.py``) and asserts the outcome: a verdict naming the engine's fault,
nothing lost, no process left, an honest exit status (docs/reliability.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from fault_engines import matrix_state

from protocol import codec
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo, write_results

HERE = Path(__file__).resolve().parent
#: An invariant of the shipped suite (replay checks the id before anything else).
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
