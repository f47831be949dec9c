"""Putting a library search into a state being built: its source, the mana for it, the searched
library's cards, an Aven Mindcensor-like restriction, Millikin — and, if asked, the search already
in progress.

Used by :mod:`generators.search` (search states) and by :mod:`generators.ninjutsu` (library ninjutsu
needs a search in progress during combat). A search in progress is drawn two ways:

- ``start="cast"``: the source waits in the searcher's hand (a spell, with an untapped land that
  pays for it) or on the battlefield (a fetch land's ability); the invariant casts or activates it
  and passes priority until the search is pending;
- ``start="pending"``: the state *is* the moment the search has begun. The spell (or the ability
  of the sacrificed land) is the stack item ``s1`` and is resolving: ``pending`` is
  ``SearchDecision(searcher, Search(..., resolving="s1"))``, nobody has priority,
  the land that paid for the spell is tapped, and the searcher has ``searched_library`` set (not for
  a look). A search of an opponent's library at sorcery speed (Bribery) can be pending during
  combat only this way (as if cast with flash). This representation round-trips exactly.

The candidates of a pending search are the whole searched library, or its top N cards when an
opponent of the searcher controls the restriction (N read from the restriction's text: four for
Aven Mindcensor).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from hypothesis import strategies as st

from generators import cards
from generators.features import Dimension, among, flag, joint
from generators.records import params_record
from generators.search_cards import (
    ABILITY,
    BRIBERY,
    BRIBERY_CARD,
    DEPTHS_GLIMPSE,
    INSTANT,
    INSTANT_SEARCHES,
    LOOK,
    MILLIKIN,
    MINDCENSOR,
    SORCERY,
    SORCERY_SEARCHES,
    WATCHER,
    WILD_EXPANSE,
    restriction_count,
    search_count,
    search_filter,
)
from protocol.builder import StateBuilder
from protocol.decisions import SearchDecision
from protocol.model import (
    COLORS,
    CardData,
    GameState,
    PlayerIndex,
    Search,
    StackItem,
    Zone,
    parse_mana_cost,
)

Start = Literal["cast", "pending", "any"]
Restriction = Literal["none", "opponent", "controller", "any"]
#: How the non-combat library cards are drawn: a basic land, a creature, or another card.
#: The percentage of the searched library's other cards drawn as cards the search asks for.
MATCHING_WEIGHT = 50
OTHER_CARD = CardData("Old Letter", ("Sorcery",), mana_cost="{U}", text="")

CARDS_BY_KIND: dict[str, tuple[CardData, ...]] = {
    SORCERY: SORCERY_SEARCHES,
    INSTANT: INSTANT_SEARCHES,
    BRIBERY: (BRIBERY_CARD,),
    ABILITY: (WILD_EXPANSE,),
    LOOK: (DEPTHS_GLIMPSE,),
}
#: Kinds whose source can be cast or activated whenever its controller has priority.
INSTANT_SPEED = (INSTANT, ABILITY, LOOK)


@dataclass(frozen=True)
class SearchSetup:
    """What search a drawn state holds (or can start)."""

    kinds: tuple[str, ...] = (INSTANT,)
    #: Restrict the source cards (else every card of the drawn kind).
    cards: tuple[CardData, ...] = ()
    start: Start = "cast"
    restriction: Restriction = "none"
    millikin: bool = False
    #: Extra cards drawn into the searched library (fewest, most).
    library: tuple[int, int] = (0, 0)
    #: Force a card the search asks for at or below the fifth position of the searched library.
    sought_below: bool = False
    #: Force a card the search asks for among the top four cards of the searched library.
    sought_above: bool = False
    #: Maybe (drawn) a "whenever a creature you control leaves the battlefield" creature of the
    #: searcher's: param ``observer`` (its id, or None).
    leaves_observer: bool = False
    #: The permanent that restricts an opponent's searches to the top N cards of a library (a
    #: ruling's own card, read by :func:`generators.search_cards.own_restrictor`).
    restrictor: CardData = MINDCENSOR

    def __post_init__(self) -> None:
        if restriction_count(self.restrictor) is None:
            raise ValueError(f"{self.restrictor.name}: no search restriction in its text")

    @property
    def restricted_to(self) -> int:
        """How many top cards the restriction lets an opponent search (N, read from its text)."""
        count = restriction_count(self.restrictor)
        assert count is not None  # __post_init__
        return count


#: How the invariant starts the search: cast the spell from hand, activate the land's "search"
#: ability, or nothing to do (the state already holds the search in progress).
SearchStart = Literal["cast", "activate", "pending"]


@params_record("search")
@dataclass(frozen=True)
class SearchParams:
    """The search a drawn state holds (or can start), in engine-neutral terms: what the search
    invariants need to start it and to know what the rules let it find."""

    searcher: PlayerIndex
    #: The card id of the search's source (a spell in hand, or a land on the battlefield).
    source: str
    #: The kind of source: sorcery, instant, Bribery, a land's ability, a look.
    kind: str
    start: SearchStart
    #: The spell's targets as protocol strings ("player:1" for Bribery).
    targets: tuple[str, ...]
    #: Whose library is searched.
    library: PlayerIndex
    #: The card-type words the search asks for ("creature", "basic land"), None for any card.
    card_filter: str | None
    #: How many cards it may find.
    count: int
    #: Whether an opponent of the searcher controls the Aven Mindcensor-like restriction.
    restricted: bool
    #: How many top cards the searcher sees (None: the whole library).
    visible: int | None
    #: The searched library's drawn cards, top first.
    drawn_library: tuple[str, ...]
    #: A "whenever a creature you control leaves the battlefield" creature of the searcher's.
    observer: str | None = None
    #: How many top cards the drawn restriction (whoever controls it) lets an opponent search.
    restricted_to: int = 4


@dataclass
class SearchSource:
    """What :func:`add_search_source` put into the builder; ``finalize`` turns the built state
    into one with the search in progress when ``start`` is "pending"."""

    params: SearchParams
    finalize: Callable[[GameState], GameState] = field(default=lambda s: s)


#: A card of a library that is not sought: a basic land, a creature or another card (each kind a
#: third of the draws, each land colour and each creature's stats as often within its kind).
LIBRARY_LANDS = tuple(cards.basic_land(c) for c in COLORS)
LIBRARY_CREATURES = tuple(cards.creature(p, t) for p in range(1, 4) for t in range(1, 4))
LIBRARY_CARDS: tuple[CardData, ...] = (*LIBRARY_LANDS, *LIBRARY_CREATURES, OTHER_CARD)
#: The joint-draw dimension over LIBRARY_CARDS (indexes, weighted to a third per kind).
LIBRARY_CARD_DIM = among(
    range(len(LIBRARY_CARDS)),
    [len(LIBRARY_CREATURES)] * len(LIBRARY_LANDS)
    + [len(LIBRARY_LANDS)] * len(LIBRARY_CREATURES)
    + [len(LIBRARY_LANDS) * len(LIBRARY_CREATURES)],
)
_LANDS_DIM = among(range(len(LIBRARY_LANDS)))
_CREATURES_DIM = among(range(len(LIBRARY_LANDS), len(LIBRARY_LANDS) + len(LIBRARY_CREATURES)))


def _matching_dim(card_filter: str | None) -> Dimension:
    """The cards a search asks for (indexes of LIBRARY_CARDS): creatures, basic lands, any card."""
    if card_filter == "creature":
        return _CREATURES_DIM
    if card_filter in ("basic land", "land"):
        return _LANDS_DIM
    return LIBRARY_CARD_DIM


def library_card(draw: st.DrawFn) -> CardData:
    """A library card (one choice): see LIBRARY_CARDS."""
    (index,) = joint(draw, LIBRARY_CARD_DIM)
    return LIBRARY_CARDS[index]


def matching_card(draw: st.DrawFn, card_filter: str | None) -> CardData:
    """A card the search asks for (one choice)."""
    (index,) = joint(draw, _matching_dim(card_filter))
    return LIBRARY_CARDS[index]


def library_card_or_sought(draw: st.DrawFn, card_filter: str | None) -> CardData:
    """A card of the searched library (one choice): one the search asks for half the time
    (:data:`MATCHING_WEIGHT`), else any library card."""
    if card_filter is None:
        return library_card(draw)
    matches, sought, other = joint(draw, flag(MATCHING_WEIGHT), _matching_dim(card_filter), LIBRARY_CARD_DIM)
    return LIBRARY_CARDS[sought if matches else other]


def draw_library(draw: st.DrawFn, setup: SearchSetup, card_filter: str | None) -> list[CardData]:
    """The searched library's cards, top first: its size (each size of the setup's range as
    often), then its cards (one choice each). Every example is drawn afresh (see
    :func:`generators.features.joint`), so the sizes spread evenly over a derandomized sample,
    and a failure shrinks toward the shortest library."""
    lo, hi = library_bounds(setup)
    (size,) = joint(draw, among(range(lo, hi + 1)))
    return [library_card_or_sought(draw, card_filter) for _ in range(size)]


def pay_lands(b: StateBuilder, player: PlayerIndex, cost: str, tapped: bool = False) -> None:
    for symbol in parse_mana_cost(cost):
        color = symbol if symbol in COLORS else "G"
        for _ in range(int(symbol) if symbol.isdigit() else 1):
            b.permanent(cards.basic_land(color), player, tapped=tapped)


def can_start_in_combat(setup: SearchSetup) -> bool:
    """Whether a combat state can hold ``setup``'s source still to be started (not a search
    already under way): a state reached by play can't have a search pending."""
    return setup.start != "pending" and any(k in INSTANT_SPEED for k in setup.kinds)


