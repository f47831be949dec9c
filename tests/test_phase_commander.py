"""Commander ninjutsu on phase.rs: a state's command-zone cards are the commanders of a
Commander-format game (phase starts one with them in its command zone, 903.6), so commander
ninjutsu (702.49d) is phase's to judge. Skipped without the ``phase`` extra."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")

from engines.phase.cards import CACHE_ENV
from engines.phase.inprocess import PhaseInProcess
from generators import cards
from protocol.builder import StateBuilder
from protocol.keywords import COMMANDER_NINJUTSU
from protocol.mechanics import Mechanic
from protocol.model import AttackTarget, GameState, Step, Zone
from tests.phase_hand import Card, face

NINJA = cards.ninja("commander ninjutsu", "{U}{B}", 3, 3)


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "faces"))


def commander_state() -> tuple[GameState, str, str]:
    """P0's unblocked attacker in the declare blockers step, a commander ninjutsu Ninja in P0's
    command zone, an Island and a Swamp to pay {U}{B}."""
    b = StateBuilder()
    attacker = b.permanent(cards.creature(1, 1), 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=False)
    ninja = b.put(NINJA, 0, Zone.COMMAND)
    b.permanent(cards.basic_land("U"), 0)
    b.permanent(cards.basic_land("B"), 0)
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    return b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0), attacker, ninja


def test_phase_starts_a_commander_game_with_the_commander_in_its_command_zone() -> None:
    import phase

    ninja = Card(NINJA.name, ("Creature",), NINJA.text, 0, 3, 3)
    filler = Card("Hand Filler", ("Artifact",), "")
    engine = phase.Engine.from_json(json.dumps({c.name.lower(): face(c) for c in (ninja, filler)}))
    deck = {"main_deck": [filler.name] * 5, "commander": [ninja.name]}
    game = engine.new_game(deck, [filler.name] * 5, seed=1, first_player=0, format="Commander")
    state = game.state()["state"]
    (oid,) = state["command_zone"]
    assert state["objects"][str(oid)]["name"] == ninja.name and state["objects"][str(oid)]["zone"] == "Command"


def test_commander_ninjutsu_is_supported_and_played_from_the_command_zone() -> None:
    assert PhaseInProcess().supports(frozenset({Mechanic.COMMANDER_NINJUTSU}))
    state, attacker, ninja = commander_state()
    session = PhaseInProcess().start(state)
    assert session.state().player(0).command == (ninja,)
    activation = COMMANDER_NINJUTSU.use(0, ninja, attacker)
    assert activation in session.legal_actions()
    session.apply(activation)
    after = session.state()
    assert after.player(0).command == () and attacker in after.player(0).hand
    entered = after.permanent(ninja)
    assert entered is not None and entered.tapped and entered.attacking == AttackTarget.of_player(1)


def test_phase_refuses_commander_ninjutsu_in_the_end_of_combat_step() -> None:
    """Deviation 1 for the commander variant, on phase's own game: in the end of combat step,
    with the attacker still unblocked and attacking (506.4), phase's ActivateNinjutsu is refused
    ("can only be activated during the declare blockers step"), though 702.49a allows it."""
    import phase

    state, attacker, ninja = commander_state()
    session = PhaseInProcess().start(state.replace(step=Step.END_OF_COMBAT))
    game, ids = session._game, session._ids
    action = {"ninjutsu_object_id": ids.engine(ninja), "creature_to_return": ids.engine(attacker)}
    assert game.state()["state"]["phase"] == "EndCombat"
    with pytest.raises(ValueError, match="can only be activated during the declare blockers step"):
        game.apply(0, phase.GameAction.from_dict({"type": "ActivateNinjutsu", "data": action}))
