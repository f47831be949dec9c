"""Fresh written-from paragraphs (issue 24, fifth round): what blocks a paragraph that is not in the
corpus, read whole.

    python benchmarks/real_rulings_fresh.py RULINGS_BY_CARD.json [--list]

``RULINGS_BY_CARD.json`` is MTGJSON 5.2.0's cards with their Gatherer rulings (the shape
:mod:`real_rulings_pick` reads; not shipped with the project).

The rule (fixed before any text was read): the cards of the **written-from** half
(:func:`real_rulings_coverage.half`) ordered by the hex SHA-256 of their name, each card's rulings
in printed order; a paragraph is taken when it is no row of ``expected.json`` (compared in
:func:`real_rulings_coverage._plain` form, each text once), it names a checked family
(:data:`FAMILY`) and it has two sentences or more (a paragraph of one sentence has nothing to set
aside). Nothing is labeled: the script counts, with each paragraph's own card data, the paragraphs
some template compiles, and the paragraphs in which a template reads a statement but leaves other
sentences unread (where setting aside a describing sentence or an example could matter). The
measured half is never read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from real_rulings_coverage import DATA, _plain, half  # noqa: E402

from rulings.cards import CardPoolError, card_from_atomic  # noqa: E402
from rulings.corpus import Ruling, ruling_sha  # noqa: E402
from rulings.templates import TEMPLATES, template_text  # noqa: E402
from rulings.text import sentences  # noqa: E402

#: The checked families, in one expression: the combat keywords, mana abilities and tapping for
#: mana, the {T}/{Q} symbols, and exiled cards played or cast.
FAMILY = re.compile(
    r"\b(?:first strike|double strike|flying|reach|menace|trample|vigilance|deathtouch|lifelink|haste|defender|"
    r"indestructible|mana abilit|tapped for mana)\b|\{T\}|\{Q\}|exiled?\b[^.]*\b(?:play|cast)",
    re.IGNORECASE,
)


def picked(data: dict[str, dict[str, object]]) -> list[tuple[str, str]]:
    """(card, paragraph) by the rule of the module docstring."""
    seen = {_plain(str(r["text"])) for r in json.loads((DATA / "expected.json").read_text(encoding="utf-8"))}
    names = sorted((n for n in data if half(n) == "written-from"), key=lambda n: hashlib.sha256(n.encode()).hexdigest())
    out: list[tuple[str, str]] = []
    for name in names:
        rulings = data[name].get("rulings", [])
        for ruling in rulings if isinstance(rulings, list) else []:
            text = str(ruling["text"])
            if _plain(text) in seen or not FAMILY.search(text) or len(sentences(template_text(text, [name]))) < 2:
                continue
            seen.add(_plain(text))
            out.append((name, text))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulings_by_card", type=Path)
    parser.add_argument("--list", action="store_true", help="print each compiled or partly read paragraph")
    args = parser.parse_args()
    data = json.loads(args.rulings_by_card.read_text(encoding="utf-8"))
    compiled: Counter[str] = Counter()
    partial = total = 0
    for name, text in picked(data):
        try:
            card = card_from_atomic(data[name], name)
        except CardPoolError:
            continue
        total += 1
        rule = Ruling("fresh", text, ruling_sha(text), (name,), ("fresh",), (), (), "executable")
        readings = [(tpl.id, tpl.read(rule, (), (card,))) for tpl in TEMPLATES]
        done = next((tid for tid, r in readings if r.complete), None)
        if done is not None:
            compiled[done] += 1
            if args.list:
                print(f"compiled {done}: {text}")
            continue
        part = [(tid, r) for tid, r in readings if r.states]
        if part:
            partial += 1
            if args.list:
                print(f"partly read by {part[0][0]}, unread {part[0][1].unread}: {text}")
    print(f"{total} fresh written-from paragraphs of two or more sentences")
    print(f"compiled: {sum(compiled.values())} ({', '.join(f'{k} {v}' for k, v in sorted(compiled.items()))})")
    print(f"a statement read and other sentences left unread: {partial}")


if __name__ == "__main__":
    main()
