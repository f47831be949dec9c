"""``run --history DIR``: each run's summary appended to ``DIR/history.jsonl``, and per failing result
the run its failure streak started in ("failing since").

A CI job keeps DIR between runs (a cache, or an artifact downloaded before the run). One JSON
object per line, appended, so a job that dies mid-write loses at most its own line, and the file
reads with ``jq`` or one line of Python. Each line holds the run's time, profile, corpus, whether it
was complete, its exit status and verdict, per engine its totals, and every (engine, invariant)
status, so a later run can tell "failing since" from "not run since". The file is read before the
run starts (a broken one is a usage error that costs no run) and written after it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reports.results import TREND_RUNS, EngineInfo, FailingSince, Failure, PastRun, ResultRecord, Results, RunInfo

FILE = "history.jsonl"
SCHEMA = "mtg-conformance/history"
VERSION = 1
FAILING = ("fail", "error")


class HistoryError(ValueError):
    """A history folder or file that cannot be used: one line naming it and the fault."""


@dataclass(frozen=True)
class Entry:
    """One past run, as the history keeps it."""

    started: str
    statuses: dict[str, dict[str, str]]  # engine -> invariant -> status
    exit: int = 0
    #: Kept for ``diff --history`` headings; lines of older harnesses may lack them.
    finished: str = ""
    profile: str = ""
    harness_version: str = ""

    def as_results(self) -> Results:
        """The run as a results file with statuses only (no messages, counterexamples or rulings),
        so ``diff --history`` compares the last recorded run like a baseline results.json."""
        run = RunInfo(
            started=self.started,
            finished=self.finished,
            profile=self.profile,
            seed=None,
            engines=tuple(EngineInfo(name, "") for name in self.statuses),
            command="",
            harness_version=self.harness_version,
            duration=0.0,
        )
        try:
            records = tuple(
                _status_record(engine, invariant, status)
                for engine, statuses in self.statuses.items()
                for invariant, status in statuses.items()
            )
        except (TypeError, ValueError) as exc:
            raise HistoryError(f"the run of {self.started} in the history: {exc}") from None
        return Results(run, results=records)

    def past_run(self) -> PastRun:
        """The run as the trend strip shows it: per engine, how many results had each status."""
        totals: dict[str, dict[str, int]] = {}
        for engine, statuses in self.statuses.items():
            counts = totals.setdefault(engine, {})
            for status in statuses.values():
                counts[status] = counts.get(status, 0) + 1
        return PastRun(self.started, self.exit, totals)


def _status_record(engine: str, invariant: str, status: Any) -> ResultRecord:
    """A result that is only its status (a fail gets an empty failure: the history keeps no message)."""
    failure = Failure(message="") if status == "fail" else None
    return ResultRecord(engine, invariant, rulings=(), kind="outcome", status=status, failure=failure)


@dataclass(frozen=True)
class History:
    folder: Path
    entries: tuple[Entry, ...] = ()

    @property
    def path(self) -> Path:
        return self.folder / FILE

    def failing_since(self, record: ResultRecord, started: str) -> FailingSince:
        """The streak of ``record``'s failure: runs in which it failed, newest first, until one in
        which it did not (a run that did not check it neither breaks nor extends the streak)."""
        since, runs = started, 1
        for entry in reversed(self.entries):
            status = entry.statuses.get(record.engine, {}).get(record.invariant)
            if status is None:
                continue
            if status not in FAILING:
                break
            since, runs = entry.started, runs + 1
        return FailingSince(since, runs)

    def annotate(self, results: Results) -> Results:
        """``results`` with each fail and error record's ``failing_since``, and the last earlier
        runs (for the report's trend strip)."""
        records = tuple(
            replace(r, failing_since=self.failing_since(r, results.run.started)) if r.status in FAILING else r
            for r in results.results
        )
        past = tuple(e.past_run() for e in self.entries[-TREND_RUNS:])
        return replace(results, results=records, history=past)

    def append(self, results: Results, code: int, verdict: str) -> None:
        """Add this run's line to the file (created with its folder when missing)."""
        line = json.dumps(summary(results, code, verdict), ensure_ascii=False, sort_keys=True)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as out:
                out.write(line + "\n")
                out.flush()
                os.fsync(out.fileno())
        except OSError as exc:
            raise HistoryError(f"cannot append to {self.path}: {exc.strerror or exc}") from None


def summary(results: Results, code: int, verdict: str) -> dict[str, Any]:
    """The line a run adds to the history."""
    statuses: dict[str, dict[str, str]] = {}
    for r in results.results:
        statuses.setdefault(r.engine, {})[r.invariant] = r.status
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "started": results.run.started,
        "finished": results.run.finished,
        "profile": results.run.profile,
        "corpus": results.run.corpus,
        "harness_version": results.run.harness_version,
        "complete": results.run.complete,
        "shard": results.run.shard,
        "exit": code,
        "verdict": verdict,
        "totals": {engine: results.totals(engine) for engine in results.engines()},
        "statuses": statuses,
    }


def load_history(folder: Path) -> History:
    """Read ``folder/history.jsonl`` (none yet: an empty history); HistoryError on a broken file."""
    if folder.exists() and not folder.is_dir():
        raise HistoryError(f"--history {str(folder)!r} is an existing file, not a directory")
    path = folder / FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return History(folder)
    except (OSError, UnicodeDecodeError) as exc:
        raise HistoryError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    entries = [_entry(line, f"{path}:{number}") for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    return History(folder, tuple(entries))


def _entry(line: str, where: str) -> Entry:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise HistoryError(f"{where}: not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise HistoryError(f"{where}: not a {SCHEMA} line")
    started, statuses = data.get("started"), data.get("statuses")
    if not isinstance(started, str) or not isinstance(statuses, dict):
        raise HistoryError(f"{where}: needs 'started' (a string) and 'statuses' (engine -> invariant -> status)")
    if not all(isinstance(v, dict) for v in statuses.values()):
        raise HistoryError(f"{where}: 'statuses' must map each engine to its invariants' statuses")
    code = data.get("exit", 0)
    return Entry(
        started,
        statuses,
        code if isinstance(code, int) and not isinstance(code, bool) else 0,
        finished=_text(data, "finished"),
        profile=_text(data, "profile"),
        harness_version=_text(data, "harness_version"),
    )


def _text(data: dict[str, Any], key: str) -> str:
    """An optional string field of a line ("" when missing or not a string: older lines load)."""
    value = data.get(key)
    return value if isinstance(value, str) else ""


__all__ = ["FILE", "History", "HistoryError", "load_history", "summary"]
