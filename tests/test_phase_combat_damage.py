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
from tests.phase_hand import Board, Card, face


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


def after_first_strike_damage(first_strikers: tuple[str, ...] | None = None) -> tuple[GameState, str, str]:
    """The first-strike damage step with priority (its damage dealt): a 3/3 with first strike and a
    2/2 without, both unblocked, attacking P1; ``first_strikers``: who had first strike as it began
    (default: only the 2/2, which has lost it since, while the 3/3 gained it since)."""
    b = StateBuilder()
    knight = b.permanent(attacker_card(3, 3, "First strike"), 0, tapped=True, attacking=AttackTarget.of_player(1))
    bear = b.permanent(attacker_card(2, 2), 0, tapped=True, attacking=AttackTarget.of_player(1))
    b.update(knight, blocked=False)
    b.update(bear, blocked=False)
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    struck = (bear,) if first_strikers is None else first_strikers
    state = b.build(turn=3, active_player=0, step=Step.FIRST_STRIKE_DAMAGE, priority=0, first_strikers=struck)
    return state, knight, bear


def regular_damage_on_phase(state: GameState) -> dict[tuple[str, str | None], int]:
    """(card, "first-strike" or "regular") -> the combat damage it deals from ``state`` on."""
    session = PhaseInProcess().start(state)
    dealt: dict[tuple[str, str | None], int] = {}
    for _ in range(6):
        now = session.state()
        if now.step is not Step.FIRST_STRIKE_DAMAGE and now.step is not Step.COMBAT_DAMAGE:
            break
        for e in session.apply(pass_priority(now.actor)):
            if e.kind is EventKind.DAMAGE and e.card is not None:
                dealt[e.card, e.detail] = dealt.get((e.card, e.detail), 0) + (e.amount or 0)
    return dealt


def test_phase_keeps_702_7c_once_loaded_after_first_strike_damage() -> None:
    """Loaded in the first-strike damage step with priority, phase deals the regular damage only:
    the 3/3 that gained first strike since the step began deals its 3 (702.7c), the 2/2 that had
    first strike then and lost it deals nothing more."""
    state, knight, _bear = after_first_strike_damage()
    assert regular_damage_on_phase(state) == {(knight, "regular"): 3}


def test_the_first_strike_step_with_no_striker_left_is_loaded_as_done() -> None:
    """With nobody left among ``first_strikers`` (the striker died, or only gained first strike
    since), the first-strike damage is still dealt: phase must not run its first-strike pass again,
    where the 3/3 with first strike would deal its damage as first-strike damage and none after
    (an adapter artifact, fixed in ``engines/phase/load.py``)."""
    state, knight, bear = after_first_strike_damage(first_strikers=())
    assert regular_damage_on_phase(state) == {(knight, "regular"): 3, (bear, "regular"): 2}


# -- a creature blocking two attackers (509.1a, block-additional): mapped, two deviations shown ---

DOUBLE_BLOCKER_TEXT = "This creature can block an additional creature each combat."


def test_phase_takes_a_creature_blocking_two_attackers() -> None:
    """phase parses the line as its ``ExtraBlockers`` static and accepts the declaration, so the
    adapter maps ``mechanic:block-additional``; a state with such blocks loads and reads back."""
    assert PhaseInProcess().supports(frozenset({Mechanic.BLOCK_ADDITIONAL}))
    statics = face(Card("Double Wall", ("Creature",), DOUBLE_BLOCKER_TEXT, 1, 3, 5))["static_abilities"]
    assert [s["mode"] for s in statics] == [{"ExtraBlockers": {"count": 1}}]
    b = StateBuilder()
    first = b.permanent(cards.creature(2, 2), 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=True)
    second = b.permanent(cards.creature(2, 2), 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=True)
    blocker = CardData("Double Wall", ("Creature",), "{2}{W}", power="3", toughness="5", text=DOUBLE_BLOCKER_TEXT)
    wall_id = b.permanent(blocker, 1, blocking=(first, second))
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    state = b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0)
    session = PhaseInProcess().start(state)
    assert set(session.state().permanent(wall_id).blocking) == {first, second}  # type: ignore[union-attr]


