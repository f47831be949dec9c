"""``run --history DIR`` (issue 30): each run appends its summary to DIR/history.jsonl, and each
failure records since when it fails: the start of its unbroken streak, skipping runs that did not
check it, broken by a run in which it did not fail."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harness.history import FILE, Entry, History, HistoryError, load_history, summary
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo

INV = "ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target"
MUTANT = "mutant:ninja-enters-any-target"


def results(started: str, *records: tuple[str, str]) -> Results:
    run = RunInfo(started, started, "ci", None, (EngineInfo("e", "1"),), "c", "0", 1.0)
    out = []
    for invariant, status in records:
        failure = Failure("broken", counterexample=Counterexample({})) if status == "fail" else None
        out.append(ResultRecord("e", invariant, ("r",), "legality", status, failure=failure))  # type: ignore[arg-type]
    return Results(run, results=tuple(out))


def entry(started: str, **statuses: str) -> Entry:
    return Entry(started, {"e": {k.replace("_", "/"): v for k, v in statuses.items()}})


def test_the_streak_starts_at_the_first_failing_run_after_a_pass():
    history = History(
        Path("h"),
        (
            entry("t1", a_x="fail"),
            entry("t2", a_x="pass"),
            entry("t3", a_x="fail"),
            entry("t4", b_y="pass"),  # did not check a/x: neither breaks nor extends the streak
            entry("t5", a_x="error"),
        ),
    )
    marked = history.annotate(results("t6", ("a/x", "fail"), ("b/y", "pass"), ("c/z", "fail")))
    since = {r.invariant: r.failing_since for r in marked.results}
    assert since["a/x"] is not None and (since["a/x"].started, since["a/x"].runs) == ("t3", 3)
    assert since["b/y"] is None  # a pass has no streak
    assert since["c/z"] is not None and (since["c/z"].started, since["c/z"].runs) == ("t6", 1)


def test_history_lines_round_trip(tmp_path):
    run = results("t1", ("a/x", "fail"), ("b/y", "pass"))
    History(tmp_path).append(run, 1, "failed")
    History(tmp_path).append(results("t2", ("a/x", "fail")), 1, "failed")
    loaded = load_history(tmp_path)
    assert [e.started for e in loaded.entries] == ["t1", "t2"]
    assert loaded.entries[0].statuses == {"e": {"a/x": "fail", "b/y": "pass"}}
    line = json.loads((tmp_path / FILE).read_text().splitlines()[0])
    assert line == json.loads(json.dumps(summary(run, 1, "failed"))) and line["totals"]["e"]["fail"] == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json\n", r"history.jsonl:1: not JSON"),
        ('{"schema": "x"}\n', r"history.jsonl:1: not a mtg-conformance/history line"),
        ('\n{"schema": "mtg-conformance/history", "started": 1}\n', r"history.jsonl:2: needs 'started'"),
    ],
)
def test_a_broken_history_is_one_line_naming_the_line(tmp_path, text, message):
    (tmp_path / FILE).write_text(text)
    with pytest.raises(HistoryError, match=message):
        load_history(tmp_path)


def test_no_history_yet_is_an_empty_one(tmp_path):
    assert load_history(tmp_path / "new").entries == ()
    (tmp_path / "file").write_text("")
    with pytest.raises(HistoryError, match="is an existing file"):
        load_history(tmp_path / "file")


def mtg(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], check=False, cwd=cwd, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow
def test_runs_append_and_a_failure_shows_since_when(tmp_path):
    args = ("run", "--engine", MUTANT, "--profile", "ci", "--invariant", INV, "--history", "hist")
    for out in ("one", "two"):
        done = mtg(*args, "--out", out, cwd=tmp_path)
        assert done.returncode == 1, done.stdout + done.stderr
    lines = [json.loads(line) for line in (tmp_path / "hist" / FILE).read_text().splitlines()]
    assert [line["exit"] for line in lines] == [1, 1]
    assert lines[0]["statuses"] == {MUTANT: {INV: "fail"}}
    first = json.loads((tmp_path / "one" / "results.json").read_text())
    (record,) = json.loads((tmp_path / "two" / "results.json").read_text())["results"]
    assert record["failing_since"] == {"started": first["run"]["started"], "runs": 2}
    assert f"failing since {first['run']['started']} (2 runs)" in (tmp_path / "two" / "report.html").read_text()


def test_a_broken_history_stops_the_run_before_it_starts(tmp_path):
    (tmp_path / "hist").mkdir()
    (tmp_path / "hist" / FILE).write_text("{broken\n")
    done = mtg("run", "--profile", "ci", "--invariant", INV, "--history", "hist", "--out", "out", cwd=tmp_path)
    assert done.returncode == 2 and "history.jsonl:1: not JSON" in done.stderr
    assert not (tmp_path / "out").exists()


def test_the_report_shows_a_trend_strip_per_engine():
    from reports.html import build_report, render_report
    from reports.results import TREND_RUNS

    history = History(Path("h"), tuple(entry(f"t{i}", a_x="fail" if i % 2 else "pass") for i in range(1, 26)))
    marked = history.annotate(results("now", ("a/x", "pass")))
    assert len(marked.history) == TREND_RUNS and marked.history[-1].started == "t25"
    assert Results.from_json(marked.to_json()) == marked
    (summary_row,) = build_report(marked).summaries
    assert [m.status for m in summary_row.trend][-3:] == ["pass", "fail", "pass"]  # t24, t25, this run
    assert summary_row.trend[-1].title.startswith("this run (now)")
    html = render_report(marked)
    assert html.count('class="tick s-') == TREND_RUNS + 1 and f"Trend ({TREND_RUNS + 1} runs)" in html
    assert "Trend (" not in render_report(results("now", ("a/x", "pass")))
