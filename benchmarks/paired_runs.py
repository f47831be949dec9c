"""A whole run of this tree against the same run of an earlier tree, paired and alternated.

    python benchmarks/paired_runs.py --baseline DIR [--baseline DIR2 ...] [--engine phase] [--profile ci] [-n 2] [--repeat 1]

``DIR`` holds an earlier version of the project's sources (e.g. ``git archive <commit> | tar -x -C
DIR``); its run imports them first (``PYTHONPATH``), with this environment's packages. Each repeat
runs each baseline, then this tree, back to back, so they see about the same machine load; it
prints the wall times, the ratios (this/baseline), the load average, and whether the verdicts are
identical (the status of every (engine, invariant) pair). With several baselines (e.g. the commit
a target was set against and the commit just before a change), they alternate in one series.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import CLI, machine, scratch

HERE = Path(__file__).resolve().parent.parent


def timed_run(tree: Path, args: argparse.Namespace, out: Path) -> tuple[float, dict[str, str]]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    started = time.perf_counter()
    subprocess.run(
        [*CLI, "run", "--engine", args.engine, "--profile", args.profile, "-n", args.workers, "--out", str(out)],
        cwd=out.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - started
    data = json.loads((out / "results.json").read_text())
    return seconds, {f"{r['engine']}::{r['invariant']}": r["status"] for r in data["results"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--baseline", type=Path, action="append", required=True, help="a folder with earlier sources (repeatable)"
    )
    parser.add_argument("--engine", default="phase")
    parser.add_argument("--profile", default="ci")
    parser.add_argument("-n", dest="workers", default="2")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    names = ", ".join(str(b) for b in args.baseline)
    print(
        f"# whole run, --engine {args.engine} --profile {args.profile} -n {args.workers}: "
        f"this tree / {names}, {args.repeat} paired repeats, {machine()}"
    )
    ratios: dict[Path, list[float]] = {b: [] for b in args.baseline}
    with scratch() as tmp:
        for n in range(args.repeat):
            load = os.getloadavg()[0]
            runs = [(b, *timed_run(b.resolve(), args, Path(tmp) / f"base{i}-{n}")) for i, b in enumerate(args.baseline)]
            after, new = timed_run(HERE, args, Path(tmp) / f"this{n}")
            counts = {s: list(new.values()).count(s) for s in sorted(set(new.values()))}
            print(f"repeat {n + 1} (load {load:.1f} -> {os.getloadavg()[0]:.1f}): this {after:.1f} s {counts}")
            for baseline, before, old in runs:
                ratios[baseline].append(after / before)
                diff = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
                print(
                    f"  baseline {baseline}: {before:.1f} s, ratio {after / before:.2f}; "
                    f"verdicts identical: {old == new}"
                )
                for key in diff[:10]:
                    print(f"    differs: {key}: {old.get(key)} -> {new.get(key)}")
    for baseline, values in ratios.items():
        print(
            f"median ratio this/{baseline}: {statistics.median(values):.2f} ({', '.join(f'{v:.2f}' for v in values)})"
        )


if __name__ == "__main__":
    main()
