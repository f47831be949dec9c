"""Test-suite settings: the harness's own Hypothesis profiles, chosen by MTG_TEST_PROFILE; and a
kind of decision no engine knows, for the tests that show a new kind needs nothing but its class."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest
from hypothesis import settings

from harness.profiles import PREFIX, register_profiles
from protocol.decisions import KINDS, Board, Decision, Offered
from protocol.model import Action, ActionKind

register_profiles()
settings.load_profile(PREFIX + os.environ.get("MTG_TEST_PROFILE", "ci"))

#: The tag of the kind :func:`new_decision_kind` defines.
PICK_ONE = "test-pick-one"


@pytest.fixture
def new_decision_kind() -> Iterator[type[Decision]]:
    """A kind of decision defined the way a contributor adds one, as this one class and nothing
    else, and taken out of the registry again afterwards (so no other test sees it): the player
    picks one of ``options``, cards of the game; the least answer picks the first, reach-by-play
    may pass it, and the minimizer may take out any option but the last."""

    @dataclass(frozen=True)
    class PickOne(Decision, kind=PICK_ONE):
        options: tuple[str, ...] = ()

        answered_by = frozenset({ActionKind.CHOOSE_CARDS})
        passable_by_reach = True

        def least(self, offered: Offered) -> Action:
            return Action(ActionKind.CHOOSE_CARDS, self.player, cards=self.options[:1])

        def problems(self, board: Board) -> list[str]:
            return [
                f"the pick offers {c!r}, which is not an object of the game"
                for c in self.options
                if not board.has_object(c)
            ]

        def without(self, card_id: str) -> Decision | None:
            options = tuple(c for c in self.options if c != card_id)
            return replace(self, options=options) if options else None

    try:
        yield PickOne
    finally:
        KINDS.pop(PICK_ONE, None)
