"""The card pool: oracle data of the cards rulings name, in MTGJSON AtomicCards shape.

A ruling is about a card; the template that reads it takes the card's data (its keyword and the
keyword's cost, its level costs, the number of cards its restriction lets a search see) from
here, never from a table of known cards. A ruling naming a card the pool lacks is therefore
``uncovered`` ("card X is not in the card pool"), not compiled against a guess.

The pool is the bundled seed cards (``rulings/cards/*.json``) plus any AtomicCards file the user
gives (``--cards FILE``, or ``cards = "FILE"`` in a corpus file's ``[corpus]`` table). An
AtomicCards file is ``{"data": {"Card Name": [face, ...]}}`` with faces holding ``name``,
``manaCost``, ``types``, ``subtypes``, ``supertypes``, ``text``, ``power``, ``toughness``,
``keywords`` (the shape MTGJSON publishes and engines such as phase.rs read). Scryfall card
objects (``name``, ``mana_cost``, ``type_line``, ``oracle_text`` ...) are read too, since Scryfall
rulings come with them.

Bad input is one :class:`CardPoolError` line naming the file and the entry.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from protocol.model import CardData

#: The bundled card data (the seed pages' cards).
BUNDLED_DIR = Path(__file__).parent / "cards"

_SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")


class CardPoolError(ValueError):
    """A card file is not what the loader expects; the message is one line naming where."""


@dataclass(frozen=True)
class CardPool:
    """Cards by oracle name."""

    cards: Mapping[str, CardData] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))

    def get(self, name: str) -> CardData | None:
        return self.cards.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def merged(self, *others: CardPool) -> CardPool:
        """This pool with the cards of ``others`` added (a later card of a name wins)."""
        out = dict(self.cards)
        for other in others:
            out.update(other.cards)
        return CardPool(out)


def _strings(value: Any, where: str, field_name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardPoolError(f"{where}: field {field_name!r} must be a list of strings")
    return tuple(value)


def _string(value: Any, where: str, field_name: str, default: str | None = "") -> str | None:
    if value is None:
        return default
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise CardPoolError(f"{where}: field {field_name!r} must be a string")
    return value


def card_from_atomic(face: Any, where: str) -> CardData:
    """One AtomicCards face (camelCase keys) as :class:`CardData`."""
    if not isinstance(face, dict):
        raise CardPoolError(f"{where}: is not an object")
    name = face.get("faceName") or face.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardPoolError(f"{where}: field 'name' missing")
    types = _strings(face.get("types"), where, "types")
    if not types and isinstance(face.get("type"), str):
        types, subtypes, supertypes = split_type_line(face["type"])
    else:
        subtypes = _strings(face.get("subtypes"), where, "subtypes")
        supertypes = _strings(face.get("supertypes"), where, "supertypes")
    if not types:
        raise CardPoolError(f"{where}: card {name!r} has no 'types'")
    return CardData(
        name=name,
        types=types,
        mana_cost=_string(face.get("manaCost"), where, "manaCost") or "",
        subtypes=subtypes,
        supertypes=supertypes,
        text=_string(face.get("text"), where, "text") or "",
        power=_string(face.get("power"), where, "power", None),
        toughness=_string(face.get("toughness"), where, "toughness", None),
        loyalty=_string(face.get("loyalty"), where, "loyalty", None),
        defense=_string(face.get("defense"), where, "defense", None),
        keywords=_strings(face.get("keywords"), where, "keywords"),
    )


def split_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """ "Legendary Creature — Human Ninja" -> (types, subtypes, supertypes)."""
    left, _, right = line.replace(" - ", " — ").partition(" — ")
    words = left.split()
    supertypes = tuple(w for w in words if w in _SUPERTYPES)
    types = tuple(w for w in words if w not in _SUPERTYPES)
    return types, tuple(right.split()), supertypes


def card_from_scryfall(obj: Any, where: str) -> CardData:
    """A Scryfall card object (the front face of a multi-face card) as :class:`CardData`."""
    if not isinstance(obj, dict):
        raise CardPoolError(f"{where}: is not an object")
    face = obj
    if "oracle_text" not in obj and isinstance(obj.get("card_faces"), list) and obj["card_faces"]:
        face = {**obj, **obj["card_faces"][0]}
    name = obj.get("name")
    type_line = face.get("type_line")
    if not isinstance(name, str) or not name.strip():
        raise CardPoolError(f"{where}: field 'name' missing")
    if not isinstance(type_line, str):
        raise CardPoolError(f"{where}: card {name!r}: field 'type_line' missing")
    types, subtypes, supertypes = split_type_line(type_line)
    return CardData(
        name=name,
        types=types,
        mana_cost=_string(face.get("mana_cost"), where, "mana_cost") or "",
        subtypes=subtypes,
        supertypes=supertypes,
        text=_string(face.get("oracle_text"), where, "oracle_text") or "",
        power=_string(face.get("power"), where, "power", None),
        toughness=_string(face.get("toughness"), where, "toughness", None),
        loyalty=_string(face.get("loyalty"), where, "loyalty", None),
        defense=_string(face.get("defense"), where, "defense", None),
        keywords=_strings(face.get("keywords", obj.get("keywords")), where, "keywords"),
    )


def pool_from_json(data: Any, shown: str) -> CardPool:
    """An AtomicCards document, a list of Scryfall card objects, or a Scryfall list object."""
    cards: dict[str, CardData] = {}
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        for name, faces in data["data"].items():
            where = f"{shown}: card {name!r}"
            if not isinstance(faces, list) or not faces:
                raise CardPoolError(f"{where}: must be a list of faces")
            card = card_from_atomic({"name": name, **faces[0]} if "name" not in faces[0] else faces[0], where)
            cards[name] = card if card.name == name else CardData(**{**card.__dict__, "name": name})
        return CardPool(cards)
    if isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        data = data["data"]
    if isinstance(data, list):
        for n, obj in enumerate(data, start=1):
            card = card_from_scryfall(obj, f"{shown}: entry {n}")
            cards[card.name] = card
        return CardPool(cards)
    raise CardPoolError(
        f'{shown}: not a card file (expected MTGJSON AtomicCards {{"data": {{name: [face]}}}} or Scryfall card objects)'
    )


def load_card_pool(path: Path | str, shown: str | None = None) -> CardPool:
    """Read one card file (see :func:`pool_from_json`)."""
    shown = shown or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CardPoolError(f"{shown}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CardPoolError(f"{shown}: not UTF-8") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardPoolError(f"{shown}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise CardPoolError(f"{shown}: JSON nested too deeply to be a card file") from None
    return pool_from_json(data, shown)


def bundled_pool() -> CardPool:
    """The cards shipped with the package (the seed pages' cards)."""
    files = sorted(BUNDLED_DIR.glob("*.json"))
    return CardPool().merged(*(load_card_pool(p, f"rulings/cards/{p.name}") for p in files))


def card_pool(extra: Iterable[Path | str] = ()) -> CardPool:
    """The bundled cards plus the cards of each file in ``extra``."""
    return bundled_pool().merged(*(load_card_pool(p) for p in extra))


def to_atomic_cards(cards: Iterable[CardData]) -> dict[str, Any]:
    """AtomicCards JSON for ``cards`` (what :func:`load_card_pool` reads back)."""
    return {"data": {c.name: [c.to_mtgjson()] for c in cards}}