def kind_dim(kinds: Sequence[str]) -> Dimension:
    """The kinds of source as a joint-draw dimension. Another player's library (Bribery) is its
    own case of every ruling about "a library": drawn as often as all the searches of one's own
    library together."""
    others = [k for k in kinds if k != BRIBERY]
    if BRIBERY in kinds and others:
        return ((others[0], 1), *((k, 1) for k in others[1:]), (BRIBERY, len(others)))
    return among(others or list(kinds))


def draw_kind(draw: st.DrawFn, kinds: Sequence[str]) -> str:
    """One of ``kinds`` (see :func:`kind_dim`)."""
    (kind,) = joint(draw, kind_dim(kinds))
    return kind


def library_bounds(setup: SearchSetup) -> tuple[int, int]:
    """The fewest and most cards of the searched library, per ``setup`` (with room for the
    sought cards it forces)."""
    lo, hi = setup.library
    if setup.sought_below:
        lo = max(lo, setup.restricted_to + 1)
        hi = max(hi, lo)
    if setup.sought_above:
        lo = max(lo, 1)
        hi = max(hi, lo)
    return lo, max(lo, hi)


def add_search_source(
    draw: st.DrawFn,
    b: StateBuilder,
    searcher: PlayerIndex,
    setup: SearchSetup,
    *,
    combat: bool = False,
    pending_ok: bool = True,
) -> SearchSource:
    """Add the source of a search by ``searcher`` (and everything around it) to ``b``; with
    ``pending_ok`` false, a source still to be started (see :func:`can_start_in_combat`). The
    searched library is drawn by :func:`draw_library`."""
    kinds = [k for k in setup.kinds if not combat or k in INSTANT_SPEED or setup.start != "cast"]
    if not pending_ok:
        kinds = [k for k in kinds if k in INSTANT_SPEED]
    kind = draw_kind(draw, kinds)
    choices = [c for c in CARDS_BY_KIND[kind] if not setup.cards or c in setup.cards] or list(CARDS_BY_KIND[kind])
    # The source's card, how it starts, the restriction and its permanent, the observer: one choice.
    # "pending" first: examples shrink toward a search already under way, the smaller state.
    card_index, drawn_start, restriction, restrictor_sick, with_observer, second, second_opponent, second_first = joint(
        draw,
        among(range(len(choices))),
        among(("pending", "cast")) if setup.start == "any" else among((setup.start,)),
        # an opponent's restriction (the rulings' subject): half the draws
        (("none", 1), ("controller", 1), ("opponent", 2))
        if setup.restriction == "any"
        else among((setup.restriction,)),
        flag(50 if setup.restriction != "none" else 0),
        flag(50 if setup.leaves_observer else 0),
        # A second restriction at once (two effects of one kind, 609.3), controlled by either
        # player where the setup lets an opponent's restriction be drawn.
        flag(30 if setup.restriction != "none" else 0),
        flag(50 if setup.restriction in ("any", "opponent") else 0),
        # ... and on the battlefield before the first as often as after (an engine that reads one
        # restriction only reads the first it meets).
        flag(50),
    )
    card = choices[card_index]
    start = drawn_start
    if combat and kind not in INSTANT_SPEED:
        start = "pending"
    if not pending_ok:
        start = "cast"
    owner = 1 - searcher if kind == BRIBERY else searcher

    restricted_by_opponent = False
    if restriction != "none":
        controller = 1 - searcher if restriction == "opponent" else searcher
        restrictors = [(controller, restrictor_sick)]
        if second:
            other = (1 - searcher if second_opponent else searcher, False)
            restrictors = [other, *restrictors] if second_first else [*restrictors, other]
        for who, sick in restrictors:
            b.permanent(setup.restrictor, who, summoning_sick=sick)
        restricted_by_opponent = any(who != searcher for who, _ in restrictors)
    if setup.millikin:
        b.permanent(MILLIKIN, searcher)
    observer = b.permanent(WATCHER, searcher) if with_observer else None

    card_filter = None if kind == LOOK else search_filter(card)
    # Half the cards are ones the search asks for, so such a card is drawn at every position.
    library = draw_library(draw, setup, card_filter)
    if setup.sought_below:
        (where,) = joint(draw, among(range(setup.restricted_to, len(library))))
        library[where] = matching_card(draw, card_filter)
    if setup.sought_above:
        (where,) = joint(draw, among(range(min(setup.restricted_to, len(library)))))
        library[where] = matching_card(draw, card_filter)
    library_ids = [b.put(c, owner, Zone.LIBRARY) for c in library]

    if kind == ABILITY:
        source = b.permanent(card, searcher)
    else:
        source = b.put(card, searcher, Zone.HAND)
        if start != "pending":  # a search under way was paid for already: no lands needed
            pay_lands(b, searcher, card.mana_cost)
    targets = [f"player:{owner}"] if kind == BRIBERY else []
    restricted = restricted_by_opponent and kind != LOOK
    params = SearchParams(
        searcher=searcher,
        source=source,
        kind=kind,
        start="activate" if kind == ABILITY else "cast",
        targets=tuple(targets),
        library=owner,
        card_filter=card_filter,
        count=3 if kind == LOOK else search_count(card),
        restricted=restricted,
        visible=setup.restricted_to if restricted else None,
        drawn_library=tuple(library_ids),
        observer=observer,
        restricted_to=setup.restricted_to,
    )
    if start != "pending":
        return SearchSource(params)
    pending = replace(params, start="pending")
    return SearchSource(pending, lambda state: pending_search(state, pending, card))


