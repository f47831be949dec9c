"""The reference engine on hand-built states with known outcomes.

Each test states a position, acts through the Session protocol only, and checks what the rules
say must happen (ninjutsu timing and resolution, first strike, summoning sickness, mana, SBA,
triggers), plus the adapter contract: round trips, refusals that change nothing, errors.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.reference import ReferenceEngine, UnsupportedCard, parse_card
from engines.reference.testing import (
    BEARS,
    BRAVE,
    DS_KNIGHT,
    ELF,
    FOREST,
    FS_KNIGHT,
    FS_NINJA,
    HERALD,
    ISLAND,
    LIBRARY_NINJA,
    NINJA,
    OGRE,
    P1,
    SIEGE,
    WALKER,
    at_battle,
    at_walker,
    creature,
)
from protocol.adapter import ActionRefused, EngineError
from protocol.builder import StateBuilder
from protocol.consistency import check, problems
from protocol.decisions import AssignCombatDamage, DeclareAttackers, DeclareBlockers
from protocol.keyword_registry import DOUBLE_STRIKE, FIRST_STRIKE
from protocol.keywords import NINJUTSU
from protocol.model import (
    AFTER_BLOCKERS_STEPS,
    Action,
    ActionKind,
    AttackTarget,
    CardData,
    EventKind,
    GameState,
    StackItem,
    Step,
    Zone,
    pass_priority,
)
from protocol.observability import blind

ENGINE = ReferenceEngine()


def ninjutsu(card: str, returned: str, player: int = 0) -> Action:
    return NINJUTSU.use(player, card, returned)


def mana(source: str, player: int = 0) -> Action:
    return Action(ActionKind.ACTIVATE, player, source=source, ability="mana")


def pass_both(session, times: int = 1) -> list:
    events = []
    for _ in range(times):
        for _ in range(2):
            state = session.state()
            assert state.priority is not None, state
            events += session.apply(pass_priority(state.priority))
    return events


def kinds(events) -> list[EventKind]:
    return [e.kind for e in events]


def combat_state(step: Step, *, blocked: bool | None = False, islands: int = 2) -> tuple[GameState, str, str]:
    """Player 0 attacks player 1 with Grizzly Bears (c1), holds Test Ninja (c2) and has ``islands``
    Islands (c3 ...); both players have a card in their library."""
    b = StateBuilder()
    attacker = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=blocked)
    ninja = b.put(NINJA, 0)
    for _ in range(islands):
        b.permanent(ISLAND, 0)
    b.put(BEARS, 0, Zone.LIBRARY)
    b.put(BEARS, 1, Zone.LIBRARY)
    return b.build(turn=3, step=step, priority=0), attacker, ninja


# -- ninjutsu timing ---------------------------------------------------------------------------


@pytest.mark.parametrize("step", sorted(AFTER_BLOCKERS_STEPS, key=list(Step).index))
def test_ninjutsu_offered_after_blockers_with_an_unblocked_attacker(step):
    state, attacker, ninja = combat_state(step)
    session = ENGINE.start(state)
    assert ninjutsu(ninja, attacker) in session.legal_actions()


def test_ninjutsu_not_offered_before_blockers():
    state, attacker, ninja = combat_state(Step.DECLARE_ATTACKERS, blocked=None)
    session = ENGINE.start(state)
    assert not [a for a in session.legal_actions() if a.ability == "ninjutsu"]
    with pytest.raises(ActionRefused):
        session.apply(ninjutsu(ninja, attacker))
    for step in (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT):
        b = StateBuilder()
        bears = b.permanent(BEARS, 0)
        ninja = b.put(NINJA, 0)
        b.permanent(ISLAND, 0), b.permanent(ISLAND, 0)
        session = ENGINE.start(b.build(turn=3, step=step, priority=0))
        assert not [a for a in session.legal_actions() if a.ability == "ninjutsu"]
        with pytest.raises(ActionRefused):
            session.apply(ninjutsu(ninja, bears))


def test_ninjutsu_not_offered_with_only_blocked_attackers():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    b.permanent(BEARS, 1, blocking=(bears,))
    ninja = b.put(NINJA, 0)
    b.permanent(ISLAND, 0), b.permanent(ISLAND, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert not [a for a in session.legal_actions() if a.ability == "ninjutsu"]
    with pytest.raises(ActionRefused):
        session.apply(ninjutsu(ninja, bears))


def test_ninjutsu_not_offered_without_mana():
    state, attacker, ninja = combat_state(Step.COMBAT_DAMAGE, islands=1)
    session = ENGINE.start(state)
    assert not [a for a in session.legal_actions() if a.ability == "ninjutsu"]
    with pytest.raises(ActionRefused, match="cannot pay"):
        session.apply(ninjutsu(ninja, attacker))


def test_ninjutsu_not_offered_to_the_player_without_priority():
    state, attacker, ninja = combat_state(Step.DECLARE_BLOCKERS)
    session = ENGINE.start(state.replace(priority=1))
    assert session.legal_actions() == [pass_priority(1)]
    with pytest.raises(ActionRefused):
        session.apply(ninjutsu(ninja, attacker))


def test_library_ninjutsu_parses_but_is_never_offered():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    deep = b.put(LIBRARY_NINJA, 0, Zone.LIBRARY)
    b.permanent(ISLAND, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert not [a for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE and a.source == deep]
    with pytest.raises(ActionRefused):
        session.apply(
            Action(ActionKind.ACTIVATE, 0, source=deep, ability="library ninjutsu", costs=(("return", bears),))
        )


# -- ninjutsu activation and resolution -------------------------------------------------------


def test_activation_returns_creature_reveals_ninja_and_keeps_it_in_hand():
    state, attacker, ninja = combat_state(Step.DECLARE_BLOCKERS)
    session = ENGINE.start(state)
    events = session.apply(ninjutsu(ninja, attacker))
    assert kinds(events) == [
        EventKind.ACTIVATE,
        EventKind.REVEAL,
        EventKind.TAP,
        EventKind.MANA,
        EventKind.TAP,
        EventKind.MANA,
        EventKind.ZONE_CHANGE,
    ]
    assert events[-1].card == attacker and events[-1].to_zone is Zone.HAND
    after = session.state()
    check(after)
    assert attacker in after.player(0).hand and ninja in after.player(0).hand
    assert after.revealed == (ninja,)
    assert after.priority == 0 and after.priority_passes == 0  # 117.3c
    [item] = after.stack
    assert (item.id, item.kind, item.source, item.ability) == ("s1", "activated", ninja, "ninjutsu")
    assert item.choice("returned") == attacker and item.choice("attack-target") == "player:1"
    assert all(p.tapped for p in after.battlefield)  # both Islands paid {1}{U}


@pytest.mark.parametrize("kind", ["player", "planeswalker", "battle"])
def test_ninja_enters_tapped_and_attacking_the_same_target(kind):
    b = StateBuilder()
    if kind == "planeswalker":
        victim = b.permanent(WALKER, 1)
        target = at_walker(victim)
    elif kind == "battle":
        victim = b.permanent(SIEGE, 0, protector=1)
        target = at_battle(victim)
    else:
        target = P1
    attacker = b.permanent(BEARS, 0, tapped=True, attacking=target, blocked=False)
    ninja = b.put(NINJA, 0)
    b.permanent(ISLAND, 0), b.permanent(ISLAND, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    session.apply(ninjutsu(ninja, attacker))
    events = pass_both(session)
    assert [e.kind for e in events] == [EventKind.RESOLVE, EventKind.ZONE_CHANGE, EventKind.ENTER_ATTACKING]
    assert events[2].target == (target.permanent or "player:1")
    assert EventKind.ATTACK not in kinds(events)
    state = session.state()
    check(state)
    ninja_perm = state.permanent(ninja)
    assert ninja_perm is not None
    assert ninja_perm.tapped and ninja_perm.summoning_sick
    assert ninja_perm.attacking == target and ninja_perm.blocked is False
    assert state.revealed == () and state.stack == ()
    assert state.step is Step.DECLARE_BLOCKERS and state.priority == 0


def test_ninja_enters_not_attacking_when_its_planeswalker_is_gone():
    b = StateBuilder()
    attacker = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    ninja = b.put(NINJA, 0)
    state = b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0)
    # A ninjutsu ability on the stack whose returned creature attacked a planeswalker since gone.
    item = StackItem(
        "s1", "activated", ninja, 0, "ninjutsu", (("returned", "c9"), ("attack-target", "planeswalker:c9"))
    )
    session = ENGINE.start(state.replace(stack=(item,), revealed=(ninja,)))
    events = pass_both(session)
    assert EventKind.ENTER_ATTACKING not in kinds(events)
    perm = session.state().permanent(ninja)
    assert perm is not None and perm.tapped and perm.attacking is None and perm.blocked is None
    assert session.state().permanent(attacker).attacking == P1  # the other attacker is untouched


def test_declared_attackers_trigger_but_the_ninja_does_not():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0)
    herald = b.permanent(HERALD, 0, summoning_sick=True)
    ninja = b.put(FS_NINJA, 0)
    b.permanent(ISLAND, 0)
    b.put(BEARS, 1, Zone.LIBRARY)
    state = b.build(turn=3, step=Step.DECLARE_ATTACKERS, priority=None, pending=DeclareAttackers(0))
    session = ENGINE.start(state)
    events = session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((bears, P1),)))
    assert [(e.kind, e.card) for e in events if e.kind in (EventKind.ATTACK, EventKind.TRIGGER)] == [
        (EventKind.ATTACK, bears),
        (EventKind.TRIGGER, herald),
    ]
    assert len(session.state().stack) == 1
    events = pass_both(session)
    assert [(e.kind, e.amount) for e in events if e.kind is EventKind.LIFE] == [(EventKind.LIFE, 1)]
    assert session.state().player(0).life == 21
    events = pass_both(session)  # to declare blockers
    assert session.state().pending == DeclareBlockers(1)
    session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1))
    events = session.apply(ninjutsu(ninja, bears))
    events += pass_both(session)
    assert EventKind.TRIGGER not in kinds(events) and EventKind.ATTACK not in kinds(events)
    state = session.state()
    assert state.stack == () and state.player(0).life == 21
    assert state.permanent(ninja).attacking == P1


def test_self_attack_trigger_only_for_declared_attacker():
    b = StateBuilder()
    brave = b.permanent(BRAVE, 0)
    session = ENGINE.start(b.build(turn=2, step=Step.DECLARE_ATTACKERS, priority=None, pending=DeclareAttackers(0)))
    events = session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((brave, P1),)))
    assert [e.card for e in events if e.kind is EventKind.TRIGGER] == [brave]
    pass_both(session)
    assert session.state().player(0).life == 22


def test_double_activation_puts_the_ninja_in_once():
    b = StateBuilder()
    first = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    second = b.permanent(OGRE, 0, tapped=True, attacking=P1, blocked=False)
    ninja = b.put(NINJA, 0)
    for _ in range(4):
        b.permanent(ISLAND, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.COMBAT_DAMAGE, priority=0))
    session.apply(ninjutsu(ninja, first))
    assert ninjutsu(ninja, second) in session.legal_actions()
    session.apply(ninjutsu(ninja, second))
    state = session.state()
    assert [s.id for s in state.stack] == ["s1", "s2"] and state.revealed == (ninja,)
    events = pass_both(session)
    assert kinds(events) == [EventKind.RESOLVE, EventKind.ZONE_CHANGE, EventKind.ENTER_ATTACKING]
    state = session.state()
    assert [s.id for s in state.stack] == ["s1"] and state.revealed == ()
    assert state.stack[0].choice("source-gone") == "true"
    check(state)
    events = pass_both(session)
    assert kinds(events) == [EventKind.RESOLVE] and events[0].detail == "did nothing"
    state = session.state()
    assert [p.id for p in state.battlefield].count(ninja) == 1
    assert first in state.player(0).hand and second in state.player(0).hand
    assert state.stack == () and state.revealed == ()


def test_returned_creature_goes_to_its_owners_hand():
    b = StateBuilder()
    stolen = b.permanent(BEARS, 0, owner=1, tapped=True, attacking=P1, blocked=False)
    ninja = b.put(NINJA, 0)
    b.permanent(ISLAND, 0), b.permanent(ISLAND, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.END_OF_COMBAT, priority=0))
    session.apply(ninjutsu(ninja, stolen))
    state = session.state()
    assert stolen in state.player(1).hand and stolen not in state.player(0).hand
    check(state)


def test_mana_pool_pays_first_and_empties_at_end_of_step():
    state, attacker, ninja = combat_state(Step.DECLARE_BLOCKERS, islands=1)
    state = state.replace(players=(dataclasses.replace(state.player(0), mana_pool=("B",)), state.player(1)))
    session = ENGINE.start(state)
    events = session.apply(ninjutsu(ninja, attacker))  # {B} from the pool for {1}, an Island for {U}
    assert [e.kind for e in events].count(EventKind.TAP) == 1
    assert session.state().player(0).mana_pool == ()
    session2 = ENGINE.start(combat_state(Step.END_OF_COMBAT)[0])
    session2.apply(mana("c3"))
    assert session2.state().player(0).mana_pool == ("U",)
    pass_both(session2)
    assert session2.state().step is Step.POSTCOMBAT_MAIN and session2.state().player(0).mana_pool == ()


# -- combat damage ----------------------------------------------------------------------------


def blockers_declared(attackers, blockers=()) -> tuple[object, dict[str, str]]:
    """A session in declare-blockers (player 0 with priority) for ``attackers`` (card data
    unblocked, attacking player 1) and ``blockers`` ((card data, index of the attacker))."""
    b = StateBuilder()
    ids = {}
    att_ids = []
    for i, data in enumerate(attackers):
        att_ids.append(b.permanent(data, 0, tapped=True, attacking=P1, blocked=False))
        ids[f"a{i}"] = att_ids[-1]
    for j, (data, victim) in enumerate(blockers):
        ids[f"b{j}"] = b.permanent(data, 1, blocking=(att_ids[victim],))
        b.update(att_ids[victim], blocked=True)
    b.put(BEARS, 0, Zone.LIBRARY)
    return ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0)), ids


def damage_of(events) -> list[tuple[str, str, int, str]]:
    return [(e.card, e.target, e.amount, e.detail) for e in events if e.kind is EventKind.DAMAGE]


def test_no_first_strike_step_without_first_strikers():
    session, ids = blockers_declared([BEARS])
    events = pass_both(session)
    steps = [e.detail for e in events if e.kind is EventKind.STEP]
    assert steps == ["combat-damage"]
    assert damage_of(events) == [(ids["a0"], "player:1", 2, "regular")]
    assert session.state().player(1).life == 18


def test_first_striker_deals_damage_only_in_first_step():
    session, ids = blockers_declared([FS_KNIGHT, BEARS])
    events = pass_both(session)
    assert [e.detail for e in events if e.kind is EventKind.STEP] == ["first-strike-damage"]
    assert damage_of(events) == [(ids["a0"], "player:1", 2, "first-strike")]
    assert session.state().first_strikers == (ids["a0"],)
    events = pass_both(session)
    assert [e.detail for e in events if e.kind is EventKind.STEP] == ["combat-damage"]
    assert damage_of(events) == [(ids["a1"], "player:1", 2, "regular")]
    events = pass_both(session)
    assert [e.detail for e in events if e.kind is EventKind.STEP] == ["end-of-combat"]
    events = pass_both(session)
    state = session.state()
    assert state.step is Step.POSTCOMBAT_MAIN and state.first_strikers == ()
    assert all(p.attacking is None and p.blocked is None for p in state.battlefield)


def test_double_striker_deals_damage_in_both_steps():
    session, ids = blockers_declared([DS_KNIGHT])
    events = pass_both(session, 2)
    assert damage_of(events) == [(ids["a0"], "player:1", 2, "first-strike"), (ids["a0"], "player:1", 2, "regular")]
    assert session.state().player(1).life == 16


def test_first_strike_blocker_makes_the_step_and_kills_first():
    session, ids = blockers_declared([BEARS], [(FS_KNIGHT, 0)])
    events = pass_both(session)
    assert damage_of(events) == [(ids["b0"], ids["a0"], 2, "first-strike")]
    state = session.state()
    assert ids["a0"] in state.player(0).graveyard  # 704.5g
    events = pass_both(session)
    assert damage_of(events) == []
    check(session.state())


def test_first_strike_ninja_entering_in_first_strike_step_deals_regular_damage_only():
    b = StateBuilder()
    knight = b.permanent(FS_KNIGHT, 0, tapped=True, attacking=P1, blocked=False)
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    ninja = b.put(FS_NINJA, 0)
    b.permanent(ISLAND, 0)
    state = b.build(turn=3, step=Step.FIRST_STRIKE_DAMAGE, priority=0, first_strikers=(knight,))
    session = ENGINE.start(state)
    session.apply(ninjutsu(ninja, bears))
    pass_both(session)
    assert session.state().permanent(ninja).attacking == P1
    events = pass_both(session)
    assert damage_of(events) == [(ninja, "player:1", 3, "regular")]


def test_blocked_attacker_divides_damage_and_sba_kill():
    """Two blockers: its controller divides the damage (510.1c); the least division is lethal
    damage to the first blocker, the rest to the last, as the engine divided it by itself before."""
    session, ids = blockers_declared([OGRE], [(BEARS, 0), (BEARS, 0)])
    events = pass_both(session)
    assert damage_of(events) == []  # 510.1: the assignment comes first
    pending = session.state().pending
    assert isinstance(pending, AssignCombatDamage) and pending.player == 0
    events += session.apply(pending.least(session.legal_actions))
    assert sorted(damage_of(events)) == sorted(
        [
            (ids["a0"], ids["b0"], 2, "regular"),
            (ids["a0"], ids["b1"], 3, "regular"),
            (ids["b0"], ids["a0"], 2, "regular"),
            (ids["b1"], ids["a0"], 2, "regular"),
        ]
    )
    state = session.state()
    assert set(state.player(1).graveyard) == {ids["b0"], ids["b1"]}
    assert state.permanent(ids["a0"]).damage == 4 and state.permanent(ids["a0"]).blocked is True
    check(state)


def test_damage_to_planeswalker_and_battle_removes_counters_and_sba():
    b = StateBuilder()
    walker = b.permanent(WALKER, 1)
    siege = b.permanent(SIEGE, 0, protector=1)
    ogre = b.permanent(OGRE, 0, tapped=True, attacking=at_walker(walker), blocked=False)
    bears = b.permanent(BEARS, 0, tapped=True, attacking=at_battle(siege), blocked=False)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    events = pass_both(session)
    assert damage_of(events) == [(ogre, walker, 5, "regular"), (bears, siege, 2, "regular")]
    state = session.state()
    assert walker in state.player(1).graveyard
    assert state.permanent(siege).counter("defense") == 2
    check(state)


def test_combat_damage_to_a_player_triggers_a_draw():
    b = StateBuilder()
    ninja = b.permanent(NINJA, 0, tapped=True, attacking=P1, blocked=False)
    top = b.put(ISLAND, 0, Zone.LIBRARY)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    events = pass_both(session)
    assert [(e.kind, e.card) for e in events if e.kind is EventKind.TRIGGER] == [(EventKind.TRIGGER, ninja)]
    assert [s.ability for s in session.state().stack] == ["combat-damage-draw"]
    events = pass_both(session)
    assert [(e.kind, e.card) for e in events if e.kind is EventKind.DRAW] == [(EventKind.DRAW, top)]
    assert session.state().player(0).hand == (top,)


def test_no_attackers_skips_to_end_of_combat():
    b = StateBuilder()
    b.permanent(BEARS, 0)
    session = ENGINE.start(b.build(turn=2, step=Step.DECLARE_ATTACKERS, priority=None, pending=DeclareAttackers(0)))
    assert session.state().actor == 0
    session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0))
    assert session.state().priority == 0 and session.state().step is Step.DECLARE_ATTACKERS
    events = pass_both(session)
    assert [e.detail for e in events if e.kind is EventKind.STEP] == ["end-of-combat"]


# -- declarations, summoning sickness, mana abilities ------------------------------------------


def test_declarations_listed_and_judged():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0)
    sick = b.permanent(OGRE, 0, summoning_sick=True)
    tapped = b.permanent(BEARS, 0, tapped=True)
    walker = b.permanent(WALKER, 1)
    own_walker = b.permanent(WALKER, 0)
    blocker = b.permanent(BEARS, 1, summoning_sick=True)
    session = ENGINE.start(b.build(turn=2, step=Step.DECLARE_ATTACKERS, priority=None, pending=DeclareAttackers(0)))
    attacks = [a.attacks for a in session.legal_actions()]
    assert attacks == [(), ((bears, P1),), ((bears, at_walker(walker)),)]
    before = session.state()
    for bad in (
        ((sick, P1),),  # summoning sick (302.6)
        ((tapped, P1),),  # tapped (508.1a)
        ((bears, at_walker(own_walker)),),  # own planeswalker
        ((bears, AttackTarget.of_player(0)),),
        ((bears, P1), (bears, P1)),
        ((blocker, P1),),
    ):
        with pytest.raises(ActionRefused):
            session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=bad))
        assert session.state() == before
    with pytest.raises(ActionRefused):
        session.apply(pass_priority(0))
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.DECLARE_ATTACKERS, 1))
    events = session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((bears, at_walker(walker)),)))
    assert [(e.kind, e.card, e.target) for e in events if e.kind is EventKind.ATTACK] == [
        (EventKind.ATTACK, bears, walker)
    ]
    assert session.state().permanent(bears).tapped
    pass_both(session)
    assert session.state().pending == DeclareBlockers(1)
    assert [a.blocks for a in session.legal_actions()] == [(), ((blocker, bears),)]
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((bears, bears),)))
    events = session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((blocker, bears),)))
    assert [(e.kind, e.card, e.target) for e in events] == [(EventKind.BLOCK, blocker, bears)]
    state = session.state()
    assert state.permanent(bears).blocked is True and state.permanent(blocker).blocking == (bears,)
    check(state)


def test_summoning_sick_creature_cannot_tap_for_mana_but_a_land_can():
    b = StateBuilder()
    elf = b.permanent(ELF, 0, summoning_sick=True)
    old_elf = b.permanent(ELF, 0)
    forest = b.permanent(FOREST, 0, summoning_sick=True)
    tapped = b.permanent(FOREST, 0, tapped=True)
    b.permanent(FOREST, 1)
    session = ENGINE.start(b.build(turn=2, step=Step.PRECOMBAT_MAIN, priority=0))
    offered = {a.source for a in session.legal_actions() if a.ability == "mana"}
    assert offered == {old_elf, forest}
    before = session.state()
    for bad in (mana(elf), mana(tapped), mana("c5"), mana("c5", player=1)):
        with pytest.raises(ActionRefused):
            session.apply(bad)
        assert session.state() == before
    events = session.apply(mana(forest))
    assert [(e.kind, e.card, e.detail) for e in events] == [
        (EventKind.TAP, forest, None),
        (EventKind.MANA, forest, "G"),
    ]
    state = session.state()
    assert state.player(0).mana_pool == ("G",) and state.priority == 0 and state.stack == ()
    with pytest.raises(ActionRefused):
        session.apply(mana(forest))


def test_sick_mana_creature_does_not_pay_ninjutsu():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    ninja = b.put(FS_NINJA, 0)  # {U}
    b.permanent(creature("Blue Elf", 1, 1, "{T}: Add {U}."), 0, summoning_sick=True)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert not [a for a in session.legal_actions() if a.ability == "ninjutsu"]
    with pytest.raises(ActionRefused):
        session.apply(ninjutsu(ninja, bears))


# -- turn structure ---------------------------------------------------------------------------


def test_turn_passes_untaps_clears_sickness_and_draws():
    b = StateBuilder()
    mine = b.permanent(BEARS, 0, tapped=True, damage=1)
    theirs = b.permanent(BEARS, 1, tapped=True, summoning_sick=True)
    card = b.put(ISLAND, 1, Zone.LIBRARY)
    session = ENGINE.start(b.build(turn=4, step=Step.END, priority=0))
    events = pass_both(session)
    assert [e.detail for e in events if e.kind is EventKind.STEP] == ["cleanup", "untap", "upkeep"]
    state = session.state()
    assert (state.turn, state.active_player, state.step, state.priority) == (5, 1, Step.UPKEEP, 1)
    assert state.permanent(mine).damage == 0 and state.permanent(mine).tapped
    assert not state.permanent(theirs).tapped and not state.permanent(theirs).summoning_sick
    events = pass_both(session)
    assert [(e.kind, e.card) for e in events if e.kind is EventKind.DRAW] == [(EventKind.DRAW, card)]
    assert session.state().step is Step.DRAW


def test_priority_passes_alternate_and_reset():
    state, _attacker, _ninja = combat_state(Step.DECLARE_BLOCKERS)
    session = ENGINE.start(state)
    session.apply(pass_priority(0))
    assert (session.state().priority, session.state().priority_passes) == (1, 1)
    with pytest.raises(ActionRefused):
        session.apply(pass_priority(0))


# -- contract: round trip, refusals, errors ----------------------------------------------------


def test_round_trip():
    states = [
        combat_state(Step.DECLARE_BLOCKERS)[0],
        combat_state(Step.DECLARE_ATTACKERS, blocked=None)[0],
        StateBuilder().build(step=Step.UPKEEP, priority=1, priority_passes=1),
    ]
    session = ENGINE.start(states[0])
    session.apply(ninjutsu("c2", "c1"))
    states.append(session.state())
    for state in states:
        shown = ENGINE.start(state).state()
        # An untouched game exports the state it was built from, plus what the engine computes
        # of it: every permanent's current characteristics (an export round-trips exactly).
        assert blind(shown, {"characteristics"}) == blind(state, {"characteristics"})
        assert all(p.characteristics is not None for p in shown.battlefield)
        assert ENGINE.start(shown).state() == shown
        assert GameState.from_json(state.to_json()) == state
        assert GameState.from_json(shown.to_json()) == shown


def test_refused_action_leaves_state_unchanged():
    state, attacker, ninja = combat_state(Step.DECLARE_BLOCKERS)
    session = ENGINE.start(state)
    for bad in (
        pass_priority(1),
        ninjutsu(ninja, "c99"),
        ninjutsu(attacker, attacker),
        ninjutsu(ninja, attacker, player=1),
        Action(ActionKind.DECLARE_ATTACKERS, 0),
        Action(ActionKind.CAST, 0, source=ninja),
    ):
        with pytest.raises(ActionRefused):
            session.apply(bad)
        assert blind(session.state(), {"characteristics"}) == state


def test_inconsistent_state_is_an_engine_error():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, attacking=P1)
    state = b.build(step=Step.PRECOMBAT_MAIN)
    with pytest.raises(EngineError, match=f"{bears} is attacking outside combat"):
        ENGINE.start(state)


def test_unparseable_card_is_an_engine_error():
    b = StateBuilder()
    b.permanent(creature("Quick Flyer", 1, 1, "Flash"), 0)  # flash: a keyword no component reads
    with pytest.raises(EngineError, match=r"Quick Flyer.*Flash"):
        ENGINE.start(b.build())


# -- oracle parsing ---------------------------------------------------------------------------


def test_oracle_lines():
    ninja = parse_card(NINJA)
    assert [(n.variant, n.cost) for n in ninja.ninjutsu] == [("ninjutsu", ("1", "U"))]
    assert len(ninja.damage_triggers) == 1
    assert (
        parse_card(
            CardData("Commander Ninja", ("Creature",), text="Commander ninjutsu {2}{B}", power="1", toughness="1")
        )
        .ninjutsu[0]
        .variant
        == "commander ninjutsu"
    )
    assert parse_card(FS_KNIGHT).has(FIRST_STRIKE) and parse_card(DS_KNIGHT).has(DOUBLE_STRIKE)
    listed = CardData("K", ("Creature",), keywords=("Double strike",), power="1", toughness="1")
    assert parse_card(listed).has(DOUBLE_STRIKE) and not parse_card(listed).has(FIRST_STRIKE)
    assert [a.symbol for a in parse_card(ISLAND).mana_abilities] == ["U"]
    assert [a.symbol for a in parse_card(ELF).mana_abilities] == ["G"]
    named = parse_card(creature("Herald", 1, 1, "Whenever Herald attacks, you gain 3 life."))
    assert [(t.scope, t.amount) for t in named.attack_triggers] == [("self", 3)]
    assert parse_card(WALKER).mana_abilities == () and parse_card(CardData("Vanilla", ("Creature",))).power is None


@pytest.mark.parametrize(
    "text",
    ["Flash", "Ninjutsu {1}{U/B}", "Whenever this creature attacks, draw a card.", "Ninjutsu", "{T}: Add {U}{U}."],
)
def test_oracle_refuses_unknown_lines(text):
    with pytest.raises(UnsupportedCard) as info:
        parse_card(creature("Oddity", 1, 1, text))
    assert "Oddity" in str(info.value)


def test_supports():
    assert ENGINE.supports(frozenset({"mechanic:ninjutsu", "mechanic:first-strike", "mechanic:priority"}))
    assert ENGINE.supports(frozenset({"mechanic:ninjutsu", "mechanic:library-ninjutsu", "mechanic:search"}))
    assert ENGINE.supports(frozenset({"mechanic:ninjutsu", "mechanic:commander-ninjutsu"}))
    answer = ENGINE.supports(frozenset({"mechanic:x"}))
    assert not answer and "mechanic:x" in answer.reason
    assert (ENGINE.name, ENGINE.version) == ("reference", "0.1.0")


def test_decisions_are_pluggable():
    def every_attack_triggers(combat, game, perm, declared):
        return True

    engine = ReferenceEngine(decisions={"combat.fires_attack_triggers_for": every_attack_triggers})
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    b.permanent(HERALD, 0)
    ninja = b.put(FS_NINJA, 0)
    b.permanent(ISLAND, 0)
    session = engine.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    session.apply(ninjutsu(ninja, bears))
    events = pass_both(session)
    assert EventKind.TRIGGER in kinds(events)


def test_ninja_that_left_and_came_back_is_a_new_object():
    b = StateBuilder()
    x = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    y = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    first = b.put(FS_NINJA, 0)  # {U}
    second = b.put(FS_NINJA, 0)
    for _ in range(3):
        b.permanent(ISLAND, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    session.apply(ninjutsu(first, x))
    session.apply(ninjutsu(first, y))
    pass_both(session)  # s2 puts the first Ninja in
    session.apply(ninjutsu(second, first))  # ... and the second Ninja sends it back to hand
    assert first in session.state().player(0).hand
    pass_both(session)  # the second Ninja enters
    events = pass_both(session)  # s1: its Ninja left the hand since activation (400.7)
    assert [(e.kind, e.card, e.detail) for e in events] == [(EventKind.RESOLVE, first, "did nothing")]
    state = session.state()
    assert first in state.player(0).hand and state.permanent(second).attacking == P1
    check(state)


# -- random play keeps the contract --------------------------------------------------------------


def _walk_start(kind: int) -> GameState:
    b = StateBuilder()
    if kind == 0:  # before combat, both sides with creatures, lands, Ninjas
        (
            b.permanent(BEARS, 0),
            b.permanent(FS_KNIGHT, 0),
            b.permanent(HERALD, 0),
            b.permanent(DS_KNIGHT, 1),
            b.permanent(BEARS, 1),
        )
        b.permanent(WALKER, 1), b.permanent(SIEGE, 0, protector=1), b.permanent(ELF, 0)
        b.put(NINJA, 0), b.put(FS_NINJA, 0), b.put(NINJA, 1)
        for _ in range(3):
            b.permanent(ISLAND, 0), b.permanent(ISLAND, 1)
            b.put(BEARS, 0, Zone.LIBRARY), b.put(BEARS, 1, Zone.LIBRARY)
        return b.build(turn=2, step=Step.BEGINNING_OF_COMBAT, priority=0)
    state, _, _ = combat_state(Step.DECLARE_BLOCKERS, islands=4)
    return state


def test_attackers_are_neither_blocked_nor_unblocked_while_blockers_are_declared():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1)
    state = b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=None, pending=DeclareBlockers(1))
    assert problems(state) == []
    session = ENGINE.start(state)
    assert blind(session.state(), {"characteristics"}) == state
    assert [a.blocks for a in session.legal_actions()] == [()]  # player 1 has no creatures
    session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1))
    assert session.state().permanent(bears).blocked is False


def test_unimplemented_pending_choice_and_stack_item_are_engine_errors(new_decision_kind):
    state = StateBuilder().build(step=Step.PRECOMBAT_MAIN, priority=None, pending=new_decision_kind(0))
    with pytest.raises(EngineError, match=f"does not implement {new_decision_kind.kind} choices"):
        ENGINE.start(state)
    b = StateBuilder()
    bears = b.permanent(BEARS, 0)
    with pytest.raises(EngineError, match="cannot resolve"):
        ENGINE.start(b.build(stack=(StackItem("s1", "activated", bears, 0, "pump"),)))


def test_fields_the_engine_does_not_use_survive_and_per_turn_flags_reset():
    state = StateBuilder().build(step=Step.END, priority=0, turn=2)
    state = state.replace(players=(dataclasses.replace(state.player(0), searched_library=True), state.player(1)))
    session = ENGINE.start(state)
    assert blind(session.state(), {"characteristics"}) == state
    pass_both(session)
    assert session.state().player(0).searched_library is False


@given(kind=st.integers(0, 1), picks=st.lists(st.integers(0, 50), max_size=40))
def test_random_play_keeps_states_consistent_and_round_tripping(kind, picks):
    session = ENGINE.start(_walk_start(kind))
    for pick in picks:
        actions = session.legal_actions()
        assert actions, session.state()
        session.apply(actions[pick % len(actions)])
        state = session.state()
        assert problems(state) == []
        assert state.actor is not None
        assert ENGINE.start(state).state() == state


def test_a_defeated_siege_waits_for_its_trigger_and_is_exiled():
    """310.11b: removing a Siege's last defense counter triggers its intrinsic ability; 704.5v
    leaves it on the battlefield while that trigger has not left the stack; the trigger exiles
    it (the model's battles have no back face to cast). A battle that is no Siege goes to the
    graveyard by 704.5v alone."""
    b = StateBuilder()
    siege = b.permanent(SIEGE, 0, protector=1)
    ogre = b.permanent(OGRE, 0, tapped=True, attacking=at_battle(siege), blocked=False)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    events = pass_both(session)
    assert damage_of(events) == [(ogre, siege, 5, "regular")]
    state = session.state()
    assert state.permanent(siege) is not None and state.permanent(siege).counter("defense") == 0
    assert [(item.source, item.kind) for item in state.stack] == [(siege, "triggered")]
    check(state)
    pass_both(session)
    state = session.state()
    assert state.permanent(siege) is None and siege in state.player(0).exile and not state.stack
    assert siege not in state.player(0).graveyard

    plain = dataclasses.replace(SIEGE, name="Plain Battle", subtypes=())
    b = StateBuilder()
    battle = b.permanent(plain, 0, protector=1)
    b.permanent(OGRE, 0, tapped=True, attacking=at_battle(battle), blocked=False)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    pass_both(session)
    state = session.state()
    assert battle in state.player(0).graveyard and not state.stack


def test_a_line_of_keywords_joined_by_commas_reads_as_those_keywords():
    """702.1: printed cards list several keywords on one line, "Flying, first strike,
    vigilance"; each part is read as its keyword. A comma inside another ability does not split
    it: such a line is still refused as a whole."""
    card = creature("Shepherd", 2, 3, "Flying, first strike, vigilance", ("Flying", "First strike", "Vigilance"))
    assert parse_card(card).keywords == {"flying", "first strike", "vigilance"}
    with pytest.raises(UnsupportedCard):
        parse_card(creature("Odd", 1, 1, "Flying, draw a card."))
    with pytest.raises(UnsupportedCard):
        parse_card(creature("Odder", 1, 1, "Flying, shadow"))
