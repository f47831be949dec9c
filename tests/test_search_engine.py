"""The reference engine on hand-built search states: casting, searching, the Aven Mindcensor
restriction, shuffling, looks, Millikin, and library ninjutsu during a search.

Each test states a position, acts through the Session protocol only and checks what the rules
(and the Panglacial Shinobi and Aven Mindcensor rulings) say must happen.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.reference import ReferenceEngine, parse_card
from engines.reference.lines import SearchEffect, SpellEffect
from engines.reference.testing import BEARS, FOREST, ISLAND, P1, creature
from generators import cards
from generators.search_cards import (
    BRIBERY_CARD,
    BURIED_ALIVE,
    CALL_THE_PACK,
    DEPTHS_GLIMPSE,
    INSTANT_TUTOR,
    MILLIKIN,
    MINDCENSOR,
    PRIMAL_HARVEST,
    QUICK_SCRYING,
    TUTOR,
    WATCHER,
    WILD_EXPANSE,
)
from protocol import codec
from protocol.adapter import ActionRefused, EngineError
from protocol.builder import StateBuilder
from protocol.consistency import problems
from protocol.decisions import SearchDecision
from protocol.keywords import LIBRARY_NINJUTSU
from protocol.model import (
    Action,
    ActionKind,
    CardInstance,
    EventKind,
    GameState,
    Permanent,
    Search,
    StackItem,
    Step,
    Zone,
    pass_priority,
)
from protocol.observability import blind

ENGINE = ReferenceEngine()
SWAMP = cards.basic_land("B")
NINJA = creature("Deep Ninja", 2, 2, "Library ninjutsu {U}")
HAND_NINJA = creature("Palm Ninja", 2, 2, "Library ninjutsu {U}")


def cast(card: str, player: int = 0, *targets: str) -> Action:
    return Action(ActionKind.CAST, player, source=card, targets=targets)


def choose(player: int, *cards_: str) -> Action:
    return Action(ActionKind.CHOOSE_CARDS, player, cards=cards_)


def lib_ninjutsu(ninja: str, returned: str, player: int = 0) -> Action:
    return LIBRARY_NINJUTSU.use(player, ninja, returned)


def resolve(session) -> list:
    """Both players pass until something resolves (or a choice is pending)."""
    events = []
    for _ in range(2):
        state = session.state()
        if state.priority is None:
            break
        events += session.apply(pass_priority(state.priority))
    return events


def search_of(session) -> Search:
    state = session.state()
    assert isinstance(state.pending, SearchDecision), state.pending
    return state.pending.search


def consistent(session) -> GameState:
    state = session.state()
    assert problems(state) == []
    assert ENGINE.start(state).state() == state  # every intermediate state loads back unchanged
    return state


# -- oracle ---------------------------------------------------------------------------------------


def test_oracle_reads_the_search_lines():
    effect = parse_card(BRIBERY_CARD).effects[0]
    assert isinstance(effect, SpellEffect) and isinstance(effect.effect, SearchEffect)
    assert effect.effect.targets_opponent and effect.effect.destination is Zone.BATTLEFIELD
    harvest = parse_card(PRIMAL_HARVEST).effects[0].effect
    assert (harvest.count, harvest.up_to, harvest.card_filter, harvest.reveal) == (2, True, "basic land", True)
    assert parse_card(BURIED_ALIVE).effects[0].effect.destination is Zone.GRAVEYARD
    assert parse_card(MINDCENSOR).effects[0].count == 4
    assert parse_card(WILD_EXPANSE).effects[0].effect.card_filter == "basic land"
    assert parse_card(MILLIKIN).effects[0].symbol == "C"
    assert parse_card(DEPTHS_GLIMPSE).effects[0].effect.count == 3


def test_a_search_line_on_a_permanent_is_refused():
    with pytest.raises(Exception, match="cannot read"):
        parse_card(creature("Odd", 1, 1, "Search your library for a card, put it into your hand, then shuffle."))


# -- casting ----------------------------------------------------------------------------------------


def test_sorcery_timing_and_instant_timing():
    b = StateBuilder()
    sorcery = b.put(TUTOR, 0)
    instant = b.put(INSTANT_TUTOR, 0)
    b.permanent(SWAMP, 0), b.permanent(FOREST, 0)
    theirs = b.put(INSTANT_TUTOR, 1)
    b.permanent(FOREST, 1)
    b.put(BEARS, 0, Zone.LIBRARY)
    main = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    assert {a.source for a in main.legal_actions() if a.kind is ActionKind.CAST} == {sorcery, instant}
    main.apply(cast(instant))  # now the stack is not empty: no sorcery
    assert [a.source for a in main.legal_actions() if a.kind is ActionKind.CAST] == []  # the Forest is tapped
    with pytest.raises(ActionRefused):
        main.apply(cast(sorcery))
    main.apply(pass_priority(0))
    assert [a.source for a in main.legal_actions() if a.kind is ActionKind.CAST] == [theirs]
    upkeep = ENGINE.start(b.build(turn=3, step=Step.UPKEEP, priority=0))
    assert {a.source for a in upkeep.legal_actions() if a.kind is ActionKind.CAST} == {instant}
    with pytest.raises(ActionRefused, match="cannot cast"):
        upkeep.apply(cast(sorcery))


def test_casting_needs_the_mana_and_a_legal_target():
    b = StateBuilder()
    bribery = b.put(BRIBERY_CARD, 0)
    b.permanent(SWAMP, 0)
    b.put(BEARS, 1, Zone.LIBRARY)
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    assert cast(bribery, 0, "player:1") in session.legal_actions()
    with pytest.raises(ActionRefused, match="target"):
        session.apply(cast(bribery, 0, "player:0"))
    with pytest.raises(ActionRefused, match="target"):
        session.apply(cast(bribery))
    events = session.apply(cast(bribery, 0, "player:1"))
    assert [e.kind for e in events][:2] == [EventKind.CAST, EventKind.ZONE_CHANGE]
    state = consistent(session)
    assert state.zone_of(bribery) is Zone.STACK and state.stack[-1].choice("targets") == "player:1"
    b2 = StateBuilder()
    poor = b2.put(TUTOR, 0)
    assert not [
        a
        for a in ENGINE.start(b2.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0)).legal_actions()
        if a.source == poor
    ]


# -- searching ------------------------------------------------------------------------------------------


def tutor_board(spell=BURIED_ALIVE, library: int = 6, censor: int | None = None, owner_of_library: int = 0):
    b = StateBuilder()
    source = b.put(spell, 0)
    b.permanent(SWAMP, 0), b.permanent(FOREST, 0)
    lib = [b.put(BEARS if i % 2 else FOREST, owner_of_library, Zone.LIBRARY) for i in range(library)]
    if censor is not None:
        b.permanent(MINDCENSOR, censor)
    return b, source, lib


def start_search(b: StateBuilder, source: str, *targets: str):
    session = ENGINE.start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(cast(source, 0, *targets))
    events = resolve(session)
    return session, events


def test_a_search_waits_for_the_searcher_and_keeps_the_spell_on_the_stack():
    b, source, lib = tutor_board()
    session, events = start_search(b, source)
    search = search_of(session)
    state = consistent(session)
    assert search.candidates == tuple(lib) and search.found == () and search.count == 3
    assert state.zone_of(source) is Zone.STACK and search.resolving == state.stack[-1].id
    assert state.player(0).searched_library and state.priority is None
    assert [e.kind for e in events][-1] is EventKind.SEARCH and events[-1].amount == 6
    assert state.player(0).library == tuple(lib)  # the library keeps its order
    assert choose(0) in session.legal_actions() and choose(0, lib[3]) in session.legal_actions()


def test_found_cards_go_where_the_effect_says_then_the_whole_library_is_shuffled():
    b, source, lib = tutor_board()
    session, _ = start_search(b, source)
    session.apply(choose(0, lib[0]))
    assert search_of(session).found == (lib[0],)
    consistent(session)
    events = session.apply(choose(0, lib[4], lib[5]))  # the third card ends the search
    state = consistent(session)
    assert state.pending is None and state.priority == 0 and not state.stack
    assert set(state.player(0).graveyard) == {lib[0], lib[4], lib[5], source}
    shuffles = [e for e in events if e.kind is EventKind.SHUFFLE]
    assert [(e.player, e.amount) for e in shuffles] == [(0, 3)]
    assert [e.kind for e in events].index(EventKind.SHUFFLE) > [e.kind for e in events].index(EventKind.ZONE_CHANGE)
    assert sorted(state.player(0).library) == sorted(lib[1:4])


def test_choices_the_search_refuses():
    b, source, lib = tutor_board(CALL_THE_PACK)  # up to two creature cards (lib[1], lib[3], lib[5])
    session, _ = start_search(b, source)
    for bad in (
        choose(0, lib[0]),
        choose(0, lib[1], lib[1]),
        choose(0, lib[1], lib[3], lib[5]),
        choose(0, "c99"),
        pass_priority(0),
        cast(source),
    ):
        with pytest.raises(ActionRefused):
            session.apply(bad)
    assert {a.cards for a in session.legal_actions() if a.kind is ActionKind.CHOOSE_CARDS} == {
        (),
        (lib[1],),
        (lib[3],),
        (lib[5],),
    }
    events = session.apply(choose(0))  # finding nothing is allowed for a typed search
    assert EventKind.SHUFFLE in [e.kind for e in events] and consistent(session).pending is None


def test_a_search_for_a_card_must_find_one():
    b, source, lib = tutor_board(TUTOR, library=2)
    session, _ = start_search(b, source)
    assert choose(0) not in session.legal_actions()
    with pytest.raises(ActionRefused, match="must find"):
        session.apply(choose(0))
    session.apply(choose(0, lib[1]))
    state = consistent(session)
    assert lib[1] in state.player(0).hand and state.pending is None


def test_bribery_searches_the_opponents_library_and_that_player_shuffles():
    b, source, lib = tutor_board(BRIBERY_CARD, library=3, owner_of_library=1)
    session, _ = start_search(b, source, "player:1")
    search = search_of(session)
    assert (search.searcher, search.library, search.card_type) == (0, 1, "creature")
    events = session.apply(choose(0, lib[1]))
    state = consistent(session)
    perm = state.permanent(lib[1])
    assert perm is not None and perm.controller == 0 and state.obj(lib[1]).owner == 1
    assert [(e.player, e.amount) for e in events if e.kind is EventKind.SHUFFLE] == [(1, 2)]
    assert state.player(0).searched_library and not state.player(1).searched_library


def test_fetch_land_sacrifices_itself_and_searches():
    b = StateBuilder()
    land = b.permanent(WILD_EXPANSE, 0)
    forest = b.put(FOREST, 0, Zone.LIBRARY)
    b.put(BEARS, 0, Zone.LIBRARY)
    session = ENGINE.start(b.build(turn=3, step=Step.UPKEEP, priority=0))
    ability = Action(ActionKind.ACTIVATE, 0, source=land, ability="search")
    assert ability in session.legal_actions()
    session.apply(ability)
    state = consistent(session)
    assert land in state.player(0).graveyard and state.stack[-1].ability == "search"
    resolve(session)
    assert search_of(session).card_type == "basic land"
    session.apply(choose(0, forest))
    state = consistent(session)
    assert state.permanent(forest) is not None and not state.permanent(forest).tapped
    assert state.priority == 0 and not state.stack


# -- Aven Mindcensor -------------------------------------------------------------------------------------


def test_an_opponents_restriction_leaves_only_the_top_four_cards_fixed_through_the_search():
    b, source, lib = tutor_board(BURIED_ALIVE, library=7, censor=1)
    session, events = start_search(b, source)
    search = search_of(session)
    assert search.visible == 4 and search.candidates == tuple(lib[:4]) and events[-1].amount == 4
    assert all(set(a.cards) <= set(lib[:4]) for a in session.legal_actions() if a.kind is ActionKind.CHOOSE_CARDS)
    with pytest.raises(ActionRefused):
        session.apply(choose(0, lib[4]))
    session.apply(choose(0, lib[0]))
    assert search_of(session).candidates == tuple(lib[:4])  # the fifth card stays out
    with pytest.raises(ActionRefused):
        session.apply(choose(0, lib[4]))
    state = consistent(session)
    assert state.player(0).searched_library  # searching the top four counts as searching
    events = session.apply(choose(0))
    assert [(e.player, e.amount) for e in events if e.kind is EventKind.SHUFFLE] == [(0, 6)]  # the whole library


def test_the_restriction_spares_its_controller_and_reaches_other_libraries():
    b, source, lib = tutor_board(BURIED_ALIVE, library=6, censor=0)
    session, _ = start_search(b, source)
    assert search_of(session).visible is None and search_of(session).candidates == tuple(lib)
    b, source, lib = tutor_board(BRIBERY_CARD, library=6, censor=1, owner_of_library=1)
    session, _ = start_search(b, source, "player:1")
    assert search_of(session).candidates == tuple(lib[:4])


# -- a look is not a search -------------------------------------------------------------------------------


def test_a_look_reorders_the_top_cards_without_searching_or_shuffling():
    b = StateBuilder()
    glimpse = b.put(DEPTHS_GLIMPSE, 0)
    b.permanent(FOREST, 0)
    lib = [b.put(BEARS, 0, Zone.LIBRARY) for _ in range(4)]
    session = ENGINE.start(b.build(turn=3, step=Step.UPKEEP, priority=0))
    session.apply(cast(glimpse))
    events = resolve(session)
    search = search_of(session)
    assert search.mode == "order" and not search.says_search_and_library and search.candidates == tuple(lib[:3])
    assert [e.card for e in events if e.kind is EventKind.LOOK] == lib[:3]
    assert len([a for a in session.legal_actions() if a.kind is ActionKind.CHOOSE_CARDS]) == 6
    with pytest.raises(ActionRefused):
        session.apply(choose(0, lib[0]))
    events = session.apply(choose(0, lib[2], lib[0], lib[1]))
    state = consistent(session)
    assert state.player(0).library == (lib[2], lib[0], lib[1], lib[3])
    assert EventKind.SHUFFLE not in [e.kind for e in events] and not state.player(0).searched_library


# -- library ninjutsu --------------------------------------------------------------------------------------


def combat_search(
    step: Step = Step.DECLARE_BLOCKERS,
    *,
    spell=QUICK_SCRYING,
    islands: int = 1,
    blocked=False,
    millikin: bool = False,
    censor: int | None = None,
    ninjas: int = 1,
    attackers: int = 1,
):
    """Player 0 attacks player 1 with Grizzly Bears, holds a search instant and a Forest for it,
    ``islands`` Islands, and Deep Ninjas (library ninjutsu {U}) on top of a library of lands."""
    b = StateBuilder()
    bears = [b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=blocked) for _ in range(attackers)]
    source = b.put(spell, 0)
    b.permanent(FOREST, 0)
    for _ in range(islands):
        b.permanent(ISLAND, 0)
    mk = b.permanent(MILLIKIN, 0) if millikin else None
    if censor is not None:
        b.permanent(MINDCENSOR, censor)
    ninja_ids = [b.put(NINJA, 0, Zone.LIBRARY) for _ in range(ninjas)]
    lands = [b.put(FOREST, 0, Zone.LIBRARY) for _ in range(2)]
    state = b.build(turn=3, step=step, priority=0)
    return state, dict(bears=bears, source=source, ninjas=ninja_ids, lands=lands, millikin=mk)


def searching(state: GameState, source: str):
    session = ENGINE.start(state)
    session.apply(cast(source))
    resolve(session)
    search_of(session)
    return session


def test_library_ninjutsu_during_the_search_full_sequence():
    state, ids = combat_search()
    (bears,), (ninja,) = ids["bears"], ids["ninjas"]
    session = ENGINE.start(state)
    assert not [a for a in session.legal_actions() if a.ability == "library ninjutsu"]  # not searching yet
    with pytest.raises(ActionRefused):
        session.apply(lib_ninjutsu(ninja, bears))
    session.apply(cast(ids["source"]))
    resolve(session)
    assert lib_ninjutsu(ninja, bears) in session.legal_actions()
    events = session.apply(lib_ninjutsu(ninja, bears))
    kinds = [e.kind for e in events]
    assert kinds[:2] == [EventKind.ACTIVATE, EventKind.REVEAL] and EventKind.SHUFFLE in kinds
    state = consistent(session)
    assert bears in state.player(0).library and bears not in state.player(0).hand  # shuffled in
    assert ninja in state.revealed and state.zone_of(ninja) is Zone.LIBRARY
    assert state.stack[-1].source == ninja and state.stack[-1].ability == "library ninjutsu"
    assert search_of(session).found == () and state.priority is None  # the search goes on
    session.apply(choose(0, ids["lands"][0]))  # the search ends, the spell finishes resolving
    state = consistent(session)
    assert (
        state.priority == 0
        and [i.source for i in state.stack] == [ninja]
        and ids["source"] in state.player(0).graveyard
    )
    events = resolve(session)
    state = consistent(session)
    perm = state.permanent(ninja)
    assert perm is not None and perm.tapped and perm.attacking == P1 and perm.blocked is False
    assert EventKind.ATTACK not in [e.kind for e in events] and ninja not in state.revealed


def test_abilities_that_trigger_on_activation_wait_for_the_end_of_the_search():
    state, ids = combat_search()
    watcher = "c99"
    state = state.replace(
        cards=tuple(sorted(state.cards + (WATCHER,), key=lambda c: c.name)),
        objects=state.objects + (CardInstance(watcher, WATCHER.name, 0),),
        battlefield=state.battlefield + (Permanent(watcher, 0),),
    )
    session = searching(state, ids["source"])
    events = session.apply(lib_ninjutsu(ids["ninjas"][0], ids["bears"][0]))
    assert EventKind.TRIGGER in [e.kind for e in events]
    mid = consistent(session)  # the waiting trigger is part of the state, and loads back
    assert [i.kind for i in mid.stack] == ["spell", "activated"]  # not yet on the stack
    assert [(t.source, t.ability) for t in mid.triggered] == [(watcher, "creature-leaves-drain")]
    with pytest.raises(ActionRefused):
        session.apply(choose(0, "c98"))  # a refused action keeps the waiting trigger
    assert session.state() == mid
    session = ENGINE.start(mid)  # so does a game loaded from the state
    session.apply(choose(0))
    state = consistent(session)
    assert [(i.kind, i.source) for i in state.stack] == [("activated", ids["ninjas"][0]), ("triggered", watcher)]
    resolve(session)
    assert session.state().player(1).life == 19


def test_library_ninjutsu_is_refused_before_blockers_after_finding_and_from_hand():
    state, ids = combat_search(Step.DECLARE_ATTACKERS, blocked=None)
    session = searching(state, ids["source"])
    assert not [a for a in session.legal_actions() if a.ability == "library ninjutsu"]
    with pytest.raises(ActionRefused):
        session.apply(lib_ninjutsu(ids["ninjas"][0], ids["bears"][0]))

    state, ids = combat_search(spell=CALL_THE_PACK, ninjas=2)
    session = searching(state, ids["source"])
    session.apply(choose(0, ids["ninjas"][0]))  # up to two creatures: found one, the search goes on
    assert search_of(session).found == (ids["ninjas"][0],)
    assert not [a for a in session.legal_actions() if a.ability == "library ninjutsu"]
    assert not [a for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE]  # nothing to pay for either

    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    source = b.put(QUICK_SCRYING, 0)
    palm = b.put(HAND_NINJA, 0)
    b.permanent(FOREST, 0), b.permanent(ISLAND, 0)
    session = searching(b.build(turn=3, step=Step.COMBAT_DAMAGE, priority=0), source)
    assert not [a for a in session.legal_actions() if a.ability == "library ninjutsu"]
    with pytest.raises(ActionRefused, match="where its library ninjutsu"):
        session.apply(lib_ninjutsu(palm, bears))


def test_library_ninjutsu_not_during_bribery_or_a_look():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    bribery = b.put(BRIBERY_CARD, 0)
    b.permanent(ISLAND, 0)
    ninja = b.put(NINJA, 0, Zone.LIBRARY)
    b.put(BEARS, 1, Zone.LIBRARY)
    state = b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=None)
    hand = tuple(c for c in state.player(0).hand if c != bribery)
    state = state.replace(
        players=(dataclasses.replace(state.player(0), hand=hand, searched_library=True), state.player(1)),
        stack=(StackItem("s1", "spell", bribery, 0, "spell", (("targets", "player:1"),)),),
        pending=SearchDecision(
            0,
            Search(0, 1, bribery, BRIBERY_CARD.text, "creature", 1, candidates=state.player(1).library, resolving="s1"),
        ),
    )
    assert problems(state) == []
    session = ENGINE.start(state)
    assert blind(session.state(), {"characteristics"}) == state
    assert not [a for a in session.legal_actions() if a.ability == "library ninjutsu"]
    with pytest.raises(ActionRefused):
        session.apply(lib_ninjutsu(ninja, bears))

    state, ids = combat_search(spell=DEPTHS_GLIMPSE)
    session = searching(state, ids["source"])
    assert search_of(session).mode == "order"
    assert not [a for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE]
    with pytest.raises(ActionRefused):
        session.apply(lib_ninjutsu(ids["ninjas"][0], ids["bears"][0]))


def test_two_library_ninjutsu_activations_in_one_search():
    state, ids = combat_search(islands=2, ninjas=2, attackers=2)
    session = searching(state, ids["source"])
    session.apply(lib_ninjutsu(ids["ninjas"][0], ids["bears"][0]))
    session.apply(lib_ninjutsu(ids["ninjas"][1], ids["bears"][1]))
    session.apply(choose(0))
    resolve(session), resolve(session)
    state = consistent(session)
    assert all(state.permanent(n) is not None for n in ids["ninjas"])


def test_a_ninja_found_by_the_search_never_enters():
    state, ids = combat_search(spell=INSTANT_TUTOR)
    (ninja,) = ids["ninjas"]
    session = searching(state, ids["source"])
    session.apply(lib_ninjutsu(ninja, ids["bears"][0]))
    session.apply(choose(0, ninja))
    events = resolve(session)
    state = consistent(session)
    assert ninja in state.player(0).hand and state.permanent(ninja) is None
    assert [(e.kind, e.detail) for e in events] == [(EventKind.RESOLVE, "did nothing")]


def test_mana_abilities_during_the_search_and_millikin_mills_the_top_card():
    state, ids = combat_search(islands=0, millikin=True)
    (ninja,) = ids["ninjas"]
    session = searching(state, ids["source"])
    mk = ids["millikin"]
    assert Action(ActionKind.ACTIVATE, 0, source=mk, ability="mana") in session.legal_actions()
    assert not [a for a in session.legal_actions() if a.ability == "library ninjutsu"]  # {U}: no blue source
    events = session.apply(Action(ActionKind.ACTIVATE, 0, source=mk, ability="mana"))
    state = consistent(session)
    milled = [e.card for e in events if e.kind is EventKind.ZONE_CHANGE]
    assert milled == [ninja] and state.player(0).mana_pool == ("C",)  # the top card when the search began
    assert search_of(session).candidates == tuple(ids["lands"])  # the milled card left the search
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.ACTIVATE, 0, source=mk, ability="mana"))  # tapped


def test_no_mana_abilities_during_a_search_without_library_ninjutsu_to_pay_for():
    state, ids = combat_search(Step.PRECOMBAT_MAIN, blocked=None, millikin=True)
    state = state.replace(
        battlefield=tuple(p if p.attacking is None else Permanent(p.id, p.controller) for p in state.battlefield)
    )
    session = searching(state, ids["source"])
    assert not [a for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE]
    with pytest.raises(ActionRefused, match="mana abilities"):
        session.apply(Action(ActionKind.ACTIVATE, 0, source=ids["millikin"], ability="mana"))


def test_restricted_search_hides_a_ninja_below_the_top_four():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    source = b.put(QUICK_SCRYING, 0)
    b.permanent(FOREST, 0), b.permanent(ISLAND, 0), b.permanent(MINDCENSOR, 1)
    for _ in range(4):
        b.put(FOREST, 0, Zone.LIBRARY)
    ninja = b.put(NINJA, 0, Zone.LIBRARY)
    session = searching(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0), source)
    assert not [a for a in session.legal_actions() if a.ability == "library ninjutsu"]
    with pytest.raises(ActionRefused, match="can see"):
        session.apply(lib_ninjutsu(ninja, bears))


# -- loading states with a search in progress ----------------------------------------------------------


def test_a_pending_search_without_a_known_effect_cannot_be_loaded():
    b = StateBuilder()
    bears = b.put(BEARS, 0, Zone.LIBRARY)
    state = b.build(
        step=Step.PRECOMBAT_MAIN,
        priority=None,
        pending=SearchDecision(0, Search(0, 0, bears, "?", candidates=(bears,))),
    )
    with pytest.raises(EngineError, match="pending search"):
        ENGINE.start(state)


def test_consistency_names_search_problems():
    b = StateBuilder()
    x = b.put(BEARS, 0, Zone.LIBRARY)
    y = b.put(BEARS, 1, Zone.LIBRARY)
    bad = Search(0, 0, x, "?", count=1, visible=1, candidates=(x, y), found=(y, x), resolving="s9")
    found = problems(b.build(priority=None, pending=SearchDecision(1, bad)))
    text = "; ".join(found)
    for part in (
        "searcher is 0",
        f"candidate {y} is not in player 0's library",
        "finds at most 1",
        "only the top 1",
        "'s9' is not on the stack",
    ):
        assert part in text, text
    data = codec.to_jsonable(b.build(priority=None, pending=SearchDecision(1, bad)))
    del data["pending"]["search"]  # a search decision without its search is no value of the model
    with pytest.raises(codec.DecodeError, match="missing field 'search'"):
        codec.from_jsonable(GameState, data)


@given(
    picks=st.lists(st.integers(0, 30), max_size=25),
    spell=st.sampled_from([QUICK_SCRYING, CALL_THE_PACK, INSTANT_TUTOR, DEPTHS_GLIMPSE]),
    censor=st.sampled_from([None, 0, 1]),
)
def test_random_play_through_searches_keeps_states_consistent(picks, spell, censor):
    state, _ = combat_search(spell=spell, islands=2, millikin=True, censor=censor, ninjas=2, attackers=2)
    session = ENGINE.start(state)
    for pick in picks:
        actions = session.legal_actions()
        assert actions
        session.apply(actions[pick % len(actions)])
        state = session.state()
        assert problems(state) == []
        assert ENGINE.start(state).state() == state
