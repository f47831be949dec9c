"""The board of a counterexample, before and after the failing action, for people to read.

A failure is understood at the table: who is attacking, what is tapped, what is on the stack,
and what the failing action changed. The states are raw JSON objects (the report does not import
the game model, so an older or foreign results file still renders); every reading here is
defensive: a missing or odd key shows as less summary, never as an error.

Card ids are shown with the card's name beside them everywhere (``c2 Ninja of the Deep Hours``),
also inside the invariant's expected/observed sentences and the action trace, by replacing the
ids a state knows with labels.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CardView:
    label: str
    changed: bool = False
    name: str = ""  # the card's name, for a link to the report's card entry ("" for mana, stack text)


@dataclass(frozen=True)
class PlayerView:
    index: str
    life: str
    zones: tuple[tuple[str, tuple[CardView, ...]], ...]  # (zone name, cards), top first
    life_changed: bool = False


@dataclass(frozen=True)
class PermanentView:
    label: str
    controller: str
    flags: tuple[str, ...]
    changed: bool = False
    name: str = ""  # the card's name, for a link to the report's card entry


@dataclass(frozen=True)
class StateView:
    """A compact, readable summary of a game state (what a player at the table sees)."""

    facts: tuple[tuple[str, str], ...]  # turn, active player, step, priority, pending ...
    players: tuple[PlayerView, ...]
    battlefield: tuple[PermanentView, ...]
    stack: tuple[CardView, ...]  # top first
    params: tuple[tuple[str, str], ...]
    json: str


@dataclass(frozen=True)
class Change:
    """One difference between the board before and after: ``kind`` is zone, tap, stack, life,
    combat or turn (the CSS class that marks it), ``text`` says it in words."""

    kind: str
    text: str


def text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def card_names(*states: Any) -> dict[str, str]:
    """Card id -> card name, from the ``objects`` of every state given (later states win)."""
    names: dict[str, str] = {}
    for state in states:
        if not isinstance(state, dict):
            continue
        objects = state.get("objects")
        for obj in objects if isinstance(objects, list) else ():
            if isinstance(obj, dict) and "id" in obj:
                names[text(obj["id"])] = text(obj.get("name", ""))
    return names


def labeller(names: dict[str, str]) -> Callable[[Any], str]:
    def label(card_id: Any) -> str:
        cid = text(card_id)
        name = names.get(cid)
        return f"{cid} {name}" if name else cid

    return label


_ID = re.compile(r"(?<![\w-])([a-z]\d+)(?![\w-])")


def name_ids(sentence: str, names: dict[str, str]) -> str:
    """``sentence`` with the card name beside each card id the states know (``c1`` -> ``c1 (Soldier)``).

    Only whole tokens that are known ids are touched, and a name already beside its id is not
    repeated, so the invariant's own words stay as written."""
    if not names or not sentence:
        return sentence

    def swap(match: re.Match[str]) -> str:
        cid = match.group(1)
        name = names.get(cid)
        if not name:
            return cid
        rest = sentence[match.end() : match.end() + len(name) + 3]
        if name in rest:
            return cid
        return f"{cid} ({name})"

    return _ID.sub(swap, sentence)


def _pairs(value: Any) -> list[tuple[str, Any]]:
    """(key, value) pairs stored as a JSON list of 2-lists (the model's tuple-of-pairs) or an object."""
    if isinstance(value, dict):
        return [(str(k), v) for k, v in value.items()]
    out = []
    if isinstance(value, list):
        for item in value:
            if isinstance(item, list) and len(item) == 2:
                out.append((text(item[0]), item[1]))
    return out


def _target(value: Any) -> str:
    if isinstance(value, dict):
        if value.get("kind") == "player" or ("player" in value and value.get("player") is not None):
            return f"P{text(value.get('player'))}"
        return f"{text(value.get('kind', ''))} {text(value.get('permanent', ''))}".strip()
    return text(value)


_ZONES = (
    ("hand", "hand"),
    ("library", "library (top first)"),
    ("graveyard", "graveyard"),
    ("exile", "exile"),
    ("command", "command"),
    ("mana_pool", "mana pool"),
)


