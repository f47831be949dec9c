"""The phase.rs adapter, in process: :class:`engines.phase.PhaseEngine` serves it from a worker
process, since phase is native code and a panic or abort in it must cost one verdict, not the run.
"""

from importlib.metadata import version
from typing import Any

from engines.kit.by_play import RouteGaps, play, route
from engines.kit.naming import same_meaning
from engines.kit.session import CachedSession
from engines.kit.trial import Candidate, accepted
from protocol.adapter import ActionRefused, EngineError, Gap, Session, Support
from protocol.decisions import AssignCombatDamage, MayCast, SearchDecision
from protocol.mechanics import Mechanic, UnknownMechanic, mechanic
from protocol.model import Action, ActionKind, Event, EventKind, GameState

from . import actions as amap
from .divisions import offered as divisions_offered
from .events import translate
from .export import export
from .load import as_text, castable, check_loadable, engine_for, new_game, place, settled
from .names import Ids
from .prompts import SearchMemo, pending_of, remember

PHASE = f"phase {version('phase-python')}"
#: The ``requires`` strings phase implements, as far as this adapter maps them (menace: phase's
#: block validation has it; mana abilities: tried on a copy; searches: prompts.py; exile: grants.py).
M = Mechanic
SUPPORTED: frozenset[str] = frozenset(
    {
        *(M.NINJUTSU, M.FIRST_STRIKE, M.DOUBLE_STRIKE, M.ATTACK_TRIGGER, M.COMBAT_DAMAGE_TRIGGER, M.MENACE),
        *(M.MANA_ABILITY, M.PLANESWALKER, M.BATTLE, M.SUMMONING_SICKNESS, M.STACK, M.PRIORITY, M.TAP_ABILITY),
        *(M.UNTAP_SYMBOL, M.CASTING, M.CASTING_PERMANENTS, M.X_ETB, M.CAST_TRIGGER, M.COUNTERSPELL, M.SNEAK),
        *(M.TOKENS, M.PLAY_FROM_EXILE, M.SEARCH, M.SEARCH_RESTRICTION, M.REBOUND, M.LAND_PLAY, M.CLASS),
        M.LEAVES_TRIGGER,
        # Commander ninjutsu: the state's command-zone cards are the commanders of a Commander game.
        M.COMMANDER_NINJUTSU,
        # "Tapped for mana" triggers (mana abilities, 106.12a), "twice as much" replacements and
        # "could produce" (106.7: phase's ChooseManaColor prompt, answered from the action).
        *(M.MANA_TRIGGERS, M.MANA_REPLACEMENT, M.COULD_PRODUCE),
        # The evergreen keywords phase reads from oracle text and applies in its own combat rules.
        *(M.FLYING, M.REACH, M.VIGILANCE, M.DEFENDER, M.HASTE, M.LIFELINK, M.INDESTRUCTIBLE, M.DEATHTOUCH),
        # Trample: phase asks AssignCombatDamage with its blockers' lethal damage (prompts.py).
        M.TRAMPLE,
        # A creature that can block an additional creature (509.1a): phase parses the line as its
        # ExtraBlockers static and takes a declaration with the creature blocking two attackers;
        # the loaded blocks are phase's blocker_to_attacker lists (load.py, export.py).
        M.BLOCK_ADDITIONAL,
    }
)
#: Requirements known not to work: whose gap (``Gap``) and why.
NOT_SUPPORTED: dict[str, tuple[Gap, str]] = {
    M.LIBRARY_NINJUTSU: (
        Gap.ENGINE,
        f"{PHASE} has no library ninjutsu: its card parser leaves 'Library ninjutsu {{1}}{{U}}' an "
        "Unimplemented ability, its ninjutsu-family costs are only Ninjutsu, CommanderNinjutsu and Sneak, and its one "
        "ninjutsu action (ActivateNinjutsu) refuses a card in the library: 'Ninjutsu-family card not in hand or command zone'",
    ),
    M.LOOK: (
        Gap.ADAPTER,
        "the phase adapter does not map phase's look-and-order prompt (only library ninjutsu, which phase lacks, uses it)",
    ),
    M.MILL: (
        Gap.ADAPTER,
        "the phase adapter does not map mill as a mana-ability cost in a search (only library ninjutsu, which phase "
        "lacks, uses it)",
    ),
}
#: Whose gap a state phase cannot be brought to by play is (engines.kit.by_play): a state the
#: route is not planned for, or a cast of the route (free, with flash, through the prompts the
#: adapter maps), is the adapter's; phase not stopping with priority in a step both players passed
#: into (it has no first-strike damage step with priority, and no declare attackers step when no
#: creature can attack: deviation 4 and differential row 3 of docs/engines/phase.md), or not in a
#: spell's search (it asks no choice when nothing can be found), is phase's.
ROUTE_GAPS = RouteGaps(plan=Gap.ADAPTER, begin=Gap.ENGINE, cast=Gap.ADAPTER, settle=Gap.ENGINE, resolve=Gap.ENGINE)
#: OrderTriggers prompts answered after one action at most (a bound: each answer puts triggers on the stack).
MAX_TRIGGER_PROMPTS = 16
#: The model's fields phase keeps no record of that the adapter could read (exported empty).
CANNOT_SHOW = frozenset({"protector", "revealed", "triggered", "choices", "characteristics"})

