"""The slow-engine breaker: an engine that answers every call, but slowly, costs a bounded time.

The call limit bounds one call, the invariant limit one search: an engine that takes 9 s for
every call under a 10 s call limit passes both, and costs the whole invariant limit (600 s) per
invariant, about 16 hours for the corpus. So the time of every answered session call is kept:

* per invariant, the mean of the last ``Limits.slow_calls`` calls; above ``Limits.slow_share`` of
  the call limit, the invariant ends as ``error`` ("engine too slow: N s per call") after those
  few calls;
* per engine, the engine time of the whole run (in this process): past ``Limits.engine_budget``
  seconds, the invariant in progress ends the same way and the engine's later cases are ``error``
  at once, with the reason.

Both are faults of the engine, like a time-out: the search stops at once (a slow engine is not
shrunk) and the verdict names the engine's time.
"""

from __future__ import annotations

from collections import deque

from harness.guard import EngineTimeout
from harness.limits import Limits

#: Engine time used so far in this run process, per engine spec (a one-item list: a case's
#: :class:`Pace` adds to it in place, after every call).
_spent: dict[str, list[float]] = {}


class EngineTooSlow(EngineTimeout):
    """The engine's calls use most of their limit, or its run budget is spent."""


def budget_spent(engine: str, limits: Limits) -> str | None:
    """Why ``engine`` gets no more time in this run (its budget is spent), or None."""
    used = _spent.get(engine, [0.0])[0]
    if limits.engine_budget and used >= limits.engine_budget:
        return (
            f"engine too slow: it used its run budget of {limits.engine_budget:g} s of engine time "
            f"({used:.1f} s) earlier in this run"
        )
    return None


class Pace:
    """The call times of one engine in one invariant (see the module docstring). Told every
    answered call's time (under 1 µs a call: a run makes some 126,000)."""

    def __init__(self, engine: str, call_limit: float, limits: Limits):
        self._threshold = limits.slow_share * call_limit
        self._budget = limits.engine_budget
        self._recent: deque[float] = deque(maxlen=max(limits.slow_calls, 1))
        #: The sum of ``_recent``, kept as calls come and go (checked exactly before it trips).
        self._window = 0.0
        self._total = _spent.setdefault(engine, [0.0])

    def add(self, seconds: float) -> None:
        """Count one answered call; raise :class:`EngineTooSlow` when the engine is too slow."""
        recent = self._recent
        if len(recent) == recent.maxlen:
            self._window -= recent[0]
        recent.append(seconds)
        self._window += seconds
        total = self._total
        total[0] += seconds
        if self._threshold and len(recent) == recent.maxlen and self._window > self._threshold * len(recent):
            mean = sum(recent) / len(recent)
            if mean > self._threshold:
                raise EngineTooSlow(
                    f"engine too slow: {mean:.3g} s per call over its last {len(recent)} calls, "
                    f"more than the {self._threshold:.3g} s allowed (share of the call limit)"
                )
        if self._budget and total[0] >= self._budget:
            raise EngineTooSlow(
                f"engine too slow: it used its run budget of {self._budget:g} s of engine time "
                f"({seconds:.3g} s for its last call)"
            )


__all__ = ["EngineTooSlow", "Pace", "budget_spent"]
