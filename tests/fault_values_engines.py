"""Test doubles for hostile text and hostile values: adapters whose messages, reasons, events and
exported states are what a careless or hostile engine would hand the harness.

Loaded in-process as ``fault_values_engines:<Class>`` and in a worker as
``isolated:fault_values_engines:<Class>`` (the tests put this directory on PYTHONPATH). The
session machinery is the fault matrix's (``fault_engines``): one card in hand, "pass priority"
the only legal action; ``activate`` with ability ``"fault"`` does the engine's fault.
"""

from __future__ import annotations

import dataclasses
import os
import sys

from fault_engines import FaultSession, GoodEngine

from engines.reference import ReferenceEngine
from protocol.adapter import ActionRefused, Support
from protocol.model import Action, ActionKind, Event, EventKind, GameState

#: Everything an engine's text can do to a terminal or an XML file: set the window title (OSC),
#: clear the screen, colour (a coloured Rust panic), ring the bell, NUL, NEL (C1), DEL, and a
#: newline followed by lines that pass for the harness's own summary.
HOSTILE = (
    "\x1b]0;pwned\x07\x1b[2J\x1b[H\x1b[1;31mthread 'main' panicked\x1b[0m at src/lib.rs:7"
    " NUL\x00 NEL\x85 DEL\x7f BEL\x07 CSI\x9b"
    "\n== 94 passed in 0.01s ==\npass\r== all green =="
)
#: What must never appear raw in an artifact or on the console: C0 but newline/tab/CR, DEL, C1.
RAW_CONTROLS = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]"


# -- hostile text -------------------------------------------------------------------------------


class _SupportsAll(GoodEngine):
    """Says yes to every requirement, so the case reaches ``start()``."""

    def supports(self, requires: frozenset[str]) -> Support:
        return Support.yes()


class HostileRaise(_SupportsAll):
    """Raises an exception whose message is hostile text in ``start()``: an ``error`` per case."""

    name = "hostile\x1b[2J"
    version = "1.0\x1b]0;owned\x07"

    def start(self, state: GameState) -> FaultSession:
        print(HOSTILE)  # captured by pytest and shown with the failure
        print(HOSTILE, file=sys.stderr)
        raise ValueError(HOSTILE)


class HostileUnsupported(GoodEngine):
    """Says no to everything with a hostile reason: ``unsupported``, the reason shown."""

    def supports(self, requires: frozenset[str]) -> Support:
        return Support.no(HOSTILE)


class _RefusingSession:
    """The reference engine's session, but every action is refused with hostile text and the
    state's events carry it too: a ``fail`` whose observed value and trace are hostile."""

    def __init__(self, inner: object):
        self._inner = inner

    def state(self) -> GameState:
        return self._inner.state()  # type: ignore[attr-defined, no-any-return]

    def legal_actions(self) -> list[Action]:
        return self._inner.legal_actions()  # type: ignore[attr-defined, no-any-return]

    def apply(self, action: Action) -> list[Event]:
        raise ActionRefused(HOSTILE)

    def close(self) -> None:
        self._inner.close()  # type: ignore[attr-defined]


class HostileRefuse(ReferenceEngine):
    """The reference engine refusing every action with a hostile reason."""

    def __init__(self) -> None:
        super().__init__(name="hostile-refuse")

    def start(self, state: GameState) -> _RefusingSession:  # type: ignore[override]
        return _RefusingSession(super().start(state))


class HostileDies(_SupportsAll):
    """Prints a coloured panic to stderr and dies in ``start()`` (isolated: the worker's stderr
    tail carries the escapes into the reason)."""

    def start(self, state: GameState) -> FaultSession:
        sys.stderr.write(HOSTILE + "\n")
        sys.stderr.flush()
        os._exit(101)


__all__ = [
    "HOSTILE",
    "RAW_CONTROLS",
    "HostileDies",
    "HostileRaise",
    "HostileRefuse",
    "HostileUnsupported",
]


# -- hostile values: exports that break the model ---------------------------------------------


def _deep(depth: int) -> object:
    """A tuple nested ``depth`` levels deep (built without recursion)."""
    value: object = "c1"
    for _ in range(depth):
        value = (value,)
    return value


def _bad_player(state: GameState, **changes: object) -> GameState:
    """``state`` with player 0's fields set past the dataclass's types (as an engine that builds
    its export from its own numbers and lists would)."""
    player = dataclasses.replace(state.players[0])
    for name, value in changes.items():
        object.__setattr__(player, name, value)
    return state.replace(players=(player, state.players[1]))


def _looped_state(state: GameState) -> GameState:
    """A state whose hand holds a list that holds itself."""
    loop: list[object] = ["c1"]
    loop.append(loop)
    return _bad_player(state, hand=loop)


#: How each value fault changes the exported state (after the first action: the example has a
#: trace by then, which the record must keep).
BAD_STATES = {
    "nan-life": lambda s: _bad_player(s, life=float("nan")),
    "inf-life": lambda s: _bad_player(s, life=float("inf")),
    "float-life": lambda s: _bad_player(s, life=20.0),
    "list-hand": lambda s: _bad_player(s, hand=["c1"]),
    "deep-hand": lambda s: _bad_player(s, hand=_deep(50_000)),
    "self-reference": _looped_state,
    "bool-turn": lambda s: _set(s, turn=True),
    "str-step": lambda s: _set(s, step="precombat-main"),
}


