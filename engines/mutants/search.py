"""Mutants of the search rules (701.23, 701.24, Aven Mindcensor) and of library ninjutsu
(Panglacial Shinobi): the mistakes an engine makes when searches are replacement-prone, resolve in
several steps and let a player act in the middle of them."""

from __future__ import annotations

from dataclasses import replace

from engines.reference.engine import NinjutsuFamily, Searching
from engines.reference.game import Game, Perm
from engines.reference.lines import Ninjutsu, SearchRestriction
from engines.reference.ninjutsu import LIBRARY_NINJUTSU
from engines.reference.oracle import matches_filter
from engines.reference.search import effects_of
from protocol.model import (
    AFTER_BLOCKERS_STEPS,
    Action,
    Event,
    PlayerIndex,
    Search,
    StackItem,
    Step,
    Zone,
)

from . import Mutant, answers, table
from .ninjutsu import EARLY_STEPS, combat_never_ends, deal_damage_if_late


def restricted_opponent_finds_fifth(self, game: Game, searcher: PlayerIndex, library: PlayerIndex) -> int | None:
    count = Searching.search_restriction(self, game, searcher, library)
    return None if count is None else count + 1


def first_restriction_only(self, game: Game, searcher: PlayerIndex, library: PlayerIndex) -> int | None:
    """An engine that reads the first restriction on the battlefield only: with two at once (its
    controller's own, then an opponent's), the opponent's is never applied."""
    for perm in game.battlefield:
        for r in effects_of(game.abilities_of(perm.id).effects, SearchRestriction):
            return r.count if self.restriction_applies(game, perm.controller, searcher, library) else None
    return None


def restriction_spares_opponent_libraries(
    self, game: Game, controller: PlayerIndex, searcher: PlayerIndex, library: PlayerIndex
) -> bool:
    return searcher != controller and library == searcher


def restricted_candidates_slide(self, game: Game, search: Search, library: list[str]) -> Search:
    if search.visible is None:
        return search
    visible = search.visible + len(search.found)  # the found cards no longer count
    return replace(search, visible=visible, candidates=tuple(library[:visible]))


def restricted_search_not_counted(self, game: Game, search: Search) -> bool:
    return search.visible is None


def shuffle_only_top_four(self, game: Game, search: Search, library_size: int) -> int:
    return min(library_size, search.visible if search.visible is not None else library_size)


def shuffles_searchers_library_too(self, game: Game, search: Search) -> bool:
    """A search of another player's library (Bribery's) also shuffles the searcher's own: "then
    shuffle" read as "shuffle your library" as well as the searched one's (701.24a shuffles only
    the library the effect names)."""
    if search.library != search.searcher:
        own = game.players[search.searcher].library
        order = self.shuffled_order(game, list(own))
        own[:] = order if order != own else list(reversed(own))
    return True


def search_reorders_library(self, game: Game, search: Search, library: list[str]) -> list[str]:
    sought = [c for c in library if matches_filter(game.data(c), search.card_type)]
    return sought + [c for c in library if c not in sought]


