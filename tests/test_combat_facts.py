"""Combat facts (issue 24, seventh round): a keyword changed at a moment of combat and what follows,
read from a sentence's parts with their polarity and checked against the facts a family declares
(rulings/combat_facts.py). Every form with the contradicting variants that must read otherwise
(another outcome, the outcome negated, another step, another moment, a word the frames don't read)."""

from pathlib import Path

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.combat_facts import Fact, FactError, fact_from_record, read_fact, read_outcome
from rulings.templates import WordingError, read_wordings
from tests.test_claims_paragraph import coverage
from tests.test_claims_word_forms import CAPTAIN

UNTAPPED = Fact("vigilance", "lost", "after-attackers", "tapped", False)
TAPPED = Fact("vigilance", "gained", "after-attackers", "tapped", True)
STAYS_BLOCKED = Fact("flying", "gained", "after-blockers", "blocked", True)
NO_SECOND = Fact("first strike", "lost", "after-first-damage", "second-damage", False)
SECOND = Fact("first strike", "gained", "after-first-damage", "second-damage", True)


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        # the change as a finite verb, a gerund subject, a causative, a removal
        ("if ~ loses vigilance after it attacks, it remains untapped.", UNTAPPED),
        ("causing an attacking creature to lose vigilance won't cause it to become tapped.", UNTAPPED),
        ("giving vigilance to a creature after it has attacked won't cause it to become untapped.", TAPPED),
        ("after a creature has attacked, causing it to gain vigilance won't untap it.", TAPPED),
        ("an attacking creature that gains vigilance remains tapped.", TAPPED),
        # the moment said by the noun phrase, by "and then", after the outcome
        (
            "if an attacking creature loses vigilance, it is still attacking.",
            UNTAPPED.__class__("vigilance", "lost", "after-attackers", "attacking", True),
        ),
        ("if ~ attacks and then loses vigilance, it remains untapped.", UNTAPPED),
        ("~ remains blocked even if it gains flying after blockers are declared.", STAYS_BLOCKED),
        ("if a blocked creature gains flying, it doesn't become unblocked.", STAYS_BLOCKED),
        (
            "after blockers are declared, giving an attacking creature flying won't cause it to become unblocked.",
            STAYS_BLOCKED,
        ),
        # polarity through "prevent"/"stop ... from" and "won't"
        (
            "granting ~ first strike after first-strike combat damage has been dealt won't prevent it from dealing "
            "combat damage.",
            SECOND,
        ),
        (
            "if ~ gains first strike after first-strike combat damage has been dealt, it still deals combat damage in "
            "the second combat damage step.",
            SECOND,
        ),
        (
            "if ~ loses first strike after it has dealt first-strike combat damage, it won't deal combat damage in the "
            "regular combat damage step.",
            NO_SECOND,
        ),
        (
            "causing a creature to lose first strike after first-strike combat damage has been dealt will prevent it "
            "from dealing combat damage again.",
            NO_SECOND,
        ),
        (
            "removing double strike from ~ during the first combat damage step will stop it from assigning combat "
            "damage in the second combat damage step.",
            Fact("double strike", "lost", "after-first-damage", "second-damage", False),
        ),
        # all of its blockers gone (506.4), apart from one of them gone (a block of two or more stands)
        (
            "an attacking creature remains blocked even if each creature blocking it is removed from combat.",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", True),
        ),
        (
            "if the blocking creature is destroyed, ~ remains blocked.",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", True),
        ),
        # "still" and "will" dropped: the state as it is
        ("if ~ gains flying after it's been blocked, it will still be blocked.", STAYS_BLOCKED),
        ("giving ~ flying during the declare blockers step won't cause it to become unblocked.", STAYS_BLOCKED),
        # gained or lost, and what was done not changed
        (
            "once ~ has been blocked, causing it to gain or lose flying won't change that.",
            Fact("flying", "gained-or-lost", "after-blockers", "changed", False),
        ),
        (
            "if ~ gains or loses menace after it's been blocked, it remains blocked.",
            Fact("menace", "gained-or-lost", "after-blockers", "blocked", True),
        ),
        # the moment said as an event of its own
        ("if ~ is attacking and loses vigilance, it doesn't become tapped.", UNTAPPED),
        (
            "if ~ becomes blocked, giving it flying won't change that.",
            Fact("flying", "gained", "after-blockers", "changed", False),
        ),
        # "it doesn't matter if ...": the change changes nothing; the state said "even though"
        (
            "once it's been declared as an attacker, it doesn't matter if it loses haste.",
            Fact("haste", "lost", "after-attackers", "changed", False),
        ),
        ("~ remains blocked even though it gains flying after blockers are declared.", STAYS_BLOCKED),
        ("if ~ no longer has vigilance after it attacked, it stays untapped.", UNTAPPED),
        # a blocker gone
        (
            "if one of its blockers leaves the battlefield, it remains blocked.",
            Fact("", "a-blocker-gone", "after-blockers", "blocked", True),
        ),
        (
            "after ~ is blocked, removing one of its blockers from combat won't undo the block.",
            Fact("", "a-blocker-gone", "after-blockers", "blocked", True),
        ),
    ],
)
def test_a_sentence_states_its_fact(sentence, fact):
    assert read_fact(sentence) == fact


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        # the outcome negated or reversed: another fact, which no family declares
        (
            "if ~ loses vigilance after it attacks, it becomes tapped.",
            Fact("vigilance", "lost", "after-attackers", "tapped", True),
        ),
        (
            "granting ~ first strike after first-strike combat damage has been dealt will prevent it from dealing "
            "combat damage.",
            Fact("first strike", "gained", "after-first-damage", "second-damage", False),
        ),
        (
            "if ~ gains flying after it's been blocked, it becomes unblocked.",
            Fact("flying", "gained", "after-blockers", "blocked", False),
        ),
        (
            "once ~ has been blocked, causing it to gain or lose flying will change that.",
            Fact("flying", "gained-or-lost", "after-blockers", "changed", True),
        ),
        (
            "if ~ is attacking and loses vigilance, it becomes tapped.",
            Fact("vigilance", "lost", "after-attackers", "tapped", True),
        ),
        (
            "once it's been declared as an attacker, it matters if it loses haste.",
            Fact("haste", "lost", "after-attackers", "changed", True),
        ),
        (
            "removing one of its blockers from combat will undo the block.",
            Fact("", "a-blocker-gone", "after-blockers", "blocked", False),
        ),
    ],
)
def test_a_contradicting_sentence_states_the_contradicting_fact(sentence, fact):
    assert read_fact(sentence) == fact


