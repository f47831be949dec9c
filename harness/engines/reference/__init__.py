"""The bundled reference engine: a small, exact, pure-Python rules engine for what it claims.

It is the default engine under test and the base for mutants: a mutant is a subclass of
:class:`ReferenceRules` overriding one decision method, plugged in with
``ReferenceEngine(rules_class=MutantX)`` (or a subclass setting ``rules_class``).
"""

from __future__ import annotations

from harness import __version__
from harness.protocol.adapter import EngineError, Support
from harness.protocol.consistency import InconsistentState, check
from harness.protocol.mechanics import Mechanic
from harness.protocol.model import GameState

from .game import Game
from .oracle import UnsupportedCard, parse_card
from .rules import ReferenceRules
from .session import ReferenceSession

#: The ``requires`` strings the reference engine implements.
SUPPORTED: frozenset[str] = frozenset(
    {
        Mechanic.NINJUTSU,
        Mechanic.FIRST_STRIKE,
        Mechanic.DOUBLE_STRIKE,
        Mechanic.ATTACK_TRIGGER,
        Mechanic.COMBAT_DAMAGE_TRIGGER,
        Mechanic.MANA_ABILITY,
        Mechanic.PLANESWALKER,
        Mechanic.BATTLE,
        Mechanic.SUMMONING_SICKNESS,
        Mechanic.STACK,
        Mechanic.PRIORITY,
        # mana and {T}/{Q} costs (mana_rules.py)
        Mechanic.TAP_ABILITY,
        Mechanic.UNTAP_SYMBOL,
        Mechanic.MANA_TRIGGERS,
        Mechanic.MANA_REPLACEMENT,
        Mechanic.COULD_PRODUCE,
        Mechanic.X_ETB,
        # casting, searching and library ninjutsu (casting.py, search.py, library_ninjutsu.py)
        Mechanic.CASTING,
        Mechanic.SEARCH,
        Mechanic.SEARCH_RESTRICTION,
        Mechanic.LOOK,
        Mechanic.MILL,
        Mechanic.LIBRARY_NINJUTSU,
        Mechanic.LEAVES_TRIGGER,
        # permanent spells, rebound, play from exile (spells.py), Classes (classes.py), sneak (sneak.py)
        Mechanic.CASTING_PERMANENTS,
        Mechanic.CAST_TRIGGER,
        Mechanic.COUNTERSPELL,
        Mechanic.TOKENS,
        Mechanic.REBOUND,
        Mechanic.PLAY_FROM_EXILE,
        Mechanic.LAND_PLAY,
        Mechanic.CLASS,
        Mechanic.MENACE,
        Mechanic.SNEAK,
    }
)

#: Requirements the engine knows of but does not implement yet, with what to call them.
NOT_YET: dict[str, str] = {
    Mechanic.COMMANDER_NINJUTSU: "commander ninjutsu",
}


class ReferenceEngine:
    """The reference engine's adapter (harness.protocol.adapter.EngineAdapter)."""

    name = "reference"
    version = __version__
    rules_class: type[ReferenceRules] = ReferenceRules

    def __init__(self, rules_class: type[ReferenceRules] | None = None, *, name: str | None = None):
        if rules_class is not None:
            self.rules_class = rules_class
        if name is not None:
            self.name = name

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
        rules = self.rules_class()
        if game.pending is not None and game.pending.kind not in rules.pending_kinds:
            raise EngineError(f"reference engine does not implement {game.pending.kind} choices")
        for item in game.stack:
            if not rules.can_resolve(game, item):
                raise EngineError(f"reference engine cannot resolve stack item {item}")
        if not rules.can_make_pending_choice(game):
            raise EngineError("reference engine cannot continue the pending search: it knows no effect resolving it")
        rules.resume(game, [])
        return ReferenceSession(game, rules)


__all__ = [
    "NOT_YET",
    "SUPPORTED",
    "ReferenceEngine",
    "ReferenceRules",
    "ReferenceSession",
    "UnsupportedCard",
    "parse_card",
]
