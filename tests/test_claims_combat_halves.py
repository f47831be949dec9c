"""Halves of the attack and block rules read by meaning (issue 24, fifteenth round): a creature tapped before
attackers are declared can't attack (508.1a; tapping one after does not remove it from combat), and a creature
with flying can block creatures without flying (702.9b); the card's damage with a possessive; a lord's type as the holder of what it gives; a keyword gained from the card as a premise."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from tests.test_claims_paragraph import coverage

FROST = CardData(
    "Test Frost", ("Instant",), text="Tap target creature. It doesn't untap during its controller's next untap step."
)
POOL = CardPool({FROST.name: FROST})


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        ("A creature tapped by Test Frost before attackers are declared can't attack.", "combat.attack-requirements"),
        ("Tapped creatures can't attack.", "combat.attack-requirements"),
        ("A tapped creature can't attack.", "combat.attack-requirements"),
        # a contradicting variant, and a moment at which the rule says nothing of the kind
        ("A creature tapped by Test Frost before attackers are declared can attack.", None),
        ("A tapped creature can attack.", None),
        ("A creature tapped by Test Frost after attackers are declared can't attack.", None),
    ],
)
def test_a_tapped_creature_cant_attack(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, FROST.name, POOL)[0] == expected


RAPTOR = CardData("Test Raptor", ("Creature",), text="Flying", power="2", toughness="2", keywords=("Flying",))


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: the "without" half of "with or without flying" (702.9b)
        ("Test Raptor can block creatures that don't have flying.", "flying.blocking"),
        ("Test Raptor can block creatures without flying.", "flying.blocking"),
        ("Test Raptor can't block creatures that don't have flying.", None),
        ("A creature without flying can block creatures with flying.", None),
    ],
)
def test_a_flyer_blocks_creatures_without_flying(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, RAPTOR.name, CardPool({RAPTOR.name: RAPTOR}))[0] == expected


LIFEWARDEN = CardData(
    "Test Lifewarden", ("Creature",), text="Lifelink", power="1", toughness="3", keywords=("Lifelink",)
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: the card's damage said with a possessive, its keyword's holder named (702.15b)
        ("You gain life from Test Lifewarden's damage even if it's dealt to a creature.", "lifelink.gain-life"),
        ("You don't gain life from Test Lifewarden's damage if it's dealt to a creature.", None),
        ("Your opponent gains life from Test Lifewarden's damage even if it's dealt to a creature.", None),
    ],
)
def test_the_cards_damage_with_a_possessive(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, LIFEWARDEN.name, CardPool({LIFEWARDEN.name: LIFEWARDEN}))[0] == expected


ELDER = CardData(
    "Test Elder", ("Creature",), subtypes=("Elf",), text="Other Elves you control have reach.", power="1", toughness="1"
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: the creatures of a lord's type named as the holders of the keyword it gives them
        ("Other Elves you control can block creatures with flying.", "reach.blocks-flying"),
        ("Elves you control can block creatures with flying while you control Test Elder.", "reach.blocks-flying"),
        ("Elves you control can't block creatures with flying while you control Test Elder.", None),
        ("Goblins you control can block creatures with flying.", None),
        # "lets" as "can", with any subject
        ("Reach lets your other Elves block creatures that have flying.", "reach.blocks-flying"),
        ("Reach doesn't let your other Elves block creatures that have flying.", None),
    ],
)
def test_a_lords_type_as_the_holder(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, ELDER.name, CardPool({ELDER.name: ELDER}))[0] == expected


EMBRACE = CardData("Test Embrace", ("Instant",), text="Target creature gains deathtouch until end of turn.")


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: a keyword gained from the card as the premise of a rule of having it (702.2c with 702.19c)
        (
            "If a creature with trample gains deathtouch from Test Embrace, it needs to assign only 1 damage to each of "
            "its blockers before assigning the rest to the player, planeswalker, or battle it's attacking.",
            "deathtouch.lethal-for-trample",
        ),
        (
            "If a creature with trample gains deathtouch from Test Embrace, it needs to assign lethal damage to each of "
            "its blockers before assigning the rest to the player, planeswalker, or battle it's attacking.",
            None,
        ),
    ],
)
def test_a_keyword_gained_from_the_card_as_a_premise(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, EMBRACE.name, CardPool({EMBRACE.name: EMBRACE}))[0] == expected
