"""The pytest plugin (entry point ``pytest11``): conformance cases as pytest items.

Inert unless ``--mtg-engine`` is given. With it, the suite module's ``mtg_case`` is
parametrized with one case per (engine, invariant); each item runs one Hypothesis search and
attaches its result record to the report, which pytest-xdist carries from the workers to the
controller. The controller gathers the records and, at the end of the session, writes
``results.json`` and ``report.html`` atomically, even if the run was interrupted, so nothing
already checked is lost.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generators.features import record_events
from harness import __version__, signals
from harness import limits as run_limits
from harness.coverage_cli import write_beside
from harness.differential import KnownError, read_known, use_known
from harness.explore_records import rule_records
from harness.limits import Limits, clean_text
from harness.lock import OutputLocked, hold
from harness.output import destination
from harness.plan import Case, MutantScope, compiled_suite, engine, explore_plan, find_invariant, plan
from harness.profiles import PROFILES, claim_rule, is_derandomized, register_profiles
from harness.shard import parse_shard, shard_cases
from protocol import codec
from reports.explore_page import PAGE as EXPLORE_PAGE
from reports.explore_page import write_explore_page
from reports.html import write_report
from reports.junit import write_junit
from reports.results import (
    EngineInfo,
    ResultRecord,
    Results,
    RulingRecord,
    RunInfo,
    corpus_hash,
    empty_shard,
    judged,
    write_results,
)
from reports.text import block, one_line

RESULT_PROPERTY = "mtg_result"


@dataclass(frozen=True)
class Options:
    engines: tuple[str, ...]
    profile: str
    seed: int | None
    only: tuple[str, ...]
    out: Path | None
    command: str
    mutants: MutantScope | None = None
    mutant_ids: tuple[str, ...] = ()
    shard: str | None = None  # "I/N": only this shard's cases (harness.shard)
    database: str | None = None  # a Hypothesis example database directory
    limits: Limits = Limits()
    #: Let an incomplete run replace a complete run's files in ``out`` (see harness.output).
    replace_complete: bool = False
    #: An exploration: the global invariants (harness.explore), not the rulings'.
    explore: bool = False

    def all_cases(self) -> list[Case]:
        if self.explore:
            return explore_plan(self.engines, self.only, self.profile)
        return plan(self.engines, self.only, self.mutants, self.mutant_ids)

    def cases(self) -> list[Case]:
        cases = self.all_cases()
        if self.shard is None:
            return cases

        return shard_cases(cases, *parse_shard(self.shard))


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance", "MTG rules conformance")
    group.addoption(
        "--mtg-engine",
        action="append",
        default=[],
        metavar="NAME",
        help="engine to check (entry point name or module:Class); repeatable",
    )
    group.addoption(
        "--mtg-profile", default="dev", choices=sorted(PROFILES), help="Hypothesis settings profile (default: dev)"
    )
    group.addoption("--mtg-seed", type=int, default=None, help="seed for the random profiles")
    group.addoption(
        "--mtg-invariant",
        action="append",
        default=[],
        metavar="ID",
        help="only these invariants (id, id prefix or ruling id); repeatable",
    )
    group.addoption("--mtg-out", default=None, metavar="DIR", help="write results.json and report.html here")
    group.addoption("--mtg-command", default=None, help="the command line to record in results.json")
    group.addoption(
        "--mtg-mutants",
        default=None,
        choices=("targeted", "all"),
        help="check every mutant of the reference engine instead of --mtg-engine",
    )
    group.addoption(
        "--mtg-mutant",
        action="append",
        default=[],
        metavar="ID",
        help="with --mtg-mutants: only these mutants (repeatable)",
    )
    group.addoption("--mtg-shard", default=None, metavar="I/N", help="run only shard I of N (see harness.shard)")
    group.addoption(
        "--mtg-database",
        default=None,
        metavar="DIR",
        help="Hypothesis example database directory: failures found once are tried first",
    )
    group.addoption(
        "--mtg-limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a limit of harness.limits.Limits, e.g. call=5 or memory_mb=2048 (repeatable)",
    )
    group.addoption(
        "--mtg-known",
        default=None,
        metavar="FILE",
        help="with --mtg-explore: known disagreements of differential engines (harness.differential)",
    )
    group.addoption(
        "--mtg-explore",
        action="store_true",
        default=False,
        help="explore: check the rules of every game on played sequences (harness.explore), not the rulings",
    )
    group.addoption(
        "--mtg-replace-complete",
        action="store_true",
        default=False,
        help="let an incomplete run replace a complete run's files in --mtg-out",
    )


def parse_limits(items: list[str] | tuple[str, ...]) -> Limits:
    """``NAME=VALUE`` pairs over the default limits; a bad pair is a usage error."""
    import dataclasses

    known = {f.name: f.type for f in dataclasses.fields(Limits)}
    values: dict[str, float | int] = {}
    for item in items:
        name, _, raw = item.partition("=")
        if name not in known:
            raise pytest.UsageError(f"unknown limit {name!r}; known: {', '.join(known)}")
        try:
            number = float(raw)
        except ValueError:
            raise pytest.UsageError(f"limit {name} needs a number, got {raw!r}") from None
        values[name] = int(number) if known[name] in ("int", int) else number
    try:
        return Limits(**values)  # type: ignore[arg-type]
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None


def pytest_configure(config: pytest.Config) -> None:
    register_profiles()
    # The drawn states' features as Hypothesis events, for the statistics only (see generators.features).
    record_events(bool(config.getoption("hypothesis_show_statistics", default=False)))
    engines = tuple(config.getoption("--mtg-engine") or ())
    mutants = config.getoption("--mtg-mutants")
    if not engines and not mutants:
        return
    profile = config.getoption("--mtg-profile")
    seed = config.getoption("--mtg-seed")
    if seed is None and not is_derandomized(profile):
        workerinput = getattr(config, "workerinput", None)
        # The controller draws the seed once; workers inherit it, so every item uses the same one.
        seed = int(workerinput["mtg_seed"]) if workerinput and "mtg_seed" in workerinput else _fresh_seed()
    out = config.getoption("--mtg-out")
    command = config.getoption("--mtg-command") or "pytest " + " ".join(config.invocation_params.args)
    limits = parse_limits(tuple(config.getoption("--mtg-limit") or ()))
    known = config.getoption("--mtg-known")
    if known:
        try:
            use_known(read_known(known))
        except KnownError as exc:
            raise pytest.UsageError(str(exc)) from None
    run_limits.configure(limits)
    signals.install()
    config.mtg_options = Options(  # type: ignore[attr-defined]
        tuple(dict.fromkeys(engines)),
        profile,
        seed,
        tuple(config.getoption("--mtg-invariant") or ()),
        Path(out) if out else None,
        command,
        mutants,
        tuple(config.getoption("--mtg-mutant") or ()),
        config.getoption("--mtg-shard"),
        config.getoption("--mtg-database"),
        limits,
        bool(config.getoption("--mtg-replace-complete")),
        bool(config.getoption("--mtg-explore")),
    )
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:
        collector = ResultCollector(config)
        if config.mtg_options.out is not None:  # type: ignore[attr-defined]
            try:
                collector.lock(config.mtg_options.out)  # type: ignore[attr-defined]
            except OutputLocked as exc:
                raise pytest.UsageError(str(exc)) from None
        config.pluginmanager.register(collector, "mtg-conformance-collector")
    run_limits.start_run_clock(
        limits.run, float(workerinput["mtg_run_started"]) if workerinput and "mtg_run_started" in workerinput else None
    )


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(2**32)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # a pytest-xdist hook
    options = getattr(node.config, "mtg_options", None)
    if options is not None and options.seed is not None:
        node.workerinput["mtg_seed"] = str(options.seed)
    if options is not None:
        node.workerinput["mtg_run_started"] = str(run_limits.run_started())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "mtg_case" not in metafunc.fixturenames:
        return
    options: Options | None = getattr(metafunc.config, "mtg_options", None)
    if options is None:
        raise pytest.UsageError("the conformance suite needs --mtg-engine NAME (or run `mtg-conformance run`)")
    cases = options.cases()
    metafunc.parametrize("mtg_case", cases, ids=[c.node_id for c in cases])


class ResultCollector:
    """Controller-side: gathers result records and writes results.json and report.html.

    The records live in memory; the CLI takes its exit status from them (``config.mtg_results``),
    never from a file another process could have written meanwhile."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.records: list[ResultRecord] = []
        self.started = datetime.now(UTC)
        self.clock = time.perf_counter()
        self.interrupted: str | None = None
        self._locks = contextlib.ExitStack()

    def lock(self, out: Path) -> None:

        self._locks.enter_context(hold(out))

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        self._locks.close()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        # What an in-process engine printed (captured by pytest, shown in the failures section) is
        # engine text too: its control characters made visible, its lines indented, before the
        # terminal reporter sees it (this collector runs in the controller, once per report).
        report.sections = [(title, block(content)) for title, content in report.sections]
        # pytest-xdist: the worker process died in this item (pytest types `when` without xdist's "???").
        if report.when == "???" and report.failed:  # type: ignore[comparison-overlap]
            self._lost_item(report)
            return
        if report.when != "call":
            return
        for name, value in report.user_properties:
            if name == RESULT_PROPERTY:
                self.records.append(codec.loads(ResultRecord, str(value)))

    def _lost_item(self, report: pytest.TestReport) -> None:
        """An engine that killed its test process (``os._exit``, a native abort) in-process under
        pytest-xdist: the case gets an ``error`` record instead of vanishing."""
        options: Options = self.config.mtg_options  # type: ignore[attr-defined]
        for case in options.cases():
            if report.nodeid.endswith(f"[{case.node_id}]"):
                if any((r.engine, r.invariant) == (case.engine, case.invariant) for r in self.records):
                    return

                inv = find_invariant(case.invariant, options.profile)
                self.records.append(
                    ResultRecord(
                        engine=case.engine,
                        invariant=case.invariant,
                        rulings=inv.rulings,
                        kind=inv.kind,
                        status="error",
                        reason=clean_text("the engine killed its test process: " + str(report.longrepr).strip()),
                    )
                )
                return

    def pytest_keyboard_interrupt(self, excinfo) -> None:
        self.interrupted = signals.received() or "SIGINT"

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        options: Options = self.config.mtg_options  # type: ignore[attr-defined]
        if exitstatus == pytest.ExitCode.INTERRUPTED and self.interrupted is None:
            self.interrupted = signals.received() or "interrupted"
        results = self.results(options)
        self.config.mtg_results = results  # type: ignore[attr-defined]
        if options.out is not None:
            where = destination(options.out, complete=results.run.complete, replace_complete=options.replace_complete)
            self.config.mtg_destination = where  # type: ignore[attr-defined]
            write_results(results, where.results)
            # A run writes the CR map beside its report (a mutants run's cases are no map's).
            # (an exploration's global rules are no ruling's either).
            mapped = options.mutants is None and not options.explore
            cr_map = write_beside(where.report.parent, compiled_suite()) if mapped else None
            write_report(results, where.report, cr_map=cr_map)
            if options.explore:
                write_explore_page(results, where.report.with_name(EXPLORE_PAGE))
            self.config.mtg_cr_map = cr_map  # type: ignore[attr-defined]
            write_junit(results, where.junit)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        results: Results | None = getattr(self.config, "mtg_results", None)
        if results is None:
            return
        totals = results.totals()
        terminalreporter.write_sep("=", "mtg-conformance")
        if not results.run.complete:
            why = f" ({self.interrupted})" if self.interrupted else ""
            terminalreporter.write_line(
                f"INCOMPLETE RUN{why}: {len(results.results)} of {results.run.planned} cases finished"
            )
        terminalreporter.write_line(", ".join(f"{n} {status}" for status, n in totals.items()))
        options: Options = self.config.mtg_options  # type: ignore[attr-defined]
        if options.mutants is not None:
            # A failing case is a mutant killed, not a fault: the kill table says which, once.
            terminalreporter.write_line(f"{totals['fail'] + totals['error']} cases caught a mutant (kills)")
        else:
            for line in failure_lines(results):
                terminalreporter.write_line(line)
        terminalreporter.write_line(
            f"judged {judged(results)} of {len(results.results)}"
            + (
                ""
                if judged(results) or not results.run.complete
                else f": shard {results.run.shard} was dealt no case"
                if empty_shard(results)
                else ": the run judged nothing (exit status 3)"
            )
        )
        where = getattr(self.config, "mtg_destination", None)
        if where is not None:
            if where.beside:
                terminalreporter.write_line("a complete run's files were kept; this partial run's are beside them")
            terminalreporter.write_line(f"report: {where.report}")
            terminalreporter.write_line(f"results: {where.results}")
            if getattr(self.config, "mtg_cr_map", None):
                terminalreporter.write_line(f"CR map: {where.report.parent / self.config.mtg_cr_map}")  # type: ignore[attr-defined]
            if options.explore:
                terminalreporter.write_line(f"exploration page: {where.report.with_name(EXPLORE_PAGE)}")

    def results(self, options: Options) -> Results:
        cases = options.all_cases()  # the whole plan: a shard lists the run's engines too
        order = {c.node_id: i for i, c in enumerate(cases)}
        records = sorted(self.records, key=lambda r: order.get(Case(r.engine, r.invariant).node_id, len(order)))
        planned = options.cases()  # this shard's cases, when sharded
        complete = self.interrupted is None and {(c.engine, c.invariant) for c in planned} <= {
            (r.engine, r.invariant) for r in records
        }
        rulings = rule_records(options.profile) if options.explore else ruling_records()
        return Results(
            run=RunInfo(
                started=self.started.isoformat(timespec="seconds"),
                finished=datetime.now(UTC).isoformat(timespec="seconds"),
                profile=options.profile,
                seed=options.seed,
                engines=tuple(EngineInfo(spec, _version(spec)) for spec in dict.fromkeys(c.engine for c in cases)),
                command=options.command,
                harness_version=__version__,
                duration=round(time.perf_counter() - self.clock, 3),
                complete=complete,
                planned=len(planned),
                pass_rule=str(claim_rule(options.profile)),
                corpus=corpus_hash(rulings),
                shard=options.shard,
                derandomized=is_derandomized(options.profile),
            ),
            rulings=rulings,
            results=tuple(records),
        )


