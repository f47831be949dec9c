"""Steps of the model and phases of phase.rs.

phase has no separate first-strike damage step: both damage steps run inside ``CombatDamage``,
and ``combat.first_strike_done`` / ``combat.regular_damage_done`` say how far it got. So the
model's FIRST_STRIKE_DAMAGE is ``CombatDamage`` with first-strike damage dealt and regular
damage not yet dealt, and COMBAT_DAMAGE is ``CombatDamage`` with regular damage dealt.
"""

from __future__ import annotations

from typing import Any

from protocol.model import Step

TO_PHASE: dict[Step, str] = {
    Step.UNTAP: "Untap",
    Step.UPKEEP: "Upkeep",
    Step.DRAW: "Draw",
    Step.PRECOMBAT_MAIN: "PreCombatMain",
    Step.BEGINNING_OF_COMBAT: "BeginCombat",
    Step.DECLARE_ATTACKERS: "DeclareAttackers",
    Step.DECLARE_BLOCKERS: "DeclareBlockers",
    Step.FIRST_STRIKE_DAMAGE: "CombatDamage",
    Step.COMBAT_DAMAGE: "CombatDamage",
    Step.END_OF_COMBAT: "EndCombat",
    Step.POSTCOMBAT_MAIN: "PostCombatMain",
    Step.END: "End",
    Step.CLEANUP: "Cleanup",
}
FROM_PHASE: dict[str, Step] = {v: k for k, v in TO_PHASE.items() if k is not Step.FIRST_STRIKE_DAMAGE}


def step_of(state: dict[str, Any]) -> Step:
    """The model step of a phase ``state`` dict."""
    name = state["phase"]
    if name == "CombatDamage":
        combat = state.get("combat") or {}
        if combat.get("first_strike_done") and not combat.get("regular_damage_done"):
            return Step.FIRST_STRIKE_DAMAGE
        return Step.COMBAT_DAMAGE
    try:
        return FROM_PHASE[name]
    except KeyError:
        raise ValueError(f"phase reports an unknown phase {name!r}") from None
