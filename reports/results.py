"""The results file (``results.json``, schema ``mtg-conformance/results`` version 4).

Version 4 added whose gap an ``unsupported`` verdict is: ``gap`` per record and per ``unmet``
requirement, one of ``engine`` (the engine lacks the mechanic), ``adapter`` (the adapter does not
map it yet) and ``card`` (the engine does not know a card the states need), as the adapter said
it (``null`` when it did not, and in files of versions 1 to 3, which are still read: a report
then classifies by the reason's words).

Version 3 added the run's ``derandomized`` flag, ``history`` (the earlier runs of ``run
--history``, for the report's trend strip) and, per record, ``failing_since`` (with
``run --history``) and ``expectation``: what the run's gate (``--expectations``) expected of
it, with the reason and bug link of the entry that decided it (``null`` in an ungated run and in
files of versions 1 and 2, which are still read).

Version 2 added the ``inconclusive`` status and, per record, ``set_aside``, ``rejected`` and
``claims`` (examples in which each claim was exercised), and ``left_out`` (the optional
mechanics the engine does not support, left out of the drawn states; absent in older version 2
files, read as none), and a failure's ``original`` (Hypothesis's shrunk counterexample, kept when
the minimization pass reports a smaller one; absent in older files); version 1 files are still read (their records have no claim counts).

A run's results are the source of every report (HTML, JUnit, baseline diff, shard merge), so they
are a versioned interchange format with a schema of their own, independent of the game model:
a counterexample's state is kept as the raw JSON object the model wrote, which lets a report be
rendered (or a results file from an older or foreign harness be read) without importing the
engine-neutral model at all.

Two deliberate differences from :mod:`protocol.codec`'s defaults:

* every key is always written, ``null`` rather than absent, because other tools (CI dashboards,
  ``jq`` scripts, other languages) read this file and should not need to know which keys may be
  left out; the reader still accepts absent optional keys;
* numbers with a fractional part (durations) are decoded here, as the model codec has no floats.

Everything else (literal checks, JSON paths in error messages) is the codec's.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from protocol.codec import DecodeError, from_jsonable, to_jsonable
from protocol.vocabulary import (
    COVERAGES,
    KINDS,
    STATUSES,
    Coverage,
    InvariantKind,
    RulingStatus,
    Status,
)
from reports.atomic import write_text_atomic
from reports.text import json_text

SCHEMA = "mtg-conformance/results"
VERSION = 4
#: How many earlier runs a results file carries from the history (the trend strip's length).
TREND_RUNS = 20

#: The schema's word lists are the protocol's (defined once, in protocol.vocabulary).
Kind = InvariantKind


class ResultsError(ValueError):
    """A results file that cannot be read: the message is one line naming the file and what is wrong."""


# -- the schema ----------------------------------------------------------------------------


@dataclass(frozen=True)
class EngineInfo:
    """An engine that took part in the run, as its adapter reported it."""

    name: str
    version: str


@dataclass(frozen=True)
class RunInfo:
    """When, how and on what a run was made: enough to tell two reports apart and to rerun it."""

    started: str  # ISO-8601, UTC
    finished: str
    profile: str  # Hypothesis settings profile: dev, ci, thorough ...
    seed: int | None
    engines: tuple[EngineInfo, ...]
    command: str
    harness_version: str
    duration: float  # seconds, wall clock of the whole run
    #: False when the run stopped early (SIGINT, SIGTERM, its time limit, a lost worker): then
    #: cases are missing and the verdicts say nothing about them.
    complete: bool = True
    #: How many (engine, invariant) cases the run set out to check (None: not recorded).
    planned: int | None = None
    #: When a search that found no deviation counts as a pass (the profile's claim rule);
    #: ``None`` in version 1 files.
    pass_rule: str | None = None
    #: Hash of the ruling corpus the run checked (:func:`corpus_hash`): ``merge`` refuses to join
    #: runs of different corpora.
    corpus: str | None = None
    #: ``I/N`` when the run was one shard of N (``run --shard``); None for a whole run or a merge.
    shard: str | None = None
    #: The profile is derandomized (``ci``): the same examples every run, with no seed to show
    #: (version 3; False in older files, which show their seed or none).
    derandomized: bool = False

    def __post_init__(self) -> None:
        _check_seconds("duration", self.duration)


@dataclass(frozen=True)
class RulingRecord:
    """One ruling of the corpus as the run saw it, with how it is covered and by which invariants.

    ``coverage`` is the compile outcome: ``template`` (an invariant family matched its text),
    ``bound`` (a hand-written invariant binds it), ``informational`` (nothing to execute;
    ``reason`` says why) or ``uncovered`` (executable, yet no invariant encodes it: a gap)."""

    id: str
    text: str
    cards: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    cr: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    status: RulingStatus = "executable"
    reason: str | None = None
    coverage: Coverage = "uncovered"
    template: str | None = None
    invariants: tuple[str, ...] = ()


@dataclass(frozen=True)
class TraceRecord:
    """One action of a failing example and the events the engine reported for it, as text.

    Not :class:`protocol.probe.TraceStep` (the live step a Probe records, holding model
    objects): this is its serialised form, each string cleaned and clipped by the run's limits
    because it came from an untrusted engine, so a report renders a results file without the
    game model and a foreign or older harness's file reads the same. The run layer converts one
    into the other; the JSON keys (``action``, ``events``) are the schema's."""

    action: str
    events: tuple[str, ...] = ()


