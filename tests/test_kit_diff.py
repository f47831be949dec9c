"""Events derived from two states: each difference no reported event accounts for, and no more."""

from __future__ import annotations

from dataclasses import replace

from engines.kit.diff import DERIVED, derived_events
from protocol.builder import StateBuilder
from protocol.model import AttackTarget, CardData, Event, EventKind, GameState, Step, Zone

BEAR = CardData("Bear", ("Creature",), "{1}{G}", power="2", toughness="2")
LAND = CardData("Forest", ("Land",), supertypes=("Basic",), subtypes=("Forest",))


def board() -> tuple[GameState, dict[str, str]]:
    b = StateBuilder()
    cards = {
        "bear": b.permanent(BEAR, 0),
        "land": b.permanent(LAND, 0),
        "hand": b.put(BEAR, 0, Zone.HAND),
        "top": b.put(LAND, 1, Zone.LIBRARY),
        "next": b.put(BEAR, 1, Zone.LIBRARY),
    }
    return b.build(turn=2, step=Step.DECLARE_ATTACKERS, priority=0), cards


def with_permanent(state: GameState, card: str, **changes: object) -> GameState:
    return replace(state, battlefield=tuple(replace(p, **changes) if p.id == card else p for p in state.battlefield))


def test_nothing_changed_nothing_derived() -> None:
    state, _ = board()
    assert derived_events(state, state, []) == []


def test_each_kind_of_difference_is_derived_once() -> None:
    before, c = board()
    after = with_permanent(before, c["land"], tapped=True)
    after = with_permanent(after, c["bear"], damage=2, counters=(("+1/+1", 1),))
    p0, p1 = after.players
    after = replace(
        after,
        players=(replace(p0, life=17), replace(p1, library=tuple(reversed(p1.library)))),
        step=Step.DECLARE_BLOCKERS,
    )
    events = derived_events(before, after, [])
    assert events == [  # per permanent in battlefield order, then the players, the step, the libraries
        Event(EventKind.DAMAGE, target=c["bear"], amount=2, detail=DERIVED),
        Event(EventKind.COUNTER, card=c["bear"], detail="+1/+1", amount=1),
        Event(EventKind.TAP, card=c["land"], detail=DERIVED),
        Event(EventKind.LIFE, player=0, amount=-3, detail=DERIVED),
        Event(EventKind.STEP, detail=str(Step.DECLARE_BLOCKERS)),
        Event(EventKind.SHUFFLE, player=1, amount=2, detail=DERIVED),
    ]


def test_what_the_engine_reported_is_not_derived_again() -> None:
    before, c = board()
    after = with_permanent(before, c["land"], tapped=True)
    after = replace(after, players=(replace(after.players[0], life=18), after.players[1]))
    reported = [Event(EventKind.TAP, card=c["land"]), Event(EventKind.LIFE, player=0, amount=-2)]
    assert derived_events(before, after, reported) == []


def test_a_card_put_onto_the_battlefield_attacking_is_an_enter_attacking_event() -> None:
    before, c = board()
    p0 = before.players[0]
    target = AttackTarget.of_player(1)
    after = replace(
        before,
        players=(replace(p0, hand=()), before.players[1]),
        battlefield=before.battlefield + (replace(before.battlefield[0], id=c["hand"], attacking=target),),
    )
    events = derived_events(before, after, [])
    assert (
        Event(EventKind.ZONE_CHANGE, card=c["hand"], from_zone=Zone.HAND, to_zone=Zone.BATTLEFIELD, detail=DERIVED)
        in events
    )
    assert Event(EventKind.ENTER_ATTACKING, card=c["hand"], target="player:1") in events
    declared = [Event(EventKind.ATTACK, card=c["hand"], target="player:1")]  # declared: not "put onto" attacking
    assert not [e for e in derived_events(before, after, declared) if e.kind is EventKind.ENTER_ATTACKING]


def test_only_the_kinds_asked_for_are_derived() -> None:
    before, c = board()
    after = with_permanent(before, c["land"], tapped=True)
    after = replace(after, players=(replace(after.players[0], life=10), after.players[1]))
    assert [e.kind for e in derived_events(before, after, [], kinds={EventKind.LIFE})] == [EventKind.LIFE]


def test_a_library_in_a_new_order_of_other_cards_is_no_shuffle() -> None:
    """A card drawn changes the library but shuffles nothing."""
    before, c = board()
    p1 = before.players[1]
    after = replace(before, players=(before.players[0], replace(p1, library=(c["next"],), hand=(c["top"],))))
    kinds = [e.kind for e in derived_events(before, after, [])]
    assert EventKind.SHUFFLE not in kinds and kinds == [EventKind.ZONE_CHANGE]
