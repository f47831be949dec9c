"""The combat normal form (issue 24, sixth round: generality): a combat rule said in the class of
wordings rulings use, with other noun phrases for the creature and its blockers, other tenses and
aspects, other words for the moment ("once", "as soon as", "any time after"), other negation and
causation forms, compiles to its template; and no contradicting variant of any of those sentences
(negated, another time or step, another player or zone, keywords exchanged, roles swapped) does.

The sentences and cards are made up for these tests; none is a ruling's text."""

import pytest

from rulings.combat_forms import normal_form
from tests.test_claims_combat import compiled, ruling
from tests.test_claims_meaning import KINDS, keywords_exchanged, variant

#: (sentence, card of tests.test_claims_combat's pool, the template it states).
STATED = [
    (
        "If Test Duelist loses first strike after it has dealt combat damage in the first combat damage step, it won't deal combat damage in the second combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker loses double strike after first-strike combat damage is dealt, it doesn't deal combat damage in the regular combat damage step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If the equipped creature gains first strike after first-strike damage has been dealt, it still deals combat damage in the regular combat damage step.",
        "Test Blade",
        "first-strike.changed-after-first-damage",
    ),
    (
        "A creature that gains first strike after the first combat damage step will still deal its combat damage during the second combat damage step.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker stops having double strike once first-strike damage has been dealt, it won't deal damage in the second step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Removing double strike from Test Striker after first-strike combat damage means it won't deal regular combat damage.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker loses double strike during the first-strike combat damage step, it won't deal combat damage in the regular combat damage step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Giving a creature first strike after first-strike combat damage has been dealt doesn't stop it from dealing regular combat damage.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Sentry loses vigilance after it has been declared as an attacker, it doesn't become tapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry loses vigilance after attackers are declared, it remains untapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If a creature gains vigilance after it has attacked, it doesn't untap.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry gains vigilance after it's declared as an attacker, it stays tapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Once Test Sentry has attacked, losing vigilance won't cause it to become tapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry loses vigilance while it's attacking, it won't tap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    ("If an attacking creature gains vigilance, it remains tapped.", "Test Plain", "vigilance.changes-after-attack"),
    (
        "Once Test Goblin has been blocked, it stays blocked even if one of the creatures blocking it leaves the battlefield.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "If one of the creatures blocking Test Goblin is removed from combat, Test Goblin remains blocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "If Test Goblin is blocked by two creatures and one of them is destroyed, Test Goblin remains blocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "Giving a creature menace after blockers have been declared doesn't cause it to become unblocked.",
        "Test Plain",
        "menace.block-stands",
    ),
    ("Menace matters only as blockers are declared.", "Test Goblin", "menace.block-stands"),
    ("Whether a creature has menace matters only when blockers are declared.", "Test Plain", "menace.block-stands"),
    ("If Test Bat gains flying after it has been blocked, it remains blocked.", "Test Bat", "flying.block-stands"),
    (
        "Giving a creature flying after blockers have been declared won't cause it to become unblocked.",
        "Test Plain",
        "flying.block-stands",
    ),
    (
        "If a creature without flying or reach blocks Test Bat and then Test Bat gains flying, it remains blocked.",
        "Test Bat",
        "flying.block-stands",
    ),
    ("Flying matters only as blockers are declared.", "Test Bat", "flying.block-stands"),
    (
        "If Test Runner loses haste after it's declared as an attacker, it remains attacking.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "If Test Runner loses haste while it's attacking, it isn't removed from combat.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "Once Test Runner has attacked, losing haste doesn't remove it from combat.",
        "Test Runner",
        "haste.attack-stands",
    ),
    ("Haste matters only as attackers are declared.", "Test Runner", "haste.attack-stands"),
    (
        "If the creature blocking Test Brute leaves combat, Test Brute remains blocked.",
        "Test Brute",
        "combat.remains-blocked",
    ),
    (
        "A blocked creature remains blocked even if all creatures blocking it are removed from combat.",
        "Test Plain",
        "combat.remains-blocked",
    ),
    (
        "Once a creature has become blocked, it remains blocked even if the creature blocking it leaves the battlefield.",
        "Test Plain",
        "combat.remains-blocked",
    ),
    (
        "Test Brute must assign lethal damage to all creatures blocking it before it can assign damage to the defending player.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "Test Brute's controller assigns lethal damage to each creature blocking it and assigns the rest to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "If Test Brute is blocked, its controller may assign any damage beyond lethal damage to the defending player.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "A creature that loses double strike after dealing first-strike combat damage won't deal regular combat damage.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker loses double strike after combat damage is dealt in the first combat damage step, it won't deal combat damage in the second one.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If the equipped creature loses first strike after it has dealt combat damage during the first-strike combat damage step, it won't deal combat damage again.",
        "Test Blade",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If a creature without first strike gains first strike after the first-strike combat damage step, it still deals combat damage in the regular combat damage step.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Duelist loses first strike after the first combat damage step, it won't deal combat damage in the second combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Test Duelist won't deal combat damage in the regular combat damage step if it loses first strike after dealing first-strike damage.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker loses double strike after it deals combat damage in the first combat damage step, it won't also deal combat damage in the second combat damage step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If a creature gains first strike after first-strike damage has already been dealt, it will deal its combat damage in the normal combat damage step.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Sentry loses vigilance after attacking, it doesn't tap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry gains vigilance after it has been tapped to attack, it won't untap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Giving Test Plain vigilance after it has attacked won't cause it to untap.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "Once a creature has been declared as an attacker, gaining vigilance won't untap it.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "If a creature you control loses vigilance after it has attacked, it won't become tapped.",
        "Test Captain",
        "vigilance.changes-after-attack",
    ),
    (
        "If an attacking creature loses vigilance, it doesn't become tapped.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "Removing vigilance from an attacking creature won't cause it to become tapped.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry loses vigilance after it was declared as an attacker, it stays untapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Test Sentry remains untapped if it loses vigilance after attackers are declared.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If a creature that's already attacking gains vigilance, it won't untap.",
        "Test Plain",
        "vigilance.changes-after-attack",
    ),
    ("Vigilance only matters when attackers are declared.", "Test Sentry", "vigilance.changes-after-attack"),
    (
        "If Test Goblin has already been blocked by one creature, giving it menace won't cause it to become unblocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "If Test Goblin is blocked by two creatures and one of those creatures leaves the battlefield, Test Goblin remains blocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "Removing one of the creatures blocking Test Goblin from combat won't cause Test Goblin to become unblocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "Test Goblin remains blocked if one of the creatures blocking it is destroyed.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "Once blockers have been declared, giving a creature menace won't change or undo any blocks.",
        "Test Plain",
        "menace.block-stands",
    ),
    (
        "If Test Bat is blocked by a creature without flying or reach and then gains flying, it remains blocked.",
        "Test Bat",
        "flying.block-stands",
    ),
    (
        "Once Test Bat has been blocked, gaining flying won't cause it to become unblocked.",
        "Test Bat",
        "flying.block-stands",
    ),
    ("Giving a blocked creature flying won't cause it to become unblocked.", "Test Plain", "flying.block-stands"),
    (
        "If Test Runner loses haste after attackers have been declared, it will continue attacking.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "If Test Runner loses haste after it has been declared as an attacker, it isn't removed from combat.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "Test Runner remains attacking even if it loses haste after it has attacked.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "If Test Runner stops having haste after it attacks, it remains an attacking creature.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "If all creatures blocking Test Brute leave the battlefield, Test Brute remains blocked.",
        "Test Brute",
        "combat.remains-blocked",
    ),
    (
        "If the creature blocking an attacking creature is destroyed, the attacking creature remains blocked.",
        "Test Plain",
        "combat.remains-blocked",
    ),
    (
        "An attacking creature that was blocked remains blocked even if the creature blocking it is removed from combat.",
        "Test Plain",
        "combat.remains-blocked",
    ),
    (
        "Test Brute's controller must assign lethal damage to all blocking creatures before assigning any damage to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "Test Brute can assign its excess damage to the player or planeswalker it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "If Test Brute is blocked, any damage beyond what's lethal to its blockers can be assigned to the defending player.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "When assigning Test Brute's combat damage, you must assign lethal damage to each blocking creature before you can assign damage to the defending player.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    # trample's order said of the damage, the blocker's side, the moment by reference, negation forms
    (
        "Test Brute's damage must first be assigned to the creatures blocking it.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "Test Brute assigns its combat damage to the creatures blocking it first.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "When Test Brute is blocked, you must assign lethal damage to its blockers before assigning any to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "Test Brute can't assign damage to the player it's attacking unless it assigns lethal damage to all creatures blocking it.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "If every creature blocking Test Brute is removed from combat, all of its combat damage is assigned to the player it's attacking.",
        "Test Brute",
        "trample.blockers-destroyed-by-first-strike",
    ),
    ("If Test Spider loses reach after it blocks, it continues to block.", "Test Spider", "flying.block-stands"),
    ("If Test Runner attacks and then loses haste, it continues to attack.", "Test Runner", "haste.attack-stands"),
    ("Once Test Runner has attacked, it doesn't matter if it loses haste.", "Test Runner", "haste.attack-stands"),
    (
        "Losing first strike after first-strike combat damage doesn't let a creature deal combat damage again.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Giving first strike to a creature after first-strike damage has been dealt doesn't cause it to skip dealing combat damage.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If the equipped creature gains first strike after the first combat damage step is over, it still deals its combat damage in the second.",
        "Test Blade",
        "first-strike.changed-after-first-damage",
    ),
    ("Vigilance doesn't untap a creature that's already tapped.", "Test Sentry", "vigilance.changes-after-attack"),
    (
        "Losing vigilance after attackers are declared doesn't cause Test Sentry to tap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Goblin is blocked by two creatures and one of them is removed from combat, Test Goblin is still blocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    (
        "Once a creature without flying or reach has blocked Test Bat, Test Bat gaining flying won't change the block.",
        "Test Bat",
        "flying.block-stands",
    ),
    (
        "A blocked creature doesn't become unblocked if its blocker is destroyed.",
        "Test Plain",
        "combat.remains-blocked",
    ),
    # the block or the attack said to stand, moments said by 'during combat' and 'even after'
    (
        "Test Bat doesn't become unblocked if it gains flying after blockers are declared.",
        "Test Bat",
        "flying.block-stands",
    ),
    (
        "Flying won't make Test Bat unblocked if it's gained after blockers have been declared.",
        "Test Bat",
        "flying.block-stands",
    ),
    (
        "If Test Bat is given flying after it has been blocked, the block still stands.",
        "Test Bat",
        "flying.block-stands",
    ),
    ("A creature that gains flying after it has been blocked is still blocked.", "Test Plain", "flying.block-stands"),
    (
        "Test Goblin stays blocked if it gains menace after it was blocked by a single creature.",
        "Test Goblin",
        "menace.block-stands",
    ),
    ("Gaining menace after blockers are declared doesn't undo any blocks.", "Test Goblin", "menace.block-stands"),
    (
        "If one of two creatures blocking Test Goblin leaves combat, Test Goblin stays blocked.",
        "Test Goblin",
        "menace.block-stands",
    ),
    ("Test Runner keeps attacking even if it loses haste during combat.", "Test Runner", "haste.attack-stands"),
    (
        "If Test Runner no longer has haste after it attacks, it still remains in combat.",
        "Test Runner",
        "haste.attack-stands",
    ),
    ("Losing haste won't remove an attacking creature from combat.", "Test Runner", "haste.attack-stands"),
    (
        "If Test Sentry stops having vigilance after it attacks, it stays untapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Test Sentry won't tap if it loses vigilance after being declared as an attacker.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    ("An attacking creature that gains vigilance remains tapped.", "Test Plain", "vigilance.changes-after-attack"),
    ("Giving vigilance to a tapped attacking creature won't untap it.", "Test Plain", "vigilance.changes-after-attack"),
    (
        "If Test Duelist loses first strike after it has dealt first-strike combat damage, it doesn't deal combat damage again in the second combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "Test Striker won't deal regular combat damage if it loses double strike after first-strike damage has been dealt.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "A creature that gains first strike after first-strike damage has been dealt isn't prevented from dealing regular combat damage.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If a creature gains first strike after first-strike combat damage is dealt, it deals its combat damage in the regular combat damage step.",
        "Test Plain",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker loses double strike after first-strike combat damage, it doesn't deal combat damage in the second step.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "An attacking creature stays blocked even after the creature blocking it leaves the battlefield.",
        "Test Plain",
        "combat.remains-blocked",
    ),
    (
        "If the creature blocking Test Brute is removed from combat, Test Brute is still a blocked creature.",
        "Test Brute",
        "combat.remains-blocked",
    ),
    (
        "Test Brute assigns lethal damage to its blockers and the rest of its damage to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    (
        "Test Brute can assign excess combat damage to the defending player once its blockers have been assigned lethal damage.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
    # the second damage step said of the combat, the arriving turn said by how
    (
        "If Test Duelist is attacking or blocking, only creatures with first strike or double strike deal combat damage in the first combat damage step.",
        "Test Duelist",
        "combat.first-strike-damage-steps",
    ),
    (
        "If Test Duelist is attacking or blocking as the combat damage step begins, combat has two combat damage steps.",
        "Test Duelist",
        "combat.first-strike-damage-steps",
    ),
    ("Test Runner can attack on the turn you cast it.", "Test Runner", "haste.attacks-at-once"),
    # attacking without becoming tapped (508.1f, 702.20b)
    (
        "Test Sentry doesn't become tapped when it's declared as an attacker.",
        "Test Sentry",
        "vigilance.attacks-untapped",
    ),
    ("Test Sentry can attack without becoming tapped.", "Test Sentry", "vigilance.attacks-untapped"),
    # concessive asides that widen nothing ("regardless of its toughness", "whether or not it's combat damage")
    (
        "A creature dealt damage by Test Viper is destroyed, regardless of its toughness.",
        "Test Viper",
        "deathtouch.destroys",
    ),
    (
        "Damage dealt by Test Healer causes you to gain the same amount of life, whether or not it's combat damage.",
        "Test Healer",
        "lifelink.gain-life",
    ),
    # Gatherer-style frames: 'stops having', 'deal regular combat damage', 'tapped from attacking'
    (
        "If Test Duelist loses first strike after first-strike combat damage has been dealt, it won't deal combat damage in the regular combat damage step.",
        "Test Duelist",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If Test Striker stops having double strike during the first-strike combat damage step, it won't deal regular combat damage.",
        "Test Striker",
        "first-strike.changed-after-first-damage",
    ),
    (
        "If a creature loses vigilance after it's been declared as an attacker, it remains untapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If a creature gains vigilance after it has become tapped from attacking, it stays tapped.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Giving a creature vigilance after it has attacked doesn't cause it to untap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "If Test Sentry loses vigilance after being declared as an attacker, it doesn't tap.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Test Sentry remains untapped if it loses vigilance after it has attacked.",
        "Test Sentry",
        "vigilance.changes-after-attack",
    ),
    (
        "Once Test Goblin has been blocked, it remains blocked even if it loses menace.",
        "Test Goblin",
        "menace.block-stands",
    ),
    ("If Test Bat loses flying after blockers are declared, it remains blocked.", "Test Bat", "flying.block-stands"),
    (
        "If Test Runner loses haste after attackers have been declared, it remains attacking.",
        "Test Runner",
        "haste.attack-stands",
    ),
    (
        "If Test Brute is blocked, it must assign lethal damage to all blocking creatures before it can assign damage to the player it's attacking.",
        "Test Brute",
        "trample.lethal-then-excess",
    ),
]

#: Sentences that must stay uncovered: a blocker gaining the keyword, one blocker of a creature
#: without menace gone (no rule of a template: remains-blocked checks all of them gone), a negated
#: or reversed consequence, a moment before the event.
NOT_STATED = [
    (
        "If the equipped creature is blocked by a creature and then that creature gains first strike, the equipped "
        "creature deals combat damage first.",
        "Test Blade",
    ),
    (
        "If Test Brute is blocked by a creature and then that creature gains flying, Test Brute remains blocked.",
        "Test Brute",
    ),
    ("If one of the creatures blocking Test Plain is destroyed, Test Plain remains blocked.", "Test Plain"),
    ("If one of the creatures blocking Test Goblin is destroyed, Test Goblin becomes unblocked.", "Test Goblin"),
    ("If all creatures blocking Test Brute leave the battlefield, Test Brute becomes unblocked.", "Test Brute"),
    (
        "If Test Sentry loses vigilance before it has been declared as an attacker, it doesn't become tapped.",
        "Test Sentry",
    ),
    ("If Test Sentry gains vigilance after it has been tapped, it won't untap.", "Test Sentry"),
    ("Removing vigilance from an attacking creature will cause it to become tapped.", "Test Plain"),
    ("Giving Test Plain vigilance after it has attacked will make it untap.", "Test Plain"),
    (
        "If Test Striker loses double strike before first-strike combat damage is dealt, it won't deal regular combat damage.",
        "Test Striker",
    ),
]


def test_each_part_is_written_one_way_and_what_it_claims_is_kept():
    # tense and aspect, the moment's words, the holder's noun phrase
    for said in (
        "once ~ was declared as an attacking creature, x.",
        "as soon as ~ has attacked, x.",
        "any time after ~ attacks, x.",
        "after you attack with ~, x.",
    ):
        assert normal_form(said) == "after ~ has been declared as an attacker, x.", said
    assert normal_form("once the creature has become blocked, x.") == "after it is blocked, x."
    assert (
        normal_form("once first strike damage was assigned, x.")
        == "after first-strike combat damage has been dealt, x."
    )
    # a blocker gone, one of them or all of them
    assert (
        normal_form("if one of the creatures blocking ~ dies, x.")
        == "if one of its blockers is removed from combat, x."
    )
    assert normal_form("if each creature blocking ~ leaves the battlefield, x.") == (
        "if all creatures blocking it are removed from combat, x."
    )
    # negation and causation forms carry their negation
    assert normal_form("it won't tap.") == "it won't become tapped."
    assert normal_form("that won't make it untap.") == "that won't cause it to untap."
    # what claims something else is left as it is
    for other in (
        "before ~ attacks, x.",
        "when ~ attacks, x.",
        "if one of the creatures blocking ~ leaves the graveyard, x.",
        "if ~ is blocked by a creature and then that creature gains flying, x.",
    ):
        assert normal_form(other) == other, other


def test_a_combat_rule_in_the_class_of_its_wordings_compiles_to_its_template():
    got = compiled([ruling(text, card, f"stated.{i}") for i, (text, card, _) in enumerate(STATED)])
    wrong = [
        f"{text!r}: {got[f'stated.{i}']} (expected {template})"
        for i, (text, _, template) in enumerate(STATED)
        if got[f"stated.{i}"] != template
    ]
    assert wrong == [], "\n".join(wrong)


def test_a_blocker_changed_or_the_rule_changed_stays_uncovered():
    got = compiled([ruling(text, card, f"not.{i}") for i, (text, card) in enumerate(NOT_STATED)])
    assert {NOT_STATED[int(rid.split(".")[1])][0]: t for rid, t in got.items() if t is not None} == {}


@pytest.mark.parametrize("kind", [*KINDS, "keywords exchanged"])
def test_no_contradicting_variant_of_a_normal_form_sentence_compiles(kind):
    made: list[tuple[str, str]] = []
    for text, card, _ in STATED:
        changed = (
            keywords_exchanged(text, (card,)) if kind == "keywords exchanged" else variant(text, KINDS[kind], (card,))
        )
        if changed is not None:
            made.append((changed, card))
    assert made, kind
    got = compiled([ruling(text, card, f"variant.{i}") for i, (text, card) in enumerate(made)])
    assert [text for i, (text, _) in enumerate(made) if got[f"variant.{i}"] is not None] == []
