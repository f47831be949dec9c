"""Rulings compile by meaning, sixth round (issue 24): a negated sentence inside an example read as
the claim it is. "It doesn't matter whether <a part of the example ability's cost could be paid>"
after an example that quotes a mana ability says what "could produce" does not check (106.7: the
costs are ignored); each clause must ask of a part of that ability's cost ({T}, removing counters,
paying life) or of its activation restriction, and the sentence is never set aside as an example.
Made-up cards and sentences; the variants (affirmed, another cost, another player, another
question) stay uncovered."""

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from tests.test_claims_paragraph import coverage

PRISM = CardData(
    name="Test Prism",
    types=("Artifact",),
    mana_cost="{2}",
    text="{T}: Add one mana of any color that a land an opponent controls could produce.",
)
GROVE = CardData(
    name="Test Grove",
    types=("Land",),
    text="{T}: Add one mana of any type that a land you control could produce.",
)
POOL = CardPool({c.name: c for c in (PRISM, GROVE)})


def compiled(text: str, card: str) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """The template the paragraph compiles to (or None) and the sentences it set aside, with why."""
    return coverage(text, card, POOL)


PRISM_RULING = (
    "Test Prism checks the effects of all mana-producing abilities of lands your opponents control, but it "
    "doesn't check their costs. For example, Glimmer Dunes has the ability “{T}, Remove a storage counter from "
    "Glimmer Dunes: Add two mana of any one color.” If an opponent controls Glimmer Dunes and you control Test "
    "Prism, you can tap Test Prism for any color of mana. It doesn't matter whether Glimmer Dunes has a storage "
    "counter on it, and it doesn't matter whether it's untapped."
)
GROVE_RULING = (
    "Test Grove checks the effects of all mana-producing abilities of lands you control, but it doesn't check "
    "their costs or legality. For example, Ember Spire says “{T}, Pay 2 life: Add one mana of any color. "
    "Activate only if you control a creature.” If you control Ember Spire and Test Grove, you can tap Test Grove "
    "for any color of mana. It does not matter whether you control a creature, whether you can pay 2 life, or "
    "whether Ember Spire is untapped."
)


@pytest.mark.parametrize(
    "text, card",
    [
        (PRISM_RULING, PRISM.name),
        (GROVE_RULING, GROVE.name),
        # the clauses in another order, one sentence per clause
        (
            PRISM_RULING.replace(
                "It doesn't matter whether Glimmer Dunes has a storage counter on it, and it doesn't matter "
                "whether it's untapped.",
                "It doesn't matter whether Glimmer Dunes is untapped. It doesn't matter whether it has a storage "
                "counter on it.",
            ),
            PRISM.name,
        ),
    ],
)
def test_what_does_not_matter_after_a_quoted_ability_is_the_costs_ignored_claim(text, card):
    template, aside = compiled(text, card)
    assert template == "mana.could-produce"
    # the example's sentences are set aside; the "doesn't matter" sentence is read, never set aside
    assert aside and all("matter" not in sentence for sentence, _ in aside)


@pytest.mark.parametrize(
    "text, card",
    [
        # affirmed: what matters is the opposite claim
        (PRISM_RULING.replace("It doesn't matter", "It does matter"), PRISM.name),
        (GROVE_RULING.replace("It does not matter", "It matters"), GROVE.name),
        # a question no part of the quoted cost asks
        (PRISM_RULING.replace("whether it's untapped", "whether it's a land"), PRISM.name),
        (PRISM_RULING.replace("whether it's untapped", "whether it's tapped"), PRISM.name),
        (PRISM_RULING.replace("has a storage counter", "has a charge counter"), PRISM.name),
        (GROVE_RULING.replace("whether you can pay 2 life", "whether you can pay 3 life"), GROVE.name),
        # another player
        (GROVE_RULING.replace("whether you control a creature", "whether an opponent controls a creature"), GROVE.name),
        # without the example that quotes the ability, the questions name nothing
        (
            PRISM_RULING[: PRISM_RULING.index(" For example")]
            + " It doesn't matter whether Glimmer Dunes has a storage counter on it.",
            PRISM.name,
        ),
    ],
)
def test_a_changed_question_or_an_affirmed_one_stays_uncovered(text, card):
    assert compiled(text, card)[0] is None


def test_an_example_giving_the_card_to_another_player_is_a_claim_to_read():
    """The rule's "you" controls the card: an example sentence in which another player controls it is
    a claim of its own (it could contradict the rule), read and never set aside."""
    swapped = PRISM_RULING.replace("and you control Test Prism", "and an opponent controls Test Prism")
    assert compiled(swapped, PRISM.name)[0] is None
