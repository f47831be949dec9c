"""Loading a model GameState into phase.rs.

phase's ``load_game`` checks nothing, so the state is built the safe way: a real game is
started with exactly the cards the state holds (plus one filler card per deck, removed again),
both players keep their hands, and then the objects are moved into the model's zones, with
step, combat and priority set. Only states stopped at a priority prompt are built, because the
data inside a pending prompt is not recomputed on load. A state where nobody has priority yet
is the moment its step begins: it is built in the step before, and both players pass, so phase
itself begins the step (turn-based actions, triggers such as rebound's or a combat damage
trigger) and the session starts at the first priority of that step.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from protocol.adapter import StateUnsupported
from protocol.model import AFTER_BLOCKERS_STEPS, AttackTarget, CardData, GameState, Step, TargetKind, Zone

from . import cards as card_data
from . import stacked
from .grants import place_delayed, place_permissions
from .steps import TO_PHASE, step_of

#: Steps from which passing priority reaches regular combat damage.
PRE_DAMAGE_STEPS = (Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE)
KEEP = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
ZONE_NAMES = {Zone.HAND: "Hand", Zone.LIBRARY: "Library", Zone.GRAVEYARD: "Graveyard", Zone.EXILE: "Exile"}
COUNTER_NAMES = {"loyalty": "Loyalty", "defense": "Defense", "+1/+1": "P1P1", "-1/-1": "M1M1"}
#: phase's counter names -> the model's.
MODEL_COUNTERS = {v: k for k, v in COUNTER_NAMES.items()}


@dataclass
class IdMap:
    """Model card ids <-> phase object ids, both ways. Objects phase creates later (tokens,
    abilities on the stack) get model ids ``p<phase id>``."""

    to_phase: dict[str, int] = field(default_factory=dict)
    to_model: dict[int, str] = field(default_factory=dict)

    def add(self, card_id: str, oid: int) -> None:
        self.to_phase[card_id] = oid
        self.to_model[oid] = card_id

    def model(self, oid: int) -> str:
        return self.to_model.get(int(oid), f"p{oid}")

    def phase(self, card_id: str) -> int | None:
        if card_id in self.to_phase:
            return self.to_phase[card_id]
        if card_id.startswith("p") and card_id[1:].isdigit():
            return int(card_id[1:])
        return None


_engines: dict[str, Any] = {}


@lru_cache(maxsize=1024)
def _engine_key(needed: frozenset[CardData]) -> str:
    """The key of an engine holding exactly these cards (memoized: states share card sets)."""
    return hashlib.sha256(json.dumps(sorted(card_data.card_key(c) for c in needed)).encode()).hexdigest()


def engine_for(state: GameState) -> Any:
    """A phase Engine holding the faces of the state's cards (cached per card set)."""
    used = {o.name for o in state.objects}
    needed = [c for c in state.cards if c.name in used]
    key = _engine_key(frozenset(needed))
    engine = _engines.get(key)
    if engine is None:
        import phase

        engine = phase.Engine.from_json(json.dumps(card_data.database(needed)))
        _engines[key] = engine
    return engine


def attack_target(target: AttackTarget, ids: IdMap) -> dict[str, Any]:
    if target.kind is TargetKind.PLAYER:
        return {"type": "Player", "data": target.player}
    oid = ids.phase(str(target.permanent))
    kind = "Planeswalker" if target.kind is TargetKind.PLANESWALKER else "Battle"
    return {"type": kind, "data": oid}


