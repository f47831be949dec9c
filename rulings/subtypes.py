"""The creature types (205.3m) and land types (205.3i) of the shipped Comprehensive Rules, as the
claim reader's stems.

A ruling often names the creatures its card cares about by their type ("a Soldier that attacked",
"Elves you control"): the rule it restates holds for any creature, and a type only says which
creatures the card's own effect reaches. So the claim reader reads a creature type it has no
phrase for as "creature" (:func:`rulings.claims.parse`). The list comes from the rules text the
package ships (:mod:`rulings.cr_text`), so a new edition's new types are read without a change
here; a word the lexicon gives a meaning of its own (a type that is also a rules word) keeps it.
A land type ("a Forest you control", "Islands") is read as "land" for the same reason (eighth round).
"""

from __future__ import annotations

import re
from functools import cache

from rulings.cr_text import shipped_rules
from rulings.meaning import stem

#: The rule that lists the creature types, and the words before its list of one-word types.
CREATURE_TYPES_RULE = "205.3m"
_ONE_WORD_LIST = "All other creature types are one word long:"
#: Plurals the stemmer does not undo (-f/-fe to -ves, and the few others the types use).
_PLURALS = {
    "dwarf": "dwarves",
    "elf": "elves",
    "werewolf": "werewolves",
    "wolf": "wolves",
    "mouse": "mice",
    "ox": "oxen",
    "octopus": "octopuses",
}


@cache
def creature_types() -> tuple[tuple[str, str], ...]:
    """Every one-word creature type (lower case) with its plural form."""
    rule = shipped_rules().get(CREATURE_TYPES_RULE)
    if rule is None or _ONE_WORD_LIST not in rule.text:
        raise LookupError(f"rule {CREATURE_TYPES_RULE} of the shipped rules no longer lists the creature types")
    listed = rule.text.split(_ONE_WORD_LIST, 1)[1]
    out: list[tuple[str, str]] = []
    for item in listed.split(","):
        name = re.sub(r"^\s*and\s+", "", item).strip(" .").lower()
        if re.fullmatch(r"[a-z]+(?:-[a-z]+)*", name):
            out.append((name, _PLURALS.get(name, name + "s")))
    return tuple(out)


@cache
def creature_type_stems() -> frozenset[str]:
    """The stems of every one-word creature type and of its plural form."""
    return frozenset(stem(form) for pair in creature_types() for form in pair)


@cache
def _type_words() -> re.Pattern[str]:
    singular = sorted({name for name, _ in creature_types()}, key=len, reverse=True)
    plural = sorted({plural for _, plural in creature_types()}, key=len, reverse=True)
    return re.compile(
        r"\b(?:(?P<an>an) )?(?:(?P<plural>" + "|".join(plural) + r")|(?P<one>" + "|".join(singular) + r"))(?![\w-])"
    )


def types_as_creatures(text: str, keep: frozenset[str] = frozenset()) -> str:
    """``text`` (lower case) with each creature type written "creature" ("that soldier", "those
    goblins", "an orc you control" -> "that creature", "those creatures", "a creature you control"),
    but for the words in ``keep`` (a type that is also a word a reader knows: "time")."""

    def one(found: re.Match[str]) -> str:
        word = found.group("plural") or found.group("one")
        if word in keep:
            return found.group(0)
        noun = "creatures" if found.group("plural") else "creature"
        return f"a {noun}" if found.group("an") else noun

    return _type_words().sub(one, text)


#: The rule that lists the land types, and the words before its list.
LAND_TYPES_RULE = "205.3i"
_LAND_LIST = "The land types are"


@cache
def land_type_stems() -> frozenset[str]:
    """The stems of every one-word land type and of its plural form ("Plains" is its own plural)."""
    rule = shipped_rules().get(LAND_TYPES_RULE)
    if rule is None or _LAND_LIST not in rule.text:
        raise LookupError(f"rule {LAND_TYPES_RULE} of the shipped rules no longer lists the land types")
    listed = rule.text.split(_LAND_LIST, 1)[1].split(".", 1)[0]
    out: set[str] = set()
    for item in listed.split(","):
        name = re.sub(r"^\s*and\s+", "", item).strip(" .").lower()
        if re.fullmatch(r"[a-z]+(?:-[a-z]+)*", name):
            out.add(stem(name))
            out.add(stem(name if name.endswith("s") else name + "s"))
    return frozenset(out)
