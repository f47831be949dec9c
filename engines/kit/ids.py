"""The harness's card ids <-> an engine's object ids, both ways.

A card keeps its harness id across zones (the physical card), so an invariant can follow it
from hand to battlefield. Engines that keep an object's id when it moves are mapped once at
load; an engine that makes a new object for the moved card (CR 400.7) says so with
:meth:`IdMap.follow`. Objects the engine creates later (tokens, abilities on the stack) are
named ``<prefix><engine id>``, and that name maps back to the engine id.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, TypeVar

E = TypeVar("E", bound=Hashable)


class IdMap(Generic[E]):
    """Card ids <-> engine ids. ``parse`` turns an engine id as the engine reports it (and the
    text after ``prefix`` in a created object's name) into the engine's id type, e.g. ``int``."""

    def __init__(self, parse: Callable[[Any], E], prefix: str = "e"):
        self._parse = parse
        self.prefix = prefix
        self.to_engine: dict[str, E] = {}
        self.to_card: dict[E, str] = {}

    def add(self, card_id: str, engine_id: Any) -> None:
        """Map a card of the loaded state to the engine's object; each side at most once."""
        eid = self._parse(engine_id)
        if card_id in self.to_engine or eid in self.to_card:
            raise ValueError(f"id map: {card_id!r} or engine object {eid!r} is already mapped")
        self.to_engine[card_id] = eid
        self.to_card[eid] = card_id

    def follow(self, old: Any, new: Any) -> None:
        """The engine made object ``new`` of the card that was ``old`` (a zone change that gives
        a new id): the card id now names ``new``, and ``old`` still reads as the same card."""
        card_id = self.card(old)
        self.to_engine[card_id] = self._parse(new)
        self.to_card[self._parse(new)] = card_id

    def card(self, engine_id: Any) -> str:
        """The card id of an engine object (``<prefix><id>`` for one the engine created)."""
        eid = self._parse(engine_id)
        found = self.to_card.get(eid)
        return found if found is not None else f"{self.prefix}{eid}"

    def cards(self, engine_ids: Iterable[Any]) -> tuple[str, ...]:
        return tuple(self.card(e) for e in engine_ids)

    def engine(self, card_id: str) -> E | None:
        """The engine id of a card id, or ``None`` when it names nothing in this game."""
        found = self.to_engine.get(card_id)
        if found is not None or not card_id.startswith(self.prefix):
            return found
        try:
            return self._parse(card_id[len(self.prefix) :])
        except (TypeError, ValueError):
            return None


__all__ = ["IdMap"]
