"""The engine-neutral model: JSON round trips, validation, and the consistency check."""

import pytest
from hypothesis import given

from generators import cards
from generators.ninjutsu import NinjutsuSpec, ninjutsu_scenarios
from protocol import codec
from protocol.builder import StateBuilder
from protocol.consistency import InconsistentState, check, problems
from protocol.keywords import LIBRARY_NINJUTSU, NINJUTSU, SNEAK
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    Event,
    EventKind,
    GameState,
    Permanent,
    Step,
    TargetKind,
    Zone,
    mana_value,
    parse_mana_cost,
)


@given(ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, tuple(Step), observer=True)))
def test_generated_states_round_trip_through_json_and_are_consistent(scenario):
    state = scenario.state
    assert GameState.from_json(state.to_json()) == state
    assert problems(state) == []


def test_actions_and_events_round_trip():
    action = Action(ActionKind.ACTIVATE, 0, source="c3", ability="ninjutsu", costs=(("return", "c1"),))
    assert codec.loads(Action, codec.dumps(action)) == action
    event = Event(EventKind.ZONE_CHANGE, card="c1", from_zone=Zone.BATTLEFIELD, to_zone=Zone.HAND)
    assert codec.loads(Event, codec.dumps(event)) == event


def test_each_keyword_has_one_action_builder_with_the_documented_costs():
    """``KeywordVariant.use`` is the one builder of ninjutsu-family and sneak actions; the wire
    form it builds is the one ``Action``'s docstring documents for adapters."""
    assert NINJUTSU.use(0, "c3", "c1") == Action(
        ActionKind.ACTIVATE, 0, source="c3", ability="ninjutsu", costs=(("return", "c1"),)
    )
    assert LIBRARY_NINJUTSU.use(1, "c3", None).costs == ()
    assert SNEAK.use(0, "c4", "c1") == Action(
        ActionKind.CAST, 0, source="c4", costs=(("alternative", "sneak"), ("return", "c1"))
    )
    assert SNEAK.use(0, "c4", "c1", choice=1).costs == (("alternative", "sneak"), ("sneak", "1"), ("return", "c1"))
    assert SNEAK.use(0, "c4", None, choice=2).costs == (("alternative", "sneak"), ("sneak", "2"))


def test_attack_target_is_a_player_planeswalker_or_battle():
    assert AttackTarget.of_player(1).kind is TargetKind.PLAYER
    assert AttackTarget.of_permanent(TargetKind.BATTLE, "c4").permanent == "c4"
    with pytest.raises(ValueError):
        AttackTarget(TargetKind.PLAYER, permanent="c1")
    with pytest.raises(ValueError):
        AttackTarget(TargetKind.PLANESWALKER, player=1)


def test_decode_errors_name_the_json_path():
    with pytest.raises(codec.DecodeError, match=r"\$\.players\[0\]\.life: expected an integer"):
        GameState.from_json('{"cards": [], "objects": [], "players": [{"index": 0, "life": "x"}, {"index": 1}]}')
    with pytest.raises(codec.DecodeError, match=r"\$\.step: 'lunch' is not a Step"):
        GameState.from_json('{"cards": [], "objects": [], "players": [{"index": 0}, {"index": 1}], "step": "lunch"}')
    with pytest.raises(codec.DecodeError, match="unknown field"):
        GameState.from_json('{"cards": [], "objects": [], "players": [{"index": 0}, {"index": 1}], "colour": 1}')


def test_mana_costs():
    assert parse_mana_cost("{2}{U}{B}") == ("2", "U", "B")
    assert mana_value("{2}{U}{B}") == 4
    with pytest.raises(ValueError):
        parse_mana_cost("2U")


def _board() -> StateBuilder:
    b = StateBuilder()
    return b


def test_an_object_in_two_zones_is_named():
    b = _board()
    bear = b.permanent(cards.creature(2, 2), 0)
    state = b.build()
    p0 = state.players[0].__class__(0, hand=(bear,))
    bad = state.replace(players=(p0, state.players[1]))
    assert any("in 2 zones" in p and bear in p for p in problems(bad))
    with pytest.raises(InconsistentState, match="in 2 zones"):
        check(bad)


def test_attackers_must_be_creatures_of_the_active_player_in_combat():
    b = _board()
    land = b.permanent(cards.basic_land("U"), 0, attacking=AttackTarget.of_player(1), blocked=False)
    theirs = b.permanent(cards.creature(2, 2), 1, attacking=AttackTarget.of_player(0), blocked=False)
    found = problems(b.build(step=Step.DECLARE_BLOCKERS, active_player=0))
    assert any(f"{land} is attacking but is not a creature" in p for p in found)
    assert any(f"{theirs} is attacking but its controller is not the active player" in p for p in found)
    assert any("outside combat" in p for p in problems(b.build(step=Step.PRECOMBAT_MAIN)))


def test_blockers_must_block_blocked_attackers():
    b = _board()
    attacker = b.permanent(cards.creature(2, 2), 0, attacking=AttackTarget.of_player(1), blocked=False)
    blocker = b.permanent(cards.creature(2, 2), 1, blocking=(attacker,))
    assert any(
        f"{blocker} blocks {attacker}, which is not marked blocked" in p
        for p in problems(b.build(step=Step.DECLARE_BLOCKERS))
    )


def test_blocked_status_exists_only_after_blockers_are_declared():
    b = _board()
    b.permanent(cards.creature(2, 2), 0, attacking=AttackTarget.of_player(1), blocked=False)
    assert any("before blockers were declared" in p for p in problems(b.build(step=Step.DECLARE_ATTACKERS)))
    b2 = _board()
    b2.permanent(cards.creature(2, 2), 0, attacking=AttackTarget.of_player(1))
    assert any("neither blocked nor unblocked" in p for p in problems(b2.build(step=Step.COMBAT_DAMAGE)))


def test_attacking_a_planeswalker_of_your_own_is_inconsistent():
    b = _board()
    walker = b.permanent(cards.planeswalker(3), 0, counters=(("loyalty", 3),))
    b.permanent(cards.creature(2, 2), 0, attacking=AttackTarget.of_permanent(TargetKind.PLANESWALKER, walker))
    assert any("planeswalker its own controller controls" in p for p in problems(b.build(step=Step.DECLARE_ATTACKERS)))


def test_size_counts_permanents_and_library_cards():
    b = _board()
    b.permanent(cards.creature(2, 2), 0)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    assert b.build().size() == 2


def test_card_data_exports_mtgjson_shape():
    data = cards.ninja("ninjutsu", "{1}{U}", 2, 2, first_strike=True).to_mtgjson()
    assert data["manaCost"] == "{2}{U}" and data["colors"] == ["U"]
    assert data["keywords"] == ["Ninjutsu", "First strike"]
    assert data["text"].startswith("Ninjutsu {1}{U}")
    assert data["type"] == "Creature — Human Ninja"
    assert {"name", "colors", "colorIdentity", "layout", "manaValue", "identifiers"} <= set(data)


def test_permanent_counters():
    assert Permanent("c1", 0, counters=(("loyalty", 3),)).counter("loyalty") == 3
