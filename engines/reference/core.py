"""The core of the reference engine: turn structure, priority, the stack and zones.

What the core does not know it asks a service (:mod:`.services`: combat for the combat steps,
casting for where a spell goes as its resolution ends) or looks up in the dispatch table
(:mod:`.table`): what a stack item does (its resolver), what a step adds (the ``step.begins``
hook), what happens as a permanent leaves (``permanent.left``).
Decisions (one rules question each, citing the rule) are methods marked ``@decision``; the
procedures after them only sequence decisions and move objects.
"""

from __future__ import annotations

from dataclasses import replace

from protocol.keyword_registry import HASTE, INDESTRUCTIBLE
from protocol.mechanics import Mechanic
from protocol.model import (
    STEP_ORDER,
    ActionKind,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Step,
    Zone,
)

from . import hooks
from .game import SOURCE_GONE, Game, PendingTrigger, Perm
from .oracle import read_keywords
from .services import CombatSteps, Services, Spells
from .table import Table, decision

#: Indestructible changes what the state-based actions destroy (702.12), haste whom summoning
#: sickness binds (702.10): the core reads their lines.
read_keywords(INDESTRUCTIBLE, HASTE)


class Core:
    """Turn structure (500-514), priority (117), the stack (405, 608), zones (400) and
    state-based actions (704)."""

    name = "core"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset(
        {Mechanic.PRIORITY, Mechanic.STACK, Mechanic.SUMMONING_SICKNESS, Mechanic.INDESTRUCTIBLE, Mechanic.HASTE}
    )

    combat: CombatSteps
    spells: Spells
    table: Table

    def connect(self, services: Services) -> None:
        self.combat = services.combat_steps
        self.spells = services.spells
        self.table = services.table

    def register(self, table: Table) -> None:
        table.action(
            self.name,
            ActionKind.PASS_PRIORITY,
            lambda game, action: True,
            lambda game, action, events: self.pass_priority(game, events),
        )

    # =====================================================================================
    # Decisions: turn structure, priority, the stack (117, 500-514)
    # =====================================================================================
    @decision("core.step_has_priority")
    def step_has_priority(self, game: Game, step: Step) -> bool:
        """Players get no priority in the untap step (502.4) nor, normally, in cleanup (514.3)."""
        return step not in (Step.UNTAP, Step.CLEANUP)

    @decision("core.next_step")
    def next_step(self, game: Game) -> Step:
        """The step after the current one (500.1), with combat's optional steps decided here."""
        step = game.step
        if step is Step.CLEANUP:
            return Step.UNTAP
        if step is Step.DECLARE_ATTACKERS and self.combat.combat_damage_steps_skipped(game):
            return Step.END_OF_COMBAT
        if step is Step.DECLARE_BLOCKERS:
            return Step.FIRST_STRIKE_DAMAGE if self.combat.first_strike_step_needed(game) else Step.COMBAT_DAMAGE
        return STEP_ORDER[STEP_ORDER.index(step) + 1]

    @decision("core.untaps_in_untap_step")
    def untaps_in_untap_step(self, game: Game, perm: Perm) -> bool:
        """502.3: the active player untaps all their permanents."""
        return perm.controller == game.active

    @decision("core.sickness_ends_at_turn_start")
    def sickness_ends_at_turn_start(self, game: Game, perm: Perm) -> bool:
        """302.6: a permanent is "summoning sick" until its controller's turn begins with it
        under their control; so at the active player's turn start all of theirs recover."""
        return perm.controller == game.active

    @decision("core.priority_after_action")
    def priority_after_action(self, game: Game, player: PlayerIndex) -> PlayerIndex:
        """117.3c: after casting or activating, the same player receives priority."""
        return player

    @decision("core.priority_after_resolution")
    def priority_after_resolution(self, game: Game) -> PlayerIndex:
        """117.3b: after a spell or ability resolves, the active player receives priority."""
        return game.active

    @decision("core.all_passed")
    def all_passed(self, game: Game) -> bool:
        """117.4: both players passed in succession (no action in between)."""
        return game.passes >= 2

    @decision("core.order_triggers")
    def order_triggers(self, game: Game, triggered: list[PendingTrigger]) -> list[PendingTrigger]:
        """603.3b (APNAP): the active player puts theirs on the stack first, then the other
        player, so the non-active player's triggers resolve first. Within one player's, the
        reference engine keeps the order they triggered in (a player choice)."""
        return [t for t in triggered if t.controller == game.active] + [
            t for t in triggered if t.controller != game.active
        ]

    # =====================================================================================
    # Decisions: state-based actions (704)
    # =====================================================================================
    def toughness(self, game: Game, perm: Perm) -> int | None:
        """A creature's toughness now (613.4c: +1/+1 counters included); ``None`` for a
        noncreature."""
        if not game.is_type(perm.id, "Creature"):
            return None
        toughness = game.abilities_of(perm.id).toughness
        if toughness is None:
            return None
        return toughness + self.table.call(hooks.toughness_bonus, game, perm)

    @decision("core.is_lethally_damaged")
    def is_lethally_damaged(self, game: Game, perm: Perm) -> bool:
        """704.5f (toughness 0 or less) and 704.5g (damage at least its toughness)."""
        toughness = self.toughness(game, perm)
        return toughness is not None and (toughness <= 0 or perm.damage >= toughness)

    @decision("core.destroyed_by_deathtouch")
    def destroyed_by_deathtouch(self, game: Game, perm: Perm) -> bool:
        """704.5h (702.2b): a creature with toughness greater than 0 dealt damage by a source with
        deathtouch since state-based actions were last checked is destroyed."""
        toughness = self.toughness(game, perm)
        return perm.deathtouched and toughness is not None and toughness > 0

    @decision("core.is_indestructible")
    def is_indestructible(self, game: Game, perm: Perm) -> bool:
        """702.12: printed indestructible, or given by an effect (613.1f, the
        ``combat.keyword_granted`` hook)."""
        if game.abilities_of(perm.id).has(INDESTRUCTIBLE):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, INDESTRUCTIBLE.name)

    @decision("core.survives_destruction")
    def survives_destruction(self, game: Game, perm: Perm) -> bool:
        """702.12b: a permanent with indestructible can't be destroyed: lethal damage (704.5g) and
        deathtouch (704.5h) leave it on the battlefield. Toughness 0 or less still puts it into
        its owner's graveyard (704.5f), which is not destruction."""
        toughness = self.toughness(game, perm)
        return self.is_indestructible(game, perm) and (toughness is None or toughness > 0)

    @decision("core.planeswalker_out_of_loyalty")
    def planeswalker_out_of_loyalty(self, game: Game, perm: Perm) -> bool:
        """704.5i: a planeswalker with 0 loyalty goes to its owner's graveyard."""
        return game.is_type(perm.id, "Planeswalker") and perm.counter("loyalty") <= 0

    @decision("core.battle_out_of_defense")
    def battle_out_of_defense(self, game: Game, perm: Perm) -> bool:
        """704.5v: a battle with defense 0 goes to its owner's graveyard, unless it is the source
        of an ability that has triggered but not yet left the stack (a Siege's 310.11b trigger,
        which exiles it instead)."""
        return (
            game.is_type(perm.id, "Battle")
            and perm.counter("defense") <= 0
            and not any(t.source == perm.id for t in game.triggered)
            and not any(item.source == perm.id and item.kind == "triggered" for item in game.stack)
        )

    # =====================================================================================
    # Decisions: summoning sickness (302.6) and returning a creature (ninjutsu, sneak)
    # =====================================================================================
    @decision("core.summoning_sickness_applies")
    def summoning_sickness_applies(self, game: Game, perm: Perm) -> bool:
        """302.6: a creature's controller can't attack with it or pay its {T} costs unless it has
        been under their control continuously since their most recent turn began; 702.10b-c: a
        creature with haste can."""
        return perm.summoning_sick and game.is_type(perm.id, "Creature") and not self.has_haste(game, perm)

    @decision("core.has_haste")
    def has_haste(self, game: Game, perm: Perm) -> bool:
        """702.10: printed haste, or given by an effect (613.1f, the ``combat.keyword_granted``
        hook)."""
        if game.abilities_of(perm.id).has(HASTE):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, HASTE.name)

    @decision("core.returns_to_hand_of")
    def returns_to_hand_of(self, game: Game, creature: Perm) -> PlayerIndex:
        """702.49a (ninjutsu), 702.190a (sneak): "Return ... to its owner's hand" (400.3)."""
        return game.owner(creature.id)

    # =====================================================================================
    # Procedures: priority, steps and turns (117, 500-514)
    # =====================================================================================
    def give_priority(self, game: Game, player: PlayerIndex, events: list[Event]) -> None:
        """117.5: before a player receives priority, state-based actions are checked (repeating
        until none apply) and triggered abilities are put on the stack, and again until neither."""
        while True:
            if self.apply_state_based_actions(game, events):
                continue
            if game.triggered:
                self.put_triggers_on_stack(game, events)
                continue
            break
        game.pending = None
        game.priority = player

    def pass_priority(self, game: Game, events: list[Event]) -> None:
        player = game.priority
        assert player is not None
        game.passes += 1
        if not self.all_passed(game):
            # 117.5, 704.3: state-based actions are checked whenever a player would receive
            # priority, a pass included (a loaded state may hold a creature with toughness 0).
            passes = game.passes
            self.give_priority(game, 1 - player, events)
            game.passes = passes
            return
        game.passes = 0
        if game.stack:
            self.resolve_top(game, events)
            if game.pending is None:  # else the resolution waits for a choice (a search)
                self.give_priority(game, self.priority_after_resolution(game), events)
        else:
            self.proceed(game, events)  # 500.2: the step ends

    def acted(self, game: Game, player: PlayerIndex, events: list[Event]) -> None:
        """After a player acts with priority: passes reset (117.4) and priority goes on (117.3c)."""
        game.passes = 0
        self.give_priority(game, self.priority_after_action(game, player), events)

    def proceed(self, game: Game, events: list[Event]) -> None:
        """End the current step and go on until a step stops for a decision."""
        while True:
            self.end_step(game, events)
            if game.step is Step.CLEANUP:
                self.start_next_turn(game)
            self.begin_step(game, self.next_step(game), events)
            if game.actor is not None:
                return

    def end_step(self, game: Game, events: list[Event]) -> None:
        for seat in game.players:  # 500.4: mana empties at the end of each step
            seat.mana_pool.clear()
        if game.step is Step.END_OF_COMBAT:
            self.combat.remove_all_from_combat(game)

    def start_next_turn(self, game: Game) -> None:
        """500.1/103: turns alternate; the new active player gets one land play (305.2)."""
        game.turn += 1
        game.active = 1 - game.active
        game.players[game.active].land_plays_left = 1
        for seat in game.players:  # "searched a library this turn" is about the turn just ended
            if getattr(seat.base, "searched_library", False):
                seat.base = replace(seat.base, searched_library=False)

    def begin_step(self, game: Game, step: Step, events: list[Event]) -> None:
        """Enter ``step`` and perform its turn-based actions (combat's are combat's); stop at its
        first decision, or leave ``actor`` empty for a step without priority."""
        game.step = step
        game.priority = None
        game.pending = None
        game.passes = 0
        events.append(Event(EventKind.STEP, detail=str(step)))
        if step is Step.UNTAP:
            self.untap_step(game, events)
        elif step is Step.DRAW:
            self.draw_card(game, game.active, events)  # 504.1
        elif step is Step.CLEANUP:
            for perm in game.battlefield:  # 514.2
                perm.damage = 0
        elif not self.combat.begin_combat_step(game, step, events):
            return  # it waits for a declaration or an assignment of combat damage (508.1, 509.1, 510.1)
        self.step_begun(game, step, events)

    def step_begun(self, game: Game, step: Step, events: list[Event]) -> None:
        """The step's turn-based actions are done: what happens "at the beginning of" it (the
        ``step.begins`` hook: upkeep triggers, "until end of turn" effects that end), then the
        active player receives priority, in a step that has it (117.3a)."""
        self.table.call(hooks.step_begins, game, step, events)
        if self.step_has_priority(game, step):
            self.give_priority(game, game.active, events)

    def resume(self, game: Game, events: list[Event]) -> None:
        """Continue a game loaded at a moment nobody acts: the current step begins afresh."""
        if game.actor is None:
            self.begin_step(game, game.step, events)
            if game.actor is None:
                self.proceed(game, events)

    def untap_step(self, game: Game, events: list[Event]) -> None:
        for perm in game.battlefield:
            if self.sickness_ends_at_turn_start(game, perm):
                perm.summoning_sick = False
            if perm.tapped and self.untaps_in_untap_step(game, perm):
                perm.tapped = False
                events.append(Event(EventKind.UNTAP, card=perm.id))

    def draw_card(self, game: Game, player: PlayerIndex, events: list[Event]) -> None:
        """121.1: the top card of the library goes to the hand (an empty library: nothing; the
        reference engine does not end games, 704.5b)."""
        seat = game.players[player]
        if seat.library:
            card = seat.library.pop(0)
            seat.hand.append(card)
            events.append(Event(EventKind.DRAW, card=card, player=player))

    # =====================================================================================
    # Procedures: zone changes, state-based actions, triggers, resolution
    # =====================================================================================
    def move_card(self, game: Game, card_id: str, to_zone: Zone, events: list[Event]) -> None:
        """Move a card to its owner's ``to_zone`` (not the battlefield); it becomes a new object
        (400.7), so whatever tracked the old one lets go."""
        from_zone, perm = game.remove_from_zone(card_id)
        if from_zone is Zone.BATTLEFIELD:
            self.combat.left_battlefield(game, card_id)
        elif from_zone is Zone.HAND:
            self.left_hand(game, card_id)
        game.put_in_zone(card_id, to_zone)
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=to_zone))
        if perm is not None:
            self.permanent_left(game, perm, to_zone, events)

    def return_to_hand(self, game: Game, creature: Perm, events: list[Event]) -> None:
        owner = self.returns_to_hand_of(game, creature)
        from_zone, _ = game.remove_from_zone(creature.id)
        self.combat.left_battlefield(game, creature.id)
        game.players[owner].hand.append(creature.id)
        events.append(Event(EventKind.ZONE_CHANGE, card=creature.id, from_zone=from_zone, to_zone=Zone.HAND))
        self.permanent_left(game, creature, Zone.HAND, events)

    def left_hand(self, game: Game, card_id: str) -> None:
        """A card leaving the hand is no longer revealed there, and ninjutsu abilities that
        would put *that* card onto the battlefield lose track of it (400.7)."""
        self.lose_track_of(game, card_id)

    def left_library(self, game: Game, card_id: str) -> None:
        """A card leaving the library is no longer revealed there, and library ninjutsu abilities
        that would put *that* card onto the battlefield lose track of it (400.7)."""
        self.lose_track_of(game, card_id)
        self.table.call(hooks.library_left, game, card_id)  # a search in progress no longer sees it

    def lose_track_of(self, game: Game, card_id: str) -> None:
        """A card leaves the zone a ninjutsu-family ability works from (hand or library): it is
        no longer revealed there, and abilities that would put *that* card onto the battlefield
        lose track of it (400.7)."""
        if card_id in game.revealed:
            game.revealed.remove(card_id)
        for i, item in enumerate(game.stack):
            if item.source == card_id and item.kind == "activated" and item.choice(SOURCE_GONE) is None:
                game.stack[i] = replace(item, choices=item.choices + ((SOURCE_GONE, "true"),))

    def apply_state_based_actions(self, game: Game, events: list[Event]) -> bool:
        """704.3: perform all applicable state-based actions at once; True if any applied."""
        doomed = [
            p.id
            for p in game.battlefield
            if (
                (self.is_lethally_damaged(game, p) or self.destroyed_by_deathtouch(game, p))
                and not self.survives_destruction(game, p)
            )
            or self.planeswalker_out_of_loyalty(game, p)
            or self.battle_out_of_defense(game, p)
        ]
        for perm in game.battlefield:  # 704.5h looks only at damage since this check
            perm.deathtouched = False
        for card_id in doomed:
            self.move_card(game, card_id, Zone.GRAVEYARD, events)
        vanished = False
        for seat in game.players:  # 704.5d: a token outside the battlefield ceases to exist
            for zone in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND):
                cards = seat.zone(zone)
                tokens = [c for c in cards if game.objects[c].token]
                for token in tokens:
                    cards.remove(token)
                    vanished = True
        return bool(doomed) or vanished

    def trigger(
        self,
        game: Game,
        controller: PlayerIndex,
        source: str,
        ability: str,
        events: list[Event],
        choices: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """603.2: the ability triggers now and waits to be put on the stack (603.3)."""
        game.triggered.append(PendingTrigger(controller, source, ability, choices))
        events.append(Event(EventKind.TRIGGER, card=source, ability=ability, player=controller))

    def put_triggers_on_stack(self, game: Game, events: list[Event]) -> None:
        ordered = self.order_triggers(game, game.triggered)
        game.triggered = []
        for t in ordered:
            game.stack.append(
                StackItem(game.next_stack_id(), "triggered", t.source, t.controller, t.ability, t.choices)
            )

    def resolve_top(self, game: Game, events: list[Event]) -> None:
        """608.2: the top item resolves and leaves the stack."""
        item = game.stack.pop()
        effects: list[Event] = []
        did_something = self.resolve_item(game, item, effects)
        events.append(
            Event(
                EventKind.RESOLVE,
                card=item.source,
                ability=item.ability,
                player=item.controller,
                detail=None if did_something else "did nothing",
            )
        )
        events.extend(effects)
        if game.pending is not None:  # it waits for a choice (a search): it stays on the stack (608.2n)
            game.stack.append(item)
            return
        self.left_stack(game, item)

    def resolve_item(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """608.2: the component that put ``item`` there resolves it; True if it did something."""
        resolver = self.table.resolver_for(game, item) if item.source in game.objects else None
        if resolver is None:
            raise ValueError(f"reference engine cannot resolve stack item {item}")
        return resolver.resolve(game, item, events)

    def left_stack(self, game: Game, item: StackItem) -> None:
        """The Ninja stays revealed only while one of its ninjutsu abilities is on the stack."""
        if item.source in game.revealed and not any(
            other.source == item.source and other.kind == "activated" for other in game.stack
        ):
            game.revealed.remove(item.source)

    def end_paused_resolution(self, game: Game, item_id: str | None, events: list[Event]) -> None:
        """A resolution that waited for a choice is over: the item leaves the stack (a spell to
        the graveyard), and the active player receives priority (117.3b) once triggered
        abilities are put on the stack (117.5)."""
        item = next((s for s in game.stack if s.id == item_id), None)
        if item is not None:
            game.stack.remove(item)
            self.spells.finish_item(game, item, events)
            self.left_stack(game, item)
        game.passes = 0
        self.give_priority(game, self.priority_after_resolution(game), events)

    def permanent_left(self, game: Game, perm: Perm, to_zone: Zone | None, events: list[Event]) -> None:
        """``perm`` has just left the battlefield for ``to_zone`` (its last known status, 603.10a):
        the ``permanent.left`` hooks (leaves-the-battlefield triggers) run."""
        self.table.call(hooks.permanent_left, game, perm, to_zone, events)
