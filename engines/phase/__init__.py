"""phase.rs (through the ``phase-python`` wheel) as an engine under test.

:data:`PhaseEngine` is what the entry point ``phase`` names: an
:class:`~protocol.adapter.OutOfProcess` description of the in-process adapter
(:mod:`engines.phase.inprocess`), which the run layer serves from its own worker process, so a panic, abort or hang in the native engine becomes an ``error``
verdict for one invariant and the run goes on. This module never imports ``phase``; only the
worker does. Install with ``pip install -e '.[phase]'``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from protocol.adapter import OutOfProcess

INPROCESS_SPEC = "engines.phase.inprocess:PhaseInProcess"


def _installed_version() -> str:
    try:
        return version("phase-python")
    except PackageNotFoundError:
        raise ImportError("phase-python is not installed: pip install -e '.[phase]'") from None


#: Checked on import, so the registry reports a missing extra as such.
PHASE_VERSION = _installed_version()


#: phase.rs behind process isolation: the run layer starts the worker.
PhaseEngine = OutOfProcess(INPROCESS_SPEC, name="phase", version=PHASE_VERSION, timeout=10.0, start_timeout=60.0)


__all__ = ["INPROCESS_SPEC", "PhaseEngine"]
