"""The ruling corpus: official ruling paragraphs, verbatim, with their provenance.

The corpus is data, not code: TOML files under ``rulings/corpus/``, one ``[[ruling]]`` table per
paragraph, grouped by topic. Keeping it as data means a ruling can be reviewed against its seed
page by eye, and a wording change on the official side shows up as a ``sha`` mismatch here rather
than as an invariant silently testing an outdated sentence.

A corpus file is edited by hand, so every mistake in it is reported as one :class:`CorpusError`
line naming the file, the entry and the field, never as a traceback from deep inside the loader.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from protocol.vocabulary import RulingStatus

#: The corpus shipped with the package, and how error messages and reports name it.
CORPUS_DIR = Path(__file__).parent / "corpus"
_CORPUS_DIR_SHOWN = Path("rulings", "corpus")

TAGS = frozenset(
    {
        "combat",
        "search",
        "mana",
        "stack",
        "zones",
        "timing",
        "casting",
        "triggers",
        "costs",
        "replacement",
        "class",
        "playtest",
    }
)
STATUSES = ("executable", "informational")
#: ``family.topic``: lowercase words joined by hyphens, at least one dot.
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")
#: A Comprehensive Rules number: "605", "106.7", "702.49a".
CR_PATTERN = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
#: The source of a rule text quoted from the Comprehensive Rules, with the date of the edition:
#: such a ruling is the rule itself, so it names no card page (its ``cards`` may be empty) and
#: its ``cr`` starts with the number of the rule it quotes.
CR_SOURCE = re.compile(r"Comprehensive Rules \d{4}-\d{2}-\d{2}")

_STRING_FIELDS = ("id", "text", "sha", "status")
_LIST_FIELDS = ("cards", "sources", "cr", "tags")
_REQUIRED = ("id", "text", "sha", "cards", "sources", "cr", "tags", "status")
_OPTIONAL = ("reason", "note", "published")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


class CorpusError(ValueError):
    """A corpus file is not what the loader expects; the message is one line naming where."""


def normalize(text: str) -> str:
    """The text with typography that carries no meaning removed: NFKC (which also turns no-break
    spaces into spaces), straight quotes for curly ones, single spaces. The sha is taken over
    this form so that a re-typeset ruling keeps its hash and only a change of words changes it."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return " ".join(text.split())


