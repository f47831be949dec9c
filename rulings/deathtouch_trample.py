"""Deathtouch with trample, read by meaning: 1 damage is lethal damage to each blocker, so the rest of
the damage may go to what the creature attacks (702.2c with 702.19b; issue 24, eighteenth round).

The rule is said in three ways: the definition ("because ~ has deathtouch, 1 damage is lethal damage to
each creature blocking it"; "assigning 1 damage to a creature blocking it counts as assigning lethal
damage"), the assignment it allows ("it can assign 1 damage to each blocker and the rest to the player
it's attacking"; "it needs to assign only 1 damage to each creature blocking it before assigning the
rest to ...") and a worked example whose numbers add up with the card's power ("if it's blocked by two
creatures, you can assign 1 damage to each of them and the remaining 2 to the player"). Each frame is
read whole (a negation, "one of its blockers", another amount or another recipient leaves it unread),
and only for a creature that has both keywords: the sentence says so, or a ruling's card has or gives
them (without trample the rest cannot go to the player; without deathtouch 1 damage is lethal only to
a blocker of toughness 1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from protocol.model import CardData
from rulings.trample_facts import prepared, said_or_held

#: The statement of ``deathtouch.lethal-for-trample`` these sentences make.
ONE_IS_LETHAL = "one-is-lethal"
STATES = (ONE_IS_LETHAL,)

_ONE = r"(?:1|one)"
_EACH_BLOCKER = (
    r"(?:each|every|a) (?:creature blocking (?:it|~|them)|blocker|blocking creature)|each of (?:them|its blockers)"
    r"|(?:all|each) of the creatures blocking (?:it|~)"
)
_ATTACKED = (
    r"(?:the player, planeswalker,? or battle (?:it is|~ is|they are) attacking|the player or planeswalker (?:it is|~ is)"
    r" attacking|the (?:defending )?player(?: (?:it is|~ is) attacking)?|(?:the )?defending player)"
)
_REST = r"(?:the rest(?: of (?:its|~'s) (?:combat )?damage)?|the remaining (?:combat )?damage|any excess(?: damage)?)"
#: Why 1 damage is lethal, said first ("because ~ has deathtouch, "; "once ~'s ability has resolved, it has both
#: deathtouch and trample, so ").
_LEAD = (
    r"(?:(?:because|since) (?:~|it) has deathtouch(?: and trample)?, "
    r"|if (?:~|it) has deathtouch(?: and trample)?(?: as (?:combat )?damage is assigned)?, "
    r"|(?:once|after) ~(?:'s (?:[a-z]+ )?ability)? (?:has resolved|resolves), (?:~|it) has (?:both )?deathtouch and trample, so )?"
)
_SUBJECT = r"(?:~|it|you|the creature|that creature|its controller)"
_CAN = r"(?:can|may|needs to|need to|has to|have to|must)"
_DEFINITION = (
    # "1 damage is lethal damage to each creature blocking it"
    rf"{_ONE} damage is (?:lethal damage|enough|considered lethal damage|lethal) (?:to|for) (?:{_EACH_BLOCKER})"
    # "assigning 1 damage to a creature blocking it counts as assigning lethal damage"
    rf"|assigning {_ONE} damage to (?:{_EACH_BLOCKER}) (?:counts as|is) assigning lethal damage"
)
_ASSIGNMENT = (
    rf"{_SUBJECT} {_CAN} assign (?:only )?{_ONE} damage to (?:{_EACH_BLOCKER})(?:,? and (?:(?:then )?(?:can |may )?assign )?"
    rf"|,? before assigning |,? then ){_REST} to {_ATTACKED}"
)
_FRAMES = tuple(
    re.compile(form)
    for form in (
        rf"{_LEAD}(?:{_DEFINITION})",
        rf"{_LEAD}(?:{_DEFINITION}),? so {_SUBJECT} (?:can|may) assign {_REST} to {_ATTACKED}",
        rf"{_LEAD}{_ASSIGNMENT}",
    )
)
_NUMBER = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
#: The worked example: blocked by N creatures, 1 to each of them, the remaining M to what it attacks.
_EXAMPLE = re.compile(
    r"(?:for example, )?if (?:~|it) is blocked by (?P<n>two|three|four|2|3|4) creatures, (?:you|it|~) (?:can|may|could)"
    rf" assign {_ONE} damage to each of them and the remaining (?P<m>\d+)(?: damage)? to {_ATTACKED}"
)


def read_deathtouch_trample(texts: Iterable[str], cards: Iterable[CardData] = ()) -> str | None:
    """:data:`ONE_IS_LETHAL` if one reading of a sentence says 1 damage is lethal to each blocker of a creature
    with deathtouch and trample (or the assignment or example that follows from it), else None."""
    texts, cards = tuple(texts), tuple(cards)
    if not (said_or_held("deathtouch", cards, texts) and said_or_held("trample", cards, texts)):
        return None
    for sentence in texts:
        text = prepared(sentence)
        if any(frame.fullmatch(text) for frame in _FRAMES):
            return ONE_IS_LETHAL
        example = _EXAMPLE.fullmatch(text)
        if example is not None and _adds_up(int(_NUMBER[example.group("n")]), int(example.group("m")), cards):
            return ONE_IS_LETHAL
    return None


def _adds_up(blockers: int, rest: int, cards: tuple[CardData, ...]) -> bool:
    """1 to each of ``blockers`` and ``rest`` to the player is all of a card's printed power."""
    return any(
        c.power is not None and c.power.isdigit() and int(c.power) == blockers + rest and rest > 0 for c in cards
    )
