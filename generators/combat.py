"""Hypothesis strategies for combat states: attackers, what each attacks, blockers and keywords.

A drawn state is a consistent two-player game stopped at a chosen step with the active player
holding priority: attackers aimed at the defending player, their planeswalkers and the battles
they protect; random blocks (several blockers may block one attacker); first and double strike;
creatures with attack triggers. A spec can ask for more (each off by default):

- ``keywords``: the other combat keywords of the keyword registry (:mod:`protocol.keyword_registry`)
  on attackers and blockers, each only where its mechanic is allowed, and every block legal
  under the evasion keywords' rules as the registry states them (a blocker of a creature with
  flying has flying, 702.9b; a creature with menace is blocked by two or more or by none, 702.111b);
- ``gang_blocks``: an attacker blocked by two creatures on purpose, and a creature that can block
  an additional creature blocking two attackers (509.1a; only where
  ``mechanic:block-additional`` is allowed);
- ``marked_damage``: damage already marked on creatures (less than their toughness, 704.5g).

Every list starts short and every flag defaults to off, so Hypothesis shrinks toward small boards.

The drawing is a :class:`CombatDraw`, stage by stage: :func:`combat_scenarios` runs the stages
alone; a family that needs more of the board (the ninjutsu family, :mod:`generators.ninjutsu`)
adds its own small choices to the stages' joint draws and its own cards between the stages, so
its states are combat states of this generator.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from generators import cards
from generators.features import COLOR_DIM, TURN_DIM, Dimension, Feature, among, flag, joint, record, table
from generators.records import params_record
from generators.scenery import Scenery, draw_scenery, is_scenery
from protocol.builder import StateBuilder
from protocol.keyword_registry import (
    COMBAT_KEYWORDS,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    KeywordAbility,
    KeywordKind,
    keyword_ability,
)
from protocol.mechanics import COMBAT_FEATURES, Mechanic
from protocol.model import (
    AFTER_BLOCKERS_STEPS,
    AttackTarget,
    GameState,
    Permanent,
    PlayerIndex,
    Step,
    TargetKind,
    Zone,
)
from protocol.probe import Scenario

STEPS_BEFORE_BLOCKERS = (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS)
STEPS_AFTER_COMBAT = (Step.POSTCOMBAT_MAIN, Step.END)
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
#: the engine supports them (the ``allowed`` set of a strategy), so an engine lacking battles is
#: still judged over states without battles.
COMBAT_MECHANICS = COMBAT_FEATURES | {Mechanic.SUMMONING_SICKNESS, Mechanic.TOKENS}
#: The strike keywords, drawn for every combatant (see :func:`_strike_dim`).
STRIKES: tuple[KeywordAbility, ...] = (FIRST_STRIKE, DOUBLE_STRIKE)
#: The other combat keywords of the registry a spec with ``keywords`` draws: those something
#: requires (a keyword without a mechanic yet is drawn by no one), strikes apart.
DRAWN_KEYWORDS: tuple[KeywordAbility, ...] = tuple(
    k for k in COMBAT_KEYWORDS if k.mechanic is not None and k not in STRIKES
)
#: The mechanics of :data:`DRAWN_KEYWORDS`.
KEYWORD_MECHANICS: frozenset[Mechanic] = frozenset(k.mechanic for k in DRAWN_KEYWORDS if k.mechanic is not None)


@dataclass(frozen=True)
class CombatSpec:
    """What a check needs from a drawn combat state."""

    steps: Collection[Step]
    #: Unblocked attackers the active player must control (only meaningful after blockers): the
    #: first attackers drawn.
    min_unblocked: int = 0
    #: Blocked attackers the active player must control (only meaningful after blockers).
    min_blocked: int = 0
    #: Make the first attacker attack the defending player (not a planeswalker or battle).
    first_attacks_player: bool = False
    #: Put a "whenever a creature you control attacks" observer on the battlefield.
    observer: bool = False
    #: Reach a step of :data:`BY_PLAY_STEPS` by play (param ``by_play``).
    by_play: bool = True
    #: Draw the registry's other combat keywords on attackers and blockers (:data:`DRAWN_KEYWORDS`).
    keywords: bool = False
    #: Draw an attacker blocked by two creatures and a creature blocking two attackers.
    gang_blocks: bool = False
    #: Draw damage already marked on creatures.
    marked_damage: bool = False
    #: With ``marked_damage``: the share (percent) of creatures that have damage marked.
    damage_share: int = 25
    #: Registry keywords (names) every attacker the spec requires blocked (``min_blocked``) has,
    #: e.g. trample for a check about trample damage; their mechanics are required.
    blocked_keywords: tuple[str, ...] = ()
    #: Registry keywords (names) the first attacker has (before combat: the active player's first
    #: creature), e.g. vigilance for a check about declaring it; not a strike. Their mechanics are
    #: required.
    first_keywords: tuple[str, ...] = ()
    #: The first attacker (before combat: the active player's first creature) came under its
    #: controller's control this turn (302.6), e.g. for a check about haste; before combat, the
    #: others then may have too (about one in ten).
    first_summoning_sick: bool = False
    #: In the declare attackers step (blockers not declared yet): the defending player's untapped
    #: creatures that may block, the first with these registry keywords (names), e.g. reach for a
    #: check about blocking a creature with flying; their mechanics are required.
    blocker_keywords: tuple[str, ...] = ()
    #: In the declare attackers step: draw the defending player's untapped creatures that may
    #: block even with no ``blocker_keywords`` (e.g. for a check about menace or flying
    #: attackers, whose blockers need no keyword of their own).
    would_be_blockers: bool = False
    #: With would-be blockers drawn: one more of the defending player's creatures, tapped (it may
    #: not block, 509.1a), e.g. for a check about tapped creatures.
    tapped_would_be_blocker: bool = False
    #: Registry keywords (names) every attacker the spec requires unblocked (``min_unblocked``)
    #: has, e.g. lifelink for a check about damage to a player; their mechanics are required.
    unblocked_keywords: tuple[str, ...] = ()
    #: Power added to every attacker the spec requires blocked: a check about damage beyond its
    #: blockers needs attackers that outclass them often.
    blocked_power_bonus: int = 0
    #: With ``gang_blocks``: a creature that can block an additional creature blocks the first
    #: attacker the spec requires blocked and another one, in every state (509.1a).
    shared_blocker: bool = False
    #: Keywords among ``blocked_keywords`` that the blocked attackers gained after blockers were
    #: declared (or their blockers lost what blocking them needed): their blocks are drawn
    #: without regard to them, so a creature with flying may be blocked by one without flying or
    #: reach, one with menace by a single creature (509.1h: the block stands).
    gained_after_blocks: tuple[str, ...] = ()
    #: In the first-strike damage step (its damage dealt): the first attacker, if it has first or
    #: double strike, gained it after that step began (it is left out of the state's
    #: ``first_strikers``), and the second, if it has neither, had first strike as the step began
    #: and lost it since (it is put in them): 702.7c, 702.4c-d.
    strike_changed: bool = False
    #: In combat: the first attacker is untapped though it has no vigilance (it lost vigilance
    #: after attacking, or an effect untapped it): 506.4b, 702.20b.
    first_untapped: bool = False
    #: The first attacker has toughness 0 (an effect lowered it; 704.5f puts it into its owner's
    #: graveyard at the next check of state-based actions).
    zero_toughness: bool = False

    @property
    def requires(self) -> frozenset[Mechanic]:
        """The combat mechanics every state this spec draws holds: first strike for a state only
        in the first-strike damage step, attack triggers for the observer."""
        out: set[Mechanic] = set()
        if set(self.steps) == {Step.FIRST_STRIKE_DAMAGE}:
            out.add(Mechanic.FIRST_STRIKE)
        if self.observer:
            out.add(Mechanic.ATTACK_TRIGGER)
        forced = (*self.blocked_keywords, *self.unblocked_keywords, *self.first_keywords, *self.blocker_keywords)
        out |= {m for m in (keyword_ability(k).mechanic for k in forced) if m is not None}
        if self.shared_blocker:
            out.add(Mechanic.BLOCK_ADDITIONAL)
        if self.first_summoning_sick:
            out.add(Mechanic.SUMMONING_SICKNESS)
        return frozenset(out)

    @property
    def optional(self) -> frozenset[Mechanic]:
        """The mechanics drawn only when allowed: :data:`COMBAT_MECHANICS`, the keywords'
        (``keywords``) and blocking additional creatures (``gang_blocks``), less :attr:`requires`."""
        out = set(COMBAT_MECHANICS)
        if self.keywords:
            out |= KEYWORD_MECHANICS
        if self.gang_blocks:
            out.add(Mechanic.BLOCK_ADDITIONAL)
        return frozenset(out) - self.requires


@params_record("combat")
@dataclass(frozen=True, kw_only=True)
class CombatParams:
    """What a check needs to know about a drawn combat state beyond the state itself."""

    #: The active player, who controls the attackers.
    player: PlayerIndex
    #: The step the check is about (the state's own step, unless ``by_play``).
    step: str
    #: The state is loaded in the declare blockers step: the check reaches ``step`` by play.
    by_play: bool = False


#: A creature's power and toughness, one choice: smaller creatures first (shrinking goes there).
STAT_PAIRS: tuple[tuple[int, int], ...] = tuple(
    sorted(((p, t) for p in range(1, 6) for t in range(1, 6)), key=lambda pt: (pt[0] + pt[1], pt))
)
STAT_DIM = among(STAT_PAIRS)
#: Which attacker a blocker blocks: an index folded onto the attackers it may block (at most three
#: attackers: a fixed number of options, see :meth:`CombatDraw.draw_board`).
VICTIM = among(range(6))
#: Attack targets other than the player: planeswalkers (0-2, loyalty 1-6) and battles (0-1,
#: defense 1-6), as counts and values of one joint draw (fewer first).
LOYALTY = among(range(1, 7))
WALKER_COUNT = among((0, 1, 2), (3, 2, 1))
BATTLE_COUNT = among((0, 1), (2, 1))
#: Kinds of strike a combatant may have (weights: see FEATURES and CombatDraw's strikers).
NO_STRIKE: Dimension = ((None, 1),)
#: Creatures whose marked damage is one joint draw (each of up to 16 options: four of them stay
#: well within the joint limit).
DAMAGE_PER_DRAW = 4
#: The share of combatants given each keyword of :data:`DRAWN_KEYWORDS` (percent).
KEYWORD_WEIGHT = 25


def _strike_dim(strikes: tuple[KeywordAbility, ...], *, forced: bool = False, never: bool = False) -> Dimension:
    """A combatant's kind of strike (a keyword name, or None): most strike normally (weight 3
    against 1 for each kind the engine may draw), so a state where only a blocker has first
    strike, or none does, is drawn as often as the others; ``forced``: first or double strike;
    ``never``: neither."""
    if never or not strikes:
        return NO_STRIKE
    kinds = tuple((k.name, 1) for k in strikes)
    return kinds if forced else ((None, 3), *kinds)


def _strike_flags(kind: str | None) -> dict[str, bool]:
    return {"first_strike": kind == FIRST_STRIKE.name, "double_strike": kind == DOUBLE_STRIKE.name}


class CombatDraw:
    """One combat state being drawn, stage by stage, each stage a few joint draws (see
    :func:`generators.features.joint`). Call, in order: :meth:`draw_rare`, :meth:`draw_board`,
    :meth:`draw_libraries`, :meth:`draw_step`, then :meth:`build`. Between them a family adds its
    own cards through :attr:`builder`; its own small choices go into the stages' joint draws
    (``extra`` arguments), so a family's draws cost no more choices than the combat's own.

    ``may``: the mechanics the state may hold (the spec's required ones and the allowed optional
    ones); a feature whose mechanic is not among them is never drawn."""

    def __init__(self, draw: st.DrawFn, spec: CombatSpec, may: Collection[str]) -> None:
        self.draw = draw
        self.spec = spec
        self.may = frozenset(may)
        self.strikes = tuple(k for k in STRIKES if k.mechanic in self.may)
        self.keywords = tuple(k for k in DRAWN_KEYWORDS if k.mechanic in self.may) if spec.keywords else ()
        # The first-strike damage step exists only with a first or double striker (510.4); the
        # registry counts the step as part of first strike.
        steps = [s for s in spec.steps if Mechanic.FIRST_STRIKE in self.may or s is not Step.FIRST_STRIKE_DAMAGE]
        if not steps:
            raise ValueError(f"combat spec for steps {list(map(str, spec.steps))}: no step left without first strike")
        # The group of steps first (before attackers, declare attackers, after blockers, after
        # combat: the board differs between them); the step within the group last (draw_step).
        groups = step_groups(steps)
        group_index, active = joint(draw, among(range(len(groups))), among((0, 1)))
        self.group: list[Step] = groups[group_index]
        self.active: PlayerIndex = active
        self.defender: PlayerIndex = 1 - active
        self.may_play = spec.by_play and any(s in BY_PLAY_STEPS for s in self.group)
        self.builder = StateBuilder()
        self.in_combat = self.group[0] in AFTER_BLOCKERS_STEPS or self.group[0] is Step.DECLARE_ATTACKERS
        self.after_blockers = self.group[0] in AFTER_BLOCKERS_STEPS
        # A group whose only step is the first-strike damage step: a combatant must strike first.
        self.only_first_strike = self.group == [Step.FIRST_STRIKE_DAMAGE]
        # The defending player's creatures that may block, drawn before blockers are declared.
        self.undeclared_blockers = (bool(spec.blocker_keywords) or spec.would_be_blockers) and (
            self.group[0] is Step.DECLARE_ATTACKERS
        )
        self.rare: dict[str, bool] = {}
        self.attackers: list[str] = []
        self.blockers: list[str] = []
        #: Combatants with first or double strike (for the first-strike damage step, 510.4).
        self.strikers: list[str] = []
        #: The registry keywords (names) of each creature drawn, and its toughness.
        self.keywords_of: dict[str, tuple[str, ...]] = {}
        #: The blockers of each blocked attacker.
        self.blocked_by: dict[str, list[str]] = {}
        #: The attackers the spec requires blocked.
        self.forced: set[str] = set()
        self.toughness: dict[str, int] = {}
        self.wanted_step: Step | None = None
        self.step: Step | None = None
        self.by_play = False
        self.turn = 0

    # -- stage 1: the rare features -------------------------------------------------------
    def draw_rare(self, extra: Mapping[str, int] | None = None) -> dict[str, bool]:
        """The rare features of :data:`FEATURES`, drawn first (one choice): Hypothesis spreads
        early choices evenly over its examples. The first attacker gets the first-attacker ones
        (owned by the other player, a token, entered this turn). The first-strike damage step
        happens when any creature in combat has first or double strike (510.4): an attacker, or
        only a blocker; a state only in that step gets its striker on either side.

        ``extra``: a family's own rare features (name -> weight, 0: never), drawn in the same
        choice after the first attacker's; their values are returned."""
        may, spec, extra = self.may, self.spec, extra or {}
        several = spec.gang_blocks and self.after_blockers and Mechanic.BLOCK_ADDITIONAL in may
        gates = {
            "attacker-owned-by-opponent": FEATURES["attacker-owned-by-opponent"].weight,
            "attacker-token": FEATURES["attacker-token"].weight if Mechanic.TOKENS in may else 0,
            "attacker-entered-this-turn": FEATURES["attacker-entered-this-turn"].weight
            if self.in_combat and Mechanic.SUMMONING_SICKNESS in may
            else 0,
            **extra,
            "blocker-first-strike": FEATURES["blocker-first-strike"].weight
            if self.after_blockers and self.strikes
            else 0,
            "first-strike-blocker-only": FEATURES["first-strike-blocker-only"].weight
            if set(spec.steps) == {Step.FIRST_STRIKE_DAMAGE} and self.after_blockers
            else 0,
            "gang-block": FEATURES["gang-block"].weight if spec.gang_blocks and self.after_blockers else 0,
            "blocks-several": (100 if spec.shared_blocker else FEATURES["blocks-several"].weight) if several else 0,
        }
        rare = dict(zip(gates, joint(self.draw, *(flag(w) for w in gates.values())), strict=True))
        blocker_only = rare.pop("first-strike-blocker-only")
        rare["blocker-first-strike"] = rare["blocker-first-strike"] or blocker_only
        self.rare = rare
        self._blocker_only = blocker_only
        return {name: rare[name] for name in extra}

    # -- stage 2: the board ---------------------------------------------------------------
    def draw_board(self, extra: tuple[Dimension, ...] = ()) -> tuple[Any, ...]:
        """The board's counts (one choice, with a family's own ``extra`` counts after the
        combatants'; their values are returned), the attack targets, the attackers, the
        blockers and the observer."""
        spec, may, b, rare = self.spec, self.may, self.builder, self.rare
        need_unblocked = spec.min_unblocked if self.after_blockers else 0
        need_blocked = spec.min_blocked if self.after_blockers else 0
        fs_blocker = rare["blocker-first-strike"]
        # A first-striking blocker needs an attacker it may block (see FEATURES); so do a gang
        # block (one attacker) and a creature blocking two (two attackers).
        # A summoning-sick first creature has a second beside it (one that may attack: the legal
        # counterpart of a claim about the sick one).
        least = max(1 + spec.first_summoning_sick, need_unblocked + need_blocked)
        least += fs_blocker + rare["gang-block"] + 2 * rare["blocks-several"]
        most = max(3, least)
        n_attackers, n_blockers, *counts = joint(
            self.draw,
            # Attackers beyond the least the spec needs (the count's options never depend on
            # earlier draws: a shrunk earlier choice leaves this draw's meaning as it was).
            among(range(3)),
            among(range(4)) if self.after_blockers or self.undeclared_blockers else among((0,)),
            *extra,
            flag(50 if spec.observer and Mechanic.SUMMONING_SICKNESS in may else 0),
            WALKER_COUNT if Mechanic.PLANESWALKER in may else among((0,)),
            LOYALTY,
            LOYALTY,
            BATTLE_COUNT if Mechanic.BATTLE in may else among((0,)),
            LOYALTY,
        )
        extras = tuple(counts[: len(extra)])
        observer_sick, n_walkers, loyalty_1, loyalty_2, n_battles, defense = counts[len(extra) :]

        # Attack targets the defender offers: the player, their planeswalkers, battles they protect.
        # Reached by play, combat damage on the way must leave every attack target standing.
        bonus = BY_PLAY_LIFE if self.may_play else 0
        walkers = [
            b.permanent(cards.planeswalker(n), self.defender, counters=(("loyalty", n + bonus),))
            for n in (loyalty_1, loyalty_2)[:n_walkers]
        ]
        battles = [
            b.permanent(cards.battle(n), self.active, counters=(("defense", n + bonus),), protector=self.defender)
            for n in (defense,)[:n_battles]
        ]
        targets = [AttackTarget.of_player(self.defender)]
        targets += [AttackTarget.of_permanent(TargetKind.PLANESWALKER, w) for w in walkers]
        targets += [AttackTarget.of_permanent(TargetKind.BATTLE, x) for x in battles]
        forced = range(need_unblocked, need_unblocked + need_blocked)
        self._draw_attackers(min(least + n_attackers, most), targets, forced, range(need_unblocked))
        if self.after_blockers:
            self._draw_blocks(n_blockers, need_unblocked, need_blocked)
        elif self.undeclared_blockers:
            self._draw_would_be_blockers(n_blockers)
        if spec.observer:
            b.permanent(cards.attack_observer(), self.active, summoning_sick=observer_sick)
        return extras

    def _draw_keywords(self) -> tuple[str, ...]:
        """The keywords a combatant is given: one flag per keyword it may be given (none without
        ``keywords``), in a joint draw of their own (a combatant's other choices and ten flags
        would pass the joint limit)."""
        return self._chosen(joint(self.draw, *(flag(KEYWORD_WEIGHT) for _ in self.keywords)))

    def _chosen(self, flags: Collection[bool]) -> tuple[str, ...]:
        return tuple(k.name for k, on in zip(self.keywords, flags, strict=True) if on)

    def _draw_attackers(
        self, n_attackers: int, targets: list[AttackTarget], forced: range = range(0), unblocked: range = range(0)
    ) -> None:
        """The attackers; those at ``forced`` (the ones the spec requires blocked) get the spec's
        ``blocked_keywords`` (a strike among them replaces the one drawn), those at ``unblocked``
        (the ones it requires unblocked) its ``unblocked_keywords``."""
        spec, may, b, rare = self.spec, self.may, self.builder, self.rare
        in_combat = self.in_combat
        # The attacked target: an index folded onto the targets there are (one to four: the player,
        # two planeswalkers, a battle), each as often: twelve options fold evenly onto any of them.
        aims = among(range(12)) if len(targets) > 1 else among((0,))
        trigger_dim = flag(50 if Mechanic.ATTACK_TRIGGER in may else 0)
        # Another attacker (not the first) is owned by the other player, a token or entered
        # this turn, each in about a tenth of the draws, one at a time (see FEATURES).
        other_trait = tuple(
            (trait, weight)
            for trait, weight, ok in (
                (None, 7, True),
                ("owner", 1, True),
                ("token", 1, Mechanic.TOKENS in may),
                ("sick", 1, (in_combat or spec.first_summoning_sick) and Mechanic.SUMMONING_SICKNESS in may),
            )
            if ok
        )
        blocker_only = self._blocker_only
        for i in range(n_attackers):
            first = i == 0
            # A first-strike damage step exists only if a combatant has first or double strike (510.4).
            strike = _strike_dim(
                self.strikes, forced=first and self.only_first_strike and not blocker_only, never=blocker_only
            )
            aim = among((0,)) if not in_combat or (first and spec.first_attacks_player) else aims
            (power, toughness), kind, trigger, trait, aimed, tapped = joint(
                self.draw,
                STAT_DIM,
                strike,
                trigger_dim,
                among((None,)) if first else other_trait,
                aim,
                flag(0 if in_combat else 50),
            )
            other_owner, token, sick = trait == "owner", trait == "token", trait == "sick"
            if first:
                other_owner, token = rare["attacker-owned-by-opponent"], rare["attacker-token"]
                sick = rare["attacker-entered-this-turn"] or spec.first_summoning_sick
            keywords = self._draw_keywords()
            if first:
                keywords += tuple(k for k in spec.first_keywords if k not in keywords)
            if i in forced:
                power += spec.blocked_power_bonus
            if first and spec.zero_toughness:
                toughness = 0
            if i in forced and spec.blocked_keywords:
                strikes = [k for k in spec.blocked_keywords if k in (FIRST_STRIKE.name, DOUBLE_STRIKE.name)]
                kind = strikes[0] if strikes else kind
                keywords += tuple(k for k in spec.blocked_keywords if k not in strikes and k not in keywords)
            if i in unblocked:
                keywords += tuple(k for k in spec.unblocked_keywords if k not in keywords)
            card = cards.creature(power, toughness, attack_trigger=trigger, keywords=keywords, **_strike_flags(kind))
            owner = self.defender if other_owner else self.active
            if in_combat:
                cid = b.permanent(
                    card,
                    self.active,
                    owner=owner,
                    token=token,
                    tapped=not (first and spec.first_untapped),
                    attacking=targets[aimed % len(targets)],
                    summoning_sick=sick,
                )
            else:
                cid = b.permanent(card, self.active, owner=owner, token=token, tapped=tapped, summoning_sick=sick)
            self.attackers.append(cid)
            if i in forced:
                self.forced.add(cid)
            self._note(cid, kind, keywords, toughness)

    def _note(
        self, cid: str, strike: str | None, keywords: tuple[str, ...], toughness: int, *, striker: bool = True
    ) -> None:
        self.keywords_of[cid] = ((strike,) if strike else ()) + keywords
        self.toughness[cid] = toughness
        if strike is not None and striker:
            self.strikers.append(cid)

    def _draw_creature(
        self, strike: Dimension, *extra: Dimension
    ) -> tuple[int, int, str | None, tuple[str, ...], tuple[Any, ...]]:
        """A combatant's stats, strike and keywords, with a caller's ``extra`` choices, in one
        choice: (power, toughness, strike, keywords, the extra values)."""
        (power, toughness), kind, *rest = joint(self.draw, STAT_DIM, strike, *extra)
        return power, toughness, kind, self._draw_keywords(), tuple(rest)

    def _blocker(
        self,
        victims: tuple[str, ...],
        drawn: tuple[int, int, str | None, tuple[str, ...], tuple[Any, ...]],
        *,
        blocks_additional: bool = False,
    ) -> str:
        """A creature of the defending player as drawn (:meth:`_draw_creature`), blocking
        ``victims`` (none: not blocking), with what blocking them legally needs: the keywords
        their evasion asks for (:meth:`_evasion_needs`)."""
        power, toughness, kind, keywords, _ = drawn
        for victim in victims:
            keywords += tuple(k for k in self._evasion_needs(victim) if k not in keywords)
        card = cards.creature(
            power, toughness, keywords=keywords, blocks_additional=blocks_additional, **_strike_flags(kind)
        )
        blocker = self.builder.permanent(card, self.defender, blocking=victims)
        self.blockers.append(blocker)
        for victim in victims:
            self.blocked_by.setdefault(victim, []).append(blocker)
        self._note(blocker, kind, keywords, toughness, striker=bool(victims))
        return blocker

    def _evasion_needs(self, attacker: str) -> tuple[str, ...]:
        """The keywords a blocker of ``attacker`` needs under its evasion keywords (702.9b: a
        creature with flying can be blocked only by creatures with flying or reach): the first of
        each keyword's ``blockable_by`` that may be drawn."""
        out: list[str] = []
        for name in self._binding(attacker):
            needed = keyword_ability(name).blockable_by
            if needed:
                drawable = [n for n in needed if keyword_ability(n).mechanic in self.may]
                if not drawable:
                    raise ValueError(f"an attacker with {name} is blocked, but none of {needed} may be drawn")
                out.append(drawable[0])
        return tuple(out)

    def _binding(self, attacker: str) -> tuple[str, ...]:
        """The keywords of ``attacker`` its blocks must obey: all of them, less those a blocked
        attacker the spec requires gained after blockers were declared (``gained_after_blocks``)."""
        late = self.spec.gained_after_blocks if attacker in self.forced else ()
        return tuple(k for k in self.keywords_of.get(attacker, ()) if k not in late)

    def _draw_blocks(self, n_blockers: int, need_unblocked: int, need_blocked: int) -> None:
        rare, attackers = self.rare, self.attackers
        must_stay_unblocked = set(attackers[:need_unblocked])
        must_be_blocked = attackers[need_unblocked : need_unblocked + need_blocked]
        choices = [a for a in attackers if a not in must_stay_unblocked]
        strike = _strike_dim(self.strikes)
        for victim in must_be_blocked:
            self._blocker((victim,), self._draw_creature(strike))
        for _ in range(n_blockers):
            drawn = self._draw_creature(strike, flag(50 if choices else 0), VICTIM)
            blocks, victim_index = drawn[4]
            self._blocker((choices[victim_index % len(choices)],) if blocks else (), drawn)
        if rare["blocker-first-strike"]:
            drawn = self._draw_creature(_strike_dim(self.strikes, forced=True), VICTIM)
            (victim_index,) = drawn[4]
            self._blocker((choices[victim_index % len(choices)],), drawn)
        if rare["gang-block"]:
            # Two creatures block one attacker (509.1a: several may block one).
            (victim_index,) = joint(self.draw, VICTIM)
            victim = choices[victim_index % len(choices)]
            for _ in range(2):
                self._blocker((victim,), self._draw_creature(strike))
        if rare["blocks-several"]:
            # A creature that can block an additional creature blocks two attackers (509.1a).
            drawn = self._draw_creature(strike, VICTIM, among(range(5)))
            first, second = drawn[4]
            one = must_be_blocked[0] if self.spec.shared_blocker and must_be_blocked else choices[first % len(choices)]
            rest = [a for a in choices if a != one]
            self._blocker((one, rest[second % len(rest)]), drawn, blocks_additional=True)
        self._enough_blockers()
        for a in attackers:
            self.builder.update(a, blocked=a in self.blocked_by)

    def _draw_would_be_blockers(self, n_others: int) -> None:
        """Before blockers are declared: the defending player's untapped creatures, blocking
        nothing yet, the first with the spec's ``blocker_keywords``."""
        strike = _strike_dim(self.strikes)
        for i in range(1 + n_others):
            power, toughness, kind, keywords, extra = self._draw_creature(strike)
            if i == 0:
                keywords += tuple(k for k in self.spec.blocker_keywords if k not in keywords)
            self._blocker((), (power, toughness, kind, keywords, extra))
        if self.spec.tapped_would_be_blocker:
            self.builder.update(self._blocker((), self._draw_creature(strike)), tapped=True)

    def _enough_blockers(self) -> None:
        """702.111b: an attacker whose keywords ask for more blockers (menace: ``min_blockers``
        2) blocked by fewer gets more, so every declaration drawn is legal."""
        for attacker in self.attackers:
            least = max((keyword_ability(k).min_blockers for k in self._binding(attacker)), default=1)
            count = len(self.blocked_by.get(attacker, ()))
            for _ in range(least - count if 0 < count < least else 0):
                self._blocker((attacker,), self._draw_creature(_strike_dim(self.strikes)))

    # -- stage 3: the libraries and the turn ----------------------------------------------
    def draw_libraries(self, least_own: int = 0) -> None:
        """The libraries (``least_own``: the cards the active player's library must hold, e.g. for
        every "draw a card" a Ninja may trigger: drawing from an empty library loses the game,
        704.5b, which would end the scenario instead of testing it) and the turn, one choice."""
        own_count, other_count, colour, turn = joint(
            self.draw,
            among(range(least_own, max(2, least_own) + 1)),
            among(range(0, 3)),
            COLOR_DIM,  # the libraries' lands are filler: one colour for all of them
            TURN_DIM,
        )
        for player, count in ((self.active, own_count), (self.defender, other_count)):
            for _ in range(count):
                self.builder.put(cards.basic_land(colour), player, Zone.LIBRARY)
        self.turn = turn

    # -- stage 4: the step ------------------------------------------------------------------
    def draw_step(self) -> Step:
        """The step the check is about, drawn after the board (see :func:`draw_step_in_group`);
        reached by play (loaded in the declare blockers step, the defender's life raised) where
        the spec allows it. With ``marked_damage``, the damage already marked (after the step:
        none in the untap step, 514.2 removed it in the last cleanup step). Returns the step the
        state is loaded in."""
        wanted = draw_step_in_group(self.draw, self.group, first_strike=bool(self.strikers))
        self.wanted_step = wanted
        self.by_play = self.may_play and wanted in BY_PLAY_STEPS
        self.step = Step.DECLARE_BLOCKERS if self.by_play else wanted
        if self.by_play:
            self.builder.players[self.defender]["life"] = BY_PLAY_LIFE
        if self.spec.marked_damage and self.step is not Step.UNTAP:
            self._draw_damage()
        return self.step

    def _draw_damage(self) -> None:
        """Damage marked on the combatants, one choice per four of them (within a joint draw's
        limit): none on three in four, else from 1 to one less than the toughness (lethal damage
        would have destroyed it, 704.5g)."""
        hurt = [c for c in (*self.attackers, *self.blockers) if self.toughness[c] > 1]
        for start in range(0, len(hurt), DAMAGE_PER_DRAW):
            some = hurt[start : start + DAMAGE_PER_DRAW]
            share = self.spec.damage_share
            if share == 25:  # none on three in four (the weights every existing spec draws with)
                dims = [
                    ((0, 3 * (self.toughness[c] - 1)), *((d, 1) for d in range(1, self.toughness[c]))) for c in some
                ]
            else:
                dims = [
                    ((0, (100 - share) * (self.toughness[c] - 1)), *((d, share) for d in range(1, self.toughness[c])))
                    for c in some
                ]
            for cid, damage in zip(some, joint(self.draw, *dims), strict=True):
                if damage:
                    self.builder.update(cid, damage=damage)

    # -- stage 5: the state -----------------------------------------------------------------
    def build(self, **state: Any) -> GameState:
        """The state, with the active player holding priority (``state``: more of its fields)."""
        assert self.step is not None, "draw_step first"
        first_strikers: tuple[str, ...] = ()
        if self.step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT) and self.strikers:
            first_strikers = tuple(self.strikers)
        if self.spec.strike_changed and self.step is Step.FIRST_STRIKE_DAMAGE:
            gained = [a for a in self.attackers[:1] if a in self.strikers]
            lost = [a for a in self.attackers[1:2] if a not in self.strikers]
            first_strikers = tuple(c for c in first_strikers if c not in gained) + tuple(lost)
        # Permanents no claim is about, varying the ordinary dimensions (generators.scenery); their
        # creatures untapped only once blockers are declared, where they can no longer join combat.
        draw_scenery(
            self.draw,
            self.builder,
            Scenery(
                tokens=Mechanic.TOKENS in self.may,
                sick=Mechanic.SUMMONING_SICKNESS in self.may,
                untapped_creatures=self.after_blockers,
            ),
        )
        return self.builder.build(
            turn=self.turn,
            active_player=self.active,
            step=self.step,
            priority=self.active,
            first_strikers=first_strikers,
            **state,
        )

    def params(self) -> CombatParams:
        assert self.wanted_step is not None, "draw_step first"
        return CombatParams(player=self.active, step=str(self.wanted_step), by_play=self.by_play)


