"""Hypothesis strategies for library-search states.

Two shapes:

- :func:`search_scenarios`: a state where a player is about to search (or is searching) a library
  outside combat: every kind of source (a sorcery in its caster's main phase, an instant or a
  fetch land's ability at any time its controller has priority, Bribery on the opponent's library,
  a look that is not a search), libraries of drawn size and order (lands, creatures, other cards),
  a sought card below the Nth when asked, a restriction to the top N cards (Aven Mindcensor's, or
  a ruling's own card's) absent or controlled by either player, Millikin, and the search either still to be started or already pending;
- :func:`combat_search_scenarios`: the same inside a combat with unblocked attackers and Ninjas with
  library ninjutsu in the searcher's library (built by :func:`generators.ninjutsu.ninjutsu_scenarios`).

Every list starts short and every option defaults to its simplest value, so examples shrink toward
short libraries, no restriction and few permanents.

Params: :class:`SearchStateParams` (outside combat) or
:class:`~generators.ninjutsu.NinjutsuParams` (in combat), each holding the
:class:`~generators.search_setup.SearchParams` of the search.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from hypothesis import strategies as st

from generators import cards
from generators.combat import COMBAT_MECHANICS
from generators.features import COLOR_DIM, TURN_DIM, among, joint, record
from generators.ninjutsu import NinjutsuParams, NinjutsuSpec, ninjutsu_scenarios
from generators.records import params_record
from generators.scenery import draw_scenery
from generators.search_cards import BRIBERY, SORCERY
from generators.search_features import features_for
from generators.search_setup import SearchParams, SearchSetup, add_search_source, draw_kind
from protocol.builder import StateBuilder
from protocol.model import PlayerIndex, Step, Zone
from protocol.probe import Scenario

#: Steps outside combat in which a player may have priority.
PRIORITY_STEPS = (Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END)
MAIN_STEPS = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
#: The steps of an instant-speed search, all but the main phases (sorceries have those) weighted up so every
#: phase is drawn in its share of the states (500.1: a search at instant speed may be in any).
STEP_DIM = among(PRIORITY_STEPS, (2, 2, 1, 6, 1, 6))
#: A player's bystander creature: none half the time, else its power and toughness (1-3 each).
BYSTANDER = ((None, 9), *(((p, t), 1) for p in range(1, 4) for t in range(1, 4)))


@params_record("search-state")
@dataclass(frozen=True)
class SearchStateParams:
    """A search state outside combat: the searcher (``player``, who has priority when the search
    is still to start), the step, and the search."""

    player: PlayerIndex
    step: str
    search: SearchParams


@st.composite
def search_scenarios(draw: st.DrawFn, setup: SearchSetup) -> Scenario[SearchStateParams]:
    """A state outside combat where ``params.search.searcher`` is about to search or is searching."""
    kind = draw_kind(draw, setup.kinds)
    own_turn = kind in (SORCERY, BRIBERY)  # 307.1: own main phase, empty stack
    # Who searches and whose turn, the step and the turn; then a few bystanders and the other
    # library: two choices.
    searcher, other_active, step, turn = joint(
        draw,
        among((0, 1)),
        among((False,)) if own_turn else among((False, True)),
        among(MAIN_STEPS) if own_turn else STEP_DIM,
        TURN_DIM,
    )
    bystander_0, bystander_1, others, c1, c2 = joint(draw, BYSTANDER, BYSTANDER, among(range(3)), COLOR_DIM, COLOR_DIM)
    active = 1 - searcher if other_active else searcher
    b = StateBuilder()
    for player, bystander in ((0, bystander_0), (1, bystander_1)):
        if bystander is not None:
            b.permanent(cards.creature(*bystander), player)
    source = add_search_source(draw, b, searcher, replace(setup, kinds=(kind,)))
    for player in (0, 1):  # the other library (and more of the searched one, below the drawn cards)
        if player != source.params.library:
            for colour in (c1, c2)[:others]:
                b.put(cards.basic_land(colour), player, Zone.LIBRARY)
    # Permanents of other card types, tapped, owned by the other player ... (generators.scenery);
    # tokens among them where the engine supports tokens (generators.scenery.tokens_optional).
    draw_scenery(draw, b)
    state = b.build(
        turn=turn,
        active_player=active,
        step=step,
        priority=searcher,
        priority_passes=0 if searcher == active else 1,
    )
    state = source.finalize(state)
    scenario = Scenario(state, SearchStateParams(player=searcher, step=str(step), search=source.params))
    return record(scenario, features_for(setup.restricted_to))


def combat_search_scenarios(
    spec: NinjutsuSpec, allowed: Collection[str] = COMBAT_MECHANICS
) -> st.SearchStrategy[Scenario[NinjutsuParams]]:
    """A combat state (``spec``, whose ``search`` says which search) with the searcher as the
    active player, holding only the optional combat mechanics ``allowed``."""
    return ninjutsu_scenarios(spec, allowed)
