"""Whether a permanent was tapped for mana, judged by how it became tapped
(:mod:`rulings.mana_tapping`, issue 24, ninth round)."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.mana_tapping import EXPLAINS, STATE, read_mana_tapping
from tests.test_claims_paragraph import coverage


# Each expectation is the rule's answer (106.12: only a mana ability with {T} in its cost), by hand.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("a forest that becomes tapped for another reason isn't tapped for mana, so ~'s ability won't trigger.", STATE),
        ("a land tapped by an effect isn't tapped for mana.", STATE),
        ("tapping creatures to help cast ~ with convoke isn't tapping them for mana.", STATE),
        ("tapping a creature to pay a convoke cost or to crew a vehicle doesn't count.", STATE),
        ("crewing a vehicle with ~ doesn't count as tapping it for mana.", STATE),
        ("if you tap a creature to crew a vehicle, it isn't tapped for mana.", STATE),
        ("attacking with ~ causes it to become tapped, but it isn't tapped for mana, so you won't gain life.", STATE),
        ("activating either of ~'s mana abilities counts as tapping it for mana.", STATE),
        ("it's tapped for mana only when you activate its mana ability.", STATE),
        (
            "sacrificing ~ for mana doesn't count as tapping it for mana, because that mana ability doesn't include "
            "{T} in its cost.",
            STATE,
        ),
        # the rule's contradictions
        ("tapping creatures to help cast ~ with convoke is tapping them for mana.", None),
        ("if you tap a creature to crew a vehicle, it is tapped for mana.", None),
        ("attacking with ~ counts as tapping it for mana.", None),
        ("activating ~'s mana ability doesn't count as tapping it for mana.", None),
        ("it's tapped for mana only when it attacks.", None),
        (
            "activating its mana ability counts as tapping it for mana, because it doesn't include {T} in its cost.",
            None,
        ),
        # the card's result said to happen after all: not a consequence of not tapping for mana
        ("a land tapped by an effect isn't tapped for mana, so you gain 1 life.", None),
        # explanations: only next to a statement
        ("tapping the land that way isn't tapping it for mana.", EXPLAINS),
        ("if ~ is tapped to crew a vehicle, its last ability doesn't trigger.", EXPLAINS),
        ("abilities that trigger whenever a creature is tapped for mana won't trigger.", EXPLAINS),
    ],
)
def test_tapping_for_mana_is_judged_by_the_way(sentence, expected):
    assert read_mana_tapping([sentence]) == expected


CONDUIT = CardData(
    name="Test Conduit",
    types=("Enchantment",),
    text="Whenever a Forest you control is tapped for mana, add an additional {G}.",
)


def test_a_paragraph_judged_true_compiles_and_its_contradiction_does_not():
    pool = CardPool({CONDUIT.name: CONDUIT})
    stated = "Tapping creatures to help cast a spell with convoke isn't tapping them for mana."
    assert coverage(stated, CONDUIT.name, pool)[0] == "mana.tap-for-mana"
    assert coverage(stated.replace("isn't", "is"), CONDUIT.name, pool)[0] is None
    assert (
        coverage("Abilities that trigger whenever a creature is tapped for mana won't trigger.", CONDUIT.name, pool)[0]
        is None
    )


GROVE = CardData(
    name="Test Grove",
    types=("Enchantment",),
    text="Whenever a land you control is tapped for mana, add an additional one mana of any type that land produced.",
)
TOTEM = CardData(
    name="Test Totem", types=("Artifact",), text="{T}: Add {C}.\nWhenever Test Totem becomes tapped, draw a card."
)


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # tenth round: the way said through the card's trigger, for a card that triggers on tapping for mana
        ("tapping a land to attack won't cause ~'s ability to trigger.", GROVE, STATE),
        (
            "tapping a land to pay the cost of an ability that isn't a mana ability won't cause ~'s ability to "
            "trigger, even if that cost includes {T}.",
            GROVE,
            STATE,
        ),
        ("if the land is tapped by a spell or ability, ~'s ability doesn't trigger.", GROVE, STATE),
        ("a land that becomes tapped for any other reason won't cause it to trigger.", GROVE, STATE),
        # ... the same words for a card whose trigger is not about tapping for mana explain at most
        ("if the land is tapped by a spell or ability, ~'s ability doesn't trigger.", TOTEM, EXPLAINS),
        # the contradictions: the mana ability, or the trigger said to happen
        ("activating its mana ability won't cause ~'s ability to trigger.", GROVE, None),
        ("tapping a land to attack will cause ~'s ability to trigger.", GROVE, None),
        # more ways, said in other words
        ("a land that becomes tapped because of a spell or ability hasn't been tapped for mana.", GROVE, STATE),
        ("a land that becomes tapped because of a spell or ability has been tapped for mana.", GROVE, None),
        ("attacking with a creature that has a mana ability isn't tapping it for mana.", GROVE, STATE),
        (
            "crewing a vehicle with a creature isn't tapping it for mana, even if that creature has a mana ability.",
            GROVE,
            STATE,
        ),
        (
            "~'s ability triggers only when a mana ability of that land with {T} in its cost is activated and "
            "produces mana.",
            GROVE,
            STATE,
        ),
        ("~'s ability triggers only when that land is tapped by a spell.", GROVE, None),
        ("tapping ~ to pay the cost of its damage ability isn't tapping it for mana.", GROVE, STATE),
        ("tapping ~ to pay the cost of its mana ability isn't tapping it for mana.", GROVE, None),
    ],
)
def test_tenth_round_ways_and_the_cards_trigger(sentence, card, expected):
    assert read_mana_tapping((sentence,), (card,)) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("if a spell or ability taps the enchanted land, that land isn't tapped for mana.", STATE),
        ("if a spell or ability taps the enchanted land, that land is tapped for mana.", None),
        ("a creature you control that becomes tapped because it's attacking isn't tapped for mana.", STATE),
        ("only activating a mana ability with {T} in its cost counts.", STATE),
        ("only attacking with it counts.", None),
        ("a land that's tapped by a spell or ability isn't tapped for mana either.", STATE),
        (
            "if an opponent taps a land to activate an ability that doesn't add mana, ~'s ability doesn't trigger.",
            STATE,
        ),
        ("if an opponent taps a land to activate its mana ability, ~'s ability doesn't trigger.", None),
    ],
)
def test_tenth_round_more_ways(sentence, expected):
    assert read_mana_tapping((sentence,), (GROVE,)) == expected


MILL = CardData(
    name="Test Mill",
    types=("Enchantment",),
    text="Whenever a land is tapped for mana, its controller adds an additional one mana of any type that land produced.",
)


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fourteenth round: what is not tapping for mana said as what does not trigger the card; "its ability
        # triggers" describes a card with a triggered ability
        (
            "If a land is tapped for mana, Test Mill's ability triggers. A land that becomes tapped for any other "
            "reason, such as to pay a cost or because of an effect, won't cause the ability to trigger.",
            "mana.tap-for-mana",
        ),
        ("Test Mill's ability won't trigger if a land becomes tapped for any other reason.", "mana.tap-for-mana"),
        ("It will trigger if a land becomes tapped for another reason.", None),
        ("Test Mill's ability triggers if a land becomes tapped for another reason.", None),
        ("If a land is tapped for mana, Test Mill's ability triggers.", None),
    ],
)
def test_fourteenth_round_what_does_not_trigger_the_card(paragraph, template):
    assert coverage(paragraph, MILL.name, CardPool({MILL.name: MILL}))[0] == template
