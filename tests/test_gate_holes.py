"""Holes found auditing the regression gate (issue 13), each pinned by a test: a gate that passes
a run that did not run everything, a merge that hides a missing shard, and output paths that end
in a traceback instead of one clear line. Synthetic results, no engine runs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from harness import cli
from harness.expectations import Expectations
from harness.gate import ExpectationsFile, Gate
from harness.merge import merge_results
from reports.results import (
    EXIT_INCOMPLETE,
    EngineInfo,
    ResultRecord,
    Results,
    RunInfo,
    read_results,
    write_results,
)

INVARIANTS = (
    "ninjutsu.after-blockers/ninjutsu/refused-before-blockers",
    "ninjutsu.after-blockers/ninjutsu/offered-after-blockers",
)


def run_info(**changes: object) -> RunInfo:
    base = RunInfo(
        "2025-01-01T00:00:00Z",
        "2025-01-01T00:00:09Z",
        "ci",
        None,
        (EngineInfo("eng", "1"),),
        "mtg-conformance run",
        "0.1.0",
        9.0,
        corpus="sha256:abc",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def passing(invariant: str) -> ResultRecord:
    return ResultRecord("eng", invariant, (invariant.split("/")[0],), "legality", "pass")


def test_an_incomplete_run_does_not_pass_the_expectations_gate(tmp_path):
    """Every finished case matches, but the run was cut short (time limit, a stop signal): what did
    not run may fail, so the gate must not be green (exit 4, as the ungated run)."""
    results = Results(run_info(complete=False, planned=2), results=(passing(INVARIANTS[0]),))
    gate = Gate(files=(ExpectationsFile(None, Expectations(source="exp.toml")),))
    verdict = gate.finish(results, tmp_path)
    assert verdict.code == EXIT_INCOMPLETE
    assert "gate not passed: incomplete: 1 of 2 cases finished" in verdict.line()


def test_an_incomplete_run_does_not_pass_the_baseline_gate(tmp_path, capsys):
    old = Results(run_info(), results=tuple(passing(i) for i in INVARIANTS))
    new = Results(run_info(complete=False, planned=2), results=(passing(INVARIANTS[0]),))
    write_results(new, tmp_path / "results.json")
    verdict = Gate(baseline=old, baseline_path="old.json").finish(new, tmp_path)
    assert verdict.code == EXIT_INCOMPLETE


def test_the_baseline_diff_of_a_partial_run_never_replaces_a_complete_report(tmp_path):
    """A run interrupted in a folder holding a complete run writes its files beside them
    (report.partial.html); the gate's re-rendered report with the diff must go there too."""
    complete = Results(run_info(), results=tuple(passing(i) for i in INVARIANTS))
    write_results(complete, tmp_path / "results.json")
    (tmp_path / "report.html").write_text("the complete run's report")
    partial = Results(run_info(complete=False, planned=2), results=(passing(INVARIANTS[0]),))
    write_results(partial, tmp_path / "results.partial.json")
    Gate(baseline=complete, baseline_path="old.json").finish(partial, tmp_path)
    assert (tmp_path / "report.html").read_text() == "the complete run's report"
    assert "Changes since old.json" in (tmp_path / "report.partial.html").read_text()


def test_a_merge_missing_a_shard_is_incomplete():
    """The merge job of a pipeline whose shard 2 never uploaded must not gate green."""
    one = Results(run_info(shard="1/2", planned=1), results=(passing(INVARIANTS[0]),))
    merged, warnings = merge_results([("one", one)])
    assert warnings and not merged.run.complete


def test_a_gated_merge_missing_a_shard_exits_incomplete(tmp_path, capsys):
    one = Results(run_info(shard="1/2", planned=1), results=(passing(INVARIANTS[0]),))
    write_results(one, tmp_path / "one.json")
    (tmp_path / "exp.toml").write_text("")
    code = cli.main(
        [
            "merge",
            str(tmp_path / "one.json"),
            "--expectations",
            str(tmp_path / "exp.toml"),
            "--out",
            str(tmp_path / "m"),
        ]
    )
    assert code == EXIT_INCOMPLETE
    assert not read_results(tmp_path / "m" / "results.json").run.complete


def _blocked(tmp_path: Path) -> Path:
    """A path under a regular file: no folder or file can be made there."""
    (tmp_path / "plain").write_text("a file, not a folder")
    return tmp_path / "plain" / "sub"


