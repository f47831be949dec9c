"""Trample's rule said by a worked example whose numbers must be the rule's, or by damage already
marked counting toward lethal damage (:mod:`rulings.trample_examples`, issue 24, thirteenth round)."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.trample_examples import (
    EXCESS_BEYOND_LETHAL,
    LETHAL_HALF,
    MARKED_COUNTS,
    REST_HALF,
    read_example,
    read_trample_example,
)
from rulings.trample_facts import prepared
from tests.test_claims_paragraph import coverage

HULK = CardData(name="Test Hulk", types=("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",))
VENOM = CardData(
    name="Test Venom",
    types=("Creature",),
    text="Deathtouch, trample",
    power="6",
    toughness="6",
    keywords=("Deathtouch", "Trample"),
)
GOAD = CardData(name="Test Goad", types=("Instant",), text="Target creature gains trample until end of turn.")
POOL = CardPool({c.name: c for c in (HULK, VENOM, GOAD)})
TEMPLATE = "trample.lethal-then-excess"


def reading(sentence: str, card: CardData = HULK) -> str | None:
    return read_trample_example(prepared(sentence.replace(card.name, "~")), (card,))


@pytest.mark.parametrize(
    ("sentence", "state"),
    [
        # the damage to the blocker is its toughness less the damage marked on it, the rest the power less that
        (
            "If Test Hulk is blocked by a 3/3 creature that was dealt 2 damage earlier in the turn, you need to assign "
            "only 1 damage to it and can assign the remaining 5 to the player or planeswalker it's attacking.",
            EXCESS_BEYOND_LETHAL,
        ),
        (
            "If a 1/3 creature with 2 damage already marked on it blocks Test Hulk, assigning 1 damage to that creature "
            "is enough.",
            LETHAL_HALF,
        ),
        (
            "If Test Hulk is blocked by two 2/2 creatures, you can assign 2 damage to each blocker and the remaining 2 "
            "to the player it's attacking.",
            EXCESS_BEYOND_LETHAL,
        ),
        (
            "For example, if Test Hulk is blocked by a 3/3 creature that's been dealt 2 damage this turn, only 1 damage "
            "is lethal to it, so the remaining 5 can be assigned to the defending player.",
            EXCESS_BEYOND_LETHAL,
        ),
        (
            "If the defending player blocks Test Hulk with a 2/2 creature, you can assign 2 of its 6 damage to that "
            "creature and 4 to the player.",
            EXCESS_BEYOND_LETHAL,
        ),
        # the example's creature as the subject, with its own power, or with "when"
        (
            "For example, a 5/5 creature with trample blocked by a 2/2 creature with 1 damage marked on it can assign 1 "
            "damage to the blocker and 4 damage to the player.",
            EXCESS_BEYOND_LETHAL,
        ),
        (
            "When Test Hulk is blocked by a 2/2 creature, you can assign 2 damage to it and 4 to the defending player.",
            EXCESS_BEYOND_LETHAL,
        ),
        ("The remaining 4 damage can be assigned to the defending player.", REST_HALF),
        ("Damage already marked on a blocking creature counts toward lethal damage.", MARKED_COUNTS),
        ("When determining lethal damage, damage already marked on a blocking creature counts.", MARKED_COUNTS),
        (
            "Damage a blocking creature was already dealt this turn still counts when you assign lethal damage.",
            MARKED_COUNTS,
        ),
        ("Lethal damage takes into account damage already marked on the blocker.", MARKED_COUNTS),
    ],
)
def test_a_worked_example_whose_numbers_are_the_rules_states_it(sentence, state):
    assert reading(sentence) == state


@pytest.mark.parametrize(
    "sentence",
    [
        # 1 damage is not lethal to a 2/2
        "If Test Hulk is blocked by a 2/2 creature, you can assign 1 damage to that creature and the remaining 5 to the "
        "player it's attacking.",
        # the rest is not what its power leaves
        "If Test Hulk is blocked by a 2/2 creature, you can assign 2 damage to that creature and the remaining 5 to the "
        "player it's attacking.",
        # the damage marked is not counted
        "If Test Hulk is blocked by a 3/3 creature that already has 2 damage marked on it, assigning 3 damage to that "
        "creature is enough.",
        # a negation
        "If Test Hulk is blocked by a 3/3 creature that already has 2 damage marked on it, assigning 1 damage to that "
        "creature isn't enough.",
        "Damage already marked on a blocking creature doesn't count toward lethal damage.",
        # the rest to the player of a creature that attacks a planeswalker, or to another kind of target
        "If Test Hulk is attacking a planeswalker and is blocked by a 2/2 creature, you can assign 2 damage to the "
        "blocking creature and the remaining 4 to the defending player.",
        "If Test Hulk is attacking a battle and is blocked by a 2/2 creature, you can assign 2 damage to the blocking "
        "creature and the remaining 4 to that planeswalker.",
        # the rest is not what the example's own creature's power leaves
        "For example, a 5/5 creature with trample blocked by a 2/2 creature with 1 damage marked on it can assign 1 "
        "damage to the blocker and 3 damage to the player.",
        # an indestructible blocker: a case the checks do not play
        "If Test Hulk is blocked by an indestructible 2/2, assigning 2 damage to it is enough, and the remaining 4 can be "
        "assigned to the player it's attacking.",
    ],
)
def test_an_example_with_other_numbers_or_words_is_not_read(sentence):
    assert reading(sentence) is None


def test_a_card_with_deathtouch_makes_one_damage_lethal_and_is_another_rule():
    sentence = (
        "If Test Venom is blocked by a 2/2 creature, you can assign 2 damage to that creature and the remaining 4 to "
        "the player it's attacking."
    )
    assert reading(sentence, VENOM) is None
    assert reading(sentence.replace("Test Venom", "Test Hulk")) == EXCESS_BEYOND_LETHAL


def test_the_examples_parts_are_read_with_their_numbers():
    example = read_example(
        prepared(
            "if ~ is attacking a planeswalker and is blocked by a 2/2 and a 3/3 creature with 1 damage marked on it, "
            "you can assign 4 damage to those blockers and the remaining 2 to that planeswalker"
        )
    )
    # the planeswalker is read as what it attacks, the rule's list
    assert example is not None
    assert (example.blockers, example.lethal, example.rest, example.rest_to) == (((2, 0), (3, 1)), 4, 2, "any")


def test_a_rest_numbered_needs_a_trampler_whose_power_leaves_it():
    sentence = (
        "If the affected creature is blocked by a 2/2 creature, you can assign 2 damage to that creature and the "
        "remaining {} to the player it's attacking."
    )
    # a card that gives trample has no power to leave 3: only "the rest" is read
    assert reading(sentence.format("3"), GOAD) is None
    assert reading(sentence.format("damage"), GOAD) == EXCESS_BEYOND_LETHAL


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            "Test Hulk",
            "If Test Hulk is blocked by a 2/2 creature, you must assign at least 2 damage to that creature. The rest can "
            "be assigned to the player, planeswalker, or battle it's attacking.",
            TEMPLATE,
        ),
        (
            "Test Hulk",
            "Damage already marked on a blocking creature counts toward lethal damage. If a 4/4 blocker has already been "
            "dealt 3 damage this turn, assigning 1 damage to it is enough.",
            TEMPLATE,
        ),
        (
            "Test Hulk",
            "If Test Hulk is attacking a battle and is blocked, damage beyond what's lethal to its blockers may be "
            "assigned to that battle.",
            TEMPLATE,
        ),
        (
            "Test Hulk",
            "If Test Hulk is attacking a planeswalker and is blocked, it must assign lethal damage to all creatures "
            "blocking it before it can assign damage to that planeswalker.",
            TEMPLATE,
        ),
        (
            "Test Goad",
            "Creatures that gain trample from Test Goad follow the normal trample rules: lethal damage must be assigned "
            "to all blockers first, and any excess may then be assigned to the player, planeswalker, or battle they're "
            "attacking.",
            TEMPLATE,
        ),
        # only the lethal half: an explanation alone
        (
            "Test Hulk",
            "If Test Hulk is blocked by a 2/2 creature, you must assign at least 2 damage to that creature.",
            None,
        ),
        # the excess of a creature attacking a planeswalker to the player
        (
            "Test Hulk",
            "If Test Hulk is attacking a planeswalker and is blocked, it must assign lethal damage to all creatures "
            "blocking it before it can assign damage to the defending player.",
            None,
        ),
        (
            "Test Hulk",
            "If Test Hulk is attacking a planeswalker and is blocked, any damage beyond lethal damage to its blockers "
            "may be assigned to that planeswalker's controller.",
            None,
        ),
    ],
)
def test_a_paragraph_with_a_worked_example_compiles_only_when_it_says_the_rule(card, paragraph, template):
    assert coverage(paragraph, card, POOL)[0] == template
