"""The python-mtg adapter, in process: :data:`engines.pymtg.PyMtgEngine` serves it from a worker
process (python-mtg's native Datalog engine is one global instance, not thread-safe).

python-mtg advances a game by steps (``mtg.engine.env._advance_one``): a step's turn-based action
happens as the game *leaves* it (attackers are declared leaving ``declare_attackers``, combat
damage is dealt leaving ``combat_damage``), and it has no priority (no player may act between
steps outside its main phases). The adapter keeps the model's position beside the engine's state:

- engine at ``declare_attackers``: the model's declare attackers step, the declaration pending;
- engine at ``declare_blockers``: the model's declare attackers step after the declaration
  (priority), then its declare blockers step with the declaration pending;
- engine at ``combat_damage``: the model's declare blockers step after the declaration;
- engine at ``end_of_combat``: the model's combat damage step (after damage), then its end of
  combat step;
- engine at ``precombat_main`` after its draw step: the model's draw step after the draw (504.1),
  then its precombat main phase; any other step is the model's step of the same name.

A priority round is emulated: in each step but untap and cleanup (502.4, 514.3) the active
player, then the other, may only pass (the adapter maps no spell or ability), and when both have
passed in a row the step ends; with no attackers declared, the declare blockers and combat damage
steps are skipped (508.8). What
the engine reports of an action is what it computes: its ``player_damage`` of the step (each
attacker's share asked of the engine alone with its own blocks), and the zones, life and taps of
the states before and after (:mod:`engines.kit.diff`). It reports no damage dealt to creatures
and keeps no damage marked on them, so an invariant reading either is refused (see ``NOT_SUPPORTED``).
"""

from __future__ import annotations

from dataclasses import replace
from importlib.metadata import version
from typing import Any

from engines.kit.diff import DERIVABLE
from engines.kit.session import CachedSession
from protocol.actions import Action, ActionKind, AttackTarget, pass_priority
from protocol.adapter import ActionRefused, Deviation, Gap, Session, StateUnsupported, Support
from protocol.decisions import Decision, DeclareAttackers, DeclareBlockers
from protocol.mechanics import Mechanic, UnknownMechanic, mechanic
from protocol.model import Event, EventKind, GameState, Permanent, PlayerState, Step

from .cards import engine_facts, vetted
from .load import PLAYERS, Position, build, position, relation, single
from .reproduce import Tape, script

PYMTG = f"python-mtg {version('python-mtg')}"
M = Mechanic
#: What the adapter maps and python-mtg does, each seen driven by hand (tests/test_pymtg_adapter.py).
SUPPORTED: frozenset[str] = frozenset(
    {
        M.PRIORITY,
        M.SUMMONING_SICKNESS,
        M.HASTE,
        M.DEFENDER,
        M.VIGILANCE,
        M.FLYING,
        M.REACH,
        M.MENACE,
        M.LIFELINK,
    }
)
#: Known not to work, with the reason (whose gap it is).
NOT_SUPPORTED: dict[str, tuple[Gap, str]] = {
    M.FIRST_STRIKE: (
        Gap.ENGINE,
        f"{PYMTG} has no first-strike combat damage step: its combat damage step deals all combat "
        "damage at once, first strike or not (a 2/2 with first strike blocked by a 2/2: both die)",
    ),
    M.DOUBLE_STRIKE: (
        Gap.ENGINE,
        f"{PYMTG} has no first-strike combat damage step, so no second hit for double strike",
    ),
    M.TRAMPLE: (
        Gap.ENGINE,
        f"{PYMTG} leaves trample inert in combat: a blocked 6/6 with trample blocked by a 2/2 deals "
        "nothing to the player, and no damage assignment is ever asked for",
    ),
    M.DEATHTOUCH: (
        Gap.ADAPTER,
        f"the python-mtg adapter cannot show deathtouch's checks: {PYMTG} reports no combat damage "
        "dealt to creatures (only each player's damage total and the creatures that died)",
    ),
    M.INDESTRUCTIBLE: (
        Gap.ADAPTER,
        f"the python-mtg adapter cannot show indestructible's checks: {PYMTG} reports no combat "
        "damage dealt to creatures and keeps none marked on them",
    ),
    M.NINJUTSU: (
        Gap.ENGINE,
        f"{PYMTG} has no ninjutsu: it names the keyword in its ontology only, and with an unblocked "
        "attacker, a Ninja in hand and the mana to pay it offers nothing but to pass after blockers",
    ),
    M.LIBRARY_NINJUTSU: (
        Gap.ENGINE,
        f"{PYMTG} has no ninjutsu of any kind (library ninjutsu included)",
    ),
    M.COMMANDER_NINJUTSU: (
        Gap.ENGINE,
        f"{PYMTG} has no ninjutsu of any kind (commander ninjutsu included)",
    ),
    M.SNEAK: (
        Gap.ENGINE,
        f"{PYMTG} has no sneak: it offers nothing but to pass in the declare blockers step",
    ),
    M.STACK: (
        Gap.ENGINE,
        f"{PYMTG} has no stack to respond to: a spell or ability resolves in the same move that casts or "
        "activates it, and outside its main phases the only move is to pass",
    ),
    M.COUNTERSPELL: (
        Gap.ENGINE,
        f"{PYMTG} has no stack to respond to, so no spell can be countered while it waits",
    ),
    M.BLOCK_ADDITIONAL: (
        Gap.ENGINE,
        f"{PYMTG} has no 'can block an additional creature' in its block declarations",
    ),
    M.PLANESWALKER: (
        Gap.ADAPTER,
        "the python-mtg adapter does not map attacks on planeswalkers",
    ),
    M.BATTLE: (
        Gap.ADAPTER,
        "the python-mtg adapter does not map battles",
    ),
}
#: The model's fields python-mtg keeps no record of (exported empty).
CANNOT_SHOW = frozenset(
    {"damage", "counters", "revealed", "triggered", "first_strikers", "delayed", "permissions", "protector", "choices"}
    | {"searched_library", "characteristics"}
)

