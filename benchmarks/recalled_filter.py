"""Keep the rows of a recalled real-card set that may be read (issue 24, twentieth round).

    python benchmarks/recalled_filter.py OUT.jsonl IN.jsonl [IN.jsonl ...] [--not-near S1.jsonl ...]

Helpers recalled rulings of real cards in the official voice (``tests/data/dev-sets/README.md``, "S and T"). Some cards
are of the real corpus's measured half, and Gatherer prints stock paragraphs for many cards, so a recalled paragraph
may be a measured text. The rule, fixed before any text was read, keeps a row only if:

- its card is of the **written-from** half (:func:`real_rulings_coverage.half`);
- no sentence of it is near a sentence of a measured paragraph (the word sets of the two, card names read as ``~``,
  overlap by 0.6 or more);
- no sentence of it is near one of a written-from row, or of the rows of ``--not-near`` (0.8): a held-out set keeps
  only texts the development sets do not already hold.

Only counts are printed (why rows were dropped, and the kept rows per rule and kind): the measured texts are never shown.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import real_rulings_coverage as real

#: Sentences shorter than this many words are too common to tell anything.
SHORTEST = 5


def words(text: str, names: Iterable[str]) -> frozenset[str]:
    """The words of ``text`` in the compared form, each card name (and the part of it before a comma) as ``~``."""
    plain = real._plain(text)
    for name in names:
        whole = real._plain(name)
        plain = plain.replace(whole, "~")
        first = whole.split(",")[0]
        if len(first) > 3:
            plain = plain.replace(first, "~")
    return frozenset(re.findall(r"[a-z~']+", plain))


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.?!])\s+", text) if s.strip()]


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b)


def near(paragraph: str, names: Iterable[str], pool: list[frozenset[str]], threshold: float) -> bool:
    names = tuple(names)
    said = [w for s in sentences(paragraph) if len(w := words(s, names)) >= SHORTEST]
    return any(overlap(w, other) >= threshold for w in said for other in pool)


def corpus_sentences() -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """The sentences of the measured half and of the written-from half, in the compared form."""
    measured: list[frozenset[str]] = []
    written: list[frozenset[str]] = []
    for row in json.loads((real.DATA / "expected.json").read_text(encoding="utf-8")):
        names = [*real._names(row, "cards"), *real._names(row, "printed_for")]
        side = measured if real.paragraph_half(row) == "measured" else written
        side.extend(w for s in sentences(str(row["text"])) if len(w := words(s, names)) >= SHORTEST)
    return measured, written


def read_rows(paths: Iterable[Path]) -> list[dict]:
    return [
        json.loads(line) for path in paths for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("inputs", type=Path, nargs="+")
    parser.add_argument("--not-near", type=Path, nargs="*", default=[], help="rows a kept text must not be near")
    args = parser.parse_args()
    measured, written = corpus_sentences()
    others = [
        w
        for row in read_rows(args.not_near)
        for s in sentences(row["paragraph"])
        if len(w := words(s, [row["card"]["name"]])) >= SHORTEST
    ]
    kept, dropped = [], Counter()
    for row in read_rows(args.inputs):
        name = row["card"]["name"]
        if real.half(name) != "written-from":
            dropped["a measured-half card"] += 1
        elif near(row["paragraph"], [name], measured, 0.6):
            dropped["near a measured paragraph"] += 1
        elif near(row["paragraph"], [name], written, 0.8):
            dropped["near a written-from paragraph"] += 1
        elif others and near(row["paragraph"], [name], others, 0.8):
            dropped["near a --not-near row"] += 1
        else:
            kept.append(row)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept), encoding="utf-8")
    print(f"{args.out}: kept {len(kept)}; dropped " + ", ".join(f"{k} {v}" for k, v in dropped.most_common()))
    for (kind, rule), n in sorted(Counter((r["kind"], r["rule"]) for r in kept).items()):
        print(f"  {kind:10} {rule:48} {n}")


if __name__ == "__main__":
    main()
