"""The services the reference engine's components give each other, declared as Protocols.

A component never imports another component's module: what it uses of another is one of these
interfaces, and it is typed against the interface only. :class:`Services` holds one provider per
interface; :mod:`.engine` (the one module that lists the components) builds it from the
components it made, and each component takes the services it uses in ``connect(services)``.
A provider is the component itself, so a decision a mutant replaced on it is the one its users
reach.

Who provides what: the core the turn (:class:`Turn`) and the zones (:class:`Zones`); combat
:class:`CombatSteps` (what the turn structure asks of combat) and :class:`CombatQueries` (what
the mechanics that put creatures into combat ask); mana :class:`Payment` and
:class:`ManaAbilities`; casting :class:`Spells`; search :class:`SearchState`; Classes
:class:`CardLines` (the lines a permanent has now). Where several components contribute to one
step instead, they use the declared hooks of :mod:`.hooks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from protocol.model import Action, AttackTarget, Event, PlayerIndex, Search, StackItem, Step, Zone

from .game import Game, Perm
from .lines import Activated, CardLine, CounterTargetSpell, Effect, GainLife
from .payment import OptionPlan
from .table import Table


@dataclass(frozen=True)
class PermanentSpell:
    """The "effect" of a permanent spell: it resolves into a permanent (608.3)."""


PERMANENT_SPELL = PermanentSpell()

#: What a card does as a spell (:meth:`Spells.spell_effect`).
SpellCardEffect = Effect | CounterTargetSpell | GainLife | PermanentSpell


class Turn(Protocol):
    """Priority, triggers and the stack (117, 302.6, 603, 608): the core."""

    def acted(self, game: Game, player: PlayerIndex, events: list[Event]) -> None:
        """After a player acts with priority: passes reset (117.4), priority goes on (117.3c)."""

    def give_priority(self, game: Game, player: PlayerIndex, events: list[Event]) -> None:
        """117.5: state-based actions and triggers first, then ``player`` receives priority."""

    def step_begun(self, game: Game, step: Step, events: list[Event]) -> None:
        """A step's turn-based actions are done: its "at the beginning of" triggers, then priority."""

    def summoning_sickness_applies(self, game: Game, perm: Perm) -> bool:
        """302.6: the permanent can't attack or pay {T} costs yet."""

    def trigger(
        self,
        game: Game,
        controller: PlayerIndex,
        source: str,
        ability: str,
        events: list[Event],
        choices: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """603.2: an ability triggers now and waits to be put on the stack (603.3)."""

    def put_triggers_on_stack(self, game: Game, events: list[Event]) -> None:
        """603.3: the waiting triggered abilities go on the stack (APNAP order)."""

    def resolve_top(self, game: Game, events: list[Event]) -> None:
        """608.2: the top item of the stack resolves and leaves it."""

    def left_stack(self, game: Game, item: StackItem) -> None:
        """What the core lets go of once ``item`` has left the stack (a revealed Ninja)."""

    def end_paused_resolution(self, game: Game, item_id: str | None, events: list[Event]) -> None:
        """A resolution that waited for a choice is over: the item leaves the stack (117.3b)."""


class Zones(Protocol):
    """Moving cards between zones (400.7: a card that moves is a new object): the core."""

    def move_card(self, game: Game, card_id: str, to_zone: Zone, events: list[Event]) -> None:
        """Move a card to its owner's ``to_zone`` (not the battlefield)."""

    def return_to_hand(self, game: Game, creature: Perm, events: list[Event]) -> None:
        """Return a permanent to its owner's hand (ninjutsu and sneak costs)."""

    def draw_card(self, game: Game, player: PlayerIndex, events: list[Event]) -> None:
        """121.1: the top card of the library goes to the hand."""

    def left_hand(self, game: Game, card_id: str) -> None:
        """A card has left the hand: what tracked it there lets go."""

    def left_library(self, game: Game, card_id: str) -> None:
        """A card has left the library: what tracked it there lets go."""

    def lose_track_of(self, game: Game, card_id: str) -> None:
        """A card has left the zone an ability works from (400.7)."""

    def permanent_left(self, game: Game, perm: Perm, to_zone: Zone | None, events: list[Event]) -> None:
        """``perm`` has just left the battlefield (its last known status, 603.10a)."""


class CombatSteps(Protocol):
    """What the turn structure asks of combat (506-511)."""

    def begin_combat_step(self, game: Game, step: Step, events: list[Event]) -> bool:
        """The turn-based actions of ``step`` as it begins; False while it waits for a decision
        (a declaration, an assignment of combat damage)."""

    def combat_damage_steps_skipped(self, game: Game) -> bool:
        """508.8: no creature attacks: the blockers and damage steps are skipped."""

    def first_strike_step_needed(self, game: Game) -> bool:
        """510.4: whether a first-strike combat damage step happens."""

    def remove_all_from_combat(self, game: Game) -> None:
        """511.3: as the end-of-combat step ends, every creature leaves combat."""

    def left_battlefield(self, game: Game, card_id: str) -> None:
        """506.4: a permanent that leaves the battlefield leaves combat."""


class CombatQueries(Protocol):
    """What the mechanics that return attackers or put creatures into combat ask of combat."""

    def is_unblocked_attacker(self, game: Game, perm: Perm) -> bool:
        """509.1h/506.4: an attacking creature no creature blocked, once blockers are declared."""

    def unblocked_attacker_to_return(self, candidates: list[Perm], action: Action) -> Perm:
        """The creature the action's "return" cost names, if one of ``candidates``; else refused."""

    def returned_creature_target(self, game: Game, item: StackItem) -> AttackTarget | None:
        """What the creature returned to pay the cost was attacking (if it still can be)."""

    def attack_triggers(self, game: Game, attackers: list[Perm], declared: bool, events: list[Event]) -> None:
        """508.3a: "whenever ... attacks" triggers of the creatures that qualify."""

    def left_battlefield(self, game: Game, card_id: str) -> None:
        """506.4: a permanent that leaves the battlefield leaves combat."""

    def combat_damage_amount(self, game: Game, perm: Perm) -> int:
        """510.1a: the combat damage a creature assigns."""

    def deal_damage(
        self, game: Game, source: Perm, recipient: str, amount: int, detail: str, events: list[Event]
    ) -> None:
        """120.3: damage dealt to a player, planeswalker, battle or creature."""


class Payment(Protocol):
    """Paying mana costs (601.2g-h, 602.2b): mana."""

    def plan_mana_payment(self, game: Game, player: PlayerIndex, cost: tuple[str, ...]) -> OptionPlan | None:
        """How ``player`` would pay ``cost`` now; ``None`` if they cannot."""

    def require_mana_plan(self, game: Game, player: PlayerIndex, cost: tuple[str, ...]) -> OptionPlan:
        """The plan that pays ``cost``; the action is refused without one."""

    def pay_mana(self, game: Game, player: PlayerIndex, plan: OptionPlan, events: list[Event]) -> None:
        """Activate the planned mana abilities, then pay from the pool."""


class ManaAbilities(Protocol):
    """The {T}/{Q} and mana abilities of permanents (605): mana (searching activates them)."""

    def permanent_abilities(self, game: Game, card_id: str) -> list[tuple[str, Activated]]:
        """The activated abilities of a permanent, by protocol name."""

    def can_pay_symbol(self, game: Game, perm: Perm, symbol: str) -> bool:
        """107.5/107.6: whether the permanent can pay {T} or {Q} now."""

    def can_pay_tap_cost(self, game: Game, perm: Perm) -> bool:
        """107.5/302.6: whether the permanent can pay {T} now."""

    def choices_of(self, game: Game, perm: Perm, ability: Activated) -> list[str | None]:
        """The types of mana an activation may be told to add (``[None]``: no choice)."""

    def activate_mana(
        self, game: Game, perm: Perm, ability: Activated, produce: str | None, events: list[Event]
    ) -> None:
        """605.3b: pay the cost; the mana ability resolves at once."""

    def find_ability(self, game: Game, perm: Perm, action: Action) -> Activated:
        """The mana ability ``action`` names; refused if there is none."""

    def controlled_source(self, game: Game, action: Action) -> Perm:
        """The permanent whose ability ``action`` activates; refused unless its player controls it."""

    def mana_ability_allowed(self, game: Game, player: PlayerIndex) -> bool:
        """605.3a: whether ``player`` may activate a mana ability now."""


class Spells(Protocol):
    """Casting spells and what happens as they leave the stack (601, 608): casting."""

    def spell_effect(self, game: Game, card_id: str) -> SpellCardEffect | None:
        """What the card does as a spell, if the engine can read it."""

    def target_choices(self, game: Game, player: PlayerIndex, effect: SpellCardEffect) -> list[tuple[str, ...]]:
        """601.2c: the legal choices of targets."""

    def castable_cards(self, game: Game, player: PlayerIndex) -> list[str]:
        """Cards ``player`` might cast from some zone."""

    def can_cast_from(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """601.2a/601.3: whether ``player`` may cast the card from where it is."""

    def may_cast_now(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        """117.1a/307.1: whether the timing lets ``player`` cast the card now."""

    def sorcery_timing(self, game: Game, player: PlayerIndex) -> bool:
        """307.1: a main phase of the player's turn with an empty stack."""

    def put_spell_on_stack(
        self, game: Game, player: PlayerIndex, card_id: str, choices: tuple[tuple[str, str], ...], events: list[Event]
    ) -> Zone | None:
        """601.2a: the card moves to the stack; returns the zone it came from."""

    def spell_became_cast(
        self,
        game: Game,
        player: PlayerIndex,
        card_id: str,
        from_zone: Zone | None,
        events: list[Event],
        extra: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """601.2i: the spell becomes cast ("when you cast" triggers, 603.2)."""

    def finish_item(self, game: Game, item: StackItem, events: list[Event]) -> None:
        """The final part of a resolution: a spell card goes to its graveyard (608.2n) or elsewhere."""


class SearchState(Protocol):
    """The search in progress (701.23) and shuffling (701.24): search."""

    def current_search(self, game: Game) -> Search | None:
        """The pending search or look, if any."""

    def refresh_search(self, game: Game) -> None:
        """After the searched library changed during the search: what the search sees now."""

    def finish_search(self, game: Game, events: list[Event]) -> None:
        """The search is over: found cards put away, the library shuffled, the resolution ends."""

    def shuffle_library(self, game: Game, owner: PlayerIndex, events: list[Event], count: int | None = None) -> None:
        """701.24a: randomize the library (its top ``count`` cards)."""


class CardLines(Protocol):
    """Which of its card lines a permanent has now (716.2d: a Class only its reached levels'):
    Classes."""

    def active_lines(self, game: Game, perm: Perm) -> list[CardLine]:
        """The card lines ``perm`` has now."""


@dataclass(frozen=True)
class Services:
    """One provider of every service, and the dispatch table (hooks and look-ups)."""

    turn: Turn
    zones: Zones
    combat_steps: CombatSteps
    combat: CombatQueries
    payment: Payment
    mana_abilities: ManaAbilities
    spells: Spells
    search: SearchState
    card_lines: CardLines
    table: Table


class Component(Protocol):
    """A rule component as the engine builds it: named, implementing some ``mechanics``, taking
    the services it uses, and registering what it handles in the dispatch table."""

    @property
    def name(self) -> str:
        """The component's name: the prefix of its decisions ("ninjutsu.window_open")."""

    @property
    def mechanics(self) -> frozenset[str]:
        """The requirements it implements (the engine supports their union)."""

    def connect(self, services: Services) -> None:
        """Take the services this component uses (called once all components exist)."""

    def register(self, table: Table) -> None:
        """Register actions, offers, pending choices, resolvers and hook contributions."""
