"""Mutants: the reference engine with one seeded rules bug each.

The harness is only as good as the bugs it catches. A mutant is data: an id, the rulings it
breaks, the bug in rules terms, and the named decisions of the reference engine it replaces
(``replaces={"ninjutsu.window_open": fn}``; usually one, at most the few a single bug touches).
It runs as a fresh ``ReferenceEngine(decisions=replaces)``, so restructuring the engine never
breaks a mutant as long as the decision keeps its name; a replacement naming a decision the
engine does not have is an error as the mutant is defined (at import).

A replacement is written like the method it replaces: its first argument is the component
(``self``), which reaches the other components through the services it uses
(``self.turn.<method>``, ``self.combat.<method>`` ...: see ``engines.reference.services``) and the
reference answer as ``Component.method(self, ...)``.

Mutants are not registered as engines: they are reached only through ``mutant:<id>`` specs,
which ``mtg-conformance mutants`` builds, so a run can never pick one up by accident.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.reference import ReferenceEngine, check_decision_names

PREFIX = "mutant:"


@dataclass(frozen=True)
class Mutant:
    id: str
    #: The ruling ids whose text the bug contradicts.
    breaks: tuple[str, ...] | str
    #: The bug, in rules terms.
    bug: str
    #: Decision name -> the replacement (see the module docstring).
    replaces: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.breaks, str):
            object.__setattr__(self, "breaks", (self.breaks,))
        if not self.replaces:
            raise ValueError(f"mutant {self.id!r} replaces no decision")
        check_decision_names(self.replaces)

    @property
    def spec(self) -> str:
        return PREFIX + self.id

    def engine(self) -> ReferenceEngine:
        """A fresh reference engine with this mutant's decisions replaced."""
        return ReferenceEngine(self.replaces, name=self.spec)


def answers(value: object) -> Callable[..., Any]:
    """A replacement that gives ``value`` whatever it is asked: the most common bug shape, a
    rules question answered one fixed way ("enters untapped", "never shuffles" ...)."""

    def answer(self: object, *args: object) -> object:
        return value

    return answer


#: One row of a mutant table: the mutant's id, the ruling ids it breaks, its bug, and the
#: decisions it replaces (the fields of :class:`Mutant`, in order).
Row = tuple[str, tuple[str, ...] | str, str, Mapping[str, Callable[..., Any]]]


def table(*rows: Row) -> tuple[Mutant, ...]:
    """A module's ``MUTANTS`` from a table of rows, in row order (the order the kill report lists
    them in): a mutant is data, so its module reads as one row a mutant."""
    return tuple(Mutant(id_, breaks=breaks, bug=bug, replaces=replaces) for id_, breaks, bug, replaces in rows)


def module_names(path: Iterable[str] | None = None) -> tuple[str, ...]:
    """The mutant modules of this package (or of the directories ``path``), found with
    :mod:`pkgutil`, by name: a new module needs no entry anywhere. A module whose name starts
    with ``_`` is left out."""
    found = {m.name for m in pkgutil.iter_modules(list(path) if path is not None else __path__)}
    return tuple(sorted(name for name in found if not name.startswith("_")))


def all_mutants() -> dict[str, Mutant]:
    """Every mutant by id: each module's ``MUTANTS``, in the order of :func:`module_names`."""
    found: dict[str, Mutant] = {}
    for name in module_names():
        module = importlib.import_module(f"{__name__}.{name}")
        mutants = getattr(module, "MUTANTS", None)
        if mutants is None:
            raise ValueError(f"mutant module {name!r} defines no MUTANTS")
        for m in mutants:
            if m.id in found:
                raise ValueError(f"mutant {m.id!r} is defined twice")
            found[m.id] = m
    return found


def load_mutant(spec: str) -> ReferenceEngine:
    """The engine for ``mutant:<id>``."""
    wanted = spec.removeprefix(PREFIX)
    found = all_mutants().get(wanted)
    if found is None:
        raise LookupError(f"unknown mutant {wanted!r}; known: {', '.join(sorted(all_mutants()))}")
    return found.engine()