def _set(state: GameState, **changes: object) -> GameState:
    copy = dataclasses.replace(state)
    for name, value in changes.items():
        object.__setattr__(copy, name, value)
    return copy


class _ValueSession(FaultSession):
    """Healthy until an action is applied; then its exports break the model (``BAD``)."""

    def __init__(self, state: GameState, bad: str):
        super().__init__(state, lambda: None)
        self._bad = bad
        self._broken = False

    def state(self) -> GameState:
        state = super().state()
        return BAD_STATES[self._bad](state) if self._broken else state

    def apply(self, action: Action) -> list[Event]:
        events = super().apply(action)
        self._broken = True
        return events


class ValueEngine(_SupportsAll):
    """Exports a state that breaks the model after its first action (which one: ``BAD``)."""

    BAD = ""

    def start(self, state: GameState) -> FaultSession:
        return _ValueSession(state, self.BAD)


def value_engine(bad: str) -> type[ValueEngine]:
    """The ``ValueEngine`` class for one entry of ``BAD_STATES``, by a name a worker can load."""
    name = "Value_" + bad.replace("-", "_")
    cls = globals().get(name)
    if cls is None:
        cls = type(name, (ValueEngine,), {"BAD": bad})
        globals()[name] = cls
    return cls


def __getattr__(name: str) -> type[ValueEngine]:
    """``fault_values_engines:Value_<bad>`` names a value engine (for worker processes)."""
    if name.startswith("Value_"):
        return value_engine(name.removeprefix("Value_").replace("_", "-"))
    raise AttributeError(name)


# -- faults in what the adapter says about itself -----------------------------------------------


class _NoBool:
    """An answer that cannot be made a bool (a lazy engine value whose truth raises)."""

    def __bool__(self) -> bool:
        raise RuntimeError("the engine's answer has no truth value \x1b[31myet\x1b[0m")


class UnboolableSupport(GoodEngine):
    """``supports()`` answers with a ``Support`` whose ``ok`` raises when made a bool."""

    def supports(self, requires: frozenset[str]) -> Support:
        return Support(_NoBool())  # type: ignore[arg-type]


class RaisingVersion(GoodEngine):
    """An adapter whose ``version`` property asks the engine, which raises."""

    @property  # type: ignore[override]
    def version(self) -> str:
        raise RuntimeError("engine library not initialised: cannot tell its version")


class DeepAnswer(_SupportsAll):
    """Isolated: writes an answer nested 200,000 levels deep onto the protocol channel (as an
    engine in another language could send), before its own answer to the same request."""

    def start(self, state: GameState) -> FaultSession:
        from harness import worker

        assert worker.CHANNEL is not None
        worker.CHANNEL.write(b'{"id": 1, "result": ' + b"[" * 200_000 + b"]" * 200_000 + b"}\n")
        worker.CHANNEL.flush()
        return FaultSession(state, self.fault)


class _BadEventSession(FaultSession):
    """Answers a pass with a life change of NaN."""

    def apply(self, action: Action) -> list[Event]:
        super().apply(action)
        return [Event(EventKind.LIFE, player=0, amount=float("nan"))]  # type: ignore[arg-type]


class _BadActionSession(FaultSession):
    """Offers a pass for player ``0.0`` besides the real one."""

    def legal_actions(self) -> list[Action]:
        return [*super().legal_actions(), Action(ActionKind.PASS_PRIORITY, 0.0)]  # type: ignore[arg-type]


class NanEvent(_SupportsAll):
    """Reports a life change of NaN."""

    def start(self, state: GameState) -> FaultSession:
        return _BadEventSession(state, self.fault)


class FloatAction(_SupportsAll):
    """Offers an action whose player is a float."""

    def start(self, state: GameState) -> FaultSession:
        return _BadActionSession(state, self.fault)


# -- item 11: reads that change the game, actions written into ----------------------------------


class _ChangingSession(FaultSession):
    """Every read of the state costs player 1 a life: the export moves with each ``state()``."""

    def state(self) -> GameState:
        p1 = self._state.players[1]
        self._state = self._state.replace(players=(self._state.players[0], dataclasses.replace(p1, life=p1.life - 1)))
        return self._state


class ChangesOnRead(_SupportsAll):
    def start(self, state: GameState) -> FaultSession:
        return _ChangingSession(state, self.fault)


class _ScribblingSession(FaultSession):
    """Writes into the action it is handed (the frozen record and an attack target inside it),
    then refuses it: the refusal's record must show the action the check applied."""

    def apply(self, action: Action) -> list[Event]:
        object.__setattr__(action, "player", 1)
        object.__setattr__(action, "source", "scribbled")
        for _, target in action.attacks:
            object.__setattr__(target, "player", 9)
        raise ActionRefused("no")


class ScribblesOnAction(_SupportsAll):
    def start(self, state: GameState) -> FaultSession:
        return _ScribblingSession(state, self.fault)
