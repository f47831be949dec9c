"""Every call into an engine, contained: whatever it raises, returns or takes, one verdict.

The Probe (protocol layer) turns an engine's ``Exception`` into an ``error``; this module covers
the rest, for in-process engines as for isolated ones:

* a ``BaseException`` that is not the harness's own interruption (a pyo3 ``PanicException``,
  ``SystemExit``, a ``KeyboardInterrupt`` the engine raises itself, ``GeneratorExit``) is an
  engine fault, never a reason to stop the run;
* ``os._exit`` called by Python code in the engine raises instead of ending the process (a
  native ``abort()`` cannot be caught in-process: run such an engine ``isolated:``);
* a call returns the right kind of value (``None`` from ``apply()`` is a broken contract);
* a call, an example and an invariant take at most their time limits: isolated engines are
  killed by their worker's timeout, in-process Python code is interrupted by an alarm
  (``SIGALRM``, main thread only), and elapsed time is also checked after every call;
* an in-process engine cannot switch those limits off: one that uses ``signal.alarm`` for its
  own budget (replacing the harness's handler, or cancelling its timer) gets the harness's
  handler back after every call, and a watchdog thread signals the main thread when a deadline
  has passed and the alarm did not end the call (or the timer did not fire when it was due).
"""

from __future__ import annotations

import importlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

from harness.limits import clean_text
from harness.signals import is_harness_interrupt, raise_if_stopping
from protocol import codec
from protocol.adapter import ActionRefused, EngineAdapter, EngineError, Session, StateUnsupported
from protocol.clone import fresh
from protocol.model import Action, Event, GameState
from protocol.probe import Violation


class EngineTimeout(EngineError):
    """An engine call, example or invariant ran past its time limit."""


class StopSearch(BaseException):
    """The invariant's time limit is spent: stop Hypothesis at once (it re-raises
    BaseExceptions other than SystemExit and GeneratorExit without shrinking them)."""


class EngineExit(BaseException):
    """Raised in place of ``os._exit`` while an in-process engine runs."""

    def __init__(self, code: object):
        super().__init__(f"os._exit({code!r})")
        self.code = code


def exception_type(exc: BaseException) -> str:
    cls = type(exc)
    return cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"


def engine_fault(exc: BaseException, what: str) -> EngineError:
    """The EngineError for anything an engine raised in ``what`` (not a refusal)."""
    if isinstance(exc, EngineError):
        return exc
    return EngineError(f"engine raised {exception_type(exc)} in {what}: {clean_text(exc)}")


def reraise_if_harness(exc: BaseException) -> None:
    """Let the harness's own control flow through: its interruption and its search stop.

    After a stop signal, whatever the engine raised is taken for the interruption (the signal
    handler killed the workers, so a worker's death is the harness's doing, not the engine's)."""
    if is_harness_interrupt(exc) or isinstance(exc, StopSearch):
        raise exc
    raise_if_stopping()


# -- os._exit tripwire and fork containment ----------------------------------------------------
#
# An in-process engine that forks leaves a copy of the whole harness in its child: returning from
# the engine call, that copy would go on running the run (drawing examples, writing records).
# While an engine runs, ``os.fork`` is tracked: a child leaves (``os._exit``) as soon as control
# comes back to the harness, ``os._exit`` in a child really exits (the usual fork pattern), and
# children still alive when the block ends are killed and reaped, so none outlives its example.
# Every harness call checks a flag that an at-fork hook sets in the child (``os.register_at_fork``
# runs for every ``os.fork``, however the engine got hold of it), not the process id: a system
# call after each of the ~130,000 engine calls of a run was about 3 % of its CPU. A fork from
# native code runs no at-fork hook: its child is caught by the process id when the block ends (so
# before the example's verdict is recorded), but it is not reaped; run such an engine
# ``isolated:`` (its process group dies with the worker).

_real_exit = os._exit
_real_fork = os.fork
#: The harness process while an engine may run (None outside the tripwire), and the block depth.
_owner_pid: int | None = None
_depth = 0
#: Children forked through ``os.fork`` inside the tripwire, to kill and reap when it ends.
_children: list[int] = []


