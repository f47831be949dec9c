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

from dataclasses import dataclass, field
from importlib.metadata import version
from typing import Any

from engines.kit.reproduce import render, run_code
from protocol.adapter import Deviation
from protocol.model import Action, Event, GameState

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
    """A phase session (an :class:`~engines.phase.inprocess.PhaseSession`, not imported here:
    that module imports this one) that records, and writes the recorded game as a standalone
    script (:class:`protocol.adapter.Recording`)."""

    def __init__(self, session: Any, faces: dict[str, Any]):
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
        is read by running the script's own code on the recorded game now."""
        cards = {o.id: o.name for o in self._session._start.objects}
        names = {c: f"{cards.get(c, '?')}#{self.ids.to_engine[c]}" for c in sorted(self.ids.to_engine)}
        return script(self.tape, deviation, names)


def recording(session: Any, state: GameState) -> PhaseRecording:
    """``session`` (just started on ``state``) made a recording one."""
    return PhaseRecording(session, faces_of(state))


def faces_of(state: GameState) -> dict[str, Any]:
    """The card faces the adapter's phase engine for ``state`` holds (phase's JSON database)."""
    from . import cards as card_data

    needed = sorted({c for c in state.cards if c.name in {o.name for o in state.objects}}, key=lambda c: c.name)
    engine_for(state)  # the same faces, vetted the same way (StateUnsupported when phase lacks one)
    return card_data.database(needed)


# The script's own code (engines.kit.reproduce): run here on the recorded game to record what
# phase answered when the deviation was found, and printed into the script.
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


def data_of(tape: Tape) -> dict[str, Any]:
    """The recorded values the script's code reads."""
    return {"FACES": tape.faces, "START": tape.start, "MOVES": [(m.player, m.action, m.refused) for m in tape.moves]}


def script(tape: Tape, deviation: Deviation, ids: dict[str, str]) -> str:
    """The standalone script of ``tape`` (written by :func:`engines.kit.reproduce.render`)."""
    import phase

    observed = run_code(SCRIPT_CODE, data_of(tape), {"phase": phase})
    return render(
        engine="phase.rs",
        pinned=f"phase-python=={version('phase-python')}",
        imports="import phase",
        code=SCRIPT_CODE,
        data=data_of(tape),
        deviation=deviation,
        ids=ids,
        observed=observed,
    )


__all__ = ["PhaseRecording", "recording", "script"]
