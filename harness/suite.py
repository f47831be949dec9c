"""The conformance suite as a pytest module: one test item per (engine, invariant).

The plugin (:mod:`harness.plugin`) parametrizes ``mtg_case`` from the run's options, so pytest's
own machinery (``-n`` through pytest-xdist, ``-k``, ``--junitxml``) works on conformance cases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.limits import run_time_left
from harness.plan import Case, engine, find_invariant
from harness.runner import reproduce_command, run_case
from protocol import codec
from reports.results import ResultRecord
from reports.text import one_line


def test_conformance(mtg_case: Case, request: pytest.FixtureRequest) -> None:
    options = request.config.mtg_options  # type: ignore[attr-defined]
    left = run_time_left()
    if left is not None and left <= 0:  # no record: the run is marked incomplete
        pytest.skip(f"not run: the run's time limit of {options.limits.run:g}s was reached")
    invariant = find_invariant(mtg_case.invariant, options.profile)
    record = run_case(
        mtg_case.engine,
        engine(mtg_case.engine),
        invariant,
        profile=options.profile,
        seed=options.seed,
        database=options.database,
    )
    request.node.user_properties.append(("mtg_result", record_json(record)))
    if record.status == "unsupported":
        pytest.skip(f"unsupported: {one_line(record.reason or '')}")
    if record.status in ("fail", "error"):
        pytest.fail(failure_text(record, options.out), pytrace=False)


def failure_text(record: ResultRecord, out: Path | None) -> str:
    """The text pytest prints for a failed or errored case (its failures section): the message,
    expected, observed and the replay command, one line each. The engine's parts are made visible
    single lines (:func:`reports.text.one_line`), so an escape sequence never reaches the terminal
    and a newline in a message cannot print a line of its own (a forged ``== 94 passed ==``)."""
    failure = record.failure
    # pytest prefixes "Failed: "; the status is said only for an error (a fail is the default).
    message = one_line(failure.message if failure else (record.reason or ""))
    lines = [message if record.status == "fail" else f"error: {message}"]
    if failure is not None:
        if failure.expected or failure.observed:
            lines.append(f"  expected: {one_line(failure.expected)}")
            lines.append(f"  observed: {one_line(failure.observed)}")
        lines.append(f"  reproduce: {one_line(_reproduce_here(failure.reproduce, record, out))}")
    return "\n".join(lines)


def _reproduce_here(stored: str, record, out) -> str:
    """The replay command as the terminal shows it: read where the run was started, so it names the
    results file under ``--out`` (the stored command, for the report and JUnit, is run from the
    report's folder). Its own ``--out`` stays a fresh folder."""
    if not stored or out is None:
        return stored
    return reproduce_command(record.engine, record.invariant, str(out / "results.json"))


def record_json(record) -> str:

    return codec.dumps(record)
