"""Hypothesis strategies for combat states with Ninjas waiting to be put in (the ninjutsu family
and sneak: the keywords that return an unblocked attacker).

A drawn state is a combat state of :mod:`generators.combat` (its :class:`~generators.combat.CombatDraw`,
stage by stage) plus what the family needs: Ninjas with the variant's keyword in the variant's
zone (first strike, double strike, attack and combat-damage triggers drawn), untapped lands that
pay the first Ninja's cost exactly or one symbol short, and the search library ninjutsu is
activated during. The family's own small choices go into the combat's joint draws (a Ninja with
double strike among the rare features, the number of Ninjas among the board's counts), so a
state costs no more choices than before the combat generator was its own.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Literal

from hypothesis import strategies as st

from generators import cards
from generators import combat as combat_states
from generators.combat import (
    COMBAT_MECHANICS,
    STAT_DIM,
    CombatDraw,
    CombatParams,
    CombatSpec,
    has_keyword,
    is_blocked,
    is_unblocked,
)
from generators.features import Dimension, Feature, among, flag, joint, record, table
from generators.records import params_record
from generators.search_cards import ABILITY, CALL_THE_PACK, INSTANT, INSTANT_TUTOR, QUICK_SCRYING, WILD_EXPANSE
from generators.search_setup import SearchParams, SearchSetup, add_search_source, can_start_in_combat
from protocol.builder import StateBuilder
from protocol.keyword_registry import DOUBLE_STRIKE
from protocol.keywords import KeywordVariant
from protocol.mechanics import Mechanic
from protocol.model import AFTER_BLOCKERS_STEPS, COLORS, CardData, Permanent, Step, Zone, parse_mana_cost
from protocol.probe import Scenario

Mana = Literal["enough", "short"]

NINJUTSU_COSTS = ("{U}", "{1}{U}", "{U}{B}", "{2}{U}", "{1}{U}{B}", "{2}{U}{B}")
#: Costs without a generic part: however the first activation is paid, the same lands pay the next.
PURE_COSTS = ("{U}", "{U}{B}")
#: Steps in which ninjutsu can be activated (unblocked attackers exist).
NINJUTSU_STEPS = tuple(s for s in Step if s in AFTER_BLOCKERS_STEPS)


@dataclass(frozen=True)
class NinjutsuSpec:
    """What an invariant of the ninjutsu family needs from a drawn combat state."""

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
    #: and graveyard creatures for sneak: see :func:`draw_ninjutsu`).
    setup: Callable[[st.DrawFn, StateBuilder, int], Any] | None = None
    #: Reach a step of :data:`~generators.combat.BY_PLAY_STEPS` by play (param ``by_play``)
    #: unless the scenario's search must be under way already.
    by_play: bool = True
    #: The ruling's own card (from the card pool): the first Ninja is drawn as this card, with
    #: its name, types, mana cost, power and toughness and its keyword cost (see
    #: :func:`generators.cards.own_ninja`). None: a synthesized Ninja.
    card: CardData | None = None
    #: Where the first Ninja sits in its library (a variant activated from the library, with a
    #: search): ``"top"`` (where it is put first), ``"any"`` (the top card, within a search
    #: restriction's window, or below it, half of the draws; below only where no
    #: opponent's restriction hides it, 701.23: the claim is about a Ninja the search sees), or
    #: ``"below-window"`` (always below the window of top cards the restriction leaves).
    ninja_depth: Literal["top", "any", "below-window"] = "top"

    def combat(self, *, by_play: bool) -> CombatSpec:
        """The combat state around the Ninjas: its attackers, blocks and observer (the first
        attacker is the one to return; one blocker per forced block, as the family has always
        drawn them), reached by play when ``by_play``."""
        return CombatSpec(
            steps=self.steps,
            min_unblocked=self.min_unblocked,
            min_blocked=self.min_blocked,
            first_attacks_player=self.returned_attacks_player,
            observer=self.observer,
            by_play=by_play,
        )

    @property
    def search_setup(self) -> SearchSetup | None:
        """The search the state holds: the spec's, or library ninjutsu's own."""
        return self.search or (LIBRARY_NINJUTSU_SEARCH if self.variant.zone is Zone.LIBRARY else None)

    @property
    def requires(self) -> frozenset[Mechanic]:
        """The combat mechanics every state this spec draws holds (its claim needs them): first
        strike for a first-strike Ninja or a state only in the first-strike damage step, attack
        triggers for the observer or a Ninja forced to carry one."""
        out = set(self.combat(by_play=self.by_play).requires)
        if self.ninja_first_strike:
            out.add(Mechanic.FIRST_STRIKE)
        if self.ninja_attack_trigger:
            out.add(Mechanic.ATTACK_TRIGGER)
        return frozenset(out)

    @property
    def optional(self) -> frozenset[Mechanic]:
        """The combat mechanics drawn only when allowed: :data:`COMBAT_MECHANICS` less :attr:`requires`."""
        return COMBAT_MECHANICS - self.requires


@params_record("ninjutsu")
@dataclass(frozen=True, kw_only=True)
class NinjutsuParams(CombatParams):
    """A combat state with Ninjas waiting to be put in: what the ninjutsu family's checks need."""

    #: The Ninja card (the first one) in the variant's zone.
    ninja: str
    #: Every Ninja with the variant's keyword, the first one first.
    ninjas: tuple[str, ...]
    #: An unblocked attacker to return (any attacker when there is none).
    returned: str
    #: A blocked attacker, if there is one.
    blocked: str | None
    #: The keyword variant's name ("ninjutsu", "library ninjutsu", "sneak" ...).
    variant: str
    #: One more Ninja in another zone (``NinjutsuSpec.ninja_elsewhere``).
    ninja_elsewhere: str | None = None
    #: The search the active player can start or has started (``NinjutsuSpec.search``).
    search: SearchParams | None = None


