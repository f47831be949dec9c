"""Rulings compile by meaning, fourth round (issue 24): the normalization every family uses (hedges
and possible causes set aside, a card's given name, a contrapositive condition, an exiled card
left to a pronoun, a permission's duration read in the ability that grants it) and the frames of
the non-combat families, each with the variants that must stay uncovered."""

from functools import cache
from pathlib import Path

import pytest

from rulings.cards import CardPool
from rulings.claims import claim_from_record, parse
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha
from rulings.importer import read_rulings
from rulings.invariants.exile import grants_exile_play
from rulings.meaning import set_aside
from rulings.text import card_names, template_form
from rulings.user_wordings import UserWordingError, read_user_wordings

DATA = Path(__file__).parent / "data" / "real-rulings"
#: A card that exiles the top card of its controller's library and lets them play it this turn.
THIS_TURN = "Grotag Night-Runner"
#: A card whose permission lasts until the end of the next turn.
NEXT_TURN = "Reckless Impulse"
#: A card with an {Q} ability.
UNTAP_COST = "Leech Bonder"
#: A Class.
CLASS = "Wizard Class"


@cache
def pool() -> CardPool:
    return read_rulings(DATA / "scryfall-rulings.json", DATA / "scryfall-cards.json")[1]


def compiled_to(text: str, card: str) -> str | None:
    """The template the paragraph compiles to for ``card``, or None."""
    rule = Ruling("t.r", text, ruling_sha(text), (card,), ("x",), (), (), "executable")
    (coverage,) = compile_corpus(Corpus((rule,)), pool()).coverage
    return coverage.template if coverage.coverage == "template" else None


# --- normalization ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, claim, aside",
    [
        (
            "unless an effect says you can play additional lands, you can't play a land exiled this way if you "
            "have already played one this turn.",
            "you can't play a land exiled this way if you have already played one this turn.",
            "unless an effect says you can play additional lands",
        ),
        (
            "if you can't cast it, perhaps because it has no legal targets, it remains exiled.",
            "if you can't cast it, it remains exiled.",
            "perhaps because it has no legal targets",
        ),
        ("you must pay its costs, for example.", "you must pay its costs.", "for example"),
        (
            "under normal circumstances, you can play it only this turn.",
            "you can play it only this turn.",
            "under normal circumstances",
        ),
        (
            "they can't be cast on later turns, even if ~ attacks again.",
            "they can't be cast on later turns.",
            "even if ~ attacks again",
        ),
    ],
)
def test_hedges_and_possible_causes_are_set_aside_and_kept(sentence, claim, aside):
    split = set_aside(sentence)
    assert split.claim == claim
    assert aside in split.asides


def test_an_even_if_about_something_else_than_the_card_is_no_aside():
    assert set_aside("you can tap it, even if it came under your control this turn.").asides == ()


def test_a_given_name_before_of_is_the_card_and_the_common_word_is_not():
    assert "Daxos" in card_names("Daxos of Meletis")
    assert card_names("Fiend of the Shadows") == ("Fiend of the Shadows",)
    assert template_form("Daxos doesn't change it.", ["Daxos of Meletis"]) == "~ doesn't change it."
    assert template_form("The daxos doesn't.", ["Daxos of Meletis"]) == "the daxos doesn't."


def test_a_negated_condition_before_a_negated_permission_is_its_only_condition():
    contrapositive = parse(
        "if a creature with an {q} ability hasn't been under your control since your most recent turn began, "
        "you can't activate that ability."
    ).claim
    direct = parse(
        "a creature's ability with the {q} symbol can be activated only if the creature has been under your "
        "control continuously since your most recent turn began."
    ).claim
    assert contrapositive.modality == direct.modality == "only"
    assert contrapositive.condition == direct.condition == "continuous-control"
    # the permission granted instead of refused, or the condition not negated: other claims
    granted = parse(
        "if a creature with an {q} ability hasn't been under your control since your most recent turn began, "
        "you can activate that ability, unless the creature has haste."
    ).claim
    plain = parse(
        "if a creature with an {q} ability has been under your control since your most recent turn began, "
        "you can't activate that ability."
    ).claim
    assert granted.modality != "only" and plain.modality != "only"


def test_a_permissions_duration_is_read_in_the_ability_that_grants_it():
    applies = grants_exile_play(lasting=False)
    planeswalker = pool().cards["Jace, Architect of Thought"]
    assert "next turn" in planeswalker.text.lower()  # its first ability's "until your next turn"
    assert applies(planeswalker) is None
    assert applies(pool().cards[NEXT_TURN]) is not None


def test_a_permission_in_a_static_ability_lasts_and_one_in_a_triggered_ability_does_not():
    applies = grants_exile_play(lasting=False)
    assert applies(pool().cards["Hedonist's Trove"]) is not None  # "You may play lands from among ..."
    assert grants_exile_play(on_resolution=False)(pool().cards["Hedonist's Trove"]) is None
    assert applies(pool().cards["Chaos Channeler"]) is None  # an ability word, a roll's results: triggered


