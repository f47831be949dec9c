"""Filters reflected in the URL (issue 30, deliverable 5): each filter choice of report.html is a
link to its own fragment (``#filter~status~fail``), and the page's CSS hides what does not match
while that fragment is the URL's (``:target``), so a filtered view can be linked and reloaded with
no script. Hostile names reach the stylesheet only hex-escaped."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from reports.html import FILTER_ALL, build_report, css_id, render_report
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RulingRecord, RunInfo
from tests.test_anchors import check_links

HOSTILE = 'Evil "</style><b>x</b>{}'


class Links(HTMLParser):
    """Every ``<a class="choice">``: its id and href (the parser decodes entities, as a browser)."""

    def __init__(self) -> None:
        super().__init__()
        self.choices: list[tuple[str, str]] = []
        self.style = ""
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("class") == "choice":
            self.choices.append((a.get("id") or "", a.get("href") or ""))
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = self._in_style and tag != "style"

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.style += data


def sample(engine_b: str = "other", card: str = "Ninja of the Deep Hours") -> Results:
    rulings = (
        RulingRecord("ninjutsu.one", "text", cards=(card,), coverage="bound", invariants=("ninjutsu.one/a",)),
        RulingRecord("combat.two", "text", cards=("Soldier",), coverage="bound", invariants=("combat.two/a",)),
    )
    run = RunInfo("t0", "t1", "ci", None, (EngineInfo("phase", "1"), EngineInfo(engine_b, "2")), "c", "0", 1.0)
    fail = Failure("broken", counterexample=Counterexample({"turn": 1}))
    records = (
        ResultRecord("phase", "ninjutsu.one/a", ("ninjutsu.one",), "legality", "fail", failure=fail),
        ResultRecord("phase", "combat.two/a", ("combat.two",), "legality", "pass"),
        ResultRecord(engine_b, "ninjutsu.one/a", ("ninjutsu.one",), "legality", "pass"),
        ResultRecord(engine_b, "combat.two/a", ("combat.two",), "legality", "error", reason="boom"),
    )
    return Results(run, rulings, records)


def parsed(results: Results) -> tuple[str, Links]:
    html = render_report(results)
    links = Links()
    links.feed(html)
    return html, links


def test_every_filter_choice_is_a_link_to_itself_with_its_css_rule():
    results = sample()
    report = build_report(results)
    html, links = parsed(results)
    check_links(html)
    options = (
        *report.filter_statuses,
        *report.filter_engines,
        *report.filter_engine_statuses,
        *report.filter_families,
        *report.filter_cards,
    )
    assert {o.anchor for o in options} >= {
        "filter~status~fail",
        "filter~status~error",
        "filter~engine~phase",
        "filter~engine~phase~status~fail",
        "filter~family~ninjutsu",
        "filter~card~Ninja_of_the_Deep_Hours",
    }
    by_id = dict(links.choices)
    assert by_id[FILTER_ALL] == f"#{FILTER_ALL}"
    for option in options:
        assert by_id[option.anchor] == f"#{option.anchor}", option
        rule = f"body:has({css_id(option.anchor)}:target) .flt:not(.{option.keep}){{display:none}}"
        assert rule in links.style, rule
    assert "filter~all" not in report.filter_css  # the "everything" choice hides nothing


def ruling_rows_kept(html: str, keep: str) -> list[str]:
    """The ruling table's rows a choice keeping ``keep`` leaves shown."""
    rows = re.findall(r'<tr id="ruling~([^"]+)" class="([^"]*)"', html)
    assert rows and all("flt" in classes.split() for _, classes in rows)
    return [rid for rid, classes in rows if keep in classes.split()]


def test_each_choice_keeps_exactly_the_rows_of_its_value():
    results = sample()
    report = build_report(results)
    html = render_report(results)
    keep = {o.anchor: o.keep for o in (*report.filter_statuses, *report.filter_engine_statuses, *report.filter_cards)}
    assert ruling_rows_kept(html, keep["filter~status~error"]) == ["combat.two"]
    assert ruling_rows_kept(html, keep["filter~status~fail"]) == ["ninjutsu.one"]
    assert ruling_rows_kept(html, keep["filter~engine~other~status~pass"]) == ["ninjutsu.one"]
    assert ruling_rows_kept(html, keep["filter~card~Soldier"]) == ["combat.two"]


def test_a_fragment_with_a_tilde_is_escaped_as_a_css_id():
    assert css_id("filter~status~fail") == "#filter\\7e status\\7e fail"
    assert css_id('a"</style>') == "#a\\22 \\3c \\2f style\\3e "


def test_hostile_names_stay_escaped_in_links_and_css():
    html, links = parsed(sample(engine_b=HOSTILE, card=HOSTILE))
    check_links(html)
    assert "</style><b>x</b>" not in html
    assert re.fullmatch(r"[A-Za-z0-9_\-\\ #:(){}.\n]*", build_report(sample(HOSTILE, HOSTILE)).filter_css)
    hostile = [i for i, _ in links.choices if "Evil" in i]
    assert {'filter~engine~Evil_"</style><b>x</b>{}', 'filter~card~Evil_"</style><b>x</b>{}'} <= set(hostile)
    assert all(dict(links.choices)[i] == f"#{i}" for i in hostile)


def test_a_single_engine_has_no_engine_filters_and_no_radios_remain():
    run = RunInfo("t0", "t1", "ci", None, (EngineInfo("e", "1"),), "c", "0", 1.0)
    record = ResultRecord("e", "x.y/a", ("x.y",), "legality", "pass")
    report = build_report(Results(run, (), (record,)))
    assert report.filter_engines == () and report.filter_engine_statuses == ()
    html = render_report(Results(run, (), (record,)))
    assert 'type="radio"' not in html and "<script" not in html
    assert 'href="#filter~status~pass"' in html
