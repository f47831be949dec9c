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
        # one blocker of a toughness: 4 power, toughness 1, 3 to the player (and not 2)
        (
            "if ~ has trample and is blocked by a creature with toughness 2, it can assign 4 of its 6 damage to the defending player.",
            EXCESS_BEYOND_LETHAL,
        ),
        (
            "if ~ has trample and is blocked by a creature with toughness 2, it can assign 5 of its 6 damage to the defending player.",
            None,
        ),
        (
            "if ~ has trample and is blocked by a creature with toughness 2, it can assign 2 of its 4 damage to the defending player.",
            None,
        ),
        # no "may": "and the remaining 3 to the player"
        (
            "for example, if ~ is blocked by a 2/2 creature, you may assign 2 damage to that creature and the remaining 4 to the player.",
            EXCESS_BEYOND_LETHAL,
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


BEAR = CardData(name="Test Bear", types=("Creature",), text="", power="2", toughness="2")
STRIKER = CardData(
    name="Test Striker",
    types=("Creature",),
    text="Double strike, trample",
    power="4",
    toughness="4",
    keywords=("Double strike", "Trample"),
)


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            BEHEMOTH,
            "If the creature blocking Test Behemoth leaves the battlefield before combat damage, Test Behemoth "
            "assigns all 6 of its damage to the player, planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            BEHEMOTH,
            "If no creatures are blocking it as combat damage is assigned, all its damage is assigned to the player "
            "it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            STRIKER,
            "If its first-strike combat damage destroys all the creatures blocking it, all its damage in the second "
            "combat damage step is assigned to the player it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            BEHEMOTH,
            "If first-strike damage destroys every creature blocking Test Behemoth, Test Behemoth assigns all its "
            "combat damage to the player it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        # the contradiction, and the same claims of creatures without trample (or double strike): false
        (
            BEHEMOTH,
            "If the creature blocking Test Behemoth leaves the battlefield before combat damage, Test Behemoth "
            "assigns no combat damage.",
            None,
        ),
        (
            BEAR,
            "If the creature blocking Test Bear leaves the battlefield before combat damage, Test Bear assigns all "
            "its combat damage to the player it's attacking.",
            None,
        ),
        (
            BEAR,
            "Test Bear must assign lethal damage to all creatures blocking it before it can assign damage to the "
            "player it's attacking.",
            None,
        ),
        (
            BEHEMOTH,
            "If its first-strike combat damage destroys all the creatures blocking it, all its damage in the second "
            "combat damage step is assigned to the player it's attacking.",
            None,
        ),
    ],
)
def test_its_blockers_gone_all_its_damage_goes_to_the_player_only_with_trample(card, paragraph, template):
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == template


VERDICT = CardData(name="Test Verdict", types=("Instant",), text="Destroy target blocking creature.")
HORN = CardData(name="Test Horn", types=("Artifact",), text="Equipped creature gets +1/+1 and has trample.\nEquip {3}")
TIDE = CardData(
    name="Test Tide",
    types=("Creature",),
    text="Trample\nWhenever Test Tide becomes blocked, you may return target creature blocking it to its owner's hand.",
    power="5",
    toughness="5",
    keywords=("Trample",),
)


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # tenth round: the attacker named with its trample, the blocker returned, the rule's own "as though"
        (
            VERDICT,
            "If Test Verdict destroys the only creature blocking an attacking creature with trample, that creature "
            "assigns all its combat damage to the player, planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            VERDICT,
            "If Test Verdict destroys the only creature blocking an attacking creature with trample, that creature "
            "assigns no combat damage.",
            None,
        ),
        (
            HORN,
            "If every creature blocking the creature equipped with Test Horn leaves the battlefield before combat "
            "damage, the equipped creature assigns all of its combat damage to the player or planeswalker it's "
            "attacking as though each of its blockers had been assigned lethal damage.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            TIDE,
            "If Test Tide's ability returns the only creature blocking it to its owner's hand, Test Tide will assign "
            "all of its combat damage to the player or planeswalker it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        # only double strike deals damage in the regular step after its first-strike damage
        (
            STRIKER,
            "If Test Striker destroys the creature blocking it with first-strike combat damage, it assigns all of its "
            "combat damage in the regular combat damage step to the player or planeswalker it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            TIDE,
            "If Test Tide destroys the creature blocking it with first-strike combat damage, it assigns all of its "
            "combat damage in the regular combat damage step to the player or planeswalker it's attacking.",
            None,
        ),
    ],
)
def test_tenth_round_blockers_gone(card, paragraph, template):
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == template


