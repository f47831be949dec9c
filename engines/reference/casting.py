"""Casting spells (601), playing lands (305), and what spells do as they resolve (608): the
reference engine's casting component.

``Action(CAST, player, source=<card id>, targets=(...))`` casts a spell the engine can read: an
instant or sorcery (a search or a look, :mod:`.search` resolves those; "Counter target spell.",
"You gain N life.", "Target player gains N life."), or a creature, artifact or enchantment spell, which resolves into a
permanent under its caster's control, summoning sick (608.3, 302.6). Timing is a decision
(307.1 sorcery timing, 117.1a instant timing), so are the zones a spell may be cast from, its
cost and its legal targets; other components widen them through hooks (:mod:`.hooks`:
``casting.cast_from``, ``casting.timing``, ``casting.cost``: play from exile, sneak), take the
spells they cast themselves (``casting.cast_elsewhere``: mana's {X} permanent spells) and
register alternative costs (``("alternative", "sneak")``). What the others ask of casting is the
:class:`.services.Spells` service. The spell moves to the stack
(601.2a), its targets are chosen (601.2c), its mana cost is paid (601.2g-h), it becomes cast
(601.2i: "when you cast" abilities trigger, 603.2) and its caster receives priority (117.3c).

- Cast triggers (603.2, 601.2i) go on the stack above the spell, so they resolve first, and
  exist independently of it (113.7a).
- "Counter target spell." (701.6a): the countered spell goes to its owner's graveyard; a spell
  whose only target is gone doesn't resolve (608.2b) and goes there too.
- Tokens (111): created on the battlefield; one that leaves it ceases to exist (704.5d).
- Land plays (305): ``Action(PLAY_LAND, player, source=card)``: a special action (116.2a), main
  phase of your turn, empty stack, a land play left.

Where a spell was cast from is kept on its stack item as ``("cast-from", zone)`` (rebound asks);
where a spell goes as it leaves the stack can be replaced (``spell.destination``: rebound).
"""

from __future__ import annotations

from dataclasses import replace

from protocol.adapter import ActionRefused
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    CardData,
    CardInstance,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Zone,
    parse_mana_cost,
)

from . import hooks
from .game import CAST_FROM, TARGETS, Game, Perm, parse_player_ref, player_ref
from .lines import (
    CastTrigger,
    CounterTargetSpell,
    CreateTokens,
    GainLife,
    SpellEffect,
)
from .oracle import effects_of, parse_card
from .services import PERMANENT_SPELL, Payment, PermanentSpell, Services, SpellCardEffect, Turn, Zones
from .table import Table, decision

#: ``StackItem.ability`` of a spell.
SPELL = "spell"
#: Event detail of a countered spell's move to the graveyard.
COUNTERED = "countered"
#: Cost-choice key naming an alternative cost ("sneak").
ALTERNATIVE = "alternative"
#: Card types of permanent spells the engine casts (608.3). Lands are played, never cast.
PERMANENT_TYPES = ("Creature", "Artifact", "Enchantment")


