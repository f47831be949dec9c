"""The HTML conformance report: one self-contained file rendered from a :class:`Results`.

The report is for people triaging an engine, so it opens with what needs them: a summary band
(per engine: how many invariants were judged at all, and the verdicts), then the failures grouped
by cause (:mod:`reports.groups`), each group with its smallest counterexample open, the board
before and after the failing action (:mod:`reports.board`). Then the engine matrix (rulings by
engines, one letter per cell), where engines disagree, the ruling table in corpus order, and the
unsupported reasons, explained once (:mod:`reports.unsupported`).

It is read from CI artifacts and mail attachments, often as ``file://`` and offline, so it
carries its CSS inline, has no scripts and loads nothing (a Content-Security-Policy forbids it,
as a second line of defence). The filters are links to URL fragments (``#filter~status~fail``),
selected with CSS ``:target`` inside ``:has()``, so a filtered view is a URL that can be linked,
bookmarked and reloaded; a browser without ``:has()`` shows everything. Ruling texts and
everything an engine says are untrusted: the Jinja environment autoescapes every value, and the
templates never mark text safe. The filter CSS hides by index classes; the only text of a name in
it is the fragment's id, with every character but ASCII letters, digits, ``-`` and ``_``
hex-escaped (:func:`css_id`), so no name can close the rule, the style element or the page.

All interpretation happens here, in plain Python that builds view objects; the template only
lays them out.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reports.anchors import stable_anchor
from reports.atomic import write_text_atomic
from reports.board import BeforeAfter, StateView, before_after, card_names, name_ids
from reports.board import state_view as _state_view
from reports.cards import CardEntry, card_links, collect_cards, record_card_names
from reports.diff import SECTIONS
from reports.groups import RULE, Group, family, group_failures
from reports.results import (
    COVERAGES,
    STATUSES,
    VERSION,
    ResultRecord,
    Results,
    RulingRecord,
)
from reports.templating import claim_figures, environment, format_seconds
from reports.unsupported import CLASSES, Unsupported, explain

#: Every status the report knows, failures first. ``inconclusive`` is known even before the
#: results schema lists it, so a report renders any results file of either age.
SHOWN_STATUSES: tuple[str, ...] = tuple(
    dict.fromkeys(("fail", "error", "inconclusive", "pass", "unsupported", *STATUSES))
)
#: Verdicts that judged the engine: a pass, a fail or an error. Inconclusive and unsupported
#: invariants were not judged.
JUDGED = ("pass", "fail", "error")
#: One letter per status in the engine matrix (with a legend), so six engines fit in 1,400 px.
LETTERS = {
    "pass": "P",
    "partial": "p",
    "fail": "F",
    "error": "E",
    "inconclusive": "I",
    "unsupported": "U",
    "not-run": "·",
}
#: The section a summary count links to, per status.
COUNT_LINKS = {
    "fail": "failures",
    "error": "failures",
    "inconclusive": "inconclusive",
    "unsupported": "unsupported",
    "pass": "rulings",
}
#: A matrix cell whose judged invariants all pass while others are unsupported: not a plain pass.
PARTIAL = "partial"
#: Worst first: a matrix cell shows the worst verdict among the ruling's invariants.
SEVERITY = ("fail", "error", "inconclusive", "pass", "unsupported", "not-run")
#: With more engines than this (a mutants run), the per-engine summary rows are folded.
COMPACT_AFTER = 6


# -- view objects ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One invariant's verdict on one engine, as listed in the ruling table."""

    invariant: str
    status: str  # a status, or "not-run" when the engine has no result for it
    anchor: str | None  # the failure case to jump to, for fail and error
    title: str  # hover text: examples, duration, reason


@dataclass(frozen=True)
class Row:
    anchor: str  # the row's stable id, what matrix cells without a failure link to
    ruling: RulingRecord
    cells: tuple[Cell, ...]  # every (engine, invariant) verdict of the ruling
    flagged: bool  # any fail or error
    classes: str  # filter classes (status, engine, family, card indices)


