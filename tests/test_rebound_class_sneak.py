"""The reference engine's permanent spells, cast triggers, counterspells, tokens, rebound, play
from exile, Class levels and sneak, on hand-built states with known outcomes (acting through the
Session protocol only)."""

from __future__ import annotations

import pytest

from engines.reference import ReferenceEngine, parse_card
from engines.reference.lines import LevelBar, Sneak
from engines.reference.oracle import with_levels
from engines.reference.testing import BEARS, HERALD, NINJA, P1, WALKER, at_walker
from generators.cards import basic_land
from generators.spell_cards import (
    COUNTERSPELL,
    FALLEN_SHINOBI,
    JESKAI_BALLER,
    NINJA_TEEN,
    class_card,
    life_spell,
    sneak_creature,
    vanilla,
)
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import check, problems
from protocol.decisions import DeclareBlockers, MayCast
from protocol.keywords import SNEAK
from protocol.model import (
    Action,
    ActionKind,
    CardData,
    DelayedTrigger,
    EventKind,
    GameState,
    PlayPermission,
    Step,
    Zone,
    pass_priority,
)

ENGINE = ReferenceEngine()
SWAMP, ISLAND, PLAINS, FOREST = (basic_land(c) for c in "BUWG")
REBOUND_SORCERY = life_spell("Sorcery", 2, rebound=True, cost="{W}")
SORCERY = life_spell("Sorcery", 3, cost="{2}{B}{B}")
INSTANT = life_spell("Instant", 1, cost="{1}{U}")


def cast(player: int, card: str, *targets: str, costs=()) -> Action:
    return Action(ActionKind.CAST, player, source=card, targets=tuple(targets), costs=tuple(costs))


def sneak(player: int, card: str, returned: str, index: int | None = None) -> Action:
    return SNEAK.use(player, card, returned, choice=index)


def level_up(player: int, card: str, level: int) -> Action:
    return Action(ActionKind.ACTIVATE, player, source=card, ability=f"level:{level}")


def advance(session) -> list:
    """Pass priority, or the least answer to a pending decision (declare nothing, decline a
    may-cast choice)."""
    state = session.state()
    if state.pending is not None:
        return session.apply(state.pending.least(session.legal_actions))
    return session.apply(pass_priority(state.priority))


def until(session, done, limit: int = 80) -> list:
    events = []
    for _ in range(limit):
        if done(session.state()):
            return events
        events += advance(session)
    raise AssertionError("not reached")


def resolve_all(session) -> list:
    return until(session, lambda s: not s.stack and s.pending is None)


def libraries(b: StateBuilder, n: int = 3) -> None:
    for player in (0, 1):
        for _ in range(n):
            b.put(BEARS, player, Zone.LIBRARY)


# -- card lines --------------------------------------------------------------------------------


def test_card_lines_of_the_seed_cards():
    teen = parse_card(NINJA_TEEN).card_lines
    assert [level for level, _ in with_levels(teen)] == [1, 2, 2, 3, 3, 3]
    assert [b.ability for b in teen if isinstance(b, LevelBar)] == ["level:2", "level:3"]
    assert [b.cost for b in teen if isinstance(b, LevelBar)] == [("1", "B"), ("B",)]
    assert parse_card(sneak_creature(2, 2, ("{1}{B}", "{U}"))).card_lines == (Sneak(("1", "B")), Sneak(("U",)))
    assert parse_card(FALLEN_SHINOBI).ninjutsu and parse_card(FALLEN_SHINOBI).card_lines
    assert len(parse_card(JESKAI_BALLER).card_lines) == 2


# -- permanent spells, cast triggers, counterspells, tokens ------------------------------------


def test_creature_spell_resolves_onto_the_battlefield_summoning_sick_at_sorcery_speed():
    b = StateBuilder()
    bear = b.put(vanilla(2, 2), 0)
    b.permanent(FOREST, 0), b.permanent(FOREST, 0)
    session = ENGINE.start(b.build(turn=2, step=Step.BEGINNING_OF_COMBAT, priority=0))
    with pytest.raises(ActionRefused, match="cannot cast"):
        session.apply(cast(0, bear))
    session = ENGINE.start(b.build(turn=2, step=Step.PRECOMBAT_MAIN, priority=0))
    assert cast(0, bear) in session.legal_actions()
    session.apply(cast(0, bear))
    resolve_all(session)
    perm = session.state().permanent(bear)
    assert perm is not None and perm.controller == 0 and perm.summoning_sick and not perm.tapped


