"""Oracle text -> the reference engine's abilities.

The reference engine is exact only for what it claims, so its card parser reads a small, fixed
set of line shapes and refuses everything else with :class:`UnsupportedCard`, naming the card
and the line. A card the engine half-understands would silently play by the wrong rules; a
refusal turns into an ``error``/``unsupported`` verdict instead of a false pass or fail.

Ability names on the Session protocol (``Action.ability``) for a permanent's {T}/{Q} and mana
abilities (:mod:`.mana_oracle`): its mana abilities are "mana", "mana:1", "mana:2" ... (first
the intrinsic ones of its basic land types, 305.6, then its ability lines in text order), its
other activated abilities with a {T} or {Q} cost "ability:0", "ability:1" ... (text order). An
ability that adds one mana of a type chosen as it resolves takes the type as the cost choice
``("produce", "G")``, or no choice when no type can be defined (106.5). Spells with {X} in their
cost are cast with the cost choice ``("x", "N")``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from harness.protocol.model import MANA_SYMBOLS, CardData, parse_mana_cost

from .card_lines import KEYWORDS as CARD_LINE_KEYWORDS
from .card_lines import CardLine, parse_card_line
from .effects import ParsedLine, parse_effect_line
from .mana_oracle import Activated, AddMana, ManaLine, intrinsic_mana, ordered_activated, parse_mana_line

#: The ninjutsu family (702.49): the variant names as they appear in oracle text.
NINJUTSU_VARIANTS = ("ninjutsu", "library ninjutsu", "commander ninjutsu")

#: Basic land types and the mana their intrinsic ability adds (305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_KNOWN_KEYWORDS = {"first strike", "double strike", *NINJUTSU_VARIANTS, *CARD_LINE_KEYWORDS}


class UnsupportedCard(ValueError):
    """The reference engine cannot read (part of) a card's oracle text."""

    def __init__(self, card: str, line: str, why: str = "no ability of this shape is implemented"):
        self.card = card
        self.line = line
        super().__init__(f"reference engine cannot read {card!r}: {line!r} ({why})")


@dataclass(frozen=True)
class Ninjutsu:
    """A ninjutsu-family keyword ability (702.49): its variant and mana cost symbols."""

    variant: str
    cost: tuple[str, ...]


@dataclass(frozen=True)
class AttackLifeTrigger:
    """"Whenever this creature / a creature you control attacks, you gain N life." (508.3a)"""

    scope: Literal["self", "any"]
    amount: int

    @property
    def ability(self) -> str:
        return "attacks-gain-life" if self.scope == "self" else "creature-attacks-gain-life"


@dataclass(frozen=True)
class CombatDamageDrawTrigger:
    """"Whenever this creature deals combat damage to a player, draw a card." (510.3a)"""

    ability: str = "combat-damage-draw"


@dataclass(frozen=True)
class ManaAbility:
    """"{T}: Add {X}." — a mana ability (605.1a): no stack, adds one mana."""

    symbol: str


@dataclass(frozen=True)
class CardAbilities:
    """Everything the reference engine knows about one card, by oracle name."""

    name: str
    power: int | None = None
    toughness: int | None = None
    first_strike: bool = False
    double_strike: bool = False
    ninjutsu: tuple[Ninjutsu, ...] = ()
    attack_triggers: tuple[AttackLifeTrigger, ...] = ()
    damage_triggers: tuple[CombatDamageDrawTrigger, ...] = ()
    mana_abilities: tuple[ManaAbility, ...] = ()
    #: Lines read by :mod:`.mana_oracle` ({T}/{Q} abilities, "tapped for mana" triggers and
    #: replacements, X in ETB abilities), in text order.
    mana_lines: tuple[ManaLine, ...] = ()
    #: Every {T}/{Q} activated ability in protocol order (see :func:`.mana_oracle.ability_names`).
    activated: tuple[Activated, ...] = ()
    #: Lines read by :mod:`.effects` (spell effects that search or look at a library, a search
    #: from an activated ability, a search restriction, a mana ability that mills), in text order.
    effects: tuple[ParsedLine, ...] = ()
    #: Lines read by :mod:`.card_lines` (permanent spells' keywords, cast triggers, rebound,
    #: sneak, counterspells, Class level bars and level abilities ...), in text order.
    card_lines: tuple[CardLine, ...] = ()

    def attack_trigger(self, ability: str) -> AttackLifeTrigger | None:
        return next((t for t in self.attack_triggers if t.ability == ability), None)


