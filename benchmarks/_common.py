"""Shared bits of the benchmark scripts: where the CLI is, and a scratch directory per run."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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


def engine_run_arguments(description: str) -> argparse.Namespace:
    """The options of a benchmark that runs invariants on one engine in this process: --engine,
    --profile, --repeat, --invariant (repeatable)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--engine", default="reference")
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--invariant", action="append", default=[])
    return parser.parse_args()


def chosen_invariants(only: list[str]) -> list[Any]:
    """The compiled invariants ``only`` names (all when empty), with the settings profiles
    registered. Imported here, after the arguments are read, for start-up time: --help and a bad
    option load nothing of the project."""
    from harness.plan import compiled_suite, select_invariants
    from harness.profiles import register_profiles

    register_profiles()
    suite = compiled_suite()
    return [suite.invariant(i) for i in select_invariants(suite, only)]
