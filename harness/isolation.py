"""The parent side of process isolation: any adapter, run in a worker process behind a timeout.

A native engine can panic, abort, hang or scribble on stdout; in-process, any of those ends the
whole run. :class:`IsolatedEngine` runs the adapter in ``python -m harness.worker`` and talks
JSON lines to it (see :mod:`harness.worker` for the protocol), so each of those becomes an
:class:`~protocol.adapter.EngineError` carrying the engine's own message, i.e. an ``error``
verdict for one invariant, and the next session gets a fresh worker so the run goes on.
Refusals and unsupported states cross the boundary unchanged: they are answers, not crashes.
"""

from __future__ import annotations

import atexit
import dataclasses
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from harness import reaper, signals
from harness.guard import EngineTimeout
from harness.limits import Limits, clean_text
from harness.limits import current as current_limits
from harness.wire import PROTOCOL, PROTOCOL_VERSION
from protocol import codec
from protocol.adapter import ActionRefused, EngineError, Gap, StateUnsupported, Support
from protocol.model import Action, CardData, Event, GameState
from protocol.observability import check_fields

#: Answered by the reader in place of a line longer than the answer limit.
OVERSIZED = b"\0oversized"
#: Answered by the reader when no whole line arrived in time (compared by identity, like OVERSIZED).
NOTHING = b"\0nothing"


def _signal_name(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f", killed by {signal.Signals(-code).name}"
        except ValueError:
            return ""
    return ""


DEFAULT_TIMEOUT = 10.0
#: Starting a worker imports the engine and loading a state may build card data: allow longer.
DEFAULT_START_TIMEOUT = 60.0
STDERR_TAIL_LINES = 30
#: How often a caller waiting for an answer checks that the worker is still alive.
POLL_SECONDS = 0.05


def _major(version: str) -> str:
    return version.split(".", 1)[0]


#: Every worker alive in this process (pid: its process and its marker, see harness.reaper), so a
#: signal or the end of the run can kill them all, with every process an engine started.
_live: dict[int, tuple[subprocess.Popen[bytes], str, int]] = {}


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _end_worker(proc: subprocess.Popen[bytes], marker: str, since: int) -> None:
    """Kill a worker with every process its engine started: its descendants (found while it
    lives: it adopts the processes they orphan), its process group, then whatever still carries
    its marker (helpers that left the group and were orphaned when it died). Never blocks."""
    if proc.returncode is None and proc.poll() is None:  # not reaped: its pid is still its own
        reaper.end_processes(proc.pid, None)
    _kill_group(proc.pid)
    reaper.end_processes(None, marker, since)


def kill_all_workers() -> None:
    """Kill every worker with its engine's processes (on SIGTERM/SIGINT and at exit)."""
    for pid, (proc, marker, since) in list(_live.items()):
        _end_worker(proc, marker, since)
        _live.pop(pid, None)


atexit.register(kill_all_workers)
signals.on_signal(kill_all_workers)


def _terminate(proc: subprocess.Popen[bytes], marker: str, since: int) -> None:
    """Kill a worker with its process group and every process its engine started, and reap it
    (also the finalizer of a forgotten worker): no helper outlives it or holds its pipes open."""
    _end_worker(proc, marker, since)
    _live.pop(proc.pid, None)
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - a zombie the OS will reap
        pass
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


def gap_of(value: object) -> Gap | None:
    """A worker's ``gap`` field as a :class:`Gap` (an unknown or missing one: None, the report guesses)."""
    try:
        return Gap(value) if isinstance(value, str) else None
    except ValueError:
        return None


class AnswerReader:
    """The worker's answer lines, read by the thread that waits for them.

    A reader thread handing each line over through a queue cost two thread switches per call
    (about 80 us of the harness's CPU per round trip, measured on a request that does nothing;
    a phase run makes some 50,000 calls). Reading in the caller, with ``poll`` bounding each
    wait, keeps the same answers: a line is at most ``cap`` bytes before its newline (a longer
    one is :data:`OVERSIZED`, and nothing more is read), the end of the pipe is ``None``, and a
    partial last line before it is returned as it is (the caller finds it is not JSON)."""

    def __init__(self, fd: int, cap: int):
        self._fd = fd
        self._cap = cap
        self._buffer = bytearray()
        self._ended = False
        self._poll = select.poll()
        self._poll.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)

    def next_line(self, wait: float) -> bytes | None:
        """The next line, :data:`OVERSIZED`, ``None`` at the end of the pipe, or
        :data:`NOTHING` when no whole line arrived within ``wait`` seconds."""
        deadline = time.monotonic() + wait
        while True:
            line = self._take()
            if line is not None:
                return line
            if self._ended:
                if self._buffer:
                    rest, self._buffer = bytes(self._buffer), bytearray()
                    return rest
                return None
            left = deadline - time.monotonic()
            if left <= 0 or not self._readable(left):
                return NOTHING
            try:
                chunk = os.read(self._fd, 65536)
            except (OSError, ValueError):
                chunk = b""
            if chunk:
                self._buffer += chunk
            else:
                self._ended = True

    def _take(self) -> bytes | None:
        end = self._buffer.find(b"\n", 0, self._cap + 1)
        if end >= 0:
            line = bytes(self._buffer[: end + 1])
            del self._buffer[: end + 1]
            return line
        if len(self._buffer) > self._cap:
            self._ended = True
            self._buffer = bytearray()
            return OVERSIZED
        return None

    def _readable(self, seconds: float) -> bool:
        try:
            return bool(self._poll.poll(max(1, int(seconds * 1000))))
        except (OSError, ValueError):
            return True  # the next read tells what happened to the pipe


