"""phase.rs card faces, built locally (``phase.build_oracle_face``), cached by content, and vetted:
a face with abilities phase could not parse would have phase silently play another card."""

import os
from collections.abc import Iterator
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

from engines.kit.cache import CardCache, content_key
from protocol.adapter import Gap, StateUnsupported
from protocol.model import CardData

CACHE_ENV = "MTG_CONFORMANCE_PHASE_CACHE"
#: The kinds of produced mana phase makes without a prompt, or with a ``ChooseManaColor`` prompt
#: of one colour the adapter answers from the action's ``("produce", symbol)`` (CR 106.7; "any
#: color" and "{G} or {U}" are ``AnyOneColor``, asked the same way; "any color that a land an
#: opponent controls could produce" is ``OpponentLandColors``, asked with the colours of the
#: opponents' lands, or nothing added when they could produce none).
ANSWERED_MANA = frozenset({"Fixed", "Colorless", "AnyTypeProduceableBy", "AnyOneColor", "OpponentLandColors"})
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
    """The card's data and phase's version, hashed (memoized: asked for every card of every load)."""
    return content_key(card.to_mtgjson(), version("phase-python"))


def face(card: CardData) -> dict[str, Any]:
    import phase

    return _faces.get(card_key(card), lambda: phase.build_oracle_face(card.to_mtgjson(), None))


def walk(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict inside ``node`` (a face, a list of abilities ...), depth first."""
    if isinstance(node, dict):
        yield node
        node = list(node.values())
    for child in node if isinstance(node, list) else ():
        yield from walk(child)


def unparsed_abilities(built: dict[str, Any]) -> list[str]:
    """Descriptions of the parts of a face phase could not parse (empty when fully parsed): the
    ones phase itself marks (``Unimplemented``, an ``Unknown`` trigger mode). A line phase parses
    into an ability of its own is played, even when phase then does nothing with it: "If a land is
    tapped for mana, it produces twice as much" is phase's mandatory ``ProduceMana`` replacement
    (scope ``TappedForMana``) with no effect and no mana modification, so a Forest under it adds
    one {G}; phase claims the card, and what it does with it is judged (106.12b, 614.1a)."""
    found: list[str] = []
    for node in walk(built):
        if node.get("type") == "Unimplemented":
            found.append(str(node.get("description") or node.get("name") or "an unimplemented ability"))
        if isinstance(node.get("mode"), dict) and "Unknown" in node["mode"]:
            found.append(f"trigger mode Unknown({node['mode']['Unknown']!r})")
    return list(dict.fromkeys(found))


@lru_cache(maxsize=4096)
def vetted(card: CardData) -> str | None:
    """Why phase cannot play ``card`` as printed, or None: an unparsed ability, or mana whose
    choice phase asks in a way the adapter does not answer (not one of :data:`ANSWERED_MANA`)."""
    built = face(card)
    problems = unparsed_abilities(built)
    if problems:
        return f"phase does not implement card {card.name!r}: unparsed {'; '.join(problems)}"
    produced = [n.get("produced") for n in walk(built) if n.get("type") == "Mana"]
    mana = [p.get("type") for p in produced if isinstance(p, dict)]
    choices = ", ".join(dict.fromkeys(str(k) for k in mana if k not in ANSWERED_MANA))
    return (
        f"the phase adapter does not answer phase's mana choice prompts ({card.name!r}: {choices} mana)"
        if choices
        else None
    )


def database(cards: list[CardData]) -> dict[str, dict[str, Any]]:
    """The ``name.lower() -> face`` database phase loads, with the filler (StateUnsupported for a
    card phase cannot play)."""
    for problem in filter(None, map(vetted, cards)):
        # a line phase cannot parse: phase does not know the card; a prompt not answered: the adapter's
        raise StateUnsupported(problem, Gap.ADAPTER if problem.startswith("the phase adapter") else Gap.CARD)
    return {c.name.lower(): face(c) for c in (*cards, FILLER)}
