"""phase.rs events -> model Events (the kit derives what phase leaves out: a creature put onto
the battlefield attacking, and as a safety net zone changes, taps, life). phase reveals nothing
for ninjutsu, and nothing is invented. phase deals both combat damage steps in one pass: damage
is "first-strike" until the first from a creature without first or double strike, a second from one
source to one recipient, or the end of a pass (phase's summary of damage to players, or a
state-based action after damage)."""

from typing import Any

from protocol.keyword_registry import COMMANDER_NINJUTSU, DOUBLE_STRIKE, FIRST_STRIKE, NINJUTSU
from protocol.model import Event, EventKind, target_ref

from .names import FROM_PHASE, ZONES, Ids, symbol, target_of

#: phase's keyword keys (the registry's names in CamelCase): the ninjutsu family (phase has no library
#: ninjutsu) -> the model's ability names, and first and double strike.
NINJUTSU_VARIANTS = {k.camel: k.name for k in (NINJUTSU, COMMANDER_NINJUTSU)}
STRIKE_KEYWORDS = {k.camel for k in (FIRST_STRIKE, DOUBLE_STRIKE)}
#: phase's events that close a combat damage pass: its summary of damage to players, and the
#: state-based actions checked before the regular pass (704.3, 510.4).
PASS_ENDS = frozenset({"CombatDamageDealtToPlayer", "CreatureDestroyed"})


def ninjutsu_ability(obj: dict[str, Any] | None) -> str:
    """Which ninjutsu-family keyword an object has ("ninjutsu" when phase does not say)."""
    keys = [k for kw in (obj or {}).get("keywords", []) if isinstance(kw, dict) for k in kw if k in NINJUTSU_VARIANTS]
    return NINJUTSU_VARIANTS[keys[0]] if keys else "ninjutsu"


def translate(raw: list[dict[str, Any]], before: dict[str, Any], after: dict[str, Any], ids: Ids) -> list[Event]:
    """Model events for phase's event dicts (``before``/``after``: phase state dicts)."""
    objects = {**after.get("objects", {}), **before.get("objects", {})}
    combat = before.get("combat") or {}
    first_pass = before.get("phase") != "CombatDamage" or not combat.get("first_strike_done")
    dealt: set[tuple[int, str | None]] = set()  # (source, recipient) of combat damage dealt
    kinds: dict[int, str] = {}  # stack entries: oid -> kind, -oid -> the source's card id
    for item in before.get("stack", []) + after.get("stack", []):
        stacked = str((item.get("kind") or {}).get("type"))
        kinds[int(item["id"])] = {"TriggeredAbility": "triggered", "Spell": "spell"}.get(stacked, "activated")
        kinds[-int(item["id"])] = ids.card(item.get("source_id", item["id"]))
    out: list[Event] = []
    for event in raw:
        kind, data = event.get("type"), event.get("data") or {}
        player, card = data.get("player_id"), data.get("object_id", data.get("source_id"))
        if kind in ("PermanentTapped", "PermanentUntapped"):
            out.append(Event(EventKind.TAP if kind == "PermanentTapped" else EventKind.UNTAP, card=ids.card(card)))
        elif kind == "ZoneChanged":
            first_pass = first_pass and not dealt  # state-based actions come between the passes
            where = ZONES.get(data.get("from", "")), ZONES.get(data.get("to", ""))
            out.append(Event(EventKind.ZONE_CHANGE, card=ids.card(card), from_zone=where[0], to_zone=where[1]))
        elif kind == "AttackersDeclared":
            attacks = [(ids.card(a), target_ref(target_of(t, ids))) for a, t in data.get("attacks", [])]
            out += [Event(EventKind.ATTACK, card=a, target=t) for a, t in attacks]
        elif kind == "BlockersDeclared":
            blocks = [(ids.card(b), ids.card(a)) for b, a in data.get("assignments", [])]
            out += [Event(EventKind.BLOCK, card=b, target=a) for b, a in blocks]
        elif kind == "NinjutsuActivated":
            key = str(data["source_id"])
            ability = ninjutsu_ability(after["objects"].get(key) or before["objects"].get(key))
            out.append(Event(EventKind.ACTIVATE, card=ids.card(key), ability=ability, player=player))
        elif kind == "AbilityActivated" and data.get("kind") != "Mana":  # a mana ability is its ManaAdded
            out.append(Event(EventKind.ACTIVATE, card=ids.card(data["source_id"]), player=player))
        elif kind == "ManaAdded":
            mana = symbol(data.get("mana_type"))
            out.append(Event(EventKind.MANA, card=ids.card(data["source_id"]), player=player, detail=mana))
        elif kind == "StackPushed":
            oid = int(data["object_id"])
            stacked = kinds.setdefault(oid, "triggered")  # one that came and went within the action: a trigger
            if stacked == "triggered":
                out.append(Event(EventKind.TRIGGER, card=kinds.get(-oid), ability=ids.card(oid)))
            elif stacked == "spell":
                out.append(Event(EventKind.CAST, card=ids.card(oid)))
        elif kind == "EffectResolved" and data.get("kind") == "Mana" and int(data["source_id"]) not in kinds:
            # a triggered mana ability, resolved at once without the stack (605.4a): phase
            # reports its mana, then this; the trigger goes before its mana, as it happened
            at = len(out)
            while at and out[at - 1].kind is EventKind.MANA and out[at - 1].card == ids.card(card):
                at -= 1
            owner = (objects.get(str(card)) or {}).get("controller")
            trigger = Event(EventKind.TRIGGER, card=ids.card(card), player=int(owner) if owner is not None else None)
            out.insert(at, trigger)
        elif kind == "StackResolved":
            out.append(Event(EventKind.RESOLVE, card=ids.card(card)))
        elif kind == "LifeChanged":
            out.append(Event(EventKind.LIFE, player=int(data["player_id"]), amount=int(data["amount"])))
        elif kind == "DamageDealt":
            target, source = data.get("target") or {}, int(data["source_id"])
            ref = f"player:{target['Player']}" if "Player" in target else ids.card(int(target.get("Object", -1)))
            detail = "noncombat"
            if data.get("is_combat"):
                keywords = (objects.get(str(source)) or {}).get("keywords", [])
                strikes = any(isinstance(k, str) and k in STRIKE_KEYWORDS for k in keywords)
                first_pass = first_pass and (source, ref) not in dealt and strikes
                detail = "first-strike" if first_pass else "regular"
                dealt.add((source, ref))
            amount = int(data["amount"])
            out.append(Event(EventKind.DAMAGE, card=ids.card(source), target=ref, amount=amount, detail=detail))
        elif kind in PASS_ENDS and dealt:
            first_pass = False  # the first-strike pass is over (its summary, or state-based actions after it)
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
