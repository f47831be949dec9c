"""The compile step: corpus -> invariants, and how each ruling is covered.

Every ruling ends up in exactly one coverage class: ``template`` (a template matched its text),
``bound`` (a hand-written invariant names it), ``informational`` (no engine behaviour can show
it, with the reason), or ``uncovered`` (nothing encodes it yet: the gap the project must close).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from harness.protocol.vocabulary import COVERAGES, Coverage
from rulings.binding import BOUND
from rulings.corpus import Corpus, Ruling, load_corpus
from rulings.invariant import Invariant
from rulings.templates import TEMPLATES


class CompileError(ValueError):
    """The invariant library and the corpus disagree (an unknown ruling id, a duplicate id)."""


@dataclass(frozen=True)
class RulingCoverage:
    ruling: Ruling
    coverage: Coverage
    template: str | None
    invariants: tuple[str, ...]


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


def _load_library() -> None:
    """Import the invariant modules so their templates and bindings register."""
    import rulings.invariants  # noqa: F401


def compile_corpus(corpus: Corpus | None = None) -> CompiledSuite:
    _load_library()
    corpus = corpus if corpus is not None else load_corpus()
    known = {r.id for r in corpus}
    invariants: list[Invariant] = []
    matched: dict[str, str] = {}
    for ruling in corpus:
        if not ruling.executable:
            continue
        for tpl in TEMPLATES:
            slots = tpl.match(ruling)
            if slots is None:
                continue
            if ruling.id in matched:
                raise CompileError(
                    f"ruling {ruling.id!r} matches two templates: {matched[ruling.id]!r} and {tpl.id!r}"
                )
            matched[ruling.id] = tpl.id
            invariants.extend(tpl.family(ruling, slots))
    shipped: set[str] | None = None
    for inv in BOUND:
        unknown = [r for r in inv.rulings if r not in known]
        if unknown:
            # A binding must name rulings that exist; compiling a partial corpus (a test's own
            # rulings) leaves out the bound invariants of rulings it does not hold.
            shipped = shipped if shipped is not None else {r.id for r in load_corpus()}
            nowhere = [r for r in unknown if r not in shipped]
            if nowhere or len(unknown) < len(inv.rulings):
                raise CompileError(f"invariant {inv.id!r} binds unknown ruling id(s) {nowhere or unknown}")
            continue
        invariants.append(inv)
    ids = Counter(inv.id for inv in invariants)
    dupes = [i for i, n in ids.items() if n > 1]
    if dupes:
        raise CompileError(f"invariant id(s) produced twice: {sorted(dupes)}")

    coverage = []
    for ruling in corpus:
        encoding = tuple(inv.id for inv in invariants if ruling.id in inv.rulings)
        if not ruling.executable:
            kind: Coverage = "informational"
        elif ruling.id in matched:
            kind = "template"
        elif encoding:
            kind = "bound"
        else:
            kind = "uncovered"
        coverage.append(RulingCoverage(ruling, kind, matched.get(ruling.id), encoding))
    return CompiledSuite(corpus, tuple(invariants), tuple(coverage))
