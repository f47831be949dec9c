"""Hostile text and hostile values (issue 27, items 1, 2, 4, 8 and 11): each misbehaving adapter
of ``fault_values_engines`` and the outcome it must have (docs/reliability.md, "Hostile text and
values"): a verdict that names the engine's fault, nothing lost, an honest exit status, and
artifacts a CI can always parse."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import threading
import xml.dom.minidom
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fault_engines import matrix_state
from fault_values_engines import HOSTILE, RAW_CONTROLS
from test_fault_matrix import MATRIX_LIMITS, _invariant

from harness import limits, signals
from harness.expectations import compare, gate_report, parse_expectations
from harness.isolation import IsolatedEngine
from harness.plugin import failure_lines
from harness.replay import replay_case, verdict_line
from harness.runner import run_case
from harness.suite import failure_text
from protocol import codec
from protocol.model import Action, ActionKind, AttackTarget, GameState, TargetKind
from protocol.probe import Scenario
from reports.diff import diff_results, format_diff
from reports.results import EngineInfo, Failure, ResultRecord, Results, RunInfo, read_results
from reports.text import json_text, one_line, visible

HERE = Path(__file__).resolve().parent
ACTIVATION = "ninjutsu.reveal-and-return/ninjutsu/reveal-and-return-on-activation"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(HERE.parent), env.get("PYTHONPATH", "")])
    return env


def cli(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[bytes]:
    """The CLI in a subprocess; its output kept as bytes, so nothing a decoder does hides a byte."""
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], cwd=cwd, capture_output=True, timeout=timeout, env=_env()
    )


# -- items 1 and 2: hostile text --------------------------------------------------------------


def test_visible_shows_every_control_character_as_an_escape() -> None:
    shown = visible(HOSTILE)
    assert not re.search(RAW_CONTROLS, shown) and "\n" not in shown
    assert "\\x1b[2J" in shown and "\\x00" in shown and "\\x85" in shown and "\\x7f" in shown
    assert "\\n== 94 passed" in shown
    block = visible("a\n\tb\x1b", lines=True)
    assert block == "a\n\tb\\x1b"
    assert visible("plain text, ünïcode") == "plain text, ünïcode"
    assert one_line("x\n== 94 passed ==\n") == "x == 94 passed =="


def test_json_text_is_lossless() -> None:
    text = json.dumps({"m": "a\x85b\x7f\u2028c"}, ensure_ascii=False)
    safe = json_text(text)
    assert not re.search(RAW_CONTROLS, safe) and "\u2028" not in safe
    assert json.loads(safe) == json.loads(text)


class _Strict(HTMLParser):
    """Collects the text of an HTML page (a parse that must get through the whole page)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _assert_clean_console(output: bytes) -> str:
    text = output.decode("utf-8")
    assert not re.search(RAW_CONTROLS, text), re.findall(RAW_CONTROLS, text)
    assert "\r" not in text
    forged = [line for line in text.splitlines() if line.startswith("== 94 passed") or line.strip() == "pass"]
    assert not forged, forged
    return text


