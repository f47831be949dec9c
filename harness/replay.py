"""``mtg-conformance replay``: run one check again on a stored counterexample, without drawing.

Re-running the search reproduces a failure only while the generators, the profile and Hypothesis
all stay the same; the stored counterexample (the shrunk game state and the scenario's params)
replays it exactly, today and after any of those change, and on another engine too (``--engine``).
The verdict is printed next to the stored one: the same verdict and message, a different one, or
"now passes". The replayed record is written as results.json and report.html into ``--out``, a
fresh folder, so a replay never overwrites the report it came from.

A results file is input (it comes with bug reports): replay imports nothing it names. The engine
is the user's ``--engine``, or the stored one only when it is a registered engine, a ``mutant:`` or
a ``control:``; params types are found among the generators' registered records.

Exit status: 1 when the replay fails or errors (the failure reproduces), 0 when it now passes or is
unsupported, 2 for bad input (no such file, invariant or stored counterexample).
"""

from __future__ import annotations

import argparse
import time
from functools import partial
from pathlib import Path
from typing import Any

from hypothesis.errors import UnsatisfiedAssumption

from generators.records import UnknownRecord, record_type
from harness import __version__
from harness.asking import adapter_fault, supports_answer
from harness.differential import is_composite, is_differential, members
from harness.failures import failure_record, reproduce_command
from harness.guard import GuardedSession, exit_tripwire, reraise_if_harness, start_session, time_limit
from harness.isolation import IsolatedEngine
from harness.limits import clean_text
from harness.limits import current as current_limits
from harness.observed import unobserved
from harness.output import REPORT, RESULTS, ready_folder, write_locked
from harness.plan import engine, find_invariant
from harness.registry import UnknownEngine, available
from protocol import codec
from protocol.adapter import ActionRefused, EngineAdapter, EngineError, StateUnsupported
from protocol.clone import fresh
from protocol.model import GameState
from protocol.probe import Probe, Scenario, Violation
from reports.html import write_report
from reports.results import (
    Counterexample,
    EngineInfo,
    ResultRecord,
    Results,
    ResultsError,
    RunInfo,
    Status,
    read_results,
    write_results,
)
from reports.text import one_line
from rulings.invariant import Invariant

DEFAULT_OUT = "replay-report"


class ReplayError(ValueError):
    """Bad input for a replay (exit status 2): the message is one line."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="re-run one check on a stored counterexample (no drawing)")
    p.add_argument("results", type=Path, help="a results.json holding the failure")
    p.add_argument(
        "--invariant",
        metavar="ID",
        help="the invariant whose counterexample to replay (required unless --export; with --export: only this one)",
    )
    p.add_argument(
        "--engine", metavar="SPEC", help="engine to replay on (default: the engine the failure was found on)"
    )
    p.add_argument(
        "--out",
        type=Path,
        default=Path(DEFAULT_OUT),
        metavar="DIR",
        help=f"folder for the replay's results.json and report.html (default: {DEFAULT_OUT}/)",
    )
    p.add_argument(
        "--export",
        type=Path,
        metavar="DIR",
        help="write each stored failure of a real engine as a standalone script using only that engine's API "
        "(the ruling quoted, what it expects against what the engine did); exit 1 if one could not be written",
    )


def decode_params(counterexample: Counterexample) -> Any:
    """The scenario params as the invariant's check expects them: a typed record when the results
    name its type (``params_type``: a stable record id, resolved only among the harness's own
    registered records, never by importing what the file names), else the stored mapping."""
    if not counterexample.params_type:
        return dict(counterexample.params)
    try:
        target = record_type(counterexample.params_type)
    except UnknownRecord as exc:
        raise ReplayError(str(exc)) from None
    try:
        return codec.from_jsonable(target, counterexample.params, "$.params")
    except codec.DecodeError as exc:
        raise ReplayError(f"cannot decode the stored params as {target.__qualname__}: {exc}") from None


#: Engine spec prefixes that name the project's own engines: never a module of the user's path.
OWN_ENGINES = ("mutant:", "control:")


def trusted_engine(spec: str, source: str) -> str:
    """``spec`` when a results file may name it: a registered engine (an entry point the user
    installed), a ``mutant:``/``control:`` of this harness, or either run ``isolated:``. A results
    file is input (it comes with bug reports); a ``module:Class`` it names would run that module's
    import-time code on this machine, so such an engine must come from the user's own ``--engine``."""
    if is_differential(spec):  # engines compared: each must be one a results file may name
        for member in members(spec):
            trusted_engine(member, source)
        return spec
    inner = spec
    while inner.startswith("isolated:"):
        inner = inner.removeprefix("isolated:")
    if inner.startswith(OWN_ENGINES) or inner in available():
        return spec
    raise ReplayError(
        f"{source} names the engine {clean_text(spec, 200)!r}, which is no registered engine, mutant or control; "
        "replay imports no module a results file names: give --engine SPEC if you trust it"
    )


