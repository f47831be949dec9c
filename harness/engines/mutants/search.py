"""Mutants of the search rules (701.23, 701.24, Aven Mindcensor) and of library ninjutsu
(Panglacial Shinobi): the mistakes an engine makes when searches are replacement-prone, resolve in
several steps and let a player act in the middle of them."""

from __future__ import annotations

from dataclasses import replace

from harness.engines.reference.effects import matches_filter
from harness.engines.reference.game import Game, Perm
from harness.engines.reference.library_ninjutsu import LIBRARY_NINJUTSU
from harness.engines.reference.oracle import Ninjutsu
from harness.engines.reference.rules import ReferenceRules
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

from . import mutant
from .ninjutsu import EARLY_STEPS, CombatNeverEnds, deal_damage_if_late

# -- Aven Mindcensor: searches restricted to the top cards --------------------------------------


@mutant("restriction-binds-controller", breaks="search.only-top-cards",
        bug="Aven Mindcensor's restriction also applies to its controller's own searches")
class RestrictionBindsController(ReferenceRules):
    def restriction_applies(self, game: Game, controller: PlayerIndex, searcher: PlayerIndex,
                            library: PlayerIndex) -> bool:
        return True


@mutant("restricted-opponent-finds-fifth", breaks="search.only-top-cards",
        bug="a restricted search sees one card too many (an off-by-one): the opponent can find the fifth card")
class RestrictedOpponentFindsFifth(ReferenceRules):
    def search_restriction(self, game: Game, searcher: PlayerIndex, library: PlayerIndex) -> int | None:
        count = super().search_restriction(game, searcher, library)
        return None if count is None else count + 1


@mutant("restriction-spares-opponent-libraries", breaks="search.only-top-cards",
        bug="the restriction applies only when an opponent searches their own library (not Bribery's search of "
            "another library)")
class RestrictionSparesOpponentLibraries(ReferenceRules):
    def restriction_applies(self, game: Game, controller: PlayerIndex, searcher: PlayerIndex,
                            library: PlayerIndex) -> bool:
        return searcher != controller and library == searcher


@mutant("restricted-candidates-slide", breaks="search.top-cards-fixed",
        bug="after a restricted search finds a card, the next card of the library becomes visible (the top "
            "four are counted again without the found cards)")
class RestrictedCandidatesSlide(ReferenceRules):
    def search_after_finding(self, game: Game, search: Search, library: list[str]) -> Search:
        if search.visible is None:
            return search
        visible = search.visible + len(search.found)  # the found cards no longer count
        return replace(search, visible=visible, candidates=tuple(library[:visible]))


@mutant("restricted-search-not-counted", breaks="search.top-cards-count-as-search",
        bug="a search restricted to the top cards does not count as searching the library")
class RestrictedSearchNotCounted(ReferenceRules):
    def counts_as_searching(self, game: Game, search: Search) -> bool:
        return search.visible is None


# -- shuffling and the order of the library --------------------------------------------------


@mutant("shuffle-only-top-four", breaks="search.shuffle-whole-library",
        bug="after a search restricted to the top four cards, only those four are shuffled")
class ShuffleOnlyTopFour(ReferenceRules):
    def shuffle_count(self, game: Game, search: Search, library_size: int) -> int:
        return min(library_size, search.visible if search.visible is not None else library_size)


@mutant("no-shuffle-after-search", breaks="search.shuffle-whole-library",
        bug="the library is not shuffled after the search")
class NoShuffleAfterSearch(ReferenceRules):
    def shuffle_after_search(self, game: Game, search: Search) -> bool:
        return False


@mutant("search-reorders-library", breaks="library-ninjutsu.library-order-during-search",
        bug="as the search begins, the cards it asks for are moved to the top of the library (before the shuffle)")
class SearchReordersLibrary(ReferenceRules):
    def library_order_while_searching(self, game: Game, search: Search, library: list[str]) -> list[str]:
        sought = [c for c in library if matches_filter(game.data(c), search.card_type)]
        return sought + [c for c in library if c not in sought]


# -- library ninjutsu: when and from where ----------------------------------------------------


@mutant("library-ninjutsu-from-hand", breaks="library-ninjutsu.from-library-only",
        bug="library ninjutsu can also be activated from the hand during a search")
