"""Play permissions and rebound's delayed triggers, model <-> phase.rs.

phase keeps a permission on the exiled object (``casting_permissions``) and a delayed trigger in
the game's ``delayed_triggers``, in the shapes phase itself writes: Fallen Shinobi's "you may
play those cards without paying their mana costs" grants an ``ExileWithAltCost`` of {0} plus a
``PlayFromExile``, until end of turn; a rebound spell exiled as it resolves registers a one-shot
optional ``CastFromZone`` at its controller's next upkeep. Written in phase's own shapes, phase,
not the adapter, decides what the permission allows and when the trigger fires.
"""

from __future__ import annotations

from typing import Any

from protocol.adapter import StateUnsupported
from protocol.model import DelayedTrigger, GameState, PlayPermission, Zone

from .names import Ids

FREE = {"type": "Cost", "generic": 0, "shards": []}
UNTIL_END = {"duration": "UntilEndOfTurn"}


def permission_entries(permission: PlayPermission, oid: int) -> list[dict[str, Any]]:
    """phase's ``casting_permissions`` for one permission of object ``oid``. phase needs a
    source and the state names none, so the card itself is named (phase checks the source only
    of permissions that last while their source stays on the battlefield)."""
    if permission.zone is not Zone.EXILE:
        raise StateUnsupported(f"the phase adapter builds play permissions from exile only, not {permission.zone}")
    player = permission.player
    entries: list[dict[str, Any]] = []
    if permission.without_paying:
        entries.append({"type": "ExileWithAltCost", "cost": dict(FREE), **UNTIL_END, "granted_to": player})
    entries.append(
        {"type": "PlayFromExile", **UNTIL_END, "exiled_by_ability_controller": player, "granted_to": player}
        | {"provenance": "LandLookCompanion"}
    )
    return [entry | {"source_id": oid} for entry in entries]


def rebound_entry(trigger: DelayedTrigger, oid: int, serial: int) -> dict[str, Any]:
    """phase's delayed trigger of rebound for the exiled card ``oid``."""
    paid = dict.fromkeys(("additional_cost_paid", "alternative_mana_cost_paid", "optional_effect_performed"), False)
    effect = {"driver": "DuringResolution", "mode": "Cast", "target": {"type": "SelfRef"}, "type": "CastFromZone"}
    ability: dict[str, Any] = {"condition": None, "context": paid, "controller": trigger.controller, "duration": None}
    ability |= {"detached_remainder": "NoProducer", "effect": effect | {"without_paying_mana_cost": True}}
    ability |= {"forward_result": False, "kind": "Spell", "optional": True, "optional_targeting": False}
    ability |= {"source_id": oid, "sub_ability": None, "targets": [{"Object": oid}]}
    return {
        "ability": ability,
        "condition": {"type": "AtNextPhaseForPlayer", "phase": "Upkeep", "player": trigger.controller},
        "controller": trigger.controller,
        "one_shot": True,
        "provenance": {"ReceiptEligible": {"instance": serial, "source_id": oid, "token": serial}},
        "source_id": oid,
    }


def place_grants(state: GameState, ps: dict[str, Any], ids: Ids) -> None:
    """Write the state's permissions and delayed triggers into phase's state dict ``ps``."""
    by_card: dict[str, list[dict[str, Any]]] = {}
    for permission in state.permissions:
        oid = ids.to_engine[permission.card]
        by_card.setdefault(permission.card, []).extend(permission_entries(permission, oid))
    for card, entries in by_card.items():
        ps["objects"][str(ids.to_engine[card])]["casting_permissions"] = entries
    serial = max(int(ps.get("next_delayed_trigger_instance") or 1), int(ps.get("next_delayed_trigger_token") or 1))
    ps["delayed_triggers"] = []
    for trigger in state.delayed:
        if trigger.ability != "rebound":
            raise StateUnsupported(f"the phase adapter builds no delayed trigger of kind {trigger.ability!r}")
        ps["delayed_triggers"].append(rebound_entry(trigger, ids.to_engine[trigger.card], serial))
        serial += 1
    ps["next_delayed_trigger_instance"] = ps["next_delayed_trigger_token"] = serial


def read_permissions(ps: dict[str, Any], ids: Ids) -> tuple[PlayPermission, ...]:
    """The model's permissions from phase's ``PlayFromExile`` grants on exiled objects."""
    out = []
    for oid in ps.get("exile", []):
        grants = ps["objects"][str(oid)].get("casting_permissions") or []
        for grant in grants:
            if grant.get("type") == "PlayFromExile" and grant.get("granted_to") is not None:
                player = int(grant["granted_to"])
                free = any(
                    g.get("type") == "ExileWithAltCost" and g.get("granted_to") == player and g.get("cost") == FREE
                    for g in grants
                )
                out.append(PlayPermission(ids.card(oid), player, without_paying=free))
    return tuple(out)


def read_delayed(ps: dict[str, Any], ids: Ids) -> tuple[DelayedTrigger, ...]:
    """Rebound's delayed triggers: one-shot casts of their own exiled source at an upkeep."""
    out = []
    for entry in ps.get("delayed_triggers") or []:
        effect = (entry.get("ability") or {}).get("effect") or {}
        condition = entry.get("condition") or {}
        if (
            effect.get("type") == "CastFromZone"
            and (effect.get("target") or {}).get("type") == "SelfRef"
            and condition.get("type") == "AtNextPhaseForPlayer"
            and condition.get("phase") == "Upkeep"
        ):
            out.append(DelayedTrigger("rebound", ids.card(entry["source_id"]), int(entry["controller"])))
    return tuple(out)
