"""A ruling of a removal card says the blocker goes through the card: "if you cast ~ targeting the only
creature blocking it, the attacking creature remains blocked", "gaining control of a blocking creature
with ~ removes it from combat". What the card does to its target (destroys it, exiles it, returns it
to its owner's hand, removes it from combat, or gains control of it, which removes it from combat:
506.4) is in its oracle text, not in the sentence. This module writes the sentence again with the
card's effect said as the effect it is ("~ destroys the only creature blocking it"), the words the
combat facts read a blocker gone by (:mod:`rulings.combat_facts`, ``_EFFECT_GONE``), for a card whose
oracle text does that to a target creature; for any other card the sentence stays as it is (issue 24,
twelfth round).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache, partial

from protocol.model import CardData

#: What a card does to its target creature, by its oracle text (lower case), and the verb saying so.
_EFFECTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bdestroy target (?:[a-z]+ )*?creature"), "destroys"),
    (re.compile(r"\bexile target (?:[a-z]+ )*?creature"), "exiles"),
    (re.compile(r"\breturn target (?:[a-z]+ )*?creature[^.]*? to (?:its|their) owner's hand"), "returns"),
    (re.compile(r"\bremove target (?:[a-z]+ )*?creature from combat"), "removes"),
    (re.compile(r"\bgain control of target (?:[a-z]+ )*?creature"), "removes"),
)
#: The card's use aimed at a creature: "you cast ~ targeting", "casting ~ on", "you activate ~'s ability
#: targeting", "~'s ability targets".
_AIMED = re.compile(
    r"\b(?:(?:you )?(?P<verb>cast|casting|activate|activating) ~(?:'s (?:[a-z]+ )?ability)? (?:on|targeting)"
    r"|~(?:'s (?:[a-z]+ )?ability)? targets)"
    r" (?P<np>[a-z~' -]+?)(?=,| (?:does|do|did|will|would|won't|doesn't|is|isn't|remains|stays|makes|causes|means)\b|$)"
)
#: Gaining control of it with the card: "gaining control of a blocking creature with ~", "if you gain control
#: of the only creature blocking it with ~".
_CONTROL = re.compile(
    r"\b(?:you )?(?P<verb>gain|gaining|gained) control of (?P<np>[a-z~' -]+?) (?:with|using) ~(?:'s (?:[a-z]+ )?ability)?"
    # "gaining control of it with ~ removes it from combat, but ...": the removal said again, the clause an "if"
    r"(?P<again> (?:removes|will remove) (?:it|that creature|the creature) from combat(?=,))?"
    r"(?=,| |$)"
)
#: Twentieth round: the card's target named by a relative clause and said to be the blocker ("if the creature you gain
#: control of with ~ was the only creature blocking an attacking creature", "if the creature targeted by ~ is the only
#: creature blocking it"): the card does to that blocker what it does to its target.
_TARGET_WAS = re.compile(
    r"\b(?:the|a) creature (?:that )?(?:(?:you )?(?:gain|gained) control of (?:with|using) ~|(?:you )?targeted with ~"
    r"|targeted by ~|~ targeted|~ targets)(?:'s (?:[a-z]+ )?ability)? (?:was|is) "
    r"(?P<np>the only creature blocking [a-z~' -]+?)(?=,|$)"
)
#: ... or named by what was done to it ("if the creature removed from combat by ~ was the only creature blocking ...",
#: "if the creature destroyed by ~'s ability is the only creature blocking it"), whatever the card's oracle says.
_GONE_WAS = re.compile(
    r"\b(?:the|a) creature (?:that was |that is )?(?P<how>removed from combat|destroyed|exiled|returned to its owner's hand)"
    r" (?:by|with|because of) ~(?:'s (?:[a-z]+ )?ability)? (?:was|is) (?P<np>the only creature blocking [a-z~' -]+?)(?=,|$)"
)
#: Twentieth round: the card cast to do it ("if you cast ~ during combat to return the only creature blocking one of your
#: attackers"): the card does it.
_CAST_TO = re.compile(
    r"\bif you cast ~(?: during combat| after blockers (?:are|have been) declared)? to (?P<verb>destroy|exile|return|bounce)"
    r" (?P<np>the only creature blocking [a-z~' -]+?|(?:each|every|all) (?:of the )?creatures? blocking [a-z~' -]+?)"
    r"(?: to (?:its|their) owners?'s? hands?)?(?=,)"
)
_CAST_SAID = {"destroy": "destroys", "exile": "exiles", "return": "returns", "bounce": "returns"}
_GONE_SAID = {
    "removed from combat": "~ removes {np} from combat",
    "destroyed": "~ destroys {np}",
    "exiled": "~ exiles {np}",
    "returned to its owner's hand": "~ returns {np} to its owner's hand",
}
#: The use said as a gerund subject ("casting ~ on a blocking creature doesn't ..."), as the combat facts
#: read the removal said so.
_GERUNDS = {
    "destroys": "destroying {np} with ~",
    "exiles": "exiling {np} with ~",
    "removes": "removing {np} from combat",
}


def _effect(card: CardData) -> str | None:
    """The verb of what the card does to its target creature, if it does one of those things."""
    text = card.text.lower()
    return next((verb for pattern, verb in _EFFECTS if pattern.search(text)), None)


def _said(verb: str, found: re.Match[str]) -> str:
    np = found.group("np")
    if "again" in found.groupdict() and found.group("again"):
        return f"if ~ removes {np} from combat"
    if found.group("verb") and found.group("verb").endswith("ing") and verb in _GERUNDS:
        return _GERUNDS[verb].format(np=np)
    return f"~ removes {np} from combat" if verb == "removes" else f"~ {verb} {np}"


def _target_said(verb: str, found: re.Match[str]) -> str:
    """The card's target, said to be the blocker, written as what the card does to it."""
    np = found.group("np")
    return f"~ removes {np} from combat" if verb == "removes" else f"~ {verb} {np}"


@lru_cache(maxsize=4096)
def _readings(sentence: str, cards: tuple[CardData, ...]) -> tuple[str, ...]:
    out: list[str] = []
    named = _GONE_WAS.sub(lambda found: _GONE_SAID[found.group("how")].format(np=found.group("np")), sentence)
    named = _CAST_TO.sub(lambda found: f"if ~ {_CAST_SAID[found.group('verb')]} {found.group('np')}", named)
    if named != sentence:
        out.append(named)
    for card in cards:
        verb = _effect(card)
        if verb is None:
            continue
        said = partial(_said, verb)
        text = _AIMED.sub(said, sentence)
        if verb == "removes" and "gain control" in card.text.lower():
            text = _CONTROL.sub(said, text)
        text = _TARGET_WAS.sub(partial(_target_said, verb), text)
        if text != sentence:
            out.append(text)
    return tuple(dict.fromkeys(out))


def removal_readings(sentence: str, cards: Iterable[CardData]) -> tuple[str, ...]:
    """``sentence`` (template form) with the card's use on a creature written as what it does to it;
    none when the sentence names no such use or no card removes its target."""
    return _readings(sentence, tuple(cards))