@dataclass(frozen=True)
class Counterexample:
    """The shrunk scenario: the game state as raw JSON (the model's own encoding) and the other
    parameters Hypothesis drew. The state may be given as a model object too: it is stored as
    plain JSON, so a round trip through the file compares equal and nothing unserialisable can
    get in."""

    state: dict[str, Any]
    params: dict[str, Any] = field(default_factory=dict)
    #: The stable id of the params record (``generators.records``) when the scenario's params are a
    #: typed record, not a plain mapping: ``mtg-conformance replay`` decodes ``params`` back into
    #: it. Results of earlier versions stored ``module:QualName``; replay still reads that form.
    params_type: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "state", _plain_json(self.state, "state", want_object=True))
        object.__setattr__(self, "params", _plain_json(self.params, "params", want_object=True))


@dataclass(frozen=True)
class Failure:
    """What a failing (or erroring) check showed, with everything needed to understand and replay
    it without rerunning the search: the expectation, the observation, the shrunk scenario, the
    action trace and the command that reproduces it. ``size`` is the counterexample's size.
    ``after`` is the engine's state after the trace (raw JSON, like ``Counterexample.state``), so
    a report can show what the failing action changed; ``None`` when the engine gave none."""

    message: str
    expected: str = ""
    observed: str = ""
    counterexample: Counterexample | None = None
    trace: tuple[TraceRecord, ...] = ()
    reproduce: str = ""
    size: int | None = None
    after: dict[str, Any] | None = None
    #: Hypothesis's shrunk counterexample when the minimization pass (harness.minimize) took
    #: objects out of it: ``counterexample`` is then the 1-minimal state that fails the same way.
    original: Counterexample | None = None

    def __post_init__(self) -> None:
        if self.after is not None:
            object.__setattr__(self, "after", _plain_json(self.after, "after", want_object=True))


@dataclass(frozen=True)
class Unmet:
    """One requirement (a mechanics registry name, or ``card:<name>``) the engine answered no to,
    asked on its own, with the engine's reason: lets a report say *which* mechanic is missing and
    whether the engine or its adapter lacks it, instead of one joined sentence per invariant."""

    requirement: str
    reason: str = ""
    #: Whose gap (``engine``, ``adapter`` or ``card``) as the adapter said it (version 4); None: not said.
    gap: str | None = None

    def __post_init__(self) -> None:
        _check_gap(self.gap)