def _check_loadable(state: GameState) -> None:
    if state.priority is None and state.pending is None and state.step in (Step.UNTAP, Step.CLEANUP):
        raise StateUnsupported(f"the phase adapter begins no {state.step} step (no priority in it to start from)")
    if any(p.mana_pool for p in state.players):
        raise StateUnsupported("the phase adapter does not build states with mana in a pool")
    if any(p.command for p in state.players):
        raise StateUnsupported("the phase adapter does not map the command zone (phase needs a commander game)")
    if state.step in PRE_DAMAGE_STEPS:
        blockers: dict[str, int] = {}
        for perm in state.battlefield:
            for attacker in perm.blocking:
                blockers[attacker] = blockers.get(attacker, 0) + 1
        if any(n > 1 for n in blockers.values()):
            raise StateUnsupported(
                "the phase adapter does not answer phase's AssignCombatDamage prompt (an attacker "
                "blocked by two or more creatures, with regular combat damage still to come)"
            )


def load(state: GameState, setup_events: list[dict[str, Any]] | None = None) -> tuple[Any, IdMap]:
    """A phase Game in ``state``, and the id map between the two. ``setup_events`` receives
    phase's raw events of building it (casting stacked spells, beginning a search), which the
    session reads a pending search from."""
    _check_loadable(state)
    base, items = stacked.split(state)
    engine = engine_for(state)
    decks = [[o.name for o in state.objects if o.owner == seat] + [card_data.FILLER.name] for seat in (0, 1)]
    import phase

    game = engine.new_game(decks[0], decks[1], seed=0, first_player=state.active_player)
    for seat in (0, 1):
        game.apply(seat, phase.GameAction.from_dict(KEEP))
    envelope = opening(game, (len(decks[0]), len(decks[1]), state.active_player))
    ps = envelope["state"]
    ids = _assign_ids(state, ps)
    begins = base.priority is None
    built = replace(base, step=_step_before(base), priority=base.active_player) if begins else base
    _check_loadable(built)
    _place(built, ps, ids)
    loaded = engine.load_game(as_text(envelope))
    if begins:
        _begin(loaded, base)
    if items:
        loaded, events = stacked.build(engine, loaded, state, items, ids)
        if setup_events is not None:
            setup_events.extend(events)
    return loaded, ids


#: What of a new game's state depends on its cards, not on how many each deck has: its objects,
#: the creature types among them, and what the opening recorded (see :func:`opening`).
CARD_DEPENDENT = ("objects", "all_creature_types", "resolved_rules_journal", "deck_pools", "zone_changes_this_turn")
#: Per (cards in deck 0, cards in deck 1, first player): the rest of a new game's state after both
#: players keep, as JSON text (see :func:`opening`).
_skeletons: dict[tuple[int, int, int], str] = {}
SKELETONS_KEPT = 1024


def opening(game: Any, sizes: tuple[int, int, int]) -> dict[str, Any]:
    """The state envelope of ``game``, a new game (seed 0) whose players both kept, ready to be
    edited into the state to load; ``sizes``: the cards in each deck and the first player.

    Reading phase's whole state costs a few milliseconds (about 93 KB of JSON, decoded); the
    state of a new game is the same for any cards but for the parts :data:`CARD_DEPENDENT` names
    (shuffles consume the random state by the decks' sizes, not by their cards: checked on 1,800
    drawn states, ``tests/test_phase_adapter.py`` keeps it so). So the rest is read once per
    ``sizes`` and the objects are asked for one by one (``game.object``, which returns the state's
    own dicts). What the opening recorded is dropped (:func:`_forget_opening`)."""
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
    return sorted(
        {
            t
            for o in objects.values()
            if "Creature" in o["card_types"]["core_types"]
            for t in o["card_types"]["subtypes"]
        }
    )


def _forget_opening(ps: dict[str, Any]) -> None:
    """Drop what phase recorded of the game the state was built from: its rules journal (the
    opening hands drawn, every zone change of the new game), the opening's zone changes "this
    turn" and the registered deck lists.

    None of them belongs to the model's state (it has no history and nothing outside the game),
    and together they were about two thirds of every state phase exported afterwards (about 60
    of 93 KB): ``state()`` and ``load_game`` cost in proportion. An empty journal is the journal
    of a new phase game (each list empty, each ordinal 0; phase checks that its ordinals match
    its records), and a game without deck pools is one phase's own tests build."""
    journal = ps.get("resolved_rules_journal")
    if isinstance(journal, dict):
        ps["resolved_rules_journal"] = {key: _emptied(value) for key, value in journal.items()}
    ps["deck_pools"] = []
    ps.pop("zone_changes_this_turn", None)


