"""``mtg-conformance run --cards FILE --corpus DIR``: rulings imported for new cards are run
against those cards' data (in every xdist worker too); bad files are one line, exit 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from reports.results import read_results

DATA = Path(__file__).parent / "data" / "real-rulings"


def cli(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


@pytest.fixture
def imported(tmp_path):
    """Expressive Iteration's rulings imported into a corpus directory of their own, with no card
    file named in it."""
    rulings = [r for r in json.loads((DATA / "scryfall-rulings.json").read_text()) if r["oracle_id"].endswith("01")]
    assert rulings
    (tmp_path / "rulings.json").write_text(json.dumps(rulings))
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    done = cli(
        "rulings",
        "import",
        str(tmp_path / "rulings.json"),
        "--cards",
        str(DATA / "scryfall-cards.json"),
        "--out",
        str(corpus / "iteration.toml"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    # The import names its card file in the corpus file; drop it, so only --cards supplies the card.
    toml = corpus / "iteration.toml"
    lines = toml.read_text().splitlines()
    at = lines.index("[corpus]")
    toml.write_text("\n".join(lines[:at] + lines[at + 2 :]) + "\n")
    return corpus


@pytest.mark.slow
def test_imported_rulings_of_a_new_card_run_against_its_data(tmp_path, imported):
    out = tmp_path / "out"
    args = ["--cards", str(DATA / "scryfall-cards.json"), "--corpus", str(imported), "--out", str(out)]
    done = cli("run", "--profile", "ci", "-n", "2", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    records = read_results(out / "results.json").results
    ids = {r.invariant for r in records}
    assert ids and all(i.startswith("expressive-iteration.") for i in ids), ids
    assert {i.rsplit("/", 1)[1] for i in ids} == {"stay-after-turn", "normal-timing"}
    assert all(r.status == "pass" for r in records), [(r.invariant, r.status, r.reason) for r in records]


def test_without_the_card_file_the_ruling_is_uncovered_and_nothing_runs(tmp_path, imported):
    listed = cli("rulings", "--corpus", str(imported), "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)["rulings"]
    assert all(r["coverage"] == "uncovered" for r in rows if r["coverage"] != "informational")
    assert any("card Expressive Iteration is not in the card pool" in (r.get("uncovered_reason") or "") for r in rows)


@pytest.mark.parametrize(
    "content, option, message",
    [
        ("not json", "--cards", "not JSON"),
        ('{"data": {"X": "no faces"}}', "--cards", "must be a list of faces"),
        (None, "--cards", "no such file"),
        (None, "--corpus", "not a directory"),
    ],
)
def test_bad_card_files_and_corpus_directories_are_one_line_exit_2(tmp_path, content, option, message):
    path = tmp_path / "cards.json"
    if content is not None:
        path.write_text(content)
    done = cli("run", option, str(path), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()
