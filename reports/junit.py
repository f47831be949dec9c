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


def _testcase(record: ResultRecord, classname: str) -> ET.Element:
    case = ET.Element("testcase", classname=classname, name=record.invariant, time=f"{record.duration:.3f}")
    if record.status in ("fail", "error"):
        failure = record.failure
        message = failure.message if failure is not None else (record.reason or record.status)
        lines = []
        if failure is not None:
            if failure.expected or failure.observed:
                lines += [f"expected: {failure.expected}", f"observed: {failure.observed}"]
            if failure.reproduce:
                lines.append(f"replay: {failure.reproduce}")
        lines.append(f"rulings: {', '.join(record.rulings)}")
        tag = "failure" if record.status == "fail" else "error"
        node = ET.SubElement(case, tag, message=_scrub(message), type=record.status)
        node.text = _scrub("\n".join(lines))
    elif record.status != "pass":
        ET.SubElement(case, "skipped", message=_scrub(f"{record.status}: {record.reason or ''}".rstrip(": ")))
    return case


def _counts(records: list[ResultRecord]) -> dict[str, str]:
    return {
        "tests": str(len(records)),
        "failures": str(sum(r.status == "fail" for r in records)),
        "errors": str(sum(r.status == "error" for r in records)),
        "skipped": str(sum(r.status not in ("pass", "fail", "error") for r in records)),
        "time": f"{sum(r.duration for r in records):.3f}",
    }


def render_junit(results: Results) -> str:
    engines = results.engines()
    several = len(engines) > 1
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
                suite.append(_testcase(r, f"{engine}.{ruling}" if several else ruling))
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


__all__ = ["family", "render_junit", "write_junit"]