#: Derived from the states: what phase leaves unreported (its own events cover the rest).
DERIVED = frozenset({EventKind.ZONE_CHANGE, EventKind.TAP, EventKind.UNTAP, EventKind.ENTER_ATTACKING, EventKind.LIFE})


def _siege_cast_offer(waiting: dict[str, Any]) -> bool:
    """Whether phase asks whether to cast a defeated Siege transformed (310.12b)."""
    if waiting.get("type") != "OptionalEffectChoice":
        return False
    return "310.12b" in str((waiting.get("data") or {}).get("description", ""))


class PhaseSession(CachedSession):
    """One phase Game behind the Session protocol. phase's state is read once per game version
    (``state()`` is ~100 KB of JSON): the raw state, its JSON text for copies, the model export
    and the legal actions are kept until the next ``apply``."""

    derive = DERIVED

    def __init__(self, game: Any, ids: Ids, start: GameState, memo: SearchMemo):
        super().__init__()
        self._game, self._ids, self._start, self.memo = game, ids, start, memo
        self._text: str | None = None

    def changed(self) -> None:
        super().changed()
        self._text = None

    def load(self, envelope: dict[str, Any]) -> None:
        """Go on from phase state ``envelope`` (a game being built, edited)."""
        self._game = engine_for(self._start).load_game(envelope)
        self.changed()

    def read_native(self) -> dict[str, Any]:
        return self._game.state()

    def _raw(self) -> dict[str, Any]:
        return self.native()["state"]

    def _copy(self) -> Any:
        """A throwaway game in the current state, to try an action on (one text for all copies)."""
        if self._text is None:
            self._text = as_text(self.native())
        return engine_for(self._start).load_game(self._text)

    def actor(self) -> int | None:
        """The player phase waits for (also at a prompt the model does not map)."""
        player = ((self._game.waiting_for() or {}).get("data") or {}).get("player")
        return int(player) if player is not None else None

    def read_state(self) -> GameState:
        ps = self._raw()  # a state phase cannot have made fails here: the probe's engine error
        return export(ps, self._start, self._ids, pending_of(ps, self._ids, self.memo))

    def read_legal(self) -> list[Action]:
        actor, objects, pending = self.actor(), self._raw()["objects"], self.state().pending
        if actor is None:
            return []
        out: list[Action] = []
        for native in self._game.actions():
            action = amap.to_model(native.kind, native.data, actor, self._ids, objects, pending)
            if action is not None and action not in out:
                out.append(action)
        waiting = (self._raw().get("waiting_for") or {}).get("type")
        if waiting == "Priority":
            out += [a for a in self._mana_abilities(actor, objects) if a not in out]
        if waiting == "OptionalEffectChoice" and isinstance(pending, MayCast):
            out += [a for a in self._may_casts(actor, pending) if a not in out]
        if waiting == "AssignCombatDamage" and isinstance(pending, AssignCombatDamage):
            accepts = lambda a: self._accepts(a, actor, pending)  # noqa: E731
            out += [a for a in divisions_offered(pending, accepts) if a not in out]
        return out

    def _may_casts(self, actor: int, pending: MayCast) -> list[Action]:
        """The casts rebound's offer allows (accepting tried on a copy: one per target phase then
        asks for, none if accepting casts nothing). A game phase cannot copy (a delayed trigger
        phase set up itself has no install root phase can load back) offers accepting as a cast
        without targets, which phase judges as it is applied."""
        copy = self._try_copy()
        if copy is None:
            return [Action(ActionKind.CAST, actor, source=card) for card in pending.cards]
        out: list[Action] = []
        for i, card in enumerate(pending.cards):
            oid = self._ids.engine(card)
            if oid is not None:  # each card tried on a copy of its own (accepting changes the copy)
                out += amap.may_casts(copy if i == 0 else self._copy(), actor, card, oid, self._ids)
        return out

    def _try_copy(self) -> Any | None:
        try:
            return self._copy()
        except ValueError:
            return None

    def _accepts(self, action: Action, actor: int, pending: AssignCombatDamage) -> bool:
        """Whether phase takes the division ``action`` (tried on a copy of the game): phase lists
        one division only and judges any (divisions.py)."""
        import phase

        try:
            answer = amap.damage_answer(action, pending, self._ids)
            self._copy().apply(actor, phase.GameAction.from_dict(answer))
        except (ActionRefused, ValueError):
            return False
        return True

    def _mana_abilities(self, actor: int, objects: dict[str, Any]) -> list[Action]:
        """The mana abilities phase lets ``actor`` activate now: phase lists none (it pays costs
        itself), so each is tried on a copy, and phase judges it. One whose whole cost is tapping
        (or untapping) its own permanent looks at that permanent only."""
        import phase

        candidates = [
            Candidate((int(oid), i), frozenset({int(oid)}) if _own_tap_cost(obj["abilities"][i]) else None)
            for oid in self._raw().get("battlefield", [])
            for obj in [objects.get(str(oid)) or {}]
            for i in amap.mana_ability_indexes(obj)
        ]

        options: dict[tuple[int, int], list[str]] = {}

        def attempt(game: Any, move: tuple[int, int]) -> frozenset[int] | None:
            native = {"type": "ActivateAbility", "data": {"source_id": move[0], "ability_index": move[1]}}
            try:
                events = game.apply(actor, phase.GameAction.from_dict(native)).events
            except ValueError as exc:
                raise ActionRefused(str(exc)) from None
            waiting = game.waiting_for() or {}
            if waiting.get("type") == "ChooseManaColor":  # one action per type phase offers (106.7)
                options[move] = amap.mana_options(list(game.actions()))
                return None
            if amap.choice_mana(objects[str(move[0])]["abilities"][move[1]]):  # phase chose the one type itself
                options[move] = amap.produced_by_ability(events)
            own = _own_tap_cost(objects[str(move[0])]["abilities"][move[1]])
            return frozenset({move[0]}) if own and waiting.get("type") == "Priority" else None

        found = accepted(candidates, self._copy, attempt)
        out: list[Action] = []
        for o, i in found:
            source, name = self._ids.card(o), amap.ability_name(objects[str(o)], i)
            choices: list[tuple[tuple[str, str], ...]] = [(("produce", c),) for c in options.get((o, i), [])] or [()]
            out += [Action(ActionKind.ACTIVATE, actor, source, name, costs=costs) for costs in choices]
        return out

    def _natives(self, action: Action, actor: int) -> list[Any]:
        """The phase actions that carry out ``action`` (several for a cast with prompts)."""
        import phase

        ps, pending = self._raw(), self.state().pending
        objects, waiting = ps["objects"], (ps.get("waiting_for") or {}).get("type")
        if action.kind is ActionKind.CAST and waiting == "Priority":
            oid, returned = self._ids.engine(str(action.source)), action.cost("return")
            if oid is None or str(oid) not in objects:
                raise ActionRefused(f"{action.source} is not an object of this game")
            returned_oid = self._ids.engine(returned) if returned is not None else None
            chain = amap.plan_cast(self._copy(), actor, action, oid, returned_oid, self._ids)
            return [phase.GameAction.from_dict(step) for step in chain]
        if action.kind is ActionKind.CAST and waiting == "OptionalEffectChoice" and isinstance(pending, MayCast):
            oid = self._ids.engine(str(action.source))
            if action.source not in pending.cards or oid is None:
                raise ActionRefused(f"{action.source} is not a card player {actor} may cast now")
            copy = self._try_copy()
            if copy is None:  # see _may_casts: phase judges the accepting as it is applied
                if action.targets:
                    raise ActionRefused(f"the adapter cannot try {action} on a copy of this phase game")
                return [phase.GameAction.from_dict(amap.ACCEPT)]
            chain = amap.plan_may_cast(copy, actor, action, oid, self._ids)
            return [phase.GameAction.from_dict(step) for step in chain]
        shape = amap.to_phase(action, self._ids, objects, waiting, pending)
        if shape is not None and shape["type"] == "ActivateAbility":
            return [phase.GameAction.from_dict(step) for step in self._mana_chain(shape, action, actor)]
        if shape is not None:
            return [phase.GameAction.from_dict(shape)]
        for native in self._game.actions():
            offered = amap.to_model(native.kind, native.data, actor, self._ids, objects, pending)
            if offered is not None and same_meaning(offered, action):
                return [native]
        raise ActionRefused(f"phase does not offer {action}")

    def _mana_chain(self, shape: dict[str, Any], action: Action, actor: int) -> list[dict[str, Any]]:
        """A mana ability's activation, and the answer to phase's ``ChooseManaColor`` prompt when
        it asks one (tried on a copy: the answer is one of the options phase offers)."""
        import phase

        data = shape["data"]
        ability = self._raw()["objects"][str(data["source_id"])]["abilities"][data["ability_index"]]
        produced = (ability.get("effect") or {}).get("produced") or {}
        if produced.get("type") in ("Fixed", "Colorless"):
            return [shape]  # phase asks nothing
        copy = self._copy()
        try:
            events = copy.apply(actor, phase.GameAction.from_dict(shape)).events
        except ValueError as exc:
            raise ActionRefused(f"phase refused {action}: {exc}") from None
        waiting, wanted = copy.waiting_for() or {}, action.cost("produce")
        if waiting.get("type") != "ChooseManaColor":  # phase chose no type to ask for: none or one
            chose = amap.produced_by_ability(events)
            if wanted is not None and wanted not in chose:
                raise ActionRefused(f"phase asks no type of mana for {action} and makes {chose or 'none'}")
            return [shape]
        return [shape, amap.mana_choice(waiting, list(copy.actions()), action)]

    def perform(self, action: Action) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Apply the phase actions of ``action``: the raw state before, and phase's events."""
        natives, before, raw = self._natives(action, action.player), self._raw(), list[dict[str, Any]]()
        for i, native in enumerate(natives):
            try:
                raw += self._game.apply(action.player, native).events
            except ValueError as exc:  # phase's answer to an illegal action
                self.changed()  # phase may have changed its state even so (a new object id)
                if i:
                    raise EngineError(f"phase refused step {i + 1} of {action} it accepted on a copy: {exc}") from None
                raise ActionRefused(f"phase refused {action}: {exc}") from None
        raw += self._order_triggers(action.player)
        remember(raw, self.memo)
        return before, raw

    def _order_triggers(self, player: int) -> list[dict[str, Any]]:
        """Answer phase's ``OrderTriggers`` prompts in the order phase lists the triggers (the
        order they triggered in), as the reference engine does: 603.3b lets the player choose,
        and the model has no decision for it, so no invariant can ask for another order."""
        import phase

        events: list[dict[str, Any]] = []
        for _ in range(MAX_TRIGGER_PROMPTS):
            waiting = self._game.waiting_for() or {}
            data = waiting.get("data") or {}
            if _siege_cast_offer(waiting):
                # 310.12b: "you may cast it transformed": the harness's battles have no back
                # face, so there is nothing to cast; declined, as the reference engine leaves it.
                decline = {"type": "DecideOptionalEffect", "data": {"accept": False}}
                try:
                    events += self._game.apply(
                        int(data.get("player", player)), phase.GameAction.from_dict(decline)
                    ).events
                except ValueError as exc:
                    raise EngineError(f"phase refused declining a Siege's cast: {exc}") from None
                self.changed()
                continue
            if waiting.get("type") != "OrderTriggers":
                break
            order = {"type": "OrderTriggers", "data": {"order": list(range(len(data.get("triggers") or [])))}}
            stacked = {int(item["id"]) for item in self._game.state()["state"].get("stack", [])}
            try:
                events += self._game.apply(int(data.get("player", player)), phase.GameAction.from_dict(order)).events
            except ValueError as exc:
                raise EngineError(f"phase refused the order of its own triggers: {exc}") from None
            self.changed()
            # phase puts the ordered triggers on its stack without a StackPushed event: one each
            pushed = [int(item["id"]) for item in self._raw().get("stack", []) if int(item["id"]) not in stacked]
            events += [
                {"type": "StackPushed", "data": {"object_id": oid}} for oid in pushed if not _reported(events, oid)
            ]
        return events

    def report(self, action: Action, before: GameState, performed: Any) -> list[Event]:
        events = translate(performed[1], performed[0], self._raw(), self._ids)
        chosen = action.kind is ActionKind.CHOOSE_CARDS and isinstance(before.pending, SearchDecision)
        return events + [Event(EventKind.FIND, card=c) for c in action.cards if chosen]


