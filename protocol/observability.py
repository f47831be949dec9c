"""Declared observability: the model's fields an engine may be unable to show, by name.

An engine exports its state through an adapter, and some engines keep no record of a thing the
model has a field for (phase.rs keeps no protector of a battle, no revealed cards). An adapter
that filled such a field from the state it loaded would let a check judge an echo as if the
engine had shown it. So an adapter declares what it cannot show (``cannot_show``, a class
attribute, names from :data:`OBSERVABLE`) and exports those fields empty; an invariant declares
the fields its check reads (``Invariant.observes``); the runner answers ``unsupported`` for an
invariant that reads a field its engine cannot show, with a reason naming both, before any
example is drawn. An unknown name is an error on either side, as for mechanics.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from protocol.model import GameState, Permanent, PlayerState, StackItem


@dataclass(frozen=True)
class Observable:
    """One field of the model an engine may be unable to show: ``owner.name``, described as
    ``what`` in a sentence such as "phase does not show <what>"; ``empty``: the value an adapter
    exports when its engine cannot show it."""

    owner: type
    name: str
    what: str
    empty: Any


_FIELDS = (
    Observable(GameState, "revealed", "revealed cards", ()),
    Observable(GameState, "triggered", "triggered abilities waiting to be put on the stack", ()),
    Observable(Permanent, "protector", "the protectors of battles", None),
    Observable(GameState, "first_strikers", "which creatures had first strike as first-strike damage began", ()),
    Observable(GameState, "priority_passes", "how many priority passes came in a row", 0),
    Observable(PlayerState, "searched_library", "which players searched a library this turn", False),
    Observable(GameState, "delayed", "delayed triggered abilities", ()),
    Observable(GameState, "permissions", "permissions to play cards from other zones", ()),
    Observable(Permanent, "counters", "counters on permanents", ()),
    Observable(Permanent, "damage", "damage marked on permanents", 0),
    Observable(StackItem, "choices", "the choices made for spells and abilities on the stack", ()),
    Observable(
        Permanent,
        "characteristics",
        "the current characteristics of permanents (types, power, toughness, keywords, colours)",
        None,
    ),
)
#: Every name an adapter may declare it cannot show and an invariant may declare it observes.
OBSERVABLE: dict[str, Observable] = {f.name: f for f in _FIELDS}


def check_fields(names: Iterable[str], *, owner: str) -> frozenset[str]:
    """``names`` as a frozenset, or ``ValueError`` naming ``owner`` for any unknown name."""
    if isinstance(names, str):
        raise TypeError(f"{owner}: observable fields are a collection of names, not the string {names!r}")
    found = frozenset(names)
    unknown = sorted(n for n in found if n not in OBSERVABLE)
    if unknown:
        raise ValueError(f"{owner}: unknown observable fields {unknown} (known: {', '.join(OBSERVABLE)})")
    return found


def cannot_show(adapter: object) -> frozenset[str]:
    """What ``adapter`` declares its engine cannot show (its ``cannot_show`` attribute; none by
    default). ``ValueError`` when the declaration names an unknown field."""
    declared: Iterable[str] = getattr(adapter, "cannot_show", frozenset())
    return check_fields(declared, owner=f"adapter {getattr(adapter, 'name', type(adapter).__name__)}")


def unshown(observes: Iterable[str], hidden: Iterable[str]) -> tuple[str, ...]:
    """The fields an invariant observes that its engine cannot show, sorted."""
    return tuple(sorted(set(observes) & set(hidden)))


def unshown_reason(engine: str, names: Iterable[str]) -> str:
    """The ``unsupported`` reason: "phase does not show revealed cards (``revealed``), which
    the check reads"."""
    listed = sorted(names)
    what = " or ".join(f"{OBSERVABLE[n].what} ({n})" for n in listed)
    return f"{engine} does not show {what}, which the check reads"


def blind(state: GameState, names: Iterable[str]) -> GameState:
    """``state`` with the named fields emptied: what an engine that cannot show them exports of
    it (for adapters, and for tests comparing an engine's export with the state it loaded)."""
    hidden = [OBSERVABLE[n] for n in check_fields(names, owner="blind()")]
    if not hidden:
        return state

    def emptied(value: Any) -> Any:
        changes = {f.name: f.empty for f in hidden if isinstance(value, f.owner)}
        return replace(value, **changes) if changes else value

    top = {f.name: f.empty for f in hidden if f.owner is GameState}
    return replace(
        state,
        players=tuple(emptied(p) for p in state.players),
        battlefield=tuple(emptied(p) for p in state.battlefield),
        stack=tuple(emptied(s) for s in state.stack),
        **top,
    )


def _check_registry() -> None:
    """Each entry names a real field of its model class (a typo must stop the import)."""
    for entry in _FIELDS:
        if entry.name not in {f.name for f in fields(entry.owner)}:
            raise AssertionError(f"observable {entry.name}: {entry.owner.__name__} has no such field")


_check_registry()


__all__ = ["OBSERVABLE", "Observable", "blind", "cannot_show", "check_fields", "unshown", "unshown_reason"]
