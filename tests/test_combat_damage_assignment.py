"""Assigning combat damage (CR 510.1): the decision's rules, and the reference engine asking for it.

A creature blocked by two or more creatures, or blocking two or more, has its damage divided by
its controller (510.1c-d): the active player first, then the defending player, and all of it is
dealt at once afterwards (510.2). With one blocker nothing is asked (all of it goes to that one).
The decision itself checks a division: each creature's whole damage (510.1a), to its own
recipients only, checked as a whole (510.1e); trample reaches beyond the blockers only once each
has lethal damage, counting damage already marked and deathtouch (702.19b-c, 120.6, 702.2c).
"""

from __future__ import annotations

import pytest

from engines.reference import ReferenceEngine
from engines.reference.testing import BEARS, OGRE, P1, creature
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import check, problems
from protocol.decisions import AssignCombatDamage, DamageRecipient, DamageSource, Trample
from protocol.model import Action, ActionKind, EventKind, GameState, Step, pass_priority
from protocol.probe import Probe
from protocol.reach import reach_by_play

ENGINE = ReferenceEngine()
TROLL = creature("Stout Troll", 3, 4)


def assign(player: int, *damage: tuple[str, str, int]) -> Action:
    return Action(ActionKind.ASSIGN_DAMAGE, player, damage=damage)


def damage_of(events) -> list[tuple[str | None, str | None, int | None]]:
    return [(e.card, e.target, e.amount) for e in events if e.kind is EventKind.DAMAGE]


def pass_into_damage(session) -> list:
    """Both players pass in the declare blockers step: the combat damage step begins."""
    events = []
    for _ in range(2):
        state = session.state()
        events += session.apply(pass_priority(state.priority))
    return events


def ogre_blocked_by_two() -> tuple[GameState, str, str, str]:
    """Player 0's 5/5 attacks player 1 and is blocked by two 2/2s; player 0 holds priority in the
    declare blockers step."""
    b = StateBuilder()
    ogre = b.permanent(OGRE, 0, tapped=True, attacking=P1, blocked=True)
    first = b.permanent(BEARS, 1, blocking=(ogre,))
    second = b.permanent(BEARS, 1, blocking=(ogre,))
    return b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0), ogre, first, second


# -- the reference engine ----------------------------------------------------------------------


def test_two_blockers_the_attacking_player_divides_as_chosen():
    state, ogre, first, second = ogre_blocked_by_two()
    session = ENGINE.start(state)
    events = pass_into_damage(session)
    assert damage_of(events) == []
    pending = session.state().pending
    assert pending == AssignCombatDamage(
        0, (DamageSource(ogre, 5, (DamageRecipient(first, 2), DamageRecipient(second, 2))),)
    )
    assert session.state().priority is None and session.state().step is Step.COMBAT_DAMAGE
    events = session.apply(assign(0, (ogre, first, 1), (ogre, second, 4)))
    assert sorted(damage_of(events)) == sorted(
        [(ogre, first, 1), (ogre, second, 4), (first, ogre, 2), (second, ogre, 2)]
    )
    after = check(session.state())
    assert after.permanent(first) is not None and after.permanent(first).damage == 1  # type: ignore[union-attr]
    assert second in after.player(1).graveyard and after.permanent(ogre).damage == 4  # type: ignore[union-attr]
    assert after.pending is None and after.priority == 0 and after.step is Step.COMBAT_DAMAGE


@pytest.mark.parametrize(
    "damage",
    [
        lambda o, f, s: ((o, f, 2), (o, s, 2)),  # 4 of its 5 (510.1a)
        lambda o, f, s: ((o, f, 3), (o, s, 3)),  # 6 of its 5
        lambda o, f, s: ((o, "player:1", 5),),  # a blocked creature without trample (510.1c)
        lambda o, f, s: ((f, o, 2), (o, s, 5)),  # the defending player's creature
        lambda o, f, s: ((o, f, 5), (o, s, 0)),  # a zero share
    ],
)
def test_an_illegal_division_is_refused_and_changes_nothing(damage):
    state, ogre, first, second = ogre_blocked_by_two()
    session = ENGINE.start(state)
    pass_into_damage(session)
    waiting = session.state()
    with pytest.raises(ActionRefused):
        session.apply(assign(0, *damage(ogre, first, second)))
    assert session.state() == waiting  # 510.1e: back to the moment before the assignment
    session.apply(assign(0, (ogre, first, 5)))  # any legal division: no order among blockers
    assert session.state().permanent(second).damage == 0  # type: ignore[union-attr]


