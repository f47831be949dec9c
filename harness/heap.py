"""The garbage collector's share of a run, made small once per process.

A run allocates a great many short-lived containers (Hypothesis's choice records and spans, the
drawn states, the engines' exported states), so Python's cyclic collector runs thousands of
times per ``ci`` run. Its full collections walk every tracked object of the process, and by the
first check that is the whole loaded suite: the card pool, the compiled invariants and their
strategies, Hypothesis, pytest and its collected items, about 100,000 objects that live until
the process ends. Measured on the reference engine (``ci``, one core), the collector took about
3.8 s of a 30 s run, two thirds of it in full collections that found nothing to free.

:func:`settle` does two things, once per process, before the first check:

- ``gc.collect()`` then ``gc.freeze()``: what is alive at that point (the loaded suite) moves to
  the permanent generation, which collections skip. Garbage is collected first, so nothing that
  is already garbage is kept; what the run allocates afterwards is collected as before.
- a larger first-generation threshold (:data:`THRESHOLDS`): collections of the young generation
  run a third as often, and the containers an example drops by reference counting (most of them)
  are never walked at all. The older generations keep their ratios.

Verdicts do not depend on it (the collector frees the same objects, later); it only changes how
often the collector looks. Together about 1.5-2 s of CPU fewer per ``ci`` run on the reference
engine (``benchmarks/harness_overhead.py``).
"""

from __future__ import annotations

import gc

#: The collector's thresholds during a run: (young, middle, old); Python's default is (700, 10, 10).
THRESHOLDS = (2000, 10, 10)

_settled = False


def settle() -> None:
    """Freeze what is alive now and raise the young generation's threshold (once per process;
    later calls do nothing). Left alone when the collector is disabled (someone chose that)."""
    global _settled
    if _settled:
        return
    _settled = True
    if not gc.isenabled():
        return
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, THRESHOLDS[0]), middle, old)


def settled() -> bool:
    """Whether :func:`settle` has run in this process."""
    return _settled


__all__ = ["THRESHOLDS", "settle", "settled"]
