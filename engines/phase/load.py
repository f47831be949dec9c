"""Placing a drawn state into a new phase.rs game's state (``load_game`` checks nothing): a game
of exactly the state's cards (plus a filler per deck, removed again) is started, both players
keep, and its objects are moved into the model's zones, with battlefield, combat, step, life and
priority set. Only priority prompts are placed; the rest is reached by play (``inprocess``),
stacked spells cast free and with flash while cast (the state says they were paid, not how)."""

import copy
import json
from functools import lru_cache
from typing import Any

from protocol.adapter import Gap, StateUnsupported
from protocol.keyword_registry import FLASH
from protocol.model import AFTER_BLOCKERS_STEPS, CardData, GameState, StackItem, Step, Zone

from . import cards as card_data
from .grants import FREE, place_grants
from .names import COUNTER_NAMES, TO_PHASE, Ids, phase_target

KEEP = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
PLAYER_ZONES = {Zone.HAND: "Hand", Zone.LIBRARY: "Library", Zone.GRAVEYARD: "Graveyard", Zone.EXILE: "Exile"}
#: What a stacked card's object gets while it is cast, and gets back afterwards.
CAST_FIELDS = ("mana_cost", "base_mana_cost", "keywords", "base_keywords")
#: What of a new game's state depends on its cards, not only on how many each deck has (opening).
CARD_DEPENDENT = ("objects", "all_creature_types", "resolved_rules_journal", "deck_pools", "zone_changes_this_turn")
#: Per (cards in deck 0, cards in deck 1, first player, commanders per player): the rest of a new game's state, as JSON.
_skeletons: dict[tuple[int, int, int, tuple[int, ...]], str] = {}
SKELETONS_KEPT = 1024


def castable(ps: dict[str, Any], casts: tuple[StackItem, ...], ids: Ids) -> dict[str, dict[str, Any]]:
    """Make the cards to cast free and flash (in phase's state dict ``ps``); what they had."""
    saved: dict[str, dict[str, Any]] = {}
    for key in (str(ids.to_engine[item.source]) for item in casts):
        obj = ps["objects"][key]
        saved[key] = {f: copy.deepcopy(obj[f]) for f in CAST_FIELDS if f in obj}
        obj.update({f: [*(obj.get(f) or []), FLASH.camel] for f in ("keywords", "base_keywords")})
        obj["mana_cost"] = obj["base_mana_cost"] = dict(FREE)
    return saved


def settled(envelope: dict[str, Any], state: GameState, saved: dict[str, Any], caster: int) -> dict[str, Any]:
    """``envelope`` after the casts, with the cards' own costs and keywords back and the priority
    holder and pass count of ``state`` (when a search is to begin: the last caster, no passes)."""
    for key, fields in saved.items():
        obj = envelope["state"]["objects"][key]
        obj.pop("keywords", None), obj.pop("base_keywords", None)
        obj.update(copy.deepcopy(fields))
    searching = state.pending is not None
    holder = caster if searching else state.priority
    envelope["state"].update(priority_player=holder, priority_pass_count=0 if searching else state.priority_passes)
    envelope["state"]["waiting_for"] = {"type": "Priority", "data": {"player": holder}}
    return envelope


def engine_for(state: GameState) -> Any:
    """A phase Engine holding the faces of the state's cards (one per card set)."""
    return _engine(frozenset(c for c in state.cards if c.name in {o.name for o in state.objects}))


@lru_cache(maxsize=1024)
def _engine(needed: frozenset[CardData]) -> Any:
    import phase

    return phase.Engine.from_json(json.dumps(card_data.database(sorted(needed, key=lambda c: c.name))))


def check_loadable(state: GameState) -> None:
    """StateUnsupported for what the adapter does not build at all."""
    if any(p.mana_pool for p in state.players):
        raise StateUnsupported("the phase adapter does not build states with mana in a pool", Gap.ADAPTER)