def test_jeskai_baller_from_hand_makes_a_token_first_then_is_exiled_and_rebounds():
    b = StateBuilder()
    baller = b.put(JESKAI_BALLER, 0)
    for _ in range(3):
        b.permanent(PLAINS, 0)
    libraries(b)
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(cast(0, baller))
    stack = session.state().stack
    assert [(s.kind, s.source) for s in stack] == [("spell", baller), ("triggered", baller)]
    assert stack[0].choice("cast-from") == "hand"
    events = resolve_all(session)
    entered = [e.card for e in events if e.kind is EventKind.ZONE_CHANGE and e.to_zone is Zone.BATTLEFIELD]
    assert entered == ["t1"]  # the Athlete token; Jeskai Baller never enters
    state = check(session.state())
    assert state.zone_of(baller) is Zone.EXILE
    assert state.obj("t1").token and state.data_of("t1").power == "1"
    assert state.delayed == (DelayedTrigger("rebound", baller, 0),)
    # At the next upkeep of its controller: cast it without paying its mana cost; it enters.
    until(session, lambda s: isinstance(s.pending, MayCast))
    state = session.state()
    assert state.turn == 5 and state.step is Step.UPKEEP and state.delayed == ()
    assert set(session.legal_actions()) == {Action(ActionKind.CHOOSE_CARDS, 0), cast(0, baller)}
    tapped_before = sum(p.tapped for p in state.battlefield)
    session.apply(cast(0, baller))
    resolve_all(session)
    state = session.state()
    assert state.permanent(baller) is not None and state.delayed == ()
    assert sum(p.tapped for p in state.battlefield) == tapped_before  # no mana paid
    assert len([o for o in state.objects if o.token]) == 2


def test_declining_rebound_leaves_the_card_in_exile_for_good():
    b = StateBuilder()
    spell = b.put(REBOUND_SORCERY, 0, Zone.EXILE)
    libraries(b)
    session = ENGINE.start(
        b.build(turn=3, step=Step.UPKEEP, priority=None, delayed=(DelayedTrigger("rebound", spell, 0),))
    )
    state = session.state()
    assert state.delayed == () and state.stack[-1].ability == "rebound"
    until(session, lambda s: s.pending is not None)
    session.apply(Action(ActionKind.CHOOSE_CARDS, 0))
    events = until(session, lambda s: s.turn == 5 and s.step is Step.DRAW)
    assert not [e for e in events if e.kind is EventKind.TRIGGER and e.card == spell]
    assert session.state().zone_of(spell) is Zone.EXILE


def rebound_upkeep(card_data, others=()):
    """A session at the moment player 0's upkeep begins with ``card_data`` exiled by rebound,
    advanced to rebound's "may cast" choice (or the end of the upkeep)."""
    b = StateBuilder()
    card = b.put(card_data, 0, Zone.EXILE)
    libraries(b)
    session = ENGINE.start(
        b.build(turn=3, step=Step.UPKEEP, priority=None, delayed=(DelayedTrigger("rebound", card, 0),))
    )
    until(session, lambda s: s.pending is not None or s.step is not Step.UPKEEP)
    return session, card


def test_a_rebound_card_targeting_a_player_is_cast_from_exile_at_the_target_chosen_then():
    session, card = rebound_upkeep(life_spell("Instant", 2, rebound=True, cost="{W}", targeted=True))
    assert isinstance(session.state().pending, MayCast)
    casts = [a for a in session.legal_actions() if a.kind is ActionKind.CAST]
    assert sorted(casts, key=str) == [cast(0, card, "player:0"), cast(0, card, "player:1")]
    with pytest.raises(ActionRefused, match="not a legal target"):
        session.apply(cast(0, card))  # 601.2c: the spell requires its target
    session.apply(cast(0, card, "player:1"))
    resolve_all(session)
    state = session.state()
    assert (state.player(0).life, state.player(1).life) == (20, 22)
    assert state.zone_of(card) is Zone.GRAVEYARD and state.delayed == ()


def test_a_rebound_counterspell_has_no_target_at_the_upkeep_and_stays_exiled():
    counter = CardData(
        "Echo Test U", ("Instant",), mana_cost="{U}", text="Counter target spell.\nRebound", keywords=("Rebound",)
    )
    session, card = rebound_upkeep(counter)
    assert session.legal_actions() == [Action(ActionKind.CHOOSE_CARDS, 0)]  # 601.2c: nothing to target
    for attempt in (cast(0, card), cast(0, card, card)):
        with pytest.raises(ActionRefused):
            session.apply(attempt)
    session.apply(Action(ActionKind.CHOOSE_CARDS, 0))
    until(session, lambda s: s.turn == 5 and s.step is Step.DRAW)
    assert session.state().zone_of(card) is Zone.EXILE and session.state().delayed == ()


