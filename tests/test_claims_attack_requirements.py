"""The untapped half of the attack requirements (508.1a) read by meaning (issue 24, fifteenth round): a creature
tapped before attackers are declared can't attack; tapping one after does not remove it from combat."""

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
