"""Invariants of what stays as it was when a creature's keywords change during combat, compiled
from real card rulings (``rulings/corpus/combat-changes.toml``; wordings
``rulings/wordings/combat-changes.toml``) and the rules they restate:

- first strike or double strike gained or lost after first-strike damage (702.7c, 702.4c-d): a
  creature that had neither as the first-strike damage step began deals regular combat damage
  even if it has first strike now; one that had first strike and lost it deals none;
- a block stands whatever keywords change afterwards (509.1h): a creature with flying blocked
  by one without flying or reach, or one with menace blocked by a single creature, is still
  blocked and deals its damage to its blockers, none to what it attacks;
- an attack stands (508.1a, 302.6, 702.3b): an attacking creature that has lost haste (it came
  under its controller's control this turn) or gained defender keeps attacking and deals its
  combat damage.

A drawn state is the state after the change: the engine cannot tell whether the keyword was
gained or lost by an effect or printed, only what the rules say follows from the state. The
checks decide from the state they see (the keywords printed on the cards, the state's
``first_strikers``, blocks) and the damage the engine reports.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis.strategies import SearchStrategy

from generators.combat import CombatParams, CombatSpec, combat_scenarios, damage_combat, has_keyword
from protocol.keyword_registry import DEFENDER, DOUBLE_STRIKE, FIRST_STRIKE, FLYING, HASTE, MENACE, REACH
from protocol.mechanics import Mechanic
from protocol.model import Event, EventKind, GameState, Permanent, Step, TargetKind, target_ref
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.combat_rules import blockers_of, by_step, power, through_combat_damage

REQUIRES = frozenset({Mechanic.PRIORITY})

#: The first-strike damage step, its damage dealt: two unblocked attackers, the first (a striker)
#: having gained its strike after the step began, the second (if it has neither) having lost
#: first strike since (see ``CombatSpec.strike_changed``).
STRIKE_CHANGED = CombatSpec(
    steps=(Step.FIRST_STRIKE_DAMAGE,),
    min_unblocked=2,
    first_attacks_player=True,
    by_play=False,
    strike_changed=True,
)
#: Blocked attackers with flying that gained it after blockers were declared (their blockers
#: have neither flying nor reach), in the declare blockers step.
LATE_FLYERS = damage_combat(blocked_keywords=(FLYING.name,), gained_after_blocks=(FLYING.name,))
#: Blocked attackers with menace that gained it after blockers were declared (often one blocker).
LATE_MENACE = damage_combat(blocked_keywords=(MENACE.name,), gained_after_blocks=(MENACE.name,), gang_blocks=False)
#: An unblocked attacker that came under its controller's control this turn, without haste
#: (it had haste as attackers were declared and lost it), in the declare blockers step.
SICK_ATTACKER = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    first_attacks_player=True,
    first_summoning_sick=True,
    by_play=False,
)
#: An unblocked attacker with defender (it gained defender after attackers were declared).
DEFENDER_ATTACKER = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    first_attacks_player=True,
    first_keywords=(DEFENDER.name,),
    by_play=False,
)


def scenarios(spec: CombatSpec) -> Callable[..., SearchStrategy[Scenario[CombatParams]]]:
    return lambda allowed=None: combat_scenarios(spec, allowed)


def unblocked_strikers(state: GameState, player: int) -> list[Permanent]:
    return [
        p
        for p in state.attackers()
        if p.controller == player and p.blocked is False and power(state, p.id) > 0 and p.attacking is not None
    ]


def target_standing(state: GameState, perm: Permanent) -> bool:
    """What ``perm`` attacks is still there to be dealt damage (506.4c)."""
    target = perm.attacking
    return target is not None and (
        target.kind is TargetKind.PLAYER or state.permanent(target.permanent or "") is not None
    )


def dealt_by(events: list[Event], source: str) -> list[Event]:
    return [e for e in events if e.kind is EventKind.DAMAGE and e.card == source and (e.amount or 0) > 0]


def regular_damage(probe: Probe) -> tuple[GameState, list[Event]]:
    """Pass from the first-strike damage step through the combat damage step: the state at the
    start and the damage dealt in the combat damage step (510.4's second step)."""
    start = probe.state()
    probe.precondition(start.step is Step.FIRST_STRIKE_DAMAGE, "not in the first-strike damage step")
    events = through_combat_damage(probe)
    return start, by_step(events, start.step).get(Step.COMBAT_DAMAGE, [])


# -- 702.7c, 702.4c-d: first or double strike gained or lost after first-strike damage ------------

STRIKE_CHANGES = template("first-strike.changed-after-first-damage")


@invariant(
    applies_to=STRIKE_CHANGES,
    name="gained-strike-deals-regular-damage",
    kind="outcome",
    claims=["a creature given first strike after first-strike damage deals regular combat damage"],
    requires=REQUIRES | {Mechanic.FIRST_STRIKE},
    scenarios=scenarios(STRIKE_CHANGED),
    optional=STRIKE_CHANGED.optional - REQUIRES,
)
def check_gained_strike(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker with first strike (and without double strike) that had neither as
    the first-strike damage step began (it is not among the state's ``first_strikers``) deals
    its combat damage in the second combat damage step (702.7c, 510.4)."""
    state = probe.state()
    gained = [
        p
        for p in unblocked_strikers(state, scenario.params.player)
        if has_keyword(state, p.id, FIRST_STRIKE.name)
        and not has_keyword(state, p.id, DOUBLE_STRIKE.name)
        and p.id not in state.first_strikers
        and target_standing(state, p)
    ]
    probe.precondition(bool(gained), "no unblocked attacker that gained first strike after first-strike damage")
    start, regular = regular_damage(probe)
    silent = [p.id for p in gained if not dealt_by(regular, p.id)]
    expect(
        not silent,
        "a creature given first strike after first-strike damage dealt no combat damage in the combat damage "
        "step (702.7c)",
        expected=", ".join(f"{p.id} deals {power(start, p.id)}" for p in gained),
        observed=f"no damage from {', '.join(silent)}",
    )
    probe.claim("a creature given first strike after first-strike damage deals regular combat damage")


@invariant(
    applies_to=STRIKE_CHANGES,
    name="lost-strike-deals-no-regular-damage",
    kind="outcome",
    claims=["a creature that lost first strike after first-strike damage deals no regular combat damage"],
    requires=REQUIRES | {Mechanic.FIRST_STRIKE},
    scenarios=scenarios(STRIKE_CHANGED),
    optional=STRIKE_CHANGED.optional - REQUIRES,
)
def check_lost_strike(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker that had first strike as the first-strike damage step began (it is
    among the state's ``first_strikers``) and has neither first strike nor double strike now
    deals no combat damage in the second combat damage step (702.7c, 702.4c), while the
    creatures that had neither strike do (510.4: the step happens)."""
    state = probe.state()
    strikes = (FIRST_STRIKE.name, DOUBLE_STRIKE.name)
    lost = [
        p
        for p in unblocked_strikers(state, scenario.params.player)
        if p.id in state.first_strikers and not has_keyword(state, p.id, *strikes) and target_standing(state, p)
    ]
    probe.precondition(bool(lost), "no unblocked attacker that lost first strike after first-strike damage")
    others = [
        p.id
        for p in unblocked_strikers(state, scenario.params.player)
        if p.id not in state.first_strikers and target_standing(state, p)
    ]
    _, regular = regular_damage(probe)
    again = [e for p in lost for e in dealt_by(regular, p.id)]
    expect(
        not again,
        "a creature that lost first strike after dealing first-strike damage dealt combat damage again (702.7c)",
        expected="no damage from " + ", ".join(p.id for p in lost),
        observed=", ".join(f"{e.card} dealt {e.amount} to {e.target}" for e in again),
    )
    probe.precondition(
        any(dealt_by(regular, c) for c in others), "no other creature dealt damage in the combat damage step"
    )
    probe.claim("a creature that lost first strike after first-strike damage deals no regular combat damage")


# -- 509.1h: a block stands when flying or menace is gained after blocks ----------------------------


def check_block_stands(probe: Probe, scenario: Scenario[CombatParams], keyword: str, *, rule: str) -> None:
    """The blocked attacker with ``keyword`` whose block that keyword would forbid now stays
    blocked: no damage of it goes to what it attacks, and it deals its damage to its blockers."""
    start = probe.state()

    def forbidden_now(p: Permanent) -> bool:
        blockers = blockers_of(start, p.id)
        if not blockers or not has_keyword(start, p.id, keyword):
            return False
        if keyword == MENACE.name:
            return len(blockers) < 2
        return any(not has_keyword(start, b.id, FLYING.name, REACH.name) for b in blockers)

    late = next(
        (p for p in start.attackers() if p.controller == scenario.params.player and p.blocked and forbidden_now(p)),
        None,
    )
    probe.precondition(late is not None, f"no blocked attacker with {keyword} its blockers could not block now")
    assert late is not None
    blockers = {b.id for b in blockers_of(start, late.id)}
    events = through_combat_damage(probe)
    dealt = dealt_by(events, late.id)
    astray = [e for e in dealt if e.target not in blockers]
    expect(
        not astray,
        f"a blocked creature that has {keyword} now dealt combat damage beyond its blockers: its block did not "
        f"stand (509.1h, {rule})",
        expected=f"{late.id}'s damage to {', '.join(sorted(blockers))} only",
        observed=", ".join(f"{e.amount} to {e.target}" for e in astray),
    )
    after = probe.state()
    if not dealt:
        standing = [b for b in blockers if after.permanent(b) is not None]
        expect(
            after.permanent(late.id) is None or not standing,
            "a blocked creature that stayed in combat with its blockers dealt them no combat damage (510.1c)",
            expected=f"{late.id} deals {power(start, late.id)} damage among {', '.join(sorted(blockers))}",
            observed="no damage from it",
        )
    probe.precondition(bool(dealt), "it left combat before dealing its damage")
    probe.claim(f"a creature blocked before it had {keyword} stays blocked")


@invariant(
    applies_to=template("flying.block-stands"),
    name="flyer-stays-blocked",
    kind="outcome",
    claims=["a creature blocked before it had flying stays blocked"],
    requires=REQUIRES | {Mechanic.FLYING},
    scenarios=scenarios(LATE_FLYERS),
    optional=LATE_FLYERS.optional - REQUIRES,
)
def check_flyer_stays_blocked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocked attacker that has flying now, blocked by a creature with neither flying nor
    reach, stays blocked: flying restricts only the declaration of blockers (702.9b, 509.1b,
    509.1h), so its damage goes to its blockers and none to what it attacks."""
    check_block_stands(probe, scenario, FLYING.name, rule="702.9b")


@invariant(
    applies_to=template("menace.block-stands"),
    name="menace-stays-blocked",
    kind="outcome",
    claims=["a creature blocked before it had menace stays blocked"],
    requires=REQUIRES | {Mechanic.MENACE},
    scenarios=scenarios(LATE_MENACE),
    optional=LATE_MENACE.optional - REQUIRES,
)
def check_menace_stays_blocked(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A blocked attacker that has menace now, blocked by a single creature, stays blocked:
    menace restricts only the declaration of blockers (702.111b, 509.1c, 509.1h)."""
    check_block_stands(probe, scenario, MENACE.name, rule="702.111b")


# -- 508.1a, 302.6, 702.3b: an attack stands when haste is lost or defender gained ---------------


def check_attack_stands(probe: Probe, scenario: Scenario[CombatParams], why: Callable[[GameState, str], bool]) -> str:
    """The first unblocked attacker that could not be declared as an attacker now (``why``)
    stays attacking: it deals its combat damage to the player it attacks. The reason checked."""
    start = probe.state()
    attacker = next(
        (
            p
            for p in unblocked_strikers(start, scenario.params.player)
            if why(start, p.id) and p.attacking is not None and p.attacking.kind is TargetKind.PLAYER
        ),
        None,
    )
    probe.precondition(attacker is not None, "no unblocked attacker that could not attack now")
    assert attacker is not None and attacker.attacking is not None
    events = through_combat_damage(probe)
    wanted = target_ref(attacker.attacking)
    got = sum(e.amount or 0 for e in dealt_by(events, attacker.id) if e.target == wanted)
    expect(
        got == power(start, attacker.id),
        "an attacking creature that could not be declared as an attacker now stopped attacking: what lets a "
        "creature attack is checked only as attackers are declared (508.1a)",
        expected=f"{attacker.id} deals {power(start, attacker.id)} to {wanted}",
        observed=f"{got} to {wanted}",
    )
    return attacker.id


@invariant(
    applies_to=template("haste.attack-stands"),
    name="keeps-attacking-without-haste",
    kind="outcome",
    claims=["an attacking creature that lost haste keeps attacking"],
    requires=REQUIRES | {Mechanic.SUMMONING_SICKNESS},
    scenarios=scenarios(SICK_ATTACKER),
    optional=SICK_ATTACKER.optional - REQUIRES,
)
def check_keeps_attacking_without_haste(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker that came under its controller's control this turn and has no
    haste (it lost haste after attackers were declared) keeps attacking and deals its combat
    damage (302.6 and 702.10b restrict only the declaration, 508.1a)."""

    def sick(state: GameState, card: str) -> bool:
        perm = state.permanent(card)
        return perm is not None and perm.summoning_sick and not has_keyword(state, card, HASTE.name)

    check_attack_stands(probe, scenario, sick)
    probe.claim("an attacking creature that lost haste keeps attacking")


@invariant(
    applies_to=template("defender.attack-stands"),
    name="keeps-attacking-with-defender",
    kind="outcome",
    claims=["an attacking creature that gained defender keeps attacking"],
    requires=REQUIRES | {Mechanic.DEFENDER},
    scenarios=scenarios(DEFENDER_ATTACKER),
    optional=DEFENDER_ATTACKER.optional - REQUIRES,
)
def check_keeps_attacking_with_defender(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker with defender (it gained defender after attackers were declared)
    keeps attacking and deals its combat damage (702.3b restricts only the declaration, 508.1a)."""
    check_attack_stands(probe, scenario, lambda state, card: has_keyword(state, card, DEFENDER.name))
    probe.claim("an attacking creature that gained defender keeps attacking")
