"""``unsupported`` explained once: each distinct reason, who it is on, and which mechanics it names.

An unsupported verdict is not a pass: it is an invariant nobody judged. People need to know how
much was judged and whose gap each unjudged invariant is, so reasons are

* split into their parts (an adapter joins one reason per missing requirement with "; ", and the
  runner records each unmet requirement on its own, see ``ResultRecord.unmet``),
* deduplicated per engine, reasons that differ only by a card's name merged into one (the
  names kept beside it: "phase does not implement card 'Ninja Teen'" and "... card 'Teen
  Class 2B-B'" are one gap), and
* classified by who would have to act:

  ``engine``   the engine lacks the mechanic;
  ``adapter``  the adapter does not map it yet (the engine may well have it);
  ``card``     the engine does not know (or cannot parse) a card the drawn states need.

The class is the one the adapter gave (``Support.no(reason, gap)``, ``StateUnsupported(message,
gap)``, stored as ``gap`` in results.json version 4). Where it gave none (an adapter that does
not say, a results file of an older version) the reason's words are read instead: a reason
naming the adapter is the adapter's gap, one naming a card a card the engine lacks; the reason
is always shown verbatim beside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from protocol.mechanics import Mechanic
from reports.results import ResultRecord

CLASSES: tuple[tuple[str, str], ...] = (
    ("engine", "the engine lacks the mechanic"),
    ("adapter", "the adapter does not map it yet"),
    ("card", "the engine does not know the card"),
)
LOAD_PREFIX = "the engine could not load the drawn states:"
_CARD = re.compile(r"\bcards?\b|\bcard:", re.IGNORECASE)
#: A card named in a reason: card 'Name' / card "Name" (the name is what differs between reasons).
_NAMED_CARD = re.compile(r"""(\bcard )(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")""", re.IGNORECASE)
#: What stands for the card's name in a merged reason.
ANY_CARD = "card <name>"


def classify(reason: str, requirement: str | None = None, gap: str | None = None) -> str:
    """``engine``, ``adapter`` or ``card`` for one reason: the adapter's ``gap`` when it gave
    one, else read from the words (see the module docstring)."""
    if gap in {c for c, _w in CLASSES}:
        return str(gap)
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
    """One distinct reason on one engine, with everything it keeps from being judged; ``cards``:
    the card names merged out of its text (``text`` says ``card <name>`` for them)."""

    engine: str
    cls: str  # engine | adapter | card
    text: str
    mechanics: tuple[MechanicName, ...]
    invariants: tuple[str, ...]
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unsupported:
    reasons: tuple[Reason, ...]  # ordered by class, then by invariants blocked (most first)
    by_class: tuple[tuple[str, str, int], ...]  # (class, words, distinct reasons), every class


def _parts(record: ResultRecord) -> list[tuple[str | None, str, str | None]]:
    """(requirement or None, reason, gap or None) of one unsupported record."""
    if record.unmet:
        return [(u.requirement, u.reason or "not supported", u.gap) for u in record.unmet]
    reason = (record.reason or "no reason given").strip()
    if reason.startswith(LOAD_PREFIX):
        return [(None, reason, record.gap)]
    parts = [part.strip() for part in reason.split("; ") if part.strip()] or [reason]
    return [(None, part, record.gap) for part in parts]


def without_card_names(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` with each quoted card name replaced by :data:`ANY_CARD`, and the names."""
    names = [m.group(2) if m.group(2) is not None else m.group(3) for m in _NAMED_CARD.finditer(text)]
    return _NAMED_CARD.sub(lambda m: m.group(1).replace("card ", "") + ANY_CARD, text), tuple(names)


def explain(records: Iterable[ResultRecord]) -> Unsupported:
    found: dict[tuple[str, str, str], tuple[dict[str, None], dict[str, None], dict[str, None]]] = {}
    for record in records:
        if record.status != "unsupported":
            continue
        for requirement, raw, gap in _parts(record):
            text, names = without_card_names(raw)
            key = (record.engine, classify(raw, requirement, gap), text)
            mechanics, invariants, cards = found.setdefault(key, ({}, {}, {}))
            if requirement:
                mechanics[requirement] = None
            invariants[record.invariant] = None
            cards.update(dict.fromkeys(names))
    order = {c: i for i, (c, _w) in enumerate(CLASSES)}
    reasons = sorted(
        (
            Reason(engine, cls, text, tuple(mechanic_name(m) for m in sorted(mechs)), tuple(invs), tuple(cards))
            for (engine, cls, text), (mechs, invs, cards) in found.items()
        ),
        key=lambda r: (r.engine, order[r.cls], -len(r.invariants), r.text),
    )
    by_class = tuple((c, words, sum(1 for r in reasons if r.cls == c)) for c, words in CLASSES)
    return Unsupported(tuple(reasons), by_class)


__all__ = ["ANY_CARD", "CLASSES", "Reason", "Unsupported", "classify", "explain", "mechanic_name", "without_card_names"]
