"""``mtg-conformance diff OLD NEW``: what changed between two runs, on the terminal and as HTML.

The comparison itself is :mod:`reports.diff` (it reads results only); this module is the command.
Exit status: 0 when every status is the same as before (changed failure messages, added passing
and removed invariants are shown but do not count), 1 on any regression, fix or status change (as
the ``run --baseline`` gate), 2 for a file that cannot be read.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from harness.output import cannot_write
from reports.diff import diff_results, format_diff, write_diff_page
from reports.results import ResultsError, read_results


class DiffError(ValueError):
    """An input file that cannot be read (exit status 2)."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("diff", help="compare two results.json files: regressions, fixes, changes")
    p.add_argument("old", type=Path, help="results.json of the earlier run (the baseline)")
    p.add_argument("new", type=Path, help="results.json of the later run")
    p.add_argument("--html", type=Path, metavar="FILE", help="also write the diff as an HTML page")


def cmd_diff(args: argparse.Namespace) -> int:

    loaded = []
    for path in (args.old, args.new):
        try:
            loaded.append(read_results(path))
        except OSError as exc:
            raise DiffError(f"cannot read {path}: {exc.strerror or exc}") from None
        except ResultsError as exc:
            raise DiffError(str(exc)) from None
    diff = diff_results(loaded[0], loaded[1], old_label=str(args.old), new_label=str(args.new))
    print(format_diff(diff))
    print(diff.summary_line())
    if args.html is not None:
        try:
            write_diff_page(diff, args.html)
        except OSError as exc:
            raise DiffError(cannot_write(args.html, exc)) from None
        print(f"diff page: {args.html}")
    return 1 if diff.gate_failures() else 0
