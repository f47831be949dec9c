"""Mutants of defender (702.3): defender read nowhere, so a creature with it attacks."""

from __future__ import annotations

from . import Mutant, answers, table

MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "defender-ignored",
        ("defender.cant-attack",),
        "defender changes nothing: a creature with it may be declared as an attacker",
        {"combat.has_defender": answers(False)},
    ),
)
