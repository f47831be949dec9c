"""The engine matrix says no more than the verdicts do (issue 30): a ruling passed on the invariants
an engine supports while others are unsupported is "partly unsupported", not P; "where engines
disagree" lists a ruling only when engines that judged it (pass, fail or error) reached different
verdicts, never because one of them was inconclusive or unsupported."""

from __future__ import annotations

from reports.html import build_report, render_report
from reports.results import EngineInfo, Failure, ResultRecord, Results, RulingRecord, RunInfo

RULING = RulingRecord("x.ruling", "Some ruling.", coverage="bound", invariants=("x/one", "x/two"))


def results(*verdicts: tuple[str, str, str]) -> Results:
    """(engine, invariant, status) triples as one run's results."""
    engines = tuple(dict.fromkeys(e for e, _, _ in verdicts))
    run = RunInfo("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", "ci", None, tuple(EngineInfo(e, "1") for e in engines),
                  "mtg-conformance run", "0.1.0", 1.0)  # fmt: skip
    records = tuple(
        ResultRecord(
            engine,
            invariant,
            ("x.ruling",),
            "legality",
            status,  # type: ignore[arg-type]
            failure=Failure("broken") if status == "fail" else None,
            reason="no such mechanic" if status == "unsupported" else None,
        )
        for engine, invariant, status in verdicts
    )
    return Results(run, (RULING,), records)


def cells(res: Results) -> list[tuple[str, str]]:
    (row,) = build_report(res).matrix
    return [(c.status, c.letter) for c in row.cells]


def test_a_partly_unsupported_ruling_is_not_shown_as_a_pass():
    res = results(("a", "x/one", "pass"), ("a", "x/two", "unsupported"), ("b", "x/one", "pass"), ("b", "x/two", "pass"))
    assert cells(res) == [("partial", "p"), ("pass", "P")]
    assert "partly unsupported" in render_report(res)


def test_a_wholly_unsupported_or_failing_ruling_keeps_its_letter():
    res = results(("a", "x/one", "unsupported"), ("a", "x/two", "unsupported"), ("b", "x/one", "fail"),
                  ("b", "x/two", "unsupported"))  # fmt: skip
    assert cells(res) == [("unsupported", "U"), ("fail", "F")]


def test_an_inconclusive_engine_does_not_disagree():
    res = results(("a", "x/one", "pass"), ("b", "x/one", "inconclusive"))
    assert build_report(res).disagreements == ()


def test_engines_that_judged_differently_disagree():
    res = results(("a", "x/one", "pass"), ("b", "x/one", "fail"), ("c", "x/one", "inconclusive"))
    (row,) = build_report(res).disagreements
    assert row.ruling == "x.ruling"


def test_passes_on_different_supported_invariants_agree():
    res = results(("a", "x/one", "pass"), ("a", "x/two", "unsupported"), ("b", "x/one", "unsupported"),
                  ("b", "x/two", "pass"))  # fmt: skip
    assert build_report(res).disagreements == ()
