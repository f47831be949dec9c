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
    r"(?:because )?(?:a spell or ability|a spell|an ability|an effect|another effect|~|~'s (?:[a-z]+ )?ability"
    # nineteenth round: another player's spell, in the past ("because an opponent's spell tapped it")
    r"|(?:an opponent's|another player's|a player's) (?:spell|ability|effect)) (?:taps|tapped) "
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
        rf"|(?P<neg_c>does not |do not )?counts? as tapping {OBJECT} for mana|(?P<neg_d>does not|do not) count"
        # eighteenth round: "activating it doesn't tap it for mana"
        rf"|(?P<neg_f>does not|do not|will not) tap {OBJECT} for mana",
    ),
    # eighteenth round: an ability of the card said not to be a mana ability (605.1a), by its place or as the reason
    (
        "not-mana",
        r"(?:~'s|its) (?P<np_place>first|second|third|fourth|last) (?:activated )?ability (?:is not a mana ability"
        r"(?:,? (?:because|since|as) it has a target)?|has a target,? so it is not a mana ability)"
        r"|(?:(?:,? )?(?:because|since|as) )?(?:that|the|this) ability (?:has a target(?: and is not a mana ability)?"
        r"|is not a mana ability|does not have \{t\} in its cost)"
        # ... what only an ability that is not a mana ability does (605.3b): it uses the stack
        r"|(?:it|that ability) uses the stack(?: and can be responded to)?"
        rf"|if {SUBJECT} has an? (?:activated )?ability with \{{t\}} in its cost (?:that has|with) a target",
    ),
    # ... and that ability activated ("activating it", "tapping ~ to activate it"): judged by the part above
    ("way-ref", rf"activating (?:it|that ability)|tapping {OBJECT} to activate (?:it|that ability)"),
    (
        "consequence",
        r"(?:(?:~'s|its|the|that|this) (?:triggered |last |first |second |mana )?ability"
        # nineteenth round: the ability the sentence before named, by pronoun ("it won't trigger if ...")
        r"|it(?= will not trigger| does not trigger)) (?P<neg_t>will not|does not|do not) (?:trigger|apply)"
        r"|(?:you|~|it|its controller|that player|their controller) (?P<neg_r>will not|does not|do not) (?:gain|add|get|draw"
        r"|create|deal|lose|put) [a-z0-9+/{}]+(?: (?!(?:and|but|or|unless|if|when|during|only)\b)[a-z0-9+/{}]+){0,6}(?=,|$)"
        r"|(?P<general>abilities that trigger whenever (?:a|an|that|the) [a-z ]+ is tapped for mana (?P<neg_w>will not|do not) trigger"
        # eighteenth round: "it won't cause abilities that trigger whenever a land is tapped for mana to trigger"
        r"|(?:it |that )?(?:will not|does not) cause abilities that trigger whenever (?:a|an|that|the) [a-z ]+ is tapped for mana"
        r" to trigger)"
        # sixteenth round: "no charge counter is put on ~"
        r"|(?P<neg_n>no) (?:[a-z+/0-9]+ )?counters? (?:is|are|will be) put on ~"
        # nineteenth round: "no additional mana is added" (the card's extra mana)
        r"|(?P<neg_m>no) (?:additional |extra )?mana (?:is|will be) (?:added|produced)"
        r"|(?P<neg_c2>will not|does not|do not) cause (?:~'s (?:[a-z]+ )?ability|(?:its|the|that) (?:triggered |last |first )?"
        r"ability|it) to trigger"
        # eighteenth round: the card's trigger said to happen ("~'s ability triggers and adds {G}")
        r"|(?:~'s|its|the) (?:triggered |last |first |second )?ability (?P<pos_t>triggers)(?: and adds? (?:\{[a-z0-9]\})+)?",
    ),
    ("inert", EVEN_WITH_MANA.removesuffix("?")),
    # sixteenth round: an example of the effect that taps it ("..., such as one that taps all lands a player controls,")
    ("inert", r",? such as (?:one|a spell|an ability|an effect|a spell or ability) that [a-z ]+?(?=,|$)"),
    ("inert", r"(?:,? )?even though \{t\} is (?:part of|in) (?:its|that|the) (?:activation )?cost"),
    # nineteenth round: the other reason named, one that is no tapping for mana ("..., such as to pay the cost of an
    # ability that is not a mana ability, ...")
    (
        "inert",
        r",? such as (?:to pay|paying|for) the (?:activation )?cost of (?:an|a) (?:activated )?ability that is not a mana ability",
    ),
    # nineteenth round: the tapping granted in passing ("..., even though it becomes tapped, ..."): tapped all the same, the
    # verdict is what counts
    ("inert", r"(?:,? )?even though (?:it|~|the permanent) (?:becomes|is|gets) tapped"),
    # (eighteenth round: "that isn't tapping it for mana": "that" before the verdict's own "is")
    ("inert", rf"{SUBJECT}|it|they|that is(?! not)|that(?= is not)"),
)
_PARTS = tuple((kind, re.compile(rf"(?:{form})(?=[ ,]|$)")) for kind, form in _PART_FORMS if form)
#: Words between the parts that claim nothing.
_INERT = frozenset({"if", "when", "whenever", "so", "and", "or", "then", ",", "but"})