#: True in a child forked while the tripwire was armed (set by the at-fork hook below).
_forked_child = False


def _mark_forked_child() -> None:
    global _forked_child
    _forked_child = _forked_child or _owner_pid is not None


os.register_at_fork(after_in_child=_mark_forked_child)


def _pid_changed() -> bool:
    """In a child of the harness process, however it was forked (a system call: not per call)."""
    return _owner_pid is not None and os.getpid() != _owner_pid


def _tripwire(code: int) -> NoReturn:
    if _forked_child or _pid_changed():
        _real_exit(code)  # a child the engine forked leaves as the engine asked
    raise EngineExit(code)


def _tracked_fork() -> int:
    pid = _real_fork()
    if pid:
        _children.append(pid)
    return pid


def leave_if_forked() -> None:
    """In a child an in-process engine forked, now back in harness code: leave at once, silently
    (never flushing the harness's buffers), so only the harness process goes on with the run."""
    if _forked_child:
        _real_exit(0)


def _reap_children() -> None:
    """Kill and reap the children the engine forked. Only unreaped children are signalled (a pid
    the engine already waited for may belong to another process by now)."""
    while _children:
        pid = _children.pop()
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done == 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        except (ChildProcessError, ProcessLookupError):
            pass


@contextmanager
def exit_tripwire() -> Iterator[None]:
    """While the block runs, ``os._exit`` raises :class:`EngineExit` instead of ending us, and
    processes the engine forks are contained (see above)."""
    global _owner_pid, _depth
    if _depth == 0:
        _owner_pid = os.getpid()
        os._exit = _tripwire  # type: ignore[assignment]
        os.fork = _tracked_fork
    _depth += 1
    try:
        yield
    finally:
        if _forked_child or _pid_changed():  # a native fork's child too, before any verdict
            _real_exit(0)
        _depth -= 1
        if _depth == 0:
            os._exit = _real_exit
            os.fork = _real_fork
            _owner_pid = None
            _reap_children()


# -- alarms ---------------------------------------------------------------------------------------
#
# One real-time timer serves every nested limit, and it is re-armed lazily: a limit whose deadline
# comes after the time the timer already fires at costs no system call (the alarm then finds no
# expired deadline and re-arms for the earliest one left). A run makes about a dozen engine calls
# per example; setting and clearing the timer around each of them cost more than some of the calls.

#: A limit's message, or what makes it: the per-call limits of a run name the action, and its text
#: is only needed in the rare case the limit expires (formatting it for every call cost more than
#: the timer itself).
Message = str | Callable[[], str]

_deadlines: list[tuple[float, Message]] = []
#: When the armed timer fires (``time.monotonic()``), or ``None`` when it is not armed.
_fires_at: float | None = None
#: The SIGALRM handler the outermost limit replaced, restored when it ends.
_previous_handler: Any = None


def _arm_by(deadline: float) -> None:
    """Make the timer fire no later than ``deadline``."""
    global _fires_at
    if _fires_at is None or _fires_at > deadline:
        _fires_at = deadline
        signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 0.001))


def _text(message: Message) -> str:
    return message if isinstance(message, str) else message()


#: How long past a deadline the watchdog waits for the alarm before it steps in.
GRACE = 0.25
#: When each pending limit's time-out was last raised (by ``id`` of its entry): it is raised again
#: only :data:`GRACE` later, so a block unwinding from it (through ``_pop``) is never hit twice,
#: while an engine that swallows it gets it again.
_raised: dict[int, float] = {}


def _due(entry: tuple[float, Message]) -> float:
    """When the limit ``entry`` should (again) end its block."""
    last = _raised.get(id(entry))
    return entry[0] if last is None else max(entry[0], last + GRACE)


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    """The alarm's (and the watchdog's nudge's) handler: raise the outermost expired limit."""
    global _fires_at
    _fires_at = None
    now = time.monotonic()
    for entry in _deadlines:
        if entry[0] <= now:
            if _due(entry) <= now:
                _raised[id(entry)] = now
                raise EngineTimeout(_text(entry[1]))
            break  # raised a moment ago: its block is unwinding (or the engine swallowed it)
    if _deadlines:
        _arm_by(min(_due(e) for e in _deadlines))