@pytest.mark.parametrize("command", ["merge", "diff"])
def test_an_output_path_that_cannot_be_written_is_one_clear_line(command, tmp_path, capsys):
    results = Results(run_info(), results=tuple(passing(i) for i in INVARIANTS))
    write_results(results, tmp_path / "results.json")
    blocked = _blocked(tmp_path)
    argv = {
        "merge": ["merge", str(tmp_path / "results.json"), "--out", str(blocked)],
        "diff": [
            "diff",
            str(tmp_path / "results.json"),
            str(tmp_path / "results.json"),
            "--html",
            str(blocked / "d.html"),
        ],
    }[command]
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("mtg-conformance: error: ") and "Traceback" not in err and err.count("\n") == 1
    assert str(tmp_path / "plain") in err


def test_a_database_path_that_is_not_a_folder_is_refused_before_the_run(tmp_path, capsys):
    """Hypothesis silently keeps nothing in a database it cannot write, so ``--database FILE`` would
    look like it works while no failure is ever tried first: refuse it, in one line."""
    (tmp_path / "db").write_text("a file")
    code = cli.main(
        [
            "run",
            "--profile",
            "ci",
            "--invariant",
            INVARIANTS[0],
            "--database",
            str(tmp_path / "db"),
            "--out",
            str(tmp_path / "o"),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and f"--database {str(tmp_path / 'db')!r} is an existing file, not a directory" in err, err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("command", ["run", "update"])
def test_an_expectations_file_that_is_not_utf8_is_one_clear_line(command, tmp_path, capsys):
    """A binary or wrongly encoded expectations file is bad input like bad TOML: one line, exit 2."""
    (tmp_path / "exp.toml").write_bytes(b"\xff\xfe\x00not text")
    results = Results(run_info(), results=tuple(passing(i) for i in INVARIANTS))
    write_results(results, tmp_path / "results.json")
    argv = {
        "run": ["run", "--profile", "ci", "--invariant", INVARIANTS[0], "--expectations", str(tmp_path / "exp.toml")]
        + ["--out", str(tmp_path / "o")],
        "update": ["expectations", "update", str(tmp_path / "results.json"), str(tmp_path / "exp.toml")],
    }[command]
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "exp.toml: not UTF-8 text" in err and err.count("\n") == 1, err
    assert (tmp_path / "exp.toml").read_bytes().startswith(b"\xff\xfe")  # update left it alone


def test_a_precondition_outside_a_search_sets_the_example_aside_without_deprecated_assume():
    """Replay and minimization run a check once, outside any Hypothesis test. There ``assume`` is
    deprecated (a warning in the run's output today, an error in a later Hypothesis), so a check's
    precondition must set the example aside by itself."""
    import warnings

    from hypothesis.errors import UnsatisfiedAssumption

    from protocol.model import GameState, PlayerState
    from protocol.probe import Probe

    class Idle:
        def state(self) -> GameState:
            return GameState(cards=(), objects=(), players=(PlayerState(0), PlayerState(1)))

        def legal_actions(self) -> list:
            return []

        def apply(self, action) -> list:
            return []

        def close(self) -> None:
            pass

    probe = Probe(Idle(), claims=())  # type: ignore[arg-type]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UnsatisfiedAssumption):
            probe.precondition(False, "not the state the claim is about")
    assert probe.set_aside == "not the state the claim is about"


def test_an_empty_shard_is_not_a_run_that_judged_nothing(tmp_path, capsys):
    """More shards than cases (a small ``--invariant`` selection on a wide CI matrix) leaves a shard
    with nothing to do: it must not turn its job red as "judged nothing" (exit 3), and its empty
    results still merge."""
    from reports.results import exit_status

    assert exit_status(Results(run_info(shard="1/3", planned=0))) == 0
    codes = []
    for i in (1, 2, 3):
        argv = ["run", "--profile", "ci", "--invariant", INVARIANTS[0], "--shard", f"{i}/3"]
        codes.append(cli.main([*argv, "--out", str(tmp_path / f"s{i}")]))
    assert sorted(codes) == [0, 0, 0], codes
    parts = [str(tmp_path / f"s{i}" / "results.json") for i in (1, 2, 3)]
    assert cli.main(["merge", *parts, "--out", str(tmp_path / "m")]) == 0
    assert len(read_results(tmp_path / "m" / "results.json").results) == 1
