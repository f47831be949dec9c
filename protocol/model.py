"""The engine-neutral game-state model.

Every engine under test is driven from, and observed through, these frozen value objects: the
generators build them, adapters load them into engines and export them back, and reports print
them. They describe what the rules talk about (zones, steps, combat, the stack, priority), not
how any engine stores it. Cards keep a stable id across zones (the physical card), so an
invariant can follow "the Ninja card" from hand to battlefield even though CR 400.7 makes it a
new object there.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from protocol import codec
from protocol.actions import Action, ActionKind, AttackTarget, PlayerIndex, TargetKind, pass_priority, target_ref
from protocol.decisions import Decision, Search

COLORS = ("W", "U", "B", "R", "G")
MANA_SYMBOLS = COLORS + ("C",)


def _with_fields(record: Any, changes: dict[str, Any]) -> Any:
    """``dataclasses.replace(record, **changes)`` for the model's plain records (every field an
    ``__init__`` argument, no ``__post_init__``, no slots), as a copy of their attributes: the
    reference engine replaces a permanent's characteristics and a state's battlefield on every
    export, and ``replace`` (which calls ``__init__`` field by field) cost four times as much.
    The copy equals what ``replace`` makes; any other class (a subclass with checks of its own)
    and a name that is no field go through ``replace``, which applies or names them."""
    cls = type(record)
    names = _PLAIN_RECORDS.get(cls)
    if names is None or not names.issuperset(changes):
        return replace(record, **changes)
    new = object.__new__(cls)
    attributes = new.__dict__
    # The fields only: a cached view of the record (an index built on first use) is of the
    # old values and must be built again for the copy.
    old = record.__dict__
    for name in names:
        attributes[name] = old[name]
    attributes.update(changes)
    return new


class Zone(enum.StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    STACK = "stack"
    COMMAND = "command"


#: Each player's own zones (the battlefield and the stack are shared), in the order a card is
#: looked for in them; a zone's cards are the player's field of the zone's name.
PLAYER_ZONES = (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND)


class HasZones(Protocol):
    """A player with zones: a PlayerState, or the reference engine's mutable Seat."""

    def zone(self, zone: Zone) -> Sequence[str]: ...


def player_zone_of(players: Iterable[HasZones], card_id: str) -> Zone | None:
    """The player zone (hand, library ...) of any of ``players`` that holds the card."""
    for player in players:
        for zone in PLAYER_ZONES:
            if card_id in player.zone(zone):
                return zone
    return None


