"""Vigilance (CR 702.20) on the reference engine, in hand-built states: declaring a creature with
vigilance as an attacker leaves it untapped (702.20b), while the creature declared beside it
without vigilance taps (508.1f). And the combat generator's ``first_keywords`` puts the keyword on
the active player's first creature."""

from __future__ import annotations

from hypothesis import given, settings

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from generators.combat import CombatSpec, combat_scenarios, has_keyword
from harness.profiles import FEW_DRAWS, register_profiles
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.decisions import DeclareAttackers
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority

SENTRY = creature("Watchful Sentry", 2, 3, "Vigilance")


def at_declaration(*cards):
    """A session in the declare attackers step, player 0 to declare, with ``cards`` under their
    control since the turn began."""
    b = StateBuilder()
    ids = [b.permanent(card, 0) for card in cards]
    session = ReferenceEngine().start(b.build(turn=3, step=Step.BEGINNING_OF_COMBAT, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    assert isinstance(session.state().pending, DeclareAttackers)
    return session, ids


def test_vigilance_is_supported():
    assert Mechanic.VIGILANCE in SUPPORTED


def test_a_creature_with_vigilance_attacks_untapped_and_the_other_taps():
    session, (sentry, bear) = at_declaration(SENTRY, BEARS)
    events = session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((sentry, P1), (bear, P1))))
    state = check(session.state())
    watchful, plain = state.permanent(sentry), state.permanent(bear)
    assert watchful is not None and watchful.attacking == P1 and not watchful.tapped
    assert plain is not None and plain.attacking == P1 and plain.tapped
    assert [e.card for e in events if e.kind is EventKind.TAP] == [bear]


def test_a_tapped_creature_with_vigilance_still_cannot_attack():
    b = StateBuilder()
    sentry = b.permanent(SENTRY, 0, tapped=True)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.BEGINNING_OF_COMBAT, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    refused = Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((sentry, P1),))
    assert refused not in session.legal_actions()


register_profiles()


@settings(settings.get_profile(FEW_DRAWS))
@given(combat_scenarios(CombatSpec(steps=(Step.BEGINNING_OF_COMBAT,), first_keywords=("vigilance",))))
def test_first_keywords_go_on_the_first_creature(scenario):
    state = scenario.state
    first = next(
        p
        for p in state.battlefield
        if p.controller == scenario.params.player and state.data_of(p.id).is_type("Creature")
    )
    assert has_keyword(state, first.id, "vigilance")