#: After this many time-outs in a row (no request answered in between, ``hello`` aside), an
#: isolated engine is not started again in this run: an engine that hangs whatever it is asked
#: would otherwise cost a start time-out per invariant (90 minutes for the suite).
HANGS_IN_A_ROW = 3


class HangCount:
    """Time-outs in a row of one engine's workers (shared by the workers it starts)."""

    def __init__(self) -> None:
        self.in_a_row = 0
        self.last = ""


class Worker:
    """One worker process: request/response with a timeout, and the tail of its stderr."""

    #: The engine's time-outs in a row (set by IsolatedEngine; a lone Worker keeps its own).
    hangs: HangCount | None = None

    def __init__(self, spec: str, *, python: str, env: Mapping[str, str], limits: Limits | None = None):
        self.spec = spec
        self.limits = limits or current_limits()
        #: Inherited by every process the engine starts, so none escapes the end (harness.reaper).
        self.marker = reaper.new_marker()
        self.proc = subprocess.Popen(
            [
                python,
                "-m",
                "harness.worker",
                "--engine",
                spec,
                "--memory-limit",
                str(self.limits.memory_mb),
                "--parent",
                str(os.getpid()),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**env, reaper.MARKER: self.marker},
            start_new_session=True,  # its own process group: killed whole, helpers included
        )
        #: When it started: only younger processes are looked at for its marker.
        self.started = reaper.started(self.proc.pid)
        _live[self.proc.pid] = (self.proc, self.marker, self.started)
        assert self.proc.stdout is not None
        self._answers = AnswerReader(self.proc.stdout.fileno(), self.limits.answer_bytes)
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        self._stderr_bytes = 0
        self._next_id = 1
        self._lock = threading.Lock()
        #: Set once the worker is dead or killed; no further request is sent.
        self.dead = False
        #: Set after any failure: the next session must start on a fresh worker.
        self.failed = False
        self._stderr_reader = threading.Thread(
            target=self._read_stderr, name=f"worker-stderr-{self.proc.pid}", daemon=True
        )
        self._stderr_reader.start()
        self._finalizer = weakref.finalize(self, _terminate, self.proc, self.marker, self.started)

    def _read_stderr(self) -> None:
        """Keep the last ``stderr_bytes`` of stderr, read in chunks: an engine writing without
        a newline cannot make the harness hold more than that."""
        assert self.proc.stderr is not None
        cap = max(self.limits.stderr_bytes, 1)
        tail = bytearray()
        fd = self.proc.stderr.fileno()
        try:
            while chunk := os.read(fd, 65536):
                self._stderr_bytes += len(chunk)
                tail += chunk
                if len(tail) > cap:
                    del tail[: len(tail) - cap]
                self._tail = bytes(tail)
        except (OSError, ValueError):
            pass

    _tail: bytes = b""

    def stderr_tail(self) -> str:
        text = self._tail.decode("utf-8", errors="replace")
        lines = [line for line in text.splitlines() if line.strip()][-STDERR_TAIL_LINES:]
        cut = self._stderr_bytes - len(self._tail)
        prefix = f"[{cut} earlier bytes of stderr not kept] " if cut > 0 else ""
        return clean_text(prefix + " | ".join(lines)) if lines else "(no stderr output)"

    def kill(self) -> None:
        self.dead = True
        self.failed = True
        self._finalizer()

    def shutdown(self) -> None:
        """Close stdin (the worker exits at EOF); kill it if it does not."""
        self.dead = True
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self._finalizer()  # kills the process group: helpers of a healthy engine too

    def _broken(self, message: str) -> EngineError:
        self.kill()
        return EngineError(message)

    def _broken_by_timeout(self, message: str) -> EngineError:

        if self.hangs is not None:
            self.hangs.in_a_row += 1
            self.hangs.last = message
        self.kill()
        return EngineTimeout(message)

    def _died(self, what: str) -> EngineError:
        self.dead = self.failed = True
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        _kill_group(self.proc.pid)  # helpers it started would hold the pipes open
        self._stderr_reader.join(timeout=2)  # let the stderr reader catch the last words
        self._finalizer()
        return EngineError(
            f"engine worker for {self.spec!r} died (exit code {code}{_signal_name(code)}) during {what}; "
            f"stderr: {self.stderr_tail()}"
        )

    def call(self, method: str, params: dict[str, Any], timeout: float) -> Any:
        """Send one request and return its ``result``, or raise what its ``error`` means."""
        with self._lock:
            if self.dead:
                raise EngineError(f"engine worker for {self.spec!r} is gone: it failed earlier")
            rid = self._next_id
            self._next_id += 1
            line = json.dumps({"id": rid, "method": method, "params": params}, ensure_ascii=False)
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(line.encode("utf-8") + b"\n")
                self.proc.stdin.flush()
            except OSError:
                raise self._died(method) from None
            answer = self._wait(method, timeout)
            if answer is None:
                signals.raise_if_stopping()  # a worker the stop signal killed did not die of its engine
                raise self._died(method)
            if answer is OVERSIZED:
                raise self._broken(
                    f"engine worker for {self.spec!r} broke the protocol: its answer to {method} exceeds "
                    f"{self.limits.answer_bytes} bytes (worker killed)"
                )
            try:
                message = json.loads(answer)
            except (ValueError, RecursionError):  # RecursionError: an answer nested too deeply to read
                raise self._broken(
                    f"engine worker for {self.spec!r} broke the protocol: answer to {method} is not JSON: "
                    f"{answer[:200].decode('utf-8', errors='replace').strip()!r}"
                ) from None
            if not isinstance(message, dict) or message.get("id") != rid:
                got = message.get("id") if isinstance(message, dict) else message
                raise self._broken(
                    f"engine worker for {self.spec!r} broke the protocol: answered {got!r} to request {rid} ({method})"
                )
        if "error" in message:
            raise self._error(method, message["error"])
        if "result" not in message:
            raise self._broken(f"engine worker for {self.spec!r} broke the protocol: no result for {method}")
        if self.hangs is not None and method != "hello":
            self.hangs.in_a_row = 0  # it answered: not a dead engine
        return message["result"]

    def _wait(self, method: str, timeout: float) -> bytes | None:
        """The next answer line; None when the worker died (even if a helper process it started
        still holds the pipe open); a time-out kills the worker's whole process group."""
        deadline = time.monotonic() + timeout if timeout else None
        while True:
            signals.raise_if_stopping()  # the stop signal's own exception may have been swallowed
            wait = POLL_SECONDS if deadline is None else min(POLL_SECONDS, max(deadline - time.monotonic(), 0))
            line = self._answers.next_line(wait)
            if line is not NOTHING:
                return line
            if self.proc.poll() is not None:
                # an answer written just before dying still counts
                line = self._answers.next_line(0.2)
                return None if line is NOTHING else line
            if deadline is not None and time.monotonic() >= deadline:
                raise self._broken_by_timeout(
                    f"timeout: engine {self.spec!r} hung: no answer to {method} within {timeout:g}s (worker killed)"
                )

    def _error(self, method: str, error: Any) -> Exception:
        if not isinstance(error, dict):
            return self._broken(f"engine worker for {self.spec!r} sent a malformed error for {method}: {error!r}")
        kind, etype, text = (
            error.get("kind"),
            clean_text(error.get("type", "?"), 200),
            clean_text(error.get("message", "")),
        )
        if kind == "refused":
            return ActionRefused(text)
        if kind == "unsupported-state":
            return StateUnsupported(text, gap_of(error.get("gap")))
        self.failed = True  # the engine may be in a bad state now: the next session gets a new worker
        if kind == "engine":
            return EngineError(f"engine raised {etype} in {method}: {text}")
        if kind == "protocol":
            return EngineError(f"protocol error in {method}: {text}")
        return EngineError(f"engine worker sent an unknown error kind {kind!r} for {method}: {etype}: {text}")


