"""Every known deviation of each real engine exported and reproduced without the harness (issue 27's export, in
full).

    python benchmarks/export_reproduction.py [--engine phase] [--engine python-mtg]

The test ``tests/test_export.py::test_every_deviation_exports_and_reproduces_without_the_harness`` (a slow test, run
by ``.ci/run``) exports and reproduces an evenly spread sample of each engine's deviations, so that CI stays in its
time; this script runs the same test over every deviation (``MTG_EXPORT_SAMPLE=all``) and prints, per engine, how
many deviations its expectations file lists, whether all of them reproduced, and the wall time. An engine whose extra
is not installed is skipped (the test says so).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = {"phase": "phase-expectations.toml", "python-mtg": "python-mtg-expectations.toml"}
TEST = "tests/test_export.py::test_every_deviation_exports_and_reproduces_without_the_harness"


def listed(engine: str) -> int:
    data = tomllib.loads((ROOT / "docs" / "engines" / ENGINES[engine]).read_text(encoding="utf-8"))
    return sum(1 for v in data["expectations"].values() if v["status"] == "fail")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="append", choices=sorted(ENGINES), help="default: every real engine")
    args = parser.parse_args()
    env = {**os.environ, "MTG_EXPORT_SAMPLE": "all"}
    for engine in args.engine or sorted(ENGINES):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-m", "slow", f"{TEST}[{engine}]"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        took = time.perf_counter() - start
        last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
        verdict = "all reproduced" if done.returncode == 0 and "passed" in last else f"NOT ALL: {last}"
        print(f"{engine}: {listed(engine)} deviations listed; {verdict}; {took:.0f} s wall")
        if done.returncode != 0 and "skipped" not in last:
            print(done.stdout[-3000:], done.stderr[-2000:], sep="\n")


if __name__ == "__main__":
    main()
