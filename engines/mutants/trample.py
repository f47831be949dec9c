"""Mutants of trample (702.19): the mistakes an engine makes dividing a trampler's damage (lethal
damage counted wrong, the excess never reaching the player, or reaching it too early) and a
blocked trampler whose blockers are gone hitting nothing."""

from __future__ import annotations

from engines.reference.engine import Combat
from engines.reference.game import Game, Perm

from . import Mutant, answers, table


def lethal_ignores_marked_damage(self: Combat, game: Game, creature: Perm) -> int:
    """Lethal damage is the creature's whole toughness, whatever damage is already marked."""
    return max(0, (game.abilities_of(creature.id).toughness or 0) + self.toughness_bonus(game, creature))


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
        "trample-nothing-without-blockers",
        ("trample.double-strike-blockers-destroyed", "trample.no-blockers-left"),
        "a blocked trampler whose blockers are all gone assigns no combat damage, as a creature without trample",
        {"combat.tramples_over_no_blockers": answers(False)},
    ),
)
