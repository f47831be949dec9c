"""Run diffs: what changed between two results files (``mtg-conformance diff OLD NEW``).

A CI job compares today's run with a baseline (yesterday's, or the main branch's) to tell a new
break from the known ones. Results are paired by (engine, invariant); when each file holds a single
engine under different names (phase 0.1 against phase 0.2, a mutant against the reference engine),
they are paired by invariant alone. The categories:

* **regression**: now ``fail`` or ``error``, before anything else;
* **fix**: before ``fail`` or ``error``, now ``pass``;
* **status change**: any other change of status (``fail`` -> ``error``, ``pass`` -> ``unsupported`` ...);
* **added** / **removed**: an invariant only one of the runs has;
* **changed failure**: the same failing status, but another message or counterexample (the engine
  fails differently: worth a look even though the gate stays green).

Reads results only (the reports layer); rendered as text here and as HTML by
:func:`render_diff_page` or inside the report (``run --baseline``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reports.atomic import write_text_atomic
from reports.results import ResultRecord, Results, RunInfo
from reports.templating import environment
from reports.text import one_line

BAD = ("fail", "error")
ChangeKind = Literal["regression", "fix", "status", "added", "removed", "changed-failure"]


@dataclass(frozen=True)
class Change:
    """One (engine, invariant) that differs between the runs."""

    kind: ChangeKind
    engine: str
    invariant: str
    rulings: tuple[str, ...]
    old: str | None  # status before (None: not in the old run)
    new: str | None
    old_message: str = ""
    new_message: str = ""
    counterexample_changed: bool = False

    @property
    def title(self) -> str:
        return {
            "regression": "REGRESSION",
            "fix": "FIX",
            "status": "STATUS CHANGED",
            "added": "ADDED",
            "removed": "REMOVED",
            "changed-failure": "CHANGED FAILURE",
        }[self.kind]

    def describe(self) -> str:
        head = f"{self.title}: {self.invariant} on {self.engine}"
        if self.kind == "added":
            return f"{head}: {self.new}" + (f": {self.new_message}" if self.new_message else "")
        if self.kind == "removed":
            return f"{head}: was {self.old}"
        if self.kind == "changed-failure":
            parts = []
            if self.old_message != self.new_message:
                parts.append(f"message was {self.old_message!r}, now {self.new_message!r}")
            if self.counterexample_changed:
                parts.append("counterexample changed")
            return f"{head} ({self.new}): " + "; ".join(parts)
        text = f"{head}: {self.old} -> {self.new}"
        message = self.new_message if self.new in BAD else self.old_message
        return text + (f": {message}" if message else "")


@dataclass(frozen=True)
class RunDiff:
    old_label: str
    new_label: str
    old_run: RunInfo
    new_run: RunInfo
    changes: tuple[Change, ...]
    unchanged: int

    def of(self, kind: ChangeKind) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.kind == kind)

    @property
    def regressions(self) -> tuple[Change, ...]:
        return self.of("regression")

    @property
    def fixes(self) -> tuple[Change, ...]:
        return self.of("fix")

    def counts(self) -> dict[str, int]:
        return {
            "regressions": len(self.of("regression")),
            "fixes": len(self.of("fix")),
            "status changes": len(self.of("status")),
            "added": len(self.of("added")),
            "removed": len(self.of("removed")),
            "changed failures": len(self.of("changed-failure")),
        }

    def summary_line(self) -> str:
        counts = ", ".join(f"{n} {name}" for name, n in self.counts().items())
        return f"diff against {self.old_label}: {counts}; {self.unchanged} unchanged"

    def gate_failures(self) -> tuple[Change, ...]:
        """What a baseline gate fails on: every status that differs from the baseline's (an added
        invariant is expected to pass). Changed failures and removed invariants are reported only."""
        return tuple(
            c
            for c in self.changes
            if c.kind in ("regression", "fix", "status") or (c.kind == "added" and c.new != "pass")
        )


def _message(record: ResultRecord) -> str:
    if record.failure is not None:
        return record.failure.message
    return record.reason or ""


def _key_by(results: Results, by_invariant: bool) -> dict[tuple[str, str], ResultRecord]:
    return {("" if by_invariant else r.engine, r.invariant): r for r in results.results}


def diff_results(
    old: Results, new: Results, *, old_label: str = "old", new_label: str = "new", statuses_only: bool = False
) -> RunDiff:
    """Compare two runs; changes come in the new run's order, then removed ones in the old run's.

    ``statuses_only``: the old run keeps no messages or counterexamples (a history line), so a
    failure that stayed a failure counts as unchanged rather than as a changed failure."""
    old_engines, new_engines = old.engines(), new.engines()
    by_invariant = len(old_engines) == 1 and len(new_engines) == 1 and old_engines != new_engines
    before, after = _key_by(old, by_invariant), _key_by(new, by_invariant)
    changes: list[Change] = []
    unchanged = 0
    for key, now in after.items():
        was = before.get(key)
        base = dict(
            engine=now.engine, invariant=now.invariant, rulings=now.rulings, new=now.status, new_message=_message(now)
        )
        if was is None:
            changes.append(Change("added", old=None, **base))  # type: ignore[arg-type]
            continue
        base |= dict(old=was.status, old_message=_message(was))
        if was.status != now.status:
            if now.status in BAD and was.status not in BAD:
                kind: ChangeKind = "regression"
            elif was.status in BAD and now.status == "pass":
                kind = "fix"
            else:
                kind = "status"
            changes.append(Change(kind, **base))  # type: ignore[arg-type]
            continue
        if now.status in BAD and not statuses_only:
            old_cx = was.failure.counterexample if was.failure else None
            new_cx = now.failure.counterexample if now.failure else None
            cx_changed = old_cx != new_cx
            if cx_changed or base["old_message"] != base["new_message"]:
                changes.append(Change("changed-failure", counterexample_changed=cx_changed, **base))  # type: ignore[arg-type]
                continue
        unchanged += 1
    for key, was in before.items():
        if key not in after:
            changes.append(
                Change("removed", was.engine, was.invariant, was.rulings, was.status, None, old_message=_message(was))
            )
    return RunDiff(old_label, new_label, old.run, new.run, tuple(changes), unchanged)


def format_diff(diff: RunDiff) -> str:
    """The diff for a terminal: a heading line, then one line per change, grouped by kind."""
    lines = [one_line(f"diff {diff.old_label} -> {diff.new_label}")]
    for kind in ("regression", "fix", "status", "added", "removed", "changed-failure"):
        lines += ["  " + one_line(c.describe()) for c in diff.of(kind)]  # engine text: one visible line
    if not diff.changes:
        lines.append("  no changes")
    return "\n".join(lines)


# -- HTML ------------------------------------------------------------------------------------

SECTIONS: tuple[tuple[ChangeKind, str], ...] = (
    ("regression", "Regressions"),
    ("fix", "Fixes"),
    ("status", "Status changes"),
    ("added", "Invariants added"),
    ("removed", "Invariants removed"),
    ("changed-failure", "Failures that changed"),
)


def render_diff_page(diff: RunDiff) -> str:
    """The diff as one self-contained HTML page (the report's style, autoescaped, nothing fetched)."""
    return environment().get_template("diff.html.j2").render(diff=diff, sections=SECTIONS)


def write_diff_page(diff: RunDiff, path: str | os.PathLike[str]) -> Path:
    return write_text_atomic(path, render_diff_page(diff))


__all__ = ["Change", "RunDiff", "diff_results", "format_diff", "render_diff_page", "write_diff_page"]
