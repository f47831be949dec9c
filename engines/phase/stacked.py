"""Spells on the stack in a state to build, and the search a resolving spell has begun.

phase's stack entries hold the resolved ability of the card's face, its cast context and the
mana spent: the adapter does not write them by hand. A state with spells on the stack is built
with those cards in their casters' hands, and phase casts each one, bottom first, through the
same prompt chain as a CAST action (:func:`.casting.plan_cast`, targets from the item's
``targets`` choice). The cast is free and allowed at any time: while it is cast a stacked card
has no mana cost and has flash (the model's state says the spell was cast and paid for, not
how); both are given back before the state is loaded for good with its priority holder and
pass count. A caster other than the one holding priority gets it by the holder passing once,
as in play. A pending search (the moment a resolving spell's search has begun) is that spell on
the stack, then both players pass: phase resolves it and asks its ``SearchChoice``.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from protocol.adapter import ActionRefused, StateUnsupported
from protocol.decisions import SearchDecision
from protocol.keyword_registry import FLASH
from protocol.model import Action, ActionKind, GameState, StackItem

FREE = {"type": "Cost", "generic": 0, "shards": []}
#: What a stacked card's object gets while it is cast, and gets back afterwards.
CAST_FIELDS = ("mana_cost", "base_mana_cost", "keywords", "base_keywords")
#: The choices of a stack item the adapter can make phase repeat.
KNOWN_CHOICES = {"cast-from", "targets"}


def split(state: GameState) -> tuple[GameState, tuple[StackItem, ...]]:
    """The state to place before anything is cast (the stacked cards back in their casters'
    hands, the first caster holding priority, no pending choice), and the items to cast."""
    items = state.stack
    pending = state.pending
    if pending is not None and not (isinstance(pending, SearchDecision) and items):
        raise StateUnsupported(
            f"the phase adapter builds no pending {pending.kind} choice (phase does not recompute a prompt on load)"
        )
    if isinstance(pending, SearchDecision) and pending.search.resolving != items[-1].id:
        raise StateUnsupported("the phase adapter builds a pending search only of the spell on top of the stack")
    players = list(state.players)
    for item in items:
        if item.kind != "spell":
            raise StateUnsupported(
                f"the phase adapter puts only spells on the stack (a {item.kind} ability gets there by play)"
            )
        owner = state.obj(item.source).owner
        if owner != item.controller:
            raise StateUnsupported(
                f"the phase adapter casts a stacked spell only from its owner's hand ({item.source})"
            )
        unknown = {k for k, _ in item.choices} - KNOWN_CHOICES
        if unknown or item.choice("cast-from") not in (None, "hand"):
            raise StateUnsupported(f"the phase adapter cannot repeat the choices {item.choices} of {item.source}")
        seat = players[owner]
        players[owner] = replace(seat, hand=seat.hand + (item.source,))
    if not items:
        return state, ()
    base = replace(
        state,
        stack=(),
        pending=None,
        players=(players[0], players[1]),
        priority=items[0].controller,
        priority_passes=0,
    )
    return base, items


def build(engine: Any, game: Any, state: GameState, items: tuple[StackItem, ...], ids: Any) -> tuple[Any, list[Any]]:
    """``game`` (loaded from the base of :func:`split`) with ``items`` cast, then set to
    ``state``'s priority, or resolving into its pending search. Returns the game and phase's
    raw events of the setup (a search's prompt is read from them)."""
    import phase

    from .casting import plan_cast

    env = game.state()
    objects = env["state"]["objects"]
    saved: dict[str, dict[str, Any]] = {}
    for item in items:
        key = str(ids.to_phase[item.source])
        obj = objects[key]
        saved[key] = {f: copy.deepcopy(obj[f]) for f in CAST_FIELDS if f in obj}
        obj["mana_cost"] = obj["base_mana_cost"] = dict(FREE)
        for f in ("keywords", "base_keywords"):
            obj[f] = [*(obj.get(f) or []), FLASH.camel]
    game = engine.load_game(env)
    events: list[Any] = []
    passing = phase.GameAction.from_dict({"type": "PassPriority"})
    for item in items:
        acting = int(game.waiting_for()["data"]["player"])
        if acting != item.controller:
            events += list(game.apply(acting, passing).events)
        targets = tuple(t for t in (item.choice("targets") or "").split(",") if t)
        action = Action(ActionKind.CAST, item.controller, source=item.source, targets=targets)
        try:
            chain = plan_cast(
                engine.load_game(game.state()),
                item.controller,
                action,
                ids.to_phase[item.source],
                None,
                ids.phase,
                ids.model,
            )
            for step in chain:
                events += list(game.apply(item.controller, phase.GameAction.from_dict(step)).events)
        except (ActionRefused, ValueError) as exc:
            raise StateUnsupported(
                f"phase would not cast the stacked {item.source} as the state has it: {exc}"
            ) from None
    env = game.state()
    ps = env["state"]
    if len(ps.get("stack") or []) != len(items):
        raise StateUnsupported("casting the stacked spells in phase put more on the stack (a cast trigger)")
    for key, fields in saved.items():
        obj = ps["objects"][key]
        for f in ("keywords", "base_keywords"):
            obj.pop(f, None)
        obj.update(copy.deepcopy(fields))
    searcher = state.pending.player if state.pending is not None else None
    holder = items[-1].controller if searcher is not None else state.priority
    ps["priority_player"] = holder
    ps["waiting_for"] = {"type": "Priority", "data": {"player": holder}}
    ps["priority_pass_count"] = 0 if searcher is not None else state.priority_passes
    game = engine.load_game(env)
    if searcher is not None:
        for seat in (items[-1].controller, 1 - items[-1].controller):
            events += list(game.apply(seat, passing).events)
        waiting = game.waiting_for() or {}
        asked = (waiting.get("data") or {}).get("player")
        if waiting.get("type") != "SearchChoice" or asked is None or int(asked) != searcher:
            raise StateUnsupported(
                f"phase did not begin the search as the state has it (it waits for {waiting.get('type')})"
            )
    return game, events
