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
from generators.search_cards import ABILITY, CALL_THE_PACK, INSTANT, INSTANT_TUTOR, QUICK_SCRYING, WILD_EXPANSE
from generators.search_setup import SearchParams, SearchSetup, add_search_source
from generators.strategies import BOOLEANS, integers, sampled
from harness.protocol.builder import StateBuilder
from harness.protocol.keywords import KeywordVariant
from harness.protocol.mechanics import Mechanic
from harness.protocol.model import (
    AFTER_BLOCKERS_STEPS,
    COLORS,
    AttackTarget,
    GameState,
    PlayerIndex,
    Step,
    TargetKind,
    Zone,
    parse_mana_cost,
)
from harness.protocol.probe import Scenario

Mana = Literal["enough", "short"]

NINJUTSU_COSTS = ("{U}", "{1}{U}", "{U}{B}", "{2}{U}", "{1}{U}{B}", "{2}{U}{B}")
#: Costs without a generic part: however the first activation is paid, the same lands pay the next.
PURE_COSTS = ("{U}", "{U}{B}")
STEPS_BEFORE_BLOCKERS = (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS)
STEPS_AFTER_COMBAT = (Step.POSTCOMBAT_MAIN, Step.END)
#: Steps in which ninjutsu can be activated (unblocked attackers exist).
NINJUTSU_STEPS = tuple(s for s in Step if s in AFTER_BLOCKERS_STEPS)


#: Mechanics a drawn combat state may hold whatever the spec asks for (random attackers with
#: first or double strike and attack triggers, Ninjas that draw on combat damage, planeswalkers
#: and battles as attack targets, summoning-sick creatures). They are optional features: a spec
#: requires only those it forces (:attr:`CombatSpec.requires`); the others are drawn only when
#: the engine supports them (the ``allowed`` set of :func:`draw_combat`), so an engine lacking
#: battles is still judged over states without battles.
COMBAT_MECHANICS = frozenset({
    Mechanic.FIRST_STRIKE,
    Mechanic.DOUBLE_STRIKE,
    Mechanic.ATTACK_TRIGGER,
    Mechanic.COMBAT_DAMAGE_TRIGGER,
    Mechanic.PLANESWALKER,
    Mechanic.BATTLE,
    Mechanic.SUMMONING_SICKNESS,
})


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


#: An instant-speed search of your own library that may find nothing, cast (or activated) by the
#: invariant before it activates library ninjutsu.
LIBRARY_NINJUTSU_SEARCH = SearchSetup(kinds=(INSTANT, ABILITY), cards=(QUICK_SCRYING, CALL_THE_PACK, WILD_EXPANSE))
#: An instant search that can find the Ninja card itself (any card, or a creature card).
FINDS_NINJA = SearchSetup(kinds=(INSTANT,), cards=(INSTANT_TUTOR, CALL_THE_PACK))


_STATS = st.tuples(integers(1, 5), integers(1, 5))
_WALKER_LOYALTIES = st.lists(integers(1, 6), max_size=2)
_BATTLE_DEFENSES = st.lists(integers(1, 6), max_size=1)


def _stats() -> st.SearchStrategy[tuple[int, int]]:
    return _STATS


@st.composite
def combat_scenarios(draw: st.DrawFn, spec: CombatSpec,
                     allowed: Collection[str] = COMBAT_MECHANICS) -> Scenario[NinjutsuParams]:
    """A combat state per ``spec`` (its ``setup``'s answer is dropped: see :func:`draw_combat`)."""
    scenario, _ = draw_combat(draw, spec, allowed)
    return scenario


