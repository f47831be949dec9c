"""phase.rs (through the ``phase-python`` wheel) as an engine under test.

:class:`PhaseEngine` is what the entry point ``phase`` names: the in-process adapter
(:mod:`harness.engines.phase.inprocess`) run in its own worker process by
:mod:`harness.isolation`, so a panic, abort or hang in the native engine becomes an ``error``
verdict for one invariant and the run goes on. This module never imports ``phase``; only the
worker does. Install with ``pip install -e '.[phase]'``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from harness.isolation import DEFAULT_START_TIMEOUT, DEFAULT_TIMEOUT, IsolatedEngine

INPROCESS_SPEC = "harness.engines.phase.inprocess:PhaseInProcess"


def _installed_version() -> str:
    try:
        return version("phase-python")
    except PackageNotFoundError:
        raise ImportError("phase-python is not installed: pip install -e '.[phase]'") from None


#: Checked on import, so the registry reports a missing extra as such.
PHASE_VERSION = _installed_version()


class PhaseEngine(IsolatedEngine):
    """phase.rs behind process isolation (harness.adapter.EngineAdapter)."""

    def __init__(self, *, timeout: float = DEFAULT_TIMEOUT, start_timeout: float = DEFAULT_START_TIMEOUT):
        super().__init__(
            INPROCESS_SPEC,
            timeout=timeout,
            start_timeout=start_timeout,
            name="phase",
            version=PHASE_VERSION,
        )


__all__ = ["INPROCESS_SPEC", "PhaseEngine"]
