"""Invariants of the combat rules every engine plays, compiled from the Comprehensive Rules'
own texts (``rulings/corpus/combat-rules.toml``; wordings ``rulings/wordings/combat-rules.toml``):
attack requirements (508.1a) and attackers tapping (508.1f); block requirements (509.1a), block
restrictions (509.1b) with menace (702.111b) and flying in both directions (702.9b); a blocked
creature that stays blocked when its blockers leave (509.1h); combat damage equal to power
(510.1a), unblocked, blocked and blocking creatures' damage (510.1b-d, with today's 510.1c-d:
several creatures share the damage as its controller chooses, with no damage assignment order);
the first-strike damage step (702.7b, 702.4b, 510.4); damage marked (120.3e), lethal damage and
the state-based action that destroys (704.5g, 120.6).

Every check holds for any card with the keyword it is about: the scenarios are the combat states
of :mod:`generators.combat`, with the registry's combat keywords drawn on attackers and
blockers. The checks compute what the rules require from the state they see (printed power and
toughness, damage marked before combat, the keywords printed on the cards) and from the damage
the engine reports; they never read the engine's own lethal amounts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from hypothesis.strategies import SearchStrategy

from generators.combat import CombatParams, CombatSpec, combat_scenarios, damage_combat, has_keyword
from protocol.decisions import AssignCombatDamage, DeclareAttackers, DeclareBlockers
from protocol.keyword_registry import (
    DEATHTOUCH,
    DEFENDER,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    INDESTRUCTIBLE,
    MENACE,
    REACH,
    TRAMPLE,
    VIGILANCE,
)
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, AttackTarget, Event, EventKind, GameState, Permanent, Step, TargetKind
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.combat_moves import attack_with, lone_flyer
from rulings.invariants.driving import expect_forbidden, pass_until

DAMAGE_WINDOW = frozenset({Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE})
REQUIRES = frozenset({Mechanic.PRIORITY})
STRIKES = (FIRST_STRIKE.name, DOUBLE_STRIKE.name)

#: Blocked and unblocked attackers in the declare blockers step (the checks pass priority through
#: the combat damage steps), with the combat keywords, gang blocks and marked damage drawn.
FIGHTS = damage_combat(
    keywords=True,
)
#: Unblocked attackers, the first attacking the defending player.
RAIDS = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    min_blocked=1,
    first_attacks_player=True,
    by_play=False,
    keywords=True,
    gang_blocks=True,
)
#: The declare attackers step, the first attacker with menace.
MENACING = CombatSpec(
    steps=(Step.DECLARE_ATTACKERS,), keywords=True, first_keywords=(MENACE.name,), would_be_blockers=True
)
#: The declare attackers step, the first attacker with flying, creatures that may block it.
FLYERS = CombatSpec(
    steps=(Step.DECLARE_ATTACKERS,), keywords=True, first_keywords=(FLYING.name,), would_be_blockers=True
)
#: The declare attackers step, the defending player's first creature with flying.
SKY_BLOCKERS = CombatSpec(steps=(Step.DECLARE_ATTACKERS,), keywords=True, blocker_keywords=(FLYING.name,))
#: Blocked attackers with first strike, in the declare blockers step.
STRIKING = damage_combat(
    keywords=True,
    blocked_keywords=(FIRST_STRIKE.name,),
)
#: Blocked attackers with double strike, strong enough to destroy their blockers in the
#: first-strike damage step more often than not.
DOUBLE_STRIKERS = damage_combat(
    blocked_keywords=(DOUBLE_STRIKE.name,),
    blocked_power_bonus=2,
)


def scenarios(spec: CombatSpec) -> Callable[..., SearchStrategy[Scenario[CombatParams]]]:
    """The family's scenarios: combat states per ``spec``, holding only the mechanics allowed."""
    return lambda allowed=None: combat_scenarios(spec, allowed)


def power(state: GameState, card_id: str) -> int:
    return int(state.data_of(card_id).power or 0)


def toughness(state: GameState, card_id: str) -> int:
    return int(state.data_of(card_id).toughness or 0)


def strikers_in_combat(state: GameState) -> bool:
    """Whether an attacking or blocking creature has first strike or double strike (510.4)."""
    return any(
        (p.attacking is not None or p.blocking) and has_keyword(state, p.id, *STRIKES) for p in state.battlefield
    )


def blockers_of(state: GameState, attacker: str) -> list[Permanent]:
    return [p for p in state.battlefield if attacker in p.blocking]


def through_combat_damage(probe: Probe) -> list[Event]:
    """Pass (the least answer to every damage assignment) until the combat damage steps are over."""
    return pass_until(probe, lambda s, _: s.step not in DAMAGE_WINDOW, "the end of the combat damage steps")


def combat_damage_events(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind is EventKind.DAMAGE and (e.amount or 0) > 0]


def by_step(events: list[Event], start: Step) -> dict[Step, list[Event]]:
    """The damage events of ``events`` by the step they were dealt in: the step the last step
    event before them began (``start`` before the first)."""
    out: dict[Step, list[Event]] = {}
    step = start
    for e in events:
        if e.kind is EventKind.STEP and e.detail is not None and e.detail in {s.value for s in Step}:
            step = Step(e.detail)
        elif e.kind is EventKind.DAMAGE and (e.amount or 0) > 0:
            out.setdefault(step, []).append(e)
    return out


def player_ref(player: int) -> str:
    return f"player:{player}"


# -- 704.5g, 120.6: lethal damage ------------------------------------------------------------------

LETHAL = template("combat.lethal-damage")


