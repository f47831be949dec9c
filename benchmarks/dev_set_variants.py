"""Contradicting variants of the dev sets' and paraphrases' compiled sentences, and how many compile (issue 24).

    python benchmarks/dev_set_variants.py                 (every tuned set, counts)
    python benchmarks/dev_set_variants.py J L --show      (the variants that compiled)
    python benchmarks/dev_set_variants.py W X para-B      (a held-out set: counts only)

Why this exists: the slow test ``test_no_contradicting_variant_of_a_compiled_sentence_compiles`` derives
contradicting variants (negated, another zone, another time, another player, roles swapped, another step, keywords
exchanged) of every compiled sentence of the seed corpus and of the real-rulings corpus. The dev sets hold many more
compiled sentences in many more forms, each read by a class written from them: this applies the same derivation to
them, so a class that reads too much shows up, with one kind more: another count of creatures ("lethal damage to each
creature blocking it" / "to one creature blocking it"), which contradicts some rules and not others, so it is no kind
the slow test requires never to compile. Not every variant that compiles is a false compile (a swap may leave
the claim true: "it doesn't return to your graveyard" and "... to your library"; advice stays advice); each one
printed with ``--show`` is a case to judge, and the counts are the figure to keep falling.

Held-out discipline: a held-out set (:data:`dev_set_coverage.HELD_OUT`) is read for its counts only (the default is
the tuned sets); ``--show`` is refused for it: its texts are never shown.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import dev_set_coverage as dev_sets  # noqa: E402
import paraphrase_coverage as paraphrases  # noqa: E402

from rulings.cards import CardPool  # noqa: E402
from rulings.compile import compile_corpus  # noqa: E402
from rulings.corpus import Corpus, Ruling, normalize  # noqa: E402
from rulings.importer import read_rulings  # noqa: E402
from tests.test_claims_meaning import COUNT_KINDS, KINDS, contradicting_variants, ruling, statements_of  # noqa: E402

#: The paraphrase splits, read as sets of their own (``para-A`` tuned on, ``para-B`` held out: counts only).
PARAPHRASE_SETS = ("para-A", "para-B")
HELD_OUT = (*dev_sets.HELD_OUT, "para-B")
Compiled = list[tuple[str, str, str, str]]


def compiled_variants(part: str) -> tuple[int, Compiled]:
    """(variants tried, [(row id, kind, template, variant sentence)] of those that compiled) for one file of a dev set,
    or for a paraphrase split (``para-A``, ``para-B``: both groups of :mod:`paraphrase_coverage`)."""
    if part in PARAPHRASE_SETS:
        tried, compiled = 0, []
        for group in ("combat", "other"):
            outcomes = [o for o in paraphrases.outcomes(paraphrases.DATA / group) if o.row["split"] == part[-1]]
            _, pool = read_rulings(paraphrases.DATA / group / "rulings.json", paraphrases.DATA / group / "cards.json")
            count, found = _compiled(statements_of([o.coverage for o in outcomes], pool), pool)
            tried, compiled = tried + count, compiled + found
        return tried, compiled
    table = dev_sets._file_rows(part)
    pool = CardPool({row["card"]["name"]: dev_sets.card(row["card"]) for row in table})
    suite = compile_corpus(Corpus(tuple(dev_sets.ruling_of(row) for row in table)), pool)
    return _compiled(statements_of(suite.coverage, pool), pool)


def _compiled(statements: Iterable[tuple[Ruling, str]], pool: CardPool) -> tuple[int, Compiled]:
    variants: dict[str, tuple[Ruling, str, str, str]] = {}
    for original, sentence in statements:
        for kind, changed in contradicting_variants(sentence, original.cards, {**KINDS, **COUNT_KINDS}):
            text = normalize(original.text)
            varied = text.replace(sentence, changed, 1)
            if varied != text:
                rid = f"variant.{len(variants)}"
                variants.setdefault(varied, (ruling(varied, original.cards, rid), kind, original.id, changed))
    if not variants:
        return 0, []
    by_id = {v[0].id: v for v in variants.values()}
    varied_suite = compile_corpus(Corpus(tuple(v[0] for v in variants.values())), pool)
    compiled = [
        (by_id[c.ruling.id][2], by_id[c.ruling.id][1], str(c.template), by_id[c.ruling.id][3])
        for c in varied_suite.coverage
        if c.coverage != "uncovered"
    ]
    return len(variants), compiled


def files(name: str) -> tuple[str, ...]:
    """The files of a set (a paraphrase split is one)."""
    return (name,) if name in PARAPHRASE_SETS else dev_sets.FILES[name]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    tuned = [name for name in (*dev_sets.SETS, *PARAPHRASE_SETS) if name not in HELD_OUT]
    parser.add_argument("sets", nargs="*", default=tuned, help=f"tuned sets (default: {' '.join(tuned)})")
    parser.add_argument("--show", action="store_true", help="print each variant that compiled")
    args = parser.parse_args()
    for name in args.sets:
        if name in HELD_OUT and args.show:
            parser.error(f"set {name} is held out: its texts are never shown (counts only: leave out --show)")
        if name not in (*dev_sets.SETS, *PARAPHRASE_SETS):
            parser.error(f"unknown set {name!r} (sets: {' '.join((*dev_sets.SETS, *PARAPHRASE_SETS))})")
    started = time.monotonic()
    tried, kinds = 0, Counter[str]()
    for name in args.sets:
        set_tried, set_compiled = 0, 0
        for part in files(name):
            count, compiled = compiled_variants(part)
            set_tried += count
            set_compiled += len(compiled)
            kinds.update(kind for _, kind, _, _ in compiled)
            for row, kind, template, sentence in compiled if args.show and name not in HELD_OUT else ():
                print(f"  {row} {kind} -> {template}: {sentence}")
        tried += set_tried
        print(f"set {name}: {set_compiled} of {set_tried} contradicting variants compiled", flush=True)
    print(f"all: {sum(kinds.values())} of {tried} compiled ({time.monotonic() - started:.0f} s)")
    print("  by kind: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))


if __name__ == "__main__":
    main()
