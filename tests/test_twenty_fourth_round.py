"""Twenty-fourth round of issue 24: trample's rules said of a creature that gets trample from the card (a spell, an
Equipment, an Aura, a lord, an activated ability) and named by a noun phrase, in the future or the present tense. The
combinations are drawn by hypothesis; each is a claim, and none compiles with the outcome contradicted or with only one
of several blockers gone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.oracle_grants import grants
from rulings.trample_facts import prepared as trample_prepared
from tests.test_claims_paragraph import coverage

GONE = "trample.blockers-destroyed-by-first-strike"
LETHAL = "trample.lethal-then-excess"

#: Each card that gives trample, and how a ruling of it names the creature with trample.
CARDS: dict[str, tuple[CardData, tuple[str, ...]]] = {
    "own": (
        CardData("Rumbler", ("Creature",), text="Trample", power="5", toughness="5", keywords=("Trample",)),
        ("Rumbler",),
    ),
    "spell": (
        CardData("Stampede Rite", ("Instant",), text="Target creature gets +2/+2 and gains trample until end of turn."),
        (
            "the creature",
            "that creature",
            "the target creature",
            "the affected creature",
            "the creature that gained trample from Stampede Rite",
            "the artifact creature that gained trample from Stampede Rite",
        ),
    ),
    "equipment": (
        CardData("Ram Horns", ("Artifact",), subtypes=("Equipment",), text="Equipped creature has trample.\nEquip {2}"),
        ("the equipped creature", "the creature equipped with Ram Horns", "that creature"),
    ),
    "aura": (
        CardData(
            "Wild Surge", ("Enchantment",), subtypes=("Aura",), text="Enchant creature\nEnchanted creature has trample."
        ),
        ("the enchanted creature", "the creature enchanted by Wild Surge"),
    ),
    "lord": (
        CardData(
            "Herd Leader", ("Creature",), text="Other creatures you control have trample.", power="2", toughness="2"
        ),
        ("an attacking creature you control", "that creature"),
    ),
    "ability": (
        CardData(
            "Bull Rider",
            ("Creature",),
            text="{G}: Bull Rider gains trample until end of turn.",
            power="3",
            toughness="3",
        ),
        ("Bull Rider",),
    ),
}
ALL_GONE = (
    "the creature blocking it is destroyed",
    "all creatures blocking it are destroyed",
    "the creature blocking it leaves the battlefield",
    "all creatures blocking it are removed from combat",
    "its only blocker is destroyed",
    "each creature blocking it is destroyed by first-strike damage",
    "the creature blocking it dies before combat damage is dealt",
)
ALL_TO_PLAYER = (
    "{s} assigns all its combat damage to the player it's attacking",
    "{s} will assign all of its combat damage to the player, planeswalker, or battle it's attacking",
    "{s} will assign all of its combat damage in the regular combat damage step to the player it's attacking",
    "all of {p} combat damage is assigned to the player it's attacking",
    "{s} deals all of its combat damage to the defending player",
)
CONTRADICTED = (
    "{s} assigns no combat damage",
    "{s} will assign none of its combat damage to the player it's attacking",
    "{s} deals no combat damage",
    "{s} must assign lethal damage to the blocker",
)
FRAMES = ("If {sub} is blocked and {gone}, {out}.", "If {gone}, {out}.", "If {sub} is blocked but {gone}, {out}.")


def _compiled(sentence: str, card: CardData) -> str | None:
    """The template ``sentence`` compiles to as a ruling of ``card`` alone (None: uncovered)."""
    return coverage(sentence, card.name, CardPool({card.name: card}))[0]


@st.composite
def _gone_sentence(
    draw: st.DrawFn, outcomes: tuple[str, ...], gone: tuple[str, ...] = ALL_GONE
) -> tuple[str, CardData]:
    card, subjects = CARDS[draw(st.sampled_from(sorted(CARDS)))]
    subject = draw(st.sampled_from(subjects))
    named = draw(st.booleans())
    said = subject if named else "it"
    possessive = f"{subject}'s" if named else "its"
    out = draw(st.sampled_from(outcomes)).format(s=said, p=possessive)
    text = draw(st.sampled_from(FRAMES)).format(sub=subject, gone=draw(st.sampled_from(gone)), out=out)
    return text[0].upper() + text[1:], card


@given(_gone_sentence(ALL_TO_PLAYER))
def test_every_blocker_gone_of_a_creature_given_trample_is_the_claim(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) == GONE, sentence


@given(_gone_sentence(CONTRADICTED))
def test_the_outcome_contradicted_is_no_claim(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) is None, sentence


@given(
    _gone_sentence(
        ALL_TO_PLAYER[:2],
        ("one of the creatures blocking it is destroyed", "one of its blockers is removed from combat"),
    )
)
def test_one_of_several_blockers_gone_is_no_claim(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) is None, sentence


SPELL = CARDS["spell"][0]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the spell cast after the blockers went, read as the trample it gives
        (
            "If you cast Stampede Rite on a blocked creature after the creature blocking it has been destroyed or removed"
            " from combat, the affected creature will assign all of its combat damage to the player, planeswalker, or"
            " battle it's attacking.",
            GONE,
        ),
        (
            "If you cast Stampede Rite on a blocked creature after one of the creatures blocking it has been destroyed,"
            " the affected creature will assign all of its combat damage to the player it's attacking.",
            None,
        ),
        (
            "If you cast Stampede Rite on a blocked creature after combat damage, the affected creature will assign all"
            " of its combat damage to the player it's attacking.",
            None,
        ),
        # the order of the assignment said in the future, or in the present
        (
            "The target creature will assign lethal damage to all creatures blocking it first; only then may it assign"
            " excess damage to the player, planeswalker, or battle it's attacking.",
            LETHAL,
        ),
        ("It assigns lethal damage to each creature blocking it before it assigns the rest to the player.", LETHAL),
        (
            "It will assign lethal damage to each creature blocking it before it can assign the rest to the player.",
            LETHAL,
        ),
        ("It assigns lethal damage to one creature blocking it before it assigns the rest to the player.", None),
        ("It assigns no damage to each creature blocking it before it assigns the rest to the player.", None),
        ("It assigns lethal damage to each creature blocking it after it assigns the rest to the player.", None),
    ],
)
def test_the_spell_and_the_order_in_other_tenses(sentence: str, expected: str | None) -> None:
    assert _compiled(sentence, SPELL) == expected, sentence


RECALL = CardData("Recall", ("Instant",), text="Return target creature to its owner's hand.")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a second outcome joined by "and", in the future
        (
            "If Recall returns a blocking creature to its owner's hand, the creature it blocked continues to be blocked"
            " and will deal no combat damage, unless that creature has trample.",
            "combat.remains-blocked",
        ),
        (
            "If Recall returns a blocking creature to its owner's hand, the creature it blocked continues to be blocked"
            " and will deal combat damage, unless that creature has trample.",
            None,
        ),
        (
            "If Recall returns a blocking creature to its owner's hand, the creature it blocked stops being blocked"
            " and will deal no combat damage, unless that creature has trample.",
            None,
        ),
    ],
)
def test_a_second_outcome_in_the_future(sentence: str, expected: str | None) -> None:
    assert _compiled(sentence, RECALL) == expected, sentence


WEB_TOSS = CardData("Web Toss", ("Instant",), text="Target creature gets +1/+1 and gains reach until end of turn.")
#: A spell that gives its target one keyword and takes another: only the one it gives is held.
SWAP = CardData("Grounding Net", ("Instant",), text="Target creature gains reach and loses flying until end of turn.")


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # the creature a spell targets, named as the holder of the keyword the spell gives it
        ("The target creature can block a creature with flying.", WEB_TOSS, "reach.blocks-flying"),
        ("The targeted creature can block creatures with flying.", WEB_TOSS, "reach.blocks-flying"),
        ("The affected creature can block creatures with flying.", SWAP, "reach.blocks-flying"),
        ("The target creature can't block creatures with flying.", WEB_TOSS, None),
        ("The target creature can be blocked by creatures with flying.", WEB_TOSS, None),
        ("The target creature can block only creatures with flying.", WEB_TOSS, None),
        # the keyword it loses is not held
        ("The target creature can't be blocked except by creatures with flying or reach.", SWAP, None),
        # ... and the trample it gets is held against "deals no combat damage"
        (
            "If the target creature is blocked and the creature blocking it is destroyed, it assigns no combat damage.",
            SPELL,
            None,
        ),
        (
            "If the creature blocking it is destroyed, the affected creature deals no combat damage.",
            SPELL,
            None,
        ),
    ],
)
def test_the_target_of_a_spell_holds_what_the_spell_gives(sentence: str, card: CardData, expected: str | None) -> None:
    assert _compiled(sentence, card) == expected, sentence


@pytest.mark.parametrize(
    ("text", "verb", "keywords"),
    [
        ("Target creature gains reach and loses flying until end of turn.", "gains", ("reach",)),
        ("Target creature loses flying and gains reach until end of turn.", "loses", ("flying",)),
        ("Equipped creature has first strike and can't block.", "has", ("first strike",)),
        ("Target creature gets +1/+1 and gains trample and haste until end of turn.", "gains", ("trample", "haste")),
    ],
)
def test_a_grant_ends_at_a_second_verb(text: str, verb: str, keywords: tuple[str, ...]) -> None:
    (grant,) = grants(CardData("Net", ("Instant",), text=text))
    assert (grant.verb, grant.keywords) == (verb, keywords)


#: Trample's order of assignment (702.19b) in frames that name the creature with trample more than once.
LETHAL_FRAMES = (
    "{S} must assign lethal damage to all creatures blocking it before it can assign damage to the player it's attacking.",
    "Once lethal damage has been assigned to all creatures blocking {s}, the rest of its damage can be assigned to the"
    " player it's attacking.",
    "{S} will assign lethal damage to its blockers and the rest to the player it's attacking.",
    "When {s} assigns combat damage, lethal damage must be assigned to all its blockers before any can be assigned to"
    " the player.",
    "{S} has to assign at least lethal damage to each creature blocking it; any excess can be assigned to the player"
    " it's attacking.",
)
#: The same frames with one part contradicted: one blocker, no lethal damage first, or the order reversed.
LETHAL_CONTRADICTED = (
    "{S} must assign lethal damage to one creature blocking it before it can assign damage to the player it's attacking.",
    "Once lethal damage has been assigned to one creature blocking {s}, the rest of its damage can be assigned to the"
    " player it's attacking.",
    "When {s} assigns combat damage, no damage must be assigned to its blockers before any can be assigned to the player.",
    "{S} doesn't have to assign lethal damage to each creature blocking it before any excess can be assigned to the"
    " player it's attacking.",
)


@st.composite
def _lethal_sentence(draw: st.DrawFn, frames: tuple[str, ...]) -> tuple[str, CardData]:
    card, subjects = CARDS[draw(st.sampled_from(sorted(CARDS)))]
    subject = draw(st.sampled_from(subjects))
    text = draw(st.sampled_from(frames)).format(S=subject[0].upper() + subject[1:], s=subject)
    return text, card


@given(_lethal_sentence(LETHAL_FRAMES))
def test_trample_order_said_of_the_creature_the_card_names(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) == LETHAL, sentence


@given(_lethal_sentence(LETHAL_CONTRADICTED))
def test_trample_order_contradicted_is_no_claim(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) is None, sentence


def test_a_creature_said_with_more_words_is_not_the_trampler() -> None:
    # "the creature you chose as its second target" is not "the creature" with trample: the reader leaves it as it is
    sentence = (
        "If Stampede Rite destroys the only creature blocking the creature you chose as its second target, that creature"
        " will assign all of its combat damage to the player it's attacking."
    )
    assert "blocking it you chose" not in trample_prepared(sentence.lower())


BLADEMASTER = CardData(
    "Blademaster", ("Creature",), text="Double strike", power="2", toughness="2", keywords=("Double strike",)
)
QUICK_BLADE = CardData("Quick Blade", ("Instant",), text="Target creature gains double strike until end of turn.")


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # both combat damage steps named one by one (702.4b)
        (
            "Blademaster will deal combat damage in the first combat damage step and again in the second combat damage"
            " step.",
            BLADEMASTER,
            "combat.first-strike-damage-steps",
        ),
        (
            "The target creature deals combat damage twice: once in the first-strike combat damage step and again in"
            " the regular combat damage step.",
            QUICK_BLADE,
            "combat.first-strike-damage-steps",
        ),
        (
            "Blademaster deals combat damage in the first combat damage step or in the second combat damage step.",
            BLADEMASTER,
            None,
        ),
        (
            "Blademaster deals combat damage in the first combat damage step but not in the second combat damage step.",
            BLADEMASTER,
            None,
        ),
    ],
)
def test_both_damage_steps_named_one_by_one(sentence: str, card: CardData, expected: str | None) -> None:
    assert _compiled(sentence, card) == expected, sentence


RAIDER = CardData(
    "Raider", ("Creature",), text="Vigilance, haste", power="2", toughness="2", keywords=("Vigilance", "Haste")
)
PLAIN = CardData("Plain Bear", ("Creature",), text="", power="2", toughness="2")
BANNER = CardData(
    "War Banner", ("Artifact",), subtypes=("Equipment",), text="Equipped creature has vigilance.\nEquip {1}"
)


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # vigilance said as attacking "without tapping", or the tapping as a becoming (702.20b)
        ("Raider can attack without tapping.", RAIDER, "vigilance.attacks-untapped"),
        ("The equipped creature attacks without tapping.", BANNER, "vigilance.attacks-untapped"),
        ("Attacking doesn't cause the equipped creature to become tapped.", BANNER, "vigilance.attacks-untapped"),
        ("Plain Bear can attack without tapping.", PLAIN, None),
        ("Raider can't attack without tapping.", RAIDER, None),
        ("Attacking causes Raider to become tapped.", RAIDER, None),
        ("If it has vigilance, it can attack without tapping.", PLAIN, None),
        # the control said from the player's side (702.10b)
        (
            "Raider can attack even if you haven't controlled it continuously since your most recent turn began.",
            RAIDER,
            "haste.attacks-at-once",
        ),
        (
            "Plain Bear can attack even if you haven't controlled it continuously since your most recent turn began.",
            PLAIN,
            None,
        ),
        (
            "Raider can't attack if you haven't controlled it continuously since your most recent turn began.",
            RAIDER,
            None,
        ),
    ],
)
def test_vigilance_and_haste_in_plainer_words(sentence: str, card: CardData, expected: str | None) -> None:
    assert _compiled(sentence, card) == expected, sentence


MENACE_BANNER = CardData(
    "War Banner", ("Artifact",), subtypes=("Equipment",), text="Equipped creature has menace.\nEquip {1}"
)


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # the one blocker menace forbids said as the subject (702.111b)
        ("A single creature can't block the equipped creature.", MENACE_BANNER, "menace.two-or-more-blockers"),
        ("Just one creature can't block the equipped creature.", MENACE_BANNER, "menace.two-or-more-blockers"),
        ("A single creature can block the equipped creature.", MENACE_BANNER, None),
        ("A single creature can't block Plain Bear.", PLAIN, None),
        ("The equipped creature can't block a single creature.", MENACE_BANNER, None),
        # "must be blocked by two or more" is no claim: menace requires no block (the same record as a false sentence)
        ("The equipped creature must be blocked by two or more creatures.", MENACE_BANNER, None),
    ],
)
def test_menace_one_blocker_as_the_subject(sentence: str, card: CardData, expected: str | None) -> None:
    assert _compiled(sentence, card) == expected, sentence
