"""The Comprehensive Rules as data: every rule number with its text, read from the shipped file.

The map of covered rules (:mod:`rulings.cr_map`) must list every subrule of a section, so it
needs the rules themselves, not only the numbers the corpus cites. The text ships inside the
package (``rulings/cr/``, package data) so an installed harness has it; it is never read from a
checkout beside the project.

The file is the one Wizards of the Coast publishes: an introduction, a table of contents (which
names every section a second time, so it is skipped), the numbered rules, then the glossary and
the credits (not rules, so they are left out). In the rules part every paragraph is one of:

* a section heading, ``506. Combat Phase``;
* a rule, ``506.1. The combat phase has ...`` (one edition writes ``606.5 If ...`` without the
  dot: accepted);
* a lettered subrule, ``506.4a ...`` (the letters skip l and o);
* an example, ``Example: ...``, which belongs to the rule above it;
* an indented continuation (a second paragraph of the rule above it);
* a group heading of the contents, ``5. Turn Structure``, which is no rule.

Any other line is an error naming its line number: a new edition with a new form is noticed
here, not by a silently shorter map.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: The edition shipped with the package (a new edition replaces the file and this name).
CR_FILE = Path(__file__).parent / "cr" / "comprehensive-rules-2026-02-27.txt"

#: A rule paragraph: its number, an optional dot, its text.
_RULE_LINE = re.compile(r"(?P<number>\d{3}(?:\.\d+[a-z]?)?)\.? (?P<text>\S.*)")
#: A number of the Comprehensive Rules, split into its parts: "702", "19", "b".
_NUMBER = re.compile(r"(\d{3})(?:\.(\d+)([a-z])?)?")
_GROUP_HEADING = re.compile(r"\d\. \S.*")
_EFFECTIVE = re.compile(r"These rules are effective as of (?P<date>.+?)\.")


class RulesTextError(ValueError):
    """The rules file is not in the form this parser reads; one line naming the line."""


@dataclass(frozen=True)
class Rule:
    """One numbered paragraph of the rules, with the examples printed under it."""

    number: str
    #: The rule's text (a section heading's or a keyword's title, like "Trample"); a second
    #: paragraph of the rule follows after a newline.
    text: str
    examples: tuple[str, ...] = ()

    @property
    def depth(self) -> int:
        """0 for a section (``506``), 1 for a rule (``506.4``), 2 for a lettered subrule (``506.4a``)."""
        return number_depth(self.number)


def number_key(number: str) -> tuple[int, int, str]:
    """The sort key of a rule number, in the order of the rules: 702.2 < 702.19 < 702.19a < 702.20."""
    m = _NUMBER.fullmatch(number)
    if m is None:
        raise ValueError(f"{number!r} is not a Comprehensive Rules number like '605', '106.7' or '702.49a'")
    return int(m.group(1)), int(m.group(2) or -1), m.group(3) or ""


def number_depth(number: str) -> int:
    """How deep a number is: 0 for ``506``, 1 for ``506.4``, 2 for ``506.4a``."""
    _, rule, letter = number_key(number)
    return 0 if rule < 0 else 1 if not letter else 2


def is_under(number: str, ancestor: str) -> bool:
    """Whether ``number`` is ``ancestor`` or one of the rules numbered under it (by the rules'
    numbering, not by string prefix: 506.2a is under 506.2, 506.20 is not)."""
    section, rule, letter = number_key(number)
    a_section, a_rule, a_letter = number_key(ancestor)
    if a_rule < 0:
        return section == a_section
    if a_letter == "":
        return (section, rule) == (a_section, a_rule)
    return (section, rule, letter) == (a_section, a_rule, a_letter)


@dataclass(frozen=True)
class RulesText:
    """Every rule of one edition, in the order of the rules."""

    effective: str  # "February 27, 2026"
    rules: tuple[Rule, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_number", {r.number: r for r in self.rules})
        object.__setattr__(self, "_keys", [number_key(r.number) for r in self.rules])

    def get(self, number: str) -> Rule | None:
        return self._by_number.get(number)  # type: ignore[attr-defined]

    def __contains__(self, number: object) -> bool:
        return number in self._by_number  # type: ignore[attr-defined]

    def under(self, number: str) -> tuple[Rule, ...]:
        """The rule ``number`` and every rule numbered under it, in the order of the rules."""
        keys: list[tuple[int, int, str]] = self._keys  # type: ignore[attr-defined]
        start = bisect.bisect_left(keys, number_key(number))
        end = start
        while end < len(self.rules) and is_under(self.rules[end].number, number):
            end += 1
        return self.rules[start:end]


def parse_rules(text: str) -> RulesText:
    """Read the rules part of the published text (see the module docstring for its forms)."""
    lines = text.lstrip("\ufeff").splitlines()
    effective = next((m.group("date") for line in lines[:10] if (m := _EFFECTIVE.search(line))), "")
    start = _after_contents(lines)
    rules: list[Rule] = []
    seen: set[str] = set()
    for index in range(start, len(lines)):
        line = lines[index]
        if line == "Glossary":
            break
        if not line.strip() or _GROUP_HEADING.fullmatch(line):
            continue
        if line.startswith("Example:"):
            if not rules:
                raise RulesTextError(f"line {index + 1}: an example before any rule")
            last = rules[-1]
            rules[-1] = Rule(last.number, last.text, (*last.examples, line.removeprefix("Example:").strip()))
            continue
        if line[0].isspace():
            if not rules or rules[-1].examples:
                raise RulesTextError(f"line {index + 1}: an indented paragraph that continues no rule")
            last = rules[-1]
            rules[-1] = Rule(last.number, f"{last.text}\n{line.strip()}")
            continue
        m = _RULE_LINE.fullmatch(line)
        if m is None:
            raise RulesTextError(f"line {index + 1}: not a rule, an example or a heading: {line[:60]!r}")
        number = m.group("number")
        if number in seen:
            raise RulesTextError(f"line {index + 1}: rule {number} appears twice")
        if rules and number_key(number) <= number_key(rules[-1].number):
            raise RulesTextError(f"line {index + 1}: rule {number} is out of order (after {rules[-1].number})")
        seen.add(number)
        rules.append(Rule(number, m.group("text").strip()))
    else:
        raise RulesTextError("no 'Glossary' line after the rules: is this the Comprehensive Rules?")
    return RulesText(effective, tuple(rules))


def _after_contents(lines: list[str]) -> int:
    """The index of the first line after the table of contents (which ends with "Credits")."""
    for index, line in enumerate(lines):
        if line == "Credits":
            return index + 1
    raise RulesTextError("no table of contents ending with 'Credits': is this the Comprehensive Rules?")


@cache
def shipped_rules() -> RulesText:
    """The rules of the edition shipped with the package (parsed once per process)."""
    return parse_rules(CR_FILE.read_text(encoding="utf-8"))


__all__ = [
    "CR_FILE",
    "Rule",
    "RulesText",
    "RulesTextError",
    "is_under",
    "number_depth",
    "number_key",
    "parse_rules",
    "shipped_rules",
]
