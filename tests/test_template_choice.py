"""Which template a ruling compiles to when several read every sentence of it (rulings.compile.tightest):
the one whose rule the ruling states most completely, and none on a tie."""

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from rulings.compile import compile_corpus, tightest
from rulings.corpus import Corpus, load_corpus
from rulings.templates import WordingError, Wordings, read_wordings

FLYING_ONLY = "A creature with flying can’t be blocked except by creatures with flying and/or reach."
BOTH = FLYING_ONLY + " A creature with flying can block a creature with or without flying."


def compiled_to(text: str) -> str | None:
    """The template a copy of the shipped reach ruling with ``text`` compiles to (with invariants)."""
    reach = next(r for r in load_corpus() if r.id == "reach.blocks-flying")
    (coverage,) = compile_corpus(Corpus((replace(reach, id="user.flying-sentence", text=text),))).coverage
    assert coverage.invariants, coverage
    return coverage.template


def test_a_ruling_stating_one_half_of_flying_compiles_to_the_rule_that_is_that_half():
    # flying.blocking states two things; reach.blocks-flying is exactly the first one.
    assert compiled_to(FLYING_ONLY) == "reach.blocks-flying"


def test_a_ruling_stating_both_halves_compiles_to_flying():
    assert compiled_to(BOTH) == "flying.blocking"


def reader(template_id: str, statements: set[str], stated: set[str], variants: dict[str, str] | None = None) -> tuple:
    wordings = Wordings(template_id, dict.fromkeys(statements, ()), (), {}, {}, "test", variants=variants or {})
    return SimpleNamespace(id=template_id, wordings=wordings), SimpleNamespace(states=frozenset(stated))


def test_a_tie_leaves_the_ruling_uncovered_and_says_which_templates():
    chosen, why = tightest([reader("a", {"x"}, {"x"}), reader("b", {"y"}, {"y"})])
    assert chosen is None
    assert "a and b both read it" in why


def test_no_reader_is_no_choice_and_no_reason():
    assert tightest([]) == (None, "")


def test_the_fewest_unsaid_statements_win():
    loose, tight = reader("loose", {"x", "y", "z"}, {"x"}), reader("tight", {"x", "y"}, {"x"})
    chosen, _ = tightest([loose, tight])
    assert chosen is tight


def test_a_variant_statement_says_the_statement_it_is_a_variant_of():
    """Sixteenth round: "stay-exiled-next-turn" is "stay-exiled" said of some cards only; a template with
    variants is no looser for having them."""
    with_variants = reader("variants", {"x", "x-today", "x-later", "y"}, {"x-later"}, {"x-today": "x", "x-later": "x"})
    plain = reader("plain", {"x", "y", "z"}, {"x"})
    chosen, _ = tightest([with_variants, plain])
    assert chosen is with_variants
    assert with_variants[0].wordings.parts == {"x", "y"}
    assert with_variants[0].wordings.said({"x-today", "y"}) == {"x", "y"}


@pytest.mark.parametrize(
    ("variants", "error"),
    [
        ('"s"', r"variants must be a table"),
        ('{ q = ["t"] }', r"variants\.q: no statement 'q' in states"),
        ("{ s = [] }", r"variants\.s: must be a non-empty list of statement names"),
        ('{ s = ["u"] }', r"variants\.s: 'u' must be another statement of states, no base"),
        ('{ s = ["s"] }', r"variants\.s: 's' must be another statement of states, no base"),
    ],
)
def test_a_wordings_file_with_a_bad_variant_is_an_error(tmp_path: Path, variants, error):
    bad = tmp_path / "bad.toml"
    states = 'states.s = ["a sentence\\\\."]\nstates.t = ["another sentence\\\\."]\n'
    bad.write_text(f'[[template]]\nid = "x.y"\nvariants = {variants}\n{states}', encoding="utf-8")
    with pytest.raises(WordingError, match=r"template x\.y: " + error):
        read_wordings(bad)


def test_the_variants_a_wordings_file_gives_are_read(tmp_path: Path):
    good = tmp_path / "good.toml"
    good.write_text(
        '[[template]]\nid = "x.y"\nvariants.s = ["t"]\nstates.s = ["a sentence\\\\."]\nstates.t = ["another\\\\."]\n',
        encoding="utf-8",
    )
    (wordings,) = read_wordings(good)
    assert wordings.variants == {"t": "s"} and wordings.parts == {"s"}
