"""Which rulings and cards a run compiles: the shipped corpus and bundled cards, or the user's.

``mtg-conformance run --cards FILE --corpus DIR`` runs rulings imported for new cards
(``mtg-conformance rulings import``) against those cards' data. The CLI checks the files once
(a bad file is one usage line, exit 2) and hands them to every process of the run through the
environment: pytest-xdist workers compile the suite themselves (:func:`harness.plan.compiled_suite`)
and must compile the same one.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from rulings.cards import CardPool, CardPoolError, load_card_pool
from rulings.compile import CompiledSuite, CompileError, compile_corpus
from rulings.corpus import CorpusError, load_corpus

#: Card-pool files (AtomicCards or Scryfall card objects), ``os.pathsep``-separated.
CARDS_ENV = "MTG_CONFORMANCE_CARDS"
#: Corpus directories used instead of the shipped corpus, ``os.pathsep``-separated.
CORPUS_ENV = "MTG_CONFORMANCE_CORPUS"


class SourceError(ValueError):
    """A card file or corpus directory the run cannot use; one line naming it."""


def _paths(name: str) -> list[Path]:
    value = os.environ.get(name, "")
    return [Path(p) for p in value.split(os.pathsep) if p]


def compile_sources() -> CompiledSuite:
    """The suite of the sources the environment names (default: the shipped corpus, bundled cards)."""
    corpus_dirs = _paths(CORPUS_ENV)
    card_files = _paths(CARDS_ENV)
    corpus = load_corpus(*corpus_dirs) if corpus_dirs else None
    pool = CardPool().merged(*(load_card_pool(f) for f in card_files)) if card_files else None
    return compile_corpus(corpus, pool)


def use_sources(cards: Sequence[str | Path] = (), corpus: Sequence[str | Path] = ()) -> CompiledSuite:
    """Check ``cards`` and ``corpus`` (compile them once) and name them in the environment for
    the run's processes. Raises :class:`SourceError` with one line on a bad file."""
    for path in cards:
        if not Path(path).is_file():
            raise SourceError(f"--cards {path}: no such file")
    for path in corpus:
        if not Path(path).is_dir():
            raise SourceError(f"--corpus {path}: not a directory")
    if cards:
        os.environ[CARDS_ENV] = os.pathsep.join(str(Path(p).resolve()) for p in cards)
    if corpus:
        os.environ[CORPUS_ENV] = os.pathsep.join(str(Path(p).resolve()) for p in corpus)
    try:
        return compile_sources()
    except (CardPoolError, CorpusError, CompileError) as exc:
        raise SourceError(str(exc)) from None
