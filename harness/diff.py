"""``mtg-conformance diff OLD NEW``: what changed between two runs, on the terminal and as HTML.

The comparison itself is :mod:`reports.diff` (it reads results only); this module is the command.
``diff --history DIR NEW`` takes the baseline from the last run recorded in ``DIR/history.jsonl``
(``run --history DIR`` writes it): a CI job that keeps only the history folder between runs still
gets regressions, fixes, status changes and added or removed invariants. The history keeps statuses
only, so failures whose message or counterexample changed are not reported in that form. NEW's own
line (``run --history`` records the run it made) is skipped: the baseline is the run before it.
Exit status: 0 when every status is the same as before (changed failure messages, added passing
and removed invariants are shown but do not count), 1 on any regression, fix or status change (as
the ``run --baseline`` gate), 2 for a file that cannot be read.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from harness.history import HistoryError, load_history
from harness.output import cannot_write
from reports.diff import RunDiff, diff_results, format_diff, write_diff_page
from reports.results import Results, ResultsError, read_results


class DiffError(ValueError):
    """An input file that cannot be read (exit status 2)."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("diff", help="compare two results.json files: regressions, fixes, changes")
    p.add_argument(
        "files",
        type=Path,
        nargs="+",
        metavar="RESULTS",
        help="OLD NEW: results.json of the earlier run (the baseline) and of the later one; with --history, NEW only",
    )
    p.add_argument(
        "--history",
        type=Path,
        metavar="DIR",
        help="the baseline is the last run recorded in DIR/history.jsonl (by run --history DIR)",
    )
    p.add_argument("--html", type=Path, metavar="FILE", help="also write the diff as an HTML page")


def cmd_diff(args: argparse.Namespace) -> int:

    diff = _history_diff(args) if args.history is not None else _files_diff(args)
    print(format_diff(diff))
    print(diff.summary_line())
    if args.html is not None:
        try:
            write_diff_page(diff, args.html)
        except OSError as exc:
            raise DiffError(cannot_write(args.html, exc)) from None
        print(f"diff page: {args.html}")
    return 1 if diff.gate_failures() else 0


def _read(path: Path) -> Results:
    """One results file, or DiffError naming it."""
    try:
        return read_results(path)
    except OSError as exc:
        raise DiffError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ResultsError as exc:
        raise DiffError(str(exc)) from None


def _files_diff(args: argparse.Namespace) -> RunDiff:
    """``diff OLD NEW``."""
    if len(args.files) != 2:
        raise DiffError(f"diff needs OLD and NEW results.json (or --history DIR and NEW), got {len(args.files)} files")
    old, new = args.files
    return diff_results(_read(old), _read(new), old_label=str(old), new_label=str(new))


def _history_diff(args: argparse.Namespace) -> RunDiff:
    """``diff --history DIR NEW``: against the last recorded run before NEW (a usage error when
    there is none). ``run --history DIR`` records the run it made, so NEW's own line, the one with
    NEW's start time, is skipped: the job runs with ``--history`` and then diffs, in either order."""
    if len(args.files) != 1:
        raise DiffError(f"diff --history DIR takes one results.json (the new run), got {len(args.files)} files")
    (path,) = args.files
    new = _read(path)
    try:
        history = load_history(args.history)
        earlier = [e for e in history.entries if e.started != new.run.started]
        if not earlier:
            raise DiffError(
                f"--history {str(args.history)!r}: no earlier run recorded in {history.path} to compare with"
            )
        old = earlier[-1].as_results()
    except HistoryError as exc:
        raise DiffError(str(exc)) from None
    label = f"{history.path} (run of {old.run.started})"
    return diff_results(old, new, old_label=label, new_label=str(path), statuses_only=True)
