"""Asking an adapter about itself: its ``supports()`` answer and its ``name`` and ``version``.

A search (:mod:`harness.runner`) and a replay (:mod:`harness.replay`) ask the same questions before
any game is loaded, and an untrusted adapter can break either answer: ``supports()`` can raise,
hang, or answer with an ``ok`` that cannot be made a bool; ``version`` can be a property that
raises. Each is the engine's fault in the case at hand (an ``error`` with a reason), never an
exception that loses the case or stops the other engines of a run. Both callers import the
questions from here, so neither depends on the other.
"""

from __future__ import annotations

from harness.guard import exception_type, exit_tripwire, leave_if_forked, reraise_if_harness, time_limit
from harness.isolation import IsolatedEngine
from harness.limits import clean_text
from harness.limits import current as current_limits
from protocol.adapter import EngineAdapter, Support


def supports_answer(adapter: EngineAdapter, requires: frozenset[str]) -> Support | str:
    """The adapter's answer, or the reason it gave none (an ``error``)."""
    limits = current_limits()
    # An isolated engine's worker has its own time-out, which kills it; an alarm in the middle of
    # the pipe exchange would leave a hung worker behind, to answer the next request late.
    alarm = None if isinstance(adapter, IsolatedEngine) else limits.start
    try:
        with exit_tripwire(), time_limit(alarm, f"timeout: supports() took longer than {limits.start:g}s"):
            try:
                support = adapter.supports(requires)
            finally:
                leave_if_forked()
    except BaseException as exc:  # noqa: BLE001 - an adapter bug is an error verdict, never a crash
        reraise_if_harness(exc)
        return clean_text(f"supports() raised {exception_type(exc)}: {exc}")
    if not isinstance(support, Support):
        return (
            f"adapter contract: supports() returned {type(support).__name__}, not a Support (yes, or no with a reason)"
        )
    return _plain_support(support, alarm, limits.start)


def _plain_support(support: Support, alarm: float | None, limit: float) -> Support | str:
    """The answer as a plain ``Support`` (a real bool, a string reason), made under the same guard
    as the call: an ``ok`` whose ``__bool__`` raises or hangs is the engine's broken contract (an
    ``error`` for the case), never an exception that loses the case."""
    try:
        with exit_tripwire(), time_limit(alarm, f"timeout: reading supports()'s answer took longer than {limit:g}s"):
            try:
                ok = support.ok if type(support.ok) is bool else bool(support.ok)
                reason = support.reason
                reason = reason if type(reason) is str else "" if reason is None else clean_text(reason)
            finally:
                leave_if_forked()
    except BaseException as exc:  # noqa: BLE001 - an engine object: any exception is its fault
        reraise_if_harness(exc)
        return clean_text(
            f"adapter contract: supports() answered with an ok of type {type(support.ok).__name__} that is not "
            f"a bool (bool() raised {exception_type(exc)}: {exc})"
        )
    if ok is support.ok and reason is support.reason and type(support) is Support:
        return support
    return Support(ok, reason)


def adapter_fault(adapter: EngineAdapter) -> str | None:
    """Why the adapter breaks its contract before it is asked anything, or None: its ``name`` or
    ``version`` (often a property that asks the engine) raises. Read for every case, so the fault
    is an ``error`` in each of this engine's cases and never stops the other engines of a run. An
    isolated engine's are read in its worker (a ``hello`` that fails fails every case already)."""
    if isinstance(adapter, IsolatedEngine):
        return None
    limit = current_limits().start
    for member in ("name", "version"):
        try:
            with (
                exit_tripwire(),
                time_limit(limit, f"timeout: reading the adapter's {member} took longer than {limit:g}s"),
            ):
                try:
                    getattr(adapter, member)
                finally:
                    leave_if_forked()
        except BaseException as exc:  # noqa: BLE001 - an engine's property: any exception is its fault
            reraise_if_harness(exc)
            return clean_text(f"adapter contract: reading the adapter's {member} raised {exception_type(exc)}: {exc}")
    return None


__all__ = ["adapter_fault", "supports_answer"]
