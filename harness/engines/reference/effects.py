"""Oracle lines of spells and abilities that search or look at libraries, and the abilities
around them (a search restriction, a mana ability that mills), read into value objects.

:func:`parse_effect_line` is the hook :func:`.oracle.parse_card` calls for a line none of its own
shapes reads; it knows a small, fixed set of exact shapes and answers ``None`` for anything else,
so the card is refused rather than half understood:

- searches (701.23): "Search your library for a card, put it into your hand, then shuffle.",
  "... for up to two creature cards, reveal them, put them into your hand, then shuffle.",
  "... for up to three cards, put them into your graveyard, then shuffle.",
  "... for up to two basic land cards, reveal those cards, put them into your hand, then
  shuffle.", "... for a basic land card, put it onto the battlefield [tapped], then shuffle."
  and Bribery's "Search target opponent's library for a creature card and put that card onto
  the battlefield under your control. Then that player shuffles.";
- a look that is not a search: "Look at the top three cards of your library, then put them back
  in any order.";
- a search from an activated ability: "{T}, Sacrifice this land: <search>";
- Aven Mindcensor's replacement: "If an opponent would search a library, that player searches
  the top four cards of that library instead." (614.1a);
- Millikin's mana ability: "{T}, Mill a card: Add {C}." (605.1a; mill: 701.13).

An instant's or sorcery's line is its spell effect; the same line on a permanent is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from harness.protocol.model import CardData, Zone

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBER = "|".join(NUMBERS)
#: Card-type words a search can ask for (the filter), longest first so "basic land" wins.
CARD_FILTERS = ("basic land", "creature", "land", "artifact", "enchantment", "instant", "sorcery")
_FILTER = "|".join(CARD_FILTERS)


@dataclass(frozen=True)
class SearchEffect:
    """"Search <whose> library for [up to] N [type] card(s) ..., then shuffle." (701.23, 701.24)."""

    text: str
    whose: Literal["yours", "target-opponent"]
    count: int
    up_to: bool
    card_filter: str | None
    reveal: bool
    destination: Zone
    tapped: bool = False
    under_your_control: bool = False

    @property
    def targets_opponent(self) -> bool:
        return self.whose == "target-opponent"


@dataclass(frozen=True)
class LookEffect:
    """"Look at the top N cards of your library, then put them back in any order." Not a search."""

    text: str
    count: int


Effect = SearchEffect | LookEffect


@dataclass(frozen=True)
class SpellEffect:
    """What an instant or sorcery does as it resolves (608.2)."""

    effect: Effect


@dataclass(frozen=True)
class ActivatedSearch:
    """"{T}, Sacrifice this land: <search effect>" — an activated ability that uses the stack."""

    effect: SearchEffect
    tap: bool = True
    sacrifice: bool = True
    ability: str = "search"


@dataclass(frozen=True)
class SearchRestriction:
    """"If an opponent would search a library, that player searches the top N cards of that
    library instead." A replacement effect (614.1a) of the permanent's controller."""

    count: int


@dataclass(frozen=True)
class MillManaAbility:
    """"{T}, Mill a card: Add {C}." — a mana ability (605.1a) with an extra cost."""

    symbol: str
    mill: int = 1


ParsedLine = SpellEffect | ActivatedSearch | SearchRestriction | MillManaAbility

_PUT = (
    r"put (?:it|them|that card|those cards) "
    r"(?P<dest>into your hand|into your graveyard|onto the battlefield(?P<tapped> tapped)?"
    r"(?P<control> under your control)?)"
)
_OWN_SEARCH = re.compile(
    rf"^search your library for (?P<upto>up to )?(?P<n>{_NUMBER}) (?:(?P<filter>{_FILTER}) )?cards?"
    rf"(?P<reveal>, reveal (?:it|them|those cards))?, {_PUT}, then shuffle\.$"
)
_OPPONENT_SEARCH = re.compile(
    rf"^search target opponent's library for (?P<upto>up to )?(?P<n>{_NUMBER}) (?:(?P<filter>{_FILTER}) )?cards? "
    rf"and {_PUT}\. then that player shuffles\.$"
)
_LOOK = re.compile(rf"^look at the top (?P<n>{_NUMBER}) cards of your library, then put them back in any order\.$")
_SACRIFICE_SEARCH = re.compile(r"^\{t\}, sacrifice (?:this land|this creature|this artifact): (?P<effect>search .*)$")
_RESTRICTION = re.compile(
    rf"^if an opponent would search a library, that player searches the top (?P<n>{_NUMBER}) cards of that "
    r"library instead\.$"
)
_MILL_MANA = re.compile(r"^\{t\}, mill a card: add \{(?P<symbol>[wubrgc])\}\.$")

_DESTINATIONS = {"into your hand": Zone.HAND, "into your graveyard": Zone.GRAVEYARD}


def _search(text: str, raw: str) -> SearchEffect | None:
    m = _OWN_SEARCH.match(text)
    whose: Literal["yours", "target-opponent"] = "yours"
    if m is None:
        m = _OPPONENT_SEARCH.match(text)
        whose = "target-opponent"
    if m is None:
        return None
    dest_text = m.group("dest")
    destination = _DESTINATIONS.get(dest_text, Zone.BATTLEFIELD)
    return SearchEffect(
        text=raw,
        whose=whose,
        count=NUMBERS[m.group("n")],
        up_to=m.group("upto") is not None,
        card_filter=m.group("filter"),
        reveal=m.groupdict().get("reveal") is not None,
        destination=destination,
        tapped=m.group("tapped") is not None,
        under_your_control=m.group("control") is not None,
    )


def _effect(text: str, raw: str) -> Effect | None:
    if m := _LOOK.match(text):
        return LookEffect(raw, NUMBERS[m.group("n")])
    return _search(text, raw)


def parse_effect_line(card: CardData, text: str, raw: str) -> ParsedLine | None:
    """Read one normalized, lower-cased oracle line (``raw``: as printed, kept as the effect's
    text) of ``card``; ``None`` if it is none of this module's shapes."""
    raw = " ".join(raw.split())
    if card.is_type("Instant") or card.is_type("Sorcery"):
        effect = _effect(text, raw)
        return SpellEffect(effect) if effect is not None else None
    if m := _SACRIFICE_SEARCH.match(text):
        effect_raw = raw.split(": ", 1)[1] if ": " in raw else raw
        search = _search(m.group("effect"), effect_raw)
        return ActivatedSearch(search) if search is not None else None
    if m := _RESTRICTION.match(text):
        return SearchRestriction(NUMBERS[m.group("n")])
    if m := _MILL_MANA.match(text):
        return MillManaAbility(m.group("symbol").upper())
    return None


def matches_filter(card: CardData, card_filter: str | None) -> bool:
    """Whether ``card`` is a card of the filter's type words ("basic land": Basic and Land)."""
    if card_filter is None:
        return True
    words = card_filter.split()
    have = {w.lower() for w in card.supertypes + card.types}
    return all(w in have for w in words)


def effects_of(effects: tuple[object, ...], kind: type) -> list:
    return [e for e in effects if isinstance(e, kind)]
