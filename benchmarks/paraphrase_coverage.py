"""How many blind paraphrases of checked rules compile, and how many near misses compile falsely (issue 24).

    python benchmarks/paraphrase_coverage.py [--data DIR] [--counts-only] [--list A]

Why this exists: the real-rulings corpus (``benchmarks/real_rulings_coverage.py``) measures the
claim reader on Gatherer's own texts, but those texts are few per rule and the written-from half
has been read by the people who wrote the reader. The paraphrase sets under
``tests/data/paraphrases/<group>/`` were written blind, by someone who had not read the reader's
lexicon, wordings or claims: made-up cards, each with ruling paragraphs that restate a checked rule
in wordings of their own, and near misses (a close rule nothing checks, a restatement plus an
unchecked claim, a contradicting variant) that must stay uncovered. So the figures here say how
far the reader carries to wordings nobody tuned it on.

Each set holds ``cards.json`` (Scryfall card objects), ``rulings.json`` (Scryfall ruling objects)
and ``expected.json`` (one row per paragraph: ``kind`` restates or near-miss, ``expect``
``template:<id>`` or ``uncovered``, ``split`` A or B). The rulings are imported as ``mtg-conformance
rulings import`` imports them (merged with the package's corpus, as
``real_rulings_coverage._coverage`` does) and compiled against the set's own cards.

A restating paragraph counts as compiled only if it compiles to the template it restates; a near
miss that compiles to anything is a false compile. The split is by card name
(``real_rulings_coverage.half``): split A is the half others may tune on, split B the half they are
measured on. ``--list A`` shows split A's wrong paragraphs with the compiler's reason; split B's are
never listed (reading the measured half's misses is how a reader gets tuned to its test).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

#: The checkout this script sits in, when it does (a copy elsewhere uses the installed package).
_HERE = Path(__file__).resolve().parent.parent
if (_HERE / "rulings").is_dir():
    sys.path.insert(0, str(_HERE))

import rulings  # noqa: E402
from rulings.compile import RulingCoverage, compile_corpus  # noqa: E402
from rulings.corpus import Corpus, load_corpus, ruling_sha  # noqa: E402
from rulings.importer import merge, read_rulings  # noqa: E402

#: The project whose compiler is measured, and its paraphrase sets.
ROOT = Path(rulings.__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "paraphrases"
SPLITS = ("A", "B")
#: The label of the row that gathers near misses that compiled to no template at all.
NEAR_MISSES = "(near misses)"


@dataclass(frozen=True)
class Outcome:
    """One paragraph of a set: its expected row and what the compiler made of it."""

    group: str
    row: dict[str, str]
    coverage: RulingCoverage

    @property
    def got(self) -> str:
        """``template:<id>`` or the coverage (``uncovered``, ``bound``)."""
        if self.coverage.coverage == "template":
            return f"template:{self.coverage.template}"
        return str(self.coverage.coverage)

    @property
    def restating(self) -> bool:
        return self.row["kind"] == "restates" and self.row["expect"] != "uncovered"

    @property
    def right(self) -> bool:
        """A restating paragraph compiled to its template; a near miss stayed uncovered."""
        if self.restating:
            return self.got == self.row["expect"]
        return self.coverage.coverage == "uncovered"


def set_dirs(data: Path | None) -> list[Path]:
    """The sets to measure: ``data`` alone, or every directory under ``tests/data/paraphrases``."""
    if data is not None:
        return [data]
    return sorted(p for p in DATA.iterdir() if (p / "expected.json").is_file())


def outcomes(directory: Path) -> list[Outcome]:
    """Import and compile one set; one outcome per row of its ``expected.json``."""
    imported, pool = read_rulings(directory / "rulings.json", directory / "cards.json")
    rulings, _ = merge(imported, [], tuple(load_corpus()))
    by_sha = {c.ruling.sha: c for c in compile_corpus(Corpus(tuple(rulings)), pool).coverage}
    rows = json.loads((directory / "expected.json").read_text(encoding="utf-8"))
    return [Outcome(directory.name, row, by_sha[ruling_sha(row["text"])]) for row in rows]


def figures(results: list[Outcome], split: str) -> dict[str, dict[str, int]]:
    """template id -> restates, compiled (to that template), false (near misses compiled to it),
    over one split. Near misses that compiled to no template (a bound invariant) count under
    :data:`NEAR_MISSES`, which also holds the number of near misses."""
    table: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(("restates", "compiled", "false"), 0))
    near = table[NEAR_MISSES]
    near_total = 0
    for outcome in results:
        if outcome.row["split"] != split:
            continue
        if outcome.restating:
            counts = table[outcome.row["expect"].removeprefix("template:")]
            counts["restates"] += 1
            counts["compiled"] += outcome.right
            continue
        near_total += 1
        if not outcome.right:
            target = outcome.coverage.template if outcome.coverage.coverage == "template" else None
            table[target or NEAR_MISSES]["false"] += 1
    near["restates"] = near_total
    return dict(table)


def totals(table: dict[str, dict[str, int]]) -> dict[str, int]:
    """restates, compiled, near misses and false compiles of one split."""
    return {
        "restates": sum(r["restates"] for k, r in table.items() if k != NEAR_MISSES),
        "compiled": sum(r["compiled"] for r in table.values()),
        "near": table.get(NEAR_MISSES, {}).get("restates", 0),
        "false": sum(r["false"] for r in table.values()),
    }


def total_line(split: str, t: dict[str, int]) -> str:
    share = t["compiled"] / t["restates"] if t["restates"] else 0.0
    return (
        f"split {split}: restating compiled {t['compiled']}/{t['restates']} ({share:.1%}); "
        f"false compiles {t['false']}/{t['near']}"
    )


def report(results: list[Outcome], counts_only: bool) -> list[str]:
    """The figures per split and template, then the totals per split."""
    lines: list[str] = []
    for split in SPLITS:
        if not any(o.row["split"] == split for o in results):
            continue
        table = figures(results, split)
        if not counts_only:
            lines.append(f"== split {split} (template: restating compiled / restating, false compiles into it)")
        for template, r in sorted(table.items()):
            if template == NEAR_MISSES:
                continue
            lines.append(f"{split} {template:48} {r['compiled']:3}/{r['restates']:<3} false {r['false']}")
        lines.append(total_line(split, totals(table)))
    return lines


def wrong_paragraphs(results: list[Outcome], split: str) -> list[str]:
    """The paragraphs of ``split`` not compiled as expected, each with the compiler's reason."""
    if split != "A":
        raise ValueError(f"split {split} is held out: its paragraphs are never listed")
    out = []
    for outcome in results:
        if outcome.row["split"] != split or outcome.right:
            continue
        reason = outcome.coverage.reason or ""
        out.append(
            f"[{outcome.group}] {outcome.row['card']}: expected {outcome.row['expect']}, got {outcome.got}\n"
            f"  {outcome.row['text']}\n  reason: {reason}"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help="one set directory (cards.json, rulings.json, expected.json)")
    parser.add_argument("--counts-only", action="store_true", help="only the figures, without headings")
    parser.add_argument("--list", metavar="SPLIT", help="list the wrong paragraphs of split A with the reason")
    args = parser.parse_args()
    if args.list is not None and args.list != "A":
        parser.error(f"--list {args.list}: only split A is listed; split B is held out for measuring")
    dirs = set_dirs(args.data)
    if not dirs:
        parser.error(f"no paraphrase sets under {DATA}")
    results = [o for d in dirs for o in outcomes(d)]
    if args.list is not None:
        wrong = wrong_paragraphs(results, args.list)
        print("\n".join(wrong) if wrong else "every split A paragraph compiles as expected")
        return
    if not args.counts_only:
        print("sets: " + ", ".join(d.name for d in dirs))
    print("\n".join(report(results, args.counts_only)))


if __name__ == "__main__":
    main()
