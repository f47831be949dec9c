"""CastingRules: casting spells (601) and finishing their resolution (608.2n), a mixin of
:class:`~.rules.ReferenceRules`.

A small, general core: ``Action(CAST, player, source=<card id>, targets=(...))`` casts an
instant or sorcery the engine can read (an effect of :mod:`.effects`) from its owner's hand.
Timing is a decision (307.1 sorcery timing, 117.1a instant timing), so are the zones a spell may
be cast from, its cost and its legal targets: permanent spells, alternative costs ("sneak") and
cast permissions (from exile or the graveyard) are added later by overriding those decisions,
not by rewriting the procedure. The spell moves to the stack (601.2a), its targets are chosen
(601.2c), its mana cost is paid automatically like a ninjutsu cost (601.2g-h), and its caster
receives priority (117.3c). As it resolves its effect runs (608.2) and, as the final part of its
resolution, the card goes to its owner's graveyard (608.2n). An effect that waits for a choice
(a search) keeps the spell on the stack until it has finished resolving.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.protocol.adapter import ActionRefused
from harness.protocol.model import Action, ActionKind, Event, EventKind, PlayerIndex, StackItem, Zone, parse_mana_cost

from .effects import ActivatedSearch, Effect, SpellEffect, effects_of
from .game import Game

if TYPE_CHECKING:
    from .rules import ReferenceRules

#: ``StackItem.ability`` of a spell.
SPELL = "spell"
#: Stack-item choice holding a spell's or ability's targets, comma-separated ("player:1").
TARGETS = "targets"


def player_ref(player: PlayerIndex) -> str:
    return f"player:{player}"


def parse_player_ref(value: str) -> PlayerIndex | None:
    kind, _, rest = value.partition(":")
    return int(rest) if kind == "player" and rest in ("0", "1") else None


class CastingRules:
    """Casting instants and sorceries. Relies on ReferenceRules for priority (``acted``),
    payment (``plan_mana_payment``, ``pay_mana``) and zone bookkeeping (``left_hand``)."""

    # =====================================================================================
    # Decisions: what can be cast, when, for what
    # =====================================================================================
    def spell_effect(self: ReferenceRules, game: Game, card_id: str) -> Effect | None:
        """What the card does as a spell, if the reference engine can read it (instants and
        sorceries of :mod:`.effects`; permanent spells are not implemented yet)."""
        if card_id not in game.objects:
            return None
        found = effects_of(game.abilities_of(card_id).effects, SpellEffect)
        return found[0].effect if found else None

    def can_cast_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """601.2a: a player casts a spell card from their hand (permissions to cast from other
        zones, such as exile or a graveyard, override this)."""
        return card_id in game.players[player].hand

    def has_instant_timing(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """117.1a/304.1: an instant can be cast any time its caster has priority."""
        return game.data(card_id).is_type("Instant")

    def sorcery_timing(self, game: Game, player: PlayerIndex) -> bool:
        """307.1: a sorcery can be cast only in a main phase of its caster's own turn, while the
        stack is empty (and they have priority)."""
        return game.active == player and game.step.is_main and not game.stack

    def may_cast_now(self: ReferenceRules, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """117.1a: a player casts spells only with priority (never during a pending choice);
        then 307.1 or instant timing."""
        if game.priority != player or game.pending is not None:
            return False
        return self.has_instant_timing(game, player, card_id) or self.sorcery_timing(game, player)

    def spell_cost(self, game: Game, player: PlayerIndex, card_id: str) -> tuple[str, ...]:
        """601.2f: the total cost is the card's mana cost (alternative and additional costs
        override this)."""
        return parse_mana_cost(game.data(card_id).mana_cost)

    def target_choices(self, game: Game, player: PlayerIndex, effect: Effect) -> list[tuple[str, ...]]:
        """601.2c/115.1: the legal target choices, each a tuple of target refs; ``[()]`` for an
        effect with no target. "Target opponent": each opponent of the caster (102.2)."""
        if getattr(effect, "targets_opponent", False):
            return [(player_ref(1 - player),)]
        return [()]

    def spell_goes_to(self, game: Game, item: StackItem) -> Zone:
        """608.2n: as the final part of its resolution, an instant or sorcery spell is put into
        its owner's graveyard."""
        return Zone.GRAVEYARD

    # =====================================================================================
    # Procedures: casting (601.2)
    # =====================================================================================
    def cast_actions(self: ReferenceRules, game: Game, player: PlayerIndex) -> list[Action]:
        """Every spell ``player`` can cast now, one action per choice of targets."""
        actions = []
        for card_id in self.castable_cards(game, player):
            effect = self.spell_effect(game, card_id)
            if effect is None or not self.may_cast_now(game, player, card_id):
                continue
            if self.plan_mana_payment(game, player, self.spell_cost(game, player, card_id)) is None:
                continue
            for targets in self.target_choices(game, player, effect):
                actions.append(Action(ActionKind.CAST, player, source=card_id, targets=targets))
        return actions

    def castable_cards(self: ReferenceRules, game: Game, player: PlayerIndex) -> list[str]:
        """Cards ``player`` might cast from some zone (filtered by ``can_cast_from``)."""
        seat = game.players[player]
        return [c for c in seat.hand + seat.graveyard + seat.exile if self.can_cast_from(game, player, c)]

    def cast_spell(self: ReferenceRules, game: Game, action: Action, events: list[Event]) -> None:
        """601.2: check everything, then move the card to the stack (601.2a), record its targets
        (601.2c), pay its cost (601.2g-h) and give its caster priority (117.3c)."""
        player = action.player
        card_id = action.source or ""
        effect = self.spell_effect(game, card_id)
        if effect is None:
            raise ActionRefused(f"the reference engine cannot cast {card_id or 'nothing'}")
        if not self.can_cast_from(game, player, card_id):
            raise ActionRefused(f"player {player} cannot cast {card_id} from where it is")
        if not self.may_cast_now(game, player, card_id):
            raise ActionRefused(f"player {player} cannot cast {card_id} now ({game.step}, stack of {len(game.stack)})")
        targets = tuple(action.targets)
        if targets not in self.target_choices(game, player, effect):
            raise ActionRefused(f"{', '.join(targets) or 'no target'} is not a legal target choice for {card_id}")
        cost = self.spell_cost(game, player, card_id)
        plan = self.require_mana_plan(game, player, cost)

        from_zone, _ = game.remove_from_zone(card_id)
        if from_zone is Zone.HAND:
            self.left_hand(game, card_id)
        events.append(Event(EventKind.CAST, card=card_id, ability=SPELL, player=player))
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=Zone.STACK))
        choices = ((TARGETS, ",".join(targets)),) if targets else ()
        game.stack.append(StackItem(game.next_stack_id(), "spell", card_id, player, SPELL, choices))
        self.pay_mana(game, player, plan, events)
        self.acted(game, player, events)

    # =====================================================================================
    # Procedures: resolution (608)
    # =====================================================================================
    def item_effect(self: ReferenceRules, game: Game, item: StackItem) -> Effect | None:
        """The effect a spell or a (search) ability performs as it resolves."""
        if item.source not in game.objects:
            return None
        if item.kind == "spell":
            return self.spell_effect(game, item.source)
        if item.kind == "activated":
            for ability in effects_of(game.abilities_of(item.source).effects, ActivatedSearch):
                if ability.ability == item.ability:
                    return ability.effect
        return None

    def item_target_player(self, game: Game, item: StackItem) -> PlayerIndex | None:
        value = item.choice(TARGETS)
        return parse_player_ref(value.split(",")[0]) if value else None

    def resolve_effect_item(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> bool:
        """608.2: a spell or search ability resolves: its effect starts (a search waits for its
        searcher's choice: the item then stays on the stack, see ``resolve_top``); a spell that
        is done goes to the graveyard at once."""
        effect = self.item_effect(game, item)
        assert effect is not None
        self.start_effect(game, item, effect, events)
        if game.pending is None:
            self.finish_item(game, item, events)
        return True

    def finish_item(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> None:
        """The final part of a resolution: a spell card goes to its owner's graveyard (608.2n)."""
        if item.kind != "spell":
            return
        zone = self.spell_goes_to(game, item)
        game.put_in_zone(item.source, zone)
        events.append(Event(EventKind.ZONE_CHANGE, card=item.source, from_zone=Zone.STACK, to_zone=zone))

    def end_paused_resolution(self: ReferenceRules, game: Game, item_id: str | None, events: list[Event]) -> None:
        """A resolution that waited for a choice is over: the item leaves the stack (a spell to
        the graveyard), and the active player receives priority (117.3b) once triggered
        abilities are put on the stack (117.5)."""
        item = next((s for s in game.stack if s.id == item_id), None)
        if item is not None:
            game.stack.remove(item)
            self.finish_item(game, item, events)
            self.left_stack(game, item)
        game.passes = 0
        self.give_priority(game, self.priority_after_resolution(game), events)

    def resolves_as_effect(self: ReferenceRules, game: Game, item: StackItem) -> bool:
        """Whether this mixin resolves ``item`` (a spell, or an ability with a search effect)."""
        return self.item_effect(game, item) is not None
