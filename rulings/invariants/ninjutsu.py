"""Templates and invariants of the ninjutsu family (CR 702.49): ninjutsu, library ninjutsu,
commander ninjutsu, and any later variant named in :mod:`protocol.keywords`.

The wordings are in ``rulings/wordings/ninjutsu.toml``. Each template's invariants are declared
for each keyword variant the ruling speaks of (:data:`VARIANTS`: the one its ``{keyword}`` slot
names, or the ruling's cards' when the text only says "the Ninja"), and draw combat states with
a Ninja waiting in the variant's zone (:class:`NinjutsuDraws`, from :mod:`generators.ninjutsu`).
Legality invariants check both directions: the activation is offered and accepted when the rules
allow it, and neither offered nor accepted when not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from generators.cards import keyword_cost
from generators.combat import STEPS_BEFORE_BLOCKERS
from generators.ninjutsu import (
    FINDS_NINJA,
    NINJUTSU_STEPS,
    NinjutsuParams,
    NinjutsuSpec,
    ninjutsu_features,
    ninjutsu_scenarios,
)
from protocol.keywords import (
    NINJUTSU,
    NINJUTSU_FAMILY,
    RETURN_AN_ATTACKER,
    KeywordVariant,
    UnknownVariant,
    variants_in_texts,
)
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    CardData,
    EventKind,
    GameState,
    Step,
    Zone,
)
from protocol.probe import Probe, Scenario, expect
from rulings.declare import Draws, Each, invariant, template
from rulings.invariants.by_play import reach_by_play
from rulings.invariants.consequences import Consequences, expect_consequences
from rulings.invariants.driving import events_of, expect_forbidden, offered, pass_until_step, resolve_stack
from rulings.invariants.search_moves import arrive, expect_waits_after_search, ready
from rulings.invariants.zone_checks import (
    FOUND_NEVER_ENTERS,
    ONLY_FROM_ZONE,
    check_found_never_enters,
    check_only_from_zone,
)
from rulings.templates import Match, NotCovered, template_text

BASE_REQUIRES = frozenset({Mechanic.STACK, Mechanic.PRIORITY, Mechanic.MANA_ABILITY})


# -- building blocks ------------------------------------------------------------------------


def activation(variant: KeywordVariant, scenario: Scenario[NinjutsuParams], returned: str | None = None) -> Action:
    """The scenario's Ninja put in with ``variant`` (:meth:`KeywordVariant.use`), returning
    ``returned`` (default: the scenario's pick)."""
    return variant.use(scenario.params.player, scenario.params.ninja, returned or scenario.params.returned)


def meaning(variant: KeywordVariant, scenario: Scenario[NinjutsuParams], returned: str) -> dict[str, object]:
    """What an offered action must match to be the variant's use returning ``returned``."""
    use = activation(variant, scenario, returned)
    return {"kind": use.kind, "source": use.source, "ability": use.ability, "costs": use.costs}


def unblocked_attackers(state: GameState, player: int) -> list[str]:
    return [p.id for p in state.unblocked_attackers(player)]


def own_card(cards: tuple[CardData, ...], variant: KeywordVariant) -> CardData | None:
    """The first of the ruling's cards that carries ``variant`` (a ninjutsu-family keyword with a
    cost basic lands pay): the card its invariants draw as the Ninja."""
    if variant.name not in NINJUTSU_FAMILY:
        return None  # sneak: the ruling's card grants the keyword to other creatures
    for card in cards:
        try:
            carries = variant in variants_in_texts((card.text,), NINJUTSU_FAMILY)
        except UnknownVariant:
            continue
        if carries and keyword_cost(card, variant.name) is not None:
            return card
    return None


@dataclass(frozen=True)
class NinjutsuDraws:
    """Combat states with the variant's Ninja ready to be put in, as ``spec(variant)`` describes
    them, the Ninja drawn as the ruling's own card when one of its cards carries the variant
    (:func:`own_card`); the mechanics the states hold: the variant's, the spec's, and a search
    or a cast the variant needs."""

    spec: Callable[[KeywordVariant], NinjutsuSpec]

    def draws(self, variant: KeywordVariant, match: Match) -> Draws:
        spec = self.spec(variant)
        requires = BASE_REQUIRES | spec.requires | {variant.mechanic}
        if variant.during_search:
            requires |= {Mechanic.SEARCH, Mechanic.CASTING}
        if variant.casts:
            requires |= {Mechanic.CASTING, Mechanic.CASTING_PERMANENTS}
        card = own_card(match.cards, variant)
        drawn = spec if card is None else replace(spec, card=card)
        return Draws(partial(ninjutsu_scenarios, drawn), frozenset(requires), ninjutsu_features(spec), spec.optional)


def expect_entered(state: GameState, ninja: str) -> None:
    """Once its ability has resolved, the Ninja is on the battlefield."""
    expect(
        state.permanent(ninja) is not None,
        "the Ninja did not enter when the ability resolved",
        expected=f"{ninja} on the battlefield",
        observed=f"{ninja} in {state.zone_of(ninja)}",
    )


def carried(match: Match, family: dict[str, KeywordVariant]) -> list[KeywordVariant]:
    """The variants of ``family`` the ruling's cards carry, read from their oracle text."""
    try:
        return variants_in_texts(match.texts(), family)
    except UnknownVariant as exc:
        raise NotCovered(str(exc)) from None


def variants_of(match: Match) -> list[KeywordVariant]:
    """The variants a ruling speaks of: the one its text names, or (for "the Ninja", "a creature
    put onto the battlefield this way") those its cards' oracle text carries. "The ninjutsu
    ability" of a card that has only a variant (commander ninjutsu) is that variant's."""
    cards = carried(match, RETURN_AN_ATTACKER)
    if "keyword" in match.slots:
        named = RETURN_AN_ATTACKER[match.slots["keyword"]]
        if named is NINJUTSU and cards and NINJUTSU not in cards:
            return [v for v in cards if v.name in NINJUTSU_FAMILY] or [named]
        return [named]
    if not cards:
        raise NotCovered(f"{', '.join(match.ruling.cards)}: no ninjutsu or sneak keyword in the oracle text")
    return cards


# -- checks ---------------------------------------------------------------------------------

#: The claims of a refusal, by where the game is: before attackers are declared (nothing to
#: return yet), with attackers declared but no blockers (attacking creatures are neither blocked
#: nor unblocked), and in a later step outside the variant's window.
#: Why a check of a ruling that only permits is exempt from ``accepts-illegal``.
PERMITS = "the ruling only permits an action: it forbids nothing an engine could wrongly accept"
REFUSED_BEFORE_ATTACKERS = "refused before attackers are declared"
REFUSED_BEFORE_BLOCKERS = "refused with attackers declared, before blockers"
REFUSED_OUTSIDE_WINDOW = "refused in a combat step outside its window"
REFUSED_RETURNING_BLOCKED = "refused returning a blocked attacker"
REFUSED_AFTER_COMBAT = "refused after the end of combat step"


def refusal_claim(step: Step) -> str:
    if list(Step).index(step) < list(Step).index(Step.DECLARE_ATTACKERS):
        return REFUSED_BEFORE_ATTACKERS
    if step is Step.DECLARE_ATTACKERS:
        return REFUSED_BEFORE_BLOCKERS
    return REFUSED_OUTSIDE_WINDOW


def refusal_claims(steps: tuple[Step, ...]) -> tuple[str, ...]:
    """The claims a refusal in one of ``steps`` makes (one per group of steps)."""
    return tuple(dict.fromkeys(refusal_claim(s) for s in steps))


def check_refused(
    variant: KeywordVariant,
    probe: Probe,
    scenario: Scenario[NinjutsuParams],
    return_blocked: bool = False,
    why: str = "",
    claim: str | None = None,
) -> None:
    """Not offered, and refused if tried (a library variant: during the scenario's search).
    Before blockers in the declare attackers step, the creature to return is an attacker (else
    the refusal would only say "no attacker")."""
    ready(variant, probe, scenario)
    state = probe.state()
    returned = scenario.params.blocked if return_blocked else scenario.params.returned
    assert returned is not None  # the spec asks for a blocked attacker
    name = claim or refusal_claim(state.step)
    if name == REFUSED_BEFORE_BLOCKERS:
        perm = state.permanent(returned)
        expect(
            perm is not None and perm.attacking is not None,
            "the creature to return is not attacking in the declare attackers step",
            expected=f"{returned} attacking",
            observed=f"{returned}: {perm}",
        )
    if return_blocked:
        probe.precondition(state.permanent(returned) is not None, "the blocked attacker died in combat damage")
    probe.claim(name)
    expect_forbidden(
        probe,
        activation(variant, scenario, returned),
        offered(probe, **meaning(variant, scenario, returned)),
        what=variant.name,
        why=why or f"in the {state.step} step",
        none_offered=f"no {variant.name} activation returning {returned} offered",
    )


OFFERED = "offered and accepted"


def check_offered_and_accepted(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    """Offered for every unblocked attacker, and accepted."""
    ready(variant, probe, scenario)
    state = probe.state()
    player = scenario.params.player
    probe.claim(OFFERED)
    for returned in unblocked_attackers(state, player):
        shown = offered(probe, **meaning(variant, scenario, returned))
        expect(
            bool(shown),
            f"{variant.name} not offered in the {state.step} step with {returned} unblocked and mana to pay",
            expected=f"{activation(variant, scenario, returned)} offered",
            observed="not offered",
        )
    probe.require(activation(variant, scenario), f"{variant.name} with an unblocked attacker in the {state.step} step")


def activate_and_resolve(
    variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams], returned: str | None = None
):
    """Activate the Ninja's ability and pass until it has resolved; the events of both (a search
    a library variant needs is started first, and ends finding nothing)."""
    events = ready(variant, probe, scenario)
    before = probe.state()
    returned = returned or scenario.params.returned
    target = before.permanent(returned).attacking  # type: ignore[union-attr]
    events += probe.require(activation(variant, scenario, returned), f"{variant.name} returning {returned}")
    events += resolve_stack(probe)
    # Every consequence, not only the one the ruling names: the Ninja on the battlefield under
    # its activator's control, the returned creature in its owner's hand (library ninjutsu: its
    # owner's library, shuffled, and the searched library shuffled as the search ends: 701.23),
    # no land play used, nothing else moved.
    returning = before.obj(returned)
    player = scenario.params.player
    shuffled = {player, returning.owner} if variant.returned_to is Zone.LIBRARY else set()
    expect_consequences(
        before,
        probe.state(),
        f"{variant.name} returning {returned}, resolved",
        Consequences(
            moved={scenario.params.ninja: (Zone.BATTLEFIELD, player), returned: (variant.returned_to, returning.owner)},
            gone_ok={returned} if returning.token else (),
            shuffled=shuffled,
        ),
    )
    return target, events


SAME_TARGET = "enters tapped, attacking the returned creature's target"


def check_enters_attacking_same_target(
    variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]
) -> None:
    ninja = scenario.params.ninja
    returned = scenario.state.obj(scenario.params.returned)
    target, _ = activate_and_resolve(variant, probe, scenario)
    after = probe.state()
    probe.claim(SAME_TARGET)
    if variant.casts:
        # Sneak's ruling names where the creature went: "returned to its owner's hand to pay its
        # sneak cost" (the generator draws attackers owned by the other player and tokens).
        expect(
            after.permanent(returned.id) is None
            and (returned.token or returned.id in after.player(returned.owner).hand),
            f"the creature returned for the {variant.name} cost is not in its owner's hand",
            expected=f"{returned.id} in player {returned.owner}'s hand"
            + (" (or gone: a token)" if returned.token else ""),
            observed=f"{returned.id} in {after.zone_of(returned.id)}",
        )
    perm = after.permanent(ninja)
    expect(
        perm is not None,
        "the Ninja did not enter the battlefield",
        expected=f"{ninja} on the battlefield",
        observed=f"{ninja} in {after.zone_of(ninja)}",
    )
    assert perm is not None  # the expectation above made sure
    expect(
        perm.attacking == target,
        "the Ninja attacks another target than the returned creature did",
        expected=f"attacking {target}",
        observed=f"attacking {perm.attacking}",
    )
    expect(perm.tapped, "the Ninja entered untapped", expected="tapped", observed="untapped")


