"""``junit.xml`` from a results file, shaped for CI test dashboards (GitHub, GitLab, Jenkins).

pytest's own JUnit output names one suite ``suite`` with every case in it, prefixes messages with
"Failed: FAIL:", treats an engine crash as a failure and carries the machine's file paths. This
writer works from the results instead, so a run, a replay and a merge of shards all write the same
shape:

* one ``<testsuite>`` per engine and ruling family (``ninjutsu``, ``library-ninjutsu``, ``mana``
  ...), a ``<testcase>`` per invariant with ``classname`` = the ruling id (family.ruling, which
  dashboards group as package and class) and ``name`` = the invariant id;
* ``fail`` -> ``<failure>``, ``error`` -> ``<error>``, ``unsupported`` and ``inconclusive`` ->
  ``<skipped>`` with the reason; the message is the verdict's own sentence, the body has expected,
  observed and the replay command;
* in a gated run (records carrying the gate's expectation), a failure or error the gate expected is
  ``<skipped message="expected failure: REASON">`` (with the same body and the bug link), so a
  green gate publishes no failure, and a pass the gate expected to fail is a ``<failure>``
  ("unexpected pass"), so a red gate publishes one;
* ``classname`` is ``engine.ruling`` in every run, one engine or several, so a dashboard's history
  of a test does not break when engines are added;
* no absolute paths: the harness's install folder and the home folder are elided from any text;
* no control characters: XML 1.0 cannot hold most of them (one ``ESC`` of a coloured panic makes
  the file ill-formed and a dashboard rejects the whole report), so every text is written through
  :func:`reports.text.visible`, which shows them as ``\x1b``-style escapes.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from reports.atomic import write_text_atomic
from reports.results import ResultRecord, Results
from reports.text import visible


def family(record: ResultRecord) -> str:
    """The ruling family of a record: the part of its (first) ruling id before the first dot."""
    ruling = record.rulings[0] if record.rulings else record.invariant.split("/")[0]
    return ruling.split(".")[0]


def _scrub(text: str) -> str:
    """Elide machine paths (the harness's install folder, the home folder) from a message."""
    root = str(Path(__file__).resolve().parents[1])
    home = os.path.expanduser("~")
    text = text.replace(root + os.sep, "").replace(root, ".")
    if home and home != os.sep:
        text = text.replace(home, "~")
    return text


def _details(record: ResultRecord) -> str:
    """The body of a failure: expected, observed, the replay command, the rulings (and the bug)."""
    failure = record.failure
    lines = []
    if failure is not None:
        if failure.expected or failure.observed:
            lines += [f"expected: {failure.expected}", f"observed: {failure.observed}"]
        if failure.reproduce:
            lines.append(f"replay: {failure.reproduce}")
    lines.append(f"rulings: {', '.join(record.rulings)}")
    if record.expectation is not None and record.expectation.bug:
        lines.append(f"bug: {record.expectation.bug}")
    return _scrub("\n".join(lines))


def outcome(record: ResultRecord) -> str:
    """How a dashboard counts the record: ``failure``, ``error``, ``skipped`` or ``passed``."""
    if record.known_issue:
        return "skipped"
    if record.unexpected and record.status == "pass":
        return "failure"
    if record.status in ("fail", "error"):
        return "failure" if record.status == "fail" else "error"
    return "passed" if record.status == "pass" else "skipped"


def _testcase(record: ResultRecord, classname: str) -> ET.Element:
    case = ET.Element("testcase", classname=classname, name=record.invariant, time=f"{record.duration:.3f}")
    expectation = record.expectation
    message = record.failure.message if record.failure is not None else (record.reason or record.status)
    if record.known_issue and expectation is not None:
        why = expectation.reason or f"{expectation.status} is expected (no reason given)"
        node = ET.SubElement(
            case, "skipped", message=_scrub(f"expected failure: {why}"), type=f"expected-{record.status}"
        )
        node.text = _scrub(f"{record.status}: {message}\n") + _details(record)
    elif outcome(record) == "failure" and record.status == "pass" and expectation is not None:
        why = f" ({expectation.reason})" if expectation.reason else ""
        node = ET.SubElement(
            case,
            "failure",
            message=_scrub(f"unexpected pass: expected {expectation.status}{why}"),
            type="unexpected-pass",
        )
        node.text = _details(record)
    elif record.status in ("fail", "error"):
        tag = "failure" if record.status == "fail" else "error"
        node = ET.SubElement(case, tag, message=_scrub(message), type=record.status)
        node.text = _details(record)
    elif record.status != "pass":
        ET.SubElement(case, "skipped", message=_scrub(f"{record.status}: {record.reason or ''}".rstrip(": ")))
    return case


def _counts(records: list[ResultRecord]) -> dict[str, str]:
    outcomes = [outcome(r) for r in records]
    return {
        "tests": str(len(records)),
        "failures": str(outcomes.count("failure")),
        "errors": str(outcomes.count("error")),
        "skipped": str(outcomes.count("skipped")),
        "time": f"{sum(r.duration for r in records):.3f}",
    }


def render_junit(results: Results) -> str:
    engines = results.engines()
    root = ET.Element("testsuites", {"name": "mtg-conformance", **_counts(list(results.results))})
    for engine in engines:
        records = [r for r in results.results if r.engine == engine]
        families: dict[str, list[ResultRecord]] = {}
        for r in records:
            families.setdefault(family(r), []).append(r)
        for name, members in families.items():
            suite = ET.SubElement(
                root, "testsuite", {"name": f"{engine}: {name}", "timestamp": results.run.started, **_counts(members)}
            )
            props = ET.SubElement(suite, "properties")
            for key, value in (
                ("engine", engine),
                ("profile", results.run.profile),
                ("harness", results.run.harness_version),
                ("corpus", results.run.corpus or ""),
            ):
                ET.SubElement(props, "property", name=key, value=value)
            for r in members:
                ruling = r.rulings[0] if r.rulings else name
                suite.append(_testcase(r, f"{engine}.{ruling}"))
    _make_visible(root)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _make_visible(root: ET.Element) -> None:
    """Show the control characters of every attribute and text in the tree as escapes (see the
    module docstring): each value, whether an engine's message or a name from a results file that
    a merge read, is written through the one rule, so none is forgotten."""
    for node in root.iter():
        for key, value in node.attrib.items():
            node.attrib[key] = visible(value, lines=True)
        if node.text:
            node.text = visible(node.text, lines=True)


def write_junit(results: Results, path: str | os.PathLike[str]) -> Path:
    return write_text_atomic(path, render_junit(results))


__all__ = ["family", "outcome", "render_junit", "write_junit"]
