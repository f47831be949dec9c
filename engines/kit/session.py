"""A Session that reads its engine once per game version and completes what the engine reports.

Reading a whole state out of an engine can cost more than the action that changed it (phase.rs:
about 100 KB of JSON), and a check asks for the state and the legal actions many times between
two actions. :class:`CachedSession` keeps the export and the listing until the next
``apply``, and adds to the events the engine reported those the two states show that it did
not (:func:`~engines.kit.diff.derived_events`, of the kinds the adapter names in ``derive``).
An adapter implements :meth:`read_state`, :meth:`read_legal` and :meth:`perform`, and
:meth:`report` when what the engine answered is translated once its new state is read; a move
by a player who is not to act is refused before it reaches the engine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from engines.kit.diff import DERIVABLE, derived_events
from protocol.adapter import ActionRefused
from protocol.model import Action, Event, EventKind, GameState, PlayerIndex


class CachedSession(ABC):
    """The Session protocol over an engine game, read once per version (see the module)."""

    #: The kinds of events derived from the states before and after an action.
    derive: frozenset[EventKind] = DERIVABLE

    def __init__(self) -> None:
        self._state: GameState | None = None
        self._legal: list[Action] | None = None
        self._native: Any = None

    @abstractmethod
    def read_state(self) -> GameState:
        """The engine's current state in the model."""

    @abstractmethod
    def read_legal(self) -> list[Action]:
        """Every legal action of the player who must act now."""

    @abstractmethod
    def perform(self, action: Action) -> Any:
        """Apply ``action`` to the engine and return what it answered (by default, the events
        it reported); ``ActionRefused`` when it is refused. A refusal keeps what was read of the
        game (a refused move changes nothing), unless ``perform`` calls :meth:`changed` first
        (an engine that changes its state even as it refuses)."""

    def report(self, action: Action, before: GameState, performed: Any) -> list[Event]:
        """The events the engine reported, from what :meth:`perform` returned; called after the
        game changed, so the state it reads (through the adapter's caches) is the new one."""
        return list(performed)

    def read_native(self) -> Any:
        """The engine's own record of the game, for an adapter that exports from it (read once
        per version through :meth:`native`)."""
        raise NotImplementedError(f"{type(self).__name__} reads no native state")

    def native(self) -> Any:
        if self._native is None:
            self._native = self.read_native()
        return self._native

    def actor(self) -> PlayerIndex | None:
        """Who must act now (the engine may know better than the model state it exports)."""
        return self.state().actor

    def changed(self) -> None:
        """Forget what was read of the game: it has changed (or may have)."""
        self._state = self._legal = self._native = None

    def state(self) -> GameState:
        if self._state is None:
            self._state = self.read_state()
        return self._state

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.read_legal()
        return list(self._legal)

    def apply(self, action: Action) -> list[Event]:
        actor = self.actor()
        if actor is None:
            raise ActionRefused("the engine waits for no player (the game is over)")
        if action.player != actor:
            raise ActionRefused(f"player {action.player} cannot act: the engine waits for player {actor}")
        before = self.state()
        try:
            performed = self.perform(action)
        except ActionRefused:
            raise
        except BaseException:
            self.changed()
            raise
        self.changed()
        reported = self.report(action, before, performed)
        return reported + derived_events(before, self.state(), reported, self.derive)

    def close(self) -> None:
        self.changed()


__all__ = ["CachedSession"]
