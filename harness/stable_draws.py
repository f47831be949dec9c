"""Derandomized draws that depend on the seed alone: Hypothesis's local constants left out.

Hypothesis mixes constants into about one integer draw in twenty: its own (0, 1, powers of two
...) and "local" ones, the numbers written in the modules of the current project that happen to
be loaded in the process. Which modules are local and loaded is not a property of the run: a
test process has loaded other modules than a CLI run, an editable install's modules are local
and a regular install's are not, a phase run loads the phase adapter's modules and a reference
run does not, and a module imported lazily mid-run (the minimization pass, after a first
failure) adds its numbers from then on. So the same derandomized ``ci`` search drew different
examples in different processes (seen: a feature reached in 14 % of an invariant's examples in
one process, 3 % in another). For this harness the local numbers are noise in any case: they
are the harness's own (weights, limits), not the engine's.

:func:`stabilize` makes the local pool empty, so only Hypothesis's own constants remain: the
same in every process for a given Hypothesis version. It reaches into Hypothesis's provider
module (there is no setting for this); if that module changes shape, it does nothing, and
``tests/test_stable_draws.py`` says so.
"""

from __future__ import annotations

_done = False
#: Hypothesis's own function (kept so a test can show what stabilize changes).
_original_local_constants = None


def stabilize() -> bool:
    """Leave local constants out of every later draw of this process (idempotent). Returns
    whether Hypothesis's provider had the expected shape (False: nothing was changed)."""
    global _done
    if _done:
        return True
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants
    except ImportError:
        return False
    if not callable(getattr(providers, "_get_local_constants", None)) or not hasattr(providers, "CONSTANTS_CACHE"):
        return False
    global _original_local_constants
    empty = Constants()
    _original_local_constants = providers._get_local_constants
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()  # permitted constants computed with the local pool
    _done = True
    return True


__all__ = ["stabilize"]
