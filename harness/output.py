"""Where a run's files go, so that an interrupted run never hides a complete one.

A complete run writes ``results.json``, ``report.html`` and ``junit.xml``. An incomplete run
(interrupted, time-limited) writes the same files, marked ``"complete": false``, unless the
directory already holds a complete run's results: those are kept and the partial files are
written beside them as ``results.partial.json``, ``report.partial.html`` and
``junit.partial.xml``, unless the user asked for the replacement. Every file is written to a
temporary name and renamed, so a reader sees an old file or a new one, never half of one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from harness.lock import OutputLocked, hold

RESULTS, REPORT, JUNIT = "results.json", "report.html", "junit.xml"
PARTIAL = {RESULTS: "results.partial.json", REPORT: "report.partial.html", JUNIT: "junit.partial.xml"}


@dataclass(frozen=True)
class Destination:
    """The three files of one run."""

    results: Path
    report: Path
    junit: Path
    #: True when the files are the ``.partial`` ones, beside a complete run's that were kept.
    beside: bool = False


def holds_complete_run(out: Path) -> bool:
    """Whether ``out/results.json`` is a complete run's (a file that cannot be read is not)."""
    try:
        data = json.loads((out / RESULTS).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    run = data.get("run") if isinstance(data, dict) else None
    return isinstance(run, dict) and run.get("complete", True) is not False


def destination(out: Path, *, complete: bool, replace_complete: bool = False) -> Destination:
    """The files this run writes (see the module docstring for the rule)."""
    if complete or replace_complete or not holds_complete_run(out):
        return Destination(out / RESULTS, out / REPORT, out / JUNIT)
    return Destination(out / PARTIAL[RESULTS], out / PARTIAL[REPORT], out / PARTIAL[JUNIT], beside=True)


def ready_folder(out: Path, option: str = "--out") -> str | None:
    """Create ``out`` (and its parents) for a command's files; the reason it cannot be, as one line
    naming the option and path, or None. Checked before the work, so a bad folder costs no run and
    shows no traceback."""
    if out.exists() and not out.is_dir():
        return f"{option} {str(out)!r} is an existing file, not a directory"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return cannot_write(out, exc)
    return None


def cannot_write(path: Path, exc: OSError) -> str:
    """One line for a file or folder that could not be written."""
    return f"cannot write {exc.filename or path}: {exc.strerror or exc}"


def write_locked(out: Path, files: Mapping[str, Callable[[Path], object]], error: type[Exception]) -> None:
    """Write each named file into ``out`` while holding the folder's run lock (see ``lock``).

    Commands other than ``run`` (``merge``, ``replay``) write into a folder too: they must never
    write over a folder another run holds, and an unusable folder is one line (``error``, the
    command's own usage error), never a traceback.
    """

    try:
        with hold(out):
            for name, write in files.items():
                write(out / name)
    except OutputLocked as exc:
        raise error(str(exc)) from None
    except OSError as exc:
        raise error(cannot_write(out, exc)) from None


__all__ = [
    "JUNIT",
    "PARTIAL",
    "REPORT",
    "RESULTS",
    "Destination",
    "cannot_write",
    "destination",
    "holds_complete_run",
    "ready_folder",
    "write_locked",
]
