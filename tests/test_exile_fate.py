"""Where an exiled card nobody played goes, read as a fate (:mod:`rulings.exile_fate`, issue 24,
ninth round): staying in exile states the rule, going to another zone contradicts it."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.exile_fate import EXPLAINS, NEXT_TURN, STATE, THIS_TURN, read_fate
from tests.test_claims_paragraph import coverage


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "once the turn ends, any cards exiled with ~ that weren't played stay in exile, even though the "
            "permission to play them has ended.",
            THIS_TURN,
        ),
        ("if you do not cast the card exiled with ~ this turn, it does not return to your library.", THIS_TURN),
        ("cards exiled with ~ that you haven't played by the time the permission ends will remain exiled.", STATE),
        ("any cards you don't cast this way will remain in exile indefinitely.", STATE),
        ("it stays in exile.", EXPLAINS),
        ("it won't return to your hand or library.", EXPLAINS),
        # the contradiction: the card moved
        ("if you don't play it this turn, it returns to your hand.", None),
        ("cards exiled with ~ that weren't played are put into your graveyard.", None),
        ("it goes to your graveyard.", None),
        # the end of your next turn: a permission lasting until then (sixteenth round: its own statement)
        ("cards exiled by ~ that aren't played before the end of your next turn will remain in exile.", NEXT_TURN),
        # two times at once: no statement
        ("cards not played this turn or by the end of your next turn remain in exile.", None),
        # played cards, and another player's cards: other claims
        ("cards exiled with ~ that you played stay in exile.", None),
        ("an opponent's cards exiled with ~ stay in exile.", None),
    ],
)
def test_a_fate_is_judged(sentence, expected):
    assert read_fate([sentence]) == expected


RUMMAGER = CardData(
    name="Test Rummager",
    types=("Creature",),
    text="When Test Rummager enters, exile the top card of your library. Until end of turn, you may play that card.",
    power="2",
    toughness="1",
)
POOL = CardPool({RUMMAGER.name: RUMMAGER})
#: An artifact whose activated ability exiles a card you may play this turn.
SCAVENGER = CardData(
    name="Test Scavenger",
    types=("Artifact",),
    text="{2}, {T}: Exile the top card of your library. You may play that card this turn.",
)


def test_a_paragraph_stating_the_fate_compiles_and_its_contradiction_does_not():
    stated = "If you don't cast the card exiled with Test Rummager this turn, it doesn't return to your library; it stays in exile."
    assert coverage(stated, RUMMAGER.name, POOL)[0] == "play-from-exile.uncast-stay-exiled"
    assert coverage(stated.replace("it stays in exile", "it goes to your graveyard"), RUMMAGER.name, POOL)[0] is None
    assert coverage("It stays in exile.", RUMMAGER.name, POOL)[0] is None


HOARDER = CardData(
    name="Test Hoarder",
    types=("Sorcery",),
    text=(
        "Exile the top card of your library. You may play that card this turn. At the beginning of the next end "
        "step, if you haven't played it, put it into your hand."
    ),
)


def test_the_fate_is_not_the_rule_for_a_card_that_moves_what_nobody_played():
    # its own text puts the unplayed card into your hand: "it stays in exile" is false for it
    pool = CardPool({HOARDER.name: HOARDER})
    paragraph = "If you don't play the card exiled with Test Hoarder this turn, it stays in exile."
    assert coverage(paragraph, HOARDER.name, pool)[0] is None
    assert coverage(paragraph.replace("Hoarder", "Rummager"), RUMMAGER.name, POOL)[0] == (
        "play-from-exile.uncast-stay-exiled"
    )


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # tenth round: "after the turn ends", the passive, "any that you didn't play", libraries
        ("the cards exiled with ~ that you don't play remain exiled after the turn ends.", THIS_TURN),
        ("any that you didn't play stay in exile.", STATE),
        ("they aren't put into your hand.", EXPLAINS),
        ("they don't go back to their owners' libraries.", EXPLAINS),
        ("cards exiled with ~'s second ability aren't returned to your hand at end of turn.", EXPLAINS),
        # ... and their contradictions
        ("the cards exiled with ~ that you don't play go to your graveyard after the turn ends.", None),
        ("any that you didn't play are returned to your hand.", None),
        ("cards exiled with ~'s second ability are returned to your hand at end of turn.", None),
        # the exiled cards said to stay, played or not: not the rule (a played card left exile)
        ("cards exiled with ~ stay in exile.", None),
    ],
)
def test_tenth_round_fates(sentence, expected):
    assert read_fate((sentence,)) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("if you don't play the chosen card this turn, it remains in exile.", THIS_TURN),
        ("the card you didn't choose stays in exile too.", STATE),
        ("the card you didn't choose goes to your graveyard.", None),
        ("~ doesn't put the cards you don't play anywhere else.", STATE),
        ("~ puts the cards you don't play into your hand.", None),
    ],
)
def test_tenth_round_chosen_and_put_nowhere(sentence, expected):
    assert read_fate((sentence,)) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # twelfth round: the passive condition, "one of the exiled cards", and the permission gone with the turn
        ("if the exiled card isn't played this turn, it remains exiled.", THIS_TURN),
        (
            "if you don't play one of the exiled cards this turn, it stays in exile, and you can't play it later.",
            THIS_TURN,
        ),
        ("if you don't cast it this turn, you can't cast it later.", THIS_TURN),
        ("if you don't play the cards exiled with ~ during that turn, they remain in exile.", THIS_TURN),
        ("if you don't play the card exiled with ~ in time, it stays in exile.", STATE),
        ("if you don't play the card exiled with ~ in time, it goes to your graveyard.", None),
        # ... and their contradictions
        ("if you don't cast it this turn, you can cast it later.", None),
        ("if the exiled card isn't played this turn, it returns to your hand.", None),
        ("if you don't play one of the exiled cards this turn, it stays in exile, and you can play it later.", None),
    ],
)
def test_twelfth_round_passive_and_the_permission_gone(sentence, expected):
    assert read_fate((sentence,)) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # thirteenth round: the condition said after the fate
        ("the exiled card stays in exile if you don't play it before the turn ends.", THIS_TURN),
        ("those cards remain exiled if you don't cast them this turn.", THIS_TURN),
        ("the exiled card goes to your graveyard if you don't play it before the turn ends.", None),
        ("the exiled card stays in exile if you play it before the turn ends.", None),
    ],
)
def test_thirteenth_round_the_condition_after_the_fate(sentence, expected):
    assert read_fate([sentence]) == expected


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fourteenth round: the permission's end said as a moment ("once ~'s effect ends", "even after ~'s effect ends")
        (
            "Once Test Scavenger's effect ends, any cards exiled with it that you haven't played will remain exiled.",
            "play-from-exile.uncast-stay-exiled",
        ),
        (
            "Any of the exiled cards you don't play this turn stay exiled, even after Test Scavenger's effect ends.",
            "play-from-exile.uncast-stay-exiled",
        ),
        (
            "Once Test Scavenger's effect ends, any cards exiled with it that you haven't played will be put into your "
            "graveyard.",
            None,
        ),
        ("Once Test Scavenger's effect ends, you can still play the cards exiled with it.", None),
    ],
)
def test_fourteenth_round_the_permissions_end_as_a_moment(paragraph, template):
    assert coverage(paragraph, SCAVENGER.name, CardPool({SCAVENGER.name: SCAVENGER}))[0] == template


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fifteenth round: "once it ends" after a sentence that names the turn: the turn ends
        (
            "You have only until the end of the turn to play the exiled cards. Once it ends, you can't play them.",
            "play-from-exile.uncast-stay-exiled",
        ),
        (
            "You have only until the end of the turn to play the exiled cards. Once it ends, you can still play them.",
            None,
        ),
        (
            "You have only until the end of the turn to play the exiled cards. Once it ends, they return to your hand.",
            None,
        ),
    ],
)
def test_fifteenth_round_the_turn_carried_to_once_it_ends(paragraph, template):
    assert coverage(paragraph, SCAVENGER.name, CardPool({SCAVENGER.name: SCAVENGER}))[0] == template


KESSA = CardData(
    name="Test Kessa",
    types=("Creature",),
    text="Haste\nWhen Test Kessa enters, exile the top two cards of your library. Choose one of them. Until end of "
    "turn, you may play that card.",
    power="2",
    toughness="2",
)


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fifteenth round: "So does X" says the predicate of the sentence before of X; "gives you permission to" in a
        # description of what the card lets you do
        (
            "The card you don't choose remains exiled. So does the chosen card if you don't play it that turn.",
            "play-from-exile.uncast-stay-exiled",
        ),
        ("The card you don't choose remains exiled. So does the chosen card if you play it that turn.", None),
        (
            "The card you don't choose goes to your graveyard. So does the chosen card if you don't play it that turn.",
            None,
        ),
        (
            "Choosing a card with Test Kessa's ability gives you permission to play it this turn. It doesn't let you "
            "ignore the timing rules that would normally apply to that card.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "Choosing a card with Test Kessa's ability gives you permission to play it on a later turn. It doesn't let "
            "you ignore the timing rules that would normally apply to that card.",
            None,
        ),
    ],
)
def test_fifteenth_round_so_does_and_a_permission_described(paragraph, template):
    assert coverage(paragraph, KESSA.name, CardPool({KESSA.name: KESSA}))[0] == template


CUTPURSE = CardData(
    name="Test Cutpurse",
    types=("Creature",),
    text="Flying\nWhenever Test Cutpurse deals combat damage to a player, that player exiles the top card of their "
    "library. You may cast that card for as long as it remains exiled, and you may spend mana as though it were mana of "
    "any color to cast that spell.",
    power="2",
    toughness="2",
)


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # fifteenth round: the cost not lowered, and "as though" as the oracle text says it in a description
        ("Test Cutpurse doesn't reduce what the spell costs.", "play-from-exile.timing-unchanged"),
        (
            "Test Cutpurse lets you spend mana as though it were mana of any color, but it doesn't reduce what the "
            "spell costs. You must still pay its full mana cost.",
            "play-from-exile.timing-unchanged",
        ),
        ("Test Cutpurse reduces what the spell costs.", None),
        (
            "Test Cutpurse lets you spend mana as though it were mana of any color, but it reduces what the spell costs.",
            None,
        ),
        (
            "Test Cutpurse lets you spend mana as though it were mana of any type, but it doesn't reduce what the spell "
            "costs.",
            None,
        ),
    ],
)
def test_fifteenth_round_the_cost_not_lowered(paragraph, template):
    assert coverage(paragraph, CUTPURSE.name, CardPool({CUTPURSE.name: CUTPURSE}))[0] == template


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # sixteenth round: the permission's time, when named, is part of the statement
        ("any cards you don't play by the end of your next turn remain exiled.", NEXT_TURN),
        ("if you don't play it before your next turn ends, it stays in exile.", NEXT_TURN),
        ("if you don't play it, you can't play it later, and it stays in exile.", THIS_TURN),
        # "on your next turn" is a later turn, not the permission's window
        ("if you don't play it, you can't play it on your next turn, and it stays in exile.", THIS_TURN),
        ("any cards you don't play remain exiled.", STATE),
        ("any of them you don't play remain in exile.", STATE),
        ("cards exiled with ~ that you don't play will stay in exile after your next turn ends.", NEXT_TURN),
        ("any of them you don't play go to your graveyard.", None),
    ],
)
def test_sixteenth_round_the_time_named(sentence, expected):
    assert read_fate([sentence]) == expected
