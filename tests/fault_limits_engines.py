"""Test doubles for the limits an engine must not be able to switch off, and for processes.

Each engine is healthy except at one call, where it does what a careless or hostile engine does:
budgets its own search with ``signal.alarm`` (cancelling the harness's timer), installs its own
SIGALRM handler, leaves a thread running, starts a helper in a session of its own (``setsid``),
or answers every call slowly. A worker process loads them as ``fault_limits_engines:<Class>``
(the tests put this folder on its PYTHONPATH). The session echoes its start state, offers "pass
priority" and answers it with a step event, like ``fault_engines.FaultSession``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from types import FrameType

from fault_engines import HELPER_PIDS

from engines.reference import ReferenceEngine
from protocol.adapter import ActionRefused, Session, Support
from protocol.model import Action, ActionKind, Event, EventKind, GameState, pass_priority


class SearchBudgetSpent(Exception):
    """What an engine's own alarm handler raises when its search budget is spent."""


class LimitsSession:
    """A healthy session that calls its engine's :meth:`LimitsEngine.misbehave` at every call."""

    def __init__(self, engine: LimitsEngine, state: GameState):
        self._engine = engine
        self._state = state

    def state(self) -> GameState:
        self._engine.misbehave("state")
        return self._state

    def legal_actions(self) -> list[Action]:
        self._engine.misbehave("legal_actions")
        actor = self._state.actor
        return [] if actor is None else [pass_priority(actor)]

    def apply(self, action: Action) -> list[Event]:
        self._engine.misbehave("apply")
        if action.kind is not ActionKind.PASS_PRIORITY:
            raise ActionRefused(f"{action.kind} is not legal here")
        self._state = self._state.replace(priority_passes=self._state.priority_passes + 1)
        return [Event(EventKind.STEP, detail=str(self._state.step))]

    def close(self) -> None:
        self._engine.misbehave("close")


class LimitsEngine:
    """The healthy baseline: it misbehaves nowhere."""

    name = "limits"
    version = "1.0"

    def __init__(self) -> None:
        #: Calls made so far, per call name (a fault may wait for a later call).
        self.calls: dict[str, int] = {}

    def supports(self, requires: frozenset[str]) -> Support:
        return Support.yes()

    def start(self, state: GameState) -> LimitsSession:
        return LimitsSession(self, state)

    def misbehave(self, call: str) -> None:
        self.calls[call] = self.calls.get(call, 0) + 1


def _hang() -> None:
    """Sleep for good (restarted after any signal whose handler returns)."""
    while True:
        time.sleep(600)


def _spin() -> None:
    """Hang without a system call: pure Python, holding the interpreter."""
    n = 0
    while True:
        n += 1


# -- item 5: time limits an engine cannot switch off ------------------------------------------------


class AlarmOffThenSleep(LimitsEngine):
    """Cancels the alarm (``signal.alarm(0)``), then hangs in a sleep."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            signal.alarm(0)
            _hang()


class TimerOffThenSpin(LimitsEngine):
    """Cancels the real-time timer (``setitimer``), then hangs in a busy loop."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            signal.setitimer(signal.ITIMER_REAL, 0)
            _spin()


class OwnHandlerThenSleep(LimitsEngine):
    """Replaces the SIGALRM handler with one that does nothing, then hangs."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            signal.signal(signal.SIGALRM, lambda signum, frame: None)
            _hang()


class IgnoresAlarmThenSleep(LimitsEngine):
    """Ignores SIGALRM (``SIG_IGN``: the alarm is discarded, the sleep not even interrupted)."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
            _hang()


class OwnHandlerRaises(LimitsEngine):
    """Installs a handler that raises the engine's own exception, then hangs: the harness's alarm
    ends the call through it, and the verdict is still the harness's time-out."""

    def misbehave(self, call: str) -> None:
        if call == "apply":

            def budget_spent(signum: int, frame: FrameType | None) -> None:
                raise SearchBudgetSpent("my search budget is spent")

            signal.signal(signal.SIGALRM, budget_spent)
            _hang()


