"""Mutants: copies of the reference engine with one seeded rules bug each.

The harness is only as good as the bugs it catches. Each mutant overrides exactly one decision
of :class:`~harness.engines.reference.rules.ReferenceRules` with a realistic mistake, names the
ruling it breaks, and must be killed (made to fail) by the suite. Mutants are not registered as
engines: they are reached only through ``mutant:<id>`` specs, which ``mtg-conformance mutants``
builds, so a run can never pick one up by accident.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from harness.engines.reference import ReferenceEngine
from harness.engines.reference.rules import ReferenceRules

PREFIX = "mutant:"


@dataclass(frozen=True)
class Mutant:
    id: str
    #: The ruling ids whose text the bug contradicts.
    breaks: tuple[str, ...]
    #: The bug, in rules terms.
    bug: str
    rules: type[ReferenceRules]

    @property
    def spec(self) -> str:
        return PREFIX + self.id


MUTANTS: dict[str, Mutant] = {}


def mutant(id: str, *, breaks: tuple[str, ...] | str, bug: str) -> Callable[[type[ReferenceRules]], type[ReferenceRules]]:
    """Register a ReferenceRules subclass as a mutant."""

    def register(rules: type[ReferenceRules]) -> type[ReferenceRules]:
        if id in MUTANTS:
            raise ValueError(f"mutant {id!r} is registered twice")
        MUTANTS[id] = Mutant(id, (breaks,) if isinstance(breaks, str) else breaks, bug, rules)
        return rules

    return register


def all_mutants() -> dict[str, Mutant]:
    from harness.engines.mutants import ninjutsu  # noqa: F401  (registers)
    from harness.engines.mutants import search  # noqa: F401  (registers)
    from harness.engines.mutants import mana  # noqa: F401  (registers)
    from harness.engines.mutants import rebound  # noqa: F401  (registers)
    from harness.engines.mutants import exile  # noqa: F401  (registers)
    from harness.engines.mutants import classes  # noqa: F401  (registers)
    from harness.engines.mutants import sneak  # noqa: F401  (registers)
    from harness.engines.mutants import features  # noqa: F401  (registers)

    return MUTANTS


def load_mutant(spec: str) -> ReferenceEngine:
    """The engine for ``mutant:<id>``."""
    wanted = spec.removeprefix(PREFIX)
    found = all_mutants().get(wanted)
    if found is None:
        raise LookupError(f"unknown mutant {wanted!r}; known: {', '.join(sorted(all_mutants()))}")
    return ReferenceEngine(found.rules, name=found.spec)
