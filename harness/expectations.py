"""Expectations: a per-engine file of known non-pass verdicts, and the gate that compares a run with it.

An engine with known deviations would keep a CI job red forever if every failure failed the job,
and a new break would then look like the old ones. An expectations file (TOML, committed next to
the engine) lists the verdicts the engine is known to get, each with a reason and an optional bug
link; the gate fails on any mismatch, a new failure and an *unexpected pass* alike, so the file can
never go stale silently.

The file::

    engine = "phase"                      # optional; checked against the engine the file gates

    [expectations."ninjutsu.after-blockers/ninjutsu/refused-before-blockers"]
    status = "fail"                       # fail, error, unsupported, inconclusive or pass
    reason = "phase offers ninjutsu in the declare attackers step"
    bug = "https://github.com/.../issues/12"   # optional

A key names an invariant id, an id prefix (at a ``/``, as ``run --invariant`` takes it; or any
prefix when it ends with ``*``) or a ruling id. When several keys match one invariant the most
specific wins: the invariant's own id, then the longest prefix, then a ruling (first in the file).
Invariants no key matches are expected to pass. A key that matches no invariant of the harness is
an error, so a renamed invariant cannot leave a dead line behind.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from harness.plan import compiled_suite, explored
from reports.atomic import write_text_atomic
from reports.results import Expectation as RecordedExpectation
from reports.results import ResultRecord, Results, ResultsError, read_results
from reports.text import one_line

#: Statuses an expectation may name; ``pass`` is the default for an invariant no key matches.
EXPECTED_STATUSES = ("pass", "fail", "error", "unsupported", "inconclusive")
ENTRY_FIELDS = ("status", "reason", "bug")
TABLE = "expectations"

MatchKind = Literal["invariant", "prefix", "ruling"]


class ExpectationsError(ValueError):
    """A file that cannot be used: the message is one line naming the file (and line) and the fault."""


@dataclass(frozen=True)
class Expectation:
    """One entry: what ``key`` names and the status it expects, with why."""

    key: str
    status: str
    reason: str = ""
    bug: str = ""
    line: int | None = None  # where the entry starts in its file, for error messages


@dataclass(frozen=True)
class Expectations:
    entries: tuple[Expectation, ...] = ()
    engine: str | None = None
    source: str = "expectations"

    def match(self, invariant: str, rulings: Iterable[str]) -> Expectation | None:
        """The entry that decides ``invariant``'s expected status, or None (expected to pass)."""
        best: tuple[int, int, Expectation] | None = None
        ruling_ids = set(rulings)
        for order, entry in enumerate(self.entries):
            kind = match_kind(entry.key, invariant, ruling_ids)
            if kind is None:
                continue
            # Higher rank wins; within prefixes the longer key; else the earlier entry.
            rank = {"invariant": 3 * 10**6, "prefix": 10**6 + len(entry.key), "ruling": 0}[kind]
            if best is None or rank > best[0] or (rank == best[0] and order < best[1]):
                best = (rank, order, entry)
        return best[2] if best else None

    def expected(self, record: ResultRecord) -> str:
        found = self.match(record.invariant, record.rulings)
        return found.status if found else "pass"


def match_kind(key: str, invariant: str, rulings: set[str]) -> MatchKind | None:
    """How ``key`` names ``invariant`` (None: it does not)."""
    if key == invariant:
        return "invariant"
    if key.endswith("*") and invariant.startswith(key[:-1]):
        return "prefix"
    if invariant.startswith(key.rstrip("/") + "/"):
        return "prefix"
    if key in rulings:
        return "ruling"
    return None


# -- reading ---------------------------------------------------------------------------------


