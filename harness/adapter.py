"""The protocol an engine implements to be tested, and the errors that cross it.

Invariants talk to an engine only through :class:`Session` (``state``, ``legal_actions``,
``apply``): the reference engine gets no private path. The distinction between a *refusal*
(:class:`ActionRefused`, an answer: the rules forbid this move) and any other exception (the
engine broke) is what lets a legality invariant tell "illegal" from "crashed".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from harness.model import Action, Event, GameState


class ActionRefused(Exception):
    """The engine refused an action as illegal. This is an answer, not a crash."""


class EngineError(Exception):
    """The engine crashed, hung or broke the adapter contract: the verdict is ``error``."""


class StateUnsupported(Exception):
    """The engine cannot represent this particular drawn state (say, a card it lacks). The
    example is set aside; if no drawn state can be loaded the verdict is ``unsupported``."""


@dataclass(frozen=True)
class Support:
    """An adapter's answer to ``supports(requires)``: yes, or no with a reason."""

    ok: bool
    reason: str = ""

    @classmethod
    def yes(cls) -> Support:
        return cls(True)

    @classmethod
    def no(cls, reason: str) -> Support:
        return cls(False, reason)

    def __bool__(self) -> bool:
        return self.ok


@runtime_checkable
class Session(Protocol):
    """One game loaded into an engine."""

    def state(self) -> GameState:
        """The current game state, exported to the engine-neutral model."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player who must act now (``GameState.actor``). For combat
        declarations an engine may list a subset; ``apply`` still judges any declaration."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return what happened, or raise :class:`ActionRefused`."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class EngineAdapter(Protocol):
    name: str
    version: str

    def supports(self, requires: frozenset[str]) -> Support:
        """Whether the engine implements every mechanic and card in ``requires``."""
        ...

    def start(self, state: GameState) -> Session:
        """Load ``state`` into the engine. Raise :class:`EngineError` if it cannot."""
        ...