# -- the watchdog ----------------------------------------------------------------------------------
#
# The alarm is a resource the engine shares: an in-process engine that budgets its own search with
# ``signal.alarm`` or ``setitimer`` cancels the harness's timer, and one that installs its own
# SIGALRM handler takes the alarm for itself. So after every limited call the handler is checked
# and put back (:func:`_repair`), and a daemon thread checks the deadlines a few times a second:
# when one has passed by more than :data:`GRACE` and is still pending (the alarm did not end its
# block), or the timer did not fire when it was due (it was cancelled), it sends :data:`NUDGE` to
# the main thread. That signal's handler is the alarm's (installed once, never replaced by the
# harness): it raises the expired limit where the main thread is, as the alarm would have,
# interrupting a sleep or a blocking call, or else re-arms the timer. The nudge is repeated while
# the deadline stays pending (an engine that swallows the exception).

#: How often the watchdog looks at the deadlines.
WATCH_SECONDS = 0.1
#: The watchdog's signal: one an engine has no reason to touch (a real-time signal where there are).
NUDGE = signal.SIGRTMIN + 1 if hasattr(signal, "SIGRTMIN") else signal.SIGUSR2
_watchdog: threading.Thread | None = None
#: ``signal.getsignal`` without its conversion of the answer to an enum member, which for a Python
#: handler goes through a caught exception (5 µs, against 0.2 µs for the C function it wraps: this
#: is asked after every engine call).
_handler_of: Callable[[int], object] = getattr(importlib.import_module("_signal"), "getsignal", signal.getsignal)


def _watch() -> None:
    """The watchdog thread's loop (see above); it ends with the main thread."""
    main = threading.main_thread()
    while main.is_alive():
        time.sleep(WATCH_SECONDS)
        pending = list(_deadlines)  # one atomic copy: the main thread changes the list
        fires_at = _fires_at
        late = time.monotonic() - GRACE
        # A deadline passed and its block still runs, or the timer did not fire when it was due
        # (cancelled): the nudge raises the one, re-arms the other.
        if pending and (min(d for d, _ in pending) < late or (fires_at is not None and fires_at < late)):
            try:
                signal.pthread_kill(main.ident or 0, NUDGE)
            except (OSError, ValueError):  # the main thread is gone: nothing left to interrupt
                return


def _start_watchdog() -> None:
    """Install the nudge's handler and start the watchdog (once per process; main thread)."""
    global _watchdog
    if _handler_of(NUDGE) is not _on_alarm:
        signal.signal(NUDGE, _on_alarm)
    if _watchdog is None or not _watchdog.is_alive():  # not alive: this is a forked child
        _watchdog = threading.Thread(target=_watch, name="mtg-conformance-watchdog", daemon=True)
        _watchdog.start()


def _repair() -> None:
    """Put the harness's handler back if an engine call replaced it (then the engine's handler
    cannot run in harness code), and re-arm the timer if it is not armed; called after every
    limited block while other limits remain. A timer the engine cancelled without touching the
    handler is not looked for here (reading it is a system call, after every engine call): the
    watchdog notices that it did not fire when it was due, and its nudge re-arms it."""
    global _fires_at
    if _handler_of(signal.SIGALRM) is not _on_alarm:
        signal.signal(signal.SIGALRM, _on_alarm)
        _fires_at = None
    if _fires_at is None and _deadlines:
        _arm_by(min(d for d, _ in _deadlines))


def _alarms_usable() -> bool:
    return threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")


def _push(seconds: float, message: Message) -> tuple[float, Message]:
    """Start a limit of ``seconds`` (the caller pops it with :func:`_pop`, in a ``finally``)."""
    global _previous_handler
    entry = (time.monotonic() + seconds, message)
    if not _deadlines:  # the outermost limit installs the handler, the innermost ones reuse it
        _previous_handler = signal.signal(signal.SIGALRM, _on_alarm)
        _start_watchdog()
    _deadlines.append(entry)
    _arm_by(entry[0])
    return entry


