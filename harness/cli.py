"""The ``mtg-conformance`` command.

``run`` checks engines against the compiled corpus through pytest (so ``-n`` is pytest-xdist)
and writes results.json, report.html and junit.xml; ``rulings`` shows how every ruling is
covered; ``report`` renders a results.json again. Everything a user can get wrong (an engine
name, an invariant id, a broken ruling file) is checked before the run starts and reported in
one line with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shlex
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from harness import controls, coverage_cli, diff, expectations, export, gate, merge, replay
from harness import suite as suite_module
from harness.controls import ControlsUsageError
from harness.differential import KnownError, differential_spec, read_known
from harness.explore import STEPS
from harness.import_cli import cmd_import
from harness.isolation import kill_all_workers
from harness.limits import Limits, clean_text
from harness.lock import OutputLocked, check_usable, hold
from harness.plan import MutantScope, PlanError, compiled_suite, engine, explore_plan, plan
from harness.profiles import PROFILES, is_derandomized
from harness.registry import UnknownEngine
from harness.shard import ShardError, parse_shard, shard_cases
from harness.signals import is_harness_interrupt
from harness.sources import SourceError, use_sources
from harness.verdict import Verdict, incomplete_text, run_verdict
from protocol.mechanics import Mechanic
from reports.controls import ControlsReportError, failed_controls
from reports.explore_page import PAGE as EXPLORE_PAGE
from reports.explore_page import write_explore_page
from reports.html import write_report
from reports.mutants import (
    MutantInfo,
    format_table,
    idle_invariants,
    invariant_rows,
    kill_rows,
    summary,
    write_mutants_json,
)
from reports.mutants_page import read_controls, write_mutants_junit, write_mutants_page
from reports.results import ResultsError, exit_status, read_results
from reports.text import visible
from rulings.cards import CardPoolError, card_pool
from rulings.compile import CompileError, compile_corpus
from rulings.corpus import CorpusError, load_corpus

EXIT_OK, EXIT_FAILURES, EXIT_USAGE = 0, 1, 2
#: Interrupted outside a run's pytest session (before it began or after its files were written).
EXIT_INTERRUPTED = 130
DEFAULT_OUT = "conformance-report"
DEFAULT_MUTANTS_OUT = "mutants-report"
DEFAULT_EXPLORE_OUT = "explore-report"


class UsageError(Exception):
    """Bad input from the user: reported in one line, exit status 2."""


def _workers(value: str) -> str:
    """``-n``: a number of pytest-xdist workers >= 0, or ``auto``/``logical``."""
    if value in ("auto", "logical") or (value.isdigit() and int(value) >= 0):
        return value
    raise argparse.ArgumentTypeError(f"expected a number of workers >= 0 or 'auto', got {value!r}")


def _seconds(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not number >= 0 or number == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0 (0: no limit), got {value!r}")
    return number


def _share(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number <= 1:
        raise argparse.ArgumentTypeError(f"expected a share of the call limit from 0 to 1 (0: never), got {value!r}")
    return number


def _count(value: str) -> int:
    if not value.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {value!r}")
    return int(value)


#: CLI option -> field of harness.limits.Limits.
LIMIT_OPTIONS = {
    "call_timeout": "call",
    "start_timeout": "start",
    "example_timeout": "example",
    "invariant_timeout": "invariant",
    "run_timeout": "run",
    "slow_call_share": "slow_share",
    "engine_budget": "engine_budget",
    "memory_limit": "memory_mb",
    "max_stderr": "stderr_bytes",
    "max_message": "message_chars",
}


def _add_limit_options(parser: argparse.ArgumentParser) -> None:

    d = Limits()
    group = parser.add_argument_group("limits (the engine is untrusted: every call is bounded; 0 = none)")
    group.add_argument("--call-timeout", type=_seconds, metavar="S", help=f"one engine call (default: {d.call:g})")
    group.add_argument(
        "--start-timeout",
        type=_seconds,
        metavar="S",
        help=f"starting an isolated engine or loading a state (default: {d.start:g})",
    )
    group.add_argument("--example-timeout", type=_seconds, metavar="S", help=f"one example (default: {d.example:g})")
    group.add_argument(
        "--invariant-timeout",
        type=_seconds,
        metavar="S",
        help=f"one invariant on one engine (default: {d.invariant:g})",
    )
    group.add_argument(
        "--run-timeout",
        type=_seconds,
        metavar="S",
        help="the whole run; later cases are not run and the run is incomplete (default: none)",
    )
    group.add_argument(
        "--slow-call-share",
        type=_share,
        metavar="F",
        help=f"an invariant ends as error when the engine's last {d.slow_calls} calls take on average more "
        f"than this share of the call limit (default: {d.slow_share:g})",
    )
    group.add_argument(
        "--engine-budget",
        type=_seconds,
        metavar="S",
        help=f"engine time per engine in a run (per test process); past it, its later cases are error "
        f"at once (default: {d.engine_budget:g})",
    )
    group.add_argument(
        "--memory-limit",
        type=_count,
        metavar="MIB",
        help=f"address space of an isolated engine's worker (default: {d.memory_mb})",
    )
    group.add_argument(
        "--max-stderr",
        type=_count,
        metavar="BYTES",
        help=f"tail of an isolated engine's stderr kept (default: {d.stderr_bytes})",
    )
    group.add_argument(
        "--max-message",
        type=_count,
        metavar="CHARS",
        help=f"longest engine message kept in the results (default: {d.message_chars})",
    )
    parser.add_argument(
        "--replace-complete",
        action="store_true",
        help="let an interrupted run replace a complete run's files in --out "
        "(default: its files are written beside them as *.partial.*)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtg-conformance",
        description="Check Magic: The Gathering rules engines against executable rulings.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the conformance suite and write the report")
    run.add_argument(
        "--engine",
        action="append",
        metavar="NAME",
        help="engine entry-point name or module:Class (repeatable; default: reference)",
    )
    run.add_argument(
        "--profile", choices=sorted(PROFILES), default="dev", help="Hypothesis settings profile (default: dev)"
    )
    run.add_argument(
        "--out",
        default=DEFAULT_OUT,
        metavar="DIR",
        help=f"directory for results.json, report.html, junit.xml (default: {DEFAULT_OUT}/)",
    )
    run.add_argument("-n", dest="workers", metavar="N", type=_workers, help="pytest-xdist workers (a number or 'auto')")
    run.add_argument(
        "--invariant",
        action="append",
        metavar="ID",
        help="only invariants with this id, id prefix or ruling id (repeatable)",
    )
    run.add_argument("--seed", type=int, help="seed for the dev and thorough profiles (shown in the report)")
    run.add_argument(
        "--cards",
        action="append",
        default=[],
        metavar="FILE",
        help="card pool file (MTGJSON AtomicCards or Scryfall cards) added to the bundled cards (repeatable)",
    )
    run.add_argument(
        "--corpus",
        action="append",
        default=[],
        metavar="DIR",
        help="ruling corpus directory instead of the shipped corpus, e.g. imported rulings (repeatable)",
    )
    run.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    _add_limit_options(run)
    gate.add_run_options(run)

    mutants = sub.add_parser(
        "mutants",
        help="run the suite against every mutant of the reference engine (--list: the mutant ids)",
        description="Check that every seeded-bug mutant of the reference engine is killed. "
        "`mtg-conformance mutants --list` lists the mutant ids that --mutant takes.",
    )
    mutants.add_argument(
        "--profile", choices=sorted(PROFILES), default="ci", help="Hypothesis settings profile (default: ci)"
    )
    mutants.add_argument(
        "--out",
        default=DEFAULT_MUTANTS_OUT,
        metavar="DIR",
        help=f"directory for mutants.json, results.json, report.html (the mutants page), "
        f"cases.html, junit.xml (default: {DEFAULT_MUTANTS_OUT}/)",
    )
    mutants.add_argument(
        "-n", dest="workers", metavar="N", type=_workers, help="pytest-xdist workers (a number or 'auto')"
    )
    mutants.add_argument(
        "--all-invariants",
        action="store_true",
        help="check each mutant with every invariant, not only those of the rulings it breaks",
    )
    mutants.add_argument(
        "--mutant", action="append", metavar="ID", help="only this mutant (repeatable; --list shows the ids)"
    )
    mutants.add_argument(
        "--list", action="store_true", help="list every mutant id with the rulings it breaks and its bug, then exit"
    )
    mutants.add_argument(
        "--controls",
        type=Path,
        metavar="FILE",
        help="controls.json of `mtg-conformance controls`: record the controls each invariant fails",
    )
    mutants.add_argument("--seed", type=int, help="seed for the dev and thorough profiles")
    mutants.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    _add_limit_options(mutants)

    explore = sub.add_parser(
        "explore",
        help="play sequences of offered actions and check the rules of every game (no ruling needed)",
        description="Draw states from every generator, play sequences of the actions each engine offers and "
        "check the global rules (objects conserved, state-based actions before priority, steps in order ...) "
        "after every step; with --differential, play the same sequences on every --engine and report where "
        "they part.",
    )
    explore.add_argument(
        "--engine",
        action="append",
        metavar="NAME",
        help="engine entry-point name or module:Class (repeatable; default: reference)",
    )
    explore.add_argument(
        "--differential",
        action="store_true",
        help="compare the engines (at least two) on the same states and sequences instead of exploring each",
    )
    explore.add_argument(
        "--profile", choices=sorted(PROFILES), default="ci", help="Hypothesis settings profile (default: ci)"
    )
    explore.add_argument(
        "--out",
        default=DEFAULT_EXPLORE_OUT,
        metavar="DIR",
        help=f"directory for results.json, report.html, junit.xml (default: {DEFAULT_EXPLORE_OUT}/)",
    )
    explore.add_argument(
        "-n", dest="workers", metavar="N", type=_workers, help="pytest-xdist workers (a number or 'auto')"
    )
    explore.add_argument(
        "--invariant", action="append", metavar="ID", help="only these global invariants (id or id prefix)"
    )
    explore.add_argument(
        "--known",
        metavar="FILE",
        help="with --differential: known disagreements (TOML [[known]]: step, what, observed, reason); "
        "a play that meets one ends there and the search goes on for others",
    )
    explore.add_argument("--seed", type=int, help="seed for the dev and thorough profiles")
    explore.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    _add_limit_options(explore)
    gate.add_run_options(explore)

    rulings = sub.add_parser("rulings", help="list every ruling and how it is covered (or: rulings import FILE)")
    rulings.add_argument("--json", action="store_true", help="machine-readable output")
    rulings.add_argument(
        "--cards",
        action="append",
        metavar="FILE",
        type=Path,
        help="card pool file (MTGJSON AtomicCards) added to the bundled cards (repeatable)",
    )
    rulings.add_argument(
        "--corpus",
        action="append",
        metavar="DIR",
        type=Path,
        help="ruling corpus directory instead of the shipped corpus (repeatable)",
    )
    rulings.add_argument(
        "--strict", action="store_true", help="exit 2 if a ruling names a card that is not in the card pool"
    )
    rulings.add_argument(
        "--uncovered", action="store_true", help="list only the uncovered rulings, each with why (the sentence quoted)"
    )
    rulings.add_argument(
        "action",
        nargs="*",
        metavar="import FILE",
        help="'import FILE --out CORPUS.toml': turn Scryfall or MTGJSON rulings into corpus entries",
    )
    rulings.add_argument("--out", type=Path, metavar="FILE", help="corpus file that import writes")

    sub.add_parser("requires", help="list the mechanics invariants require (what supports() is asked)")
    coverage_cli.add_parser(sub)

    controls.add_parser(sub)

    report = sub.add_parser("report", help="render a results.json as HTML again")
    report.add_argument("results", type=Path)
    report.add_argument("--out", type=Path, help="HTML file (default: report.html beside the results)")
    expectations.add_parser(sub)
    replay.add_parser(sub)
    diff.add_parser(sub)
    merge.add_parser(sub)
    return parser


def _all_mutants():
    # Imported here for start-up time: the mutants import the whole reference engine and every
    # mutant module, which only the mutants command needs.
    from engines.mutants import all_mutants

    return all_mutants()


def main(argv: Sequence[str] | None = None) -> int:
    """The command's exit status. Called as the program (no ``argv``: the console script,
    ``python -m harness.cli``), it ends the process itself once the command is done (see
    :func:`end_process`), so no thread an engine left behind can keep it alive."""
    if argv is not None:
        return command(argv)
    end_process(_status_of_program())


def _status_of_program() -> int:
    """What the program exits with: the command's status, or what stopped it (never 0 for an
    interruption or a crash; the traceback of a crash is printed as Python would)."""
    try:
        return command(None)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("mtg-conformance: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BaseException:  # noqa: BLE001 - printed as Python would, and the process still ends
        traceback.print_exc()
        return 1


def end_process(status: int) -> NoReturn:
    """Flush the output, end every worker, and leave with ``status`` at once.

    A normal interpreter exit waits for every non-daemon thread: an in-process engine that left
    one running (a background search it forgot) would keep the finished harness alive for ever,
    and a Ctrl-C there would end it with the status already decided. The results are written by
    now, so nothing is lost by not waiting (``os._exit``: no thread joined, no engine's exit
    hook run)."""
    kill_all_workers()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed or broken pipe: nothing more can be said
            pass
    os._exit(status)


def command(argv: Sequence[str] | None) -> int:
    """Run the command ``argv`` (None: ``sys.argv``) and return its exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "run":
            return cmd_run(args, argv if argv is not None else sys.argv[1:])
        if args.command == "mutants":
            return cmd_mutants(args, argv if argv is not None else sys.argv[1:])
        if args.command == "explore":
            return cmd_explore(args, argv if argv is not None else sys.argv[1:])
        if args.command == "rulings":
            return cmd_rulings(args)
        if args.command == "controls":
            return _controls(args, argv if argv is not None else sys.argv[1:])
        if args.command == "requires":
            return cmd_requires()
        if args.command == "coverage":
            return coverage_cli.cmd_coverage(args, _suite_or_usage_error())
        if args.command == "expectations":
            return expectations.cmd_expectations(args)
        if args.command == "merge":
            return merge.cmd_merge(args, list(argv if argv is not None else sys.argv[1:]))
        if args.command == "diff":
            return diff.cmd_diff(args)
        if args.command == "replay" and args.export is not None:
            return export.cmd_export(args)
        if args.command == "replay":
            return replay.cmd_replay(args, list(argv if argv is not None else sys.argv[1:]))
        return cmd_report(args)
    except (
        UsageError,
        expectations.ExpectationsError,
        gate.GateError,
        replay.ReplayError,
        diff.DiffError,
        merge.MergeError,
        coverage_cli.CoverageError,
    ) as exc:
        print(f"mtg-conformance: error: {visible(str(exc), lines=True)}", file=sys.stderr)
        return EXIT_USAGE


