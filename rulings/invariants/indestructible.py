"""Invariants of indestructible (CR 702.12): a permanent with indestructible can't be destroyed;
lethal damage (704.5g) and damage from a source with deathtouch (704.5h) leave it on the
battlefield, its damage still marked. Wordings: ``rulings/wordings/indestructible.toml``.
Scenarios: combat states of :mod:`generators.combat` whose blocked attackers have indestructible,
the registry's combat keywords (deathtouch among them) drawn on their blockers.

The check decides what would have destroyed the creature from what it sees: its toughness, the
damage marked on it before combat damage, and the damage dealt to it (by a source with
deathtouch or not).
"""

from __future__ import annotations

from generators.combat import CombatParams, combat_scenarios, damage_combat, has_keyword
from protocol.keyword_registry import DEATHTOUCH, INDESTRUCTIBLE
from protocol.mechanics import Mechanic
from protocol.model import Event, EventKind, GameState, Permanent, Step
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.driving import pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.INDESTRUCTIBLE})
DAMAGE_WINDOW = frozenset({Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE})
#: Blocked attackers with indestructible in the declare blockers step; several blockers, the
#: other combat keywords and damage already marked drawn where the engine supports them.
UNBREAKABLE = damage_combat(
    keywords=True,
    blocked_keywords=(INDESTRUCTIBLE.name,),
)


def unbreakable_of(state: GameState, player: int) -> Permanent | None:
    """The first blocked attacker of ``player`` with indestructible."""
    return next(
        (
            p
            for p in state.attackers()
            if p.controller == player and p.blocked and has_keyword(state, p.id, INDESTRUCTIBLE.name)
        ),
        None,
    )


def dealt_to(events: list[Event], target: str) -> list[Event]:
    return [e for e in events if e.kind is EventKind.DAMAGE and e.target == target and (e.amount or 0) > 0]


@invariant(
    applies_to=template("indestructible.not-destroyed"),
    name="survives-lethal-damage",
    kind="outcome",
    claims=["a creature with indestructible dealt lethal or deathtouch damage stays on the battlefield"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(UNBREAKABLE, allowed),
    optional=UNBREAKABLE.optional - REQUIRES,
)
def check_survives_lethal_damage(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocked attacker with indestructible dealt at least its toughness in damage (counting
    damage already marked), or any damage by a source with deathtouch, is still on the
    battlefield after combat damage, with that damage marked on it (702.12b)."""
    start = probe.state()
    creature = unbreakable_of(start, scenario.params.player)
    probe.precondition(creature is not None, "no blocked attacker with indestructible")
    assert creature is not None
    blockers = [p for p in start.battlefield if creature.id in p.blocking]
    events = pass_until(probe, lambda s, _: s.step not in DAMAGE_WINDOW, "the end of the combat damage steps")
    after = probe.state()
    hits = dealt_to(events, creature.id)
    # A blocker that blocks only it, stays, and has power deals it damage (510.1d).
    strikers = [
        b.id
        for b in blockers
        if b.blocking == (creature.id,) and after.permanent(b.id) is not None and int(start.data_of(b.id).power or 0)
    ]
    expect(
        bool(hits) or not strikers,
        "a blocking creature dealt no combat damage to the creature it blocks (510.1d)",
        expected=f"damage to {creature.id} from {', '.join(strikers)}",
        observed="no damage to it",
    )
    taken = sum(e.amount or 0 for e in hits)
    toughness = int(start.data_of(creature.id).toughness or 0)
    deadly = any(has_keyword(start, str(e.card), DEATHTOUCH.name) for e in hits if start.permanent(str(e.card)))
    probe.precondition(
        creature.damage + taken >= toughness or deadly, "it was dealt neither lethal nor deathtouch damage"
    )
    now = after.permanent(creature.id)
    expect(
        now is not None,
        "a creature with indestructible was destroyed (702.12b)",
        expected=f"{creature.id} on the battlefield with {creature.damage + taken} damage marked",
        observed=f"{creature.id} left the battlefield",
    )
    assert now is not None
    expect(
        now.damage == creature.damage + taken,
        "the damage dealt to a creature with indestructible is not marked on it (120.3e)",
        expected=f"{creature.damage + taken} damage marked",
        observed=f"{now.damage}",
    )
    probe.claim("a creature with indestructible dealt lethal or deathtouch damage stays on the battlefield")
