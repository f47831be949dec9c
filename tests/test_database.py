"""``--database`` never changes what the derandomized ``ci`` profile draws (issue 30): the documented
CI set-up passes it, so a local re-run without it must give the same results, and so must a later
CI run whose database holds the failures found before. The database is written (a ``dev`` run
replays what it holds first: tests/test_gating.py) but a ``ci`` search neither reads it nor takes
another random stream because of it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

MUTANT = "mutant:ninja-enters-any-target"
#: Two rulings the mutant fails (each after some tens of examples) and one it passes.
SCOPE = (
    "--invariant",
    "ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target",
    "--invariant",
    "library-ninjutsu.from-library-only/library-ninjutsu/enters-attacking-same-target",
    "--invariant",
    "search.only-top-cards/opponent-finds-only-top-cards",
)


def run(tmp_path: Path, out: str, *extra: str) -> dict:
    """results.json of a ci run, with what differs between any two runs (timings, the command) cleared."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "run",
            "--engine",
            MUTANT,
            "--profile",
            "ci",
            *SCOPE,
            "--out",
            out,
            *extra,
        ],
        check=False,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    data = json.loads((tmp_path / out / "results.json").read_text())
    for key in ("started", "finished", "duration", "command"):
        data["run"][key] = None
    for record in data["results"]:
        record["duration"] = 0
    return data


@pytest.mark.slow
def test_ci_results_are_the_same_with_and_without_a_database(tmp_path):
    without = run(tmp_path, "plain")
    empty = run(tmp_path, "empty-db", "--database", "db")
    assert any((tmp_path / "db").iterdir()), "the failures found are saved"
    assert empty == without
    assert sorted(r["status"] for r in without["results"]) == ["fail", "fail", "pass"]
    assert all(r["examples_to_first_failure"] > 1 for r in without["results"] if r["status"] == "fail")
    filled = run(tmp_path, "filled-db", "--database", "db")
    assert filled == without
