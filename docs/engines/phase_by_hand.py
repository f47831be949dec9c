"""The differential run's phase deviations, shown by hand: phase alone, no harness, no adapter.

    python docs/engines/phase_by_hand.py            (needs the phase extra: pip install -e '.[phase]')

Plays small games through phase-python's own API (cards built from MTGJSON-shaped data with
``phase.build_oracle_face``, actions from ``Game.actions()``) and prints every prompt with the
turn and phase, so what phase does is read off its own output:

1. With no creature able to attack, phase goes from the beginning of combat straight to the end of
   combat: no declare attackers step, so no priority in it (CR 508.1, 508.2: the declaration is a
   turn-based action, possibly of no creature, and the active player then gets priority; 508.8
   skips only the declare blockers and combat damage steps).
2. A 1/1 attacks and a 1/1 with first strike blocks it: after the blockers step phase goes to one
   combat damage step; nobody gets priority in a first-strike damage step (CR 510.4).
3. In turn 2's upkeep the active player passes, the other taps a Plains for mana and passes: phase
   goes on to the draw step. The two passes were not in succession (CR 117.4: an action came
   between them; 117.3c gives the player who acted priority again), so the active player should
   get priority again before the step ends.
"""

from __future__ import annotations

import json
from typing import Any

import phase


def creature(name: str, keywords: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "name": name,
        "manaCost": "{0}",
        "manaValue": 0.0,
        "colors": [],
        "colorIdentity": [],
        "layout": "normal",
        "identifiers": {},
        "type": "Creature — Soldier",
        "types": ["Creature"],
        "subtypes": ["Soldier"],
        "supertypes": [],
        "text": "\n".join(keywords),
        "keywords": list(keywords),
        "power": "1",
        "toughness": "1",
    }


def new_game(deck0: str, deck1: str, faces: list[dict[str, Any]]) -> Any:
    engine = phase.Engine.from_json(json.dumps({f["name"].lower(): phase.build_oracle_face(f, None) for f in faces}))
    game = engine.new_game([deck0] * 10, [deck1] * 10, seed=0, first_player=0)
    for seat in (0, 1):
        keep = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
        game.apply(seat, phase.GameAction.from_dict(keep))
    return game


def show(game: Any, note: str) -> None:
    waiting = game.waiting_for() or {}
    print(
        f"  turn {game.turn} {game.phase:<17} {waiting.get('type')} {json.dumps(waiting.get('data'))[:60]:<62} <- {note}"
    )


def offered(game: Any, kind: str) -> Any | None:
    return next((a for a in game.actions() if str(a).startswith(f"GameAction({kind}")), None)


def play(game: Any, *, cast_until_turn: int, stop: tuple[int, str]) -> None:
    """Pass priority through the game; each player casts one creature in turns up to
    ``cast_until_turn``; declare the last offered attack and block; stop at ``stop``."""
    cast: set[int] = set()
    show(game, "start")
    for _ in range(120):
        waiting = game.waiting_for() or {}
        seat = (waiting.get("data") or {}).get("player", 0)
        kind = waiting.get("type")
        spell = offered(game, "CastSpell")
        if kind == "Priority" and spell is not None and game.turn <= cast_until_turn and seat not in cast:
            cast.add(seat)
            game.apply(seat, spell)
            show(game, f"P{seat} casts a creature")
        elif kind in ("DeclareAttackers", "DeclareBlockers"):
            choice = game.actions()[-1]
            game.apply(seat, choice)
            show(game, f"P{seat} declares {str(choice)[:50]}")
        elif kind == "Priority":
            game.apply(seat, phase.GameAction.from_dict({"type": "PassPriority"}))
            show(game, f"P{seat} passes")
            if (game.turn, game.phase) == stop:
                return
        else:
            raise SystemExit(f"an unexpected prompt: {waiting}")


def mana_between_passes() -> None:
    plains = {
        "name": "Plains",
        "manaCost": "",
        "manaValue": 0.0,
        "colors": [],
        "colorIdentity": [],
        "layout": "normal",
        "identifiers": {},
        "type": "Basic Land — Plains",
        "types": ["Land"],
        "subtypes": ["Plains"],
        "supertypes": ["Basic"],
        "text": "({T}: Add {W}.)",
        "keywords": [],
    }
    game = new_game("Plains", "Plains", [plains])
    played = False
    for _ in range(40):
        seat = game.waiting_for()["data"]["player"]
        land = offered(game, "PlayLand")
        if seat == 0 and land is not None and not played:
            played = True
            game.apply(0, land)
            show(game, "P0 plays a Plains")
        elif (game.turn, game.phase, seat) == (2, "Upkeep", 0):
            plains_id = int(game.battlefield()[0]["id"])
            tap = {"type": "ActivateAbility", "data": {"source_id": plains_id, "ability_index": 0}}
            game.apply(0, phase.GameAction.from_dict(tap))
            show(game, "P0 taps its Plains for {W} (P1 had passed)")
            game.apply(0, phase.GameAction.from_dict({"type": "PassPriority"}))
            show(game, "P0 passes: P1 should get priority again in the upkeep")
            return
        else:
            game.apply(seat, phase.GameAction.from_dict({"type": "PassPriority"}))
            show(game, f"P{seat} passes")


def main() -> None:
    soldier, striker = creature("Plain Soldier"), creature("Striking Soldier", ("First strike",))
    print("1. turn 1, no creature can attack (the only one was just cast): where does combat go?")
    play(
        new_game("Plain Soldier", "Striking Soldier", [soldier, striker]), cast_until_turn=1, stop=(1, "PostCombatMain")
    )
    print("2. turn 3, a 1/1 attacks, a 1/1 first striker blocks: is there a first-strike damage step?")
    game = new_game("Plain Soldier", "Striking Soldier", [soldier, striker])
    play(game, cast_until_turn=2, stop=(3, "PostCombatMain"))
    print("3. turn 2's upkeep: P1 passes, P0 taps a land for mana and passes: does P1 get priority again?")
    mana_between_passes()


if __name__ == "__main__":
    main()