@invariant(
    applies_to=LETHAL,
    name="lethal-damage-destroys",
    kind="outcome",
    claims=["a creature dealt lethal combat damage is destroyed"],
    requires=REQUIRES,
    scenarios=scenarios(FIGHTS),
    optional=FIGHTS.optional - REQUIRES,
)
def check_lethal_damage_destroys(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Every creature without indestructible whose damage marked (before combat, plus the combat
    damage the engine reports dealing it) reaches its toughness is gone once the combat damage
    steps are over (704.5g, 120.6)."""
    start = probe.state()
    events = through_combat_damage(probe)
    after = probe.state()
    dealt: dict[str, int] = {}
    for e in combat_damage_events(events):
        target = str(e.target)
        if start.permanent(target) is not None and start.data_of(target).is_type("Creature"):
            dealt[target] = dealt.get(target, 0) + (e.amount or 0)
    lethal = [
        c
        for c, n in dealt.items()
        if toughness(start, c) > 0
        and (start.permanent(c) or Permanent(c, 0)).damage + n >= toughness(start, c)
        and not has_keyword(start, c, INDESTRUCTIBLE.name)
    ]
    probe.precondition(bool(lethal), "no creature was dealt lethal damage")
    standing = [c for c in lethal if after.permanent(c) is not None]
    expect(
        not standing,
        "a creature dealt lethal damage was not destroyed (704.5g)",
        expected=f"destroyed: {', '.join(lethal)}",
        observed=f"still on the battlefield: {', '.join(standing)}",
    )
    probe.claim("a creature dealt lethal combat damage is destroyed")


@invariant(
    applies_to=LETHAL,
    name="damage-stays-marked",
    kind="outcome",
    claims=["a creature dealt less than lethal combat damage stays, the damage marked on it"],
    # Damage dealt to a creature is damage marked on it (120.3e): an engine that cannot show
    # marked damage (declared in its adapter) cannot show this claim either.
    observes={"damage"},
    requires=REQUIRES,
    scenarios=scenarios(FIGHTS),
    optional=FIGHTS.optional - REQUIRES,
)
def check_damage_stays_marked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature dealt combat damage that leaves its total marked damage below its toughness,
    by no source with deathtouch, is still on the battlefield after the combat damage steps, with
    all that damage marked on it (120.3e, 120.6: it remains until the cleanup step)."""
    check_marked(probe, "a creature dealt less than lethal combat damage stays, the damage marked on it")


@invariant(
    applies_to=template("combat.damage-marked"),
    name="that-much-damage-marked",
    kind="outcome",
    claims=["combat damage dealt to a creature is marked on it"],
    # Damage dealt to a creature is damage marked on it (120.3e): an engine that cannot show
    # marked damage (declared in its adapter) cannot show this claim either.
    observes={"damage"},
    requires=REQUIRES,
    scenarios=scenarios(FIGHTS),
    optional=FIGHTS.optional - REQUIRES,
)
def check_that_much_damage_marked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """The combat damage dealt to a creature that survives it is marked on it, that much and no
    more, on top of the damage already marked (120.3e)."""
    check_marked(probe, "combat damage dealt to a creature is marked on it")


def check_marked(probe: Probe, claim: str) -> None:
    """The creatures dealt less than lethal damage, by no source with deathtouch, stay with the
    damage marked before combat plus the damage the engine reports dealing them (120.3e, 120.6)."""
    start = probe.state()
    events = through_combat_damage(probe)
    after = probe.state()
    dealt: dict[str, int] = {}
    deadly: set[str] = set()
    for e in combat_damage_events(events):
        target = str(e.target)
        if start.permanent(target) is not None and start.data_of(target).is_type("Creature"):
            dealt[target] = dealt.get(target, 0) + (e.amount or 0)
            if e.card and start.permanent(e.card) is not None and has_keyword(start, e.card, DEATHTOUCH.name):
                deadly.add(target)
    marked = {p.id: p.damage for p in start.battlefield}
    survivors = [c for c, n in dealt.items() if c not in deadly and marked[c] + n < toughness(start, c)]
    probe.precondition(bool(survivors), "no creature was dealt less than lethal damage by a source without deathtouch")
    for c in survivors:
        now = after.permanent(c)
        expect(
            now is not None,
            "a creature dealt less than lethal damage left the battlefield (704.5g)",
            expected=f"{c} on the battlefield with {marked[c] + dealt[c]} damage marked",
            observed=f"{c} is gone",
        )
        assert now is not None
        expect(
            now.damage == marked[c] + dealt[c],
            "the combat damage dealt to a creature is not marked on it (120.3e, 120.6)",
            expected=f"{c} with {marked[c] + dealt[c]} damage marked",
            observed=f"{now.damage}",
        )
    probe.claim(claim)


# -- 510.1a-b: damage equal to power, to what an unblocked creature attacks --------------------------


POWER = template("combat.damage-equals-power")
FLIGHT = template("flying.blocking")


def unblocked_at_player(state: GameState, player: int) -> list[Permanent]:
    return [
        p
        for p in state.unblocked_attackers(player)
        if p.attacking is not None and p.attacking.kind is TargetKind.PLAYER
    ]


def check_unblocked_power(probe: Probe, scenario: Scenario[CombatParams], claim: str) -> None:
    """Each unblocked attacker attacking a player deals that player combat damage equal to its
    power: once, or once in each combat damage step with double strike (510.1a-b, 702.4b); and
    to nothing else."""
    player = scenario.params.player
    start = probe.state()
    raiders = [p for p in unblocked_at_player(start, player) if power(start, p.id) > 0]
    probe.precondition(bool(raiders), "no unblocked attacker with power attacking a player")
    events = combat_damage_events(through_combat_damage(probe))
    for raider in raiders:
        assert raider.attacking is not None
        target = player_ref(raider.attacking.player or 0)
        times = 2 if has_keyword(start, raider.id, DOUBLE_STRIKE.name) else 1
        shares = [(e.target, e.amount) for e in events if e.card == raider.id]
        wanted = [(target, power(start, raider.id))] * times
        expect(
            shares == wanted,
            "an unblocked creature did not deal combat damage equal to its power to the player it attacks (510.1a-b)",
            expected=", ".join(f"{n} to {t}" for t, n in wanted),
            observed=", ".join(f"{n} to {t}" for t, n in shares) or "no damage",
        )
    probe.claim(claim)


@invariant(
    applies_to=template("combat.unblocked-damage"),
    name="to-the-attacked-player",
    kind="outcome",
    claims=["an unblocked creature deals its power to the player it attacks"],
    requires=REQUIRES,
    scenarios=scenarios(RAIDS),
    optional=RAIDS.optional - REQUIRES,
)
def check_to_the_attacked_player(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Each unblocked attacker attacking a player deals its combat damage to that player, and to
    nothing else (510.1b): its power, once, or in each damage step with double strike."""
    check_unblocked_power(probe, scenario, "an unblocked creature deals its power to the player it attacks")


@invariant(
    applies_to=POWER,
    name="unblocked-deals-its-power",
    kind="outcome",
    claims=["an attacking creature assigns combat damage equal to its power"],
    requires=REQUIRES,
    scenarios=scenarios(RAIDS),
    optional=RAIDS.optional - REQUIRES,
)
def check_unblocked_deals_its_power(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Each unblocked attacker attacking a player assigns combat damage equal to its power
    (510.1a), to that player (510.1b)."""
    check_unblocked_power(probe, scenario, "an attacking creature assigns combat damage equal to its power")


def check_blocker_power(probe: Probe, claim: str) -> None:
    """A creature blocking exactly one attacker deals it all its damage, equal to its power, in
    each step it deals damage in (510.1a, 510.1d), as long as that attacker is still there."""
    start = probe.state()
    blockers = [p for p in start.battlefield if len(p.blocking) == 1 and power(start, p.id) > 0]
    probe.precondition(bool(blockers), "no creature with power blocking exactly one attacker")
    events = combat_damage_events(through_combat_damage(probe))
    checked = False
    for blocker in blockers:
        shares = [(e.target, e.amount) for e in events if e.card == blocker.id]
        expect(
            all(share == (blocker.blocking[0], power(start, blocker.id)) for share in shares),
            "a blocking creature did not assign its power in combat damage to the one creature it blocks (510.1a, 510.1d)",
            expected=f"{power(start, blocker.id)} to {blocker.blocking[0]} each time",
            observed=", ".join(f"{n} to {t}" for t, n in shares),
        )
        expect(
            bool(shares) or strikers_in_combat(start),
            "a blocking creature with power dealt no combat damage to the attacker it blocks, with no first strike "
            "in combat to remove either first (510.1a, 510.1d)",
            expected=f"{power(start, blocker.id)} from {blocker.id} to {blocker.blocking[0]}",
            observed="no damage from it",
        )
        checked = checked or bool(shares)
    probe.precondition(checked, "every blocker left combat before dealing damage")
    probe.claim(claim)


@invariant(
    applies_to=POWER,
    name="blocker-deals-its-power",
    kind="outcome",
    claims=["a blocking creature assigns combat damage equal to its power"],
    # Damage dealt to a creature is damage marked on it (120.3e): an engine that cannot show
    # marked damage (declared in its adapter) cannot show this claim either.
    observes={"damage"},
    requires=REQUIRES,
    scenarios=scenarios(FIGHTS),
    optional=FIGHTS.optional - REQUIRES,
)
def check_blocker_deals_its_power(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocking creature assigns combat damage equal to its power (510.1a) to the one attacker
    it blocks."""
    check_blocker_power(probe, "a blocking creature assigns combat damage equal to its power")


BLOCKER_DAMAGE = template("combat.blocker-damage")


@invariant(
    applies_to=BLOCKER_DAMAGE,
    name="one-attacker-takes-all",
    kind="outcome",
    claims=["a creature blocking one attacker assigns all its combat damage to it"],
    # Damage dealt to a creature is damage marked on it (120.3e): an engine that cannot show
    # marked damage (declared in its adapter) cannot show this claim either.
    observes={"damage"},
    requires=REQUIRES,
    scenarios=scenarios(FIGHTS),
    optional=FIGHTS.optional - REQUIRES,
)
def check_one_attacker_takes_all(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature blocking exactly one attacker assigns all its combat damage to it (510.1d)."""
    check_blocker_power(probe, "a creature blocking one attacker assigns all its combat damage to it")


# -- 510.1c: a blocked creature's damage -------------------------------------------------------------

BLOCKED = template("combat.blocked-damage")


def plain_blocked(state: GameState, player: int, *, blockers: int) -> list[Permanent]:
    """Blocked attackers of ``player`` without trample with exactly (or, for 2, at least)
    ``blockers`` blockers and power to deal."""
    out = []
    for p in state.attackers():
        if p.controller != player or not p.blocked or has_keyword(state, p.id, TRAMPLE.name):
            continue
        n = len(blockers_of(state, p.id))
        if power(state, p.id) > 0 and (n == blockers if blockers == 1 else n >= blockers):
            out.append(p)
    return out


@invariant(
    applies_to=BLOCKED,
    name="one-blocker-takes-all",
    kind="outcome",
    claims=["a blocked creature with one blocker assigns all its combat damage to it"],
    requires=REQUIRES,
    scenarios=scenarios(FIGHTS),
    optional=FIGHTS.optional - REQUIRES,
)
def check_one_blocker_takes_all(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocked attacker without trample blocked by exactly one creature deals all its combat
    damage, equal to its power, to that creature, and none to anything else (510.1a, 510.1c)."""
    start = probe.state()
    attackers = plain_blocked(start, scenario.params.player, blockers=1)
    probe.precondition(bool(attackers), "no blocked attacker without trample with exactly one blocker")
    events = combat_damage_events(through_combat_damage(probe))
    checked = False
    for attacker in attackers:
        blocker = blockers_of(start, attacker.id)[0].id
        shares = [(e.target, e.amount) for e in events if e.card == attacker.id]
        expect(
            all(share == (blocker, power(start, attacker.id)) for share in shares),
            "a blocked creature with one blocker did not assign all its combat damage to it (510.1c)",
            expected=f"{power(start, attacker.id)} to {blocker} each time it deals damage",
            observed=", ".join(f"{n} to {t}" for t, n in shares),
        )
        checked = checked or bool(shares)
    probe.precondition(checked, "every such attacker left combat, or lost its blocker, before dealing damage")
    probe.claim("a blocked creature with one blocker assigns all its combat damage to it")


def at_division(probe: Probe, attacker: str) -> AssignCombatDamage | None:
    """Pass until the attacker's controller is asked to divide its damage (or combat damage is over)."""

    def asked(state: GameState, _: list[Event]) -> bool:
        pending = state.pending
        if isinstance(pending, AssignCombatDamage):
            return any(s.source == attacker for s in pending.sources)
        return state.step not in DAMAGE_WINDOW

    pass_until(probe, asked, "a division of the attacker's combat damage")
    pending = probe.state().pending
    return pending if isinstance(pending, AssignCombatDamage) else None


@invariant(
    applies_to=BLOCKED,
    name="divided-as-its-controller-chooses",
    kind="legality",
    claims=["a blocked creature's damage may all go to the last of its blockers, with no damage assignment order"],
    requires=REQUIRES,
    scenarios=scenarios(FIGHTS),
    optional=FIGHTS.optional - REQUIRES,
)
def check_divided_as_chosen(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """With two or more blockers, the attacker's controller divides its damage among them as they
    choose (510.1c since 2024: no damage assignment order, no lethal damage owed to one blocker
    before the next): all of it to the blocker listed last is accepted, and dealt so (510.2)."""
    start = probe.state()
    attackers = plain_blocked(start, scenario.params.player, blockers=2)
    probe.precondition(bool(attackers), "no blocked attacker without trample with two or more blockers")
    attacker = attackers[0]
    pending = at_division(probe, attacker.id)
    probe.precondition(pending is not None, "no division of its damage was asked for (its blockers left)")
    assert pending is not None
    source = next(s for s in pending.sources if s.source == attacker.id)
    probe.precondition(len(source.creatures) >= 2, "fewer than two blockers left to divide among")
    first, last = source.creatures[0], source.creatures[-1]
    probe.precondition(
        (first.lethal or 0) > 0, f"{first.ref} needs no damage to be lethal: any order would allow the choice"
    )
    least = pending.least(probe.legal_actions)
    others = tuple(s for s in least.damage if s[0] != attacker.id)
    damage = others + ((attacker.id, last.ref, source.amount),)
    chosen = Action(ActionKind.ASSIGN_DAMAGE, pending.player, damage=damage)
    past = Action(
        ActionKind.ASSIGN_DAMAGE,
        pending.player,
        damage=others + ((attacker.id, player_ref(1 - scenario.params.player), source.amount),),
    )
    probe.expect_refused(past, "a blocked creature without trample assigning its damage to the player (510.1c)")
    wanted = [(attacker.id, last.ref, source.amount)]
    expect(
        any(
            a.kind is ActionKind.ASSIGN_DAMAGE and [d for d in a.damage if d[0] == attacker.id] == wanted
            for a in probe.legal_actions()
        ),
        "all of a blocked creature's damage to one of its blockers is not offered (510.1c)",
        expected=f"{chosen} offered",
        observed="not offered",
    )
    events = probe.require(chosen, "all of a blocked creature's damage to its last blocker (510.1c)")
    events += pass_until(probe, lambda s, _: not isinstance(s.pending, AssignCombatDamage), "the damage dealt")
    shares = [(e.target, e.amount) for e in combat_damage_events(events) if e.card == attacker.id]
    expect(
        shares == [(last.ref, source.amount)],
        "a blocked creature's damage was not dealt as its controller divided it (510.2)",
        expected=f"{source.amount} to {last.ref}",
        observed=", ".join(f"{n} to {t}" for t, n in shares) or "no damage",
    )
    probe.claim("a blocked creature's damage may all go to the last of its blockers, with no damage assignment order")


#: A creature that can block an additional creature blocking two attackers.
SHARED = damage_combat(
    keywords=True,
    shared_blocker=True,
)


@invariant(
    applies_to=BLOCKER_DAMAGE,
    name="divided-as-its-controller-chooses",
    kind="legality",
    claims=["a creature blocking two attackers may assign all its damage to the last of them"],
    requires=REQUIRES | {Mechanic.BLOCK_ADDITIONAL},
    scenarios=scenarios(SHARED),
    optional=SHARED.optional - REQUIRES,
)
def check_blocker_divides(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature blocking two or more attackers divides its combat damage among them as its
    controller (the defending player) chooses (510.1d): with no first strike in combat, that
    player is asked; all of it to the attacker listed last is offered, accepted and dealt; none
    of it may go to the attacking player."""
    start = probe.state()
    defender = 1 - scenario.params.player
    sharers = [p for p in start.battlefield if len(p.blocking) >= 2 and power(start, p.id) > 0]
    probe.precondition(bool(sharers), "no creature with power blocking two attackers")
    blocker = sharers[0]

    def asked(state: GameState, _: list[Event]) -> bool:
        pending = state.pending
        if isinstance(pending, AssignCombatDamage) and pending.player == defender:
            return any(s.source == blocker.id for s in pending.sources)
        return state.step not in DAMAGE_WINDOW

    events = pass_until(probe, asked, "a division of the blocker's combat damage")
    pending = probe.state().pending
    if not isinstance(pending, AssignCombatDamage):
        expect(
            strikers_in_combat(start),
            "a creature blocking two attackers dealt its damage with no division asked of its controller (510.1d)",
            expected=f"player {defender} asked to divide {blocker.id}'s damage",
            observed=", ".join(
                f"{e.amount} to {e.target}" for e in combat_damage_events(events) if e.card == blocker.id
            )
            or "no damage from it",
        )
    probe.precondition(
        isinstance(pending, AssignCombatDamage), "no division asked for (first strike changed the blocks)"
    )
    assert isinstance(pending, AssignCombatDamage)
    source = next(s for s in pending.sources if s.source == blocker.id)
    probe.precondition(len(source.creatures) >= 2, "fewer than two attackers left to divide among")
    last = source.creatures[-1]
    least = pending.least(probe.legal_actions)
    others = tuple(d for d in least.damage if d[0] != blocker.id)
    chosen = Action(ActionKind.ASSIGN_DAMAGE, defender, damage=others + ((blocker.id, last.ref, source.amount),))
    probe.expect_refused(
        Action(
            ActionKind.ASSIGN_DAMAGE,
            defender,
            damage=others + ((blocker.id, player_ref(scenario.params.player), source.amount),),
        ),
        "a blocking creature assigning its damage to a player (510.1d)",
    )
    wanted = [(blocker.id, last.ref, source.amount)]
    expect(
        any(
            a.kind is ActionKind.ASSIGN_DAMAGE and [d for d in a.damage if d[0] == blocker.id] == wanted
            for a in probe.legal_actions()
        ),
        "all of a blocking creature's damage to one of the attackers it blocks is not offered (510.1d)",
        expected=f"{chosen} offered",
        observed="not offered",
    )
    dealt = probe.require(chosen, "all of a blocking creature's damage to the last attacker it blocks (510.1d)")
    dealt += pass_until(probe, lambda s, _: not isinstance(s.pending, AssignCombatDamage), "the damage dealt")
    shares = [(e.target, e.amount) for e in combat_damage_events(dealt) if e.card == blocker.id]
    expect(
        shares == [(last.ref, source.amount)],
        "a blocking creature's damage was not dealt as its controller divided it (510.2)",
        expected=f"{source.amount} to {last.ref}",
        observed=", ".join(f"{n} to {t}" for t, n in shares) or "no damage",
    )
    probe.claim("a creature blocking two attackers may assign all its damage to the last of them")


# -- 508.1a: attack requirements ---------------------------------------------------------------------

ATTACK_REQUIREMENTS = template("combat.attack-requirements")
#: The beginning of combat: the active player's creatures, some tapped.
BEFORE_ATTACKS = CombatSpec(steps=(Step.BEGINNING_OF_COMBAT,), keywords=True)
#: The beginning of combat, the active player's first creature summoning-sick.
SICK = CombatSpec(steps=(Step.BEGINNING_OF_COMBAT,), first_summoning_sick=True)


def may_attack(state: GameState, perm: Permanent) -> bool:
    """An untapped creature without defender, not summoning-sick or with haste (508.1a)."""
    return (
        state.data_of(perm.id).is_type("Creature")
        and not perm.tapped
        and not has_keyword(state, perm.id, DEFENDER.name)
        and (not perm.summoning_sick or has_keyword(state, perm.id, HASTE.name))
    )


def refuse_attack(probe: Probe, player: int, creature: str, why: str) -> None:
    refused = Action(ActionKind.DECLARE_ATTACKERS, player, attacks=((creature, AttackTarget.of_player(1 - player)),))
    expect_forbidden(
        probe,
        refused,
        [a for a in probe.legal_actions() if any(c == creature for c, _ in a.attacks)],
        what=f"{creature}, {why},",
        why="as an attacker (508.1a)",
        none_offered=f"no declaration with {creature} attacking",
    )


@invariant(
    applies_to=ATTACK_REQUIREMENTS,
    name="tapped-cant-attack",
    kind="legality",
    claims=["a tapped creature can't attack", "an untapped creature that may attack attacks"],
    requires=REQUIRES,
    scenarios=scenarios(BEFORE_ATTACKS),
    optional=BEFORE_ATTACKS.optional - REQUIRES,
)
def check_tapped_cant_attack(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A tapped creature is neither offered nor accepted as an attacker; an untapped one that may
    attack (no defender, not summoning-sick unless it has haste) is (508.1a)."""
    player = scenario.params.player
    start = probe.state()
    mine = [p for p in start.battlefield if p.controller == player and start.data_of(p.id).is_type("Creature")]
    tapped = [p.id for p in mine if p.tapped]
    able = [p.id for p in mine if may_attack(start, p)]
    # With no creature that may attack, an engine may skip the declaration (nothing to declare).
    probe.precondition(bool(able), "no untapped creature that may attack")
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareAttackers), "the declaration of attackers")
    if tapped:
        refuse_attack(probe, player, tapped[0], "tapped")
        probe.claim("a tapped creature can't attack")
    attack_with(probe, player, able[0], subject="an untapped creature that may attack", rule="508.1a")
    probe.claim("an untapped creature that may attack attacks")


@invariant(
    applies_to=ATTACK_REQUIREMENTS,
    name="sick-cant-attack",
    kind="legality",
    claims=["a summoning-sick creature without haste can't attack"],
    requires=REQUIRES | {Mechanic.SUMMONING_SICKNESS},
    scenarios=scenarios(SICK),
    optional=SICK.optional - REQUIRES,
)
def check_sick_cant_attack(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An untapped creature without haste that came under its controller's control this turn is
    neither offered nor accepted as an attacker (508.1a, 302.6); one that may attack still does."""
    player = scenario.params.player
    start = probe.state()
    sick = [
        p.id
        for p in start.battlefield
        if p.controller == player
        and p.summoning_sick
        and not p.tapped
        and start.data_of(p.id).is_type("Creature")
        and not has_keyword(start, p.id, HASTE.name, DEFENDER.name)
    ]
    probe.precondition(bool(sick), "no untapped summoning-sick creature without haste")
    able = [p.id for p in start.battlefield if p.controller == player and may_attack(start, p)]
    # With no creature that may attack, an engine may skip the declaration (nothing to declare).
    probe.precondition(bool(able), "no creature that may attack beside it")
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareAttackers), "the declaration of attackers")
    refuse_attack(probe, player, sick[0], "summoning-sick without haste")
    probe.claim("a summoning-sick creature without haste can't attack")
    attack_with(probe, player, able[0], subject="an untapped creature that may attack", rule="508.1a")


@invariant(
    applies_to=template("combat.attackers-tap"),
    name="attackers-tap",
    kind="outcome",
    claims=["declaring a creature without vigilance as an attacker taps it"],
    requires=REQUIRES,
    scenarios=scenarios(BEFORE_ATTACKS),
    optional=BEFORE_ATTACKS.optional - REQUIRES,
)
def check_attackers_tap(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Every creature without vigilance the active player declares as an attacker is tapped as it
    attacks, with a tap event or not (508.1f); one with vigilance is not (702.20b)."""
    player = scenario.params.player
    start = probe.state()
    able = [p.id for p in start.battlefield if p.controller == player and may_attack(start, p)]
    plain = [c for c in able if not has_keyword(start, c, VIGILANCE.name)]
    probe.precondition(bool(plain), "no creature without vigilance that may attack")
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareAttackers), "the declaration of attackers")
    target = AttackTarget.of_player(1 - player)
    probe.require(
        Action(ActionKind.DECLARE_ATTACKERS, player, attacks=tuple((c, target) for c in able)),
        "attacking with every creature that may attack (508.1a)",
    )
    after = probe.state()
    for c in able:
        now = after.permanent(c)
        expect(
            now is not None and now.attacking is not None,
            "a creature declared as an attacker is not attacking (508.1)",
            expected=f"{c} attacking",
            observed=str(now),
        )
        assert now is not None
        expect(
            now.tapped is (c in plain),
            "declaring a creature as an attacker did not tap it (508.1f)"
            if c in plain
            else "attacking tapped a creature with vigilance (702.20b)",
            expected=f"{c} {'tapped' if c in plain else 'untapped'}",
            observed="tapped" if now.tapped else "untapped",
        )
    probe.claim("declaring a creature without vigilance as an attacker taps it")


# -- 509.1a: block requirements ----------------------------------------------------------------------

BLOCK_REQUIREMENTS = template("combat.block-requirements")
#: The declare attackers step, the defending player's creatures, one of them tapped.
BEFORE_BLOCKS = CombatSpec(
    steps=(Step.DECLARE_ATTACKERS,), keywords=True, would_be_blockers=True, tapped_would_be_blocker=True
)


def blockable_by(state: GameState, blocker: str, attacker: str) -> bool:
    """Flying allows it (702.9b) and menace does not ask for a second blocker (702.111b)."""
    if has_keyword(state, attacker, MENACE.name):
        return False
    return not has_keyword(state, attacker, FLYING.name) or has_keyword(state, blocker, FLYING.name, REACH.name)


def block_with(probe: Probe, defender: int, blocker: str, attacker: str) -> None:
    declaration = Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((blocker, attacker),))
    expect(
        declaration in probe.legal_actions(),
        "an untapped creature is not offered as the blocker of an attacker it may block (509.1a)",
        expected=f"{declaration} offered",
        observed="not offered",
    )
    probe.require(declaration, "an untapped creature blocks one attacker (509.1a)")
    now = probe.state().permanent(blocker)
    expect(
        now is not None and now.blocking == (attacker,),
        "a creature declared as the blocker of one attacker is not blocking it alone (509.1a)",
        expected=f"{blocker} blocking {attacker}",
        observed=str(now),
    )


@invariant(
    applies_to=BLOCK_REQUIREMENTS,
    name="tapped-cant-block",
    kind="legality",
    claims=["a tapped creature can't block", "an untapped creature blocks an attacker it may block"],
    requires=REQUIRES,
    scenarios=scenarios(BEFORE_BLOCKS),
    optional=BEFORE_BLOCKS.optional - REQUIRES,
)
def check_tapped_cant_block(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A tapped creature is neither offered nor accepted as a blocker, even of an attacker its
    keywords would let it block; an untapped one that may block it is (509.1a)."""
    player = scenario.params.player
    defender = 1 - player
    start = probe.state()
    creatures = [p for p in start.battlefield if p.controller == defender and start.data_of(p.id).is_type("Creature")]
    attackers = [p.id for p in start.attackers() if p.controller == player]
    pairs = [(c.id, a) for c in creatures for a in attackers if blockable_by(start, c.id, a)]
    tapped = [(c, a) for c, a in pairs if (start.permanent(c) or Permanent(c, 0)).tapped]
    untapped = [(c, a) for c, a in pairs if not (start.permanent(c) or Permanent(c, 0)).tapped]
    probe.precondition(bool(tapped) or bool(untapped), "no creature that could block an attacker")
    # With no legal block at all (every creature that could block is tapped), an engine may skip
    # the declaration (nothing to declare, 509.1a); a tapped blocker is checked where one is asked.
    probe.precondition(
        any(blockable_by(start, c.id, a.id) and not c.tapped for c in creatures for a in start.attackers()),
        "no creature could legally block any attacker",
    )
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareBlockers), "the declaration of blockers")
    if tapped:
        blocker, attacker = tapped[0]
        expect_forbidden(
            probe,
            Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((blocker, attacker),)),
            [a for a in probe.legal_actions() if any(b == blocker for b, _ in a.blocks)],
            what=f"{blocker}, tapped, blocking {attacker}",
            why="(509.1a)",
            none_offered=f"no declaration with {blocker} blocking",
        )
        probe.claim("a tapped creature can't block")
    probe.precondition(bool(untapped), "no untapped creature that could block an attacker")
    block_with(probe, defender, *untapped[0])
    probe.claim("an untapped creature blocks an attacker it may block")


@invariant(
    applies_to=BLOCK_REQUIREMENTS,
    name="one-attacker-each",
    kind="legality",
    claims=["a creature can't block two attackers unless an effect allows it"],
    requires=REQUIRES,
    # Not always a tapped would-be blocker (the other invariant's subject): boards with none
    # tapped too (the tapped dimension is free here).
    scenarios=scenarios(dataclasses.replace(BEFORE_BLOCKS, tapped_would_be_blocker=False)),
    optional=BEFORE_BLOCKS.optional - REQUIRES,
)
def check_one_attacker_each(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature with no ability to block additional creatures is neither offered nor accepted as
    the blocker of two attackers; it is as the blocker of one (509.1a)."""
    player = scenario.params.player
    defender = 1 - player
    start = probe.state()
    attackers = [p.id for p in start.attackers() if p.controller == player]
    choices = [
        (c.id, [a for a in attackers if blockable_by(start, c.id, a)])
        for c in start.battlefield
        if c.controller == defender
        and not c.tapped
        and start.data_of(c.id).is_type("Creature")
        and "additional" not in start.data_of(c.id).text
    ]
    two = [(c, a) for c, a in choices if len(a) >= 2]
    probe.precondition(bool(two), "no untapped creature that could block either of two attackers")
    blocker, (first, second) = two[0][0], two[0][1][:2]
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareBlockers), "the declaration of blockers")
    expect_forbidden(
        probe,
        Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((blocker, first), (blocker, second))),
        [a for a in probe.legal_actions() if [b for b, _ in a.blocks].count(blocker) >= 2],
        what=f"{blocker} blocking both {first} and {second}",
        why="(509.1a)",
        none_offered=f"no declaration with {blocker} blocking two attackers",
    )
    block_with(probe, defender, blocker, first)
    probe.claim("a creature can't block two attackers unless an effect allows it")


