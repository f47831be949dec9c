"""The exploration page groups disagreements by the step where engines part and broken rules by
rule and step, counts them in its summary band, marks known ones, and escapes engine text."""

from __future__ import annotations

from reports.explore_page import build, groups, place, render
from reports.results import EngineInfo, Failure, ResultRecord, Results, RunInfo, TraceRecord

RUN = RunInfo(
    "2026-12-05T12:00:00+00:00", "2026-12-05T12:01:00+00:00", "ci", None, (EngineInfo("x", "1"),), "explore", "0", 60.0
)


def parted(engine: str, step: str, what: str, observed: str = "a -> b") -> ResultRecord:
    failure = Failure(
        f"engines part in the {step} step: {what}", "every engine the same", observed, trace=(TraceRecord("P0 pass"),)
    )
    return ResultRecord(engine, "global.engines-agree", ("CR 100.1",), "global", "fail", examples=3, failure=failure)


def broken(engine: str) -> ResultRecord:
    failure = Failure(
        "global rule steps-end broken: ...", "mana empties", "P0's pool holds G", after={"step": "upkeep"}
    )
    return ResultRecord(engine, "global.steps-end", ("CR 500.5",), "global", "fail", examples=9, failure=failure)


def test_disagreements_are_grouped_by_step_and_what_and_rules_by_rule_and_step():
    records = (
        parted("differential:reference,a", "declare-blockers", "the actions they offer"),
        parted("differential:reference,b", "declare-blockers", "the actions they offer"),
        parted("differential:reference,c", "upkeep", "the states they show"),
        broken("mutant:m"),
        ResultRecord("reference", "global.deterministic", ("CR 701.24a",), "global", "pass", examples=100),
    )
    found = groups(records)
    assert [(g.step, g.what, len(g.records), g.differential) for g in found] == [
        ("declare-blockers", "the actions they offer", 2, True),
        ("upkeep", "global.steps-end", 1, False),
        ("upkeep", "the states they show", 1, True),
    ]
    assert place(records[3]) == ("upkeep", "global.steps-end", False)
    page = build(Results(run=RUN, results=records), known={("differential:reference,c", "global.engines-agree")})
    counts = page.counts
    assert (counts.cases, counts.passed, counts.failed, counts.disagreements, counts.rule_failures, counts.known) == (
        5,
        1,
        4,
        3,
        1,
        1,
    )


def test_engine_text_is_escaped_on_the_page():
    record = parted(
        "differential:reference,evil", "upkeep", "the states they show", observed="<script>alert(1)</script>"
    )
    html = render(Results(run=RUN, results=(record,)))
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "Engines part in the <code>upkeep</code> step" in html
