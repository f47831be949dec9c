"""Stable anchors (issue 30): every id in report.html is built from engine, invariant and ruling ids,
so two runs of the same tree give the same anchors, and a link kept from one run (a CI comment, a
bookmark) opens the same result in the next. Every in-page link has its target; matrix cells and
summary counts link to their results."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from reports.html import render_report
from reports.results import (
    Counterexample,
    EngineInfo,
    Failure,
    ResultRecord,
    Results,
    RulingRecord,
    RunInfo,
)

IDS = re.compile(r'\sid="([^"]+)"')
LINKS = re.compile(r'\shref="#([^"]+)"')
MUTANT = "mutant:ninja-enters-any-target"


def anchors(html: str) -> list[str]:
    return IDS.findall(html)


def check_links(html: str) -> None:
    """Every in-page link has a target, and no id is a position number."""
    ids = set(anchors(html))
    assert len(ids) == len(anchors(html)), "an id is used twice"
    missing = sorted(set(LINKS.findall(html)) - ids)
    assert not missing, missing
    assert not [i for i in ids if re.fullmatch(r"(case|group)-\d+", i)]


def sample() -> Results:
    rulings = tuple(
        RulingRecord(rid, "text", coverage="bound", invariants=(f"{rid}/a", f"{rid}/b"))
        for rid in ("x.one", "x.two", "x.three")
    )
    run = RunInfo("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", "ci", None, (EngineInfo("e", "1"),), "c", "0", 1.0)

    def rec(invariant: str, status: str, message: str = "") -> ResultRecord:
        failure = Failure(message, counterexample=Counterexample({"turn": 1})) if status == "fail" else None
        rulings = (invariant.split("/")[0],)
        return ResultRecord("e", invariant, rulings, "legality", status, failure=failure)  # type: ignore[arg-type]

    records = (
        rec("x.one/a", "fail", "first cause"),
        rec("x.one/b", "pass"),
        rec("x.two/a", "fail", "second cause"),
        rec("x.two/b", "unsupported"),
        rec("x.three/a", "pass"),
        rec("x.three/b", "unsupported"),
    )
    return Results(run, rulings, records)


def test_anchors_come_from_ids_not_positions():
    results = sample()
    html = render_report(results)
    check_links(html)
    ids = anchors(html)
    assert {"case~e~x.one/a", "case~e~x.two/a", "group~e~x.one/a", "ruling~x.one", "matrix~x.two"} <= set(ids)
    # Another failure appearing first moves nothing.
    earlier = replace(
        results.results[0], invariant="x.one/0", failure=Failure("zeroth cause", counterexample=Counterexample({}))
    )
    more = replace(results, results=(earlier, *results.results))
    assert set(ids) <= set(anchors(render_report(more)))


def test_matrix_cells_and_summary_counts_link_to_their_results():
    html = render_report(sample())
    matrix = html[html.index('<section id="matrix">') : html.index('<section id="rulings">')]
    cells = re.findall(r'<a class="letter badge s-(\w+)" href="#([^"]+)"', matrix)
    assert ("fail", "case~e~x.one/a") in cells and ("fail", "case~e~x.two/a") in cells
    assert ("partial", "ruling~x.three") in cells  # no failure: the ruling's row, with every verdict
    assert len(cells) == 3  # one cell per ruling, each a link
    band = html[html.index('<table class="band">') : html.index("</table>")]
    assert 'href="#failures"' in band and 'href="#rulings"' in band and 'href="#unsupported"' in band


@pytest.mark.slow
def test_two_runs_of_the_same_tree_have_the_same_anchors(tmp_path):
    pages = []
    for out in ("one", "two"):
        done = subprocess.run(
            [sys.executable, "-m", "harness.cli", "run", "--engine", MUTANT, "--engine", "reference", "--profile",
             "ci", "--invariant", "ninjutsu.same-attack-target", "--invariant",
             "library-ninjutsu.from-library-only", "--out", out],
            check=False, cwd=tmp_path, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert done.returncode == 1, done.stdout + done.stderr
        pages.append((tmp_path / out / "report.html").read_text())
    assert anchors(pages[0]) == anchors(pages[1])
    assert LINKS.findall(pages[0]) == LINKS.findall(pages[1])
    assert any(a.startswith(f"case~{MUTANT}~") for a in anchors(pages[0]))
    check_links(pages[0])


def test_the_anchor_of_a_run_stays_put_in_a_results_file_read_back(tmp_path):
    from reports.results import read_results, write_results

    results = sample()
    write_results(results, tmp_path / "results.json")
    assert anchors(render_report(read_results(Path(tmp_path / "results.json")))) == anchors(render_report(results))


def test_diff_rows_of_a_report_link_to_their_results():
    from reports.diff import diff_results, render_diff_page

    new = sample()
    old = replace(new, results=tuple(replace(r, status="pass", failure=None) for r in new.results))
    html = render_report(new, diff=diff_results(old, new))
    section = html[html.index('<section class="diff"') : html.index("</section>", html.index('<section class="diff"'))]
    assert 'href="#case~e~x.one/a"' in section and 'href="#case~e~x.two/a"' in section
    check_links(html)
    # The standalone diff page has no such targets: its rows link nowhere.
    assert 'href="#case~' not in render_diff_page(diff_results(old, new))