#: An instant-speed search of your own library that may find nothing, cast (or activated) by the
#: invariant before it activates library ninjutsu.
LIBRARY_NINJUTSU_SEARCH = SearchSetup(kinds=(INSTANT, ABILITY), cards=(QUICK_SCRYING, CALL_THE_PACK, WILD_EXPANSE))
#: An instant search that can find the Ninja card itself (any card, or a creature card).
FINDS_NINJA = SearchSetup(kinds=(INSTANT,), cards=(INSTANT_TUTOR, CALL_THE_PACK))

#: A Ninja's costs as a joint dimension (cheapest first).
ALL_COSTS = among(NINJUTSU_COSTS)
ONE_SYMBOL_COSTS = among(PURE_COSTS)
#: An untapped-or-tapped spare land: none (half the draws) or one of a colour, tapped.
TAPPED_LAND = among((None, *COLORS), (5, 1, 1, 1, 1, 1))


@st.composite
def ninjutsu_scenarios(
    draw: st.DrawFn, spec: NinjutsuSpec, allowed: Collection[str] = COMBAT_MECHANICS
) -> Scenario[NinjutsuParams]:
    """A combat state per ``spec`` (its ``setup``'s answer is dropped: see :func:`draw_ninjutsu`)."""
    scenario, _ = draw_ninjutsu(draw, spec, allowed)
    return scenario


def draw_ninjutsu(
    draw: st.DrawFn, spec: NinjutsuSpec, allowed: Collection[str] = COMBAT_MECHANICS
) -> tuple[Scenario[NinjutsuParams], Any]:
    """A combat state per ``spec`` and what ``spec.setup`` (if any) returned, for strategies that
    wrap combat states into their own params.

    ``allowed``: the optional mechanics (of :data:`COMBAT_MECHANICS`) the state may hold; a
    feature whose mechanic is not allowed is never drawn.

    The state is drawn in few choices (see :func:`generators.features.joint`): the combat's
    (the group of steps and the active player; the rare features, a Ninja with double strike
    among them; the board's counts, the number of Ninjas among them; per creature its stats and
    its traits), then the Ninjas' traits and the mana, then the combat's libraries and turn and
    its step."""
    may = frozenset(allowed) | spec.requires
    search = spec.search_setup
    combat = CombatDraw(
        draw, spec.combat(by_play=spec.by_play and (search is None or can_start_in_combat(search))), may
    )
    ninja_double_strike = FEATURES["ninja-double-strike"].weight
    rare = combat.draw_rare(
        {
            "ninja-double-strike": ninja_double_strike
            if spec.ninja_first_strike is None and Mechanic.DOUBLE_STRIKE in may
            else 0
        }
    )
    (n_ninjas,) = combat.draw_board((among(range(spec.min_ninjas, max(2, spec.min_ninjas) + 1)),))
    b, active = combat.builder, combat.active

    # The Ninja(s): the first one the ruling's own card when the spec names it.
    own_cost = cards.keyword_cost(spec.card, spec.variant.name) if spec.card is not None else None
    repeated = spec.min_ninjas > 1 or spec.activations > 1
    ninja_ids = []
    draws = 0
    first_cost = ""
    ninja_cost: tuple[str, ...] = ()
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

    _draw_mana(draw, spec, b, active, ninja_cost, repeated, may)
    combat.draw_libraries(least_own=draws)
    combat.draw_step()
    source = (
        add_search_source(draw, b, active, search, combat=True, pending_ok=not combat.by_play)
        if search is not None
        else None
    )
    extra = spec.setup(draw, b, active) if spec.setup is not None else None
    if spec.ninja_depth != "top" and spec.variant.zone is Zone.LIBRARY and source is not None:
        _place_ninja(draw, spec, b, active, ninja, source.params)

    state = combat.build()
    if source is not None:
        state = source.finalize(state)
    attackers = combat.attackers
    returned = next((a for a in attackers if is_unblocked(state, a)), attackers[0])
    blocked_attacker = next((a for a in attackers if is_blocked(state, a)), None)
    base = combat.params()
    params = NinjutsuParams(
        ninja=ninja,
        ninjas=tuple(ninja_ids),
        returned=returned,
        blocked=blocked_attacker,
        player=base.player,
        variant=spec.variant.name,
        step=base.step,
        ninja_elsewhere=elsewhere,
        search=source.params if source is not None else None,
        by_play=base.by_play,
    )
    return record(Scenario(state, params), FEATURES), extra


