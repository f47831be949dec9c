"""The generators of rebound, Class, play-from-exile and graveyard-sneak states: every drawn state
is consistent, round-trips through JSON, loads into the reference engine, and has what its
params promise; plus the CLI on one of their mutants."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given

from engines.reference import ReferenceEngine
from generators.classes import CLASS_STEPS, ClassSpec, class_scenarios
from generators.dimensions import classify
from generators.exile import ExileSpec, exile_permission_scenarios
from generators.rebound import TARGET_PLAYER, TARGETED, ReboundSpec, rebound_cast_scenarios, rebound_upkeep_scenarios
from generators.sneak import graveyard_sneak_scenarios
from protocol.consistency import problems
from protocol.model import GameState, Step, Zone
from reports.results import read_results

ENGINE = ReferenceEngine()


def sound(state: GameState) -> None:
    assert problems(state) == []
    assert GameState.from_json(state.to_json()) == state
    ENGINE.start(state)


@given(rebound_cast_scenarios(ReboundSpec(counter=True)))
def test_rebound_cast_states(scenario):
    state = scenario.state
    sound(state)
    assert scenario.params.card in state.player(scenario.params.player).hand
    assert state.active_player == scenario.params.player and state.step.is_main and not state.stack
    assert scenario.params.counter in state.player(1 - scenario.params.player).hand


@given(rebound_upkeep_scenarios())
def test_rebound_upkeep_states(scenario):
    state = scenario.state
    sound(state)
    card, player = scenario.params.card, scenario.params.player
    assert state.step is Step.UPKEEP and state.priority is None and state.active_player == player
    assert card in state.player(player).exile
    assert any(d.card == card and d.controller == player for d in state.delayed)


@given(rebound_upkeep_scenarios(ReboundSpec(targeted=True)))
def test_targeted_rebound_upkeep_states(scenario):
    """A targeted card's params say what it may target at the upkeep: a player (its text's
    "Target player"), or nothing legal ("Counter target spell." with an empty stack)."""
    state, params = scenario.state, scenario.params
    sound(state)
    text = state.data_of(params.card).text
    assert not state.stack and state.zone_of(params.card) is Zone.EXILE
    if params.kind == TARGET_PLAYER:
        assert params.target in ("player:0", "player:1") and not params.target_illegal
        assert text.startswith(f"Target player gains {params.life} life.")
    elif params.kind == TARGETED:
        assert params.target is None and params.target_illegal and params.life == 0
        assert text.startswith("Counter target spell.")
    else:
        assert params.target is None and not params.target_illegal
    assert classify(scenario)["target"] == (
        "legal" if params.target else "illegal" if params.target_illegal else "none"
    )


@given(exile_permission_scenarios(ExileSpec()))
def test_exile_permission_states(scenario):
    state = scenario.state
    sound(state)
    holder = scenario.params.holder
    assert state.priority == holder
    for card in scenario.params.cards:
        assert state.zone_of(card) is Zone.EXILE
        assert any(p.card == card and p.player == holder for p in state.permissions)
        assert state.data_of(card).is_type(scenario.params.kinds[card])


@given(exile_permission_scenarios(ExileSpec(via="shinobi")))
def test_fallen_shinobi_states(scenario):
    state = scenario.state
    sound(state)
    assert state.step is Step.COMBAT_DAMAGE and state.priority is None
    assert state.player(1 - scenario.params.holder).library[:2] == scenario.params.cards


@given(
    class_scenarios(
        ClassSpec(steps=CLASS_STEPS, anyone=True, swamps=(0, 3), opponent_class=True, in_hand=True, probe=True)
    )
)
def test_class_states(scenario):
    state = scenario.state
    sound(state)
    for card in scenario.params.classes + scenario.params.opponent_classes:
        perm = state.permanent(card)
        assert perm is not None and perm.class_level == scenario.params.levels[card]
    assert all(state.permanent(c).controller == scenario.params.player for c in scenario.params.classes)
    assert scenario.params.hand_class in state.player(scenario.params.player).hand


@given(class_scenarios(ClassSpec(in_hand=True, opponent_class=True)), class_scenarios(ClassSpec(graveyard_line=True)))
def test_classes_print_the_graveyard_lines_only_when_asked(plain, with_line):
    """The level 3 graveyard lines (Ninja Teen's sneak from the graveyard) are drawn only for a
    claim that reads them; a Class without them never takes Ninja Teen's name."""
    from generators.spell_cards import GRAVEYARD_PERMISSION

    def texts(scenario):
        ids = (
            scenario.params.classes
            + scenario.params.opponent_classes
            + ((scenario.params.hand_class,) if scenario.params.hand_class else ())
        )
        return [scenario.state.data_of(c) for c in ids]

    assert all(GRAVEYARD_PERMISSION not in c.text and c.name != "Ninja Teen" for c in texts(plain))
    assert all(GRAVEYARD_PERMISSION in c.text and "Level 3" in c.text for c in texts(with_line))


@given(graveyard_sneak_scenarios())
def test_graveyard_sneak_states(scenario):
    state = scenario.state
    sound(state)
    assert state.permanent(scenario.params.teen).class_level == scenario.params.teen_level
    assert all(c in state.player(scenario.params.player).graveyard for c in scenario.params.graveyard)


@pytest.mark.slow  # a whole mutant run in a subprocess: .ci/run runs it (the mutants stage kills every mutant too)
def test_cli_kills_a_rebound_mutant_with_the_ruling_it_breaks(tmp_path):
    out = tmp_path / "mutant"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "run",
            "--engine",
            "mutant:rebound-when-countered",
            "--profile",
            "ci",
            "--invariant",
            "rebound.not-resolving-goes-to-graveyard",
            "--out",
            str(out),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    (record,) = read_results(out / "results.json").results
    assert record.status == "fail" and record.rulings == ("rebound.not-resolving-goes-to-graveyard",)
    assert "graveyard" in record.failure.message
    assert any("cast" in step.action for step in record.failure.trace)
