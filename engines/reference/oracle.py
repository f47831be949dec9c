"""The oracle reader: a card's text -> one typed record (:mod:`.lines`) per line.

The reference engine is exact only for what it claims, so it reads a small, fixed set of line
shapes and refuses everything else with :class:`UnsupportedCard`, naming the card and the line.
A card the engine half-understands would silently play by the wrong rules; a refusal turns into
an ``error``/``unsupported`` verdict instead of a false pass or fail.

Each line is normalized once (reminder text removed, whitespace collapsed, lower-cased; the
card's own name is tried as written first, then as "this creature") and matched against the
shapes of :data:`SHAPES` in order; the first that reads it gives the line's one record. The
rule components read the records through the views of :class:`CardAbilities`.

Shapes, by mechanic (``{S}`` is one of {W}{U}{B}{R}{G}{C}; ``N`` a number; KIND is land,
permanent, creature, artifact or a basic land type):

* combat and the ninjutsu family: "First strike", "Double strike", "Ninjutsu {cost}" (and
  "Library ninjutsu", "Commander ninjutsu"), "Whenever this creature / a creature you control
  attacks, you gain N life.", "Whenever this creature deals combat damage to a player, draw a
  card.";
* mana and costs (106, 107.3m, 107.5, 107.6, 605): ``{T}: Add {S}.``, ``{Q}: Add {S}.``,
  ``{T}: Add one mana of any type|color that a land you control|an opponent controls could
  produce.`` (106.7), ``{T}|{Q}: You gain N life.`` (not mana abilities); "tapped for mana"
  triggers (106.12a) ``Whenever this land is tapped for mana, ...``, ``Whenever you tap a KIND
  for mana|{S}, ...``, ``Whenever a player taps a KIND for ...``, ``Whenever a KIND [you control]
  is tapped for ...`` with ``you gain N life`` or ``add an additional {S}`` / ``that player|its
  controller adds an additional {S}``; replacement effects (106.12b) ``If you tap a KIND for
  mana, it produces twice as much of that mana instead.``, ``If a KIND [you control] is|would be
  tapped for mana|two or more mana|{S}, it produces {S}... instead[ of any other type and
  amount].``; X in ETB abilities ``This creature enters with X +1/+1 counters on it.`` and
  ``When this creature enters, you gain X life.``;
* searching (701.23, 701.24): on instants and sorceries "Search your library for [up to] N
  [type] card(s)[, reveal them], put them into your hand|graveyard|onto the battlefield
  [tapped], then shuffle.", Bribery's "Search target opponent's library ... Then that player
  shuffles.", "Look at the top N cards of your library, then put them back in any order."; on
  permanents "{T}, Sacrifice this land: <search>", Aven Mindcensor's "If an opponent would search
  a library, that player searches the top N cards of that library instead." (614.1a), Millikin's
  "{T}, Mill a card: Add {C}.";
* spells: "Counter target spell." (701.6), "You gain N life.";
* permanents: "Rebound", "Menace", "Sneak {cost}" (702.190; several allowed); "When you cast this
  spell, create N P/T <colour> <Type> creature token(s)." (603.2); Fallen Shinobi's "Whenever
  this creature deals combat damage to a player, that player exiles the top N cards of their
  library. Until end of turn, you may play those cards without paying their mana costs.";
  Class level bars "{1}{B}: Level 2" (716.2a) and Ninja Teen's level abilities.

Ability names on the Session protocol (``Action.ability``) for a permanent's {T}/{Q} abilities
are given by :func:`ability_names`: its mana abilities "mana", "mana:1", "mana:2" ... (first the
intrinsic ones of its basic land types, 305.6, then its ability lines in text order), its other
activated abilities "ability:0", "ability:1" ... An ability that adds one mana of a type chosen
as it resolves takes the type as the cost choice ``("produce", "G")``, or no choice when no type
can be defined (106.5). Spells with {X} in their cost are cast with the cost choice ``("x", "N")``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from protocol.keyword_registry import (
    COMMANDER_NINJUTSU,
    LIBRARY_NINJUTSU,
    NINJUTSU,
    SNEAK,
    KeywordAbility,
    LineForm,
)
from protocol.model import MANA_SYMBOLS, CardData, Zone, parse_mana_cost

from .lines import (
    KINDS,
    Activated,
    ActivatedSearch,
    AddMana,
    AttackLifeTrigger,
    CardLine,
    CastTrigger,
    CombatDamageDrawTrigger,
    ComponentLine,
    CounterTargetSpell,
    CreateTokens,
    CreatureLeavesTrigger,
    CreaturesAnthem,
    Effect,
    EntersGainXLife,
    EntersWithXCounters,
    ExileTopPlayTrigger,
    GainLife,
    GraveyardSneakGrant,
    GraveyardSneakPermission,
    Keyword,
    LevelBar,
    LookEffect,
    ManaAbility,
    ManaLine,
    MillManaAbility,
    Ninjutsu,
    OracleLine,
    ParsedLine,
    Record,
    SearchEffect,
    SearchRestriction,
    Sneak,
    SpellEffect,
    TappedForManaReplacement,
    TappedForManaTrigger,
    Whose,
)

#: The keywords of the registry (:mod:`protocol.keyword_registry`) this reader reads with the
#: line shapes below (those written with a cost). A keyword written alone ("Trample") is read by
#: the component that implements it, which names it with :func:`read_keywords`; any other
#: keyword, registered or not, is refused (the registry says what exists, the engine what it
#: implements).
READ_KEYWORDS: tuple[KeywordAbility, ...] = (
    NINJUTSU,
    LIBRARY_NINJUTSU,
    COMMANDER_NINJUTSU,
    SNEAK,
)
#: The ninjutsu family (702.49): the variant names as they appear in oracle text.
NINJUTSU_VARIANTS = tuple(k.name for k in READ_KEYWORDS if k.family_name == NINJUTSU.name)

#: Basic land types and the mana their intrinsic ability adds (305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_KNOWN_KEYWORDS = {k.name for k in READ_KEYWORDS}
#: Keywords written alone that a rule component implements (:func:`read_keywords`), by name.
_BARE_KEYWORDS: dict[str, KeywordAbility] = {}


def read_keywords(*keywords: KeywordAbility) -> None:
    """Let the reader read the lines of keywords written alone that a rule component implements
    (each line becomes a :class:`~.lines.Keyword` record, and the card's ``keywords`` list may
    name it). A component module calls it once, when it is imported, naming the registry's
    keywords it implements; the registry lists what exists, so a keyword no component names is
    still refused."""
    for keyword in keywords:
        if keyword.form is not LineForm.BARE:
            raise ValueError(f"keyword {keyword.name!r} is written with a cost: read it with a line shape")
        _BARE_KEYWORDS[keyword.name] = keyword
    parse_card.cache_clear()


def implemented_keywords() -> frozenset[str]:
    """The names of every keyword the reader reads now (its own and the components')."""
    return frozenset(_KNOWN_KEYWORDS | set(_BARE_KEYWORDS) | _COMPONENT_KEYWORDS)


#: Number words of searches and looks ("the top four cards").
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
#: Number words of the permanents' lines (tokens created, cards exiled).
SMALL_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
#: Card-type words a search can ask for (the filter), longest first so "basic land" wins.
CARD_FILTERS = ("basic land", "creature", "land", "artifact", "enchantment", "instant", "sorcery")
COLORS = ("white", "blue", "black", "red", "green", "colorless")


class UnsupportedCard(ValueError):
    """The reference engine cannot read (part of) a card's oracle text."""

    def __init__(self, card: str, line: str, why: str = "no ability of this shape is implemented"):
        self.card = card
        self.line = line
        super().__init__(f"reference engine cannot read {card!r}: {line!r} ({why})")


# =========================================================================================
# The card and its views
# =========================================================================================
@dataclass(frozen=True)
class CardAbilities:
    """Everything the reference engine knows about one card, by oracle name: its numbers, its
    keyword abilities and one record per line of its text (``lines``). The other attributes are
    views of those records, for the components that use them."""

    name: str
    power: int | None = None
    toughness: int | None = None
    #: The keywords it has, printed (a line of its own) or listed in its card data (702.1).
    keywords: frozenset[str] = frozenset()
    lines: tuple[OracleLine, ...] = ()
    #: The mana of its intrinsic abilities, for a land with basic land types (305.6).
    intrinsic: tuple[str, ...] = ()

    def records(self, kind: type | tuple[type, ...]) -> tuple[Any, ...]:
        return tuple(line.record for line in self.lines if isinstance(line.record, kind))

    def has(self, keyword: KeywordAbility) -> bool:
        """Whether the card has ``keyword`` (printed or listed in its card data)."""
        return keyword.name in self.keywords

    @cached_property
    def ninjutsu(self) -> tuple[Ninjutsu, ...]:
        return self.records(Ninjutsu)

    @cached_property
    def attack_triggers(self) -> tuple[AttackLifeTrigger, ...]:
        return self.records(AttackLifeTrigger)

    @cached_property
    def damage_triggers(self) -> tuple[CombatDamageDrawTrigger, ...]:
        return self.records(CombatDamageDrawTrigger)

    @cached_property
    def mana_lines(self) -> tuple[ManaLine, ...]:
        """{T}/{Q} abilities, "tapped for mana" triggers and replacements, X in ETB abilities."""
        return self.records(
            (Activated, TappedForManaTrigger, TappedForManaReplacement, EntersWithXCounters, EntersGainXLife)
        )

    @cached_property
    def activated(self) -> tuple[Activated, ...]:
        """Every {T}/{Q} activated ability in protocol order (see :func:`ability_names`)."""
        return ordered_activated(list(self.intrinsic), self.mana_lines)

    @cached_property
    def mana_abilities(self) -> tuple[ManaAbility, ...]:
        """ "{T}: Add {S}." abilities, printed or intrinsic (305.6), one per type, in WUBRG order."""
        symbols = set(self.intrinsic) | {
            a.effect.symbol
            for a in self.mana_lines
            if isinstance(a, Activated) and a.cost == "T" and isinstance(a.effect, AddMana) and a.effect.symbol
        }
        return tuple(ManaAbility(s) for s in MANA_SYMBOLS if s in symbols)

    @cached_property
    def effects(self) -> tuple[ParsedLine, ...]:
        """Spell effects, searches from activated abilities, search restrictions, mill-mana abilities."""
        return self.records((SpellEffect, ActivatedSearch, SearchRestriction, MillManaAbility))

    @cached_property
    def has_anthem(self) -> bool:
        """Whether some line of the card, at any level, is a "creatures you control" anthem."""
        return any(isinstance(line, CreaturesAnthem) for line in self.card_lines)

    @cached_property
    def card_lines_with_levels(self) -> tuple[tuple[int, CardLine], ...]:
        """:attr:`card_lines` each with its Class level (:func:`with_levels`), worked out once:
        the rules ask which lines a permanent has now many times per action."""
        return tuple(with_levels(self.card_lines))

    @cached_property
    def card_lines(self) -> tuple[CardLine, ...]:
        """Keywords of permanents, cast triggers, sneak, Class level bars and level abilities ..."""
        return self.records(
            (
                Keyword,
                Sneak,
                CastTrigger,
                ExileTopPlayTrigger,
                LevelBar,
                CreatureLeavesTrigger,
                CreaturesAnthem,
                GraveyardSneakGrant,
                GraveyardSneakPermission,
            )
        )

    def attack_trigger(self, ability: str) -> AttackLifeTrigger | None:
        return next((t for t in self.attack_triggers if t.ability == ability), None)


# =========================================================================================
# The reader
# =========================================================================================
_REMINDER = re.compile(r"\([^)]*\)")


@lru_cache(maxsize=4096)
def parse_card(card: CardData) -> CardAbilities:
    """Read ``card`` into :class:`CardAbilities`, or raise :class:`UnsupportedCard`. Memoized:
    both are immutable values, and every session of every example reads every card of its state."""
    keywords: set[str] = set()
    for keyword in card.keywords:
        k = keyword.strip().lower()
        if k not in _KNOWN_KEYWORDS and k not in _COMPONENT_KEYWORDS and k not in _BARE_KEYWORDS:
            raise UnsupportedCard(card.name, keyword, "keyword not implemented")
        keywords.add(k)

    lines: list[OracleLine] = []
    for raw in card.text.split("\n"):
        printed = _REMINDER.sub("", raw)
        line = " ".join(printed.split()).lower()
        if not line:
            continue
        record = read_line(card, line, printed)
        if record is None:
            joined = keyword_list(card, printed)
            if joined is None:
                raise UnsupportedCard(card.name, raw.strip())
            keywords.update(k.name for _, k in joined)
            lines.extend(OracleLine(part, k) for part, k in joined)
            continue
        if isinstance(record, Keyword):
            keywords.add(record.name)
        lines.append(OracleLine(" ".join(printed.split()), record))

    intrinsic: tuple[str, ...] = ()
    if card.is_type("Land"):  # 305.6: basic land types grant their mana ability
        intrinsic = tuple(intrinsic_mana(card.subtypes, BASIC_LAND_MANA))
    return CardAbilities(
        name=card.name,
        power=_stat(card, "power"),
        toughness=_stat(card, "toughness"),
        keywords=frozenset(keywords),
        lines=tuple(lines),
        intrinsic=intrinsic,
    )


def keyword_list(card: CardData, printed: str) -> list[tuple[str, Keyword]] | None:
    """A line that lists several keywords by name, separated by commas ("Flying, first strike,
    vigilance"), as printed cards do (702.1: a keyword ability is listed by its name): one line
    per keyword (as printed, with its record), or ``None`` unless every part is a keyword line of
    its own. Only keywords: a comma inside any other ability is part of that ability's text."""
    parts = [" ".join(part.split()) for part in printed.split(",")]
    if len(parts) < 2 or not all(parts):
        return None
    out = []
    for part in parts:
        record = read_line(card, part.lower(), part)
        if not isinstance(record, Keyword):
            return None
        out.append((part, record))
    return out


def read_line(card: CardData, line: str, printed: str) -> Record | None:
    """The one record of a normalized line (``printed``: without reminder text, as printed),
    or ``None`` if no shape reads it. The card's own name means "this creature"; the line as
    written is tried first so a name that happens to be a word of the line ("Add") cannot
    break a keyword."""
    candidates = [line]
    named = line.replace(card.name.lower(), "this creature")
    if named != line:
        candidates.append(named)
    for text in candidates:
        for shape in SHAPES:
            record = shape(card, text, printed)
            if record is not None:
                return record
        read = [r for r in (shape(card, text, printed) for shape in _COMPONENT_SHAPES) if r is not None]
        if len(read) > 1:
            raise ValueError(f"line {printed.strip()!r} of {card.name!r} is read by two component shapes: {read}")
        if read:
            return read[0]
    return None


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


def _is_spell(card: CardData) -> bool:
    return card.is_type("Instant") or card.is_type("Sorcery")


# -- combat and the ninjutsu family -------------------------------------------------------
_NINJUTSU = re.compile(r"^(" + "|".join(NINJUTSU_VARIANTS) + r") ((?:\{[^{}]+\})+)$")
_SELF_ATTACK = re.compile(r"^whenever this creature attacks, you gain (\d+) life\.$")
_ANY_ATTACK = re.compile(r"^whenever a creature you control attacks, you gain (\d+) life\.$")
_DAMAGE_DRAW = "whenever this creature deals combat damage to a player, draw a card."


def _keyword_line(card: CardData, text: str, printed: str) -> Record | None:
    """A line that is only a keyword a component implements ("First strike", "Trample")."""
    keyword = _BARE_KEYWORDS.get(text)
    return Keyword(keyword.name) if keyword is not None else None


def _combat_line(card: CardData, text: str, printed: str) -> Record | None:
    if m := _NINJUTSU.match(text):
        return Ninjutsu(m.group(1), _parse_cost(card, printed, m.group(2)))
    if m := _SELF_ATTACK.match(text):
        return AttackLifeTrigger("self", int(m.group(1)))
    if m := _ANY_ATTACK.match(text):
        return AttackLifeTrigger("any", int(m.group(1)))
    if text == _DAMAGE_DRAW:
        return CombatDamageDrawTrigger()
    return None


# -- mana and costs -----------------------------------------------------------------------
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
    r"^(?:you gain (\d+) life|add an additional "
    + _S
    + r"|(?:that player|its controller) adds an additional "
    + _S
    + r")$"
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


def _mana_line(card: CardData, text: str, printed: str) -> ManaLine | None:
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
        split = _subject(text.removeprefix("if "))
        if split is None:
            return None
        whose, kind, mana, at_least, rest = split
        replacement = _REPLACE_EFFECT.match(rest)
        if replacement is None:
            return None
        if replacement.group(1) == "twice as much of that mana":
            return TappedForManaReplacement(whose, kind, mana, at_least, double=True)
        symbols = tuple(s.upper() for s in re.findall(r"\{([wubrgc])\}", replacement.group(1)))
        return TappedForManaReplacement(whose, kind, mana, at_least, produces=symbols)
    return None


# -- searching and looking ----------------------------------------------------------------
_NUMBER = "|".join(NUMBERS)
_FILTER = "|".join(CARD_FILTERS)
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
    whose = "yours"
    if m is None:
        m = _OPPONENT_SEARCH.match(text)
        whose = "target-opponent"
    if m is None:
        return None
    return SearchEffect(
        text=raw,
        whose=whose,  # type: ignore[arg-type]
        count=NUMBERS[m.group("n")],
        up_to=m.group("upto") is not None,
        card_filter=m.group("filter"),
        reveal=m.groupdict().get("reveal") is not None,
        destination=_DESTINATIONS.get(m.group("dest"), Zone.BATTLEFIELD),
        tapped=m.group("tapped") is not None,
        under_your_control=m.group("control") is not None,
    )


def _search_or_look(text: str, raw: str) -> Effect | None:
    if m := _LOOK.match(text):
        return LookEffect(raw, NUMBERS[m.group("n")])
    return _search(text, raw)


def _search_line(card: CardData, text: str, printed: str) -> ParsedLine | None:
    """An instant's or sorcery's search or look is its spell effect; the same line on a
    permanent is refused."""
    raw = " ".join(printed.split())
    if _is_spell(card):
        effect = _search_or_look(text, raw)
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


# -- spells and the lines of permanents ---------------------------------------------------
_SMALL = "|".join(SMALL_NUMBERS)
_COST = r"((?:\{[0-9wubrgc]+\})+)"
_SNEAK = re.compile(rf"^{SNEAK.name} {_COST}$")
_CAST_TOKENS = re.compile(
    rf"^when you cast this spell, create (?P<n>{_SMALL}) (?P<p>\d+)/(?P<t>\d+) (?P<color>{'|'.join(COLORS)}) "
    r"(?P<type>[a-z]+) creature tokens?\.$"
)
_GAIN = re.compile(r"^you gain (\d+) life\.$")
_TARGET_GAIN = re.compile(r"^target player gains (\d+) life\.$")
_EXILE_PLAY = re.compile(
    rf"^whenever this creature deals combat damage to a player, that player exiles the top (?P<n>{_SMALL}) "
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


def _card_line(card: CardData, text: str, printed: str) -> SpellEffect | CardLine | None:
    spell = _is_spell(card)
    if m := _SNEAK.match(text):
        cost = _cost(m.group(1))
        return Sneak(cost) if cost is not None else None
    if m := _CAST_TOKENS.match(text):
        return CastTrigger(
            CreateTokens(
                SMALL_NUMBERS[m.group("n")], int(m.group("p")), int(m.group("t")), m.group("color"), m.group("type")
            )
        )
    if spell and text == "counter target spell.":
        return SpellEffect(CounterTargetSpell())
    if spell and (m := _GAIN.match(text)):
        return SpellEffect(GainLife(int(m.group(1))))
    if spell and (m := _TARGET_GAIN.match(text)):
        return SpellEffect(GainLife(int(m.group(1)), target_player=True))
    if not spell and (m := _EXILE_PLAY.match(text)):
        return ExileTopPlayTrigger(SMALL_NUMBERS[m.group("n")])
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


#: The line shapes, tried in this order for each line (the first that reads it wins).
SHAPES: tuple[Callable[[CardData, str, str], Record | None], ...] = (
    _keyword_line,
    _combat_line,
    _mana_line,
    _search_line,
    _card_line,
)

#: Shapes of lines a rule component reads with records of its own (:func:`register_shape`),
#: tried after :data:`SHAPES`; and the keywords (``CardData.keywords``) they stand for.
_COMPONENT_SHAPES: list[Callable[[CardData, str, str], ComponentLine | None]] = []
_COMPONENT_KEYWORDS: set[str] = set()


def register_shape(
    shape: Callable[[CardData, str, str], ComponentLine | None], *, keywords: tuple[str, ...] = ()
) -> None:
    """Let the reader read the lines of a new mechanic: ``shape(card, line, printed)`` returns the
    component's record of a normalized line (see :func:`read_line`), or ``None``. A component
    module calls it once, when it is imported (the engine imports every component before it
    reads a card). ``keywords`` are the MTGJSON keywords those lines stand for. Component shapes
    never settle a line by order: two that read the same line are an error."""
    if shape not in _COMPONENT_SHAPES:
        _COMPONENT_SHAPES.append(shape)
    _COMPONENT_KEYWORDS.update(k.strip().lower() for k in keywords)
    parse_card.cache_clear()


# =========================================================================================
# Helpers over the records
# =========================================================================================
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


def matches_filter(card: CardData, card_filter: str | None) -> bool:
    """Whether ``card`` is a card of the filter's type words ("basic land": Basic and Land)."""
    if card_filter is None:
        return True
    words = card_filter.split()
    have = {w.lower() for w in card.supertypes + card.types}
    return all(w in have for w in words)


def effects_of(effects: tuple[object, ...], kind: type) -> list[Any]:
    return [e for e in effects if isinstance(e, kind)]