def stored_record(results: Results, invariant: str, engine: str | None, source: str) -> ResultRecord:
    """The record whose counterexample to replay: the one of ``engine`` if it has one, else the
    only record of ``invariant`` that has a counterexample."""
    records = [r for r in results.results if r.invariant == invariant]
    if not records:
        raise ReplayError(f"{source} has no result for invariant {invariant!r}")
    stored = [r for r in records if r.failure is not None and r.failure.counterexample is not None]
    if not stored:
        statuses = ", ".join(f"{r.status} on {r.engine}" for r in records)
        raise ReplayError(f"{source}: invariant {invariant!r} has no stored counterexample ({statuses})")
    if engine is not None:
        for r in stored:
            if r.engine == engine:
                return r
    if len(stored) > 1:
        raise ReplayError(
            f"{source}: invariant {invariant!r} failed on several engines "
            f"({', '.join(r.engine for r in stored)}); choose one with --engine"
        )
    return stored[0]


def replay_case(engine_spec: str, adapter: EngineAdapter, invariant: Invariant, scenario: Scenario) -> ResultRecord:
    """Check ``invariant`` once on ``scenario``: the same steps as one example of a search, every
    engine call bounded by the run's limits (this is also what the minimization pass runs on each
    smaller state, so it must survive an engine that hangs or crashes)."""
    started = time.perf_counter()
    limits = current_limits()
    # The fields every record of this run shares.
    base = partial(
        ResultRecord,
        engine=engine_spec,
        invariant=invariant.id,
        rulings=invariant.rulings,
        kind=invariant.kind,
        examples=1,
    )
    broken = adapter_fault(adapter)
    if broken is not None:
        return base(status="error", reason=broken)
    support = supports_answer(adapter, invariant.requires)  # guarded as in a search (harness.asking)
    if isinstance(support, str):
        return base(status="error", reason=support)
    if not support.ok:
        gap = getattr(support, "gap", None)
        return base(
            status="unsupported", reason=clean_text(support.reason or "not supported"), gap=str(gap) if gap else None
        )
    blind = unobserved(adapter, invariant, engine_spec)
    if blind is not None:
        return base(status=blind.status, reason=blind.reason, gap=blind.gap)
    reproduce = reproduce_command(engine_spec, invariant.id)
    composite = is_composite(adapter)  # a differential engine contains its engines' sessions itself
    contained = isinstance(adapter, IsolatedEngine) or composite
    deadline = time.monotonic() + limits.example if limits.example else None
    probe: Probe | None = None
    session: GuardedSession | None = None
    try:
        with (
            exit_tripwire(),
            time_limit(
                None if contained else limits.example, f"timeout: the example took longer than {limits.example:g}s"
            ),
        ):
            try:
                state = scenario.state if contained else fresh(scenario.state)  # see run_case
                raw = start_session(adapter, state, limits.start, contained)
            except StateUnsupported as exc:
                return base(
                    status="unsupported",
                    reason=f"the engine could not load the state: {exc}",
                    duration=time.perf_counter() - started,
                )
            session = GuardedSession(
                raw, call_limit=limits.call, example_deadline=deadline, contained=contained, verdicts=composite
            )

            def restart() -> GuardedSession:  # a second session of the state, as run_case gives one
                again = start_session(
                    adapter, scenario.state if contained else fresh(scenario.state), limits.start, contained
                )
                return GuardedSession(
                    again, call_limit=limits.call, example_deadline=deadline, contained=contained, verdicts=composite
                )

            probe = Probe(session, claims=invariant.claims, restart=restart)
            try:
                invariant.check(probe, scenario)
                probe.confirm_stable()  # as in a search (see run_case)
            except ActionRefused as refusal:  # as in a search: a refused move the check takes as legal
                raise Violation(
                    "the engine refused an action the check takes as legal",
                    expected=f"{probe.trace[-1].action if probe.trace else 'the action'} accepted",
                    observed=f"refused: {clean_text(refusal)}",
                ) from None
    except (Violation, EngineError) as exc:
        failure = failure_record(exc, scenario, probe, reproduce)
        status: Status = "fail" if isinstance(exc, Violation) else "error"
        return base(
            status=status,
            failure=failure,
            examples_to_first_failure=1,
            reason=None if status == "fail" else failure.message,
            duration=time.perf_counter() - started,
        )
    except UnsatisfiedAssumption:
        why = probe.set_aside if probe is not None and probe.set_aside else "the check rejected the scenario"
        return base(
            status="inconclusive", set_aside=1, reason=f"set aside: {why}", duration=time.perf_counter() - started
        )
    finally:
        for replica in probe.replicas if probe is not None else ():
            try:
                replica.close()
            except BaseException as exc:  # noqa: BLE001 - closing is best effort
                reraise_if_harness(exc)
        if session is not None:
            try:
                session.close()
            except BaseException as exc:  # noqa: BLE001 - closing is best effort
                reraise_if_harness(exc)
    return base(status="pass", duration=time.perf_counter() - started)


