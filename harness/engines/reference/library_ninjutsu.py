"""LibraryNinjutsuRules: library ninjutsu, the Mystery Booster 2 playtest variant of ninjutsu
(702.49) on Panglacial Shinobi — a mixin of :class:`~.rules.ReferenceRules`.

"Library ninjutsu [cost]" is activated from your library, only while you search your own library
with an effect that says "search" and "library" (not Bribery's search of an opponent's library,
not Halimar Depths' look), only after blockers are declared and with an unblocked attacker to
return, and only before the search has found a card. As it is activated the Ninja is revealed
and stays revealed in the library, and the returned creature is shuffled into its owner's
library (not returned to the hand). The ability goes on the stack; the search continues where it
left off; once the search effect has finished resolving, the active player receives priority
with the ability on the stack. When it resolves, the Ninja (if it is still in the library) enters
tapped and attacking what the returned creature was attacking; it was never declared as an
attacker. The combat decisions (return candidates, entry target, tapped, blocked status, attack
triggers) are the ninjutsu ones of :class:`~.rules.ReferenceRules`, shared by both variants.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.protocol.adapter import ActionRefused
from harness.protocol.model import (
    AFTER_BLOCKERS_STEPS,
    Action,
    ActionKind,
    Event,
    EventKind,
    PlayerIndex,
    Search,
    StackItem,
    Zone,
)

from .game import Game, Perm, returned_choices
from .oracle import Ninjutsu

if TYPE_CHECKING:
    from .rules import ReferenceRules

LIBRARY_NINJUTSU = "library ninjutsu"


class LibraryNinjutsuRules:
    """Library ninjutsu. Relies on SearchRules for the search in progress and on ReferenceRules
    for ninjutsu's combat decisions and for payments."""

    # =====================================================================================
    # Decisions
    # =====================================================================================
    def library_ninjutsu_search_ok(self, game: Game, player: PlayerIndex, search: Search) -> bool:
        """Panglacial Shinobi ruling: only while you're searching your own library, and "the
        effect that caused you to search needs to say 'search' and 'library'" (Bribery: an
        opponent's library; Halimar Depths: a look, no search)."""
        return (
            search.mode == "find"
            and search.searcher == player
            and search.library == player
            and search.says_search_and_library
        )

    def library_ninjutsu_step_ok(self, game: Game) -> bool:
        """As for ninjutsu: only after blockers are declared (declare blockers, combat damage and
        end of combat steps, the first-strike damage step included)."""
        return game.step in AFTER_BLOCKERS_STEPS

    def library_ninjutsu_before_finding(self, game: Game, search: Search) -> bool:
        """Ruling: "you must do so before you find any cards with the search effect"."""
        return not search.found

    def library_ninjutsu_window_open(self: ReferenceRules, game: Game, player: PlayerIndex) -> bool:
        search = self.current_search(game)
        return (
            search is not None
            and self.library_ninjutsu_search_ok(game, player, search)
            and self.library_ninjutsu_step_ok(game)
            and self.library_ninjutsu_before_finding(game, search)
        )

    def library_ninjutsu_activatable_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """Ruling: "can be activated only from your library. It can't be activated from your hand"."""
        return card_id in game.players[player].library

    def library_ninjutsu_card_visible(self, game: Game, search: Search, card_id: str) -> bool:
        """The Ninja must be a card the search lets its searcher see: under a restriction such as
        Aven Mindcensor's, only the top cards ("They can't look at the other cards")."""
        return search.visible is None or card_id in search.candidates

    def library_ninjutsu_cost(self, game: Game, ability: Ninjutsu) -> tuple[str, ...]:
        """602.2b: the listed mana cost is paid (ruling: "You have to pay the ability's listed
        costs and any applicable additional costs")."""
        return ability.cost

    def library_ninjutsu_returns_to(self, game: Game, creature: Perm) -> Zone:
        """Ruling: "shuffle the attacking creature into your library" (its owner's library,
        400.3), not to the hand as with ninjutsu."""
        return Zone.LIBRARY

    def search_continues_after_activation(self, game: Game) -> bool:
        """Ruling: "After you activate a library ninjutsu ability, you continue the search effect
        where you left off"."""
        return True

    def library_ninja_still_available(self: ReferenceRules, game: Game, item: StackItem) -> bool:
        """400.7: the ability puts "this card" onto the battlefield from the library; if it left
        the library after activation (even if it came back), the ability does nothing."""
        return self.ninja_still_in(game, item, Zone.LIBRARY)

    # =====================================================================================
    # Procedures
    # =====================================================================================
    def library_ninjutsu_abilities(self: ReferenceRules, game: Game, card_id: str) -> list[Ninjutsu]:
        if card_id not in game.objects:
            return []
        return [n for n in game.abilities_of(card_id).ninjutsu if n.variant == LIBRARY_NINJUTSU]

    def library_ninjutsu_cards(self: ReferenceRules, game: Game, player: PlayerIndex) -> list[str]:
        """Cards of ``player`` whose library ninjutsu could be activated (library, then hand:
        ``library_ninjutsu_activatable_from`` decides)."""
        search = self.current_search(game)
        seat = game.players[player]
        return [
            c for c in seat.library + seat.hand
            if self.library_ninjutsu_abilities(game, c)
            and self.library_ninjutsu_activatable_from(game, player, c)
            and (search is None or self.library_ninjutsu_card_visible(game, search, c))
        ]

    def library_ninjutsu_possible(self: ReferenceRules, game: Game, player: PlayerIndex) -> bool:
        """Whether ``player`` could activate a library ninjutsu now, mana aside."""
        return (
            self.library_ninjutsu_window_open(game, player)
            and bool(self.library_ninjutsu_cards(game, player))
            and bool(self.ninjutsu_return_candidates(game, player))
        )

    def library_ninjutsu_actions(self: ReferenceRules, game: Game, player: PlayerIndex) -> list[Action]:
        if not self.library_ninjutsu_window_open(game, player):
            return []
        returnable = self.ninjutsu_return_candidates(game, player)
        actions = []
        for card_id in self.library_ninjutsu_cards(game, player):
            for ability in self.library_ninjutsu_abilities(game, card_id):
                if self.plan_mana_payment(game, player, self.library_ninjutsu_cost(game, ability)) is None:
                    continue
                for creature in returnable:
                    actions.append(Action(ActionKind.ACTIVATE, player, source=card_id, ability=LIBRARY_NINJUTSU,
                                          costs=(("return", creature.id),)))
        return actions

    def activate_library_ninjutsu(self: ReferenceRules, game: Game, action: Action, events: list[Event]) -> None:
        """602.2 during a search: reveal the Ninja in the library, pay the mana, shuffle the
        returned creature into its owner's library; the ability goes on the stack and the search
        goes on (no one receives priority until the search effect has finished resolving)."""
        player = action.player
        card_id = action.source or ""
        search = self.current_search(game)
        if action.ability != LIBRARY_NINJUTSU or not self.library_ninjutsu_abilities(game, card_id):
            raise ActionRefused(f"{card_id or 'nothing'} has no {action.ability} ability to activate during a search")
        ability = self.library_ninjutsu_abilities(game, card_id)[0]
        if search is None or not self.library_ninjutsu_window_open(game, player):
            raise ActionRefused(f"library ninjutsu cannot be activated now (step {game.step})")
        if not self.library_ninjutsu_activatable_from(game, player, card_id):
            raise ActionRefused(f"{card_id} is not where its library ninjutsu can be activated from")
        if not self.library_ninjutsu_card_visible(game, search, card_id):
            raise ActionRefused(f"{card_id} is not among the cards the search can see")
        returned = self.unblocked_attacker_to_return(self.ninjutsu_return_candidates(game, player), action)
        plan = self.require_mana_plan(game, player, self.library_ninjutsu_cost(game, ability))

        self.reveal_and_pay(game, player, card_id, LIBRARY_NINJUTSU, plan, events)
        choices = returned_choices(returned)
        self.library_ninjutsu_return(game, returned, events)
        game.stack.append(StackItem(game.next_stack_id(), "activated", card_id, player, LIBRARY_NINJUTSU, choices))
        game.passes = 0
        self.refresh_search(game)
        if not self.search_continues_after_activation(game):
            self.finish_search(game, events)

    def library_ninjutsu_return(self: ReferenceRules, game: Game, creature: Perm, events: list[Event]) -> None:
        """Shuffle the returned creature into its owner's library (or wherever the decision says)."""
        zone = self.library_ninjutsu_returns_to(game, creature)
        owner = game.owner(creature.id)
        game.remove_from_zone(creature.id)
        self.left_battlefield(game, creature.id)
        game.put_in_zone(creature.id, zone)
        events.append(Event(EventKind.ZONE_CHANGE, card=creature.id, from_zone=Zone.BATTLEFIELD, to_zone=zone))
        if zone is Zone.LIBRARY:
            self.shuffle_library(game, owner, events)
        # Leaves-the-battlefield abilities trigger now; they wait (603.3) until a player would
        # receive priority: once the search effect has finished resolving.
        self.permanent_left(game, creature, zone, events)

    def resolve_library_ninjutsu(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> bool:
        """The Ninja enters from the library tapped and attacking the returned creature's
        target (702.49c); never declared, so no "attacks" triggers (508.4)."""
        return self.ninjutsu_resolves(game, item, Zone.LIBRARY, events)

    def can_resolve_library_ninjutsu(self: ReferenceRules, game: Game, item: StackItem) -> bool:
        return item.kind == "activated" and item.ability == LIBRARY_NINJUTSU and bool(
            self.library_ninjutsu_abilities(game, item.source))
