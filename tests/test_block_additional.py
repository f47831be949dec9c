"""Blocking an additional creature (CR 509.1a): a creature blocks one attacker unless an effect
allows it to block additional creatures; the reference engine reads "This creature can block an
additional creature each combat." and lets such a blocker block two attackers, whose damage it
then divides (510.1d)."""

from __future__ import annotations

import pytest

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from generators.cards import BLOCKS_ADDITIONAL
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.decisions import AssignCombatDamage, DamageRecipient, DamageSource
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, Step, pass_priority

WALL = creature("Double Wall", 2, 5, BLOCKS_ADDITIONAL)
PLAIN_WALL = creature("Plain Wall", 2, 5)


def two_attackers(blocker_card):
    """Player 0's two 2/2s attack player 1, who has ``blocker_card`` untapped; player 1 declares
    blockers."""
    b = StateBuilder()
    first = b.permanent(BEARS, 0, tapped=True, attacking=P1)
    second = b.permanent(BEARS, 0, tapped=True, attacking=P1)
    wall = b.permanent(blocker_card, 1)
    state = b.build(turn=3, step=Step.DECLARE_ATTACKERS, priority=0)
    session = ReferenceEngine().start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    assert session.state().step is Step.DECLARE_BLOCKERS and session.state().pending is not None
    return session, first, second, wall


def test_the_mechanic_is_supported():
    assert Mechanic.BLOCK_ADDITIONAL in SUPPORTED


def test_a_creature_that_may_block_an_additional_creature_blocks_two():
    session, first, second, wall = two_attackers(WALL)
    session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((wall, first), (wall, second))))
    state = check(session.state())
    assert set(state.permanent(wall).blocking) == {first, second}  # type: ignore[union-attr]
    assert state.permanent(first).blocked and state.permanent(second).blocked  # type: ignore[union-attr]
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    # 510.1d: a blocker of two attackers divides its damage: the defending player is asked.
    pending = session.state().pending
    assert pending == AssignCombatDamage(
        1, (DamageSource(wall, 2, (DamageRecipient(first, 2), DamageRecipient(second, 2))),)
    )


@pytest.mark.parametrize("blocks", ["twice-the-same", "three"], ids=str)
def test_more_blocks_than_it_may_make_are_refused(blocks):
    session, first, second, wall = two_attackers(WALL)
    before = session.state()
    declared = ((wall, first), (wall, first)) if blocks == "twice-the-same" else ((wall, first), (wall, second))
    if blocks == "three":
        declared = (*declared, (wall, first))
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=declared))
    assert session.state() == before


def test_without_the_ability_a_creature_blocks_one():
    session, first, second, wall = two_attackers(PLAIN_WALL)
    with pytest.raises(ActionRefused, match="more attackers than it may block"):
        session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((wall, first), (wall, second))))
    session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((wall, second),)))
    assert session.state().permanent(wall).blocking == (second,)  # type: ignore[union-attr]
