"""Hypothesis strategies for random combat states with Ninjas waiting to be put in.

A drawn state is a consistent two-player game stopped at a chosen step with the active player
holding priority: attackers aimed at random players, planeswalkers and battles, random blocks
(several blockers may block one attacker), first and double strike, Ninjas with enough mana or
not, creatures with attack triggers. Every list starts short and every flag defaults to off, so
Hypothesis shrinks toward small boards.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Literal

from hypothesis import strategies as st

from generators import cards
from generators.features import COLOR_DIM, TURN_DIM, Dimension, Feature, among, flag, joint, record, table
from generators.records import params_record
from generators.search_cards import ABILITY, CALL_THE_PACK, INSTANT, INSTANT_TUTOR, QUICK_SCRYING, WILD_EXPANSE
from generators.search_setup import SearchParams, SearchSetup, add_search_source, can_start_in_combat
from protocol.builder import StateBuilder
from protocol.keywords import KeywordVariant
from protocol.mechanics import COMBAT_FEATURES, Mechanic
from protocol.model import (
    AFTER_BLOCKERS_STEPS,
    COLORS,
    AttackTarget,
    CardData,
    GameState,
    PlayerIndex,
    Step,
    TargetKind,
    Zone,
    parse_mana_cost,
)
from protocol.probe import Scenario

Mana = Literal["enough", "short"]

NINJUTSU_COSTS = ("{U}", "{1}{U}", "{U}{B}", "{2}{U}", "{1}{U}{B}", "{2}{U}{B}")
#: Costs without a generic part: however the first activation is paid, the same lands pay the next.
PURE_COSTS = ("{U}", "{U}{B}")
STEPS_BEFORE_BLOCKERS = (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS)
STEPS_AFTER_COMBAT = (Step.POSTCOMBAT_MAIN, Step.END)
#: Steps in which ninjutsu can be activated (unblocked attackers exist).
NINJUTSU_STEPS = tuple(s for s in Step if s in AFTER_BLOCKERS_STEPS)
#: Steps a drawn state reaches by play: it is loaded in the declare blockers step (blockers
#: declared), the latest combat step every engine surely has, and the check passes priority
#: until the engine stops in the step (see ``rulings.invariants.by_play``).
BY_PLAY_STEPS = (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
#: The defending player's life (and the loyalty and defense added to their planeswalkers and
#: battles) in a state reached by play: combat damage on the way must not end the game (704.5a)
#: nor remove an attack target before the check gets to the step it is about.
BY_PLAY_LIFE = 100


#: Mechanics a drawn combat state may hold whatever the spec asks for (random attackers with
#: first or double strike and attack triggers, Ninjas that draw on combat damage, planeswalkers
#: and battles as attack targets, summoning-sick creatures). They are optional features: a spec
#: requires only those it forces (:attr:`CombatSpec.requires`); the others are drawn only when
#: the engine supports them (the ``allowed`` set of :func:`draw_combat`), so an engine lacking
#: battles is still judged over states without battles.
COMBAT_MECHANICS = COMBAT_FEATURES | {Mechanic.SUMMONING_SICKNESS, Mechanic.TOKENS}


@dataclass(frozen=True)
class CombatSpec:
    """What an invariant needs from a drawn combat state."""

    variant: KeywordVariant
    steps: Collection[Step]
    mana: Mana = "enough"
    #: Unblocked attackers the active player must control (only meaningful after blockers).
    min_unblocked: int = 1
    #: Force the first Ninja to have (True) / lack (False) first strike, or draw it (None).
    ninja_first_strike: bool | None = None
    #: Give the Ninja a power of at least 1, so its combat damage is observable.
    ninja_deals_damage: bool = False
    #: Put a "whenever a creature you control attacks" observer on the battlefield.
    observer: bool = False
    #: Force the Ninja to carry "whenever this creature attacks".
    ninja_attack_trigger: bool | None = None
    #: Make the creature to return attack the defending player (not a planeswalker or battle).
    returned_attacks_player: bool = False
    #: How many activations of the first Ninja's ability the untapped lands pay for.
    activations: int = 1
    #: Blocked attackers the active player must control (only meaningful after blockers).
    min_blocked: int = 0
    #: Ninjas with the variant's keyword (more than one: all with the first one's cost).
    min_ninjas: int = 1
    #: One more Ninja with the variant's keyword, in this zone (e.g. the hand, where library
    #: ninjutsu can't be activated from): param ``ninja_elsewhere``.
    ninja_elsewhere: Zone | None = None
    #: The search the active player can start (or has started): library ninjutsu is activated
    #: only while its controller searches their library. ``None``: for a variant activated from
    #: the library, :data:`LIBRARY_NINJUTSU_SEARCH`; for the others, no search.
    search: SearchSetup | None = None
    #: More of the board, drawn after the Ninjas and their mana: ``setup(draw, builder, active)``
    #: adds cards and returns what a wrapping strategy needs to know about them (e.g. Ninja Teen
    #: and graveyard creatures for sneak: see :func:`draw_combat`).
    setup: Callable[[st.DrawFn, StateBuilder, int], Any] | None = None
    #: Reach a step of :data:`BY_PLAY_STEPS` by play (param ``by_play``) unless the scenario's
    #: search must be under way already.
    by_play: bool = True
    #: The ruling's own card (from the card pool): the first Ninja is drawn as this card, with
    #: its name, types, mana cost, power and toughness and its keyword cost (see
    #: :func:`generators.cards.own_ninja`). None: a synthesized Ninja.
    card: CardData | None = None

    @property
    def requires(self) -> frozenset[Mechanic]:
        """The combat mechanics every state this spec draws holds (its claim needs them): first
        strike for a first-strike Ninja or a state only in the first-strike damage step, attack
        triggers for the observer or a Ninja forced to carry one."""
        out: set[Mechanic] = set()
        if self.ninja_first_strike or set(self.steps) == {Step.FIRST_STRIKE_DAMAGE}:
            out.add(Mechanic.FIRST_STRIKE)
        if self.observer or self.ninja_attack_trigger:
            out.add(Mechanic.ATTACK_TRIGGER)
        return frozenset(out)

    @property
    def optional(self) -> frozenset[Mechanic]:
        """The combat mechanics drawn only when allowed: :data:`COMBAT_MECHANICS` less :attr:`requires`."""
        return COMBAT_MECHANICS - self.requires


@params_record("ninjutsu")
@dataclass(frozen=True)
class NinjutsuParams:
    """What a check needs to know about a drawn combat state."""

    #: The Ninja card (the first one) in the variant's zone.
    ninja: str
    #: Every Ninja with the variant's keyword, the first one first.
    ninjas: tuple[str, ...]
    #: An unblocked attacker to return (any attacker when there is none).
    returned: str
    #: A blocked attacker, if there is one.
    blocked: str | None
    #: The active player, who controls the attackers and the Ninjas.
    player: PlayerIndex
    #: The keyword variant's name ("ninjutsu", "library ninjutsu", "sneak" ...).
    variant: str
    step: str
    #: One more Ninja in another zone (``CombatSpec.ninja_elsewhere``).
    ninja_elsewhere: str | None = None
    #: The search the active player can start or has started (``CombatSpec.search``).
    search: SearchParams | None = None
    #: The state is loaded in the declare blockers step: the check reaches ``step`` by play.
    by_play: bool = False


#: An instant-speed search of your own library that may find nothing, cast (or activated) by the
#: invariant before it activates library ninjutsu.
LIBRARY_NINJUTSU_SEARCH = SearchSetup(kinds=(INSTANT, ABILITY), cards=(QUICK_SCRYING, CALL_THE_PACK, WILD_EXPANSE))
#: An instant search that can find the Ninja card itself (any card, or a creature card).
FINDS_NINJA = SearchSetup(kinds=(INSTANT,), cards=(INSTANT_TUTOR, CALL_THE_PACK))


#: A creature's power and toughness, one choice: smaller creatures first (shrinking goes there).
STAT_PAIRS: tuple[tuple[int, int], ...] = tuple(
    sorted(((p, t) for p in range(1, 6) for t in range(1, 6)), key=lambda pt: (pt[0] + pt[1], pt))
)
STAT_DIM = among(STAT_PAIRS)
#: Which attacker a blocker blocks: an index folded onto the attackers it may block (at most three
#: attackers: a fixed number of options, see draw_combat).
VICTIM = among(range(6))
#: Attack targets other than the player: planeswalkers (0-2, loyalty 1-6) and battles (0-1,
#: defense 1-6), as counts and values of one joint draw (fewer first).
LOYALTY = among(range(1, 7))
WALKER_COUNT = among((0, 1, 2), (3, 2, 1))
BATTLE_COUNT = among((0, 1), (2, 1))
#: A Ninja's costs as a joint dimension (cheapest first).
ALL_COSTS = among(NINJUTSU_COSTS)
ONE_SYMBOL_COSTS = among(PURE_COSTS)
#: An untapped-or-tapped spare land: none (half the draws) or one of a colour, tapped.
TAPPED_LAND = among((None, *COLORS), (5, 1, 1, 1, 1, 1))
#: Kinds of strike a combatant may have (weights: see FEATURES and draw_combat's striker).
NO_STRIKE = (("none", 1),)


def _strike_dim(strikes: tuple[str, ...], *, forced: bool = False, never: bool = False) -> Dimension:
    """A combatant's kind of strike: most strike normally (weight 3 against 1 for each kind the
    engine may draw), so a state where only a blocker has first strike, or none does, is drawn
    as often as the others; ``forced``: first or double strike; ``never``: neither."""
    if never or not strikes:
        return NO_STRIKE
    kinds = tuple((k, 1) for k in strikes)
    return kinds if forced else (("none", 3), *kinds)


@st.composite
def combat_scenarios(
    draw: st.DrawFn, spec: CombatSpec, allowed: Collection[str] = COMBAT_MECHANICS
) -> Scenario[NinjutsuParams]:
    """A combat state per ``spec`` (its ``setup``'s answer is dropped: see :func:`draw_combat`)."""
    scenario, _ = draw_combat(draw, spec, allowed)
    return scenario


def draw_combat(
    draw: st.DrawFn, spec: CombatSpec, allowed: Collection[str] = COMBAT_MECHANICS
) -> tuple[Scenario[NinjutsuParams], Any]:
    """A combat state per ``spec`` and what ``spec.setup`` (if any) returned, for strategies that
    wrap combat states into their own params.

    ``allowed``: the optional mechanics (of :data:`COMBAT_MECHANICS`) the state may hold; a
    feature whose mechanic is not allowed is never drawn.

    The state is drawn in few choices (see :func:`generators.features.joint`): the group of
    steps and the active player; the rare features; the board's counts; per creature its stats
    and its traits; the Ninjas' traits; the mana; the libraries and the turn."""
    may = frozenset(allowed) | spec.requires
    strikes = tuple(k for k, m in (("first", Mechanic.FIRST_STRIKE), ("double", Mechanic.DOUBLE_STRIKE)) if m in may)
    # The first-strike damage step exists only with a first or double striker (510.4); the
    # registry counts the step as part of first strike.
    steps = [s for s in spec.steps if Mechanic.FIRST_STRIKE in may or s is not Step.FIRST_STRIKE_DAMAGE]
    if not steps:
        raise ValueError(f"combat spec for steps {list(map(str, spec.steps))}: no step left without first strike")
    # The group of steps first (before attackers, declare attackers, after blockers, after combat:
    # the board differs between them); the step within the group last (see draw_step_in_group).
    groups = step_groups(steps)
    group_index, active = joint(draw, among(range(len(groups))), among((0, 1)))
    group = groups[group_index]
    search = spec.search or (LIBRARY_NINJUTSU_SEARCH if spec.variant.zone is Zone.LIBRARY else None)
    by_play_ok = spec.by_play and (search is None or can_start_in_combat(search))
    may_play = by_play_ok and any(s in BY_PLAY_STEPS for s in group)
    defender = 1 - active
    b = StateBuilder()
    in_combat = group[0] in AFTER_BLOCKERS_STEPS or group[0] is Step.DECLARE_ATTACKERS
    after_blockers = group[0] in AFTER_BLOCKERS_STEPS
    # A group whose only step is the first-strike damage step: a combatant must strike first.
    only_first_strike = group == [Step.FIRST_STRIKE_DAMAGE]
    # The rare features of FEATURES, drawn first (one choice): Hypothesis spreads early choices
    # evenly over its examples. The first attacker (the one the scenario returns) gets the
    # returned-* ones. The first-strike damage step happens when any creature in combat has first
    # or double strike (510.4): an attacker, or only a blocker; a state only in that step gets its
    # striker on either side (first-strike-blocker-only).
    gates = {
        "returned-owned-by-opponent": True,
        "returned-token": Mechanic.TOKENS in may,
        "returned-entered-this-turn": in_combat and Mechanic.SUMMONING_SICKNESS in may,
        "ninja-double-strike": spec.ninja_first_strike is None and Mechanic.DOUBLE_STRIKE in may,
        "blocker-first-strike": after_blockers and bool(strikes),
        "first-strike-blocker-only": set(spec.steps) == {Step.FIRST_STRIKE_DAMAGE} and after_blockers,
    }
    rare = dict(
        zip(gates, joint(draw, *(flag(FEATURES[n].weight if ok else 0) for n, ok in gates.items())), strict=True)
    )
    blocker_only = rare.pop("first-strike-blocker-only")
    rare["blocker-first-strike"] = rare["blocker-first-strike"] or blocker_only
    fs_blocker = rare["blocker-first-strike"]

    need_unblocked = spec.min_unblocked if after_blockers else 0
    need_blocked = spec.min_blocked if after_blockers else 0
    # A first-striking blocker needs an attacker it may block (see FEATURES).
    least = max(1, need_unblocked + need_blocked) + fs_blocker
    most = max(3, least)
    # The board's counts and its other small choices, one choice.
    n_attackers, n_blockers, n_ninjas, observer_sick, n_walkers, loyalty_1, loyalty_2, n_battles, defense = joint(
        draw,
        # Attackers beyond the least the spec needs (the count's options never depend on earlier
        # draws: a shrunk earlier choice leaves this draw's meaning as it was).
        among(range(3)),
        among(range(4)) if after_blockers else among((0,)),
        among(range(spec.min_ninjas, max(2, spec.min_ninjas) + 1)),
        flag(50 if spec.observer and Mechanic.SUMMONING_SICKNESS in may else 0),
        WALKER_COUNT if Mechanic.PLANESWALKER in may else among((0,)),
        LOYALTY,
        LOYALTY,
        BATTLE_COUNT if Mechanic.BATTLE in may else among((0,)),
        LOYALTY,
    )

    # Attack targets the defender offers: the player, their planeswalkers, battles they protect.
    # Reached by play, combat damage on the way must leave every attack target standing.
    bonus = BY_PLAY_LIFE if may_play else 0
    walkers = [
        b.permanent(cards.planeswalker(n), defender, counters=(("loyalty", n + bonus),))
        for n in (loyalty_1, loyalty_2)[:n_walkers]
    ]
    battles = [
        b.permanent(cards.battle(n), active, counters=(("defense", n + bonus),), protector=defender)
        for n in (defense,)[:n_battles]
    ]
    targets = [AttackTarget.of_player(defender)]
    targets += [AttackTarget.of_permanent(TargetKind.PLANESWALKER, w) for w in walkers]
    targets += [AttackTarget.of_permanent(TargetKind.BATTLE, x) for x in battles]
    n_attackers = min(least + n_attackers, most)
    # The attacked target: an index folded onto the targets there are (one to four: the player,
    # two planeswalkers, a battle), each as often: twelve options fold evenly onto any of them.
    aims = among(range(12)) if len(targets) > 1 else among((0,))
    trigger_dim = flag(50 if Mechanic.ATTACK_TRIGGER in may else 0)
    # Another attacker (not the one returned) is owned by the other player, a token or entered
    # this turn, each in about a tenth of the draws, one at a time (see FEATURES).
    other_trait = tuple(
        (trait, weight)
        for trait, weight, ok in (
            (None, 7, True),
            ("owner", 1, True),
            ("token", 1, Mechanic.TOKENS in may),
            ("sick", 1, in_combat and Mechanic.SUMMONING_SICKNESS in may),
        )
        if ok
    )

    attackers: list[str] = []
    strikers: list[str] = []
    for i in range(n_attackers):
        first = i == 0
        # A first-strike damage step exists only if a combatant has first or double strike (510.4).
        strike = _strike_dim(strikes, forced=first and only_first_strike and not blocker_only, never=blocker_only)
        aim = among((0,)) if not in_combat or (first and spec.returned_attacks_player) else aims
        (power, toughness), kind, trigger, trait, aimed, tapped = joint(
            draw,
            STAT_DIM,
            strike,
            trigger_dim,
            among((None,)) if first else other_trait,
            aim,
            flag(0 if in_combat else 50),
        )
        other_owner, token, sick = trait == "owner", trait == "token", trait == "sick"
        fs, ds = kind == "first", kind == "double"
        if first:
            other_owner, token = rare["returned-owned-by-opponent"], rare["returned-token"]
            sick = rare["returned-entered-this-turn"]
        card = cards.creature(power, toughness, first_strike=fs, double_strike=ds, attack_trigger=trigger)
        owner = defender if other_owner else active
        if in_combat:
            cid = b.permanent(
                card,
                active,
                owner=owner,
                token=token,
                tapped=True,
                attacking=targets[aimed % len(targets)],
                summoning_sick=sick,
            )
        else:
            cid = b.permanent(card, active, owner=owner, token=token, tapped=tapped)
        attackers.append(cid)
        if fs or ds:
            strikers.append(cid)

    blockers: list[str] = []
    if after_blockers:
        blocked: set[str] = set()
        must_stay_unblocked = set(attackers[:need_unblocked])
        must_be_blocked = attackers[need_unblocked : need_unblocked + need_blocked]
        choices = [a for a in attackers if a not in must_stay_unblocked]
        for victim in must_be_blocked:
            (power, toughness), kind = joint(draw, STAT_DIM, _strike_dim(strikes))
            blocker = b.permanent(
                cards.creature(power, toughness, first_strike=kind == "first", double_strike=kind == "double"),
                defender,
                blocking=(victim,),
            )
            if kind != "none":
                strikers.append(blocker)
            blocked.add(victim)
            blockers.append(blocker)
        for _ in range(n_blockers):
            (power, toughness), kind, blocks, victim_index = joint(
                draw, STAT_DIM, _strike_dim(strikes), flag(50 if choices else 0), VICTIM
            )
            blocker = b.permanent(
                cards.creature(power, toughness, first_strike=kind == "first", double_strike=kind == "double"),
                defender,
            )
            if blocks:
                victim = choices[victim_index % len(choices)]
                b.update(blocker, blocking=(victim,))
                blocked.add(victim)
                if kind != "none":
                    strikers.append(blocker)
            blockers.append(blocker)
        if fs_blocker:
            (power, toughness), kind, victim_index = joint(draw, STAT_DIM, _strike_dim(strikes, forced=True), VICTIM)
            victim = choices[victim_index % len(choices)]
            blocker = b.permanent(
                cards.creature(power, toughness, first_strike=kind == "first", double_strike=kind == "double"),
                defender,
                blocking=(victim,),
            )
            blocked.add(victim)
            blockers.append(blocker)
            strikers.append(blocker)
        for a in attackers:
            b.update(a, blocked=a in blocked)

    if spec.observer:
        b.permanent(cards.attack_observer(), active, summoning_sick=observer_sick)

    # The Ninja(s): the first one the ruling's own card when the spec names it.
    own_cost = cards.keyword_cost(spec.card, spec.variant.name) if spec.card is not None else None
    repeated = spec.min_ninjas > 1 or spec.activations > 1
    ninja_ids = []
    draws = 0
    first_cost = ""
    for i in range(n_ninjas):
        # The first Ninja the ruling's own card: its printed cost and stats, nothing drawn for them.
        own = i == 0 and spec.card is not None and own_cost is not None
        printed = _own_stats(spec.card) if own and spec.card is not None else None
        forced_fs = i == 0 and spec.ninja_first_strike is not None
        forced_at = i == 0 and spec.ninja_attack_trigger is not None
        # Several Ninjas or activations: costs any way of paying the first leaves the next payable.
        cost_dim = among((first_cost,)) if i > 0 and repeated else ONE_SYMBOL_COSTS if repeated else ALL_COSTS
        (power, toughness), fs, ds, at, drawn_cost, damage_trigger = joint(
            draw,
            among((printed,)) if printed is not None else STAT_DIM,
            flag(0 if forced_fs or Mechanic.FIRST_STRIKE not in may else 50),
            # Double strike only where the spec leaves first strike open (double strike includes it).
            flag(10 if i > 0 and spec.ninja_first_strike is None and Mechanic.DOUBLE_STRIKE in may else 0),
            flag(0 if forced_at or Mechanic.ATTACK_TRIGGER not in may else 50),
            among((own_cost,)) if own and own_cost is not None else cost_dim,
            flag(50 if Mechanic.COMBAT_DAMAGE_TRIGGER in may else 0),
        )
        if i == 0 and spec.ninja_deals_damage:
            power = max(power, 1)
        if forced_fs:
            fs = bool(spec.ninja_first_strike)
        if forced_at:
            at = bool(spec.ninja_attack_trigger)
        if i == 0:
            ds = rare["ninja-double-strike"]
        cost = drawn_cost
        if i == 0:
            ninja_cost = parse_mana_cost(cost)
            first_cost = cost
        features = dict(first_strike=fs, double_strike=ds, attack_trigger=at, damage_trigger=damage_trigger)
        if own:
            assert spec.card is not None
            data = cards.own_ninja(spec.card, spec.variant.name, cost, power, toughness, **features)
        else:
            data = cards.ninja(spec.variant.name, cost, power, toughness, **features)
        draws += damage_trigger
        ninja_ids.append(b.put(data, active, spec.variant.zone))
    ninja = ninja_ids[0]
    elsewhere = None
    if spec.ninja_elsewhere is not None:
        ((power, toughness),) = joint(draw, STAT_DIM)
        data = cards.ninja(spec.variant.name, first_cost, power, toughness)
        elsewhere = b.put(data, active, spec.ninja_elsewhere)

    # Mana: untapped lands that pay the first Ninja's cost exactly, or one symbol short (one choice).
    symbols = list(ninja_cost) * spec.activations
    generic_colours: tuple[str, ...] = COLORS
    repaid = repeated and any(s.isdigit() for s in ninja_cost)
    if repaid:
        # A card's own cost with a generic part, paid more than once: lands such that however
        # one payment is made, the rest pay the next ones (see repeat_payment_lands).
        symbols = repeat_payment_lands(ninja_cost, spec.activations)
    short = spec.mana == "short"
    wrong = [c for c in COLORS if c not in ninja_cost]
    missing_at, feature_on, odd_colour, spare, sick_elf = joint(
        draw,
        among(range(len(symbols))) if short else among((0,)),
        flag(FEATURES["short-by-colour" if short else "off-colour-land"].weight if short or wrong else 0),
        # the wrong land's colour: another than the missing one (short), one the cost lacks (off-colour)
        among(range(len(COLORS) - 1 if short else max(1, len(wrong)))),
        TAPPED_LAND,  # a tapped land never helps
        # A summoning-sick mana creature can't pay {T} (302.6): still short.
        flag(50 if short and Mechanic.SUMMONING_SICKNESS in may else 0),
    )
    if short:
        missing = symbols.pop(missing_at)
        if not missing.isdigit() and feature_on:
            # As many lands as the cost has symbols, one of them the wrong colour (106.1, 202.1);
            # no land of the missing colour anywhere, or the generic part would free one.
            generic_colours = tuple(c for c in COLORS if c != missing)
            b.permanent(cards.basic_land(generic_colours[odd_colour]), active)
    elif feature_on:
        # A land of a colour the cost lacks: the payer must not spend it on a coloured symbol.
        b.permanent(cards.basic_land(wrong[odd_colour]), active)
    generic = 0 if repaid else sum(int(s) for s in symbols if s.isdigit())
    colours = joint(draw, *(among(generic_colours) for _ in range(generic))) if generic else ()
    for symbol in symbols:
        if not symbol.isdigit():
            b.permanent(cards.basic_land(symbol), active)
    for colour in colours:
        b.permanent(cards.basic_land(colour), active)
    if spare is not None:
        b.permanent(cards.basic_land(spare), active, tapped=True)
    if sick_elf:
        b.permanent(cards.mana_elf(), active, summoning_sick=True)

    # The libraries (enough cards for every "draw a card" a Ninja may trigger: drawing from an
    # empty library loses the game, 704.5b, which would end the scenario instead of testing it)
    # and the turn, one choice.
    least_own = draws
    own_count, other_count, colour, turn = joint(
        draw,
        among(range(least_own, max(2, least_own) + 1)),
        among(range(0, 3)),
        COLOR_DIM,  # the libraries' lands are filler: one colour for all of them
        TURN_DIM,
    )
    for player, count in ((active, own_count), (defender, other_count)):
        for _ in range(count):
            b.put(cards.basic_land(colour), player, Zone.LIBRARY)

    wanted_step = draw_step_in_group(draw, group, first_strike=bool(strikers))
    by_play = by_play_ok and wanted_step in BY_PLAY_STEPS
    step = Step.DECLARE_BLOCKERS if by_play else wanted_step
    first_strikers: tuple[str, ...] = ()
    if step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT) and strikers:
        first_strikers = tuple(strikers)

    source = (
        add_search_source(draw, b, active, search, combat=True, pending_ok=not by_play) if search is not None else None
    )
    if by_play:
        b.players[defender]["life"] = BY_PLAY_LIFE
    extra = spec.setup(draw, b, active) if spec.setup is not None else None

    state = b.build(
        turn=turn,
        active_player=active,
        step=step,
        priority=active,
        first_strikers=first_strikers,
    )
    if source is not None:
        state = source.finalize(state)
    returned = next((a for a in attackers if _is_unblocked(state, a)), attackers[0])
    blocked_attacker = next((a for a in attackers if _is_blocked(state, a)), None)
    params = NinjutsuParams(
        ninja=ninja,
        ninjas=tuple(ninja_ids),
        returned=returned,
        blocked=blocked_attacker,
        player=active,
        variant=spec.variant.name,
        step=str(wanted_step),
        ninja_elsewhere=elsewhere,
        search=source.params if source is not None else None,
        by_play=by_play,
    )
    return record(Scenario(state, params), FEATURES), extra


