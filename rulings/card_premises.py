"""A premise that only says the card's own effect happened, set aside so the rule's claim is read alone.

A ruling states a rule through its card: "If an opponent then loses life, ~ gains menace, but it remains
blocked", "~ stays untapped even if you no longer control three artifacts", "it remains blocked because of ~'s
last ability". The words of the premise ("an opponent loses life", "you control three artifacts") are the card's
own trigger or condition; they say *why* the change happened, which the rule does not care about (a creature
that gains menace after it is blocked stays blocked, however it gained it). Each family's readers know a few
such premises by form; a premise in words nobody listed left the sentence unread.

This module reads the premise by what it is made of rather than by its form: a clause whose every word is either
a word of the card's oracle text or a word that carries no claim of its own (articles, pronouns, auxiliaries,
numbers), and that names at least one word of the card's oracle text, only restates the card. The sentence
is read again without it, in the forms a premise is set in: a condition said first ("if P, S"), one conjunct of
such a condition ("if A and then P, S"), and a cause said last or first ("S because P", "S because of P",
"because P, S").

What keeps a contradiction from being read as a premise: a clause with any word that carries a rule's meaning
is never set aside, whatever the card says: negations and modal words, combat's moments and states (attack,
block, damage, step, declared, tapped), keywords, zones, casting and playing, mana, players' turns. Such a
clause is part of the claim, so a sentence whose premise says "before blockers are declared" or "on an
opponent's turn" is read with it, as before. The readings are extra: the sentence as written is read first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from protocol.model import CardData
from rulings.oracle_grants import grants, oracle_form

#: Words that claim nothing alone: articles, pronouns, auxiliaries, numbers, connectives inside a clause.
_FUNCTION_WORDS = """a an the it its it's ~ ~'s you your yours one two three four five six seven eight nine ten of on in to at
    with under from by for is are was were be been being has have had gets get got becomes become became then
    that this those these there their they them each any another other more or and than as so also his her
    he she who which least ability abilities mode effect effects"""
_FUNCTION = frozenset(_FUNCTION_WORDS.split())
#: Words that carry a rule's meaning: a premise naming one is part of the claim, never set aside.
_PROTECTED_WORDS = """not no never nor n't cannot can't won't don't doesn't didn't isn't aren't wasn't weren't hasn't haven't
    hadn't wouldn't couldn't shouldn't can could may might must only unless until except instead still already
    again even though although if when whenever once while before after during until later earlier first second
    last next previous now yet since step phase turn turns combat attack attacks attacked attacking attacker
    attackers block blocks blocked blocking blocker blockers unblocked declare declared declares damage
    deal deals dealt assign assigns assigned lethal excess remainder tap taps tapped untap untaps untapped
    flying reach menace vigilance haste trample deathtouch lifelink defender indestructible strike double
    exile exiled exiles graveyard hand library stack zone leave leaves left dies die destroy
    destroyed destroys sacrifice sacrificed sacrifices return returns returned remove removes removed
    cast casts casting play plays played playing mana activate activates activated cost costs pay pays paid
    keyword keywords level levels class rebound ninjutsu"""
_PROTECTED = frozenset(_PROTECTED_WORDS.split())
#: Where a premise may stand, and how the sentence reads without it (``S`` the rest, the groups kept).
_CONDITION_FIRST = re.compile(r"^(?:if|when|whenever|as soon as) (?P<p>[^,;]+), (?P<s>.+)$")
_CONJUNCT_AFTER = re.compile(r"^(?P<lead>if|when|once) (?P<a>[^,;]+?) and (?:then )?(?P<p>[^,;]+), (?P<s>.+)$")
_CONJUNCT_BEFORE = re.compile(r"^(?P<lead>if|when|once) (?P<p>[^,;]+?) and (?:then )?(?P<a>[^,;]+), (?P<s>.+)$")
_CAUSE_LAST = re.compile(r"^(?P<s>.+?),? (?:because(?: of)?|due to|as a result of) (?P<p>[^,;]+?)(?P<end>\.?)$")
_CAUSE_FIRST = re.compile(r"^because(?: of)? (?P<p>[^,;]+), (?P<s>.+)$")
#: An ability named by its place or kind ("~'s last ability", "its triggered ability"): the card's ability.
_ABILITY_NAMED = re.compile(r"\b(?:(?:first|second|third|last|triggered|static) )+(ability|mode)\b")
_WORD = re.compile(r"[a-z0-9~][a-z0-9~'/+-]*")


#: Irregular verb forms a ruling and its card's text may use for one verb ("has lost life" / "loses life").
_IRREGULAR = {
    "lost": "lose",
    "left": "leave",
    "dealt": "deal",
    "paid": "pay",
    "had": "have",
    "has": "have",
    "got": "get",
    "came": "come",
    "became": "become",
    "gave": "give",
    "chose": "choose",
    "drew": "draw",
    "took": "take",
    "made": "make",
    "put": "put",
    "won": "win",
    "died": "die",
    "dies": "die",
}


def _forms(word: str) -> frozenset[str]:
    """The word's possible base forms, enough to match a ruling's word with the oracle's ("loses" / "lose",
    "artifacts" / "artifact", "entered" / "enters", "lost" / "loses")."""
    word = word.removesuffix("'s")
    out = {word, _IRREGULAR.get(word, word)}
    for suffix, repls in (("ies", ("y",)), ("ing", ("", "e")), ("ed", ("", "e")), ("es", ("", "e")), ("s", ("",))):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            out |= {word[: len(word) - len(suffix)] + r for r in repls}
    return frozenset(out)


@lru_cache(maxsize=1024)
def _oracle_forms(card: CardData) -> frozenset[str]:
    return frozenset(f for w in _WORD.findall(oracle_form(card)) for f in _forms(w))


def restates_card(premise: str, cards: tuple[CardData, ...]) -> bool:
    """Whether ``premise`` (a clause, template form) only restates one of ``cards``: every word a word of its
    oracle text or a function word, no protected word, and at least one word of the oracle's own."""
    words = _WORD.findall(_ABILITY_NAMED.sub("ability", premise))
    if not words or any(w in _PROTECTED or w.removesuffix("'s") in _PROTECTED for w in words):
        return False
    content = [w for w in words if w not in _FUNCTION]
    if not content:
        # the card's own ability or effect, named as such ("because of ~'s last ability")
        return bool({"~", "~'s"} & set(words)) and bool({"ability", "abilities", "effect", "effects"} & set(words))
    return any(all(_forms(w) & _oracle_forms(card) for w in content) for card in cards)


