"""A hand driver of phase.rs for the tests that show phase's own behaviour: it uses phase's API
only (``build_oracle_face``, ``Engine``, ``new_game``, ``load_game``, ``apply``), never the
adapter, so what a test sees here is phase's answer, not the adapter's mapping of it. It is the
evidence behind each refusal and each triaged deviation in docs/engines/phase.md."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
KEEP = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}


@dataclass(frozen=True)
class Card:
    """A card of the hand-built board: its name, types, oracle text and controller."""

    name: str
    types: tuple[str, ...]
    text: str
    controller: int = 0
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    mana_cost: str = ""

    def atomic(self) -> dict[str, Any]:
        basic = self.name in BASICS
        card: dict[str, Any] = {
            "name": self.name,
            "colors": [],
            "colorIdentity": [],
            "layout": "normal",
            "manaValue": 0,
            "identifiers": {},
            "types": list(self.types),
            "subtypes": [self.name] if basic else [],
            "supertypes": ["Basic"] if basic else [],
            "type": " ".join(self.types),
            "text": self.text,
            "keywords": list(self.keywords),
        }
        if self.mana_cost:
            card["manaCost"] = self.mana_cost
        if self.power is not None:
            card.update(power=str(self.power), toughness=str(self.toughness))
        return card


def face(card: Card) -> dict[str, Any]:
    import phase

    return phase.build_oracle_face(card.atomic(), None)


@dataclass
class Board:
    """A phase game with ``cards`` on the battlefield (untapped, not summoning sick), player 0
    active in ``step`` (phase's name) with priority; ``hand`` cards in their controller's hand
    and ``library`` cards on top of their controller's library, in order; the battlefield cards
    named in ``tapped`` tapped; ``counters`` (card name, phase's counter name, how many) put on
    battlefield cards (a planeswalker's loyalty, a battle's defense)."""

    cards: tuple[Card, ...]
    step: str = "PreCombatMain"
    hand: tuple[Card, ...] = ()
    library: tuple[Card, ...] = ()
    tapped: tuple[str, ...] = ()
    counters: tuple[tuple[str, str, int], ...] = ()
    game: Any = None
    ids: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        import phase

        filler = Card("Hand Filler", ("Artifact",), "")
        everything = (*self.cards, *self.hand, *self.library)
        faces = {c.name.lower(): face(c) for c in (*everything, filler)}
        engine = phase.Engine.from_json(json.dumps(faces))
        decks = [[c.name for c in everything if c.controller == p] + [filler.name] * 8 for p in (0, 1)]
        game = engine.new_game(decks[0], decks[1], seed=1, first_player=0)
        for p in (0, 1):
            game.apply(p, phase.GameAction.from_dict(KEEP))
        envelope = game.state()
        state = envelope["state"]
        self.ids = {o["name"]: int(k) for k, o in state["objects"].items() if o["name"] != filler.name}
        for card in self.cards:
            oid, seat = self.ids[card.name], state["players"][card.controller]
            for zone in ("hand", "library"):
                if oid in seat[zone]:
                    seat[zone].remove(oid)
            state["battlefield"].append(oid)
            state["objects"][str(oid)].update(zone="Battlefield", summoning_sick=False, entered_battlefield_turn=0)
            state["objects"][str(oid)]["tapped"] = card.name in self.tapped
        for name, counter, amount in self.counters:
            state["objects"][str(self.ids[name])].setdefault("counters", {})[counter] = amount
        for card in self.hand:
            oid, seat = self.ids[card.name], state["players"][card.controller]
            if oid in seat["library"]:
                seat["library"].remove(oid)
                seat["hand"].append(oid)
            state["objects"][str(oid)]["zone"] = "Hand"
        for card in reversed(self.library):
            oid, seat = self.ids[card.name], state["players"][card.controller]
            for zone in ("hand", "library"):
                if oid in seat[zone]:
                    seat[zone].remove(oid)
            seat["library"].insert(0, oid)
            state["objects"][str(oid)]["zone"] = "Library"
        state["phase"] = self.step
        self.game = engine.load_game(json.dumps(envelope))

    def apply(self, player: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        import phase

        return list(self.game.apply(player, phase.GameAction.from_dict(action)).events)

    def activate(self, name: str, index: int = 0, player: int = 0) -> list[dict[str, Any]]:
        return self.apply(
            player, {"type": "ActivateAbility", "data": {"source_id": self.ids[name], "ability_index": index}}
        )

    def waiting(self) -> dict[str, Any]:
        return self.game.waiting_for() or {}

    def pool(self, player: int = 0) -> list[str]:
        return [m["color"] for m in self.game.state()["state"]["players"][player]["mana_pool"]["mana"]]

    def offered(self, kind: str) -> list[dict[str, Any]]:
        return [a.to_dict() for a in self.game.actions() if a.kind == kind]
