"""The kill report: mutants are killed or survive, with the figures issue 5 asks for; the
`mutants` command runs them through the suite and exits 1 if any survives."""

import json
import subprocess
import sys

import pytest

from engines.mutants import all_mutants, load_mutant
from harness.plan import plan
from harness.registry import available
from reports.mutants import MutantInfo, MutantRow, format_table, idle_invariants, kill_rows, summary
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo


def _results(records):
    run = RunInfo(
        "2026-11-30T00:00:00+00:00",
        "2026-11-30T00:00:01+00:00",
        "ci",
        None,
        (EngineInfo("mutant:a", "0"),),
        "x",
        "0",
        1.0,
    )
    return Results(run, (), tuple(records))


def _fail(engine, invariant, first, size):
    failure = Failure("m", counterexample=Counterexample({"players": []}), size=size)
    return ResultRecord(
        engine,
        invariant,
        ("r",),
        "outcome",
        "fail",
        examples=first + 2,
        examples_to_first_failure=first,
        failure=failure,
    )


def test_kill_rows_and_summary():
    mutants = [MutantInfo("a", "mutant:a", ("r",), "bug a"), MutantInfo("b", "mutant:b", ("r",), "bug b")]
    records = [
        _fail("mutant:a", "i1", 4, 5),
        _fail("mutant:a", "i2", 2, 3),
        ResultRecord("mutant:b", "i1", ("r",), "outcome", "pass", examples=100),
    ]
    rows = kill_rows(_results(records), mutants)
    assert rows[0] == MutantRow("a", "mutant:a", ("r",), "bug a", "killed", ("i1", "i2"), 2, 2, 3)
    assert rows[1].status == "survived" and rows[1].killed_by == () and rows[1].examples_to_kill is None
    s = summary(rows)
    assert s == {
        "mutants": 2,
        "killed": 1,
        "survived": 1,
        "median_examples_to_kill": 2,
        "share_small_counterexamples": 1.0,
        "killed_only_by_neighbours": 0,
    }
    table = format_table(rows)
    assert "SURVIVED" in table and "none of 1 invariants" in table
    assert idle_invariants(_results(records), ["i1", "i2", "i3"]) == ["i3"]


def test_kills_only_from_a_neighbouring_ruling_are_counted():
    mutants = [MutantInfo("a", "mutant:a", ("other",), "bug a")]
    rows = kill_rows(_results([_fail("mutant:a", "i1", 4, 5)]), mutants)
    assert rows[0].only_neighbours and summary(rows)["killed_only_by_neighbours"] == 1
    assert "neighbouring ruling's invariants: 1" in format_table(rows)


def test_every_mutant_names_known_rulings_and_is_never_a_registered_engine():
    from rulings.corpus import load_corpus

    ids = {r.id for r in load_corpus()}
    for m in all_mutants().values():
        assert m.breaks and set(m.breaks) <= ids, m.id
        assert m.spec.startswith("mutant:")
        assert load_mutant(m.spec).name == m.spec
    assert not any(name.startswith("mutant") for name in available())


def test_every_mutant_is_checked_by_at_least_one_invariant():
    cases = plan((), (), "targeted")
    checked = {c.engine for c in cases}
    assert checked == {m.spec for m in all_mutants().values()}


@pytest.mark.slow
def test_mutants_command_on_two_mutants(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "mutants",
            "--profile",
            "ci",
            "--mutant",
            "ninja-enters-untapped",
            "--mutant",
            "shuffle-only-top-four",
            "--out",
            str(tmp_path / "m"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads((tmp_path / "m" / "mutants.json").read_text())
    assert data["schema"] == "mtg-conformance/mutants"
    assert {m["id"] for m in data["mutants"]} == {"ninja-enters-untapped", "shuffle-only-top-four"}
    assert all(m["status"] == "killed" and m["killed_by"] for m in data["mutants"])
    assert "2 of 2 mutants killed" in done.stdout


def test_unknown_mutant_is_a_usage_error(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "harness.cli", "mutants", "--mutant", "nope", "--out", str(tmp_path / "m")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "unknown mutant(s) nope" in done.stderr
