"""Issue 24, twenty-second round: a sentence of several timing claims read clause by clause
(:func:`rulings.timing_facts.read_timing`), each clause judged by the normal timing rules.

Rulings of cards that let you play what they exile often say the timing rules as several clauses in one sentence ("because
it's exiled during your upkeep, if it's a land card you can play it only during one of your main phases, and if it's a
sorcery card you can cast it only during your main phase while the stack is empty"). Each clause is read alone by the
frames and must be true; the condition opening the sentence governs the clauses after it; "do so" is the verb of the
clause before, for the kinds it named. Each case below has contradicting variants (a clause negated, another kind,
another moment, another player, another zone): none may compile.

The same round: an Aura cast (or entering) at a moment with the creature it enchants left unnamed gives "the enchanted
creature" its keyword then (:mod:`rulings.keyword_changes`); the keyword a creature had or had not before a change, said
as a premise, must be the state the change starts from (:mod:`rulings.fact_composer`).
"""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.claims import parse
from rulings.normal_forms import condition_first
from rulings.timing_facts import read_timing
from tests.test_claims_paragraph import coverage

TIMING = "play-from-exile.timing-unchanged"
SEER = CardData(
    "Test Emberseer",
    ("Creature",),
    text="At the beginning of your upkeep, exile the top card of your library. You may play that card this turn.",
    power="2",
    toughness="2",
)
RAIDER = CardData(
    "Test Skyraider",
    ("Creature",),
    text="Whenever Test Skyraider attacks, exile the top card of your library. You may play that card this turn.",
    power="3",
    toughness="2",
)
SPARK = CardData(
    "Test Quickspark",
    ("Instant",),
    text="Exile the top card of your library. Until the end of your next turn, you may play that card.",
)
POOL = CardPool({c.name: c for c in (SEER, RAIDER, SPARK)})


def judged(sentence: str) -> bool | None:
    """True: read, and true by the timing rules; False: read, and false; None: not read."""
    facts = read_timing(sentence)
    return None if facts is None else all(f.true() for f in facts)


# Each expectation is the rules' answer (117.1a, 305.1-305.2, 307.1), written by hand: not computed.
CLAUSES = [
    # the condition opening the sentence, a kind per clause, a qualifier in parentheses
    (
        "because it's exiled during your upkeep, if it's a land card you can play it only during one of your main phases "
        "(and only if you haven't played a land that turn), and if it's a sorcery card you can cast it only during your "
        "main phase while the stack is empty.",
        True,
    ),
    (
        "because it's exiled during your upkeep, if it's a land card you can play it right away, and if it's a sorcery "
        "card you can cast it only during your main phase while the stack is empty.",
        False,
    ),
    (
        "because it's exiled during your upkeep, if it's a land card you can play it only during one of your main phases, "
        "and if it's an instant card you can cast it only during your main phase while the stack is empty.",
        False,
    ),
    # "then": the condition's moment; "do so": the kinds the clauses before named
    (
        "because it's exiled during the declare attackers step, you can't cast it then if it's a sorcery card, and you "
        "can't play it then if it's a land card; you can do so only in your postcombat main phase while the stack is "
        "empty.",
        True,
    ),
    (
        "because it's exiled during the declare attackers step, you can cast it then if it's a sorcery card, and you "
        "can't play it then if it's a land card; you can do so only in your postcombat main phase while the stack is "
        "empty.",
        False,
    ),
    (
        "because it's exiled during the declare attackers step, you can't cast it then if it's an instant card, and you "
        "can't play it then if it's a land card; you can do so only in your postcombat main phase while the stack is "
        "empty.",
        False,
    ),
    # the condition governs the clause after ";"
    (
        "if you cast ~ during an opponent's turn, you may cast only instants (and cards with flash) that turn; you'll "
        "have to wait until your own main phase, while the stack is empty, to play a land or cast a sorcery.",
        True,
    ),
    (
        "if you cast ~ during an opponent's turn, you may cast only sorceries that turn; you'll have to wait until your "
        "own main phase, while the stack is empty, to play a land or cast an instant.",
        False,
    ),
    (
        "because the ability resolves during combat, you can cast the card then only if it's an instant or has flash; "
        "a sorcery or creature card can be cast during your postcombat main phase while the stack is empty.",
        True,
    ),
    (
        "because the ability resolves during combat, you can cast the card then only if it's a sorcery; an instant "
        "card can be cast during your postcombat main phase while the stack is empty.",
        False,
    ),
    # the wait said in the passive with "can't"; an ability resolving is on the stack (608.2); a card chosen is the kind
    (
        "a land card exiled by ~ can't be played until your main phase, and only if you still have a land play "
        "available.",
        True,
    ),
    ("an instant card exiled by ~ can't be played until your main phase.", False),
    (
        "a land card exiled by ~ can't be played until your main phase, and only if you have already played a land.",
        False,
    ),
    (
        "if you choose a sorcery card with ~'s ability, you won't be able to cast it while the ability is resolving.",
        True,
    ),
    (
        "if you choose an instant card with ~'s ability, you won't be able to cast it while the ability is resolving.",
        False,
    ),
    (
        "if you choose a sorcery card with ~'s ability, you will be able to cast it while the ability is resolving.",
        False,
    ),
    # the rule said whole, then its cases; a land played counting as the land play (305.2)
    (
        "~ gives you permission to cast the exiled card, but the normal timing rules still apply: an instant can be cast "
        "any time you have priority, while a sorcery can be cast only during your main phase while the stack is empty.",
        True,
    ),
    (
        "~ gives you permission to cast the exiled card, but the normal timing rules still apply: a sorcery can be cast "
        "any time you have priority, while an instant can be cast only during your main phase while the stack is empty.",
        False,
    ),
    (
        "if you exile a land card with ~, playing it counts as your land play for the turn, and you can play it only "
        "during your own main phase.",
        True,
    ),
    (
        "if you exile a land card with ~, playing it counts as your land play for the turn, and you can play it during "
        "an opponent's turn.",
        False,
    ),
    (
        "playing a land exiled with ~ counts as your land play for the turn, and you may do so only during your main "
        "phase if you haven't played a land yet this turn.",
        True,
    ),
    (
        "playing a land exiled with ~ counts as your land play for the turn, and you may do so only if you have already "
        "played a land this turn.",
        False,
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), CLAUSES)
def test_a_sentence_of_several_timing_clauses_is_judged_clause_by_clause(sentence: str, expected: bool) -> None:
    """True: read and true; False: false, or not read (either way it does not state the rule)."""
    assert (judged(sentence) is True) is expected


