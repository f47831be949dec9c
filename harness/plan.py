"""What a run checks: the (engine, invariant) cases, chosen deterministically.

The CLI (to validate before starting) and every pytest-xdist worker (to collect) compute the
same plan from the same options, so the workers agree on the test items without talking.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from harness.differential import DifferentialEngine, is_differential, members
from harness.explore import PREFIX, explore_invariants, is_agree
from harness.registry import load_engine
from harness.sources import compile_sources
from protocol.adapter import EngineAdapter
from rulings.compile import CompiledSuite
from rulings.invariant import Invariant


class PlanError(ValueError):
    """The options name something that does not exist (an invariant id, an engine)."""


@dataclass(frozen=True)
class Case:
    engine: str
    invariant: str

    @property
    def node_id(self) -> str:
        return f"{self.engine}::{self.invariant}"


@cache
def compiled_suite() -> CompiledSuite:
    """The compiled corpus of the run, once per process: the shipped one, or the cards and corpus
    ``run --cards/--corpus`` named (:mod:`harness.sources`)."""

    return compile_sources()


@cache
def engine(spec: str) -> EngineAdapter:
    """The adapter ``spec`` names, once per process; a differential spec
    (``differential:A,B``) is the engines it names, compared (:mod:`harness.differential`)."""
    if is_differential(spec):
        return DifferentialEngine([(member, engine(member)) for member in members(spec)])
    return load_engine(spec)


def explored(profile: str) -> tuple[Invariant, ...]:
    """The global invariants of an exploration under ``profile`` (:mod:`harness.explore`)."""
    return explore_invariants(compiled_suite(), profile)


def find_invariant(invariant_id: str, profile: str = "ci") -> Invariant:
    """A ruling's invariant of the run's suite, or a global one of exploration (``global.*``)."""
    if invariant_id.startswith(PREFIX):
        for inv in explored(profile):
            if inv.id == invariant_id:
                return inv
    return compiled_suite().invariant(invariant_id)


def explore_plan(engines: list[str] | tuple[str, ...], only: list[str] | tuple[str, ...], profile: str) -> list[Case]:
    """The cases of an exploration: each engine with every global invariant (or those ``only``
    names, by id or id prefix), a differential engine with the one that compares its engines."""
    cases: list[Case] = []
    for spec in engines:
        ids = [i.id for i in explored(profile) if is_agree(i.id) == is_differential(spec)]
        chosen = [
            i
            for i in ids
            if not only or any(i == w or i.startswith(w.rstrip(".") + ".") or i.startswith(w) for w in only)
        ]
        if only and not chosen:
            raise PlanError(f"no global invariant matches {', '.join(only)} (ids: {', '.join(ids)})")
        cases.extend(Case(spec, i) for i in chosen)
    return cases


def select_invariants(suite: CompiledSuite, only: list[str] | tuple[str, ...]) -> list[str]:
    """Invariant ids to run: all, or those named by id, by id prefix (``ruling/`` or a family such
    as ``trample``, which names ``trample.*`` but not ``trample-like.*``), or by a ruling id."""
    ids = [inv.id for inv in suite.invariants]
    if not only:
        return ids
    chosen: list[str] = []
    for wanted in only:
        hits = [
            i
            for i in ids
            if i == wanted
            or i.startswith(wanted.rstrip("/") + "/")
            or i.startswith(wanted.rstrip(".") + ".")
            or wanted in suite.invariant(i).rulings
        ]
        if not hits:
            raise PlanError(f"no invariant matches {wanted!r} (try `mtg-conformance rulings` for the ids)")
        chosen.extend(h for h in hits if h not in chosen)
    return [i for i in ids if i in chosen]


MutantScope = Literal["targeted", "all"]


def plan(
    engines: list[str] | tuple[str, ...],
    only: list[str] | tuple[str, ...] = (),
    mutants: MutantScope | None = None,
    mutant_ids: list[str] | tuple[str, ...] = (),
) -> list[Case]:
    """The cases of a run. With ``mutants``, the engines are every registered mutant, each
    checked by the invariants encoding the rulings it breaks (``targeted``) or by all."""
    suite = compiled_suite()
    invariants = select_invariants(suite, only)
    if mutants is None:
        return [Case(e, i) for e in engines for i in invariants]

    # Imported here for start-up time: the mutants import the whole reference engine and every
    # mutant module, and the pytest plugin (loaded by every pytest session) imports this module.
    from engines.mutants import all_mutants

    known = all_mutants()
    unknown = [m for m in mutant_ids if m not in known]
    if unknown:
        raise PlanError(f"unknown mutant(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    cases = []
    for m in known.values():
        if mutant_ids and m.id not in mutant_ids:
            continue
        for i in invariants:
            if mutants == "all" or set(suite.invariant(i).rulings) & set(m.breaks):
                cases.append(Case(m.spec, i))
    return cases
