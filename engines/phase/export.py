"""A phase.rs state read back into the model. Cards keep their ids across zones (phase keeps an
object's id); objects phase created since are ``p<id>``, with card data from their
characteristics. What phase keeps no record of (``inprocess.CANNOT_SHOW``) is exported empty."""

from dataclasses import replace
from typing import Any

from protocol.decisions import Decision, DeclareBlockers
from protocol.model import (
    AFTER_BLOCKERS_STEPS,
    CardData,
    CardInstance,
    GameState,
    Permanent,
    PlayerState,
    StackItem,
)

from .grants import read_delayed, read_permissions
from .names import MODEL_COUNTERS, Ids, step_of, symbol, target_of

STACK_KINDS = {"TriggeredAbility": "triggered", "ActivatedAbility": "activated", "Spell": "spell"}


def export(ps: dict[str, Any], start: GameState, ids: Ids, pending: Decision | None = None) -> GameState:
    """The model state of phase's state dict ``ps``; ``pending``: the choice phase waits for when
    it is not priority (:mod:`.prompts`)."""
    objects, owners = ps["objects"], {o.id: o.owner for o in start.objects}
    instances, card_data = list(start.objects), {c.name: c for c in start.cards}
    for key, obj in sorted(objects.items(), key=lambda kv: int(kv[0])):
        if ids.card(key) not in owners:
            owners[ids.card(key)] = int(obj["owner"])
            instances.append(CardInstance(ids.card(key), obj["name"], int(obj["owner"]), token=True))
            card_data.setdefault(obj["name"], token_data(obj))
    exile = ids.cards(ps.get("exile", []))
    command = ids.cards(ps.get("command_zone") or [])
    searched = {int(p) for p in ps.get("players_who_searched_library_this_turn") or []}
    players = []
    for seat in ps["players"]:
        index, pool = int(seat["id"]), (seat.get("mana_pool") or {}).get("mana", [])
        plays = int(ps.get("max_lands_per_turn", 1)) - int(seat.get("lands_played_this_turn", 0))
        players.append(
            PlayerState(
                index,
                int(seat["life"]),
                hand=ids.cards(seat["hand"]),
                library=ids.cards(seat["library"]),
                graveyard=ids.cards(seat["graveyard"]),
                exile=tuple(c for c in exile if owners[c] == index),
                command=tuple(c for c in command if owners[c] == index),
                mana_pool=tuple(symbol(u.get("color") if isinstance(u, dict) else u) for u in pool),
                land_plays_left=max(0, plays),
                searched_library=index in searched,
            )
        )
    combat, step = ps.get("combat") or {}, step_of(ps)
    attacking = {int(a["object_id"]): a for a in combat.get("attackers", [])}
    blocking = {int(b): a for b, a in combat.get("blocker_to_attacker", {}).items()}
    # 509.1h: an attacker becomes blocked or unblocked as blockers are declared; while phase waits
    # for that declaration, in the declare blockers step, it is neither (phase's flag says False).
    awaited = isinstance(pending, DeclareBlockers)
    declared = bool(combat.get("blockers_declared_by")) or (step in AFTER_BLOCKERS_STEPS and not awaited)
    battlefield = []
    for oid in ps.get("battlefield", []):
        obj, entry = objects[str(oid)], attacking.get(int(oid))
        counters = [
            (MODEL_COUNTERS.get(str(k), str(k).lower()), int(v)) for k, v in (obj.get("counters") or {}).items()
        ]
        battlefield.append(
            Permanent(
                ids.card(oid),
                int(obj["controller"]),
                tapped=bool(obj.get("tapped")),
                summoning_sick=bool(obj.get("summoning_sick")),
                damage=int(obj.get("damage_marked") or 0),
                counters=tuple(sorted(c for c in counters if c[1])),
                class_level=int(obj["class_level"]) if obj.get("class_level") is not None else None,
                attacking=target_of(entry["attack_target"], ids) if entry else None,
                blocked=(bool(entry["blocked"]) if declared else None) if entry else None,
                blocking=ids.cards(blocking.get(int(oid), [])),
            )
        )
    stack = []
    for item in ps.get("stack", []):
        kind, data = (item.get("kind") or {}).get("type", ""), (item.get("kind") or {}).get("data") or {}
        ability = data.get("description") or (data.get("ability") or {}).get("description") or kind
        source, controller = ids.card(item.get("source_id", item["id"])), int(item.get("controller", 0))
        kind_name = STACK_KINDS.get(kind, "activated")
        stack.append(StackItem(ids.card(item["id"]), kind_name, source, controller, str(ability)))  # type: ignore[arg-type]
    waiting = ps.get("waiting_for") or {}
    return GameState(
        tuple(card_data.values()),
        tuple(instances),
        (players[0], players[1]),
        tuple(battlefield),
        tuple(stack),
        turn=int(ps["turn_number"]),
        active_player=int(ps["active_player"]),
        step=step,
        priority=int(waiting["data"]["player"]) if waiting.get("type") == "Priority" else None,
        priority_passes=int(ps.get("priority_pass_count") or 0),
        pending=pending,
        first_strikers=ids.cards(combat.get("first_strike_participants") or []),
        delayed=read_delayed(ps, ids),
        permissions=read_permissions(ps, ids),
    )


def token_data(obj: dict[str, Any]) -> CardData:
    """Card data of an object phase created (a token), read from its characteristics."""
    types = obj.get("card_types") or obj.get("card_type") or {}
    words = {k: tuple(str(t) for t in types.get(k, [])) for k in ("core_types", "subtypes", "supertypes")}
    power, toughness = (None if obj.get(k) is None else str(obj[k]) for k in ("power", "toughness"))
    card = CardData(str(obj["name"]), words["core_types"], subtypes=words["subtypes"], supertypes=words["supertypes"])
    return replace(card, power=power, toughness=toughness)
