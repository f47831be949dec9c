"""Hostile text and hostile values (issue 27, items 1, 2, 4, 8 and 11): each misbehaving adapter
of ``fault_values_engines`` and the outcome it must have (docs/reliability.md, "Hostile text and
values"): a verdict that names the engine's fault, nothing lost, an honest exit status, and
artifacts a CI can always parse."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.dom.minidom
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

from fault_values_engines import HOSTILE, RAW_CONTROLS

from harness.expectations import compare, gate_report, parse_expectations
from harness.plugin import failure_lines
from harness.replay import verdict_line
from harness.suite import failure_text
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


def test_a_hostile_run_writes_artifacts_a_strict_parser_reads_and_a_clean_console(tmp_path: Path) -> None:
    """Messages, reasons, refusals and a dying worker's stderr full of escapes, NUL, NEL, DEL and a
    forged summary line: every artifact parses, none holds a raw control character, the console
    shows them as ``\\x1b``-style text, and the verdicts are the engines' own."""
    out = tmp_path / "o"
    done = cli(
        "run",
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
