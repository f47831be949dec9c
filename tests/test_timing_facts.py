"""When an exiled card can be played, read as a claim and judged by the normal timing rules
(:mod:`rulings.timing_facts`, issue 24, ninth round)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.templates import WordingError, read_wordings
from rulings.timing_facts import SITUATIONS, playable, read_timing, states_normal_timing
from tests.test_claims_paragraph import coverage


def judged(sentence: str) -> bool | None:
    """True: read, and true by the timing rules; False: read, and false; None: not read."""
    facts = read_timing(sentence)
    return None if facts is None else all(f.true() for f in facts)


# Each expectation is the rules' answer (117.1a, 305.1-305.2, 307.1), written by hand: not computed.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("you can't cast a creature card exiled this way during your upkeep.", True),
        ("you can cast a creature card exiled this way during your upkeep.", False),
        ("you can cast an instant card exiled this way during an opponent's turn.", True),
        ("you can't cast an instant card exiled this way during an opponent's turn.", False),
        ("you can't cast a sorcery card exiled with ~ while a spell is on the stack.", True),
        ("you can cast a sorcery card exiled with ~ in response to a spell.", False),
        ("if it's a land, you can play it only if you have a land play left.", True),
        ("if it's an instant, you can cast it only if you have a land play left.", False),
        ("if it's a land card, you can't play it unless you have a land play available.", True),
        (
            "for example, if one of the exiled cards is a land card, you may play it only during your main "
            "phase while the stack is empty.",
            True,
        ),
        ("if it's a land card, it may be played only during one of your main phases.", True),
        ("if it's an instant card, it may be played only during one of your main phases.", False),
        (
            "if you've already played a land this turn, you can't play a land card exiled with ~'s ability unless "
            "an effect allows you to play additional lands.",
            True,
        ),
        (
            "if you activate ~'s ability during an opponent's turn, you can cast an instant card exiled this "
            "way, but you can't play a land or cast a sorcery that turn.",
            True,
        ),
        (
            "if you activate ~'s ability during an opponent's turn, you can cast an instant card exiled this "
            "way, but you can play a land that turn.",
            False,
        ),
        ("~ doesn't let you cast cards exiled with it any time you could cast an instant.", True),
        ("~ doesn't let you cast instant cards exiled with it any time you could cast an instant.", False),
        (
            "if its ability resolves during combat, you'll have to wait until your postcombat main phase to cast "
            "a sorcery or creature card exiled this way.",
            True,
        ),
        (
            "if the card exiled by ~ is a creature card without flash, you can cast it during your postcombat "
            "main phase if the stack is empty.",
            True,
        ),
        ("a sorcery card exiled with ~ can be cast only during your main phase while the stack is empty.", True),
        ("a sorcery card exiled with ~ can be cast only during your postcombat main phase.", False),
        # fifteenth round: "can" at a phase is said of the usual situation there, the stack empty (it was undecided:
        # the stack may hold a spell during a main phase); "only" still speaks of every situation (below)
        ("you can cast a creature card exiled this way during your main phase.", True),
        # every kind (no kind told): an instant is not limited to main phases
        ("you can play them only during your main phase.", False),
        # eleventh round: "only" after the verb, "from among them", "played one yet"
        ("you can cast only sorcery cards from among them during your main phase while the stack is empty.", True),
        ("you can cast only instant cards from among them during your main phase.", False),
        ("you can play a land exiled this way only if you haven't played one yet this turn.", True),
        # twelfth round: a card with flash is cast at instant speed (702.8a); the kinds said after "only if";
        # "only <kinds>" at the condition's moment (no other kind then); "right away" is the condition's moment
        ("you can cast a card with flash exiled this way during an opponent's turn.", True),
        ("you can't cast a creature card with flash exiled this way during an opponent's turn.", False),
        (
            "if you activate ~'s ability during an opponent's turn, you can cast the exiled card only if it's an "
            "instant or has flash.",
            True,
        ),
        (
            "if you activate ~'s ability during an opponent's turn, you can cast the exiled card only if it's a sorcery.",
            False,
        ),
        (
            "if you activate ~'s ability during an opponent's turn, you can cast only instants and cards with flash "
            "from among them, and you can't play any lands exiled this way.",
            True,
        ),
        ("if you activate ~'s ability during your main phase, you can cast only instants from among them.", False),
        (
            "because the card is exiled during your upkeep, you can't cast a creature or sorcery card exiled with ~ "
            "right away.",
            True,
        ),
        (
            "because the card is exiled during your upkeep, you can cast a creature or sorcery card exiled with ~ "
            "right away.",
            False,
        ),
        # "that way": the moment the clause before named
        (
            "you can cast an instant exiled this way during an opponent's turn, but you can't cast a sorcery that way.",
            True,
        ),
        (
            "you can cast an instant exiled this way during an opponent's turn, and you can cast a sorcery that way.",
            False,
        ),
    ],
)
def test_a_timing_claim_is_judged_by_the_rules(sentence, expected):
    assert judged(sentence) is expected


@pytest.mark.parametrize(
    "sentence",
    [
        # a kind the rules time two ways, or the checks never draw
        "you can't cast a nonland card exiled this way during your upkeep.",
        "you can't cast a land card with flash exiled this way during your upkeep.",
        "you can't cast an artifact card exiled this way during your upkeep.",
        # a moment the grammar has not, another player, another zone, more than the claim
        "you can't cast a creature card exiled this way right away.",
        "an opponent can't cast a creature card exiled this way during your upkeep.",
        "you can't cast a creature card from your graveyard during your upkeep.",
        "you can't cast a creature card exiled this way during your upkeep unless you pay {2}.",
        "you can cast an instant card exiled this way during an opponent's turn without paying its mana cost.",
        # "that way" with no clause before it
        "you can't cast a sorcery exiled this way that way.",
    ],
)
def test_a_sentence_no_frame_reads_whole_is_not_judged(sentence):
    assert read_timing(sentence) is None


KIND_PHRASES = {
    "a land card": "land",
    "a sorcery card": "sorcery-speed",
    "a creature card": "sorcery-speed",
    "an instant card": "instant-speed",
}
MOMENT_PHRASES = (
    "during your upkeep",
    "during an opponent's turn",
    "during combat",
    "during your end step",
    "during your main phase while the stack is empty",
    "during your postcombat main phase if the stack is empty",
    "while a spell is on the stack",
    "any time you could cast an instant",
)


@given(st.sampled_from(sorted(KIND_PHRASES)), st.sampled_from(MOMENT_PHRASES))
def test_a_claim_and_its_negation_are_never_both_true(kind, moment):
    can = f"you can {'play' if 'land' in kind else 'cast'} {kind} exiled this way {moment}."
    cannot = can.replace("you can ", "you can't ", 1)
    assert not (judged(can) and judged(cannot))
    facts = read_timing(can)
    assert facts is not None, can
    # where the rules decide the moment for the kind, one of the two is read as true
    decided = {playable(KIND_PHRASES[kind], s) for s in facts[0].moment}
    if len(decided) == 1:
        assert judged(can) or judged(cannot)


def test_no_situation_is_forgotten():
    # two players' turns, six steps with priority drawn by the checks, the stack, the land play
    assert len(SITUATIONS) == 2 * 6 * 2 * 2


EXILER = CardData(
    name="Test Emberseer",
    types=("Creature",),
    text="When Test Emberseer enters, exile the top card of your library. You may play that card this turn.",
    power="2",
    toughness="2",
)
PLAIN = CardData(name="Test Ogre", types=("Creature",), text="Trample", power="3", toughness="3", keywords=("Trample",))
POOL = CardPool({c.name: c for c in (EXILER, PLAIN)})


def test_a_true_timing_claim_compiles_for_a_card_that_lets_you_play_what_it_exiles():
    restating = "You can't cast a creature card exiled with Test Emberseer during your upkeep."
    assert coverage(restating, EXILER.name, POOL)[0] == "play-from-exile.timing-unchanged"
    assert coverage(restating.replace("can't", "can"), EXILER.name, POOL)[0] is None
    assert coverage(restating.replace("upkeep", "main phase while the stack is empty"), EXILER.name, POOL)[0] is None


def test_a_timing_claim_compiles_only_for_a_card_the_rule_is_about():
    assert coverage("You can't cast a creature card exiled this way during your upkeep.", PLAIN.name, POOL)[0] is None


def test_a_sentence_of_another_template_is_not_read_as_timing():
    assert not states_normal_timing(["you can't cast it."])


@pytest.mark.parametrize(
    ("readers", "error"),
    [
        ('"timing"', r"readers must be a list of reader names"),
        ('["tides"]', r"readers: no reader 'tides' \(known: [a-z, -]*timing[a-z, -]*\)"),
        ('["timing"]', r"readers: 'timing' states timing-unchanged, which the template does not have"),
    ],
)
def test_a_wordings_file_naming_a_reader_its_template_cannot_take_is_an_error(tmp_path: Path, readers, error):
    bad = tmp_path / "bad.toml"
    bad.write_text(f'[[template]]\nid = "x.y"\nreaders = {readers}\nstates.s = ["a sentence\\\\."]\n', encoding="utf-8")
    with pytest.raises(WordingError, match=r"template x\.y: " + error):
        read_wordings(bad)


FLASHER = CardData(
    name="Test Flasher",
    types=("Creature",),
    text="When Test Flasher enters, exile the top card of your library. Until end of turn, you may cast that card as though it had flash.",
    power="1",
    toughness="1",
)


def test_the_normal_timing_is_not_the_rule_for_a_permission_that_changes_it():
    # "as though it had flash": a creature card exiled this way can be cast during your upkeep
    pool = CardPool({FLASHER.name: FLASHER})
    for paragraph in (
        "You can't cast a creature card exiled with Test Flasher during your upkeep.",
        "Test Flasher's ability doesn't change when you can play the exiled card.",
    ):
        assert coverage(paragraph, FLASHER.name, pool)[0] is None


SCAVENGER = CardData(
    name="Test Scavenger",
    types=("Sorcery",),
    text="Exile the top two cards of your library. Until end of turn, you may play those cards.",
)
IMP = CardData(
    name="Test Imp",
    types=("Creature",),
    text="Flying\nWhenever Test Imp deals combat damage to a player, exile the top card of your library. You may cast it "
    "this turn.",
    power="1",
    toughness="1",
    keywords=("Flying",),
)
TENTH = CardPool({c.name: c for c in (SCAVENGER, IMP, PLAIN)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # tenth round: the rule said whole, of the card
        (
            SCAVENGER,
            "Test Scavenger doesn't change when you may play the exiled cards.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "Test Scavenger doesn't give the exiled cards flash.", "play-from-exile.timing-unchanged"),
        (SCAVENGER, "Test Scavenger gives the exiled cards flash.", None),
        (PLAIN, "Test Ogre doesn't change when you may play the exiled cards.", None),
        # eleventh round: the use of the card's permission as the subject
        (
            SCAVENGER,
            "Casting a spell with Test Scavenger doesn't change when you can cast it.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "Casting a spell with Test Scavenger changes when you can cast it.", None),
        # twelfth round: "at a time you couldn't otherwise", of the card or of its permission's pronoun
        (
            SCAVENGER,
            "Test Scavenger doesn't let you play the exiled cards at times you couldn't otherwise play them.",
            "play-from-exile.timing-unchanged",
        ),
        (
            SCAVENGER,
            "Test Scavenger doesn't give you permission to play the exiled cards at a time you otherwise couldn't.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "Test Scavenger lets you play the exiled cards at times you couldn't otherwise play them.", None),
        (PLAIN, "Test Ogre doesn't let you play the exiled cards at times you couldn't otherwise play them.", None),
        # ... and the normal timing rules said to apply to a card played from exile (the zone said, or another)
        (
            SCAVENGER,
            "You must follow the normal timing rules to play a card from exile.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "You must follow the normal timing rules to play a card from your graveyard.", None),
        # twelfth round: both said at once, the rules without "normal", "apply to exiled cards you play this way"
        (
            SCAVENGER,
            "Normal timing permissions and restrictions apply to the exiled card.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "The usual timing rules apply to the exiled card.", "play-from-exile.timing-unchanged"),
        (
            SCAVENGER,
            "Normal timing restrictions apply to exiled cards you play this way.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "Normal timing permissions and restrictions don't apply to the exiled card.", None),
        (SCAVENGER, "Normal timing restrictions apply to cards you play from your graveyard this way.", None),
        (SCAVENGER, "You don't have to follow the normal timing rules to play a card from exile.", None),
        # "to cast it": the kind of card the sentence before named
        (
            IMP,
            "Test Imp doesn't let you cast a creature card without flash during combat. You'll have to wait until "
            "your postcombat main phase to cast it.",
            "play-from-exile.timing-unchanged",
        ),
        (
            IMP,
            "You can cast an instant card exiled with Test Imp during combat. You'll have to wait until your "
            "postcombat main phase to cast it.",
            None,
        ),
        # the card's exile as the condition, the kind said last, "can't ... until"
        (
            SCAVENGER,
            "If Test Scavenger exiles a land or a sorcery card, you'll have to wait until your main phase to play it.",
            "play-from-exile.timing-unchanged",
        ),
        (
            SCAVENGER,
            "If Test Scavenger exiles an instant card, you'll have to wait until your main phase to play it.",
            None,
        ),
        (
            SCAVENGER,
            "Because the card is exiled during your upkeep, you'll have to wait until your main phase to play it if "
            "it's a land, a sorcery, or a creature without flash.",
            "play-from-exile.timing-unchanged",
        ),
        (
            SCAVENGER,
            "If Test Scavenger exiles a land card, you may play that land only if you haven't played a land this turn "
            "or have an additional land play available.",
            "play-from-exile.timing-unchanged",
        ),
        # "until your postcombat main phase" is so only of a card exiled during combat
        (
            IMP,
            "If Test Imp exiles a creature card without flash, you can't cast it until your postcombat main phase.",
            "play-from-exile.timing-unchanged",
        ),
        (
            SCAVENGER,
            "If Test Scavenger exiles a creature card without flash, you can't cast it until your postcombat main phase.",
            None,
        ),
        (
            IMP,
            "If Test Imp exiles a creature card without flash, you can cast it until your postcombat main phase.",
            None,
        ),
    ],
)
def test_tenth_round_timing_forms(card, paragraph, template):
    assert coverage(paragraph, card.name, TENTH)[0] == template


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # thirteenth round: the kind said as what you exile, flash named as the exception of a creature card
        (
            "If you exile a creature card, you can't cast it during your opponent's turn.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "If you exile a creature card this way, you can't cast it during your opponent's turn unless it has flash.",
            "play-from-exile.timing-unchanged",
        ),
        # the rules and restrictions said together; the cards narrowed by what they are not
        (
            "The card is played using all normal rules and restrictions for playing it.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "Casting the noncreature cards exiled this way follows the normal rules for casting those cards.",
            "play-from-exile.timing-unchanged",
        ),
        # near misses: the negation, another kind's exception, a kind said to change
        ("If you exile a creature card, you can cast it during your opponent's turn.", None),
        ("If you exile an instant card, you can't cast it during your opponent's turn unless it has flash.", None),
        (
            "If you exile a creature card this way, you can cast it during your opponent's turn unless it has flash.",
            None,
        ),
        (
            "Casting the noncreature cards exiled this way doesn't follow the normal rules for casting those cards.",
            None,
        ),
    ],
)
def test_thirteenth_round_timing_forms(paragraph, template):
    assert coverage(paragraph, SCAVENGER.name, TENTH)[0] == template


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fourteenth round: a permission given is a thing let done; "otherwise" for "normally"
        (
            "Test Scavenger doesn't give you permission to play the exiled cards at a time you otherwise couldn't.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "Test Scavenger lets you play those cards; it doesn't grant you permission to play them at a time you "
            "couldn't otherwise play them.",
            "play-from-exile.timing-unchanged",
        ),
        ("Test Scavenger gives you permission to play the exiled cards at a time you otherwise couldn't.", None),
        ("Test Scavenger doesn't give you permission to play the exiled cards.", None),
        (
            "Test Scavenger doesn't give your opponent permission to play the exiled cards at a time they otherwise "
            "couldn't.",
            None,
        ),
    ],
)
def test_fourteenth_round_a_permission_given(paragraph, template):
    assert coverage(paragraph, SCAVENGER.name, TENTH)[0] == template


CARTOGRAPHER = CardData(
    name="Test Cartographer",
    types=("Creature",),
    text="When Test Cartographer enters, exile the top two cards of your library. Choose one of them. Until end of "
    "turn, you may play the chosen card.",
    power="2",
    toughness="2",
)


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fourteenth round: for a card that has you choose among the cards it exiles, the chosen card is an exiled one
        (
            "Test Cartographer gives you permission to play the chosen card from exile; it doesn't give you permission "
            "to play it at a time you otherwise couldn't.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "Test Cartographer gives you permission to play the chosen card from exile; it gives you permission to play "
            "it at a time you otherwise couldn't.",
            None,
        ),
    ],
)
def test_fourteenth_round_the_chosen_card_is_an_exiled_card(paragraph, template):
    assert coverage(paragraph, CARTOGRAPHER.name, CardPool({CARTOGRAPHER.name: CARTOGRAPHER}))[0] == template


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fourteenth round: the normal timing rules followed, said alone ("for instance" opening the example); the
        # flash exception after a restriction said before the kind
        (
            "You still need to follow the normal timing rules. For instance, you can't cast a creature spell exiled this "
            "way during combat unless it has flash.",
            "play-from-exile.timing-unchanged",
        ),
        ("You still have to follow timing restrictions.", "play-from-exile.timing-unchanged"),
        ("You don't have to follow timing restrictions.", None),
        ("Your opponent still has to follow timing restrictions.", None),
        ("You still have to follow timing restrictions for cards in your graveyard.", None),
        (
            "You can't cast a creature spell exiled this way during combat unless it has flash.",
            "play-from-exile.timing-unchanged",
        ),
        ("You can cast a creature spell exiled this way during combat unless it has flash.", None),
        ("You can't cast an instant card exiled this way during combat unless it has flash.", None),
    ],
)
def test_fourteenth_round_the_timing_rules_followed(paragraph, template):
    assert coverage(paragraph, SCAVENGER.name, TENTH)[0] == template


# Fifteenth round: a permission another player holds ("its owner may play it") is a permission the rule is about.
RANSOM = CardData(
    "Test Ransom",
    ("Sorcery",),
    text="Exile target nonland permanent. For as long as that card remains exiled, its owner may play it.",
)
LOOTING = CardData(
    "Test Looting", ("Sorcery",), text="Exile the top two cards of your library. You may play them this turn."
)
PYREKEEPER = CardData(
    "Test Pyrekeeper",
    ("Artifact",),
    text="{2}, {T}: Exile the top card of your library. You may play that card this turn.",
)
FIFTEENTH = CardPool({c.name: c for c in (SCAVENGER, RANSOM, LOOTING, PYREKEEPER)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # the permission's holder named otherwise than "you", following the normal timing rules
        (
            RANSOM,
            "Its owner must follow the normal timing permissions and restrictions.",
            "play-from-exile.timing-unchanged",
        ),
        (RANSOM, "The card's owner must still follow the normal timing rules.", "play-from-exile.timing-unchanged"),
        (RANSOM, "Its owner doesn't have to follow the normal timing rules.", None),
        (RANSOM, "Your opponent must follow the normal timing rules.", None),
        # the rule said of the card in the passive, or through a pronoun after what the card allows
        (
            SCAVENGER,
            "Test Scavenger doesn't change when the exiled card can be played.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "Test Scavenger changes when the exiled card can be played.", None),
        (
            PYREKEEPER,
            "You can activate Test Pyrekeeper's ability at instant speed, but that doesn't change when you can cast the "
            "exiled card. A sorcery among them will have to wait for your main phase with an empty stack.",
            "play-from-exile.timing-unchanged",
        ),
        # ... true of the card: a sorcery can't be cast at instant speed
        (
            LOOTING,
            "You can cast Test Looting at instant speed, but that doesn't change when you can cast the exiled cards.",
            None,
        ),
        (
            LOOTING,
            "Test Looting doesn't change when you can play the exiled cards.",
            "play-from-exile.timing-unchanged",
        ),
        # the cards said to wait, and a wait no rule makes
        (
            SCAVENGER,
            "A sorcery card exiled this way will have to wait until your main phase.",
            "play-from-exile.timing-unchanged",
        ),
        (SCAVENGER, "An instant card exiled this way will have to wait until your main phase.", None),
        (SCAVENGER, "A sorcery among them will have to wait for your upkeep.", None),
        # the other cards said played at their usual times, after a clause of the kind that is not limited
        (
            SCAVENGER,
            "Test Scavenger doesn't change when you can play the exiled cards. Instants can be cast any time you have "
            "priority, but other cards must be played at the usual times.",
            "play-from-exile.timing-unchanged",
        ),
        (
            SCAVENGER,
            "Test Scavenger doesn't change when you can play the exiled cards. Sorceries can be cast any time you have "
            "priority, but other cards must be played at the usual times.",
            None,
        ),
    ],
)
def test_fifteenth_round_the_holder_the_passive_and_the_wait(card, paragraph, template):
    assert coverage(paragraph, card.name, FIFTEENTH)[0] == template


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "can" at a phase speaks of the usual situation there (the stack empty, a land play left) ...
        ("if it's a sorcery, you can cast it during your main phase.", True),
        ("if it's a land, you can play it during your postcombat main phase.", True),
        # ... unless the moment names the stack or the land play, and never of a moment the kind can't be played at
        ("you can cast a sorcery card exiled with ~ in response to a spell.", False),
        ("if you have already played a land this turn, you can play it during your main phase.", False),
        ("if it's a sorcery, you can cast it during your turn.", False),
        ("if it's a sorcery, you can cast it any time you have priority.", False),
        ("if it's a creature card, you can cast it during an opponent's turn.", False),
    ],
)
def test_fifteenth_round_can_speaks_of_the_usual_situation(sentence, expected):
    assert judged(sentence) is expected


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        # sixteenth round: two "only" conditions joined by "and" (the moment's text is read part by part)
        (
            "if it is a land, you can play it only during your main phase and only if you haven't played a land that turn.",
            True,
        ),
        (
            "if it's a land, you can play it only during your main phase and only if you haven't played a land this turn.",
            True,
        ),
        (
            "if it is a land, you can play it only during your upkeep and only if you haven't played a land that turn.",
            False,
        ),
    ],
)
def test_sixteenth_round_two_conditions_joined(sentence: str, read: bool) -> None:
    facts = read_timing(sentence)
    assert (facts is not None and all(f.true() for f in facts)) is read