# -- 702.111b: menace ------------------------------------------------------------------------------


def possible_blockers(state: GameState, defender: int, attacker: str) -> list[str]:
    """The defending player's untapped creatures that flying does not keep from blocking ``attacker``."""
    flying = has_keyword(state, attacker, FLYING.name)
    return [
        p.id
        for p in state.battlefield
        if p.controller == defender
        and not p.tapped
        and state.data_of(p.id).is_type("Creature")
        and (not flying or has_keyword(state, p.id, FLYING.name, REACH.name))
    ]


def at_blocks(probe: Probe) -> None:
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareBlockers), "the declaration of blockers")


@invariant(
    applies_to=template("menace.two-or-more-blockers"),
    name="two-or-more",
    kind="legality",
    claims=["one creature can't block a creature with menace", "two creatures may block a creature with menace"],
    requires=REQUIRES | {Mechanic.MENACE},
    scenarios=scenarios(MENACING),
    optional=MENACING.optional - REQUIRES,
)
def check_menace(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Declaring one creature alone as the blocker of an attacker with menace is neither offered
    nor accepted; two creatures together are accepted, and both block it (702.111b, 509.1b)."""
    player = scenario.params.player
    defender = 1 - player
    start = probe.state()
    menacing = next(
        (p.id for p in start.attackers() if p.controller == player and has_keyword(start, p.id, MENACE.name)), None
    )
    probe.precondition(menacing is not None, "no attacker with menace")
    assert menacing is not None
    able = possible_blockers(start, defender, menacing)
    probe.precondition(bool(able), "no creature that could block it")
    at_blocks(probe)
    alone = Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((able[0], menacing),))
    expect_forbidden(
        probe,
        alone,
        [a for a in probe.legal_actions() if [t for _, t in a.blocks].count(menacing) == 1],
        what=f"{able[0]} alone blocking {menacing}, which has menace,",
        why="(702.111b)",
        none_offered=f"no declaration of one creature blocking {menacing}",
    )
    probe.claim("one creature can't block a creature with menace")
    probe.precondition(len(able) >= 2, "only one creature could block it")
    pair = Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((able[0], menacing), (able[1], menacing)))
    expect(
        any([t for _, t in a.blocks].count(menacing) >= 2 for a in probe.legal_actions()),
        "no declaration of two or more creatures blocking a creature with menace is offered (702.111b)",
        expected=f"e.g. {pair} offered",
        observed="none offered",
    )
    probe.require(pair, "two creatures block a creature with menace (702.111b)")
    after = probe.state()
    blocking = [b for b in able[:2] if (p := after.permanent(b)) is not None and menacing in p.blocking]
    expect(
        len(blocking) == 2,
        "two creatures declared as blockers of a creature with menace are not both blocking it (509.1)",
        expected=f"{able[0]} and {able[1]} blocking {menacing}",
        observed=f"blocking it: {', '.join(blocking) or 'none'}",
    )
    probe.claim("two creatures may block a creature with menace")


# -- 702.9b: flying ----------------------------------------------------------------------------------


@invariant(
    applies_to=FLIGHT,
    name="flyer-blocks-any",
    kind="legality",
    claims=["a creature with flying blocks a creature without flying"],
    requires=REQUIRES | {Mechanic.FLYING},
    scenarios=scenarios(SKY_BLOCKERS),
    optional=SKY_BLOCKERS.optional - REQUIRES,
)
def check_flyer_blocks_any(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature with flying may block an attacker without flying (and without menace): the
    declaration is offered and accepted, and it blocks (702.9b)."""
    player = scenario.params.player
    defender = 1 - player
    start = probe.state()
    ground = next(
        (
            p.id
            for p in start.attackers()
            if p.controller == player and not has_keyword(start, p.id, FLYING.name, MENACE.name)
        ),
        None,
    )
    probe.precondition(ground is not None, "no attacker without flying and menace")
    assert ground is not None
    flyers = [b for b in possible_blockers(start, defender, ground) if has_keyword(start, b, FLYING.name)]
    probe.precondition(bool(flyers), "no untapped creature with flying to block")
    at_blocks(probe)
    chosen = Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((flyers[0], ground),))
    expect(
        chosen in probe.legal_actions(),
        "a creature with flying is not offered as a blocker of a creature without flying (702.9b)",
        expected=f"{chosen} offered",
        observed="not offered",
    )
    probe.require(chosen, "a creature with flying blocks a creature without flying (702.9b)")
    blocker = probe.state().permanent(flyers[0])
    expect(
        blocker is not None and ground in blocker.blocking,
        "a creature with flying declared as a blocker is not blocking (509.1)",
        expected=f"{flyers[0]} blocking {ground}",
        observed=str(blocker),
    )
    probe.claim("a creature with flying blocks a creature without flying")