@dataclass(frozen=True)
class Expectation:
    """What the gate expected of one record, kept in the record so that every artifact (the
    report, ``junit.xml``, a dashboard reading ``results.json``) can tell a known deviation from a
    new one without the expectations file. ``key`` is the file's entry that decided it (``None``:
    no entry named the invariant, so it was expected to pass); ``source`` is the file."""

    status: Status
    reason: str = ""
    bug: str = ""
    key: str | None = None
    source: str = ""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"expected status {self.status!r} is not one of {STATUSES}")


@dataclass(frozen=True)
class FailingSince:
    """How long a failing or erroring result has been failing, from ``run --history``: the start
    of the earliest run of the unbroken streak (runs that did not check it are skipped) and how
    many runs the streak holds, this one included."""

    started: str
    runs: int = 1


@dataclass(frozen=True)
class ResultRecord:
    """The verdict of one invariant on one engine over all examples Hypothesis drew for it.

    ``examples`` counts every example the check was run on; ``set_aside`` those a precondition
    of the check set aside (the drawn scenario is not what the claim is about); ``rejected``
    those the engine could not load. ``claims`` maps each claim of the invariant to the number
    of examples in which it was exercised; a pass needs each often enough (the profile's rule),
    else the verdict is ``inconclusive`` with the shortfall as ``reason``."""

    engine: str
    invariant: str
    rulings: tuple[str, ...]
    kind: Kind
    status: Status
    examples: int = 0
    examples_to_first_failure: int | None = None
    duration: float = 0.0
    reason: str | None = None  # why unsupported or inconclusive, or the error in one line
    failure: Failure | None = None
    set_aside: int = 0
    rejected: int = 0
    claims: dict[str, int] = field(default_factory=dict)
    unmet: tuple[Unmet, ...] = ()  # for unsupported: each requirement the engine lacks
    #: Optional mechanics of the drawn states (a planeswalker as attack target, first strike ...)
    #: the engine does not support, so no drawn state held them: the verdict covers the rest.
    left_out: tuple[str, ...] = ()
    #: The gate's expectation for this record (version 3); None when the run was not gated.
    expectation: Expectation | None = None
    #: For a fail or error of a run with ``--history``: since when it fails (version 3).
    failing_since: FailingSince | None = None
    #: For unsupported: whose gap it is, as the adapter said it (version 4; None: not said, or
    #: its requirements differ: see ``unmet``).
    gap: str | None = None

    @property
    def expected(self) -> bool:
        """Gated, and the verdict is the one the gate expected."""
        return self.expectation is not None and self.expectation.status == self.status

    @property
    def known_issue(self) -> bool:
        """A failure or error the gate expected: a known deviation, not a new one."""
        return self.expected and self.status in ("fail", "error")

    @property
    def unexpected(self) -> bool:
        """Gated, and the verdict is not the expected one (a new failure, a fix, a change)."""
        return self.expectation is not None and self.expectation.status != self.status

    @property
    def valid_examples(self) -> int:
        """Examples that were neither set aside nor rejected: those a claim could be tested in."""
        return max(0, self.examples - self.set_aside - self.rejected)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status {self.status!r} is not one of {STATUSES}")
        if self.kind not in KINDS:
            raise ValueError(f"kind {self.kind!r} is not one of {KINDS}")
        if self.status == "fail" and self.failure is None:
            raise ValueError(f"{self.engine}/{self.invariant}: a fail needs its failure (the report shows it)")
        for name, count in (
            ("examples", self.examples),
            ("set_aside", self.set_aside),
            ("rejected", self.rejected),
            *((f"claims[{c!r}]", n) for c, n in self.claims.items()),
        ):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"{name} must be a count >= 0, got {count!r}")
        _check_seconds("duration", self.duration)
        _check_gap(self.gap)


#: The values of a ``gap`` (``protocol.adapter.Gap``): the engine lacks the mechanic, the adapter
#: does not map it yet, the engine does not know the card.
GAPS = ("engine", "adapter", "card")


def _check_gap(gap: str | None) -> None:
    if gap is not None and gap not in GAPS:
        raise ValueError(f"gap {gap!r} is not one of {GAPS}")


