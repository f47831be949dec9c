"""Cards with known behaviour for hand-built tests of the reference engine and its mutants.

A test builds its position with ``protocol.builder.StateBuilder`` (ids "c1", "c2" ...
in creation order) from these cards and attack targets, in a few lines, and asserts an exact
outcome. The builder is the generators' own, so a test position and a drawn one are built the
same way.
"""

from __future__ import annotations

from protocol.model import AttackTarget, CardData, TargetKind


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
