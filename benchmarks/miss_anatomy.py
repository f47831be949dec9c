"""Where the claim reader misses, as counts: what keeps a restating paragraph from compiling (issue 24).

    python benchmarks/miss_anatomy.py real:measured            (counts only)
    python benchmarks/miss_anatomy.py real:written-from --show (each missed sentence, with its reading)
    python benchmarks/miss_anatomy.py para:combat/B            (counts only)
    python benchmarks/miss_anatomy.py para:other/A --show

Why this exists: the coverage benchmarks (``real_rulings_coverage.py``, ``paraphrase_coverage.py``)
say how many paragraphs compile; this says *why* the others do not, so the next change aims at the
largest class of misses rather than at the sentences someone happened to read. For each restating
paragraph that does not compile to the template it restates, it reads the paragraph with that
template and counts:

- the sentences left unread per paragraph (one unread sentence keeps a paragraph uncovered);
- for each unread sentence, whether some reading of it parses (every word covered by the lexicon)
  but binds no declared claim ("parsed, unbound"), or how many of its words the lexicon does not
  know ("unread words: 1, 2, 3, 4+");
- for a parsed, unbound sentence, the fields in which it differs from the closest declared claim
  of the template (a concept the sentence has that the claim has not: ``action-extra``; one the
  claim has that the sentence has not: ``action-missing``; another modality).

Held-out discipline: the measured half of the real rulings and split B of the paraphrases are the
halves nobody tunes on, so for them only the counts are printed; ``--show`` (the sentences, their
unread words and readings) is refused for them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dev_set_coverage as dev_sets
import paraphrase_coverage as paraphrases
import real_rulings_coverage as real

from protocol.model import CardData
from rulings.claims import CLAIM_FIELDS, IMPLIED, Claim, Parse, parse
from rulings.corpus import Ruling
from rulings.holders import holder_readings, normal_holder_readings
from rulings.importer import read_rulings
from rulings.meaning import set_aside
from rulings.templates import TEMPLATES, Template

#: The halves whose texts are never shown (counts only).
HELD_OUT = ("real:measured", "para:combat/B", "para:other/B", *(f"dev:{name}" for name in dev_sets.HELD_OUT))


def misses(which: str) -> Iterator[tuple[str, Ruling, tuple[CardData, ...]]]:
    """(expected template, ruling, its cards) of every restating paragraph of ``which`` that does not
    compile to the template it restates."""
    kind, _, name = which.partition(":")
    if kind == "real":
        coverage = real._coverage()
        _, pool = read_rulings(real.DATA / "scryfall-rulings.json", real.DATA / "scryfall-cards.json")
        for row in json.loads((real.DATA / "expected.json").read_text(encoding="utf-8")):
            if real.paragraph_half(row) != name or row["kind"] != "restates" or row["expect"] == "uncovered":
                continue
            c = coverage[row["sha"]]
            if c.coverage == "template" and f"template:{c.template}" == row["expect"]:
                continue
            yield row["expect"], c.ruling, tuple(d for n in c.ruling.cards if (d := pool.get(n)) is not None)
        return
    if kind == "para":
        group, _, split = name.partition("/")
        directory = paraphrases.DATA / group
        _, pool = read_rulings(directory / "rulings.json", directory / "cards.json")
        for outcome in paraphrases.outcomes(directory):
            if outcome.row["split"] != split or not outcome.restating or outcome.right:
                continue
            ruling = outcome.coverage.ruling
            yield outcome.row["expect"], ruling, tuple(d for n in ruling.cards if (d := pool.get(n)) is not None)
        return
    if kind == "dev":
        for outcome in dev_sets.outcomes(name):
            if not outcome.restating or outcome.right:
                continue
            row = outcome.row
            ruling = dev_sets.ruling_of(row)
            yield f"template:{row['expect']}", ruling, (dev_sets.card(row["card"]),)
        return
    raise SystemExit(f"unknown set {which!r}: real:<half>, para:<group>/<split> or dev:<set>")


def best_reading(sentence: str, cards: tuple[CardData, ...]) -> Parse:
    """The reading of ``sentence`` with the fewest unread words (a complete one if there is one)."""
    claim = set_aside(sentence).claim
    readings = [parse(text) for text in (claim, *holder_readings(claim, cards), *normal_holder_readings(claim, cards))]
    return min(readings, key=lambda p: (not p.complete, len(p.unread)))


def differences(declared: Claim, parsed: Claim) -> list[str]:
    """The fields in which ``parsed`` differs from ``declared`` (a concept standing for a slot is
    matched by any concept of its form)."""
    out = []
    for name in CLAIM_FIELDS:
        if name == "roles" and not declared.roles:
            continue
        if name == "modality":
            if declared.modality != parsed.modality:
                out.append("modality")
            continue
        want = {c.removesuffix(IMPLIED) for c in declared.concepts(name)}
        optional = {c.removesuffix(IMPLIED) for c in declared.concepts(name) if c.endswith(IMPLIED)}
        slots = [re.compile(re.sub(r"\\\{[a-z_]+\\\}", "[^+]+", re.escape(c))) for c in want if "{" in c]
        got = set(parsed.concepts(name))
        out += [f"{name}-missing" for c in want - got - optional if "{" not in c]
        out += [f"{name}-extra" for c in got - want if not any(s.fullmatch(c) for s in slots)]
    return out


def anatomy(which: str, show: bool) -> dict[str, Counter[str]]:
    by_id: dict[str, Template] = {}
    counts: dict[str, Counter[str]] = {k: Counter() for k in ("templates", "per paragraph", "sentences", "fields")}
    for expect, ruling, cards in misses(which):
        by_id = by_id or {t.id: t for t in TEMPLATES}
        template = by_id[expect.split(":", 1)[1]]
        unread = template.read(ruling, (), cards).unread
        counts["templates"][template.id] += 1
        counts["per paragraph"][f"{len(unread)} unread"] += 1
        for sentence in unread:
            reading = best_reading(sentence, cards)
            if reading.complete:
                counts["sentences"]["parsed, unbound"] += 1
                declared = [r for records in template.wordings.claims.values() for r in records]
                closest = min((differences(r, reading.claim) for r in declared), key=len, default=["no claims"])
                counts["fields"].update(closest)
            else:
                counts["sentences"][
                    f"unread words: {min(len(reading.unread), 4)}{'+' if len(reading.unread) > 3 else ''}"
                ] += 1
            if show:
                print(f"{template.id} | {sentence}\n    unread {reading.unread} | {reading.claim.describe()}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", help="real:written-from, real:measured, para:<combat|other>/<A|B>")
    parser.add_argument("--show", action="store_true", help="each missed sentence (refused for a held-out half)")
    args = parser.parse_args()
    if args.show and args.set in HELD_OUT:
        parser.error(f"{args.set} is held out: its texts are never shown (counts only)")
    counts = anatomy(args.set, args.show)
    total = sum(counts["templates"].values())
    print(f"{args.set}: {total} restating paragraphs not compiled")
    for name, counter in counts.items():
        print(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in counter.most_common()))


if __name__ == "__main__":
    main()