REVEALED = "revealed and returned on activation, the Ninja waits"


def check_reveal_and_return(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    ninja, returned = scenario.params.ninja, scenario.params.returned
    ready(variant, probe, scenario)
    owner, token = probe.state().obj(returned).owner, probe.state().obj(returned).token
    events = probe.require(activation(variant, scenario), f"{variant.name} returning {returned}")
    mid = probe.state()
    probe.claim(REVEALED)
    expect(
        bool(events_of(events, EventKind.REVEAL, ninja)),
        "the Ninja was not revealed on activation",
        expected=f"a reveal event for {ninja}",
        observed="; ".join(map(str, events)) or "no events",
    )
    if token:
        # A token goes to its owner's hand or library and then ceases to exist (111.7, 704.5d).
        moved = [e for e in events_of(events, EventKind.ZONE_CHANGE, returned) if e.to_zone is variant.returned_to]
        expect(
            bool(moved) and mid.permanent(returned) is None and mid.zone_of(returned) in (None, variant.returned_to),
            f"the returned token did not go to its owner's {variant.returned_to}",
            expected=f"{returned} moved to player {owner}'s {variant.returned_to} (then gone: 704.5d)",
            observed=f"{returned} in {mid.zone_of(returned)}; " + "; ".join(map(str, moved)),
        )
    elif variant.returned_to is Zone.LIBRARY:
        expect(
            returned in mid.player(owner).library and returned not in mid.player(owner).hand,
            "the returned creature was not shuffled into its owner's library",
            expected=f"{returned} in player {owner}'s library",
            observed=f"{returned} in {mid.zone_of(returned)}",
        )
        shuffles = [e for e in events if e.kind is EventKind.SHUFFLE and e.player == owner]
        expect(
            bool(shuffles),
            "the library the returned creature went into was not shuffled",
            expected=f"a shuffle of player {owner}'s library",
            observed="; ".join(map(str, events)),
        )
        expect(
            ninja in mid.revealed,
            "the Ninja card did not stay revealed in the library",
            expected=f"{ninja} revealed until the ability resolves",
            observed=f"revealed: {list(mid.revealed)}",
        )
    else:
        expect(
            returned in mid.player(owner).hand,
            "the returned creature is not in its owner's hand",
            expected=f"{returned} in player {owner}'s hand",
            observed=f"{returned} in {mid.zone_of(returned)}",
        )
    expect(
        mid.zone_of(ninja) is variant.zone and mid.permanent(ninja) is None,
        "the Ninja left its zone before the ability resolved",
        expected=f"{ninja} still in {variant.zone} until resolution",
        observed=f"{ninja} in {mid.zone_of(ninja)}",
    )
    if variant.during_search:  # the Ninja stays revealed in the library until the ability resolves
        waiting = expect_waits_after_search(probe, ninja)
        # ... after the search too: it is the ability leaving the stack that ends it (701.20a;
        # "stays revealed ... until the ability resolves or otherwise leaves the stack").
        expect(
            ninja in waiting.revealed,
            "the Ninja card stopped being revealed when the search ended, with its ability still on the stack",
            expected=f"{ninja} revealed until the ability leaves the stack",
            observed=f"revealed: {list(waiting.revealed)}",
        )
    resolve_stack(probe)
    expect_entered(probe.state(), ninja)


STAYS_REVEALED = "the Ninja stays revealed until the ability leaves the stack"


def check_stays_revealed(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    """Revealing the Ninja is part of the cost (702.49a), and a card revealed for a cost stays
    revealed from the activation until the ability leaves the stack (701.20a): while the ability
    waits on the stack the Ninja in the hand is among the revealed cards, not only announced by
    a reveal event."""
    ninja = scenario.params.ninja
    ready(variant, probe, scenario)
    probe.require(activation(variant, scenario), f"{variant.name} returning {scenario.params.returned}")
    mid = probe.state()
    probe.precondition(
        any(item.source == ninja for item in mid.stack), "the ability left the stack at once (nothing to look at)"
    )
    probe.claim(STAYS_REVEALED)
    expect(
        ninja in mid.revealed,
        "the Ninja revealed to pay the ninjutsu cost is not revealed while the ability is on the stack (701.20a)",
        expected=f"{ninja} among the revealed cards until the ability leaves the stack",
        observed=f"revealed: {list(mid.revealed)}",
    )


LEFT_ZONE = "never enters once it left its zone"


def check_left_zone_never_enters(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    """Activate twice with the same Ninja (holding priority): the later activation resolves
    first and puts it in; the earlier one finds it gone from the zone and does nothing."""
    ninja = scenario.params.ninja
    ready(variant, probe, scenario)
    state = probe.state()
    first, second = unblocked_attackers(state, scenario.params.player)[:2]
    second_target = state.permanent(second).attacking  # type: ignore[union-attr]
    events = probe.require(activation(variant, scenario, first), f"{variant.name} returning {first}")
    events += probe.require(
        activation(variant, scenario, second),
        f"a second {variant.name} of the same Ninja while it is still in {variant.zone}",
    )
    events += resolve_stack(probe)
    after = probe.state()
    entered = [e for e in events_of(events, EventKind.ZONE_CHANGE, ninja) if e.to_zone is Zone.BATTLEFIELD]
    probe.claim(LEFT_ZONE)
    expect(
        len(entered) == 1,
        "the Ninja entered the battlefield more or less than once",
        expected="exactly one entry, from the activation that resolved while it was still there",
        observed=f"{len(entered)} entries: " + "; ".join(map(str, entered)),
    )
    perm = after.permanent(ninja)
    expect(
        perm is not None and perm.attacking == second_target,
        "the earlier activation moved or re-entered the Ninja after it had left",
        expected=f"{ninja} attacking {second_target}",
        observed=f"{ninja} attacking {perm.attacking if perm else None}",
    )


NEVER_DECLARED = "entered attacking, never declared: no attack trigger"


def expect_entered_attacking(state: GameState, ninja: str, target: object) -> None:
    """The effect a later claim depends on: the Ninja is on the battlefield, tapped and attacking
    what the returned creature attacked (an engine that skips it must fail, not pass)."""
    perm = state.permanent(ninja)
    expect(
        perm is not None and perm.attacking == target and perm.tapped,
        "the Ninja did not enter the battlefield tapped and attacking when the ability resolved",
        expected=f"{ninja} on the battlefield, tapped, attacking {target}",
        observed=f"{ninja} in {state.zone_of(ninja)}"
        if perm is None
        else f"{ninja} {'tapped' if perm.tapped else 'untapped'}, attacking {perm.attacking}",
    )


def check_never_declared(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    ninja, player = scenario.params.ninja, scenario.params.player
    arrive(probe, scenario)
    life_before = probe.state().player(player).life
    target, events = activate_and_resolve(variant, probe, scenario)
    after = probe.state()
    expect_entered_attacking(after, ninja, target)
    probe.claim(NEVER_DECLARED)
    declared = events_of(events, EventKind.ATTACK, ninja)
    triggers = events_of(events, EventKind.TRIGGER)
    expect(
        not declared,
        "the Ninja was declared as an attacker",
        expected="no attack declaration for the Ninja",
        observed="; ".join(map(str, declared)),
    )
    expect(
        not triggers and after.player(player).life == life_before,
        "an ability that triggers whenever a creature attacks triggered for the Ninja",
        expected=f"no trigger; life stays {life_before}",
        observed=f"life {after.player(player).life}; " + "; ".join(map(str, triggers)),
    )


def check_closed_after_combat(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    """From the end of combat step (reached by play) into the postcombat main phase: the window
    has closed."""
    arrive(probe, scenario)
    reach_by_play(probe, Step.POSTCOMBAT_MAIN, scenario.params.player)
    check_refused(variant, probe, scenario, why="after the end of combat step", claim=REFUSED_AFTER_COMBAT)


NO_LATE_DAMAGE = "no combat damage once the damage step is over"


def check_no_damage_if_late(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    ninja = scenario.params.ninja
    target, events = activate_and_resolve(variant, probe, scenario)
    expect_entered_attacking(probe.state(), ninja, target)
    events += pass_until_step(probe, {Step.POSTCOMBAT_MAIN})
    probe.claim(NO_LATE_DAMAGE)
    dealt = events_of(events, EventKind.DAMAGE, ninja)
    expect(
        not dealt,
        "the Ninja dealt combat damage after combat damage had been dealt",
        expected="no combat damage from the Ninja",
        observed="; ".join(map(str, dealt)),
    )


REGULAR_DAMAGE = "deals its damage in the regular combat damage step"


def check_regular_step_damage(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    ninja = scenario.params.ninja
    target, events = activate_and_resolve(variant, probe, scenario)
    expect_entered_attacking(probe.state(), ninja, target)
    events += pass_until_step(probe, {Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN})
    probe.claim(REGULAR_DAMAGE)
    dealt = events_of(events, EventKind.DAMAGE, ninja)
    regular = [e for e in dealt if e.detail == "regular"]
    early = [e for e in dealt if e.detail != "regular"]
    expect(
        bool(regular) and not early,
        "the Ninja put in during the first-strike damage step did not deal its damage in the regular step",
        expected=f"combat damage from {ninja} to {target} in the regular combat damage step only",
        observed="; ".join(map(str, dealt)) or "no damage from the Ninja",
    )


CHAIN = "a Ninja put in this turn is an unblocked attacker the next activation returns"


def check_chain(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    """A chain of activations: the first Ninja, put in by the variant, is an unblocked attacking
    creature (it entered after blockers were declared, 509.1h), summoning sick, so a second
    Ninja's activation is offered returning it, and returns it to its owner's hand."""
    first, second = scenario.params.ninjas[:2]
    player = scenario.params.player
    activate_and_resolve(variant, probe, scenario)
    state = probe.state()
    expect_entered(state, first)
    use = variant.use(player, second, first)
    probe.claim(CHAIN)
    shown = offered(probe, kind=use.kind, source=use.source, ability=use.ability, costs=use.costs)
    expect(
        bool(shown),
        f"{variant.name} not offered returning a Ninja put in by {variant.name} this turn "
        "(an unblocked attacking creature)",
        expected=f"{use} offered",
        observed="not offered",
    )
    probe.require(use, f"{variant.name} returning the Ninja {first} put in earlier this turn")
    resolve_stack(probe)
    after = probe.state()
    owner = state.obj(first).owner
    expect(
        first in after.player(owner).hand and after.permanent(second) is not None,
        f"the second {variant.name} did not return the first Ninja to its owner's hand and put the second in",
        expected=f"{first} in player {owner}'s hand, {second} on the battlefield",
        observed=f"{first} in {after.zone_of(first)}, {second} in {after.zone_of(second)}",
    )


# -- the templates: their wordings in rulings/wordings/ninjutsu.toml; the invariants they compile to


def slug(variant: KeywordVariant) -> str:
    return variant.slug


#: The keyword variants a ruling speaks of: one invariant each, the variant's slug in its id.
VARIANTS = Each(values=variants_of, id=slug)


def outside_window(variant: KeywordVariant) -> tuple[Step, ...]:
    """The combat steps with unblocked attackers outside the variant's window (sneak's window is
    the declare blockers step only)."""
    return tuple(s for s in NINJUTSU_STEPS if s not in variant.window)


def around_window(variant: KeywordVariant) -> tuple[Step, ...]:
    """Both edges of the window, drawn evenly: the step just before it (attackers declared; the
    earlier steps are refused-before-blockers') and the combat steps after it."""
    return (Step.DECLARE_ATTACKERS, *outside_window(variant))


def variants_after_blockers(match: Match) -> list[KeywordVariant]:
    """The plural wording ("Ninjutsu abilities ...") speaks of the whole family: ninjutsu and
    every variant the ruling's cards carry; the others as :func:`variants_of`."""
    if template_text(match.ruling.text).startswith("ninjutsu abilities"):
        return [NINJUTSU] + [v for v in carried(match, NINJUTSU_FAMILY) if v is not NINJUTSU]
    return variants_of(match)


# Activation only once blockers are declared: refused before, offered and accepted after.
AFTER_BLOCKERS = template("ninjutsu.activation-after-blockers")
EACH_AFTER_BLOCKERS = Each(values=variants_after_blockers, id=slug)
invariant(
    applies_to=AFTER_BLOCKERS,
    for_each=EACH_AFTER_BLOCKERS,
    name="refused-before-blockers",
    kind="legality",
    claims=refusal_claims(STEPS_BEFORE_BLOCKERS),
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, STEPS_BEFORE_BLOCKERS)),
    check=check_refused,
    description=lambda v: f"{v.name} is neither offered nor accepted before blockers are declared",
)
invariant(
    applies_to=AFTER_BLOCKERS,
    for_each=EACH_AFTER_BLOCKERS,
    name="refused-returning-blocked",
    kind="legality",
    claims=[REFUSED_RETURNING_BLOCKED],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, min_unblocked=0, min_blocked=1)),
    check=partial(
        check_refused,
        return_blocked=True,
        why="returning a blocked attacker (only unblocked attackers can be returned)",
        claim=REFUSED_RETURNING_BLOCKED,
    ),
    description=lambda v: f"{v.name} cannot return a blocked attacker: once blockers are declared it is blocked",
)
invariant(
    applies_to=AFTER_BLOCKERS,
    for_each=EACH_AFTER_BLOCKERS,
    name="offered-after-blockers",
    kind="legality",
    claims=[OFFERED],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS)),
    check=check_offered_and_accepted,
    description=lambda v: f"{v.name} is offered and accepted once blockers are declared",
)
invariant(
    applies_to=AFTER_BLOCKERS,
    for_each=EACH_AFTER_BLOCKERS,
    when=lambda v: v.zone is Zone.HAND and not v.casts and not v.during_search,
    name="chain-returns-earlier-ninja",
    kind="outcome",
    claims=[CHAIN],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, min_ninjas=2, activations=2)),
    check=check_chain,
    description=lambda v: f"a Ninja put in by {v.name} this turn is returned by a second activation",
)

