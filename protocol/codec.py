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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


class DecodeError(ValueError):
    """Raised when JSON does not describe a value of the expected model type."""


@dataclass(frozen=True)
class TaggedUnion:
    """A family of dataclasses that share one JSON shape: an object whose ``tag`` key names the
    variant (``{"kind": "search", "player": 0, "search": {...}}``), the rest its fields. The
    family's base class carries it (:func:`tagged_union`); each variant holds its tag as the class
    attribute of the same name, so the tag is never a field a caller could get wrong."""

    tag: str
    #: The variants by tag, read at every decode: a variant defined later is known from then on.
    variants: Callable[[], Mapping[str, type]]
    #: Keys that JSON written before the family was split carries on every variant, empty where
    #: a variant has no such field: skipped when empty, so stored files still load.
    legacy_empty: frozenset[str] = frozenset()


#: The class attribute a tagged union's base class (and so every variant) carries.
_UNION = "__json_tagged_union__"


def tagged_union(
    tag: str, variants: Callable[[], Mapping[str, type]], *, legacy_empty: tuple[str, ...] = ()
) -> Callable[[type[T]], type[T]]:
    """Mark a dataclass as the base of a :class:`TaggedUnion`: a field typed with the base class
    encodes its variant's tag first and decodes by it, naming the known tags on error."""

    def mark(cls: type[T]) -> type[T]:
        setattr(cls, _UNION, TaggedUnion(tag, variants, frozenset(legacy_empty)))
        return cls

    return mark


def to_jsonable(value: Any) -> Any:
    """Turn a model value (dataclass, enum, tuple, dict ...) into JSON-ready builtins."""
    cls: Any = type(value)
    if cls in _PLAIN:
        return value
    fields = _encoded_fields(cls)
    if fields is not None:
        out: dict[str, Any] = {}
        tag = _tag_of(cls)
        if tag is not None:
            out[tag[0]] = tag[1]
        for name, omit_none in fields:
            item = getattr(value, name)
            if item is None and omit_none:
                continue  # keep the JSON short: omitted means the default None
            out[name] = item if type(item) in _PLAIN else to_jsonable(item)
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


#: Values that are JSON as they are (subclasses such as enums are not: they go through the checks).
_PLAIN = frozenset({str, int, float, bool, type(None)})


@cache
def _encoded_fields(cls: type) -> tuple[tuple[str, bool], ...] | None:
    """A dataclass's fields, each with whether ``None`` is left out (its default is None);
    ``None`` for a class that is not a dataclass. Read once per class: a state crosses a pipe
    after every action of an isolated engine."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple((f.name, f.default is None) for f in dataclasses.fields(cls))


@cache
def _tag_of(cls: type) -> tuple[str, str] | None:
    """The (key, tag) a variant of a tagged union is written with; ``None`` for other classes."""
    union: TaggedUnion | None = getattr(cls, _UNION, None)
    if union is None:
        return None
    value = getattr(cls, union.tag, None)
    return (union.tag, value) if isinstance(value, str) else None


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_jsonable(tp: Any, data: Any, where: str = "$") -> Any:
    """Build a value of type ``tp`` from JSON builtins, naming the JSON path on error."""
    return _decoder(tp)(data, where)


Decoder = Callable[[Any, str], Any]


@cache
def _decoder(tp: Any) -> Decoder:
    """The decoder of ``tp``, built once per type from its hints (a state crosses a pipe after
    every action of an isolated engine: reading the type hints for every value cost more than
    the JSON itself)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return lambda data, where: data
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(tp, args)
    if origin is typing.Literal:

        def literal(data: Any, where: str) -> Any:
            if data not in args:
                raise DecodeError(f"{where}: expected one of {args}, got {data!r}")
            return data

        return literal
    if isinstance(tp, type) and isinstance(getattr(tp, _UNION, None), TaggedUnion):
        return _tagged_decoder(tp, getattr(tp, _UNION))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_decoder(tp)
    if origin is tuple:
        return _tuple_decoder(args)
    if origin is frozenset:
        item = _lazy(args[0])

        def a_frozenset(data: Any, where: str) -> Any:
            if not isinstance(data, list):
                raise DecodeError(f"{where}: expected a list, got {data!r}")
            return frozenset(item()(v, f"{where}[{i}]") for i, v in enumerate(data))

        return a_frozenset
    if origin is dict:
        value = _lazy(args[1])

        def a_dict(data: Any, where: str) -> Any:
            if not isinstance(data, dict):
                raise DecodeError(f"{where}: expected an object, got {data!r}")
            return {k: value()(v, f"{where}.{k}") for k, v in data.items()}

        return a_dict
    if tp in _SCALAR_DECODERS:
        return _SCALAR_DECODERS[tp]

    def unknown(data: Any, where: str) -> Any:
        raise DecodeError(f"{where}: cannot decode type {tp!r}")

    return unknown


