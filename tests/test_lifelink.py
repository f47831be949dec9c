"""Lifelink (CR 702.15) on the reference engine, in hand-built states: combat damage dealt by a
creature with lifelink gains its controller that much life, as the damage is dealt, whether it
is dealt to a player or to a creature, by an attacker or a blocker (702.15b); each source gains
once for all its damage (702.15e). And the combat generator's ``unblocked_keywords`` puts the
keyword on the attackers a check needs unblocked."""

from __future__ import annotations

from hypothesis import given, settings

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from generators.combat import CombatSpec, combat_scenarios, has_keyword
from harness.profiles import FEW_DRAWS, register_profiles
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority

LINKER = creature("Life Knight", 3, 3, "Lifelink")
TRAMPLING_LINKER = creature("Life Beast", 5, 5, "Trample\nLifelink")


def into_damage(state):
    """Load ``state`` (declare blockers, player 0 with priority) and pass into combat damage."""
    session = ReferenceEngine().start(state)
    events = session.apply(pass_priority(0))
    events += session.apply(pass_priority(1))
    return session, events


def lives(session) -> tuple[int, int]:
    state = check(session.state())
    return state.player(0).life, state.player(1).life


def life_events(events) -> list[tuple[int | None, int | None]]:
    return [(e.player, e.amount) for e in events if e.kind is EventKind.LIFE]


def test_lifelink_is_supported():
    assert Mechanic.LIFELINK in SUPPORTED


def test_damage_to_the_player_gains_that_much_life():
    b = StateBuilder()
    b.permanent(LINKER, 0, tapped=True, attacking=P1, blocked=False)
    session, events = into_damage(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert lives(session) == (23, 17)
    assert (0, 3) in life_events(events)


def test_damage_to_a_blocker_gains_life_too():
    b = StateBuilder()
    knight = b.permanent(LINKER, 0, tapped=True, attacking=P1, blocked=True)
    b.permanent(BEARS, 1, blocking=(knight,))
    session, _ = into_damage(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert lives(session) == (23, 20)


def test_a_blocker_with_lifelink_gains_its_controller_life():
    b = StateBuilder()
    bear = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    b.permanent(LINKER, 1, blocking=(bear,))
    session, _ = into_damage(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert lives(session) == (20, 23)


def test_a_creature_without_lifelink_gains_nothing():
    b = StateBuilder()
    b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    session, events = into_damage(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert lives(session) == (20, 18) and (0, 2) not in life_events(events)


def test_a_trampler_gains_once_for_all_its_damage():
    """702.15e: 2 to the blocker and 3 to the player are one life gain event of 5."""
    b = StateBuilder()
    beast = b.permanent(TRAMPLING_LINKER, 0, tapped=True, attacking=P1, blocked=True)
    bear = b.permanent(BEARS, 1, blocking=(beast,))
    session, _ = into_damage(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    events = session.apply(Action(ActionKind.ASSIGN_DAMAGE, 0, damage=((beast, bear, 2), (beast, "player:1", 3))))
    assert [e for e in life_events(events) if e[0] == 0] == [(0, 5)]
    assert lives(session) == (25, 17)


def test_a_controlled_creature_gains_its_controller_not_its_owner():
    b = StateBuilder()
    b.permanent(LINKER, 0, owner=1, tapped=True, attacking=P1, blocked=False)
    session, _ = into_damage(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert lives(session) == (23, 17)


register_profiles()
SPEC = CombatSpec(steps=(Step.DECLARE_BLOCKERS,), min_unblocked=1, by_play=False, unblocked_keywords=("lifelink",))


def test_the_spec_requires_the_mechanics_of_its_unblocked_keywords():
    assert Mechanic.LIFELINK in SPEC.requires


@settings(settings.get_profile(FEW_DRAWS))
@given(combat_scenarios(SPEC))
def test_unblocked_keywords_go_on_the_required_unblocked_attackers(scenario):
    unblocked = scenario.state.unblocked_attackers(scenario.params.player)
    assert unblocked and has_keyword(scenario.state, unblocked[0].id, "lifelink")
