"""phase.rs card data from the model's cards: faces built locally, cached, and vetted.

phase parses oracle text into faces (``phase.build_oracle_face``); nothing is downloaded. A
face is a pure function of the card's MTGJSON dict, so it is cached by a hash of that dict in
memory (per worker) and, when a cache directory is available, on disk. A face whose abilities
phase could not parse (``Unimplemented`` effects, ``Unknown`` trigger modes) would make phase
silently play a different card, so such a card makes the state unsupported instead.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from protocol.adapter import StateUnsupported
from protocol.model import CardData

CACHE_ENV = "MTG_CONFORMANCE_PHASE_CACHE"
#: A vanilla card phase needs in every deck (a player with an empty deck cannot start a game);
#: its objects are removed from the game before the state is loaded.
FILLER = CardData("Conformance Filler", ("Artifact",), mana_cost="{0}")

_faces: dict[str, dict[str, Any]] = {}


@lru_cache(maxsize=1)
def _phase_version() -> str:
    from importlib.metadata import version

    return version("phase-python")


@lru_cache(maxsize=4096)
def card_key(card: CardData) -> str:
    """Content hash of a card's MTGJSON dict (and of the phase version that parses it).
    Memoized: a card's data is a frozen value, and the adapter asks for the keys of every card
    of every state it loads (JSON, sha256 and a metadata look-up each were ~9 % of phase's CPU)."""
    payload = json.dumps({"card": card.to_mtgjson(), "phase": _phase_version()}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


def cache_dir() -> Path | None:
    """Where faces are cached on disk: $MTG_CONFORMANCE_PHASE_CACHE, else the user cache dir."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return Path(configured) if configured else None  # empty: no disk cache
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "mtg-conformance" / "phase-faces"


def _read_cached(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _write_cached(path: Path, face: dict[str, Any]) -> None:
    # Write to a private temp name and rename: concurrent workers never see half a file.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(face), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # the disk cache is an optimisation only


def face(card: CardData) -> dict[str, Any]:
    """phase's face for ``card`` (cached)."""
    key = card_key(card)
    cached = _faces.get(key)
    if cached is not None:
        return cached
    directory = cache_dir()
    path = directory / f"{key}.json" if directory is not None else None
    built = _read_cached(path) if path is not None else None
    if built is None:
        import phase

        built = phase.build_oracle_face(card.to_mtgjson(), None)
        if path is not None:
            _write_cached(path, built)
    _faces[key] = built
    return built


def _walk(node: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    yield where, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{where}[{i}]")


def unparsed_abilities(built: dict[str, Any]) -> list[str]:
    """Descriptions of the parts of a face phase could not parse (empty when fully parsed)."""
    found: list[str] = []
    for _, node in _walk(built):
        if not isinstance(node, dict):
            continue
        if node.get("type") == "Unimplemented":
            found.append(str(node.get("description") or node.get("name") or "an unimplemented ability"))
        mode = node.get("mode")
        if isinstance(mode, dict) and "Unknown" in mode:
            found.append(f"trigger mode Unknown({mode['Unknown']!r})")
        if node.get("event") == "ProduceMana" and "execute" in node and node["execute"] is None:
            # phase keeps "produces twice as much of that mana" as a mana replacement that
            # executes nothing: the card would play as a vanilla enchantment.
            found.append(f"a mana replacement with nothing to execute: {node.get('description')}")
    return list(dict.fromkeys(found))


def mana_choices(built: dict[str, Any]) -> list[str]:
    """The kinds of produced mana in ``built`` that make phase ask for a choice (not Fixed or
    Colorless): the adapter does not map those prompts."""
    found = []
    for _, node in _walk(built):
        if isinstance(node, dict) and node.get("type") == "Mana" and isinstance(node.get("produced"), dict):
            kind = node["produced"].get("type")
            if kind not in ("Fixed", "Colorless"):
                found.append(str(kind))
    return list(dict.fromkeys(found))


def database(cards: list[CardData]) -> dict[str, dict[str, Any]]:
    """The ``name.lower() -> face`` database phase loads, plus the filler; raises
    :class:`StateUnsupported` for a card phase does not fully parse."""
    db: dict[str, dict[str, Any]] = {}
    for card in cards:
        built = face(card)
        problem = _vetted(card)
        if problem is not None:
            raise StateUnsupported(problem)
        db[card.name.lower()] = built
    db[FILLER.name.lower()] = face(FILLER)
    return db


@lru_cache(maxsize=4096)
def _vetted(card: CardData) -> str | None:
    """Why phase cannot play ``card`` as printed, or None. Memoized like the face it reads: the
    adapter builds an engine for every new set of cards, and walking each face again for every
    such set was about 3 % of a phase run's CPU."""
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
