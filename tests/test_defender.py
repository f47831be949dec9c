"""Defender (CR 702.3) on the reference engine, in hand-built states: a creature with defender is
neither offered nor accepted as an attacker (702.3b), alone or beside a creature that may attack,
and the refusal changes nothing; it still blocks."""

from __future__ import annotations

import pytest

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.decisions import DeclareAttackers, DeclareBlockers
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, Step, pass_priority

WALL = creature("Wall of Stone", 0, 8, "Defender")


def at_declaration(*cards):
    b = StateBuilder()
    ids = [b.permanent(card, 0) for card in cards]
    session = ReferenceEngine().start(b.build(turn=3, step=Step.BEGINNING_OF_COMBAT, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    assert isinstance(session.state().pending, DeclareAttackers)
    return session, ids


def test_defender_is_supported():
    assert Mechanic.DEFENDER in SUPPORTED


def test_a_creature_with_defender_is_not_offered_as_an_attacker():
    session, (wall, bear) = at_declaration(WALL, BEARS)
    named = {a for action in session.legal_actions() for a, _ in action.attacks}
    assert bear in named and wall not in named


@pytest.mark.parametrize("with_bear", [False, True], ids=["alone", "beside-another"])
def test_declaring_a_creature_with_defender_is_refused_and_changes_nothing(with_bear):
    session, (wall, bear) = at_declaration(WALL, BEARS)
    before = session.state()
    attacks = ((wall, P1), (bear, P1)) if with_bear else ((wall, P1),)
    with pytest.raises(ActionRefused, match="cannot attack"):
        session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=attacks))
    assert session.state() == before
    session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((bear, P1),)))
    assert session.state().permanent(bear).attacking == P1  # type: ignore[union-attr]


def test_a_creature_with_defender_still_blocks():
    b = StateBuilder()
    bear = b.permanent(BEARS, 0, tapped=True, attacking=P1)
    wall = b.permanent(WALL, 1)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.DECLARE_ATTACKERS, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    assert isinstance(session.state().pending, DeclareBlockers)
    session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((wall, bear),)))
    assert session.state().permanent(wall).blocking == (bear,)  # type: ignore[union-attr]
