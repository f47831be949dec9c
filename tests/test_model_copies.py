"""The model's cheap record copies (``Permanent.replace_characteristics``, ``GameState.replace``)
make what ``dataclasses.replace`` makes, and leave to it what they cannot copy safely."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generators.ninjutsu import NinjutsuSpec, ninjutsu_scenarios
from protocol.keywords import NINJUTSU
from protocol.model import Characteristics, GameState, Permanent, PlayerState, Step

CHARACTERISTICS = st.builds(
    Characteristics,
    types=st.tuples(st.sampled_from(["Creature", "Artifact", "Enchantment"])),
    power=st.none() | st.integers(0, 9),
    toughness=st.none() | st.integers(0, 9),
    keywords=st.lists(st.sampled_from(["flying", "trample", "menace"]), max_size=2).map(tuple),
    colors=st.lists(st.sampled_from("WUBRG"), max_size=2).map(tuple),
)


@given(
    ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, tuple(Step), observer=True)),
    CHARACTERISTICS,
    st.sampled_from(list(Step)),
    st.integers(1, 30),
)
def test_copies_equal_dataclasses_replace(scenario, now, step, turn) -> None:
    state = scenario.state
    copied = state.replace(step=step, turn=turn)
    assert copied == dataclasses.replace(state, step=step, turn=turn)
    assert type(copied) is GameState and copied is not state
    assert (state.step, state.turn) == (scenario.state.step, scenario.state.turn)  # the original unchanged
    for perm in state.battlefield:
        shown = perm.replace_characteristics(now)
        assert shown == dataclasses.replace(perm, characteristics=now)
        assert shown.characteristics is now
        assert perm.characteristics is not now  # the original unchanged


def test_an_unknown_field_is_still_refused() -> None:
    perm = Permanent(id="c1", controller=0)
    state = GameState(cards=(), objects=(), players=(PlayerState(0), PlayerState(1)))
    with pytest.raises(TypeError):
        state.replace(no_such_field=1)
    assert perm.replace_characteristics(None) is perm  # already showing it: itself


def test_a_subclass_goes_through_its_own_init() -> None:
    """A record class with checks of its own (an engine's subclass) is built by its ``__init__``."""

    @dataclasses.dataclass(frozen=True)
    class Checked(Permanent):
        def __post_init__(self) -> None:
            if self.characteristics is not None and self.characteristics.power == 13:
                raise ValueError("unlucky")

    perm = Checked(id="c1", controller=0)
    with pytest.raises(ValueError, match="unlucky"):
        perm.replace_characteristics(Characteristics(types=("Creature",), power=13, toughness=1))
    assert type(perm.replace_characteristics(Characteristics(types=("Creature",), power=1, toughness=1))) is Checked