#: The engine's step names, in order, and the model step of each outside combat.
STEPS: tuple[str, ...] = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers")
STEPS += ("declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
SAME = {s: Step(s.replace("_", "-")) for s in STEPS if s not in ("declare_attackers", "declare_blockers")}
#: The engine's steps in which no player gets priority (502.4, 514.3).
NO_PRIORITY = frozenset({"untap", "cleanup"})
#: Kinds of events the kit derives from the states (damage is reported: see the module).
DERIVED = DERIVABLE - {EventKind.DAMAGE, EventKind.COUNTER}


class PyMtgSession(CachedSession):
    """One python-mtg game (its state dict) behind the Session protocol."""

    derive = DERIVED

    def __init__(self, state: dict[str, Any], start: GameState, ids: dict[str, str], at: Position):
        super().__init__()
        self.s, self._start, self.at = state, start, at
        self.to_engine, self.to_card = ids, {v: k for k, v in ids.items()}
        #: The record of the engine steps taken (a recording session's only: :class:`PyMtgRecording`).
        self.tape: Tape | None = None

    def _refused(self, forced: dict[str, Any]) -> None:
        if self.tape is not None:
            self.tape.step(forced, refused=True)

    # -- reading -------------------------------------------------------------------------------

    def active(self) -> int:
        return PLAYERS.index(single(self.s["active_player"]))

    def engine_step(self) -> str:
        return str(single(self.s["current_step"]))

    def read_state(self) -> GameState:
        s, card = self.s, self.to_card
        owner = {card[i]: PLAYERS.index(p) for (p, i) in s.get("printed_control", ()) if i in card}
        life = {PLAYERS.index(p): int(n) for (p, n) in s["life"]}

        def zone(rows: Any, seat: int) -> tuple[str, ...]:
            return tuple(sorted(card[i] for (i,) in rows if i in card and owner.get(card[i]) == seat))

        players = []
        for seat, name in enumerate(PLAYERS):
            library = tuple(card[i] for i in s.get("_lib_order", {}).get(name, []) if i in card)
            players.append(
                PlayerState(
                    seat,
                    life[seat],
                    hand=tuple(sorted(card[i] for (p, i) in s.get("in_hand", ()) if p == name and i in card)),
                    library=library,
                    graveyard=zone(s.get("graveyard", ()), seat),
                    exile=zone(s.get("exile", ()), seat),
                    land_plays_left=self._start.players[seat].land_plays_left,
                )
            )
        attacks = {card[a]: d for (a, d) in s.get("attacks", ()) if a in card}
        blocks = [(card[b], card[a]) for (b, a) in s.get("blocks", ()) if b in card and a in card]
        after_blocks = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
        declared = self.at.step in after_blocks and self.at.waiting != "blockers"
        tapped, sick = {card[i] for (i,) in s.get("tapped", ()) if i in card}, {card[i] for (i,) in s.get("_sick", ())}
        battlefield = []
        present = {card[i] for (i,) in s.get("on_battlefield", ()) if i in card}
        for i in sorted(present):
            target = attacks.get(i)
            battlefield.append(
                Permanent(
                    i,
                    owner[i],
                    tapped=i in tapped,
                    summoning_sick=i in sick,
                    attacking=AttackTarget.of_player(PLAYERS.index(target)) if target is not None else None,
                    blocked=(any(a == i for _, a in blocks) if declared else None) if target is not None else None,
                    # python-mtg keeps a block after its attacker left the battlefield; that
                    # attacker is a new object, blocked by nothing (506.4, 400.7)
                    blocking=tuple(sorted(a for b, a in blocks if b == i and a in present)),
                )
            )
        pending: Decision | None = None
        if self.at.waiting == "attackers":
            pending = DeclareAttackers(self.at.holder)
        elif self.at.waiting == "blockers":
            pending = DeclareBlockers(self.at.holder)
        over = bool(s.get("_loser"))
        return replace(
            self._start,
            players=(players[0], players[1]),
            battlefield=tuple(battlefield),
            stack=(),
            turn=self._start.turn + int(s.get("_turn", 0)),
            active_player=self.active(),
            step=self.at.step,
            priority=None if over or pending is not None else self.at.holder,
            priority_passes=self.at.passes,
            pending=pending,
            first_strikers=(),
        )

    def read_legal(self) -> list[Action]:
        if self.s.get("_loser"):
            return []
        from mtg.engine import env

        if self.at.waiting == "attackers":
            defender = 1 - self.active()
            return [
                Action(
                    ActionKind.DECLARE_ATTACKERS,
                    self.at.holder,
                    attacks=tuple(sorted((self.to_card[a], AttackTarget.of_player(defender)) for a in option)),
                )
                for option in env._attack_options(self.s, PLAYERS[self.active()])
            ]
        if self.at.waiting == "blockers":
            return [
                Action(
                    ActionKind.DECLARE_BLOCKERS,
                    self.at.holder,
                    blocks=tuple(sorted((self.to_card[b], self.to_card[a]) for b, a in option)),
                )
                for option in env._block_options(self.s, PLAYERS[1 - self.active()])
            ]
        return [pass_priority(self.at.holder)]

    def actor(self) -> int | None:
        return None if self.s.get("_loser") else self.at.holder

    # -- acting --------------------------------------------------------------------------------

    def perform(self, action: Action) -> list[Event]:
        if action.kind is ActionKind.PASS_PRIORITY and self.at.waiting == "priority":
            self.at.passes += 1
            self.at.holder = 1 - self.at.holder
            return self._end_step() if self.at.passes == 2 else []
        if action.kind is ActionKind.DECLARE_ATTACKERS and self.at.waiting == "attackers":
            return self._declare_attackers(action)
        if action.kind is ActionKind.DECLARE_BLOCKERS and self.at.waiting == "blockers":
            return self._declare_blockers(action)
        raise ActionRefused(f"python-mtg waits for {self.at.waiting}, not for {action}")

    def _engine_ids(self, ids: Any) -> frozenset[str]:
        cards = list(ids)
        missing = [c for c in cards if c not in self.to_engine]
        if missing:
            raise ActionRefused(f"{', '.join(missing)} are no objects of this game")
        return frozenset(self.to_engine[c] for c in cards)

    def _declare_attackers(self, action: Action) -> list[Event]:
        from mtg.engine import env

        defender = 1 - self.active()
        if any(t != AttackTarget.of_player(defender) for _, t in action.attacks):
            raise ActionRefused("python-mtg attacks only the defending player")
        chosen = self._engine_ids(a for a, _ in action.attacks)
        options = env._attack_options(self.s, PLAYERS[self.active()])
        if chosen not in options:
            self._refused({"attackers": chosen})
            raise ActionRefused(
                f"python-mtg does not offer the attack {sorted(chosen)} (it offers {len(options)} sets)"
            )
        self._advance({"attackers": chosen})
        self._settle(Step.DECLARE_ATTACKERS)
        return []

    def _declare_blockers(self, action: Action) -> list[Event]:
        from mtg import driver
        from mtg.engine import env

        known = [(b, a) for b, a in action.blocks if b in self.to_engine and a in self.to_engine]
        if len(known) != len(action.blocks):
            raise ActionRefused("a blocker or attacker is no object of this game")
        chosen = frozenset((self.to_engine[b], self.to_engine[a]) for b, a in known)
        defender = PLAYERS[1 - self.active()]
        # The engine's own tests (env._legal_block_pairs, pair by pair, and the engine's
        # declare_blockers): its untapped creatures that may block, the whole declaration's illegal
        # blocks (so menace is judged on the set), and its block requirements.
        pairs = env._legal_block_pairs(self.s, defender)
        detained = {c for (c,) in relation(self.s, "detained")}
        unable = self.s.get("tapped", set()) | self.s.get("_cant_block", set())
        able = {c for c in driver._creatures_of(self.s, defender) if (c,) not in unable and c not in detained}
        illegal = {(b, a) for (b, a) in relation(dict(self.s, blocks=set(chosen)), "illegal_block")}
        attackers = {a for (a, _d) in self.s.get("attacks", ())}
        if (
            any(b not in able or a not in attackers for b, a in chosen)
            or illegal & set(chosen)
            or not env._required_blocks_ok(self.s, defender, chosen, pairs)
        ):
            self._refused({"blocks": chosen})
            raise ActionRefused(f"python-mtg refuses the blocks {sorted(chosen)}")
        self._advance({"blocks": chosen})
        self._settle(Step.DECLARE_BLOCKERS)
        return []

    def _end_step(self) -> list[Event]:
        """Both passed in a row: the step ends (see the module for where each leads)."""
        step, engine = self.at.step, self.engine_step()
        if step is Step.DECLARE_ATTACKERS and engine == "declare_blockers":
            if not self.s.get("attacks"):
                # 508.8: with no attackers, the declare blockers and combat damage steps are
                # skipped; python-mtg goes through them (nobody acts in them), the model does not.
                while self.engine_step() in ("declare_blockers", "combat_damage"):
                    self._advance(None)
                self._settle(None)
                return []
            self.at = Position(Step.DECLARE_BLOCKERS, "blockers", 1 - self.active())
            return []
        if step is Step.COMBAT_DAMAGE and engine == "end_of_combat":
            self.at = Position(Step.END_OF_COMBAT, "priority", self.active())
            return []
        if step is Step.DRAW and engine != "draw":  # the draw was made as the step began (504.1)
            self.at = Position(Step.PRECOMBAT_MAIN, "priority", self.active())
            return []
        events = self._combat_damage() if engine == "combat_damage" else []
        self._advance(None)
        self._settle(None)
        return events

    def _advance(self, forced: dict[str, Any] | None) -> None:
        """One engine step, with the declaration ``forced`` (if any) as its choice."""
        from mtg import driver
        from mtg.engine import env

        if self.tape is not None:
            self.tape.step(forced)
        s = driver.clone_state(self.s)
        s["_forced"] = dict(forced or {})
        try:
            env._advance_one(s)
        finally:
            s["_forced"] = {}
        self.s = s

    def _settle(self, declared: Step | None) -> None:
        """The model position after an engine step (``declared``: the step whose declaration was
        just made; its priority round follows)."""
        engine, active = self.engine_step(), self.active()
        if declared is not None and engine == {Step.DECLARE_ATTACKERS: "declare_blockers"}.get(
            declared, "combat_damage"
        ):
            self.at = Position(declared, "priority", active)
        elif engine == "declare_attackers":
            self.at = Position(Step.DECLARE_ATTACKERS, "attackers", active)
        elif engine == "declare_blockers":
            self.at = Position(Step.DECLARE_BLOCKERS, "blockers", 1 - active)
        elif engine == "combat_damage":
            self.at = Position(Step.DECLARE_BLOCKERS, "priority", active)
        elif engine == "end_of_combat":
            dealt = self.at.step is Step.DECLARE_BLOCKERS and declared is None
            self.at = Position(Step.COMBAT_DAMAGE if dealt else Step.END_OF_COMBAT, "priority", active)
        elif engine == "draw" and not self.s.get("_loser"):
            # 504.1: the active player draws as the draw step begins, then gets priority in it
            # (504.2); python-mtg draws as it leaves its draw step, so it is left at once, and the
            # model's draw step (its priority round) is played with the engine in its main phase.
            self._advance(None)
            self.at = Position(Step.DRAW, "priority", active)
        elif engine in NO_PRIORITY and not self.s.get("_loser"):
            # 502.4, 514.3: no player gets priority in the untap and cleanup steps (the cleanup's
            # exception, 514.3a, needs a trigger or a state-based action, which python-mtg has
            # no stack for): the engine goes on, as it does between steps.
            self._advance(None)
            self._settle(None)
        else:
            self.at = Position(SAME[engine], "priority", active)

    def _combat_damage(self) -> list[Event]:
        """The combat damage python-mtg deals to players leaving its combat damage step: each
        attacker's share is the engine's ``player_damage`` with that attacker alone in combat."""
        total = {p: int(n) for (p, n) in relation(self.s, "player_damage")}
        events, shared = [], dict.fromkeys(total, 0)
        for attacker, target in sorted(self.s.get("attacks", ())):
            alone = dict(
                self.s,
                attacks={(attacker, target)},
                blocks={(b, a) for (b, a) in self.s.get("blocks", ()) if a == attacker},
            )
            for player, n in relation(alone, "player_damage"):
                if int(n) > 0 and player in total:
                    shared[player] += int(n)
                    events.append(
                        Event(
                            EventKind.DAMAGE,
                            card=self.to_card.get(attacker),
                            target=f"player:{PLAYERS.index(player)}",
                            amount=int(n),
                        )
                    )
        for player, n in total.items():
            if n != shared[player]:  # what no attacker alone accounts for
                events.append(
                    Event(EventKind.DAMAGE, target=f"player:{PLAYERS.index(player)}", amount=n - shared[player])
                )
        return events


def not_mapped(requirement: str) -> str:
    """Why a requirement the adapter neither maps nor knows python-mtg to lack is refused."""
    try:
        known = mechanic(requirement)
    except UnknownMechanic:
        return f"the python-mtg adapter does not know the requirement {requirement!r}"
    return f"the python-mtg adapter does not map {known.value} ({known.description}, {known.cr}) yet"


class PyMtgRecording(PyMtgSession):
    """A session that records the engine steps it takes and writes them as a standalone script
    (protocol.adapter.Recording; :mod:`.reproduce`)."""

    def __init__(self, state: dict[str, Any], start: GameState, ids: dict[str, str], at: Position):
        super().__init__(state, start, ids, at)
        self.tape = Tape.of(state)

    def reproduction(self, deviation: Deviation) -> str:
        assert self.tape is not None
        return script(self.tape, deviation, {c: self._described(c) for c in sorted(self.to_engine)})

    def _described(self, card: str) -> str:
        """The harness card ``card`` as the script names it: its name, the engine's instance, and
        the power and toughness the adapter set where the real card prints others."""
        data = self._start.data_of(card)
        instance = self.to_engine[card]
        slug = next((s for (i, s) in self.s.get("instance_of", ()) if i == instance), None)
        found = vetted(data)
        real = next((r.name for r in found if r.slug == slug), None) if not isinstance(found, str) else None
        facts = engine_facts(real) if real is not None else None
        if facts is None or data.power is None or data.toughness is None:
            return f"{data.name}={instance}"
        printed, wanted = (facts["power"], facts["toughness"]), (int(data.power), int(data.toughness))
        note = f" (printed {printed[0]}/{printed[1]}, set to {wanted[0]}/{wanted[1]})" if printed != wanted else ""
        return f"{data.name}={real}#{instance}{note}"


class PyMtgInProcess:
    """The python-mtg adapter without isolation (protocol.adapter.EngineAdapter)."""

    name = "python-mtg"
    cannot_show = CANNOT_SHOW

    def __init__(self) -> None:
        self.version = version("python-mtg")

    def supports(self, requires: frozenset[str]) -> Support:
        """Yes for what the adapter maps; else no, each reason with whose gap it is (the adapter's
        unless python-mtg is known to lack the mechanic); the whole answer's gap when all agree."""
        missing = [NOT_SUPPORTED.get(r) or (Gap.ADAPTER, not_mapped(r)) for r in sorted(requires) if r not in SUPPORTED]
        if not missing:
            return Support.yes()
        gaps = {gap for gap, _why in missing}
        return Support.no("; ".join(why for _gap, why in missing), gaps.pop() if len(gaps) == 1 else None)

    def start(self, state: GameState) -> PyMtgSession:
        at = position(state)
        engine_state, ids = build(state)
        if (
            state.step is Step.DECLARE_ATTACKERS
            and at.waiting == "attackers"
            and any(p.attacking for p in state.battlefield)
        ):
            # the adapter builds no declaration half made (the engine takes a whole one, 508.1)
            raise StateUnsupported("attackers declared while the declaration is pending", Gap.ADAPTER)
        return PyMtgSession(engine_state, state, ids, at)

    def start_recording(self, state: GameState) -> Session:
        """A session like :meth:`start`'s that records (protocol.adapter.Reproducible)."""
        plain = self.start(state)
        return PyMtgRecording(plain.s, state, plain.to_engine, plain.at)
