"""Standalone reproductions of phase.rs deviations: a script that uses only phase's own Python API.

A failure found through the adapter is no bug report yet: phase's maintainers run phase, not
this harness. A recording session (:func:`recording`) keeps what phase itself was given: the
card faces it loaded, the game state the adapter built (phase's own JSON envelope, after the
adapter placed the drawn state and played the route to it), and every native action applied
to the game, with phase's answer. :meth:`PhaseRecording.reproduction` writes these into a
script that loads the faces (``phase.Engine.from_json``), loads the state (``load_game``),
makes the moves (``GameAction.from_dict``, ``apply``) and prints the ruling, what it expects,
and what phase did: the board, the choice phase waits for, the actions it offers, and its
answer to the last move. The script compares that observation with the one recorded when the
deviation was found: exit status 1 while phase still answers so (the deviation shows), 0 when
phase now answers otherwise (look again: the bug may be fixed). Trial games the adapter loads
to find legal actions are not recorded: they never touch the game under test.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from protocol.adapter import Deviation
from protocol.model import Action, Event, GameState

from .inprocess import PhaseSession
from .load import engine_for
from .names import Ids


@dataclass
class Move:
    """One native action applied to the game under test, and phase's answer."""

    player: int
    action: dict[str, Any]
    refused: str | None = None


@dataclass
class Tape:
    """What phase was given, in phase's own terms."""

    faces: dict[str, Any]
    start: dict[str, Any]
    moves: list[Move] = field(default_factory=list)


class RecordingGame:
    """A phase Game that records every ``apply`` (its action as phase's own dict, and whether
    phase refused it); everything else is the game's own."""

    def __init__(self, game: Any, tape: Tape):
        self._game, self._tape = game, tape

    def apply(self, player: int, action: Any) -> Any:
        move = Move(int(player), action.to_dict())
        self._tape.moves.append(move)
        try:
            return self._game.apply(player, action)
        except ValueError as exc:
            move.refused = str(exc)
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


class PhaseRecording:
    """A phase session (see :class:`~engines.phase.inprocess.PhaseSession`) that records, and
    writes the recorded game as a standalone script (:class:`protocol.adapter.Recording`)."""

    def __init__(self, session: PhaseSession, faces: dict[str, Any]):
        self._session = session
        self.tape = Tape(faces, session._game.state())
        session._game = RecordingGame(session._game, self.tape)

    def state(self) -> GameState:
        return self._session.state()

    def legal_actions(self) -> list[Action]:
        return self._session.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        return self._session.apply(action)

    def close(self) -> None:
        self._session.close()

    @property
    def ids(self) -> Ids:
        return self._session._ids

    def reproduction(self, deviation: Deviation) -> str:
        """The standalone script (see the module docstring); the observation it compares with
        is read by running the same script's code on the recorded game now."""
        cards = {o.id: o.name for o in self._session._start.objects}
        names = {c: f"{cards.get(c, '?')}#{self.ids.to_engine[c]}" for c in sorted(self.ids.to_engine)}
        observed = observe_tape(self.tape)
        return render(self.tape, deviation, names, observed)


def recording(session: PhaseSession, state: GameState) -> PhaseRecording:
    """``session`` (just started on ``state``) made a recording one."""
    return PhaseRecording(session, faces_of(state))


def faces_of(state: GameState) -> dict[str, Any]:
    """The card faces the adapter's phase engine for ``state`` holds (phase's JSON database)."""
    from . import cards as card_data

    needed = sorted({c for c in state.cards if c.name in {o.name for o in state.objects}}, key=lambda c: c.name)
    engine_for(state)  # the same faces, vetted the same way (StateUnsupported when phase lacks one)
    return card_data.database(needed)


