"""Reaching a window by play: pass priority until the engine stops in a step, or show it never does.

A timing invariant can load a state directly inside the step it is about, but an engine that
never stops in that step (never gives a player priority there) can still load such a state and
answer inside it. :func:`reach_by_play` starts from a loaded state in an earlier step (the
latest one every engine surely has, e.g. declare blockers with blockers declared), makes only
moves that choose nothing (pass priority; the least answer to a turn-based decision on the way:
declare no attackers or no blockers, a canonical combat damage assignment, see
``Decision.passable_by_reach``), and requires that the engine stops in the target step with the
right player holding priority. Otherwise the :class:`~protocol.probe.Violation` lists the steps
the engine went through, with who held priority where it stopped.
"""

from __future__ import annotations

from protocol.adapter import ActionRefused
from protocol.model import (
    STEP_ORDER,
    EventKind,
    GameState,
    PlayerIndex,
    Step,
    pass_priority,
)
from protocol.probe import Probe, Violation

#: Moves after which an engine that has not reached the step is taken never to reach it.
REACH_LIMIT = 40


class _Path:
    """The steps the engine went through: where it stopped (and who was to act), and the steps
    its events say it entered without stopping."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, list[str]]] = []

    def add(self, step: str, note: str) -> None:
        if self.entries and self.entries[-1][0] == step:
            if note not in self.entries[-1][1]:
                self.entries[-1][1].append(note)
        else:
            self.entries.append((step, [note]))

    def stop(self, state: GameState) -> None:
        if state.pending is not None:
            who = state.pending.describe()
        elif state.priority is not None:
            who = f"P{state.priority} priority"
        else:
            who = "nobody to act"
        self.add(str(state.step), f"turn {state.turn}, {who}")

    def __str__(self) -> str:
        return " -> ".join(f"{step} [{'; '.join(notes)}]" for step, notes in self.entries)


def reach_by_play(probe: Probe, target: Step, actor: PlayerIndex, *, limit: int = REACH_LIMIT) -> GameState:
    """From the engine's current state, in a step before ``target`` of the same turn, move on
    by play until the engine stops in ``target`` with ``actor`` holding priority (no choice
    pending), and return that state. A :class:`Violation` when it passes ``target`` by, ends the
    turn, waits for a choice on the way, refuses to pass, or never gets there; ``ValueError``
    when the current state is not before ``target`` (the caller loaded the wrong state)."""
    start = probe.state()
    goal = STEP_ORDER.index(target)
    if STEP_ORDER.index(start.step) >= goal:
        raise ValueError(f"reach_by_play({target}) must start in an earlier step, not in {start.step}")
    path = _Path()

    def never(why: str) -> Violation:
        return Violation(
            f"the engine never stopped in {target} with P{actor} holding priority: {why}",
            expected=f"passing on from {start.step} reaches {target} with P{actor} holding priority",
            observed=f"steps: {path}",
        )

    for _ in range(limit):
        state = probe.state()
        path.stop(state)
        if state.turn != start.turn or STEP_ORDER.index(state.step) > goal:
            raise never(f"it went past {target}")
        if state.step is target and state.pending is None and state.priority == actor:
            return state
        if state.pending is not None:
            if not state.pending.passable_by_reach:  # a choice a spell or ability asks for
                raise never(f"it asked for a {state.pending.kind} choice on the way")
            move = state.pending.least(probe.legal_actions)
        elif state.priority is None:
            raise never("nobody holds priority and no choice is pending")
        else:
            move = pass_priority(state.priority)
        try:
            events = probe.apply(move)
        except ActionRefused as refusal:
            raise never(f"it refused {move} ({refusal})") from None
        for event in events:
            if event.kind is EventKind.STEP and event.detail:
                path.add(event.detail, "entered")
    raise never(f"not reached after {limit} moves")


__all__ = ["REACH_LIMIT", "reach_by_play"]
