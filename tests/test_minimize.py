"""The minimization pass: the reported counterexample keeps the failure and never grows."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engines.mutants import all_mutants
from generators.ninjutsu import NinjutsuSpec, ninjutsu_scenarios
from generators.search import search_scenarios
from generators.search_cards import SOURCE_KINDS
from generators.search_setup import SearchSetup
from harness.minimize import minimize, params_keep, same_failure
from harness.plan import compiled_suite, engine
from harness.replay import decode_params, replay_case
from harness.runner import run_case
from protocol import codec
from protocol.consistency import problems
from protocol.decisions import MayCast
from protocol.keywords import NINJUTSU
from protocol.model import GameState, Step
from protocol.probe import Scenario
from protocol.reduce import (
    named_in,
    object_count,
    referenced,
    removals,
    smaller_states,
    without,
)

COMBAT = ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, tuple(Step), observer=True))
SEARCH = search_scenarios(
    SearchSetup(kinds=SOURCE_KINDS, restriction="any", start="any", millikin=True, library=(0, 6))
)
STATES = st.one_of(COMBAT, SEARCH).map(lambda scenario: scenario.state)


def failing_check(threshold: int, name_part: str):  # type: ignore[no-untyped-def]
    """A stand-in for a check and an engine: "fails" while the state still has at least
    ``threshold`` objects and a card whose name contains ``name_part`` (not monotone in what is
    taken out: which objects stay matters)."""

    def fails(state: GameState) -> bool:
        return object_count(state) >= threshold and any(name_part in o.name for o in state.objects)

    return fails


@given(STATES, st.integers(0, 6), st.sampled_from(["Ninja", "Island", "Swamp", "Soldier", "a"]))
def test_minimization_keeps_the_failure_and_never_grows_the_state(state, threshold, name_part):
    fails = failing_check(threshold, name_part)
    if not fails(state):
        return
    result = minimize(state, fails, deadline=None)
    assert fails(result.state)  # the same failure recurs on what is reported
    assert problems(result.state) == []  # still a state a game can reach
    assert object_count(result.state) <= object_count(state)
    assert len(result.state.cards) <= len(state.cards)
    assert object_count(state) - object_count(result.state) >= len(result.removed)  # each removal took one or more
    assert result.complete
    # 1-minimal: no single object left can be taken out with the failure kept.
    assert not any(fails(smaller) for _, smaller in smaller_states(result.state))


@given(STATES)
def test_every_offered_removal_is_consistent_and_smaller(state):
    refs = referenced(state)
    for removal, smaller in smaller_states(state):
        assert problems(smaller) == []
        assert object_count(smaller) < object_count(state)
        assert removal.id not in refs or removal.kind == "stack"
        assert all(o.id != removal.id for o in smaller.objects) or removal.kind == "stack"


@given(COMBAT)
def test_objects_the_params_name_or_others_refer_to_stay(scenario):
    keep = params_keep(scenario.params)
    assert scenario.params.ninja in keep and scenario.params.returned in keep
    offered = {r.id for r in removals(scenario.state, keep)}
    assert not offered & keep
    for perm in scenario.state.battlefield:
        if perm.attacking is not None and perm.attacking.permanent is not None:
            assert perm.attacking.permanent not in offered


def test_a_removal_that_would_be_inconsistent_is_not_offered():
    from protocol.model import (
        CardData,
        CardInstance,
        PlayerState,
    )

    island = CardData("Island", ("Land",), subtypes=("Island",), supertypes=("Basic",), text="({T}: Add {U}.)")
    state = GameState(
        cards=(island,),
        objects=(CardInstance("c1", "Island", 1),),
        players=(PlayerState(0), PlayerState(1, exile=("c1",))),
        priority=None,
        pending=MayCast(1, cards=("c1",)),
    )
    (removal,) = removals(state)
    assert without(state, removal) is None  # the may-cast choice would name no card
    assert named_in({"a": ["c1", {"b": "c2"}], "n": 3}) == {"c1", "c2"}


# -- the pass in a run: on a mutant, through the exact replay -----------------------------------

MUTANT = "mutant:ninja-fires-attack-triggers"
INVARIANT = "ninjutsu.never-declared-attacker/ninjutsu/no-attack-trigger"


def test_a_run_reports_the_minimized_counterexample_and_keeps_the_original():
    invariant = compiled_suite().invariant(INVARIANT)
    assert MUTANT.split(":", 1)[1] in all_mutants()
    record = run_case(MUTANT, engine(MUTANT), invariant, profile="ci", seed=None)
    assert record.status == "fail"
    failure = record.failure
    assert failure is not None and failure.counterexample is not None and failure.original is not None
    shown = codec.from_jsonable(GameState, failure.counterexample.state, "$")
    original = codec.from_jsonable(GameState, failure.original.state, "$")
    assert object_count(shown) < object_count(original)
    assert failure.size == shown.size()
    params = decode_params(failure.counterexample)
    assert failure.counterexample.params == failure.original.params
    # The reported state fails the same way when replayed, and is 1-minimal ...
    again = replay_case(MUTANT, engine(MUTANT), invariant, Scenario(shown, params))
    assert same_failure(again, failure.message)
    for _, smaller in smaller_states(shown, params_keep(params)):
        assert not same_failure(
            replay_case(MUTANT, engine(MUTANT), invariant, Scenario(smaller, params)), failure.message
        )
    # ... and the correct engine passes it: taking objects out did not change what it means.
    assert replay_case("reference", engine("reference"), invariant, Scenario(shown, params)).status == "pass"
