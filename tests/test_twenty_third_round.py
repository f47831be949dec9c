"""Twenty-third round of issue 24: trample's worked examples read by their tagged numbers in any order
(:mod:`rulings.damage_examples`); the combat rules said through the card (its means, moment and outcome drawn by
hypothesis, each combination a claim, none with the outcome or moment contradicted); an exiled sorcery's timing and
trample's rule in plainer words. Each positive case has contradicting cases that must not compile."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.damage_examples import adds_up, read_tagged_example, tag
from rulings.fact_composer import compose_fact
from rulings.keyword_changes import change_readings
from rulings.trample_facts import prepared
from tests.test_claims_paragraph import coverage

OX = CardData("Ox", ("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",))
#: A trampler whose attack trigger marks 1 damage on each creature that can block it.
GIANT = CardData(
    "Giant",
    ("Creature",),
    text="Trample\nWhenever Giant attacks, it deals 1 damage to each creature defending player controls.",
    power="6",
    toughness="6",
    keywords=("Trample",),
)
#: The same numbers, for a trampler with deathtouch: 1 damage is lethal, another rule.
VIPER = CardData("Viper", ("Creature",), text="Deathtouch, trample", power="6", toughness="6", keywords=("Trample",))


def _compiled(sentence: str, card: CardData) -> str | None:
    """The template ``sentence`` compiles to as a ruling of ``card`` alone (None: uncovered)."""
    return coverage(sentence, card.name, CardPool({card.name: card}))[0]


def _expect(sentence: str, card: CardData, expected: str | None) -> None:
    """``sentence``, a ruling of ``card``, compiles to ``expected`` (None: stays uncovered)."""
    assert _compiled(sentence, card) == expected, sentence


def _read(sentence: str, card: CardData = OX) -> str | None:
    return read_tagged_example(prepared(sentence.replace(card.name, "~")), (card,))


@pytest.mark.parametrize(
    ("sentence", "state"),
    [
        # each blocker's share in order, the rest after "before"
        (
            "If Ox is blocked by a 2/2 creature and a 3/3 creature, it must assign 2 damage to the first and 3 to the"
            " second before it can assign the remaining 1 damage to the defending player.",
            "rest",
        ),
        # the blocker named as the recipient
        ("Ox could assign 3 damage to a 3/3 blocker and 3 to the player.", "rest"),
        # the blocking said as a "with" phrase
        ("With a 4/4 blocking it, Ox assigns 4 damage to the blocker and 2 to the player.", "rest"),
        # the lethal share said as lethal, the rest as going on
        ("If Ox is blocked by a 1/1, 1 damage is lethal, and the other 5 can go to the defending player.", "rest"),
        # two blockers alike, the same share to each
        (
            "If Ox is blocked by two 2/2 creatures, you assign 2 damage to each of them and the remaining 2 to the player.",
            "rest",
        ),
        # the shares said together, one blocker with damage marked
        (
            "For example, if Ox is blocked by two 3/3 creatures, one of which already has 1 damage marked on it, you can"
            " assign 3 and 2 damage to them and the remaining 1 to the player.",
            "rest",
        ),
        # "at least" with "of its combat damage", and the excess's other choice after the rest
        (
            "If Ox is blocked by a 2/2 creature, you must assign at least 2 of its combat damage to that creature; you may"
            " then assign the remaining 4 to the player, planeswalker, or battle it's attacking, or to the blocking"
            " creature.",
            "rest",
        ),
        # the lethal share said of the blocker, its damage marked
        (
            "Damage already marked counts, so a 4/4 blocker that's already been dealt 3 damage this turn needs to be"
            " assigned only 1.",
            "lethal",
        ),
        # the trampler's size in a parenthesis
        (
            "If Ox is blocked by a 2/2 creature, you can assign 2 damage to it and the remaining 5 (it's a 7/7 while"
            " attacking) to the player.",
            "rest",
        ),
    ],
)
def test_an_example_whose_numbers_are_the_rules_is_read_in_any_order(sentence: str, state: str) -> None:
    assert _read(sentence) == state


def test_damage_the_cards_own_ability_marked_counts_toward_the_example() -> None:
    # a 3/3 that the attack trigger dealt 1 damage to needs only 2
    sentence = (
        "For example, if a 3/3 creature blocks Giant, you need to assign only 2 damage to that creature, and you can"
        " assign the other 4 to the player, planeswalker, or battle it's attacking."
    )
    assert _read(sentence, GIANT) == "rest"
    # the same numbers for a card with no such ability are not the rule's
    assert _read(sentence.replace("Giant", "Ox")) is None
    # and the ability's damage said in the example itself
    said = (
        "For example, if a 3/3 creature blocks Ox, the triggered ability deals 1 damage to it, so you need to assign"
        " only 2 damage to that creature, and you can assign the remaining 4 to the player."
    )
    assert _read(said) == "rest"


@pytest.mark.parametrize(
    "sentence",
    [
        # the rest is not what the power leaves
        "If Ox is blocked by two 2/2 creatures, you assign 2 damage to each of them and the remaining 4 to the player.",
        "If a 2/2 creature blocks Ox, you can assign 2 damage to it and 3 to the player.",
        # short of lethal to the blocker
        "If a 3/3 creature blocks Ox, you can assign 2 damage to it and 4 to the player.",
        # all of it to the blocker: no claim of the rest
        "If Ox is blocked by a 2/2 creature, you must assign 6 damage to it.",
        # negated
        "If a 2/2 creature blocks Ox, you can't assign 2 damage to it and 4 to the player.",
        # deathtouch: 1 damage is lethal, another rule
        "If a 2/2 creature with deathtouch blocks Ox, you assign 2 damage to it and 4 to the player.",
        # another claim joined to the example
        "If Ox is blocked by a 2/2 creature, it assigns 2 damage to the blocker and 4 to the player, and the blocker is"
        " destroyed.",
        # a choice that includes all of it to the blocker
        "If Ox is blocked by a 2/2 creature, you may assign 2 damage to it and 4 to the player, or all 6 to the blocker.",
        # the damage the creature deals, not assigns
        "If a 2/2 creature blocks Ox, it deals 2 damage to the blocker and 4 to you.",
        # trample lost
        "If Ox loses trample after a 2/2 creature blocks it, you assign 2 damage to it and 4 to the player.",
    ],
)
def test_an_example_that_is_not_the_rules_is_not_read(sentence: str) -> None:
    assert _read(sentence) is None


def test_a_deathtouch_trampler_is_another_rules_example() -> None:
    assert _read("If a 2/2 creature blocks Viper, you can assign 2 damage to it and 4 to the player.", VIPER) is None


def test_the_tagged_numbers() -> None:
    example = tag(prepared("if ~ is blocked by a 2/4 creature with 1 damage marked on it, you assign 3 damage to it"))
    assert example is not None
    assert [(b.toughness, b.marked) for b in example.blockers] == [(4, 1)]
    assert example.shares == (3,) and example.rest is None
    assert adds_up(example, (6,))


@pytest.mark.parametrize(
    "sentence",
    [
        # the trampler blocks rather than being blocked
        "For example, if it's blocking a 2/2 and a 1/3, at least 5 of its damage must be assigned to those blockers, and"
        " the remaining 1 may be assigned to the player.",
        "If Ox blocks a 3/3 creature that was dealt 2 damage earlier in the turn, you need to assign only 1 damage to it"
        " and can assign the remaining 5 to the player.",
        # another player assigns
        "If Ox is blocked by a 2/2 creature, an opponent can assign 2 damage to the blocking creature and the remaining 4"
        " to the player.",
        # the order of the halves reversed in time
        "If Ox is blocked by a 2/2 creature and a 3/3 creature, you must assign 2 damage to the first and 3 to the second"
        " after you can assign the remaining 1 to the player.",
    ],
)
def test_a_contradicting_variant_of_an_example_is_not_read(sentence: str) -> None:
    assert _read(sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "For example, if a 3/3 creature is blocked by Ox, you need to assign only 3 damage to that creature, and you can"
        " assign the remaining 3 to the player.",
        "For example, if it's blocked by a 2/4 creature that has already been dealt 3 damage next turn, you need to assign"
        " only 1 damage to that creature, and the rest can be assigned to the defending player.",
    ],
)
def test_the_card_named_as_the_blocker_or_damage_marked_later_is_not_the_example(sentence: str) -> None:
    assert _read(sentence) is None


def test_a_sized_creature_blocked_by_the_trampler_is_no_example() -> None:
    sentence = (
        "For example, if a 4/4 creature that was dealt 1 damage by that ability is blocked by a creature with trample, you"
        " need to assign only 3 damage to it, and the other 3 can be assigned to the player."
    )
    assert _read(sentence) is None


# --- the keyword changed through the card: every means, moment and outcome --------------------------------------------
#
# A ruling says a combat keyword's rule through what its card does: the ability activated or resolving, the spell cast,
# the lord or Equipment leaving, the creature with an enters trigger flashed in. The change, its moment and the outcome
# are independent parts; whichever way each is said, the sentence is the same claim, and with the outcome or the moment
# contradicted it is none. The strategies draw the three parts (the twenty-third round's grid: the block said as the
# subject, the blockers not removed from combat, the enters trigger).


_MEANS_CARDS = {
    "activated": CardData(
        "Test Gloomfang",
        ("Creature",),
        text="{B}: Test Gloomfang gains {kw} until end of turn.",
        power="2",
        toughness="2",
    ),
    "spell gains": CardData("Test Dread Cloak", ("Instant",), text="Target creature gains {kw} until end of turn."),
    "spell loses": CardData("Test Pin Down", ("Instant",), text="Target creature loses {kw} until end of turn."),
    "lord": CardData(
        "Test Warlord", ("Creature",), text="Other creatures you control have {kw}.", power="2", toughness="2"
    ),
    "equipment": CardData(
        "Test Spiked Helm", ("Artifact",), subtypes=("Equipment",), text="Equipped creature has {kw}.\nEquip {2}"
    ),
    "enters trigger": CardData(
        "Test Nightcaller",
        ("Creature",),
        text="Flash\nWhen Test Nightcaller enters, target creature you control gains {kw} until end of turn.",
        power="2",
        toughness="2",
    ),
}
#: How each card's change is said, as a condition ("If ..., <outcome>.") or as the subject ("<gerund> <outcome>").
_MEANS = {
    "activated": (
        "If you activate Test Gloomfang's ability",
        "If Test Gloomfang's ability resolves",
        "Activating Test Gloomfang's ability",
    ),
    "spell gains": (
        "If you cast Test Dread Cloak on an attacking creature",
        "If Test Dread Cloak resolves",
        "Casting Test Dread Cloak on an attacking creature",
    ),
    "spell loses": (
        "If you cast Test Pin Down on an attacking creature",
        "If Test Pin Down resolves",
        "Casting Test Pin Down on an attacking creature",
    ),
    "lord": (
        "If Test Warlord leaves the battlefield",
        "If Test Warlord dies",
        "If Test Warlord enters the battlefield",
    ),
    "equipment": (
        "If Test Spiked Helm becomes unattached",
        "If Test Spiked Helm is destroyed",
        "Destroying Test Spiked Helm",
    ),
    "enters trigger": (
        "If Test Nightcaller enters",
        "If Test Nightcaller's triggered ability resolves",
        "Casting Test Nightcaller",
    ),
}
_AFTER_BLOCKS = ("blockers have been declared", "it's been blocked", "the attacking creature has been blocked")
_BLOCK_STANDS = (
    "it remains blocked",
    "the block doesn't change",
    "the blocking creatures aren't removed from combat",
    "that block stands",
    "it won't become unblocked",
)
_BLOCK_STANDS_SUBJECT = (
    "won't change how it's blocked",
    "won't remove any blockers from combat",
    "doesn't undo the block",
)
_BLOCK_CHANGES = ("it becomes unblocked", "the block changes", "the blocking creatures are removed from combat")
_BLOCK_CHANGES_SUBJECT = ("will cause it to become unblocked", "removes its blockers from combat", "undoes the block")


def _through_the_card(draw: st.DrawFn, keyword: str, stands: bool, moment: str | None = None) -> tuple[str, CardData]:
    kind = draw(st.sampled_from(sorted(_MEANS_CARDS)))
    template = _MEANS_CARDS[kind]
    card = CardData(
        template.name,
        template.types,
        subtypes=template.subtypes,
        text=template.text.replace("{kw}", keyword),
        power=template.power,
        toughness=template.toughness,
    )
    means = draw(st.sampled_from(_MEANS[kind]))
    when = moment or f"after {draw(st.sampled_from(_AFTER_BLOCKS))}"
    if means.startswith("If "):
        outcome = draw(st.sampled_from(_BLOCK_STANDS if stands else _BLOCK_CHANGES))
        return f"{means} {when}, {outcome}.", card
    outcome = draw(st.sampled_from(_BLOCK_STANDS_SUBJECT if stands else _BLOCK_CHANGES_SUBJECT))
    return f"{means} {when} {outcome}.", card


@st.composite
def _block_stands_sentences(draw: st.DrawFn) -> tuple[str, CardData, str]:
    keyword = draw(st.sampled_from(("menace", "flying")))
    return (*_through_the_card(draw, keyword, stands=True), keyword)


@st.composite
def _contradicted_sentences(draw: st.DrawFn) -> tuple[str, CardData, str]:
    keyword = draw(st.sampled_from(("menace", "flying")))
    if draw(st.booleans()):
        return (*_through_the_card(draw, keyword, stands=False), keyword)
    # another moment: before the block, the keyword decides which blocks are legal
    return (*_through_the_card(draw, keyword, stands=True, moment="before blockers are declared"), keyword)


@given(_block_stands_sentences())
def test_the_block_stands_said_through_any_card_compiles(drawn: tuple[str, CardData, str]) -> None:
    sentence, card, keyword = drawn
    template = _compiled(sentence, card)
    assert template == f"{keyword}.block-stands", sentence


@given(_contradicted_sentences())
def test_the_block_said_to_change_or_before_blocks_does_not_compile(drawn: tuple[str, CardData, str]) -> None:
    sentence, card, _ = drawn
    template = _compiled(sentence, card)
    assert template is None, sentence


# --- its only blocker gone, said any way: the attacker stays blocked (506.4, 509.1h) -----------------------------------

_BOLT = CardData("Test Shock Bolt", ("Instant",), text="Test Shock Bolt deals 3 damage to target creature.")
_BLOCKER_GONE = (
    "If Test Shock Bolt destroys the only creature blocking an attacking creature",
    "If the creature blocking it is destroyed",
    "If the only creature blocking it leaves the battlefield",
    "If its only blocker is removed from combat",
    # the blocker named by what it blocks, with the player as the subject
    "If you destroy the creature blocking it",
    "If the blocking creature dies",
)
_BEFORE_DAMAGE = ("before combat damage is dealt", "during the declare blockers step", "after blockers are declared")
_STAYS_BLOCKED = (
    "the attacking creature remains blocked",
    "it remains blocked and deals no combat damage",
    # the damage it deals said with a subject of its own
    "the attacking creature deals no combat damage unless it has trample",
    "it won't deal combat damage to the defending player",
    "the attacking creature won't become unblocked",
)
_UNBLOCKED = (
    "the attacking creature becomes unblocked",
    "it deals its combat damage to the defending player",
    "the attacking creature is no longer blocked",
)


@given(st.sampled_from(_BLOCKER_GONE), st.sampled_from(_BEFORE_DAMAGE), st.sampled_from(_STAYS_BLOCKED))
def test_its_blocker_gone_said_any_way_leaves_it_blocked(gone: str, moment: str, outcome: str) -> None:
    _expect(f"{gone} {moment}, {outcome}.", _BOLT, "combat.remains-blocked")


@given(st.sampled_from(_BLOCKER_GONE), st.sampled_from(_BEFORE_DAMAGE), st.sampled_from(_UNBLOCKED))
def test_its_blocker_gone_said_to_unblock_it_does_not_compile(gone: str, moment: str, outcome: str) -> None:
    _expect(f"{gone} {moment}, {outcome}.", _BOLT, None)


# --- an exiled card's timing said by a sorcery's own timing, or as the normal rules for the kind named -----------------

_SEER = CardData(
    "Test Ember Oracle",
    ("Creature",),
    text="At the beginning of your upkeep, exile the top card of your library. You may play that card this turn.",
    power="2",
    toughness="2",
)
_SORCERY_LEADS = (
    "If the exiled card is a sorcery",
    "If Test Ember Oracle exiles a sorcery card",
    "If it's a sorcery card",
    "If a creature card without flash is exiled this way",
)
_SORCERY_TIMING = (
    "you can cast it only at the time you could normally cast a sorcery",
    "you must still follow the normal timing rules to cast it",
    "you may cast it only when you could cast a sorcery",
)
_NOT_SORCERY_TIMING = (
    "you can cast it only at the time you could normally cast an instant",
    "you can't follow the normal timing rules to cast it",
    "you must still follow the normal timing rules to cast it during your upkeep",
    "you can cast it only at the time you could not normally cast a sorcery",
    "you can cast it any time you could cast an instant",
)


@given(st.sampled_from(_SORCERY_LEADS), st.sampled_from(_SORCERY_TIMING))
def test_a_sorcerys_timing_said_by_the_sorcery_or_the_normal_rules_compiles(lead: str, timing: str) -> None:
    _expect(f"{lead}, {timing}.", _SEER, "play-from-exile.timing-unchanged")


@given(st.sampled_from(_SORCERY_LEADS), st.sampled_from(_NOT_SORCERY_TIMING))
def test_another_timing_for_the_sorcery_does_not_compile(lead: str, timing: str) -> None:
    _expect(f"{lead}, {timing}.", _SEER, None)


# --- the card's ability as the subject, "stop it from blocking", "free it from a block", one moment said twice ----------


_WYVERN = CardData(
    "Test Wyvern",
    ("Creature",),
    text="Whenever Test Wyvern becomes blocked, it gets +2/+0 and gains flying until end of turn.",
    power="2",
    toughness="3",
)


def test_the_cards_ability_said_to_change_nothing_is_the_change_it_makes() -> None:
    readings = change_readings("~'s triggered ability will not cause it to become unblocked", (_WYVERN,))
    assert "gaining flying will not cause it to become unblocked" in readings
    # a card with no such ability: no reading
    assert change_readings("~'s triggered ability will not cause it to become unblocked", (_BOLT,)) == ()


@pytest.mark.parametrize(
    ("sentence", "outcome", "holds"),
    [
        ("losing flying will not stop it from blocking after blockers are declared", "blocking", True),
        ("losing flying stops it from blocking after blockers are declared", "blocking", False),
        ("gaining flying after blockers are declared will not free it from a block", "blocked", True),
        # the same moment said as an event and as a moment phrase
        (
            "if it is blocked, losing flying after blockers are declared does not cause it to become unblocked",
            "blocked",
            True,
        ),
    ],
)
def test_the_outcome_forms_of_the_round(sentence: str, outcome: str, holds: bool) -> None:
    found = compose_fact(sentence)
    assert found is not None
    fact, _ = found
    assert (fact.outcome, fact.holds, fact.moment) == (outcome, holds, "after-blockers")


def test_two_different_moments_are_not_one() -> None:
    assert (
        compose_fact(
            "if it is blocked, losing flying after attackers are declared does not cause it to become unblocked"
        )
        is None
    )


# --- trample's rule in a few more of the plain words rulings use --------------------------------------------------------

_RHINO = CardData("Test Rhino", ("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",))


@pytest.mark.parametrize(
    "sentence",
    [
        "If Test Rhino is blocked by a creature, you can assign combat damage in excess of lethal damage to the defending player.",
        "You can assign any excess damage beyond what's needed to destroy its blockers to the player.",
        "When Test Rhino assigns combat damage, it must assign lethal damage to each of its blockers, and it can assign the rest to"
        " the player.",
        "Assigning lethal damage takes into account damage already dealt to that creature this turn.",
    ],
)
def test_tramples_rule_in_plain_words_compiles(sentence: str) -> None:
    template = _compiled(sentence, _RHINO)
    assert template == "trample.lethal-then-excess", sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "If Test Rhino is blocked by a creature, you can't assign combat damage in excess of lethal damage to the defending player.",
        "If Test Rhino is blocked by a creature, you can assign combat damage in excess of lethal damage to its controller.",
        "You can assign any damage beyond what's needed to destroy its blockers to the player only if it has flying.",
        "Assigning lethal damage doesn't take into account damage already dealt to that creature this turn.",
        "When Test Rhino assigns combat damage, it must assign lethal damage to each of its blockers, and it can't assign the rest"
        " to the player.",
    ],
)
def test_tramples_rule_contradicted_in_plain_words_does_not_compile(sentence: str) -> None:
    template = _compiled(sentence, _RHINO)
    assert template is None, sentence


# --- how the blocked creatures are blocked, blockers that "continue to do so", an attacker named by its blocker gone ---

_REAVER = CardData(
    "Test Reaver", ("Creature",), text="Other creatures you control have menace.", power="2", toughness="2"
)
_DOWNDRAFT = CardData("Test Downdraft", ("Instant",), text="Target creature loses flying until end of turn.")


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        (
            "Once blockers have been declared, Test Reaver leaving the battlefield won't change how your attacking creatures"
            " are blocked.",
            _REAVER,
            "menace.block-stands",
        ),
        (
            "Once blockers have been declared, Test Reaver leaving the battlefield will change how your attacking creatures"
            " are blocked.",
            _REAVER,
            None,
        ),
        (
            "If Test Downdraft targets an attacking creature with flying after blockers are declared, creatures already"
            " blocking it will continue to do so.",
            _DOWNDRAFT,
            "flying.block-stands",
        ),
        (
            "If Test Downdraft targets an attacking creature with flying after blockers are declared, creatures already"
            " blocking it won't continue to do so.",
            _DOWNDRAFT,
            None,
        ),
        (
            "An attacking creature whose blocker is destroyed remains blocked and deals no combat damage unless it has"
            " trample.",
            _BOLT,
            "combat.remains-blocked",
        ),
        ("An attacking creature whose blocker is destroyed becomes unblocked.", _BOLT, None),
        (
            "An attacking creature whose blocker is destroyed deals its combat damage to the defending player.",
            _BOLT,
            None,
        ),
    ],
)
def test_blocks_said_of_the_blocked_creatures_and_their_blockers(
    sentence: str, card: CardData, expected: str | None
) -> None:
    template = _compiled(sentence, card)
    assert template == expected, sentence


_CAPTAIN = CardData(
    "Test Captain", ("Creature",), text="Other creatures you control have vigilance.", power="2", toughness="2"
)


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # the creatures named by whether they are tapped
        (
            "If Test Captain enters the battlefield after attackers have been declared, attacking creatures you control that"
            " are tapped won't untap.",
            _CAPTAIN,
            "vigilance.changes-after-attack",
        ),
        (
            "If Test Captain enters the battlefield after attackers have been declared, attacking creatures you control that"
            " are tapped will untap.",
            _CAPTAIN,
            None,
        ),
        # the blocker named with what it blocks left to the clause after
        (
            "If Test Shock Bolt destroys a creature that's blocking, the creature it was blocking remains blocked.",
            _BOLT,
            "combat.remains-blocked",
        ),
        (
            "If Test Shock Bolt destroys a creature that's blocking, the creature it was blocking becomes unblocked.",
            _BOLT,
            None,
        ),
    ],
)
def test_creatures_named_by_their_state_or_what_they_block(sentence: str, card: CardData, expected: str | None) -> None:
    template = _compiled(sentence, card)
    assert template == expected, sentence


def test_one_blocker_then_both_of_them_is_no_statement() -> None:
    said = (
        "If Test Rhino is blocked by one creature, lethal damage must be assigned to both of them before any damage can be"
        " assigned to the player it's attacking."
    )
    assert _compiled(said, _RHINO) is None
    one = (
        "If Test Rhino is blocked by one creature, lethal damage must be assigned to all creatures blocking it before any"
        " damage can be assigned to the player it's attacking."
    )
    assert _compiled(one, _RHINO) == "trample.lethal-then-excess"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "If the exiled card is a land, you may play it only if you have any available land plays remaining.",
            "play-from-exile.timing-unchanged",
        ),
        ("If the exiled card is a land, you may play it only if you have no available land plays remaining.", None),
        ("You must pay the costs for the exiled card and follow its timing rules.", "play-from-exile.timing-unchanged"),
        ("You must pay the costs for the exiled card and ignore its timing rules.", None),
        ("You must pay the costs for the exiled card but you can't follow its timing rules.", None),
        ("You must pay the costs for the exiled card and follow its timing rules during an opponent's turn.", None),
    ],
)
def test_the_exiled_cards_costs_and_timing_in_other_words(sentence: str, expected: str | None) -> None:
    _expect(sentence, _SEER, expected)


def test_a_second_moment_said_after_the_outcome_is_not_the_same_moment() -> None:
    # the time of what follows, not a moment the change came after (702.4d: the first-strike step is over)
    said = (
        "if it loses double strike after first-strike combat damage has been dealt, it will not deal damage during the"
        " first-strike combat damage step"
    )
    assert compose_fact(said) is None