# The script's own code, written once and used twice: run here on the recorded game to record
# what phase answered when the deviation was found, and printed into the script.
SCRIPT_CODE = '''
def load_game():
    engine = phase.Engine.from_json(json.dumps(FACES))
    return engine.load_game(json.dumps(START))


def play(game):
    """Make the recorded moves; phase's answer to the last one (its events, or its refusal)."""
    answer = "no move made"
    for player, action, refused in MOVES:
        try:
            result = game.apply(player, phase.GameAction.from_dict(action))
        except ValueError as exc:
            answer = f"refused {action.get('type')}: {exc}"
            if refused is None:
                return answer + " (accepted when the deviation was found)"
            continue
        answer = "accepted {}: events {}".format(action.get("type"), [e.get("type") for e in result.events])
    return answer


def observe(game, answer):
    """What phase shows after the moves, as lines of text."""
    envelope = game.state()
    ps = envelope.get("state", envelope)
    objects = ps.get("objects", {})

    def name(oid):
        obj = objects.get(str(oid)) or {}
        return f"{obj.get('name', '?')}#{oid}"

    waiting = ps.get("waiting_for") or {}
    combat = ps.get("combat") or {}
    attacking = {int(a["object_id"]) for a in combat.get("attackers", [])}
    lines = [
        f"turn {ps.get('turn_number')}, phase {ps.get('phase')}, active player {ps.get('active_player')}",
        f"waiting for: {waiting.get('type')} {json.dumps(waiting.get('data'), sort_keys=True)}",
        f"answer to the last move: {answer}",
    ]
    for seat in ps.get("players", []):
        zones = {z: [name(o) for o in seat.get(z) or []] for z in ("hand", "graveyard")}
        lines.append(f"player {seat.get('id')}: life {seat.get('life')}, hand {zones['hand']}, graveyard {zones['graveyard']}")
    for oid in ps.get("battlefield", []):
        obj = objects.get(str(oid)) or {}
        facts = [f"controller {obj.get('controller')}"]
        facts += ["tapped"] if obj.get("tapped") else []
        facts += [f"damage {obj.get('damage_marked')}"] if obj.get("damage_marked") else []
        facts += ["attacking"] if int(oid) in attacking else []
        lines.append(f"battlefield: {name(oid)} ({', '.join(facts)})")
    lines += [f"exile: {name(o)}" for o in ps.get("exile", [])]
    lines += [f"stack: {json.dumps(item.get('kind'), sort_keys=True)[:200]}" for item in ps.get("stack", [])]
    offered = sorted(json.dumps(a.to_dict(), sort_keys=True) for a in game.actions())
    lines += [f"phase offers: {a}" for a in offered]
    return lines
'''


def observe_tape(tape: Tape) -> list[str]:
    """The observation the script prints, computed now on the recorded game."""
    import phase

    scope: dict[str, Any] = {
        "phase": phase,
        "json": json,
        "FACES": tape.faces,
        "START": tape.start,
        "MOVES": [(m.player, m.action, m.refused) for m in tape.moves],
    }
    exec(SCRIPT_CODE, scope)  # the script's own functions, so the script and this record agree
    game = scope["load_game"]()
    answer = scope["play"](game)
    observed: list[str] = scope["observe"](game, answer)
    return observed


def _comment(text: str) -> str:
    """``text`` as a Python comment block: each line prefixed, control characters escaped (no
    text of a ruling or of a results file can end the comment and run as code)."""
    safe = "".join(ch if ch == "\n" or ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return "\n".join(f"#   {line}" if line else "#" for line in safe.split("\n"))


def render(tape: Tape, deviation: Deviation, names: dict[str, str], observed: list[str]) -> str:
    """The script's text. Data is embedded as JSON inside Python string literals (``repr``) and
    untrusted text in the header only as escaped comments (:func:`_comment`)."""
    from importlib.metadata import version

    pinned = f"phase-python=={version('phase-python')}"
    rulings = "\n\n".join(f"{rid}:\n{text}" for rid, text in deviation.rulings)
    about = "\n".join(
        [
            f"Found by the invariant {deviation.invariant}.",
            "",
            "The ruling(s):",
            rulings,
            "",
            f"The check's verdict: {deviation.message}",
            f"  expected: {deviation.expected}",
            f"  observed: {deviation.observed}",
            "",
            "The harness's card ids are phase's objects (name#id): "
            + ", ".join(f"{c} = {o}" for c, o in names.items()),
        ]
    )
    header = f'''#!/usr/bin/env python3
"""A deviation of phase.rs from the rules of Magic: The Gathering, shown with phase's own API.

Needs only {pinned}. Run: python3 THIS_FILE (exit status 1 while phase answers as it did when the
deviation was found: the deviation shows; 0 when it now answers otherwise).
"""
{_comment(about)}
'''
    data = {
        "RULINGS": deviation.rulings,
        "VERDICT": [deviation.message, deviation.expected, deviation.observed],
        "FACES": tape.faces,
        "START": tape.start,
        "MOVES": [(m.player, m.action, m.refused) for m in tape.moves],
        "RECORDED": observed,
        "IDS": ", ".join(f"{c} = {o}" for c, o in names.items()),
    }
    literals = "\n".join(
        f"{key} = json.loads({json.dumps(value, separators=(',', ':'), sort_keys=True)!r})"
        for key, value in data.items()
    )
    main = """

def main():
    game = load_game()
    answer = play(game)
    now = observe(game, answer)
    print("RULING")
    for rid, text in RULINGS:
        print(f"  {rid}: {text}")
    message, expected, observed = VERDICT
    print(f"THE RULES EXPECT: {expected or message}")
    print(f"  (when found, phase showed: {observed or message})")
    print(f"  (the harness's card ids: {IDS})")
    print("PHASE DID (after the recorded moves):")
    for line in now:
        print(f"  {line}")
    if now == RECORDED:
        print(f"DEVIATION REPRODUCED: {message}")
        return 1
    print("phase now answers differently from when the deviation was found; check the ruling by hand:")
    for line in RECORDED:
        if line not in now:
            print(f"  was: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
"""
    return f"{header}\nimport json\nimport sys\n\nimport phase\n\n{literals}\n{SCRIPT_CODE}{main}"


__all__ = ["PhaseRecording", "recording"]
