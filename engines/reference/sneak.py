"""Sneak (702.190), an alternative cost cast during the declare blockers step, and
Ninja Teen's level 3 permission to use it from the graveyard: the reference engine's sneak
component (it registers the alternative cost "sneak" with casting).

702.190a: "Sneak [cost]" means "Any time you could cast an instant during the declare blockers
step of your turn, you may cast this spell by paying [cost] and returning an unblocked attacking
creature you control to its owner's hand rather than paying its mana cost." 702.190b: if a
creature spell's sneak cost was paid, it enters tapped and attacking the player, planeswalker or
battle the returned creature was attacking. It was never declared as an attacker (508.4), so
"whenever ... attacks" abilities don't trigger for it.

On the protocol: ``Action(CAST, player, source=<card>, costs=(("alternative", "sneak"), ("return",
<unblocked attacker>)))``, plus ``("sneak", "<i>")`` when the card has several sneak abilities
(its printed ones in text order, then the ones granted to it, in battlefield order of the
granting permanents). A sneak ability works from the hand; "Creature cards in your graveyard
have sneak {3}{B}. You may cast creature spells from your graveyard using their sneak
abilities." (601.3) adds the graveyard, with the same timing and the same costs.
"""

from __future__ import annotations

from protocol.adapter import ActionRefused
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Step,
    Zone,
    target_ref,
)

from . import hooks
from .game import TARGETS, Game, Perm, returned_choices
from .lines import GraveyardSneakGrant, GraveyardSneakPermission, Sneak
from .services import CardLines, CombatQueries, Payment, Services, Spells, Turn, Zones
from .table import Table, decision

#: Cost-choice keys and values of a sneak cast.
ALTERNATIVE = "alternative"
SNEAK = "sneak"
RETURN = "return"


