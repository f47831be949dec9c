"""The report's views for people: failures grouped by cause, the board before and after, the
engine matrix, unsupported reasons explained once, and the mutants page with its junit.xml."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from reports.board import before_after, name_ids
from reports.groups import action_shape, group_failures, normalize
from reports.html import build_report, render_report
from reports.mutants import MutantRow
from reports.mutants_page import mutants_junit, read_controls, render_mutants_page
from reports.results import (
    Counterexample,
    EngineInfo,
    Failure,
    ResultRecord,
    Results,
    RulingRecord,
    RunInfo,
    TraceRecord,
    Unmet,
)
from reports.unsupported import classify, explain

BEFORE = {
    "objects": [
        {"id": "c1", "name": "Soldier", "owner": 0},
        {"id": "c2", "name": "Ninja of the Deep Hours", "owner": 0},
        {"id": "c3", "name": "Island", "owner": 0},
    ],
    "players": [{"index": 0, "life": 20, "hand": ["c2"], "library": []}, {"index": 1, "life": 20}],
    "battlefield": [
        {"id": "c1", "controller": 0, "tapped": True, "attacking": {"kind": "player", "player": 1}, "blocked": False},
        {"id": "c3", "controller": 0},
    ],
    "stack": [],
    "step": "declare-blockers",
    "priority": 0,
}
AFTER = {
    **BEFORE,
    "players": [{"index": 0, "life": 20, "hand": ["c1"], "library": []}, {"index": 1, "life": 17}],
    "battlefield": [
        {"id": "c2", "controller": 0, "tapped": True, "attacking": {"kind": "player", "player": 1}, "blocked": False},
        {"id": "c3", "controller": 0, "tapped": True},
    ],
}


def run_info(*engines: str) -> RunInfo:
    return RunInfo(
        "2026-12-01T00:00:00+00:00",
        "2026-12-01T00:00:05+00:00",
        "ci",
        None,
        tuple(EngineInfo(e, "1.0") for e in engines),
        "mtg-conformance run",
        "0.1.0",
        5.0,
    )


def fail(
    engine: str,
    invariant: str,
    message: str,
    *,
    expected: str = "",
    trace: tuple[TraceRecord, ...] = (),
    size: int = 2,
    step: str = "end-of-combat",
    ruling: str = "ninjutsu.window",
) -> ResultRecord:
    state = {**BEFORE, "step": step}
    failure = Failure(
        message,
        expected=expected,
        observed="x",
        counterexample=Counterexample(state),
        trace=trace,
        reproduce="mtg-conformance run",
        size=size,
    )
    return ResultRecord(engine, invariant, (ruling,), "legality", "fail", examples=3, failure=failure)


ACTIVATE = "P0 activate c2 [ninjutsu] costs=return:c1"


def phase_like() -> list[ResultRecord]:
    """phase.rs's shape: two deviations, eight failing invariants, four distinct messages."""
    closed = "ninjutsu not offered in the end-of-combat step with c1 unblocked and mana to pay"
    refused = "the engine refused a legal action: ninjutsu returning c1"
    return [
        fail("phase", "a/offered", closed, expected=f"{ACTIVATE} offered", size=3),
        fail("phase", "b/offered", closed, expected=f"{ACTIVATE} offered", size=2),
        fail("phase", "c/offered", closed.replace("c1", "c7"), expected=f"{ACTIVATE} offered"),
        fail("phase", "d/refused", refused, trace=(TraceRecord(f"{ACTIVATE}  -> refused: no"),)),
        fail("phase", "e/refused", refused, trace=(TraceRecord(f"{ACTIVATE}  -> refused: no"),)),
        fail(
            "phase",
            "f/reveal",
            "the Ninja was not revealed on activation",
            step="declare-blockers",
            trace=(TraceRecord(ACTIVATE, ("zone-change card=c1",)),),
        ),
        fail(
            "phase",
            "g/second",
            "the engine refused a legal action: a second ninjutsu",
            step="declare-blockers",
            trace=(TraceRecord(ACTIVATE), TraceRecord("P0 activate c3 [ninjutsu] costs=return:c2  -> refused: gone")),
        ),
        fail("other", "a/offered", closed, expected=f"{ACTIVATE} offered"),
    ]


def test_groups_by_message_or_action_shape_per_engine() -> None:
    groups = group_failures(phase_like(), ("phase", "other"))
    assert [(g.engine, len(g.records)) for g in groups] == [("phase", 5), ("phase", 2), ("other", 1)]
    first = groups[0]
    assert first.records[0].invariant == "b/offered"  # the smallest counterexample leads
    assert first.shapes == ("activate [ninjutsu] in end-of-combat",)
    assert groups[1].shapes == ("activate [ninjutsu] in declare-blockers",)
    # Anchors from ids (engine and the group's first invariant by id), never from positions.
    assert [g.anchor for g in groups] == [f"group~{g.engine}~{min(r.invariant for r in g.records)}" for g in groups]
    assert [g.anchor for g in group_failures(list(reversed(phase_like())), ("phase", "other"))] == [
        g.anchor for g in groups
    ]


