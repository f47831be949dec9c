"""Mutants of trample (702.19): the mistakes an engine makes dividing a trampler's damage (lethal
damage counted wrong, the excess never reaching the player, reaching it too early, or forced onto it)
and a blocked trampler whose blockers are gone hitting nothing."""

from __future__ import annotations

from engines.reference.engine import Combat
from engines.reference.game import Game, Perm
from protocol.decisions import AssignCombatDamage
from protocol.model import Action

from . import Mutant, answers, table


def lethal_ignores_marked_damage(self: Combat, game: Game, creature: Perm) -> int:
    """Lethal damage is the creature's whole toughness, whatever damage is already marked."""
    return max(0, (game.abilities_of(creature.id).toughness or 0) + self.toughness_bonus(game, creature))


def excess_forced_past_blockers(self: Combat, game: Game, pending: AssignCombatDamage, action: Action) -> list[str]:
    """A trampler's damage beyond its blockers' lethal damage must all go to what it attacks: more than
    lethal damage to a blocker is refused."""
    problems = []
    for entry in pending.sources:
        if entry.trample is None or not entry.beyond:
            continue
        for creature in entry.creatures:
            given = sum(n for s, r, n in action.damage if s == entry.source and r == creature.ref)
            if given > entry.lethal_to(creature):
                problems.append(f"{entry.source} assigns more than lethal damage to {creature.ref}")
    return problems


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "trample-ignored",
        ("trample.lethal-then-excess", "trample.double-strike-blockers-destroyed"),
        "trample changes nothing: a blocked creature assigns all its damage to its blockers",
        {"combat.has_trample": answers(False)},
    ),
    (
        "trample-before-lethal",
        ("trample.lethal-then-excess",),
        "a trampler may send damage to the player before each blocker has lethal damage (lethal counted as 0)",
        {"combat.lethal_damage": answers(0)},
    ),
    (
        "trample-lethal-ignores-marked-damage",
        ("trample.lethal-then-excess",),
        "lethal damage for trample is the blocker's toughness, ignoring the damage already marked on it",
        {"combat.lethal_damage": lethal_ignores_marked_damage},
    ),
    (
        "trample-lethal-ignores-other-creatures",
        ("trample.lethal-then-excess",),
        "lethal damage for trample ignores the damage the player's other creatures assign the same blocker",
        {"combat.damage_already_assigned": answers(0)},
    ),
    (
        "trample-excess-forced-past-blockers",
        ("trample.lethal-then-excess", "trample.double-strike-blockers-destroyed"),
        "a trampler's damage beyond lethal must go to what it attacks: more than lethal to a blocker is refused",
        {"combat.assignment_problems": excess_forced_past_blockers},
    ),
    (
        "trample-nothing-without-blockers",
        ("trample.double-strike-blockers-destroyed", "trample.no-blockers-left"),
        "a blocked trampler whose blockers are all gone assigns no combat damage, as a creature without trample",
        {"combat.tramples_over_no_blockers": answers(False)},
    ),
)