def library_ninjutsu_from_hand(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
    seat = game.players[player]
    return card_id in seat.library or card_id in seat.hand


def library_ninjutsu_during_any_search(self, game: Game, player: PlayerIndex, search: Search) -> bool:
    return search.mode == "find" and search.searcher == player


def library_ninjutsu_during_look(self, game: Game, player: PlayerIndex, search: Search) -> bool:
    return search.searcher == player and search.library == player


def library_ninjutsu_without_search__activatable_from(
    self, game: Game, player: PlayerIndex, card_id: str, ability: Ninjutsu
) -> bool:
    if ability.variant == LIBRARY_NINJUTSU:
        return card_id in game.players[player].library
    return NinjutsuFamily.ninjutsu_activatable_from(self, game, player, card_id, ability)


def library_ninjutsu_without_search__zone_cards(self, game: Game, player: PlayerIndex) -> list[str]:
    return NinjutsuFamily.ninjutsu_zone_cards(self, game, player) + list(game.players[player].library)


def library_ninjutsu_before_blockers__library_ninjutsu_step_ok(self, game: Game) -> bool:
    return game.step.is_combat


def library_ninjutsu_before_blockers__return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
    return [p for p in game.battlefield if p.controller == player and p.attacking is not None]


def library_ninjutsu_window_closes_at_damage(self, game: Game) -> bool:
    return game.step is not Step.END_OF_COMBAT and NinjutsuFamily.library_ninjutsu_step_ok(self, game)


def library_combat_never_ends(self, game: Game) -> bool:
    return game.step not in EARLY_STEPS


def late_library_ninja_deals_damage(self, game: Game, item: StackItem, events: list[Event]) -> bool:
    entered = NinjutsuFamily.resolve_library_ninjutsu(self, game, item, events)
    deal_damage_if_late(self, game, item, entered, events)
    return entered


def no_library_ninjutsu_in_first_strike_step(self, game: Game) -> bool:
    return game.step is not Step.FIRST_STRIKE_DAMAGE and game.step in AFTER_BLOCKERS_STEPS


def library_ninjutsu_returns_to_hand(self, game: Game, creature: Perm) -> Zone:
    return Zone.HAND


def library_ninja_enters_on_activation(self, game: Game, action: Action, events: list[Event]) -> None:
    NinjutsuFamily.activate_library_ninjutsu(self, game, action, events)
    item = next(i for i in reversed(game.stack) if i.ability == LIBRARY_NINJUTSU and i.source == action.source)
    game.stack.remove(item)
    self.resolve_library_ninjutsu(game, item, events)
    self.turn.left_stack(game, item)


def one_library_ninjutsu_per_search(self, game: Game, player: PlayerIndex) -> bool:
    return NinjutsuFamily.library_ninjutsu_window_open(self, game, player) and not any(
        item.ability == LIBRARY_NINJUTSU for item in game.stack
    )


def library_ninjutsu_triggers_during_search(self, game: Game, action: Action, events: list[Event]) -> None:
    NinjutsuFamily.activate_library_ninjutsu(self, game, action, events)
    if game.triggered:
        self.turn.put_triggers_on_stack(game, events)


def library_ninjutsu_only_in_declare_blockers(self, game: Game) -> bool:
    return game.step is Step.DECLARE_BLOCKERS


def library_ninjutsu_only_during_spells(self, game: Game, player: PlayerIndex, search: Search) -> bool:
    return NinjutsuFamily.library_ninjutsu_search_ok(self, game, player, search) and not game.is_type(
        search.source, "Land"
    )


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "search-shuffles-searchers-library-too",
        ("search.shuffle-whole-library",),
        "a search of an opponent's library shuffles the searcher's own library as well as the searched one",
        {"search.shuffle_after_search": shuffles_searchers_library_too},
    ),
    (
        "restriction-binds-controller",
        ("search.only-top-cards",),
        "Aven Mindcensor's restriction also applies to its controller's own searches",
        {"search.restriction_applies": answers(True)},
    ),
    (
        "first-restriction-only",
        ("search.only-top-cards",),
        "with two search restrictions at once, only the first on the battlefield is read (its controller's "
        "own leaves an opponent's unapplied)",
        {"search.restriction": first_restriction_only},
    ),
    (
        "library-ninjutsu-sees-whole-library",
        ("library-ninjutsu.only-while-searching",),
        "library ninjutsu is offered for a Ninja below the top cards an opponent's restriction leaves the searcher",
        {"ninjutsu.library_ninjutsu_card_visible": answers(True)},
    ),
    (
        "restricted-opponent-finds-fifth",
        ("search.only-top-cards",),
        "a restricted search sees one card too many (an off-by-one): the opponent can find the fifth card",
        {"search.restriction": restricted_opponent_finds_fifth},
    ),
    (
        "restriction-spares-opponent-libraries",
        ("search.only-top-cards",),
        (
            "the restriction applies only when an opponent searches their own library (not Bribery's search of "
            "another library)"
        ),
        {"search.restriction_applies": restriction_spares_opponent_libraries},
    ),
    (
        "restricted-candidates-slide",
        ("search.top-cards-fixed",),
        (
            "after a restricted search finds a card, the next card of the library becomes visible (the top "
            "four are counted again without the found cards)"
        ),
        {"search.after_finding": restricted_candidates_slide},
    ),
    (
        "restricted-search-not-counted",
        ("search.top-cards-count-as-search",),
        "a search restricted to the top cards does not count as searching the library",
        {"search.counts_as_searching": restricted_search_not_counted},
    ),
    (
        "shuffle-only-top-four",
        ("search.shuffle-whole-library",),
        "after a search restricted to the top four cards, only those four are shuffled",
        {"search.shuffle_count": shuffle_only_top_four},
    ),
    (
        "no-shuffle-after-search",
        ("search.shuffle-whole-library",),
        "the library is not shuffled after the search",
        {"search.shuffle_after_search": answers(False)},
    ),
    (
        "search-reorders-library",
        ("library-ninjutsu.library-order-during-search",),
        "as the search begins, the cards it asks for are moved to the top of the library (before the shuffle)",
        {"search.library_order_while_searching": search_reorders_library},
    ),
    (
        "library-ninjutsu-from-hand",
        ("library-ninjutsu.from-library-only",),
        "library ninjutsu can also be activated from the hand during a search",
        {"ninjutsu.library_ninjutsu_activatable_from": library_ninjutsu_from_hand},
    ),
    (
        "library-ninjutsu-after-finding",
        ("library-ninjutsu.before-finding-cards",),
        "library ninjutsu can still be activated after the search has found a card",
        {"ninjutsu.library_ninjutsu_before_finding": answers(True)},
    ),
    (
        "library-ninjutsu-during-any-search",
        ("library-ninjutsu.only-while-searching",),
        (
            "library ninjutsu can be activated during any search its controller makes, also of an opponent's "
            "library (Bribery)"
        ),
        {"ninjutsu.library_ninjutsu_search_ok": library_ninjutsu_during_any_search},
    ),
    (
        "library-ninjutsu-during-look",
        ("library-ninjutsu.only-while-searching",),
        "library ninjutsu can be activated while its controller only looks at their library (Halimar Depths)",
        {"ninjutsu.library_ninjutsu_search_ok": library_ninjutsu_during_look},
    ),
    (
        "library-ninjutsu-without-search",
        ("library-ninjutsu.only-while-searching",),
        (
            "library ninjutsu can be activated from the library whenever its controller has priority after "
            "blockers, searching or not"
        ),
        {
            "ninjutsu.activatable_from": library_ninjutsu_without_search__activatable_from,
            "ninjutsu.zone_cards": library_ninjutsu_without_search__zone_cards,
        },
    ),
    (
        "library-ninjutsu-before-blockers",
        ("ninjutsu.after-blockers-plural",),
        "library ninjutsu can be activated during a search in any combat step, returning any attacking creature",
        {
            "ninjutsu.library_ninjutsu_step_ok": library_ninjutsu_before_blockers__library_ninjutsu_step_ok,
            "ninjutsu.return_candidates": library_ninjutsu_before_blockers__return_candidates,
        },
    ),
    (
        "library-ninjutsu-window-closes-at-damage",
        ("library-ninjutsu.damage-timing",),
        "library ninjutsu cannot be activated in the end of combat step",
        {"ninjutsu.library_ninjutsu_step_ok": library_ninjutsu_window_closes_at_damage},
    ),
    (
        "library-combat-never-ends",
        ("library-ninjutsu.damage-timing",),
        (
            "creatures stay attacking after the end of combat step, so library ninjutsu stays available during "
            "searches all turn"
        ),
        {
            "ninjutsu.library_ninjutsu_step_ok": library_combat_never_ends,
            "combat.remove_all_from_combat": combat_never_ends,
        },
    ),
    (
        "late-library-ninja-deals-damage",
        ("library-ninjutsu.damage-timing",),
        "a Ninja put in by library ninjutsu after combat damage was dealt deals its combat damage on entering",
        {"ninjutsu.resolve_library_ninjutsu": late_library_ninja_deals_damage},
    ),
    (
        "no-library-ninjutsu-in-first-strike-step",
        ("library-ninjutsu.first-strike-damage-step",),
        "library ninjutsu cannot be activated during the first-strike combat damage step",
        {"ninjutsu.library_ninjutsu_step_ok": no_library_ninjutsu_in_first_strike_step},
    ),
    (
        "library-ninjutsu-returns-to-hand",
        ("library-ninjutsu.reveal-and-shuffle",),
        (
            "library ninjutsu returns the attacking creature to its owner's hand instead of shuffling it into "
            "the library"
        ),
        {"ninjutsu.library_ninjutsu_returns_to": library_ninjutsu_returns_to_hand},
    ),
    (
        "library-ninja-enters-after-leaving",
        ("library-ninjutsu.reveal-and-shuffle",),
        ("a Ninja that left the library after library ninjutsu was activated is put onto the battlefield all the same"),
        {"ninjutsu.library_ninja_still_available": answers(True)},
    ),
    (
        "no-mana-abilities-during-search",
        ("library-ninjutsu.activation-during-search",),
        "mana abilities cannot be activated during a search, not even to pay for library ninjutsu",
        {"search.mana_abilities_during_search": answers(False)},
    ),
    (
        "library-ninjutsu-ignores-mana-cost",
        ("library-ninjutsu.activation-during-search",),
        "library ninjutsu activated during a search does not have its mana cost paid",
        {"ninjutsu.library_ninjutsu_cost": answers(())},
    ),
    (
        "library-ninja-enters-on-activation",
        ("library-ninjutsu.activation-during-search",),
        "library ninjutsu does not use the stack: the Ninja enters as the ability is activated",
        {"ninjutsu.activate_library_ninjutsu": library_ninja_enters_on_activation},
    ),
    (
        "library-ninjutsu-ends-search",
        ("library-ninjutsu.search-continues",),
        "activating library ninjutsu ends the search: it finds nothing more",
        {"ninjutsu.search_continues_after_activation": answers(False)},
    ),
    (
        "one-library-ninjutsu-per-search",
        ("library-ninjutsu.multiple-during-one-search",),
        "only one library ninjutsu ability can be activated during a search",
        {"ninjutsu.library_ninjutsu_window_open": one_library_ninjutsu_per_search},
    ),
    (
        "library-ninjutsu-triggers-during-search",
        ("library-ninjutsu.search-continues",),
        (
            "abilities that trigger as library ninjutsu is activated go on the stack at once, in the middle of "
            "the search"
        ),
        {"ninjutsu.activate_library_ninjutsu": library_ninjutsu_triggers_during_search},
    ),
    (
        "library-ninjutsu-only-in-declare-blockers",
        ("ninjutsu.after-blockers-plural", "library-ninjutsu.damage-timing"),
        "library ninjutsu is offered only in the declare blockers step",
        {"ninjutsu.library_ninjutsu_step_ok": library_ninjutsu_only_in_declare_blockers},
    ),
    (
        "library-ninjutsu-only-during-spells",
        ("library-ninjutsu.only-while-searching",),
        "library ninjutsu is offered only while a spell searches, not an ability (a fetch land)",
        {"ninjutsu.library_ninjutsu_search_ok": library_ninjutsu_only_during_spells},
    ),
)