@pytest.mark.parametrize(
    "sentence",
    [
        "you must follow all timing rules for it.",
        "you must follow the normal timing permissions and restrictions.",
        "you must follow any applicable timing permissions and restrictions.",
        "you must follow the normal rules for playing those cards.",
    ],
)
def test_following_the_cards_rules_in_other_words_is_one_claim(sentence):
    assert parse(sentence).claim == parse("you must follow the normal timing rules.").claim
    assert parse(sentence).claim.condition == "timing-restrictions"


def test_a_claim_said_again_after_this_means_is_read_and_the_card_s_ability_by_its_place_is_the_card_s():
    assert set_aside("normally, this means you can play it only this turn.").claim == "you can play it only this turn."
    assert parse("if you don't play the card exiled with ~'s last ability, it remains in exile.").complete


def test_a_users_wording_may_not_mark_a_concept_implied(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text(
        "[[wording]]\npattern = 'x'\nclaim = { modality = 'cannot', action = 'play', object = 'exiled-card?', "
        "timing = 'next-turn' }\n",
        encoding="utf-8",
    )
    with pytest.raises(UserWordingError, match=r"write 'exiled-card' if the sentence names it"):
        read_user_wordings(path)


def test_an_implied_concept_is_named_or_left_to_a_pronoun():
    from rulings.claims import bind

    declared = claim_from_record({"modality": "cannot", "action": "play", "object": "exiled-card?"}, "test")
    assert bind(declared, parse("you can't play the exiled card.").claim, {}) == {}
    assert bind(declared, parse("you can't play it.").claim, {}) == {}
    assert bind(declared, parse("you can't play a land.").claim, {}) is None


# --- the non-combat families' frames: compiled, and their variants not ---------------------------


@pytest.mark.parametrize(
    "text, card, template",
    [
        ("If you don't play the card that turn, it remains exiled.", THIS_TURN, "play-from-exile.uncast-stay-exiled"),
        ("You can't play it on a later turn.", THIS_TURN, "play-from-exile.uncast-stay-exiled"),
        (
            "Under normal circumstances, you may play a land card exiled with Grotag Night-Runner only if you haven't "
            "played a land yet that turn.",
            THIS_TURN,
            "play-from-exile.timing-unchanged",
        ),
        (
            "You must still pay all costs to cast those spells and follow normal casting permissions.",
            NEXT_TURN,
            "play-from-exile.timing-unchanged",
        ),
        ("You must still pay its costs.", NEXT_TURN, "play-from-exile.timing-unchanged"),
        (
            "You must follow all timing rules when you play it. In most cases, if you exile two land cards, you won't be able "
            "to play both.",
            NEXT_TURN,
            "play-from-exile.timing-unchanged",
        ),
        (
            "If a creature with an {Q} ability hasn't been under your control since your most recent turn began, you "
            "can't activate that ability.",
            UNTAP_COST,
            "costs.cost-symbol",
        ),
        ("Each Class enters the battlefield at level 1.", CLASS, "class.starts-at-level-1"),
        (
            "You can't activate the first level ability of a Class if it's already level 2 or higher.",
            CLASS,
            "class.no-repeat-level",
        ),
        (
            "Gaining a level won't remove any abilities that the Class had at a previous level.",
            CLASS,
            "class.keeps-previous-levels",
        ),
    ],
)
def test_a_non_combat_rule_in_a_new_frame_compiles(text, card, template):
    assert compiled_to(text, card) == template


@pytest.mark.parametrize(
    "text, card",
    [
        # negated
        ("If you don't play the card that turn, it leaves exile.", THIS_TURN),
        ("You can play it on a later turn.", THIS_TURN),
        ("You need not pay its costs.", NEXT_TURN),
        ("Each Class enters the battlefield at level 2.", CLASS),
        ("You can activate the first level ability of a Class if it's already level 2 or higher.", CLASS),
        ("Gaining a level will remove any abilities that the Class had at a previous level.", CLASS),
        (
            "You must follow all timing rules when you play it. If you exile two lands, you will be able to play both.",
            NEXT_TURN,
        ),
        (
            "If a creature with an {Q} ability has been under your control since your most recent turn began, you "
            "can't activate that ability.",
            UNTAP_COST,
        ),
        # another zone, another time, another player
        ("If you don't play the card that turn, it remains in your graveyard.", THIS_TURN),
        ("You can't play it this turn.", THIS_TURN),
        ("An opponent must still pay its costs.", NEXT_TURN),
        # the rule for a card it is not about: a permission that lasts beyond the turn stays exiled
        # on purpose, and a card that lets you play nothing it exiled
        ("If you don't play the card that turn, it remains exiled.", NEXT_TURN),
        ("You must still pay its costs.", "Ninja of the Deep Hours"),
    ],
)
def test_a_non_combat_rule_changed_or_for_another_card_does_not_compile(text, card):
    assert compiled_to(text, card) is None
