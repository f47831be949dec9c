"""Mutants of playing cards from exile with a permission (Fallen Shinobi; 601.3, 305.2, 400.7)."""

from __future__ import annotations

from engines.reference.engine import Casting
from engines.reference.game import Game
from protocol.model import PlayerIndex, PlayPermission, Zone

from . import Mutant, answers, table


def exiled_land_without_land_play(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
    if game.zone_of(card_id) is Zone.EXILE:
        return True
    return Casting.has_land_play(self, game, player, card_id)


def exiled_land_uses_no_land_play(self, game: Game, player: PlayerIndex, card_id: str, from_zone: Zone | None) -> int:
    return 0 if from_zone is Zone.EXILE else Casting.land_plays_used(self, game, player, card_id, from_zone)


def exiled_card_castable_twice(self, game: Game, permission: PlayPermission, card_id: str) -> bool:
    return permission.card == card_id


def uncast_exiled_to_graveyard(self, game: Game, permission: PlayPermission) -> Zone | None:
    return Zone.GRAVEYARD


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "exiled-sorcery-instant-speed",
        ("play-from-exile.timing-unchanged",),
        "a card played with a permission from exile ignores its timing: a sorcery at instant speed",
        {"exile.permission_keeps_timing": answers(False)},
    ),
    (
        "exiled-land-uses-no-land-play",
        ("play-from-exile.timing-unchanged",),
        "a land played from exile needs a land play but does not use it up: another land can follow",
        {"casting.land_plays_used": exiled_land_uses_no_land_play},
    ),
    (
        "exiled-land-without-land-play",
        ("play-from-exile.timing-unchanged",),
        "a land played from exile with a permission needs no land play",
        {"casting.has_land_play": exiled_land_without_land_play},
    ),
    (
        "exiled-card-castable-twice",
        ("play-from-exile.cast-once",),
        "the permission follows the card out of exile: once resolved, it can be cast again",
        {"exile.permission_covers": exiled_card_castable_twice},
    ),
    (
        "uncast-exiled-to-graveyard",
        ("play-from-exile.uncast-stay-exiled",),
        "exiled cards nobody played are put into their owners' graveyards as the permission ends",
        {"exile.uncast_card_leaves_exile_to": uncast_exiled_to_graveyard},
    ),
    (
        "exile-permission-lasts",
        ("play-from-exile.uncast-stay-exiled",),
        'the permission to play the exiled cards never ends ("until end of turn" ignored)',
        {"exile.permission_ends_at_cleanup": answers(False)},
    ),
)
