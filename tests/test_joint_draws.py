"""Joint draws: several small choices as one Hypothesis choice, with their weights, the simplest
combination first, the first dimension the most significant, uniform over large products, and a
span label of their own per draw of an example."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generators.features import UNIFORM_INTEGERS, Joint, _fresh_label, among, flag, joint
from harness.profiles import FEW_DRAWS, profile_settings


class Feed:
    """A stand-in draw function: the integer index (or bytes) the joint draw asks for."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __call__(self, strategy: object, label: object = None) -> object:
        return self.value


def every_combination(j: Joint, total: int) -> list[tuple]:
    return [j(Feed(n)) for n in range(total)]  # type: ignore[arg-type]


def test_each_option_as_often_as_its_weight_and_independent() -> None:
    j = Joint(flag(25), among("abc"), among((1, 2), (3, 1)))
    combos = every_combination(j, 4 * 3 * 4)
    assert Counter(c[0] for c in combos) == {False: 36, True: 12}
    assert Counter(c[1] for c in combos) == {"a": 16, "b": 16, "c": 16}
    assert Counter(c[2] for c in combos) == {1: 36, 2: 12}
    assert len(set(combos)) == 2 * 3 * 2  # every combination occurs


def test_the_simplest_combination_first_and_the_first_dimension_most_significant() -> None:
    j = Joint(among((0, 1, 2)), among("xy"))
    assert every_combination(j, 6) == [(0, "x"), (0, "y"), (1, "x"), (1, "y"), (2, "x"), (2, "y")]


def test_one_option_dimensions_draw_nothing() -> None:
    class Refuses:
        def __call__(self, strategy: object, label: object = None) -> object:
            raise AssertionError("no choice should be drawn")

    assert Joint(among((7,)), flag(0), flag(100))(Refuses()) == (7, False, True)  # type: ignore[arg-type]


def test_large_products_are_bytes_read_as_a_fraction() -> None:
    dims = (among(range(10)), among(range(10)), among(range(10)))
    j = Joint(*dims)
    assert UNIFORM_INTEGERS < 10 * 10 * 10 and j._bytes >= 2
    width = j._bytes
    assert j(Feed(bytes(width))) == (0, 0, 0)  # type: ignore[arg-type]
    assert j(Feed(b"\xff" * width)) == (9, 9, 9)  # type: ignore[arg-type]
    halves = [j(Feed((n << (8 * width - 8)).to_bytes(width, "big"))) for n in range(256)]  # type: ignore[arg-type]
    assert halves == sorted(halves)  # smaller bytes, an earlier combination: shrinking walks down in order
    with pytest.raises(ValueError):
        Joint(among(range(1 << 16)), among(range(1 << 17)))


def test_bad_dimensions_are_refused() -> None:
    with pytest.raises(ValueError):
        Joint(())
    with pytest.raises(ValueError):
        Joint((("a", 0),))


def test_each_joint_draw_of_an_example_has_a_label_of_its_own() -> None:
    class Data:
        def draw(self, strategy: object, label: object = None) -> object:
            return 0

    one, other = Data(), Data()
    labels = [_fresh_label(one.draw) for _ in range(5)]
    assert len(set(labels)) == 5 and all(isinstance(x, int) for x in labels)
    assert [_fresh_label(other.draw) for _ in range(5)] == labels  # the same order, the same labels
    assert _fresh_label(lambda s, label=None: 0) is None  # not an example's draw: Hypothesis's own label


def test_large_joint_draws_spread_over_a_derandomized_sample() -> None:
    """One choice of a thousand combinations: the last tenth is drawn about a tenth of the time
    (an integer choice of that size leans to its low end: the top tenth came up in 2 %)."""
    seen: list[int] = []

    @settings(profile_settings("ci"))
    @given(st.composite(lambda draw: joint(draw, among(range(1000))))())
    def draw_many(value: tuple[int]) -> None:
        seen.append(value[0])

    draw_many()
    top = sum(v >= 900 for v in seen) / len(seen)
    assert 0.05 <= top <= 0.2, top


@settings(settings.get_profile(FEW_DRAWS))
@given(st.data())
def test_joint_draws_in_a_test(data) -> None:  # type: ignore[no-untyped-def]
    assert data.draw(st.composite(lambda d: joint(d, flag(100), among("z")))()) == (True, "z")
