"""Model Actions <-> phase.rs GameActions, matched by meaning (kind, source, costs, targets).

phase pays mana itself: its ``actions()`` lists no mana abilities, at priority or while paying,
so an activation carries no mana choices, and a mana ability asked for by name is sent as
``ActivateAbility`` (the session lists those phase accepts, tried on a copy). Other phase
actions (casting, playing a land, activating other abilities) are translated too, so a listing
is complete; what phase offers that the model cannot name is left out (docs/engines/phase.md).
"""

from __future__ import annotations

from typing import Any

from protocol.adapter import ActionRefused
from protocol.model import Action, ActionKind

from .events import NINJUTSU_VARIANTS, ninjutsu_ability
from .names import Ids, phase_target, symbol, target_of


def to_model(kind: str, data: dict[str, Any] | None, actor: int, ids: Ids, objects: dict[str, Any]) -> Action | None:
    """The model Action of a phase action, or None if the model has no name for it."""
    data = data or {}
    if kind == "PassPriority":
        return Action(ActionKind.PASS_PRIORITY, actor)
    if kind == "ActivateNinjutsu":
        ninja, returned = data["ninjutsu_object_id"], data["creature_to_return"]
        ability = ninjutsu_ability(objects.get(str(ninja)))
        return Action(ActionKind.ACTIVATE, actor, ids.card(ninja), ability, costs=(("return", ids.card(returned)),))
    if kind == "DeclareAttackers" and not data.get("bands"):
        attacks = tuple((ids.card(a), target_of(t, ids)) for a, t in data.get("attacks", []))
        return Action(ActionKind.DECLARE_ATTACKERS, actor, attacks=attacks)
    if kind == "DeclareBlockers":
        blocks = tuple((ids.card(b), ids.card(a)) for b, a in data.get("assignments", []))
        return Action(ActionKind.DECLARE_BLOCKERS, actor, blocks=blocks)
    if kind == "PlayLand":
        return Action(ActionKind.PLAY_LAND, actor, source=ids.card(data["object_id"]))
    if kind == "CastSpell" and "object_id" in data:
        return Action(ActionKind.CAST, actor, source=ids.card(data["object_id"]))
    if kind == "CastSpellAsSneak":
        costs = (("alternative", "sneak"), ("return", ids.card(data["creature_to_return"])))
        return Action(ActionKind.CAST, actor, source=ids.card(data["hand_object"]), costs=costs)
    if kind == "SelectCards":
        return Action(ActionKind.CHOOSE_CARDS, actor, cards=ids.cards(data.get("cards", [])))
    if kind == "ActivateAbility" and "source_id" in data:
        name = ability_name(objects.get(str(data["source_id"])), int(data.get("ability_index", 0)))
        return None if name is None else Action(ActionKind.ACTIVATE, actor, ids.card(data["source_id"]), name)
    return None


def is_mana_ability(ability: dict[str, Any]) -> bool:
    return bool(ability.get("is_mana_ability")) or (ability.get("effect") or {}).get("type") == "Mana"


def ability_name(obj: dict[str, Any] | None, index: int) -> str | None:
    """The protocol's name of phase's activated ability ``index`` of ``obj`` (phase numbers all
    of an object's abilities together): mana abilities "mana", "mana:1" ...; a search "search";
    a Class level "level:N"; the others "ability:0", "ability:1" ... (counted in text order)."""
    abilities = (obj or {}).get("abilities", [])
    if not 0 <= index < len(abilities) or abilities[index].get("kind") != "Activated":
        return None
    mana = is_mana_ability(abilities[index])
    rank = sum(1 for a in abilities[:index] if a.get("kind") == "Activated" and is_mana_ability(a) == mana)
    effect = abilities[index].get("effect") or {}
    if mana:
        return "mana" if rank == 0 else f"mana:{rank}"
    if effect.get("type") == "SearchLibrary":
        return "search"
    if effect.get("type") == "SetClassLevel":
        return f"level:{effect.get('level')}"
    return f"ability:{rank}"


def mana_ability_indexes(obj: dict[str, Any]) -> list[int]:
    return [i for i, a in enumerate(obj.get("abilities", [])) if a.get("kind") == "Activated" and is_mana_ability(a)]


def produced_symbols(ability: dict[str, Any]) -> set[str]:
    """The mana symbols a mana ability without a colour choice adds."""
    produced = (ability.get("effect") or {}).get("produced") or {}
    return {"C"} if produced.get("type") == "Colorless" else {symbol(c) for c in produced.get("colors", [])}


def _oid(ids: Ids, card_id: str | None, what: str) -> int:
    oid = ids.engine(card_id) if card_id is not None else None
    if oid is None:
        raise ActionRefused(f"{what} {card_id!r} is not an object of this game")
    return oid


def to_phase(action: Action, ids: Ids, objects: dict[str, Any], waiting: str | None) -> dict[str, Any] | None:
    """The phase action dict for ``action``; None when it must be matched against phase's own
    listing (actions whose phase shape carries engine-internal data)."""
    kind, ability = action.kind, action.ability
    if kind is ActionKind.PASS_PRIORITY:
        return {"type": "PassPriority"}
    if kind is ActionKind.ACTIVATE and ability in NINJUTSU_VARIANTS.values():
        returned = action.cost("return")
        if returned is None:
            raise ActionRefused(f"{ability} needs an unblocked attacker to return (cost 'return')")
        ninja = _oid(ids, action.source, "Ninja")
        data = {"ninjutsu_object_id": ninja, "creature_to_return": _oid(ids, returned, "returned creature")}
        return {"type": "ActivateNinjutsu", "data": data}
    if kind is ActionKind.DECLARE_ATTACKERS:
        attacks = [[_oid(ids, a, "attacker"), phase_target(t, ids)] for a, t in action.attacks]
        return {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}
    if kind is ActionKind.ACTIVATE and ability is not None and ability.startswith("mana"):
        oid = _oid(ids, action.source, "source")  # phase lists no mana abilities but activates one
        obj = objects.get(str(oid)) or {}
        index = next((i for i in mana_ability_indexes(obj) if ability_name(obj, i) == ability), None)
        if index is None:
            raise ActionRefused(f"{action.source} has no mana ability {ability!r}")
        unmapped = [c for c in action.costs if c[0] != "produce"]
        if unmapped:
            raise ActionRefused(f"a mana ability takes no cost choices {unmapped}")
        wanted, can = action.cost("produce"), produced_symbols(obj["abilities"][index])
        if wanted is not None and wanted not in can:
            raise ActionRefused(f"{ability} of {action.source} produces {sorted(can)}, not {wanted}")
        return {"type": "ActivateAbility", "data": {"source_id": oid, "ability_index": index}}
    if kind is ActionKind.CHOOSE_CARDS and waiting == "SearchChoice":
        return {"type": "SelectCards", "data": {"cards": [_oid(ids, c, "card") for c in action.cards]}}
    if kind is ActionKind.DECLARE_BLOCKERS:
        pairs = [[_oid(ids, b, "blocker"), _oid(ids, a, "attacker")] for b, a in action.blocks]
        return {"type": "DeclareBlockers", "data": {"assignments": pairs}}
    return None


def same_meaning(a: Action, b: Action) -> bool:
    """Whether two actions are the same move (declarations and chosen cards aside)."""
    return (a.kind, a.player, a.source, a.ability, sorted(a.costs), a.targets) == (
        b.kind,
        b.player,
        b.source,
        b.ability,
        sorted(b.costs),
        b.targets,
    )
