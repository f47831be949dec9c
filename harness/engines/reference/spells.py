"""SpellRules: permanent spells, cast triggers, counterspells, tokens, rebound, and playing cards
from exile with a permission (Fallen Shinobi) — a mixin of :class:`~.rules.ReferenceRules`,
placed before :class:`~.casting.CastingRules` so it can refine CastingRules' decisions.

- Permanent spells (608.3): a creature, artifact or enchantment card the engine reads is cast
  like any spell (sorcery timing, 307.1) and resolves into a permanent under its caster's
  control, summoning sick (302.6).
- Cast triggers (603.2, 601.2i): "When you cast this spell, ..." triggers as the spell becomes
  cast and goes on the stack above it, so it resolves first; it exists independently of the
  spell (113.7a) and resolves even if the spell has been countered meanwhile.
- "Counter target spell." (701.6a): the countered spell leaves the stack for its owner's
  graveyard; a spell whose only target is gone doesn't resolve (608.2b) and goes there too.
- Tokens (111): created on the battlefield; a token that leaves it ceases to exist (704.5d,
  the state-based action of ReferenceRules).
- Rebound (702.88a): a spell cast from its owner's hand is exiled as it resolves (a permanent
  spell with rebound then doesn't enter: the playtest ruling of Jeskai Baller) and a delayed
  trigger waits for its controller's next upkeep (603.7); it lets them cast the card from exile
  without paying its mana cost, or decline; either way the trigger is gone. A spell with rebound
  that doesn't resolve goes to the graveyard and nothing waits.
- Play permissions (601.3, 305.1): ``GameState.permissions`` lets a player play a card from
  exile (without paying its mana cost) until end of turn; its normal timing still applies
  (307.1 for sorceries and permanents, 305.1-305.2 for lands); it covers the card only while it
  stays in exile (400.7), and a card nobody played stays in exile when it ends (514.2).
- Land plays (305): ``Action(PLAY_LAND, player, source=card)`` from the hand or with a
  permission: a special action (116.2a), main phase of your turn, empty stack, a land play left.
- Fallen Shinobi's trigger (510.3a): the damaged player exiles the top cards of their library
  and its controller may play them this turn without paying their mana costs.

Where a spell was cast from is kept on its stack item as ``("cast-from", zone)`` (rebound asks).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from harness.protocol.adapter import ActionRefused
from harness.protocol.model import (
    Action,
    ActionKind,
    CardData,
    CardInstance,
    DelayedTrigger,
    Event,
    EventKind,
    PendingChoice,
    PlayerIndex,
    PlayPermission,
    StackItem,
    Step,
    Zone,
)

from .card_lines import (
    CastTrigger,
    CounterTargetSpell,
    CreateTokens,
    ExileTopPlayTrigger,
    GainLife,
    Keyword,
    SpellLine,
)
from .casting import SPELL, TARGETS
from .game import Game, Perm
from .oracle import parse_card

if TYPE_CHECKING:
    from .rules import ReferenceRules

#: Stack-item choice: the zone a spell was cast from ("hand", "exile", "graveyard").
CAST_FROM = "cast-from"
#: Stack-item choice: the spell was cast without paying its mana cost (118.9).
WITHOUT_PAYING = "without-paying"
#: Stack-item choice of a triggered ability: the player it refers to ("that player").
THAT_PLAYER = "player"
#: Ability name of rebound's delayed trigger on the stack.
REBOUND = "rebound"
#: Event detail of a countered spell's move to the graveyard.
COUNTERED = "countered"
#: Card types of permanent spells the engine casts (608.3). Lands are played, never cast.
PERMANENT_TYPES = ("Creature", "Artifact", "Enchantment")


@dataclass(frozen=True)
class PermanentSpell:
    """The "effect" of a permanent spell: it resolves into a permanent (608.3)."""


PERMANENT_SPELL = PermanentSpell()


class SpellRules:
    """See the module docstring. Relies on ReferenceRules for priority (``acted``,
    ``give_priority``), triggers (``trigger``), zone moves (``move_card``, ``left_hand``,
    ``left_stack``) and on CastingRules and ManaRules for casting and paying."""

    # =====================================================================================
    # Decisions: what a spell is
    # =====================================================================================
    def is_permanent_card(self, game: Game, card_id: str) -> bool:
        """110.4/608.3: a creature, artifact or enchantment card becomes a permanent as it
        resolves (lands are played, 305.1, not cast)."""
        data = game.data(card_id)
        return any(data.is_type(t) for t in PERMANENT_TYPES) and not data.is_type("Land")

    def spell_effect(self: ReferenceRules, game: Game, card_id: str):
        """CastingRules' instants and sorceries, the spell lines read by :mod:`.card_lines`
        ("Counter target spell.", "You gain N life."), and permanent spells (608.3; those with
        {X} in their cost are ManaRules')."""
        effect = super().spell_effect(game, card_id)  # type: ignore[misc]
        if effect is not None or card_id not in game.objects:
            return effect
        lines = [line for line in game.abilities_of(card_id).card_lines if isinstance(line, SpellLine)]
        if lines:
            return lines[0].effect
        if self.is_permanent_card(game, card_id) and not self.is_x_permanent_card(game, card_id):
            return PERMANENT_SPELL
        return None

    def target_choices(self: ReferenceRules, game: Game, player: PlayerIndex, effect) -> list[tuple[str, ...]]:
        """115.1/601.2c: "target spell" can be any spell on the stack (named by its card id)."""
        if isinstance(effect, CounterTargetSpell):
            return [(item.source,) for item in game.stack if item.kind == "spell"]
        return super().target_choices(game, player, effect)  # type: ignore[misc]

    def has_rebound(self, game: Game, card_id: str) -> bool:
        return Keyword("rebound") in game.abilities_of(card_id).card_lines

    def countered_spell_goes_to(self, game: Game, item: StackItem) -> Zone:
        """701.6a/608.2b: a countered spell, or one that doesn't resolve, goes to its owner's
        graveyard."""
        return Zone.GRAVEYARD

    # =====================================================================================
    # Decisions: cast triggers (603.2)
    # =====================================================================================
    def cast_trigger_above_spell(self, game: Game) -> bool:
        """601.2i/603.3: a "when you cast" ability triggers once the spell is cast, so it is put
        on the stack (the next time a player would receive priority) above the spell."""
        return True

    def cast_trigger_resolves_without_spell(self, game: Game, item: StackItem) -> bool:
        """113.7a: once triggered, the ability exists independently of its source: it resolves
        even if the spell was countered or otherwise left the stack."""
        return True

    # =====================================================================================
    # Decisions: rebound (702.88)
    # =====================================================================================
    def rebound_applies(self, game: Game, item: StackItem, resolving: bool) -> bool:
        """702.88a: "If you cast this spell from your hand, exile it as it resolves": only a
        spell cast from the hand, and only as it resolves. One that doesn't resolve (countered,
        608.2b) goes to the graveyard and sets up nothing."""
        return resolving and item.kind == "spell" and self.has_rebound(game, item.source) \
            and item.choice(CAST_FROM) == Zone.HAND

    def rebound_replaces_entering(self, game: Game, item: StackItem) -> bool:
        """Playtest ruling (Jeskai Baller): a permanent spell with rebound cast from the hand is
        exiled as it resolves; it does not enter the battlefield."""
        return True

    def rebound_trigger_fires(self, game: Game, delayed: DelayedTrigger, step: Step) -> bool:
        """702.88a: "At the beginning of your next upkeep" (503.1a: upkeep triggers trigger as
        the upkeep step begins)."""
        return step is Step.UPKEEP and delayed.controller == game.active

    def rebound_trigger_ends_when_fired(self, game: Game, delayed: DelayedTrigger) -> bool:
        """603.7c: a delayed triggered ability that refers to a particular object triggers only
        once: whether the card is cast or not, there is no later chance."""
        return True

    def rebound_cast_optional(self, game: Game) -> bool:
        """702.88a: "you *may* cast this card": the player may decline."""
        return True

    # =====================================================================================
    # Decisions: playing cards with a permission (601.3, 305.1)
    # =====================================================================================
    def permission_covers(self, game: Game, permission: PlayPermission, card_id: str) -> bool:
        """400.7: a permission to play a card in exile covers that object only: once the card
        leaves exile (it is cast or played) it is a new object the permission knows nothing of."""
        return permission.card == card_id and game.zone_of(card_id) is permission.zone

    def permission_keeps_timing(self, game: Game, permission: PlayPermission) -> bool:
        """601.3 (Fallen Shinobi ruling): a permission to play a card from exile changes where it
        can be played from, not when: a sorcery still waits for a main phase with an empty stack,
        a land for a main phase and a land play."""
        return True

    def permission_ends_at_cleanup(self, game: Game, permission: PlayPermission) -> bool:
        """514.2: "until end of turn" effects end in the cleanup step."""
        return permission.until == "end-of-turn"

    def uncast_card_leaves_exile_to(self, game: Game, permission: PlayPermission) -> Zone | None:
        """406.1/ruling: a card exiled this way that nobody played stays in exile when the
        permission ends."""
        return None

    def land_timing_ok(self, game: Game, player: PlayerIndex) -> bool:
        """305.1/116.2a: a player plays a land only in a main phase of their own turn, with
        priority and an empty stack."""
        return (game.priority == player and game.pending is None and game.active == player
                and game.step.is_main and not game.stack)

    def has_land_play(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """305.2: only if they have a land play left this turn (one, normally)."""
        return game.players[player].land_plays_left > 0

    # =====================================================================================
    # Refined CastingRules decisions
    # =====================================================================================
    def permission_for(self, game: Game, player: PlayerIndex, card_id: str) -> PlayPermission | None:
        return next((p for p in game.permissions if p.player == player and self.permission_covers(game, p, card_id)),
                    None)

    def can_cast_from(self: ReferenceRules, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """601.2a, plus 601.3: a permission lets a player cast a card from exile."""
        if super().can_cast_from(game, player, card_id):  # type: ignore[misc]
            return True
        return self.permission_for(game, player, card_id) is not None

    def may_cast_now(self: ReferenceRules, game: Game, player: PlayerIndex, card_id: str) -> bool:
        permission = self.permission_for(game, player, card_id)
        if permission is not None and not self.permission_keeps_timing(game, permission):
            return game.priority == player and game.pending is None
        return super().may_cast_now(game, player, card_id)  # type: ignore[misc]

    def spell_cost(self: ReferenceRules, game: Game, player: PlayerIndex, card_id: str) -> tuple[str, ...]:
        """118.9: a spell cast "without paying its mana cost" costs nothing (601.2f)."""
        permission = self.permission_for(game, player, card_id)
        if permission is not None and permission.without_paying:
            return ()
        return super().spell_cost(game, player, card_id)  # type: ignore[misc]

    def castable_cards(self: ReferenceRules, game: Game, player: PlayerIndex) -> list[str]:
        """Also the cards in another player's exile a permission lets ``player`` cast (Fallen
        Shinobi exiles the damaged player's cards)."""
        cards = super().castable_cards(game, player)  # type: ignore[misc]
        for permission in game.permissions:
            card_id = permission.card
            if (permission.player == player and card_id not in cards and game.zone_of(card_id) is Zone.EXILE
                    and self.can_cast_from(game, player, card_id)):
                cards.append(card_id)
        return cards

    def spell_goes_to(self: ReferenceRules, game: Game, item: StackItem) -> Zone:
        """608.2n, replaced by rebound (702.88a): exiled as it resolves."""
        if self.rebound_applies(game, item, resolving=True):
            return Zone.EXILE
        return super().spell_goes_to(game, item)  # type: ignore[misc]

    # =====================================================================================
    # Procedures: casting
    # =====================================================================================
    def cast_spell(self: ReferenceRules, game: Game, action: Action, events: list[Event]) -> None:
        """CastingRules' casting (601.2), then what happens once the spell became cast (601.2i)."""
        card_id = action.source or ""
        from_zone = game.zone_of(card_id)
        super().cast_spell(game, action, events)  # type: ignore[misc]
        self.spell_became_cast(game, action.player, card_id, from_zone, events)
        self.give_priority(game, action.player, events)  # 117.5: triggers go on the stack first

    def spell_became_cast(self: ReferenceRules, game: Game, player: PlayerIndex, card_id: str,
                          from_zone: Zone | None, events: list[Event],
                          extra: tuple[tuple[str, str], ...] = ()) -> None:
        """601.2i: note where the spell was cast from (and ``extra`` choices) on its stack item,
        let go of permissions that no longer cover their card (400.7), and trigger its "when
        you cast this spell" abilities (603.2)."""
        index = max(i for i, s in enumerate(game.stack) if s.kind == "spell" and s.source == card_id)
        item = game.stack[index]
        noted = ((CAST_FROM, str(from_zone)),) if from_zone is not None else ()
        game.stack[index] = replace(item, choices=item.choices + noted + extra)
        self.prune_permissions(game)
        for line in game.abilities_of(card_id).card_lines:
            if not isinstance(line, CastTrigger):
                continue
            if self.cast_trigger_above_spell(game):
                self.trigger(game, player, card_id, line.ability, events)
            else:
                events.append(Event(EventKind.TRIGGER, card=card_id, ability=line.ability, player=player))
                game.stack.insert(index, StackItem(game.next_stack_id(), "triggered", card_id, player, line.ability))

    def put_spell_on_stack(self: ReferenceRules, game: Game, player: PlayerIndex, card_id: str,
                           choices: tuple[tuple[str, str], ...], events: list[Event]) -> Zone | None:
        """601.2a: the card moves from where it is to the stack; returns that zone."""
        from_zone, _ = game.remove_from_zone(card_id)
        if from_zone is Zone.HAND:
            self.left_hand(game, card_id)
        events.append(Event(EventKind.CAST, card=card_id, ability=SPELL, player=player))
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=Zone.STACK))
        game.stack.append(StackItem(game.next_stack_id(), "spell", card_id, player, SPELL, choices))
        return from_zone

    def prune_permissions(self, game: Game) -> None:
        game.permissions = [p for p in game.permissions if self.permission_covers(game, p, p.card)]

    # =====================================================================================
    # Procedures: playing lands (305)
    # =====================================================================================
    def can_play_land_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """305.1: a land from the hand; 601.3-like permissions: from exile."""
        return card_id in game.players[player].hand or self.permission_for(game, player, card_id) is not None

    def land_candidates(self, game: Game, player: PlayerIndex) -> list[str]:
        cards = list(game.players[player].hand) + [p.card for p in game.permissions if p.player == player]
        return [c for c in dict.fromkeys(cards) if c in game.objects and game.data(c).is_type("Land")]

    def play_land_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        if not self.land_timing_ok(game, player):
            return []
        return [
            Action(ActionKind.PLAY_LAND, player, source=card_id)
            for card_id in self.land_candidates(game, player)
            if self.can_play_land_from(game, player, card_id) and self.has_land_play(game, player, card_id)
        ]

    def play_land(self: ReferenceRules, game: Game, action: Action, events: list[Event]) -> None:
        """305.1/116.2a: a special action: the land enters under its player's control, a land
        play is used (305.2), and the player receives priority again (117.3c)."""
        player, card_id = action.player, action.source or ""
        if card_id not in game.objects or not game.data(card_id).is_type("Land"):
            raise ActionRefused(f"{card_id or 'nothing'} is not a land card")
        if not self.can_play_land_from(game, player, card_id):
            raise ActionRefused(f"player {player} cannot play {card_id} from where it is")
        if not self.land_timing_ok(game, player):
            raise ActionRefused(f"player {player} cannot play a land now ({game.step}, stack of {len(game.stack)})")
        if not self.has_land_play(game, player, card_id):
            raise ActionRefused(f"player {player} has no land play left this turn")
        from_zone, _ = game.remove_from_zone(card_id)
        if from_zone is Zone.HAND:
            self.left_hand(game, card_id)
        game.enter(Perm(card_id, controller=player))
        game.players[player].land_plays_left -= 1
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=Zone.BATTLEFIELD,
                            player=player))
        self.prune_permissions(game)
        self.acted(game, player, events)

    # =====================================================================================
    # Procedures: rebound's choice to cast (a "may-cast" pending choice)
    # =====================================================================================
    def may_cast_actions(self: ReferenceRules, game: Game) -> list[Action]:
        pending = game.pending
        assert pending is not None
        actions = []
        if self.rebound_cast_optional(game):
            actions.append(Action(ActionKind.CHOOSE_CARDS, pending.player))
        for card_id in pending.cards:
            effect = self.spell_effect(game, card_id)
            if effect is None or game.zone_of(card_id) is not Zone.EXILE:
                continue
            for targets in self.target_choices(game, pending.player, effect):
                actions.append(Action(ActionKind.CAST, pending.player, source=card_id, targets=targets))
        return actions

    def act_on_may_cast(self: ReferenceRules, game: Game, action: Action, events: list[Event]) -> None:
        """702.88a: cast the card now (timing is ignored while an ability resolves, 608.2g; no
        mana is paid, 118.9) or decline; then the trigger has finished resolving."""
        pending = game.pending
        assert pending is not None and pending.kind == "may-cast"
        player = pending.player
        if action.kind is ActionKind.CHOOSE_CARDS and not action.cards:
            if not self.rebound_cast_optional(game):
                raise ActionRefused("the card must be cast")
            self.end_paused_resolution(game, pending.resolving, events)
            return
        if action.kind is not ActionKind.CAST:
            raise ActionRefused(f"player {player} may cast {', '.join(pending.cards)} or decline (choose no card)")
        card_id = action.source or ""
        if card_id not in pending.cards or game.zone_of(card_id) is not Zone.EXILE:
            raise ActionRefused(f"{card_id or 'nothing'} is not a card player {player} may cast now")
        effect = self.spell_effect(game, card_id)
        if effect is None:
            raise ActionRefused(f"the reference engine cannot cast {card_id}")
        targets = tuple(action.targets)
        if targets not in self.target_choices(game, player, effect):
            raise ActionRefused(f"{', '.join(targets) or 'no target'} is not a legal target choice for {card_id}")
        choices = ((TARGETS, ",".join(targets)),) if targets else ()
        game.pending = None
        from_zone = self.put_spell_on_stack(game, player, card_id, choices, events)
        self.spell_became_cast(game, player, card_id, from_zone, events, ((WITHOUT_PAYING, "true"),))
        self.end_paused_resolution(game, pending.resolving, events)

    # =====================================================================================
    # Procedures: steps (upkeep triggers, cleanup)
    # =====================================================================================
    def beginning_of_step(self: ReferenceRules, game: Game, step: Step, events: list[Event]) -> None:
        """503.1a: delayed "at the beginning of your upkeep" triggers trigger (rebound); 514.2:
        in the cleanup step "until end of turn" effects end (play permissions)."""
        for delayed in list(game.delayed):
            if self.rebound_trigger_fires(game, delayed, step):
                self.trigger(game, delayed.controller, delayed.card, REBOUND, events)
                if self.rebound_trigger_ends_when_fired(game, delayed):
                    game.delayed.remove(delayed)
        if step is Step.CLEANUP:
            for permission in list(game.permissions):
                if not self.permission_ends_at_cleanup(game, permission):
                    continue
                game.permissions.remove(permission)
                zone = self.uncast_card_leaves_exile_to(game, permission)
                if zone is not None and game.zone_of(permission.card) is permission.zone:
                    self.move_card(game, permission.card, zone, events)

    # =====================================================================================
    # Procedures: resolving what this mixin puts on the stack
    # =====================================================================================
    def owns_stack_item(self: ReferenceRules, game: Game, item: StackItem) -> bool:
        """Whether one of these mixins resolves ``item`` (checked before the other resolvers)."""
        if item.source not in game.objects:
            return False
        if item.kind == "spell":
            effect = self.spell_effect(game, item.source)
            return isinstance(effect, (PermanentSpell, CounterTargetSpell, GainLife))
        if item.kind == "triggered":
            if item.ability == REBOUND:
                return self.has_rebound(game, item.source)
            return any(getattr(line, "ability", None) == item.ability
                       for line in game.abilities_of(item.source).card_lines
                       if isinstance(line, (CastTrigger, ExileTopPlayTrigger)))
        return False

    def resolve_owned_item(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> bool:
        if item.kind == "spell":
            effect = self.spell_effect(game, item.source)
            if isinstance(effect, PermanentSpell):
                return self.resolve_permanent_spell(game, item, events)
            return self.resolve_spell_line(game, item, effect, events)
        if item.ability == REBOUND:
            return self.resolve_rebound_trigger(game, item, events)
        line = next(line for line in game.abilities_of(item.source).card_lines
                    if isinstance(line, (CastTrigger, ExileTopPlayTrigger)) and line.ability == item.ability)
        if isinstance(line, CastTrigger):
            return self.resolve_cast_trigger(game, item, line, events)
        return self.resolve_exile_top_play(game, item, line, events)

    def resolve_permanent_spell(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> bool:
        """608.3: the spell becomes a permanent under its controller's control — unless rebound
        exiles it as it resolves (702.88a, playtest ruling)."""
        card_id = item.source
        if self.rebound_applies(game, item, resolving=True) and self.rebound_replaces_entering(game, item):
            game.put_in_zone(card_id, Zone.EXILE)
            events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=Zone.STACK, to_zone=Zone.EXILE))
            self.set_up_rebound(game, item)
            return True
        perm = Perm(card_id, controller=item.controller, summoning_sick=True)
        self.permanent_entering(game, item, perm, events)
        game.enter(perm)
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=Zone.STACK, to_zone=Zone.BATTLEFIELD))
        self.permanent_entered(game, item, perm, events)
        return True

    def permanent_entering(self, game: Game, item: StackItem, perm: Perm, events: list[Event]) -> None:
        """Hook: set the status a permanent enters with (a Class's level, sneak's attack)."""

    def permanent_entered(self, game: Game, item: StackItem, perm: Perm, events: list[Event]) -> None:
        """Hook: what happens once the permanent has entered."""

    def permanent_left(self, game: Game, perm: Perm, to_zone: Zone | None, events: list[Event]) -> None:
        """Hook: ``perm`` has just left the battlefield for ``to_zone`` (its last known status)."""

    def resolve_spell_line(self: ReferenceRules, game: Game, item: StackItem, effect, events: list[Event]) -> bool:
        """608.2: the effect happens, then the card goes to the graveyard (608.2n) — or to exile
        (rebound). A counterspell whose target has left the stack doesn't resolve (608.2b)."""
        if isinstance(effect, CounterTargetSpell):
            target = (item.choice(TARGETS) or "").split(",")[0]
            victim = next((s for s in reversed(game.stack) if s.kind == "spell" and s.source == target), None)
            if victim is None:
                events.append(Event(EventKind.FIZZLE, card=item.source, ability=item.ability, player=item.controller))
                self.spell_leaves_unresolved(game, item, events)
                return False
            self.counter(game, victim, events)
        elif isinstance(effect, GainLife):
            game.players[item.controller].life += effect.amount
            events.append(Event(EventKind.LIFE, player=item.controller, amount=effect.amount))
        self.finish_item(game, item, events)
        return True

    def counter(self: ReferenceRules, game: Game, victim: StackItem, events: list[Event]) -> None:
        """701.6a: the countered spell is removed from the stack (to its owner's graveyard)."""
        game.stack.remove(victim)
        self.left_stack(game, victim)
        self.spell_leaves_unresolved(game, victim, events)

    def spell_leaves_unresolved(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> None:
        """A spell leaves the stack without resolving (countered, 701.6a; its targets gone,
        608.2b): to its owner's graveyard. Rebound applies only as a spell resolves."""
        if self.rebound_applies(game, item, resolving=False):
            zone = Zone.EXILE
        else:
            zone = self.countered_spell_goes_to(game, item)
        game.put_in_zone(item.source, zone)
        events.append(Event(EventKind.ZONE_CHANGE, card=item.source, from_zone=Zone.STACK, to_zone=zone,
                            detail=COUNTERED))
        if zone is Zone.EXILE and self.has_rebound(game, item.source):
            self.set_up_rebound(game, item)

    def finish_item(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> None:
        """608.2n (CastingRules), and rebound's delayed trigger when rebound exiled the spell."""
        super().finish_item(game, item, events)  # type: ignore[misc]
        if item.kind == "spell" and self.rebound_applies(game, item, resolving=True):
            self.set_up_rebound(game, item)

    def set_up_rebound(self, game: Game, item: StackItem) -> None:
        """702.88a: "At the beginning of your next upkeep, you may cast this card from exile
        without paying its mana cost" — a delayed trigger of the spell's controller (603.7)."""
        game.delayed.append(DelayedTrigger(REBOUND, item.source, item.controller))

    def resolve_rebound_trigger(self: ReferenceRules, game: Game, item: StackItem, events: list[Event]) -> bool:
        """702.88a: the controller may cast the card from exile now; the game waits for the
        choice with the trigger on the stack. A card that left exile is a new object (400.7):
        nothing happens."""
        card_id = item.source
        if game.zone_of(card_id) is not Zone.EXILE or self.spell_effect(game, card_id) is None:
            return False
        game.pending = PendingChoice("may-cast", item.controller, cards=(card_id,), resolving=item.id)
        game.priority = None
        return True

    def resolve_cast_trigger(self: ReferenceRules, game: Game, item: StackItem, line: CastTrigger,
                             events: list[Event]) -> bool:
        if not self.cast_trigger_resolves_without_spell(game, item) and not any(
            s.kind == "spell" and s.source == item.source for s in game.stack
        ):
            return False
        self.create_tokens(game, item.controller, line.effect, events)
        return True

    def create_tokens(self, game: Game, controller: PlayerIndex, spec: CreateTokens, events: list[Event]) -> None:
        """111.1/111.4: tokens are created on the battlefield under their creator's control."""
        data = CardData(spec.token_name, ("Creature",), subtypes=(spec.subtype.capitalize(),),
                        power=str(spec.power), toughness=str(spec.toughness))
        name = data.name
        known = next((c for c in game.cards if c.name == name), None)
        if known is not None and known != data:
            name = f"{data.name} Token"
            data = replace(data, name=name)
            known = next((c for c in game.cards if c.name == name), None)
        if known is None:
            game.cards = game.cards + (data,)
            game.abilities[name] = parse_card(data)
        for _ in range(spec.count):
            n = 1
            while f"t{n}" in game.objects:
                n += 1
            token_id = f"t{n}"
            game.objects[token_id] = CardInstance(token_id, name, controller, token=True)
            game.enter(Perm(token_id, controller=controller, summoning_sick=True))
            events.append(Event(EventKind.ZONE_CHANGE, card=token_id, to_zone=Zone.BATTLEFIELD, player=controller,
                                detail="token"))

    def combat_damage_to_player(self: ReferenceRules, game: Game, source: Perm, amount: int,
                                events: list[Event]) -> None:
        """510.3a: "whenever this creature deals combat damage to a player" (Fallen Shinobi)."""
        for line in game.abilities_of(source.id).card_lines:
            if isinstance(line, ExileTopPlayTrigger):
                self.trigger(game, source.controller, source.id, line.ability, events,
                             ((THAT_PLAYER, str(1 - source.controller)),))

    def resolve_exile_top_play(self: ReferenceRules, game: Game, item: StackItem, line: ExileTopPlayTrigger,
                               events: list[Event]) -> bool:
        """"That player exiles the top N cards of their library. Until end of turn, you may play
        those cards without paying their mana costs." (a permission, 601.3)."""
        victim = int(item.choice(THAT_PLAYER) or 1 - item.controller)
        top = list(game.players[victim].library[: line.count])
        for card_id in top:
            self.move_card(game, card_id, Zone.EXILE, events)
            game.permissions.append(PlayPermission(card_id, item.controller))
        return bool(top)
