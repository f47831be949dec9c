"""A phase.rs game in a drawn state: placed where phase can load it, the rest reached by play.

The kit plans the route (:func:`engines.kit.by_play.route`): a step that begins is loaded in
the step before and begun by both players passing; spells on the stack are cast by phase from
their casters' hands, bottom first, through the same prompt chain as a CAST action; a pending
search is its spell on the stack, resolved by both players passing. Two things are phase's own:
while a stacked card is cast it has no mana cost and has flash (the state says the spell was
cast and paid for, not how), both given back before the state is loaded for good; and the
drawn priority holder and pass count are written into that state rather than passed into.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engines.kit.by_play import PRIORITY, Position, play, route
from protocol.adapter import ActionRefused
from protocol.model import Action, ActionKind, GameState, StackItem

from .casting import plan_cast
from .load import as_text, check_loadable, engine_for, new_game, place
from .names import Ids, step_of
from .prompts import PROMPTS

FREE = {"type": "Cost", "generic": 0, "shards": []}
#: What a stacked card's object gets while it is cast, and gets back afterwards.
CAST_FIELDS = ("mana_cost", "base_mana_cost", "keywords", "base_keywords")


@dataclass
class PhaseTable:
    """A phase game being built (:class:`engines.kit.by_play.Table`); ``events``: phase's raw
    events of the moves (the session reads a search that began from them)."""

    engine: Any
    game: Any
    ids: Ids
    start: GameState
    events: list[dict[str, Any]] = field(default_factory=list)

    def position(self) -> Position:
        waiting = self.game.waiting_for() or {}
        player = (waiting.get("data") or {}).get("player")
        prompt = str(waiting.get("type"))
        name = str(self.game.phase)  # the combat damage step needs the state's combat to be told apart
        step = step_of(self.game.state()["state"]) if name == "CombatDamage" else step_of({"phase": name})
        waits = PRIORITY if prompt == "Priority" else PROMPTS.get(prompt, prompt)
        actor = int(player) if player is not None else None
        return Position(step, int(self.game.turn), waits, actor, len(self.game.stack() or []))

    def play(self, action: Action) -> None:
        import phase

        if action.kind is ActionKind.CAST:
            oid = self.ids.to_engine[str(action.source)]
            chain = plan_cast(self.engine.load_game(self.game.state()), action.player, action, oid, None, self.ids)
        else:
            chain = [{"type": "PassPriority"}]
        for step in chain:
            try:
                self.events += list(self.game.apply(action.player, phase.GameAction.from_dict(step)).events)
            except ValueError as exc:
                raise ActionRefused(str(exc)) from None


def build(state: GameState) -> PhaseTable:
    """A phase game in ``state`` (StateUnsupported when phase cannot be brought there)."""
    check_loadable(state)
    way = route(state, settle_by_play=False)
    envelope, ids = new_game(way.base)
    check_loadable(way.base)
    place(way.base, envelope["state"], ids)
    saved = _castable(envelope["state"], way.casts, ids)
    table = PhaseTable(engine_for(state), None, ids, state)
    table.game = table.engine.load_game(as_text(envelope))
    for stage in way.stages:
        play(table, stage)
        if stage.kind == "cast":
            _settle(table, state, saved, way.casts)
    return table


def _castable(ps: dict[str, Any], casts: tuple[StackItem, ...], ids: Ids) -> dict[str, dict[str, Any]]:
    """Make the cards to cast free and flash; what they had, to give back (:func:`_settle`)."""
    saved: dict[str, dict[str, Any]] = {}
    for item in casts:
        key = str(ids.to_engine[item.source])
        obj = ps["objects"][key]
        saved[key] = {f: copy.deepcopy(obj[f]) for f in CAST_FIELDS if f in obj}
        obj["mana_cost"] = obj["base_mana_cost"] = dict(FREE)
        for f in ("keywords", "base_keywords"):
            obj[f] = [*(obj.get(f) or []), "Flash"]
    return saved


def _settle(
    table: PhaseTable, state: GameState, saved: dict[str, dict[str, Any]], casts: tuple[StackItem, ...]
) -> None:
    """After the casts: the cards' own costs and keywords back, and the priority holder and pass
    count of ``state`` (or, when a search is to begin, the last caster with none)."""
    envelope = table.game.state()
    ps = envelope["state"]
    for key, fields in saved.items():
        for f in ("keywords", "base_keywords"):
            ps["objects"][key].pop(f, None)
        ps["objects"][key].update(copy.deepcopy(fields))
    searching = state.pending is not None
    holder = casts[-1].controller if searching else state.priority
    ps["priority_player"] = holder
    ps["waiting_for"] = {"type": "Priority", "data": {"player": holder}}
    ps["priority_pass_count"] = 0 if searching else state.priority_passes
    table.game = table.engine.load_game(envelope)
