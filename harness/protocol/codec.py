"""JSON encoding of the engine-neutral value objects.

Every arrow of the flow (state -> engine -> verdict -> results -> report) is data that must be
printed, saved and loaded again, so the model's frozen dataclasses round-trip through plain JSON.
The codec is driven by the dataclasses' type hints, which keeps each model class free of
hand-written ``to_dict``/``from_dict`` pairs that could drift apart.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


class DecodeError(ValueError):
    """Raised when JSON does not describe a value of the expected model type."""


def to_jsonable(value: Any) -> Any:
    """Turn a model value (dataclass, enum, tuple, dict ...) into JSON-ready builtins."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if item is None and field.default is None:
                continue  # keep the JSON short: omitted means the default None
            out[field.name] = to_jsonable(item)
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [to_jsonable(v) for v in value]
        if isinstance(value, (frozenset, set)):
            items.sort(key=lambda v: json.dumps(v, sort_keys=True))
        return items
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_jsonable(tp: Any, data: Any, where: str = "$") -> Any:
    """Build a value of type ``tp`` from JSON builtins, naming the JSON path on error."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_jsonable(arg, data, where)
            except DecodeError as exc:
                errors.append(str(exc))
        raise DecodeError(f"{where}: {data!r} matches none of {tp}: {'; '.join(errors)}")
    if origin is typing.Literal:
        if data not in args:
            raise DecodeError(f"{where}: expected one of {args}, got {data!r}")
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise DecodeError(f"{where}: expected an object for {tp.__name__}, got {data!r}")
        hints = _hints(tp)
        names = {f.name for f in dataclasses.fields(tp)}
        unknown = set(data) - names
        if unknown:
            raise DecodeError(f"{where}: unknown field(s) {sorted(unknown)} for {tp.__name__}")
        kwargs = {}
        for field in dataclasses.fields(tp):
            if field.name in data:
                kwargs[field.name] = from_jsonable(hints[field.name], data[field.name], f"{where}.{field.name}")
            elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise DecodeError(f"{where}: missing field {field.name!r} for {tp.__name__}")
        try:
            return tp(**kwargs)
        except (TypeError, ValueError) as exc:
            raise DecodeError(f"{where}: {exc}") from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in tp)
            raise DecodeError(f"{where}: {data!r} is not a {tp.__name__} ({allowed})") from None
    if origin is tuple:
        if not isinstance(data, list):
            raise DecodeError(f"{where}: expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise DecodeError(f"{where}: expected {len(args)} items, got {len(data)}")
        return tuple(from_jsonable(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True)))
    if origin is frozenset:
        if not isinstance(data, list):
            raise DecodeError(f"{where}: expected a list, got {data!r}")
        return frozenset(from_jsonable(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if origin is dict:
        if not isinstance(data, dict):
            raise DecodeError(f"{where}: expected an object, got {data!r}")
        return {k: from_jsonable(args[1], v, f"{where}.{k}") for k, v in data.items()}
    if tp is bool:
        if not isinstance(data, bool):
            raise DecodeError(f"{where}: expected true/false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise DecodeError(f"{where}: expected an integer, got {data!r}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise DecodeError(f"{where}: expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise DecodeError(f"{where}: expected a string, got {data!r}")
        return data
    raise DecodeError(f"{where}: cannot decode type {tp!r}")


def dumps(value: Any, *, indent: int | None = None) -> str:
    return json.dumps(to_jsonable(value), indent=indent, sort_keys=False, ensure_ascii=False)


def loads(tp: type[T], text: str) -> T:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DecodeError(f"not JSON: {exc}") from None
    return from_jsonable(tp, data)
