"""ReferenceRules: the reference engine's core plus its rule components, wired by one table.

This is the one module that imports the components (nothing in the package imports it back).
``ReferenceRules(decisions=...)`` builds a fresh set of components (one per mechanic, see
:data:`COMPONENTS`), gives each the services it uses (:class:`.services.Services`: one
provider per declared interface, wired here), lets each register what it handles in the
dispatch table (:mod:`.table`), and answers the session's three questions by looking them up
there:

* ``legal_actions(game)``: the pending choice's component lists the options; with priority,
  passing plus every component's offers, in :data:`OFFER_ORDER`;
* ``apply(game, action)``: the pending choice's component, or the one handler claiming the
  action (two claiming one is an engine bug, never settled by order);
* ``resolve_item(game, item)``: the one resolver claiming the stack item.

``decisions`` replaces named decisions (``{"ninjutsu.window_open": fn}``): ``fn`` is called
as the method it replaces, with the component as its first argument, so it can ask the
component's own decisions, the services it uses (``component.turn.<method>(...)``,
``component.combat.<method>(...)`` ...) or call the reference answer
(``Component.method(component, ...)``). An unknown decision name is an error.

The rules object holds no game state (every method takes the :class:`~.game.Game`), but its
components are built per instance: a decision replaced in one engine never leaks to another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MethodType
from typing import Any

from protocol.adapter import ActionRefused
from protocol.decisions import Decision
from protocol.keyword_registry import (
    DEATHTOUCH,
    DEFENDER,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    INDESTRUCTIBLE,
    LIFELINK,
    MENACE,
    REACH,
    TRAMPLE,
    VIGILANCE,
)
from protocol.model import Action, ActionKind, Characteristics, Event, GameState, PlayerIndex, StackItem

from .casting import Casting
from .classes import Classes
from .combat import Combat
from .core import Core
from .exile import PlayFromExile
from .game import Game, Perm
from .mana import Mana
from .ninjutsu import NinjutsuFamily
from .rebound import Rebound
from .search import Searching
from .services import Component, Services
from .sneak import SneakCasting
from .table import DispatchError, Table, decisions_of

#: The components, in the order their hook contributions run (see :mod:`.hooks`).
COMPONENTS: tuple[type[Component], ...] = (
    Core,
    Combat,
    Mana,
    Casting,
    Searching,
    NinjutsuFamily,
    Rebound,
    PlayFromExile,
    Classes,
    SneakCasting,
)

#: The order a player with priority reads their options in (after passing). Kept fixed so the
#: same state always lists the same actions in the same order (generators draw from the list).
OFFER_ORDER: tuple[str, ...] = (
    "mana.mana_abilities",
    "mana.tap_abilities",
    "search.abilities",
    "ninjutsu.from_hand",
    "casting.spells",
    "mana.x_spells",
    "sneak.casts",
    "casting.lands",
    "classes.levels",
)


def decision_table() -> dict[str, tuple[type, str]]:
    """Every decision of every component: name -> (component class, method name)."""
    out: dict[str, tuple[type, str]] = {}
    for component in COMPONENTS:
        for name, attr in decisions_of(component).items():
            if name in out:
                raise DispatchError(
                    f"decision {name!r} is declared by {out[name][0].__name__} and {component.__name__}"
                )
            out[name] = (component, attr)
    return out


def implemented_mechanics() -> frozenset[str]:
    """The requirements the engine implements: the union of each component's ``mechanics``
    (a component that implements no requirement of its own declares an empty set)."""
    out: set[str] = set()
    for component in COMPONENTS:
        declared = vars(component).get("mechanics")
        if not isinstance(declared, frozenset):
            raise DispatchError(f"component {component.__name__} declares no mechanics (a frozenset)")
        out |= declared
    return frozenset(out)


#: Every decision a mutant or control may replace, by name.
DECISIONS: frozenset[str] = frozenset(decision_table())


class UnknownDecision(KeyError):
    """A replacement names a decision the reference engine does not have."""

    def __str__(self) -> str:
        return str(self.args[0])


def check_decision_names(names: Iterable[str]) -> None:
    """Raise :class:`UnknownDecision` for a name that is not in :data:`DECISIONS`."""
    unknown = sorted(set(names) - DECISIONS)
    if unknown:
        raise UnknownDecision(f"unknown decision(s) {', '.join(unknown)} of the reference engine")


class ReferenceRules:
    """Exact rules for the mechanics the reference engine claims (``SUPPORTED`` in
    :mod:`engines.reference`): the core and one component per mechanic."""

    core: Core
    combat: Combat
    mana: Mana
    casting: Casting
    search: Searching
    ninjutsu: NinjutsuFamily
    rebound: Rebound
    exile: PlayFromExile
    classes: Classes
    sneak: SneakCasting

    def __init__(self, decisions: Mapping[str, Callable[..., Any]] | None = None):
        decisions = dict(decisions or {})
        check_decision_names(decisions)
        self.components: dict[str, Component] = {}
        for component_class in COMPONENTS:
            component = component_class()
            self.components[component.name] = component
            setattr(self, component.name, component)
        self.table = Table()
        for name, component in self.components.items():
            self.table.add_decisions(name, decisions_of(type(component)))
        # Replace decisions before registering, so the table's handlers see the replacements.
        for name, fn in decisions.items():
            component_name, attr = self.table.decisions[name]
            component = self.components[component_name]
            setattr(component, attr, MethodType(fn, component))
        self.services = self.wire()
        for component in self.components.values():
            component.connect(self.services)
        for component in self.components.values():
            component.register(self.table)
        unknown = [key for key, _ in self.table.offers if key not in OFFER_ORDER]
        if unknown:
            raise DispatchError(f"offers {unknown} are not in OFFER_ORDER")
        self.table.offers.sort(key=lambda offer: OFFER_ORDER.index(offer[0]))

    def wire(self) -> Services:
        """The provider of every service: the component that implements it (mypy checks each
        against its Protocol here)."""
        return Services(
            turn=self.core,
            zones=self.core,
            combat_steps=self.combat,
            combat=self.combat,
            payment=self.mana,
            mana_abilities=self.mana,
            spells=self.casting,
            search=self.search,
            card_lines=self.classes,
            table=self.table,
        )

    def decision(self, name: str) -> Callable[..., Any]:
        """The callable answering decision ``name`` in this engine (replaced or not)."""
        check_decision_names([name])
        component_name, attr = self.table.decisions[name]
        return getattr(self.components[component_name], attr)

    # -- what the session asks ------------------------------------------------------------
    @property
    def pending_kinds(self) -> frozenset[type[Decision]]:
        """Pending decisions the engine can make (a state waiting for another cannot be loaded)."""
        return frozenset(self.table.pending)

    def legal_actions(self, game: Game) -> list[Action]:
        if game.pending is not None:
            handler = self.table.pending.get(type(game.pending))
            return handler.offers(game) if handler is not None else []
        if game.priority is None:
            return []
        player: PlayerIndex = game.priority
        actions = [Action(ActionKind.PASS_PRIORITY, player)]
        for _, offer in self.table.offers:
            actions += offer(game, player)
        return actions

    def apply(self, game: Game, action: Action) -> list[Event]:
        """Perform ``action`` and advance to the next decision; raise ActionRefused (before
        changing anything) if it is illegal."""
        actor = game.actor
        if actor is None:
            raise ActionRefused("no player has a decision to make")
        if action.player != actor:
            raise ActionRefused(f"player {action.player} cannot act: player {actor} must act")
        events: list[Event] = []
        if game.pending is not None:
            pending = self.table.pending.get(type(game.pending))
            if pending is None:
                raise ActionRefused(f"the reference engine cannot make a {game.pending.kind} choice")
            pending.apply(game, action, events)
            return events
        handler = self.table.handler_for(game, action)
        if handler is None:
            if action.kind is ActionKind.ACTIVATE:
                raise ActionRefused(f"{action.source or 'nothing'} has no {action.ability} ability")
            raise ActionRefused(f"the reference engine does not offer {action.kind} actions here")
        handler.apply(game, action, events)
        return events

    def can_resolve(self, game: Game, item: StackItem) -> bool:
        """Whether some component resolves this stack item (checked when a state is loaded)."""
        return item.source in game.objects and self.table.resolver_for(game, item) is not None

    def can_make_pending_choice(self, game: Game) -> bool:
        """Whether a loaded state's pending choice is one the engine can continue."""
        if game.pending is None:
            return True
        handler = self.table.pending.get(type(game.pending))
        return handler is not None and handler.can_continue(game)

    def resume(self, game: Game, events: list[Event]) -> None:
        self.core.resume(game, events)

    # -- what the engine shows -------------------------------------------------------------
    def with_characteristics(self, game: Game, state: GameState) -> GameState:
        """``state`` (the game's export) with every permanent's current characteristics, as the
        rules that use them compute them (a mutant's wrong answer shows in the export too)."""
        if game.shown is not None and game.shown[0] == state.battlefield:
            return state.replace(battlefield=game.shown[1])
        perms = {perm.id: perm for perm in game.battlefield}
        battlefield = tuple(
            p.replace_characteristics(self.characteristics(game, perm)) if (perm := perms.get(p.id)) is not None else p
            for p in state.battlefield
        )
        game.shown = (state.battlefield, battlefield)
        return state.replace(battlefield=battlefield)

    def characteristics(self, game: Game, perm: Perm) -> Characteristics:
        """109.3, 110.3, 613: the card's printed types and colours (105.2: those of its mana
        cost), its power and toughness with the bonuses of counters and static abilities (613.4c;
        none for a noncreature, 208.3), and its keyword abilities: each registry keyword a rule
        of this engine asks about, as that rule's own question answers it (printed, or granted by
        an effect: 613.1f), and the others as printed."""
        data = game.data(perm.id)
        creature = data.is_type("Creature")
        printed = game.abilities_of(perm.id)
        combat, core = self.combat, self.core
        asked = {
            FLYING.name: combat.has_flying,
            REACH.name: combat.has_reach,
            MENACE.name: combat.has_menace,
            FIRST_STRIKE.name: combat.has_first_strike,
            DOUBLE_STRIKE.name: combat.has_double_strike,
            TRAMPLE.name: combat.has_trample,
            DEATHTOUCH.name: combat.has_deathtouch,
            LIFELINK.name: combat.has_lifelink,
            VIGILANCE.name: combat.has_vigilance,
            DEFENDER.name: combat.has_defender,
            HASTE.name: core.has_haste,
            INDESTRUCTIBLE.name: core.is_indestructible,
        }
        keywords = {k for k in printed.keywords if k not in asked}
        keywords |= {name for name, has in asked.items() if has(game, perm)}
        power = toughness = None
        if creature:
            power = (printed.power or 0) + combat.power_bonus(game, perm)
            toughness = (printed.toughness or 0) + combat.toughness_bonus(game, perm)
        return Characteristics(
            types=data.types,
            power=power,
            toughness=toughness,
            keywords=tuple(sorted(keywords)),
            colors=data.colors,
        )
