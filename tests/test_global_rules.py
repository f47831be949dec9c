"""Each global rule of every game (protocol.global_rules) holds on a correct step and fails on a
hand-built step that breaks it, naming the CR rule; and it says when a step exercised it."""

from __future__ import annotations

import dataclasses

import pytest

from protocol.actions import Action, pass_priority
from protocol.builder import StateBuilder
from protocol.global_rules import (
    RULES,
    Transition,
    changes_have_events,
    objects_conserved,
    sba_performed,
    step_ends,
    steps_in_order,
)
from protocol.model import CardData, Event, EventKind, GameState, Step, Zone

BEARS = CardData("Grizzly Bears", ("Creature",), "{1}{G}", subtypes=("Bear",), power="2", toughness="2")
TITAN = CardData("Darksteel Titan", ("Creature",), "{6}", power="5", toughness="5", keywords=("Indestructible",))
ANTHEM = CardData("Glorious Anthem", ("Enchantment",), "{1}{W}{W}", text="Creatures you control get +1/+1.")
FOREST = CardData("Forest", ("Land",), supertypes=("Basic",), subtypes=("Forest",), text="({T}: Add {G}.)")


def board(**status: object) -> tuple[GameState, str, str]:
    """P0 in their precombat main phase with priority: a Grizzly Bears (with ``status``) and a
    Forest on the battlefield, a Forest in hand."""
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, **status)
    b.permanent(FOREST, 0)
    forest = b.put(FOREST, 0, zone=Zone.HAND)
    return b.build(step=Step.PRECOMBAT_MAIN, priority=0), bears, forest


def step(before: GameState, after: GameState, *events: Event, action: Action | None = None) -> Transition:
    return Transition(before, action or pass_priority(0), tuple(events), after)


def players(state: GameState, index: int, **changes: object) -> GameState:
    updated = [*state.players]
    updated[index] = dataclasses.replace(updated[index], **changes)  # type: ignore[arg-type]
    return state.replace(players=tuple(updated))


def permanent(state: GameState, card_id: str, **changes: object) -> GameState:
    return state.replace(
        battlefield=tuple(dataclasses.replace(p, **changes) if p.id == card_id else p for p in state.battlefield)  # type: ignore[arg-type]
    )


def test_every_rule_cites_rules_of_the_shipped_comprehensive_rules():
    from rulings.cr_text import shipped_rules

    rules = shipped_rules()
    for rule in RULES:
        assert rule.cr and all(n in rules for n in rule.cr), rule.id


# -- objects ------------------------------------------------------------------------------


def test_objects_conserved_holds_when_a_land_is_played():
    before, _, forest = board()
    moved = players(before, 0, hand=())
    after = moved.replace(battlefield=(*moved.battlefield, dataclasses.replace(moved.battlefield[0], id=forest)))
    assert objects_conserved(step(before, after)) == []


def test_a_vanished_card_breaks_objects_conserved():
    before, _, forest = board()
    after = players(before, 0, hand=()).replace(objects=tuple(o for o in before.objects if o.id != forest))
    assert any("vanished" in p and "400.1" in p for p in objects_conserved(step(before, after)))


def test_a_card_appearing_from_nowhere_or_changing_identity_breaks_objects_conserved():
    before, bears, _ = board()
    grown = before.replace(objects=(*before.objects, dataclasses.replace(before.objects[0], id="c99")))
    assert any("appeared" in p for p in objects_conserved(step(before, grown)))
    renamed = before.replace(
        objects=tuple(dataclasses.replace(o, owner=1) if o.id == bears else o for o in before.objects)
    )
    assert any("changed identity" in p for p in objects_conserved(step(before, renamed)))


# -- state-based actions ------------------------------------------------------------------


def test_lethal_damage_at_priority_breaks_the_state_based_actions_rule():
    before, _, _ = board()
    after, bears, _ = board(damage=2)
    assert any("704.5g" in p and bears in p for p in sba_performed(step(before, after)))
    assert sba_performed(step(before, board(damage=1)[0])) == []


def test_zero_toughness_breaks_it_even_with_indestructible_but_lethal_damage_does_not():
    b = StateBuilder()
    titan = b.permanent(TITAN, 0, damage=7)
    damaged = b.build(step=Step.PRECOMBAT_MAIN, priority=0)
    assert sba_performed(step(damaged, damaged)) == []  # 702.12b
    shrunk = permanent(damaged, titan, counters=(("-1/-1", 5),), damage=0)
    assert any("704.5f" in p for p in sba_performed(step(damaged, shrunk)))


def test_state_based_actions_are_not_judged_without_priority_or_under_a_toughness_effect():
    before, _, _ = board(damage=2)
    declaring = before.replace(priority=None)
    assert sba_performed(step(before, declaring)) == []
    b = StateBuilder()
    b.permanent(BEARS, 0, damage=2)
    b.permanent(ANTHEM, 0)
    anthem = b.build(step=Step.PRECOMBAT_MAIN, priority=0)
    assert sba_performed(step(anthem, anthem)) == []


def test_a_token_outside_the_battlefield_at_priority_breaks_the_rule():
    b = StateBuilder()
    token = b.permanent(BEARS, 0, token=True)
    before = b.build(step=Step.PRECOMBAT_MAIN, priority=0)
    after = players(before.replace(battlefield=()), 0, graveyard=(token,))
    assert any("704.5d" in p for p in sba_performed(step(before, after)))