def test_one_blocker_is_assigned_all_the_damage_without_a_choice():
    b = StateBuilder()
    ogre = b.permanent(OGRE, 0, tapped=True, attacking=P1, blocked=True)
    bears = b.permanent(BEARS, 1, blocking=(ogre,))
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    events = pass_into_damage(session)
    assert sorted(damage_of(events)) == sorted([(ogre, bears, 5), (bears, ogre, 2)])
    state = session.state()
    assert state.pending is None and state.priority == 0 and bears in state.player(1).graveyard


def test_a_creature_blocking_two_attackers_is_divided_by_the_defending_player():
    b = StateBuilder()
    one = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    two = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    troll = b.permanent(TROLL, 1, blocking=(one, two))
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    pass_into_damage(session)
    pending = session.state().pending
    assert pending == AssignCombatDamage(
        1, (DamageSource(troll, 3, (DamageRecipient(one, 2), DamageRecipient(two, 2))),)
    )
    with pytest.raises(ActionRefused):
        session.apply(assign(0, (troll, one, 3)))  # not the player who decides
    events = session.apply(assign(1, (troll, two, 3)))
    assert sorted(damage_of(events)) == sorted([(one, troll, 2), (two, troll, 2), (troll, two, 3)])
    state = check(session.state())
    assert two in state.player(0).graveyard and state.permanent(one) is not None
    assert troll in state.player(1).graveyard  # 2 + 2 damage, toughness 4 (704.5g)


def test_the_active_player_assigns_first_and_all_damage_is_dealt_at_once():
    b = StateBuilder()
    ogre = b.permanent(OGRE, 0, tapped=True, attacking=P1, blocked=True)
    one = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    two = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    first = b.permanent(BEARS, 1, blocking=(ogre,))
    second = b.permanent(BEARS, 1, blocking=(ogre,))
    troll = b.permanent(TROLL, 1, blocking=(one, two))
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    pass_into_damage(session)
    assert session.state().pending.player == 0  # type: ignore[union-attr]
    events = session.apply(assign(0, (ogre, first, 5)))
    waiting = check(session.state())
    assert damage_of(events) == [] and all(p.damage == 0 for p in waiting.battlefield)  # 510.2: not yet dealt
    assert waiting.pending == AssignCombatDamage(
        1,
        (DamageSource(troll, 3, (DamageRecipient(one, 2), DamageRecipient(two, 2))),),
        announced=((ogre, first, 5),),
    )
    events = session.apply(assign(1, (troll, one, 2), (troll, two, 1)))
    assert (ogre, first, 5) in damage_of(events) and (troll, one, 2) in damage_of(events)
    state = check(session.state())
    assert first in state.player(1).graveyard and one in state.player(0).graveyard
    assert state.permanent(second).damage == 0 and state.permanent(two).damage == 1  # type: ignore[union-attr]


def test_the_offered_divisions_are_legal_and_the_least_comes_first():
    state, ogre, first, second = ogre_blocked_by_two()
    session = ENGINE.start(state)
    pass_into_damage(session)
    pending = session.state().pending
    assert isinstance(pending, AssignCombatDamage)
    offered = session.legal_actions()
    assert offered[0] == pending.least(lambda: offered) == assign(0, (ogre, first, 2), (ogre, second, 3))
    assert assign(0, (ogre, first, 5)) in offered and assign(0, (ogre, second, 5)) in offered
    assert all(pending.answer_problems(a) == [] for a in offered)


def test_reach_by_play_passes_through_the_assignment():
    state, _, _, _ = ogre_blocked_by_two()
    probe = Probe(ENGINE.start(state))
    reached = reach_by_play(probe, Step.COMBAT_DAMAGE, 0)
    assert reached.step is Step.COMBAT_DAMAGE and reached.priority == 0
    assert [step.action.kind for step in probe.trace][-1] is ActionKind.ASSIGN_DAMAGE


