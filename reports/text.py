"""Engine text made harmless for every place it is shown: the terminal, JUnit XML, HTML, JSON.

An engine's messages, reasons, events and exported names are untrusted text. Written raw, a
control character does damage wherever it lands: ``ESC`` sequences set a terminal's title or
clear its screen, a ``NUL`` or ``ESC`` makes ``junit.xml`` ill-formed XML (so a CI dashboard
rejects the whole report), and a newline inside one record's message prints a line of its own
that can pass for the harness's summary (``== 94 passed ==``).

The one rule, used by every writer (console lines, the pytest items' failure text, JUnit, the
HTML pages): a control character is shown as its visible escape (``\\x1b``, ``\\x85``,
``\\u2028``), so a reader still sees that the engine sent it. Multi-line text (a JUnit body, an
HTML ``<pre>``) may keep its newlines and tabs; one line of console output keeps nothing.

This module lives in ``reports`` because both its users may import it: the report writers of
this package and the run layer (``harness``), which prints to the terminal.
"""

from __future__ import annotations

import re

#: C0 controls but newline and tab, DEL, the C1 controls (``\\x85`` NEL among them), the Unicode
#: line and paragraph separators, and the bidirectional overrides and isolates (which reorder what
#: a terminal shows, so a message can display text other than the one it holds), and the two
#: noncharacters XML 1.0 forbids.
_CONTROLS_KEEPING_LINES = "\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff"
_IN_BLOCK = re.compile(f"[{_CONTROLS_KEEPING_LINES}]")
_IN_LINE = re.compile(f"[\t\n{_CONTROLS_KEEPING_LINES}]")
#: Characters JSON (with ``ensure_ascii=False``) writes raw but that are control characters.
_PLAIN_SPACE = re.compile("[ \t\n]+")
_RAW_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code == 0x0A:
        return "\\n"
    if code == 0x09:
        return "\\t"
    if code == 0x0D:
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character written as its visible escape (``\\x1b``).

    With ``lines=True`` newlines and tabs stay (a block of text: a JUnit body, an HTML ``<pre>``);
    otherwise they are escaped too (``\\n``), so the text is exactly one line and cannot forge
    another. Text without control characters is returned as it is (the common case, one search)."""
    pattern = _IN_BLOCK if lines else _IN_LINE
    if pattern.search(text) is None:
        return text
    return pattern.sub(_escape, text)


def one_line(text: str) -> str:
    """``text`` as one visible console line: runs of spaces, tabs and newlines become one space
    (a message wrapped over lines reads as one), and any other control character is escaped (see
    :func:`visible`), ``\x85`` and ``\r`` included."""
    return visible(_PLAIN_SPACE.sub(" ", text).strip(" "))


def block(text: str, indent: str = "  ") -> str:
    """``text`` as a visible block of lines (see :func:`visible`), each line indented: an engine's
    captured output keeps its lines, but none of them starts where the harness's own lines start,
    so none passes for a summary line."""
    shown = visible(text, lines=True)
    return "\n".join(indent + line if line else line for line in shown.split("\n"))


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(text: str) -> str:
    """JSON text (as ``json.dumps(..., ensure_ascii=False)`` writes it) with the control
    characters it leaves raw (DEL, C1, line separators, bidi controls) written as ``\\uXXXX``
    escapes: the same JSON value, losslessly, with no raw control character in the file. Safe on
    any JSON text: those characters can only occur inside strings."""
    if _RAW_IN_JSON.search(text) is None:
        return text
    return _RAW_IN_JSON.sub(_json_escape, text)


__all__ = ["block", "json_text", "one_line", "visible"]