class SneakCasting:
    """See the module docstring."""

    name = "sneak"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset({Mechanic.SNEAK})

    turn: Turn
    zones: Zones
    combat: CombatQueries
    payment: Payment
    spells: Spells
    card_lines: CardLines

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.zones = services.zones
        self.combat = services.combat
        self.payment = services.payment
        self.spells = services.spells
        self.card_lines = services.card_lines

    def register(self, table: Table) -> None:
        table.offer("sneak.casts", self.sneak_actions)
        table.alternative_cost(SNEAK, self.name, self.cast_with_sneak)
        table.hook(
            hooks.cast_from.by(
                self.name,
                lambda game, player, card_id: (
                    card_id in game.players[player].graveyard
                    and self.may_cast_from_graveyard_normally(game, player, card_id)
                ),
            )
        )
        table.hook(hooks.permanent_entering.by(self.name, self.sneak_entering))
        table.hook(hooks.permanent_entered.by(self.name, self.sneak_entered))

    # =====================================================================================
    # Decisions: sneak (702.190)
    # =====================================================================================
    @decision("sneak.window_open")
    def sneak_window_open(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
        """702.190a: only during the declare blockers step of the player's own turn, any time
        they could cast an instant (with priority, no pending declaration) — from the hand or,
        with a permission, the graveyard (601.3 changes where from, not when)."""
        return (
            game.step is Step.DECLARE_BLOCKERS
            and game.active == player
            and game.priority == player
            and game.pending is None
        )

    @decision("sneak.graveyard_sneak_permitted")
    def graveyard_sneak_permitted(self, game: Game, player: PlayerIndex) -> bool:
        """601.3: "You may cast creature spells from your graveyard using their sneak abilities"
        of a permanent the player controls that has it now (Ninja Teen at level 3)."""
        return any(
            isinstance(line, GraveyardSneakPermission)
            for perm in game.battlefield
            if perm.controller == player
            for line in self.card_lines.active_lines(game, perm)
        )

    @decision("sneak.castable_from")
    def sneak_castable_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """702.190a: sneak works from its owner's hand; from their graveyard only a creature card,
        and only with a permission (601.3)."""
        if card_id in game.players[player].hand:
            return True
        return (
            card_id in game.players[player].graveyard
            and game.is_type(card_id, "Creature")
            and self.graveyard_sneak_permitted(game, player)
        )

    @decision("sneak.usable_sneak_abilities")
    def usable_sneak_abilities(self, game: Game, player: PlayerIndex, card_id: str) -> list[Sneak]:
        """601.2b (ruling): a card with several sneak abilities may be cast using any of them."""
        return self.sneak_abilities(game, player, card_id)

    @decision("sneak.return_candidates")
    def sneak_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        """702.190a: the cost returns an unblocked attacking creature the player controls."""
        return [
            p for p in game.battlefield if p.controller == player and p.attacking is not None and p.blocked is False
        ]

    @decision("sneak.enters_tapped")
    def sneak_enters_tapped(self, game: Game, item: StackItem) -> bool:
        """702.190b: "enters tapped and attacking"."""
        return True

    @decision("sneak.entry_target")
    def sneak_entry_target(self, game: Game, item: StackItem) -> AttackTarget | None:
        """702.190b: the same player, planeswalker or battle as the returned creature (a rule
        specific to sneak, 508.4); a planeswalker or battle that has left: not attacking (508.4a)."""
        return self.combat.returned_creature_target(game, item)

    @decision("sneak.creature_declared")
    def sneak_creature_declared(self, game: Game, item: StackItem) -> bool:
        """508.4/508.3a: a creature put onto the battlefield attacking was never declared as an
        attacker: "whenever ... attacks" abilities don't trigger."""
        return False

    @decision("sneak.may_cast_from_graveyard_normally")
    def may_cast_from_graveyard_normally(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """601.3 (Ninja Teen ruling): the permission covers casting with a sneak ability only:
        paying the mana cost from the graveyard stays impossible."""
        return False

    # =====================================================================================
    # Procedures
    # =====================================================================================
    def sneak_abilities(self, game: Game, player: PlayerIndex, card_id: str) -> list[Sneak]:
        """The card's printed sneak abilities, then those granted to it where it is (a creature
        card in its owner's graveyard, by "Creature cards in your graveyard have sneak")."""
        if card_id not in game.objects:
            return []
        found = [line for line in game.abilities_of(card_id).card_lines if isinstance(line, Sneak)]
        owner = game.owner(card_id)
        if card_id in game.players[owner].graveyard and game.is_type(card_id, "Creature"):
            for perm in game.battlefield:
                if perm.controller == owner:
                    found += [
                        Sneak(line.cost)
                        for line in self.card_lines.active_lines(game, perm)
                        if isinstance(line, GraveyardSneakGrant)
                    ]
        return found

    def sneak_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        seat = game.players[player]
        candidates = self.sneak_return_candidates(game, player)
        actions: list[Action] = []
        if not candidates:
            return actions
        for card_id in dict.fromkeys(seat.hand + seat.graveyard):
            if not self.sneak_window_open(game, player, game.zone_of(card_id)):
                continue
            if not self.sneak_castable_from(game, player, card_id) or self.spells.spell_effect(game, card_id) is None:
                continue
            abilities = self.usable_sneak_abilities(game, player, card_id)
            for i, ability in enumerate(abilities):
                if self.payment.plan_mana_payment(game, player, ability.cost) is None:
                    continue
                which = ((SNEAK, str(i)),) if len(self.sneak_abilities(game, player, card_id)) > 1 else ()
                for creature in candidates:
                    actions.append(
                        Action(
                            ActionKind.CAST,
                            player,
                            source=card_id,
                            costs=((ALTERNATIVE, SNEAK),) + which + ((RETURN, creature.id),),
                        )
                    )
        return actions

    def cast_with_sneak(self, game: Game, action: Action, events: list[Event]) -> None:
        """601.2 with 702.190a: check everything, then move the card to the stack, pay the sneak
        cost — its mana and returning the unblocked attacker — and trigger cast abilities."""
        player, card_id = action.player, action.source or ""
        effect = self.spells.spell_effect(game, card_id) if card_id in game.objects else None
        if effect is None:
            raise ActionRefused(f"the reference engine cannot cast {card_id or 'nothing'}")
        if not self.sneak_castable_from(game, player, card_id):
            raise ActionRefused(f"player {player} cannot cast {card_id} for its sneak cost from where it is")
        zone = game.zone_of(card_id)
        if not self.sneak_window_open(game, player, zone):
            raise ActionRefused(
                f"sneak is cast only during the declare blockers step of its caster's turn "
                f"(now: {game.step}, active player {game.active})"
            )
        abilities = self.usable_sneak_abilities(game, player, card_id)
        index = action.cost(SNEAK) or "0"
        if not index.isdigit() or int(index) >= len(abilities):
            raise ActionRefused(f"{card_id} has no usable sneak ability {index}")
        ability = abilities[int(index)]
        returned = self.combat.unblocked_attacker_to_return(self.sneak_return_candidates(game, player), action)
        targets = tuple(action.targets)
        if targets not in self.spells.target_choices(game, player, effect):
            raise ActionRefused(f"{', '.join(targets) or 'no target'} is not a legal target choice for {card_id}")
        plan = self.payment.require_mana_plan(game, player, ability.cost)

        choices: tuple[tuple[str, str], ...] = ((TARGETS, ",".join(targets)),) if targets else ()
        from_zone = self.spells.put_spell_on_stack(game, player, card_id, choices, events)
        sneak = ((ALTERNATIVE, SNEAK),) + returned_choices(returned)
        self.payment.pay_mana(game, player, plan, events)
        self.zones.return_to_hand(game, returned, events)
        self.spells.spell_became_cast(game, player, card_id, from_zone, events, sneak)
        self.turn.acted(game, player, events)

    def sneak_entering(self, game: Game, item: StackItem, perm: Perm, events: list[Event]) -> None:
        """702.190b: a creature spell whose sneak cost was paid enters tapped and attacking; it
        was put in after blockers were declared, so it is unblocked (509.1h)."""
        if item.choice(ALTERNATIVE) != SNEAK or not game.is_type(perm.id, "Creature"):
            return
        perm.tapped = self.sneak_enters_tapped(game, item)
        target = self.sneak_entry_target(game, item)
        if target is not None:
            perm.attacking = target
            perm.blocked = False if game.step not in (Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS) else None

    def sneak_entered(self, game: Game, item: StackItem, perm: Perm, events: list[Event]) -> None:
        if item.choice(ALTERNATIVE) != SNEAK or perm.attacking is None:
            return
        declared = self.sneak_creature_declared(game, item)
        if declared:
            events.append(Event(EventKind.ATTACK, card=perm.id, target=target_ref(perm.attacking)))
        else:
            events.append(Event(EventKind.ENTER_ATTACKING, card=perm.id, target=target_ref(perm.attacking)))
        self.combat.attack_triggers(game, [perm], declared, events)
