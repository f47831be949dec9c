"""Moves every invariant needs: pass priority until something happens, find an action by meaning.

These act only through the :class:`~rulings.invariant.Probe`, so they work for every engine. An
engine that never gets where passing priority must lead (the stack never resolves, the step
never ends) breaks the protocol: that is an :class:`EngineError`, not a rules failure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from protocol.adapter import EngineError
from protocol.model import Action, ActionKind, Event, EventKind, GameState, Step, pass_priority
from protocol.probe import Probe, expect

#: Passes/declarations after which an engine that has not got anywhere is taken to be stuck.
MOVE_LIMIT = 60


def matches(
    action: Action,
    *,
    kind: ActionKind,
    source: str | None = None,
    ability: str | None = None,
    costs: Iterable[tuple[str, str]] = (),
) -> bool:
    """Whether ``action`` means this move: kind, source, ability and the given cost choices."""
    if action.kind is not kind:
        return False
    if source is not None and action.source != source:
        return False
    if ability is not None and action.ability != ability:
        return False
    return all(action.cost(key) == value for key, value in costs)


def offered(probe: Probe, **meaning: object) -> list[Action]:
    return [a for a in probe.legal_actions() if matches(a, **meaning)]  # type: ignore[arg-type]


def expect_forbidden(
    probe: Probe, action: Action, shown: list[Action], *, what: str, why: str, none_offered: str
) -> None:
    """The rules forbid ``action`` (``what`` ``why``): nothing like it is offered (``shown`` are
    the offered actions that would mean it), and the engine refuses it
    (:meth:`~protocol.probe.Probe.expect_refused`)."""
    expect(not shown, f"{what} offered {why}", expected=none_offered, observed=", ".join(map(str, shown)))
    probe.expect_refused(action, f"{what} accepted {why}")


def advance(probe: Probe) -> list[Event]:
    """One move that makes no choice: pass priority, or the least answer to the pending decision
    (``Decision.least``: declare no attackers / no blockers, find the least in a search, decline
    a "may-cast" offer, a canonical combat damage assignment)."""
    state = probe.state()
    actor = state.actor
    if actor is None:
        raise EngineError("the engine waits for no player: nobody has priority and no choice is pending")
    if state.pending is not None:
        return probe.apply(state.pending.least(probe.legal_actions))
    return probe.apply(pass_priority(actor))


def pass_until(probe: Probe, done: Callable[[GameState, list[Event]], bool], what: str) -> list[Event]:
    """Advance until ``done(state, events so far)``; the events seen on the way are returned."""
    events: list[Event] = []
    for _ in range(MOVE_LIMIT):
        if done(probe.state(), events):
            return events
        events.extend(advance(probe))
    raise EngineError(f"the engine did not reach {what} after {MOVE_LIMIT} passes")


def resolve_stack(probe: Probe) -> list[Event]:
    """Pass until the stack is empty (everything on it resolved or left)."""
    return pass_until(probe, lambda s, _: not s.stack, "an empty stack")


def pass_until_step(probe: Probe, steps: set[Step]) -> list[Event]:
    """Pass until the game is in one of ``steps`` with an empty stack."""
    return pass_until(probe, lambda s, _: s.step in steps and not s.stack, f"step {sorted(steps)}")


def events_of(events: Iterable[Event], kind: EventKind, card: str | None = None) -> list[Event]:
    return [e for e in events if e.kind is kind and (card is None or e.card == card)]