@dataclass(frozen=True)
class MatrixCell:
    status: str  # the worst verdict of the ruling's invariants on this engine, or "not-run"
    letter: str
    anchor: str | None
    title: str


@dataclass(frozen=True)
class MatrixRow:
    anchor: str
    ruling_anchor: str  # the ruling's row in the ruling table
    ruling: str
    cells: tuple[MatrixCell, ...]  # per engine, in the report's engine order
    disagree: bool  # engines that judged it reached different verdicts
    classes: str


@dataclass(frozen=True)
class TrendMark:
    """One run in an engine's trend strip: how it went (a status class) and when."""

    status: str  # fail (any fail or error), pass (judged, none failed), unsupported (nothing judged), not-run
    title: str


@dataclass(frozen=True)
class EngineSummary:
    name: str
    label: str  # name and version
    counts: dict[str, int]  # every SHOWN_STATUSES key
    judged: int
    planned: int  # invariants with a record for this engine
    #: With ``run --history``: the earlier runs, oldest first, then this one.
    trend: tuple[TrendMark, ...] = ()


@dataclass(frozen=True)
class QuotedRuling:
    id: str
    text: str | None  # None when the results file does not carry the ruling


@dataclass(frozen=True)
class Case:
    """One failing or erroring record, with everything its card shows."""

    anchor: str
    record: ResultRecord
    rulings: tuple[QuotedRuling, ...]
    message: str  # card names beside ids
    expected: str
    observed: str
    trace: tuple[tuple[str, tuple[str, ...]], ...]
    board: BeforeAfter | None
    #: The cards its counterexample holds, each linked to the report's "Cards" section.
    card_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class KnownIssue:
    """A failure or error the run's gate expected: shown apart from new failures, with why."""

    case: Case
    reason: str
    bug: str
    bug_is_link: bool  # an http(s) address: shown as a link; anything else as text
    key: str | None  # the expectations entry that named it
    source: str
    classes: str


@dataclass(frozen=True)
class GroupView:
    group: Group
    cases: tuple[Case, ...]  # smallest counterexample first
    invariants: tuple[str, ...]
    classes: str


@dataclass(frozen=True)
class Option:
    """One filter choice: the fragment that selects it (a stable anchor, so a link to a filtered
    view keeps working in the next run), its label, and the class an element needs to stay shown."""

    anchor: str
    label: str
    keep: str


#: The fragment of the "show everything" link: any fragment that is not a filter's shows everything.
FILTER_ALL = stable_anchor("filter", "all")


def filter_option(kind: str, name: str, label: str, keep: str) -> Option:
    """A filter choice whose fragment is built from its value's name (not its index)."""
    return Option(stable_anchor("filter", kind, name), label, keep)


def css_id(anchor: str) -> str:
    """An id selector for ``anchor`` that is safe in a ``<style>`` element: every character but
    ASCII letters, digits, ``-`` and ``_`` hex-escaped (``~`` is a combinator, and a name may hold
    quotes, braces or ``</style>``)."""
    return "#" + "".join(c if c.isascii() and (c.isalnum() or c in "-_") else f"\\{ord(c):x} " for c in anchor)


