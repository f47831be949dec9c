"""The nineteenth round's classes (issue 24). Each case comes with contradicting variants that must stay
uncovered.

- Trample's excess is its controller's to divide among the blockers too (702.19b): "you may assign more than lethal
  damage to a blocker", "you're never required to assign excess damage to the player" state a part of the rule that
  ``trample.lethal-then-excess/excess-on-blockers`` now checks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.claims import parse
from tests.test_claims_paragraph import coverage

ATTACKED = "the player, planeswalker, or battle it's attacking"
LETHAL = "trample.lethal-then-excess"
EXCESS_ON_BLOCKERS = "trample.lethal-then-excess/excess-on-blockers"

BEHEMOTH = CardData("Test Behemoth", ("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",))
BLADE = CardData(
    "Test Blade", ("Artifact", "Equipment"), text="Equipped creature gets +2/+0 and has trample.\nEquip {2}"
)
LORD = CardData("Test Lord", ("Creature",), text="Other creatures you control have trample.", power="2", toughness="2")
SURGE = CardData("Test Surge", ("Sorcery",), text="Creatures you control get +1/+1 and gain trample until end of turn.")
BRUTE = CardData("Test Brute", ("Creature",), power="6", toughness="6")

CASES = [
    # more than lethal damage to a blocker, none required beyond the blockers
    (
        BEHEMOTH,
        "You may choose to assign more than lethal damage to a creature blocking Test Behemoth; you're never required "
        f"to assign excess damage to {ATTACKED}.",
        LETHAL,
    ),
    (
        BEHEMOTH,
        "You can't choose to assign more than lethal damage to a creature blocking Test Behemoth; you're always required "
        f"to assign excess damage to {ATTACKED}.",
        None,
    ),
    (
        BEHEMOTH,
        f"You're never required to assign excess damage to {ATTACKED}.",
        LETHAL,
    ),
    (BEHEMOTH, f"You're required to assign excess damage to {ATTACKED}.", None),
    (BEHEMOTH, "You're never required to assign excess damage to its controller.", None),
    (
        BLADE,
        "The equipped creature may assign more than lethal damage to a creature blocking it, even if it could assign "
        f"the excess to {ATTACKED} instead.",
        LETHAL,
    ),
    (
        BLADE,
        "The equipped creature may assign more than lethal damage to a creature it's blocking, even if it could assign "
        f"the excess to {ATTACKED} instead.",
        None,
    ),
    (BLADE, "The equipped creature can't assign more than lethal damage to a creature blocking it.", None),
    (BLADE, "The equipped creature may assign less than lethal damage to a creature blocking it.", None),
    (
        LORD,
        "You may assign more than lethal damage to a creature blocking an attacking creature that has trample from "
        f"Test Lord, even if you could assign the excess to {ATTACKED}.",
        LETHAL,
    ),
    # two statements in one sentence, each read alone
    (
        SURGE,
        f"After Test Surge resolves, a blocked attacking creature you control can assign combat damage to {ATTACKED} "
        "only after each creature blocking it has been assigned lethal damage. You aren't required to assign any damage "
        "to the player, though; you may assign more than lethal damage to the blockers.",
        LETHAL,
    ),
    (
        SURGE,
        f"After Test Surge resolves, a blocked attacking creature you control can assign combat damage to {ATTACKED} "
        "only after each creature blocking it has been assigned lethal damage. You aren't required to assign any damage "
        "to the player, though; you may assign more than lethal damage to the player.",
        None,
    ),
    (
        BLADE,
        "If the equipped creature is blocked, you may assign more than lethal damage to the blocking creatures if you "
        "wish, but you can't assign any to the player unless each blocker has been assigned lethal damage.",
        LETHAL,
    ),
    (
        BLADE,
        "If the equipped creature is blocked, you may assign more than lethal damage to the blocking creatures if you "
        "wish, but you can assign all of it to the player unless each blocker has been assigned lethal damage.",
        None,
    ),
    # a creature without trample: the claim is false of it
    (BRUTE, "You may assign more than lethal damage to a creature blocking Test Brute.", None),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), CASES)
def test_nineteenth_round_classes(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


def _run(tmp_path: Path, engine: str) -> tuple[int, list[dict]]:
    out = tmp_path / engine.replace(":", "-")
    done = subprocess.run(
        [sys.executable, "-m", "harness.cli", "run", "--engine", engine, "--invariant", EXCESS_ON_BLOCKERS]
        + ["--profile", "ci", "--out", str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done.returncode, json.loads((out / "results.json").read_text())["results"]


@pytest.mark.slow  # two whole runs in a subprocess; .ci/run's mutants stage kills the mutant too
def test_the_excess_on_a_blocker_holds_on_the_reference_and_fails_where_it_must_go_past(tmp_path: Path) -> None:
    code, records = _run(tmp_path, "reference")
    assert code == 0 and [(r["invariant"], r["status"]) for r in records] == [(EXCESS_ON_BLOCKERS, "pass")]
    assert records[0]["claims"], "the claim was never counted"
    code, records = _run(tmp_path, "mutant:trample-excess-forced-past-blockers")
    assert code == 1 and [(r["invariant"], r["status"]) for r in records] == [(EXCESS_ON_BLOCKERS, "fail")]
    assert "excess damage assigned to a blocker" in records[0]["failure"]["message"]


@pytest.mark.parametrize(
    "sentence",
    [
        "you are not required to assign any damage to the player.",
        "~ is not required to attack.",
    ],
)
def test_a_released_obligation_is_no_prohibition(sentence: str) -> None:
    """ "Doesn't have to" forbids nothing: read as "cannot", the sentence would state the opposite of a permission."""
    assert parse(sentence).claim.modality == "need-not"
    assert parse(sentence.replace(" not", "")).claim.modality == "must"
