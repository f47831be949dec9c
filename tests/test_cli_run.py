"""The whole path, as a user runs it: the CLI in a subprocess, writing into a temporary folder."""

import json
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from harness.plan import compiled_suite, select_invariants
from reports.results import SCHEMA, VERSION, read_results
from rulings.compile import compile_corpus


def cli(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow
def test_full_suite_passes_on_the_reference_engine(tmp_path):
    out = tmp_path / "report"
    done = cli("run", "--profile", "ci", "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    results = read_results(out / "results.json")
    suite = compile_corpus()
    # The reference engine is exact for the corpus: every invariant passes, none is left out.
    assert {r.invariant: r.status for r in results.results} == {inv.id: "pass" for inv in suite.invariants}
    assert {r.id for r in results.rulings} == {r.id for r in suite.corpus}
    raw = json.loads((out / "results.json").read_text())
    assert raw["schema"] == SCHEMA and raw["version"] == VERSION
    html = (out / "report.html").read_text()
    assert "Ninjutsu abilities can be activated only after blockers have been declared." in html
    junit = ET.parse(out / "junit.xml").getroot()
    assert "ninjutsu.after-blockers" in ET.tostring(junit, encoding="unicode")
    assert "pass" in done.stdout  # the summary line


@pytest.mark.slow
def test_broken_engine_fails_the_ruling_it_breaks(tmp_path):
    out = tmp_path / "broken"
    done = cli(
        "run",
        "--engine",
        "mutant:ninja-enters-any-target",
        "--profile",
        "ci",
        "--invariant",
        "ninjutsu.same-attack-target",
        "--out",
        str(out),
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    (record,) = read_results(out / "results.json").results
    assert record.status == "fail"
    assert record.rulings == ("ninjutsu.same-attack-target",)
    failure = record.failure
    assert "attacks another target" in failure.message
    assert failure.counterexample.state["battlefield"]
    assert any("ninjutsu" in step.action for step in failure.trace)
    assert failure.reproduce.startswith("mtg-conformance replay results.json --engine mutant:ninja-enters-any-target")
    assert failure.size <= 6  # shrunk toward a small board
    html = (out / "report.html").read_text()
    assert "mutant:ninja-enters-any-target" in html and "attacks another target" in html
    # The reproduction command, run in the report's folder, replays it into a folder of its own.
    again = subprocess.run(
        [sys.executable, "-m", "harness.cli", *shlex.split(failure.reproduce)[1:]],
        cwd=out,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert again.returncode == 1, again.stdout + again.stderr
    assert again.stdout.startswith("same verdict: fail: " + failure.message)
    (repeat,) = read_results(out / shlex.split(failure.reproduce)[-1] / "results.json").results
    assert repeat.failure.counterexample == failure.counterexample
    assert read_results(out / "results.json").results == (record,)  # the report it came from is untouched


@pytest.mark.parametrize(
    "args, message",
    [
        (["--engine", "nosuch"], "unknown engine 'nosuch'"),
        (["--engine", "nosuch.module:Engine"], "cannot import 'nosuch.module'"),
        # the corpus is compiled before this one is known (about 5 s); `controls` has the same error unmarked
        pytest.param(
            ["--invariant", "no.such-ruling"], "no invariant matches 'no.such-ruling'", marks=pytest.mark.slow
        ),
        (["--profile", "fast"], "invalid choice: 'fast'"),
    ],
)
def test_usage_errors_exit_2_with_one_line(tmp_path, args, message):
    done = cli("run", *args, "--out", str(tmp_path / "x"), cwd=tmp_path)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_xdist_workers_give_the_same_results(tmp_path):
    done = cli(
        "run",
        "--profile",
        "ci",
        "-n",
        "2",
        "--invariant",
        "ninjutsu.reveal-and-return",
        "--out",
        str(tmp_path / "par"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    records = read_results(tmp_path / "par" / "results.json").results
    # Every invariant of the ruling, in the compiled suite's order, whichever worker ran it.
    wanted = [i.id for i in compile_corpus().invariants if i.id.startswith("ninjutsu.reveal-and-return/")]
    assert len(wanted) >= 2
    assert [r.invariant for r in records] == wanted
    assert all(r.status == "pass" for r in records)


@pytest.mark.slow
def test_report_command_renders_results_again(tmp_path):
    out = tmp_path / "r"
    assert (
        cli(
            "run", "--profile", "ci", "--invariant", "ninjutsu.after-blockers", "--out", str(out), cwd=tmp_path
        ).returncode
        == 0
    )
    (out / "report.html").unlink()
    done = cli("report", str(out / "results.json"), cwd=tmp_path)
    assert done.returncode == 0 and (out / "report.html").exists()
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": "other"}')
    done = cli("report", str(bad), cwd=tmp_path)
    assert done.returncode == 2 and "schema" in done.stderr


@pytest.mark.slow
def test_any_engine_can_run_isolated_in_a_worker_process(tmp_path):
    done = cli(
        "run",
        "--engine",
        "isolated:reference",
        "--profile",
        "ci",
        "--invariant",
        "ninjutsu.after-blockers",
        "--out",
        str(tmp_path / "iso"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    records = read_results(tmp_path / "iso" / "results.json").results
    assert records and all(r.status == "pass" and r.engine == "isolated:reference" for r in records)


def test_a_family_name_selects_its_rulings_invariants_and_no_others():
    """``--invariant trample`` names every ``trample.*`` invariant; ``ninjutsu`` does not name the
    ``library-ninjutsu.*`` or ``commander-ninjutsu.*`` ones."""
    suite = compiled_suite()
    every = [inv.id for inv in suite.invariants]
    assert select_invariants(suite, ["trample"]) == [i for i in every if i.startswith("trample.")]
    ninjutsu = select_invariants(suite, ["ninjutsu"])
    assert ninjutsu and all(i.startswith("ninjutsu.") for i in ninjutsu)
    assert select_invariants(suite, ["trample."]) == select_invariants(suite, ["trample"])
