"""Legal actions by trial: the moves an engine accepts on copies, with as few copies as allowed."""

from __future__ import annotations

from collections.abc import Hashable

from hypothesis import given
from hypothesis import strategies as st

from engines.kit.trial import Candidate, accepted
from protocol.adapter import ActionRefused


class Lands:
    """A copy of a game with some lands: tapping an untapped land is accepted (once)."""

    def __init__(self, untapped: set[int]):
        self.untapped = set(untapped)

    def tap(self, land: int) -> frozenset[Hashable] | None:
        if land not in self.untapped:
            raise ActionRefused(f"land {land} is tapped")
        self.untapped.discard(land)
        return frozenset({land})


@given(st.sets(st.integers(0, 6)), st.lists(st.integers(0, 6), max_size=8), st.booleans())
def test_one_shared_copy_finds_what_a_copy_per_move_finds(untapped: set[int], tried: list[int], known: bool) -> None:
    copies: list[Lands] = []

    def fresh() -> Lands:
        copies.append(Lands(untapped))
        return copies[-1]

    candidates = [Candidate(land, frozenset({land}) if known else None) for land in tried]
    found = accepted(candidates, fresh, Lands.tap)
    assert found == [land for land in tried if land in untapped]  # each judged as on a copy of its own
    if not tried:
        assert not copies
    elif not known:  # after each acceptance a fresh copy, and only then
        assert len(copies) == 1 + sum(1 for land in tried[:-1] if land in untapped)
    elif len(set(tried)) == len(tried):  # nothing one tapped is what another looks at
        assert len(copies) == 1


def test_an_acceptance_with_unknown_effects_needs_a_fresh_copy() -> None:
    made = []

    def fresh() -> list[str]:
        made.append([])
        return made[-1]

    def attempt(game: list[str], move: str) -> frozenset[Hashable] | None:
        if move == "illegal":
            raise ActionRefused("no")
        game.append(move)
        return None

    moves = [Candidate("a", frozenset({"a"})), Candidate("illegal"), Candidate("b", frozenset({"b"}))]
    assert accepted(moves, fresh, attempt) == ["a", "b"]
    # after "a" (what it changed is unknown) a fresh copy; refusing "illegal" leaves it as it was for "b"
    assert made == [["a"], ["b"]]
