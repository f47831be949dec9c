"""Test doubles for process isolation: tiny adapters that fail in one chosen way.

Each is loaded in a worker as ``fault_engines:<Class>`` (the tests put this directory on the
worker's PYTHONPATH). A session echoes its start state, offers only "pass priority", and
answers a pass with a step event. Every other action is refused, except ``activate`` with
ability ``"fault"``, which triggers the engine's fault: the fault happens mid-session, after
the session proved healthy, as a real engine's would.
"""

from __future__ import annotations

import ctypes
import dataclasses
import itertools
import os
import subprocess
import sys
import time

from protocol.adapter import ActionRefused, Support
from protocol.model import (
    Action,
    ActionKind,
    CardData,
    CardInstance,
    Event,
    EventKind,
    GameState,
    PlayerState,
    Step,
    pass_priority,
)


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


class BlindEngine(GoodEngine):
    """A healthy engine that keeps no record of revealed cards (declared, not echoed)."""

    name = "blind"
    cannot_show = frozenset({"revealed"})


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
        from harness import worker

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


# -- the fault matrix ------------------------------------------------------------------------
#
# ``MatrixEngine`` subclasses misbehave in one way (HOW) at one point (WHERE: "load", "supports",
# "start", "state", "legal_actions", "apply" or "close"); :func:`fault_engine` makes (and caches)
# the class ``Fault_<where>_<how>`` so a worker process can load it by name as well.

NORMAL = object()
#: Environment variable naming a file where engines that start helper processes write their pids.
HELPER_PIDS = "MTG_FAULT_HELPER_PIDS"
_flips = itertools.count()
#: Environment variable naming a file where the flaky engine keeps its count.
FLIPS = "MTG_FAULT_FLIPS"


def matrix_state() -> GameState:
    """One card in player 0's hand, player 0 has priority in main phase 1."""
    return GameState(
        cards=(CardData("Island", ("Land",), supertypes=("Basic",), subtypes=("Island",)),),
        objects=(CardInstance("c1", "Island", 0),),
        players=(PlayerState(0, hand=("c1",)), PlayerState(1)),
        step=Step.PRECOMBAT_MAIN,
    )


def _record_pid(pid: int) -> None:
    path = os.environ.get(HELPER_PIDS)
    if path:
        with open(path, "a", encoding="ascii") as f:
            f.write(f"{pid}\n")


def _helper() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    _record_pid(proc.pid)
    return proc.pid


def _flip() -> int:
    """A count that survives the worker process being replaced (kept in the file the environment
    names), so an isolated engine is as nondeterministic as an in-process one."""
    path = os.environ.get(FLIPS)
    if not path:
        return next(_flips)
    try:
        with open(path, encoding="ascii") as f:
            count = int(f.read() or 0)
    except FileNotFoundError:
        count = 0
    with open(path, "w", encoding="ascii") as f:
        f.write(str(count + 1))
    return count


def _recurse(n: int = 0) -> int:
    return _recurse(n + 1) + 1


def _corrupt(state: GameState) -> GameState:
    """``state`` with player 0's hand also in their graveyard: cards in two zones."""
    p0 = state.players[0]
    return state.replace(players=(dataclasses.replace(p0, graveyard=p0.hand), state.players[1]))


