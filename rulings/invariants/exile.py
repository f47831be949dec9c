"""Invariants of playing cards exiled with a permission (Fallen Shinobi: "Until end of turn, you
may play those cards without paying their mana costs"; CR 601.3, 305.1-305.2, 307.1, 400.7).
One of a kind each, bound by hand. Scenarios: :mod:`generators.exile`.

The model of the timing a card keeps, from the scenario alone: an instant whenever its player
has priority (117.1a); a sorcery or a creature only in a main phase of their own turn with an
empty stack (307.1); a land likewise and only with a land play left (305.1, 305.2).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from generators.exile import MAIN_STEPS, ExileParams, ExileSpec, exile_permission_scenarios
from harness.protocol.mechanics import Mechanic
from harness.protocol.model import GameState, Step, Zone
from harness.protocol.probe import Probe, Scenario, expect
from rulings.binding import binds
from rulings.invariant import claims, exempt
from rulings.invariants.driving import resolve_stack
from rulings.invariants.spell_moves import offered_for, play_action, watch_until, whose_turn, zone_name

REQUIRES = frozenset(
    {
        Mechanic.STACK,
        Mechanic.PRIORITY,
        Mechanic.CASTING,
        Mechanic.CASTING_PERMANENTS,
        Mechanic.PLAY_FROM_EXILE,
        Mechanic.LAND_PLAY,
    }
)
SHINOBI = frozenset({Mechanic.NINJUTSU, Mechanic.COMBAT_DAMAGE_TRIGGER})


def playable(state: GameState, player: int, kind: str) -> bool:
    """Whether ``player`` may play a card of ``kind`` now, by its normal timing."""
    if state.priority != player or state.pending is not None:
        return False
    if kind == "Instant":
        return True
    sorcery_speed = state.active_player == player and state.step.is_main and not state.stack
    if kind == "Land":
        return sorcery_speed and state.player(player).land_plays_left > 0
    return sorcery_speed


def with_try(spec: ExileSpec, *more: ExileSpec) -> st.SearchStrategy[Scenario[ExileParams]]:
    """The scenarios of ``spec`` (or of ``more``), plus which exiled card to try (``pick``)."""
    base = st.one_of(*(exile_permission_scenarios(s) for s in (spec, *more)))
    return st.builds(lambda s, i: Scenario(s.state, replace(s.params, pick=i)), base, st.integers(0, 2))


def exiled_now(probe: Probe, scenario: Scenario[ExileParams]) -> GameState:
    """The state once the permissions exist (Fallen Shinobi's trigger: after it resolved)."""
    if scenario.params.via == "shinobi":
        resolve_stack(probe)
        state = probe.state()
        for card in scenario.params.cards:
            expect(
                state.zone_of(card) is Zone.EXILE,
                "Fallen Shinobi's trigger did not exile the top cards",
                expected=f"{card} in exile",
                observed=f"{card} in {zone_name(state, card)}",
            )
        return state
    return probe.state()


@binds(
    "play-from-exile.timing-unchanged",
    id="play-from-exile.timing-unchanged/normal-timing",
    kind="legality",
    requires=REQUIRES | SHINOBI,
    scenarios=lambda: with_try(ExileSpec(), ExileSpec(via="shinobi"), ExileSpec(steps=MAIN_STEPS, must=("Land",))),
)
@claims("exiled cards playable exactly by their normal timing")
@exempt(
    (
        "no-priority-in-combat",
        "a ruling about the exiled cards' own timing, not a combat window: its one "
        "combat state is Fallen Shinobi's damage trigger waiting to resolve",
    )
)
def check_normal_timing(probe: Probe, scenario: Scenario[ExileParams]) -> None:
    """Each exiled card is offered exactly when its normal timing allows it (a sorcery in your
    main phase with an empty stack, a land also with a land play left, an instant whenever you
    have priority), and playing one is accepted exactly then."""
    holder = scenario.params.holder
    state = exiled_now(probe, scenario)
    actions = probe.legal_actions()
    for card in scenario.params.cards:
        kind = scenario.params.kinds[card]
        wanted = playable(state, holder, kind)
        shown = offered_for(actions, card)
        expect(
            bool(shown) == wanted,
            f"an exiled {kind.lower()} is {'not ' if wanted else ''}offered in the {state.step} step "
            f"({whose_turn(state, holder)}, stack of {len(state.stack)}, "
            f"{state.player(holder).land_plays_left} land play left)",
            expected=f"{card} {'offered' if wanted else 'not offered'}",
            observed=", ".join(map(str, shown)) or "not offered",
        )
    probe.claim("exiled cards playable exactly by their normal timing")
    cards = scenario.params.cards
    card = cards[scenario.params.pick % len(cards)]
    kind = scenario.params.kinds[card]
    action = play_action(state, holder, card)
    if playable(state, holder, kind):
        probe.require(action, f"playing an exiled {kind.lower()} by its normal timing")
        after = probe.state()
        expect(
            after.zone_of(card) is not Zone.EXILE,
            "the exiled card was played but is still in exile",
            expected=f"{card} out of exile",
            observed=f"{card} in {zone_name(after, card)}",
        )
        return
    probe.expect_refused(action, f"an exiled {kind.lower()} was played outside its normal timing ({state.step})")


@binds(
    "play-from-exile.cast-once",
    id="play-from-exile.cast-once/leaves-exile",
    kind="outcome",
    requires=REQUIRES,
    scenarios=lambda: with_try(
        ExileSpec(steps=MAIN_STEPS, kinds=("Sorcery", "Instant", "Creature"), anyone=False, stack=False)
    ),
)
@claims("cast once, then neither offered nor accepted")
def check_cast_once(probe: Probe, scenario: Scenario[ExileParams]) -> None:
    """Casting an exiled card moves it out of exile; once it has resolved it can't be cast
    again (neither offered nor accepted)."""
    holder = scenario.params.holder
    cards = scenario.params.cards
    card = cards[scenario.params.pick % len(cards)]
    probe.require(play_action(probe.state(), holder, card), "casting an exiled card in a main phase with a permission")
    mid = probe.state()
    expect(
        mid.zone_of(card) is not Zone.EXILE,
        "casting an exiled card did not make it leave exile",
        expected=f"{card} on the stack",
        observed=f"{card} in {zone_name(mid, card)}",
    )
    resolve_stack(probe)
    after = probe.state()
    probe.claim("cast once, then neither offered nor accepted")
    shown = offered_for(probe, card)
    expect(
        not shown,
        "an exiled card that was cast is offered again",
        expected=f"no cast of {card} offered",
        observed=", ".join(map(str, shown)),
    )
    action = play_action(after, holder, card)
    probe.expect_refused(
        action,
        "an exiled card was cast twice with one permission",
        observed=f"accepted ({card} was in {zone_name(after, card)})",
    )


@binds(
    "play-from-exile.uncast-stay-exiled",
    id="play-from-exile.uncast-stay-exiled/stay-after-turn",
    kind="outcome",
    requires=REQUIRES | SHINOBI,
    scenarios=lambda: with_try(
        ExileSpec(steps=(Step.POSTCOMBAT_MAIN, Step.END), must=("Instant",), anyone=False, stack=False),
        ExileSpec(via="shinobi", must=("Instant",)),
    ),
)
@claims("uncast cards stay exiled, their permission gone")
def check_stay_exiled(probe: Probe, scenario: Scenario[ExileParams]) -> None:
    """The exiled cards nobody played are still in exile once the turn is over, and the
    permission to play them is gone (not even an instant is offered on the next turn)."""
    holder = scenario.params.holder
    state = exiled_now(probe, scenario)
    turn = state.turn
    cards = [c for c in scenario.params.cards if state.zone_of(c) is Zone.EXILE]

    def next_turn(s: GameState) -> bool:
        return s.turn > turn and s.priority == holder and s.pending is None

    def left_exile(s: GameState) -> str | None:
        gone = [c for c in cards if s.zone_of(c) is not Zone.EXILE]
        return f"{', '.join(gone)} left exile without being played" if gone else None

    watch_until(probe, next_turn, left_exile, f"the next turn with {', '.join(cards)} still in exile")
    probe.claim("uncast cards stay exiled, their permission gone")
    actions = probe.legal_actions()
    for card in cards:
        shown = offered_for(actions, card)
        expect(
            not shown,
            "an exiled card is still playable after the turn its permission was for",
            expected=f"{card} not offered on turn {turn + 1}",
            observed=", ".join(map(str, shown)),
        )
