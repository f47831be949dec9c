"""The phase.rs adapter's mana mapping: phase's ``ChooseManaColor`` prompt answered from the
action's ``("produce", symbol)`` (CR 106.7), "tapped for mana" triggers as triggered mana
abilities (106.12a, 605.4a), "twice as much" replacements (106.12b), and the one mana refusal
left, each shown against phase itself (``tests/phase_hand.py``). Skipped without the ``phase`` extra."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")

from engines.phase.cards import CACHE_ENV
from engines.phase.inprocess import PhaseInProcess
from generators import cards
from protocol.adapter import ActionRefused, StateUnsupported
from protocol.builder import StateBuilder
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, CardData, EventKind, GameState, Step, Zone
from tests.phase_hand import Board, Card, face

POOL_TEXT = "{T}: Add one mana of any type that a land you control could produce."
POOL = CardData("Pool Land", ("Land",), text=POOL_TEXT)


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "faces"))


def board(*permanents: tuple[CardData, int]) -> tuple[GameState, list[str]]:
    b = StateBuilder()
    ids = [b.permanent(card, controller) for card, controller in permanents]
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    return b.build(turn=2, active_player=0, step=Step.PRECOMBAT_MAIN, priority=0), ids


def produce(source: str, symbol: str | None) -> Action:
    costs = () if symbol is None else (("produce", symbol),)
    return Action(ActionKind.ACTIVATE, 0, source=source, ability="mana", costs=costs)


def test_the_mana_mechanics_phase_implements_are_supported() -> None:
    for needed in (Mechanic.COULD_PRODUCE, Mechanic.MANA_TRIGGERS, Mechanic.MANA_REPLACEMENT):
        assert PhaseInProcess().supports(frozenset({needed})), needed


def test_phase_asks_the_type_of_could_produce_mana_and_the_action_answers_it() -> None:
    """phase itself: a could-produce land asks ChooseManaColor with the lands' colours."""
    hand = Board(
        (Card("Pool Land", ("Land",), POOL_TEXT), Card("Forest", ("Land",), ""), Card("Island", ("Land",), ""))
    )
    hand.activate("Pool Land")
    assert hand.waiting()["type"] == "ChooseManaColor"
    assert sorted(hand.waiting()["data"]["choice"]["data"]["options"]) == ["Blue", "Green"]
    # the adapter: one action per offered type, each answered with its type
    state, (pool, _forest, _island) = board((POOL, 0), (cards.basic_land("G"), 0), (cards.basic_land("U"), 0))
    session = PhaseInProcess().start(state)
    legal = session.legal_actions()
    assert produce(pool, "G") in legal and produce(pool, "U") in legal and produce(pool, None) not in legal
    events = session.apply(produce(pool, "U"))
    assert session.state().player(0).mana_pool == ("U",) and session.state().priority == 0
    assert [e.detail for e in events if e.kind is EventKind.MANA] == ["U"]


def test_a_type_phase_does_not_offer_or_no_type_is_refused_without_a_change() -> None:
    state, ids = board((POOL, 0), (cards.basic_land("G"), 0), (cards.basic_land("U"), 0))
    session = PhaseInProcess().start(state)
    for wrong in ("R", None):
        with pytest.raises(ActionRefused):
            session.apply(produce(ids[0], wrong))
        assert session.state() == state.replace() or not session.state().permanent(ids[0]).tapped


def test_a_single_type_phase_chooses_itself_is_listed_as_that_choice() -> None:
    """With one type to choose phase asks nothing and adds it: the adapter names that choice."""
    hand = Board((Card("Pool Land", ("Land",), POOL_TEXT), Card("Plains", ("Land",), "")))
    hand.activate("Pool Land")
    assert hand.waiting()["type"] == "Priority" and hand.pool() == ["White"]
    state, (pool, _plains) = board((POOL, 0), (cards.basic_land("W"), 0))
    session = PhaseInProcess().start(state)
    assert produce(pool, "W") in session.legal_actions()
    with pytest.raises(ActionRefused, match="asks no type"):
        session.apply(produce(pool, "U"))
    session.apply(produce(pool, "W"))
    assert session.state().player(0).mana_pool == ("W",)


def test_a_tapped_for_mana_trigger_is_a_triggered_mana_ability() -> None:
    """phase resolves "add an additional {W}" at once (605.4a: no stack) and reports its mana
    and an EffectResolved; the adapter reports the trigger before that mana."""
    watcher = Card("Watcher", ("Enchantment",), "Whenever you tap a permanent for mana, add an additional {W}.")
    hand = Board((Card("Plains", ("Land",), ""), watcher))
    events = hand.activate("Plains")
    assert hand.pool() == ["White", "White"] and not hand.game.state()["state"]["stack"]
    assert any(e["type"] == "EffectResolved" and e["data"]["kind"] == "Mana" for e in events)
    state, (plains, watching) = board(
        (cards.basic_land("W"), 0), (CardData("Watcher", ("Enchantment",), text=watcher.text), 0)
    )
    session = PhaseInProcess().start(state)
    seen = [
        (e.kind, e.card) for e in session.apply(produce(plains, None)) if e.kind in (EventKind.MANA, EventKind.TRIGGER)
    ]
    assert seen == [(EventKind.MANA, plains), (EventKind.TRIGGER, watching), (EventKind.MANA, watching)]


