"""Mutants of playing cards from exile with a permission (Fallen Shinobi; 601.3, 305.2, 400.7)."""

from __future__ import annotations

from harness.engines.reference.engine import Casting
from harness.engines.reference.game import Game
from harness.protocol.model import PlayerIndex, PlayPermission, Zone

from . import Mutant


def exiled_sorcery_instant_speed(self, game: Game, permission: PlayPermission) -> bool:
    return False


def exiled_land_without_land_play(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
    if game.zone_of(card_id) is Zone.EXILE:
        return True
    return Casting.has_land_play(self, game, player, card_id)


def exiled_card_castable_twice(self, game: Game, permission: PlayPermission, card_id: str) -> bool:
    return permission.card == card_id


def uncast_exiled_to_graveyard(self, game: Game, permission: PlayPermission) -> Zone | None:
    return Zone.GRAVEYARD


def exile_permission_lasts(self, game: Game, permission: PlayPermission) -> bool:
    return False


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "exiled-sorcery-instant-speed",
        breaks=("play-from-exile.timing-unchanged",),
        bug="a card played with a permission from exile ignores its timing: a sorcery at instant speed",
        replaces={"exile.permission_keeps_timing": exiled_sorcery_instant_speed},
    ),
    Mutant(
        "exiled-land-without-land-play",
        breaks=("play-from-exile.timing-unchanged",),
        bug="a land played from exile with a permission needs no land play",
        replaces={"casting.has_land_play": exiled_land_without_land_play},
    ),
    Mutant(
        "exiled-card-castable-twice",
        breaks=("play-from-exile.cast-once",),
        bug="the permission follows the card out of exile: once resolved, it can be cast again",
        replaces={"exile.permission_covers": exiled_card_castable_twice},
    ),
    Mutant(
        "uncast-exiled-to-graveyard",
        breaks=("play-from-exile.uncast-stay-exiled",),
        bug="exiled cards nobody played are put into their owners' graveyards as the permission ends",
        replaces={"exile.uncast_card_leaves_exile_to": uncast_exiled_to_graveyard},
    ),
    Mutant(
        "exile-permission-lasts",
        breaks=("play-from-exile.uncast-stay-exiled",),
        bug='the permission to play the exiled cards never ends ("until end of turn" ignored)',
        replaces={"exile.permission_ends_at_cleanup": exile_permission_lasts},
    ),
)
