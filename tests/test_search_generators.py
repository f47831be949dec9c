"""The search-state generators: consistent states that round-trip through JSON and load into the
reference engine unchanged, the scenario params they promise, and shrinking toward short libraries."""

from __future__ import annotations

from hypothesis import find, given

from engines.reference import ReferenceEngine
from generators.ninjutsu import NINJUTSU_STEPS, NinjutsuSpec, ninjutsu_scenarios
from generators.search import search_scenarios
from generators.search_cards import ABILITY, BRIBERY, INSTANT, LOOK, RESTRICTED_TO, SORCERY, SOURCE_KINDS
from generators.search_setup import SearchSetup
from protocol.consistency import problems
from protocol.keywords import LIBRARY_NINJUTSU
from protocol.model import GameState, Step
from protocol.observability import blind

ENGINE = ReferenceEngine()
EVERYTHING = SearchSetup(kinds=SOURCE_KINDS, restriction="any", start="any", millikin=True, library=(0, 6))


def loads_unchanged(state: GameState) -> None:
    assert problems(state) == []
    assert GameState.from_json(state.to_json()) == state
    assert blind(ENGINE.start(state).state(), {"characteristics"}) == state


@given(search_scenarios(EVERYTHING))
def test_search_states_are_consistent_round_trip_and_load(scenario):
    state = scenario.state
    loads_unchanged(state)
    searcher, owner = scenario.params.search.searcher, scenario.params.search.library
    assert owner == (1 - searcher if scenario.params.search.kind == BRIBERY else searcher)
    if scenario.params.search.start == "pending":
        search = state.pending.search
        assert state.priority is None and search.searcher == searcher and search.library == owner
        assert search.resolving == state.stack[-1].id and search.source == scenario.params.search.source
        library = state.player(owner).library
        assert (
            search.candidates
            == (library[:RESTRICTED_TO] if scenario.params.search.restricted else library)[: len(search.candidates)]
        )
        assert state.player(searcher).searched_library == (scenario.params.search.kind != LOOK)
    else:
        assert state.priority == searcher and state.pending is None and not state.stack
        if scenario.params.search.kind in (SORCERY, BRIBERY):
            assert state.active_player == searcher and state.step.is_main


@given(
    search_scenarios(
        SearchSetup(
            kinds=(SORCERY, INSTANT, BRIBERY, ABILITY),
            restriction="opponent",
            library=(0, 6),
            sought_below=True,
            sought_above=True,
        )
    )
)
def test_sought_cards_above_and_below_the_fourth(scenario):
    state = scenario.state
    library = state.player(scenario.params.search.library).library
    assert (
        len(library) > RESTRICTED_TO
        and scenario.params.search.restricted
        and scenario.params.search.visible == RESTRICTED_TO
    )
    wanted = scenario.params.search.card_filter

    def sought(card_id):
        data = state.data_of(card_id)
        return wanted is None or all(w in {x.lower() for x in data.supertypes + data.types} for w in wanted.split())

    assert any(sought(c) for c in library[RESTRICTED_TO:]) and any(sought(c) for c in library[:RESTRICTED_TO])


@given(ninjutsu_scenarios(NinjutsuSpec(LIBRARY_NINJUTSU, NINJUTSU_STEPS, search=EVERYTHING, min_ninjas=2)))
def test_combat_search_states_hold_library_ninjas_and_a_search(scenario):
    state = scenario.state
    loads_unchanged(state)
    player = scenario.params.player
    assert scenario.params.search.searcher == player == state.active_player
    assert set(scenario.params.ninjas) <= set(state.player(player).library) and len(scenario.params.ninjas) >= 2
    assert state.unblocked_attackers(player)
    if scenario.params.search.start != "pending":
        assert scenario.params.search.kind in (INSTANT, ABILITY, LOOK)


def test_search_states_shrink_toward_short_libraries():
    smallest = find(
        search_scenarios(SearchSetup(kinds=SOURCE_KINDS, restriction="any", library=(0, 6))), lambda s: True
    )
    assert smallest.params.search.kind == SOURCE_KINDS[0] and smallest.state.size() == 1  # the land paying for it
    assert not any(p.library for p in smallest.state.players) and smallest.state.pending is None
    below = find(
        search_scenarios(SearchSetup(kinds=(SORCERY,), restriction="opponent", sought_below=True, library=(0, 6))),
        lambda s: True,
    )
    assert len(below.state.player(below.params.search.library).library) == RESTRICTED_TO + 1
    assert below.state.step is Step.PRECOMBAT_MAIN
