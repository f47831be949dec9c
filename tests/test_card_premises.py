"""A premise that only restates the card's own condition or trigger is read as the card's effect happening
(rulings.card_premises, issue 24, twenty-first round). Each case comes with contradicting variants that must stay
uncovered: the premise naming a moment, a negation, or a word the card does not say is part of the claim."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.card_premises import premise_readings, restates_card
from rulings.cards import CardPool
from tests.test_claims_paragraph import coverage

STALKER = CardData(
    "Test Stalker",
    ("Creature",),
    text="As long as an opponent has lost life this turn, Test Stalker has menace.",
    power="3",
    toughness="3",
)
GLIDER = CardData(
    "Test Glider",
    ("Artifact", "Creature"),
    text="Whenever an artifact enters the battlefield under your control, Test Glider gains flying until end of turn.",
    power="2",
    toughness="2",
)
MENACE = "menace.block-stands"
FLYING = "flying.block-stands"


@pytest.mark.parametrize(
    ("premise", "expected"),
    [
        ("an opponent then loses life", True),
        ("an opponent has lost life", True),
        ("an opponent has lost life this turn", False),
        # a moment of combat, a negation, a word the card does not say: part of the claim
        ("an opponent loses life before blockers are declared", False),
        ("an opponent doesn't lose life", False),
        ("an opponent gains life", False),
        # nothing of the card's own
        ("it is one of them", False),
    ],
)
def test_a_premise_restates_the_card_only_in_its_words(premise: str, expected: bool) -> None:
    assert restates_card(premise, (STALKER,)) is expected


def test_the_cards_own_ability_named_as_the_cause_restates_it() -> None:
    assert restates_card("~'s last ability", (STALKER,))
    assert not restates_card("another creature's ability", (STALKER,))


def test_readings_drop_the_premise_or_say_the_change_it_makes() -> None:
    readings = premise_readings(
        "if ~ is blocked by one creature and an opponent then loses life, it remains blocked by that creature.",
        (STALKER,),
    )
    assert "if ~ is blocked by one creature, it remains blocked by that creature." in readings
    assert "if ~ is blocked by one creature and then ~ gains menace, it remains blocked by that creature." in readings
    assert premise_readings("it remains blocked because of ~'s last ability.", (STALKER,)) == ("it remains blocked.",)
    assert premise_readings("if an opponent gains life, it remains blocked.", (STALKER,)) == ()
    assert premise_readings("if an opponent loses life, it remains blocked.", ()) == ()


CASES = [
    (
        STALKER,
        "If Test Stalker is blocked by one creature and an opponent then loses life, Test Stalker gains menace but "
        "remains blocked.",
        MENACE,
    ),
    (
        STALKER,
        "Whether Test Stalker has menace matters only as blockers are declared. If it's blocked by one creature and an "
        "opponent then loses life, it remains blocked by that creature.",
        MENACE,
    ),
    # contradicting variants: the change before the block, a block undone, a premise the card does not say
    (
        STALKER,
        "If an opponent loses life before Test Stalker is blocked by one creature, Test Stalker gains menace but "
        "remains blocked.",
        None,
    ),
    (
        STALKER,
        "If Test Stalker is blocked by one creature and an opponent then loses life, Test Stalker gains menace and "
        "becomes unblocked.",
        None,
    ),
    (
        STALKER,
        "If Test Stalker is blocked by one creature and an opponent then gains life, Test Stalker gains menace but "
        "remains blocked.",
        None,
    ),
    (
        GLIDER,
        "If Test Glider is blocked by a creature without flying or reach and an artifact then enters the battlefield "
        "under your control, Test Glider gains flying but remains blocked.",
        FLYING,
    ),
    (
        GLIDER,
        "If Test Glider is blocked by a creature without flying or reach and an artifact then enters the battlefield "
        "under your control, Test Glider gains flying and is no longer blocked.",
        None,
    ),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), CASES)
def test_a_premise_in_the_cards_words_is_its_effect(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected
