"""The results schema (round trip, validation, totals, exit status, atomic writes) and the HTML
report (contents, escaping of untrusted text, self-containment, well-formedness)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from reports.atomic import _umask, write_text_atomic
from reports.html import render_report, state_view, write_report
from reports.results import (
    STATUSES,
    Counterexample,
    EngineInfo,
    Failure,
    ResultRecord,
    Results,
    ResultsError,
    RulingRecord,
    RunInfo,
    TraceRecord,
    exit_status,
    read_results,
    write_results,
)

XSS_RULING = "<script>alert(1)</script>"
XSS_ENGINE = "<img src=x onerror=alert(1)>"

STATE = {
    "cards": [{"name": "Ninja of the Deep Hours", "types": ["Creature"], "mana_cost": "{3}{U}"}],
    "objects": [
        {"id": "c1", "name": "Grizzly Bears", "owner": 0},
        {"id": "c2", "name": "Ninja of the Deep Hours", "owner": 0},
        {"id": "c3", "name": "Island", "owner": 0},
    ],
    "players": [
        {"index": 0, "life": 20, "hand": ["c2"], "library": ["c3"]},
        {"index": 1, "life": 18},
    ],
    "battlefield": [
        {"id": "c1", "controller": 0, "tapped": True, "attacking": {"kind": "player", "player": 1}, "blocked": False}
    ],
    "step": "declare-attackers",
    "turn": 3,
    "active_player": 0,
    "priority": 0,
}


def run_info(**changes: object) -> RunInfo:
    fields: dict[str, object] = dict(
        started="2025-01-02T03:04:05Z",
        finished="2025-01-02T03:04:17Z",
        profile="ci",
        seed=123,
        engines=(EngineInfo("reference", "0.1.0"),),
        command="mtg-conformance run --profile ci",
        harness_version="0.1.0",
        duration=12.3,
    )
    fields.update(changes)
    return RunInfo(**fields)  # type: ignore[arg-type]


def sample(
    ruling_text: str = "The ninjutsu ability can be activated only after blockers have been declared.",
    observed: str = "ninjutsu offered in declare-attackers",
    event: str = "zone-change card=c1 from_zone=battlefield to_zone=hand",
) -> Results:
    rulings = (
        RulingRecord(
            id="ninjutsu.after-blockers",
            text=ruling_text,
            cards=("Ninja of the Deep Hours",),
            sources=("ninja-of-the-deep-hours.txt",),
            cr=("702.49a",),
            tags=("combat", "timing"),
            coverage="template",
            template="keyword-after-blockers",
            invariants=("ninjutsu.after-blockers/legality",),
        ),
        RulingRecord(
            id="generic.hidden-info",
            text="Some text only a human can act on.",
            status="informational",
            reason="about tournament procedure",
            coverage="informational",
        ),
        RulingRecord(id="sneak.gap", text="A ruling nobody encoded yet.", coverage="uncovered"),
        RulingRecord(
            id="search.fail-to-find",
            text="You may fail to find a card with the stated quality.",
            coverage="bound",
            invariants=("search.fail-to-find/outcome", "search.crash/outcome"),
        ),
    )
    failure = Failure(
        message="ninjutsu was offered before blockers were declared",
        expected="no ninjutsu action offered",
        observed=observed,
        counterexample=Counterexample(state=STATE, params={"attackers": 1, "return": "c1"}),
        trace=(
            TraceRecord(
                "P0 activate c2 [ninjutsu] costs=return:c1",
                (event, "zone-change card=c2 from_zone=hand to_zone=battlefield"),
            ),
            TraceRecord("P1 pass-priority"),
        ),
        reproduce="mtg-conformance run --engine reference --invariant ninjutsu.after-blockers/legality --profile ci",
        size=3,
    )
    results = (
        ResultRecord(
            "reference",
            "ninjutsu.after-blockers/legality",
            ("ninjutsu.after-blockers",),
            "legality",
            "fail",
            examples=17,
            examples_to_first_failure=4,
            duration=1.25,
            failure=failure,
        ),
        ResultRecord(
            "reference",
            "search.fail-to-find/outcome",
            ("search.fail-to-find",),
            "outcome",
            "pass",
            examples=100,
            duration=0.5,
        ),
        ResultRecord(
            "reference",
            "search.crash/outcome",
            ("search.fail-to-find",),
            "outcome",
            "error",
            examples=2,
            duration=0.1,
            reason="engine crashed: KeyError 'c9'",
            failure=Failure(
                message="engine crashed: KeyError 'c9'",
                reproduce="mtg-conformance run --engine reference --invariant search.crash/outcome --profile ci",
            ),
        ),
        ResultRecord(
            "reference", "global.one-zone", (), "global", "unsupported", reason="engine lacks mechanic: class levels"
        ),
    )
    return Results(run=run_info(), rulings=rulings, results=results)


# -- schema ---------------------------------------------------------------------------------


def test_round_trip() -> None:
    results = sample()
    text = results.to_json()
    assert Results.from_json(text) == results
    data = json.loads(text)
    assert data["schema"] == "mtg-conformance/results" and data["version"] == 4
    # every key is written, null rather than absent
    assert data["results"][1]["failure"] is None and "reason" in data["results"][1]
    assert data["run"]["seed"] == 123
    assert data["results"][0]["failure"]["counterexample"]["state"]["step"] == "declare-attackers"


def test_counterexample_state_is_plain_json() -> None:
    ce = Counterexample(state={"players": ({"hand": ("c1",)},)}, params={"n": (1, 2)})
    assert ce.state == {"players": [{"hand": ["c1"]}]} and ce.params == {"n": [1, 2]}
    with pytest.raises(ValueError, match="state"):
        Counterexample(state={"x": object()})


def test_totals_and_engines() -> None:
    results = sample()
    assert results.totals() == {"pass": 1, "fail": 1, "inconclusive": 0, "unsupported": 1, "error": 1}
    assert list(results.totals()) == list(STATUSES)
    assert results.totals("other") == dict.fromkeys(STATUSES, 0)
    assert json.loads(results.to_json())["totals"] == results.totals()
    assert results.engines() == ("reference",)


def test_exit_status() -> None:
    results = sample()
    assert exit_status(results) == 1
    ok = Results(run=run_info(), results=tuple(r for r in results.results if r.status in ("pass", "unsupported")))
    assert exit_status(ok) == 0
    only_error = Results(run=run_info(), results=tuple(r for r in results.results if r.status == "error"))
    assert exit_status(only_error) == 1


def _doc() -> dict:
    return json.loads(sample().to_json())


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(schema="x"), "results.json: schema is 'x', expected 'mtg-conformance/results'"),
        (lambda d: d.pop("schema"), "results.json: schema is missing, expected 'mtg-conformance/results'"),
        (lambda d: d.update(version=5), "results.json: version 5 is newer than this harness reads (4)"),
        (lambda d: d.update(version="1"), "results.json: version must be an integer, got '1'"),
        (lambda d: d.update(version=0), "results.json: version 0 is not a results version"),
        (lambda d: d["results"][3].update(status="passed"), "results.json: $.results[3].status: expected one of"),
        (lambda d: d["results"][0].update(duration="slow"), "results.json: $.results[0].duration: expected a number"),
        (lambda d: d["rulings"][0].update(colour="blue"), "results.json: $.rulings[0]: unknown field(s) ['colour']"),
        (lambda d: d["run"].pop("profile"), "results.json: $.run: missing field 'profile'"),
        (lambda d: d.update(extra=1), "results.json: $: unknown field(s) ['extra']"),
        (lambda d: d["totals"].update(fail=5), "results.json: $.totals:"),
        (lambda d: d["results"][0].update(failure=None), "a fail needs its failure"),
        (lambda d: d["results"].append(d["results"][1]), "has two results for engine 'reference'"),
    ],
)
def test_bad_documents(mutate, message) -> None:
    doc = _doc()
    mutate(doc)
    with pytest.raises(ResultsError) as info:
        Results.from_json(json.dumps(doc))
    assert str(info.value).startswith(message) or message in str(info.value)
    assert "\n" not in str(info.value)


def test_not_json_and_not_object() -> None:
    with pytest.raises(ResultsError, match=r"^results\.json: not JSON"):
        Results.from_json("{")
    with pytest.raises(ResultsError, match=r"^results\.json: expected a JSON object, got list"):
        Results.from_json("[]")


def test_optional_keys_may_be_absent() -> None:
    doc = _doc()
    for record in doc["results"]:
        for key in ("reason", "failure", "examples_to_first_failure"):
            if record[key] is None:
                del record[key]
    del doc["totals"]
    assert Results.from_json(json.dumps(doc)) == sample()


def test_write_and_read_results(tmp_path: Path) -> None:
    path = tmp_path / "out" / "results.json"
    write_results(sample(), path)
    assert read_results(path) == sample()
    write_results(sample(), path)  # overwriting works too
    assert sorted(p.name for p in path.parent.iterdir()) == ["results.json"]
    path.write_text('{"schema": "nope"}')
    with pytest.raises(ResultsError, match=re.escape(str(path)) + ": schema is 'nope'"):
        read_results(path)


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    write_text_atomic(target, "one")
    write_text_atomic(target, "two ✓")
    assert target.read_text(encoding="utf-8") == "two ✓"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
    # the temporary file's 0o600 does not leak into the result
    assert target.stat().st_mode & 0o777 == 0o666 & ~_umask()


def test_atomic_write_failure_keeps_old_file(tmp_path: Path) -> None:
    target = tmp_path / "results.json"
    target.write_text("old")

    with pytest.raises(TypeError):
        write_text_atomic(target, 42)  # type: ignore[arg-type]
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


# -- the HTML report --------------------------------------------------------------------------


class _Checker(HTMLParser):
    """Collects tags and attributes and checks that non-void elements nest properly."""

    VOID = {"meta", "br", "input", "img", "link", "hr", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> with open {self.stack[-3:]}")
            return
        self.stack.pop()


def _parse(html: str) -> _Checker:
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert checker.errors == []
    assert checker.stack == []
    return checker


def test_report_contents() -> None:
    results = sample()
    html = render_report(results)
    for ruling in results.rulings:
        assert ruling.id in html
        assert ruling.text in html
    for record in results.results:
        if record.failure is not None:
            assert f"<code>{record.failure.reproduce}</code>" in html
    assert "UNCOVERED" in html
    assert "about tournament procedure" in html  # informational reason
    assert "engine lacks mechanic: class levels" in html  # unsupported reason
    assert "ninjutsu offered in declare-attackers" in html
    assert "Grizzly Bears" in html and "attacking P1" in html and "unblocked" in html
    assert "declare-attackers" in html
    for status in STATUSES:
        assert f'badge s-{status}"' in html  # the matrix legend names every status


def test_report_escapes_untrusted_text() -> None:
    html = render_report(sample(ruling_text=XSS_RULING, observed=XSS_ENGINE, event=XSS_ENGINE))
    assert XSS_RULING not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert XSS_ENGINE not in html
    assert html.count("&lt;img src=x onerror=alert(1)&gt;") >= 2  # observed and trace event
    tags = [tag for tag, _ in _parse(html).tags]
    assert "script" not in tags and "img" not in tags


def test_report_is_self_contained() -> None:
    html = render_report(sample())
    checker = _parse(html)
    for tag, attrs in checker.tags:
        for name in ("href", "src", "action", "data"):
            value = attrs.get(name)
            assert value is None or value.startswith("#"), (tag, attrs)
        assert tag not in ("link", "script", "iframe", "object", "embed")
    assert "http://" not in html and "https://" not in html
    assert re.search(r"url\(", html) is None and "@import" not in html


def test_report_several_engines_and_odd_states(tmp_path: Path) -> None:
    base = sample()
    other = tuple(
        ResultRecord("phase", r.invariant, r.rulings, r.kind, "unsupported", reason="no ninjutsu") for r in base.results
    ) + (ResultRecord("phase", "orphan/global", ("not.in.file",), "global", "pass", examples=5),)
    results = Results(
        run=run_info(engines=(EngineInfo("reference", "0.1.0"), EngineInfo("phase", "0.9")), seed=None),
        rulings=base.rulings,
        results=base.results + other,
    )
    path = write_report(results, tmp_path / "report.html")
    html = path.read_text(encoding="utf-8")
    _parse(html)
    assert "phase 0.9" in html and "orphan/global" in html and "not.in.file" in html
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
    # a summary of a state with missing or odd keys degrades instead of failing
    view = state_view({"players": [None, {"life": 3}], "battlefield": [{"id": "x"}, 7], "stack": "??"})
    assert [p.life for p in view.players] == ["3"]
    assert view.battlefield[0].label == "x" and view.stack == ()
    assert state_view({}).players == ()


def test_empty_run_renders() -> None:
    results = Results(run=run_info(engines=()))
    assert exit_status(results) == 3  # judged nothing: not green
    html = render_report(results)
    _parse(html)
    assert "0 rulings" in html


def test_many_engines_share_one_results_column():
    """A mutants run has dozens of engines: the ruling table lists, in its one verdicts column,
    the verdicts that exist for each engine; the matrix has one narrow column per engine."""
    from reports.html import COMPACT_AFTER, build_report

    specs = [f"mutant:m{i}" for i in range(COMPACT_AFTER + 2)]
    run = RunInfo(
        "2026-11-30T00:00:00+00:00",
        "2026-11-30T00:00:09+00:00",
        "ci",
        None,
        tuple(EngineInfo(s, "0.1.0") for s in specs),
        "mtg-conformance mutants",
        "0.1.0",
        9.0,
    )
    ruling = RulingRecord("x.ruling", "Some ruling.", coverage="bound", invariants=("x/one", "x/two"))
    records = (
        ResultRecord(specs[0], "x/one", ("x.ruling",), "legality", "pass", examples=100),
        ResultRecord(
            specs[1],
            "x/two",
            ("x.ruling",),
            "legality",
            "fail",
            examples=3,
            failure=Failure("broken", expected="a", observed="b", reproduce="mtg-conformance run"),
        ),
    )
    report = build_report(Results(run, (ruling,), records))
    (row,) = report.rows
    assert [c.invariant for c in row.cells] == [f"{specs[0]}: x/one", f"{specs[1]}: x/two"]
    assert report.fold_summaries
    (mrow,) = report.matrix
    assert [c.letter for c in mrow.cells] == ["P", "F"] + ["·"] * (len(specs) - 2)
    assert mrow.disagree and report.disagreements == (mrow,)
    html = render_report(Results(run, (ruling,), records))
    assert html.count("<th>Verdicts</th>") == 1 and "mutant:m1: x/two" in html
