"""``mtg-conformance controls``: every executable ruling must fail on the controls it depends on.

Each relevant (control, invariant) pair is checked (``engines.controls`` says which
invariants a control is meant to break; an invariant may exempt a control with a reason); a ruling
none of whose relevant invariants fails (or errs) on a control is **vacuous** for that control.
The run writes ``controls.json`` (per invariant: the controls it fails, passes and exempts; the
vacuous pairs), plus ``results.json`` and ``report.html`` of the control runs, and exits 1 on any
vacuous pair.

While the invariants are being fixed, ``--allow-vacuous-file`` names a TOML file of the pairs the
gate tolerates (``[vacuous]``, one key per control id, a list of ruling ids). The list may only
shrink: a vacuous pair it lacks fails the gate, and so does a listed pair that is no longer
vacuous (remove it from the file).

Shrinking is skipped (only verdicts matter here) and the cases run in worker processes
(``-n``) straight through the runner, not through pytest: a control fails most cases at the
first example, and the pairs to run depend on relevance, which pytest's parametrization does
not know.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from engines.controls import CONTROLS, Control
from harness import __version__
from harness.lock import OutputLocked, hold
from harness.plan import PlanError, compiled_suite, engine, select_invariants
from harness.plugin import ruling_records
from harness.profiles import PROFILES, claim_rule, is_derandomized
from harness.runner import run_case
from harness.verdict import Verdict, plural
from reports.controls import (
    ControlInfo,
    ControlsReport,
    InvariantControls,
    VacuousPair,
    write_controls_json,
)
from reports.html import write_report
from reports.results import EngineInfo, ResultRecord, Results, RunInfo, write_results
from rulings.compile import CompiledSuite
from rulings.invariant import Invariant

DEFAULT_OUT = "controls-report"
EXIT_OK, EXIT_VACUOUS = 0, 1


class ControlsUsageError(ValueError):
    """Bad input (an unknown control, a broken known-vacuous file): one line, exit status 2."""


# -- which pairs are relevant -----------------------------------------------------------------


def _tags(suite: CompiledSuite) -> dict[str, tuple[str, ...]]:
    return {c.ruling.id: tuple(c.ruling.tags) for c in suite.coverage}


def relevant_rulings(control: Control, invariant: Invariant, tags: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The rulings of ``invariant`` for which it is meant to fail on ``control`` (none when the
    invariant exempts the control). A control plays the reference engine's rules, so the optional
    mechanics of the drawn states are there too and count as much as the required ones."""
    if control.id in invariant.exempt:
        return ()
    mechanics = invariant.requires | invariant.optional
    return tuple(r for r in invariant.rulings if control.relevant(invariant.kind, mechanics, tags.get(r, ())))


def relevant_pairs(
    suite: CompiledSuite, controls: Iterable[Control], invariants: Iterable[str]
) -> list[tuple[Control, str]]:
    """The (control, invariant id) pairs to run, in control then invariant order."""
    tags = _tags(suite)
    chosen = list(invariants)
    return [(c, i) for c in controls for i in chosen if relevant_rulings(c, suite.invariant(i), tags)]


def check_exemptions(suite: CompiledSuite) -> None:
    """Every exempted control id must name a control: a typo would silently widen the gap."""
    for inv in suite.invariants:
        unknown = [c for c in inv.exempt if c not in CONTROLS]
        if unknown:
            raise ControlsUsageError(
                f"invariant {inv.id} exempts unknown control(s) {', '.join(unknown)}; known: {', '.join(CONTROLS)}"
            )


# -- running ----------------------------------------------------------------------------------


def _run_one(spec: str, invariant_id: str, profile: str) -> ResultRecord:

    return run_case(
        spec, engine(spec), compiled_suite().invariant(invariant_id), profile=profile, seed=None, shrink=False
    )