class LibraryNinjutsuFromHand(ReferenceRules):
    def library_ninjutsu_activatable_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        seat = game.players[player]
        return card_id in seat.library or card_id in seat.hand


@mutant("library-ninjutsu-after-finding", breaks="library-ninjutsu.before-finding-cards",
        bug="library ninjutsu can still be activated after the search has found a card")
class LibraryNinjutsuAfterFinding(ReferenceRules):
    def library_ninjutsu_before_finding(self, game: Game, search: Search) -> bool:
        return True


@mutant("library-ninjutsu-during-any-search", breaks="library-ninjutsu.only-while-searching",
        bug="library ninjutsu can be activated during any search its controller makes, also of an opponent's "
            "library (Bribery)")
class LibraryNinjutsuDuringAnySearch(ReferenceRules):
    def library_ninjutsu_search_ok(self, game: Game, player: PlayerIndex, search: Search) -> bool:
        return search.mode == "find" and search.searcher == player


@mutant("library-ninjutsu-during-look", breaks="library-ninjutsu.only-while-searching",
        bug="library ninjutsu can be activated while its controller only looks at their library (Halimar Depths)")
class LibraryNinjutsuDuringLook(ReferenceRules):
    def library_ninjutsu_search_ok(self, game: Game, player: PlayerIndex, search: Search) -> bool:
        return search.searcher == player and search.library == player


@mutant("library-ninjutsu-without-search", breaks="library-ninjutsu.only-while-searching",
        bug="library ninjutsu can be activated from the library whenever its controller has priority after "
            "blockers, searching or not")
class LibraryNinjutsuWithoutSearch(ReferenceRules):
    def ninjutsu_activatable_from(self, game: Game, player: PlayerIndex, card_id: str, ability: Ninjutsu) -> bool:
        if ability.variant == LIBRARY_NINJUTSU:
            return card_id in game.players[player].library
        return super().ninjutsu_activatable_from(game, player, card_id, ability)

    def ninjutsu_zone_cards(self, game: Game, player: PlayerIndex) -> list[str]:
        return super().ninjutsu_zone_cards(game, player) + list(game.players[player].library)


@mutant("library-ninjutsu-before-blockers", breaks="ninjutsu.after-blockers-plural",
        bug="library ninjutsu can be activated during a search in any combat step, returning any attacking "
            "creature")
class LibraryNinjutsuBeforeBlockers(ReferenceRules):
    def library_ninjutsu_step_ok(self, game: Game) -> bool:
        return game.step.is_combat

    def ninjutsu_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        return [p for p in game.battlefield if p.controller == player and p.attacking is not None]


@mutant("library-ninjutsu-window-closes-at-damage", breaks="library-ninjutsu.damage-timing",
        bug="library ninjutsu cannot be activated in the end of combat step")
class LibraryNinjutsuWindowClosesAtDamage(ReferenceRules):
    def library_ninjutsu_step_ok(self, game: Game) -> bool:
        return game.step is not Step.END_OF_COMBAT and super().library_ninjutsu_step_ok(game)


@mutant("library-combat-never-ends", breaks="library-ninjutsu.damage-timing",
        bug="creatures stay attacking after the end of combat step, so library ninjutsu stays available during "
            "searches all turn")
class LibraryCombatNeverEnds(CombatNeverEnds):
    def library_ninjutsu_step_ok(self, game: Game) -> bool:
        return game.step not in EARLY_STEPS


@mutant("late-library-ninja-deals-damage", breaks="library-ninjutsu.damage-timing",
        bug="a Ninja put in by library ninjutsu after combat damage was dealt deals its combat damage on entering")
