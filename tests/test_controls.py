"""The standing controls behave as documented, reach-by-play tells an engine that stops in a
step from one that only loads states in it, and ``mtg-conformance controls`` lists vacuous
rulings and gates them against the known-vacuous file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.controls import CONTROLS, PREFIX, load_control
from engines.reference import ReferenceEngine
from engines.reference.testing import BEARS, ISLAND, NINJA, P1
from harness.registry import UnknownEngine, available, load_engine
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.keywords import NINJUTSU
from protocol.model import (
    Action,
    ActionKind,
    EventKind,
    Step,
    Zone,
    pass_priority,
)
from protocol.probe import Probe, Violation
from protocol.reach import reach_by_play

ROOT = Path(__file__).resolve().parents[1]


def combat(step: Step = Step.DECLARE_BLOCKERS, *, islands: int = 2):
    """Player 0 attacks player 1 with an unblocked Grizzly Bears (c1) and holds a Test Ninja
    (c2, ninjutsu {1}{U}) with Islands to pay for it; player 0 has priority."""
    b = StateBuilder()
    attacker = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    ninja = b.put(NINJA, 0)
    for _ in range(islands):
        b.permanent(ISLAND, 0)
    b.put(BEARS, 0, Zone.LIBRARY)
    b.put(BEARS, 1, Zone.LIBRARY)
    return b.build(turn=3, step=step, priority=0), attacker, ninja


def ninjutsu(ninja: str, returned: str) -> Action:
    return NINJUTSU.use(0, ninja, returned)


def start(control: str, state):
    return load_control(PREFIX + control).start(state)


# -- the controls ---------------------------------------------------------------------------


def test_controls_are_reached_only_by_prefix() -> None:
    assert not any(name.startswith("control") for name in available())
    engine = load_engine("control:inert")
    assert engine.name == "control:inert"
    with pytest.raises(UnknownEngine, match="unknown control 'nope'"):
        load_engine("control:nope")
    assert {"refuses-all", "inert", "skips-stack", "no-priority-in-combat", "frozen-state"} <= set(CONTROLS)


def test_refuses_all_offers_nothing_and_refuses_everything() -> None:
    state, attacker, ninja = combat()
    session = start("refuses-all", state)
    assert session.legal_actions() == []
    for action in (pass_priority(0), ninjutsu(ninja, attacker)):
        with pytest.raises(ActionRefused):
            session.apply(action)
    assert session.state() == ReferenceEngine().start(state).state()


def test_inert_accepts_everything_and_changes_nothing() -> None:
    state, attacker, ninja = combat()
    session = start("inert", state)
    before = session.state()
    offered = session.legal_actions()
    assert ninjutsu(ninja, attacker) in offered  # it looks like a working engine at first
    assert session.apply(ninjutsu(ninja, attacker)) == []
    assert session.apply(Action(ActionKind.ACTIVATE, 0, source="c99", ability="nonsense")) == []
    assert session.state() == before and session.legal_actions() == offered


def test_frozen_state_plays_underneath_but_exports_the_given_state() -> None:
    state, attacker, ninja = combat()
    session = start("frozen-state", state)
    events = session.apply(ninjutsu(ninja, attacker))
    assert any(e.kind is EventKind.ACTIVATE for e in events)  # the events are real
    assert session.state() == state  # the very state it was given
    assert session.apply(Action(ActionKind.ACTIVATE, 0, source="c99", ability="nonsense")) == []


def test_skips_stack_resolves_at_once() -> None:
    state, attacker, ninja = combat()
    reference = ReferenceEngine().start(state)
    reference.apply(ninjutsu(ninja, attacker))
    assert reference.state().stack  # the reference engine lets the ability wait
    session = start("skips-stack", state)
    events = session.apply(ninjutsu(ninja, attacker))
    after = session.state()
    assert not after.stack and after.permanent(ninja) is not None
    assert any(e.kind is EventKind.RESOLVE for e in events)
    assert after.step is Step.DECLARE_BLOCKERS and after.priority == 0


@pytest.mark.parametrize(
    ("control", "invariant", "message"),
    [
        (
            # An ability activated during a search (nobody holds priority) resolves as the search ends.
            "skips-stack",
            "library-ninjutsu.activation-during-search/library-ninjutsu/ability-uses-the-stack",
            "did not wait on the stack once the search was over",
        ),
        (
            "skips-stack",
            "library-ninjutsu.reveal-and-shuffle/library-ninjutsu/reveal-and-return-on-activation",
            "did not wait on the stack once the search was over",
        ),
        (
            # Once exempt ("finding is applied, not read off the offers"): the other top cards must stay offered.
            "offers-nothing",
            "search.top-cards-fixed/same-top-cards-after-finding",
            "took the other top cards out of the search",
        ),
        (
            # Once exempt ("the ruling only permits an action"): a card with no legal target must not be cast.
            "accepts-illegal",
            "rebound.recast-optional/may-decline",
            "by rebound with no legal target accepted",
        ),
    ],
)
def test_a_formerly_exempt_pair_now_fails_on_its_control(control: str, invariant: str, message: str) -> None:
    """The pairs whose exemption was a limit of the control or of the check, not of the rules:
    the invariant now fails on the control, and still passes on the reference engine."""
    from harness.runner import run_case
    from rulings.compile import compile_corpus

    inv = compile_corpus().invariant(invariant)
    assert control not in inv.exempt
    record = run_case(PREFIX + control, load_engine(PREFIX + control), inv, profile="ci", seed=None, shrink=False)
    assert record.status == "fail", record.reason
    assert record.failure is not None and message in record.failure.message
    reference = run_case("reference", ReferenceEngine(), inv, profile="dev", seed=1)
    assert reference.status == "pass", reference.reason


def test_no_priority_in_combat_skips_the_damage_steps_by_play_only() -> None:
    state, _, _ = combat()
    session = start("no-priority-in-combat", state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    after = session.state()
    assert after.step is Step.END_OF_COMBAT  # damage was dealt, nobody had priority in between
    assert after.player(1).life == 18
    loaded, _, _ = combat(Step.COMBAT_DAMAGE)
    assert start("no-priority-in-combat", loaded).state().step is Step.COMBAT_DAMAGE  # served as loaded


def test_offers_nothing_and_accepts_illegal() -> None:
    state, attacker, ninja = combat()
    quiet = start("offers-nothing", state)
    assert quiet.legal_actions() == []
    quiet.apply(ninjutsu(ninja, attacker))
    assert quiet.state().stack  # it still plays by the rules
    lax = start("accepts-illegal", state)
    before = lax.state()
    assert lax.apply(ninjutsu(ninja, "c99")) == []  # no such attacker: accepted, nothing changes
    assert lax.state() == before
    assert lax.apply(ninjutsu(ninja, attacker))  # a legal action is played


def test_every_control_declares_what_it_breaks() -> None:
    for control in CONTROLS.values():
        assert control.behaviour and control.breaks and control.spec == PREFIX + control.id


# -- reach by play ----------------------------------------------------------------------------


@pytest.mark.parametrize("actor", [0, 1])
def test_reach_by_play_on_the_reference_engine(actor: int) -> None:
    state, _, _ = combat()
    probe = Probe(ReferenceEngine().start(state))
    reached = reach_by_play(probe, Step.COMBAT_DAMAGE, actor)
    assert reached.step is Step.COMBAT_DAMAGE and reached.priority == actor
    assert probe.state() == reached


def test_reach_by_play_fails_on_an_engine_that_never_stops_there() -> None:
    state, _, _ = combat()
    probe = Probe(start("no-priority-in-combat", state))
    with pytest.raises(Violation) as info:
        reach_by_play(probe, Step.COMBAT_DAMAGE, 0)
    observed = info.value.observed
    assert observed.startswith("steps: declare-blockers [turn 3, P0 priority")
    assert "combat-damage [entered]" in observed and "end-of-combat" in observed
    assert "went past combat-damage" in info.value.message


def test_reach_by_play_fails_on_an_engine_that_refuses_to_pass() -> None:
    state, _, _ = combat()
    with pytest.raises(Violation, match="refused"):
        reach_by_play(Probe(start("refuses-all", state)), Step.COMBAT_DAMAGE, 0)
    with pytest.raises(Violation, match="not reached"):
        reach_by_play(Probe(start("inert", state)), Step.COMBAT_DAMAGE, 0)


def test_reach_by_play_must_start_earlier() -> None:
    state, _, _ = combat(Step.COMBAT_DAMAGE)
    with pytest.raises(ValueError, match="earlier step"):
        reach_by_play(Probe(ReferenceEngine().start(state)), Step.COMBAT_DAMAGE, 0)


# -- the controls command ---------------------------------------------------------------------


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args],
        check=False,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


#: A pure must-be-refused invariant, selected alone, is vacuous on refuses-all and offers-nothing
#: (its ruling's other invariants are what fail them); ninjutsu.reveal-and-return fails
#: refuses-all (offers-nothing is only relevant to legality invariants).
SELECTION = (
    "--control",
    "refuses-all",
    "--control",
    "offers-nothing",
    "--invariant",
    "ninjutsu.after-blockers/ninjutsu/refused-before-blockers",
    "--invariant",
    "ninjutsu.reveal-and-return",
)
PAIRS = '"refuses-all" = ["ninjutsu.after-blockers"]\n"offers-nothing" = ["ninjutsu.after-blockers"]\n'


@pytest.mark.slow
def test_controls_command_lists_vacuous_rulings(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = cli("controls", *SELECTION, "--out", str(out), cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "VACUOUS ninjutsu.after-blockers on control:refuses-all" in done.stdout
    report = json.loads((out / "controls.json").read_text())
    assert report["schema"] == "mtg-conformance/controls"
    assert {(v["ruling"], v["control"]) for v in report["vacuous"]} == {
        ("ninjutsu.after-blockers", "refuses-all"),
        ("ninjutsu.after-blockers", "offers-nothing"),
    }
    assert report["summary"]["by_control"] == {"refuses-all": 1, "offers-nothing": 1}
    ninjutsu_invariants = [k for k in report["invariants"] if k.startswith("ninjutsu.reveal-and-return/")]
    assert ninjutsu_invariants and all(
        report["invariants"][k]["failed"] == ["refuses-all"] for k in ninjutsu_invariants
    )
    assert (out / "results.json").exists() and (out / "report.html").exists()

    known = tmp_path / "known.toml"
    known.write_text("[vacuous]\n" + PAIRS)
    done = cli("controls", *SELECTION, "--out", str(out), "--allow-vacuous-file", str(known), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr

    known.write_text(
        '[vacuous]\n"refuses-all" = ["ninjutsu.after-blockers", "ninjutsu.reveal-and-return"]\n'
        '"offers-nothing" = ["ninjutsu.after-blockers"]\n'
    )
    done = cli("controls", *SELECTION, "--out", str(out), "--allow-vacuous-file", str(known), cwd=tmp_path)
    assert done.returncode == 1
    assert "no longer vacuous" in done.stderr and "ninjutsu.reveal-and-return" in done.stderr

    known.write_text("[vacuous]\n")
    done = cli("controls", *SELECTION, "--out", str(out), "--allow-vacuous-file", str(known), cwd=tmp_path)
    assert done.returncode == 1
    assert "not in" in done.stderr and '"ninjutsu.after-blockers",' in done.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (("--control", "nope"), "unknown control(s) nope"),
        (("--invariant", "no.such"), "no invariant matches"),
        (("--allow-vacuous-file", "missing.toml"), "cannot read"),
    ],
)
def test_controls_command_usage_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    done = cli("controls", *args, "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_known_vacuous_file_names_real_controls_and_rulings() -> None:
    from harness.controls import check_exemptions, load_known
    from harness.plan import compiled_suite

    suite = compiled_suite()
    check_exemptions(suite)
    load_known(ROOT / "rulings" / "vacuous-known.toml", suite)


def test_kill_report_records_the_controls_each_invariant_fails(tmp_path: Path) -> None:
    from reports.controls import ControlInfo, ControlsReport, InvariantControls, failed_controls, write_controls_json
    from reports.mutants import MutantInfo, invariant_rows
    from reports.results import ResultRecord, Results, RunInfo

    report = ControlsReport(
        "ci",
        (ControlInfo("inert", "b", "x"),),
        {"a": InvariantControls(failed=("inert",)), "b": InvariantControls(passed=("inert",))},
        (),
    )
    write_controls_json(report, tmp_path / "controls.json")
    controls = failed_controls(tmp_path / "controls.json")
    assert controls == {"a": ("inert",), "b": ()}
    run = RunInfo("2026-12-01T00:00:00+00:00", "2026-12-01T00:00:01+00:00", "ci", None, (), "x", "0", 1.0)
    killed = ResultRecord("mutant:m", "b", ("r",), "outcome", "error", reason="engine crashed")
    rows = invariant_rows(
        Results(run=run, results=(killed,)), [MutantInfo("m", "mutant:m", ("r",), "bug")], ["a", "b"], controls
    )
    assert [(r.id, r.killed, r.failed_controls) for r in rows] == [("a", (), ("inert",)), ("b", ("m",), ())]
    assert invariant_rows(Results(run=run), [], ["a"], None)[0].failed_controls is None
