"""Hypothesis strategies for rebound (702.88) and Jeskai Baller: a rebound card in hand with the
mana to cast it (and, if asked, an opponent holding a counterspell), or an upkeep beginning with
a rebound card in exile and its delayed trigger waiting (``GameState.delayed``); with
``ReboundSpec.targeted``, targeted rebound cards too (cast at a spell from the hand; at the
upkeep a card whose target is a player, always there, or one whose target is a spell, of which
there is none then: it cannot be cast, 601.2c).

Every list starts short and every option defaults to off, so Hypothesis shrinks toward small
boards: one rebound card, its lands, nothing else.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from hypothesis import strategies as st

from generators import cards
from generators.features import COIN, COLOR_DIM, TURN_DIM, among, joint
from generators.records import params_record
from generators.scenery import draw_scenery
from generators.spell_cards import COUNTERSPELL, JESKAI_BALLER, REBOUND_REMINDER, life_spell, vanilla
from protocol.builder import StateBuilder
from protocol.keyword_registry import REBOUND
from protocol.model import (
    AttackTarget,
    CardData,
    DelayedTrigger,
    GameState,
    PlayerIndex,
    StackItem,
    Step,
    Zone,
    parse_mana_cost,
    target_ref,
)
from protocol.probe import Scenario

#: What the rebound card is: a sorcery or instant that gains life, or Jeskai Baller.
KINDS = ("Sorcery", "Instant", "Jeskai Baller")
REBOUND_COSTS = ("{W}", "{1}{W}", "{W}{W}", "{2}{W}")


#: A targeted rebound spell: an instant with "Counter target spell." and rebound, cast at a spell
#: of the opponent's on the stack (cast states with ``ReboundSpec.targeted``). Waiting in exile
#: for the upkeep (upkeep states with ``ReboundSpec.targeted``) it has no legal target: no spell
#: is on the stack as rebound's trigger resolves (the stack is empty as a step begins, 500.2, and
#: a spell cast in response resolves first), so it cannot be cast (601.2c) and stays exiled.
TARGETED = "Targeted"
TARGETED_COSTS = ("{U}", "{1}{U}")
#: A targeted rebound spell whose target is a player ("Target player gains N life."): a legal
#: target is always there at the upkeep (115.1), chosen as it is cast from exile (601.2c).
TARGET_PLAYER = "Target Player"


@dataclass(frozen=True)
class ReboundSpec:
    kinds: Collection[str] = KINDS
    #: The opponent holds Counterspell and an untapped Island.
    counter: bool = False
    #: Draw targeted rebound spells too. Cast states: a third of them, aimed at an opponent's
    #: spell on the stack; with ``counter``, half of them see their target leave the stack
    #: before they resolve (the opponent counters it: param ``target_illegal``, 608.2b).
    #: Upkeep states: "Target player gains N life." (a legal target, param ``target``) in a
    #: quarter of them, "Counter target spell." (no legal target: param ``target_illegal``
    #: without a ``target``) as often as the untargeted kinds together.
    targeted: bool = False
    #: Instants (the targeted ones among them) cast in any step with priority (307.1 and 117.1a:
    #: an instant at any time one may be cast), the sorceries and Jeskai Baller in main phases.
    instant_steps: bool = False


#: The steps of the active player's turn in which they get priority with an empty stack.
PRIORITY_STEPS = (Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END)
MAIN_STEPS = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


@params_record("rebound")
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
    #: What a targeted rebound spell targets: an opponent's spell on the stack (cast states), or
    #: the player its rebound cast targets (upkeep states, "player:N"); None: no target.
    target: str | None = None
    #: Cast states: the target leaves the stack before the rebound spell resolves (the
    #: opponent's Counterspell is cast at it instead of at the rebound spell): the rebound spell
    #: doesn't resolve (608.2b). Upkeep states (``target`` None): the card's spell requires a
    #: target and none is legal, so rebound cannot cast it (601.2c) and it stays exiled.
    target_illegal: bool = False
    #: The life the card's spell gains as it resolves (its target player, else its caster; 0:
    #: none, Jeskai Baller and "Counter target spell.").
    life: int = 0


def rebound_card(draw: st.DrawFn, kind: str) -> tuple[CardData, int]:
    """A rebound card of ``kind`` and the life its spell gains as it resolves."""
    if kind == "Jeskai Baller":
        return JESKAI_BALLER, 0
    if kind == TARGETED:
        (cost,) = joint(draw, among(TARGETED_COSTS))
        return counter_with_rebound(cost), 0
    if kind == TARGET_PLAYER:
        card_type, life, cost = joint(draw, among(("Instant", "Sorcery")), among((1, 2, 3)), among(REBOUND_COSTS))
        return life_spell(card_type, life, rebound=True, cost=cost, targeted=True), life
    life, cost = joint(draw, among((1, 2, 3)), among(REBOUND_COSTS))
    return life_spell(kind, life, rebound=True, cost=cost), life


def pay_for(draw: st.DrawFn, b: StateBuilder, player: int, cost: str) -> None:
    """Untapped basic lands that pay ``cost`` exactly (generic mana from any colour, one choice
    for the colours of up to three lands)."""
    symbols = parse_mana_cost(cost)
    generic = sum(int(s) for s in symbols if s.isdigit())
    colours = iter(joint(draw, *(COLOR_DIM for _ in range(generic))))
    for symbol in symbols:
        if symbol.isdigit():
            for _ in range(int(symbol)):
                b.permanent(cards.basic_land(next(colours)), player)
        else:
            b.permanent(cards.basic_land(symbol), player)


#: A bystander creature's power and toughness (1-3 each).
SMALL_STATS = among(tuple((p, t) for p in range(1, 4) for t in range(1, 4)))


def bystanders(draw: st.DrawFn, b: StateBuilder, library: int = 0) -> None:
    """A few creatures and library cards for both players (none needed: they shrink away), and
    scenery permanents (:mod:`generators.scenery`);
    at least ``library`` cards in each library, for scenarios that go through draw steps
    (drawing from an empty library loses the game, 704.5b, which would end the scenario).
    One choice per player (its library's lands are of one colour: filler)."""
    for player in (0, 1):
        count, cards_in_library, first, second, first_sick, second_sick, colour = joint(
            draw,
            among((0, 1, 2)),
            among(range(library, max(2, library) + 1)),
            SMALL_STATS,
            SMALL_STATS,
            COIN,
            COIN,
            COLOR_DIM,
        )
        for stats, sick in ((first, first_sick), (second, second_sick))[:count]:
            b.permanent(vanilla(stats[0], stats[1]), player, summoning_sick=sick)
        for _ in range(cards_in_library):
            b.put(cards.basic_land(colour), player, Zone.LIBRARY)
    # Permanents of other card types, tapped, owned by the other player ... (generators.scenery);
    # tokens among them where the engine supports tokens (generators.scenery.tokens_optional).
    draw_scenery(draw, b)


def counter_with_rebound(cost: str) -> CardData:
    """An instant with "Counter target spell." and rebound (a targeted rebound spell)."""
    return CardData(
        f"Echo Negation {cost.replace('{', '').replace('}', '')}",
        ("Instant",),
        mana_cost=cost,
        text="Counter target spell.\n" + REBOUND_REMINDER,
        keywords=(REBOUND.printed,),
    )


@st.composite
def rebound_cast_scenarios(draw: st.DrawFn, spec: ReboundSpec = ReboundSpec()) -> Scenario[ReboundParams]:
    """The active player with priority and an empty stack in a main phase (any step of theirs
    for an instant, with ``spec.instant_steps``), and a rebound card in hand with the lands to cast it (and the opponent's Counterspell, when the spec asks for one)."""
    kinds = sorted(spec.kinds, key=KINDS.index)
    # A targeted rebound spell as often as the other kinds together.
    kind_dim = (*((k, 1) for k in kinds), (TARGETED, len(kinds))) if spec.targeted else among(kinds)
    kind, player, turn, step, illegal = joint(
        draw,
        kind_dim,
        among((0, 1)),
        TURN_DIM,
        among(PRIORITY_STEPS if spec.instant_steps else MAIN_STEPS),
        COIN if spec.counter else among((False,)),
    )
    if kind not in ("Instant", TARGETED) and not step.is_main:
        step = MAIN_STEPS[PRIORITY_STEPS.index(step) % 2]  # a sorcery's timing (307.1)
    b = StateBuilder()
    data, life = rebound_card(draw, kind)
    card = b.put(data, player, Zone.HAND)
    pay_for(draw, b, player, data.mana_cost)
    counter = None
    if spec.counter:
        counter = b.put(COUNTERSPELL, 1 - player, Zone.HAND)
        b.permanent(cards.basic_land("U"), 1 - player)
    target = b.put(life_spell("Instant", 1, cost="{G}"), 1 - player, Zone.HAND) if kind == TARGETED else None
    bystanders(draw, b)
    state = b.build(turn=turn, active_player=player, step=step, priority=player)
    if target is not None:  # the opponent's instant, cast in the player's main phase: the target
        state = spell_on_stack(state, target, 1 - player, (("cast-from", "hand"),))
    params = ReboundParams(
        player=player,
        card=card,
        kind=kind,
        counter=counter,
        target=target,
        target_illegal=target is not None and illegal,
        life=life,
    )
    return Scenario(state, params)


@st.composite
def rebound_upkeep_scenarios(draw: st.DrawFn, spec: ReboundSpec = ReboundSpec()) -> Scenario[ReboundParams]:
    """The moment ``player``'s upkeep begins (nobody has priority yet: the engine starts the
    step) with a rebound card in their exile and rebound's delayed trigger waiting for it; maybe
    more rebound cards waiting (theirs in ``others``, or the opponent's, whose triggers must not
    fire now). With ``spec.targeted`` the card may be a targeted one: its target a player (which
    player its rebound cast targets: param ``target``) or a spell (none there: ``target_illegal``)."""
    # The card's kind and owner, another waiting rebound card, lands, the turn, the player a
    # targeted card aims at: one choice (and the cards' texts).
    kinds = sorted(spec.kinds, key=KINDS.index)
    kind_dim = among(kinds)
    if spec.targeted:  # legal-target kind in a quarter, no-legal-target kind in three eighths (n = 3)
        kind_dim = (*kind_dim, (TARGET_PLAYER, max(1, 2 * len(kinds) // 3)), (TARGETED, len(kinds)))
    other_count, lands, kind, player, other_owner, other_kind, turn, aim_at_self = joint(
        draw,
        among((0, 1)),
        among((0, 1, 2)),
        kind_dim,
        among((0, 1)),
        among((False, True)),
        among(("Sorcery", "Instant")),
        TURN_DIM,
        COIN,
    )
    b = StateBuilder()
    data, life = rebound_card(draw, kind)
    card = b.put(data, player, Zone.EXILE)
    delayed = [DelayedTrigger("rebound", card, player)]
    others = []
    for _ in range(other_count):
        owner = 1 - player if other_owner else player
        other = b.put(rebound_card(draw, other_kind)[0], owner, Zone.EXILE)
        delayed.append(DelayedTrigger("rebound", other, owner))
        if owner == player:
            others.append(other)
    colours_and_taps = joint(draw, *(dim for _ in range(lands) for dim in (COLOR_DIM, COIN)))
    for i in range(lands):
        b.permanent(cards.basic_land(colours_and_taps[2 * i]), player, tapped=colours_and_taps[2 * i + 1])
    # The checks go on to the player's next upkeep: draw steps on this turn and the two after.
    bystanders(draw, b, library=2)
    state = b.build(
        turn=turn,
        active_player=player,
        step=Step.UPKEEP,
        priority=None,
        delayed=tuple(draw(st.permutations(delayed))),
    )
    target = (
        target_ref(AttackTarget.of_player(player if aim_at_self else 1 - player)) if kind == TARGET_PLAYER else None
    )
    params = ReboundParams(
        player=player,
        card=card,
        kind=kind,
        others=tuple(others),
        target=target,
        target_illegal=kind == TARGETED,
        life=life,
    )
    return Scenario(state, params)


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
