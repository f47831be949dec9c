"""Reading a phase.rs state back into the model's GameState.

Card data and card instances come from the state the session started with (phase keeps an
object's id when it changes zones); objects phase created since (abilities on the stack,
tokens) get ids ``p<phase id>``.
"""

from __future__ import annotations

from typing import Any

from protocol.decisions import Decision
from protocol.model import (
    AttackTarget,
    CardData,
    CardInstance,
    GameState,
    Permanent,
    PlayerState,
    StackItem,
    Step,
    TargetKind,
)

from .grants import read_delayed, read_permissions
from .load import MODEL_COUNTERS, IdMap
from .steps import step_of

STACK_KINDS = {"TriggeredAbility": "triggered", "ActivatedAbility": "activated", "Spell": "spell"}
AFTER_BLOCKERS = (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)


def attack_target_of(target: dict[str, Any], ids: IdMap) -> AttackTarget:
    kind, data = target.get("type"), target.get("data")
    if kind == "Player":
        return AttackTarget.of_player(int(data))  # type: ignore[arg-type]
    if kind == "Planeswalker":
        return AttackTarget.of_permanent(TargetKind.PLANESWALKER, ids.model(int(data)))  # type: ignore[arg-type]
    if kind == "Battle":
        return AttackTarget.of_permanent(TargetKind.BATTLE, ids.model(int(data)))  # type: ignore[arg-type]
    raise ValueError(f"phase reports an unknown attack target {target!r}")


def export(ps: dict[str, Any], start: GameState, ids: IdMap, pending: Decision | None = None) -> GameState:
    """The model state of the phase state dict ``ps`` (the ``"state"`` of ``Game.state()``);
    ``pending``: the choice phase waits for, when it is not priority (see :mod:`.prompts`)."""
    objects = ps["objects"]
    known = {o.id: o for o in start.objects}
    instances = list(start.objects)
    card_data = {c.name: c for c in start.cards}
    for key, obj in sorted(objects.items(), key=lambda kv: int(kv[0])):
        card_id = ids.model(int(key))
        if card_id not in known:
            instances.append(CardInstance(card_id, obj["name"], int(obj["owner"]), token=True))
            known[card_id] = instances[-1]
            card_data.setdefault(obj["name"], token_data(obj))

    def model_ids(oids: list[int]) -> tuple[str, ...]:
        return tuple(ids.model(o) for o in oids)

    exile = model_ids(ps.get("exile", []))
    searched = {int(p) for p in ps.get("players_who_searched_library_this_turn") or []}
    players = []
    for seat in ps["players"]:
        index = int(seat["id"])
        players.append(
            PlayerState(
                index=index,
                life=int(seat["life"]),
                hand=model_ids(seat["hand"]),
                library=model_ids(seat["library"]),
                graveyard=model_ids(seat["graveyard"]),
                exile=tuple(c for c in exile if known[c].owner == index),
                mana_pool=tuple(_mana_symbols(seat.get("mana_pool"))),
                searched_library=index in searched,
                land_plays_left=max(
                    0, int(ps.get("max_lands_per_turn", 1)) - int(seat.get("lands_played_this_turn", 0))
                ),
            )
        )

    combat = ps.get("combat") or {}
    attacking = {int(a["object_id"]): a for a in combat.get("attackers", [])}
    blocking: dict[int, list[int]] = {
        int(b): [int(x) for x in a] for b, a in combat.get("blocker_to_attacker", {}).items()
    }
    step = step_of(ps)
    declared = bool(combat.get("blockers_declared_by")) or step in AFTER_BLOCKERS

    battlefield = []
    for oid in ps.get("battlefield", []):
        obj = objects[str(oid)]
        entry = attacking.get(int(oid))
        counters = tuple(
            sorted(
                (MODEL_COUNTERS.get(str(k), str(k).lower()), int(v))
                for k, v in (obj.get("counters") or {}).items()
                if v
            )
        )
        battlefield.append(
            Permanent(
                id=ids.model(oid),
                controller=int(obj["controller"]),
                tapped=bool(obj.get("tapped")),
                summoning_sick=bool(obj.get("summoning_sick")),
                damage=int(obj.get("damage_marked") or 0),
                counters=counters,
                class_level=int(obj["class_level"]) if obj.get("class_level") is not None else None,
                attacking=attack_target_of(entry["attack_target"], ids) if entry else None,
                blocked=(bool(entry["blocked"]) if declared else None) if entry else None,
                blocking=model_ids(blocking.get(int(oid), [])),
                # phase keeps no battle protector this adapter can read: report the loaded one.
                protector=_start_protector(start, ids.model(oid)),
            )
        )

    stack = []
    for item in ps.get("stack", []):
        kind = (item.get("kind") or {}).get("type", "")
        data = (item.get("kind") or {}).get("data") or {}
        ability = data.get("description") or (data.get("ability") or {}).get("description") or kind
        stack.append(
            StackItem(
                id=ids.model(item["id"]),
                kind=STACK_KINDS.get(kind, "activated"),  # type: ignore[arg-type]
                source=ids.model(item.get("source_id", item["id"])),
                controller=int(item.get("controller", 0)),
                ability=str(ability),
            )
        )

    waiting = ps.get("waiting_for") or {}
    wtype, wdata = waiting.get("type"), waiting.get("data") or {}
    priority: int | None = None
    if wtype == "Priority":
        priority = int(wdata["player"])

    participants = combat.get("first_strike_participants") or []
    return GameState(
        cards=tuple(card_data.values()),
        objects=tuple(instances),
        players=(players[0], players[1]),
        battlefield=tuple(battlefield),
        stack=tuple(stack),
        turn=int(ps["turn_number"]),
        active_player=int(ps["active_player"]),
        step=step,
        priority=priority,
        priority_passes=int(ps.get("priority_pass_count") or 0),
        pending=pending,
        first_strikers=model_ids(participants),
        delayed=read_delayed(ps, ids.model),
        permissions=read_permissions(ps, ids.model),
    )


def token_data(obj: dict[str, Any]) -> CardData:
    """Card data of an object phase created (a token), read from its characteristics."""
    types = obj.get("card_types") or obj.get("card_type") or {}
    power, toughness = obj.get("power"), obj.get("toughness")
    return CardData(
        str(obj["name"]),
        tuple(str(t) for t in types.get("core_types", [])),
        subtypes=tuple(str(t) for t in types.get("subtypes", [])),
        supertypes=tuple(str(t) for t in types.get("supertypes", [])),
        power=None if power is None else str(power),
        toughness=None if toughness is None else str(toughness),
    )


def _start_protector(start: GameState, card_id: str) -> int | None:
    perm = start.permanent(card_id)
    return perm.protector if perm is not None else None


_MANA = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C"}


def _mana_symbols(pool: Any) -> list[str]:
    out = []
    for unit in (pool or {}).get("mana", []):
        color = unit.get("color") if isinstance(unit, dict) else unit
        out.append(_MANA.get(str(color), str(color)))
    return out
