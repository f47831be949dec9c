"""Scenario params records by stable id: how a stored counterexample's params find their type again.

A failure in ``results.json`` stores the drawn scenario's params as JSON together with the id of
their record type, so ``mtg-conformance replay`` can decode them back into the record the check
expects. The id is declared with the record (``@params_record("ninjutsu")``) and never derived from
a module path: moving or renaming the code must not break a stored result. Replay resolves ids only
from this registry, never by importing a module a results file names (a results file is input).
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

#: Stable id -> record type, filled as the generator modules are imported.
_RECORDS: dict[str, type] = {}
_ID = re.compile(r"[a-z][a-z0-9-]*\Z")


class UnknownRecord(LookupError):
    """A stored params type names no registered record."""


def params_record(record_id: str) -> Callable[[T], T]:
    """Register a frozen dataclass as the params record with stable id ``record_id``."""
    if not _ID.match(record_id):
        raise ValueError(f"params record id {record_id!r}: lowercase words joined by '-'")

    def register(cls: T) -> T:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"params record {record_id!r}: {cls.__qualname__} is not a dataclass")
        known = _RECORDS.get(record_id)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise ValueError(f"params record id {record_id!r} is taken by {known.__qualname__}")
        _RECORDS[record_id] = cls
        cls.__params_record__ = record_id  # type: ignore[attr-defined]
        return cls

    return register


def record_id(params: object) -> str | None:
    """The stable id of ``params``' record type, or ``None`` for a plain mapping or a record that
    was never registered (a test's own; replay then hands the check the stored mapping).
    tests/test_params_records.py checks that every invariant's params are registered."""
    if not dataclasses.is_dataclass(params) or isinstance(params, type):
        return None
    return getattr(type(params), "__params_record__", None)


def record_type(stored: str) -> type:
    """The record type a results file names: a stable id, or the ``module:QualName`` form results
    files of earlier versions stored (matched by the qualified name among registered records,
    never imported)."""
    load_all()
    if stored in _RECORDS:
        return _RECORDS[stored]
    _, colon, qualname = stored.partition(":")
    if colon:
        for cls in _RECORDS.values():
            if cls.__qualname__ == qualname:
                return cls
    known = ", ".join(sorted(_RECORDS))
    raise UnknownRecord(f"the stored params type {stored!r} is no params record of this harness (known: {known})")


def registered() -> dict[str, type]:
    """Every registered record, by id (after importing every generator module)."""
    load_all()
    return dict(_RECORDS)


def load_all() -> tuple[str, ...]:
    """Import every module of this package, so every record is registered."""
    package: Any = importlib.import_module(__package__ or "generators")
    names = tuple(sorted(m.name for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_")))
    for name in names:
        importlib.import_module(f"{package.__name__}.{name}")
    return names


__all__ = ["UnknownRecord", "load_all", "params_record", "record_id", "record_type", "registered"]
