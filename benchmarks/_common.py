"""Shared bits of the benchmark scripts: where the CLI is, and a scratch directory per run."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLI = [sys.executable, "-m", "harness.cli"]


def timed_cli(*args: str, cwd: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run the CLI and return its wall time in seconds and the finished process."""
    start = time.perf_counter()
    done = subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True)
    return time.perf_counter() - start, done


def scratch() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="mtg-bench-")


def machine() -> str:
    return f"{os.cpu_count()} cores, Python {sys.version.split()[0]}"
