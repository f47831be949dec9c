"""``mtg-conformance merge A.json B.json ... --out DIR``: join the results of shards into one run.

Each CI machine runs ``run --shard I/N`` and keeps its results.json; a last job merges them and
writes one results.json, report.html and junit.xml, the same (apart from timings and the command
line) as one unsharded run would have written. Results that could not have come from one run are
refused with a message naming the difference: another harness version, another corpus (hash),
other engines (or engine versions), another profile or seed, two results for one case, or two
files claiming the same shard. ``--expectations`` and ``--baseline`` gate the merged results as they
gate a run; without them the exit status is a run's (1 when any result failed or errored).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from harness import gate
from harness.output import JUNIT, REPORT, RESULTS, ready_folder, write_locked
from harness.plan import compiled_suite
from harness.verdict import Verdict, run_verdict
from reports.html import write_report
from reports.junit import write_junit
from reports.results import (
    EXIT_INCOMPLETE,
    ResultRecord,
    Results,
    ResultsError,
    read_results,
    write_results,
)
from reports.text import one_line


class MergeError(ValueError):
    """Results that cannot be merged (exit status 2): one line saying which differ and how."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("merge", help="merge the results.json of shards into one results.json, report and junit.xml")
    p.add_argument("results", type=Path, nargs="+", help="results.json files (one per shard)")
    p.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="DIR",
        help="folder for the merged results.json, report.html and junit.xml",
    )
    gate.add_expectations_option(p)
    gate.add_history_option(p)
    p.add_argument("--baseline", type=Path, metavar="RESULTS", help="print and embed the diff against this run")


def _same(parts: list[tuple[str, Results]], what: str, get) -> None:
    first_name, first = parts[0]
    for name, results in parts[1:]:
        if get(results) != get(first):
            raise MergeError(
                f"cannot merge: {name} has {what} {_show(get(results))} but {first_name} has {_show(get(first))}"
            )


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) or "none"
    return "none" if value is None else str(value)


def merge_results(
    parts: list[tuple[str, Results]], command: str = "mtg-conformance merge"
) -> tuple[Results, list[str]]:
    """One Results from shards' (name, results) pairs, and warnings (a missing shard)."""
    if not parts:
        raise MergeError("nothing to merge")
    _same(parts, "harness version", lambda r: r.run.harness_version)
    _same(parts, "corpus", lambda r: r.run.corpus)
    _same(parts, "engines", lambda r: tuple(f"{e.name} {e.version}" for e in r.run.engines))
    _same(parts, "profile", lambda r: r.run.profile)
    _same(parts, "seed", lambda r: r.run.seed)
    _same(parts, "pass rule", lambda r: r.run.pass_rule)
    _same(parts, "rulings", lambda r: r.rulings)
    warnings: list[str] = []
    shards: dict[str, str] = {}
    counts = set()
    for name, results in parts:
        shard = results.run.shard
        if shard is None:
            continue
        if shard in shards:
            raise MergeError(f"cannot merge: {name} and {shards[shard]} are both shard {shard}")
        shards[shard] = name
        counts.add(shard.split("/")[1])
    if len(counts) > 1:
        raise MergeError(f"cannot merge shards of different splits ({', '.join(sorted(shards))})")
    missing = missing_shards(parts)
    if missing:
        warnings.append(f"shard(s) {', '.join(missing)} missing: the merged results are incomplete")
    seen: dict[tuple[str, str], str] = {}
    records: list[ResultRecord] = []
    for name, results in parts:
        for r in results.results:
            if (r.engine, r.invariant) in seen:
                raise MergeError(
                    f"cannot merge: {name} and {seen[(r.engine, r.invariant)]} both have a result "
                    f"for {r.invariant} on {r.engine}"
                )
            seen[(r.engine, r.invariant)] = name
            records.append(r)
    first = parts[0][1]
    runs = [r.run for _, r in parts]
    run = replace(
        first.run,
        started=min(r.started for r in runs),
        finished=max(r.finished for r in runs),
        command=command,
        duration=round(sum(r.duration for r in runs), 3),  # machine time of all shards together
        shard=None,
        # One interrupted or missing shard leaves the whole incomplete (a gate must not pass it).
        complete=all(r.complete for r in runs) and not missing,
        planned=None if any(r.planned is None for r in runs) else sum(r.planned or 0 for r in runs),
    )
    return Results(run=run, rulings=first.rulings, results=tuple(_in_plan_order(records, first))), warnings


