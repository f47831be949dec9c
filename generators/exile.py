"""Hypothesis strategies for cards exiled with a permission to play them (Fallen Shinobi: "until
end of turn, you may play those cards without paying their mana costs").

A drawn state gives a player (``holder``, the active player unless drawn otherwise) permissions
(``GameState.permissions``) for one to three exiled cards of drawn kinds — a sorcery, an instant,
a creature, a land — owned by the opponent (the damaged player exiles their own cards) or by the
holder; a step; the stack empty or holding an opponent's instant; a land play left or not. So
every clause of "it doesn't change when you can play the exiled cards" is exercised: the main
phase, the empty stack, the land play. The other way in: the combat damage step begins with
Fallen Shinobi unblocked, and its trigger exiles the cards (``via="shinobi"``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from hypothesis import strategies as st

from generators import cards
from generators.features import COIN, TURN_DIM, Joint, among, joint
from generators.rebound import bystanders, spell_on_stack
from generators.records import params_record
from generators.spell_cards import FALLEN_SHINOBI, JESKAI_BALLER, life_spell, vanilla
from protocol.builder import StateBuilder
from protocol.model import (
    COLORS,
    AttackTarget,
    CardData,
    GameState,
    PlayerIndex,
    PlayPermission,
    Step,
    Zone,
    parse_mana_cost,
)
from protocol.probe import Scenario

EXILE_KINDS = ("Sorcery", "Instant", "Creature", "Land")
#: Steps in which a player has priority, and an exiled card's timing can be tried.
TIMING_STEPS = (Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END)
MAIN_STEPS = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


@dataclass(frozen=True)
class ExileSpec:
    steps: Collection[Step] = TIMING_STEPS
    kinds: Collection[str] = EXILE_KINDS
    #: Kinds that must be among the exiled cards.
    must: Collection[str] = ()
    #: Whether the holder may be the non-active player, and the stack hold a spell.
    anyone: bool = True
    #: Let the stack hold an opponent's instant (only in steps with priority).
    stack: bool = True
    #: "state": permissions already in the state; "shinobi": Fallen Shinobi's combat damage makes them.
    via: str = "state"
    #: Jeskai Baller among the exiled creatures (it enters as a creature when cast from exile).
    baller: bool = False
    #: The permission lets the cards be played without paying their mana costs (Fallen Shinobi's);
    #: False: their costs must be paid (e.g. "you may play the exiled card this turn").
    free: bool = True
    #: The permissions last until the end of the holder's next turn ("until the end of your next turn,
    #: you may play that card"), made this turn or the turn before (the other player's: the holder's
    #: next turn is then this one).
    until_next_turn: bool = False


@params_record("play-from-exile")
@dataclass(frozen=True)
class ExileParams:
    """Exiled cards a player may play (Fallen Shinobi's permission)."""

    #: Who may play the exiled cards.
    holder: PlayerIndex
    #: The exiled cards (for ``via="shinobi"``: the cards the trigger will exile).
    cards: tuple[str, ...]
    #: Card id -> "Sorcery", "Instant", "Creature" or "Land".
    kinds: dict[str, str]
    #: "state" (the permissions are in the state) or "shinobi" (Fallen Shinobi's trigger makes them).
    via: str
    #: An index for the check to pick one of several choices with (drawn by the invariant).
    pick: int = 0


#: The drawn details of an exiled card of each kind (one choice): a land's colour, a creature's
#: stats and cost, a spell's life and cost.
CARD_DETAILS = Joint(
    among(COLORS),
    among(tuple((p, t) for p in range(1, 5) for t in range(1, 5))),
    among(("{1}{G}", "{3}{B}")),
    among((1, 2, 3)),
    among(("{1}{U}", "{2}{B}{B}")),
)


def exiled_card(draw: st.DrawFn, kind: str, baller: bool = False) -> CardData:
    if kind == "Creature" and baller:
        return JESKAI_BALLER
    colour, stats, creature_cost, life, spell_cost = CARD_DETAILS(draw)
    if kind == "Land":
        return cards.basic_land(colour)
    if kind == "Creature":
        return vanilla(stats[0], stats[1], cost=creature_cost)
    return life_spell(kind, life, cost=spell_cost)


def draw_kinds(draw: st.DrawFn, spec: ExileSpec) -> list[str]:
    """The spec's kinds, then one or two drawn ones (one choice)."""
    kinds = list(spec.must)
    pool = sorted(spec.kinds, key=EXILE_KINDS.index)
    count, first, second = joint(draw, among(range(1 if not kinds else 0, 3)), among(pool), among(pool))
    return kinds + [first, second][:count]


@st.composite
def exile_permission_scenarios(draw: st.DrawFn, spec: ExileSpec = ExileSpec()) -> Scenario[ExileParams]:
    """Exiled cards with a permission to play them, per ``spec``."""
    if spec.via == "shinobi":
        return draw(_via_shinobi(spec))
    # Who is active, who holds the permission, the step, the stacked spell, the land play, the
    # turn: one choice (with the cards' owners).
    stacked_spell, active, other_holds, step, land_plays, turn, owned_0, owned_1, owned_2 = joint(
        draw,
        COIN if spec.anyone and spec.stack else among((False,)),
        among((0, 1)),
        COIN if spec.anyone else among((False,)),
        # The end step twice as often: of the priority steps, the one alone in its phase (500.1).
        among(steps := sorted(spec.steps, key=list(Step).index), [2 if x is Step.END else 1 for x in steps]),
        among((0, 1)),
        TURN_DIM,
        COIN,
        COIN,
        COIN,
    )
    holder = 1 - active if other_holds else active
    owned = iter((owned_0, owned_1, owned_2))
    b = StateBuilder()
    kinds: dict[str, str] = {}
    costs: list[str] = []
    for kind in draw_kinds(draw, spec):
        owner = holder if next(owned, False) else 1 - holder
        data = exiled_card(draw, kind, spec.baller)
        kinds[b.put(data, owner, Zone.EXILE)] = kind
        costs.append(data.mana_cost)
    if not spec.free:
        # A paid permission: untapped lands that pay every exiled card's cost, one after another
        # (a cost's generic part in lands of one drawn colour).
        symbols = [parse_mana_cost(cost) for cost in costs]
        generic_colours = joint(draw, *(among(COLORS) for _ in symbols))
        for cost_symbols, generic_colour in zip(symbols, generic_colours, strict=True):
            for symbol in cost_symbols:
                for colour in [generic_colour] * int(symbol) if symbol.isdigit() else [symbol]:
                    b.permanent(cards.basic_land(colour), holder)
    stacked = None
    if stacked_spell:
        stacked = b.put(life_spell("Instant", 1, cost="{W}"), 1 - holder, Zone.HAND)
    b.players[active]["land_plays_left"] = land_plays
    # A land in the holder's hand half the time: what a land played from exile used up (305.2)
    # shows in what the holder may still play.
    hand_land, hand_colour = joint(draw, COIN, among(COLORS))
    if hand_land:
        b.put(cards.basic_land(hand_colour), holder, Zone.HAND)
    bystanders(draw, b)
    until: Literal["end-of-turn", "end-of-your-next-turn"] = "end-of-turn"
    granted = 0
    if spec.until_next_turn:
        until = "end-of-your-next-turn"
        # made this turn, or in the turn before (the turns drawn start at 2)
        (earlier,) = joint(draw, COIN)
        granted = turn - 1 if earlier else turn
    state = b.build(
        turn=turn,
        active_player=active,
        step=step,
        priority=holder,
        permissions=tuple(
            PlayPermission(card, holder, without_paying=spec.free, until=until, granted_turn=granted) for card in kinds
        ),
    )
    if stacked is not None:
        state = spell_on_stack(state, stacked, 1 - holder, (("cast-from", "hand"),))
    return Scenario(state, ExileParams(holder=holder, cards=tuple(kinds), kinds=kinds, via="state"))


@st.composite
def _via_shinobi(draw: st.DrawFn, spec: ExileSpec) -> Scenario[ExileParams]:
    """The combat damage step begins (nobody has priority yet) with Fallen Shinobi attacking the
    opponent, unblocked; the top two cards of the opponent's library are of drawn kinds."""
    holder, land_plays, turn = joint(draw, among((0, 1)), among((0, 1)), TURN_DIM)
    b = StateBuilder()
    b.permanent(FALLEN_SHINOBI, holder, tapped=True, attacking=AttackTarget.of_player(1 - holder), blocked=False)
    kinds: dict[str, str] = {}
    for kind in draw_kinds(draw, spec)[:2]:
        kinds[b.put(exiled_card(draw, kind, spec.baller), 1 - holder, Zone.LIBRARY)] = kind
    b.players[holder]["land_plays_left"] = land_plays
    bystanders(draw, b)
    state = b.build(turn=turn, active_player=holder, step=Step.COMBAT_DAMAGE, priority=None)
    top = list(state.player(1 - holder).library[:2])
    return Scenario(
        state, ExileParams(holder=holder, cards=tuple(top), kinds={c: _kind(state, c) for c in top}, via="shinobi")
    )


def _kind(state: GameState, card_id: str) -> str:
    data = state.data_of(card_id)
    return next(k for k in EXILE_KINDS if data.is_type(k))
