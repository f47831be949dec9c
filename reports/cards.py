"""The report's "Cards" section: every card a counterexample names, with its oracle data.

A failure is read with the cards in front of you: what Ninja of the Deep Hours costs, what its
ability says, how big it is. The counterexample's own state carries that data (``cards``, the
game's :class:`protocol.model.CardData` as JSON), so the section shows the data the engine was
given, not a database's. Each card has a stable anchor (``card~NAME``, spaces as ``_``) so card
names elsewhere in the report (failure cards, boards, the ruling table) link to it. Everything
here is read defensively from raw JSON and is untrusted text: the template autoescapes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reports.anchors import stable_anchor
from reports.results import ResultRecord, Results


@dataclass(frozen=True)
class CardEntry:
    """One card of the section: what a player reads on it."""

    name: str
    anchor: str
    mana_cost: str = ""
    type_line: str = ""
    power_toughness: str = ""
    text: str = ""
    #: False when the states name the card (an object) but carry no card data for it.
    known: bool = True


def card_anchor(name: str) -> str:
    """The id of a card's entry: built from its name, so a link to it survives the next run."""
    return stable_anchor("card", name)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _words(value: Any) -> list[str]:
    return [w for w in value if isinstance(w, str)] if isinstance(value, list) else []


def entry(card: dict[str, Any]) -> CardEntry:
    """A card's entry from its JSON card data (odd or missing keys show as less, never fail)."""
    name = _text(card.get("name"))
    left = " ".join(_words(card.get("supertypes")) + _words(card.get("types")))
    subtypes = " ".join(_words(card.get("subtypes")))
    type_line = f"{left} — {subtypes}" if subtypes else left
    power, toughness = card.get("power"), card.get("toughness")
    pt = f"{power}/{toughness}" if power is not None and toughness is not None else ""
    loyalty = card.get("loyalty")
    if not pt and loyalty is not None:
        pt = f"loyalty {loyalty}"
    return CardEntry(name, card_anchor(name), _text(card.get("mana_cost")), type_line, pt, _text(card.get("text")))


def _states(record: ResultRecord) -> list[Any]:
    """The states a record's failure carries: the counterexample, the state after, the original."""
    failure = record.failure
    if failure is None:
        return []
    states = [failure.after]
    for counterexample in (failure.counterexample, failure.original):
        if counterexample is not None:
            states.append(counterexample.state)
    return [s for s in states if isinstance(s, dict)]


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def record_card_names(record: ResultRecord) -> tuple[str, ...]:
    """The names of the cards a record's counterexample holds (its card data and its objects),
    sorted, for the failure card's "Cards" line."""
    names = {
        _text(item.get("name"))
        for state in _states(record)
        for key in ("cards", "objects")
        for item in _dicts(state.get(key))
    }
    return tuple(sorted(n for n in names if n))


def collect_cards(results: Results) -> tuple[CardEntry, ...]:
    """Every card named in the results' counterexamples, by name; the first card data found for
    a name wins, and a name with no card data anywhere is listed as such."""
    found: dict[str, CardEntry] = {}
    named: set[str] = set()
    for record in results.results:
        for state in _states(record):
            for card in _dicts(state.get("cards")):
                card_entry = entry(card)
                if card_entry.name:
                    found.setdefault(card_entry.name, card_entry)
            named |= {_text(o.get("name")) for o in _dicts(state.get("objects"))}
    for name in named - found.keys() - {""}:
        found[name] = CardEntry(name, card_anchor(name), known=False)
    unique: dict[str, CardEntry] = {}
    for shown in sorted(found.values(), key=lambda c: c.name):
        unique.setdefault(shown.anchor, shown)  # two names that differ only in whitespace: one entry
    return tuple(unique.values())


def card_links(cards: tuple[CardEntry, ...], names: set[str]) -> dict[str, str]:
    """Card name -> its entry's anchor, for every name in ``names`` that has an entry (a name shown
    elsewhere with no entry, a ruling's card no counterexample holds, stays plain text)."""
    anchors = {c.anchor for c in cards}
    return {n: card_anchor(n) for n in names if card_anchor(n) in anchors}


__all__ = ["CardEntry", "card_anchor", "card_links", "collect_cards", "entry", "record_card_names"]
