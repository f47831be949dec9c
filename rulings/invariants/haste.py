"""Invariants of haste (CR 702.10): a creature with haste can attack though it came under its
controller's control this turn. Wordings: ``rulings/wordings/haste.toml``. Scenarios: combat
states of :mod:`generators.combat` in the beginning of combat step, the active player's first
creature summoning-sick with haste, the registry's other combat keywords drawn; the check reaches
the declaration of attackers by play.
"""

from __future__ import annotations

from generators.combat import CombatParams, CombatSpec, combat_scenarios, has_keyword
from protocol.decisions import DeclareAttackers
from protocol.keyword_registry import DEFENDER, HASTE
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, AttackTarget, Step
from protocol.probe import Probe, Scenario
from rulings.declare import invariant, template
from rulings.invariants.combat_moves import attack_with
from rulings.invariants.driving import pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.HASTE, Mechanic.SUMMONING_SICKNESS})
#: The beginning of combat, the active player's first creature summoning-sick with haste.
HASTY = CombatSpec(
    steps=(Step.BEGINNING_OF_COMBAT,), keywords=True, first_keywords=(HASTE.name,), first_summoning_sick=True
)


@invariant(
    applies_to=template("haste.attacks-at-once"),
    name="sick-creature-attacks",
    kind="legality",
    claims=["a summoning-sick creature with haste is offered and declared as an attacker"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(HASTY, allowed),
    optional=HASTY.optional - REQUIRES,
)
def check_sick_creature_attacks(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An untapped creature with haste that came under its controller's control this turn is
    offered as an attacker, its declaration is accepted, and it is attacking afterwards; one
    without haste in the same situation, where there is one, is refused (302.6)."""
    player = scenario.params.player
    start = probe.state()
    sick = [
        p.id
        for p in start.battlefield
        if p.controller == player
        and p.summoning_sick
        and not p.tapped
        and start.data_of(p.id).is_type("Creature")
        and not has_keyword(start, p.id, DEFENDER.name)
    ]
    hasty = [c for c in sick if has_keyword(start, c, HASTE.name)]
    probe.precondition(bool(hasty), "no untapped summoning-sick creature with haste (without defender)")
    creature = hasty[0]
    target = AttackTarget.of_player(1 - player)
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareAttackers), "the declaration of attackers")
    for other in [c for c in sick if c not in hasty][:1]:
        # The counterpart: without haste, summoning sickness forbids the same attack (302.6).
        probe.expect_refused(
            Action(ActionKind.DECLARE_ATTACKERS, player, attacks=((other, target),)),
            "a summoning-sick creature without haste was declared as an attacker (302.6)",
        )
    attack_with(probe, player, creature, subject="a summoning-sick creature with haste", rule="702.10b")
    probe.claim("a summoning-sick creature with haste is offered and declared as an attacker")
