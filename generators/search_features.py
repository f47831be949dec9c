"""State features of library searches (see :mod:`generators.features`).

"The top N cards" is a count (N read from the restriction's text: four for Aven Mindcensor), so
the rulings about a restricted search need libraries of every size around it (none, fewer than
N, exactly N, more) and the card the search asks for at each position (among the top N, just
below them, further down); a restriction matters only next to its absence and to the searcher's
own. Drawn by :func:`generators.search_setup.add_search_source` (library size and sought-card
draws), observed here on the drawn state. Each N has its own table (:func:`features_for`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from generators.features import Feature, table
from generators.search_cards import RESTRICTED_TO, restriction_count
from generators.search_setup import MATCHING_WEIGHT, SearchParams, SearchSetup
from protocol.model import GameState
from protocol.probe import Scenario


def max_size(n: int) -> int:
    """Library sizes are listed one by one up to N + 2; a larger library counts as the last
    (``library-size:6+`` for N = 4)."""
    return n + 2


#: The sizes and positions of Aven Mindcensor's four.
MAX_SIZE = max_size(RESTRICTED_TO)
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


def size_name(n: int, top: int) -> str:
    """The feature name of library size ``n`` when sizes are listed up to ``top``."""
    return f"library-size:{n}+" if n == top else f"library-size:{n}"


def _size(n: int, top: int) -> Feature:
    label = f"{n}+" if n == top else str(n)
    return Feature(
        size_name(n, top),
        "701.23a, search restriction rulings",
        f"the searched library holds {label} cards",
        100,
        lambda sc: (len(searched_library(sc)) >= n) if n == top else len(searched_library(sc)) == n,
    )


def _sought_at(k: int) -> Feature:
    def holds(sc: Scenario[Any]) -> bool:
        library = searched_library(sc)
        return len(library) >= k and matches(sc.state, library[k - 1], _search(sc).card_filter)

    return Feature(
        f"sought-at:{k}",
        "701.23a, search restriction rulings",
        f"a card the search asks for is the {k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} "
        "card from the top of the searched library",
        MATCHING_WEIGHT,
        holds,
    )


def _restriction_of(sc: Scenario[Any]) -> set[str]:
    searcher = _search(sc).searcher
    out = set()
    for perm in sc.state.battlefield:
        if restriction_count(sc.state.data_of(perm.id)) is not None:
            out.add("own" if perm.controller == searcher else "opponent")
    return out


@cache
def features_for(n: int) -> dict[str, Feature]:
    """The feature table of searches under a restriction to the top ``n`` cards."""
    top = max_size(n)
    return table(
        *(_size(k, top) for k in range(top + 1)),
        *(_sought_at(k) for k in range(1, top + 1)),
        Feature(
            "restricted",
            "search restriction rulings",
            f"an opponent of the searcher controls the top-{n} restriction",
            50,
            lambda sc: "opponent" in _restriction_of(sc),
        ),
        Feature(
            "restriction-own",
            "search restriction rulings",
            "the searcher controls the restriction (it does not apply to them)",
            25,
            lambda sc: _restriction_of(sc) == {"own"},
        ),
        Feature("unrestricted", "701.23a", "no restriction on the battlefield", 25, lambda sc: not _restriction_of(sc)),
    )


#: Aven Mindcensor's table (the top four).
FEATURES: dict[str, Feature] = features_for(RESTRICTED_TO)


def search_features(setup: SearchSetup, *, sizes: bool = True) -> tuple[Feature, ...]:
    """The features a search invariant of ``setup`` lists: the library sizes and sought-card
    positions its drawn libraries can hold (``sizes``: its library is the drawn one alone, as
    outside combat), and each side of the restriction when it is drawn."""
    n = setup.restricted_to
    top = max_size(n)
    names: list[str] = []
    lo, hi = setup.library
    if sizes and hi > lo:
        lo, hi = min(lo, top), min(hi, top)
        if setup.sought_below:
            lo = max(lo, n + 1)
        names += [size_name(k, top) for k in range(lo, hi + 1)]
        names += [f"sought-at:{k}" for k in range(1, top + 1) if k <= hi]
    if setup.restriction == "any":
        names += ["restricted", "restriction-own", "unrestricted"]
    features = features_for(n)
    return tuple(features[name] for name in names)
