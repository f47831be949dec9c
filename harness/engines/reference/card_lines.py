"""Oracle lines of permanent spells, rebound, cast triggers, counterspells, Class levels, sneak
and Fallen Shinobi's exile-and-play trigger, read into value objects.

:func:`parse_card_line` is the hook :func:`.oracle.parse_card` calls for a line none of the other
readers knows. Like them it reads a small, fixed set of exact shapes and answers ``None`` for
anything else, so a card is refused rather than half understood:

- keywords: "Rebound" (702.88), "Menace" (702.111), "Sneak {cost}" (702.190; a card may have
  several);
- a cast trigger (603.2, 601.2i): "When you cast this spell, create a 1/1 white Athlete creature
  token." (any number, size, colour and creature type of tokens);
- spell effects of instants and sorceries: "Counter target spell." (701.6), "You gain N life.";
- Fallen Shinobi's trigger: "Whenever this creature deals combat damage to a player, that player
  exiles the top two cards of their library. Until end of turn, you may play those cards without
  paying their mana costs.";
- Class level bars (716.2a): "{1}{B}: Level 2" — every line after a bar belongs to that level;
  and the Class abilities of Ninja Teen: "Whenever a creature you control leaves the
  battlefield, each opponent loses 1 life.", "Creatures you control get +1/+0 and have menace.",
  "Creature cards in your graveyard have sneak {3}{B}.", "You may cast creature spells from
  your graveyard using their sneak abilities.".

Lines arrive normalized and lower-cased (reminder text removed, the card's own name possibly
replaced by "this creature").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harness.protocol.model import MANA_SYMBOLS, CardData, parse_mana_cost

#: Keywords (``CardData.keywords``) these lines stand for.
KEYWORDS = frozenset({"rebound", "menace", "sneak"})

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_NUMBER = "|".join(NUMBERS)
_COST = r"((?:\{[0-9wubrgc]+\})+)"
COLORS = ("white", "blue", "black", "red", "green", "colorless")


@dataclass(frozen=True)
class Keyword:
    """"Rebound" or "Menace"."""

    name: str


@dataclass(frozen=True)
class Sneak:
    """"Sneak [cost]" (702.190a): cast this spell for [cost] plus returning an unblocked attacker
    you control, during the declare blockers step of your turn."""

    cost: tuple[str, ...]


@dataclass(frozen=True)
class CreateTokens:
    """"create N P/T <colour> <Type> creature token(s)"."""

    count: int
    power: int
    toughness: int
    color: str
    subtype: str

    @property
    def token_name(self) -> str:
        return self.subtype.capitalize()


@dataclass(frozen=True)
class CastTrigger:
    """"When you cast this spell, <effect>." (603.2: triggers as the spell becomes cast, 601.2i)."""

    effect: CreateTokens
    ability: str = "cast-trigger"


@dataclass(frozen=True)
class CounterTargetSpell:
    """"Counter target spell." (701.6a)"""


@dataclass(frozen=True)
class GainLife:
    """"You gain N life." as a spell's effect."""

    amount: int


SpellLineEffect = CounterTargetSpell | GainLife


@dataclass(frozen=True)
class SpellLine:
    """What an instant or sorcery read here does as it resolves (608.2)."""

    effect: SpellLineEffect


@dataclass(frozen=True)
class ExileTopPlayTrigger:
    """Fallen Shinobi: "Whenever this creature deals combat damage to a player, that player exiles
    the top N cards of their library. Until end of turn, you may play those cards without paying
    their mana costs." (510.3a, 601.3)"""

    count: int
    ability: str = "exile-top-play"


@dataclass(frozen=True)
class LevelBar:
    """"[Cost]: Level N" (716.2a)."""

    level: int
    cost: tuple[str, ...]

    @property
    def ability(self) -> str:
        return f"level:{self.level}"


@dataclass(frozen=True)
class CreatureLeavesTrigger:
    """"Whenever a creature you control leaves the battlefield, each opponent loses N life.\""""

    amount: int
    ability: str = "creature-leaves-drain"


@dataclass(frozen=True)
class CreaturesAnthem:
    """"Creatures you control get +N/+0 [and have menace]." (613.4c, 702.111)"""

    power: int
    menace: bool


