"""The regression gate of ``mtg-conformance run``: ``--expectations [ENGINE=]FILE`` and ``--baseline RESULTS``.

Without a gate a run exits 1 on any fail or error. With ``--expectations`` it exits 0 exactly when
every result has its expected status (:mod:`harness.expectations`). Each file gates one engine:
``ENGINE=FILE`` names it (repeatable, one per engine), a bare ``FILE`` gates the run's only engine
(or, in a run of several, the engine its ``engine = "..."`` line names); a file whose ``engine``
line names another engine is a usage error, so the phase file cannot silently gate a mutant, and
an engine no file names is expected to pass everything. Every record of a gated engine carries its
expectation into ``results.json``, ``report.html`` (known issues apart) and ``junit.xml`` (an
expected failure is skipped, with its reason). With ``--baseline`` (and no
expectations file) the baseline's statuses are the expectations, so any regression, fix or status
change fails the job; the diff against the baseline is printed and embedded in the report either
way. An incomplete run (time limit, stop signal, a missing shard in a merge) never passes a gate:
what did not run may fail, so it exits 4 as an ungated incomplete run does. Both files are read and checked before the suite starts, so a typo costs no run.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from pathlib import Path

from harness.coverage_cli import page_beside
from harness.expectations import (
    Expectations,
    ExpectationsError,
    Mismatch,
    annotate,
    compare,
    gate_report,
    known_invariants,
    load_expectations,
)
from harness.history import History, HistoryError, load_history
from harness.lock import OutputLocked, hold
from harness.output import cannot_write, destination, ready_folder
from harness.verdict import Verdict, incomplete_text, plural, run_verdict
from reports.diff import RunDiff, diff_results, format_diff
from reports.html import write_report
from reports.junit import write_junit
from reports.results import EXIT_INCOMPLETE, Results, ResultsError, read_results, write_results


class GateError(ValueError):
    """A gate file that cannot be used (exit status 2)."""


def add_expectations_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--expectations",
        action="append",
        metavar="[ENGINE=]FILE",
        help="TOML file of an engine's expected non-pass verdicts: exit 0 iff every result matches "
        "(repeatable as ENGINE=FILE, one per engine; a bare FILE gates the run's only engine)",
    )


def add_history_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--history",
        type=Path,
        metavar="DIR",
        help="append this run's summary to DIR/history.jsonl and show per failure since when it fails",
    )


def add_run_options(run: argparse.ArgumentParser) -> None:
    add_expectations_option(run)
    add_history_option(run)
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
        help="Hypothesis example database: failing examples are saved there (a dev or thorough run "
        "tries them first; the derandomized ci profile never reads it, so it draws the same)",
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
class ExpectationsFile:
    """One ``--expectations`` value, read: the engine it names (None for a bare FILE) and the file."""

    engine: str | None
    expectations: Expectations


def split_spec(value: str) -> tuple[str | None, Path]:
    """``ENGINE=FILE`` or ``FILE`` (a value naming an existing file is a FILE, '=' or not)."""
    name, sep, path = value.partition("=")
    if sep and name and path and not Path(value).exists():
        return name, Path(path)
    return None, Path(value)


def same_engine(declared: str, spec: str) -> bool:
    """Whether a file's ``engine`` line names ``spec`` (``isolated:phase`` is phase run isolated)."""
    return declared == spec or declared == spec.removeprefix("isolated:")


def bind(files: tuple[ExpectationsFile, ...], engines: tuple[str, ...]) -> dict[str, Expectations]:
    """Each file's engine among ``engines``; GateError (one line) for a file that names an engine
    the run does not check, whose ``engine`` line names another, or two files for one engine."""
    bound: dict[str, Expectations] = {}
    for item in files:
        exp = item.expectations
        target = item.engine
        if target is None:
            if len(engines) == 1:
                target = engines[0]
            elif exp.engine is not None and any(same_engine(exp.engine, e) for e in engines):
                target = next(e for e in engines if same_engine(exp.engine, e))
            else:
                raise GateError(
                    f"--expectations {exp.source}: this run checks {len(engines)} engines "
                    f"({', '.join(engines)}); name the one it gates as ENGINE={exp.source}"
                )
        if target not in engines:
            raise GateError(
                f"--expectations {target}={exp.source}: the run does not check engine {target!r} "
                f"(it checks: {', '.join(engines)})"
            )
        if exp.engine is not None and not same_engine(exp.engine, target):
            raise GateError(f"{exp.source}: its engine is {exp.engine!r} but it would gate engine {target!r}")
        if target in bound:
            raise GateError(f"two expectations files for engine {target!r}: {bound[target].source} and {exp.source}")
        bound[target] = exp
    return bound