def run_pairs(
    pairs: Sequence[tuple[Control, str]], profile: str, workers: int, *, verbose: bool = False
) -> list[ResultRecord]:
    """Run each pair (in ``workers`` processes when more than one) and return the records in order."""
    jobs = [(c.spec, i, profile) for c, i in pairs]
    records: list[ResultRecord] = []

    def note(record: ResultRecord) -> None:
        records.append(record)
        if verbose:
            print(f"{record.engine}::{record.invariant} {record.status}", flush=True)

    if workers <= 1:
        for job in jobs:
            note(_run_one(*job))
        return records
    from concurrent.futures import ProcessPoolExecutor  # imported here: it hooks interpreter exit

    with ProcessPoolExecutor(max_workers=workers) as pool:
        for record in pool.map(_run_one, *zip(*jobs, strict=True), chunksize=1):
            note(record)
    return records


# -- judging ----------------------------------------------------------------------------------


def catches(record: ResultRecord) -> bool:
    """Whether the invariant caught the control: it failed, or the control misbehaved visibly
    (an engine error). A harness error, ``inconclusive`` or ``pass`` caught nothing."""
    if record.status == "fail":
        return True
    return record.status == "error" and not (record.reason or "").startswith("harness error")


@dataclass(frozen=True)
class Judgement:
    report: ControlsReport
    #: (ruling, control) pairs whose every relevant invariant ran: those the gate can judge.
    judged: frozenset[tuple[str, str]]


def judge(
    suite: CompiledSuite, controls: Sequence[Control], records: Sequence[ResultRecord], profile: str
) -> Judgement:
    tags = _tags(suite)
    by_pair = {(r.engine, r.invariant): r for r in records}
    executable = [c.ruling.id for c in suite.coverage if c.ruling.status == "executable"]
    vacuous: list[VacuousPair] = []
    judged: set[tuple[str, str]] = set()
    for control in controls:
        for ruling in executable:
            relevant = [
                inv.id
                for inv in suite.invariants
                if ruling in inv.rulings and ruling in relevant_rulings(control, inv, tags)
            ]
            ran = [by_pair[(control.spec, i)] for i in relevant if (control.spec, i) in by_pair]
            if not ran:
                continue
            if len(ran) == len(relevant):
                judged.add((ruling, control.id))
            if not any(catches(r) for r in ran):
                vacuous.append(VacuousPair(ruling, control.id, tuple(r.invariant for r in ran)))
    invariants: dict[str, InvariantControls] = {}
    for inv in suite.invariants:
        mine = [r for r in records if r.invariant == inv.id]
        invariants[inv.id] = InvariantControls(
            failed=tuple(r.engine.removeprefix("control:") for r in mine if catches(r)),
            passed=tuple(r.engine.removeprefix("control:") for r in mine if not catches(r)),
            exempt=inv.exempt,
        )
    infos = tuple(
        ControlInfo(
            c.id,
            c.behaviour,
            c.breaks,
            tuple(sorted(c.kinds)),
            tuple(sorted(c.requires_any)),
            tuple(sorted(c.tags_any)),
        )
        for c in controls
    )
    return Judgement(ControlsReport(profile, infos, invariants, tuple(vacuous)), frozenset(judged))


# -- the known-vacuous file ---------------------------------------------------------------------


