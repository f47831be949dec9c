"""State features of library searches (see :mod:`generators.features`).

"The top four cards" is a count, so the rulings about a restricted search need libraries of every
size around it (none, fewer than four, exactly four, more) and the card the search asks for at
each position (among the top four, just below them, further down); a restriction matters only
next to its absence and to the searcher's own. Drawn by :func:`generators.search_setup.add_search_source`
(library size and sought-card draws), observed here on the drawn state.
"""

from __future__ import annotations

from typing import Any

from generators.features import Feature, table
from generators.search_cards import MINDCENSOR, RESTRICTED_TO
from generators.search_setup import MATCHING_WEIGHT, SearchParams, SearchSetup
from harness.protocol.model import GameState
from harness.protocol.probe import Scenario

#: Library sizes listed one by one; a larger library counts as the last (``library-size:6+``).
MAX_SIZE = RESTRICTED_TO + 2
#: Positions (1 = the top card) of a sought card listed one by one.
POSITIONS = tuple(range(1, MAX_SIZE + 1))


def _search(sc: Scenario[Any]) -> SearchParams:
    search = sc.params.search
    assert search is not None, "a search feature of a scenario without a search"
    return search


def searched_library(sc: Scenario[Any]) -> tuple[str, ...]:
    """The searched library, top first."""
    return sc.state.player(_search(sc).library).library


def matches(state: GameState, card_id: str, card_filter: str | None) -> bool:
    """Whether a card is one the search asks for (``None``: any card)."""
    if card_filter is None:
        return True
    data = state.data_of(card_id)
    have = {w.lower() for w in data.supertypes + data.types}
    return set(card_filter.split()) <= have


def _size(n: int) -> Feature:
    label = f"{n}+" if n == MAX_SIZE else str(n)
    return Feature(
        f"library-size:{label}",
        "701.23a, Aven Mindcensor rulings",
        f"the searched library holds {label} cards",
        100,
        lambda sc: (len(searched_library(sc)) >= n) if n == MAX_SIZE else len(searched_library(sc)) == n,
    )


def _sought_at(k: int) -> Feature:
    def holds(sc: Scenario[Any]) -> bool:
        library = searched_library(sc)
        return len(library) >= k and matches(sc.state, library[k - 1], _search(sc).card_filter)

    return Feature(
        f"sought-at:{k}",
        "701.23a, Aven Mindcensor rulings",
        f"a card the search asks for is the {k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} "
        "card from the top of the searched library",
        MATCHING_WEIGHT,
        holds,
    )


def _restriction_of(sc: Scenario[Any]) -> set[str]:
    searcher = _search(sc).searcher
    out = set()
    for perm in sc.state.battlefield:
        if sc.state.data_of(perm.id).name == MINDCENSOR.name:
            out.add("own" if perm.controller == searcher else "opponent")
    return out


FEATURES: dict[str, Feature] = table(
    *(_size(n) for n in range(MAX_SIZE + 1)),
    *(_sought_at(k) for k in POSITIONS),
    Feature(
        "restricted",
        "Aven Mindcensor rulings",
        "an opponent of the searcher controls the top-four restriction",
        50,
        lambda sc: "opponent" in _restriction_of(sc),
    ),
    Feature(
        "restriction-own",
        "Aven Mindcensor rulings",
        "the searcher controls the restriction (it does not apply to them)",
        25,
        lambda sc: _restriction_of(sc) == {"own"},
    ),
    Feature("unrestricted", "701.23a", "no restriction on the battlefield", 25, lambda sc: not _restriction_of(sc)),
)


def search_features(setup: SearchSetup, *, sizes: bool = True) -> tuple[Feature, ...]:
    """The features a search invariant of ``setup`` lists: the library sizes and sought-card
    positions its drawn libraries can hold (``sizes``: its library is the drawn one alone, as
    outside combat), and each side of the restriction when it is drawn."""
    names: list[str] = []
    lo, hi = setup.library
    if sizes and hi > lo:
        lo, hi = min(lo, MAX_SIZE), min(hi, MAX_SIZE)
        if setup.sought_below:
            lo = max(lo, RESTRICTED_TO + 1)
        names += [FEATURES_BY_SIZE[n] for n in range(lo, hi + 1)]
        names += [f"sought-at:{k}" for k in POSITIONS if k <= hi]
    if setup.restriction == "any":
        names += ["restricted", "restriction-own", "unrestricted"]
    return tuple(FEATURES[n] for n in names)


FEATURES_BY_SIZE = {n: f"library-size:{f'{n}+' if n == MAX_SIZE else n}" for n in range(MAX_SIZE + 1)}
