"""How many blind seeded-bug engines does the harness kill? (see benchmarks/blind/README.md)

Runs every engine of ``benchmarks.blind.engines.ENGINES`` with the harness under the ``ci``
profile against ALL invariants::

    PYTHONPATH=. mtg-conformance run --engine benchmarks.blind.engines:A --engine ...:B \\
        --profile ci -n 2 --out DIR/batch-K

(several engines per run, in batches, so the worker start-up is paid once per batch), reads each
``results.json`` and prints a table: engine id, killed (some invariant failed) or survived, the
failing invariants, and the kill rate overall and for the engines wrong only in rarer states.
Each session logs its engine id to ``DIR/hits.log`` the first time its seeded bug changes
something (``MTG_BLIND_HITS``), so the table also shows in how many drawn games the bug's code
path was taken.

``--sanity`` instead loads hand-built states into each engine that has one
(``benchmarks.blind.sanity``) and shows the engine behaving differently from the reference.

Usage: ``python benchmarks/blind_kills.py [--out DIR] [--engine ID ...] [--batch N] [--reuse] [-n N]
[--invariant PREFIX ...]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _spec(cls: type) -> str:
    return f"benchmarks.blind.engines:{cls.__name__}"


def run_batches(
    engines: list[type], out: Path, batch: int, reuse: bool, workers: str = "2", invariants: tuple[str, ...] = ()
) -> dict[str, list[dict[str, object]]]:
    """Run the engines in batches (only ``invariants``, ids or prefixes, when given); return each
    engine name's result records."""
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), MTG_BLIND_HITS=str(out / "hits.log"))
    records: dict[str, list[dict[str, object]]] = {}
    for start in range(0, len(engines), batch):
        group = engines[start : start + batch]
        name = "-".join(cls.id for cls in group)
        if len(name) > 120:  # a file name has at most 255 bytes: a long batch is named by its number and a hash
            name = f"{start // batch + 1:02d}-{hashlib.sha256(name.encode()).hexdigest()[:12]}"
        folder = out / ("batch-" + name)
        results = folder / "results.json"
        if not (reuse and results.exists()):
            args = [sys.executable, "-m", "harness.cli", "run", "--profile", "ci", "-n", workers, "--out", str(folder)]
            for cls in group:
                args += ["--engine", _spec(cls)]
            for prefix in invariants:
                args += ["--invariant", prefix]
            began = time.perf_counter()
            done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True)
            took = time.perf_counter() - began
            print(f"ran {', '.join(c.id for c in group)} in {took:.0f} s (exit {done.returncode})", flush=True)
            if not results.exists():
                print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
                continue
        for record in json.loads(results.read_text())["results"]:
            records.setdefault(str(record["engine"]), []).append(record)
    return records


def table(engines: list[type], records: dict[str, list[dict[str, object]]], hits: Counter[str]) -> None:
    rows = []
    killed_all = killed_rare = rare = measured = 0
    for cls in engines:
        mine = records.get(_spec(cls)) or records.get(f"blind-{cls.id}")
        if mine is None:
            rows.append((cls.id, "R" if cls.rarer else "", "not run", str(hits.get(cls.id, 0)), ""))
            continue
        measured += 1
        failed = sorted(str(r["invariant"]) for r in mine if r["status"] == "fail")
        errors = sorted(str(r["invariant"]) for r in mine if r["status"] == "error")
        killed = bool(failed)
        killed_all += killed
        if cls.rarer:
            rare += 1
            killed_rare += killed
        verdict = "killed" if killed else "survived"
        detail = ", ".join(failed[:4]) + (f" (+{len(failed) - 4})" if len(failed) > 4 else "")
        if errors:
            detail += f" [errors: {', '.join(errors[:3])}]"
        rows.append((cls.id, "R" if cls.rarer else "", verdict, str(hits.get(cls.id, 0)), detail))
    widths = [max(len(r[i]) for r in rows + [("engine", "rarer", "verdict", "hits", "")]) for i in range(4)]
    print(f"{'engine':<{widths[0]}}  {'rarer':<{widths[1]}}  {'verdict':<{widths[2]}}  {'hits':>{widths[3]}}  failing")
    for row in rows:
        print(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:<{widths[2]}}  {row[3]:>{widths[3]}}  {row[4]}")
    common = measured - rare
    print()
    print(f"kill rate: {killed_all}/{measured} = {killed_all / max(measured, 1):.0%}")
    print(f"rarer-state engines: {killed_rare}/{rare} = {killed_rare / max(rare, 1):.0%}")
    print(f"other engines: {killed_all - killed_rare}/{common} = {(killed_all - killed_rare) / max(common, 1):.0%}")
    print("hits: games (sessions) in which the seeded bug changed something, over the whole run")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "blind-kills")
    parser.add_argument("--engine", action="append", default=[], help="engine id (repeatable); default: all")
    parser.add_argument("--batch", type=int, default=5, help="engines per harness run")
    parser.add_argument("--reuse", action="store_true", help="keep the results of batches already run")
    parser.add_argument("--extra", action="store_true", help="also run the engines of EXTRA")
    parser.add_argument("--sanity", action="store_true", help="show each engine differing on a hand-built state")
    parser.add_argument("-n", dest="workers", default="2", help="pytest-xdist workers of each harness run (default 2)")
    parser.add_argument(
        "--invariant",
        action="append",
        default=[],
        help="only these invariants (id, prefix or family; repeatable): a first pass restricted to the "
        "families of the rulings an engine contradicts, the whole suite then for the survivors",
    )
    args = parser.parse_args()

    # Imported after argument parsing: they load the reference engine (start-up time).
    from benchmarks.blind.engines import ENGINES, EXTRA

    every = ENGINES + EXTRA if args.extra or args.sanity else ENGINES
    if args.sanity:
        from benchmarks.blind.sanity import run_sanity

        return run_sanity(every)
    engines = [cls for cls in every if not args.engine or cls.id in args.engine]
    unknown = set(args.engine) - {cls.id for cls in every}
    if unknown:
        parser.error(f"unknown engine id(s): {', '.join(sorted(unknown))}")
    records = run_batches(engines, args.out, args.batch, args.reuse, args.workers, tuple(args.invariant))
    log = args.out / "hits.log"
    hits = Counter(log.read_text().split()) if log.exists() else Counter()
    table(engines, records, hits)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
