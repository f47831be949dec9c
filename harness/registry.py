"""Finding engine adapters: by entry point name (group ``mtg_conformance.engines``) or by
``module:Class``. An engine package only has to declare the entry point to be testable.

Prefixes: ``isolated:<spec>`` runs that adapter in a worker process, ``mutant:<id>`` names a
seeded-bug copy of the reference engine and ``control:<id>`` a degenerate standing control (both
never found any other way)."""

from __future__ import annotations

import importlib
import inspect
from importlib.metadata import entry_points

from harness.isolation import IsolatedEngine
from protocol.adapter import EngineAdapter, OutOfProcess

GROUP = "mtg_conformance.engines"


class UnknownEngine(LookupError):
    """No adapter could be loaded for an engine spec; the message says what exists."""


def available() -> dict[str, str]:
    """Registered engine names and the object each entry point names."""
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def _resolve(spec: str) -> object:
    if spec.startswith("isolated:"):
        # Any adapter, run in its own worker process: a crash or hang becomes an error verdict.
        inner = spec.removeprefix("isolated:")
        _resolve(inner)  # fail now, in one line, if the inner spec names nothing
        return IsolatedEngine(inner)
    if spec.startswith("mutant:"):
        # Mutants are reachable only by this explicit prefix, never by entry point. Imported
        # here for start-up time: they import the whole reference engine and every mutant module.
        from engines.mutants import load_mutant

        try:
            return load_mutant(spec)
        except LookupError as exc:
            raise UnknownEngine(str(exc)) from None
    if spec.startswith("control:"):
        # Controls, like mutants, are reachable only by this explicit prefix (imported here for
        # start-up time, as the mutants are).
        from engines.controls import load_control

        try:
            return load_control(spec)
        except LookupError as exc:
            raise UnknownEngine(str(exc)) from None
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise UnknownEngine(f"engine {spec!r}: cannot import {module_name!r}: {exc}") from None
        try:
            return getattr(module, attr)
        except AttributeError:
            raise UnknownEngine(f"engine {spec!r}: module {module_name!r} has no {attr!r}") from None
    for ep in entry_points(group=GROUP):
        if ep.name == spec:
            try:
                return ep.load()
            except ImportError as exc:
                raise UnknownEngine(
                    f"engine {spec!r} is registered but cannot be imported ({exc}); is its extra installed?"
                ) from None
    names = ", ".join(sorted(available())) or "none"
    raise UnknownEngine(f"unknown engine {spec!r}: registered engines are {names}; or give module:Class")


def _has_member(adapter: object, name: str) -> bool:
    """Whether ``adapter`` has ``name``, found without calling a property or ``__getattr__``
    (``hasattr`` runs the property and lets any exception but AttributeError through)."""
    try:
        inspect.getattr_static(adapter, name)
    except AttributeError:
        try:
            return hasattr(adapter, name)  # a member only ``__getattr__`` provides
        except Exception:  # noqa: BLE001 - present, but its lookup raises: the engine's fault, later
            return True
    return True


def load_in_process(spec: str) -> object:
    """The adapter ``spec`` names, instantiated in this process even when it is registered to run
    out of process (its ``OutOfProcess`` description names the in-process adapter): for a caller
    that contains the engine itself, such as ``replay --export``'s child process."""
    factory = _resolve(spec.removeprefix("isolated:"))
    if isinstance(factory, OutOfProcess):
        factory = _resolve(factory.spec)
    return factory() if callable(factory) else factory


def load_engine(spec: str) -> EngineAdapter:
    """Instantiate the adapter ``spec`` names and check it has the protocol's members."""
    factory = _resolve(spec)
    adapter = factory() if callable(factory) else factory
    if isinstance(adapter, OutOfProcess):
        adapter = IsolatedEngine(
            adapter.spec,
            timeout=adapter.timeout,
            start_timeout=adapter.start_timeout,
            name=adapter.name,
            version=adapter.version,
        )
    if isinstance(adapter, IsolatedEngine):  # asking its name would start the engine now
        return adapter  # type: ignore[return-value]
    # Looked up without running a property: a ``version`` that raises is the engine's fault in
    # each of its cases (harness.asking.adapter_fault), not a reason to stop the whole run here.
    missing = [m for m in ("name", "version", "supports", "start") if not _has_member(adapter, m)]
    if missing:
        raise UnknownEngine(f"engine {spec!r} is not an EngineAdapter: it lacks {', '.join(missing)}")
    return adapter  # type: ignore[return-value]
