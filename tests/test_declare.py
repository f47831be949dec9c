"""The one declaration form of an invariant and the wordings it applies to: a family declared in
a few lines compiles a ruling of any card, value by value; a bad declaration or a bad wordings
file stops at once with a message naming it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from protocol.model import CardData
from rulings import declare, templates
from rulings.cards import CardPool
from rulings.compile import CompileError, compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha
from rulings.declare import DeclarationError, Each, invariant, ruling, template, unfinished
from rulings.templates import WordingError, read_wordings

WIDGET = """
[[template]]
id = "widget.colour"
slots.colour = ["red", "blue"]
states.colour = [
    '''the widget is {colour}
    all over\\.''',
]
states.shine = ['''it shines\\.''']
explains = ['''this is how widgets are\\.''']
"""


@pytest.fixture
def registry(tmp_path: Path) -> Iterator[Path]:
    """The shipped registry, restored after the test; a folder for the test's wordings files."""
    saved = (list(templates.TEMPLATES), list(declare.DECLARED), dict(templates.WORDINGS))
    yield tmp_path
    templates.TEMPLATES[:] = saved[0]
    declare.DECLARED[:] = saved[1]
    templates.WORDINGS.clear()
    templates.WORDINGS.update(saved[2])


def add_wordings(folder: Path, text: str, name: str = "widget.toml") -> None:
    (folder / name).write_text(text)
    for wordings in read_wordings(folder / name):
        templates.WORDINGS[wordings.id] = wordings


def widget_ruling(text: str, cards: tuple[str, ...] = ("Shiny Widget",)) -> Ruling:
    return Ruling(
        id="widget.rule",
        text=text,
        sha=ruling_sha(text),
        cards=cards,
        sources=("x",),
        cr=("100.1",),
        tags=("zones",),
        status="executable",
    )


POOL = CardPool(
    {
        c.name: c
        for c in (
            CardData("Shiny Widget", ("Artifact",), text="This widget shines."),
            CardData("Dull Widget", ("Artifact",), text="Nothing."),
        )
    }
)


def compiled(text: str, cards: tuple[str, ...] = ("Shiny Widget",)):
    suite = compile_corpus(Corpus((widget_ruling(text, cards),)), POOL)
    (coverage,) = suite.coverage
    return coverage, [i for i in suite.invariants if "widget.rule" in i.rulings]


def never_called(*args: object) -> None:
    raise AssertionError("a scenario strategy is only called when a case runs")


def declare_widget_family(seen: list[object]) -> None:
    shiny = template(
        "widget.colour", cards=lambda c: None if "shines" in c.text else "it does not shine", cards_when_stated={}
    )
    colour = Each(values=lambda match: [match.slots["colour"]], id=lambda c: c)

    def check(colour: str, probe: object, scenario: object) -> None:
        seen.append(colour)

    invariant(
        applies_to=shiny,
        for_each=colour,
        name="seen",
        kind="outcome",
        claims=lambda c: [f"{c} seen"],
        scenarios=never_called,
        check=check,
        description=lambda c: f"the widget looks {c}",
    )
    invariant(
        applies_to=shiny,
        for_each=colour,
        when=lambda c: c == "blue",
        name="blue-only",
        kind="trace",
        claims=["blue"],
        scenarios=never_called,
        check=check,
        description="only for blue widgets",
    )
    invariant(
        applies_to=shiny,
        when_stated="shine",
        name="shines",
        kind="outcome",
        claims=["shines"],
        scenarios=never_called,
        check=lambda probe, scenario: None,
        description="a shining widget",
    )


def test_a_family_compiles_value_by_value_with_the_value_in_its_id_and_check(registry):
    add_wordings(registry, WIDGET)
    seen: list[object] = []
    declare_widget_family(seen)
    coverage, invariants = compiled("The widget is red all over. This is how widgets are.")
    assert coverage.coverage == "template" and coverage.template == "widget.colour"
    assert [i.id for i in invariants] == ["widget.rule/red/seen"]
    (red,) = invariants
    assert red.claims == ("red seen",) and red.description == "the widget looks red"
    assert red.origin == "template:widget.colour"
    red.check(None, None)
    assert seen == ["red"]
    _, invariants = compiled("The widget is blue all over. It shines.")
    assert [i.id for i in invariants] == ["widget.rule/blue/seen", "widget.rule/blue/blue-only", "widget.rule/shines"]