# The window (the variant's: ninjutsu's declare blockers, combat damage and end of combat steps;
# sneak's declare blockers step only): offered and accepted in it, refused outside it (before
# blockers and in the later combat steps, for a narrower window) and after combat; a Ninja put in
# after combat damage deals none.
WINDOW = template("ninjutsu.activation-window")
invariant(
    applies_to=WINDOW,
    for_each=VARIANTS,
    name="offered-in-window",
    kind="legality",
    claims=[OFFERED],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, v.window)),
    check=check_offered_and_accepted,
    description=lambda v: f"{v.name} is offered and accepted in each step of its window",
)
invariant(
    applies_to=WINDOW,
    for_each=VARIANTS,
    when=lambda v: bool(outside_window(v)),
    name="refused-outside-window",
    kind="legality",
    claims=lambda v: refusal_claims(around_window(v)),
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, around_window(v))),
    check=partial(check_refused, why="outside its window"),
    description=lambda v: f"{v.name} is neither offered nor accepted outside {', '.join(map(str, v.window))}",
)
invariant(
    applies_to=WINDOW,
    for_each=VARIANTS,
    name="closed-after-combat",
    kind="legality",
    claims=[REFUSED_AFTER_COMBAT],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, (Step.END_OF_COMBAT,))),
    check=check_closed_after_combat,
    description=lambda v: f"{v.name} is refused once the end of combat step is over",
)
invariant(
    applies_to=WINDOW,
    for_each=VARIANTS,
    when=lambda v: Step.COMBAT_DAMAGE in v.window or Step.END_OF_COMBAT in v.window,
    name="no-damage-after-damage-step",
    kind="outcome",
    claims=[NO_LATE_DAMAGE],
    scenarios=NinjutsuDraws(
        lambda v: NinjutsuSpec(v, (Step.COMBAT_DAMAGE, Step.END_OF_COMBAT), ninja_deals_damage=True)
    ),
    check=check_no_damage_if_late,
    description=lambda v: f"a Ninja put in by {v.name} after combat damage deals none",
)