def damage_combat(**fields: Any) -> CombatSpec:
    """The combat damage families' states: blocked attackers in the declare blockers step (by
    play from there to the damage steps), several blockers per attacker and damage already
    marked drawn where the engine supports them (510.1, 120.6); ``fields``: what the family
    adds (its keywords, power, damage share). One place, so those families draw alike."""
    base: dict[str, Any] = dict(
        steps=(Step.DECLARE_BLOCKERS,), min_blocked=1, by_play=False, gang_blocks=True, marked_damage=True
    )
    return CombatSpec(**(base | fields))


@st.composite
def combat_scenarios(
    draw: st.DrawFn, spec: CombatSpec, allowed: Collection[str] | None = None
) -> Scenario[CombatParams]:
    """A combat state per ``spec``, holding only the optional mechanics ``allowed`` (default:
    all of the spec's :attr:`~CombatSpec.optional` ones)."""
    combat = CombatDraw(draw, spec, frozenset(spec.optional if allowed is None else allowed) | spec.requires)
    combat.draw_rare()
    combat.draw_board()
    combat.draw_libraries()
    combat.draw_step()
    return record(Scenario(combat.build(), combat.params()), FEATURES)


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


def is_unblocked(state: GameState, card_id: str) -> bool:
    perm = state.permanent(card_id)
    return perm is not None and perm.attacking is not None and perm.blocked is False


