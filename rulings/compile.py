"""The compile step: corpus -> invariants, and how each ruling is covered.

Every ruling ends up in exactly one coverage class: ``template`` (a template read every sentence
of its text), ``bound`` (an invariant declared for that one ruling applies to it), ``informational`` (no engine
behaviour can show it, with the reason), or ``uncovered`` (nothing encodes it yet: the gap the
project must close), with the reason: the sentence no template reads, or the card missing from
the card pool.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import rulings.invariants  # noqa: F401  (importing the library declares every template and invariant)
from protocol.vocabulary import COVERAGES, Coverage
from rulings.cards import CardPool, bundled_pool, load_card_pool
from rulings.corpus import Corpus, Ruling, load_corpus
from rulings.declare import bindings, invariants_of, unfinished
from rulings.invariant import Invariant
from rulings.templates import TEMPLATES, Match, NotCovered, Template
from rulings.user_wordings import load_user_wordings
from rulings.why import uncovered_reason


class CompileError(ValueError):
    """The invariant library and the corpus disagree (an unknown ruling id, a duplicate id)."""


@dataclass(frozen=True)
class RulingCoverage:
    ruling: Ruling
    coverage: Coverage
    template: str | None
    invariants: tuple[str, ...]
    #: Why an uncovered ruling is uncovered (the sentence no template reads, a missing card).
    reason: str | None = None
    #: The sentences of a compiled ruling set aside as claiming no rule (describing the card, an
    #: example of the claim), each with why (:mod:`rulings.describing`).
    set_aside: tuple[tuple[str, str], ...] = ()

    @property
    def scope(self) -> str | None:
        """Whom the invariants speak of: any card with the mechanic (a template), or the one
        card a hand-bound invariant was written for."""
        return {"template": "any card", "bound": "one card"}.get(self.coverage)


@dataclass(frozen=True)
class CompiledSuite:
    corpus: Corpus
    invariants: tuple[Invariant, ...]
    coverage: tuple[RulingCoverage, ...]

    def invariant(self, invariant_id: str) -> Invariant:
        for inv in self.invariants:
            if inv.id == invariant_id:
                return inv
        raise KeyError(f"no invariant {invariant_id!r}")

    def totals(self) -> dict[str, int]:
        counts = Counter(c.coverage for c in self.coverage)
        return {name: counts.get(name, 0) for name in COVERAGES}


def missing_cards(ruling: Ruling, pool: CardPool) -> list[str]:
    return [card for card in ruling.cards if card not in pool]


def compile_corpus(corpus: Corpus | None = None, cards: CardPool | None = None) -> CompiledSuite:
    """Compile ``corpus`` (default: the shipped one) against the card pool ``cards`` (default:
    the bundled seed cards; a given pool is added to them)."""
    problems = unfinished()
    if problems:
        raise CompileError("; ".join(problems))
    corpus = corpus if corpus is not None else load_corpus()
    pool = bundled_pool().merged(
        *(load_card_pool(f) for f in corpus.card_files), *([cards] if cards is not None else [])
    )
    user = load_user_wordings(corpus.wording_files)
    invariants: list[Invariant] = []
    matched: dict[str, str] = {}
    reasons: dict[str, str] = {}
    aside: dict[str, tuple[tuple[str, str], ...]] = {}
    for ruling in corpus:
        if not ruling.executable:
            continue
        missing = missing_cards(ruling, pool)
        if missing:
            reasons[ruling.id] = f"card {missing[0]} is not in the card pool"
            continue
        data = tuple(pool.cards[c] for c in ruling.cards)
        readers = [(tpl, match) for tpl in TEMPLATES if (match := tpl.match(ruling, data, user)) is not None]
        # a template whose rule is not about these cards is no candidate when another one is (ninth
        # round: "it stays in exile" is said of a rebound card and of a card that exiles cards to play)
        about = [(tpl, match) for tpl, match in readers if _about_the_cards(tpl, match)]
        chosen, why = tightest(about or readers)
        if chosen is None:
            if why:
                reasons[ruling.id] = why
            continue
        tpl, match = chosen
        try:
            invariants.extend(invariants_of(tpl, match))
            matched[ruling.id] = tpl.id
            aside[ruling.id] = match.set_aside
        except NotCovered as exc:
            reasons[ruling.id] = f"template {tpl.id}: {exc}"
    shipped: set[str] | None = None
    by_id = {r.id: r for r in corpus}
    for declaration in bindings():
        bound = by_id.get(declaration.applies_to.id)
        if bound is None:
            # A binding must name a ruling that exists; compiling a partial corpus (a test's own
            # rulings) leaves out the bound invariants of rulings it does not hold.
            shipped = shipped if shipped is not None else {r.id for r in load_corpus()}
            if declaration.applies_to.id not in shipped:
                raise CompileError(
                    f"invariant {declaration.applies_to.id}/{declaration.name} binds an unknown ruling id"
                )
            continue
        own = tuple(pool.cards[c] for c in bound.cards if c in pool)
        invariants.append(declaration.build(Match(bound, own), None))
    ids = Counter(inv.id for inv in invariants)
    dupes = [i for i, n in ids.items() if n > 1]
    if dupes:
        raise CompileError(f"invariant id(s) produced twice: {sorted(dupes)}")

    coverage = []
    for ruling in corpus:
        encoding = tuple(inv.id for inv in invariants if ruling.id in inv.rulings)
        reason = None
        if not ruling.executable:
            kind: Coverage = "informational"
        elif ruling.id in matched:
            kind = "template"
        elif encoding and ruling.id not in reasons:
            kind = "bound"
        else:
            kind = "uncovered"
            encoding = ()
            reason = reasons.get(ruling.id) or uncovered_reason(ruling, user)
        coverage.append(
            RulingCoverage(ruling, kind, matched.get(ruling.id), encoding, reason, aside.get(ruling.id, ()))
        )
    return CompiledSuite(corpus, tuple(invariants), tuple(coverage))


def _about_the_cards(tpl: Template, match: Match) -> bool:
    try:
        tpl.check_cards(match)
    except NotCovered:
        return False
    return True


def tightest(readers: list[tuple[Template, Match]]) -> tuple[tuple[Template, Match] | None, str]:
    """The template a ruling compiles to among those reading every sentence of it: the one alone
    whose rule the ruling states most completely (fewest of its statements left unsaid). A rule
    with two statements, of which the ruling states one, is a looser fit than a rule that is that
    one statement (reach's 702.17b restates half of flying's 702.9b). A tie leaves the ruling
    uncovered with the reason: it does not say which rule, and a guess would be a false compile."""
    if not readers:
        return None, ""
    unsaid = [len(tpl.wordings.parts - tpl.wordings.said(match.states)) for tpl, match in readers]
    best = min(unsaid)
    tied = [reader for reader, n in zip(readers, unsaid, strict=True) if n == best]
    if len(tied) > 1:
        return None, f"templates {tied[0][0].id} and {tied[1][0].id} both read it: it does not say which rule"
    return tied[0], ""
