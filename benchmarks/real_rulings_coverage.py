"""How many real rulings of other cards compile: the figures of docs/benchmarks.md (issues 12, 24).

    python benchmarks/real_rulings_coverage.py [--markdown] [--json] [--claims-only] [--written-from-misses]
    python benchmarks/real_rulings_coverage.py --both-modes
    python benchmarks/real_rulings_coverage.py --both-modes --round fourth   (one round's rows only)

Imports the test corpus ``tests/data/real-rulings`` (Scryfall-shaped rulings and cards) the way
``mtg-conformance rulings import`` does, compiles it against those cards, and compares each
distinct paragraph with its expectation in ``expected.json``: per mechanic, the paragraphs that
restate a covered rule and compile (issue 24's targets: 100 % of the written-from half, at least
85 % of the measured half), and the false compiles (a paragraph restating no checked rule that
compiled: must be none).

Held-out discipline (issue 24): the corpus is split by card into the half the claim reader's
lexicon and claims are written from and the half they are measured on. A card's half is decided
by a hash of its name alone (:func:`half`), so the split was fixed before any measured text was
read; a paragraph belongs to the written-from half if any card that prints it does (its rows'
``cards`` and ``printed_for``: Gatherer prints stock paragraphs for many cards), or if the package's
corpus or wordings hold it (:func:`paragraph_half`), else to the measured half. Figures are given
per half.

A restating paragraph expected to stay uncovered (it also states something no invariant checks,
such as a token created attacking) counts with the paragraphs that must not compile.
``--claims-only`` reads statements by meaning alone (the claim reader, :mod:`rulings.claims`),
with the templates' regular-expression statements switched off (their explanations kept): how
far the claim reader alone carries, since the regular expressions were written from some of
these texts.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import re
import sys
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings.compile import RulingCoverage, compile_corpus  # noqa: E402
from rulings.corpus import Corpus, load_corpus  # noqa: E402
from rulings.importer import merge, read_rulings  # noqa: E402

DATA = ROOT / "tests" / "data" / "real-rulings"


HALVES = ("written-from", "measured")


def half(card: str) -> str:
    """The half a card is in: the parity of the first byte of the SHA-256 of its name."""
    return HALVES[hashlib.sha256(card.encode("utf-8")).digest()[0] % 2]


def paragraph_half(row: Mapping[str, object]) -> str:
    """A paragraph's half: written-from if its words were seen. Gatherer prints stock paragraphs
    for many cards, and a pattern written from one card's copy reads all of them; so a row is
    written-from if any card it is printed for (``cards`` and ``printed_for``, the other cards of
    the MTGJSON data that print the same text) is, or if its text is one of the package's corpus
    rulings or one of its sentences is copied in a wording file (:func:`seen_in_package`)."""
    cards = [*_names(row, "cards"), *_names(row, "printed_for")]
    if any(half(c) == "written-from" for c in cards) or seen_in_package(str(row["text"]), cards):
        return "written-from"
    return "measured"


def _names(row: Mapping[str, object], key: str) -> list[str]:
    value = row.get(key, [])
    return [str(v) for v in value] if isinstance(value, list) else []


def _plain(text: str) -> str:
    """Lower case, straight quotes, single spaces: the form both sides are compared in."""
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, straight)
    return " ".join(text.lower().split())


@functools.cache
def _package_texts() -> tuple[frozenset[str], str]:
    """The package's corpus rulings and the text of its wording files (regular-expression escapes
    dropped), in :func:`_plain` form."""
    corpus = frozenset(_plain(r.text) for r in load_corpus())
    wordings = " ".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "rulings" / "wordings").glob("*.toml")))
    return corpus, _plain(wordings.replace("\\", ""))


#: A sentence this long found in a wording file is a copy, not a coincidence.
COPIED_WORDS = 6


def seen_in_package(text: str, cards: list[str]) -> bool:
    """Whether a paragraph is one of the package's corpus rulings, or one of its sentences (the
    card's name, its front face's or the part before a comma written ``~``, as the wordings write
    it) appears verbatim in a wording file."""
    corpus, wordings = _package_texts()
    plain = _plain(text)
    if plain in corpus:
        return True
    names = {n for c in cards for n in (c, c.split(" // ")[0], c.split(", ")[0])}
    for name in sorted(names, key=len, reverse=True):
        plain = plain.replace(_plain(name), "~")
    sentences = re.split(r"(?<=[.!?])\s+", plain)
    return any(len(s.split()) >= COPIED_WORDS and s in wordings for s in sentences)


def _coverage() -> dict[str, RulingCoverage]:
    """sha -> coverage of every paragraph of the corpus, imported as ``rulings import`` does."""
    imported, pool = read_rulings(DATA / "scryfall-rulings.json", DATA / "scryfall-cards.json")
    rulings, _ = merge(imported, [], tuple(load_corpus()))
    return {c.ruling.sha: c for c in compile_corpus(Corpus(tuple(rulings)), pool).coverage}


#: Only the rows of this round (``--round``: "fourth" is the combat development set), or all rows.
ROUND: str | None = None


def figures(which: str | None = None) -> dict[str, dict[str, int]]:
    """mechanic -> restates, compiled, other (not restating), false (of those, compiled), over
    the paragraphs of one half (``which``) or all of them (of :data:`ROUND`'s rows if it is set)."""
    coverage = _coverage()
    out: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(("restates", "compiled", "other", "false"), 0))
    for row in json.loads((DATA / "expected.json").read_text(encoding="utf-8")):
        if which is not None and paragraph_half(row) != which:
            continue
        if ROUND is not None and row.get("round", "first or second") != ROUND:
            continue
        compiled = coverage[row["sha"]].coverage == "template"
        counts = out[row["mechanic"]]
        if row["kind"] == "restates" and row["expect"] != "uncovered":
            counts["restates"] += 1
            counts["compiled"] += compiled
        else:
            counts["other"] += 1
            counts["false"] += compiled
    return dict(out)