# -- the decision's own rules ------------------------------------------------------------------


def trampler(*, lethal: tuple[int, ...] = (2, 2), deathtouch: bool = False) -> AssignCombatDamage:
    """A 6-power trampler ``a`` blocked by ``b1`` and ``b2``, attacking player 1."""
    creatures = tuple(DamageRecipient(f"b{i + 1}", n) for i, n in enumerate(lethal))
    source = DamageSource("a", 6, creatures, Trample.TRAMPLE, (DamageRecipient("player:1"),), deathtouch)
    return AssignCombatDamage(0, (source,))


def test_trample_assigns_beyond_the_blockers_only_once_each_has_lethal_damage():
    decision = trampler()
    assert decision.answer_problems(assign(0, ("a", "b1", 2), ("a", "b2", 2), ("a", "player:1", 2))) == []
    assert decision.answer_problems(assign(0, ("a", "b1", 6))) == []  # need not trample over (702.19b)
    (problem,) = decision.answer_problems(assign(0, ("a", "b1", 1), ("a", "b2", 2), ("a", "player:1", 3)))
    assert "player:1 before lethal damage to b1" in problem
    # damage already marked counts (the engine gives the lethal damage left, 120.6) ...
    assert (
        trampler(lethal=(1, 2)).answer_problems(assign(0, ("a", "b1", 1), ("a", "b2", 2), ("a", "player:1", 3))) == []
    )
    # ... and with deathtouch 1 is lethal (702.2c)
    deadly = trampler(deathtouch=True)
    assert deadly.answer_problems(assign(0, ("a", "b1", 1), ("a", "b2", 1), ("a", "player:1", 4))) == []
    assert deadly.least(lambda: ()) == assign(0, ("a", "b1", 1), ("a", "b2", 5))


def test_trample_over_planeswalkers_reaches_the_controller_past_the_loyalty():
    beyond = (DamageRecipient("w", 3), DamageRecipient("player:1"))
    source = DamageSource("a", 6, (DamageRecipient("b", 2),), Trample.OVER_PLANESWALKERS, beyond)
    decision = AssignCombatDamage(0, (source,))
    assert decision.answer_problems(assign(0, ("a", "b", 2), ("a", "w", 3), ("a", "player:1", 1))) == []
    assert decision.answer_problems(assign(0, ("a", "b", 2), ("a", "w", 2), ("a", "player:1", 2)))
    assert decision.answer_problems(assign(0, ("a", "b", 1), ("a", "w", 5)))


def test_the_least_division_is_legal_and_counts_damage_of_other_creatures():
    """Two attackers share a blocker: the second does not assign lethal damage again to a creature
    the first already made lethal (702.19b: damage being assigned in the same step counts)."""
    shared = (DamageRecipient("b1", 3), DamageRecipient("b2", 2))
    decision = AssignCombatDamage(0, (DamageSource("a1", 3, shared), DamageSource("a2", 4, shared)))
    least = decision.least(lambda: ())
    assert least == assign(0, ("a1", "b1", 3), ("a2", "b2", 4))
    assert decision.answer_problems(least) == []


def test_consistency_requires_a_damage_step_and_creatures_in_combat_with_the_source():
    state, ogre, first, second = ogre_blocked_by_two()
    source = DamageSource(ogre, 5, (DamageRecipient(first, 2), DamageRecipient(second, 2)))
    waiting = state.replace(step=Step.COMBAT_DAMAGE, priority=None, pending=AssignCombatDamage(0, (source,)))
    assert problems(waiting) == []
    text = "; ".join(problems(waiting.replace(step=Step.END, pending=AssignCombatDamage(1, (source,)))))
    assert "pending in the end step" in text and "not its controller" in text
    stranger = DamageSource(ogre, 5, (DamageRecipient(ogre, 2),), Trample.TRAMPLE, (DamageRecipient("player:7"),))
    text = "; ".join(problems(waiting.replace(pending=AssignCombatDamage(0, (stranger,)))))
    assert "does not block it" in text and "nobody in the game" in text
