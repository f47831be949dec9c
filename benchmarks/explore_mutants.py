"""What exploration finds among the project's mutants, with no ruling's invariant involved.

    python benchmarks/explore_mutants.py [--profile ci] [--what differential|explore|both] [--mutant ID ...]
        [--family NAME ...] [--own-families-only]

``differential``: for every mutant of ``mtg-conformance mutants --list``, the differential run
reference vs mutant (the ``global.engines-agree/<family>`` invariants on
``differential:reference,mutant:X``, one per family of generators) and whether it tells them apart
(a minimized disagreement), with the family of states that did. ``explore``: the single-engine
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
from harness.explore import explore_invariants, family, is_agree
from harness.plan import compiled_suite, engine
from harness.runner import run_case


def size(record) -> int | None:
    """Permanents plus library cards of the reported counterexample (the 1-minimal one)."""
    failure = record.failure
    if failure is None or failure.counterexample is None:
        return None
    state = failure.counterexample.state
    return len(state.get("battlefield", ())) + sum(len(p.get("library", ())) for p in state.get("players", ()))


def differential(mutants: list[str], profile: str, own_only: bool) -> None:
    """Each mutant against the reference, family by family (``global.engines-agree/<family>``):
    the families of the rulings it breaks first (where it most likely shows), then the others;
    the first family that tells it apart ends its run (the whole differential run fails then
    anyway). ``own_only``: only its own families (a survivor's figure is then a lower bound)."""
    agree = [i for i in explore_invariants(compiled_suite(), profile) if is_agree(i.id)]
    known = all_mutants()
    told, examples, sizes, started = 0, [], [], time.perf_counter()
    by_family: dict[str, list[int]] = {}
    for mutant in mutants:
        spec = differential_spec(["reference", f"mutant:{mutant}"])
        own = {family(r) for r in known[mutant].breaks}
        order = [i for i in agree if i.id.rsplit("/", 1)[1] in own]
        if not own_only:
            order += [i for i in agree if i not in order]
        began, record, cases = time.perf_counter(), None, 0
        for inv in order:
            record = run_case(spec, engine(spec), inv, profile=profile, seed=0)
            cases += 1
            if record.status == "fail":
                break
        apart = record is not None and record.status == "fail"
        told += apart
        counts = by_family.setdefault(family(known[mutant].breaks[0]), [0, 0])
        counts[0] += apart
        counts[1] += 1
        if apart and record is not None:
            examples.append(record.examples_to_first_failure or 0)
            if size(record) is not None:
                sizes.append(size(record))
        status = "apart" if apart else (record.status if record else "no case")
        where = ""
        if record is not None:
            where = f"{record.invariant.rsplit('/', 1)[1]}: " + (
                record.failure.message if record.failure else (record.reason or "")
            )
        print(
            f"{mutant:<46} {status:<12} cases {cases:>2} {time.perf_counter() - began:6.1f} s  {where[:110]}",
            flush=True,
        )
    share = told / len(mutants) if mutants else 0.0
    scope = "its own families only" if own_only else "every family"
    print(
        f"differential reference vs mutant, profile {profile}, {scope}: told apart {told} of {len(mutants)} ({share:.0%})"
    )
    for name, (apart_n, n) in sorted(by_family.items()):
        print(f"  {name:<24} {apart_n} of {n}")
    if examples:
        print(f"median examples to the first disagreement: {statistics.median(examples)}")
    if sizes:
        print(f"median size of the minimized disagreement (permanents + library cards): {statistics.median(sizes)}")
    print(f"total {time.perf_counter() - started:.0f} s")


def explore(mutants: list[str], profile: str) -> None:
    invariants = [i for i in explore_invariants(compiled_suite(), profile) if not is_agree(i.id)]
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
    parser.add_argument(
        "--own-families-only",
        action="store_true",
        help="differential: run each mutant on the families of the rulings it breaks only (a lower bound)",
    )
    parser.add_argument("--family", action="append", default=[], help="only the mutants breaking this family's rulings")
    args = parser.parse_args()
    mutants = args.mutant or sorted(all_mutants())
    if args.family:
        mutants = [m for m in mutants if {family(r) for r in all_mutants()[m].breaks} & set(args.family)]
    print(f"# exploration of the mutants, profile {args.profile}, {len(mutants)} mutants, {machine()}", flush=True)
    if args.what in ("differential", "both"):
        differential(mutants, args.profile, args.own_families_only)
    if args.what in ("explore", "both"):
        explore(mutants, args.profile)


if __name__ == "__main__":
    main()
