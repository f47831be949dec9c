"""What exploration finds among the project's mutants, with no ruling's invariant involved.

    python benchmarks/explore_mutants.py [--profile ci] [--what differential|explore|both] [--mutant ID ...]

``differential``: for every mutant of ``mtg-conformance mutants --list``, the differential run
reference vs mutant (the ``global.engines-agree`` invariant on ``differential:reference,mutant:X``)
and whether it tells them apart (a minimized disagreement). ``explore``: the single-engine
exploration of each mutant (every global rule) and which rules catch it. One process, one core:
each line is printed as the mutant is done; the totals come last.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine

from engines.mutants import all_mutants
from harness.differential import differential_spec
from harness.explore import AGREE, explore_invariants
from harness.plan import compiled_suite, engine
from harness.runner import run_case


def size(record) -> int | None:
    """Permanents plus library cards of the reported counterexample (the 1-minimal one)."""
    failure = record.failure
    if failure is None or failure.counterexample is None:
        return None
    state = failure.counterexample.state
    return len(state.get("battlefield", ())) + sum(len(p.get("library", ())) for p in state.get("players", ()))


def differential(mutants: list[str], profile: str) -> None:
    agree = next(i for i in explore_invariants(compiled_suite(), profile) if i.id == AGREE)
    told, examples, sizes, started = 0, [], [], time.perf_counter()
    for mutant in mutants:
        spec = differential_spec(["reference", f"mutant:{mutant}"])
        began = time.perf_counter()
        record = run_case(spec, engine(spec), agree, profile=profile, seed=0)
        apart = record.status == "fail"
        told += apart
        if apart:
            examples.append(record.examples_to_first_failure or 0)
            if size(record) is not None:
                sizes.append(size(record))
        where = record.failure.message if record.failure else (record.reason or "")
        print(
            f"{mutant:<46} {'apart' if apart else record.status:<12} examples {record.examples:>4} "
            f"{time.perf_counter() - began:6.1f} s  {where[:90]}",
            flush=True,
        )
    share = told / len(mutants) if mutants else 0.0
    print(f"differential reference vs mutant, profile {profile}: told apart {told} of {len(mutants)} ({share:.0%})")
    if examples:
        print(f"median examples to the first disagreement: {statistics.median(examples)}")
    if sizes:
        print(f"median size of the minimized disagreement (permanents + library cards): {statistics.median(sizes)}")
    print(f"total {time.perf_counter() - started:.0f} s")


def explore(mutants: list[str], profile: str) -> None:
    invariants = [i for i in explore_invariants(compiled_suite(), profile) if i.id != AGREE]
    caught_any, by_rule, started = 0, dict.fromkeys((i.id for i in invariants), 0), time.perf_counter()
    for mutant in mutants:
        spec = f"mutant:{mutant}"
        caught = []
        for inv in invariants:
            record = run_case(spec, engine(spec), inv, profile=profile, seed=0)
            if record.status in ("fail", "error"):
                caught.append(f"{inv.id.removeprefix('global.')}={record.status}")
                by_rule[inv.id] += 1
        caught_any += bool(caught)
        print(f"{mutant:<46} {', '.join(caught) or 'not caught'}", flush=True)
    print(f"single-engine exploration, profile {profile}: caught {caught_any} of {len(mutants)}")
    for rule, n in by_rule.items():
        print(f"  {rule:<36} caught {n}")
    print(f"total {time.perf_counter() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--what", choices=("differential", "explore", "both"), default="both")
    parser.add_argument("--mutant", action="append", default=[], metavar="ID")
    args = parser.parse_args()
    mutants = args.mutant or sorted(all_mutants())
    print(f"# exploration of the mutants, profile {args.profile}, {len(mutants)} mutants, {machine()}", flush=True)
    if args.what in ("differential", "both"):
        differential(mutants, args.profile)
    if args.what in ("explore", "both"):
        explore(mutants, args.profile)


if __name__ == "__main__":
    main()
