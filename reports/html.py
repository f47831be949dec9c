"""The HTML conformance report: one self-contained file rendered from a :class:`Results`.

The report is read from CI artifacts and mail attachments, often as ``file://`` and offline, so it
carries its CSS inline and loads nothing (a Content-Security-Policy forbids it, as a second line
of defence). Ruling texts and everything an engine says are untrusted: the Jinja environment
autoescapes every value, and the template never marks text safe.

All interpretation happens here, in plain Python that builds view objects; the template only lays
them out. Counterexample states are raw JSON objects (the report does not import the game model),
so the summary reads them defensively: a missing or odd key shows as nothing rather than failing
the whole report.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from reports.atomic import write_text_atomic
from reports.results import COVERAGES, STATUSES, VERSION, ResultRecord, Results, RulingRecord


@cache
def _environment() -> Environment:
    # autoescape=True, not select_autoescape(): the template is "report.html.j2", which the
    # default extension list (html, htm, xml) would not match, silently turning escaping off.
    env = Environment(
        loader=PackageLoader("reports", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["seconds"] = format_seconds
    env.globals["claim_figures"] = claim_figures
    return env


def format_seconds(value: float | None) -> str:
    if value is None:
        return ""
    if value < 1:
        return f"{value * 1000:.0f} ms"
    if value < 10:
        return f"{value:.2f} s"
    if value < 60:
        return f"{value:.1f} s"
    minutes, secs = divmod(round(value), 60)
    if minutes < 60:
        return f"{minutes} min {secs} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min"


# -- view objects ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One invariant's verdict on one engine, as shown in the ruling table."""

    invariant: str
    status: str  # a STATUSES value, or "not-run" when the engine has no result for it
    anchor: str | None  # the failure section to jump to, for fail and error
    title: str  # hover text: examples, duration, reason


@dataclass(frozen=True)
class Row:
    ruling: RulingRecord
    cells: tuple[tuple[Cell, ...], ...]  # per engine, in the report's engine order
    flagged: bool  # any fail or error: the "only problems" filter keeps it


@dataclass(frozen=True)
class PlayerView:
    index: str
    life: str
    zones: tuple[tuple[str, tuple[str, ...]], ...]  # (zone name, card labels), top first


@dataclass(frozen=True)
class PermanentView:
    label: str
    controller: str
    flags: tuple[str, ...]


@dataclass(frozen=True)
class StateView:
    """A compact, readable summary of a counterexample state (what a player at the table sees)."""

    facts: tuple[tuple[str, str], ...]  # turn, active player, step, priority, pending ...
    players: tuple[PlayerView, ...]
    battlefield: tuple[PermanentView, ...]
    stack: tuple[str, ...]  # top first
    params: tuple[tuple[str, str], ...]
    json: str


@dataclass(frozen=True)
class QuotedRuling:
    id: str
    text: str | None  # None when the results file does not carry the ruling


@dataclass(frozen=True)
class Problem:
    """A failure or error, with everything its section shows."""

    anchor: str
    record: ResultRecord
    rulings: tuple[QuotedRuling, ...]
    state: StateView | None


#: With more engines than this (a mutants run), the ruling table gets one results column listing
#: each engine's verdicts that exist, instead of one column per engine.
COMPACT_AFTER = 6


@dataclass(frozen=True)
class Report:
    results: Results
    engines: tuple[str, ...]
    #: Headers of the ruling table's result columns: one per engine, or one for all (compact).
    columns: tuple[str, ...]
    compact: bool
    engine_versions: dict[str, str]
    totals: dict[str, int]
    engine_totals: tuple[tuple[str, dict[str, int]], ...]
    coverage: dict[str, int]
    rows: tuple[Row, ...]
    orphans: tuple[ResultRecord, ...]  # results whose rulings this file does not list
    problems: tuple[Problem, ...]
    unsupported: tuple[ResultRecord, ...]
    statuses: tuple[str, ...] = STATUSES
    #: Records whose claims were exercised too rarely to judge (no deviation found).
    inconclusive: tuple[ResultRecord, ...] = ()
    schema_version: int = VERSION