def written_from_misses() -> list[str]:
    """The written-from paragraphs whose coverage is not the expected one, each with the reason
    the compiler gives: what to work on. The measured half is never listed (reading its misses is
    how a lexicon gets tuned to its test)."""
    coverage = _coverage()
    out = []
    for row in json.loads((DATA / "expected.json").read_text(encoding="utf-8")):
        if paragraph_half(row) != "written-from":
            continue
        c = coverage[row["sha"]]
        got = "uncovered" if c.coverage == "uncovered" else f"template:{c.template}"
        if got != row["expect"]:
            out.append(f"expected {row['expect']}, got {got}: {row['text']}\n  {c.reason or ''}")
    return out


def claims_only() -> None:
    """Switch off the templates' regular-expression statements (explanations stay): every
    statement must then be read by the claim reader."""
    from rulings.templates import Template

    by_wording = Template._read_by_wording

    def explanations_only(
        self: Template, sentence: str, slots: Mapping[str, str]
    ) -> tuple[str | None, dict[str, str]] | None:
        found = by_wording(self, sentence, slots)
        return found if found is not None and found[0] is None else None

    Template._read_by_wording = explanations_only  # type: ignore[method-assign]


def totals(rows: dict[str, dict[str, int]]) -> dict[str, int]:
    return {k: sum(r[k] for r in rows.values()) for k in ("restates", "compiled", "other", "false")}


def both_modes_table() -> list[str]:
    """One Markdown table of both halves per mechanic, each restating count read with the
    templates and claims together and then by the claim reader alone (docs/benchmarks.md)."""
    together = {name: figures(name) for name in HALVES}
    claims_only()
    alone = {name: figures(name) for name in HALVES}

    def cells(name: str, mechanic: str | None) -> tuple[str, str]:
        a = totals(together[name]) if mechanic is None else together[name].get(mechanic)
        b = totals(alone[name]) if mechanic is None else alone[name].get(mechanic)
        if a is None or b is None:
            return "-", "-"
        restating = "-"
        if a["restates"]:
            restating = f"{a['compiled']} / {b['compiled']} of {a['restates']}"
            if mechanic is None:
                restating += f" ({a['compiled'] / a['restates']:.0%} / {b['compiled'] / b['restates']:.0%})"
        false = f"{a['false']} of {a['other']}" + ("" if a["false"] == b["false"] else f" ({b['false']} claims only)")
        return restating, false

    lines = [
        "| mechanic | written-from: restating compiled (templates and claims / claims only) | written-from: false "
        "compiles | measured: restating compiled (templates and claims / claims only) | measured: false compiles |",
        "|---|---|---|---|---|",
    ]
    for mechanic in sorted({m for rows in together.values() for m in rows}):
        row = [c for name in HALVES for c in cells(name, mechanic)]
        lines.append(f"| {mechanic} | " + " | ".join(row) + " |")
    row = [f"**{c}**" for name in HALVES for c in cells(name, None)]
    lines.append("| **all** | " + " | ".join(row) + " |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="a Markdown table (for docs/benchmarks.md)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON, per half and overall")
    parser.add_argument(
        "--claims-only", action="store_true", help="statements read by meaning only (regular-expression statements off)"
    )
    parser.add_argument(
        "--written-from-misses",
        action="store_true",
        help="list the written-from paragraphs not compiled as expected, with the reason (never the measured ones)",
    )
    parser.add_argument(
        "--both-modes",
        action="store_true",
        help="one Markdown table: both halves per mechanic, with and without the templates' regular expressions",
    )
    parser.add_argument("--round", help="only the rows of this round (third, fourth; the first two have no round)")
    args = parser.parse_args()
    global ROUND
    ROUND = args.round
    if args.both_modes:
        print("\n".join(both_modes_table()))
        return
    if args.claims_only:
        claims_only()
    if args.written_from_misses:
        misses = written_from_misses()
        print("\n".join(misses) if misses else "every written-from paragraph compiles as expected")
        return
    parts = {name: figures(name) for name in HALVES}
    parts["all"] = figures()
    if args.json:
        print(json.dumps({name: {"mechanics": rows, "total": totals(rows)} for name, rows in parts.items()}, indent=1))
        return
    if args.markdown:
        print("| half | mechanic | restating paragraphs compiled | other paragraphs compiled (false compiles) |")
        print("|---|---|---|---|")
        for name, rows in parts.items():
            for mechanic, r in sorted(rows.items()):
                print(f"| {name} | {mechanic} | {r['compiled']} of {r['restates']} | {r['false']} of {r['other']} |")
            t = totals(rows)
            share = t["compiled"] / t["restates"] if t["restates"] else 0.0
            print(
                f"| **{name}** | **all** | **{t['compiled']} of {t['restates']} ({share:.0%})** "
                f"| **{t['false']} of {t['other']}** |"
            )
        return
    for name, rows in parts.items():
        print(f"== {name}")
        for mechanic, r in sorted(rows.items()):
            print(
                f"{mechanic:18} restates {r['compiled']:3}/{r['restates']:<3} false compiles {r['false']}/{r['other']}"
            )
        t = totals(rows)
        share = t["compiled"] / t["restates"] if t["restates"] else 0.0
        print(
            f"{'all':18} restates {t['compiled']:3}/{t['restates']:<3} ({share:.1%}) "
            f"false compiles {t['false']}/{t['other']}"
        )


if __name__ == "__main__":
    main()