# -- the turn -----------------------------------------------------------------------------


def test_steps_forward_and_into_the_next_players_turn_hold():
    before, _, _ = board()
    assert steps_in_order(step(before, before.replace(step=Step.BEGINNING_OF_COMBAT))) == []
    late = before.replace(step=Step.END)
    assert steps_in_order(step(late, late.replace(turn=2, active_player=1, step=Step.UPKEEP, priority=1))) == []


def test_a_step_back_a_repeated_turn_or_priority_in_the_untap_step_breaks_the_order():
    before, _, _ = board()
    assert any("500.1" in p for p in steps_in_order(step(before, before.replace(step=Step.UPKEEP))))
    assert any("the other player's" in p for p in steps_in_order(step(before, before.replace(turn=2))))
    untap = before.replace(turn=2, active_player=1, step=Step.UNTAP, priority=1)
    assert any("502.4" in p for p in steps_in_order(step(before, untap)))


def test_mana_left_after_a_step_breaks_the_step_end_rule():
    before, _, _ = board()
    after = players(before.replace(step=Step.BEGINNING_OF_COMBAT), 0, mana_pool=("G",))
    assert any("500.5" in p for p in step_ends(step(before, after)))
    assert step_ends(step(before, players(before, 0, mana_pool=("G",)))) == []  # the same step: mana stays


def test_damage_kept_or_permanents_left_tapped_into_the_next_turn_break_the_step_end_rule():
    before, bears, _ = board(damage=1, tapped=True)
    ended = before.replace(step=Step.END, active_player=1, priority=1)
    next_turn = ended.replace(turn=2, active_player=0, step=Step.UPKEEP, priority=0)
    problems = step_ends(step(ended, next_turn))
    assert any("514.2" in p for p in problems) and any("502.3" in p for p in problems)
    clean = permanent(next_turn, bears, damage=0, tapped=False)
    assert step_ends(step(ended, clean)) == []


# -- life, damage and counters ------------------------------------------------------------


def test_a_life_change_without_an_event_breaks_the_events_rule():
    before, _, _ = board()
    after = players(before, 1, life=18)
    assert any("119.3" in p for p in changes_have_events(step(before, after)))
    told = Event(EventKind.LIFE, player=1, amount=-2)
    assert changes_have_events(step(before, after, told)) == []
    dealt = Event(EventKind.DAMAGE, card="c1", target="player:1", amount=2)
    assert changes_have_events(step(before, after, dealt)) == []


def test_damage_or_counters_without_events_break_the_events_rule():
    before, bears, _ = board()
    hurt = permanent(before, bears, damage=1)
    assert any("120.3" in p for p in changes_have_events(step(before, hurt)))
    assert changes_have_events(step(before, hurt, Event(EventKind.DAMAGE, card="c2", target=bears, amount=1))) == []
    healed = permanent(hurt, bears, damage=0)
    assert any("514.2" in p for p in changes_have_events(step(hurt, healed)))
    countered = permanent(before, bears, counters=(("+1/+1", 1),))
    assert any("122.1" in p for p in changes_have_events(step(before, countered)))
    put = Event(EventKind.COUNTER, card=bears, detail="+1/+1", amount=1)
    assert changes_have_events(step(before, countered, put)) == []


def test_damage_beyond_a_battles_defense_removes_the_counters_it_has():
    """120.3h: damage removes that many defense counters, as many as the battle has: a Siege
    with 1 defense dealt 2 stays at 0 while its 310.11b trigger waits (the reference engine)."""
    b = StateBuilder()
    siege = b.permanent(CardData("Siege 1", ("Battle",), "{2}{R}", subtypes=("Siege",), defense="1"), 0, protector=1)
    before = b.build(turn=2, active_player=0, step=Step.COMBAT_DAMAGE, priority=0)
    emptied = permanent(before, siege, counters=(("defense", 0),))
    dealt = Event(EventKind.DAMAGE, card="c9", target=siege, amount=2)
    assert changes_have_events(step(before, emptied, dealt)) == []
    short = Event(EventKind.DAMAGE, card="c9", target=siege, amount=0)
    assert any("122.1" in p for p in changes_have_events(step(before, emptied, short)))


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_each_rule_holds_on_a_step_that_changes_nothing(rule):
    before, _, _ = board()
    quiet = step(before, before)
    assert rule.judge(quiet) == []


def test_a_rule_is_exercised_only_by_a_step_it_speaks_of():
    by_id = {r.id: r for r in RULES}
    before, bears, _ = board()
    quiet = step(before, before)
    assert not by_id["steps-in-order"].exercised(quiet)
    assert not by_id["changes-have-events"].exercised(quiet)
    assert by_id["sba-before-priority"].exercised(quiet)
    moved = step(before, before.replace(step=Step.BEGINNING_OF_COMBAT))
    assert by_id["steps-in-order"].exercised(moved) and by_id["steps-end"].exercised(moved)
    hurt = step(before, permanent(before, bears, damage=1))
    assert by_id["changes-have-events"].exercised(hurt)
    declaring = before.replace(priority=None)
    assert not by_id["sba-before-priority"].exercised(step(before, declaring))