def new_game(state: GameState) -> tuple[dict[str, Any], Ids]:
    """The state envelope of a new game of the state's cards (both players kept), to edit, and
    the id map: each card of the state to a phase object of its name and owner."""
    import phase

    commanders = [[state.obj(c).name for c in p.command] for p in state.players]
    decks = [
        [o.name for o in state.objects if o.owner == seat and o.id not in state.players[seat].command]
        + [card_data.FILLER.name]
        for seat in (0, 1)
    ]
    if any(commanders):  # 903.6: a Commander game starts with each commander in the command zone
        lists = [{"main_deck": deck, "commander": named} for deck, named in zip(decks, commanders, strict=True)]
        game = engine_for(state).new_game(
            lists[0], lists[1], seed=0, first_player=state.active_player, format="Commander"
        )
    else:
        game = engine_for(state).new_game(decks[0], decks[1], seed=0, first_player=state.active_player)
    for seat in (0, 1):
        game.apply(seat, phase.GameAction.from_dict(KEEP))
    sizes = (len(decks[0]), len(decks[1]), state.active_player, tuple(map(len, commanders)))
    envelope = opening(game, sizes)
    objects, free, ids = envelope["state"]["objects"], dict[tuple[str, int], list[int]](), Ids(int, prefix="p")
    for key in sorted(objects, key=int):
        free.setdefault((objects[key]["name"], objects[key]["owner"]), []).append(int(key))
    for o in state.objects:
        if not free.get((o.name, o.owner)):
            raise StateUnsupported(f"phase did not create card {o.name!r} for {o.id}: does it know the card?", Gap.CARD)
        ids.add(o.id, free[o.name, o.owner].pop(0))
    for oid in (oid for leftover in free.values() for oid in leftover):
        del objects[str(oid)]  # the fillers
    return envelope, ids


def opening(game: Any, sizes: tuple[int, int, int, tuple[int, ...]]) -> dict[str, Any]:
    """The state envelope of the new ``game``; ``sizes``: its decks' sizes and first player. A
    new game's state is the same for any cards but for :data:`CARD_DEPENDENT` (shuffles consume
    the random state by the decks' sizes; ``tests/test_phase_adapter.py`` keeps it so), so the
    rest is read once per ``sizes`` and the objects one by one (``game.state()`` costs ms)."""
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
        zones = [ps["battlefield"], ps["exile"], ps.get("command_zone") or []]
        zones += [p[z] for p in ps["players"] for z in ("hand", "library", "graveyard")]
        ps["objects"] = {str(oid): game.object(int(oid)) for zone in zones for oid in zone}
    ps["all_creature_types"] = creature_types(ps["objects"])
    return envelope


def creature_types(objects: dict[str, Any]) -> list[str]:
    """The creature types among a game's objects, as phase lists them in a new game's state."""
    kinds = [o["card_types"] for o in objects.values()]
    return sorted({t for k in kinds if "Creature" in k["core_types"] for t in k["subtypes"]})


def _forget_opening(ps: dict[str, Any]) -> None:
    """Drop what phase recorded of the opening (its rules journal, emptied as a new game's is,
    the zone changes "this turn", the deck lists): none of it is in the model's state, and it
    was two thirds of every state phase exported afterwards."""
    journal = ps.get("resolved_rules_journal")
    if isinstance(journal, dict):
        emptied = {k: type(v)() if type(v) in (list, dict, int) else v for k, v in journal.items()}
        ps["resolved_rules_journal"] = emptied
    ps["deck_pools"] = []
    ps.pop("zone_changes_this_turn", None)


def as_text(envelope: dict[str, Any]) -> str:
    """An envelope as ``load_game`` reads it cheapest: compact JSON (a dict it encodes itself)."""
    return json.dumps(envelope, separators=(",", ":"), check_circular=False)


