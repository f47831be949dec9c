"""Standing controls: degenerate engines that every check its ruling depends on must fail.

A mutant is a complete engine with one wrong decision; it cannot show that a check passes an
engine that lacks a feature altogether. A control can: it offers nothing, or changes nothing,
or never lets the stack wait ... An executable ruling that a control *relevant* to it passes is
**vacuous** for that control: its invariants did not test what they claim
(``mtg-conformance controls``).

Relevance is declared on both sides. Each control says which invariants it is meant to break:
those of some ``kinds`` (empty: every kind) that require at least one of ``requires_any``
(empty: whatever they require), for rulings carrying one of the corpus tags ``tags_any``
(empty: any ruling). An invariant may exempt a control with a reason
(``Invariant.exempt_controls``), e.g. a pure "must be refused" check on ``refuses-all``. A
ruling needs, for every control relevant to at least one of its invariants, one invariant that
fails (or errs) on it.

Controls are not registered as engines: only ``control:<id>`` reaches one, so a run can never
pick one up by accident. Each wraps the reference engine and depends on the protocol only.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.reference import ReferenceEngine
from protocol.adapter import Session, Support
from protocol.mechanics import Mechanic
from protocol.model import GameState

from . import sessions

PREFIX = "control:"


@dataclass(frozen=True)
class Control:
    id: str
    #: What the control does, in one line.
    behaviour: str
    #: The claims it is meant to break, in one line.
    breaks: str
    session: type[sessions.Wrapped]
    #: Invariant kinds it is relevant to (empty: all).
    kinds: frozenset[str] = frozenset()
    #: Relevant to invariants requiring at least one of these mechanics (empty: all).
    requires_any: frozenset[str] = frozenset()
    #: Relevant to rulings with at least one of these corpus tags (empty: all).
    tags_any: frozenset[str] = frozenset()

    @property
    def spec(self) -> str:
        return PREFIX + self.id

    def relevant(self, kind: str, requires: frozenset[str], tags: tuple[str, ...]) -> bool:
        """Whether an invariant of ``kind`` requiring ``requires``, encoding a ruling tagged
        ``tags``, is meant to fail on this control (before the invariant's own exemptions)."""
        return (
            (not self.kinds or kind in self.kinds)
            and (not self.requires_any or bool(requires & self.requires_any))
            and (not self.tags_any or bool(self.tags_any.intersection(tags)))
        )


CONTROLS: dict[str, Control] = {
    c.id: c
    for c in (
        Control(
            "refuses-all",
            "offers nothing and refuses every action, passing priority included",
            "every ruling that says an action is legal, or whose check must act to see a consequence",
            sessions.RefusesAll,
        ),
        Control(
            "inert",
            "accepts every action, changes nothing and reports no events",
            "every ruling about a consequence: what moves, taps, triggers, resolves or is shuffled",
            sessions.Inert,
        ),
        Control(
            "frozen-state",
            "plays the game underneath but exports the very state it was given",
            "every ruling whose consequence shows in the game state (zones, tapped, attacking, life)",
            sessions.FrozenState,
        ),
        Control(
            "skips-stack",
            "spells and abilities resolve at once, before anyone can respond",
            "rulings about what happens while a spell or ability waits on the stack (tagged stack)",
            sessions.SkipsStack,
            requires_any=frozenset({Mechanic.STACK}),
            tags_any=frozenset({"stack"}),
        ),
        Control(
            "no-priority-in-combat",
            "goes from declare blockers to end of combat without giving priority in the damage steps "
            "(a state loaded inside one is served as loaded)",
            "timing rulings about windows in combat, which must be reached by play (tagged timing)",
            sessions.NoPriorityInCombat,
            requires_any=frozenset({Mechanic.FIRST_STRIKE, Mechanic.DOUBLE_STRIKE, Mechanic.COMBAT_DAMAGE_TRIGGER}),
            tags_any=frozenset({"timing"}),
        ),
        Control(
            "offers-nothing",
            "plays by the rules but lists no legal action",
            "legality rulings that say an action is offered",
            sessions.OffersNothing,
            kinds=frozenset({"legality"}),
        ),
        Control(
            "accepts-illegal",
            "plays by the rules but accepts (and ignores) every illegal action",
            "legality rulings that say an action is refused",
            sessions.AcceptsIllegal,
            kinds=frozenset({"legality"}),
        ),
    )
}


class ControlEngine:
    """The adapter of one control: the reference engine's support and loading, a degenerate
    session on top."""

    version = ReferenceEngine.version

    def __init__(self, control: Control):
        self.control = control
        self.name = control.spec
        self._reference = ReferenceEngine()

    def supports(self, requires: frozenset[str]) -> Support:
        return self._reference.supports(requires)

    def start(self, state: GameState) -> Session:
        return self.control.session(self._reference.start(state), state)


def all_controls() -> dict[str, Control]:
    return CONTROLS


def load_control(spec: str) -> ControlEngine:
    """The engine for ``control:<id>``."""
    wanted = spec.removeprefix(PREFIX)
    found = CONTROLS.get(wanted)
    if found is None:
        raise LookupError(f"unknown control {wanted!r}; known: {', '.join(sorted(CONTROLS))}")
    return ControlEngine(found)


__all__ = ["CONTROLS", "PREFIX", "Control", "ControlEngine", "all_controls", "load_control"]
