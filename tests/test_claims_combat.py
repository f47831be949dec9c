"""The combat keyword families compile by meaning (issue 24, fourth round): the rule stated through
its card ("Test Goblin can't be blocked except by two or more creatures" is menace's rule when the
card has menace), in the frames rulings use (conditionals, negation forms, passive and active,
the card or the creature an Equipment gives the keyword to), and no contradicting variant of them
compiles.

The sentences are written for these tests (cards made up for them), in the frames of the
written-from combat rulings; none is a ruling's text."""

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha
from rulings.holders import held_keywords, holder_readings
from tests.test_claims_meaning import KINDS, keywords_exchanged, variant


def creature(name: str, text: str, keywords: tuple[str, ...] = (), types: tuple[str, ...] = ("Creature",)) -> CardData:
    return CardData(name=name, types=types, text=text, power="2", toughness="2", keywords=keywords)


CARDS = CardPool(
    {
        card.name: card
        for card in (
            creature("Test Striker", "As long as you control an artifact, Test Striker has double strike."),
            creature("Test Duelist", "First strike", ("First strike",)),
            creature("Test Brute", "Trample", ("Trample",)),
            creature("Test Viper", "Deathtouch", ("Deathtouch",)),
            creature("Test Reaver", "Deathtouch, trample", ("Deathtouch", "Trample")),
            creature("Test Healer", "Lifelink", ("Lifelink",)),
            creature("Test Bat", "Flying", ("Flying",)),
            creature("Test Spider", "Reach", ("Reach",)),
            creature(
                "Test Goblin", "Menace (This creature can't be blocked except by two or more creatures.)", ("Menace",)
            ),
            creature("Test Sentry", "Test Sentry has vigilance as long as you control a Soldier."),
            creature("Test Wall", "Defender", ("Defender",)),
            creature("Test Runner", "Test Runner has haste as long as you control another Goblin."),
            creature("Test Golem", "Indestructible", ("Indestructible",)),
            creature("Test Captain", "Other Soldier creatures you control get +1/+1 and have vigilance."),
            creature(
                "Test Plain", "When Test Plain enters the battlefield, target creature gains flying until end of turn."
            ),
            CardData(
                name="Test Blade",
                types=("Artifact",),
                subtypes=("Equipment",),
                text="Equipped creature gets +1/+0 and has first strike.\nEquip {2}",
                keywords=("Equip",),
            ),
        )
    }
)

