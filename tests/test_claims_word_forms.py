"""Rulings compile by meaning, seventh round (issue 24): word forms that carry no meaning of the
rule. A creature type names which creatures the card reaches, not another rule (the types are the
shipped rules' list, 205.3m); an irregular verb form and a contracted "will" are the tense of the
regular form. Each reading with its contradicting variant, which must stay uncovered."""

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.claims import LEXICON, _types_as_creature, parse
from rulings.meaning import tokens
from rulings.noun_phrases import narrowing_positions
from rulings.subtypes import creature_type_stems, land_type_stems
from tests.test_claims_paragraph import coverage

CAPTAIN = CardData(
    name="Test Captain",
    types=("Creature",),
    text="Other creatures you control have vigilance.",
    power="2",
    toughness="2",
)
DUELIST = CardData(
    name="Test Duelist",
    types=("Creature",),
    text="{R}: Target creature gains first strike until end of turn.",
    power="2",
    toughness="2",
)
POOL = CardPool({c.name: c for c in (CAPTAIN, DUELIST)})


def test_the_creature_types_come_from_the_shipped_rules_with_their_plurals():
    types = creature_type_stems()
    assert len(types) > 300
    for word in ("soldier", "soldiers", "elf", "elves", "knight", "goblins", "time"):
        assert tokens(word)[0] in types or word == "time"  # "Time Lord" is two words: not read alone
    assert tokens("time")[0] not in types


@pytest.mark.parametrize("kind", ["soldier", "Elves", "a Goblin", "Knights"])
def test_a_creature_type_reads_as_creature(kind):
    typed = parse(f"if {kind.lower()} you control loses vigilance after it attacks, it remains untapped.")
    plain = parse("if a creature you control loses vigilance after it attacks, it remains untapped.")
    assert typed.complete
    assert typed.claim.object == plain.claim.object == "creature"


def test_a_type_the_lexicon_gives_a_meaning_keeps_it():
    known = creature_type_stems() & LEXICON.words
    assert known, "no creature type is a rules word of the lexicon any more: this test has nothing to check"
    for word in known:
        assert _types_as_creature((word,), LEXICON) == (word,)
    assert _types_as_creature(("soldier",), LEXICON) == tokens("creature")


@pytest.mark.parametrize(
    ("irregular", "regular"),
    [
        ("after it dealt first-strike combat damage", "after it deals first-strike combat damage"),
        ("if it lost first strike", "if it loses first strike"),
        ("combat damage has been dealt", "combat damage has been deal"),
        ("it'll deal combat damage", "it will deal combat damage"),
        ("that'll be", "that will be"),
    ],
)
def test_irregular_forms_and_contractions_are_the_regular_tense(irregular, regular):
    assert tokens(irregular) == tokens(regular)


@pytest.mark.parametrize(
    ("card", "restating", "contradicting", "template"),
    [
        (
            CAPTAIN,
            "If a Soldier loses vigilance after it attacks, it remains untapped.",
            "If a Soldier loses vigilance after it attacks, it becomes tapped.",
            "vigilance.changes-after-attack",
        ),
        (
            CAPTAIN,
            "Giving Elves vigilance after they have attacked won't cause them to untap.",
            "Giving Elves vigilance after they have attacked will cause them to untap.",
            "vigilance.changes-after-attack",
        ),
        (
            DUELIST,
            "If a Knight lost first strike after it dealt first-strike combat damage, it won't deal combat "
            "damage in the regular combat damage step.",
            "If a Knight lost first strike after it dealt first-strike combat damage, it'll deal combat "
            "damage in the regular combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
    ],
)
def test_a_paragraph_in_these_forms_compiles_and_its_contradiction_does_not(card, restating, contradicting, template):
    assert coverage(restating, card.name, POOL)[0] == template
    assert coverage(contradicting, card.name, POOL)[0] is None


@pytest.mark.parametrize(
    "narrowed",
    [
        "another red creature you control",
        "a nontoken creature you control",
        "a legendary artifact creature you control",
        "the creature targeted by ~'s last ability",
        "the creature targeted by ~",
    ],
)
def test_words_that_only_say_which_creature_claim_nothing(narrowed):
    sentence = "if {} loses vigilance after it attacks, it remains untapped."
    plain = parse(sentence.format("a creature you control" if "control" in narrowed else "the creature"))
    read = parse(sentence.format(narrowed))
    assert plain.complete and read.complete
    assert read.claim == plain.claim


@pytest.mark.parametrize(
    "sentence",
    [
        # the narrowing word is not before a creature noun: it is no noun phrase's
        "if a creature loses vigilance after it attacks, it remains red.",
        # a word that is no identity word stays unread
        "if a hungry creature loses vigilance after it attacks, it remains untapped.",
        # targeted by something else than the card
        "if the creature targeted by an opponent's spell loses vigilance after it attacks, it remains untapped.",
    ],
)
def test_other_words_by_a_creature_noun_stay_unread(sentence):
    assert not parse(sentence).complete


def test_a_lexicon_phrase_with_an_identity_word_keeps_its_meaning():
    narrowed = narrowing_positions(tokens("even if no other creatures were blocking it"), frozenset())
    assert narrowed == frozenset()  # nothing unread: nothing taken out
    assert parse("it remains blocked even if no other creatures were blocking it.").complete


def test_a_narrowed_creature_in_a_paragraph_compiles_and_its_contradiction_does_not():
    restating = "If another red creature you control loses vigilance after it attacks, it remains untapped."
    assert coverage(restating, CAPTAIN.name, POOL)[0] == "vigilance.changes-after-attack"
    assert coverage(restating.replace("remains untapped", "becomes tapped"), CAPTAIN.name, POOL)[0] is None


@pytest.mark.parametrize("adverb", ["therefore", "nevertheless", "obviously", "anyway"])
def test_a_discourse_adverb_claims_nothing(adverb):
    plain = parse("if a creature loses vigilance after it attacks, it remains untapped.")
    said = parse(f"if a creature loses vigilance after it attacks, it {adverb} remains untapped.")
    assert said.complete and said.claim == plain.claim


# -- eighth round: land types, keyword costs, the permanent named in "tapping that creature for mana" --


def test_the_land_types_come_from_the_shipped_rules_and_read_as_land():

    lands = land_type_stems()
    for word in ("forest", "forests", "island", "plains", "swamp", "mountains", "desert"):
        assert tokens(word)[0] in lands
    assert (
        parse("a forest you control is tapped for mana.").claim == parse("a land you control is tapped for mana.").claim
    )


HAULER = CardData(name="Test Hauler", types=("Artifact",), text="Crew 2", keywords=("Crew",))
MOUNT = CardData(
    name="Test Mount", types=("Creature",), text="Saddle 2", power="3", toughness="3", keywords=("Saddle",)
)
MANA_POOL = CardPool({c.name: c for c in (HAULER, MOUNT)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            HAULER,
            "Crewing Test Hauler with a creature that has a mana ability doesn't count as tapping that creature "
            "for mana.",
            "mana.tap-for-mana",
        ),
        (
            HAULER,
            "Crewing Test Hauler with a creature that has a mana ability counts as tapping that creature for mana.",
            None,
        ),
        (MOUNT, "Creatures tapped to saddle Test Mount aren't tapped for mana.", "mana.tap-for-mana"),
        (MOUNT, "Creatures tapped to saddle Test Mount are tapped for mana.", None),
    ],
)
def test_a_permanent_tapped_for_a_keywords_cost_is_not_tapped_for_mana(card, paragraph, template):
    assert coverage(paragraph, card.name, MANA_POOL)[0] == template