@dataclass(frozen=True)
class Gate:
    files: tuple[ExpectationsFile, ...] = ()
    baseline: Results | None = None
    baseline_path: str | None = None
    #: The engines each file gates, once known (:meth:`bound`); an engine of the run no file names
    #: is expected to pass everything.
    per_engine: dict[str, Expectations] | None = None
    #: The invariants the run selected (``--invariant``, ``--shard``): the baseline is compared on
    #: these only, so a one-ruling run does not list every other invariant as removed.
    scope: frozenset[str] | None = None
    replace_complete: bool = False
    #: ``--history DIR``: read before the run, appended to after it.
    history: History | None = None

    @property
    def active(self) -> bool:
        return bool(self.files) or self.baseline is not None or self.history is not None

    @property
    def expectations(self) -> bool:
        return bool(self.files)

    def bound(self, engines: tuple[str, ...]) -> Gate:
        """This gate with its files tied to ``engines`` (every engine of the run gets one)."""
        if not self.files:
            return self
        named = bind(self.files, engines)
        default = {e: Expectations(source="no expectations file: every result expected to pass") for e in engines}
        return replace(self, per_engine={**default, **named})

    def annotate(self, results: Results) -> Results:
        """``results`` with each record's expectation (with expectations files) and, with a
        history, each failure's ``failing_since``."""
        if self.history is not None:
            results = self.history.annotate(results)
        if not self.files:
            return results
        gate = self if self.per_engine is not None else self.bound(results.engines())
        return annotate(results, gate.per_engine or {})

    def finish(self, results: Results, out: Path, *, incomplete: str | None = None) -> Verdict:
        """Print the gate's findings, rewrite the run's files with the expectations, the failing
        streaks and the diff, append the run to the history, and give the verdict (exit status
        and its sentence). ``incomplete``: why the results are incomplete, when the caller knows
        better than the counts (a merge missing a shard)."""
        results = self.annotate(results)
        diff = self._diff(results, out)
        self._rewrite(results, out, diff)
        verdict = self._verdict(results, diff, incomplete)
        if self.history is not None:
            try:
                self.history.append(results, verdict.code, verdict.text)
            except HistoryError as exc:
                raise GateError(str(exc)) from None
        return verdict

    def _verdict(self, results: Results, diff: RunDiff | None, incomplete: str | None) -> Verdict:
        if self.files:
            verdict = self._expectations_verdict(results)
        elif diff is not None:
            verdict = _baseline_verdict(diff, self.baseline_path or "the baseline")
        else:  # not gated (a run with --history only): the run's own verdict
            verdict = run_verdict(results)
            return Verdict(EXIT_INCOMPLETE, incomplete) if incomplete and verdict.code == EXIT_INCOMPLETE else verdict
        if verdict.code == 0 and not results.run.complete:
            # What did not run may fail: a gate cannot vouch for it, so it is not green either.
            why = incomplete or incomplete_text(results)
            verdict = Verdict(EXIT_INCOMPLETE, f"gate not passed: {why}")
        return verdict

    def _diff(self, results: Results, out: Path) -> RunDiff | None:
        if self.baseline is None:
            return None
        baseline = self.baseline
        if self.scope is not None:
            kept = tuple(r for r in baseline.results if r.invariant in self.scope)
            baseline = replace(baseline, results=kept)
        diff = diff_results(
            baseline, results, old_label=self.baseline_path or "baseline", new_label=str(out / "results.json")
        )
        print(format_diff(diff))
        print(diff.summary_line())
        return diff

    def _rewrite(self, results: Results, out: Path, diff: RunDiff | None) -> None:
        """The run's three files again, now with the expectations (and the diff in the report).
        After the run wrote its files, this names the files it wrote: the ``.partial`` ones when an
        interrupted run was written beside a complete one that must stay readable."""
        where = destination(out, complete=results.run.complete, replace_complete=self.replace_complete)
        try:
            with hold(out):
                if self.files or self.history is not None:
                    write_results(results, where.results)
                    write_junit(results, where.junit)
                write_report(results, where.report, diff=diff, cr_map=page_beside(out))
        except OutputLocked as exc:
            raise GateError(str(exc)) from None
        except OSError as exc:
            raise GateError(cannot_write(out, exc)) from None

    def _expectations_verdict(self, results: Results) -> Verdict:
        per_engine = self.per_engine or self.bound(results.engines()).per_engine or {}
        mismatches: list[Mismatch] = []
        for engine, exp in per_engine.items():
            mine = replace(results, results=tuple(r for r in results.results if r.engine == engine))
            found = compare(mine, exp)
            if exp.entries or found:
                print(gate_report(found, len(mine.results), exp.source))
            mismatches += found
        known = sum(1 for r in results.results if r.known_issue)
        if not mismatches:
            return Verdict(0, f"gate passed: {plural(known, 'expected failure')}, 0 unexpected")
        labels = [m.label.lower() for m in mismatches]
        kinds = ", ".join(
            plural(labels.count(label), label, label.replace("failure", "failures").replace("pass", "passes"))
            for label in dict.fromkeys(labels)
        )
        return Verdict(
            1,
            f"gate failed: {len(mismatches)} unexpected of {plural(len(results.results), 'result')} ({kinds}); "
            f"{plural(known, 'expected failure')}",
        )