def repeat_payment_lands(cost: tuple[str, ...], times: int) -> list[str]:
    """The colours of the lands that pay ``cost`` ``times`` times however each payment is made.

    A payment takes its coloured symbols' lands and any lands for the generic part, so the
    worst case for a colour c is a payment that spends c on every generic symbol too. Each colour
    of the cost gets ``times`` x its symbols plus ``times - 1`` x the generic part; what is left
    of ``times`` x the cost's mana value comes in the cost's first colour. (A payer that spent
    its lands at random broke the next payment when generic lands were drawn of any colour.)"""
    generic = sum(int(s) for s in cost if s.isdigit())
    coloured = [s for s in cost if not s.isdigit()]
    colours = list(dict.fromkeys(coloured)) or ["U"]
    lands = [c for c in colours for _ in range(times * coloured.count(c) + (times - 1) * generic)]
    lands += [colours[0]] * max(0, times * (generic + len(coloured)) - len(lands))
    return lands


def _own_stats(card: CardData) -> tuple[int, int] | None:
    """The card's printed power and toughness (a toughness of at least 1: a 0-toughness Ninja
    would die at once); None unless it prints two numbers ("*": drawn instead)."""
    if not ((card.power or "").isdigit() and (card.toughness or "").isdigit()):
        return None
    return int(card.power or 0), max(int(card.toughness or 0), 1)


