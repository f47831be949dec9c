"""Which template a ruling compiles to when several read every sentence of it (rulings.compile.tightest):
the one whose rule the ruling states most completely, and none on a tie."""

from dataclasses import replace
from types import SimpleNamespace

from rulings.compile import compile_corpus, tightest
from rulings.corpus import Corpus, load_corpus

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


def reader(template_id: str, statements: set[str], stated: set[str]) -> tuple:
    tpl = SimpleNamespace(id=template_id, wordings=SimpleNamespace(states=dict.fromkeys(statements, ())))
    return tpl, SimpleNamespace(states=frozenset(stated))


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