def _perm_flags(perm: dict[str, Any], label: Callable[[Any], str]) -> list[str]:
    flags = []
    if perm.get("tapped"):
        flags.append("tapped")
    if perm.get("summoning_sick"):
        flags.append("summoning sick")
    if perm.get("attacking") is not None:
        flags.append(f"attacking {_target(perm['attacking'])}")
    if perm.get("blocked") is True:
        flags.append("blocked")
    elif perm.get("blocked") is False:
        flags.append("unblocked")
    if perm.get("blocking"):
        flags.append("blocking " + ", ".join(label(a) for a in perm["blocking"]))
    if perm.get("damage"):
        flags.append(f"damage {text(perm['damage'])}")
    for kind, count in _pairs(perm.get("counters")):
        flags.append(f"{text(count)} {kind} counter(s)")
    if perm.get("class_level") is not None:
        flags.append(f"class level {text(perm['class_level'])}")
    if perm.get("protector") is not None:
        flags.append(f"protected by P{text(perm['protector'])}")
    return flags


def _stack_text(item: dict[str, Any], label: Callable[[Any], str]) -> str:
    out = f"{text(item.get('kind'))} {label(item.get('source'))} [{text(item.get('ability'))}] by P{text(item.get('controller'))}"
    choices = _pairs(item.get("choices"))
    if choices:
        out += " " + ", ".join(f"{k}={text(v)}" for k, v in choices)
    return out


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in _list(value) if isinstance(v, dict)]


def state_view(
    state: Any,
    params: dict[str, Any] | None = None,
    *,
    names: dict[str, str] | None = None,
    changed: frozenset[str] = frozenset(),
    changed_life: frozenset[str] = frozenset(),
) -> StateView:
    """Summarise a GameState JSON object: players' life and zones, permanents with their combat
    flags, step, priority and stack. ``changed`` holds card (and stack item) ids to mark, and
    ``changed_life`` player labels (``P0``) whose life changed."""
    state = state if isinstance(state, dict) else {}
    names = names if names is not None else card_names(state)
    label = labeller(names)

    facts = []
    for key, title in (
        ("turn", "turn"),
        ("active_player", "active player"),
        ("step", "step"),
        ("priority", "priority"),
    ):
        if key in state:
            value = state[key]
            is_player = key in ("active_player", "priority") and isinstance(value, int)
            facts.append((title, f"P{value}" if is_player else text(value) or "none"))
    pending = state.get("pending")
    if isinstance(pending, dict):
        facts.append(("waiting for", f"{text(pending.get('kind'))} by P{text(pending.get('player'))}"))
    for key, title in (("revealed", "revealed"), ("first_strikers", "first strikers")):
        if state.get(key):
            facts.append((title, ", ".join(label(c) for c in _list(state[key]) if c is not None)))

    players: list[PlayerView] = []
    for player in _dicts(state.get("players")):
        index = f"P{text(player.get('index', len(players)))}"
        zones = []
        for zone, title in _ZONES:
            cards = player.get(zone)
            if isinstance(cards, list) and (cards or zone in ("hand", "library")):
                if zone == "mana_pool":
                    shown = tuple(CardView(text(c)) for c in cards)
                else:
                    shown = tuple(CardView(label(c), text(c) in changed, names.get(text(c), "")) for c in cards)
                zones.append((title, shown))
        players.append(PlayerView(index, text(player.get("life", "?")), tuple(zones), index in changed_life))

    battlefield = tuple(
        PermanentView(
            label(perm.get("id")),
            f"P{text(perm.get('controller', '?'))}",
            tuple(_perm_flags(perm, label)),
            text(perm.get("id")) in changed,
            names.get(text(perm.get("id")), ""),
        )
        for perm in _dicts(state.get("battlefield"))
    )
    stack = tuple(
        CardView(_stack_text(item, label), text(item.get("id")) in changed)
        for item in reversed(_dicts(state.get("stack")))
    )
    return StateView(
        facts=tuple(facts),
        players=tuple(players),
        battlefield=battlefield,
        stack=stack,
        params=tuple((str(k), text(v)) for k, v in (params or {}).items()),
        json=json.dumps(state, indent=2, ensure_ascii=False),
    )


# -- before and after ----------------------------------------------------------------------


def _where(state: dict[str, Any]) -> dict[str, str]:
    """Card id -> the zone it is in, in words (``hand of P0``, ``battlefield``, ``stack``)."""
    where: dict[str, str] = {}
    for player in _dicts(state.get("players")):
        owner = f"P{text(player.get('index'))}"
        for zone, _title in _ZONES:
            if zone == "mana_pool":
                continue
            for card in _list(player.get(zone)):
                where[text(card)] = f"{zone} of {owner}"
    for perm in _dicts(state.get("battlefield")):
        where[text(perm.get("id"))] = "battlefield"
    for item in _dicts(state.get("stack")):
        if item.get("kind") == "spell":
            where[text(item.get("source"))] = "stack"
    return where


