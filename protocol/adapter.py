"""The protocol an engine implements to be tested, and the errors that cross it.

Invariants talk to an engine only through :class:`Session` (``state``, ``legal_actions``,
``apply``): the reference engine gets no private path. The distinction between a *refusal*
(:class:`ActionRefused`, an answer: the rules forbid this move) and any other exception (the
engine broke) is what lets a legality invariant tell "illegal" from "crashed".
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from protocol.model import Action, Event, GameState


class ActionRefused(Exception):
    """The engine refused an action as illegal. This is an answer, not a crash."""


class EngineError(Exception):
    """The engine crashed, hung or broke the adapter contract: the verdict is ``error``."""


class Gap(enum.StrEnum):
    """Whose gap an ``unsupported`` verdict is, so that a report tells what would have to change
    for the invariant to be judged."""

    #: The engine lacks the mechanic (no mapping could make it judge the invariant).
    ENGINE = "engine"
    #: The adapter does not map it yet (the engine may well have it).
    ADAPTER = "adapter"
    #: The engine does not know (or cannot parse) a card the drawn states need.
    CARD = "card"


class StateUnsupported(Exception):
    """The engine cannot represent this particular drawn state (say, a card it lacks). The
    example is set aside; if no drawn state can be loaded the verdict is ``unsupported``.
    ``gap``: whose gap it is, when the adapter knows."""

    def __init__(self, message: str = "", gap: Gap | None = None):
        super().__init__(message)
        self.gap = gap


@dataclass(frozen=True)
class Support:
    """An adapter's answer to ``supports(requires)``: yes, or no with a reason and, when the
    adapter knows it, whose gap it is (:class:`Gap`; ``None``: the report guesses from the words)."""

    ok: bool
    reason: str = ""
    gap: Gap | None = None

    @classmethod
    def yes(cls) -> Support:
        return cls(True)

    @classmethod
    def no(cls, reason: str, gap: Gap | None = None) -> Support:
        return cls(False, reason, gap)

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
    """An engine under test. Optional class attributes: ``cannot_show`` (a frozenset of
    :data:`protocol.observability.OBSERVABLE` names: fields of the model the engine keeps no
    record of, exported empty; an invariant that reads one is ``unsupported`` on it) and
    ``leaves_input_intact`` (see :func:`leaves_input_intact`)."""

    name: str
    version: str

    def supports(self, requires: frozenset[str]) -> Support:
        """Whether the engine implements every mechanic and card in ``requires``."""
        ...

    def start(self, state: GameState) -> Session:
        """Load ``state`` into the engine. Raise :class:`EngineError` if it cannot."""
        ...


@dataclass(frozen=True)
class Deviation:
    """What a standalone reproduction prints next to what the engine does: the invariant that
    failed, the rulings it executes (id and verbatim text), and the check's own words."""

    invariant: str
    rulings: tuple[tuple[str, str], ...]
    message: str
    expected: str = ""
    observed: str = ""


@runtime_checkable
class Recording(Protocol):
    """A session that keeps the engine's own record of how it was set up and every native move
    made on it, so the game can be replayed without the harness."""

    def reproduction(self, deviation: Deviation) -> str:
        """A standalone Python script that uses only the engine's own API: it sets the game up,
        makes the recorded moves, and prints the ruling, what it expects, and what the engine
        did (the body of an upstream bug report); exit status 1 while the deviation shows."""
        ...


@runtime_checkable
class Reproducible(Protocol):
    """An adapter that can write standalone reproductions (optional: an adapter without
    ``start_recording`` cannot export, and ``replay --export`` says so)."""

    def start_recording(self, state: GameState) -> Session:
        """Like ``start``, but the session is also a :class:`Recording`."""
        ...


def leaves_input_intact(adapter: object) -> bool:
    """Whether ``adapter`` declares (class attribute ``leaves_input_intact = True``) that its
    ``start(state)`` never writes to the state it is given: it builds its own game from the frozen
    values and shares none of its own containers with them. The runner then hands it the drawn
    state itself instead of a fresh copy (the copy guards the reported counterexample against an
    engine that writes to frozen values; it cost about 3 % of a run on the reference engine).
    Undeclared: the adapter gets a copy."""
    return getattr(adapter, "leaves_input_intact", False) is True


@dataclass(frozen=True)
class OutOfProcess:
    """An adapter that must never run inside the harness's own process (a native engine that
    can panic, abort or hang): the run layer serves ``spec`` (an in-process adapter,
    ``module:Class``) from a worker process and talks the JSON-lines protocol to it.

    An engine package names one of these in its entry point instead of an adapter class, so it
    depends on this protocol only and the run layer alone decides how a worker is run."""

    spec: str
    name: str
    version: str
    #: Seconds allowed for one call of a session, and for starting a worker or loading a state.
    timeout: float = 10.0
    start_timeout: float = 60.0
