"""Moves around a library search, for every engine: start the scenario's search, choose cards,
read the search in progress.

A search scenario (see :mod:`generators.search_setup`) names its search in its params
(:class:`~generators.search_setup.SearchParams`, the ``search`` of
:class:`~generators.search.SearchStateParams` or :class:`~generators.combat.NinjutsuParams`):
its ``searcher``, ``source`` (card id), ``start`` ("cast": cast the spell from hand, "activate":
activate the permanent's "search" ability, "pending": the state already holds the search in
progress) and ``targets``. :func:`begin_search` brings the game to the moment the
search waits for the searcher's choice, acting only through the Probe.
"""

from __future__ import annotations

from generators.combat import NinjutsuParams
from generators.search import SearchStateParams
from generators.search_setup import SearchParams
from harness.protocol.keywords import KeywordVariant
from harness.protocol.model import Action, ActionKind, Event, GameState, Search
from harness.protocol.probe import Probe, Scenario, Violation, expect
from rulings.invariants.driving import pass_until


def pending_search(state: GameState) -> Search | None:
    """The search (or look) in progress, if the game waits for one."""
    pending = state.pending
    return pending.search if pending is not None and pending.kind == "search" else None


#: A scenario that holds a search: outside combat, or a combat state drawn with a search.
SearchScenario = Scenario[SearchStateParams] | Scenario[NinjutsuParams]


def search_of(scenario: SearchScenario) -> SearchParams:
    """The scenario's search (a combat state drawn without ``CombatSpec.search`` has none)."""
    search = scenario.params.search
    if search is None:
        raise ValueError("the scenario holds no search: draw it with CombatSpec(search=...)")
    return search


def start_action(search: SearchParams) -> Action:
    """The move that starts ``search``: cast its spell, or activate its land's "search" ability."""
    if search.start == "activate":
        return Action(ActionKind.ACTIVATE, search.searcher, source=search.source, ability="search")
    return Action(ActionKind.CAST, search.searcher, source=search.source, targets=search.targets)


def begin_search(probe: Probe, scenario: SearchScenario) -> list[Event]:
    """Cast or activate the scenario's search source and pass priority until its search (or
    look) waits for the searcher's choice; nothing to do if it already waits."""
    state = probe.state()
    if pending_search(state) is not None:
        return []
    search = search_of(scenario)
    searcher, source = search.searcher, search.source
    if search.start == "pending":
        raise Violation("the search in progress of the loaded state is not pending", expected="a pending search",
                        observed=f"pending {state.pending}; priority {state.priority}")
    action = start_action(search)
    events = probe.require(action, f"{'activating' if action.kind is ActionKind.ACTIVATE else 'casting'} "
                                   f"{source} ({search.kind}) with priority and the mana to pay")

    def started(s: GameState, _: list[Event]) -> bool:
        return pending_search(s) is not None or not any(item.source == source for item in s.stack)

    events += pass_until(probe, started, "the search")
    after = probe.state()
    waiting = pending_search(after)
    expect(waiting is not None and waiting.searcher == searcher,
           "the search did not wait for its searcher's choice while its source resolved",
           expected=f"a pending search by player {searcher}",
           observed=f"pending {after.pending}; stack {[i.source for i in after.stack]}")
    return events


def ready(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> list[Event]:
    """Before a ninjutsu-family activation: a variant activated during a search (library
    ninjutsu) needs the scenario's search in progress; the others need nothing."""
    if not variant.during_search:
        return []
    return begin_search(probe, scenario)


def choose(searcher: int, *cards: str) -> Action:
    return Action(ActionKind.CHOOSE_CARDS, searcher, cards=tuple(cards))


def library_of(state: GameState, search: Search) -> tuple[str, ...]:
    return state.player(search.library).library
