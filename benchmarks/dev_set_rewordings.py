"""How many meaning-preserving rewordings of the compiled sentences still compile (issue 24, twenty-second round).

    python benchmarks/dev_set_rewordings.py            # the tuned sets (and paraphrases A), counts per kind
    python benchmarks/dev_set_rewordings.py D F --counts-only-held-out
    python benchmarks/dev_set_rewordings.py C --show   # each rewording of a tuned set that no longer compiles

The contradicting variants (``benchmarks/dev_set_variants.py``) check that a sentence that says something else does not
compile. This checks the other side of "by meaning, not by wording": the same claim said another way still compiles to
the same template. Each sentence a template reads as a statement in the dev sets is reworded one way at a time (a
condition said after what follows from it, "that creature" for "the creature", another way to say the moment, the
outcome or the change, "will" added or dropped), the paragraph is compiled again, and a rewording that no longer
compiles to the template the paragraph compiled to is counted as lost. A held-out set is counted only (``--show`` is
refused for it).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import dev_set_coverage as dev_sets  # noqa: E402
import dev_set_variants as variants  # noqa: E402

from rulings.cards import CardPool  # noqa: E402
from rulings.compile import compile_corpus  # noqa: E402
from rulings.corpus import Corpus, Ruling, normalize  # noqa: E402
from rulings.importer import read_rulings  # noqa: E402
from tests.test_claims_meaning import ruling, statements_of  # noqa: E402

_KEYWORD = r"(flying|vigilance|haste|menace|first strike|double strike|reach|trample)"
#: Words that open a condition with a small letter when it is moved after the main clause (a card's name keeps its own).
_COMMON = frozenset(
    ["a", "an", "the", "it", "you", "that", "this", "your", "its", "one", "two", "all", "each", "another", "any"]
)
Swap = tuple[str, str | Callable[[re.Match[str]], str | None]]


def _condition_last(found: re.Match[str]) -> str | None:
    """ "If A, B." said as "B if A." (None when B says another condition of its own)."""
    cond, main = found.group(1), found.group(2)
    if re.search(r"\b(?:if|unless|until)\b", main):
        return None
    if cond.split(" ")[0].lower() in _COMMON:
        cond = cond[0].lower() + cond[1:]
    return f"{main[0].upper()}{main[1:]} if {cond}."


def _will_added(found: re.Match[str]) -> str | None:
    """ "remains" said as "will remain"; None in a condition ("if it deals ..."), where English keeps the present."""
    clause = re.split(r"[,;.:] ", found.string[: found.start()])[-1]
    if re.search(r"(?i)\b(?:if|when|whenever|once|before|after|until|unless|should)\b|^as\b", clause):
        return None
    return f"will {found.group(1)[:-1]}"


#: Each kind of rewording: (pattern, replacement), the first that applies is made once. Every replacement says the same
#: thing in the rules' terms (509.1h, 506.4, 508.1, 702.20b: "remains" and "stays"; "after ... have been declared" and
#: "once ... are declared").
REWORDINGS: dict[str, tuple[Swap, ...]] = {
    "condition last": ((r"^If ([^,]+), ([^,]+)\.$", _condition_last),),
    "that creature": ((r"\bthat creature\b", "the creature"), (r"\bthe creature\b", "that creature")),
    "moment": (
        (r"\bafter blockers have been declared\b", "once blockers are declared"),
        (r"\bafter blockers are declared\b", "after blockers have been declared"),
        (r"\bonce blockers (?:are|have been) declared\b", "after blockers are declared"),
        (r"\bafter attackers have been declared\b", "once attackers are declared"),
        (r"\bafter attackers are declared\b", "after attackers have been declared"),
        (r"\bonce attackers (?:are|have been) declared\b", "after attackers are declared"),
        (r"\bafter first-strike combat damage has been dealt\b", "once first-strike combat damage has been dealt"),
        (r"\bafter it(?:'s| has) been blocked\b", "once it has become blocked"),
        (r"\bafter it(?:'s| has) been declared as an attacker\b", "once it has attacked"),
    ),
    "outcome": (
        (r"\bremains blocked\b", "stays blocked"),
        (r"\bstays blocked\b", "remains blocked"),
        (r"\bis still blocked\b", "remains blocked"),
        (r"\bremains tapped\b", "stays tapped"),
        (r"\bstays tapped\b", "remains tapped"),
        (r"\bstays untapped\b", "remains untapped"),
        (r"\bremains untapped\b", "stays untapped"),
        (r"\bcontinues to attack\b", "keeps attacking"),
        (r"\bkeeps attacking\b", "continues to attack"),
        (r"\bis still attacking\b", "continues to attack"),
        (r"\bcontinues to block\b", "keeps blocking"),
        (r"\bkeeps blocking\b", "continues to block"),
        (r"\bremains exiled\b", "stays in exile"),
        (r"\bstays in exile\b", "remains exiled"),
        (r"\bremain in exile\b", "stay exiled"),
        (r"\bwon't cause it to become unblocked\b", "won't make it unblocked"),
    ),
    "change": (
        (rf"\bgains {_KEYWORD}\b", r"gets \1"),
        (rf"\bloses {_KEYWORD}\b", r"stops having \1"),
        (rf"\bgiving it {_KEYWORD}\b", r"granting it \1"),
    ),
    "will": (
        (r"\bwill (remain|stay|continue|keep)\b", r"\1s"),
        (r"\b(remains|stays|continues|keeps)\b(?! to be)", _will_added),
        # twenty-fourth round: the damage said in the future ("it will assign all its combat damage to the player")
        (r"\bwill (assign|deal)\b", r"\1s"),
        (r"(?<!, )\b(assigns|deals)\b", _will_added),
    ),
    "tense": (
        (
            r"\bwon't (cause|make|let|change|affect|remove|untap|tap|undo|become|deal|assign|stop|prevent)\b",
            r"doesn't \1",
        ),
        (
            r"\bdoesn't (cause|make|let|change|affect|remove|untap|tap|undo|become|deal|assign|stop|prevent)\b",
            r"won't \1",
        ),
    ),
    "opening": ((r"^Once ", "After "), (r"^After ", "Once ")),
    "it named": (
        (r", it (remains|stays|continues|keeps|is still|won't|doesn't|will|deals|assigns)\b", r", that creature \1"),
    ),
}


def rewordings(sentence: str) -> Iterator[tuple[str, str]]:
    """(kind, rewording) for each kind of :data:`REWORDINGS` that applies to ``sentence``."""
    for kind, swaps in REWORDINGS.items():
        for pattern, replacement in swaps:
            found = re.search(pattern, sentence)
            if found is None:
                continue
            new = found.expand(replacement) if isinstance(replacement, str) else replacement(found)
            if new is not None:
                changed = sentence[: found.start()] + new + sentence[found.end() :]
                if changed != sentence:
                    yield kind, changed
            break


Lost = list[tuple[str, str, str, str | None, str]]


def lost_rewordings(part: str) -> tuple[Counter[str], Lost]:
    """(rewordings tried per kind, [(row id, kind, template, what it compiled to, rewording)] of those that no longer
    compile to the paragraph's template) for one file of a dev set, or a paraphrase split (``para-A``, ``para-B``)."""
    if part in variants.PARAPHRASE_SETS:
        tried: Counter[str] = Counter()
        lost: Lost = []
        for group in ("combat", "other"):
            directory = variants.paraphrases.DATA / group
            outcomes = [o for o in variants.paraphrases.outcomes(directory) if o.row["split"] == part[-1]]
            _, pool = read_rulings(directory / "rulings.json", directory / "cards.json")
            coverage = [o.coverage for o in outcomes]
            count, found = _lost(statements_of(coverage, pool), {c.ruling.id: c.template for c in coverage}, pool)
            tried, lost = tried + count, lost + found
        return tried, lost
    table = dev_sets._file_rows(part)
    pool = CardPool({row["card"]["name"]: dev_sets.card(row["card"]) for row in table})
    suite = compile_corpus(Corpus(tuple(dev_sets.ruling_of(row) for row in table)), pool)
    return _lost(statements_of(suite.coverage, pool), {c.ruling.id: c.template for c in suite.coverage}, pool)


def _lost(
    statements: Iterable[tuple[Ruling, str]], templates: dict[str, str | None], pool: CardPool
) -> tuple[Counter[str], Lost]:
    reworded: dict[str, tuple[Ruling, str, str, str]] = {}
    for original, sentence in statements:
        for kind, changed in rewordings(sentence):
            text = normalize(original.text)
            varied = text.replace(sentence, changed, 1)
            if varied != text:
                rid = f"reworded.{len(reworded)}"
                reworded.setdefault(varied, (ruling(varied, original.cards, rid), kind, original.id, changed))
    tried: Counter[str] = Counter(kind for _, kind, _, _ in reworded.values())
    if not reworded:
        return tried, []
    by_id = {v[0].id: v for v in reworded.values()}
    suite = compile_corpus(Corpus(tuple(v[0] for v in reworded.values())), pool)
    lost: Lost = []
    for c in suite.coverage:
        _, kind, original, sentence = by_id[c.ruling.id]
        wanted = templates[original]
        if c.template != wanted:
            lost.append((original, kind, str(wanted), c.template, sentence))
    return tried, lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    tuned = [name for name in (*dev_sets.SETS, *variants.PARAPHRASE_SETS) if name not in variants.HELD_OUT]
    parser.add_argument("sets", nargs="*", default=tuned, help=f"sets (default: the tuned ones, {' '.join(tuned)})")
    parser.add_argument("--show", action="store_true", help="print each rewording of a tuned set that was lost")
    args = parser.parse_args()
    for name in args.sets:
        if name not in (*dev_sets.SETS, *variants.PARAPHRASE_SETS):
            parser.error(f"unknown set {name!r} (sets: {' '.join((*dev_sets.SETS, *variants.PARAPHRASE_SETS))})")
        if name in variants.HELD_OUT and args.show:
            parser.error(f"set {name} is held out: its texts are never shown (counts only: leave out --show)")
    started = time.monotonic()
    tried_all: Counter[str] = Counter()
    lost_all: Counter[str] = Counter()
    for name in args.sets:
        tried: Counter[str] = Counter()
        lost: Lost = []
        for part in variants.files(name):
            count, found = lost_rewordings(part)
            tried, lost = tried + count, lost + found
        tried_all += tried
        lost_all.update(kind for _, kind, _, _, _ in lost)
        for row, kind, template, got, sentence in lost if args.show else ():
            print(f"  {row} {kind} [{template} -> {got}]: {sentence}")
        print(f"set {name}: {len(lost)} of {sum(tried.values())} rewordings lost", flush=True)
    print(f"all: {sum(lost_all.values())} of {sum(tried_all.values())} lost ({time.monotonic() - started:.0f} s)")
    print("  by kind: " + ", ".join(f"{kind} {lost_all[kind]} of {n}" for kind, n in tried_all.most_common()))


if __name__ == "__main__":
    main()
