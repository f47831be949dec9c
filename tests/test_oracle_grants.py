"""A card's oracle text read as the combat keywords it gives or takes (rulings/oracle_grants.py, issue 24
eleventh round): cost, trigger, condition and duration read apart from the subject and the verb, so a
new subject or trigger in the usual shape is read; a card is never read as changing a keyword its
text does not name, or as giving a keyword to a creature its text does not name."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.keyword_changes import Change, changes
from rulings.oracle_grants import Grant, grants


def _card(text: str, types: tuple[str, ...] = ("Creature",), name: str = "Test Card") -> CardData:
    return CardData(name=name, types=types, text=text, power="2", toughness="2")


@pytest.mark.parametrize(
    ("text", "types", "grant"),
    [
        # a lord, its creatures named by type in two words or one
        (
            "Other Bird creatures you control have flying.",
            ("Creature",),
            Grant("yours", "has", ("flying",), "static", "", "bird", True),
        ),
        (
            "Other Soldiers you control have vigilance.",
            ("Creature",),
            Grant("yours", "has", ("vigilance",), "static", "", "soldiers", True),
        ),
        (
            "Creatures you control have haste.",
            ("Enchantment",),
            Grant("yours", "has", ("haste",), "static", "", "creature"),
        ),
        (
            "Each creature you control has vigilance.",
            ("Enchantment",),
            Grant("yours", "has", ("vigilance",), "static", "", "creature"),
        ),
        # a condition said first is the grant's condition, not its subject
        (
            "As long as you control four or more creatures, creatures you control have vigilance.",
            ("Enchantment",),
            Grant("yours", "has", ("vigilance",), "static", "control", "creature"),
        ),
        # a spell's mass change to an opponent's creatures
        (
            "Creatures your opponents control lose flying and reach until end of turn.",
            ("Instant",),
            Grant("theirs", "loses", ("flying", "reach"), "cast"),
        ),
        (
            "Creatures target player controls lose haste until end of turn.",
            ("Sorcery",),
            Grant("theirs", "loses", ("haste",), "cast"),
        ),
        # an activated ability on a target the player controls
        (
            "{1}{W}: Target creature you control gains first strike until end of turn.",
            ("Creature",),
            Grant("target", "gains", ("first strike",), "activate"),
        ),
        # triggered abilities: the card itself, or the creature the trigger names
        (
            "Whenever another creature you control dies, Test Card gains first strike until end of turn.",
            ("Creature",),
            Grant("self", "gains", ("first strike",), "trigger"),
        ),
        (
            "Whenever Test Card is dealt damage, it gains first strike until end of turn.",
            ("Creature",),
            Grant("self", "gains", ("first strike",), "trigger"),
        ),
        (
            "Whenever another creature you control attacks, that creature gains vigilance until end of turn.",
            ("Creature",),
            Grant("that", "gains", ("vigilance",), "trigger"),
        ),
        # a duration said first, a mode of a modal spell
        (
            "Until end of turn, target creature loses flying and reach.",
            ("Instant",),
            Grant("target", "loses", ("flying", "reach"), "cast"),
        ),
        (
            "Choose one —\n• Target creature gains double strike until end of turn.",
            ("Instant",),
            Grant("target", "gains", ("double strike",), "cast"),
        ),
        # the card's own keyword under a condition other than control
        (
            "As long as there are four or more creature cards in your graveyard, Test Card has menace.",
            ("Creature",),
            Grant(
                "self", "has", ("menace",), "static", "other", "there are four or more creature cards in your graveyard"
            ),
        ),
    ],
)
def test_each_shape_of_a_grant_is_read(text: str, types: tuple[str, ...], grant: Grant) -> None:
    assert grant in grants(_card(text, types))


@pytest.mark.parametrize(
    "text",
    [
        "Other Bird creatures you control get +1/+1.",  # no keyword
        "Whenever Test Card attacks, defending player loses 2 life.",  # a player loses life
        "Test Card can't block creatures with flying.",  # names flying, gives nothing
        "Spells you control have flash.",  # not a combat keyword, not a creature
        "Creatures with flying can't block.",  # no verb of a grant
    ],
)
def test_a_sentence_that_gives_no_combat_keyword_makes_no_grant(text: str) -> None:
    assert grants(_card(text)) == ()


def test_it_after_a_named_target_is_the_target_not_the_card() -> None:
    card = _card("{T}: Untap target attacking creature. It gains vigilance until end of turn.", ("Artifact",))
    assert grants(card) == (Grant("target", "gains", ("vigilance",), "activate"),)
    # ... and a spell's "it" is the creature it targets
    spell = _card("Gain control of target creature until end of turn. It gains haste until end of turn.", ("Sorcery",))
    assert grants(spell) == (Grant("target", "gains", ("haste",), "cast"),)


def test_grants_are_the_changes_the_compiler_writes_the_card_as() -> None:
    lord = _card("Flying\nOther Bird creatures you control have flying.")
    assert changes(lord) == (
        Change("others", "loses", ("flying",), "leave", "bird"),
        Change("others", "gains", ("flying",), "enter", "bird"),
    )
    # a trigger's change happens when the ability resolves; a mass spell's, when it is cast
    assert changes(_card("Whenever Test Card becomes blocked, it gains flying until end of turn.")) == (
        Change("self", "gains", ("flying",), "trigger"),
    )
    assert changes(_card("Creatures your opponents control lose flying until end of turn.", ("Instant",))) == (
        Change("all", "loses", ("flying",), "cast"),
    )
    # a static keyword the card loses under a condition is lost and regained with it
    assert changes(_card("Haste\nAs long as you control no other Warriors, Test Card loses haste.")) == (
        Change("self", "loses", ("haste",), "condition", "you control no other warriors"),
    )
