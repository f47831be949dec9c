"""The scaffolding of the blind seeded-bug engines: a session that forwards to a reference
session and lets each engine change one thing, through the adapter protocol only.

An engine changes what the reference session offers (:meth:`BlindSession.hides`,
:meth:`BlindSession.extra_offers`), refuses what it would accept (:meth:`BlindSession.refuses`),
accepts what it would refuse (:meth:`BlindSession.accepts`, played out on a counterfactual copy
of the state where the action is legal, then carried back), changes the outcome of an action
(:meth:`BlindSession.after`) or what it exports (:meth:`BlindSession.export`). Changing the
game itself is done by *reseating*: a new reference session is started from the changed state
(``ReferenceEngine.start``, the public entry), so every later answer follows from the bug.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from engines.reference import ReferenceEngine
from protocol.adapter import ActionRefused, EngineError, Session, Support
from protocol.model import (
    Action,
    ActionKind,
    CardData,
    Event,
    GameState,
    Permanent,
    PlayerIndex,
    PlayerState,
    pass_priority,
)

REFERENCE = ReferenceEngine()

#: The keyword abilities read off a card's text lines (comma-separated keyword lines).
_KEYWORD_WORDS = frozenset(
    {
        "flying",
        "reach",
        "menace",
        "first strike",
        "double strike",
        "trample",
        "deathtouch",
        "lifelink",
        "vigilance",
        "haste",
        "defender",
        "indestructible",
        "flash",
    }
)


# -- small helpers over the model ------------------------------------------------------------------


def keywords_of(data: CardData) -> frozenset[str]:
    """The keywords a card has by its data: MTGJSON's ``keywords`` plus keyword lines of its text."""
    found = {k.lower() for k in data.keywords}
    for line in data.text.lower().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if parts and all(p in _KEYWORD_WORDS for p in parts):
            found.update(parts)
    return frozenset(found)


def has_keyword(state: GameState, card_id: str, keyword: str) -> bool:
    return keyword in keywords_of(state.data_of(card_id))


def text_of(state: GameState, card_id: str) -> str:
    return state.data_of(card_id).text.lower()


def is_ninjutsu(action: Action) -> bool:
    """An activation of a ninjutsu-family ability (ninjutsu, library or commander ninjutsu)."""
    return action.kind is ActionKind.ACTIVATE and "ninjutsu" in (action.ability or "")


def is_sneak(action: Action) -> bool:
    return action.kind is ActionKind.CAST and action.cost("alternative") == "sneak"


def with_permanent(state: GameState, card_id: str, **changes: object) -> GameState:
    """``state`` with fields of one permanent changed."""
    return replace(
        state,
        battlefield=tuple(replace(p, **changes) if p.id == card_id else p for p in state.battlefield),  # type: ignore[arg-type]
    )


def with_player(state: GameState, index: PlayerIndex, **changes: object) -> GameState:
    players = list(state.players)
    players[index] = replace(players[index], **changes)  # type: ignore[arg-type]
    return replace(state, players=(players[0], players[1]))


def move_between(
    state: GameState, card_id: str, owner: PlayerIndex, from_zone: str, to_zone: str, *, top: bool = False
) -> GameState:
    """Move a card between two of its owner's zones (``to_zone`` appended, or put first)."""
    player: PlayerState = state.players[owner]
    source = tuple(c for c in getattr(player, from_zone) if c != card_id)
    dest = getattr(player, to_zone)
    dest = (card_id, *dest) if top else (*dest, card_id)
    return with_player(state, owner, **{from_zone: source, to_zone: dest})


def to_battlefield(state: GameState, card_id: str, owner: PlayerIndex, from_zone: str, **status: object) -> GameState:
    player = state.players[owner]
    state = with_player(state, owner, **{from_zone: tuple(c for c in getattr(player, from_zone) if c != card_id)})
    return replace(state, battlefield=(*state.battlefield, Permanent(card_id, owner, **status)))  # type: ignore[arg-type]


# -- the session -----------------------------------------------------------------------------------