def test_phase_deviation_divides_a_blockers_damage_without_asking_its_controller() -> None:
    """Deviation 10 (510.1d): a creature blocking two attackers assigns its damage "divided as
    its controller chooses among them"; phase asks the defending player nothing and divides a
    3/5's damage between the attackers itself (the invariant
    ``combat.blocker-damage/divided-as-its-controller-chooses`` fails on it)."""
    board = Board(
        (
            Card("Bear A", ("Creature",), "", 0, 2, 2),
            Card("Bear B", ("Creature",), "", 0, 2, 2),
            Card("Double Wall", ("Creature",), DOUBLE_BLOCKER_TEXT, 1, 3, 5),
        ),
        step="BeginCombat",
    )
    events = declare(board, ["Bear A", "Bear B"], [("Double Wall", "Bear A"), ("Double Wall", "Bear B")])
    wall = board.ids["Double Wall"]
    blocked = board.game.state()["state"]["combat"]["creature_blocked_attackers_this_combat"]
    assert {(b["blocker"]["object_id"], b["attacker"]["object_id"]) for b in blocked} == {
        (wall, board.ids["Bear A"]),
        (wall, board.ids["Bear B"]),
    }
    assert board.waiting()["type"] == "Priority"  # no AssignCombatDamage asked of player 1
    dealt = [e["data"] for e in events if e["type"] == "DamageDealt" and e["data"]["source_id"] == wall]
    bears = {board.ids["Bear A"], board.ids["Bear B"]}
    assert sum(d["amount"] for d in dealt) == 3 and {d["target"]["Object"] for d in dealt} <= bears


def test_phase_deviation_trample_ignores_damage_other_attackers_assign_to_a_blocker() -> None:
    """Deviation 11 (702.19b): lethal damage counts "damage from other creatures that's being
    assigned during the same combat damage step". A 4/1 trampler and a 1/1 both blocked by one
    1/1 that blocks two: the 1/1 attacker must assign its 1 to that blocker, so the trampler may
    assign all 4 to the player; phase asks at least 1 for the blocker (its ``lethal_minimum``) and
    refuses the division."""
    board = Board(
        (
            Card("Trampler", ("Creature",), "Trample", 0, 4, 1, ("Trample",)),
            Card("Bear", ("Creature",), "", 0, 1, 1),
            Card("Double Chump", ("Creature",), DOUBLE_BLOCKER_TEXT, 1, 1, 1),
        ),
        step="BeginCombat",
    )
    declare(board, ["Trampler", "Bear"], [("Double Chump", "Trampler"), ("Double Chump", "Bear")])
    chump = board.ids["Double Chump"]
    waiting = board.waiting()
    assert waiting["type"] == "AssignCombatDamage"
    assert [(b["blocker_id"], b["lethal_minimum"]) for b in waiting["data"]["blockers"]] == [(chump, 1)]
    answer = {"mode": "Normal", "assignments": [[chump, 0]], "trample_damage": 4, "controller_damage": 0}
    with pytest.raises(ValueError, match="must receive at least 1 lethal damage before excess"):
        board.apply(0, {"type": "AssignCombatDamage", "data": answer})


def test_phase_skips_the_block_declaration_when_only_tapped_creatures_could_block() -> None:
    """Why ``combat.block-requirements/tapped-cant-block`` sets such states aside: a flyer
    attacks, the defender's only creature with reach is tapped and the other cannot block a
    flyer; phase asks no declaration of blockers (its one answer is none, 509.1a) and goes on to
    combat damage, where the check had waited for a declaration into the next turn."""
    board = Board(
        (
            Card("Flyer", ("Creature",), "Flying", 0, 1, 1, ("Flying",)),
            Card("Ground", ("Creature",), "", 1, 1, 1),
            Card("Reacher", ("Creature",), "Reach", 1, 1, 1, ("Reach",)),
        ),
        step="BeginCombat",
        tapped=("Reacher",),
    )
    events = declare_attack_only(board, "Flyer")
    assert board.waiting()["type"] != "DeclareBlockers"
    assert board.game.state()["state"]["phase"] in ("CombatDamage", "EndCombat", "PostCombatMain")
    assert any(e["type"] == "DamageDealt" and e["data"]["target"] == {"Player": 1} for e in events)
    untapped = Board(board.cards, step="BeginCombat")  # the control: the untapped Reacher may block
    declare_attack_only(untapped, "Flyer")
    assert untapped.waiting()["type"] == "DeclareBlockers"


