"""A combat status said to be settled at its moment (rulings/settled_facts.py, issue 24 tenth round):
read as the fact that a later keyword change changes nothing, for the keyword the card changes; a
negated, affirmed or earlier-moment variant, or a card that changes no deciding keyword, states
nothing."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.combat_facts import Fact
from rulings.settled_facts import Settled, read_settled, settled_facts
from tests.test_claims_paragraph import coverage


def _card(name: str, text: str, types: tuple[str, ...] = ("Creature",)) -> CardData:
    power = "2" if "Creature" in types else None
    return CardData(name=name, types=types, text=text, power=power, toughness=power)


ROAR = _card("Test Roar", "Creatures you control get +1/+0 and gain menace until end of turn.", ("Instant",))
PUMP = _card("Test Pump", "Creatures you control get +1/+0 until end of turn.", ("Instant",))
BANNER = _card("Test Banner", "{2}, {T}: Target creature gains menace until end of turn.", ("Artifact",))
PATROLLER = _card("Test Patroller", "{W}: Test Patroller gains vigilance until end of turn.")
GROUNDER = _card("Test Grounder", "{T}: Target creature loses flying until end of turn.")
LANCER = _card("Test Lancer", "Whenever Test Lancer becomes blocked, it gains flying until end of turn.")
CAVALIER = _card(
    "Test Cavalier", "During your turn, Test Cavalier has vigilance as long as you've gained life this turn."
)
POOL = CardPool({c.name: c for c in (ROAR, PUMP, BANNER, PATROLLER, GROUNDER, LANCER, CAVALIER)})


@pytest.mark.parametrize(
    ("sentence", "settled"),
    [
        ("~'s ability doesn't affect creatures that are already blocked.", Settled("blocks")),
        ("~'s ability doesn't affect blocks that have already been declared.", Settled("blocks")),
        ("Casting ~ after blockers are declared won't affect how it's blocked.", Settled("blocks")),
        (
            "Casting ~ during the declare blockers step is too late to affect how your creatures are blocked.",
            Settled("blocks"),
        ),
        (
            "To change how a creature can be blocked, the ability must resolve before blockers are declared.",
            Settled("blocks"),
        ),
        ("Whether ~ taps is determined only as it attacks.", Settled("taps")),
        (
            "To attack with it without tapping it, you'll need to activate the ability before attackers are declared.",
            Settled("taps"),
        ),
        ("Blocks aren't reevaluated when a creature loses flying.", Settled("blocks", "flying", "lost")),
        ("~'s ability doesn't affect creatures that are already attacking.", Settled("attackers")),
        (
            "Whether ~ can be blocked by a given number of creatures matters only as blockers are declared.",
            Settled("blocks"),
        ),
        (
            "~'s ability must be activated before blockers are declared for flying to affect which creatures can "
            "block it.",
            Settled("blocks"),
        ),
    ],
)
def test_a_settled_status_is_read(sentence: str, settled: Settled) -> None:
    assert read_settled(sentence) == settled


@pytest.mark.parametrize(
    "sentence",
    [
        # affirmed, not negated
        "~'s ability affects creatures that are already blocked.",
        "Blocks are reevaluated when a creature loses flying.",
        # no moment: giving a creature menace before blocks does affect them
        "~'s ability doesn't affect blocks.",
        "~'s ability doesn't affect how it's blocked.",
        # the moment before the status is settled: a change then still matters
        "Casting ~ after attackers are declared won't affect how it's blocked.",
        "Casting ~ during the declare attackers step is too late to affect how your creatures are blocked.",
        "To change how a creature can be blocked, the ability must resolve before attackers are declared.",
        "Whether ~ taps is determined only as blockers are declared.",
        # a keyword that does not decide blocks
        "Blocks aren't reevaluated when a creature loses vigilance.",
        "~'s ability must be activated before attackers are declared for flying to affect which creatures can "
        "block it.",
        "Whether ~ can be blocked by a given number of creatures matters only as attackers are declared.",
        # more than the fact
        "~'s ability doesn't affect creatures that are already blocked unless you control a Forest.",
    ],
)
def test_a_variant_that_is_not_the_rule_is_not_read(sentence: str) -> None:
    assert read_settled(sentence) is None


MARAUDER = _card("Test Marauder", "Menace")
HELD_POOL = CardPool({c.name: c for c in (MARAUDER, PUMP)})


def test_a_card_that_has_the_keyword_states_it_too() -> None:
    paragraph = (
        "Whether {} can be blocked by a given number of creatures matters only as blockers are declared. After "
        "that, removing one of its blockers from combat doesn't undo the block."
    )
    assert coverage(paragraph.format("Test Marauder"), "Test Marauder", HELD_POOL)[0] == "menace.block-stands"
    assert coverage(paragraph.format("Test Pump"), "Test Pump", HELD_POOL)[0] is None
    # "after that" names no moment: a frame that needs one still reads nothing
    assert coverage("After that, if it gains menace, it remains blocked.", "Test Marauder", HELD_POOL)[0] is None


def test_the_keyword_is_the_one_the_card_changes() -> None:
    sentence = "~'s ability doesn't affect creatures that are already blocked."
    assert settled_facts(sentence, (BANNER,)) == (Fact("menace", "gained", "after-blockers", "changed", False),)
    assert settled_facts(sentence, (GROUNDER,)) == (Fact("flying", "lost", "after-blockers", "changed", False),)
    # a card that changes no keyword deciding blocks states no fact
    assert settled_facts(sentence, (PUMP,)) == ()
    assert settled_facts(sentence, (PATROLLER,)) == ()


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            BANNER,
            "Test Banner's ability doesn't affect creatures that are already blocked. To change how a creature can "
            "be blocked, the ability must resolve before blockers are declared.",
            "menace.block-stands",
        ),
        (
            ROAR,
            "Casting Test Roar during the declare blockers step is too late to affect how your creatures are "
            "blocked. Attacking creatures that were blocked by only one creature remain blocked.",
            "menace.block-stands",
        ),
        (
            PUMP,
            "Casting Test Pump during the declare blockers step is too late to affect how your creatures are "
            "blocked. Attacking creatures that were blocked by only one creature remain blocked.",
            None,
        ),
        (
            ROAR,
            "Casting Test Roar during the declare attackers step is too late to affect how your creatures are "
            "blocked. Attacking creatures that were blocked by only one creature remain blocked.",
            None,
        ),
        (
            PATROLLER,
            "Activating Test Patroller's ability after it has been declared as an attacker won't untap it. To attack "
            "with it without tapping it, you'll need to activate the ability before attackers are declared.",
            "vigilance.changes-after-attack",
        ),
        (
            PATROLLER,
            "Activating Test Patroller's ability after it has been declared as an attacker won't untap it. To attack "
            "with it without tapping it, you'll need to activate the ability before blockers are declared.",
            None,
        ),
        # the card's own condition met after it attacked (keyword_changes: a deed of its player)
        (
            CAVALIER,
            "If you gain life after Test Cavalier has been declared as an attacker, it won't untap. Whether Test "
            "Cavalier taps is determined only as it attacks.",
            "vigilance.changes-after-attack",
        ),
        (CAVALIER, "If you lose life after Test Cavalier has been declared as an attacker, it won't untap.", None),
        (CAVALIER, "If you gain life after Test Cavalier has been declared as an attacker, it will untap.", None),
        # the card's effect said to happen at the moment, and so the change
        (
            LANCER,
            "Test Lancer's triggered ability resolves after blockers have been declared, so gaining flying won't "
            "change the block.",
            "flying.block-stands",
        ),
        (
            LANCER,
            "Test Lancer's triggered ability resolves after blockers have been declared, so gaining flying will "
            "change the block.",
            None,
        ),
    ],
)
def test_settled_paragraphs_compile_and_their_contradictions_do_not(card, paragraph, template) -> None:
    assert coverage(paragraph, card.name, POOL)[0] == template


SHACKLES = _card("Test Shackles", "Flash\nEnchant creature\nEnchanted creature loses all abilities.", ("Enchantment",))
STRAPS = _card("Test Straps", "Enchant creature\nEnchanted creature gets +1/+1.", ("Enchantment",))
AURA_POOL = CardPool({c.name: c for c in (SHACKLES, STRAPS)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            SHACKLES,
            "If you cast Test Shackles on an attacking creature with haste, that creature doesn't stop attacking. It "
            "remains an attacking creature until combat ends or it's removed from combat some other way.",
            "haste.attack-stands",
        ),
        # an Aura that takes nothing away
        (
            STRAPS,
            "If you cast Test Straps on an attacking creature with haste, that creature doesn't stop attacking.",
            None,
        ),
        (
            SHACKLES,
            "If you cast Test Shackles on an attacking creature with haste, that creature stops attacking.",
            None,
        ),
        # another end than combat's
        (
            SHACKLES,
            "If you cast Test Shackles on an attacking creature with haste, that creature doesn't stop attacking. It "
            "remains an attacking creature until blockers are declared.",
            None,
        ),
    ],
)
def test_an_aura_that_takes_a_keyword_away(card, paragraph, template) -> None:
    assert coverage(paragraph, card.name, AURA_POOL)[0] == template


SILENCE = _card("Test Silence", "Target creature loses all abilities until end of turn.", ("Instant",))
RALLY = _card("Test Rally", "Target creature gets +1/+2 and gains vigilance until end of turn.", ("Instant",))
CHAINS = _card(
    "Test Chains",
    "Flash\nEnchant creature\nEnchanted creature loses haste and can't attack or block.",
    ("Enchantment",),
)
TENTH_POOL = CardPool({c.name: c for c in (SILENCE, RALLY, CHAINS, PATROLLER, SHACKLES, PUMP)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # a creature said to have the keyword loses all abilities: it loses the keyword
        (
            SILENCE,
            "If Test Silence causes an attacking creature with vigilance to lose all abilities, the affected creature "
            "remains untapped and continues to attack.",
            "vigilance.changes-after-attack",
        ),
        (
            SILENCE,
            "If Test Silence causes an attacking creature with vigilance to lose all abilities, the affected creature "
            "becomes tapped.",
            None,
        ),
        # whether it tapped, said in the past tense; the card's effect said not to untap it
        (
            RALLY,
            "Casting Test Rally on a creature that's already attacking doesn't untap that creature. Whether an "
            "attacking creature became tapped was determined as it was declared as an attacker.",
            "vigilance.changes-after-attack",
        ),
        (
            RALLY,
            "Casting Test Rally on a creature that's already attacking untaps that creature.",
            None,
        ),
        (
            PUMP,
            "Casting Test Pump on a creature that's already attacking doesn't untap that creature.",
            None,
        ),
        # the purpose said in the imperative
        (
            PATROLLER,
            "Activating Test Patroller's ability after it has been declared as an attacker won't cause it to untap. "
            "To attack without tapping it, activate the ability before attackers are declared.",
            "vigilance.changes-after-attack",
        ),
        (
            PATROLLER,
            "Activating Test Patroller's ability after it has been declared as an attacker won't cause it to untap. "
            "To attack without tapping it, activate the ability before blockers are declared.",
            None,
        ),
        # an Aura cast on an attacker ("it's cast on"), the change said again as a state
        (
            CHAINS,
            "Test Chains won't remove an attacking creature from combat. If it's cast on a creature that's already "
            "attacking, that creature keeps attacking even though it no longer has haste.",
            "haste.attack-stands",
        ),
        (
            CHAINS,
            "If it's cast on a creature that's already attacking, that creature keeps attacking even though it no "
            "longer has flying.",
            None,
        ),
        # an attacker that becomes enchanted by an Aura that takes its abilities
        (
            SHACKLES,
            "An attacking creature with vigilance that becomes enchanted by Test Shackles doesn't become tapped and "
            "is still attacking.",
            "vigilance.changes-after-attack",
        ),
        (
            SHACKLES,
            "An attacking creature with vigilance that becomes enchanted by Test Shackles becomes tapped.",
            None,
        ),
    ],
)
def test_tenth_round_dev_forms(card, paragraph, template) -> None:
    assert coverage(paragraph, card.name, TENTH_POOL)[0] == template


OGRE = _card("Test Ogre", "Whenever Test Ogre becomes blocked, destroy each creature blocking it with power 2 or less.")
RHINO = _card("Test Rhino", "Trample\nWhenever Test Rhino becomes blocked, destroy each creature blocking it.")
DUSKRUNNER = _card(
    "Test Duskrunner",
    "Menace\nWhenever Test Duskrunner becomes blocked, return target creature blocking it to its owner's hand.",
)
LOYALTY = _card("Test Loyalty", "Gain control of target creature until end of turn. Untap that creature.", ("Sorcery",))
DRILL = _card("Test Drill", "Target creature gains double strike until end of turn.", ("Instant",))
CLIP = _card("Test Clip", "Target creature loses flying until end of turn.\nDraw a card.", ("Instant",))
BLOCKED_POOL = CardPool({c.name: c for c in (OGRE, RHINO, DUSKRUNNER, LOYALTY, DRILL, CLIP)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # its blockers gone, it stays blocked and deals no combat damage: so only without trample
        (
            OGRE,
            "If Test Ogre's ability destroys each creature blocking it, Test Ogre is still a blocked creature and won't "
            "deal combat damage.",
            "combat.remains-blocked",
        ),
        (
            RHINO,
            "If Test Rhino's ability destroys each creature blocking it, Test Rhino is still a blocked creature and won't "
            "deal combat damage.",
            None,
        ),
        (
            RHINO,
            "If Test Rhino's ability destroys each creature blocking it, Test Rhino is still a blocked creature and won't "
            "deal combat damage unless it has trample.",
            "combat.remains-blocked",
        ),
        (
            OGRE,
            "If Test Ogre's ability destroys each creature blocking it, Test Ogre is still a blocked creature and deals "
            "combat damage to the defending player.",
            None,
        ),
        # one of a menace creature's blockers gone: blocked by the other one
        (
            DUSKRUNNER,
            "If Test Duskrunner's ability returns one of the creatures blocking it to its owner's hand, Test "
            "Duskrunner remains blocked, even though only one creature is now blocking it.",
            "menace.block-stands",
        ),
        (
            DUSKRUNNER,
            "If Test Duskrunner's ability returns one of the creatures blocking it to its owner's hand, Test "
            "Duskrunner becomes unblocked.",
            None,
        ),
        # the blocker taken from combat by the card
        (
            LOYALTY,
            "If you gain control of the creature blocking one of your attackers with Test Loyalty, that creature is "
            "removed from combat, but your attacking creature remains blocked.",
            "combat.remains-blocked",
        ),
        (
            LOYALTY,
            "If you gain control of the creature blocking one of your attackers with Test Loyalty, that creature is "
            "removed from combat, and your attacking creature becomes unblocked.",
            None,
        ),
        # the card giving double strike to a creature with first strike after first-strike damage (702.4d)
        (
            DRILL,
            "If Test Drill gives double strike to a creature with first strike after that creature has dealt "
            "first-strike combat damage, that creature will also deal combat damage in the regular combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
        (
            DRILL,
            "If Test Drill gives double strike to a creature with first strike after that creature has dealt "
            "first-strike combat damage, that creature won't deal combat damage in the regular combat damage step.",
            None,
        ),
        # the spell aimed at an attacker already blocked
        (
            CLIP,
            "If Test Clip targets an attacking creature with flying that has already been blocked, that creature "
            "remains blocked.",
            "flying.block-stands",
        ),
        (
            CLIP,
            "If Test Clip targets an attacking creature with flying that has already been blocked, that creature "
            "becomes unblocked.",
            None,
        ),
    ],
)
def test_tenth_round_blocks_and_damage(card, paragraph, template) -> None:
    assert coverage(paragraph, card.name, BLOCKED_POOL)[0] == template


NET = _card("Test Net", "Flash\nEnchant creature\nEnchanted creature loses flying.", ("Enchantment",))
SPIDER = _card("Test Spider", "Reach")
WINGS = _card("Test Wings", "Flash\nEnchant creature\nEnchanted creature gets +1/+1 and has flying.", ("Enchantment",))
SPURS = _card("Test Spurs", "Enchant creature\nEnchanted creature gets +1/+0 and has haste.", ("Enchantment",))
BLOCKERS_POOL = CardPool({c.name: c for c in (NET, SPIDER, WINGS, SPURS)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # a blocking creature that loses flying keeps blocking and is not removed from combat
        (
            NET,
            "If Test Net enters attached to a blocking creature with flying, that creature continues to block. It "
            "won't be removed from combat.",
            "flying.block-stands",
        ),
        (
            NET,
            "If Test Net enters attached to a blocking creature with flying, that creature stops blocking.",
            None,
        ),
        (
            NET,
            "If Test Net enters attached to a blocking creature with flying, that creature continues to block. It "
            "is removed from combat.",
            None,
        ),
        # the blocker's side of the moment
        (
            SPIDER,
            "If Test Spider loses reach after it has blocked a creature with flying, it remains blocking that creature, "
            "and that creature remains blocked.",
            "flying.block-stands",
        ),
        (
            SPIDER,
            "If Test Spider loses reach after it has blocked a creature with flying, it remains blocking that creature, "
            "and that creature becomes unblocked.",
            None,
        ),
        # what changes nothing said again at the end
        (
            WINGS,
            "An attacking creature that's already blocked remains blocked if Test Wings becomes attached to it, even "
            "if none of its blockers has flying or reach.",
            "flying.block-stands",
        ),
        (
            SPURS,
            "If Test Spurs leaves the battlefield after the enchanted creature has been declared as an attacker, that "
            "creature continues to attack, even if you haven't controlled it continuously since your most recent turn "
            "began.",
            "haste.attack-stands",
        ),
        (
            SPURS,
            "If Test Spurs leaves the battlefield after the enchanted creature has been declared as an attacker, that "
            "creature is removed from combat, even if you haven't controlled it continuously since your most recent "
            "turn began.",
            None,
        ),
    ],
)
def test_tenth_round_blockers_and_attackers_stay(card, paragraph, template) -> None:
    assert coverage(paragraph, card.name, BLOCKERS_POOL)[0] == template


INTENT = _card("Test Intent", "Target creature gets +2/+0 and gains menace until end of turn.", ("Instant",))
VISAGE = _card("Test Visage", "Enchant creature\nEnchanted creature gets +2/+0 and has menace.", ("Enchantment",))
QUELL = _card("Test Quell", "Target creature loses menace until end of turn.", ("Instant",))
GROUNDNET = _card("Test Groundnet", "Target creature loses flying until end of turn.", ("Instant",))
WARD = _card("Test Ward", "Target creature gets -1/-0 and loses vigilance until end of turn.", ("Instant",))
MUSTER = _card("Test Muster", "Creatures you control gain vigilance until end of turn.", ("Instant",))
TORPOR = _card("Test Torpor", "Target creature loses haste until end of turn.", ("Instant",))
LATER_POOL = CardPool({c.name: c for c in (INTENT, VISAGE, QUELL, GROUNDNET, WARD, MUSTER, TORPOR)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            INTENT,
            "If Test Intent gives menace to an attacking creature after it's been blocked by just one creature, that "
            "block isn't undone. The creature remains blocked.",
            "menace.block-stands",
        ),
        (
            VISAGE,
            "Removing Test Visage after blockers have been declared won't change how the enchanted creature was "
            "blocked. Its blockers continue to block it.",
            "menace.block-stands",
        ),
        (
            VISAGE,
            "Removing Test Visage after blockers have been declared won't change how the enchanted creature was "
            "blocked. Its blockers stop blocking it.",
            None,
        ),
        (
            QUELL,
            "Test Quell won't undo any blocks if it's cast after blockers have been declared. Creatures blocking the "
            "target continue to block it.",
            "menace.block-stands",
        ),
        (
            QUELL,
            "Test Quell won't undo any blocks if it's cast after attackers have been declared.",
            None,
        ),
        (
            GROUNDNET,
            "Casting Test Groundnet on an attacking creature after it has been blocked won't cause it to become "
            "unblocked, and the creatures blocking it continue to block it.",
            "flying.block-stands",
        ),
        # what the change would undo names its direction: "won't untap" is of vigilance gained
        (
            MUSTER,
            "Casting Test Muster after attackers have been declared won't untap any of them.",
            "vigilance.changes-after-attack",
        ),
        (WARD, "Casting Test Ward after attackers have been declared won't untap any of them.", None),
        (
            TORPOR,
            "Casting Test Torpor after attackers have been declared won't remove any of them from combat.",
            "haste.attack-stands",
        ),
    ],
)
def test_tenth_round_the_other_side_of_a_block(card, paragraph, template) -> None:
    assert coverage(paragraph, card.name, LATER_POOL)[0] == template


ENVOY = _card("Test Envoy", "Whenever a creature you control attacks, it gains vigilance until end of turn.")
CULL = _card("Test Cull", "Destroy target creature.", ("Instant",))
BRUTE = _card("Test Brute", "Menace")
DECOY = _card("Test Decoy", "Sacrifice Test Decoy: You gain 2 life.")
LANCE = _card("Test Lance", "Equipped creature gets +1/+0 and has vigilance.\nEquip {2}", ("Artifact",))
RAIDER = _card("Test Raider", "As long as you control another red creature, Test Raider has haste.")
LAST_POOL = CardPool({c.name: c for c in (ENVOY, CULL, BRUTE, DECOY, LANCE, RAIDER)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            ENVOY,
            "Because Test Envoy's ability triggers after attackers have been declared, an attacking creature that gains "
            "vigilance this way remains tapped.",
            "vigilance.changes-after-attack",
        ),
        (
            ENVOY,
            "Because Test Envoy's ability triggers after attackers have been declared, an attacking creature that gains "
            "vigilance this way becomes untapped.",
            None,
        ),
        (
            BRUTE,
            "If one of the two creatures blocking Test Brute leaves combat, Test Brute remains blocked by the other one. "
            "It doesn't matter that only one creature is blocking it now.",
            "menace.block-stands",
        ),
        (
            BRUTE,
            "If one of the two creatures blocking Test Brute leaves combat, Test Brute becomes unblocked.",
            None,
        ),
        (
            DECOY,
            "If Test Decoy blocks a creature and you then sacrifice it, the creature it blocked stays blocked. That "
            "creature won't deal combat damage to you unless it has trample.",
            "combat.remains-blocked",
        ),
        (
            DECOY,
            "If Test Decoy blocks a creature and you then sacrifice it, the creature it blocked stays blocked. That "
            "creature deals combat damage to you.",
            None,
        ),
        (
            LANCE,
            "If Test Lance becomes unattached from an attacking creature, that creature remains untapped.",
            "vigilance.changes-after-attack",
        ),
        (
            LANCE,
            "If Test Lance becomes unattached from an attacking creature, that creature becomes tapped.",
            None,
        ),
        (
            RAIDER,
            "If Test Raider attacks the turn it came under your control and you then stop controlling another red "
            "creature, it's still attacking. It isn't removed from combat.",
            "haste.attack-stands",
        ),
        (
            RAIDER,
            "If Test Raider attacks the turn it came under your control and you then stop controlling another red "
            "creature, it's removed from combat.",
            None,
        ),
    ],
)
def test_tenth_round_last_forms(card, paragraph, template) -> None:
    assert coverage(paragraph, card.name, LAST_POOL)[0] == template


REFLEX = _card("Test Reflex", "Target creature gains first strike until end of turn.", ("Instant",))


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        (
            "If you cast Test Reflex targeting a creature without first strike after first-strike combat damage has "
            "been dealt, that creature still deals combat damage in the regular combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
        (
            "If you cast Test Reflex targeting a creature without first strike after first-strike combat damage has "
            "been dealt, that creature deals no combat damage in the regular combat damage step.",
            None,
        ),
    ],
)
def test_a_target_named_without_the_keyword(paragraph, template) -> None:
    assert coverage(paragraph, REFLEX.name, CardPool({REFLEX.name: REFLEX}))[0] == template


def test_no_combat_damage_unless_the_creature_named_has_trample() -> None:
    wisp = _card("Test Wisp", "When Test Wisp blocks, return it to its owner's hand at end of combat.")
    pool = CardPool({wisp.name: wisp})
    paragraph = (
        "After Test Wisp's ability returns it to its owner's hand, the creature it blocked continues to be blocked and "
        "deals no combat damage, unless that creature has trample."
    )
    assert coverage(paragraph, wisp.name, pool)[0] == "combat.remains-blocked"
    assert coverage(paragraph.replace("continues to be blocked", "becomes unblocked"), wisp.name, pool)[0] is None


@pytest.mark.parametrize(
    ("sentence", "settled"),
    [
        # eleventh round: the keyword itself said to matter only at the moment of the status it decides
        ("Reach only matters as blockers are declared.", Settled("blocks", "reach", "gained-or-lost")),
        ("Haste matters only as attackers are declared.", Settled("attacks", "haste", "gained-or-lost")),
        ("Vigilance matters only as blockers are declared.", None),  # not the moment vigilance decides
        ("Vigilance matters as attackers are declared.", None),  # no "only": it does not say later changes nothing
    ],
)
def test_a_keyword_said_to_matter_only_at_its_moment(sentence: str, settled: Settled | None) -> None:
    assert read_settled(sentence) == settled