def test_wordings_read_only_whole_sentences_and_cards_must_fit(registry):
    add_wordings(registry, WIDGET)
    declare_widget_family([])
    coverage, invariants = compiled("The widget is red all over. It shines, mostly.")
    assert coverage.coverage == "uncovered" and not invariants
    assert '"It shines, mostly."' in coverage.reason
    coverage, _ = compiled("This is how widgets are.")
    assert coverage.coverage == "uncovered" and "no statement" in coverage.reason
    coverage, _ = compiled("The widget is green all over.")
    assert coverage.coverage == "uncovered"
    coverage, _ = compiled("The widget is red all over.", cards=("Dull Widget",))
    assert coverage.coverage == "uncovered"
    assert coverage.reason == "template widget.colour: Dull Widget: it does not shine"


def test_one_ruling_invariants_compile_for_that_ruling_only(registry):
    invariant(
        applies_to=ruling("widget.rule"),
        name="by-hand",
        kind="outcome",
        claims=["by hand"],
        scenarios=never_called,
        check=lambda probe, scenario: None,
        description="one card's rule",
    )
    coverage, invariants = compiled("Something no template reads.")
    assert coverage.coverage == "bound" and [i.id for i in invariants] == ["widget.rule/by-hand"]
    assert invariants[0].origin == "bound"


def test_the_decorator_form_takes_the_docstring_and_returns_the_check(registry):
    @invariant(
        applies_to=ruling("widget.rule"),
        name="decorated",
        kind="legality",
        claims=["refused"],
        scenarios=never_called,
        exempt={"refuses-all": "a pure refusal"},
    )
    def check(probe: object, scenario: object) -> None:
        """A widget is refused."""

    (declared,) = [d for d in declare.DECLARED if d.name == "decorated"]
    assert declared.check is check and declared.description == "A widget is refused."
    assert declared.exempt == (("refuses-all", "a pure refusal"),)


def test_wordings_without_a_template_or_a_template_without_invariants_stop_the_compile(registry):
    add_wordings(registry, WIDGET)
    assert any("widget.colour" in p for p in unfinished())
    with pytest.raises(CompileError, match=r"widget\.colour"):
        compile_corpus(Corpus(()))
    template("widget.colour")
    assert unfinished() == ["template widget.colour has no invariant applying to it"]


def test_the_shipped_registry_is_complete():
    assert unfinished() == []


BASE = dict(kind="outcome", claims=["c"], scenarios=never_called, check=lambda p, s: None, description="d")


@pytest.mark.parametrize(
    "change, message",
    [
        (dict(applies_to="widget.rule"), "applies_to must be template"),
        (dict(kind="sometimes"), "kind must be one of"),
        (dict(claims=[]), "claims must name every point"),
        (dict(description=" "), "needs a description"),
        (dict(scenarios="strategy"), "scenarios must be a strategy factory or a DrawPlan"),
        (dict(for_each=Each(values=lambda m: [1])), "compiled once"),
        (dict(when=lambda v: True), "when tests a for_each value"),
        (dict(description=lambda v: f"{v}"), "description given as functions of a value, but no for_each"),
        (dict(exempt={"refuses-all": ""}), "needs a reason"),
    ],
)
def test_a_bad_declaration_is_an_error_naming_the_invariant(registry, change, message):
    options = {**BASE, "applies_to": ruling("widget.rule"), "name": "bad", **change}
    with pytest.raises(DeclarationError, match=message) as raised:
        invariant(**options)
    assert "invariant 'bad' of widget.rule" in str(raised.value)