def load_known(path: Path, suite: CompiledSuite) -> frozenset[tuple[str, str]]:
    """The (ruling, control) pairs a known-vacuous file tolerates."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ControlsUsageError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ControlsUsageError(f"{path}: not TOML: {exc}") from None
    table = data.get("vacuous", {})
    if set(data) - {"vacuous"} or not isinstance(table, dict):
        raise ControlsUsageError(f"{path}: expected only a [vacuous] table (control id = [ruling ids])")
    rulings = {c.ruling.id for c in suite.coverage}
    pairs: set[tuple[str, str]] = set()
    for control, ids in table.items():
        if control not in CONTROLS:
            raise ControlsUsageError(f"{path}: unknown control {control!r}; known: {', '.join(CONTROLS)}")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ControlsUsageError(f"{path}: vacuous.{control} must be a list of ruling ids")
        for ruling in ids:
            if ruling not in rulings:
                raise ControlsUsageError(f"{path}: vacuous.{control}: unknown ruling {ruling!r}")
            pairs.add((ruling, control))
    return frozenset(pairs)


def known_file_text(pairs: Iterable[tuple[str, str]]) -> str:
    """A known-vacuous file listing ``pairs`` (what the gate prints for new pairs)."""
    by_control: dict[str, list[str]] = {}
    for ruling, control in sorted(pairs, key=lambda p: (list(CONTROLS).index(p[1]), p[0])):
        by_control.setdefault(control, []).append(ruling)
    lines = ["[vacuous]"]
    for control, rulings in by_control.items():
        lines.append(f'"{control}" = [')
        lines += [f'    "{r}",' for r in rulings]
        lines.append("]")
    return "\n".join(lines) + "\n"


def gate(
    judgement: Judgement, known: frozenset[tuple[str, str]] | None
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(vacuous pairs not tolerated, tolerated pairs no longer vacuous among those judged)."""
    found = {(v.ruling, v.control) for v in judgement.report.vacuous}
    tolerated = known or frozenset()
    new = sorted(found - tolerated)
    stale = sorted(p for p in tolerated - found if p in judgement.judged)
    return new, stale


# -- the command ------------------------------------------------------------------------------


def add_parser(sub: argparse._SubParsersAction) -> None:

    p = sub.add_parser("controls", help="check that every ruling fails on the degenerate controls it depends on")
    p.add_argument(
        "--profile", choices=sorted(PROFILES), default="ci", help="Hypothesis settings profile (default: ci)"
    )
    p.add_argument(
        "--out",
        default=DEFAULT_OUT,
        metavar="DIR",
        help=f"directory for controls.json, results.json, report.html (default: {DEFAULT_OUT}/)",
    )
    p.add_argument("-n", dest="workers", metavar="N", help="worker processes (a number or 'auto')")
    p.add_argument("--control", action="append", metavar="ID", help="only this control (repeatable)")
    p.add_argument(
        "--invariant",
        action="append",
        metavar="ID",
        help="only invariants with this id, id prefix or ruling id (repeatable)",
    )
    p.add_argument(
        "--allow-vacuous-file",
        type=Path,
        metavar="FILE",
        help="TOML file of tolerated vacuous pairs; new ones and ones no longer vacuous fail",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="one line per case")


def _workers(value: str | None) -> int:
    if value is None:
        return 1
    if value == "auto":
        return os.cpu_count() or 1
    try:
        n = int(value)
    except ValueError:
        raise ControlsUsageError(f"-n wants a number or 'auto', got {value!r}") from None
    if n < 1:
        raise ControlsUsageError(f"-n wants at least 1, got {n}")
    return n


