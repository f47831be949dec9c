"""Templates: patterns over normalized ruling text, each with an invariant family behind it.

A pattern is a regular expression over the ruling's normalized, lower-cased text with named
slots such as ``{keyword}``; compiling a ruling tries every template, and a match hands the slot
values to the family, which returns the invariants. A new keyword variant or card is then a new
slot value, not new code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rulings.corpus import Ruling, normalize
from rulings.invariant import Invariant

Family = Callable[[Ruling, Mapping[str, str]], list[Invariant]]


def template_text(text: str) -> str:
    """The form templates are written against: normalized, lower-cased."""
    return normalize(text).lower()


@dataclass(frozen=True)
class Template:
    id: str
    patterns: tuple[str, ...]
    slots: Mapping[str, tuple[str, ...]]
    family: Family
    description: str = ""

    def _regexes(self) -> list[re.Pattern[str]]:
        compiled = []
        for pattern in self.patterns:
            source = pattern
            for slot, values in self.slots.items():
                alternatives = "|".join(re.escape(v) for v in sorted(values, key=len, reverse=True))
                source = source.replace("{" + slot + "}", f"(?P<{slot}>{alternatives})")
            if re.search(r"\{[a-z_]+\}", source):
                raise ValueError(f"template {self.id}: pattern has a slot with no values: {pattern!r}")
            compiled.append(re.compile(source))
        return compiled

    def match(self, ruling: Ruling) -> dict[str, str] | None:
        """The slot values if the ruling's whole text matches one of the patterns."""
        text = template_text(ruling.text)
        for regex in self._regexes():
            found = regex.fullmatch(text)
            if found:
                return {k: v for k, v in found.groupdict().items() if v is not None}
        return None


TEMPLATES: list[Template] = []


def template(
    id: str, *patterns: str, slots: Mapping[str, tuple[str, ...]] | None = None, description: str = ""
) -> Callable[[Family], Family]:
    """Register ``family`` behind a template with the given patterns."""

    def register(family: Family) -> Family:
        if any(t.id == id for t in TEMPLATES):
            raise ValueError(f"template id {id!r} is registered twice")
        tpl = Template(id, tuple(patterns), dict(slots or {}), family, description or (family.__doc__ or "").strip())
        tpl._regexes()  # fail at import time on a malformed pattern
        TEMPLATES.append(tpl)
        return family

    return register
