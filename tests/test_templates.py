"""Sentence-level templates on real wording: normalization, slots, keywords from oracle text,
explanations versus statements, and text a template must never swallow."""

import pytest

from protocol.keywords import keywords_in_text
from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha
from rulings.text import sentences, template_form

AFTER = (
    "The ninjutsu ability can be activated only after blockers have been declared. "
    "Before then, attacking creatures are neither blocked nor unblocked."
)


def ninja(name: str, keyword_line: str) -> CardData:
    return CardData(
        name,
        ("Creature",),
        mana_cost="{3}{U}",
        subtypes=("Human", "Ninja"),
        text=keyword_line + "\nWhenever " + name + " deals combat damage to a player, draw a card.",
        power="2",
        toughness="2",
    )


POOL = CardPool(
    {
        c.name: c
        for c in (
            ninja("Deep Ninja", "Ninjutsu {1}{U}"),
            ninja("Yuriko, the Tiger's Shadow", "Commander ninjutsu {U}{B}"),
            ninja("Astral Ninja", "Planeswalker ninjutsu {2}"),
            CardData("Plain Bear", ("Creature",), mana_cost="{1}{G}", power="2", toughness="2"),
        )
    }
)


def compiled(text: str, cards=("Deep Ninja",)):
    r = Ruling(
        id="test.r",
        text=text,
        sha=ruling_sha(text),
        cards=tuple(cards),
        sources=("x",),
        cr=("702.49",),
        tags=("combat",),
        status="executable",
    )
    suite = compile_corpus(Corpus((r,)), POOL)
    (coverage,) = suite.coverage
    return coverage, [i for i in suite.invariants if "test.r" in i.rulings]


def test_sentences_respect_quotes_and_parentheses():
    text = template_form(
        "The tap symbol means \u201cTap this permanent.\u201d It can\u2019t. (Of course. Really.) Done."
    )
    assert sentences(text) == [
        'the tap symbol means "tap this permanent."',
        "it can't.",
        "(of course. really.)",
        "done.",
    ]


def test_card_names_attack_targets_and_numbers_are_normalized():
    text = template_form(
        "Yuriko attacks the same player or planeswalker; the top four cards.", ["Yuriko, the Tiger's Shadow"]
    )
    assert text == "~ attacks the same player, planeswalker, or battle; the top 4 cards."


def test_keywords_come_from_oracle_text():
    assert keywords_in_text("Ninjutsu {1}{U} (reminder)\nFlying") == ("ninjutsu",)
    assert keywords_in_text("Commander ninjutsu {U}{B}") == ("commander ninjutsu",)
    assert keywords_in_text("Creature cards in your graveyard have sneak {3}{B}.") == ("sneak",)
    assert keywords_in_text("Each creature card in your hand has ninjutsu {2}{U}{B}.") == ("ninjutsu",)
    assert keywords_in_text("Flying") == ()


def test_a_true_statement_with_contradicting_trailing_text_never_compiles():
    coverage, invariants = compiled(AFTER + " It doesn't enter tapped, though.")
    assert coverage.coverage == "uncovered" and not invariants
    assert "It doesn't enter tapped, though." in coverage.reason


def test_explanation_alone_is_not_a_statement():
    coverage, _ = compiled("Before then, attacking creatures are neither blocked nor unblocked.")
    assert coverage.coverage == "uncovered"
    assert "no statement" in coverage.reason


@pytest.mark.parametrize(
    "text",
    [
        "The creature put onto the battlefield with ninjutsu enters the battlefield attacking the same player or "
        "planeswalker that the returned creature was attacking. This is a rule specific to ninjutsu.",
        "The creature with ninjutsu enters the battlefield attacking the same player, planeswalker, or battle that the "
        "returned creature was attacking.",
    ],
)
def test_real_wordings_of_the_same_target_rule_compile(text):
    coverage, invariants = compiled(text)
    assert coverage.coverage == "template", coverage.reason
    assert coverage.template == "ninjutsu.enters-attacking-same-target"
    assert [i.id for i in invariants] == ["test.r/ninjutsu/enters-attacking-same-target"]


def test_the_ninja_takes_its_keyword_from_the_cards_oracle_text():
    text = (
        "Although the Ninja is attacking, it was never declared as an attacking creature (for purposes of "
        "abilities that trigger whenever a creature attacks, for example)."
    )
    _, plain = compiled(text)
    assert [i.id for i in plain] == ["test.r/ninjutsu/no-attack-trigger"]
    _, commander = compiled(text, cards=("Yuriko, the Tiger's Shadow",))
    assert [i.id for i in commander] == ["test.r/commander-ninjutsu/no-attack-trigger"]
    assert all("mechanic:commander-ninjutsu" in i.requires for i in commander)


def test_the_ninjutsu_ability_of_a_commander_ninjutsu_card_is_commander_ninjutsu():
    _, invariants = compiled(AFTER, cards=("Yuriko, the Tiger's Shadow",))
    assert {i.id.split("/")[1] for i in invariants} == {"commander-ninjutsu"}


def test_a_card_without_the_keyword_or_with_an_unknown_variant_is_uncovered_with_the_reason():
    text = (
        "Although the Ninja is attacking, it was never declared as an attacking creature (for purposes of "
        "abilities that trigger whenever a creature attacks, for example)."
    )
    coverage, _ = compiled(text, cards=("Plain Bear",))
    assert coverage.coverage == "uncovered" and "no ninjutsu or sneak keyword" in coverage.reason
    coverage, _ = compiled(text, cards=("Astral Ninja",))
    assert (
        coverage.coverage == "uncovered"
        and "'planeswalker ninjutsu' is not a known ninjutsu variant" in coverage.reason
    )


def test_a_card_missing_from_the_pool_is_uncovered():
    coverage, invariants = compiled(AFTER, cards=("Nobody's Ninja",))
    assert coverage.coverage == "uncovered" and not invariants
    assert coverage.reason == "card Nobody's Ninja is not in the card pool"


# -- combat changes (rulings/wordings/combat-changes.toml): real card rulings, and their contradictions


@pytest.mark.parametrize(
    ("text", "template"),
    [
        (
            "Gaining flying after it has become blocked won\u2019t cause Plain Bear to become unblocked.",
            "flying.block-stands",
        ),
        (
            "Gaining menace after blockers are declared won\u2019t undo a block that\u2019s already been done.",
            "menace.block-stands",
        ),
        (
            "A creature that loses haste after it\u2019s been declared as an attacking creature doesn\u2019t stop "
            "attacking.",
            "haste.attack-stands",
        ),
        (
            "If a creature loses double strike after dealing combat damage in the first combat damage step, it "
            "won\u2019t assign combat damage in the second one.",
            "first-strike.changed-after-first-damage",
        ),
        (
            "If an attacking creature loses vigilance, it remains untapped and attacking.",
            "vigilance.changes-after-attack",
        ),
    ],
)
def test_combat_change_rulings_compile_and_their_contradictions_do_not(text: str, template: str) -> None:
    coverage, invariants = compiled(text, cards=("Plain Bear",))
    assert coverage.coverage == "template" and coverage.template == template
    assert invariants
    contradicted = (
        text.replace("won\u2019t", "will")
        .replace("doesn\u2019t stop", "stops")
        .replace("remains untapped", "becomes tapped")
    )
    assert contradicted != text
    coverage, invariants = compiled(contradicted, cards=("Plain Bear",))
    assert coverage.coverage == "uncovered" and not invariants