def _emptied(value: Any) -> Any:
    """The empty value of a journal field: no records, ordinals back to 0."""
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {}
    if isinstance(value, int) and not isinstance(value, bool):
        return 0
    return value


def _step_before(state: GameState) -> Step:
    """The step a beginning ``state.step`` follows in this turn (the first-strike damage step only
    when some creature had first or double strike as it began)."""
    order = [s for s in Step if s is not Step.FIRST_STRIKE_DAMAGE or state.first_strikers]
    return order[order.index(state.step) - 1]


def _begin(game: Any, state: GameState) -> None:
    """Both players pass in the step before ``state.step`` (nothing on the stack): phase begins
    the step. The events of that beginning precede the state and are not reported."""
    import phase

    passing = phase.GameAction.from_dict({"type": "PassPriority"})
    for seat in (state.active_player, 1 - state.active_player):
        game.apply(seat, passing)
    ps = game.state()["state"]
    reached, waiting = step_of(ps), (ps.get("waiting_for") or {}).get("type")
    if reached is not state.step or ps.get("turn_number") != state.turn or waiting != "Priority":
        raise StateUnsupported(
            f"phase did not begin the {state.step} step from the step before it "
            f"(it went to the {reached} step of turn {ps.get('turn_number')}, waiting for {waiting})"
        )


def as_text(envelope: dict[str, Any]) -> str:
    """A state envelope in the form ``load_game`` reads cheapest: compact JSON text (given a dict,
    phase encodes it with Python's ``json`` first, with spaces)."""
    return json.dumps(envelope, separators=(",", ":"), check_circular=False)


def _assign_ids(state: GameState, ps: dict[str, Any]) -> IdMap:
    free: dict[tuple[str, int], list[int]] = {}
    for key in sorted(ps["objects"], key=int):
        obj = ps["objects"][key]
        free.setdefault((obj["name"], obj["owner"]), []).append(int(key))
    ids = IdMap()
    for o in state.objects:
        pool = free.get((o.name, o.owner))
        if not pool:
            raise StateUnsupported(f"phase did not create card {o.name!r} for {o.id}: does it know the card?")
        ids.add(o.id, pool.pop(0))
    for leftover in free.values():
        for oid in leftover:  # the fillers
            del ps["objects"][str(oid)]
    return ids


