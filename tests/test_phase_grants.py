"""The phase.rs adapter builds what the model keeps outside the objects' zones, in phase's own
shapes: play permissions from exile, rebound's delayed triggers, tokens, and the moment a step
begins (nobody has priority yet). Skipped without the ``phase`` extra."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")

from engines.phase.cards import CACHE_ENV
from engines.phase.inprocess import PhaseInProcess
from generators import cards, search_cards, spell_cards
from generators.rebound import spell_on_stack
from generators.spell_cards import life_spell
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.decisions import MayCast, SearchDecision
from protocol.keywords import NINJUTSU
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    CardData,
    DelayedTrigger,
    EventKind,
    PlayPermission,
    Search,
    Step,
    Zone,
    pass_priority,
)
from tests.test_phase_casting import resolve


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "faces"))


def exiled_with_permissions(step: Step = Step.PRECOMBAT_MAIN):
    """P0 may play three exiled cards without paying (a sorcery of P1's, an instant, a land)."""
    b = StateBuilder()
    sorcery = b.put(life_spell("Sorcery", 2, cost="{1}{U}"), 1, Zone.EXILE)
    instant = b.put(life_spell("Instant", 3, cost="{1}{U}"), 0, Zone.EXILE)
    land = b.put(cards.basic_land("G"), 1, Zone.EXILE)
    for player in (0, 1):
        b.put(cards.basic_land("U"), player, Zone.LIBRARY)
    permissions = tuple(PlayPermission(c, 0) for c in (sorcery, instant, land))
    state = b.build(turn=2, active_player=0, step=step, priority=0, permissions=permissions)
    return state, sorcery, instant, land


def test_play_permissions_are_built_offered_and_read_back() -> None:
    state, sorcery, instant, land = exiled_with_permissions()
    session = PhaseInProcess().start(state)
    assert set(session.state().permissions) == set(state.permissions)
    offered = session.legal_actions()
    assert Action(ActionKind.CAST, 0, source=sorcery) in offered
    assert Action(ActionKind.CAST, 0, source=instant) in offered
    assert Action(ActionKind.PLAY_LAND, 0, source=land) in offered
    session.apply(Action(ActionKind.CAST, 0, source=sorcery))  # no mana: the permission waives the cost
    resolve(session)
    after = session.state()
    assert after.player(0).life == 22 and after.zone_of(sorcery) is Zone.GRAVEYARD
    assert sorcery not in {p.card for p in after.permissions}


def test_play_permissions_keep_the_cards_normal_timing() -> None:
    state, sorcery, instant, land = exiled_with_permissions(Step.UPKEEP)
    session = PhaseInProcess().start(state)
    offered = session.legal_actions()
    assert Action(ActionKind.CAST, 0, source=instant) in offered
    assert Action(ActionKind.CAST, 0, source=sorcery) not in offered
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.PLAY_LAND, 0, source=land))


def rebound_upkeep(priority: int | None, plains: bool = False):
    spell = CardData(
        "Instant of 3 Life with Rebound",
        ("Instant",),
        mana_cost="{1}{W}",
        text="You gain 3 life.\n" + spell_cards.REBOUND_REMINDER,
        keywords=("Rebound",),
    )
    b = StateBuilder()
    card = b.put(spell, 0, Zone.EXILE)
    if plains:
        b.permanent(cards.basic_land("W"), 0)
    for player in (0, 1):
        for _ in range(2):
            b.put(cards.basic_land("W"), player, Zone.LIBRARY)
    state = b.build(
        turn=4, active_player=0, step=Step.UPKEEP, priority=priority, delayed=(DelayedTrigger("rebound", card, 0),)
    )
    return state, card


def test_a_step_that_begins_is_begun_by_phase_and_fires_rebound() -> None:
    state, card = rebound_upkeep(priority=None)
    session = PhaseInProcess().start(state)
    begun = session.state()
    assert (begun.step, begun.turn, begun.priority) == (Step.UPKEEP, 4, 0)
    assert [item.kind for item in begun.stack] == ["triggered"] and begun.stack[0].source == card
    assert not begun.delayed  # it triggered: one-shot (603.7c)
    resolve(session)
    pending = session.state().pending
    assert isinstance(pending, MayCast) and pending.cards == (card,)
    session.apply(Action(ActionKind.CAST, 0, source=card))
    resolve(session)
    assert session.state().player(0).life == 23


