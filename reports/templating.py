"""The Jinja environment every page of the reports package renders with, and its filters.

Autoescape is on, always: ruling texts and engine output are untrusted and reach HTML only
through these templates. Every value a template writes also goes through
:func:`reports.text.visible` first (the environment's ``finalize``): a control character an engine
sent (an ANSI colour code, ``NUL``, ``\x85``) is shown as its escape, ``\x1b``, not written raw. The report, the diff page and the mutants page share the one
environment (built once); each page module imports it from here, so no page imports another.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from reports.anchors import stable_anchor
from reports.results import ResultRecord
from reports.text import visible


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
        finalize=shown,
    )
    env.filters["seconds"] = format_seconds
    env.globals["claim_figures"] = claim_figures
    env.globals["anchor"] = stable_anchor
    return env


def environment() -> Environment:
    """The report's Jinja environment (autoescape on), shared by every page of the package."""
    return _environment()


def shown(value: Any) -> Any:
    """A value as a template writes it: text with its control characters made visible (newlines
    kept: a ``<pre>`` block shows them as lines); markup the environment made stays markup."""
    if isinstance(value, Markup):
        return Markup(visible(str(value), lines=True))
    if isinstance(value, str):
        return visible(value, lines=True)
    return value


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


def claim_figures(record: ResultRecord) -> str:
    """Examples set aside and, per claim, the examples that exercised it ("" for a v1 record)."""
    bits = [f"{name} {count}/{record.valid_examples}" for name, count in record.claims.items()]
    if record.set_aside or record.rejected:
        bits.append(f"set aside {record.set_aside}, rejected {record.rejected}")
    return ("claims: " if record.claims else "") + "; ".join(bits)


__all__ = ["claim_figures", "environment", "format_seconds", "shown"]
