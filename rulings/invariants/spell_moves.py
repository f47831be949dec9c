"""Moves around casting and playing cards, for every engine: cast, play a land, decline a
"may-cast" choice, find what is offered for a card, follow a card's zone and the tokens.

Like :mod:`rulings.invariants.driving` these act only through the Probe.
"""

from __future__ import annotations

from collections.abc import Callable

from protocol.adapter import EngineError
from protocol.decisions import MayCast
from protocol.model import Action, ActionKind, Event, GameState, Zone
from protocol.probe import Probe, Violation, expect
from rulings.invariants.driving import MOVE_LIMIT, advance


def cast(player: int, card: str, *targets: str) -> Action:
    return Action(ActionKind.CAST, player, source=card, targets=tuple(targets))


def play_land(player: int, card: str) -> Action:
    return Action(ActionKind.PLAY_LAND, player, source=card)


def decline(player: int) -> Action:
    """Cast none of the cards a "may-cast" choice offers."""
    return Action(ActionKind.CHOOSE_CARDS, player)


def play_action(state: GameState, player: int, card: str) -> Action:
    """Playing ``card``: a land is played, anything else cast."""
    return play_land(player, card) if state.data_of(card).is_type("Land") else cast(player, card)


def offered_for(
    probe: Probe | list[Action],
    card: str,
    kinds: tuple[ActionKind, ...] = (ActionKind.CAST, ActionKind.PLAY_LAND),
    alternative: bool | None = None,
) -> list[Action]:
    """The offered actions (of the probe, or of a list already asked for) that cast or play
    ``card`` (``alternative``: only those with / without an alternative cost such as sneak;
    ``None``: both)."""
    out = []
    for a in probe if isinstance(probe, list) else probe.legal_actions():
        if a.kind not in kinds or a.source != card:
            continue
        if alternative is not None and (a.cost("alternative") is not None) != alternative:
            continue
        out.append(a)
    return out


def may_cast(state: GameState, card: str | None = None) -> bool:
    """Whether the game waits for a "may-cast" choice (of ``card``)."""
    pending = state.pending
    return isinstance(pending, MayCast) and (card is None or card in pending.cards)


def pass_until_may_cast(probe: Probe, card: str) -> list[Event]:
    """Advance until a "may-cast" choice offers ``card`` (choices for other cards are declined)."""
    events: list[Event] = []
    for _ in range(MOVE_LIMIT):
        state = probe.state()
        if may_cast(state, card):
            return events
        events += advance(probe)
    raise EngineError(f"the engine offered no choice to cast {card} after {MOVE_LIMIT} moves")


def watch_until(
    probe: Probe, done: Callable[[GameState], bool], forbidden: Callable[[GameState], str | None], what: str
) -> list[Event]:
    """Advance until ``done``; every state on the way (and the last) must pass ``forbidden``
    (which returns a message of what went wrong, or ``None``)."""
    events: list[Event] = []
    for _ in range(MOVE_LIMIT * 2):
        state = probe.state()
        problem = forbidden(state)
        if problem is not None:
            raise Violation(problem, expected=what, observed=f"{state.step} of turn {state.turn}: {problem}")
        if done(state):
            return events
        events += advance(probe)
    raise EngineError(f"the engine did not reach {what} after {MOVE_LIMIT * 2} moves")


def tokens_on_battlefield(state: GameState, controller: int) -> list[str]:
    return [p.id for p in state.battlefield if p.controller == controller and state.obj(p.id).token]


def zone_name(state: GameState, card: str) -> str:
    zone = state.zone_of(card)
    return str(zone) if zone is not None else "no zone"


def whose_turn(state: GameState, player: int) -> str:
    return "their own turn" if state.active_player == player else "the opponent's turn"


def in_zone(state: GameState, card: str, zone: Zone) -> bool:
    return state.zone_of(card) is zone


def expect_in_zone(state: GameState, card: str, zone: Zone, failure: str, expected: str) -> None:
    """A check that ``card`` is in ``zone`` in ``state``; the failure names where it is instead."""
    expect(in_zone(state, card, zone), failure, expected=expected, observed=f"{card} in {zone_name(state, card)}")
