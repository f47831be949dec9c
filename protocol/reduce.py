"""Smaller game states: the same state with one object taken out, still consistent.

Hypothesis shrinks the choices a generator made, so it cannot take away what a generator adds
unconditionally (a land per symbol of a cost, an observer drawn before the Ninja ...). A
counterexample is easier to read when nothing in it can go: the run's minimization pass
(``harness.minimize``) tries every state this module offers and keeps those on which the
same failure recurs. The removals are pure functions of the state, listed in a fixed order, so
the pass is deterministic.

An *object* here is what a reader counts on the board: a card in any zone (a permanent, a card
in a hand, library, graveyard, exile or command zone, a spell on the stack) or an ability on the
stack. Taking a card out takes with it everything that exists only because of it (its spell or
abilities on the stack, a delayed trigger or play permission for it, its place among a search's
candidates). A card that *another* object refers to stays, so that a smaller state never means
something else: the planeswalker or battle a creature attacks, an attacker a creature blocks
(the blocker can go first: the attacker stays blocked), a card a stack item chose, what a pending
decision is about (``Decision.references``: the source of a search, the creatures dividing combat
damage and their recipients), and the objects the scenario's params name (the Ninja, the
returned attacker ...). A removal that would leave the state inconsistent is not offered either.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from protocol.consistency import problems
from protocol.model import PLAYER_ZONES, GameState, PlayerState


@dataclass(frozen=True)
class Removal:
    """One object to take out: a card (``card``: its id) or an ability on the stack (``stack``:
    the stack item's id). ``where`` says where it was, for messages and reports."""

    kind: str  # "card" or "stack"
    id: str
    where: str

    def __str__(self) -> str:
        return f"{self.id} ({self.where})"


def object_count(state: GameState) -> int:
    """How many objects a reader sees: every card of the game plus the abilities on the stack."""
    return len(state.objects) + sum(1 for item in state.stack if item.kind != "spell")


def referenced(state: GameState) -> frozenset[str]:
    """The ids other objects of ``state`` refer to (see the module docstring)."""
    refs: set[str] = set()
    for perm in state.battlefield:
        if perm.attacking is not None and perm.attacking.permanent is not None:
            refs.add(perm.attacking.permanent)
        refs.update(perm.blocking)
    for item in state.stack:
        refs.update(value for _, value in item.choices)
    for trigger in state.triggered:
        refs.update(value for _, value in trigger.choices)
    if state.pending is not None:
        refs.update(state.pending.references())
    return frozenset(refs)


def named_in(value: object) -> frozenset[str]:
    """Every string inside ``value`` (a scenario's params as JSON: dicts, lists, strings), so the
    objects the params name are kept."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return frozenset(found)


def removals(state: GameState, keep: frozenset[str] = frozenset()) -> list[Removal]:
    """Every object of ``state`` that could be taken out, in a fixed order: abilities on the
    stack (top first), spells on the stack (top first), the battlefield (last first), then each
    player's hand, graveyard, exile, command zone and library (bottom first). Objects whose id is
    in ``keep`` or that another object refers to are not offered."""
    found = [r for r in _all_removals(state) if r.id not in keep]
    refs = referenced(state)
    return [r for r in found if r.kind == "stack" or r.id not in refs]


def _all_removals(state: GameState) -> list[Removal]:
    found: list[Removal] = []
    for item in reversed(state.stack):
        if item.kind != "spell":
            found.append(Removal("stack", item.id, "an ability on the stack"))
    for item in reversed(state.stack):
        if item.kind == "spell":
            found.append(Removal("card", item.source, "a spell on the stack"))
    for perm in reversed(state.battlefield):
        found.append(Removal("card", perm.id, "the battlefield"))
    for player in state.players:
        for zone in PLAYER_ZONES:
            for card_id in reversed(player.zone(zone)):
                found.append(Removal("card", card_id, f"player {player.index}'s {zone}"))
    placed = {r.id for r in found if r.kind == "card"}
    for obj in state.objects:  # tokens in no zone (consistent, if odd): still objects
        if obj.id not in placed:
            found.append(Removal("card", obj.id, "no zone"))
    return found


def without(state: GameState, removal: Removal) -> GameState | None:
    """``state`` with ``removal``'s object taken out, or ``None`` when what is left is not a
    consistent game state (e.g. the stack item a pending choice is resolving)."""
    smaller = _without_card(state, removal.id) if removal.kind == "card" else _without_ability(state, removal.id)
    if smaller is None or smaller == state or problems(smaller):
        return None
    return smaller


def smaller_states(state: GameState, keep: frozenset[str] = frozenset()) -> Iterator[tuple[Removal, GameState]]:
    """Each consistent state with one object of ``state`` taken out, in :func:`removals` order."""
    for removal in removals(state, keep):
        smaller = without(state, removal)
        if smaller is not None:
            yield removal, smaller


def without_unused_card_data(state: GameState) -> GameState:
    """``state`` without the card data no object names (it is not an object, but a reader
    skims it too)."""
    used = {o.name for o in state.objects}
    cards = tuple(c for c in state.cards if c.name in used)
    return state if len(cards) == len(state.cards) else replace(state, cards=cards)


# -- the removals -----------------------------------------------------------------------------


def _without_ability(state: GameState, item_id: str) -> GameState | None:
    stack = tuple(s for s in state.stack if s.id != item_id)
    if len(stack) == len(state.stack):
        return None
    return replace(state, stack=stack)


def _without_card(state: GameState, card_id: str) -> GameState | None:
    if not any(o.id == card_id for o in state.objects):
        return None

    def drop(ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(i for i in ids if i != card_id) if card_id in ids else ids

    players = tuple(_player_without(p, card_id) for p in state.players)
    battlefield = tuple(p for p in state.battlefield if p.id != card_id)
    pending = state.pending
    if pending is not None:
        pending = pending.without(card_id)
        if pending is None:  # the choice is about that card
            return None
    return replace(
        state,
        objects=tuple(o for o in state.objects if o.id != card_id),
        players=players,  # type: ignore[arg-type]
        battlefield=battlefield,
        stack=tuple(s for s in state.stack if s.source != card_id),
        pending=pending,
        revealed=drop(state.revealed),
        first_strikers=drop(state.first_strikers),
        delayed=tuple(d for d in state.delayed if d.card != card_id),
        permissions=tuple(p for p in state.permissions if p.card != card_id),
        triggered=tuple(t for t in state.triggered if t.source != card_id),
    )


def _player_without(player: PlayerState, card_id: str) -> PlayerState:
    # Keyed by field name, so the values are as dynamic as dataclasses.replace itself.
    changes: dict[str, Any] = {
        zone.value: tuple(i for i in player.zone(zone) if i != card_id)
        for zone in PLAYER_ZONES
        if card_id in player.zone(zone)
    }
    return replace(player, **changes) if changes else player


__all__ = [
    "Removal",
    "named_in",
    "object_count",
    "referenced",
    "removals",
    "smaller_states",
    "without",
    "without_unused_card_data",
]
