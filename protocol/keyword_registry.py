"""The keyword registry: every keyword ability the harness knows, as data, in one place.

Each keyword has its rules name, its Comprehensive Rules number, its kind (what part of the game
it changes), the mechanic an engine must support for it (only for keywords something requires
today: an invariant, or a generator that draws it), and how it is written on a card's oracle
line (alone, or followed by a mana cost). Evasion keywords also carry, as data, who may block a
creature with them, so a generator draws only legal blocks.

The registry says what exists; it does not say what an engine implements. The reference engine's
oracle reader reads the keywords it implements and refuses every other one, listed here or not;
the generators draw a keyword only where its mechanic is allowed; the templates' keyword
alternation and the phase adapter's keyword names are derived from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from protocol.mechanics import Mechanic


class KeywordKind(StrEnum):
    """What part of the game a keyword changes."""

    #: Who may block it: flying, reach, menace (blocking restrictions, 509.1b).
    EVASION = "evasion"
    #: How it deals or is dealt combat damage: first strike, double strike, trample, deathtouch, lifelink.
    DAMAGE = "damage"
    #: Whether and how it attacks: vigilance, haste, defender.
    ATTACK = "attack"
    #: A static ability outside combat's own rules: indestructible, flash.
    STATIC = "static"
    #: A keyword of spells: rebound.
    SPELL = "spell"
    #: Returns an unblocked attacker to put its card onto the battlefield attacking: the ninjutsu
    #: family (702.49) and sneak (702.190), one family of rulings (see :mod:`protocol.keywords`).
    RETURN_ATTACKER = "return-attacker"


class LineForm(StrEnum):
    """How a keyword is written on its own oracle line (reminder text removed)."""

    #: The keyword alone: "Flying", "First strike".
    BARE = "bare"
    #: The keyword followed by a mana cost: "Ninjutsu {1}{U}", "Sneak {3}{B}".
    COST = "cost"


#: A mana cost as written after a keyword ("{1}{U}"), lower-cased or not.
COST_PATTERN = r"(?:\{[^{}]+\})+"


@dataclass(frozen=True)
class KeywordAbility:
    """One keyword ability (CR 702)."""

    #: The rules name, lower case ("first strike", "library ninjutsu").
    name: str
    #: The Comprehensive Rules number of the keyword (or of its variant).
    cr: str
    kind: KeywordKind
    #: The requirement an engine must support for it; ``None`` while nothing requires it.
    mechanic: Mechanic | None = None
    form: LineForm = LineForm.BARE
    #: The keyword whose variant this is ("ninjutsu" for "commander ninjutsu"; itself: ``None``).
    family: str | None = None
    #: Evasion: a blocker needs one of these keywords to block it (702.9b: flying or reach).
    blockable_by: tuple[str, ...] = ()
    #: Evasion: the fewest creatures that may block it, if any block it (702.111b menace: two).
    min_blockers: int = 1

    @property
    def printed(self) -> str:
        """The keyword as printed at the start of an oracle line and in MTGJSON's ``keywords``:
        "First strike", "Library ninjutsu"."""
        return self.name.capitalize()

    @property
    def camel(self) -> str:
        """The name as one CamelCase word ("FirstStrike", "CommanderNinjutsu"), as engines written
        in other languages name their keyword enums."""
        return "".join(word.capitalize() for word in self.name.split())

    def line(self, cost: str = "") -> str:
        """The oracle line of the keyword: "First strike", "Ninjutsu {1}{U}"."""
        if self.form is LineForm.COST:
            if not re.fullmatch(COST_PATTERN, cost):
                raise ValueError(f"keyword {self.name!r} is written with a mana cost, got {cost!r}")
            return f"{self.printed} {cost}"
        return self.printed

    def read(self, line: str) -> str | None:
        """What a normalized oracle line (lower-cased, reminder text removed, whitespace
        collapsed) says of this keyword: its cost ("{1}{u}"), ``""`` for a bare keyword, or
        ``None`` if the line is not this keyword's line."""
        return _read(self.name, self.form, line)

    @property
    def family_name(self) -> str:
        """The family the keyword belongs to: its own name unless it is a variant."""
        return self.family or self.name


def _read(name: str, form: LineForm, line: str) -> str | None:
    if form is LineForm.BARE:
        return "" if line == name else None
    m = re.fullmatch(re.escape(name) + " (" + COST_PATTERN + ")", line)
    return m.group(1) if m else None


class UnknownKeyword(ValueError):
    """A keyword name the registry does not list."""


_E, _D, _A, _S = KeywordKind.EVASION, KeywordKind.DAMAGE, KeywordKind.ATTACK, KeywordKind.STATIC
_R = KeywordKind.RETURN_ATTACKER
_COST = LineForm.COST

