"""Invariants of deathtouch (CR 702.2): any nonzero damage from a source with deathtouch destroys
the creature it is dealt to at the next check of state-based actions (702.2b, 704.5h); and for a
creature with deathtouch and trample, 1 damage is lethal to each blocker, so the rest may go to
what it attacks (702.2c). Wordings: ``rulings/wordings/deathtouch.toml``. Scenarios: combat states
of :mod:`generators.combat` whose blocked attackers have deathtouch (and trample).

The checks decide what must be destroyed from the state they see: a creature's toughness less
the damage marked on it before combat damage, and the damage the creature with deathtouch dealt
it. They never read the engine's lethal amounts.
"""

from __future__ import annotations

from generators.combat import CombatParams, blocked_attacker_with, combat_scenarios, damage_combat
from protocol.decisions import AssignCombatDamage
from protocol.keyword_registry import DEATHTOUCH, TRAMPLE
from protocol.mechanics import Mechanic
from protocol.model import Event, EventKind
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.driving import pass_until
from rulings.invariants.trample import (
    DAMAGE_WINDOW,
    blockers_of,
    deal,
    divide,
    expect_dealt,
    power,
    reach_the_division,
    short_of_lethal,
    toughness,
)

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.DEATHTOUCH})
#: Blocked attackers with deathtouch, in the declare blockers step (the check passes priority
#: through the combat damage steps); the registry's other combat keywords, several blockers and
#: damage already marked drawn where the engine supports them.
KILLERS = damage_combat(
    keywords=True,
    blocked_keywords=(DEATHTOUCH.name,),
)
#: Blocked attackers with deathtouch and trample, strong enough to have damage left over.
TRAMPLING_KILLERS = damage_combat(
    blocked_keywords=(DEATHTOUCH.name, TRAMPLE.name),
    blocked_power_bonus=2,
)


def damage_to(events: list[Event], source: str, creatures: set[str]) -> dict[str, int]:
    """The damage ``source`` dealt each of ``creatures`` in ``events``."""
    out: dict[str, int] = {}
    for e in events:
        if e.kind is EventKind.DAMAGE and e.card == source and e.target in creatures and (e.amount or 0) > 0:
            out[str(e.target)] = out.get(str(e.target), 0) + (e.amount or 0)
    return out


def combat_damage(probe: Probe) -> list[Event]:
    """Pass (the least answer to every damage assignment) until the combat damage steps are over."""
    return pass_until(probe, lambda s, _: s.step not in DAMAGE_WINDOW, "the end of the combat damage steps")


DESTROYS = template("deathtouch.destroys")


@invariant(
    applies_to=DESTROYS,
    name="destroyed-by-any-damage",
    kind="outcome",
    claims=["a creature dealt less than lethal damage by deathtouch is destroyed"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(KILLERS, allowed),
    optional=KILLERS.optional - REQUIRES,
)
def check_destroyed_by_any_damage(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Every blocker that a blocked attacker with deathtouch deals combat damage to is destroyed
    by the next check of state-based actions, whatever its toughness (702.2b, 704.5h); and a
    blocked attacker that survives combat with a blocker left dealt its damage to its blockers
    (510.1c), so an engine that deals none fails too."""
    start = probe.state()
    killer = blocked_attacker_with(start, scenario.params.player, DEATHTOUCH.name)
    probe.precondition(killer is not None, "no blocked attacker with deathtouch")
    assert killer is not None
    blockers = {b.id: b for b in blockers_of(start, killer.id)}
    events = combat_damage(probe)
    after = probe.state()
    dealt = damage_to(events, killer.id, set(blockers))
    standing = [b for b in blockers if after.permanent(b) is not None]
    if not dealt:
        expect(
            after.permanent(killer.id) is None or not standing or power(start, killer.id) <= 0,
            "a blocked creature that stayed in combat with its blockers dealt them no combat damage (510.1c)",
            expected=f"{killer.id} deals {power(start, killer.id)} damage among {', '.join(blockers)}",
            observed="no damage from it",
        )
    probe.precondition(bool(dealt), "the creature with deathtouch left combat before dealing its damage")
    survivors = [b for b in dealt if after.permanent(b) is not None]
    expect(
        not survivors,
        "a creature dealt damage by a source with deathtouch was not destroyed (702.2b, 704.5h)",
        expected=f"destroyed: {', '.join(sorted(dealt))}",
        observed=f"still on the battlefield: {', '.join(survivors)}",
    )
    nonlethal = [b for b, n in dealt.items() if toughness(start, b) - blockers[b].damage > n]
    probe.precondition(bool(nonlethal), "every creature it damaged was dealt lethal damage anyway (704.5g)")
    probe.claim("a creature dealt less than lethal damage by deathtouch is destroyed")


@invariant(
    applies_to=template("deathtouch.lethal-for-trample"),
    name="one-damage-is-lethal",
    kind="outcome",
    claims=["1 damage to a blocker is lethal before the rest goes to what it attacks"],
    requires=REQUIRES | {Mechanic.TRAMPLE},
    scenarios=lambda allowed=None: combat_scenarios(TRAMPLING_KILLERS, allowed),
    optional=TRAMPLING_KILLERS.optional,
)
def check_one_damage_is_lethal(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocked attacker with deathtouch and trample may assign 1 damage to each blocker that
    needs some and the rest to what it attacks (702.2c with 702.19b); assigning none to a blocker
    that needs damage and more beyond is still refused."""
    state, trampler = reach_the_division(probe, scenario, one_is_lethal=True)
    decision = state.pending
    assert isinstance(decision, AssignCombatDamage)
    division = divide(state, decision, trampler, one_is_lethal=True)
    probe.precondition(division is not None, "no damage to spare beyond 1 to each blocker")
    assert division is not None
    short = short_of_lethal(division, trampler.id)
    if short is not None:
        probe.expect_refused(short, "damage beyond the blockers before 1 damage to each of them")
    probe.precondition(
        any(toughness(state, b) - division.marked[b] - division.others[b] > 1 for b in division.needed),
        "every blocker needed at most 1 damage anyway",
    )
    events = deal(probe, division, trampler.id, scenario.params.player)
    expect_dealt(division, events, trampler.id)
    probe.claim("1 damage to a blocker is lethal before the rest goes to what it attacks")
