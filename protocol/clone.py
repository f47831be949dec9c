"""A fresh copy of a model value, for an in-process engine to hold.

The model's values are frozen, but Python lets an engine write to them anyway
(``object.__setattr__``); the runner hands an in-process engine its own copy so that the
counterexample a report shows is the state that was drawn. ``copy.deepcopy`` does that through
the generic reduce protocol and a memo, and cost about an eighth of a whole run's CPU; the model
is a tree of frozen dataclasses, tuples and immutable scalars, so a copy only has to rebuild the
dataclasses and the tuples that hold them.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, TypeVar

T = TypeVar("T")

_SCALARS = (str, int, float, bool, type(None), enum.Enum)
#: Types whose values cannot be changed in place: shared, never copied (enum types join as met).
_IMMUTABLE: set[type] = {str, int, float, bool, type(None)}
_DATACLASSES: set[type] = set()


def fresh(value: T) -> T:
    """A copy of ``value`` sharing no dataclass instance or container with it (scalars, which
    cannot be changed in place, are shared)."""
    return _copy(value)


def _copy(value: Any) -> Any:
    cls = type(value)
    if cls in _IMMUTABLE:
        return value
    if cls is tuple:
        immutable = _IMMUTABLE
        if all(type(v) in immutable for v in value):  # a tuple of ids or words: immutable all through
            return value
        return tuple([_copy(v) for v in value])
    if cls in _DATACLASSES:
        # The instance's fields, copied into a new instance's __dict__ (frozen dataclasses refuse
        # setattr, not a filled __dict__); scalars are shared without a call. Entries named "_..."
        # are caches, not fields (a state's look-up index): the copy builds its own when asked.
        immutable = _IMMUTABLE
        new = object.__new__(cls)
        new.__dict__.update(
            {k: v if type(v) in immutable else _copy(v) for k, v in value.__dict__.items() if k[0] != "_"}
        )
        return new
    if isinstance(value, _SCALARS):
        _IMMUTABLE.add(cls)
        return value
    if dataclasses.is_dataclass(cls) and hasattr(value, "__dict__") and not hasattr(cls, "__slots__"):
        _DATACLASSES.add(cls)
        return _copy(value)
    import copy

    return copy.deepcopy(value)


__all__ = ["fresh"]
