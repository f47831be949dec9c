"""The card as the holder of a combat keyword: "~ can't be blocked except by two or more
creatures" states menace's rule (702.111b) when the card has menace.

A ruling often states a keyword's rule through its card: the card's name stands where the rule
says "a creature with <keyword>". The claim reader (:mod:`rulings.claims`) reads words, not cards,
so the card's name (``~`` in the template form) says nothing about the keyword it has. This module
gives the sentence again with the card named as what it is for the rule: ``~`` replaced by "a
creature with <keyword>" for each combat keyword the card **has** (its keyword list, or its oracle
text giving it to itself: "~ has flying", "~ gains first strike until end of turn", "as long as
..., ~ gets +1/+1 and has trample") or the creature an Aura or Equipment **gives** it to ("the
enchanted creature", "the equipped creature" when the oracle text says "Enchanted creature has
flying" / "Equipped creature gets +2/+2 and has trample").

Only a card that has the keyword is read this way: "~ can't be blocked except by two or more
creatures" for a card without menace (its own restriction, no keyword's rule) stays what it is.
The readings are extra: the sentence as written is read first, so nothing read before is lost.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache, partial

from protocol.model import CardData
from rulings.card_premises import premise_readings
from rulings.combat_forms import normal_readings, unreadable
from rulings.keyword_changes import change_readings
from rulings.oracle_grants import COMBAT_KEYWORDS, grants, plural
from rulings.removal_readings import removal_readings

_KEYWORD = re.compile(r"\b(" + "|".join(COMBAT_KEYWORDS) + r")\b")
#: A sentence of the oracle text in which the card gives itself keywords ("~ has flying", "~ gains
#: first strike", "~ gets +1/+0 and has trample", "~ can't block and has haste").
#: Nothing else may be named between the card and the verb ("whenever ~ attacks, target creature
#: gains flying" gives the target flying, not the card).
_SELF_GIVES = re.compile(
    r"~(?:(?!\b(?:creatures?|target|players?|each|another|you|opponents?)\b)[^.;])*?\b(?:has|have|gains?)\b([^.;]*)"
)
#: The same for the creature an Aura or Equipment is attached to.
_ATTACHED_GIVES = re.compile(
    r"\b(enchanted|equipped) creature\b(?:(?!\b(?:target|players?|each|another|you|opponents?)\b)[^.;])*?"
    r"\b(?:has|have|gains?)\b([^.;]*)"
)
#: The same for the creatures a lord gives it to ("Other Soldier creatures you control have
#: vigilance", "Creatures you control get +1/+1 and have trample").
_CONTROLLED_GIVE = re.compile(
    r"\bcreatures you control\b(?:(?!\b(?:target|players?|each|another|opponents?)\b)[^.;])*?\b(?:have|gain)\b([^.;]*)"
)
#: How a ruling names the creature an Aura, an Equipment or a lord gives a keyword to.
_HOLDER_NAMES = {
    "enchanted creature": r"\b(?:the |an? )?enchanted creature\b(?!'s)",
    "equipped creature": r"\b(?:the |an? )?equipped creature\b(?!'s)",
    "creature you control": r"\b(?:each |a |an |the )?(?:other )?(?:(attacking|blocking) )?creatures? you control\b(?!'s)",
    "target creature": r"\b(?:the )?(?:target|targeted|affected) creature\b(?!'s)",
}
#: The subject of a main clause after a conditional one: ", it ".
_MAIN_PRONOUN = re.compile(r", it ")
#: Where the card's name stands as a noun in a ruling's template form (not "~'s ability").
_CARD = re.compile(r"~(?!'s)")


def _oracle(card: CardData) -> str:
    """The oracle text in template form: lower case, the card's name (whole, its front face, the
    part before a comma) as ``~``."""
    text = card.text.lower()
    full = card.name.lower()
    names = {full, full.split(" // ")[0], full.split(", ")[0]}
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "~")
    return text.replace("this creature", "~")


def _keywords_in(text: str) -> set[str]:
    return {found.group(1) for found in _KEYWORD.finditer(text)}


@lru_cache(maxsize=4096)
def held_keywords(card: CardData) -> frozenset[str]:
    """The combat keywords ``card`` has or gives itself (keyword list and oracle text)."""
    held = {k.lower() for k in card.keywords} & set(COMBAT_KEYWORDS)
    oracle = _oracle(card)
    for line in oracle.splitlines():
        # A keyword line ("flying, vigilance", "first strike (reminder text)").
        bare = re.sub(r"\([^)]*\)", "", line).strip()
        if bare and all(part.strip() in COMBAT_KEYWORDS for part in bare.split(",")):
            held |= {part.strip() for part in bare.split(",")}
    for found in _SELF_GIVES.finditer(oracle):
        held |= _keywords_in(found.group(1))
    return frozenset(held)


@lru_cache(maxsize=4096)
def given_keywords(card: CardData) -> dict[str, frozenset[str]]:
    """ "enchanted creature" / "equipped creature" / "creature you control" -> the combat keywords
    the card gives it."""
    out: dict[str, set[str]] = {}
    oracle = _oracle(card)
    for found in _ATTACHED_GIVES.finditer(oracle):
        out.setdefault(f"{found.group(1)} creature", set()).update(_keywords_in(found.group(2)))
    for found in _CONTROLLED_GIVE.finditer(oracle):
        out.setdefault("creature you control", set()).update(_keywords_in(found.group(1)))
    # twenty-fourth round: the creature a spell or an ability targets ("target creature gains reach until end of turn")
    for grant in grants(card):
        if grant.holder == "target" and grant.verb == "gains" and "*" not in grant.keywords:
            out.setdefault("target creature", set()).update(k for k in grant.keywords if k in COMBAT_KEYWORDS)
    return {holder: frozenset(keywords) for holder, keywords in out.items() if keywords}


def _holders(keywords: frozenset[str]) -> list[str]:
    """ "a creature with <keyword>" for each keyword, and for each two of them ("a creature with
    deathtouch and trample": 702.2c speaks of both)."""
    ordered = sorted(keywords)
    names = [f"a creature with {k}" for k in ordered]
    names += [f"a creature with {a} and {b}" for i, a in enumerate(ordered) for b in ordered[i + 1 :]]
    return names


def _as_holder(name: str, found: re.Match[str]) -> str:
    """``name`` for the creature a pattern of :data:`_HOLDER_NAMES` found, its adjective kept ("an
    attacking creature you control" -> "an attacking creature with vigilance")."""
    adjective = found.group(1) if found.lastindex else None
    return name.replace("a creature", f"an {adjective} creature", 1) if adjective else name


def _named(sentence: str, name: str) -> list[str]:
    """``sentence`` with the card named ``name`` everywhere, and with ``name`` where it is named
    first or last and "it" elsewhere ("if all creatures blocking ~ are removed from combat, ~
    assigns ...": the second mention is the holder, the first a pronoun's place)."""
    places = list(_CARD.finditer(sentence))
    out = [_CARD.sub(name, sentence)]
    # The card named in a condition and the main clause's subject a pronoun ("if all creatures
    # blocking ~ are destroyed, it assigns ..."): the pronoun is the holder.
    main = _MAIN_PRONOUN.search(sentence, places[-1].end()) if places else None
    if main is not None:
        promoted = sentence[: main.start()] + f", {name} " + sentence[main.end() :]
        out.append(_CARD.sub("it", promoted))
    if len(places) > 1:
        for keep in (places[0], places[-1]):
            parts, last = [], 0
            for found in places:
                parts += [sentence[last : found.start()], name if found is keep else "it"]
                last = found.end()
            out.append("".join(parts) + sentence[last:])
    return out


#: Fifteenth round: the card's damage said with a possessive ("~'s damage"): the damage ~ deals, so the card can be
#: named as the holder of its keywords ("damage dealt by a creature with lifelink").
_CARDS_DAMAGE = re.compile(r"~'s ((?:combat )?damage)\b")


@lru_cache(maxsize=4096)
def _readings(sentence: str, cards: tuple[CardData, ...]) -> tuple[str, ...]:
    if _CARDS_DAMAGE.search(sentence):
        dealt = _CARDS_DAMAGE.sub(r"\1 dealt by ~", sentence)
        return tuple(dict.fromkeys((*_readings(dealt, cards), *_own_readings(sentence, cards))))
    return _own_readings(sentence, cards)


#: How a ruling names the creatures of a lord's type ("other elves you control", "your other elves", "elves you
#: control").
_TYPE_NAMES = r"\b(?:your |the )?(?:other )?{plural} you control\b|\byour (?:other )?{plural}\b"


def _type_lord_readings(sentence: str, card: CardData) -> list[str]:
    """Fifteenth round: ``sentence`` with the creatures of the type a lord gives keywords to (its grants,
    :mod:`rulings.oracle_grants`) named as their holder ("elves you control can block creatures with flying" ->
    "creatures with reach can block ..."), the lord's presence said as the grant's condition left out."""
    out: list[str] = []
    for grant in grants(card):
        if grant.holder != "yours" or grant.verb == "loses" or grant.noun in ("", "creature") or "*" in grant.keywords:
            continue
        names = re.compile(_TYPE_NAMES.format(plural=re.escape(plural(grant.noun))))
        if names.search(sentence):
            text = re.sub(r",? (?:while|as long as) you (?:still )?control ~(?=\.?$)", "", sentence)
            out += [names.sub(f"creatures with {k}", text) for k in grant.keywords]
    return out


def _own_readings(sentence: str, cards: tuple[CardData, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for card in cards:
        out += _type_lord_readings(sentence, card)
        if _CARD.search(sentence):
            out.extend(reading for name in _holders(held_keywords(card)) for reading in _named(sentence, name))
        for holder, keywords in sorted(given_keywords(card).items()):
            pattern = re.compile(_HOLDER_NAMES[holder])
            if pattern.search(sentence):
                for name in _holders(keywords):
                    out.append(pattern.sub(partial(_as_holder, name), sentence))
    return tuple(dict.fromkeys(r for r in out if r != sentence))


def holder_readings(sentence: str, cards: Iterable[CardData]) -> tuple[str, ...]:
    """``sentence`` (template form) with the card, or the creature it enchants or equips, named as
    "a creature with <keyword>", once for each combat keyword the card holds or gives (and each
    two of them); none when the sentence names neither or the card holds no combat keyword."""
    return _readings(sentence, tuple(cards))


def normal_holder_readings(sentence: str, cards: Iterable[CardData]) -> tuple[str, ...]:
    """The sentence with its card's effect written as the keyword change it makes
    (:mod:`rulings.keyword_changes`), in the combat normal form (:mod:`rulings.combat_forms`: its
    noun phrases, tenses, moments and negation forms written one way), and each with the card named
    as the holder of its keywords: further readings, after the sentence's own and its holder
    readings."""
    cards = tuple(cards)
    out: list[str] = []
    if unreadable(sentence):
        return ()
    # twenty-first round: and without a premise that only restates the card's effect (rulings.card_premises)
    for bare in premise_readings(sentence, cards):
        out.append(bare)
        out.extend(holder_readings(bare, cards))
        out.extend(_normal_holder_readings(bare, cards))
    out.extend(_normal_holder_readings(sentence, cards))
    return tuple(dict.fromkeys(r for r in out if r != sentence))


def _normal_holder_readings(sentence: str, cards: tuple[CardData, ...]) -> list[str]:
    out: list[str] = []
    if unreadable(sentence):
        return out
    # twelfth round: and the card's use on a creature written as what it does to it (rulings.removal_readings)
    for changed in (*change_readings(sentence, cards), *removal_readings(sentence, cards)):
        out.append(changed)
        out.extend(holder_readings(changed, cards))
        for normal in normal_readings(changed):
            out.append(normal)
            out.extend(holder_readings(normal, cards))
    for normal in normal_readings(sentence):
        out.append(normal)
        out.extend(holder_readings(normal, cards))
    return out
