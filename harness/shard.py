"""``run --shard I/N``: a deterministic, balanced slice of a run's cases for one of N CI machines.

Every machine computes the same assignment from the same plan without talking to the others, so
the assignment is a pure function of the case keys and their costs. Two aims pull apart:

* **balance**: every shard should take about the same time. Cases are dealt in decreasing order
  of estimated cost (seconds measured on the reference engine under the ``ci`` profile, in
  ``costs.json``; an invariant the table does not know costs the median);
* **stability**: adding an invariant should not reshuffle the others, so a CI history stays
  comparable shard by shard. Each case ranks the shards by a hash of its key (rendezvous hashing)
  and goes to the first shard in its own ranking that stays under the capacity (the mean load plus
  a slack); only when every shard is full does it go to the least loaded one. A new case takes its
  own first choice and moves the others only where a shard runs over its capacity.

``benchmarks/shard_costs.py RESULTS`` rewrites the cost table from a run.
"""

from __future__ import annotations

import hashlib
import json
import re
import statistics
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from harness.plan import Case

COSTS_FILE = Path(__file__).with_name("costs.json")
#: How far over the mean load a shard may go before a case falls back to its next choice.
SLACK = 0.08
_SPEC = re.compile(r"^([0-9]+)/([0-9]+)$")


class ShardError(ValueError):
    """A ``--shard`` value that is not ``I/N`` with 1 <= I <= N (exit status 2)."""


def parse_shard(text: str) -> tuple[int, int]:
    m = _SPEC.match(text.strip())
    if not m:
        raise ShardError(f"--shard {text!r}: expected I/N, such as 2/3")
    index, count = int(m.group(1)), int(m.group(2))
    if count < 1 or not 1 <= index <= count:
        raise ShardError(f"--shard {text!r}: I must be between 1 and N, and N at least 1")
    return index, count


@cache
def measured_costs() -> dict[str, float]:
    """Seconds per invariant from the shipped table ({} when it is missing or unreadable)."""
    try:
        data = json.loads(COSTS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    table = data.get("seconds", {}) if isinstance(data, dict) else {}
    return {str(k): float(v) for k, v in table.items() if isinstance(v, (int, float)) and v > 0}


def estimate(cases: Sequence[Case], costs: Mapping[str, float] | None = None) -> dict[str, float]:
    """Estimated seconds of each case (by node id): its invariant's measured cost, or the median."""
    table = measured_costs() if costs is None else costs
    default = statistics.median(table.values()) if table else 1.0
    return {c.node_id: table.get(c.invariant, default) for c in cases}


def _ranking(key: str, count: int) -> list[int]:
    """Shards 1..count in the order ``key`` prefers them (rendezvous hashing)."""

    def score(shard: int) -> bytes:
        return hashlib.sha256(f"{key}#{shard}".encode()).digest()

    return sorted(range(1, count + 1), key=score, reverse=True)


def assign(costs: Mapping[str, float], count: int) -> dict[str, int]:
    """The shard (1..count) of every key, balanced by cost and stable under additions."""
    if count == 1:
        return dict.fromkeys(costs, 1)
    total = sum(costs.values())
    capacity = total / count * (1 + SLACK)
    loads = dict.fromkeys(range(1, count + 1), 0.0)
    out: dict[str, int] = {}
    for key in sorted(costs, key=lambda k: (-costs[k], k)):
        ranking = _ranking(key, count)
        cost = costs[key]
        chosen = next((s for s in ranking if loads[s] + cost <= capacity), None)
        if chosen is None:
            chosen = min(ranking, key=lambda s: loads[s])  # ties: the key's own preference
        loads[chosen] += cost
        out[key] = chosen
    return out


def shard_cases(cases: Sequence[Case], index: int, count: int, costs: Mapping[str, float] | None = None) -> list[Case]:
    """The cases of shard ``index`` of ``count``, in the plan's order."""
    where = assign(estimate(cases, costs), count)
    return [c for c in cases if where[c.node_id] == index]


__all__ = ["ShardError", "assign", "estimate", "measured_costs", "parse_shard", "shard_cases"]
