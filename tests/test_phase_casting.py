"""The phase.rs adapter's casting, search and rebound mappings on known-good scenarios: a spell
cast with a target, X chosen, a search choice and the cards it finds, sneak offered in the
declare blockers step, rebound's may-cast. Skipped without the ``phase`` extra."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")

from engines.phase.cards import CACHE_ENV
from engines.phase.inprocess import PhaseInProcess, PhaseSession
from generators import cards, search_cards, spell_cards
from generators.mana import x_creature
from generators.rebound import counter_with_rebound
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.decisions import MayCast, SearchDecision
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    CardData,
    DelayedTrigger,
    Event,
    EventKind,
    Step,
    Zone,
    pass_priority,
)


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "faces"))


def resolve(session: PhaseSession) -> list[Event]:
    """Pass priority (both players) until the stack is empty or a choice is pending."""
    events: list[Event] = []
    for _ in range(10):
        state = session.state()
        if not state.stack or state.pending is not None:
            return events
        events += session.apply(pass_priority(state.priority))  # type: ignore[arg-type]
    raise AssertionError("the stack did not resolve")


def test_cast_with_a_target_then_search_the_targets_library() -> None:
    b = StateBuilder()
    bribery = b.put(search_cards.BRIBERY_CARD, 0, Zone.HAND)
    b.permanent(cards.basic_land("B"), 0)
    wanted = b.put(cards.creature(2, 2), 1, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    b.put(cards.basic_land("B"), 0, Zone.LIBRARY)
    session = PhaseInProcess().start(b.build(turn=2, priority=0))
    assert any(a.kind is ActionKind.CAST and a.source == bribery for a in session.legal_actions())
    with pytest.raises(ActionRefused):  # player 0 is not an opponent of player 0
        session.apply(Action(ActionKind.CAST, 0, source=bribery, targets=("player:0",)))
    events = session.apply(Action(ActionKind.CAST, 0, source=bribery, targets=("player:1",)))
    assert any(e.kind is EventKind.CAST and e.card == bribery for e in events)
    assert session.state().zone_of(bribery) is Zone.STACK
    events = resolve(session)
    pending = session.state().pending
    assert isinstance(pending, SearchDecision)
    search = pending.search
    assert (search.searcher, search.library, search.source, search.card_type) == (0, 1, bribery, "creature")
    assert wanted in search.candidates
    assert any(e.kind is EventKind.SEARCH and e.target == "library:1" for e in events)
    choices = [a for a in session.legal_actions() if a.kind is ActionKind.CHOOSE_CARDS]
    assert Action(ActionKind.CHOOSE_CARDS, 0, cards=(wanted,)) in choices
    events = session.apply(Action(ActionKind.CHOOSE_CARDS, 0, cards=(wanted,)))
    after = session.state()
    assert after.pending is None and after.permanent(wanted) is not None
    assert after.permanent(wanted).controller == 0  # type: ignore[union-attr]
    assert any(e.kind is EventKind.FIND and e.card == wanted for e in events)
    assert any(e.kind is EventKind.SHUFFLE and e.player == 1 for e in events)
    assert after.player(0).searched_library


def test_search_restricted_to_the_top_four_by_an_opponents_censor() -> None:
    b = StateBuilder()
    tutor = b.put(search_cards.TUTOR, 0, Zone.HAND)
    b.permanent(cards.basic_land("B"), 0)
    b.permanent(search_cards.MINDCENSOR, 1)
    library = [b.put(cards.creature(1, n), 0, Zone.LIBRARY) for n in range(1, 7)]
    session = PhaseInProcess().start(b.build(turn=2, priority=0))
    session.apply(Action(ActionKind.CAST, 0, source=tutor))
    resolve(session)
    search = session.state().pending.search  # type: ignore[union-attr]
    assert search is not None and set(search.candidates) == set(library[:4]) and search.visible == 4
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.CHOOSE_CARDS, 0, cards=(library[5],)))


def test_a_restricted_search_of_a_short_library_still_reports_the_restriction() -> None:
    """phase's search of a library of at most four cards shows all of it either way: the
    restriction (``visible``) is read from the opponent's static phase applies, not from the count."""
    b = StateBuilder()
    tutor = b.put(search_cards.TUTOR, 0, Zone.HAND)
    b.permanent(cards.basic_land("B"), 0)
    b.permanent(search_cards.MINDCENSOR, 1)
    library = [b.put(cards.creature(1, n), 0, Zone.LIBRARY) for n in range(1, 3)]
    session = PhaseInProcess().start(b.build(turn=2, priority=0))
    session.apply(Action(ActionKind.CAST, 0, source=tutor))
    resolve(session)
    search = session.state().pending.search  # type: ignore[union-attr]
    assert search is not None and set(search.candidates) == set(library) and search.visible == 4


