"""False compiles found by deriving contradicting variants of the tuned dev sets' compiled sentences (issue 24,
twenty-first round): each case is the paragraph as written (it compiles) and the variant that compiled before the fix
(it must not).

- A keyword given to the creature as a reason, in an aside ("because it does have trample, deals no combat damage"):
  the fact that a creature whose blockers are gone deals no damage holds only without trample (510.1c, 702.19e), so
  the aside's keyword counts as the creature's.
- An example that names its own moment of combat ("For example, if an opponent destroys your only Forest before
  blockers have been declared, ~ is still blocking."): the moment is what the rule turns on, so it is read as a claim,
  never set aside as an illustration naming another card (a land type read as a card's name).
- The card said to be blocked, then said to go on blocking ("if ~ is blocked by a creature with flying and you then
  stop controlling a Forest, ~ keeps blocking that creature"): an attacking creature is no blocker (506.2), so the
  sentence contradicts itself and claims nothing.
- The color condition negated ("if the exiled card isn't colorless, its last ability adds no mana"): it has a color, a
  condition of its own, no longer the colorless card's (106.5) with its negation counted with the outcome's.
- One blocker said with "one" before the noun ("lethal damage to one creature blocking it"): not each of them (702.19b).
- A keyword had before and gained again ("regains flying") is gained; one "stripped" from a creature is lost.
- The card's result said after a clause about tapping for mana, with the other polarity ("... isn't tapping it for mana,
  so ~ does put a counter on that creature"): the card's trigger follows being tapped for mana, so its result must
  follow the clause read (both negated or neither).
"""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.combat_forms import normal_form
from tests.test_claims_paragraph import coverage

WARBEAST = CardData(
    "Test Warbeast",
    ("Creature",),
    text="Test Warbeast can't be blocked by creatures with power 2 or less.",
    power="5",
    toughness="5",
)
STALKER = CardData(
    "Test Webstalker",
    ("Creature",),
    text="As long as you control a Forest, Test Webstalker has reach.",
    power="2",
    toughness="4",
)
REMAINS = "combat.remains-blocked"
FLYING = "flying.block-stands"
HERON = CardData(
    "Test Heron",
    ("Creature",),
    text="Test Heron has flying as long as you control an Island.",
    power="2",
    toughness="2",
)
HELD = (
    "Once Test Webstalker has blocked an attacking creature with flying, it will continue to block that creature even "
    "if it loses reach. "
)

CASES = [
    (
        WARBEAST,
        "If the creature blocking Test Warbeast leaves the battlefield before combat damage is dealt, Test Warbeast "
        "remains blocked and, because it doesn't have trample, deals no combat damage.",
        REMAINS,
    ),
    (
        WARBEAST,
        "If the creature blocking Test Warbeast leaves the battlefield before combat damage is dealt, Test Warbeast "
        "remains blocked and, because it does have trample, deals no combat damage.",
        None,
    ),
    (
        WARBEAST,
        "If the creature blocking Test Warbeast leaves the battlefield before combat damage is dealt, Test Warbeast "
        "remains blocked and, since it has trample, deals no combat damage.",
        None,
    ),
    (
        STALKER,
        HELD
        + "For example, if an opponent destroys your only Forest after blockers have been declared, Test Webstalker"
        " is still blocking.",
        FLYING,
    ),
    (
        STALKER,
        HELD + "For example, if an opponent destroys your only Forest before blockers have been declared, Test "
        "Webstalker is still blocking.",
        None,
    ),
    (
        STALKER,
        HELD
        + "For example, if an opponent destroys your only Forest before attackers are declared, Test Webstalker is "
        "still blocking.",
        None,
    ),
]


CASES += [
    (
        HERON,
        "If Test Heron blocks a creature with flying and you then stop controlling an Island, Test Heron loses flying "
        "but keeps blocking that creature.",
        FLYING,
    ),
    (
        HERON,
        "If Test Heron is blocked by a creature with flying and you then stop controlling an Island, Test Heron loses "
        "flying but keeps blocking that creature.",
        None,
    ),
    (
        HERON,
        "If Test Heron is blocked by a creature with flying and you then stop controlling an Island, Test Heron doesn't "
        "stop blocking.",
        None,
    ),
]


LOOM = CardData(
    "Test Loom",
    ("Artifact",),
    text="Whenever you tap a creature for mana, put a +1/+1 counter on that creature.",
)
OBELISK = CardData(
    "Test Obelisk",
    ("Artifact",),
    text="{T}: Add {C}.\n{2}, {T}: Draw a card, then discard a card.\nWhenever Test Obelisk is tapped for mana, you gain 1 "
    "life.",
)
MANA = "mana.tap-for-mana"
CASES += [
    (
        LOOM,
        "Tapping a creature to pay a crew cost or having it attack isn't tapping it for mana, so Test Loom doesn't put a "
        "counter on that creature. Only activating a mana ability with {T} in its cost counts.",
        MANA,
    ),
    (
        LOOM,
        "Tapping a creature to pay a crew cost or having it attack isn't tapping it for mana, so Test Loom does put a "
        "counter on that creature. Only activating a mana ability with {T} in its cost counts.",
        None,
    ),
    (
        OBELISK,
        "Activating Test Obelisk's second ability doesn't count as tapping it for mana, so you won't gain life.",
        MANA,
    ),
    (
        OBELISK,
        "Activating Test Obelisk's second ability doesn't count as tapping it for mana, so you will gain life.",
        None,
    ),
]


BISON = CardData("Test Bison", ("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",))
CASES += [
    (
        BISON,
        "If Test Bison is blocked, it must assign lethal damage to each creature blocking it before it can assign the rest"
        " of its combat damage to the player, planeswalker, or battle it's attacking.",
        "trample.lethal-then-excess",
    ),
    (
        BISON,
        "If Test Bison is blocked, it must assign lethal damage to one creature blocking it before it can assign the rest"
        " of its combat damage to the player, planeswalker, or battle it's attacking.",
        None,
    ),
    (
        BISON,
        "If Test Bison is blocked, it must assign lethal damage to a single blocker before it can assign the rest of its"
        " combat damage to the player, planeswalker, or battle it's attacking.",
        None,
    ),
]
RELIQUARY = CardData(
    "Test Reliquary",
    ("Artifact",),
    text="Imprint — When Test Reliquary enters, you may exile a nonland card from your hand.\n{T}: Add one mana of any of "
    "the exiled card's colors.",
)
CASES += [
    (
        RELIQUARY,
        "If the card exiled with Test Reliquary is colorless, its last ability adds no mana.",
        "mana.undefined-type",
    ),
    (RELIQUARY, "If the card exiled with Test Reliquary isn't colorless, its last ability adds no mana.", None),
    (RELIQUARY, "If the card exiled with Test Reliquary is not colorless, its last ability adds no mana.", None),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), CASES)
def test_contradicting_variants_found_in_the_dev_sets_stay_uncovered(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


@pytest.mark.parametrize(
    ("said", "normal"),
    [
        ("an attacking creature that regains flying remains blocked.", "gains flying"),
        ("if it is stripped of menace after blockers are declared, it remains blocked.", "loses menace"),
    ],
)
def test_a_keyword_gained_again_or_stripped_is_gained_or_lost(said: str, normal: str) -> None:
    assert normal in normal_form(said)
