"""A state's look-ups by id go through an index built once per state; they answer what a scan
of the objects answered, and the index never leaks into values, copies or replaced states."""

import copy

import pytest

from generators import cards
from protocol import codec
from protocol.builder import StateBuilder
from protocol.clone import fresh
from protocol.model import CardInstance, GameState, Zone


def _state() -> GameState:
    b = StateBuilder()
    b.permanent(cards.creature(2, 2), 0)
    b.permanent(cards.creature(3, 1), 1)
    b.put(cards.creature(1, 1), 0, Zone.HAND)
    return b.build()


def test_look_ups_answer_as_a_scan_does():
    state = _state()
    for o in state.objects:
        assert state.obj(o.id) is next(x for x in state.objects if x.id == o.id)
        assert state.data_of(o.id) is next(c for c in state.cards if c.name == o.name)
    for p in state.battlefield:
        assert state.permanent(p.id) is p
    hand = state.players[0].hand[0]
    assert state.permanent(hand) is None and state.zone_of(hand) is Zone.HAND
    with pytest.raises(KeyError, match="no object 'nope'"):
        state.obj("nope")
    with pytest.raises(KeyError, match="no card data for 'Nope'"):
        state.card_data("Nope")


def test_a_repeated_id_finds_the_first_object_as_a_scan_did():
    state = _state()
    first = state.objects[0]
    twin = CardInstance(first.id, state.objects[1].name, 1)
    doubled = state.replace(objects=(*state.objects, twin))
    assert doubled.obj(first.id) is first


def test_the_index_is_no_part_of_the_value():
    state = _state()
    plain = _state()
    state.obj(state.objects[0].id)  # builds the index
    assert state == plain and hash(state) == hash(plain)
    assert codec.dumps(state) == codec.dumps(plain)
    assert "_objects_by_id" in state.__dict__


def test_copies_and_replaced_states_build_their_own_index():
    state = _state()
    cid = state.objects[0].id
    state.obj(cid)
    copied = fresh(state)
    assert "_objects_by_id" not in copied.__dict__
    assert copied.obj(cid) is copied.objects[0] and copied.obj(cid) is not state.objects[0]
    deep = copy.deepcopy(state)
    assert deep.obj(cid) is deep.objects[0]
    renamed = CardInstance(cid, state.objects[1].name, 0)
    replaced = state.replace(objects=(renamed, *state.objects[1:]))
    assert replaced.obj(cid) is renamed and state.obj(cid) is state.objects[0]
