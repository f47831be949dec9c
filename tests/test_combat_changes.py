"""What stays as it was when a creature's keywords change during combat, on the reference engine
and its mutants, in hand-built states: first strike gained or lost after first-strike damage
(702.7c, 702.4c), a block standing when flying or menace no longer allows it (509.1h), an attack
standing when haste is lost or defender gained (508.1a); and the combat generator's states for
them (``CombatSpec.strike_changed``, ``gained_after_blocks``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engines.mutants.combat_changes import MUTANTS
from engines.reference import ReferenceEngine
from engines.reference.testing import P1, creature
from generators.combat import CombatSpec, combat_scenarios, damage_combat, has_keyword
from harness.profiles import FEW_DRAWS, register_profiles
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.keyword_registry import FLYING, MENACE, REACH
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority

BEAR = creature("Grizzly Bears", 2, 2)
KNIGHT = creature("Quick Knight", 3, 3, "First strike")
FLYER = creature("Wind Drake", 2, 2, "Flying")
MENACER = creature("Goblin Menacer", 2, 2, "Menace")
WALL = creature("Stone Wall", 2, 4, "Defender")
ELEPHANT = creature("Big Elephant", 3, 4)


def mutant(mutant_id: str) -> ReferenceEngine:
    return next(m for m in MUTANTS if m.id == mutant_id).engine()


def through_combat(session):
    events = []
    for _ in range(20):
        state = session.state()
        if state.step not in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
            return events
        events += session.apply(pass_priority(state.actor))
    raise AssertionError("combat never ended")


def damage_by(events, source):
    return sum(e.amount or 0 for e in events if e.kind is EventKind.DAMAGE and e.card == source)


def after_first_strike(engine: ReferenceEngine):
    """The first-strike damage step, its damage dealt: a knight with first strike that had none as
    the step began (not among ``first_strikers``) and a bear that had first strike then and has
    lost it (among them), both unblocked and attacking player 1."""
    b = StateBuilder()
    knight = b.permanent(KNIGHT, 0, tapped=True, attacking=P1, blocked=False)
    bear = b.permanent(BEAR, 0, tapped=True, attacking=P1, blocked=False)
    state = b.build(turn=3, step=Step.FIRST_STRIKE_DAMAGE, priority=0, first_strikers=(bear,))
    return engine.start(check(state)), knight, bear


def test_first_strike_gained_after_first_strike_damage_still_deals_regular_damage():
    session, knight, bear = after_first_strike(ReferenceEngine())
    events = through_combat(session)
    assert damage_by(events, knight) == 3  # 702.7c: it had no first strike as the first step began
    assert damage_by(events, bear) == 0  # 702.7c: it struck first already; losing first strike changes nothing
    assert session.state().player(1).life == 17


def test_the_strike_mutants_each_break_one_half_of_702_7c():
    session, knight, bear = after_first_strike(mutant("first-strike-gained-late-skips-regular-damage"))
    events = through_combat(session)
    assert damage_by(events, knight) == 0 and damage_by(events, bear) == 0
    session, knight, bear = after_first_strike(mutant("first-strike-lost-strikes-again"))
    events = through_combat(session)
    assert damage_by(events, knight) == 3 and damage_by(events, bear) == 2


def blocked_late(engine: ReferenceEngine, attacker_card):
    """An attacker (with flying or menace now) blocked by one bear without flying or reach."""
    b = StateBuilder()
    attacker = b.permanent(attacker_card, 0, tapped=True, attacking=P1, blocked=True)
    bear = b.permanent(BEAR, 1, blocking=(attacker,))
    session = engine.start(check(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0)))
    return session, attacker, bear


def test_a_block_stands_when_the_attacker_has_flying_or_menace_now():
    for card in (FLYER, MENACER):
        session, attacker, bear = blocked_late(ReferenceEngine(), card)
        events = through_combat(session)
        assert [(e.target, e.amount) for e in events if e.kind is EventKind.DAMAGE and e.card == attacker] == [
            (bear, 2)
        ]  # 509.1h: still blocked, its damage to the bear
        assert session.state().player(1).life == 20


def test_the_block_mutants_unblock_the_attacker():
    for card, mutant_id in ((FLYER, "flying-rechecked-after-blocks"), (MENACER, "menace-rechecked-after-blocks")):
        session, _, _ = blocked_late(mutant(mutant_id), card)
        through_combat(session)
        assert session.state().player(1).life == 18
    # Each mutant re-checks its own keyword only: the flying one leaves the menace block alone.
    session, _, _ = blocked_late(mutant("flying-rechecked-after-blocks"), MENACER)
    through_combat(session)
    assert session.state().player(1).life == 20


def attacking_now(engine: ReferenceEngine, card, *, sick: bool):
    b = StateBuilder()
    attacker = b.permanent(card, 0, tapped=True, attacking=P1, blocked=False, summoning_sick=sick)
    session = engine.start(check(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0)))
    return session, attacker


def test_an_attack_stands_without_haste_or_with_defender():
    for card, sick in ((ELEPHANT, True), (WALL, False)):
        session, attacker = attacking_now(ReferenceEngine(), card, sick=sick)
        events = through_combat(session)
        assert damage_by(events, attacker) == int(card.power or 0)  # 508.1a: checked only at declaration


def test_the_attack_mutants_remove_the_attacker_from_combat():
    for card, sick, mutant_id in (
        (ELEPHANT, True, "haste-rechecked-after-attacks"),
        (WALL, False, "defender-rechecked-after-attacks"),
    ):
        session, attacker = attacking_now(mutant(mutant_id), card, sick=sick)
        events = through_combat(session)
        assert damage_by(events, attacker) == 0
        assert session.state().permanent(attacker).attacking is None


register_profiles()


@settings(settings.get_profile(FEW_DRAWS))
@given(
    combat_scenarios(CombatSpec(steps=(Step.FIRST_STRIKE_DAMAGE,), min_unblocked=2, by_play=False, strike_changed=True))
)
def test_strike_changed_states_leave_the_first_striker_out_and_put_the_second_attacker_in(scenario):
    state = check(scenario.state)
    first, second = state.attackers()[:2]
    assert state.step is Step.FIRST_STRIKE_DAMAGE
    if has_keyword(state, first.id, "first strike", "double strike"):
        assert first.id not in state.first_strikers
    if not has_keyword(state, second.id, "first strike", "double strike"):
        assert second.id in state.first_strikers


@settings(settings.get_profile(FEW_DRAWS))
@given(combat_scenarios(damage_combat(blocked_keywords=(FLYING.name,), gained_after_blocks=(FLYING.name,))))
def test_blocks_of_a_creature_that_gained_flying_ignore_flying(scenario):
    state = check(scenario.state)
    flyers = [p for p in state.attackers() if p.blocked and has_keyword(state, p.id, FLYING.name)]
    assert flyers
    blockers = [b for b in state.battlefield if flyers[0].id in b.blocking]
    assert all(not has_keyword(state, b.id, FLYING.name, REACH.name) for b in blockers)


@settings(settings.get_profile(FEW_DRAWS))
@given(
    combat_scenarios(
        damage_combat(blocked_keywords=(MENACE.name,), gained_after_blocks=(MENACE.name,), gang_blocks=False)
    )
)
def test_blocks_of_a_creature_that_gained_menace_may_be_one_creature(scenario):
    state = check(scenario.state)
    menacers = [p for p in state.attackers() if p.blocked and has_keyword(state, p.id, MENACE.name)]
    assert menacers


VIGILANT = creature("Watchful Guard", 2, 2, "Vigilance")
FRAIL = creature("Withered Husk", 1, 0)
UNBREAKABLE_FRAIL = creature("Withered Idol", 1, 0, "Indestructible")


def test_an_untapped_attacker_without_vigilance_keeps_attacking_untapped():
    for engine, tapped_after, dealt in (
        (ReferenceEngine(), False, 2),
        (mutant("untapped-attackers-leave-combat"), False, 0),
        (mutant("vigilance-lost-taps-attacker"), True, 2),
    ):
        b = StateBuilder()
        bear = b.permanent(BEAR, 0, tapped=False, attacking=P1, blocked=False)
        session = engine.start(check(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0)))
        events = through_combat(session)
        assert damage_by(events, bear) == dealt  # 506.4b: untapping changes nothing
        assert session.state().permanent(bear).tapped is tapped_after


def test_a_tapped_attacker_with_vigilance_stays_tapped():
    for engine, tapped_after in ((ReferenceEngine(), True), (mutant("vigilance-gained-untaps-attacker"), False)):
        b = StateBuilder()
        guard = b.permanent(VIGILANT, 0, tapped=True, attacking=P1, blocked=False)
        session = engine.start(check(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0)))
        through_combat(session)
        assert session.state().permanent(guard).tapped is tapped_after  # 702.20b: only as attackers are declared


def test_a_creature_with_toughness_0_goes_to_the_graveyard_indestructible_or_not():
    for card, engine, dies in (
        (FRAIL, ReferenceEngine(), True),
        (UNBREAKABLE_FRAIL, ReferenceEngine(), True),
        (FRAIL, mutant("zero-toughness-survives"), False),
        (UNBREAKABLE_FRAIL, mutant("indestructible-survives-zero-toughness"), False),
        (FRAIL, mutant("indestructible-survives-zero-toughness"), True),
    ):
        b = StateBuilder()
        husk = b.permanent(card, 0)
        session = engine.start(check(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0)))
        session.apply(pass_priority(0))
        after = session.state()
        assert (after.permanent(husk) is None) is dies  # 704.5f
        assert (husk in after.player(0).graveyard) is dies


def test_haste_lets_a_summoning_sick_creature_pay_tap():
    from generators.haste import tapper

    for haste, engine, paid in (
        (True, ReferenceEngine(), True),
        (False, ReferenceEngine(), False),
        (True, mutant("haste-ignored-for-tap-costs"), False),
    ):
        b = StateBuilder()
        elf = b.permanent(tapper(haste), 0, summoning_sick=True)
        session = engine.start(check(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0)))
        tap = Action(ActionKind.ACTIVATE, 0, source=elf, ability="mana")
        if paid:
            session.apply(tap)  # 702.10c
            assert session.state().permanent(elf).tapped and session.state().player(0).mana_pool == ("G",)
        else:
            with pytest.raises(ActionRefused):  # 302.6
                session.apply(tap)
