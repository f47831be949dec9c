"""The code stays lint-clean and type-clean: ``ruff check`` and ``mypy`` (configured in
pyproject.toml) report nothing. Run here so a finding fails the suite locally, not only in CI.
The format check (``ruff format --check``) runs in CI only: it is a matter of layout, not of
behaviour, and a test should not fail on a reflowed line."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m module args`` from the project root, with this interpreter (the venv's)."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    done = run_tool("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing() -> None:
    # The packages to check come from [tool.mypy] in pyproject.toml; the cache is .mypy_cache.
    done = run_tool("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
