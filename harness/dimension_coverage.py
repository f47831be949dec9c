"""Dimension coverage: per invariant, the share of its drawn states holding each dimension value.

Gathered as the reach figures are (``harness.feature_reach``): the invariant's own scenario
strategy drawn under a profile's settings with the seed a run gives its case (``ci`` is
derandomized: the states a ``ci`` run draws before shrinking), no engine, each state classified
by ``generators.dimensions.classify``. A free value (one the invariant's claim does not fix, see
``rulings.dimension_fixes``) drawn in fewer than :data:`MIN_SHARE` of the states where its
dimension applies is a generator gap: the state an engine may break in is never drawn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import Phase, given, settings

from generators.dimensions import BY_NAME, classify
from harness.feature_reach import case_seed
from protocol.probe import Scenario
from rulings.dimension_fixes import fixed_dimensions, known_gaps
from rulings.invariant import Invariant

#: The least share of an invariant's drawn states each free dimension value must be drawn in.
MIN_SHARE = 0.05


@dataclass(frozen=True)
class Coverage:
    """The dimension values one invariant's drawn states held."""

    invariant: str
    examples: int
    #: (dimension, value) -> states holding it.
    counts: dict[tuple[str, str], int]
    #: dimension -> states where it applies.
    applies: dict[str, int]
    #: dimension -> why the claim fixes it.
    fixed: dict[str, str]
    #: dimension -> what its generator does not draw yet (``rulings.dimension_fixes.KNOWN_GAPS``).
    gaps: dict[str, str]

    def share(self, dimension: str, value: str) -> float:
        applies = self.applies.get(dimension, 0)
        return self.counts.get((dimension, value), 0) / applies if applies else 0.0

    def free_pairs(self) -> list[tuple[str, str]]:
        """The (dimension, value) pairs the gate holds this invariant to: every value of every
        dimension that applies to some of its states and that its claim does not fix."""
        return [
            (name, value)
            for name, n in self.applies.items()
            if n and name not in self.fixed
            for value in BY_NAME[name].values
        ]

    def short_pairs(self, least: float = MIN_SHARE) -> list[tuple[str, str]]:
        """The free pairs drawn in fewer than ``least`` of the states their dimension applies to."""
        return [(name, value) for name, value in self.free_pairs() if self.share(name, value) < least]

    def short(self, least: float = MIN_SHARE, *, known: bool = True) -> list[str]:
        """One line per free pair drawn in fewer than ``least`` of the states it applies to
        (``known`` false: leaving out the dimensions listed as known gaps)."""
        return [
            f"{self.invariant}: {name}={value} in {self.counts.get((name, value), 0)} of "
            f"{self.applies[name]} states ({self.share(name, value):.1%} < {least:.0%})"
            for name, value in self.short_pairs(least)
            if known or name not in self.gaps
        ]


def coverage(invariant: Invariant, profile: settings, seed: int | None = None) -> Coverage:
    """Draw ``invariant``'s scenarios under ``profile`` (generation only) and classify each."""
    counts: Counter[tuple[str, str]] = Counter()
    applies: Counter[str] = Counter()
    examples = 0

    @settings(profile, database=None, phases=[Phase.generate])
    @given(invariant.strategy())
    def draw_all(scenario: Scenario[Any]) -> None:
        nonlocal examples
        examples += 1
        for name, value in classify(scenario).items():
            counts[(name, value)] += 1
            applies[name] += 1

    draw_all._hypothesis_internal_use_seed = case_seed(invariant.id) if seed is None else seed  # type: ignore[attr-defined]
    draw_all()
    return Coverage(
        invariant.id, examples, dict(counts), dict(applies), fixed_dimensions(invariant.id), known_gaps(invariant.id)
    )