class LateLibraryNinjaDealsDamage(ReferenceRules):
    def resolve_library_ninjutsu(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        entered = super().resolve_library_ninjutsu(game, item, events)
        deal_damage_if_late(self, game, item, entered, events)
        return entered


@mutant("no-library-ninjutsu-in-first-strike-step", breaks="library-ninjutsu.first-strike-damage-step",
        bug="library ninjutsu cannot be activated during the first-strike combat damage step")
class NoLibraryNinjutsuInFirstStrikeStep(ReferenceRules):
    def library_ninjutsu_step_ok(self, game: Game) -> bool:
        return game.step is not Step.FIRST_STRIKE_DAMAGE and game.step in AFTER_BLOCKERS_STEPS


# -- library ninjutsu: activation, costs and the stack during the search -------------------------


@mutant("library-ninjutsu-returns-to-hand", breaks="library-ninjutsu.reveal-and-shuffle",
        bug="library ninjutsu returns the attacking creature to its owner's hand instead of shuffling it into "
            "the library")
class LibraryNinjutsuReturnsToHand(ReferenceRules):
    def library_ninjutsu_returns_to(self, game: Game, creature: Perm) -> Zone:
        return Zone.HAND


@mutant("library-ninja-enters-after-leaving", breaks="library-ninjutsu.reveal-and-shuffle",
        bug="a Ninja that left the library after library ninjutsu was activated is put onto the battlefield all "
            "the same")
class LibraryNinjaEntersAfterLeaving(ReferenceRules):
    def library_ninja_still_available(self, game: Game, item: StackItem) -> bool:
        return True


@mutant("no-mana-abilities-during-search", breaks="library-ninjutsu.activation-during-search",
        bug="mana abilities cannot be activated during a search, not even to pay for library ninjutsu")
class NoManaAbilitiesDuringSearch(ReferenceRules):
    def mana_abilities_during_search(self, game: Game, player: PlayerIndex) -> bool:
        return False


@mutant("library-ninjutsu-ignores-mana-cost", breaks="library-ninjutsu.activation-during-search",
        bug="library ninjutsu activated during a search does not have its mana cost paid")
class LibraryNinjutsuIgnoresManaCost(ReferenceRules):
    def library_ninjutsu_cost(self, game: Game, ability: Ninjutsu) -> tuple[str, ...]:
        return ()


@mutant("library-ninja-enters-on-activation", breaks="library-ninjutsu.activation-during-search",
        bug="library ninjutsu does not use the stack: the Ninja enters as the ability is activated")
class LibraryNinjaEntersOnActivation(ReferenceRules):
    def activate_library_ninjutsu(self, game: Game, action: Action, events: list[Event]) -> None:
        super().activate_library_ninjutsu(game, action, events)
        item = next(i for i in reversed(game.stack) if i.ability == LIBRARY_NINJUTSU and i.source == action.source)
        game.stack.remove(item)
        self.resolve_library_ninjutsu(game, item, events)
        self.left_stack(game, item)


@mutant("library-ninjutsu-ends-search", breaks="library-ninjutsu.search-continues",
        bug="activating library ninjutsu ends the search: it finds nothing more")
class LibraryNinjutsuEndsSearch(ReferenceRules):
    def search_continues_after_activation(self, game: Game) -> bool:
        return False


@mutant("one-library-ninjutsu-per-search", breaks="library-ninjutsu.multiple-during-one-search",
        bug="only one library ninjutsu ability can be activated during a search")
class OneLibraryNinjutsuPerSearch(ReferenceRules):
    def library_ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        return super().library_ninjutsu_window_open(game, player) and not any(
            item.ability == LIBRARY_NINJUTSU for item in game.stack)


@mutant("library-ninjutsu-triggers-during-search", breaks="library-ninjutsu.search-continues",
        bug="abilities that trigger as library ninjutsu is activated go on the stack at once, in the middle of "
            "the search")
class LibraryNinjutsuTriggersDuringSearch(ReferenceRules):
    def activate_library_ninjutsu(self, game: Game, action: Action, events: list[Event]) -> None:
        super().activate_library_ninjutsu(game, action, events)
        if game.triggered:
            self.put_triggers_on_stack(game, events)


@mutant("library-ninjutsu-only-in-declare-blockers",
        breaks=("ninjutsu.after-blockers-plural", "library-ninjutsu.damage-timing"),
        bug="library ninjutsu is offered only in the declare blockers step")
class LibraryNinjutsuOnlyInDeclareBlockers(ReferenceRules):
    def library_ninjutsu_step_ok(self, game: Game) -> bool:
        return game.step is Step.DECLARE_BLOCKERS


@mutant("library-ninjutsu-only-during-spells", breaks="library-ninjutsu.only-while-searching",
        bug="library ninjutsu is offered only while a spell searches, not an ability (a fetch land)")
class LibraryNinjutsuOnlyDuringSpells(ReferenceRules):
    def library_ninjutsu_search_ok(self, game: Game, player: PlayerIndex, search: Search) -> bool:
        return super().library_ninjutsu_search_ok(game, player, search) and not game.is_type(search.source, "Land")
