"""Standalone reproductions of python-mtg deviations: a script that uses only the ``mtg`` package.

A recording session (:class:`~engines.pymtg.inprocess.PyMtgSession` with a :class:`Tape`)
keeps the engine state the adapter built (``mtg.Game.from_state(...).serialize()``, python-mtg's
own format), every engine step it took with the declaration forced on it (``state["_forced"]``,
the engine's seam for a chosen attack or block), and every declaration it refused because the
engine does not offer it. The script deserializes the state (``mtg.Game.deserialize``), takes the
same steps (``mtg.engine.env._advance_one``), and prints the board, the life totals and what the
engine offers; :mod:`engines.kit.reproduce` writes the rest (the ruling, the verdict, and the
comparison with the observation recorded when the deviation was found).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib.metadata import version
from typing import Any

from engines.kit.reproduce import render, run_code
from protocol.adapter import Deviation


@dataclass
class Tape:
    """What python-mtg was given: the serialized start and the steps, as JSON values."""

    start: dict[str, Any]
    moves: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def of(cls, state: dict[str, Any]) -> Tape:
        import mtg

        return cls(json.loads(mtg.Game.from_state(state).serialize()))

    def step(self, forced: dict[str, Any] | None, *, refused: bool = False) -> None:
        """Record one engine step (or a refused declaration) with its forced choice."""
        plain: dict[str, Any] = {}
        for key, value in (forced or {}).items():
            plain[key] = sorted(list(v) if isinstance(v, tuple) else v for v in value)
        self.moves.append(("refused" if refused else "advance", plain))


SCRIPT_CODE = '''
def load_game():
    return mtg.Game.deserialize(json.dumps(START)).state


def _choice(forced):
    """A recorded declaration as the engine's _forced choice."""
    if "attackers" in forced:
        return {"attackers": frozenset(forced["attackers"])}
    if "blocks" in forced:
        return {"blocks": frozenset(tuple(pair) for pair in forced["blocks"])}
    return {}


def play(state):
    """Take the recorded engine steps, each with its forced declaration (the state changes in
    place); the engine's answer to the last: what leaving the step did, or whether it offers a
    refused declaration."""
    answer = "no step taken"
    for kind, forced in MOVES:
        active = next(iter(state["active_player"]))[0]
        defender = [p for (p,) in sorted(state["is_player"]) if p != active][0]
        choice = _choice(forced)
        if kind == "refused":
            if "attackers" in choice:
                offered = choice["attackers"] in env._attack_options(state, active)
            else:
                offered = choice["blocks"] in env._block_options(state, defender)
            answer = f"offers the declaration {json.dumps(forced, sort_keys=True)}: {offered}"
            continue
        step = next(iter(state["current_step"]))[0]
        damage = sorted(driver.run(state, ["player_damage"])["player_damage"]) if step == "combat_damage" else []
        state["_forced"] = choice
        env._advance_one(state)
        state["_forced"] = {}
        answer = f"left {step}: player damage {damage}"
    return answer


def observe(state, answer):
    """What python-mtg shows after the steps, as lines of text."""
    attacks = {a: d for (a, d) in state.get("attacks", ())}
    blocks = sorted(state.get("blocks", ()))
    lines = [
        f"step {next(iter(state['current_step']))[0]}, active player {next(iter(state['active_player']))[0]}",
        f"answer to the last step: {answer}",
        f"life: {sorted(state['life'])}",
    ]
    owners = {i: p for (p, i) in state.get("printed_control", ())}
    for (card,) in sorted(state.get("on_battlefield", ())):
        facts = [f"owner {owners.get(card)}"]
        facts += ["tapped"] if (card,) in state.get("tapped", set()) else []
        facts += [f"attacking {attacks[card]}"] if card in attacks else []
        facts += [f"blocking {a}" for (b, a) in blocks if b == card]
        lines.append(f"battlefield: {card} ({', '.join(facts)})")
    lines += [f"graveyard: {card}" for (card,) in sorted(state.get("graveyard", ()))]
    active = next(iter(state["active_player"]))[0]
    defender = [p for (p,) in sorted(state["is_player"]) if p != active][0]
    step = next(iter(state["current_step"]))[0]
    if step == "declare_attackers":
        lines += [f"offers attackers: {sorted(o)}" for o in env._attack_options(state, active)]
    if step == "declare_blockers":
        lines += [f"offers blocks: {sorted(o)}" for o in env._block_options(state, defender)]
    return lines
'''


def data_of(tape: Tape) -> dict[str, Any]:
    return {"START": tape.start, "MOVES": tape.moves}


def script(tape: Tape, deviation: Deviation, ids: dict[str, str]) -> str:
    """The standalone script of ``tape`` (written by :func:`engines.kit.reproduce.render`)."""
    import mtg
    from mtg import driver
    from mtg.engine import env

    observed = run_code(SCRIPT_CODE, data_of(tape), {"mtg": mtg, "driver": driver, "env": env})
    return render(
        engine="python-mtg",
        pinned=f"python-mtg=={version('python-mtg')}",
        imports="import mtg\nfrom mtg import driver\nfrom mtg.engine import env",
        code=SCRIPT_CODE,
        data=data_of(tape),
        deviation=deviation,
        ids=ids,
        observed=observed,
    )


__all__ = ["Tape", "script"]
