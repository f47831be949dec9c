"""phase.rs's combat damage assignment prompt through the adapter (CR 510.1c-d, 702.19b trample,
702.2c deathtouch), and the deviation it shows, driven by hand on phase itself
(``tests/phase_hand.py``). Skipped without the ``phase`` extra."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")

from engines.phase.cards import CACHE_ENV
from engines.phase.inprocess import PhaseInProcess
from generators import cards
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.decisions import AssignCombatDamage, DamageRecipient, Trample
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, AttackTarget, CardData, EventKind, GameState, Step, Zone, pass_priority
from tests.phase_hand import Board, Card


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "faces"))


def attacker_card(power: int, toughness: int, *keywords: str) -> CardData:
    name = f"Beast {power}/{toughness}" + (f" ({', '.join(k.lower() for k in keywords)})" if keywords else "")
    return CardData(
        name,
        ("Creature",),
        "{3}{G}",
        subtypes=("Beast",),
        power=str(power),
        toughness=str(toughness),
        text="\n".join(keywords),
        keywords=keywords,
    )


def blocked_state(attacker: CardData, blockers: list[tuple[int, int]]) -> tuple[GameState, str, list[str]]:
    """P0's ``attacker`` attacks P1 and is blocked by creatures of these sizes (declare blockers)."""
    b = StateBuilder()
    att = b.permanent(attacker, 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=True)
    ids = [b.permanent(cards.creature(p, t), 1, blocking=(att,)) for p, t in blockers]
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    return b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0), att, ids


def to_assignment(state: GameState):  # type: ignore[no-untyped-def]
    session = PhaseInProcess().start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    return session


def test_trample_is_mapped() -> None:
    assert PhaseInProcess().supports(frozenset({Mechanic.TRAMPLE, Mechanic.DEATHTOUCH}))


def test_a_gang_blocked_attacker_waits_for_its_division_and_phase_judges_it() -> None:
    state, att, (first, second) = blocked_state(attacker_card(5, 5), [(1, 2), (1, 2)])
    session = to_assignment(state)
    pending = session.state().pending
    assert isinstance(pending, AssignCombatDamage) and pending.player == 0
    (source,) = pending.sources
    assert source.source == att and source.amount == 5 and source.trample is None
    assert source.creatures == (DamageRecipient(first, 2), DamageRecipient(second, 2))
    events = session.apply(Action(ActionKind.ASSIGN_DAMAGE, 0, damage=((att, first, 1), (att, second, 4))))
    dealt = sorted((e.target, e.amount) for e in events if e.kind is EventKind.DAMAGE and e.card == att)
    assert dealt == [(first, 1), (second, 4)]


def test_trample_beyond_the_blockers_only_after_lethal_damage() -> None:
    state, att, (blocker,) = blocked_state(attacker_card(5, 5, "Trample"), [(1, 2)])
    session = to_assignment(state)
    (source,) = session.state().pending.sources  # type: ignore[union-attr]
    assert source.trample is Trample.TRAMPLE and [r.ref for r in source.beyond] == ["player:1"]
    with pytest.raises(ActionRefused, match="lethal damage"):
        session.apply(Action(ActionKind.ASSIGN_DAMAGE, 0, damage=((att, blocker, 1), (att, "player:1", 4))))
    session.apply(Action(ActionKind.ASSIGN_DAMAGE, 0, damage=((att, blocker, 2), (att, "player:1", 3))))
    assert session.state().player(1).life == 17


def test_deathtouch_makes_one_damage_lethal_for_trample() -> None:
    state, att, (blocker,) = blocked_state(attacker_card(5, 5, "Deathtouch", "Trample"), [(1, 4)])
    session = to_assignment(state)
    (source,) = session.state().pending.sources  # type: ignore[union-attr]
    assert source.deathtouch and source.creatures == (DamageRecipient(blocker, 4),)  # 702.2c: lethal_to gives 1
    session.apply(Action(ActionKind.ASSIGN_DAMAGE, 0, damage=((att, blocker, 1), (att, "player:1", 4))))
    assert session.state().player(1).life == 16 and session.state().permanent(blocker) is None


def test_a_double_striking_tramplers_division_is_asked_in_the_first_strike_step() -> None:
    state, _att, _blockers = blocked_state(attacker_card(5, 1, "Double strike", "Trample"), [(1, 1)])
    assert to_assignment(state).state().step is Step.FIRST_STRIKE_DAMAGE


def test_phase_deals_regular_damage_with_first_strike_damage_without_priority_between() -> None:
    """The deviation the trample invariants with double strike show, on phase itself: once the
    first-strike damage is assigned, phase deals the regular combat damage in the same call,
    and nobody gets priority in the first-strike damage step (510.4, 117.3a)."""
    board = Board(
        (
            Card("Striker", ("Creature",), "Double strike\nTrample", 0, 5, 1, ("Double strike", "Trample")),
            Card("Chump", ("Creature",), "", 1, 1, 1),
        ),
        step="BeginCombat",
    )
    striker, chump = board.ids["Striker"], board.ids["Chump"]
    while board.waiting()["type"] == "Priority":
        board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    board.apply(
        0, {"type": "DeclareAttackers", "data": {"attacks": [[striker, {"type": "Player", "data": 1}]], "bands": []}}
    )
    while board.waiting()["type"] == "Priority":
        board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    board.apply(1, {"type": "DeclareBlockers", "data": {"assignments": [[chump, striker]]}})
    while board.waiting()["type"] == "Priority":
        board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    assert board.waiting()["type"] == "AssignCombatDamage"
    answer = {"mode": "Normal", "assignments": [[chump, 5]], "trample_damage": 0, "controller_damage": 0}
    events = board.apply(0, {"type": "AssignCombatDamage", "data": answer})
    dealt = [(e["data"]["target"], e["data"]["amount"]) for e in events if e["type"] == "DamageDealt"]
    assert dealt == [({"Object": chump}, 5), ({"Player": 1}, 5)]  # both passes in one call
    combat = board.game.state()["state"]["combat"]
    assert combat["first_strike_done"] and combat["regular_damage_done"]
