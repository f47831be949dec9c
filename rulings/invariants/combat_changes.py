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
from generators.haste import HasteTapParams, hasty_tapper_scenarios
from protocol.keyword_registry import (
    DEFENDER,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    INDESTRUCTIBLE,
    MENACE,
    REACH,
    VIGILANCE,
)
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, Event, EventKind, GameState, Permanent, Step, TargetKind, target_ref
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, template
from rulings.invariants.combat_rules import blockers_of, power, through_combat_damage
from rulings.invariants.driving import pass_until

REQUIRES = frozenset({Mechanic.PRIORITY})
#: The share of a profile's examples each card's ruling draws: many cards' rulings restate each
#: of these rules, every one a sample of the same family (``card_budget``, rulings.declare).
CARD_BUDGET = 0.25

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


def game_goes_on(probe: Probe, state: GameState, player: int) -> None:
    """Set the example aside when the combat damage still to come could end the game (704.5a:
    the defending player at 0 life), so the check would not see the end of combat: the most the
    unblocked attackers can deal the defending player, twice for double strike, reaches their
    life."""
    defender = 1 - player
    most = sum(
        power(state, p.id) * (2 if has_keyword(state, p.id, DOUBLE_STRIKE.name) else 1)
        for p in state.attackers()
        if p.controller == player and not p.blocked and p.attacking is not None and p.attacking.player == defender
    )
    probe.precondition(most < state.player(defender).life, "the combat damage to come could end the game (704.5a)")


def dealt_by(events: list[Event], source: str) -> list[Event]:
    return [e for e in events if e.kind is EventKind.DAMAGE and e.card == source and (e.amount or 0) > 0]


def regular_damage(probe: Probe, player: int) -> tuple[GameState, list[Event]]:
    """Pass from the first-strike damage step (its damage already dealt) through the combat damage
    step: the state at the start and the combat damage dealt since, which is the second step's
    (510.4). Counted from the start rather than from step events, so an engine that reports no
    event as its second damage step begins is judged on the damage it deals."""
    start = probe.state()
    probe.precondition(start.step is Step.FIRST_STRIKE_DAMAGE, "not in the first-strike damage step")
    game_goes_on(probe, start, player)
    events = through_combat_damage(probe)
    return start, [e for e in events if e.kind is EventKind.DAMAGE and (e.amount or 0) > 0 and e.detail != "noncombat"]


# -- 702.7c, 702.4c-d: first or double strike gained or lost after first-strike damage ------------

STRIKE_CHANGES = template("first-strike.changed-after-first-damage")


