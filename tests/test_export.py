"""``replay --export DIR``: standalone reproductions that run without the harness.

The slow test runs phase on every invariant its expectations file lists as a deviation, exports
each failure, and runs each script in a clean interpreter (``python -I -S``, only the ``phase``
package on the path: the harness is not importable there) to check it still shows its deviation.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from harness.export import file_name
from protocol.adapter import Deviation, Reproducible

ROOT = Path(__file__).resolve().parent.parent
PHASE_EXPECTATIONS = ROOT / "docs" / "engines" / "phase-expectations.toml"

#: Runs a script with only the directory ``argv[1]`` on the path, after checking that the harness
#: cannot be imported there.
BOOTSTRAP = (
    "import importlib.util, runpy, sys; sys.path[:0] = [sys.argv[1]]; "
    "assert importlib.util.find_spec('harness') is None, 'the harness is importable'; "
    "assert importlib.util.find_spec('protocol') is None, 'the harness is importable'; "
    "sys.argv = sys.argv[2:]; runpy.run_path(sys.argv[0], run_name='__main__')"
)


def distribution_roots(name: str, seen: set[str] | None = None) -> set[Path]:
    """The top-level modules and packages of the installed distribution ``name`` and of the
    distributions it requires (extras left out): what a clean environment needs of it."""
    seen = set() if seen is None else seen
    if name.lower() in seen:
        return set()
    seen.add(name.lower())
    dist = metadata.distribution(name)
    roots = set()
    for file in dist.files or ():
        top = file.parts[0]
        if top.endswith((".dist-info", ".data")) or top == ".." or top == "__pycache__":
            continue
        roots.add(Path(str(dist.locate_file(top))))
    for requirement in dist.requires or ():
        if "extra ==" in requirement:
            continue
        roots |= distribution_roots(re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0], seen)
    return roots


def run_clean(script: Path, distribution: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``script`` run by a fresh interpreter that sees no site-packages and no harness: only the
    engine's distribution and what it requires, linked into a folder of their own."""
    lib = tmp_path / "clean-lib"
    lib.mkdir(exist_ok=True)
    for root in distribution_roots(distribution):
        link = lib / root.name
        if not link.exists():
            link.symlink_to(root, target_is_directory=root.is_dir())
    return subprocess.run(
        [sys.executable, "-I", "-S", "-c", BOOTSTRAP, str(lib), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin"},
    )


def test_file_names_are_plain() -> None:
    name = file_name("phase", "ninjutsu.after-blockers/ninjutsu/offered-after-blockers")
    assert name == "phase--ninjutsu.after-blockers_ninjutsu_offered-after-blockers.py"
    assert "/" not in file_name("x", "../../etc/passwd") and not file_name("x", "../a").startswith(".")


def test_the_reference_engine_cannot_export() -> None:
    from engines.reference import ReferenceEngine

    assert not isinstance(ReferenceEngine(), Reproducible)


def stored_failure(tmp_path: Path, engine: str) -> Path:
    """A results file holding one failure of ``engine`` with a stored counterexample."""
    from generators import cards
    from protocol import codec
    from protocol.builder import StateBuilder
    from reports.results import Counterexample, Failure, ResultRecord, Results, RunInfo, write_results

    b = StateBuilder()
    b.permanent(cards.creature(2, 2), 0)
    state = b.build(turn=3, active_player=0)
    failure = Failure("it failed", counterexample=Counterexample(codec.to_jsonable(state)))
    record = ResultRecord(
        engine, "haste.attacks-at-once/sick-creature-attacks", ("r",), "outcome", "fail", failure=failure
    )
    run = RunInfo("2026-12-05T00:00:00+00:00", "2026-12-05T00:00:01+00:00", "ci", None, (), "test", "0", 1.0)
    return write_results(Results(run, (), (record,)), tmp_path / "results.json")


def test_an_engine_without_a_script_writer_is_named_and_the_export_fails(tmp_path: Path) -> None:
    from harness.export import export_one

    path = stored_failure(tmp_path, "reference")
    outcome = export_one(
        str(path), "haste.attacks-at-once/sick-creature-attacks", "reference", "reference", str(tmp_path)
    )
    assert outcome.path is None and "cannot export reproductions" in outcome.note
    shown = subprocess.run(
        [sys.executable, "-m", "harness.cli", "replay", str(path), "--export", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert shown.returncode == 1 and "exported 0 of 1" in shown.stdout, shown.stdout + shown.stderr


def test_nothing_to_export_is_bad_input(tmp_path: Path) -> None:
    from reports.results import Results, RunInfo, write_results

    run = RunInfo("2026-12-05T00:00:00+00:00", "2026-12-05T00:00:01+00:00", "ci", None, (), "test", "0", 1.0)
    path = write_results(Results(run, (), ()), tmp_path / "results.json")
    shown = subprocess.run(
        [sys.executable, "-m", "harness.cli", "replay", str(path), "--export", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert shown.returncode == 2 and "no failure" in shown.stdout + shown.stderr
    (tmp_path / "a-file").write_text("x")
    shown = subprocess.run(
        [sys.executable, "-m", "harness.cli", "replay", str(path), "--export", str(tmp_path / "a-file")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert shown.returncode == 2 and "is an existing file" in shown.stdout + shown.stderr


def test_a_comment_cannot_end_and_run_code() -> None:
    from engines.kit.reproduce import comment as _comment

    hostile = "ruling\nimport os; os.system('echo owned')\r\x00x = 1\x0b\u2028y"
    text = _comment(hostile)
    compile(text, "<comment>", "exec")  # no null byte, no code
    assert all(line.startswith("#") for line in text.split("\n"))
    assert "\\x00" in text and "\\r" in text


def deviations(expectations: Path) -> list[str]:
    """The invariants an engine's expectations file lists as failing (its known deviations)."""
    data = tomllib.loads(expectations.read_text(encoding="utf-8"))
    return sorted(k for k, v in data["expectations"].items() if v["status"] == "fail")


def phase_deviations() -> list[str]:
    return deviations(PHASE_EXPECTATIONS)


def test_the_phase_adapter_can_export() -> None:
    pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")
    from engines.phase.inprocess import PhaseInProcess

    assert isinstance(PhaseInProcess(), Reproducible)
    assert phase_deviations(), "the expectations file lists phase's deviations"
    assert Deviation("i", (("r", "t"),), "m").expected == ""


#: How many of an engine's deviations the test exports and reproduces: a sample spread over the sorted list, so that
#: ``.ci/run`` stays in its time (phase lists 40, each reproduced in a clean interpreter); ``MTG_EXPORT_SAMPLE=all``
#: takes every one (``python benchmarks/export_reproduction.py`` runs it so and prints the figures).
EXPORT_SAMPLE = 8


def sampled(listed: list[str]) -> list[str]:
    """``listed``, or an evenly spread sample of :data:`EXPORT_SAMPLE` of them (every one with
    ``MTG_EXPORT_SAMPLE=all``, or that many with a number)."""
    chosen = os.environ.get("MTG_EXPORT_SAMPLE", str(EXPORT_SAMPLE))
    size = len(listed) if chosen == "all" else int(chosen)
    if size >= len(listed):
        return listed
    step = len(listed) / size
    return [listed[int(i * step)] for i in range(size)]


#: Each real engine: its entry point, its distribution (what a clean environment holds), its
#: import name and its expectations file.
REAL_ENGINES = [
    pytest.param("phase", "phase-python", "phase", "phase-expectations.toml", id="phase"),
    pytest.param("python-mtg", "python-mtg", "mtg", "python-mtg-expectations.toml", id="python-mtg"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("engine", "distribution", "module", "expectations"), REAL_ENGINES)
def test_every_deviation_exports_and_reproduces_without_the_harness(
    tmp_path: Path, engine: str, distribution: str, module: str, expectations: str
) -> None:
    pytest.importorskip(module, reason=f"{engine} extra not installed: pip install -e '.[{engine}]'")
    cli = [sys.executable, "-m", "harness.cli"]
    listed = deviations(ROOT / "docs" / "engines" / expectations)
    assert listed, f"the expectations file lists {engine}'s deviations"
    wanted = sampled(listed)
    run = [*cli, "run", "--engine", engine, "--profile", "ci", "-n", "1", "--out", str(tmp_path / "run")]
    for invariant in wanted:
        run += ["--invariant", invariant]
    subprocess.run(run, capture_output=True, text=True, timeout=1800, cwd=ROOT)
    results = tmp_path / "run" / "results.json"
    assert results.is_file()
    export = subprocess.run(
        [*cli, "replay", str(results), "--export", str(tmp_path / "repro")],
        capture_output=True,
        text=True,
        timeout=1800,
        cwd=ROOT,
    )
    assert export.returncode == 0, export.stdout + export.stderr
    scripts = sorted((tmp_path / "repro").glob("*.py"))
    assert [p.name for p in scripts] == sorted(file_name(engine, i) for i in wanted), export.stdout
    for script in scripts:
        shown = run_clean(script, distribution, tmp_path)
        assert shown.returncode == 1, f"{script.name}:\n{shown.stdout}\n{shown.stderr}"
        assert "DEVIATION REPRODUCED" in shown.stdout and "THE RULES EXPECT" in shown.stdout, shown.stdout
    # The control: a script whose recorded answer differs from the engine's says so and exits 0.
    tampered = tmp_path / "tampered.py"
    text = scripts[0].read_text(encoding="utf-8")
    assert text.count("RECORDED = json.loads('[") == 1
    tampered.write_text(text.replace("RECORDED = json.loads('[", 'RECORDED = json.loads(\'["not the engine",', 1))
    shown = run_clean(tampered, distribution, tmp_path)
    assert shown.returncode == 0 and "now answers differently" in shown.stdout, shown.stdout
