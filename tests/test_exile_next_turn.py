"""Permissions "until the end of your next turn" (the impulse draws): the protocol says when one ends,
the reference engine ends it then, the stay-exiled check plays to the end of the holder's next turn,
and a ruling's named time must be the card's (issue 24, sixteenth round)."""

import pytest
from hypothesis import given, settings

from engines.reference import ReferenceEngine
from harness.profiles import FEW_DRAWS
from harness.runner import run_case
from protocol.adapter import Gap, StateUnsupported
from protocol.builder import StateBuilder
from protocol.consistency import problems
from protocol.model import CardData, PlayPermission, Step, Zone
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha
from rulings.invariants.exile import last_permitted_turn, permission_until

IMPULSE = CardData(
    "Reckless Test",
    ("Sorcery",),
    mana_cost="{1}{R}",
    text="Exile the top two cards of your library. Until the end of your next turn, you may play those cards.",
)
TODAY = CardData(
    "Hasty Test",
    ("Sorcery",),
    mana_cost="{1}{R}",
    text="Exile the top card of your library. You may play that card this turn.",
)
FOREVER = CardData(
    "Patient Test",
    ("Sorcery",),
    mana_cost="{1}{R}",
    text="Exile the top card of your library. For as long as that card remains exiled, you may play it.",
)
POOL = CardPool({c.name: c for c in (IMPULSE, TODAY, FOREVER)})
STAY = "Any cards you don't play by the end of your next turn will remain exiled."
STAY_TODAY = "If you don't play the exiled card this turn, it remains exiled."
GONE_LATER = "It won't be available to be played on future turns."


def compiled(text: str, card: str):
    ruling = Ruling("t.r", text, ruling_sha(text), (card,), ("test",), (), (), "executable")
    suite = compile_corpus(Corpus((ruling,)), POOL)
    (coverage,) = suite.coverage
    return coverage, [suite.invariant(i) for i in coverage.invariants]


def test_the_cards_permission_is_read_from_its_text():
    assert permission_until(IMPULSE) == "end-of-your-next-turn"
    assert permission_until(TODAY) == "end-of-turn"
    assert permission_until(FOREVER) is None


@pytest.mark.parametrize(
    "granted, turn, active, holder, last",
    [
        (4, 4, 0, 0, 6),  # made in the holder's turn: their next turn is two turns on
        (4, 4, 1, 0, 5),  # made in the opponent's turn: the holder's next turn is the next one
        (3, 4, 0, 0, 4),  # made in the opponent's turn before: this turn is the holder's next
        (3, 4, 1, 0, 5),
    ],
)
def test_a_next_turn_permission_ends_with_its_holders_first_turn_after_it_was_made(granted, turn, active, holder, last):
    permission = PlayPermission("c1", holder, until="end-of-your-next-turn", granted_turn=granted)
    ends = [
        t
        for t in range(granted, granted + 4)
        if permission.ends_in_cleanup_of(t, active if (t - turn) % 2 == 0 else 1 - active)
    ]
    assert ends[0] == last
    b = StateBuilder()
    card = b.put(TODAY, 1, Zone.EXILE)
    state = b.build(
        turn=turn,
        active_player=active,
        step=Step.END,
        priority=holder,
        permissions=(PlayPermission(card, holder, until="end-of-your-next-turn", granted_turn=granted),),
    )
    assert last_permitted_turn(state, holder, (card,)) == last
    assert PlayPermission("c1", holder).ends_in_cleanup_of(turn, active)


def test_a_next_turn_permission_made_after_the_current_turn_is_inconsistent():
    b = StateBuilder()
    card = b.put(TODAY, 1, Zone.EXILE)
    state = b.build(turn=3, permissions=(PlayPermission(card, 0, until="end-of-your-next-turn", granted_turn=5),))
    assert any("made in turn 5" in p for p in problems(state))


def test_a_ruling_naming_the_end_of_your_next_turn_compiles_for_such_a_card_and_passes():
    coverage, (inv,) = compiled(STAY, IMPULSE.name)
    assert coverage.coverage == "template" and coverage.template == "play-from-exile.uncast-stay-exiled"

    @settings(settings.get_profile(FEW_DRAWS))
    @given(inv.scenarios())
    def draws(scenario):
        assert scenario.state.permissions
        assert all(p.until == "end-of-your-next-turn" for p in scenario.state.permissions)

    draws()
    record = run_case("reference", ReferenceEngine(), inv, profile="dev", seed=0)
    assert record.status == "pass", record.reason


@pytest.mark.parametrize(
    "text, card, why",
    [
        (STAY_TODAY, IMPULSE.name, "lasts until the end of your next turn, the ruling says it ends this turn"),
        (f"{STAY_TODAY} {GONE_LATER}", IMPULSE.name, "the ruling says it ends this turn"),
        (STAY, TODAY.name, "the card's does not"),
        (STAY, FOREVER.name, "lasts beyond the turn"),
    ],
)
def test_a_time_the_card_does_not_give_leaves_the_ruling_uncovered(text, card, why):
    coverage, invariants = compiled(text, card)
    assert coverage.coverage == "uncovered" and not invariants
    assert why in (coverage.reason or ""), coverage.reason


def test_a_this_turn_ruling_of_a_this_turn_card_still_compiles():
    coverage, _ = compiled(f"{STAY_TODAY} {GONE_LATER}", TODAY.name)
    assert coverage.coverage == "template", coverage.reason


@pytest.mark.parametrize(
    "ends_early, why",
    [(True, "not offered in its holder's next turn"), (False, "still playable after the turn")],
)
def test_an_engine_that_ends_the_permission_at_the_wrong_cleanup_fails(ends_early, why):
    """Ended at the first cleanup (the holder loses the next turn's plays), or never: both fail."""
    _, (inv,) = compiled(STAY, IMPULSE.name)
    engine = ReferenceEngine(
        {"exile.permission_ends_at_cleanup": lambda self, game, permission: ends_early}, name="wrong-cleanup"
    )
    record = run_case("wrong-cleanup", engine, inv, profile="dev", seed=0)
    assert record.status == "fail", (record.status, record.reason)
    assert record.failure is not None and why in str(record.failure), record.failure


def test_the_phase_adapter_names_phases_gap_for_a_next_turn_permission():
    grants = pytest.importorskip("engines.phase.grants", reason="the phase extra is not installed")
    with pytest.raises(StateUnsupported) as raised:
        grants.permission_entries(PlayPermission("c1", 0, until="end-of-your-next-turn", granted_turn=2), 7)
    assert raised.value.gap is Gap.ENGINE


def test_the_time_a_paragraph_names_carries_to_its_later():
    """ "You won't be able to play it later" after "by the end of your next turn" is later than that."""
    later = "You won't be able to play it later."
    coverage, _ = compiled(
        f"If you don't play the exiled card by the end of your next turn, it stays in exile. {later}", IMPULSE.name
    )
    assert coverage.coverage == "template", coverage.reason
    coverage, _ = compiled(f"{STAY_TODAY} {later}", TODAY.name)
    assert coverage.coverage == "template", coverage.reason
    coverage, _ = compiled(f"{STAY_TODAY} {later}", IMPULSE.name)
    assert coverage.coverage == "uncovered"