def test_two_triggers_of_one_player_are_put_on_the_stack_in_the_order_they_triggered() -> None:
    """phase asks OrderTriggers for two life-gaining "tapped for mana" triggers; the adapter
    answers in phase's order (the model has no decision for it, 603.3b) and both go on the stack."""
    text, other = (
        "Whenever you tap a permanent for mana, you gain 1 life.",
        "Whenever you tap a land for mana, you gain 2 life.",
    )
    hand = Board(
        (Card("Plains", ("Land",), ""), Card("Watcher", ("Enchantment",), text), Card("Other", ("Enchantment",), other))
    )
    hand.activate("Plains")
    assert hand.waiting()["type"] == "OrderTriggers"
    state, (plains, *_watchers) = board(
        (cards.basic_land("W"), 0),
        (CardData("Watcher", ("Enchantment",), text=text), 0),
        (CardData("Other", ("Enchantment",), text=other), 0),
    )
    session = PhaseInProcess().start(state)
    events = session.apply(produce(plains, None))
    assert len([e for e in events if e.kind is EventKind.TRIGGER]) == 2
    assert session.state().priority == 0 and len(session.state().stack) == 2


def test_twice_as_much_under_you_tap_a_land_doubles_and_is_played() -> None:
    text = "If you tap a land for mana, it produces twice as much of that mana instead."
    state, (forest, _doubler) = board((cards.basic_land("G"), 0), (CardData("Doubler", ("Enchantment",), text=text), 0))
    session = PhaseInProcess().start(state)
    session.apply(produce(forest, None))
    assert session.state().player(0).mana_pool == ("G", "G")


@pytest.mark.parametrize("scope", ["permanent", "land"])
def test_phase_deviation_a_doubling_it_parses_is_inert(scope: str) -> None:
    """Deviation 9 (106.12b, 614.1a): phase parses "If a permanent/land is tapped for mana, it
    produces twice as much of that mana instead." as its own mandatory ``ProduceMana``
    replacement (scope ``TappedForMana``, no ``Unimplemented`` part), so it claims the card; yet
    the replacement has no effect and no mana modification, and a Forest under it adds one {G}.
    The adapter plays the card (it is no longer refused as unknown), so the invariants drawing
    it judge phase on it."""
    text = f"If a {scope} is tapped for mana, it produces twice as much of that mana instead."
    (replacement,) = face(Card("Doubler", ("Enchantment",), text))["replacements"]
    assert replacement["event"] == "ProduceMana" and replacement["mana_replacement_scope"]["type"] == "TappedForMana"
    assert replacement["execute"] is None and not replacement.get("mana_modification")
    hand = Board((Card("Forest", ("Land",), ""), Card("Doubler", ("Enchantment",), text)))
    hand.activate("Forest")
    assert hand.pool() == ["Green"]  # 106.12b: {G}{G}
    state, (forest, _doubler) = board((cards.basic_land("G"), 0), (CardData("Doubler", ("Enchantment",), text=text), 0))
    session = PhaseInProcess().start(state)
    session.apply(produce(forest, None))
    assert session.state().player(0).mana_pool == ("G",)


OPPONENT_POOL_TEXT = "{T}: Add one mana of any color that a land an opponent controls could produce."


def test_phase_asks_the_colours_of_the_opponents_lands_and_the_action_answers_it() -> None:
    """phase parses "any color that a land an opponent controls could produce" as
    ``OpponentLandColors`` and asks ChooseManaColor with the colours of the opponents' lands
    (not its controller's own), as for "any type" (106.7); the adapter answers it the same way."""
    pool = Card("Pool Land", ("Land",), OPPONENT_POOL_TEXT)
    assert face(pool)["abilities"][0]["effect"]["produced"]["type"] == "OpponentLandColors"
    hand = Board(
        (pool, Card("Swamp", ("Land",), ""), Card("Plains", ("Land",), "", 1), Card("Island", ("Land",), "", 1))
    )
    hand.activate("Pool Land")
    assert hand.waiting()["type"] == "ChooseManaColor"
    assert sorted(hand.waiting()["data"]["choice"]["data"]["options"]) == ["Blue", "White"]
    card = CardData("Pool Land", ("Land",), text=OPPONENT_POOL_TEXT)
    state, (land, _swamp, _plains, _island) = board(
        (card, 0), (cards.basic_land("B"), 0), (cards.basic_land("W"), 1), (cards.basic_land("U"), 1)
    )
    session = PhaseInProcess().start(state)
    legal = session.legal_actions()
    assert produce(land, "W") in legal and produce(land, "U") in legal and produce(land, "B") not in legal
    session.apply(produce(land, "W"))
    assert session.state().player(0).mana_pool == ("W",)


