"""The general combat generator (``generators.combat``): what it draws beyond the ninjutsu
family's boards (the registry's combat keywords, gang blocks, a creature blocking two, damage
already marked) is consistent, legal under the keyword registry's blocking rules, loaded by the
reference engine wherever the engine supports what it holds, and reached in a measured share of
the ``ci`` examples."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import Phase, given, settings

from engines.reference import SUPPORTED, ReferenceEngine
from generators import cards
from generators.combat import (
    BY_PLAY_STEPS,
    COMBAT_MECHANICS,
    DRAWN_KEYWORDS,
    FEATURES,
    CombatParams,
    CombatSpec,
    combat_scenarios,
)
from generators.features import MIN_REACH, observed
from generators.ninjutsu import NinjutsuParams
from generators.records import record_id
from harness.feature_reach import case_seed
from harness.profiles import profile_settings
from harness.replay import decode_params
from protocol import consistency
from protocol.adapter import EngineError
from protocol.builder import StateBuilder
from protocol.codec import to_jsonable
from protocol.keyword_registry import keyword_ability
from protocol.mechanics import Mechanic
from protocol.model import AFTER_BLOCKERS_STEPS, GameState, Step
from protocol.probe import Scenario
from reports.results import Counterexample

AFTER_BLOCKERS = tuple(s for s in Step if s in AFTER_BLOCKERS_STEPS)
#: Every option of the general generator on: in the steps after blockers (where blocks are), and
#: anywhere in the turn.
SPECS = {
    "after-blockers": CombatSpec(AFTER_BLOCKERS, keywords=True, gang_blocks=True, marked_damage=True),
    "any-step": CombatSpec(tuple(Step), keywords=True, gang_blocks=True, marked_damage=True),
}


@cache
def drawn(spec_name: str, engine: str) -> tuple[Scenario[CombatParams], ...]:
    """The scenarios a ``ci`` run draws for ``spec_name`` (generation only, a seed of its own),
    holding the optional mechanics of the spec that ``engine`` supports ("all": every one)."""
    spec = SPECS[spec_name]
    allowed = spec.optional if engine == "all" else spec.optional & SUPPORTED
    out: list[Scenario[CombatParams]] = []

    @settings(profile_settings("ci"), database=None, phases=[Phase.generate])
    @given(combat_scenarios(spec, allowed))
    def draw_all(scenario: Scenario[CombatParams]) -> None:
        out.append(scenario)

    draw_all._hypothesis_internal_use_seed = case_seed(f"combat:{spec_name}:{engine}")  # type: ignore[attr-defined]
    draw_all()
    return tuple(out)


def _blockers(state: GameState, attacker: str) -> list[str]:
    return [p.id for p in state.battlefield if attacker in p.blocking]


def _keywords(state: GameState, card_id: str) -> set[str]:
    return {k.lower() for k in state.data_of(card_id).keywords}


@pytest.mark.parametrize("spec_name", SPECS)
def test_states_are_consistent_and_load_in_the_reference_engine(spec_name: str) -> None:
    scenarios = drawn(spec_name, "reference")
    assert len(scenarios) >= 50
    for scenario in scenarios:
        state, params = scenario.state, scenario.params
        consistency.check(state)
        ReferenceEngine().start(state).close()
        assert params.player == state.active_player
        if params.by_play:
            assert state.step is Step.DECLARE_BLOCKERS and Step(params.step) in BY_PLAY_STEPS
        else:
            assert str(state.step) == params.step


@pytest.mark.parametrize("spec_name", SPECS)
def test_blocks_are_legal_under_the_registry_blocking_rules(spec_name: str) -> None:
    """Every mechanic allowed (flying and blocking two included, which the reference engine does
    not read): a creature with flying is blocked only by creatures with flying or reach (702.9b),
    one with menace by two or more (702.111b), and a creature blocks two attackers only with an
    ability that lets it (509.1a)."""
    for scenario in drawn(spec_name, "all"):
        state = scenario.state
        consistency.check(state)
        for attacker in state.attackers():
            blockers = _blockers(state, attacker.id)
            for name in _keywords(state, attacker.id):
                keyword = keyword_ability(name)
                if blockers and keyword.blockable_by:
                    assert all(_keywords(state, b) & set(keyword.blockable_by) for b in blockers), state.to_json()
                assert not blockers or len(blockers) >= keyword.min_blockers, state.to_json()
        for perm in state.battlefield:
            assert len(perm.blocking) <= 2
            if len(perm.blocking) == 2:
                assert cards.BLOCKS_ADDITIONAL in state.data_of(perm.id).text.splitlines()
            # 704.5g: lethal damage would have destroyed it
            assert perm.damage == 0 or perm.damage < int(state.data_of(perm.id).toughness or 0)


def test_the_reference_engine_refuses_what_it_does_not_read() -> None:
    """The reference engine loads the drawn states holding flying and reach (702.9b, 702.17b) and
    a creature blocking two (509.1a), which it implements; a card with a keyword the registry
    lists but no component of the engine reads (flash) is refused as any card it cannot read: the
    registry lists a keyword, the engine still says what it implements."""
    flying = loaded = 0
    for scenario in drawn("after-blockers", "all"):
        state = scenario.state
        lines = {line for c in state.cards for line in c.text.splitlines()}
        if "Flying" in lines or any(len(p.blocking) == 2 for p in state.battlefield):
            ReferenceEngine().start(state).close()
            flying += "Flying" in lines
            loaded += 1
    assert flying and loaded
    assert {Mechanic.FLYING, Mechanic.REACH, Mechanic.BLOCK_ADDITIONAL} <= SUPPORTED
    b = StateBuilder()
    b.permanent(cards.creature(2, 2, keywords=("flash",)), 0)
    with pytest.raises(EngineError, match="cannot read"):
        ReferenceEngine().start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))


#: The dimensions the general generator adds, and the least share of ``ci`` examples each must
#: be drawn in, by spec and engine ("all": every mechanic allowed).
ADDED = {
    ("after-blockers", "all"): (
        "gang-block",
        "blocks-several",
        "marked-damage",
        "attacks-planeswalker",
        "attacks-battle",
        *(f"{side}-keyword:{k.name}" for k in DRAWN_KEYWORDS for side in ("attacker", "blocker")),
        *(f"blocked-despite:{k.name}" for k in DRAWN_KEYWORDS if k.blockable_by or k.min_blockers > 1),
        *(f"step:{s}" for s in AFTER_BLOCKERS),
    ),
    ("after-blockers", "reference"): (
        "gang-block",
        "marked-damage",
        "attacker-keyword:menace",
        "blocked-despite:menace",
        "first-strike-blocker-only",
    ),
    ("any-step", "all"): ("marked-damage", "attacker-keyword:flying", "attacker-keyword:menace"),
}


@pytest.mark.parametrize("key", ADDED, ids=[f"{s}-{e}" for s, e in ADDED])
def test_added_dimensions_are_reached_under_ci(key: tuple[str, str]) -> None:
    scenarios = drawn(*key)
    counts: Counter[str] = Counter()
    for scenario in scenarios:
        counts.update(observed(scenario, FEATURES, ADDED[key]))
    short = [f"{n}: {counts[n]} of {len(scenarios)}" for n in ADDED[key] if counts[n] < MIN_REACH * len(scenarios)]
    assert not short, short


def test_options_off_draw_none_of_the_added_dimensions() -> None:
    """Without ``keywords``, ``gang_blocks`` and ``marked_damage`` (the ninjutsu family's boards)
    none of what they add is drawn, whatever the engine supports."""
    spec = CombatSpec(AFTER_BLOCKERS)
    assert spec.optional == COMBAT_MECHANICS
    seen: Counter[str] = Counter()
    added = ("blocks-several", "marked-damage", *(f"attacker-keyword:{k.name}" for k in DRAWN_KEYWORDS))

    @settings(profile_settings("ci"), database=None, phases=[Phase.generate])
    @given(combat_scenarios(spec, COMBAT_MECHANICS | {Mechanic.FLYING, Mechanic.MENACE, Mechanic.BLOCK_ADDITIONAL}))
    def draw_all(scenario: Scenario[Any]) -> None:
        seen.update(observed(scenario, FEATURES, added))

    draw_all._hypothesis_internal_use_seed = case_seed("combat:options-off")  # type: ignore[attr-defined]
    draw_all()
    assert not seen


def test_results_naming_the_old_module_still_replay() -> None:
    """Results written before the ninjutsu family had its own module name its params type
    ``generators.combat:NinjutsuParams``: they decode into the same record, as do new ones (the
    record's stable id)."""
    params = NinjutsuParams(
        ninja="c5", ninjas=("c5",), returned="c1", blocked=None, player=0, variant="ninjutsu", step="combat-damage"
    )
    for stored_type in ("generators.combat:NinjutsuParams", record_id(params)):
        stored = Counterexample(state={}, params=to_jsonable(params), params_type=stored_type)
        assert decode_params(stored) == params
