"""The CR map as data (schema ``mtg-conformance/cr-map`` version 1): every rule of the covered
sections of the Comprehensive Rules, with the invariants that check it or why none does.

Like ``results.json`` (:mod:`reports.results`), the map is an interchange format owned by the
reports layer: the run layer builds it (:mod:`harness.cr_map`, from the compiled corpus and the
rules text), ``mtg-conformance coverage --json`` prints it, and the coverage page
(:mod:`reports.coverage_page`) renders it without importing the corpus or the rules parser.
Every key is always written; decoding goes through :mod:`protocol.codec`, so a file with an
unknown status or a missing field is one line of error, never a traceback.

A row is ``checked`` when an invariant encodes a ruling that cites the rule's number or a
number under it (``via`` names those numbers), ``informational`` when only informational
rulings cite it, else ``not-covered`` with its ``reason``. A section's figures count its rules
below the heading (the heading names the section; a ruling citing the section as a whole lands
on it, and it is listed, but it is not one of the section's subrules).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, Literal, get_args

from protocol.codec import DecodeError, from_jsonable

SCHEMA = "mtg-conformance/cr-map"
VERSION = 1

#: How a rule is covered: an invariant checks it, only informational rulings cite it, or neither.
RuleStatus = Literal["checked", "informational", "not-covered"]
RULE_STATUSES: tuple[RuleStatus, ...] = get_args(RuleStatus)
#: The reason of a rule nobody cites and no explanation speaks of: the real gaps.
DEFAULT_REASON = "no ruling in the corpus cites it"


class CRMapError(ValueError):
    """A map file that cannot be read; one line naming what is wrong."""


@dataclass(frozen=True)
class MapRow:
    """One rule of a covered section."""

    number: str
    text: str
    examples: tuple[str, ...] = ()
    #: The section's own heading ("506. Combat Phase", "702.19. Trample"): listed, not counted.
    heading: bool = False
    status: RuleStatus = "not-covered"
    invariants: tuple[str, ...] = ()
    #: Every ruling citing this number or one under it, executable or informational.
    rulings: tuple[str, ...] = ()
    #: The cited numbers under this one that brought its invariants (not the number itself).
    via: tuple[str, ...] = ()
    #: Why an informational or not-covered row is so; None for a checked one.
    reason: str | None = None

    def __post_init__(self) -> None:
        if self.status not in RULE_STATUSES:
            raise ValueError(f"rule {self.number}: status {self.status!r} is not one of {RULE_STATUSES}")
        if (self.status == "checked") != bool(self.invariants):
            raise ValueError(f"rule {self.number}: a rule is checked exactly when invariants check it")

    @property
    def anchor(self) -> str:
        """The stable anchor of the row in the coverage page: ``cr-702.19b``."""
        return anchor(self.number)


@dataclass(frozen=True)
class MapSection:
    """One covered section, its rules in the order of the rules (heading first)."""

    number: str
    title: str
    #: Why the section is in the map: named by issue 28, a keyword of the registry, cited by the corpus.
    why: tuple[str, ...]
    rows: tuple[MapRow, ...]

    @property
    def subrules(self) -> tuple[MapRow, ...]:
        return tuple(r for r in self.rows if not r.heading)

    @property
    def checked(self) -> int:
        return sum(1 for r in self.subrules if r.status == "checked")

    @property
    def informational(self) -> int:
        return sum(1 for r in self.subrules if r.status == "informational")

    @property
    def total(self) -> int:
        return len(self.subrules)


@dataclass(frozen=True)
class UnknownCitation:
    """A number a ruling cites that the rules of this edition do not have."""

    number: str
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class CRMap:
    #: The edition: "February 27, 2026".
    effective: str
    sections: tuple[MapSection, ...]
    unknown_citations: tuple[UnknownCitation, ...] = ()

    def totals(self) -> dict[str, int]:
        """Computed, never stored as truth: sections, subrules checked, informational, in all."""
        return {
            "sections": len(self.sections),
            "checked": sum(s.checked for s in self.sections),
            "informational": sum(s.informational for s in self.sections),
            "total": sum(s.total for s in self.sections),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "effective": self.effective,
            "totals": self.totals(),
            "sections": [
                {
                    "number": s.number,
                    "title": s.title,
                    "why": list(s.why),
                    "checked": s.checked,
                    "informational": s.informational,
                    "total": s.total,
                    "rows": [_plain(r) for r in s.rows],
                }
                for s in self.sections
            ],
            "unknown_citations": [_plain(u) for u in self.unknown_citations],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "cr-map") -> CRMap:
        """Decode and check a map object; its stored figures must match its rows."""
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            raise CRMapError(f"{source}: not a CR map (schema {SCHEMA!r} expected)")
        if data.get("version") != VERSION:
            raise CRMapError(f"{source}: version {data.get('version')!r} is not {VERSION}")
        body = {
            "effective": data.get("effective"),
            "sections": [
                {k: v for k, v in s.items() if k not in ("checked", "informational", "total")}
                if isinstance(s, dict)
                else s
                for s in data.get("sections", [])
            ],
            "unknown_citations": data.get("unknown_citations", []),
        }
        try:
            decoded: CRMap = from_jsonable(CRMap, body, "$")
        except (DecodeError, ValueError) as exc:
            raise CRMapError(f"{source}: {exc}") from None
        if data.get("totals") != decoded.totals():
            raise CRMapError(f"{source}: $.totals: {data.get('totals')!r} does not match the rows")
        return decoded


def anchor(number: str) -> str:
    """The anchor of a rule in the coverage page, the same in every edition: ``cr-702.19b``."""
    return f"cr-{number}"


def _plain(value: Any) -> dict[str, Any]:
    return {f.name: _listed(getattr(value, f.name)) for f in dataclasses.fields(value)}


def _listed(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


__all__ = [
    "DEFAULT_REASON",
    "RULE_STATUSES",
    "SCHEMA",
    "VERSION",
    "CRMap",
    "CRMapError",
    "MapRow",
    "MapSection",
    "RuleStatus",
    "UnknownCitation",
    "anchor",
]
