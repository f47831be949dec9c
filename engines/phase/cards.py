"""phase.rs card faces built locally from the model's cards, cached, and vetted.

phase parses oracle text into faces (``phase.build_oracle_face``); nothing is downloaded. A face
is a pure function of the card's MTGJSON dict, so it is cached by a hash of that dict in memory
and, when a cache directory is available, on disk. A face holding abilities phase could not
parse would make phase silently play a different card: such a card makes the state unsupported.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

from engines.kit.cache import CardCache, content_key
from protocol.adapter import StateUnsupported
from protocol.model import CardData

CACHE_ENV = "MTG_CONFORMANCE_PHASE_CACHE"
#: A vanilla card in every deck (phase starts no game with an empty deck), removed before loading.
FILLER = CardData("Conformance Filler", ("Artifact",), mana_cost="{0}")


def cache_dir() -> Path | None:
    """$MTG_CONFORMANCE_PHASE_CACHE (empty: no disk cache), else the user's cache directory."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return Path(configured) if configured else None
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mtg-conformance" / "phase-faces"


_faces = CardCache(cache_dir)


@lru_cache(maxsize=4096)
def card_key(card: CardData) -> str:
    """The card's content and phase's version, hashed (memoized: asked for every card of every load)."""
    return content_key(card.to_mtgjson(), version("phase-python"))


def face(card: CardData) -> dict[str, Any]:
    """phase's face for ``card`` (cached)."""
    import phase

    return _faces.get(card_key(card), lambda: phase.build_oracle_face(card.to_mtgjson(), None))


def walk(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict inside ``node``, depth first (a face, an ability list ...)."""
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from walk(v)


def unparsed_abilities(built: dict[str, Any]) -> list[str]:
    """Descriptions of the parts of a face phase could not parse (empty when fully parsed)."""
    found: list[str] = []
    for node in walk(built):
        if node.get("type") == "Unimplemented":
            found.append(str(node.get("description") or node.get("name") or "an unimplemented ability"))
        mode = node.get("mode")
        if isinstance(mode, dict) and "Unknown" in mode:
            found.append(f"trigger mode Unknown({mode['Unknown']!r})")
        if node.get("event") == "ProduceMana" and "execute" in node and node["execute"] is None:
            # "produces twice as much of that mana" kept with nothing to execute: a vanilla card
            found.append(f"a mana replacement with nothing to execute: {node.get('description')}")
    return list(dict.fromkeys(found))


def mana_choices(built: dict[str, Any]) -> list[str]:
    """The kinds of produced mana that make phase ask for a choice (not Fixed or Colorless): the
    adapter does not answer those prompts."""
    found = [
        str(node["produced"].get("type"))
        for node in walk(built)
        if node.get("type") == "Mana" and isinstance(node.get("produced"), dict)
    ]
    return list(dict.fromkeys(k for k in found if k not in ("Fixed", "Colorless")))


def database(cards: list[CardData]) -> dict[str, dict[str, Any]]:
    """The ``name.lower() -> face`` database phase loads, plus the filler; StateUnsupported for
    a card phase does not fully parse."""
    db: dict[str, dict[str, Any]] = {}
    for card in cards:
        problem = _vetted(card)
        if problem is not None:
            raise StateUnsupported(problem)
        db[card.name.lower()] = face(card)
    db[FILLER.name.lower()] = face(FILLER)
    return db


@lru_cache(maxsize=4096)
def _vetted(card: CardData) -> str | None:
    """Why phase cannot play ``card`` as printed, or None (memoized like the face it reads)."""
    built = face(card)
    problems = unparsed_abilities(built)
    if problems:
        return f"phase does not implement card {card.name!r}: unparsed {'; '.join(problems)}"
    choices = mana_choices(built)
    if choices:
        return (
            f"the phase adapter does not answer phase's mana choice prompts ({card.name!r}: {', '.join(choices)} mana)"
        )
    return None
