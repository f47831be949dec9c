"""Every ``mtg-conformance`` command in docs/ci.md runs, in the order a CI pipeline runs them.

The examples gate phase.rs over the whole suite; here the engine is a mutant of the reference
engine, the runs are limited to two rulings, and the expectations file is the mutant's, so the
whole page runs in seconds. Everything else (options, shard arithmetic, paths) is the page's own.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "ci.md"
MUTANT = "mutant:ninja-enters-any-target"
FAILING = "ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target"
SCOPE = [
    "--invariant",
    "ninjutsu.same-attack-target",
    "--invariant",
    "ninjutsu.after-blockers/ninjutsu/refused-before-blockers",
]
EXPECTATIONS = f'engine = "{MUTANT}"\n\n[expectations."{FAILING}"]\nstatus = "fail"\nreason = "seeded bug"\n'


def doc_commands() -> list[tuple[str, list[str]]]:
    """(section, words) of each mtg-conformance command in a fenced block, CI variables expanded."""
    section, fenced, out = "", False, []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced or "mtg-conformance " not in line:
            continue
        text = re.sub(r"^\s*(-\s+)?(run:\s+)?", "", line)
        shards = ["1", "2", "3"] if ("matrix.shard" in text or "CI_NODE_INDEX" in text) else [None]
        for shard in shards:
            expanded = text.replace("${{ matrix.shard }}", shard or "").replace("${CI_NODE_INDEX}", shard or "")
            out.append((section, shlex.split(expanded.replace("${CI_NODE_TOTAL}", "3"))))
    return out


def test_the_page_has_the_commands_of_a_pipeline():
    kinds = {(section, words[1]) for section, words in doc_commands()}
    for section in ("GitHub Actions", "GitLab CI"):
        assert {(section, "run"), (section, "merge")} <= kinds
    runs = [w for _, w in doc_commands() if w[1] == "run"]
    assert all("--shard" in w and "--expectations" in w and "--out" in w for w in runs)
    assert {w[1] for _, w in doc_commands()} >= {"run", "merge", "diff", "replay", "expectations"}


def _adapted(words: list[str]) -> list[str]:
    words = [MUTANT if w == "phase" and i and words[i - 1] == "--engine" else w for i, w in enumerate(words)]
    if words[1] == "run":
        words += SCOPE
    return words[1:]


@pytest.mark.slow
@pytest.mark.parametrize("section", ["GitHub Actions", "GitLab CI"])
def test_every_command_of_the_page_runs(section, tmp_path):
    (tmp_path / "docs" / "engines").mkdir(parents=True)
    (tmp_path / "docs" / "engines" / "phase-expectations.toml").write_text(EXPECTATIONS)
    later = [w for s, w in doc_commands() if s == "When the gate fails" or s == "Regression gating in CI"]
    ran = 0
    for words in [w for s, w in doc_commands() if s == section] + later:
        cwd = tmp_path
        if words[1] == "diff":
            (tmp_path / "baseline").mkdir(exist_ok=True)
            shutil.copy(tmp_path / "conformance-report" / "results.json", tmp_path / "baseline" / "results.json")
        if words[1] == "replay":
            cwd = tmp_path / "conformance-report"  # "to run from the report's folder"
            words = [FAILING if i and words[i - 1] == "--invariant" else w for i, w in enumerate(words)]
        done = subprocess.run(
            [sys.executable, "-m", "harness.cli", *_adapted(words)],
            check=False,
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=600,
        )
        expected = 1 if words[1] == "replay" else 0  # a replay exits 1 while the failure reproduces
        assert done.returncode == expected, f"{shlex.join(words)}\n{done.stdout}\n{done.stderr}"
        ran += 1
    assert ran >= 5
    assert (tmp_path / "conformance-report" / "junit.xml").is_file()
