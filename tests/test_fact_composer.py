"""A combat fact read from its parts wherever the sentence puts them (rulings/fact_composer.py, issue 24
eleventh round): the change, the moment and the outcome in orders no frame was written for are read;
a part in the wrong clause, a second moment, a word that claims more, or a moment left to an earlier
sentence leaves the sentence unread."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.combat_facts import Fact, prepared
from rulings.fact_composer import compose_fact, read_outcomes
from tests.test_claims_paragraph import coverage

BLOCKED_GAINS = Fact("flying", "gained", "after-blockers", "blocked", True)


@pytest.mark.parametrize(
    ("sentence", "fact", "more"),
    [
        ("it remains blocked even if it gains flying after blockers are declared", BLOCKED_GAINS, set()),
        ("after blockers are declared, a creature that gains flying remains blocked", BLOCKED_GAINS, set()),
        # a second outcome joined by "and"
        (
            "if creatures lose flying after blockers are declared, they don't stop blocking, and any of them that "
            "were blocked stay blocked",
            Fact("flying", "lost", "after-blockers", "blocking", True),
            {("blocked", True)},
        ),
        # the moment named by the creature, the change after both outcomes
        (
            "an attacking creature that was blocked stays blocked, and a blocking creature keeps blocking, even if "
            "it loses flying",
            Fact("flying", "lost", "after-blockers", "blocked", True),
            {("blocking", True)},
        ),
        # the moment the outcome's state names, for a change said as the subject
        (
            "losing vigilance doesn't cause it to become tapped, and it isn't removed from combat",
            Fact("vigilance", "lost", "after-attackers", "tapped", False),
            {("attacking", True)},
        ),
        # the change said as what has happened ("once ..."): the moment the outcome's state names
        ("once it loses haste, it stays in combat", Fact("haste", "lost", "after-attackers", "attacking", True), set()),
        # eleventh round: the blockers made to go by an effect, the effect the subject
        (
            "if ~ returns one of the two creatures blocking an attacking creature with menace, the attacking creature "
            "remains blocked by the other creature",
            Fact("", "a-blocker-gone", "after-blockers", "blocked", True),
            set(),
        ),
        (
            "if ~'s ability causes every creature blocking it to die, it remains blocked",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", True),
            set(),
        ),
        # eleventh round: two outcomes under one negation ("won't ... become tapped or stop attacking"), "during combat"
        (
            "losing vigilance after it has attacked won't cause it to become tapped or stop attacking",
            Fact("vigilance", "lost", "after-attackers", "tapped", False),
            {("attacking", True)},
        ),
        (
            "losing haste during combat doesn't remove it from combat",
            Fact("haste", "lost", "after-attackers", "attacking", True),
            set(),
        ),
        # words the claim reader's lexicon says claim nothing, between the parts
        (
            "nonetheless, it therefore remains blocked even if it gains flying after blockers are declared",
            BLOCKED_GAINS,
            set(),
        ),
        # a creature named as one that attacked the turn it came under your control: an attacking creature
        (
            "a creature that attacked the turn it came under your control remains attacking if it loses haste",
            Fact("haste", "lost", "after-attackers", "attacking", True),
            set(),
        ),
        # twelfth round: "or to" joining a second outcome under the same negated verb; "leave combat"
        (
            "after attackers are declared, giving it vigilance won't cause it to untap or to leave combat",
            Fact("vigilance", "gained", "after-attackers", "tapped", True),
            {("attacking", True)},
        ),
        # twelfth round: the event in the past ("if it was blocked", "if it dealt first-strike damage")
        (
            "if it was blocked and then loses flying, it remains blocked",
            Fact("flying", "lost", "after-blockers", "blocked", True),
            set(),
        ),
        (
            "if it dealt first-strike damage and then loses first strike, it doesn't deal combat damage in the second "
            "combat damage step",
            Fact("first strike", "lost", "after-first-damage", "second-damage", False),
            set(),
        ),
        # twelfth round: a creature named by its double strike, losing both strikes
        (
            "if a creature with double strike loses first strike and double strike after it has dealt first-strike "
            "combat damage, it won't deal combat damage in the second combat damage step",
            Fact("first strike", "lost", "after-first-damage", "second-damage", False),
            set(),
        ),
        # twelfth round: the blocker's moment in the present ("after it blocks")
        (
            "losing flying after it blocks a creature with flying doesn't change the block",
            Fact("flying", "lost", "after-blockers", "blocked", True),
            set(),
        ),
        # twelfth round: "blocked by both creatures", "by them"
        (
            "if it loses menace after blockers are declared, it remains blocked by both creatures",
            Fact("menace", "lost", "after-blockers", "blocked", True),
            set(),
        ),
        # the change said again in a relative clause
        (
            "if creatures lose menace after blockers are declared, each creature that loses menace remains blocked "
            "by the creatures blocking it",
            Fact("menace", "lost", "after-blockers", "blocked", True),
            set(),
        ),
    ],
)
def test_a_fact_in_another_order_is_read(sentence: str, fact: Fact, more: set[tuple[str, bool]]) -> None:
    assert compose_fact(sentence) == (fact, frozenset(more))


@pytest.mark.parametrize(
    "sentence",
    [
        # the outcome in the "if" clause and the change in the main one: no claim about a late change
        "if it is still blocked after blockers are declared, it gains flying",
        # another moment, another player, a negated change, "only"
        "if a creature gains flying before blockers are declared, it remains blocked",
        "if an opponent's creature gains flying after blockers are declared, it remains blocked",
        "if it doesn't gain flying after blockers are declared, it remains blocked",
        "it remains blocked only if it gains flying after blockers are declared",
        # two moments
        "after attackers are declared, if it gains flying after blockers are declared, it remains blocked",
        # an event after the change is not the moment the change came after
        "if it gains flying and then it is blocked, it remains blocked",
        # the moment left to the sentence before ("After that, ...")
        "after that, if it gains menace, it remains blocked",
        # a disjunction not negated claims neither outcome; "during combat" is no moment of its own
        "losing vigilance after it has attacked causes it to become tapped or stop attacking",
        "giving it vigilance later in the combat won't untap it",
        # "at that point" with no moment said before it
        "losing vigilance at that point won't cause it to become tapped or stop attacking",
        # a preposition brings in another creature: the blocker gains flying, not the attacker
        "if it is blocked by a creature and then that creature gains flying, it remains blocked",
        # an effect on the attacker, not on its blockers
        "if ~ destroys the creature it is blocking, it remains blocked",
        # two different changes
        "if it gains flying and loses reach after blockers are declared, it remains blocked",
        # "or to" after an outcome not negated: a disjunction
        "after attackers are declared, giving it vigilance will cause it to untap or to leave combat",
    ],
)
def test_parts_that_do_not_make_the_fact_leave_it_unread(sentence: str) -> None:
    assert compose_fact(sentence) is None


def test_a_sentence_of_outcomes_only_is_read_with_its_moment() -> None:
    assert read_outcomes(
        "An attacking creature that was blocked is still blocked, and a creature that's blocking continues to block."
    ) == (
        (("blocked", True), ("blocking", True)),
        None,
    )
    assert read_outcomes("Once it has been declared as an attacker, it stays in combat.") == (
        (("attacking", True),),
        "after-attackers",
    )
    # an outcome in an "if" clause is a condition, and a change is more than an outcome
    assert read_outcomes("If it is blocked, it gains flying.") is None
    assert read_outcomes("It stays blocked even if it loses flying.") is None


LORD = CardData(
    "Test Matriarch",
    ("Creature",),
    text="Flying\nOther Bird creatures you control have flying.",
    power="2",
    toughness="2",
)
TIDE = CardData(
    "Test Gust", ("Instant",), text="Creatures your opponents control lose flying and reach until end of turn."
)
POOL = CardPool({c.name: c for c in (LORD, TIDE)})


@pytest.mark.parametrize(
    ("paragraph", "card", "expected"),
    [
        (
            "If Test Matriarch leaves the battlefield after blockers have been declared, attacking Birds you control "
            "that were blocked remain blocked. Birds you control that are blocking continue to block.",
            LORD.name,
            "flying.block-stands",
        ),
        (
            "Once blockers have been declared, casting Test Gust won't change any blocks. An attacking creature that "
            "was blocked is still blocked, and a creature that's blocking continues to block.",
            TIDE.name,
            "flying.block-stands",
        ),
        # near misses: the card leaving before blockers, and another outcome said again
        (
            "If Test Matriarch leaves the battlefield before blockers are declared, attacking Birds you control "
            "that were blocked remain blocked.",
            LORD.name,
            None,
        ),
        (
            "Once blockers have been declared, casting Test Gust won't change any blocks. An attacking creature that "
            "was blocked becomes unblocked.",
            TIDE.name,
            None,
        ),
    ],
)
def test_a_rule_stated_through_a_lord_or_a_mass_spell_compiles_by_its_parts(
    paragraph: str, card: str, expected: str | None
) -> None:
    assert coverage(paragraph, card, POOL)[0] == expected


MARAUDER = CardData("Test Marauder", ("Creature",), text="Menace", power="3", toughness="3")
LANCER = CardData(
    "Test Lancer",
    ("Creature",),
    text="Whenever Test Lancer becomes blocked, it gains flying until end of turn.",
    power="3",
    toughness="3",
)
CONTEXT_POOL = CardPool({c.name: c for c in (MARAUDER, LANCER)})


@pytest.mark.parametrize(
    ("paragraph", "card", "expected"),
    [
        # the moment the sentence before named is the change's
        (
            "Whether Test Marauder can be blocked by a given number of creatures matters only as blockers are "
            "declared. After that, if it loses menace, it remains blocked.",
            MARAUDER.name,
            "menace.block-stands",
        ),
        (
            "Once blockers are declared, Test Lancer's ability doesn't affect how it's blocked. If it gains flying, it "
            "remains blocked.",
            LANCER.name,
            "flying.block-stands",
        ),
        # ... alone, no moment: unread; another moment before it, or another outcome: unread
        ("After that, if it gains menace, it remains blocked.", MARAUDER.name, None),
        (
            "Whether Test Marauder can be blocked by a given number of creatures matters only as attackers are "
            "declared. After that, if it loses menace, it remains blocked.",
            MARAUDER.name,
            None,
        ),
        (
            "Once blockers are declared, Test Lancer's ability doesn't affect how it's blocked. If it gains flying, it "
            "becomes unblocked.",
            LANCER.name,
            None,
        ),
    ],
)
def test_a_sentence_takes_the_moment_its_paragraph_named_before_it(
    paragraph: str, card: str, expected: str | None
) -> None:
    assert coverage(paragraph, card, CONTEXT_POOL)[0] == expected


def test_at_that_point_is_the_moment_said_before_and_no_other() -> None:
    sentence = "losing vigilance at that point won't cause it to become tapped or stop attacking"
    fact = Fact("vigilance", "lost", "after-attackers", "tapped", False)
    assert compose_fact(sentence, "after-attackers") == (fact, frozenset({("attacking", True)}))
    assert compose_fact(sentence, "after-blockers") is None


AMBUSH = CardData("Test Ambush", ("Instant",), text="Destroy target blocking creature.")
AMBUSH_POOL = CardPool({AMBUSH.name: AMBUSH})


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # the keyword the rule needs named by the sentence, for a card that gives none
        (
            "If Test Ambush destroys one of the two creatures blocking an attacking creature with menace, that "
            "attacking creature remains blocked by the other creature.",
            "menace.block-stands",
        ),
        # ... not "without menace", and not for a creature the sentence names with no keyword
        (
            "If Test Ambush destroys one of the two creatures blocking an attacking creature without menace, that "
            "attacking creature remains blocked by the other creature.",
            None,
        ),
    ],
)
def test_the_keyword_a_sentence_names_its_creature_with_counts_as_held(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, AMBUSH.name, AMBUSH_POOL)[0] == expected


WATCHER = CardData("Test Watcher", ("Enchantment",), text="Creatures you control have vigilance.")
WATCHER_POOL = CardPool({WATCHER.name: WATCHER})


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # twelfth round: two facts joined by "and", the second clause with a gerund subject or its own "if"
        # clause, and the moment the first clause named
        (
            "Giving a creature vigilance after it has attacked won't cause it to untap, and removing vigilance from an "
            "attacking creature won't cause it to become tapped.",
            "vigilance.changes-after-attack",
        ),
        (
            "If a creature gains vigilance after it has attacked, it won't untap, and if it loses vigilance, it won't "
            "become tapped.",
            "vigilance.changes-after-attack",
        ),
        # near misses: the second clause at another moment, with another outcome, of another player's creature,
        # or claiming another rule; and no moment said at all
        (
            "Giving a creature vigilance after it has attacked won't cause it to untap, and removing vigilance from it "
            "before it attacks won't cause it to become tapped.",
            None,
        ),
        (
            "If a creature gains vigilance after it has attacked, it won't untap, and if it loses vigilance, it will "
            "become tapped.",
            None,
        ),
        (
            "If a creature gains vigilance after it has attacked, it won't untap, and if an opponent's creature loses "
            "vigilance, it won't become tapped.",
            None,
        ),
        (
            "If a creature gains vigilance after it has attacked, it won't untap, and losing vigilance means it can't "
            "block.",
            None,
        ),
        (
            "Giving a creature vigilance won't cause it to untap, and removing vigilance from a creature won't cause it "
            "to become tapped.",
            None,
        ),
    ],
)
def test_two_facts_joined_in_one_sentence_are_both_read_at_the_moment_the_first_named(
    paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, WATCHER.name, WATCHER_POOL)[0] == expected


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # twelfth round: an outcome said before the fact it follows from is read once the paragraph is
        (
            "The attacking creature remains blocked. If Test Ambush destroys the only creature blocking it, the "
            "attacking creature doesn't become unblocked.",
            "combat.remains-blocked",
        ),
        # ... but only an outcome of that fact
        (
            "The attacking creature becomes unblocked. If Test Ambush destroys the only creature blocking it, the "
            "attacking creature doesn't become unblocked.",
            None,
        ),
    ],
)
def test_an_outcome_said_before_its_fact_is_read_after_it(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, AMBUSH.name, AMBUSH_POOL)[0] == expected


BOOTS = CardData("Test Boots", ("Artifact", "Equipment"), text="Equipped creature has haste.\nEquip {1}")
BOOTS_POOL = CardPool({BOOTS.name: BOOTS})


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # twelfth round: the change said alone ("the Equipment" named by its type), what follows in the next sentence
        (
            "If the Equipment leaves the battlefield, the creature loses haste. If it had attacked, it continues to "
            "attack.",
            "haste.attack-stands",
        ),
        (
            "If Test Boots becomes unattached, the creature loses haste. If it attacked, it remains attacking.",
            "haste.attack-stands",
        ),
        # near misses: the event after the change ("then"), another outcome, another moment
        (
            "If the Equipment leaves the battlefield, the creature loses haste. If it then attacks, it continues to "
            "attack.",
            None,
        ),
        (
            "If the Equipment leaves the battlefield, the creature loses haste. If it had attacked, it is removed "
            "from combat.",
            None,
        ),
        (
            "If the Equipment leaves the battlefield before attackers are declared, the creature loses haste. If it "
            "had attacked, it continues to attack.",
            None,
        ),
    ],
)
def test_a_change_said_alone_and_what_follows_in_the_next_sentence(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, BOOTS.name, BOOTS_POOL)[0] == expected


DUELIST = CardData("Test Duelist", ("Creature",), text="First strike", power="2", toughness="2")
DUELIST_POOL = CardPool({DUELIST.name: DUELIST})


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        (
            "If a creature with double strike loses first strike and double strike after it has dealt first-strike "
            "combat damage, it won't deal combat damage in the second combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
        # twelfth round: a creature named with double strike keeps dealing damage in both steps whatever happens to
        # its first strike: neither the facts nor the claim records read the change of first strike alone
        (
            "If a creature with double strike loses first strike after it has dealt first-strike combat damage, it "
            "won't deal combat damage in the second combat damage step.",
            None,
        ),
    ],
)
def test_a_first_strike_change_of_a_double_striker_is_not_the_rule(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, DUELIST.name, DUELIST_POOL)[0] == expected


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        # thirteenth round: the change said after the outcome as "after losing ...", the blocker named by what it blocked
        (
            "a creature that blocked a creature with flying continues to block it after losing reach",
            Fact("reach", "lost", "after-blockers", "blocking", True),
        ),
        # a creature narrowed by the card that targets it
        (
            "the creature targeted by ~'s triggered ability continues to block ~ even though it no longer has flying",
            Fact("flying", "lost", "after-blockers", "blocking", True),
        ),
        # the moment as an event of its own ("once blocks are declared"), and "doesn't affect its blocks"
        (
            "once blockers are declared, losing menace doesn't affect ~'s blocks",
            Fact("menace", "lost", "after-blockers", "blocked", True),
        ),
        (
            "once blocks are declared, losing reach doesn't change them",
            Fact("reach", "lost", "after-blockers", "blocked", True),
        ),
        # "too late to give it": giving it then changes nothing
        (
            "it's too late to give a creature first strike with ~'s ability once first-strike combat damage has been dealt",
            Fact("first strike", "gained", "after-first-damage", "changed", False),
        ),
        # the keyword's source named after it, a creature named by how many block it, "you" destroying its blocker
        (
            "if ~ loses first strike from the Equipment after first-strike damage has been dealt, it won't deal combat "
            "damage again",
            Fact("first strike", "lost", "after-first-damage", "second-damage", False),
        ),
        (
            "if ~ loses menace after blockers are declared, a creature blocked by only one creature remains blocked",
            Fact("menace", "lost", "after-blockers", "blocked", True),
        ),
        ("if you destroy the blocking creature, the attacking creature remains blocked", None),
    ],
)
def test_thirteenth_round_parts(sentence: str, fact: Fact | None) -> None:
    composed = compose_fact(prepared(sentence))
    if fact is None:
        # a blocker gone is a fact of its own kind (no keyword): read, with "you" as who removes it
        assert composed is not None and composed[0].change == "all-blockers-gone" and composed[0].holds
        return
    assert composed is not None and composed[0] == fact


@pytest.mark.parametrize(
    ("sentence", "original"),
    [
        # the negated outcome, the earlier moment, a further outcome the fact has not
        (
            "a creature that blocked a creature with flying stops blocking it after losing reach",
            Fact("reach", "lost", "after-blockers", "blocking", True),
        ),
        (
            "once blockers are declared, losing menace affects ~'s blocks",
            Fact("menace", "lost", "after-blockers", "blocked", True),
        ),
        (
            "it's too late to give a creature first strike with ~'s ability once first-strike combat damage has been "
            "dealt, and it deals combat damage twice",
            Fact("first strike", "gained", "after-first-damage", "changed", False),
        ),
        (
            "if ~ loses menace before blockers are declared, a creature blocked by only one creature remains blocked",
            Fact("menace", "lost", "after-blockers", "blocked", True),
        ),
        (
            "if you destroy the blocking creature, the attacking creature becomes unblocked",
            Fact("", "all-blockers-gone", "after-blockers", "blocked", True),
        ),
    ],
)
def test_thirteenth_round_parts_changed_say_another_fact(sentence: str, original: Fact) -> None:
    composed = compose_fact(prepared(sentence))
    assert composed is None or composed[0] != original


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # "flying or reach": a fact of each keyword, both of one statement
        (
            "If a creature blocking Test Drake loses flying or reach after blockers are declared, it continues to block.",
            "flying.block-stands",
        ),
        (
            "If a creature blocking Test Drake loses flying or reach after blockers are declared, it stops blocking.",
            None,
        ),
    ],
)
def test_a_pair_of_keywords_states_the_fact_of_each(paragraph: str, expected: str | None) -> None:
    drake = CardData("Test Drake", ("Creature",), text="Flying", power="2", toughness="2")
    assert coverage(paragraph, drake.name, CardPool({drake.name: drake}))[0] == expected


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # thirteenth round: a clause of cause after the claim is a claim of its own: both are read
        (
            "Test Drake remains blocked even if it loses flying, because blocks aren't reevaluated when a creature loses "
            "flying.",
            "flying.block-stands",
        ),
        (
            "Test Drake remains blocked even if it loses flying, because blocks are reevaluated when a creature loses "
            "flying.",
            None,
        ),
        ("Test Drake remains blocked even if it loses flying, because it has lifelink.", None),
    ],
)
def test_a_clause_of_cause_is_read_as_a_claim_of_its_own(paragraph: str, expected: str | None) -> None:
    drake = CardData("Test Drake", ("Creature",), text="Flying", power="2", toughness="2")
    assert coverage(paragraph, drake.name, CardPool({drake.name: drake}))[0] == expected


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        (
            "If you don't play the exiled card this turn, it remains exiled, since it won't return to your hand.",
            "play-from-exile.uncast-stay-exiled",
        ),
        ("If you don't play the exiled card this turn, it remains exiled, since it returns to your hand.", None),
        (
            "You can't cast an exiled sorcery card during combat, because you can cast a sorcery only during your main "
            "phase while the stack is empty.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "You can't cast an exiled sorcery card during combat, because you can cast a sorcery any time you have "
            "priority.",
            None,
        ),
    ],
)
def test_a_clause_of_cause_of_an_exiled_card_is_read_too(paragraph: str, expected: str | None) -> None:
    scavenger = CardData(
        "Test Scavenger",
        ("Sorcery",),
        text="Exile the top two cards of your library. Until end of turn, you may play those cards.",
    )
    assert coverage(paragraph, scavenger.name, CardPool({scavenger.name: scavenger}))[0] == expected


BLINK = CardData(
    "Test Blink",
    ("Instant",),
    text="Exile target creature you control, then return it to the battlefield under its owner's control.",
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # thirteenth round: a blocker exiled and returned is a new object in no combat: the blocker gone, said alone
        (
            "If you exile a blocking creature with Test Blink, it returns to the battlefield as a new object that isn't "
            "blocking. The attacking creature it was blocking remains blocked.",
            "combat.remains-blocked",
        ),
        (
            "If you exile a blocking creature with Test Blink, it returns to the battlefield as a new object that isn't "
            "blocking. The attacking creature it was blocking becomes unblocked.",
            None,
        ),
        (
            "If you exile a blocking creature with Test Blink, it returns to the battlefield as a new object that is still "
            "blocking. The attacking creature it was blocking remains blocked.",
            None,
        ),
    ],
)
def test_a_blocker_exiled_and_returned_is_gone(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, BLINK.name, CardPool({BLINK.name: BLINK}))[0] == expected


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        # thirteenth round: the keyword named as what the card grants is its gaining
        (
            "the vigilance granted by ~'s triggered ability won't untap the attacking creature",
            Fact("vigilance", "gained", "after-attackers", "tapped", True),
        ),
        # why the creature could attack, said of the card, claims nothing more
        (
            "if creatures you control lose haste after attackers are declared, creatures you control that attacked using "
            "the haste it granted are still attacking creatures",
            Fact("haste", "lost", "after-attackers", "attacking", True),
        ),
    ],
)
def test_thirteenth_round_the_keyword_named_by_the_card(sentence: str, fact: Fact) -> None:
    composed = compose_fact(prepared(sentence))
    assert composed is not None and composed[0] == fact


@pytest.mark.parametrize(
    "sentence",
    [
        "the vigilance granted by ~'s triggered ability untaps the attacking creature",
        "if creatures you control lose haste after attackers are declared, creatures you control that attacked using "
        "the haste it granted are removed from combat",
    ],
)
def test_thirteenth_round_the_keyword_named_by_the_card_changed(sentence: str) -> None:
    composed = compose_fact(prepared(sentence))
    assert composed is None or composed[0] not in (
        Fact("vigilance", "gained", "after-attackers", "tapped", True),
        Fact("haste", "lost", "after-attackers", "attacking", True),
    )


RUNNER = CardData("Test Runner", ("Creature",), text="Haste", power="2", toughness="2")
DRAKE = CardData("Test Drake", ("Creature",), text="Flying", power="2", toughness="2")


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # thirteenth round: a creature new to its controller that stays attacking: what haste was needed for
        (
            RUNNER,
            "If Test Runner loses haste after it's declared as an attacker, it continues to attack, even if it came under "
            "your control this turn.",
            "haste.attack-stands",
        ),
        (
            RUNNER,
            "If Test Runner loses haste after it's declared as an attacker, it's removed from combat, even if it came "
            "under your control this turn.",
            None,
        ),
        # "it doesn't matter that it couldn't have attacked without haste": it stays attacking all the same
        (
            RUNNER,
            "If Test Runner loses haste after it's declared as an attacker, it continues to attack. It doesn't matter "
            "that it couldn't have attacked without haste.",
            "haste.attack-stands",
        ),
        (RUNNER, "It doesn't matter that it couldn't have attacked without haste.", None),
        (
            RUNNER,
            "If Test Runner loses haste after it's declared as an attacker, it continues to attack. It matters that it "
            "couldn't have attacked without haste.",
            None,
        ),
        # "even without flying": even though it no longer has it
        (DRAKE, "Test Drake remains blocked even without flying.", "flying.block-stands"),
        (DRAKE, "Test Drake becomes unblocked even without flying.", None),
    ],
)
def test_thirteenth_round_what_stays_said_with_what_it_needed(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # thirteenth round: no damage "if no other creatures are blocking it and it doesn't have trample" is the
        # blocked creature's outcome with every blocker gone, unless it has trample
        (
            "If Test Ambush destroys the only creature blocking an attacking creature, that attacking creature remains "
            "blocked. That attacking creature assigns no combat damage if no other creatures are blocking it and it "
            "doesn't have trample.",
            "combat.remains-blocked",
        ),
        (
            "If Test Ambush destroys the only creature blocking an attacking creature, that attacking creature remains "
            "blocked. That attacking creature assigns no combat damage if no other creatures are blocking it and it has "
            "trample.",
            None,
        ),
    ],
)
def test_no_damage_without_other_blockers_or_trample(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, AMBUSH.name, AMBUSH_POOL)[0] == expected


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fourteenth round: the block said not to change in more words ("doesn't cause any blocks to change",
        # "won't affect the block"), and its contradictions
        (
            DRAKE,
            "Test Drake losing flying after blockers are declared doesn't cause any blocks to change.",
            "flying.block-stands",
        ),
        (DRAKE, "Test Drake losing flying after blockers are declared causes any blocks to change.", None),
        (DRAKE, "Test Drake losing flying before blockers are declared doesn't cause any blocks to change.", None),
        (
            DRAKE,
            "After Test Drake has been blocked, making it lose flying won't affect the block.",
            "flying.block-stands",
        ),
        (DRAKE, "After Test Drake has been blocked, making it lose flying will affect the block.", None),
        # the blocker named by what it does, and how long the block lasts
        (
            MARAUDER,
            "If Test Marauder gains menace after blockers are declared, it remains blocked by the creature blocking it.",
            "menace.block-stands",
        ),
        (
            MARAUDER,
            "If Test Marauder gains menace after blockers are declared, it doesn't remain blocked by the creature "
            "blocking it.",
            None,
        ),
        (
            MARAUDER,
            "If Test Marauder gains menace before blockers are declared, it remains blocked by the creature blocking it.",
            None,
        ),
        (
            AMBUSH,
            "Once a creature has been blocked, it stays blocked for the rest of combat, even if all the creatures "
            "blocking it are removed from combat.",
            "combat.remains-blocked",
        ),
        (
            AMBUSH,
            "Once a creature has been blocked, it stays blocked for the rest of combat unless all the creatures "
            "blocking it are removed from combat.",
            None,
        ),
        (
            AMBUSH,
            "Once a creature has been blocked, it doesn't stay blocked for the rest of combat if all the creatures "
            "blocking it are removed from combat.",
            None,
        ),
    ],
)
def test_fourteenth_round_the_block_said_to_stand_in_more_words(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fourteenth round: a blocker named as any one is the rule for the attacker's blocker, its only one too (the
        # stock ruling: "destroying a blocking creature won't cause any of the creatures it was blocking to become
        # unblocked")
        (
            "If a blocking creature is removed from combat, the creature it blocked remains blocked.",
            "combat.remains-blocked",
        ),
        ("If a blocking creature is removed from combat, the creature it blocked becomes unblocked.", None),
        (
            "If a blocking creature is removed from combat before blockers are declared, the creature it blocked "
            "remains blocked.",
            None,
        ),
        # "one of its blockers" is one of several: the others still block it (menace's case, not this rule's)
        ("If one of its blockers is removed from combat, the attacking creature remains blocked.", None),
        # the blockers destroyed by "that damage", and "unless it gains trample" after the statement
        (
            "If that damage destroys all creatures blocking an attacking creature, that creature doesn't become "
            "unblocked.",
            "combat.remains-blocked",
        ),
        (
            "If that damage destroys all creatures blocking an attacking creature, that creature becomes unblocked.",
            None,
        ),
        (
            "Test Ambush doesn't become unblocked when the creatures blocking it are exiled. Unless it gains trample, it "
            "won't deal combat damage.",
            "combat.remains-blocked",
        ),
        (
            "Test Ambush doesn't become unblocked when the creatures blocking it are exiled. Unless it gains trample, it "
            "will deal combat damage.",
            None,
        ),
        ("Unless it gains trample, it won't deal combat damage.", None),
    ],
)
def test_fourteenth_round_a_blocker_named_as_any_one(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, AMBUSH.name, AMBUSH_POOL)[0] == expected


LEAP = CardData(
    "Test Leap", ("Instant",), text="Target creature gets +1/+1 and gains flying and first strike until end of turn."
)
LEAP_POOL = CardPool({LEAP.name: LEAP})


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fourteenth round: a spell that gives several keywords gives each of them (the keywords of combat act each on
        # their own), and the spell said cast at the moment, with no creature named
        (
            "Casting Test Leap after blockers are declared won't cause the creature to become unblocked.",
            "flying.block-stands",
        ),
        ("If Test Leap is cast after blockers are declared, the creature remains blocked.", "flying.block-stands"),
        ("If you cast Test Leap after blockers are declared, the creature remains blocked.", "flying.block-stands"),
        ("If you cast Test Leap after blockers are declared, the creature becomes unblocked.", None),
        ("If you cast Test Leap before blockers are declared, the creature remains blocked.", None),
        ("If your opponent casts Test Leap after blockers are declared, the creature remains blocked.", None),
    ],
)
def test_fourteenth_round_a_spell_of_several_keywords_cast_at_a_moment(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, LEAP.name, LEAP_POOL)[0] == expected


VERDICT = CardData("Test Verdict", ("Instant",), text="Exile target blocking creature.")
TRICKSTER = CardData(
    "Test Trickster", ("Creature",), text="{T}: Remove target blocking creature from combat.", power="1", toughness="1"
)


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fourteenth round: the blocker named by what it blocks, removed by the card; "an attacker" is an attacking
        # creature; the outcome said again as the cause of the one before
        (
            VERDICT,
            "Casting Test Verdict on the creature blocking your attacking creature doesn't make your creature unblocked.",
            "combat.remains-blocked",
        ),
        (
            VERDICT,
            "Casting Test Verdict on the creature blocking your attacking creature makes your creature unblocked.",
            None,
        ),
        (
            TRICKSTER,
            "Activating Test Trickster's ability targeting the only creature blocking an attacker won't let that attacker "
            "deal combat damage to the defending player, because the attacker is still blocked.",
            "combat.remains-blocked",
        ),
        (
            TRICKSTER,
            "Activating Test Trickster's ability targeting the only creature blocking an attacker won't let that attacker "
            "deal combat damage to the defending player, because the attacker is unblocked.",
            None,
        ),
        (
            TRICKSTER,
            "Activating Test Trickster's ability targeting the only creature blocking an attacker will let that attacker "
            "deal combat damage to the defending player, because the attacker is still blocked.",
            None,
        ),
        (
            TRICKSTER,
            "Activating Test Trickster's ability targeting an attacker won't let that attacker deal combat damage to the "
            "defending player, because the attacker is still blocked.",
            None,
        ),
    ],
)
def test_fourteenth_round_the_blocker_named_by_what_it_blocks(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


FENCER = CardData(
    "Test Fencer", ("Creature",), text="Other Knights you control have first strike.", power="2", toughness="2"
)
WARLORD = CardData(
    "Test Warlord", ("Creature",), text="Other Demons you control have menace.", power="4", toughness="4"
)


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fourteenth round: a lord leaving; first-strike damage dealt in the simple past; "before the regular combat
        # damage step" as a time in combat; "each other <type>" as a creature
        (
            FENCER,
            "Knights that dealt first-strike combat damage don't deal combat damage a second time if Test Fencer leaves "
            "the battlefield before the regular combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
        (
            FENCER,
            "Knights that dealt first-strike combat damage deal combat damage a second time if Test Fencer leaves the "
            "battlefield before the regular combat damage step.",
            None,
        ),
        (
            WARLORD,
            "If Test Warlord leaves the battlefield after blockers have been declared, each other Demon that loses "
            "menace remains blocked by the creatures blocking it.",
            "menace.block-stands",
        ),
        (
            WARLORD,
            "If Test Warlord leaves the battlefield after blockers have been declared, each other Demon that loses "
            "menace becomes unblocked.",
            None,
        ),
        (
            WARLORD,
            "If Test Warlord leaves the battlefield before blockers are declared, each other Demon that loses menace "
            "remains blocked by the creatures blocking it.",
            None,
        ),
    ],
)
def test_fourteenth_round_a_lord_leaving(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


BANNER = CardData(
    "Test Banner",
    ("Artifact",),
    subtypes=("Equipment",),
    text="Flash\nWhen Test Banner enters, attach it to target creature you control.\nEquipped creature gets +1/+0 and has "
    "menace.\nEquip {2}",
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fourteenth round: an Equipment with flash that enters at a moment and becomes attached
        (
            "If Test Banner enters during the declare blockers step and becomes attached to an attacking creature that "
            "was blocked by just one creature, that attacking creature remains blocked.",
            "menace.block-stands",
        ),
        (
            "If Test Banner enters during the declare blockers step and becomes attached to an attacking creature that "
            "was blocked by just one creature, that attacking creature becomes unblocked.",
            None,
        ),
        (
            "If Test Banner enters during the declare attackers step and becomes attached to an attacking creature, "
            "that attacking creature remains blocked.",
            None,
        ),
    ],
)
def test_fourteenth_round_an_equipment_entering_attached(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, BANNER.name, CardPool({BANNER.name: BANNER}))[0] == expected


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fourteenth round: "This is true even if ..." says the sentence before holds in one more case
        (
            "If Test Runner loses haste after it's declared as an attacker, it continues to attack. This is true even if "
            "it came under your control this turn.",
            "haste.attack-stands",
        ),
        (
            "If Test Runner loses haste after it's declared as an attacker, it's removed from combat. This is true even "
            "if it came under your control this turn.",
            None,
        ),
        (
            "If Test Runner loses haste after it's declared as an attacker, it continues to attack. This isn't true if "
            "it came under your control this turn.",
            None,
        ),
        ("This is true even if it came under your control this turn.", None),
    ],
)
def test_fourteenth_round_true_even_if(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, RUNNER.name, CardPool({RUNNER.name: RUNNER}))[0] == expected


SKY_LEAP = CardData("Test Sky Leap", ("Instant",), text="Target creature gains flying until end of turn.")
GLIDER = CardData(
    "Test Glider", ("Creature",), text="{U}: Test Glider gains flying until end of turn.", power="2", toughness="2"
)


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fourteenth round: the card said usable at a moment, and what follows after "but"
        (
            SKY_LEAP,
            "Test Sky Leap can be cast after blockers are declared, but the target creature will remain blocked.",
            "flying.block-stands",
        ),
        (
            SKY_LEAP,
            "You can cast Test Sky Leap after blockers are declared, but it won't cause the creature to become unblocked.",
            "flying.block-stands",
        ),
        (
            SKY_LEAP,
            "Test Sky Leap can be cast after blockers are declared, but the target creature will become unblocked.",
            None,
        ),
        (
            SKY_LEAP,
            "Test Sky Leap can be cast before blockers are declared, but the target creature will remain blocked.",
            None,
        ),
        (
            SKY_LEAP,
            "Test Sky Leap can't be cast after blockers are declared, but the target creature will remain blocked.",
            None,
        ),
        (
            GLIDER,
            "Test Glider's ability can be activated after blockers are declared, but it won't cause Test Glider to become "
            "unblocked.",
            "flying.block-stands",
        ),
        (
            GLIDER,
            "Test Glider's ability can be activated after blockers are declared, but it will cause Test Glider to become "
            "unblocked.",
            None,
        ),
    ],
)
def test_fourteenth_round_the_card_said_usable_at_a_moment(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


HASTE_BOOTS = CardData(
    "Test Haste Boots", ("Artifact",), subtypes=("Equipment",), text="Equipped creature has haste.\nEquip {1}"
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fourteenth round: the Equipment moved away from the creature it was on ("the first creature"), and unattached
        # as the event after the attack ("attacks and then ~ becomes unattached")
        (
            "Moving Test Haste Boots to another creature after attackers have been declared won't remove the first "
            "creature from combat.",
            "haste.attack-stands",
        ),
        (
            "Moving Test Haste Boots to another creature after attackers have been declared will remove the first "
            "creature from combat.",
            None,
        ),
        (
            "If the equipped creature attacks and then Test Haste Boots becomes unattached, the creature remains "
            "attacking even though it no longer has haste.",
            "haste.attack-stands",
        ),
        (
            "If the equipped creature attacks and then Test Haste Boots becomes unattached, the creature is removed from "
            "combat.",
            None,
        ),
    ],
)
def test_fourteenth_round_the_equipment_moved_after_the_attack(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, HASTE_BOOTS.name, CardPool({HASTE_BOOTS.name: HASTE_BOOTS}))[0] == expected


SHARPEN = CardData(
    "Test Sharpen", ("Instant",), text="Target creature gets +2/+0 and gains first strike until end of turn."
)
TWINNING = CardData("Test Twinning", ("Instant",), text="Target creature gains double strike until end of turn.")


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fourteenth round: the card said to give the keyword to a creature it names; first strike gained by a creature
        # that has dealt no combat damage yet, said as a condition at the end or as the creature's name
        (
            TWINNING,
            "If Test Twinning gives a creature that has already dealt first-strike damage double strike, that creature "
            "will also deal regular combat damage.",
            "first-strike.changed-after-first-damage",
        ),
        (
            TWINNING,
            "If Test Twinning gives a creature that has already dealt first-strike damage double strike, that creature "
            "won't deal regular combat damage.",
            None,
        ),
        (
            SHARPEN,
            "Casting Test Sharpen after first-strike damage has been dealt won't prevent the target creature from dealing "
            "combat damage, as long as it hasn't already dealt combat damage this combat.",
            "first-strike.changed-after-first-damage",
        ),
        (
            SHARPEN,
            "Casting Test Sharpen after first-strike damage has been dealt will prevent the target creature from dealing "
            "combat damage, as long as it hasn't already dealt combat damage this combat.",
            None,
        ),
        (
            SHARPEN,
            "Casting Test Sharpen after first-strike damage has been dealt won't prevent the target creature from dealing "
            "combat damage, as long as it has already dealt combat damage this combat.",
            None,
        ),
        (
            SHARPEN,
            "Once first-strike combat damage has been dealt, giving first strike to a creature that hasn't dealt combat "
            "damage won't stop it from dealing combat damage in the regular combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
        (
            SHARPEN,
            "Once first-strike combat damage has been dealt, giving first strike to a creature that hasn't dealt combat "
            "damage will stop it from dealing combat damage in the regular combat damage step.",
            None,
        ),
    ],
)
def test_fourteenth_round_first_strike_given_by_the_card(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


LOOKOUT = CardData(
    "Test Lookout",
    ("Artifact", "Creature"),
    text="As long as you control another artifact, Test Lookout has vigilance.",
    power="2",
    toughness="3",
)
WARDEN = CardData(
    "Test Warden", ("Creature",), text="Other Soldiers you control have vigilance.", power="2", toughness="2"
)


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fifteenth round: the keyword's absence said of the event before the keyword is gained ("attacked without
        # vigilance", "attacked and became tapped")
        (
            LOOKOUT,
            "If Test Lookout attacked without vigilance, gaining control of an artifact later that combat won't untap it.",
            "vigilance.changes-after-attack",
        ),
        (
            LOOKOUT,
            "If Test Lookout attacked without vigilance, gaining control of an artifact later that combat untaps it.",
            None,
        ),
        (
            LOOKOUT,
            "If Test Lookout attacked without vigilance, losing control of an artifact later that combat won't untap it.",
            None,
        ),
        (
            LOOKOUT,
            "If Test Lookout attacked and became tapped, gaining control of an artifact later in combat won't untap it.",
            "vigilance.changes-after-attack",
        ),
        # a creature that attacked before the lord entered: an attacking creature that gains the keyword
        (
            WARDEN,
            "A Soldier that attacked before Test Warden entered the battlefield stays tapped even though it now has "
            "vigilance.",
            "vigilance.changes-after-attack",
        ),
        (WARDEN, "A Soldier that attacked before Test Warden entered the battlefield becomes untapped.", None),
    ],
)
def test_fifteenth_round_the_keyword_lacked_before_it_is_gained(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


HARNESS = CardData(
    "Test Harness",
    ("Artifact",),
    subtypes=("Equipment",),
    text="Equipped creature gets +1/+0 and has haste.\nEquip {1}",
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: the card's own event said in a trailing "even if" (no hedge when it changes the keyword the
        # card gives)
        (
            "Once a creature has been declared as an attacker, it stays in combat even if Test Harness becomes "
            "unattached.",
            "haste.attack-stands",
        ),
        (
            "Once a creature equipped with Test Harness has been declared as an attacker, it stays in combat even if "
            "Test Harness becomes unattached.",
            "haste.attack-stands",
        ),
        (
            "Once a creature has been declared as an attacker, it stops attacking even if Test Harness becomes "
            "unattached.",
            None,
        ),
        (
            "Before a creature has been declared as an attacker, it stays in combat even if Test Harness becomes "
            "unattached.",
            None,
        ),
        ("It stays in combat even if Test Harness attacks again.", None),
    ],
)
def test_fifteenth_round_the_cards_event_said_in_a_trailing_even_if(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, HARNESS.name, CardPool({HARNESS.name: HARNESS}))[0] == expected


NET = CardData("Test Net", ("Instant",), text="Target creature loses flying until end of turn.")
LEAP = CardData(
    "Test Leap", ("Instant",), text="Target creature gets +1/+1 and gains flying and first strike until end of turn."
)


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fifteenth round: no more blockers let in (509.1h) is the block unchanged
        (
            NET,
            "Casting Test Net on an attacking creature after blockers are declared won't let any additional creatures "
            "block it.",
            "flying.block-stands",
        ),
        (
            NET,
            "Casting Test Net on an attacking creature after blockers are declared lets additional creatures block it.",
            None,
        ),
        (
            NET,
            "Casting Test Net on an attacking creature before blockers are declared won't let any additional creatures "
            "block it.",
            None,
        ),
        # the spell said used, a blocker said assigned, and the comma left out before the outcome
        (LEAP, "If used after a blocker is assigned your creature is still blocked.", "flying.block-stands"),
        (LEAP, "If used after a blocker is assigned your creature becomes unblocked.", None),
        (LEAP, "If used before a blocker is assigned your creature is still blocked.", None),
    ],
)
def test_fifteenth_round_no_more_blockers_and_a_spell_said_used(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


ADEPT = CardData(
    "Test Adept",
    ("Creature",),
    text="Whenever another creature you control dies, Test Adept gains first strike until end of turn.",
    power="2",
    toughness="2",
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: the event that triggers the card's ability said as the condition of the change, and the
        # premise of 702.7c said between commas
        (
            "If another creature you control dies during the first combat damage step, Test Adept gains first strike, "
            "but because it hasn't dealt first-strike damage, it'll still deal combat damage in the regular combat "
            "damage step.",
            "first-strike.changed-after-first-damage",
        ),
        (
            "If another creature you control dies during the first combat damage step, Test Adept gains first strike, "
            "but because it hasn't dealt first-strike damage, it won't deal combat damage in the regular combat "
            "damage step.",
            None,
        ),
        (
            "If a creature an opponent controls dies during the first combat damage step, Test Adept gains first "
            "strike, but it'll still deal combat damage in the regular combat damage step.",
            None,
        ),
    ],
)
def test_fifteenth_round_the_trigger_event_said_for_the_change(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, ADEPT.name, CardPool({ADEPT.name: ADEPT}))[0] == expected


BLINK = CardData(
    "Test Blink",
    ("Instant",),
    text="Exile target creature you control, then return that card to the battlefield under its owner's control.",
)
_BLINKED = (
    "If you exile a blocking creature with Test Blink, it returns to the battlefield as a new object that isn't "
    "blocking. The attacking creature it was blocking remains blocked, however. "
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: an example of the outcome for an attacker named by its size, without trample
        (
            _BLINKED + "For example, a 5/5 attacker without trample that was blocked only by that creature won't deal "
            "combat damage.",
            "combat.remains-blocked",
        ),
        (
            _BLINKED + "For example, a 5/5 attacker with trample that was blocked only by that creature won't deal "
            "combat damage.",
            None,
        ),
        (
            _BLINKED + "For example, a 5/5 attacker without trample that was blocked only by that creature will deal "
            "combat damage.",
            None,
        ),
    ],
)
def test_fifteenth_round_an_attacker_by_its_size_without_trample(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, BLINK.name, CardPool({BLINK.name: BLINK}))[0] == expected


STEED = CardData(
    "Test Steed",
    ("Creature",),
    text="Test Steed has haste as long as you control another red creature.",
    power="2",
    toughness="2",
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: the card's condition of control said first with "if" (the claim is the keyword's)
        (
            "If you control another red creature, Test Steed can attack the turn it comes under your control.",
            "haste.attacks-at-once",
        ),
        ("If you control another red creature, Test Steed can't attack the turn it comes under your control.", None),
        ("If you control another green creature, Test Steed can attack the turn it comes under your control.", None),
    ],
)
def test_fifteenth_round_the_condition_of_control_said_with_if(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, STEED.name, CardPool({STEED.name: STEED}))[0] == expected


COLOSSUS = CardData(
    "Test Colossus",
    ("Creature",),
    text="Test Colossus has indestructible as long as it's untapped.",
    power="4",
    toughness="4",
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: the card's state condition said first, its pronoun after it, "no matter how much"
        (
            "While Test Colossus is untapped, damage won't destroy it, no matter how much.",
            "indestructible.not-destroyed",
        ),
        ("While Test Colossus is untapped, damage won't destroy it.", "indestructible.not-destroyed"),
        ("While Test Colossus is untapped, damage will destroy it, no matter how much.", None),
        ("While Test Colossus is tapped, damage won't destroy it.", None),
    ],
)
def test_fifteenth_round_the_cards_state_said_first(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, COLOSSUS.name, CardPool({COLOSSUS.name: COLOSSUS}))[0] == expected


SQUIRE = CardData(
    "Test Squire",
    ("Creature",),
    text="When Test Squire enters, another target creature you control gains haste until end of turn.",
    power="2",
    toughness="2",
)


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        # fifteenth round: control gained this turn is control that began this turn (302.6), the turn said twice
        (
            "The creature targeted by Test Squire's ability can attack this turn even if you gained control of it only "
            "this turn.",
            "haste.attacks-at-once",
        ),
        (
            "A creature with haste can attack this turn even if it came under your control this turn.",
            "haste.attacks-at-once",
        ),
        ("A creature with haste can't attack this turn if you gained control of it only this turn.", None),
        ("A creature without haste can attack this turn even if you gained control of it only this turn.", None),
        (
            "The creature targeted by Test Squire's ability can attack next turn even if you gained control of it only "
            "this turn.",
            None,
        ),
    ],
)
def test_fifteenth_round_control_gained_this_turn(paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, SQUIRE.name, CardPool({SQUIRE.name: SQUIRE}))[0] == expected


BRUTE = CardData(
    "Test Brute",
    ("Creature",),
    text="As long as there are four or more creature cards in your graveyard, Test Brute has menace.",
    power="3",
    toughness="3",
)
DELIRIOUS = CardData(
    "Test Delirium",
    ("Creature",),
    text="Delirium — Test Delirium gets +1/+0 and has menace as long as there are four or more card types among cards "
    "in your graveyard.",
    power="3",
    toughness="3",
)


@pytest.mark.parametrize(
    ("card", "paragraph", "expected"),
    [
        # fifteenth round: a count of cards in the graveyard as the card's condition, made true or ended by cards put
        # there or leaving; an ability word before the grant
        (
            BRUTE,
            "If a fourth creature card is put into your graveyard after Test Brute has been blocked by one creature, "
            "Test Brute remains blocked by that creature.",
            "menace.block-stands",
        ),
        (
            BRUTE,
            "If a fourth creature card is put into your graveyard after Test Brute has been blocked by one creature, "
            "Test Brute becomes unblocked.",
            None,
        ),
        (
            DELIRIOUS,
            "If a card leaves your graveyard after Test Delirium has been blocked by two creatures, it remains blocked "
            "by both of them.",
            "menace.block-stands",
        ),
        (
            DELIRIOUS,
            "If a card leaves your graveyard before Test Delirium has been blocked, it remains blocked by both of them.",
            None,
        ),
    ],
)
def test_fifteenth_round_a_graveyard_count_as_the_condition(
    card: CardData, paragraph: str, expected: str | None
) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


CHORUS = CardData(
    "Test Chorus", ("Instant",), mana_cost="{1}{W}", text="Creatures you control gain double strike until end of turn."
)
DULLER = CardData(
    "Test Duller", ("Instant",), mana_cost="{U}", text="Target creature loses double strike until end of turn."
)


WINGCLIP = CardData(
    "Test Wingclip", ("Instant",), mana_cost="{G}", text="Target creature loses flying until end of turn."
)
BOUNCER = CardData("Test Bouncer", ("Instant",), mana_cost="{U}", text="Return target creature to its owner's hand.")


VIGIL = CardData(
    "Test Vigil", ("Artifact",), mana_cost="{2}", text="{1}{W}: Target creature gains vigilance until end of turn."
)
SPURS = CardData(
    "Test Spurs",
    ("Artifact", "Equipment"),
    mana_cost="{1}",
    text="Equipped creature gets +1/+1 and has haste.\nEquip {1}",
)
SNARL = CardData(
    "Test Snarl", ("Instant",), mana_cost="{R}", text="Target creature gets +2/+0 and gains menace until end of turn."
)
PARRY = CardData(
    "Test Parry",
    ("Creature",),
    mana_cost="{1}{W}",
    text="{W}: Test Parry gains first strike until end of turn.",
    power="2",
    toughness="2",
)


GNASHER = CardData(
    "Test Gnasher",
    ("Creature",),
    mana_cost="{3}{G}",
    text="Trample\nWhenever Test Gnasher becomes blocked, it deals 2 damage to each creature blocking it.",
    power="4",
    toughness="4",
    keywords=("Trample",),
)
SLOWPOKE = CardData(
    "Test Slowpoke",
    ("Creature",),
    mana_cost="{3}{G}",
    text="Whenever Test Slowpoke becomes blocked, it deals 2 damage to each creature blocking it.",
    power="4",
    toughness="4",
)
ASHGRIN = CardData(
    "Test Ashgrin",
    ("Creature",),
    mana_cost="{2}{B}",
    text="{B}: Test Ashgrin gains menace until end of turn.",
    power="3",
    toughness="2",
)


DECOY = CardData(
    "Test Decoy",
    ("Creature",),
    mana_cost="{1}",
    text="Whenever Test Decoy blocks, you may sacrifice it. If you do, you gain 3 life.",
    power="0",
    toughness="3",
)
RESTLESS = CardData(
    "Test Restless",
    ("Enchantment", "Aura"),
    mana_cost="{W}",
    text="Flash\nEnchant creature\nEnchanted creature gets +1/+1 and has vigilance.",
)


VIGAURA = CardData(
    "Test Vigaura", ("Enchantment", "Aura"), mana_cost="{W}", text="Enchant creature\nEnchanted creature has vigilance."
)
HASTEAURA = CardData(
    "Test Hasteaura",
    ("Enchantment", "Aura"),
    mana_cost="{R}",
    text="Enchant creature\nEnchanted creature gets +1/+0 and has haste.",
)
MENACEACT = CardData(
    "Test Menaceact",
    ("Creature",),
    mana_cost="{1}{B}",
    text="{B}: Test Menaceact gains menace until end of turn.",
    power="2",
    toughness="2",
)
TRAMPLER = CardData(
    "Test Trampler",
    ("Instant",),
    mana_cost="{G}",
    text="Target creature gets +2/+2 and gains trample until end of turn.",
)


STRIKER = CardData(
    "Test Striker", ("Instant",), mana_cost="{W}", text="Target creature gains first strike until end of turn."
)
VIGILORD = CardData(
    "Test Vigilord",
    ("Creature",),
    mana_cost="{2}{W}",
    text="Other creatures you control have vigilance.",
    power="2",
    toughness="2",
)


#: Sixteenth round: each class of wording read, with its contradicting variants (which must stay unread).
SIXTEENTH_ROUND = [
    # sixteenth round: the change as the subject of what follows from it, joined by "means" / "lets" / "allows"
    (
        DULLER,
        "Once a creature with double strike has dealt its first-strike combat damage, casting Test Duller on it "
        "means it won't deal any combat damage in the regular combat damage step.",
        "first-strike.changed-after-first-damage",
    ),
    (
        DULLER,
        "Once a creature with double strike has dealt its first-strike combat damage, casting Test Duller on it "
        "means it will deal combat damage in the regular combat damage step.",
        None,
    ),
    (
        CHORUS,
        "Casting Test Chorus after combat damage has been dealt in the first combat damage step lets your "
        "creatures that dealt first-strike damage deal combat damage again in the second step.",
        "first-strike.changed-after-first-damage",
    ),
    (
        CHORUS,
        "Casting Test Chorus after combat damage has been dealt in the first combat damage step doesn't let your "
        "creatures that dealt first-strike damage deal combat damage again in the second step.",
        None,
    ),
    # sixteenth round: a blocked creature named with its blocker; the blocker is no claim of its own
    (
        WINGCLIP,
        "A creature with flying that's already blocked by a creature without flying or reach remains blocked if "
        "it loses flying.",
        "flying.block-stands",
    ),
    (
        WINGCLIP,
        "A creature with flying that's already blocked by a creature without flying or reach becomes unblocked "
        "if it loses flying.",
        None,
    ),
    # ... unless the blocker is spoken of again
    (
        WINGCLIP,
        "A creature with flying that's already blocked by a creature without flying or reach becomes unblocked "
        "if that creature loses flying.",
        None,
    ),
    # the blocker gone, said as "gone"
    (
        BOUNCER,
        "The creature it was blocking remains blocked, even though the blocker is gone, and it won't deal combat "
        "damage unless it has trample.",
        "combat.remains-blocked",
    ),
    (
        BOUNCER,
        "The creature it was blocking becomes unblocked once the blocker is gone, and it deals combat damage to "
        "the defending player.",
        None,
    ),
    # sixteenth round: the keyword said before the creature it is given to; "that's (already) been" is "has been"
    (
        VIGIL,
        "If Test Vigil's ability gives vigilance to a creature that's already been declared as an attacker, that "
        "creature won't untap. It remains tapped.",
        "vigilance.changes-after-attack",
    ),
    (
        VIGIL,
        "If Test Vigil's ability gives vigilance to a creature that's already been declared as an attacker, that "
        "creature untaps.",
        None,
    ),
    (
        SNARL,
        "If Test Snarl gives menace to an attacking creature that's already been blocked by just one creature, "
        "that creature remains blocked.",
        "menace.block-stands",
    ),
    (
        SNARL,
        "If Test Snarl gives menace to an attacking creature that's already been blocked by just one creature, "
        "that creature becomes unblocked.",
        None,
    ),
    # an Equipment unattached from a creature named by its state
    (
        SPURS,
        "If Test Spurs becomes unattached from a creature that's already attacking, that creature continues to attack.",
        "haste.attack-stands",
    ),
    (
        SPURS,
        "If Test Spurs becomes unattached from a creature that's already attacking, that creature stops attacking.",
        None,
    ),
    # the outcome said again: "that damage", "that combat"
    (
        PARRY,
        "Activating Test Parry's ability after first-strike combat damage has been dealt won't stop it from "
        "dealing its combat damage. It'll deal that damage in the regular combat damage step.",
        "first-strike.changed-after-first-damage",
    ),
    # sixteenth round: two sentences a reader reads as one, joined by "and"
    (
        GNASHER,
        "If Test Gnasher's ability destroys every creature blocking it, it's still a blocked creature. Because it "
        "has trample, it assigns all of its combat damage to the player, planeswalker, or battle it's attacking.",
        "trample.blockers-destroyed-by-first-strike",
    ),
    (
        GNASHER,
        "If Test Gnasher's ability destroys every creature blocking it, it's still a blocked creature. Because it "
        "has trample, it assigns no combat damage.",
        None,
    ),
    (
        SLOWPOKE,
        "If Test Slowpoke's ability destroys every creature blocking it, it's still a blocked creature. It "
        "assigns all of its combat damage to the player, planeswalker, or battle it's attacking.",
        None,
    ),
    # the advice after a block that stands
    (
        ASHGRIN,
        "Once Test Ashgrin has been blocked by one creature, activating its ability won't change that block. "
        "You'll need to activate it before blockers are declared.",
        "menace.block-stands",
    ),
    (ASHGRIN, "You'll need to activate Test Ashgrin's ability before blockers are declared.", None),
    # sixteenth round: the card's leaving said after what follows; "has attacked and become tapped"
    (
        DECOY,
        "The creature Test Decoy was blocking remains blocked after Test Decoy is sacrificed.",
        "combat.remains-blocked",
    ),
    (DECOY, "The creature Test Decoy was blocking becomes unblocked after Test Decoy is sacrificed.", None),
    (
        RESTLESS,
        "Once a creature has attacked and become tapped, casting Test Restless on it won't untap it.",
        "vigilance.changes-after-attack",
    ),
    (RESTLESS, "Once a creature has attacked and become tapped, casting Test Restless on it untaps it.", None),
    # sixteenth round: "enchanting X with ~"; "the creature it enchanted"; "and you then activate its ability"
    (
        VIGAURA,
        "Enchanting an attacking creature with Test Vigaura won't cause it to untap.",
        "vigilance.changes-after-attack",
    ),
    (VIGAURA, "Enchanting an attacking creature with Test Vigaura causes it to untap.", None),
    (
        HASTEAURA,
        "If Test Hasteaura leaves the battlefield after the creature it enchanted has attacked, that creature "
        "continues attacking.",
        "haste.attack-stands",
    ),
    (
        HASTEAURA,
        "If Test Hasteaura leaves the battlefield after the creature it enchanted has attacked, that creature "
        "stops attacking.",
        None,
    ),
    (
        MENACEACT,
        "If Test Menaceact is blocked by just one creature and you then activate its ability, it remains blocked.",
        "menace.block-stands",
    ),
    (
        MENACEACT,
        "If Test Menaceact is blocked by just one creature and you then activate its ability, it becomes unblocked.",
        None,
    ),
    # trample: "the target creature", the rest after a semicolon
    (
        TRAMPLER,
        "If the target creature is blocked, you must assign lethal damage to all blocking creatures before you can "
        "assign damage to the player or planeswalker it's attacking.",
        "trample.lethal-then-excess",
    ),
    (
        TRAMPLER,
        "When assigning combat damage, the creature must assign at least lethal damage to all blockers; the rest "
        "may be assigned to the player.",
        "trample.lethal-then-excess",
    ),
    (
        TRAMPLER,
        "When assigning combat damage, the creature must assign at least lethal damage to all blockers; the rest "
        "may be assigned to another creature.",
        None,
    ),
    # sixteenth round: "after blocks", "any blocked creature", "during the combat damage step", several creatures
    # that attacked before the lord entered
    (
        WINGCLIP,
        "Casting Test Wingclip after blocks won't change which creatures are blocking or blocked.",
        "flying.block-stands",
    ),
    (
        WINGCLIP,
        "If Test Wingclip is cast after blockers are declared, it won't cause any blocked creature to become "
        "unblocked.",
        "flying.block-stands",
    ),
    (
        WINGCLIP,
        "If Test Wingclip is cast after blockers are declared, it will cause any blocked creature to become unblocked.",
        None,
    ),
    (
        STRIKER,
        "Casting Test Striker during the combat damage step after first-strike damage won't prevent the target "
        "creature from dealing regular combat damage.",
        "first-strike.changed-after-first-damage",
    ),
    (
        VIGILORD,
        "Creatures that attacked before Test Vigilord entered the battlefield remain tapped even though they now "
        "have vigilance.",
        "vigilance.changes-after-attack",
    ),
    (
        VIGILORD,
        "Creatures that attacked before Test Vigilord entered the battlefield become untapped because they now "
        "have vigilance.",
        None,
    ),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), SIXTEENTH_ROUND)
def test_sixteenth_round_classes(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


#: Seventeenth-round cards: a creature that gives itself vigilance, an instant that takes haste away, a lord whose
#: grant is narrowed by a relative clause.
PIKEMAN = CardData(
    "Test Pikeman",
    ("Creature",),
    text="{1}{W}: Test Pikeman gains vigilance until end of turn.",
    power="2",
    toughness="2",
)
SNUFF = CardData("Test Snuff", ("Instant",), text="Target creature loses haste and gets -2/-0 until end of turn.")
MATRIARCH = CardData(
    "Test Matriarch",
    ("Creature",),
    text="Haste\nOther creatures you control that entered the battlefield this turn have haste.",
    power="3",
    toughness="3",
    keywords=("Haste",),
)
SEVENTEENTH_ROUND = [
    # a blocked creature named with its blocker by a reduced relative ("an attacking creature blocked by ...")
    (
        SKY_LEAP,
        "If an attacking creature blocked by a creature without flying or reach gains flying from Test Sky Leap, it "
        "remains blocked by that creature.",
        "flying.block-stands",
    ),
    (
        SKY_LEAP,
        "If an attacking creature blocked by a creature without flying or reach gains flying from Test Sky Leap, it "
        "becomes unblocked.",
        None,
    ),
    # who makes the change, named as the subject
    (SKY_LEAP, "If you give a creature flying after it's been blocked, it remains blocked.", "flying.block-stands"),
    (SKY_LEAP, "If you give a creature flying after it's been blocked, it's no longer blocked.", None),
    (SKY_LEAP, "If you give a creature flying before it's blocked, it remains blocked.", None),
    (
        NET,
        "If your opponent removes flying from a creature after it has blocked, it continues to block.",
        "flying.block-stands",
    ),
    (NET, "If your opponent removes flying from a creature after it has blocked, it stops blocking.", None),
    # advice after the statement: its purpose set aside, the imperative as "you must"
    (
        PIKEMAN,
        "To have Test Pikeman attack without becoming tapped, you must activate its ability before attackers are "
        "declared, such as during the beginning of combat step. Activating the ability after Test Pikeman has been "
        "declared as an attacker won't untap it.",
        "vigilance.changes-after-attack",
    ),
    (
        PIKEMAN,
        "To have Test Pikeman attack without becoming tapped, you must activate its ability before attackers are "
        "declared. Activating the ability after Test Pikeman has been declared as an attacker will untap it.",
        None,
    ),
    (
        PIKEMAN,
        "To have Test Pikeman attack without becoming tapped, you must activate its ability after attackers are "
        "declared. Activating the ability after Test Pikeman has been declared as an attacker won't untap it.",
        None,
    ),
    # the block named by "the fact that it's blocked"; advice joined by ", so" in the imperative
    (
        SKY_LEAP,
        "Casting Test Sky Leap on a creature after it's been blocked won't change the fact that it's blocked, so "
        "cast it before blockers are declared if you want it to evade ground creatures.",
        "flying.block-stands",
    ),
    (
        SKY_LEAP,
        "Casting Test Sky Leap on a creature after it's been blocked will change the fact that it's blocked.",
        None,
    ),
    # the reason after ", as"
    (
        VIGIL,
        "Giving vigilance to a creature that's already attacking won't untap that creature, as vigilance matters only "
        "at the moment attackers are declared.",
        "vigilance.changes-after-attack",
    ),
    (
        VIGIL,
        "Giving vigilance to a creature that's already attacking won't untap that creature, as vigilance matters only "
        "after attackers are declared.",
        None,
    ),
    # "has no effect on" an attacking creature
    (
        VIGIL,
        "Losing vigilance has no effect on a creature that has already been declared as an attacker.",
        "vigilance.changes-after-attack",
    ),
    (
        VIGIL,
        "Losing vigilance has an effect on a creature that has already been declared as an attacker.",
        None,
    ),
    # "after that creature ..." is a moment, not "after that"
    (
        SPURS,
        "If Test Spurs becomes unattached from a creature after that creature has been declared as an attacker, the "
        "creature continues to attack.",
        "haste.attack-stands",
    ),
    (
        SPURS,
        "If Test Spurs becomes unattached from a creature before that creature has been declared as an attacker, the "
        "creature continues to attack.",
        None,
    ),
    # the card aimed at the creature, the change and what follows in the main clause; a relative clause that says
    # which creatures by why they could attack
    (
        SNUFF,
        "If Test Snuff targets an attacking creature that came under its controller's control this turn, that "
        "creature loses haste but continues to attack.",
        "haste.attack-stands",
    ),
    (
        SNUFF,
        "If Test Snuff targets an attacking creature that came under its controller's control this turn, that "
        "creature loses haste and is removed from combat.",
        None,
    ),
    (
        MATRIARCH,
        "If Test Matriarch leaves the battlefield after attackers are declared, creatures that could attack only "
        "because of its last ability will continue to attack.",
        "haste.attack-stands",
    ),
    (
        MATRIARCH,
        "If Test Matriarch leaves the battlefield after attackers are declared, creatures that could attack only "
        "because of its last ability will stop attacking.",
        None,
    ),
]


HOWL = CardData("Test Howl", ("Instant",), text="Creatures you control gain menace until end of turn.")
DREAD = CardData("Test Dread", ("Instant",), text="Target creature gets +1/+1 and gains menace until end of turn.")
SEVENTEENTH_ROUND += [
    # advice on how to play the card is set aside
    (
        TWINNING,
        "If you cast Test Twinning on a creature with first strike after it has dealt first-strike combat damage, it "
        "will deal combat damage again in the regular combat damage step. Waiting until then can be a useful way to "
        "finish off a blocker that survived.",
        "first-strike.changed-after-first-damage",
    ),
    (
        TWINNING,
        "If you cast Test Twinning on a creature with first strike after it has dealt first-strike combat damage, it "
        "will deal combat damage again in the regular combat damage step. Waiting until then can't be a useful way to "
        "finish off a blocker that survived.",
        None,
    ),
    # blocked by one creature, said with its count
    (
        DREAD,
        "Casting Test Dread on an attacking creature that's been blocked by exactly one creature won't change that "
        "block.",
        "menace.block-stands",
    ),
    (
        DREAD,
        "Casting Test Dread on an attacking creature that's been blocked by exactly one creature will change that "
        "block.",
        None,
    ),
    # the block named by its blocker in an event; the card's change set aside as a hedge ("even if ~ gives it menace")
    (
        DREAD,
        "Once an attacking creature has been blocked by a single creature, it stays blocked even if Test Dread gives it "
        "menace.",
        "menace.block-stands",
    ),
    (
        DREAD,
        "Once an attacking creature has been blocked by a single creature, it becomes unblocked if Test Dread gives it "
        "menace.",
        None,
    ),
    # the spell named by a pronoun after the sentence before named it; "each of your ..."
    (
        HOWL,
        "Test Howl won't affect blocks that have already been made. If you cast it after blockers are declared, each "
        "of your attacking creatures that's blocked by a single creature will remain blocked by that creature.",
        "menace.block-stands",
    ),
    (HOWL, "Test Howl will affect blocks that have already been made.", None),
    (HOWL, "Test Howl doesn't make a blocked creature unblocked.", "menace.block-stands"),
    (HOWL, "Test Howl makes a blocked creature unblocked.", None),
    (NET, "Test Net can't be used to undo a block that's already been made.", "flying.block-stands"),
    (NET, "Test Net can be used to undo a block that's already been made.", None),
    # the block said with its damage
    (
        SKY_LEAP,
        "If Test Sky Leap targets an attacking creature that's been blocked by a creature without flying or reach, "
        "that creature stays blocked and deals and is dealt combat damage as normal.",
        "flying.block-stands",
    ),
    (
        SKY_LEAP,
        "If Test Sky Leap targets an attacking creature that's been blocked by a creature without flying or reach, "
        "that creature becomes unblocked and deals and is dealt combat damage as normal.",
        None,
    ),
]


NEXT_TURN_IMPULSE = CardData(
    "Test Farsight",
    ("Sorcery",),
    text="Exile the top two cards of your library. Choose one of them. Until the end of your next turn, you may play "
    "that card.",
)
THIS_TURN_IMPULSE = CardData(
    "Test Glimpse", ("Sorcery",), text="Exile the top card of your library. You may play that card this turn."
)
WALKER = CardData(
    "Test Walker",
    ("Planeswalker",),
    text="+1: Exile the top card of your library. You may play that card this turn.\n-3: Test Walker deals 3 damage "
    "to any target.",
)
SEVENTEENTH_ROUND += [
    # exiled for good; "if you don't, ..."; no other zone
    (
        THIS_TURN_IMPULSE,
        "Test Glimpse lets you play the exiled card only during the turn it was exiled. If you don't, that card stays "
        "in exile for the rest of the game.",
        "play-from-exile.uncast-stay-exiled",
    ),
    (
        THIS_TURN_IMPULSE,
        "Test Glimpse lets you play the exiled card only during the turn it was exiled. If you don't, that card "
        "returns to your hand.",
        None,
    ),
    (
        THIS_TURN_IMPULSE,
        "If you don't play the card exiled with Test Glimpse during that turn, it stays in exile. It doesn't return to "
        "its owner's library or go to any other zone, and you can't play it later.",
        "play-from-exile.uncast-stay-exiled",
    ),
    (
        THIS_TURN_IMPULSE,
        "If you don't play the card exiled with Test Glimpse during that turn, it stays in exile. It returns to its "
        "owner's library, and you can't play it later.",
        None,
    ),
    # a planeswalker's ability by its kind
    (
        WALKER,
        "If you don't play the card exiled with Test Walker's first loyalty ability that turn, it stays in exile.",
        "play-from-exile.uncast-stay-exiled",
    ),
    (
        WALKER,
        "If you don't play the card exiled with Test Walker's first loyalty ability that turn, it goes to your "
        "graveyard.",
        None,
    ),
    # "the chosen card"; stays exiled and can't be played, after the end of your next turn
    (
        NEXT_TURN_IMPULSE,
        "If you don't play the chosen card by the end of your next turn, it remains exiled and can no longer be "
        "played.",
        "play-from-exile.uncast-stay-exiled",
    ),
    (
        NEXT_TURN_IMPULSE,
        "If you don't play the chosen card by the end of your next turn, it returns to your hand and can no longer be "
        "played.",
        None,
    ),
]


BLUNT_ALL = CardData("Test Blunting", ("Instant",), text="Target creature loses first strike until end of turn.")
TRAMPLE_BOOTS = CardData(
    "Test Stompers", ("Artifact", "Equipment"), text="Equipped creature gets +2/+0 and has trample.\nEquip {2}"
)
SEVENTEENTH_ROUND += [
    # the step named with the moment in it
    (
        SHARPEN,
        "Casting Test Sharpen during the first-strike combat damage step, after first-strike combat damage has been "
        "dealt, won't stop the target creature from dealing its combat damage in the regular combat damage step.",
        "first-strike.changed-after-first-damage",
    ),
    (
        SHARPEN,
        "Casting Test Sharpen during the first-strike combat damage step, after first-strike combat damage has been "
        "dealt, will stop the target creature from dealing its combat damage in the regular combat damage step.",
        None,
    ),
    # "doesn't give it another chance to deal damage"; "only once, in the regular combat damage step"; "conversely"
    (
        BLUNT_ALL,
        "Losing first strike after first-strike combat damage has been dealt doesn't give a creature another chance to "
        "deal damage.",
        "first-strike.changed-after-first-damage",
    ),
    (
        BLUNT_ALL,
        "Losing first strike after first-strike combat damage has been dealt gives a creature another chance to deal "
        "damage.",
        None,
    ),
    (
        SHARPEN,
        "Conversely, if a creature gains first strike only after first-strike combat damage has been dealt, it deals "
        "combat damage only once, in the regular combat damage step.",
        "first-strike.changed-after-first-damage",
    ),
    (
        SHARPEN,
        "Conversely, if a creature gains first strike only before first-strike combat damage has been dealt, it deals "
        "combat damage only once, in the regular combat damage step.",
        None,
    ),
    # every blocker gone "by the time combat damage is assigned", said as "have all been destroyed or removed"
    (
        TRAMPLE_BOOTS,
        "If every creature blocking the equipped creature has left the battlefield by the time combat damage is "
        "assigned, the equipped creature assigns all of its combat damage to the player, planeswalker, or battle it's "
        "attacking.",
        "trample.blockers-destroyed-by-first-strike",
    ),
    (
        TRAMPLE_BOOTS,
        "If one creature blocking the equipped creature has left the battlefield by the time combat damage is "
        "assigned, the equipped creature assigns all of its combat damage to the player, planeswalker, or battle it's "
        "attacking.",
        None,
    ),
]


MINDRIFT = CardData(
    "Test Mindrift",
    ("Creature",),
    text="When Test Mindrift enters the battlefield, exile the top card of your library. You may cast that card this "
    "turn.",
    power="2",
    toughness="2",
)
SEVENTEENTH_ROUND += [
    # the normal timing rules "for a card cast with ~'s ability"; two cases side by side after ", so" and ", while"
    (
        MINDRIFT,
        "You must follow the normal timing permissions and restrictions for a card cast with Test Mindrift's ability, "
        "so a sorcery card can be cast only during your main phase while the stack is empty, while an instant card "
        "can be cast any time you have priority.",
        "play-from-exile.timing-unchanged",
    ),
    (
        MINDRIFT,
        "You must follow the normal timing permissions and restrictions for a card cast with Test Mindrift's ability, "
        "so a sorcery card can be cast any time you have priority, while an instant card can be cast any time you "
        "have priority.",
        None,
    ),
    # "any time you have priority, including during an opponent's turn"
    (
        MINDRIFT,
        "If the card exiled with Test Mindrift's ability is an instant card, you may cast it any time you have "
        "priority, including during an opponent's turn.",
        "play-from-exile.timing-unchanged",
    ),
    (
        MINDRIFT,
        "If the card exiled with Test Mindrift's ability is a sorcery card, you may cast it any time you have "
        "priority, including during an opponent's turn.",
        None,
    ),
]


SEVENTEENTH_ROUND += [
    # the card that removed the blocker named after the creature it blocked
    (
        AMBUSH,
        "If you destroy the only creature blocking an attacking creature with Test Ambush, the attacking creature "
        "remains blocked.",
        "combat.remains-blocked",
    ),
    (
        AMBUSH,
        "If you destroy the only creature blocking an attacking creature with Test Ambush, the attacking creature "
        "becomes unblocked.",
        None,
    ),
    # the blockers gone said again as a hedge
    (
        SQUIRE,
        "If you sacrifice Test Squire after it has blocked, the creature it was blocking remains blocked, even though "
        "no creatures are blocking it anymore.",
        "combat.remains-blocked",
    ),
    (
        SQUIRE,
        "If you sacrifice Test Squire after it has blocked, the creature it was blocking is no longer blocked, since "
        "no creatures are blocking it anymore.",
        None,
    ),
    # "any attacking creature it was blocking"
    (
        AMBUSH,
        "If Test Ambush destroys a blocking creature, any attacking creature it was blocking remains blocked.",
        "combat.remains-blocked",
    ),
    (
        AMBUSH,
        "If Test Ambush destroys a blocking creature, any attacking creature it was blocking becomes unblocked.",
        None,
    ),
]


FLIGHT_HARNESS = CardData(
    "Test Glider Harness", ("Artifact", "Equipment"), text="Equipped creature gets +1/+1 and has flying.\nEquip {2}"
)
ORC_LORD = CardData(
    "Test Orc Lord", ("Creature", "Orc"), text="Flash\nOther Orcs you control have menace.", power="2", toughness="2"
)
VIGIL_SPURS = CardData(
    "Test Vigil Spurs", ("Artifact", "Equipment"), text="Equipped creature has vigilance.\nEquip {1}"
)
SEVENTEENTH_ROUND += [
    # the case the keyword's rule is about said as a hedge
    (
        SKY_LEAP,
        "Casting Test Sky Leap on an attacking creature after it's become blocked won't cause it to become unblocked, "
        "even if none of the creatures blocking it have flying or reach.",
        "flying.block-stands",
    ),
    (
        SKY_LEAP,
        "Casting Test Sky Leap on an attacking creature after it's become blocked will cause it to become unblocked, "
        "even if none of the creatures blocking it have flying or reach.",
        None,
    ),
    # the Equipment unattached from a blocking creature
    (
        FLIGHT_HARNESS,
        "If Test Glider Harness becomes unattached from a blocking creature, that creature keeps blocking, even if the "
        "attacking creature it's blocking has flying.",
        "flying.block-stands",
    ),
    (
        FLIGHT_HARNESS,
        "If Test Glider Harness becomes unattached from a blocking creature, that creature stops blocking, even if the "
        "attacking creature it's blocking has flying.",
        None,
    ),
    # a lord with flash cast after blockers are declared
    (
        ORC_LORD,
        "If you cast Test Orc Lord after blockers have been declared, any attacking Orc you control that was blocked "
        "by a single creature remains blocked.",
        "menace.block-stands",
    ),
    (
        ORC_LORD,
        "If you cast Test Orc Lord before blockers have been declared, any attacking Orc you control that was blocked "
        "by a single creature remains blocked.",
        None,
    ),
    # an attacking creature "that attacked without tapping"
    (
        VIGIL_SPURS,
        "If Test Vigil Spurs becomes unattached from an attacking creature that attacked without tapping (perhaps "
        "because Test Vigil Spurs was destroyed), that creature doesn't become tapped.",
        "vigilance.changes-after-attack",
    ),
    (
        VIGIL_SPURS,
        "If Test Vigil Spurs becomes unattached from an attacking creature that attacked without tapping (perhaps "
        "because Test Vigil Spurs was destroyed), that creature becomes tapped.",
        None,
    ),
    # creatures "that came under your control this turn and are attacking"
    (
        MATRIARCH,
        "If Test Matriarch leaves the battlefield after attackers have been declared, creatures that came under your "
        "control this turn and are attacking will continue to attack.",
        "haste.attack-stands",
    ),
    (
        MATRIARCH,
        "If Test Matriarch leaves the battlefield after attackers have been declared, creatures that came under your "
        "control this turn and are attacking will be removed from combat.",
        None,
    ),
]


STOMPER = CardData(
    "Test Stomper", ("Creature", "Beast"), text="Trample", power="5", toughness="5", keywords=("Trample",)
)
SEVENTEENTH_ROUND += [
    # the attacker named as blocked; the rest of 702.19b's sentence; marked damage said in passing
    (
        STOMPER,
        "An attacking Beast you control that's blocked must assign at least lethal damage to all of its blockers before "
        "assigning any to the player, planeswalker, or battle it's attacking. Lethal damage takes into account damage "
        "already marked on those blockers, but not abilities or effects that might change the amount of damage that's "
        "actually dealt.",
        "trample.lethal-then-excess",
    ),
    (
        STOMPER,
        "An attacking Beast you control that's blocked may assign damage to the player, planeswalker, or battle it's "
        "attacking before assigning lethal damage to all of its blockers.",
        None,
    ),
    (
        STOMPER,
        "If Test Stomper is blocked, its controller must assign lethal damage to each creature blocking it, taking into "
        "account damage already marked on those creatures, before assigning the rest to the player, planeswalker, or "
        "battle it's attacking.",
        "trample.lethal-then-excess",
    ),
    (
        STOMPER,
        "If Test Stomper is blocked, its controller must assign lethal damage to each creature blocking it, taking into "
        "account damage already marked on those creatures, after assigning the rest to the player, planeswalker, or "
        "battle it's attacking.",
        None,
    ),
]


CONDUIT = CardData(
    "Test Conduit",
    ("Enchantment", "Aura"),
    text="Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.",
)
SEVENTEENTH_ROUND += [
    # the permanent named by its kind in the definition; one reason of several as an example
    (
        CONDUIT,
        "The enchanted land is tapped for mana only when its controller activates a mana ability of that land with {T} "
        "in its cost. If the land becomes tapped for another reason, such as to pay the cost of an ability that has a "
        "target, Test Conduit's ability won't trigger.",
        "mana.tap-for-mana",
    ),
    (
        CONDUIT,
        "The enchanted land is tapped for mana only when its controller activates a mana ability of that land without "
        "{T} in its cost.",
        None,
    ),
    (
        CONDUIT,
        "The enchanted land is tapped for mana only when its controller activates a mana ability of that land with {T} "
        "in its cost. If the land becomes tapped for another reason, such as to pay the cost of an ability that has a "
        "target, Test Conduit's ability will trigger.",
        None,
    ),
]


DROWSE = CardData(
    "Test Drowse",
    ("Instant",),
    text="Until end of turn, creatures your opponents control lose vigilance and get -1/-0.",
)
SEVENTEENTH_ROUND += [
    # the creatures a spell changes named by their controller and keyword in the moment
    (
        DROWSE,
        "Casting Test Drowse after an opponent's creatures with vigilance have been declared as attackers won't cause "
        "those creatures to become tapped.",
        "vigilance.changes-after-attack",
    ),
    (
        DROWSE,
        "Casting Test Drowse before an opponent's creatures with vigilance have been declared as attackers won't cause "
        "those creatures to become tapped.",
        None,
    ),
    # what a block that stands means, said after it
    (
        NET,
        "If Test Net targets a creature after it has blocked a creature with flying, that creature remains blocking. It "
        "will still deal and be dealt combat damage as normal.",
        "flying.block-stands",
    ),
    (
        NET,
        "If Test Net targets a creature after it has blocked a creature with flying, that creature remains blocking. It "
        "won't deal or be dealt combat damage.",
        None,
    ),
]


SUNCHASER = CardData(
    "Test Sunchaser",
    ("Creature",),
    text="As long as you control an artifact, Test Sunchaser has flying.",
    power="2",
    toughness="2",
)
SEVENTEENTH_ROUND += [
    # the block an event names by its blocker is the block, unless "it" (maybe the blocker) changes after it
    (
        SUNCHASER,
        "If Test Sunchaser is blocked by a creature with flying, causing it to lose flying won't change that.",
        None,
    ),
]


SEVENTEENTH_ROUND += [
    # "after that" before a verb is the moment said before; before a noun it opens a moment of its own
    (
        NET,
        "Whether a creature has flying matters only as blockers are declared. Casting Test Net on it after that won't "
        "undo its block.",
        "flying.block-stands",
    ),
    (
        NET,
        "Whether a creature has flying matters only as blockers are declared. Casting Test Net on it after that will "
        "undo its block.",
        None,
    ),
]


SEVENTEENTH_ROUND += [
    # "won't assign any combat damage"
    (
        SQUIRE,
        "Sacrificing Test Squire after it has blocked won't cause the attacking creature to become unblocked. Unless it "
        "has trample, it won't assign any combat damage.",
        "combat.remains-blocked",
    ),
    (
        SQUIRE,
        "Sacrificing Test Squire after it has blocked won't cause the attacking creature to become unblocked. Unless it "
        "has trample, it will assign any combat damage.",
        None,
    ),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), SEVENTEENTH_ROUND)
def test_seventeenth_round_classes(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected
