"""The layers of docs/architecture.md import one way: the contracts in pyproject.toml hold."""

from __future__ import annotations

from pathlib import Path

import pytest

importlinter_cli = pytest.importorskip("importlinter.cli", reason="import-linter is in the test extra")

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert importlinter_cli.lint_imports(config_filename=str(ROOT / "pyproject.toml")) == 0


def test_every_layer_has_a_real_docstring() -> None:
    import engines
    import generators
    import harness
    import protocol
    import reports
    import rulings

    for package in (generators, rulings, reports, protocol, harness, engines):
        doc = (package.__doc__ or "").strip()
        assert len(doc) > 80 and "placeholder" not in doc, package.__name__
