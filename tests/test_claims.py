"""Claims are counted per example, preconditions set examples aside, and a search that found no
deviation passes only when each claim was exercised often enough (else ``inconclusive``)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import strategies as st

from harness.profiles import CLAIM_RULES, ClaimRule, claim_rule
from harness.runner import run_case
from protocol.adapter import ActionRefused, Support
from protocol.model import GameState, PlayerState, pass_priority
from protocol.probe import IMPLICIT_CLAIM, Probe, Scenario, UndeclaredClaim
from reports.results import ResultRecord, Results, RulingRecord, RunInfo, exit_status
from rulings.invariant import Invariant


def _state(n: int) -> GameState:
    return GameState(cards=(), objects=(), players=(PlayerState(0, life=n), PlayerState(1)))


@dataclass(frozen=True)
class Count:
    n: int


def _scenarios():
    return st.integers(0, 1000).map(lambda n: Scenario(_state(n), Count(n)))


class _Session:
    def __init__(self, state: GameState):
        self._state = state

    def state(self) -> GameState:
        return self._state

    def legal_actions(self):
        return []

    def apply(self, action):
        raise ActionRefused("nothing is legal here")

    def close(self) -> None:
        pass


class _Engine:
    name, version = "fake", "0"

    def supports(self, requires):
        return Support.yes()

    def start(self, state):
        return _Session(state)


def _invariant(check, claims: tuple[str, ...] = ()) -> Invariant:
    return Invariant("fake/claims", ("fake.ruling",), "outcome", frozenset(), _scenarios, check, "test", claims=claims)


def _run(invariant: Invariant, profile: str = "ci") -> ResultRecord:
    return run_case("fake", _Engine(), invariant, profile=profile, seed=None)


def test_a_claim_reached_in_too_few_examples_is_inconclusive() -> None:
    def check(probe: Probe, scenario: Scenario) -> None:
        if scenario.params.n % 10 == 0:  # an early return in most examples: the claim is rarely tested
            probe.claim("rare")

    record = _run(_invariant(check, ("rare",)))
    assert record.status == "inconclusive"
    assert record.claims["rare"] < CLAIM_RULES["ci"].needed(record.valid_examples)
    assert "'rare'" in record.reason and ">= 20" in record.reason
    # Like unsupported, it is no deviation; a run that judged nothing else is not green (exit 3).
    assert exit_status(Results(run=_run_info(), results=(record,))) == 3


def test_a_claim_reached_often_enough_passes() -> None:
    def check(probe: Probe, scenario: Scenario) -> None:
        if scenario.params.n % 2 == 0:
            probe.claim("often")
        probe.claim("always")

    record = _run(_invariant(check, ("often", "always")))
    assert record.status == "pass", record.reason
    assert record.claims["always"] == record.examples
    assert 20 <= record.claims["often"] < record.examples


def test_a_declared_claim_never_reached_is_counted_as_zero() -> None:
    record = _run(_invariant(lambda probe, scenario: probe.claim("a"), ("a", "never")))
    assert record.status == "inconclusive"
    assert record.claims["never"] == 0 and record.claims["a"] == record.examples


def test_an_undeclared_claim_is_an_error() -> None:
    record = _run(_invariant(lambda probe, scenario: probe.claim("typo"), ("declared",)))
    assert record.status == "error"
    assert "UndeclaredClaim" in record.reason and "typo" in record.reason
    with pytest.raises(UndeclaredClaim):
        Probe(_Session(_state(1)), claims=()).claim("anything")


def test_no_declared_claims_count_the_implicit_claim() -> None:
    record = _run(_invariant(lambda probe, scenario: None))
    assert record.status == "pass"
    assert record.claims == {IMPLICIT_CLAIM: record.examples}


def test_set_aside_examples_are_counted_and_excluded_from_the_valid_ones() -> None:
    def check(probe: Probe, scenario: Scenario) -> None:
        probe.precondition(scenario.params.n % 3 != 0, "n is a multiple of 3")
        probe.claim("tested")

    record = _run(_invariant(check, ("tested",)))
    assert record.status == "pass", record.reason
    assert record.set_aside > 0 and record.rejected == 0
    assert record.claims["tested"] == record.valid_examples == record.examples - record.set_aside


def test_every_example_set_aside_is_inconclusive() -> None:
    def check(probe: Probe, scenario: Scenario) -> None:
        probe.precondition(False, "never the case")

    record = _run(_invariant(check))
    assert record.status == "inconclusive"
    assert record.set_aside == record.examples > 0
    assert "never the case" in record.reason


def test_a_refused_move_the_check_takes_as_legal_is_a_failure() -> None:
    def check(probe: Probe, scenario: Scenario) -> None:
        probe.apply(pass_priority(0))

    record = _run(_invariant(check))
    assert record.status == "fail"
    assert "refused" in record.failure.observed


def test_claim_rules() -> None:
    rule = ClaimRule(min_examples=20, min_share=0.25)
    assert rule.needed(100) == 25 and rule.needed(40) == 20
    assert rule.needed(8) == 8  # fewer valid examples than the minimum: every one
    assert rule.needed(0) == 1  # nothing valid can never pass
    assert rule.shortfalls(100, {"a": 25, "b": 24}) == ["claim 'b' exercised in 24 of 100 valid examples (needs 25)"]
    assert CLAIM_RULES["dev"].min_examples < CLAIM_RULES["ci"].min_examples < CLAIM_RULES["thorough"].min_examples
    assert claim_rule("ci") == CLAIM_RULES["ci"] and "20" in str(claim_rule("ci"))


def test_invariant_claims_are_validated() -> None:
    with pytest.raises(ValueError, match="distinct"):
        _invariant(lambda p, s: None, ("a", "a"))
    with pytest.raises(ValueError, match="reason"):
        Invariant(
            "x", (), "outcome", frozenset(), _scenarios, lambda p, s: None, "d", exempt_controls=(("refuses-all", " "),)
        )
    assert _invariant(lambda p, s: None).counted_claims == (IMPLICIT_CLAIM,)


# -- results schema version 2 -----------------------------------------------------------------


def _run_info() -> RunInfo:
    return RunInfo(
        "2026-12-01T00:00:00+00:00",
        "2026-12-01T00:00:01+00:00",
        "ci",
        None,
        (),
        "x",
        "0",
        1.0,
        pass_rule=str(claim_rule("ci")),
    )


def _v2() -> Results:
    records = (
        ResultRecord(
            "e", "a", ("r",), "outcome", "pass", examples=100, set_aside=3, rejected=2, claims={"x": 95, "y": 40}
        ),
        ResultRecord(
            "e",
            "b",
            ("r",),
            "legality",
            "inconclusive",
            examples=100,
            claims={"z": 3},
            reason="claim 'z' exercised in 3 of 100 valid examples (needs 25)",
        ),
    )
    ruling = RulingRecord("r", "A ruling.", coverage="bound", invariants=("a", "b"))
    return Results(run=_run_info(), rulings=(ruling,), results=records)


def test_version_2_round_trip() -> None:
    results = _v2()
    data = json.loads(results.to_json())
    assert data["version"] == 4  # the claim counts came with version 2; versions 3 and 4 keep them
    assert data["results"][0]["claims"] == {"x": 95, "y": 40} and data["results"][0]["set_aside"] == 3
    assert data["totals"]["inconclusive"] == 1
    assert Results.from_json(results.to_json()) == results


def test_version_1_files_are_still_read() -> None:
    data = json.loads(_v2().to_json())
    data["version"] = 1
    data["results"] = [data["results"][0]]
    for key in ("set_aside", "rejected", "claims"):
        del data["results"][0][key]
    del data["run"]["pass_rule"]
    data["totals"] = {"pass": 1, "fail": 0, "unsupported": 0, "error": 0}  # v1 had four statuses
    results = Results.from_json(json.dumps(data))
    record = results.results[0]
    assert record.status == "pass" and record.claims == {} and record.set_aside == 0
    assert results.run.pass_rule is None


def test_report_shows_claims_and_inconclusive() -> None:
    from reports.html import render_report

    html = render_report(_v2())
    assert 'id="inconclusive"' in html and "Inconclusive (1)" in html
    assert "z 3/100" in html and "set aside 3, rejected 2" in html
    assert "each claim exercised in &gt;= 20 examples" in html
