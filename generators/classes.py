"""Hypothesis strategies for Class enchantments (716): one to three Class permanents of a player
at levels 1 to 3 (Ninja Teen, or its text with other level costs, without its level 3 lines
unless ``ClassSpec.graveyard_line``), Swamps to pay level costs,
a step, the stack empty or not, and, if asked, a Class card in hand and a small combat (an
attacker of the player that dies blocked, two big blockers of the opponent) through which the
Classes' level abilities show: the level 1 trigger (a creature leaves: the opponent loses life),
the level 2 "+1/+0 and menace".

All lands are Swamps and every cost is black or generic, so whether a cost can be paid is just
"enough untapped Swamps". Lists start short, levels at 1, so Hypothesis shrinks toward one
level 1 Class in a main phase.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from hypothesis import strategies as st

from generators import cards
from generators.class_features import FEATURES
from generators.features import chance, record, spread
from generators.rebound import bystanders, spell_on_stack
from generators.records import params_record
from generators.scenery import Scenery, draw_scenery
from generators.spell_cards import COUNTERSPELL, class_card, life_spell, vanilla
from generators.strategies import BOOLEANS, integers, sampled
from protocol.builder import StateBuilder
from protocol.mechanics import Mechanic
from protocol.model import COLORS, CardData, PlayerIndex, Step, Zone, mana_value
from protocol.probe import Scenario

LEVEL_COSTS = ("{1}{B}", "{B}", "{2}{B}", "{B}{B}")
CLASS_STEPS = (Step.UPKEEP, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END)
MAIN = (Step.PRECOMBAT_MAIN,)
#: Lands that make no black mana.
OFF_COLOURS = tuple(c for c in COLORS if c != "B")


#: The share (percent) of Class permanents controlled by a player other than their owner.
FOREIGN_OWNER_WEIGHT = 25


@dataclass(frozen=True)
class ClassSpec:
    steps: Collection[Step] = MAIN
    levels: tuple[int, int] = (1, 3)
    #: How many Classes the player controls.
    count: tuple[int, int] = (1, 2)
    #: At least one of the player's Classes is below level 3 (one can gain a level).
    one_below_3: bool = False
    #: At least one is level 2 or more.
    one_at_2: bool = False
    #: The holder may be the non-active player, and the stack may hold an opponent's instant.
    anyone: bool = False
    #: Untapped Swamps of the player (min, max).
    swamps: tuple[int, int] = (3, 3)
    #: A Class card in the player's hand (and 3 more Swamps to cast it).
    in_hand: bool = False
    #: The combat through which level abilities show (needs a precombat main phase).
    probe: bool = False
    #: The opponent controls a Class too (its levels never move with the player's).
    opponent_class: bool = False
    #: Untapped lands of the player that make no black mana (min, max), drawn in
    #: ``OFF_COLOUR_WEIGHT`` % of the states: a level cost's {B} is not paid by them.
    off_colour: tuple[int, int] = (1, 2)
    #: The Classes print Ninja Teen's level 3 lines (sneak from the graveyard). Only a claim that
    #: reads them needs them; without them an engine that cannot parse them plays the Class.
    graveyard_line: bool = False


@params_record("class")
@dataclass(frozen=True)
class ClassParams:
    """Class permanents of a player, and what a check needs to act on them."""

    player: PlayerIndex
    #: The player's Class permanents.
    classes: tuple[str, ...]
    #: Class id -> its level (the opponent's Classes too).
    levels: dict[str, int]
    #: Class id -> {level: the mana value of that level's cost}.
    bars: dict[str, dict[str, int]]
    #: Untapped Swamps of the player.
    swamps: int
    opponent_classes: tuple[str, ...] = ()
    #: An index for the check to pick one of several choices with.
    pick: int = 0
    #: With ``ClassSpec.in_hand``: the Class card in hand and its level bars.
    hand_class: str | None = None
    hand_bars: dict[str, int] | None = None
    #: With ``ClassSpec.probe``: the player's attacker, its printed power, the opponent's blockers.
    attacker: str | None = None
    power: int | None = None
    blockers: tuple[str, ...] = ()


def class_data(draw: st.DrawFn, graveyard_line: bool = True) -> CardData:
    if draw(BOOLEANS):
        return class_card(draw(sampled(LEVEL_COSTS)), draw(sampled(LEVEL_COSTS)), graveyard=graveyard_line)
    return class_card(graveyard=graveyard_line)


def bar_costs(data: CardData) -> dict[str, int]:
    """The mana value of each level bar ("2", "3") of a Class card made by :func:`class_card`."""
    out = {}
    for line in data.text.split("\n"):
        if ": Level " in line:
            cost, _, level = line.partition(": Level ")
            out[level] = mana_value(cost)
    return out


#: Mechanics a Class state may hold that no Class claim needs: an opponent's Counterspell on the
#: stack (a spell with a target), drawn only for engines that support it.
CLASS_MECHANICS = frozenset({Mechanic.COUNTERSPELL})
#: The share (%) of states with lands of the player that make no black mana (see ``ClassSpec.off_colour``).
OFF_COLOUR_WEIGHT = 40
#: The share (%) of states, where the spec allows no Swamp, whose lands are short only by colour.
SHORT_BY_COLOUR_WEIGHT = 35
#: The share (%) of states, where the spec allows other moments, at sorcery timing.
SORCERY_TIMING_WEIGHT = 35


@st.composite
def class_scenarios(
    draw: st.DrawFn, spec: ClassSpec = ClassSpec(), allowed: Collection[str] = CLASS_MECHANICS
) -> Scenario[ClassParams]:
    """Class permanents per ``spec``; ``allowed``: the optional mechanics of :data:`CLASS_MECHANICS`
    the state may hold. The features of ``generators.class_features`` are drawn with explicit
    weights, the levels first (Hypothesis spreads an example's first choices best)."""
    low, high = spec.levels
    # Lands that pay a level bar's generic part but none of its {B}: no Swamp, two other lands.
    short_by_colour = spec.swamps[0] == 0 and chance(draw, SHORT_BY_COLOUR_WEIGHT)
    n = spread(draw, [(k, 1) for k in range(spec.count[0], spec.count[1] + 1)])
    levels = [spread(draw, [(k, 1) for k in range(low, high + 1)]) for _ in range(n)]
    mains = [st_ for st_ in spec.steps if st_.is_main]
    # The player's own main phase with an empty stack (when the spec allows other moments): the
    # only time a level bar can be used, drawn on purpose (the moments combined give it 1 in 10).
    # Short by colour is a state about buying a level: drawn at sorcery timing (where the spec has
    # it), with a Class below level 3, so the colour is the one thing in the way (a share of the
    # states that a derandomized sample of a hundred always holds, not one in twenty by chance).
    sorcery_time = (
        bool(mains)
        and (spec.anyone or len(spec.steps) > 1)
        and (short_by_colour or chance(draw, SORCERY_TIMING_WEIGHT))
    )
    stack_kind, own = "none", False
    if spec.anyone and not sorcery_time:  # an opponent's spell on the stack, with a target or not
        # Mostly with the spell the only thing between the player and sorcery timing (their own
        # main phase), six in ten: one choice with the spell's kind (a flag drawn apart, late in
        # the strategy, came out False for every targeted spell of a derandomized sample).
        spells = ["untargeted"] + (["targeted"] if Mechanic.COUNTERSPELL in allowed else [])
        kinds = [((k, o), 3 if o else 2) for o in (True, False) for k in spells] + [(("none", False), 10)]
        stack_kind, own = spread(draw, kinds)
    own_main = sorcery_time or (stack_kind != "none" and bool(mains) and own)
    active = draw(sampled((0, 1)))
    player = draw(sampled((active, 1 - active))) if spec.anyone and not own_main else active
    step = draw(sampled(sorted(mains if own_main else spec.steps, key=list(Step).index)))
    b = StateBuilder()
    if short_by_colour and all(level >= 3 for level in levels) and low < 3:
        levels[0] = draw(integers(max(1, low), 2))
    if spec.one_below_3 and all(level >= 3 for level in levels):
        levels[0] = draw(integers(max(1, low), 2))
    if spec.one_at_2 and all(level < 2 for level in levels):
        levels[0] = draw(integers(2, max(2, high)))
    classes, bars, level_of = [], {}, {}
    for level in levels:
        data = class_data(draw, spec.graveyard_line)
        # Controlled by a player who does not own it a quarter of the time (108.3, 110.2: its
        # controller, not its owner, activates its level bars, 602.2).
        owner = 1 - player if chance(draw, FOREIGN_OWNER_WEIGHT) else player
        cid = b.permanent(data, player, owner=owner, class_level=level)
        classes.append(cid)
        bars[cid] = bar_costs(data)
        level_of[cid] = level
    opponent_classes = []
    if spec.opponent_class and draw(BOOLEANS):
        data = class_data(draw, spec.graveyard_line)
        level = draw(integers(1, 3))
        owner = player if chance(draw, FOREIGN_OWNER_WEIGHT) else 1 - player
        cid = b.permanent(data, 1 - player, owner=owner, class_level=level)
        opponent_classes.append(cid)
        level_of[cid] = level
        bars[cid] = bar_costs(data)
    swamps = 0 if short_by_colour else spread(draw, [(k, 1) for k in range(spec.swamps[0], spec.swamps[1] + 1)])
    for _ in range(swamps):
        b.permanent(cards.basic_land("B"), player)
    if short_by_colour or chance(draw, OFF_COLOUR_WEIGHT):
        lo, hi = (2, 2) if short_by_colour else spec.off_colour
        for _ in range(spread(draw, [(k, 1) for k in range(lo, hi + 1)])):
            b.permanent(cards.basic_land(draw(sampled(OFF_COLOURS))), player)
    for _ in range(draw(integers(0, 1))):
        b.permanent(cards.basic_land("B"), player, tapped=True)
    hand_class = hand_bars = attacker = power = None
    blockers: tuple[str, ...] = ()
    if spec.in_hand:
        data = class_data(draw, spec.graveyard_line)
        hand_class = b.put(data, player, Zone.HAND)
        hand_bars = bar_costs(data)
        for _ in range(mana_value(data.mana_cost)):
            b.permanent(cards.basic_land("B"), player)
    if spec.probe:
        power = draw(integers(1, 3))
        attacker = b.permanent(vanilla(power, 1, cost="{1}{B}"), player)
        blockers = tuple(b.permanent(vanilla(draw(integers(1, 2)), 7, cost="{3}{G}"), 1 - player) for _ in range(2))
        # Permanents no claim is about (generators.scenery), their creatures tapped: none of them
        # can join the probe's combat.
        draw_scenery(draw, b, Scenery(untapped_creatures=False))
    else:
        bystanders(draw, b)
    stacked = counter = None
    if stack_kind != "none":
        stacked = b.put(life_spell("Instant", 1, cost="{W}"), 1 - player, Zone.HAND)
    if stack_kind == "targeted":  # the opponent's Counterspell aimed at their own spell below it
        counter = b.put(COUNTERSPELL, 1 - player, Zone.HAND)
    state = b.build(turn=draw(integers(2, 6)), active_player=active, step=step, priority=player)
    if stacked is not None:
        state = spell_on_stack(state, stacked, 1 - player, (("cast-from", "hand"),))
    if stacked is not None and counter is not None:
        state = spell_on_stack(state, counter, 1 - player, (("cast-from", "hand"), ("targets", stacked)))
    return record(
        Scenario(
            state,
            ClassParams(
                player=player,
                classes=tuple(classes),
                levels=level_of,
                bars=bars,
                swamps=swamps,
                opponent_classes=tuple(opponent_classes),
                pick=draw(integers(0, 5)),
                hand_class=hand_class,
                hand_bars=hand_bars,
                attacker=attacker,
                power=power,
                blockers=blockers,
            ),
        ),
        FEATURES,
    )
