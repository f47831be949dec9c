"""The gate's expectations in every artifact (issue 30): results.json records each result's
expectation with its reason and bug link, report.html shows expected failures apart as known
issues, junit.xml skips an expected failure (so a green gate publishes no failure) and fails an
unexpected pass; each expectations file is tied to the engine it gates."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from harness.expectations import Expectation, Expectations, annotate, parse_expectations
from harness.gate import ExpectationsFile, GateError, bind, split_spec
from reports.html import build_report, render_report
from reports.junit import render_junit
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RunInfo

KNOWN = "ninjutsu.after-blockers/ninjutsu/refused-before-blockers"
NEW = "ninjutsu.same-attack-target/ninjutsu/enters-attacking-same-target"
FIXED = "ninjutsu.after-blockers/ninjutsu/offered-after-blockers"
BUG = "https://example.org/phase/issues/12"


def run_info(*engines: str) -> RunInfo:
    return RunInfo(
        started="2026-01-01T00:00:00+00:00",
        finished="2026-01-01T00:00:01+00:00",
        profile="ci",
        seed=None,
        engines=tuple(EngineInfo(e, "1") for e in engines),
        command="mtg-conformance run",
        harness_version="0.1.0",
        duration=1.0,
    )


def record(invariant: str, status: str, engine: str = "phase") -> ResultRecord:
    failure = None
    if status in ("fail", "error"):
        failure = Failure(message=f"{invariant} broke", counterexample=Counterexample(state={"turn": 1}))
    return ResultRecord(
        engine,
        invariant,
        (invariant.split("/")[0],),
        "legality",
        status,  # type: ignore[arg-type]
        failure=failure,
        reason="crashed" if status == "error" else None,
    )


def phase_file() -> Expectations:
    return Expectations(
        (
            Expectation(KNOWN, "fail", "phase offers ninjutsu too early", BUG),
            Expectation(FIXED, "fail", "was broken once"),
        ),
        engine="phase",
        source="phase-expectations.toml",
    )


def gated(*records: ResultRecord) -> Results:
    engines = tuple(dict.fromkeys(r.engine for r in records))
    results = Results(run_info(*engines), results=records)
    return annotate(results, {"phase": phase_file()})


# -- results.json ---------------------------------------------------------------------------


def test_results_record_the_expectation_with_reason_and_bug():
    results = gated(record(KNOWN, "fail"), record(NEW, "fail"))
    data = json.loads(results.to_json())
    known, new = data["results"]
    assert known["expectation"] == {
        "status": "fail",
        "reason": "phase offers ninjutsu too early",
        "bug": BUG,
        "key": KNOWN,
        "source": "phase-expectations.toml",
    }
    assert new["expectation"]["status"] == "pass" and new["expectation"]["key"] is None
    assert Results.from_json(results.to_json()) == results
    assert results.results[0].known_issue and not results.results[1].known_issue
    assert results.results[1].unexpected


def test_results_files_of_version_2_still_load_without_expectations():
    data = json.loads(Results(run_info("phase"), results=(record(KNOWN, "fail"),)).to_json())
    data["version"] = 2
    del data["results"][0]["expectation"]
    (old,) = Results.from_dict(data).results
    assert old.expectation is None and not old.known_issue and not old.unexpected


# -- junit.xml ------------------------------------------------------------------------------


def test_junit_of_a_green_gate_has_no_failure():
    root = ET.fromstring(render_junit(gated(record(KNOWN, "fail"), record(NEW, "pass"))))
    assert root.get("failures") == "0" and root.get("errors") == "0" and root.get("skipped") == "1"
    assert not list(root.iter("failure"))
    (skipped,) = root.iter("skipped")
    assert skipped.get("message") == "expected failure: phase offers ninjutsu too early"
    assert BUG in (skipped.text or "")


def test_junit_of_a_red_gate_fails_new_failures_and_unexpected_passes():
    root = ET.fromstring(render_junit(gated(record(KNOWN, "fail"), record(NEW, "fail"), record(FIXED, "pass"))))
    failures = {c.get("name"): c.find("failure") for c in root.iter("testcase") if c.find("failure") is not None}
    assert set(failures) == {NEW, FIXED}
    assert failures[FIXED].get("message") == "unexpected pass: expected fail (was broken once)"
    assert root.get("failures") == "2"


def test_junit_without_a_gate_fails_every_failure():
    root = ET.fromstring(render_junit(Results(run_info("phase"), results=(record(KNOWN, "fail"),))))
    assert root.get("failures") == "1" and not list(root.iter("skipped"))


def test_junit_classnames_are_the_same_with_one_engine_or_several():
    one = ET.fromstring(render_junit(Results(run_info("phase"), results=(record(KNOWN, "pass"),))))
    two = ET.fromstring(
        render_junit(
            Results(run_info("phase", "reference"), results=(record(KNOWN, "pass"), record(KNOWN, "pass", "reference")))
        )
    )
    classname = {c.get("name"): c.get("classname") for c in one.iter("testcase")}[KNOWN]
    assert classname == "phase.ninjutsu.after-blockers"
    assert classname in {c.get("classname") for c in two.iter("testcase")}


# -- report.html ----------------------------------------------------------------------------


def test_report_shows_expected_failures_apart_with_their_reason():
    results = gated(record(KNOWN, "fail"), record(NEW, "fail"))
    report = build_report(results)
    assert [k.case.record.invariant for k in report.known] == [KNOWN]
    assert [r.invariant for g in report.groups for r in g.group.records] == [NEW]
    html = render_report(results)
    known = html[html.index('<section id="known">') : html.index("</section>", html.index('<section id="known">'))]
    assert "Known issues (1)" in known and "phase offers ninjutsu too early" in known
    assert f'<a href="{BUG}">' in known and KNOWN in known and NEW not in known
    failures = html[html.index('<section id="failures">') : html.index('<section id="known">')]
    assert NEW in failures and KNOWN not in failures


def test_report_of_an_ungated_run_has_no_known_issues_section():
    html = render_report(Results(run_info("phase"), results=(record(KNOWN, "fail"),)))
    assert 'id="known"' not in html and KNOWN in html


def test_a_bug_that_is_not_an_address_is_shown_as_text():
    odd = Expectations((Expectation(KNOWN, "fail", "r", 'javascript:alert("x")'),), "phase", "f.toml")
    html = render_report(annotate(Results(run_info("phase"), results=(record(KNOWN, "fail"),)), {"phase": odd}))
    assert 'href="javascript' not in html and "javascript:alert(&#34;x&#34;)" in html


# -- one file per engine --------------------------------------------------------------------


def item(engine: str | None, declared: str | None, source: str = "f.toml") -> ExpectationsFile:
    return ExpectationsFile(engine, Expectations(engine=declared, source=source))


def test_engine_equals_file_is_split_and_a_plain_file_is_kept(tmp_path):
    assert split_spec("phase=docs/phase.toml") == ("phase", tmp_path.__class__("docs/phase.toml"))
    assert split_spec("docs/phase.toml") == (None, tmp_path.__class__("docs/phase.toml"))
    odd = tmp_path / "a=b.toml"
    odd.write_text("")
    assert split_spec(str(odd)) == (None, odd)


def test_a_bare_file_gates_the_only_engine_or_the_one_it_names():
    assert set(bind((item(None, None),), ("reference",))) == {"reference"}
    assert set(bind((item(None, "phase"),), ("reference", "phase"))) == {"phase"}
    assert set(bind((item(None, "phase"),), ("isolated:phase",))) == {"isolated:phase"}
    with pytest.raises(GateError, match="name the one it gates as ENGINE="):
        bind((item(None, None),), ("reference", "phase"))


@pytest.mark.parametrize(
    ("files", "engines", "message"),
    [
        ((item(None, "phase"),), ("mutant:x",), "its engine is 'phase' but it would gate engine 'mutant:x'"),
        ((item("reference", "phase"),), ("reference", "phase"), "would gate engine 'reference'"),
        ((item("other", None),), ("reference",), "the run does not check engine 'other'"),
        ((item("reference", None), item(None, None, "g.toml")), ("reference",), "two expectations files"),
    ],
)
def test_a_file_for_another_engine_is_a_usage_error(files, engines, message):
    with pytest.raises(GateError, match=message):
        bind(files, engines)


def test_each_engine_is_gated_by_its_own_file():
    reference = Expectations((Expectation(NEW, "fail", "reference bug"),), "reference", "ref.toml")
    results = Results(
        run_info("phase", "reference"),
        results=(
            record(KNOWN, "fail"),
            record(NEW, "fail"),
            record(KNOWN, "fail", "reference"),
            record(NEW, "fail", "reference"),
        ),
    )
    marked = annotate(results, {"phase": phase_file(), "reference": reference})
    known = {(r.engine, r.invariant) for r in marked.results if r.known_issue}
    assert known == {("phase", KNOWN), ("reference", NEW)}
    assert parse_expectations('engine = "phase"\n').engine == "phase"
    assert replace(marked.results[0], expectation=None).expectation is None
