"""Invariants of reach (CR 702.17) and the restriction it answers (flying, 702.9b): a creature with
flying can't be blocked except by creatures with flying and/or reach. Wordings:
``rulings/wordings/reach.toml``. Scenarios: combat states of :mod:`generators.combat` in the
declare attackers step, the first attacker with flying, the defending player's creatures that may
block (the first with reach), the registry's other combat keywords drawn; the check reaches the
declaration of blockers by play.
"""

from __future__ import annotations

from generators.combat import CombatParams, CombatSpec, combat_scenarios, has_keyword
from protocol.decisions import DeclareBlockers
from protocol.keyword_registry import FLYING, REACH
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, GameState, Step
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.combat_moves import lone_flyer
from rulings.invariants.driving import expect_forbidden, pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.FLYING, Mechanic.REACH})
#: The declare attackers step: the first attacker has flying, the defending player's first
#: creature reach.
SKYWATCH = CombatSpec(
    steps=(Step.DECLARE_ATTACKERS,), keywords=True, first_keywords=(FLYING.name,), blocker_keywords=(REACH.name,)
)


def would_be_blockers(state: GameState, player: int, *, reach: bool) -> list[str]:
    """The defending player's untapped creatures without flying, with reach or without it."""
    return [
        p.id
        for p in state.battlefield
        if p.controller == player
        and not p.tapped
        and state.data_of(p.id).is_type("Creature")
        and not has_keyword(state, p.id, FLYING.name)
        and has_keyword(state, p.id, REACH.name) is reach
    ]


def block(defender: int, blocker: str, attacker: str) -> Action:
    return Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((blocker, attacker),))


@invariant(
    applies_to=template("reach.blocks-flying"),
    name="blocks-flying",
    kind="legality",
    claims=[
        "a creature with reach is offered and accepted as a blocker of a creature with flying",
        "a creature with neither flying nor reach can't block a creature with flying",
    ],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(SKYWATCH, allowed),
    optional=SKYWATCH.optional - REQUIRES,
)
def check_blocks_flying(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """In the declare blockers step, blocking an attacker with flying (and without menace) by a
    creature with neither flying nor reach is neither offered nor accepted; by a creature with
    reach it is offered and accepted, and it blocks."""
    player = scenario.params.player
    defender = 1 - player
    start = probe.state()
    flyer = lone_flyer(start, player)
    probe.precondition(flyer is not None, "no attacker with flying (and without menace)")
    assert flyer is not None
    reachers = would_be_blockers(start, defender, reach=True)
    probe.precondition(bool(reachers), "no untapped creature with reach and without flying")
    grounded = would_be_blockers(start, defender, reach=False)
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareBlockers), "the declaration of blockers")
    for other in grounded[:1]:
        refused = block(defender, other, flyer)
        expect_forbidden(
            probe,
            refused,
            [a for a in probe.legal_actions() if (other, flyer) in a.blocks],
            what=f"{other}, with neither flying nor reach, blocking {flyer}, which has flying,",
            why="(702.9b, 702.17b)",
            none_offered=f"no declaration of {other} blocking {flyer}",
        )
        probe.claim("a creature with neither flying nor reach can't block a creature with flying")
    allowed = block(defender, reachers[0], flyer)
    expect(
        allowed in probe.legal_actions(),
        "a creature with reach is not offered as a blocker of a creature with flying (702.17b)",
        expected=f"{allowed} offered",
        observed="not offered",
    )
    probe.require(allowed, "a creature with reach blocks a creature with flying (702.17b)")
    after = probe.state()
    blocker = after.permanent(reachers[0])
    expect(
        blocker is not None and flyer in blocker.blocking,
        "a creature with reach declared as a blocker of a creature with flying is not blocking it (509.1)",
        expected=f"{reachers[0]} blocking {flyer}",
        observed=str(blocker),
    )
    probe.claim("a creature with reach is offered and accepted as a blocker of a creature with flying")
