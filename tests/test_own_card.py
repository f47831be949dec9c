"""Ninjutsu-family invariants draw the ruling's own card as the Ninja: its name, types, mana
cost, power and toughness and its keyword cost come from the card pool, not from a stand-in."""

import pytest
from hypothesis import given, settings

from generators.cards import keyword_cost
from harness.profiles import FEW_DRAWS
from protocol.model import CardData, parse_mana_cost
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha

DEEP_HOURS = CardData(
    "Ninja of the Deep Hours",
    ("Creature",),
    mana_cost="{3}{U}",
    subtypes=("Human", "Ninja"),
    text="Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put this card onto the "
    "battlefield from your hand tapped and attacking.)\nWhenever Ninja of the Deep Hours deals combat damage to a "
    "player, you may draw a card.",
    power="2",
    toughness="2",
    keywords=("Ninjutsu",),
)
TEXT = (
    "The ninjutsu ability can be activated only after blockers have been declared. Before then, attacking "
    "creatures are neither blocked nor unblocked."
)


def test_keyword_cost_reads_the_cost_after_the_keyword():
    assert keyword_cost(DEEP_HOURS, "ninjutsu") == "{1}{U}"
    assert keyword_cost(DEEP_HOURS, "library ninjutsu") is None
    hybrid = CardData("H", ("Creature",), text="Ninjutsu {U/B} (...)")
    assert keyword_cost(hybrid, "ninjutsu") is None  # basic lands cannot pay it: a stand-in is drawn


def test_a_ruling_of_another_ninja_draws_that_ninja_with_its_own_costs():
    ruling = Ruling("deep.after", TEXT, ruling_sha(TEXT), (DEEP_HOURS.name,), ("test",), (), (), "executable")
    suite = compile_corpus(Corpus((ruling,)), CardPool({DEEP_HOURS.name: DEEP_HOURS}))
    (coverage,) = suite.coverage
    assert coverage.coverage == "template" and coverage.invariants
    for invariant_id in coverage.invariants:
        inv = suite.invariant(invariant_id)

        @settings(settings.get_profile(FEW_DRAWS))
        @given(inv.strategy())
        def draws(scenario):
            ninja = scenario.state.data_of(scenario.params.ninja)
            assert ninja.name == DEEP_HOURS.name
            assert (ninja.types, ninja.subtypes, ninja.mana_cost) == (("Creature",), ("Human", "Ninja"), "{3}{U}")
            assert (ninja.power, ninja.toughness) == ("2", "2")
            assert ninja.text.splitlines()[0] == "Ninjutsu {1}{U}"
            # The lands pay the card's own ninjutsu cost, {1}{U}.
            assert parse_mana_cost(keyword_cost(ninja, "ninjutsu") or "") == parse_mana_cost("{1}{U}")

        draws()


@pytest.mark.parametrize(
    "invariant_id, name",
    [
        ("ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target", "Fallen Shinobi"),
        ("library-ninjutsu.damage-timing/library-ninjutsu/offered-in-window", "Panglacial Shinobi"),
    ],
)
def test_seed_rulings_draw_their_own_cards(invariant_id, name):
    inv = compile_corpus().invariant(invariant_id)

    @settings(settings.get_profile(FEW_DRAWS))
    @given(inv.strategy())
    def draws(scenario):
        assert scenario.state.data_of(scenario.params.ninja).name == name

    draws()
