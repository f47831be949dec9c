"""Playing cards from exile with a permission (601.3, 305.1) and Fallen Shinobi's trigger: the
reference engine's play-from-exile component.

``GameState.permissions`` lets a player play a card from exile (without paying its mana cost)
until end of turn; its normal timing still applies (307.1 for sorceries and permanents, 305.1-305.2
for lands); it covers the card only while it stays in exile (400.7), and a card nobody played
stays in exile when it ends (514.2). The permission widens casting and land plays through hooks
of the dispatch table (``casting.cast_from``, ``casting.timing``, ``casting.cost``,
``casting.extra_castable``, ``casting.land_from``, ``casting.land_candidates``).

Fallen Shinobi's trigger (510.3a, a ``combat.damage_to_player`` hook): the damaged player
exiles the top cards of their library and its controller may play them this turn without paying
their mana costs.
"""

from __future__ import annotations

from protocol.mechanics import Mechanic
from protocol.model import (
    Event,
    PlayerIndex,
    PlayPermission,
    StackItem,
    Step,
    Zone,
)

from . import hooks
from .game import Game, Perm
from .lines import ExileTopPlayTrigger
from .services import Services, Spells, Turn, Zones
from .table import Table, decision

#: Stack-item choice of a triggered ability: the player it refers to ("that player").
THAT_PLAYER = "player"


class PlayFromExile:
    """See the module docstring."""

    name = "exile"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset({Mechanic.PLAY_FROM_EXILE})

    turn: Turn
    zones: Zones
    spells: Spells

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.zones = services.zones
        self.spells = services.spells

    def register(self, table: Table) -> None:
        table.line_resolver(self.name, ExileTopPlayTrigger, self.resolve_exile_top_play)
        table.hook(hooks.step_begins.by(self.name, self.permissions_end))
        table.hook(hooks.damage_to_player.by(self.name, self.combat_damage_to_player))
        table.hook(hooks.cast_from.by(self.name, self.has_permission))
        table.hook(hooks.cast_timing.by(self.name, self.timing_with_permission))
        table.hook(hooks.cast_cost.by(self.name, self.cost_with_permission))
        table.hook(hooks.extra_castable.by(self.name, self.castable_from_other_exiles))
        table.hook(hooks.land_from.by(self.name, self.has_permission))
        table.hook(
            hooks.land_candidates.by(
                self.name, lambda game, player: [p.card for p in game.permissions if p.player == player]
            )
        )
        table.hook(hooks.played.by(self.name, self.prune_permissions))

    # =====================================================================================
    # Decisions: playing cards with a permission (601.3, 305.1, 514.2)
    # =====================================================================================
    @decision("exile.permission_covers")
    def permission_covers(self, game: Game, permission: PlayPermission, card_id: str) -> bool:
        """400.7: a permission to play a card in exile covers that object only: once the card
        leaves exile (it is cast or played) it is a new object the permission knows nothing of."""
        return permission.card == card_id and game.zone_of(card_id) is permission.zone

    @decision("exile.permission_keeps_timing")
    def permission_keeps_timing(self, game: Game, permission: PlayPermission) -> bool:
        """601.3 (Fallen Shinobi ruling): a permission to play a card from exile changes where it
        can be played from, not when: a sorcery still waits for a main phase with an empty stack,
        a land for a main phase and a land play."""
        return True

    @decision("exile.permission_ends_at_cleanup")
    def permission_ends_at_cleanup(self, game: Game, permission: PlayPermission) -> bool:
        """514.2: "until end of turn" effects end in this turn's cleanup step; "until the end of your
        next turn" ones in the cleanup step of their holder's first turn after the one they were made in."""
        return permission.ends_in_cleanup_of(game.turn, game.active)

    @decision("exile.uncast_card_leaves_exile_to")
    def uncast_card_leaves_exile_to(self, game: Game, permission: PlayPermission) -> Zone | None:
        """406.1/ruling: a card exiled this way that nobody played stays in exile when the
        permission ends."""
        return None

    # =====================================================================================
    # Procedures
    # =====================================================================================
    def permission_for(self, game: Game, player: PlayerIndex, card_id: str) -> PlayPermission | None:
        return next(
            (p for p in game.permissions if p.player == player and self.permission_covers(game, p, card_id)), None
        )

    def has_permission(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """Whether a permission lets ``player`` cast or play ``card_id`` from where it is (the
        ``casting.cast_from`` and ``casting.land_from`` hooks both ask this)."""
        return self.permission_for(game, player, card_id) is not None

    def prune_permissions(self, game: Game) -> None:
        game.permissions = [p for p in game.permissions if self.permission_covers(game, p, p.card)]

    def combat_damage_to_player(self, game: Game, source: Perm, amount: int, events: list[Event]) -> None:
        """510.3a: "whenever this creature deals combat damage to a player" (Fallen Shinobi)."""
        for line in game.abilities_of(source.id).card_lines:
            if isinstance(line, ExileTopPlayTrigger):
                self.turn.trigger(
                    game,
                    source.controller,
                    source.id,
                    line.ability,
                    events,
                    ((THAT_PLAYER, str(1 - source.controller)),),
                )

    def resolve_exile_top_play(
        self, game: Game, item: StackItem, line: ExileTopPlayTrigger, events: list[Event]
    ) -> bool:
        """ "That player exiles the top N cards of their library. Until end of turn, you may play
        those cards without paying their mana costs." (a permission, 601.3)."""
        victim = int(item.choice(THAT_PLAYER) or 1 - item.controller)
        top = list(game.players[victim].library[: line.count])
        for card_id in top:
            self.zones.move_card(game, card_id, Zone.EXILE, events)
            game.permissions.append(PlayPermission(card_id, item.controller))
        return bool(top)

    # =====================================================================================
    # Procedures: what a permission changes about casting and playing (601.3)
    # =====================================================================================
    def timing_with_permission(self, game: Game, player: PlayerIndex, card_id: str) -> bool | None:
        """A permission that does not keep the card's timing lets it be cast whenever its player
        has priority; ``None``: the normal timing applies."""
        permission = self.permission_for(game, player, card_id)
        if permission is not None and not self.permission_keeps_timing(game, permission):
            return game.priority == player and game.pending is None
        return None

    def cost_with_permission(self, game: Game, player: PlayerIndex, card_id: str) -> tuple[str, ...] | None:
        """118.9: a spell cast "without paying its mana cost" costs nothing (601.2f)."""
        permission = self.permission_for(game, player, card_id)
        if permission is not None and permission.without_paying:
            return ()
        return None

    def castable_from_other_exiles(self, game: Game, player: PlayerIndex, cards: list[str]) -> list[str]:
        """The cards in another player's exile a permission lets ``player`` cast (Fallen Shinobi
        exiles the damaged player's cards)."""
        extra: list[str] = []
        for permission in game.permissions:
            card_id = permission.card
            if (
                permission.player == player
                and card_id not in cards
                and card_id not in extra
                and game.zone_of(card_id) is Zone.EXILE
                and self.spells.can_cast_from(game, player, card_id)
            ):
                extra.append(card_id)
        return extra

    def permissions_end(self, game: Game, step: Step, events: list[Event]) -> None:
        """514.2: in the cleanup step "until end of turn" effects end (play permissions)."""
        if step is not Step.CLEANUP:
            return
        for permission in list(game.permissions):
            if not self.permission_ends_at_cleanup(game, permission):
                continue
            game.permissions.remove(permission)
            zone = self.uncast_card_leaves_exile_to(game, permission)
            if zone is not None and game.zone_of(permission.card) is permission.zone:
                self.zones.move_card(game, permission.card, zone, events)
