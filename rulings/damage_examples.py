"""A worked example of trample's rule read by its numbers, in whatever order the sentence says them
(issue 24, twenty-third round).

:mod:`rulings.trample_examples` reads an example in the frames somebody wrote down ("if ~ is blocked
by a 3/3 creature, you can assign 3 damage to it and the remaining 3 to the player"). Rulings of
other cards put the same numbers in other frames: the blocker named after the assignment, the
shares said together ("you can assign 3 and 2 damage to them"), the damage the card's own ability
dealt said as a clause of its own ("the triggered ability deals 1 damage to it, so you need to
assign only 2"), the lethal share said of the blocker ("a 4/4 blocker that has already been dealt 3
damage needs to be assigned only 1"). What makes such a sentence a claim of the rule is not its
frame but its arithmetic: each blocker gets exactly the damage lethal to it (its toughness less the
damage already marked on it, 702.19b and 120.6) and what is said to go on to the player is the
trampler's power less that.

This reader tags the numbers instead of matching a frame: the blockers' sizes and damage marked, the
attacker's size, and each amount with the one it is assigned to. Each clause must be one of those
(or the example's lead-in); any other clause, a negation, deathtouch (1 damage is lethal then:
another rule), prevention, a damage assignment order, or a lost trample leaves the sentence unread,
and so do numbers that are not the rule's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from protocol.model import CardData
from rulings.trample_examples import NUMBER, has_deathtouch, number_of, trample_powers

_N = NUMBER


def _number(word: str) -> int:
    found = number_of(word)
    assert found is not None
    return found


#: Words that make the sentence another claim than the example of the rule (or no claim one can check).
_OTHER_CLAIM = re.compile(
    r"\b(?:not|no|never|cannot|nothing|none|without|deathtouch|prevent|prevents|prevented|prevention|instead|unless"
    r"|except|order|orders|lose|loses|lost|losing|regenerate|regenerates|protection|first strike|double strike"
    r"|first-strike|either|would|if it did not|choose|chooses|all|after|until)\b"
    # the trampler blocking rather than blocked ("if it is blocking a 2/2", "if ~ blocks a 3/3 creature")
    r"|\b(?:is|was) blocking\b|\bblocks (?:a|an|two|2|three|3|the|that)\b|\bblocked by (?:~|it|(?:a|the|that) creature with trample|the trampler)(?!\w)"
    r"|\d+/\d+(?: creature| blocker)?(?: (?:that|which) [^,]*?)? (?:is|was|gets|becomes|has been) blocked\b"
    # damage marked at another time than before the damage is assigned
    r"|\bnext\b|\blater\b"
)
#: Another player said outside what the example attacks and whose creatures the card's ability damages ("an opponent can
#: assign ..."): the damage is the attacking player's to assign.
_OTHER_PLAYER = re.compile(r"\b(?:opponents?|player|players|controller)\b")
#: What it attacks, as the rest's recipient ("the player, planeswalker, or battle it's attacking").
_ATTACKED = (
    r"(?:the player, planeswalker,? or battle(?: (?:it is|they are|~ is) attacking| being attacked)?"
    r"|the player or planeswalker(?: (?:it is|they are|~ is) attacking)?"
    r"|(?:the|that) (?:defending )?(?:player|planeswalker|battle)(?: (?:it is|they are|~ is) attacking)?|defending player"
    r"|the opponent|your opponent|that opponent)"
)
_SIZE = r"(?<![\d/])(?P<p>\d+)/(?P<t>\d+)(?![\d/])"
#: A blocker named as the one an amount is assigned to.
_TO_BLOCKER = (
    r"(?:it|them|that creature|the creature|the blocker|that blocker|the blocking creature|those creatures|those blockers"
    r"|its blockers|the blockers|the blocking creatures|(?P<each>each of them|each blocker|each blocking creature"
    r"|each creature blocking (?:it|~)|each of those creatures)|the (?P<first>first)(?: one| creature| blocker)?"
    r"|the (?P<second>second|other)(?: one| creature| blocker)?|(?:the|that|a|an) (?:blocking )?\d+/\d+(?: creature| blocker)?)"
)
#: An amount assigned ("3 damage to it", "3 and 2 damage to them", "the remaining 2 to the player", "2 of its combat
#: damage to that creature", "1 damage needs to be assigned to it").
_AMOUNT = re.compile(
    rf"(?P<lead>\b(?:assign|assigns|assigned|assigning|and|then|,|only|just|at least|up to|remaining|other|excess|rest of"
    rf" its|leaving|the remaining|the other|the excess|so)) (?:only |just |at least |up to )?(?P<n>{_N})"
    rf"(?: and (?P<n2>{_N}))?(?: (?:more|additional|of (?:its|~'s|the creature's)(?: \d+)?))?(?: (?:combat )?damage)?"
    r"(?: (?:(?:needs to|has to|must|can|may|will) (?:then )?be|is|are|gets|get) assigned|(?: (?:can|may|will) (?:then )?go)"
    r"| goes)? to "
    rf"(?:(?P<attacked>{_ATTACKED})|{_TO_BLOCKER})(?![\w/])"
)
#: A rest said without its number ("the rest can be assigned to the player").
_REST = re.compile(
    rf"\bthe (?:rest|remaining damage|excess|excess damage|remaining combat damage)(?: of (?:its|the) (?:combat )?damage)?"
    rf"(?: (?:can|may) (?:then )?be assigned)? to {_ATTACKED}(?![\w/])"
)
#: The lethal share said of the blocker ("a 4/4 blocker ... needs to be assigned only 1", "assigning 2 damage to it is
#: enough", "only 1 damage is lethal to it").
_SHARE_OF_BLOCKER = re.compile(
    rf"\b(?:needs|has|must) (?:to )?be assigned (?:only |just )?(?P<n>{_N})(?: damage)?$"
    rf"|\bassigning (?:only |just )?(?P<n2>{_N})(?: (?:combat )?damage)? to (?:it|that creature|the blocker) is enough"
    rf"|\b(?:only |just )?(?P<n3>{_N}) damage is (?:lethal|enough)(?: damage)?(?: (?:to|for) (?:it|that creature|the blocker))?$"
)
#: Damage already on a blocker, said with it ("with 2 damage marked on it", "that has already been dealt 3 damage").
_MARKED = re.compile(
    rf"^,?(?: (?:that|which|one of (?P<one>which|them)))? (?:with|(?:already )?(?:has|had|have)(?: already)?(?: been dealt)?"
    rf"|(?:has|had|was|is) (?:already )?(?:been )?dealt|(?:already )?(?:took|has taken|had taken)) (?P<n>{_N}) damage"
)
#: Damage the card's own ability deals to the blocker, said as a clause of the example ("the triggered ability deals 1
#: damage to it").
_ABILITY_DEALS = re.compile(
    rf"^(?:~|~'s (?:triggered |activated )?ability|(?:the|its) (?:triggered |activated )?ability) (?:deals|dealt|has dealt)"
    rf" (?P<n>{_N}) damage to (?:it|that creature|the blocker|each of them|them)$"
)
#: The attacker's size ("it is a 7/6 while attacking", "a 6/6 creature with trample", "making it 8/8").
_ATTACKER_SIZE = re.compile(
    r"(?:(?:~|it|that creature|the creature) (?:is|becomes|became|is now) (?:a |an )?|making it (?:a |an )?)"
    r"(?P<p>\d+)/\d+"
    r"|(?P<p2>\d+)/\d+ (?:creature |attacker )?(?:with trample|trampler)"
)
#: How many blockers alike ("two 3/3 creatures").
_ALIKE = re.compile(rf"\b(?P<k>two|2|three|3) {_SIZE} (?:creatures|blockers)\b")
#: A clause that sets the example up: a blocking (or the lead-in words), with no claim of its own.
_SETUP = re.compile(
    r"^(?:(?:for example|for instance) )?(?:if |when |say |suppose |let us say )?(?:~|it|that creature|the creature"
    r"|the attacking creature|the (?:equipped|enchanted) creature|a creature with trample)"
    r" (?:is|gets|becomes|was|has been) blocked(?: by (?:2|two|multiple|several) creatures)?$"
)
#: Words that lead the example in, or say where a number comes from, with no claim.
#: The rule the example rests on, said as a clause of it ("damage already marked on a blocker counts, so ..."): 702.19b's
#: last sentence, a claim of the same rule.
_MARKED_COUNTS = re.compile(
    r"^(?:any )?damage (?:that is |that has been )?(?:already )?(?:marked|dealt)(?: (?:on|to) (?:it|a blocker|the blocker"
    r"|them|that creature|the blockers|a blocking creature))?(?: this turn)? (?:still )?(?:counts|is counted)"
    r"(?: toward (?:lethal damage|that|it))?$"
)
_LEAD_ONLY = re.compile(
    r"^(?:for example|for instance|say|suppose|though|however|because of (?:its own|~'s|its)(?: last| triggered| activated)?"
    r" ability|while attacking"
    # the excess's other choice, said after the rest (702.19b: it may go to the blockers too)
    r"|or to (?:the|that) (?:blocking creature|blocker|creature|blocking creatures|blockers)|or to them)?$"
)


@dataclass(frozen=True)
class Blocker:
    """One blocker of the example: its toughness and the damage said to be marked on it (None: not said)."""

    toughness: int
    marked: int | None


@dataclass(frozen=True)
class Tagged:
    """The numbers of a worked example: its blockers, the shares assigned to them (in order where the
    example orders them), the rest said to go to what it attacks (None: not said; 0: said without a
    number), and the attacker's power where the sentence says it."""

    blockers: tuple[Blocker, ...]
    shares: tuple[int, ...]
    each: bool
    rest: int | None
    power: int | None


