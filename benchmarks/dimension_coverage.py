"""Print, per invariant and dimension value, the share of its ``ci`` states that hold the value.

Draws each invariant's scenarios under the ``ci`` profile with the seed a ``ci`` run gives its
case (generation only, no engine) and classifies each state (``generators.dimensions``): the
figures ``tests/test_dimension_coverage.py`` gates. A fixed dimension (the claim is about one
value: ``rulings.dimension_fixes.FIXES``) is shown as ``fixed``; a free value below 5 % is marked
``LOW``, and ``(known gap)`` when ``KNOWN_GAPS`` lists its dimension.
Usage: ``python benchmarks/dimension_coverage.py [--markdown] [--invariant PREFIX]``.
"""

from __future__ import annotations

import argparse
import time

from generators.dimensions import DIMENSIONS
from harness.dimension_coverage import MIN_SHARE, coverage
from harness.profiles import profile_settings
from rulings.compile import compile_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="one table row per invariant")
    parser.add_argument("--invariant", default="", help="only invariants whose id starts with this")
    args = parser.parse_args()
    profile = profile_settings("ci")
    started = time.perf_counter()
    low = known = pairs = 0
    if args.markdown:
        print("| invariant | states | " + " | ".join(d.name for d in DIMENSIONS) + " |")
        print("|---|---|" + "---|" * len(DIMENSIONS))
    for inv in compile_corpus().invariants:
        if not inv.id.startswith(args.invariant):
            continue
        found = coverage(inv, profile)
        cells = []
        for dim in DIMENSIONS:
            if dim.name not in found.applies:
                cells.append("n/a")
                continue
            if dim.name in found.fixed:
                cells.append("fixed")
                continue
            shares = []
            for value in dim.values:
                share = found.share(dim.name, value)
                pairs += 1
                mark = ""
                if share < MIN_SHARE:
                    gap = dim.name in found.gaps
                    known += gap
                    low += not gap
                    mark = " (known gap)" if gap else " LOW"
                shares.append(f"{value} {share:.0%}{mark}")
            cells.append(", ".join(shares))
        if args.markdown:
            print(f"| {inv.id} | {found.examples} | " + " | ".join(cells) + " |")
        else:
            print(f"{inv.id} ({found.examples} states)")
            for dim, cell in zip(DIMENSIONS, cells, strict=True):
                print(f"  {dim.name:17} {cell}")
    print()
    print(
        f"{pairs} free (invariant, value) pairs; {low} below {MIN_SHARE:.0%} and not known gaps, "
        f"{known} below in known gaps; {time.perf_counter() - started:.1f} s"
    )


if __name__ == "__main__":
    main()
