"""phase.rs (the ``phase-python`` wheel) as an engine under test. :data:`PhaseEngine`, what the
entry point ``phase`` names, has the run layer serve the in-process adapter (:mod:`.inprocess`)
from a worker process: a panic, abort or hang of the native engine costs one verdict, not the
run. This module never imports ``phase``; install it with ``pip install -e '.[phase]'``."""

from importlib.metadata import PackageNotFoundError, version

from protocol.adapter import OutOfProcess

INPROCESS_SPEC = "engines.phase.inprocess:PhaseInProcess"
try:  # checked on import, so the registry reports a missing extra as such
    PHASE_VERSION = version("phase-python")
except PackageNotFoundError:
    raise ImportError("phase-python is not installed: pip install -e '.[phase]'") from None
PhaseEngine = OutOfProcess(INPROCESS_SPEC, name="phase", version=PHASE_VERSION, timeout=10.0, start_timeout=60.0)

__all__ = ["INPROCESS_SPEC", "PhaseEngine"]
