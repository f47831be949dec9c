"""Templates: sentence patterns over normalized ruling text, each with an invariant family behind it.

A ruling is read sentence by sentence (:mod:`rulings.text`). A template has *claim* sentences
(what its invariants check) and *explanation* sentences (text that only explains a claim: "This
is a rule specific to ninjutsu; ..."). A ruling compiles through a template when **every** one
of its sentences is a claim or an explanation of that template and at least one is a claim; the
slot values the sentences bind (the keyword, a number, a symbol) must agree. A sentence no
pattern reads leaves the ruling ``uncovered``, quoting the sentence: a wrong compile is worse
than none, so no pattern ends in "anything may follow", and "It doesn't enter tapped, though."
after a true claim never compiles.

Patterns are regular expressions over the lower-cased normal form, matched against one whole
sentence each, with slots ``{name}`` (the values given in ``slots``; a slot used twice in one
pattern must bind the same text) and these macros:

- ``{self}``: how a ruling names its card: ``~`` (the card's name), "the ninja", "this creature",
  "this card", "the creature (put onto the battlefield) with <keyword>" (a keyword of the
  registry's return-an-attacker family, :mod:`protocol.keyword_registry`);
- ``{it}``: a pronoun for the card, or ``{self}``;
- ``{you}``: "you" or "its controller" / "that player";
- ``{cost}``: mana symbols such as ``{2}{u}``.

A family receives the ruling and a :class:`Slots` mapping: the slot values, the names of the
claims found, and the oracle data of the ruling's cards. It may raise :class:`NotCovered` when
the card data does not fit (a card with no such keyword), which leaves the ruling uncovered
with that reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from protocol.keyword_registry import KeywordKind, alternation, of_kind
from protocol.model import CardData
from rulings.corpus import Ruling
from rulings.invariant import Invariant
from rulings.text import sentences, template_form

#: The keywords a card of the ninjutsu templates is named by ("the creature with ninjutsu"): the
#: registry's return-an-attacker family.
RETURN_ATTACKER_KEYWORDS = alternation(of_kind(KeywordKind.RETURN_ATTACKER))

MACROS: dict[str, str] = {
    "self": r"(?:~|the ninja|this creature|this card|the creature (?:put onto the battlefield )?with "
    + RETURN_ATTACKER_KEYWORDS
    + ")",
    "it": r"(?:it|he|she|they|~|the ninja|this creature|this card)",
    "you": r"(?:you|its controller|that player|the player)",
    "cost": r"(?:\{[^{}]+\})+",
}


class NotCovered(Exception):
    """Raised by a family: the ruling's text fits, its card data does not (the reason says why)."""


class Slots(dict[str, str]):
    """Slot values, plus what else a family needs: the claims found and the cards' data."""

    claims: frozenset[str]
    cards: tuple[CardData, ...]

    def __init__(
        self, values: Mapping[str, str] | None = None, *, claims: Iterable[str] = (), cards: Iterable[CardData] = ()
    ) -> None:
        super().__init__(values or {})
        self.claims = frozenset(claims)
        self.cards = tuple(cards)

    def texts(self) -> tuple[str, ...]:
        """The oracle texts of the ruling's cards."""
        return tuple(c.text for c in self.cards)


Family = Callable[[Ruling, Mapping[str, str]], list[Invariant]]


def template_text(text: str, cards: Iterable[str] = ()) -> str:
    """The form templates are written against: normalized, card names as ``~``, lower-cased."""
    return template_form(text, cards)


@dataclass(frozen=True)
class Reading:
    """How one template reads one ruling: the slots bound, the claims found, the sentences it
    could not read (in text order)."""

    slots: dict[str, str]
    claims: frozenset[str]
    unread: tuple[str, ...]
    read: int

    @property
    def complete(self) -> bool:
        return not self.unread and bool(self.claims)


