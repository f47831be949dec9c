"""A toy engine and its adapter on the adapter kit, for the kit's own tests (tests/test_kit_*.py).

The toy keeps its own object ids (from 100 up), loads only states at a priority prompt with an
empty stack, reports no events at all and lists no mana abilities, the gaps the kit is for.
Its rules are few: passing twice in a row resolves the top spell or ends the step; a card in
hand can be cast whenever its owner holds priority (a "Tutor" resolves into a search of its
caster's library, anything else goes to the graveyard); an untapped land taps for mana.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from engines.kit.by_play import play, route
from engines.kit.ids import IdMap
from engines.kit.session import CachedSession
from engines.kit.trial import Candidate, accepted
from protocol.adapter import ActionRefused, StateUnsupported
from protocol.decisions import Decision, SearchDecision
from protocol.model import (
    Action,
    ActionKind,
    CardInstance,
    Event,
    GameState,
    Permanent,
    PlayerState,
    Search,
    StackItem,
    Step,
    Zone,
)

STEPS = [s for s in Step if s is not Step.FIRST_STRIKE_DAMAGE]


@dataclass
class ToyObject:
    name: str
    owner: int
    zone: Zone
    tapped: bool = False


@dataclass
class ToyGame:
    objects: dict[int, ToyObject]
    order: dict[Zone, list[list[int]]]  # per zone, per seat, the object ids (top of library first)
    battlefield: list[int]
    stack: list[int]
    step: Step
    turn: int
    active: int
    priority: int | None
    passes: int = 0
    life: list[int] = field(default_factory=lambda: [20, 20])
    searching: int | None = None  # the seat whose search waits for its choice
    loads: int = 0

    def copy(self) -> ToyGame:
        return copy.deepcopy(self)

    def _holder(self, seat: int) -> None:
        if self.priority != seat:
            raise ActionRefused(f"P{seat} does not hold priority")

    def pass_priority(self, seat: int) -> None:
        self._holder(seat)
        self.passes += 1
        self.priority = 1 - seat
        if self.passes < 2:
            return
        self.passes, self.priority = 0, self.active
        if self.stack:
            top = self.stack.pop()
            obj = self.objects[top]
            if obj.name.startswith("Tutor"):
                self.searching, self.priority = obj.owner, None
            self._move(top, Zone.GRAVEYARD)
        else:
            self.step = STEPS[STEPS.index(self.step) + 1]

    def cast(self, seat: int, oid: int) -> None:
        self._holder(seat)
        if oid not in self.order[Zone.HAND][seat]:
            raise ActionRefused(f"{oid} is not in P{seat}'s hand")
        self.order[Zone.HAND][seat].remove(oid)
        self.objects[oid].zone = Zone.STACK
        self.stack.append(oid)
        self.priority, self.passes = seat, 0

    def tap(self, seat: int, oid: int) -> None:
        self._holder(seat)
        obj = self.objects.get(oid)
        if obj is None or oid not in self.battlefield or obj.tapped or obj.owner != seat:
            raise ActionRefused(f"{oid} cannot be tapped for mana")
        obj.tapped = True

    def _move(self, oid: int, zone: Zone) -> None:
        obj = self.objects[oid]
        obj.zone = zone
        self.order[zone][obj.owner].append(oid)


def load(state: GameState, ids: IdMap[int]) -> ToyGame:
    """Like a real engine's loader: a priority prompt, nothing on the stack, nothing pending."""
    if state.priority is None or state.stack or state.pending is not None:
        raise StateUnsupported("the toy loads only states at a priority prompt with an empty stack")
    objects: dict[int, ToyObject] = {}
    order: dict[Zone, list[list[int]]] = {z: [[], []] for z in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD)}
    for n, o in enumerate(state.objects):
        if o.id not in ids.to_engine:
            ids.add(o.id, 100 + n)
        zone = state.zone_of(o.id)
        objects[100 + n] = ToyObject(o.name, o.owner, zone or Zone.EXILE)
    for p in state.players:
        for zone, seats in order.items():
            seats[p.index] = [ids.to_engine[c] for c in p.zone(zone)]
    battlefield = [ids.to_engine[p.id] for p in state.battlefield]
    for perm in state.battlefield:
        objects[ids.to_engine[perm.id]].tapped = perm.tapped
    game = ToyGame(objects, order, battlefield, [], state.step, state.turn, state.active_player, state.priority)
    game.passes = state.priority_passes
    return game


