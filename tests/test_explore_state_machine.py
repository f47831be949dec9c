"""The rules of every game as a Hypothesis state machine: the reference engine plays the actions it
offers from states drawn by every generator, and every global rule holds after every step.

``mtg-conformance explore`` draws its sequences as data (see :mod:`harness.explore` for why: the
runner replays and 1-minimizes them); this machine searches the same space the way Hypothesis's
stateful testing does, a rule per step and the checks after each, with Hypothesis choosing the
next step from what the previous ones led to. A session whose exports change life without an
event shows that the machine catches what the rules forbid.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from engines.reference import SUPPORTED, ReferenceEngine
from harness.explore import STEPS, chosen_action, scenarios, sources
from harness.plan import compiled_suite
from protocol.adapter import ActionRefused, Session
from protocol.global_rules import RULES, Transition
from protocol.model import Action, Event, GameState

#: States from every generator the compiled suite uses, each with the source that drew it.
DRAWN = scenarios(sources(compiled_suite()), 1)(SUPPORTED)


class LosesLifeSilently:
    """A session that shows the active player one life lower after each action, with no event
    saying so: a broken export the rule "life changes only with events" (119.3) must catch."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._lost = 0

    def state(self) -> GameState:
        state = self._session.state()
        players = list(state.players)
        players[0] = dataclasses.replace(players[0], life=players[0].life - self._lost)
        return state.replace(players=tuple(players))

    def legal_actions(self) -> list[Action]:
        return self._session.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        events = self._session.apply(action)
        self._lost += 1
        return events

    def close(self) -> None:
        self._session.close()


class GlobalRulesMachine(RuleBasedStateMachine):
    """One game of an engine: a drawn state, then offered actions chosen by Hypothesis."""

    #: Wraps each new session (the identity for the reference engine itself).
    wrap = staticmethod(lambda session: session)

    def __init__(self) -> None:
        super().__init__()
        self.session: Session | None = None
        self.source = ""

    @initialize(scenario=DRAWN)
    def start(self, scenario) -> None:
        self.source = scenario.params.source
        self.session = self.wrap(ReferenceEngine().start(scenario.state))

    @rule(choice=st.integers(0, 255))
    def play(self, choice: int) -> None:
        """Apply an offered action (chosen as the explorer chooses, passing priority half the
        time): it is accepted (an offered action is legal), and every global rule holds."""
        assert self.session is not None
        before = self.session.state()
        offered = self.session.legal_actions()
        if not offered:
            return
        action = chosen_action(offered, choice)
        try:
            events = self.session.apply(action)
        except ActionRefused as refusal:
            raise AssertionError(f"{self.source}: offered {action} was refused: {refusal}") from None
        step = Transition(before, action, tuple(events), self.session.state())
        for global_rule in RULES:
            broken = global_rule.judge(step)
            assert not broken, f"{self.source}: {global_rule.id} after {action}: {'; '.join(broken)}"

    @invariant()
    def reading_changes_nothing(self) -> None:
        """Reading the state twice with no action between gives the same state."""
        if self.session is not None:
            assert self.session.state() == self.session.state()


def _machine_settings() -> settings:
    """The loaded profile's examples, with the explorer's steps per example for the profile."""
    return settings(settings.default, stateful_step_count=STEPS["ci"])


def test_the_reference_engine_keeps_every_global_rule_step_by_step() -> None:
    run_state_machine_as_test(GlobalRulesMachine, settings=_machine_settings())


def test_the_machine_catches_life_lost_without_an_event() -> None:
    class Broken(GlobalRulesMachine):
        wrap = staticmethod(LosesLifeSilently)

    with pytest.raises(AssertionError, match="changes-have-events"):
        run_state_machine_as_test(Broken, settings=_machine_settings())