def main(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """The ``controls`` command, holding its ``--out`` directory (checked before anything runs:
    an existing file or a directory another run holds is one usage line, not a lost run)."""

    try:
        with hold(Path(args.out)):
            return _main(args, argv)
    except OutputLocked as exc:
        raise ControlsUsageError(str(exc)) from None


def check_arguments(args: argparse.Namespace) -> None:
    """The usage errors found without the compiled corpus: an unknown control, a file of tolerated
    vacuous pairs that cannot be read (what it says is checked against the suite later)."""
    unknown = [c for c in args.control or () if c not in CONTROLS]
    if unknown:
        raise ControlsUsageError(f"unknown control(s) {', '.join(unknown)}; known: {', '.join(CONTROLS)}")
    if args.allow_vacuous_file:
        path = Path(args.allow_vacuous_file)
        try:
            path.read_bytes()
        except OSError as exc:
            raise ControlsUsageError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _main(args: argparse.Namespace, argv: Sequence[str]) -> int:

    started, clock = datetime.now(UTC), time.perf_counter()
    check_arguments(args)
    suite = compiled_suite()
    check_exemptions(suite)
    controls = [c for c in CONTROLS.values() if not args.control or c.id in args.control]
    try:
        invariants = select_invariants(suite, args.invariant or ())
    except PlanError as exc:
        raise ControlsUsageError(str(exc)) from None
    known = load_known(args.allow_vacuous_file, suite) if args.allow_vacuous_file else None
    pairs = relevant_pairs(suite, controls, invariants)
    print(
        f"mtg-conformance: {len(controls)} controls, {len(pairs)} relevant (control, invariant) pairs, "
        f"profile {args.profile}",
        flush=True,
    )
    records = run_pairs(pairs, args.profile, _workers(args.workers), verbose=args.verbose)
    judgement = judge(suite, controls, records, args.profile)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    write_controls_json(judgement.report, out / "controls.json")
    _write_results(records, controls, args, argv, out, started, time.perf_counter() - clock)

    print()
    for control, count in judgement.report.summary().items():
        print(f"{control:<24} {count:>3} vacuous rulings")
    for v in judgement.report.vacuous:
        print(f"VACUOUS {v.ruling} on control:{v.control} (passed: {', '.join(v.invariants)})")
    print(f"controls report: {out / 'controls.json'}")
    new, stale = gate(judgement, known)
    verdict = controls_verdict(new, stale, len(judgement.report.vacuous), args.allow_vacuous_file)
    if known is None:
        print(verdict.line(), flush=True)
        return verdict.code
    if new:
        print(
            f"\n{len(new)} vacuous pair(s) not in {args.allow_vacuous_file} (fix the invariants; the list "
            f"only shrinks):\n" + known_file_text(new),
            file=sys.stderr,
        )
    if stale:
        print(
            f"\n{len(stale)} pair(s) in {args.allow_vacuous_file} are no longer vacuous: remove them:\n"
            + "\n".join(f"  {control}: {ruling}" for ruling, control in stale),
            file=sys.stderr,
        )
    if not new and not stale:
        print(f"every vacuous pair is listed in {args.allow_vacuous_file} ({len(known)} tolerated)")
    print(verdict.line(), flush=True)
    return verdict.code


def controls_verdict(new: list, stale: list, vacuous: int, allowed: Path | None) -> Verdict:
    """No ruling may pass on a control its claim depends on; with a known-vacuous file, the listed
    pairs are tolerated and a listed pair no longer vacuous fails too (the list only shrinks)."""
    if allowed is None:
        if new:
            return Verdict(EXIT_VACUOUS, f"controls failed: {plural(len(new), 'vacuous pair')}")
        return Verdict(EXIT_OK, "controls passed: no vacuous ruling")
    if new or stale:
        return Verdict(
            EXIT_VACUOUS,
            f"controls failed: {plural(len(new), 'vacuous pair')} not in {allowed}, "
            f"{plural(len(stale), 'listed pair')} no longer vacuous",
        )
    return Verdict(EXIT_OK, f"controls passed: {plural(vacuous, 'vacuous pair')}, all listed in {allowed}")


def _write_results(
    records: list[ResultRecord],
    controls: list[Control],
    args: argparse.Namespace,
    argv: Sequence[str],
    out: Path,
    started: datetime,
    duration: float,
) -> None:
    """results.json and report.html of the control runs, for their counterexamples (unshrunk)."""
    import shlex

    ran = {r.engine for r in records}
    results = Results(
        run=RunInfo(
            started=started.isoformat(timespec="seconds"),
            finished=datetime.now(UTC).isoformat(timespec="seconds"),
            profile=args.profile,
            seed=None,
            engines=tuple(EngineInfo(c.spec, __version__) for c in controls if c.spec in ran),
            command=shlex.join(["mtg-conformance", *argv]),
            harness_version=__version__,
            duration=round(duration, 3),
            pass_rule=str(claim_rule(args.profile)),
            derandomized=is_derandomized(args.profile),
        ),
        rulings=ruling_records(),
        results=tuple(records),
    )
    write_results(results, out / "results.json")
    write_report(results, out / "report.html")