def test_a_search_without_an_opponents_restriction_sees_the_whole_library() -> None:
    b = StateBuilder()
    tutor = b.put(search_cards.TUTOR, 0, Zone.HAND)
    b.permanent(cards.basic_land("B"), 0)
    b.permanent(search_cards.MINDCENSOR, 0)  # the searcher's own: it restricts opponents only
    library = [b.put(cards.creature(1, n), 0, Zone.LIBRARY) for n in range(1, 7)]
    session = PhaseInProcess().start(b.build(turn=2, priority=0))
    session.apply(Action(ActionKind.CAST, 0, source=tutor))
    resolve(session)
    search = session.state().pending.search  # type: ignore[union-attr]
    assert search is not None and set(search.candidates) == set(library) and search.visible is None


def test_x_is_chosen_from_the_cast_action() -> None:
    b = StateBuilder()
    hydra = b.put(x_creature("{G}", 0, True, False), 0, Zone.HAND)
    for _ in range(3):
        b.permanent(cards.basic_land("G"), 0)
    session = PhaseInProcess().start(b.build(turn=2, priority=0))
    with pytest.raises(ActionRefused):  # phase asks for X: the action must choose it
        session.apply(Action(ActionKind.CAST, 0, source=hydra))
    assert session.state().zone_of(hydra) is Zone.HAND  # the refused cast left nothing behind
    session.apply(Action(ActionKind.CAST, 0, source=hydra, costs=(("x", "2"),)))
    resolve(session)
    perm = session.state().permanent(hydra)
    assert perm is not None and perm.counter("+1/+1") == 2


