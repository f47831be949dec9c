"""Why a rule is not covered: the explanations file of the CR map, read and checked.

The map (:mod:`rulings.cr_map`) marks every rule of a covered section that no invariant checks
as not covered. "No ruling in the corpus cites it" is true but says nothing of whether one
should; the explanations file says why for the rules where there is a reason (a multiplayer
rule in a harness that draws two-player games, a definition no engine behaviour shows, an
ability no card of the corpus has), so the remaining default marks are the real gaps.

The file is TOML, edited by hand, one table per reason::

    [[not-covered]]
    rules = ["506.2a", "506.2b"]
    reason = "multiplayer only: the harness draws two-player games"

A number names that rule and every rule under it (``702.19`` names 702.19a-g, ``506.2`` names
506.2a and 506.2b, never 506.20); the most specific entry wins. A number the rules do not have
is an error, in one line: an explanation of a rule that does not exist is a typo or an
outdated edition, and would silently explain nothing.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from rulings.cr_text import RulesText, is_under, number_depth, number_key

#: The explanations shipped with the package.
EXPLANATIONS_FILE = Path(__file__).parent / "cr-not-covered.toml"
_SHOWN = Path("rulings", "cr-not-covered.toml")


class ExplanationsError(ValueError):
    """The explanations file is not what the map expects; one line naming the file and the entry."""


@dataclass(frozen=True)
class Explanations:
    """Rule number -> why no invariant checks it (and every rule under it)."""

    reasons: dict[str, str]

    def reason(self, number: str) -> str | None:
        """The reason given for ``number`` or the nearest rule above it that has one."""
        best: str | None = None
        for given in self.reasons:
            if is_under(number, given) and (best is None or number_depth(given) > number_depth(best)):
                best = given
        return self.reasons[best] if best is not None else None


def load_explanations(rules: RulesText, path: Path | None = None) -> Explanations:
    """Read and check the explanations file (default: the shipped one) against ``rules``."""
    shown = _SHOWN if path is None else path
    path = EXPLANATIONS_FILE if path is None else path
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise ExplanationsError(f"{shown}: cannot read: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ExplanationsError(f"{shown}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"not-covered"})
    if unknown:
        raise ExplanationsError(f"{shown}: unknown top-level key {unknown[0]!r} (write [[not-covered]] tables)")
    entries = data.get("not-covered", [])
    if not isinstance(entries, list):
        raise ExplanationsError(f"{shown}: 'not-covered' must be a list of [[not-covered]] tables")
    reasons: dict[str, str] = {}
    for n, entry in enumerate(entries, start=1):
        where = f"{shown}: entry {n}"
        if not isinstance(entry, dict) or set(entry) != {"rules", "reason"}:
            raise ExplanationsError(f"{where}: a [[not-covered]] table holds exactly 'rules' and 'reason'")
        numbers, reason = entry["rules"], entry["reason"]
        if not isinstance(reason, str) or not reason.strip():
            raise ExplanationsError(f"{where}: 'reason' must be a non-empty string")
        if not isinstance(numbers, list) or not numbers or not all(isinstance(x, str) for x in numbers):
            raise ExplanationsError(f"{where}: 'rules' must be a non-empty list of rule numbers")
        for number in numbers:
            try:
                number_key(number)
            except ValueError as exc:
                raise ExplanationsError(f"{where}: {exc}") from None
            if number not in rules:
                raise ExplanationsError(
                    f"{where}: rule {number} does not exist in the Comprehensive Rules of {rules.effective}"
                )
            if number in reasons:
                raise ExplanationsError(f"{where}: rule {number} is explained twice")
            reasons[number] = " ".join(reason.split())
    return Explanations(reasons)


__all__ = ["EXPLANATIONS_FILE", "Explanations", "ExplanationsError", "load_explanations"]