_REMINDER = re.compile(r"\([^)]*\)")
_NINJUTSU = re.compile(r"^(ninjutsu|library ninjutsu|commander ninjutsu) ((?:\{[^{}]+\})+)$")
_SELF_ATTACK = re.compile(r"^whenever this creature attacks, you gain (\d+) life\.$")
_ANY_ATTACK = re.compile(r"^whenever a creature you control attacks, you gain (\d+) life\.$")
_DAMAGE_DRAW = "whenever this creature deals combat damage to a player, draw a card."
_MANA = re.compile(r"^\{t\}: add \{([wubrgc])\}\.$")


def _stat(card: CardData, key: str) -> int | None:
    value = getattr(card, key)
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise UnsupportedCard(card.name, f"{key} {value}", "only numeric power and toughness") from None


def _parse_cost(card: CardData, line: str, cost: str) -> tuple[str, ...]:
    symbols = parse_mana_cost(cost.upper())
    for symbol in symbols:
        if not (symbol.isdigit() or symbol in MANA_SYMBOLS):
            raise UnsupportedCard(card.name, line, f"mana symbol {{{symbol}}} is not implemented")
    return symbols


def parse_card(card: CardData) -> CardAbilities:
    """Read ``card`` into :class:`CardAbilities`, or raise :class:`UnsupportedCard`."""
    first_strike = double_strike = False
    ninjutsu: list[Ninjutsu] = []
    attack: list[AttackLifeTrigger] = []
    damage: list[CombatDamageDrawTrigger] = []
    mana: dict[str, ManaAbility] = {}
    mana_lines: list[ManaLine] = []
    effects: list[ParsedLine] = []
    card_lines: list[CardLine] = []

    for keyword in card.keywords:
        k = keyword.strip().lower()
        if k not in _KNOWN_KEYWORDS:
            raise UnsupportedCard(card.name, keyword, "keyword not implemented")
        first_strike |= k == "first strike"
        double_strike |= k == "double strike"

    for raw in card.text.split("\n"):
        line = " ".join(_REMINDER.sub("", raw).split()).lower()
        if not line:
            continue
        # The card's own name means "this creature"; try the line as written first so a name
        # that happens to be a word of the line ("Add") cannot break a keyword.
        candidates = [line]
        named = line.replace(card.name.lower(), "this creature")
        if named != line:
            candidates.append(named)
        for text in candidates:
            if text == "first strike":
                first_strike = True
            elif text == "double strike":
                double_strike = True
            elif m := _NINJUTSU.match(text):
                ninjutsu.append(Ninjutsu(m.group(1), _parse_cost(card, raw, m.group(2))))
            elif m := _SELF_ATTACK.match(text):
                attack.append(AttackLifeTrigger("self", int(m.group(1))))
            elif m := _ANY_ATTACK.match(text):
                attack.append(AttackLifeTrigger("any", int(m.group(1))))
            elif text == _DAMAGE_DRAW:
                damage.append(CombatDamageDrawTrigger())
            elif m := _MANA.match(text):
                symbol = m.group(1).upper()
                mana.setdefault(symbol, ManaAbility(symbol))
                mana_lines.append(Activated("T", AddMana(symbol)))
            elif (found := parse_mana_line(text)) is not None:
                mana_lines.append(found)
            elif (effect := parse_effect_line(card, text, _REMINDER.sub("", raw))) is not None:
                effects.append(effect)
            elif (card_line := parse_card_line(card, text)) is not None:
                card_lines.append(card_line)
            else:
                continue
            break
        else:
            raise UnsupportedCard(card.name, raw.strip())

    if card.is_type("Land"):  # 305.6: basic land types grant their mana ability
        for subtype in card.subtypes:
            if subtype in BASIC_LAND_MANA:
                symbol = BASIC_LAND_MANA[subtype]
                mana.setdefault(symbol, ManaAbility(symbol))

    return CardAbilities(
        name=card.name,
        power=_stat(card, "power"),
        toughness=_stat(card, "toughness"),
        first_strike=first_strike,
        double_strike=double_strike,
        ninjutsu=tuple(ninjutsu),
        attack_triggers=tuple(attack),
        damage_triggers=tuple(damage),
        mana_abilities=tuple(sorted(mana.values(), key=lambda a: MANA_SYMBOLS.index(a.symbol))),
        mana_lines=tuple(mana_lines),
        effects=tuple(effects),
        card_lines=tuple(card_lines),
        activated=ordered_activated(
            intrinsic_mana(card.subtypes, BASIC_LAND_MANA) if card.is_type("Land") else [], tuple(mana_lines)
        ),
    )
