"""Invariants of trample (CR 702.19): lethal damage to the blockers first, the excess to what the
creature attacks; and a blocked creature with trample whose blockers are gone deals all its
damage to what it attacks. Wordings: ``rulings/wordings/trample.toml``. Scenarios: combat states
of :mod:`generators.combat` whose blocked attackers have trample.

Each check computes lethal damage itself, from the state it can see: a blocker's toughness less
the damage already marked on it (120.6) less the damage the attacking player's other creatures
assign to it in the same step (702.19b). It never reads the lethal amounts the engine puts in its
:class:`~protocol.decisions.AssignCombatDamage`: an engine that computes them wrong must fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generators.combat import (
    CombatParams,
    blocked_attacker_with,
    combat_scenarios,
    damage_combat,
    has_keyword,
)
from protocol.decisions import AssignCombatDamage
from protocol.keyword_registry import DOUBLE_STRIKE, FIRST_STRIKE, TRAMPLE
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, Event, EventKind, GameState, Permanent, Step, target_ref
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.driving import pass_until

REQUIRES = frozenset({Mechanic.PRIORITY, Mechanic.TRAMPLE})
#: The steps from the declaration of blockers to the last combat damage step.
DAMAGE_WINDOW = frozenset({Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE})
#: Blocked attackers with trample, in the declare blockers step: the check passes priority into
#: the combat damage steps. Several blockers, creatures blocking two attackers and damage already
#: marked are drawn where the engine supports them.
TRAMPLERS = damage_combat(
    blocked_keywords=(TRAMPLE.name,),
    blocked_power_bonus=3,
)
#: The same, with damage marked on most creatures (120.6).
MARKED = damage_combat(
    blocked_keywords=(TRAMPLE.name,),
    blocked_power_bonus=3,
    damage_share=75,
)
#: The same, one blocker of the first trampler also blocking another attacker (509.1a).
SHARED = damage_combat(
    blocked_keywords=(TRAMPLE.name,),
    blocked_power_bonus=3,
    shared_blocker=True,
)
#: Blocked attackers with double strike and trample (702.4b: they deal damage in both steps).
DOUBLE_TRAMPLERS = damage_combat(
    blocked_keywords=(DOUBLE_STRIKE.name, TRAMPLE.name),
    blocked_power_bonus=4,
)


def blockers_of(state: GameState, attacker: str) -> list[Permanent]:
    return [p for p in state.battlefield if attacker in p.blocking]


def power(state: GameState, card_id: str) -> int:
    return int(state.data_of(card_id).power or 0)


def toughness(state: GameState, card_id: str) -> int:
    return int(state.data_of(card_id).toughness or 0)


def deals_damage_now(state: GameState, perm: Permanent) -> bool:
    """510.4, 702.7b, 702.4b: in the first-strike damage step, creatures with first or double
    strike; in the combat damage step, those that had neither as the first-strike step began,
    plus those with double strike."""
    double = has_keyword(state, perm.id, DOUBLE_STRIKE.name)
    if state.step is Step.FIRST_STRIKE_DAMAGE:
        return double or has_keyword(state, perm.id, FIRST_STRIKE.name)
    return double or perm.id not in state.first_strikers


@dataclass(frozen=True)
class Division:
    """The assignment the check makes for the whole decision: each other creature's damage all to
    its first recipient (any division is legal without trample, 510.1c-d), the trampler's lethal
    damage to each of its blockers and the rest to what it attacks."""

    action: Action
    #: Damage the trampler must assign to each blocker for it to be lethal (702.19b).
    needed: Mapping[str, int]
    #: What the trampler assigns beyond its blockers, and to whom.
    excess: int
    beyond: str
    #: Per blocker: damage already marked, and damage the player's other creatures assign to it.
    marked: Mapping[str, int]
    others: Mapping[str, int]


def divide(
    state: GameState, decision: AssignCombatDamage, trampler: Permanent, *, one_is_lethal: bool = False
) -> Division | None:
    """The check's own division (see :class:`Division`), or ``None`` when the trampler's power is
    not more than the lethal damage its blockers need (no excess to assign). ``one_is_lethal``:
    the trampler has deathtouch, so 1 damage is lethal to a blocker that needs any (702.2c)."""
    player = decision.player
    own: dict[str, int] = {}
    shares: list[tuple[str, str, int]] = []
    for entry in decision.sources:
        if entry.source == trampler.id or not entry.creatures:
            continue
        recipient = entry.creatures[0].ref
        shares.append((entry.source, recipient, power(state, entry.source)))
        own[recipient] = own.get(recipient, 0) + power(state, entry.source)
    listed = {entry.source for entry in decision.sources}
    # The player's creatures that assign all their damage to one blocker without being asked.
    for perm in state.battlefield:
        if perm.controller != player or perm.id in listed or not deals_damage_now(state, perm):
            continue
        if perm.attacking is not None and perm.blocked:
            only = blockers_of(state, perm.id)
            if len(only) == 1:
                own[only[0].id] = own.get(only[0].id, 0) + power(state, perm.id)
    blockers = blockers_of(state, trampler.id)
    marked = {b.id: b.damage for b in blockers}
    others = {b.id: own.get(b.id, 0) for b in blockers}
    needed = {b.id: max(0, toughness(state, b.id) - marked[b.id] - others[b.id]) for b in blockers}
    if one_is_lethal:
        needed = {b: min(1, n) for b, n in needed.items()}
    amount = power(state, trampler.id)
    excess = amount - sum(needed.values())
    attacked = trampler.attacking
    if not blockers or excess <= 0 or attacked is None:
        return None
    if attacked.permanent is not None and state.permanent(attacked.permanent) is None:
        return None  # what it attacks has left: no damage can go there (506.4c)
    beyond = target_ref(attacked)
    shares += [(trampler.id, b, n) for b, n in needed.items() if n > 0]
    shares.append((trampler.id, beyond, excess))
    action = Action(ActionKind.ASSIGN_DAMAGE, player, damage=tuple(shares))
    return Division(action, needed, excess, beyond, marked, others)


def short_of_lethal(division: Division, trampler: str) -> Action | None:
    """The division with one damage moved from a blocker short of lethal to what the trampler
    attacks: forbidden by 702.19b (none when every blocker needs no damage)."""
    short = next((b for b, n in division.needed.items() if n > 0), None)
    if short is None:
        return None
    damage = []
    for source, recipient, amount in division.action.damage:
        if source == trampler and recipient == short:
            amount -= 1
        elif source == trampler and recipient == division.beyond:
            amount += 1
        if amount > 0:
            damage.append((source, recipient, amount))
    return Action(ActionKind.ASSIGN_DAMAGE, division.action.player, damage=tuple(damage))


def on_blockers(division: Division, trampler: str) -> Division:
    """The division with the trampler's excess put on its last blocker instead of beyond them
    (702.19b: the excess may go to the blockers too)."""
    last = list(division.needed)[-1]
    damage = [s for s in division.action.damage if s[0] != trampler]
    for blocker, n in division.needed.items():
        share = n + (division.excess if blocker == last else 0)
        if share > 0:
            damage.append((trampler, blocker, share))
    action = Action(ActionKind.ASSIGN_DAMAGE, division.action.player, damage=tuple(damage))
    return Division(action, division.needed, 0, division.beyond, division.marked, division.others)


def reach_the_division(
    probe: Probe, scenario: Scenario[CombatParams], *, one_is_lethal: bool = False
) -> tuple[GameState, Permanent]:
    """Pass priority from the declare blockers step until the attacking player is asked how the
    trampler assigns its combat damage; the state and the trampler. A trampler with damage to
    spare beyond lethal must be asked about (702.19b: its controller chooses); ``one_is_lethal``:
    it has deathtouch, and 1 damage is lethal to each blocker (702.2c)."""
    player = scenario.params.player
    start = probe.state()
    trampler = blocked_attacker_with(start, player, TRAMPLE.name)
    probe.precondition(trampler is not None, "no blocked attacker with trample")
    assert trampler is not None

    def asked(state: GameState, seen: list[Event]) -> bool:
        pending = state.pending
        if isinstance(pending, AssignCombatDamage) and pending.player == player:
            if any(entry.source == trampler.id for entry in pending.sources):
                return True
        gone = state.permanent(trampler.id) is None or state.step not in DAMAGE_WINDOW
        return gone or bool(dealt_shares(seen, trampler.id))

    events = pass_until(probe, asked, "the trampler's combat damage assignment")
    state = probe.state()
    current = state.permanent(trampler.id)
    probe.precondition(current is not None and current.blocked is True, "the trampler left combat before its damage")
    assert current is not None
    pending = state.pending
    dealt = [e for e in events if e.kind is EventKind.DAMAGE and e.card == trampler.id]
    if not isinstance(pending, AssignCombatDamage) or pending.player != player:
        # Not asked: fine only where its damage has nowhere to go but its blockers (counting
        # marked damage only: other creatures' shares could add a choice the engine may not offer).
        blockers = blockers_of(start, trampler.id)
        lethal = [toughness(start, b.id) - b.damage for b in blockers]
        spare = power(start, trampler.id) > sum(min(1, n) if one_is_lethal else n for n in lethal)
        probe.precondition(spare and bool(blockers), "no damage to spare beyond its blockers' lethal damage")
        attacked = current.attacking
        probe.precondition(
            attacked is not None and (attacked.permanent is None or state.permanent(attacked.permanent) is not None),
            "what the trampler attacks left the battlefield before its damage (506.4c)",
        )
        expect(
            False,
            "the engine did not let the attacking player assign the trampler's excess damage (702.19b)",
            expected=f"an assignment of {trampler.id}'s combat damage asked of player {player}",
            observed=f"step {state.step}; its damage: {', '.join(map(str, dealt)) or 'none'}",
        )
    return state, current


def dealt_shares(events: list[Event], source: str) -> list[tuple[str, int]]:
    return sorted((e.target or "", e.amount or 0) for e in events if e.kind is EventKind.DAMAGE and e.card == source)


def deal(
    probe: Probe,
    division: Division,
    trampler: str,
    player: int,
    what: str = "lethal damage to each blocker, the rest to what it attacks",
) -> list[Event]:
    """Apply the division (it must be accepted; ``what`` says what it is when it is refused), then pass
    until the step's damage is dealt; the events since the division."""
    events = list(probe.require(division.action, what))
    step = probe.state().step

    def dealt(state: GameState, seen: list[Event]) -> bool:
        return any(e.kind is EventKind.DAMAGE for e in events + seen) or state.step is not step

    events += pass_until(probe, dealt, "the combat damage of the step")
    return events