def _place(state: GameState, ps: dict[str, Any], ids: IdMap) -> None:
    objects = ps["objects"]
    for player in ps["players"]:
        player["hand"], player["library"], player["graveyard"] = [], [], []
    ps["battlefield"], ps["exile"], ps["stack"] = [], [], []
    turn = state.turn

    for p in state.players:
        seat = ps["players"][p.index]
        seat["life"] = p.life
        seat["lands_played_this_turn"] = max(0, 1 - p.land_plays_left)
        for zone, name in ZONE_NAMES.items():
            for card_id in p.zone(zone):
                oid = ids.to_phase[card_id]
                objects[str(oid)]["zone"] = name
                if zone is Zone.EXILE:
                    ps["exile"].append(oid)
                else:
                    seat[name.lower()].append(oid)
    ps["lands_played_this_turn"] = ps["players"][state.active_player]["lands_played_this_turn"]
    for o in state.objects:
        if o.token:  # phase removes a token that leaves the battlefield (704.5d) by this flag
            objects[str(ids.to_phase[o.id])]["is_token"] = True
    place_permissions(state, ps, ids.to_phase)
    place_delayed(state, ps, ids.to_phase)

    for perm in state.battlefield:
        oid = ids.to_phase[perm.id]
        obj = objects[str(oid)]
        obj.update(
            zone="Battlefield",
            tapped=perm.tapped,
            summoning_sick=perm.summoning_sick,
            entered_battlefield_turn=turn if perm.summoning_sick else max(0, turn - 1),
            damage_marked=perm.damage,
            controller=perm.controller,
            base_controller=perm.controller,
        )
        if perm.class_level is not None:
            obj["class_level"] = perm.class_level
        counters = {COUNTER_NAMES.get(k, k.capitalize()): n for k, n in perm.counters if n}
        obj["counters"] = counters
        if "Loyalty" in counters:
            obj["loyalty"] = counters["Loyalty"]
        ps["battlefield"].append(oid)

    ps["turn_number"] = turn
    ps["active_player"] = state.active_player
    ps["phase"] = TO_PHASE[state.step]
    ps["priority_player"] = state.priority
    ps["priority_pass_count"] = state.priority_passes
    ps["waiting_for"] = {"type": "Priority", "data": {"player": state.priority}}
    ps["steps_started_this_turn"] = {TO_PHASE[state.step]: 1}
    for player in ps["players"]:
        player["turns_taken"] = max(1, turn // 2)
    ps["combat"] = _combat(state, ps, ids)


def _combat(state: GameState, ps: dict[str, Any], ids: IdMap) -> dict[str, Any] | None:
    attackers = state.attackers()
    if not state.step.is_combat or state.step is Step.BEGINNING_OF_COMBAT:
        if attackers:
            raise StateUnsupported(f"attacking creatures outside combat ({state.step}) cannot be built in phase")
        return None
    defender = state.defending_player
    after_blockers = state.step in AFTER_BLOCKERS_STEPS
    assignments: dict[str, list[int]] = {}
    blocker_to_attacker: dict[str, list[int]] = {}
    blocked_pairs = []
    for perm in state.battlefield:
        for attacker in perm.blocking:
            a, b = ids.to_phase[attacker], ids.to_phase[perm.id]
            assignments.setdefault(str(a), []).append(b)
            blocker_to_attacker.setdefault(str(b), []).append(a)
            blocked_pairs.append(
                {
                    "attacker": {"incarnation": _inc(ps, a), "object_id": a},
                    "blocker": {"incarnation": _inc(ps, b), "object_id": b},
                }
            )
    entries = []
    for perm in attackers:
        oid = ids.to_phase[perm.id]
        entries.append(
            {
                "attack_target": attack_target(perm.attacking, ids),  # type: ignore[arg-type]
                "band_id": None,
                "blocked": bool(perm.blocked),
                "defending_player": defender,
                "object_id": oid,
            }
        )
    ids_attacking = [ids.to_phase[p.id] for p in attackers]
    fs_done = state.step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT) and bool(
        state.first_strikers
    )
    regular_done = state.step in (Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
    return {
        "attacked_defenders_this_combat": {str(state.active_player): [defender]} if ids_attacking else {},
        "attackers": entries,
        "attacking_incarnations_this_combat": [{"incarnation": _inc(ps, o), "object_id": o} for o in ids_attacking],
        "blocker_assignments": assignments,
        "blocker_to_attacker": blocker_to_attacker,
        "blockers_declared_by": [defender] if after_blockers else [],
        "creature_attacked_defenders_this_combat": {str(o): [defender] for o in ids_attacking},
        "creature_blocked_attackers_this_combat": blocked_pairs,
        "damage_assignments": {},
        "damage_step_index": None,
        "first_strike_done": fs_done,
        "first_strike_participants": [ids.to_phase[c] for c in state.first_strikers] if fs_done else None,
        "pending_blocker_declaration_events": [],
        "pending_damage": [],
        "regular_damage_done": regular_done,
    }


def _inc(ps: dict[str, Any], oid: int) -> int:
    return int(ps["objects"][str(oid)].get("incarnation", 1))