@invariant(
    applies_to=FLIGHT,
    name="flying-or-reach-only",
    kind="legality",
    claims=["a creature with neither flying nor reach can't block a creature with flying"],
    requires=REQUIRES | {Mechanic.FLYING},
    scenarios=scenarios(FLYERS),
    optional=FLYERS.optional - REQUIRES,
)
def check_flying_or_reach_only(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """Declaring a creature with neither flying nor reach as the blocker of an attacker with
    flying (and without menace) is neither offered nor accepted (702.9b)."""
    player = scenario.params.player
    defender = 1 - player
    start = probe.state()
    flyer = lone_flyer(start, player)
    probe.precondition(flyer is not None, "no attacker with flying (and without menace)")
    assert flyer is not None
    grounded = [
        p.id
        for p in start.battlefield
        if p.controller == defender
        and not p.tapped
        and start.data_of(p.id).is_type("Creature")
        and not has_keyword(start, p.id, FLYING.name, REACH.name)
    ]
    probe.precondition(bool(grounded), "no untapped creature with neither flying nor reach")
    # With no legal block at all, an engine may skip the declaration (nothing to declare).
    probe.precondition(
        any(
            blockable_by(start, c.id, a.id) and not c.tapped
            for c in start.battlefield
            if c.controller == defender and start.data_of(c.id).is_type("Creature")
            for a in start.attackers()
        ),
        "no creature could legally block any attacker",
    )
    at_blocks(probe)
    refused = Action(ActionKind.DECLARE_BLOCKERS, defender, blocks=((grounded[0], flyer),))
    expect_forbidden(
        probe,
        refused,
        [a for a in probe.legal_actions() if (grounded[0], flyer) in a.blocks],
        what=f"{grounded[0]}, with neither flying nor reach, blocking {flyer}, which has flying,",
        why="(702.9b)",
        none_offered=f"no declaration of {grounded[0]} blocking {flyer}",
    )
    probe.claim("a creature with neither flying nor reach can't block a creature with flying")


# -- 509.1b: a declaration that disobeys a restriction is illegal ---------------------------------------

RESTRICTIONS = template("combat.block-restrictions")


@invariant(
    applies_to=RESTRICTIONS,
    name="menace-restriction",
    kind="legality",
    claims=["one creature can't block a creature with menace", "two creatures may block a creature with menace"],
    requires=REQUIRES | {Mechanic.MENACE},
    scenarios=scenarios(MENACING),
    optional=MENACING.optional - REQUIRES,
)
def check_menace_restriction(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A declaration that disobeys menace's restriction (one creature alone blocking it) is
    illegal and refused; one that obeys it (two creatures) is accepted (509.1b, 702.111b)."""
    check_menace(probe, scenario)


@invariant(
    applies_to=RESTRICTIONS,
    name="flying-restriction",
    kind="legality",
    claims=["a creature with neither flying nor reach can't block a creature with flying"],
    requires=REQUIRES | {Mechanic.FLYING},
    scenarios=scenarios(FLYERS),
    optional=FLYERS.optional - REQUIRES,
)
def check_flying_restriction(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A declaration that disobeys flying's restriction (a creature with neither flying nor reach
    blocking a creature with flying) is illegal and refused (509.1b, 702.9b)."""
    check_flying_or_reach_only(probe, scenario)


# -- 702.7b, 702.4b, 510.4: the first-strike damage step ----------------------------------------------

STRIKE_STEPS = template("combat.first-strike-damage-steps")


@invariant(
    applies_to=STRIKE_STEPS,
    name="only-strikers-first",
    kind="outcome",
    claims=["only creatures with first strike or double strike deal damage in the first-strike damage step"],
    requires=REQUIRES | {Mechanic.FIRST_STRIKE},
    scenarios=scenarios(STRIKING),
    optional=STRIKING.optional - REQUIRES,
)
def check_only_strikers_first(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """With a creature with first strike in combat, a first-strike combat damage step comes, and
    every combat damage dealt in it comes from a creature with first strike or double strike
    (702.7b, 510.4)."""
    start = probe.state()
    events = through_combat_damage(probe)
    steps = [Step(e.detail) for e in events if e.kind is EventKind.STEP and e.detail in {s.value for s in Step}]
    expect(
        Step.FIRST_STRIKE_DAMAGE in steps,
        "no first-strike combat damage step, though a creature in combat has first strike (702.7b, 510.4)",
        expected="a first-strike damage step",
        observed=" -> ".join(steps) or "no step",
    )
    first = by_step(events, start.step).get(Step.FIRST_STRIKE_DAMAGE, [])
    probe.precondition(bool(first), "no damage in the first-strike damage step")
    others = [e for e in first if e.card is None or not has_keyword(start, e.card, *STRIKES)]
    expect(
        not others,
        "a creature without first strike or double strike dealt damage in the first-strike damage step (702.7b)",
        expected=f"damage only from {', '.join(sorted({str(e.card) for e in first if e not in others}))}",
        observed=", ".join(f"{e.card} dealt {e.amount} to {e.target}" for e in others),
    )
    probe.claim("only creatures with first strike or double strike deal damage in the first-strike damage step")


#: A blocked attacker with first strike (so a first-strike damage step comes) and unblocked ones.
STRIKING_RAID = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    min_blocked=1,
    by_play=False,
    keywords=True,
    blocked_keywords=(FIRST_STRIKE.name,),
    gang_blocks=True,
)


@invariant(
    applies_to=STRIKE_STEPS,
    name="second-step",
    kind="outcome",
    claims=[
        "a creature without first strike deals its damage in the second combat damage step, "
        "one with first strike only does not"
    ],
    requires=REQUIRES | {Mechanic.FIRST_STRIKE},
    scenarios=scenarios(STRIKING_RAID),
    optional=STRIKING_RAID.optional - REQUIRES,
)
def check_second_step(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """With a first-strike damage step, an unblocked attacker with neither first strike nor
    double strike deals its damage in the second combat damage step and not in the first; and
    no creature with first strike and without double strike deals damage in the second
    (702.7b, 510.4)."""
    start = probe.state()
    plain = [
        p.id
        for p in unblocked_at_player(start, scenario.params.player)
        if power(start, p.id) > 0 and not has_keyword(start, p.id, *STRIKES)
    ]
    events = through_combat_damage(probe)
    steps = by_step(events, start.step)
    probe.precondition(Step.FIRST_STRIKE_DAMAGE in steps, "no damage was dealt in a first-strike damage step")
    regular = steps.get(Step.COMBAT_DAMAGE, [])
    again = [
        e
        for e in regular
        if e.card is not None
        and has_keyword(start, e.card, FIRST_STRIKE.name)
        and not has_keyword(start, e.card, DOUBLE_STRIKE.name)
    ]
    expect(
        not again,
        "a creature with first strike dealt combat damage in the second combat damage step too (702.7b)",
        expected="no damage from creatures with first strike only",
        observed=", ".join(f"{e.card} dealt {e.amount} to {e.target}" for e in again),
    )
    probe.precondition(bool(plain), "no unblocked attacker without first strike attacking a player")
    early = [e for e in steps.get(Step.FIRST_STRIKE_DAMAGE, []) if e.card in plain]
    late = {e.card for e in regular}
    missing = [c for c in plain if c not in late]
    expect(
        not early and not missing,
        "a creature without first strike did not deal its damage in the second combat damage step (702.7b)",
        expected=f"damage from {', '.join(plain)} in the combat damage step only",
        observed=f"in the first-strike step: {', '.join(str(e.card) for e in early) or 'none'}; "
        f"none in the second from: {', '.join(missing) or 'none'}",
    )
    probe.claim(
        "a creature without first strike deals its damage in the second combat damage step, "
        "one with first strike only does not"
    )


# -- 509.1h: a blocked creature stays blocked --------------------------------------------------------


@invariant(
    applies_to=template("combat.remains-blocked"),
    name="remains-blocked",
    kind="outcome",
    # The rule text draws in full; each card's ruling restating it (Judge Unworthy, Mirror Shield) samples it.
    card_budget=0.25,
    claims=["a creature whose blockers all left stays blocked and deals no combat damage"],
    requires=REQUIRES | {Mechanic.DOUBLE_STRIKE},
    scenarios=scenarios(DOUBLE_STRIKERS),
    optional=DOUBLE_STRIKERS.optional - REQUIRES,
)
def check_remains_blocked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocked attacker with double strike and without trample that destroys all its blockers
    with first-strike damage is still a blocked creature in the combat damage step (509.1h) and
    assigns no combat damage there, to its player or anything else (510.1c)."""
    start = probe.state()
    striker = next(
        (
            p
            for p in start.attackers()
            if p.controller == scenario.params.player
            and p.blocked
            and has_keyword(start, p.id, DOUBLE_STRIKE.name)
            and not has_keyword(start, p.id, TRAMPLE.name)
        ),
        None,
    )
    probe.precondition(striker is not None, "no blocked attacker with double strike and without trample")
    assert striker is not None
    blockers = [b.id for b in blockers_of(start, striker.id)]
    pass_until(
        probe,
        lambda s, _: s.step not in DAMAGE_WINDOW or (s.step is Step.FIRST_STRIKE_DAMAGE and s.priority is not None),
        "the end of the first-strike damage step",
    )
    middle = probe.state()
    probe.precondition(
        middle.step is Step.FIRST_STRIKE_DAMAGE and all(middle.permanent(b) is None for b in blockers),
        "its blockers were not all destroyed by first-strike damage",
    )
    now = middle.permanent(striker.id)
    probe.precondition(now is not None, "it left the battlefield")
    assert now is not None
    expect(
        now.blocked is True,
        "an attacking creature whose blockers all left combat is no longer blocked (509.1h)",
        expected=f"{striker.id} blocked",
        observed=f"blocked={now.blocked}",
    )
    regular = combat_damage_events(through_combat_damage(probe))
    dealt = [e for e in regular if e.card == striker.id]
    expect(
        not dealt,
        "a blocked creature with no creature blocking it dealt combat damage (510.1c)",
        expected="no damage from it in the combat damage step",
        observed=", ".join(f"{e.amount} to {e.target}" for e in dealt),
    )
    probe.claim("a creature whose blockers all left stays blocked and deals no combat damage")
