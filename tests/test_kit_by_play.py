"""Building by play (engines.kit.by_play): the route from a loadable state, played on the session of
a toy engine that loads only priority prompts with an empty stack, and the errors when it goes
elsewhere."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.kit.by_play import DEFAULT_GAPS, Goal, Move, RouteGaps, Stage, play, route, step_before
from engines.kit.ids import IdMap
from protocol.adapter import Gap, StateUnsupported
from protocol.builder import StateBuilder
from protocol.decisions import DeclareAttackers, Search, SearchDecision
from protocol.model import CardData, GameState, StackItem, Step, Zone, pass_priority
from tests import kit_toy

BOLT = CardData("Shock", ("Instant",), "{R}", text="Shock deals 2 damage to any target.")
TUTOR = CardData("Tutor", ("Sorcery",), "{B}", text="Search your library for a card.")
LAND = CardData("Swamp", ("Land",), supertypes=("Basic",), subtypes=("Swamp",))


def base(**changes: object) -> tuple[GameState, dict[str, str]]:
    b = StateBuilder()
    cards = {
        "bolt": b.put(BOLT, 0, Zone.HAND),
        "answer": b.put(BOLT, 1, Zone.HAND),
        "tutor": b.put(TUTOR, 0, Zone.HAND),
        "land": b.permanent(LAND, 0),
        "lib0": b.put(LAND, 0, Zone.LIBRARY),
        "lib1": b.put(LAND, 1, Zone.LIBRARY),
    }
    return b.build(**({"turn": 3, "step": Step.PRECOMBAT_MAIN, "priority": 0} | changes)), cards


def stacked(state: GameState, *items: tuple[str, int]) -> GameState:
    """``state`` with the cards (card, caster) cast, bottom first, out of their casters' hands."""
    players = list(state.players)
    stack = []
    for card, caster in items:
        players[caster] = replace(players[caster], hand=tuple(c for c in players[caster].hand if c != card))
        stack.append(StackItem(f"s-{card}", "spell", card, caster, "spell"))
    return replace(state, players=(players[0], players[1]), stack=tuple(stack))


def test_a_loadable_state_is_loaded_as_it_is() -> None:
    state, _ = base()
    assert route(state).stages == () and route(state).base == state
    assert kit_toy.start(state).state() == state


def test_a_step_that_begins_is_begun_from_the_step_before() -> None:
    state, _ = base(priority=None, step=Step.DRAW)
    way = route(state)
    assert way.base.step is Step.UPKEEP and way.base.priority == state.active_player
    assert [m.action for m in way.stages[0].moves] == [pass_priority(0), pass_priority(1)]
    reached = kit_toy.start(state).state()
    assert (reached.step, reached.priority, reached.turn) == (Step.DRAW, 0, 3)


def test_the_first_strike_step_comes_between_only_when_creatures_had_first_strike() -> None:
    state, cards = base(step=Step.COMBAT_DAMAGE)
    assert step_before(state) is Step.DECLARE_BLOCKERS
    assert step_before(replace(state, first_strikers=(cards["land"],))) is Step.FIRST_STRIKE_DAMAGE
    with pytest.raises(StateUnsupported, match="gives nobody priority"):
        route(replace(state, step=Step.CLEANUP, priority=None))


def test_spells_on_the_stack_are_cast_bottom_first_passing_between_casters() -> None:
    state, c = base()
    drawn = replace(stacked(state, (c["bolt"], 0), (c["answer"], 1)), priority=1)
    way = route(drawn)
    assert c["bolt"] in way.base.player(0).hand and c["answer"] in way.base.player(1).hand and not way.base.stack
    moves = [str(m.action) for m in way.stages[0].moves]
    assert moves == [f"P0 cast {c['bolt']}", "P0 pass-priority", f"P1 cast {c['answer']}"]
    reached = kit_toy.start(drawn).state()
    assert [i.source for i in reached.stack] == [c["bolt"], c["answer"]] and reached.priority == 1


def test_the_holder_after_the_casts_is_passed_to_when_play_can_reach_it() -> None:
    state, c = base()
    drawn = replace(stacked(state, (c["bolt"], 0)), priority=1, priority_passes=1)
    assert [s.kind for s in route(drawn).stages] == ["cast", "settle"]
    reached = kit_toy.start(drawn).state()
    assert (reached.priority, reached.priority_passes) == (1, 1)
    with pytest.raises(StateUnsupported, match="does not follow"):
        route(replace(drawn, priority=0, priority_passes=1))
    assert route(replace(drawn, priority=1, priority_passes=1), settle_by_play=False).stages[-1].kind == "cast"