@pytest.mark.parametrize(
    "sentence",
    [
        # a clause no frame reads leaves the whole sentence unread
        "because it's exiled during your upkeep, if it's a land card you can play it only during one of your main "
        "phases, and you can cast it from your graveyard later.",
        "if you cast ~ during an opponent's turn, you may cast only instants that turn; your opponent will have to wait "
        "until their own main phase to play a land.",
        "playing a land exiled with ~ counts as your land play for the turn, and you may do so without paying its cost.",
        # the rule said whole negated is no clause of the rule
        "~ gives you permission to cast the exiled card, and the normal timing rules don't apply: an instant can be "
        "cast any time you have priority.",
        # a clause of the rule said whole alone, joined to one this reader cannot judge
        "you must follow the normal timing permissions, so you can cast artifact cards exiled this way during combat.",
    ],
)
def test_a_sentence_with_a_clause_no_frame_reads_is_not_judged(sentence: str) -> None:
    assert not judged(sentence)


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            SEER,
            "You must follow the normal timing permissions and restrictions for the card exiled with ~. Because it's "
            "exiled during your upkeep, if it's a land card you can play it only during one of your main phases (and "
            "only if you haven't played a land that turn), and if it's a sorcery card you can cast it only during your "
            "main phase while the stack is empty.",
            TIMING,
        ),
        (
            SEER,
            "You must follow the normal timing permissions and restrictions for the card exiled with ~. Because it's "
            "exiled during your upkeep, if it's a land card you can play it right away, and if it's a sorcery card you "
            "can cast it only during your main phase while the stack is empty.",
            None,
        ),
        (
            RAIDER,
            "You must follow the normal timing permissions and restrictions for the card exiled with ~. Because the "
            "ability resolves during combat, you can cast the card then only if it's an instant or has flash; a sorcery "
            "or creature card can be cast during your postcombat main phase while the stack is empty.",
            TIMING,
        ),
        (
            RAIDER,
            "You must follow the normal timing permissions and restrictions for the card exiled with ~. Because the "
            "ability resolves during combat, you can cast the card then only if it's an instant or has flash; a sorcery "
            "or creature card can be cast right away.",
            None,
        ),
        (
            SPARK,
            "If you cast ~ during an opponent's turn, you may cast only instants (and cards with flash) that turn; "
            "you'll have to wait until your own main phase, while the stack is empty, to play a land or cast a sorcery "
            "or creature card.",
            TIMING,
        ),
        (
            SPARK,
            "If you cast ~ during an opponent's turn, you may cast only instants (and cards with flash) that turn; "
            "you'll have to wait until your own main phase, while the stack is empty, to play a land or cast a sorcery "
            "or creature card from your graveyard.",
            None,
        ),
    ],
)
def test_a_paragraph_of_several_timing_clauses_compiles_by_the_rules(card, paragraph, template) -> None:
    assert coverage(paragraph.replace("~", card.name), card.name, POOL)[0] == template


