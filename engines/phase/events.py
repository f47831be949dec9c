"""phase.rs events -> model Events, completed by diffing the states before and after.

phase reports most of what happens (taps, zone changes, attack and block declarations, damage,
life changes, abilities put on the stack and resolving). What it does not report is derived
from the two model states: creatures put onto the battlefield attacking (``enter-attacking``),
and, as a safety net, zone changes, taps and life changes it left unreported. phase reveals
nothing for ninjutsu, and nothing is invented for it.

Combat damage carries ``detail`` "first-strike" or "regular": phase deals both damage steps in
one go, first-strike damage first, so damage events are split where the first-strike pass
ends (the first damage from a creature without first or double strike, or the second from one
source).
"""

from __future__ import annotations

from typing import Any

from protocol.keyword_registry import DOUBLE_STRIKE, FIRST_STRIKE
from protocol.model import Event, EventKind, GameState, Zone, target_ref

from .load import IdMap
from .steps import FROM_PHASE, step_of

ZONES = {
    "Hand": Zone.HAND,
    "Library": Zone.LIBRARY,
    "Battlefield": Zone.BATTLEFIELD,
    "Graveyard": Zone.GRAVEYARD,
    "Exile": Zone.EXILE,
    "Stack": Zone.STACK,
    "Command": Zone.COMMAND,
}
#: phase's names of first and double strike (the registry's, in CamelCase).
STRIKE_KEYWORDS = {k.camel for k in (FIRST_STRIKE, DOUBLE_STRIKE)}
MANA_SYMBOLS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C"}


def _has_first_strike(obj: dict[str, Any] | None) -> bool:
    return any(isinstance(k, str) and k in STRIKE_KEYWORDS for k in (obj or {}).get("keywords", []))


class DamageSplitter:
    """Labels combat damage events first-strike or regular (see the module docstring)."""

    def __init__(self, before: dict[str, Any], after: dict[str, Any]):
        combat = before.get("combat") or {}
        self.first_pass = before.get("phase") != "CombatDamage" or not combat.get("first_strike_done")
        self.objects = {**after.get("objects", {}), **before.get("objects", {})}
        self.seen: set[int] = set()
        self.any_striker = any(
            _has_first_strike(o) for o in before.get("objects", {}).values() if o.get("zone") == "Battlefield"
        )

    def label(self, source: int) -> str:
        if not self.any_striker:
            return "regular"
        if self.first_pass and (source in self.seen or not _has_first_strike(self.objects.get(str(source)))):
            self.first_pass = False
        self.seen.add(source)
        return "first-strike" if self.first_pass else "regular"