def _pop(entry: tuple[float, Message]) -> None:
    """End the limit ``entry`` (see :func:`_push`)."""
    global _fires_at, _previous_handler
    if _deadlines and _deadlines[-1] is entry:
        _deadlines.pop()
    else:
        _deadlines.remove(entry)
    if _raised:
        _raised.pop(id(entry), None)
    if not _deadlines:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _fires_at = None
        previous, _previous_handler = _previous_handler, None
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
    else:  # the outer limits still hold, whatever the block did to the timer
        _repair()


@contextmanager
def time_limit(seconds: float | None, message: Message) -> Iterator[None]:
    """Raise :class:`EngineTimeout` (``message``) in this block after ``seconds`` (None/0: no
    limit). Nested limits share the one real-time timer; only the main thread gets alarms."""
    if not seconds or not _alarms_usable():
        yield
        return
    entry = _push(seconds, message)
    try:
        yield
    finally:
        _pop(entry)


# -- the guarded session --------------------------------------------------------------------------


def _alarm_taken() -> bool:
    """Whether the harness's timer has fired while a handler not the harness's held SIGALRM (the
    harness's own handler clears ``_fires_at`` when it runs)."""
    return _fires_at is not None and _fires_at <= time.monotonic() and _handler_of(signal.SIGALRM) is not _on_alarm


def _overran(entry: tuple[float, Message]) -> bool:
    """Whether the limited call ``entry`` ran past its deadline."""
    return time.monotonic() >= entry[0]


class GuardedSession:
    """A Session whose every call is contained (see the module docstring).

    ``contained`` sessions (isolated in a worker) already have a per-call timeout that kills the
    worker, so they get no alarm (an alarm in the middle of a pipe exchange would desynchronise
    it); the example limit is then checked after each call."""

    def __init__(
        self,
        session: Session,
        *,
        call_limit: float,
        example_deadline: float | None,
        contained: bool,
        pace: Callable[[float], None] | None = None,
        verdicts: bool = False,
    ):
        self._session = session
        #: Let a :class:`~protocol.probe.Violation` through as a verdict: only for a session the
        #: harness itself made of contained engines (a differential run's), never an engine's.
        self._verdicts = verdicts
        self._call_limit = call_limit
        self._example_deadline = example_deadline
        self._contained = contained
        #: Told the seconds of every answered call (the slow-engine breaker, harness.pace); it
        #: raises an EngineError to end the invariant.
        self._pace = pace
        #: The values of this session's exports already found good (see ``protocol.codec.check``).
        self._seen: codec.Seen = {}

    def _call(self, what: str | Callable[[], str], fn: Callable[[], Any]) -> Any:
        """``fn()``, contained; ``what`` names the call in messages (made only when one is needed)."""
        entry = None
        began = time.monotonic()
        if not self._contained and self._call_limit and _alarms_usable():
            entry = _push(
                self._call_limit, lambda: f"timeout: the engine took longer than {self._call_limit:g}s in {_text(what)}"
            )
        try:
            try:
                result = fn()
            finally:
                leave_if_forked()
        except (ActionRefused, EngineError):
            raise
        except StateUnsupported as exc:
            raise EngineError(
                f"engine raised StateUnsupported in {_text(what)}, which only start() may raise: {clean_text(exc)}"
            ) from None
        except BaseException as exc:
            reraise_if_harness(exc)
            if self._verdicts and isinstance(exc, Violation):
                raise
            if entry is not None and _overran(entry):  # the engine's own alarm handler, on the harness's alarm
                raise EngineTimeout(_text(entry[1])) from None
            if entry is not None and _alarm_taken():
                # The harness's timer fired (early: armed for a limit that has ended, see the
                # alarms above) into a handler the engine put in its place, which raised.
                raise EngineTimeout(
                    f"timeout: the engine took the alarm over in {_text(what)}: its own SIGALRM handler "
                    f"raised {type(exc).__name__} on the harness's timer ({clean_text(exc)})"
                ) from None
            raise engine_fault(exc, _text(what)) from None
        finally:
            if entry is not None:
                _pop(entry)
        now = time.monotonic()
        if entry is not None and now >= entry[0]:  # it returned past its limit: it had switched the alarm off
            raise EngineTimeout(_text(entry[1]))
        if self._pace is not None:
            self._pace(now - began)
        if self._example_deadline is not None and now > self._example_deadline:
            raise EngineTimeout(f"timeout: the example ran past its time limit (at {_text(what)})")
        return result

    def state(self) -> GameState:
        state = self._call("state()", self._session.state)
        if not self._contained and isinstance(state, GameState):  # anything else: the Probe says what
            _check_export(GameState, state, "state()", "state", self._seen)
        return state

    def legal_actions(self) -> list[Action]:
        result = self._call("legal_actions()", self._session.legal_actions)
        if not isinstance(result, (list, tuple)):
            raise EngineError(
                f"adapter contract: legal_actions() returned {type(result).__name__}, not a list of Actions"
            )
        if not self._contained:
            _check_items(Action, result, "legal_actions()", "actions", self._seen)
        return list(result)

    def apply(self, action: Action) -> list[Event]:
        # An in-process engine gets its own copy: one that writes into the action it was handed
        # (``object.__setattr__`` on the frozen record, or on an attack target inside it) changes
        # neither the check's action nor the trace the record reports.
        handed = action if self._contained else fresh(action)
        result = self._call(lambda: f"apply({action})", lambda: self._session.apply(handed))
        if not isinstance(result, (list, tuple)):
            raise EngineError(
                f"adapter contract: apply({action}) returned {type(result).__name__}, not a list of Events"
            )
        if not self._contained:
            _check_items(Event, result, lambda: f"apply({action})", "events", self._seen)
        return list(result)

    def close(self) -> None:
        self._call("close()", self._session.close)


