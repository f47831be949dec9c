"""Reaching a window by play: pass priority from a state every engine has until the engine stops
in the step the ruling is about, with the right player holding priority.

That an engine can *load* a state inside a step proves nothing about its own turn structure: an
engine that never gives priority in (say) the combat damage step could still answer inside a
state loaded there. So a check about a step loads an earlier state (for combat: the declare
blockers step with blockers declared) and passes until it gets there. An engine that goes past
the step, or never hands the right player priority in it, fails the ruling with the steps it
went through as the counterexample.
"""

from __future__ import annotations

from harness.protocol.model import STEP_ORDER, GameState, Step
from harness.protocol.probe import Probe, Violation
from rulings.invariants.driving import MOVE_LIMIT, advance


def _stop(state: GameState) -> str:
    holder = f"player {state.priority}" if state.priority is not None else "nobody"
    extra = f", stack of {len(state.stack)}" if state.stack else ""
    pending = f", {state.pending.kind} pending" if state.pending is not None else ""
    return f"turn {state.turn} {state.step} ({holder}{extra}{pending})"


def _past(state: GameState, turn: int, step: Step) -> bool:
    """Whether ``state`` is beyond ``step`` of ``turn`` (a later step, or a later turn)."""
    return state.turn > turn or (state.turn == turn and STEP_ORDER.index(state.step) > STEP_ORDER.index(step))


def reach_by_play(probe: Probe, step: Step, player: int) -> GameState:
    """Advance (pass priority, or make the choice that changes least) until the game is in
    ``step`` of the current turn with ``player`` holding priority, an empty stack and no choice
    pending; the state there. A :class:`Violation` when the engine passes the step (or the turn
    ends) without stopping there: its message lists every stop the engine made on the way."""
    start = probe.state()
    turn = start.turn
    stops: list[str] = [_stop(start)]
    for _ in range(MOVE_LIMIT):
        state = probe.state()
        if state.step is step and state.priority == player and not state.stack and state.pending is None:
            return state
        if _past(state, turn, step) or (state.step is step and state.priority is None and state.pending is None):
            break
        advance(probe)
        now = probe.state()
        if _stop(now) != stops[-1]:
            stops.append(_stop(now))
    raise Violation(
        f"the engine never stopped in the {step} step with player {player} holding priority (reached by passing "
        f"priority from the {start.step} step)",
        expected=f"a stop in turn {turn} {step} with player {player} holding priority and an empty stack",
        observed="went through: " + " -> ".join(stops),
    )
