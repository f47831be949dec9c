"""Building the CR map: every rule of the covered sections, linked to the invariants that check it.

Like test262's link from every test to its spec section, in the other direction: starting from
the rules, which of them does the suite check? The map is built from three sources, each data:
the compiled corpus (which invariants encode which rulings, and the ``cr`` numbers each ruling
cites), the rules text shipped with the package (:mod:`rulings.cr_text`), and the explanations
of rules nobody checks (:mod:`rulings.cr_explain`).

**The covered sections.** The combat phase (506-511), search (701.23), mana abilities (605),
Classes (716), the section of every keyword in the keyword registry (ninjutsu 702.49, rebound
702.88, the evergreen combat keywords ...), and every section any ruling of the corpus cites. A
section is a three-digit rule (``510``), except in 701 and 702, where each keyword action and
keyword ability is a section of its own (``702.19`` trample): 702 as a whole is the keywords of
the whole game, and a keyword's subrules are what its rulings speak of.

**Checked.** An invariant checks a rule when one of the rulings it encodes cites that number or
a number under it: a ruling citing ``702.19b`` checks 702.19b, and 702.19 (its heading) through
it; a ruling citing ``702.19`` checks the heading only, never every subrule of trample. A parent
stands for a whole only when a ruling says so by citing each child. Informational rulings cite
without checking: their rows say "informational" with the ruling's reason. An executable ruling
no invariant encodes yet leaves its rows not covered, saying so.
"""

from __future__ import annotations

from collections.abc import Iterable

from protocol.keyword_registry import KEYWORD_ABILITIES
from reports.cr_map import DEFAULT_REASON, CRMap, MapRow, MapSection, RuleStatus, UnknownCitation
from rulings.compile import CompiledSuite, RulingCoverage
from rulings.cr_explain import Explanations
from rulings.cr_text import RulesText, number_key

#: The sections issue 28 names beside the keywords and what the corpus cites, with why.
NAMED_SECTIONS: dict[str, str] = {
    "506": "combat",
    "507": "combat",
    "508": "combat",
    "509": "combat",
    "510": "combat",
    "511": "combat",
    "605": "mana abilities",
    "701.23": "search",
    "716": "Classes",
}
#: Keyword actions and keyword abilities: each numbered rule under them is a section of its own.
_KEYWORD_CHAPTERS = (701, 702)


def section_of(number: str) -> str:
    """The section a rule number belongs to: ``510`` for 510.1c, ``702.19`` for 702.19b."""
    chapter, rule, _ = number_key(number)
    if chapter in _KEYWORD_CHAPTERS and rule >= 0:
        return f"{chapter}.{rule}"
    return str(chapter)


def covered_sections(suite: CompiledSuite) -> dict[str, list[str]]:
    """Every covered section with why it is covered, in the order of the rules."""
    why: dict[str, list[str]] = {}

    def add(section: str, reason: str) -> None:
        reasons = why.setdefault(section, [])
        if reason not in reasons:
            reasons.append(reason)

    for section, reason in NAMED_SECTIONS.items():
        add(section, reason)
    for keyword in KEYWORD_ABILITIES.values():
        add(section_of(keyword.cr), f"keyword {keyword.name}")
    for c in suite.coverage:
        for number in c.ruling.cr:
            add(section_of(number), "cited by the corpus")
    return {s: why[s] for s in sorted(why, key=number_key)}


def build_map(
    suite: CompiledSuite,
    rules: RulesText,
    explanations: Explanations,
    sections: Iterable[str] | None = None,
) -> CRMap:
    """The map of ``sections`` (default: every covered section, :func:`covered_sections`)."""
    covered = covered_sections(suite)
    chosen = list(covered) if sections is None else list(sections)
    citations = _citations(suite)
    out = []
    for section in chosen:
        found = rules.under(section)
        if not found:
            # Not in this edition: a cited number then shows among the unknown citations, and a
            # keyword of the registry the rules lack fails tests/test_coverage_map.py.
            continue
        rows = tuple(_row(r.number, r.text, r.examples, r.number == section, citations, explanations) for r in found)
        title = found[0].text
        out.append(MapSection(section, title, tuple(covered.get(section, ["asked for"])), rows))
    unknown = sorted(
        {n for c in suite.coverage for n in c.ruling.cr if n not in rules},
        key=number_key,
    )
    return CRMap(
        rules.effective,
        tuple(out),
        tuple(UnknownCitation(n, tuple(c.ruling.id for c in suite.coverage if n in c.ruling.cr)) for n in unknown),
    )


#: number -> (cited number, the ruling's coverage) for every citation of it or of a number under it.
_Citations = dict[str, list[tuple[str, RulingCoverage]]]


def _citations(suite: CompiledSuite) -> _Citations:
    """Each cited number is filed under itself and every rule above it (702.19b under 702.19b,
    702.19 and 702), so a row finds its citations in one look-up."""
    table: _Citations = {}
    for c in suite.coverage:
        for number in c.ruling.cr:
            for above in _self_and_above(number):
                table.setdefault(above, []).append((number, c))
    return table


def _self_and_above(number: str) -> list[str]:
    chapter, rule, letter = number_key(number)
    out = [number]
    if letter:
        out.append(f"{chapter}.{rule}")
    if rule >= 0:
        out.append(str(chapter))
    return out


def _row(
    number: str,
    text: str,
    examples: tuple[str, ...],
    heading: bool,
    citations: _Citations,
    explanations: Explanations,
) -> MapRow:
    cited = citations.get(number, [])
    rulings = tuple(dict.fromkeys(c.ruling.id for _, c in cited))
    checking = [(n, c) for n, c in cited if c.coverage in ("template", "bound") and c.invariants]
    invariants = tuple(dict.fromkeys(i for _, c in checking for i in c.invariants))
    via = tuple(sorted({n for n, _ in checking if n != number}, key=number_key))
    status: RuleStatus
    reason: str | None
    waiting = [c for _, c in cited if c.coverage not in ("template", "bound", "informational")]
    informational = [c for _, c in cited if c.coverage == "informational"]
    if invariants:
        status, reason = "checked", None
    elif waiting:
        # An executable ruling says this is checkable: a gap, whatever informational rulings say.
        status = "not-covered"
        reason = f"cited by {waiting[0].ruling.id}, which no invariant encodes yet: {waiting[0].reason}"
    elif informational:
        first = informational[0].ruling
        status, reason = "informational", f"cited by {first.id} (informational: {first.reason})"
    else:
        status, reason = "not-covered", explanations.reason(number) or DEFAULT_REASON
    return MapRow(number, text, examples, heading, status, invariants, rulings, via, reason)


__all__ = ["DEFAULT_REASON", "NAMED_SECTIONS", "build_map", "covered_sections", "section_of"]
