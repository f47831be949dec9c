"""The degenerate sessions behind the standing controls.

Each wraps a session of the reference engine (so its exported states are real, consistent
states every check can read) and breaks one thing about it wholesale: it offers nothing, changes
nothing, never lets the stack wait, never gives priority in the combat damage steps ... A check
that passes on one of them has not tested what its ruling depends on. Every session speaks the
adapter protocol only; none of them knows which invariant is asking.
"""

from __future__ import annotations

from collections.abc import Callable

from protocol.adapter import ActionRefused, Session
from protocol.model import Action, Event, GameState, Step, pass_priority

#: Passes a control makes on its own before it gives up pushing the game on: a bound, so a
#: control never loops, whatever state it is in.
OWN_PASS_LIMIT = 100
#: The steps between declare blockers and end of combat.
DAMAGE_STEPS = frozenset({Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE})


class Wrapped:
    """A session that forwards to the reference session it wraps; controls override a part."""

    def __init__(self, inner: Session, loaded: GameState):
        self._inner = inner
        #: The state the harness loaded, exactly as it was given.
        self._loaded = loaded

    def state(self) -> GameState:
        return self._inner.state()

    def legal_actions(self) -> list[Action]:
        return self._inner.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        return self._inner.apply(action)

    def close(self) -> None:
        self._inner.close()

    def _pass_while(self, more: Callable[[GameState], bool]) -> list[Event]:
        """Pass priority for whoever holds it while ``more(state)``, with no choice pending."""
        events: list[Event] = []
        for _ in range(OWN_PASS_LIMIT):
            state = self._inner.state()
            if state.pending is not None or state.priority is None or not more(state):
                break
            events += self._inner.apply(pass_priority(state.priority))
        return events


class RefusesAll(Wrapped):
    """Offers nothing and refuses every action, passing priority included."""

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, action: Action) -> list[Event]:
        raise ActionRefused("control:refuses-all refuses every action")


class Inert(Wrapped):
    """Offers what the loaded game offers, accepts every action, changes nothing and reports
    no events: the game stays where it was loaded."""

    def __init__(self, inner: Session, loaded: GameState):
        super().__init__(inner, loaded)
        self._state = inner.state()
        self._offered = inner.legal_actions()

    def state(self) -> GameState:
        return self._state

    def legal_actions(self) -> list[Action]:
        return list(self._offered)

    def apply(self, action: Action) -> list[Event]:
        return []


class FrozenState(Wrapped):
    """Plays the game underneath (its offers and events are the reference engine's), accepts
    every action (a refused one changes nothing), but exports the very state it was given."""

    def state(self) -> GameState:
        return self._loaded

    def apply(self, action: Action) -> list[Event]:
        try:
            return self._inner.apply(action)
        except ActionRefused:
            return []


class SkipsStack(Wrapped):
    """Spells and abilities resolve at once: after every action, whatever was put on the stack
    since the game was loaded is resolved before anyone can respond (the engine passes for both
    players), as soon as a player would get priority: an ability activated during a search (when
    nobody holds priority) resolves as the search ends. Items the loaded state had on the stack
    wait as usual."""

    def __init__(self, inner: Session, loaded: GameState):
        super().__init__(inner, loaded)
        self._loaded_items = {item.id for item in inner.state().stack}

    def apply(self, action: Action) -> list[Event]:
        events = self._inner.apply(action)
        return events + self._pass_while(lambda s: any(item.id not in self._loaded_items for item in s.stack))


class NoPriorityInCombat(Wrapped):
    """Never gives priority in the first-strike and combat damage steps it reaches by play: it
    goes from declare blockers to end of combat, dealing damage and resolving what triggers on
    the way, with nobody holding priority in between. A state loaded inside a damage step is
    served as loaded (that a state can be loaded in a step proves nothing about the engine's
    own turn structure: exactly what this control shows)."""

    def __init__(self, inner: Session, loaded: GameState):
        super().__init__(inner, loaded)
        start = inner.state()
        self._loaded_at = (start.turn, start.step)

    def apply(self, action: Action) -> list[Event]:
        events = self._inner.apply(action)
        return events + self._pass_while(lambda s: s.step in DAMAGE_STEPS and (s.turn, s.step) != self._loaded_at)


class OffersNothing(Wrapped):
    """Plays by the rules but lists no legal action: an engine whose offers cannot be trusted."""

    def legal_actions(self) -> list[Action]:
        return []


class AcceptsIllegal(Wrapped):
    """Plays by the rules but never refuses: an action the rules forbid is "accepted" and
    changes nothing."""

    def apply(self, action: Action) -> list[Event]:
        try:
            return self._inner.apply(action)
        except ActionRefused:
            return []
