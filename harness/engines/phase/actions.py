"""Model Actions <-> phase GameActions, matched by meaning (kind, source, costs, targets).

phase pays mana automatically (its ``actions()`` lists no mana abilities to activate while
paying), so an activation carries no mana choices. Other phase actions (casting, playing a
land, activating other abilities) are translated too, so a legal-action listing is complete;
anything phase offers that the model cannot name is left out and listed in docs/engines/phase.md.
"""

from __future__ import annotations

from typing import Any

from harness.adapter import ActionRefused
from harness.model import Action, ActionKind, AttackTarget

from .export import attack_target_of
from .load import IdMap, attack_target

NINJUTSU_VARIANTS = {"Ninjutsu": "ninjutsu", "CommanderNinjutsu": "commander ninjutsu"}


def ninjutsu_ability(obj: dict[str, Any] | None) -> str:
    """Which ninjutsu-family keyword an object has ("ninjutsu" when phase does not say)."""
    for kw in (obj or {}).get("keywords", []):
        if isinstance(kw, dict):
            for key in kw:
                if key in NINJUTSU_VARIANTS:
                    return NINJUTSU_VARIANTS[key]
    return "ninjutsu"


def to_model(kind: str, data: dict[str, Any] | None, actor: int, ids: IdMap, objects: dict[str, Any]) -> Action | None:
    """The model Action of a phase action, or None if the model has no name for it."""
    data = data or {}
    if kind == "PassPriority":
        return Action(ActionKind.PASS_PRIORITY, actor)
    if kind == "ActivateNinjutsu":
        ninja = int(data["ninjutsu_object_id"])
        return Action(
            ActionKind.ACTIVATE,
            actor,
            source=ids.model(ninja),
            ability=ninjutsu_ability(objects.get(str(ninja))),
            costs=(("return", ids.model(int(data["creature_to_return"]))),),
        )
    if kind == "DeclareAttackers":
        if data.get("bands"):
            return None
        attacks = tuple((ids.model(int(a)), attack_target_of(t, ids)) for a, t in data.get("attacks", []))
        return Action(ActionKind.DECLARE_ATTACKERS, actor, attacks=attacks)
    if kind == "DeclareBlockers":
        blocks = tuple((ids.model(int(b)), ids.model(int(a))) for b, a in data.get("assignments", []))
        return Action(ActionKind.DECLARE_BLOCKERS, actor, blocks=blocks)
    if kind == "PlayLand":
        return Action(ActionKind.PLAY_LAND, actor, source=ids.model(int(data["object_id"])))
    if kind == "CastSpell" and "object_id" in data:
        return Action(ActionKind.CAST, actor, source=ids.model(int(data["object_id"])))
    if kind == "ActivateAbility" and "source_id" in data:
        return Action(ActionKind.ACTIVATE, actor, source=ids.model(int(data["source_id"])),
                      ability=f"ability:{data.get('ability_index', 0)}")
    return None


def _oid(ids: IdMap, card_id: str | None, what: str) -> int:
    oid = ids.phase(card_id) if card_id is not None else None
    if oid is None:
        raise ActionRefused(f"{what} {card_id!r} is not an object of this game")
    return oid


def to_phase(action: Action, ids: IdMap) -> dict[str, Any] | None:
    """The phase action dict for ``action``; None when it must be matched against phase's
    own listing (actions whose phase shape carries engine-internal data)."""
    if action.kind is ActionKind.PASS_PRIORITY:
        return {"type": "PassPriority"}
    if action.kind is ActionKind.ACTIVATE and action.ability in NINJUTSU_VARIANTS.values():
        returned = action.cost("return")
        if returned is None:
            raise ActionRefused(f"{action.ability} needs an unblocked attacker to return (cost 'return')")
        return {
            "type": "ActivateNinjutsu",
            "data": {
                "ninjutsu_object_id": _oid(ids, action.source, "Ninja"),
                "creature_to_return": _oid(ids, returned, "returned creature"),
            },
        }
    if action.kind is ActionKind.DECLARE_ATTACKERS:
        attacks = [[_oid(ids, a, "attacker"), attack_target(t, ids)] for a, t in action.attacks]
        return {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}
    if action.kind is ActionKind.DECLARE_BLOCKERS:
        pairs = [[_oid(ids, b, "blocker"), _oid(ids, a, "attacker")] for b, a in action.blocks]
        return {"type": "DeclareBlockers", "data": {"assignments": pairs}}
    return None


def same_meaning(a: Action, b: Action) -> bool:
    return (a.kind, a.player, a.source, a.ability, tuple(sorted(a.costs)), a.targets) == (
        b.kind, b.player, b.source, b.ability, tuple(sorted(b.costs)), b.targets
    )


__all__ = ["AttackTarget", "same_meaning", "to_model", "to_phase"]
