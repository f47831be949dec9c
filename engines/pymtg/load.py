"""A drawn state built in python-mtg's own state dict (``engines.pymtg.inprocess`` plays it).

A game of the state's real cards is made (``mtg.bridge_to_engine.make_deck_state``), its
instances moved into the model's zones, with step, attacks, blocks, taps, summoning sickness and
life set, and the harness cards' power and toughness set where the real card prints others (then
checked derived back). What the adapter does not build is refused with the reason
(:func:`check_loadable`): the example is set aside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.actions import TargetKind
from protocol.adapter import EngineError, Gap, StateUnsupported
from protocol.decisions import DeclareAttackers, DeclareBlockers
from protocol.model import GameState, Step

from .cards import RealCard, set_power_toughness, vetted

PLAYERS = ("alice", "bob")
#: A model step to load: the engine step and what it waits for.
LOADS: dict[Step, str] = {
    Step.BEGINNING_OF_COMBAT: "beginning_of_combat",
    Step.DECLARE_ATTACKERS: "declare_attackers",  # pending; after the declaration: declare_blockers
    Step.DECLARE_BLOCKERS: "combat_damage",  # after the declaration (a pending one: declare_blockers)
}


@dataclass
class Position:
    """The model's position beside the engine's state: the step, what the game waits for
    ("priority", "attackers", "blockers"), who acts, and the passes in a row."""

    step: Step
    waiting: str
    holder: int
    passes: int = 0


def single(rows: Any) -> Any:
    """The value of a one-row, one-column relation of the engine (the step, the active player)."""
    return next(iter(rows))[0]


def relation(state: dict[str, Any], name: str) -> set[tuple[Any, ...]]:
    """The rows of the engine's output relation ``name`` for ``state`` (what it derives)."""
    from mtg import driver

    rows: set[tuple[Any, ...]] = driver.run(state, [name])[name]
    return rows


def real_cards(state: GameState) -> dict[str, RealCard]:
    """A distinct real card for each card name of the state, the first the engine agrees to of
    each (StateUnsupported naming a card with none)."""
    out: dict[str, RealCard] = {}
    for name in sorted({o.name for o in state.objects}):
        data = next((c for c in state.cards if c.name == name), None)
        found = vetted(data) if data is not None else f"the state has no card data for {name!r}"
        if isinstance(found, str):
            raise StateUnsupported(found, Gap.CARD)
        taken = {r.slug for r in out.values()}
        free = [r for r in found if r.slug not in taken]
        if not free:
            raise StateUnsupported(
                f"python-mtg knows too few cards whose rules text matches {name!r} for this state", Gap.CARD
            )
        out[name] = free[0]
    return out


def check_power_toughness(s: dict[str, Any], state: GameState, ids: dict[str, str]) -> None:
    """StateUnsupported unless the engine derives each creature's power and toughness as the
    state has them (the facts set by :func:`~engines.pymtg.cards.set_power_toughness`)."""
    derived = driver_outputs(s, ("power", "eff_toughness"))
    for perm in state.battlefield:
        data = state.data_of(perm.id)
        if not data.is_type("Creature") or data.power is None or data.toughness is None:
            continue
        instance = ids[perm.id]
        got = (derived["power"].get(instance), derived["eff_toughness"].get(instance))
        if got != (int(data.power), int(data.toughness)):
            raise StateUnsupported(
                f"python-mtg derives {got} for {perm.id} ({data.name}), not its power and toughness", Gap.CARD
            )


