"""Invariants of rebound (702.88) and Jeskai Baller (a playtest creature with rebound and a cast
trigger). The rules of rebound are templates (any rebound card's ruling in the wordings of
``rulings/wordings/rebound.toml`` compiles to them); Jeskai Baller's rulings are one of a kind,
each applying to its one ruling. Scenarios come from :mod:`generators.rebound` (and
:mod:`generators.exile` for casting Jeskai Baller from exile).
"""

from __future__ import annotations

from hypothesis import strategies as st

from generators.exile import MAIN_STEPS, ExileParams, ExileSpec, exile_permission_scenarios
from generators.rebound import ReboundParams, ReboundSpec, rebound_cast_scenarios, rebound_upkeep_scenarios
from protocol.adapter import EngineError
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, AttackTarget, EventKind, GameState, Step, Zone, target_ref
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, mentions, ruling, template
from rulings.invariants.consequences import Consequences, expect_consequences
from rulings.invariants.driving import MOVE_LIMIT, advance, events_of, resolve_stack
from rulings.invariants.spell_moves import (
    cast,
    decline,
    expect_in_zone,
    in_zone,
    may_cast,
    pass_until_may_cast,
    tokens_on_battlefield,
    watch_until,
    zone_name,
)

BASE = frozenset({Mechanic.STACK, Mechanic.PRIORITY, Mechanic.MANA_ABILITY, Mechanic.CASTING, Mechanic.REBOUND})
BALLER = BASE | {Mechanic.CASTING_PERMANENTS, Mechanic.CAST_TRIGGER, Mechanic.TOKENS}
COUNTER = frozenset({Mechanic.COUNTERSPELL})
#: The upkeep states of "recast is optional" hold targeted rebound cards too, "Counter target
#: spell." among them (with no spell to counter then).
UPKEEP_CARDS = BALLER | COUNTER
#: The players as targets ("player:N"): what "Target player gains N life." may target (115.1).
PLAYER_TARGETS = tuple(target_ref(AttackTarget.of_player(p)) for p in (0, 1))

#: The rules of rebound hold for any card with it: another card's ruling compiles when its card has rebound.
HAS_REBOUND = mentions("rebound", "rebound")
NOT_RESOLVING = template("rebound.not-resolving-goes-to-graveyard", cards=HAS_REBOUND)
RECAST_OPTIONAL = template("rebound.recast-optional", cards=HAS_REBOUND)


def upkeep_scenarios() -> st.SearchStrategy[Scenario[ReboundParams]]:
    """Rebound's upkeep with any rebound card waiting: untargeted, targeted at a player (always
    a legal target), or targeted at a spell (none legal then)."""
    return rebound_upkeep_scenarios(ReboundSpec(targeted=True))


def parse_player_target(ref: str) -> int:
    return PLAYER_TARGETS.index(ref)


def expect_life_gained(before: GameState, after: GameState, gains: dict[int, int], action: str) -> None:
    """Each player's life went up by what ``gains`` says (nothing for a player it leaves out)."""
    for player in before.players:
        wanted = player.life + gains.get(player.index, 0)
        expect(
            after.player(player.index).life == wanted,
            f"{action}: player {player.index}'s life changed by "
            f"{after.player(player.index).life - player.life}, not {gains.get(player.index, 0)}",
            expected=f"player {player.index} at {wanted} life",
            observed=f"{after.player(player.index).life} life",
        )