def test_a_countered_rebound_spell_goes_to_the_graveyard_and_rebounds_nothing():
    b = StateBuilder()
    spell = b.put(REBOUND_SORCERY, 0)
    b.permanent(PLAINS, 0)
    counter = b.put(COUNTERSPELL, 1)
    b.permanent(ISLAND, 1)
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(cast(0, spell))
    session.apply(pass_priority(0))
    assert cast(1, counter, spell) in session.legal_actions()
    session.apply(cast(1, counter, spell))
    resolve_all(session)
    state = session.state()
    assert state.zone_of(spell) is Zone.GRAVEYARD and state.zone_of(counter) is Zone.GRAVEYARD
    assert state.delayed == () and state.player(0).life == 20


def test_a_rebound_spell_that_resolves_is_exiled_after_its_effect():
    b = StateBuilder()
    spell = b.put(REBOUND_SORCERY, 0)
    b.permanent(PLAINS, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(cast(0, spell))
    resolve_all(session)
    state = session.state()
    assert state.player(0).life == 22 and state.zone_of(spell) is Zone.EXILE
    assert state.delayed == (DelayedTrigger("rebound", spell, 0),)


def test_the_cast_trigger_resolves_even_if_the_spell_is_countered():
    b = StateBuilder()
    baller = b.put(JESKAI_BALLER, 0)
    for _ in range(3):
        b.permanent(PLAINS, 0)
    counter = b.put(COUNTERSPELL, 1)
    b.permanent(ISLAND, 1)
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(cast(0, baller))
    session.apply(pass_priority(0))
    session.apply(cast(1, counter, baller))
    resolve_all(session)
    state = session.state()
    assert state.zone_of(baller) is Zone.GRAVEYARD
    assert [p.id for p in state.battlefield if state.obj(p.id).token] == ["t1"]


def test_a_counterspell_whose_target_left_does_not_resolve():
    b = StateBuilder()
    spell = b.put(INSTANT, 0)
    b.permanent(ISLAND, 0), b.permanent(ISLAND, 0)
    first, second = b.put(COUNTERSPELL, 1), b.put(COUNTERSPELL, 1)
    b.permanent(ISLAND, 1), b.permanent(ISLAND, 1)
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(cast(0, spell))
    session.apply(pass_priority(0))
    session.apply(cast(1, first, spell))
    session.apply(cast(1, second, spell))  # both target the instant; the second resolves first
    events = resolve_all(session)
    assert [e.card for e in events if e.kind is EventKind.FIZZLE] == [first]
    state = session.state()
    assert {state.zone_of(c) for c in (spell, first, second)} == {Zone.GRAVEYARD}


def test_a_token_that_leaves_the_battlefield_ceases_to_exist():
    b = StateBuilder()
    ninja = b.put(NINJA, 0)
    b.permanent(ISLAND, 0), b.permanent(ISLAND, 0)
    state = b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0)
    token = "t1"
    state = state.replace(
        cards=state.cards + (BEARS,),
        objects=state.objects + (state.objects[0].__class__(token, BEARS.name, 0, token=True),),
        battlefield=state.battlefield
        + (state.battlefield[0].__class__(token, 0, tapped=True, attacking=P1, blocked=False),),
    )
    session = ENGINE.start(check(state))
    session.apply(Action(ActionKind.ACTIVATE, 0, source=ninja, ability="ninjutsu", costs=(("return", token),)))
    after = check(session.state())
    assert after.zone_of(token) is None and after.permanent(token) is None


# -- play from exile ----------------------------------------------------------------------------


def exile_board(step: Step, *, land_plays: int = 1, active: int = 0) -> tuple[GameState, dict[str, str]]:
    b = StateBuilder()
    cards = {
        "sorcery": b.put(SORCERY, 1, Zone.EXILE),
        "instant": b.put(INSTANT, 1, Zone.EXILE),
        "land": b.put(SWAMP, 1, Zone.EXILE),
    }
    libraries(b)
    b.players[0]["land_plays_left"] = land_plays
    state = b.build(
        turn=3,
        step=step,
        active_player=active,
        priority=0,
        permissions=tuple(PlayPermission(c, 0) for c in cards.values()),
    )
    return state, cards