def is_blocked(state: GameState, card_id: str) -> bool:
    perm = state.permanent(card_id)
    return perm is not None and perm.attacking is not None and perm.blocked is True


# -- state features (see generators.features) -----------------------------------------------


def has_keyword(state: GameState, card_id: str, *names: str) -> bool:
    """Whether the card has one of the registry keywords ``names`` (as its card data prints them)."""
    printed = {keyword_ability(n).printed for n in names}
    return any(k in printed for k in state.data_of(card_id).keywords)


def blocked_attacker_with(state: GameState, player: int, keyword: str) -> Permanent | None:
    """The first blocked attacker of ``player`` that has the registry keyword ``keyword`` (the
    creature a check about that keyword's combat damage follows)."""
    return next(
        (p for p in state.attackers() if p.controller == player and p.blocked and has_keyword(state, p.id, keyword)),
        None,
    )


def strikers_in_combat(state: GameState, *, blocking: bool) -> bool:
    """Whether a blocking (or attacking) creature has first or double strike."""
    return any(
        (bool(p.blocking) if blocking else p.attacking is not None)
        and has_keyword(state, p.id, *(k.name for k in STRIKES))
        for p in state.battlefield
    )


def _blockers_of(state: GameState, attacker: str) -> int:
    return sum(attacker in p.blocking for p in state.battlefield)


