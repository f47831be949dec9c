"""Stored params name their record by a stable id, never by a module path.

``results.json`` keeps a failure's drawn params with the id of their record type, so a replay can
decode them again; the id must survive a move of the code, and a results file (input) must never
make the harness import a module it names.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, find, settings

from generators.records import UnknownRecord, params_record, record_id, record_type, registered
from harness.plan import compiled_suite
from harness.replay import ReplayError, decode_params
from reports.results import Counterexample


def test_every_invariants_params_are_a_registered_record():
    """One drawn scenario of each invariant: its params are a mapping or a registered record."""
    unregistered = {}
    quick = settings(database=None, suppress_health_check=list(HealthCheck))
    for invariant in compiled_suite().invariants:
        scenario = find(invariant.scenarios(), lambda _: True, settings=quick)
        params = scenario.params
        if dataclasses.is_dataclass(params) and record_id(params) is None:
            unregistered[invariant.id] = type(params).__qualname__
    assert not unregistered, f"params records without a stable id: {unregistered}"


def test_ids_are_unique_and_resolve_to_their_record():
    records = registered()
    assert records, "no params record registered"
    for rid, cls in records.items():
        assert record_type(rid) is cls
        assert cls.__params_record__ == rid  # type: ignore[attr-defined]


def test_an_earlier_module_path_form_resolves_by_qualified_name_without_importing():
    cls = next(iter(registered().values()))
    assert record_type(f"somewhere.that.moved:{cls.__qualname__}") is cls
    with pytest.raises(UnknownRecord, match="no params record"):
        record_type("os:system")


def test_replay_refuses_a_params_type_that_is_not_a_record_of_the_harness():
    stored = Counterexample(state={}, params={"x": 1}, params_type="subprocess:Popen")
    with pytest.raises(ReplayError, match="no params record"):
        decode_params(stored)


def test_a_second_record_cannot_take_a_registered_id():
    rid = next(iter(registered()))

    with pytest.raises(ValueError, match="is taken"):

        @params_record(rid)
        @dataclasses.dataclass(frozen=True)
        class Impostor:
            x: int = 0


def test_an_id_must_be_a_slug():
    with pytest.raises(ValueError, match="lowercase"):
        params_record("Not A Slug")
