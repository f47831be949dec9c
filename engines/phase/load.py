"""Placing a model GameState into a new phase.rs game's state.

phase's ``load_game`` checks nothing, so a state is built the safe way: a real game is started
with exactly the state's cards (plus one filler card per deck, removed again), both players
keep, and its objects are moved into the model's zones, with battlefield status, combat, step,
life and priority set. Only states at a priority prompt are placed (the data inside a pending
prompt is not recomputed on load); the rest is reached by play (:mod:`.build`).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from protocol.adapter import StateUnsupported
from protocol.model import AFTER_BLOCKERS_STEPS, CardData, GameState, Step, Zone

from . import cards as card_data
from .grants import place_grants
from .names import COUNTER_NAMES, TO_PHASE, Ids, new_ids, phase_target

#: Steps from which passing priority reaches regular combat damage.
PRE_DAMAGE_STEPS = (Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE)
KEEP = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
PLAYER_ZONES = {Zone.HAND: "Hand", Zone.LIBRARY: "Library", Zone.GRAVEYARD: "Graveyard", Zone.EXILE: "Exile"}
#: What of a new game's state depends on its cards, not on how many each deck has (see opening).
CARD_DEPENDENT = ("objects", "all_creature_types", "resolved_rules_journal", "deck_pools", "zone_changes_this_turn")
#: Per (cards in deck 0, cards in deck 1, first player): the rest of a new game's state, as JSON.
_skeletons: dict[tuple[int, int, int], str] = {}
SKELETONS_KEPT = 1024
_engines: dict[str, Any] = {}


@lru_cache(maxsize=1024)
def _engine_key(needed: frozenset[CardData]) -> str:
    return hashlib.sha256(json.dumps(sorted(card_data.card_key(c) for c in needed)).encode()).hexdigest()


def engine_for(state: GameState) -> Any:
    """A phase Engine holding the faces of the state's cards (cached per card set)."""
    used = {o.name for o in state.objects}
    key = _engine_key(frozenset(c for c in state.cards if c.name in used))
    if key not in _engines:
        import phase

        needed = [c for c in state.cards if c.name in used]
        _engines[key] = phase.Engine.from_json(json.dumps(card_data.database(needed)))
    return _engines[key]


def check_loadable(state: GameState) -> None:
    """StateUnsupported for what the adapter does not build at all."""
    if any(p.mana_pool for p in state.players):
        raise StateUnsupported("the phase adapter does not build states with mana in a pool")
    if any(p.command for p in state.players):
        raise StateUnsupported("the phase adapter does not map the command zone (phase needs a commander game)")
    blockers = [a for perm in state.battlefield for a in perm.blocking]
    if state.step in PRE_DAMAGE_STEPS and len(blockers) != len(set(blockers)):
        raise StateUnsupported(
            "the phase adapter does not answer phase's AssignCombatDamage prompt (an attacker blocked by two or "
            "more creatures, with regular combat damage still to come)"
        )


def new_game(state: GameState) -> tuple[dict[str, Any], Ids]:
    """The state envelope of a new phase game of the state's cards (both players kept), to edit,
    and the id map (each card of the state to one of phase's objects of its name and owner)."""
    import phase

    engine = engine_for(state)
    decks = [[o.name for o in state.objects if o.owner == seat] + [card_data.FILLER.name] for seat in (0, 1)]
    game = engine.new_game(decks[0], decks[1], seed=0, first_player=state.active_player)
    for seat in (0, 1):
        game.apply(seat, phase.GameAction.from_dict(KEEP))
    envelope = opening(game, (len(decks[0]), len(decks[1]), state.active_player))
    objects = envelope["state"]["objects"]
    free: dict[tuple[str, int], list[int]] = {}
    for key in sorted(objects, key=int):
        free.setdefault((objects[key]["name"], objects[key]["owner"]), []).append(int(key))
    ids = new_ids()
    for o in state.objects:
        pool = free.get((o.name, o.owner))
        if not pool:
            raise StateUnsupported(f"phase did not create card {o.name!r} for {o.id}: does it know the card?")
        ids.add(o.id, pool.pop(0))
    for leftover in free.values():
        for oid in leftover:  # the fillers
            del objects[str(oid)]
    return envelope, ids


