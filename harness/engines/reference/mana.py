"""Planning how to pay a mana cost: from the pool first, then by tapping mana sources.

Kept apart from the rules because it is a small search problem, not a rules decision: which
permanents *can* pay is decided by the rules (``can_pay_tap_cost``), this module only finds a
deterministic way to cover the cost with them, so the same state always taps the same sources.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ManaPlan:
    """How a cost gets paid: symbols spent from the pool, and (source id, symbol) activations
    of mana abilities in the order they are made."""

    from_pool: tuple[str, ...]
    activations: tuple[tuple[str, str], ...]


def plan_payment(
    cost: Sequence[str], pool: Sequence[str], sources: Sequence[tuple[str, Sequence[str]]]
) -> ManaPlan | None:
    """Cover ``cost`` (symbols like "1", "U", "C") with ``pool`` and ``sources`` (each a permanent
    id and the symbols its mana abilities can add; one activation each, since every source's
    ability costs {T}). Returns ``None`` when the cost cannot be paid.

    Pool mana is always spent first (it would otherwise empty at the end of the step, 500.4):
    matching symbols for the coloured/colourless part, anything left for the generic part. The
    rest is a matching of symbols to sources, found by backtracking in the sources' given order."""
    remaining_pool = list(pool)
    spent: list[str] = []
    needed: list[str] = []
    generic = 0
    for symbol in cost:
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol in remaining_pool:
            remaining_pool.remove(symbol)
            spent.append(symbol)
        else:
            needed.append(symbol)
    from_pool_generic = min(generic, len(remaining_pool))
    spent.extend(remaining_pool[:from_pool_generic])
    generic -= from_pool_generic

    matching = _match(needed, list(sources), frozenset())
    if matching is None:
        return None
    used = {source for source, _ in matching}
    spare = [(source, symbols[0]) for source, symbols in sources if source not in used and symbols]
    if len(spare) < generic:
        return None
    order = {source: i for i, (source, _) in enumerate(sources)}
    activations = sorted(matching + spare[:generic], key=lambda a: order[a[0]])
    return ManaPlan(tuple(spent), tuple(activations))


def _match(
    needed: list[str], sources: list[tuple[str, Sequence[str]]], used: frozenset[str]
) -> list[tuple[str, str]] | None:
    if not needed:
        return []
    symbol, rest = needed[0], needed[1:]
    for source, symbols in sources:
        if source in used or symbol not in symbols:
            continue
        tail = _match(rest, sources, used | {source})
        if tail is not None:
            return [(source, symbol)] + tail
    return None