def offered(session, card: str) -> bool:
    return any(a.source == card and a.kind in (ActionKind.CAST, ActionKind.PLAY_LAND) for a in session.legal_actions())


@pytest.mark.parametrize("step", [Step.UPKEEP, Step.BEGINNING_OF_COMBAT, Step.END])
def test_exiled_cards_keep_their_timing_outside_main_phases(step):
    state, cards = exile_board(step)
    session = ENGINE.start(state)
    assert offered(session, cards["instant"])
    assert not offered(session, cards["sorcery"]) and not offered(session, cards["land"])
    with pytest.raises(ActionRefused):
        session.apply(cast(0, cards["sorcery"]))
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.PLAY_LAND, 0, source=cards["land"]))


def test_exiled_cards_are_played_in_a_main_phase_without_paying_and_only_once():
    state, cards = exile_board(Step.PRECOMBAT_MAIN)
    session = ENGINE.start(state)
    assert all(offered(session, c) for c in cards.values())
    session.apply(Action(ActionKind.PLAY_LAND, 0, source=cards["land"]))
    assert session.state().permanent(cards["land"]).controller == 0
    assert session.state().player(0).land_plays_left == 0
    session.apply(cast(0, cards["sorcery"]))  # {2}{B}{B} and no mana: it costs nothing
    assert not offered(session, cards["instant"]) or session.state().stack  # instant still castable in response
    resolve_all(session)
    state = session.state()
    assert state.player(0).life == 23 and state.zone_of(cards["sorcery"]) is Zone.GRAVEYARD
    assert state.player(1).graveyard == (cards["sorcery"],)  # its owner's graveyard
    assert not offered(session, cards["sorcery"])
    with pytest.raises(ActionRefused):
        session.apply(cast(0, cards["sorcery"]))


def test_no_land_play_left_no_land_from_exile_and_not_on_the_opponents_turn():
    state, cards = exile_board(Step.PRECOMBAT_MAIN, land_plays=0)
    session = ENGINE.start(state)
    assert not offered(session, cards["land"]) and offered(session, cards["sorcery"])
    state, cards = exile_board(Step.PRECOMBAT_MAIN, active=1)
    session = ENGINE.start(state)
    assert offered(session, cards["instant"])
    assert not offered(session, cards["sorcery"]) and not offered(session, cards["land"])


def test_uncast_exiled_cards_stay_in_exile_when_the_permission_ends():
    state, cards = exile_board(Step.END)
    session = ENGINE.start(state)
    until(session, lambda s: s.turn == 4 and s.priority == 0)
    after = session.state()
    assert after.permissions == ()
    assert all(after.zone_of(c) is Zone.EXILE for c in cards.values())
    assert not offered(session, cards["instant"])


def test_fallen_shinobi_exiles_the_top_two_cards_and_lets_its_controller_play_them():
    b = StateBuilder()
    b.permanent(FALLEN_SHINOBI, 0, tapped=True, attacking=P1, blocked=False)
    top = [b.put(INSTANT, 1, Zone.LIBRARY), b.put(SWAMP, 1, Zone.LIBRARY)]
    rest = b.put(BEARS, 1, Zone.LIBRARY)
    session = ENGINE.start(b.build(turn=3, step=Step.COMBAT_DAMAGE, priority=None))
    resolve_all(session)
    state = session.state()
    assert state.player(1).life == 15 and state.player(1).library == (rest,)
    assert state.player(1).exile == tuple(top)
    assert {p.card for p in state.permissions} == set(top) and {p.player for p in state.permissions} == {0}
    assert offered(session, top[0]) and not offered(session, top[1])  # combat damage step: instant only


# -- Classes ------------------------------------------------------------------------------------


def class_board(levels: tuple[int, ...], swamps: int = 3, step: Step = Step.PRECOMBAT_MAIN):
    b = StateBuilder()
    classes = [
        b.permanent(NINJA_TEEN if i == 0 else class_card("{B}", "{B}"), 0, class_level=level)
        for i, level in enumerate(levels)
    ]
    for _ in range(swamps):
        b.permanent(SWAMP, 0)
    libraries(b)
    return b, classes, step


