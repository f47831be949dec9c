"""The bundled reference engine: a small, exact, pure-Python rules engine for what it claims.

It is the default engine under test and the base for mutants and controls.

**Structure.** A small core — turn structure, priority, the stack and zones (:mod:`.core`) —
plus one component per mechanic: combat (:mod:`.combat`), the ninjutsu family with library
ninjutsu (:mod:`.ninjutsu`), searching (:mod:`.search`), mana and costs (:mod:`.mana`, with the
exact payer of :mod:`.payment`), casting and land plays (:mod:`.casting`), rebound
(:mod:`.rebound`), play from exile (:mod:`.exile`), Classes (:mod:`.classes`) and sneak
(:mod:`.sneak`). Each component is a plain class; no component imports another's module:

* what it uses of another is a declared service (a Protocol of :mod:`.services`), given
  to it by the engine in ``connect(services)``;
* where several components contribute to one step on purpose, a hook declared once with its
  signature and composition (:mod:`.hooks`);
* what it handles it registers in one explicit dispatch table (:mod:`.table`): action kind ->
  the handlers that claim and apply an action (claims never overlap), and the offers listing a
  player's actions (in the fixed order of :data:`.engine.OFFER_ORDER`); pending decision type
  -> the component answering it; stack item kind -> the resolvers; named decisions
  (``"ninjutsu.window_open"``, ``"ninjutsu.return_candidates"`` ...) -> the method answering
  that one rules question, documented with its CR rule.

No behaviour depends on the order of base classes (there are none) and no core procedure
holds an if-chain per mechanic. The components are listed once, in :data:`.engine.COMPONENTS`
(the one module importing them); each declares the ``mechanics`` it implements, and
:data:`SUPPORTED` is their union.

**Replacing decisions.** ``ReferenceEngine(decisions={"ninjutsu.window_open": fn})`` runs a
fresh engine whose decision is ``fn`` (called like the method it replaces, the component first:
it reaches the other components through that component's services).
:data:`DECISIONS` lists every name; an unknown name is an error (:class:`UnknownDecision`).
Mutants (:mod:`engines.mutants`) are such replacements, kept as data.

**Cards.** One oracle reader (:mod:`.oracle`) reads each line of a card once into one typed
record, and refuses a card with a line it cannot read (:class:`UnsupportedCard`). A component
whose mechanic brings new lines registers their shape (:func:`.oracle.register_shape`) with a
record of its own (:class:`.lines.ComponentLine`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from protocol import __version__
from protocol.adapter import EngineError, Support
from protocol.consistency import InconsistentState, check
from protocol.model import GameState

from .engine import DECISIONS, ReferenceRules, UnknownDecision, check_decision_names, implemented_mechanics
from .game import Game
from .oracle import UnsupportedCard, parse_card
from .session import ReferenceSession

#: The ``requires`` strings the reference engine implements: the union of what its components
#: implement (each component's ``mechanics``), so a new component brings its mechanic with it.
SUPPORTED: frozenset[str] = implemented_mechanics()

#: Requirements the engine knows of but does not implement yet, with what to call them.
NOT_YET: dict[str, str] = {}


class ReferenceEngine:
    """The reference engine's adapter (protocol.adapter.EngineAdapter)."""

    name = "reference"
    version = __version__
    #: ``start`` builds its own game from the frozen state and never writes to it (see
    #: ``protocol.adapter.leaves_input_intact``): the runner hands it the drawn state uncopied.
    leaves_input_intact = True

    def __init__(self, decisions: Mapping[str, Callable[..., Any]] | None = None, *, name: str | None = None):
        """``decisions`` replaces named decisions (see the module docstring); checked now."""
        self.decisions: dict[str, Callable[..., Any]] = dict(decisions or {})
        check_decision_names(self.decisions)
        self._rules: ReferenceRules | None = None
        if name is not None:
            self.name = name

    def rules(self) -> ReferenceRules:
        """The engine's rules, built once and shared by its sessions: the components keep no
        state of a game (a game is all in :class:`.game.Game`), so one set serves every game,
        and building the dispatch table for each of a run's thousands of sessions was a tenth
        of the reference engine's time."""
        if self._rules is None:
            self._rules = ReferenceRules(self.decisions)
        return self._rules

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (sent to a worker) without its built rules: the worker builds its own."""
        return {**self.__dict__, "_rules": None}

    def supports(self, requires: frozenset[str]) -> Support:
        reasons = []
        for item in sorted(requires):
            if item in SUPPORTED:
                continue
            if item in NOT_YET:
                reasons.append(f"reference engine does not implement {NOT_YET[item]} yet")
            else:
                reasons.append(f"reference engine does not know the requirement {item!r}")
        return Support.no("; ".join(reasons)) if reasons else Support.yes()

    def start(self, state: GameState) -> ReferenceSession:
        """Load ``state``. A state where nobody has a decision is taken as the moment its step
        begins, and the game runs on to the first decision."""
        try:
            check(state)
        except InconsistentState as exc:
            raise EngineError(str(exc)) from exc
        try:
            game = Game.from_state(state)
        except UnsupportedCard as exc:
            raise EngineError(str(exc)) from exc
        rules = self.rules()
        if game.pending is not None and type(game.pending) not in rules.pending_kinds:
            raise EngineError(f"reference engine does not implement {game.pending.kind} choices")
        for item in game.stack:
            if not rules.can_resolve(game, item):
                raise EngineError(f"reference engine cannot resolve stack item {item}")
        if not rules.can_make_pending_choice(game):
            raise EngineError("reference engine cannot continue the pending search: it knows no effect resolving it")
        rules.resume(game, [])
        return ReferenceSession(game, rules)


__all__ = [
    "DECISIONS",
    "NOT_YET",
    "SUPPORTED",
    "ReferenceEngine",
    "ReferenceRules",
    "ReferenceSession",
    "UnknownDecision",
    "UnsupportedCard",
    "parse_card",
]
