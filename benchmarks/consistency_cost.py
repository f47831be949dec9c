"""Cost of the consistency check (run after every action) against the size of the state.

    python benchmarks/consistency_cost.py [--sizes 1000,10000,40000]

The check runs on every state an untrusted engine exports, which may be as large as the engine
likes, so it must stay linear: the time per object should not grow with the size.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine

from protocol.consistency import problems
from protocol.model import CardData, CardInstance, GameState, Permanent, PlayerState, Step


def big_state(objects: int) -> GameState:
    """``objects`` cards: a third on the battlefield, the rest split across libraries and hands."""
    cards = (CardData("Bear", ("Creature",), power="2", toughness="2"),)
    ids = [f"o{i}" for i in range(objects)]
    third = objects // 3
    field_ids, rest = ids[:third], ids[third:]
    lib0, lib1 = rest[: len(rest) // 2], rest[len(rest) // 2 :]
    owner = {i: 0 for i in field_ids + lib0} | {i: 1 for i in lib1}
    return GameState(
        cards=cards,
        objects=tuple(CardInstance(i, "Bear", owner[i]) for i in ids),
        players=(PlayerState(0, library=tuple(lib0)), PlayerState(1, library=tuple(lib1))),
        battlefield=tuple(Permanent(i, 0) for i in field_ids),
        step=Step.PRECOMBAT_MAIN,
    )


def seconds_per_check(state: GameState, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        found = problems(state)
        best = min(best, time.perf_counter() - started)
        assert not found, found[:3]
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,40000")
    args = parser.parse_args()
    print(f"consistency check ({machine()})")
    print(f"{'objects':>8}  {'ms/check':>9}  {'us/object':>9}")
    for size in (int(s) for s in args.sizes.split(",")):
        took = seconds_per_check(big_state(size))
        print(f"{size:>8}  {took * 1000:>9.1f}  {took / size * 1e6:>9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
