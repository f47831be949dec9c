"""Rulings compile by meaning, fifth round (issue 24): a paragraph read whole. Sentences that only
describe the card (checked against its oracle text) and examples of a claim already read are set
aside with their reason; the card's ability as a rule's premise, its keyword ability used again, a
concept carried to the next sentence and two clauses of one sentence are read. Each frame with the
variants that must stay uncovered: a rule word, a symbol or a zone the oracle text does not say, a
card without the keyword, the example before the claim, the claim negated or swapped."""

from functools import cache
from pathlib import Path

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha
from rulings.describing import describes_card, read_paragraph
from rulings.importer import read_rulings
from rulings.templates import TEMPLATES, template_text

DATA = Path(__file__).parent / "data" / "real-rulings"

OUTLASTER = CardData(
    name="Test Outlaster",
    types=("Creature",),
    mana_cost="{1}{W}",
    text="Outlast {1}{W} ({1}{W}, {T}: Put a +1/+1 counter on this creature. Outlast only as a sorcery.)",
    power="1",
    toughness="1",
    keywords=("Outlast",),
)
#: A card with a {T} ability and no outlast.
TAPPER = CardData(
    name="Test Tapper",
    types=("Creature",),
    text="{T}: Put a +1/+1 counter on target creature.",
    power="1",
    toughness="1",
)
BOASTER = CardData(
    name="Test Boaster",
    types=("Creature",),
    mana_cost="{2}{R}",
    text=(
        "Boast — {1}{R}: Exile the top card of your library. You may play that card this turn. "
        "(Activate only if this creature attacked this turn and only once each turn.)"
    ),
    power="3",
    toughness="2",
    keywords=("Boast",),
)
#: The same ability without the keyword.
EXILER = CardData(
    name="Test Exiler",
    types=("Creature",),
    mana_cost="{2}{R}",
    text="{1}{R}: Exile the top card of your library. You may play that card this turn.",
    power="3",
    toughness="2",
)
MADE_UP = CardPool({c.name: c for c in (OUTLASTER, TAPPER, BOASTER, EXILER)})


@cache
def real_pool() -> CardPool:
    return read_rulings(DATA / "scryfall-rulings.json", DATA / "scryfall-cards.json")[1]


def coverage(text: str, card: str, pool: CardPool) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """The template the paragraph compiles to for ``card`` (or None), and the sentences its
    template set aside with why."""
    rule = Ruling("t.r", text, ruling_sha(text), (card,), ("x",), (), (), "executable")
    (result,) = compile_corpus(Corpus((rule,)), pool).coverage
    if result.coverage != "template":
        return None, ()
    tpl = next(t for t in TEMPLATES if t.id == result.template)
    data = pool.get(card)
    match = tpl.match(rule, (data,) if data else ())
    assert match is not None
    return result.template, match.set_aside


OUTLAST = (
    "The cost to activate a creature's outlast ability includes the tap symbol ({T}). A creature's outlast "
    "ability can't be activated unless that creature has been under your control continuously since the "
    "beginning of your turn."
)


def test_a_sentence_describing_the_card_is_set_aside_with_its_reason_and_its_concept_carried():
    template, aside = coverage(OUTLAST, OUTLASTER.name, MADE_UP)
    assert template == "costs.cost-symbol"
    rule = Ruling("t.r", OUTLAST, ruling_sha(OUTLAST), (OUTLASTER.name,), ("x",), (), (), "executable")
    (compiled,) = compile_corpus(Corpus((rule,)), MADE_UP).coverage
    assert compiled.set_aside == aside  # kept in the ruling's coverage record
    ((sentence, why),) = aside
    assert sentence.startswith("the cost to activate a creature's outlast ability")
    assert why.startswith("describes the card") and "outlast" in why


@pytest.mark.parametrize(
    "text, card",
    [
        # the card has no outlast: the description is not its text
        (OUTLAST, TAPPER.name),
        # a symbol the oracle text does not print
        (OUTLAST.replace("the tap symbol ({T})", "the untap symbol ({Q})"), OUTLASTER.name),
        # a rule of its own next to the description
        (
            OUTLAST.replace("({T}).", "({T}), so it can't be activated during combat."),
            OUTLASTER.name,
        ),
        # the rule negated
        (OUTLAST.replace("can't be activated unless", "can be activated even if"), OUTLASTER.name),
        # restating and something no invariant plays
        (OUTLAST + " It can be activated only once each turn.", OUTLASTER.name),
    ],
)
def test_a_description_the_oracle_does_not_say_or_a_changed_rule_stays_uncovered(text, card):
    assert coverage(text, card, MADE_UP)[0] is None


