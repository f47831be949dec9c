"""Mutants of haste (702.10): haste read nowhere, so a creature that came under its controller's
control this turn can't attack."""

from __future__ import annotations

from . import Mutant, answers, table

MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "haste-ignored",
        ("haste.attacks-at-once",),
        "haste changes nothing: a summoning-sick creature with haste can't attack",
        {"core.has_haste": answers(False)},
    ),
)
