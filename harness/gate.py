"""The regression gate of ``mtg-conformance run``: ``--expectations FILE`` and ``--baseline RESULTS``.

Without a gate a run exits 1 on any fail or error. With ``--expectations`` it exits 0 exactly when
every result has its expected status (:mod:`harness.expectations`); with ``--baseline`` (and no
expectations file) the baseline's statuses are the expectations, so any regression, fix or status
change fails the job; the diff against the baseline is printed and embedded in the report either
way. An incomplete run (time limit, stop signal, a missing shard in a merge) never passes a gate:
what did not run may fail, so it exits 4 as an ungated incomplete run does. Both files are read and checked before the suite starts, so a typo costs no run.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from harness.coverage_cli import page_beside
from harness.expectations import (
    Expectations,
    ExpectationsError,
    compare,
    gate_report,
    known_invariants,
    load_expectations,
)
from harness.output import destination, ready_folder
from reports.diff import diff_results, format_diff
from reports.html import write_report
from reports.results import EXIT_INCOMPLETE, Results, ResultsError, read_results


class GateError(ValueError):
    """A gate file that cannot be used (exit status 2)."""


def add_run_options(run: argparse.ArgumentParser) -> None:
    run.add_argument(
        "--expectations",
        type=Path,
        metavar="FILE",
        help="TOML file of expected non-pass verdicts: exit 0 iff every result matches it",
    )
    run.add_argument(
        "--baseline",
        type=Path,
        metavar="RESULTS",
        help="results.json of an earlier run: print and embed the diff against it",
    )
    run.add_argument("--shard", metavar="I/N", help="run only shard I of N (deterministic, balanced by cost)")
    run.add_argument(
        "--database",
        type=Path,
        metavar="DIR",
        help="Hypothesis example database: failing examples found once are tried first next time",
    )


def suite_options(args: argparse.Namespace) -> list[str]:
    """The plugin options (``--mtg-...``) for the CI options of ``run``."""
    extra: list[str] = []
    if getattr(args, "shard", None):
        extra += ["--mtg-shard", args.shard]
    if getattr(args, "database", None) is not None:
        extra += ["--mtg-database", str(args.database)]
    return extra


@dataclass(frozen=True)
class Gate:
    expectations: Expectations | None = None
    baseline: Results | None = None
    baseline_path: str | None = None

    @property
    def active(self) -> bool:
        return self.expectations is not None or self.baseline is not None

    def finish(self, results: Results, out: Path, default: int) -> int:
        """Print the gate's findings, re-render the report with the diff, and give the exit status."""
        code = default
        diff = None
        if self.baseline is not None:
            diff = diff_results(
                self.baseline, results, old_label=self.baseline_path or "baseline", new_label=str(out / "results.json")
            )
            print(format_diff(diff))
            print(diff.summary_line())

            # After the run wrote its files, this names the report it wrote: report.partial.html
            # when an interrupted run was written beside a complete one that must stay readable.
            write_report(
                results, destination(out, complete=results.run.complete).report, diff=diff, cr_map=page_beside(out)
            )
        if self.expectations is not None:
            mismatches = compare(results, self.expectations)
            print(gate_report(mismatches, len(results.results), self.expectations.source))
            code = 1 if mismatches else 0
        elif diff is not None:
            code = 1 if diff.gate_failures() else 0
        if code == 0 and not results.run.complete:
            # What did not run may fail: a gate cannot vouch for it, so it is not green either.
            planned = f" of {results.run.planned}" if results.run.planned is not None else ""
            print(
                f"gate: the run is incomplete ({len(results.results)}{planned} cases finished): exit {EXIT_INCOMPLETE}"
            )
            code = EXIT_INCOMPLETE
        return code


def prepare(args: argparse.Namespace) -> Gate:
    """Read and validate the gate's files (and the example database's folder); GateError names the
    file and the fault."""
    database = getattr(args, "database", None)
    if database is not None:
        # Hypothesis ignores a database it cannot write: a file here would silently keep nothing.
        unwritable = ready_folder(database, "--database")
        if unwritable:
            raise GateError(unwritable)
    expectations = None
    if getattr(args, "expectations", None) is not None:
        try:
            expectations = load_expectations(args.expectations, known_invariants())
        except ExpectationsError as exc:
            raise GateError(str(exc)) from None
    baseline = None
    if getattr(args, "baseline", None) is not None:
        try:
            baseline = read_results(args.baseline)
        except OSError as exc:
            raise GateError(f"cannot read baseline {args.baseline}: {exc.strerror or exc}") from None
        except ResultsError as exc:
            raise GateError(f"baseline: {exc}") from None
    return Gate(expectations, baseline, str(args.baseline) if args.baseline is not None else None)
