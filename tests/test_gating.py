"""The regression-gating story end to end, as a CI job runs it: the CLI in subprocesses on the
reference engine and two mutants, over a few invariants of two ninjutsu rulings.

run -> expectations update -> gated rerun (exit 0) -> a changed expectation or a second mutant's
failure (exit 1, named) -> the reference engine (exit 1: unexpected pass); shards 1/3..3/3 merged
equal the unsharded run; replay of a stored failure gives the same verdict without drawing;
a persistent example database tries a known failure first.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from harness import cli
from reports.results import Results, read_results

MUTANT = "mutant:ninja-enters-any-target"  # breaks ninjutsu.same-attack-target
SECOND = "mutant:ninjutsu-before-blockers"  # breaks ninjutsu.after-blockers
SCOPE = ("--invariant", "ninjutsu.after-blockers", "--invariant", "ninjutsu.same-attack-target")
FAILING = "ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target"


def mtg(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args],
        check=False,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def mutant_run(tmp_path_factory) -> Path:
    """One unsharded run of the mutant: its folder (results.json, report.html, junit.xml)."""
    root = tmp_path_factory.mktemp("gating")
    done = mtg("run", "--engine", MUTANT, "--profile", "ci", *SCOPE, "--out", "whole", cwd=root)
    assert done.returncode == 1, done.stdout + done.stderr
    (root / "terminal.txt").write_text(done.stdout)  # what the run printed, in its working folder
    return root / "whole"


@pytest.mark.slow
def test_expectations_gate_story(mutant_run, tmp_path):
    results = mutant_run / "results.json"
    exp = tmp_path / "mutant-expectations.toml"
    done = mtg("expectations", "update", str(results), str(exp), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "1 added" in done.stdout
    text = exp.read_text()
    assert f'[expectations."{FAILING}"]' in text and 'status = "fail"' in text
    assert f'engine = "{MUTANT}"' in text

    # The known failure is expected: the gate is green although a case fails.
    done = mtg(
        "run", "--engine", MUTANT, "--profile", "ci", *SCOPE, "--expectations", str(exp), "--out", "g1", cwd=tmp_path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"expectations: all 5 results match {exp}" in done.stdout

    # A human explains it; the reason survives the next update.
    exp.write_text(text.replace('reason = "fail: ', 'reason = "seeded bug: '))
    assert mtg("expectations", "update", str(results), str(exp), cwd=tmp_path).returncode == 0
    assert 'reason = "seeded bug: ' in exp.read_text()

    # The expected status changes: exit 1, naming the invariant, its ruling, expected and actual.
    exp.write_text(exp.read_text().replace('status = "fail"', 'status = "error"'))
    done = mtg(
        "run", "--engine", MUTANT, "--profile", "ci", *SCOPE, "--expectations", str(exp), "--out", "g2", cwd=tmp_path
    )
    assert done.returncode == 1
    assert (
        f"STATUS CHANGED: {FAILING} on {MUTANT}; ruling ninjutsu.same-attack-target; expected error, actual fail"
    ) in done.stdout
    exp.write_text(exp.read_text().replace('status = "error"', 'status = "fail"'))

    # The file is the first mutant's: gating another engine with it is a usage error, one line.
    done = mtg(
        "run", "--engine", SECOND, "--profile", "ci", *SCOPE, "--expectations", str(exp), "--out", "g3", cwd=tmp_path
    )
    assert done.returncode == 2 and f"its engine is {MUTANT!r} but it would gate engine {SECOND!r}" in done.stderr
    assert not (tmp_path / "g3").exists()

    # Taken over for a second mutant: its failure is a new failure (and its pass of the first one's
    # bug is stale).
    second = tmp_path / "second.toml"
    second.write_text(exp.read_text().replace(f'engine = "{MUTANT}"', f'engine = "{SECOND}"'))
    done = mtg(
        "run", "--engine", SECOND, "--profile", "ci", *SCOPE, "--expectations", f"{SECOND}={second}", "--out", "g3",
        cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1
    assert f"NEW FAILURE: ninjutsu.after-blockers/ninjutsu/refused-before-blockers on {SECOND}" in done.stdout
    assert "expected pass, actual fail" in done.stdout
    assert (
        done.stdout.strip()
        .splitlines()[-1]
        .startswith("mtg-conformance: gate failed: 3 unexpected of 5 results (2 new failures, 1 unexpected pass)")
    )

    # The failure goes away (the reference engine): the expectation is stale, exit 1.
    fixed = tmp_path / "fixed.toml"
    fixed.write_text(exp.read_text().replace(f'engine = "{MUTANT}"', 'engine = "reference"'))
    done = mtg("run", "--profile", "ci", *SCOPE, "--expectations", str(fixed), "--out", "g4", cwd=tmp_path)
    assert done.returncode == 1
    assert (
        f"UNEXPECTED PASS: {FAILING} on reference; ruling ninjutsu.same-attack-target; expected fail, actual pass"
        in done.stdout
    )

    # A line naming no invariant is a usage error before anything runs.
    exp.write_text(exp.read_text() + '\n[expectations."ninjutsu.no-such-ruling"]\nstatus = "fail"\n')
    done = mtg(
        "run", "--engine", MUTANT, "--profile", "ci", *SCOPE, "--expectations", str(exp), "--out", "g5", cwd=tmp_path
    )
    assert done.returncode == 2 and "'ninjutsu.no-such-ruling' names no known invariant" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "g5").exists()


def _without_timings(results: Results) -> Results:
    run = replace(results.run, started="", finished="", duration=0.0, command="")
    return replace(results, run=run, results=tuple(replace(r, duration=0.0) for r in results.results))


@pytest.mark.slow
def test_shards_merged_equal_the_unsharded_run(mutant_run, tmp_path):
    parts = []
    for i in (1, 2, 3):
        done = mtg(
            "run",
            "--engine",
            MUTANT,
            "--profile",
            "ci",
            *SCOPE,
            "--shard",
            f"{i}/3",
            "--out",
            f"shard-{i}",
            cwd=tmp_path,
        )
        assert done.returncode in (0, 1), done.stdout + done.stderr
        shard = read_results(tmp_path / f"shard-{i}" / "results.json")
        assert (
            shard.run.shard == f"{i}/3" and shard.run.engines == read_results(mutant_run / "results.json").run.engines
        )
        parts.append(f"shard-{i}/results.json")
    sizes = [len(read_results(tmp_path / p).results) for p in parts]
    assert sum(sizes) == 5 and max(sizes) < 5  # every case once, really split
    done = mtg("merge", *parts, "--out", "merged", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr  # the mutant's failure, as the whole run
    merged = read_results(tmp_path / "merged" / "results.json")
    assert _without_timings(merged) == _without_timings(read_results(mutant_run / "results.json"))
    assert (tmp_path / "merged" / "report.html").is_file() and (tmp_path / "merged" / "junit.xml").is_file()

    # Results that are not shards of one run are refused with a clear message.
    other = json.loads((tmp_path / parts[0]).read_text())
    other["run"]["profile"] = "dev"
    (tmp_path / "other.json").write_text(json.dumps(other))
    done = mtg("merge", "other.json", parts[1], "--out", "bad", cwd=tmp_path)
    assert done.returncode == 2
    assert f"cannot merge: {parts[1]} has profile ci but other.json has dev" in done.stderr


def test_replay_gives_the_same_verdict_without_drawing(mutant_run, tmp_path, monkeypatch, capsys):
    from hypothesis.internal.conjecture.data import ConjectureData

    def no_drawing(*args, **kwargs):
        raise AssertionError("replay drew from Hypothesis")

    monkeypatch.setattr(ConjectureData, "draw", no_drawing)
    stored = next(r for r in read_results(mutant_run / "results.json").results if r.status == "fail")
    # The params are a typed record: the results name its type and replay decodes it back.
    from generators.records import record_id
    from harness.replay import decode_params

    stored_type = stored.failure.counterexample.params_type
    assert stored_type and ":" not in stored_type and "." not in stored_type  # a stable id, no module path
    assert record_id(decode_params(stored.failure.counterexample)) == stored_type
    words = shlex.split(stored.failure.reproduce)
    assert words[:3] == ["mtg-conformance", "replay", "results.json"] and "--out" in words
    monkeypatch.chdir(mutant_run)  # the stored command is run from the report's folder
    code = cli.main(words[1:])
    out = capsys.readouterr().out
    assert code == 1
    assert out.startswith(f"same verdict: fail: {stored.failure.message}")
    (again,) = read_results(mutant_run / words[-1] / "results.json").results
    assert (again.status, again.failure.message, again.failure.counterexample) == (
        "fail",
        stored.failure.message,
        stored.failure.counterexample,
    )
    # On the reference engine the same state passes, and replay says so.
    code = cli.main(
        [
            "replay",
            "results.json",
            "--invariant",
            FAILING,
            "--engine",
            "reference",
            "--out",
            str(tmp_path / "on-reference"),
        ]
    )
    assert code == 0 and capsys.readouterr().out.startswith(f"now passes: {FAILING} on reference")


def test_the_terminal_replay_command_runs_where_it_is_printed(mutant_run, monkeypatch, capsys):
    """The run's terminal output is read in the folder the run was started from, not in the
    report's folder: its replay command names the results file from there, and still writes to a
    fresh folder of its own."""
    root = mutant_run.parent
    (line,) = [x for x in (root / "terminal.txt").read_text().splitlines() if x.strip().startswith("reproduce:")]
    words = shlex.split(line.split("reproduce:", 1)[1])
    assert words[:3] == ["mtg-conformance", "replay", "whole/results.json"], words
    out = words[words.index("--out") + 1]
    assert not (root / out).exists()
    monkeypatch.chdir(root)
    assert cli.main(words[1:]) == 1
    assert capsys.readouterr().out.startswith("same verdict: fail: ")
    assert (root / out / "report.html").is_file() and (mutant_run / "report.html").is_file()


def test_the_terminal_lists_failures_by_engine_and_invariant_without_harness_paths(mutant_run):
    """A CI log names the failing cases as the report does, not as pytest items under the harness's
    install folder (``FAILED ../../site-packages/harness/suite.py::test_conformance[...]``)."""
    text = (mutant_run.parent / "terminal.txt").read_text()
    assert "suite.py" not in text and "site-packages" not in text, text
    assert f"FAIL {MUTANT} {FAILING}: the Ninja attacks another target" in text


def test_replay_never_writes_over_a_run_report(mutant_run, tmp_path, capsys):
    """``--out`` naming the report's own folder (or a path that cannot be a folder) is refused with
    one line before anything runs; the report replayed from stays as it was."""
    before = (mutant_run / "results.json").read_bytes()
    (tmp_path / "plain").write_text("a file")
    for out, said in ((mutant_run, "holds a run's report"), (tmp_path / "plain" / "sub", "cannot write")):
        code = cli.main(["replay", str(mutant_run / "results.json"), "--invariant", FAILING, "--out", str(out)])
        err = capsys.readouterr().err
        assert code == 2 and said in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert (mutant_run / "results.json").read_bytes() == before
    # An earlier replay's folder may be replayed into again (the printed command, run twice).
    again = tmp_path / "again"
    for _ in range(2):
        code = cli.main(["replay", str(mutant_run / "results.json"), "--invariant", FAILING, "--out", str(again)])
        assert code == 1, capsys.readouterr().err


@pytest.mark.slow
def test_baseline_diff_in_summary_and_report(mutant_run, tmp_path):
    done = mtg(
        "run", "--profile", "ci", *SCOPE, "--baseline", str(mutant_run / "results.json"), "--out", "base", cwd=tmp_path
    )
    assert done.returncode == 1  # a fix differs from the baseline: the baseline gate fails
    assert f"FIX: {FAILING} on reference: fail -> pass" in done.stdout
    assert "diff against " in done.stdout and "0 regressions, 1 fixes" in done.stdout
    html = (tmp_path / "base" / "report.html").read_text()
    assert "Changes since" in html and FAILING in html
    done = mtg("diff", str(mutant_run / "results.json"), "base/results.json", "--html", "diff.html", cwd=tmp_path)
    assert done.returncode == 1 and "FIX: " in done.stdout
    assert "Conformance diff" in (tmp_path / "diff.html").read_text()


@pytest.mark.slow
def test_example_database_tries_a_known_failure_first(tmp_path):
    """A random profile reads the database (the derandomized ci profile only writes it:
    tests/test_database.py)."""
    args = ("run", "--engine", MUTANT, "--profile", "dev", "--seed", "7", "--invariant", FAILING, "--database", "db")
    first = mtg(*args, "--out", "one", cwd=tmp_path)
    assert first.returncode == 1, first.stdout + first.stderr
    assert any((tmp_path / "db").iterdir())
    second = mtg(*args, "--out", "two", cwd=tmp_path)
    assert second.returncode == 1
    (record,) = read_results(tmp_path / "two" / "results.json").results
    assert record.examples_to_first_failure == 1
