"""Official rulings from Scryfall or MTGJSON -> corpus entries.

Two inputs are read:

- **Scryfall**: the rulings API's list object (``{"object": "list", "data": [ruling, ...]}``) or a
  bare list of ruling objects (``oracle_id``, ``source``, ``published_at``, ``comment``), with a
  card file naming each ``oracle_id``: Scryfall card objects (``oracle_id``, ``name``,
  ``oracle_text`` ...) or an MTGJSON AtomicCards file (``identifiers.scryfallOracleId``).
- **MTGJSON AtomicCards** (``{"data": {name: [face, ...]}}``) whose faces carry ``rulings``
  (``date``, ``text``): cards and rulings in one file.

Each paragraph becomes one corpus entry: a stable id from the card and the text, the sha, the
card, the source, the published date, status ``executable``. The same text on several cards is
one entry listing every card (the corpus keeps one ruling per paragraph). Nothing is written
unless the whole input is good: bad input is one :class:`ImportError_` line naming the entry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rulings.cards import CardPool, CardPoolError, card_from_atomic, card_from_scryfall, pool_from_json
from rulings.corpus import Ruling, ruling_sha

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "of", "to", "is", "it", "if", "and", "or", "that", "this", "its", "can", "be", "you"}


class RulingsImportError(ValueError):
    """The input is not what the importer reads; one line naming the file and the entry."""


@dataclass(frozen=True)
class Imported:
    """One ruling paragraph as read, before it becomes a corpus entry."""

    card: str
    text: str
    published: str
    source: str


def slug(text: str, words: int = 0) -> str:
    found = _WORD.findall(text.lower().replace("'", ""))
    if words:
        found = [w for w in found if w not in _STOP][:words]
    return "-".join(found) or "x"


def ruling_id(card: str, text: str) -> str:
    """Stable: the card's slug, the text's first words and its sha (so two paragraphs of one card
    never share an id, and re-importing gives the same id)."""
    return f"{slug(card)}.{slug(text, 5)}-{ruling_sha(text)[:6]}"


def _load_json(path: Path, shown: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RulingsImportError(f"{shown}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RulingsImportError(f"{shown}: not UTF-8") from None
    except json.JSONDecodeError as exc:
        raise RulingsImportError(f"{shown}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise RulingsImportError(f"{shown}: JSON nested too deeply to be a rulings file") from None


def _text(value: Any, where: str, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulingsImportError(f"{where}: field {field!r} missing or not a string")
    return value


def _date(value: Any, where: str, field: str) -> str:
    value = _text(value, where, field)
    if not _DATE.fullmatch(value):
        raise RulingsImportError(f"{where}: field {field!r} is {value!r}, not a date like 2021-03-19")
    return value


def _oracle_names(data: Any, shown: str) -> tuple[dict[str, str], CardPool]:
    """oracle id -> card name, and the cards, from Scryfall card objects or AtomicCards."""
    try:
        pool = pool_from_json(data, shown)
    except CardPoolError as exc:
        raise RulingsImportError(str(exc)) from None
    names: dict[str, str] = {}
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        for name, faces in data["data"].items():
            for face in faces:
                oracle = (face.get("identifiers") or {}).get("scryfallOracleId") if isinstance(face, dict) else None
                if isinstance(oracle, str):
                    names[oracle] = name
    else:
        objs = data["data"] if isinstance(data, dict) else data
        for obj in objs:
            if isinstance(obj.get("oracle_id"), str):
                names[obj["oracle_id"]] = obj["name"]
    return names, pool


def read_scryfall(data: Any, shown: str, cards: Any, cards_shown: str) -> tuple[list[Imported], CardPool]:
    names, pool = _oracle_names(cards, cards_shown)
    if isinstance(data, dict) and data.get("object") == "list":
        data = data.get("data")
    if not isinstance(data, list):
        raise RulingsImportError(f"{shown}: not a list of Scryfall ruling objects")
    out = []
    for n, obj in enumerate(data, start=1):
        where = f"{shown}: entry {n}"
        if not isinstance(obj, dict):
            raise RulingsImportError(f"{where}: is not an object")
        if obj.get("object", "ruling") != "ruling":
            raise RulingsImportError(f"{where}: object is {obj.get('object')!r}, not 'ruling'")
        oracle = _text(obj.get("oracle_id"), where, "oracle_id")
        if oracle not in names:
            raise RulingsImportError(f"{where}: unknown card: oracle_id {oracle} is in no card of {cards_shown}")
        out.append(
            Imported(
                names[oracle],
                _text(obj.get("comment"), where, "comment"),
                _date(obj.get("published_at"), where, "published_at"),
                f"Scryfall ({obj.get('source', 'unknown')})",
            )
        )
    return out, pool


def read_mtgjson(data: Any, shown: str) -> tuple[list[Imported], CardPool]:
    if not (isinstance(data, dict) and isinstance(data.get("data"), dict)):
        raise RulingsImportError(f'{shown}: not an MTGJSON AtomicCards file (no "data" object of cards)')
    out = []
    cards = {}
    for name, faces in data["data"].items():
        where = f"{shown}: card {name!r}"
        if not isinstance(faces, list) or not faces or not isinstance(faces[0], dict):
            raise RulingsImportError(f"{where}: must be a list of faces")
        try:
            cards[name] = card_from_atomic({"name": name, **faces[0]}, where)
        except CardPoolError as exc:
            raise RulingsImportError(str(exc)) from None
        rulings = faces[0].get("rulings", [])
        if not isinstance(rulings, list):
            raise RulingsImportError(f"{where}: field 'rulings' must be a list")
        for n, r in enumerate(rulings, start=1):
            at = f"{where}: ruling {n}"
            if not isinstance(r, dict):
                raise RulingsImportError(f"{at}: is not an object")
            out.append(Imported(name, _text(r.get("text"), at, "text"), _date(r.get("date"), at, "date"), "MTGJSON"))
    return out, CardPool(cards)


def read_rulings(path: Path, cards_path: Path | None = None) -> tuple[list[Imported], CardPool]:
    """The rulings of ``path`` and the cards they name (see the module docstring)."""
    shown = path.name
    data = _load_json(path, shown)
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return read_mtgjson(data, shown)
    if cards_path is None:
        raise RulingsImportError(f"{shown}: Scryfall rulings name cards by oracle_id: give the cards with --cards FILE")
    return read_scryfall(data, shown, _load_json(cards_path, cards_path.name), cards_path.name)


def merge(
    imported: list[Imported], existing: list[Ruling], shipped: tuple[Ruling, ...] = ()
) -> tuple[list[Ruling], list[str]]:
    """``existing`` with ``imported`` added: a text already there (the same sha) gains the card
    and source; new texts become new entries. A text of a ``shipped`` ruling becomes an entry
    with that ruling's id (the corpus loader joins the two: the shipped ruling gains the card).
    Returns the rulings and the ids touched, in order."""
    by_sha = {r.sha: r for r in existing}
    known = {r.sha: r for r in shipped}
    order = [r.sha for r in existing]
    touched: list[str] = []
    for item in imported:
        sha = ruling_sha(item.text)
        old = by_sha.get(sha)
        if old is None and sha in known:
            ship = known[sha]
            by_sha[sha] = replace(ship, cards=(item.card,), sources=(item.source,), published=item.published, file="")
            order.append(sha)
        elif old is None:
            by_sha[sha] = Ruling(
                id=ruling_id(item.card, item.text),
                text=item.text,
                sha=sha,
                cards=(item.card,),
                sources=(item.source,),
                cr=(),
                tags=(),
                status="executable",
                published=item.published,
            )
            order.append(sha)
        else:
            by_sha[sha] = replace(
                old,
                cards=old.cards + ((item.card,) if item.card not in old.cards else ()),
                sources=old.sources + ((item.source,) if item.source not in old.sources else ()),
            )
        rid = by_sha[sha].id
        if rid not in touched:
            touched.append(rid)
    return [by_sha[s] for s in order], touched


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _toml_list(values: tuple[str, ...]) -> str:
    return "[" + ", ".join(_toml_string(v) for v in values) + "]"


def to_toml(rulings: list[Ruling], cards_file: str | None = None, header: str = "") -> str:
    """A corpus file holding ``rulings`` (and a ``[corpus]`` table naming the card file)."""
    lines = [f"# {line}" for line in header.splitlines()] + ([""] if header else [])
    if cards_file:
        lines += ["[corpus]", f"cards = {_toml_string(cards_file)}", ""]
    for r in rulings:
        lines += [
            "[[ruling]]",
            f"id = {_toml_string(r.id)}",
            f"text = {_toml_string(r.text)}",
            f"sha = {_toml_string(r.sha)}",
            f"cards = {_toml_list(r.cards)}",
            f"sources = {_toml_list(r.sources)}",
            f"cr = {_toml_list(r.cr)}",
            f"tags = {_toml_list(r.tags)}",
            f"status = {_toml_string(r.status)}",
        ]
        if r.published:
            lines.append(f"published = {_toml_string(r.published)}")
        if r.reason:
            lines.append(f"reason = {_toml_string(r.reason)}")
        if r.note:
            lines.append(f"note = {_toml_string(r.note)}")
        lines.append("")
    return "\n".join(lines)


__all__ = ["Imported", "RulingsImportError", "card_from_scryfall", "merge", "read_rulings", "ruling_id", "to_toml"]
