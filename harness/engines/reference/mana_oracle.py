"""Oracle lines of the mana and cost rules (CR 106, 107.3m, 107.5, 107.6, 605): the line shapes
the reference engine reads for them, and the ability objects they become.

:func:`parse_mana_line` is called by :func:`~.oracle.parse_card` for every line the older
shapes do not cover; it returns ``None`` for a line it does not know, and the card parser then
refuses the card. Lines are lower-cased, reminder text removed, and the card's own name already
replaced by "this creature" (so "this land", "this artifact" ... and "this creature" all mean
the card itself).

Shapes read here (``{S}`` is one of {W}{U}{B}{R}{G}{C}; ``N`` a number; KIND is land,
permanent, creature, artifact or a basic land type):

* activated abilities with a {T} or {Q} cost (602, 605.1a):
  ``{T}: Add {S}.`` (the older parser keeps it in ``mana_abilities`` too), ``{Q}: Add {S}.``,
  ``{T}: Add one mana of any type|color that a land you control|an opponent controls could
  produce.`` (106.7), ``{T}: You gain N life.`` and ``{Q}: You gain N life.`` (not mana
  abilities: they use the stack);
* "tapped for mana" triggers (106.12a): ``Whenever this land is tapped for mana, ...``,
  ``Whenever you tap a KIND for mana|{S}, ...``, ``Whenever a player taps a KIND for ...``,
  ``Whenever a KIND [you control] is tapped for ...`` with the effect ``you gain N life`` (an
  ordinary triggered ability) or ``add an additional {S}`` / ``that player adds an additional
  {S}`` / ``its controller adds an additional {S}`` (a triggered mana ability, 605.1b);
* "tapped for mana" replacement effects (106.12b): ``If you tap a KIND for mana, it produces
  twice as much of that mana instead.``, ``If a KIND [you control] is|would be tapped for
  mana|two or more mana|{S}, it produces {S}... instead[ of any other type and amount].``;
* X in enters-the-battlefield abilities (107.3m): ``This creature enters with X +1/+1
  counters on it.`` (a replacement effect, 614.1c) and ``When this creature enters, you gain X
  life.`` (a triggered ability, 603.6a).

Ability names on the Session protocol (``Action.ability``) are given by
:func:`ability_names`: the mana abilities of a permanent are ``"mana"``, ``"mana:1"``,
``"mana:2"`` ... and its other activated abilities ``"ability:0"``, ``"ability:1"`` ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from harness.protocol.model import MANA_SYMBOLS

CostSymbol = Literal["T", "Q"]
Whose = Literal["self", "you", "any"]

#: Card types and basic land types a "tapped for mana" line can name (KIND above).
KINDS = ("land", "permanent", "creature", "artifact", "plains", "island", "swamp", "mountain", "forest")


@dataclass(frozen=True)
class AddMana:
    """An "Add ..." effect: one mana of a fixed type, or of any type (or any colour) that a land
    you control / an opponent controls could produce (106.7)."""

    symbol: str | None = None
    #: For "could produce" abilities: whose lands ("you" or "opponent").
    could_produce: Literal["you", "opponent"] | None = None
    #: "any color" (excludes colorless, 105.1) rather than "any type" (106.1).
    any_color: bool = False

    def __post_init__(self) -> None:
        if (self.symbol is None) == (self.could_produce is None):
            raise ValueError("AddMana names either a symbol or a could-produce scope")

    def __str__(self) -> str:
        if self.symbol is not None:
            return f"Add {{{self.symbol}}}."
        lands = "a land you control" if self.could_produce == "you" else "a land an opponent controls"
        return f"Add one mana of any {'color' if self.any_color else 'type'} that {lands} could produce."


@dataclass(frozen=True)
class GainLife:
    """"You gain N life." (N may be "X" in an ETB trigger)."""

    amount: int

    def __str__(self) -> str:
        return f"You gain {self.amount} life."


@dataclass(frozen=True)
class Activated:
    """An activated ability whose cost is one {T} or {Q} symbol. It is a mana ability (605.1a)
    when its effect adds mana: it has no target and is no loyalty ability."""

    cost: CostSymbol
    effect: AddMana | GainLife

    @property
    def is_mana_ability(self) -> bool:
        return isinstance(self.effect, AddMana)

    def __str__(self) -> str:
        return f"{{{self.cost}}}: {self.effect}"


@dataclass(frozen=True)
class TappedForManaTrigger:
    """An ability that triggers whenever a permanent is tapped for mana (or for mana of a
    specified type), 106.12a. ``whose``: this permanent ("self"), a permanent its controller
    taps ("you"), any player's ("any"). ``extra``: the symbol a triggered mana ability adds
    (605.1b) and ``to`` whom ("tapper": the player who tapped; "controller": this ability's
    controller); else ``life``: an ordinary trigger, "you gain N life"."""

    whose: Whose
    kind: str
    mana: str | None = None
    life: int | None = None
    extra: str | None = None
    to: Literal["tapper", "controller"] = "controller"

    @property
    def is_mana_ability(self) -> bool:
        return self.extra is not None


@dataclass(frozen=True)
class TappedForManaReplacement:
    """A replacement effect that applies if a permanent is tapped for mana (of a specified type
    or amount), 106.12b/614.1a: "twice as much of that mana" (``double``) or fixed ``produces``."""

    whose: Whose
    kind: str
    mana: str | None = None
    #: "tapped for two or more mana": the least amount it applies to.
    at_least: int = 1
    double: bool = False
    produces: tuple[str, ...] = ()


@dataclass(frozen=True)
class EntersWithXCounters:
    """"This creature enters with X +1/+1 counters on it." (614.1c, 107.3m)"""

    counter: str = "+1/+1"


@dataclass(frozen=True)
class EntersGainXLife:
    """"When this creature enters, you gain X life." (603.6a, 107.3m)"""

    ability: str = "etb-gain-x-life"


ManaLine = (
    Activated | TappedForManaTrigger | TappedForManaReplacement | EntersWithXCounters | EntersGainXLife
)

_S = r"\{([wubrgc])\}"
_KIND = "(" + "|".join(KINDS) + ")"
_SELF = r"this (?:land|creature|artifact|enchantment|permanent)"
_ACT_ADD = re.compile(r"^\{([tq])\}: add " + _S + r"\.$")
_ACT_COULD = re.compile(
    r"^\{([tq])\}: add one mana of any (type|color) that a land (you control|an opponent controls) could produce\.$"
)
_ACT_LIFE = re.compile(r"^\{([tq])\}: you gain (\d+) life\.$")
_SUBJECTS: tuple[tuple[str, Whose], ...] = (
    (_SELF + r" (?:is|would be) tapped", "self"),
    (r"you tap an? " + _KIND, "you"),
    (r"a player taps an? " + _KIND, "any"),
    (r"an? " + _KIND + r" you control (?:is|would be) tapped", "you"),
    (r"an? " + _KIND + r" (?:is|would be) tapped", "any"),
)
_FOR = r" for (mana|two or more mana|" + _S + r")"
_TRIGGER_EFFECT = re.compile(
    r"^(?:you gain (\d+) life|add an additional " + _S + r"|(?:that player|its controller) adds an additional "
    + _S + r")$"
)
_REPLACE_EFFECT = re.compile(
    r"^it produces (twice as much of that mana|(?:\{[wubrgc]\})+) instead(?: of any other type and amount)?$"
)
_X_COUNTERS = re.compile(r"^this creature enters(?: the battlefield)? with x \+1/\+1 counters on it\.$")
_X_LIFE = re.compile(r"^when this creature enters(?: the battlefield)?, you gain x life\.$")


def _subject(text: str) -> tuple[Whose, str, str | None, int, str] | None:
    """Split "<subject> for <mana>, <rest>" into (whose, kind, mana type, least amount, rest)."""
    for pattern, whose in _SUBJECTS:
        m = re.match(pattern + _FOR + r", (.*)\.$", text)
        if m is None:
            continue
        groups = m.groups()
        kind = "permanent" if whose == "self" else groups[0]
        what, symbol, rest = groups[-3], groups[-2], groups[-1]
        if what == "two or more mana":
            return whose, kind, None, 2, rest
        return whose, kind, symbol.upper() if symbol else None, 1, rest
    return None


def parse_mana_line(text: str) -> ManaLine | None:
    """The ability of one normalized oracle line, or ``None`` if the line has another shape."""
    if m := _ACT_ADD.match(text):
        return Activated(m.group(1).upper(), AddMana(m.group(2).upper()))  # type: ignore[arg-type]
    if m := _ACT_COULD.match(text):
        scope = "you" if m.group(3) == "you control" else "opponent"
        return Activated(m.group(1).upper(), AddMana(could_produce=scope, any_color=m.group(2) == "color"))  # type: ignore[arg-type]
    if m := _ACT_LIFE.match(text):
        return Activated(m.group(1).upper(), GainLife(int(m.group(2))))  # type: ignore[arg-type]
    if _X_COUNTERS.match(text):
        return EntersWithXCounters()
    if _X_LIFE.match(text):
        return EntersGainXLife()
    if text.startswith("whenever "):
        split = _subject(text.removeprefix("whenever "))
        if split is None:
            return None
        whose, kind, mana, at_least, rest = split
        effect = _TRIGGER_EFFECT.match(rest)
        if effect is None or at_least != 1:
            return None
        life, add, adds = effect.groups()
        if life is not None:
            return TappedForManaTrigger(whose, kind, mana, life=int(life))
        if add is not None:
            return TappedForManaTrigger(whose, kind, mana, extra=add.upper(), to="controller")
        return TappedForManaTrigger(whose, kind, mana, extra=adds.upper(), to="tapper")
    if text.startswith("if "):
        body = text.removeprefix("if ")
        split = _subject(body)
        if split is None:
            return None
        whose, kind, mana, at_least, rest = split
        effect = _REPLACE_EFFECT.match(rest)
        if effect is None:
            return None
        if effect.group(1) == "twice as much of that mana":
            return TappedForManaReplacement(whose, kind, mana, at_least, double=True)
        symbols = tuple(s.upper() for s in re.findall(r"\{([wubrgc])\}", effect.group(1)))
        return TappedForManaReplacement(whose, kind, mana, at_least, produces=symbols)
    return None


def ordered_activated(intrinsic: list[str], lines: tuple[ManaLine, ...]) -> tuple[Activated, ...]:
    """A permanent's {T}/{Q} activated abilities in protocol order: the intrinsic mana abilities
    of its basic land types first (305.6), then the ability lines in text order (a line that
    repeats an intrinsic ability is that ability, not a second one)."""
    out = [Activated("T", AddMana(symbol)) for symbol in intrinsic]
    for line in lines:
        if isinstance(line, Activated) and line not in out:
            out.append(line)
    return tuple(out)


def ability_names(abilities: tuple[Activated, ...]) -> list[tuple[str, Activated]]:
    """Protocol names: mana abilities "mana", "mana:1" ...; the others "ability:0", "ability:1" ..."""
    named = []
    mana = other = 0
    for ability in abilities:
        if ability.is_mana_ability:
            named.append(("mana" if mana == 0 else f"mana:{mana}", ability))
            mana += 1
        else:
            named.append((f"ability:{other}", ability))
            other += 1
    return named


def intrinsic_mana(subtypes: tuple[str, ...], basic_land_mana: dict[str, str]) -> list[str]:
    """The symbols of the intrinsic mana abilities of these basic land types, in WUBRG order."""
    symbols = {basic_land_mana[s] for s in subtypes if s in basic_land_mana}
    return [s for s in MANA_SYMBOLS if s in symbols]
