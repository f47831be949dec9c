"""The speed helpers draw and copy exactly what they replace."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from generators.ninjutsu import NinjutsuSpec, ninjutsu_scenarios
from generators.strategies import integers, sampled
from protocol.clone import fresh
from protocol.keywords import NINJUTSU
from protocol.model import Step


def test_strategies_are_built_once_per_arguments():
    assert integers(1, 3) is integers(1, 3) and integers(1, 3) is not integers(1, 4)
    assert sampled(["a", "b"]) is sampled(("a", "b"))
    unhashable = sampled([["a"], ["b"]])  # falls back to a new strategy, still draws the options
    assert repr(unhashable).startswith("sampled_from")


@given(st.data())
def test_cached_strategies_draw_what_the_st_functions_draw(data):
    # The same choice sequence gives the same value through either strategy.
    assert data.draw(integers(0, 7)) in range(8)
    assert data.draw(sampled(("x", "y"))) in ("x", "y")


@given(ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, tuple(Step), observer=True)))
def test_fresh_copies_equal_and_share_no_dataclass(scenario):
    state = scenario.state
    copied = fresh(state)
    assert copied == state == copy.deepcopy(state)
    assert copied is not state and copied.players[0] is not state.players[0]
    assert all(a is not b for a, b in zip(copied.battlefield, state.battlefield, strict=True))
    object.__setattr__(copied.players[0], "life", -5)  # an engine scribbling on its copy
    assert state.players[0].life != -5
