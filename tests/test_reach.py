"""Reach (CR 702.17) and flying (702.9b) on the reference engine, in hand-built states: a creature
with flying can be blocked by a creature with flying or reach, not by one with neither; a
creature without flying may be blocked by any. And the combat generator's ``blocker_keywords``
draws the defending player's creatures before blockers are declared."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from generators.combat import CombatSpec, combat_scenarios, has_keyword
from generators.scenery import is_scenery
from harness.profiles import FEW_DRAWS, register_profiles
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.decisions import DeclareBlockers
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, Step, pass_priority

BIRD = creature("Storm Crow", 1, 2, "Flying")
SPIDER = creature("Giant Spider", 2, 4, "Reach")
DRAKE = creature("Wind Drake", 2, 2, "Flying")


def at_blocks(attacker, *blockers):
    """Player 1 to declare blockers against ``attacker``."""
    b = StateBuilder()
    a = b.permanent(attacker, 0, tapped=True, attacking=P1)
    ids = [b.permanent(card, 1) for card in blockers]
    session = ReferenceEngine().start(b.build(turn=3, step=Step.DECLARE_ATTACKERS, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    assert isinstance(session.state().pending, DeclareBlockers)
    return session, a, ids


def block(blocker: str, attacker: str) -> Action:
    return Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((blocker, attacker),))


def test_flying_and_reach_are_supported():
    assert {Mechanic.FLYING, Mechanic.REACH} <= SUPPORTED


@pytest.mark.parametrize("card", [SPIDER, DRAKE], ids=["reach", "flying"])
def test_a_creature_with_reach_or_flying_blocks_a_flyer(card):
    session, bird, (blocker,) = at_blocks(BIRD, card)
    assert block(blocker, bird) in session.legal_actions()
    session.apply(block(blocker, bird))
    assert session.state().permanent(blocker).blocking == (bird,)  # type: ignore[union-attr]


def test_a_creature_with_neither_cannot_block_a_flyer():
    session, bird, (bear,) = at_blocks(BIRD, BEARS)
    assert block(bear, bird) not in session.legal_actions()
    before = session.state()
    with pytest.raises(ActionRefused):
        session.apply(block(bear, bird))
    assert session.state() == before


def test_a_creature_with_reach_blocks_one_without_flying_too():
    session, bear, (spider,) = at_blocks(BEARS, SPIDER)
    session.apply(block(spider, bear))
    assert session.state().permanent(spider).blocking == (bear,)  # type: ignore[union-attr]


register_profiles()


@settings(settings.get_profile(FEW_DRAWS))
@given(combat_scenarios(CombatSpec(steps=(Step.DECLARE_ATTACKERS,), blocker_keywords=("reach",))))
def test_blocker_keywords_draw_the_defending_players_creatures(scenario):
    state = scenario.state
    theirs = [
        p
        for p in state.battlefield
        if p.controller != scenario.params.player and not p.blocking and not is_scenery(state.data_of(p.id))
    ]
    creatures = [p for p in theirs if state.data_of(p.id).is_type("Creature")]
    assert creatures and has_keyword(state, creatures[0].id, "reach")
    assert all(not p.tapped for p in creatures)
