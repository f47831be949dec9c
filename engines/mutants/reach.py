"""Mutants of reach (702.17) and the flying restriction it answers (702.9b): reach read nowhere, so
a creature with reach can't block a creature with flying; and flying read nowhere, so anything
blocks a creature with flying."""

from __future__ import annotations

from . import Mutant, answers, table

MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "reach-ignored",
        ("reach.blocks-flying",),
        "reach changes nothing: a creature with reach can't block a creature with flying",
        {"combat.has_reach": answers(False)},
    ),
    (
        "flying-ignored",
        ("reach.blocks-flying", "combat.block-restrictions", "flying.blocking"),
        "flying changes nothing: a creature with neither flying nor reach blocks a creature with flying",
        {"combat.has_flying": answers(False)},
    ),
)
