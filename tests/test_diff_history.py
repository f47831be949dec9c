"""``mtg-conformance diff --history DIR NEW`` (issue 30, deliverable 6): the baseline is the last run
``run --history DIR`` recorded, so a CI job that keeps only the history folder still sees its
regressions, fixes and added or removed invariants, with ``diff``'s exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness import cli
from harness.history import FILE, History
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo, write_results


def results(started: str, *records: tuple[str, str], message: str = "broken") -> Results:
    run = RunInfo(started, started, "ci", None, (EngineInfo("e", "1"),), "c", "0", 1.0)
    out = []
    for invariant, status in records:
        failure = Failure(message, counterexample=Counterexample({"n": started})) if status == "fail" else None
        out.append(ResultRecord("e", invariant, ("r",), "legality", status, failure=failure))  # type: ignore[arg-type]
    return Results(run, results=tuple(out))


def record(folder: Path, run: Results) -> None:
    """What ``run --history DIR`` does after a run."""
    History(folder).append(run, 0, "passed")


def diff(tmp_path: Path, capsys: pytest.CaptureFixture[str], new: Results, *extra: str) -> tuple[int, str, str]:
    write_results(new, tmp_path / "results.json")
    code = cli.main(["diff", "--history", str(tmp_path / "hist"), str(tmp_path / "results.json"), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_last_recorded_run_is_the_baseline(tmp_path, capsys):
    hist = tmp_path / "hist"
    record(hist, results("t1", ("a/x", "fail"), ("b/y", "pass"), ("c/z", "pass")))
    record(hist, results("t2", ("a/x", "pass"), ("b/y", "fail"), ("c/z", "pass"), ("d/w", "fail")))
    new = results("t3", ("a/x", "fail"), ("b/y", "pass"), ("d/w", "fail"), ("e/v", "pass"), message="other")
    code, out, err = diff(tmp_path, capsys, new)
    assert code == 1, out + err
    lines = out.splitlines()
    assert "REGRESSION: a/x on e: pass -> fail: other" in out  # t1 had a/x failing: not the baseline
    assert "FIX: b/y on e: fail -> pass" in out
    assert "REMOVED: c/z on e: was pass" in out
    assert "ADDED: e/v on e: pass" in out
    assert "d/w" not in out  # still failing: the history keeps no message, so no "changed failure"
    assert "t2" in lines[0] and str(hist / FILE) in lines[-1]
    assert lines[-1].endswith(
        "1 regressions, 1 fixes, 0 status changes, 1 added, 1 removed, 0 changed failures; 1 unchanged"
    )


def test_no_change_exits_0_and_writes_the_page(tmp_path, capsys):
    record(tmp_path / "hist", results("t1", ("a/x", "pass"), ("b/y", "fail")))
    code, out, err = diff(
        tmp_path, capsys, results("t2", ("a/x", "pass"), ("b/y", "fail")), "--html", str(tmp_path / "d.html")
    )
    assert code == 0, out + err
    assert "no changes" in out and "0 regressions" in out
    assert "t1" in (tmp_path / "d.html").read_text()


def test_the_new_runs_own_line_is_skipped(tmp_path, capsys):
    """``run --history DIR`` then ``diff --history DIR``: the run is already the last line, so the
    baseline is the line before it, not the run itself."""
    hist = tmp_path / "hist"
    record(hist, results("t1", ("a/x", "pass")))
    new = results("t2", ("a/x", "fail"))
    record(hist, new)
    code, out, _ = diff(tmp_path, capsys, new)
    assert code == 1 and "REGRESSION: a/x on e: pass -> fail" in out and "run of t1" in out


def test_a_history_with_only_the_new_run_has_nothing_to_compare(tmp_path, capsys):
    new = results("t1", ("a/x", "pass"))
    record(tmp_path / "hist", new)
    code, out, err = diff(tmp_path, capsys, new)
    assert code == 2 and out == "" and "no earlier run recorded" in err


def test_a_history_line_of_an_older_harness_still_loads(tmp_path, capsys):
    """Lines written before ``finished`` and ``profile`` were read back: statuses are enough."""
    (tmp_path / "hist").mkdir()
    line = {"schema": "mtg-conformance/history", "started": "t0", "statuses": {"e": {"a/x": "pass"}}}
    (tmp_path / "hist" / FILE).write_text(json.dumps(line) + "\n")
    code, out, _ = diff(tmp_path, capsys, results("t1", ("a/x", "error")))
    assert code == 1 and "REGRESSION: a/x on e: pass -> error" in out


@pytest.mark.parametrize("make", ["missing", "empty", "blank"])
def test_no_recorded_run_is_a_one_line_usage_error(tmp_path, capsys, make):
    if make != "missing":
        (tmp_path / "hist").mkdir()
        (tmp_path / "hist" / FILE).write_text("" if make == "empty" else "\n\n")
    code, out, err = diff(tmp_path, capsys, results("t1", ("a/x", "pass")))
    assert code == 2 and out == ""
    assert err.startswith("mtg-conformance: error: ") and err.count("\n") == 1 and "no earlier run recorded" in err


def test_a_recorded_status_that_is_not_one_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "hist").mkdir()
    line = {"schema": "mtg-conformance/history", "started": "t0", "statuses": {"e": {"a/x": "<b>odd</b>"}}}
    (tmp_path / "hist" / FILE).write_text(json.dumps(line) + "\n")
    code, _, err = diff(tmp_path, capsys, results("t1", ("a/x", "pass")))
    assert code == 2 and err.count("\n") == 1 and "t0" in err and "Traceback" not in err


@pytest.mark.parametrize("files", [0, 2])
def test_history_takes_exactly_the_new_results(tmp_path, capsys, files):
    record(tmp_path / "hist", results("t1", ("a/x", "pass")))
    write_results(results("t2", ("a/x", "pass")), tmp_path / "results.json")
    argv = ["diff", "--history", str(tmp_path / "hist"), *[str(tmp_path / "results.json")] * files]
    if files == 0:
        with pytest.raises(SystemExit) as exit_:
            cli.main(argv)
        assert exit_.value.code == 2
    else:
        assert cli.main(argv) == 2
        assert "one results.json" in capsys.readouterr().err


def test_without_history_two_files_are_still_needed(tmp_path, capsys):
    write_results(results("t2", ("a/x", "pass")), tmp_path / "results.json")
    assert cli.main(["diff", str(tmp_path / "results.json")]) == 2
    assert "OLD and NEW" in capsys.readouterr().err