def ruling_sha(text: str) -> str:
    """First 16 hex digits of the sha256 of the normalized text: short enough to read in a diff,
    long enough that two different rulings never collide."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Ruling:
    """One ruling paragraph. A paragraph printed on several card pages is one ruling whose
    ``cards`` and ``sources`` list every page, so it is tested once and reported once."""

    id: str
    text: str
    sha: str
    cards: tuple[str, ...]
    sources: tuple[str, ...]
    cr: tuple[str, ...]
    tags: tuple[str, ...]
    status: RulingStatus
    reason: str | None = None
    note: str | None = None
    #: When the ruling was published (YYYY-MM-DD), for imported rulings.
    published: str | None = None
    #: The corpus file it came from, as shown in error messages and reports.
    file: str = ""

    @property
    def executable(self) -> bool:
        return self.status == "executable"


@dataclass(frozen=True)
class Corpus:
    rulings: tuple[Ruling, ...]
    #: Card files (MTGJSON AtomicCards) named by the corpus files' ``[corpus]`` tables.
    card_files: tuple[Path, ...] = ()
    #: Users' wording files (``wordings/*.toml`` in a corpus directory: sentence patterns mapped
    #: to claim records, read by :mod:`rulings.user_wordings`).
    wording_files: tuple[Path, ...] = ()

    def get(self, ruling_id: str) -> Ruling:
        for ruling in self.rulings:
            if ruling.id == ruling_id:
                return ruling
        raise KeyError(f"no ruling with id {ruling_id!r} in the corpus")

    def by_source(self, name: str) -> tuple[Ruling, ...]:
        """The rulings printed on one seed page (or found in one other source)."""
        return tuple(r for r in self.rulings if name in r.sources)

    def __iter__(self) -> Iterator[Ruling]:
        return iter(self.rulings)

    def __len__(self) -> int:
        return len(self.rulings)


def load_corpus(*directories: Path | str) -> Corpus:
    """Load every ``*.toml`` file (sorted by name) of the given directories, or of the package's
    own corpus when none is given. Ids and texts must be unique across all of them."""
    if directories:
        places = [(Path(d), Path(d)) for d in directories]
    else:
        places = [(CORPUS_DIR, _CORPUS_DIR_SHOWN)]
    entries: list[tuple[int, Ruling]] = []
    card_files: list[Path] = []
    for directory, shown in places:
        if not directory.is_dir():
            raise CorpusError(f"{shown}: not a directory")
        files = sorted(directory.glob("*.toml"), key=lambda p: p.name)
        if not files:
            raise CorpusError(f"{shown}: no *.toml ruling files in it")
        for path in files:
            entries.extend(_read_file(path, shown / path.name, card_files))
    entries = _join_same(entries)
    _check_unique(entries)
    wording_files = tuple(p for d in directories for p in sorted((Path(d) / "wordings").glob("*.toml")))
    return Corpus(tuple(ruling for _, ruling in entries), tuple(card_files), wording_files)


def load_ruling_file(path: Path | str) -> list[Ruling]:
    """Load and check one corpus file on its own (ids and texts unique within it)."""
    entries = _read_file(Path(path), Path(path))
    _check_unique(entries)
    return [ruling for _, ruling in entries]


def _read_file(path: Path, shown: Path, card_files: list[Path] | None = None) -> list[tuple[int, Ruling]]:
    """The file's rulings with their 1-based entry numbers, each entry checked on its own. A
    ``[corpus]`` table may name a card file (``cards = "cards.json"``, relative to the file)."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise CorpusError(f"{shown}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{shown}: not valid TOML: not UTF-8 ({exc.reason})") from None
    except tomllib.TOMLDecodeError as exc:
        raise CorpusError(f"{shown}: not valid TOML: {exc}") from None
    except RecursionError:
        raise CorpusError(f"{shown}: not valid TOML: values nested too deeply") from None
    for key in data:
        if key not in ("ruling", "corpus"):
            raise CorpusError(
                f"{shown}: unknown top-level key {key!r} (a corpus file holds [[ruling]] tables and a [corpus] table)"
            )
    meta = data.get("corpus", {})
    if not isinstance(meta, dict) or any(k != "cards" for k in meta) or not isinstance(meta.get("cards", ""), str):
        raise CorpusError(f"{shown}: [corpus] table: only 'cards = \"FILE\"' (an AtomicCards file) is known")
    if meta.get("cards") and card_files is not None:
        card_files.append(path.parent / meta["cards"])
    entries = data.get("ruling")
    if not isinstance(entries, list) or not entries:
        raise CorpusError(f"{shown}: no [[ruling]] list (write each ruling as a [[ruling]] table)")
    return [(n, _parse_entry(entry, shown, n)) for n, entry in enumerate(entries, start=1)]


