"""Which optional mechanics of an invariant an engine supports, asked once per mechanic and engine.

An invariant's ``optional`` mechanics are features a drawn state may hold that its claim does not
need (a battle as attack target, first strike, an attack trigger ...). The runner asks the adapter
about each on its own (``supports({m})``), draws only the supported ones, and records the others
as left out. The answers are kept per adapter object: every invariant of a run asks about the same
few combat mechanics, and an out-of-process engine should not be asked the same question ninety
times.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from protocol.adapter import EngineAdapter, Support

#: ``supports`` as the runner calls it: the adapter's answer, or the reason it gave none.
Ask = Callable[[EngineAdapter, frozenset[str]], "Support | str"]


@dataclass(frozen=True)
class OptionalSupport:
    """The optional mechanics an engine supports and those left out of its drawn states."""

    supported: frozenset[str]
    left_out: tuple[str, ...]


#: id(adapter) -> mechanic -> answer; an entry goes when its adapter is collected (so an id is
#: never reused for another adapter's answers, and no adapter is kept alive by its answers).
_ANSWERS: dict[int, dict[str, Support | str]] = {}


def _answers(adapter: EngineAdapter) -> dict[str, Support | str]:
    key = id(adapter)
    if key not in _ANSWERS:
        try:
            weakref.finalize(adapter, _ANSWERS.pop, key, None)
        except TypeError:  # not weakly referable: ask every time rather than risk a stale id
            return {}
        _ANSWERS[key] = {}
    return _ANSWERS[key]


def optional_support(adapter: EngineAdapter, optional: Iterable[str], ask: Ask) -> OptionalSupport | str:
    """Split ``optional`` into what ``adapter`` supports and what is left out (sorted), asking the
    adapter only about mechanics it was not asked about before; a reason (``str``) when it failed
    to answer, which makes the verdict an ``error`` like a failed answer to the requirements."""
    answers = _answers(adapter)
    supported: set[str] = set()
    left_out: list[str] = []
    for item in sorted(optional):
        if item not in answers:
            answers[item] = ask(adapter, frozenset({item}))
        answer = answers[item]
        if isinstance(answer, str):
            return f"asked about the optional mechanic {item}: {answer}"
        if answer.ok:
            supported.add(item)
        else:
            left_out.append(item)
    return OptionalSupport(frozenset(supported), tuple(left_out))


def forget(adapter: EngineAdapter) -> None:
    """Drop the answers kept for ``adapter`` (for an adapter whose support can change)."""
    _ANSWERS.pop(id(adapter), None)