def test_a_describing_sentence_says_no_rule_word_and_no_word_the_oracle_lacks():
    assert describes_card("~'s outlast ability puts a +1/+1 counter on it.", (OUTLASTER,)) is not None
    for sentence in (
        "~'s outlast ability can't put a +1/+1 counter on it.",
        "~'s outlast ability puts a +1/+1 counter on it only as a sorcery.",
        "~'s outlast ability puts a +1/+1 counter on it from your graveyard.",
        "~'s outlast ability puts a +1/+1 counter on target creature an opponent controls.",
        "the ability includes the cost.",
    ):
        assert describes_card(sentence, (OUTLASTER,)) is None, sentence
    assert describes_card("~'s outlast ability puts a +1/+1 counter on it.", ()) is None


BOAST = (
    "If you don't play the card by the end of the turn, it will remain exiled. Boasting again on a future "
    "turn won't let you play that card."
)


def test_the_cards_keyword_ability_used_again_is_read_as_what_it_means():
    assert coverage(BOAST, BOASTER.name, MADE_UP)[0] == "play-from-exile.uncast-stay-exiled"


@pytest.mark.parametrize(
    "text, card",
    [
        (BOAST, EXILER.name),  # no boast: "boasting" is no ability of the card
        (BOAST.replace("won't let you", "will let you"), BOASTER.name),
        (BOAST.replace("on a future turn", "on this turn"), BOASTER.name),
    ],
)
def test_the_keyword_used_again_by_another_card_or_with_the_claim_changed_stays_uncovered(text, card):
    assert coverage(text, card, MADE_UP)[0] is None


def test_the_cards_ability_as_the_premise_of_a_condition_is_read_as_the_condition():
    text = "If you activate Test Exiler's ability but don't play the exiled card this turn, it remains exiled."
    assert coverage(text, EXILER.name, MADE_UP)[0] == "play-from-exile.uncast-stay-exiled"
    assert coverage(text.replace("don't play", "play"), EXILER.name, MADE_UP)[0] is None
    assert coverage(text.replace("it remains exiled", "it goes to your graveyard"), EXILER.name, MADE_UP)[0] is None


FELLWAR = (
    "Fellwar Stone checks the effects of all mana-producing abilities of lands your opponents control, but it "
    "doesn't check their costs. For example, Vivid Crag has the ability “{T}, Remove a charge counter from Vivid "
    "Crag: Add one mana of any color.” If an opponent controls Vivid Crag and you control Fellwar Stone, you can "
    "tap Fellwar Stone for any color of mana. It doesn't matter whether Vivid Crag has a charge counter on it, "
    "and it doesn't matter whether it's untapped."
)


#: The paragraph without its negated closing sentence ("It doesn't matter whether ...").
FELLWAR_AFFIRMED = FELLWAR[: FELLWAR.index(" It doesn't matter")]


def test_an_example_of_a_claim_read_is_set_aside_with_each_sentence_naming_its_card():
    template, aside = coverage(FELLWAR_AFFIRMED, "Fellwar Stone", real_pool())
    assert template == "mana.could-produce"
    assert [why for _, why in aside] == ["an example naming vivid crag", "the example of vivid crag continued"]


def test_a_negated_sentence_inside_an_example_is_a_claim_to_read():
    """A negation in an example says what cannot happen or does not matter: a claim that could
    contradict the statement (its negated variant would be set aside as well), so it is read: "it
    doesn't matter whether <a cost of the example's ability could be paid>" is the costs-ignored
    claim (sixth round), never set aside, and its affirmed variant stays uncovered."""
    template, aside = coverage(FELLWAR, "Fellwar Stone", real_pool())
    assert template == "mana.could-produce"
    assert not any("matter" in sentence for sentence, _ in aside)
    assert coverage(FELLWAR.replace("It doesn't matter", "It does matter"), "Fellwar Stone", real_pool())[0] is None
    assert coverage(FELLWAR_AFFIRMED.replace("you can tap", "you can't tap"), "Fellwar Stone", real_pool())[0] is None


