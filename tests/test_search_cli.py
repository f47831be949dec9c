"""The CLI against search mutants: each is caught by the ruling whose text it contradicts."""

import subprocess
import sys

import pytest

from reports.results import read_results
from rulings.compile import compile_corpus


def cli(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow  # a whole mutant run in a subprocess: .ci/run runs it (the mutants stage kills every mutant too)
@pytest.mark.parametrize(
    "mutant, ruling, message",
    [
        ("shuffle-only-top-four", "search.shuffle-whole-library", "entire searched library was not shuffled"),
        ("restricted-opponent-finds-fifth", "search.only-top-cards", "below the top four"),
    ],
)
def test_search_mutant_fails_the_ruling_it_breaks(tmp_path, mutant, ruling, message):
    out = tmp_path / mutant
    done = cli(
        "run", "--engine", f"mutant:{mutant}", "--profile", "ci", "--invariant", ruling, "--out", str(out), cwd=tmp_path
    )
    assert done.returncode == 1, done.stdout + done.stderr
    records = read_results(out / "results.json").results
    failed = [r for r in records if r.status == "fail"]
    assert failed and all(r.rulings == (ruling,) for r in records)
    assert any(message in r.failure.message for r in failed), [r.failure.message for r in failed]
    assert all(r.status in ("pass", "fail") for r in records)


@pytest.mark.slow
def test_reference_engine_passes_the_search_rulings(tmp_path):
    out = tmp_path / "ref"
    done = cli(
        "run",
        "--profile",
        "ci",
        "-n",
        "2",
        "--invariant",
        "search.only-top-cards",
        "--invariant",
        "library-ninjutsu.only-while-searching",
        "--out",
        str(out),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    records = read_results(out / "results.json").results
    prefixes = ("search.only-top-cards/", "library-ninjutsu.only-while-searching/")
    wanted = {i.id for i in compile_corpus().invariants if i.id.startswith(prefixes)}
    assert len(wanted) >= 6
    assert {r.invariant for r in records} == wanted and all(r.status == "pass" for r in records)
