"""Smaller items of issue 30: the console shows the dev seed (and "derandomized" for ci, in the report
too, never "seed none"); an output folder holds no lock file after a run; CI's database and shard
folders are ignored by git; ``mutants --list`` lists the ids ``--mutant`` takes."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness import cli
from harness.lock import LOCK_NAME

ROOT = Path(__file__).resolve().parents[1]
INVARIANT = "ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target"


def mtg(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], check=False, cwd=cwd, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow
def test_a_dev_run_shows_its_seed_first_and_leaves_no_lock(tmp_path):
    done = mtg("run", "--invariant", INVARIANT, "--out", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    first = done.stdout.splitlines()[0]
    shown = re.search(r"profile dev, seed (\d+) \(again: --seed \1\)", first)
    assert shown, first
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    assert results["run"]["seed"] == int(shown.group(1)) and results["run"]["derandomized"] is False
    assert f"seed {shown.group(1)}" in (tmp_path / "out" / "report.html").read_text()
    assert not (tmp_path / "out" / LOCK_NAME).exists()


@pytest.mark.slow
def test_a_ci_run_says_derandomized_not_seed_none(tmp_path):
    done = mtg("run", "--profile", "ci", "--invariant", INVARIANT, "--out", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[0].endswith("profile ci, derandomized")
    html = (tmp_path / "out" / "report.html").read_text()
    assert "derandomized (the same examples in every run)" in html and "seed none" not in html
    assert json.loads((tmp_path / "out" / "results.json").read_text())["run"]["derandomized"] is True
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "coverage.html",
        "junit.xml",
        "report.html",
        "results.json",
    ]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("path", [".hypothesis-db/00/ab", "shard-2/results.json", "conformance-report/report.html"])
def test_ci_folders_are_ignored_by_git(path):
    done = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT, check=False, capture_output=True)
    if done.returncode == 128:
        pytest.skip("not a git checkout")
    assert done.returncode == 0, f"{path} is not ignored"


def test_mutants_list_shows_every_id_that_mutant_takes(capsys):
    from engines.mutants import all_mutants

    assert cli.main(["mutants", "--list"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    listed = [line.split()[0] for line in lines[:-1]]
    assert sorted(listed) == sorted(m.id for m in all_mutants().values())
    assert "ninja-enters-any-target" in listed
    assert lines[-1].startswith(f"{len(listed)} mutants")


def test_mutants_help_names_the_list(capsys):
    with pytest.raises(SystemExit):
        cli.main(["mutants", "--help"])
    assert "--list" in capsys.readouterr().out
