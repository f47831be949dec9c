"""Trample (CR 702.19) on the reference engine, in hand-built states: the attacking player is asked
how a blocked trampler with damage to spare divides it; lethal damage to every blocker first
(counting damage already marked and damage the player's other creatures assign in the same
step), the excess to what it attacks; a blocked trampler with no blockers left deals all its
damage to what it attacks (702.19d)."""

from __future__ import annotations

import pytest

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from generators.cards import BLOCKS_ADDITIONAL
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.decisions import AssignCombatDamage, DamageRecipient, DamageSource, Trample
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority

TRAMPLER = creature("Charging Beast", 5, 5, "Trample")
DOUBLE_TRAMPLER = creature("Twin Beast", 4, 4, "Double strike\nTrample")
PLAIN_DOUBLE = creature("Twin Soldier", 4, 4, "Double strike")
WALL = creature("Double Wall", 1, 3, BLOCKS_ADDITIONAL)


def assign(*damage: tuple[str, str, int]) -> Action:
    return Action(ActionKind.ASSIGN_DAMAGE, 0, damage=damage)


def damage_of(events) -> list[tuple[str | None, str | None, int | None]]:
    return sorted((e.card, e.target, e.amount) for e in events if e.kind is EventKind.DAMAGE)


def into_damage(state):
    """Load ``state`` (declare blockers, player 0 with priority) and pass into combat damage."""
    session = ReferenceEngine().start(state)
    events = session.apply(pass_priority(0))
    events += session.apply(pass_priority(1))
    return session, events


def trampler_blocked_by(*blockers, marked: int = 0):
    b = StateBuilder()
    beast = b.permanent(TRAMPLER, 0, tapped=True, attacking=P1, blocked=True)
    ids = [b.permanent(card, 1, blocking=(beast,), damage=marked if i == 0 else 0) for i, card in enumerate(blockers)]
    return b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0), beast, ids


def test_trample_is_supported():
    assert Mechanic.TRAMPLE in SUPPORTED


def test_a_trampler_with_damage_to_spare_is_divided_by_its_controller():
    state, beast, (bear,) = trampler_blocked_by(BEARS)
    session, events = into_damage(state)
    assert damage_of(events) == []
    assert session.state().pending == AssignCombatDamage(
        0,
        (
            DamageSource(
                beast, 5, (DamageRecipient(bear, 2),), trample=Trample.TRAMPLE, beyond=(DamageRecipient("player:1"),)
            ),
        ),
    )
    events = session.apply(assign((beast, bear, 2), (beast, "player:1", 3)))
    assert damage_of(events) == sorted([(beast, bear, 2), (beast, "player:1", 3), (bear, beast, 2)])
    after = check(session.state())
    assert after.player(1).life == 17 and bear in after.player(1).graveyard


def test_damage_to_the_player_before_lethal_to_every_blocker_is_refused():
    state, beast, (first, second) = trampler_blocked_by(BEARS, BEARS)
    session, _ = into_damage(state)
    before = session.state()
    with pytest.raises(ActionRefused, match=r"702\.19b"):
        session.apply(assign((beast, first, 2), (beast, second, 1), (beast, "player:1", 2)))
    assert session.state() == before
    # The excess may also stay on the blockers (702.19b: "among those blocking creatures").
    session.apply(assign((beast, first, 4), (beast, second, 1)))
    assert session.state().player(1).life == 20


def test_lethal_damage_counts_damage_already_marked():
    state, beast, (bear,) = trampler_blocked_by(creature("Tough Bear", 2, 4), marked=3)
    session, _ = into_damage(state)
    (source,) = session.state().pending.sources  # type: ignore[union-attr]
    assert source.creatures == (DamageRecipient(bear, 1),)
    session.apply(assign((beast, bear, 1), (beast, "player:1", 4)))
    assert session.state().player(1).life == 16


def test_lethal_damage_counts_what_another_attacker_assigns_the_same_blocker():
    """A 1/3 blocking both the trampler and a 2/2 (which assigns its 2 to it without a choice)
    needs only 1 more from the trampler (702.19b)."""
    b = StateBuilder()
    beast = b.permanent(TRAMPLER, 0, tapped=True, attacking=P1, blocked=True)
    bear = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    wall = b.permanent(WALL, 1, blocking=(beast, bear))
    session, _ = into_damage(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    pending = session.state().pending
    assert isinstance(pending, AssignCombatDamage)
    (source,) = [s for s in pending.sources if s.source == beast]
    assert source.creatures == (DamageRecipient(wall, 1),)
    session.apply(assign((beast, wall, 1), (beast, "player:1", 4)))
    # The defending player divides the wall's damage between the attackers it blocks (510.1d).
    state = session.state()
    if isinstance(state.pending, AssignCombatDamage):
        session.apply(Action(ActionKind.ASSIGN_DAMAGE, 1, damage=((wall, bear, 1),)))
    assert session.state().player(1).life == 16 and wall in session.state().player(1).graveyard


def test_no_damage_to_spare_nothing_is_asked():
    state, beast, (wall,) = trampler_blocked_by(creature("Big Wall", 0, 6))
    session, events = into_damage(state)
    assert session.state().pending is None
    assert damage_of(events) == [(beast, wall, 5)]


@pytest.mark.parametrize("card, dealt", [(DOUBLE_TRAMPLER, 4), (PLAIN_DOUBLE, 0)], ids=["trample", "no-trample"])
def test_a_blocked_trampler_whose_blockers_died_hits_the_player(card, dealt):
    """702.19d and 510.1c: first-strike damage destroys the blocker; in the regular step the
    trampler assigns all its damage to the player, a creature without trample none."""
    b = StateBuilder()
    attacker = b.permanent(card, 0, tapped=True, attacking=P1, blocked=True)
    bear = b.permanent(BEARS, 1, blocking=(attacker,))
    session = ReferenceEngine().start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    state = session.state()
    assert state.step is Step.FIRST_STRIKE_DAMAGE
    if isinstance(state.pending, AssignCombatDamage):
        session.apply(assign((attacker, bear, 4)))
    assert bear in session.state().player(1).graveyard
    session.apply(pass_priority(0))
    events = session.apply(pass_priority(1))
    assert session.state().step is Step.COMBAT_DAMAGE
    assert damage_of(events) == ([(attacker, "player:1", dealt)] if dealt else [])
    assert session.state().player(1).life == 20 - dealt
