"""Twenty-fifth round of issue 24: the rules of a block that stands said from sides the reader had not read, found with
grids of made-up sentences rather than read from rows: the blocker left when one of two goes, named as the subject of
what it goes on doing (506.4, 509.1h for a creature with menace); a block by one creature said as the moment ("after one
creature blocks it"); and who does what in a sentence a condition opens ("as long as lethal damage is assigned to each
creature blocking it, the equipped creature can assign the rest ...": the main clause's actor is its own). Each class is
drawn by hypothesis; none compiles with the outcome contradicted, with every blocker gone, or for a card without the
keyword."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.claims import parse
from tests.test_claims_paragraph import coverage

MENACE = "menace.block-stands"
LETHAL = "trample.lethal-then-excess"

#: Each card that has or gives menace, and how a ruling of it names the creature with menace.
MENACE_CARDS: dict[str, tuple[CardData, tuple[str, ...]]] = {
    "own": (
        CardData("Brute", ("Creature",), text="Menace", power="3", toughness="3", keywords=("Menace",)),
        ("Brute", "a creature with menace"),
    ),
    "spell": (
        CardData("Dread Howl", ("Instant",), text="Target creature gets +2/+0 and gains menace until end of turn."),
        ("the target creature", "a creature with menace"),
    ),
    "equipment": (
        CardData("Cruel Mask", ("Artifact",), subtypes=("Equipment",), text="Equipped creature has menace.\nEquip {2}"),
        ("the equipped creature", "a creature with menace"),
    ),
}
BLOCKED = (
    "is blocked by two creatures",
    "is blocked by two or more creatures",
    "has been blocked by two creatures",
    "is blocked by exactly two creatures",
)
ONE_GONE = (
    "one of them is destroyed",
    "one of them leaves the battlefield",
    "one of the blocking creatures dies",
    "one of its blockers is removed from combat",
    "one blocker leaves combat",
)
ALL_GONE = ("all of them are destroyed", "both of them leave the battlefield")
OTHER_KEEPS_BLOCKING = (
    "the other creature continues to block it",
    "the remaining creature still blocks it",
    "the other blocker remains blocking it",
    "the remaining blocker continues to block it",
)
OTHER_CONTRADICTED = (
    "the other creature stops blocking it",
    "the other creature is removed from combat",
    "the remaining creature becomes unblocked",
    "the other blocker deals no combat damage",
)
GONE_FRAMES = ("If {s} {b} and {g}, {o}.", "If {s} {b} and then {g}, {o}.")


def _compiled(sentence: str, card: CardData) -> str | None:
    """The template ``sentence`` compiles to as a ruling of ``card`` alone (None: uncovered)."""
    return coverage(sentence, card.name, CardPool({card.name: card}))[0]


@st.composite
def _gone_sentence(
    draw: st.DrawFn, outcomes: tuple[str, ...], gone: tuple[str, ...] = ONE_GONE
) -> tuple[str, CardData]:
    card, subjects = MENACE_CARDS[draw(st.sampled_from(sorted(MENACE_CARDS)))]
    text = draw(st.sampled_from(GONE_FRAMES)).format(
        s=draw(st.sampled_from(subjects)),
        b=draw(st.sampled_from(BLOCKED)),
        g=draw(st.sampled_from(gone)),
        o=draw(st.sampled_from(outcomes)),
    )
    return text[0].upper() + text[1:], card


@given(_gone_sentence(OTHER_KEEPS_BLOCKING))
def test_the_blocker_left_goes_on_blocking_a_creature_with_menace(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) == MENACE, sentence


@given(_gone_sentence(OTHER_CONTRADICTED))
def test_the_blocker_left_said_to_stop_is_no_claim(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) is None, sentence


@given(_gone_sentence(OTHER_KEEPS_BLOCKING, ALL_GONE))
def test_no_blocker_is_left_when_all_of_them_went(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) is None, sentence


def test_the_blocker_left_is_said_only_of_a_creature_with_menace() -> None:
    bear = CardData("Bear", ("Creature",), text="", power="2", toughness="2")
    sentence = (
        "If Bear is blocked by two creatures and one of them is destroyed, the other creature continues to block it."
    )
    assert _compiled(sentence, bear) is None


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("If Brute gains menace after one creature blocks it, it remains blocked.", MENACE),
        (
            "If Brute gains menace after a single creature has blocked it, the blocking creature remains blocking.",
            MENACE,
        ),
        ("If Brute gains menace after one creature blocks it, it becomes unblocked.", None),
        ("If Brute gains menace after one creature blocks it, the blocking creature is removed from combat.", None),
        ("If Brute gains menace before one creature blocks it, it remains blocked.", None),
        # the other blocker in the sentence's other order
        ("The other creature continues to block Brute even if one of its blockers is destroyed.", MENACE),
        ("If the other creature continues to block Brute, one of its blockers is destroyed.", None),
    ],
)
def test_a_block_by_one_creature_as_the_moment(sentence: str, expected: str | None) -> None:
    assert _compiled(sentence, MENACE_CARDS["own"][0]) == expected, sentence


TRAMPLE_CARDS: dict[str, tuple[CardData, tuple[str, ...]]] = {
    "equipment": (
        CardData("Ram Horns", ("Artifact",), subtypes=("Equipment",), text="Equipped creature has trample.\nEquip {2}"),
        ("the equipped creature", "the creature equipped with Ram Horns"),
    ),
    "aura": (
        CardData(
            "Wild Surge", ("Enchantment",), subtypes=("Aura",), text="Enchant creature\nEnchanted creature has trample."
        ),
        ("the enchanted creature", "the creature enchanted by Wild Surge"),
    ),
    "spell": (
        CardData("Stampede Rite", ("Instant",), text="Target creature gets +2/+2 and gains trample until end of turn."),
        ("the target creature", "the affected creature"),
    ),
}
CONDITIONS = (
    "As long as lethal damage is assigned to each creature blocking it",
    "Once lethal damage has been assigned to each creature blocking it",
    "If lethal damage is assigned to each creature blocking it",
)


@st.composite
def _lethal_sentence(draw: st.DrawFn, rest: str) -> tuple[str, CardData]:
    card, subjects = TRAMPLE_CARDS[draw(st.sampled_from(sorted(TRAMPLE_CARDS)))]
    return f"{draw(st.sampled_from(CONDITIONS))}, {draw(st.sampled_from(subjects))} {rest}", card


@given(_lethal_sentence("can assign the rest of its combat damage to the player it's attacking."))
def test_the_main_clause_names_its_own_actor(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) == LETHAL, sentence


@given(
    st.one_of(
        _lethal_sentence("can't assign the rest of its combat damage to the player it's attacking."),
        _lethal_sentence("can assign the rest of its combat damage to the creatures blocking it only."),
    )
)
def test_the_main_clause_contradicted_is_no_claim(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) is None, sentence


def test_roles_are_read_clause_by_clause_as_a_second_reading() -> None:
    read = parse(
        "as long as lethal damage is assigned to each creature blocking it, a creature with trample can assign the rest"
        " of its combat damage to the player it is attacking."
    )
    # the first action of the sentence splits it (the declared claims' reading): the creature is a patient
    assert "patient:creature" in read.claim.roles.split("+")
    assert read.by_clause is not None
    assert {"agent:creature", "agent:trample", "patient:blockers"} <= set(read.by_clause.roles.split("+"))
    # a sentence no condition opens has one reading
    assert parse("a creature with trample can assign the rest of its combat damage to the player.").by_clause is None


#: Cards that trigger on a permanent tapped for mana, and how a ruling of each names the permanent.
MANA_CARDS: dict[str, tuple[CardData, tuple[str, ...]]] = {
    "aura": (
        CardData(
            "Blight Bond",
            ("Enchantment",),
            subtypes=("Aura",),
            text="Enchant land\nWhenever enchanted land is tapped for mana, its controller loses 2 life.",
        ),
        ("the enchanted land", "that land"),
    ),
    "lands": (
        CardData("Overgrowth Song", ("Enchantment",), text="Whenever a land you control is tapped for mana, add {G}."),
        ("a land you control", "a land"),
    ),
    "creatures": (
        CardData(
            "Grove Keeper",
            ("Creature",),
            text="Whenever you tap a creature for mana, you gain 1 life.",
            power="1",
            toughness="1",
        ),
        ("a creature you control", "a creature"),
    ),
}
TAPPED_FOR_MANA = "mana.tap-for-mana"
#: 106.12 said through the card: what taps a permanent for mana, and what does not.
MANA_STATEMENTS = (
    "{C}'s ability triggers whenever you activate a mana ability of {x} with {{T}} in its cost.",
    "{C}'s ability triggers only when {x} is tapped for mana, that is, when a mana ability of it with {{T}} in its cost"
    " is activated.",
    "{X} is tapped for mana when you activate a mana ability of it that includes {{T}} in its cost.",
    "A mana ability of {x} that doesn't have {{T}} in its cost won't cause {c}'s ability to trigger.",
    "If {x} becomes tapped because of a spell's effect, {c}'s ability doesn't trigger.",
    "If {x} becomes tapped to pay a cost such as convoke, it isn't tapped for mana.",
    "{X} isn't tapped for mana if it becomes tapped some other way.",
)
MANA_CONTRADICTED = (
    "{C}'s ability triggers whenever {x} becomes tapped to attack.",
    "{C}'s ability triggers whenever {x} becomes tapped by a spell or ability.",
    "{X} is tapped for mana when it becomes tapped for crew.",
    "{X} isn't tapped for mana when you activate a mana ability of it with {{T}} in its cost.",
    "A mana ability of {x} that has {{T}} in its cost won't cause {c}'s ability to trigger.",
    "A mana ability of {x} that doesn't have {{T}} in its cost causes {c}'s ability to trigger.",
    "If {x} becomes tapped because of a spell's effect, {c}'s ability triggers.",
    "If {x} becomes tapped to pay a cost such as convoke, it's tapped for mana.",
)


@st.composite
def _mana_sentence(draw: st.DrawFn, frames: tuple[str, ...]) -> tuple[str, CardData]:
    card, names = MANA_CARDS[draw(st.sampled_from(sorted(MANA_CARDS)))]
    named = draw(st.sampled_from(names))
    text = draw(st.sampled_from(frames)).format(x=named, X=named[0].upper() + named[1:], c=card.name, C=card.name)
    return text, card


@given(_mana_sentence(MANA_STATEMENTS))
def test_tapping_for_mana_said_through_the_cards_trigger(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) == TAPPED_FOR_MANA, sentence


@given(_mana_sentence(MANA_CONTRADICTED))
def test_tapping_for_mana_contradicted_is_no_claim(drawn: tuple[str, CardData]) -> None:
    sentence, card = drawn
    assert _compiled(sentence, card) is None, sentence


GONE_TRAMPLE = "trample.blockers-destroyed-by-first-strike"
RUMBLER = CardData("Rumbler", ("Creature",), text="Trample", power="5", toughness="5", keywords=("Trample",))
BEAR = CardData("Bear", ("Creature",), text="", power="2", toughness="2")
#: Every blocker of the card gone, said through the card's own possessive.
EVERY_BLOCKER_GONE = (
    "If {c}'s only blocker is destroyed by first-strike damage",
    "If {c}'s blockers are all removed from combat",
    "If the creature blocking {c} is destroyed",
)
#: 702.19e's outcome without "all", in the passive, with "instead", with the rule's reason.
TO_THE_PLAYER = (
    "its combat damage is dealt to the player it's attacking",
    "it deals its damage to the defending player instead",
    "it assigns its combat damage to the player it's attacking",
    "it assigns all of its combat damage to the player it's attacking, as though all those creatures had been assigned"
    " lethal damage",
)


@given(st.sampled_from(EVERY_BLOCKER_GONE), st.sampled_from(TO_THE_PLAYER))
def test_every_blocker_gone_said_of_the_card_and_its_damage(gone: str, out: str) -> None:
    sentence = f"{gone.format(c=RUMBLER.name)}, {out}."
    assert _compiled(sentence, RUMBLER) == GONE_TRAMPLE, sentence
    # without trample, no damage is assigned (510.1c): the same words are no claim
    assert _compiled(f"{gone.format(c=BEAR.name)}, {out}.", BEAR) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "If one of Rumbler's blockers is destroyed, it deals its damage to the defending player instead.",
        "If the creature blocking Rumbler is destroyed, it assigns its combat damage to the creature blocking it.",
        "If Rumbler's only blocker is destroyed by first-strike damage, it deals no damage to the defending player.",
        "If Rumbler's blockers are all removed from combat, it assigns no combat damage.",
        "If Rumbler's only blocker is removed from combat after combat damage, it assigns its combat damage to the player"
        " it's attacking.",
    ],
)
def test_one_blocker_of_several_another_target_or_no_damage_is_no_claim(sentence: str) -> None:
    assert _compiled(sentence, RUMBLER) is None, sentence


REMAINS_BLOCKED = "combat.remains-blocked"
BLOCKER = CardData(
    "Bear", ("Creature",), text="When Bear blocks, it deals 1 damage to itself.", power="2", toughness="2"
)


@given(
    st.sampled_from(
        (
            "If Bear blocks and is destroyed before combat damage",
            "If Bear blocks a creature and then leaves the battlefield",
            "If Bear is the only creature blocking an attacking creature and Bear dies",
        )
    ),
    st.sampled_from(
        (
            "the attacking creature remains blocked",
            "the attacking creature won't deal any combat damage",
            "no combat damage is dealt by the attacking creature",
        )
    ),
)
def test_the_card_blocks_then_goes_and_the_attacker_stays_blocked(gone: str, out: str) -> None:
    sentence = f"{gone}, {out}."
    assert _compiled(sentence, BLOCKER) == REMAINS_BLOCKED, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "If Bear blocks and is destroyed before combat damage, the attacking creature becomes unblocked.",
        "If Bear blocks and is destroyed before combat damage, the attacking creature deals combat damage to the defending"
        " player.",
        "If Bear blocks and is destroyed after combat damage, the attacking creature deals no combat damage.",
        "If Bear attacks and is destroyed before combat damage, the attacking creature remains blocked.",
        "If Bear blocks a creature with trample and then dies, the attacking creature deals no combat damage.",
        "If Bear is one of the creatures blocking an attacking creature and Bear dies, that creature deals no combat damage.",
    ],
)
def test_the_card_gone_with_another_outcome_time_or_attacker_is_no_claim(sentence: str) -> None:
    assert _compiled(sentence, BLOCKER) is None, sentence


VIGILANCE = "vigilance.changes-after-attack"
WATCH = CardData("Steady Watch", ("Instant",), text="Target creature gains vigilance until end of turn.")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Once the target creature has attacked and become tapped, giving it vigilance won't untap it.", VIGILANCE),
        (
            "Giving the target creature vigilance after it has been declared as an attacker has no effect on whether"
            " it's tapped.",
            VIGILANCE,
        ),
        ("The target creature remains a tapped creature if it gains vigilance after it attacks.", VIGILANCE),
        ("Once the target creature has attacked and become tapped, giving it vigilance untaps it.", None),
        ("Once the target creature has blocked and become tapped, giving it vigilance won't untap it.", None),
        (
            "Giving the target creature vigilance before it has been declared as an attacker has no effect on whether"
            " it's tapped.",
            None,
        ),
        ("The target creature remains a tapped creature if it gains vigilance before it attacks.", None),
    ],
)
def test_vigilance_given_after_the_attack_in_other_words(sentence: str, expected: str | None) -> None:
    assert _compiled(sentence, WATCH) == expected, sentence


TIMING = "play-from-exile.timing-unchanged"
IMPULSE = CardData(
    "Reckless Spark",
    ("Instant",),
    text="Exile the top card of your library. Until the end of your next turn, you may play that card.",
)
#: The exiled card named by where it is, as the condition's subject or the verb's object.
BY_WHERE = ("a card exiled with Reckless Spark", "a card exiled this way", "the card exiled with Reckless Spark")


@given(
    st.sampled_from(BY_WHERE),
    st.sampled_from(
        (
            ("If {n} is a creature card, you'll have to wait until your main phase to cast it.", TIMING),
            ("You can't cast {n} during combat if it's a sorcery.", TIMING),
            ("You can't play {n} during an opponent's turn if it's a land.", TIMING),
            ("You must follow the normal timing rules for {n}.", TIMING),
            # every kind, instants too: an instant can be cast then
            ("You can't cast {n} during an opponent's turn.", None),
            ("You can cast {n} during an opponent's turn if it's a sorcery.", None),
            ("If {n} is a creature card, you can cast it any time you have priority.", None),
        )
    ),
)
def test_the_exiled_card_named_by_where_it_is(named: str, frame: tuple[str, str | None]) -> None:
    sentence = frame[0].format(n=named)
    assert _compiled(sentence[0].upper() + sentence[1:], IMPULSE) == frame[1], sentence


UNPLAYED = "play-from-exile.uncast-stay-exiled"
THIS_TURN_ONLY = CardData(
    "Flash of Insight",
    ("Sorcery",),
    text="Exile the top two cards of your library. Until end of turn, you may play those cards.",
)


@pytest.mark.parametrize(
    ("card", "sentence", "expected"),
    [
        (
            THIS_TURN_ONLY,
            "If you don't play the exiled card this turn, it remains exiled and you can't play it.",
            UNPLAYED,
        ),
        (
            THIS_TURN_ONLY,
            "Any card exiled with Flash of Insight you don't play before the turn ends will remain exiled.",
            UNPLAYED,
        ),
        (
            THIS_TURN_ONLY,
            "If you don't play the exiled card this turn, it remains exiled and you can play it later.",
            None,
        ),
        (
            THIS_TURN_ONLY,
            "If you don't play the exiled card this turn, it returns to your hand and you can't play it.",
            None,
        ),
        (THIS_TURN_ONLY, "If you play the exiled card this turn, it remains exiled and you can't play it.", None),
        (
            THIS_TURN_ONLY,
            "Any card exiled with Flash of Insight you don't play before the turn ends will return to your hand.",
            None,
        ),
        # a permission that lasts until the end of your next turn has not ended this turn
        (IMPULSE, "Any card exiled with Reckless Spark you don't play this turn will remain exiled.", None),
        (IMPULSE, "If you don't play the exiled card this turn, it remains exiled and you can't play it.", None),
    ],
)
def test_the_unplayed_card_stays_exiled_in_other_words(card: CardData, sentence: str, expected: str | None) -> None:
    assert _compiled(sentence, card) == expected, sentence


FIRST_STRIKE = "first-strike.changed-after-first-damage"
REFLEXES = CardData("Quick Reflexes", ("Instant",), text="Target creature gains first strike until end of turn.")
BLUNT = CardData("Blunt Edge", ("Instant",), text="Target creature loses first strike until end of turn.")


@pytest.mark.parametrize(
    ("card", "sentence", "expected"),
    [
        (
            REFLEXES,
            "If the target creature gains first strike between the two combat damage steps, it still deals combat damage"
            " in the regular combat damage step.",
            FIRST_STRIKE,
        ),
        (
            BLUNT,
            "If the target creature has first strike and deals combat damage in the first combat damage step, then loses"
            " first strike after the first combat damage step, it won't deal combat damage a second time.",
            FIRST_STRIKE,
        ),
        (
            REFLEXES,
            "If the target creature gains first strike between the two combat damage steps, it won't deal combat damage.",
            None,
        ),
        (
            BLUNT,
            "If the target creature loses first strike between the two combat damage steps, it will deal combat damage a"
            " second time.",
            None,
        ),
        (
            BLUNT,
            "If the target creature loses first strike after first-strike combat damage has been dealt, it can deal combat"
            " damage again in the second combat damage step.",
            None,
        ),
        (
            BLUNT,
            "If the target creature loses first strike after first-strike combat damage has been dealt, it gets to deal"
            " combat damage again.",
            None,
        ),
    ],
)
def test_first_strike_changed_between_the_steps_and_the_outcome_said_with_will_or_can(
    card: CardData, sentence: str, expected: str | None
) -> None:
    assert _compiled(sentence, card) == expected, sentence


BLOCK_STANDS = "flying.block-stands"
GROUNDING = CardData("Grounding", ("Instant",), text="Target creature loses flying and reach until end of turn.")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "If a creature with reach blocks a creature with flying and then loses reach, the attacking creature remains"
            " blocked.",
            BLOCK_STANDS,
        ),
        (
            "If a creature with reach blocks a creature with flying and then loses reach, the creature it's blocking stays"
            " blocked.",
            BLOCK_STANDS,
        ),
        # the blocker is blocking, not blocked; the attacker neither unblocked nor out of combat
        ("If a creature with reach blocks a creature with flying and then loses reach, it remains blocked.", None),
        (
            "If a creature with reach blocks a creature with flying and then loses reach, the attacking creature becomes"
            " unblocked.",
            None,
        ),
        (
            "If a creature with reach blocks a creature with flying and then loses reach, the attacking creature is"
            " removed from combat.",
            None,
        ),
        ("If a creature with reach attacks and then loses reach, the attacking creature remains blocked.", None),
    ],
)
def test_the_blocker_changes_and_the_creature_it_blocks_stays_blocked(sentence: str, expected: str | None) -> None:
    assert _compiled(sentence, GROUNDING) == expected, sentence
