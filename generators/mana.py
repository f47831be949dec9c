"""Hypothesis strategies for mana production and {T}/{Q} costs.

Cards are synthesized from a small vocabulary of oracle lines (see
the mana shapes of :mod:`engines.reference.oracle`): permanents with "{T}: ..." and
"{Q}: ..." abilities (mana or not), Reflecting-Pool-like lands whose mana depends on what other
lands "could produce", and enchantments that trigger when a permanent is tapped for mana or
replace the mana it produces. Every card's name spells out its features, so two draws of the
same features give the same card and a state never holds two cards under one name.

A drawn state is a consistent two-player game with one player holding priority and an empty
stack. The scenario's params (:class:`ManaParams`) describe the board in engine-neutral terms
(which card has which ability under which protocol name, who controls what), so invariants
compute what the rules say without reading oracle text. Lists start short and flags default off: Hypothesis shrinks
toward one permanent and no observers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal, TypeVar

from hypothesis import strategies as st

from generators import cards
from generators.features import COIN, COLOR_DIM, PLAYER_DIM, TURN_DIM, Dimension, Joint, among, flag, joint
from generators.records import params_record
from generators.scenery import Scenery, draw_scenery
from protocol.builder import StateBuilder
from protocol.mechanics import Mechanic
from protocol.model import MANA_SYMBOLS, CardData, GameState, PlayerIndex, Step, Zone
from protocol.probe import Scenario

T = TypeVar("T")
CostSymbol = Literal["T", "Q"]
Kind = Literal["creature", "artifact", "land", "artifact-creature"]
#: The card types of each kind: an artifact creature is both (205.2a), so a check or an engine that
#: looks at one type only (an artifact can pay {T} while summoning sick) meets both at once.
KIND_TYPES: dict[str, tuple[str, ...]] = {
    "creature": ("Creature",),
    "artifact": ("Artifact",),
    "land": ("Land",),
    "artifact-creature": ("Artifact", "Creature"),
}


def is_creature(kind: str) -> bool:
    """Whether permanents of the kind are creatures (302.6: then summoning sickness applies)."""
    return "Creature" in KIND_TYPES[kind]


#: Steps with priority and no combat, in which these abilities are activated.
#: Steps with priority a mana state is in: a mana ability is activated whenever its player has
#: priority (605.3a), so a combat step too (the beginning of combat: no attackers to draw).
PRIORITY_STEPS = (Step.UPKEEP, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END)
SYMBOL_WORD = {"T": "tap", "Q": "untap"}


# -- abilities and the cards that carry them ------------------------------------------------


@dataclass(frozen=True)
class AbilitySpec:
    """One "{T}: ..." / "{Q}: ..." ability: add one mana of ``symbol``, gain ``life``, or add one
    mana of any type (colour) that a land you control / an opponent controls could produce."""

    cost: CostSymbol
    symbol: str | None = None
    life: int | None = None
    pool: Literal["you", "opponent"] | None = None
    any_color: bool = False
    #: The ability's protocol name ("mana", "mana:1", "ability:0" ...), set once it is on a
    #: source (see :meth:`SourceSpec.names`); not part of the card's text.
    name: str = ""

    @property
    def is_mana(self) -> bool:
        return self.life is None

    @property
    def line(self) -> str:
        if self.life is not None:
            return f"{{{self.cost}}}: You gain {self.life} life."
        if self.symbol is not None:
            return f"{{{self.cost}}}: Add {{{self.symbol}}}."
        lands = "a land you control" if self.pool == "you" else "a land an opponent controls"
        return (
            f"{{{self.cost}}}: Add one mana of any {'color' if self.any_color else 'type'} that {lands} could produce."
        )

    @property
    def code(self) -> str:
        if self.life is not None:
            return f"{self.cost}:life{self.life}"
        if self.symbol is not None:
            return f"{self.cost}:{self.symbol}"
        return f"{self.cost}:{'color' if self.any_color else 'type'}-of-{self.pool}"


@dataclass(frozen=True)
class SourceSpec:
    """A permanent with {T}/{Q} abilities: a creature, an artifact, a land, or a basic land
    (``basic``: its colour; its mana ability is intrinsic, 305.6)."""

    kind: Kind
    abilities: tuple[AbilitySpec, ...] = ()
    basic: str | None = None
    #: "Whenever this <kind> is tapped for mana, you gain 1 life." on the card itself.
    self_trigger: bool = False
    #: A ruling's own card (see :func:`own_ability`): the permanent is that card, its name,
    #: types, mana cost, power and toughness, with its own {T}/{Q} ability (``abilities``).
    own: CardData | None = None

    def card(self) -> CardData:
        if self.basic is not None:
            return cards.basic_land(self.basic)
        lines = [a.line for a in self.abilities]
        if self.own is not None:
            return CardData(
                self.own.name,
                self.own.types,
                mana_cost=self.own.mana_cost,
                subtypes=self.own.subtypes,
                supertypes=self.own.supertypes,
                text="\n".join(lines),
                power=self.own.power,
                toughness=self.own.toughness,
            )
        if self.self_trigger:
            lines.append(f"Whenever this {self.kind} is tapped for mana, you gain 1 life.")
        code = " ".join(a.code for a in self.abilities) + (" +watch" if self.self_trigger else "")
        types = KIND_TYPES[self.kind]
        stat = "1" if is_creature(self.kind) else None
        return CardData(
            f"{self.kind.capitalize()} {code}",
            types,
            mana_cost="" if self.kind == "land" else "{1}",
            text="\n".join(lines),
            power=stat,
            toughness=stat,
        )

    @property
    def all_abilities(self) -> tuple[AbilitySpec, ...]:
        if self.basic is not None:
            return (AbilitySpec("T", symbol=self.basic),)
        return self.abilities

    def names(self) -> list[str]:
        """Protocol names: mana abilities "mana", "mana:1" ...; others "ability:0" ... (text order)."""
        out, mana, other = [], 0, 0
        for a in self.all_abilities:
            if a.is_mana:
                out.append("mana" if mana == 0 else f"mana:{mana}")
                mana += 1
            else:
                out.append(f"ability:{other}")
                other += 1
        return out

    @property
    def types(self) -> tuple[str, ...]:
        if self.own is not None:
            return self.own.types
        return KIND_TYPES[self.kind]

    @property
    def subtypes(self) -> tuple[str, ...]:
        if self.own is not None:
            return self.own.subtypes
        return (cards.BASIC_LANDS[self.basic],) if self.basic is not None else ()


#: The {T}/{Q} ability lines a ruling's own card may carry for the generators to draw it: its
#: cost is the symbol alone, its effect adds one mana of a type or gains life.
_OWN_MANA = re.compile(r"^\{(?P<cost>[TQ])\}: Add \{(?P<symbol>[WUBRGC])\}\.$")
_OWN_LIFE = re.compile(r"^\{(?P<cost>[TQ])\}: You gain (?P<life>\d+) life\.$")


def kind_of(card: CardData) -> Kind | None:
    """The kind of permanent the generators draw the card as (None: not one of them)."""
    if "Creature" in card.types:
        return "artifact-creature" if "Artifact" in card.types else "creature"
    if "Artifact" in card.types:
        return "artifact"
    if "Land" in card.types and not set(card.subtypes) & set(cards.BASIC_LANDS.values()):
        return "land"  # a land with a basic land type has an intrinsic mana ability too (305.6)
    return None


def own_ability(card: CardData, cost: CostSymbol) -> AbilitySpec | None:
    """The card's own ``cost`` ability, read from its oracle text, when it is one the generators
    model (``{T}: Add {G}.``, ``{Q}: You gain 2 life.``) on a permanent they draw; None when the
    card has none, or only abilities with other costs or effects (then a stand-in permanent
    shows the rule, which holds for any permanent)."""
    if kind_of(card) is None:
        return None
    for line in card.text.splitlines():
        line = line.strip()
        if (m := _OWN_MANA.match(line)) and m.group("cost") == cost:
            return AbilitySpec(cost, symbol=m.group("symbol"))
        if (m := _OWN_LIFE.match(line)) and m.group("cost") == cost:
            return AbilitySpec(cost, life=int(m.group("life")))
    return None


def own_fits(card: CardData, focus: str) -> bool:
    """Whether the card can be the subject a focus asks for (a creature for "sick-creature", a
    noncreature for "sick-noncreature", anything else for the other focuses)."""
    if focus == "sick-creature":
        kind = kind_of(card)
        return kind is not None and is_creature(kind)
    if focus == "sick-noncreature":
        return kind_of(card) in ("artifact", "land")
    return kind_of(card) is not None


@dataclass(frozen=True)
class TriggerSpec:
    """ "Whenever <subject> for <mana>, <effect>." on an enchantment (106.12a). ``whose``: "you"
    (you tap / a KIND you control is tapped) or "any" (a player taps / a KIND is tapped);
    ``mana``: a specified type or ``None`` ("for mana"); effect: gain ``life`` (an ordinary
    trigger) or add ``extra`` (a triggered mana ability, 605.1b) to the tapping player."""

    whose: Literal["you", "any"]
    kind: str
    mana: str | None = None
    life: int | None = None
    extra: str | None = None
    passive: bool = False  # "a KIND [you control] is tapped" rather than "you tap / a player taps"

    @property
    def line(self) -> str:
        what = "mana" if self.mana is None else f"{{{self.mana}}}"
        article = "an" if self.kind[0] in "aeiou" else "a"
        if self.passive:
            subject = f"{article} {self.kind}" + (" you control" if self.whose == "you" else "") + " is tapped"
        else:
            subject = ("you tap " if self.whose == "you" else "a player taps ") + f"{article} {self.kind}"
        if self.life is not None:
            effect = f"you gain {self.life} life"
        elif self.passive:
            effect = f"its controller adds an additional {{{self.extra}}}"
        elif self.whose == "you":
            effect = f"add an additional {{{self.extra}}}"
        else:
            effect = f"that player adds an additional {{{self.extra}}}"
        return f"Whenever {subject} for {what}, {effect}."

    def card(self) -> CardData:
        return CardData(f"Watcher ({self.line.lower().rstrip('.')})", ("Enchantment",), mana_cost="{2}", text=self.line)


@dataclass(frozen=True)
class ReplacementSpec:
    """ "If <subject> for <mana>, it produces <...> instead." on an enchantment (106.12b):
    ``double`` ("twice as much of that mana") or fixed ``produces``; ``mana`` a specified type,
    ``None`` ("for mana") or "2+" ("for two or more mana")."""

    whose: Literal["you", "any"]
    kind: str
    mana: str | None = None
    double: bool = False
    produces: tuple[str, ...] = ()

    @property
    def line(self) -> str:
        what = {None: "mana", "2+": "two or more mana"}.get(self.mana, f"{{{self.mana}}}")
        article = "an" if self.kind[0] in "aeiou" else "a"
        subject = f"you tap {article} {self.kind}" if self.whose == "you" else f"{article} {self.kind} is tapped"
        if self.double:
            return f"If {subject} for {what}, it produces twice as much of that mana instead."
        symbols = "".join(f"{{{s}}}" for s in self.produces)
        return f"If {subject} for {what}, it produces {symbols} instead of any other type and amount."

    @property
    def at_least(self) -> int:
        return 2 if self.mana == "2+" else 1

    def card(self) -> CardData:
        return CardData(f"Warden ({self.line.lower().rstrip('.')})", ("Enchantment",), mana_cost="{2}", text=self.line)


# -- the pieces, drawn in few choices (see generators.features.joint) ------------------------

KINDS: tuple[Kind, ...] = ("creature", "artifact", "land", "artifact-creature")
#: What a trigger or replacement can name (KIND): card types and one basic land type.
OBSERVED_KINDS = ("permanent", "land", "creature", "artifact", "forest")
MANA_DIM = among(MANA_SYMBOLS)
KIND_DIM = among(KINDS)


def _branches(*branches: tuple[T, ...]) -> tuple[T, ...]:
    """The options of several branches in one table, each branch as likely as the others (as
    ``st.one_of`` draws them) and each option as likely as the others of its branch: every
    option repeated in proportion; the first branch's first option first (shrinking goes there)."""
    sizes = [len(b) for b in branches if b]
    common = math.lcm(*sizes)
    return tuple(option for branch in branches if branch for option in branch for _ in range(common // len(branch)))


@cache
def ability_table(
    cost: CostSymbol | None = None, *, mana: bool | None = None, pools: bool = False
) -> tuple[AbilitySpec, ...]:
    """Every {T}/{Q} ability the generators draw (``cost`` given or either; mana abilities,
    Reflecting-Pool-like ones with ``pools``, life-gaining ones), weighted as one draw: a
    mana ability, a pool ability and a life ability as often, then their details evenly."""
    costs: tuple[CostSymbol, ...] = (cost,) if cost is not None else ("T", "Q")
    branches: list[tuple[AbilitySpec, ...]] = []
    if mana is not False:
        branches.append(tuple(AbilitySpec(c, symbol=s) for c in costs for s in MANA_SYMBOLS))
        if pools:
            branches.append(
                tuple(
                    AbilitySpec(c, pool=p, any_color=a)
                    for c in costs
                    for p in ("you", "opponent")
                    for a in (False, True)
                )
            )
    if mana is not True:
        branches.append(tuple(AbilitySpec(c, life=n) for c in costs for n in (1, 2, 3)))
    return _branches(*branches)


@cache
def ability_dim(cost: CostSymbol | None = None, *, mana: bool | None = None, pools: bool = False) -> Dimension:
    """:func:`ability_table` as a joint-draw dimension of indexes."""
    return among(range(len(ability_table(cost, mana=mana, pools=pools))))


#: A trigger's "for mana": unnamed (half the draws) or a named type; its effect: life (1 or 2,
#: half the draws) or an extra mana of a type (605.1b).
TRIGGER_MANA = ((None, 6), *((m, 1) for m in MANA_SYMBOLS))
TRIGGER_EFFECT = ((1, 3), (2, 3), *((m, 1) for m in MANA_SYMBOLS))
#: Whose a trigger or replacement is: the player's own two times in three.
OTHER_SIDE = ((False, 2), (True, 1))
TRIGGER = Joint(among(("you", "any")), among(OBSERVED_KINDS), TRIGGER_MANA, TRIGGER_EFFECT, COIN, OTHER_SIDE)


def draw_trigger(draw: st.DrawFn) -> tuple[TriggerSpec, bool]:
    """A "tapped for mana" trigger, and whether the other player controls it (one choice)."""
    whose, kind, mana, effect, passive, other = TRIGGER(draw)
    spec = TriggerSpec(
        whose,
        kind,
        mana,
        life=effect if isinstance(effect, int) else None,
        extra=effect if isinstance(effect, str) else None,
        passive=passive,
    )
    return spec, other


#: A replacement's "for mana": unnamed, a named type or "two or more mana" (a third each); what
#: it produces: twice as much (half the draws), or one or two fixed symbols.
REPLACEMENT_MANA = ((None, 6), *((m, 1) for m in MANA_SYMBOLS), ("2+", 6))
REPLACEMENT_PRODUCES = (
    (None, 72),
    *(((m,), 6) for m in MANA_SYMBOLS),
    *(((a, b), 1) for a in MANA_SYMBOLS for b in MANA_SYMBOLS),
)
REPLACEMENT = Joint(among(("you", "any")), among(OBSERVED_KINDS), REPLACEMENT_MANA, REPLACEMENT_PRODUCES, OTHER_SIDE)


def draw_replacement(draw: st.DrawFn) -> tuple[ReplacementSpec, bool]:
    """A "tapped for mana" replacement effect, and whether the other player controls it (one
    choice)."""
    whose, kind, mana, produces, other = REPLACEMENT(draw)
    return ReplacementSpec(whose, kind, mana, double=produces is None, produces=produces or ()), other


#: The other shapes of a could-produce board (up to four, fewer first).
OTHER_SHAPES = ("basic", "t-land", "q-land", "pool", "artifact", "elsewhere")


# -- the board as invariants see it ----------------------------------------------------------


@dataclass(frozen=True)
class ManaSource:
    """A permanent with {T}/{Q} abilities on the board: its abilities carry their protocol names."""

    id: str
    controller: PlayerIndex
    kind: Kind
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    tapped: bool
    sick: bool
    abilities: tuple[AbilitySpec, ...]


@dataclass(frozen=True)
class ManaTrigger:
    """A "tapped for mana" trigger on the board (:class:`TriggerSpec` where it is, or "this
    <kind> is tapped for mana" on a source itself: ``whose="self"``)."""

    id: str
    controller: PlayerIndex
    whose: Literal["self", "you", "any"]
    kind: str
    mana: str | None = None
    life: int | None = None
    extra: str | None = None


@dataclass(frozen=True)
class ManaReplacement:
    """A "tapped for mana" replacement effect on the board (:class:`ReplacementSpec` where it is)."""

    id: str
    controller: PlayerIndex
    whose: Literal["you", "any"]
    kind: str
    mana: str | None
    at_least: int
    double: bool
    produces: tuple[str, ...]


@params_record("mana")
@dataclass(frozen=True)
class ManaParams:
    """The board of a mana scenario: ``player`` has priority; ``subject`` is an index into
    ``sources`` (the permanent a check is about); ``symbol`` the cost symbol drawn for."""

    player: PlayerIndex
    sources: tuple[ManaSource, ...]
    triggers: tuple[ManaTrigger, ...] = ()
    replacements: tuple[ManaReplacement, ...] = ()
    symbol: CostSymbol | None = None
    subject: int = 0


# -- the board -------------------------------------------------------------------------------


@dataclass
class ManaBoard:
    """A ``StateBuilder`` plus the engine-neutral description of the mana abilities, triggers and
    replacements it holds (what the invariants read), built side by side so the two agree."""

    b: StateBuilder = field(default_factory=StateBuilder)
    sources: list[ManaSource] = field(default_factory=list)
    triggers: list[ManaTrigger] = field(default_factory=list)
    replacements: list[ManaReplacement] = field(default_factory=list)

    def source(
        self, spec: SourceSpec, controller: int, *, tapped: bool = False, sick: bool = False, token: bool = False
    ) -> ManaSource:
        card_id = self.b.permanent(spec.card(), controller, token=token, tapped=tapped, summoning_sick=sick)
        entry = ManaSource(
            id=card_id,
            controller=controller,
            kind=spec.kind,
            types=spec.types,
            subtypes=spec.subtypes,
            tapped=tapped,
            sick=sick,
            abilities=tuple(replace(a, name=n) for a, n in zip(spec.all_abilities, spec.names(), strict=True)),
        )
        self.sources.append(entry)
        if spec.self_trigger:
            self.triggers.append(ManaTrigger(card_id, controller, "self", "permanent", life=1))
        return entry

    def trigger(self, spec: TriggerSpec, controller: int) -> None:
        card_id = self.b.permanent(spec.card(), controller)
        self.triggers.append(ManaTrigger(card_id, controller, spec.whose, spec.kind, spec.mana, spec.life, spec.extra))

    def replacement(self, spec: ReplacementSpec, controller: int) -> None:
        card_id = self.b.permanent(spec.card(), controller)
        self.replacements.append(
            ManaReplacement(
                card_id, controller, spec.whose, spec.kind, spec.mana, spec.at_least, spec.double, spec.produces
            )
        )

    def library_cards(self, draw: st.DrawFn) -> None:
        """A card or none in each library (one choice)."""
        first, second, c0, c1 = joint(draw, COIN, COIN, COLOR_DIM, COLOR_DIM)
        for player, present, colour in ((0, first, c0), (1, second, c1)):
            if present:
                self.b.put(cards.basic_land(colour), player, Zone.LIBRARY)

    def build(
        self,
        draw: st.DrawFn,
        player: int,
        *,
        active: int | None = None,
        symbol: CostSymbol | None = None,
        subject: int = 0,
        tokens: bool = True,
    ) -> Scenario[ManaParams]:
        active = player if active is None else active
        turn, step = joint(draw, TURN_DIM, among(PRIORITY_STEPS))
        # Permanents no ability here is on, varying the ordinary dimensions (generators.scenery);
        # tokens only where the engine supports them (mechanic:tokens optional: the cost symbol
        # family passes it, the others are made cards by generators.scenery.tokens_optional).
        draw_scenery(draw, self.b, Scenery(tokens=tokens))
        state: GameState = self.b.build(turn=turn, active_player=active, step=step, priority=player)
        return Scenario(
            state,
            ManaParams(player, tuple(self.sources), tuple(self.triggers), tuple(self.replacements), symbol, subject),
        )


def _payable_state(cost: CostSymbol) -> dict[str, bool]:
    """Tapped for {Q} (it untaps), untapped for {T} (it taps)."""
    return {"tapped": cost == "Q"}


# -- scenario strategies ---------------------------------------------------------------------

Focus = Literal["any", "payable", "sick-creature", "sick-noncreature", "wrong-state"]


@st.composite
def cost_symbol_scenarios(
    draw: st.DrawFn,
    symbol: CostSymbol,
    focus: Focus = "any",
    own: CardData | None = None,
    allowed: Collection[str] = (Mechanic.TOKENS,),
) -> Scenario[ManaParams]:
    """Permanents whose abilities cost ``symbol``, tapped or untapped, summoning sick or not,
    creatures and noncreatures; the first (``subject``) as ``focus`` says: ``own`` (a ruling's
    card with its own ``symbol`` ability, :func:`own_ability`) when given. Some permanents of
    the other player too (never offered to the player with priority). Params: ``player``,
    ``sources`` (the player's and the other's), ``subject`` (an index into ``sources``). Where
    ``allowed`` holds ``mechanic:tokens``, any of them may be a token (111.1: a token's {T} is
    paid as a card's, and summoning sickness applies to a creature token alike, 302.6)."""
    tokens = Mechanic.TOKENS in allowed
    token_dim = flag(25 if tokens else 0)
    own_spec = None
    if own is not None:
        ability, own_kind = own_ability(own, symbol), kind_of(own)
        if ability is None or own_kind is None or not own_fits(own, focus):
            raise ValueError(f"{own.name} cannot be the subject of a {{{symbol}}} {focus} scenario")
        own_spec = SourceSpec(own_kind, (ability,), own=own)
    n, player, active = joint(draw, among((1, 2, 3)), PLAYER_DIM, PLAYER_DIM)
    board = ManaBoard()
    firsts, extras = ability_table(symbol), ability_table()
    for i in range(n):
        # The permanent's kind, state, abilities (an extra one half the time): one choice.
        kind, tapped, sick, drawn, first_at, has_extra, extra_at, token = joint(
            draw,
            KIND_DIM,
            COIN,
            COIN,
            among(("artifact", "land")),
            ability_dim(symbol),
            COIN,
            ability_dim(),
            token_dim,
        )
        if i == 0 and own_spec is not None:
            kind = own_spec.kind  # fits the focus (checked above)
        if i == 0 and focus == "sick-creature":
            # A creature, an artifact creature half the time: both types at once (205.2a).
            kind, sick, tapped = ("artifact-creature" if drawn == "artifact" else "creature"), True, symbol == "Q"
        elif i == 0 and focus == "sick-noncreature":
            kind, sick, tapped = (own_spec.kind if own_spec else drawn), True, symbol == "Q"
        elif i == 0 and focus == "wrong-state":
            sick, tapped = False, symbol == "T"
        elif i == 0 and focus == "payable":  # the player can pay it: untapped for {T}, tapped for {Q}
            tapped = symbol == "Q"
            sick = sick and not is_creature(kind)
        if i == 0 and own_spec is not None:
            board.source(own_spec, player, tapped=tapped, sick=sick)
            continue
        first = firsts[first_at]
        extra = [extras[extra_at]] if has_extra and extras[extra_at] != first else []
        board.source(SourceSpec(kind, (first, *extra)), player, tapped=tapped, sick=sick, token=token)
    # A permanent of the other player's (half the time), one choice.
    other, kind, ability_at, tapped, sick, token = joint(
        draw, COIN, KIND_DIM, ability_dim(symbol), COIN, COIN, token_dim
    )
    if other:
        board.source(SourceSpec(kind, (firsts[ability_at],)), 1 - player, tapped=tapped, sick=sick, token=token)
    board.library_cards(draw)
    return board.build(draw, player, active=active, symbol=symbol, subject=0, tokens=tokens)


@st.composite
def production_scenarios(
    draw: st.DrawFn,
    *,
    min_triggers: int = 0,
    max_triggers: int = 2,
    min_replacements: int = 0,
    max_replacements: int = 2,
    pools: bool = True,
    non_mana: bool = True,
    trigger: TriggerSpec | None = None,
    replacement: ReplacementSpec | None = None,
    contrast: bool = False,
) -> Scenario[ManaParams]:
    """The active player with priority and 1-3 permanents whose {T}/{Q} abilities can be paid
    now (mana abilities with {T} or {Q}, basic lands, Reflecting-Pool-like lands, non-mana {T}
    abilities); "tapped for mana" triggers and replacement effects under either player's
    control, drawn or given (``trigger``, ``replacement``). Params: ``player``, ``sources``,
    ``triggers``, ``replacements``. With ``contrast``, half the boards start with a {T}/{Q}
    ability that is no mana ability: the other side of a claim about mana abilities."""
    # Who acts, whether the board leads with a non-mana ability, how many sources, triggers,
    # replacements and lands of the other player: one choice.
    n_sources, n_triggers, n_repl, other_land, player, lead, other_colour, other_tapped = joint(
        draw,
        among((1, 2, 3)),
        among(range(min_triggers, max(min_triggers, max_triggers) + 1)),
        among(range(min_replacements, max(min_replacements, max_replacements) + 1)),
        COIN,  # a land of the other player (what "an opponent controls" sees)
        PLAYER_DIM,
        COIN if contrast and non_mana else among((False,)),
        COLOR_DIM,
        COIN,
    )
    board = ManaBoard()
    shapes = ("basic", "ability", "ability", "pool") if pools else ("basic", "ability")
    mana_choice = None if non_mana else True
    non_mana_abilities = ability_table(mana=False)
    drawn_abilities = ability_table(mana=mana_choice)
    for i in range(n_sources):
        # The source's shape and everything any shape needs: one choice.
        shape, kind, lead_at, colour, pool, any_color, self_trigger, ability_at, sick = joint(
            draw,
            among(shapes),
            KIND_DIM,
            ability_dim(mana=False),
            COLOR_DIM,
            among(("you", "opponent")),
            COIN,
            COIN,
            ability_dim(mana=mana_choice),
            COIN,
        )
        if i == 0 and lead:
            spec = SourceSpec(kind, (non_mana_abilities[lead_at],))
        elif shape == "basic":
            spec = SourceSpec("land", basic=colour)
        elif shape == "pool":
            spec = SourceSpec("land", (AbilitySpec("T", pool=pool, any_color=any_color),), self_trigger=self_trigger)
        else:
            spec = SourceSpec(kind, (drawn_abilities[ability_at],), self_trigger=kind == "land" and self_trigger)
        cost = spec.all_abilities[0].cost
        board.source(spec, player, **_payable_state(cost), sick=not is_creature(spec.kind) and sick)
    for i in range(n_triggers):
        if i == 0 and trigger is not None:
            spec_t, (other,) = trigger, joint(draw, OTHER_SIDE)
        else:
            spec_t, other = draw_trigger(draw)
        board.trigger(spec_t, 1 - player if other else player)
    for i in range(n_repl):
        if i == 0 and replacement is not None:
            spec_r, (other,) = replacement, joint(draw, OTHER_SIDE)
        else:
            spec_r, other = draw_replacement(draw)
        board.replacement(spec_r, 1 - player if other else player)
    if other_land:
        board.source(SourceSpec("land", basic=other_colour), 1 - player, tapped=other_tapped)
    board.library_cards(draw)
    return board.build(draw, player)


@st.composite
def could_produce_scenarios(
    draw: st.DrawFn, *, defined: bool | None = None, watcher: bool = False, contamination: bool = False
) -> Scenario[ManaParams]:
    """A Reflecting-Pool-like land (``subject``: "any type|color that a land you control|an
    opponent controls could produce") of the player with priority, and lands of both players:
    basic lands, lands with {T}/{Q} mana abilities, tapped or not (106.7 ignores costs), other
    such Pools, a nonland mana source (which doesn't count); replacement effects sometimes.
    ``defined`` False: no land of the scope can define a type (106.5: no mana); True: one can.
    ``watcher``: "Whenever you tap a land for mana, you gain 1 life." of the player's;
    ``contamination``: "If a land is tapped for mana, it produces {S} instead of any other type
    and amount." of either player's (so the lands could produce only {S})."""
    n_others, player, scope, any_color, *shapes = _COULD_PRODUCE(draw)
    board = ManaBoard()
    board.source(SourceSpec("land", (AbilitySpec("T", pool=scope, any_color=any_color),)), player)
    lands_owner = player if scope == "you" else 1 - player
    others = list(shapes[:n_others])
    if defined is True:
        others = ["basic", *others]
    for shape in others:
        # Each land's details, whatever its shape needs: one choice.
        colour, symbol, tapped, pool, pool_any, mine = _COULD_PRODUCE_LAND(draw)
        if defined is False and shape in ("basic", "t-land", "q-land"):
            # Nothing of the scope may define a type: such lands go to the other side, or add {C}
            # under an "any color" Pool.
            if any_color and shape != "basic":
                spec = SourceSpec("land", (AbilitySpec("T" if shape == "t-land" else "Q", symbol="C"),))
                board.source(spec, lands_owner, tapped=tapped)
            else:
                board.source(SourceSpec("land", basic=colour), 1 - lands_owner, tapped=tapped)
            continue
        if defined is False and shape == "pool":
            # A Pool that looks at the same lands can't define a type either.
            spec = SourceSpec("land", (AbilitySpec("T", pool="you", any_color=pool_any),))
            board.source(spec, lands_owner, tapped=tapped)
            continue
        if shape == "basic":
            board.source(SourceSpec("land", basic=colour), lands_owner, tapped=tapped)
        elif shape in ("t-land", "q-land"):
            cost: CostSymbol = "T" if shape == "t-land" else "Q"
            board.source(SourceSpec("land", (AbilitySpec(cost, symbol=symbol),)), lands_owner, tapped=tapped)
        elif shape == "pool":
            spec = SourceSpec("land", (AbilitySpec("T", pool=pool, any_color=pool_any),))
            board.source(spec, player if mine else 1 - player, tapped=tapped)
        elif shape == "artifact":  # a nonland permanent's mana doesn't count for "a land"
            board.source(SourceSpec("artifact", (AbilitySpec("T", symbol=symbol),)), lands_owner, tapped=tapped)
        else:  # a land on the side the Pool does not look at
            board.source(SourceSpec("land", basic=colour), 1 - lands_owner, tapped=tapped)
    # The replacement effects and the watcher: one choice.
    contaminant, holder, with_replacement, passive = joint(draw, MANA_DIM, PLAYER_DIM, COIN, COIN)
    if contamination:
        board.replacement(ReplacementSpec("any", "land", produces=(contaminant,)), holder)
    elif defined is not False and with_replacement:
        spec_r, _ = draw_replacement(draw)
        board.replacement(spec_r, holder)
    if watcher:  # "Whenever you tap a land for mana, you gain 1 life." (106.12a)
        board.trigger(TriggerSpec("you", "land", life=1, passive=passive), player)
    board.library_cards(draw)
    return board.build(draw, player, subject=0)


#: A could-produce board's player, the Pool's scope and "color", and the other shapes.
_COULD_PRODUCE = Joint(
    among(range(5), (5, 4, 3, 2, 1)),
    PLAYER_DIM,
    among(("you", "opponent")),
    COIN,
    *(among(OTHER_SHAPES) for _ in range(4)),
)
#: One land of a could-produce board: its basic colour, its ability's symbol, tapped, a Pool's
#: scope and "color", whose a Pool is.
_COULD_PRODUCE_LAND = Joint(COLOR_DIM, MANA_DIM, COIN, among(("you", "opponent")), COIN, COIN)


# -- X in enters-the-battlefield abilities (107.3m) ---------------------------------------------

X_COLORED = ("{G}", "{1}{G}", "{U}{U}", "{B}", "{2}{R}")
X_COUNTERS_LINE = "This creature enters with X +1/+1 counters on it."
X_LIFE_LINE = "When this creature enters, you gain X life."


@params_record("x-spell")
@dataclass(frozen=True)
class XParams:
    """An X creature in ``player``'s hand cast with X = ``x``; what its ETB lines say."""

    player: PlayerIndex
    card: str
    x: int
    #: "This creature enters with X +1/+1 counters on it."
    counters: bool
    #: "When this creature enters, you gain X life."
    life: bool
    toughness: int
    #: The lands on the board.
    sources: tuple[ManaSource, ...]


def x_creature(colored: str, toughness: int, counters: bool, life: bool) -> CardData:
    """A creature with {X} in its mana cost whose ETB replacement and/or trigger refers to X."""
    lines = ([X_COUNTERS_LINE] if counters else []) + ([X_LIFE_LINE] if life else [])
    traits = ", ".join((["counters"] if counters else []) + (["life"] if life else []))
    return CardData(
        f"Hydra {{X}}{colored} {toughness}/{toughness} ({traits})",
        ("Creature",),
        mana_cost="{X}" + colored,
        subtypes=("Hydra",),
        text="\n".join(lines),
        power=str(toughness),
        toughness=str(toughness),
    )


@st.composite
def x_etb_scenarios(draw: st.DrawFn) -> Scenario[XParams]:
    """The active player in a main phase with priority, an X creature in hand ("enters with X
    +1/+1 counters", "when this creature enters, you gain X life", or both), and untapped lands
    paying its cost with the drawn X (plus spare lands, tapped lands, the other player's lands).
    """
    # The player, the card, the step and the turn; then its toughness; then X and the lands: three choices.
    player, colored, (counters, life), step, turn = joint(
        draw,
        PLAYER_DIM,
        among(X_COLORED),
        among(((True, False), (False, True), (True, True))),
        among((Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)),
        TURN_DIM,
    )
    (toughness,) = joint(draw, among(range(0 if counters else 1, 3)))
    symbols = [s.strip("{}") for s in colored.replace("}{", "} {").split()]
    x, spare, tapped_land, other_land, *colours = joint(
        draw,
        among(range(1 if toughness == 0 else 0, 5)),
        COIN,
        COIN,
        COIN,
        *(COLOR_DIM for _ in range(4 + sum(int(s) for s in symbols if s.isdigit()) + 3)),
    )
    board = ManaBoard()
    card = board.b.put(x_creature(colored, toughness, counters, life), player, Zone.HAND)
    generic = x + sum(int(s) for s in symbols if s.isdigit())
    for s in symbols:
        if not s.isdigit():
            board.source(SourceSpec("land", basic=s), player)
    spare_colours = iter(colours)
    for _ in range(generic + spare):
        board.source(SourceSpec("land", basic=next(spare_colours)), player)
    if tapped_land:
        board.source(SourceSpec("land", basic=next(spare_colours)), player, tapped=True)
    if other_land:
        board.source(SourceSpec("land", basic=next(spare_colours)), 1 - player)
    board.library_cards(draw)
    draw_scenery(draw, board.b)
    state: GameState = board.b.build(turn=turn, active_player=player, step=step, priority=player)
    return Scenario(
        state,
        XParams(
            player=player,
            card=card,
            x=x,
            counters=counters,
            life=life,
            toughness=toughness,
            sources=tuple(board.sources),
        ),
    )