@dataclass(frozen=True)
class BeforeAfter:
    before: StateView
    after: StateView | None
    changes: tuple[Change, ...]


def before_after(before: Any, after: Any, params: dict[str, Any] | None = None) -> BeforeAfter:
    """Both boards with what changed marked: zone moves, taps, stack items, life, combat, step."""
    before = before if isinstance(before, dict) else {}
    names = card_names(before, after)
    if not isinstance(after, dict):
        return BeforeAfter(state_view(before, params, names=names), None, ())
    label = labeller(names)
    changes: list[Change] = []
    moved: set[str] = set()

    was, now = _where(before), _where(after)
    entered = {text(p.get("id")): p for p in _dicts(after.get("battlefield"))}
    for cid in sorted(set(was) | set(now), key=lambda c: (len(c), c)):
        a, b = was.get(cid, "nowhere"), now.get(cid, "nowhere")
        if a != b:
            moved.add(cid)
            how = ""
            if b == "battlefield" and cid in entered:  # how it entered: tapped? attacking?
                how = " (" + (", ".join(_perm_flags(entered[cid], label)) or "untapped") + ")"
            changes.append(Change("zone", f"{label(cid)}: {a} → {b}{how}"))

    perms_before = {text(p.get("id")): p for p in _dicts(before.get("battlefield"))}
    for perm in _dicts(after.get("battlefield")):
        cid = text(perm.get("id"))
        old = perms_before.get(cid)
        if old is None:
            continue
        if bool(old.get("tapped")) != bool(perm.get("tapped")):
            moved.add(cid)
            changes.append(Change("tap", f"{label(cid)} {'tapped' if perm.get('tapped') else 'untapped'}"))
        if (old.get("attacking"), old.get("blocked"), old.get("blocking")) != (
            perm.get("attacking"),
            perm.get("blocked"),
            perm.get("blocking"),
        ):
            moved.add(cid)
            flags = [
                f for f in _perm_flags(perm, label) if f.split()[0] in ("attacking", "blocked", "unblocked", "blocking")
            ]
            changes.append(Change("combat", f"{label(cid)}: {', '.join(flags) or 'out of combat'}"))

    items_before = {text(i.get("id")): i for i in _dicts(before.get("stack"))}
    items_after = {text(i.get("id")): i for i in _dicts(after.get("stack"))}
    for iid, item in items_after.items():
        if iid not in items_before:
            moved.add(iid)
            changes.append(Change("stack", f"put on the stack: {_stack_text(item, label)}"))
    for iid, item in items_before.items():
        if iid not in items_after:
            changes.append(Change("stack", f"left the stack: {_stack_text(item, label)}"))

    lives: set[str] = set()
    old_players = {text(p.get("index")): p for p in _dicts(before.get("players"))}
    for player in _dicts(after.get("players")):
        index = text(player.get("index"))
        old = old_players.get(index)
        if old is not None and old.get("life") != player.get("life"):
            lives.add(f"P{index}")
            changes.append(Change("life", f"P{index} life {text(old.get('life'))} → {text(player.get('life'))}"))

    for key, title in (("step", "step"), ("turn", "turn"), ("priority", "priority")):
        if key in before and key in after and before[key] != after[key]:
            a, b = text(before[key]) or "none", text(after[key]) or "none"
            if key == "priority":
                a, b = (f"P{v}" if v != "none" else v for v in (a, b))
            changes.append(Change("turn", f"{title} {a} → {b}"))
    if _list(before.get("revealed")) != _list(after.get("revealed")):
        shown = ", ".join(label(c) for c in _list(after.get("revealed"))) or "nothing"
        changes.append(Change("zone", f"revealed: {shown}"))

    return BeforeAfter(
        before=state_view(before, params, names=names),
        after=state_view(after, names=names, changed=frozenset(moved), changed_life=frozenset(lives)),
        changes=tuple(changes),
    )


__all__ = [
    "BeforeAfter",
    "CardView",
    "Change",
    "PermanentView",
    "PlayerView",
    "StateView",
    "before_after",
    "card_names",
    "labeller",
    "name_ids",
    "state_view",
]