def parse_expectations(text: str, *, source: str = "expectations") -> Expectations:
    """Parse and check the shape of an expectations file (not yet whether its keys exist)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ExpectationsError(f"{source}: not TOML: {exc}") from None
    unknown = sorted(set(data) - {"engine", TABLE})
    if unknown:
        raise ExpectationsError(
            f"{source}: unknown top-level key(s) {unknown}; expected 'engine' and [{TABLE}.\"ID\"] tables"
        )
    engine = data.get("engine")
    if engine is not None and not isinstance(engine, str):
        raise ExpectationsError(f"{source}: 'engine' must be a string")
    table = data.get(TABLE, {})
    if not isinstance(table, dict):
        raise ExpectationsError(f"{source}: '{TABLE}' must be a table of [{TABLE}.\"ID\"] entries")
    lines = _header_lines(text)
    entries = []
    for key, body in table.items():
        where = f"{source}:{lines[key]}" if key in lines else source
        if not isinstance(body, dict):
            raise ExpectationsError(f"{where}: {key!r}: expected a table with status, reason and bug")
        extra = sorted(set(body) - set(ENTRY_FIELDS))
        if extra:
            raise ExpectationsError(f"{where}: {key!r}: unknown field(s) {extra}; allowed: {', '.join(ENTRY_FIELDS)}")
        status = body.get("status")
        if status not in EXPECTED_STATUSES:
            raise ExpectationsError(
                f"{where}: {key!r}: status must be one of {', '.join(EXPECTED_STATUSES)}, got {status!r}"
            )
        for name in ("reason", "bug"):
            if not isinstance(body.get(name, ""), str):
                raise ExpectationsError(f"{where}: {key!r}: {name} must be a string")
        entries.append(Expectation(key, status, body.get("reason", ""), body.get("bug", ""), lines.get(key)))
    return Expectations(tuple(entries), engine, source)


_HEADER = re.compile(r"^\s*\[\s*" + TABLE + r'\s*\.\s*(?:"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|([A-Za-z0-9_-]+))\s*\]')


def _header_lines(text: str) -> dict[str, int]:
    """Line number of each ``[expectations."KEY"]`` header (for messages naming the line)."""
    found: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        m = _HEADER.match(line)
        if m:
            key = m.group(1) if m.group(1) is not None else (m.group(2) if m.group(2) is not None else m.group(3))
            if m.group(1) is not None:
                key = tomllib.loads(f'k = "{key}"')["k"]  # undo TOML escapes
            found.setdefault(key, number)
    return found


def validate(expectations: Expectations, known: Mapping[str, tuple[str, ...]]) -> None:
    """Every key must name some invariant of ``known`` (invariant id -> its rulings)."""
    for entry in expectations.entries:
        if not any(match_kind(entry.key, inv, set(rulings)) for inv, rulings in known.items()):
            where = f"{expectations.source}:{entry.line}" if entry.line else expectations.source
            raise ExpectationsError(
                f"{where}: {entry.key!r} names no known invariant, id prefix or ruling (see `mtg-conformance rulings`)"
            )


def load_expectations(path: str | Path, known: Mapping[str, tuple[str, ...]] | None = None) -> Expectations:
    """Read, parse and (with ``known``) validate an expectations file; ExpectationsError on any fault."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ExpectationsError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ExpectationsError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    expectations = parse_expectations(text, source=str(path))
    if known is not None:
        validate(expectations, known)
    return expectations


def known_invariants() -> dict[str, tuple[str, ...]]:
    """The harness's invariants and the rulings each encodes (what a key may name)."""

    return {inv.id: inv.rulings for inv in (*compiled_suite().invariants, *explored("ci"))}


# -- the gate --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mismatch:
    """A result that differs from its expectation."""

    record: ResultRecord
    expected: str
    entry: Expectation | None

    @property
    def actual(self) -> str:
        return self.record.status

    @property
    def label(self) -> str:
        if self.actual == "pass":
            return "UNEXPECTED PASS"
        if self.expected == "pass" and self.actual in ("fail", "error"):
            return "NEW FAILURE"
        return "STATUS CHANGED"

    def describe(self) -> str:
        r = self.record
        detail = r.failure.message if r.failure is not None else (r.reason or "")
        why = f" (expected because: {self.entry.reason})" if self.entry and self.entry.reason else ""
        text = (
            f"{self.label}: {r.invariant} on {r.engine}; ruling {', '.join(r.rulings)}; "
            f"expected {self.expected}, actual {self.actual}{why}"
        )
        return one_line(text) + (f"\n    {_one_line(detail)}" if detail else "")


def compare(results: Results, expectations: Expectations) -> list[Mismatch]:
    """Every record whose status is not the expected one, in the results' order."""
    out = []
    for record in results.results:
        entry = expectations.match(record.invariant, record.rulings)
        expected = entry.status if entry else "pass"
        if record.status != expected:
            out.append(Mismatch(record, expected, entry))
    return out


