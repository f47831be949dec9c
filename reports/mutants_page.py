"""The mutants (and controls) page and its junit.xml: is the harness good?

A mutants run asks the opposite question of a conformance run: every mutant *should* fail. So
its page does not show red "fail" pills for the kills; it shows, per mutant, **killed** or
**survived**, by which invariants, after how many examples and with how small a counterexample,
and it is green when every mutant was killed (and no control found a vacuous ruling). Its
junit.xml has one test case per mutant, where a survivor is the failure, so a good harness is a
green CI job.

Controls (degenerate engines, see the design) are read from ``controls.json`` beside the
results when a run wrote one; the page works without it. The file is read defensively, as its
schema belongs to the controls command: a list of controls under ``"controls"``, each with an
``id`` (or ``name``/``spec``) and its ``vacuous`` rulings (ids, or objects with an ``id``), or,
as ``mtg-conformance/controls`` writes it, top-level ``vacuous`` (ruling, control) pairs and per
invariant the controls it ``failed``.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reports.atomic import write_text_atomic
from reports.groups import group_failures
from reports.mutants import SMALL, MutantRow, summary
from reports.results import Results
from reports.templating import environment


@dataclass(frozen=True)
class ControlView:
    id: str
    description: str
    vacuous: tuple[str, ...]
    failed: int | None  # invariants the control failed, when the file says


@dataclass(frozen=True)
class Controls:
    found: bool  # a controls.json was given and readable
    problem: str | None  # why it could not be read
    controls: tuple[ControlView, ...]

    @property
    def vacuous(self) -> int:
        return sum(len(c.vacuous) for c in self.controls)


@dataclass(frozen=True)
class MutantView:
    row: MutantRow
    anchor: str | None  # the failure group in cases.html


@dataclass(frozen=True)
class MutantsPage:
    results: Results
    mutants: tuple[MutantView, ...]  # survivors first
    summary: dict[str, object]
    controls: Controls
    good: bool
    small: int
    cases_page: str | None


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)


def read_controls(path: str | os.PathLike[str] | None) -> Controls:
    """Controls from ``controls.json``; a missing file is ``found=False``, an unreadable one says why."""
    if path is None or not Path(path).exists():
        return Controls(False, None, ())
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return Controls(False, f"{Path(path).name} could not be read: {exc}".splitlines()[0], ())
    items = data.get("controls") if isinstance(data, dict) else data
    if not isinstance(items, list):
        return Controls(False, f"{Path(path).name} has no list of controls", ())
    # schema mtg-conformance/controls: vacuous (ruling, control) pairs and, per invariant, the
    # controls it failed, at the top level
    pairs = data.get("vacuous") if isinstance(data, dict) else None
    per_invariant = data.get("invariants") if isinstance(data, dict) else None
    vacuous_of: dict[str, list[str]] = {}
    for pair in pairs if isinstance(pairs, list) else []:
        if isinstance(pair, dict) and "control" in pair:
            vacuous_of.setdefault(_text(pair["control"]), []).append(_text(pair.get("ruling", "?")))
    failed_by: dict[str, int] = {}
    for entry in per_invariant.values() if isinstance(per_invariant, dict) else []:
        for control in entry.get("failed", []) if isinstance(entry, dict) else []:
            failed_by[_text(control)] = failed_by.get(_text(control), 0) + 1
    controls = []
    for item in items:
        if not isinstance(item, dict):
            continue
        ident = item.get("id") or item.get("name") or item.get("spec") or "?"
        vacuous_raw = item.get("vacuous") or item.get("vacuous_rulings") or vacuous_of.get(_text(ident), [])
        vacuous = tuple(
            _text(v.get("id", v)) if isinstance(v, dict) else _text(v)
            for v in (vacuous_raw if isinstance(vacuous_raw, list) else [])
        )
        failed = item.get("failed") or item.get("failed_invariants") or item.get("killed_by")
        count = len(failed) if isinstance(failed, list) else failed if isinstance(failed, int) else None
        if count is None and isinstance(per_invariant, dict):
            count = failed_by.get(_text(ident), 0)
        description = item.get("description") or item.get("behaviour") or item.get("bug") or ""
        controls.append(ControlView(_text(ident), _text(description), vacuous, count))
    return Controls(True, None, tuple(controls))


def build_page(
    results: Results, rows: list[MutantRow], controls: Controls, *, cases_page: str | None = "cases.html"
) -> MutantsPage:
    first_group: dict[str, str] = {}
    for group in group_failures(results.results, results.engines()):
        first_group.setdefault(group.engine, group.anchor)
    ordered = sorted(rows, key=lambda r: (r.status != "survived", r.id))
    s = summary(rows)
    good = s["survived"] == 0 and bool(rows) and controls.vacuous == 0 and controls.problem is None
    return MutantsPage(
        results=results,
        mutants=tuple(MutantView(r, first_group.get(r.spec)) for r in ordered),
        summary=s,
        controls=controls,
        good=good,
        small=SMALL,
        cases_page=cases_page,
    )


def render_mutants_page(
    results: Results, rows: list[MutantRow], controls: Controls | None = None, *, cases_page: str | None = "cases.html"
) -> str:
    page = build_page(results, rows, controls or Controls(False, None, ()), cases_page=cases_page)
    return environment().get_template("mutants.html.j2").render(page=page)


def write_mutants_page(
    results: Results,
    rows: list[MutantRow],
    path: str | os.PathLike[str],
    controls: Controls | None = None,
    *,
    cases_page: str | None = "cases.html",
) -> Path:
    return write_text_atomic(path, render_mutants_page(results, rows, controls, cases_page=cases_page))


def mutants_junit(rows: list[MutantRow], *, duration: float = 0.0) -> str:
    """JUnit XML with one test case per mutant: a killed mutant passes, a survivor fails."""
    survivors = [r for r in rows if r.status != "killed"]
    suite = ET.Element(
        "testsuite",
        name="mtg-conformance-mutants",
        tests=str(len(rows)),
        failures=str(len(survivors)),
        errors="0",
        skipped="0",
        time=f"{duration:.3f}",
    )
    for row in rows:
        case = ET.SubElement(suite, "testcase", classname="mutants", name=row.id)
        if row.status == "killed":
            case.set("time", "0")
            out = ET.SubElement(case, "system-out")
            out.text = f"killed by {len(row.killed_by)} of {row.invariants_run} invariants: " + ", ".join(row.killed_by)
        else:
            failure = ET.SubElement(
                case, "failure", message=f"survived: none of {row.invariants_run} invariants failed"
            )
            failure.text = f"{row.spec} breaks {', '.join(row.breaks)}: {row.bug}"
    root = ET.Element("testsuites", name="mtg-conformance", tests=str(len(rows)), failures=str(len(survivors)))
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_mutants_junit(rows: list[MutantRow], path: str | os.PathLike[str], *, duration: float = 0.0) -> Path:
    return write_text_atomic(path, mutants_junit(rows, duration=duration))


__all__ = [
    "ControlView",
    "Controls",
    "build_page",
    "mutants_junit",
    "read_controls",
    "render_mutants_page",
    "write_mutants_junit",
    "write_mutants_page",
]
