"""Model Actions <-> phase GameActions, matched by meaning (kind, source, costs, targets).

phase pays mana automatically (its ``actions()`` lists no mana abilities, at priority or while
paying), so an activation carries no mana choices; a mana ability asked for by name is sent as
phase's ``ActivateAbility`` (the session lists the ones phase accepts, tried on a copy). Other phase actions (casting, playing a
land, activating other abilities) are translated too, so a legal-action listing is complete;
anything phase offers that the model cannot name is left out and listed in docs/engines/phase.md.
"""

from __future__ import annotations

from typing import Any

from protocol.adapter import ActionRefused
from protocol.keyword_registry import COMMANDER_NINJUTSU, NINJUTSU
from protocol.model import Action, ActionKind, AttackTarget

from .export import attack_target_of
from .load import IdMap, attack_target

#: phase's keyword keys of the ninjutsu family (the registry's names in CamelCase) -> the model's
#: ability names; phase has no library ninjutsu (see ``inprocess.NOT_SUPPORTED``).
NINJUTSU_VARIANTS = {k.camel: k.name for k in (NINJUTSU, COMMANDER_NINJUTSU)}


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
    if kind == "CastSpellAsSneak":
        return Action(
            ActionKind.CAST,
            actor,
            source=ids.model(int(data["hand_object"])),
            costs=(("alternative", "sneak"), ("return", ids.model(int(data["creature_to_return"])))),
        )
    if kind == "SelectCards":
        return Action(ActionKind.CHOOSE_CARDS, actor, cards=tuple(ids.model(int(c)) for c in data.get("cards", [])))
    if kind == "ActivateAbility" and "source_id" in data:
        source = int(data["source_id"])
        name = ability_name(objects.get(str(source)), int(data.get("ability_index", 0)))
        if name is None:
            return None
        return Action(ActionKind.ACTIVATE, actor, source=ids.model(source), ability=name)
    return None


def is_mana_ability(ability: dict[str, Any]) -> bool:
    return bool(ability.get("is_mana_ability")) or (ability.get("effect") or {}).get("type") == "Mana"


def ability_name(obj: dict[str, Any] | None, index: int) -> str | None:
    """The protocol name of phase's ability ``index`` of ``obj``: mana abilities are "mana",
    "mana:1", ...; the others "ability:0", "ability:1", ... (each counted in text order).
    phase numbers all of an object's abilities together (``index`` is into its ``abilities``)."""
    abilities = (obj or {}).get("abilities", [])
    if not 0 <= index < len(abilities) or abilities[index].get("kind") != "Activated":
        return None
    mana = is_mana_ability(abilities[index])
    rank = sum(1 for a in abilities[:index] if a.get("kind") == "Activated" and is_mana_ability(a) == mana)
    if mana:
        return "mana" if rank == 0 else f"mana:{rank}"
    effect = abilities[index].get("effect") or {}
    if effect.get("type") == "SearchLibrary":
        return "search"
    if effect.get("type") == "SetClassLevel":
        return f"level:{effect.get('level')}"
    return f"ability:{rank}"


def ability_index(obj: dict[str, Any] | None, name: str | None) -> int | None:
    """phase's index of the ability the protocol calls ``name`` (None if there is none)."""
    for i in range(len((obj or {}).get("abilities", []))):
        if ability_name(obj, i) == name:
            return i
    return None


MANA_SYMBOLS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C"}
#: The kinds of produced mana the adapter maps (phase asks for no choice of colour for them).
FIXED_MANA = ("Fixed", "Colorless")


def produced_symbols(ability: dict[str, Any]) -> set[str]:
    """The mana symbols a mana ability without a colour choice adds."""
    produced = (ability.get("effect") or {}).get("produced") or {}
    if produced.get("type") == "Colorless":
        return {"C"}
    return {MANA_SYMBOLS.get(str(c), str(c)) for c in produced.get("colors", [])}


def mana_ability_indexes(obj: dict[str, Any]) -> list[int]:
    return [i for i, a in enumerate(obj.get("abilities", [])) if a.get("kind") == "Activated" and is_mana_ability(a)]


def _oid(ids: IdMap, card_id: str | None, what: str) -> int:
    oid = ids.phase(card_id) if card_id is not None else None
    if oid is None:
        raise ActionRefused(f"{what} {card_id!r} is not an object of this game")
    return oid


def to_phase(
    action: Action, ids: IdMap, objects: dict[str, Any] | None = None, waiting: str | None = None
) -> dict[str, Any] | None:
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
    if (
        action.kind is ActionKind.ACTIVATE
        and action.ability is not None
        and action.ability.startswith("mana")
        and objects is not None
    ):
        # phase lists no mana abilities (it pays mana itself) but activates one when asked.
        oid = _oid(ids, action.source, "source")
        index = ability_index(objects.get(str(oid)), action.ability)
        if index is None:
            raise ActionRefused(f"{action.source} has no mana ability {action.ability!r}")
        unmapped = [c for c in action.costs if c[0] != "produce"]
        if unmapped:
            raise ActionRefused(f"a mana ability takes no cost choices {unmapped}")
        wanted = action.cost("produce")
        can = produced_symbols(objects[str(oid)]["abilities"][index])
        if wanted is not None and wanted not in can:
            raise ActionRefused(f"{action.ability} of {action.source} produces {sorted(can)}, not {wanted}")
        return {"type": "ActivateAbility", "data": {"source_id": oid, "ability_index": index}}
    if action.kind is ActionKind.CHOOSE_CARDS and objects is not None and waiting == "SearchChoice":
        return {"type": "SelectCards", "data": {"cards": [_oid(ids, c, "card") for c in action.cards]}}
    if action.kind is ActionKind.DECLARE_BLOCKERS:
        pairs = [[_oid(ids, b, "blocker"), _oid(ids, a, "attacker")] for b, a in action.blocks]
        return {"type": "DeclareBlockers", "data": {"assignments": pairs}}
    return None


def same_meaning(a: Action, b: Action) -> bool:
    return (a.kind, a.player, a.source, a.ability, tuple(sorted(a.costs)), a.targets) == (
        b.kind,
        b.player,
        b.source,
        b.ability,
        tuple(sorted(b.costs)),
        b.targets,
    )


__all__ = ["AttackTarget", "same_meaning", "to_model", "to_phase"]
