"""Indestructible (CR 702.12) on the reference engine, in hand-built states: a creature with
indestructible dealt lethal damage (704.5g) or damage by a source with deathtouch (704.5h) stays
on the battlefield with that damage marked (702.12b); one with toughness 0 or less still goes to
the graveyard (704.5f: not destruction)."""

from __future__ import annotations

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import OGRE, P1, creature
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.mechanics import Mechanic
from protocol.model import Step, pass_priority

GOLEM = creature("Darksteel Sentinel", 2, 3, "Indestructible")
ASSASSIN = creature("Pit Assassin", 1, 1, "Deathtouch")
HOLLOW = creature("Hollow Shade", 1, 0, "Indestructible")


def fight(attacker, blocker):
    """``attacker`` blocked by ``blocker``, passed through combat damage; the state and their ids."""
    b = StateBuilder()
    a = b.permanent(attacker, 0, tapped=True, attacking=P1, blocked=True)
    d = b.permanent(blocker, 1, blocking=(a,))
    session = ReferenceEngine().start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    return check(session.state()), a, d


def test_indestructible_is_supported():
    assert Mechanic.INDESTRUCTIBLE in SUPPORTED


def test_lethal_damage_does_not_destroy_it():
    state, golem, ogre = fight(GOLEM, OGRE)
    survivor = state.permanent(golem)
    assert survivor is not None and survivor.damage == 5
    assert state.permanent(ogre) is not None


def test_deathtouch_damage_does_not_destroy_it():
    state, golem, assassin = fight(GOLEM, ASSASSIN)
    survivor = state.permanent(golem)
    assert survivor is not None and survivor.damage == 1
    assert assassin in state.player(1).graveyard


def test_without_indestructible_the_same_damage_destroys():
    state, bear, _ = fight(creature("Sentinel Bear", 2, 3), OGRE)
    assert bear in state.player(0).graveyard


def test_toughness_zero_still_puts_it_into_the_graveyard():
    b = StateBuilder()
    shade = b.permanent(HOLLOW, 0)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))  # the next step begins: state-based actions before priority (117.5)
    assert shade in session.state().player(0).graveyard
