"""Invariants of Ninja Teen's graveyard sneak (level 3; 702.190a, 601.3). The sneak rulings of
the same card that read like ninjutsu's compile through the ninjutsu templates (see
:mod:`rulings.invariants.ninjutsu`); these two are one of a kind, each declared for its one
ruling. Scenarios: :mod:`generators.sneak`.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from generators.combat import COMBAT_MECHANICS
from generators.sneak import GraveyardSneakSpec, SneakParams, graveyard_sneak_scenarios
from protocol.keywords import SNEAK
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, GameState, Step
from protocol.probe import Probe, Scenario, expect
from rulings.declare import invariant, ruling
from rulings.invariants.driving import resolve_stack
from rulings.invariants.search_moves import arrive
from rulings.invariants.spell_moves import offered_for, whose_turn

#: The combat mechanics of the drawn states are optional (drawn only if the engine supports them).
REQUIRES = frozenset(
    {
        Mechanic.STACK,
        Mechanic.PRIORITY,
        Mechanic.MANA_ABILITY,
        Mechanic.CASTING,
        Mechanic.CASTING_PERMANENTS,
        Mechanic.SNEAK,
        Mechanic.CLASS,
    }
)


def sneak_choice(scenario: Scenario[SneakParams], card: str, index: int = 0) -> int | None:
    """The ``choice`` of :meth:`KeywordVariant.use` casting ``card`` with its ``index``-th sneak
    ability: named only when the card has several to choose from."""
    return index if scenario.params.sneak_abilities[card] > 1 else None


def sneak_window(state: GameState, scenario: Scenario[SneakParams]) -> bool:
    """702.190a with Ninja Teen's level 3: the declare blockers step of the player's turn, with
    priority, an unblocked attacker to return, and the permission (level 3)."""
    player = scenario.params.player
    return (
        scenario.params.teen_level >= 3
        and state.step is Step.DECLARE_BLOCKERS
        and state.active_player == player
        and state.priority == player
        and state.pending is None
        and bool(state.unblocked_attackers(player))
    )


IN_WINDOW = "graveyard sneak offered and accepted in the declare blockers step"
OUT_OF_WINDOW = "graveyard creatures refused in another step, with the permission"


@invariant(
    applies_to=ruling("ninja-teen.graveyard-sneak-timing"),
    name="declare-blockers-only",
    kind="legality",
    claims=[IN_WINDOW, OUT_OF_WINDOW],
    requires=REQUIRES,
    optional=COMBAT_MECHANICS,
    scenarios=lambda allowed=COMBAT_MECHANICS: graveyard_sneak_scenarios(allowed=allowed),
)
def check_graveyard_sneak_timing(probe: Probe, scenario: Scenario[SneakParams]) -> None:
    """A creature card in the graveyard can be cast for a sneak cost (with Ninja Teen at level 3)
    only during the declare blockers step of its owner's turn, when they could cast an instant;
    never for its mana cost; and never without returning an unblocked attacker."""
    arrive(probe, scenario)
    state = probe.state()
    player = scenario.params.player
    window = sneak_window(state, scenario)
    actions = probe.legal_actions()
    for card in scenario.params.graveyard:
        sneaks = offered_for(actions, card, alternative=True)
        normal = offered_for(actions, card, alternative=False)
        expect(
            bool(sneaks) == window,
            f"casting a graveyard creature for its sneak cost is {'not ' if window else ''}offered in the "
            f"{state.step} step ({whose_turn(state, player)}, Ninja Teen at level {scenario.params.teen_level})",
            expected=f"{card} {'offered' if window else 'not offered'} for a sneak cost",
            observed=", ".join(map(str, sneaks)) or "not offered",
        )
        expect(
            not normal,
            "a creature card in the graveyard is offered to be cast for its mana cost",
            expected="only sneak casts from the graveyard",
            observed=", ".join(map(str, normal)),
        )
    if window:
        probe.claim(IN_WINDOW)
    elif scenario.params.teen_level >= 3:
        probe.claim(OUT_OF_WINDOW)
    card = scenario.params.graveyard[0]
    probe.expect_refused(
        Action(ActionKind.CAST, player, source=card),
        "a creature card was cast from the graveyard for its mana cost (only sneak is permitted)",
    )
    if window:
        probe.expect_refused(
            SNEAK.use(player, card, None, choice=sneak_choice(scenario, card)),
            "a graveyard creature was cast for its sneak cost without returning an unblocked attacker",
        )
        probe.require(
            SNEAK.use(player, card, scenario.params.returned, choice=sneak_choice(scenario, card)),
            "casting a graveyard creature for its sneak cost in the declare blockers step",
        )
    else:
        probe.expect_refused(
            SNEAK.use(player, card, scenario.params.returned, choice=sneak_choice(scenario, card)),
            f"a graveyard creature was cast for its sneak cost in the {state.step} step",
        )


def several_sneaks(allowed: frozenset[str] = COMBAT_MECHANICS) -> st.SearchStrategy[Scenario[SneakParams]]:
    spec = GraveyardSneakSpec(steps=(Step.DECLARE_BLOCKERS,), teen_levels=(3, 3), printed=(1, 2), graveyard=(1, 1))
    return st.builds(
        lambda s, i: Scenario(s.state, replace(s.params, pick=i)),
        graveyard_sneak_scenarios(spec, allowed),
        st.integers(0, 2),
    )


@invariant(
    applies_to=ruling("ninja-teen.any-sneak-ability"),
    name="each-sneak-ability",
    kind="legality",
    claims=["each sneak ability offered, the chosen one accepted"],
    requires=REQUIRES,
    optional=COMBAT_MECHANICS,
    scenarios=several_sneaks,
    exempt={"accepts-illegal": "the ruling only permits an action: it forbids nothing an engine could wrongly accept"},
)
def check_any_sneak_ability(probe: Probe, scenario: Scenario[SneakParams]) -> None:
    """A graveyard creature with several sneak abilities (printed, and Ninja Teen's) can be cast
    using any of them: each is offered, and the chosen one is accepted."""
    player = scenario.params.player
    card = scenario.params.graveyard[0]
    count = scenario.params.sneak_abilities[card]
    returned = scenario.params.returned
    actions = probe.legal_actions()
    for index in range(count):
        wanted = SNEAK.use(player, card, returned, choice=sneak_choice(scenario, card, index))
        shown = [
            a
            for a in offered_for(actions, card, alternative=True)
            if a.cost("sneak") == str(index) and a.cost("return") == returned
        ]
        expect(
            bool(shown),
            f"sneak ability {index} of a graveyard creature with {count} of them is not offered",
            expected=f"{wanted} offered",
            observed=", ".join(map(str, offered_for(actions, card))) or "nothing",
        )
    probe.claim("each sneak ability offered, the chosen one accepted")
    index = scenario.params.pick % count
    before = probe.state()
    was = before.permanent(returned)
    target = was.attacking if was is not None else None
    probe.require(
        SNEAK.use(player, card, returned, choice=sneak_choice(scenario, card, index)),
        f"casting a graveyard creature using its sneak ability {index} of {count}",
    )
    # The cast happened: the returned attacker is back in its owner's hand and the creature,
    # once the spell resolves, enters tapped and attacking what the returned one attacked.
    mid = probe.state()
    owner = before.obj(returned).owner
    token = before.obj(returned).token  # a token returned to the hand ceases to exist (704.5d)
    expect(
        mid.permanent(returned) is None and (token or returned in mid.player(owner).hand),
        "casting for a sneak cost did not return the unblocked attacker",
        expected=f"{returned} in player {owner}'s hand" + (" (or gone: a token)" if token else ""),
        observed=f"{returned} in {mid.zone_of(returned)}",
    )
    resolve_stack(probe)
    after = probe.state()
    perm = after.permanent(card)
    expect(
        perm is not None and perm.tapped and perm.attacking == target,
        "the creature cast for its sneak cost did not enter tapped and attacking",
        expected=f"{card} on the battlefield, tapped, attacking {target}",
        observed=f"{card} in {after.zone_of(card)}"
        if perm is None
        else f"{'tapped' if perm.tapped else 'untapped'}, attacking {perm.attacking}",
    )
