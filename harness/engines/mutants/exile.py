"""Mutants of playing cards from exile with a permission (Fallen Shinobi; 601.3, 305.2, 400.7)."""

from __future__ import annotations

from harness.engines.reference.game import Game
from harness.engines.reference.rules import ReferenceRules
from harness.protocol.model import PlayerIndex, PlayPermission, Zone

from . import mutant


@mutant("exiled-sorcery-instant-speed", breaks="play-from-exile.timing-unchanged",
        bug="a card played with a permission from exile ignores its timing: a sorcery at instant speed")
class ExiledSorceryInstantSpeed(ReferenceRules):
    def permission_keeps_timing(self, game: Game, permission: PlayPermission) -> bool:
        return False


@mutant("exiled-land-without-land-play", breaks="play-from-exile.timing-unchanged",
        bug="a land played from exile with a permission needs no land play")
class ExiledLandWithoutLandPlay(ReferenceRules):
    def has_land_play(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        if game.zone_of(card_id) is Zone.EXILE:
            return True
        return super().has_land_play(game, player, card_id)


@mutant("exiled-card-castable-twice", breaks="play-from-exile.cast-once",
        bug="the permission follows the card out of exile: once resolved, it can be cast again")
class ExiledCardCastableTwice(ReferenceRules):
    def permission_covers(self, game: Game, permission: PlayPermission, card_id: str) -> bool:
        return permission.card == card_id


@mutant("uncast-exiled-to-graveyard", breaks="play-from-exile.uncast-stay-exiled",
        bug="exiled cards nobody played are put into their owners' graveyards as the permission ends")
class UncastExiledToGraveyard(ReferenceRules):
    def uncast_card_leaves_exile_to(self, game: Game, permission: PlayPermission) -> Zone | None:
        return Zone.GRAVEYARD


@mutant("exile-permission-lasts", breaks="play-from-exile.uncast-stay-exiled",
        bug="the permission to play the exiled cards never ends (\"until end of turn\" ignored)")
class ExilePermissionLasts(ReferenceRules):
    def permission_ends_at_cleanup(self, game: Game, permission: PlayPermission) -> bool:
        return False