@dataclass(frozen=True)
class Report:
    results: Results
    engines: tuple[str, ...]
    engine_versions: dict[str, str]
    summaries: tuple[EngineSummary, ...]
    total: EngineSummary
    fold_summaries: bool
    coverage: dict[str, int]
    groups: tuple[GroupView, ...]
    #: Failures and errors the gate expected (``run --expectations``), apart from ``groups``.
    known: tuple[KnownIssue, ...]
    #: Whether the run was gated by expectations (some record carries one).
    gated: bool
    #: Fail and error verdicts in ``groups`` (those the gate did not expect).
    new_failures: int
    group_rule: str
    matrix: tuple[MatrixRow, ...]
    disagreements: tuple[MatrixRow, ...]
    rows: tuple[Row, ...]  # rulings with a verdict or uncovered
    idle_rows: tuple[Row, ...]  # rulings with no verdict in this run (folded)
    orphans: tuple[ResultRecord, ...]  # results whose rulings this file does not list
    #: Records whose claims were exercised too rarely to judge (no deviation found).
    inconclusive: tuple[ResultRecord, ...]
    unsupported: Unsupported
    unsupported_classes: tuple[tuple[str, str], ...]
    filter_statuses: tuple[Option, ...]
    filter_engines: tuple[Option, ...]
    filter_families: tuple[Option, ...]
    filter_cards: tuple[Option, ...]
    #: Status on one engine (``phase: fail``), for runs of several engines.
    filter_engine_statuses: tuple[Option, ...]
    filter_css: str
    letters: dict[str, str]
    #: The "Cards" section: every card the counterexamples name, with its data.
    cards: tuple[CardEntry, ...] = ()
    #: Card name -> the anchor of its entry in ``cards`` (names with no entry are not linked).
    card_links: dict[str, str] = dataclasses.field(default_factory=dict)
    #: The CR map page beside the report (``coverage.html``): each CR number links to its rule there.
    cr_map: str | None = None
    #: Where a summary count of each status links to: the section listing those results.
    count_links: dict[str, str] = dataclasses.field(default_factory=lambda: dict(COUNT_LINKS))
    index_size: int = 8  # groups listed one line each before the first group; the rest folded
    statuses: tuple[str, ...] = SHOWN_STATUSES
    schema_version: int = VERSION


def _counts(records: list[ResultRecord]) -> dict[str, int]:
    counts = dict.fromkeys(SHOWN_STATUSES, 0)
    for status, n in Counter(r.status for r in records).items():
        counts[status] = counts.get(status, 0) + n
    return counts


def _summary(name: str, label: str, records: list[ResultRecord]) -> EngineSummary:
    counts = _counts(records)
    return EngineSummary(name, label, counts, sum(counts.get(s, 0) for s in JUDGED), len(records))


def trend_mark(started: str, counts: dict[str, int] | None) -> TrendMark:
    """A run's mark for one engine from its status counts (None: the engine was not in it)."""
    if not counts:
        return TrendMark("not-run", f"{started}: not run")
    said = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    if counts.get("fail", 0) + counts.get("error", 0):
        return TrendMark("fail", f"{started}: {said}")
    if counts.get("pass", 0):
        return TrendMark("pass", f"{started}: {said}")
    return TrendMark("unsupported", f"{started}: nothing judged ({said})")


def _trend(results: Results, engine: str, counts: dict[str, int]) -> tuple[TrendMark, ...]:
    if not results.history:
        return ()
    past = tuple(trend_mark(p.started, p.totals.get(engine)) for p in results.history)
    return (*past, trend_mark(f"this run ({results.run.started})", counts))


def _worst(statuses: list[str]) -> str:
    for status in SEVERITY:
        if status in statuses:
            return status
    return statuses[0] if statuses else "not-run"


class _Index:
    """Stable small indices for filter values, so the CSS never contains a name."""

    def __init__(self) -> None:
        self.keys: dict[str, int] = {}

    def __call__(self, value: str) -> int:
        return self.keys.setdefault(value, len(self.keys))


