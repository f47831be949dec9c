"""``unsupported`` explained once: each distinct reason, who it is on, and which mechanics it names.

An unsupported verdict is not a pass: it is an invariant nobody judged. People need to know how
much was judged and whose gap each unjudged invariant is, so reasons are

* split into their parts (an adapter joins one reason per missing requirement with "; ", and the
  runner records each unmet requirement on its own, see ``ResultRecord.unmet``),
* deduplicated per engine, and
* classified by who would have to act:

  ``engine``   the engine lacks the mechanic;
  ``adapter``  the adapter does not map it yet (the engine may well have it): the reason names
               the adapter;
  ``card``     the drawn states need a card the engine lacks (a state could not be loaded and
               the reason names a card).

The classification reads the adapter's words, so it is only as good as they are; the reason is
always shown verbatim beside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from protocol.mechanics import Mechanic
from reports.results import ResultRecord

CLASSES: tuple[tuple[str, str], ...] = (
    ("engine", "the engine lacks"),
    ("adapter", "the adapter does not map yet"),
    ("card", "the state needs a card the engine lacks"),
)
LOAD_PREFIX = "the engine could not load the drawn states:"
_CARD = re.compile(r"\bcards?\b|\bcard:", re.IGNORECASE)


def classify(reason: str, requirement: str | None = None) -> str:
    """``engine``, ``adapter`` or ``card`` for one reason (see the module docstring)."""
    words = reason.lower()
    if "adapter" in words:
        return "adapter"
    if (requirement or "").startswith("card:") or _CARD.search(reason):
        return "card"
    return "engine"


@dataclass(frozen=True)
class MechanicName:
    name: str  # the registry name, mechanic:ninjutsu, or card:<name>
    description: str
    cr: str


def mechanic_name(requirement: str) -> MechanicName:
    try:
        m = Mechanic(requirement)  # type: ignore[call-arg]  # mypy reads the custom __new__ as the value lookup
    except ValueError:
        return MechanicName(requirement, "", "")
    return MechanicName(m.value, m.description, m.cr)


@dataclass(frozen=True)
class Reason:
    """One distinct reason on one engine, with everything it keeps from being judged."""

    engine: str
    cls: str  # engine | adapter | card
    text: str
    mechanics: tuple[MechanicName, ...]
    invariants: tuple[str, ...]


@dataclass(frozen=True)
class Unsupported:
    reasons: tuple[Reason, ...]  # ordered by class, then by invariants blocked (most first)
    by_class: tuple[tuple[str, str, int], ...]  # (class, words, distinct reasons), every class


def _parts(record: ResultRecord) -> list[tuple[str | None, str]]:
    """(requirement or None, reason) pairs of one unsupported record."""
    if record.unmet:
        return [(u.requirement, u.reason or "not supported") for u in record.unmet]
    reason = (record.reason or "no reason given").strip()
    if reason.startswith(LOAD_PREFIX):
        return [(None, reason)]
    return [(None, part.strip()) for part in reason.split("; ") if part.strip()] or [(None, reason)]


def explain(records: Iterable[ResultRecord]) -> Unsupported:
    found: dict[tuple[str, str], tuple[str, dict[str, None], dict[str, None]]] = {}
    for record in records:
        if record.status != "unsupported":
            continue
        for requirement, text in _parts(record):
            key = (record.engine, text)
            _cls, mechanics, invariants = found.setdefault(key, (classify(text, requirement), {}, {}))
            if requirement:
                mechanics[requirement] = None
            invariants[record.invariant] = None
    order = {c: i for i, (c, _w) in enumerate(CLASSES)}
    reasons = sorted(
        (
            Reason(engine, cls, text, tuple(mechanic_name(m) for m in sorted(mechs)), tuple(invs))
            for (engine, text), (cls, mechs, invs) in found.items()
        ),
        key=lambda r: (r.engine, order[r.cls], -len(r.invariants), r.text),
    )
    by_class = tuple((c, words, sum(1 for r in reasons if r.cls == c)) for c, words in CLASSES)
    return Unsupported(tuple(reasons), by_class)


__all__ = ["CLASSES", "Reason", "Unsupported", "classify", "explain", "mechanic_name"]