def _controls(args: argparse.Namespace, argv: Sequence[str]) -> int:

    try:
        # a control name or file that is wrong is a usage error before the corpus is compiled
        controls.check_arguments(args)
    except ControlsUsageError as exc:
        raise UsageError(str(exc)) from None
    _suite_or_usage_error()
    try:
        return controls.main(args, argv)
    except ControlsUsageError as exc:
        raise UsageError(str(exc)) from None


def _suite_or_usage_error():

    try:
        return compiled_suite()
    except (CorpusError, CompileError) as exc:
        raise UsageError(str(exc)) from None


def cmd_run(args: argparse.Namespace, argv: Sequence[str]) -> int:

    engines = list(dict.fromkeys(args.engine or ["reference"]))  # the same engine twice is one engine
    if args.cards or args.corpus:
        try:
            use_sources(args.cards, args.corpus)
        except SourceError as exc:
            raise UsageError(str(exc)) from None
    try:
        # an engine that cannot be loaded is a usage error before the corpus is compiled (a few seconds)
        for spec in engines:
            _load_or_usage_error(engine, spec)
        check_usable(Path(args.out))  # a bad --out too (the lock says it again when the run takes it)
    except (UnknownEngine, OutputLocked) as exc:
        raise UsageError(str(exc)) from None
    suite = _suite_or_usage_error()
    try:
        cases = plan(engines, args.invariant or ())
        if args.shard:
            cases = shard_cases(cases, *parse_shard(args.shard))
    except (UnknownEngine, PlanError, ShardError) as exc:
        raise UsageError(str(exc)) from None
    checks = gate.prepare(args, tuple(engines), frozenset(c.invariant for c in cases))
    print(
        f"mtg-conformance: {len(cases)} cases ({len(engines)} engine(s) [{', '.join(engines)}]"
        + (f", shard {args.shard}" if args.shard else "")
        + f"), profile {args.profile}, {_draws(args)}",
        flush=True,
    )
    print(uncovered_line(suite, args.corpus or (), args.cards or ()), flush=True)
    extra = gate.suite_options(args)
    for spec in engines:
        extra += ["--mtg-engine", spec]
    for wanted in args.invariant or ():
        extra += ["--mtg-invariant", wanted]
    results = _run_suite(args, argv, Path(args.out), extra, len(cases))
    if results is None:
        return _last_line(Verdict(EXIT_FAILURES, "the run produced no results"))
    return _last_line(checks.finish(results, Path(args.out)) if checks.active else run_verdict(results))