def opening(game: Any, sizes: tuple[int, int, int]) -> dict[str, Any]:
    """The state envelope of ``game``, a new game (seed 0) whose players both kept; ``sizes``:
    the cards in each deck and the first player. Reading phase's whole state costs milliseconds,
    and a new game's state is the same for any cards but for what :data:`CARD_DEPENDENT` names
    (shuffles consume the random state by the decks' sizes: ``tests/test_phase_adapter.py``
    keeps it so). So the rest is read once per ``sizes`` and the objects one by one."""
    text = _skeletons.get(sizes)
    if text is None:
        envelope = game.state()
        ps = envelope["state"]
        _forget_opening(ps)
        skeleton = {**envelope, "state": {k: v for k, v in ps.items() if k not in ("objects", "all_creature_types")}}
        if len(_skeletons) >= SKELETONS_KEPT:
            _skeletons.pop(next(iter(_skeletons)))
        _skeletons[sizes] = json.dumps(skeleton, separators=(",", ":"))
    else:
        envelope = json.loads(text)
        ps = envelope["state"]
        zones = [
            ps["battlefield"],
            ps["exile"],
            *(p[z] for p in ps["players"] for z in ("hand", "library", "graveyard")),
        ]
        ps["objects"] = {str(oid): game.object(int(oid)) for zone in zones for oid in zone}
    ps["all_creature_types"] = creature_types(ps["objects"])
    return envelope


def creature_types(objects: dict[str, Any]) -> list[str]:
    """The creature types among a game's objects, as phase lists them in a new game's state."""
    core = ((o["card_types"]["core_types"], o["card_types"]["subtypes"]) for o in objects.values())
    return sorted({t for types, subtypes in core if "Creature" in types for t in subtypes})


def _forget_opening(ps: dict[str, Any]) -> None:
    """Drop what phase recorded of the opening: its rules journal (emptied: each list empty, each
    ordinal 0, as in a new game), the zone changes "this turn" and the deck lists. None of it is
    in the model's state, and it was two thirds of every state phase exported afterwards."""
    journal = ps.get("resolved_rules_journal")
    if isinstance(journal, dict):
        ps["resolved_rules_journal"] = {key: _emptied(value) for key, value in journal.items()}
    ps["deck_pools"] = []
    ps.pop("zone_changes_this_turn", None)


def _emptied(value: Any) -> Any:
    if isinstance(value, (list, dict)):
        return type(value)()
    return 0 if isinstance(value, int) and not isinstance(value, bool) else value


def as_text(envelope: dict[str, Any]) -> str:
    """An envelope as ``load_game`` reads it cheapest: compact JSON (a dict it encodes itself)."""
    return json.dumps(envelope, separators=(",", ":"), check_circular=False)


