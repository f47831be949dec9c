"""Examples per second of every invariant on the reference engine, under a settings profile.

    python benchmarks/examples_per_second.py [--profile ci] [--engine reference]

Each invariant runs once through the same runner the suite uses; the figure is examples drawn
divided by wall time (engine work, generation and checking together).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine

from harness.plan import compiled_suite, engine
from harness.runner import run_case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--engine", default="reference")
    args = parser.parse_args()
    adapter = engine(args.engine)
    print(f"# examples per second, engine {args.engine}, profile {args.profile}, {machine()}")
    print(f"{'invariant':<80} {'status':<12} {'examples':>8} {'seconds':>8} {'ex/s':>8}")
    total_examples, total_seconds = 0, 0.0
    for inv in compiled_suite().invariants:
        record = run_case(args.engine, adapter, inv, profile=args.profile, seed=None)
        if record.status == "unsupported":
            continue
        rate = record.examples / record.duration if record.duration else 0.0
        total_examples += record.examples
        total_seconds += record.duration
        print(f"{inv.id:<80} {record.status:<12} {record.examples:>8} {record.duration:>8.2f} {rate:>8.0f}")
    if total_seconds:
        print(f"{'all':<80} {'':<12} {total_examples:>8} {total_seconds:>8.2f} {total_examples / total_seconds:>8.0f}")


if __name__ == "__main__":
    main()
