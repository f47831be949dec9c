"""Tithe (the made-up keyword of the new-mechanic test, "702.999a"): damage a creature with tithe
deals to a player also makes its controller gain that much life. A ``combat.damage_to_player``
hook of the dispatch table; it asks no other component anything."""

from __future__ import annotations

from protocol.keyword_registry import TITHE
from protocol.mechanics import Mechanic
from protocol.model import Event, EventKind

from . import hooks
from .game import Game, Perm
from .lines import Keyword
from .oracle import read_keywords
from .services import Services
from .table import Table, decision

#: Tithe is written alone on its line: the reader reads it for this component.
read_keywords(TITHE)


class Tithe:
    """See the module docstring."""

    name = "tithe"
    mechanics = frozenset({Mechanic.TITHE})

    def connect(self, services: Services) -> None:
        """Tithe uses no service."""

    def register(self, table: Table) -> None:
        table.hook(hooks.damage_to_player.by(self.name, self.gain_life))

    @decision("tithe.life_gained")
    def life_gained(self, game: Game, source: Perm, amount: int) -> int:
        """702.999a: as much life as the damage dealt."""
        return amount

    def gain_life(self, game: Game, source: Perm, amount: int, events: list[Event]) -> None:
        if Keyword(TITHE.name) not in game.abilities_of(source.id).card_lines:
            return
        gained = self.life_gained(game, source, amount)
        if gained:
            game.players[source.controller].life += gained
            events.append(Event(EventKind.LIFE, player=source.controller, amount=gained))
