"""What checking in-process exports against the model costs (issue 27, item 4: at most 5 %).

    python benchmarks/export_checks.py [--engine reference] [--profile ci] [--repeat 3] [--invariant ID ...]

Each repeat runs every invariant (or those named) on the engine with ``run_case``, as one ``-n 1``
run does, in this process, and measures (CPU seconds, one core):

1. the whole run;
2. the time spent inside the export checks (``protocol.codec.check``, which the guarded session
   calls on every state, action and event an in-process engine hands over; timed around each call:
   the timing itself is counted, so the share is, if anything, slightly high);

and prints their ratio per repeat, then the median share and the number of exports checked.
CPU time, not wall time: the share holds on a loaded machine as well.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine


class Meter:
    """Wraps a function and adds up the CPU seconds spent in it and the calls made."""

    def __init__(self, fn: Callable[..., Any]):
        self.fn = fn
        self.seconds = 0.0
        self.calls = 0

    def __call__(self, *args: Any) -> Any:
        started = time.process_time()
        try:
            return self.fn(*args)
        finally:
            self.seconds += time.process_time() - started
            self.calls += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="reference")
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--invariant", action="append", default=[])
    args = parser.parse_args()

    from harness.plan import compiled_suite, engine, select_invariants
    from harness.profiles import register_profiles
    from harness.runner import run_case
    from protocol import codec

    register_profiles()
    suite = compiled_suite()
    invariants = [suite.invariant(i) for i in select_invariants(suite, args.invariant)]
    print(f"# export checks on {args.engine}, profile {args.profile}, {len(invariants)} invariants, {machine()}")
    shares = []
    for n in range(args.repeat):
        meter = Meter(codec.check)
        codec.check = meter  # type: ignore[assignment]
        try:
            started = time.process_time()
            for invariant in invariants:
                run_case(args.engine, engine(args.engine), invariant, profile=args.profile, seed=None)
            total = time.process_time() - started
        finally:
            codec.check = meter.fn  # type: ignore[assignment]
        shares.append(meter.seconds / total)
        print(
            f"repeat {n + 1}: run {total:.2f} s CPU, export checks {meter.seconds:.3f} s "
            f"({100 * meter.seconds / total:.2f} %), {meter.calls} values checked"
        )
    print(f"median share of the run spent checking exports: {100 * statistics.median(shares):.2f} %")


if __name__ == "__main__":
    main()