# An Aura cast at a moment, the creature it enchants left unnamed: the enchanted creature gains what the Aura gives then
# (303.4f), so the sentence states the rule of that keyword changed at that moment.
GRIP = CardData(
    "Test Duelist's Grip",
    ("Enchantment", "Aura"),
    text="Flash\nEnchant creature\nEnchanted creature gets +2/+0 and has first strike.",
)
WINGS = CardData(
    "Test Gale Wings",
    ("Enchantment", "Aura"),
    text="Flash\nEnchant creature\nEnchanted creature gets +1/+1 and has flying.",
)
SPURS = CardData(
    "Test Iron Spurs",
    ("Artifact", "Equipment"),
    text="Flash\nEquipped creature has first strike.\nEquip {2}",
)
AURAS = CardPool({c.name: c for c in (GRIP, WINGS, SPURS)})
STRIKE = "first-strike.changed-after-first-damage"
FLYING_STANDS = "flying.block-stands"


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            GRIP,
            "If you cast ~ after first-strike combat damage has been dealt, the enchanted creature deals its combat "
            "damage in the regular combat damage step, even though it now has first strike.",
            STRIKE,
        ),
        # contradicting variants: the outcome negated, another moment
        (
            GRIP,
            "If you cast ~ after first-strike combat damage has been dealt, the enchanted creature doesn't deal combat "
            "damage in the regular combat damage step.",
            None,
        ),
        (
            GRIP,
            "If you cast ~ after blockers are declared, the enchanted creature deals its combat damage in the regular "
            "combat damage step, even though it now has first strike.",
            None,
        ),
        (
            WINGS,
            "If you cast ~ with flash after blockers are declared, the enchanted creature remains blocked.",
            "flying.block-stands",
        ),
        (
            WINGS,
            "If you cast ~ with flash after blockers are declared, the enchanted creature becomes unblocked.",
            None,
        ),
        (WINGS, "If you cast ~ with flash after blockers are declared, the enchanted creature remains tapped.", None),
        # an Equipment cast is not attached: nothing gains first strike by its casting
        (
            SPURS,
            "If you cast ~ after first-strike combat damage has been dealt, the equipped creature deals its combat "
            "damage in the regular combat damage step, even though it now has first strike.",
            None,
        ),
    ],
)
def test_an_aura_cast_at_a_moment_gives_the_enchanted_creature_its_keyword(card, paragraph, template) -> None:
    assert coverage(paragraph.replace("~", card.name), card.name, AURAS)[0] == template


# The keyword the creature had, or had not, before the change, said as the sentence's premise: it must be the state the
# change starts from (not held before it is gained, held before it is lost), else the sentence claims no fact.
SUREBLADE = CardData(
    "Test Sureblade",
    ("Creature",),
    text="As long as you control another multicolored permanent, Test Sureblade gets +1/+1 and has first strike.",
    power="2",
    toughness="1",
)
PRIOR_POOL = CardPool({SUREBLADE.name: SUREBLADE})


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        (
            "If ~ didn't have first strike as the first combat damage step began, it will deal combat damage in the "
            "second combat damage step even if it gains first strike after first-strike damage has been dealt.",
            STRIKE,
        ),
        (
            "If it had first strike and dealt combat damage in the first combat damage step, losing first strike won't "
            "let it deal combat damage again.",
            STRIKE,
        ),
        # contradicting variants: the state before the change is the one it ends in, another keyword, the outcome negated
        (
            "If ~ had first strike as the first combat damage step began, it will deal combat damage in the second "
            "combat damage step even if it gains first strike after first-strike damage has been dealt.",
            None,
        ),
        (
            "If it didn't have first strike and dealt combat damage in the first combat damage step, losing first "
            "strike won't let it deal combat damage again.",
            None,
        ),
        (
            "If ~ didn't have flying as the first combat damage step began, it will deal combat damage in the second "
            "combat damage step even if it gains first strike after first-strike damage has been dealt.",
            None,
        ),
        (
            "If it had first strike and dealt combat damage in the first combat damage step, losing first strike will "
            "let it deal combat damage again.",
            None,
        ),
    ],
)
def test_the_keyword_held_before_the_change_must_be_the_one_it_changes(paragraph: str, template: str | None) -> None:
    text = paragraph.replace("~", SUREBLADE.name)
    assert coverage(text, SUREBLADE.name, PRIOR_POOL)[0] == template