def recorded(expectations: Expectations, record: ResultRecord) -> RecordedExpectation:
    """The expectation ``expectations`` sets for ``record``, in the results schema's form, so the
    artifacts can show it without the file."""
    entry = expectations.match(record.invariant, record.rulings)
    if entry is None:
        return RecordedExpectation("pass", source=expectations.source)
    return RecordedExpectation(entry.status, entry.reason, entry.bug, entry.key, expectations.source)  # type: ignore[arg-type]


def annotate(results: Results, per_engine: Mapping[str, Expectations]) -> Results:
    """``results`` with each record of a gated engine carrying its expectation (records of other
    engines are left as they are)."""
    records = tuple(
        replace(r, expectation=recorded(per_engine[r.engine], r)) if r.engine in per_engine else r
        for r in results.results
    )
    return replace(results, results=records)


def gate_report(mismatches: list[Mismatch], checked: int, source: str) -> str:
    """What the gate prints: one line when all match, else each mismatch."""
    if not mismatches:
        return f"expectations: all {checked} results match {source}"
    lines = [f"expectations: {len(mismatches)} of {checked} results do not match {source}"]
    lines += ["  " + m.describe() for m in mismatches]
    return "\n".join(lines)


def _one_line(text: str, limit: int = 200) -> str:
    """Engine text as one visible console line (see :func:`reports.text.one_line`), clipped."""
    flat = one_line(text)
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


# -- updating --------------------------------------------------------------------------------


def updated(
    existing: Expectations, results: Results, known: Mapping[str, tuple[str, ...]] | None = None
) -> Expectations:
    """``existing`` changed as little as possible so that every record of ``results`` matches.

    A mismatching invariant gets an entry of its own with its actual status (a pass that a prefix or
    ruling entry expects to fail gets an explicit ``pass``), keeping the reason and bug of the entry
    that matched it before; an invariant's own entry that now says ``pass`` is dropped. Entries for
    invariants this run did not check are kept, except those naming no invariant of ``known``; a
    prefix or ruling entry that no longer decides any invariant it names is dropped."""
    entries = list(existing.entries)
    for record in results.results:
        current = Expectations(tuple(entries)).match(record.invariant, record.rulings)
        expected = current.status if current else "pass"
        if expected == record.status:
            continue
        own = [e for e in entries if e.key == record.invariant]
        if own:
            index = entries.index(own[0])
            if record.status == "pass" and _decided_by_others(
                entries, own[0], record.invariant, {record.invariant: record.rulings}
            ) in (None, "pass"):
                del entries[index]
            else:
                entries[index] = replace(own[0], status=record.status)
            continue
        if record.status == "pass" and current is not None:
            entries.append(Expectation(record.invariant, "pass", f"passes, unlike the rest of {current.key!r}"))
            continue
        reason = current.reason if current and current.reason else _default_reason(record)
        entries.append(Expectation(record.invariant, record.status, reason, current.bug if current else ""))
    if known is not None:
        entries = [e for e in entries if any(match_kind(e.key, inv, set(r)) for inv, r in known.items())]
    scope = known if known is not None else {r.invariant: r.rulings for r in results.results}
    entries = _drop_idle(entries, scope)
    entries = [
        e
        for e in entries
        if not (
            e.status == "pass" and e.key in scope and _decided_by_others(entries, e, e.key, scope) in (None, "pass")
        )
    ]
    engine = existing.engine or (results.engines()[0] if len(results.engines()) == 1 else None)
    ordered = sorted(entries, key=lambda e: e.key)
    return Expectations(tuple(ordered), engine, existing.source)


def _decided_by_others(
    entries: list[Expectation], own: Expectation, invariant: str, known: Mapping[str, tuple[str, ...]]
) -> str | None:
    """The status ``invariant`` would get without its own entry ``own``."""
    others = Expectations(tuple(e for e in entries if e is not own))
    found = others.match(invariant, known.get(invariant, ()))
    return found.status if found else None


def _drop_idle(entries: list[Expectation], known: Mapping[str, tuple[str, ...]]) -> list[Expectation]:
    """Drop prefix and ruling entries that decide no invariant (each one they name has its own entry
    or a more specific one); an entry naming an invariant the scope does not list is kept."""
    table = Expectations(tuple(entries))
    deciding = {id(table.match(inv, rulings)) for inv, rulings in known.items()}
    kept = []
    for e in entries:
        names = [inv for inv, r in known.items() if match_kind(e.key, inv, set(r))]
        if e.key in known or not names or id(e) in deciding:
            kept.append(e)
    return kept