def expect_dealt(division: Division, events: list[Event], trampler: str) -> None:
    wanted = sorted((r, n) for s, r, n in division.action.damage if s == trampler)
    got = dealt_shares(events, trampler)
    expect(
        got == wanted,
        "the trampler's combat damage was not dealt as assigned (702.19b)",
        expected=", ".join(f"{n} to {r}" for r, n in wanted),
        observed=", ".join(f"{n} to {r}" for r, n in got) or "no damage from it",
    )


def own_division(probe: Probe, scenario: Scenario[CombatParams]) -> tuple[Permanent, Division]:
    """The trampler, once asked about, and the check's own division of its damage (:func:`divide`); a trampler with no
    damage to spare beyond its blockers' lethal damage is not the case the checks play."""
    state, trampler = reach_the_division(probe, scenario)
    decision = state.pending
    assert isinstance(decision, AssignCombatDamage)
    division = divide(state, decision, trampler)
    probe.precondition(division is not None, "no damage to spare beyond its blockers' lethal damage")
    assert division is not None
    return trampler, division


LETHAL_THEN_EXCESS = template("trample.lethal-then-excess")


@invariant(
    applies_to=LETHAL_THEN_EXCESS,
    name="excess-to-attacked",
    kind="outcome",
    claims=["damage beyond a blocker short of lethal refused", "the excess beyond lethal dealt to what it attacks"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(TRAMPLERS, allowed),
    optional=TRAMPLERS.optional,
)
def check_excess_to_attacked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An attacking creature with trample assigns lethal damage to each creature blocking it,
    and may assign the rest to the player, planeswalker or battle it attacks; damage there while a
    blocker has less than lethal is refused."""
    player = scenario.params.player
    trampler, division = own_division(probe, scenario)
    short = short_of_lethal(division, trampler.id)
    if short is not None:
        probe.expect_refused(short, "damage assigned to what the trampler attacks before lethal to every blocker")
        probe.claim("damage beyond a blocker short of lethal refused")
    events = deal(probe, division, trampler.id, player)
    expect_dealt(division, events, trampler.id)
    probe.claim("the excess beyond lethal dealt to what it attacks")


@invariant(
    applies_to=LETHAL_THEN_EXCESS,
    name="lethal-counts-marked-damage",
    kind="outcome",
    claims=["lethal damage less the damage already marked is enough"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(MARKED, allowed),
    optional=MARKED.optional,
)
def check_lethal_counts_marked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocker with damage already marked needs only its toughness less that damage for the
    trampler's excess to go beyond it (702.19b, 120.6)."""
    trampler, division = own_division(probe, scenario)
    probe.precondition(any(division.marked.values()), "no blocker of the trampler has damage marked on it")
    events = deal(probe, division, trampler.id, scenario.params.player)
    expect_dealt(division, events, trampler.id)
    probe.claim("lethal damage less the damage already marked is enough")


@invariant(
    applies_to=LETHAL_THEN_EXCESS,
    name="excess-on-blockers",
    kind="outcome",
    claims=["more than lethal damage to a blocker, none to what it attacks, dealt as assigned"],
    requires=REQUIRES,
    scenarios=lambda allowed=None: combat_scenarios(TRAMPLERS, allowed),
    optional=TRAMPLERS.optional,
)
def check_excess_on_blockers(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """The excess is its controller's to divide among the blockers and what the creature attacks
    (702.19b): trample lets damage go past the blockers but never makes it; an assignment that puts the
    excess on a blocker too, nothing on the player, is legal and dealt as assigned."""
    trampler, division = own_division(probe, scenario)
    division = on_blockers(division, trampler.id)
    what = "the trampler's excess damage assigned to a blocker instead of what it attacks"
    events = deal(probe, division, trampler.id, scenario.params.player, what)
    expect_dealt(division, events, trampler.id)
    probe.claim("more than lethal damage to a blocker, none to what it attacks, dealt as assigned")


@invariant(
    applies_to=LETHAL_THEN_EXCESS,
    name="lethal-counts-other-creatures",
    kind="outcome",
    claims=["lethal damage less what other creatures assign it is enough"],
    requires=REQUIRES | {Mechanic.BLOCK_ADDITIONAL},
    scenarios=lambda allowed=None: combat_scenarios(SHARED, allowed),
    optional=SHARED.optional - {Mechanic.BLOCK_ADDITIONAL},
)
def check_lethal_counts_other_creatures(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocker that also blocks another attacker counts the damage that creature assigns to it
    in the same step toward the trampler's lethal damage (702.19b)."""
    trampler, division = own_division(probe, scenario)
    probe.precondition(
        any(division.others.values()), "no other creature assigns damage to a blocker of the trampler in this step"
    )
    events = deal(probe, division, trampler.id, scenario.params.player)
    expect_dealt(division, events, trampler.id)
    probe.claim("lethal damage less what other creatures assign it is enough")


@invariant(
    applies_to=template("trample.blockers-destroyed-by-first-strike"),
    name="regular-damage-to-attacked",
    kind="outcome",
    claims=["all its regular combat damage dealt to what it attacks"],
    requires=REQUIRES | {Mechanic.DOUBLE_STRIKE},
    scenarios=lambda allowed=None: combat_scenarios(DOUBLE_TRAMPLERS, allowed),
    optional=DOUBLE_TRAMPLERS.optional,
)
def check_regular_damage_to_attacked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature with double strike and trample that destroys all its blockers with first-strike
    damage assigns all its regular combat damage to what it attacks (702.19d, 702.4b)."""
    player = scenario.params.player
    state, trampler = reach_the_division(probe, scenario)
    probe.precondition(state.step is Step.FIRST_STRIKE_DAMAGE, "the trampler's first damage is not first-strike")
    decision = state.pending
    assert isinstance(decision, AssignCombatDamage)
    division = divide(state, decision, trampler)
    probe.precondition(division is not None, "its first-strike damage cannot be lethal to all its blockers")
    assert division is not None
    # Lethal damage to each blocker and the rest to them too: what it attacks keeps all its
    # loyalty or defense for the regular damage (a planeswalker or battle dealt lethal damage now
    # would leave, and the regular damage would have nowhere to go, 506.4c).
    division = on_blockers(division, trampler.id)
    blockers = list(division.needed)
    events = deal(probe, division, trampler.id, player)
    expect_dealt(division, events, trampler.id)
    seen = pass_until(probe, lambda s, _: s.step is not Step.FIRST_STRIKE_DAMAGE, "the combat damage step")
    state = probe.state()
    current = state.permanent(trampler.id)
    probe.precondition(current is not None, "the trampler died in the first-strike damage step")
    standing = [b for b in blockers if state.permanent(b) is not None]
    expect(
        not standing,
        "blockers dealt lethal first-strike damage are still on the battlefield (704.5g)",
        expected="every blocker destroyed",
        observed=f"still there: {', '.join(standing)}",
    )
    probe.precondition(state.step is Step.COMBAT_DAMAGE, "no regular combat damage step")
    attacked = trampler.attacking
    probe.precondition(
        attacked is not None and (attacked.permanent is None or state.permanent(attacked.permanent) is not None),
        "what the trampler attacks left the battlefield in the first-strike damage step",
    )

    def done(s: GameState, more: list[Event]) -> bool:
        return bool(dealt_shares(seen + more, trampler.id)) or s.step is not Step.COMBAT_DAMAGE

    seen += pass_until(probe, done, "the regular combat damage")
    wanted = [(division.beyond, power(state, trampler.id))]
    got = dealt_shares(seen, trampler.id)
    expect(
        got == wanted,
        "a blocked creature with trample whose blockers are gone did not deal all its damage to what it "
        "attacks (702.19d)",
        expected=f"{wanted[0][1]} to {wanted[0][0]}",
        observed=", ".join(f"{n} to {r}" for r, n in got) or "no damage from it",
    )
    probe.claim("all its regular combat damage dealt to what it attacks")
