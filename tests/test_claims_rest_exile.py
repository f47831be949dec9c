"""Rulings compile by meaning, sixth round (issue 24): the general frames of playing exiled cards.
One form for each class of wordings (rulings/meaning.py): the card's normal timing ("only when you
could normally play it", "at a time you couldn't normally cast it"), the timing rules "for its card
type", the rules followed "for" the card (for playing it), changing "the timing rules for" (changing
when you can), a turn-long time with a preposition ("during this turn"), the end of the turn as a
moment ("once the turn ends"); "no longer" a negation; "give you permission to" a permission; a land
played "counts as your land play". Made-up cards and sentences; each frame compiles in several
wordings, and its contradicting variants (negated, another time, another zone, another player, the
normal timing turned over) stay uncovered."""

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from tests.test_claims_paragraph import coverage

#: Exiles a card and lets its controller play it this turn.
RAIDER = CardData(
    name="Test Raider",
    types=("Creature",),
    mana_cost="{2}{R}",
    text="Whenever Test Raider attacks, exile the top card of your library. You may play that card this turn.",
    power="3",
    toughness="2",
)
#: The same permission for a card an opponent's search finds (701.19): no check stages it.
WARDEN = CardData(
    name="Test Warden",
    types=("Creature",),
    mana_cost="{2}{B}",
    text=(
        "While an opponent is searching their library, they exile each card they find. You may play those "
        "cards for as long as they remain exiled."
    ),
    power="3",
    toughness="2",
)
POOL = CardPool({c.name: c for c in (RAIDER, WARDEN)})


def compiled(text: str, card: str = RAIDER.name) -> str | None:
    """The template the paragraph compiles to for ``card``, or None."""
    return coverage(text, card, POOL)[0]


TIMING = "play-from-exile.timing-unchanged"
GONE = "play-from-exile.uncast-stay-exiled"


@pytest.mark.parametrize(
    "text, template",
    [
        # the normal timing as the only time
        ("You can play the exiled card only when you could normally play it.", TIMING),
        ("You may cast that card only at a time you could normally cast it.", TIMING),
        ("The exiled card can be played only whenever you could normally play it.", TIMING),
        # the other times refused
        ("Test Raider doesn't let you play the exiled card at a time you couldn't normally play it.", TIMING),
        ("Test Raider doesn't give you permission to play the exiled card any time you couldn't normally.", TIMING),
        ("You can't cast the exiled card at a time when you could not normally cast it.", TIMING),
        # the rules followed "for" the card, the timing rules "for its card type", applying
        ("You must follow the normal timing permissions and restrictions for the exiled card.", TIMING),
        ("You'll still have to follow all timing rules for the exiled card.", TIMING),
        ("Casting the exiled card follows the normal timing rules for its card type.", TIMING),
        ("Timing restrictions based on the card's type still apply.", TIMING),
        ("Normal timing rules still apply to the exiled card.", TIMING),
        ("The exiled card is played with normal timing.", TIMING),
        # changing the timing rules is changing when
        ("Test Raider's effect doesn't change the timing rules for playing that card.", TIMING),
        ("Test Raider's ability doesn't alter the timing of casting the exiled card.", TIMING),
        # the obligation to pay said as what happens
        ("You still pay the exiled card's mana cost.", "play-from-exile.timing-unchanged"),
        # a land played uses the land play
        ("Playing a land this way counts as your land play for the turn.", TIMING),
        # the end of the turn, a turn-long time, "no longer"
        ("Once the turn ends, you can no longer play the exiled card.", GONE),
        ("After this turn ends, you can't cast the exiled card.", GONE),
        ("You can't play the exiled card after the end of the turn.", GONE),
        ("The exiled card can be played only during this turn.", GONE),
        ("You may play the exiled card only for the rest of the turn.", GONE),
        ("If you don't play the card this turn, you can't play it later.", GONE),
        ("You can't play the exiled card on a later turn.", GONE),
        # speeds, a free cast refused, the permission's end, a land play left or used
        ("Test Raider's ability doesn't let you cast a sorcery at instant speed.", TIMING),
        ("If the exiled card is an instant, you can cast it any time you have priority this turn.", TIMING),
        ("You may cast a creature card exiled this way only at sorcery speed.", TIMING),
        ("Test Raider doesn't let you cast the exiled card without paying its mana cost.", TIMING),
        ("The permission to play the exiled card ends at the end of the turn.", GONE),
        ("You can play the card only during the turn it was exiled.", GONE),
        ("A land card exiled this way can be played only if you have a land play left.", TIMING),
        ("Playing a land exiled this way counts as your land drop for the turn.", TIMING),
        ("Playing the exiled card doesn't change any timing rules.", TIMING),
        ("Test Raider doesn't change the times at which you can cast the exiled card.", TIMING),
        ("Test Raider's ability doesn't give the exiled card flash.", TIMING),
        ("If the exiled card is a sorcery, you must wait until your main phase to cast it.", TIMING),
        ("Test Raider doesn't let you play an additional land.", TIMING),
        ("You can't cast an exiled sorcery during an opponent's turn.", TIMING),
        ("An exiled instant can be cast at any time you could cast an instant this turn.", TIMING),
        (
            "If the exiled card is a creature card, you can cast it only during your main phase while the stack is "
            "empty, unless it has flash.",
            TIMING,
        ),
        ("If you exile a card with Test Raider and don't play it this turn, it stays exiled.", GONE),
        ("Once the turn ends, the exiled card remains in exile and can't be played.", GONE),
        ("Normal timing restrictions apply to the exiled card.", TIMING),
        ("You may play a land exiled with Test Raider only if you haven't already played a land this turn.", TIMING),
    ],
)
def test_a_general_frame_of_playing_exiled_cards_compiles(text, template):
    assert compiled(text) == template


