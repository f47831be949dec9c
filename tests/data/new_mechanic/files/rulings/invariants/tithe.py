"""Invariants of tithe (the made-up keyword of the new-mechanic test, "702.999a"). Wordings:
``rulings/wordings/tithe.toml``. Scenarios: combat states of :mod:`generators.combat` in the
declare blockers step, with the registry's combat keywords (tithe among them) drawn and tithe on
the attacker the spec requires unblocked (``unblocked_keywords``)."""

from __future__ import annotations

from generators.combat import CombatParams, CombatSpec, combat_scenarios, has_keyword
from protocol.actions import TargetKind
from protocol.keyword_registry import LIFELINK, TITHE
from protocol.mechanics import Mechanic
from protocol.model import Event, EventKind, GameState, Step
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.driving import pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.TITHE})
DAMAGE_WINDOW = frozenset({Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE})
UNBLOCKED = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    first_attacks_player=True,
    by_play=False,
    keywords=True,
    unblocked_keywords=(TITHE.name,),
)


def tithers(state: GameState, player: int) -> set[str]:
    """The player's unblocked attackers with tithe that attack a player."""
    return {
        p.id
        for p in state.unblocked_attackers(player)
        if p.attacking is not None and p.attacking.kind is TargetKind.PLAYER and has_keyword(state, p.id, TITHE.name)
    }


def all_tithers(state: GameState, player: int) -> set[str]:
    """The player's attacking creatures with tithe, blocked or not (a blocked one with trample
    may deal damage to a player too)."""
    return {p.id for p in state.attackers() if p.controller == player and has_keyword(state, p.id, TITHE.name)}


def damage_to_players(events: list[Event], sources: set[str]) -> int:
    return sum(
        e.amount or 0
        for e in events
        if e.kind is EventKind.DAMAGE and e.card in sources and str(e.target).startswith("player:")
    )


@invariant(
    applies_to=template("tithe.gain-life"),
    name="life-gained-with-damage",
    kind="outcome",
    claims=["its controller gains the life its damage took"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(UNBLOCKED, allowed),
    optional=UNBLOCKED.optional - REQUIRES,
)
def check_life_gained(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked creature with tithe deals its combat damage to the player it attacks; its
    controller gains that much life at once."""
    player = scenario.params.player
    state = probe.state()
    sources = tithers(state, player)
    probe.precondition(bool(sources), "no unblocked attacker with tithe attacks a player")
    sources = all_tithers(state, player)
    probe.precondition(
        not any(has_keyword(state, p.id, LIFELINK.name) for p in state.battlefield if p.controller == player),
        "a creature of the player has lifelink, which gains life too",
    )
    before = state.players[player].life

    def dealt(s: GameState, seen: list[Event]) -> bool:
        return damage_to_players(seen, sources) > 0 or s.step not in DAMAGE_WINDOW

    events = pass_until(probe, dealt, "combat damage from a creature with tithe")
    amount = damage_to_players(events, sources)
    probe.precondition(amount > 0, "no creature with tithe dealt combat damage to a player")
    gained = probe.state().players[player].life - before
    expect(
        gained == amount,
        "tithe gained the wrong amount of life (702.999a)",
        expected=f"+{amount}",
        observed=f"{gained:+d}",
    )
    probe.claim("its controller gains the life its damage took")