def verdict_line(stored: ResultRecord, now: ResultRecord) -> str:
    """How the replay compares with the stored verdict, in one line (plus the message)."""
    old_msg = one_line(stored.failure.message if stored.failure else (stored.reason or ""))
    new_msg = one_line(now.failure.message if now.failure else (now.reason or ""))
    if now.status == "pass":
        return f"now passes: {now.invariant} on {now.engine} (stored: {stored.status} on {stored.engine}: {old_msg})"
    if now.status == stored.status and new_msg == old_msg:
        return f"same verdict: {now.status}: {new_msg}"
    return f"different verdict: {now.status}: {new_msg}\n  stored: {stored.status} on {stored.engine}: {old_msg}"


def _check_out(out: Path) -> None:
    """``--out`` must be a folder this replay may write: never the folder of a run's report (the one
    replayed from, or any other); an earlier replay's folder is fine (it is replaced)."""

    existing = out / RESULTS
    if existing.is_file():
        try:
            command = read_results(existing).run.command
        except (OSError, ResultsError):
            command = ""
        if not command.startswith("mtg-conformance replay"):
            raise ReplayError(
                f"--out {str(out)!r} holds a run's report; replay into a fresh folder (it would be overwritten)"
            )
    unwritable = ready_folder(out)
    if unwritable:
        raise ReplayError(unwritable)


def cmd_replay(args: argparse.Namespace, argv: list[str]) -> int:
    """``replay``: one stored counterexample checked again (``--export`` is
    :func:`harness.export.cmd_export`'s, dispatched by the command line)."""
    if args.invariant is None:
        raise ReplayError("replay needs --invariant ID (or --export DIR to export every stored failure)")

    if args.out.exists() and not args.out.is_dir():  # before the replay, not after it
        raise ReplayError(f"--out {str(args.out)!r} is an existing file, not a directory")
    try:
        results = read_results(args.results)
    except OSError as exc:
        raise ReplayError(f"cannot read {args.results}: {exc.strerror or exc}") from None
    except ResultsError as exc:
        raise ReplayError(str(exc)) from None
    stored = stored_record(results, args.invariant, args.engine, str(args.results))
    spec = args.engine or trusted_engine(stored.engine, str(args.results))  # before anything is imported
    _check_out(args.out)
    try:
        invariant = find_invariant(args.invariant, results.run.profile)
    except (KeyError, LookupError):
        raise ReplayError(f"invariant {args.invariant!r} is not in this harness's suite") from None
    counterexample = stored.failure.counterexample if stored.failure is not None else None
    if counterexample is None:  # stored_record returns only failures that hold one
        raise ReplayError(f"{args.results}: invariant {args.invariant!r} has no stored counterexample")
    try:
        state = codec.from_jsonable(GameState, counterexample.state, "$.state")
    except codec.DecodeError as exc:
        raise ReplayError(f"cannot decode the stored state: {exc}") from None
    scenario = Scenario(state, decode_params(counterexample))
    try:
        adapter = engine(spec)
    except UnknownEngine as exc:
        raise ReplayError(str(exc)) from None
    started = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
    clock = time.perf_counter()
    now = replay_case(spec, adapter, invariant, scenario)
    print(verdict_line(stored, now))
    if now.failure is not None and now.failure.expected:
        print(f"  expected: {one_line(now.failure.expected)}\n  observed: {one_line(now.failure.observed)}")

    out_results = Results(
        run=RunInfo(
            started=started,
            finished=time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
            profile=results.run.profile,
            seed=results.run.seed,
            engines=(EngineInfo(spec, str(getattr(adapter, "version", ""))),),
            command=" ".join(["mtg-conformance", *argv]),
            harness_version=__version__,
            duration=round(time.perf_counter() - clock, 3),
        ),
        rulings=tuple(r for r in results.rulings if r.id in invariant.rulings),
        results=(now,),
    )
    write_locked(
        args.out,
        {RESULTS: partial(write_results, out_results), REPORT: partial(write_report, out_results)},
        ReplayError,
    )
    print(f"replay report: {args.out / 'report.html'}")
    return 1 if now.status in ("fail", "error") else 0