#: Groups of steps a strategy draws evenly (then a step within the group): before attackers
#: are declared, the declare attackers step, after blockers, after combat. A claim about "before
#: blockers" is then tested with attackers declared as often as without.
STEP_GROUPS: tuple[frozenset[Step], ...] = (
    frozenset({Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT}),
    frozenset({Step.DECLARE_ATTACKERS}),
    frozenset(AFTER_BLOCKERS_STEPS),
    frozenset({Step.POSTCOMBAT_MAIN, Step.END, Step.CLEANUP}),
)


def step_groups(steps: Collection[Step]) -> list[list[Step]]:
    """The groups of :data:`STEP_GROUPS` that hold steps of ``steps`` (each a list of those
    steps, in turn order): a strategy draws one group (each as often), then a step within it."""
    order = list(Step).index
    return [sorted(g & set(steps), key=order) for g in STEP_GROUPS if g & set(steps)]


#: The weight of the first-strike damage step among the steps of its group (the others: 1),
#: where a combatant has first or double strike (about two boards in three): so it is drawn
#: about as often as each other step over all boards.
FIRST_STRIKE_STEP_WEIGHT = 2


def draw_step_in_group(draw: st.DrawFn, group: list[Step], *, first_strike: bool) -> Step:
    """A step of ``group`` (explicit weights: :data:`FIRST_STRIKE_STEP_WEIGHT`; turn order, so
    a failure shrinks toward the group's first step), drawn after the board: the steps of a
    group take the same board, and the first-strike damage step happens only where a combatant
    has first or double strike (510.4). (A choice drawn late is as spread over a derandomized
    sample as one drawn first: every example is drawn afresh, see
    :func:`generators.features.joint`.)"""
    candidates = [s for s in group if first_strike or s is not Step.FIRST_STRIKE_DAMAGE]
    if not candidates:
        raise ValueError(f"steps {list(map(str, group))}: the first-strike damage step without a first striker")
    (step,) = joint(
        draw, tuple((s, FIRST_STRIKE_STEP_WEIGHT if s is Step.FIRST_STRIKE_DAMAGE else 1) for s in candidates)
    )
    return step