def test_a_class_enters_at_level_1_and_levels_up_through_the_stack_as_a_sorcery():
    b = StateBuilder()
    teen = b.put(NINJA_TEEN, 0)
    for _ in range(6):
        b.permanent(SWAMP, 0)
    libraries(b)
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(cast(0, teen))
    resolve_all(session)
    assert session.state().permanent(teen).class_level == 1
    actions = session.legal_actions()
    assert level_up(0, teen, 2) in actions and level_up(0, teen, 3) not in actions
    session.apply(level_up(0, teen, 2))
    state = session.state()
    assert state.permanent(teen).class_level == 1 and state.stack[-1].ability == "level:2"
    assert level_up(0, teen, 3) not in session.legal_actions()  # stack not empty; still level 1
    session.apply(pass_priority(0))
    assert session.state().priority == 1  # the opponent may respond
    session.apply(pass_priority(1))
    assert session.state().permanent(teen).class_level == 2
    assert level_up(0, teen, 2) not in session.legal_actions()
    with pytest.raises(ActionRefused, match="level 2"):
        session.apply(level_up(0, teen, 2))
    session.apply(level_up(0, teen, 3))
    resolve_all(session)
    assert session.state().permanent(teen).class_level == 3


@pytest.mark.parametrize("step", [Step.UPKEEP, Step.BEGINNING_OF_COMBAT, Step.END])
def test_level_abilities_only_as_a_sorcery(step):
    b, (teen,), _ = class_board((1,))
    session = ENGINE.start(b.build(turn=3, step=step, priority=0))
    assert level_up(0, teen, 2) not in session.legal_actions()
    with pytest.raises(ActionRefused, match="sorcery"):
        session.apply(level_up(0, teen, 2))


def test_each_class_keeps_its_own_level():
    b, (first, second), _ = class_board((1, 2))
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(level_up(0, second, 3))
    resolve_all(session)
    state = session.state()
    assert state.permanent(first).class_level == 1 and state.permanent(second).class_level == 3


def combat_with_classes(levels: tuple[int, ...]):
    b, _classes, _ = class_board(levels, swamps=0)
    attacker = b.permanent(vanilla(2, 1), 0, tapped=True, attacking=P1)
    blockers = [b.permanent(vanilla(1, 7), 1) for _ in range(2)]
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_ATTACKERS, priority=0))
    until(session, lambda s: isinstance(s.pending, DeclareBlockers))
    return session, attacker, blockers


@pytest.mark.parametrize("levels, pump, drain", [((1,), 0, 1), ((2,), 1, 1), ((3, 2), 2, 2), ((1, 3), 1, 2)])
def test_level_abilities_menace_pump_and_the_leaves_trigger(levels, pump, drain):
    session, attacker, (first, second) = combat_with_classes(levels)
    single = Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((first, attacker),))
    if pump:
        assert single not in session.legal_actions()
        with pytest.raises(ActionRefused, match="menace"):
            session.apply(single)
        session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((first, attacker), (second, attacker))))
    else:
        session.apply(single)
    events = until(session, lambda s: s.step is Step.END_OF_COMBAT and not s.stack)
    assert sum(e.amount for e in events if e.kind is EventKind.DAMAGE and e.card == attacker) == 2 + pump
    assert session.state().zone_of(attacker) is Zone.GRAVEYARD
    assert session.state().player(1).life == 20 - drain


# -- sneak --------------------------------------------------------------------------------------


def sneak_board(
    step: Step, *, blocked: bool | None = False, target=P1, teen_level: int | None = None, herald: bool = False
):
    b = StateBuilder()
    if target != P1:
        target = at_walker(b.permanent(WALKER, 1))
    attacker = b.permanent(
        BEARS, 0, tapped=True, attacking=target if step.is_combat else None, blocked=blocked if step.is_combat else None
    )
    sneaker = b.put(sneak_creature(3, 3, ("{1}{B}",)), 0)
    for _ in range(4):
        b.permanent(SWAMP, 0)
    if herald:
        b.permanent(HERALD, 0)
    grave = None
    if teen_level is not None:
        b.permanent(NINJA_TEEN, 0, class_level=teen_level)
        grave = b.put(sneak_creature(2, 2, ("{U}", "{B}"), cost="{2}{B}"), 0, Zone.GRAVEYARD)
        b.permanent(ISLAND, 0)
    libraries(b)
    return b.build(turn=3, step=step, priority=0), attacker, sneaker, grave


def test_sneak_casts_the_creature_tapped_and_attacking_the_same_target_without_attack_triggers():
    state, attacker, sneaker, _ = sneak_board(Step.DECLARE_BLOCKERS, target="walker", herald=True)
    session = ENGINE.start(state)
    assert sneak(0, sneaker, attacker) in session.legal_actions()
    session.apply(sneak(0, sneaker, attacker))
    mid = session.state()
    assert attacker in mid.player(0).hand and mid.stack[-1].choice("alternative") == "sneak"
    events = resolve_all(session)
    perm = session.state().permanent(sneaker)
    assert perm.tapped and perm.attacking == state.permanent(attacker).attacking and perm.blocked is False
    assert not [e for e in events if e.kind in (EventKind.ATTACK, EventKind.TRIGGER)]
    assert session.state().player(0).life == 20


