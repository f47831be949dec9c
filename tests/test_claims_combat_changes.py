"""A combat rule stated through the way its card changes the keyword (issue 24, sixth round:
generality): an activated ability that gives the card the keyword, an instant that gives or takes it
("casting ~ on an attacking creature"), a lord that leaves the battlefield, a condition of control
that stops being true, an Equipment that becomes unattached (:mod:`rulings.keyword_changes`), and
the combat normal form's other frames (trample's order said of the damage, blockers removed by the
card, the blocker's side). Only the change the card's oracle text makes is read: the same sentence
for a card that gives another keyword, or gives instead of takes, stays uncovered; and no
contradicting variant compiles.

The cards and sentences are made up for these tests; none is a ruling's text."""

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus
from rulings.keyword_changes import Change, changes
from tests.test_claims_combat import ruling
from tests.test_claims_meaning import KINDS, variant


def card(name: str, text: str, types: tuple[str, ...] = ("Creature",), **kw: object) -> CardData:
    return CardData(name=name, types=types, text=text, power="2", toughness="2", **kw)  # type: ignore[arg-type]


CARDS = CardPool(
    {
        c.name: c
        for c in (
            card("Test Lancer", "{R}: Test Lancer gains first strike until end of turn."),
            card("Test Glider", "{U}: Test Glider gains flying until end of turn."),
            card("Test Ward", "Target creature gets -1/-0 and loses vigilance until end of turn.", ("Instant",)),
            card("Test Muster", "Creatures you control gain vigilance until end of turn.", ("Instant",)),
            card("Test Marshal", "Other Soldiers you control have vigilance.", subtypes=("Human", "Soldier")),
            card("Test Rider", "Test Rider has haste as long as you control an artifact."),
            card(
                "Test Pike", "Equipped creature has double strike.\nEquip {2}", ("Artifact",), subtypes=("Equipment",)
            ),
            card(
                "Test Wings",
                "Enchant creature\nEnchanted creature gets +1/+1 and has flying.",
                ("Enchantment",),
                subtypes=("Aura",),
            ),
            card(
                "Test Rune", "Enchant creature\nEnchanted creature has defender.", ("Enchantment",), subtypes=("Aura",)
            ),
            card("Test Vow", "Target creature gains indestructible until end of turn.", ("Instant",)),
            card("Test Ghoul", "Test Ghoul has menace as long as you control three or more Zombies."),
            card("Test Bulwark", "Test Bulwark has indestructible as long as it's untapped."),
            card("Test Hush", "Target creature loses all abilities until end of turn.", ("Instant",)),
            card("Test Bolt", "Test Bolt deals 3 damage to target creature.", ("Instant",)),
            card("Test Stomper", "Trample", keywords=("Trample",)),
            card("Test Brute", "Trample", keywords=("Trample",)),
            card("Test Brawler", "Menace", keywords=("Menace",)),
        )
    }
)

#: (sentence, card, the template it states).
STATED = [
    (
        "If you activate Test Lancer's ability after first-strike combat damage has been dealt, it still deals combat damage in the regular combat damage step.",
        "Test Lancer",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Activating Test Glider's ability after it has been blocked won't cause it to become unblocked.",
        "Test Glider",
        "flying.block-stands",
    ),
    (
        "If Test Glider's ability is activated after blockers are declared, Test Glider remains blocked.",
        "Test Glider",
        "flying.block-stands",
    ),
    (
        "Casting Test Ward on an attacking creature with vigilance won't cause it to become tapped.",
        "Test Ward",
        "vigilance.changes-after-attack",
    ),
    (
        "Casting Test Muster after attackers have been declared won't untap the attacking creatures.",
        "Test Muster",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Marshal leaves the battlefield after your Soldiers have been declared as attackers, they stay untapped.",
        "Test Marshal",
        "vigilance.changes-after-attack",
    ),
    (
        "If you lose control of your artifact after Test Rider has attacked, it continues to attack.",
        "Test Rider",
        "haste.attack-stands",
    ),
    (
        "If Test Pike becomes unattached after the equipped creature deals first-strike combat damage, that creature won't deal regular combat damage.",
        "Test Pike",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Hush targets an attacking creature with haste, that creature continues to attack.",
        "Test Hush",
        "haste.attack-stands",
    ),
    (
        "If Test Bolt destroys the only creature blocking an attacking creature, that attacking creature remains blocked.",
        "Test Bolt",
        "combat.remains-blocked",
    ),
    (
        "Test Stomper's damage must first be assigned to the creatures blocking it.",
        "Test Stomper",
        "trample.lethal-then-excess",
    ),
    (
        "If Test Stomper is blocked, it can't assign any damage to the player it's attacking unless each of its blockers is assigned lethal damage.",
        "Test Stomper",
        "trample.lethal-then-excess",
    ),
    (
        "If the creatures blocking Test Stomper are all destroyed by first-strike damage, it deals all its combat damage to the player it's attacking.",
        "Test Stomper",
        "trample.blockers-destroyed-by-first-strike",
    ),
    ("If a blocking creature with flying loses flying, it continues to block.", "Test Glider", "flying.block-stands"),
    (
        "If Test Brawler is blocked by two creatures and one of them leaves the battlefield, it's still blocked by the other.",
        "Test Brawler",
        "menace.block-stands",
    ),
    (
        "Casting Test Wings on a creature that's already blocked won't cause it to become unblocked.",
        "Test Wings",
        "flying.block-stands",
    ),
    ("If you cast Test Wings on a blocked creature, it remains blocked.", "Test Wings", "flying.block-stands"),
    (
        "If you cast Test Wings on a creature that's already been blocked, that creature remains blocked.",
        "Test Wings",
        "flying.block-stands",
    ),
    (
        "If Test Ward targets an attacking creature, it doesn't become tapped.",
        "Test Ward",
        "vigilance.changes-after-attack",
    ),
    (
        "Casting Test Muster after your creatures have been declared as attackers won't untap them.",
        "Test Muster",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Glider's ability resolves after it's been blocked, it remains blocked.",
        "Test Glider",
        "flying.block-stands",
    ),
    ("A creature enchanted with Test Rune can't attack.", "Test Rune", "defender.cant-attack"),
    ("The creature targeted by Test Vow isn't destroyed by lethal damage.", "Test Vow", "indestructible.not-destroyed"),
    (
        "While you control three or more Zombies, your opponent needs at least two creatures to block Test Ghoul.",
        "Test Ghoul",
        "menace.two-or-more-blockers",
    ),
    ("One creature alone can't block Test Brawler.", "Test Brawler", "menace.two-or-more-blockers"),
    (
        "Each opponent must block Test Brawler with two or more creatures if they want to block it at all.",
        "Test Brawler",
        "menace.two-or-more-blockers",
    ),
    (
        "While Test Bulwark is untapped, it isn't destroyed by lethal damage.",
        "Test Bulwark",
        "indestructible.not-destroyed",
    ),
    (
        "If you activate Test Lancer's ability after first-strike combat damage has been dealt, Test Lancer will deal combat damage during the regular combat damage step only if it didn't already deal first-strike combat damage.",
        "Test Lancer",
        "first-strike.changed-after-first-damage",
    ),
]

