"""The reference engine's structure: components registered in one dispatch table, typed
against declared services and hooks, importing no other component; decisions named once, and
replacements (mutants, controls) checked by name."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import pytest

import engines.reference as reference_package
from engines.mutants import Mutant, all_mutants
from engines.reference import (
    DECISIONS,
    ReferenceEngine,
    ReferenceRules,
    UnknownDecision,
)
from engines.reference import hooks as hook_specs
from engines.reference import services as service_module
from engines.reference.classes import Classes
from engines.reference.combat import Combat
from engines.reference.core import Core
from engines.reference.engine import COMPONENTS, OFFER_ORDER, decision_table
from engines.reference.hooks import HOOKS
from engines.reference.hookspec import Hook, accepts, all_of, any_of, concatenated, each, first, summed
from engines.reference.services import Services
from engines.reference.table import (
    SHARED_ACTION_KINDS,
    SHARED_STACK_KINDS,
    DispatchError,
    Table,
)
from engines.reference.testing import BEARS, HERALD, ISLAND, NINJA, P1, creature
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.decisions import KINDS, SearchDecision
from protocol.mechanics import Mechanic
from protocol.model import Action, ActionKind, EventKind, Step, pass_priority
from tests.test_import_cycles import cycles, import_graph


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
    assert set(rules.table.hooks) <= set(HOOKS.values())
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

    @each("no.such.hook")
    def undeclared(game: object) -> None:
        """Declared nowhere but here."""

    with pytest.raises(DispatchError, match=r"undeclared hook 'no\.such\.hook'"):
        table.hook(undeclared.by("a", noop))
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
    seen = []

    def noting(self, game, perm, declared):
        # The core this combat reaches as its "turn" service reaches this very combat back.
        # (and the Ninja it asks about was just put onto the battlefield: summoning sick, 302.6).
        seen.append(self.turn.combat is self and self.turn.summoning_sickness_applies(game, perm))
        return Combat.fires_attack_triggers_for(self, game, perm, declared) or True

    state, ninja, bears = _ninjutsu_state()
    session = ReferenceEngine(decisions={"combat.fires_attack_triggers_for": noting}).start(state)
    session.apply(Action(ActionKind.ACTIVATE, 0, source=ninja, ability="ninjutsu", costs=(("return", bears),)))
    events = session.apply(pass_priority(0)) + session.apply(pass_priority(1))
    assert seen and all(seen)
    assert EventKind.TRIGGER in [e.kind for e in events]


# ------------------------------------------------------------------------------------------
# Imports: no component imports another's module, nothing imports the engine back, no circle
# ------------------------------------------------------------------------------------------
PACKAGE = reference_package.__name__
PACKAGE_DIR = Path(reference_package.__file__).parent


def reference_import_graph() -> dict[str, set[str]]:
    """Module of the reference engine -> the reference engine's modules it imports (anywhere in
    it: TYPE_CHECKING blocks and function bodies included), read with ``ast``."""
    inside = PACKAGE + "."
    return {
        name: {t for t in targets if t.startswith(inside)}
        for name, targets in import_graph().items()
        if name == PACKAGE or name.startswith(inside)
    }


def test_the_reference_engine_has_no_import_circle():
    graph = reference_import_graph()
    assert f"{PACKAGE}.engine" in graph and f"{PACKAGE}.combat" in graph[f"{PACKAGE}.engine"]
    assert cycles(graph) == []


def test_no_component_module_imports_another_and_only_the_package_imports_the_engine():
    graph = reference_import_graph()
    components = {c.__module__ for c in COMPONENTS} - {Core.__module__}
    assert len(components) == len(COMPONENTS) - 1
    for module in components:
        assert not graph[module] & components, f"{module} imports {sorted(graph[module] & components)}"
        assert f"{PACKAGE}.engine" not in graph[module], module
    importers = {module for module, targets in graph.items() if f"{PACKAGE}.engine" in targets}
    assert importers == {PACKAGE}
    assert not graph[f"{PACKAGE}.engine"] & {PACKAGE, f"{PACKAGE}.session"}
    core_modules = set(graph) - components - {PACKAGE, f"{PACKAGE}.engine"}
    for module in core_modules:
        assert not graph[module] & components, f"the core module {module} imports a component"


def test_no_module_of_the_reference_engine_imports_inside_a_function():
    for path in PACKAGE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: {node.name} imports inside the function"


# ------------------------------------------------------------------------------------------
# Services: one provider each, implementing its Protocol; components typed against them only
# ------------------------------------------------------------------------------------------
def _protocol_methods(protocol: type) -> set[str]:
    return {name for name, value in vars(protocol).items() if inspect.isfunction(value) and not name.startswith("_")}


def test_every_service_is_provided_by_a_component_implementing_its_protocol():
    rules = ReferenceRules()
    hints = {f.name: getattr(service_module, str(f.type)) for f in dataclasses.fields(Services)}
    for field, protocol in hints.items():
        provider = getattr(rules.services, field)
        if protocol is Table:
            assert provider is rules.table
            continue
        assert provider in rules.components.values(), field
        for method in _protocol_methods(protocol):
            assert callable(getattr(provider, method, None)), (
                f"{type(provider).__name__} lacks {protocol.__name__}.{method}"
            )


def test_a_component_reaches_another_through_its_services_only():
    """What a component holds of another is a service it declared (an annotated attribute typed
    by a Protocol of :mod:`.services`), never the engine."""
    rules = ReferenceRules()
    protocols = {value for value in vars(service_module).values() if isinstance(value, type)}
    for component in rules.components.values():
        assert not hasattr(component, "e"), type(component).__name__
        for attr, value in vars(component).items():
            if value in rules.components.values():
                annotation = inspect.get_annotations(type(component), eval_str=True).get(attr)
                assert annotation in protocols, f"{type(component).__name__}.{attr} is typed {annotation}"


def test_a_replaced_decision_is_what_other_components_reach_through_their_services():
    rules = ReferenceRules(decisions={"core.summoning_sickness_applies": lambda self, game, perm: True})
    state, _, bears = _ninjutsu_state()
    game = reference_package.Game.from_state(state)
    untapped_herald = next(p for p in game.battlefield if p.id != bears and game.data(p.id).name == HERALD.name)
    assert ReferenceRules().mana.can_pay_tap_cost(game, untapped_herald)
    assert not rules.mana.can_pay_tap_cost(game, untapped_herald)


# ------------------------------------------------------------------------------------------
# Hooks: declared once with a signature and a composition, checked as they are registered
# ------------------------------------------------------------------------------------------
def test_every_hook_is_declared_once_with_a_documented_signature():
    declared = [value for value in vars(hook_specs).values() if isinstance(value, Hook)]
    assert len(declared) == len(HOOKS) == len({h.name for h in declared})
    for hook in HOOKS.values():
        assert hook.doc and hook.arity >= 1 and hook.composition, hook.name


def test_every_contribution_goes_to_a_declared_hook_and_fits_its_signature():
    rules = ReferenceRules()
    for hook, contributions in rules.table.hooks.items():
        assert HOOKS[hook.name] is hook
        assert all(accepts(c.fn, hook.arity) for c in contributions)
        assert [c.component for c in contributions] == [
            name for name in rules.components if name in {c.component for c in contributions}
        ], f"{hook.name} runs out of component order"


def test_a_contribution_that_cannot_take_the_hooks_arguments_is_refused_as_it_is_registered():
    table = Table()
    with pytest.raises(DispatchError, match="cannot take its 2 arguments"):
        table.hook(hook_specs.power_bonus.by("a", lambda game: 0))
    with pytest.raises(DispatchError, match="cannot take"):
        table.hook(hook_specs.power_bonus.by("a", lambda game, perm, extra: 0))
    table.hook(hook_specs.power_bonus.by("a", lambda game, perm, extra=0: 1))
    table.hook(hook_specs.power_bonus.by("b", lambda *args: 2))
    assert table.call(hook_specs.power_bonus, None, None) == 3


def _stub(game: object, n: int) -> object:
    """A signature for the compositions below."""


@pytest.mark.parametrize(
    ("declare", "answers", "expected"),
    [
        (summed, [1, 2, 4], 7),
        (summed, [], 0),
        (concatenated, [["x"], [], ["y", "z"]], ["x", "y", "z"]),
        (any_of, [False, True, False], True),
        (any_of, [False, False], False),
        (all_of, [True, True], True),
        (all_of, [True, False], False),
        (all_of, [], True),
        (first, [None, 3, 4], 3),
        (first, [None, None], None),
    ],
)
def test_the_compositions_of_hook_answers(monkeypatch, declare, answers, expected):
    hook = declare("test.composed")(_stub)
    monkeypatch.setitem(HOOKS, hook.name, hook)
    table = Table()
    for i, answer in enumerate(answers):
        table.hook(hook.by(f"c{i}", lambda game, n, answer=answer: answer))
    assert table.call(hook, None, 0) == expected


def test_each_calls_every_contribution_in_order_and_first_stops_at_an_answer(monkeypatch):
    calls: list[str] = []
    every, earliest = each("test.each")(_stub), first("test.first")(_stub)
    monkeypatch.setitem(HOOKS, every.name, every)
    monkeypatch.setitem(HOOKS, earliest.name, earliest)
    table = Table()
    for name in ("a", "b", "c"):
        table.hook(every.by(name, lambda game, n, name=name: calls.append(name)))
        table.hook(earliest.by(name, lambda game, n, name=name: calls.append(name) or (name if name == "b" else None)))
    table.call(every, None, 0)
    assert table.call(earliest, None, 0) == "b"
    assert calls == ["a", "b", "c", "a", "b"]


# ------------------------------------------------------------------------------------------
# Menace: combat declares and implements it; a Class only grants it
# ------------------------------------------------------------------------------------------
def test_combat_declares_and_implements_menace_and_classes_only_grant_it():
    assert Mechanic.MENACE in Combat.mechanics and Mechanic.MENACE not in Classes.mechanics
    assert "combat.has_menace" in DECISIONS and not any(
        name.startswith("classes.") and "menace" in name for name in DECISIONS
    )


def _menace_blocks():
    b = StateBuilder()
    brute = b.permanent(creature("Menacing Brute", 3, 3, "Menace", ("Menace",)), 0, tapped=True, attacking=P1)
    first_bear, second_bear = b.permanent(BEARS, 1), b.permanent(BEARS, 1)
    return b.build(turn=3, step=Step.DECLARE_ATTACKERS, priority=0), brute, first_bear, second_bear


def _at_blockers(engine: ReferenceEngine, state):
    session = engine.start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    pending = session.state().pending
    assert pending is not None and pending.player == 1  # the defending player declares blockers
    return session


def test_printed_menace_needs_two_blockers():
    state, brute, first_bear, second_bear = _menace_blocks()
    alone = Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((first_bear, brute),))
    session = _at_blockers(ReferenceEngine(), state)
    assert alone not in session.legal_actions()
    with pytest.raises(ActionRefused, match="menace"):
        session.apply(alone)
    session.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((first_bear, brute), (second_bear, brute))))
    assert session.state().pending is None
    without = _at_blockers(ReferenceEngine(decisions={"combat.has_menace": lambda self, game, perm: False}), state)
    assert alone in without.legal_actions()
