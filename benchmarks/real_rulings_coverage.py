"""How many real rulings of other cards compile: the figures of docs/benchmarks.md (issue 12).

    python benchmarks/real_rulings_coverage.py [--markdown]

Imports the test corpus ``tests/data/real-rulings`` (Scryfall-shaped rulings and cards) the way
``mtg-conformance rulings import`` does, compiles it against those cards, and compares each
distinct paragraph with its expectation in ``expected.json``: per mechanic, the paragraphs that
restate a covered rule and compile (the target is at least 90 %), and the false compiles (a
card-specific or other-mechanic paragraph that compiled: must be none).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings.compile import compile_corpus  # noqa: E402
from rulings.corpus import Corpus, load_corpus  # noqa: E402
from rulings.importer import merge, read_rulings  # noqa: E402

DATA = ROOT / "tests" / "data" / "real-rulings"


def figures() -> dict[str, dict[str, int]]:
    """mechanic -> restates, compiled, other (not restating), false (of those, compiled)."""
    imported, pool = read_rulings(DATA / "scryfall-rulings.json", DATA / "scryfall-cards.json")
    rulings, _ = merge(imported, [], tuple(load_corpus()))
    coverage = {c.ruling.sha: c for c in compile_corpus(Corpus(tuple(rulings)), pool).coverage}
    out: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(("restates", "compiled", "other", "false"), 0))
    for row in json.loads((DATA / "expected.json").read_text(encoding="utf-8")):
        compiled = coverage[row["sha"]].coverage == "template"
        counts = out[row["mechanic"]]
        if row["kind"] == "restates":
            counts["restates"] += 1
            counts["compiled"] += compiled
        else:
            counts["other"] += 1
            counts["false"] += compiled
    return dict(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="a Markdown table (for docs/benchmarks.md)")
    args = parser.parse_args()
    rows = figures()
    total = {k: sum(r[k] for r in rows.values()) for k in ("restates", "compiled", "other", "false")}
    share = total["compiled"] / total["restates"] if total["restates"] else 0.0
    if args.markdown:
        print("| mechanic | restating paragraphs compiled | other paragraphs compiled (false compiles) |")
        print("|---|---|---|")
        for mechanic, r in sorted(rows.items()):
            print(f"| {mechanic} | {r['compiled']} of {r['restates']} | {r['false']} of {r['other']} |")
        print(
            f"| **all** | **{total['compiled']} of {total['restates']} ({share:.0%})** "
            f"| **{total['false']} of {total['other']}** |"
        )
        return
    for mechanic, r in sorted(rows.items()):
        print(f"{mechanic:18} restates {r['compiled']:3}/{r['restates']:<3} false compiles {r['false']}/{r['other']}")
    print(
        f"{'all':18} restates {total['compiled']:3}/{total['restates']:<3} ({share:.1%}) "
        f"false compiles {total['false']}/{total['other']}"
    )


if __name__ == "__main__":
    main()