class Casting:
    """See the module docstring."""

    name = "casting"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset(
        {
            Mechanic.CASTING,
            Mechanic.CASTING_PERMANENTS,
            Mechanic.CAST_TRIGGER,
            Mechanic.COUNTERSPELL,
            Mechanic.TOKENS,
            Mechanic.LAND_PLAY,
        }
    )

    turn: Turn
    zones: Zones
    payment: Payment
    table: Table

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.zones = services.zones
        self.payment = services.payment
        self.table = services.table

    def register(self, table: Table) -> None:
        table.offer("casting.spells", self.cast_actions)
        table.offer("casting.lands", self.play_land_actions)
        # Spells another component casts itself ({X} permanent spells: mana, 107.3m) are its own.
        table.action(
            self.name,
            ActionKind.CAST,
            lambda game, action: not self.table.call(hooks.cast_elsewhere, game, action.source or ""),
            self.cast_spell,
        )
        table.action(self.name, ActionKind.PLAY_LAND, lambda game, action: True, self.play_land)
        table.resolver(self.name, "spell", self.resolves_spell, self.resolve_spell)
        table.line_resolver(self.name, CastTrigger, self.resolve_cast_trigger)

    # =====================================================================================
    # Decisions: what a spell is, where from and when it is cast
    # =====================================================================================
    @decision("casting.is_permanent_card")
    def is_permanent_card(self, game: Game, card_id: str) -> bool:
        """110.4/608.3: a creature, artifact or enchantment card becomes a permanent as it
        resolves (lands are played, 305.1, not cast)."""
        data = game.data(card_id)
        return any(data.is_type(t) for t in PERMANENT_TYPES) and not data.is_type("Land")

    @decision("casting.spell_effect")
    def spell_effect(self, game: Game, card_id: str) -> SpellCardEffect | None:
        """What the card does as a spell, if the reference engine can read it: an instant's or
        sorcery's effect (a search or a look, "Counter target spell.", "You gain N life."), or
        becoming a permanent (608.3; those another component casts, ``casting.cast_elsewhere``,
        are its own: {X} permanent spells)."""
        if card_id not in game.objects:
            return None
        found = effects_of(game.abilities_of(card_id).effects, SpellEffect)
        if found:
            return found[0].effect
        if self.is_permanent_card(game, card_id) and not self.table.call(hooks.cast_elsewhere, game, card_id):
            return PERMANENT_SPELL
        return None

    @decision("casting.can_cast_from")
    def can_cast_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """601.2a: a player casts a spell card from their hand; 601.3: permissions to cast from
        other zones (exile, a graveyard) come from the ``casting.cast_from`` hooks."""
        return card_id in game.players[player].hand or self.table.call(hooks.cast_from, game, player, card_id)

    @decision("casting.has_instant_timing")
    def has_instant_timing(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """117.1a/304.1: an instant can be cast any time its caster has priority."""
        return game.data(card_id).is_type("Instant")

    @decision("casting.sorcery_timing")
    def sorcery_timing(self, game: Game, player: PlayerIndex) -> bool:
        """307.1: a sorcery can be cast only in a main phase of its caster's own turn, while the
        stack is empty (and they have priority)."""
        return game.active == player and game.step.is_main and not game.stack

    @decision("casting.may_cast_now")
    def may_cast_now(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """117.1a: a player casts spells only with priority (never during a pending choice);
        then 307.1 or instant timing — unless a ``casting.timing`` hook (a permission, 601.3)
        answers for the card."""
        replaced = self.table.call(hooks.cast_timing, game, player, card_id)
        if replaced is not None:
            return bool(replaced)
        if game.priority != player or game.pending is not None:
            return False
        return self.has_instant_timing(game, player, card_id) or self.sorcery_timing(game, player)

    @decision("casting.spell_cost")
    def spell_cost(self, game: Game, player: PlayerIndex, card_id: str) -> tuple[str, ...]:
        """601.2f: the total cost is the card's mana cost; 118.9: a ``casting.cost`` hook ("without
        paying its mana cost") replaces it."""
        replaced = self.table.call(hooks.cast_cost, game, player, card_id)
        if replaced is not None:
            return tuple(replaced)
        return parse_mana_cost(game.data(card_id).mana_cost)

    @decision("casting.target_choices")
    def target_choices(self, game: Game, player: PlayerIndex, effect: SpellCardEffect) -> list[tuple[str, ...]]:
        """601.2c/115.1: the legal target choices, each a tuple of target refs; ``[()]`` for an
        effect with no target. "Target opponent": each opponent of the caster (102.2); "target
        spell": any spell on the stack (named by its card id); "target player": each player
        (115.1). No choice at all (``[]``) when none is legal: the spell can't be cast (601.2c)."""
        if isinstance(effect, CounterTargetSpell):
            return [(item.source,) for item in game.stack if item.kind == "spell"]
        if isinstance(effect, GainLife) and effect.target_player:
            return [(player_ref(p),) for p in range(len(game.players))]
        if getattr(effect, "targets_opponent", False):
            return [(player_ref(1 - player),)]
        return [()]

    @decision("casting.spell_goes_to")
    def spell_goes_to(self, game: Game, item: StackItem) -> Zone:
        """608.2n: as the final part of its resolution, an instant or sorcery spell is put into
        its owner's graveyard."""
        return Zone.GRAVEYARD

    @decision("casting.countered_spell_goes_to")
    def countered_spell_goes_to(self, game: Game, item: StackItem) -> Zone:
        """701.6a/608.2b: a countered spell, or one that doesn't resolve, goes to its owner's
        graveyard."""
        return Zone.GRAVEYARD

    # =====================================================================================
    # Decisions: cast triggers (603.2)
    # =====================================================================================
    @decision("casting.cast_trigger_above_spell")
    def cast_trigger_above_spell(self, game: Game) -> bool:
        """601.2i/603.3: a "when you cast" ability triggers once the spell is cast, so it is put
        on the stack (the next time a player would receive priority) above the spell."""
        return True

    @decision("casting.cast_trigger_resolves_without_spell")
    def cast_trigger_resolves_without_spell(self, game: Game, item: StackItem) -> bool:
        """113.7a: once triggered, the ability exists independently of its source: it resolves
        even if the spell was countered or otherwise left the stack."""
        return True

    # =====================================================================================
    # Decisions: land plays (305)
    # =====================================================================================
    @decision("casting.land_timing_ok")
    def land_timing_ok(self, game: Game, player: PlayerIndex) -> bool:
        """305.1/116.2a: a player plays a land only in a main phase of their own turn, with
        priority and an empty stack."""
        return (
            game.priority == player
            and game.pending is None
            and game.active == player
            and game.step.is_main
            and not game.stack
        )

    @decision("casting.has_land_play")
    def has_land_play(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """305.2: only if they have a land play left this turn (one, normally)."""
        return game.players[player].land_plays_left > 0

    @decision("casting.life_gainer")
    def life_gainer(self, game: Game, item: StackItem, effect: GainLife) -> PlayerIndex | None:
        """608.2c: a spell does what its text says to whom it says: "You gain N life." its
        controller (109.5), "Target player gains N life." the player chosen as its target as it
        was cast (601.2c); None when that target is gone (608.2b)."""
        if not effect.target_player:
            return item.controller
        return parse_player_ref((item.choice(TARGETS) or "").split(",")[0])

    @decision("casting.illegal_targets_stop_resolution")
    def illegal_targets_stop_resolution(self, game: Game, item: StackItem) -> bool:
        """608.2b: a spell all of whose targets are illegal as it would resolve doesn't resolve
        (it is removed from the stack, to its owner's graveyard: not "resolved, doing nothing")."""
        return True

    @decision("casting.land_plays_used")
    def land_plays_used(self, game: Game, player: PlayerIndex, card_id: str, from_zone: Zone | None) -> int:
        """305.2: playing a land uses one of the player's land plays for the turn, whatever zone
        it is played from (from exile with a permission too)."""
        return 1

    # =====================================================================================
    # Procedures: casting (601.2)
    # =====================================================================================
    def cast_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        """Every spell ``player`` can cast now, one action per choice of targets."""
        actions = []
        for card_id in self.castable_cards(game, player):
            effect = self.spell_effect(game, card_id)
            if effect is None or not self.may_cast_now(game, player, card_id):
                continue
            if self.payment.plan_mana_payment(game, player, self.spell_cost(game, player, card_id)) is None:
                continue
            for targets in self.target_choices(game, player, effect):
                actions.append(Action(ActionKind.CAST, player, source=card_id, targets=targets))
        return actions

    def castable_cards(self, game: Game, player: PlayerIndex) -> list[str]:
        """Cards ``player`` might cast from some zone (filtered by ``can_cast_from``)."""
        seat = game.players[player]
        cards = [c for c in seat.hand + seat.graveyard + seat.exile if self.can_cast_from(game, player, c)]
        cards += self.table.call(hooks.extra_castable, game, player, cards)  # another player's exile (601.3)
        return cards

    def cast_spell(self, game: Game, action: Action, events: list[Event]) -> None:
        """601.2: check everything, then move the card to the stack (601.2a), record its targets
        (601.2c), pay its cost (601.2g-h), the spell becomes cast (601.2i) and its caster
        receives priority (117.3c). With an alternative cost, the component registered for it
        casts the spell."""
        alternative = action.cost(ALTERNATIVE)
        if alternative is not None:
            registered = self.table.alternative_costs.get(alternative)
            if registered is None:
                raise ActionRefused(f"the reference engine knows no alternative cost {alternative!r}")
            registered[1](game, action, events)
            return
        player = action.player
        card_id = action.source or ""
        from_zone = game.zone_of(card_id)
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
        plan = self.payment.require_mana_plan(game, player, cost)

        from_zone, _ = game.remove_from_zone(card_id)
        if from_zone is Zone.HAND:
            self.zones.left_hand(game, card_id)
        events.append(Event(EventKind.CAST, card=card_id, ability=SPELL, player=player))
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=Zone.STACK))
        choices = ((TARGETS, ",".join(targets)),) if targets else ()
        game.stack.append(StackItem(game.next_stack_id(), "spell", card_id, player, SPELL, choices))
        self.payment.pay_mana(game, player, plan, events)
        self.turn.acted(game, player, events)
        self.spell_became_cast(game, player, card_id, from_zone, events)
        self.turn.give_priority(game, player, events)  # 117.5: triggers go on the stack first

    def spell_became_cast(
        self,
        game: Game,
        player: PlayerIndex,
        card_id: str,
        from_zone: Zone | None,
        events: list[Event],
        extra: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """601.2i: note where the spell was cast from (and ``extra`` choices) on its stack item,
        let go of permissions that no longer cover their card (400.7), and trigger its "when
        you cast this spell" abilities (603.2)."""
        index = max(i for i, s in enumerate(game.stack) if s.kind == "spell" and s.source == card_id)
        item = game.stack[index]
        noted = ((CAST_FROM, str(from_zone)),) if from_zone is not None else ()
        game.stack[index] = replace(item, choices=item.choices + noted + extra)
        self.table.call(hooks.played, game)
        for line in game.abilities_of(card_id).card_lines:
            if not isinstance(line, CastTrigger):
                continue
            if self.cast_trigger_above_spell(game):
                self.turn.trigger(game, player, card_id, line.ability, events)
            else:
                events.append(Event(EventKind.TRIGGER, card=card_id, ability=line.ability, player=player))
                game.stack.insert(index, StackItem(game.next_stack_id(), "triggered", card_id, player, line.ability))

    def put_spell_on_stack(
        self, game: Game, player: PlayerIndex, card_id: str, choices: tuple[tuple[str, str], ...], events: list[Event]
    ) -> Zone | None:
        """601.2a: the card moves from where it is to the stack; returns that zone."""
        from_zone, _ = game.remove_from_zone(card_id)
        if from_zone is Zone.HAND:
            self.zones.left_hand(game, card_id)
        events.append(Event(EventKind.CAST, card=card_id, ability=SPELL, player=player))
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=Zone.STACK))
        game.stack.append(StackItem(game.next_stack_id(), "spell", card_id, player, SPELL, choices))
        return from_zone

    # =====================================================================================
    # Procedures: playing lands (305)
    # =====================================================================================
    def can_play_land_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """305.1: a land from the hand; 601.3-like permissions (``casting.land_from``): from exile."""
        return card_id in game.players[player].hand or self.table.call(hooks.land_from, game, player, card_id)

    def land_candidates(self, game: Game, player: PlayerIndex) -> list[str]:
        cards = list(game.players[player].hand)
        cards += self.table.call(hooks.land_candidates, game, player)
        return [c for c in dict.fromkeys(cards) if c in game.objects and game.data(c).is_type("Land")]

    def play_land_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        if not self.land_timing_ok(game, player):
            return []
        return [
            Action(ActionKind.PLAY_LAND, player, source=card_id)
            for card_id in self.land_candidates(game, player)
            if self.can_play_land_from(game, player, card_id) and self.has_land_play(game, player, card_id)
        ]

    def play_land(self, game: Game, action: Action, events: list[Event]) -> None:
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
            self.zones.left_hand(game, card_id)
        # 302.6: like any permanent, it has not been under its controller's control continuously
        # since their most recent turn began (it matters only if it is or becomes a creature).
        game.enter(Perm(card_id, controller=player, summoning_sick=True))
        game.players[player].land_plays_left -= self.land_plays_used(game, player, card_id, from_zone)
        events.append(
            Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=Zone.BATTLEFIELD, player=player)
        )
        self.table.call(hooks.played, game)
        self.turn.acted(game, player, events)

    # =====================================================================================
    # Procedures: resolution (608)
    # =====================================================================================
    def finish_item(self, game: Game, item: StackItem, events: list[Event]) -> None:
        """The final part of a resolution: a spell card goes to its owner's graveyard (608.2n),
        or where a ``spell.destination`` hook sends it instead (rebound: exile)."""
        if item.kind != "spell":
            return
        zone = self.table.call(hooks.spell_destination, game, item, True, False) or self.spell_goes_to(game, item)
        game.put_in_zone(item.source, zone)
        events.append(Event(EventKind.ZONE_CHANGE, card=item.source, from_zone=Zone.STACK, to_zone=zone))
        self.left_stack(game, item, zone)

    def left_stack(self, game: Game, item: StackItem, zone: Zone) -> None:
        self.table.call(hooks.spell_left_stack, game, item, zone)

    def resolves_spell(self, game: Game, item: StackItem) -> bool:
        """Spells this component resolves: permanent spells, counterspells, "you gain N life"
        (searches and looks are the search component's)."""
        return isinstance(self.spell_effect(game, item.source), (PermanentSpell, CounterTargetSpell, GainLife))

    def resolve_spell(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        effect = self.spell_effect(game, item.source)
        if isinstance(effect, PermanentSpell):
            return self.resolve_permanent_spell(game, item, events)
        return self.resolve_spell_line(game, item, effect, events)

    def resolve_permanent_spell(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """608.3: the spell becomes a permanent under its controller's control — unless a
        ``spell.destination`` hook sends it elsewhere as it resolves (rebound, 702.88a: the
        playtest ruling of Jeskai Baller). The ``permanent.entering`` hooks set the status it
        enters with, the ``permanent.entered`` hooks run once it is there."""
        card_id = item.source
        zone = self.table.call(hooks.spell_destination, game, item, True, True)
        if zone is not None:
            game.put_in_zone(card_id, zone)
            events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=Zone.STACK, to_zone=zone))
            self.left_stack(game, item, zone)
            return True
        perm = Perm(card_id, controller=item.controller, summoning_sick=True)
        self.table.call(hooks.permanent_entering, game, item, perm, events)
        game.enter(perm)
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=Zone.STACK, to_zone=Zone.BATTLEFIELD))
        self.table.call(hooks.permanent_entered, game, item, perm, events)
        return True

    def resolve_spell_line(
        self, game: Game, item: StackItem, effect: SpellCardEffect | None, events: list[Event]
    ) -> bool:
        """608.2: the effect happens, then the card goes to the graveyard (608.2n) — or to exile
        (rebound). A counterspell whose target has left the stack doesn't resolve (608.2b)."""
        if isinstance(effect, CounterTargetSpell):
            target = (item.choice(TARGETS) or "").split(",")[0]
            victim = next((s for s in reversed(game.stack) if s.kind == "spell" and s.source == target), None)
            if victim is None and self.illegal_targets_stop_resolution(game, item):
                events.append(Event(EventKind.FIZZLE, card=item.source, ability=item.ability, player=item.controller))
                self.spell_leaves_unresolved(game, item, events)
                return False
            if victim is not None:
                self.counter(game, victim, events)
        elif isinstance(effect, GainLife):
            gainer = self.life_gainer(game, item, effect)
            if effect.target_player:
                if gainer is None and self.illegal_targets_stop_resolution(game, item):
                    events.append(
                        Event(EventKind.FIZZLE, card=item.source, ability=item.ability, player=item.controller)
                    )
                    self.spell_leaves_unresolved(game, item, events)
                    return False
            if gainer is not None:
                game.players[gainer].life += effect.amount
                events.append(Event(EventKind.LIFE, player=gainer, amount=effect.amount))
        self.finish_item(game, item, events)
        return True

    def counter(self, game: Game, victim: StackItem, events: list[Event]) -> None:
        """701.6a: the countered spell is removed from the stack (to its owner's graveyard)."""
        game.stack.remove(victim)
        self.turn.left_stack(game, victim)
        self.spell_leaves_unresolved(game, victim, events)

    def spell_leaves_unresolved(self, game: Game, item: StackItem, events: list[Event]) -> None:
        """A spell leaves the stack without resolving (countered, 701.6a; its targets gone,
        608.2b): to its owner's graveyard (a ``spell.destination`` hook may say otherwise; rebound
        applies only as a spell resolves)."""
        zone = self.table.call(hooks.spell_destination, game, item, False, False)
        if zone is None:
            zone = self.countered_spell_goes_to(game, item)
        game.put_in_zone(item.source, zone)
        events.append(
            Event(EventKind.ZONE_CHANGE, card=item.source, from_zone=Zone.STACK, to_zone=zone, detail=COUNTERED)
        )
        self.left_stack(game, item, zone)

    def resolve_cast_trigger(self, game: Game, item: StackItem, line: CastTrigger, events: list[Event]) -> bool:
        if not self.cast_trigger_resolves_without_spell(game, item) and not any(
            s.kind == "spell" and s.source == item.source for s in game.stack
        ):
            return False
        self.create_tokens(game, item.controller, line.effect, events)
        return True

    def create_tokens(self, game: Game, controller: PlayerIndex, spec: CreateTokens, events: list[Event]) -> None:
        """111.1/111.4: tokens are created on the battlefield under their creator's control."""
        data = CardData(
            spec.token_name,
            ("Creature",),
            subtypes=(spec.subtype.capitalize(),),
            power=str(spec.power),
            toughness=str(spec.toughness),
        )
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
            events.append(
                Event(EventKind.ZONE_CHANGE, card=token_id, to_zone=Zone.BATTLEFIELD, player=controller, detail="token")
            )