def test_errors_group_by_message_only_and_families_split() -> None:
    crash = Failure("engine raised KeyError 'c9' in apply", reproduce="x")
    records = [
        ResultRecord("e", "a/x", ("ninjutsu.a",), "outcome", "error", reason="boom", failure=crash),
        ResultRecord(
            "e",
            "b/x",
            ("ninjutsu.b",),
            "outcome",
            "error",
            reason="boom",
            failure=Failure("engine raised KeyError 'c12' in apply"),
        ),
        fail(
            "e",
            "c/x",
            "the engine refused a legal action: ninjutsu returning c1",
            ruling="sneak.window",
            step="declare-blockers",
        ),
        fail("e", "d/x", "the engine refused a legal action: ninjutsu returning c1", ruling="ninjutsu.window"),
    ]
    groups = group_failures(records)
    sizes = sorted(len(g.records) for g in groups)
    assert sizes == [1, 1, 2]  # the same message in different steps of two families: two causes
    assert {g.status for g in groups if len(g.records) == 2} == {"error"}
    assert normalize("P1 took 3 damage from c12") == "p took n damage from #"
    assert action_shape(records[0]) is None


def test_one_cause_across_families_is_one_group_when_step_and_message_agree() -> None:
    """phase.rs never stopping in the first-strike damage step fails rulings of several families
    the same way: one cause, one group, naming every family."""
    message = "the engine never stopped in first-strike-damage with P0 holding priority"
    records = [
        fail("e", "a/x", message, ruling="ninjutsu.first-strike", step="combat-damage"),
        fail("e", "b/x", message.replace("P0", "P1"), ruling="library-ninjutsu.first-strike", step="combat-damage"),
        fail("e", "c/x", message, ruling="commander-ninjutsu.first-strike", step="combat-damage"),
        fail("e", "d/x", message, ruling="sneak.first-strike", step="end-of-combat"),
        fail("other", "a/x", message, ruling="library-ninjutsu.first-strike", step="combat-damage"),
    ]
    groups = group_failures(records, ("e", "other"))
    assert sorted((g.engine, len(g.records)) for g in groups) == [("e", 1), ("e", 3), ("other", 1)]
    (big,) = [g for g in groups if len(g.records) == 3]
    assert set(big.family.split(", ")) == {"ninjutsu", "library-ninjutsu", "commander-ninjutsu"}


def test_board_before_and_after_marks_changes() -> None:
    view = before_after(BEFORE, AFTER)
    words = [(c.kind, c.text) for c in view.changes]
    assert ("zone", "c1 Soldier: battlefield → hand of P0") in words
    assert ("zone", "c2 Ninja of the Deep Hours: hand of P0 → battlefield (tapped, attacking P1, unblocked)") in words
    assert ("tap", "c3 Island tapped") in words
    assert ("life", "P1 life 20 → 17") in words
    assert view.after is not None
    marked = {p.label for p in view.after.battlefield if p.changed}
    assert marked == {"c2 Ninja of the Deep Hours", "c3 Island"}
    assert [p.life_changed for p in view.after.players] == [False, True]
    assert before_after(BEFORE, None).after is None


def test_card_names_beside_ids() -> None:
    names = {"c1": "Soldier", "c2": "Ninja"}
    assert name_ids("P0 activate c2 [ninjutsu] costs=return:c1", names) == (
        "P0 activate c2 (Ninja) [ninjutsu] costs=return:c1 (Soldier)"
    )
    assert name_ids("card=c1 and c13 and abc1", names) == "card=c1 (Soldier) and c13 and abc1"


def test_unsupported_classified_deduplicated_with_mechanic_names() -> None:
    records = [
        ResultRecord(
            "phase",
            f"lib/{i}",
            ("x",),
            "outcome",
            "unsupported",
            reason="joined",
            unmet=(
                Unmet("mechanic:library-ninjutsu", "phase does not implement library ninjutsu"),
                Unmet("mechanic:search", "the phase adapter does not map searches"),
            ),
        )
        for i in range(3)
    ] + [
        ResultRecord(
            "phase",
            "old/1",
            ("x",),
            "outcome",
            "unsupported",
            reason="the phase adapter does not build tokens; phase lacks rebound",
        ),
        ResultRecord(
            "phase",
            "load/1",
            ("x",),
            "outcome",
            "unsupported",
            reason="the engine could not load the drawn states: phase does not implement card 'Thing'",
        ),
    ]
    explained = explain(records)
    by_text = {r.text: r for r in explained.reasons}
    assert len(explained.reasons) == 5
    lib = by_text["phase does not implement library ninjutsu"]
    assert lib.cls == "engine" and lib.invariants == ("lib/0", "lib/1", "lib/2")
    assert [m.name for m in lib.mechanics] == ["mechanic:library-ninjutsu"] and lib.mechanics[0].cr == "702.49"
    assert by_text["the phase adapter does not map searches"].cls == "adapter"
    assert by_text["the phase adapter does not build tokens"].cls == "adapter"
    assert by_text["phase lacks rebound"].cls == "engine"
    assert classify("the engine could not load the drawn states: phase does not implement card 'Thing'") == "card"
    assert {c: n for c, _w, n in explained.by_class} == {"engine": 2, "adapter": 2, "card": 1}


