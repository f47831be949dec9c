"""Reaching a window by play, for the checks: :func:`protocol.reach.reach_by_play` (pass
priority from an earlier state until the engine stops in the step with the right player holding
priority, or a Violation listing the steps it went through), then let whatever waits on the
stack there resolve, so a check starts in the step with an empty stack.

That an engine can *load* a state inside a step proves nothing about its own turn structure: a
check about a step loads an earlier state (for combat: the declare blockers step with blockers
declared) and gets there by play.
"""

from __future__ import annotations

from protocol.model import GameState, Step
from protocol.probe import Probe, Violation
from protocol.reach import reach_by_play as reach_step
from rulings.invariants.driving import MOVE_LIMIT, advance


def reach_by_play(probe: Probe, step: Step, player: int) -> GameState:
    """Reach ``step`` by play with ``player`` holding priority (see the module docstring), then
    pass until the stack there is empty and ``player`` holds priority again in the same step."""
    state = reach_step(probe, step, player)
    for _ in range(MOVE_LIMIT):
        if not state.stack and state.pending is None and state.priority == player:
            return state
        if state.step is not step:
            break
        advance(probe)
        state = probe.state()
    raise Violation(
        f"the engine left the {step} step before player {player} got priority with an empty stack",
        expected=f"player {player} with priority in {step} once the stack has resolved",
        observed=f"{state.step}, priority {state.priority}, stack of {len(state.stack)}",
    )
