"""The pytest plugin (entry point ``pytest11``): conformance cases as pytest items.

Inert unless ``--mtg-engine`` is given. With it, the suite module's ``mtg_case`` is
parametrized with one case per (engine, invariant); each item runs one Hypothesis search and
attaches its result record to the report, which pytest-xdist carries from the workers to the
controller. The controller gathers the records and, at the end of the session, writes
``results.json`` and ``report.html`` atomically, even if the run was interrupted, so nothing
already checked is lost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from harness import __version__
from harness.protocol import codec
from harness.run.plan import Case, MutantScope, compiled_suite, engine, plan
from harness.run.profiles import PROFILES, claim_rule, is_derandomized, register_profiles
from reports.junit import write_junit
from reports.results import EngineInfo, ResultRecord, Results, RulingRecord, RunInfo, corpus_hash, write_results

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
    shard: str | None = None  # "I/N": only this shard's cases (harness.run.shard)
    database: str | None = None  # a Hypothesis example database directory

    def all_cases(self) -> list[Case]:
        return plan(self.engines, self.only, self.mutants, self.mutant_ids)

    def cases(self) -> list[Case]:
        cases = self.all_cases()
        if self.shard is None:
            return cases
        from harness.run.shard import parse_shard, shard_cases

        return shard_cases(cases, *parse_shard(self.shard))


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance", "MTG rules conformance")
    group.addoption("--mtg-engine", action="append", default=[], metavar="NAME",
                    help="engine to check (entry point name or module:Class); repeatable")
    group.addoption("--mtg-profile", default="dev", choices=sorted(PROFILES),
                    help="Hypothesis settings profile (default: dev)")
    group.addoption("--mtg-seed", type=int, default=None, help="seed for the random profiles")
    group.addoption("--mtg-invariant", action="append", default=[], metavar="ID",
                    help="only these invariants (id, id prefix or ruling id); repeatable")
    group.addoption("--mtg-out", default=None, metavar="DIR", help="write results.json and report.html here")
    group.addoption("--mtg-command", default=None, help="the command line to record in results.json")
    group.addoption("--mtg-mutants", default=None, choices=("targeted", "all"),
                    help="check every mutant of the reference engine instead of --mtg-engine")
    group.addoption("--mtg-mutant", action="append", default=[], metavar="ID",
                    help="with --mtg-mutants: only these mutants (repeatable)")
    group.addoption("--mtg-shard", default=None, metavar="I/N", help="run only shard I of N (see harness.run.shard)")
    group.addoption("--mtg-database", default=None, metavar="DIR",
                    help="Hypothesis example database directory: failures found once are tried first")


def pytest_configure(config: pytest.Config) -> None:
    register_profiles()
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
    config.mtg_options = Options(  # type: ignore[attr-defined]
        engines, profile, seed, tuple(config.getoption("--mtg-invariant") or ()), Path(out) if out else None, command,
        mutants, tuple(config.getoption("--mtg-mutant") or ()),
        config.getoption("--mtg-shard"), config.getoption("--mtg-database"),
    )
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(ResultCollector(config), "mtg-conformance-collector")


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(2**32)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # type: ignore[no-untyped-def]  # a pytest-xdist hook
    options = getattr(node.config, "mtg_options", None)
    if options is not None and options.seed is not None:
        node.workerinput["mtg_seed"] = str(options.seed)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "mtg_case" not in metafunc.fixturenames:
        return
    options: Options | None = getattr(metafunc.config, "mtg_options", None)
    if options is None:
        raise pytest.UsageError("the conformance suite needs --mtg-engine NAME (or run `mtg-conformance run`)")
    cases = options.cases()
    metafunc.parametrize("mtg_case", cases, ids=[c.node_id for c in cases])


class ResultCollector:
    """Controller-side: gathers result records and writes results.json and report.html."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.records: list[ResultRecord] = []
        self.started = datetime.now(UTC)
        self.clock = time.perf_counter()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for name, value in report.user_properties:
            if name == RESULT_PROPERTY:
                self.records.append(codec.loads(ResultRecord, value))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        options: Options = self.config.mtg_options  # type: ignore[attr-defined]
        results = self.results(options)
        self.config.mtg_results = results  # type: ignore[attr-defined]
        if options.out is not None:
            from reports.html import write_report

            options.out.mkdir(parents=True, exist_ok=True)
            write_results(results, options.out / "results.json")
            write_report(results, options.out / "report.html")
            write_junit(results, options.out / "junit.xml")

    def pytest_terminal_summary(self, terminalreporter) -> None:  # type: ignore[no-untyped-def]
        results: Results | None = getattr(self.config, "mtg_results", None)
        if results is None:
            return
        totals = results.totals()
        terminalreporter.write_sep("=", "mtg-conformance")
        terminalreporter.write_line(", ".join(f"{n} {status}" for status, n in totals.items()))
        options: Options = self.config.mtg_options  # type: ignore[attr-defined]
        if options.out is not None:
            terminalreporter.write_line(f"report: {options.out / 'report.html'}")
            terminalreporter.write_line(f"results: {options.out / 'results.json'}")

    def results(self, options: Options) -> Results:
        cases = options.all_cases()  # the whole plan: a shard lists the run's engines too
        order = {c.node_id: i for i, c in enumerate(cases)}
        records = sorted(self.records, key=lambda r: order.get(Case(r.engine, r.invariant).node_id, len(order)))
        rulings = ruling_records()
        return Results(
            run=RunInfo(
                started=self.started.isoformat(timespec="seconds"),
                finished=datetime.now(UTC).isoformat(timespec="seconds"),
                profile=options.profile,
                seed=options.seed,
                engines=tuple(EngineInfo(spec, engine(spec).version) for spec in dict.fromkeys(c.engine for c in cases)),
                command=options.command,
                harness_version=__version__,
                duration=round(time.perf_counter() - self.clock, 3),
                pass_rule=str(claim_rule(options.profile)),
                corpus=corpus_hash(rulings),
                shard=options.shard,
            ),
            rulings=rulings,
            results=tuple(records),
        )


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