class Step(enum.StrEnum):
    """Steps of a turn in order; main phases are named as steps for a flat sequence (CR 500.1)."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat-main"
    BEGINNING_OF_COMBAT = "beginning-of-combat"
    DECLARE_ATTACKERS = "declare-attackers"
    DECLARE_BLOCKERS = "declare-blockers"
    FIRST_STRIKE_DAMAGE = "first-strike-damage"
    COMBAT_DAMAGE = "combat-damage"
    END_OF_COMBAT = "end-of-combat"
    POSTCOMBAT_MAIN = "postcombat-main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def is_combat(self) -> bool:
        return self in COMBAT_STEPS

    @property
    def is_main(self) -> bool:
        return self in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)

    @property
    def deals_combat_damage(self) -> bool:
        """A step whose turn-based action is assigning and dealing combat damage (510.1-510.2)."""
        return self in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE)


STEP_ORDER: tuple[Step, ...] = tuple(Step)
COMBAT_STEPS = frozenset(
    {
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.FIRST_STRIKE_DAMAGE,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    }
)
#: Steps in which attacking creatures are blocked or unblocked (CR 509.1h, 506.4).
AFTER_BLOCKERS_STEPS = frozenset(
    {Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT}
)


@dataclass(frozen=True)
class CardData:
    """Oracle data of one card, in MTGJSON AtomicCard shape (snake_case here, camelCase in JSON
    for engines that parse it: see :meth:`to_mtgjson`)."""

    name: str
    types: tuple[str, ...]
    mana_cost: str = ""
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    keywords: tuple[str, ...] = ()

    @property
    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def colors(self) -> tuple[str, ...]:
        """Its colours, from the mana symbols of its mana cost (105.2, 202.2), in WUBRG order
        (hybrid symbols count for each of their colours)."""
        cost = self.mana_cost
        # Worked out once per cost string (an engine asks for a card's colours on every export);
        # only an exact ``str`` is a cache key, whose hash and equality are the string's own.
        return _colors_of(cost) if type(cost) is str else _colors_uncached(cost)

    def to_mtgjson(self) -> dict[str, object]:
        """The AtomicCard dict that oracle-parsing engines (phase.rs) build their faces from."""
        colors = sorted(self.colors)
        card: dict[str, object] = {
            "name": self.name,
            "manaCost": self.mana_cost,
            "manaValue": float(mana_value(self.mana_cost)),
            "colors": colors,
            "colorIdentity": colors,
            "layout": "normal",
            "identifiers": {},
            "type": self.type_line,
            "types": list(self.types),
            "subtypes": list(self.subtypes),
            "supertypes": list(self.supertypes),
            "text": self.text,
            "keywords": list(self.keywords),
        }
        for key in ("power", "toughness", "loyalty", "defense"):
            if getattr(self, key) is not None:
                card[key] = getattr(self, key)
        return card


def _colors_uncached(cost: str) -> tuple[str, ...]:
    """The colours of a mana cost, in WUBRG order (see :attr:`CardData.colors`)."""
    halves = {half for symbol in parse_mana_cost(cost) for half in symbol.split("/")}
    return tuple(c for c in COLORS if c in halves)


#: :func:`_colors_uncached` remembered per cost (a run meets a few hundred costs).
_colors_of = functools.lru_cache(maxsize=4096)(_colors_uncached)


def parse_mana_cost(cost: str) -> tuple[str, ...]:
    """Split "{2}{U}{B}" into its symbols ("2", "U", "B")."""
    symbols: list[str] = []
    rest = cost.strip()
    while rest:
        if not rest.startswith("{") or "}" not in rest:
            raise ValueError(f"malformed mana cost {cost!r}")
        end = rest.index("}")
        symbols.append(rest[1:end])
        rest = rest[end + 1 :]
    return tuple(symbols)


def mana_value(cost: str) -> int:
    return sum(int(s) if s.isdigit() else (0 if s == "X" else 1) for s in parse_mana_cost(cost))


@dataclass(frozen=True)
class CardInstance:
    """One physical card (or token) in the game: its stable id, oracle name and owner."""

    id: str
    name: str
    owner: PlayerIndex
    token: bool = False


@dataclass(frozen=True)
class Characteristics:
    """A permanent's characteristics as they are now (109.3, 110.3: as printed, modified by the
    continuous effects that apply, 613), in the part combat rules read: its card types, power,
    toughness, keyword abilities and colours. A rule is about what a creature *is* when the rule
    applies (a creature that gained first strike has it, one that got +2/+0 has that power), so
    an engine that shows these lets a check compare what the engine believed with what it did,
    instead of recomputing the effects itself.

    ``power`` and ``toughness`` are ``None`` for a noncreature permanent, even one with a printed
    power and toughness (208.3); keywords are names as the keyword registry spells them
    ("flying", "first strike"); colours are WUBRG letters in that order."""

    types: tuple[str, ...]
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types


@dataclass(frozen=True)
class Permanent:
    """Battlefield status of the card whose id it carries."""

    id: str
    controller: PlayerIndex
    tapped: bool = False
    summoning_sick: bool = False
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    class_level: int | None = None
    attacking: AttackTarget | None = None
    #: ``None`` until blockers are declared (CR 509.1h); then whether the attacker is blocked.
    blocked: bool | None = None
    #: Ids of the attacking creatures this creature blocks.
    blocking: tuple[str, ...] = ()
    #: For a battle: the player who protects it (CR 310.8).
    protector: PlayerIndex | None = None
    #: What it is now (types, power, toughness, keywords, colours: 109.3, 613), as the engine
    #: computed it. ``None`` in a state to load (the card data and the state's effects say it)
    #: and from an engine that cannot show it (``cannot_show`` "characteristics").
    characteristics: Characteristics | None = None

    def counter(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)

    def replace_characteristics(self, now: Characteristics | None) -> Permanent:
        """This permanent showing ``now`` (itself when it already does)."""
        return self if self.characteristics == now else _with_fields(self, {"characteristics": now})


@dataclass(frozen=True)
class StackItem:
    """A spell or ability on the stack. ``choices`` holds what was chosen or paid on casting or
    activation (targets, the returned creature, its attack target ...), as (key, value) pairs."""

    id: str
    kind: Literal["spell", "activated", "triggered"]
    source: str
    controller: PlayerIndex
    ability: str
    choices: tuple[tuple[str, str], ...] = ()

    def choice(self, key: str) -> str | None:
        return dict(self.choices).get(key)


@dataclass(frozen=True)
class PlayerState:
    index: PlayerIndex
    life: int = 20
    hand: tuple[str, ...] = ()
    #: Top card first.
    library: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    exile: tuple[str, ...] = ()
    command: tuple[str, ...] = ()
    mana_pool: tuple[str, ...] = ()
    land_plays_left: int = 1
    #: Whether this player searched a library this turn (for "if a player searched" checks).
    searched_library: bool = False

    def zone(self, zone: Zone) -> tuple[str, ...]:
        if zone not in PLAYER_ZONES:
            raise KeyError(zone)
        return getattr(self, zone.value)


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability waiting for its moment (603.7). "rebound": "At the beginning
    of your next upkeep, you may cast this card from exile without paying its mana cost"
    (702.88a), created as the spell ``card`` is exiled by rebound; it triggers once, at the next
    upkeep of ``controller`` that begins, and is then gone (603.7c)."""

    ability: Literal["rebound"]
    card: str
    controller: PlayerIndex