# The blocker gone said to have been the only one, and the trample exception said of a creature that gained trample: the
# rule that a blocked creature with no blocker left deals no combat damage unless it has trample (506.4, 510.1c).
BOLT = CardData("Test Bolt", ("Instant",), text="Destroy target creature.")
BOLT_POOL = CardPool({BOLT.name: BOLT})
STANDS = "If you destroy a blocking creature with Test Bolt, the attacking creature remains blocked. "


@pytest.mark.parametrize(
    ("second", "template"),
    [
        ("If that was its only blocker, it won't deal combat damage unless it has trample.", "combat.remains-blocked"),
        (
            "It won't deal combat damage to the defending player (unless it has somehow gained trample).",
            "combat.remains-blocked",
        ),
        # contradicting variants: the outcome negated, the condition negated
        ("If that was its only blocker, it deals combat damage unless it has trample.", None),
        ("If that was not its only blocker, it won't deal combat damage unless it has trample.", None),
        ("It will deal combat damage to the defending player (unless it has somehow gained trample).", None),
    ],
)
def test_the_only_blocker_gone_and_a_trample_gained(second: str, template: str | None) -> None:
    assert coverage(STANDS + second, BOLT.name, BOLT_POOL)[0] == template


# Meaning-preserving rewordings of sentences the readers read (benchmarks/dev_set_rewordings.py measures them over the
# tuned sets): a condition said after what follows from it, and a creature named with "that" where the frames say "the".
WARDEN = CardData(
    "Test Warden's Halberd",
    ("Artifact", "Equipment"),
    text="Equipped creature gets +1/+0 and has vigilance.\nEquip {2}",
)
SNARE = CardData("Test Grounding Snare", ("Instant",), text="Target creature loses flying until end of turn.")
TUSKER = CardData("Test Tuskbreaker", ("Creature",), text="Trample", power="5", toughness="5", keywords=("Trample",))
REWORDED_POOL = CardPool({c.name: c for c in (WARDEN, SNARE, BOLT, TUSKER, SEER, SPARK)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            WARDEN,
            "The equipped creature remains untapped if ~ is destroyed after the equipped creature attacked.",
            "vigilance.changes-after-attack",
        ),
        (
            SNARE,
            "The attacking creature remains blocked if ~ targets it after blockers are declared.",
            "flying.block-stands",
        ),
        (
            BOLT,
            "The attacking creature stays blocked if ~ destroys the only creature blocking it.",
            "combat.remains-blocked",
        ),
        (
            BOLT,
            "If ~ destroys that creature blocking it, the attacking creature stays blocked.",
            "combat.remains-blocked",
        ),
        (
            SPARK,
            "You'll be able to cast only instants and cards with flash exiled this way if you cast ~ during an "
            "opponent's turn.",
            TIMING,
        ),
        (
            SEER,
            "It isn't put into your graveyard if you don't play the card exiled with ~.",
            "play-from-exile.uncast-stay-exiled",
        ),
        (
            TUSKER,
            "You can assign 2 damage to the blocking creature and the remaining 3 to the player it's attacking if ~ is "
            "blocked by a 2/2 creature.",
            "trample.lethal-then-excess",
        ),
        (
            SPARK,
            "You'll be able to cast only sorceries exiled this way if you cast ~ during an opponent's turn.",
            None,
        ),
        (SEER, "It is put into your graveyard if you don't play the card exiled with ~.", None),
        (
            TUSKER,
            "You can assign 1 damage to the blocking creature and the remaining 4 to the player it's attacking if ~ is "
            "blocked by a 2/2 creature.",
            None,
        ),
        # contradicting variants: the outcome negated, "even if" / "only if" (not a condition moved), another moment
        (WARDEN, "The equipped creature becomes tapped if ~ is destroyed after the equipped creature attacked.", None),
        (BOLT, "The attacking creature becomes unblocked if ~ destroys the only creature blocking it.", None),
        (BOLT, "The attacking creature stays blocked only if ~ destroys the only creature blocking it.", None),
        (SNARE, "The attacking creature remains blocked if ~ targets it before blockers are declared.", None),
        (BOLT, "If ~ destroys that creature blocking it, the attacking creature becomes unblocked.", None),
    ],
)
def test_a_condition_said_last_and_a_creature_named_with_that(card, paragraph, template) -> None:
    assert coverage(paragraph.replace("~", card.name), card.name, REWORDED_POOL)[0] == template


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("it stays blocked if ~ leaves the battlefield.", "if ~ leaves the battlefield, it stays blocked."),
        ("it stays blocked even if ~ leaves the battlefield.", None),
        ("you can cast it only if it is an instant.", None),
        ("it does not matter if it loses haste.", None),
        ("if it is blocked, it stays blocked if it gains flying.", None),
        ("it stays blocked if ~ leaves the battlefield, and it deals no damage.", None),
    ],
)
def test_only_a_plain_condition_said_last_is_said_first(text: str, expected: str | None) -> None:
    assert condition_first(text) == expected


