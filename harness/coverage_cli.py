"""``mtg-conformance coverage``: the map of the Comprehensive Rules the suite covers.

A table per covered section (subrules checked / total; with ``-v`` every subrule, the
invariants that check it or why none does), ``--json`` for machines (the map's schema,
:mod:`reports.cr_map`), ``--out FILE`` for the HTML page (:mod:`reports.coverage_page`).
``--section N`` keeps the covered sections numbered under N (``702`` for every keyword).
A broken explanations file, or a section the map does not cover, is one line and exit 2.

``mtg-conformance run`` writes the same page as ``coverage.html`` beside its report
(:func:`write_beside`), and the report links each CR number of its ruling table to the page.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from harness.cr_map import build_map, covered_sections
from reports.coverage_page import write_coverage_page
from reports.cr_map import CRMap, MapRow
from rulings.compile import CompiledSuite
from rulings.cr_explain import ExplanationsError, load_explanations
from rulings.cr_text import RulesTextError, is_under, number_key, shipped_rules

#: The page a run writes beside its report.
PAGE = "coverage.html"


class CoverageError(ValueError):
    """Bad input to the coverage command; one line, exit 2."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "coverage",
        help="the Comprehensive Rules covered: every subrule of the covered sections, "
        "with the invariants that check it or why none does",
    )
    p.add_argument("--json", action="store_true", help="the map as JSON (schema mtg-conformance/cr-map)")
    p.add_argument(
        "--section",
        action="append",
        metavar="N",
        help="only the covered sections numbered under N, e.g. 510 or 702 (repeatable)",
    )
    p.add_argument("--out", type=Path, metavar="FILE", help="write the map as an HTML page")
    p.add_argument(
        "--explanations",
        type=Path,
        metavar="FILE",
        help="why rules are not covered (default: the shipped rulings/cr-not-covered.toml)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="every subrule, not only each section's figures")


def cr_map(suite: CompiledSuite, sections: list[str] | None = None, explanations: Path | None = None) -> CRMap:
    """The map of the compiled ``suite`` (the covered sections under ``sections``, or all)."""
    try:
        rules = shipped_rules()
        reasons = load_explanations(rules, explanations)
        covered = list(covered_sections(suite))
        chosen = covered
        if sections:
            for wanted in sections:
                try:
                    number_key(wanted)
                except ValueError as exc:
                    raise CoverageError(f"--section: {exc}") from None
                if not any(is_under(s, wanted) for s in covered):
                    raise CoverageError(f"--section {wanted}: no covered section is numbered under it")
            chosen = [s for s in covered if any(is_under(s, w) for w in sections)]
        return build_map(suite, rules, reasons, chosen)
    except (ExplanationsError, RulesTextError) as exc:
        raise CoverageError(str(exc)) from None


def cmd_coverage(args: argparse.Namespace, suite: CompiledSuite) -> int:
    crmap = cr_map(suite, args.section, args.explanations)
    if args.out is not None:
        if args.out.is_dir():
            raise CoverageError(f"--out {str(args.out)!r} is a directory; give the HTML file to write")
        try:
            write_coverage_page(crmap, args.out)
        except OSError as exc:
            raise CoverageError(f"cannot write {str(args.out)!r}: {exc.strerror or exc}") from None
    if args.json:
        sys.stdout.write(crmap.to_json())
        return 0
    print(format_table(crmap, verbose=args.verbose))
    if args.out is not None:
        print(f"coverage: {args.out}")
    return 0


def format_table(crmap: CRMap, *, verbose: bool = False) -> str:
    """Section, checked/total and title; with ``verbose`` every rule under its section."""
    lines = [f"{'section':<9} {'checked':>11}  title"]
    for s in crmap.sections:
        lines.append(f"{s.number:<9} {f'{s.checked}/{s.total}':>11}  {s.title}")
        if verbose:
            lines.extend(f"  {_row_line(row)}" for row in s.rows if not row.heading)
    totals = crmap.totals()
    lines.append(
        f"\n{totals['sections']} sections of the Comprehensive Rules ({crmap.effective}): "
        f"{totals['checked']} of {totals['total']} subrules checked"
        + (f", {totals['informational']} cited by informational rulings only" if totals["informational"] else "")
    )
    for unknown in crmap.unknown_citations:
        lines.append(f"cited but not in the rules: {unknown.number} ({', '.join(unknown.rulings)})")
    return "\n".join(lines)


def _row_line(row: MapRow) -> str:
    status = row.status.replace("-", " ")
    if row.status == "checked":
        shown = ", ".join(row.invariants[:2]) + (f" (+{len(row.invariants) - 2})" if len(row.invariants) > 2 else "")
        through = f" through {', '.join(row.via)}" if row.via else ""
        return f"{row.number:<10} {status:<13} {shown}{through}"
    return f"{row.number:<10} {status:<13} {row.reason}"


def write_beside(folder: Path, suite: CompiledSuite) -> str | None:
    """Write the whole map as ``coverage.html`` in ``folder`` (beside a run's report); its name
    for the report's links, or None (with a warning) when the map cannot be built: the run's
    verdicts do not depend on it, so it never costs a run its report."""
    try:
        write_coverage_page(cr_map(suite), folder / PAGE)
    except (CoverageError, OSError) as exc:
        print(f"mtg-conformance: warning: no {PAGE}: {exc}", file=sys.stderr)
        return None
    return PAGE


def page_beside(folder: Path) -> str | None:
    """The map's name when a run wrote it in ``folder`` (for a report re-rendered there), else None."""
    return PAGE if (folder / PAGE).is_file() else None


__all__ = [
    "PAGE",
    "CoverageError",
    "add_parser",
    "cmd_coverage",
    "cr_map",
    "format_table",
    "page_beside",
    "write_beside",
]