def cast_and_counter(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """The player casts the rebound card from their hand; once they pass priority the opponent
    casts Counterspell targeting it; everything on the stack resolves."""
    player, card, counter = scenario.params.player, scenario.params.card, scenario.params.counter
    if counter is None:
        raise ValueError("cast_and_counter needs a scenario drawn with a Counterspell for the opponent")
    target = scenario.params.target
    if target is None:
        probe.require(cast(player, card), f"casting {card} from the hand in a main phase with the mana to pay")
    else:
        probe.require(cast(player, card, target), f"casting {card} from the hand targeting the opponent's {target}")
    advance(probe)  # the caster passes: the opponent receives priority with the spell on the stack
    # At the rebound spell, or at its target: then the rebound spell's only target is gone as it
    # would resolve, and it doesn't resolve (608.2b): a rebound spell that "doesn't resolve for
    # any reason" goes to the graveyard as a countered one does.
    aimed = target if target is not None and scenario.params.target_illegal else card
    probe.require(cast(1 - player, counter, aimed), f"Counterspell targeting {aimed}, with {card} on the stack")
    resolve_stack(probe)


def next_upkeep_over(player: int, turn: int):
    """The state after ``player``'s next upkeep (two turns after ``turn``) has ended."""

    def done(state: GameState) -> bool:
        return state.turn >= turn + 2 and state.active_player == player and state.step not in (Step.UNTAP, Step.UPKEEP)

    return done


@invariant(
    applies_to=NOT_RESOLVING,
    name="countered-to-graveyard",
    kind="outcome",
    claims=["countered: to the graveyard, no rebound"],
    requires=BASE | COUNTER | {Mechanic.CASTING_PERMANENTS, Mechanic.CAST_TRIGGER, Mechanic.TOKENS},
    scenarios=lambda: rebound_cast_scenarios(ReboundSpec(counter=True, targeted=True, instant_steps=True)),
    observes={"delayed"},
)
def check_countered_to_graveyard(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """A rebound spell cast from the hand and countered, or left with no legal target (608.2b),
    goes to its owner's graveyard, and no rebound waits for its controller's next upkeep."""
    card = scenario.params.card
    cast_and_counter(probe, scenario)
    after = probe.state()
    probe.claim("countered: to the graveyard, no rebound")
    expect_in_zone(
        after,
        card,
        Zone.GRAVEYARD,
        "a countered rebound spell was not put into its owner's graveyard",
        f"{card} in its owner's graveyard",
    )
    expect(
        not any(d.card == card for d in after.delayed),
        "a countered rebound spell still set up its rebound",
        expected="no delayed trigger for it (nothing to cast on the next turn)",
        observed=", ".join(map(str, after.delayed)),
    )


def rebound_choice(probe: Probe, scenario: Scenario[ReboundParams]) -> bool:
    """Advance to rebound's offer to cast the card; whether the engine made it. A card whose
    spell has a legal target (or needs none) must be offered (an engine that never offers it
    gets stuck here). One whose spell requires a target and has none legal
    (``target_illegal``) cannot be cast (601.2c), so the "may cast" is moot: an engine may ask
    (offering only to decline) or resolve the trigger without asking; then False once the
    upkeep is over."""
    card = scenario.params.card
    if not scenario.params.target_illegal:
        pass_until_may_cast(probe, card)
        return True
    upkeep = probe.state().turn
    for _ in range(MOVE_LIMIT):
        state = probe.state()
        if may_cast(state, card):
            return True
        if state.turn != upkeep or state.step not in (Step.UNTAP, Step.UPKEEP):
            return False
        advance(probe)
    raise EngineError(f"the upkeep with rebound's trigger for {card} did not end after {MOVE_LIMIT} moves")


def rebound_cast(scenario: Scenario[ReboundParams]) -> Action:
    """Casting the card rebound offers, at the target the scenario names (if it has one)."""
    params = scenario.params
    return cast(params.player, params.card, *(() if params.target is None else (params.target,)))


def expect_declined_still_exiled(state: GameState, card: str) -> None:
    """A card whose rebound cast was declined stays in exile (the two "recast is optional" checks
    end on it)."""
    expect_in_zone(state, card, Zone.EXILE, "a card whose rebound cast was declined left exile", f"{card} in exile")


def expect_cast_offers_fit_targets(actions: list[Action], scenario: Scenario[ReboundParams]) -> None:
    """The casts of the card rebound offers: among them the one at the scenario's target (or
    without a target, for a spell that has none), and each names a target the spell may have
    (601.2c: a spell that requires a target is not cast without one; "target player": a player,
    115.1; no target for a spell that has none)."""
    card, target = scenario.params.card, scenario.params.target
    casts = [a for a in actions if a.kind is ActionKind.CAST and a.source == card]
    wanted = rebound_cast(scenario)
    expect(
        any(a.targets == wanted.targets for a in casts),
        "rebound's trigger resolved without offering to cast the card"
        + ("" if target is None else f" targeting {target}"),
        expected=f"{wanted} offered",
        observed=", ".join(map(str, actions)),
    )
    fits = {(p,) for p in PLAYER_TARGETS} if target is not None else {()}
    wrong = [a for a in casts if a.targets not in fits]
    expect(
        not wrong,
        "rebound offers to cast the card with targets its spell cannot have (601.2c, 115.1)",
        expected="one target, a player" if target is not None else "no target",
        observed=", ".join(map(str, wrong)),
    )


NO_LEGAL_TARGET = "with no legal target the card is not cast and stays exiled"


def expect_not_castable(probe: Probe, scenario: Scenario[ReboundParams], asked: bool) -> None:
    """The card's spell requires a target and none is legal (no spell on the stack for
    "Counter target spell."): it cannot be cast (601.2c), so rebound offers no cast of it and
    an engine refuses one (without a target, or targeting rebound's own trigger, an ability:
    "target spell" names a spell, 115.1; a spell cannot target itself, 115.5); declining, the
    one choice left, is accepted. The card stays exiled ("if you can't [cast it] ... the card
    will stay exiled")."""
    player, card = scenario.params.player, scenario.params.card
    if asked:
        actions = probe.legal_actions()
        casts = [a for a in actions if a.kind is ActionKind.CAST and a.source == card]
        expect(
            not casts,
            "rebound offers to cast a card whose spell has no legal target (601.2c)",
            expected=f"no cast of {card} offered (its spell's only target would be a spell; none is on the stack)",
            observed=", ".join(map(str, casts)),
        )
        for attempt in (cast(player, card), cast(player, card, card)):
            probe.expect_refused(attempt, f"casting {card} by rebound with no legal target accepted (601.2c)")
        probe.require(decline(player), "declining rebound's offer when the card cannot be cast")
    resolve_stack(probe)
    expect_in_zone(
        probe.state(), card, Zone.EXILE, "a rebound card that could not be cast left exile", f"{card} in exile"
    )


@invariant(
    applies_to=RECAST_OPTIONAL,
    name="may-decline",
    kind="legality",
    claims=["the cast offered and declining accepted", NO_LEGAL_TARGET],
    requires=UPKEEP_CARDS,
    scenarios=upkeep_scenarios,
)
def check_may_decline(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """At the upkeep, rebound's trigger offers to cast the card (at a target its spell may
    have, when it has one) and to decline; declining is accepted and the card stays in exile.
    A card whose spell has no legal target is not offered, and stays in exile."""
    player, card = scenario.params.player, scenario.params.card
    asked = rebound_choice(probe, scenario)
    if scenario.params.target_illegal:
        expect_not_castable(probe, scenario, asked)
        probe.claim(NO_LEGAL_TARGET)
        return
    actions = probe.legal_actions()
    declines = [a for a in actions if a.kind is ActionKind.CHOOSE_CARDS and not a.cards]
    expect_cast_offers_fit_targets(actions, scenario)
    expect(
        bool(declines),
        "rebound's trigger offers no way to decline casting the card",
        expected="declining (choose no card) offered",
        observed=", ".join(map(str, actions)),
    )
    probe.claim("the cast offered and declining accepted")
    probe.require(decline(player), "declining to cast the card rebound offers")
    resolve_stack(probe)
    after = probe.state()
    expect_declined_still_exiled(after, card)


@invariant(
    applies_to=RECAST_OPTIONAL,
    name="no-second-chance",
    kind="outcome",
    claims=["no second chance on a later upkeep"],
    requires=UPKEEP_CARDS,
    scenarios=upkeep_scenarios,
)
def check_no_second_chance(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """Declined once, or not castable (no legal target), the card stays exiled: at its owner's
    next upkeep nothing offers it again."""
    player, card = scenario.params.player, scenario.params.card
    start = probe.state().turn
    if rebound_choice(probe, scenario):
        probe.require(decline(player), "declining to cast the card rebound offers")
    watch_until(
        probe,
        next_upkeep_over(player, start),
        lambda s: f"{card} is offered again by rebound on a later upkeep" if may_cast(s, card) else None,
        f"player {player}'s next upkeep without a new chance to cast {card}",
    )
    probe.claim("no second chance on a later upkeep")
    end = probe.state()
    expect_declined_still_exiled(end, card)


CAST_FREE_THEN_GONE = "cast from exile without paying, then where a resolved spell goes, nothing else changed"


@invariant(
    applies_to=RECAST_OPTIONAL,
    name="cast-from-exile-free",
    kind="outcome",
    claims=[CAST_FREE_THEN_GONE, NO_LEGAL_TARGET],
    requires=UPKEEP_CARDS,
    scenarios=upkeep_scenarios,
)
def check_cast_from_exile(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """Casting the card rebound offers (the other choice the ruling leaves open) follows every
    consequence of 702.88a: it is cast from exile without paying its mana cost (no land tapped,
    no land play used), at the target chosen as it is cast (601.2c: the player the scenario
    names gains the life, nobody else), and once it resolves it is not exiled again (cast from
    exile, not from the hand): an instant or sorcery goes to its owner's graveyard (608.2n),
    Jeskai Baller enters the battlefield; nothing else moved. A card whose spell has no legal
    target cannot be cast: it stays exiled, and nothing moves or changes life."""
    player, card = scenario.params.player, scenario.params.card
    asked = rebound_choice(probe, scenario)
    before = probe.state()
    if scenario.params.target_illegal:
        expect_not_castable(probe, scenario, asked)
        after = probe.state()
        probe.claim(NO_LEGAL_TARGET)
        expect_consequences(before, after, f"{card}'s rebound trigger, the card not castable", Consequences(tap_ok=()))
        expect_life_gained(before, after, {}, f"{card}'s rebound trigger, the card not castable")
        return
    probe.require(rebound_cast(scenario), f"casting {card} from exile as its rebound trigger offers")
    resolve_stack(probe)
    after = probe.state()
    probe.claim(CAST_FREE_THEN_GONE)
    gainer = player if scenario.params.target is None else parse_player_target(scenario.params.target)
    expect_life_gained(
        before, after, {gainer: scenario.params.life} if scenario.params.life else {}, f"{card} resolved"
    )
    owner = before.obj(card).owner
    where = (Zone.BATTLEFIELD, player) if scenario.params.kind == "Jeskai Baller" else (Zone.GRAVEYARD, owner)
    expect_consequences(
        before,
        after,
        f"{card} cast by rebound from exile, resolved",
        Consequences(moved={card: where}, tap_ok=()),
    )
    expect(
        not any(d.card == card for d in after.delayed),
        "a card cast from exile by rebound set up rebound again (only a spell cast from the hand is exiled by it)",
        expected="no delayed trigger for it",
        observed=", ".join(map(str, after.delayed)),
    )


@invariant(
    applies_to=ruling("jeskai-baller.rebound-from-hand-exiled"),
    name="exiled-not-entering",
    kind="outcome",
    claims=["exiled by rebound, never entering"],
    requires=BALLER,
    scenarios=lambda: rebound_cast_scenarios(ReboundSpec(kinds=("Jeskai Baller",))),
    observes={"delayed"},
)
def check_baller_from_hand_exiled(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """Jeskai Baller cast from the hand resolves into exile (rebound), never onto the
    battlefield, and its rebound waits for the next upkeep."""
    player, card = scenario.params.player, scenario.params.card
    probe.require(cast(player, card), "casting Jeskai Baller from the hand in a main phase with the mana to pay")
    events = resolve_stack(probe)
    after = probe.state()
    probe.claim("exiled by rebound, never entering")
    entered = [e for e in events_of(events, EventKind.ZONE_CHANGE, card) if e.to_zone is Zone.BATTLEFIELD]
    expect(
        in_zone(after, card, Zone.EXILE) and not entered,
        "Jeskai Baller cast from the hand entered the battlefield instead of being exiled by rebound",
        expected=f"{card} exiled as it resolves",
        observed=f"{card} in {zone_name(after, card)}",
    )
    expect(
        any(d.card == card and d.controller == player for d in after.delayed),
        "rebound set up no delayed trigger for Jeskai Baller",
        expected=f"rebound waiting for player {player}'s next upkeep",
        observed=", ".join(map(str, after.delayed)),
    )


def baller_from_exile_scenarios() -> st.SearchStrategy[Scenario[ReboundParams | ExileParams]]:
    upkeep = rebound_upkeep_scenarios(ReboundSpec(kinds=("Jeskai Baller",)))
    permission = exile_permission_scenarios(
        ExileSpec(steps=MAIN_STEPS, kinds=("Creature",), must=("Creature",), anyone=False, stack=False, baller=True)
    )
    return st.one_of(upkeep, permission)


@invariant(
    applies_to=ruling("jeskai-baller.creature-unless-from-hand"),
    name="enters-from-exile",
    kind="outcome",
    claims=["cast from exile, it enters as a creature"],
    requires=BALLER | {Mechanic.PLAY_FROM_EXILE},
    scenarios=baller_from_exile_scenarios,
    observes={"delayed"},
)
def check_baller_from_exile_enters(probe: Probe, scenario: Scenario[ReboundParams | ExileParams]) -> None:
    """Jeskai Baller cast from exile — by its rebound, or with a permission to play it from
    exile — enters the battlefield as a creature."""
    if isinstance(scenario.params, ExileParams):
        player = scenario.params.holder
        card = next(c for c, kind in scenario.params.kinds.items() if kind == "Creature")
        probe.require(cast(player, card), "casting Jeskai Baller from exile with a permission, in a main phase")
    else:
        player, card = scenario.params.player, scenario.params.card
        rebound_choice(probe, scenario)  # type: ignore[arg-type]  # the params are ReboundParams here
        probe.require(cast(player, card), "casting Jeskai Baller from exile as its rebound trigger offers")
    resolve_stack(probe)
    after = probe.state()
    probe.claim("cast from exile, it enters as a creature")
    perm = after.permanent(card)
    expect(
        perm is not None and perm.controller == player,
        "Jeskai Baller cast from exile did not enter the battlefield as a creature",
        expected=f"{card} on the battlefield under player {player}'s control",
        observed=f"{card} in {zone_name(after, card)}",
    )
    expect(
        not any(d.card == card for d in after.delayed),
        "Jeskai Baller cast from exile set up rebound again",
        expected="no delayed trigger for it",
        observed=", ".join(map(str, after.delayed)),
    )


@invariant(
    applies_to=ruling("jeskai-baller.cast-trigger-resolves-first"),
    name="trigger-first",
    kind="trace",
    claims=["the cast trigger resolves first"],
    requires=BALLER,
    scenarios=lambda: rebound_cast_scenarios(ReboundSpec(kinds=("Jeskai Baller",))),
)
def check_cast_trigger_first(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """The cast trigger goes on the stack above Jeskai Baller and resolves first: the Athlete token
    exists before Jeskai Baller leaves the stack."""
    player, card = scenario.params.player, scenario.params.card
    probe.require(cast(player, card), "casting Jeskai Baller from the hand in a main phase with the mana to pay")
    mid = probe.state()
    top = mid.stack[-1] if mid.stack else None
    expect(
        top is not None and top.kind == "triggered" and top.source == card,
        "Jeskai Baller's cast trigger is not on top of the stack once it is cast",
        expected=f"a triggered ability of {card} above the spell",
        observed=", ".join(f"{s.kind}:{s.source}:{s.ability}" for s in mid.stack),
    )
    events = resolve_stack(probe)
    probe.claim("the cast trigger resolves first")
    known = {o.id for o in mid.objects}
    created = [
        i
        for i, e in enumerate(events)
        if e.kind is EventKind.ZONE_CHANGE and e.to_zone is Zone.BATTLEFIELD and e.card not in known
    ]
    left = [
        i
        for i, e in enumerate(events)
        if e.kind is EventKind.ZONE_CHANGE and e.card == card and e.from_zone is Zone.STACK
    ]
    expect(
        bool(created) and bool(left) and created[0] < left[0],
        "Jeskai Baller resolved before its cast trigger",
        expected="the Athlete token created before Jeskai Baller leaves the stack",
        observed="; ".join(map(str, events)),
    )


@invariant(
    applies_to=ruling("jeskai-baller.cast-trigger-resolves-first"),
    name="trigger-survives-counter",
    kind="outcome",
    claims=["the cast trigger resolves though the spell is countered"],
    requires=BALLER | COUNTER,
    scenarios=lambda: rebound_cast_scenarios(ReboundSpec(kinds=("Jeskai Baller",), counter=True)),
)
def check_cast_trigger_survives(probe: Probe, scenario: Scenario[ReboundParams]) -> None:
    """Jeskai Baller countered in response to its cast trigger: the trigger still resolves and
    its controller gets the Athlete token."""
    player, card = scenario.params.player, scenario.params.card
    before = len(tokens_on_battlefield(probe.state(), player))
    cast_and_counter(probe, scenario)
    after = probe.state()
    expect_in_zone(
        after,
        card,
        Zone.GRAVEYARD,
        "countered Jeskai Baller is not in its owner's graveyard",
        f"{card} in the graveyard",
    )
    probe.claim("the cast trigger resolves though the spell is countered")
    now = tokens_on_battlefield(after, player)
    expect(
        len(now) == before + 1,
        "the cast trigger of a countered Jeskai Baller did not resolve",
        expected=f"one new token under player {player}'s control",
        observed=f"{len(now) - before} new tokens",
    )
