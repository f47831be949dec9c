"""Scenario params are typed records: frozen dataclasses that encode to a JSON object (what a
counterexample in results.json carries) and decode back to an equal record."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.profiles import FEW_DRAWS
from protocol import codec
from rulings.compile import compile_corpus

SUITE = compile_corpus()


@pytest.mark.parametrize("invariant", SUITE.invariants, ids=lambda inv: inv.id)
def test_params_are_frozen_records_that_round_trip_through_json(invariant):
    @settings(settings.get_profile(FEW_DRAWS))
    @given(st.data())
    def check(data):
        scenario = data.draw(invariant.scenarios())
        params = scenario.params
        assert dataclasses.is_dataclass(params) and not isinstance(params, type)
        assert type(params).__dataclass_params__.frozen  # type: ignore[attr-defined]
        encoded = json.loads(json.dumps(codec.to_jsonable(params)))
        assert isinstance(encoded, dict)
        assert codec.from_jsonable(type(params), encoded) == params

    check()
