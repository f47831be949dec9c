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


def declare(board: Board, attackers: list[str], blocks: list[tuple[str, str]]) -> list[dict[str, object]]:
    """From the beginning of combat: ``attackers`` attack player 1, ``blocks`` (blocker,
    attacker) are declared, and priority is passed until phase waits for something else."""

    def passes() -> list[dict[str, object]]:
        seen: list[dict[str, object]] = []
        while board.waiting()["type"] == "Priority" and board.game.state()["state"]["phase"] != "CombatDamage":
            seen += board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
        return seen

    passes()
    attacks = [[board.ids[a], {"type": "Player", "data": 1}] for a in attackers]
    board.apply(0, {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}})
    passes()
    board.apply(
        1, {"type": "DeclareBlockers", "data": {"assignments": [[board.ids[b], board.ids[a]] for b, a in blocks]}}
    )
    return passes()


def gang_blocked_first_striker() -> Board:
    return Board(
        (
            Card("Striker", ("Creature",), "First strike", 0, 1, 1, ("First strike",)),
            Card("Plain Blocker", ("Creature",), "", 1, 1, 1),
            Card("Strike Blocker", ("Creature",), "First strike", 1, 1, 1, ("First strike",)),
        ),
        step="BeginCombat",
    )


def test_phase_lists_one_division_but_accepts_all_damage_to_its_second_blocker() -> None:
    """Why the adapter tries divisions on a copy (engines/phase/divisions.py): phase's own
    listing at its AssignCombatDamage prompt has its default division only (lethal damage to the
    blockers in its order), yet phase takes all of the damage to the blocker it lists last, as
    510.1c allows since 2024: no damage assignment order in phase, only a short listing."""
    board = gang_blocked_first_striker()
    declare(board, ["Striker"], [("Plain Blocker", "Striker"), ("Strike Blocker", "Striker")])
    plain, strike = board.ids["Plain Blocker"], board.ids["Strike Blocker"]
    assert board.waiting()["type"] == "AssignCombatDamage"
    listed = [a["data"]["assignments"] for a in board.offered("AssignCombatDamage")]
    assert listed == [[[plain, 1], [strike, 0]]]
    answer = {"mode": "Normal", "assignments": [[plain, 0], [strike, 1]], "trample_damage": 0, "controller_damage": 0}
    events = board.apply(0, {"type": "AssignCombatDamage", "data": answer})
    dealt = [(e["data"]["source_id"], e["data"]["target"]) for e in events if e["type"] == "DamageDealt"]
    assert (board.ids["Striker"], {"Object": strike}) in dealt
    assert (board.ids["Striker"], {"Object": plain}) not in dealt


def test_the_adapter_offers_all_damage_to_any_blocker_and_phase_deals_it() -> None:
    state, att, (first, second) = blocked_state(attacker_card(1, 1, "First strike"), [(1, 1), (1, 1)])
    session = to_assignment(state)
    assert session.state().step is Step.FIRST_STRIKE_DAMAGE
    offered = {a.damage for a in session.legal_actions() if a.kind is ActionKind.ASSIGN_DAMAGE}
    assert offered == {((att, first, 1),), ((att, second, 1),)}
    events = session.apply(Action(ActionKind.ASSIGN_DAMAGE, 0, damage=((att, second, 1),)))
    dealt = [(e.target, e.amount) for e in events if e.kind is EventKind.DAMAGE and e.card == att]
    assert dealt == [(second, 1)]


def test_a_trampler_is_offered_lethal_then_excess_and_never_excess_short_of_lethal() -> None:
    state, att, (first, second) = blocked_state(attacker_card(5, 5, "Trample"), [(1, 2), (1, 2)])
    session = to_assignment(state)
    offered = {a.damage for a in session.legal_actions() if a.kind is ActionKind.ASSIGN_DAMAGE}
    assert ((att, first, 2), (att, second, 2), (att, "player:1", 1)) in offered
    assert ((att, second, 5),) in offered
    assert not any(share[1] == "player:1" and share[2] > 1 for damage in offered for share in damage)


