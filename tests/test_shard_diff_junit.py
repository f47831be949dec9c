"""Shard assignment (deterministic, complete, balanced, stable), run diffs, merge refusals and the
JUnit shape, on synthetic results (no engine runs)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from html.parser import HTMLParser

import pytest

from harness.merge import MergeError, merge_results
from harness.plan import Case
from harness.shard import SLACK, ShardError, assign, parse_shard, shard_cases
from reports.diff import diff_results, format_diff, render_diff_page
from reports.html import render_report
from reports.junit import render_junit
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo

COSTS = {f"family-{i % 7}.ruling-{i}/inv": 0.5 + (i * 37 % 11) for i in range(90)}


# -- shards ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"])
def test_bad_shard_specs_are_usage_errors(text):
    with pytest.raises(ShardError, match="--shard"):
        parse_shard(text)


def test_every_case_is_in_exactly_one_shard_and_the_split_is_deterministic():
    cases = [Case(e, i) for e in ("reference", "phase") for i in COSTS]
    for n in (1, 2, 3, 5):
        parts = [shard_cases(cases, i, n, COSTS) for i in range(1, n + 1)]
        assert sorted(c.node_id for p in parts for c in p) == sorted(c.node_id for c in cases)
        assert parts == [shard_cases(list(cases), i, n, dict(COSTS)) for i in range(1, n + 1)]
        for p in parts:
            assert p == [c for c in cases if c in p]  # the plan's order is kept


def test_shards_are_balanced_by_cost():
    for n in (2, 3, 4):
        where = assign(COSTS, n)
        loads = [sum(c for k, c in COSTS.items() if where[k] == s) for s in range(1, n + 1)]
        mean = sum(loads) / n
        assert max(loads) <= mean * (1 + SLACK) + max(COSTS.values())


def test_adding_invariants_moves_few_others():
    before = assign(COSTS, 3)
    grown = dict(COSTS) | {f"new.ruling-{i}/inv": 3.0 for i in range(3)}
    after = assign(grown, 3)
    moved = [k for k in before if before[k] != after[k]]
    assert len(moved) <= 6, moved  # of 90


# -- diffs -----------------------------------------------------------------------------------


def run_info(**changes: object) -> RunInfo:
    base = RunInfo(
        "2025-01-01T00:00:00Z",
        "2025-01-01T00:00:09Z",
        "ci",
        None,
        (EngineInfo("eng", "1"),),
        "mtg-conformance run",
        "0.1.0",
        9.0,
        corpus="sha256:abc",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def rec(
    invariant: str, status: str, message: str = "broke", state: dict | None = None, engine: str = "eng"
) -> ResultRecord:
    failure = None
    if status in ("fail", "error"):
        failure = Failure(message=message, counterexample=Counterexample(state=state or {"turn": 1}))
    return ResultRecord(
        engine,
        invariant,
        (invariant.split("/")[0],),
        "outcome",
        status,  # type: ignore[arg-type]
        reason=message if status in ("error", "unsupported") else None,
        failure=failure,
        duration=1.5,
    )


def test_diff_categories():
    old = Results(
        run_info(),
        results=(
            rec("a.r/1", "pass"),
            rec("a.r/2", "fail"),
            rec("b.r/1", "pass"),
            rec("b.r/2", "fail", "old words"),
            rec("c.r/1", "fail", state={"turn": 1}),
            rec("c.r/2", "pass"),
            rec("d.r/1", "pass"),
        ),
    )
    new = Results(
        run_info(),
        results=(
            rec("a.r/1", "fail", "<b>new</b>"),
            rec("a.r/2", "pass"),
            rec("b.r/1", "unsupported"),
            rec("b.r/2", "fail", "new words"),
            rec("c.r/1", "fail", state={"turn": 2}),
            rec("c.r/2", "pass"),
            rec("e.r/1", "fail"),
        ),
    )
    diff = diff_results(old, new, old_label="old.json", new_label="new.json")
    kinds = {c.invariant: c.kind for c in diff.changes}
    assert kinds == {
        "a.r/1": "regression",
        "a.r/2": "fix",
        "b.r/1": "status",
        "b.r/2": "changed-failure",
        "c.r/1": "changed-failure",
        "e.r/1": "added",
        "d.r/1": "removed",
    }
    assert diff.unchanged == 1
    assert diff.summary_line() == (
        "diff against old.json: 1 regressions, 1 fixes, 1 status changes, 1 added, "
        "1 removed, 2 changed failures; 1 unchanged"
    )
    assert {c.invariant for c in diff.gate_failures()} == {"a.r/1", "a.r/2", "b.r/1", "e.r/1"}
    text = format_diff(diff)
    assert "REGRESSION: a.r/1 on eng: pass -> fail: <b>new</b>" in text
    assert "CHANGED FAILURE: b.r/2 on eng (fail): message was 'old words', now 'new words'" in text
    assert "CHANGED FAILURE: c.r/1 on eng (fail): counterexample changed" in text
    for html in (render_diff_page(diff), render_report(new, diff)):
        assert "<b>new</b>" not in html and "&lt;b&gt;new&lt;/b&gt;" in html  # autoescaped
        assert "Changes since old.json" in html and 'id="diff-regression"' in html
        HTMLParser().feed(html)
        assert "http://" not in html.replace("http://www.w3.org", "") and "<script" not in html


def test_single_engines_with_different_names_pair_by_invariant():
    old = Results(run_info(engines=(EngineInfo("phase", "1"),)), results=(rec("a.r/1", "pass", engine="phase"),))
    new = Results(run_info(engines=(EngineInfo("other", "2"),)), results=(rec("a.r/1", "fail", engine="other"),))
    (change,) = diff_results(old, new).changes
    assert change.kind == "regression"


# -- merge -----------------------------------------------------------------------------------


def test_merge_refuses_results_of_different_runs():
    a = Results(run_info(shard="1/2"), results=(rec("a.r/1", "pass"),))
    b = Results(run_info(shard="2/2"), results=(rec("b.r/1", "pass"),))
    merged, warnings = merge_results([("a", a), ("b", b)])
    assert len(merged.results) == 2 and merged.run.shard is None and not warnings
    for field, value, said in (
        ("harness_version", "9.9", "harness version 9.9"),
        ("corpus", "sha256:zzz", "corpus"),
        ("profile", "dev", "profile dev"),
        ("seed", 5, "seed 5"),
        ("engines", (EngineInfo("eng", "2"),), "engines eng 2"),
    ):
        other = replace(b, run=replace(b.run, **{field: value}))
        with pytest.raises(MergeError, match=f"cannot merge: b has {said}"):
            merge_results([("a", a), ("b", other)])
    with pytest.raises(MergeError, match="both shard 1/2"):
        merge_results([("a", a), ("a2", a)])
    with pytest.raises(MergeError, match=r"both have a result for a\.r/1"):
        merge_results([("a", a), ("c", replace(a, run=replace(a.run, shard=None)))])
    _, warnings = merge_results([("a", a)])
    assert warnings == ["shard(s) 2/2 missing: the merged results are incomplete"]


# -- JUnit -----------------------------------------------------------------------------------


def test_junit_groups_by_engine_and_family_with_errors_as_errors():
    results = Results(
        run_info(),
        results=(
            rec("ninjutsu.after-blockers/x", "fail", "the Ninja came early"),
            rec("ninjutsu.same-target/y", "error", "engine crashed"),
            rec("mana.tap/z", "unsupported", "no mana"),
            rec("mana.tap/w", "pass"),
        ),
    )
    root = ET.fromstring(render_junit(results))
    assert root.tag == "testsuites" and root.get("tests") == "4"
    assert [s.get("name") for s in root] == ["eng: ninjutsu", "eng: mana"]
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert cases["ninjutsu.after-blockers/x"].get("classname") == "eng.ninjutsu.after-blockers"
    assert cases["ninjutsu.after-blockers/x"].find("failure").get("message") == "the Ninja came early"
    assert cases["ninjutsu.same-target/y"].find("error").get("message") == "engine crashed"
    assert cases["ninjutsu.same-target/y"].find("failure") is None
    assert cases["mana.tap/z"].find("skipped").get("message") == "unsupported: no mana"
    text = render_junit(results)
    assert "FAIL:" not in text and "suite.py" not in text and 'name="suite"' not in text


def test_junit_elides_machine_paths():
    from pathlib import Path

    import reports

    root = str(Path(reports.__file__).resolve().parents[1])
    results = Results(run_info(), results=(rec("a.r/1", "error", f"crash in {root}/engines/x.py"),))
    assert root not in render_junit(results) and "engines/x.py" in render_junit(results)
