"""How often each invariant's claims were exercised, under a settings profile.

    python benchmarks/claim_figures.py [--profile ci] [--engine reference] [--invariant PREFIX ...]
                                       [--markdown]

A pass means each claim was tested in enough examples (the profile's claim rule, see
``harness.profiles``). This prints, per invariant, its verdict, the examples drawn, those set
aside (a precondition did not hold) or rejected, the examples each claim needs, and per claim the
examples that exercised it; the last lines name the claims closest to the threshold. Each
invariant runs once through the runner the suite uses.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine

from harness.plan import compiled_suite, engine
from harness.profiles import claim_rule
from harness.runner import run_case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--engine", default="reference")
    parser.add_argument("--invariant", action="append", default=[], help="only ids starting with this (repeatable)")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table (for docs/benchmarks.md)")
    args = parser.parse_args()
    adapter = engine(args.engine)
    rule = claim_rule(args.profile)
    suite = compiled_suite()
    chosen = [i for i in suite.invariants if not args.invariant or any(i.id.startswith(p) for p in args.invariant)]
    print(f"# claims exercised, engine {args.engine}, profile {args.profile} ({rule}), {machine()}")
    if args.markdown:
        print("| invariant | verdict | drawn | set aside | rejected | needs | claim: examples |")
        print("|---|---|---:|---:|---:|---:|---|")
    margins: list[tuple[float, str, str, int, int]] = []
    for inv in chosen:
        record = run_case(args.engine, adapter, inv, profile=args.profile, seed=None)
        valid = record.examples - record.set_aside - record.rejected
        need = rule.needed(max(valid, 0))
        counts = "; ".join(f"{name}: {n}" for name, n in record.claims.items())
        if args.markdown:
            print(
                f"| `{inv.id}` | {record.status} | {record.examples} | {record.set_aside} | {record.rejected} "
                f"| {need} | {counts} |"
            )
        else:
            print(
                f"{inv.id}\n    {record.status:<12} drawn {record.examples:>4}  set aside {record.set_aside:>3}  "
                f"rejected {record.rejected:>3}  needs {need:>3}  {counts}"
            )
            if record.status != "pass":
                print(f"    reason: {record.reason or (record.failure.message if record.failure else '')}")
        for name, n in record.claims.items():
            margins.append((n / max(need, 1), inv.id, name, n, need))
    print("# closest to the threshold (exercised / needed):")
    for ratio, inv_id, name, n, need in sorted(margins)[:8]:
        print(f"#   {ratio:5.2f}  {n:>4}/{need:<4} {inv_id}: {name}")


if __name__ == "__main__":
    main()