#: The same frames for a card whose effect is another change (another keyword, given instead of
#: taken), or with the rule changed: never compiled.
NOT_STATED = [
    ("Activating Test Lancer's ability after it has been blocked won't cause it to become unblocked.", "Test Lancer"),
    ("Casting Test Muster on an attacking creature won't cause it to become tapped.", "Test Muster"),
    ("Casting Test Ward after attackers have been declared won't untap the attacking creatures.", "Test Ward"),
    ("If you gain control of an artifact after Test Rider has attacked, it continues to attack.", "Test Rider"),
    (
        "If Test Bolt destroys a creature blocking an attacking creature, that attacking creature becomes unblocked.",
        "Test Bolt",
    ),
    (
        "If Test Brute is blocked by a creature and then that creature gains flying, Test Brute remains blocked.",
        "Test Brute",
    ),
    ("Casting Test Wings on a creature that's already blocked will cause it to become unblocked.", "Test Wings"),
    ("The creature targeted by Test Ward can't attack.", "Test Ward"),
    ("A creature enchanted with Test Rune can attack.", "Test Rune"),
    (
        "While you control two or fewer Zombies, your opponent needs at least two creatures to block Test Ghoul.",
        "Test Ghoul",
    ),
    ("One creature alone can block Test Brawler.", "Test Brawler"),
    (
        "Each opponent must block Test Brawler with three or more creatures if they want to block it at all.",
        "Test Brawler",
    ),
    ("While Test Bulwark is tapped, it isn't destroyed by lethal damage.", "Test Bulwark"),
]


def compiled(texts: list[tuple[str, str]]) -> list[str | None]:
    rulings = [ruling(text, name, f"r.{i}") for i, (text, name) in enumerate(texts)]
    suite = compile_corpus(Corpus(tuple(rulings)), CARDS)
    got = {c.ruling.id: (c.template if c.coverage == "template" else None) for c in suite.coverage}
    return [got[f"r.{i}"] for i in range(len(texts))]


def test_a_card_changes_only_the_keywords_its_oracle_text_changes():
    assert changes(CARDS.cards["Test Lancer"]) == (Change("self", "gains", ("first strike",), "activate"),)
    assert changes(CARDS.cards["Test Ward"]) == (Change("target", "loses", ("vigilance",), "cast"),)
    assert changes(CARDS.cards["Test Muster"]) == (Change("yours", "gains", ("vigilance",), "cast"),)
    # a lord: its creatures lose the keyword when it leaves, and gain it when it enters
    assert changes(CARDS.cards["Test Marshal"]) == (
        Change("others", "loses", ("vigilance",), "leave", "soldiers"),
        Change("others", "gains", ("vigilance",), "enter", "soldiers"),
    )
    assert changes(CARDS.cards["Test Rider"]) == (Change("self", "loses", ("haste",), "control", "artifact"),)
    assert changes(CARDS.cards["Test Pike"]) == (
        Change("equipped", "loses", ("double strike",), "unattached"),
        Change("equipped", "gains", ("double strike",), "attach"),
    )
    assert changes(CARDS.cards["Test Bolt"]) == ()


def test_a_combat_rule_stated_through_its_cards_effect_compiles_to_its_template():
    got = compiled([(text, name) for text, name, _ in STATED])
    wrong = [f"{text!r}: {g} (expected {t})" for (text, _, t), g in zip(STATED, got, strict=True) if g != t]
    assert wrong == [], "\n".join(wrong)


def test_another_change_of_the_card_or_the_rule_changed_stays_uncovered():
    got = compiled(NOT_STATED)
    assert [text for (text, _), g in zip(NOT_STATED, got, strict=True) if g is not None] == []


#: Each sentence here names one keyword (the one the card changes): exchanging keywords is the
#: combat normal form's test (tests/test_claims_combat_forms.py).
@pytest.mark.parametrize("kind", list(KINDS))
def test_no_contradicting_variant_of_a_rule_stated_through_its_card_compiles(kind):
    made: list[tuple[str, str]] = []
    for text, name, _ in STATED:
        changed = variant(text, KINDS[kind], (name,))
        if changed is not None:
            made.append((changed, name))
    assert made, kind
    got = compiled(made)
    assert [text for (text, _), g in zip(made, got, strict=True) if g is not None] == []
