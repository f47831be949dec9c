"""Whether an engine shows what an invariant's check reads: asked before any example is drawn.

An adapter declares the model fields its engine cannot show (``cannot_show``) and exports them
empty; an invariant declares the fields its check reads (``observes``). Judged on an empty field
the check would fail (or pass) on what the adapter did not see, so such an invariant is
``unsupported`` on that engine, with a reason naming the fields and the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.limits import clean_text
from protocol.adapter import Gap
from protocol.observability import cannot_show, unshown, unshown_reason
from reports.results import Status
from rulings.invariant import Invariant


@dataclass(frozen=True)
class Unobserved:
    """The verdict when the engine cannot show a field the check reads (``unsupported``), or
    cannot say what it shows (``error``: a broken declaration or a dead worker)."""

    status: Status
    reason: str
    #: Whose gap an ``unsupported`` is: the engine's, since ``cannot_show`` declares what the
    #: engine keeps no record of (protocol.observability), not a mapping left undone.
    gap: str | None = None


def unobserved(adapter: object, invariant: Invariant, engine: str) -> Unobserved | None:
    """``None`` when ``adapter`` shows every field ``invariant`` observes."""
    if not invariant.observes:
        return None
    try:
        hidden = cannot_show(adapter)
    except Exception as exc:  # noqa: BLE001 - an adapter's broken declaration is its error verdict
        return Unobserved("error", clean_text(f"adapter contract: cannot_show: {type(exc).__name__}: {exc}"))
    fields = unshown(invariant.observes, hidden)
    if not fields:
        return None
    return Unobserved("unsupported", unshown_reason(str(getattr(adapter, "name", engine)), fields), str(Gap.ENGINE))


__all__ = ["Unobserved", "unobserved"]
