"""Mutants of the search rules (701.23, 701.24, Aven Mindcensor) and of library ninjutsu
(Panglacial Shinobi): the mistakes an engine makes when searches are replacement-prone, resolve in
several steps and let a player act in the middle of them."""

from __future__ import annotations

from dataclasses import replace

from harness.engines.reference.engine import NinjutsuFamily, Searching
from harness.engines.reference.game import Game, Perm
from harness.engines.reference.lines import Ninjutsu
from harness.engines.reference.ninjutsu import LIBRARY_NINJUTSU
from harness.engines.reference.oracle import matches_filter
from harness.protocol.model import (
    AFTER_BLOCKERS_STEPS,
    Action,
    Event,
    PlayerIndex,
    Search,
    StackItem,
    Step,
    Zone,
)

from . import Mutant
from .ninjutsu import EARLY_STEPS, combat_never_ends, deal_damage_if_late


def restriction_binds_controller(
    self, game: Game, controller: PlayerIndex, searcher: PlayerIndex, library: PlayerIndex
) -> bool:
    return True


def restricted_opponent_finds_fifth(self, game: Game, searcher: PlayerIndex, library: PlayerIndex) -> int | None:
    count = Searching.search_restriction(self, game, searcher, library)
    return None if count is None else count + 1


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


def no_shuffle_after_search(self, game: Game, search: Search) -> bool:
    return False


def search_reorders_library(self, game: Game, search: Search, library: list[str]) -> list[str]:
    sought = [c for c in library if matches_filter(game.data(c), search.card_type)]
    return sought + [c for c in library if c not in sought]


