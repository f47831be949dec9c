"""A standalone reproduction script, written once for every engine (``replay --export``).

An adapter that records a game (:class:`protocol.adapter.Recording`) knows how to set its engine
up and replay the moves with the engine's own API; this module writes the rest of the script the
same way for all: a docstring saying what it needs and how to run it, the ruling and the check's
verdict as comments, the recorded data as JSON literals, the engine's code (three functions:
``load_game()``, ``play(game)`` returning the engine's answer to the last move, and
``observe(game, answer)`` returning lines of text), and a ``main`` that prints the ruling, what
the rules expect, and what the engine did, then compares with the observation recorded when the
deviation was found: exit status 1 while the engine answers so (the deviation shows), 0 when it
answers otherwise (look again by hand: the bug may be fixed).

Untrusted text (a ruling, a results file, an engine's output) enters the script only as JSON
inside Python string literals (``repr``) and as escaped comments (:func:`comment`), so none of
it can end a literal or a comment and run as code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from protocol.adapter import Deviation


def comment(text: str) -> str:
    """``text`` as a Python comment block: each line prefixed, control characters escaped."""
    safe = "".join(ch if ch == "\n" or ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return "\n".join(f"#   {line}" if line else "#" for line in safe.split("\n"))


def run_code(code: str, data: Mapping[str, Any], modules: Mapping[str, Any]) -> list[str]:
    """The observation the script will print, computed now by the script's own ``code`` on the
    recorded data (so the script and the record agree)."""
    scope: dict[str, Any] = {**modules, "json": json, **data}
    exec(code, scope)  # the script's own functions, our own text: no engine or results text in it
    game = scope["load_game"]()
    answer = scope["play"](game)
    observed: list[str] = scope["observe"](game, answer)
    return observed


MAIN = """

def main():
    game = load_game()
    answer = play(game)
    now = observe(game, answer)
    print("RULING")
    for rid, text in RULINGS:
        print(f"  {rid}: {text}")
    message, expected, observed = VERDICT
    print(f"THE RULES EXPECT: {expected or message}")
    print(f"  (when found, {ENGINE} showed: {observed or message})")
    print(f"  (the harness's card ids: {IDS})")
    print(f"{ENGINE.upper()} DID (after the recorded moves):")
    for line in now:
        print(f"  {line}")
    if now == RECORDED:
        print(f"DEVIATION REPRODUCED: {message}")
        return 1
    print(f"{ENGINE} now answers differently from when the deviation was found; check the ruling by hand:")
    for line in RECORDED:
        if line not in now:
            print(f"  was: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
"""


def render(
    *,
    engine: str,
    pinned: str,
    imports: str,
    code: str,
    data: Mapping[str, Any],
    deviation: Deviation,
    ids: Mapping[str, str],
    observed: list[str],
) -> str:
    """The script's text: ``engine`` is the engine's name, ``pinned`` the package to install
    ("phase-python==0.103.0"), ``imports`` its import lines, ``code`` its three functions,
    ``data`` the recorded JSON values they read, ``ids`` the harness's card ids -> the engine's
    objects, ``observed`` what :func:`run_code` printed when it was recorded."""
    rulings = "\n\n".join(f"{rid}:\n{text}" for rid, text in deviation.rulings)
    names = ", ".join(f"{c} = {o}" for c, o in ids.items())
    about = "\n".join(
        [
            f"Found by the invariant {deviation.invariant}.",
            "",
            "The ruling(s):",
            rulings,
            "",
            f"The check's verdict: {deviation.message}",
            f"  expected: {deviation.expected}",
            f"  observed: {deviation.observed}",
            "",
            f"The harness's card ids are {engine}'s objects: {names}",
        ]
    )
    header = f'''#!/usr/bin/env python3
"""A deviation of {engine} from the rules of Magic: The Gathering, shown with its own API only.

Needs only {pinned}. Run: python3 THIS_FILE (exit status 1 while the engine answers as it did when
the deviation was found: the deviation shows; 0 when it now answers otherwise).
"""
{comment(about)}
'''
    values = {
        **data,
        "ENGINE": engine,
        "RULINGS": deviation.rulings,
        "VERDICT": [deviation.message, deviation.expected, deviation.observed],
        "RECORDED": observed,
        "IDS": names,
    }
    literals = "\n".join(
        f"{key} = json.loads({json.dumps(value, separators=(',', ':'), sort_keys=True)!r})"
        for key, value in values.items()
    )
    return f"{header}\nimport json\nimport sys\n\n{imports}\n\n{literals}\n{code}{MAIN}"


__all__ = ["comment", "render", "run_code"]