def uncovered_line(suite, corpus: Sequence[Path | str], cards: Sequence[Path | str]) -> str:
    """The run's line about the rulings nothing tests: how many, and the command that says why
    (the same sources as the run's)."""
    count = sum(c.coverage == "uncovered" for c in suite.coverage)
    if not count:
        return "mtg-conformance: 0 rulings uncovered"
    sources = "".join(f" --corpus {shlex.quote(str(d))}" for d in corpus) + "".join(
        f" --cards {shlex.quote(str(f))}" for f in cards
    )
    noun = "ruling" if count == 1 else "rulings"
    return (
        f"mtg-conformance: {count} {noun} uncovered (no invariant tests them); "
        f"why: mtg-conformance rulings --uncovered{sources}"
    )


def cmd_explore(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """Exploration (and differential runs): the global invariants of :mod:`harness.explore`, run,
    reported and gated like a run's cases."""
    engines = list(dict.fromkeys(args.engine or ["reference"]))
    if args.differential and len(engines) < 2:
        raise UsageError("--differential compares engines: give at least two --engine")
    try:
        # an engine that cannot be loaded is a usage error before the corpus is compiled (a few seconds)
        for spec in engines:
            _load_or_usage_error(engine, spec)
    except UnknownEngine as exc:
        raise UsageError(str(exc)) from None
    _suite_or_usage_error()
    if args.differential:
        engines = [differential_spec(engines)]
    try:
        if args.differential:
            _load_or_usage_error(engine, engines[0])
        cases = explore_plan(engines, args.invariant or (), args.profile)
        if args.shard:
            cases = shard_cases(cases, *parse_shard(args.shard))
    except (UnknownEngine, PlanError, ShardError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    if args.known:
        try:
            read_known(args.known)
        except KnownError as exc:
            raise UsageError(str(exc)) from None
    checks = gate.prepare(args, tuple(engines), frozenset(c.invariant for c in cases))
    print(
        f"mtg-conformance: explore, {len(cases)} cases ({', '.join(engines)}), profile {args.profile}, "
        f"{STEPS.get(args.profile, STEPS['ci'])} steps per example, {_draws(args)}",
        flush=True,
    )
    extra = gate.suite_options(args) + ["--mtg-explore"]
    if args.known:
        extra += ["--mtg-known", str(Path(args.known).resolve())]
    for spec in engines:
        extra += ["--mtg-engine", spec]
    for wanted in args.invariant or ():
        extra += ["--mtg-invariant", wanted]
    results = _run_suite(args, argv, Path(args.out), extra, len(cases))
    if results is None:
        return _last_line(Verdict(EXIT_FAILURES, "the exploration produced no results"))
    if not checks.active:
        return _last_line(run_verdict(results))
    verdict = checks.finish(results, Path(args.out))
    known = {
        (r.engine, r.invariant)
        for r in results.results
        if r.status == "fail"
        and checks.per_engine
        and r.engine in checks.per_engine
        and checks.per_engine[r.engine].expected(r) == "fail"
    }
    page = Path(args.out) / EXPLORE_PAGE
    if page.exists():  # the disagreements the expectations know, marked and counted
        write_explore_page(results, page, known)
    return _last_line(verdict)


def _last_line(verdict: Verdict) -> int:
    """Print the verdict as the command's last console line and give its exit status."""
    print(verdict.line(), flush=True)
    return verdict.code


def _draws(args: argparse.Namespace) -> str:
    """How the run draws, for its first line: ``derandomized``, or the seed (drawn here when not
    given, so the console shows it before the run and a failure can be re-drawn with ``--seed``)."""
    if is_derandomized(args.profile):
        return "derandomized"
    if args.seed is None:
        args.seed = secrets.randbelow(2**32)
    return f"seed {args.seed} (again: --seed {args.seed})"


def _load_or_usage_error(load, spec: str) -> None:
    """Load an engine adapter before the run; one that cannot even be built is a usage error."""

    try:
        load(spec)
    except UnknownEngine:
        raise
    except BaseException as exc:
        if is_harness_interrupt(exc) or isinstance(exc, KeyboardInterrupt):
            raise

        raise UsageError(clean_text(f"engine {spec!r} failed to load: {type(exc).__name__}: {exc}", 500)) from None


def cmd_mutants(args: argparse.Namespace, argv: Sequence[str]) -> int:

    if args.list:
        return cmd_list_mutants()
    # a mutant name that is wrong is a usage error before the corpus is compiled
    unknown = [m for m in args.mutant or () if m not in _all_mutants()]
    if unknown:
        known = ", ".join(sorted(_all_mutants()))
        raise UsageError(f"unknown mutant(s) {', '.join(unknown)}; known: {known}")
    suite = _suite_or_usage_error()
    try:
        controls = failed_controls(args.controls) if args.controls else None
    except OSError as exc:
        raise UsageError(f"{args.controls}: cannot read: {exc.strerror or exc}") from None
    except ControlsReportError as exc:
        raise UsageError(str(exc)) from None
    scope: MutantScope = "all" if args.all_invariants else "targeted"
    chosen = tuple(args.mutant or ())
    try:
        cases = plan((), (), scope, chosen)
    except PlanError as exc:
        raise UsageError(str(exc)) from None
    mutants = [
        MutantInfo(m.id, m.spec, m.breaks if isinstance(m.breaks, tuple) else (m.breaks,), m.bug)
        for m in _all_mutants().values()
        if not chosen or m.id in chosen
    ]
    print(
        f"mtg-conformance: {len(mutants)} mutants, {len(cases)} cases ({scope} invariants), profile {args.profile}, "
        + _draws(args),
        flush=True,
    )
    out = Path(args.out)
    # A failing case is a kill, not a fault: the kill table reports them, not pytest's tracebacks.
    extra = ["--mtg-mutants", scope, "--tb=no"]
    for wanted in chosen:
        extra += ["--mtg-mutant", wanted]
    results = _run_suite(args, argv, out, extra, len(cases))
    if results is None:
        return _last_line(Verdict(EXIT_FAILURES, "the mutants run produced no results"))
    if not results.run.complete:
        return _last_line(Verdict(exit_status(results), f"mutants {incomplete_text(results)}"))
    rows = kill_rows(results, mutants)
    idle = idle_invariants(results, [inv.id for inv in suite.invariants]) if not chosen else []
    per_invariant = invariant_rows(results, mutants, [inv.id for inv in suite.invariants], controls)
    write_mutants_json(rows, out / "mutants.json", profile=args.profile, idle=idle, invariants=per_invariant)
    _write_mutants_pages(args, results, rows, out)
    print()
    print(format_table(rows))
    print(f"invariants that killed no mutant: {len(idle)}" + "".join(f"\n  {i}" for i in idle))
    print(f"kill report: {out / 'mutants.json'}")
    return _last_line(mutants_verdict(rows))


def mutants_verdict(rows) -> Verdict:
    """Every mutant must be killed: a survivor is a seeded bug the suite misses."""
    figures = summary(rows)
    killed, survived = int(figures["killed"]), int(figures["survived"])  # type: ignore[call-overload]
    if survived:
        names = ", ".join(r.id for r in rows if r.status != "killed")
        return Verdict(EXIT_FAILURES, f"mutants failed: {survived} of {len(rows)} survived ({names})")
    return Verdict(EXIT_OK, f"mutants passed: all {killed} killed")


def cmd_list_mutants() -> int:
    """Every mutant id (what ``--mutant`` takes), the rulings it breaks and its bug, one per line."""
    found = sorted(_all_mutants().values(), key=lambda m: m.id)
    width = max((len(m.id) for m in found), default=0)
    for m in found:
        breaks = m.breaks if isinstance(m.breaks, tuple) else (m.breaks,)
        print(f"{m.id:<{width}}  breaks {', '.join(breaks)}: {' '.join(m.bug.split())}")
    print(f"{len(found)} mutants; check some with `mtg-conformance mutants --mutant ID`")
    return EXIT_OK


def _write_mutants_pages(args: argparse.Namespace, results, rows, out: Path) -> None:
    """The mutants page is the run's report.html (killed or survived, green when all are killed);
    every case stays readable in cases.html; junit.xml has one test per mutant."""

    generic = out / "report.html"
    if generic.exists():  # the plugin rendered the cases already: keep that file as cases.html
        generic.replace(out / "cases.html")
    else:
        write_report(results, out / "cases.html")
    controls = getattr(args, "controls", None) or out / "controls.json"  # `mutants --controls FILE`
    write_mutants_page(results, rows, out / "report.html", read_controls(controls))
    write_mutants_junit(rows, out / "junit.xml", duration=results.run.duration)


class _Capture:
    """A pytest plugin that hands the run's in-memory results back to the CLI."""

    def __init__(self) -> None:
        self.results = None
        self.destination = None

    def pytest_unconfigure(self, config) -> None:
        self.results = getattr(config, "mtg_results", None)
        self.destination = getattr(config, "mtg_destination", None)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        """Relabel pytest's closing "N failed, M passed" line: it counts test items, and the
        command's verdict (printed after it, last) may differ (a gated run with expected failures,
        a mutants run whose failures are kills)."""
        reporter = terminalreporter

        def cases_run() -> None:
            counted = sum(len(reporter.stats.get(key, [])) for key in ("passed", "failed", "error", "skipped"))
            took = reporter._session_start.elapsed().seconds if hasattr(reporter, "_session_start") else None
            timing = f" in {took:.2f}s" if isinstance(took, float) else ""
            reporter.write_sep("=", f"{counted} conformance cases run{timing}; the verdict follows")

        reporter.summary_stats = cases_run


def _limit_args(args: argparse.Namespace) -> list[str]:
    extra: list[str] = []
    for option, name in LIMIT_OPTIONS.items():
        value = getattr(args, option, None)
        if value is not None:
            extra += ["--mtg-limit", f"{name}={value}"]
    if getattr(args, "replace_complete", False):
        extra.append("--mtg-replace-complete")
    return extra


def _run_suite(args: argparse.Namespace, argv: Sequence[str], out: Path, extra: list[str], expected: int):
    """Run the conformance suite through pytest; its results come back in memory (None if the
    run produced none). The output directory is locked for the whole run."""
    import pytest

    suite_file = Path(suite_module.__file__)
    pytest_args = [
        str(suite_file),
        "-c",
        str(suite_file.with_name("suite.ini")),
        "--rootdir",
        str(suite_file.parent),
        "-p",
        "no:cacheprovider",
        "--mtg-profile",
        args.profile,
        "--mtg-out",
        str(out),
        "--mtg-command",
        shlex.join(["mtg-conformance", *argv]),
        "-rN",  # pytest's short summary names items by the harness's install path: the plugin lists them
        "--assert=plain",  # the suite states its own claims; no assertion rewriting needed
        "-v" if args.verbose else "-q",
        *extra,
        *_limit_args(args),
    ]
    if args.seed is not None:
        pytest_args += ["--mtg-seed", str(args.seed)]
    if args.workers:
        pytest_args += ["-n", str(args.workers)]
    capture = _Capture()
    try:
        with hold(out):
            code = pytest.main(pytest_args, plugins=[capture])
    except OutputLocked as exc:
        raise UsageError(str(exc)) from None
    results = capture.results
    if results is None:
        print(f"mtg-conformance: the run did not produce results; pytest exit status {int(code)}", file=sys.stderr)
        return None
    if not results.run.complete:
        print(f"mtg-conformance: incomplete run: {len(results.results)} of {expected} cases finished", file=sys.stderr)
    return results


def cmd_rulings(args: argparse.Namespace) -> int:
    if args.action:
        return cmd_import(args, UsageError)
    if args.cards or args.corpus:
        try:
            corpus = load_corpus(*args.corpus) if args.corpus else load_corpus()
            suite = compile_corpus(corpus, card_pool(args.cards or ()))
        except (CorpusError, CompileError, CardPoolError) as exc:
            raise UsageError(str(exc)) from None
    else:
        suite = _suite_or_usage_error()
    totals = suite.totals()
    if args.json:
        rows = [
            {
                "id": c.ruling.id,
                "coverage": c.coverage,
                "template": c.template,
                "invariants": list(c.invariants),
                "scope": c.scope,
                "uncovered_reason": c.reason,
                "status": c.ruling.status,
                "reason": c.ruling.reason,
                "cards": list(c.ruling.cards),
                "sources": list(c.ruling.sources),
                "cr": list(c.ruling.cr),
                "text": c.ruling.text,
            }
            for c in suite.coverage
            if not args.uncovered or c.coverage == "uncovered"
        ]
        print(
            json.dumps(
                {"rulings": rows, "totals": totals, "invariants": len(suite.invariants)}, indent=2, ensure_ascii=False
            )
        )
        return _strict_exit(args, suite)
    shown = [c for c in suite.coverage if c.coverage == "uncovered"] if args.uncovered else list(suite.coverage)
    width = max((len(c.ruling.id) for c in shown), default=0)
    for c in shown:
        how = {
            "template": f"template {c.template}, any card with the mechanic ({len(c.invariants)} invariants)",
            "bound": f"bound, this card only ({len(c.invariants)} invariants)",
            "informational": f"informational: {c.ruling.reason}",
            "uncovered": f"UNCOVERED: {c.reason}",
        }[c.coverage]
        text = c.ruling.text if len(c.ruling.text) <= 70 else c.ruling.text[:67] + "..."
        print(f"{c.ruling.id:<{width}}  {how}\n{'':<{width}}  {text}")
    print(
        f"\n{len(suite.coverage)} rulings: "
        + ", ".join(f"{n} {name}" for name, n in totals.items())
        + f"; {len(suite.invariants)} invariants"
    )
    return _strict_exit(args, suite)


def _strict_exit(args: argparse.Namespace, suite) -> int:
    """``--strict``: a ruling naming a card missing from the card pool is an error (exit 2)."""
    if args.strict:
        missing = [c for c in suite.coverage if c.reason and c.reason.endswith("is not in the card pool")]
        if missing:
            print(
                f"mtg-conformance: error: ruling {missing[0].ruling.id}: {missing[0].reason}"
                + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""),
                file=sys.stderr,
            )
            return EXIT_USAGE
    return EXIT_OK


def cmd_requires() -> int:
    """The mechanics registry: every requirement name with its CR rule, its description and the
    number of invariants asking for it, the checklist of an adapter author writing ``supports()``."""

    suite = _suite_or_usage_error()
    counts: dict[str, int] = {}
    optional: dict[str, int] = {}  # drawn only if supported: an engine without it is still judged
    for inv in suite.invariants:
        for item in inv.requires:
            counts[item] = counts.get(item, 0) + 1
        for item in inv.optional:
            optional[item] = optional.get(item, 0) + 1
    for m in sorted(Mechanic, key=str):
        print(
            f"{m.value:<34} {'CR ' + m.cr:<12} {counts.get(m, 0):>3} invariants {optional.get(m, 0):>3} optional  "
            f"{m.description}"
        )
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:

    try:
        results = read_results(args.results)
    except OSError as exc:
        raise UsageError(f"cannot read {str(args.results)!r}: {exc.strerror or exc}") from None
    except (ResultsError, ValueError, TypeError, RecursionError) as exc:
        raise UsageError(
            str(exc)
            if isinstance(exc, ResultsError)
            else f"{args.results}: not a results file this harness reads ({type(exc).__name__})"
        ) from None
    target = args.out or args.results.with_name("report.html")
    if target.is_dir():
        raise UsageError(f"--out {str(target)!r} is a directory; give the HTML file to write")
    try:
        write_report(results, target, cr_map=coverage_cli.page_beside(target.parent))
    except OSError as exc:
        raise UsageError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
    except RecursionError:
        raise UsageError(f"{args.results}: nested too deeply to render") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # A schema-valid file the renderer does not expect: one line, never a traceback.
        raise UsageError(f"{args.results}: cannot be rendered ({type(exc).__name__}: {exc})") from None
    print(f"report: {target}")
    return EXIT_OK


if __name__ == "__main__":
    main()