def test_a_window_up_to_a_time_is_not_a_permission_only_once_it_comes() -> None:
    """ "can be played until your main phase, and only if ..." claims a window, not "only during your main phase"."""
    window = parse(
        "a land card exiled by ~ can be played until your main phase, and only if you have a land play left."
    )
    wait = parse(
        "a land card exiled by ~ cannot be played until your main phase, and only if you have a land play left."
    )
    assert window.claim is not None and window.claim.modality == "only-until"
    assert wait.claim is not None and wait.claim.modality != window.claim.modality


# The present said for the future ("doesn't change" for "won't change") and a moment opened with "after" for "once":
# the same claim, read as the sentence the wordings were written for.
WINGSNARE = CardData("Test Wingsnare", ("Enchantment", "Aura"), text="Enchant creature\nEnchanted creature has flying.")
TENSE_POOL = CardPool({WINGSNARE.name: WINGSNARE})


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        (
            "Once the enchanted creature blocks or is blocked, losing flying doesn't change or undo that block.",
            FLYING_STANDS,
        ),
        (
            "After the enchanted creature blocks or is blocked, losing flying won't change or undo that block.",
            FLYING_STANDS,
        ),
        (
            "After the enchanted creature blocks or is blocked, losing flying doesn't change or undo that block.",
            FLYING_STANDS,
        ),
        # contradicting variants: the consequence affirmed, another moment
        ("Once the enchanted creature blocks or is blocked, losing flying changes or undoes that block.", None),
        ("Before the enchanted creature blocks or is blocked, losing flying doesn't change or undo that block.", None),
    ],
)
def test_the_present_for_the_future_and_after_for_once(paragraph: str, template: str | None) -> None:
    assert coverage(paragraph, WINGSNARE.name, TENSE_POOL)[0] == template


# The card said to be blocked, then said to go on blocking in the future tense ("~ won't stop blocking"): the tense read
# the other way must not let the contradiction through (templates._blocked_yet_blocking).
SNAREWITCH = CardData(
    "Test Snarewitch",
    ("Creature",),
    text="As long as you control a Forest, Test Snarewitch has reach.",
    power="1",
    toughness="4",
)


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        (
            "If ~ blocks a creature with flying and you then stop controlling Forests, ~ won't stop blocking.",
            FLYING_STANDS,
        ),
        (
            "If ~ is blocked by a creature with flying and you then stop controlling Forests, ~ won't stop blocking.",
            None,
        ),
        (
            "If ~ is blocked by a creature with flying and you then stop controlling Forests, ~ doesn't stop blocking.",
            None,
        ),
    ],
)
def test_a_card_blocked_said_to_go_on_blocking_in_either_tense(paragraph: str, template: str | None) -> None:
    pool = CardPool({SNAREWITCH.name: SNAREWITCH})
    assert coverage(paragraph.replace("~", SNAREWITCH.name), SNAREWITCH.name, pool)[0] == template
