"""Regressions found auditing issue 16 (judging untrusted engines safely), beside the fault matrix:
odd but schema-valid counterexample states render, and rejected draws are not counted as
examples a claim could be tested in."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from harness.runner import run_case
from protocol.adapter import StateUnsupported
from protocol.probe import Scenario
from reports.html import render_report
from reports.junit import render_junit
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo

KEYS = st.sampled_from(
    ["players", "objects", "battlefield", "stack", "turn", "step", "cards", "hand", "library", "graveyard"]
    + ["exile", "id", "card", "owner", "controller", "tapped", "counters", "life", "name", "pending", "x"]
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**20) | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=30,
)
STATES = st.dictionaries(KEYS, JSON, max_size=8)


def _results(state: dict, after: dict | None) -> Results:
    record = ResultRecord(
        "e",
        "i",
        ("r",),
        "outcome",
        "fail",
        failure=Failure("m", counterexample=Counterexample(state=state), after=after),
    )
    run = RunInfo("s", "f", "ci", None, (EngineInfo("e", "1"),), "c", "0", 0.0)
    return Results.from_json(Results(run=run, results=(record,)).to_json())


@settings(suppress_health_check=list(HealthCheck))
@given(STATES, st.none() | STATES)
@example({"players": True, "objects": True, "battlefield": {}}, None)
@example({"objects": 5}, {"objects": "c1"})
def test_any_schema_valid_counterexample_state_renders(state: dict, after: dict | None) -> None:
    """Item 12: the report reads states defensively (a results file may come from anywhere)."""
    results = _results(state, after)
    assert "<html" in render_report(results).lower()
    render_junit(results)


def test_rejected_draws_are_not_examples_a_claim_was_tested_in() -> None:
    """Item 14: states the engine cannot load are counted apart, and the pass rule and the claim
    figures use the valid examples only."""
    from fault_engines import MatrixEngine
    from test_fault_matrix import _invariant

    class HalfLoads(MatrixEngine):
        def start(self, state):  # type: ignore[no-untyped-def]
            if state.turn % 2:
                raise StateUnsupported("odd turns are not loadable")
            return super().start(state)

    invariant = _invariant()
    from dataclasses import replace

    from fault_engines import matrix_state

    turns = st.integers(1, 1000).map(lambda n: Scenario(matrix_state().replace(turn=n), None))
    record = run_case("half", HalfLoads(), replace(invariant, scenarios=lambda: turns), profile="ci", seed=None)
    assert record.status == "pass", record.reason
    assert record.rejected > 0
    assert record.valid_examples == record.examples - record.rejected - record.set_aside
