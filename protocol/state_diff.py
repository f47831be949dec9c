"""What differs between two exported game states, in words: for a failure that says an action
changed the game when it must not have (a refusal, CR 117 and the adapter protocol's
``ActionRefused``: "before changing anything").

Kept to a few short lines a report can show: players and permanents by their index and id, other
fields whole, long values clipped.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from protocol.model import GameState

#: The most differences listed; the rest are counted.
MOST = 8
#: The longest value shown (longer ones are clipped with an ellipsis).
WIDEST = 80


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= WIDEST else text[: WIDEST - 1] + "…"


def _record_changes(label: str, old: Any, new: Any) -> list[str]:
    """Field by field changes of two records of one dataclass type (a player, a permanent)."""
    return [
        f"{label} {f.name}: {_shown(getattr(old, f.name))} -> {_shown(getattr(new, f.name))}"
        for f in fields(old)
        if getattr(old, f.name) != getattr(new, f.name)
    ]


def _by_id(label: str, old: tuple[Any, ...], new: tuple[Any, ...]) -> list[str]:
    """Changes of records kept by ``id`` (permanents, objects): gone, new, changed."""
    before = {item.id: item for item in old}
    after = {item.id: item for item in new}
    out = [f"{label} {key} gone" for key in before if key not in after]
    out += [f"{label} {key} new" for key in after if key not in before]
    for key in before:
        if key in after and before[key] != after[key]:
            out += _record_changes(f"{label} {key}", before[key], after[key])
    if not out and old != new:
        out.append(f"{label}s reordered")
    return out


def differences(before: GameState, after: GameState, most: int | None = MOST) -> list[str]:
    """The differences of ``after`` from ``before``, at most ``most`` lines (then a count; ``None``:
    all of them)."""
    out: list[str] = []
    for f in fields(GameState):
        old, new = getattr(before, f.name), getattr(after, f.name)
        if old == new:
            continue
        if f.name == "players":
            for i, (p, q) in enumerate(zip(old, new, strict=False)):
                if p != q:
                    out += _record_changes(f"player {i}", p, q)
        elif f.name in ("battlefield", "objects"):
            out += _by_id("permanent" if f.name == "battlefield" else "object", old, new)
        else:
            out.append(f"{f.name}: {_shown(old)} -> {_shown(new)}")
    if most is not None and len(out) > most:
        out = out[:most] + [f"… and {len(out) - most} more"]
    return out