def _parse_entry(entry: object, shown: Path, n: int) -> Ruling:
    if not isinstance(entry, dict):
        raise CorpusError(f"{shown}: entry {n}: is {_toml_type(entry)}, not a table (write it as [[ruling]])")
    ruling_id = entry.get("id")
    where = f"{shown}: entry {n}" + (f" (id {ruling_id!r})" if isinstance(ruling_id, str) else "")

    def fail(field: str, problem: str) -> CorpusError:
        return CorpusError(f"{where}: field {field!r}: {problem}")

    for field in entry:
        if field not in _REQUIRED and field not in _OPTIONAL:
            raise fail(field, f"unknown field (known: {', '.join(_REQUIRED + _OPTIONAL)})")
    for field in _REQUIRED:
        if field not in entry:
            raise fail(field, "missing")
    for field in _STRING_FIELDS + _OPTIONAL:
        if field in entry and not isinstance(entry[field], str):
            raise fail(field, f"must be a string, not {_toml_type(entry[field])}")
    for field in _LIST_FIELDS:
        value = entry[field]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise fail(field, f"must be a list of strings, not {_describe_list(value)}")

    ruling_id = entry["id"]  # a string now: checked above
    text, sha, status = entry["text"], entry["sha"], entry["status"]
    if not text.strip():
        raise fail("text", "is empty")
    if not ID_PATTERN.fullmatch(ruling_id):
        raise fail("id", f"{ruling_id!r} is not a slug like 'ninjutsu.after-blockers' (a-z 0-9 '-', joined by '.')")
    if sha != (actual := ruling_sha(text)):
        raise fail("sha", f"is {sha!r}, but the text hashes to {actual!r} (the official wording changed? update sha)")
    rule_text = any(CR_SOURCE.fullmatch(source) for source in entry["sources"])
    if not entry["cards"] and not rule_text:
        raise fail(
            "cards", "is empty: name at least one card page (or quote a rule: source 'Comprehensive Rules <date>')"
        )
    if rule_text and not entry["cr"]:
        raise fail("cr", "is empty: a rule text quoted from the Comprehensive Rules names its own rule number first")
    if not entry["sources"]:
        raise fail("sources", "is empty: name at least one seed file or source")
    for number in entry["cr"]:
        if not CR_PATTERN.fullmatch(number):
            raise fail("cr", f"{number!r} is not a Comprehensive Rules number like '605', '106.7' or '702.49a'")
    for tag in entry["tags"]:
        if tag not in TAGS:
            raise fail("tags", f"unknown tag {tag!r} (known: {', '.join(sorted(TAGS))})")
    if status not in STATUSES:
        raise fail("status", f"is {status!r}, must be 'executable' or 'informational'")
    reason = entry.get("reason")
    if status == "informational" and not (reason and reason.strip()):
        raise fail("reason", "missing: an informational ruling must say why no engine behaviour can show it")
    if status == "executable" and reason is not None:
        raise fail("reason", "an executable ruling takes no reason (meant status = 'informational'? or use 'note')")

    return Ruling(
        id=ruling_id,
        text=text,
        sha=sha,
        cards=tuple(entry["cards"]),
        sources=tuple(entry["sources"]),
        cr=tuple(entry["cr"]),
        tags=tuple(entry["tags"]),
        status=status,
        reason=reason,
        note=entry.get("note"),
        published=entry.get("published"),
        file=str(shown),
    )


def _join_same(entries: list[tuple[int, Ruling]]) -> list[tuple[int, Ruling]]:
    """An entry with the id and text of an earlier one (an imported paragraph that a shipped
    ruling already holds) adds its cards and sources to that ruling: one paragraph, one ruling."""
    first: dict[tuple[str, str], int] = {}
    out: list[tuple[int, Ruling]] = []
    for n, ruling in entries:
        key = (ruling.id, ruling.sha)
        if key in first and ruling.file != out[first[key]][1].file:
            m, old = out[first[key]]
            out[first[key]] = (
                m,
                replace(
                    old,
                    cards=old.cards + tuple(c for c in ruling.cards if c not in old.cards),
                    sources=old.sources + tuple(s for s in ruling.sources if s not in old.sources),
                ),
            )
            continue
        first[key] = len(out)
        out.append((n, ruling))
    return out


def _check_unique(entries: list[tuple[int, Ruling]]) -> None:
    """Ids and texts are unique: the same paragraph twice would be tested and reported twice, and
    an id names exactly one ruling in bindings and reports."""
    ids: dict[str, tuple[int, Ruling]] = {}
    shas: dict[str, tuple[int, Ruling]] = {}
    for n, ruling in entries:
        where = f"{ruling.file}: entry {n} (id {ruling.id!r})"
        if ruling.id in ids:
            m, first = ids[ruling.id]
            raise CorpusError(f"{where}: field 'id': duplicate id, already used by {first.file}: entry {m}")
        if ruling.sha in shas:
            m, first = shas[ruling.sha]
            raise CorpusError(
                f"{where}: field 'text': same text as {first.file}: entry {m} (id {first.id!r});"
                " a paragraph on several pages is one ruling with several cards and sources"
            )
        ids[ruling.id] = shas[ruling.sha] = (n, ruling)


_TOML_TYPES = {
    str: "a string",
    bool: "a boolean",
    int: "an integer",
    float: "a float",
    list: "an array",
    dict: "a table",
}


def _toml_type(value: object) -> str:
    return _TOML_TYPES.get(type(value), f"a {type(value).__name__}")


def _describe_list(value: object) -> str:
    if not isinstance(value, list):
        return _toml_type(value)
    bad = next(item for item in value if not isinstance(item, str))
    return f"an array holding {_toml_type(bad)} ({bad!r})"
