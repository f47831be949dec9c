"""Mutants of the combat rules every engine plays (506-511, 702.4b, 702.7b, 702.9b, 702.111b,
704.5g): the mistakes an engine makes in ordinary combat. Lethal damage that never destroys, or
destroys only above the toughness; damage one short of the power; a sole blocker given only
lethal damage; the damage assignment order of the rules before 2024; menace and the flying
restriction read nowhere; every creature dealing damage in the first-strike step, or a first
striker dealing it twice; a blocked creature unblocked when its blockers leave."""

from __future__ import annotations

from engines.reference.engine import Combat, Core
from engines.reference.game import Game, Perm
from protocol.decisions import AssignCombatDamage, Trample
from protocol.model import Action

from . import Mutant, answers, table

LETHAL = ("combat.lethal-damage-sba", "combat.lethal-damage-marked")
STRIKE_STEPS = ("first-strike.damage-steps", "double-strike.damage-steps", "combat.first-strike-damage-step")


def lethal_only_above_toughness(self: Core, game: Game, perm: Perm) -> bool:
    """Damage equal to the toughness is not lethal (only more is): the off-by-one of 704.5g."""
    toughness = self.toughness(game, perm)
    return toughness is not None and (toughness <= 0 or perm.damage > toughness)


def one_less_than_power(self: Combat, game: Game, perm: Perm) -> int:
    return max(0, Combat.combat_damage_amount(self, game, perm) - 1)


def sole_blocker_gets_lethal_only(
    self: Combat, game: Game, attacker: Perm, amount: int, blockers: list[Perm]
) -> list[tuple[Perm, int]]:
    """A blocked creature gives its one blocker lethal damage and the excess is lost."""
    if len(blockers) == 1:
        share = min(amount, self.lethal_damage(game, blockers[0]))
        return [(blockers[0], share)] if share > 0 else []
    return Combat.assign_blocked_damage(self, game, attacker, amount, blockers)


def damage_assignment_order(self: Combat, game: Game, pending: AssignCombatDamage, action: Action) -> list[str]:
    """The rule before 2024: damage goes to the blockers in order, each assigned lethal damage
    before the next gets any."""
    problems: list[str] = []
    for source in pending.sources:
        if source.trample is Trample.TRAMPLE:
            continue
        received = {ref: n for s, ref, n in action.damage if s == source.source}
        short = False
        for recipient in source.creatures:
            if short and received.get(recipient.ref, 0) > 0:
                problems.append(f"{source.source} assigns damage to {recipient.ref} out of order")
            if received.get(recipient.ref, 0) < source.lethal_to(recipient):
                short = True
    return problems


def flyers_block_only_flyers(self: Combat, game: Game, blocker: Perm, attacker: Perm) -> bool:
    if self.has_flying(game, blocker) and not self.has_flying(game, attacker):
        return False
    return Combat.can_block(self, game, blocker, attacker)


def first_strikers_strike_twice(self: Combat, game: Game, perm: Perm, first_strike_step: bool) -> bool:
    if first_strike_step:
        return Combat.deals_damage_in_step(self, game, perm, first_strike_step)
    return True


def tapped_creatures_attack(self: Combat, game: Game, perm: Perm) -> bool:
    """508.1a without "must be untapped"."""
    return (
        game.is_type(perm.id, "Creature")
        and perm.controller == game.active
        and not self.turn.summoning_sickness_applies(game, perm)
        and not self.has_defender(game, perm)
    )


def tapped_creatures_block(self: Combat, game: Game, blocker: Perm, attacker: Perm) -> bool:
    """509.1a without "must be untapped"."""
    return (
        game.is_type(blocker.id, "Creature")
        and blocker.controller == game.defending
        and attacker.attacking is not None
        and self.may_block_flyer(game, blocker, attacker)
    )


def blockers_deal_no_damage(self: Combat, game: Game, perm: Perm) -> int:
    return 0 if perm.blocking else Combat.combat_damage_amount(self, game, perm)


def blockers_never_divide(self: Combat, game: Game, perm: Perm, creatures: list[Perm]) -> bool:
    """A creature blocking two attackers deals all its damage to the first (no division asked)."""
    return perm.attacking is not None and Combat.damage_is_divided(self, game, perm, creatures)


def one_less_marked(self: Combat, game: Game, source: Perm, creature: Perm, amount: int) -> int:
    return max(0, amount - 1)


