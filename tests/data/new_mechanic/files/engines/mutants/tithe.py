"""Mutants of tithe (the made-up keyword of the new-mechanic test)."""

from __future__ import annotations

from . import Mutant, answers, table


def twice(self: object, game: object, source: object, amount: int) -> int:
    """Twice the damage dealt."""
    return 2 * amount


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    ("tithe-ignored", ("tithe.gain-life",), "tithe gains no life", {"tithe.life_gained": answers(0)}),
    ("tithe-gains-twice", ("tithe.gain-life",), "tithe gains twice the damage", {"tithe.life_gained": twice}),
)
