"""The reproduction script's frame (engines/kit/reproduce.py), on a toy "engine" written in the
script itself: it runs in a bare interpreter, shows the deviation while the engine answers as
recorded, says so when it does not, and no text of a ruling or a verdict can run as code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engines.kit.reproduce import render, run_code
from protocol.adapter import Deviation

#: A toy engine: a counter the recorded moves add to.
TOY = """
def load_game():
    return {"total": START}


def play(game):
    for move in MOVES:
        game["total"] += move
    return f"added {len(MOVES)} moves"


def observe(game, answer):
    return [answer, f"total {game['total']}"]
"""

HOSTILE = 'ruling """ \'\'\' \\" \nimport os; os.system("echo owned")\x00 \u2028 end'


def script(tmp_path: Path, moves: list[int], recorded_moves: list[int]) -> Path:
    """A script whose game makes ``moves``, recorded when the game made ``recorded_moves``."""
    observed = run_code(TOY, {"START": 1, "MOVES": recorded_moves}, {})
    text = render(
        engine="toy",
        pinned="nothing",
        imports="",
        code=TOY,
        data={"START": 1, "MOVES": moves},
        deviation=Deviation("toy.invariant", (("r1", HOSTILE),), HOSTILE, "total 3", HOSTILE),
        ids={"c1": HOSTILE},
        observed=observed,
    )
    path = tmp_path / "repro.py"
    path.write_text(text, encoding="utf-8")
    return path


def run(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-I", "-S", str(path)], capture_output=True, text=True, timeout=60, env={}, cwd=path.parent
    )


def test_the_script_shows_the_deviation_while_the_engine_answers_as_recorded(tmp_path: Path) -> None:
    shown = run(script(tmp_path, [1, 2], [1, 2]))
    assert shown.returncode == 1, shown.stderr
    assert "DEVIATION REPRODUCED" in shown.stdout and "THE RULES EXPECT: total 3" in shown.stdout
    assert "total 4" in shown.stdout and "owned" not in shown.stdout.replace(HOSTILE, "")


def test_the_script_says_when_the_engine_answers_otherwise(tmp_path: Path) -> None:
    shown = run(script(tmp_path, [1], [1, 2]))
    assert shown.returncode == 0, shown.stderr
    assert "now answers differently" in shown.stdout and "was: total 4" in shown.stdout


def test_no_untrusted_text_runs_as_code(tmp_path: Path) -> None:
    path = script(tmp_path, [1, 2], [1, 2])
    text = path.read_text(encoding="utf-8")
    compile(text, str(path), "exec")
    assert "\x00" not in text
    for line in text.splitlines():
        assert "os.system" not in line or line.startswith("#") or "json.loads(" in line
    shown = run(path)
    assert HOSTILE.split("\n")[0] in shown.stdout  # the ruling printed verbatim, as data