def _baseline_verdict(diff: RunDiff, label: str) -> Verdict:
    """The baseline gate: any status that differs from the baseline's fails it."""
    failures = diff.gate_failures()
    if not failures:
        return Verdict(0, f"baseline gate passed: no status changed against {label}")
    kinds = [c.kind for c in failures]
    named = {
        "regression": ("regression", "regressions"),
        "fix": ("fix", "fixes"),
        "status": ("status change", "status changes"),
        "added": ("added non-pass", "added non-passes"),
    }
    parts = ", ".join(plural(kinds.count(k), *named.get(k, (k, k + "s"))) for k in dict.fromkeys(kinds))
    return Verdict(1, f"baseline gate failed: {parts} against {label}")


def read_expectations_files(values: list[str] | None) -> tuple[ExpectationsFile, ...]:
    """Read and validate every ``--expectations`` value; GateError names the file and the fault."""
    files = []
    known = known_invariants() if values else {}
    for value in values or ():
        name, path = split_spec(value)
        try:
            files.append(ExpectationsFile(name, load_expectations(path, known)))
        except ExpectationsError as exc:
            raise GateError(str(exc)) from None
    return tuple(files)


def prepare(
    args: argparse.Namespace, engines: tuple[str, ...] | None = None, scope: frozenset[str] | None = None
) -> Gate:
    """Read and validate the gate's files (and the example database's folder), tied to ``engines``
    when they are known before the run; GateError names the file and the fault."""
    database = getattr(args, "database", None)
    if database is not None:
        # Hypothesis ignores a database it cannot write: a file here would silently keep nothing.
        unwritable = ready_folder(database, "--database")
        if unwritable:
            raise GateError(unwritable)
    files = read_expectations_files(getattr(args, "expectations", None))
    baseline = None
    if getattr(args, "baseline", None) is not None:
        try:
            baseline = read_results(args.baseline)
        except OSError as exc:
            raise GateError(f"cannot read baseline {args.baseline}: {exc.strerror or exc}") from None
        except ResultsError as exc:
            raise GateError(f"baseline: {exc}") from None
    history = None
    if getattr(args, "history", None) is not None:
        try:
            history = load_history(args.history)
        except HistoryError as exc:
            raise GateError(str(exc)) from None
    gate = Gate(
        files,
        baseline,
        str(args.baseline) if getattr(args, "baseline", None) is not None else None,
        scope=scope,
        replace_complete=bool(getattr(args, "replace_complete", False)),
        history=history,
    )
    return gate.bound(engines) if engines is not None else gate