def test_summary_band_and_failures_come_before_the_ruling_table() -> None:
    rulings = (
        RulingRecord(
            "ninjutsu.window",
            "Ninjutsu works in combat.",
            cards=("Ninja",),
            coverage="template",
            invariants=("a/offered",),
        ),
    )
    records = (
        *phase_like(),
        ResultRecord("phase", "p/ok", ("ninjutsu.window",), "outcome", "pass", examples=100),
        ResultRecord("phase", "u/no", ("ninjutsu.window",), "outcome", "unsupported", reason="no"),
    )
    results = Results(run_info("phase", "other"), rulings, records)
    report = build_report(results)
    phase = report.summaries[0]
    assert (phase.judged, phase.planned, phase.counts["fail"], phase.counts["inconclusive"]) == (8, 9, 7, 0)
    html = render_report(results)
    assert (
        html.index('id="summary"')
        < html.index(f'id="{report.groups[0].group.anchor}"')
        < html.index('id="matrix"')
        < html.index('id="rulings"')
    )
    assert "judged 8 of 9 invariants" in html
    assert html.count('<details class="case"') == 8 and html.count("open>") >= 3  # one open per group
    # the filter CSS hides by index classes; names reach it only as hex-escaped ids
    assert re.fullmatch(r"[A-Za-z0-9_\-\\ #:(){}.\n]*", report.filter_css), report.filter_css
    assert ".flt:not(.e0-fail)" in report.filter_css


def _row(mid: str, status: str, killed_by: tuple[str, ...] = ()) -> MutantRow:
    return MutantRow(
        mid,
        f"mutant:{mid}",
        ("r",),
        "a <b>bug</b>",
        status,
        killed_by,
        3,
        1 if killed_by else None,
        2 if killed_by else None,
    )


def test_mutants_page_green_when_all_killed(tmp_path: Path) -> None:
    results = Results(run_info("mutant:a"), (), (fail("mutant:a", "i/1", "caught"),))
    good = render_mutants_page(results, [_row("a", "killed", ("i/1",))])
    assert 'class="banner good"' in good and "all 1 mutants killed" in good
    assert "a &lt;b&gt;bug&lt;/b&gt;" in good and 'href="cases.html#group~mutant:a~i/1"' in good
    assert "No controls in this run" in good
    bad = render_mutants_page(results, [_row("a", "killed", ("i/1",)), _row("b", "survived")])
    assert 'class="banner bad"' in bad and "1 of 2 mutants survived" in bad
    assert bad.index("<code>b</code>") < bad.index("<code>a</code>")  # survivors first


def test_mutants_page_with_controls(tmp_path: Path) -> None:
    path = tmp_path / "controls.json"
    path.write_text(
        '{"controls": [{"id": "control:inert", "vacuous": ["x.ruling"], "failed": ["i"]},'
        ' {"name": "control:refuse-all", "vacuous": []}]}'
    )
    controls = read_controls(path)
    assert controls.found and controls.vacuous == 1 and controls.controls[0].failed == 1
    results = Results(run_info("mutant:a"), (), ())
    page = render_mutants_page(results, [_row("a", "killed", ("i/1",))], controls)
    assert 'class="banner bad"' in page and "control:refuse-all" in page and "<code>x.ruling</code>" in page
    path.write_text(
        json.dumps(
            {  # the shape `mtg-conformance controls` writes
                "schema": "mtg-conformance/controls",
                "version": 1,
                "controls": [{"id": "inert", "behaviour": "changes nothing"}, {"id": "refuses-all", "behaviour": "no"}],
                "invariants": {"i/1": {"failed": ["inert", "refuses-all"]}, "i/2": {"failed": ["inert"]}},
                "vacuous": [{"ruling": "x.ruling", "control": "refuses-all", "invariants": ["i/3"]}],
            }
        )
    )
    controls = read_controls(path)
    assert [(c.id, c.description, c.vacuous, c.failed) for c in controls.controls] == [
        ("inert", "changes nothing", (), 2),
        ("refuses-all", "no", ("x.ruling",), 1),
    ]
    path.write_text("{")
    assert read_controls(path).problem is not None
    assert not read_controls(tmp_path / "absent.json").found


def test_mutants_junit_has_one_case_per_mutant() -> None:
    rows = [_row("a", "killed", ("i/1", "i/2")), _row("b", "survived"), _row("c", "killed", ("i/3",))]
    root = ET.fromstring(mutants_junit(rows))
    (suite,) = root
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ["a", "b", "c"]
    assert suite.get("tests") == "3" and suite.get("failures") == "1" and root.get("failures") == "1"
    assert [c.find("failure") is not None for c in cases] == [False, True, False]
