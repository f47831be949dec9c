"""Play permissions and rebound's delayed triggers, model <-> phase.rs, in the shapes phase itself
writes (Fallen Shinobi's ``PlayFromExile`` plus ``ExileWithAltCost`` of {0} until end of turn; a
rebound spell's one-shot ``CastFromZone`` at its controller's next upkeep): phase, not the
adapter, decides what they allow and when."""

from typing import Any

from protocol.adapter import Gap, StateUnsupported
from protocol.model import DelayedTrigger, GameState, PlayPermission, Zone

from .names import Ids

FREE = {"type": "Cost", "generic": 0, "shards": []}


def permission_entries(permission: PlayPermission, oid: int) -> list[dict[str, Any]]:
    """phase's ``casting_permissions`` for a permission of object ``oid``: the state names no
    source, so the card itself is named (phase checks the source only of permissions that last
    while their source stays on the battlefield)."""
    if permission.zone is not Zone.EXILE:
        raise StateUnsupported(
            f"the phase adapter builds play permissions from exile only, not {permission.zone}", Gap.ADAPTER
        )
    if permission.until != "end-of-turn":
        # phase's permission durations (``Duration``: until end of turn, until a player's next turn *begins*,
        # until the host leaves, for as long as ..., permanent) have none that ends with a player's next turn
        raise StateUnsupported(
            "phase.rs has no play permission lasting until the end of a player's next turn (its durations end "
            "with this turn, or as that player's next turn begins)",
            Gap.ENGINE,
        )
    common = {"duration": "UntilEndOfTurn", "granted_to": permission.player, "source_id": oid}
    play = {"type": "PlayFromExile", "exiled_by_ability_controller": permission.player}
    play["provenance"] = "LandLookCompanion"
    free = [{"type": "ExileWithAltCost", "cost": dict(FREE)} | common] if permission.without_paying else []
    return [*free, play | common]


def rebound_entry(trigger: DelayedTrigger, oid: int) -> dict[str, Any]:
    """phase's delayed trigger of rebound for the exiled card ``oid``."""
    effect: dict[str, Any] = {
        "driver": "DuringResolution",
        "mode": "Cast",
        "target": {"type": "SelfRef"},
        "type": "CastFromZone",
    }
    context = dict.fromkeys(("additional_cost_paid", "alternative_mana_cost_paid", "optional_effect_performed"), False)
    ability: dict[str, Any] = {"condition": None, "context": context, "controller": trigger.controller}
    ability |= {"detached_remainder": "NoProducer", "duration": None, "effect": effect}
    effect["without_paying_mana_cost"] = True
    ability |= {"forward_result": False, "kind": "Spell", "optional": True, "optional_targeting": False}
    ability |= {"source_id": oid, "sub_ability": None, "targets": [{"Object": oid}]}
    condition = {"type": "AtNextPhaseForPlayer", "phase": "Upkeep", "player": trigger.controller}
    # No ``provenance``: phase's own ``ReceiptEligible`` provenance points to the install command
    # in its rules journal, which a loaded state has not got. phase loads such an entry all the
    # same, but once the trigger is on the stack it cannot read back its own saved state ("stack
    # trigger delayed-trigger provenance has no install root"), and the adapter tries actions on
    # copies (mana abilities, damage divisions, casts). Without one, phase reads the entry as a
    # delayed trigger of an older save, which it triggers and saves alike.
    entry = {"ability": ability, "condition": condition, "controller": trigger.controller, "one_shot": True}
    return entry | {"source_id": oid}


def place_grants(state: GameState, ps: dict[str, Any], ids: Ids) -> None:
    """Write the state's permissions and delayed triggers into phase's state dict ``ps``."""
    granted: dict[int, list[dict[str, Any]]] = {}
    for permission in state.permissions:
        oid = ids.to_engine[permission.card]
        granted.setdefault(oid, []).extend(permission_entries(permission, oid))
    for oid, entries in granted.items():
        ps["objects"][str(oid)]["casting_permissions"] = entries
    ps["delayed_triggers"] = []
    for trigger in state.delayed:
        if trigger.ability != "rebound":
            raise StateUnsupported(
                f"the phase adapter builds no delayed trigger of kind {trigger.ability!r}", Gap.ADAPTER
            )
        ps["delayed_triggers"].append(rebound_entry(trigger, ids.to_engine[trigger.card]))


def read_permissions(ps: dict[str, Any], ids: Ids) -> tuple[PlayPermission, ...]:
    """The model's permissions from phase's ``PlayFromExile`` grants on exiled objects."""
    out = []
    for oid in ps.get("exile", []):
        grants = ps["objects"][str(oid)].get("casting_permissions") or []
        players = [g["granted_to"] for g in grants if g.get("type") == "PlayFromExile"]
        for player in (int(p) for p in players if p is not None):
            free = {"type": "ExileWithAltCost", "granted_to": player, "cost": FREE}.items()
            without_paying = any(free <= g.items() for g in grants)
            out.append(PlayPermission(ids.card(oid), player, without_paying=without_paying))
    return tuple(out)


def read_delayed(ps: dict[str, Any], ids: Ids) -> tuple[DelayedTrigger, ...]:
    """Rebound's delayed triggers: one-shot casts of their own exiled source at an upkeep."""
    rebound = {"type": "AtNextPhaseForPlayer", "phase": "Upkeep"}
    return tuple(
        DelayedTrigger("rebound", ids.card(entry["source_id"]), int(entry["controller"]))
        for entry in ps.get("delayed_triggers") or []
        if ((entry.get("ability") or {}).get("effect") or {}).get("type") == "CastFromZone"
        and (((entry.get("ability") or {}).get("effect") or {}).get("target") or {}).get("type") == "SelfRef"
        and rebound.items() <= (entry.get("condition") or {}).items()
    )