def declare_attack_only(board: Board, attacker: str) -> list[dict[str, object]]:
    """From the beginning of combat: ``attacker`` attacks player 1, then priority is passed while
    phase asks nothing else (no declaration of blockers when none can be made)."""
    seen: list[dict[str, object]] = []
    while board.waiting()["type"] == "Priority":
        board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    attacks = [[board.ids[attacker], {"type": "Player", "data": 1}]]
    seen += board.apply(0, {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}})
    while board.waiting()["type"] == "Priority" and board.game.state()["state"]["phase"] != "PostCombatMain":
        seen += board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    return seen


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


def test_a_defeated_siege_goes_to_exile_and_the_game_goes_on() -> None:
    """310.12b: a battle with its last defense counter removed is exiled, and "you may cast it
    transformed" has nothing to cast for the harness's battles (no back face). phase asks that
    as an optional choice the model has no decision for; the adapter declines it, so a player
    holds priority again instead of the game waiting for nobody."""
    from protocol.model import TargetKind

    b = StateBuilder()
    siege = b.permanent(cards.battle(1), 0, protector=1)
    b.permanent(
        cards.creature(3, 3),
        0,
        tapped=True,
        attacking=AttackTarget.of_permanent(TargetKind.BATTLE, siege),
        blocked=False,
    )
    state = b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0)
    session = PhaseInProcess().start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    for _ in range(4):  # the defeat trigger is put on the stack, then resolves
        now = session.state()
        if now.permanent(siege) is None and not now.stack:
            break
        session.apply(pass_priority(now.priority if now.priority is not None else 0))
    after = session.state()
    assert after.permanent(siege) is None and siege in after.player(0).exile
    assert after.priority is not None and session.legal_actions()


def test_phase_deviation_a_defeated_planeswalker_still_takes_a_tramplers_excess() -> None:
    """Deviation 12, on phase itself: a first striker defeats the planeswalker it attacks with a
    trampler; in the regular combat damage step phase's prompt for the blocked trampler still
    names the planeswalker as what it attacks, and its listed division sends the excess there,
    where the damage is lost. The planeswalker left the battlefield, so it was removed from combat
    and stopped being attacked (506.4); the trampler attacks nothing (506.4c), so there is nothing
    beyond its blockers to assign to (702.19b) and all of its damage goes to the blocker (510.1c).
    The harness sees phase's choice naming an object that is no longer in the game."""
    board = Board(
        (
            Card("Striker", ("Creature",), "First strike", 0, 1, 1, ("First strike",)),
            Card("Trampler", ("Creature",), "Trample", 0, 3, 3, ("Trample",)),
            Card("Walker", ("Planeswalker",), "", 1),
            Card("Chump", ("Creature",), "", 1, 1, 1),
        ),
        step="BeginCombat",
        counters=(("Walker", "loyalty", 1),),
    )
    ids = board.ids

    def passes() -> None:
        while board.waiting()["type"] == "Priority":
            board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})

    passes()
    walker = {"type": "Planeswalker", "data": ids["Walker"]}
    attacks = [[ids["Striker"], walker], [ids["Trampler"], walker]]
    board.apply(0, {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}})
    passes()
    board.apply(1, {"type": "DeclareBlockers", "data": {"assignments": [[ids["Chump"], ids["Trampler"]]]}})
    passes()
    assert board.game.state()["state"]["objects"][str(ids["Walker"])]["zone"] == "Graveyard"
    prompt = board.waiting()
    assert prompt["type"] == "AssignCombatDamage" and prompt["data"]["attacker_id"] == ids["Trampler"]
    assert prompt["data"]["attack_target"] == walker  # still attacked after it left (506.4)
    (listed,) = [a["data"] for a in board.offered("AssignCombatDamage")]
    assert listed["assignments"] == [[ids["Chump"], 1]] and listed["trample_damage"] == 2
    events = board.apply(0, {"type": "AssignCombatDamage", "data": listed})
    dealt = [(e["data"]["target"], e["data"]["amount"]) for e in events if e["type"] == "DamageDealt"]
    assert ({"Object": ids["Chump"]}, 1) in dealt  # 2 of the trampler's 3 damage dealt to nothing
    assert sum(amount for _, amount in dealt) == 2  # the chump's 1 back to the trampler, not 3 + 1