def _check_export(tp: type, value: object, call: str | Callable[[], str], where: str, seen: codec.Seen) -> None:
    """An in-process engine's export held to the rules an isolated one's is decoded by
    (:func:`protocol.codec.check`: declared types, finite numbers, no loops): a NaN life total or a
    list where a tuple belongs is the engine's broken contract (``error``), named with its path,
    before any check, consistency test or report reads it."""
    try:
        codec.check(tp, value, where, seen)
    except codec.DecodeError as exc:
        raise EngineError(
            f"adapter contract: {_text(call)} exported a value the model cannot hold: {clean_text(exc)}"
        ) from None


def _check_items(
    tp: type, items: list[Any] | tuple[Any, ...], call: str | Callable[[], str], where: str, seen: codec.Seen
) -> None:
    """Each item of a list an engine returned that is a ``tp`` (any other item is the Probe's to
    name), checked as :func:`_check_export` does."""
    for i, item in enumerate(items):
        if isinstance(item, tp):
            _check_export(tp, item, call, f"{where}[{i}]", seen)


def start_session(adapter: EngineAdapter, state: GameState, limit: float, contained: bool) -> Session:
    """``adapter.start(state)``, contained like every other engine call."""
    try:
        with time_limit(None if contained else limit, f"timeout: start() took longer than {limit:g}s"):
            try:
                session = adapter.start(state)
            finally:
                leave_if_forked()
    except (StateUnsupported, EngineError):
        raise
    except BaseException as exc:  # noqa: BLE001 - an untrusted engine
        reraise_if_harness(exc)
        raise engine_fault(exc, "start()") from None
    if session is None or not callable(getattr(session, "state", None)):
        raise EngineError(f"adapter contract: start() returned {type(session).__name__}, not a Session")
    return session


__all__ = [
    "EngineExit",
    "EngineTimeout",
    "GuardedSession",
    "StopSearch",
    "engine_fault",
    "exit_tripwire",
    "leave_if_forked",
    "reraise_if_harness",
    "start_session",
    "time_limit",
]
