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

import gc
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


def raise_if_stopping() -> None:
    """Raise :class:`RunInterrupted` if a stop signal has arrived.

    The handler raises where the main thread happens to be, and a few places swallow what is
    raised there: a garbage-collector callback (Hypothesis registers one) prints the exception
    and carries on. The handler has already killed every worker by then, so the run would go on
    against dead workers, take each death for an engine fault and shrink it, starting worker
    after worker. The places that wait on an engine or start an example call this, so a stop
    signal always ends the run, wherever its exception first landed."""
    if _received:
        raise RunInterrupted(_received[0])


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
    if _in_gc_callback(frame):
        return  # raised there it would be printed and dropped; raise_if_stopping() raises it next
    raise RunInterrupted(name)


def _in_gc_callback(frame: FrameType | None) -> bool:
    """Whether the main thread was interrupted inside a garbage-collector callback."""
    codes = {getattr(callback, "__code__", None) for callback in gc.callbacks}
    codes.discard(None)
    while frame is not None and codes:
        if frame.f_code in codes:
            return True
        frame = frame.f_back
    return False


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


__all__ = [
    "RunInterrupted",
    "install",
    "installed",
    "is_harness_interrupt",
    "on_signal",
    "raise_if_stopping",
    "received",
]