class BlindSession:
    """Forwards to a reference session; subclasses override the hooks to seed one bug."""

    #: Set by the adapter: the engine's id, for the hit log.
    engine_id = ""

    def __init__(self, state: GameState) -> None:
        self._inner: Session = REFERENCE.start(state)
        self._hits = 0
        self.setup(self._inner.state())

    @property
    def bug_hits(self) -> int:
        """How many times the seeded bug changed something in this game."""
        return self._hits

    @bug_hits.setter
    def bug_hits(self, value: int) -> None:
        """Count a hit; the first one of a session is logged to ``$MTG_BLIND_HITS`` (a file) when
        set, so a benchmark run can show that each bug's code path was taken."""
        if self._hits == 0 and value > 0:
            log = os.environ.get("MTG_BLIND_HITS")
            if log:
                with open(log, "a", encoding="utf-8") as out:
                    out.write(f"{self.engine_id}\n")
        self._hits = value

    # -- hooks ------------------------------------------------------------------------------------
    def setup(self, state: GameState) -> None:
        """Called once with the loaded state."""

    def export(self, state: GameState) -> GameState:
        """The state shown to the harness (default: the reference engine's)."""
        return state

    def hides(self, state: GameState, action: Action) -> bool:
        """Whether an action the reference engine offers is left out of ``legal_actions``."""
        return False

    def extra_offers(self, state: GameState) -> list[Action]:
        """Actions offered beyond the reference engine's."""
        return []

    def refuses(self, state: GameState, action: Action) -> str | None:
        """A reason to refuse an action the reference engine would judge (None: judge it)."""
        return None

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        """Apply an action by the bug's own rule instead of forwarding (None: forward)."""
        return None

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        """Change the game after a forwarded action; returns extra events."""
        return []

    # -- protocol -------------------------------------------------------------------------------
    def state(self) -> GameState:
        return self.export(self._inner.state())

    def legal_actions(self) -> list[Action]:
        state = self._inner.state()
        listed = self._inner.legal_actions()
        offered = [a for a in listed if not self.hides(state, a)]
        changed = len(offered) != len(listed)
        for extra in self.extra_offers(state):
            if extra not in offered:
                offered.append(extra)
                changed = True
        if changed:
            self.bug_hits += 1
        return offered

    def apply(self, action: Action) -> list[Event]:
        before = self._inner.state()
        reason = self.refuses(before, action)
        if reason is not None:
            self.bug_hits += 1
            raise ActionRefused(reason)
        accepted = self.accepts(before, action)
        if accepted is not None:
            self.bug_hits += 1
            return accepted
        events = self._inner.apply(action)
        return events + self.after(before, action, events)

    def close(self) -> None:
        self._inner.close()

    # -- tools ----------------------------------------------------------------------------------
    def reseat(self, state: GameState) -> None:
        """Carry on from ``state``: a new reference session started from it."""
        self.bug_hits += 1
        fresh = REFERENCE.start(state)
        self._inner.close()
        self._inner = fresh

    def current(self) -> GameState:
        return self._inner.state()

    def pass_until(self, done: Callable[[GameState], bool], limit: int = 12) -> list[Event]:
        """Pass priority for whoever holds it until ``done`` (no pending choice in between)."""
        events: list[Event] = []
        for _ in range(limit):
            state = self._inner.state()
            if done(state) or state.pending is not None or state.priority is None:
                break
            events += self._inner.apply(pass_priority(state.priority))
        return events

    @staticmethod
    def counterfactual_offers(state: GameState, keep: Callable[[Action], bool]) -> list[Action]:
        """The actions a reference session loaded from ``state`` offers, filtered by ``keep``."""
        try:
            probe = REFERENCE.start(state)
        except (ActionRefused, EngineError):
            return []
        try:
            return [a for a in probe.legal_actions() if keep(a)]
        finally:
            probe.close()

    def counterfactual_apply(
        self, state: GameState, action: Action, fix: Callable[[GameState], GameState]
    ) -> list[Event]:
        """Apply ``action`` to a reference session loaded from ``state`` (a copy of the game where
        the bug's rule holds), then carry on from ``fix`` of its result. Raises ActionRefused when
        even the copy refuses."""
        try:
            probe = REFERENCE.start(state)
        except (ActionRefused, EngineError) as exc:
            raise ActionRefused(f"refused: {exc}") from None
        try:
            events = probe.apply(action)
            result = fix(probe.state())
        finally:
            probe.close()
        self.reseat(result)
        return events


class BlindEngine:
    """An adapter for one blind seeded-bug engine (see each subclass's docstring)."""

    #: The short id used in reports.
    id: ClassVar[str] = ""
    #: Ruling ids whose text the bug contradicts.
    rulings: ClassVar[tuple[str, ...]] = ()
    #: Whether it is wrong only in rarer states.
    rarer: ClassVar[bool] = False
    #: The bug in rules terms (one line).
    bug: ClassVar[str] = ""
    #: When it shows, for the rarer ones.
    rarer_when: ClassVar[str] = ""
    session: ClassVar[type[BlindSession]] = BlindSession
    version = "blind-1"
    leaves_input_intact = True

    @property
    def name(self) -> str:
        return f"blind-{self.id}"

    def supports(self, requires: frozenset[str]) -> Support:
        return REFERENCE.supports(requires)

    def start(self, state: GameState) -> BlindSession:
        session_type = type(self.session.__name__, (self.session,), {"engine_id": self.id})
        return session_type(state)
