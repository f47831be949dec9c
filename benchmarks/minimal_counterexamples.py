"""How many mutant-kill counterexamples are 1-minimal: no single object can be taken out with the
same failure message.

    python benchmarks/minimal_counterexamples.py [--results mutants-report/results.json] [--profile ci] [-n 2]

Without ``--results`` it runs ``mtg-conformance mutants`` first. For every ``fail`` record it
replays the stored counterexample once per object taken out (``protocol.reduce``: the
objects the params name or others refer to stay) with the exact replay (no drawing), and counts
the counterexamples none of whose smaller states fails the same way while the reference engine
passes it (the definition the minimization pass uses, ``harness.minimize``); it also prints
the share by the failure message alone. It does the same for
Hypothesis's own shrunk counterexample (``original``, when the run minimized it), so the share
before and after the minimization pass are printed side by side, by family, and it checks that
the reference engine passes every reported counterexample (taking objects out must not change
what a state means).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, scratch, timed_cli

from harness.minimize import oracle_for, params_keep, still_fails
from harness.plan import compiled_suite, engine
from harness.replay import decode_params, replay_case
from protocol import codec
from protocol.model import GameState
from protocol.probe import Scenario
from protocol.reduce import object_count, smaller_states
from reports.results import Counterexample, ResultRecord, read_results


def one_minimal(record: ResultRecord, counterexample: Counterexample, *, oracle: bool) -> tuple[bool, int]:
    """Whether no single object of the counterexample can go with the same failure (and, with
    ``oracle``, the reference engine passing the smaller state), and its object count."""
    invariant = compiled_suite().invariant(record.invariant)
    state = codec.from_jsonable(GameState, counterexample.state, "$.state")
    params = decode_params(counterexample)
    fails = still_fails(
        record.engine,
        engine(record.engine),
        invariant,
        params,
        record.failure.message,  # type: ignore[union-attr]
        oracle_for(record.engine, invariant) if oracle else None,
    )
    minimal = not any(fails(smaller) for _, smaller in smaller_states(state, params_keep(params)))
    return minimal, object_count(state)


def family(invariant: str) -> str:
    return invariant.split(".", 1)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, help="a mutants run's results.json (default: run the mutants)")
    parser.add_argument("--profile", default="ci")
    parser.add_argument("-n", dest="workers", default="2")
    args = parser.parse_args()
    with scratch() as tmp:
        path = args.results
        if path is None:
            seconds, done = timed_cli(
                "mutants", "--profile", args.profile, "-n", args.workers, "--out", "out", cwd=Path(tmp)
            )
            print(f"# mutants run: {seconds:.1f} s (exit {done.returncode})")
            path = Path(tmp) / "out" / "results.json"
        results = read_results(path)
    kills = [r for r in results.results if r.status == "fail" and r.failure and r.failure.counterexample]
    print(f"# 1-minimal counterexamples over {len(kills)} mutant kills, {machine()}")
    after = before = loose = 0
    sizes_after = sizes_before = 0
    by_family: dict[str, Counter[str]] = {}
    reference_fails = []
    for record in kills:
        failure = record.failure
        assert failure is not None and failure.counterexample is not None
        minimal, size = one_minimal(record, failure.counterexample, oracle=True)
        original = failure.original or failure.counterexample
        was_minimal, was_size = (
            (minimal, size) if failure.original is None else one_minimal(record, original, oracle=True)
        )
        message_only, _ = one_minimal(record, failure.counterexample, oracle=False)
        after += minimal
        before += was_minimal
        loose += message_only
        sizes_after += size
        sizes_before += was_size
        counts = by_family.setdefault(family(record.invariant), Counter())
        counts["kills"] += 1
        counts["after"] += minimal
        counts["before"] += was_minimal
        state = codec.from_jsonable(GameState, failure.counterexample.state, "$.state")
        on_reference = replay_case(
            "reference",
            engine("reference"),
            compiled_suite().invariant(record.invariant),
            Scenario(state, decode_params(failure.counterexample)),
        )
        if on_reference.status != "pass":
            reference_fails.append(f"{record.engine} {record.invariant}: reference {on_reference.status}")
        if not minimal:
            print(f"  not 1-minimal: {record.engine} {record.invariant} ({size} objects)")
    for name, counts in sorted(by_family.items()):
        print(f"{name:<20} {counts['before']:>3} -> {counts['after']:>3} of {counts['kills']:>3} 1-minimal")
    n = max(len(kills), 1)
    print(f"1-minimal, Hypothesis's shrunk counterexample: {before} of {len(kills)} ({100 * before / n:.1f} %)")
    print(f"1-minimal, reported (after the minimization pass): {after} of {len(kills)} ({100 * after / n:.1f} %)")
    print(
        f"1-minimal by the failure message alone (the reference engine not asked), reported: "
        f"{loose} of {len(kills)} ({100 * loose / n:.1f} %)"
    )
    print(f"objects per counterexample: {sizes_before / n:.2f} -> {sizes_after / n:.2f}")
    print(f"reported counterexamples the reference engine does not pass: {len(reference_fails)}")
    for line in reference_fails:
        print(f"  {line}")


if __name__ == "__main__":
    main()
