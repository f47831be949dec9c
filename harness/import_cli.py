"""``mtg-conformance rulings import FILE --out CORPUS.toml [--cards CARDS.json]``.

Reads Scryfall or MTGJSON rulings (:mod:`rulings.importer`), merges them into the corpus file
the user names (a paragraph already there gains the card), compiles the result against the card
pool, and prints for each imported ruling whether it compiled, is informational, or is
uncovered and why. Bad input is one line and exit 2, and nothing is written.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from rulings.cards import CardPoolError, card_pool
from rulings.compile import CompileError, compile_corpus
from rulings.corpus import Corpus, CorpusError, load_corpus, load_ruling_file
from rulings.importer import RulingsImportError, merge, read_rulings, to_toml
from rulings.user_wordings import UserWordingError


def cmd_import(args: argparse.Namespace, usage_error: type[Exception]) -> int:

    if len(args.action) != 2 or args.action[0] != "import":
        raise usage_error("usage: mtg-conformance rulings import FILE --out CORPUS.toml [--cards CARDS.json]")
    if args.out is None:
        raise usage_error("rulings import: name the corpus file to write with --out FILE.toml")
    source = Path(args.action[1])
    cards_path = args.cards[0] if args.cards else None
    try:
        imported, pool = read_rulings(source, cards_path)
        existing = load_ruling_file(args.out) if args.out.exists() else []
        rulings, touched = merge(imported, existing, load_corpus().rulings)
        # The corpus directory's own wording files (``wordings/*.toml``) read the new rulings too.
        wordings = tuple(sorted((args.out.parent / "wordings").glob("*.toml")))
        suite = compile_corpus(
            Corpus(tuple(rulings), wording_files=wordings), pool.merged(card_pool(args.cards[1:] if args.cards else ()))
        )
    except (RulingsImportError, CorpusError, CardPoolError, CompileError, UserWordingError) as exc:
        raise usage_error(str(exc)) from None

    out = args.out
    cards_file = str(cards_path if cards_path is not None else source)
    relative = os.path.relpath(Path(cards_file).resolve(), out.resolve().parent)
    text = to_toml(
        rulings, cards_file=relative, header="Imported with `mtg-conformance rulings import`; rulings text verbatim."
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=out.parent, delete=False, suffix=".tmp") as f:
        f.write(text)
    os.replace(f.name, out)

    by_id = {c.ruling.id: c for c in suite.coverage}
    counts = {"compiled": 0, "informational": 0, "uncovered": 0}
    for rid in touched:
        c = by_id[rid]
        cards = ", ".join(c.ruling.cards)
        if c.coverage in ("template", "bound"):
            counts["compiled"] += 1
            print(f"compiled       {rid} ({cards}): {c.template or 'bound'}, {len(c.invariants)} invariants")
        elif c.coverage == "informational":
            counts["informational"] += 1
            print(f"informational  {rid} ({cards}): {c.ruling.reason}")
        else:
            counts["uncovered"] += 1
            print(f"uncovered      {rid} ({cards}): {c.reason}")
    print(
        f"\n{len(imported)} paragraphs -> {len(touched)} rulings in {out}: "
        + ", ".join(f"{n} {k}" for k, n in counts.items())
    )
    return 0
