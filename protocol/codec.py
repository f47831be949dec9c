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
import math
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


# -- checking a value made in-process by the decoding rules ------------------------------------
#
# An isolated engine's answers are decoded (above), so a value the model cannot hold (a NaN life
# total, a float where an integer belongs, a list where a tuple belongs, a loop) is the engine's
# broken contract at once. An in-process engine hands over Python objects that skipped the decoder:
# :func:`check` holds them to the same rules, without building anything. It walks the value by its
# declared type, so it never follows more than the type allows (a loop or a nesting 50,000 deep is
# a wrong type at its first level, not a recursion). Checkers are built once per type; the path of
# a bad value is made only on failure. A caller that checks many values of one session (every
# state an engine exports) passes one ``Seen`` for them all: a record or tuple found good is not
# looked into again while it is held there (engines hand over the same card data, the same card
# instances, often the same state, export after export).

#: Values already found good, by ``id`` (the value is held, so its id is not reused).
Seen = dict[int, Any]
#: A ``Seen`` larger than this is emptied (an engine making new values without end cannot grow it).
SEEN_LIMIT = 100_000


class _Bad(Exception):
    """A value the model cannot hold; ``path`` is filled (innermost last) as it propagates."""

    def __init__(self, problem: str):
        super().__init__(problem)
        self.problem = problem
        self.path: list[str] = []


Checker = Callable[[Any, Seen], None]


def _shown(value: Any) -> str:
    """A bad value in a message: its type and a short repr (never the whole of a huge value)."""
    try:
        text = repr(value) if isinstance(value, (int, float, str, bool, type(None))) else ""
    except Exception:  # noqa: BLE001 - a str subclass whose repr raises
        text = ""
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}".strip()


def check(tp: Any, value: Any, where: str = "$", seen: Seen | None = None) -> None:
    """Raise :class:`DecodeError` unless ``value`` is a value of ``tp`` that decoding its JSON
    would give: the declared types (a tuple where a tuple belongs, an ``int`` that is not a
    ``bool``), finite numbers, declared enum members and literals, known tagged-union variants.
    ``seen``: values of earlier checks found good (see above), added to."""
    if seen is None:
        seen = {}
    elif len(seen) > SEEN_LIMIT:
        seen.clear()
    try:
        _checker(tp)(value, seen)
    except _Bad as bad:
        raise DecodeError(f"{where}{''.join(reversed(bad.path))}: {bad.problem}") from None
    except RecursionError:
        raise DecodeError(f"{where}: nested too deeply to check (a value that holds itself?)") from None


#: Types whose exact instances need no look inside.
_EXACT = (str, int, bool, type(None))