@dataclass(frozen=True)
class Template:
    id: str
    #: Claim name -> sentence patterns stating it.
    claims: Mapping[str, tuple[str, ...]]
    #: Sentence patterns that only explain a claim.
    explains: tuple[str, ...]
    slots: Mapping[str, tuple[str, ...]]
    family: Family
    description: str = ""
    _compiled: list[tuple[str | None, re.Pattern[str]]] = field(default_factory=list, compare=False, repr=False)

    def _expand(self, pattern: str) -> re.Pattern[str]:
        source = pattern
        for name, body in MACROS.items():
            source = source.replace("{" + name + "}", body)
        for slot, values in self.slots.items():
            alternatives = "|".join(re.escape(v) for v in sorted(values, key=len, reverse=True))
            first = source.find("{" + slot + "}")
            if first < 0:
                continue
            token = "{" + slot + "}"
            source = (
                source[:first]
                + f"(?P<{slot}>{alternatives})"
                + source[first + len(token) :].replace(token, f"(?P={slot})")
            )
        if re.search(r"\{[a-z_]+\}", source.replace("\\{", "")):
            raise ValueError(f"template {self.id}: pattern has a slot with no values: {pattern!r}")
        return re.compile(source)

    def regexes(self) -> list[tuple[str | None, re.Pattern[str]]]:
        """(claim name or None for an explanation, compiled pattern), claims first."""
        if not self._compiled:
            for claim, patterns in self.claims.items():
                self._compiled.extend((claim, self._expand(p)) for p in patterns)
            self._compiled.extend((None, self._expand(p)) for p in self.explains)
        return self._compiled

    def read(self, ruling: Ruling) -> Reading:
        slots: dict[str, str] = {}
        claims: set[str] = set()
        unread: list[str] = []
        read = 0
        for sentence in sentences(template_text(ruling.text, ruling.cards)):
            for claim, regex in self.regexes():
                found = regex.fullmatch(sentence)
                if not found:
                    continue
                values = {k: v for k, v in found.groupdict().items() if v is not None}
                if any(slots.get(k, v) != v for k, v in values.items()):
                    continue  # binds a slot differently from an earlier sentence
                slots.update(values)
                if claim is not None:
                    claims.add(claim)
                read += 1
                break
            else:
                unread.append(sentence)
        return Reading(slots, frozenset(claims), tuple(unread), read)

    def match(self, ruling: Ruling, cards: Iterable[CardData] = ()) -> Slots | None:
        """The slots if every sentence of the ruling is one of this template's, with a claim."""
        reading = self.read(ruling)
        if not reading.complete:
            return None
        return Slots(reading.slots, claims=reading.claims, cards=cards)


TEMPLATES: list[Template] = []


def template(
    id: str,
    *,
    claims: Mapping[str, str | tuple[str, ...]],
    explains: tuple[str, ...] = (),
    slots: Mapping[str, tuple[str, ...]] | None = None,
    description: str = "",
) -> Callable[[Family], Family]:
    """Register ``family`` behind a template: ``claims`` (name -> sentence pattern(s)) and
    ``explains`` (sentence patterns that explain a claim and check nothing of their own)."""

    def register(family: Family) -> Family:
        if any(t.id == id for t in TEMPLATES):
            raise ValueError(f"template id {id!r} is registered twice")
        if not claims:
            raise ValueError(f"template {id!r} has no claim sentence")
        tpl = Template(
            id,
            {name: (p,) if isinstance(p, str) else tuple(p) for name, p in claims.items()},
            tuple(explains),
            dict(slots or {}),
            family,
            description or (family.__doc__ or "").strip(),
        )
        tpl.regexes()  # fail at import time on a malformed pattern
        TEMPLATES.append(tpl)
        return family

    return register


def uncovered_reason(ruling: Ruling) -> str:
    """Why no template compiles ``ruling``: the first sentence the closest template (the one
    reading most sentences) cannot read, quoted."""
    best: tuple[Template, Reading] | None = None
    for tpl in TEMPLATES:
        reading = tpl.read(ruling)
        if best is None or reading.read > best[1].read:
            best = (tpl, reading)
    if best is None or best[1].read == 0:
        first = sentences(template_text(ruling.text, ruling.cards))
        return f'no template reads "{first[0] if first else ruling.text}"'
    tpl, reading = best
    if reading.unread:
        return f'template {tpl.id} does not read "{reading.unread[0]}"'
    return f"template {tpl.id} reads only explanations here, no claim"
