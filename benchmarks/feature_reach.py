"""Print, per invariant, the share of its ``ci`` examples that hold each state feature it lists.

Draws each invariant's scenarios under the ``ci`` profile with the seed a ``ci`` run gives it
(generation only, no engine), the figures the reach test gates (``tests/test_feature_reach.py``).
Usage: ``python benchmarks/feature_reach.py [--profile ci] [--salt S ...]``; a salt other than the
empty one draws another derandomized sample of the same size, to see how much the figures move.
"""

from __future__ import annotations

import argparse
import time

from generators.features import MIN_REACH
from harness.feature_reach import case_seed, reach
from harness.profiles import PROFILES, profile_settings
from rulings.compile import compile_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=sorted(PROFILES), default="ci")
    parser.add_argument("--salt", action="append", default=None, help="another sample (repeatable)")
    args = parser.parse_args()
    profile = profile_settings(args.profile)
    started = time.perf_counter()
    lowest: dict[str, float] = {}
    below = 0
    for inv in compile_corpus().invariants:
        if not inv.features:
            continue
        for salt in args.salt or [""]:
            found = reach(inv, profile, case_seed(inv.id, salt))
            cells = []
            for name, count in found.counts:
                share = count / max(1, found.examples)
                lowest[name] = min(lowest.get(name, 1.0), share)
                below += share < MIN_REACH
                cells.append(f"{name} {share:.0%}" + (" (LOW)" if share < MIN_REACH else ""))
            print(f"{inv.id}{' [' + salt + ']' if salt else ''} ({found.examples} examples): " + ", ".join(cells))
    print()
    print("lowest share per feature over all invariants:")
    for name, share in sorted(lowest.items()):
        print(f"  {name:32} {share:6.1%}")
    print(f"{below} (invariant, feature) pairs below {MIN_REACH:.0%}; {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
