"""phase.rs events -> model Events (the session adds those derived from the states).

phase reports most of what happens: taps, zone changes, attack and block declarations, damage,
life, abilities put on the stack and resolving, searches and shuffles. What it does not report
is derived from the two model states by the kit (:mod:`engines.kit.diff`): creatures put onto
the battlefield attacking, and as a safety net zone changes, taps and life changes. phase
reveals nothing for ninjutsu, and nothing is invented for it.

Combat damage carries ``detail`` "first-strike" or "regular": phase deals both damage steps in
one go, first-strike damage first, so damage events are split where the first-strike pass ends
(the first damage from a creature without first or double strike, or the second from one source).
"""

from __future__ import annotations

from typing import Any

from protocol.model import Event, EventKind, target_ref

from .names import FROM_PHASE, ZONES, Ids, symbol, target_of

STRIKERS = {"FirstStrike", "DoubleStrike"}
NINJUTSU_VARIANTS = {"Ninjutsu": "ninjutsu", "CommanderNinjutsu": "commander ninjutsu"}


def ninjutsu_ability(obj: dict[str, Any] | None) -> str:
    """Which ninjutsu-family keyword an object has ("ninjutsu" when phase does not say)."""
    for kw in (obj or {}).get("keywords", []):
        for key in kw if isinstance(kw, dict) else ():
            if key in NINJUTSU_VARIANTS:
                return NINJUTSU_VARIANTS[key]
    return "ninjutsu"


def _strikes_first(obj: dict[str, Any] | None) -> bool:
    return any(isinstance(k, str) and k in STRIKERS for k in (obj or {}).get("keywords", []))


class DamageSplitter:
    """Labels combat damage events first-strike or regular (see the module docstring)."""

    def __init__(self, before: dict[str, Any], after: dict[str, Any]):
        combat = before.get("combat") or {}
        self.first_pass = before.get("phase") != "CombatDamage" or not combat.get("first_strike_done")
        self.objects = {**after.get("objects", {}), **before.get("objects", {})}
        self.seen: set[int] = set()
        on_battlefield = (o for o in before.get("objects", {}).values() if o.get("zone") == "Battlefield")
        self.any_striker = any(_strikes_first(o) for o in on_battlefield)

    def label(self, source: int) -> str:
        if not self.any_striker:
            return "regular"
        if self.first_pass and (source in self.seen or not _strikes_first(self.objects.get(str(source)))):
            self.first_pass = False
        self.seen.add(source)
        return "first-strike" if self.first_pass else "regular"


def stack_index(*states: dict[str, Any], ids: Ids) -> dict[int, str]:
    """Kinds of the stack entries seen in ``states``: oid -> kind, and -oid -> model source id."""
    index: dict[int, str] = {}
    for ps in states:
        for item in ps.get("stack", []):
            kind = str((item.get("kind") or {}).get("type"))
            index[int(item["id"])] = {"TriggeredAbility": "triggered", "Spell": "spell"}.get(kind, "activated")
            index[-int(item["id"])] = ids.card(item.get("source_id", item["id"]))
    return index


def translate(
    raw: list[dict[str, Any]], before: dict[str, Any], after: dict[str, Any], ids: Ids, stack_kinds: dict[int, str]
) -> list[Event]:
    """Model events for phase's event dicts (``before``/``after``: phase state dicts)."""
    out: list[Event] = []
    damage = DamageSplitter(before, after)
    for event in raw:
        kind, data = event.get("type"), event.get("data") or {}
        player = data.get("player_id")
        if kind in ("PermanentTapped", "PermanentUntapped"):
            tap = EventKind.TAP if kind == "PermanentTapped" else EventKind.UNTAP
            out.append(Event(tap, card=ids.card(data["object_id"])))
        elif kind == "ZoneChanged":
            where = ZONES.get(data.get("from", "")), ZONES.get(data.get("to", ""))
            out.append(
                Event(EventKind.ZONE_CHANGE, card=ids.card(data["object_id"]), from_zone=where[0], to_zone=where[1])
            )
        elif kind == "AttackersDeclared":
            for a, t in data.get("attacks", []):
                out.append(Event(EventKind.ATTACK, card=ids.card(a), target=target_ref(target_of(t, ids))))
        elif kind == "BlockersDeclared":
            out += [
                Event(EventKind.BLOCK, card=ids.card(b), target=ids.card(a)) for b, a in data.get("assignments", [])
            ]
        elif kind == "NinjutsuActivated":
            obj = after["objects"].get(str(data["source_id"])) or before["objects"].get(str(data["source_id"]))
            out.append(
                Event(
                    EventKind.ACTIVATE, card=ids.card(data["source_id"]), ability=ninjutsu_ability(obj), player=player
                )
            )
        elif kind == "AbilityActivated" and data.get("kind") != "Mana":  # a mana ability: its ManaAdded
            out.append(Event(EventKind.ACTIVATE, card=ids.card(data["source_id"]), player=player))
        elif kind == "ManaAdded":
            out.append(
                Event(
                    EventKind.MANA,
                    card=ids.card(data["source_id"]),
                    player=player,
                    detail=symbol(data.get("mana_type")),
                )
            )
        elif kind == "StackPushed":
            oid = int(data["object_id"])
            if stack_kinds.get(oid) == "triggered":
                out.append(Event(EventKind.TRIGGER, card=stack_kinds.get(-oid), ability=ids.card(oid)))
            elif stack_kinds.get(oid) == "spell":
                out.append(Event(EventKind.CAST, card=ids.card(oid)))
        elif kind == "StackResolved":
            out.append(Event(EventKind.RESOLVE, card=ids.card(data["object_id"])))
        elif kind == "LifeChanged":
            out.append(Event(EventKind.LIFE, player=int(data["player_id"]), amount=int(data["amount"])))
        elif kind == "DamageDealt":
            target = data.get("target") or {}
            ref = f"player:{target['Player']}" if "Player" in target else ids.card(int(target.get("Object", -1)))
            detail = damage.label(int(data["source_id"])) if data.get("is_combat") else "noncombat"
            out.append(
                Event(
                    EventKind.DAMAGE,
                    card=ids.card(data["source_id"]),
                    target=ref,
                    amount=int(data["amount"]),
                    detail=detail,
                )
            )
        elif kind == "PhaseChanged":
            step = FROM_PHASE.get(str(data.get("phase")))
            out.append(Event(EventKind.STEP, detail=str(step) if step else str(data.get("phase"))))
        elif kind in ("CardDrawn", "CardsDrawn"):
            drawn = [oid for oid in data.get("object_ids", [data.get("object_id")]) if oid is not None]
            out += [Event(EventKind.DRAW, card=ids.card(oid), player=player) for oid in drawn]
        elif kind == "PlayerPerformedAction" and data.get("action") == "ShuffledLibrary":
            seat = int(data["player_id"])
            out.append(Event(EventKind.SHUFFLE, player=seat, amount=len(after["players"][seat]["library"])))
        elif kind == "HiddenSearchViewed":
            seen = data.get("cards", [])
            library = f"library:{int(seen[0]['owner'])}" if seen else None
            out.append(Event(EventKind.SEARCH, player=int(data["searcher"]), target=library, amount=len(seen)))
    return out