def _reported(events: list[dict[str, Any]], oid: int) -> bool:
    return any(e.get("type") == "StackPushed" and (e.get("data") or {}).get("object_id") == oid for e in events)


def _own_tap_cost(ability: dict[str, Any]) -> bool:
    """Whether an ability's whole cost is tapping or untapping its own permanent ({T} or {Q})."""
    return (ability.get("cost") or {}).get("type") in ("Tap", "Untap")


def not_mapped(requirement: str) -> str:
    """Why a requirement the adapter neither maps nor knows phase to lack is refused: the
    adapter's gap, named with the registry's description (a new mechanic needs no entry here to
    be refused honestly; mapping it is the adapter's next step)."""
    try:
        known = mechanic(requirement)
    except UnknownMechanic:
        return f"the phase adapter does not know the requirement {requirement!r}"
    return f"the phase adapter does not map {known.value} ({known.description}, {known.cr}) yet"


class PhaseInProcess:
    """The phase adapter without isolation (protocol.adapter.EngineAdapter)."""

    name = "phase"
    cannot_show = CANNOT_SHOW

    def __init__(self) -> None:
        self.version = version("phase-python")

    def supports(self, requires: frozenset[str]) -> Support:
        """Yes for what the adapter maps; else no, each reason with whose gap it is (the adapter's
        unless phase is known to lack the mechanic); the whole answer's gap when all agree."""
        missing = [NOT_SUPPORTED.get(r) or (Gap.ADAPTER, not_mapped(r)) for r in sorted(requires) if r not in SUPPORTED]
        if not missing:
            return Support.yes()
        gaps = {gap for gap, _why in missing}
        return Support.no("; ".join(why for _gap, why in missing), gaps.pop() if len(gaps) == 1 else None)

    def start(self, state: GameState) -> PhaseSession:
        """A session in ``state``: placed where phase loads it, the rest reached by play (the
        kit's route); StateUnsupported when phase cannot be brought there."""
        check_loadable(state)
        way = route(state, settle_by_play=False, gaps=ROUTE_GAPS)
        envelope, ids = new_game(way.base)
        check_loadable(way.base)
        place(way.base, envelope["state"], ids)
        saved = castable(envelope["state"], way.casts, ids)
        session = PhaseSession(engine_for(state).load_game(as_text(envelope)), ids, state, SearchMemo())
        for stage in way.stages:
            play(session, stage, ROUTE_GAPS)
            if stage.kind == "cast":
                session.load(settled(session._game.state(), state, saved, way.casts[-1].controller))
        return session

    def start_recording(self, state: GameState) -> Session:
        """A session like :meth:`start`'s that records what phase is given and writes it as a
        standalone script (protocol.adapter.Reproducible; :mod:`.reproduce`)."""
        from .reproduce import recording  # it imports this module

        return recording(self.start(state), state)
