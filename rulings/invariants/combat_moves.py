"""What several combat families' checks find and do, through the probe alone (so for any engine):
the attacker with flying a blocking check is about, and declaring one creature as an attacker.

Why a module of its own: the flying and reach checks (702.9b, 702.17b) look for the same attacker,
and the attack-requirement and haste checks (508.1a, 702.10b) declare an attack the same way; one
place keeps their meaning the same.
"""

from __future__ import annotations

from generators.combat import has_keyword
from protocol.keyword_registry import FLYING, MENACE
from protocol.model import Action, ActionKind, AttackTarget, GameState
from protocol.probe import Probe, expect


def lone_flyer(state: GameState, player: int) -> str | None:
    """The first of ``player``'s attackers with flying and without menace (so one blocker is a
    legal block for it, 702.111b), or None."""
    return next(
        (
            p.id
            for p in state.attackers()
            if p.controller == player
            and has_keyword(state, p.id, FLYING.name)
            and not has_keyword(state, p.id, MENACE.name)
        ),
        None,
    )


def attack_with(probe: Probe, player: int, creature: str, *, subject: str, rule: str) -> None:
    """``creature`` (described as ``subject``, allowed to attack by ``rule``) is offered as an
    attacker of the other player, accepted, and attacking afterwards (508.1)."""
    attack = Action(ActionKind.DECLARE_ATTACKERS, player, attacks=((creature, AttackTarget.of_player(1 - player)),))
    expect(
        attack in probe.legal_actions(),
        f"{subject} is not offered as an attacker ({rule})",
        expected=f"{attack} offered",
        observed="not offered",
    )
    probe.require(attack, f"{subject} attacks ({rule})")
    now = probe.state().permanent(creature)
    expect(
        now is not None and now.attacking is not None,
        "a creature declared as an attacker is not attacking (508.1)",
        expected=f"{creature} attacking",
        observed=str(now),
    )
