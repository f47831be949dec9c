"""SIGTERM and SIGINT: stop the run, keep what it found, leave no process behind.

A CI system cancels a job with SIGTERM (then SIGKILL a few seconds later); a user presses
Ctrl-C. Python's default for SIGTERM is to die on the spot, writing nothing and leaving engine
workers running. Here both signals raise :class:`RunInterrupted` in the main thread: pytest
treats it as an interruption, the plugin writes the results gathered so far marked
``"complete": false``, and the callbacks registered with :func:`on_signal` (the isolation
layer's "kill every worker's process group") run at once, so a worker hung in a call cannot
hold the run up.

:class:`RunInterrupted` is a ``KeyboardInterrupt``, so everything that already stops on Ctrl-C
stops on it. It also tells the harness's interruption apart from a ``KeyboardInterrupt`` an
engine raises on its own, which is a fault of that engine (an ``error`` verdict), not a reason
to stop the run.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType

_callbacks: list[Callable[[], None]] = []
_received: list[str] = []
_installed = False


class RunInterrupted(KeyboardInterrupt):
    """The harness was asked to stop (SIGINT or SIGTERM)."""

    def __init__(self, name: str):
        super().__init__(f"{name} received: stopping the run")
        self.signal_name = name


def on_signal(callback: Callable[[], None]) -> None:
    """Run ``callback`` (which must not block) when SIGINT or SIGTERM arrives."""
    if callback not in _callbacks:
        _callbacks.append(callback)


def received() -> str | None:
    """The first stop signal this process got (``"SIGTERM"``), or None."""
    return _received[0] if _received else None


def installed() -> bool:
    return _installed


def _handler(signum: int, frame: FrameType | None) -> None:
    name = signal.Signals(signum).name
    _received.append(name)
    for callback in list(_callbacks):
        try:
            callback()
        except Exception:  # noqa: BLE001 - cleanup is best effort; the interruption must happen
            pass
    raise RunInterrupted(name)


def install() -> None:
    """Handle SIGINT and SIGTERM in this process (main thread only; idempotent)."""
    global _installed
    if _installed or threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _handler)
    _installed = True


def is_harness_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` means "stop the run" rather than "the engine broke".

    With the handlers installed, only :class:`RunInterrupted` does: a bare ``KeyboardInterrupt``
    raised inside an engine call is the engine's own. Without them (the harness used as a
    library), every ``KeyboardInterrupt`` is the user's."""
    if isinstance(exc, RunInterrupted):
        return True
    return isinstance(exc, KeyboardInterrupt) and not _installed


__all__ = ["RunInterrupted", "install", "installed", "is_harness_interrupt", "on_signal", "received"]