FLYING = KeywordAbility("flying", "702.9", _E, Mechanic.FLYING, blockable_by=("flying", "reach"))
REACH = KeywordAbility("reach", "702.17", _E, Mechanic.REACH)
MENACE = KeywordAbility("menace", "702.111", _E, Mechanic.MENACE, min_blockers=2)
FIRST_STRIKE = KeywordAbility("first strike", "702.7", _D, Mechanic.FIRST_STRIKE)
DOUBLE_STRIKE = KeywordAbility("double strike", "702.4", _D, Mechanic.DOUBLE_STRIKE)
TRAMPLE = KeywordAbility("trample", "702.19", _D, Mechanic.TRAMPLE)
DEATHTOUCH = KeywordAbility("deathtouch", "702.2", _D, Mechanic.DEATHTOUCH)
LIFELINK = KeywordAbility("lifelink", "702.15", _D, Mechanic.LIFELINK)
VIGILANCE = KeywordAbility("vigilance", "702.20", _A, Mechanic.VIGILANCE)
HASTE = KeywordAbility("haste", "702.10", _A, Mechanic.HASTE)
DEFENDER = KeywordAbility("defender", "702.3", _A, Mechanic.DEFENDER)
INDESTRUCTIBLE = KeywordAbility("indestructible", "702.12", _S, Mechanic.INDESTRUCTIBLE)
FLASH = KeywordAbility("flash", "702.8", _S)
REBOUND = KeywordAbility("rebound", "702.88a", KeywordKind.SPELL, Mechanic.REBOUND)
NINJUTSU = KeywordAbility("ninjutsu", "702.49a", _R, Mechanic.NINJUTSU, _COST)
LIBRARY_NINJUTSU = KeywordAbility("library ninjutsu", "702.49", _R, Mechanic.LIBRARY_NINJUTSU, _COST, "ninjutsu")
COMMANDER_NINJUTSU = KeywordAbility("commander ninjutsu", "702.49d", _R, Mechanic.COMMANDER_NINJUTSU, _COST, "ninjutsu")
SNEAK = KeywordAbility("sneak", "702.190a", _R, Mechanic.SNEAK, _COST)

#: Every keyword, by name, in CR order within each kind.
KEYWORD_ABILITIES: dict[str, KeywordAbility] = {
    k.name: k
    for k in (
        FLYING,
        REACH,
        MENACE,
        FIRST_STRIKE,
        DOUBLE_STRIKE,
        TRAMPLE,
        DEATHTOUCH,
        LIFELINK,
        VIGILANCE,
        HASTE,
        DEFENDER,
        INDESTRUCTIBLE,
        FLASH,
        REBOUND,
        NINJUTSU,
        LIBRARY_NINJUTSU,
        COMMANDER_NINJUTSU,
        SNEAK,
    )
}


def keyword_ability(name: str) -> KeywordAbility:
    """The registered keyword called ``name`` (any case, as MTGJSON's ``keywords`` or an oracle
    line print it)."""
    try:
        return KEYWORD_ABILITIES[" ".join(name.split()).lower()]
    except KeyError:
        raise UnknownKeyword(f"keyword {name!r} is not in the keyword registry") from None


def of_kind(*kinds: KeywordKind) -> tuple[KeywordAbility, ...]:
    """The registered keywords of ``kinds``, in registry order."""
    return tuple(k for k in KEYWORD_ABILITIES.values() if k.kind in kinds)


#: The keywords of combat a generator may put on an attacker or a blocker: evasion and damage
#: keywords, and attack keywords, each drawn only where its mechanic is allowed.
COMBAT_KEYWORDS: tuple[KeywordAbility, ...] = of_kind(KeywordKind.EVASION, KeywordKind.DAMAGE, KeywordKind.ATTACK)


def read_keyword_line(line: str) -> tuple[KeywordAbility, str] | None:
    """The registered keyword a normalized oracle line (see :meth:`KeywordAbility.read`) is,
    with its cost (``""`` for a bare keyword), or ``None``."""
    for keyword in KEYWORD_ABILITIES.values():
        cost = keyword.read(line)
        if cost is not None:
            return keyword, cost
    return None


def alternation(keywords: tuple[KeywordAbility, ...] | list[KeywordAbility]) -> str:
    """A regular-expression alternation of the keywords' names, longest first (so "library
    ninjutsu" is tried before "ninjutsu"), as a non-capturing group."""
    names = sorted((k.name for k in keywords), key=lambda n: (-len(n), n))
    return "(?:" + "|".join(re.escape(n).replace("\\ ", " ") for n in names) + ")"
