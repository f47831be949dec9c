"""The dispatch table: how rule components register with the reference engine's core.

The core never asks "which mechanic is this?" in an if-chain. It looks the question up here:

* **actions** — ``ActionKind`` -> the handlers that *claim* an action of that kind and apply it.
  The claims of one kind's handlers must be disjoint: an action two handlers claim is an engine
  bug, reported as such, so the order the components were registered in never decides.
* **offers** — the functions that list, for a player with priority, the actions of a component.
* **pending** — a pending decision's type (``DeclareAttackers``, ``SearchDecision`` ..., see
  :mod:`protocol.decisions`) -> the one component that lists the actor's options and applies
  their answer.
* **resolvers** — a stack item's kind (``"spell"``, ``"activated"``, ``"triggered"``) -> the
  resolvers that claim an item of that kind (disjoint, like actions) and resolve it.
* **decisions** — a name such as ``"ninjutsu.window_open"`` -> the component method answering
  that one rules question (each cites its rule). A name is registered by one component only.
  Mutants and controls replace decisions by name (see :mod:`engines.reference`).
* **hooks** — the few places where several components *are meant* to contribute to one step
  (a permanent entering, a step beginning, where a spell may be cast from ...). Each hook is
  declared in :data:`HOOKS` with how its contributions are composed; only these are shared.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from protocol.decisions import Decision
from protocol.model import Action, ActionKind, Event, PlayerIndex, StackItem

from .game import Game

F = TypeVar("F", bound=Callable[..., Any])
LineT = TypeVar("LineT")

#: Every hook a component may contribute to, with how the contributions are composed.
HOOKS: dict[str, str] = {
    "permanent.entering": "each, in component order: set the status a permanent enters with",
    "permanent.entered": "each, in component order: what happens once a permanent has entered",
    "permanent.left": "each, in component order: a permanent has left the battlefield (its last status)",
    "library.left": "each: a card has left a library (a search in progress refreshes what it sees)",
    "step.begins": "each, in component order: delayed triggers, effects that end (after turn-based actions)",
    "combat.block_restriction": "all must hold: a declaration of blockers is allowed (509.1c)",
    "combat.power_bonus": "summed: what adds to a creature's power (613.4c)",
    "combat.toughness_bonus": "summed: what adds to a creature's toughness (613.4c)",
    "combat.damage_to_player": "each: a creature dealt combat damage to a player (510.3a)",
    "casting.cast_from": "any: a card may be cast from where it is, beyond its owner's hand (601.3)",
    "casting.extra_castable": "concatenated: cards outside the caster's own zones they may cast",
    "casting.timing": "the first answer that is not None: a card's timing replaced (601.3)",
    "casting.cost": "the first answer that is not None: a card's cost replaced (118.9)",
    "casting.land_from": "any: a land may be played from where it is, beyond the hand (305.1)",
    "casting.land_candidates": "concatenated: land cards outside the hand a player might play",
    "casting.played": "each: a card was cast or played (what no longer covers it lets go, 400.7)",
    "spell.destination": "the first answer that is not None: where a spell leaving the stack goes instead",
    "spell.left_stack": "each: a spell has left the stack for a zone (resolved or not)",
    "search.offers": "concatenated: what a searcher may do besides choosing cards",
    "search.costs_to_pay": "any: the searcher has a cost they might pay now (605.3a)",
}


#: Action kinds several components handle on purpose, each claiming its own actions (claims are
#: disjoint: checked for every action applied). Any other kind belongs to one component.
SHARED_ACTION_KINDS: dict[ActionKind, str] = {
    ActionKind.ACTIVATE: "by ability name: a permanent's {T}/{Q} and mana abilities (mana), Class levels "
    "(classes), search and mill-mana abilities (search), the ninjutsu family (ninjutsu)",
    ActionKind.CAST: "spells with {X} in their cost that become permanents (mana), every other spell (casting)",
}

#: Stack-item kinds several components resolve, each claiming its own items by ability name or
#: by what the spell does (disjoint: checked for every item resolved).
SHARED_STACK_KINDS: dict[str, str] = {
    "spell": "searches and looks (search), {X} permanent spells (mana), other spells (casting)",
    "activated": "by ability name: ninjutsu, library ninjutsu, level:N, search, ability:N",
    "triggered": "by ability name: each component's own triggers",
}


def decision(name: str) -> Callable[[F], F]:
    """Mark a component method as the named decision ``name`` (``"component.question"``)."""

    def mark(fn: F) -> F:
        fn.__decision__ = name  # type: ignore[attr-defined]
        return fn

    return mark


def decisions_of(component_class: type) -> dict[str, str]:
    """The decisions a component class declares: decision name -> method name."""
    return dict(_declared(component_class))


@lru_cache(maxsize=256)
def _declared(component_class: type) -> tuple[tuple[str, str], ...]:
    """:func:`decisions_of`, read once per class (an engine is built for every session)."""
    found: list[tuple[str, str]] = []
    for attr, value in vars(component_class).items():
        name = getattr(value, "__decision__", None)
        if name is not None:
            found.append((name, attr))
    return tuple(found)


class DispatchError(Exception):
    """A component registration that would make behaviour depend on registration order."""


@dataclass(frozen=True)
class ActionHandler:
    component: str
    kind: ActionKind
    claims: Callable[[Game, Action], bool]
    apply: Callable[[Game, Action, list[Event]], None]


@dataclass(frozen=True)
class PendingHandler:
    component: str
    kind: type[Decision]
    offers: Callable[[Game], list[Action]]
    apply: Callable[[Game, Action, list[Event]], None]
    can_continue: Callable[[Game], bool]


@dataclass(frozen=True)
class Resolver:
    component: str
    kind: str
    claims: Callable[[Game, StackItem], bool]
    resolve: Callable[[Game, StackItem, list[Event]], bool]


@dataclass
class Table:
    """The engine's dispatch table (see the module docstring)."""

    offers: list[tuple[str, Callable[[Game, PlayerIndex], list[Action]]]] = field(default_factory=list)
    actions: dict[ActionKind, list[ActionHandler]] = field(default_factory=dict)
    pending: dict[type[Decision], PendingHandler] = field(default_factory=dict)
    resolvers: dict[str, list[Resolver]] = field(default_factory=dict)
    decisions: dict[str, tuple[str, str]] = field(default_factory=dict)
    hooks: dict[str, list[tuple[str, Callable[..., Any]]]] = field(default_factory=dict)
    #: What a searcher may activate during a search besides mana abilities (claims disjoint).
    searching: list[ActionHandler] = field(default_factory=list)
    #: Alternative costs of spells ("sneak") -> the component casting with it.
    alternative_costs: dict[str, tuple[str, Callable[[Game, Action, list[Event]], None]]] = field(default_factory=dict)

    # -- registering ----------------------------------------------------------------------
    def offer(self, component: str, fn: Callable[[Game, PlayerIndex], list[Action]]) -> None:
        self.offers.append((component, fn))

    def action(
        self,
        component: str,
        kind: ActionKind,
        claims: Callable[[Game, Action], bool],
        apply: Callable[[Game, Action, list[Event]], None],
    ) -> None:
        others = {h.component for h in self.actions.get(kind, ())} - {component}
        if others and kind not in SHARED_ACTION_KINDS:
            raise DispatchError(
                f"{kind} actions are registered by {', '.join(sorted(others))} and {component} "
                "but are not declared shared"
            )
        self.actions.setdefault(kind, []).append(ActionHandler(component, kind, claims, apply))

    def pending_choice(
        self,
        component: str,
        kind: type[Decision],
        offers: Callable[[Game], list[Action]],
        apply: Callable[[Game, Action, list[Event]], None],
        can_continue: Callable[[Game], bool] = lambda game: True,
    ) -> None:
        if kind in self.pending:
            raise DispatchError(
                f"pending choice {kind.kind!r} is registered by {self.pending[kind].component} and {component}"
            )
        self.pending[kind] = PendingHandler(component, kind, offers, apply, can_continue)

    def resolver(
        self,
        component: str,
        kind: str,
        claims: Callable[[Game, StackItem], bool],
        resolve: Callable[[Game, StackItem, list[Event]], bool],
    ) -> None:
        others = {r.component for r in self.resolvers.get(kind, ())} - {component}
        if others and kind not in SHARED_STACK_KINDS:
            raise DispatchError(
                f"{kind} stack items are resolved by {', '.join(sorted(others))} and {component} "
                "but are not declared shared"
            )
        self.resolvers.setdefault(kind, []).append(Resolver(component, kind, claims, resolve))

    def line_resolver(
        self,
        component: str,
        line_type: type[LineT],
        resolve: Callable[[Game, StackItem, LineT, list[Event]], bool],
    ) -> None:
        """A resolver of the triggered abilities a card line of ``line_type`` gives: it claims the
        items :func:`triggered_line` finds a line for and resolves them with that line, so the
        components with "when ..." card lines share one claim and one lookup."""

        def resolve_with_line(game: Game, item: StackItem, events: list[Event]) -> bool:
            line = triggered_line(game, item, line_type)
            assert line is not None, "claimed: the item's line was found"
            return resolve(game, item, line, events)

        self.resolver(
            component,
            "triggered",
            lambda game, item: triggered_line(game, item, line_type) is not None,
            resolve_with_line,
        )

    def search_action(
        self, component: str, claims: Callable[[Game, Action], bool], apply: Callable[[Game, Action, list[Event]], None]
    ) -> None:
        self.searching.append(ActionHandler(component, ActionKind.ACTIVATE, claims, apply))

    def hook(self, name: str, component: str, fn: Callable[..., Any]) -> None:
        if name not in HOOKS:
            raise DispatchError(f"unknown hook {name!r} (declared hooks: {', '.join(sorted(HOOKS))})")
        self.hooks.setdefault(name, []).append((component, fn))

    def alternative_cost(self, name: str, component: str, fn: Callable[[Game, Action, list[Event]], None]) -> None:
        if name in self.alternative_costs:
            raise DispatchError(f"alternative cost {name!r} is registered twice")
        self.alternative_costs[name] = (component, fn)

    def add_decisions(self, component: str, names: dict[str, str]) -> None:
        for name, attr in names.items():
            if not name.startswith(component + "."):
                raise DispatchError(f"decision {name!r} of component {component!r} must start with {component}.")
            if name in self.decisions:
                raise DispatchError(f"decision {name!r} is registered by {self.decisions[name][0]} and {component}")
            self.decisions[name] = (component, attr)

    # -- looking up -----------------------------------------------------------------------
    def handler_for(
        self, game: Game, action: Action, handlers: list[ActionHandler] | None = None
    ) -> ActionHandler | None:
        """The one handler claiming ``action`` (among ``handlers``, by default those of its kind);
        two claiming it is a bug of the engine."""
        if handlers is None:
            handlers = self.actions.get(action.kind, [])
        claiming = [h for h in handlers if h.claims(game, action)]
        if len(claiming) > 1:
            raise DispatchError(f"{action} is claimed by {', '.join(h.component for h in claiming)}")
        return claiming[0] if claiming else None

    def resolver_for(self, game: Game, item: StackItem) -> Resolver | None:
        """The one resolver claiming ``item``; two claiming it is a bug of the engine."""
        claiming = [r for r in self.resolvers.get(item.kind, ()) if r.claims(game, item)]
        if len(claiming) > 1:
            raise DispatchError(f"stack item {item} is claimed by {', '.join(r.component for r in claiming)}")
        return claiming[0] if claiming else None

    def each(self, name: str) -> Iterable[Callable[..., Any]]:
        """The contributions to hook ``name``, in component order."""
        return [fn for _, fn in self.hooks.get(name, ())]

    def first(self, name: str, *args: Any) -> Any:
        """The first contribution to hook ``name`` that answers something other than None."""
        for fn in self.each(name):
            answer = fn(*args)
            if answer is not None:
                return answer
        return None


def triggered_line(game: Game, item: StackItem, line_type: type[LineT]) -> LineT | None:
    """The card line of ``line_type`` of ``item``'s source whose ability ``item`` is (matched by
    its ability name), or None."""
    return next(
        (
            line
            for line in game.abilities_of(item.source).card_lines
            if isinstance(line, line_type) and getattr(line, "ability", None) == item.ability
        ),
        None,
    )