def nonlethal_damage_wears_off(self: Combat, game: Game, source: Perm, creature: Perm, amount: int) -> int:
    """Damage that leaves a creature alive is not kept: it wears off at once instead of staying
    marked until the cleanup step (120.6)."""
    if game.is_type(creature.id, "Creature") and amount < self.lethal_damage(game, creature):
        return 0
    return Combat.damage_marked(self, game, source, creature, amount)


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "lethal-damage-never-destroys",
        LETHAL,
        "the state-based action for lethal damage is missing: damaged creatures stay",
        {"core.is_lethally_damaged": answers(False)},
    ),
    (
        "lethal-damage-only-above-toughness",
        LETHAL,
        "damage equal to a creature's toughness is not lethal: only more is",
        {"core.is_lethally_damaged": lethal_only_above_toughness},
    ),
    (
        "nonlethal-damage-wears-off",
        ("combat.lethal-damage-sba",),
        "combat damage that leaves a creature alive is not marked on it: it wears off at once",
        {"combat.damage_marked": nonlethal_damage_wears_off},
    ),
    (
        "combat-damage-one-short",
        ("combat.damage-equals-power", "combat.unblocked-damage"),
        "a creature assigns combat damage one less than its power",
        {"combat.damage_amount": one_less_than_power},
    ),
    (
        "sole-blocker-gets-lethal-only",
        ("combat.blocked-damage",),
        "a blocked creature with one blocker assigns it lethal damage only; the rest is lost",
        {"combat.assign_blocked_damage": sole_blocker_gets_lethal_only},
    ),
    (
        "damage-assignment-order",
        ("combat.blocked-damage",),
        "the damage assignment order of the rules before 2024: lethal damage to each blocker in order",
        {"combat.assignment_problems": damage_assignment_order},
    ),
    (
        "menace-one-blocker",
        ("menace.two-or-more-blockers", "combat.block-restrictions"),
        "menace changes nothing: one creature blocks a creature with menace",
        {"combat.has_menace": answers(False)},
    ),
    (
        "flyers-block-only-flyers",
        ("flying.blocking",),
        "a creature with flying can't block a creature without flying",
        {"combat.can_block": flyers_block_only_flyers},
    ),
    (
        "everyone-strikes-first",
        STRIKE_STEPS,
        "every creature in combat deals damage in the first-strike damage step too",
        {"combat.deals_damage_in_step": answers(True)},
    ),
    (
        "first-strikers-strike-twice",
        STRIKE_STEPS,
        "a creature with first strike deals combat damage again in the second combat damage step",
        {"combat.deals_damage_in_step": first_strikers_strike_twice},
    ),
    (
        "unblocked-when-blockers-gone",
        ("combat.remains-blocked", "combat.blocker-destroyed", "combat.mirror-shield"),
        "an attacking creature whose blockers all left combat becomes unblocked",
        {"combat.stays_blocked": answers(False)},
    ),
    (
        "tapped-creatures-attack",
        ("combat.attack-requirements",),
        "a tapped creature may be declared as an attacker",
        {"combat.can_attack": tapped_creatures_attack},
    ),
    (
        "summoning-sickness-ignored",
        ("combat.attack-requirements",),
        "a creature that came under its controller's control this turn attacks without haste",
        {"core.summoning_sickness_applies": answers(False)},
    ),
    (
        "tapped-creatures-block",
        ("combat.block-requirements",),
        "a tapped creature may be declared as a blocker",
        {"combat.can_block": tapped_creatures_block},
    ),
    (
        "every-creature-blocks-two",
        ("combat.block-requirements",),
        "every creature may block two attackers",
        {"combat.attackers_it_may_block": answers(2)},
    ),
    (
        "blockers-deal-no-damage",
        ("combat.blocker-damage", "combat.damage-equals-power"),
        "a blocking creature deals no combat damage",
        {"combat.damage_amount": blockers_deal_no_damage},
    ),
    (
        "blocker-damage-never-divided",
        ("combat.blocker-damage",),
        "a creature blocking two attackers deals all its damage to the first, its controller never asked",
        {"combat.damage_is_divided": blockers_never_divide},
    ),
    (
        "attacking-taps-nothing",
        ("combat.attackers-tap",),
        "declaring attackers taps none of them",
        {"combat.taps_to_attack": answers(False)},
    ),
    (
        "damage-marked-one-short",
        ("combat.damage-marked", "combat.lethal-damage-marked"),
        "combat damage dealt to a creature marks one less damage on it",
        {"combat.damage_marked": one_less_marked},
    ),
)
