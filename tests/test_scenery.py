"""The scenery: a second copy of one of the family's cards (the instances dimension), and its
tokens made cards for an engine without ``mechanic:tokens``."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from generators import cards
from generators.dimensions import classify
from generators.scenery import Scenery, put_twin, tokens_optional, twin_candidates, without_tokens
from generators.spell_cards import COUNTERSPELL
from protocol.builder import StateBuilder
from protocol.mechanics import Mechanic
from protocol.model import Zone
from protocol.probe import Scenario


def test_twin_copies_a_card_with_rules_text_into_its_owners_zone() -> None:
    b = StateBuilder()
    b.permanent(cards.basic_land("U"), 0)  # a basic land's text is its reminder: never copied
    b.put(COUNTERSPELL, 1, Zone.HAND)
    assert [data.name for _, data in twin_candidates(b)] == ["Counterspell"]
    twin = put_twin(b, Scenery().twin_zone, True, 5)
    state = b.build()
    assert twin is not None and twin in state.player(1).graveyard
    assert state.data_of(twin) == COUNTERSPELL
    assert classify(Scenario(state, None))["instances"] == "several"


def test_no_twin_without_a_candidate_or_a_zone() -> None:
    b = StateBuilder()
    b.put(COUNTERSPELL, 0, Zone.HAND)
    assert put_twin(b, None, True, 0) is None
    assert put_twin(b, Zone.GRAVEYARD, False, 0) is None


def token_scenario() -> Scenario[None]:
    b = StateBuilder()
    b.permanent(cards.creature(2, 2), 0, token=True)
    return Scenario(b.build(), None)


def token_scenarios() -> st.SearchStrategy[Scenario[None]]:
    return st.just(token_scenario())


@given(tokens_optional(token_scenarios, takes_allowed=False)(frozenset()))
def test_tokens_made_cards_where_the_engine_has_none(scenario: Scenario[None]) -> None:
    assert not any(o.token for o in scenario.state.objects)


@given(tokens_optional(token_scenarios, takes_allowed=False)(frozenset({Mechanic.TOKENS})))
def test_tokens_kept_where_the_engine_has_them(scenario: Scenario[None]) -> None:
    assert any(o.token for o in scenario.state.objects)


def test_without_tokens_keeps_everything_else() -> None:
    scenario = token_scenario()
    plain = without_tokens(scenario)
    assert [o.id for o in plain.state.objects] == [o.id for o in scenario.state.objects]
    assert plain.state.battlefield == scenario.state.battlefield
