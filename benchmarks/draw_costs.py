"""What drawing the scenarios costs, with no engine: Hypothesis choices per example and CPU.

    python benchmarks/draw_costs.py [--profile ci] [--invariant ID ...]

Every invariant's scenarios are drawn under the profile's settings and the seed a run gives the
invariant (as ``harness.feature_reach`` does), with a test body that does nothing. It prints,
per invariant family, the mean number of Hypothesis choices per example (each choice costs
Hypothesis its span, its place in the choice tree, what shrinking tries on it) and the CPU
seconds of drawing, then the totals. Run it in two trees (``PYTHONPATH=<tree>``) to compare.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine


def _draw_all(invariant: Any, chosen: Any, seed: int, counts: list[int]) -> None:
    """Draw the invariant's examples once, noting each one's number of choices in ``counts``."""
    from hypothesis import given
    from hypothesis.control import current_build_context

    @given(invariant.strategy(None))
    def draw(scenario: object) -> None:
        counts.append(len(current_build_context().data.choices))

    draw = chosen(draw)
    draw._hypothesis_internal_use_seed = seed  # type: ignore[attr-defined]
    draw()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--invariant", action="append", default=[])
    args = parser.parse_args()

    # Imported after the arguments are read, for start-up time: --help and a bad option load
    # nothing of the project.
    from harness.feature_reach import case_seed
    from harness.heap import settle
    from harness.plan import compiled_suite, select_invariants
    from harness.profiles import profile_settings

    suite = compiled_suite()
    chosen = profile_settings(args.profile)
    settle()
    choices: dict[str, list[int]] = defaultdict(list)
    seconds: dict[str, float] = defaultdict(float)
    for invariant_id in select_invariants(suite, args.invariant):
        invariant = suite.invariant(invariant_id)
        family = invariant_id.split(".", 1)[0]
        started = time.process_time()
        _draw_all(invariant, chosen, case_seed(invariant_id), choices[family])
        seconds[family] += time.process_time() - started
    print(f"# drawing alone, profile {args.profile}, {machine()}")
    print(f"{'family':22s} {'examples':>8s} {'choices/example':>16s} {'CPU s':>7s}")
    for family in sorted(choices):
        print(f"{family:22s} {len(choices[family]):8d} {statistics.mean(choices[family]):16.1f} {seconds[family]:7.2f}")
    every = [n for counts in choices.values() for n in counts]
    print(f"{'all':22s} {len(every):8d} {statistics.mean(every):16.1f} {sum(seconds.values()):7.2f}")


if __name__ == "__main__":
    main()