@pytest.mark.parametrize("step", [Step.PRECOMBAT_MAIN, Step.DECLARE_ATTACKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT])
def test_sneak_only_in_the_declare_blockers_step(step):
    state, attacker, sneaker, _ = sneak_board(step, blocked=None if step is Step.DECLARE_ATTACKERS else False)
    session = ENGINE.start(state)
    assert not [a for a in session.legal_actions() if a.cost("alternative") == "sneak"]
    with pytest.raises(ActionRefused):
        session.apply(sneak(0, sneaker, attacker))


def test_sneak_cannot_return_a_blocked_attacker():
    b = StateBuilder()
    attacker = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=True)
    b.permanent(BEARS, 1, blocking=(attacker,))
    sneaker = b.put(sneak_creature(3, 3, ("{1}{B}",)), 0)
    b.permanent(SWAMP, 0), b.permanent(SWAMP, 0)
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert not [a for a in session.legal_actions() if a.cost("alternative") == "sneak"]
    with pytest.raises(ActionRefused, match="unblocked"):
        session.apply(sneak(0, sneaker, attacker))


def test_graveyard_sneak_with_ninja_teen_at_level_3_using_any_of_its_sneak_abilities():
    state, attacker, _, grave = sneak_board(Step.DECLARE_BLOCKERS, teen_level=3)
    session = ENGINE.start(state)
    shown = {a.cost("sneak") for a in session.legal_actions() if a.source == grave}
    assert shown == {"0", "1", "2"}  # {U}, {B} printed; {3}{B} from Ninja Teen
    with pytest.raises(ActionRefused):
        session.apply(cast(0, grave))  # never for its mana cost
    with pytest.raises(ActionRefused):
        session.apply(cast(0, grave, costs=(("alternative", "sneak"), ("sneak", "2"))))  # no creature returned
    session.apply(sneak(0, grave, attacker, index=2))
    resolve_all(session)
    assert session.state().permanent(grave).attacking == P1
    assert session.state().player(1).life == 19  # Ninja Teen's level 1 trigger: the returned creature left


@pytest.mark.parametrize(
    "level, step", [(2, Step.DECLARE_BLOCKERS), (3, Step.COMBAT_DAMAGE), (3, Step.POSTCOMBAT_MAIN)]
)
def test_no_graveyard_sneak_below_level_3_or_outside_declare_blockers(level, step):
    state, attacker, _, grave = sneak_board(step, teen_level=level)
    session = ENGINE.start(state)
    assert not [a for a in session.legal_actions() if a.source == grave]
    with pytest.raises(ActionRefused):
        session.apply(sneak(0, grave, attacker, index=0))


# -- the model ----------------------------------------------------------------------------------


def test_delayed_triggers_permissions_and_may_cast_choices_round_trip_and_are_checked():
    b = StateBuilder()
    card = b.put(REBOUND_SORCERY, 0, Zone.EXILE)
    state = b.build(
        turn=3,
        step=Step.UPKEEP,
        priority=0,
        delayed=(DelayedTrigger("rebound", card, 0),),
        permissions=(PlayPermission(card, 1),),
    )
    assert GameState.from_json(state.to_json()) == state and problems(state) == []
    waiting = ENGINE.start(state.replace(priority=None, permissions=()))
    pending = waiting.state()
    assert pending.stack and pending.stack[-1].ability == "rebound"
    waiting.apply(pass_priority(0)), waiting.apply(pass_priority(1))
    chosen = waiting.state()
    assert chosen.pending == MayCast(0, cards=(card,), resolving=chosen.stack[-1].id)
    assert GameState.from_json(chosen.to_json()) == chosen and problems(chosen) == []
    again = ENGINE.start(chosen)  # a loaded may-cast choice continues
    again.apply(cast(0, card))
    assert again.state().stack[-1].source == card
    bad = state.replace(delayed=(DelayedTrigger("rebound", "c99", 0),), permissions=(PlayPermission(card, 2),))
    assert len(problems(bad)) == 2
    assert problems(chosen.replace(pending=MayCast(0, cards=(card,), resolving="s9")))
