"""Invariants of vigilance (CR 702.20): attacking doesn't cause a creature with vigilance to tap.
Wordings: ``rulings/wordings/vigilance.toml``. Scenarios: combat states of
:mod:`generators.combat` in the beginning of combat step, the active player's first creature
with vigilance, the registry's other combat keywords drawn; the check reaches the declaration of
attackers by play.
"""

from __future__ import annotations

from generators.combat import CombatParams, CombatSpec, combat_scenarios, has_keyword
from protocol.decisions import DeclareAttackers
from protocol.keyword_registry import DEFENDER, VIGILANCE
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, AttackTarget, GameState, Permanent, Step
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.driving import pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.VIGILANCE})
#: The beginning of combat, the active player's first creature with vigilance.
WATCHFUL = CombatSpec(steps=(Step.BEGINNING_OF_COMBAT,), keywords=True, first_keywords=(VIGILANCE.name,))


def ready(state: GameState, perm: Permanent, player: int) -> bool:
    """An untapped creature ``player`` has controlled since the turn began (302.6), without
    defender (702.3b): one it may attack with."""
    return (
        perm.controller == player
        and not perm.tapped
        and not perm.summoning_sick
        and state.data_of(perm.id).is_type("Creature")
        and not has_keyword(state, perm.id, DEFENDER.name)
    )


def declare(probe: Probe, player: int, attackers: list[str]) -> GameState:
    """Reach the declaration of attackers by play and declare ``attackers`` at the defending player
    (it must be accepted); the state after it."""
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareAttackers), "the declaration of attackers")
    target = AttackTarget.of_player(1 - player)
    probe.require(
        Action(ActionKind.DECLARE_ATTACKERS, player, attacks=tuple((a, target) for a in attackers)),
        "attacking with untapped creatures controlled since the turn began",
    )
    return probe.state()


@invariant(
    applies_to=template("vigilance.attacks-untapped"),
    name="attacks-untapped",
    kind="outcome",
    claims=["a creature with vigilance attacks untapped"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(WATCHFUL, allowed),
    optional=WATCHFUL.optional - REQUIRES,
)
def check_attacks_untapped(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature with vigilance declared as an attacker is attacking and untapped; a creature
    declared with it that lacks vigilance is tapped (508.1f), so an engine that taps nothing fails."""
    player = scenario.params.player
    start = probe.state()
    ours = [p for p in start.battlefield if ready(start, p, player)]
    watchful = [p.id for p in ours if has_keyword(start, p.id, VIGILANCE.name)]
    probe.precondition(bool(watchful), "no untapped creature with vigilance the player may attack with")
    others = [p.id for p in ours if not has_keyword(start, p.id, VIGILANCE.name)]
    after = declare(probe, player, watchful[:1] + others[:1])
    creature = after.permanent(watchful[0])
    expect(
        creature is not None and creature.attacking is not None,
        "a creature declared as an attacker is not attacking (508.1)",
        expected=f"{watchful[0]} attacking",
        observed=str(creature),
    )
    assert creature is not None
    expect(
        not creature.tapped,
        "attacking caused a creature with vigilance to tap (702.20b)",
        expected=f"{watchful[0]} untapped",
        observed="tapped",
    )
    for other in others[:1]:
        perm = after.permanent(other)
        expect(
            perm is not None and perm.tapped,
            "attacking did not tap a creature without vigilance (508.1f)",
            expected=f"{other} tapped",
            observed=str(perm),
        )
    probe.claim("a creature with vigilance attacks untapped")
