"""Hypothesis settings profiles for conformance runs.

``dev`` is quick and random (a seed is drawn and shown, so a failure still replays), ``ci`` is
derandomized so every CI run draws the same examples, ``thorough`` digs deeper. The project's
own tests add ``slow-engine`` (:data:`SLOW_ENGINE`), for property tests that drive a slow
third-party engine. Example counts live here and nowhere else.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, settings

from harness.stable_draws import stabilize

PROFILES: dict[str, dict[str, Any]] = {
    "dev": {"max_examples": 25},
    "ci": {"max_examples": 100, "derandomize": True, "database": None},
    "thorough": {"max_examples": 1000},
}
#: Profiles of the project's own tests: registered like the run profiles, not offered by the CLI.
TEST_PROFILES: dict[str, dict[str, Any]] = {
    "slow-engine": {
        "max_examples": 15,
        "derandomize": True,
        "database": None,
        "suppress_health_check": list(HealthCheck),
    },
    # A few drawn examples per strategy, for tests of what every generator draws (not of engines).
    "few-draws": {"max_examples": 10, "derandomize": True, "database": None},
}


@dataclass(frozen=True)
class ClaimRule:
    """When a search that found no failure is a ``pass``: every claim of the invariant was
    exercised in at least ``min_examples`` examples and in at least ``min_share`` of the valid
    examples (drawn, minus those set aside or rejected). When Hypothesis ran out of distinct
    examples before ``min_examples`` valid ones, the claim must be exercised in every one.
    Otherwise the verdict is ``inconclusive``: no failure, but the claim was tested too rarely
    to say the engine conforms."""

    min_examples: int
    min_share: float

    def needed(self, valid: int) -> int:
        """Examples in which each claim must be exercised, out of ``valid``."""
        return max(1, min(self.min_examples, valid), math.ceil(self.min_share * valid))

    def shortfalls(self, valid: int, claims: Mapping[str, int]) -> list[str]:
        """One line per claim exercised too rarely (empty: the claims were tested enough)."""
        need = self.needed(valid)
        return [
            f"claim {name!r} exercised in {count} of {valid} valid examples (needs {need})"
            for name, count in claims.items()
            if count < need
        ]

    def __str__(self) -> str:
        return (
            f"each claim exercised in >= {self.min_examples} examples and >= {self.min_share:.0%} of the valid examples"
        )


#: The pass rule of each profile (see :class:`ClaimRule`).
CLAIM_RULES: dict[str, ClaimRule] = {
    "dev": ClaimRule(min_examples=5, min_share=0.1),
    "ci": ClaimRule(min_examples=20, min_share=0.25),
    "thorough": ClaimRule(min_examples=100, min_share=0.25),
}
PREFIX = "mtg-"
#: The registered name of the test profile for a slow third-party engine driven in-process.
SLOW_ENGINE = PREFIX + "slow-engine"
#: The registered name of the test profile for checks of drawn scenarios alone.
FEW_DRAWS = PREFIX + "few-draws"


def register_profiles() -> None:
    """Register the profiles (and the test profiles) under ``mtg-<name>`` (idempotent), and make
    derandomized draws depend on the seed alone (:mod:`harness.stable_draws`)."""

    stabilize()
    for name, options in {**PROFILES, **TEST_PROFILES}.items():
        base: dict[str, Any] = {
            "deadline": None,  # engines differ in speed; a slow engine is not a rules bug
            "suppress_health_check": [HealthCheck.too_slow],
            "report_multiple_bugs": False,  # one shrunk counterexample per invariant
            "print_blob": False,
            # The explain phase re-runs the shrunk example many times to annotate lines; the
            # report shows the counterexample and its trace instead, at a fraction of the cost.
            "phases": [p for p in Phase if p is not Phase.explain],
        }
        settings.register_profile(PREFIX + name, **{**base, **options})


#: The fewest examples a budget below 1 leaves an invariant (the ``ci`` claim rule's
#: ``min_examples`` plus a margin for examples set aside).
LEAST_EXAMPLES = 25


def profile_settings(name: str, budget: float = 1.0) -> settings:
    """The settings of profile ``name``; ``budget``: the share of its examples to draw (an
    invariant's :attr:`~rulings.invariant.Invariant.budget`), never fewer than
    :data:`LEAST_EXAMPLES`."""
    if name not in PROFILES:
        raise ValueError(f"unknown profile {name!r}: choose one of {', '.join(PROFILES)}")
    register_profiles()
    chosen = settings.get_profile(PREFIX + name)
    if budget < 1:
        wanted = max(LEAST_EXAMPLES, math.ceil(chosen.max_examples * budget))
        chosen = settings(chosen, max_examples=min(chosen.max_examples, wanted))
    return chosen


def claim_rule(name: str) -> ClaimRule:
    """The pass rule of profile ``name`` (test profiles use the ``ci`` rule)."""
    return CLAIM_RULES.get(name, CLAIM_RULES["ci"])


def is_derandomized(name: str) -> bool:
    return bool(PROFILES[name].get("derandomize"))