def test_phase_keeps_a_double_striker_blocked_but_gives_no_priority_between_its_damage_steps() -> None:
    """The substance of 509.1h holds on phase: a double striker without trample whose blocker
    its first-strike damage destroyed deals no regular damage, while an unblocked creature
    deals its damage in the regular pass. But both passes come in one go from the last pass of
    the declare blockers step, with no priority in a first-strike damage step (deviation 4):
    why `remains-blocked` and `second-step` set their examples aside on phase (inconclusive)
    rather than fail on a claim phase does not break."""
    board = Board(
        (
            Card("Striker", ("Creature",), "Double strike", 0, 2, 2, ("Double strike",)),
            Card("Runner", ("Creature",), "", 0, 3, 3),
            Card("Chump", ("Creature",), "", 1, 1, 1),
        ),
        step="BeginCombat",
    )
    events = declare(board, ["Striker", "Runner"], [("Chump", "Striker")])
    striker, runner, chump = board.ids["Striker"], board.ids["Runner"], board.ids["Chump"]
    dealt = [
        (e["data"]["source_id"], e["data"]["target"], e["data"]["amount"]) for e in events if e["type"] == "DamageDealt"
    ]
    assert dealt == [(striker, {"Object": chump}, 2), (runner, {"Player": 1}, 3)]
    assert board.game.state()["state"]["players"][1]["life"] == 17
    passed = [e for e in events if e["type"] == "PriorityPassed"]
    assert events.index(passed[-1]) < events.index(next(e for e in events if e["type"] == "DamageDealt"))
    combat = board.game.state()["state"]["combat"]
    assert combat["first_strike_done"] and combat["regular_damage_done"]


def test_phase_deals_a_gang_blocked_double_strikers_division_then_its_regular_damage_in_one_call() -> None:
    """Why `combat.blocked-damage/divided-as-its-controller-chooses` fails on phase (deviation 4,
    not the division): a 2/1 double striker blocked by two 1/1s gives its 2 first-strike damage to
    the blocker phase lists last, as chosen (510.1c); in the same call phase deals its regular
    damage to the other blocker, its one blocker left (510.1c), with no priority between (510.4)."""
    board = Board(
        (
            Card("Striker", ("Creature",), "Double strike", 0, 2, 1, ("Double strike",)),
            Card("Plain Blocker", ("Creature",), "", 1, 1, 1),
            Card("Other Blocker", ("Creature",), "", 1, 1, 1),
        ),
        step="BeginCombat",
    )
    declare(board, ["Striker"], [("Plain Blocker", "Striker"), ("Other Blocker", "Striker")])
    striker, plain, other = board.ids["Striker"], board.ids["Plain Blocker"], board.ids["Other Blocker"]
    assert board.waiting()["type"] == "AssignCombatDamage"
    answer = {"mode": "Normal", "assignments": [[plain, 0], [other, 2]], "trample_damage": 0, "controller_damage": 0}
    events = board.apply(0, {"type": "AssignCombatDamage", "data": answer})
    dealt = [
        (e["data"]["source_id"], e["data"]["target"], e["data"]["amount"]) for e in events if e["type"] == "DamageDealt"
    ]
    assert dealt[:2] == [(striker, {"Object": other}, 2), (striker, {"Object": plain}, 2)]
    assert "PriorityPassed" not in [e["type"] for e in events]


@pytest.mark.parametrize(
    ("kind", "defender", "counter"),
    [("planeswalker", cards.planeswalker(5), "loyalty"), ("battle", cards.battle(5), "defense")],
)
def test_combat_damage_to_a_loaded_planeswalker_or_battle_removes_its_counters(kind, defender, counter) -> None:
    """120.3c, 120.3h: damage dealt to a planeswalker removes that many loyalty counters, to a
    battle that many defense counters. The differential run found phase keeping them (row 19):
    the adapter wrote the counters "Loyalty" and "Defense", which phase loads but does not
    remove; phase spells them lower-case, and played by hand it removes them."""
    from protocol.model import TargetKind

    b = StateBuilder()
    if kind == "battle":
        target = b.permanent(defender, 0, protector=1)
    else:
        target = b.permanent(defender, 1)
    attacker = b.permanent(
        cards.creature(3, 3),
        0,
        tapped=True,
        attacking=AttackTarget.of_permanent(TargetKind(kind), target),
        blocked=False,
    )
    state = b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0)
    session = PhaseInProcess().start(state)
    session.apply(pass_priority(0))
    events = session.apply(pass_priority(1))
    assert any(e.kind is EventKind.DAMAGE and e.card == attacker and e.target == target for e in events)
    after = session.state().permanent(target)
    assert after is not None and after.counter(counter) == 2


def test_an_attacker_is_neither_blocked_nor_unblocked_while_blockers_are_declared() -> None:
    """509.1h: an attacker becomes blocked or unblocked as the blockers are declared. The
    differential run found phase's adapter exporting it unblocked while phase waited for the
    declaration (phase's own flag is False until then)."""
    b = StateBuilder()
    attacker = b.permanent(cards.creature(1, 1), 0, tapped=True, attacking=AttackTarget.of_player(1))
    b.permanent(cards.creature(1, 1), 1)
    state = b.build(turn=3, active_player=0, step=Step.DECLARE_ATTACKERS, priority=0)
    session = PhaseInProcess().start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    waiting = session.state()
    assert waiting.step is Step.DECLARE_BLOCKERS and waiting.pending is not None
    assert waiting.permanent(attacker).blocked is None  # type: ignore[union-attr]
    session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1))
    assert session.state().permanent(attacker).blocked is False  # type: ignore[union-attr]