def build_report(results: Results) -> Report:
    """Everything the template shows, worked out from the results."""
    engines = results.engines()
    compact = len(engines) > COMPACT_AFTER
    versions = {e.name: e.version for e in results.run.engines}
    columns = (
        (f"results on {len(engines)} engines",)
        if compact
        else tuple(f"{e} {versions[e]}" if versions.get(e) else e for e in engines)
    )
    by_pair = {(r.engine, r.invariant): r for r in results.results}
    problems_list = [r for r in results.results if r.status in ("fail", "error")]
    anchors = {(r.engine, r.invariant): f"problem-{i}" for i, r in enumerate(problems_list, 1)}

    rows = []
    shown: set[tuple[str, str]] = set()
    for ruling in results.rulings:
        invariants = list(ruling.invariants)
        for record in results.results:
            if ruling.id in record.rulings and record.invariant not in invariants:
                invariants.append(record.invariant)
        per_engine = []
        for engine in engines:
            cells = []
            for invariant in invariants:
                record = by_pair.get((engine, invariant))
                shown.add((engine, invariant))
                if compact and record is None:
                    continue  # a mutant is checked by the invariants of the rulings it breaks only
                label = f"{engine}: {invariant}" if compact else invariant
                cells.append(_cell(label, record, anchors.get((engine, invariant))))
            per_engine.append(tuple(cells))
        if compact:
            per_engine = [tuple(cell for cells in per_engine for cell in cells)]
        flagged = any(c.status in ("fail", "error") for cells in per_engine for c in cells)
        rows.append(Row(ruling, tuple(per_engine), flagged))

    orphans = tuple(r for r in results.results if (r.engine, r.invariant) not in shown)
    problems = tuple(
        Problem(
            anchor=anchors[(r.engine, r.invariant)],
            record=r,
            rulings=tuple(QuotedRuling(rid, _text_of(results, rid)) for rid in r.rulings),
            state=(
                state_view(r.failure.counterexample.state, r.failure.counterexample.params)
                if r.failure is not None and r.failure.counterexample is not None
                else None
            ),
        )
        for r in problems_list
    )
    coverage = dict.fromkeys(COVERAGES, 0)
    for ruling in results.rulings:
        coverage[ruling.coverage] = coverage.get(ruling.coverage, 0) + 1
    return Report(
        results=results,
        engines=engines,
        columns=columns,
        compact=compact,
        engine_versions=versions,
        totals=results.totals(),
        engine_totals=tuple((e, results.totals(e)) for e in engines) if len(engines) > 1 else (),
        coverage=coverage,
        rows=tuple(rows),
        orphans=orphans,
        problems=problems,
        unsupported=tuple(r for r in results.results if r.status == "unsupported"),
        inconclusive=tuple(r for r in results.results if r.status == "inconclusive"),
    )


def _text_of(results: Results, ruling_id: str) -> str | None:
    ruling = results.ruling(ruling_id)
    return ruling.text if ruling is not None else None


def _cell(invariant: str, record: ResultRecord | None, anchor: str | None) -> Cell:
    if record is None:
        return Cell(invariant, "not-run", None, "no result for this engine in this run")
    bits = [f"{record.examples} examples", format_seconds(record.duration), claim_figures(record)]
    if record.examples_to_first_failure is not None:
        bits.append(f"first failure after {record.examples_to_first_failure} examples")
    if record.reason:
        bits.append(record.reason)
    return Cell(invariant, record.status, anchor, "; ".join(b for b in bits if b))


def claim_figures(record: ResultRecord) -> str:
    """Examples set aside and, per claim, the examples that exercised it ("" for a v1 record)."""
    bits = [f"{name} {count}/{record.valid_examples}" for name, count in record.claims.items()]
    if record.set_aside or record.rejected:
        bits.append(f"set aside {record.set_aside}, rejected {record.rejected}")
    return ("claims: " if record.claims else "") + "; ".join(bits)


# -- counterexample summary -------------------------------------------------------------------


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _pairs(value: Any) -> list[tuple[str, Any]]:
    """(key, value) pairs stored as a JSON list of 2-lists (the model's tuple-of-pairs) or an object."""
    if isinstance(value, dict):
        return [(str(k), v) for k, v in value.items()]
    out = []
    if isinstance(value, list):
        for item in value:
            if isinstance(item, list) and len(item) == 2:
                out.append((_text(item[0]), item[1]))
    return out


def _target(value: Any) -> str:
    if isinstance(value, dict):
        if value.get("kind") == "player" or ("player" in value and value.get("player") is not None):
            return f"P{_text(value.get('player'))}"
        return f"{_text(value.get('kind', ''))} {_text(value.get('permanent', ''))}".strip()
    return _text(value)


def state_view(state: dict[str, Any], params: dict[str, Any] | None = None) -> StateView:
    """:func:`_state_view`, or the raw JSON alone when the state's shape defeats the summary (a
    results file may come from another harness or an engine's export: never a traceback)."""
    try:
        return _state_view(state, params)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
        try:
            raw = json.dumps(state, indent=1, ensure_ascii=False, default=str)
        except (ValueError, TypeError, RecursionError):
            raw = "(not displayable)"
        return StateView((("note", "this state has an unusual shape; only its JSON is shown"),), (), (), (), (), raw)