@pytest.mark.parametrize(
    "sentence",
    [
        # another step, another moment, another player, a condition, a change and no moment
        "if ~ loses first strike after it has dealt first-strike combat damage, it won't deal combat damage in the "
        "first-strike combat damage step.",
        "if ~ loses vigilance before it attacks, it remains untapped.",
        "if an opponent's creature loses vigilance after attacking, it remains untapped.",
        "if ~ loses vigilance after it attacks, it remains untapped unless it has defender.",
        "if ~ loses vigilance, it remains untapped.",
        "if ~ gains trample after it's been blocked, it remains blocked.",
    ],
)
def test_a_sentence_with_a_word_no_frame_reads_states_no_fact(sentence):
    assert read_fact(sentence) is None


@pytest.mark.parametrize(
    ("record", "error"),
    [
        (
            {"keyword": "shadow", "change": "gained", "moment": "after-blockers", "outcome": "blocked", "holds": True},
            "keyword must be",
        ),
        (
            {"keyword": "flying", "change": "swapped", "moment": "after-blockers", "outcome": "blocked", "holds": True},
            "change must be one of",
        ),
        (
            {"keyword": "flying", "change": "gained", "moment": "later", "outcome": "blocked", "holds": True},
            "moment must be one of",
        ),
        (
            {"keyword": "flying", "change": "gained", "moment": "after-blockers", "outcome": "happy", "holds": True},
            "outcome must be one of",
        ),
        (
            {"keyword": "flying", "change": "gained", "moment": "after-blockers", "outcome": "blocked", "holds": "yes"},
            "holds must be true or false",
        ),
        (
            {
                "keyword": "flying",
                "change": "a-blocker-gone",
                "moment": "after-blockers",
                "outcome": "blocked",
                "holds": True,
            },
            "changes no keyword",
        ),
        ({"keyword": "flying", "when": "now"}, "unknown fact field"),
    ],
)
def test_a_bad_declared_fact_is_an_error_that_says_why(record, error):
    with pytest.raises(FactError, match=error):
        fact_from_record(record, "here")


