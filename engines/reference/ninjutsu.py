"""The ninjutsu family (702.49): ninjutsu from the hand, commander ninjutsu from the hand or the
command zone (702.49d), and library ninjutsu (the Mystery Booster 2 playtest variant on
Panglacial Shinobi) — the reference engine's ninjutsu component.

Ninjutsu: "[Cost], Reveal this card from your hand, Return an unblocked attacking creature you
control to its owner's hand: Put this card onto the battlefield from your hand tapped and
attacking." (702.49a), activated once blockers have been declared, by a player with priority.
"Commander ninjutsu [cost]" is the same ability that also works from the command zone: "[Cost],
Reveal this card from your hand or present this card from the command zone, Return ...: Put this
card onto the battlefield tapped and attacking." (702.49d). The zone it was activated from is
remembered on the stack item (``from``): the card enters from there, if it is still there.

"Library ninjutsu [cost]" is activated from your library, only while you search your own library
with an effect that says "search" and "library" (not Bribery's search of an opponent's library,
not Halimar Depths' look), only after blockers are declared and with an unblocked attacker to
return, and only before the search has found a card. As it is activated the Ninja is revealed
and stays revealed in the library, and the returned creature is shuffled into its owner's
library (not returned to the hand). The ability goes on the stack; the search continues where it
left off; once the search effect has finished resolving, the active player receives priority
with the ability on the stack. When it resolves, the Ninja (if it is still in the library) enters
tapped and attacking what the returned creature was attacking; it was never declared as an
attacker. Library ninjutsu reaches the search through hooks and the dispatch table
(``search.offers``, ``search.costs_to_pay``, ``Table.searching``); what it asks of combat, mana,
the search and the zones are their services (:mod:`.services`).
"""

from __future__ import annotations

from protocol.adapter import ActionRefused
from protocol.mechanics import Mechanic
from protocol.model import (
    AFTER_BLOCKERS_STEPS,
    Action,
    ActionKind,
    AttackTarget,
    Event,
    EventKind,
    PlayerIndex,
    Search,
    StackItem,
    Zone,
    target_ref,
)

from . import hooks
from .game import SOURCE_GONE, Game, Perm, returned_choices
from .lines import Ninjutsu
from .oracle import NINJUTSU_VARIANTS
from .payment import OptionPlan
from .services import CombatQueries, Payment, SearchState, Services, Turn, Zones
from .table import Table, decision

NINJUTSU = "ninjutsu"
LIBRARY_NINJUTSU = "library ninjutsu"
COMMANDER_NINJUTSU = "commander ninjutsu"
#: Stack-item choice: the zone a ninjutsu or commander ninjutsu ability was activated from.
FROM_ZONE = "from"
#: The variants activated with priority, from the hand (and the command zone).
WITH_PRIORITY = (NINJUTSU, COMMANDER_NINJUTSU)