@dataclass(frozen=True)
class PastRun:
    """One earlier run from ``run --history``, as the report's trend strip shows it: when it
    started, its exit status, and per engine its totals (status -> count)."""

    started: str
    exit: int
    totals: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Results:
    """A whole run: what ran, the rulings it checked and one record per (engine, invariant);
    with ``run --history``, the earlier runs (oldest first, at most :data:`TREND_RUNS`)."""

    run: RunInfo
    rulings: tuple[RulingRecord, ...] = ()
    results: tuple[ResultRecord, ...] = ()
    history: tuple[PastRun, ...] = ()

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for ruling in self.rulings:
            if ruling.id in seen:
                raise ValueError(f"ruling {ruling.id!r} is listed twice")
            seen.add(ruling.id)
        pairs: set[tuple[str, str]] = set()
        for record in self.results:
            pair = (record.engine, record.invariant)
            if pair in pairs:
                raise ValueError(f"invariant {record.invariant!r} has two results for engine {record.engine!r}")
            pairs.add(pair)

    def totals(self, engine: str | None = None) -> dict[str, int]:
        """How many records have each status (every key, in STATUSES order), for one engine
        or for all. Computed, never stored as truth, so it cannot disagree with the records."""
        counts: dict[str, int] = dict.fromkeys(STATUSES, 0)
        for record in self.results:
            if engine is None or record.engine == engine:
                counts[record.status] += 1
        return counts

    def engines(self) -> tuple[str, ...]:
        """Engine names: those the run declares, in its order, then any others the records name."""
        names = [e.name for e in self.run.engines]
        for record in self.results:
            if record.engine not in names:
                names.append(record.engine)
        return tuple(names)

    def ruling(self, ruling_id: str) -> RulingRecord | None:
        for ruling in self.rulings:
            if ruling.id == ruling_id:
                return ruling
        return None

    # -- serialisation --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the file, keys in schema order, ``totals`` included for readers."""
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "run": _encode(self.run),
            "rulings": _encode(self.rulings),
            "results": _encode(self.results),
            "history": _encode(self.history),
            "totals": self.totals(),
        }

    def to_json(self) -> str:
        # json_text: no raw control character in the file (DEL, C1 ...), the same values.
        return json_text(json.dumps(self.to_dict(), indent=2, ensure_ascii=False, allow_nan=False)) + "\n"

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "results.json") -> Results:
        """Validate and decode a parsed results object; any problem raises one-line ResultsError."""
        if not isinstance(data, dict):
            raise ResultsError(f"{source}: expected a JSON object, got {type(data).__name__}")
        schema = data.get("schema")
        if schema != SCHEMA:
            said = "missing" if schema is None else repr(schema)
            raise ResultsError(f"{source}: schema is {said}, expected {SCHEMA!r}")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise ResultsError(f"{source}: version must be an integer, got {version!r}")
        if version > VERSION:
            raise ResultsError(f"{source}: version {version} is newer than this harness reads ({VERSION})")
        if version < 1:
            raise ResultsError(f"{source}: version {version} is not a results version this harness reads ({VERSION})")
        unknown = sorted(set(data) - {"schema", "version", "run", "rulings", "results", "history", "totals"})
        if unknown:
            raise ResultsError(f"{source}: $: unknown field(s) {unknown} for results version {VERSION}")
        body = {k: data[k] for k in ("run", "rulings", "results", "history") if k in data}
        try:
            results = from_jsonable(Results, body, "$")
        except DecodeError as exc:
            raise ResultsError(f"{source}: {exc}") from None
        if "totals" in data:
            stored = data["totals"]
            actual = results.totals()
            if version == 1:  # version 1 had no inconclusive status, hence no such total
                actual.pop("inconclusive")
            if stored != actual:
                raise ResultsError(f"{source}: $.totals: {stored!r} does not match the results {actual!r}")
        return results

    @classmethod
    def from_json(cls, text: str, *, source: str = "results.json") -> Results:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ResultsError(f"{source}: not JSON: {exc}") from None
        return cls.from_dict(data, source=source)


