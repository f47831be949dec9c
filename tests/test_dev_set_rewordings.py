"""Meaning-preserving rewordings of the dev sets' compiled sentences keep compiling (issue 24, twenty-second round).

``benchmarks/dev_set_rewordings.py`` rewords every sentence a template reads as a statement in the dev sets one way at a
time (a condition said after what follows from it, "that creature" for "the creature", another way to say the moment,
the outcome or the change, "will" added or dropped) and compiles the paragraph again: a rewording that no longer
compiles to the paragraph's template is lost. The gate is a ceiling per set, what the twenty-second round left (some
rewordings are lost for reasons of their own: a sentence another reading had read, a rewording that reads oddly), so a
class that reads by wording again fails here. About two minutes of compiling: a slow test, run by .ci/run.
"""

from __future__ import annotations

import pytest

from tests.benchmark_modules import benchmark

#: The rewordings of each set lost at the twenty-second round's end: 24 of 1739 tried in the tuned sets and paraphrases
#: A, 3 of 722 in the held-out ones. At the round's start, of the first six kinds (before "tense", "opening" and "it
#: named" were added), 108 of 1288 and 28 of 527 were lost (a condition said last 77 of 489 over both, "that creature"
#: 42 of 312, the change said with "gets" 11 of 112); at the end 21 of 1292 and 2 of 527. Twenty-fourth round: "will" added
#: to "assigns" and "deals" too (not in a condition): 19 of 352 "will" rewordings lost at first, 3 after that round's
#: classes; 22 of 1816 and 2 of 753 in all.
CEILINGS = {
    **{"C": 1, "E": 2, "G": 0, "R": 9, "H": 0, "J": 1, "L": 1, "M": 3, "N": 1, "P": 1, "S": 2, "U": 0},
    **{"D": 0, "F": 1, "I": 0, "K": 1, "O": 0, "Q": 0, "T": 0, "V": 0, "W": 0, "X": 0},
    **{"para-A": 1, "para-B": 1},
}


def _bench():
    return benchmark("dev_set_rewordings")


def test_every_set_has_a_ceiling():
    assert set(CEILINGS) == {*_bench().dev_sets.SETS, *_bench().variants.PARAPHRASE_SETS}


@pytest.mark.parametrize(
    ("sentence", "kind", "expected"),
    [
        ("If it loses flying, it remains blocked.", "condition last", "It remains blocked if it loses flying."),
        (
            "If Test Bird loses flying, it remains blocked.",
            "condition last",
            "It remains blocked if Test Bird loses flying.",
        ),
        ("If it loses flying, it remains blocked unless it dies.", "condition last", None),
        (
            "Giving that creature flying won't change the block.",
            "that creature",
            "Giving the creature flying won't change the block.",
        ),
        (
            "It stays tapped after attackers are declared.",
            "moment",
            "It stays tapped after attackers have been declared.",
        ),
        ("The creature remains blocked.", "outcome", "The creature stays blocked."),
        ("If it gains flying, it remains blocked.", "change", "If it gets flying, it remains blocked."),
        ("Losing flying won't change the block.", "tense", "Losing flying doesn't change the block."),
        ("Once it is blocked, it stays blocked.", "opening", "After it is blocked, it stays blocked."),
        ("If it loses flying, it remains blocked.", "it named", "If it loses flying, that creature remains blocked."),
    ],
)
def test_each_rewording_says_the_same_thing_another_way(sentence: str, kind: str, expected: str | None) -> None:
    assert dict(_bench().rewordings(sentence)).get(kind) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CEILINGS))
def test_rewordings_are_lost_no_more_often(name: str) -> None:
    bench = _bench()
    tried, lost = 0, []
    for part in bench.variants.files(name):
        count, found = bench.lost_rewordings(part)
        tried += sum(count.values())
        lost += found
    assert tried > 0
    if name in bench.variants.HELD_OUT:
        assert len(lost) <= CEILINGS[name], f"held-out set {name}: {len(lost)} rewordings lost (texts not shown)"
    else:
        shown = "\n".join(f"{row} {kind} [{template} -> {got}]: {text}" for row, kind, template, got, text in lost)
        assert len(lost) <= CEILINGS[name], shown
