"""The compile step: templates match rulings by text, slots pick the keyword variant, and every
ruling gets exactly one coverage class."""

import json
import subprocess
import sys

import pytest

from harness import cli
from rulings import declare
from rulings.compile import CompileError, compile_corpus
from rulings.corpus import Corpus, Ruling, load_corpus, ruling_sha
from rulings.declare import invariant
from rulings.declare import ruling as one_ruling
from rulings.templates import TEMPLATES

AFTER_BLOCKERS = "ninjutsu.activation-after-blockers"


def ruling(id: str, text: str, cards=("Fallen Shinobi",), status="executable", reason=None) -> Ruling:
    return Ruling(
        id=id,
        text=text,
        sha=ruling_sha(text),
        cards=tuple(cards),
        sources=("x.txt",),
        cr=("702.49",),
        tags=("combat",),
        status=status,
        reason=reason,
    )


WORDINGS = {
    "ninjutsu": "The ninjutsu ability can be activated only after blockers have been declared. "
    "Before then, attacking creatures are neither blocked nor unblocked.",
    "library ninjutsu": "The library ninjutsu ability can be activated only after blockers have been declared. "
    "Before then, attacking creatures are neither blocked nor unblocked.",
    "commander ninjutsu": "The commander ninjutsu ability can be activated only after blockers have been "
    "declared. Before then, attacking creatures are neither blocked nor unblocked.",
}


@pytest.mark.parametrize("keyword", sorted(WORDINGS))
def test_one_template_serves_every_ninjutsu_variant(keyword):
    suite = compile_corpus(Corpus((ruling("made-up.after-blockers", WORDINGS[keyword]),)))
    (coverage,) = suite.coverage
    assert coverage.coverage == "template"
    assert coverage.template == AFTER_BLOCKERS
    slug = keyword.replace(" ", "-")
    assert {i.id for i in suite.invariants if i.origin == f"template:{AFTER_BLOCKERS}"} == {
        f"made-up.after-blockers/{slug}/refused-before-blockers",
        f"made-up.after-blockers/{slug}/refused-returning-blocked",
        f"made-up.after-blockers/{slug}/offered-after-blockers",
    } | ({f"made-up.after-blockers/{slug}/chain-returns-earlier-ninja"} if keyword == "ninjutsu" else set())
    for inv in suite.invariants:
        if inv.id.startswith("made-up."):
            assert f"mechanic:{slug}" in inv.requires
            assert inv.kind == ("outcome" if inv.id.endswith("/chain-returns-earlier-ninja") else "legality")


def test_the_seed_plural_wording_matches_the_same_template():
    suite = compile_corpus()
    by_id = {c.ruling.id: c for c in suite.coverage}
    assert by_id["ninjutsu.after-blockers"].template == AFTER_BLOCKERS
    assert by_id["ninjutsu.after-blockers-plural"].template == AFTER_BLOCKERS


def test_matching_ignores_quote_style_and_whitespace():
    text = WORDINGS["ninjutsu"].replace(" ", "  ").replace("The", "THE")
    suite = compile_corpus(Corpus((ruling("x.y", text),)))
    assert suite.coverage[0].coverage == "template"


def test_unknown_keyword_does_not_match():
    text = WORDINGS["ninjutsu"].replace("ninjutsu", "bushido")
    suite = compile_corpus(Corpus((ruling("x.y", text),)))
    assert suite.coverage[0].coverage == "uncovered"
    assert suite.invariants == () or all("x.y" not in i.rulings for i in suite.invariants)


def test_informational_rulings_compile_to_nothing():
    r = ruling("x.info", WORDINGS["ninjutsu"], status="informational", reason="policy")
    suite = compile_corpus(Corpus((r,)))
    assert suite.coverage[0].coverage == "informational"
    assert not any("x.info" in i.rulings for i in suite.invariants)


def test_never_declared_ruling_takes_its_variants_from_the_cards():
    suite = compile_corpus()
    ids = {i.id for i in suite.invariants if "ninjutsu.never-declared-attacker" in i.rulings}
    assert ids == {
        "ninjutsu.never-declared-attacker/ninjutsu/no-attack-trigger",
        "ninjutsu.never-declared-attacker/library-ninjutsu/no-attack-trigger",
    }


def test_every_ninjutsu_ruling_is_covered():
    suite = compile_corpus()
    for c in suite.coverage:
        if c.ruling.id.startswith("ninjutsu."):
            assert c.coverage in ("template", "bound"), c.ruling.id
            assert c.invariants, c.ruling.id


def test_a_binding_to_an_unknown_ruling_is_a_compile_error(monkeypatch):
    monkeypatch.setattr(declare, "DECLARED", list(declare.DECLARED))
    invariant(
        applies_to=one_ruling("no.such-ruling"),
        name="y",
        kind="outcome",
        claims=["c"],
        scenarios=lambda: None,
        check=lambda p, s: None,
        description="a check of a ruling no corpus has",
    )
    with pytest.raises(CompileError, match=r"no\.such-ruling"):
        compile_corpus()


def test_templates_are_registered_once():
    compile_corpus()
    ids = [t.id for t in TEMPLATES]
    assert len(ids) == len(set(ids))


def test_rulings_command_lists_every_ruling_of_the_corpus(capsys):
    corpus = load_corpus()
    out = subprocess.run(
        [sys.executable, "-m", "harness.cli", "rulings", "--json"], capture_output=True, text=True, check=True
    ).stdout
    data = json.loads(out)
    assert [r["id"] for r in data["rulings"]] == [r.id for r in corpus]
    assert sum(data["totals"].values()) == len(corpus)
    listed = {r["id"]: r for r in data["rulings"]}
    assert listed["ninjutsu.after-blockers"]["coverage"] == "template"
    assert listed["playtest.tournament-legality"]["coverage"] == "informational"
    # The human listing in process (the program's entry point is the JSON call above).
    assert cli.main(["rulings"]) == 0
    human = capsys.readouterr().out
    assert f"{len(corpus)} rulings:" in human and "ninjutsu.after-blockers" in human
