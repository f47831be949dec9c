"""python-mtg (the ``python-mtg`` wheel, import name ``mtg``) as an engine under test.
:data:`PyMtgEngine`, what the entry point ``python-mtg`` names, has the run layer serve the
in-process adapter (:mod:`.inprocess`) from a worker process: the engine is one native, global,
not thread-safe instance, and a crash or hang in it must cost one verdict, not the run. This
module never imports ``mtg``; install it with ``pip install -e '.[python-mtg]'``."""

from importlib.metadata import PackageNotFoundError, version

from protocol.adapter import OutOfProcess

INPROCESS_SPEC = "engines.pymtg.inprocess:PyMtgInProcess"
try:  # checked on import, so the registry reports a missing extra as such
    PYMTG_VERSION = version("python-mtg")
except PackageNotFoundError:
    raise ImportError("python-mtg is not installed: pip install -e '.[python-mtg]'") from None
PyMtgEngine = OutOfProcess(INPROCESS_SPEC, name="python-mtg", version=PYMTG_VERSION, timeout=20.0, start_timeout=90.0)

__all__ = ["INPROCESS_SPEC", "PyMtgEngine"]