def corpus_hash(rulings: tuple[RulingRecord, ...]) -> str:
    """A short hash of the corpus content (ids, texts, status, cards, CR, sources, tags), the same
    for every run of the same corpus whatever it selected or how it compiled."""
    import hashlib

    content = [
        [r.id, r.text, r.status, list(r.cards), list(r.cr), list(r.sources), list(r.tags)]
        for r in sorted(rulings, key=lambda r: r.id)
    ]
    digest = hashlib.sha256(json.dumps(content, ensure_ascii=False, sort_keys=True).encode("utf-8"))
    return "sha256:" + digest.hexdigest()[:16]


# -- files and exit codes ------------------------------------------------------------------


def write_results(results: Results, path: str | os.PathLike[str]) -> Path:
    """Write ``results.json`` atomically (see :mod:`reports.atomic`); returns the path."""
    return write_text_atomic(path, results.to_json())


def read_results(path: str | os.PathLike[str]) -> Results:
    """Read and validate a results file; problems with its content raise ResultsError naming it.
    A missing or unreadable file raises the usual OSError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ResultsError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except IsADirectoryError:
        raise ResultsError(f"{path}: is a directory, not a results file") from None
    try:
        return Results.from_json(text, source=str(path))
    except RecursionError:
        raise ResultsError(f"{path}: nested too deeply to be a results file") from None


#: Exit statuses of a run (2 is a usage error, reported by the CLI before anything runs).
EXIT_OK, EXIT_FAILURES, EXIT_NOTHING_JUDGED, EXIT_INCOMPLETE = 0, 1, 3, 4
#: Verdicts that judge nothing: the engine was not (or could not be) checked.
NOT_JUDGED = frozenset({"unsupported", "inconclusive"})


def judged(results: Results) -> int:
    """How many records carry a verdict on the engine (not unsupported or inconclusive)."""
    return sum(1 for r in results.results if r.status not in NOT_JUDGED)


def exit_status(results: Results) -> int:
    """The process exit code for a run, from its records: 1 when any case failed or errored;
    else 4 when the run is incomplete (interrupted or time-limited: what did not run may fail);
    else 3 when nothing was judged (every case unsupported or inconclusive: no evidence is not
    a pass); else 0. A shard that was dealt no case (more shards than cases) is 0: nothing was
    asked of it."""
    if any(r.status in ("fail", "error") for r in results.results):
        return EXIT_FAILURES
    if not results.run.complete:
        return EXIT_INCOMPLETE
    if judged(results) == 0 and not empty_shard(results):
        return EXIT_NOTHING_JUDGED
    return EXIT_OK


def empty_shard(results: Results) -> bool:
    """A shard of a run that was dealt no case at all."""
    return results.run.shard is not None and results.run.planned == 0 and not results.results


# -- helpers -------------------------------------------------------------------------------


def _check_seconds(name: str, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number of seconds >= 0, got {value!r}")


def _plain_json(value: Any, name: str, *, want_object: bool) -> Any:
    """``value`` as plain JSON builtins (lists, not tuples), or ValueError if it is not JSON."""
    try:
        plain = json.loads(json.dumps(to_jsonable(value), allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} is not JSON: {exc}") from None
    if want_object and not isinstance(plain, dict):
        raise ValueError(f"{name} must be a JSON object, got {type(plain).__name__}")
    return plain


def _encode(value: Any) -> Any:
    """Like :func:`protocol.codec.to_jsonable`, but writes every dataclass field (``null`` too)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    return to_jsonable(value)


__all__ = [
    "COVERAGES",
    "KINDS",
    "SCHEMA",
    "STATUSES",
    "TREND_RUNS",
    "VERSION",
    "Counterexample",
    "EngineInfo",
    "Expectation",
    "FailingSince",
    "Failure",
    "ResultRecord",
    "Results",
    "ResultsError",
    "RulingRecord",
    "RunInfo",
    "TraceRecord",
    "Unmet",
    "corpus_hash",
    "exit_status",
    "judged",
    "read_results",
    "write_results",
]
