"""Templates and invariants of library searches (CR 701.23, 701.24, 614.1a: Aven Mindcensor) and
of library ninjutsu's search rules (Panglacial Shinobi).

The wordings are in ``rulings/wordings/search.toml`` and ``library-ninjutsu.toml``. Search
families draw states from :func:`generators.search.search_scenarios` (:class:`Searching`: every
kind of source, the restriction absent or controlled by either player) and act only through the
Probe: they start the scenario's search (:func:`~rulings.invariants.search_moves.begin_search`),
read the pending search, choose cards and watch the events. Library ninjutsu families draw
combat states with the search source at hand (:class:`NinjutsuWhileSearching`: ninjutsu
scenarios with a ``search``), and reuse the ninjutsu building blocks of
:mod:`rulings.invariants.ninjutsu`. Legality invariants check both
directions: what the rules allow is offered and accepted, what they forbid is neither.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from functools import partial

from generators.cards import keyword_cost
from generators.ninjutsu import LIBRARY_NINJUTSU_SEARCH, NINJUTSU_STEPS, NinjutsuSpec
from generators.search import search_scenarios
from generators.search_cards import (
    ABILITY,
    BRIBERY,
    BURIED_ALIVE,
    CALL_THE_PACK,
    INSTANT,
    LOOK,
    MULTI_SEARCHES,
    PRIMAL_HARVEST,
    QUICK_SCRYING,
    SORCERY,
    WILD_EXPANSE,
    own_restrictor,
    restriction_count,
)
from generators.search_features import search_features
from generators.search_setup import SearchSetup
from protocol.adapter import EngineError
from protocol.keywords import LIBRARY_NINJUTSU, KeywordVariant
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    CardData,
    Event,
    EventKind,
    GameState,
    Search,
    Zone,
    parse_mana_cost,
)
from protocol.probe import Probe, Scenario, expect
from rulings.declare import Draws, Each, invariant, template
from rulings.invariants.consequences import Consequences, expect_consequences
from rulings.invariants.driving import (
    MOVE_LIMIT,
    advance,
    events_of,
    expect_forbidden,
    offered,
    resolve_stack,
)
from rulings.invariants.ninjutsu import (
    BASE_REQUIRES,
    PERMITS,
    NinjutsuDraws,
    activation,
    expect_entered,
    slug,
    unblocked_attackers,
)
from rulings.invariants.search_moves import (
    arrive,
    begin_search,
    choose,
    expect_waits_after_search,
    library_of,
    pending_search,
    search_of,
)
from rulings.templates import Match, NotCovered
from rulings.text import NUMBER_WORDS as _WORD_NUMBERS

NUMBER_WORDS = {n: w for w, n in _WORD_NUMBERS.items()}
#: Ordinals rulings use for the first card below the top N ("the fifth card").
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
SEARCH_REQUIRES = BASE_REQUIRES | {Mechanic.SEARCH, Mechanic.CASTING}
#: Searches from every kind of source but a look: sorcery, instant, Bribery, a land's ability.
SEARCH_KINDS = (SORCERY, INSTANT, BRIBERY, ABILITY)
#: Searches of your library that may find nothing (they ask for a card type, or "up to").
MAY_FIND_NOTHING = (QUICK_SCRYING, CALL_THE_PACK, WILD_EXPANSE, BURIED_ALIVE, PRIMAL_HARVEST)


# -- building blocks ------------------------------------------------------------------------


def setup_requires(setup: SearchSetup) -> set[str]:
    """The mechanics a search setup needs beyond searching: a restriction, a look, Millikin."""
    requires: set[str] = {Mechanic.SEARCH, Mechanic.CASTING}
    if setup.restriction != "none":
        requires.add(Mechanic.SEARCH_RESTRICTION)
    if LOOK in setup.kinds:
        requires.add(Mechanic.LOOK)
    if setup.millikin:
        requires.add(Mechanic.MILL)
    return requires


@dataclass(frozen=True)
class Searching:
    """Search states of ``setup`` (a function of the restricting card, for a restriction read from
    the ruling's card), needing what the setup needs."""

    setup: SearchSetup | Callable[[CardData], SearchSetup]

    def draws(self, value: CardData | None, match: Match) -> Draws:
        if isinstance(self.setup, SearchSetup):
            setup = self.setup
        elif value is None:
            raise TypeError("Searching(setup=<function of a card>) needs a for_each giving the restricting card")
        else:
            setup = self.setup(value)
        requires = frozenset(SEARCH_REQUIRES | setup_requires(setup))
        return Draws(partial(search_scenarios, setup), requires, search_features(setup))


@dataclass(frozen=True)
class NinjutsuWhileSearching(NinjutsuDraws):
    """:class:`~rulings.invariants.ninjutsu.NinjutsuDraws` states of library ninjutsu whose claim
    is about the search it is activated during: the search's mechanics and features count too."""

    def draws(self, variant: KeywordVariant, match: Match) -> Draws:
        combat = super().draws(variant, match)
        setup = self.spec(variant).search or LIBRARY_NINJUTSU_SEARCH
        extra = setup_requires(setup) | ({Mechanic.LEAVES_TRIGGER} if setup.leaves_observer else set())
        return replace(
            combat, requires=combat.requires | extra, features=combat.features + search_features(setup, sizes=False)
        )


def card_matches(state: GameState, card_id: str, card_type: str | None) -> bool:
    """Whether the card is of the search's card-type words ("basic land": Basic and Land)."""
    if card_type is None:
        return True
    data = state.data_of(card_id)
    have = {w.lower() for w in data.supertypes + data.types}
    return all(w in have for w in card_type.split())


def sought(state: GameState, search: Search, cards: Iterable[str]) -> list[str]:
    """The cards of ``cards`` that are of the type the search asks for."""
    return [c for c in cards if card_matches(state, c, search.card_type)]


def as_ruled(search: Search, scenario: Scenario) -> Search:
    """The engine's pending search with what it asks for taken from the scenario (the card's
    text as the rules read it), not from the engine's own report of it."""
    return replace(search, card_type=search_of(scenario).card_filter)


def first_sought(state: GameState, search: Search, avoid: Collection[str] = ()) -> str | None:
    """The first card the search can see and asks for (none of ``avoid``)."""
    return next((c for c in search.candidates if c not in avoid and card_matches(state, c, search.card_type)), None)


def choices_offered(probe: Probe) -> list[Action]:
    return [a for a in probe.legal_actions() if a.kind is ActionKind.CHOOSE_CARDS]


def finish(probe: Probe, avoid: tuple[str, ...] = ()) -> list[Event]:
    """Let the search end (finding nothing more, or, if it must find a card, one not in
    ``avoid``) and its spell or ability finish resolving."""
    events: list[Event] = []
    for _ in range(MOVE_LIMIT):
        search = pending_search(probe.state())
        if search is None:
            return events
        offered_choices = choices_offered(probe)
        pick = next((a for a in offered_choices if not a.cards), None) or next(
            (a for a in offered_choices if not set(a.cards) & set(avoid)), None
        )
        events += probe.apply(pick) if pick is not None else advance(probe)
    raise EngineError(f"the search did not end after {MOVE_LIMIT} choices")


def the_search(probe: Probe) -> Search:
    search = pending_search(probe.state())
    assert search is not None  # begin_search made sure
    return search


def begin(probe: Probe, scenario: Scenario) -> tuple[GameState, Search, tuple[str, ...]]:
    """Begin the scenario's search: the state then, the search waiting for its choice and the
    searched library."""
    begin_search(probe, scenario)
    state = probe.state()
    search = the_search(probe)
    return state, search, library_of(state, search)


def find_offered(probe: Probe, searcher: int, card_id: str, not_offered: str, why: str) -> None:
    """The search offers ``card_id`` (else ``not_offered``) and accepts it."""
    expect(
        bool([a for a in choices_offered(probe) if card_id in a.cards]),
        not_offered,
        expected=f"{card_id} offered",
        observed="not offered",
    )
    probe.require(choose(searcher, card_id), why)


# -- checks: Aven Mindcensor (searches restricted to the top cards) ---------------------------


def check_restricted_counts(probe: Probe, scenario: Scenario) -> None:
    searcher = search_of(scenario).searcher
    before = probe.state().player(searcher).searched_library
    events = begin_search(probe, scenario)
    mid = probe.state()
    search = the_search(probe)
    n = search_of(scenario).restricted_to
    probe.claim("a restricted search counts as searching the library")
    expect(
        search.visible is not None and len(search.candidates) <= n,
        "the opponent's search was not restricted to the top cards",
        expected=f"a search of the top {n} cards",
        observed=f"{len(search.candidates)} candidates",
    )
    expect(
        mid.player(searcher).searched_library,
        f"searching the top {n} cards of a library did not count as searching that library",
        expected=f"player {searcher} searched a library this turn",
        observed=f"searched_library {mid.player(searcher).searched_library} (before: {before})",
    )
    expect(
        bool(events_of(events, EventKind.SEARCH)),
        "no search event for the restricted search",
        expected="a search event",
        observed="; ".join(map(str, events)),
    )
    finish(probe)
    after = probe.state()
    expect(
        after.player(searcher).searched_library,
        f"searching the top {n} cards of a library did not count as searching that library",
        expected=f"player {searcher} searched a library this turn",
        observed="not after the search",
    )


def top_words(n: int) -> str:
    """ "top four": how rulings and messages name the restriction's cards."""
    return f"top {NUMBER_WORDS.get(n, str(n))}"


def nth(n: int) -> str:
    """The ordinal of the ``n``-th card from the top ("fifth")."""
    return ORDINALS[n - 1] if n <= len(ORDINALS) else f"{n}th"


def check_only_top_cards(probe: Probe, scenario: Scenario) -> None:
    """The opponent sees only the top N (the restriction's number): no card below is offered or
    accepted, even one of the type the search asks for; a sought card among the top N is offered
    and accepted."""
    n = search_of(scenario).restricted_to
    top_n = top_words(n)
    state, search, library = begin(probe, scenario)
    if search_of(scenario).start != "pending":  # not a search loaded with its candidates fixed
        probe.claim("the restriction applied to a search the engine began")
    top = set(library[:n])
    expect(
        set(search.candidates) <= top,
        f"the restricted search sees cards below the {top_n}",
        expected=f"candidates among {sorted(top)}",
        observed=f"candidates {list(search.candidates)}",
    )
    shown = [a for a in choices_offered(probe) if not set(a.cards) <= top]
    expect(
        not shown,
        f"a card below the {top_n} was offered to the restricted searcher",
        expected=f"only cards of {sorted(top)}",
        observed=", ".join(map(str, shown)),
    )
    for card_id in sought(state, search, library[n:])[:1]:
        probe.claim("a sought card below the top N refused")
        probe.expect_refused(
            choose(search.searcher, card_id),
            f"the restricted searcher found a card below the {top_n} of the library",
            expected=f"{card_id} (below the {top_n}, though of the type sought) refused",
        )
    for card_id in sought(state, search, library[:n])[:1]:
        probe.claim("a sought card among the top N found")
        find_offered(
            probe,
            search.searcher,
            card_id,
            f"a sought card among the {top_n} was not offered",
            f"finding {card_id}, among the {top_n} and of the type sought",
        )


def check_controller_unrestricted(probe: Probe, scenario: Scenario) -> None:
    """The restriction doesn't touch its controller's searches: a sought card below the Nth is
    offered and accepted."""
    n = search_of(scenario).restricted_to
    state, search, library = begin(probe, scenario)
    below = sought(state, search, library[n:])
    expect(
        set(library) <= set(search.candidates) or search.visible is None,
        "the restriction also bound the searcher who controls it",
        expected="the whole library searched",
        observed=f"candidates {list(search.candidates)}",
    )
    for card_id in below[:1]:
        probe.claim("a sought card below the Nth found by the restriction's controller")
        find_offered(
            probe,
            search.searcher,
            card_id,
            f"a sought card below the {nth(n)} was not offered to the restriction's controller",
            f"finding {card_id}: the searcher controls the restriction, which binds only opponents",
        )


def check_top_cards_fixed_in_one_choice(
    probe: Probe, state: GameState, ruled: Search, n: int, library: tuple[str, ...], first: str, together: list[Action]
) -> None:
    """The ruling on an engine whose one choice finds every card of the search: no set it
    offered with ``first`` reaches beyond the top ``n`` cards the restricted search saw (the
    (N+1)th never joins), and every other sought card among them is offered with ``first``."""
    search = ruled
    probe.claim("the same top N after finding a card")
    beyond = sorted({c for a in together for c in a.cards if c not in search.candidates})
    expect(
        not beyond,
        "finding one card changed which cards the restricted search sees",
        expected=f"with {first}: only cards of {list(search.candidates)}",
        observed=f"with {first}: {', '.join(beyond)}",
    )
    ordinal = nth(n + 1)
    for next_card in library[n : n + 1]:
        shown = [a for a in together if next_card in a.cards]
        expect(
            not shown,
            f"finding one card made the {ordinal} card findable",
            expected=f"{next_card} ({ordinal} from the top) not offered with {first}",
            observed=", ".join(map(str, shown)),
        )
    still = [c for c in search.candidates if c != first and card_matches(state, c, ruled.card_type)]
    with_first = {c for a in together for c in a.cards}
    missing = [c for c in still if c not in with_first]
    expect(
        not missing,
        "finding one card took the other top cards out of the search",
        expected=f"{', '.join(still)} offered with {first}",
        observed=f"{', '.join(missing)} not offered with it",
    )


def check_top_cards_fixed(probe: Probe, scenario: Scenario) -> None:
    """Find a card among the top N; the search (if it goes on) still sees the same cards, and
    the (N+1)th is neither offered nor accepted."""
    n = search_of(scenario).restricted_to
    top_n = top_words(n)
    state, search, library = begin(probe, scenario)
    first = first_sought(state, as_ruled(search, scenario))
    probe.precondition(first is not None, f"no sought card among the {top_n}")
    assert first is not None
    # An engine may find all of the search's cards in one choice (701.23 asks no card-by-card
    # finding; 701.23h: several finds are one search): each set it offers with ``first`` in it is
    # "find ``first``, then the rest", read before the choice, since the search ends with it.
    together = [a for a in choices_offered(probe) if first in a.cards and len(a.cards) >= 2]
    probe.require(choose(search.searcher, first), f"finding {first}, among the {top_n}")
    after = pending_search(probe.state())
    if after is None and together:
        check_top_cards_fixed_in_one_choice(probe, state, as_ruled(search, scenario), n, library, first, together)
        return
    probe.precondition(after is not None, "the search ended with its first card (nothing more to find)")
    assert after is not None
    probe.claim("the same top N after finding a card")
    expect(
        set(after.candidates) <= set(search.candidates),
        "finding a card changed which cards the restricted search sees",
        expected=f"candidates {list(search.candidates)}",
        observed=f"candidates {list(after.candidates)}",
    )
    # The top N stay findable too: each other sought card among them is still offered (an
    # engine that dropped them, or offers no choice at all, does not keep the same N).
    ruled = as_ruled(search, scenario)
    still = [
        c for c in search.candidates if c != first and c not in after.found and card_matches(state, c, ruled.card_type)
    ]
    offered = {c for a in choices_offered(probe) for c in a.cards}
    missing = [c for c in still if c not in offered]
    expect(
        not missing,
        "finding one card took the other top cards out of the search",
        expected=f"{', '.join(still)} still offered",
        observed=f"{', '.join(missing)} not offered",
    )
    ordinal = nth(n + 1)
    for next_card in library[n : n + 1]:
        shown = [a for a in choices_offered(probe) if next_card in a.cards]
        expect(
            not shown,
            f"finding one card made the {ordinal} card findable",
            expected=f"{next_card} ({ordinal} from the top) not offered",
            observed=", ".join(map(str, shown)),
        )
        if card_matches(state, next_card, search.card_type):
            probe.expect_refused(
                choose(search.searcher, next_card),
                f"finding one card made the {ordinal} card findable",
                expected=f"{next_card} ({ordinal} from the top) refused",
            )


SHUFFLED_BEYOND_VIEW = "a restricted search shuffles the cards it did not see too"
ONLY_FOUND_MOVED = "the found cards where the effect puts them, nothing else moved or reordered"


def found_destination(state: GameState, search: Search) -> tuple[Zone, int] | None:
    """Where the search's effect puts the cards it finds, read from its source's text ("put it
    into your hand", "put it onto the battlefield [under your control]": the searcher's hand or
    battlefield); None where the text says neither."""
    text = state.data_of(search.source).text.lower() if state.has_object(search.source) else ""
    if "into your hand" in text:
        return (Zone.HAND, search.searcher)
    if "onto the battlefield" in text:
        return (Zone.BATTLEFIELD, search.searcher)
    return None


def expect_search_consequences(before: GameState, after: GameState, search: Search) -> None:
    """Every consequence of a finished search (701.23a, 701.24a), not only the shuffle: each card
    that left the searched library is where the effect puts it, the searched library holds the
    rest (shuffled), every other library kept its order, nothing else moved, no land play used."""
    where = found_destination(before, search)
    searched = before.player(search.library).library
    found = [c for c in searched if c not in after.player(search.library).library]
    assert where is not None
    expect_consequences(
        before,
        after,
        f"the search of player {search.library}'s library, finished",
        Consequences(moved=dict.fromkeys(found, where), shuffled={search.library}),
    )


def check_whole_library_shuffled(probe: Probe, scenario: Scenario) -> None:
    """Find what the search can (the first sought card it sees), let it end: the searched
    library is shuffled once, all of it."""
    state, search, _ = begin(probe, scenario)
    first = first_sought(state, as_ruled(search, scenario))
    events: list[Event] = []
    if first is not None:
        events += probe.require(choose(search.searcher, first), f"finding {first}")
    events += finish(probe)
    after = probe.state()
    size = len(after.player(search.library).library)
    shuffles = [e for e in events if e.kind is EventKind.SHUFFLE and e.player == search.library]
    probe.claim("the whole searched library shuffled once")
    if search.visible is not None and size > search.visible:
        probe.claim(SHUFFLED_BEYOND_VIEW)
    expect(
        len(shuffles) == 1 and shuffles[0].amount == size,
        "the entire searched library was not shuffled after the search",
        expected=f"one shuffle of player {search.library}'s library, all {size} cards",
        observed="; ".join(map(str, shuffles)) or "no shuffle",
    )
    if found_destination(state, search) is not None:
        probe.claim(ONLY_FOUND_MOVED)
        expect_search_consequences(state, after, search)


# -- templates: search restrictions to the top N cards (Aven Mindcensor) ----------------------


def restrictor(match: Match) -> CardData:
    """The ruling's card that restricts searches, read from its oracle text ("If an opponent
    would search a library, that player searches the top N cards of that library instead."),
    as the restriction the invariants draw; its N must be the number the ruling names (and
    "the (N+1)th card" the next one). Anything else leaves the ruling uncovered, saying why."""
    cards, slots = match.cards, match.slots
    found = [c for c in cards if restriction_count(c) is not None]
    if not found:
        names = ", ".join(c.name for c in cards) or "its card"
        raise NotCovered(
            f"{names}: no restriction of an opponent's searches to the top cards of a library in its oracle text"
        )
    card = found[0]
    n = restriction_count(card)
    assert n is not None
    if "n" in slots and slots["n"] != str(n):
        raise NotCovered(f"the ruling names the top {slots['n']} cards, {card.name}'s text the {top_words(n)}")
    if "next" in slots and slots["next"] != nth(n + 1):
        raise NotCovered(f"the ruling names the {slots['next']} card, {card.name}'s text the {top_words(n)}")
    return own_restrictor(card)


def restricted_setup(card: CardData, **fields: object) -> SearchSetup:
    """A search setup under ``card``'s restriction: libraries of 0 to N + 2 cards (none, fewer
    than N, N, one over, more)."""
    n = restriction_count(card)
    assert n is not None
    return SearchSetup(restrictor=card, library=(0, n + 2), **fields)  # type: ignore[arg-type]


#: The ruling's restricting card (:func:`restrictor`): the states' restriction, and the N its
#: descriptions name (the checks read the restriction from the scenario).
RESTRICTOR = Each(values=lambda match: [restrictor(match)], passed_to_check=False)


def top_n(card: CardData) -> str:
    return top_words(restriction_count(card) or 0)


# A search restricted to the top N cards (N from the card) is a search of that library.
invariant(
    applies_to=template("search.restricted-counts-as-search"),
    for_each=RESTRICTOR,
    name="restricted-search-counts",
    kind="outcome",
    claims=["a restricted search counts as searching the library"],
    scenarios=Searching(lambda card: restricted_setup(card, kinds=SEARCH_KINDS, restriction="opponent", start="cast")),
    check=check_restricted_counts,
    observes={"searched_library"},
    description=lambda card: (
        f"an opponent's search restricted to the {top_n(card)} cards counts as searching the library"
    ),
)

# The opponent sees and finds only the top N cards (N from the card); the restriction's
# controller searches normally.
ONLY_TOP = template("search.restricted-sees-only-top")
invariant(
    applies_to=ONLY_TOP,
    for_each=RESTRICTOR,
    name="opponent-finds-only-top-cards",
    kind="legality",
    claims=[
        "a sought card below the top N refused",
        "a sought card among the top N found",
        "the restriction applied to a search the engine began",
    ],
    scenarios=Searching(
        lambda card: restricted_setup(
            card, kinds=SEARCH_KINDS, restriction="opponent", start="any", sought_below=True, sought_above=True
        )
    ),
    check=check_only_top_cards,
    description=lambda card: f"the restricted opponent is offered and can find only cards among the {top_n(card)}",
)
invariant(
    applies_to=ONLY_TOP,
    for_each=RESTRICTOR,
    name="controller-searches-whole-library",
    kind="legality",
    claims=["a sought card below the Nth found by the restriction's controller"],
    scenarios=Searching(
        lambda card: restricted_setup(
            card, kinds=SEARCH_KINDS, restriction="controller", start="any", sought_below=True
        )
    ),
    check=check_controller_unrestricted,
    description=lambda card: f"the restriction's controller can find cards below the {top_n(card)}",
)

# The cards a restricted multi-card search sees stay the same after it finds one.
invariant(
    applies_to=template("search.restricted-top-cards-fixed"),
    for_each=RESTRICTOR,
    name="same-top-cards-after-finding",
    kind="legality",
    claims=["the same top N after finding a card"],
    scenarios=Searching(
        lambda card: restricted_setup(
            card,
            kinds=(SORCERY, INSTANT),
            cards=MULTI_SEARCHES,
            restriction="opponent",
            start="any",
            sought_below=True,
            sought_above=True,
        )
    ),
    check=check_top_cards_fixed,
    description=lambda card: (
        f"after a restricted search finds a card it still sees the same {top_n(card)}; the "
        f"{nth((restriction_count(card) or 0) + 1)} stays out"
    ),
)

# After every search (restricted or not) the whole searched library is shuffled.
invariant(
    applies_to=template("search.shuffle-whole-library"),
    name="whole-library-shuffled",
    kind="trace",
    claims=["the whole searched library shuffled once", SHUFFLED_BEYOND_VIEW, ONLY_FOUND_MOVED],
    scenarios=Searching(SearchSetup(kinds=SEARCH_KINDS, restriction="any", start="any", library=(6, 9))),
    check=check_whole_library_shuffled,
    description="after a search, restricted or not, the entire searched library is shuffled once",
)


# -- checks: library ninjutsu and the search ---------------------------------------------------


def ninjutsu_shown(probe: Probe, variant: KeywordVariant, scenario: Scenario) -> list[Action]:
    return offered(probe, kind=ActionKind.ACTIVATE, source=scenario.params.ninja, ability=variant.ability)


def refuse_ninjutsu(variant: KeywordVariant, probe: Probe, scenario: Scenario, why: str) -> None:
    """Library ninjutsu of the scenario's Ninja is neither offered nor accepted now."""
    expect_forbidden(
        probe,
        activation(variant, scenario),
        ninjutsu_shown(probe, variant, scenario),
        what=variant.name,
        why=why,
        none_offered=f"no {variant.name} activation offered",
    )


def accept_ninjutsu(
    variant: KeywordVariant,
    probe: Probe,
    scenario: Scenario,
    why: str,
    returned: str | None = None,
    ninja: str | None = None,
) -> list[Event]:
    action = variant.use(scenario.params.player, ninja or scenario.params.ninja, returned or scenario.params.returned)
    shown = [a for a in probe.legal_actions() if a == action]
    expect(bool(shown), f"{variant.name} not offered {why}", expected=f"{action} offered", observed="not offered")
    return probe.require(action, f"{variant.name} {why}")


def check_offered_while_searching(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    begin_search(probe, scenario, needs_window=True)
    probe.claim("offered and accepted while searching their own library")
    accept_ninjutsu(variant, probe, scenario, "while its controller searches their own library after blockers")


def check_refused_below_window(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    """An opponent's restriction lets the searcher see only the top N cards of their library
    (701.23, Aven Mindcensor ruling: "They can't look at the other cards in that library at
    all"): a Ninja below them is not among what the search sees, so its library ninjutsu is
    neither offered nor accepted, though the search is of its controller's own library."""
    ruled = search_of(scenario)
    library = probe.state().player(scenario.params.player).library
    # What the search may see comes from the scenario (the rules), not from the engine's display.
    probe.precondition(
        ruled.restricted and scenario.params.ninja in library[ruled.restricted_to :],
        "no opponent's restriction, or the Ninja within its window",
    )
    begin_search(probe, scenario)
    probe.claim("refused for a Ninja the restricted search does not see")
    refuse_ninjutsu(
        variant, probe, scenario, f"for a Ninja below the top {ruled.restricted_to} cards of a restricted search"
    )


def check_refused_without_search(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    arrive(probe, scenario)
    probe.claim("refused without a search")
    refuse_ninjutsu(variant, probe, scenario, "while its controller is not searching (priority in combat)")


def check_refused_during(variant: KeywordVariant, probe: Probe, scenario: Scenario, what: str) -> None:
    """During the scenario's search of an opponent's library, or its look: refused (and a look is
    no search: nothing is shuffled, nobody has searched a library)."""
    searcher = search_of(scenario).searcher
    searched_before = probe.state().player(searcher).searched_library
    events = begin_search(probe, scenario)
    probe.claim("refused during a search that is not of their own library")
    refuse_ninjutsu(variant, probe, scenario, f"during {what}")
    if search_of(scenario).kind == LOOK:
        events += finish(probe)
        after = probe.state()
        shuffles = events_of(events, EventKind.SHUFFLE)
        expect(
            not shuffles and after.player(searcher).searched_library == searched_before,
            "looking at the top cards of a library was treated as a search",
            expected="no shuffle, no library searched",
            observed=f"{'; '.join(map(str, shuffles))}; searched_library {after.player(searcher).searched_library}",
        )


def check_mana_abilities_while_searching(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    """During the search, the searcher's mana abilities are offered and accepted (to pay for
    library ninjutsu), the search goes on, and the activation then pays from the pool."""
    begin_search(probe, scenario, needs_window=True)
    state = probe.state()
    player = scenario.params.player
    lands = {
        p.id
        for p in state.battlefield
        if p.controller == player and not p.tapped and state.data_of(p.id).is_type("Land")
    }
    mana = [
        a
        for a in probe.legal_actions()
        if a.kind is ActionKind.ACTIVATE and a.source in lands and (a.ability or "").startswith("mana")
    ]
    expect(
        bool(mana),
        "no mana ability offered while searching with a library ninjutsu to pay for",
        expected="the untapped lands' mana abilities offered",
        observed="none",
    )
    probe.require(mana[0], "a mana ability while paying for library ninjutsu during a search")
    mid = probe.state()
    expect(
        pending_search(mid) is not None and len(mid.player(player).mana_pool) > len(state.player(player).mana_pool),
        "activating a mana ability during the search did not add mana, or ended the search",
        expected="mana in the pool, the search still going on",
        observed=f"pool {list(mid.player(player).mana_pool)}; pending {mid.pending}",
    )
    probe.claim("mana abilities during the search pay for it")
    before = mana_at_hand(mid, player)
    accept_ninjutsu(variant, probe, scenario, "paid partly from mana made during the search")
    # The other half of "you have to pay the ability's listed costs": the activation used the
    # mana up (the pool and the untapped lands, one mana each, dropped by the cost's mana value).
    after = probe.state()
    cost = keyword_cost(after.data_of(scenario.params.ninja), variant.name) or ""
    value = sum(int(s) if s.isdigit() else 1 for s in parse_mana_cost(cost))
    expect(
        before - mana_at_hand(after, player) >= value,
        f"the {variant.name} activation did not spend its mana cost",
        expected=f"the mana pool and untapped lands down by at least {value} (the cost {cost})",
        observed=f"{before} before, {mana_at_hand(after, player)} after (pool {list(after.player(player).mana_pool)})",
    )


def mana_at_hand(state: GameState, player: int) -> int:
    """The mana ``player`` has in their pool plus their untapped lands (one mana each)."""
    lands = sum(
        1 for p in state.battlefield if p.controller == player and not p.tapped and state.data_of(p.id).is_type("Land")
    )
    return len(state.player(player).mana_pool) + lands


def check_ability_uses_stack(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    begin_search(probe, scenario, needs_window=True)
    ninja = scenario.params.ninja
    events = accept_ninjutsu(variant, probe, scenario, "during the search")
    mid = probe.state()
    on_stack = [i for i in mid.stack if i.source == ninja and i.kind == "activated"]
    probe.claim("the ability waits on the stack")
    expect(
        bool(on_stack) and mid.permanent(ninja) is None and not events_of(events, EventKind.RESOLVE, ninja),
        "the library ninjutsu ability did not go on the stack",
        expected=f"an ability of {ninja} on the stack, {ninja} not yet on the battlefield",
        observed=f"stack {[(i.source, i.ability) for i in mid.stack]}; {ninja} in {mid.zone_of(ninja)}",
    )
    expect_waits_after_search(probe, ninja)


def check_pays_costs(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    begin_search(probe, scenario, needs_window=True)
    probe.claim("refused without the mana to pay")
    refuse_ninjutsu(variant, probe, scenario, "without the mana to pay its cost")


def check_refused_after_finding(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    """Offered before the search finds a card; once it has found one, no longer."""
    state, search, _ = begin(probe, scenario)
    expect(
        bool(ninjutsu_shown(probe, variant, scenario)),
        f"{variant.name} not offered before any card was found",
        expected=f"{activation(variant, scenario)} offered",
        observed="not offered",
    )
    first = first_sought(state, as_ruled(search, scenario), avoid=set(scenario.params.ninjas))
    probe.precondition(first is not None, "the search can find no card but the Ninja")
    assert first is not None
    probe.require(choose(search.searcher, first), f"finding {first}")
    probe.precondition(pending_search(probe.state()) is not None, "the search ended with its first card")
    probe.claim("refused after the search found a card")
    refuse_ninjutsu(variant, probe, scenario, "after the search has found a card")


def check_search_continues(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    """After the activation the search goes on where it was; once it has finished resolving, the
    active player has priority with the ability on the stack, and abilities that triggered on
    activation (the returned creature left the battlefield: the observer's) go on the stack only
    now; then everything resolves."""
    begin_search(probe, scenario, needs_window=True)
    ninja, observer = scenario.params.ninja, search_of(scenario).observer
    before = the_search(probe)
    accept_ninjutsu(variant, probe, scenario, "during the search")
    state = probe.state()
    mid = pending_search(state)
    expect(
        mid is not None
        and mid.searcher == before.searcher
        and mid.found == before.found
        and (before.visible is None or mid.candidates == before.candidates),
        "the search did not continue where it left off after library ninjutsu was activated",
        expected=f"the search still pending, found {list(before.found)}, candidates as before",
        observed=str(mid),
    )
    early = [i for i in state.stack if i.kind == "triggered"]
    expect(
        not early,
        "an ability that triggered on activation was put on the stack during the search",
        expected="no triggered ability on the stack until the search effect has finished resolving",
        observed=f"stack {[(i.source, i.ability) for i in state.stack]}",
    )
    finish(probe, avoid=tuple(scenario.params.ninjas))
    after = probe.state()
    if observer is not None:
        triggered = [i for i in after.stack if i.kind == "triggered" and i.source == observer]
        expect(
            bool(triggered) and after.stack[-1].source == observer,
            "the ability that triggered when library ninjutsu was activated was not put on the stack once the "
            "search effect finished resolving",
            expected=f"{observer}'s trigger on top of the stack",
            observed=f"stack {[(i.source, i.ability) for i in after.stack]}",
        )
    after = probe.state()
    abilities = [i for i in after.stack if i.source == ninja and i.kind == "activated"]
    expect(
        after.priority == after.active_player
        and after.pending is None
        and bool(abilities)
        and after.permanent(ninja) is None
        and not any(i.source == search_of(scenario).source for i in after.stack),
        "once the search effect finished resolving, the active player did not get priority with the library "
        "ninjutsu ability on the stack",
        expected=f"priority: player {after.active_player}; the ability of {ninja} on the stack",
        observed=f"priority {after.priority}; pending {after.pending}; stack {[(i.source, i.ability) for i in after.stack]}; "
        f"{ninja} in {after.zone_of(ninja)}",
    )
    resolve_stack(probe)
    probe.claim("the search continues, then priority with the ability on the stack")
    expect_entered(probe.state(), ninja)


def check_several_in_one_search(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    begin_search(probe, scenario, needs_window=True)
    first_ninja, second_ninja = scenario.params.ninjas[:2]
    first, second = unblocked_attackers(probe.state(), scenario.params.player)[:2]
    accept_ninjutsu(variant, probe, scenario, "during the search", returned=first, ninja=first_ninja)
    accept_ninjutsu(
        variant,
        probe,
        scenario,
        "a second time during the same search (another Ninja)",
        returned=second,
        ninja=second_ninja,
    )
    resolve_stack(probe)
    after = probe.state()
    entered = [n for n in (first_ninja, second_ninja) if after.permanent(n) is not None]
    probe.claim("two Ninjas put in during one search")
    expect(
        len(entered) == 2,
        "not every Ninja activated during the search entered the battlefield",
        expected=f"{first_ninja} and {second_ninja} on the battlefield",
        observed=f"entered: {entered}",
    )


def check_order_kept(probe: Probe, scenario: Scenario) -> None:
    """During the search the library keeps its order (found cards aside) until it is shuffled."""
    owner = search_of(scenario).library
    before = list(probe.state().player(owner).library)
    begin_search(probe, scenario)
    state = probe.state()
    expect(
        list(state.player(owner).library) == before,
        "the library changed its order when the search began",
        expected=f"library {before}",
        observed=f"library {list(state.player(owner).library)}",
    )
    search = the_search(probe)
    first = first_sought(state, as_ruled(search, scenario))
    # How many cards it may find comes from the scenario (the rules), not from the engine.
    probe.precondition(
        first is not None and search_of(scenario).count >= 2, "a search that can't find a card, then go on"
    )
    assert first is not None
    probe.require(choose(search.searcher, first), f"finding {first}")
    probe.precondition(pending_search(probe.state()) is not None, "the search ended with its first card")
    probe.claim("order kept after a card was found")
    now = [c for c in probe.state().player(owner).library if c != first]
    expect(
        now == [c for c in before if c != first],
        "the library changed its order while it was searched",
        expected=f"library {[c for c in before if c != first]} (found cards aside)",
        observed=f"library {now}",
    )


def check_millikin_mills_top(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> None:
    """Tap Millikin for mana during the search: it mills the card that was on top when the search
    began (the library keeps its order)."""
    player = scenario.params.player
    top = probe.state().player(player).library[:1]
    begin_search(probe, scenario, needs_window=True)
    state = probe.state()
    millikin = next(p.id for p in state.battlefield if state.data_of(p.id).name == "Millikin")
    tapped = [a for a in probe.legal_actions() if a.kind is ActionKind.ACTIVATE and a.source == millikin]
    expect(
        bool(tapped),
        "Millikin's mana ability was not offered during the search (to pay for library ninjutsu)",
        expected=f"{millikin}'s mana ability offered",
        observed="not offered",
    )
    events = probe.require(tapped[0], "Millikin's mana ability while searching, to pay for library ninjutsu")
    milled = [
        e.card
        for e in events
        if e.kind is EventKind.ZONE_CHANGE and e.from_zone is Zone.LIBRARY and e.to_zone is Zone.GRAVEYARD
    ]
    probe.claim("Millikin mills the card on top as the search began")
    expect(
        milled == list(top),
        "Millikin milled another card than the one on top when the search began",
        expected=f"{top} milled",
        observed=f"{milled} milled",
    )


# -- templates: library ninjutsu and the search -----------------------------------------------

#: Library ninjutsu: every library-ninjutsu template reads it (its slug in the invariants' ids).
LIBRARY = Each(values=lambda match: [LIBRARY_NINJUTSU], id=slug)

# Offered while you search your own library; refused without a search, during a search of an
# opponent's library (Bribery) and during a look (Halimar Depths).
WHILE_SEARCHING = template("library-ninjutsu.only-while-searching")
invariant(
    applies_to=WHILE_SEARCHING,
    for_each=LIBRARY,
    name="offered-while-searching-own-library",
    kind="legality",
    claims=["offered and accepted while searching their own library"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(
            v,
            NINJUTSU_STEPS,
            # The Ninja at any position (below a restriction's window only where no opponent's
            # restriction hides it), under no, one or two restrictions.
            search=SearchSetup(kinds=(INSTANT, ABILITY, SORCERY), start="any", restriction="any"),
            ninja_depth="any",
        )
    ),
    check=check_offered_while_searching,
    description=lambda v: f"{v.name} is offered and accepted while its controller searches their own library",
)
invariant(
    applies_to=WHILE_SEARCHING,
    for_each=LIBRARY,
    name="refused-below-restriction-window",
    kind="legality",
    claims=["refused for a Ninja the restricted search does not see"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(
            v,
            NINJUTSU_STEPS,
            search=SearchSetup(kinds=(INSTANT, ABILITY, SORCERY), start="any", restriction="opponent"),
            ninja_depth="below-window",
        )
    ),
    check=check_refused_below_window,
    description=lambda v: (
        f"{v.name} is refused for a Ninja below the top cards an opponent's restriction "
        "leaves its searcher (the search is of their own library, but they can't see that card)"
    ),
)
invariant(
    applies_to=WHILE_SEARCHING,
    for_each=LIBRARY,
    name="refused-without-search",
    kind="legality",
    claims=["refused without a search"],
    scenarios=NinjutsuWhileSearching(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS)),
    check=check_refused_without_search,
    description=lambda v: f"{v.name} is refused when its controller isn't searching",
)
invariant(
    applies_to=WHILE_SEARCHING,
    for_each=LIBRARY,
    name="refused-searching-opponent-library",
    kind="legality",
    claims=["refused during a search that is not of their own library"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(
            v, NINJUTSU_STEPS, search=SearchSetup(kinds=(BRIBERY,), start="pending"), ninja_depth="any"
        )
    ),
    check=partial(check_refused_during, what="a search of an opponent's library (Bribery)"),
    observes={"searched_library"},
    description=lambda v: f"{v.name} is refused while its controller searches an opponent's library",
)
invariant(
    applies_to=WHILE_SEARCHING,
    for_each=LIBRARY,
    name="refused-during-look",
    kind="legality",
    claims=["refused during a search that is not of their own library"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, search=SearchSetup(kinds=(LOOK,), start="any"), ninja_depth="any")
    ),
    check=partial(check_refused_during, what="a look at the top cards (not a search)"),
    observes={"searched_library"},
    description=lambda v: f"{v.name} is refused while its controller only looks at the top of their library",
)

# Mana abilities during the search; the ability uses the stack; its cost must be paid.
DURING_SEARCH = template("library-ninjutsu.activation-during-search")
invariant(
    applies_to=DURING_SEARCH,
    for_each=LIBRARY,
    name="mana-abilities-while-searching",
    kind="legality",
    claims=["mana abilities during the search pay for it"],
    scenarios=NinjutsuWhileSearching(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS)),
    check=check_mana_abilities_while_searching,
    description="mana abilities can be activated during the search to pay for library ninjutsu",
)
invariant(
    applies_to=DURING_SEARCH,
    for_each=LIBRARY,
    name="ability-uses-the-stack",
    kind="trace",
    claims=["the ability waits on the stack"],
    scenarios=NinjutsuWhileSearching(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS)),
    check=check_ability_uses_stack,
    description="library ninjutsu activated during a search goes on the stack",
)
invariant(
    applies_to=DURING_SEARCH,
    for_each=LIBRARY,
    name="cost-must-be-paid",
    kind="legality",
    claims=["refused without the mana to pay"],
    scenarios=NinjutsuWhileSearching(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, mana="short")),
    check=check_pays_costs,
    description="library ninjutsu is refused during a search when its mana cost can't be paid",
)

invariant(
    applies_to=template("library-ninjutsu.before-finding"),
    for_each=LIBRARY,
    name="refused-after-finding",
    kind="legality",
    claims=["refused after the search found a card"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(
            v,
            NINJUTSU_STEPS,
            search=SearchSetup(
                kinds=(INSTANT, SORCERY),
                cards=(CALL_THE_PACK, BURIED_ALIVE),
                start="any",
                library=(1, 3),
                sought_above=True,
            ),
            ninja_depth="any",
        )
    ),
    check=check_refused_after_finding,
    description=lambda v: f"{v.name} is offered before the search finds a card and refused after",
)

invariant(
    applies_to=template("library-ninjutsu.search-continues"),
    for_each=LIBRARY,
    name="search-continues-then-priority",
    kind="trace",
    claims=["the search continues, then priority with the ability on the stack"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(
            v,
            NINJUTSU_STEPS,
            search=SearchSetup(
                kinds=(INSTANT, ABILITY, SORCERY),
                cards=MAY_FIND_NOTHING,
                restriction="any",
                start="any",
                leaves_observer=True,
            ),
            ninja_depth="any",
        )
    ),
    check=check_search_continues,
    description="the search continues after the activation; then the active player gets priority with the ability "
    "on the stack",
)

invariant(
    applies_to=template("library-ninjutsu.several-in-one-search"),
    for_each=LIBRARY,
    name="several-in-one-search",
    kind="legality",
    claims=["two Ninjas put in during one search"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, min_unblocked=2, min_ninjas=2, activations=2)
    ),
    check=check_several_in_one_search,
    exempt={"accepts-illegal": PERMITS},
    description=lambda v: f"two Ninjas' {v.name} abilities can be activated during one search",
)

# A library keeps its order while searched (any search); Millikin's mana ability shows it.
LIBRARY_ORDER = template("library-ninjutsu.library-order")
invariant(
    applies_to=LIBRARY_ORDER,
    name="order-kept-while-searching",
    kind="outcome",
    claims=["order kept after a card was found"],
    scenarios=Searching(
        SearchSetup(
            kinds=(SORCERY, INSTANT),
            cards=MULTI_SEARCHES,
            restriction="any",
            start="cast",
            library=(2, 6),
            sought_above=True,
        )
    ),
    check=check_order_kept,
    description="a library keeps its order while it is searched, until it is shuffled",
)
invariant(
    applies_to=LIBRARY_ORDER,
    for_each=LIBRARY,
    name="millikin-mills-top-card",
    kind="outcome",
    claims=["Millikin mills the card on top as the search began"],
    scenarios=NinjutsuWhileSearching(
        lambda v: NinjutsuSpec(
            v,
            NINJUTSU_STEPS,
            search=SearchSetup(
                kinds=(INSTANT, ABILITY), cards=(QUICK_SCRYING, CALL_THE_PACK, WILD_EXPANSE), millikin=True
            ),
        )
    ),
    check=check_millikin_mills_top,
    description="Millikin tapped for mana during a search mills the card that was on top as the search began",
)
