"""Combat, steps 506-511: declaring attackers and blockers, first strike and combat damage (with
its assignment, 510.1), flying and reach, menace, trample, deathtouch, lifelink, vigilance, defender, and creatures put onto the battlefield attacking (508.4): the
reference engine's combat component.

It gives the core the combat steps' turn-based actions (:class:`.services.CombatSteps`) and the
mechanics that return attackers or put creatures into combat what they ask
(:class:`.services.CombatQueries`). What other components add to combat comes through hooks
(:mod:`.hooks`): power and toughness bonuses (``combat.power_bonus``, ``combat.toughness_bonus``:
counters, anthems), keywords granted by effects (``combat.keyword_granted``: a Class's "have
menace") and what happens when a creature deals combat damage to a player
(``combat.damage_to_player``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from protocol.adapter import ActionRefused
from protocol.decisions import (
    AssignCombatDamage,
    DamageRecipient,
    DamageSource,
    DeclareAttackers,
    DeclareBlockers,
    Share,
    Trample,
)
from protocol.keyword_registry import (
    DEATHTOUCH,
    DEFENDER,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    FLYING,
    LIFELINK,
    REACH,
    TRAMPLE,
    VIGILANCE,
    KeywordAbility,
)
from protocol.keyword_registry import MENACE as MENACE_KEYWORD
from protocol.mechanics import COMBAT_FEATURES, Mechanic
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    CardData,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Step,
    TargetKind,
    Zone,
    target_ref,
)

from . import hooks
from .game import ATTACK_TARGET, Game, Perm, decode_target
from .lines import ComponentLine, Keyword
from .oracle import read_keywords, register_shape
from .services import CardLines, Services, Turn, Zones
from .table import Table, decision

#: The keywords written alone that combat implements: its reader reads their lines (702.1).
KEYWORDS: tuple[KeywordAbility, ...] = (
    FIRST_STRIKE,
    DOUBLE_STRIKE,
    MENACE_KEYWORD,
    TRAMPLE,
    DEATHTOUCH,
    LIFELINK,
    VIGILANCE,
    DEFENDER,
    FLYING,
    REACH,
)
read_keywords(*KEYWORDS)

#: The keyword menace (702.111) as a card line.
MENACE = Keyword(MENACE_KEYWORD.name)
#: The name of a Siege's intrinsic triggered ability on the stack (310.11b).
SIEGE_DEFEATED = "siege: exile it, then you may cast it transformed"


@dataclass(frozen=True)
class BlocksAdditional(ComponentLine):
    """ "This creature can block an additional creature each combat." (509.1a: a creature blocks
    one attacker unless an effect allows it to block additional creatures.)"""


_BLOCKS_ADDITIONAL = re.compile(r"^(?:this creature|~) can block an additional creature each combat\.$")


def _blocks_additional_line(card: CardData, line: str, printed: str) -> ComponentLine | None:
    return BlocksAdditional() if _BLOCKS_ADDITIONAL.match(line.replace(card.name.lower(), "~")) else None


register_shape(_blocks_additional_line)


class Combat:
    """Declarations, combat damage, and the combat triggers of the cards the engine reads."""

    name = "combat"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = COMBAT_FEATURES | {
        Mechanic.MENACE,
        Mechanic.BLOCK_ADDITIONAL,
        Mechanic.TRAMPLE,
        Mechanic.DEATHTOUCH,
        Mechanic.LIFELINK,
        Mechanic.VIGILANCE,
        Mechanic.DEFENDER,
        Mechanic.FLYING,
        Mechanic.REACH,
    }

    turn: Turn
    zones: Zones
    card_lines: CardLines
    table: Table

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.zones = services.zones
        self.card_lines = services.card_lines
        self.table = services.table

    def register(self, table: Table) -> None:
        table.pending_choice(self.name, DeclareAttackers, self.attack_declarations, self.declare_attackers)
        table.pending_choice(self.name, DeclareBlockers, self.block_declarations, self.declare_blockers)
        table.pending_choice(self.name, AssignCombatDamage, self.damage_assignments, self.assign_combat_damage)
        table.resolver(self.name, "triggered", self.is_combat_trigger, self.resolve_combat_trigger)

    def refuse_unless_answer(self, game: Game, action: Action) -> None:
        """Refuse an action that is no answer to the pending decision (its kind says)."""
        assert game.pending is not None
        problems = game.pending.answer_problems(action)
        if problems:
            raise ActionRefused("; ".join(problems))

    def power_bonus(self, game: Game, perm: Perm) -> int:
        return self.table.call(hooks.power_bonus, game, perm)

    def toughness_bonus(self, game: Game, perm: Perm) -> int:
        return self.table.call(hooks.toughness_bonus, game, perm)

    # =====================================================================================
    # Decisions: combat (506-511)
    # =====================================================================================
    @decision("combat.damage_steps_skipped")
    def combat_damage_steps_skipped(self, game: Game) -> bool:
        """508.8: with no creature attacking, skip declare-blockers and the damage steps."""
        return not any(p.attacking is not None for p in game.battlefield)

    @decision("combat.legal_attack_targets")
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

    @decision("combat.can_attack")
    def can_attack(self, game: Game, perm: Perm) -> bool:
        """508.1a: an untapped creature the active player controls, not summoning sick (302.6),
        without defender (702.3b)."""
        return (
            game.is_type(perm.id, "Creature")
            and perm.controller == game.active
            and not perm.tapped
            and not self.turn.summoning_sickness_applies(game, perm)
            and not self.has_defender(game, perm)
        )

    @decision("combat.has_defender")
    def has_defender(self, game: Game, perm: Perm) -> bool:
        """702.3b: a creature with defender (printed, or given by an effect: 613.1f,
        ``combat.keyword_granted``) can't attack."""
        if game.abilities_of(perm.id).has(DEFENDER):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, DEFENDER.name)

    @decision("combat.has_vigilance")
    def has_vigilance(self, game: Game, perm: Perm) -> bool:
        """702.20: printed vigilance, or given by an effect (613.1f, ``combat.keyword_granted``)."""
        if game.abilities_of(perm.id).has(VIGILANCE):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, VIGILANCE.name)

    @decision("combat.taps_to_attack")
    def taps_to_attack(self, game: Game, perm: Perm) -> bool:
        """508.1f: declaring a creature as an attacker taps it; 702.20b: attacking doesn't cause
        a creature with vigilance to tap."""
        return not self.has_vigilance(game, perm)

    @decision("combat.can_block")
    def can_block(self, game: Game, blocker: Perm, attacker: Perm) -> bool:
        """509.1a: an untapped creature the defending player controls blocks an attacking
        creature, within the attacker's evasion (509.1b: flying)."""
        return (
            game.is_type(blocker.id, "Creature")
            and blocker.controller == game.defending
            and not blocker.tapped
            and attacker.attacking is not None
            and self.may_block_flyer(game, blocker, attacker)
        )

    @decision("combat.may_block_flyer")
    def may_block_flyer(self, game: Game, blocker: Perm, attacker: Perm) -> bool:
        """702.9b, 702.17b: a creature with flying can't be blocked except by creatures with flying
        and/or reach (a creature without flying may be blocked by any)."""
        if not self.has_flying(game, attacker):
            return True
        return self.has_flying(game, blocker) or self.has_reach(game, blocker)

    @decision("combat.has_flying")
    def has_flying(self, game: Game, perm: Perm) -> bool:
        """702.9: printed flying, or given by an effect (613.1f, ``combat.keyword_granted``)."""
        if game.abilities_of(perm.id).has(FLYING):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, FLYING.name)

    @decision("combat.has_reach")
    def has_reach(self, game: Game, perm: Perm) -> bool:
        """702.17: printed reach, or given by an effect (613.1f, ``combat.keyword_granted``)."""
        if game.abilities_of(perm.id).has(REACH):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, REACH.name)

    @decision("combat.attackers_it_may_block")
    def attackers_it_may_block(self, game: Game, blocker: Perm) -> int:
        """509.1a: a creature blocks one attacking creature, plus one for each effect that allows
        it to block an additional creature (printed "can block an additional creature")."""
        return 1 + len(game.abilities_of(blocker.id).records(BlocksAdditional))

    @decision("combat.is_unblocked_attacker")
    def is_unblocked_attacker(self, game: Game, perm: Perm) -> bool:
        """509.1h/506.4: an attacking creature is unblocked only once blockers are declared and
        none blocked it; before that it is neither blocked nor unblocked."""
        return perm.attacking is not None and perm.blocked is False

    @decision("combat.fires_attack_triggers_for")
    def fires_attack_triggers_for(self, game: Game, perm: Perm, declared: bool) -> bool:
        """508.3a/508.4: "whenever ... attacks" triggers only for creatures *declared* as
        attackers, never for one put onto the battlefield attacking."""
        return declared

    @decision("combat.has_first_strike")
    def has_first_strike(self, game: Game, perm: Perm) -> bool:
        """702.7: the creature has first strike (printed; the engine grants it nowhere else)."""
        return game.abilities_of(perm.id).has(FIRST_STRIKE)

    @decision("combat.has_menace")
    def has_menace(self, game: Game, perm: Perm) -> bool:
        """702.111: printed menace (a line the creature has now), or given by an effect (613.1f:
        the ``combat.keyword_granted`` hook, "creatures you control ... have menace")."""
        if not game.is_type(perm.id, "Creature"):
            return False
        if MENACE in self.card_lines.active_lines(game, perm):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, MENACE.name)

    @decision("combat.has_double_strike")
    def has_double_strike(self, game: Game, perm: Perm) -> bool:
        """702.4: the creature has double strike (printed)."""
        return game.abilities_of(perm.id).has(DOUBLE_STRIKE)

    @decision("combat.has_trample")
    def has_trample(self, game: Game, perm: Perm) -> bool:
        """702.19: printed trample, or given by an effect (613.1f, ``combat.keyword_granted``)."""
        if game.abilities_of(perm.id).has(TRAMPLE):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, TRAMPLE.name)

    @decision("combat.has_deathtouch")
    def has_deathtouch(self, game: Game, perm: Perm) -> bool:
        """702.2: printed deathtouch, or given by an effect (613.1f, ``combat.keyword_granted``)."""
        if game.abilities_of(perm.id).has(DEATHTOUCH):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, DEATHTOUCH.name)

    @decision("combat.one_damage_is_lethal")
    def one_damage_is_lethal(self, game: Game, source: Perm) -> bool:
        """702.2c: any nonzero combat damage a source with deathtouch assigns to a creature is
        lethal damage when deciding whether excess damage is dealt (its trample may send the rest
        on once each blocker has 1)."""
        return self.has_deathtouch(game, source)

    @decision("combat.destroys_by_deathtouch")
    def destroys_by_deathtouch(self, game: Game, source: Perm, creature: Perm, amount: int) -> bool:
        """702.2b: a creature dealt damage (any nonzero amount) by a source with deathtouch is
        destroyed at the next check of state-based actions (704.5h)."""
        return amount > 0 and self.has_deathtouch(game, source)

    @decision("combat.has_lifelink")
    def has_lifelink(self, game: Game, perm: Perm) -> bool:
        """702.15: printed lifelink, or given by an effect (613.1f, ``combat.keyword_granted``)."""
        if game.abilities_of(perm.id).has(LIFELINK):
            return True
        return self.table.call(hooks.keyword_granted, game, perm, LIFELINK.name)

    @decision("combat.lifelink_gain")
    def lifelink_gain(self, game: Game, source: Perm, dealt: list[tuple[str, int]]) -> int:
        """702.15b: damage dealt by a source with lifelink, to creatures, players, planeswalkers and
        battles alike (``dealt``: recipient, amount), gains that much life."""
        return sum(amount for _, amount in dealt) if self.has_lifelink(game, source) else 0

    @decision("combat.lifelink_gainer")
    def lifelink_gainer(self, game: Game, source: Perm) -> PlayerIndex:
        """702.15b: the life goes to the source's controller."""
        return source.controller

    @decision("combat.tramples_over_no_blockers")
    def tramples_over_no_blockers(self, game: Game, attacker: Perm) -> bool:
        """702.19d: a blocked creature with trample that no creature blocks any more when damage
        is assigned assigns all its damage to what it attacks, as though all its blockers had
        been assigned lethal damage (without trample it assigns none, 510.1c)."""
        return self.has_trample(game, attacker)

    @decision("combat.first_strike_step_needed")
    def first_strike_step_needed(self, game: Game) -> bool:
        """510.4: a first-strike damage step happens iff, as the combat damage step would begin,
        an attacking or blocking creature has first strike or double strike."""
        return any(
            p.in_combat and (self.has_first_strike(game, p) or self.has_double_strike(game, p))
            for p in game.battlefield
        )

    @decision("combat.deals_damage_in_step")
    def deals_damage_in_step(self, game: Game, perm: Perm, first_strike_step: bool) -> bool:
        """510.4/702.7b/702.4b: in the first-strike step only first and double strikers deal
        damage; in the second, creatures that had neither as the first-strike step began
        (``first_strikers``), plus double strikers."""
        double = self.has_double_strike(game, perm)
        if first_strike_step:
            return double or self.has_first_strike(game, perm)
        return double or perm.id not in game.first_strikers

    @decision("combat.damage_amount")
    def combat_damage_amount(self, game: Game, perm: Perm) -> int:
        """510.1a: a creature assigns combat damage equal to its power (none if power < 1)."""
        return max(0, (game.abilities_of(perm.id).power or 0) + self.power_bonus(game, perm))  # 613.4c

    @decision("combat.damage_is_divided")
    def damage_is_divided(self, game: Game, perm: Perm, creatures: list[Perm]) -> bool:
        """510.1c-d: a creature blocked by two or more creatures, or blocking two or more,
        assigns its combat damage divided as its controller chooses among them (an
        :class:`~protocol.decisions.AssignCombatDamage` of that player); with one, all of it goes
        to that one."""
        return len(creatures) >= 2

    @decision("combat.lethal_damage")
    def lethal_damage(self, game: Game, creature: Perm) -> int:
        """120.6/702.19b: the damage lethal to a creature now: its toughness (613.4c bonuses
        included) less the damage already marked on it, not below 0."""
        toughness = (game.abilities_of(creature.id).toughness or 0) + self.toughness_bonus(game, creature)
        return max(0, toughness - creature.damage)

    @decision("combat.assign_blocked_damage")
    def assign_blocked_damage(
        self, game: Game, attacker: Perm, amount: int, blockers: list[Perm]
    ) -> list[tuple[Perm, int]]:
        """510.1c: a blocked creature whose controller has no division to choose assigns all its
        damage to its one blocker; no blockers left: no damage. (Given several, as an engine that
        divides by itself would: lethal damage to each in permanent-id order, the rest to the last.)"""
        out: list[tuple[Perm, int]] = []
        for i, blocker in enumerate(blockers):
            if i == len(blockers) - 1:
                share = amount
            else:
                share = min(amount, self.lethal_damage(game, blocker))
            if share > 0:
                out.append((blocker, share))
            amount -= share
        return out

    @decision("combat.fires_combat_damage_trigger")
    def fires_combat_damage_trigger(self, game: Game, source: Perm, amount: int) -> bool:
        """510.3a/603.2: "whenever this creature deals combat damage to a player" triggers when
        it dealt more than 0 damage to a player."""
        return amount > 0

    @decision("combat.removed_from_combat_when_target_leaves")
    def removed_from_combat_when_target_leaves(self, game: Game, attacker: Perm) -> bool:
        """506.4c: a creature attacking a planeswalker or battle that leaves the battlefield
        keeps attacking (and, unblocked, deals no combat damage)."""
        return False

    @decision("combat.remove_all_from_combat")
    def remove_all_from_combat(self, game: Game) -> None:
        """511.3: as the end-of-combat step ends, every creature is removed from combat."""
        for perm in game.battlefield:
            perm.attacking = None
            perm.blocked = None
            perm.blocking = []
        game.first_strikers = []

    # =====================================================================================
    # Procedures: declarations (508, 509)
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
        for attacker in attackers:  # 702.111b: two creatures together may block a creature with menace
            able = [b.id for b in game.battlefield if self.can_block(game, b, attacker)]
            for i, first in enumerate(able):
                for second in able[i + 1 :]:
                    blocks = ((first, attacker.id), (second, attacker.id))
                    actions.append(Action(ActionKind.DECLARE_BLOCKERS, player, blocks=blocks))
        return [a for a in actions if self.block_restrictions_met(game, a)]

    def block_restrictions_met(self, game: Game, action: Action) -> bool:
        """509.1c with 702.111b: a creature with menace can't be blocked except by two or more
        creatures."""
        counts = Counter(attacker for _, attacker in action.blocks)
        for attacker_id, n in counts.items():
            attacker = game.perm(attacker_id)
            if attacker is not None and n < 2 and self.has_menace(game, attacker):
                return False
        return True

    def declare_attackers(self, game: Game, action: Action, events: list[Event]) -> None:
        """508.1: check the whole declaration, then tap the attackers (508.1f), then "attacks"
        triggers (508.3a), then the active player gets priority (508.2/117.3a)."""
        self.refuse_unless_answer(game, action)
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
            if self.taps_to_attack(game, perm):
                game.tap(perm, events)
            perm.attacking = target
            perm.blocked = None
            events.append(Event(EventKind.ATTACK, card=card_id, target=target_ref(target)))
            declared.append(perm)
        self.attack_triggers(game, declared, True, events)
        game.pending = None
        self.turn.give_priority(game, game.active, events)

    def attack_triggers(self, game: Game, attackers: list[Perm], declared: bool, events: list[Event]) -> None:
        """Trigger "whenever this creature attacks" and "whenever a creature you control
        attacks" (once per attacking creature) for the creatures that qualify (508.3a)."""
        for attacker in attackers:
            if not self.fires_attack_triggers_for(game, attacker, declared):
                continue
            for t in game.abilities_of(attacker.id).attack_triggers:
                if t.scope == "self":
                    self.turn.trigger(
                        game, attacker.controller, attacker.id, t.ability, events, (("attacker", attacker.id),)
                    )
            for perm in game.battlefield:
                if perm.controller != attacker.controller:
                    continue
                for t in game.abilities_of(perm.id).attack_triggers:
                    if t.scope == "any":
                        self.turn.trigger(
                            game, perm.controller, perm.id, t.ability, events, (("attacker", attacker.id),)
                        )

    def declare_blockers(self, game: Game, action: Action, events: list[Event]) -> None:
        """509.1: check the declaration, then mark every attacker blocked or unblocked (509.1h)."""
        self.refuse_unless_answer(game, action)
        if action.attacks:
            raise ActionRefused("attackers cannot be declared in the declare-blockers step")
        if len(set(action.blocks)) != len(action.blocks):
            raise ActionRefused("a block is declared twice")
        blocks_of = Counter(blocker_id for blocker_id, _ in action.blocks)
        for blocker_id, attacker_id in action.blocks:
            blocker, attacker = game.perm(blocker_id), game.perm(attacker_id)
            if blocker is not None and blocks_of[blocker_id] > self.attackers_it_may_block(game, blocker):
                raise ActionRefused(
                    f"{blocker_id} is declared as a blocker of more attackers than it may block (509.1a)"
                )
            if blocker is None or attacker is None or not self.can_block(game, blocker, attacker):
                raise ActionRefused(f"{blocker_id} cannot block {attacker_id}")
        if not self.block_restrictions_met(game, action):  # 509.1c
            raise ActionRefused(
                "the declaration breaks a blocking restriction (a creature with menace "
                "blocked by fewer than two creatures)"
            )
        blocked = set()
        for blocker_id, _ in action.blocks:
            blocker = game.perm(blocker_id)
            assert blocker is not None
            blocker.blocking = []
        for blocker_id, attacker_id in action.blocks:
            blocker = game.perm(blocker_id)
            assert blocker is not None
            blocker.blocking.append(attacker_id)
            blocked.add(attacker_id)
            events.append(Event(EventKind.BLOCK, card=blocker_id, target=attacker_id))
        for perm in game.battlefield:
            if perm.attacking is not None:
                perm.blocked = perm.id in blocked
        game.pending = None
        self.turn.give_priority(game, game.active, events)

    # =====================================================================================
    # Procedures: the combat steps' turn-based actions (508.1, 509.1, 510.1)
    # =====================================================================================
    def begin_combat_step(self, game: Game, step: Step, events: list[Event]) -> bool:
        """As ``step`` begins: the declarations wait for the active or defending player (508.1,
        509.1); the damage steps assign and deal combat damage (510.1-510.2), the first-strike
        one noting the creatures it lets strike first (510.4). True once the step's turn-based
        actions are done, False while it waits for a decision. Before that, each attack and
        block is asked whether it stands (:meth:`attack_stands`, :meth:`block_stands`): the
        rules say they always do."""
        if step in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
            self.recheck_combat(game)
        if step is Step.DECLARE_ATTACKERS:
            game.pending = DeclareAttackers(game.active)
            return False
        if step is Step.DECLARE_BLOCKERS:
            game.pending = DeclareBlockers(game.defending)
            return False
        if step is Step.FIRST_STRIKE_DAMAGE:
            game.first_strikers = [
                p.id
                for p in game.battlefield
                if p.in_combat and (self.has_first_strike(game, p) or self.has_double_strike(game, p))
            ]
            return self.begin_combat_damage(game, events)
        if step is Step.COMBAT_DAMAGE:
            return self.begin_combat_damage(game, events)
        return True

    def recheck_combat(self, game: Game) -> None:
        """Ask of each attacking creature whether its attack and its block stand; one that does
        not is removed from combat, or unblocked (only a mutant answers no)."""
        for perm in list(game.battlefield):
            if perm.attacking is None:
                continue
            if not self.attack_stands(game, perm):
                perm.attacking = None
                perm.blocked = None
                self.forget_blocks_of(game, perm.id)
            elif perm.blocked and not self.block_stands(game, perm):
                perm.blocked = False
                self.forget_blocks_of(game, perm.id)

    @decision("combat.attack_stands")
    def attack_stands(self, game: Game, perm: Perm) -> bool:
        """508.1a, 302.6, 702.3b, 702.10b: what lets a creature attack (haste or continuous
        control since the turn began, no defender) is checked only as attackers are declared; a
        creature that loses haste or gains defender afterwards keeps attacking (506.4 lists every
        way a creature leaves combat, and this is none of them)."""
        return True

    @decision("combat.block_stands")
    def block_stands(self, game: Game, attacker: Perm) -> bool:
        """509.1h: a blocked creature stays blocked until it is removed from combat, an effect
        unblocks it or combat ends; evasion (702.9b flying, 702.111b menace) restricts only the
        declaration of blockers (509.1b-c), so gaining or losing a keyword afterwards changes no
        block."""
        return True

    # =====================================================================================
    # Procedures: combat damage (510)
    # =====================================================================================
    def blockers_of(self, game: Game, attacker: Perm) -> list[Perm]:
        return sorted((p for p in game.battlefield if attacker.id in p.blocking), key=lambda p: p.id)

    def begin_combat_damage(self, game: Game, events: list[Event]) -> bool:
        """510.1: as a combat damage step begins, the active player, then the defending player,
        assigns the combat damage of their creatures; a player with a division to choose is
        asked for it (:class:`~protocol.decisions.AssignCombatDamage`). True once the damage is
        dealt (510.2), False while an assignment is pending."""
        return self.ask_or_deal(game, (game.active, game.defending), (), events)

    def ask_or_deal(
        self, game: Game, players: tuple[PlayerIndex, ...], announced: tuple[Share, ...], events: list[Event]
    ) -> bool:
        """The first of ``players`` with a division to choose is asked for it; with none left,
        all the combat damage of the step is dealt at once, as ``announced`` divides it (510.2)."""
        first_strike_step = game.step is Step.FIRST_STRIKE_DAMAGE
        for player in players:
            sources = self.divided_damage(game, player, first_strike_step)
            if sources:
                game.pending = AssignCombatDamage(player, sources, announced)
                game.priority = None
                return False
        chosen: dict[str, list[tuple[str, int]]] = {}
        for source, recipient, amount in announced:
            chosen.setdefault(source, []).append((recipient, amount))
        self.deal_combat_damage(game, first_strike_step, chosen, events)
        return True

    def divided_damage(self, game: Game, player: PlayerIndex, first_strike_step: bool) -> tuple[DamageSource, ...]:
        """The creatures of ``player`` dealing damage in this step whose damage they divide
        (510.1c-d), each with its amount (510.1a) and the creatures it may go to, in order."""
        out: list[DamageSource] = []
        for perm in game.battlefield:
            if perm.controller != player or not perm.in_combat:
                continue
            if not self.deals_damage_in_step(game, perm, first_strike_step):
                continue
            amount = self.combat_damage_amount(game, perm)
            if amount <= 0:
                continue
            if perm.attacking is not None:
                if not perm.blocked:
                    continue
                creatures = self.blockers_of(game, perm)
            else:
                creatures = [a for a in (game.perm(i) for i in perm.blocking) if a is not None]
            beyond = self.trample_beyond(game, perm, creatures)
            if beyond:
                # 702.19b: lethal damage counts what the player's other creatures assign it without a choice.
                lethal = tuple(
                    DamageRecipient(
                        c.id, max(0, self.lethal_damage(game, c) - self.damage_already_assigned(game, c, perm))
                    )
                    for c in creatures
                )
                source = DamageSource(
                    perm.id,
                    amount,
                    lethal,
                    trample=Trample.TRAMPLE,
                    beyond=beyond,
                    deathtouch=self.one_damage_is_lethal(game, perm),  # 702.2c
                )
                if amount > sum(source.lethal_to(r) for r in lethal) or len(creatures) >= 2:
                    out.append(source)
                    continue
            if self.damage_is_divided(game, perm, creatures):
                recipients = tuple(DamageRecipient(c.id, self.lethal_damage(game, c)) for c in creatures)
                out.append(DamageSource(perm.id, amount, recipients, deathtouch=self.one_damage_is_lethal(game, perm)))
        return tuple(out)

    def trample_beyond(self, game: Game, perm: Perm, creatures: list[Perm]) -> tuple[DamageRecipient, ...]:
        """702.19b: what a blocked attacker with trample may assign damage to beyond the creatures
        blocking it (once each has lethal damage): the player, planeswalker or battle it attacks,
        if that is still there (506.4c); nothing for a creature without trample or a blocker."""
        target = perm.attacking
        if target is None or not creatures or not self.has_trample(game, perm):
            return ()
        if target.kind is not TargetKind.PLAYER and game.perm(target.permanent or "") is None:
            return ()
        return (DamageRecipient(target_ref(target)),)

    @decision("combat.damage_already_assigned")
    def damage_already_assigned(self, game: Game, creature: Perm, source: Perm) -> int:
        """702.19b: lethal damage counts the damage the other creatures of ``source``'s controller
        assign to ``creature`` in the same step without a choice (an attacker it alone blocks; a
        blocker blocking only it)."""
        first_strike_step = game.step is Step.FIRST_STRIKE_DAMAGE
        total = 0
        for perm in game.battlefield:
            if perm.controller != source.controller or not perm.in_combat or perm.id in (creature.id, source.id):
                continue
            if not self.deals_damage_in_step(game, perm, first_strike_step):
                continue
            if perm.attacking is not None:
                only = self.blockers_of(game, perm) if perm.blocked else []
                alone = len(only) == 1 and only[0].id == creature.id
                lethal = self.lethal_damage(game, creature)
                if self.one_damage_is_lethal(game, perm):  # 702.2c
                    lethal = min(1, lethal)
                spare = self.has_trample(game, perm) and self.combat_damage_amount(game, perm) > lethal
                automatic = alone and not spare
            else:
                automatic = perm.blocking == [creature.id]
            if automatic:
                total += self.combat_damage_amount(game, perm)
        return total

    def damage_assignments(self, game: Game) -> list[Action]:
        """Some legal assignments (apply judges any): the least one (lethal damage to each
        creature in turn, the rest to the last), and for each creature dividing its damage, all
        of it to one of its recipients, the others as in the least."""
        pending = game.pending
        assert isinstance(pending, AssignCombatDamage)
        least = pending.least(lambda: ())
        actions = [least]
        for entry in pending.sources:
            for ref in entry.recipients:
                damage = tuple(
                    share
                    for other in pending.sources
                    for share in (
                        ((entry.source, ref, entry.amount),)
                        if other is entry
                        else tuple(s for s in least.damage if s[0] == other.source)
                    )
                )
                action = Action(ActionKind.ASSIGN_DAMAGE, pending.player, damage=damage)
                if action not in actions and not pending.answer_problems(action):
                    actions.append(action)
        for entry in pending.sources:
            if not entry.beyond:
                continue
            # 702.19b: lethal damage to each blocker, the excess to what it attacks.
            shares = [(entry.source, c.ref, entry.lethal_to(c)) for c in entry.creatures if entry.lethal_to(c) > 0]
            excess = entry.amount - sum(n for _, _, n in shares)
            if excess > 0:
                damage = tuple(s for s in least.damage if s[0] != entry.source) + (
                    *shares,
                    (entry.source, entry.beyond[0].ref, excess),
                )
                action = Action(ActionKind.ASSIGN_DAMAGE, pending.player, damage=damage)
                if action not in actions and not pending.answer_problems(action):
                    actions.append(action)
        return actions

    def assign_combat_damage(self, game: Game, action: Action, events: list[Event]) -> None:
        """The answer to an :class:`~protocol.decisions.AssignCombatDamage`: the whole assignment
        is checked at once and an illegal one refused, changing nothing (510.1e); the defending
        player assigns after the active player (510.1); then the damage is dealt and the step
        goes on (510.2-510.3)."""
        pending = game.pending
        assert isinstance(pending, AssignCombatDamage)
        self.refuse_unless_answer(game, action)
        problems = self.assignment_problems(game, pending, action)
        if problems:
            raise ActionRefused("; ".join(problems))
        game.pending = None
        later = (game.defending,) if pending.player == game.active else ()
        if self.ask_or_deal(game, later, pending.announced + action.damage, events):
            self.turn.step_begun(game, game.step, events)

    @decision("combat.damage_marked")
    def damage_marked(self, game: Game, source: Perm, creature: Perm, amount: int) -> int:
        """120.3e: damage dealt to a creature by a source with neither wither nor infect causes
        that much damage to be marked on it (the engine reads neither)."""
        return amount

    @decision("combat.assignment_problems")
    def assignment_problems(self, game: Game, pending: AssignCombatDamage, action: Action) -> list[str]:
        """510.1c-d as they read since 2024: a creature blocked by (or blocking) two or more
        creatures divides its damage among them as its controller chooses; there is no damage
        assignment order and no lethal damage due to one before the next (only trample asks for
        lethal damage first, 702.19b, which the decision itself checks). Nothing more to refuse."""
        return []

    def deal_combat_damage(
        self, game: Game, first_strike_step: bool, chosen: Mapping[str, list[tuple[str, int]]], events: list[Event]
    ) -> None:
        """510.2: every qualifying creature's combat damage is dealt at once, as its controller
        divided it (``chosen``: source -> (recipient, amount)) or as the rules fix it (510.1b-d);
        510.3a: "deals combat damage to a player" abilities trigger."""
        detail = "first-strike" if first_strike_step else "regular"
        dealt: list[tuple[Perm, str, int]] = []  # (source, recipient ref, amount)
        for perm in game.battlefield:
            if not perm.in_combat or not self.deals_damage_in_step(game, perm, first_strike_step):
                continue
            amount = self.combat_damage_amount(game, perm)
            if amount <= 0:
                continue
            if perm.id in chosen:
                dealt.extend((perm, recipient, share) for recipient, share in chosen[perm.id])
            elif perm.attacking is not None:
                blockers = self.blockers_of(game, perm) if perm.blocked else []
                if perm.blocked and not blockers and self.tramples_over_no_blockers(game, perm):
                    target = perm.attacking
                    if target.kind is TargetKind.PLAYER or game.perm(target.permanent or "") is not None:
                        dealt.append((perm, target_ref(target), amount))
                elif perm.blocked:
                    for blocker, share in self.assign_blocked_damage(game, perm, amount, blockers):
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
        self.gain_lifelink_life(game, dealt, events)
        for source, _, _ in dealt:
            amount = to_players.pop(source.id, 0)
            if amount and self.fires_combat_damage_trigger(game, source, amount):
                for t in game.abilities_of(source.id).damage_triggers:
                    self.turn.trigger(game, source.controller, source.id, t.ability, events)
                self.table.call(hooks.damage_to_player, game, source, amount, events)  # Fallen Shinobi

    def gain_lifelink_life(self, game: Game, dealt: list[tuple[Perm, str, int]], events: list[Event]) -> None:
        """702.15b, 702.15e: each source with lifelink that dealt combat damage causes one life
        gain event, of all the damage it dealt at once, as that damage is dealt (510.2)."""
        by_source: dict[str, tuple[Perm, list[tuple[str, int]]]] = {}
        for source, recipient, amount in dealt:
            by_source.setdefault(source.id, (source, []))[1].append((recipient, amount))
        for source, shares in by_source.values():
            gained = self.lifelink_gain(game, source, shares)
            if gained > 0:
                player = self.lifelink_gainer(game, source)
                game.players[player].life += gained
                events.append(Event(EventKind.LIFE, player=player, amount=gained))

    @decision("combat.exile_defeated_siege")
    def exile_defeated_siege(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """310.11b: the Siege's trigger exiles it (if it is still on the battlefield: 400.7, a
        permanent that left is a new object the ability does not find), then its controller may
        cast it transformed. The model's battles have no back face (712.1: only a double-faced
        card transforms), so there is nothing to cast: the card stays in exile."""
        if game.perm(item.source) is None:
            return False
        self.zones.move_card(game, item.source, Zone.EXILE, events)
        return True

    def deal_damage(
        self, game: Game, source: Perm, recipient: str, amount: int, detail: str, events: list[Event]
    ) -> None:
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
            before = perm.counter("defense")
            perm.set_counter("defense", max(0, before - amount))
            if before > 0 and perm.counter("defense") == 0 and self.is_siege(game, perm):
                self.turn.trigger(game, perm.controller, perm.id, SIEGE_DEFEATED, events)
        if game.is_type(perm.id, "Creature"):
            perm.damage += self.damage_marked(game, source, perm, amount)
            if self.destroys_by_deathtouch(game, source, perm, amount):
                perm.deathtouched = True  # 704.5h: destroyed at the next check of state-based actions

    # =====================================================================================
    # Procedures: leaving combat, creatures put onto the battlefield attacking (506.4, 508.4)
    # =====================================================================================
    def left_battlefield(self, game: Game, card_id: str) -> None:
        """506.4: a permanent that leaves the battlefield leaves combat; blockers stop naming it,
        and it is no longer one of the first strikers."""
        if card_id in game.first_strikers:
            game.first_strikers.remove(card_id)
        for perm in game.battlefield:
            if card_id in perm.blocking:
                perm.blocking.remove(card_id)
            target = perm.attacking
            if (
                target is not None
                and target.permanent == card_id
                and self.removed_from_combat_when_target_leaves(game, perm)
            ):
                perm.attacking = None
                perm.blocked = None
                self.forget_blocks_of(game, perm.id)
        for attacker in game.battlefield:
            if attacker.attacking is not None and attacker.blocked and not self.blockers_of(game, attacker):
                attacker.blocked = self.stays_blocked(game, attacker)

    @decision("combat.stays_blocked")
    def stays_blocked(self, game: Game, attacker: Perm) -> bool:
        """509.1h: "A creature remains blocked even if all the creatures blocking it are removed
        from combat." (Asked when its last blocker leaves the battlefield, 506.4.)"""
        return True

    def forget_blocks_of(self, game: Game, attacker_id: str) -> None:
        for perm in game.battlefield:
            if attacker_id in perm.blocking:
                perm.blocking.remove(attacker_id)

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

    def unblocked_attacker_to_return(self, candidates: list[Perm], action: Action) -> Perm:
        """The creature the action's "return" cost names, if it is one of ``candidates`` (the
        unblocked attackers the player controls); refused otherwise."""
        returned_id = action.cost("return")
        returned = next((p for p in candidates if p.id == returned_id), None)
        if returned is None:
            raise ActionRefused(f"{returned_id} is not an unblocked attacking creature player {action.player} controls")
        return returned

    # =====================================================================================
    # Procedures: resolving the combat triggers of the cards the engine reads
    # =====================================================================================
    @decision("combat.is_siege")
    def is_siege(self, game: Game, perm: Perm) -> bool:
        """310.11b: a battle with the subtype Siege has the intrinsic triggered ability "When the
        last defense counter is removed from this permanent, exile it, then you may cast it
        transformed without paying its mana cost."."""
        return "Siege" in game.data(perm.id).subtypes

    def is_combat_trigger(self, game: Game, item: StackItem) -> bool:
        """ "Whenever ... attacks, you gain N life" (508.3a), "whenever this creature deals
        combat damage to a player, draw a card" (510.3a), and a Siege's intrinsic trigger
        (310.11b)."""
        if item.ability == SIEGE_DEFEATED:
            return True
        abilities = game.abilities_of(item.source)
        return abilities.attack_trigger(item.ability) is not None or any(
            t.ability == item.ability for t in abilities.damage_triggers
        )

    def resolve_combat_trigger(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        if item.ability == SIEGE_DEFEATED:
            return self.exile_defeated_siege(game, item, events)
        abilities = game.abilities_of(item.source)
        life = abilities.attack_trigger(item.ability)
        if life is not None:
            game.players[item.controller].life += life.amount
            events.append(Event(EventKind.LIFE, player=item.controller, amount=life.amount))
            return True
        before = len(events)
        self.zones.draw_card(game, item.controller, events)
        return len(events) > before
