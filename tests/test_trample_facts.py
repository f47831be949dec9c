"""Trample's order of assignments read by meaning (:mod:`rulings.trample_facts`, issue 24, ninth
round): lethal damage to every blocker first, the rest to the player; worked examples only when
their numbers add up."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.trample_facts import EXCESS_BEYOND_LETHAL, EXPLAINS, NO_EXCESS_WITHOUT_LETHAL, read_trample
from tests.test_claims_paragraph import coverage

BEHEMOTH = CardData(
    name="Test Behemoth", types=("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",)
)


@pytest.mark.parametrize(
    ("sentence", "state"),
    [
        (
            "~ must assign lethal damage to all creatures blocking it before it can assign damage to the player it's attacking.",
            NO_EXCESS_WITHOUT_LETHAL,
        ),
        (
            "after activating ~'s ability, you'll still need to assign at least lethal damage to each creature blocking "
            "it before you can assign the rest to the player, planeswalker, or battle it's attacking.",
            NO_EXCESS_WITHOUT_LETHAL,
        ),
        (
            "if ~ has trample and is blocked by two creatures, none of its damage can be assigned to the defending "
            "player until both blockers have been assigned lethal damage.",
            NO_EXCESS_WITHOUT_LETHAL,
        ),
        (
            "it can't assign any damage to the player unless each blocker has been assigned lethal damage.",
            NO_EXCESS_WITHOUT_LETHAL,
        ),
        (
            "once each creature blocking it has been assigned lethal damage, the rest can be assigned to the player it's attacking.",
            EXCESS_BEYOND_LETHAL,
        ),
        (
            "lethal damage must be assigned to all blockers first, and any excess may then be assigned to the player.",
            EXCESS_BEYOND_LETHAL,
        ),
        ("~ still has to assign lethal damage to each creature blocking it.", EXPLAINS),
        # the worked example adds up for a 6/6 with trample: 2 + 3 to the blockers, 1 to the player
        (
            "for example, if it's blocked by a 2/2 and a 1/3, at least 5 of its damage must be assigned to those "
            "blockers, and the remaining 1 may be assigned to the player.",
            EXCESS_BEYOND_LETHAL,
        ),
        # ... and not when it does not
        (
            "for example, if it's blocked by a 2/2 and a 1/3, at least 4 of its damage must be assigned to those "
            "blockers, and the remaining 2 may be assigned to the player.",
            None,
        ),
        (
            "for example, if it's blocked by a 2/2 and a 1/3, at least 5 of its damage must be assigned to those "
            "blockers, and the remaining 3 may be assigned to the player.",
            None,
        ),
        # negated, one blocker only, another target, an exception: other claims
        (
            "~ doesn't have to assign lethal damage to all creatures blocking it before it can assign damage to the player.",
            None,
        ),
        (
            "~ must assign lethal damage to one of the creatures blocking it before it can assign damage to the player.",
            None,
        ),
        (
            "once each creature blocking it has been assigned lethal damage, the rest can be assigned to that planeswalker.",
            None,
        ),
        (
            "none of its damage can be assigned to the player even if both blockers have been assigned lethal damage.",
            None,
        ),
        ("it can assign any damage to the player unless each blocker has been assigned lethal damage.", None),
    ],
)
def test_a_trample_sentence_states_its_part_of_the_rule(sentence, state):
    assert read_trample([sentence], (BEHEMOTH,)) == state


def test_a_worked_example_needs_a_card_with_trample_and_its_power():
    example = (
        "if it's blocked by a 2/2 and a 1/3, at least 5 of its damage must be assigned to those blockers, and the "
        "remaining 1 may be assigned to the player."
    )
    assert read_trample([example], ()) is None
    smaller = CardData(
        name="Test Calf", types=("Creature",), text="Trample", power="5", toughness="5", keywords=("Trample",)
    )
    assert read_trample([example], (smaller,)) is None


def test_a_paragraph_restating_trample_compiles_and_an_explanation_alone_does_not():
    pool = CardPool({BEHEMOTH.name: BEHEMOTH})
    stated = "Test Behemoth must assign lethal damage to all creatures blocking it before it can assign damage to the player it's attacking."
    assert coverage(stated, BEHEMOTH.name, pool)[0] == "trample.lethal-then-excess"
    assert (
        coverage("Test Behemoth still has to assign lethal damage to each creature blocking it.", BEHEMOTH.name, pool)[
            0
        ]
        is None
    )
    assert coverage(stated.replace("must", "doesn't have to"), BEHEMOTH.name, pool)[0] is None


def test_the_two_halves_of_the_rule_in_one_paragraph_state_it():
    pool = CardPool({BEHEMOTH.name: BEHEMOTH})
    lethal = "A creature that gains trample from Test Behemoth still has to assign lethal damage to each creature blocking it."
    rest = "Only the damage beyond that can be assigned to the player it's attacking."
    assert coverage(f"{lethal} {rest}", BEHEMOTH.name, pool)[0] == "trample.lethal-then-excess"
    assert coverage(lethal, BEHEMOTH.name, pool)[0] is None
    assert coverage(rest, BEHEMOTH.name, pool)[0] is None
    assert coverage(f"{lethal} {rest.replace('can', 'can’t')}", BEHEMOTH.name, pool)[0] is None