def missing_shards(parts: list[tuple[str, Results]]) -> list[str]:
    """The ``I/N`` of every shard of the split the parts name that none of them is."""
    present = {r.run.shard for _, r in parts if r.run.shard is not None}
    counts = {shard.split("/")[1] for shard in present}
    if len(counts) != 1:
        return []
    (n,) = counts
    return [f"{i}/{n}" for i in range(1, int(n) + 1) if f"{i}/{n}" not in present]


def _in_plan_order(records: list[ResultRecord], first: Results) -> list[ResultRecord]:
    """The order an unsharded run writes: engines as the run lists them, invariants in the suite's
    order (those this harness does not know last, by id)."""

    engines = {name: i for i, name in enumerate(first.engines())}
    invariants = {inv.id: i for i, inv in enumerate(compiled_suite().invariants)}
    return sorted(
        records,
        key=lambda r: (engines.get(r.engine, len(engines)), invariants.get(r.invariant, len(invariants)), r.invariant),
    )


def cmd_merge(args: argparse.Namespace, argv: list[str]) -> int:
    import shlex
    from functools import partial

    checks = gate.prepare(args)
    unwritable = ready_folder(args.out)
    if unwritable:
        raise MergeError(unwritable)
    parts = []
    for path in args.results:
        try:
            parts.append((str(path), read_results(path)))
        except OSError as exc:
            raise MergeError(f"cannot read {path}: {exc.strerror or exc}") from None
        except ResultsError as exc:
            raise MergeError(str(exc)) from None
    merged, warnings = merge_results(parts, shlex.join(["mtg-conformance", *argv]))
    for line in warnings:
        print(f"mtg-conformance: warning: {one_line(line)}", file=sys.stderr)
    try:
        checks = checks.bound(merged.engines())
    except gate.GateError as exc:
        raise MergeError(str(exc)) from None
    merged = checks.annotate(merged)
    write_locked(
        args.out,
        {
            RESULTS: partial(write_results, merged),
            REPORT: partial(write_report, merged),
            JUNIT: partial(write_junit, merged),
        },
        MergeError,
    )
    totals = ", ".join(f"{n} {status}" for status, n in merged.totals().items())
    print(f"merged {len(parts)} results files: {len(merged.results)} results ({totals})")
    print(f"report: {args.out / 'report.html'}\nresults: {args.out / 'results.json'}\njunit: {args.out / 'junit.xml'}")
    missing = _missing_text(parts, merged)
    verdict = checks.finish(merged, args.out, incomplete=missing) if checks.active else None
    if verdict is None:
        verdict = run_verdict(merged)
        if missing and verdict.code == EXIT_INCOMPLETE:
            verdict = Verdict(EXIT_INCOMPLETE, missing)
    print(verdict.line(), flush=True)
    return verdict.code


def _missing_text(parts: list[tuple[str, Results]], merged: Results) -> str | None:
    """Which shards are missing, and how many cases the others finished (None: none missing)."""
    missing = missing_shards(parts)
    if not missing:
        return None
    total = missing[0].split("/")[1]
    return (
        f"incomplete: shard{'s' if len(missing) > 1 else ''} {', '.join(missing)} missing; "
        f"{len(merged.results)} cases from the other {int(total) - len(missing)} of {total} shards"
    )


__all__ = ["MergeError", "merge_results"]