MAMMOTH = CardData(
    name="Test Mammoth", types=("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",)
)
MATRIARCH = CardData(
    name="Test Matriarch", types=("Creature",), text="Other Beasts you control have trample.", power="3", toughness="3"
)
MANTLE = CardData(
    name="Test Mantle", types=("Enchantment",), text="Enchant creature\nEnchanted creature gets +2/+2 and has trample."
)


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # tenth round: the example said as an order, its numbers checked against the card's power
        (
            MAMMOTH,
            "If Test Mammoth is blocked by a 2/2 creature and a 3/3 creature, you must assign at least 2 damage to the "
            "first and at least 3 damage to the second before you can assign the remaining 1 to the defending player.",
            "trample.lethal-then-excess",
        ),
        (
            MAMMOTH,
            "If Test Mammoth is blocked by a 2/2 creature and a 3/3 creature, you must assign at least 2 damage to the "
            "first and at least 3 damage to the second before you can assign the remaining 2 to the defending player.",
            None,
        ),
        (
            MAMMOTH,
            "If Test Mammoth is blocked by a 2/2 creature, you must assign at least 3 of its damage to that creature "
            "before you can assign the rest to the defending player.",
            None,
        ),
        (
            MAMMOTH,
            "If Test Mammoth is blocked by a 2/2 creature, you must assign at least 2 of its damage to that creature "
            "before you can assign the rest to the defending player.",
            "trample.lethal-then-excess",
        ),
        # the creature named by its type or by the card's Aura, and the rest "among the blockers and the player"
        (
            MATRIARCH,
            "A Beast with trample from Test Matriarch must assign lethal damage to all of its blockers first. Any excess "
            "may then be assigned among those blockers and the player it's attacking as you choose.",
            "trample.lethal-then-excess",
        ),
        (
            MANTLE,
            "The enchanted creature's controller must assign lethal damage to each creature blocking it before "
            "assigning any to the player, planeswalker, or battle it's attacking.",
            "trample.lethal-then-excess",
        ),
        (
            MANTLE,
            "The enchanted creature's controller may assign damage to the player it's attacking before assigning "
            "lethal damage to each creature blocking it.",
            None,
        ),
    ],
)
def test_tenth_round_lethal_first(card, paragraph, template):
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == template


MAUL = CardData(name="Test Maul", types=("Artifact",), text="Equipped creature gets +3/+0 and has trample.\nEquip {3}")


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        (
            "The creature equipped with Test Maul can assign damage to the player it's attacking only after it has "
            "assigned lethal damage to each creature blocking it.",
            "trample.lethal-then-excess",
        ),
        (
            "The creature equipped with Test Maul can assign damage to the player it's attacking only after it has "
            "assigned damage to one creature blocking it.",
            None,
        ),
        (
            "A creature equipped with Test Maul assigns lethal damage to all creatures blocking it first; only then may "
            "it assign excess damage to the player, planeswalker, or battle it's attacking.",
            "trample.lethal-then-excess",
        ),
        (
            "If the creature equipped with Test Maul is attacking and becomes blocked, none of its damage can be "
            "assigned to the defending player unless every creature blocking it has been assigned lethal damage.",
            "trample.lethal-then-excess",
        ),
        (
            "If the creature equipped with Test Maul is attacking and becomes blocked, all of its damage can be "
            "assigned to the defending player unless every creature blocking it has been assigned lethal damage.",
            None,
        ),
    ],
)
def test_tenth_round_lethal_first_through_the_card(paragraph, template):
    assert coverage(paragraph, MAUL.name, CardPool({MAUL.name: MAUL}))[0] == template


