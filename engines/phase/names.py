"""phase.rs's names of the model's things: steps, zones, counters, mana, attack targets, ids.

phase has no first-strike damage step: both damage steps run inside ``CombatDamage``, and
``combat.first_strike_done`` / ``regular_damage_done`` say how far it got."""

from typing import Any

from engines.kit.ids import IdMap
from protocol.model import AttackTarget, Step, TargetKind, Zone

Ids = IdMap[int]  # phase keeps an object's id across zones; objects it creates later are "p<id>"
PHASES = "Untap Upkeep Draw PreCombatMain BeginCombat DeclareAttackers DeclareBlockers CombatDamage CombatDamage"
TO_PHASE: dict[Step, str] = dict(zip(Step, (PHASES + " EndCombat PostCombatMain End Cleanup").split(), strict=True))
FROM_PHASE: dict[str, Step] = {v: k for k, v in TO_PHASE.items() if k is not Step.FIRST_STRIKE_DAMAGE}
ZONES = {z.value.capitalize(): z for z in Zone}
#: Counter kinds as phase spells them in its own saved states: loyalty and defense lower-case.
#: Written "Loyalty" and "Defense", phase loaded them but removed none for damage dealt to the
#: planeswalker or battle (120.3c, 120.3h); once phase had saved and loaded its own state, it did.
COUNTER_NAMES = {"loyalty": "loyalty", "defense": "defense", "+1/+1": "P1P1", "-1/-1": "M1M1"}
MODEL_COUNTERS = {v: k for k, v in COUNTER_NAMES.items()}
MANA = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C"}
TARGETS = {"Planeswalker": TargetKind.PLANESWALKER, "Battle": TargetKind.BATTLE}


def step_of(ps: dict[str, Any]) -> Step:
    """The model step of a phase state dict."""
    combat = ps.get("combat") or {}
    if ps["phase"] == "CombatDamage":
        fs_only = combat.get("first_strike_done") and not combat.get("regular_damage_done")
        # waiting for a damage assignment before any damage: the first-strike step when a
        # creature in combat has first or double strike (510.4), else the regular one
        before_any = not combat.get("first_strike_done") and not combat.get("regular_damage_done")
        return Step.FIRST_STRIKE_DAMAGE if fs_only or (before_any and strikes_first(ps)) else Step.COMBAT_DAMAGE
    if ps["phase"] not in FROM_PHASE:
        raise ValueError(f"phase reports an unknown phase {ps['phase']!r}")
    return FROM_PHASE[ps["phase"]]


def strikes_first(ps: dict[str, Any]) -> bool:
    """Whether a creature in phase's combat has first strike or double strike (702.7, 702.4)."""
    combat = ps.get("combat") or {}
    ids = [a.get("object_id") for a in combat.get("attackers") or []] + list(combat.get("blocker_to_attacker") or {})
    keywords = [k for i in ids for k in (ps["objects"].get(str(i)) or {}).get("keywords") or [] if isinstance(k, str)]
    return bool({"FirstStrike", "DoubleStrike"} & set(keywords))


def symbol(mana: Any) -> str:
    return MANA.get(str(mana), str(mana))


def target_of(target: dict[str, Any], ids: Ids) -> AttackTarget:
    """The model's attack target of phase's ``{"type": "Player"|"Planeswalker"|"Battle", "data"}``."""
    kind, data = target.get("type"), target.get("data")
    if kind == "Player":
        return AttackTarget.of_player(int(data))  # type: ignore[arg-type]
    if kind in TARGETS:
        return AttackTarget.of_permanent(TARGETS[str(kind)], ids.card(data))
    raise ValueError(f"phase reports an unknown attack target {target!r}")


def phase_target(target: AttackTarget, ids: Ids) -> dict[str, Any]:
    if target.kind is TargetKind.PLAYER:
        return {"type": "Player", "data": target.player}
    kind = "Planeswalker" if target.kind is TargetKind.PLANESWALKER else "Battle"
    return {"type": kind, "data": ids.engine(str(target.permanent))}
