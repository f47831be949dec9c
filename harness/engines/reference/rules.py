"""ReferenceRules: the rules of the reference engine, one overridable method per decision.

The class has two layers. *Decisions* (the methods in the first sections: predicates and
choices such as ``ninjutsu_window_open`` or ``deals_damage_in_step``) each answer one rules
question and cite the rule that answers it. *Procedures* (priority, steps, combat, resolution,
further down) only sequence those decisions and move objects. A mutant is a subclass that
overrides exactly one decision with a wrong answer; the harness is good when it notices.

All methods take the mutable :class:`~.game.Game` explicitly, so a rules object holds no state
and one instance can serve any number of games.
"""

from __future__ import annotations

from dataclasses import replace

from harness.protocol.adapter import ActionRefused
from harness.protocol.model import (
    AFTER_BLOCKERS_STEPS,
    STEP_ORDER,
    Action,
    ActionKind,
    AttackTarget,
    Event,
    EventKind,
    PendingChoice,
    PlayerIndex,
    StackItem,
    Step,
    TargetKind,
    Zone,
    target_ref,
)

from .casting import CastingRules
from .classes import ClassRules
from .game import (
    ATTACK_TARGET,
    SOURCE_GONE,
    Game,
    PendingTrigger,
    Perm,
    decode_target,
    returned_choices,
)
from .library_ninjutsu import LibraryNinjutsuRules
from .mana import OptionPlan
from .mana_rules import ManaRules
from .oracle import Ninjutsu
from .search import SearchRules
from .sneak import SneakRules
from .spells import SpellRules


