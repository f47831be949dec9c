"""Claims of sentences that only explain a statement (``claims.explains`` in a wordings file, issue
24 eighth round): read after a statement of the template, never as one; contradicting variants stay
unread; a user's wording cannot map a pattern to an explanation (it claims nothing checked)."""

from pathlib import Path

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.claims import Claim
from rulings.templates import WordingError, read_wordings
from rulings.user_wordings import checked_claims, is_checked
from tests.test_claims_paragraph import coverage

SIDESTEP = CardData(name="Test Sidestep", types=("Instant",), text="Remove target blocking creature from combat.")
POOL = CardPool({SIDESTEP.name: SIDESTEP})
STATEMENT = "Removing the only creature blocking an attacking creature with Test Sidestep doesn't cause the attacking creature to become unblocked."


@pytest.mark.parametrize(
    "explanation",
    [
        "Unless that creature has trample, it won't assign combat damage.",
        "That creature deals no combat damage unless it has trample.",
        "If it doesn't have trample, it assigns no combat damage.",
        "It won't deal combat damage to the defending player.",
    ],
)
def test_an_explanation_after_a_statement_is_read(explanation):
    assert coverage(f"{STATEMENT} {explanation}", SIDESTEP.name, POOL)[0] == "combat.remains-blocked"


@pytest.mark.parametrize(
    "explanation",
    [
        "Unless that creature has flying, it won't assign combat damage.",
        "Unless that creature has trample, it will assign combat damage.",
        "It will deal combat damage to the defending player.",
        "That creature deals combat damage unless it has trample.",
    ],
)
def test_a_contradicting_explanation_leaves_the_paragraph_uncovered(explanation):
    assert coverage(f"{STATEMENT} {explanation}", SIDESTEP.name, POOL)[0] is None


def test_an_explanation_alone_is_no_statement():
    assert coverage("Unless that creature has trample, it won't assign combat damage.", SIDESTEP.name, POOL)[0] is None


def test_an_explanation_is_not_a_claim_a_user_wording_may_map_to():
    explained = Claim(modality="only", action="deal-damage", condition="trample")
    assert not is_checked(explained)
    assert all(not name.endswith(".explains") for name, _ in checked_claims())


def test_claims_of_no_statement_are_an_error_that_names_the_template(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[template]]\nid = "x.y"\nstates.s = ["a sentence\\\\."]\nclaims.t = [{ action = "attack" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(WordingError, match=r"template x\.y: claims\.t: no statement 't' in states \(or 'explains'\)"):
        read_wordings(bad)
    bad.write_text(
        '[[template]]\nid = "x.y"\nstates.s = ["a sentence\\\\."]\nclaims.explains = [{ action = "attack" }]\n',
        encoding="utf-8",
    )
    assert read_wordings(bad)[0].claims["explains"] == (Claim(action="attack"),)


ITERATION = CardData(
    name="Test Iteration",
    types=("Instant",),
    text="Exile the top two cards of your library. You may play those cards this turn.",
)
EXILE_POOL = CardPool({ITERATION.name: ITERATION})


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # the permission's window as a deadline, and where the card does not go, said after
        (
            "If you don't play a card exiled with Test Iteration by the time the permission ends, it stays exiled. "
            "It won't return to your library or go to your hand.",
            "play-from-exile.uncast-stay-exiled",
        ),
        (
            "If you don't play a card exiled with Test Iteration by the time the permission ends, it stays exiled. "
            "It will return to your library.",
            None,
        ),
        ("It won't return to your library or go to your hand.", None),
        # "can't or don't play": not played
        (
            "If you can't or don't play a card exiled with Test Iteration, it remains in exile.",
            "play-from-exile.uncast-stay-exiled",
        ),
        # the normal timing rules said to apply: playing the card follows them
        ("Normal timing rules apply.", "play-from-exile.timing-unchanged"),
        # a permission that lasts beyond the turn is no card the family checks (its invariant's premise)
        (
            "If you don't play a card exiled with Test Iteration by the end of your next turn, it stays exiled.",
            None,
        ),
        ("Normal timing rules don't apply.", None),
        (
            "Playing that card follows all of the usual rules about when it may be played.",
            "play-from-exile.timing-unchanged",
        ),
    ],
)
def test_exiled_cards_in_eighth_round_words(paragraph, template):
    assert coverage(paragraph, ITERATION.name, EXILE_POOL)[0] == template