@pytest.mark.slow
@pytest.mark.parametrize("workers", [(), ("-n", "1")], ids=["in-process", "xdist"])
def test_a_hostile_run_writes_artifacts_a_strict_parser_reads_and_a_clean_console(
    tmp_path: Path, workers: tuple[str, ...]
) -> None:
    """Messages, reasons, refusals, printed output and a dying worker's stderr full of escapes,
    NUL, NEL, DEL and a forged summary line: every artifact parses, none holds a raw control
    character, the console shows them as ``\\x1b``-style text, and the verdicts are the engines'."""
    out = tmp_path / "o"
    done = cli(
        "run",
        *workers,
        "--profile",
        "ci",
        "-v",
        "--engine",
        "fault_values_engines:HostileRaise",
        "--engine",
        "fault_values_engines:HostileUnsupported",
        "--engine",
        "fault_values_engines:HostileRefuse",
        "--engine",
        "isolated:fault_values_engines:HostileDies",
        "--invariant",
        ACTIVATION,
        "--out",
        str(out),
        cwd=tmp_path,
    )
    stdout = _assert_clean_console(done.stdout)
    _assert_clean_console(done.stderr)
    assert done.returncode == 1, stdout
    assert "\\x1b[1;31mthread 'main' panicked" in stdout  # shown, as text
    assert "ERROR fault_values_engines:HostileRaise" in stdout
    assert "Captured stdout call" in stdout and "\n  == 94 passed in 0.01s ==" in stdout  # shown, indented

    # results.json: the engine's text kept as it was, no raw control character in the file.
    raw = (out / "results.json").read_text(encoding="utf-8")
    assert not re.search(RAW_CONTROLS, raw)
    statuses = {r.engine: r for r in read_results(out / "results.json").results}
    assert statuses["fault_values_engines:HostileRaise"].status == "error"
    assert "\x1b[2J" in (statuses["fault_values_engines:HostileRaise"].reason or "")
    assert statuses["fault_values_engines:HostileUnsupported"].status == "unsupported"
    assert statuses["fault_values_engines:HostileRefuse"].status == "fail"
    assert "\x1b[1;31m" in statuses["fault_values_engines:HostileRefuse"].failure.observed
    died = statuses["isolated:fault_values_engines:HostileDies"]
    assert died.status == "error" and "exit code 101" in (died.reason or "") and "panicked" in (died.reason or "")

    # junit.xml: well-formed for two strict parsers, the escapes visible.
    junit_text = (out / "junit.xml").read_text(encoding="utf-8")
    assert not re.search(RAW_CONTROLS, junit_text)
    root = ET.parse(out / "junit.xml").getroot()
    xml.dom.minidom.parse(str(out / "junit.xml"))
    messages = [node.get("message", "") for node in root.iter() if node.tag in ("error", "failure", "skipped")]
    assert len(messages) == 4 and any("\\x1b[2J" in m for m in messages)
    assert all(not re.search(RAW_CONTROLS, m) for m in messages)

    # report.html: autoescaped, no raw control character, the escapes shown as text.
    html = (out / "report.html").read_text(encoding="utf-8")
    assert not re.search(RAW_CONTROLS, html)
    parser = _Strict()
    parser.feed(html)
    parser.close()
    shown = "".join(parser.text)
    assert "\\x1b[1;31mthread 'main' panicked" in shown and "\\x00" in shown and "\\x85" in shown
    assert "<script" not in html.lower()


def _hostile_results(status: str, message: str) -> Results:
    record = ResultRecord(
        engine="e",
        invariant=f"fault/{status}",
        rulings=("fault.values",),
        kind="outcome",
        status=status,  # type: ignore[arg-type]
        reason=message if status == "error" else None,
        failure=Failure(message=message, expected="x", observed=message) if status == "fail" else None,
    )
    run = RunInfo("s", "f", "ci", None, (EngineInfo("e", HOSTILE),), "c", "0", 0.0)
    return Results(run=run, results=(record,))


def test_every_console_writer_shows_engine_text_as_one_visible_line() -> None:
    """The summary lines, the diff, the gate and replay print the engine's text: none may print a
    raw control character or a line of its own."""
    failing, erroring = _hostile_results("fail", HOSTILE), _hostile_results("error", HOSTILE)
    passing = _hostile_results("pass", "")
    printed = [
        *failure_lines(failing),
        *failure_lines(erroring),
        format_diff(diff_results(passing, failing)),
        format_diff(diff_results(failing, erroring)),
        gate_report(compare(failing, parse_expectations("")), 1, "expectations.toml"),
        verdict_line(failing.results[0], erroring.results[0]),
        failure_text(failing.results[0], None),
        failure_text(erroring.results[0], None),
    ]
    for text in printed:
        assert not re.search(RAW_CONTROLS, text) and "\r" not in text, text
        assert not [line for line in text.splitlines() if line.startswith("== 94") or line.strip() == "pass"], text
        assert "\\x1b" in text, text


# -- items 4 and 8: values an in-process engine exports are held to the codec's rules ----------

#: (engine class name, mode, status, pattern of the reason)
VALUES: list[tuple[str, str, str, str]] = [
    *[
        (f"Value_{bad.replace('-', '_')}", "in", "error", rf"adapter contract: state\(\) exported .*{path}")
        for bad, path in (
            ("nan-life", r"state\.players\[0\]\.life: expected an integer, got float nan"),
            ("inf-life", r"state\.players\[0\]\.life: expected an integer, got float inf"),
            ("float-life", r"state\.players\[0\]\.life: expected an integer, got float 20\.0"),
            ("list-hand", r"state\.players\[0\]\.hand: expected a tuple, got list"),
            ("deep-hand", r"state\.players\[0\]\.hand\[0\]: expected a string, got tuple"),
            ("self-reference", r"state\.players\[0\]\.hand: expected a tuple, got list"),
            ("bool-turn", r"state\.turn: expected an integer, got bool"),
            ("str-step", r"state\.step: expected a Step, got str"),
        )
    ],
    ("Value_nan_life", "iso", "error", r"broke the adapter contract in state: .*life: expected an integer"),
    ("Value_inf_life", "iso", "error", r"broke the adapter contract in state: .*life: expected an integer"),
    ("Value_deep_hand", "iso", "error", r"RecursionError in state"),
    ("Value_self_reference", "iso", "error", r"RecursionError in state"),
    (
        "NanEvent",
        "in",
        "error",
        r"adapter contract: apply\(P0 pass-priority\) exported .*: events\[0\]\.amount: expected an integer, got float nan",
    ),
    ("NanEvent", "iso", "error", r"broke the adapter contract in apply: .*amount"),
    (
        "FloatAction",
        "in",
        "error",
        r"adapter contract: legal_actions\(\) exported .*: actions\[1\]\.player: expected an integer, got float 0\.0",
    ),
    ("FloatAction", "iso", "error", r"broke the adapter contract in legal_actions"),
    ("DeepAnswer", "iso", "error", r"broke the protocol: answer to \w+ is not JSON"),
]