class NinjutsuFamily:
    """Ninjutsu and library ninjutsu; their combat decisions (return candidates, entry target,
    tapped, blocked status) are shared by both variants."""

    #: Ninjutsu-family variants that can be activated (the others parse but are never offered).
    #: Library ninjutsu is activated only during a search, never with priority.
    implemented_ninjutsu_variants: frozenset[str] = frozenset({NINJUTSU, LIBRARY_NINJUTSU, COMMANDER_NINJUTSU})

    name = "ninjutsu"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset({Mechanic.NINJUTSU, Mechanic.LIBRARY_NINJUTSU, Mechanic.COMMANDER_NINJUTSU})

    turn: Turn
    zones: Zones
    combat: CombatQueries
    payment: Payment
    search: SearchState

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.zones = services.zones
        self.combat = services.combat
        self.payment = services.payment
        self.search = services.search

    def register(self, table: Table) -> None:
        table.offer("ninjutsu.from_hand", self.ninjutsu_actions)
        table.action(
            self.name,
            ActionKind.ACTIVATE,
            lambda game, action: action.ability in NINJUTSU_VARIANTS,
            self.activate_ninjutsu,
        )
        table.resolver(self.name, "activated", self.can_resolve_ninjutsu, self.resolve_ninjutsu)
        table.resolver(self.name, "activated", self.can_resolve_library_ninjutsu, self.resolve_library_ninjutsu)
        table.hook(hooks.search_offers.by(self.name, self.library_ninjutsu_actions))
        table.hook(hooks.search_costs_to_pay.by(self.name, self.library_ninjutsu_possible))
        table.search_action(
            self.name, lambda game, action: action.ability == LIBRARY_NINJUTSU, self.activate_library_ninjutsu
        )

    def can_resolve_ninjutsu(self, game: Game, item: StackItem) -> bool:
        return item.ability in WITH_PRIORITY and any(
            n.variant == item.ability for n in game.abilities_of(item.source).ninjutsu
        )

    # =====================================================================================
    # Decisions: ninjutsu (702.49)
    # =====================================================================================
    @decision("ninjutsu.variant_implemented")
    def ninjutsu_variant_implemented(self, variant: str) -> bool:
        """702.49: which variants of the ninjutsu family the engine activates (ninjutsu, commander
        ninjutsu 702.49d, library ninjutsu)."""
        return variant in self.implemented_ninjutsu_variants

    @decision("ninjutsu.window_open")
    def ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        """702.49 rulings: ninjutsu can be activated only once blockers have been declared (an
        unblocked attacker exists only in the declare-blockers, damage and end-of-combat steps),
        by a player with priority (instant timing)."""
        return game.step in AFTER_BLOCKERS_STEPS and game.priority == player and game.pending is None

    @decision("ninjutsu.activatable_from")
    def ninjutsu_activatable_from(self, game: Game, player: PlayerIndex, card_id: str, ability: Ninjutsu) -> bool:
        """702.49a: "Ninjutsu" is activated only while the card is in its owner's hand; 702.49d:
        commander ninjutsu "also functions while the card ... is in the command zone" ("Reveal
        this card from your hand or present this card from the command zone")."""
        seat = game.players[player]
        if ability.variant == NINJUTSU:
            return card_id in seat.hand
        if ability.variant == COMMANDER_NINJUTSU:
            return card_id in seat.hand or card_id in seat.command
        return False

    @decision("ninjutsu.return_candidates")
    def ninjutsu_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        """702.49a: the cost returns an unblocked attacking creature the player controls."""
        return [p for p in game.battlefield if p.controller == player and self.combat.is_unblocked_attacker(game, p)]

    @decision("ninjutsu.ninja_still_available")
    def ninja_still_available(self, game: Game, item: StackItem) -> bool:
        """702.49a/400.7: the ability puts "this card" onto the battlefield from the hand (or, for
        commander ninjutsu, from the command zone it was presented from); if the card left that
        zone after activation (even if it came back: a new object), it does nothing."""
        return self.ninja_still_in(game, item, self.activated_from(item))

    @decision("ninjutsu.entry_target")
    def ninjutsu_entry_target(self, game: Game, item: StackItem) -> AttackTarget | None:
        """702.49c: the Ninja attacks the same player, planeswalker or battle as the returned
        creature; if that planeswalker or battle has left the battlefield, the Ninja enters not
        attacking (508.4a). Outside combat nothing enters attacking (506.3d)."""
        return self.combat.returned_creature_target(game, item)

    @decision("ninjutsu.ninja_enters_tapped")
    def ninja_enters_tapped(self, game: Game, item: StackItem) -> bool:
        """702.49a: "onto the battlefield from your hand tapped and attacking"."""
        return True

    @decision("ninjutsu.ninja_blocked_status")
    def ninja_blocked_status(self, game: Game, item: StackItem) -> bool | None:
        """509.1h/702.49 rulings: a Ninja put in after blockers were declared is unblocked;
        before that point it would be neither."""
        return False if game.step in AFTER_BLOCKERS_STEPS else None

    # =====================================================================================
    # Decisions: library ninjutsu (Panglacial Shinobi)
    # =====================================================================================
    @decision("ninjutsu.library_ninjutsu_search_ok")
    def library_ninjutsu_search_ok(self, game: Game, player: PlayerIndex, search: Search) -> bool:
        """702.49/701.23 (Panglacial Shinobi ruling): only while you're searching your own library, and "the
        effect that caused you to search needs to say 'search' and 'library'" (Bribery: an
        opponent's library; Halimar Depths: a look, no search)."""
        return (
            search.mode == "find"
            and search.searcher == player
            and search.library == player
            and search.says_search_and_library
        )

    @decision("ninjutsu.library_ninjutsu_step_ok")
    def library_ninjutsu_step_ok(self, game: Game) -> bool:
        """702.49 (ruling), as for ninjutsu: only after blockers are declared (declare blockers, combat damage and
        end of combat steps, the first-strike damage step included)."""
        return game.step in AFTER_BLOCKERS_STEPS

    @decision("ninjutsu.library_ninjutsu_before_finding")
    def library_ninjutsu_before_finding(self, game: Game, search: Search) -> bool:
        """702.49/701.23 (ruling): "you must do so before you find any cards with the search effect"."""
        return not search.found

    @decision("ninjutsu.library_ninjutsu_window_open")
    def library_ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        """702.49 (Panglacial Shinobi rulings): a search that allows it, after blockers, before
        the search has found a card."""
        search = self.search.current_search(game)
        return (
            search is not None
            and self.library_ninjutsu_search_ok(game, player, search)
            and self.library_ninjutsu_step_ok(game)
            and self.library_ninjutsu_before_finding(game, search)
        )

    @decision("ninjutsu.library_ninjutsu_activatable_from")
    def library_ninjutsu_activatable_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """702.49 (Panglacial Shinobi ruling): "can be activated only from your library. It can't be activated from your hand"."""
        return card_id in game.players[player].library

    @decision("ninjutsu.library_ninjutsu_card_visible")
    def library_ninjutsu_card_visible(self, game: Game, search: Search, card_id: str) -> bool:
        """614.1a/701.23: the Ninja must be a card the search lets its searcher see: under a restriction such as
        Aven Mindcensor's, only the top cards ("They can't look at the other cards")."""
        return search.visible is None or card_id in search.candidates

    @decision("ninjutsu.library_ninjutsu_cost")
    def library_ninjutsu_cost(self, game: Game, ability: Ninjutsu) -> tuple[str, ...]:
        """602.2b: the listed mana cost is paid (ruling: "You have to pay the ability's listed
        costs and any applicable additional costs")."""
        return ability.cost

    @decision("ninjutsu.library_ninjutsu_returns_to")
    def library_ninjutsu_returns_to(self, game: Game, creature: Perm) -> Zone:
        """Ruling: "shuffle the attacking creature into your library" (its owner's library,
        400.3), not to the hand as with ninjutsu."""
        return Zone.LIBRARY

    @decision("ninjutsu.search_continues_after_activation")
    def search_continues_after_activation(self, game: Game) -> bool:
        """701.23 (Panglacial Shinobi ruling): "After you activate a library ninjutsu ability, you continue the search effect
        where you left off"."""
        return True

    @decision("ninjutsu.library_ninja_still_available")
    def library_ninja_still_available(self, game: Game, item: StackItem) -> bool:
        """400.7: the ability puts "this card" onto the battlefield from the library; if it left
        the library after activation (even if it came back), the ability does nothing."""
        return self.ninja_still_in(game, item, Zone.LIBRARY)

    # =====================================================================================
    # Procedures: ninjutsu from the hand
    # =====================================================================================
    def ninja_still_in(self, game: Game, item: StackItem, zone: Zone) -> bool:
        """Whether the ability's Ninja is still the card it was at activation, in its owner's
        ``zone`` (the hand or the library; 400.7)."""
        ninja = item.source
        return item.choice(SOURCE_GONE) is None and ninja in game.players[game.owner(ninja)].zone(zone)

    def activated_from(self, item: StackItem) -> Zone:
        """The zone a ninjutsu or commander ninjutsu ability was activated from (the hand unless
        the stack item says the command zone)."""
        return Zone(item.choice(FROM_ZONE) or Zone.HAND)

    def ninjutsu_of(self, game: Game, card_id: str, variant: str | None) -> Ninjutsu | None:
        if card_id not in game.objects:
            return None
        return next((n for n in game.abilities_of(card_id).ninjutsu if n.variant == variant), None)

    def ninjutsu_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        if not self.ninjutsu_window_open(game, player):
            return []
        candidates = self.ninjutsu_return_candidates(game, player)
        actions = []
        for card_id in self.ninjutsu_zone_cards(game, player):
            for ability in game.abilities_of(card_id).ninjutsu:
                if not self.ninjutsu_variant_implemented(ability.variant):
                    continue
                if not self.ninjutsu_activatable_from(game, player, card_id, ability):
                    continue
                if self.payment.plan_mana_payment(game, player, ability.cost) is None:
                    continue
                for creature in candidates:
                    actions.append(
                        Action(
                            ActionKind.ACTIVATE,
                            player,
                            source=card_id,
                            ability=ability.variant,
                            costs=(("return", creature.id),),
                        )
                    )
        return actions

    @decision("ninjutsu.zone_cards")
    def ninjutsu_zone_cards(self, game: Game, player: PlayerIndex) -> list[str]:
        """702.49a/d: cards a ninjutsu-family ability could be activated from with priority (the
        hand, and the command zone for commander ninjutsu)."""
        return list(game.players[player].hand) + list(game.players[player].command)

    @decision("ninjutsu.activate_ninjutsu")
    def activate_ninjutsu(self, game: Game, action: Action, events: list[Event]) -> None:
        """602.2 for "[Cost], Reveal this card from your hand, Return an unblocked attacking
        creature you control to its owner's hand: Put this card onto the battlefield from your
        hand tapped and attacking." (702.49a). The Ninja stays in the hand, revealed."""
        player = action.player
        card_id = action.source or ""
        ability = self.ninjutsu_of(game, card_id, action.ability)
        if ability is None:
            raise ActionRefused(f"{card_id or 'nothing'} has no {action.ability} ability")
        if not self.ninjutsu_variant_implemented(ability.variant):
            raise ActionRefused(f"the reference engine does not implement {ability.variant} yet")
        if not self.ninjutsu_activatable_from(game, player, card_id, ability):
            raise ActionRefused(f"{card_id} is not where its {ability.variant} can be activated from")
        if not self.ninjutsu_window_open(game, player):
            raise ActionRefused(f"{ability.variant} cannot be activated in the {game.step} step")
        returned = self.combat.unblocked_attacker_to_return(self.ninjutsu_return_candidates(game, player), action)
        plan = self.payment.require_mana_plan(game, player, ability.cost)

        zone = Zone.COMMAND if card_id in game.players[player].command else Zone.HAND
        self.reveal_and_pay(game, player, card_id, ability.variant, plan, events, reveal=zone is Zone.HAND)
        choices = returned_choices(returned)
        if zone is Zone.COMMAND:
            choices += ((FROM_ZONE, zone.value),)
        self.zones.return_to_hand(game, returned, events)
        game.stack.append(StackItem(game.next_stack_id(), "activated", card_id, player, ability.variant, choices))
        self.turn.acted(game, player, events)

    def reveal_and_pay(
        self,
        game: Game,
        player: PlayerIndex,
        card_id: str,
        ability: str,
        plan: OptionPlan,
        events: list[Event],
        *,
        reveal: bool = True,
    ) -> None:
        """602.2 for a ninjutsu-family ability: announce it, reveal the Ninja (it stays revealed
        while the ability is on the stack; a card presented from the command zone, a public
        zone, is not revealed) and pay the mana."""
        events.append(Event(EventKind.ACTIVATE, card=card_id, ability=ability, player=player))
        if reveal:
            events.append(Event(EventKind.REVEAL, card=card_id, player=player))
            if self.revealed_while_on_stack(game) and card_id not in game.revealed:
                game.revealed.append(card_id)
        self.payment.pay_mana(game, player, plan, events)

    @decision("ninjutsu.revealed_while_on_stack")
    def revealed_while_on_stack(self, game: Game) -> bool:
        """701.20a: a card revealed for a cost stays revealed from the activation until the
        ability leaves the stack."""
        return True

    @decision("ninjutsu.resolve_ninjutsu")
    def resolve_ninjutsu(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """702.49a/c/d: the Ninja enters from the hand (or the command zone) tapped and attacking
        the returned creature's target; it was never declared as an attacker, so no "attacks"
        triggers (508.4)."""
        return self.ninjutsu_resolves(game, item, self.activated_from(item), events)

    def ninjutsu_resolves(self, game: Game, item: StackItem, zone: Zone, events: list[Event]) -> bool:
        """A ninjutsu-family ability resolves: the Ninja enters from ``zone`` (the hand, the
        command zone, or the library for library ninjutsu) if it is still there, tapped and attacking the returned
        creature's target (702.49c); never declared, so no "attacks" triggers (508.4)."""
        still_there = self.library_ninja_still_available if zone is Zone.LIBRARY else self.ninja_still_available
        if not still_there(game, item):
            return False
        ninja = item.source
        target = self.ninjutsu_entry_target(game, item)
        game.remove_from_zone(ninja)
        left = {Zone.HAND: self.zones.left_hand, Zone.LIBRARY: self.zones.left_library}
        left.get(zone, self.zones.lose_track_of)(game, ninja)
        perm = Perm(
            ninja,
            controller=item.controller,
            tapped=self.ninja_enters_tapped(game, item),
            summoning_sick=True,
            attacking=target,
            blocked=self.ninja_blocked_status(game, item) if target is not None else None,
        )
        game.enter(perm)
        events.append(Event(EventKind.ZONE_CHANGE, card=ninja, from_zone=zone, to_zone=Zone.BATTLEFIELD))
        if target is not None:
            events.append(Event(EventKind.ENTER_ATTACKING, card=ninja, target=target_ref(target)))
            self.combat.attack_triggers(game, [perm], False, events)
        return True

    # =====================================================================================
    # Procedures: library ninjutsu during a search
    # =====================================================================================
    def library_ninjutsu_abilities(self, game: Game, card_id: str) -> list[Ninjutsu]:
        if card_id not in game.objects:
            return []
        return [n for n in game.abilities_of(card_id).ninjutsu if n.variant == LIBRARY_NINJUTSU]

    def library_ninjutsu_cards(self, game: Game, player: PlayerIndex) -> list[str]:
        """Cards of ``player`` whose library ninjutsu could be activated (library, then hand:
        ``library_ninjutsu_activatable_from`` decides)."""
        search = self.search.current_search(game)
        seat = game.players[player]
        return [
            c
            for c in seat.library + seat.hand
            if self.library_ninjutsu_abilities(game, c)
            and self.library_ninjutsu_activatable_from(game, player, c)
            and (search is None or self.library_ninjutsu_card_visible(game, search, c))
        ]

    def library_ninjutsu_possible(self, game: Game, player: PlayerIndex) -> bool:
        """Whether ``player`` could activate a library ninjutsu now, mana aside."""
        return (
            self.library_ninjutsu_window_open(game, player)
            and bool(self.library_ninjutsu_cards(game, player))
            and bool(self.ninjutsu_return_candidates(game, player))
        )

    def library_ninjutsu_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        if not self.library_ninjutsu_window_open(game, player):
            return []
        returnable = self.ninjutsu_return_candidates(game, player)
        actions = []
        for card_id in self.library_ninjutsu_cards(game, player):
            for ability in self.library_ninjutsu_abilities(game, card_id):
                if self.payment.plan_mana_payment(game, player, self.library_ninjutsu_cost(game, ability)) is None:
                    continue
                for creature in returnable:
                    actions.append(
                        Action(
                            ActionKind.ACTIVATE,
                            player,
                            source=card_id,
                            ability=LIBRARY_NINJUTSU,
                            costs=(("return", creature.id),),
                        )
                    )
        return actions

    @decision("ninjutsu.activate_library_ninjutsu")
    def activate_library_ninjutsu(self, game: Game, action: Action, events: list[Event]) -> None:
        """602.2 during a search: reveal the Ninja in the library, pay the mana, shuffle the
        returned creature into its owner's library; the ability goes on the stack and the search
        goes on (no one receives priority until the search effect has finished resolving)."""
        player = action.player
        card_id = action.source or ""
        search = self.search.current_search(game)
        if action.ability != LIBRARY_NINJUTSU or not self.library_ninjutsu_abilities(game, card_id):
            raise ActionRefused(f"{card_id or 'nothing'} has no {action.ability} ability to activate during a search")
        ability = self.library_ninjutsu_abilities(game, card_id)[0]
        if search is None or not self.library_ninjutsu_window_open(game, player):
            raise ActionRefused(f"library ninjutsu cannot be activated now (step {game.step})")
        if not self.library_ninjutsu_activatable_from(game, player, card_id):
            raise ActionRefused(f"{card_id} is not where its library ninjutsu can be activated from")
        if not self.library_ninjutsu_card_visible(game, search, card_id):
            raise ActionRefused(f"{card_id} is not among the cards the search can see")
        returned = self.combat.unblocked_attacker_to_return(self.ninjutsu_return_candidates(game, player), action)
        plan = self.payment.require_mana_plan(game, player, self.library_ninjutsu_cost(game, ability))

        self.reveal_and_pay(game, player, card_id, LIBRARY_NINJUTSU, plan, events)
        choices = returned_choices(returned)
        self.library_ninjutsu_return(game, returned, events)
        game.stack.append(StackItem(game.next_stack_id(), "activated", card_id, player, LIBRARY_NINJUTSU, choices))
        game.passes = 0
        self.search.refresh_search(game)
        if not self.search_continues_after_activation(game):
            self.search.finish_search(game, events)

    def library_ninjutsu_return(self, game: Game, creature: Perm, events: list[Event]) -> None:
        """Shuffle the returned creature into its owner's library (or wherever the decision says)."""
        zone = self.library_ninjutsu_returns_to(game, creature)
        owner = game.owner(creature.id)
        game.remove_from_zone(creature.id)
        self.combat.left_battlefield(game, creature.id)
        game.put_in_zone(creature.id, zone)
        events.append(Event(EventKind.ZONE_CHANGE, card=creature.id, from_zone=Zone.BATTLEFIELD, to_zone=zone))
        if zone is Zone.LIBRARY:
            self.search.shuffle_library(game, owner, events)
        # Leaves-the-battlefield abilities trigger now; they wait (603.3) until a player would
        # receive priority: once the search effect has finished resolving.
        self.zones.permanent_left(game, creature, zone, events)

    @decision("ninjutsu.resolve_library_ninjutsu")
    def resolve_library_ninjutsu(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """The Ninja enters from the library tapped and attacking the returned creature's
        target (702.49c); never declared, so no "attacks" triggers (508.4)."""
        return self.ninjutsu_resolves(game, item, Zone.LIBRARY, events)

    def can_resolve_library_ninjutsu(self, game: Game, item: StackItem) -> bool:
        return (
            item.kind == "activated"
            and item.ability == LIBRARY_NINJUTSU
            and bool(self.library_ninjutsu_abilities(game, item.source))
        )