def test_a_loaded_rebound_trigger_on_the_stack_leaves_a_state_phase_reads_back() -> None:
    """The adapter tries mana abilities on copies of phase's state (saved and loaded again):
    with the loaded trigger on the stack, phase must read its own saved state back (it could not
    while the adapter gave the trigger a provenance naming phase's rules journal)."""
    state, card = rebound_upkeep(priority=None, plains=True)
    session = PhaseInProcess().start(state)
    assert [item.source for item in session.state().stack] == [card]
    offered = session.legal_actions()  # the Plains' mana ability is tried on a copy
    assert any(a.kind is ActionKind.ACTIVATE for a in offered), offered


def test_delayed_triggers_are_read_back_while_waiting() -> None:
    state, card = rebound_upkeep(priority=0)
    state = state.replace(step=Step.PRECOMBAT_MAIN)
    session = PhaseInProcess().start(state)
    assert session.state().delayed == (DelayedTrigger("rebound", card, 0),)


def test_a_returned_token_attacker_ceases_to_exist() -> None:
    b = StateBuilder()
    token = b.permanent(
        cards.creature(1, 1), 0, token=True, tapped=True, attacking=AttackTarget.of_player(1), blocked=False
    )
    ninja = b.put(cards.ninja("ninjutsu", "{U}", 2, 2), 0, Zone.HAND)
    b.permanent(cards.basic_land("U"), 0)
    for player in (0, 1):
        b.put(cards.basic_land("U"), player, Zone.LIBRARY)
    state = b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0)
    session = PhaseInProcess().start(state)
    assert session.state().obj(token).token and session.state().permanent(token) is not None
    events = session.apply(NINJUTSU.use(0, ninja, token))
    moved = [e for e in events if e.kind is EventKind.ZONE_CHANGE and e.card == token]
    assert moved and moved[0].to_zone is Zone.HAND
    after = session.state()
    assert after.permanent(token) is None and token not in after.player(0).hand  # 704.5d
    assert after.permanent(ninja) is not None
    session.apply(pass_priority(0))


def test_spells_on_the_stack_are_cast_by_phase_and_resolve() -> None:
    """P0's sorcery under P1's instant (cast in response), P0 holding priority: phase casts
    both, bottom first; their costs are the cards' own again once built."""
    b = StateBuilder()
    sorcery = b.put(life_spell("Sorcery", 2, cost="{1}{U}"), 0, Zone.HAND)
    instant = b.put(life_spell("Instant", 1, cost="{W}"), 1, Zone.HAND)
    for player in (0, 1):
        b.put(cards.basic_land("U"), player, Zone.LIBRARY)
    state = b.build(turn=2, active_player=0, step=Step.PRECOMBAT_MAIN, priority=0)
    state = spell_on_stack(spell_on_stack(state, sorcery, 0, (("cast-from", "hand"),)), instant, 1)
    session = PhaseInProcess().start(state)
    built = session.state()
    assert [(i.source, i.controller, i.kind) for i in built.stack] == [(sorcery, 0, "spell"), (instant, 1, "spell")]
    assert built.priority == 0 and not built.player(0).hand and not built.player(1).hand
    raw = session._raw()["objects"][str(session._ids.to_engine[sorcery])]
    assert raw["mana_cost"] == {"type": "Cost", "generic": 1, "shards": ["Blue"]} and "Flash" not in raw["keywords"]
    assert session.legal_actions() == [pass_priority(0)]
    resolve(session)
    after = session.state()
    assert (after.player(0).life, after.player(1).life) == (22, 21) and not after.stack


def test_a_pending_search_is_begun_by_phase_resolving_the_spell() -> None:
    b = StateBuilder()
    tutor = b.put(search_cards.TUTOR, 0, Zone.HAND)
    b.permanent(cards.basic_land("B"), 0, tapped=True)
    library = [b.put(cards.creature(1, n), 0, Zone.LIBRARY) for n in range(1, 4)]
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    state = spell_on_stack(b.build(turn=2, active_player=0, step=Step.PRECOMBAT_MAIN, priority=0), tutor, 0)
    search = Search(0, 0, tutor, search_cards.TUTOR.text, count=1, candidates=tuple(library), resolving="s1")
    state = state.replace(priority=None, pending=SearchDecision(0, search))
    session = PhaseInProcess().start(state)
    pending = session.state().pending
    assert isinstance(pending, SearchDecision)
    assert pending.search.source == tutor and set(pending.search.candidates) == set(library)
    session.apply(Action(ActionKind.CHOOSE_CARDS, 0, cards=(library[1],)))
    assert library[1] in session.state().player(0).hand