def build_report(results: Results, cr_map: str | None = None) -> Report:
    """Everything the template shows, worked out from the results; ``cr_map`` names the CR map
    page the ruling table's CR numbers link to (None: no links)."""
    engines = results.engines()
    versions = {e.name: e.version for e in results.run.engines}

    def label(engine: str) -> str:
        return f"{engine} {versions[engine]}" if versions.get(engine) else engine

    by_engine: dict[str, list[ResultRecord]] = {e: [] for e in engines}
    for record in results.results:
        by_engine.setdefault(record.engine, []).append(record)
    summaries = tuple(
        dataclasses.replace(s, trend=_trend(results, s.name, s.counts))
        for s in (_summary(e, label(e), by_engine[e]) for e in engines)
    )
    total = _summary("all", "All engines", list(results.results))

    engine_index = {e: i for i, e in enumerate(engines)}
    families, cards = _Index(), _Index()
    ruling_cards = {r.id: r.cards for r in results.rulings}

    def classes(records: list[ResultRecord], ruling_ids: list[str]) -> str:
        out = {"flt"}
        for record in records:
            e = engine_index[record.engine]
            out |= {f"st-{record.status}", f"e{e}", f"e{e}-{record.status}"}
        for rid in ruling_ids:
            out.add(f"f{families(rid.split('.', 1)[0])}")
            for card in ruling_cards.get(rid, ()):
                out.add(f"k{cards(card)}")
        return " ".join(sorted(out))

    # failure groups and their cases: known issues (failures the gate expected) apart
    groups = group_failures((r for r in results.results if not r.known_issue), engines)
    anchors: dict[tuple[str, str], str] = {
        (r.engine, r.invariant): stable_anchor("case", r.engine, r.invariant)
        for r in results.results
        if r.status in ("fail", "error")
    }
    known = tuple(
        _known(_case(results, r, anchors[(r.engine, r.invariant)]), classes([r], list(r.rulings)))
        for r in results.results
        if r.known_issue
    )
    group_views = tuple(
        GroupView(
            group=g,
            cases=tuple(_case(results, r, anchors[(r.engine, r.invariant)]) for r in g.records),
            invariants=tuple(r.invariant for r in g.records),
            classes=classes(list(g.records), [rid for r in g.records for rid in r.rulings]),
        )
        for g in groups
    )

    # the ruling table and the matrix
    by_pair = {(r.engine, r.invariant): r for r in results.results}
    rows: list[Row] = []
    idle: list[Row] = []
    matrix: list[MatrixRow] = []
    shown: set[tuple[str, str]] = set()
    for ruling in results.rulings:
        invariants = list(ruling.invariants)
        for other in results.results:
            if ruling.id in other.rulings and other.invariant not in invariants:
                invariants.append(other.invariant)
        records = []
        cells = []
        many = len(engines) > 1
        for engine in engines:
            for invariant in invariants:
                found = by_pair.get((engine, invariant))
                shown.add((engine, invariant))
                if found is None:
                    continue
                records.append(found)
                name = f"{engine}: {invariant}" if many else invariant
                cells.append(_cell(name, found, anchors.get((engine, invariant))))
        row = Row(
            stable_anchor("ruling", ruling.id),
            ruling,
            tuple(cells),
            any(c.status in ("fail", "error") for c in cells),
            classes([*records], [ruling.id]),
        )
        if records or ruling.coverage == "uncovered":
            rows.append(row)
        else:
            idle.append(row)
        if records:
            mcells = []
            judged_by: dict[str, str] = {}  # engine -> worst of the verdicts that judged the ruling
            for engine in engines:
                mine = [r for r in records if r.engine == engine]
                worst = _worst([r.status for r in mine])
                verdicts: list[str] = [r.status for r in mine if r.status in JUDGED]
                if verdicts:
                    judged_by[engine] = _worst(verdicts)
                # A failure links to its case; any other verdict to the ruling's row, which lists
                # every invariant's verdict.
                anchor = next(
                    (
                        anchors[(r.engine, r.invariant)]
                        for r in mine
                        if (r.engine, r.invariant) in anchors and r.status == worst
                    ),
                    row.anchor if mine else None,
                )
                tally: Counter[str] = Counter(r.status for r in mine)
                title = f"{engine}: " + (", ".join(f"{k} {tally[k]}" for k in SEVERITY if tally[k]) or "not run")
                shown_as = _matrix_status(worst, tally)
                mcells.append(MatrixCell(shown_as, LETTERS.get(shown_as, shown_as[:1].upper()), anchor, title))
            # Only engines that judged the ruling (a pass, fail or error) can disagree on it.
            disagree = len(set(judged_by.values())) > 1
            matrix.append(
                MatrixRow(
                    stable_anchor("matrix", ruling.id), row.anchor, ruling.id, tuple(mcells), disagree, row.classes
                )
            )

    orphans = tuple(r for r in results.results if (r.engine, r.invariant) not in shown)
    coverage: dict[str, int] = dict.fromkeys(COVERAGES, 0)
    for ruling in results.rulings:
        coverage[ruling.coverage] = coverage.get(ruling.coverage, 0) + 1

    present = [s for s in SHOWN_STATUSES if total.counts.get(s)]
    filter_statuses = tuple(filter_option("status", s, s, f"st-{s}") for s in present)
    filter_engines = tuple(filter_option("engine", e, label(e), f"e{i}") for i, e in enumerate(engines))
    filter_engine_statuses = tuple(
        Option(stable_anchor("filter", "engine", e, "status", s), f"{label(e)}: {s}", f"e{i}-{s}")
        for i, e in enumerate(engines)
        for s in present
        if any(r.status == s for r in by_engine[e])
    )
    filter_families = tuple(filter_option("family", name, name, f"f{i}") for name, i in families.keys.items())
    filter_cards = tuple(filter_option("card", name, name, f"k{i}") for name, i in sorted(cards.keys.items()))
    if len(engines) < 2:
        filter_engines = filter_engine_statuses = ()
    if len(filter_families) < 2:
        filter_families = ()
    if len(filter_cards) < 2:
        filter_cards = ()
    card_entries = collect_cards(results)
    ruling_cards_all = [card for r in results.rulings for card in r.cards]
    options = (*filter_statuses, *filter_engines, *filter_engine_statuses, *filter_families, *filter_cards)
    return Report(
        results=results,
        engines=engines,
        engine_versions=versions,
        summaries=summaries,
        total=total,
        fold_summaries=len(engines) > COMPACT_AFTER,
        coverage=coverage,
        groups=group_views,
        known=known,
        gated=any(r.expectation is not None for r in results.results),
        new_failures=sum(len(g.records) for g in groups),
        group_rule=RULE,
        matrix=tuple(matrix),
        disagreements=tuple(r for r in matrix if r.disagree) if len(engines) > 1 else (),
        rows=tuple(rows),
        idle_rows=tuple(idle),
        orphans=orphans,
        inconclusive=tuple(r for r in results.results if r.status == "inconclusive"),
        unsupported=explain(results.results),
        unsupported_classes=CLASSES,
        filter_statuses=filter_statuses,
        filter_engines=filter_engines,
        filter_families=filter_families,
        filter_cards=filter_cards,
        filter_engine_statuses=filter_engine_statuses,
        filter_css=_filter_css(options),
        letters=LETTERS,
        cr_map=cr_map,
        cards=card_entries,
        card_links=card_links(card_entries, {c.name for c in card_entries} | set(ruling_cards_all)),
    )


