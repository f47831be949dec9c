"""Reach figures: how often each state feature an invariant lists is drawn under a profile.

The figures come from the invariant's own scenario strategy drawn under the profile's settings
(``ci`` is derandomized, so these are the states a ``ci`` run draws before any shrinking), with
no engine: a feature drawn too rarely is a generator defect, and it is cheaper to find it here
than by a mutant that survives.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import Phase, given, settings

from generators.features import MIN_REACH, observed
from protocol.probe import Scenario
from rulings.invariant import Invariant


@dataclass(frozen=True)
class Reach:
    """The features of one invariant and the examples that held each."""

    invariant: str
    examples: int
    counts: tuple[tuple[str, int], ...]

    def share(self, feature: str) -> float:
        return dict(self.counts)[feature] / self.examples if self.examples else 0.0

    def short(self, least: float = MIN_REACH) -> list[str]:
        """One line per feature drawn in fewer than ``least`` of the examples."""
        return [
            f"{self.invariant}: feature {name!r} drawn in {count} of {self.examples} examples "
            f"({count / max(1, self.examples):.1%} < {least:.0%})"
            for name, count in self.counts
            if count < least * self.examples
        ]


def case_seed(invariant_id: str, salt: str = "") -> int:
    """The seed a derandomized run gives an invariant's case (as ``runner.with_database`` does)."""
    return int.from_bytes(hashlib.sha256((salt + invariant_id).encode("utf-8")).digest()[:8], "big")


def reach(invariant: Invariant, profile: settings, seed: int | None = None) -> Reach:
    """Draw ``invariant``'s scenarios under ``profile`` (generation only) and count its features.
    ``seed``: the random stream (default: the invariant's own, :func:`case_seed`), so one
    invariant's figures do not depend on the others' or on this function's source."""
    features = {f.name: f for f in invariant.features}
    counts: Counter[str] = Counter()
    examples = 0

    @settings(profile, database=None, phases=[Phase.generate])
    @given(invariant.strategy())
    def draw_all(scenario: Scenario[Any]) -> None:
        nonlocal examples
        examples += 1
        counts.update(observed(scenario, features))

    draw_all._hypothesis_internal_use_seed = case_seed(invariant.id) if seed is None else seed  # type: ignore[attr-defined]
    draw_all()
    return Reach(invariant.id, examples, tuple((name, counts[name]) for name in features))