def test_a_wordings_file_with_a_bad_fact_names_the_template(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[template]]\nid = "x.y"\nstates.s = ["a sentence\\\\."]\n'
        'facts.s = [{ keyword = "flying", change = "gained", moment = "after-blockers", outcome = "blocked" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(WordingError, match=r"template x\.y: facts\.s: holds must be true or false"):
        read_wordings(bad)
    bad.write_text(
        '[[template]]\nid = "x.y"\nstates.s = ["a sentence\\\\."]\n'
        'facts.t = [{ keyword = "flying", change = "gained", moment = "after-blockers", outcome = "blocked", '
        "holds = true }]\n",
        encoding="utf-8",
    )
    with pytest.raises(WordingError, match=r"facts\.t: no statement 't'"):
        read_wordings(bad)


WARLEADER = CardData(
    name="Test Warleader",
    types=("Creature",),
    text="Other creatures you control have haste.",
    power="2",
    toughness="2",
)
POOL = CardPool({c.name: c for c in (WARLEADER, CAPTAIN)})


@pytest.mark.parametrize(
    ("card", "restating", "contradicting", "template"),
    [
        (
            CAPTAIN,
            "If an attacking creature loses vigilance, it is still attacking.",
            "If an attacking creature loses vigilance, it is removed from combat.",
            "vigilance.changes-after-attack",
        ),
        (
            WARLEADER,
            "If a creature loses haste after you declare it as an attacker, it won't be removed from combat.",
            "If a creature loses haste after you declare it as an attacker, it will be removed from combat.",
            "haste.attack-stands",
        ),
    ],
)
def test_a_paragraph_stating_a_declared_fact_compiles_and_its_contradiction_does_not(
    card, restating, contradicting, template
):
    assert coverage(restating, card.name, POOL)[0] == template
    assert coverage(contradicting, card.name, POOL)[0] is None


@pytest.mark.parametrize(
    ("sentence", "outcome"),
    [
        ("it won't be removed from combat.", ("attacking", True)),
        ("it will still be blocked.", ("blocked", True)),
        ("it doesn't become tapped.", ("tapped", False)),
        ("it will be removed from combat.", ("attacking", False)),
        ("it won't be removed from combat unless it has defender.", None),
        ("it loses haste.", None),
    ],
)
def test_a_sentence_with_only_an_outcome_states_it(sentence, outcome):
    assert read_outcome(sentence) == outcome


def test_an_outcome_said_again_after_its_fact_is_read_and_another_outcome_is_not():
    fact = "If a creature loses haste after it has attacked, it continues to attack."
    assert coverage(f"{fact} It won't be removed from combat.", WARLEADER.name, POOL)[0] == "haste.attack-stands"
    assert coverage(f"{fact} It will be removed from combat.", WARLEADER.name, POOL)[0] is None
    assert coverage(f"{fact} It won't be removed from combat by an opponent.", WARLEADER.name, POOL)[0] is None


# -- eighth round: the moment in a relative clause, the blocker made to go, "make it unblocked", a lord
# entering, a spell cast with no creature named, the card that must hold the keyword -----------------

