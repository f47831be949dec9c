"""``mtg-conformance replay RESULTS --export DIR``: each stored failure of a real engine written
as a standalone reproduction its maintainers can run without this harness.

Each failure's counterexample is replayed once (:func:`harness.replay.replay_case`, the same
check as a search's example) on the engine's in-process adapter, through a recording session
(:class:`protocol.adapter.Reproducible`); when the failure shows again, the session writes its
script (:class:`protocol.adapter.Recording`): the engine's own API only, the ruling quoted, what
it expects against what the engine did. An engine whose adapter has no ``start_recording``
cannot export and is named as such. Every replay runs in a child process of its own, bounded in
time: the engine is native and may crash or hang; a crash costs that one export, and each
outcome is one line on the console.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.limits import clean_text
from harness.plan import compiled_suite
from harness.registry import load_in_process
from harness.replay import ReplayError, decode_params, stored_record, trusted_engine
from harness.replay import replay_case as replay
from protocol import codec
from protocol.adapter import Deviation, Recording, Reproducible
from protocol.model import GameState
from protocol.probe import Scenario
from reports.results import ResultRecord, Results, ResultsError, read_results

#: Seconds one export may take (a replay, then the script's own check run on the engine).
EXPORT_TIMEOUT = 120.0


class ExportError(ValueError):
    """Bad input for an export (exit status 2)."""


@dataclass(frozen=True)
class Outcome:
    """One failure's export: the script written (``path``), or why none was."""

    invariant: str
    engine: str
    path: str | None
    note: str

    def line(self) -> str:
        where = f"wrote {self.path}" if self.path else "not exported"
        return f"{self.engine} {self.invariant}: {where}: {self.note}"


def exportable(results: Results, invariant: str | None, engine: str | None) -> list[ResultRecord]:
    """The records to export: every failure or error with a stored counterexample (of
    ``invariant`` and ``engine`` when given)."""
    return [
        r
        for r in results.results
        if r.failure is not None
        and r.failure.counterexample is not None
        and (invariant is None or r.invariant == invariant)
        and (engine is None or r.engine == engine)
    ]


def file_name(engine: str, invariant: str) -> str:
    """A file name for one reproduction: only letters, digits, dots, dashes and underscores."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", f"{engine}--{invariant}").strip("._")[:180] + ".py"


class _Recorder:
    """The adapter seen through its recording sessions: what the replay starts, it records."""

    def __init__(self, inner: Any):
        self.inner, self.session = inner, None
        self.name, self.version = inner.name, inner.version
        self.cannot_show: frozenset[str] = getattr(inner, "cannot_show", frozenset())

    def supports(self, requires: frozenset[str]) -> Any:
        return self.inner.supports(requires)

    def start(self, state: Any) -> Any:
        self.session = self.inner.start_recording(state)
        return self.session


def export_one(results_path: str, invariant_id: str, engine: str, spec: str, out: str) -> Outcome:
    """Replay one stored failure on a recording session and write its script (in the child)."""
    results = read_results(Path(results_path))
    record = stored_record(results, invariant_id, engine, results_path)
    adapter = load_in_process(spec)
    if not isinstance(adapter, Reproducible):
        why = f"the {getattr(adapter, 'name', spec)} adapter cannot export reproductions (it has no start_recording)"
        return Outcome(invariant_id, engine, None, why)
    invariant = compiled_suite().invariant(invariant_id)
    assert record.failure is not None and record.failure.counterexample is not None  # exportable() chose it
    state = codec.from_jsonable(GameState, record.failure.counterexample.state, "$.state")
    recorder = _Recorder(adapter)
    now = replay(engine, recorder, invariant, Scenario(state, decode_params(record.failure.counterexample)))
    if now.failure is None or not isinstance(recorder.session, Recording):
        return Outcome(invariant_id, engine, None, f"the replay now ends {now.status}: {clean_text(now.reason or '')}")
    texts = {r.id: r.text for r in results.rulings}
    deviation = Deviation(
        invariant_id,
        tuple((rid, texts.get(rid, "(text not in the results file)")) for rid in now.rulings),
        now.failure.message,
        now.failure.expected,
        now.failure.observed,
    )
    target = Path(out) / file_name(engine, invariant_id)
    target.write_text(recorder.session.reproduction(deviation), encoding="utf-8")
    return Outcome(invariant_id, engine, str(target), f"{now.status}: {clean_text(now.failure.message, 160)}")


def _child(conn: Any, args: tuple[str, str, str, str, str]) -> None:
    try:
        conn.send(export_one(*args))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent as this export's outcome
        conn.send(Outcome(args[1], args[2], None, f"the export failed: {type(exc).__name__}: {clean_text(exc, 300)}"))


def contained(args: tuple[str, str, str, str, str], timeout: float = EXPORT_TIMEOUT) -> Outcome:
    """:func:`export_one` in a child process of its own: a crash or a hang costs this export."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, args), daemon=True)
    child.start()
    send.close()
    try:
        if receive.poll(timeout):
            outcome: Outcome = receive.recv()
            return outcome
        why = f"the export took longer than {timeout:g}s (the engine hangs?)"
    except EOFError:
        why = "the export's process ended without an answer (the engine crashed?)"
    finally:
        child.join(5)
        if child.is_alive():
            child.kill()
            child.join()
    return Outcome(args[1], args[2], None, why)


def export_all(
    results: Results, results_path: Path, out: Path, invariant: str | None, engine: str | None
) -> list[Outcome]:
    """Export every chosen failure into ``out`` (created), one child process each."""
    records = exportable(results, invariant, None)
    if not records:
        raise ExportError(f"{results_path} holds no failure with a stored counterexample to export")
    out.mkdir(parents=True, exist_ok=True)
    outcomes = []
    for record in records:
        spec = engine or trusted_engine(record.engine, str(results_path))
        outcomes.append(contained((str(results_path), record.invariant, record.engine, spec, str(out))))
    return outcomes


def cmd_export(args: argparse.Namespace) -> int:
    """``replay --export DIR``: every stored failure (of ``--invariant`` when given) written as a
    standalone reproduction (:mod:`harness.export`); one line per failure."""
    if args.export.exists() and not args.export.is_dir():
        raise ReplayError(f"--export {str(args.export)!r} is an existing file, not a directory")
    try:
        results = read_results(args.results)
    except OSError as exc:
        raise ReplayError(f"cannot read {args.results}: {exc.strerror or exc}") from None
    except ResultsError as exc:
        raise ReplayError(str(exc)) from None
    try:
        outcomes = export_all(results, args.results, args.export, args.invariant, args.engine)
    except ExportError as exc:
        raise ReplayError(str(exc)) from None
    for outcome in outcomes:
        print(outcome.line())
    written = sum(1 for o in outcomes if o.path)
    print(f"exported {written} of {len(outcomes)} failures into {args.export}")
    return 0 if written == len(outcomes) else 1


__all__ = ["ExportError", "Outcome", "cmd_export", "export_all", "export_one", "exportable", "file_name"]
