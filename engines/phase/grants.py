"""Play permissions and rebound's delayed triggers, model <-> phase.rs.

Both live outside the objects' zones in the model (``GameState.permissions``,
``GameState.delayed``); phase keeps a permission on the exiled object (``casting_permissions``)
and a delayed trigger in the game's ``delayed_triggers``. The shapes below are the ones phase
itself writes: Fallen Shinobi's "you may play those cards without paying their mana costs"
grants an ``ExileWithAltCost`` of {0} plus a ``PlayFromExile``, both until end of turn; a
rebound spell exiled as it resolves registers a one-shot ``CastFromZone`` (optional, without
paying) at its controller's next upkeep. Writing phase's own shapes means phase, not the
adapter, decides what the permission allows and when the trigger fires.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.adapter import StateUnsupported
from protocol.model import DelayedTrigger, GameState, PlayPermission, Zone

FREE = {"type": "Cost", "generic": 0, "shards": []}


def permission_entries(permission: PlayPermission, oid: int) -> list[dict[str, Any]]:
    """phase's ``casting_permissions`` for one model permission of object ``oid``. phase needs
    a source; a permission of the state has none, so the card itself is named (phase checks the
    source only for permissions that last while their source stays on the battlefield)."""
    if permission.zone is not Zone.EXILE:
        raise StateUnsupported(f"the phase adapter builds play permissions from exile only, not {permission.zone}")
    entries: list[dict[str, Any]] = []
    if permission.without_paying:
        entries.append(
            {
                "type": "ExileWithAltCost",
                "cost": dict(FREE),
                "duration": "UntilEndOfTurn",
                "granted_to": permission.player,
                "source_id": oid,
            }
        )
    entries.append(
        {
            "type": "PlayFromExile",
            "duration": "UntilEndOfTurn",
            "exiled_by_ability_controller": permission.player,
            "granted_to": permission.player,
            "provenance": "LandLookCompanion",
            "source_id": oid,
        }
    )
    return entries


def place_permissions(state: GameState, ps: dict[str, Any], phase_id: dict[str, int]) -> None:
    objects = ps["objects"]
    by_card: dict[str, list[dict[str, Any]]] = {}
    for permission in state.permissions:
        oid = phase_id[permission.card]
        by_card.setdefault(permission.card, []).extend(permission_entries(permission, oid))
    for card, entries in by_card.items():
        objects[str(phase_id[card])]["casting_permissions"] = entries


def rebound_entry(trigger: DelayedTrigger, oid: int, serial: int) -> dict[str, Any]:
    """phase's delayed trigger of rebound for the exiled card ``oid``."""
    return {
        "ability": {
            "condition": None,
            "context": {
                "additional_cost_paid": False,
                "alternative_mana_cost_paid": False,
                "optional_effect_performed": False,
            },
            "controller": trigger.controller,
            "detached_remainder": "NoProducer",
            "duration": None,
            "effect": {
                "driver": "DuringResolution",
                "mode": "Cast",
                "target": {"type": "SelfRef"},
                "type": "CastFromZone",
                "without_paying_mana_cost": True,
            },
            "forward_result": False,
            "kind": "Spell",
            "optional": True,
            "optional_targeting": False,
            "source_id": oid,
            "sub_ability": None,
            "targets": [{"Object": oid}],
        },
        "condition": {"type": "AtNextPhaseForPlayer", "phase": "Upkeep", "player": trigger.controller},
        "controller": trigger.controller,
        "one_shot": True,
        "provenance": {"ReceiptEligible": {"instance": serial, "source_id": oid, "token": serial}},
        "source_id": oid,
    }


def place_delayed(state: GameState, ps: dict[str, Any], phase_id: dict[str, int]) -> None:
    serial = max(int(ps.get("next_delayed_trigger_instance") or 1), int(ps.get("next_delayed_trigger_token") or 1))
    entries = []
    for trigger in state.delayed:
        if trigger.ability != "rebound":
            raise StateUnsupported(f"the phase adapter builds no delayed trigger of kind {trigger.ability!r}")
        entries.append(rebound_entry(trigger, phase_id[trigger.card], serial))
        serial += 1
    ps["delayed_triggers"] = entries
    ps["next_delayed_trigger_instance"] = ps["next_delayed_trigger_token"] = serial


def read_permissions(ps: dict[str, Any], model_id: Callable[[int], str]) -> tuple[PlayPermission, ...]:
    """The model's permissions from phase's ``PlayFromExile`` grants on exiled objects."""
    out = []
    for oid in ps.get("exile", []):
        grants = ps["objects"][str(oid)].get("casting_permissions") or []
        for grant in grants:
            if grant.get("type") != "PlayFromExile" or grant.get("granted_to") is None:
                continue
            player = int(grant["granted_to"])
            free = any(
                g.get("type") == "ExileWithAltCost" and g.get("granted_to") == player and g.get("cost") == FREE
                for g in grants
            )
            out.append(PlayPermission(model_id(int(oid)), player, without_paying=free))
    return tuple(out)


def read_delayed(ps: dict[str, Any], model_id: Callable[[int], str]) -> tuple[DelayedTrigger, ...]:
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
            out.append(DelayedTrigger("rebound", model_id(int(entry["source_id"])), int(entry["controller"])))
    return tuple(out)
