"""Planning how to pay a mana cost: from the pool first, then by tapping mana sources.

Kept apart from the rules because it is a small search problem, not a rules decision: which
permanents *can* pay is decided by the rules (``can_pay_tap_cost``), this module only finds a
deterministic way to cover the cost with them, so the same state always taps the same sources.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_ID = re.compile(r"([a-z]*)(\d+)")


@dataclass(frozen=True)
class SourceOption:
    """One way a permanent can produce mana: which mana ability, the type chosen for it (for an
    ability that offers a choice), and every symbol the activation leaves in the activator's
    pool (after replacement effects, with the mana of triggered mana abilities)."""

    ability: str
    produce: str | None
    symbols: tuple[str, ...]


@dataclass(frozen=True)
class OptionPlan:
    """How a cost gets paid when sources may yield several symbols: the activations (source id
    and option) in source order, and the symbols then spent from the pool (``from_pool`` were
    there before). Mana an activation yields beyond the cost stays in the pool."""

    from_pool: tuple[str, ...]
    activations: tuple[tuple[str, SourceOption], ...]
    spend: tuple[str, ...]


def id_key(card_id: str) -> tuple[str, int, str]:
    """Sort key of a card id by its number: "c8" before "c10" (string order would put "c10"
    first), so the payer's choice does not depend on how many digits an id has."""
    m = _ID.fullmatch(card_id)
    return (m.group(1), int(m.group(2)), card_id) if m else (card_id, -1, card_id)


def plan_with_options(
    cost: Sequence[str], pool: Sequence[str], sources: Sequence[tuple[str, Sequence[SourceOption]]]
) -> OptionPlan | None:
    """Cover ``cost`` (symbols like "1", "U", "C") with ``pool`` and at most one activation per
    source (each a permanent id and its ways to produce mana, :class:`SourceOption`).

    An exact search: whenever the sources can pay the cost, a payment is found. Pool mana is
    spent first (it would otherwise empty at the end of the step, 500.4): matching symbols for
    the coloured/colourless part, anything left for the generic part. Then the coloured and
    colourless symbols still needed are matched to sources by backtracking (extra symbols an
    activation yields count toward later symbols), and the generic part takes the extras, then
    spare sources. Sources are tried in the order of their id numbers ("c8" before "c10"), and
    the generic part keeps the coloured sources for last: a source that can make none of the
    cost's coloured symbols (and no coloured mana at all) pays generic mana before one that
    could pay a coloured symbol of this cost or of the next one like it (a second activation).
    Deterministic; ``None`` when the cost cannot be paid."""
    remaining_pool = list(pool)
    from_pool: list[str] = []
    needed: list[str] = []
    generic = 0
    for symbol in cost:
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol in remaining_pool:
            remaining_pool.remove(symbol)
            from_pool.append(symbol)
        else:
            needed.append(symbol)
    from_pool_generic = min(generic, len(remaining_pool))
    from_pool.extend(remaining_pool[:from_pool_generic])
    generic -= from_pool_generic

    ordered = sorted(sources, key=lambda s: id_key(s[0]))
    coloured = {s for s in cost if not s.isdigit()}
    spare = sorted(ordered, key=lambda s: (_keeps_colour(s[1], coloured), id_key(s[0])))
    found = _cover(needed, generic, [], ordered, spare, frozenset())
    if found is None:
        return None
    activations, spent = found
    activations.sort(key=lambda a: id_key(a[0]))
    return OptionPlan(tuple(from_pool), tuple(activations), tuple(from_pool) + tuple(spent))


def _keeps_colour(options: Sequence[SourceOption], coloured: set[str]) -> tuple[bool, bool]:
    """How much a source is worth keeping: (it can make a coloured symbol of the cost, it can
    make coloured mana at all). Generic mana is paid by the least valuable sources first."""
    symbols = {s for o in options for s in o.symbols}
    return (bool(symbols & coloured), bool(symbols - {"C"}))


def _cover(
    needed: list[str],
    generic: int,
    extra: list[str],
    sources: list[tuple[str, Sequence[SourceOption]]],
    spare: list[tuple[str, Sequence[SourceOption]]],
    used: frozenset[str],
) -> tuple[list[tuple[str, SourceOption]], list[str]] | None:
    """Activations covering ``needed`` symbols and ``generic`` mana, given ``extra`` symbols
    already yielded; returns them with the symbols they spend. ``sources`` is the order the
    coloured symbols try, ``spare`` the order the generic part takes the unused ones in."""
    extra = list(extra)
    spent: list[str] = []
    still: list[str] = []
    for symbol in needed:
        if symbol in extra:
            extra.remove(symbol)
            spent.append(symbol)
        else:
            still.append(symbol)
    if not still:
        take = min(generic, len(extra))
        spent += extra[:take]
        generic -= take
        picks: list[tuple[str, SourceOption]] = []
        for source, options in spare:
            if generic <= 0:
                break
            if source in used or not options:
                continue
            best = max(options, key=lambda o: len(o.symbols))
            if not best.symbols:
                continue
            picks.append((source, best))
            take = min(generic, len(best.symbols))
            spent += list(best.symbols[:take])
            generic -= take
        return (picks, spent) if generic <= 0 else None
    symbol, rest = still[0], still[1:]
    for source, options in sources:
        if source in used:
            continue
        for option in options:
            if symbol not in option.symbols:
                continue
            left = list(option.symbols)
            left.remove(symbol)
            tail = _cover(rest, generic, extra + left, sources, spare, used | {source})
            if tail is not None:
                return [(source, option)] + tail[0], spent + [symbol] + tail[1]
    return None
