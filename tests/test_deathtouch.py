"""Deathtouch (CR 702.2) on the reference engine, in hand-built states: a creature dealt any
nonzero damage by a source with deathtouch is destroyed by the next check of state-based actions
(702.2b, 704.5h), whichever side deals it; a blocked creature with deathtouch and trample needs to
assign only 1 damage to each blocker before the rest may go to what it attacks (702.2c)."""

from __future__ import annotations

import pytest

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.decisions import AssignCombatDamage
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority

ASSASSIN = creature("Pit Assassin", 1, 1, "Deathtouch")
TRAMPLING_ASSASSIN = creature("Trampling Assassin", 4, 4, "Deathtouch\nTrample")
WALL = creature("Stone Wall", 0, 5)
GIANT = creature("Hill Giant", 3, 5)


def damage_of(events) -> list[tuple[str | None, str | None, int | None]]:
    return sorted((e.card, e.target, e.amount) for e in events if e.kind is EventKind.DAMAGE)


def into_damage(state):
    """Load ``state`` (declare blockers, player 0 with priority) and pass into combat damage."""
    session = ReferenceEngine().start(state)
    events = session.apply(pass_priority(0))
    events += session.apply(pass_priority(1))
    return session, events


def combat(attacker, *blockers):
    b = StateBuilder()
    a = b.permanent(attacker, 0, tapped=True, attacking=P1, blocked=bool(blockers))
    ids = [b.permanent(card, 1, blocking=(a,)) for card in blockers]
    return b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0), a, ids


def test_deathtouch_is_supported():
    assert Mechanic.DEATHTOUCH in SUPPORTED


def test_one_damage_from_a_deathtouch_attacker_destroys_its_blocker():
    state, assassin, (giant,) = combat(ASSASSIN, GIANT)
    session, events = into_damage(state)
    assert damage_of(events) == sorted([(assassin, giant, 1), (giant, assassin, 3)])
    after = check(session.state())
    assert giant in after.player(1).graveyard and assassin in after.player(0).graveyard


def test_a_blocker_with_deathtouch_destroys_the_attacker():
    state, giant, (assassin,) = combat(GIANT, ASSASSIN)
    session, _ = into_damage(state)
    after = check(session.state())
    assert giant in after.player(0).graveyard and assassin in after.player(1).graveyard


def test_without_deathtouch_the_same_damage_only_marks():
    state, _, (giant,) = combat(creature("Pit Bear", 1, 1), GIANT)
    session, _ = into_damage(state)
    after = session.state()
    blocker = after.permanent(giant)
    assert blocker is not None and blocker.damage == 1


def test_deathtouch_damage_to_a_player_is_only_life_loss():
    state, assassin, _ = combat(ASSASSIN)
    session, events = into_damage(state)
    assert damage_of(events) == [(assassin, "player:1", 1)]
    assert session.state().player(1).life == 19 and session.state().permanent(assassin) is not None


def assign(*damage: tuple[str, str, int]) -> Action:
    return Action(ActionKind.ASSIGN_DAMAGE, 0, damage=damage)


def test_a_deathtouch_trampler_needs_one_damage_per_blocker():
    state, beast, (first, second) = combat(TRAMPLING_ASSASSIN, WALL, BEARS)
    session, _ = into_damage(state)
    pending = session.state().pending
    assert isinstance(pending, AssignCombatDamage)
    (source,) = pending.sources
    assert source.deathtouch and [source.lethal_to(c) for c in source.creatures] == [1, 1]
    before = session.state()
    with pytest.raises(ActionRefused, match=r"702\.19b"):
        session.apply(assign((beast, first, 1), (beast, "player:1", 3)))
    assert session.state() == before
    events = session.apply(assign((beast, first, 1), (beast, second, 1), (beast, "player:1", 2)))
    assert (beast, "player:1", 2) in damage_of(events)
    after = check(session.state())
    assert after.player(1).life == 18
    assert first in after.player(1).graveyard and second in after.player(1).graveyard