def draw_combat(draw: st.DrawFn, spec: CombatSpec,
                allowed: Collection[str] = COMBAT_MECHANICS) -> tuple[Scenario[NinjutsuParams], Any]:
    """A combat state per ``spec`` and what ``spec.setup`` (if any) returned, for strategies that
    wrap combat states into their own params.

    ``allowed``: the optional mechanics (of :data:`COMBAT_MECHANICS`) the state may hold; a
    feature whose mechanic is not allowed is not drawn at all (nor is its draw made, so with
    every mechanic allowed the draws are those of a state drawn without this argument)."""
    may = frozenset(allowed) | spec.requires
    strikes = tuple(k for k, m in (("first", Mechanic.FIRST_STRIKE), ("double", Mechanic.DOUBLE_STRIKE)) if m in may)
    # The first-strike damage step exists only with a first or double striker (510.4); the
    # registry counts the step as part of first strike.
    steps = [s for s in spec.steps if Mechanic.FIRST_STRIKE in may or s is not Step.FIRST_STRIKE_DAMAGE]
    if not steps:
        raise ValueError(f"combat spec for steps {list(map(str, spec.steps))}: no step left without first strike")
    step = draw(sampled(sorted(steps, key=list(Step).index)))
    active = draw(sampled((0, 1)))
    defender = 1 - active
    b = StateBuilder()

    # Attack targets the defender offers: the player, their planeswalkers, battles they protect.
    walkers = [
        b.permanent(cards.planeswalker(n), defender, counters=(("loyalty", n),))
        for n in (draw(_WALKER_LOYALTIES) if Mechanic.PLANESWALKER in may else ())
    ]
    battles = [
        b.permanent(cards.battle(n), active, counters=(("defense", n),), protector=defender)
        for n in (draw(_BATTLE_DEFENSES) if Mechanic.BATTLE in may else ())
    ]
    targets = [AttackTarget.of_player(defender)]
    targets += [AttackTarget.of_permanent(TargetKind.PLANESWALKER, w) for w in walkers]
    targets += [AttackTarget.of_permanent(TargetKind.BATTLE, x) for x in battles]

    in_combat = step in AFTER_BLOCKERS_STEPS or step is Step.DECLARE_ATTACKERS
    after_blockers = step in AFTER_BLOCKERS_STEPS
    need_unblocked = spec.min_unblocked if after_blockers else 0
    need_blocked = spec.min_blocked if after_blockers else 0
    least = max(1, need_unblocked + need_blocked)
    n_attackers = draw(integers(least, max(3, least)))

    def striker(forced: bool = False) -> tuple[bool, bool]:
        kinds = strikes if forced else ("none", *strikes)
        kind = draw(sampled(kinds)) if len(kinds) > 1 else kinds[0]
        return kind == "first", kind == "double"

    attackers: list[str] = []
    strikers: list[str] = []
    for i in range(n_attackers):
        power, toughness = draw(_stats())
        # A first-strike damage step exists only if a combatant has first or double strike (510.4).
        fs, ds = striker(forced=i == 0 and step is Step.FIRST_STRIKE_DAMAGE)
        trigger = Mechanic.ATTACK_TRIGGER in may and draw(BOOLEANS)
        card = cards.creature(power, toughness, first_strike=fs, double_strike=ds, attack_trigger=trigger)
        if in_combat:
            target = targets[0] if (i == 0 and spec.returned_attacks_player) else draw(sampled(targets))
            cid = b.permanent(card, active, tapped=True, attacking=target)
        else:
            cid = b.permanent(card, active, tapped=draw(BOOLEANS))
        attackers.append(cid)
        if fs or ds:
            strikers.append(cid)

    blockers: list[str] = []
    if after_blockers:
        blocked: set[str] = set()
        must_stay_unblocked = set(attackers[:need_unblocked])
        must_be_blocked = attackers[need_unblocked : need_unblocked + need_blocked]
        for victim in must_be_blocked:
            power, toughness = draw(_stats())
            blocker = b.permanent(cards.creature(power, toughness), defender, blocking=(victim,))
            blocked.add(victim)
            blockers.append(blocker)
        for _ in range(draw(integers(0, 3))):
            power, toughness = draw(_stats())
            fs, ds = striker()
            blocker = b.permanent(cards.creature(power, toughness, first_strike=fs, double_strike=ds), defender)
            choices = [a for a in attackers if a not in must_stay_unblocked]
            if bool(choices) and draw(BOOLEANS):  # bool(): mypy types `list and x` by the list
                victim = draw(sampled(choices))
                b.update(blocker, blocking=(victim,))
                blocked.add(victim)
                if fs or ds:
                    strikers.append(blocker)
            blockers.append(blocker)
        for a in attackers:
            b.update(a, blocked=a in blocked)

    first_strikers: tuple[str, ...] = ()
    if step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT) and strikers:
        first_strikers = tuple(strikers)

    if spec.observer:
        b.permanent(cards.attack_observer(), active,
                    summoning_sick=Mechanic.SUMMONING_SICKNESS in may and draw(BOOLEANS))

    # The Ninja(s).
    n_ninjas = draw(integers(spec.min_ninjas, max(2, spec.min_ninjas)))
    ninja_ids = []
    draws = 0
    first_cost = ""
    for i in range(n_ninjas):
        power, toughness = draw(_stats())
        if i == 0 and spec.ninja_deals_damage:
            power = max(power, 1)
        fs = spec.ninja_first_strike if (i == 0 and spec.ninja_first_strike is not None) else (
            Mechanic.FIRST_STRIKE in may and draw(BOOLEANS))
        at = spec.ninja_attack_trigger if (i == 0 and spec.ninja_attack_trigger is not None) else (
            Mechanic.ATTACK_TRIGGER in may and draw(BOOLEANS))
        if spec.min_ninjas > 1 or spec.activations > 1:
            # several Ninjas or activations: costs any way of paying the first leaves the next payable
            cost = draw(sampled(PURE_COSTS)) if i == 0 else first_cost
        else:
            cost = draw(sampled(NINJUTSU_COSTS))
        if i == 0:
            ninja_cost = parse_mana_cost(cost)
            first_cost = cost
        data = cards.ninja(
            spec.variant.name,
            cost,
            power,
            toughness,
            first_strike=fs,
            attack_trigger=at,
            damage_trigger=(damage_trigger := Mechanic.COMBAT_DAMAGE_TRIGGER in may and draw(BOOLEANS)),
        )
        draws += damage_trigger
        ninja_ids.append(b.put(data, active, spec.variant.zone))
    ninja = ninja_ids[0]
    elsewhere = None
    if spec.ninja_elsewhere is not None:
        power, toughness = draw(_stats())
        data = cards.ninja(spec.variant.name, first_cost, power, toughness)
        elsewhere = b.put(data, active, spec.ninja_elsewhere)

    # Mana: untapped lands that pay the first Ninja's cost exactly, or one symbol short.
    symbols = list(ninja_cost) * spec.activations
    if spec.mana == "short":
        symbols.pop(draw(integers(0, len(symbols) - 1)))
    for symbol in symbols:
        if symbol.isdigit():
            for _ in range(int(symbol)):
                b.permanent(cards.basic_land(draw(sampled(COLORS))), active)
        else:
            b.permanent(cards.basic_land(symbol), active)
    for _ in range(draw(integers(0, 1))):  # a tapped land never helps
        b.permanent(cards.basic_land(draw(sampled(COLORS))), active, tapped=True)
    if spec.mana == "short" and Mechanic.SUMMONING_SICKNESS in may and draw(BOOLEANS):
        # A summoning-sick mana creature can't pay {T} (302.6): still short.
        b.permanent(cards.mana_elf(), active, summoning_sick=True)

    for player in (0, 1):
        # Enough cards for every "draw a card" a Ninja may trigger: drawing from an empty
        # library loses the game (704.5b), which would end the scenario instead of testing it.
        least = draws if player == active else 0
        for _ in range(draw(integers(least, max(2, least)))):
            b.put(cards.basic_land(draw(sampled(COLORS))), player, Zone.LIBRARY)

    search = spec.search or (LIBRARY_NINJUTSU_SEARCH if spec.variant.zone is Zone.LIBRARY else None)
    source = add_search_source(draw, b, active, search, combat=True) if search is not None else None
    extra = spec.setup(draw, b, active) if spec.setup is not None else None

    state = b.build(
        turn=draw(integers(2, 6)),
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
        step=str(step),
        ninja_elsewhere=elsewhere,
        search=source.params if source is not None else None,
    )
    return Scenario(state, params), extra


def _is_unblocked(state: GameState, card_id: str) -> bool:
    perm = state.permanent(card_id)
    return perm is not None and perm.attacking is not None and perm.blocked is False


def _is_blocked(state: GameState, card_id: str) -> bool:
    perm = state.permanent(card_id)
    return perm is not None and perm.attacking is not None and perm.blocked is True
