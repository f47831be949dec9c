"""ReferenceSession: one game of the reference engine behind the harness's Session protocol.

The session owns the mutable game and a rules object and does nothing a rules question
depends on: it exports states, lists actions, and makes a refused action leave no trace (the
rules validate before they change anything; the snapshot here makes that a guarantee, so a
mutant that forgets cannot corrupt the game it refuses to change).
"""

from __future__ import annotations

from typing import Protocol

from protocol.adapter import ActionRefused
from protocol.model import Action, Event, GameState

from .game import Game


class Rules(Protocol):
    """What a session asks of the rules (:class:`.engine.ReferenceRules`)."""

    def legal_actions(self, game: Game) -> list[Action]: ...

    def apply(self, game: Game, action: Action) -> list[Event]: ...

    def with_characteristics(self, game: Game, state: GameState) -> GameState: ...


class ReferenceSession:
    def __init__(self, game: Game, rules: Rules):
        self._game = game
        self._rules = rules
        #: The exported state of the game as it is now (the game changes only in ``apply``).
        self._exported: GameState | None = None

    @property
    def rules(self) -> Rules:
        return self._rules

    def state(self) -> GameState:
        if self._exported is None:
            self._exported = self._rules.with_characteristics(self._game, self._game.to_state())
        return self._exported

    def legal_actions(self) -> list[Action]:
        return self._rules.legal_actions(self._game)

    def apply(self, action: Action) -> list[Event]:
        game = self._game
        # The exported state is an immutable snapshot; parsed abilities never change, so a
        # restore shares them. (Cheaper by far than a deep copy of the mutable game.) The
        # snapshot needs no characteristics: they are computed only for a state someone reads.
        exported = self._exported
        snapshot = exported if exported is not None else game.to_state()
        self._exported = None
        try:
            return self._rules.apply(game, action)
        except ActionRefused:
            self._game = Game.from_state(snapshot, abilities=game.abilities)
            self._exported = exported
            raise

    def close(self) -> None:
        pass