#: A creature without trample whose ability removes its blockers.
SWEEPER = CardData(
    name="Test Sweeper",
    types=("Creature",),
    text="Whenever Test Sweeper becomes blocked, return each creature blocking it to its owner's hand.",
    power="5",
    toughness="5",
)


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # twelfth round: read part by part ("is still blocked, but ...", the damage as the subject, the event first)
        (
            TIDE,
            "If Test Tide's ability returns each creature blocking it to its owner's hand, Test Tide is still blocked, "
            "but it assigns all of its combat damage to the player, planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            TIDE,
            "If Test Tide is blocked and its only blocker is destroyed, all of its combat damage is assigned to the "
            "player it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        # near misses: one of its blockers gone, no damage, another moment, a creature without trample
        (
            TIDE,
            "If one of the creatures blocking Test Tide is destroyed, it assigns all of its combat damage to the "
            "player it's attacking.",
            None,
        ),
        (
            TIDE,
            "If all creatures blocking Test Tide are destroyed before blockers are declared, it assigns all of its "
            "combat damage to the player it's attacking.",
            None,
        ),
        (
            SWEEPER,
            "If Test Sweeper's ability returns each creature blocking it to its owner's hand, Test Sweeper is still "
            "blocked, but it assigns all of its combat damage to the player it's attacking.",
            None,
        ),
    ],
)
def test_twelfth_round_blockers_gone_by_parts(card, paragraph, template):
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == template


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # thirteenth round: no creature blocking it said as a state, the attacker's trample said again, its
        # damage "all assigned", before combat damage
        (
            TIDE,
            "If there are no creatures blocking Test Tide when combat damage is assigned, all of its combat damage is "
            "assigned to the battle it's attacking, even though it was blocked.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            TIDE,
            "If no creatures are blocking it as combat damage is assigned, all its damage is assigned to the player, "
            "planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            TIDE,
            "If the creature blocking Test Tide is removed from combat before combat damage, Test Tide's damage is all "
            "assigned to the player or planeswalker it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            TIDE,
            "If Test Tide's ability destroys every creature blocking it, Test Tide remains blocked, but because it has "
            "trample it assigns all its combat damage to the player, planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        # near misses: none of its damage, one blocker of several, and no trample
        (
            TIDE,
            "If there are no creatures blocking Test Tide when combat damage is assigned, none of its combat damage is "
            "assigned to the player it's attacking.",
            None,
        ),
        (
            TIDE,
            "If one creature blocking Test Tide is removed from combat before combat damage, Test Tide's damage is all "
            "assigned to the player it's attacking.",
            None,
        ),
        (
            SWEEPER,
            "If there are no creatures blocking Test Sweeper when combat damage is assigned, all of its combat damage "
            "is assigned to the player it's attacking.",
            None,
        ),
    ],
)
def test_thirteenth_round_no_blockers_left_by_parts(card, paragraph, template):
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == template


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # thirteenth round: beside the statement, the blocker gone needs no damage: an explanation
        (
            "Test Tide doesn't need to assign any damage to a blocker that's no longer there. If no creatures are "
            "blocking it as combat damage is assigned, all its damage is assigned to the player it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        # alone it states nothing; its negation is no explanation
        ("Test Tide doesn't need to assign any damage to a blocker that's no longer there.", None),
        (
            "Test Tide needs to assign damage to a blocker that's no longer there. If no creatures are blocking it as "
            "combat damage is assigned, all its damage is assigned to the player it's attacking.",
            None,
        ),
    ],
)
def test_thirteenth_round_no_damage_to_a_blocker_gone_explains(paragraph, template):
    assert coverage(paragraph, TIDE.name, CardPool({TIDE.name: TIDE}))[0] == template


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fourteenth round: the moment of the assignment said first
        (
            "When assigning combat damage, Test Behemoth must assign lethal damage to all creatures blocking it before "
            "it can assign damage to the defending player.",
            "trample.lethal-then-excess",
        ),
        (
            "When assigning combat damage, Test Behemoth must assign lethal damage to one creature blocking it before "
            "it can assign damage to the defending player.",
            None,
        ),
        (
            "When assigning combat damage, Test Behemoth may assign damage to the defending player before it assigns "
            "lethal damage to all creatures blocking it.",
            None,
        ),
        # the excess named by the lethal damage it goes beyond: the whole rule
        (
            "If Test Behemoth is blocked, you may assign any excess damage beyond what's lethal to its blockers to the "
            "player, planeswalker, or battle it's attacking.",
            "trample.lethal-then-excess",
        ),
        (
            "If Test Behemoth is blocked, you may assign any excess damage beyond what's lethal to its blockers to "
            "another creature.",
            None,
        ),
        (
            "If Test Behemoth is blocked, you may assign any excess damage beyond what's lethal to one of its blockers "
            "to the player it's attacking.",
            None,
        ),
        (
            "If Test Behemoth is blocked, you can't assign any excess damage beyond what's lethal to its blockers to "
            "the player it's attacking.",
            None,
        ),
    ],
)
def test_fourteenth_round_the_assignment_said_first_and_the_excess_beyond_lethal(paragraph, template):
    assert coverage(paragraph, BEHEMOTH.name, CardPool({BEHEMOTH.name: BEHEMOTH}))[0] == template


