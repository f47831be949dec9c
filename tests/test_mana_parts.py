"""Whether a permanent was tapped for mana, read from the sentence's parts in any order
(:mod:`rulings.mana_parts`, issue 24, twelfth round): every way named must have the answer every
verdict and consequence says; a word that claims more, a way of the other answer, or the card's
trigger named for a card that has none leaves the sentence unread."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.mana_parts import read_mana
from rulings.mana_tapping import EXPLAINS, STATE

#: A card that triggers on tapping for mana, with a mana ability and a second {T} ability that adds none.
WELL = CardData(
    "Test Well",
    ("Artifact",),
    text="{T}: Add {C}.\n{2}, {T}: Scry 1.\nWhenever a player taps Test Well for mana, you gain 1 life.",
)
#: A card with no such trigger.
ROCK = CardData("Test Rock", ("Artifact",), text="{T}: Add {C}.\n{1}, {T}: Scry 1.")


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # the card's trigger first, the way last; two ways with a verb each
        ("~'s ability won't trigger when an opponent taps it to attack or taps it to crew a vehicle.", WELL, STATE),
        (
            "if ~ becomes tapped because of a spell, or is tapped to pay the cost of an ability that isn't a mana "
            "ability, it wasn't tapped for mana, and ~'s ability doesn't apply.",
            WELL,
            STATE,
        ),
        # the verdict before the way; an ability of the card named by its place, judged by the card
        ("~ isn't tapped for mana when it becomes tapped because it attacks.", WELL, STATE),
        ("activating ~'s second ability doesn't count as tapping it for mana, so you won't gain life.", WELL, STATE),
        ("activating ~'s first ability counts as tapping it for mana.", WELL, STATE),
        ("crewing a vehicle with ~ taps it, but it isn't tapped for mana.", ROCK, STATE),
        # an ability named by what it does is one that adds no mana
        ("activating its scry ability taps it, but it isn't tapped for mana, so you won't gain life.", WELL, STATE),
        ("activating its scry ability taps it, and it is tapped for mana.", WELL, None),
        # contradictions of the rule, by the way, by the place, or two ways of two answers
        ("activating ~'s first ability doesn't count as tapping it for mana, so you won't gain life.", WELL, None),
        ("activating ~'s second ability counts as tapping it for mana.", WELL, None),
        ("~ is tapped for mana when it becomes tapped because it attacks.", WELL, None),
        ("~'s ability won't trigger when you activate its mana ability or tap it to attack.", WELL, None),
        # the card's result named for a card that has no trigger on it; a word that claims more
        ("~ isn't tapped for mana when it becomes tapped because it attacks, so you won't gain life.", ROCK, None),
        ("~'s ability won't trigger when an opponent taps it to attack during your turn.", WELL, None),
        # explanations: the trigger alone, "it isn't tapped for mana" alone; never a positive verdict alone
        ("~'s ability doesn't apply.", WELL, EXPLAINS),
        ("~'s ability doesn't apply.", ROCK, None),
        ("it isn't tapped for mana.", ROCK, EXPLAINS),
        ("it is tapped for mana.", ROCK, None),
    ],
)
def test_tapping_for_mana_is_judged_from_its_parts(sentence: str, card: CardData, expected: str | None) -> None:
    assert read_mana([sentence], (card,)) == expected


@pytest.mark.parametrize(
    ("sentence", "card", "expected"),
    [
        # sixteenth round: a reason other than the mana ability "with {T} in the cost"; "has not been tapped for mana";
        # an example of the effect that taps it; an ability with {T} in its cost that adds no mana
        (
            "if ~ becomes tapped for a reason other than activating one of its mana abilities with {t} in the cost, "
            "~'s ability won't trigger.",
            WELL,
            STATE,
        ),
        (
            "a land that becomes tapped because of a spell or ability, such as one that taps all lands a player "
            "controls, hasn't been tapped for mana.",
            ROCK,
            STATE,
        ),
        (
            "a land that becomes tapped because of a spell or ability, such as one that taps all lands a player "
            "controls, has been tapped for mana.",
            ROCK,
            None,
        ),
        (
            "activating an ability of a land that has {t} in its cost but doesn't add mana, such as one that creates "
            "a token, isn't tapping that land for mana.",
            ROCK,
            STATE,
        ),
        (
            "activating an ability of a land that has {t} in its cost but doesn't add mana is tapping that land for "
            "mana.",
            ROCK,
            None,
        ),
        (
            "tapping an artifact to pay the cost of ~'s last ability isn't tapping it for mana, even if that artifact "
            "has a mana ability.",
            WELL,
            STATE,
        ),
        ("no charge counter is put on ~.", WELL, EXPLAINS),
        ("no charge counter is put on ~.", ROCK, None),
    ],
)
def test_sixteenth_round_more_ways_and_verdicts(sentence: str, card: CardData, expected: str | None) -> None:
    assert read_mana([sentence], (card,)) == expected