class ToySession(CachedSession):
    def __init__(self, game: ToyGame, ids: IdMap[int], start: GameState):
        super().__init__()
        self.game, self.ids, self.start = game, ids, start
        self.reads = 0
        self.copies = 0

    def read_state(self) -> GameState:
        self.reads += 1
        g, ids = self.game, self.ids
        players = []
        for seat in (0, 1):
            zones = {z.value: ids.cards(g.order[z][seat]) for z in g.order}
            players.append(PlayerState(seat, life=g.life[seat], **zones))  # type: ignore[arg-type]
        battlefield = tuple(
            Permanent(ids.card(o), g.objects[o].owner, tapped=g.objects[o].tapped) for o in g.battlefield
        )
        stack = tuple(StackItem(f"s{o}", "spell", ids.card(o), g.objects[o].owner, "spell") for o in g.stack)
        pending: Decision | None = None
        if g.searching is not None:
            library = ids.cards(g.order[Zone.LIBRARY][g.searching])
            search = Search(g.searching, g.searching, "", "", candidates=library)
            pending = SearchDecision(g.searching, search)
        objects = tuple(CardInstance(ids.card(o), obj.name, obj.owner) for o, obj in sorted(g.objects.items()))
        return GameState(
            cards=self.start.cards,
            objects=objects,
            players=(players[0], players[1]),
            battlefield=battlefield,
            stack=stack,
            turn=g.turn,
            active_player=g.active,
            step=g.step,
            priority=g.priority,
            priority_passes=g.passes,
            pending=pending,
        )

    def read_legal(self) -> list[Action]:
        seat = self.game.priority
        if seat is None:
            return []
        out = [Action(ActionKind.PASS_PRIORITY, seat)]
        out += [Action(ActionKind.CAST, seat, source=c) for c in self.ids.cards(self.game.order[Zone.HAND][seat])]
        lands = [o for o in self.game.battlefield if "Land" in self.game.objects[o].name]

        def fresh() -> ToyGame:
            self.copies += 1
            return self.game.copy()

        def attempt(game: ToyGame, oid: int) -> frozenset[int] | None:
            game.tap(seat, oid)
            return frozenset({oid})

        tapped = accepted([Candidate(o, frozenset({o})) for o in lands], fresh, attempt)
        return out + [Action(ActionKind.ACTIVATE, seat, source=self.ids.card(o), ability="mana") for o in tapped]

    def perform(self, action: Action) -> list[Event]:
        oid = self.ids.engine(str(action.source)) if action.source is not None else None
        if action.kind is ActionKind.PASS_PRIORITY:
            self.game.pass_priority(action.player)
        elif action.kind is ActionKind.CAST and oid is not None:
            self.game.cast(action.player, oid)
        elif action.kind is ActionKind.ACTIVATE and oid is not None:
            self.game.tap(action.player, oid)
        else:
            raise ActionRefused(f"the toy does not know {action}")
        return []  # the toy reports nothing: the kit derives what the states show


def cast_of(card: str, player: int) -> Action:
    return Action(ActionKind.CAST, player, source=card)


def start(state: GameState) -> ToySession:
    """A toy session in ``state``: loaded where the toy can load it, the rest reached by play."""
    way = route(state)
    ids = IdMap(int, prefix="t")
    session = ToySession(load(way.base, ids), ids, state)
    for stage in way.stages:
        play(session, stage)
    return session


__all__ = ["ToyGame", "ToySession", "cast_of", "load", "start"]