def pending_search(state: GameState, params: SearchParams, card: CardData) -> GameState:
    """``state`` at the moment the search of ``params`` has begun (see the module docstring)."""
    searcher, source, kind, owner = params.searcher, params.source, params.kind, params.library
    players = list(state.players)
    seat = players[searcher]
    if kind == ABILITY:
        item = StackItem("s1", "activated", source, searcher, "search", (("sacrificed", source),))
        battlefield = tuple(p for p in state.battlefield if p.id != source)
        seat = replace(seat, graveyard=seat.graveyard + (source,))
        effect_text = card.text.split(": ", 1)[1]
    else:
        choices = (("targets", ",".join(params.targets)),) if params.targets else ()
        item = StackItem("s1", "spell", source, searcher, "spell", choices)
        battlefield = state.battlefield
        seat = replace(seat, hand=tuple(c for c in seat.hand if c != source))
        effect_text = card.text
    players[searcher] = seat
    library = players[owner].library
    if kind == LOOK:
        top = library[:3]
        search = Search(
            searcher,
            owner,
            source,
            effect_text,
            count=len(top),
            candidates=top,
            says_search_and_library=False,
            resolving="s1",
            mode="order",
        )
    else:
        visible = params.visible
        candidates = library if visible is None else library[:visible]
        search = Search(
            searcher,
            owner,
            source,
            effect_text,
            card_type=params.card_filter,
            count=params.count,
            visible=visible,
            candidates=candidates,
            resolving="s1",
        )
        players[searcher] = replace(players[searcher], searched_library=True)
    return state.replace(
        players=tuple(players),
        battlefield=battlefield,
        stack=state.stack + (item,),
        pending=SearchDecision(searcher, search),
        priority=None,
        priority_passes=0,
    )
