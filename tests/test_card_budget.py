"""``card_budget``: an invariant compiled from a card's ruling draws a share of the profile's
examples (never fewer than ``LEAST_EXAMPLES``), while the rule text's invariant draws them all."""

from __future__ import annotations

import pytest

from harness.profiles import LEAST_EXAMPLES, profile_settings
from rulings.compile import compile_corpus
from rulings.invariant import Invariant


def test_a_budget_is_a_share_of_the_profile_with_a_floor() -> None:
    assert profile_settings("ci").max_examples == 100
    assert profile_settings("ci", 0.5).max_examples == 50
    assert profile_settings("ci", 0.1).max_examples == LEAST_EXAMPLES
    assert profile_settings("thorough", 0.25).max_examples == 250


def test_card_rulings_sample_a_family_and_the_rule_text_draws_in_full() -> None:
    budgets = {inv.id: inv.budget for inv in compile_corpus().invariants}
    assert budgets["first-strike.changed-after-first-damage/gained-strike-deals-regular-damage"] == 1.0
    assert budgets["first-strike.thunder-strike/gained-strike-deals-regular-damage"] == 0.25
    assert budgets["combat.remains-blocked/remains-blocked"] == 1.0
    assert budgets["combat.mirror-shield/remains-blocked"] == 0.25
    # A family that declares no card budget keeps every card's ruling at the full profile.
    assert budgets["trample.double-strike-blockers-destroyed/regular-damage-to-attacked"] == 1.0


@pytest.mark.parametrize("budget", [0.0, -0.5, 1.5])
def test_a_budget_outside_0_1_is_refused(budget: float) -> None:
    one = next(iter(compile_corpus().invariants))
    with pytest.raises(ValueError, match="budget"):
        Invariant(
            id=one.id,
            rulings=one.rulings,
            kind=one.kind,
            requires=one.requires,
            scenarios=one.scenarios,
            check=one.check,
            description=one.description,
            budget=budget,
        )
