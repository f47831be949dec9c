"""The combat rules every engine plays, on the reference engine, in hand-built states: a blocked
creature stays blocked when its blockers leave (509.1h) and then deals no damage (510.1c); combat
damage marked (120.3e); a creature with menace offered two blockers (702.111b); a division of
damage among several blockers in any order (510.1c, no damage assignment order since 2024); and
the combat generator's would-be blockers (``CombatSpec.would_be_blockers``,
``tapped_would_be_blocker``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engines.mutants.combat_rules import MUTANTS
from engines.reference import ReferenceEngine
from engines.reference.testing import P1, creature
from generators.combat import CombatSpec, combat_scenarios
from harness.profiles import FEW_DRAWS, register_profiles
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.decisions import AssignCombatDamage, DeclareBlockers
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority

STRIKER = creature("Twin Blade", 3, 3, "Double strike")
BEAR = creature("Grizzly Bears", 2, 2)
OGRE = creature("Big Ogre", 5, 5)
MENACER = creature("Goblin Menacer", 2, 2, "Menace")


def mutant(mutant_id: str) -> ReferenceEngine:
    return next(m for m in MUTANTS if m.id == mutant_id).engine()


def double_striker_blocked_by_bear(engine: ReferenceEngine):
    b = StateBuilder()
    striker = b.permanent(STRIKER, 0, tapped=True, attacking=P1, blocked=True)
    bear = b.permanent(BEAR, 1, blocking=(striker,))
    session = engine.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    return session, striker, bear


def through_combat(session):
    events = []
    for _ in range(20):
        state = session.state()
        if state.step not in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
            return events
        events += session.apply(pass_priority(state.actor))
    raise AssertionError("combat never ended")


def test_a_blocked_creature_whose_blocker_died_stays_blocked_and_deals_no_regular_damage():
    session, striker, bear = double_striker_blocked_by_bear(ReferenceEngine())
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))  # first-strike damage: 3 to the bear, which dies
    middle = check(session.state())
    assert middle.step is Step.FIRST_STRIKE_DAMAGE and middle.permanent(bear) is None
    perm = middle.permanent(striker)
    assert perm is not None and perm.blocked is True  # 509.1h
    events = through_combat(session)
    assert [e for e in events if e.kind is EventKind.DAMAGE] == []  # 510.1c: no blockers, no damage
    assert session.state().player(1).life == 20


def test_the_unblocking_mutant_lets_the_double_striker_hit_the_player():
    session, _, _ = double_striker_blocked_by_bear(mutant("unblocked-when-blockers-gone"))
    through_combat(session)
    assert session.state().player(1).life == 17


def test_combat_damage_is_marked_that_much():
    b = StateBuilder()
    bear = b.permanent(BEAR, 0, tapped=True, attacking=P1, blocked=True)
    ogre = b.permanent(OGRE, 1, blocking=(bear,), damage=1)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    through_combat(session)
    after = check(session.state())
    survivor = after.permanent(ogre)
    assert survivor is not None and survivor.damage == 3  # 1 marked before, 2 dealt (120.3e)
    assert after.permanent(bear) is None


def test_two_blockers_of_a_creature_with_menace_are_offered():
    b = StateBuilder()
    menacer = b.permanent(MENACER, 0)
    one, two = b.permanent(BEAR, 1), b.permanent(BEAR, 1)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.BEGINNING_OF_COMBAT, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((menacer, P1),)))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    assert isinstance(session.state().pending, DeclareBlockers)
    offered = [a.blocks for a in session.legal_actions()]
    assert ((one, menacer), (two, menacer)) in offered
    assert ((one, menacer),) not in offered and ((two, menacer),) not in offered


def test_a_division_in_any_order_is_accepted_and_the_old_order_rule_refuses_it():
    """510.1c today: all of a 5/5's damage to its second blocker, none to the first, is legal; the
    mutant with the damage assignment order of the rules before 2024 refuses it."""

    def at_division(engine: ReferenceEngine):
        b = StateBuilder()
        ogre = b.permanent(OGRE, 0, tapped=True, attacking=P1, blocked=True)
        first = b.permanent(BEAR, 1, blocking=(ogre,))
        second = b.permanent(BEAR, 1, blocking=(ogre,))
        session = engine.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
        session.apply(pass_priority(0))
        session.apply(pass_priority(1))
        assert isinstance(session.state().pending, AssignCombatDamage)
        return session, Action(ActionKind.ASSIGN_DAMAGE, 0, damage=((ogre, second, 5),)), first, second

    session, last_only, first, second = at_division(ReferenceEngine())
    session.apply(last_only)
    after = check(session.state())
    assert after.permanent(second) is None and after.permanent(first) is not None

    old_rules, last_only, _, _ = at_division(mutant("damage-assignment-order"))
    before = old_rules.state()
    with pytest.raises(ActionRefused, match="out of order"):
        old_rules.apply(last_only)
    assert old_rules.state() == before


@settings(settings.get_profile(FEW_DRAWS))
@given(
    combat_scenarios(CombatSpec(steps=(Step.DECLARE_ATTACKERS,), would_be_blockers=True, tapped_would_be_blocker=True))
)
def test_would_be_blockers_are_drawn_one_of_them_tapped(scenario):
    state = scenario.state
    defending = [p for p in state.battlefield if p.controller == 1 - scenario.params.player]
    creatures = [p for p in defending if state.data_of(p.id).is_type("Creature")]
    assert any(not p.tapped for p in creatures)
    assert any(p.tapped for p in creatures)
    assert all(not p.blocking for p in creatures)


register_profiles()
