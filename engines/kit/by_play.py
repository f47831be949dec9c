"""A mid-game state the engine cannot load, reached by play from one it can.

Engines load states at a priority prompt at best: the data of a pending prompt, a spell's cast
context, the turn-based actions of a step that begins are the engine's own to make. So the
drawn state is split (:func:`route`) into a state the adapter can load and the moves that lead
from it to the drawn one, as the rules would have them made:

- nobody has priority yet (a step begins): load the step before, with the active player holding
  priority, and both players pass; the engine itself begins the step (its turn-based actions
  and triggers), and the session starts at the step's first priority;
- spells on the stack: load them in their casters' hands, and cast them bottom first, the
  holder of priority passing to the next caster where the caster changes; then one more pass
  when the drawn state has the other player holding priority;
- a pending choice of the spell on top of the stack (a search that has begun): after the casts,
  both players pass and the engine resolves the spell into the choice.

:func:`play` makes the moves of one :class:`Stage` on the adapter's own Session (the game being
built) and checks where the engine went, raising :class:`StateUnsupported` that says who it
waited for or where it stopped instead: an engine that cannot reach the drawn state this way
has that example set aside, never judged on a state it did not reach.

Every :class:`StateUnsupported` raised here names whose gap it is (:class:`RouteGaps`, given by
the adapter using the kit, which knows its engine): a state the route cannot be planned for is
the adapter's (its way of building does not reach it), a stage the engine does not follow is
the gap the adapter names for that kind of stage.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from protocol.adapter import ActionRefused, Gap, Session, StateUnsupported
from protocol.decisions import SearchDecision
from protocol.model import Action, ActionKind, GameState, PlayerIndex, StackItem, Step, pass_priority

PRIORITY = "priority"
#: What a Position waits for when nobody is to act (or the engine waits for what the model cannot name).
NOBODY = "nobody"
#: The choices of a stack item a cast can repeat: where it was cast from (the hand) and targets.
CAST_CHOICES = frozenset({"cast-from", "targets"})


@dataclass(frozen=True)
class RouteGaps:
    """Whose gap (:class:`Gap`) each refusal of building by play is, for the adapter using the
    kit. The defaults hold for an adapter that loads priority prompts and builds the rest only
    by this route:

    - ``plan``: a state no route is planned for (an untap or cleanup step begun, a pending
      choice other than a spell's search, an ability on the stack ...): the adapter's way of
      building does not reach it, though the engine may well have the state;
    - ``begin``: the engine did not begin the step and stop in it with priority when both
      players passed (or refused a pass): the engine's, since the rules give priority in every
      step but untap and cleanup (117.3a) and a pass is always legal (117.3d);
    - ``cast``: the engine refused a cast of the route or did not end it with the spell on the
      stack: the adapter's, since its casts are its own construction (free, with flash, a prompt
      chain it maps), not a play the rules require of the engine;
    - ``settle``: the engine did not give the other player priority after one pass (117.3d);
    - ``resolve``: the engine did not stop in the spell's pending choice when both passed.
    """

    plan: Gap = Gap.ADAPTER
    begin: Gap = Gap.ENGINE
    cast: Gap = Gap.ADAPTER
    settle: Gap = Gap.ENGINE
    resolve: Gap = Gap.ENGINE

    def of(self, stage: Stage) -> Gap:
        """The gap of a refusal while ``stage`` is played."""
        gap: Gap = getattr(self, stage.kind)
        return gap


#: The gaps of an adapter that builds as the kit does and knows nothing more of its engine.
DEFAULT_GAPS = RouteGaps()


@dataclass(frozen=True)
class Position:
    """Where a game stands, as far as building by play needs: the step, who must act and on
    what (``waiting``: :data:`PRIORITY`, a pending choice's kind, or :data:`NOBODY`), and how
    many items are on the stack."""

    step: Step
    turn: int
    waiting: str
    actor: PlayerIndex | None
    stack: int

    @classmethod
    def of(cls, state: GameState) -> Position:
        waiting = (
            state.pending.kind if state.pending is not None else PRIORITY if state.priority is not None else NOBODY
        )
        return cls(state.step, state.turn, waiting, state.actor, len(state.stack))

    def __str__(self) -> str:
        who = f"P{self.actor} {self.waiting}" if self.actor is not None else "nobody to act"
        return f"turn {self.turn}, {self.step}, {who}, {self.stack} on the stack"


@dataclass(frozen=True)
class Goal:
    """Where the engine must be after a stage; a field left ``None`` may be anything."""

    step: Step | None = None
    turn: int | None = None
    waiting: str | None = PRIORITY
    actor: PlayerIndex | None = None
    stack: int | None = None

    def admits(self, at: Position) -> bool:
        wanted = (self.step, self.turn, self.waiting, self.actor, self.stack)
        found = (at.step, at.turn, at.waiting, at.actor, at.stack)
        return all(w is None or w == f for w, f in zip(wanted, found, strict=True))

    def __str__(self) -> str:
        parts = [f"{name} {value}" for name, value in vars(self).items() if value is not None]
        return ", ".join(parts) or "anywhere"


@dataclass(frozen=True)
class Move:
    """One move of a stage, and what it is for (said in an error if the engine will not)."""

    action: Action
    why: str


@dataclass(frozen=True)
class Stage:
    """Moves to make, and where they must lead. ``kind`` says which part of the route it is."""

    kind: Literal["begin", "cast", "settle", "resolve"]
    purpose: str
    moves: tuple[Move, ...]
    goal: Goal


@dataclass(frozen=True)
class Route:
    """Load ``base`` (a state the engine can load: someone holds priority, nothing pending,
    nothing on the stack unless it was there), then play ``stages`` in order. ``casts`` are
    the spells the stages cast; their cards are in their casters' hands in ``base``."""

    base: GameState
    stages: tuple[Stage, ...] = ()
    casts: tuple[StackItem, ...] = ()


def route(
    state: GameState,
    *,
    settle_by_play: bool = True,
    choices: frozenset[str] = CAST_CHOICES,
    gaps: RouteGaps = DEFAULT_GAPS,
) -> Route:
    """How to reach ``state`` by play (see the module docstring). ``settle_by_play=False``: the
    adapter sets who holds priority after the casts itself (and how many passes came), so no
    pass is planned for it. :class:`StateUnsupported` (with ``gaps.plan``) for what cannot be
    reached this way."""
    try:
        resolving = _resolving_choice(state)
        if state.stack:
            base, casts = _uncast(state, choices)
            stages = [_casting(state, casts)]
            if resolving:
                stages.append(_resolution(state))
            elif settle_by_play:
                stages += _settling(state, casts[-1].controller)
            return Route(base, tuple(stages), casts)
        if state.priority is None and state.pending is None:
            return Route(*begin_step(state, gaps))
        return Route(state)
    except StateUnsupported as exc:
        raise _with_gap(exc, gaps.plan) from None


def _with_gap(exc: StateUnsupported, gap: Gap) -> StateUnsupported:
    """``exc`` naming ``gap`` unless it names one already."""
    return exc if exc.gap is not None else StateUnsupported(str(exc), gap)


def begin_step(state: GameState, gaps: RouteGaps = DEFAULT_GAPS) -> tuple[GameState, tuple[Stage, ...]]:
    """For a state where its step begins (nobody has priority yet, nothing on the stack): the
    state in the step before, with the active player holding priority, and the passes that
    make the engine begin the step."""
    if state.stack:
        raise ValueError("begin_step: a step begins with an empty stack")
    if state.step in (Step.UNTAP, Step.CLEANUP):
        raise StateUnsupported(
            f"the {state.step} step gives nobody priority: it cannot be begun and stopped in by play", gaps.plan
        )
    before = replace(state, step=step_before(state, gaps), priority=state.active_player)
    moves = tuple(
        Move(pass_priority(seat), f"pass priority in the {before.step} step")
        for seat in (state.active_player, 1 - state.active_player)
    )
    goal = Goal(step=state.step, turn=state.turn)
    return before, (Stage("begin", f"beginning the {state.step} step", moves, goal),)


def step_before(state: GameState, gaps: RouteGaps = DEFAULT_GAPS) -> Step:
    """The step ``state.step`` follows in this turn (the first-strike damage step only when
    some creature had first or double strike as it began)."""
    order = [s for s in Step if s is not Step.FIRST_STRIKE_DAMAGE or state.first_strikers]
    index = order.index(state.step)
    if index == 0:
        raise StateUnsupported(f"no step comes before the {state.step} step in the same turn", gaps.plan)
    return order[index - 1]


def play(session: Session, stage: Stage, gaps: RouteGaps = DEFAULT_GAPS) -> None:
    """Make ``stage``'s moves on ``session`` (the game being built) and check that the engine
    went where they lead (a refusal names ``gaps.of(stage)``)."""
    gap = gaps.of(stage)
    for move in stage.moves:
        at = Position.of(session.state())
        if at.actor != move.action.player:
            raise StateUnsupported(
                f"{stage.purpose}: the engine waits for {at}, not for P{move.action.player} to {move.why}", gap
            )
        try:
            session.apply(move.action)
        except ActionRefused as exc:
            raise StateUnsupported(f"{stage.purpose}: the engine would not {move.why}: {exc}", gap) from None
    at = Position.of(session.state())
    if not stage.goal.admits(at):
        raise StateUnsupported(f"{stage.purpose}: the engine went to {at}, not to {stage.goal}", gap)


def cast_action(item: StackItem) -> Action:
    """The cast that puts ``item`` on the stack as it is (its targets from its choices)."""
    targets = tuple(t for t in (item.choice("targets") or "").split(",") if t)
    return Action(ActionKind.CAST, item.controller, source=item.source, targets=targets)


def _resolving_choice(state: GameState) -> bool:
    """Whether ``state`` waits for a choice that resolving its top spell reaches (a search that
    has begun); :class:`StateUnsupported` for any other pending choice."""
    pending = state.pending
    if pending is None:
        return False
    if not isinstance(pending, SearchDecision) or not state.stack:
        raise StateUnsupported(f"a pending {pending.kind} choice is reached by play only as a spell's search")
    if pending.search.resolving != state.stack[-1].id:
        raise StateUnsupported("a pending search is reached by play only as the resolution of the top spell")
    return True


def _uncast(state: GameState, choices: frozenset[str]) -> tuple[GameState, tuple[StackItem, ...]]:
    """The state before its spells were cast: their cards in their casters' hands, the first
    caster holding priority, no passes yet, nothing pending."""
    players = list(state.players)
    for item in state.stack:
        if item.kind != "spell":
            raise StateUnsupported(f"only spells are put on the stack by play here (a {item.kind} ability is not)")
        if state.obj(item.source).owner != item.controller:
            raise StateUnsupported(f"a stacked spell is cast only from its owner's hand ({item.source})")
        unknown = {k for k, _ in item.choices} - choices
        if unknown or item.choice("cast-from") not in (None, "hand"):
            raise StateUnsupported(f"the choices {item.choices} of {item.source} cannot be repeated by a cast")
        seat = players[item.controller]
        players[item.controller] = replace(seat, hand=seat.hand + (item.source,))
    base = replace(
        state,
        stack=(),
        pending=None,
        players=(players[0], players[1]),
        priority=state.stack[0].controller,
        priority_passes=0,
    )
    return base, state.stack


def _casting(state: GameState, casts: tuple[StackItem, ...]) -> Stage:
    moves: list[Move] = []
    holder = casts[0].controller
    for item in casts:
        if item.controller != holder:
            moves.append(Move(pass_priority(holder), f"pass priority to P{item.controller}, who casts {item.source}"))
        moves.append(Move(cast_action(item), f"cast the stacked {item.source}"))
        holder = item.controller  # a player who casts a spell receives priority (117.3c)
    goal = Goal(stack=len(casts), actor=holder)
    return Stage("cast", "casting the spells on the stack", tuple(moves), goal)


def _settling(state: GameState, holder: PlayerIndex) -> list[Stage]:
    """After the last cast its caster holds priority and nobody has passed: one pass gives the
    other player priority with one pass; no other holder and count follows a cast."""
    wanted = (state.priority, state.priority_passes)
    if wanted == (holder, 0):
        return []
    if wanted != (1 - holder, 1):
        raise StateUnsupported(
            f"P{state.priority} holding priority after {state.priority_passes} passes does not follow "
            f"P{holder}'s cast of the top spell by play"
        )
    move = Move(pass_priority(holder), f"pass priority to P{1 - holder}")
    return [Stage("settle", "passing after the last cast", (move,), Goal(actor=1 - holder, stack=len(state.stack)))]


def _resolution(state: GameState) -> Stage:
    top = state.stack[-1]
    assert state.pending is not None
    moves = tuple(
        Move(pass_priority(seat), f"pass priority with {top.source} on top of the stack")
        for seat in (top.controller, 1 - top.controller)
    )
    goal = Goal(waiting=state.pending.kind, actor=state.pending.player)
    return Stage("resolve", f"resolving {top.source} into its {state.pending.kind}", moves, goal)


__all__ = [
    "CAST_CHOICES",
    "DEFAULT_GAPS",
    "NOBODY",
    "PRIORITY",
    "Goal",
    "Move",
    "Position",
    "Route",
    "RouteGaps",
    "Stage",
    "begin_step",
    "cast_action",
    "play",
    "route",
    "step_before",
]