@pytest.fixture
def matrix_limits() -> Iterator[limits.Limits]:
    """The fault matrix's limits (tests/test_fault_matrix.py), with the harness's signal handling."""
    before = limits.current()
    limits.configure(MATRIX_LIMITS)
    signals.install()
    try:
        yield MATRIX_LIMITS
    finally:
        limits.configure(before)


def _adapter(name: str, mode: str) -> object:
    import fault_values_engines

    return (
        getattr(fault_values_engines, name)()
        if mode == "in"
        else IsolatedEngine(f"fault_values_engines:{name}", python_path=[HERE])
    )


@pytest.mark.parametrize(("name", "mode", "status", "pattern"), VALUES, ids=[f"{n}-{m}" for n, m, _, _ in VALUES])
def test_an_export_the_model_cannot_hold_is_the_engines_fault(
    name: str, mode: str, status: str, pattern: str, matrix_limits: limits.Limits
) -> None:
    """A NaN, an infinity, a float or bool where an integer belongs, a list where a tuple belongs,
    a loop, a nesting 50,000 deep: an ``error`` naming the engine's broken contract and the path of
    the value (never "harness error"), with its counterexample, trace and replay command kept,
    and a record that can be written."""
    if mode == "in" and threading.current_thread() is not threading.main_thread():
        pytest.skip("in-process time limits need the main thread")
    adapter = _adapter(name, mode)
    try:
        record = run_case(f"{mode}:{name}", adapter, _invariant(), profile="ci", seed=None)  # type: ignore[arg-type]
    finally:
        if isinstance(adapter, IsolatedEngine):
            adapter.close()
    assert record.status == status, (record.status, record.reason)
    assert re.search(pattern, record.reason or ""), record.reason
    assert "harness error" not in (record.reason or "")
    failure = record.failure
    assert failure is not None and failure.counterexample is not None, "the counterexample was lost"
    assert failure.counterexample.state == codec.to_jsonable(matrix_state())
    assert failure.reproduce.startswith("mtg-conformance replay")
    if name.startswith("Value_"):  # a state exported after the first action: that step is kept
        assert [step.action for step in failure.trace] == ["P0 pass-priority"], "the trace was lost"
    run = RunInfo("s", "f", "ci", None, (EngineInfo("e", "1"),), "c", "0", 0.0)
    text = Results(run=run, results=(record,)).to_json()
    assert json.loads(text)["results"][0]["status"] == status


def test_a_state_the_decoder_builds_passes_the_check() -> None:
    """The check is the decoder's rule, not a stricter one: a state decoded from JSON passes it (the
    whole suite runs the reference engine's exports through it as well)."""
    state = codec.from_jsonable(GameState, codec.to_jsonable(matrix_state()))
    codec.check(GameState, state)
    codec.check(GameState, matrix_state(), "state", {})


# -- item 8: what the adapter says about itself ------------------------------------------------


@pytest.mark.parametrize("mode", ["in", "iso"])
def test_a_support_answer_that_is_no_bool_is_an_error_record(mode: str, matrix_limits: limits.Limits) -> None:
    adapter = _adapter("UnboolableSupport", mode)
    try:
        record = run_case(f"{mode}:unboolable", adapter, _invariant(), profile="ci", seed=None)  # type: ignore[arg-type]
    finally:
        if isinstance(adapter, IsolatedEngine):
            adapter.close()
    assert record.status == "error"
    assert "no truth value" in (record.reason or "") and "harness error" not in (record.reason or "")
    if mode == "in":
        assert "adapter contract: supports() answered with an ok of type _NoBool" in (record.reason or "")


