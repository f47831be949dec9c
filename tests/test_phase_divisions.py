"""The divisions the phase adapter proposes at a combat damage prompt (engines/phase/divisions.py):
legal by the model's rules (510.1c, 702.19b), and offered only when phase accepts them. Pure:
no phase needed (the adapter tests in test_phase_combat_damage.py ask phase itself)."""

from __future__ import annotations

from engines.phase.divisions import offered, proposed
from protocol.decisions import AssignCombatDamage, DamageRecipient, DamageSource, Trample
from protocol.model import Action


def gang_block(amount: int, *, trample: bool = False) -> AssignCombatDamage:
    beyond = (DamageRecipient("player:1"),) if trample else ()
    source = DamageSource(
        "c1",
        amount,
        (DamageRecipient("c2", 2), DamageRecipient("c3", 2)),
        Trample.TRAMPLE if trample else None,
        beyond,
    )
    return AssignCombatDamage(0, (source,))


def shares(actions: list[Action]) -> list[tuple[tuple[str, str, int], ...]]:
    return [a.damage for a in actions]


def test_without_trample_all_damage_to_each_blocker_and_the_least() -> None:
    assert shares(proposed(gang_block(3))) == [
        (("c1", "c2", 2), ("c1", "c3", 1)),
        (("c1", "c2", 3),),
        (("c1", "c3", 3),),
    ]


def test_with_trample_lethal_then_excess_and_no_excess_short_of_lethal() -> None:
    found = shares(proposed(gang_block(5, trample=True)))
    assert (("c1", "c2", 2), ("c1", "c3", 2), ("c1", "player:1", 1)) in found
    assert (("c1", "player:1", 5),) not in found  # 702.19b: lethal to every blocker first


def test_only_what_the_engine_accepts_is_offered() -> None:
    pending = gang_block(3)
    asked: list[Action] = []

    def accepts(action: Action) -> bool:
        asked.append(action)
        return action.damage != (("c1", "c3", 3),)

    assert shares(offered(pending, accepts)) == [(("c1", "c2", 2), ("c1", "c3", 1)), (("c1", "c2", 3),)]
    assert len(asked) == 3


def test_every_proposal_is_a_legal_answer() -> None:
    for pending in (gang_block(1), gang_block(4), gang_block(5, trample=True), gang_block(9, trample=True)):
        for action in proposed(pending):
            assert pending.answer_problems(action) == []