def library_ninjutsu_from_hand(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
    seat = game.players[player]
    return card_id in seat.library or card_id in seat.hand


def library_ninjutsu_after_finding(self, game: Game, search: Search) -> bool:
    return True


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


def library_ninja_enters_after_leaving(self, game: Game, item: StackItem) -> bool:
    return True


def no_mana_abilities_during_search(self, game: Game, player: PlayerIndex) -> bool:
    return False


def library_ninjutsu_ignores_mana_cost(self, game: Game, ability: Ninjutsu) -> tuple[str, ...]:
    return ()


def library_ninja_enters_on_activation(self, game: Game, action: Action, events: list[Event]) -> None:
    NinjutsuFamily.activate_library_ninjutsu(self, game, action, events)
    item = next(i for i in reversed(game.stack) if i.ability == LIBRARY_NINJUTSU and i.source == action.source)
    game.stack.remove(item)
    self.resolve_library_ninjutsu(game, item, events)
    self.e.core.left_stack(game, item)


def library_ninjutsu_ends_search(self, game: Game) -> bool:
    return False


def one_library_ninjutsu_per_search(self, game: Game, player: PlayerIndex) -> bool:
    return NinjutsuFamily.library_ninjutsu_window_open(self, game, player) and not any(
        item.ability == LIBRARY_NINJUTSU for item in game.stack
    )


def library_ninjutsu_triggers_during_search(self, game: Game, action: Action, events: list[Event]) -> None:
    NinjutsuFamily.activate_library_ninjutsu(self, game, action, events)
    if game.triggered:
        self.e.core.put_triggers_on_stack(game, events)


def library_ninjutsu_only_in_declare_blockers(self, game: Game) -> bool:
    return game.step is Step.DECLARE_BLOCKERS


def library_ninjutsu_only_during_spells(self, game: Game, player: PlayerIndex, search: Search) -> bool:
    return NinjutsuFamily.library_ninjutsu_search_ok(self, game, player, search) and not game.is_type(
        search.source, "Land"
    )


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "restriction-binds-controller",
        breaks=("search.only-top-cards",),
        bug="Aven Mindcensor's restriction also applies to its controller's own searches",
        replaces={"search.restriction_applies": restriction_binds_controller},
    ),
    Mutant(
        "restricted-opponent-finds-fifth",
        breaks=("search.only-top-cards",),
        bug="a restricted search sees one card too many (an off-by-one): the opponent can find the fifth card",
        replaces={"search.restriction": restricted_opponent_finds_fifth},
    ),
    Mutant(
        "restriction-spares-opponent-libraries",
        breaks=("search.only-top-cards",),
        bug="the restriction applies only when an opponent searches their own library (not Bribery's search of "
        "another library)",
        replaces={"search.restriction_applies": restriction_spares_opponent_libraries},
    ),
    Mutant(
        "restricted-candidates-slide",
        breaks=("search.top-cards-fixed",),
        bug="after a restricted search finds a card, the next card of the library becomes visible (the top "
        "four are counted again without the found cards)",
        replaces={"search.after_finding": restricted_candidates_slide},
    ),
    Mutant(
        "restricted-search-not-counted",
        breaks=("search.top-cards-count-as-search",),
        bug="a search restricted to the top cards does not count as searching the library",
        replaces={"search.counts_as_searching": restricted_search_not_counted},
    ),
    Mutant(
        "shuffle-only-top-four",
        breaks=("search.shuffle-whole-library",),
        bug="after a search restricted to the top four cards, only those four are shuffled",
        replaces={"search.shuffle_count": shuffle_only_top_four},
    ),
    Mutant(
        "no-shuffle-after-search",
        breaks=("search.shuffle-whole-library",),
        bug="the library is not shuffled after the search",
        replaces={"search.shuffle_after_search": no_shuffle_after_search},
    ),
    Mutant(
        "search-reorders-library",
        breaks=("library-ninjutsu.library-order-during-search",),
        bug="as the search begins, the cards it asks for are moved to the top of the library (before the shuffle)",
        replaces={"search.library_order_while_searching": search_reorders_library},
    ),
    Mutant(
        "library-ninjutsu-from-hand",
        breaks=("library-ninjutsu.from-library-only",),
        bug="library ninjutsu can also be activated from the hand during a search",
        replaces={"ninjutsu.library_ninjutsu_activatable_from": library_ninjutsu_from_hand},
    ),
    Mutant(
        "library-ninjutsu-after-finding",
        breaks=("library-ninjutsu.before-finding-cards",),
        bug="library ninjutsu can still be activated after the search has found a card",
        replaces={"ninjutsu.library_ninjutsu_before_finding": library_ninjutsu_after_finding},
    ),
    Mutant(
        "library-ninjutsu-during-any-search",
        breaks=("library-ninjutsu.only-while-searching",),
        bug="library ninjutsu can be activated during any search its controller makes, also of an opponent's "
        "library (Bribery)",
        replaces={"ninjutsu.library_ninjutsu_search_ok": library_ninjutsu_during_any_search},
    ),
    Mutant(
        "library-ninjutsu-during-look",
        breaks=("library-ninjutsu.only-while-searching",),
        bug="library ninjutsu can be activated while its controller only looks at their library (Halimar Depths)",
        replaces={"ninjutsu.library_ninjutsu_search_ok": library_ninjutsu_during_look},
    ),
    Mutant(
        "library-ninjutsu-without-search",
        breaks=("library-ninjutsu.only-while-searching",),
        bug="library ninjutsu can be activated from the library whenever its controller has priority after "
        "blockers, searching or not",
        replaces={
            "ninjutsu.activatable_from": library_ninjutsu_without_search__activatable_from,
            "ninjutsu.zone_cards": library_ninjutsu_without_search__zone_cards,
        },
    ),
    Mutant(
        "library-ninjutsu-before-blockers",
        breaks=("ninjutsu.after-blockers-plural",),
        bug="library ninjutsu can be activated during a search in any combat step, returning any attacking creature",
        replaces={
            "ninjutsu.library_ninjutsu_step_ok": library_ninjutsu_before_blockers__library_ninjutsu_step_ok,
            "ninjutsu.return_candidates": library_ninjutsu_before_blockers__return_candidates,
        },
    ),
    Mutant(
        "library-ninjutsu-window-closes-at-damage",
        breaks=("library-ninjutsu.damage-timing",),
        bug="library ninjutsu cannot be activated in the end of combat step",
        replaces={"ninjutsu.library_ninjutsu_step_ok": library_ninjutsu_window_closes_at_damage},
    ),
    Mutant(
        "library-combat-never-ends",
        breaks=("library-ninjutsu.damage-timing",),
        bug="creatures stay attacking after the end of combat step, so library ninjutsu stays available during "
        "searches all turn",
        replaces={
            "ninjutsu.library_ninjutsu_step_ok": library_combat_never_ends,
            "combat.remove_all_from_combat": combat_never_ends,
        },
    ),
    Mutant(
        "late-library-ninja-deals-damage",
        breaks=("library-ninjutsu.damage-timing",),
        bug="a Ninja put in by library ninjutsu after combat damage was dealt deals its combat damage on entering",
        replaces={"ninjutsu.resolve_library_ninjutsu": late_library_ninja_deals_damage},
    ),
    Mutant(
        "no-library-ninjutsu-in-first-strike-step",
        breaks=("library-ninjutsu.first-strike-damage-step",),
        bug="library ninjutsu cannot be activated during the first-strike combat damage step",
        replaces={"ninjutsu.library_ninjutsu_step_ok": no_library_ninjutsu_in_first_strike_step},
    ),
    Mutant(
        "library-ninjutsu-returns-to-hand",
        breaks=("library-ninjutsu.reveal-and-shuffle",),
        bug="library ninjutsu returns the attacking creature to its owner's hand instead of shuffling it into "
        "the library",
        replaces={"ninjutsu.library_ninjutsu_returns_to": library_ninjutsu_returns_to_hand},
    ),
    Mutant(
        "library-ninja-enters-after-leaving",
        breaks=("library-ninjutsu.reveal-and-shuffle",),
        bug="a Ninja that left the library after library ninjutsu was activated is put onto the battlefield all "
        "the same",
        replaces={"ninjutsu.library_ninja_still_available": library_ninja_enters_after_leaving},
    ),
    Mutant(
        "no-mana-abilities-during-search",
        breaks=("library-ninjutsu.activation-during-search",),
        bug="mana abilities cannot be activated during a search, not even to pay for library ninjutsu",
        replaces={"search.mana_abilities_during_search": no_mana_abilities_during_search},
    ),
    Mutant(
        "library-ninjutsu-ignores-mana-cost",
        breaks=("library-ninjutsu.activation-during-search",),
        bug="library ninjutsu activated during a search does not have its mana cost paid",
        replaces={"ninjutsu.library_ninjutsu_cost": library_ninjutsu_ignores_mana_cost},
    ),
    Mutant(
        "library-ninja-enters-on-activation",
        breaks=("library-ninjutsu.activation-during-search",),
        bug="library ninjutsu does not use the stack: the Ninja enters as the ability is activated",
        replaces={"ninjutsu.activate_library_ninjutsu": library_ninja_enters_on_activation},
    ),
    Mutant(
        "library-ninjutsu-ends-search",
        breaks=("library-ninjutsu.search-continues",),
        bug="activating library ninjutsu ends the search: it finds nothing more",
        replaces={"ninjutsu.search_continues_after_activation": library_ninjutsu_ends_search},
    ),
    Mutant(
        "one-library-ninjutsu-per-search",
        breaks=("library-ninjutsu.multiple-during-one-search",),
        bug="only one library ninjutsu ability can be activated during a search",
        replaces={"ninjutsu.library_ninjutsu_window_open": one_library_ninjutsu_per_search},
    ),
    Mutant(
        "library-ninjutsu-triggers-during-search",
        breaks=("library-ninjutsu.search-continues",),
        bug="abilities that trigger as library ninjutsu is activated go on the stack at once, in the middle of "
        "the search",
        replaces={"ninjutsu.activate_library_ninjutsu": library_ninjutsu_triggers_during_search},
    ),
    Mutant(
        "library-ninjutsu-only-in-declare-blockers",
        breaks=("ninjutsu.after-blockers-plural", "library-ninjutsu.damage-timing"),
        bug="library ninjutsu is offered only in the declare blockers step",
        replaces={"ninjutsu.library_ninjutsu_step_ok": library_ninjutsu_only_in_declare_blockers},
    ),
    Mutant(
        "library-ninjutsu-only-during-spells",
        breaks=("library-ninjutsu.only-while-searching",),
        bug="library ninjutsu is offered only while a spell searches, not an ability (a fetch land)",
        replaces={"ninjutsu.library_ninjutsu_search_ok": library_ninjutsu_only_during_spells},
    ),
)
