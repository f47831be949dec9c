"""The reference engine under `--profile thorough`, one run per seed: wall time and verdicts.

    python benchmarks/thorough_seeds.py [--seed 1 --seed 2 --seed 3] [-n 2] [--invariant ID ...]

`thorough` draws 1000 random examples per invariant (seeded, so a failure replays with its seed):
states the derandomized `ci` sample never draws. The reference engine must pass every seed; a
seed with any verdict other than pass is printed with the failing invariants and makes the
script exit 1. With ``--invariant`` (repeatable) it runs a sample of the invariants only, as
CI does for one seed (see ``.ci/run``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, scratch, timed_cli


def run_seed(seed: int, workers: str, invariants: list[str]) -> bool:
    """One thorough run; whether every verdict was a pass."""
    with scratch() as tmp:
        args = ["run", "--profile", "thorough", "--seed", str(seed), "-n", workers, "--out", "out"]
        for inv in invariants:
            args += ["--invariant", inv]
        seconds, done = timed_cli(*args, cwd=Path(tmp))
        results = Path(tmp) / "out" / "results.json"
        if not results.exists():
            print(f"seed {seed}: no results ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
            return False
        data = json.loads(results.read_text(encoding="utf-8"))
    statuses: dict[str, int] = {}
    bad = []
    for r in data["results"]:
        statuses[r["status"]] = statuses.get(r["status"], 0) + 1
        if r["status"] != "pass":
            bad.append(f"    {r['status']}: {r['invariant']}")
    totals = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    print(f"seed {seed}: {seconds:.1f} s, {totals}")
    for line in bad:
        print(line)
    return not bad and done.returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, action="append", help="a seed (repeatable; default 1, 2, 3)")
    parser.add_argument("-n", default="2", help="xdist workers (default 2)")
    parser.add_argument("--invariant", action="append", default=[], help="only this invariant (repeatable)")
    args = parser.parse_args()
    print(f"# run --profile thorough on the reference engine, {machine()}, -n {args.n}")
    ok = [run_seed(seed, args.n, args.invariant) for seed in args.seed or [1, 2, 3]]
    raise SystemExit(0 if all(ok) else 1)


if __name__ == "__main__":
    main()
