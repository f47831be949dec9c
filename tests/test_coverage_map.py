"""The CR map (`mtg-conformance coverage`): every subrule of the covered sections, linked to the
invariants that check it or marked not covered with why; its JSON, its page, and the run's copy."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from harness.cli import main
from harness.coverage_cli import format_table
from harness.cr_map import NAMED_SECTIONS, build_map, covered_sections, section_of
from harness.plan import compiled_suite
from protocol.keyword_registry import KEYWORD_ABILITIES
from reports.coverage_page import render_coverage_page
from reports.cr_map import DEFAULT_REASON, CRMap, CRMapError, MapRow, MapSection
from rulings.compile import CompiledSuite, RulingCoverage
from rulings.corpus import Corpus, Ruling
from rulings.cr_explain import Explanations, ExplanationsError, load_explanations
from rulings.cr_text import CR_FILE, is_under, shipped_rules

RAW = CR_FILE.read_text(encoding="utf-8-sig")


def raw_numbers(section: str) -> list[str]:
    """The numbers of every rule below ``section`` in the published text, read with a pattern of
    this test's own (not the parser's): "506.1.", "506.2a", and "606.5" printed without its dot."""
    if "." in section:
        pattern = rf"^({re.escape(section)}[a-z])\.? "
    else:
        pattern = rf"^({section}\.\d+[a-z]?)\.? "
    return re.findall(pattern, RAW, flags=re.MULTILINE)


def ruling(rid: str, cr: tuple[str, ...], status: str = "executable", reason: str | None = None) -> Ruling:
    return Ruling(rid, f"text of {rid}", "0" * 16, ("Some Card",), ("test",), cr, ("combat",), status, reason)


def toy_suite() -> CompiledSuite:
    """Four rulings, one per way a rule can be cited: checked, section only, informational, uncovered."""
    a = ruling("toy.damage", ("510.1c",))
    b = ruling("toy.first-strike", ("702.7",))
    c = ruling("toy.info", ("510.3a",), "informational", "no engine can show it")
    d = ruling("toy.gap", ("510.3",))
    coverage = (
        RulingCoverage(a, "template", "toy", ("toy.damage/one", "toy.damage/two")),
        RulingCoverage(b, "bound", None, ("toy.first-strike/one",)),
        RulingCoverage(c, "informational", None, ()),
        RulingCoverage(d, "uncovered", None, (), reason="sentence 'x' matches no template"),
    )
    return CompiledSuite(Corpus((a, b, c, d)), (), coverage)


def rows(crmap: CRMap) -> dict[str, MapRow]:
    return {row.number: row for s in crmap.sections for row in s.rows}


@pytest.fixture(scope="module")
def shipped() -> CRMap:
    rules = shipped_rules()
    return build_map(compiled_suite(), rules, load_explanations(rules))


# -- what the map lists ------------------------------------------------------------------------


def test_lists_every_subrule_of_the_combat_phase(shipped: CRMap) -> None:
    by_section = {s.number: s for s in shipped.sections}
    counts = {}
    for section in ("506", "507", "508", "509", "510", "511"):
        expected = raw_numbers(section)
        assert [r.number for r in by_section[section].subrules] == expected
        assert by_section[section].total == len(expected)
        counts[section] = len(expected)
    assert sum(counts.values()) == 104  # 28 + 2 + 38 + 23 + 10 + 3 in the 2026-02-27 edition


def test_lists_every_subrule_of_every_registered_keyword(shipped: CRMap) -> None:
    by_section = {s.number: s for s in shipped.sections}
    for keyword in KEYWORD_ABILITIES.values():
        section = section_of(keyword.cr)
        assert section in by_section, keyword.name
        assert [r.number for r in by_section[section].subrules] == raw_numbers(section)
        assert by_section[section].subrules, keyword.name


def test_no_gap_left_in_the_combat_phase_or_the_registered_keywords(shipped: CRMap) -> None:
    """Every subrule of 506-511 and of each registered keyword's 702 section is checked by an
    invariant or explained in the shipped ``rulings/cr-not-covered.toml``: none is left with the
    default "no ruling in the corpus cites it"."""
    by_section = {s.number: s for s in shipped.sections}
    wanted = ["506", "507", "508", "509", "510", "511"]
    wanted += sorted({section_of(k.cr) for k in KEYWORD_ABILITIES.values()})
    gaps = [
        row.number
        for section in wanted
        for row in by_section[section].subrules
        if row.status != "checked" and row.reason == DEFAULT_REASON
    ]
    assert not gaps, f"neither checked nor explained in rulings/cr-not-covered.toml: {', '.join(gaps)}"


def test_every_rule_is_linked_or_explained(shipped: CRMap) -> None:
    for section in shipped.sections:
        for row in section.rows:
            if row.status == "checked":
                assert row.invariants and row.reason is None
            else:
                assert row.reason and not row.invariants, row.number


def test_covered_sections_are_the_named_the_keywords_and_the_cited() -> None:
    suite = compiled_suite()
    covered = covered_sections(suite)
    assert set(NAMED_SECTIONS) <= set(covered)
    assert {"702.49", "702.88", "702.190", "702.19", "702.9"} <= set(covered)
    cited = {section_of(n) for c in suite.coverage for n in c.ruling.cr}
    assert cited <= set(covered)
    assert "702" not in covered  # a keyword is a section of its own, never the whole of 702
    assert section_of("510.1c") == "510" and section_of("702.19b") == "702.19" and section_of("701.23a") == "701.23"


# -- how a rule is covered ---------------------------------------------------------------------


def test_a_cited_subrule_links_to_the_invariants_of_its_rulings() -> None:
    got = rows(build_map(toy_suite(), shipped_rules(), Explanations({}), ["510", "702.7"]))
    assert got["510.1c"].status == "checked"
    assert got["510.1c"].invariants == ("toy.damage/one", "toy.damage/two")
    assert got["510.1c"].rulings == ("toy.damage",) and got["510.1c"].via == ()
    # the rule above it is checked through it; its siblings are not
    assert got["510.1"].invariants == ("toy.damage/one", "toy.damage/two") and got["510.1"].via == ("510.1c",)
    assert got["510.1a"].status == "not-covered"


def test_citing_a_parent_does_not_cover_its_children() -> None:
    got = rows(build_map(toy_suite(), shipped_rules(), Explanations({}), ["702.7"]))
    assert got["702.7"].status == "checked" and got["702.7"].invariants == ("toy.first-strike/one",)
    assert got["702.7"].heading
    for number in ("702.7a", "702.7b", "702.7c", "702.7d"):
        assert got[number].status == "not-covered" and got[number].reason == DEFAULT_REASON


def test_uncited_informational_and_uncompiled_rules_say_why() -> None:
    explanations = Explanations({"510.1": "why 510.1 and below", "510.1d": "why 510.1d itself"})
    crmap = build_map(toy_suite(), shipped_rules(), explanations, ["510"])
    got = rows(crmap)
    assert got["510.1a"].reason == "why 510.1 and below"  # the explanation of the rule above
    assert got["510.1d"].reason == "why 510.1d itself"  # the most specific explanation wins
    assert got["510.1c"].status == "checked" and got["510.1c"].reason is None  # checked wins over explained
    assert got["510.2"].reason == DEFAULT_REASON
    assert got["510.3a"].status == "informational" and "toy.info" in got["510.3a"].reason
    assert "no engine can show it" in got["510.3a"].reason
    assert got["510.3"].status == "not-covered"
    assert "toy.gap" in got["510.3"].reason and "matches no template" in got["510.3"].reason
    (section,) = crmap.sections
    assert (section.checked, section.informational, section.total) == (2, 1, 10)  # 510.1, 510.1c; 510.3a


def test_a_citation_the_rules_lack_is_named() -> None:
    typo = ruling("toy.typo", ("510.9", "510.1c"))
    suite = CompiledSuite(Corpus((typo,)), (), (RulingCoverage(typo, "template", "toy", ("toy.typo/one",)),))
    crmap = build_map(suite, shipped_rules(), Explanations({}), ["510"])
    assert [(u.number, u.rulings) for u in crmap.unknown_citations] == [("510.9", ("toy.typo",))]
    assert "cited but not in the rules: 510.9 (toy.typo)" in format_table(crmap)
    assert rows(crmap)["510.1c"].invariants == ("toy.typo/one",)


def test_the_shipped_corpus_links_its_citations(shipped: CRMap) -> None:
    """Every executable ruling an invariant encodes puts its invariants on each rule it cites."""
    got = rows(shipped)
    for c in compiled_suite().coverage:
        for number in c.ruling.cr:
            if number in got and c.invariants:
                assert set(c.invariants) <= set(got[number].invariants), (c.ruling.id, number)
    assert "trample.lethal-then-excess" in {i.split("/")[0] for i in got["702.19b"].invariants}


def test_shipped_explanation_is_shown() -> None:
    rules = shipped_rules()
    explanations = load_explanations(rules)
    got = rows(build_map(toy_suite(), rules, explanations, ["506"]))
    assert got["506.2a"].status == "not-covered"
    assert got["506.2a"].reason is not None and got["506.2a"].reason.startswith("multiplayer only")


def test_every_shipped_explanation_is_in_a_covered_section() -> None:
    rules = shipped_rules()
    covered = covered_sections(compiled_suite())
    for number in load_explanations(rules).reasons:
        assert any(is_under(number, s) for s in covered), f"{number} is explained but in no covered section"


# -- the explanations file ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[not-covered]]\nrules = ["506.2z"]\nreason = "x"\n', "entry 1: rule 506.2z does not exist"),
        ('[[not-covered]]\nrules = ["510.9"]\nreason = "x"\n', "entry 1: rule 510.9 does not exist"),
        ('[[not-covered]]\nrules = ["five"]\nreason = "x"\n', "entry 1: 'five' is not a Comprehensive Rules number"),
        ('[[not-covered]]\nrules = ["506.2a"]\nreason = " "\n', "entry 1: 'reason' must be a non-empty string"),
        (
            '[[not-covered]]\nrules = ["506.2a"]\nreason = "x"\n[[not-covered]]\nrules = ["506.2a"]\nreason = "y"\n',
            "entry 2: rule 506.2a is explained twice",
        ),
        ('[[explain]]\nrules = ["506.2a"]\nreason = "x"\n', "unknown top-level key 'explain'"),
        ("rules = [", "not valid TOML"),
    ],
)
def test_a_bad_explanations_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "why.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExplanationsError) as caught:
        load_explanations(shipped_rules(), path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_nonexistent_subrule_is_a_usage_error_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "why.toml"
    path.write_text('[[not-covered]]\nrules = ["702.19z"]\nreason = "typo"\n', encoding="utf-8")
    assert main(["coverage", "--explanations", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "702.19z does not exist" in err


# -- the command ------------------------------------------------------------------------------


def test_json_round_trips(capsys: pytest.CaptureFixture[str], shipped: CRMap) -> None:
    assert main(["coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == "mtg-conformance/cr-map" and data["version"] == 1
    decoded = CRMap.from_dict(data)
    assert decoded == shipped
    assert decoded.to_dict() == data
    assert data["totals"]["total"] == sum(s["total"] for s in data["sections"])
    tampered = json.loads(json.dumps(data))
    tampered["sections"][0]["rows"][1]["status"] = "maybe"
    with pytest.raises(CRMapError, match="maybe"):
        CRMap.from_dict(tampered)


def test_table_and_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "-v", "--section", "510", "--section", "702.19"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert re.match(r"510\s+\d+/10\s+Combat Damage Step", lines[1])
    listed = [line.split()[0] for line in lines if line.startswith("  ")]
    assert listed == raw_numbers("510") + raw_numbers("702.19")
    assert "2 sections of the Comprehensive Rules (February 27, 2026)" in out
    assert main(["coverage", "--section", "702"]) == 0  # every keyword section
    assert "702.190" in capsys.readouterr().out
    assert main(["coverage", "--section", "999"]) == 2
    assert "--section 999: no covered section" in capsys.readouterr().err


# -- the page ---------------------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: set[str] = set()
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.ids.extend(v for k, v in attrs if k == "id" and v)
        if tag not in ("meta", "br", "link", "input", "img"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()


def test_page_parses_has_stable_anchors_and_escapes(tmp_path: Path) -> None:
    hostile = '<script>alert(1)</script> & "quotes"'
    crmap = CRMap(
        "February 27, 2026",
        (
            MapSection(
                "510",
                "Combat Damage Step",
                ("combat",),
                (
                    MapRow("510", "Combat Damage Step", heading=True),
                    MapRow("510.1c", hostile, (hostile,), status="checked", invariants=("a<b>/c",), rulings=("r",)),
                    MapRow("510.1d", "text", reason=hostile),
                ),
            ),
        ),
    )
    html = render_coverage_page(crmap)
    page = _Page()
    page.feed(html)
    page.close()
    assert page.open == []
    assert "script" not in page.tags and "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;" in html
    assert "a&lt;b&gt;/c" in html
    assert {"cr-510", "cr-510.1c", "cr-510.1d", "sec-510"} <= set(page.ids)
    assert len(page.ids) == len(set(page.ids))


def test_shipped_page_has_an_anchor_per_rule(tmp_path: Path, shipped: CRMap) -> None:
    out = tmp_path / "map.html"
    assert main(["coverage", "--out", str(out)]) == 0
    page = _Page()
    page.feed(out.read_text(encoding="utf-8"))
    anchors = {i for i in page.ids if i.startswith("cr-")}
    assert anchors == {f"cr-{row.number}" for s in shipped.sections for row in s.rows}
    assert "cr-702.19b" in anchors and "cr-510.1a" in anchors


@pytest.mark.slow
def test_run_writes_the_map_beside_the_report_and_links_it(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "run",
            "--invariant",
            "trample.lethal-then-excess/excess-to-attacked",
            "--profile",
            "ci",
        ]
        + ["--out", str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"CR map: {out / 'coverage.html'}" in done.stdout
    report = (out / "report.html").read_text(encoding="utf-8")
    coverage = (out / "coverage.html").read_text(encoding="utf-8")
    assert 'href="coverage.html#cr-702.19b"' in report
    assert 'id="cr-702.19b"' in coverage
    # rendered again in its folder, the report keeps its links; elsewhere it has none
    assert main(["report", str(out / "results.json")]) == 0
    assert 'href="coverage.html#cr-702.19b"' in (out / "report.html").read_text(encoding="utf-8")
    assert main(["report", str(out / "results.json"), "--out", str(tmp_path / "alone.html")]) == 0
    assert "coverage.html#cr-" not in (tmp_path / "alone.html").read_text(encoding="utf-8")
