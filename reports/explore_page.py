"""The exploration page (``explore.html``): global rules and differential runs, grouped by where
the play went wrong.

An exploration's verdicts are in the run's ``report.html`` like any run's. This page answers
what people triaging engines ask of an exploration: where do the engines part, and which rules
of every game does an engine break? A differential disagreement is grouped by the game step
where the engines first parted and what they parted on (the actions offered, an action's
legality, the states shown); a broken global rule by the rule and the step it broke in. Each
group lists its cases with each engine's side (the observed text names every engine's
differences from the first engine's, and which engines agree with the reference), the trace of
the minimized sequence, and a link to the case in ``report.html``. Known disagreements are
those the run's expectations file expects (``explore --expectations``): marked, and counted apart
in the summary band.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from reports.anchors import stable_anchor
from reports.atomic import write_text_atomic
from reports.groups import failing_step
from reports.results import ResultRecord, Results
from reports.templating import environment

PAGE = "explore.html"

_PARTED = re.compile(r"^engines part in the (?P<step>.+?) step: (?P<what>.+)$")


@dataclass(frozen=True)
class Group:
    """Failures with one place of parting: ``step`` (a game step) and ``what`` went wrong."""

    step: str
    what: str
    records: tuple[ResultRecord, ...]
    differential: bool

    @property
    def anchor(self) -> str:
        return stable_anchor("group", self.step, self.what)


@dataclass(frozen=True)
class Counts:
    cases: int
    passed: int
    failed: int
    inconclusive: int
    unsupported: int
    errors: int
    disagreements: int
    rule_failures: int
    known: int


@dataclass(frozen=True)
class ExplorePage:
    results: Results
    counts: Counts
    groups: tuple[Group, ...]
    others: tuple[ResultRecord, ...]
    known: frozenset[tuple[str, str]]
    report: str


def place(record: ResultRecord) -> tuple[str, str, bool]:
    """Where a failing record's play went wrong: (step, what, whether a disagreement)."""
    message = record.failure.message if record.failure is not None else (record.reason or "")
    parted = _PARTED.match(message)
    if parted:
        return parted["step"], parted["what"], True
    return failing_step(record) or "unknown", record.invariant, False


def groups(records: Collection[ResultRecord]) -> tuple[Group, ...]:
    """The failing records grouped by where they went wrong, the largest group first."""
    found: dict[tuple[str, str, bool], list[ResultRecord]] = {}
    for r in records:
        if r.status == "fail":
            found.setdefault(place(r), []).append(r)
    ordered = sorted(found.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return tuple(Group(step, what, tuple(rs), differential) for (step, what, differential), rs in ordered)


def build(results: Results, known: Collection[tuple[str, str]] = (), report: str = "report.html") -> ExplorePage:
    records = results.results
    found = groups(records)
    statuses = [r.status for r in records]
    expected = frozenset(known)
    page_counts = Counts(
        cases=len(records),
        passed=statuses.count("pass"),
        failed=statuses.count("fail"),
        inconclusive=statuses.count("inconclusive"),
        unsupported=statuses.count("unsupported"),
        errors=statuses.count("error"),
        disagreements=sum(len(g.records) for g in found if g.differential),
        rule_failures=sum(len(g.records) for g in found if not g.differential),
        known=sum(1 for r in records if r.status == "fail" and (r.engine, r.invariant) in expected),
    )
    others = tuple(r for r in records if r.status != "fail")
    return ExplorePage(results, page_counts, found, others, expected, report)


def render(results: Results, known: Collection[tuple[str, str]] = (), report: str = "report.html") -> str:
    page = build(results, known, report)
    return environment().get_template("explore.html.j2").render(page=page, case_anchor=_case_anchor)


def _case_anchor(record: ResultRecord) -> str:
    return stable_anchor("case", record.engine, record.invariant)


def write_explore_page(results: Results, path: str | os.PathLike[str], known: Collection[tuple[str, str]] = ()) -> Path:
    return write_text_atomic(path, render(results, known))


__all__ = ["PAGE", "ExplorePage", "Group", "build", "groups", "place", "render", "write_explore_page"]
