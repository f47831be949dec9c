"""Running one invariant against one engine: Hypothesis draws, the engine answers, a verdict.

A failure is an exception inside the Hypothesis test so that Hypothesis shrinks it; Hypothesis
replays the smallest failing example last, so the details captured on the last failing call
are those of the shrunk counterexample. The record carries everything needed to replay it: the
scenario as JSON, the action trace, and the command that reruns the same search.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from functools import partial

from hypothesis import given, reject
from hypothesis import seed as hypothesis_seed
from hypothesis.errors import FailedHealthCheck, Flaky, Unsatisfiable, UnsatisfiedAssumption

from harness.asking import adapter_fault, supports_answer
from harness.differential import is_composite
from harness.failures import failure_record, reproduce_command
from harness.feature_reach import case_seed
from harness.guard import (
    EngineTimeout,
    GuardedSession,
    StopSearch,
    exit_tripwire,
    start_session,
    time_limit,
)
from harness.heap import settle as settle_heap
from harness.isolation import IsolatedEngine
from harness.limits import clean_text
from harness.limits import current as current_limits
from harness.minimize import SECONDS, minimize_failure
from harness.observed import unobserved
from harness.optional import optional_support
from harness.pace import Pace, budget_spent
from harness.profiles import claim_rule, is_derandomized, profile_settings
from harness.signals import raise_if_stopping
from protocol.adapter import (
    ActionRefused,
    EngineAdapter,
    EngineError,
    StateUnsupported,
    leaves_input_intact,
)
from protocol.clone import fresh
from protocol.probe import Probe, Scenario, Violation
from reports.results import Failure, ResultRecord, Status, Unmet
from rulings.invariant import Invariant


def with_database(test, key: str, profile: str, seed: int | None, database: str, *, stream: int, budget: float = 1.0):
    """``test`` (a ``@given`` function) set to use the example database folder ``database``.

    Hypothesis files examples under a digest of the test function, which is the same closure for
    every case, so each case's key is added to it (the hook Hypothesis's own parametrize support
    uses). Hypothesis refuses a database with ``derandomize`` and ``@seed`` drops it, so the seed
    is set on the test the way ``@seed`` sets it, without dropping the database.

    A derandomized profile (``ci``) must draw the same with a database as without one, empty or
    not, or a local re-run without ``--database`` would differ from CI's: it keeps the very stream
    it has without a database (``stream``, the invariant's own seed) and leaves Hypothesis's
    *reuse* phase out, so the database is written (a failure found is saved, for a ``dev`` or
    ``thorough`` run to try first) but never read. A random profile reads it: stored failures are
    tried first, then the run's seed draws. tests/test_gating.py and tests/test_database.py guard
    this."""
    from hypothesis import Phase, settings
    from hypothesis.database import DirectoryBasedExampleDatabase

    test.hypothesis.inner_test._hypothesis_internal_add_digest = key.encode("utf-8")
    base = profile_settings(profile, budget)
    derandomized = is_derandomized(profile)
    phases = [p for p in base.phases if p is not Phase.reuse] if derandomized else base.phases
    chosen = settings(base, derandomize=False, database=DirectoryBasedExampleDatabase(database), phases=phases)
    test = chosen(test)
    if derandomized:
        seed = stream
    if seed is not None:
        test._hypothesis_internal_use_seed = seed
    return test


@dataclass
class _Observer:
    """What the runs of one Hypothesis search saw."""

    examples: int = 0
    first_failure_at: int | None = None
    last_failure: Failure | None = None
    last_status: Status = "pass"
    unsupported: list[str] = field(default_factory=list)
    #: Whose gap each of those was (``Gap`` values; None where the adapter did not say).
    unsupported_gaps: list[str | None] = field(default_factory=list)
    #: The outcome of every example, in order ("passed", or "fail: ..." / "error: ..."): a flaky
    #: engine's verdict shows the two outcomes of the same example.
    outcomes: list[str] = field(default_factory=list)
    first_outcome_failure: str | None = None
    #: Examples a precondition set aside, and the last reason given.
    set_aside: int = 0
    last_set_aside: str | None = None
    #: Examples rejected otherwise (the engine could not load the state, a bare ``assume``).
    rejected: int = 0
    #: Per claim, the examples that exercised it (counted when the check returned).
    claims: dict[str, int] = field(default_factory=dict)
    #: The scenario of the last failure (Hypothesis's shrunk one, replayed last).
    last_scenario: Scenario | None = None


def _unmet(adapter: EngineAdapter, requires: frozenset[str]) -> tuple[Unmet, ...]:
    """Each requirement the adapter answers no to on its own, with its reason (best effort)."""
    unmet = []
    for item in sorted(requires):
        answer = supports_answer(adapter, frozenset({item}))
        if isinstance(answer, str):  # the adapter failed to answer: the joined reason is recorded anyway
            return ()
        if not answer.ok:
            gap = getattr(answer, "gap", None)
            unmet.append(Unmet(item, clean_text(answer.reason or "not supported"), str(gap) if gap else None))
    return tuple(unmet)


def _one_gap(gaps: list[str | None]) -> str | None:
    """The record's gap when every part names the same one (else None: see each ``unmet``)."""
    return gaps[0] if gaps and all(g == gaps[0] for g in gaps) else None


def run_case(
    engine_spec: str,
    adapter: EngineAdapter,
    invariant: Invariant,
    *,
    profile: str,
    seed: int | None,
    database: str | None = None,
    shrink: bool = True,
) -> ResultRecord:
    """Check ``invariant`` on ``adapter`` under a settings profile and return its record. With
    ``database`` (a folder), Hypothesis keeps the failing examples it finds there, and a random
    profile tries them first on the next run (a derandomized one never reads them: see
    :func:`with_database`). ``shrink=False`` (without a database)
    skips shrinking a failure: for runs that only need the verdict (the controls)."""
    settle_heap()  # once per process: the loaded suite leaves the collector's walks
    started = time.perf_counter()
    limits = current_limits()
    # The fields every record of this run shares.
    base = partial(
        ResultRecord, engine=engine_spec, invariant=invariant.id, rulings=invariant.rulings, kind=invariant.kind
    )
    spent = budget_spent(engine_spec, limits)
    if spent is not None:  # the engine used its run's engine time: its later cases end at once
        return base(status="error", reason=spent)
    broken = adapter_fault(adapter)
    if broken is not None:
        return base(status="error", reason=broken)
    support = supports_answer(adapter, invariant.requires)
    if isinstance(support, str):
        return base(status="error", reason=support)
    if not support.ok:
        return base(
            status="unsupported",
            reason=clean_text(support.reason or "not supported"),
            unmet=(unmet := _unmet(adapter, invariant.requires)),
            gap=_one_gap([u.gap for u in unmet] or [str(support.gap) if getattr(support, "gap", None) else None]),
        )
    blind = unobserved(adapter, invariant, engine_spec)
    if blind is not None:
        return base(status=blind.status, reason=blind.reason, gap=blind.gap)
    optional = optional_support(adapter, invariant.optional, supports_answer)
    if isinstance(optional, str):
        return base(status="error", reason=clean_text(optional))

    reproduce = reproduce_command(engine_spec, invariant.id)
    seen = _Observer(claims=dict.fromkeys(invariant.counted_claims, 0))
    composite = is_composite(adapter)  # a differential engine contains its engines' sessions itself
    contained = isinstance(adapter, IsolatedEngine) or composite
    # An isolated engine gets the state through a pipe, one that declares it never writes to its
    # input gets the drawn state itself; any other in-process engine gets a fresh copy.
    uncopied = contained or leaves_input_intact(adapter)
    invariant_deadline = time.monotonic() + limits.invariant if limits.invariant else None
    pace = Pace(engine_spec, adapter.timeout if isinstance(adapter, IsolatedEngine) else limits.call, limits)

    def fault(exc: BaseException, scenario: Scenario, probe: Probe | None) -> None:
        if seen.first_failure_at is None:
            seen.first_failure_at = seen.examples
        seen.last_failure = failure_record(exc, scenario, probe, reproduce)
        seen.last_scenario = scenario
        seen.last_status = "fail" if isinstance(exc, Violation) else "error"
        seen.outcomes.append(f"{seen.last_status}: {seen.last_failure.message}")
        if seen.first_outcome_failure is None:
            seen.first_outcome_failure = seen.outcomes[-1]

    # The strategy for this engine: only the optional mechanics it supports. Hypothesis seeds a
    # derandomized profile from the source of ``examine``, its decorator included (a nested
    # function keeps them), so the decorator's text stays as it was: an engine supporting every
    # optional mechanic draws the very examples it drew before optional mechanics existed.
    invariant = dataclasses.replace(invariant, scenarios=partial(invariant.strategy, optional.supported))

    def restart(scenario: Scenario, example_deadline: float | None) -> GuardedSession:
        """Another session of the drawn state, started and guarded like the example's own (a
        check that replays a sequence on it: determinism)."""
        state = scenario.state if uncopied else fresh(scenario.state)
        return GuardedSession(
            start_session(adapter, state, limits.start, contained),
            call_limit=limits.call,
            example_deadline=example_deadline,
            contained=contained,
            pace=pace.add,
            verdicts=composite,
        )

    @given(invariant.scenarios())
    def examine(scenario: Scenario) -> None:
        raise_if_stopping()
        if invariant_deadline is not None and time.monotonic() > invariant_deadline:
            raise StopSearch()
        seen.examples += 1
        probe: Probe | None = None
        session: GuardedSession | None = None
        example_deadline = time.monotonic() + limits.example if limits.example else None
        try:
            with (
                exit_tripwire(),
                time_limit(
                    None if contained else limits.example,
                    f"timeout: the example took longer than {limits.example:g}s",
                ),
            ):
                try:
                    # An in-process engine gets its own copy (unless it declares it never writes to
                    # it): the counterexample shown is the state drawn, not one the engine mutated.
                    state = scenario.state if uncopied else fresh(scenario.state)
                    raw = start_session(adapter, state, limits.start, contained)
                except StateUnsupported as exc:
                    seen.unsupported.append(clean_text(exc))
                    gap = getattr(exc, "gap", None)
                    seen.unsupported_gaps.append(str(gap) if gap else None)
                    reject()  # counted as rejected below
                session = GuardedSession(
                    raw,
                    call_limit=limits.call,
                    example_deadline=example_deadline,
                    contained=contained,
                    pace=pace.add,
                    verdicts=composite,
                )
                probe = Probe(
                    session,
                    claims=invariant.claims,
                    restart=partial(restart, scenario, example_deadline),
                )
                try:
                    invariant.check(probe, scenario)
                    probe.confirm_stable()  # a second read must equal the last: reading changes nothing
                except ActionRefused as refusal:
                    # The check applied a move it takes as legal (a refusal it expects is caught
                    # where it is tested): the engine refusing it is a deviation, not a harness bug.
                    raise Violation(
                        "the engine refused an action the check takes as legal",
                        expected=f"{probe.trace[-1].action if probe.trace else 'the action'} accepted",
                        observed=f"refused: {clean_text(refusal)}",
                    ) from None
                closing, session = session, None
                closing.close()  # a failure to close is a fault of this example too
            for name in probe.exercised or (() if invariant.claims else invariant.counted_claims):
                seen.claims[name] += 1
            seen.outcomes.append("passed")
        except UnsatisfiedAssumption:
            if probe is not None and probe.set_aside is not None:
                seen.set_aside += 1
                seen.last_set_aside = probe.set_aside
            else:
                seen.rejected += 1
            raise
        except (Violation, EngineError) as exc:
            fault(exc, scenario, probe)
            if isinstance(exc, EngineTimeout):
                # A hang is not shrunk: every further try would cost another time-out.
                raise StopSearch() from None
            raise
        finally:
            for replica in probe.replicas if probe is not None else ():
                try:
                    replica.close()
                except EngineError:
                    pass  # a second session (a determinism replay): the example's verdict stands
            if session is not None:
                try:
                    session.close()
                except EngineError:
                    pass  # the example already failed; that verdict stands

    if database is None:
        chosen = profile_settings(profile, invariant.budget)
        if not shrink:
            from hypothesis import Phase, settings

            chosen = settings(chosen, phases=[p for p in chosen.phases if p is not Phase.shrink])
        examine = chosen(examine)
        if seed is not None and not is_derandomized(profile):
            examine = hypothesis_seed(seed)(examine)
        elif is_derandomized(profile):
            # One stream per invariant (not one per source of this function), the stream the
            # reach figures of harness.feature_reach count features in.
            examine._hypothesis_internal_use_seed = case_seed(invariant.id)  # type: ignore[attr-defined]
    else:
        examine = with_database(
            examine,
            f"{engine_spec}::{invariant.id}",
            profile,
            seed,
            database,
            stream=case_seed(invariant.id),
            budget=invariant.budget,
        )

    def record(status: Status, **extra: object) -> ResultRecord:
        # Once a stop signal has arrived the workers are dead by the harness's hand: whatever the
        # case in flight ended in (an engine error, a harness error) is not a verdict. It is left
        # unfinished, and the run reports itself incomplete.
        raise_if_stopping()
        if "reason" in extra and extra["reason"] is not None:
            extra["reason"] = clean_text(extra["reason"])
        return base(
            status=status,
            examples=seen.examples,
            examples_to_first_failure=seen.first_failure_at,
            duration=time.perf_counter() - started,
            set_aside=seen.set_aside,
            rejected=seen.rejected,
            claims=dict(seen.claims),
            left_out=optional.left_out,
            **extra,  # type: ignore[arg-type]
        )

    try:
        examine()
    except (Violation, EngineError):
        failure = seen.last_failure
        assert failure is not None
        if seen.last_status == "fail" and seen.last_scenario is not None:
            failure = _minimized(engine_spec, adapter, invariant, seen.last_scenario, failure, invariant_deadline)
        reason = None if seen.last_status == "fail" else failure.message
        return record(seen.last_status, failure=failure, reason=reason)
    except StopSearch:
        timeout = f"timeout: the invariant ran past its time limit of {limits.invariant:g}s"
        if seen.last_failure is not None:  # a failure was found; its shrinking was cut short
            return record(
                seen.last_status,
                failure=seen.last_failure,
                reason=None if seen.last_status == "fail" else seen.last_failure.message,
            )
        return record("error", reason=f"{timeout} after {seen.examples} examples")
    except Flaky:
        first = seen.first_outcome_failure or "a failure"
        later = seen.outcomes[-1] if seen.outcomes else "passed"
        if later == first:
            later = "a different outcome"
        return record(
            "error",
            failure=seen.last_failure,
            reason=f"flaky: the engine answered the same example differently: first {first}; replayed: {later}",
        )
    except (Unsatisfiable, FailedHealthCheck) as exc:
        if seen.unsupported:
            return record(
                "unsupported",
                reason=f"the engine could not load the drawn states: {seen.unsupported[-1]}",
                gap=seen.unsupported_gaps[-1],
            )
        if seen.set_aside:  # the check's preconditions held too rarely: nothing was tested enough
            return record(
                "inconclusive",
                reason=f"{seen.set_aside} examples set aside ({seen.last_set_aside}); "
                f"Hypothesis gave up: {type(exc).__name__}",
            )
        # a generator that filters too much: the harness's own bug
        return record("error", reason=f"harness error {type(exc).__name__}: {exc}")
    except Exception as exc:  # noqa: BLE001 - a harness or generator bug: report it, keep going
        return record("error", reason=f"harness error {type(exc).__name__}: {exc}")
    rule = claim_rule(profile)
    short = rule.shortfalls(max(0, seen.examples - seen.set_aside - seen.rejected), seen.claims)
    if short:
        return record("inconclusive", reason=f"{'; '.join(short)} ({profile}: {rule})")
    return record("pass")


def _minimized(
    engine_spec: str,
    adapter: EngineAdapter,
    invariant: Invariant,
    scenario: Scenario,
    failure: Failure,
    invariant_deadline: float | None,
) -> Failure:
    """The failure of the 1-minimal counterexample (:mod:`harness.minimize`), within what is
    left of the invariant's time; Hypothesis's shrunk one stays as its ``original``."""
    seconds = SECONDS
    if invariant_deadline is not None:
        seconds = min(seconds, invariant_deadline - time.monotonic())
    if seconds <= 0:
        return failure
    return minimize_failure(engine_spec, adapter, invariant, scenario, failure, seconds=seconds)
