"""The call guard's alarms: nested limits on one lazily re-armed timer."""

from __future__ import annotations

import signal
import time

import pytest

from harness import guard
from harness.guard import EngineTimeout, time_limit


def _spin(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_inner_limit_expires() -> None:
    with time_limit(5, "outer"), pytest.raises(EngineTimeout, match="inner"), time_limit(0.05, "inner"):
        _spin(1)


def test_outer_limit_still_holds_after_an_inner_one_expired() -> None:
    with pytest.raises(EngineTimeout, match="outer"), time_limit(0.2, "outer"):
        with pytest.raises(EngineTimeout, match="inner"), time_limit(0.05, "inner"):
            _spin(1)
        _spin(1)


def test_outer_limit_holds_over_many_finished_inner_ones() -> None:
    with pytest.raises(EngineTimeout, match="outer"), time_limit(0.3, "outer"):
        while True:
            with time_limit(0.1, "inner"):
                _spin(0.01)


def test_calls_inside_an_armed_timer_cost_no_system_call(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[float] = []
    real = signal.setitimer

    def counting(which: int, seconds: float, interval: float = 0.0) -> tuple[float, float]:
        calls.append(seconds)
        return real(which, seconds, interval)

    monkeypatch.setattr(guard.signal, "setitimer", counting)
    with time_limit(60, "example"):
        for _ in range(100):
            with time_limit(10, "call"):
                pass
    assert len(calls) <= 3  # the example's, the first call's, the disarm at the end


def test_the_previous_handler_is_restored_and_the_timer_cleared() -> None:
    before = signal.getsignal(signal.SIGALRM)
    with time_limit(5, "outer"), time_limit(1, "inner"):
        assert signal.getsignal(signal.SIGALRM) is not before
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