@invariant(
    applies_to=STRIKE_CHANGES,
    name="gained-strike-deals-regular-damage",
    kind="outcome",
    card_budget=CARD_BUDGET,
    claims=["a creature given first or double strike after first-strike damage deals regular combat damage"],
    requires=REQUIRES | {Mechanic.FIRST_STRIKE},
    scenarios=scenarios(STRIKE_CHANGED),
    optional=STRIKE_CHANGED.optional - REQUIRES,
)
def check_gained_strike(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker with first strike or double strike that had neither as the
    first-strike damage step began (it is not among the state's ``first_strikers``) deals its
    combat damage in the second combat damage step (702.7c; 702.4b for double strike, 510.4)."""
    state = probe.state()
    gained = [
        p
        for p in unblocked_strikers(state, scenario.params.player)
        if has_keyword(state, p.id, FIRST_STRIKE.name, DOUBLE_STRIKE.name)
        and p.id not in state.first_strikers
        and target_standing(state, p)
    ]
    probe.precondition(bool(gained), "no unblocked attacker that gained first strike after first-strike damage")
    start, regular = regular_damage(probe, scenario.params.player)
    silent = [p.id for p in gained if not dealt_by(regular, p.id)]
    expect(
        not silent,
        "a creature given first strike after first-strike damage dealt no combat damage in the combat damage "
        "step (702.7c)",
        expected=", ".join(f"{p.id} deals {power(start, p.id)}" for p in gained),
        observed=f"no damage from {', '.join(silent)}",
    )
    probe.claim("a creature given first or double strike after first-strike damage deals regular combat damage")


@invariant(
    applies_to=STRIKE_CHANGES,
    name="lost-strike-deals-no-regular-damage",
    kind="outcome",
    card_budget=CARD_BUDGET,
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
    _, regular = regular_damage(probe, scenario.params.player)
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
    game_goes_on(probe, start, scenario.params.player)
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
    card_budget=CARD_BUDGET,
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
    card_budget=CARD_BUDGET,
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
    game_goes_on(probe, start, scenario.params.player)
    events = through_combat_damage(probe)
    wanted = target_ref(attacker.attacking)
    got = sum(e.amount or 0 for e in dealt_by(events, attacker.id) if e.target == wanted)
    # 702.4b: a creature with double strike deals its damage in both combat damage steps.
    times = 2 if has_keyword(start, attacker.id, DOUBLE_STRIKE.name) else 1
    expect(
        got == times * power(start, attacker.id),
        "an attacking creature that could not be declared as an attacker now stopped attacking: what lets a "
        "creature attack is checked only as attackers are declared (508.1a)",
        expected=f"{attacker.id} deals {times} x {power(start, attacker.id)} to {wanted}",
        observed=f"{got} to {wanted}",
    )
    return attacker.id


@invariant(
    applies_to=template("haste.attack-stands"),
    name="keeps-attacking-without-haste",
    kind="outcome",
    card_budget=CARD_BUDGET,
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
    card_budget=CARD_BUDGET,
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


ATTACK_STANDS = template("combat.attack-stands")
invariant(
    applies_to=ATTACK_STANDS,
    name="keeps-attacking-without-haste",
    kind="outcome",
    claims=["an attacking creature that lost haste keeps attacking"],
    requires=REQUIRES | {Mechanic.SUMMONING_SICKNESS},
    scenarios=scenarios(SICK_ATTACKER),
    optional=SICK_ATTACKER.optional - REQUIRES,
    check=check_keeps_attacking_without_haste,
)
invariant(
    applies_to=ATTACK_STANDS,
    name="keeps-attacking-with-defender",
    kind="outcome",
    claims=["an attacking creature that gained defender keeps attacking"],
    requires=REQUIRES | {Mechanic.DEFENDER},
    scenarios=scenarios(DEFENDER_ATTACKER),
    optional=DEFENDER_ATTACKER.optional - REQUIRES,
    check=check_keeps_attacking_with_defender,
)


# -- 506.4b, 702.20b: tapping or untapping an attacker changes nothing else -------------------------

#: An unblocked attacker untapped though it has no vigilance (lost after attacking).
UNTAPPED_ATTACKER = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    first_attacks_player=True,
    first_untapped=True,
    by_play=False,
)
#: An unblocked attacker with vigilance, tapped (it gained vigilance after attacking).
TAPPED_VIGILANT = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    first_attacks_player=True,
    first_keywords=(VIGILANCE.name,),
    by_play=False,
)
VIGILANCE_CHANGES = template("vigilance.changes-after-attack")


def check_tapped_status_stands(probe: Probe, scenario: Scenario[CombatParams], *, untapped: bool) -> None:
    """The first unblocked attacker (untapped without vigilance, or tapped with it) keeps
    attacking, deals its combat damage, and is as tapped at the end of combat as before."""

    def fits(state: GameState, card: str) -> bool:
        perm = state.permanent(card)
        vigilant = has_keyword(state, card, VIGILANCE.name)
        return perm is not None and perm.tapped is not untapped and vigilant is not untapped

    card = check_attack_stands(probe, scenario, fits)
    after = probe.state().permanent(card)
    probe.precondition(after is not None, "it left the battlefield during combat")
    assert after is not None
    expect(
        after.tapped is not untapped,
        "an attacking creature's vigilance was applied again after attackers were declared: it became "
        + ("tapped (702.20b, 506.4b)" if untapped else "untapped (702.20b)"),
        expected="untapped" if untapped else "tapped",
        observed="tapped" if after.tapped else "untapped",
    )


@invariant(
    applies_to=VIGILANCE_CHANGES,
    name="untapped-attacker-stays-untapped",
    kind="outcome",
    card_budget=CARD_BUDGET,
    claims=["an untapped attacker without vigilance keeps attacking and stays untapped"],
    requires=REQUIRES,
    scenarios=scenarios(UNTAPPED_ATTACKER),
    optional=UNTAPPED_ATTACKER.optional - REQUIRES,
    when_stated="stays-untapped",
)
def check_untapped_attacker(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker that is untapped and has no vigilance (it lost vigilance after
    attacking, or was untapped) keeps attacking, deals its combat damage and is not tapped
    (506.4b; 702.20b matters only as attackers are declared)."""
    check_tapped_status_stands(probe, scenario, untapped=True)
    probe.claim("an untapped attacker without vigilance keeps attacking and stays untapped")


@invariant(
    applies_to=VIGILANCE_CHANGES,
    name="tapped-attacker-stays-tapped",
    kind="outcome",
    card_budget=CARD_BUDGET,
    claims=["a tapped attacker with vigilance stays tapped"],
    requires=REQUIRES | {Mechanic.VIGILANCE},
    scenarios=scenarios(TAPPED_VIGILANT),
    optional=TAPPED_VIGILANT.optional - REQUIRES,
    when_stated="stays-tapped",
)
def check_tapped_vigilant_attacker(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker that is tapped and has vigilance (it gained vigilance after
    attacking) keeps attacking, deals its combat damage and is not untapped (702.20b matters
    only as attackers are declared)."""
    check_tapped_status_stands(probe, scenario, untapped=False)
    probe.claim("a tapped attacker with vigilance stays tapped")


# -- 702.4d: double strike given to a creature that struck first --------------------------------------

#: The first-strike damage step, its damage dealt: an unblocked attacker that struck first (the
#: first attacker, with first or double strike, among the state's ``first_strikers``).
STRUCK_FIRST = CombatSpec(
    steps=(Step.FIRST_STRIKE_DAMAGE,),
    min_unblocked=1,
    first_attacks_player=True,
    by_play=False,
)


@invariant(
    applies_to=STRIKE_CHANGES,
    name="double-strike-gained-deals-regular-damage",
    kind="outcome",
    card_budget=CARD_BUDGET,
    claims=["a creature that struck first and has double strike now deals regular combat damage"],
    requires=REQUIRES | {Mechanic.FIRST_STRIKE, Mechanic.DOUBLE_STRIKE},
    scenarios=scenarios(STRUCK_FIRST),
    optional=STRUCK_FIRST.optional - REQUIRES - {Mechanic.DOUBLE_STRIKE},
    when_stated="double-strike-gained",
)
def check_double_strike_gained(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """An unblocked attacker among the state's ``first_strikers`` (it struck in the first-strike
    damage step) that has double strike now deals combat damage in the second combat damage step
    too, whether it had double strike or only first strike as the first step began (702.4d,
    702.4b)."""
    state = probe.state()
    doubles = [
        p
        for p in unblocked_strikers(state, scenario.params.player)
        if p.id in state.first_strikers and has_keyword(state, p.id, DOUBLE_STRIKE.name) and target_standing(state, p)
    ]
    probe.precondition(bool(doubles), "no unblocked attacker with double strike that struck first")
    start, regular = regular_damage(probe, scenario.params.player)
    silent = [p.id for p in doubles if not dealt_by(regular, p.id)]
    expect(
        not silent,
        "a creature with double strike that struck first dealt no combat damage in the second step (702.4d)",
        expected=", ".join(f"{p.id} deals {power(start, p.id)}" for p in doubles),
        observed=f"no damage from {', '.join(silent)}",
    )
    probe.claim("a creature that struck first and has double strike now deals regular combat damage")


# -- 704.5f: toughness 0 -------------------------------------------------------------------------------

#: The first attacker has toughness 0; the registry's combat keywords drawn.
ZERO_TOUGHNESS = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    keywords=True,
    zero_toughness=True,
    by_play=False,
)
#: The same, the creature with toughness 0 indestructible (702.12b does not save it).
INDESTRUCTIBLE_ZERO = CombatSpec(
    steps=(Step.DECLARE_BLOCKERS,),
    min_unblocked=1,
    first_keywords=(INDESTRUCTIBLE.name,),
    zero_toughness=True,
    by_play=False,
)
ZERO = template("combat.zero-toughness")


@invariant(
    applies_to=ZERO,
    name="indestructible-put-into-graveyard",
    kind="outcome",
    claims=["a creature with toughness 0 is put into its owner's graveyard"],
    requires=REQUIRES | {Mechanic.INDESTRUCTIBLE},
    scenarios=scenarios(INDESTRUCTIBLE_ZERO),
    optional=INDESTRUCTIBLE_ZERO.optional - REQUIRES,
    description="A creature with toughness 0 and indestructible is put into its owner's graveyard the next "
    "time state-based actions are checked (704.5f is not destruction: 702.12b does not apply).",
)
@invariant(
    applies_to=ZERO,
    name="put-into-graveyard",
    kind="outcome",
    claims=["a creature with toughness 0 is put into its owner's graveyard"],
    requires=REQUIRES,
    scenarios=scenarios(ZERO_TOUGHNESS),
    optional=ZERO_TOUGHNESS.optional - REQUIRES,
)
def check_zero_toughness(probe: Probe, scenario: Scenario[CombatParams]) -> None:
    """A creature with toughness 0 is put into its owner's graveyard the next time state-based
    actions are checked, before a player receives priority, indestructible or not (704.5f: not
    destruction, so 702.12b does not apply); a token ceases to exist there (704.5d)."""
    start = probe.state()
    zero = next(
        (
            p
            for p in start.battlefield
            if start.data_of(p.id).toughness == "0" and start.data_of(p.id).is_type("Creature")
        ),
        None,
    )
    probe.precondition(zero is not None, "no creature with toughness 0")
    assert zero is not None
    pass_until(
        probe,
        lambda s, _: s.permanent(zero.id) is None or s.priority != start.priority or s.step is not start.step,
        "the next player to receive priority",
    )
    after = probe.state()
    expect(
        after.permanent(zero.id) is None,
        "a creature with toughness 0 stayed on the battlefield past a check of state-based actions (704.5f)",
        expected=f"{zero.id} put into its owner's graveyard",
        observed=f"{zero.id} on the battlefield"
        + (" (it has indestructible)" if has_keyword(start, zero.id, INDESTRUCTIBLE.name) else ""),
    )
    owner = start.obj(zero.id).owner
    token = start.obj(zero.id).token
    expect(
        token or zero.id in after.player(owner).graveyard,
        "a creature with toughness 0 left the battlefield but is not in its owner's graveyard (704.5f)",
        expected=f"{zero.id} in player {owner}'s graveyard",
        observed=f"graveyard: {', '.join(after.player(owner).graveyard) or 'empty'}",
    )
    probe.claim("a creature with toughness 0 is put into its owner's graveyard")


# -- 702.10c: haste lets a creature pay {T} the turn it comes under its controller's control -----

TAP_WITH_HASTE = template("haste.tap-abilities")


@invariant(
    applies_to=TAP_WITH_HASTE,
    name="sick-creature-with-haste-pays-tap",
    kind="legality",
    claims=["a summoning-sick creature with haste pays {T}"],
    requires=REQUIRES | {Mechanic.HASTE, Mechanic.SUMMONING_SICKNESS},
    optional={Mechanic.TOKENS},
    scenarios=lambda allowed=None: hasty_tapper_scenarios(allowed),
)
def check_sick_creature_with_haste_pays_tap(probe: Probe, scenario: Scenario[HasteTapParams]) -> None:
    """A creature that came under its controller's control this turn and has haste may activate
    its mana ability with {T} in its cost: it is accepted, taps the creature and adds its mana
    (702.10c); one without haste may not (302.6)."""
    player = scenario.params.player
    for slow in scenario.params.slow:
        probe.expect_refused(
            Action(ActionKind.ACTIVATE, player, source=slow, ability="mana"),
            "a summoning-sick creature without haste paid {T} (302.6)",
        )
    creature = scenario.params.hasty[0]
    tap = Action(ActionKind.ACTIVATE, player, source=creature, ability="mana")
    offered = [a for a in probe.legal_actions() if a.kind is ActionKind.ACTIVATE and a.source == creature]
    expect(
        bool(offered),
        "the mana ability of a summoning-sick creature with haste is not offered (702.10c)",
        expected=f"{tap} offered",
        observed="not offered",
    )
    before = probe.state()
    probe.require(tap, "{T} paid with haste (702.10c)")
    after = probe.state()
    now = after.permanent(creature)
    added = len(after.player(player).mana_pool) - len(before.player(player).mana_pool)
    expect(
        now is not None and now.tapped and added == 1,
        "a summoning-sick creature with haste paid {T} but was not tapped or added no mana (702.10c, 605)",
        expected=f"{creature} tapped, one mana added",
        observed=f"tapped={now.tapped if now else None}, {added} mana added",
    )
    probe.claim("a summoning-sick creature with haste pays {T}")