# Activation in the first-strike damage step; the Ninja then deals damage in the regular step.
FIRST_STRIKE = template("ninjutsu.first-strike-step")
invariant(
    applies_to=FIRST_STRIKE,
    for_each=VARIANTS,
    name="offered-in-first-strike-step",
    kind="legality",
    claims=[OFFERED],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, (Step.FIRST_STRIKE_DAMAGE,))),
    check=check_offered_and_accepted,
    exempt={"accepts-illegal": PERMITS},
    description=lambda v: f"{v.name} is offered in the first-strike damage step",
)
invariant(
    applies_to=FIRST_STRIKE,
    for_each=VARIANTS,
    name="damage-in-regular-step",
    kind="outcome",
    claims=[REGULAR_DAMAGE],
    scenarios=NinjutsuDraws(
        lambda v: NinjutsuSpec(v, (Step.FIRST_STRIKE_DAMAGE,), ninja_deals_damage=True, returned_attacks_player=True)
    ),
    check=check_regular_step_damage,
    description=lambda v: f"a Ninja put in by {v.name} during the first-strike step deals damage in the regular step",
)

# The Ninja (or the creature cast for its sneak cost) enters tapped and attacking what the
# returned creature was attacking; a variant "activated only from your <zone>" is also refused
# from the hand (and accepted from its zone).
SAME_TARGET_RULE = template("ninjutsu.enters-attacking-same-target")
invariant(
    applies_to=SAME_TARGET_RULE,
    for_each=VARIANTS,
    name="enters-attacking-same-target",
    kind="outcome",
    claims=[SAME_TARGET],
    requires={Mechanic.PLANESWALKER, Mechanic.BATTLE},
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, v.window)),
    check=check_enters_attacking_same_target,
    description=lambda v: (
        f"the {v.name} creature enters tapped, attacking the returned creature's player, planeswalker or battle"
    ),
)
invariant(
    applies_to=SAME_TARGET_RULE,
    for_each=VARIANTS,
    when_stated="only-from-zone",
    when=lambda v: v.zone is not Zone.HAND,
    name="refused-from-hand",
    kind="legality",
    claims=[ONLY_FROM_ZONE],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, ninja_elsewhere=Zone.HAND)),
    check=check_only_from_zone,
    description=lambda v: f"{v.name} is refused from the hand and accepted from the {v.zone}",
)