@pytest.mark.parametrize(
    "text",
    [
        # negated
        "You can play the exiled card even when you couldn't normally play it.",
        "Test Raider lets you play the exiled card at a time you couldn't normally play it.",
        "Test Raider gives you permission to play the exiled card any time you couldn't normally.",
        "You don't have to follow the normal timing permissions and restrictions for the exiled card.",
        "Normal timing rules don't apply to the exiled card.",
        "Test Raider's effect changes the timing rules for playing that card.",
        "Once the turn ends, you can still play the exiled card.",
        "You can play the exiled card after the end of the turn.",
        "If you don't play the card this turn, you can play it later.",
        # the normal timing turned over
        "You can't play the exiled card at a time you could normally play it.",
        "You can play the exiled card only at a time you couldn't normally play it.",
        # another time
        "The exiled card can be played only during your next turn.",
        "Once your next turn ends, you can no longer play the exiled card.",
        # another zone, another player
        "You must follow the normal timing permissions and restrictions for the card in your graveyard.",
        "An opponent can play the exiled card only when they could normally play it.",
        # a land's play not used
        "Playing a land this way doesn't count as your land play for the turn.",
        # speeds and free casts turned over
        "Test Raider's ability lets you cast a sorcery at instant speed.",
        "If the exiled card is an instant, you can't cast it any time you have priority this turn.",
        "You may cast a creature card exiled this way at instant speed.",
        "Test Raider lets you cast the exiled card without paying its mana cost.",
        "You may cast the exiled card without paying its mana cost.",
        "The permission to play the exiled card ends at the end of your next turn.",
        "A land card exiled this way can be played even if you have no land play left.",
        "Test Raider changes the times at which you can cast the exiled card.",
        "Test Raider's ability gives the exiled card flash.",
        "If the exiled card is a sorcery, you must wait until your end step to cast it.",
        "Test Raider lets you play an additional land.",
        "You can cast an exiled sorcery during an opponent's turn.",
        "An exiled sorcery can be cast at any time you could cast an instant this turn.",
        "If you exile a card with Test Raider and don't play it this turn, it goes to your graveyard.",
        "Once the turn ends, the exiled card remains in exile and can still be played.",
        "Normal timing restrictions don't apply to the exiled card.",
        "You may play a land exiled with Test Raider only if you have already played a land this turn.",
    ],
)
def test_a_contradicting_variant_of_a_general_frame_stays_uncovered(text):
    assert compiled(text) is None


def test_a_card_exiling_what_a_search_finds_is_not_one_the_checks_play():
    """The frame reads, but the card's cards are exiled as an opponent's search finds them (701.19):
    no check stages that, so the ruling stays uncovered with the card's reason."""
    text = "You must follow the normal timing permissions and restrictions for each exiled card."
    assert compiled(text) == TIMING
    assert compiled(text, WARDEN.name) is None