@dataclass(frozen=True)
class GraveyardSneakGrant:
    """"Creature cards in your graveyard have sneak [cost]."""

    cost: tuple[str, ...]


@dataclass(frozen=True)
class GraveyardSneakPermission:
    """"You may cast creature spells from your graveyard using their sneak abilities." (601.3)"""


CardLine = (
    Keyword | Sneak | CastTrigger | SpellLine | ExileTopPlayTrigger | LevelBar | CreatureLeavesTrigger
    | CreaturesAnthem | GraveyardSneakGrant | GraveyardSneakPermission
)

_SNEAK = re.compile(rf"^sneak {_COST}$")
_CAST_TOKENS = re.compile(
    rf"^when you cast this spell, create (?P<n>{_NUMBER}) (?P<p>\d+)/(?P<t>\d+) (?P<color>{'|'.join(COLORS)}) "
    r"(?P<type>[a-z]+) creature tokens?\.$"
)
_GAIN = re.compile(r"^you gain (\d+) life\.$")
_EXILE_PLAY = re.compile(
    rf"^whenever this creature deals combat damage to a player, that player exiles the top (?P<n>{_NUMBER}) "
    r"cards? of their library\. until end of turn, you may play (?:those cards|that card) without paying "
    r"(?:their|its) mana costs?\.$"
)
_LEVEL = re.compile(rf"^{_COST}: level ([23])$")
_LEAVES = re.compile(r"^whenever a creature you control leaves the battlefield, each opponent loses (\d+) life\.$")
_ANTHEM = re.compile(r"^creatures you control get \+(\d+)/\+0( and have menace)?\.$")
_GRANT = re.compile(rf"^creature cards in your graveyard have sneak {_COST}\.$")
_PERMISSION = "you may cast creature spells from your graveyard using their sneak abilities."


def _cost(text: str) -> tuple[str, ...] | None:
    symbols = parse_mana_cost(text.upper())
    if not all(s.isdigit() or s in MANA_SYMBOLS for s in symbols):
        return None
    return symbols


def parse_card_line(card: CardData, text: str) -> CardLine | None:
    """Read one normalized, lower-cased oracle line of ``card``; ``None`` if it is none of this
    module's shapes."""
    spell = card.is_type("Instant") or card.is_type("Sorcery")
    if text in ("rebound", "menace"):
        return Keyword(text)
    if m := _SNEAK.match(text):
        cost = _cost(m.group(1))
        return Sneak(cost) if cost is not None else None
    if m := _CAST_TOKENS.match(text):
        return CastTrigger(CreateTokens(NUMBERS[m.group("n")], int(m.group("p")), int(m.group("t")),
                                        m.group("color"), m.group("type")))
    if spell and text == "counter target spell.":
        return SpellLine(CounterTargetSpell())
    if spell and (m := _GAIN.match(text)):
        return SpellLine(GainLife(int(m.group(1))))
    if not spell and (m := _EXILE_PLAY.match(text)):
        return ExileTopPlayTrigger(NUMBERS[m.group("n")])
    if card.is_type("Enchantment") and "Class" in card.subtypes and (m := _LEVEL.match(text)):
        cost = _cost(m.group(1))
        return LevelBar(int(m.group(2)), cost) if cost is not None else None
    if spell:
        return None
    if m := _LEAVES.match(text):
        return CreatureLeavesTrigger(int(m.group(1)))
    if m := _ANTHEM.match(text):
        return CreaturesAnthem(int(m.group(1)), m.group(2) is not None)
    if m := _GRANT.match(text):
        cost = _cost(m.group(1))
        return GraveyardSneakGrant(cost) if cost is not None else None
    if text == _PERMISSION:
        return GraveyardSneakPermission()
    return None


def with_levels(lines: tuple[CardLine, ...]) -> list[tuple[int, CardLine]]:
    """Each line with the Class level it belongs to (716.2: the lines after a level bar are that
    level's; the ones before any bar are level 1's, and so are every line of a non-Class card)."""
    out = []
    level = 1
    for line in lines:
        if isinstance(line, LevelBar):
            level = line.level
        out.append((level, line))
    return out