def _abilities(card: CardData) -> tuple[str, ...]:
    """The card's abilities, one per oracle paragraph, lower case."""
    return tuple(line.strip() for line in card.text.lower().splitlines() if line.strip())


def _ability_at(place: str, abilities: tuple[str, ...]) -> tuple[str, str] | None:
    """(cost, effect) of the card's activated ability at ``place`` ("first", ..., "last"), or None: no such place, no such
    ability, or one with no colon cost."""
    if place not in _ORDINALS or not abilities:
        return None
    at = _ORDINALS[place]
    if at >= len(abilities):
        return None
    cost, colon, effect = abilities[at].partition(":")
    return (cost, effect) if colon else None


def _placed_for_mana(place: str, abilities: tuple[str, ...]) -> bool | None:
    """Whether the card's ability at ``place`` is a mana ability with {T} in its cost (None: no such
    ability, or no card)."""
    if place not in _ORDINALS:
        # an ability named by what it does ("its loot ability", "~'s damage ability"): one that adds no mana,
        # as the frames read "to activate its damage ability"
        return None if place in ("mana", "other") else False
    found = _ability_at(place, abilities)
    if found is None:
        return None
    cost, effect = found
    return "{t}" in cost and _is_mana_ability(effect)


def _not_mana(found: re.Match[str], abilities: tuple[str, ...]) -> bool:
    """Whether the card bears out an ability said not to be a mana ability: the one at the place named adds no mana
    (and has a target, if the sentence says so); one named by "that ability" is the way's own, judged there."""
    place = found.groupdict().get("np_place")
    if place is None:
        return True
    ability = _ability_at(place, abilities)
    if ability is None or _is_mana_ability(ability[1]):
        return False
    return "target" not in found.group(0) or "target" in ability[1]


def _is_mana_ability(effect: str) -> bool:
    """Whether an activated ability's effect (lower case) makes it a mana ability: it adds mana and has no target
    (605.1a; a loyalty ability is never one, and has no colon cost here)."""
    return bool(re.match(r"\s*add\b", effect)) and "target" not in effect


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
    not_mana = [_not_mana(found, abilities) for kind, found in parts if kind == "not-mana"]
    for kind, found in parts:
        groups = found.groupdict()
        if kind == "way":
            answers.add(_answer(groups, abilities))
        elif kind in ("not-mana", "way-ref"):
            # an ability said not to be a mana ability, and that ability activated: not tapping for mana, if the card
            # bears the claim out
            answers.add(False if not_mana and all(not_mana) else None)
        elif kind == "verdict":
            said.add(not any(groups.get(g) for g in ("neg_a", "neg_b", "neg_c", "neg_d", "neg_e", "neg_f")))
        elif kind == "consequence":
            if not triggers and groups.get("general") is None:
                return False  # the card's result named, for a card that has no trigger on tapping for mana
            said.add(groups.get("pos_t") is not None)
    if len(answers) != 1 or None in answers or len(said) != 1:
        return False
    return answers == said


@lru_cache(maxsize=4096)
def explains(text: str, triggers: bool = False, abilities: tuple[str, ...] = ()) -> bool:
    """Whether ``text`` (prepared) says only what follows from a way named beside it: the card's trigger
    not happening (for a card that triggers on tapping for mana), or "it isn't tapped for mana" of the
    permanent just named. An explanation, read only next to a statement; never a positive verdict."""
    parts = _parts(text)
    if not parts:
        return False
    kinds = [kind for kind, _ in parts if kind != "inert"]
    if kinds and set(kinds) == {"not-mana"}:
        # eighteenth round: why an ability is not a mana ability, by its place, borne out by the card
        return all(found.group("np_place") for _, found in parts if _ == "not-mana") and all(
            _not_mana(found, abilities) for kind, found in parts if kind == "not-mana"
        )
    if kinds and set(kinds) == {"consequence"}:
        # (eighteenth round: only the trigger not happening; one said to happen is a claim of its own)
        said = [found for kind, found in parts if kind == "consequence"]
        return not any(found.group("pos_t") for found in said) and (
            triggers or all(found.group("general") for found in said)
        )
    verdicts = [found for kind, found in parts if kind == "verdict"]
    return kinds == ["verdict"] and any(
        verdicts[0].group(g) for g in ("neg_a", "neg_b", "neg_c", "neg_d", "neg_e", "neg_f")
    )


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
    if found is None and any(explains(text, triggers, abilities) for text in prepared_texts):
        return EXPLAINS
    return found
