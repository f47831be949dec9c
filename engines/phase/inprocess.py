"""The phase.rs adapter, in process. Run it through :class:`engines.phase.PhaseEngine`,
which puts it in a worker process: phase is native code, and a panic or abort in it must cost
one verdict, not the run. This is the only module (with its helpers) that imports ``phase``.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

from protocol.adapter import ActionRefused, EngineError, Support
from protocol.decisions import MayCast, SearchDecision
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, Event, EventKind, GameState

from . import actions as amap
from . import events as emap
from .casting import plan_cast
from .export import export
from .load import IdMap, as_text, engine_for, load
from .prompts import SearchMemo, pending_of, remember

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
        # CastSpell / CastSpellAsSneak and their prompts (casting.py); spells on the stack read back
        Mechanic.CASTING,
        Mechanic.CASTING_PERMANENTS,
        Mechanic.X_ETB,
        Mechanic.CAST_TRIGGER,
        Mechanic.COUNTERSPELL,
        Mechanic.SNEAK,
        # tokens: built with phase's is_token flag; tokens phase creates are read back as p<id>
        Mechanic.TOKENS,
        # GameState.permissions <-> phase's casting_permissions on the exiled object (grants.py)
        Mechanic.PLAY_FROM_EXILE,
        # SearchChoice <-> pending search / CHOOSE_CARDS (prompts.py)
        Mechanic.SEARCH,
        Mechanic.SEARCH_RESTRICTION,
        # OptionalEffectChoice of a rebound card in exile <-> may-cast
        Mechanic.REBOUND,
        Mechanic.LAND_PLAY,
        # Permanent.class_level <-> the object's class_level; "level:N" = ActivateAbility of SetClassLevel N
        Mechanic.CLASS,
        # phase implements the Menace keyword in its block validation (combat.rs)
        Mechanic.MENACE,
        # "whenever a creature you control leaves the battlefield": phase parses and fires it
        Mechanic.LEAVES_TRIGGER,
    }
)
#: Requirements known not to work, with the reason.
NOT_SUPPORTED: dict[str, str] = {
    Mechanic.LIBRARY_NINJUTSU: f"phase {version('phase-python')} has no library ninjutsu: its card parser "
    "leaves 'Library ninjutsu {1}{U}' an Unimplemented ability, its ninjutsu-family costs are only Ninjutsu, "
    "CommanderNinjutsu and Sneak, and its one ninjutsu action (ActivateNinjutsu) refuses a card in the library: "
    "'Ninjutsu-family card not in hand or command zone'",
    Mechanic.COMMANDER_NINJUTSU: "the phase adapter does not map the command zone (phase parses commander "
    "ninjutsu but needs a Commander-format game with a designated commander)",
    Mechanic.LOOK: "the phase adapter does not map phase's look-and-order prompt (only library ninjutsu "
    "rulings, which phase lacks, use it)",
    Mechanic.MILL: "the phase adapter has not mapped mill as a mana-ability cost during a search (only library "
    "ninjutsu rulings, which phase lacks, use it)",
    Mechanic.MANA_TRIGGERS: f"phase {version('phase-python')} leaves the mana of 'tapped for mana' triggers "
    "('add one additional mana of any type that land produced') Unimplemented (its life-gaining ones parse)",
    Mechanic.MANA_REPLACEMENT: f"phase {version('phase-python')} has no 'tapped for mana' replacement effects: "
    "'it produces twice as much of that mana instead' parses as a ProduceMana replacement with nothing to execute "
    "(a Forest under it adds one {G}), and 'it produces {R}{R} instead of any other type and amount' is left "
    "Unimplemented",
    Mechanic.COULD_PRODUCE: "phase 0.103.0 leaves 'Add one mana of any type a land you control could produce' "
    "Unimplemented",
}


def phase_version() -> str:
    return version("phase-python")


class PhaseSession:
    """One phase Game behind the Session protocol.

    phase's state is read once per game version (``state()`` is ~100 KB of JSON): every
    ``apply`` bumps the version, and the raw state, its model export and the legal actions are
    cached for it."""

    def __init__(self, game: Any, ids: IdMap, start: GameState):
        self._game = game
        self._ids = ids
        self._start = start
        self.memo = SearchMemo()
        self._envelope: dict[str, Any] | None = None
        self._text: str | None = None
        self._model: GameState | None = None
        self._legal: list[Action] | None = None

    def _changed(self) -> None:
        self._envelope, self._text, self._model, self._legal = None, None, None, None

    def _env(self) -> dict[str, Any]:
        if self._envelope is None:
            self._envelope = self._game.state()
        return self._envelope

    def _raw(self) -> dict[str, Any]:
        return self._env()["state"]

    def _export(self, ps: dict[str, Any]) -> GameState:
        try:
            return export(ps, self._start, self._ids, pending_of(ps, self._ids, self.memo))
        except (KeyError, ValueError, TypeError) as exc:
            raise EngineError(f"cannot read phase's state: {type(exc).__name__}: {exc}") from exc

    def state(self) -> GameState:
        if self._model is None:
            self._model = self._export(self._raw())
        return self._model

    def _actor(self) -> int | None:
        waiting = self._game.waiting_for() or {}
        player = (waiting.get("data") or {}).get("player")
        return int(player) if player is not None else None

    def _copy(self) -> Any:
        """A throwaway game in the current state (to try an action on)."""
        if self._text is None:
            # phase turns a dict into JSON before it parses it; one text serves every copy of
            # this game version (the mana abilities and a cast's plan each take a copy).
            self._text = as_text(self._env())
        return engine_for(self._start).load_game(self._text)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Action]:
        actor = self._actor()
        if actor is None:
            return []
        objects = self._raw()["objects"]
        waiting = (self._raw().get("waiting_for") or {}).get("type")
        pending = self.state().pending
        out: list[Action] = []
        for native in self._game.actions():
            if native.kind == "DecideOptionalEffect" and isinstance(pending, MayCast):
                accept = bool((native.data or {}).get("accept"))
                action: Action | None = (
                    Action(ActionKind.CAST, actor, source=pending.cards[0])
                    if accept
                    else Action(ActionKind.CHOOSE_CARDS, actor)
                )
            else:
                action = amap.to_model(native.kind, native.data, actor, self._ids, objects)
            if action is not None and action not in out:
                out.append(action)
        if waiting == "Priority":
            out.extend(a for a in self._mana_abilities(actor, objects) if a not in out)
        return out

    def _mana_abilities(self, actor: int, objects: dict[str, Any]) -> list[Action]:
        """The mana abilities phase lets ``actor`` activate now. phase's ``actions()`` lists none
        (it pays costs itself), so each is tried on a copy of the game: phase judges it.

        A copy serves until an activation succeeds on it (a refusal leaves it unchanged), and
        after one that only tapped (or untapped) its own permanent it still serves the abilities
        whose whole cost is tapping or untapping another permanent: what the first activation
        changed (that permanent, the mana pool) is nothing such a cost looks at. Each copy is a
        ``load_game`` (about a millisecond); one per mana ability was a tenth of a phase run."""
        import phase

        copy = None
        touched: set[int] = set()  # permanents whose abilities were activated on the copy
        out = []
        for oid in self._raw().get("battlefield", []):
            obj = objects.get(str(oid)) or {}
            for index in amap.mana_ability_indexes(obj):
                own_cost = _own_tap_cost(obj["abilities"][index])
                if copy is not None and touched and (not own_cost or int(oid) in touched):
                    copy = None  # changed in a way this ability's cost may look at
                if copy is None:
                    copy, touched = self._copy(), set()
                native = phase.GameAction.from_dict(
                    {"type": "ActivateAbility", "data": {"source_id": int(oid), "ability_index": index}}
                )
                try:
                    copy.apply(actor, native)
                except ValueError:
                    continue
                out.append(
                    Action(
                        ActionKind.ACTIVATE,
                        actor,
                        source=self._ids.model(int(oid)),
                        ability=amap.ability_name(obj, index),
                    )
                )
                waiting = (copy.waiting_for() or {}).get("type")
                if own_cost and waiting == "Priority":
                    touched.add(int(oid))
                else:
                    copy = None
        return out

    def _natives(self, action: Action, actor: int) -> list[Any]:
        """The phase actions that carry out ``action`` (several for a cast with prompts)."""
        import phase

        ps = self._raw()
        objects = ps["objects"]
        waiting = (ps.get("waiting_for") or {}).get("type")
        pending = self.state().pending
        if isinstance(pending, MayCast):
            if action.kind is ActionKind.CAST and action.source in pending.cards:
                return [phase.GameAction.from_dict({"type": "DecideOptionalEffect", "data": {"accept": True}})]
            if action.kind is ActionKind.CHOOSE_CARDS and not action.cards:
                return [phase.GameAction.from_dict({"type": "DecideOptionalEffect", "data": {"accept": False}})]
        if action.kind is ActionKind.CAST and waiting == "Priority":
            oid = self._ids.phase(str(action.source))
            if oid is None or str(oid) not in objects:
                raise ActionRefused(f"{action.source} is not an object of this game")
            returned = action.cost("return")
            returned_oid = self._ids.phase(returned) if returned is not None else None
            chain = plan_cast(self._copy(), actor, action, oid, returned_oid, self._ids.phase, self._ids.model)
            return [phase.GameAction.from_dict(step) for step in chain]
        shape = amap.to_phase(action, self._ids, objects, waiting)
        if shape is not None:
            return [phase.GameAction.from_dict(shape)]
        for native in self._game.actions():
            offered = amap.to_model(native.kind, native.data, actor, self._ids, objects)
            if offered is not None and amap.same_meaning(offered, action):
                return [native]
        raise ActionRefused(f"phase does not offer {action}")

    def apply(self, action: Action) -> list[Event]:
        actor = self._actor()
        if actor is None:
            raise ActionRefused("phase waits for no player (the game is over)")
        if action.player != actor:
            raise ActionRefused(f"player {action.player} cannot act: phase waits for player {actor}")
        natives = self._natives(action, actor)
        before_raw = self._raw()
        before = self.state()
        raw_events: list[dict[str, Any]] = []
        for i, native in enumerate(natives):
            try:
                result = self._game.apply(actor, native)
            except ValueError as exc:  # phase's answer to an illegal action
                if i:
                    raise EngineError(f"phase refused step {i + 1} of {action} it accepted on a copy: {exc}") from None
                raise ActionRefused(f"phase refused {action}: {exc}") from None
            finally:
                self._changed()
            raw_events += list(result.events)
        remember(raw_events, self.memo)
        after_raw = self._raw()
        after = self.state()
        index = emap.stack_index(before_raw, after_raw, ids=self._ids)
        for e in raw_events:  # abilities that came and went within this apply
            if e.get("type") == "StackPushed":
                index.setdefault(int(e["data"]["object_id"]), "triggered")
        events = emap.translate(raw_events, before_raw, after_raw, self._ids, index)
        if action.kind is ActionKind.CHOOSE_CARDS and isinstance(before.pending, SearchDecision):
            events += [Event(EventKind.FIND, card=c) for c in action.cards]
        return events + emap.derived(events, before, after)

    def close(self) -> None:
        self._game = None


def _own_tap_cost(ability: dict[str, Any]) -> bool:
    """Whether an ability's whole cost is tapping or untapping its own permanent ({T} or {Q})."""
    return (ability.get("cost") or {}).get("type") in ("Tap", "Untap")


class PhaseInProcess:
    """The phase adapter without isolation (protocol.adapter.EngineAdapter)."""

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
        setup: list[dict[str, Any]] = []
        game, ids = load(state, setup)
        session = PhaseSession(game, ids, state)
        remember(setup, session.memo)
        return session