ONE_GONE = Fact("", "a-blocker-gone", "after-blockers", "blocked", True)


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("creatures that have already attacked this turn remain tapped if they gain vigilance.", TAPPED),
        (
            "creatures that have already attacked this turn untap if they gain vigilance.",
            TAPPED.__class__("vigilance", "gained", "after-attackers", "tapped", False),
        ),
        ("a creature that has attacked and then gains vigilance remains tapped.", TAPPED),
        (
            "a creature that has dealt first-strike damage and then loses double strike won't deal combat damage in "
            "the second combat damage step.",
            Fact("double strike", "lost", "after-first-damage", "second-damage", False),
        ),
        ("once ~ has been blocked, causing one of its blockers to leave combat won't make it unblocked.", ONE_GONE),
        (
            "once ~ has been blocked, causing one of its blockers to leave combat will make it unblocked.",
            Fact("", "a-blocker-gone", "after-blockers", "blocked", False),
        ),
        ("destroying one of its blockers won't make it unblocked.", ONE_GONE),
        (
            "destroying all of its blockers won't cause it to become unblocked.",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", True),
        ),
        (
            "giving double strike to a creature with first strike after it has already dealt combat damage in the "
            "first combat damage step will allow the creature to assign its combat damage in the second combat "
            "damage step.",
            Fact("double strike", "gained", "after-first-damage", "second-damage", True),
        ),
        (
            "if creatures you control lose haste after attackers have been declared, creatures that attacked won't "
            "be removed from combat.",
            Fact("haste", "lost", "after-attackers", "attacking", True),
        ),
        (
            "if ~ loses haste after it has been declared as an attacker, it is not removed from combat.",
            Fact("haste", "lost", "after-attackers", "attacking", True),
        ),
        (
            "once attackers have been declared, creatures that were tapped to attack remain tapped even after they "
            "gain vigilance.",
            TAPPED,
        ),
        (
            "if ~ gains menace after it has been blocked by one creature, it remains blocked by that creature.",
            Fact("menace", "gained", "after-blockers", "blocked", True),
        ),
        (
            "if ~ loses haste after it has attacked, it keeps attacking.",
            Fact("haste", "lost", "after-attackers", "attacking", True),
        ),
    ],
)
def test_eighth_round_forms_state_their_facts(sentence, fact):
    assert read_fact(sentence) == fact


@pytest.mark.parametrize(
    "sentence",
    [
        # "that attacked" alone may be a creature of an earlier turn's combat
        "a creature that attacked and then gains vigilance remains tapped.",
        # a state after "make" is read only there
        "if it gains flying after blockers are declared, it unblocked.",
        # first strike and double strike named apart: only 702.4d's order is read
        "giving first strike to a creature with double strike after it has already dealt combat damage in the first "
        "combat damage step will allow the creature to assign combat damage in the second combat damage step.",
    ],
)
def test_eighth_round_words_no_frame_reads(sentence):
    assert read_fact(sentence) is None


BRUTE = CardData(name="Test Brute", types=("Creature",), text="Menace", power="3", toughness="3", keywords=("Menace",))
FADE = CardData(name="Test Fade", types=("Instant",), text="Target creature phases out.")
PLAIN_BRUTE = CardData(name="Test Ogre", types=("Creature",), text="", power="3", toughness="3")
WINGS = CardData(name="Test Wings", types=("Instant",), text="Target creature gains flying until end of turn.")
GROUNDING = CardData(name="Test Grounding", types=("Instant",), text="Target creature loses flying until end of turn.")
MARSHAL = CardData(
    name="Test Drillmaster",
    types=("Creature",),
    text="Other creatures you control have vigilance.",
    power="2",
    toughness="2",
)
EIGHTH = CardPool({c.name: c for c in (BRUTE, PLAIN_BRUTE, WINGS, GROUNDING, MARSHAL, WARLEADER)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # one blocker gone: menace's block stands, for a card with menace only
        (
            BRUTE,
            "Once Test Brute has been blocked, causing one of its blockers to leave combat won't make it unblocked.",
            "menace.block-stands",
        ),
        (
            PLAIN_BRUTE,
            "Once Test Ogre has been blocked, causing one of its blockers to leave combat won't make it unblocked.",
            None,
        ),
        (
            BRUTE,
            "Once Test Brute has been blocked, causing one of its blockers to leave combat will make it unblocked.",
            None,
        ),
        # the spell cast with no creature named: the change its oracle text makes
        (
            WINGS,
            "Casting Test Wings after blockers have been declared won't change or undo any blocks.",
            "flying.block-stands",
        ),
        (WINGS, "Casting Test Wings after blockers have been declared will undo any blocks.", None),
        (
            GROUNDING,
            "Casting Test Grounding after blockers have been declared won't change or undo any blocks.",
            "flying.block-stands",
        ),
        # a lord entering gives its creatures the keyword; leaving takes it
        (
            MARSHAL,
            "If Test Drillmaster enters the battlefield after attackers have been declared, attacking creatures "
            "you control won't untap.",
            "vigilance.changes-after-attack",
        ),
        (
            MARSHAL,
            "If Test Drillmaster enters the battlefield after attackers have been declared, attacking creatures "
            "you control will untap.",
            None,
        ),
        (
            MARSHAL,
            "If Test Drillmaster enters the battlefield before attackers have been declared, attacking "
            "creatures you control won't untap.",
            None,
        ),
        (
            WARLEADER,
            "If Test Warleader leaves the battlefield after attackers have been declared, creatures that "
            "attacked won't be removed from combat.",
            "haste.attack-stands",
        ),
        (
            WARLEADER,
            "If Test Warleader enters the battlefield after attackers have been declared, creatures that "
            "attacked won't be removed from combat.",
            None,
        ),
    ],
)
def test_eighth_round_paragraphs_compile_and_their_contradictions_do_not(card, paragraph, template):
    assert coverage(paragraph, card.name, EIGHTH)[0] == template