@dataclass(frozen=True)
class PlayPermission:
    """``player`` may play ``card`` from ``zone`` (601.3, 305.1): e.g. Fallen Shinobi's "until
    end of turn, you may play those cards without paying their mana costs". It changes where the
    card can be played from, not when (the card's normal timing applies), and covers the card only
    while it stays in ``zone`` (400.7). "end-of-turn" permissions end in the cleanup step (514.2);
    "end-of-your-next-turn" ones ("until the end of your next turn, you may play that card", the
    impulse draws) in the cleanup step of ``player``'s first turn after ``granted_turn``, the turn
    they were made in (611.2a: the effect lasts as long as it says), so a card exiled on an
    opponent's turn is playable through that turn and the whole of its holder's next one."""

    card: str
    player: PlayerIndex
    zone: Zone = Zone.EXILE
    until: Literal["end-of-turn", "end-of-your-next-turn"] = "end-of-turn"
    #: Cast (or play) it without paying its mana cost (118.9).
    without_paying: bool = True
    #: The turn number the permission was made in (only "end-of-your-next-turn" reads it).
    granted_turn: int = 0

    def ends_in_cleanup_of(self, turn: int, active_player: PlayerIndex) -> bool:
        """Whether the permission ends in the cleanup step of ``turn``, whose active player is
        ``active_player`` (514.2)."""
        if self.until == "end-of-turn":
            return True
        return turn > self.granted_turn and active_player == self.player