def test_bad_templates_are_errors(registry):
    with pytest.raises(DeclarationError, match="has no wordings"):
        template("widget.nowhere")
    add_wordings(registry, WIDGET)
    with pytest.raises(DeclarationError, match="names no statement"):
        template("widget.colour", cards_when_stated={"glows": lambda c: None})
    shiny = template("widget.colour")
    with pytest.raises(DeclarationError, match="declared twice"):
        template("widget.colour")
    with pytest.raises(DeclarationError, match="when_stated names no statement"):
        invariant(**{**BASE, "applies_to": shiny, "name": "x", "when_stated": "glows"})
    invariant(**{**BASE, "applies_to": shiny, "name": "x"})
    with pytest.raises(DeclarationError, match="declared twice"):
        invariant(**{**BASE, "applies_to": shiny, "name": "x"})
    with pytest.raises(DeclarationError, match="ruling id"):
        ruling("no-dot")


def test_a_line_break_in_a_sentence_is_one_space(tmp_path):
    (tmp_path / "w.toml").write_text(WIDGET)
    (wordings,) = read_wordings(tmp_path / "w.toml")
    assert wordings.states["colour"] == (r"the widget is {colour} all over\.",)
    assert wordings.slots == {"colour": ("red", "blue")} and wordings.source == "w.toml"


@pytest.mark.parametrize(
    "text, message",
    [
        ("[[template]]\nid = 'widget'\nstates.a = ['x']\n", "id must be a dotted slug"),
        ("[[template]]\nid = 'widget.a'\n", "needs at least one statement"),
        ("[[template]]\nid = 'widget.a'\nstates.a = []\n", "states.a: must be a non-empty list"),
        ("[[template]]\nid = 'widget.a'\nstates.a = ['x']\nnotes.b = ['y']\n", "unknown field"),
        ("[[template]]\nid = 'widget.a'\nstates.a = ['x']\nclaims.b = [{action = 'cast'}]\n", "no statement 'b'"),
        ("[[template]]\nid = 'widget.a'\nstates.A = ['x']\n", "statement name 'A'"),
        ("[[template]]\nid = 'widget.a'\nstates.a = ['{k}']\nslots.k = 'no such set'\n", "unknown value set"),
        ("[[template]]\nid = 'widget.a'\nstates.a = ['{self}']\nslots.self = ['x']\n", "slot name 'self'"),
        ("[macros]\nit = 'x'\n[[template]]\nid = 'widget.a'\nstates.a = ['x']\n", "macro name 'it'"),
        (
            "[[template]]\nid = 'widget.a'\nstates.a = ['x']\nresult_follows = 'yes'\n",
            "result_follows must be true or false",
        ),
        ("[widget]\nid = 'widget.a'\n", "unknown table"),
        ("[[template]\n", "not valid TOML"),
        ("", "no [[template]]"),
    ],
)
def test_a_malformed_wordings_file_is_an_error_naming_the_file(tmp_path, text, message):
    (tmp_path / "bad.toml").write_text(text)
    with pytest.raises(WordingError, match=re.escape(message)) as raised:
        read_wordings(tmp_path / "bad.toml")
    assert str(raised.value).startswith("bad.toml: ")


@pytest.mark.parametrize(
    "sentence, message",
    [("the widget is {shade}\\.", "a slot with no values"), ("(unclosed", "not a regular expression")],
)
def test_a_sentence_that_cannot_compile_is_an_error_naming_the_template(registry, sentence, message):
    add_wordings(registry, f"[[template]]\nid = 'widget.broken'\nstates.a = ['''{sentence}''']\n")
    with pytest.raises(WordingError, match=message) as raised:
        template("widget.broken")
    assert "template widget.broken" in str(raised.value)


def test_a_slot_no_sentence_uses_is_an_error(registry):
    add_wordings(registry, "[[template]]\nid = 'widget.unused'\nstates.a = ['x']\nslots.colour = ['red']\n")
    with pytest.raises(WordingError, match=r"slot\(s\) \['colour'\] used by no sentence"):
        template("widget.unused")


def test_two_files_with_wordings_for_one_template_are_an_error(tmp_path):
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text("[[template]]\nid = 'widget.a'\nstates.a = ['x']\n")
    with pytest.raises(WordingError, match=r"b\.toml: template widget\.a already has wordings in a\.toml"):
        templates.load_wordings(tmp_path)
