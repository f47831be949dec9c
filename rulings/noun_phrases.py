"""Words that only say *which* creature a rule's sentence speaks of, read as claiming nothing.

A ruling names the creatures its card reaches the way its oracle text does: "another red creature",
"a nontoken creature", "an artifact creature", "the creature targeted by ~'s last ability". The rule
the sentence restates holds for any creature; these words narrow the creatures to the card's, and
they claim no rule. The claim reader (:func:`rulings.claims.parse`) leaves a word it has no phrase
for unread, so a sentence with one of them stays unread; it is read again with them taken out, but
only where:

- the word was left unread (a word in a lexicon phrase keeps that phrase's meaning: "no other
  creatures were blocking it" is a phrase of its own);
- it is an identity word (a color, "token", "nontoken", "legendary", "snow", "other", "another",
  "artifact") directly before a creature noun ("creature", "token", "permanent"; a creature type
  is read as "creature" already: :mod:`rulings.subtypes`), alone or in a row of such words;
- or it is a "targeted by ~" / "targeted by ~'s <ordinal> ability" / "chosen with ~" after a
  creature noun.

A word that could change the claim (a negation, a keyword, a player, a zone, a time, a number, a
verb) is never one of them, so a contradicting variant of a sentence stays as contradicting.
"""

from __future__ import annotations

from rulings.meaning import tokens

#: Creature nouns a narrowing word may stand before (stemmed).
_HEADS = frozenset(tokens("creature creatures token tokens permanent permanents land lands"))
#: Thirteenth round: card nouns, and the words that say which cards by what they are not ("the noncreature
#: cards exiled this way"): the exiled-card rules hold for every card; a word naming a type ("instant",
#: "land") is a claim of timing and is not one of them.
_CARD_HEADS = frozenset(tokens("card cards spell spells"))
_NOT_TYPES = frozenset(
    # (seventeenth round: "the chosen card", the one the card let you choose)
    tokens("noncreature nonland nonartifact nonenchantment nonlegendary nontoken chosen")
)
#: Words that say which creature, not what the rules do with it (stemmed).
_IDENTITY = frozenset(
    tokens(
        "white blue black red green colorless multicolored monocolored token nontoken legendary snow other another "
        # (seventeenth round: "the enchanted land", the one the card's Aura is on)
        "artifact enchanted"
    )
)
#: The ordinal of an ability of the card ("~'s last ability").
_ORDINALS = frozenset(tokens("first second third fourth last other"))
_TARGETED = tokens("targeted")[0]
_CHOSEN = tokens("chosen")[0]


def narrowing_positions(words: tuple[str, ...], unread: frozenset[int]) -> frozenset[int]:
    """The positions of ``words`` (stemmed tokens) that only narrow a creature noun phrase and
    that the reader left unread (``unread``), by the rules of the module docstring."""
    out: set[int] = set()
    for i, word in enumerate(words):
        if word in _CARD_HEADS:
            j = i - 1
            while j >= 0 and j in unread and words[j] in _NOT_TYPES:
                out.add(j)
                j -= 1
            continue
        if word not in _HEADS:
            continue
        j = i - 1
        while j >= 0 and j in unread and words[j] in _IDENTITY:
            out.add(j)
            j -= 1
        out |= _post_modifier(words, i + 1, unread)
    return frozenset(out)


def _post_modifier(words: tuple[str, ...], start: int, unread: frozenset[int]) -> set[int]:
    """ "targeted by ~", "targeted by ~'s [ordinal] ability", "chosen with ~" after a creature noun,
    when its first word was left unread."""
    if start >= len(words) or start not in unread or words[start] not in (_TARGETED, _CHOSEN):
        return set()
    rest = words[start + 1 :]
    if not rest or rest[0] not in ("by", "with") or rest[1:2] != ("~",):
        return set()
    end = start + 3
    if words[end : end + 1] == ("'s",):
        tail = words[end + 1 :]
        if tail[:1] and tail[0] in _ORDINALS and tail[1:2] == ("ability",):
            end += 3
        elif tail[:1] == ("ability",):
            end += 2
        else:
            return set()
    return set(range(start, end))


def without(words: tuple[str, ...], positions: frozenset[int]) -> tuple[str, ...]:
    """``words`` with ``positions`` taken out."""
    return tuple(w for i, w in enumerate(words) if i not in positions)