RHINO = CardData(
    name="Test Charger",
    types=("Creature",),
    text="Double strike, trample",
    power="6",
    toughness="6",
    keywords=("Double strike", "Trample"),
)
MANTLE = CardData(
    name="Test Mantle", types=("Artifact",), text="Equipped creature gets +1/+0 and has trample.\nEquip {2}"
)
TRAMPLE_POOL = CardPool({c.name: c for c in (RHINO, MANTLE)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        # its blockers gone before combat damage, by its own first-strike damage or otherwise
        (
            RHINO,
            "If Test Charger's first-strike combat damage destroys all the creatures blocking it, it assigns all "
            "of its regular combat damage to the player, planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            RHINO,
            "If both creatures blocking Test Charger are destroyed before combat damage is assigned, it assigns "
            "all 6 of its combat damage to the player, planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
        (
            RHINO,
            "If both creatures blocking Test Charger are destroyed after combat damage is assigned, it assigns "
            "all 6 of its combat damage to the player, planeswalker, or battle it's attacking.",
            None,
        ),
        (
            RHINO,
            "If one of the creatures blocking Test Charger is destroyed before combat damage is assigned, it "
            "assigns all of its combat damage to the player, planeswalker, or battle it's attacking.",
            None,
        ),
        (
            MANTLE,
            "The equipped creature, whose only blocker was destroyed, assigns all its combat damage to "
            "the player, planeswalker, or battle it's attacking.",
            "trample.blockers-destroyed-by-first-strike",
        ),
    ],
)
def test_a_trampler_with_its_blockers_gone(card, paragraph, template):
    assert coverage(paragraph, card.name, TRAMPLE_POOL)[0] == template


BEHEMOTH = CardData(
    name="Test Behemoth", types=("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",)
)


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        (
            "Test Behemoth must assign lethal damage to its blockers, and the rest can be assigned to the player, "
            "planeswalker, or battle it's attacking. Only the damage beyond that can be assigned to the player, "
            "planeswalker, or battle it's attacking.",
            "trample.lethal-then-excess",
        ),
        ("Only the damage beyond that can be assigned to the player, planeswalker, or battle it's attacking.", None),
        (
            "Test Behemoth must assign lethal damage to its blockers, and the rest can be assigned to the player, "
            "planeswalker, or battle it's attacking. The damage beyond that can't be assigned to the player, "
            "planeswalker, or battle it's attacking.",
            None,
        ),
    ],
)
def test_the_halves_of_trample_said_after_its_statement(paragraph, template):
    assert coverage(paragraph, BEHEMOTH.name, CardPool({BEHEMOTH.name: BEHEMOTH}))[0] == template


@pytest.mark.parametrize(
    ("paragraph", "template"),
    [
        # the wait with no act, either main phase named, the land play "remaining that turn"
        (
            "Test Iteration doesn't change when you can play the exiled cards. You'll have to wait until your main "
            "phase, when the stack is empty.",
            "play-from-exile.timing-unchanged",
        ),
        ("You'll have to wait until your main phase, when the stack is empty.", None),
        (
            "You'll have to wait until your postcombat main phase to cast a sorcery or creature card exiled this way.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "You'll have to wait until your upkeep to cast a sorcery or creature card exiled this way.",
            None,
        ),
        (
            "If you exile a land card with Test Iteration, you may play it only during your main phase and only if "
            "you have a land play remaining that turn.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "You still have to pay the costs of spells you cast with Test Iteration, and normal timing restrictions "
            "apply.",
            "play-from-exile.timing-unchanged",
        ),
        (
            "You still have to pay the costs of spells you cast with Test Iteration, and normal timing restrictions "
            "don't apply.",
            None,
        ),
    ],
)
def test_the_exiled_cards_timing_in_eighth_round_words(paragraph, template):
    assert coverage(paragraph, ITERATION.name, EXILE_POOL)[0] == template


BRUTE = CardData(name="Test Brute", types=("Creature",), text="Menace", power="3", toughness="3", keywords=("Menace",))
RALLY = CardData(name="Test Rally", types=("Instant",), text="Creatures you control gain vigilance until end of turn.")
MORE_POOL = CardPool({c.name: c for c in (BRUTE, RALLY)})


@pytest.mark.parametrize(
    ("card", "paragraph", "template"),
    [
        (
            BRUTE,
            "If Test Brute gains menace after it's been blocked by one creature, it remains blocked. It'll deal "
            "its combat damage to the remaining blocker.",
            "menace.block-stands",
        ),
        (
            BRUTE,
            "If Test Brute gains menace after it's been blocked by one creature, it remains blocked. It won't "
            "deal its combat damage to the remaining blocker.",
            None,
        ),
        (
            RALLY,
            "Once attackers have been declared, creatures that were tapped to attack remain tapped even after "
            "they gain vigilance. Test Rally doesn't untap any creatures.",
            "vigilance.changes-after-attack",
        ),
        (
            RALLY,
            "Once attackers have been declared, creatures that were tapped to attack remain tapped even after "
            "they gain vigilance. Test Rally untaps those creatures.",
            None,
        ),
        (RALLY, "Test Rally doesn't untap any creatures.", None),
    ],
)
def test_more_explanations_after_their_statements(card, paragraph, template):
    assert coverage(paragraph, card.name, MORE_POOL)[0] == template
