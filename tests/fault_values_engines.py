"""Test doubles for hostile text and hostile values: adapters whose messages, reasons, events and
exported states are what a careless or hostile engine would hand the harness.

Loaded in-process as ``fault_values_engines:<Class>`` and in a worker as
``isolated:fault_values_engines:<Class>`` (the tests put this directory on PYTHONPATH). The
session machinery is the fault matrix's (``fault_engines``): one card in hand, "pass priority"
the only legal action; ``activate`` with ability ``"fault"`` does the engine's fault.
"""

from __future__ import annotations

import os
import sys

from fault_engines import FaultSession, GoodEngine

from engines.reference import ReferenceEngine
from protocol.adapter import ActionRefused, Support
from protocol.model import Action, Event, GameState

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
