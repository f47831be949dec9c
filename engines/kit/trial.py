"""Legal actions found by trial: try each candidate on a copy of the game, keep those accepted.

Some engines list only part of what is legal (phase.rs lists no mana abilities: it pays costs
itself) but judge any action they are given. Trying a candidate on a throwaway copy lets the
engine, not the adapter, decide whether it is legal. Copies cost (a load of the whole state
each), so one copy serves until a candidate is accepted on it (a refusal leaves a game as it
was), and after an acceptance that changed only known things (say, tapping its own permanent)
it still serves the candidates that look at none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from protocol.adapter import ActionRefused

T = TypeVar("T")
G = TypeVar("G")


@dataclass(frozen=True)
class Candidate(Generic[T]):
    """A move to try. ``looks_at``: what its legality depends on (say, the permanent whose
    ``{T}`` pays its cost); ``None``: it may depend on anything, so it needs a copy nothing has
    changed."""

    move: T
    looks_at: frozenset[Hashable] | None = None


def accepted(
    candidates: Iterable[Candidate[T]],
    copy: Callable[[], G],
    attempt: Callable[[G, T], frozenset[Hashable] | None],
) -> list[T]:
    """The moves of ``candidates`` the engine accepts, in order. ``copy()`` makes a fresh copy of
    the game; ``attempt(game, move)`` applies the move to it and returns what the acceptance
    changed (``None``: unknown, or anything), or raises :class:`ActionRefused`."""
    out: list[T] = []
    game: G | None = None
    changed: set[Hashable] = set()  # what accepted moves changed on ``game``
    for candidate in candidates:
        if game is not None and changed and (candidate.looks_at is None or candidate.looks_at & changed):
            game = None  # changed in a way this candidate may look at
        if game is None:
            game, changed = copy(), set()
        try:
            effect = attempt(game, candidate.move)
        except ActionRefused:
            continue
        out.append(candidate.move)
        if effect is None:
            game = None
        else:
            changed |= effect
    return out


__all__ = ["Candidate", "accepted"]
