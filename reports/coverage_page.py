"""The coverage page: the CR map (:mod:`reports.cr_map`) as one self-contained HTML file.

Written as ``coverage.html`` beside a run's ``report.html`` and by ``mtg-conformance coverage
--out``. It shares the report's environment (autoescape on) and style; it has no scripts and
loads nothing. Each rule's row has the anchor ``#cr-<number>`` (``#cr-702.19b``), the same in
every run, so the report's ruling table and other documents can link to a rule.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from reports.atomic import write_text_atomic
from reports.cr_map import DEFAULT_REASON, CRMap
from reports.templating import environment


@dataclass(frozen=True)
class CoveragePage:
    map: CRMap
    default_reason: str = DEFAULT_REASON


def render_coverage_page(crmap: CRMap) -> str:
    """The map as one HTML document."""
    return environment().get_template("coverage.html.j2").render(page=CoveragePage(crmap))


def write_coverage_page(crmap: CRMap, path: str | os.PathLike[str]) -> Path:
    """Render and write the page atomically; returns the path."""
    return write_text_atomic(path, render_coverage_page(crmap))


__all__ = ["CoveragePage", "render_coverage_page", "write_coverage_page"]