def _is_unblocked(state: GameState, card_id: str) -> bool:
    perm = state.permanent(card_id)
    return perm is not None and perm.attacking is not None and perm.blocked is False


def _is_blocked(state: GameState, card_id: str) -> bool:
    perm = state.permanent(card_id)
    return perm is not None and perm.attacking is not None and perm.blocked is True


# -- state features (see generators.features) -----------------------------------------------


def _returned(scenario: Scenario[NinjutsuParams]):
    return scenario.state.permanent(scenario.params.returned)


def _keyword(state: GameState, card_id: str, *names: str) -> bool:
    return any(k in names for k in state.data_of(card_id).keywords)


def _untapped_lands(scenario: Scenario[NinjutsuParams]) -> list[str]:
    """The colours of the active player's untapped basic lands."""
    state = scenario.state
    out = []
    for p in state.battlefield:
        data = state.data_of(p.id)
        if p.controller == scenario.params.player and not p.tapped and "Basic" in data.supertypes:
            out.append(next(c for c, n in cards.BASIC_LANDS.items() if n == data.name))
    return out


def _ninja_cost(scenario: Scenario[NinjutsuParams]) -> tuple[str, ...]:
    line = scenario.state.data_of(scenario.params.ninja).text.splitlines()[0]  # "<Keyword> <cost>"
    return parse_mana_cost(line[line.index("{") :] if "{" in line else "")


