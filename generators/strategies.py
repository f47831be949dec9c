"""The small strategies generators draw from, built once.

A generator draws hundreds of times per example (a stat, a colour, a flag ...). Building
``st.integers(1, 3)`` or ``st.sampled_from(COLORS)`` anew at every draw made Hypothesis construct
and validate about 300,000 strategies per ``ci`` run for fewer than 200 distinct ones, a large
share of a run's CPU. These helpers return the same strategy object for the same arguments (a
small cache keyed by them, for those built from runtime lists), so each is built and validated
once. They draw exactly what the ``st`` function of the same name draws, so derandomized
examples are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

BOOLEANS: st.SearchStrategy[bool] = st.booleans()
NONE: st.SearchStrategy[None] = st.none()


@lru_cache(maxsize=1024)
def integers(min_value: int, max_value: int) -> st.SearchStrategy[int]:
    """``st.integers(min_value, max_value)``, built once per bounds."""
    return st.integers(min_value, max_value)


@lru_cache(maxsize=4096)
def _sampled(options: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    return st.sampled_from(options)


def sampled(options: Iterable[T]) -> st.SearchStrategy[T]:
    """``st.sampled_from(options)``, built once per distinct options (a list counts as the tuple
    of its items; options that cannot be hashed get a new strategy, as before)."""
    key = tuple(options)
    try:
        return _sampled(key)
    except TypeError:  # an unhashable option
        return st.sampled_from(key)


__all__ = ["BOOLEANS", "NONE", "integers", "sampled"]
