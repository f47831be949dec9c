"""The reference engine's structure: components registered in one dispatch table, decisions
named once, and replacements (mutants, controls) checked by name."""

from __future__ import annotations

import re

import pytest

from engines.mutants import Mutant, all_mutants
from engines.reference import (
    DECISIONS,
    ReferenceEngine,
    ReferenceRules,
    UnknownDecision,
)
from engines.reference.engine import COMPONENTS, OFFER_ORDER, decision_table
from engines.reference.table import (
    HOOKS,
    SHARED_ACTION_KINDS,
    SHARED_STACK_KINDS,
    DispatchError,
    Table,
)
from engines.reference.testing import BEARS, HERALD, ISLAND, NINJA, P1
from protocol.builder import StateBuilder
from protocol.decisions import KINDS, SearchDecision
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority


def test_every_decision_is_named_once_by_its_component():
    table = decision_table()
    assert set(table) == DECISIONS and len(DECISIONS) > 100
    for name, (component, attr) in table.items():
        assert name.startswith(component.name + "."), name
        doc = getattr(component, attr).__doc__ or ""
        assert re.search(r"\b\d{3}(\.\d+[a-z]?)?\b", doc), f"{name} cites no rule"
    assert {"ninjutsu.window_open", "ninjutsu.return_candidates", "mana.can_pay_tap_cost"} <= DECISIONS


def test_no_action_kind_stack_kind_or_pending_choice_is_registered_twice_unless_declared_shared():
    rules = ReferenceRules()
    for kind, handlers in rules.table.actions.items():
        components = {h.component for h in handlers}
        assert len(components) == 1 or kind in SHARED_ACTION_KINDS, kind
    for kind, resolvers in rules.table.resolvers.items():
        assert len({r.component for r in resolvers}) == 1 or kind in SHARED_STACK_KINDS, kind
    assert set(rules.table.pending) <= set(KINDS.values())  # keyed by decision type, each registered by its kind
    assert set(rules.table.hooks) <= set(HOOKS)
    assert [key for key, _ in rules.table.offers] == [k for k in OFFER_ORDER if k in dict(rules.table.offers)]
    assert [type(c) for c in rules.components.values()] == list(COMPONENTS)


def test_the_table_refuses_what_would_make_order_matter():
    table = Table()

    def noop(*args: object) -> None:
        return None

    table.action("a", ActionKind.PLAY_LAND, lambda game, action: True, noop)
    with pytest.raises(DispatchError, match="not declared shared"):
        table.action("b", ActionKind.PLAY_LAND, lambda game, action: True, noop)
    table.pending_choice("a", SearchDecision, noop, noop)
    with pytest.raises(DispatchError, match="'search' is registered by a and b"):
        table.pending_choice("b", SearchDecision, noop, noop)
    table.add_decisions("a", {"a.question": "question"})
    with pytest.raises(DispatchError):
        table.add_decisions("b", {"a.question": "question"})
    with pytest.raises(DispatchError, match="unknown hook"):
        table.hook("no.such.hook", "a", noop)
    table.action("a", ActionKind.ACTIVATE, lambda game, action: True, noop)
    table.action("b", ActionKind.ACTIVATE, lambda game, action: True, noop)
    with pytest.raises(DispatchError, match="claimed by a, b"):
        table.handler_for(None, Action(ActionKind.ACTIVATE, 0, source="c1", ability="x"))  # type: ignore[arg-type]


def test_a_mutant_naming_an_unknown_decision_fails():
    with pytest.raises(UnknownDecision, match=r"ninjutsu\.no_such_question"):
        Mutant(
            "typo",
            breaks=("ninjutsu.after-blockers",),
            bug="b",
            replaces={"ninjutsu.no_such_question": lambda self, game, player: True},
        )
    with pytest.raises(UnknownDecision):
        ReferenceEngine(decisions={"nope": lambda self: True})
    with pytest.raises(ValueError, match="replaces no decision"):
        Mutant("empty", breaks=("ninjutsu.after-blockers",), bug="b")


def test_every_mutant_replaces_known_decisions_only():
    for m in all_mutants().values():
        assert m.replaces and set(m.replaces) <= DECISIONS, m.id


def _ninjutsu_state():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    b.permanent(HERALD, 0)
    ninja = b.put(NINJA, 0)
    b.permanent(ISLAND, 0), b.permanent(ISLAND, 0)
    return b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0), ninja, bears


def test_a_replaced_decision_changes_only_its_own_engine():
    state, ninja, bears = _ninjutsu_state()
    closed = ReferenceEngine(decisions={"ninjutsu.window_open": lambda self, game, player: False})
    activate = Action(ActionKind.ACTIVATE, 0, source=ninja, ability="ninjutsu", costs=(("return", bears),))
    assert activate not in closed.start(state).legal_actions()
    assert activate in ReferenceEngine().start(state).legal_actions()
    assert ReferenceRules().decision("ninjutsu.window_open").__func__ is not None  # a bound method


def test_a_replacement_can_call_the_reference_answer_and_other_components():
    from engines.reference.combat import Combat

    seen = []

    def noting(self, game, perm, declared):
        seen.append(self.e.combat is self)
        return Combat.fires_attack_triggers_for(self, game, perm, declared) or True

    state, ninja, bears = _ninjutsu_state()
    session = ReferenceEngine(decisions={"combat.fires_attack_triggers_for": noting}).start(state)
    session.apply(Action(ActionKind.ACTIVATE, 0, source=ninja, ability="ninjutsu", costs=(("return", bears),)))
    events = session.apply(pass_priority(0)) + session.apply(pass_priority(1))
    assert seen and all(seen)
    assert EventKind.TRIGGER in [e.kind for e in events]
