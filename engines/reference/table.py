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
  declared once in :mod:`.hooks`, with its signature and how its contributions compose
  (:mod:`.hookspec`); a contribution to an undeclared hook, or one that cannot take the hook's
  arguments, is refused as it is registered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ParamSpec, TypeVar

from protocol.decisions import Decision
from protocol.model import Action, ActionKind, Event, PlayerIndex, StackItem

from .game import Game
from .hooks import HOOKS
from .hookspec import Contribution, Hook, accepts

F = TypeVar("F", bound=Callable[..., Any])
LineT = TypeVar("LineT")
P = ParamSpec("P")
R = TypeVar("R")
Out = TypeVar("Out")

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
    #: Declared hook -> its contributions, in registration (component) order.
    hooks: dict[Hook[Any, Any, Any], list[Contribution]] = field(default_factory=dict)
    #: Declared hook -> the contributing functions (what :meth:`call` composes).
    _contributed: dict[Hook[Any, Any, Any], list[Callable[..., Any]]] = field(
        default_factory=dict, init=False, repr=False
    )
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

    def hook(self, contribution: Contribution) -> None:
        """Register a contribution (``hooks.<hook>.by(component, fn)``, type-checked there);
        refused if its hook is not declared in :mod:`.hooks` or ``fn`` cannot take its arguments."""
        hook = contribution.hook
        if HOOKS.get(hook.name) is not hook:
            raise DispatchError(
                f"{contribution.component} contributes to the undeclared hook {hook.name!r} "
                f"(declared hooks: {', '.join(sorted(HOOKS))})"
            )
        if not accepts(contribution.fn, hook.arity):
            raise DispatchError(
                f"{contribution.component}'s contribution {contribution.fn!r} to {hook.name} cannot take "
                f"its {hook.arity} arguments"
            )
        self.hooks.setdefault(hook, []).append(contribution)
        self._contributed.setdefault(hook, []).append(contribution.fn)

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

    def call(self, hook: Hook[P, R, Out], *args: P.args, **kwargs: P.kwargs) -> Out:
        """The composed answer of ``hook``'s contributions (see :mod:`.hookspec`)."""
        return hook.compose(self._contributed.get(hook, ()), *args, **kwargs)


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