def _how(how: str, where: str, state: GameState | None) -> object:
    """Do the fault; return NORMAL to carry on or a value to return instead."""
    if how == "raise":
        raise ValueError(f"boom in {where}")
    if how == "panic":
        raise FakePanic("called `Option::unwrap()` on a `None` value")
    if how == "system-exit":
        raise SystemExit(3)
    if how == "keyboard-interrupt":
        raise KeyboardInterrupt
    if how == "generator-exit":
        raise GeneratorExit
    if how == "recursion":
        _recurse()
    if how == "memory-error":
        raise MemoryError("out of memory")
    if how == "os-exit":
        os._exit(134)
    if how == "abort":  # a native crash: nothing in-process can catch it
        os.abort()
    if how == "sys-exit-0":
        sys.exit(0)
    if how == "hang":
        time.sleep(600)
    if how == "slow":
        time.sleep(0.4)
    if how == "flood-stderr":
        chunk = b"x" * (1 << 20)
        for _ in range(24):  # 24 MiB without a newline
            os.write(2, chunk)
    if how == "flood-stdout":
        chunk = b"y" * (1 << 20)
        for _ in range(24):
            os.write(1, chunk)
    if how == "huge-message":
        raise ValueError("x" * (5 << 20))
    if how == "surrogate-message":
        raise ValueError("bad byte \udc80 in the engine's message")
    if how == "leak":
        hoard = [bytearray(512 << 20) for _ in range(16)]  # 8 GiB: past the worker's memory limit
        return len(hoard)
    if how == "helper-then-die":
        _helper()
        os._exit(1)
    if how == "helper":
        _helper()
    if how == "fork":  # a child that lingers (a daemon the engine forgot)
        if os.fork() == 0:
            _record_pid(os.getpid())
            time.sleep(300)
            os._exit(0)
    if how == "fork-exit":  # the usual fork pattern: the child does its work and leaves with os._exit
        if os.fork() == 0:
            _record_pid(os.getpid())
            os._exit(0)
    if how == "fork-return":  # a child that returns into its caller (into the harness, in-process)
        if os.fork() == 0:
            _record_pid(os.getpid())
    if how == "native-fork-return":  # the same through the C library: no at-fork hook runs
        if ctypes.CDLL(None, use_errno=True).fork() == 0:
            _record_pid(os.getpid())
    if how == "none":
        return None
    if how == "wrong-type":
        return {"not": "what the protocol asks"}
    if how == "wrong-items":
        return ["not an action or event"]
    if how == "refuse":
        raise ActionRefused("priority cannot be passed now")
    if how == "inconsistent" and state is not None:
        return _corrupt(state)
    if how == "flood-events" and state is not None:  # 5,000 events, and a state that fails
        return _corrupt(state), [Event(EventKind.STEP, detail=f"event {i}") for i in range(5_000)]
    if how == "mutate-input" and state is not None:
        object.__setattr__(state, "turn", 99)
        raise ValueError("crashed after scribbling on its input")
    if how == "flaky":
        if _flip() % 2 == 0:
            raise ValueError("flaky: the engine failed this time")
    if how == "bare-bool":
        return True
    if how == "unsupported":
        return Support.no("this engine supports nothing")
    return NORMAL


class MatrixSession:
    def __init__(self, engine: MatrixEngine, state: GameState):
        self._engine = engine
        self._state = state

    def _fault(self, where: str) -> object:
        return _how(self._engine.HOW, where, self._state) if where == self._engine.WHERE else NORMAL

    def state(self) -> GameState:
        got = self._fault("state")
        return self._state if got is NORMAL else got  # type: ignore[return-value]

    def legal_actions(self) -> list[Action]:
        got = self._fault("legal_actions")
        actor = self._state.actor
        normal = [] if actor is None else [pass_priority(actor)]
        return normal if got is NORMAL else got  # type: ignore[return-value]

    def apply(self, action: Action) -> list[Event]:
        got = self._fault("apply")
        if got is not NORMAL:
            if isinstance(got, GameState):  # "inconsistent": the action corrupts the state
                self._state = got
                return []
            if isinstance(got, tuple):  # a corrupted state and the events to report
                self._state, events = got
                return events
            return got  # type: ignore[return-value]
        if action.kind is not ActionKind.PASS_PRIORITY:
            raise ActionRefused(f"{action.kind} is not legal here")
        self._state = self._state.replace(priority_passes=self._state.priority_passes + 1)
        return [Event(EventKind.STEP, detail=str(self._state.step))]

    def close(self) -> None:
        self._fault("close")


class MatrixEngine:
    name = "matrix"
    version = "1.0"
    WHERE = ""
    HOW = ""

    def __init__(self) -> None:
        if self.WHERE == "load":
            _how(self.HOW, "load", None)

    def supports(self, requires: frozenset[str]) -> Support:
        if self.WHERE == "supports":
            got = _how(self.HOW, "supports", None)
            if got is not NORMAL:
                return got  # type: ignore[return-value]
        return Support.yes()

    def start(self, state: GameState) -> MatrixSession:
        if self.WHERE == "start":
            got = _how(self.HOW, "start", state)
            if got is not NORMAL:
                return got  # type: ignore[return-value]
        return MatrixSession(self, state)


def fault_engine(where: str, how: str) -> type[MatrixEngine]:
    name = f"Fault_{where}_{how.replace('-', '_')}"
    cls = globals().get(name)
    if cls is None:
        cls = type(name, (MatrixEngine,), {"WHERE": where, "HOW": how})
        globals()[name] = cls
    return cls


def __getattr__(name: str) -> type[MatrixEngine]:
    """``fault_engines:Fault_<where>_<how>`` names a matrix engine (for worker processes)."""
    if name.startswith("Fault_"):
        _, where, how = name.split("_", 2)
        if where == "legal":  # legal_actions
            how = how.removeprefix("actions_")
            where = "legal_actions"
        return fault_engine(where, how.replace("_", "-"))
    raise AttributeError(name)
