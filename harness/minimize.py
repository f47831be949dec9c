"""Minimal counterexamples: after Hypothesis has shrunk, take out every object that is not needed.

Hypothesis shrinks the choices a generator made; what a generator adds unconditionally (one land
per symbol of a cost, the observers drawn before the Ninja ...) stays in its smallest example. This
pass takes the shrunk counterexample and, one object at a time (a card in a zone, a permanent, a
spell or ability on the stack, but none the params name or another object refers to:
:mod:`protocol.reduce`), replays the check on the state without it
(:func:`harness.replay.replay_case`, the exact replay of a stored counterexample) and keeps
the removal when the *same* failure recurs (status ``fail``, the same message) **and the
reference engine passes the smaller state**. The second condition matters: a check states its
ruling under premises its generator guarantees ("ninjutsu is offered with an unblocked attacker
*and mana to pay*", "a search *under Aven Mindcensor's restriction* sees four cards"); taking the
land or the restriction's permanent out breaks the premise, and the check may then fail with the
very same message on every engine, correct or not. A state the reference engine passes and the
engine under test fails the same way is still a witness of the deviation. It repeats until no
single object can go (the state is 1-minimal in that sense) or its time is spent, so the state it
returns is never larger than the one it got, and always fails the same way. A failure of the
reference engine itself is reported as Hypothesis shrunk it (there is no oracle to check against).

It is deterministic: the removals are tried in a fixed order and the replay draws nothing; only
the time bound can cut it short (then the state is smaller, not necessarily 1-minimal).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

from harness.plan import engine
from harness.replay import replay_case
from protocol import codec
from protocol.adapter import EngineAdapter
from protocol.model import GameState
from protocol.probe import Scenario
from protocol.reduce import (
    Removal,
    named_in,
    smaller_states,
    without_unused_card_data,
)
from reports.results import Failure, ResultRecord
from rulings.invariant import Invariant

#: The most seconds one failure's minimization may take (besides the invariant's own time limit).
SECONDS = 30.0


@dataclass(frozen=True)
class Minimized:
    """The smallest state found, the objects taken out (in order), the replays it took and
    whether it is known to be 1-minimal (``False``: the time bound cut the pass short)."""

    state: GameState
    removed: tuple[Removal, ...]
    replays: int
    complete: bool


def minimize(
    state: GameState, fails: Callable[[GameState], bool], *, deadline: float | None, keep: frozenset[str] = frozenset()
) -> Minimized:
    """Take objects out of ``state`` while ``fails`` (the same failure recurs) holds.

    Greedy and deterministic: walk the removals in order; after each kept removal, start over on
    the smaller state, so a pass that keeps none proves 1-minimality. ``deadline`` is a
    ``time.monotonic()`` value (``None``: no bound); the objects whose ids are in ``keep`` stay
    (those the scenario's params name)."""
    removed: list[Removal] = []
    replays = 0
    current = state
    while True:
        for removal, smaller in smaller_states(current, keep):
            if deadline is not None and time.monotonic() > deadline:
                return Minimized(current, tuple(removed), replays, complete=False)
            replays += 1
            if fails(smaller):
                removed.append(removal)
                current = smaller
                break
        else:
            break
    trimmed = without_unused_card_data(current)
    if trimmed is not current:
        replays += 1
        if fails(trimmed):
            current = trimmed
    return Minimized(current, tuple(removed), replays, complete=True)


def params_keep(params: object) -> frozenset[str]:
    """The ids a scenario's params name: those objects are what the check is about, so they stay."""
    return named_in(codec.to_jsonable(params)) if params is not None else frozenset()


def same_failure(record: ResultRecord, message: str) -> bool:
    """Whether a replay failed the same way: a ``fail`` with exactly ``message``."""
    return record.status == "fail" and record.failure is not None and record.failure.message == message


#: The engine whose pass tells that a smaller state still means what the scenario meant.
ORACLE = "reference"


def still_fails(
    engine_spec: str,
    adapter: EngineAdapter,
    invariant: Invariant,
    params: object,
    message: str,
    oracle: EngineAdapter | None,
    kept: list[ResultRecord] | None = None,
) -> Callable[[GameState], bool]:
    """The test the pass keeps a smaller state by: the oracle (if any) passes it and the engine
    under test fails it with ``message``. A check that breaks on it (e.g. a harness error) does
    not fail the same way. Each record kept is appended to ``kept``."""

    def fails(state: GameState) -> bool:
        scenario = Scenario(state, params)
        try:
            if oracle is not None and replay_case(ORACLE, oracle, invariant, scenario).status != "pass":
                return False
            record = replay_case(engine_spec, adapter, invariant, scenario)
        except Exception:  # noqa: BLE001 - the check broke on the smaller state: not the same failure
            return False
        if same_failure(record, message):
            if kept is not None:
                kept.append(record)
            return True
        return False

    return fails


def oracle_for(engine_spec: str, invariant: Invariant) -> EngineAdapter | None:
    """The reference engine, when it is not the engine under test and supports the invariant."""
    if engine_spec in (ORACLE, f"isolated:{ORACLE}"):
        return None
    try:
        oracle = engine(ORACLE)
        return oracle if oracle.supports(invariant.requires).ok else None
    except Exception:  # noqa: BLE001 - no oracle: no minimization
        return None


def minimize_failure(
    engine_spec: str,
    adapter: EngineAdapter,
    invariant: Invariant,
    scenario: Scenario,
    failure: Failure,
    *,
    seconds: float = SECONDS,
) -> Failure:
    """The failure to report: that of the 1-minimal state (with the trace and board of its own
    replay) and Hypothesis's shrunk counterexample kept as ``original``; ``failure`` itself when
    nothing could be taken out, or there is no oracle."""
    oracle = oracle_for(engine_spec, invariant)
    if oracle is None:
        return failure
    kept: list[ResultRecord] = []  # the replay of each state kept: the last is the result's
    fails = still_fails(engine_spec, adapter, invariant, scenario.params, failure.message, oracle, kept)

    deadline = time.monotonic() + seconds if seconds else None
    result = minimize(scenario.state, fails, deadline=deadline, keep=params_keep(scenario.params))
    if result.state is scenario.state:
        return failure
    shown = kept[-1].failure
    if shown is None:  # cannot happen: a kept state failed the same way
        return failure
    return dataclasses.replace(shown, reproduce=failure.reproduce, original=failure.counterexample)


__all__ = [
    "ORACLE",
    "SECONDS",
    "Minimized",
    "minimize",
    "minimize_failure",
    "oracle_for",
    "params_keep",
    "same_failure",
    "still_fails",
]
