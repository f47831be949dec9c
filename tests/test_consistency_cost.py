"""The consistency check runs after every action on whatever an engine exports: it stays linear.

What is compared is the CPU time of this thread (the best of a few runs), not wall-clock time: a
loaded machine (other tests, other jobs on a CI runner) preempts the thread, which stretches
wall-clock time by any factor but not the CPU time the check itself uses. 10x the objects cost
about 10x when the check is linear and 100x when it is quadratic; the bound sits between. The
timings themselves are printed by the benchmark script ``benchmarks/consistency_cost.py``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from consistency_cost import big_state

from protocol.consistency import problems
from protocol.model import GameState

REPEATS = 5


def cpu_seconds(check: Callable[[GameState], object], state: GameState, repeats: int = REPEATS) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.thread_time()
        check(state)
        best = min(best, time.thread_time() - started)
    return best


def doubled(state: GameState) -> GameState:
    """``state`` with player 0's library also in their hand: every card in two zones."""
    p0 = state.players[0]
    return state.replace(players=(p0.__class__(0, hand=p0.library, library=p0.library), state.players[1]))


def test_a_10000_object_state_is_checked_in_linear_time() -> None:
    small, large = big_state(2_000), big_state(20_000)
    assert not problems(small) and not problems(large)
    t_small, t_large = cpu_seconds(problems, small), cpu_seconds(problems, large)
    assert t_large < 40 * t_small + 0.01, (t_small, t_large)  # 10x the objects, far from 100x the time


def test_an_inconsistent_big_state_is_reported_in_linear_time() -> None:
    small, large = doubled(big_state(2_000)), doubled(big_state(20_000))
    found = problems(large)
    assert found and any("zones" in f for f in found)
    t_small, t_large = cpu_seconds(problems, small), cpu_seconds(problems, large)
    assert t_large < 40 * t_small + 0.01, (t_small, t_large)


def test_the_measure_tells_a_quadratic_check_apart() -> None:
    """The bound itself: a check that looks every card up in a tuple of all cards fails it."""

    def quadratic(state: GameState) -> int:
        cards = tuple(state.players[0].library)
        return sum(1 for card in cards if cards.index(card) >= 0)

    t_small, t_large = cpu_seconds(quadratic, big_state(2_000), 1), cpu_seconds(quadratic, big_state(20_000), 1)
    assert not t_large < 40 * t_small + 0.01, (t_small, t_large)