def test_a_blocker_gone_fact_may_need_its_card_to_hold_a_keyword():
    gone = fact_from_record(
        {"change": "a-blocker-gone", "moment": "after-blockers", "outcome": "blocked", "holds": True, "held": "menace"},
        "here",
    )[0]
    assert gone.stated_by(ONE_GONE, frozenset({"menace"}))
    assert not gone.stated_by(ONE_GONE, frozenset({"flying"}))
    with pytest.raises(FactError, match="held names the keyword"):
        fact_from_record(
            {
                "keyword": "flying",
                "change": "gained",
                "moment": "after-blockers",
                "outcome": "blocked",
                "holds": True,
                "held": "menace",
            },
            "here",
        )


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # a second outcome joined by "and": each must be one its statement declares
        (
            CAPTAIN,
            "If an attacking creature loses vigilance after it has been declared as an attacker, it doesn't "
            "become tapped, and it's still an attacking creature.",
            "vigilance.changes-after-attack",
        ),
        (
            CAPTAIN,
            "If an attacking creature loses vigilance after it has been declared as an attacker, it doesn't "
            "become tapped, and it's removed from combat.",
            None,
        ),
        # the card destroyed is the card leaving the battlefield
        (
            WARLEADER,
            "If Test Warleader is destroyed after attackers have been declared, creatures that attacked "
            "won't be removed from combat.",
            "haste.attack-stands",
        ),
        (
            WARLEADER,
            "If Test Warleader is destroyed before attackers have been declared, creatures that attacked "
            "won't be removed from combat.",
            None,
        ),
    ],
)
def test_a_second_outcome_and_the_card_destroyed(card, paragraph, template):
    assert coverage(paragraph, card.name, CardPool({c.name: c for c in (CAPTAIN, WARLEADER)}))[0] == template


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        (
            "if a creature with flying that is blocking loses flying, that creature continues to block.",
            Fact("flying", "lost", "after-blockers", "blocking", True),
        ),
        (
            "similarly, if ~ is blocking a creature with flying and loses flying, it continues to block that creature.",
            Fact("flying", "lost", "after-blockers", "blocking", True),
        ),
        (
            "giving ~ reach after blockers have been declared does not change which creatures are blocking or blocked.",
            Fact("reach", "gained", "after-blockers", "changed", False),
        ),
        (
            "giving an attacking creature flying with ~'s ability after it has been blocked will not make it unblocked.",
            STAYS_BLOCKED,
        ),
        (
            "if a creature with reach that's blocking a creature with flying loses reach because of ~, it doesn't stop "
            "blocking.",
            Fact("reach", "lost", "after-blockers", "blocking", True),
        ),
        (
            "if a creature with reach that's blocking a creature with flying loses reach because of ~, it stops "
            "blocking.",
            Fact("reach", "lost", "after-blockers", "blocking", False),
        ),
    ],
)
def test_blocks_that_stand_in_eighth_round_words(sentence, fact):
    assert read_fact(sentence) == fact


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        # a creature named by its type, a relative clause of its own, its change caused by something else
        (
            "if creatures you control gain menace after blockers are declared, an orc you control that was blocked "
            "by a single creature stays blocked by that creature.",
            Fact("menace", "gained", "after-blockers", "blocked", True),
        ),
        (
            "if creatures you control lose haste after you've attacked with goblins that came under your control "
            "this turn, those goblins remain attacking creatures.",
            Fact("haste", "lost", "after-attackers", "attacking", True),
        ),
        (
            "if another effect causes the creature to lose haste after you've declared it as an attacker, it isn't "
            "removed from combat.",
            Fact("haste", "lost", "after-attackers", "attacking", True),
        ),
        (
            "a creature that gains vigilance from ~'s ability after it has been tapped to attack isn't untapped.",
            TAPPED,
        ),
        (
            "a creature that gains vigilance from ~'s ability after it has been tapped to attack is untapped.",
            Fact("vigilance", "gained", "after-attackers", "tapped", False),
        ),
        (
            "an attacking ~ that loses haste isn't removed from combat.",
            Fact("haste", "lost", "after-attackers", "attacking", True),
        ),
    ],
)
def test_creatures_named_in_eighth_round_words(sentence, fact):
    assert read_fact(sentence) == fact


