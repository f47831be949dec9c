"""Process isolation: every way an engine can break becomes an EngineError, and the run goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.isolation import IsolatedEngine
from harness.wire import PROTOCOL, PROTOCOL_VERSION
from harness.worker import Server
from protocol.adapter import ActionRefused, EngineError, StateUnsupported
from protocol.model import Action, ActionKind, CardData, EventKind, GameState, PlayerState, Step, pass_priority
from protocol.observability import blind

HERE = Path(__file__).resolve().parent


def engine(cls: str, **options: float) -> IsolatedEngine:
    options.setdefault("timeout", 5.0)
    options.setdefault("start_timeout", 30.0)
    return IsolatedEngine(f"fault_engines:{cls}", python_path=[HERE], **options)  # type: ignore[arg-type]


def a_state() -> GameState:
    return GameState(
        cards=(CardData("Island", ("Land",), supertypes=("Basic",), subtypes=("Island",)),),
        objects=(),
        players=(PlayerState(0), PlayerState(1)),
        step=Step.DECLARE_BLOCKERS,
    )


FAULT = Action(ActionKind.ACTIVATE, 0, source="c1", ability="fault")


@pytest.fixture
def good() -> IsolatedEngine:
    eng = engine("GoodEngine")
    yield eng
    eng.close()


def test_hello_gives_engine_identity(good: IsolatedEngine) -> None:
    assert (good.name, good.version) == ("good", "1.0")


def test_good_session_round_trips(good: IsolatedEngine) -> None:
    state = a_state()
    session = good.start(state)
    assert blind(session.state(), {"characteristics"}) == state
    assert session.legal_actions() == [pass_priority(0)]
    events = session.apply(pass_priority(0))
    assert [e.kind for e in events] == [EventKind.STEP] and events[0].detail == "declare-blockers"
    assert session.state().priority_passes == 1
    session.close()


def test_supports_crosses_the_boundary(good: IsolatedEngine) -> None:
    assert good.supports(frozenset({"mechanic:priority"}))
    answer = good.supports(frozenset({"mechanic:ninjutsu"}))
    assert not answer and "mechanic:ninjutsu" in answer.reason


def test_refusal_stays_a_refusal(good: IsolatedEngine) -> None:
    session = good.start(a_state())
    with pytest.raises(ActionRefused, match="not legal"):
        session.apply(Action(ActionKind.CAST, 0, source="c1"))
    assert session.legal_actions() == [pass_priority(0)]  # the same worker still answers
    assert good.workers_started == 1


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        ("RaisingEngine", r"ValueError.*boom: the engine raised"),
        ("PanicEngine", r"FakePanic.*Option::unwrap\(\)"),
        ("HangingEngine", r"hung: no answer to apply within 0\.5s"),
        ("DyingEngine", r"died \(exit code 134\).*stack overflow"),
        ("GarbageEngine", r"not JSON.*this is not json"),
    ],
)
def test_fault_is_an_engine_error_and_the_next_session_is_fresh(cls: str, message: str) -> None:
    eng = engine(cls, timeout=0.5)
    try:
        session = eng.start(a_state())
        assert session.legal_actions() == [pass_priority(0)]
        with pytest.raises(EngineError, match=message):
            session.apply(FAULT)
        session.close()  # best effort, never raises
        again = eng.start(a_state())
        assert again.apply(pass_priority(0))[0].kind is EventKind.STEP
        assert eng.workers_started == 2
    finally:
        eng.close()


def test_engine_prints_do_not_corrupt_the_channel() -> None:
    eng = engine("PrintingEngine")
    try:
        session = eng.start(a_state())
        assert session.apply(FAULT) == []
        assert session.legal_actions() == [pass_priority(0)]
        assert eng.workers_started == 1
    finally:
        eng.close()


def test_engine_that_cannot_load_is_an_engine_error() -> None:
    eng = engine("BrokenImportEngine")
    try:
        with pytest.raises(EngineError, match="failed to initialise"):
            eng.start(a_state())
    finally:
        eng.close()


def test_unsupported_state_crosses_as_state_unsupported() -> None:
    server = Server("x", loader=lambda spec: _Unsupporting())
    reply = server.respond(json.dumps({"id": 1, "method": "start", "params": {"state": _jsonable(a_state())}}).encode())
    assert reply["error"]["kind"] == "unsupported-state"
    assert "Ninja" in reply["error"]["message"]


class _Unsupporting:
    name, version = "u", "0"

    def supports(self, requires):  # type: ignore[no-untyped-def]
        raise AssertionError

    def start(self, state):  # type: ignore[no-untyped-def]
        raise StateUnsupported("card 'Ninja' has an unimplemented ability")


def _jsonable(state: GameState) -> object:
    from protocol import codec

    return codec.to_jsonable(state)


def engine_module(folder: Path, name: str, source: str) -> IsolatedEngine:
    """An isolated engine whose adapter is the class ``Engine`` of a module written to ``folder``."""
    (folder / f"{name}.py").write_text(source)
    return IsolatedEngine(f"{name}:Engine", python_path=[folder], timeout=5, start_timeout=30)


def test_unsupported_state_through_a_worker(tmp_path: Path) -> None:
    eng = engine_module(
        tmp_path,
        "unsupporting_engine",
        "from protocol.adapter import StateUnsupported, Support\n"
        "class Engine:\n"
        "    name, version = 'u', '0'\n"
        "    def supports(self, requires): return Support.yes()\n"
        "    def start(self, state): raise StateUnsupported(\"card 'Ninja' has an unimplemented ability\")\n",
    )
    try:
        with pytest.raises(StateUnsupported, match="unimplemented"):
            eng.start(a_state())
        assert eng.workers_started == 1  # an answer, not a failure: the worker is kept
        with pytest.raises(StateUnsupported):
            eng.start(a_state())
        assert eng.workers_started == 1
    finally:
        eng.close()


def test_worker_protocol_over_real_pipes() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(HERE.parent), env.get("PYTHONPATH", "")])
    requests = [
        {"id": 1, "method": "hello", "params": {}},
        {"id": 2, "method": "nonsense", "params": {}},
        {"id": 3, "method": "state", "params": {"session": 99}},
    ]
    out = subprocess.run(
        [sys.executable, "-m", "harness.worker", "--engine", "fault_engines:GoodEngine"],
        input="\n".join(json.dumps(r) for r in requests) + "\nnot json\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in out.stdout.splitlines()]
    assert replies[0]["result"] == {
        "protocol": PROTOCOL,
        "version": PROTOCOL_VERSION,
        "engine": {"name": "good", "version": "1.0", "cannot_show": []},
    }
    assert [r["error"]["kind"] for r in replies[1:]] == ["protocol", "protocol", "protocol"]
    assert replies[3]["id"] is None


def test_a_sessions_states_carry_their_own_card_data(tmp_path: Path) -> None:
    """The parent decodes a session's card data once while it stays the same, and anew as soon
    as it changes (an engine whose second state names other card data)."""
    eng = engine_module(
        tmp_path,
        "card_changing_engine",
        "import dataclasses\n"
        "from protocol.adapter import Support\n"
        "from protocol.model import CardData\n"
        "class Session:\n"
        "    def __init__(self, state): self._state, self._calls = state, 0\n"
        "    def state(self):\n"
        "        self._calls += 1\n"
        "        if self._calls < 3: return self._state\n"
        "        extra = CardData('Changed Card', ('Artifact',), mana_cost='{1}')\n"
        "        return dataclasses.replace(self._state, cards=self._state.cards + (extra,))\n"
        "    def legal_actions(self): return []\n"
        "    def apply(self, action): return []\n"
        "    def close(self): pass\n"
        "class Engine:\n"
        "    name, version = 'c', '0'\n"
        "    def supports(self, requires): return Support.yes()\n"
        "    def start(self, state): return Session(state)\n",
    )
    try:
        state = a_state()
        session = eng.start(state)
        first, second, third = session.state(), session.state(), session.state()
        assert first == second == state
        assert second.cards is first.cards  # decoded once
        assert third.cards[:-1] == state.cards and third.cards[-1].name == "Changed Card"
        session.close()
    finally:
        eng.close()