def _clauses(text: str) -> list[str]:
    """The clauses of a sentence, with what it attacks written as one word so its list's commas do not split it."""
    text = re.sub(_ATTACKED, lambda m: m.group(0).replace(",", "").replace(" ", "_"), text)
    # parentheses hold a clause of their own ("(it is a 7/6 while attacking, because of its own ability)")
    asides = re.findall(r"\(([^()]*)\)", text)
    text = re.sub(r"\s*\([^()]*\)", "", text)
    parts = [p for whole in (text, *asides) for p in re.split(_CLAUSE_BREAK, whole)]
    return [p.replace("_", " ").strip() for p in parts if p.strip()]


_CLAUSE_BREAK = re.compile(r"\s*(?:;|,(?: and| so| but| though)?|\band then\b|\bso\b)\s*")


def tag(text: str, ability_damage: int = 0) -> Tagged | None:
    """The example's numbers (see :class:`Tagged`), or None if a clause says something else."""
    if _OTHER_CLAIM.search(text) or not re.search(r"\bassign|\bis lethal\b|\bgo(?:es)? to\b", text):
        return None
    if not re.search(r"\bblock", text):
        return None
    if _OTHER_PLAYER.search(re.sub(rf"\bto {_ATTACKED}", " ", text)):
        return None
    blockers: list[Blocker] = []
    shares: list[int] = []
    ordered: dict[str, int] = {}
    each = False
    rest: int | None = None
    power: int | None = None
    for clause in _clauses(text):
        read = False
        attacker = _ATTACKER_SIZE.search(clause)
        if attacker is not None:
            power = int(attacker.group("p") or attacker.group("p2"))
            clause = (clause[: attacker.start()] + clause[attacker.end() :]).strip()
            read = True
        one_marked = _MARKED.match(", " + clause) if clause.startswith(("one of which", "one of them")) else None
        if one_marked is not None and blockers:
            # "two 3/3 creatures, one of which already has 1 damage marked on it"
            last = blockers[-1]
            blockers[-1] = Blocker(last.toughness, _number(one_marked.group("n")))
            read = True
            continue
        ability = _ABILITY_DEALS.match(clause)
        if ability is not None and blockers:
            n = _number(ability.group("n"))
            blockers = [Blocker(b.toughness, (b.marked or 0) + n) for b in blockers]
            continue
        sizes = list(re.finditer(_SIZE, clause))
        alike = _ALIKE.search(clause)
        for found in sizes:
            if re.match(r"\s*(?:creature |blocker )?(?:is|was) (?:already )?(?:been )?assigned", clause[found.end() :]):
                continue
            if re.search(r"\bto (?:the|that) (?:blocking )?$", clause[: found.start()]):
                continue  # "2 damage to the 2/2": a recipient, not another blocker (but "2 damage to a 2/2 blocker" names it)
            marked = _MARKED.match(clause[found.end() :].removeprefix(" creature").removeprefix(" blocker"))
            count = _number(alike.group("k")) if alike is not None and alike.start("p") == found.start() else 1
            blockers.extend([Blocker(int(found.group("t")), _number(marked.group("n")) if marked else None)] * count)
            read = True
        for amount in _AMOUNT.finditer(", " + clause):
            if re.search(r"\b(?:deals?|dealt|dealing|with|has|had)$", (", " + clause)[: amount.start("n")].strip()):
                return None
            numbers = [_number(amount.group("n"))] + ([_number(amount.group("n2"))] if amount.group("n2") else [])
            if amount.group("attacked"):
                if len(numbers) > 1 or rest is not None:
                    return None
                rest = numbers[0]
            elif amount.group("first") or amount.group("second"):
                if len(numbers) > 1:
                    return None
                ordered["first" if amount.group("first") else "second"] = numbers[0]
            else:
                each = each or bool(amount.group("each"))
                shares.extend(numbers)
            read = True
        if _REST.search(clause):
            if rest is not None:
                return None
            rest = 0
            read = True
        share = None if read and shares else _SHARE_OF_BLOCKER.search(clause)
        if share is not None:
            shares.append(_number(share.group("n") or share.group("n2") or share.group("n3")))
            read = True
        if not read and not any(form.match(clause) for form in (_SETUP, _LEAD_ONLY, _MARKED_COUNTS)):
            return None
    if not blockers or not (shares or ordered):
        return None
    if ordered:
        if shares or set(ordered) != {"first", "second"}:
            return None
        shares = [ordered["first"], ordered["second"]]
    if ability_damage:
        blockers = [b if b.marked is not None else Blocker(b.toughness, ability_damage) for b in blockers]
    return Tagged(tuple(blockers), tuple(shares), each, rest, power)