def _attacks(kind: TargetKind) -> Callable[[Scenario[Any]], bool]:
    return lambda sc: any(p.attacking.kind is kind for p in sc.state.attackers() if p.attacking is not None)


def _step_feature(step: Step) -> Feature:
    return Feature(
        f"step:{step}", "506-511", f"the state is in the {step} step", 100, lambda sc: sc.params.step == str(step)
    )


def _keyword_features(side: str) -> tuple[Feature, ...]:
    def holds(name: str) -> Callable[[Scenario[Any]], bool]:
        if side == "attacker":
            return lambda sc: any(has_keyword(sc.state, p.id, name) for p in sc.state.attackers())
        return lambda sc: any(p.blocking and has_keyword(sc.state, p.id, name) for p in sc.state.battlefield)

    return tuple(
        Feature(f"{side}-keyword:{k.name}", k.cr, f"an {side} has {k.name}", KEYWORD_WEIGHT, holds(k.name))
        for k in DRAWN_KEYWORDS
    )


def _blocked_evasion_features() -> tuple[Feature, ...]:
    """An attacker with an evasion keyword blocked anyway, as its rules allow (by creatures with
    flying or reach, by two or more): the blocks a blocking restriction is about."""

    def holds(name: str) -> Callable[[Scenario[Any]], bool]:
        return lambda sc: any(
            p.blocked and has_keyword(sc.state, p.id, name) and _blockers_of(sc.state, p.id)
            for p in sc.state.attackers()
        )

    return tuple(
        Feature(f"blocked-despite:{k.name}", k.cr, f"an attacker with {k.name} is blocked", 10, holds(k.name))
        for k in DRAWN_KEYWORDS
        if k.kind is KeywordKind.EVASION
    )


