"""Consistency of a GameState: the facts every legal game state has, whatever the engine.

Generators must only build consistent states, engines such as phase.rs accept inconsistent ones
silently, and an engine's exported state is checked after every action: the Probe does it, as a
global invariant of the protocol (an inconsistent state is a ``fail`` naming the action).
Each problem is named in words, so a report says *what* is wrong, not just "invalid".

The check runs after every action of every example, on states an untrusted engine made as
large as it likes, so its cost is linear in the state's size: every look-up goes through a
dictionary built once per check, never a scan of the objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container

from protocol.model import AFTER_BLOCKERS_STEPS, COLORS, Characteristics, GameState, TargetKind, Zone


class InconsistentState(ValueError):
    """A GameState that no legal game could reach; the message lists every problem."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("inconsistent game state: " + "; ".join(problems))


def problems(state: GameState) -> list[str]:
    """Every consistency problem of ``state``, in words (empty when consistent)."""
    found: list[str] = []
    ids = [o.id for o in state.objects]
    by_id = {o.id: o for o in state.objects}
    if len(by_id) != len(ids):  # the Counter only when some id repeats (the messages are its)
        for card_id, n in Counter(ids).items():
            if n > 1:
                found.append(f"object id {card_id!r} is used by {n} objects")
    data = {c.name: c for c in state.cards}
    if len(data) != len(state.cards):
        for name, n in Counter(c.name for c in state.cards).items():
            if n > 1:
                found.append(f"card data for {name!r} is given {n} times")
    for o in state.objects:
        if o.name not in data:
            found.append(f"object {o.id} is a {o.name!r}, which has no card data")
        if o.owner != 0 and o.owner != 1:
            found.append(f"object {o.id} has owner {o.owner}, not a player")
    if [p.index for p in state.players] != [0, 1]:
        found.append("players must be seats 0 and 1, in that order")

    # Every object in exactly one zone: where each id was met (most are met once, so the list of
    # places is made only for an id met twice or never, when a message names them).
    met: dict[str, str] = {}
    again: dict[str, list[str]] = {}

    def place(card_id: str, where: str) -> None:
        if card_id not in by_id:
            found.append(f"{where} holds {card_id!r}, which is not an object of the game")
        elif card_id in met:
            again.setdefault(card_id, [met[card_id]]).append(where)
        else:
            met[card_id] = where

    for p in state.players:
        for zone, held in (
            (Zone.HAND, p.hand),
            (Zone.LIBRARY, p.library),
            (Zone.GRAVEYARD, p.graveyard),
            (Zone.EXILE, p.exile),
            (Zone.COMMAND, p.command),
        ):
            if not held:
                continue
            where = f"player {p.index}'s {zone}"  # once per zone, not per card
            for card_id in held:
                obj = by_id.get(card_id)
                if obj is None or card_id in met:
                    place(card_id, where)  # not an object, or met twice: named there
                else:
                    met[card_id] = where
                if obj is not None and obj.owner != p.index:
                    found.append(f"{card_id} is in {where} but owned by player {obj.owner}")
    for perm in state.battlefield:
        place(perm.id, "the battlefield")
    for item in state.stack:
        if item.kind == "spell":
            place(item.source, "the stack")
    if len(met) != len(by_id) or again:
        for card_id, obj in by_id.items():
            if card_id not in met:
                if not obj.token:
                    found.append(f"{card_id} ({obj.name}) is in no zone")
            elif card_id in again:
                zones = again[card_id]
                found.append(f"{card_id} ({obj.name}) is in {len(zones)} zones: {', '.join(zones)}")
    places: Container[str] = by_id  # the ids of the game's objects, for the look-ups below

    found.extend(_combat_problems(state, by_id, data))

    stack_ids = [s.id for s in state.stack]
    if len(set(stack_ids)) != len(stack_ids):
        for sid, n in Counter(stack_ids).items():
            if n > 1:
                found.append(f"stack item id {sid!r} is used {n} times")
    if state.active_player not in (0, 1):
        found.append(f"active player {state.active_player} is not a seat")
    if state.priority is not None and state.priority not in (0, 1):
        found.append(f"priority player {state.priority} is not a seat")
    if state.pending is not None and state.priority is not None:
        found.append("a pending choice and a priority player at once")
    for card_id in state.revealed:
        if card_id not in places:
            found.append(f"revealed card {card_id!r} is not an object of the game")
    if state.pending is not None:
        found.extend(state.pending.problems(state))  # what the decision's own kind requires
    for t in state.triggered:
        if t.source not in places or t.controller not in (0, 1):
            found.append(f"waiting triggered ability {t.ability} names {t.source!r} / player {t.controller}")
    if state.triggered and state.pending is None:
        found.append("triggered abilities wait to be put on the stack, but no choice interrupts the game")
    found.extend(_delayed_and_permission_problems(state, places))
    return found


def _delayed_and_permission_problems(state: GameState, places: Container[str]) -> list[str]:
    """Delayed triggers and play permissions name objects of the game and seats. (A permission or
    a rebound trigger whose card has left its zone is stale, not inconsistent: it just does
    nothing, 400.7.)"""
    found: list[str] = []
    for delayed in state.delayed:
        if delayed.card not in places:
            found.append(
                f"delayed {delayed.ability} trigger names {delayed.card!r}, which is not an object of the game"
            )
        if delayed.controller not in (0, 1):
            found.append(f"delayed {delayed.ability} trigger of {delayed.card} is controlled by {delayed.controller}")
    for permission in state.permissions:
        if permission.card not in places:
            found.append(f"play permission names {permission.card!r}, which is not an object of the game")
        if permission.player not in (0, 1):
            found.append(f"play permission for {permission.card} is given to {permission.player}, not a player")
        if permission.until == "end-of-your-next-turn" and not 1 <= permission.granted_turn <= state.turn:
            found.append(
                f"play permission for {permission.card} lasts until the end of its holder's next turn, but was "
                f"made in turn {permission.granted_turn} (the game is in turn {state.turn})"
            )
    return found


