"""Pick the fourth round of the real-rulings test corpus (issue 24): combat-family paragraphs of
written-from cards only, by a rule fixed before any of their texts was read.

    python benchmarks/real_rulings_pick.py RULINGS_BY_CARD.json [--passes N] > picked.json

``RULINGS_BY_CARD.json`` is MTGJSON 5.2.0's cards with their Gatherer rulings, as one object
``{card name: {"name", "text", "type", "manaCost", "power", "toughness", "keywords", "rulings":
[{"date", "text"}]}}`` (extracted from its set files; not shipped with the project).

The rule (docs/benchmarks.md, "fourth round"; tests/data/real-rulings/README.md):

- one regular expression per combat family (:data:`FAMILIES`), over a ruling's text,
  case-insensitive, in the order given;
- only cards of the **written-from** half (:func:`real_rulings_coverage.half`), ordered by the hex
  SHA-256 of their name; each card's rulings in their printed order;
- a paragraph is *eligible* when it is not already a row of ``expected.json`` and not one of the
  package's corpus rulings (compared in :func:`real_rulings_coverage._plain` form) and not taken by
  an earlier family;
- a pass takes, for each family in turn, the next :data:`PER_PASS` eligible paragraphs matching
  its expression; passes go on until the labels (written by hand afterwards, before compiling)
  give enough restating paragraphs; ``--passes`` says how many were run.

Each picked paragraph is printed with its family, every card of the data that prints it (written-
from or not: the row's ``cards`` are the written-from ones, the rest its ``printed_for``) and its
cards' oracle data, for labelling.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from real_rulings_coverage import DATA, _plain, half  # noqa: E402

from rulings.corpus import load_corpus  # noqa: E402

#: The combat families and the expression each paragraph of it matches, in picking order.
FAMILIES: tuple[tuple[str, str], ...] = (
    ("trample", r"\btrample\b"),
    ("deathtouch", r"\bdeathtouch\b"),
    ("lifelink", r"\blifelink\b"),
    ("first-strike", r"\b(?:first|double) strike\b"),
    ("flying-reach", r"\b(?:flying|reach)\b"),
    ("menace", r"\bmenace\b|except by two or more creatures"),
    ("vigilance", r"\bvigilance\b"),
    ("defender", r"\bdefender\b"),
    ("haste", r"\bhaste\b|summoning sick"),
    ("indestructible", r"\bindestructible\b"),
    ("combat-damage", r"remains blocked|lethal damage|combat damage step|assigns? (?:its )?combat damage"),
)
#: The second rule (the first pass of :data:`FAMILIES` gave 4 paragraphs restating a checked rule of
#: 110: most paragraphs that name a keyword speak of their card). Fixed before any paragraph after
#: the first pass was read: the same walk and eligibility (the first pass's paragraphs are taken),
#: each family's expression now asking for the keyword next to the words of the rule it is checked
#: for (blocking, tapping, attacking, damage, life, destruction), within one sentence.
FRAMES: tuple[tuple[str, str], ...] = (
    (
        "trample",
        r"\btrample\b[^.]*\b(?:excess|lethal|assign\w*|player|planeswalker)\b|\b(?:assign\w*|excess)\b[^.]*\btrample\b",
    ),
    (
        "deathtouch",
        r"\bdeathtouch\b[^.]*\b(?:lethal|destroy\w*|any amount|1 damage)|\b(?:lethal|destroy\w*)\b[^.]*\bdeathtouch\b",
    ),
    ("lifelink", r"\blifelink\b[^.]*\bgain\w*\b[^.]*\blife\b|\bgain\w*\b[^.]*\blife\b[^.]*\blifelink\b"),
    ("first-strike", r"\b(?:first|double) strike\b[^.]*\bdamage\b|\bdamage\b[^.]*\b(?:first|double) strike\b"),
    ("flying-reach", r"\bblock\w*\b[^.]*\b(?:flying|reach)\b|\b(?:flying|reach)\b[^.]*\bblock\w*"),
    ("menace", r"\bmenace\b[^.]*\bblock\w*|\bblock\w*\b[^.]*\bmenace\b|except by two or more creatures"),
    ("vigilance", r"\bvigilance\b[^.]*\b(?:un)?tap\w*|\b(?:un)?tap\w*\b[^.]*\bvigilance\b"),
    ("defender", r"\bdefender\b[^.]*\battack\w*|\battack\w*\b[^.]*\bdefender\b"),
    ("haste", r"\bhaste\b[^.]*\b(?:attack\w*|\{T\}|summoning)|summoning sick"),
    (
        "indestructible",
        r"\bindestructible\b[^.]*\b(?:destroy\w*|lethal|damage)|\b(?:destroy\w*|lethal|damage)\b[^.]*\bindestructible\b",
    ),
    ("combat-damage", r"remains blocked|\b(?:assigns?|deals?) (?:its )?combat damage\b|\blethal damage\b"),
)
#: Paragraphs per family and pass.
PER_PASS = 10


def sha(name: str) -> str:
    return hashlib.sha256(name.encode("utf-8")).hexdigest()


def pick(data: dict[str, dict], passes: int, frame_passes: int = 0) -> list[dict]:
    """The picked paragraphs, in picking order, each with its family and pass: ``passes`` passes
    of :data:`FAMILIES`, then ``frame_passes`` passes of :data:`FRAMES` (numbered on)."""
    known = {_plain(row["text"]) for row in json.loads((DATA / "expected.json").read_text(encoding="utf-8"))}
    known |= {_plain(r.text) for r in load_corpus()}
    printers: dict[str, list[str]] = defaultdict(list)
    for name, card in data.items():
        for ruling in card.get("rulings", []):
            printers[_plain(ruling["text"])].append(name)
    order = sorted((n for n in data if half(n) == "written-from"), key=sha)
    taken: set[str] = set()
    out: list[dict] = []
    cursors = {family: 0 for family, _ in FAMILIES}
    walk = [(n, r) for n in order for r in data[n].get("rulings", [])]
    rules = [FAMILIES] * passes + [FRAMES] * frame_passes
    for number, families in enumerate(rules, start=1):
        if families is FRAMES and number == passes + 1:
            cursors = {family: 0 for family, _ in FRAMES}
        for family, expression in families:
            regex = re.compile(expression, re.IGNORECASE)
            found = 0
            i = cursors[family]
            while i < len(walk) and found < PER_PASS:
                name, ruling = walk[i]
                i += 1
                plain = _plain(ruling["text"])
                if plain in known or plain in taken or not regex.search(ruling["text"]):
                    continue
                taken.add(plain)
                found += 1
                names = sorted(set(printers[plain]))
                out.append(
                    {
                        "family": family,
                        "pass": number,
                        "card": name,
                        "date": ruling["date"],
                        "text": ruling["text"],
                        "printed_by": names,
                    }
                )
            cursors[family] = i
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="MTGJSON cards with their rulings (see the module docstring)")
    parser.add_argument("--passes", type=int, default=1, help="passes of the first rule (FAMILIES)")
    parser.add_argument("--frame-passes", type=int, default=0, help="passes of the second rule (FRAMES), after them")
    args = parser.parse_args()
    data = json.loads(args.data.read_text(encoding="utf-8"))
    print(json.dumps(pick(data, args.passes, args.frame_passes), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