def failure_lines(results: Results) -> list[str]:
    """One line per failed or errored case, named as the report names it (engine, invariant): what a
    CI log shows instead of pytest's items, whose paths are the harness's install folder. Engine
    text is made one visible line (:func:`reports.text.one_line`): no escape sequence reaches the
    terminal and no newline in a message prints a line that passes for the summary."""
    lines = []
    for r in results.results:
        if r.status in ("fail", "error"):
            message = one_line(r.failure.message if r.failure is not None else (r.reason or ""))
            short = message if len(message) <= 160 else message[:157] + "..."
            head = one_line(f"{r.status.upper()} {r.engine} {r.invariant}")
            lines.append(head + (f": {short}" if short else ""))
    return lines


def _version(spec: str) -> str:
    """The engine's version, or why it is unknown: an engine that cannot even load (or hangs
    loading) must not cost the run its results."""

    try:
        return clean_text(engine(spec).version, 200)
    except BaseException as exc:
        if signals.received() and isinstance(exc, KeyboardInterrupt):
            return "unknown (the run was stopped before the engine reported it)"
        if signals.is_harness_interrupt(exc):
            raise
        return clean_text(f"unknown ({type(exc).__name__}: {exc})", 200)


def ruling_records() -> tuple[RulingRecord, ...]:
    return tuple(
        RulingRecord(
            id=c.ruling.id,
            text=c.ruling.text,
            cards=c.ruling.cards,
            sources=c.ruling.sources,
            cr=c.ruling.cr,
            tags=c.ruling.tags,
            status=c.ruling.status,
            reason=c.ruling.reason,
            coverage=c.coverage,
            template=c.template,
            invariants=c.invariants,
        )
        for c in compiled_suite().coverage
    )
