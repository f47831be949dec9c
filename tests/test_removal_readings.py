"""A removal card's use on a blocker, read as the blocker gone (rulings/removal_readings.py, issue 24 twelfth
round): only for a card whose oracle text does that to its target, and only with the outcome the rule gives."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.removal_readings import removal_readings
from tests.test_claims_paragraph import coverage

AMBUSH = CardData("Test Ambush", ("Instant",), text="Destroy target blocking creature.")
THIEF = CardData("Test Thief", ("Sorcery",), text="Gain control of target creature until end of turn.")
BANNER = CardData("Test Banner", ("Artifact",), text="{1}: Target creature gains vigilance until end of turn.")
POOL = CardPool({c.name: c for c in (AMBUSH, THIEF, BANNER)})


@pytest.mark.parametrize(
    ("paragraph", "card", "expected"),
    [
        (
            "If you cast Test Ambush targeting the only creature blocking an attacking creature, the attacking "
            "creature remains blocked.",
            AMBUSH,
            "combat.remains-blocked",
        ),
        (
            "Casting Test Ambush on a blocking creature doesn't cause the creature it was blocking to become "
            "unblocked.",
            AMBUSH,
            "combat.remains-blocked",
        ),
        (
            "If you gain control of the only creature blocking an attacking creature with Test Thief, the attacking "
            "creature remains blocked.",
            THIEF,
            "combat.remains-blocked",
        ),
        (
            "Gaining control of the only creature blocking an attacking creature with Test Thief removes it from "
            "combat, but the attacking creature remains blocked.",
            THIEF,
            "combat.remains-blocked",
        ),
        (
            "Gaining control of an attacking creature with Test Thief removes it from combat, but it remains blocked.",
            THIEF,
            None,
        ),
        # near misses: a card that removes nothing, another outcome, the card aimed at the attacker
        (
            "If you cast Test Banner targeting the only creature blocking an attacking creature, the attacking "
            "creature remains blocked.",
            BANNER,
            None,
        ),
        (
            "If you cast Test Ambush targeting the only creature blocking an attacking creature, the attacking "
            "creature becomes unblocked.",
            AMBUSH,
            None,
        ),
        (
            "If you cast Test Ambush targeting an attacking creature, the attacking creature remains blocked.",
            AMBUSH,
            None,
        ),
    ],
)
def test_a_removal_card_used_on_a_blocker_is_the_blocker_gone(
    paragraph: str, card: CardData, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, POOL)[0] == expected


def test_a_card_that_removes_nothing_gives_no_reading() -> None:
    sentence = "if you cast ~ targeting the only creature blocking it, it remains blocked."
    assert removal_readings(sentence, (BANNER,)) == ()
    assert removal_readings(sentence, (AMBUSH,)) == (
        "if ~ destroys the only creature blocking it, it remains blocked.",
    )