class IsolatedSession:
    """A session living in a worker process (protocol.adapter.Session)."""

    def __init__(self, engine: IsolatedEngine, worker: Worker, session_id: int):
        self._engine = engine
        self._worker = worker
        self._id = session_id
        #: The card data of the last state read, as sent and as decoded: a session's states
        #: mostly carry the same cards, and decoding them was two fifths of decoding a state.
        self._cards_sent: Any = None
        self._cards: tuple[CardData, ...] = ()

    def _call(self, method: str, **params: Any) -> Any:
        return self._worker.call(method, {"session": self._id, **params}, self._engine.timeout)

    def _decode(self, tp: Any, data: Any, what: str) -> Any:
        try:
            return codec.from_jsonable(tp, data, f"$.{what}")
        except RecursionError:
            self._worker.failed = True
            raise EngineError(
                f"engine {self._engine.spec!r} broke the adapter contract in {what}: nested too deeply"
            ) from None
        except codec.DecodeError as exc:
            self._worker.failed = True
            raise EngineError(f"engine {self._engine.spec!r} broke the adapter contract in {what}: {exc}") from None

    def state(self) -> GameState:
        data = self._call("state")
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            sent = data["cards"]
            if sent == self._cards_sent:  # the same card data: decoded once (equal values, equal result)
                state = self._decode(GameState, {**data, "cards": []}, "state")
                return dataclasses.replace(state, cards=self._cards)
            state = self._decode(GameState, data, "state")
            self._cards_sent, self._cards = sent, state.cards
            return state
        return self._decode(GameState, data, "state")

    def legal_actions(self) -> list[Action]:
        return list(self._decode(tuple[Action, ...], self._call("legal_actions"), "legal_actions"))

    def apply(self, action: Action) -> list[Event]:
        result = self._call("apply", action=codec.to_jsonable(action))
        return list(self._decode(tuple[Event, ...], result, "apply"))

    def close(self) -> None:
        """Close the session; a close that raises or hangs is the engine's fault (an ``error``)
        and marks the worker for replacement."""
        if self._worker.dead:
            return
        try:
            self._call("close")
        except (ActionRefused, StateUnsupported) as exc:
            self._worker.failed = True
            raise EngineError(f"engine answered close with a refusal: {exc}") from None