def _matrix_status(worst: str, tally: Counter[str]) -> str:
    """A cell's status: the worst verdict, except that a ruling whose judged invariants pass while
    others are unsupported is ``partial``, not a pass (the engine was checked on part of it)."""
    if worst == "pass" and tally["unsupported"]:
        return PARTIAL
    return worst


def _filter_css(options: tuple[Option, ...]) -> str:
    """The filter rules: while a choice's fragment is the URL's (its link is ``:target``), every
    filterable element without the choice's class is hidden. One choice at a time: the URL has
    one fragment."""
    hide = "{display:none}"
    return "\n".join(f"body:has({css_id(o.anchor)}:target) .flt:not(.{o.keep}){hide}" for o in options)


def _known(case: Case, classes: str) -> KnownIssue:
    expectation = case.record.expectation
    assert expectation is not None  # only known issues come here
    bug = expectation.bug
    return KnownIssue(
        case=case,
        reason=expectation.reason,
        bug=bug,
        bug_is_link=bug.startswith(("https://", "http://")),
        key=expectation.key,
        source=expectation.source,
        classes=classes,
    )


def _text_of(results: Results, ruling_id: str) -> str | None:
    ruling = results.ruling(ruling_id)
    return ruling.text if ruling is not None else None


def state_view(state: Any, params: dict[str, Any] | None = None) -> StateView:
    """:func:`reports.board.state_view`, or the raw JSON alone when the state's shape defeats the
    summary (a results file may come from another harness or an engine's export: never a traceback)."""
    try:
        return _state_view(state, params)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
        return StateView(
            (("note", "this state has an unusual shape; only its JSON is shown"),), (), (), (), (), _raw(state)
        )


