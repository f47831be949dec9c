"""The consequence helper fails on each wrong outcome an engine can produce, and passes the
right one (hand-built states: a land played, a creature returned, a library searched)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generators import cards
from generators.scenery import SCENERY_CARDS
from protocol.builder import StateBuilder
from protocol.model import GameState, Permanent, Zone
from protocol.probe import Violation
from rulings.invariants.consequences import Consequences, expect_consequences

BEAR = SCENERY_CARDS["creature"]


def board() -> tuple[GameState, dict[str, str]]:
    """Player 0: a land in exile, a land in hand, a creature of player 1's under their control,
    a library of three; player 1: a library of two."""
    b = StateBuilder()
    ids = {
        "exiled": b.put(cards.basic_land("G"), 0, Zone.EXILE),
        "hand": b.put(cards.basic_land("U"), 0, Zone.HAND),
        "borrowed": b.permanent(BEAR, 0, owner=1),
    }
    for i in range(3):
        ids[f"lib0-{i}"] = b.put(cards.basic_land("W"), 0, Zone.LIBRARY)
    for i in range(2):
        ids[f"lib1-{i}"] = b.put(cards.basic_land("B"), 1, Zone.LIBRARY)
    return b.build(), ids


def moved(state: GameState, card: str, to: Zone, player: int, **seat: object) -> GameState:
    """``state`` with ``card`` taken from wherever it is and put in ``player``'s ``to`` zone."""
    players = []
    for p in state.players:
        changes: dict[str, object] = {
            z.value: tuple(c for c in p.zone(z) if c != card) for z in (Zone.HAND, Zone.EXILE)
        }
        if p.index == player and to is not Zone.BATTLEFIELD:
            changes[to.value] = (*changes.get(to.value, p.zone(to)), card)  # type: ignore[arg-type]
        if p.index == player:
            changes.update(seat)
        players.append(replace(p, **changes))
    battlefield = tuple(q for q in state.battlefield if q.id != card)
    if to is Zone.BATTLEFIELD:
        battlefield += (Permanent(card, player),)
    return state.replace(players=tuple(players), battlefield=battlefield)


def land_rules(ids: dict[str, str]) -> Consequences:
    return Consequences(moved={ids["exiled"]: Zone.BATTLEFIELD}, land_plays={0: 1})


def test_land_from_exile_done_right_passes() -> None:
    before, ids = board()
    after = moved(before, ids["exiled"], Zone.BATTLEFIELD, 0, land_plays_left=0)
    expect_consequences(before, after, "playing the exiled land", land_rules(ids))


def test_land_from_exile_that_uses_no_land_play_fails() -> None:
    before, ids = board()
    after = moved(before, ids["exiled"], Zone.BATTLEFIELD, 0)  # land_plays_left still 1
    with pytest.raises(Violation, match="land plays left"):
        expect_consequences(before, after, "playing the exiled land", land_rules(ids))


def test_a_card_that_moved_with_it_fails() -> None:
    before, ids = board()
    after = moved(before, ids["exiled"], Zone.BATTLEFIELD, 0, land_plays_left=0)
    after = moved(after, ids["hand"], Zone.BATTLEFIELD, 0)  # the hand land came along
    with pytest.raises(Violation, match="cards moved that nothing"):
        expect_consequences(before, after, "playing the exiled land", land_rules(ids))


def test_returned_to_the_controllers_hand_not_the_owners_fails() -> None:
    before, ids = board()
    rules = Consequences(moved={ids["borrowed"]: (Zone.HAND, 1)})
    expect_consequences(before, moved(before, ids["borrowed"], Zone.HAND, 1), "returning it", rules)
    with pytest.raises(Violation, match="did not go where"):
        expect_consequences(before, moved(before, ids["borrowed"], Zone.HAND, 0), "returning it", rules)


def test_library_order_kept_unless_shuffled() -> None:
    before, _ = board()
    library = before.player(0).library
    seat = replace(before.player(0), library=tuple(reversed(library)))
    after = before.replace(players=(seat, before.player(1)))
    with pytest.raises(Violation, match="changed its order"):
        expect_consequences(before, after, "searching player 1's library", Consequences(shuffled={1}))
    expect_consequences(before, after, "searching player 0's library", Consequences(shuffled={0}))
    lost = before.replace(players=(before.player(0), replace(before.player(1), library=())))
    with pytest.raises(Violation, match="lost or gained"):
        expect_consequences(before, lost, "shuffling", Consequences(shuffled={1}))


def tapped(state: GameState, card: str) -> GameState:
    return state.replace(battlefield=tuple(replace(p, tapped=True) if p.id == card else p for p in state.battlefield))


def test_tapping_only_what_the_action_may_use() -> None:
    """``tap_ok``: a permanent the action may tap (a cost paid from it) passes; any other tapped
    fails; ``None`` leaves tapping unchecked."""
    before, ids = board()
    after = tapped(before, ids["borrowed"])
    expect_consequences(before, after, "paying from it", Consequences(tap_ok=[ids["borrowed"]]))
    expect_consequences(before, after, "tapping unchecked", Consequences())
    with pytest.raises(Violation, match="tapped or untapped"):
        expect_consequences(before, after, "a free action", Consequences(tap_ok=()))
