"""Moves around a library search, for every engine: start the scenario's search, choose cards,
read the search in progress.

A search scenario (see :mod:`generators.search_setup`) names its source in its params:
``searcher``, ``search_source`` (card id), ``search_start`` ("cast": cast the spell from hand,
"activate": activate the permanent's "search" ability, "pending": the state already holds the
search in progress) and ``search_targets``. :func:`begin_search` brings the game to the moment the
search waits for the searcher's choice, acting only through the Probe.
"""

from __future__ import annotations

from harness.protocol.model import Action, ActionKind, Event, GameState, Search
from harness.protocol.probe import Probe, Scenario, Violation, expect
from rulings.invariants.driving import pass_until
from harness.protocol.keywords import KeywordVariant


def pending_search(state: GameState) -> Search | None:
    """The search (or look) in progress, if the game waits for one."""
    pending = state.pending
    return pending.search if pending is not None and pending.kind == "search" else None


def start_action(scenario: Scenario) -> Action:
    searcher, source = scenario["searcher"], scenario["search_source"]
    if scenario["search_start"] == "activate":
        return Action(ActionKind.ACTIVATE, searcher, source=source, ability="search")
    return Action(ActionKind.CAST, searcher, source=source, targets=tuple(scenario["search_targets"]))


def begin_search(probe: Probe, scenario: Scenario) -> list[Event]:
    """Cast or activate the scenario's search source and pass priority until its search (or
    look) waits for the searcher's choice; nothing to do if it already waits."""
    state = probe.state()
    if pending_search(state) is not None:
        return []
    searcher, source = scenario["searcher"], scenario["search_source"]
    if scenario["search_start"] == "pending":
        raise Violation("the search in progress of the loaded state is not pending", expected="a pending search",
                        observed=f"pending {state.pending}; priority {state.priority}")
    action = start_action(scenario)
    events = probe.require(action, f"{'activating' if action.kind is ActionKind.ACTIVATE else 'casting'} "
                                   f"{source} ({scenario['search_kind']}) with priority and the mana to pay")

    def started(s: GameState, _: list[Event]) -> bool:
        return pending_search(s) is not None or not any(item.source == source for item in s.stack)

    events += pass_until(probe, started, "the search")
    after = probe.state()
    search = pending_search(after)
    expect(search is not None and search.searcher == searcher,
           "the search did not wait for its searcher's choice while its source resolved",
           expected=f"a pending search by player {searcher}",
           observed=f"pending {after.pending}; stack {[i.source for i in after.stack]}")
    return events


def ready(variant: KeywordVariant, probe: Probe, scenario: Scenario) -> list[Event]:
    """Before a ninjutsu-family activation: a variant activated during a search (library
    ninjutsu) needs the scenario's search in progress; the others need nothing."""
    if not variant.during_search:
        return []
    return begin_search(probe, scenario)


def choose(searcher: int, *cards: str) -> Action:
    return Action(ActionKind.CHOOSE_CARDS, searcher, cards=tuple(cards))


def library_of(state: GameState, search: Search) -> tuple[str, ...]:
    return state.player(search.library).library