def adds_up(example: Tagged, powers: Iterable[int]) -> bool:
    """Whether the numbers are the rule's: each blocker is assigned exactly the damage lethal to it (its toughness less
    the damage marked on it, each needing some), and a rest said in numbers is what the trampler's power leaves."""
    needed = [b.toughness - (b.marked or 0) for b in example.blockers]
    if any(n <= 0 for n in needed):
        return False
    if example.each:
        if len(example.shares) != 1 or len(set(needed)) != 1 or example.shares[0] != needed[0]:
            return False
    elif len(example.shares) == 1:
        if example.shares[0] != sum(needed):
            return False
    elif Counter(example.shares) != Counter(needed):
        return False
    if example.rest is None or example.rest == 0:
        return True
    candidates = {example.power} if example.power is not None else set(powers)
    return any(example.rest == power - sum(needed) for power in candidates if power is not None)


#: The damage the card's own text deals to the creatures blocking it ("deals 1 damage to each creature blocking it").
_CARD_DEALS = re.compile(
    rf"deals (?P<n>{_N}) damage to (?:each creature blocking it|each blocking creature|target creature blocking it"
    r"|each creature blocking [a-z ~]+|each creature (?:defending player|the defending player|your opponents|an opponent)"
    r" controls?)"
)


def ability_damage(cards: Iterable[CardData]) -> int:
    """The damage a card's own ability deals to the creatures blocking it (0: none), which is marked on them when its
    example speaks of a blocker with no damage said."""
    for card in cards:
        found = _CARD_DEALS.search(card.text.lower())
        if found is not None:
            return _number(found.group("n"))
    return 0


def read_tagged_example(text: str, cards: tuple[CardData, ...]) -> str | None:
    """``"rest"`` if ``text`` is a worked example whose numbers are the rule's and which says the rest goes to what it
    attacks, ``"lethal"`` if it says only the blockers' lethal shares, None otherwise. The trampler's power is the one
    the sentence says, or that of a card with trample."""
    powers = tuple(trample_powers(cards))
    if has_deathtouch(cards):
        return None  # 1 damage is lethal then: another rule's example
    for marked in dict.fromkeys((0, ability_damage(cards))):
        example = tag(text, marked)
        if example is not None and adds_up(example, powers):
            return "rest" if example.rest is not None else "lethal"
    return None