# Reveal and return on activation (a variant activated from the library: the creature is
# shuffled into its owner's library and the Ninja stays revealed); the Ninja moves only on
# resolution, and not if it left its zone before (for the library: even when the search itself
# finds it).
REVEAL = template("ninjutsu.reveal-and-return")
invariant(
    applies_to=REVEAL,
    for_each=VARIANTS,
    when=lambda v: v.during_search,
    name="never-enters-after-found",
    kind="outcome",
    claims=[FOUND_NEVER_ENTERS],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, search=FINDS_NINJA)),
    check=check_found_never_enters,
    description=lambda v: f"a {v.name} whose Ninja the search itself finds puts nothing onto the battlefield",
)
invariant(
    applies_to=REVEAL,
    for_each=VARIANTS,
    name="reveal-and-return-on-activation",
    kind="trace",
    claims=[REVEALED],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS)),
    check=check_reveal_and_return,
    # The Ninja stays revealed in a hidden zone only when the creature goes to the library.
    observes=lambda v: {"revealed"} if v.returned_to is Zone.LIBRARY else set(),
    description=lambda v: f"activating {v.name} reveals the Ninja and returns the creature; the Ninja waits",
)
invariant(
    applies_to=REVEAL,
    for_each=VARIANTS,
    when=lambda v: v.zone is Zone.HAND and not v.casts,
    name="stays-revealed-until-resolved",
    kind="trace",
    claims=[STAYS_REVEALED],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS)),
    check=check_stays_revealed,
    observes={"revealed"},
    description=lambda v: (
        f"the Ninja revealed for {v.name} stays revealed until the ability leaves the stack (701.20a)"
    ),
)
invariant(
    applies_to=REVEAL,
    for_each=VARIANTS,
    name="never-enters-after-leaving",
    kind="outcome",
    claims=[LEFT_ZONE],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, NINJUTSU_STEPS, min_unblocked=2, activations=2)),
    check=check_left_zone_never_enters,
    description=lambda v: f"a {v.name} whose Ninja left its zone before resolution puts nothing onto the battlefield",
)

# No "whenever ... attacks" trigger for a creature put onto the battlefield attacking (the
# variant comes from the ruling's cards: the Ninja's keyword, or Ninja Teen's sneak).
invariant(
    applies_to=template("ninjutsu.never-declared"),
    for_each=VARIANTS,
    name="no-attack-trigger",
    kind="trace",
    claims=[NEVER_DECLARED],
    scenarios=NinjutsuDraws(lambda v: NinjutsuSpec(v, v.window, observer=True, ninja_attack_trigger=True)),
    check=check_never_declared,
    description=lambda v: f"a Ninja put in by {v.name} is never declared: no attack triggers",
)