class OwnBudgetThenHang(LimitsEngine):
    """The usual game-AI pattern: every move is searched under the engine's own alarm (its own
    handler, ``alarm(budget)``, then ``alarm(0)`` and the old handler back), which cancels the
    harness's timer; a later call hangs."""

    def misbehave(self, call: str) -> None:
        super().misbehave(call)
        if call == "apply":
            self._search_move()
        elif call == "state" and self.calls.get("apply"):
            _hang()

    def _search_move(self) -> None:
        def budget_spent(signum: int, frame: FrameType | None) -> None:
            raise SearchBudgetSpent("out of time")

        previous = signal.signal(signal.SIGALRM, budget_spent)
        signal.alarm(30)
        try:
            time.sleep(0.01)  # the search, well within its budget
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)


# -- item 6: threads an engine leaves behind --------------------------------------------------------


#: Environment variable naming a file an engine writes when it starts to hang (so a test knows
#: when to interrupt the run).
HANGING = "MTG_FAULT_HANGING"


def leave_a_thread() -> None:
    """Start a non-daemon thread that never ends (a background search the engine forgot), once
    per process."""
    if not any(t.name == "engine-background-search" for t in threading.enumerate()):
        threading.Thread(target=_hang, name="engine-background-search", daemon=False).start()


class ReferenceLeavesThread(ReferenceEngine):
    """The reference engine (it passes), leaving a thread behind when it starts a session."""

    def start(self, state: GameState) -> Session:
        leave_a_thread()
        return super().start(state)


class ThreadThenHang(LimitsEngine):
    """Leaves a thread behind, then hangs in its first action (a run to interrupt)."""

    def misbehave(self, call: str) -> None:
        leave_a_thread()
        if call == "apply":
            path = os.environ.get(HANGING)
            if path:
                with open(path, "w", encoding="ascii") as f:
                    f.write(str(os.getpid()))
            _hang()


# -- item 7: processes an engine starts outside the worker's process group ---------------------------


def record_pid(pid: int) -> None:
    """Write ``pid`` to the file the environment names, so the test can look for it afterwards."""
    path = os.environ.get(HELPER_PIDS)
    if path:
        with open(path, "a", encoding="ascii") as f:
            f.write(f"{pid}\n")


def _sleeper(**popen: object) -> int:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"], **popen)  # type: ignore[call-overload]
    record_pid(proc.pid)
    return proc.pid


class SetsidHelper(LimitsEngine):
    """Starts a helper in a session of its own (``setsid``): out of the worker's process group."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            _sleeper(start_new_session=True)


class SetsidHelperCleanEnv(LimitsEngine):
    """The same with an environment of its own (nothing inherited from the worker)."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            _sleeper(start_new_session=True, env={"PATH": os.environ.get("PATH", "")})


class DaemonHelper(LimitsEngine):
    """Daemonizes a helper (fork, ``setsid``, fork, the middle process exits): the helper is
    nobody's child in the engine's tree any more."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            script = (
                "import os, subprocess, sys\n"
                "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'], start_new_session=True)\n"
                f"open({os.environ.get(HELPER_PIDS, os.devnull)!r}, 'a').write(f'{{p.pid}}\\n')\n"
                "os._exit(0)\n"
            )
            subprocess.run([sys.executable, "-c", script], start_new_session=True, check=True)


class SetsidHelperThenDie(LimitsEngine):
    """Starts a ``setsid`` helper, then its worker dies: nobody is left to end the helper but the harness."""

    def misbehave(self, call: str) -> None:
        if call == "apply":
            _sleeper(start_new_session=True)
            os._exit(1)


# -- item 9: an engine slow at every call ------------------------------------------------------------

#: Environment variable: seconds each call of :class:`SlowEveryCall` takes (default 0.3).
SLOW_SECONDS = "MTG_FAULT_SLOW_SECONDS"


class SlowEveryCall(LimitsEngine):
    """Answers every call correctly, but slowly: most of the call limit each time."""

    def misbehave(self, call: str) -> None:
        super().misbehave(call)
        time.sleep(float(os.environ.get(SLOW_SECONDS, "0.3")))