@pytest.mark.parametrize(
    "text",
    [
        # the example before any claim: it illustrates nothing read
        "For example, Vivid Crag has the ability “{T}, Remove a charge counter from Vivid Crag: Add one mana of any "
        "color.” Fellwar Stone checks the effects of all mana-producing abilities of lands your opponents control, "
        "but it doesn't check their costs.",
        # the two clauses swapped: it checks the costs, not the effects
        FELLWAR_AFFIRMED.replace("checks the effects", "checks the costs").replace(
            "check their costs", "check their effects"
        ),
        # negated
        FELLWAR_AFFIRMED.replace("doesn't check their costs", "checks their costs"),
        # a sentence after the example that names no card of it: a claim of its own
        FELLWAR_AFFIRMED + " You can't activate Fellwar Stone's ability during combat.",
        # the other side's lands: not the lands this card's oracle text looks at
        FELLWAR_AFFIRMED.replace("lands your opponents control", "lands you control"),
    ],
)
def test_an_example_out_of_place_or_a_changed_claim_stays_uncovered(text):
    assert coverage(text, "Fellwar Stone", real_pool())[0] is None


GLEANER = (
    "The untap symbol, {Q}, functions the same as the tap symbol, only mirrored. You can’t pay the {Q} cost if "
    "Farmstead Gleaner is already untapped, and you must have controlled the creature continuously since your "
    "most recent turn began in order to pay {Q}."
)


def test_two_clauses_of_one_sentence_are_each_read():
    assert coverage(GLEANER, "Farmstead Gleaner", real_pool())[0] == "costs.cost-symbol"


@pytest.mark.parametrize(
    "old, new",
    [
        (
            "The untap symbol, {Q}, functions the same as the tap symbol",
            "The tap symbol, {Q}, functions the same as the untap symbol",
        ),
        ("already untapped", "already tapped"),
        ("you must have controlled", "you must not have controlled"),
        ("you must have controlled", "an opponent must have controlled"),
        (", and you must have", ", and you can attack only if you have"),
    ],
)
def test_a_clause_changed_leaves_the_sentence_uncovered(old, new):
    assert old in GLEANER
    assert coverage(GLEANER.replace(old, new), "Farmstead Gleaner", real_pool())[0] is None


def test_the_seed_form_of_a_sentence_is_untouched_by_the_paragraph_reader():
    # a sentence with no card data is never describing, so the seed corpus reads as before
    assert describes_card(template_text("Fellwar Stone has an ability.", ("Fellwar Stone",)), ()) is None


def test_the_lands_a_card_looks_at_are_its_own_side_only():
    druid = FELLWAR_AFFIRMED.replace("Fellwar Stone", "Incubation Druid")
    assert coverage(druid.replace("your opponents control", "you control"), "Incubation Druid", real_pool())[0]
    assert coverage(druid, "Incubation Druid", real_pool())[0] is None


GOLEM = CardData(
    name="Test Golem",
    types=("Creature",),
    text="Indestructible",
    power="2",
    toughness="2",
    keywords=("Indestructible",),
)
CARRIED = "A creature with indestructible can't be destroyed. It isn't destroyed by lethal damage."


def test_a_pronoun_opening_a_sentence_carries_the_creature_the_sentence_before_named():
    pool = CardPool({GOLEM.name: GOLEM})
    assert coverage(CARRIED, GOLEM.name, pool)[0] == "indestructible.not-destroyed"
    (_, second) = read_paragraph(
        CARRIED, ["a creature with indestructible can't be destroyed.", "it isn't destroyed by lethal damage."], (), ()
    )
    assert second.readings == ("a creature with indestructible isn't destroyed by lethal damage.",)


@pytest.mark.parametrize(
    "text",
    [
        CARRIED.replace("It isn't destroyed", "It is destroyed"),
        # no creature with a keyword named before: the pronoun stands for nothing the rule speaks of
        "Test Golem can be the target of a destroy effect. It isn't destroyed by lethal damage.",
        # the pronoun in the middle of the sentence is not carried
        "A creature with indestructible can't be destroyed. Lethal damage dealt to a creature destroys it.",
    ],
)
def test_a_carried_pronoun_with_the_claim_changed_or_nothing_to_carry_stays_uncovered(text):
    assert coverage(text, GOLEM.name, CardPool({GOLEM.name: GOLEM}))[0] is None


def test_two_clauses_joined_before_any_subject_are_each_read():
    """Eighth round: ", but the creature it was blocking ..." starts a clause as ", and it ..." does;
    each clause must be read, and a contradicting one leaves the sentence unread."""
    from rulings.describing import _clauses

    assert _clauses("you pay its costs, but the normal timing rules apply.") == (
        "you pay its costs.",
        "the normal timing rules apply.",
    )
    # "the rest" continues the clause before it: not a clause of its own
    assert _clauses("it must assign lethal damage to its blockers, and the rest can be assigned to the player.") == ()