#: Filler put below a library Ninja so a position below a restriction's window exists.
FILLER = cards.basic_land("U")


def _place_ninja(
    draw: st.DrawFn, spec: NinjutsuSpec, b: StateBuilder, active: int, ninja: str, search: SearchParams
) -> None:
    """Move the library Ninja to its drawn position (see :attr:`NinjutsuSpec.ninja_depth`),
    padding the library with filler where the position needs more cards below it (401.2)."""
    window = search.restricted_to
    hidden = search.restricted and search.library == active
    # Below the window as often as above it where nothing hides it (there, the claim's Ninja is seen).
    depths: Dimension = (("top", 1), ("within", 1), *(() if hidden else (("beyond", 2),)))
    where, offset = joint(draw, among(("beyond",)) if spec.ninja_depth == "below-window" else depths, among((0, 1, 2)))
    index = {"top": 0, "within": 1 + offset % max(1, window - 1), "beyond": window + offset}[where]
    library_size = len(b.cards_in(active, Zone.LIBRARY))
    for _ in range(index + 1 - library_size):
        b.put(FILLER, active, Zone.LIBRARY)
    b.move_within(ninja, active, Zone.LIBRARY, index)


def _draw_mana(
    draw: st.DrawFn,
    spec: NinjutsuSpec,
    b: StateBuilder,
    active: int,
    ninja_cost: tuple[str, ...],
    repeated: bool,
    may: frozenset[str],
) -> None:
    """Untapped lands that pay the first Ninja's cost exactly, or one symbol short (one choice),
    then the colours of the generic part's lands (one more)."""
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


# -- state features (see generators.features) -----------------------------------------------


def _returned(scenario: Scenario[NinjutsuParams]) -> Permanent | None:
    return scenario.state.permanent(scenario.params.returned)


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


#: Features of drawn ninjutsu-family states. ``returned-*`` are features of the attacker the
#: scenario returns: the combat's first attacker, which gets the combat's first-attacker features
#: with their weights (``attacker-*``).
FEATURES: dict[str, Feature] = table(
    Feature(
        "returned-owned-by-opponent",
        "108.3, 702.49a",
        "the attacker to return is controlled by the active player but owned by the other: "
        "\"its owner's hand\" is not its controller's",
        combat_states.FEATURES["attacker-owned-by-opponent"].weight,
        lambda sc: (p := _returned(sc)) is not None and sc.state.obj(p.id).owner != p.controller,
    ),
    Feature(
        "returned-token",
        "111.1, 704.5d",
        "the attacker to return is a token (it ceases to exist once returned)",
        combat_states.FEATURES["attacker-token"].weight,
        lambda sc: sc.state.obj(sc.params.returned).token,
    ),
    Feature(
        "returned-entered-this-turn",
        "302.6, 508.4",
        "the attacker to return is summoning-sick: it entered the battlefield attacking this turn",
        combat_states.FEATURES["attacker-entered-this-turn"].weight,
        lambda sc: (p := _returned(sc)) is not None and p.attacking is not None and p.summoning_sick,
    ),
    Feature(
        "ninja-double-strike",
        "702.4",
        "the Ninja has double strike",
        50,
        lambda sc: has_keyword(sc.state, sc.params.ninja, DOUBLE_STRIKE.name),
    ),
    combat_states.FEATURES["attacker-first-strike"],
    combat_states.FEATURES["blocker-first-strike"],
    Feature(
        "short-by-colour",
        "106.1, 202.1, 601.2h",
        "the lands are as many as the cost's mana value but one coloured symbol's colour is missing",
        50,
        _short_by_colour,
    ),
    Feature("off-colour-land", "106.1, 601.2h", "an untapped land of a colour the cost lacks", 30, _off_colour),
    combat_states.FEATURES["first-strike-blocker-only"],
    Feature(
        "first-strike-attacker",
        "510.4, 702.7b",
        "an attacking creature has first or double strike",
        50,
        lambda sc: combat_states.strikers_in_combat(sc.state, blocking=False),
    ),
    *(combat_states.FEATURES[f"step:{s}"] for s in Step),
)


def ninjutsu_features(spec: NinjutsuSpec) -> tuple[Feature, ...]:
    """The features a ninjutsu-family invariant of ``spec`` lists: those its states can hold."""
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