def test_an_unboolable_support_in_a_run_is_recorded_not_lost(tmp_path: Path) -> None:
    """Through the CLI: an error record per case, the run complete, exit status 1 (not 4)."""
    out = tmp_path / "o"
    done = cli(
        "run", "--engine", "fault_values_engines:UnboolableSupport", "--invariant", "mana.could-produce",
        "--out", str(out), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout.decode() + done.stderr.decode()
    results = read_results(out / "results.json")
    assert results.run.complete and len(results.results) == 3
    assert all(r.status == "error" and "not a bool" in (r.reason or "") for r in results.results)


@pytest.mark.slow
def test_a_version_that_raises_costs_that_engine_its_cases_only(tmp_path: Path) -> None:
    """A multi-engine run: the engine whose ``version`` raises (in-process and isolated) gets an
    ``error`` in each of its cases; the reference engine is judged as usual; the run completes."""
    out = tmp_path / "o"
    engines = ["fault_values_engines:RaisingVersion", "isolated:fault_values_engines:RaisingVersion", "reference"]
    args = [a for e in engines for a in ("--engine", e)]
    done = cli("run", *args, "--invariant", "mana.could-produce", "--out", str(out), cwd=tmp_path)
    assert done.returncode == 1, done.stdout.decode() + done.stderr.decode()
    results = read_results(out / "results.json")
    assert results.run.complete
    by_engine: dict[str, list[str]] = {}
    for r in results.results:
        by_engine.setdefault(r.engine, []).append(r.status)
    assert by_engine["reference"] == ["pass"] * 3
    for engine in engines[:2]:
        assert by_engine[engine] == ["error"] * 3, by_engine
    reasons = [r.reason or "" for r in results.results if r.engine == engines[0]]
    assert all("version raised RuntimeError: engine library not initialised" in reason for reason in reasons)
    versions = {e.name: e.version for e in results.run.engines}
    assert versions[engines[0]].startswith("unknown (RuntimeError")


# -- item 11: a state that changes when read, an action written into ----------------------------


@pytest.mark.parametrize("mode", ["in", "iso"])
def test_a_state_that_changes_when_read_is_the_engines_fault(mode: str, matrix_limits: limits.Limits) -> None:
    """Each read of its state costs a player a life: two reads with no action between them differ,
    an ``error`` naming the field, with the counterexample kept; the healthy engine passes."""
    adapter = _adapter("ChangesOnRead", mode)
    try:
        record = run_case(f"{mode}:changes", adapter, _invariant(), profile="ci", seed=None)  # type: ignore[arg-type]
    finally:
        if isinstance(adapter, IsolatedEngine):
            adapter.close()
    assert record.status == "error", (record.status, record.reason)
    assert "state() changed between two reads with no action between them: player 1 life:" in (record.reason or "")
    assert record.failure is not None and record.failure.counterexample is not None
    assert run_case("good", _adapter("_SupportsAll", "in"), _invariant(), profile="ci", seed=None).status == "pass"  # type: ignore[arg-type]


def _attack_check(probe, scenario) -> None:  # type: ignore[no-untyped-def]
    attack = Action(
        ActionKind.DECLARE_ATTACKERS, 0, source="c1", attacks=(("c1", AttackTarget(TargetKind.PLAYER, player=1)),)
    )
    probe.require(attack, "the check applies this action")


def test_an_engine_that_writes_into_its_action_changes_neither_the_check_nor_the_trace(
    matrix_limits: limits.Limits,
) -> None:
    """The frozen Action can still be written with ``object.__setattr__`` (and the attack target
    inside it): the engine gets a copy, so the record shows the action the check applied."""
    invariant = dataclasses.replace(_invariant(), check=_attack_check)
    record = run_case("in:scribbles", _adapter("ScribblesOnAction", "in"), invariant, profile="ci", seed=None)  # type: ignore[arg-type]
    assert record.status == "fail", (record.status, record.reason)
    failure = record.failure
    assert failure is not None
    shown = [step.action for step in failure.trace] + [failure.expected, failure.observed]
    assert shown[0].startswith("P0 declare-attackers c1"), shown
    assert "player 1" in shown[0] or "player:1" in shown[0], shown
    assert not any("scribbled" in text or "P1 " in text or "9" in text for text in shown), shown


@pytest.mark.parametrize("name", ["UnboolableSupport", "RaisingVersion"])
def test_a_replay_asks_the_adapter_as_a_search_does(name: str, matrix_limits: limits.Limits) -> None:
    """``replay`` (and the minimization pass, which replays) gets the same ``error`` record, not an
    exception, from an adapter whose answer about itself is broken."""
    record = replay_case(name, _adapter(name, "in"), _invariant(), Scenario(matrix_state(), None))  # type: ignore[arg-type]
    assert record.status == "error" and "adapter contract" in (record.reason or ""), record.reason