def _plain(tp: Any) -> frozenset[type]:
    """The exact types that are a valid ``tp`` as they are (no look inside): ``str``, ``int``,
    ``bool``, ``None`` when optional, an enum's own class; empty when every value needs a look."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        parts = [_plain(a) for a in typing.get_args(tp)]
        return frozenset().union(*parts)
    if tp is type(None) or tp in _EXACT:
        return frozenset({tp})
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return frozenset({tp})
    return frozenset()


@cache
def _checker(tp: Any) -> Checker:
    """The checker of ``tp``, built once per type (see :func:`check`)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return _any_json
    if origin in (typing.Union, types.UnionType):
        return _union_checker(tp, args)
    if origin is typing.Literal:
        return _literal_checker(args)
    if isinstance(tp, type) and isinstance(getattr(tp, _UNION, None), TaggedUnion):
        return _tagged_checker(tp, getattr(tp, _UNION))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_checker(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _instance_checker(tp, f"a {tp.__name__}")
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _items_checker(tuple, "a tuple", args[0])
        return _fixed_tuple_checker(args)
    if origin is frozenset:
        return _items_checker(frozenset, "a frozenset", args[0])
    if origin is dict:
        return _dict_checker(args[1])
    if tp is bool:
        return _instance_checker(bool, "true/false")
    if tp is int:
        return _int_checker
    if tp is float:
        return _float_checker
    if tp is str:
        return _instance_checker(str, "a string")

    def unknown(value: Any, seen: Seen) -> None:
        raise _Bad(f"cannot check type {tp!r}")

    return unknown


def _literal_checker(args: tuple[Any, ...]) -> Checker:
    allowed = frozenset((type(a), a) for a in args)

    def literal(value: Any, seen: Seen) -> None:
        try:
            ok = (type(value), value) in allowed
        except TypeError:  # unhashable
            ok = False
        if not ok:
            raise _Bad(f"expected one of {args}, got {_shown(value)}")

    return literal


def _instance_checker(cls: type, said: str) -> Checker:
    def an_instance(value: Any, seen: Seen) -> None:
        if not isinstance(value, cls):
            raise _Bad(f"expected {said}, got {_shown(value)}")

    return an_instance


def _int_checker(value: Any, seen: Seen) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(f"expected an integer, got {_shown(value)}")


def _float_checker(value: Any, seen: Seen) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Bad(f"expected a number, got {_shown(value)}")
    if not math.isfinite(value):
        raise _Bad(f"expected a finite number, got {value!r}")


def _lazy_checker(tp: Any) -> Callable[[], Checker]:
    """The checker of ``tp`` looked up when first used (types may refer to themselves)."""
    box: list[Checker] = []

    def get() -> Checker:
        if not box:
            box.append(_checker(tp))
        return box[0]

    return get


def _union_checker(tp: Any, args: tuple[Any, ...]) -> Checker:
    plain = _plain(tp)
    options = [_lazy_checker(a) for a in args if a is not type(None)]

    def a_union(value: Any, seen: Seen) -> None:
        if type(value) in plain:
            return
        if len(options) == 1:  # ``X | None``: what is wrong with it as an X
            options[0]()(value, seen)
            return
        problems = []
        for option in options:
            try:
                option()(value, seen)
                return
            except _Bad as bad:
                problems.append(bad.problem)
        raise _Bad(f"{_shown(value)} matches none of {tp}: {'; '.join(problems)}")

    return a_union


def _items_checker(cls: type, said: str, item_type: Any) -> Checker:
    plain = _plain(item_type)
    if plain and not typing.get_args(item_type) and (item_type in _EXACT or isinstance(item_type, type)):
        # Items valid by their type alone (strings, integers, enum members): one pass in C.
        def plain_items(value: Any, seen: Seen) -> None:
            if type(value) is not cls and not _instance(value, cls):
                raise _Bad(f"expected {said}, got {_shown(value)}")
            if value and not plain.issuperset(map(type, value)):
                bad = next(i for i, v in enumerate(value) if type(v) not in plain)
                problem = _Bad(f"expected {_plain_said(item_type)}, got {_shown(value[bad])}")
                problem.path.append(f"[{bad}]")
                raise problem

        return plain_items
    item = _lazy_checker(item_type)

    def items(value: Any, seen: Seen) -> None:
        if seen.get(id(value)) is value:
            return
        if not _instance(value, cls):
            raise _Bad(f"expected {said}, got {_shown(value)}")
        check_item = item()
        known = seen.get
        for i, v in enumerate(value):
            if known(id(v)) is v:
                continue
            try:
                check_item(v, seen)
            except _Bad as bad:
                bad.path.append(f"[{i}]")
                raise
        seen[id(value)] = value

    return items


def _plain_said(tp: Any) -> str:
    """How a message names a plain item type."""
    names = {str: "a string", int: "an integer", bool: "true/false"}
    return names.get(tp, f"a {getattr(tp, '__name__', tp)}")


def _fixed_tuple_checker(args: tuple[Any, ...]) -> Checker:
    items = [_lazy_checker(a) for a in args]

    def a_fixed_tuple(value: Any, seen: Seen) -> None:
        if not isinstance(value, tuple):
            raise _Bad(f"expected a tuple, got {_shown(value)}")
        if len(value) != len(items):
            raise _Bad(f"expected {len(items)} items, got {len(value)}")
        for i, (get, v) in enumerate(zip(items, value, strict=True)):
            try:
                get()(v, seen)
            except _Bad as bad:
                bad.path.append(f"[{i}]")
                raise

    return a_fixed_tuple


def _dict_checker(value_type: Any) -> Checker:
    item = _lazy_checker(value_type)

    def a_dict(value: Any, seen: Seen) -> None:
        if not isinstance(value, dict):
            raise _Bad(f"expected a dict, got {_shown(value)}")
        for key, v in value.items():
            if not isinstance(key, str):
                raise _Bad(f"expected string keys, got {_shown(key)}")
            try:
                item()(v, seen)
            except _Bad as bad:
                bad.path.append(f".{key}")
                raise

    return a_dict


#: Record classes whose checker is being built (a record type that refers to itself gets a
#: trampoline to its own checker, called once it is built).
_building: set[type] = set()


def _dataclass_checker(tp: type) -> Checker:
    """The checker of one record class (see :func:`_record_checker`)."""
    if tp in _building:
        return lambda value, seen: _record_checker(tp)(value, seen)
    return _record_checker(tp)


@cache
def _record_checker(tp: type) -> Checker:
    """A function written for ``tp`` (a state is checked after every action of a run: a loop over
    its fields cost three times as much as straight-line code): for each field one test that a
    valid value passes at once (``type(v) is int``; a tuple of strings in one pass in C), else the
    field's full checker, which accepts what decoding accepts (an ``int`` subclass ...) or raises.
    Only field names and indices are written into the code; every value comes from a namespace."""
    _building.add(tp)
    try:
        hints = _hints(tp)
        names = [f.name for f in dataclasses.fields(tp)]
        checkers = [_checker(hints[name]) for name in names]
    finally:
        _building.discard(tp)
    namespace: dict[str, Any] = {"_Bad": _Bad, "_not_a": _not_a, "CLS": tp, "NAMES": names, "_map": map}
    lines = ["def check(value, seen):"]
    deep = any(not _plain(hints[name]) or _plain(hints[name]) != _plain_only(hints[name]) for name in names)
    lines.append("    known = seen.get")
    if deep:
        lines.append("    if known(id(value)) is value: return")
    lines += [
        "    if type(value) is not CLS and not isinstance(value, CLS): _not_a(CLS, value)",
        "    n = 0",
        "    try:",
    ]
    for i, name in enumerate(names):
        namespace[f"C{i}"] = checkers[i]
        lines.append(f"        v = value.{name}")
        test = _fast_test(hints[name], i, namespace)
        if test is None:
            lines.append(f"        n = {i}; C{i}(v, seen)")
        else:
            lines.append(f"        if not ({test}): n = {i}; C{i}(v, seen)")
    lines += ["    except _Bad as bad:", "        bad.path.append('.' + NAMES[n])", "        raise"]
    if deep:  # a record of plain fields only costs less to check again than to remember
        lines.append("    seen[id(value)] = value")
    # The code is made here from the class's own field names and indices; no value is written in.
    exec("\n".join(lines), namespace)
    check: Checker = namespace["check"]
    return check


def _fast_test(tp: Any, i: int, namespace: dict[str, Any]) -> str | None:
    """A Python expression over ``v`` true for the common valid values of ``tp`` (names it needs go
    into ``namespace``), or None when every value needs the full checker."""
    exact = _expression(tp, "v", f"F{i}_", namespace)
    if exact is not None:
        return exact
    plain = _plain(tp)
    if plain:  # valid as they are (``None`` of an optional record); any other value: the full check
        namespace[f"P{i}"] = plain
        return f"type(v) in P{i}"
    if (typing.get_origin(tp) in (tuple, frozenset)) or (isinstance(tp, type) and dataclasses.is_dataclass(tp)):
        return "known(id(v)) is v"  # a tuple of records or a record found good earlier in the session
    return None


def _expression(tp: Any, x: str, prefix: str, namespace: dict[str, Any]) -> str | None:
    """A Python expression over the variable ``x``, true exactly for the values of ``tp`` whose
    types are the exact ones the decoder builds (no record inside: those have checkers of their
    own), or None for a type it cannot say so of. False is no verdict: the full checker decides
    (it accepts an ``int`` subclass, say, and names what is wrong otherwise)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    plain = _plain_only(tp)
    if plain is not None:
        names = []
        for j, kind in enumerate(sorted(plain, key=lambda k: k.__name__)):
            namespace[f"{prefix}{j}"] = kind
            names.append(f"{x} is None" if kind is type(None) else f"type({x}) is {prefix}{j}")
        return " or ".join(names) if len(names) == 1 else "(" + " or ".join(names) + ")"
    if origin in (typing.Union, types.UnionType) and type(None) in args and len(args) == 2:
        inner = _expression(next(a for a in args if a is not type(None)), x, prefix + "o", namespace)
        return None if inner is None else f"({x} is None or {inner})"
    if origin is typing.Literal and all(type(a) is str for a in args):
        namespace[f"{prefix}L"] = frozenset(args)
        return f"(type({x}) is str and {x} in {prefix}L)"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        items = _plain_only(args[0])
        if items is not None:
            namespace[f"{prefix}P"] = items
            return f"(type({x}) is tuple and (not {x} or {prefix}P.issuperset(_map(type, {x}))))"
        item = _expression(args[0], f"{prefix}x", prefix + "i", namespace)
        if item is not None:
            return f"(type({x}) is tuple and (not {x} or all({item} for {prefix}x in {x})))"
        return None
    if origin is tuple and args and args[-1] is not Ellipsis:
        parts = [_expression(a, f"{x}[{j}]", f"{prefix}{j}_", namespace) for j, a in enumerate(args)]
        if any(p is None for p in parts):
            return None
        return f"(type({x}) is tuple and len({x}) == {len(args)} and " + " and ".join(parts) + ")"  # type: ignore[arg-type]
    return None


def _plain_only(tp: Any) -> frozenset[type] | None:
    """``_plain(tp)`` when every valid value of ``tp`` is of one of those exact types or a
    subclass handled by the full checker (no record, no container, no literal); else None."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        parts = [_plain_only(a) for a in typing.get_args(tp)]
        return None if any(p is None for p in parts) else frozenset().union(*parts)  # type: ignore[arg-type]
    if tp is type(None) or tp in _EXACT or (isinstance(tp, type) and issubclass(tp, enum.Enum)):
        return frozenset({tp})
    return None


def _instance(value: Any, cls: type) -> bool:
    """``isinstance`` that leaves the checked value typed ``Any`` for the type checker."""
    return isinstance(value, cls)


def _not_a(tp: type, value: Any) -> None:
    raise _Bad(f"expected {tp.__name__}, got {_shown(value)}")


def _tagged_checker(tp: type, union: TaggedUnion) -> Checker:
    def a_variant(value: Any, seen: Seen) -> None:
        cls = type(value)
        tag = _tag_of(cls) if _instance(value, tp) else None  # type: ignore[arg-type]
        if tag is None or union.variants().get(tag[1]) is not cls:
            known = ", ".join(sorted(t for t, v in union.variants().items() if issubclass(v, tp)))
            raise _Bad(f"expected a {tp.__name__} (known: {known}), got {_shown(value)}")
        _dataclass_checker(cls)(value, seen)

    return a_variant


def _any_json(value: Any, seen: Seen) -> None:
    """A value typed ``Any``: JSON builtins only, finite numbers (recursion bounded by Python's)."""
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, float):
        _float_checker(value, seen)
        return
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            try:
                _any_json(v, seen)
            except _Bad as bad:
                bad.path.append(f"[{i}]")
                raise
        return
    if isinstance(value, dict):
        _dict_checker(Any)(value, seen)
        return
    raise _Bad(f"expected a JSON value, got {_shown(value)}")


def dumps(value: Any, *, indent: int | None = None) -> str:
    return json.dumps(to_jsonable(value), indent=indent, sort_keys=False, ensure_ascii=False)


def loads(tp: type[T], text: str) -> T:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DecodeError(f"not JSON: {exc}") from None
    return from_jsonable(tp, data)
