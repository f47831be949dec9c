"""What the fact readers (:mod:`rulings.fact_readers`) share: a sentence in the one form their
grammars read, and the choice among the readings of a sentence."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from rulings.meaning import spell_out_contractions
from rulings.normal_forms import uninverted


def prepared(sentence: str) -> str:
    """Lower case, straight apostrophes, contractions and negations spelled out, an inverted condition said with "if"
    (:func:`rulings.normal_forms.uninverted`), single spaces, no closing period: the form a reader's frames are written
    for."""
    text = uninverted(spell_out_contractions(sentence.strip().lower().replace("\u2019", "'")))
    return re.sub(r"\s+", " ", text.rstrip(".").strip())


def first_statement(texts: Iterable[str], read: Callable[[str], str | None], statements: Iterable[str]) -> str | None:
    """The first reading of a sentence (its forms ``texts``, each :func:`prepared`) that ``read``
    finds a statement in; else the first thing it found (an explanation), or None."""
    wanted = frozenset(statements)
    found: str | None = None
    for sentence in texts:
        state = read(prepared(sentence))
        if state in wanted:
            return state
        found = found or state
    return found