#: (sentence, card, the template it states): one rule in the frames rulings say it in.
STATED = [
    # 702.7c, 702.4c-d: first or double strike gained or lost after first-strike damage.
    (
        "If Test Striker loses double strike after it deals first-strike combat damage, it won't deal regular combat damage.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker gains double strike after first-strike combat damage has been dealt, it deals only regular "
        "combat damage.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker has double strike as the combat damage step begins, there will be a second combat damage step. "
        "As that second combat damage step begins, if Test Striker no longer has double strike, it won't assign "
        "combat damage again.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Duelist loses first strike after it has dealt first-strike combat damage, it won't deal combat damage in "
        "the second combat damage step (unless it has double strike).",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Giving the equipped creature first strike after first-strike combat damage has been dealt won't prevent it "
        "from dealing regular combat damage.",
        "Test Blade",
        "first-strike.changed-after-first-damage",
    ),
    # 506.4 with 702.10: an attacker that loses haste stays an attacker; haste counts as attackers are declared.
    (
        "If Test Runner loses haste after it's been declared as an attacker, it continues to attack.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "Once Test Runner has been declared as an attacker, losing haste won't remove it from combat.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "If Test Runner loses haste before attackers are declared on the turn it came under your control, it can't "
        "attack.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "If Test Runner loses haste after it has been declared as an attacker on the turn it enters the battlefield, "
        "it continues to attack.",
        "Test Runner",
        "haste.attack-stands",
    ),
    ("Test Runner can attack the turn it comes under your control.", "Test Runner", "haste.attacks-at-once"),
    # 702.20b: vigilance counts as attackers are declared.
    (
        "If Test Sentry loses vigilance after it attacks, it stays untapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Giving Test Sentry vigilance after attackers have been declared won't untap it.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    ("Attacking doesn't cause Test Sentry to tap.", "Test Sentry", "vigilance.attacks-untapped"),
    ("Test Sentry doesn't tap when it attacks.", "Test Sentry", "vigilance.attacks-untapped"),
    # 702.111b: menace.
    ("Test Goblin can't be blocked except by two or more creatures.", "Test Goblin", "menace.two-or-more-blockers"),
    ("Test Goblin can't be blocked by just one creature.", "Test Goblin", "menace.two-or-more-blockers"),
    (
        "Gaining menace after blockers are declared won't cause Test Goblin to become unblocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    # 702.9b, 702.17b: flying and reach.
    ("Test Spider can block creatures with flying.", "Test Spider", "reach.blocks-flying"),
    ("If Test Bat gains flying after blockers are declared, it remains blocked.", "Test Bat", "flying.block-stands"),
    (
        "Whether Test Bat has flying is checked only as the declare blockers step begins.",
        "Test Bat",
        "flying.block-stands",
    ),
    # 702.19b-e: trample.
    (
        "Test Brute can assign excess damage to the player or planeswalker it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "If all creatures blocking Test Brute are removed from combat, Test Brute assigns all its combat damage to the "
        "player it's attacking.",
        "Test Brute",
        "trample.blockers-destroyed-by-first-strike",
    ),
    # 702.2b-c: deathtouch.
    (
        "Any amount of damage Test Viper deals to a creature is enough to destroy it.",
        "Test Viper",
        "deathtouch.destroys",
    ),
    (
        "Test Reaver can assign 1 damage to each blocking creature and the rest to the player it's attacking.",
        "Test Reaver",
        "deathtouch.lethal-for-trample",
    ),
    # 702.15b: lifelink.
    ("Damage dealt by Test Healer causes you to gain that much life.", "Test Healer", "lifelink.gain-life"),
    ("If Test Healer deals damage, you gain that much life.", "Test Healer", "lifelink.gain-life"),
    # 702.12b: indestructible.
    ("Test Golem isn't destroyed by lethal damage.", "Test Golem", "indestructible.not-destroyed"),
    (
        "Lethal damage and damage from a source with deathtouch don't destroy Test Golem.",
        "Test Golem",
        "indestructible.not-destroyed",
    ),
    # 702.3b: defender.
    ("Test Wall can't attack.", "Test Wall", "defender.cant-attack"),
    # More frames of the same rules.
    (
        "If Test Striker loses double strike after first-strike combat damage has been dealt, it won't deal combat damage in the regular combat damage step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker gains double strike after first-strike combat damage has been dealt, it will deal combat damage in the regular combat damage step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Removing double strike from Test Striker after it has dealt first-strike combat damage will stop it from dealing regular combat damage.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker has double strike as the combat damage step begins but loses it before the second combat damage step, it won't deal combat damage in the second combat damage step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Duelist gains double strike after it has dealt first-strike combat damage, it will also deal regular combat damage.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Sentry loses vigilance after it has been declared as an attacker, it remains untapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Test Sentry stays untapped if it loses vigilance after attackers are declared.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry gains vigilance after attackers are declared, it won't untap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Causing Test Sentry to lose vigilance after it attacks won't cause it to become tapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    ("Attacking with Test Sentry doesn't cause it to tap.", "Test Sentry", "vigilance.attacks-untapped"),
    ("Test Goblin can't be blocked by one creature.", "Test Goblin", "menace.two-or-more-blockers"),
    ("If Test Goblin gains menace after it's been blocked, it remains blocked.", "Test Goblin", "menace.block-stands"),
    (
        "Once Test Goblin has been blocked, giving it menace won't cause it to become unblocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    ("Test Spider can block a creature with flying.", "Test Spider", "reach.blocks-flying"),
    ("Test Bat can block creatures with or without flying.", "Test Bat", "flying.blocking"),
    ("Creatures without flying or reach can't block Test Bat.", "Test Bat", "flying.blocking"),
    ("If Test Bat loses flying after blockers are declared, it remains blocked.", "Test Bat", "flying.block-stands"),
    (
        "Test Bat gaining flying after it's blocked won't cause it to become unblocked.",
        "Test Bat",
        "flying.block-stands",
    ),
    (
        "If all creatures blocking Test Brute are destroyed, it assigns all its combat damage to the player it's attacking.",
        "Test Brute",
        "trample.blockers-destroyed-by-first-strike",
    ),
    (
        "Test Brute must assign lethal damage to all creatures blocking it before it can assign damage to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "If Test Brute is blocked, it assigns lethal damage to each blocking creature and the rest to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    ("If Test Runner loses haste after attacking, it remains attacking.", "Test Runner", "haste.attack-stands"),
    (
        "Test Runner won't be removed from combat if it loses haste after attackers are declared.",
        "Test Runner",
        "haste.attack-stands",
    ),
    ("If Test Viper deals damage to a creature, that creature is destroyed.", "Test Viper", "deathtouch.destroys"),
    (
        "Any amount of damage Test Viper deals to a creature is enough to destroy that creature.",
        "Test Viper",
        "deathtouch.destroys",
    ),
    ("Damage dealt by Test Healer also causes you to gain that much life.", "Test Healer", "lifelink.gain-life"),
    ("You gain life equal to the damage Test Healer deals.", "Test Healer", "lifelink.gain-life"),
    ("If Test Healer deals combat damage, you gain that much life.", "Test Healer", "lifelink.gain-life"),
    ("Test Golem can't be destroyed by lethal damage.", "Test Golem", "indestructible.not-destroyed"),
    ("Lethal damage doesn't destroy Test Golem.", "Test Golem", "indestructible.not-destroyed"),
    ("Test Golem can't be destroyed.", "Test Golem", "indestructible.not-destroyed"),
    (
        "Giving a creature vigilance after it has attacked won't cause it to untap.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "If a creature loses vigilance after it has attacked, it remains untapped.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "Once a creature has been declared as an attacker, giving it vigilance won't cause it to untap.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry loses vigilance after it's declared as an attacker, it won't become tapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry loses vigilance while it's attacking, it remains untapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Test Sentry remains untapped if it loses vigilance after it attacks.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Goblin has menace, it can't be blocked except by two or more creatures.",
        "Test Goblin",
        "menace.two-or-more-blockers",
    ),
    (
        "Test Goblin can't be blocked unless two or more creatures block it.",
        "Test Goblin",
        "menace.two-or-more-blockers",
    ),
    (
        "If Test Duelist loses first strike after first-strike combat damage has been dealt, it won't deal combat damage in the regular combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Duelist gains first strike after combat damage has been dealt in the first combat damage step, it will still deal combat damage in the second combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Giving Test Duelist double strike after it has dealt first-strike combat damage will cause it to deal regular combat damage too.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker loses double strike during the first combat damage step, it won't deal combat damage in the second combat damage step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker loses double strike after dealing first-strike damage, it won't deal regular damage.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker no longer has double strike as the second combat damage step begins, it won't deal combat damage in that step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If the equipped creature loses first strike after first-strike combat damage has been dealt, it won't deal regular combat damage.",
        "Test Blade",
        "first-strike.changed-after-first-damage",
    ),
    ("If Test Bat gains flying after it's been blocked, it won't become unblocked.", "Test Bat", "flying.block-stands"),
    (
        "If Test Runner loses haste after it has attacked, it won't be removed from combat.",
        "Test Runner",
        "haste.attack-stands",
    ),
    ("If Test Runner loses haste after it attacks, it continues attacking.", "Test Runner", "haste.attack-stands"),
    ("Test Runner can attack as soon as it comes under your control.", "Test Runner", "haste.attacks-at-once"),
    (
        "If Test Brute is blocked, excess damage can be assigned to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "Test Brute assigns lethal damage to its blockers, and the rest of its damage can be assigned to the player or planeswalker it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "Creatures with first strike deal combat damage before creatures without first strike.",
        "Test Plain",
        "combat.first-strike-damage-steps",
    ),
    (
        "A creature with double strike deals both first-strike and regular combat damage.",
        "Test Plain",
        "combat.first-strike-damage-steps",
    ),
    ("Test Striker deals combat damage twice.", "Test Striker", "combat.first-strike-damage-steps"),
    (
        "If a creature gains menace after it's already been blocked by only one creature, it remains blocked.",
        "Test Plain",
        "menace.block-stands",
    ),
    ("Test Brute assigns its excess damage to the player it's attacking.", "Test Brute", "trample.lethal-then-excess"),
    (
        "Test Reaver needs to assign only 1 damage to each blocking creature, and the rest can be assigned to the player it's attacking.",
        "Test Reaver",
        "deathtouch.lethal-for-trample",
    ),
    ("Creatures with reach can block Test Bat.", "Test Bat", "reach.blocks-flying"),
    (
        "A creature that gains vigilance after it has attacked remains tapped.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    ("Test Goblin can't be blocked by fewer than two creatures.", "Test Goblin", "menace.two-or-more-blockers"),
    (
        "If Test Duelist already has first strike and gains double strike after first-strike combat damage has been "
        "dealt, it will deal regular combat damage too.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    ("Creatures with vigilance don't tap when they attack.", "Test Plain", "vigilance.attacks-untapped"),
    (
        "If Test Duelist loses first strike after it has dealt combat damage in the first-strike combat damage step, it won't deal combat damage again in the regular combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Duelist gains first strike after the first-strike combat damage step has ended, it deals combat damage in the regular combat damage step as normal.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Duelist loses first strike during the first-strike combat damage step, it won't deal combat damage in the regular combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Once a creature has been blocked by only one creature, gaining menace won't change that.",
        "Test Plain",
        "menace.block-stands",
    ),
    ("Once Test Bat has been blocked, giving it flying won't change that.", "Test Bat", "flying.block-stands"),
    ("Gaining vigilance after attacking won't untap the creature.", "Test Plain", "vigilance.changes-after-attack"),
    (
        "Test Sentry's vigilance matters only as attackers are declared.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry gains vigilance after it has been declared as an attacker, it won't untap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If a creature you control loses vigilance after it attacks, it stays untapped.",
        "Test Captain",
        "vigilance.changes-after-attack",
    ),
    ("Creatures you control don't tap when they attack.", "Test Captain", "vigilance.attacks-untapped"),
    (
        "Vigilance matters only as attackers are declared. Giving a creature vigilance after that point won't untap it, even if it's attacking.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
]

#: (sentence, card): the card names no keyword of the rule (its own restriction, or a keyword it
#: gives another creature), or the sentence says something else: never compiled.
NOT_STATED = [
    ("Test Plain can't be blocked except by two or more creatures.", "Test Plain"),
    ("Test Plain can block creatures with flying.", "Test Plain"),
    ("Test Spider can't be blocked except by two or more creatures.", "Test Spider"),
    ("Test Plain can't attack.", "Test Plain"),
    ("Test Bat can't attack.", "Test Bat"),
    ("Test Plain isn't destroyed by lethal damage.", "Test Plain"),
    ("Damage dealt by Test Viper causes you to gain that much life.", "Test Viper"),
    ("Test Brute can assign excess damage to the creatures blocking it.", "Test Brute"),
    (
        "If Test Striker loses double strike after it deals first-strike combat damage, it deals regular combat damage.",
        "Test Striker",
    ),
    ("Test Goblin can't be blocked except by three or more creatures.", "Test Goblin"),
    (
        "If Test Striker gains double strike after first-strike combat damage has been dealt, it won't deal first-strike combat damage, but it will deal regular combat damage.",
        "Test Striker",
    ),
    ("Test Bat can block creatures with flying.", "Test Bat"),
    ("A creature that attacked and then gains vigilance remains tapped.", "Test Plain"),
    ("Creatures you control don't tap when they attack.", "Test Plain"),
]


def ruling(text: str, card: str, rid: str = "test.combat") -> Ruling:
    return Ruling(
        id=rid,
        text=text,
        sha=ruling_sha(text),
        cards=(card,),
        sources=("x",),
        cr=("702.2",),
        tags=("combat",),
        status="executable",
    )


def compiled(rulings: list[Ruling]) -> dict[str, str | None]:
    """ruling id -> the template it compiles to, or None."""
    suite = compile_corpus(Corpus(tuple(rulings)), CARDS)
    return {c.ruling.id: (c.template if c.coverage == "template" else None) for c in suite.coverage}


def test_a_card_holds_the_keywords_its_oracle_text_gives_it():
    assert held_keywords(CARDS.cards["Test Striker"]) == {"double strike"}
    assert held_keywords(CARDS.cards["Test Reaver"]) == {"deathtouch", "trample"}
    assert held_keywords(CARDS.cards["Test Goblin"]) == {"menace"}
    assert held_keywords(CARDS.cards["Test Captain"]) == frozenset()
    assert holder_readings("an attacking creature you control stays untapped.", [CARDS.cards["Test Captain"]]) == (
        "an attacking creature with vigilance stays untapped.",
    )
    # The keyword it gives a target is not its own.
    assert held_keywords(CARDS.cards["Test Plain"]) == frozenset()
    assert "a creature with first strike gets" in " ".join(
        holder_readings("the equipped creature gets +1/+0.", [CARDS.cards["Test Blade"]])
    )


def test_a_combat_rule_stated_through_its_card_compiles_to_its_template():
    rulings = [ruling(text, card, f"stated.{i}") for i, (text, card, _) in enumerate(STATED)]
    got = compiled(rulings)
    wrong = [
        f"{text!r}: {got[f'stated.{i}']} (expected {template})"
        for i, (text, card, template) in enumerate(STATED)
        if got[f"stated.{i}"] != template
    ]
    assert wrong == [], "\n".join(wrong)


def test_the_rule_said_of_a_card_without_the_keyword_or_changed_does_not_compile():
    got = compiled([ruling(text, card, f"not.{i}") for i, (text, card) in enumerate(NOT_STATED)])
    assert {rid: t for rid, t in got.items() if t is not None} == {}


@pytest.mark.parametrize("kind", [*KINDS, "keywords exchanged"])
def test_no_contradicting_variant_of_a_combat_rule_compiles(kind):
    made: list[tuple[Ruling, str]] = []
    for i, (text, card, _) in enumerate(STATED):
        changed = (
            keywords_exchanged(text, (card,)) if kind == "keywords exchanged" else variant(text, KINDS[kind], (card,))
        )
        if changed is not None:
            made.append((ruling(changed, card, f"variant.{i}"), changed))
    assert made, kind
    got = compiled([r for r, _ in made])
    assert [text for r, text in made if got[r.id] is not None] == []


def test_blocking_and_blocked_are_opposite_sides_of_a_block():
    """509.1: a "blocking" creature is the blocker and a "blocked" one the attacker; the stemmer once
    read both as "block", so a keyword gained "after it has been blocking" read as "after it has
    been blocked" and the blocker's side compiled to the attacker's rule."""
    stated = [
        ("If Test Goblin gains menace after it has been blocked by one creature, it remains blocked.", "Test Goblin"),
        ("If Test Bat gains flying after it has been blocked, it remains blocked.", "Test Bat"),
        ("The attacking creatures that the destroyed creature was blocking remain blocked.", "Test Bat"),
    ]
    swapped = [
        ("If Test Goblin gains menace after it has been blocking one creature, it remains blocked.", "Test Goblin"),
        ("If Test Bat gains flying after it has been blocking, it remains blocked.", "Test Bat"),
    ]
    rulings = [ruling(text, card, f"stated-{n}") for n, (text, card) in enumerate(stated)]
    rulings += [ruling(text, card, f"swapped-{n}") for n, (text, card) in enumerate(swapped)]
    got = compiled(rulings)
    assert all(got[f"stated-{n}"] is not None for n in range(len(stated))), got
    assert all(got[f"swapped-{n}"] is None for n in range(len(swapped))), got
