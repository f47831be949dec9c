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
_PLAIN = frozenset({str, int, float, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


def fresh(value: T) -> T:
    """A copy of ``value`` sharing no dataclass instance or container with it (scalars, which
    cannot be changed in place, are shared)."""
    return _copy(value)


def _copy(value: Any) -> Any:
    cls = type(value)
    if cls in _PLAIN or isinstance(value, _SCALARS):
        return value
    if cls is tuple:
        if all(type(v) in _PLAIN for v in value):  # a tuple of ids or words: immutable all through
            return value
        return tuple([_copy(v) for v in value])
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls):
            import copy

            return copy.deepcopy(value)
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, _copy(getattr(value, name)))
    return new


__all__ = ["fresh"]