class ReferenceRules(SneakRules, ClassRules, SpellRules, LibraryNinjutsuRules, SearchRules, CastingRules, ManaRules):
    """Exact rules for the mechanics the reference engine claims (see ``SUPPORTED`` in
    :mod:`harness.engines.reference`)."""

    #: Ninjutsu-family variants that can be activated (the others parse but are never offered).
    #: Library ninjutsu is activated only during a search (.library_ninjutsu), never with priority.
    implemented_ninjutsu_variants: frozenset[str] = frozenset({"ninjutsu", "library ninjutsu"})
    #: Pending choices the engine can make (a state waiting for another one cannot be loaded).
    pending_kinds: frozenset[str] = frozenset({"declare-attackers", "declare-blockers", "search", "may-cast"})

    # =====================================================================================
    # Decisions: turn structure, priority, the stack
    # =====================================================================================
    def step_has_priority(self, game: Game, step: Step) -> bool:
        """Players get no priority in the untap step (502.4) nor, normally, in cleanup (514.3)."""
        return step not in (Step.UNTAP, Step.CLEANUP)

    def next_step(self, game: Game) -> Step:
        """The step after the current one (500.1), with combat's optional steps decided here."""
        step = game.step
        if step is Step.CLEANUP:
            return Step.UNTAP
        if step is Step.DECLARE_ATTACKERS and self.combat_damage_steps_skipped(game):
            return Step.END_OF_COMBAT
        if step is Step.DECLARE_BLOCKERS:
            return Step.FIRST_STRIKE_DAMAGE if self.first_strike_step_needed(game) else Step.COMBAT_DAMAGE
        return STEP_ORDER[STEP_ORDER.index(step) + 1]

    def combat_damage_steps_skipped(self, game: Game) -> bool:
        """508.8: with no creature attacking, skip declare-blockers and the damage steps."""
        return not any(p.attacking is not None for p in game.battlefield)

    def untaps_in_untap_step(self, game: Game, perm: Perm) -> bool:
        """502.3: the active player untaps all their permanents."""
        return perm.controller == game.active

    def sickness_ends_at_turn_start(self, game: Game, perm: Perm) -> bool:
        """302.6: a permanent is "summoning sick" until its controller's turn begins with it
        under their control; so at the active player's turn start all of theirs recover."""
        return perm.controller == game.active

    def priority_after_action(self, game: Game, player: PlayerIndex) -> PlayerIndex:
        """117.3c: after casting or activating, the same player receives priority."""
        return player

    def priority_after_resolution(self, game: Game) -> PlayerIndex:
        """117.3b: after a spell or ability resolves, the active player receives priority."""
        return game.active

    def all_passed(self, game: Game) -> bool:
        """117.4: both players passed in succession (no action in between)."""
        return game.passes >= 2

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
    def is_lethally_damaged(self, game: Game, perm: Perm) -> bool:
        """704.5f (toughness 0 or less) and 704.5g (damage at least its toughness)."""
        if not game.is_type(perm.id, "Creature"):
            return False
        toughness = game.abilities_of(perm.id).toughness
        if toughness is None:
            return False
        toughness += self.counter_bonus(game, perm)  # 613.4c: +1/+1 counters (mana_rules)
        return toughness <= 0 or perm.damage >= toughness

    def planeswalker_out_of_loyalty(self, game: Game, perm: Perm) -> bool:
        """704.5i: a planeswalker with 0 loyalty goes to its owner's graveyard."""
        return game.is_type(perm.id, "Planeswalker") and perm.counter("loyalty") <= 0

    def battle_out_of_defense(self, game: Game, perm: Perm) -> bool:
        """704.5v: a battle with defense 0 goes to its owner's graveyard."""
        return game.is_type(perm.id, "Battle") and perm.counter("defense") <= 0

    # =====================================================================================
    # Decisions: costs and mana
    # =====================================================================================
    def summoning_sickness_applies(self, game: Game, perm: Perm) -> bool:
        """302.6: a creature's controller can't attack with it or pay its {T} costs unless it has
        been under their control continuously since their most recent turn began."""
        return perm.summoning_sick and game.is_type(perm.id, "Creature")

    def can_pay_tap_cost(self, game: Game, perm: Perm) -> bool:
        """107.5/302.6: {T} needs an untapped permanent, and a creature that isn't summoning sick."""
        return not perm.tapped and not self.summoning_sickness_applies(game, perm)

    def mana_ability_allowed(self, game: Game, player: PlayerIndex) -> bool:
        """605.3a: a player may activate a mana ability whenever they have priority."""
        return game.priority == player and game.pending is None

    # {Q} costs, mana production, "could produce", paying mana costs (mana_sources,
    # plan_mana_payment, pay_mana): see the ManaRules mixin (.mana_rules).

    # =====================================================================================
    # Decisions: combat (506-511)
    # =====================================================================================
    def legal_attack_targets(self, game: Game, player: PlayerIndex) -> list[AttackTarget]:
        """506.2/508.1b: the defending player, planeswalkers they control, battles they protect."""
        defender = 1 - player
        targets = [AttackTarget.of_player(defender)]
        for perm in game.battlefield:
            if game.is_type(perm.id, "Planeswalker") and perm.controller == defender:
                targets.append(AttackTarget.of_permanent(TargetKind.PLANESWALKER, perm.id))
        for perm in game.battlefield:
            if game.is_type(perm.id, "Battle") and perm.protector == defender:
                targets.append(AttackTarget.of_permanent(TargetKind.BATTLE, perm.id))
        return targets

    def can_attack(self, game: Game, perm: Perm) -> bool:
        """508.1a: an untapped creature the active player controls, not summoning sick (302.6)."""
        return (
            game.is_type(perm.id, "Creature")
            and perm.controller == game.active
            and not perm.tapped
            and not self.summoning_sickness_applies(game, perm)
        )

    def can_block(self, game: Game, blocker: Perm, attacker: Perm) -> bool:
        """509.1a: an untapped creature the defending player controls blocks an attacking creature."""
        return (
            game.is_type(blocker.id, "Creature")
            and blocker.controller == game.defending
            and not blocker.tapped
            and attacker.attacking is not None
        )

    def is_unblocked_attacker(self, game: Game, perm: Perm) -> bool:
        """509.1h/506.4: an attacking creature is unblocked only once blockers are declared and
        none blocked it; before that it is neither blocked nor unblocked."""
        return perm.attacking is not None and perm.blocked is False

    def fires_attack_triggers_for(self, game: Game, perm: Perm, declared: bool) -> bool:
        """508.3a/508.4: "whenever ... attacks" triggers only for creatures *declared* as
        attackers, never for one put onto the battlefield attacking."""
        return declared

    def has_first_strike(self, game: Game, perm: Perm) -> bool:
        return game.abilities_of(perm.id).first_strike

    def has_double_strike(self, game: Game, perm: Perm) -> bool:
        return game.abilities_of(perm.id).double_strike

    def first_strike_step_needed(self, game: Game) -> bool:
        """510.4: a first-strike damage step happens iff, as the combat damage step would begin,
        an attacking or blocking creature has first strike or double strike."""
        return any(
            p.in_combat and (self.has_first_strike(game, p) or self.has_double_strike(game, p))
            for p in game.battlefield
        )

    def deals_damage_in_step(self, game: Game, perm: Perm, first_strike_step: bool) -> bool:
        """510.4/702.7b/702.4b: in the first-strike step only first and double strikers deal
        damage; in the second, creatures that had neither as the first-strike step began
        (``first_strikers``), plus double strikers."""
        double = self.has_double_strike(game, perm)
        if first_strike_step:
            return double or self.has_first_strike(game, perm)
        return double or perm.id not in game.first_strikers

    def combat_damage_amount(self, game: Game, perm: Perm) -> int:
        """510.1a: a creature assigns combat damage equal to its power (none if power < 1)."""
        return max(0, (game.abilities_of(perm.id).power or 0) + self.counter_bonus(game, perm)
                   + self.power_bonus(game, perm))  # 613.4c: "+N/+0" of Classes (classes.py)

    def assign_blocked_damage(
        self, game: Game, attacker: Perm, amount: int, blockers: list[Perm]
    ) -> list[tuple[Perm, int]]:
        """510.1c-d: a blocked creature divides its damage among its blockers; lethal damage to
        each in order before the next, the rest to the last (the reference engine's fixed
        choice: blockers in permanent-id order). No blockers left: no damage (510.1c)."""
        out: list[tuple[Perm, int]] = []
        for i, blocker in enumerate(blockers):
            if i == len(blockers) - 1:
                share = amount
            else:
                toughness = (game.abilities_of(blocker.id).toughness or 0) + self.counter_bonus(game, blocker)
                share = min(amount, max(0, toughness - blocker.damage))
            if share > 0:
                out.append((blocker, share))
            amount -= share
        return out

    def fires_combat_damage_trigger(self, game: Game, source: Perm, amount: int) -> bool:
        """510.3a/603.2: "whenever this creature deals combat damage to a player" triggers when
        it dealt more than 0 damage to a player."""
        return amount > 0

    def removed_from_combat_when_target_leaves(self, game: Game, attacker: Perm) -> bool:
        """506.4c: a creature attacking a planeswalker or battle that leaves the battlefield
        keeps attacking (and, unblocked, deals no combat damage)."""
        return False

    # =====================================================================================
    # Decisions: ninjutsu (702.49)
    # =====================================================================================
    def ninjutsu_variant_implemented(self, variant: str) -> bool:
        return variant in self.implemented_ninjutsu_variants

    def ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        """702.49 rulings: ninjutsu can be activated only once blockers have been declared (an
        unblocked attacker exists only in the declare-blockers, damage and end-of-combat steps),
        by a player with priority (instant timing)."""
        return game.step in AFTER_BLOCKERS_STEPS and game.priority == player and game.pending is None

    def ninjutsu_activatable_from(self, game: Game, player: PlayerIndex, card_id: str, ability: Ninjutsu) -> bool:
        """702.49a: "Ninjutsu" is activated only while the card is in its owner's hand."""
        return ability.variant == "ninjutsu" and card_id in game.players[player].hand

    def ninjutsu_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        """702.49a: the cost returns an unblocked attacking creature the player controls."""
        return [p for p in game.battlefield if p.controller == player and self.is_unblocked_attacker(game, p)]

    def ninjutsu_returns_to(self, game: Game, creature: Perm) -> PlayerIndex:
        """702.49a: "Return ... to its owner's hand"."""
        return game.owner(creature.id)

    def ninja_still_available(self, game: Game, item: StackItem) -> bool:
        """702.49a/400.7: the ability puts "this card" onto the battlefield from the hand; if the
        card left the hand after activation (even if it came back: a new object), it does nothing."""
        return self.ninja_still_in(game, item, Zone.HAND)

    def ninjutsu_entry_target(self, game: Game, item: StackItem) -> AttackTarget | None:
        """702.49c: the Ninja attacks the same player, planeswalker or battle as the returned
        creature; if that planeswalker or battle has left the battlefield, the Ninja enters not
        attacking (508.4a). Outside combat nothing enters attacking (506.3d)."""
        return self.returned_creature_target(game, item)

    def ninja_enters_tapped(self, game: Game, item: StackItem) -> bool:
        """702.49a: "onto the battlefield from your hand tapped and attacking"."""
        return True

    def ninja_blocked_status(self, game: Game, item: StackItem) -> bool | None:
        """509.1h/702.49 rulings: a Ninja put in after blockers were declared is unblocked;
        before that point it would be neither."""
        return False if game.step in AFTER_BLOCKERS_STEPS else None

    # =====================================================================================
    # Procedures: the actor's options and acting
    # =====================================================================================
    def legal_actions(self, game: Game) -> list[Action]:
        if game.pending is not None:
            if game.pending.kind == "declare-attackers":
                return self.attack_declarations(game)
            if game.pending.kind == "declare-blockers":
                return self.block_declarations(game)
            if game.pending.kind == "search":
                return self.search_actions(game)
            if game.pending.kind == "may-cast":  # rebound (spells.py)
                return self.may_cast_actions(game)
            return []
        if game.priority is None:
            return []
        player = game.priority
        actions = [Action(ActionKind.PASS_PRIORITY, player)]
        actions += self.mana_actions(game, player)
        actions += self.tap_ability_actions(game, player)
        actions += self.search_ability_actions(game, player)
        actions += self.ninjutsu_actions(game, player)
        actions += self.cast_actions(game, player)
        actions += self.x_permanent_spell_actions(game, player)
        actions += self.sneak_actions(game, player)  # sneak.py
        actions += self.play_land_actions(game, player)  # spells.py
        actions += self.class_level_actions(game, player)  # classes.py
        return actions

    def apply(self, game: Game, action: Action) -> list[Event]:
        """Perform ``action`` and advance to the next decision; raise ActionRefused (before
        changing anything) if it is illegal."""
        actor = game.actor
        if actor is None:
            raise ActionRefused("no player has a decision to make")
        if action.player != actor:
            raise ActionRefused(f"player {action.player} cannot act: player {actor} must act")
        events: list[Event] = []
        if game.pending is not None:
            if game.pending.kind not in self.pending_kinds:
                raise ActionRefused(f"the reference engine cannot make a {game.pending.kind} choice")
            if game.pending.kind == "search":
                self.act_during_search(game, action, events)
                return events
            if game.pending.kind == "may-cast":
                self.act_on_may_cast(game, action, events)
                return events
            wanted = ActionKind(game.pending.kind)
            if action.kind is not wanted:
                raise ActionRefused(f"player {actor} must {game.pending.kind}, not {action.kind}")
            if wanted is ActionKind.DECLARE_ATTACKERS:
                self.declare_attackers(game, action, events)
            else:
                self.declare_blockers(game, action, events)
        elif action.kind is ActionKind.PASS_PRIORITY:
            self.pass_priority(game, events)
        elif self.is_x_permanent_spell(game, action):  # mana_rules: the minimal X-permanent path
            self.cast_x_permanent_spell(game, action, events)
        elif action.kind is ActionKind.CAST:
            self.cast_spell(game, action, events)
        elif action.kind is ActionKind.PLAY_LAND:
            self.play_land(game, action, events)
        elif self.is_class_level_action(game, action):
            self.activate_class_level(game, action, events)
        elif self.is_search_mixin_ability(game, action):
            self.activate_search_mixin_ability(game, action, events)
        elif self.is_permanent_ability(game, action):
            self.activate_permanent_ability(game, action, events)
        elif action.kind is ActionKind.ACTIVATE:
            self.activate_ninjutsu(game, action, events)
        else:
            raise ActionRefused(f"the reference engine does not offer {action.kind} actions here")
        return events

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
            game.priority = 1 - player
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
            self.remove_all_from_combat(game)

    def start_next_turn(self, game: Game) -> None:
        """500.1/103: turns alternate; the new active player gets one land play (305.2)."""
        game.turn += 1
        game.active = 1 - game.active
        game.players[game.active].land_plays_left = 1
        for seat in game.players:  # "searched a library this turn" is about the turn just ended
            if getattr(seat.base, "searched_library", False):
                seat.base = replace(seat.base, searched_library=False)

    def begin_step(self, game: Game, step: Step, events: list[Event]) -> None:
        """Enter ``step`` and perform its turn-based actions; stop at its first decision, or
        leave ``actor`` empty for a step without priority."""
        game.step = step
        game.priority = None
        game.pending = None
        game.passes = 0
        events.append(Event(EventKind.STEP, detail=str(step)))
        if step is Step.UNTAP:
            self.untap_step(game, events)
        elif step is Step.DRAW:
            self.draw_card(game, game.active, events)  # 504.1
        elif step is Step.DECLARE_ATTACKERS:
            game.pending = PendingChoice("declare-attackers", game.active)  # 508.1
            return
        elif step is Step.DECLARE_BLOCKERS:
            game.pending = PendingChoice("declare-blockers", game.defending)  # 509.1
            return
        elif step is Step.FIRST_STRIKE_DAMAGE:
            game.first_strikers = [
                p.id
                for p in game.battlefield
                if p.in_combat and (self.has_first_strike(game, p) or self.has_double_strike(game, p))
            ]
            self.deal_combat_damage(game, True, events)
        elif step is Step.COMBAT_DAMAGE:
            self.deal_combat_damage(game, False, events)
        elif step is Step.CLEANUP:
            for perm in game.battlefield:  # 514.2
                perm.damage = 0
        self.beginning_of_step(game, step, events)  # upkeep triggers, "until end of turn" ends (spells.py)
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
            self.left_battlefield(game, card_id)
        elif from_zone is Zone.HAND:
            self.left_hand(game, card_id)
        game.put_in_zone(card_id, to_zone)
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=to_zone))
        if perm is not None:
            self.permanent_left(game, perm, to_zone, events)  # leaves-the-battlefield triggers (classes.py)

    def left_battlefield(self, game: Game, card_id: str) -> None:
        """506.4: a permanent that leaves the battlefield leaves combat; blockers stop naming it,
        and it is no longer one of the first strikers."""
        if card_id in game.first_strikers:
            game.first_strikers.remove(card_id)
        for perm in game.battlefield:
            if card_id in perm.blocking:
                perm.blocking.remove(card_id)
            target = perm.attacking
            if target is not None and target.permanent == card_id:
                if self.removed_from_combat_when_target_leaves(game, perm):
                    perm.attacking = None
                    perm.blocked = None
                    self.forget_blocks_of(game, perm.id)

    def forget_blocks_of(self, game: Game, attacker_id: str) -> None:
        for perm in game.battlefield:
            if attacker_id in perm.blocking:
                perm.blocking.remove(attacker_id)

    def left_hand(self, game: Game, card_id: str) -> None:
        """A card leaving the hand is no longer revealed there, and ninjutsu abilities that
        would put *that* card onto the battlefield lose track of it (400.7)."""
        self.lose_track_of(game, card_id)

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
            if self.is_lethally_damaged(game, p)
            or self.planeswalker_out_of_loyalty(game, p)
            or self.battle_out_of_defense(game, p)
        ]
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

    def trigger(self, game: Game, controller: PlayerIndex, source: str, ability: str,
                events: list[Event], choices: tuple[tuple[str, str], ...] = ()) -> None:
        """603.2: the ability triggers now and waits to be put on the stack (603.3)."""
        game.triggered.append(PendingTrigger(controller, source, ability, choices))
        events.append(Event(EventKind.TRIGGER, card=source, ability=ability, player=controller))

    def put_triggers_on_stack(self, game: Game, events: list[Event]) -> None:
        ordered = self.order_triggers(game, game.triggered)
        game.triggered = []
        for t in ordered:
            game.stack.append(StackItem(game.next_stack_id(), "triggered", t.source, t.controller, t.ability, t.choices))

    def resolve_top(self, game: Game, events: list[Event]) -> None:
        """608.2: the top item resolves and leaves the stack."""
        item = game.stack.pop()
        effects: list[Event] = []
        did_something = self.resolve_item(game, item, effects)
        events.append(Event(
            EventKind.RESOLVE, card=item.source, ability=item.ability, player=item.controller,
            detail=None if did_something else "did nothing",
        ))
        events.extend(effects)
        if game.pending is not None:  # it waits for a choice (a search): it stays on the stack (608.2n)
            game.stack.append(item)
            return
        self.left_stack(game, item)

    def left_stack(self, game: Game, item: StackItem) -> None:
        """The Ninja stays revealed only while one of its ninjutsu abilities is on the stack."""
        if item.source in game.revealed and not any(
            other.source == item.source and other.kind == "activated" for other in game.stack
        ):
            game.revealed.remove(item.source)

    def resolve_item(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        if item.kind == "activated" and item.ability == "ninjutsu":
            return self.resolve_ninjutsu(game, item, events)
        if self.owns_stack_item(game, item):  # permanent spells, rebound, Classes ... (spells.py, classes.py)
            return self.resolve_owned_item(game, item, events)
        if self.can_resolve_library_ninjutsu(game, item):
            return self.resolve_library_ninjutsu(game, item, events)
        if self.resolves_as_effect(game, item):  # spells; abilities that search (casting.py, search.py)
            return self.resolve_effect_item(game, item, events)
        if self.mana_rules_item(game, item) is not None:
            return self.resolve_mana_rules_item(game, item, events)
        if item.kind == "triggered":
            abilities = game.abilities_of(item.source)
            life = abilities.attack_trigger(item.ability)
            if life is not None:
                game.players[item.controller].life += life.amount
                events.append(Event(EventKind.LIFE, player=item.controller, amount=life.amount))
                return True
            if any(t.ability == item.ability for t in abilities.damage_triggers):
                before = len(events)
                self.draw_card(game, item.controller, events)
                return len(events) > before
        raise ValueError(f"reference engine cannot resolve stack item {item}")

    def can_resolve(self, game: Game, item: StackItem) -> bool:
        """Whether ``resolve_item`` knows this stack item (checked when a state is loaded)."""
        if item.source not in game.objects:
            return False
        if self.owns_stack_item(game, item) or self.mana_rules_item(game, item) is not None:
            return True
        if self.can_resolve_library_ninjutsu(game, item) or self.resolves_as_effect(game, item):
            return True
        abilities = game.abilities_of(item.source)
        if item.kind == "activated":
            return item.ability == "ninjutsu" and any(n.variant == "ninjutsu" for n in abilities.ninjutsu)
        if item.kind == "triggered":
            return abilities.attack_trigger(item.ability) is not None or any(
                t.ability == item.ability for t in abilities.damage_triggers
            )
        return False

    # =====================================================================================
    # Procedures: combat (508-511)
    # =====================================================================================
    def attack_declarations(self, game: Game) -> list[Action]:
        """The empty declaration and every single-creature one (apply judges any declaration)."""
        player = game.active
        actions = [Action(ActionKind.DECLARE_ATTACKERS, player)]
        targets = self.legal_attack_targets(game, player)
        for perm in game.battlefield:
            if self.can_attack(game, perm):
                for target in targets:
                    actions.append(Action(ActionKind.DECLARE_ATTACKERS, player, attacks=((perm.id, target),)))
        return actions

    def block_declarations(self, game: Game) -> list[Action]:
        player = game.defending
        actions = [Action(ActionKind.DECLARE_BLOCKERS, player)]
        attackers = [p for p in game.battlefield if p.attacking is not None]
        for blocker in game.battlefield:
            for attacker in attackers:
                if self.can_block(game, blocker, attacker):
                    actions.append(Action(ActionKind.DECLARE_BLOCKERS, player, blocks=((blocker.id, attacker.id),)))
        return [a for a in actions if self.block_restrictions_met(game, a)]  # menace (classes.py)

    def declare_attackers(self, game: Game, action: Action, events: list[Event]) -> None:
        """508.1: check the whole declaration, then tap the attackers (508.1f), then "attacks"
        triggers (508.3a), then the active player gets priority (508.2/117.3a)."""
        if action.blocks:
            raise ActionRefused("blockers cannot be declared in the declare-attackers step")
        legal_targets = self.legal_attack_targets(game, game.active)
        seen: set[str] = set()
        for card_id, target in action.attacks:
            perm = game.perm(card_id)
            if card_id in seen:
                raise ActionRefused(f"{card_id} is declared as an attacker twice")
            seen.add(card_id)
            if perm is None or not self.can_attack(game, perm):
                raise ActionRefused(f"{card_id} cannot attack")
            if target not in legal_targets:
                raise ActionRefused(f"{card_id} cannot attack {target}")
        declared = []
        for card_id, target in action.attacks:
            perm = game.perm(card_id)
            assert perm is not None
            game.tap(perm, events)
            perm.attacking = target
            perm.blocked = None
            events.append(Event(EventKind.ATTACK, card=card_id, target=target_ref(target)))
            declared.append(perm)
        self.attack_triggers(game, declared, True, events)
        game.pending = None
        self.give_priority(game, game.active, events)

    def attack_triggers(self, game: Game, attackers: list[Perm], declared: bool, events: list[Event]) -> None:
        """Trigger "whenever this creature attacks" and "whenever a creature you control
        attacks" (once per attacking creature) for the creatures that qualify (508.3a)."""
        for attacker in attackers:
            if not self.fires_attack_triggers_for(game, attacker, declared):
                continue
            for t in game.abilities_of(attacker.id).attack_triggers:
                if t.scope == "self":
                    self.trigger(game, attacker.controller, attacker.id, t.ability, events, (("attacker", attacker.id),))
            for perm in game.battlefield:
                if perm.controller != attacker.controller:
                    continue
                for t in game.abilities_of(perm.id).attack_triggers:
                    if t.scope == "any":
                        self.trigger(game, perm.controller, perm.id, t.ability, events, (("attacker", attacker.id),))

    def declare_blockers(self, game: Game, action: Action, events: list[Event]) -> None:
        """509.1: check the declaration, then mark every attacker blocked or unblocked (509.1h)."""
        if action.attacks:
            raise ActionRefused("attackers cannot be declared in the declare-blockers step")
        seen: set[str] = set()
        for blocker_id, attacker_id in action.blocks:
            if blocker_id in seen:
                raise ActionRefused(f"{blocker_id} is declared as a blocker twice")
            seen.add(blocker_id)
            blocker, attacker = game.perm(blocker_id), game.perm(attacker_id)
            if blocker is None or attacker is None or not self.can_block(game, blocker, attacker):
                raise ActionRefused(f"{blocker_id} cannot block {attacker_id}")
        if not self.block_restrictions_met(game, action):  # 509.1c: menace (classes.py)
            raise ActionRefused("the declaration breaks a blocking restriction (a creature with menace "
                                "blocked by fewer than two creatures)")
        blocked = set()
        for blocker_id, attacker_id in action.blocks:
            blocker = game.perm(blocker_id)
            assert blocker is not None
            blocker.blocking = [attacker_id]
            blocked.add(attacker_id)
            events.append(Event(EventKind.BLOCK, card=blocker_id, target=attacker_id))
        for perm in game.battlefield:
            if perm.attacking is not None:
                perm.blocked = perm.id in blocked
        game.pending = None
        self.give_priority(game, game.active, events)

    def blockers_of(self, game: Game, attacker: Perm) -> list[Perm]:
        return sorted((p for p in game.battlefield if attacker.id in p.blocking), key=lambda p: p.id)

    def deal_combat_damage(self, game: Game, first_strike_step: bool, events: list[Event]) -> None:
        """510.1-510.2: every qualifying creature assigns its damage, then all of it is dealt at
        once; 510.3a: "deals combat damage to a player" abilities trigger."""
        detail = "first-strike" if first_strike_step else "regular"
        dealt: list[tuple[Perm, str, int]] = []  # (source, recipient ref, amount)
        for perm in game.battlefield:
            if not perm.in_combat or not self.deals_damage_in_step(game, perm, first_strike_step):
                continue
            amount = self.combat_damage_amount(game, perm)
            if amount <= 0:
                continue
            if perm.attacking is not None:
                if perm.blocked:
                    for blocker, share in self.assign_blocked_damage(game, perm, amount, self.blockers_of(game, perm)):
                        dealt.append((perm, blocker.id, share))
                else:
                    target = perm.attacking
                    if target.kind is TargetKind.PLAYER:
                        dealt.append((perm, target_ref(target), amount))
                    elif game.perm(target.permanent or "") is not None:
                        dealt.append((perm, target.permanent or "", amount))
            else:
                attacker = next((game.perm(a) for a in perm.blocking if game.perm(a) is not None), None)
                if attacker is not None:
                    dealt.append((perm, attacker.id, amount))
        to_players: dict[str, int] = {}
        for source, recipient, amount in dealt:
            self.deal_damage(game, source, recipient, amount, detail, events)
            if recipient.startswith("player:"):
                to_players[source.id] = to_players.get(source.id, 0) + amount
        for source, _, _ in dealt:
            amount = to_players.pop(source.id, 0)
            if amount and self.fires_combat_damage_trigger(game, source, amount):
                for t in game.abilities_of(source.id).damage_triggers:
                    self.trigger(game, source.controller, source.id, t.ability, events)
                self.combat_damage_to_player(game, source, amount, events)  # Fallen Shinobi (spells.py)

    def deal_damage(self, game: Game, source: Perm, recipient: str, amount: int, detail: str,
                    events: list[Event]) -> None:
        """120.3: damage to a player is life loss; to a planeswalker removes loyalty counters;
        to a battle removes defense counters; to a creature is marked on it."""
        events.append(Event(EventKind.DAMAGE, card=source.id, target=recipient, amount=amount, detail=detail))
        if recipient.startswith("player:"):
            player = int(recipient.split(":", 1)[1])
            game.players[player].life -= amount
            events.append(Event(EventKind.LIFE, player=player, amount=-amount))
            return
        perm = game.perm(recipient)
        assert perm is not None
        if game.is_type(perm.id, "Planeswalker"):
            perm.set_counter("loyalty", max(0, perm.counter("loyalty") - amount))
        if game.is_type(perm.id, "Battle"):
            perm.set_counter("defense", max(0, perm.counter("defense") - amount))
        if game.is_type(perm.id, "Creature"):
            perm.damage += amount

    def remove_all_from_combat(self, game: Game) -> None:
        """511.3: as the end-of-combat step ends, every creature is removed from combat."""
        for perm in game.battlefield:
            perm.attacking = None
            perm.blocked = None
            perm.blocking = []
        game.first_strikers = []

    # =====================================================================================
    # Procedures: ninjutsu (702.49); mana abilities (605): see the ManaRules mixin (.mana_rules)
    # =====================================================================================
    def ninja_still_in(self, game: Game, item: StackItem, zone: Zone) -> bool:
        """Whether the ability's Ninja is still the card it was at activation, in its owner's
        ``zone`` (the hand or the library; 400.7)."""
        ninja = item.source
        return item.choice(SOURCE_GONE) is None and ninja in game.players[game.owner(ninja)].zone(zone)

    def returned_creature_target(self, game: Game, item: StackItem) -> AttackTarget | None:
        """What the creature returned to pay the cost was attacking (ninjutsu 702.49c, sneak
        702.190b); ``None`` outside combat (506.3d) or if that planeswalker or battle has left
        the battlefield (508.4a)."""
        value = item.choice(ATTACK_TARGET)
        if value is None or not game.step.is_combat:
            return None
        target = decode_target(value)
        if target.kind is not TargetKind.PLAYER and game.perm(target.permanent or "") is None:
            return None
        return target

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
                if self.plan_mana_payment(game, player, ability.cost) is None:
                    continue
                for creature in candidates:
                    actions.append(Action(ActionKind.ACTIVATE, player, source=card_id, ability=ability.variant,
                                          costs=(("return", creature.id),)))
        return actions

    def ninjutsu_zone_cards(self, game: Game, player: PlayerIndex) -> list[str]:
        """Cards a ninjutsu-family ability could be activated from (for "ninjutsu": the hand)."""
        return list(game.players[player].hand)

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
        returned = self.unblocked_attacker_to_return(self.ninjutsu_return_candidates(game, player), action)
        plan = self.require_mana_plan(game, player, ability.cost)

        self.reveal_and_pay(game, player, card_id, ability.variant, plan, events)
        choices = returned_choices(returned)
        self.return_to_hand(game, returned, events)
        game.stack.append(StackItem(game.next_stack_id(), "activated", card_id, player, ability.variant, choices))
        self.acted(game, player, events)

    def unblocked_attacker_to_return(self, candidates: list[Perm], action: Action) -> Perm:
        """The creature the action's "return" cost names, if it is one of ``candidates`` (the
        unblocked attackers the player controls); refused otherwise."""
        returned_id = action.cost("return")
        returned = next((p for p in candidates if p.id == returned_id), None)
        if returned is None:
            raise ActionRefused(f"{returned_id} is not an unblocked attacking creature player {action.player} controls")
        return returned

    def reveal_and_pay(self, game: Game, player: PlayerIndex, card_id: str, ability: str, plan: OptionPlan,
                       events: list[Event]) -> None:
        """602.2 for a ninjutsu-family ability: announce it, reveal the Ninja (it stays revealed
        while the ability is on the stack) and pay the mana."""
        events.append(Event(EventKind.ACTIVATE, card=card_id, ability=ability, player=player))
        events.append(Event(EventKind.REVEAL, card=card_id, player=player))
        if card_id not in game.revealed:
            game.revealed.append(card_id)
        self.pay_mana(game, player, plan, events)

    def return_to_hand(self, game: Game, creature: Perm, events: list[Event]) -> None:
        owner = self.ninjutsu_returns_to(game, creature)
        from_zone, _ = game.remove_from_zone(creature.id)
        self.left_battlefield(game, creature.id)
        game.players[owner].hand.append(creature.id)
        events.append(Event(EventKind.ZONE_CHANGE, card=creature.id, from_zone=from_zone, to_zone=Zone.HAND))
        self.permanent_left(game, creature, Zone.HAND, events)  # leaves-the-battlefield triggers (classes.py)

    def resolve_ninjutsu(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """702.49a/c: the Ninja enters from the hand tapped and attacking the returned creature's
        target; it was never declared as an attacker, so no "attacks" triggers (508.4)."""
        return self.ninjutsu_resolves(game, item, Zone.HAND, events)

    def ninjutsu_resolves(self, game: Game, item: StackItem, zone: Zone, events: list[Event]) -> bool:
        """A ninjutsu-family ability resolves: the Ninja enters from ``zone`` (the hand, or the
        library for library ninjutsu) if it is still there, tapped and attacking the returned
        creature's target (702.49c); never declared, so no "attacks" triggers (508.4)."""
        still_there = (self.ninja_still_available if zone is Zone.HAND else self.library_ninja_still_available)
        if not still_there(game, item):
            return False
        ninja = item.source
        target = self.ninjutsu_entry_target(game, item)
        game.remove_from_zone(ninja)
        (self.left_hand if zone is Zone.HAND else self.left_library)(game, ninja)
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
            self.attack_triggers(game, [perm], False, events)
        return True