def test_a_second_verb_phrase_of_the_same_creature_must_be_a_declared_outcome_too():
    lord = CardData(
        name="Test Wardens", types=("Enchantment",), text="Enchant creature\nEnchanted creature has vigilance."
    )
    pool = CardPool({lord.name: lord})
    held = "If Test Wardens leaves the battlefield after the enchanted creature has attacked, that creature stays untapped and continues to attack."
    assert coverage(held, lord.name, pool)[0] == "vigilance.changes-after-attack"
    removed = held.replace("continues to attack", "is removed from combat")
    assert coverage(removed, lord.name, pool)[0] is None


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        (
            "if you sacrifice ~ after it blocks, the attacking creature it was blocking is still a blocked creature.",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", True),
        ),
        (
            "even though ~ leaves the battlefield, the creature it blocked doesn't become unblocked.",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", True),
        ),
        (
            "if ~ is sacrificed after it blocks, the attacking creature becomes unblocked.",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", False),
        ),
        # the card not said to be the blocker: no fact
        ("if ~ leaves the battlefield, the attacking creature remains blocked.", None),
    ],
)
def test_the_card_as_the_blocker_that_goes(sentence, fact):
    assert read_fact(sentence) == fact


def test_tokens_are_creatures_too():
    assert read_fact(
        "if creatures you control lose haste after you've attacked with tokens that were created this turn, those "
        "tokens keep attacking."
    ) == Fact("haste", "lost", "after-attackers", "attacking", True)


def test_an_outcome_said_again_at_a_moment_must_be_at_its_facts_moment():
    from rulings.combat_facts import read_outcome_at

    assert read_outcome_at("once it's been declared as an attacker, it stays in combat.") == (
        "attacking",
        True,
        "after-attackers",
    )
    # with a moment named, it is no bare outcome
    assert read_outcome("once it's been declared as an attacker, it stays in combat.") is None
    fact = "If a creature loses haste after you declare it as an attacker, it won't be removed from combat."
    again = "Once it's been declared as an attacker, it stays in combat."
    elsewhere = "Once it's been blocked, it stays in combat."
    assert coverage(f"{fact} {again}", WARLEADER.name, POOL)[0] == "haste.attack-stands"
    assert coverage(f"{fact} {elsewhere}", WARLEADER.name, POOL)[0] is None


def test_a_block_that_stands_either_way():
    assert read_fact(
        "if the equipped creature loses flying after blockers are declared, it remains blocked or blocking, as "
        "appropriate."
    ) == Fact("flying", "lost", "after-blockers", "blocked", True)


PHALANX = CardData(
    name="Test Phalanx", types=("Creature",), text="Defender", power="1", toughness="4", keywords=("Defender",)
)


