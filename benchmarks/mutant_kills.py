"""How quickly and how clearly the suite kills the mutants of the reference engine.

    python benchmarks/mutant_kills.py [--profile ci] [-n 2]

Runs `mtg-conformance mutants` and prints the kill count, the median number of examples until
the first failure, and the share of kills whose shrunk counterexample has at most 3 permanents
(battlefield) plus library cards.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, scratch, timed_cli


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("-n", dest="workers", default="2")
    args = parser.parse_args()
    with scratch() as tmp:
        seconds, done = timed_cli(
            "mutants", "--profile", args.profile, "-n", args.workers, "--out", "out", cwd=Path(tmp)
        )
        data = json.loads((Path(tmp) / "out" / "mutants.json").read_text())
    s = data["summary"]
    print(f"# mutant kills, profile {args.profile}, -n {args.workers}, {machine()}")
    for row in data["mutants"]:
        print(
            f"{row['id']:<48} {row['status']:<9} examples {row['examples_to_kill']!s:>4}  "
            f"size {row['counterexample_size']!s:>3}  by {', '.join(row['killed_by'][:2])}"
        )
    print(f"killed {s['killed']} of {s['mutants']} ({s['survived']} survived) in {seconds:.1f} s")
    print(f"median examples to kill: {s['median_examples_to_kill']}")
    print(f"share of kills with <= 3 permanents + library cards: {s['share_small_counterexamples']}")
    if done.returncode != 0:
        raise SystemExit(done.returncode)


if __name__ == "__main__":
    main()
