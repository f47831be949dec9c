"""Every state feature an invariant lists is drawn in at least 5 % of its ``ci`` examples.

Drawn from the invariants' own strategies under the ``ci`` settings and the seed a ``ci`` run
gives each invariant, with no engine. The step features (``step:*``) are reported by
``benchmarks/feature_reach.py`` but not gated here: Hypothesis keeps the first choice of an
example fixed over the mutations it derives from it, so a step can be missed by a whole
derandomized sample (see docs/benchmarks.md).
"""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from generators.features import MIN_REACH, Feature, chance, table, weighted
from harness.run.feature_reach import reach
from harness.run.profiles import FEW_DRAWS, profile_settings, register_profiles
from rulings.compile import compile_corpus

GATED = [inv for inv in compile_corpus().invariants if inv.features]


def test_invariants_list_features() -> None:
    assert GATED, "no invariant lists state features"
    names = {f.name for inv in GATED for f in inv.features}
    assert {
        "returned-owned-by-opponent",
        "returned-token",
        "returned-entered-this-turn",
        "ninja-double-strike",
        "blocker-first-strike",
        "short-by-colour",
        "off-colour-land",
    } <= names


@pytest.mark.parametrize("invariant", GATED, ids=[inv.id for inv in GATED])
def test_features_reached_under_ci(invariant) -> None:  # type: ignore[no-untyped-def]
    found = reach(invariant, profile_settings("ci"))
    assert found.examples >= 50
    short = [line for line in found.short(MIN_REACH) if "'step:" not in line]
    assert not short, "\n".join(short)


def test_table_rejects_duplicates_and_bad_weights() -> None:
    f = Feature("x", "1", "x", 10, lambda sc: True)
    with pytest.raises(ValueError):
        table(f, f)
    with pytest.raises(ValueError):
        Feature("y", "1", "y", 0, lambda sc: True)


def test_chance_and_weighted_follow_their_weights() -> None:
    register_profiles()
    from hypothesis import given, settings

    seen: list[tuple[bool, bool, str]] = []

    @settings(settings.get_profile(FEW_DRAWS))
    @given(st.data())
    def draw(data) -> None:  # type: ignore[no-untyped-def]
        seen.append(
            (
                data.draw(st.composite(lambda d: chance(d, 100))()),
                data.draw(st.composite(lambda d: chance(d, 1) and False)()),
                data.draw(st.composite(lambda d: weighted(d, [("a", 1), ("b", 0)]))()),
            )
        )

    draw()
    assert seen and all(always and not never and pick == "a" for always, never, pick in seen)
