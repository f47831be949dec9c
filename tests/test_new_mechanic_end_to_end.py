"""CONTRIBUTING.md's "Add a new mechanic" recipe, carried out end to end in a temporary tree.

A copy of the project gets a made-up keyword mechanic (tithe, ``tests/data/new_mechanic/``) the
way the recipe says: a few anchored lines in files that exist, new modules and data files. The
test counts the files that changed, sorted into code and the rest (tests, corpus and wordings,
card data, mutants), and then uses the new mechanic through the command line of that tree:
``requires`` lists it, ``rulings`` compiles its ruling, ``run`` passes its invariant on the
reference engine, and ``mutants`` kills its mutants. A change that makes a new mechanic need a
hand-written entry somewhere else (a list, a registry, an if-chain) breaks the run or the count.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "new_mechanic"
MECHANIC = "tithe"
#: What a new mechanic may touch besides code (CONTRIBUTING: its tests, mutants and data).
NOT_CODE = ("tests/", "engines/mutants/", "rulings/corpus/", "rulings/wordings/", "rulings/cards/")
#: The most code files a new mechanic may touch (CONTRIBUTING's table, and the keyword registry
#: for a keyword mechanic).
MOST_CODE_FILES = 5
#: Folders the copy leaves out: caches, virtual environments, reports, version control.
SKIPPED = {".git", ".venv", "venv", "__pycache__", ".hypothesis", ".mypy_cache", ".ruff_cache", ".pytest_cache"}


def copy_project(to: Path) -> None:
    def ignore(folder: str, names: list[str]) -> set[str]:
        return {n for n in names if n in SKIPPED or n.endswith(".egg-info") or n.endswith("-report")}

    shutil.copytree(ROOT, to, ignore=ignore)


def digests(tree: Path) -> dict[str, str]:
    return {
        p.relative_to(tree).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in tree.rglob("*")
        if p.is_file() and not SKIPPED & set(p.relative_to(tree).parts)
    }


def apply_recipe(tree: Path) -> None:
    """The fixture's anchored insertions, then its new files."""
    for edit in tomllib.loads((FIXTURE / "edits.toml").read_text())["edit"]:
        path = tree / edit["file"]
        lines = path.read_text().splitlines(keepends=True)
        at = next((i for i, line in enumerate(lines) if edit["after"] in line), None)
        assert at is not None, f"{edit['file']}: no line holds {edit['after']!r}: the recipe no longer fits the code"
        lines.insert(at + 1, edit["text"])
        path.write_text("".join(lines))
    files = FIXTURE / "files"
    for source in files.rglob("*"):
        if source.is_file():
            target = tree / source.relative_to(files)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)


def cli(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``mtg-conformance ARGS`` with the temporary tree's packages first on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "HYPOTHESIS"))}
    env["PYTHONPATH"] = str(tree)
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def recipe_files() -> set[str]:
    """The files CONTRIBUTING.md's "Add a new mechanic" section names, for this mechanic."""
    text = (ROOT / "CONTRIBUTING.md").read_text()
    section = text.split("## Add a new mechanic", 1)[1].split("\n## ", 1)[0]
    return {p.replace("<mechanic>", MECHANIC) for p in re.findall(r"`([a-z_/]+(?:<mechanic>)?[a-z_]*\.py)`", section)}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str]]:
    """The project with the new mechanic added, and the files that changed."""
    tree = tmp_path_factory.mktemp("tree") / "project"
    copy_project(tree)
    before = digests(tree)
    apply_recipe(tree)
    after = digests(tree)
    changed = {path for path, digest in after.items() if before.get(path) != digest}
    return tree, changed


def test_a_new_mechanic_changes_few_code_files_all_named_by_the_recipe(tree):
    _, changed = tree
    code = sorted(p for p in changed if not p.startswith(NOT_CODE))
    assert len(code) <= MOST_CODE_FILES, f"a new mechanic touched {len(code)} code files: {code}"
    unnamed = set(code) - recipe_files()
    assert not unnamed, f"CONTRIBUTING's recipe does not name {sorted(unnamed)}"
    # The rest is data, mutants and the mechanic's own files: nothing of another mechanic changed.
    assert {p for p in changed if p.startswith(NOT_CODE)} == {
        "engines/mutants/tithe.py",
        "rulings/corpus/tithe.toml",
        "rulings/wordings/tithe.toml",
    }


@pytest.mark.slow
def test_the_new_mechanic_is_required_compiled_judged_and_its_mutants_killed(tree, tmp_path):
    project, _ = tree
    requires = cli(project, "requires")
    assert requires.returncode == 0, requires.stderr
    assert "mechanic:tithe" in requires.stdout

    listed = cli(project, "rulings", "--json")
    assert listed.returncode == 0, listed.stderr
    rulings = {r["id"]: r for r in json.loads(listed.stdout)["rulings"]}
    assert rulings["tithe.gain-life"]["coverage"] == "template", rulings["tithe.gain-life"]

    out = tmp_path / "run"
    run = cli(project, "run", "--profile", "ci", "--invariant", "tithe.gain-life", "--out", str(out))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())["results"]
    assert results and {r["status"] for r in results} == {"pass"}, [(r["invariant"], r["status"]) for r in results]

    killed = tmp_path / "mutants"
    mutants = cli(project, "mutants", "--profile", "ci", "--mutant", "tithe-ignored", "--mutant", "tithe-gains-twice",
                  "--out", str(killed))  # fmt: skip
    assert mutants.returncode == 0, mutants.stdout[-3000:] + mutants.stderr[-3000:]
    kills = {m["id"]: m for m in json.loads((killed / "mutants.json").read_text())["mutants"]}
    assert set(kills) == {"tithe-ignored", "tithe-gains-twice"}
    for mutant in kills.values():
        assert mutant["status"] == "killed", mutant
        assert mutant["killed_by"] == ["tithe.gain-life/life-gained-with-damage"], mutant


def test_without_the_component_the_same_tree_refuses_the_mechanic(tree, tmp_path):
    """Control: the recipe's steps are all needed. Without the component in the engine's list,
    the reference engine does not support tithe and the invariant is not judged."""
    project, _ = tree
    bare = tmp_path / "bare"
    shutil.copytree(project, bare)
    engine = bare / "engines" / "reference" / "engine.py"
    engine.write_text(engine.read_text().replace("    Tithe,\n", ""))
    out = tmp_path / "run"
    run = cli(bare, "run", "--profile", "ci", "--invariant", "tithe.gain-life", "--out", str(out))
    results = json.loads((out / "results.json").read_text())["results"]
    assert {r["status"] for r in results} == {"unsupported"}, run.stdout[-2000:]
