"""The probe checks each exported state's consistency once, not again after a refusal that
left the state as it was."""

from __future__ import annotations

import dataclasses

import pytest

from protocol import probe as probe_module
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.model import Action, CardData, Event, GameState, Zone, pass_priority
from protocol.probe import Probe, Violation

BEAR = CardData("Bear", ("Creature",), "{1}{G}", power="2", toughness="2")


def _state() -> GameState:
    b = StateBuilder()
    b.permanent(BEAR, 0)
    b.put(BEAR, 1, Zone.HAND)
    return b.build()


class RefusingSession:
    """Refuses every action and exports a new object each time: equal to the first, or not."""

    def __init__(self, after_refusal: GameState | None = None):
        self._first = _state()
        self._after = after_refusal
        self.refused = 0

    def state(self) -> GameState:
        if self.refused and self._after is not None:
            return self._after
        return dataclasses.replace(self._first)  # a new object, equal to the first

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, action: Action) -> list[Event]:
        self.refused += 1
        raise ActionRefused("no")

    def close(self) -> None:
        pass


def test_an_equal_state_after_a_refusal_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[GameState] = []
    real = probe_module.problems

    def counting(state: GameState) -> list[str]:
        checked.append(state)
        return real(state)

    monkeypatch.setattr(probe_module, "problems", counting)
    probe = Probe(RefusingSession())
    probe.state()
    for _ in range(3):
        assert probe.try_apply(pass_priority(0)) is None
    assert len(checked) == 1


def test_a_changed_state_after_a_refusal_is_checked() -> None:
    inconsistent = dataclasses.replace(_state(), objects=())  # cards in zones with no object
    probe = Probe(RefusingSession(after_refusal=inconsistent))
    probe.state()
    with pytest.raises(Violation, match="state consistency"):
        probe.try_apply(pass_priority(0))