def place(state: GameState, ps: dict[str, Any], ids: Ids) -> None:
    """Write ``state`` (someone holding priority) into the new game's state dict ``ps``."""
    objects = ps["objects"]
    for player in ps["players"]:
        player["hand"], player["library"], player["graveyard"] = [], [], []
    ps["battlefield"], ps["exile"], ps["stack"] = [], [], []
    for p in state.players:
        seat = ps["players"][p.index]
        seat["life"] = p.life
        seat["lands_played_this_turn"] = max(0, 1 - p.land_plays_left)
        for zone, name in PLAYER_ZONES.items():
            for oid in (ids.to_engine[card_id] for card_id in p.zone(zone)):
                objects[str(oid)]["zone"] = name
                (ps["exile"] if zone is Zone.EXILE else seat[name.lower()]).append(oid)
    ps["lands_played_this_turn"] = ps["players"][state.active_player]["lands_played_this_turn"]
    for o in state.objects:
        if o.token:  # phase removes a token that leaves the battlefield (704.5d) by this flag
            objects[str(ids.to_engine[o.id])]["is_token"] = True
    place_grants(state, ps, ids)
    for perm in state.battlefield:
        oid = ids.to_engine[perm.id]
        obj = objects[str(oid)]
        obj.update(
            zone="Battlefield",
            tapped=perm.tapped,
            summoning_sick=perm.summoning_sick,
            entered_battlefield_turn=state.turn if perm.summoning_sick else max(0, state.turn - 1),
            damage_marked=perm.damage,
            controller=perm.controller,
            base_controller=perm.controller,
        )
        if perm.class_level is not None:
            obj["class_level"] = perm.class_level
        obj["counters"] = {COUNTER_NAMES.get(k, k.capitalize()): n for k, n in perm.counters if n}
        if "Loyalty" in obj["counters"]:
            obj["loyalty"] = obj["counters"]["Loyalty"]
        ps["battlefield"].append(oid)
    ps.update(turn_number=state.turn, active_player=state.active_player, phase=TO_PHASE[state.step])
    ps.update(priority_player=state.priority, priority_pass_count=state.priority_passes)
    ps["waiting_for"] = {"type": "Priority", "data": {"player": state.priority}}
    ps["steps_started_this_turn"] = {TO_PHASE[state.step]: 1}
    for player in ps["players"]:
        player["turns_taken"] = max(1, state.turn // 2)
    ps["combat"] = _combat(state, ps, ids)


def _combat(state: GameState, ps: dict[str, Any], ids: Ids) -> dict[str, Any] | None:
    attackers = [ids.to_engine[p.id] for p in state.attackers()]
    if not state.step.is_combat or state.step is Step.BEGINNING_OF_COMBAT:
        if attackers:
            raise StateUnsupported(f"attacking creatures outside combat ({state.step}) cannot be built in phase")
        return None
    defender, oid = state.defending_player, ids.to_engine

    def incarnation(o: int) -> dict[str, int]:
        return {"incarnation": int(ps["objects"][str(o)].get("incarnation", 1)), "object_id": o}

    pairs = [(oid[attacker], oid[perm.id]) for perm in state.battlefield for attacker in perm.blocking]
    first_done = state.step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT) and bool(
        state.first_strikers
    )
    combat: dict[str, Any] = {"damage_assignments": {}, "damage_step_index": None, "pending_damage": []}
    combat["attackers"] = [
        {"attack_target": phase_target(p.attacking, ids), "band_id": None, "blocked": bool(p.blocked)}
        | {"defending_player": defender, "object_id": oid[p.id]}
        for p in state.attackers()
        if p.attacking is not None
    ]
    combat["attacked_defenders_this_combat"] = {str(state.active_player): [defender]} if attackers else {}
    combat["attacking_incarnations_this_combat"] = [incarnation(o) for o in attackers]
    combat["blocker_assignments"], combat["blocker_to_attacker"] = {}, {}
    for a, b in pairs:
        combat["blocker_assignments"].setdefault(str(a), []).append(b)
        combat["blocker_to_attacker"].setdefault(str(b), []).append(a)
    combat["blockers_declared_by"] = [defender] if state.step in AFTER_BLOCKERS_STEPS else []
    combat["creature_attacked_defenders_this_combat"] = {str(o): [defender] for o in attackers}
    combat["creature_blocked_attackers_this_combat"] = [
        {"attacker": incarnation(a), "blocker": incarnation(b)} for a, b in pairs
    ]
    combat["first_strike_done"] = first_done
    combat["first_strike_participants"] = [oid[c] for c in state.first_strikers] if first_done else None
    combat["pending_blocker_declaration_events"] = []
    combat["regular_damage_done"] = state.step in (Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
    return combat
