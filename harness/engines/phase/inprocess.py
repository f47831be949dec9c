"""The phase.rs adapter, in process. Run it through :class:`harness.engines.phase.PhaseEngine`,
which puts it in a worker process: phase is native code, and a panic or abort in it must cost
one verdict, not the run. This is the only module (with its helpers) that imports ``phase``.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

from harness.protocol.adapter import ActionRefused, EngineError, Support
from harness.protocol.mechanics import Mechanic
from harness.protocol.model import Action, ActionKind, Event, GameState

from . import actions as amap
from . import events as emap
from .export import export
from .load import IdMap, engine_for, load

ENGINE_NAME = "phase"

#: The ``requires`` strings phase implements, as far as this adapter maps them.
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
        # {T}/{Q} costs: phase's ActivateAbility (mana abilities tried on a copy, see legal_actions)
        Mechanic.TAP_ABILITY,
        Mechanic.UNTAP_SYMBOL,
    }
)
_CASTING = ("the phase adapter does not map casting spells (phase's CastSpell continues with target, mode and "
            "payment prompts the adapter does not answer, and spells on the stack are not built)")
#: Requirements known not to work, with the reason.
NOT_SUPPORTED: dict[str, str] = {
    Mechanic.LIBRARY_NINJUTSU: "phase does not implement library ninjutsu (its parser leaves "
    "'Library ninjutsu {cost}' Unimplemented)",
    Mechanic.COMMANDER_NINJUTSU: "the phase adapter does not map the command zone (phase parses commander "
    "ninjutsu but needs a Commander-format game with a designated commander)",
    Mechanic.CASTING: _CASTING,
    Mechanic.CASTING_PERMANENTS: _CASTING,
    Mechanic.X_ETB: "the phase adapter does not map casting spells with X",
    Mechanic.CAST_TRIGGER: "the phase adapter does not map casting spells, so cast triggers are not reached",
    Mechanic.COUNTERSPELL: "the phase adapter does not map casting (or targeting) spells on the stack",
    Mechanic.TOKENS: "the phase adapter does not build tokens",
    Mechanic.SEARCH: "the phase adapter does not map phase's library-search prompt to CHOOSE_CARDS "
    "(phase parses SearchLibrary effects)",
    Mechanic.SEARCH_RESTRICTION: "the phase adapter does not map library searches",
    Mechanic.LOOK: "the phase adapter does not map look-at-the-top-cards prompts",
    Mechanic.MILL: "the phase adapter does not map mill during a search",
    Mechanic.LEAVES_TRIGGER: "the phase adapter does not map library searches, where these triggers are checked",
    Mechanic.MANA_TRIGGERS: "phase 0.103.0 leaves 'tapped for mana' trigger effects such as 'add one additional "
    "mana of any type that land produced' Unimplemented, and the adapter does not map mana choices",
    Mechanic.MANA_REPLACEMENT: "the phase adapter does not map mana replacement effects or mana choices",
    Mechanic.COULD_PRODUCE: "phase 0.103.0 leaves 'Add one mana of any type a land you control could produce' "
    "Unimplemented",
    Mechanic.REBOUND: "the phase adapter does not map casting, delayed triggers or the may-cast prompt "
    "(phase parses the Rebound keyword)",
    Mechanic.PLAY_FROM_EXILE: "the phase adapter does not build play-from-exile permissions",
    Mechanic.LAND_PLAY: "the phase adapter translates PlayLand, but only the play-from-exile rulings use it",
    Mechanic.CLASS: "the phase adapter does not build or read Class levels (phase parses level bars as "
    "SetClassLevel abilities)",
    Mechanic.MENACE: "the phase adapter has not been checked against menace (only the Class rulings use it)",
    Mechanic.SNEAK: "the phase adapter does not map casting for a sneak cost (phase parses the Sneak keyword)",
}


def phase_version() -> str:
    return version("phase-python")


class PhaseSession:
    """One phase Game behind the Session protocol."""

    def __init__(self, game: Any, ids: IdMap, start: GameState):
        self._game = game
        self._ids = ids
        self._start = start

    def _raw(self) -> dict[str, Any]:
        return self._game.state()["state"]

    def _export(self, ps: dict[str, Any]) -> GameState:
        try:
            return export(ps, self._start, self._ids)
        except (KeyError, ValueError, TypeError) as exc:
            raise EngineError(f"cannot read phase's state: {type(exc).__name__}: {exc}") from exc

    def state(self) -> GameState:
        return self._export(self._raw())

    def _actor(self) -> int | None:
        waiting = self._game.waiting_for() or {}
        player = (waiting.get("data") or {}).get("player")
        return int(player) if player is not None else None

    def legal_actions(self) -> list[Action]:
        actor = self._actor()
        if actor is None:
            return []
        objects = self._raw()["objects"]
        out: list[Action] = []
        for native in self._game.actions():
            action = amap.to_model(native.kind, native.data, actor, self._ids, objects)
            if action is not None and action not in out:
                out.append(action)
        out.extend(a for a in self._mana_abilities(actor, objects) if a not in out)
        return out

    def _mana_abilities(self, actor: int, objects: dict[str, Any]) -> list[Action]:
        """The mana abilities phase lets ``actor`` activate now. phase's ``actions()`` lists none
        (it pays costs itself), so each is tried on a copy of the game: phase judges it."""
        import phase

        envelope = None
        out = []
        for oid in self._raw().get("battlefield", []):
            obj = objects.get(str(oid)) or {}
            for index in amap.mana_ability_indexes(obj):
                if envelope is None:
                    envelope = self._game.state()
                copy = engine_for(self._start).load_game(envelope)
                native = phase.GameAction.from_dict(
                    {"type": "ActivateAbility", "data": {"source_id": int(oid), "ability_index": index}})
                try:
                    copy.apply(actor, native)
                except ValueError:
                    continue
                out.append(Action(ActionKind.ACTIVATE, actor, source=self._ids.model(int(oid)),
                                  ability=amap.ability_name(obj, index)))
        return out

    def _native(self, action: Action, actor: int) -> Any:
        import phase

        objects = self._raw()["objects"]
        shape = amap.to_phase(action, self._ids, objects)
        if shape is not None:
            return phase.GameAction.from_dict(shape)
        for native in self._game.actions():
            offered = amap.to_model(native.kind, native.data, actor, self._ids, objects)
            if offered is not None and amap.same_meaning(offered, action):
                return native
        raise ActionRefused(f"phase does not offer {action}")

    def apply(self, action: Action) -> list[Event]:
        actor = self._actor()
        if actor is None:
            raise ActionRefused("phase waits for no player (the game is over)")
        if action.player != actor:
            raise ActionRefused(f"player {action.player} cannot act: phase waits for player {actor}")
        native = self._native(action, actor)
        before_raw = self._raw()
        before = self._export(before_raw)
        try:
            result = self._game.apply(actor, native)
        except ValueError as exc:  # phase's answer to an illegal action
            raise ActionRefused(f"phase refused {action}: {exc}") from None
        after_raw = self._raw()
        after = self._export(after_raw)
        index = emap.stack_index(before_raw, after_raw, ids=self._ids)
        for e in result.events:  # abilities that came and went within this apply
            if e.get("type") == "StackPushed":
                index.setdefault(int(e["data"]["object_id"]), "triggered")
        events = emap.translate(list(result.events), before_raw, after_raw, self._ids, index)
        return events + emap.derived(events, before, after)

    def close(self) -> None:
        self._game = None


class PhaseInProcess:
    """The phase adapter without isolation (harness.protocol.adapter.EngineAdapter)."""

    name = ENGINE_NAME

    def __init__(self) -> None:
        self.version = phase_version()

    def supports(self, requires: frozenset[str]) -> Support:
        reasons = []
        for item in sorted(requires):
            if item in SUPPORTED:
                continue
            reasons.append(NOT_SUPPORTED.get(item, f"the phase adapter does not know the requirement {item!r}"))
        return Support.no("; ".join(reasons)) if reasons else Support.yes()

    def start(self, state: GameState) -> PhaseSession:
        game, ids = load(state)
        return PhaseSession(game, ids, state)
