"""Hand-built game states for tests of the reference engine and of its mutants.

A tiny builder (ids "c1", "c2" ... in creation order) and a handful of cards whose behaviour
is known, so a test states a position in a few lines and asserts an exact outcome.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from harness.protocol.model import (
    AttackTarget,
    CardData,
    CardInstance,
    GameState,
    Permanent,
    PlayerState,
    TargetKind,
    Zone,
)


def creature(name: str, power: int, toughness: int, text: str = "", keywords: tuple[str, ...] = ()) -> CardData:
    return CardData(
        name, ("Creature",), mana_cost="{1}", text=text, power=str(power), toughness=str(toughness), keywords=keywords
    )


NINJA = creature(
    "Test Ninja",
    2,
    2,
    "Ninjutsu {1}{U} (Reveal this card ...)\nWhenever Test Ninja deals combat damage to a player, draw a card.",
)
FS_NINJA = creature("Swift Ninja", 3, 1, "Ninjutsu {U}\nFirst strike")
LIBRARY_NINJA = creature("Deep Ninja", 2, 2, "Library ninjutsu {U}")
BEARS = creature("Grizzly Bears", 2, 2)
OGRE = creature("Big Ogre", 5, 5)
FS_KNIGHT = creature("Fencer", 2, 2, "First strike", ("First strike",))
DS_KNIGHT = creature("Duelist", 2, 2, "Double strike")
HERALD = creature("Attack Herald", 1, 1, "Whenever a creature you control attacks, you gain 1 life.")
BRAVE = creature("Brave Soldier", 1, 1, "Whenever this creature attacks, you gain 2 life.")
ELF = creature("Llanowar Elves", 1, 1, "{T}: Add {G}.")
ISLAND = CardData("Island", ("Land",), subtypes=("Island",), supertypes=("Basic",), text="({T}: Add {U}.)")
FOREST = CardData("Forest", ("Land",), subtypes=("Forest",), supertypes=("Basic",), text="({T}: Add {G}.)")
WALKER = CardData("Walker Three", ("Planeswalker",), mana_cost="{3}", loyalty="3")
SIEGE = CardData("Siege Four", ("Battle",), mana_cost="{3}", subtypes=("Siege",), defense="4")

P1 = AttackTarget.of_player(1)


def at_walker(card_id: str) -> AttackTarget:
    return AttackTarget.of_permanent(TargetKind.PLANESWALKER, card_id)


def at_battle(card_id: str) -> AttackTarget:
    return AttackTarget.of_permanent(TargetKind.BATTLE, card_id)


class Board:
    """Collects cards into zones and builds one GameState."""

    def __init__(self) -> None:
        self.cards: dict[str, CardData] = {}
        self.objects: list[CardInstance] = []
        self.zones: dict[tuple[int, Zone], list[str]] = {}
        self.battlefield: list[Permanent] = []
        self.player_fields: list[dict[str, Any]] = [{}, {}]

    def _new(self, data: CardData, owner: int) -> str:
        self.cards[data.name] = data
        card_id = f"c{len(self.objects) + 1}"
        self.objects.append(CardInstance(card_id, data.name, owner))
        return card_id

    def put(self, data: CardData, owner: int, zone: Zone = Zone.HAND) -> str:
        card_id = self._new(data, owner)
        self.zones.setdefault((owner, zone), []).append(card_id)
        return card_id

    def perm(self, data: CardData, controller: int, **status: Any) -> str:
        card_id = self._new(data, status.pop("owner", controller))
        if data.is_type("Planeswalker") and "counters" not in status:
            status["counters"] = (("loyalty", int(data.loyalty or 0)),)
        if data.is_type("Battle") and "counters" not in status:
            status["counters"] = (("defense", int(data.defense or 0)),)
        self.battlefield.append(Permanent(card_id, controller, **status))
        return card_id

    def update(self, card_id: str, **status: Any) -> None:
        self.battlefield = [replace(p, **status) if p.id == card_id else p for p in self.battlefield]

    def build(self, **state: Any) -> GameState:
        players = tuple(
            PlayerState(
                index=i,
                hand=tuple(self.zones.get((i, Zone.HAND), ())),
                library=tuple(self.zones.get((i, Zone.LIBRARY), ())),
                graveyard=tuple(self.zones.get((i, Zone.GRAVEYARD), ())),
                exile=tuple(self.zones.get((i, Zone.EXILE), ())),
                command=tuple(self.zones.get((i, Zone.COMMAND), ())),
                **self.player_fields[i],
            )
            for i in (0, 1)
        )
        return GameState(
            cards=tuple(sorted(self.cards.values(), key=lambda c: c.name)),
            objects=tuple(self.objects),
            players=players,  # type: ignore[arg-type]
            battlefield=tuple(self.battlefield),
            **state,
        )
