"""The benchmark scripts as modules, for the tests that gate on their figures (``benchmarks/`` is no package)."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@cache
def benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py``, loaded once and registered under its name (its dataclasses look their module up
    there, and a benchmark importing another finds it)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
