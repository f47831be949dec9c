"""The child side of process isolation: serve one in-process adapter over JSON lines on stdio.

``python -m harness.worker --engine module:Class`` loads an adapter and answers requests
``{"id": n, "method": ..., "params": {...}}`` one line at a time with ``{"id": n, "result": ...}``
or ``{"id": n, "error": {"kind", "type", "message"}}``. ``hello`` answers the engine's identity
and what it cannot show (``engine.cannot_show``, names of ``protocol.observability``; since
protocol 1.1). The engine runs in this process so that a panic, an abort, a hang or a stray ``print`` in it can never take the harness down with it: the
parent (:mod:`harness.isolation`) sees a dead or silent worker and reports an ``error`` verdict.

The protocol channel is a private copy of the original stdout; file descriptor 1 (and
``sys.stdout``) are pointed at stderr before the engine is imported, so whatever the engine or
its native library prints cannot corrupt the channel.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

from harness import reaper
from harness.heap import settle
from harness.registry import load_engine
from harness.wire import METHODS, PROTOCOL, PROTOCOL_VERSION
from protocol import codec
from protocol.adapter import ActionRefused, EngineAdapter, EngineError, Session, StateUnsupported
from protocol.model import Action, GameState
from protocol.observability import cannot_show


class ProtocolError(Exception):
    """A request the worker cannot make sense of (unknown method, bad params, unknown session)."""


def exception_type(exc: BaseException) -> str:
    """``module.Class`` of an exception (bare for builtins), e.g. ``pyo3_runtime.PanicException``."""
    cls = type(exc)
    return cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"


def error_payload(exc: BaseException) -> dict[str, str]:
    """The ``error`` object for an exception raised while serving a request (with ``gap`` for a
    StateUnsupported that names whose gap it is)."""
    if isinstance(exc, ActionRefused):
        kind = "refused"
    elif isinstance(exc, StateUnsupported):
        kind = "unsupported-state"
    elif isinstance(exc, ProtocolError):
        kind = "protocol"
    else:
        kind = "engine"
    payload = {"kind": kind, "type": exception_type(exc), "message": str(exc) or exception_type(exc)}
    gap = getattr(exc, "gap", None) if isinstance(exc, StateUnsupported) else None
    return payload | ({"gap": str(gap)} if gap is not None else {})


def _sequence(value: Any, what: str, items: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise EngineError(f"adapter contract: {what} returned {type(value).__name__}, not a list of {items}")
    return list(value)


class Server:
    """Dispatches requests to one adapter and the sessions it has started."""

    def __init__(self, spec: str, loader: Callable[[str], EngineAdapter] | None = None):
        self.spec = spec
        self._loader = loader
        self._adapter: EngineAdapter | None = None
        self._sessions: dict[int, Session] = {}
        self._next_session = 1
        self._pid = os.getpid()

    @property
    def adapter(self) -> EngineAdapter:
        # Loaded on first use, so a broken engine import is an answer to "hello", not a dead worker.
        if self._adapter is None:
            if self._loader is None:
                self._loader = load_engine
            self._adapter = self._loader(self.spec)
        return self._adapter

    def _session(self, params: dict[str, Any]) -> Session:
        sid = params.get("session")
        if not isinstance(sid, int) or sid not in self._sessions:
            raise ProtocolError(f"unknown session {sid!r}")
        return self._sessions[sid]

    def handle(self, method: str, params: dict[str, Any]) -> Any:
        if method == "hello":
            adapter = self.adapter
            return {
                "protocol": PROTOCOL,
                "version": PROTOCOL_VERSION,
                "engine": {
                    "name": str(adapter.name),
                    "version": str(adapter.version),
                    "cannot_show": sorted(cannot_show(adapter)),
                },
            }
        if method == "supports":
            requires = params.get("requires")
            if not isinstance(requires, list) or not all(isinstance(r, str) for r in requires):
                raise ProtocolError("supports needs params.requires, a list of strings")
            support = self.adapter.supports(frozenset(requires))
            gap = getattr(support, "gap", None)
            return {"ok": bool(support.ok), "reason": support.reason} | ({"gap": str(gap)} if gap is not None else {})
        if method == "start":
            try:
                state = codec.from_jsonable(GameState, params.get("state"), "$.params.state")
            except codec.DecodeError as exc:
                raise ProtocolError(f"bad state: {exc}") from None
            session = self.adapter.start(state)
            sid = self._next_session
            self._next_session += 1
            self._sessions[sid] = session
            return {"session": sid}
        if method == "state":
            return codec.to_jsonable(self._session(params).state())
        if method == "legal_actions":
            return codec.to_jsonable(_sequence(self._session(params).legal_actions(), "legal_actions()", "Actions"))
        if method == "apply":
            session = self._session(params)
            try:
                action = codec.from_jsonable(Action, params.get("action"), "$.params.action")
            except codec.DecodeError as exc:
                raise ProtocolError(f"bad action: {exc}") from None
            return codec.to_jsonable(_sequence(session.apply(action), f"apply({action})", "Events"))
        if method == "close":
            session = self._session(params)
            del self._sessions[params["session"]]
            session.close()
            return None
        raise ProtocolError(f"unknown method {method!r} (known: {', '.join(METHODS)})")

    def respond(self, line: bytes) -> dict[str, Any]:
        """The response to one request line; never raises except KeyboardInterrupt/SystemExit."""
        try:
            request = json.loads(line)
        except ValueError as exc:
            return {"id": None, "error": error_payload(ProtocolError(f"request is not JSON: {exc}"))}
        if not isinstance(request, dict) or not isinstance(request.get("method"), str):
            return {"id": None, "error": error_payload(ProtocolError("request needs a string 'method'"))}
        rid = request.get("id")
        params = request.get("params") or {}
        if not isinstance(params, dict):
            return {"id": rid, "error": error_payload(ProtocolError("params must be an object"))}
        try:
            try:
                result = self.handle(request["method"], params)
            finally:
                if os.getpid() != self._pid:  # a child the engine forked: only the worker answers
                    os._exit(0)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 - a panic (BaseException) is an answer too
            return {"id": rid, "error": error_payload(exc)}
        return {"id": rid, "result": result}


def claim_stdout() -> BinaryIO:
    """Keep the real stdout for the protocol and send fd 1 and ``sys.stdout`` to stderr."""
    sys.stdout.flush()
    channel = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return channel


#: The protocol channel of this worker process (set by :func:`serve`); test doubles that simulate
#: a native library corrupting the channel write here.
CHANNEL: BinaryIO | None = None


def serve(spec: str, requests: BinaryIO, channel: BinaryIO) -> None:
    """Answer requests from ``requests`` until EOF."""
    global CHANNEL
    CHANNEL = channel
    server = Server(spec)
    settle()  # the loaded adapter leaves the collector's walks (see harness.heap)
    for line in requests:
        if not line.strip():
            continue
        response = server.respond(line)
        try:
            data = json.dumps(response, ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            data = json.dumps(
                {"id": response.get("id"), "error": error_payload(EngineError(f"result is not JSON: {exc}"))}
            )
        channel.write(data.encode("utf-8", "backslashreplace") + b"\n")  # a lone surrogate too
        channel.flush()


def limit_memory(mib: int) -> None:
    """Cap this process's address space before the engine is loaded: an engine that leaks gets
    ``MemoryError`` (an ``error`` verdict) or dies, instead of taking the machine's memory."""
    if mib <= 0:
        return
    try:
        import resource

        limit = mib * 1024 * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):  # not on this platform: no limit
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness.worker", description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="engine entry-point name or module:Class")
    parser.add_argument(
        "--memory-limit",
        type=int,
        default=0,
        metavar="MIB",
        help="address-space limit of this process in MiB (0: none)",
    )
    parser.add_argument(
        "--parent",
        type=int,
        default=0,
        metavar="PID",
        help="the harness's process: this worker ends when it does (0: do not watch)",
    )
    args = parser.parse_args(argv)
    if args.parent:
        reaper.die_with_parent(args.parent)  # before the engine loads: a harness killed mid-call leaves none
    reaper.become_subreaper()  # processes the engine orphans stay in this worker's tree
    limit_memory(args.memory_limit)
    channel = claim_stdout()
    try:
        serve(args.engine, sys.stdin.buffer, channel)
    except KeyboardInterrupt:
        return 130
    finally:
        # The end of the input: no process the engine started outlives its worker.
        reaper.end_processes(os.getpid(), os.environ.get(reaper.MARKER), reaper.started(os.getpid()))
    return 0


if __name__ == "__main__":
    # Run the importable module, not this ``__main__`` copy, so ``harness.worker.CHANNEL`` is the
    # channel in use (an import of this very module under its own name, not a start-up matter).
    from harness import worker as _worker

    sys.exit(_worker.main())
