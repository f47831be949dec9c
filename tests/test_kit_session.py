"""The kit's cached session on the toy engine: one read per game version, the engine's silence
completed by events derived from the states, legal mana abilities found by trial."""

from __future__ import annotations

import pytest

from engines.kit.diff import DERIVED
from protocol.adapter import ActionRefused, Session
from protocol.builder import StateBuilder
from protocol.model import Action, ActionKind, CardData, Event, EventKind, Step, Zone, pass_priority
from tests import kit_toy

LAND = CardData("Forest Land", ("Land",), supertypes=("Basic",), subtypes=("Forest",))
SPELL = CardData("Giant Growth", ("Instant",), "{G}")


def session() -> tuple[kit_toy.ToySession, dict[str, str]]:
    b = StateBuilder()
    cards = {
        "land": b.permanent(LAND, 0),
        "tapped": b.permanent(LAND, 0, tapped=True),
        "other": b.permanent(LAND, 0),
        "spell": b.put(SPELL, 0, Zone.HAND),
        "lib": b.put(LAND, 0, Zone.LIBRARY),
    }
    return kit_toy.start(b.build(turn=2, step=Step.PRECOMBAT_MAIN, priority=0)), cards


def test_the_state_is_read_once_per_game_version() -> None:
    toy, _ = session()
    assert isinstance(toy, Session)
    first = toy.state()
    assert toy.state() is first and toy.reads == 1
    toy.apply(pass_priority(0))
    assert toy.state() is not first and toy.reads == 2  # the apply read the state after it, once


def test_mana_abilities_the_engine_does_not_list_are_found_on_one_copy() -> None:
    toy, c = session()
    offered = toy.legal_actions()
    mana = [a.source for a in offered if a.kind is ActionKind.ACTIVATE]
    assert mana == [c["land"], c["other"]]  # the tapped land's is refused on the copy
    assert toy.copies == 1  # tapping a land changes nothing another land's ability looks at
    assert toy.legal_actions() == offered and toy.copies == 1  # listed once per version


def test_what_the_engine_did_not_report_is_derived() -> None:
    toy, c = session()
    events = toy.apply(Action(ActionKind.ACTIVATE, 0, source=c["land"], ability="mana"))
    assert events == [Event(EventKind.TAP, card=c["land"], detail=DERIVED)]
    events = toy.apply(Action(ActionKind.CAST, 0, source=c["spell"]))
    assert events == [
        Event(EventKind.ZONE_CHANGE, card=c["spell"], from_zone=Zone.HAND, to_zone=Zone.STACK, detail=DERIVED)
    ]
    toy.apply(pass_priority(0))
    events = toy.apply(pass_priority(1))
    assert (
        Event(EventKind.ZONE_CHANGE, card=c["spell"], from_zone=Zone.STACK, to_zone=Zone.GRAVEYARD, detail=DERIVED)
        in events
    )


def test_a_refusal_changes_nothing_and_is_reported_as_one() -> None:
    toy, c = session()
    before = toy.state()
    with pytest.raises(ActionRefused):
        toy.apply(Action(ActionKind.ACTIVATE, 0, source=c["tapped"], ability="mana"))
    assert toy.state() == before
