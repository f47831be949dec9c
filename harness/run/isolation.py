"""The parent side of process isolation: any adapter, run in a worker process behind a timeout.

A native engine can panic, abort, hang or scribble on stdout; in-process, any of those ends the
whole run. :class:`IsolatedEngine` runs the adapter in ``python -m harness.run.worker`` and talks
JSON lines to it (see :mod:`harness.run.worker` for the protocol), so each of those becomes an
:class:`~harness.protocol.adapter.EngineError` carrying the engine's own message, i.e. an ``error``
verdict for one invariant, and the next session gets a fresh worker so the run goes on.
Refusals and unsupported states cross the boundary unchanged: they are answers, not crashes.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import weakref
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from harness.protocol import codec
from harness.protocol.adapter import ActionRefused, EngineError, StateUnsupported, Support
from harness.protocol.model import Action, Event, GameState
from harness.run.worker import PROTOCOL, PROTOCOL_VERSION

DEFAULT_TIMEOUT = 10.0
#: Starting a worker imports the engine and loading a state may build card data: allow longer.
DEFAULT_START_TIMEOUT = 60.0
STDERR_TAIL_LINES = 30


def _major(version: str) -> str:
    return version.split(".", 1)[0]


def _terminate(proc: subprocess.Popen[bytes]) -> None:
    """Kill a worker and reap it (also the finalizer of a forgotten worker)."""
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


class Worker:
    """One worker process: request/response with a timeout, and the tail of its stderr."""

    def __init__(self, spec: str, *, python: str, env: Mapping[str, str]):
        self.spec = spec
        self.proc = subprocess.Popen(
            [python, "-m", "harness.run.worker", "--engine", spec],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env),
        )
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        self._next_id = 1
        self._lock = threading.Lock()
        #: Set once the worker is dead or killed; no further request is sent.
        self.dead = False
        #: Set after any failure: the next session must start on a fresh worker.
        self.failed = False
        self._readers = [
            threading.Thread(target=self._read_stdout, name=f"worker-stdout-{self.proc.pid}", daemon=True),
            threading.Thread(target=self._read_stderr, name=f"worker-stderr-{self.proc.pid}", daemon=True),
        ]
        for t in self._readers:
            t.start()
        self._finalizer = weakref.finalize(self, _terminate, self.proc)

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self._stderr.append(line.decode("utf-8", errors="replace").rstrip("\n"))

    def stderr_tail(self) -> str:
        return " | ".join(line for line in self._stderr if line.strip()) or "(no stderr output)"

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
        self._finalizer()

    def _broken(self, message: str) -> EngineError:
        self.kill()
        return EngineError(message)

    def _died(self, what: str) -> EngineError:
        self.dead = self.failed = True
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        self._readers[1].join(timeout=2)  # let the stderr reader catch the last words
        self._finalizer()
        return EngineError(
            f"engine worker for {self.spec!r} died (exit code {code}) during {what}; stderr: {self.stderr_tail()}"
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
            try:
                answer = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise self._broken(
                    f"engine {self.spec!r} hung: no answer to {method} within {timeout:g}s (worker killed)"
                ) from None
            if answer is None:
                raise self._died(method)
            try:
                message = json.loads(answer)
            except ValueError:
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
        return message["result"]

    def _error(self, method: str, error: Any) -> Exception:
        if not isinstance(error, dict):
            return self._broken(f"engine worker for {self.spec!r} sent a malformed error for {method}: {error!r}")
        kind, etype, text = error.get("kind"), error.get("type", "?"), error.get("message", "")
        if kind == "refused":
            return ActionRefused(text)
        if kind == "unsupported-state":
            return StateUnsupported(text)
        self.failed = True  # the engine may be in a bad state now: the next session gets a new worker
        if kind == "engine":
            return EngineError(f"engine raised {etype} in {method}: {text}")
        if kind == "protocol":
            return EngineError(f"protocol error in {method}: {text}")
        return EngineError(f"engine worker sent an unknown error kind {kind!r} for {method}: {etype}: {text}")


class IsolatedSession:
    """A session living in a worker process (harness.protocol.adapter.Session)."""

    def __init__(self, engine: IsolatedEngine, worker: Worker, session_id: int):
        self._engine = engine
        self._worker = worker
        self._id = session_id

    def _call(self, method: str, **params: Any) -> Any:
        return self._worker.call(method, {"session": self._id, **params}, self._engine.timeout)

    def _decode(self, tp: Any, data: Any, what: str) -> Any:
        try:
            return codec.from_jsonable(tp, data, f"$.{what}")
        except codec.DecodeError as exc:
            self._worker.failed = True
            raise EngineError(f"engine {self._engine.spec!r} broke the adapter contract in {what}: {exc}") from None

    def state(self) -> GameState:
        return self._decode(GameState, self._call("state"), "state")

    def legal_actions(self) -> list[Action]:
        return list(self._decode(tuple[Action, ...], self._call("legal_actions"), "legal_actions"))

    def apply(self, action: Action) -> list[Event]:
        result = self._call("apply", action=codec.to_jsonable(action))
        return list(self._decode(tuple[Event, ...], result, "apply"))

    def close(self) -> None:
        if self._worker.dead:
            return
        try:
            self._call("close")
        except (EngineError, ActionRefused, StateUnsupported):
            pass  # closing is best effort; a failure already marked the worker for replacement


class IsolatedEngine:
    """Any adapter (``module:Class`` or entry-point name) run in its own worker process.

    ``timeout`` bounds every call of a session; ``start_timeout`` bounds starting a worker
    (``hello``) and loading a state. ``python_path`` entries are prepended to the worker's
    ``PYTHONPATH`` (for adapters outside installed packages, e.g. test doubles)."""

    def __init__(
        self,
        spec: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        python: str | None = None,
        python_path: Sequence[str | os.PathLike[str]] = (),
        env: Mapping[str, str] | None = None,
        name: str | None = None,
        version: str | None = None,
    ):
        self.spec = spec
        self.timeout = timeout
        self.start_timeout = start_timeout
        self._python = python or sys.executable
        self._python_path = [str(p) for p in python_path]
        self._env = dict(env) if env is not None else None
        self._name = name
        self._version = version
        self._worker: Worker | None = None
        #: How many worker processes this engine has started (a restart after a failure adds one).
        self.workers_started = 0

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
        worker = Worker(self.spec, python=self._python, env=self._child_env())
        self.workers_started += 1
        hello = worker.call("hello", {"protocol": PROTOCOL, "version": PROTOCOL_VERSION}, self.start_timeout)
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
        return Support(answer["ok"], str(answer.get("reason", "")))

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
