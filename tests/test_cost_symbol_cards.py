"""{T}/{Q} rulings are templates over the ruling's own card: when the card has its own {T}/{Q}
ability of a shape the generators draw ("{T}: Add {G}.", "{Q}: You gain 2 life."), the
invariants' permanent is that card with that ability; a card without one (the seed pages' cards)
leaves the rule shown on stand-in permanents, as it holds for any permanent."""

from dataclasses import replace

import pytest
from hypothesis import given, settings

from engines.reference import ReferenceEngine
from generators.mana import AbilitySpec, own_ability
from harness.profiles import FEW_DRAWS
from harness.runner import run_case
from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, load_corpus

ELVES = CardData(
    "Llanowar Elves",
    ("Creature",),
    mana_cost="{G}",
    subtypes=("Elf", "Druid"),
    text="{T}: Add {G}.",
    power="1",
    toughness="1",
)
SPRING = CardData("Untap Spring", ("Artifact",), mana_cost="{2}", text="{Q}: You gain 2 life.")
PILI = CardData(
    "Pili-Pala",
    ("Artifact", "Creature"),
    mana_cost="{2}",
    subtypes=("Scarecrow",),
    text="Flying\n{2}, {Q}: Add one mana of any color.",
    power="1",
    toughness="1",
)


def seed(ruling_id: str) -> Ruling:
    return next(r for r in load_corpus() if r.id == ruling_id)


def compiled(ruling_id: str, card: CardData):
    ruling = replace(seed(ruling_id), id=f"other.{ruling_id}", cards=(card.name,))
    return compile_corpus(Corpus((ruling,)), CardPool({card.name: card}))


def test_own_abilities_are_read_from_the_oracle_text():
    assert own_ability(ELVES, "T") == AbilitySpec("T", symbol="G")
    assert own_ability(SPRING, "Q") == AbilitySpec("Q", life=2)
    assert own_ability(ELVES, "Q") is None
    assert own_ability(PILI, "Q") is None  # "{2}, {Q}": a cost the generators don't draw


@pytest.mark.parametrize(
    "ruling_id, card, symbol", [("costs.tap-symbol", ELVES, "T"), ("costs.untap-symbol", SPRING, "Q")]
)
def test_the_rulings_own_card_is_the_permanent(ruling_id, card, symbol):
    suite = compiled(ruling_id, card)
    (coverage,) = suite.coverage
    assert coverage.coverage == "template"
    inv = suite.invariant(f"other.{ruling_id}/offered-iff-payable")
    assert card.name in inv.description

    @settings(settings.get_profile(FEW_DRAWS))
    @given(inv.strategy())
    def draws(scenario):
        subject = scenario.params.sources[scenario.params.subject]
        data = scenario.state.data_of(subject.id)
        assert data.name == card.name and data.types == card.types
        assert data.text.splitlines()[0].startswith(f"{{{symbol}}}: ")
        assert data.text == card.text

    draws()


def test_a_focus_the_card_cannot_be_uses_a_stand_in():
    # Llanowar Elves is a creature: "a noncreature permanent can pay" is shown on a stand-in.
    suite = compiled("costs.tap-symbol", ELVES)
    inv = suite.invariant("other.costs.tap-symbol/sick-noncreature-can-pay")
    assert ELVES.name not in inv.description


def test_a_card_without_a_drawn_ability_keeps_the_stand_ins():
    suite = compiled("costs.untap-symbol", PILI)
    inv = suite.invariant("other.costs.untap-symbol/offered-iff-payable")
    assert PILI.name not in inv.description
    seed_inv = compile_corpus().invariant("costs.untap-symbol/offered-iff-payable")
    assert inv.requires == seed_inv.requires and inv.features == seed_inv.features


@pytest.mark.parametrize(
    "ruling_id, card, name",
    [
        ("costs.tap-symbol", ELVES, "offered-iff-payable"),
        ("costs.tap-symbol", ELVES, "sick-creature-cannot-pay"),
        ("costs.tap-symbol", ELVES, "paid-by-tapping"),
        ("costs.untap-symbol", SPRING, "already-untapped-cannot-pay"),
        ("costs.untap-symbol", SPRING, "sick-noncreature-can-pay"),
        ("costs.untap-symbol", SPRING, "paid-by-untapping"),
    ],
)
def test_own_card_invariants_pass_on_the_reference_engine(ruling_id, card, name):
    inv = compiled(ruling_id, card).invariant(f"other.{ruling_id}/{name}")
    record = run_case("reference", ReferenceEngine(), inv, profile="dev", seed=0)
    assert record.status == "pass", (record.status, record.reason)


@pytest.mark.parametrize(
    "ruling_id", ["mana.tap-for-mana", "mana.undefined-type", "mana.could-produce", "costs.x-in-etb-ability"]
)
def test_the_generic_mana_rulings_compile_for_any_card(ruling_id):
    suite = compiled(ruling_id, ELVES)
    (coverage,) = suite.coverage
    assert coverage.coverage == "template" and coverage.scope == "any card"
    suffixes = {i.split("/", 1)[1] for i in coverage.invariants}
    shipped = {i.id.split("/", 1)[1] for i in compile_corpus().invariants if ruling_id in i.rulings}
    assert suffixes == shipped


def test_a_contradicting_sentence_after_a_generic_ruling_stays_uncovered():
    ruling = seed("mana.tap-for-mana")
    text = ruling.text + " Tapping it for mana uses the stack, though."
    odd = replace(ruling, id="odd.tap", text=text, cards=(ELVES.name,))
    (coverage,) = compile_corpus(Corpus((odd,)), CardPool({ELVES.name: ELVES})).coverage
    assert coverage.coverage == "uncovered" and "uses the stack, though" in (coverage.reason or "")
