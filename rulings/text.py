"""Ruling text as templates read it: normalized, lower-cased, split into sentences.

Official rulings say the same rule in many ways. The differences that carry no meaning are
removed here, once, so that a template is written against one form:

- typography (curly quotes, no-break spaces: :func:`rulings.corpus.normalize`);
- the card's own name, and its short name before a comma ("Yuriko" for "Yuriko, the Tiger's
  Shadow"), become ``~``;
- the list of attack targets, old ("player or planeswalker") and new ("player, planeswalker, or
  battle"), becomes ``player, planeswalker, or battle``;
- numbers written as words ("the top four cards") become digits ("one" excepted);
- "its controller's hand" style variations are left to the templates' macros (``{you}``).

What remains is split into sentences: a sentence ends at ``.``, ``!`` or ``?`` followed by a space,
outside parentheses and quotation marks. A period that closes a quotation ("means "Tap this
permanent." A permanent ...") ends the sentence after the closing quote.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulings.corpus import normalize

#: Number words rulings use for counts ("the top four cards", "two or more").
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
#: "one" is left alone: it is as often a pronoun ("one of them") as a number.
_NUMBER = re.compile(r"\b(" + "|".join(w for w in NUMBER_WORDS if w != "one") + r")\b")
_ATTACK_TARGETS = re.compile(r"\bplayer(?:, planeswalker,)? or (?:planeswalker|battle)\b")
#: A one-word given name before " of " ("Daxos of Meletis"): at least four letters, capitalized.
_GIVEN_NAME = re.compile(r"([A-Z][a-z]{3,}) of [A-Z]")
_OPEN, _CLOSE = "(", ")"
#: The characters :func:`sentences` acts on (every other one is part of a sentence).
_MARKS = re.compile(r'[()".!?]')


def card_names(name: str) -> tuple[str, ...]:
    """How a ruling may name its card: the full name, the front face of a double-faced or split
    card ("Curious Pair" for "Curious Pair // Treats to Share"), the short name before a comma
    ("Yuriko" for "Yuriko, the Tiger's Shadow"), and a one-word given name before " of "
    ("Daxos" for "Daxos of Meletis": Gatherer shortens a character's name that way). The names
    are matched case-sensitively (before lower-casing), so a capitalized given name is the card,
    the common word is not. Longest first."""
    names = [name]
    for full in (name, name.split(" // ", 1)[0]):
        names.append(full)
        if ", " in full:
            names.append(full.split(", ", 1)[0])
        given = _GIVEN_NAME.match(full)
        if given:
            names.append(given.group(1))
    return tuple(sorted({n for n in names if len(n) >= 3}, key=len, reverse=True))


def template_form(text: str, cards: Iterable[str] = ()) -> str:
    """``text`` normalized for templates: typography, card names -> ``~``, attack-target lists,
    numbers as digits, lower case."""
    out = normalize(text)
    for card in cards:
        for name in card_names(card):
            out = re.sub(r"(?<![\w'])" + re.escape(name) + r"(?!\w)", "~", out)
    out = out.lower()
    out = _ATTACK_TARGETS.sub("player, planeswalker, or battle", out)
    out = _NUMBER.sub(lambda m: str(NUMBER_WORDS[m.group(1)]), out)
    # fourteenth round: "for instance," opens an example as "for example," does
    return _FOR_INSTANCE.sub(r"\1for example,", out)


#: "For instance," at the start of a sentence.
_FOR_INSTANCE = re.compile(r"(^|(?<=[.!?] ))for instance,")


def sentences(text: str) -> list[str]:
    """The sentences of already normalized ``text`` (see the module docstring)."""
    out: list[str] = []
    depth = 0
    quoted = False
    start = 0
    n = len(text)
    # Only the marks below change anything: the scan jumps from one to the next (a corpus is
    # split into sentences in every worker at start-up; a loop over every character cost 0.3 s).
    for mark in _MARKS.finditer(text):
        i = mark.start()
        ch = text[i]
        if ch == _OPEN:
            depth += 1
        elif ch == _CLOSE and depth:
            depth -= 1
            if depth == 0 and text[i - 1] in ".!?" and (i + 1 == n or text[i + 1] == " "):
                out.append(text[start : i + 1].strip())  # a parenthesized sentence of its own
                start = i + 1
        elif ch == '"':
            quoted = not quoted
            if not quoted and depth == 0 and i > 0 and text[i - 1] in ".!?" and (i + 1 == n or text[i + 1] == " "):
                out.append(text[start : i + 1].strip())
                start = i + 1
        elif ch in ".!?" and depth == 0 and not quoted and (i + 1 == n or text[i + 1] == " "):
            out.append(text[start : i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]