def place(state: GameState, ps: dict[str, Any], ids: Ids) -> None:
    """Write ``state`` (someone holding priority) into the new game's state dict ``ps``."""
    objects, oid = ps["objects"], ids.to_engine
    ps.update(battlefield=[], exile=[], stack=[], turn_number=state.turn, active_player=state.active_player)
    ps.update(phase=TO_PHASE[state.step], priority_player=state.priority, priority_pass_count=state.priority_passes)
    ps["waiting_for"] = {"type": "Priority", "data": {"player": state.priority}}
    ps["steps_started_this_turn"] = {TO_PHASE[state.step]: 1}
    for p in state.players:
        seat = ps["players"][p.index]
        seat.update(hand=[], library=[], graveyard=[], life=p.life, turns_taken=max(1, state.turn // 2))
        seat["lands_played_this_turn"] = max(0, 1 - p.land_plays_left)
        for zone, name in PLAYER_ZONES.items():
            for card_id in p.zone(zone):
                objects[str(oid[card_id])]["zone"] = name
                (ps["exile"] if zone is Zone.EXILE else seat[name.lower()]).append(oid[card_id])
    ps["command_zone"] = [oid[c] for p in state.players for c in p.command]
    for card_id in (c for p in state.players for c in p.command):
        objects[str(oid[card_id])]["zone"] = "Command"
    ps["lands_played_this_turn"] = ps["players"][state.active_player]["lands_played_this_turn"]
    for o in state.objects:
        if o.token:  # phase removes a token that leaves the battlefield (704.5d) by this flag
            objects[str(oid[o.id])]["is_token"] = True
    place_grants(state, ps, ids)
    for perm in state.battlefield:
        obj = objects[str(oid[perm.id])]
        obj.update(zone="Battlefield", tapped=perm.tapped, summoning_sick=perm.summoning_sick)
        obj.update(damage_marked=perm.damage, controller=perm.controller, base_controller=perm.controller)
        obj["entered_battlefield_turn"] = state.turn if perm.summoning_sick else max(0, state.turn - 1)
        if perm.class_level is not None:
            obj["class_level"] = perm.class_level
        obj["counters"] = {COUNTER_NAMES.get(k, k.capitalize()): n for k, n in perm.counters if n}
        if "loyalty" in obj["counters"]:
            obj["loyalty"] = obj["counters"]["loyalty"]
        ps["battlefield"].append(oid[perm.id])
    ps["combat"] = _combat(state, ps, ids)


def _combat(state: GameState, ps: dict[str, Any], ids: Ids) -> dict[str, Any] | None:
    attackers, defender, oid = [ids.to_engine[p.id] for p in state.attackers()], state.defending_player, ids.to_engine
    if not state.step.is_combat or state.step is Step.BEGINNING_OF_COMBAT:
        if attackers:
            raise StateUnsupported(
                f"the phase adapter builds no attacking creatures outside combat ({state.step})", Gap.ADAPTER
            )
        return None

    def incarnation(o: int) -> dict[str, int]:
        return {"incarnation": int(ps["objects"][str(o)].get("incarnation", 1)), "object_id": o}

    pairs = [(oid[attacker], oid[perm.id]) for perm in state.battlefield for attacker in perm.blocking]
    damage = (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
    # 510.4: in the first-strike damage step with priority, its damage is dealt, even when no
    # creature that had first or double strike as it began is left (they died, or a creature
    # gained first strike only since): phase must not run its first-strike pass again.
    first_done = state.step is Step.FIRST_STRIKE_DAMAGE or (state.step in damage and bool(state.first_strikers))
    combat: dict[str, Any] = {"damage_assignments": {}, "damage_step_index": None, "pending_damage": []}
    entry = {"band_id": None, "defending_player": defender}
    combat["attackers"] = [
        {"attack_target": phase_target(p.attacking, ids), "blocked": bool(p.blocked), "object_id": oid[p.id]} | entry
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
    blocked = [{"attacker": incarnation(a), "blocker": incarnation(b)} for a, b in pairs]
    combat["creature_blocked_attackers_this_combat"] = blocked
    combat["first_strike_done"], combat["pending_blocker_declaration_events"] = first_done, []
    combat["first_strike_participants"] = [oid[c] for c in state.first_strikers] if first_done else None
    combat["regular_damage_done"] = state.step in (Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
    return combat
