"""The probe through which an invariant acts on an engine, and the scenario it acts on.

An invariant encodes one or more rulings as a property: a scenario strategy draws game states,
``check`` acts on the engine through a :class:`Probe` (which only offers the Session protocol, so
the reference engine gets no private path) and raises :class:`Violation` when the engine does
something the ruling forbids. Failures are exceptions so Hypothesis can shrink them; the probe
records every action and its events so a failure carries its own action trace.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hypothesis import assume
from hypothesis import event as hypothesis_event
from hypothesis.control import currently_in_test_context
from hypothesis.errors import InvalidArgument, UnsatisfiedAssumption

from protocol.adapter import ActionRefused, EngineError, Session
from protocol.consistency import problems
from protocol.model import Action, Event, GameState
from protocol.state_diff import differences

#: The type of a scenario's params: a frozen dataclass record defined next to the generator
#: that draws it (e.g. ``NinjutsuParams``), so checks read typed attributes.
P = TypeVar("P", covariant=True)


@dataclass(frozen=True)
class Scenario(Generic[P]):
    """A drawn game state plus what the invariant needs to know about it (which card is the
    Ninja, which attacker to return ...) as a typed record. Both encode to JSON with
    :mod:`protocol.codec`, so a counterexample can be saved and replayed."""

    state: GameState
    params: P


#: The claim counted for an invariant that declares none: its check returned without setting the
#: example aside. A stop-gap until every check names the point where its ruling is tested; it
#: cannot tell an early return from a tested claim, which is why checks should declare claims.
IMPLICIT_CLAIM = "check completed"


class UndeclaredClaim(LookupError):
    """A check claimed something its invariant does not declare: a harness bug (``error``)."""


class Violation(AssertionError):
    """The engine did what a ruling forbids (verdict ``fail``)."""

    def __init__(self, message: str, *, expected: str, observed: str):
        super().__init__(f"{message} (expected: {expected}; observed: {observed})")
        self.message = message
        self.expected = expected
        self.observed = observed


@dataclass
class TraceStep:
    """One action a Probe applied, with the events the engine answered or why it refused: the
    live record a failure's trace is made from (the results file stores it as text,
    ``reports.results.TraceRecord``)."""

    action: Action
    events: list[Event]
    refused: str | None = None


class Probe:
    """The invariant's handle on a Session: the protocol's three calls, recorded.

    Any exception from the engine other than :class:`ActionRefused` becomes an
    :class:`EngineError`, so a crash is never mistaken for a rules answer."""

    def __init__(
        self,
        session: Session,
        *,
        claims: Collection[str] | None = None,
        restart: Callable[[], Session] | None = None,
    ):
        self._session = session
        #: Starts another session of the same drawn state (given by the runner, contained like the
        #: first): what a determinism check replays a sequence on. ``None``: not available.
        self._restart = restart
        #: The sessions :meth:`replica` started, closed by the runner with the first.
        self.replicas: list[Session] = []
        self.trace: list[TraceStep] = []
        self._checked: GameState | None = None
        #: The last state the engine exported through this probe and how many trace steps had
        #: been taken then: a failure report shows it as the board after the failing action.
        self.last_state: GameState | None = None
        self.last_state_step: int = 0
        #: The state exported and checked since the last action (None: read it again).
        self._current: GameState | None = None
        #: The claims the invariant declares (``None``: not checked, for probes built by hand).
        self._declared = None if claims is None else frozenset(claims)
        #: The claims exercised in this example, in the order first reached.
        self.exercised: list[str] = []
        #: Why the example was set aside (a precondition did not hold), or ``None``.
        self.set_aside: str | None = None

    def replica(self) -> Probe:
        """A probe over a new session of the same drawn state (the runner starts it the way it
        started this one), for a check that plays the same sequence twice (determinism); it
        counts no claims of its own. ``EngineError`` when the runner gave no way to start one."""
        if self._restart is None:
            raise EngineError("harness: this probe cannot start a second session of its state")
        session = self._restart()
        self.replicas.append(session)
        return Probe(session)

    def release(self, replica: Probe) -> None:
        """Close a replica's session now, not with the example's: a check that starts one replica
        per branch keeps one open at a time. A failure to close is the replica's alone (the
        example's verdict stands, as when the runner closes it)."""
        session = replica._session
        if any(s is session for s in self.replicas):
            self.replicas[:] = [s for s in self.replicas if s is not session]
            try:
                session.close()
            except EngineError:
                pass

    def claim(self, name: str) -> None:
        """Mark that the check tests claim ``name`` in this example, at the point where the
        ruling is actually tested. The runner counts, per claim, the examples that reached it;
        a pass needs each claim reached often enough (:mod:`harness.profiles`)."""
        if self._declared is not None and name not in self._declared:
            declared = ", ".join(sorted(self._declared)) or "none"
            raise UndeclaredClaim(f"claim {name!r} is not declared by the invariant (declared: {declared})")
        if name not in self.exercised:
            self.exercised.append(name)
        try:
            hypothesis_event(f"claim: {name}")
        except InvalidArgument:  # outside a Hypothesis test (a check called by hand): nothing to note
            pass

    def precondition(self, condition: bool, why: str) -> None:
        """Set the example aside unless ``condition``: the drawn scenario is not one the claim is
        about. Counted (a result shows how many examples were set aside), then rejected, so
        Hypothesis draws another; never a pass and never a failure."""
        if not condition:
            self.set_aside = why
            if currently_in_test_context():
                assume(False)
            # A replay or minimization runs the check once, outside any search, where ``assume`` is
            # deprecated: reject the example the way assume does, without it.
            raise UnsatisfiedAssumption(why)

    def _call(self, what: str | Callable[[], str], fn: Callable[[], Any]) -> Any:
        """``fn()``; ``what`` names the call in the error (made only then: a run makes a hundred
        thousand calls, and naming each action up front cost more than some of them)."""
        try:
            return fn()
        except (ActionRefused, EngineError, Violation):
            raise
        except Exception as exc:  # the engine broke: an error verdict, not a rules answer
            name = what if isinstance(what, str) else what()
            raise EngineError(f"engine raised {type(exc).__name__} in {name}: {exc}") from exc

    def state(self) -> GameState:
        """The engine's exported state, which must be a GameState (anything else breaks the
        adapter contract: ``error``) and consistent (see :meth:`_consistent`)."""
        if self._current is not None:
            return self._current
        return self._consistent(None)

    def _consistent(self, after: TraceStep | None) -> GameState:
        """Read the state and check it: consistency is a global invariant of the protocol,
        checked after every action (accepted or refused), so a state no game can reach is a
        ``fail`` naming the action that made it, whatever the invariant looks at."""
        state = self._call("state()", self._session.state)
        if not isinstance(state, GameState):
            raise EngineError(f"adapter contract: state() returned {type(state).__name__}, not a GameState")
        if state is not self._checked and not self._unchanged(state, after):
            found = problems(state)
            if found:
                if after is None:
                    when = "the engine's state (before any action) is inconsistent"
                else:
                    verb = "refusing" if after.refused is not None else "applying"
                    when = f"after {verb} {after.action}, the engine's state is inconsistent"
                raise Violation(
                    f"global invariant (state consistency): {when}",
                    expected="a consistent game state (each object in exactly one zone, ...)",
                    observed="; ".join(found),
                )
            self._checked = state
        self._current = state
        self.last_state, self.last_state_step = state, len(self.trace)
        return state

    def _unchanged(self, state: GameState, after: TraceStep | None) -> bool:
        """Whether ``state`` equals the state checked last, looked at only after a refusal (which
        leaves the game as it was; an engine that exports a new object for it, as phase does,
        would otherwise have the same state checked again). Consistency is a property of the
        value, so an equal state needs no second check."""
        return after is not None and after.refused is not None and state == self._checked

    def confirm_stable(self) -> None:
        """Read the state once more and compare it with the last read, when no action came between
        them (at the end of an example): reading a game must not change it. An engine whose export
        moves on every read (a counter bumped, a lazily advanced step) would otherwise be judged on
        whichever read a check happened to make; a difference is the engine's broken contract."""
        if self.last_state is None or self.last_state_step != len(self.trace):
            return
        again = self._call("state()", self._session.state)
        if not isinstance(again, GameState):
            raise EngineError(f"adapter contract: state() returned {type(again).__name__}, not a GameState")
        if again != self.last_state:
            raise EngineError(
                "adapter contract: state() changed between two reads with no action between them: "
                + ("; ".join(differences(self.last_state, again)) or "equal fields, unequal states")
            )

    def legal_actions(self) -> list[Action]:
        actions = list(self._call("legal_actions()", self._session.legal_actions))
        wrong = [a for a in actions if not isinstance(a, Action)]
        if wrong:
            raise EngineError(f"adapter contract: legal_actions() listed {wrong[0]!r}, not an Action")
        return actions

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``; a refusal propagates as :class:`ActionRefused` and is recorded.

        A refusal must leave the game as it was: when the state before the action was read (it
        always is for :meth:`expect_refused`), the state after a refusal is compared with it,
        and any difference is a :class:`Violation` (an engine that passes priority, taps a land
        or moves a card and then says "refused" would otherwise pass every "is refused" check)."""
        before = self._current
        try:
            events = list(self._call(lambda: f"apply({action})", lambda: self._session.apply(action)))
            wrong = [e for e in events if not isinstance(e, Event)]
            if wrong:
                raise EngineError(f"adapter contract: apply() reported {wrong[0]!r}, not an Event")
        except ActionRefused as refusal:
            self._current = None
            self.trace.append(TraceStep(action, [], refused=str(refusal) or "refused"))
            after = self._consistent(self.trace[-1])
            if before is not None and after != before:
                raise Violation(
                    f"global invariant (atomic refusal): refusing {action}, the engine changed the game",
                    expected="the game as it was before the refused action",
                    observed="; ".join(differences(before, after)),
                ) from None
            raise
        self._current = None
        self.trace.append(TraceStep(action, list(events)))  # a copy: callers extend what they get
        self._consistent(self.trace[-1])
        return events

    def try_apply(self, action: Action) -> list[Event] | None:
        """Apply ``action``; ``None`` when the engine refuses it."""
        try:
            return self.apply(action)
        except ActionRefused:
            return None

    def require(self, action: Action, why: str) -> list[Event]:
        """Apply an action the rules allow; a refusal is a :class:`Violation` citing ``why``."""
        try:
            return self.apply(action)
        except ActionRefused as refusal:
            raise Violation(
                f"the engine refused a legal action: {why}",
                expected=f"{action} accepted",
                observed=f"refused: {refusal}",
            ) from None

    def expect_refused(
        self, action: Action, message: str, *, expected: str | None = None, observed: str | None = None
    ) -> None:
        """Try an action the rules forbid: the engine must refuse it. Acceptance is a
        :class:`Violation` (``message``); ``expected`` and ``observed`` default to "<action>
        refused" and "<action> accepted". The one way a check says "the engine must refuse this"
        (the counterpart of :meth:`require`). The refusal must change nothing (see :meth:`apply`)."""
        self.state()  # the state before, which a refusal must leave as it was
        if self.try_apply(action) is not None:
            raise Violation(
                message, expected=expected or f"{action} refused", observed=observed or f"{action} accepted"
            )


def expect(condition: bool, message: str, *, expected: str, observed: object) -> None:
    """Raise a :class:`Violation` unless ``condition``: the one way invariants state a claim."""
    if not condition:
        raise Violation(message, expected=expected, observed=str(observed))
