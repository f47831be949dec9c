"""A failing example as the results file stores it: the failure record, the board after, the
stored params' record id, and the command that replays it.

The runner builds these while Hypothesis searches, and ``replay`` builds them again for a stored
counterexample; both import them from here, so neither depends on the other.
"""

from __future__ import annotations

import re
import shlex

from generators.records import record_id
from harness.guard import reraise_if_harness
from harness.limits import EVENTS_PER_STEP, EVENTS_TRUNCATED, clean_text
from protocol import codec
from protocol.probe import Probe, Scenario, TraceStep, Violation
from reports.results import Counterexample, Failure, TraceRecord


def reproduce_command(engine: str, invariant: str, results: str = "results.json") -> str:
    """The command that replays a stored counterexample (``mtg-conformance replay``: no drawing),
    run from the report's folder; its ``--out`` is a fresh folder, so it never overwrites a report."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", f"{engine}-{invariant}").strip("-")
    return shlex.join(
        ["mtg-conformance", "replay", results, "--engine", engine, "--invariant", invariant, "--out", f"replay-{slug}"]
    )


def params_type(params: object) -> str | None:
    """The stable record id of a scenario's params when they are a registered record (see
    :mod:`generators.records`) rather than a plain mapping, so a replay can decode the stored JSON
    back into the same type; never a module path, which a move of the code would break."""
    return record_id(params)


def clip_trace(step: TraceStep) -> TraceRecord:
    """A probe's step as the results file stores it: text, cleaned and clipped."""
    action = clean_text(step.action) + (f"  -> refused: {clean_text(step.refused)}" if step.refused else "")
    events = [clean_text(e) for e in step.events[:EVENTS_PER_STEP]]
    if len(step.events) > EVENTS_PER_STEP:  # an engine reporting without end costs one line
        events.append(EVENTS_TRUNCATED.format(len(step.events) - EVENTS_PER_STEP))
    return TraceRecord(action=action, events=tuple(events))


def failure_record(exc: BaseException, scenario: Scenario, probe: Probe | None, reproduce: str) -> Failure:
    if isinstance(exc, Violation):
        message, expected, observed = exc.message, exc.expected, exc.observed
    else:
        message, expected, observed = str(exc), "", ""
    trace = tuple(clip_trace(step) for step in (probe.trace if probe else []))
    return Failure(
        message=clean_text(message),
        expected=clean_text(expected),
        observed=clean_text(observed),
        counterexample=Counterexample(
            state=codec.to_jsonable(scenario.state),
            params=codec.to_jsonable(scenario.params) if scenario.params is not None else {},
            params_type=params_type(scenario.params),
        ),
        trace=trace,
        reproduce=reproduce,
        size=scenario.state.size(),
        after=board_after(exc, probe),
    )


def board_after(exc: BaseException, probe: Probe | None) -> dict | None:
    """The board after the trace, for the report's before/after view: the probe's last exported
    state, read once more if actions were applied since, but only from an engine that is still
    answering (after a Violation, never after an EngineError)."""
    if probe is None:
        return None
    state = probe.last_state
    if probe.last_state_step < len(probe.trace):
        state = None
        if isinstance(exc, Violation):
            try:
                state = probe.state()
            except BaseException as exc2:  # noqa: BLE001 - the view is optional; the verdict stands without it
                reraise_if_harness(exc2)
                state = None
    return codec.to_jsonable(state) if state is not None else None


__all__ = ["board_after", "clip_trace", "failure_record", "params_type", "reproduce_command"]
