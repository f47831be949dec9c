"""Whether a permanent was tapped for mana, read from the sentence's parts wherever it puts them, when
no frame of :mod:`rulings.mana_tapping` reads it whole (issue 24, twelfth round).

The frames read the orders somebody wrote down ("tapping it to crew a Vehicle isn't tapping it for
mana"). Rulings of other cards say the same parts in other orders: the card's trigger first and the
way last ("~'s ability won't trigger when an opponent taps a creature to attack"), two ways joined
by "or" with a verb each ("if a Forest becomes tapped because of a spell, or is tapped to pay the
cost of an ability that isn't a mana ability, it wasn't tapped for mana"), the verdict before the
way ("~ isn't tapped for mana when it becomes tapped because it attacks"), an ability of the card
named by its place ("activating ~'s second ability doesn't count as tapping it for mana").

This reader takes the sentence apart from left to right into parts, each from the frames' own
sub-grammars: a **way** it became tapped (with whether that is tapping for mana, 106.12), a
**verdict** ("is / isn't tapped for mana", "counts as tapping it for mana", "doesn't count"), a
**consequence** for the card ("its ability doesn't trigger", "you won't gain life"), and words that
claim nothing between them (the permanent that is tapped, "if", "when", "so", "and", "or"). Any
other word leaves the sentence unread. The sentence states the rule only if every way it names has
the same answer and every verdict and consequence says that answer: "tapping it to crew a Vehicle
is tapping it for mana" computes a false claim and stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from protocol.model import CardData
from rulings.mana_tapping import (
    EVEN_WITH_MANA,
    EXPLAINS,
    GERUNDS,
    OBJECT,
    STATE,
    SUBJECT,
    TRIGGERS_ON_MANA,
    WAYS,
    plain_marks,
    read_mana_tapping,
)
from rulings.reader_text import prepared

#: Who taps it: "you tap a creature", "an opponent taps a permanent" (the way follows).
_TAPPER = r"(?:you|an opponent|a player|its controller|that player|their controller|they)"
#: An effect that taps it: that is tapping it by an effect, not for mana.
_EFFECT_TAPS = (
    r"(?:a spell or ability|a spell|an ability|an effect|another effect|~|~'s (?:[a-z]+ )?ability) taps "
    rf"{SUBJECT}(?:, such as a spell that (?:instructs|tells) a player to tap target (?:land|creature|permanent),?)?"
)
#: An ability of the card named by its place ("~'s second ability", "its last ability"): judged by the card.
_PLACED = r"activating (?:~'s|its) (?P<place>first|second|third|fourth|last|other|[a-z]+) ability"
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}

#: Each kind of part and its sub-grammar; each way part's answer is named by its group.
_PART_FORMS: tuple[tuple[str, str], ...] = (
    ("way", "|".join(f"(?P<w_{name.replace('-', '_')}>{form})" for name, form, _ in WAYS)),
    (
        "way",
        "|".join(f"(?P<g_{name.replace('-', '_')}>{form})" for name, form, _ in GERUNDS)
        + rf"|(?P<g_have_attack>having {OBJECT} attack)|(?P<g_placed>{_PLACED})",
    ),
    ("way", rf"(?P<by_effect>{_EFFECT_TAPS})"),
    # the permanent tapped, with no way of its own (one follows)
    (
        "tapped",
        rf"{SUBJECT} (?:(?:that|which) )?(?:is|are|was|were|becomes|become|gets|get) tapped|{_TAPPER} taps? {SUBJECT}",
    ),
    (
        "tapped",
        r"(?:is|are|was|were|becomes|become|gets|get) tapped|taps? (?:a|an) (?:creature|land|artifact|permanent)"
        # "crewing a Vehicle with it taps it, but ...", "attacking causes it to become tapped"
        rf"|(?:taps|tap|tapped) {SUBJECT}|(?:causes|cause) {SUBJECT} to become tapped",
    ),
    (
        "verdict",
        r"(?:is|are|was|were|counts? as|has been|have been)(?P<neg_a> not)? (?:being )?tapped for mana(?: either)?"
        # sixteenth round: "has not been tapped for mana"
        r"|(?:has|have)(?P<neg_e> not) been tapped for mana"
        rf"|(?:is|are|was|were)(?P<neg_b> not)? (?:the same as )?tapping {OBJECT} for mana"
        rf"|(?P<neg_c>does not |do not )?counts? as tapping {OBJECT} for mana|(?P<neg_d>does not|do not) count",
    ),
    (
        "consequence",
        r"(?:~'s|its|the|that|this) (?:triggered |last |first |second |mana )?ability (?P<neg_t>will not|does not|do not) "
        r"(?:trigger|apply)"
        r"|(?:you|~|it|its controller|that player|their controller) (?P<neg_r>will not|does not|do not) (?:gain|add|get|draw"
        r"|create|deal|lose|put) [a-z0-9+/{}]+(?: (?!(?:and|but|or|unless|if|when|during|only)\b)[a-z0-9+/{}]+){0,6}(?=,|$)"
        r"|abilities that trigger whenever (?:a|an|that|the) [a-z ]+ is tapped for mana (?P<neg_w>will not|do not) trigger"
        # sixteenth round: "no charge counter is put on ~"
        r"|(?P<neg_n>no) (?:[a-z+/0-9]+ )?counters? (?:is|are|will be) put on ~"
        r"|(?P<neg_c2>will not|does not|do not) cause (?:~'s (?:[a-z]+ )?ability|(?:its|the|that) (?:triggered |last |first )?"
        r"ability|it) to trigger",
    ),
    ("inert", EVEN_WITH_MANA.removesuffix("?")),
    # sixteenth round: an example of the effect that taps it ("..., such as one that taps all lands a player controls,")
    ("inert", r",? such as (?:one|a spell|an ability|an effect|a spell or ability) that [a-z ]+?(?=,)"),
    ("inert", r"(?:,? )?even though \{t\} is (?:part of|in) (?:its|that|the) (?:activation )?cost"),
    ("inert", rf"{SUBJECT}|it|they|that is"),
)
_PARTS = tuple((kind, re.compile(rf"(?:{form})(?=[ ,]|$)")) for kind, form in _PART_FORMS if form)
#: Words between the parts that claim nothing.
_INERT = frozenset({"if", "when", "whenever", "so", "and", "or", "then", ",", "but"})


def _abilities(card: CardData) -> tuple[str, ...]:
    """The card's abilities, one per oracle paragraph, lower case."""
    return tuple(line.strip() for line in card.text.lower().splitlines() if line.strip())