def _combat_problems(state: GameState, objects: dict, data: dict) -> list[str]:
    found: list[str] = []
    by_id = {p.id: p for p in state.battlefield}

    def data_of(card_id: str):
        obj = objects.get(card_id)
        return None if obj is None else data.get(obj.name)

    for perm in state.battlefield:
        if perm.controller not in (0, 1):
            found.append(f"{perm.id} is controlled by {perm.controller}, not a player")
            continue
        perm_data = data_of(perm.id)
        is_creature = perm_data is not None and perm_data.is_type("Creature")
        if perm.attacking is not None:
            if not state.step.is_combat:
                found.append(f"{perm.id} is attacking outside combat ({state.step})")
            if not is_creature:
                found.append(f"{perm.id} is attacking but is not a creature")
            if perm.controller != state.active_player:
                found.append(f"{perm.id} is attacking but its controller is not the active player")
            target = perm.attacking
            if target.kind is TargetKind.PLAYER:
                if target.player == perm.controller:
                    found.append(f"{perm.id} is attacking its own controller")
            else:
                victim = by_id.get(target.permanent or "")
                wanted = "Planeswalker" if target.kind is TargetKind.PLANESWALKER else "Battle"
                if victim is None:
                    pass  # it left the battlefield: the creature still attacks, dealing no damage (506.4c)
                elif (victim_data := data_of(victim.id)) is None or not victim_data.is_type(wanted):
                    found.append(f"{perm.id} attacks {victim.id} as a {target.kind}, but it is not a {wanted}")
                elif target.kind is TargetKind.PLANESWALKER and victim.controller == perm.controller:
                    found.append(f"{perm.id} attacks a planeswalker its own controller controls")
                elif target.kind is TargetKind.BATTLE and victim.protector == perm.controller:
                    found.append(f"{perm.id} attacks a battle its own controller protects")
            declaring_blockers = state.pending is not None and state.pending.leaves_blocks_undeclared
            if state.step in AFTER_BLOCKERS_STEPS and perm.blocked is None and not declaring_blockers:
                found.append(
                    f"{perm.id} is attacking after blockers were declared but is neither blocked nor unblocked"
                )
            if state.step not in AFTER_BLOCKERS_STEPS and perm.blocked is not None:
                found.append(f"{perm.id} is {'blocked' if perm.blocked else 'unblocked'} before blockers were declared")
        elif perm.blocked is not None:
            found.append(f"{perm.id} is marked {'blocked' if perm.blocked else 'unblocked'} but is not attacking")
        if perm.blocking:
            if state.step not in AFTER_BLOCKERS_STEPS:
                found.append(f"{perm.id} is blocking outside the steps after blockers are declared")
            if not is_creature:
                found.append(f"{perm.id} is blocking but is not a creature")
            if perm.controller == state.active_player:
                found.append(f"{perm.id} is blocking but is controlled by the active player")
            for attacker_id in perm.blocking:
                attacker = by_id.get(attacker_id)  # a dict: linear over all blocks
                if attacker is None or attacker.attacking is None:
                    found.append(f"{perm.id} blocks {attacker_id}, which is not an attacking creature")
                elif attacker.blocked is not True:
                    found.append(f"{perm.id} blocks {attacker_id}, which is not marked blocked")
        if perm.class_level is not None and not 1 <= perm.class_level <= 3:
            found.append(f"{perm.id} has class level {perm.class_level}")
        if perm.characteristics is not None:
            found.extend(characteristics_problems(perm.id, perm.characteristics))
    return found


def characteristics_problems(card_id: str, now: Characteristics) -> list[str]:
    """What no permanent's current characteristics can be: a creature without power or
    toughness, a noncreature with them (208.3), a colour that is none of the five (105.1), a
    keyword or colour listed twice."""
    found: list[str] = []
    if not now.types:
        found.append(f"{card_id}'s current characteristics have no card type (a permanent has one, 110.4)")
    creature = now.is_type("Creature")
    if creature and (now.power is None or now.toughness is None):
        found.append(f"{card_id} is a creature with no current power or toughness (208.1)")
    if not creature and (now.power is not None or now.toughness is not None):
        found.append(f"{card_id} is not a creature but has a current power or toughness (208.3)")
    unknown = [] if _COLOR_SET.issuperset(now.colors) else [c for c in now.colors if c not in COLORS]
    if unknown:  # (the set answers for the common case; the list, by the tuple, decides)
        found.append(f"{card_id} has colours {unknown}, not among {''.join(COLORS)} (105.1)")
    colors, keywords, types = now.colors, now.keywords, now.types
    if len(set(colors)) == len(colors) and len(set(keywords)) == len(keywords) and len(set(types)) == len(types):
        return found  # none listed twice: the Counter below only names the ones that are
    for what, values in (("colour", colors), ("keyword", keywords), ("card type", types)):
        for value, n in Counter(values).items():
            if n > 1:
                found.append(f"{card_id}'s current {what} {value!r} is listed {n} times")
    return found


#: The five colours, for one look-up per colour list (105.1).
_COLOR_SET = frozenset(COLORS)


def check(state: GameState) -> GameState:
    """Return ``state`` if consistent, else raise :class:`InconsistentState` naming every problem."""
    found = problems(state)
    if found:
        raise InconsistentState(found)
    return state
