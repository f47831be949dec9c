"""Requirements per drawn state: an invariant requires only what its claim needs; the optional
features of its drawn states (battles, planeswalkers, first strike, attack triggers ...) are drawn
only when the engine supports them, and the result names what was left out."""

from __future__ import annotations

from hypothesis import given, settings

from engines.reference import ReferenceEngine
from generators.combat import COMBAT_MECHANICS
from generators.ninjutsu import NINJUTSU_STEPS, NinjutsuSpec, ninjutsu_scenarios
from harness.optional import optional_support
from harness.profiles import FEW_DRAWS
from harness.runner import run_case
from protocol.adapter import Support
from protocol.keywords import NINJUTSU
from protocol.mechanics import Mechanic
from protocol.model import GameState, Step
from reports.html import render_report
from reports.results import ResultRecord, Results
from rulings.compile import compile_corpus
from tests.test_report_views import fail, run_info

SUITE = compile_corpus()
BY_ID = {inv.id: inv for inv in SUITE.invariants}
OFFERED = "ninjutsu.after-blockers/ninjutsu/offered-after-blockers"
REFUSED = "ninjutsu.after-blockers/ninjutsu/refused-before-blockers"
FIRST_STRIKE_STEP = "ninjutsu.first-strike-damage-step/ninjutsu/offered-in-first-strike-step"


class Lacking:
    """The reference engine, answering no to some mechanics; it remembers every state it was
    asked to load and every ``supports`` question."""

    version = ReferenceEngine.version

    def __init__(self, *lacking: str):
        self.name = "lacking-" + "-".join(m.removeprefix("mechanic:") for m in lacking)
        self.lacking = frozenset(lacking)
        self.reference = ReferenceEngine()
        self.loaded: list[GameState] = []
        self.asked: list[frozenset[str]] = []

    def supports(self, requires: frozenset[str]) -> Support:
        self.asked.append(frozenset(requires))
        missing = sorted(requires & self.lacking)
        return Support.no(f"this stand-in lacks {', '.join(missing)}") if missing else Support.yes()

    def start(self, state: GameState):  # type: ignore[no-untyped-def]
        self.loaded.append(state)
        return self.reference.start(state)


def _types(state: GameState) -> set[str]:
    return {t for p in state.battlefield for t in state.data_of(p.id).types}


def _has_first_or_double_strike(state: GameState) -> bool:
    return any(
        {"First strike", "Double strike"} & set(state.data_of(c).keywords)
        for c in [p.id for p in state.battlefield] + [c for pl in state.players for c in pl.hand]
    )


def test_combat_invariants_require_only_what_their_claim_needs():
    offered = BY_ID[OFFERED]
    assert not offered.requires & COMBAT_MECHANICS
    assert offered.optional == COMBAT_MECHANICS
    assert Mechanic.FIRST_STRIKE in BY_ID[FIRST_STRIKE_STEP].requires
    assert Mechanic.FIRST_STRIKE not in BY_ID[FIRST_STRIKE_STEP].optional


def test_an_engine_without_battles_still_gets_ninjutsu_verdicts():
    engine = Lacking(Mechanic.BATTLE)
    for invariant in (OFFERED, REFUSED):
        record = run_case(engine.name, engine, BY_ID[invariant], profile="ci", seed=None)
        assert record.status == "pass", (invariant, record.reason)
        assert record.left_out == (Mechanic.BATTLE,)
    assert engine.loaded
    assert not any("Battle" in _types(s) for s in engine.loaded)
    # the other optional features are still drawn: planeswalkers among them
    assert any("Planeswalker" in _types(s) for s in engine.loaded)


def test_an_engine_without_first_strike_gets_verdicts_over_states_without_it():
    engine = Lacking(Mechanic.FIRST_STRIKE)
    record = run_case(engine.name, engine, BY_ID[OFFERED], profile="ci", seed=None)
    assert record.status == "pass", record.reason
    assert record.left_out == (Mechanic.FIRST_STRIKE,)
    assert not any(s.step is Step.FIRST_STRIKE_DAMAGE for s in engine.loaded)
    assert not any(
        any("First strike" in state.data_of(p.id).keywords for p in state.battlefield) for state in engine.loaded
    )
    # an invariant whose claim needs first strike is unsupported, naming it
    needs = run_case(engine.name, engine, BY_ID[FIRST_STRIKE_STEP], profile="ci", seed=None)
    assert needs.status == "unsupported" and [u.requirement for u in needs.unmet] == [Mechanic.FIRST_STRIKE]


def test_supports_is_asked_once_per_optional_mechanic_and_engine():
    engine = Lacking(Mechanic.BATTLE)

    def asked(adapter, items):
        return adapter.supports(items)

    first = optional_support(engine, COMBAT_MECHANICS, asked)
    again = optional_support(engine, COMBAT_MECHANICS, asked)
    assert first == again and first.left_out == (Mechanic.BATTLE,)
    singles = [q for q in engine.asked if len(q) == 1]
    assert sorted(next(iter(q)) for q in singles) == sorted(COMBAT_MECHANICS)
    other = Lacking(Mechanic.BATTLE)  # another engine is asked anew
    optional_support(other, COMBAT_MECHANICS, asked)
    assert len(other.asked) == len(COMBAT_MECHANICS)


def test_a_failed_answer_about_an_optional_mechanic_is_an_error():
    class Broken(Lacking):
        def supports(self, requires):  # type: ignore[no-untyped-def]
            if requires == {Mechanic.BATTLE}:
                raise RuntimeError("boom")
            return super().supports(requires)

    engine = Broken()
    record = run_case(engine.name, engine, BY_ID[OFFERED], profile="ci", seed=None)
    assert record.status == "error" and "mechanic:battle" in (record.reason or "")


@settings(settings.get_profile(FEW_DRAWS))
@given(ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, NINJUTSU_STEPS), frozenset({Mechanic.SUMMONING_SICKNESS})))
def test_a_combat_state_holds_no_feature_that_is_not_allowed(scenario):
    state = scenario.state
    assert not {"Battle", "Planeswalker"} & _types(state)
    assert state.step is not Step.FIRST_STRIKE_DAMAGE and not state.first_strikers
    assert not _has_first_or_double_strike(state)
    assert not any("attacks" in state.data_of(p.id).text for p in state.battlefield)


def test_left_out_round_trips_and_shows_in_the_case_details():
    record = fail("lacking", "a/offered", "ninjutsu not offered")
    record = ResultRecord(**{**record.__dict__, "left_out": (Mechanic.BATTLE, Mechanic.FIRST_STRIKE)})
    results = Results(run_info("lacking"), results=(record,))
    again = Results.from_json(results.to_json())
    assert again.results[0].left_out == ("mechanic:battle", "mechanic:first-strike")
    html = render_report(results)
    assert "left out of the drawn states" in html and "<code>mechanic:battle</code>" in html
    # an older version 2 file without the field reads as nothing left out
    data = results.to_dict()
    del data["results"][0]["left_out"]
    assert Results.from_dict(data).results[0].left_out == ()