def _raw(state: Any) -> str:
    try:
        return json.dumps(state, indent=1, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):
        return "(not displayable)"


def _board(before: Any, after: Any, params: dict[str, Any]) -> BeforeAfter:
    """Before and after with the changes marked, or each state's raw JSON when a shape defeats it."""
    try:
        return before_after(before, after, params)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
        return BeforeAfter(state_view(before, params), None if after is None else state_view(after), ())


def _case(results: Results, record: ResultRecord, anchor: str) -> Case:
    failure = record.failure
    rulings = tuple(QuotedRuling(rid, _text_of(results, rid)) for rid in record.rulings)
    if failure is None:
        return Case(anchor, record, rulings, record.reason or "no message", "", "", (), None)
    before = failure.counterexample.state if failure.counterexample is not None else None
    names = card_names(before, failure.after)
    board = None
    if failure.counterexample is not None:
        board = _board(failure.counterexample.state, failure.after, failure.counterexample.params)
    return Case(
        anchor=anchor,
        record=record,
        rulings=rulings,
        message=name_ids(failure.message or record.reason or "no message", names),
        expected=name_ids(failure.expected, names),
        observed=name_ids(failure.observed, names),
        trace=tuple((name_ids(s.action, names), tuple(name_ids(e, names) for e in s.events)) for s in failure.trace),
        board=board,
        card_names=record_card_names(record),
    )


def _cell(invariant: str, record: ResultRecord | None, anchor: str | None) -> Cell:
    if record is None:
        return Cell(invariant, "not-run", None, "no result for this engine in this run")
    bits = [f"{record.examples} examples", format_seconds(record.duration), claim_figures(record)]
    if record.examples_to_first_failure is not None:
        bits.append(f"first failure after {record.examples_to_first_failure} examples")
    if record.reason:
        bits.append(record.reason)
    return Cell(invariant, record.status, anchor, "; ".join(b for b in bits if b))


# -- rendering -------------------------------------------------------------------------------


def render_report(results: Results, diff: Any = None, cr_map: str | None = None) -> str:
    """The report as one self-contained HTML document; with ``diff`` (a :class:`reports.diff.RunDiff`,
    from ``run --baseline``) it shows the changes since the baseline under the summary; with
    ``cr_map`` (the CR map page beside it) its CR numbers link to their rules there."""
    return (
        environment()
        .get_template("report.html.j2")
        .render(report=build_report(results, cr_map), diff=diff, sections=SECTIONS, filter_all=FILTER_ALL)
    )


def write_report(results: Results, path: str | os.PathLike[str], diff: Any = None, cr_map: str | None = None) -> Path:
    """Render and write the report atomically; returns the path."""
    return write_text_atomic(path, render_report(results, diff, cr_map))


__all__ = [
    "SHOWN_STATUSES",
    "build_report",
    "environment",
    "family",
    "format_seconds",
    "render_report",
    "stable_anchor",
    "state_view",
    "write_report",
]
