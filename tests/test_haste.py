"""Haste (CR 702.10) on the reference engine, in hand-built states: a creature with haste that came
under its controller's control this turn can attack (702.10b) and pay its {T} costs (702.10c); one
without haste can do neither (302.6). And the combat generator's ``first_summoning_sick``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engines.reference import SUPPORTED, ReferenceEngine
from engines.reference.testing import BEARS, P1, creature
from generators.combat import CombatSpec, combat_scenarios
from harness.profiles import FEW_DRAWS, register_profiles
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.decisions import DeclareAttackers
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, Step, pass_priority

RAIDER = creature("Goblin Raider", 2, 1, "Haste")
HASTY_ELF = creature("Hasty Elf", 1, 1, "Haste\n{T}: Add {G}.")
SLOW_ELF = creature("Slow Elf", 1, 1, "{T}: Add {G}.")


def at_declaration(*cards):
    """Player 0 to declare attackers, ``cards`` entered the battlefield this turn."""
    b = StateBuilder()
    ids = [b.permanent(card, 0, summoning_sick=True) for card in cards]
    session = ReferenceEngine().start(b.build(turn=3, step=Step.BEGINNING_OF_COMBAT, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    assert isinstance(session.state().pending, DeclareAttackers)
    return session, ids


def test_haste_is_supported():
    assert Mechanic.HASTE in SUPPORTED


def test_a_summoning_sick_creature_with_haste_attacks():
    session, (raider,) = at_declaration(RAIDER)
    attack = Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((raider, P1),))
    assert attack in session.legal_actions()
    session.apply(attack)
    assert session.state().permanent(raider).attacking == P1  # type: ignore[union-attr]


def test_a_summoning_sick_creature_without_haste_cannot_attack():
    session, (bear,) = at_declaration(BEARS)
    attack = Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((bear, P1),))
    assert attack not in session.legal_actions()
    with pytest.raises(ActionRefused):
        session.apply(attack)


@pytest.mark.parametrize("card, offered", [(HASTY_ELF, True), (SLOW_ELF, False)], ids=["haste", "no-haste"])
def test_haste_lets_it_pay_its_tap_cost(card, offered):
    b = StateBuilder()
    elf = b.permanent(card, 0, summoning_sick=True)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    tapping = [a for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE and a.source == elf]
    assert bool(tapping) is offered


register_profiles()


@settings(settings.get_profile(FEW_DRAWS))
@given(combat_scenarios(CombatSpec(steps=(Step.BEGINNING_OF_COMBAT,), first_summoning_sick=True)))
def test_first_summoning_sick_makes_the_first_creature_sick(scenario):
    state = scenario.state
    first = next(
        p
        for p in state.battlefield
        if p.controller == scenario.params.player and state.data_of(p.id).is_type("Creature")
    )
    assert first.summoning_sick
