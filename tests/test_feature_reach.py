"""Every state feature an invariant lists is drawn in at least 5 % of its ``ci`` examples.

Drawn from the invariants' own strategies under the ``ci`` settings and the seed a ``ci`` run
gives each invariant, with no engine. Every feature is gated, the steps of a combat window
(``step:*``) included: each joint draw has a span label of its own, so Hypothesis derives no
mutations from an example that would hold its first choices fixed, and every example is drawn
afresh (``generators.features.joint``; see docs/benchmarks.md).
"""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from generators.features import MIN_REACH, Feature, chance, table
from harness.feature_reach import reach
from harness.profiles import FEW_DRAWS, profile_settings, register_profiles
from protocol.model import AFTER_BLOCKERS_STEPS
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
        "first-strike-blocker-only",
        # search: every library size 0-6, the sought card at each position, each side of the restriction
        *(f"library-size:{n}" for n in ("0", "1", "2", "3", "4", "5", "6+")),
        *(f"sought-at:{k}" for k in range(1, 7)),
        "restricted",
        "unrestricted",
        # Class: every level, the level gained, payment by colour, spells with and without targets
        "level:1",
        "level:2",
        "level:3",
        "gains-level:3",
        "stack-spell-targeted",
        "stack-spell-untargeted",
        # mana: each source kind, the colour requirements of a cost
        "source:ability-land",
        "source:pool-land",
        "cost-two-of-a-colour",
        "spare-colour-land",
        # combat: every step of a window, the first-strike damage step included
        *(f"step:{s}" for s in AFTER_BLOCKERS_STEPS),
        "step:declare-attackers",
        "step:precombat-main",
        "step:beginning-of-combat",
    } <= names


@pytest.mark.parametrize("invariant", GATED, ids=[inv.id for inv in GATED])
def test_features_reached_under_ci(invariant) -> None:  # type: ignore[no-untyped-def]
    found = reach(invariant, profile_settings("ci"))
    assert found.examples >= 50
    short = found.short(MIN_REACH)
    assert not short, "\n".join(short)


def test_spread_covers_every_choice() -> None:
    """``spread`` maps the hundred values of one draw onto the choices by weight."""
    from generators.features import spread

    seen: list[str] = []

    class Fixed:
        def __init__(self, n: int) -> None:
            self.n = n

        def __call__(self, strategy: object) -> int:
            return self.n

    for n in range(100):
        seen.append(spread(Fixed(n), [("a", 1), ("b", 2), ("c", 1)]))  # type: ignore[arg-type]
    assert (seen.count("a"), seen.count("b"), seen.count("c")) == (25, 50, 25)


def test_table_rejects_duplicates_and_bad_weights() -> None:
    f = Feature("x", "1", "x", 10, lambda sc: True)
    with pytest.raises(ValueError):
        table(f, f)
    with pytest.raises(ValueError):
        Feature("y", "1", "y", 0, lambda sc: True)


def test_chance_follows_its_weight() -> None:
    register_profiles()
    from hypothesis import given, settings

    seen: list[tuple[bool, bool]] = []

    @settings(settings.get_profile(FEW_DRAWS))
    @given(st.data())
    def draw(data) -> None:  # type: ignore[no-untyped-def]
        seen.append(
            (
                data.draw(st.composite(lambda d: chance(d, 100))()),
                data.draw(st.composite(lambda d: chance(d, 1) and False)()),
            )
        )

    draw()
    assert seen and all(always and not never for always, never in seen)
