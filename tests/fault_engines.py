"""Test doubles for process isolation: tiny adapters that fail in one chosen way.

Each is loaded in a worker as ``fault_engines:<Class>`` (the tests put this directory on the
worker's PYTHONPATH). A session echoes its start state, offers only "pass priority", and
answers a pass with a step event. Every other action is refused, except ``activate`` with
ability ``"fault"``, which triggers the engine's fault: the fault happens mid-session, after
the session proved healthy, as a real engine's would.
"""

from __future__ import annotations

import os
import sys
import time

from harness.protocol.adapter import ActionRefused, Support
from harness.protocol.model import Action, ActionKind, Event, EventKind, GameState, pass_priority


class FakePanic(BaseException):
    """Like ``pyo3_runtime.PanicException``: a BaseException that is not an Exception."""


class FaultSession:
    def __init__(self, state: GameState, fault):  # type: ignore[no-untyped-def]
        self._state = state
        self._fault = fault

    def state(self) -> GameState:
        return self._state

    def legal_actions(self) -> list[Action]:
        actor = self._state.actor
        return [] if actor is None else [pass_priority(actor)]

    def apply(self, action: Action) -> list[Event]:
        if action.kind is ActionKind.ACTIVATE and action.ability == "fault":
            self._fault()
            return []
        if action.kind is not ActionKind.PASS_PRIORITY:
            raise ActionRefused(f"{action.kind} is not legal here")
        self._state = self._state.replace(priority_passes=self._state.priority_passes + 1)
        return [Event(EventKind.STEP, detail=str(self._state.step))]

    def close(self) -> None:
        pass


class GoodEngine:
    name = "good"
    version = "1.0"

    def fault(self) -> None:
        """No fault: the healthy baseline."""

    def supports(self, requires: frozenset[str]) -> Support:
        missing = sorted(r for r in requires if r != "mechanic:priority")
        return Support.no(f"fake engine lacks {', '.join(missing)}") if missing else Support.yes()

    def start(self, state: GameState) -> FaultSession:
        return FaultSession(state, self.fault)


class RaisingEngine(GoodEngine):
    def fault(self) -> None:
        raise ValueError("boom: the engine raised")


class PanicEngine(GoodEngine):
    def fault(self) -> None:
        raise FakePanic("called `Option::unwrap()` on a `None` value")


class HangingEngine(GoodEngine):
    def fault(self) -> None:
        time.sleep(60)


class DyingEngine(GoodEngine):
    def fault(self) -> None:
        sys.stderr.write("fatal runtime error: stack overflow\n")
        sys.stderr.flush()
        os._exit(134)


class GarbageEngine(GoodEngine):
    """Writes garbage onto the protocol channel itself, as a native library holding the
    original stdout descriptor could."""

    def fault(self) -> None:
        from harness.run import worker

        assert worker.CHANNEL is not None
        worker.CHANNEL.write(b"this is not json\n")
        worker.CHANNEL.flush()


class PrintingEngine(GoodEngine):
    """Prints to stdout (Python and the raw descriptor): the worker must keep that off the channel."""

    def fault(self) -> None:
        print("hello from the engine")
        os.write(1, b"raw bytes on fd 1\n")


class BrokenImportEngine:
    def __init__(self) -> None:
        raise RuntimeError("engine library failed to initialise")