def test_with_no_opponent_land_phase_adds_no_mana_for_the_opponent_variant() -> None:
    """106.5, 106.7: no land an opponent controls, no type defined: phase taps and adds nothing."""
    hand = Board((Card("Pool Land", ("Land",), OPPONENT_POOL_TEXT), Card("Plains", ("Land",), "")))
    events = hand.activate("Pool Land")
    assert hand.waiting()["type"] == "Priority" and hand.pool() == []
    assert "PermanentTapped" in [e["type"] for e in events]


def test_phase_deviation_could_produce_skips_a_land_whose_cost_cannot_be_paid() -> None:
    """106.7: what a land "could produce" ignores whether its ability's cost could be paid. An
    untapped "{Q}: Add {U}." land could produce {U}; phase offers only the Plains' {W} (it asks
    nothing and adds {W})."""
    pool = Card("Pool Land", ("Land",), "{T}: Add one mana of any type that a land an opponent controls could produce.")
    hand = Board((pool, Card("Plains", ("Land",), "", 1), Card("Untapper", ("Land",), "{Q}: Add {U}.", 1)))
    hand.activate("Pool Land")
    assert hand.waiting()["type"] == "Priority" and hand.pool() == ["White"]  # no choice of {U}


def test_phase_deviation_could_produce_ignores_replacement_effects() -> None:
    """106.7: "could produce" counts replacement effects. Under "If a land is tapped for mana, it
    produces {W} instead ...", the Island could produce only {W}; phase chooses {U} for the
    could-produce land (what the Island's ability says), and the replacement then makes it {W}."""
    text = "If a land is tapped for mana, it produces {W} instead of any other type and amount."
    hand = Board(
        (Card("Pool Land", ("Land",), POOL_TEXT), Card("Island", ("Land",), ""), Card("Warden", ("Enchantment",), text))
    )
    events = hand.activate("Pool Land")
    chosen = [e["data"]["produced"] for e in events if e["type"] == "ManaAbilityProduced"]
    assert chosen == [["Blue"]] and hand.pool() == ["White"]


def test_phase_deviation_you_tap_replacement_applies_to_the_other_players_taps() -> None:
    """106.12b, 614.1a: "If you tap a permanent for mana" is its controller's taps only. P1's
    Warden turns P0's Plains' {W} into {G} on phase."""
    text = "If you tap a permanent for mana, it produces {G} instead of any other type and amount."
    hand = Board((Card("Plains", ("Land",), ""), Card("Warden", ("Enchantment",), text, 1)))
    events = hand.activate("Plains")
    assert any(e["type"] == "ReplacementApplied" for e in events) and hand.pool() == ["Green"]


@pytest.mark.parametrize(
    "text",
    [
        "If a land is tapped for two or more mana, it produces {R}{R} instead of any other type and amount.",
        "If a land is tapped for {G}, it produces twice as much of that mana instead.",
        "If you tap a Forest for mana, it produces {C} instead of any other type and amount.",
    ],
)
def test_replacements_phase_cannot_parse_are_refused_as_cards_it_does_not_know(text: str) -> None:
    """phase's own parser leaves these lines unimplemented: the card is refused, as the engine's
    not knowing the card (``Gap.CARD``), not as the adapter's gap."""
    from engines.phase.cards import unparsed_abilities
    from protocol.adapter import Gap

    assert unparsed_abilities(face(Card("Warden", ("Enchantment",), text)))
    state, _ids = board((cards.basic_land("G"), 0), (CardData("Warden", ("Enchantment",), text=text), 0))
    with pytest.raises(StateUnsupported) as refused:
        PhaseInProcess().start(state)
    assert refused.value.gap is Gap.CARD


def test_any_color_and_either_color_abilities_are_answered_like_could_produce() -> None:
    """phase asks the same single-colour ChooseManaColor for "Add {G} or {U}." (AnyOneColor)."""
    text = "{T}: Add {G} or {U}."
    hand = Board((Card("Dual Land", ("Land",), text),))
    hand.activate("Dual Land")
    assert sorted(hand.waiting()["data"]["choice"]["data"]["options"]) == ["Blue", "Green"]
    state, (dual,) = board((CardData("Dual Land", ("Land",), text=text), 0))
    session = PhaseInProcess().start(state)
    assert {produce(dual, "G"), produce(dual, "U")} <= set(session.legal_actions())
    session.apply(produce(dual, "G"))
    assert session.state().player(0).mana_pool == ("G",)


def test_phase_deviation_any_color_a_land_could_produce_is_read_as_any_color() -> None:
    """phase parses "Add one mana of any color that a land you control could produce." as plain
    "any color" (AnyOneColor, all five colours): alone on the battlefield, where no land could
    produce anything (106.5, 106.7: it adds no mana), it offers W, U, B, R and G."""
    text = "{T}: Add one mana of any color that a land you control could produce."
    assert face(Card("Pool Land", ("Land",), text))["abilities"][0]["effect"]["produced"]["type"] == "AnyOneColor"
    hand = Board((Card("Pool Land", ("Land",), text),))
    hand.activate("Pool Land")
    assert hand.waiting()["type"] == "ChooseManaColor"
    assert sorted(hand.waiting()["data"]["choice"]["data"]["options"]) == ["Black", "Blue", "Green", "Red", "White"]