def _state_view(state: dict[str, Any], params: dict[str, Any] | None = None) -> StateView:
    """Summarise a GameState JSON object: players' life and zones, permanents with their combat
    flags, step, priority and stack. Unknown shapes degrade to less summary, never to an error."""
    state = state if isinstance(state, dict) else {}
    names: dict[str, str] = {}
    for obj in state.get("objects") or []:
        if isinstance(obj, dict) and "id" in obj:
            names[_text(obj["id"])] = _text(obj.get("name", ""))

    def label(card_id: Any) -> str:
        cid = _text(card_id)
        name = names.get(cid)
        return f"{cid} {name}" if name else cid

    facts = []
    for key, title in (
        ("turn", "turn"),
        ("active_player", "active player"),
        ("step", "step"),
        ("priority", "priority"),
    ):
        if key in state:
            value = state[key]
            facts.append((title, f"P{value}" if key in ("active_player", "priority") and isinstance(value, int) else _text(value) or "none"))
    pending = state.get("pending")
    if isinstance(pending, dict):
        facts.append(("waiting for", f"{_text(pending.get('kind'))} by P{_text(pending.get('player'))}"))
    for key, title in (("revealed", "revealed"), ("first_strikers", "first strikers")):
        if state.get(key):
            facts.append((title, ", ".join(label(c) for c in state[key] if c is not None)))

    players = []
    for player in state.get("players") or []:
        if not isinstance(player, dict):
            continue
        zones = []
        for zone, title in (
            ("hand", "hand"),
            ("library", "library (top first)"),
            ("graveyard", "graveyard"),
            ("exile", "exile"),
            ("command", "command"),
            ("mana_pool", "mana pool"),
        ):
            cards = player.get(zone)
            if isinstance(cards, list) and (cards or zone in ("hand", "library")):
                shown = [_text(c) if zone == "mana_pool" else label(c) for c in cards]
                zones.append((title, tuple(shown)))
        players.append(PlayerView(f"P{_text(player.get('index', len(players)))}", _text(player.get("life", "?")), tuple(zones)))

    battlefield = []
    for perm in state.get("battlefield") or []:
        if not isinstance(perm, dict):
            continue
        flags = []
        if perm.get("tapped"):
            flags.append("tapped")
        if perm.get("summoning_sick"):
            flags.append("summoning sick")
        if perm.get("attacking") is not None:
            flags.append(f"attacking {_target(perm['attacking'])}")
        if perm.get("blocked") is True:
            flags.append("blocked")
        elif perm.get("blocked") is False:
            flags.append("unblocked")
        if perm.get("blocking"):
            flags.append("blocking " + ", ".join(label(a) for a in perm["blocking"]))
        if perm.get("damage"):
            flags.append(f"damage {_text(perm['damage'])}")
        for kind, count in _pairs(perm.get("counters")):
            flags.append(f"{_text(count)} {kind} counter(s)")
        if perm.get("class_level") is not None:
            flags.append(f"class level {_text(perm['class_level'])}")
        if perm.get("protector") is not None:
            flags.append(f"protected by P{_text(perm['protector'])}")
        battlefield.append(PermanentView(label(perm.get("id")), f"P{_text(perm.get('controller', '?'))}", tuple(flags)))

    stack = []
    items = state.get("stack") or []
    for item in reversed(items if isinstance(items, list) else []):
        if not isinstance(item, dict):
            continue
        text = f"{_text(item.get('kind'))} {label(item.get('source'))} [{_text(item.get('ability'))}] by P{_text(item.get('controller'))}"
        choices = _pairs(item.get("choices"))
        if choices:
            text += " " + ", ".join(f"{k}={_text(v)}" for k, v in choices)
        stack.append(text)

    return StateView(
        facts=tuple(facts),
        players=tuple(players),
        battlefield=tuple(battlefield),
        stack=tuple(stack),
        params=tuple((str(k), _text(v)) for k, v in (params or {}).items()),
        json=json.dumps(state, indent=2, ensure_ascii=False),
    )


# -- rendering -------------------------------------------------------------------------------


def render_report(results: Results, diff: Any = None) -> str:
    """The report as one self-contained HTML document; with ``diff`` (a :class:`reports.diff.RunDiff`,
    from ``run --baseline``) it shows the changes since the baseline under the summary."""
    from reports.diff import SECTIONS

    return _environment().get_template("report.html.j2").render(report=build_report(results), diff=diff,
                                                                 sections=SECTIONS)


def write_report(results: Results, path: str | os.PathLike[str], diff: Any = None) -> Path:
    """Render and write the report atomically; returns the path."""
    return write_text_atomic(path, render_report(results, diff))


__all__ = ["build_report", "format_seconds", "render_report", "state_view", "write_report"]