@dataclass(frozen=True)
class WaitingTrigger:
    """An ability that has triggered and waits to be put on the stack the next time a player
    would receive priority (603.3). A state holds some only while a resolution waits for a
    choice: e.g. abilities that triggered as library ninjutsu was activated during a search wait
    until the search effect has finished resolving."""

    controller: PlayerIndex
    source: str
    ability: str
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class GameState:
    cards: tuple[CardData, ...]
    objects: tuple[CardInstance, ...]
    players: tuple[PlayerState, PlayerState]
    battlefield: tuple[Permanent, ...] = ()
    #: Bottom first: the last item is the top of the stack.
    stack: tuple[StackItem, ...] = ()
    turn: int = 1
    active_player: PlayerIndex = 0
    step: Step = Step.PRECOMBAT_MAIN
    priority: PlayerIndex | None = 0
    #: Consecutive passes of priority in a row with no action between them (CR 117.4).
    priority_passes: int = 0
    #: The decision the game waits for that is not priority (a declaration, a search ...): one
    #: type per kind, see :mod:`protocol.decisions`.
    pending: Decision | None = None
    #: Cards revealed and still in a hidden zone (e.g. a Ninja whose ninjutsu is on the stack).
    revealed: tuple[str, ...] = ()
    #: Creatures that had first strike or double strike as the first-strike damage step began:
    #: only those without it, plus double strikers, deal damage in the second step (CR 510.4).
    first_strikers: tuple[str, ...] = ()
    #: Delayed triggered abilities that have not triggered yet (603.7), e.g. rebound's.
    delayed: tuple[DelayedTrigger, ...] = ()
    #: Permissions to play cards from zones other than the hand (e.g. from exile).
    permissions: tuple[PlayPermission, ...] = ()
    #: Triggered abilities not yet on the stack (only while a pending choice interrupts a
    #: resolution, see :class:`WaitingTrigger`), in the order they triggered.
    triggered: tuple[WaitingTrigger, ...] = ()

    # -- look-ups -------------------------------------------------------------------------
    # By id (or name) through an index built on the first look-up of each kind and kept in the
    # instance's ``__dict__`` under a name starting with "_" (not a field: equality, hashing,
    # the codec and ``replace`` never see it; ``clone.fresh`` leaves it out). The fields of a
    # frozen state never change, so its index never goes stale; a state made by ``replace`` is a
    # new instance with no index yet. Where an inconsistent state repeats an id, the first object
    # with it is found, as a scan would find it.
    def _index(self, key: str, items: tuple[Any, ...], attr: str) -> dict[str, Any]:
        index = self.__dict__.get(key)
        if index is None:
            index = {getattr(item, attr): item for item in reversed(items)}
            self.__dict__[key] = index
        return index

    def card_data(self, name: str) -> CardData:
        card = self._index("_cards_by_name", self.cards, "name").get(name)
        if card is None:
            raise KeyError(f"no card data for {name!r}")
        return card

    def obj(self, card_id: str) -> CardInstance:
        found = self._index("_objects_by_id", self.objects, "id").get(card_id)
        if found is None:
            raise KeyError(f"no object {card_id!r}")
        return found

    def has_object(self, card_id: str) -> bool:
        return card_id in self._index("_objects_by_id", self.objects, "id")

    def data_of(self, card_id: str) -> CardData:
        return self.card_data(self.obj(card_id).name)

    def permanent(self, card_id: str) -> Permanent | None:
        return self._index("_permanents_by_id", self.battlefield, "id").get(card_id)

    def player(self, index: PlayerIndex) -> PlayerState:
        return self.players[index]

    def zone_of(self, card_id: str) -> Zone | None:
        if self.permanent(card_id) is not None:
            return Zone.BATTLEFIELD
        if any(item.kind == "spell" and item.source == card_id for item in self.stack):
            return Zone.STACK
        return player_zone_of(self.players, card_id)

    @property
    def actor(self) -> PlayerIndex | None:
        """Who must act now: the player of a pending choice, else the player with priority."""
        return self.pending.player if self.pending is not None else self.priority

    @property
    def defending_player(self) -> PlayerIndex:
        return 1 - self.active_player

    def attackers(self) -> tuple[Permanent, ...]:
        return tuple(p for p in self.battlefield if p.attacking is not None)

    def unblocked_attackers(self, controller: PlayerIndex) -> tuple[Permanent, ...]:
        return tuple(p for p in self.attackers() if p.controller == controller and p.blocked is False)

    # -- serialisation --------------------------------------------------------------------
    def to_json(self, *, indent: int | None = None) -> str:
        return codec.dumps(self, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        return codec.loads(cls, text)

    def size(self) -> int:
        """Permanents on the battlefield plus cards in libraries: how big a counterexample is."""
        return len(self.battlefield) + sum(len(p.library) for p in self.players)

    def replace(self, **changes: Any) -> GameState:
        return _with_fields(self, changes)


# -- events ---------------------------------------------------------------------------------


class EventKind(enum.StrEnum):
    STEP = "step"
    ZONE_CHANGE = "zone-change"
    TAP = "tap"
    UNTAP = "untap"
    REVEAL = "reveal"
    ACTIVATE = "activate"
    CAST = "cast"
    TRIGGER = "trigger"
    RESOLVE = "resolve"
    FIZZLE = "fizzle"
    DAMAGE = "damage"
    LIFE = "life"
    MANA = "mana"
    ATTACK = "attack"
    BLOCK = "block"
    ENTER_ATTACKING = "enter-attacking"
    DRAW = "draw"
    SHUFFLE = "shuffle"
    SEARCH = "search"
    FIND = "find"
    LOOK = "look"
    COUNTER = "counter"


@dataclass(frozen=True)
class Event:
    """An observation reported by an engine while applying an action.

    Fields used per kind: zone-change (card, from_zone, to_zone); tap/untap/reveal/draw (card);
    activate/cast/trigger/resolve/fizzle (card = source, ability); damage (card = source,
    target, amount, detail = "first-strike" or "regular"); life (player, amount); mana
    (card, detail = symbols); attack (card, target); block (card, target = attacker id);
    enter-attacking (card, target); step (detail = step name); shuffle (player = library owner,
    amount = how many cards were shuffled); search (player = searcher, target = "library:N",
    amount = cards the search can see); find (card); look (card); counter (card, detail = the
    counter kind, amount = counters put on it, negative when removed)."""

    kind: EventKind
    card: str | None = None
    ability: str | None = None
    from_zone: Zone | None = None
    to_zone: Zone | None = None
    player: PlayerIndex | None = None
    target: str | None = None
    amount: int | None = None
    detail: str | None = None

    def __str__(self) -> str:
        bits = [str(self.kind)]
        for name in ("card", "ability", "from_zone", "to_zone", "player", "target", "amount", "detail"):
            value = getattr(self, name)
            if value is not None:
                bits.append(f"{name}={value}")
        return " ".join(bits)


def _plain_record_fields(cls: type) -> frozenset[str]:
    """The field names of a record :func:`_with_fields` may copy; raises when ``cls`` is not such
    a record (so a check added to one later cannot be skipped by the copy unnoticed)."""
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__") or not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__} is not a plain record: copy it with dataclasses.replace")
    return frozenset(f.name for f in fields)


#: The records :func:`_with_fields` copies, with their field names.
_PLAIN_RECORDS: dict[type, frozenset[str]] = {cls: _plain_record_fields(cls) for cls in (Permanent, GameState)}


__all__ = [
    "Action",
    "ActionKind",
    "AttackTarget",
    "CardData",
    "CardInstance",
    "Characteristics",
    "Decision",
    "DelayedTrigger",
    "Event",
    "EventKind",
    "GameState",
    "Permanent",
    "PlayPermission",
    "PlayerIndex",
    "PlayerState",
    "Search",
    "StackItem",
    "Step",
    "TargetKind",
    "WaitingTrigger",
    "Zone",
    "mana_value",
    "parse_mana_cost",
    "pass_priority",
    "target_ref",
]
