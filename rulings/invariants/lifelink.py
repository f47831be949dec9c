"""Invariants of lifelink (CR 702.15): damage dealt by a source with lifelink also gains its
controller that much life, whatever it is dealt to. Wordings: ``rulings/wordings/lifelink.toml``.
Scenarios: combat states of :mod:`generators.combat` in the declare blockers step, with an
unblocked attacker with lifelink attacking the defending player, a blocked attacker with lifelink,
and the registry's other combat keywords (lifelink on blockers too) drawn.

The check balances each player's life over the combat damage steps: what they had, less the
combat damage dealt to them, plus the combat damage their creatures with lifelink dealt (to
anything). It takes the amounts from the damage the engine reports, and holds the one amount it
can compute itself to the rules: the unblocked attacker deals its power to the player (510.1b).
"""

from __future__ import annotations

from generators.combat import CombatParams, combat_scenarios, damage_combat, has_keyword
from protocol.actions import TargetKind
from protocol.keyword_registry import LIFELINK
from protocol.mechanics import Mechanic
from protocol.model import Event, EventKind, GameState, Permanent, Step
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.driving import pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.LIFELINK})
DAMAGE_WINDOW = frozenset({Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE})
#: An unblocked attacker with lifelink attacking the defending player and a blocked one, in the
#: declare blockers step; the other combat keywords, gang blocks and marked damage where allowed.
LINKED = damage_combat(
    min_unblocked=1,
    first_attacks_player=True,
    keywords=True,
    unblocked_keywords=(LIFELINK.name,),
    blocked_keywords=(LIFELINK.name,),
)


def player_ref(player: int) -> str:
    return f"player:{player}"


def unblocked_linker(state: GameState, player: int) -> Permanent | None:
    """The player's first unblocked attacker with lifelink that attacks a player."""
    return next(
        (
            p
            for p in state.unblocked_attackers(player)
            if p.attacking is not None
            and p.attacking.kind is TargetKind.PLAYER
            and has_keyword(state, p.id, LIFELINK.name)
        ),
        None,
    )


def damage(events: list[Event], *, sources: set[str] | None = None, target: str | None = None) -> int:
    """The damage in ``events`` dealt by ``sources`` (any) to ``target`` (anything)."""
    return sum(
        e.amount or 0
        for e in events
        if e.kind is EventKind.DAMAGE
        and (sources is None or e.card in sources)
        and (target is None or e.target == target)
    )


def to_creatures(events: list[Event], sources: set[str], creatures: set[str]) -> int:
    return sum(damage(events, sources=sources, target=c) for c in creatures)


@invariant(
    applies_to=template("lifelink.gain-life"),
    name="life-gained-with-combat-damage",
    kind="outcome",
    claims=["life gained for combat damage to a player", "life gained for combat damage to a creature"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(LINKED, allowed),
    optional=LINKED.optional - REQUIRES,
)
def check_life_gained(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Through the combat damage steps each player's life changes by the lifelink damage of the
    creatures they control (to creatures and players alike) less the damage dealt to them; the
    unblocked attacker with lifelink deals its power to the player it attacks."""
    player = scenario.params.player
    start = probe.state()
    linker = unblocked_linker(start, player)
    probe.precondition(linker is not None, "no unblocked attacker with lifelink attacks a player")
    assert linker is not None and linker.attacking is not None
    defender = 1 - player  # it attacks a player: the defending player (506.2)
    linkers = {
        q: {p.id for p in start.battlefield if p.controller == q and has_keyword(start, p.id, LIFELINK.name)}
        for q in (0, 1)
    }
    creatures = {p.id for p in start.battlefield if start.data_of(p.id).is_type("Creature")}
    before = [start.players[q].life for q in (0, 1)]
    events = pass_until(probe, lambda s, _: s.step not in DAMAGE_WINDOW, "the end of the combat damage steps")
    after = probe.state()
    hit = damage(events, sources={linker.id}, target=player_ref(defender))
    expect(
        hit >= int(start.data_of(linker.id).power or 0) > 0,
        "an unblocked attacker did not deal its combat damage to the player it attacks (510.1b)",
        expected=f"{linker.id} deals {start.data_of(linker.id).power} to {player_ref(defender)}",
        observed=f"{hit}",
    )
    for q in (0, 1):
        gained = damage(events, sources=linkers[q])
        lost = damage(events, target=player_ref(q))
        wanted = before[q] - lost + gained
        expect(
            after.players[q].life == wanted,
            f"player {q}'s life does not show the life their creatures with lifelink gained (702.15b)",
            expected=f"{before[q]} - {lost} damage + {gained} lifelink = {wanted}",
            observed=f"{after.players[q].life}",
        )
    probe.claim("life gained for combat damage to a player")
    if to_creatures(events, linkers[0] | linkers[1], creatures):
        probe.claim("life gained for combat damage to a creature")
