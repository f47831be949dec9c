"""Wall time of `mtg-conformance run --profile ci` with one and with two xdist workers.

    python benchmarks/run_wall_time.py [--repeat 3]

Prints each run's wall time, the best of the repeats, and the speed-up of -n 2 over -n 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, scratch, timed_cli


def best_time(workers: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        with scratch() as tmp:
            seconds, done = timed_cli("run", "--profile", "ci", "-n", workers, "--out", "out", cwd=Path(tmp))
            if done.returncode != 0:
                raise SystemExit(f"run -n {workers} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
        times.append(seconds)
        print(f"  -n {workers}: {seconds:.2f} s")
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"# run --profile ci wall time, {machine()}")
    one = best_time("1", args.repeat)
    two = best_time("2", args.repeat)
    print(f"best -n 1: {one:.2f} s; best -n 2: {two:.2f} s; speed-up {one / two:.2f}x")


if __name__ == "__main__":
    main()
