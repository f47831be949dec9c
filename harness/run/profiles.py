"""Hypothesis settings profiles for conformance runs.

``dev`` is quick and random (a seed is drawn and shown, so a failure still replays), ``ci`` is
derandomized so every CI run draws the same examples, ``thorough`` digs deeper. The project's
own tests add ``slow-engine`` (:data:`SLOW_ENGINE`), for property tests that drive a slow
third-party engine. Example counts live here and nowhere else.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, Phase, settings

PROFILES: dict[str, dict[str, Any]] = {
    "dev": {"max_examples": 25},
    "ci": {"max_examples": 100, "derandomize": True, "database": None},
    "thorough": {"max_examples": 1000},
}
#: Profiles of the project's own tests: registered like the run profiles, not offered by the CLI.
TEST_PROFILES: dict[str, dict[str, Any]] = {
    "slow-engine": {"max_examples": 15, "derandomize": True, "database": None,
                    "suppress_health_check": list(HealthCheck)},
    # A few drawn examples per strategy, for tests of what every generator draws (not of engines).
    "few-draws": {"max_examples": 10, "derandomize": True, "database": None},
}
PREFIX = "mtg-"
#: The registered name of the test profile for a slow third-party engine driven in-process.
SLOW_ENGINE = PREFIX + "slow-engine"
#: The registered name of the test profile for checks of drawn scenarios alone.
FEW_DRAWS = PREFIX + "few-draws"


def register_profiles() -> None:
    """Register the profiles (and the test profiles) under ``mtg-<name>`` (idempotent)."""
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


def profile_settings(name: str) -> settings:
    if name not in PROFILES:
        raise ValueError(f"unknown profile {name!r}: choose one of {', '.join(PROFILES)}")
    register_profiles()
    return settings.get_profile(PREFIX + name)


def is_derandomized(name: str) -> bool:
    return bool(PROFILES[name].get("derandomize"))
