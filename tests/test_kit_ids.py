"""The kit's id map: card ids <-> engine ids, stable across zones, created objects named back."""

from __future__ import annotations

import pytest

from engines.kit.ids import IdMap


def test_cards_map_both_ways_and_created_objects_are_named_by_prefix() -> None:
    ids = IdMap(int, prefix="p")
    ids.add("c1", 7)
    ids.add("c2", "8")  # as the engine reports it: parsed to its id type
    assert (ids.card(7), ids.card("8"), ids.engine("c2")) == ("c1", "c2", 8)
    assert ids.card(40) == "p40" and ids.engine("p40") == 40  # an object the engine created
    assert ids.cards([8, 7, 40]) == ("c2", "c1", "p40")
    assert ids.engine("c9") is None and ids.engine("pawn") is None


def test_a_side_is_mapped_once() -> None:
    ids = IdMap(int)
    ids.add("c1", 1)
    with pytest.raises(ValueError):
        ids.add("c1", 2)
    with pytest.raises(ValueError):
        ids.add("c2", 1)


def test_an_engine_that_makes_a_new_object_on_a_zone_change_is_followed() -> None:
    """CR 400.7: some engines give the moved card a new object; the card keeps its id."""
    ids = IdMap(str, prefix="x")
    ids.add("c1", "hand-1")
    ids.follow("hand-1", "bf-9")
    assert ids.engine("c1") == "bf-9"
    assert ids.card("bf-9") == ids.card("hand-1") == "c1"