def test_sneak_is_offered_in_the_declare_blockers_step() -> None:
    b = StateBuilder()
    attacker = b.permanent(cards.creature(2, 2), 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=False)
    sneaker = b.put(spell_cards.sneak_creature(3, 3, ("{1}{B}",)), 0, Zone.HAND)
    for _ in range(2):
        b.permanent(cards.basic_land("B"), 0)
    b.put(cards.basic_land("B"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("B"), 1, Zone.LIBRARY)
    session = PhaseInProcess().start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    sneak = Action(ActionKind.CAST, 0, source=sneaker, costs=(("alternative", "sneak"), ("return", attacker)))
    assert sneak in session.legal_actions()
    session.apply(sneak)
    resolve(session)
    perm = session.state().permanent(sneaker)
    assert perm is not None and perm.attacking == AttackTarget.of_player(1)
    assert session.state().zone_of(attacker) is Zone.HAND


def test_rebound_offers_the_cast_from_exile_at_the_next_upkeep() -> None:
    spell = CardData(
        "Instant of 3 Life with Rebound",
        ("Instant",),
        mana_cost="{1}{W}",
        text="You gain 3 life.\n" + spell_cards.REBOUND_REMINDER,
        keywords=("Rebound",),
    )
    b = StateBuilder()
    card = b.put(spell, 0, Zone.HAND)
    for _ in range(2):
        b.permanent(cards.basic_land("W"), 0)
    for player in (0, 1):
        for _ in range(2):
            b.put(cards.basic_land("W"), player, Zone.LIBRARY)
    session = PhaseInProcess().start(b.build(turn=2, priority=0))
    session.apply(Action(ActionKind.CAST, 0, source=card))
    resolve(session)
    assert session.state().zone_of(card) is Zone.EXILE and session.state().player(0).life == 23
    for _ in range(60):
        state = session.state()
        if state.pending is not None:
            break
        session.apply(pass_priority(state.priority))  # type: ignore[arg-type]
    pending = session.state().pending
    assert isinstance(pending, MayCast) and pending.cards == (card,)
    assert session.state().step is Step.UPKEEP and session.state().active_player == 0
    assert Action(ActionKind.CAST, 0, source=card) in session.legal_actions()
    assert Action(ActionKind.CHOOSE_CARDS, 0) in session.legal_actions()
    session.apply(Action(ActionKind.CAST, 0, source=card))
    resolve(session)
    assert session.state().player(0).life == 26


def rebound_offer_of(card: CardData) -> tuple[PhaseSession, str]:
    """A phase session at rebound's offer for ``card``, loaded exiled at player 0's upkeep."""
    b = StateBuilder()
    exiled = b.put(card, 0, Zone.EXILE)
    for player in (0, 1):
        for _ in range(2):
            b.put(cards.basic_land("W"), player, Zone.LIBRARY)
    state = b.build(turn=3, step=Step.UPKEEP, priority=None, delayed=(DelayedTrigger("rebound", exiled, 0),))
    session = PhaseInProcess().start(state)
    for _ in range(20):
        if session.state().pending is not None or session.state().step is not Step.UPKEEP:
            break
        session.apply(pass_priority(session.state().actor))  # type: ignore[arg-type]
    return session, exiled


def test_rebound_offer_of_a_targeted_card_lists_one_cast_per_target_and_casts_at_it() -> None:
    spell = spell_cards.life_spell("Instant", 2, rebound=True, cost="{W}", targeted=True)
    session, card = rebound_offer_of(spell)
    assert isinstance(session.state().pending, MayCast)
    casts = {a for a in session.legal_actions() if a.kind is ActionKind.CAST}
    targeted = {Action(ActionKind.CAST, 0, source=card, targets=(f"player:{p}",)) for p in (0, 1)}
    assert casts == targeted  # not the bare accepting: phase then asks for the target
    session.apply(Action(ActionKind.CAST, 0, source=card, targets=("player:1",)))
    resolve(session)
    state = session.state()
    assert (state.player(0).life, state.player(1).life) == (20, 22) and state.zone_of(card) is Zone.GRAVEYARD


def test_rebound_offer_of_a_card_with_no_legal_target_lists_no_cast() -> None:
    session, card = rebound_offer_of(counter_with_rebound("{U}"))
    if isinstance(session.state().pending, MayCast):  # phase asks, but accepting would cast nothing
        assert [a for a in session.legal_actions() if a.kind is ActionKind.CAST] == []
        with pytest.raises(ActionRefused):
            session.apply(Action(ActionKind.CAST, 0, source=card))
        session.apply(Action(ActionKind.CHOOSE_CARDS, 0))
    assert session.state().zone_of(card) is Zone.EXILE


def test_class_levels_are_loaded_read_back_and_gained_by_level_abilities() -> None:
    klass = CardData(
        "Plain Class",
        ("Enchantment",),
        mana_cost="{1}{B}",
        subtypes=("Class",),
        text="\n".join(
            [
                spell_cards.CLASS_REMINDER,
                "Whenever a creature you control leaves the battlefield, each opponent loses 1 life.",
                "{1}{B}: Level 2",
                "Creatures you control get +1/+0.",
                "{B}: Level 3",
                "You have no maximum hand size.",
            ]
        ),
    )
    b = StateBuilder()
    plain = b.permanent(klass, 0, class_level=1)
    for _ in range(3):
        b.permanent(cards.basic_land("B"), 0)
    b.put(cards.basic_land("B"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("B"), 1, Zone.LIBRARY)
    session = PhaseInProcess().start(b.build(turn=2, priority=0))
    assert session.state().permanent(plain).class_level == 1  # type: ignore[union-attr]
    offered = [a for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE and a.source == plain]
    assert [a.ability for a in offered] == ["level:2"]
    session.apply(Action(ActionKind.ACTIVATE, 0, source=plain, ability="level:2"))
    assert session.state().stack  # level up uses the stack (716.2a)
    resolve(session)
    assert session.state().permanent(plain).class_level == 2  # type: ignore[union-attr]
    with pytest.raises(ActionRefused):
        session.apply(Action(ActionKind.ACTIVATE, 0, source=plain, ability="level:2"))
