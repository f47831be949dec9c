"""The kill report: which seeded rules bugs the suite caught, how fast, with how small a case.

Built from a run's results over the mutant engines; a mutant is *killed* when at least one of
its invariants fails (an ``error`` counts too: the engine misbehaved visibly), and *survives*
otherwise. The figures issue 5 asks for come from here: examples until the first failure and
the size of the shrunk counterexample (permanents on the battlefield plus cards in libraries).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from reports.atomic import write_text_atomic
from reports.results import Results

SCHEMA = "mtg-conformance/mutants"
#: Version 2 added ``invariants``: per invariant, the mutants it killed and the controls it failed.
VERSION = 2
SMALL = 3  # a counterexample of at most this many permanents + library cards counts as small


@dataclass(frozen=True)
class MutantInfo:
    id: str
    spec: str
    breaks: tuple[str, ...]
    bug: str


@dataclass(frozen=True)
class MutantRow:
    id: str
    spec: str
    breaks: tuple[str, ...]
    bug: str
    status: str  # "killed" | "survived"
    killed_by: tuple[str, ...]
    invariants_run: int
    examples_to_kill: int | None
    counterexample_size: int | None
    #: Killed, but only by invariants of other rulings than those it breaks: the diagnosis
    #: points at the wrong rule (a defect of the suite, not of the mutant).
    only_neighbours: bool = False


def kill_rows(results: Results, mutants: list[MutantInfo]) -> list[MutantRow]:
    rows = []
    for m in mutants:
        records = [r for r in results.results if r.engine == m.spec]
        killers = [r for r in records if r.status in ("fail", "error")]
        firsts = [r.examples_to_first_failure for r in killers if r.examples_to_first_failure is not None]
        sizes = [r.failure.size for r in killers if r.failure is not None and r.failure.size is not None]
        rows.append(
            MutantRow(
                id=m.id,
                spec=m.spec,
                breaks=m.breaks,
                bug=m.bug,
                status="killed" if killers else "survived",
                killed_by=tuple(r.invariant for r in killers),
                invariants_run=len(records),
                examples_to_kill=min(firsts) if firsts else None,
                counterexample_size=min(sizes) if sizes else None,
                only_neighbours=bool(killers) and not any(set(r.rulings) & set(m.breaks) for r in killers),
            )
        )
    return rows


def summary(rows: list[MutantRow]) -> dict[str, object]:
    killed = [r for r in rows if r.status == "killed"]
    examples = [r.examples_to_kill for r in killed if r.examples_to_kill is not None]
    sizes = [r.counterexample_size for r in killed if r.counterexample_size is not None]
    return {
        "mutants": len(rows),
        "killed": len(killed),
        "survived": len(rows) - len(killed),
        "median_examples_to_kill": statistics.median(examples) if examples else None,
        "share_small_counterexamples": round(sum(s <= SMALL for s in sizes) / len(sizes), 3) if sizes else None,
        "killed_only_by_neighbours": sum(r.only_neighbours for r in killed),
    }


def idle_invariants(results: Results, invariants: list[str]) -> list[str]:
    """Invariants that killed no mutant: each is a claim no seeded bug has shown to matter."""
    killers = {r.invariant for r in results.results if r.status in ("fail", "error")}
    return [i for i in invariants if i not in killers]


@dataclass(frozen=True)
class InvariantRow:
    """What one invariant caught: the mutants it killed and, when a controls report was merged
    in (``mutants --controls controls.json``), the standing controls it failed (``None``: not known)."""

    id: str
    killed: tuple[str, ...]
    failed_controls: tuple[str, ...] | None


def invariant_rows(
    results: Results, mutants: list[MutantInfo], invariants: list[str], controls: dict[str, tuple[str, ...]] | None
) -> list[InvariantRow]:
    spec_to_id = {m.spec: m.id for m in mutants}
    killed: dict[str, list[str]] = {i: [] for i in invariants}
    for r in results.results:
        if r.status in ("fail", "error") and r.engine in spec_to_id:
            killed.setdefault(r.invariant, []).append(spec_to_id[r.engine])
    return [InvariantRow(i, tuple(k), None if controls is None else controls.get(i, ())) for i, k in killed.items()]


def write_mutants_json(
    rows: list[MutantRow], path: Path, *, profile: str, idle: list[str], invariants: Sequence[InvariantRow] = ()
) -> Path:
    data = {
        "schema": SCHEMA,
        "version": VERSION,
        "profile": profile,
        "summary": summary(rows),
        "mutants": [asdict(r) for r in rows],
        "idle_invariants": idle,
        "invariants": [asdict(r) for r in invariants],
    }
    return write_text_atomic(path, json.dumps(data, indent=2) + "\n")


def format_table(rows: list[MutantRow]) -> str:
    """A plain-text table for the terminal: one line per mutant, then the summary."""
    headers = ("mutant", "breaks", "verdict", "killed by", "examples", "size")
    lines = [
        (
            r.id,
            ", ".join(r.breaks),
            r.status.upper() if r.status == "survived" else r.status,
            (r.killed_by[0] + (f" (+{len(r.killed_by) - 1})" if len(r.killed_by) > 1 else ""))
            if r.killed_by
            else f"none of {r.invariants_run} invariants",
            "-" if r.examples_to_kill is None else str(r.examples_to_kill),
            "-" if r.counterexample_size is None else str(r.counterexample_size),
        )
        for r in rows
    ]
    widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h) for i, h in enumerate(headers)]
    out = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))]
    out.append("  ".join("-" * w for w in widths))
    out += ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in lines]
    s = summary(rows)
    out.append("")
    out.append(
        f"{s['killed']} of {s['mutants']} mutants killed, {s['survived']} survived; "
        f"median examples to kill {s['median_examples_to_kill']}; "
        f"share of kills with a counterexample of <= {SMALL} permanents+library cards: "
        f"{s['share_small_counterexamples']}; killed only by a neighbouring ruling's invariants: "
        f"{s['killed_only_by_neighbours']}"
    )
    return "\n".join(out)