CHIEFTAIN = CardData(
    name="Test Chieftain",
    types=("Creature",),
    text="Other attacking creatures you control have trample.",
    power="3",
    toughness="3",
)
SACRIFICER = CardData(
    name="Test Sacrificer",
    types=("Creature",),
    text="Trample\nWhenever Test Sacrificer becomes blocked, defending player sacrifices each creature blocking it.",
    power="5",
    toughness="5",
    keywords=("Trample",),
)


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # fourteenth round: the blockers of another attacking creature destroyed by first-strike damage, its damage in
        # the regular step, the lord that gives trample named as the cause or as what it needs
        (
            CHIEFTAIN,
            "If all creatures blocking another attacking creature you control are destroyed during the first combat "
            "damage step, that creature assigns all of its combat damage to the defending player in the regular combat "
            "damage step, as long as Test Chieftain is still on the battlefield.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            CHIEFTAIN,
            "Because of Test Chieftain, if all the creatures blocking another attacking creature you control are "
            "destroyed by first-strike damage, that creature assigns all of its combat damage to the player, "
            "planeswalker, or battle it's attacking in the regular combat damage step.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            CHIEFTAIN,
            "Because of Test Chieftain, if one of the creatures blocking another attacking creature you control is "
            "destroyed by first-strike damage, that creature assigns all of its combat damage to the player, "
            "planeswalker, or battle it's attacking in the regular combat damage step.",
            None,
        ),
        (
            CHIEFTAIN,
            "If all creatures blocking another attacking creature you control are destroyed during the first combat "
            "damage step, that creature assigns no combat damage in the regular combat damage step, as long as Test "
            "Chieftain is still on the battlefield.",
            None,
        ),
        # the blockers gone said after, through "its ability"
        (
            SACRIFICER,
            "Because Test Sacrificer has trample, it assigns all its combat damage to the player, planeswalker, or battle "
            "it's attacking if its ability causes each creature blocking it to be sacrificed.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            SACRIFICER,
            "Because Test Sacrificer has trample, it assigns all its combat damage to the player, planeswalker, or battle "
            "it's attacking if its ability causes one creature blocking it to be sacrificed.",
            None,
        ),
    ],
)
def test_fourteenth_round_blockers_gone_by_first_strike_of_another_creature(card, paragraph, template):
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == template
