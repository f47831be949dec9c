"""The reference engine's mutable game, built from a GameState and exported back to one.

The model's frozen dataclasses are right for observing, but the rules change a game piece by
piece. This module holds the mutable mirror and the primitive moves every rule needs (zone
changes, looking things up, stack ids); *which* move the rules make lives in the rule components
(the modules :mod:`.engine` lists). Nothing here decides a rules question, so a mutant never
needs to touch it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from protocol.decisions import Decision
from protocol.model import (
    PLAYER_ZONES,
    AttackTarget,
    CardData,
    CardInstance,
    DelayedTrigger,
    Event,
    EventKind,
    GameState,
    Permanent,
    PlayerIndex,
    PlayerState,
    PlayPermission,
    StackItem,
    Step,
    TargetKind,
    WaitingTrigger,
    Zone,
    player_zone_of,
)

from .oracle import CardAbilities, parse_card

_STACK_ID = re.compile(r"^s(\d+)$")

#: Stack-item choice keys of a ninjutsu-family ability (and of a spell cast for its sneak cost):
#: the creature returned to pay the cost, and what it was attacking.
RETURNED = "returned"
ATTACK_TARGET = "attack-target"
#: Set on a ninjutsu-family ability whose Ninja left its zone after activation (400.7: if it
#: comes back, it is a new object the ability knows nothing about).
SOURCE_GONE = "source-gone"
#: Stack-item choice holding a spell's or ability's targets, comma-separated ("player:1").
TARGETS = "targets"
#: Stack-item choice: the zone a spell was cast from ("hand", "exile", "graveyard").
CAST_FROM = "cast-from"
#: Stack-item choice: the spell was cast without paying its mana cost (118.9).
WITHOUT_PAYING = "without-paying"


#: What a permanent's export is made from (``Perm._values``): its loaded value, then its fields.
PermValues = tuple[
    Permanent | None,
    str,
    PlayerIndex,
    bool,
    bool,
    int,
    tuple[tuple[str, int], ...],
    int | None,
    AttackTarget | None,
    bool | None,
    tuple[str, ...],
    PlayerIndex | None,
]
#: What a seat's export is made from (``Seat._values``): its loaded value, then its fields.
SeatValues = tuple[
    PlayerState,
    PlayerIndex,
    int,
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    int,
]


@dataclass
class Perm:
    """Mutable battlefield status of one permanent (mirror of :class:`protocol.model.Permanent`)."""

    id: str
    controller: PlayerIndex
    tapped: bool = False
    summoning_sick: bool = False
    damage: int = 0
    counters: list[tuple[str, int]] = field(default_factory=list)  # order kept for round trips
    class_level: int | None = None
    attacking: AttackTarget | None = None
    blocked: bool | None = None
    blocking: list[str] = field(default_factory=list)
    protector: PlayerIndex | None = None
    #: The loaded Permanent, whose fields the engine does not play with are exported unchanged.
    base: Permanent | None = None
    #: Dealt damage by a source with deathtouch since state-based actions were last checked
    #: (704.5h). Never exported: the check follows every damage event before a player acts.
    deathtouched: bool = False
    #: The last export and the values it was made from: a permanent nothing changed exports the
    #: very same value again (a state shares what did not change with the one before, which is
    #: cheaper to make, and to check, than an equal copy).
    exported: tuple[PermValues, Permanent] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, p: Permanent) -> Perm:
        perm = cls(
            p.id,
            p.controller,
            p.tapped,
            p.summoning_sick,
            p.damage,
            list(p.counters),
            p.class_level,
            p.attacking,
            p.blocked,
            list(p.blocking),
            p.protector,
            p,
        )
        perm.exported = (perm._values(), p)  # unchanged, it exports as it was loaded
        return perm

    def _values(self) -> PermValues:
        return (
            self.base,
            self.id,
            self.controller,
            self.tapped,
            self.summoning_sick,
            self.damage,
            tuple(self.counters),
            self.class_level,
            self.attacking,
            self.blocked,
            tuple(self.blocking),
            self.protector,
        )

    def export(self) -> Permanent:
        values = self._values()
        if self.exported is not None and self.exported[0] == values:
            return self.exported[1]
        made = replace(
            self.base or Permanent(self.id, self.controller),
            id=self.id,
            controller=self.controller,
            tapped=self.tapped,
            summoning_sick=self.summoning_sick,
            damage=self.damage,
            counters=values[6],
            class_level=self.class_level,
            attacking=self.attacking,
            blocked=self.blocked,
            blocking=values[10],
            protector=self.protector,
        )
        self.exported = (values, made)
        return made

    def counter(self, kind: str) -> int:
        return next((n for k, n in self.counters if k == kind), 0)

    def set_counter(self, kind: str, n: int) -> None:
        for i, (k, _) in enumerate(self.counters):
            if k == kind:
                self.counters[i] = (kind, n)
                return
        self.counters.append((kind, n))

    @property
    def in_combat(self) -> bool:
        return self.attacking is not None or bool(self.blocking)


@dataclass
class Seat:
    """Mutable mirror of :class:`protocol.model.PlayerState`. Fields the reference engine does not
    play with stay in ``base`` and are exported unchanged, so the model can grow without
    breaking round trips."""

    base: PlayerState
    index: PlayerIndex
    life: int
    hand: list[str]
    library: list[str]
    graveyard: list[str]
    exile: list[str]
    command: list[str]
    mana_pool: list[str]
    land_plays_left: int

    #: The last export and the values it was made from (see ``Perm.exported``).
    exported: tuple[SeatValues, PlayerState] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, p: PlayerState) -> Seat:
        seat = cls(
            p,
            p.index,
            p.life,
            list(p.hand),
            list(p.library),
            list(p.graveyard),
            list(p.exile),
            list(p.command),
            list(p.mana_pool),
            p.land_plays_left,
        )
        seat.exported = (seat._values(), p)  # unchanged, it exports as it was loaded
        return seat

    def _values(self) -> SeatValues:
        return (
            self.base,
            self.index,
            self.life,
            tuple(self.hand),
            tuple(self.library),
            tuple(self.graveyard),
            tuple(self.exile),
            tuple(self.command),
            tuple(self.mana_pool),
            self.land_plays_left,
        )

    def export(self) -> PlayerState:
        values = self._values()
        if self.exported is not None and self.exported[0] == values:
            return self.exported[1]
        made = replace(
            self.base,
            index=self.index,
            life=self.life,
            hand=values[3],
            library=values[4],
            graveyard=values[5],
            exile=values[6],
            command=values[7],
            mana_pool=values[8],
            land_plays_left=self.land_plays_left,
        )
        self.exported = (values, made)
        return made

    def zone(self, zone: Zone) -> list[str]:
        if zone not in PLAYER_ZONES:
            raise KeyError(zone)
        return getattr(self, zone.value)


@dataclass(frozen=True)
class PendingTrigger:
    """An ability that triggered and waits to be put on the stack the next time a player would
    receive priority (603.3). The game empties these before it stops for a decision, except while
    a resolution waits for a choice (a search): then they are exported as GameState.triggered."""

    controller: PlayerIndex
    source: str
    ability: str
    choices: tuple[tuple[str, str], ...] = ()


@dataclass
class Game:
    """One game in the reference engine. Lists keep the exported order, so ``to_state`` of an
    untouched game equals the state it was built from."""

    cards: tuple[CardData, ...]
    objects: dict[str, CardInstance]
    abilities: dict[str, CardAbilities]
    players: list[Seat]
    battlefield: list[Perm]
    stack: list[StackItem]
    turn: int
    active: PlayerIndex
    step: Step
    priority: PlayerIndex | None
    passes: int
    pending: Decision | None
    revealed: list[str]
    first_strikers: list[str]
    #: The loaded state: fields the engine does not play with are exported unchanged from it.
    base: GameState
    triggered: list[PendingTrigger] = field(default_factory=list)
    #: Mirrors of GameState.delayed and GameState.permissions.
    delayed: list[DelayedTrigger] = field(default_factory=list)
    permissions: list[PlayPermission] = field(default_factory=list)
    #: The last battlefield exported and the same with its characteristics computed: what they
    #: depend on is all on the battlefield, so an export whose battlefield did not change (a
    #: pass of priority, a step) shows the same again without asking the rules.
    shown: tuple[tuple[Permanent, ...], tuple[Permanent, ...]] | None = field(default=None, repr=False, compare=False)
    #: ``cards`` by name (the first of each name, as a scan would find it), rebuilt whenever
    #: ``cards`` is replaced: every rule asks for a card's data, many times per action.
    cards_by_name: tuple[tuple[CardData, ...], dict[str, CardData]] = field(
        default_factory=lambda: ((), {}), repr=False, compare=False
    )

    # -- building and exporting ----------------------------------------------------------
    @classmethod
    def from_state(cls, state: GameState, abilities: dict[str, CardAbilities] | None = None) -> Game:
        """Build the game; raises :class:`~.oracle.UnsupportedCard` for a card it cannot read.
        ``abilities`` reuses cards already parsed (restoring a snapshot of the same game)."""
        return cls(
            cards=state.cards,
            objects={o.id: o for o in state.objects},
            abilities=abilities if abilities is not None else {c.name: parse_card(c) for c in state.cards},
            players=[Seat.of(p) for p in state.players],
            battlefield=[Perm.of(p) for p in state.battlefield],
            stack=list(state.stack),
            turn=state.turn,
            active=state.active_player,
            step=state.step,
            priority=state.priority,
            passes=state.priority_passes,
            pending=state.pending,
            revealed=list(state.revealed),
            first_strikers=list(state.first_strikers),
            base=state,
            delayed=list(state.delayed),
            permissions=list(state.permissions),
            triggered=[PendingTrigger(t.controller, t.source, t.ability, t.choices) for t in state.triggered],
        )

    def to_state(self) -> GameState:
        return replace(
            self.base,
            cards=self.cards,
            objects=tuple(self.objects.values()),
            players=(self.players[0].export(), self.players[1].export()),
            battlefield=tuple(p.export() for p in self.battlefield),
            stack=tuple(self.stack),
            turn=self.turn,
            active_player=self.active,
            step=self.step,
            priority=self.priority,
            priority_passes=self.passes,
            pending=self.pending,
            revealed=tuple(self.revealed),
            first_strikers=tuple(self.first_strikers),
            delayed=tuple(self.delayed),
            permissions=tuple(self.permissions),
            triggered=tuple(WaitingTrigger(t.controller, t.source, t.ability, t.choices) for t in self.triggered),
        )

    # -- look-ups ------------------------------------------------------------------------
    @property
    def defending(self) -> PlayerIndex:
        return 1 - self.active

    @property
    def actor(self) -> PlayerIndex | None:
        return self.pending.player if self.pending is not None else self.priority

    def perm(self, card_id: str) -> Perm | None:
        return next((p for p in self.battlefield if p.id == card_id), None)

    def owner(self, card_id: str) -> PlayerIndex:
        return self.objects[card_id].owner

    def data(self, card_id: str) -> CardData:
        name = self.objects[card_id].name
        cards, by_name = self.cards_by_name
        if cards is not self.cards:
            by_name = {}
            for card in self.cards:
                by_name.setdefault(card.name, card)
            self.cards_by_name = (self.cards, by_name)
        return by_name[name]

    def abilities_of(self, card_id: str) -> CardAbilities:
        return self.abilities[self.objects[card_id].name]

    def is_type(self, card_id: str, card_type: str) -> bool:
        return self.data(card_id).is_type(card_type)

    def zone_of(self, card_id: str) -> Zone | None:
        if self.perm(card_id) is not None:
            return Zone.BATTLEFIELD
        return player_zone_of(self.players, card_id)

    def next_stack_id(self) -> str:
        """ "s<n>" one above the highest on the stack: derived from the state alone, so an
        exported state continues with fresh ids."""
        numbers = [int(m.group(1)) for item in self.stack if (m := _STACK_ID.match(item.id))]
        return f"s{max(numbers, default=0) + 1}"

    # -- primitive moves -----------------------------------------------------------------
    def remove_from_zone(self, card_id: str) -> tuple[Zone | None, Perm | None]:
        """Take a card out of wherever it is; returns the zone it was in (and its status)."""
        perm = self.perm(card_id)
        if perm is not None:
            self.battlefield.remove(perm)
            return Zone.BATTLEFIELD, perm
        for seat in self.players:
            for zone in PLAYER_ZONES:
                cards = seat.zone(zone)
                if card_id in cards:
                    cards.remove(card_id)
                    return zone, None
        return None, None

    def put_in_zone(self, card_id: str, zone: Zone) -> None:
        """Put a card into its owner's ``zone`` (never the battlefield: see :meth:`enter`)."""
        self.players[self.owner(card_id)].zone(zone).append(card_id)

    def enter(self, perm: Perm) -> None:
        self.battlefield.append(perm)

    def tap(self, perm: Perm, events: list[Event]) -> None:
        perm.tapped = True
        events.append(Event(EventKind.TAP, card=perm.id))