class IsolatedEngine:
    """Any adapter (``module:Class`` or entry-point name) run in its own worker process.

    ``timeout`` bounds every call of a session; ``start_timeout`` bounds starting a worker
    (``hello``) and loading a state. ``python_path`` entries are prepended to the worker's
    ``PYTHONPATH`` (for adapters outside installed packages, e.g. test doubles)."""

    def __init__(
        self,
        spec: str,
        *,
        timeout: float | None = None,
        start_timeout: float | None = None,
        python: str | None = None,
        python_path: Sequence[str | os.PathLike[str]] = (),
        env: Mapping[str, str] | None = None,
        name: str | None = None,
        version: str | None = None,
    ):
        self.spec = spec
        self._timeout = timeout
        self._start_timeout = start_timeout
        #: Why the engine could not be loaded (hello failed): later calls fail at once with
        #: it, so a dead engine costs one start time-out per run, not one per invariant.
        self.load_failure: str | None = None
        self._python = python or sys.executable
        self._python_path = [str(p) for p in python_path]
        self._env = dict(env) if env is not None else None
        self._name = name
        self._version = version
        #: What the engine cannot show, as its worker's hello declared it.
        self._cannot_show: frozenset[str] | None = None
        self._worker: Worker | None = None
        #: How many worker processes this engine has started (a restart after a failure adds one).
        self.workers_started = 0
        #: Time-outs in a row of its workers (see HANGS_IN_A_ROW).
        self.hangs = HangCount()

    @property
    def timeout(self) -> float:
        """Seconds per session call: the value given, else the run's call limit."""
        return self._timeout if self._timeout is not None else current_limits().call

    @property
    def start_timeout(self) -> float:
        return self._start_timeout if self._start_timeout is not None else current_limits().start

    # -- identity -----------------------------------------------------------------------------
    @property
    def name(self) -> str:
        if self._name is None:
            self._hello()
        assert self._name is not None
        return self._name

    @property
    def version(self) -> str:
        if self._version is None:
            self._hello()
        assert self._version is not None
        return self._version

    @property
    def cannot_show(self) -> frozenset[str]:
        """The model fields the engine cannot show, as the worker's ``hello`` declares them."""
        if self._cannot_show is None:
            self._hello()
        assert self._cannot_show is not None
        return self._cannot_show

    # -- the worker ---------------------------------------------------------------------------
    def _child_env(self) -> dict[str, str]:
        env = dict(os.environ if self._env is None else self._env)
        root = str(Path(__file__).resolve().parent.parent)  # so the worker imports this harness
        paths = [*self._python_path, root]
        if env.get("PYTHONPATH"):
            paths.append(env["PYTHONPATH"])
        env["PYTHONPATH"] = os.pathsep.join(paths)
        return env

    def _spawn(self) -> Worker:
        signals.raise_if_stopping()  # no new worker once the run is stopping
        if self.hangs.in_a_row >= HANGS_IN_A_ROW:
            raise EngineError(
                f"the engine hung {self.hangs.in_a_row} times in a row earlier in this run and is not started "
                f"again (last: {self.hangs.last})"
            )
        if self.load_failure is not None:
            raise EngineError(f"the engine failed to load earlier in this run: {self.load_failure}")
        worker = Worker(self.spec, python=self._python, env=self._child_env())
        worker.hangs = self.hangs
        self.workers_started += 1
        try:
            hello = worker.call("hello", {"protocol": PROTOCOL, "version": PROTOCOL_VERSION}, self.start_timeout)
        except EngineError as exc:
            worker.kill()
            self.load_failure = str(exc)
            raise
        if not isinstance(hello, dict) or hello.get("protocol") != PROTOCOL:
            worker.kill()
            raise EngineError(f"engine worker for {self.spec!r} does not speak {PROTOCOL}: hello said {hello!r}")
        if _major(str(hello.get("version", ""))) != _major(PROTOCOL_VERSION):
            worker.kill()
            raise EngineError(
                f"engine worker for {self.spec!r} speaks protocol {hello.get('version')}, expected {PROTOCOL_VERSION}"
            )
        engine = hello.get("engine") or {}
        if self._name is None:
            self._name = str(engine.get("name", self.spec))
        if self._version is None:
            self._version = str(engine.get("version", "unknown"))
        try:
            self._cannot_show = check_fields(engine.get("cannot_show") or (), owner=f"engine worker for {self.spec!r}")
        except (TypeError, ValueError) as exc:
            worker.kill()
            raise EngineError(f"engine worker for {self.spec!r} declared a malformed cannot_show: {exc}") from None
        return worker

    def _live_worker(self, *, fresh_after_failure: bool) -> Worker:
        worker = self._worker
        if worker is not None and (worker.dead or (fresh_after_failure and worker.failed)):
            worker.kill()
            worker = self._worker = None
        if worker is None:
            worker = self._worker = self._spawn()
        return worker

    def _hello(self) -> None:
        self._live_worker(fresh_after_failure=False)

    # -- EngineAdapter --------------------------------------------------------------------------
    def supports(self, requires: frozenset[str]) -> Support:
        worker = self._live_worker(fresh_after_failure=False)
        answer = worker.call("supports", {"requires": sorted(requires)}, self.start_timeout)
        if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
            raise EngineError(f"engine worker for {self.spec!r} gave a malformed supports answer: {answer!r}")
        return Support(answer["ok"], str(answer.get("reason", "")), gap_of(answer.get("gap")))

    def start(self, state: GameState) -> IsolatedSession:
        worker = self._live_worker(fresh_after_failure=True)
        answer = worker.call("start", {"state": codec.to_jsonable(state)}, self.start_timeout)
        if not isinstance(answer, dict) or not isinstance(answer.get("session"), int):
            worker.failed = True
            raise EngineError(f"engine worker for {self.spec!r} gave a malformed start answer: {answer!r}")
        return IsolatedSession(self, worker, answer["session"])

    def close(self) -> None:
        """Stop the worker (a later call starts a new one)."""
        if self._worker is not None:
            self._worker.shutdown()
            self._worker = None


__all__ = ["DEFAULT_START_TIMEOUT", "DEFAULT_TIMEOUT", "IsolatedEngine", "IsolatedSession", "Worker"]
