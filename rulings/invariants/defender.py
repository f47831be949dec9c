"""Invariants of defender (CR 702.3): a creature with defender can't attack. Wordings:
``rulings/wordings/defender.toml``. Scenarios: combat states of :mod:`generators.combat` in the
beginning of combat step, the active player's first creature with defender, the registry's other
combat keywords drawn; the check reaches the declaration of attackers by play.
"""

from __future__ import annotations

from generators.combat import CombatParams, CombatSpec, combat_scenarios, has_keyword
from protocol.decisions import DeclareAttackers
from protocol.keyword_registry import DEFENDER
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, AttackTarget, GameState, Permanent, Step
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.driving import expect_forbidden, pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.DEFENDER})
#: The beginning of combat, the active player's first creature with defender.
WALLS = CombatSpec(steps=(Step.BEGINNING_OF_COMBAT,), keywords=True, first_keywords=(DEFENDER.name,))


def declaration_or_past(state: GameState, _: object) -> bool:
    """The declaration of attackers is pending, or the game went past it."""
    return isinstance(state.pending, DeclareAttackers) or state.step not in (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
    )


def declares(action: Action, creature: str) -> bool:
    return action.kind is ActionKind.DECLARE_ATTACKERS and any(a == creature for a, _ in action.attacks)


@invariant(
    applies_to=template("defender.cant-attack"),
    name="cant-be-declared",
    kind="legality",
    claims=["a creature with defender can't be declared as an attacker"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(WALLS, allowed),
    optional=WALLS.optional - REQUIRES,
)
def check_cant_be_declared(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An untapped creature with defender, controlled since the turn began, is neither offered nor
    accepted as an attacker; the declaration the rules allow in its place (another creature of the
    player that may attack, or none) is offered and accepted. An engine may skip the declaration
    when no creature can attack, and then the creature with defender is not attacking."""
    player = scenario.params.player
    start = probe.state()

    def ready(p: Permanent) -> bool:
        creature = start.data_of(p.id).is_type("Creature")
        return creature and p.controller == player and not p.tapped and not p.summoning_sick

    ours = [p for p in start.battlefield if ready(p)]
    walls = [p.id for p in ours if has_keyword(start, p.id, DEFENDER.name)]
    probe.precondition(bool(walls), "no untapped creature with defender controlled since the turn began")
    others = [p.id for p in ours if not has_keyword(start, p.id, DEFENDER.name)]
    wall = walls[0]
    pass_until(probe, declaration_or_past, "the declaration of attackers")
    if not isinstance(probe.state().pending, DeclareAttackers):
        # With no creature able to attack an engine may skip the declaration (its one answer is
        # none); with one it must ask.
        now = probe.state().permanent(wall)
        expect(
            not others and (now is None or now.attacking is None),
            "the declaration of attackers was skipped though a creature could attack (508.1a)",
            expected=f"player {player} declares attackers",
            observed=f"step {probe.state().step}; {wall}: {now}",
        )
        probe.claim("a creature with defender can't be declared as an attacker")
        return
    target = AttackTarget.of_player(1 - player)
    attack = Action(ActionKind.DECLARE_ATTACKERS, player, attacks=((wall, target),))
    expect_forbidden(
        probe,
        attack,
        [a for a in probe.legal_actions() if declares(a, wall)],
        what=f"declaring {wall}, a creature with defender, as an attacker",
        why="(702.3b)",
        none_offered=f"no declaration naming {wall}",
    )
    # The legal counterpart, offered and accepted in the same situation: another creature that may
    # attack (508.1a), or no attacker at all.
    instead = Action(ActionKind.DECLARE_ATTACKERS, player, attacks=tuple((o, target) for o in others[:1]))
    expect(
        instead in probe.legal_actions(),
        "the declaration the rules allow in place of the creature with defender is not offered (508.1a)",
        expected=f"{instead} offered",
        observed="not offered",
    )
    probe.require(instead, "the declaration without the creature with defender")
    probe.claim("a creature with defender can't be declared as an attacker")