#: Features of drawn combat states.
FEATURES: dict[str, Feature] = table(
    Feature(
        "attacker-owned-by-opponent",
        "108.3",
        "an attacking creature is controlled by the active player but owned by the other",
        40,
        lambda sc: any(sc.state.obj(p.id).owner != p.controller for p in sc.state.attackers()),
    ),
    Feature(
        "attacker-token",
        "111.1",
        "an attacking creature is a token",
        40,
        lambda sc: any(sc.state.obj(p.id).token for p in sc.state.attackers()),
    ),
    Feature(
        "attacker-entered-this-turn",
        "302.6, 508.4",
        "an attacking creature is summoning-sick: it entered the battlefield attacking this turn",
        60,
        lambda sc: any(p.summoning_sick for p in sc.state.attackers()),
    ),
    Feature(
        "attacker-first-strike",
        "702.7, 510.4",
        "an attacking creature has first or double strike",
        40,
        lambda sc: strikers_in_combat(sc.state, blocking=False),
    ),
    Feature(
        "blocker-first-strike",
        "702.7, 510.4",
        "a blocking creature has first or double strike",
        40,
        lambda sc: strikers_in_combat(sc.state, blocking=True),
    ),
    Feature(
        "first-strike-blocker-only",
        "510.4, 702.7b",
        "a blocking creature has first or double strike and no attacking creature does: the first-strike "
        "damage step still happens",
        50,
        lambda sc: strikers_in_combat(sc.state, blocking=True) and not strikers_in_combat(sc.state, blocking=False),
    ),
    Feature(
        "attacks-planeswalker",
        "506.3, 508.1b",
        "a creature attacks a planeswalker",
        25,
        _attacks(TargetKind.PLANESWALKER),
    ),
    Feature("attacks-battle", "310.8, 508.1b", "a creature attacks a battle", 15, _attacks(TargetKind.BATTLE)),
    Feature(
        "gang-block",
        "509.1a, 509.2",
        "an attacking creature is blocked by two or more creatures",
        40,
        lambda sc: any(_blockers_of(sc.state, p.id) >= 2 for p in sc.state.attackers()),
    ),
    Feature(
        "blocks-several",
        "509.1a",
        "a creature that can block an additional creature blocks two attackers",
        30,
        lambda sc: any(len(p.blocking) >= 2 for p in sc.state.battlefield),
    ),
    Feature(
        "marked-damage",
        "120.3, 704.5g",
        "a creature has damage marked on it, less than its toughness (scenery apart: the option's draw)",
        25,
        lambda sc: any(p.damage > 0 and not is_scenery(sc.state.data_of(p.id)) for p in sc.state.battlefield),
    ),
    *_keyword_features("attacker"),
    *_keyword_features("blocker"),
    *_blocked_evasion_features(),
    *(_step_feature(s) for s in Step),
)