def test_a_pending_search_is_reached_by_resolving_its_spell() -> None:
    state, c = base()
    drawn = stacked(state, (c["tutor"], 0))
    search = Search(0, 0, c["tutor"], "", candidates=(c["lib0"],), resolving=drawn.stack[-1].id)
    drawn = replace(drawn, priority=None, pending=SearchDecision(0, search))
    assert [s.kind for s in route(drawn).stages] == ["cast", "resolve"]
    reached = kit_toy.start(drawn).state()
    assert reached.pending is not None and reached.pending.kind == "search" and not reached.stack


def test_states_play_cannot_reach_are_unsupported_with_the_reason() -> None:
    state, c = base()
    with pytest.raises(StateUnsupported, match="only as a spell's search"):
        route(replace(state, priority=None, pending=DeclareAttackers(0)))
    ability = StackItem("s1", "activated", c["land"], 0, "mana")
    with pytest.raises(StateUnsupported, match="only spells"):
        route(replace(state, stack=(ability,)))
    theirs = StackItem("s1", "spell", c["answer"], 0, "spell")  # P1's card, cast by P0
    with pytest.raises(StateUnsupported, match="owner's hand"):
        route(replace(state, stack=(theirs,)))


def test_playing_names_where_the_engine_went_instead() -> None:
    state, c = base()
    ids: IdMap[int] = IdMap(int)
    table = kit_toy.ToySession(kit_toy.load(state, ids), ids, state)
    wrong_player = Stage("cast", "testing", (Move(pass_priority(1), "pass as P1"),), Goal())
    with pytest.raises(StateUnsupported, match="waits for turn 3, precombat-main, P0 priority"):
        play(table, wrong_player)
    elsewhere = Stage("begin", "testing", (Move(pass_priority(0), "pass"),), Goal(step=Step.END))
    with pytest.raises(StateUnsupported, match="went to turn 3, precombat-main, P1 priority, 0 on the stack"):
        play(table, elsewhere)
    refused = Stage("cast", "testing", (Move(kit_toy.cast_of(c["bolt"], 1), "cast it"),), Goal())  # P0's card
    with pytest.raises(StateUnsupported, match="would not cast it"):
        play(table, refused)


def toy_table(state: GameState) -> kit_toy.ToySession:
    ids: IdMap[int] = IdMap(int)
    return kit_toy.ToySession(kit_toy.load(state, ids), ids, state)


def test_every_refusal_names_whose_gap_it_is_by_the_adapters_gaps() -> None:
    """A refusal of the route is never left to the report's reading of its words: a state no
    route is planned for is ``gaps.plan``, a stage the engine does not follow the gap the
    adapter names for that kind of stage (an adapter knows its engine)."""
    state, c = base()
    unplannable = [
        replace(state, step=Step.CLEANUP, priority=None),
        replace(state, step=Step.UNTAP, priority=None),
        replace(state, priority=None, pending=DeclareAttackers(0)),
        replace(state, stack=(StackItem("s1", "activated", c["land"], 0, "mana"),)),
    ]
    for gaps in (RouteGaps(), RouteGaps(plan=Gap.ENGINE)):
        for drawn in unplannable:
            with pytest.raises(StateUnsupported) as refused:
                route(drawn, gaps=gaps)
            assert refused.value.gap is gaps.plan
    mine = RouteGaps(begin=Gap.CARD, cast=Gap.ENGINE)
    for stage, gap in [
        (Stage("begin", "testing", (Move(pass_priority(0), "pass"),), Goal(step=Step.END)), Gap.CARD),
        (Stage("cast", "testing", (Move(pass_priority(1), "pass as P1"),), Goal()), Gap.ENGINE),
        (Stage("cast", "testing", (Move(kit_toy.cast_of(c["bolt"], 1), "cast it"),), Goal()), Gap.ENGINE),
    ]:
        with pytest.raises(StateUnsupported) as refused:
            play(toy_table(state), stage, mine)
        assert refused.value.gap is gap
    with pytest.raises(StateUnsupported) as refused:
        play(toy_table(state), Stage("resolve", "testing", (), Goal(step=Step.END)))
    assert refused.value.gap is DEFAULT_GAPS.resolve is Gap.ENGINE


def test_the_phase_adapter_names_its_own_route_gaps() -> None:
    """phase's adapter builds by the kit's route: its gaps say the route's planning and casts are
    the adapter's, phase not stopping in a step or a search phase's (engines/phase/inprocess.py)."""
    pytest.importorskip("phase", reason="phase extra not installed")
    from engines.phase.inprocess import ROUTE_GAPS

    assert (ROUTE_GAPS.plan, ROUTE_GAPS.cast) == (Gap.ADAPTER, Gap.ADAPTER)
    assert (ROUTE_GAPS.begin, ROUTE_GAPS.resolve) == (Gap.ENGINE, Gap.ENGINE)
