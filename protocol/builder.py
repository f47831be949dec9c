"""The one builder of consistent GameStates, for generators and hand-written tests alike.

Frozen dataclasses are right for the model but awkward to assemble piece by piece; generators
and tests put cards into zones here and call :meth:`StateBuilder.build` once. Ids are handed out
in order ("c1", "c2" ...), so the same draws always give the same ids and a test can name the
objects it built by the ids it was given.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from protocol.model import CardData, CardInstance, GameState, Permanent, PlayerState, Zone


class StateBuilder:
    def __init__(self) -> None:
        self._cards: dict[str, CardData] = {}
        self._objects: list[CardInstance] = []
        self._zones: dict[tuple[int, Zone], list[str]] = {}
        self._battlefield: list[Permanent] = []
        #: Extra fields of each player's ``PlayerState`` (``life``, ``land_plays_left`` ...).
        self.players: list[dict[str, Any]] = [{}, {}]

    def _new(self, data: CardData, owner: int, token: bool = False) -> str:
        known = self._cards.get(data.name)
        if known is not None and known is not data and known != data:
            raise ValueError(f"two different cards named {data.name!r}")
        self._cards[data.name] = data
        card_id = f"c{len(self._objects) + 1}"
        self._objects.append(CardInstance(card_id, data.name, owner, token=token))
        return card_id

    def put(self, data: CardData, owner: int, zone: Zone = Zone.HAND) -> str:
        """A card in a player's hand (the default), library (appended at the bottom), graveyard,
        exile or command zone."""
        if zone in (Zone.BATTLEFIELD, Zone.STACK):
            raise ValueError("use permanent() for the battlefield")
        card_id = self._new(data, owner)
        self._zones.setdefault((owner, zone), []).append(card_id)
        return card_id

    def permanent(
        self, data: CardData, controller: int, *, owner: int | None = None, token: bool = False, **status: Any
    ) -> str:
        """A permanent (a token when ``token``: it ceases to exist once it leaves, 704.5d).

        A planeswalker or battle given no ``counters`` has the loyalty or defense counters it
        would enter with (306.5b, 310.4b), so a hand-built one is not put into its owner's
        graveyard by the first state-based check (704.5i, 704.5v)."""
        if "counters" not in status:
            if data.is_type("Planeswalker"):
                status["counters"] = (("loyalty", int(data.loyalty or 0)),)
            elif data.is_type("Battle"):
                status["counters"] = (("defense", int(data.defense or 0)),)
        card_id = self._new(data, controller if owner is None else owner, token)
        self._battlefield.append(Permanent(card_id, controller, **status))
        return card_id

    def placed(self) -> tuple[tuple[CardInstance, CardData], ...]:
        """Every object built so far with its card, in the order built (a generator that copies
        one of them, a second instance of one card, reads them here)."""
        return tuple((o, self._cards[o.name]) for o in self._objects)

    def cards_in(self, owner: int, zone: Zone) -> tuple[str, ...]:
        """The cards put so far in ``owner``'s ``zone`` (a library: top first)."""
        return tuple(self._zones.get((owner, zone), ()))

    def move_within(self, card_id: str, owner: int, zone: Zone, index: int) -> None:
        """Put a card already in ``owner``'s ``zone`` at ``index`` of it (a library: 0 is the top)."""
        cards = self._zones[(owner, zone)]
        cards.remove(card_id)
        cards.insert(index, card_id)

    def update(self, card_id: str, **status: Any) -> None:
        """Change fields of a permanent already built (``tapped``, ``attacking`` ...)."""
        self._battlefield = [replace(p, **status) if p.id == card_id else p for p in self._battlefield]

    def build(self, **state: Any) -> GameState:
        players = tuple(
            PlayerState(
                index=i,
                hand=tuple(self._zones.get((i, Zone.HAND), ())),
                library=tuple(self._zones.get((i, Zone.LIBRARY), ())),
                graveyard=tuple(self._zones.get((i, Zone.GRAVEYARD), ())),
                exile=tuple(self._zones.get((i, Zone.EXILE), ())),
                command=tuple(self._zones.get((i, Zone.COMMAND), ())),
                **self.players[i],
            )
            for i in (0, 1)
        )
        return GameState(
            cards=tuple(sorted(self._cards.values(), key=lambda c: c.name)),
            objects=tuple(self._objects),
            players=players,  # type: ignore[arg-type]
            battlefield=tuple(self._battlefield),
            **state,
        )