def encode_target(target: AttackTarget) -> str:
    """An attack target as a stack-item choice value: "player:1", "planeswalker:c5", "battle:c6"."""
    if target.kind is TargetKind.PLAYER:
        return f"player:{target.player}"
    return f"{target.kind}:{target.permanent}"


def returned_choices(returned: Perm) -> tuple[tuple[str, str], ...]:
    """The stack-item choices that remember the creature returned to pay a cost (ninjutsu,
    sneak) and the player, planeswalker or battle it was attacking."""
    choices: tuple[tuple[str, str], ...] = ((RETURNED, returned.id),)
    if returned.attacking is not None:
        choices += ((ATTACK_TARGET, encode_target(returned.attacking)),)
    return choices


def player_ref(player: PlayerIndex) -> str:
    """A player as a target choice value: "player:1"."""
    return f"player:{player}"


def parse_player_ref(value: str) -> PlayerIndex | None:
    kind, _, rest = value.partition(":")
    return int(rest) if kind == "player" and rest in ("0", "1") else None


def decode_target(value: str) -> AttackTarget:
    kind, _, rest = value.partition(":")
    if kind == TargetKind.PLAYER:
        return AttackTarget.of_player(int(rest))
    return AttackTarget.of_permanent(TargetKind(kind), rest)
