"""The bounds every engine call runs under, and the clipping of engine text.

The engine is untrusted: it may be slow, hang, print without end, or raise an exception whose
message is megabytes long or not even valid Unicode. Each of those must cost one case a bounded
amount of time, memory and report space, never the whole run. The numbers live here, in one
frozen value, with defaults a user can change from the command line (``mtg-conformance run
--call-timeout ...``); ``docs/reliability.md`` lists them.

The run layer sets the limits once per process (:func:`configure`), before any engine is loaded;
isolated engines and the runner read them with :func:`current`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """Time limits in seconds (``0`` means none), sizes in bytes or characters."""

    #: One engine call (state, legal_actions, apply, close). Isolated: the worker is killed.
    #: In-process: an alarm interrupts Python code (native code that holds the GIL is not
    #: interruptible in-process: run such an engine ``isolated:``).
    call: float = 10.0
    #: Starting a worker (importing the engine) and loading a state.
    start: float = 60.0
    #: One example: every call of one drawn scenario together.
    example: float = 60.0
    #: One invariant on one engine: the whole Hypothesis search, shrinking included.
    invariant: float = 600.0
    #: The whole run; cases not started when it is reached are not run (the run is incomplete).
    run: float = 0.0
    #: The slow-engine breaker (harness.pace): an invariant ends as ``error`` when the mean time of
    #: the engine's last ``slow_calls`` calls is above this share of the call limit (0: never).
    slow_share: float = 0.5
    slow_calls: int = 5
    #: Engine time (its session calls) per engine in one run process; past it, its later cases are
    #: ``error`` at once (0: none).
    engine_budget: float = 3600.0
    #: Address-space limit of a worker process, in MiB (0: none).
    memory_mb: int = 4096
    #: How much of a worker's stderr is kept (its tail), in bytes.
    stderr_bytes: int = 64 * 1024
    #: Longest engine message (error text, observed value) kept in a result, in characters.
    message_chars: int = 4000
    #: Longest answer line a worker may send, in bytes (a state of 10,000 objects is ~2 MiB).
    answer_bytes: int = 64 * MiB

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or value != value:
                raise ValueError(f"limit {f.name} must be a number >= 0, got {value!r}")


_current = Limits()


def current() -> Limits:
    """The limits of this process's run."""
    return _current


def configure(limits: Limits) -> None:
    """Set the limits of this process's run (the CLI and the pytest plugin call it)."""
    global _current
    _current = limits


# -- the run's clock: shared by the pytest-xdist workers through the controller's start time ----

_run_started: float | None = None
_run_limit: float = 0.0


def start_run_clock(limit: float, started: float | None = None) -> None:
    """Start (or, in a pytest-xdist worker, join) the run's clock; ``limit`` 0 means none."""
    global _run_started, _run_limit
    _run_started = time.time() if started is None else started
    _run_limit = limit


def run_started() -> float:
    return time.time() if _run_started is None else _run_started


def run_time_left() -> float | None:
    """Seconds left of the run's time limit (None: no limit)."""
    if not _run_limit or _run_started is None:
        return None
    return _run_limit - (time.time() - _run_started)


TRUNCATED = "… [truncated: {} more characters]"
#: Events of one trace step kept in a result: an engine may report any number of them.
EVENTS_PER_STEP = 100
EVENTS_TRUNCATED = "… [truncated: {} more events]"


def clean_text(text: object, limit: int | None = None) -> str:
    """``text`` as a string that can always be written as UTF-8 and is at most about ``limit``
    characters long (default: the current message limit), with a marker saying what was cut.

    Lone surrogates (which Python strings may hold but UTF-8 cannot encode) are written as
    ``\\udXXX`` escapes, so one odd character in an engine's message cannot lose the run."""
    if not isinstance(text, str):
        try:
            text = str(text)
        except Exception as exc:  # noqa: BLE001 - an engine object whose __str__ raises
            text = f"<unprintable {type(text).__name__}: {type(exc).__name__}>"
    limit = _current.message_chars if limit is None else limit
    if limit and len(text) > limit:
        text = text[:limit] + TRUNCATED.format(len(text) - limit)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


__all__ = [
    "EVENTS_PER_STEP",
    "EVENTS_TRUNCATED",
    "TRUNCATED",
    "Limits",
    "MiB",
    "clean_text",
    "configure",
    "current",
    "run_started",
    "run_time_left",
    "start_run_clock",
]