def _short_by_colour(scenario: Scenario[NinjutsuParams]) -> bool:
    cost, lands = _ninja_cost(scenario), _untapped_lands(scenario)
    enough = len(lands) >= sum(int(s) if s.isdigit() else 1 for s in cost)
    return enough and any(cost.count(c) > lands.count(c) for c in set(cost) if not c.isdigit())


def _off_colour(scenario: Scenario[NinjutsuParams]) -> bool:
    cost = _ninja_cost(scenario)
    return any(c not in cost for c in _untapped_lands(scenario))


def _strikers(scenario: Scenario[NinjutsuParams], *, blocking: bool) -> bool:
    """Whether a blocking (or attacking) creature has first or double strike."""
    state = scenario.state
    return any(
        (bool(p.blocking) if blocking else p.attacking is not None)
        and _keyword(state, p.id, "First strike", "Double strike")
        for p in state.battlefield
    )


def _step_feature(step: Step) -> Feature:
    return Feature(
        f"step:{step}", "506-511", f"the state is in the {step} step", 100, lambda sc: sc.params.step == str(step)
    )


#: Features of drawn combat states. ``returned-*`` are features of the attacker the scenario
#: returns (each attacker gets them with the weight, so the returned one does too).
FEATURES: dict[str, Feature] = table(
    Feature(
        "returned-owned-by-opponent",
        "108.3, 702.49a",
        "the attacker to return is controlled by the active player but owned by the other: "
        "\"its owner's hand\" is not its controller's",
        40,
        lambda sc: (p := _returned(sc)) is not None and sc.state.obj(p.id).owner != p.controller,
    ),
    Feature(
        "returned-token",
        "111.1, 704.5d",
        "the attacker to return is a token (it ceases to exist once returned)",
        40,
        lambda sc: sc.state.obj(sc.params.returned).token,
    ),
    Feature(
        "returned-entered-this-turn",
        "302.6, 508.4",
        "the attacker to return is summoning-sick: it entered the battlefield attacking this turn",
        60,
        lambda sc: (p := _returned(sc)) is not None and p.attacking is not None and p.summoning_sick,
    ),
    Feature(
        "ninja-double-strike",
        "702.4",
        "the Ninja has double strike",
        50,
        lambda sc: _keyword(sc.state, sc.params.ninja, "Double strike"),
    ),
    Feature(
        "attacker-first-strike",
        "702.7, 510.4",
        "an attacking creature has first or double strike",
        40,
        lambda sc: any(_keyword(sc.state, p.id, "First strike", "Double strike") for p in sc.state.attackers()),
    ),
    Feature(
        "blocker-first-strike",
        "702.7, 510.4",
        "a blocking creature has first or double strike",
        40,
        lambda sc: any(
            p.blocking and _keyword(sc.state, p.id, "First strike", "Double strike") for p in sc.state.battlefield
        ),
    ),
    Feature(
        "short-by-colour",
        "106.1, 202.1, 601.2h",
        "the lands are as many as the cost's mana value but one coloured symbol's colour is missing",
        50,
        _short_by_colour,
    ),
    Feature("off-colour-land", "106.1, 601.2h", "an untapped land of a colour the cost lacks", 30, _off_colour),
    Feature(
        "first-strike-blocker-only",
        "510.4, 702.7b",
        "a blocking creature has first or double strike and no attacking creature does: the first-strike "
        "damage step still happens",
        50,
        lambda sc: _strikers(sc, blocking=True) and not _strikers(sc, blocking=False),
    ),
    Feature(
        "first-strike-attacker",
        "510.4, 702.7b",
        "an attacking creature has first or double strike",
        50,
        lambda sc: _strikers(sc, blocking=False),
    ),
    *(_step_feature(s) for s in Step),
)


def combat_features(spec: CombatSpec) -> tuple[Feature, ...]:
    """The features a combat invariant of ``spec`` lists: those its states can hold."""
    after_blockers = any(s in AFTER_BLOCKERS_STEPS for s in spec.steps)
    in_combat = after_blockers or Step.DECLARE_ATTACKERS in spec.steps
    names = ["returned-owned-by-opponent", "returned-token"]
    if in_combat and after_blockers:
        names.append("returned-entered-this-turn")
    if spec.ninja_first_strike is None:
        names.append("ninja-double-strike")
    if in_combat:
        names.append("attacker-first-strike")
    if after_blockers:
        names.append("blocker-first-strike")
    names.append("short-by-colour" if spec.mana == "short" else "off-colour-land")
    if set(spec.steps) == {Step.FIRST_STRIKE_DAMAGE}:
        # the step must happen: its first striker on either side of combat
        names += ["first-strike-attacker", "first-strike-blocker-only"]
    names += [f"step:{s}" for s in spec.steps]
    return tuple(FEATURES[n] for n in names)