def _lazy(tp: Any) -> Callable[[], Decoder]:
    """The decoder of ``tp`` looked up when first used (types may refer to themselves)."""
    box: list[Decoder] = []

    def get() -> Decoder:
        if not box:
            box.append(_decoder(tp))
        return box[0]

    return get


def _union_decoder(tp: Any, args: tuple[Any, ...]) -> Decoder:
    optional = type(None) in args
    options = [_lazy(a) for a in args if a is not type(None)]

    def a_union(data: Any, where: str) -> Any:
        if data is None and optional:
            return None
        errors = []
        for option in options:
            try:
                return option()(data, where)
            except DecodeError as exc:
                errors.append(str(exc))
        raise DecodeError(f"{where}: {data!r} matches none of {tp}: {'; '.join(errors)}")

    return a_union


def _tagged_decoder(tp: type, union: TaggedUnion) -> Decoder:
    """The decoder of a tagged union's base (any variant) or of one variant (that one, or a
    variant of it): the tag picks the class, the other keys are its fields."""

    def a_variant(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise DecodeError(f"{where}: expected an object for {tp.__name__}, got {data!r}")
        variants: dict[str, type] = {t: v for t, v in union.variants().items() if issubclass(v, tp)}
        tag = data.get(union.tag)
        variant = variants.get(tag) if isinstance(tag, str) else None
        if variant is None:
            said = f"{union.tag} {tag!r}" if union.tag in data else f"no {union.tag!r}"
            raise DecodeError(f"{where}: {said} names no {tp.__name__} (known: {', '.join(sorted(variants))})")
        names = _field_names(variant)
        fields = {
            key: value
            for key, value in data.items()
            if key != union.tag and (key in names or key not in union.legacy_empty or value not in (None, [], {}))
        }
        return _dataclass_decoder(variant)(fields, where)

    return a_variant


@cache
def _field_names(tp: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(tp))


@cache
def _dataclass_decoder(tp: type) -> Decoder:
    hints = _hints(tp)
    fields = [
        (
            f.name,
            _lazy(hints[f.name]),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(tp)
    ]
    names = frozenset(name for name, _, _ in fields)

    def a_dataclass(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise DecodeError(f"{where}: expected an object for {tp.__name__}, got {data!r}")
        if not names.issuperset(data):
            raise DecodeError(f"{where}: unknown field(s) {sorted(set(data) - names)} for {tp.__name__}")
        kwargs = {}
        for name, decode, required in fields:
            if name in data:
                kwargs[name] = decode()(data[name], f"{where}.{name}")
            elif required:
                raise DecodeError(f"{where}: missing field {name!r} for {tp.__name__}")
        try:
            return tp(**kwargs)
        except (TypeError, ValueError) as exc:
            raise DecodeError(f"{where}: {exc}") from None

    return a_dataclass


def _enum_decoder(tp: type[enum.Enum]) -> Decoder:
    def an_enum(data: Any, where: str) -> Any:
        try:
            return tp(data)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in tp)
            raise DecodeError(f"{where}: {data!r} is not a {tp.__name__} ({allowed})") from None

    return an_enum


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _lazy(args[0])

        def a_tuple(data: Any, where: str) -> Any:
            if not isinstance(data, list):
                raise DecodeError(f"{where}: expected a list, got {data!r}")
            decode = item()
            return tuple(decode(v, f"{where}[{i}]") for i, v in enumerate(data))

        return a_tuple
    items = [_lazy(a) for a in args]

    def a_fixed_tuple(data: Any, where: str) -> Any:
        if not isinstance(data, list):
            raise DecodeError(f"{where}: expected a list, got {data!r}")
        if len(items) != len(data):
            raise DecodeError(f"{where}: expected {len(items)} items, got {len(data)}")
        return tuple(d()(v, f"{where}[{i}]") for i, (d, v) in enumerate(zip(items, data, strict=True)))

    return a_fixed_tuple


def _bool(data: Any, where: str) -> Any:
    if not isinstance(data, bool):
        raise DecodeError(f"{where}: expected true/false, got {data!r}")
    return data


def _int(data: Any, where: str) -> Any:
    if isinstance(data, bool) or not isinstance(data, int):
        raise DecodeError(f"{where}: expected an integer, got {data!r}")
    return data


def _float(data: Any, where: str) -> Any:
    if isinstance(data, bool) or not isinstance(data, (int, float)):
        raise DecodeError(f"{where}: expected a number, got {data!r}")
    return float(data)


def _str(data: Any, where: str) -> Any:
    if not isinstance(data, str):
        raise DecodeError(f"{where}: expected a string, got {data!r}")
    return data


_SCALAR_DECODERS: dict[Any, Decoder] = {bool: _bool, int: _int, float: _float, str: _str}


def dumps(value: Any, *, indent: int | None = None) -> str:
    return json.dumps(to_jsonable(value), indent=indent, sort_keys=False, ensure_ascii=False)


def loads(tp: type[T], text: str) -> T:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DecodeError(f"not JSON: {exc}") from None
    return from_jsonable(tp, data)
