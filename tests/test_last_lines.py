"""The last console line of each judging command states the verdict that decides its exit status
and agrees with it (issue 30): a gated run with an expected failure exits 0 and does not end with
pytest's "1 failed"; a baseline failure says so; a merge missing a shard names it; a mutants run
ends with its kill verdict; a controls run with its vacuity verdict. Each runs the CLI in a
subprocess on one mutant and one or two rulings under the ``ci`` profile, so each takes seconds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

MUTANT = "mutant:ninja-enters-any-target"  # breaks ninjutsu.same-attack-target
RULING = "ninjutsu.same-attack-target"
FAILING = "ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target"
EXPECTATIONS = (
    f'engine = "{MUTANT}"\n\n[expectations."{FAILING}"]\nstatus = "fail"\nreason = "seeded bug"\n'
    'bug = "https://example.org/bugs/1"\n'
)
PYTEST_SUMMARY = re.compile(r"^=* ?\d+ (failed|passed)")


def mtg(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args],
        check=False,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


def last_line(done: subprocess.CompletedProcess) -> str:
    """The command's last console line, which must end with its own exit status."""
    lines = done.stdout.strip().splitlines()
    assert lines, done.stderr
    last = lines[-1]
    assert last.startswith("mtg-conformance: "), done.stdout[-2000:]
    assert last.endswith(f"(exit {done.returncode})"), done.stdout[-2000:] + done.stderr
    assert not any(PYTEST_SUMMARY.match(line) for line in lines), "pytest's item counts contradict the verdict"
    return last


@pytest.mark.slow
def test_an_ungated_run_ends_with_its_failures(tmp_path):
    done = mtg("run", "--engine", MUTANT, "--profile", "ci", "--invariant", RULING, "--out", "out", cwd=tmp_path)
    assert done.returncode == 1
    assert last_line(done).startswith("mtg-conformance: failed: 1 fail, 0 error of 1 result")


@pytest.mark.slow
def test_a_green_gate_ends_with_its_verdict_and_publishes_no_failure(tmp_path):
    (tmp_path / "exp.toml").write_text(EXPECTATIONS)
    done = mtg(
        "run", "--engine", MUTANT, "--profile", "ci", "--invariant", RULING, "--expectations", "exp.toml",
        "--out", "out", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert last_line(done) == "mtg-conformance: gate passed: 1 expected failure, 0 unexpected (exit 0)"
    junit = ET.parse(tmp_path / "out" / "junit.xml").getroot()
    assert junit.get("failures") == "0" and not list(junit.iter("failure"))
    assert [s.get("message") for s in junit.iter("skipped")] == ["expected failure: seeded bug"]
    data = json.loads((tmp_path / "out" / "results.json").read_text())
    (failing,) = [r for r in data["results"] if r["invariant"] == FAILING]
    assert failing["expectation"]["reason"] == "seeded bug" and failing["expectation"]["status"] == "fail"
    assert failing["expectation"]["bug"] == "https://example.org/bugs/1"
    html = (tmp_path / "out" / "report.html").read_text()
    assert "Known issues (1)" in html and "seeded bug" in html


def test_a_file_for_another_engine_is_one_usage_line(tmp_path):
    (tmp_path / "exp.toml").write_text(EXPECTATIONS)
    done = mtg("run", "--profile", "ci", "--invariant", RULING, "--expectations", "reference=exp.toml", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"mtg-conformance: error: exp.toml: its engine is {MUTANT!r} but it would gate engine 'reference'"
    ]
    assert not (tmp_path / "conformance-report" / "results.json").exists()


@pytest.mark.slow
def test_a_baseline_failure_says_so_and_lists_no_unselected_invariant(tmp_path):
    base = mtg(
        "run", "--engine", MUTANT, "--profile", "ci", "--invariant", RULING, "--invariant", "ninjutsu.after-blockers",
        "--out", "base", cwd=tmp_path,
    )  # fmt: skip
    assert base.returncode == 1
    done = mtg(
        "run", "--engine", MUTANT, "--profile", "ci", "--invariant", RULING, "--baseline", "base/results.json",
        "--out", "out", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert last_line(done).startswith("mtg-conformance: baseline gate passed: no status changed")
    assert "REMOVED" not in done.stdout and "0 removed" in done.stdout
    fixed = mtg(
        "run", "--profile", "ci", "--invariant", RULING, "--baseline", "base/results.json", "--out", "fixed",
        cwd=tmp_path,
    )  # fmt: skip
    assert fixed.returncode == 1
    assert last_line(fixed).startswith("mtg-conformance: baseline gate failed: 1 fix against base/results.json")


@pytest.mark.slow
def test_a_merge_missing_a_shard_names_it(tmp_path):
    shard = mtg("run", "--profile", "ci", "--invariant", RULING, "--shard", "1/2", "--out", "s1", cwd=tmp_path)
    assert shard.returncode == 0 and last_line(shard).startswith("mtg-conformance: passed: ")
    done = mtg("merge", "s1/results.json", "--out", "merged", cwd=tmp_path)
    assert done.returncode == 4
    assert re.match(
        r"mtg-conformance: incomplete: shard 2/2 missing; \d+ cases from the other 1 of 2 shards", last_line(done)
    )


@pytest.mark.slow
def test_mutants_end_with_the_kill_verdict_not_the_failed_cases(tmp_path):
    done = mtg("mutants", "--mutant", "ninja-enters-any-target", "--out", "m", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert last_line(done) == "mtg-conformance: mutants passed: all 1 killed (exit 0)"
    assert "FAIL mutant:" not in done.stdout and "Traceback" not in done.stdout


@pytest.mark.slow
def test_controls_end_with_the_vacuity_verdict(tmp_path):
    done = mtg(
        "controls", "--control", "refuses-all", "--invariant", "ninjutsu.after-blockers", "--out", "c", cwd=tmp_path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert last_line(done) == "mtg-conformance: controls passed: no vacuous ruling (exit 0)"


@pytest.mark.slow
@pytest.mark.parametrize("option", ["--allow-vacuous-file"])
def test_controls_with_a_stale_tolerated_pair_fail_and_say_so(tmp_path, option):
    (tmp_path / "known.toml").write_text('[vacuous]\n"refuses-all" = ["ninjutsu.after-blockers"]\n')
    done = mtg(
        "controls", "--control", "refuses-all", "--invariant", "ninjutsu.after-blockers", option, "known.toml",
        "--out", "c", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert last_line(done).startswith("mtg-conformance: controls failed: 0 vacuous pairs not in known.toml, 1 listed")