def driver_outputs(s: dict[str, Any], relations: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """Some (object, number) outputs of the engine for ``s``, as maps."""
    from mtg import driver

    out = driver.run(s, list(relations))
    return {r: {str(k): int(v) for (k, v) in out[r]} for r in relations}


def check_loadable(state: GameState) -> None:
    """StateUnsupported for what the adapter does not build (each says why)."""
    if state.step not in LOADS:
        raise StateUnsupported(
            f"the python-mtg adapter loads states in combat before damage only, not {state.step}", Gap.ADAPTER
        )
    if state.stack or state.triggered or state.delayed or state.permissions:
        raise StateUnsupported("the python-mtg adapter does not map the stack, triggers or permissions", Gap.ADAPTER)
    if state.pending is not None and not isinstance(state.pending, DeclareAttackers | DeclareBlockers):
        raise StateUnsupported(f"the python-mtg adapter does not map the pending {state.pending.kind}", Gap.ADAPTER)
    if any(p.mana_pool or p.command or p.land_plays_left != 1 for p in state.players):
        raise StateUnsupported(
            "the python-mtg adapter does not build mana pools, command zones or spent land plays", Gap.ADAPTER
        )
    for perm in state.battlefield:
        if perm.damage:
            raise StateUnsupported("python-mtg keeps no damage marked on creatures", Gap.ENGINE)
        if perm.counters or perm.class_level is not None:
            raise StateUnsupported("the python-mtg adapter does not build counters or Class levels", Gap.ADAPTER)
        if perm.attacking is not None and perm.attacking.kind is not TargetKind.PLAYER:
            raise StateUnsupported(
                "the python-mtg adapter does not map attacks on planeswalkers or battles", Gap.ADAPTER
            )
    blockers = [b.id for b in state.battlefield if b.blocking]
    if any(len(b.blocking) > 1 for b in state.battlefield) or len(blockers) != len(set(blockers)):
        raise StateUnsupported("python-mtg has no creature blocking two attackers", Gap.ENGINE)
    if any(o.token for o in state.objects):
        raise StateUnsupported("the python-mtg adapter does not build tokens", Gap.ADAPTER)


def build(state: GameState) -> tuple[dict[str, Any], dict[str, str]]:
    """python-mtg's state dict for ``state`` and the card id -> engine instance id map."""
    from mtg import driver
    from mtg.bridge_to_engine import make_deck_state

    check_loadable(state)
    real = real_cards(state)
    decks = {PLAYERS[seat]: [real[o.name].name for o in state.objects if o.owner == seat] for seat in (0, 1)}
    s = make_deck_state(decks, seed=0)
    free: dict[tuple[str, str], list[str]] = {}
    owners = {i: p for (p, i) in s.get("printed_control", ())}
    for instance, slug in sorted(s["instance_of"]):
        free.setdefault((owners[instance], slug), []).append(instance)
    ids: dict[str, str] = {}
    for o in state.objects:
        pool = free.get((PLAYERS[o.owner], real[o.name].slug))
        if not pool:
            raise EngineError(f"python-mtg made no instance of {real[o.name].name!r} for {o.id}")
        ids[o.id] = pool.pop(0)
    for name, card in real.items():
        instances = [ids[o.id] for o in state.objects if o.name == name]
        set_power_toughness(s, card.slug, instances, state.card_data(name))
    s["in_hand"], s["in_library"], s["on_battlefield"] = set(), set(), set()
    s["graveyard"], s["exile"] = set(), set()
    s["_lib_order"] = {p: [] for p in PLAYERS}
    for seat, player in enumerate(state.players):
        name = PLAYERS[seat]
        s["in_hand"] |= {(name, ids[c]) for c in player.hand}
        s["in_library"] |= {(name, ids[c]) for c in player.library}
        s["_lib_order"][name] = [ids[c] for c in player.library]
        s["graveyard"] |= {(ids[c],) for c in player.graveyard}
        s["exile"] |= {(ids[c],) for c in player.exile}
    s["on_battlefield"] = {(ids[p.id],) for p in state.battlefield}
    if any(p.controller != state.obj(p.id).owner for p in state.battlefield):
        raise StateUnsupported("the python-mtg adapter does not map control changes", Gap.ADAPTER)
    s["tapped"] = {(ids[p.id],) for p in state.battlefield if p.tapped}
    s["_sick"] = {(ids[p.id],) for p in state.battlefield if p.summoning_sick}
    s["life"] = {(PLAYERS[p.index], p.life) for p in state.players}
    s["active_player"] = {(PLAYERS[state.active_player],)}
    s["attacks"] = {(ids[p.id], PLAYERS[p.attacking.player or 0]) for p in state.battlefield if p.attacking}
    s["blocks"] = {(ids[p.id], ids[a]) for p in state.battlefield for a in p.blocking}
    s["_explicit_lands"] = True  # the engine plays no land by itself on entering a main phase
    s["_land_played"] = set()
    engine_step = LOADS[state.step]
    if state.step is Step.DECLARE_ATTACKERS and state.pending is None:
        engine_step = "declare_blockers"  # the declaration was made
    if state.step is Step.DECLARE_BLOCKERS and state.pending is not None:
        engine_step = "declare_blockers"
    s["current_step"] = {(engine_step,)}
    driver.clear_cache()
    check_power_toughness(s, state, ids)
    return s, ids


def position(state: GameState) -> Position:
    """The model's position of a loadable state (a pending declaration or priority)."""
    if isinstance(state.pending, DeclareAttackers | DeclareBlockers):
        kind = "attackers" if isinstance(state.pending, DeclareAttackers) else "blockers"
        return Position(state.step, kind, state.pending.player)
    if state.priority is None:
        raise StateUnsupported(
            "the python-mtg adapter loads a state where a player holds priority or declares", Gap.ADAPTER
        )
    return Position(state.step, "priority", state.priority, state.priority_passes)