#: How a reading names the creature a grant's holder is.
_HOLDER_NAMED = {"self": "~", "equipped": "the equipped creature", "enchanted": "the enchanted creature"}


def _changes(cards: tuple[CardData, ...]) -> list[str]:
    """The keyword changes the cards' effects make, as a clause ("~ gains menace", "the equipped creature loses
    flying"): what a premise restating the card's condition or trigger comes to."""
    out: list[str] = []
    for card in cards:
        for grant in grants(card):
            holder = _HOLDER_NAMED.get(grant.holder)
            if holder is None or "*" in grant.keywords or not (grant.condition or grant.how == "trigger"):
                continue
            verb = "loses" if grant.verb == "loses" else "gains"
            out += [f"{holder} {verb} {keyword}" for keyword in grant.keywords]
    return out


@lru_cache(maxsize=4096)
def _readings(sentence: str, cards: tuple[CardData, ...]) -> tuple[str, ...]:
    text = sentence.rstrip(".")
    out: list[str] = []
    changes = _changes(cards)
    for form in (_CONDITION_FIRST, _CAUSE_FIRST):
        found = form.match(text)
        if found and restates_card(found["p"], cards):
            out.append(found["s"])
            out += [f"if {change}, {found['s']}" for change in changes if form is _CONDITION_FIRST]
    for form in (_CONJUNCT_AFTER, _CONJUNCT_BEFORE):
        found = form.match(text)
        if found and restates_card(found["p"], cards):
            out.append(f"{found['lead']} {found['a']}, {found['s']}")
            out += [f"{found['lead']} {found['a']} and then {change}, {found['s']}" for change in changes]
    found = _CAUSE_LAST.match(text)
    if found and restates_card(found["p"], cards):
        out.append(found["s"])
    return tuple(dict.fromkeys(f"{r}." for r in out if r and r != text))


def premise_readings(sentence: str, cards: Iterable[CardData]) -> tuple[str, ...]:
    """``sentence`` (template form, asides set aside) read without a premise that only restates its card's
    effect, once for each such premise; none when it has no such premise."""
    cards = tuple(cards)
    if not cards:
        return ()
    return _readings(sentence, cards)
