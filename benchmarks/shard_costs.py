"""Rewrite the shard cost table (``harness/costs.json``) from a run's results.

    python benchmarks/shard_costs.py RESULTS.json

``run --shard I/N`` balances shards by these seconds per invariant. Use a run of the reference
engine under the ``ci`` profile with ``-n 1`` or ``-n 2`` (relative costs are what matters);
invariants a later corpus adds cost the median until the table is rewritten.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parents[1] / "harness" / "costs.json"


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    data = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    seconds: dict[str, float] = {}
    for record in data["results"]:
        seconds[record["invariant"]] = max(seconds.get(record["invariant"], 0.0), round(record["duration"], 2))
    table = {
        "about": "seconds per invariant on the reference engine, ci profile; "
        "written by benchmarks/shard_costs.py, read by run --shard",
        "harness_version": data["run"]["harness_version"],
        "seconds": dict(sorted(seconds.items())),
    }
    TABLE.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"{TABLE.name}: {len(seconds)} invariants, {sum(seconds.values()):.1f} s in all")


if __name__ == "__main__":
    main()
