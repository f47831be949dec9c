"""Mutants of lifelink (702.15): the mistakes an engine makes with it: lifelink read nowhere, life
gained only for damage to players (as if it were a "deals combat damage to a player" trigger),
and the life going to the card's owner instead of the source's controller."""

from __future__ import annotations

from engines.reference.engine import Combat
from engines.reference.game import Game, Perm
from protocol.model import PlayerIndex

from . import Mutant, answers, table


def players_only(self: Combat, game: Game, source: Perm, dealt: list[tuple[str, int]]) -> int:
    """Only the damage dealt to players gains life."""
    if not self.has_lifelink(game, source):
        return 0
    return sum(amount for recipient, amount in dealt if recipient.startswith("player:"))


def owner_gains(self: Combat, game: Game, source: Perm) -> PlayerIndex:
    """The card's owner gains the life."""
    return game.owner(source.id)


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "lifelink-ignored",
        ("lifelink.gain-life",),
        "lifelink changes nothing: its damage gains no life",
        {"combat.has_lifelink": answers(False)},
    ),
    (
        "lifelink-players-only",
        ("lifelink.gain-life",),
        "lifelink gains life only for damage dealt to a player, none for damage to a creature",
        {"combat.lifelink_gain": players_only},
    ),
    (
        "lifelink-owner-gains",
        ("lifelink.gain-life",),
        "the life from lifelink goes to the creature's owner, not its controller",
        {"combat.lifelink_gainer": owner_gains},
    ),
)