def test_a_consequence_joined_by_so_is_read_as_a_claim_of_its_own():
    pool = CardPool({PHALANX.name: PHALANX})
    stated = "If Test Phalanx is sacrificed after it blocks, the attacking creature remains blocked"
    consequence = ", so it won't deal combat damage unless it has trample."
    assert coverage(stated + consequence, PHALANX.name, pool)[0] == "combat.remains-blocked"
    # the consequence is read, not set aside: one it does not follow from leaves the paragraph uncovered
    assert coverage(stated + ", so it will deal combat damage unless it has trample.", PHALANX.name, pool)[0] is None
    assert coverage(stated + ", so it can attack next turn.", PHALANX.name, pool)[0] is None


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        # the moment the outcome names: blocked (or blocking) after blockers, attacking after attackers
        ("it remains blocked even if it loses flying.", Fact("flying", "lost", "after-blockers", "blocked", True)),
        (
            "it doesn't remain blocked even if it loses flying.",
            Fact("flying", "lost", "after-blockers", "blocked", False),
        ),
        ("it remains attacking even if it loses haste.", Fact("haste", "lost", "after-attackers", "attacking", True)),
        # untapped names no moment of combat
        ("it remains untapped even if it loses vigilance.", None),
        # "attacked without tapping" is attacked
        (
            "if the equipped creature loses vigilance after it attacked without tapping, it remains untapped.",
            Fact("vigilance", "lost", "after-attackers", "tapped", False),
        ),
    ],
)
def test_ninth_round_forms_state_their_facts(sentence, fact):
    assert read_fact(sentence) == fact


RUNNER = CardData(
    name="Test Runner",
    types=("Creature",),
    text="Test Runner has haste as long as you control three or more artifacts.",
    power="3",
    toughness="2",
)
TOKEN_LORD = CardData(name="Test Banner", types=("Enchantment",), text="Creature tokens you control have haste.")
BRUTE = CardData(name="Test Brute", types=("Creature",), text="Menace", power="3", toughness="3", keywords=("Menace",))
FADE = CardData(name="Test Fade", types=("Instant",), text="Target creature phases out.")


@pytest.mark.parametrize(
    ("card", "restating", "contradicting", "template"),
    [
        (
            RUNNER,
            "Test Runner remains an attacking creature even if you control fewer than three artifacts after it's been "
            "declared as an attacker.",
            "Test Runner is removed from combat if you control fewer than three artifacts after it's been declared "
            "as an attacker.",
            "haste.attack-stands",
        ),
        (
            TOKEN_LORD,
            "If Test Banner leaves the battlefield after you've attacked with tokens that were created this turn, "
            "those tokens keep attacking.",
            "If Test Banner leaves the battlefield after you've attacked with tokens that were created this turn, "
            "those tokens stop attacking.",
            "haste.attack-stands",
        ),
        (
            BRUTE,
            "If Test Brute is blocked by two creatures and one of them is destroyed before combat damage, Test Brute "
            "remains blocked.",
            "If Test Brute is blocked by two creatures and one of them is destroyed before combat damage, Test Brute "
            "becomes unblocked.",
            "menace.block-stands",
        ),
        (
            FADE,
            "If Test Fade causes a blocking creature to phase out, the attacking creature it blocked stays blocked.",
            "If Test Fade causes a blocking creature to phase out, the attacking creature it blocked becomes unblocked.",
            "combat.remains-blocked",
        ),
    ],
)
def test_ninth_round_paragraphs_compile_and_their_contradictions_do_not(card, restating, contradicting, template):
    pool = CardPool({card.name: card})
    assert coverage(restating, card.name, pool)[0] == template
    assert coverage(contradicting, card.name, pool)[0] is None


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        # an example of the rule, a creature named by its size, the cost paid to give the keyword
        (
            "For example, if ~ is blocked by a single 1/1 creature, sacrificing another creature to give it menace "
            "won't cause that 1/1 to stop blocking it.",
            Fact("menace", "gained", "after-blockers", "blocking", True),
        ),
        (
            "For example, if ~ is blocked by a single 1/1 creature, sacrificing another creature to give it menace "
            "will cause that 1/1 to stop blocking it.",
            Fact("menace", "gained", "after-blockers", "blocking", False),
        ),
        # a keyword the creature now has, after it attacked
        (
            "A creature that has attacked stays tapped even though it now has vigilance.",
            Fact("vigilance", "gained", "after-attackers", "tapped", True),
        ),
    ],
)
def test_tenth_round_forms_state_their_facts(sentence, fact):
    assert read_fact(sentence) == fact


def test_a_blocker_named_as_what_blocked_it_is_not_the_creature_that_changes():
    # the blocker gains flying: no family plays a blocker's keyword changing
    assert read_fact("If it is blocked by a creature and then that creature gains flying, it remains blocked.") is None
