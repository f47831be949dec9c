"""The consistency check runs after every action on whatever an engine exports: it stays linear."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from consistency_cost import big_state, seconds_per_check

from harness.protocol.consistency import problems


def test_a_10000_object_state_is_checked_in_linear_time() -> None:
    small, large = big_state(1_000), big_state(10_000)
    t_small, t_large = seconds_per_check(small), seconds_per_check(large)
    assert t_large < 1.0, t_large  # it took about 40 s for 40,000 objects when it was quadratic
    assert t_large < 40 * t_small + 0.05, (t_small, t_large)  # 10x the objects, far from 100x the time


def test_an_inconsistent_big_state_is_reported_quickly() -> None:
    state = big_state(10_000)
    p0 = state.players[0]
    doubled = state.replace(players=(p0.__class__(0, hand=p0.library, library=p0.library), state.players[1]))
    started = time.perf_counter()
    found = problems(doubled)
    assert found and any("zones" in f for f in found)
    assert time.perf_counter() - started < 2.0
