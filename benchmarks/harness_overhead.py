"""What the harness costs on top of the engine: a run's CPU time over the raw engine calls it made.

    python benchmarks/harness_overhead.py [--engine reference] [--profile ci] [--repeat 3] [--invariant ID ...]

Each repeat is one pair, measured back to back in this process (one core, CPU seconds):

1. the run: every invariant (or those named) checked on the engine with ``run_case``, as one
   ``-n 1`` run does, the engine's sessions recorded (the state each started from and every
   ``state``/``legal_actions``/``apply`` call, in order);
2. the raw replay: the same calls made again on a fresh engine, nothing else (no Hypothesis, no
   generators, no consistency checks, no invariant logic).

It prints, per repeat, both CPU times and their ratio harness/raw, then the median ratio. A
recording run costs a little more than a plain one (one list append per call), so the ratio is,
if anything, slightly high.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import chosen_invariants, engine_run_arguments, machine

from protocol.adapter import ActionRefused, EngineAdapter, Session
from protocol.model import Action, GameState


@dataclass
class Recording:
    """One session: the state it started from and its calls (name, action or None)."""

    state: GameState
    calls: list[tuple[str, Action | None]] = field(default_factory=list)


class RecordingSession:
    def __init__(self, session: Session, recording: Recording):
        self._session = session
        self._calls = recording.calls

    def state(self) -> GameState:
        self._calls.append(("state", None))
        return self._session.state()

    def legal_actions(self) -> list[Action]:
        self._calls.append(("legal_actions", None))
        return self._session.legal_actions()

    def apply(self, action: Action) -> Any:
        self._calls.append(("apply", action))
        return self._session.apply(action)

    def close(self) -> None:
        self._session.close()


class RecordingEngine:
    """An adapter that records every session of the adapter it wraps."""

    def __init__(self, adapter: EngineAdapter):
        self._adapter = adapter
        self.name = adapter.name
        self.version = adapter.version
        # The run hands an engine that declares it the drawn state uncopied: so does the recording.
        self.leaves_input_intact = getattr(adapter, "leaves_input_intact", False)
        self.recordings: list[Recording] = []

    def supports(self, requires: frozenset[str]) -> Any:
        return self._adapter.supports(requires)

    def start(self, state: GameState) -> RecordingSession:
        recording = Recording(state)
        session = self._adapter.start(state)
        self.recordings.append(recording)
        return RecordingSession(session, recording)


def replay(adapter: EngineAdapter, recordings: list[Recording]) -> None:
    """The raw engine work: every recorded session again, call for call."""
    for recording in recordings:
        session = adapter.start(recording.state)
        for name, action in recording.calls:
            if name == "apply":
                try:
                    session.apply(action)  # type: ignore[arg-type]
                except ActionRefused:
                    pass
            elif name == "state":
                session.state()
            else:
                session.legal_actions()
        session.close()


def cpu(fn: Callable[[], Any]) -> float:
    started = time.process_time()
    fn()
    return time.process_time() - started


def main() -> None:
    args = engine_run_arguments(__doc__.splitlines()[0])
    invariants = chosen_invariants(args.invariant)
    # Imported after the arguments are read, for start-up time (see _common.chosen_invariants).
    from harness.plan import engine
    from harness.runner import run_case

    print(
        f"# harness/raw on {args.engine}, profile {args.profile}, {len(invariants)} invariants, "
        f"{args.repeat} paired repeats, {machine()}"
    )
    ratios = []
    for n in range(args.repeat):
        recorder = RecordingEngine(engine(args.engine))
        statuses: dict[str, int] = {}

        def run(recorder: RecordingEngine = recorder, statuses: dict[str, int] = statuses) -> None:
            for invariant in invariants:
                record = run_case(args.engine, recorder, invariant, profile=args.profile, seed=None)  # type: ignore[arg-type]
                statuses[record.status] = statuses.get(record.status, 0) + 1

        harness = cpu(run)
        calls = sum(len(r.calls) for r in recorder.recordings)
        raw = cpu(lambda recordings=recorder.recordings: replay(engine(args.engine), recordings))
        ratios.append(harness / raw)
        print(
            f"repeat {n + 1}: run {harness:.2f} s CPU ({len(recorder.recordings)} sessions, {calls} calls, "
            f"{statuses}), raw {raw:.2f} s CPU, harness/raw {harness / raw:.2f}x"
        )
    print(f"median harness/raw: {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f})")


if __name__ == "__main__":
    main()
