"""Moves around a library search, for every engine: start the scenario's search, choose cards,
read the search in progress.

A search scenario (see :mod:`generators.search_setup`) names its search in its params
(:class:`~generators.search_setup.SearchParams`, the ``search`` of
:class:`~generators.search.SearchStateParams` or :class:`~generators.ninjutsu.NinjutsuParams`):
its ``searcher``, ``source`` (card id), ``start`` ("cast": cast the spell from hand, "activate":
activate the permanent's "search" ability, "pending": the state already holds the search in
progress) and ``targets``. :func:`begin_search` brings the game to the moment the
search waits for the searcher's choice, acting only through the Probe.
"""

from __future__ import annotations

from generators.ninjutsu import NinjutsuParams
from generators.search import SearchStateParams
from generators.search_setup import SearchParams
from protocol.decisions import SearchDecision
from protocol.keywords import KeywordVariant
from protocol.model import Action, ActionKind, Event, EventKind, GameState, Search, Step
from protocol.probe import Probe, Scenario, Violation, expect
from rulings.invariants.by_play import reach_by_play
from rulings.invariants.driving import pass_until


def pending_search(state: GameState) -> Search | None:
    """The search (or look) in progress, if the game waits for one."""
    pending = state.pending
    return pending.search if isinstance(pending, SearchDecision) else None


#: A scenario that holds a search: outside combat, or a combat state drawn with a search.
SearchScenario = Scenario[SearchStateParams] | Scenario[NinjutsuParams]


def search_of(scenario: SearchScenario) -> SearchParams:
    """The scenario's search (a combat state drawn without ``NinjutsuSpec.search`` has none)."""
    search = scenario.params.search
    if search is None:
        raise ValueError("the scenario holds no search: draw it with NinjutsuSpec(search=...)")
    return search


def start_action(search: SearchParams) -> Action:
    """The move that starts ``search``: cast its spell, or activate its land's "search" ability."""
    if search.start == "activate":
        return Action(ActionKind.ACTIVATE, search.searcher, source=search.source, ability="search")
    return Action(ActionKind.CAST, search.searcher, source=search.source, targets=search.targets)


def findable(state: GameState, search: SearchParams) -> bool:
    """Whether the searched library holds a card the search may find (its type words, among
    the cards the searcher may see)."""
    library = state.player(search.library).library
    if search.visible is not None:
        library = library[: search.visible]
    if search.card_filter is None:
        return bool(library)
    words = search.card_filter.lower().split()

    def matches(card: str) -> bool:
        data = state.data_of(card)
        return all(w in {t.lower() for t in data.supertypes + data.types} for w in words)

    return any(matches(c) for c in library)


def begin_search(probe: Probe, scenario: SearchScenario, *, needs_window: bool = False) -> list[Event]:
    """Cast or activate the scenario's search source and pass priority until its search (or
    look) waits for the searcher's choice; nothing to do if it already waits. When nothing can
    be found an engine may resolve the search without asking (CR 701.23): the example is then
    set aside, once the search event shows the library was searched, unless ``needs_window``
    (library ninjutsu is activated *while* searching: the search must wait for it)."""
    arrive(probe, scenario)
    state = probe.state()
    if pending_search(state) is not None:
        return []
    search = search_of(scenario)
    searcher, source = search.searcher, search.source
    if search.start == "pending":
        raise Violation(
            "the search in progress of the loaded state is not pending",
            expected="a pending search",
            observed=f"pending {state.pending}; priority {state.priority}",
        )
    action = start_action(search)
    events = probe.require(
        action,
        f"{'activating' if action.kind is ActionKind.ACTIVATE else 'casting'} "
        f"{source} ({search.kind}) with priority and the mana to pay",
    )

    def started(s: GameState, _: list[Event]) -> bool:
        return pending_search(s) is not None or not any(item.source == source for item in s.stack)

    events += pass_until(probe, started, "the search")
    after = probe.state()
    waiting = pending_search(after)
    if waiting is None and not needs_window and not findable(state, search):
        # 701.23: searching is looking through the library and finding what matches, if any;
        # nothing asks the engine to show a choice when nothing can be found. The search must
        # still have happened (its event); a claim about the choice can't be tested here.
        searched = any(e.kind is EventKind.SEARCH and e.player == searcher for e in events)
        expect(
            searched or (after.player(searcher).searched_library and not state.player(searcher).searched_library),
            "the search source resolved without searching the library",
            expected=f"a search by player {searcher} (its event, or the player marked as having searched a "
            "library; nothing could be found, so no choice is needed)",
            observed="; ".join(map(str, events)) or "no events",
        )
        probe.precondition(False, "nothing could be found: the engine resolved the search without a choice")
    expect(
        waiting is not None and waiting.searcher == searcher,
        "the search did not wait for its searcher's choice while its source resolved",
        expected=f"a pending search by player {searcher}",
        observed=f"pending {after.pending}; stack {[i.source for i in after.stack]}",
    )
    return events


def arrive(probe: Probe, scenario: Scenario) -> None:
    """A combat scenario loaded before the step it is about (``by_play``): pass priority until
    the engine stops in that step with the active player holding priority (a Violation if it
    never does). Only before the check's first move: later it is where the check took it."""
    params = scenario.params
    if getattr(params, "by_play", False) and not probe.trace:
        reach_by_play(probe, Step(params.step), params.player)


def ready(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> list[Event]:
    """Before a ninjutsu-family activation: the scenario's step reached by play when it is
    loaded before it (:func:`arrive`); a variant activated during a search (library ninjutsu)
    needs the scenario's search in progress."""
    if not variant.during_search:
        arrive(probe, scenario)
        return []
    return begin_search(probe, scenario, needs_window=True)


def choose(searcher: int, *cards: str) -> Action:
    return Action(ActionKind.CHOOSE_CARDS, searcher, cards=tuple(cards))


def library_of(state: GameState, search: Search) -> tuple[str, ...]:
    return state.player(search.library).library


def expect_waits_after_search(probe: Probe, ninja: str) -> GameState:
    """A library ninjutsu ability activated during a search still waits on the stack once the
    search is over ("once the search effect finishes resolving, the active player gets priority
    with the library ninjutsu ability on the stack"): the search is ended finding as little as
    it may, then the ability must be on the stack and the Ninja not yet on the battlefield. An
    engine that resolves abilities at once (no stack) puts the Ninja in as the search ends."""
    pass_until(probe, lambda s, _: pending_search(s) is None, "the end of the search")
    after = probe.state()
    waiting = [i for i in after.stack if i.source == ninja and i.kind == "activated"]
    expect(
        bool(waiting) and after.permanent(ninja) is None,
        "the library ninjutsu ability did not wait on the stack once the search was over",
        expected=f"an ability of {ninja} on the stack, {ninja} not yet on the battlefield",
        observed=f"stack {[(i.source, i.ability) for i in after.stack]}; {ninja} in {after.zone_of(ninja)}",
    )
    return after
