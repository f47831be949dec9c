"""The controls report (``controls.json``, schema ``mtg-conformance/controls`` version 1).

Written by ``mtg-conformance controls``: for every standing control (a degenerate engine), which
invariants fail on it, and every executable ruling that a control relevant to it passes (a
**vacuous** ruling: none of its invariants tested what the control lacks). The mutants kill
report reads it back (``mutants --controls``) to list, per invariant, the controls it fails.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from reports.atomic import write_text_atomic

SCHEMA = "mtg-conformance/controls"
VERSION = 1


class ControlsReportError(ValueError):
    """A controls file that cannot be read: one line naming the file and what is wrong."""


@dataclass(frozen=True)
class ControlInfo:
    id: str
    behaviour: str
    breaks: str
    kinds: tuple[str, ...] = ()
    requires_any: tuple[str, ...] = ()
    tags_any: tuple[str, ...] = ()


@dataclass(frozen=True)
class InvariantControls:
    """How one invariant fared on the controls: those it failed (or erred on: the control
    misbehaved visibly), those it passed, and those it exempts (with the reason)."""

    failed: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    exempt: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class VacuousPair:
    """A ruling that a control relevant to it passes, and the invariants that passed it."""

    ruling: str
    control: str
    invariants: tuple[str, ...]


@dataclass(frozen=True)
class ControlsReport:
    profile: str
    controls: tuple[ControlInfo, ...]
    invariants: dict[str, InvariantControls]
    vacuous: tuple[VacuousPair, ...]

    def summary(self) -> dict[str, int]:
        """Vacuous rulings per control (every control, zero included)."""
        counts = {c.id: 0 for c in self.controls}
        for pair in self.vacuous:
            counts[pair.control] = counts.get(pair.control, 0) + 1
        return counts

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "profile": self.profile,
            "summary": {"vacuous": len(self.vacuous), "by_control": self.summary()},
            "controls": [asdict(c) for c in self.controls],
            "invariants": {k: asdict(v) for k, v in self.invariants.items()},
            "vacuous": [asdict(v) for v in self.vacuous],
        }


def write_controls_json(report: ControlsReport, path: str | os.PathLike[str]) -> Path:
    return write_text_atomic(path, json.dumps(report.to_dict(), indent=2) + "\n")


def failed_controls(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    """Per invariant id, the controls it failed, from a controls.json (ControlsReportError if
    the file is not one; OSError if it cannot be read)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ControlsReportError(f"{path}: not JSON: {exc}") from None
    except UnicodeDecodeError:
        raise ControlsReportError(f"{path}: not UTF-8") from None
    except RecursionError:
        raise ControlsReportError(f"{path}: JSON nested too deeply to be a controls report") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise ControlsReportError(f"{path}: not a controls report (schema {SCHEMA!r})")
    if data.get("version") != VERSION:
        raise ControlsReportError(
            f"{path}: controls report version {data.get('version')!r}, this harness reads {VERSION}"
        )
    invariants = data.get("invariants")
    if not isinstance(invariants, dict):
        raise ControlsReportError(f"{path}: $.invariants must be an object")
    out: dict[str, tuple[str, ...]] = {}
    for inv, entry in invariants.items():
        failed = entry.get("failed") if isinstance(entry, dict) else None
        if not isinstance(failed, list) or not all(isinstance(c, str) for c in failed):
            raise ControlsReportError(f"{path}: $.invariants[{inv!r}].failed must be a list of control ids")
        out[inv] = tuple(failed)
    return out


__all__ = [
    "SCHEMA",
    "VERSION",
    "ControlInfo",
    "ControlsReport",
    "ControlsReportError",
    "InvariantControls",
    "VacuousPair",
    "failed_controls",
    "write_controls_json",
]
