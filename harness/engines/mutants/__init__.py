"""Mutants: the reference engine with one seeded rules bug each.

The harness is only as good as the bugs it catches. A mutant is data: an id, the rulings it
breaks, the bug in rules terms, and the named decisions of the reference engine it replaces
(``replaces={"ninjutsu.window_open": fn}``; usually one, at most the few a single bug touches).
It runs as a fresh ``ReferenceEngine(decisions=replaces)``, so restructuring the engine never
breaks a mutant as long as the decision keeps its name; a replacement naming a decision the
engine does not have is an error as the mutant is defined (at import).

A replacement is written like the method it replaces: its first argument is the component
(``self``), which reaches the other components as ``self.e.<component>`` and the reference
answer as ``Component.method(self, ...)``.

Mutants are not registered as engines: they are reached only through ``mutant:<id>`` specs,
which ``mtg-conformance mutants`` builds, so a run can never pick one up by accident.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from harness.engines.reference import ReferenceEngine, check_decision_names

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


def all_mutants() -> dict[str, Mutant]:
    """Every mutant by id, in the order of the modules below."""
    from harness.engines.mutants import (
        classes,
        exile,
        features,
        mana,
        ninjutsu,
        rebound,
        search,
        sneak,
    )

    found: dict[str, Mutant] = {}
    for module in (ninjutsu, search, mana, rebound, exile, classes, sneak, features):
        for m in module.MUTANTS:
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