def translate(
    raw: list[dict[str, Any]], before: dict[str, Any], after: dict[str, Any], ids: IdMap, stack_kinds: dict[int, str]
) -> list[Event]:
    """Model events for phase's event dicts (``before``/``after``: phase state dicts)."""
    out: list[Event] = []
    damage = DamageSplitter(before, after)
    for event in raw:
        kind, data = event.get("type"), event.get("data") or {}
        if kind == "PermanentTapped":
            out.append(Event(EventKind.TAP, card=ids.model(data["object_id"])))
        elif kind == "PermanentUntapped":
            out.append(Event(EventKind.UNTAP, card=ids.model(data["object_id"])))
        elif kind == "ZoneChanged":
            out.append(
                Event(
                    EventKind.ZONE_CHANGE,
                    card=ids.model(data["object_id"]),
                    from_zone=ZONES.get(data.get("from", "")),
                    to_zone=ZONES.get(data.get("to", "")),
                )
            )
        elif kind == "AttackersDeclared":
            from .export import attack_target_of

            for attacker, target in data.get("attacks", []):
                out.append(
                    Event(EventKind.ATTACK, card=ids.model(attacker), target=target_ref(attack_target_of(target, ids)))
                )
        elif kind == "BlockersDeclared":
            for blocker, attacker in data.get("assignments", []):
                out.append(Event(EventKind.BLOCK, card=ids.model(blocker), target=ids.model(attacker)))
        elif kind == "NinjutsuActivated":
            from .actions import ninjutsu_ability

            source = int(data["source_id"])
            obj = after["objects"].get(str(source)) or before["objects"].get(str(source))
            out.append(
                Event(
                    EventKind.ACTIVATE,
                    card=ids.model(source),
                    ability=ninjutsu_ability(obj),
                    player=data.get("player_id"),
                )
            )
        elif kind == "AbilityActivated" and data.get("kind") == "Mana":
            continue  # reported as the mana event below
        elif kind == "AbilityActivated":
            out.append(Event(EventKind.ACTIVATE, card=ids.model(data["source_id"]), player=data.get("player_id")))
        elif kind == "ManaAdded":
            out.append(
                Event(
                    EventKind.MANA,
                    card=ids.model(data["source_id"]),
                    player=data.get("player_id"),
                    detail=MANA_SYMBOLS.get(str(data.get("mana_type")), str(data.get("mana_type"))),
                )
            )
        elif kind == "StackPushed":
            oid = int(data["object_id"])
            if stack_kinds.get(oid) == "triggered":
                trigger_source = stack_kinds.get(-oid)
                out.append(Event(EventKind.TRIGGER, card=trigger_source, ability=ids.model(oid)))
            elif stack_kinds.get(oid) == "spell":
                out.append(Event(EventKind.CAST, card=ids.model(oid)))
        elif kind == "StackResolved":
            out.append(Event(EventKind.RESOLVE, card=ids.model(data["object_id"])))
        elif kind == "LifeChanged":
            out.append(Event(EventKind.LIFE, player=int(data["player_id"]), amount=int(data["amount"])))
        elif kind == "DamageDealt":
            target = data.get("target") or {}
            ref = f"player:{target['Player']}" if "Player" in target else ids.model(int(target.get("Object", -1)))
            source = int(data["source_id"])
            detail = damage.label(source) if data.get("is_combat") else "noncombat"
            out.append(
                Event(EventKind.DAMAGE, card=ids.model(source), target=ref, amount=int(data["amount"]), detail=detail)
            )
        elif kind == "PhaseChanged":
            step = FROM_PHASE.get(str(data.get("phase")))
            out.append(Event(EventKind.STEP, detail=str(step) if step else str(data.get("phase"))))
        elif kind in ("CardDrawn", "CardsDrawn"):
            for oid in data.get("object_ids", [data.get("object_id")]):
                if oid is not None:
                    out.append(Event(EventKind.DRAW, card=ids.model(oid), player=data.get("player_id")))
        elif kind == "PlayerPerformedAction" and data.get("action") == "ShuffledLibrary":
            player = int(data["player_id"])
            out.append(Event(EventKind.SHUFFLE, player=player, amount=len(after["players"][player]["library"])))
        elif kind == "HiddenSearchViewed":
            seen = data.get("cards", [])
            owner = int(seen[0]["owner"]) if seen else None
            out.append(
                Event(
                    EventKind.SEARCH,
                    player=int(data["searcher"]),
                    target=f"library:{owner}" if owner is not None else None,
                    amount=len(seen),
                )
            )
    return out


def stack_index(*states: dict[str, Any], ids: IdMap) -> dict[int, str]:
    """Kinds of the stack entries seen in ``states``: oid -> kind, and -oid -> model source id."""
    index: dict[int, str] = {}
    for ps in states:
        for item in ps.get("stack", []):
            kind = (item.get("kind") or {}).get("type")
            oid = int(item["id"])
            index[oid] = {"TriggeredAbility": "triggered", "Spell": "spell"}.get(str(kind), "activated")
            index[-oid] = ids.model(item.get("source_id", oid))
    return index


def derived(events: list[Event], before: GameState, after: GameState) -> list[Event]:
    """Events phase did not report, derived by comparing the model states."""
    extra: list[Event] = []
    moved = {e.card for e in events if e.kind is EventKind.ZONE_CHANGE}
    tapped = {(e.card, e.kind) for e in events if e.kind in (EventKind.TAP, EventKind.UNTAP)}
    for obj in after.objects:
        was, now = _zone(before, obj.id), _zone(after, obj.id)
        if was != now and obj.id not in moved and (was or now):
            extra.append(Event(EventKind.ZONE_CHANGE, card=obj.id, from_zone=was, to_zone=now, detail="derived"))
    for perm in after.battlefield:
        old = before.permanent(perm.id)
        if old is not None and old.tapped != perm.tapped:
            kind = EventKind.TAP if perm.tapped else EventKind.UNTAP
            if (perm.id, kind) not in tapped:
                extra.append(Event(kind, card=perm.id, detail="derived"))
        if perm.attacking is not None and (old is None or old.attacking is None):
            declared = any(e.kind is EventKind.ATTACK and e.card == perm.id for e in events)
            if not declared:
                extra.append(Event(EventKind.ENTER_ATTACKING, card=perm.id, target=target_ref(perm.attacking)))
    reported_life = {e.player for e in events if e.kind is EventKind.LIFE}
    for seat_before, seat_after in zip(before.players, after.players, strict=True):  # a game keeps its seats
        if seat_before.life != seat_after.life and seat_before.index not in reported_life:
            extra.append(
                Event(
                    EventKind.LIFE,
                    player=seat_before.index,
                    amount=seat_after.life - seat_before.life,
                    detail="derived",
                )
            )
    return extra


def _zone(state: GameState, card_id: str) -> Zone | None:
    try:
        return state.zone_of(card_id)
    except KeyError:
        return None


__all__ = ["derived", "stack_index", "step_of", "translate"]
