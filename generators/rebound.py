"""Hypothesis strategies for rebound (702.88) and Jeskai Baller: a rebound card in hand with the
mana to cast it (and, if asked, an opponent holding a counterspell), or an upkeep beginning with
a rebound card in exile and its delayed trigger waiting (``GameState.delayed``).

Every list starts short and every option defaults to off, so Hypothesis shrinks toward small
boards: one rebound card, its lands, nothing else.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from hypothesis import strategies as st

from generators import cards
from generators.spell_cards import COUNTERSPELL, JESKAI_BALLER, life_spell, vanilla
from generators.strategies import BOOLEANS, integers, sampled
from harness.protocol.builder import StateBuilder
from harness.protocol.model import (
    COLORS,
    CardData,
    DelayedTrigger,
    GameState,
    PlayerIndex,
    StackItem,
    Step,
    Zone,
    parse_mana_cost,
)
from harness.protocol.probe import Scenario

#: What the rebound card is: a sorcery or instant that gains life, or Jeskai Baller.
KINDS = ("Sorcery", "Instant", "Jeskai Baller")
REBOUND_COSTS = ("{W}", "{1}{W}", "{W}{W}", "{2}{W}")


@dataclass(frozen=True)
class ReboundSpec:
    kinds: Collection[str] = KINDS
    #: The opponent holds Counterspell and an untapped Island.
    counter: bool = False


@dataclass(frozen=True)
class ReboundParams:
    """A rebound card about to be cast, or waiting in exile for its controller's upkeep."""

    player: PlayerIndex
    #: The rebound card.
    card: str
    #: "Sorcery", "Instant" or "Jeskai Baller".
    kind: str
    #: The opponent's Counterspell in hand (cast states, when the spec asks for one).
    counter: str | None = None
    #: The player's other exiled rebound cards (upkeep states).
    others: tuple[str, ...] = ()


def rebound_card(draw: st.DrawFn, kind: str) -> CardData:
    if kind == "Jeskai Baller":
        return JESKAI_BALLER
    return life_spell(kind, draw(integers(1, 3)), rebound=True, cost=draw(sampled(REBOUND_COSTS)))


def pay_for(draw: st.DrawFn, b: StateBuilder, player: int, cost: str) -> None:
    """Untapped basic lands that pay ``cost`` exactly (generic mana from any colour)."""
    for symbol in parse_mana_cost(cost):
        if symbol.isdigit():
            for _ in range(int(symbol)):
                b.permanent(cards.basic_land(draw(sampled(COLORS))), player)
        else:
            b.permanent(cards.basic_land(symbol), player)


def bystanders(draw: st.DrawFn, b: StateBuilder, library: int = 0) -> None:
    """A few creatures and library cards for both players (none needed: they shrink away);
    at least ``library`` cards in each library, for scenarios that go through draw steps
    (drawing from an empty library loses the game, 704.5b, which would end the scenario)."""
    for player in (0, 1):
        for _ in range(draw(integers(0, 2))):
            b.permanent(vanilla(draw(integers(1, 3)), draw(integers(1, 3))), player, summoning_sick=draw(BOOLEANS))
        for _ in range(draw(integers(library, max(2, library)))):
            b.put(cards.basic_land(draw(sampled(COLORS))), player, Zone.LIBRARY)


@st.composite
def rebound_cast_scenarios(draw: st.DrawFn, spec: ReboundSpec = ReboundSpec()) -> Scenario[ReboundParams]:
    """The active player in a main phase with priority, an empty stack, and a rebound card in
    hand with the lands to cast it (and the opponent's Counterspell, when the spec asks for one)."""
    kind = draw(sampled(sorted(spec.kinds, key=KINDS.index)))
    player = draw(sampled((0, 1)))
    b = StateBuilder()
    data = rebound_card(draw, kind)
    card = b.put(data, player, Zone.HAND)
    pay_for(draw, b, player, data.mana_cost)
    counter = None
    if spec.counter:
        counter = b.put(COUNTERSPELL, 1 - player, Zone.HAND)
        b.permanent(cards.basic_land("U"), 1 - player)
    bystanders(draw, b)
    state = b.build(
        turn=draw(integers(2, 6)),
        active_player=player,
        step=draw(sampled((Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN))),
        priority=player,
    )
    return Scenario(state, ReboundParams(player=player, card=card, kind=kind, counter=counter))


@st.composite
def rebound_upkeep_scenarios(draw: st.DrawFn, spec: ReboundSpec = ReboundSpec()) -> Scenario[ReboundParams]:
    """The moment ``player``'s upkeep begins (nobody has priority yet: the engine starts the
    step) with a rebound card in their exile and rebound's delayed trigger waiting for it; maybe
    more rebound cards waiting (theirs in ``others``, or the opponent's, whose triggers must not
    fire now)."""
    kind = draw(sampled(sorted(spec.kinds, key=KINDS.index)))
    player = draw(sampled((0, 1)))
    b = StateBuilder()
    card = b.put(rebound_card(draw, kind), player, Zone.EXILE)
    delayed = [DelayedTrigger("rebound", card, player)]
    others = []
    for _ in range(draw(integers(0, 1))):
        owner = draw(sampled((player, 1 - player)))
        other = b.put(rebound_card(draw, draw(sampled(("Sorcery", "Instant")))), owner, Zone.EXILE)
        delayed.append(DelayedTrigger("rebound", other, owner))
        if owner == player:
            others.append(other)
    for _ in range(draw(integers(0, 2))):
        b.permanent(cards.basic_land(draw(sampled(COLORS))), player, tapped=draw(BOOLEANS))
    # The checks go on to the player's next upkeep: draw steps on this turn and the two after.
    bystanders(draw, b, library=2)
    state = b.build(
        turn=draw(integers(2, 6)),
        active_player=player,
        step=Step.UPKEEP,
        priority=None,
        delayed=tuple(draw(st.permutations(delayed))),
    )
    return Scenario(state, ReboundParams(player=player, card=card, kind=kind, others=tuple(others)))


def spell_on_stack(
    state: GameState, card_id: str, controller: int, choices: tuple[tuple[str, str], ...] = ()
) -> GameState:
    """Move ``card_id`` from its owner's hand onto the stack as a spell ``controller`` cast."""
    owner = state.obj(card_id).owner
    players = list(state.players)
    players[owner] = replace(players[owner], hand=tuple(c for c in players[owner].hand if c != card_id))
    number = len(state.stack) + 1
    item = StackItem(f"s{number}", "spell", card_id, controller, "spell", choices)
    return replace(state, players=tuple(players), stack=state.stack + (item,))  # type: ignore[arg-type]