def _placed_for_mana(place: str, abilities: tuple[str, ...]) -> bool | None:
    """Whether the card's ability at ``place`` is a mana ability with {T} in its cost (None: no such
    ability, or no card)."""
    if place not in _ORDINALS:
        # an ability named by what it does ("its loot ability", "~'s damage ability"): one that adds no mana,
        # as the frames read "to activate its damage ability"
        return None if place in ("mana", "other") else False
    at = _ORDINALS[place]
    if not abilities or (at >= 0 and at >= len(abilities)):
        return None
    ability = abilities[at]
    cost, colon, effect = ability.partition(":")
    if not colon:
        return None
    return "{t}" in cost and bool(re.match(r"\s*add\b", effect))


def _answer(groups: dict[str, str | None], abilities: tuple[str, ...]) -> bool | None:
    """Whether the way a part names is tapping for mana (None: not judged)."""
    if groups.get("by_effect") is not None or groups.get("g_have_attack") is not None:
        return False
    if groups.get("g_placed") is not None:
        return _placed_for_mana(groups.get("place") or "", abilities)
    for name, _, for_mana in GERUNDS:
        if groups.get(f"g_{name.replace('-', '_')}") is not None:
            if name == "tap-way":
                break  # "tapping it <way>": the way's own answer
            return for_mana
    for name, _, for_mana in WAYS:
        if groups.get(f"w_{name.replace('-', '_')}") is not None:
            return for_mana
    return None


def _parts(text: str) -> list[tuple[str, re.Match[str]]] | None:
    """The parts of ``text``, left to right; None if a word between them claims something."""
    out: list[tuple[str, re.Match[str]]] = []
    at = 0
    while at < len(text):
        if text[at] == " ":
            at += 1
            continue
        best: tuple[str, re.Match[str]] | None = None
        for kind, pattern in _PARTS:
            found = pattern.match(text, at)
            if found is not None and found.end() > at and (best is None or found.end() > best[1].end()):
                best = (kind, found)
        if best is not None:
            out.append(best)
            at = best[1].end()
            continue
        word = re.match(r",|[^\s,]+", text[at:])
        assert word is not None
        if word.group(0) not in _INERT:
            return None
        at += len(word.group(0))
    return out


@lru_cache(maxsize=4096)
def compose_mana(text: str, abilities: tuple[str, ...] = (), triggers: bool = False) -> bool:
    """Whether ``text`` (prepared) states the rule by its parts: one answer for every way it names,
    said by every verdict and consequence. ``abilities``: the card's, for an ability named by its
    place; ``triggers``: the card triggers on a permanent tapped for mana, so its trigger not
    happening says the way is not tapping for mana."""
    parts = _parts(text)
    if not parts:
        return False
    answers: set[bool | None] = set()
    said: set[bool] = set()
    for kind, found in parts:
        groups = found.groupdict()
        if kind == "way":
            answers.add(_answer(groups, abilities))
        elif kind == "verdict":
            said.add(not any(groups.get(g) for g in ("neg_a", "neg_b", "neg_c", "neg_d", "neg_e")))
        elif kind == "consequence":
            if not triggers:
                return False  # the card's result named, for a card that has no trigger on tapping for mana
            said.add(False)
    if len(answers) != 1 or None in answers or len(said) != 1:
        return False
    return answers == said


@lru_cache(maxsize=4096)
def explains(text: str, triggers: bool = False) -> bool:
    """Whether ``text`` (prepared) says only what follows from a way named beside it: the card's trigger
    not happening (for a card that triggers on tapping for mana), or "it isn't tapped for mana" of the
    permanent just named. An explanation, read only next to a statement; never a positive verdict."""
    parts = _parts(text)
    if not parts:
        return False
    kinds = [kind for kind, _ in parts if kind != "inert"]
    if kinds and set(kinds) == {"consequence"}:
        return triggers
    verdicts = [found for kind, found in parts if kind == "verdict"]
    return kinds == ["verdict"] and any(verdicts[0].group(g) for g in ("neg_a", "neg_b", "neg_c", "neg_d", "neg_e"))


def read_mana(texts: Iterable[str], cards: Iterable[CardData] = ()) -> str | None:
    """:func:`rulings.mana_tapping.read_mana_tapping`, or else the rule stated by the sentence's parts
    (:func:`compose_mana`)."""
    texts, cards = tuple(texts), tuple(cards)
    found = read_mana_tapping(texts, cards)
    if found == STATE:
        return found
    triggers = any(TRIGGERS_ON_MANA.search(card.text.lower()) for card in cards)
    abilities = _abilities(cards[0]) if len(cards) == 1 else ()
    prepared_texts = [prepared(plain_marks(text)) for text in texts]
    if any(compose_mana(text, abilities, triggers) for text in prepared_texts):
        return STATE
    if found is None and any(explains(text, triggers) for text in prepared_texts):
        return EXPLAINS
    return found
