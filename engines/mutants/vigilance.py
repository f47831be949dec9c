"""Mutants of vigilance (702.20): a creature with vigilance taps to attack like any other, and
vigilance read nowhere."""

from __future__ import annotations

from . import Mutant, answers, table

MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "vigilance-ignored",
        ("vigilance.attacks-untapped",),
        "vigilance changes nothing: a creature with it is tapped as it attacks",
        {"combat.has_vigilance": answers(False)},
    ),
    (
        "vigilance-taps-anyway",
        ("vigilance.attacks-untapped",),
        "declaring attackers taps every attacker, vigilance or not",
        {"combat.taps_to_attack": answers(True)},
    ),
)
