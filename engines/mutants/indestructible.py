"""Mutants of indestructible (702.12): indestructible read nowhere, and indestructible that saves
a creature from lethal damage but not from deathtouch (704.5h checked apart from 704.5g)."""

from __future__ import annotations

from engines.reference.engine import Core
from engines.reference.game import Game, Perm

from . import Mutant, answers, table


def not_from_deathtouch(self: Core, game: Game, perm: Perm) -> bool:
    """Indestructible spares a creature lethal damage, but deathtouch damage still destroys it."""
    return Core.survives_destruction(self, game, perm) and not perm.deathtouched


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "indestructible-ignored",
        ("indestructible.not-destroyed",),
        "indestructible changes nothing: lethal damage destroys the creature",
        {"core.is_indestructible": answers(False)},
    ),
    (
        "indestructible-not-from-deathtouch",
        ("indestructible.not-destroyed",),
        "a creature with indestructible dealt damage by a source with deathtouch is destroyed",
        {"core.survives_destruction": not_from_deathtouch},
    ),
)