def _default_reason(record: ResultRecord) -> str:
    detail = record.failure.message if record.failure is not None else (record.reason or "")
    return _one_line(f"{record.status}: {detail}" if detail else record.status)


# -- writing ---------------------------------------------------------------------------------


def dumps(expectations: Expectations) -> str:
    """The file's text: a header comment, ``engine``, then one table per entry, sorted by key."""
    out = [
        "# mtg-conformance expectations: the known non-pass verdicts of one engine.",
        "# `mtg-conformance run --expectations FILE` fails on any mismatch, an unexpected pass too;",
        "# `mtg-conformance expectations update RESULTS FILE` rewrites it from a run, keeping reasons.",
        "# Keys: an invariant id, an id prefix (or any prefix ending in *) or a ruling id.",
    ]
    if expectations.engine:
        out += ["", f"engine = {_toml_string(expectations.engine)}"]
    for e in expectations.entries:
        out += ["", f"[{TABLE}.{_toml_string(e.key)}]", f"status = {_toml_string(e.status)}"]
        if e.reason:
            out.append(f"reason = {_toml_string(e.reason)}")
        if e.bug:
            out.append(f"bug = {_toml_string(e.bug)}")
    return "\n".join(out) + "\n"


def _toml_string(value: str) -> str:
    """A TOML basic string (the stdlib reads TOML but does not write it)."""
    escaped = []
    for ch in value:
        if ch == "\\":
            escaped.append("\\\\")
        elif ch == '"':
            escaped.append('\\"')
        elif ch == "\n":
            escaped.append("\\n")
        elif ch == "\t":
            escaped.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            escaped.append(f"\\u{ord(ch):04x}")
        else:
            escaped.append(ch)
    return '"' + "".join(escaped) + '"'


# -- the command -----------------------------------------------------------------------------

DEFAULT_FILE = "expectations.toml"


def add_parser(sub) -> None:
    p = sub.add_parser("expectations", help="write or update an expectations file from a run")
    actions = p.add_subparsers(dest="action", required=True)
    update = actions.add_parser("update", help="make FILE match RESULTS, keeping existing reasons")
    update.add_argument("results", type=Path, help="results.json of the run")
    update.add_argument(
        "file",
        type=Path,
        nargs="?",
        default=Path(DEFAULT_FILE),
        help=f"expectations file to write or update (default: {DEFAULT_FILE})",
    )
    update.add_argument("--engine", metavar="NAME", help="the engine's results to use, when the run has several")


def cmd_expectations(args) -> int:
    """``expectations update RESULTS [FILE]``; bad input raises ExpectationsError (exit 2)."""

    try:
        results = read_results(args.results)
    except OSError as exc:
        raise ExpectationsError(f"cannot read {args.results}: {exc.strerror or exc}") from None
    except ResultsError as exc:
        raise ExpectationsError(str(exc)) from None
    engines = results.engines()
    if args.engine is not None:
        if args.engine not in engines:
            raise ExpectationsError(
                f"{args.results} has no results for engine {args.engine!r} (it has: {', '.join(engines)})"
            )
        results = replace(results, results=tuple(r for r in results.results if r.engine == args.engine))
    elif len(engines) > 1:
        raise ExpectationsError(
            f"{args.results} holds {len(engines)} engines ({', '.join(engines)}); "
            "an expectations file is for one: choose it with --engine"
        )
    known = known_invariants()
    existing = load_expectations(args.file) if args.file.exists() else Expectations(source=str(args.file))
    new = updated(existing, results, known)
    write_text_atomic(args.file, dumps(new))
    before = {e.key: e.status for e in existing.entries}
    after = {e.key: e.status for e in new.entries}
    added = sum(1 for k in after if k not in before)
    removed = sum(1 for k in before if k not in after)
    changed = sum(1 for k in after if k in before and before[k] != after[k])
    print(f"wrote {args.file}: {len(new.entries)} expectations ({added} added, {changed} changed, {removed} removed)")
    return 0


__all__ = [
    "EXPECTED_STATUSES",
    "Expectation",
    "Expectations",
    "ExpectationsError",
    "Mismatch",
    "annotate",
    "compare",
    "dumps",
    "gate_report",
    "known_invariants",
    "load_expectations",
    "parse_expectations",
    "recorded",
    "updated",
    "validate",
]
