"""Trample's rule said through a worked example, read by its numbers (issue 24, thirteenth round).

Rulings state 702.19b most often by an example: "If ~ is blocked by a 3/3 creature with 2 damage
already marked on it, assigning 1 damage to that creature is enough, and the remaining 5 can be
assigned to the player it's attacking." Such a sentence is a claim only if its numbers are the
rule's: the damage said to be lethal is each blocker's toughness less the damage already marked on
it (120.6), and the rest is the trampler's power less that. This module reads the example into its
parts -- the blockers (size, damage marked), the attack target, the damage to the blockers and the
rest to what it attacks -- and checks the arithmetic; any other word, a wrong number, a blocker
short of lethal, a card with deathtouch (1 damage is lethal then: another template's rule), or a
rest said to go somewhere other than what the example attacks leaves the sentence unread.

It also reads the statement the example rests on: damage already marked on a blocker counts
toward lethal damage (702.19b's last sentence; the trample checks play blockers with damage
marked, ``lethal-counts-marked-damage``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from protocol.model import CardData

#: What a sentence read here states or explains (the names are trample's statements and halves).
EXCESS_BEYOND_LETHAL = "excess-beyond-lethal"
MARKED_COUNTS = "lethal-counts-marked-and-simultaneous"
LETHAL_HALF = "lethal-to-every-blocker"
REST_HALF = "only-the-rest-to-the-player"

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NUMBER_WORDS = {word: n for n, word in enumerate(_WORDS)}
#: A count, in digits or words (shared with :mod:`rulings.damage_examples`).
NUMBER = rf"(?:\d+|{'|'.join(_WORDS[1:])})"
_N = NUMBER


def number_of(word: str | None) -> int | None:
    if word is None:
        return None
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


# --- the blockers of the example -------------------------------------------------------------------

#: Damage marked on a blocker, said after its size ("a 3/3 creature with 2 damage marked on it").
_MARKED = (
    r"(?: with (?P<m{i}>{n}) damage (?:already )?(?:marked on it|on it|dealt to it)(?: (?:this|that) turn)?"
    r"| (?:that|which) (?:already )?has (?P<n{i}>{n}) damage (?:already )?marked on it"
    r"| (?:that|which) (?:already )?has (?P<o{i}>{n}) damage(?: on it)?(?: (?:this|that) turn)?"
    r"| (?:that|which) (?:already )?(?:took|has taken|had taken) (?P<k{i}>{n}) damage(?: earlier)?(?: (?:this|that) turn|"
    r" in the turn| earlier in the turn)?"
    # "that's been dealt": "that is been" once the contraction is spelled out
    r"| (?:that|which) (?:was|has|is|had) (?:already )?(?:been )?dealt (?P<d{i}>{n}) damage"
    # (nineteenth round: by the card's ability, "that was dealt 1 damage by that ability")
    r"(?: by (?:that|the|its|~'s) (?:triggered |activated )?ability)?"
    r"(?: earlier)?(?: (?:this|that) turn| in the turn| earlier in the turn)?)?"
)
_SIZE = r"(?:a|an|one) (?P<p{i}>\d+)/(?P<t{i}>\d+)(?: creature| blocker| blocking creature)?"


def _blocker(i: int) -> str:
    return (_SIZE + _MARKED).replace("{i}", str(i)).replace("{n}", _N)


_BLOCKERS = rf"{_blocker(1)}(?: and {_blocker(2)})?"
#: "two 2/2 creatures": blockers alike, each with the size said once.
_ALIKE = r"(?P<alike>two|2) (?P<p1>\d+)/(?P<t1>\d+) (?:creatures|blockers)"
#: The trampler, named as the card or as the creature it affects.
_ATTACKER = (
    r"(?:~|it|an attacking creature(?: you control)?|the (?:attacking|equipped|enchanted|affected) creature|"
    r"(?:a|the|that) creature with trample|that creature|a creature you control"
    # nineteenth round: the creature the card gave trample ("a creature given trample by ~")
    r"|(?:a|the) creature (?:given trample by|that gained trample from|that gets trample from|that has trample from) ~)"
)
_TARGET = r"(?P<target>a planeswalker|a battle|(?:a|the defending) player|an opponent)"
_CONDITIONS = tuple(
    re.compile(form)
    for form in (
        # "if ~ (is attacking a planeswalker and) is blocked by a 2/2 (and a 1/3)"
        rf"(?:if|when) {_ATTACKER} (?:has trample and )?(?:is attacking {_TARGET} and )?(?:is|becomes|gets) blocked by {_BLOCKERS}",
        # "if ~ is blocked by two 2/2 creatures", "if two 2/2 creatures block ~"
        rf"(?:if|when) {_ATTACKER} (?:is|becomes|gets) blocked by {_ALIKE}",
        rf"(?:if|when) {_ALIKE} block {_ATTACKER}",
        # "if the defending player blocks ~ with a 2/2"
        rf"(?:if|when) (?:the defending player|your opponent|an opponent) blocks {_ATTACKER} with {_BLOCKERS}",
        # "if ~ attacks a battle and is blocked by a 1/1 creature"
        rf"(?:if|when) {_ATTACKER} attacks {_TARGET} and (?:is|becomes|gets) blocked by {_BLOCKERS}",
        # "if a 1/3 creature with 2 damage already marked on it blocks ~"
        rf"(?:if|when) {_BLOCKERS} blocks? {_ATTACKER}",
        # "a 6/6 creature with trample blocked by a 2/2 creature (can assign ...)": the example's creature as the
        # subject, with its power said (no comma: the assignment follows as its predicate)
        rf"(?:a|an) (?P<ap>\d+)/\d+(?: creature)?(?: with trample)?(?: (?:that|which) is)? blocked by {_BLOCKERS}(?P<subject>)",
        rf"(?:~|it|{_ATTACKER}),? (?:if |when )?blocked by {_BLOCKERS},?(?P<subject2>)",
        # nineteenth round: the trampler's size the card makes it ("if a 3/3 creature becomes 6/6 because of ~ and is blocked
        # by a 2/2 creature")
        rf"(?:if|when) (?:a|an) \d+/\d+ creature becomes (?P<ap>\d+)/\d+ (?:because of|from|with) ~ and (?:is|becomes|gets)"
        rf" blocked by {_BLOCKERS}",
        # nineteenth round: the trampler's size with the card's bonus in parentheses ("if a 5/5 creature enchanted by ~
        # (making it 8/8) is blocked by ...")
        rf"(?:if|when) (?:a|an) \d+/\d+ creature (?:enchanted|equipped) (?:by|with) ~ \((?:making it|so it is) (?P<ap>\d+)/\d+\)"
        rf" (?:is|becomes|gets) blocked by {_BLOCKERS}",
        # nineteenth round: the trampler's size while the card affects it ("if a creature that's 5/3 while equipped is
        # blocked by a 1/1 creature and a 2/2 creature")
        rf"(?:if|when) (?:a|the) creature (?:that is|which is) (?P<ap>\d+)/\d+ while (?:equipped|enchanted|attacking)"
        rf"(?: (?:by|with) ~)? (?:is|becomes|gets) blocked by {_BLOCKERS}",
        # "if a 4/4 blocker has already been dealt 3 damage this turn": the blocker named as one
        r"(?:if|when) (?:a|an) (?P<p1>\d+)/(?P<t1>\d+) (?:blocker|blocking creature|creature blocking (?:~|it))"
        r" (?:has (?:already )?been|was (?:already )?) dealt "
        rf"(?P<d1>{_N}) damage(?: by (?:that|the|its|~'s) (?:triggered |activated )?ability)?(?: earlier)?(?: this turn| earlier in the turn)?",
        # "if ~'s ability dealt 1 damage to a 3/3 creature that then blocks it"
        rf"(?:if|when) ~'s (?:triggered |activated )?ability (?:dealt|deals|has dealt) (?P<d1>{_N}) damage to (?:a|an) (?P<p1>\d+)/(?P<t1>\d+)"
        r"(?: creature| blocker)?(?: (?:that|which) then blocks (?:it|~))?",
    )
)

# --- the damage the example assigns -----------------------------------------------------------------

_TO_BLOCKER = (
    r"(?:it|that creature|the blocking creature|the blocker|that blocker|the creature|the \d+/\d+|that \d+/\d+"
    r"|(?:those|the|its) blockers|(?:those|the) blocking creatures"
    # the same damage to each of them
    r"|(?P<each>each (?:blocker|blocking creature|of them|of those creatures|of its blockers|creature blocking (?:it|~))))"
    # (nineteenth round: a whole word, so "the blocker" is not read in "the blockers")
    r"(?![a-z])"
)
_DAMAGE = r"(?: (?:more )?(?:combat )?damage| more| of (?:its|~'s|the creature's)(?: \d+)? (?:combat )?damage)?"
#: Damage to the blockers: "you can assign 2 damage to it", "assigning 1 damage to that creature is
#: enough", "you must assign at least 2 damage to that creature", "only 2 damage needs to be assigned".
_LETHAL = tuple(
    re.compile(form)
    for form in (
        rf"(?:you|it|~) (?:can|may|could) assign (?:only |just )?(?P<lethal>{_N}){_DAMAGE} to {_TO_BLOCKER}",
        # nineteenth round: each blocker's share in order ("you can assign 1 damage to the first, 2 to the second"),
        # each checked against its own blocker (:func:`read_example`)
        rf"(?:you|it|~) (?:can|may|could|must|need to|needs to|has to|have to) assign (?:at least )?(?P<l1>{_N}){_DAMAGE} to the"
        rf" first(?: (?:one|creature|blocker))?,? (?:and )?(?:at least )?(?P<l2>{_N}){_DAMAGE} to the second(?: (?:one|creature|blocker))?"
        r"(?P<lethal>)",
        rf"assigning (?:only )?(?:just )?(?P<lethal>{_N}){_DAMAGE} to {_TO_BLOCKER} is enough",
        rf"(?:you|it|~) (?:must|need to|needs to|has to|have to|only needs? to) assign (?:only )?(?:at least )?(?P<lethal>{_N})"
        rf"{_DAMAGE} to {_TO_BLOCKER}",
        rf"(?:only )?(?:at least )?(?P<lethal>{_N}){_DAMAGE} (?:needs to|has to|must) be assigned to {_TO_BLOCKER}",
        # "only 1 damage is lethal to it": the amount said as lethal damage
        rf"(?:only )?(?:just )?(?P<lethal>{_N}) damage is (?:lethal|lethal damage|enough) (?:to|for) {_TO_BLOCKER}",
    )
)
#: What it attacks, as the rest's recipient (with the kind it names: a planeswalker or battle only
#: where the example says it attacks one).
_ATTACKED = (
    r"(?:(?P<any>the player, planeswalker,? or battle (?:it is|they are|~ is) attacking|the player or planeswalker "
    r"(?:it is|they are|~ is) attacking"
    # nineteenth round: in the passive ("the player, planeswalker, or battle being attacked"), or the list alone
    r"|the player, planeswalker,? or battle being attacked|the player, planeswalker,? or battle(?! [a-z]))"
    r"|(?P<player>the (?:defending )?player(?: (?:it is|they are|~ is) attacking)?|defending player|that player)"
    r"|(?:that|the) (?P<kind>planeswalker|battle)(?: (?:it is|they are|~ is) attacking)?)"
)
_REST_WORDS = (
    rf"(?:the remaining(?: (?P<rest>{_N}))?|the rest(?: of (?:its|~'s|the creature's) (?:combat )?damage)?|the (?:other|excess)"
    rf"(?: (?P<rest2>{_N}))?)(?: (?:combat )?damage)?"
)
#: The rest, after the damage to the blockers: "and the remaining 4 to that planeswalker", ", and the
#: rest can be assigned to the player it's attacking", "before the rest can be assigned to ...".
_REST_AFTER = tuple(
    re.compile(form)
    for form in (
        rf",? and (?:(?:you |it |~ )?(?:can|may|could) (?:then )?assign )?{_REST_WORDS}(?: (?:can|may) (?:then )?be assigned)?"
        rf" to {_ATTACKED}",
        rf",? before {_REST_WORDS} (?:can|may) be assigned to {_ATTACKED}",
        # "... to that creature and 4 to the player"
        rf",? and (?:(?:you |it |~ )?(?:can|may|could) (?:then )?assign )?(?P<rest>{_N})(?: (?:combat )?damage)? to {_ATTACKED}",
        # nineteenth round: "..., and up to 3 may be assigned to the player"
        rf",? and (?:up to )?(?P<rest>{_N})(?: (?:combat )?damage)? (?:can|may) (?:then )?be assigned to {_ATTACKED}",
        # ", so the remaining 5 can be assigned to ...", ", leaving 5 to be assigned to ..."
        rf",? so {_REST_WORDS} (?:can|may) (?:then )?be assigned to {_ATTACKED}",
        rf",? leaving(?: the remaining| the other)? (?P<rest>{_N})(?: (?:combat )?damage)? (?:that (?:can|may) be assigned|to (?:be )?"
        rf"assign(?:ed)?) to {_ATTACKED}",
    )
)
#: The rule in one clause: "(if ~ is blocked,) damage beyond what's lethal to its blockers may be
#: assigned to the player it's attacking" (a planeswalker or battle it attacks is read as the rule's
#: list, :func:`rulings.trample_facts.prepared`).
_BEYOND = re.compile(
    rf"(?:if {_ATTACKER} is blocked, )?(?:any )?(?:combat )?damage beyond (?:what is lethal to|lethal damage to|lethal damage for)"
    rf" (?:its|the|all (?:of )?its) blockers (?:can|may) (?:then )?be assigned to {_ATTACKED}"
)
#: The rest alone, a sentence after the example: "The remaining 4 damage can be assigned to the
#: defending player."
_REST_ALONE = re.compile(rf"{_REST_WORDS} (?:can|may) (?:then )?be assigned to {_ATTACKED}")


@dataclass(frozen=True)
class Example:
    """A worked example's numbers: each blocker's toughness and damage marked, the damage said to
    go to the blockers, the rest said to go on (None: "the rest", unnumbered), and what it attacks."""

    blockers: tuple[tuple[int, int], ...]
    lethal: int
    rest: int | None
    said_rest: bool
    target: str | None
    rest_to: str | None
    #: The attacker's power, where the example says it ("a 6/6 creature with trample blocked by ...").
    power: int | None = None

    def adds_up(self, powers: frozenset[int]) -> bool:
        """Whether the numbers are the rule's: the damage to the blockers is exactly lethal to them
        all (each needing some), and a rest said is what a trampler's power leaves."""
        needed = [toughness - marked for toughness, marked in self.blockers]
        if any(n <= 0 for n in needed) or self.lethal != sum(needed):
            return False
        if self.rest is not None:
            powers = frozenset({self.power}) if self.power is not None else powers
            return any(self.rest == power - self.lethal for power in powers) and self.rest > 0
        return True

    def rest_goes_where_it_attacks(self) -> bool:
        """A rest said to go to a planeswalker or battle only where the example attacks one."""
        if self.rest_to in (None, "any"):
            return True
        if self.rest_to == "player":
            return self.target in (None, "player")
        return self.target == self.rest_to


def _marked(found: re.Match[str], i: int) -> int:
    groups = found.groupdict()
    return next((number_of(groups[g]) or 0 for g in (f"m{i}", f"n{i}", f"o{i}", f"k{i}", f"d{i}") if groups.get(g)), 0)


def _target_kind(found: re.Match[str]) -> str | None:
    target = found.groupdict().get("target")
    if target is None:
        return None
    return next((kind for kind in ("planeswalker", "battle") if kind in target), "player")


def _rest_to(found: re.Match[str]) -> str:
    groups = found.groupdict()
    if groups.get("any"):
        return "any"
    return groups.get("kind") or "player"


def read_example(text: str) -> Example | None:
    """The worked example ``text`` (a :func:`~rulings.reader_text.prepared` sentence) states, or None."""
    text = re.sub(r"^(?:for example|for instance), ", "", text)
    for condition in _CONDITIONS:
        head = condition.match(text)
        if head is None:
            continue
        groups = head.groupdict()
        subject = groups.get("subject") is not None or groups.get("subject2") is not None
        if subject:
            # the creature is the assignment's subject: "... can assign 2 damage to it and 4 to the player"
            main = "it " + text[head.end() :].lstrip(" ")
        elif text.startswith(", ", head.end()):
            main = text[head.end() + 2 :]
        else:
            continue
        sizes = [(int(head.group(f"t{i}")), _marked(head, i)) for i in (1, 2) if groups.get(f"t{i}")]
        if groups.get("alike"):
            sizes *= 2
        power = int(groups["ap"]) if groups.get("ap") else None
        for lethal in _LETHAL:
            part = lethal.match(main)
            if part is None:
                continue
            shares = [number_of(part.groupdict().get(g)) for g in ("l1", "l2")]
            if shares[0] is not None:
                # each blocker's own lethal damage, in the order the example names them
                needed = [toughness - marked for toughness, marked in sizes]
                if shares != needed:
                    continue
                amount = sum(n for n in shares if n is not None)
            else:
                found_amount = number_of(part.group("lethal"))
                assert found_amount is not None
                amount = found_amount
            if part.groupdict().get("each"):
                amount *= len(sizes)
            tail = main[part.end() :]
            if not tail:
                return Example(tuple(sizes), amount, None, False, _target_kind(head), None, power)
            rest = next((found for form in _REST_AFTER if (found := form.fullmatch(tail))), None)
            if rest is not None:
                said = number_of(rest.group("rest") or rest.group("rest2"))
                return Example(tuple(sizes), amount, said, True, _target_kind(head), _rest_to(rest), power)
    return None


def trample_powers(cards: Iterable[CardData]) -> frozenset[int]:
    return frozenset(
        int(c.power)
        for c in cards
        if c.power and c.power.isdigit() and ("trample" in c.text.lower() or "trample" in map(str.lower, c.keywords))
    )


def has_deathtouch(cards: Iterable[CardData]) -> bool:
    return any("deathtouch" in c.text.lower() or "deathtouch" in map(str.lower, c.keywords) for c in cards)


# --- damage already marked counts -----------------------------------------------------------------

_ON_BLOCKER = (
    r"(?:(?:a|the|each|that) (?:blocking creature|blocker|creature blocking (?:it|~|that creature|the (?:affected|equipped|"
    r"enchanted|attacking) creature)|creature)|it|them|its blockers"
    r"|(?:the|those) (?:blocking creatures|blockers|creatures blocking (?:it|~)))"
)
_MARKED_DAMAGE = (
    r"(?:(?:any )?damage (?:that (?:is|has|was|had) )?(?:already )?(?:been )?(?:marked on|dealt to) "
    rf"{_ON_BLOCKER}(?: (?:already|earlier))?(?: (?:this|that) turn| in the turn| earlier in the turn)?"
    # "damage a blocker was already dealt this turn"
    rf"|(?:any )?damage (?:that )?{_ON_BLOCKER} (?:was|has been|had been|has) (?:already )?(?:been )?dealt"
    r"(?: (?:already|earlier))?(?: (?:this|that) turn| in the turn| earlier in the turn)?)"
)
_LETHAL_DAMAGE = (
    r"(?:(?:that )?lethal damage|what is lethal|whether damage is lethal|how much damage is lethal)"
    r"(?: (?:for|to) (?:its|the|a|that) (?:blockers?|creature)| to it)?"
)
_COUNTS_VERB = (
    r"(?:(?:still |also )?(?:counts|is counted|is taken into account|is included|is considered)"
    # nineteenth round: in the future ("will count toward that lethal damage")
    r"|will (?:still |also )?(?:count|be counted|be taken into account|be included))"
)
_WHEN = (
    r"(?:toward|towards|when determining|in determining|when checking for|when calculating|when figuring out|"
    r"when (?:you )?(?:assign|assigning)|when (?:~|it) assigns|for)"
)
#: "... when ~ assigns its combat damage": when lethal damage is judged, said again.
_AS_ASSIGNED = r"(?:,? (?:when|as) (?:~|it|you) (?:assigns?|assigning) (?:its )?(?:combat )?damage)?"
#: Seventeenth round: the rest of 702.19b's sentence, said after it ("..., but not abilities or effects that might change
#: the amount of damage that's actually dealt").
_BUT_NOT = (
    r"(?:,? but not (?:any )?abilities or effects (?:that|which) (?:might|may|could|would) change the amount of damage"
    r" (?:that is |that's )?actually dealt)?"
)
#: Nineteenth round: when the damage is assigned, said first ("when assigning trample damage, ...", "when assigning combat
#: damage for a creature that gained trample from ~, ...").
_ASSIGNING = (
    r"(?:when|while|as) (?:assigning|you assign|it assigns|~ assigns) (?:its )?(?:trample |combat )?damage"
    r"(?: for (?:~|it|(?:a|the|that) creature (?:that (?:gained|has|gets|got) trample(?: from ~)?|with trample)))?, "
)
_COUNTS = tuple(
    re.compile(form)
    for form in (
        rf"{_ASSIGNING}{_MARKED_DAMAGE} {_COUNTS_VERB} {_WHEN} {_LETHAL_DAMAGE}",
        # ... and the rule said as what to do ("..., take into account damage that's already marked on the creatures
        # blocking it")
        rf"{_ASSIGNING}(?:you must |be sure to )?(?:take into account|count|include) {_MARKED_DAMAGE}",
        rf"{_MARKED_DAMAGE} {_COUNTS_VERB} {_WHEN} {_LETHAL_DAMAGE}{_AS_ASSIGNED}",
        rf"(?:when|while) (?:determining|checking for|calculating|figuring out) {_LETHAL_DAMAGE}, {_MARKED_DAMAGE} {_COUNTS_VERB}",
        # twentieth round: what a blocker with damage marked on it needs ("a blocking creature that already has damage marked on
        # it needs only enough additional damage to be lethal")
        r"(?:a|the|each|any) (?:blocking creature|blocker|creature blocking (?:it|~)) (?:that|which) (?:already )?(?:has|has had)"
        r" (?:some )?damage (?:already )?marked on it(?: (?:this|that) turn)? (?:needs|requires|needs to be assigned|must be"
        r" assigned) only (?:enough )?(?:additional |more |further )?damage(?: assigned to it)? to (?:be|become|make it) lethal"
        r"(?: damage)?",
        # twentieth round: said alone after lethal damage ("Damage that's already been dealt to a blocking creature this turn is
        # taken into account.")
        rf"{_MARKED_DAMAGE} (?:is|will be) (?:taken into account|counted)",
        # "lethal damage takes into account damage already marked on it"
        r"(?:(?:assigning|determining|calculating) )?lethal damage (?:takes into account|accounts for|includes|counts)"
        r" (?:any )?damage (?:already )?(?:marked on|dealt to) "
        rf"(?:it|that creature|{_ON_BLOCKER})(?: (?:already|earlier))?(?: (?:this|that) turn)?{_BUT_NOT}",
    )
)
#: The same said of the damage the card's own ability dealt ("damage dealt by ~'s triggered ability
#: counts when determining lethal damage for its blockers"): only for a card whose text deals damage.
_ABILITY_COUNTS = re.compile(
    rf"damage (?:already )?dealt by ~(?:'s (?:triggered |activated )?ability)? {_COUNTS_VERB} {_WHEN} {_LETHAL_DAMAGE}{_AS_ASSIGNED}"
    # nineteenth round: said as a condition ("if ~'s ability has dealt damage to a creature blocking it, that damage will be
    # taken into account when determining lethal damage")
    rf"|if ~'s (?:triggered |activated )?ability (?:has dealt|dealt|deals) damage to (?:a|the) (?:creature blocking (?:it|~)"
    rf"|blocking creature|blocker), that damage (?:will be|is) (?:taken into account|counted) {_WHEN} {_LETHAL_DAMAGE}"
)


def read_trample_example(text: str, cards: tuple[CardData, ...]) -> str | None:
    """What a prepared sentence states by a worked example or of damage already marked
    (:data:`EXCESS_BEYOND_LETHAL`, :data:`MARKED_COUNTS`), the half of the rule it explains
    (:data:`LETHAL_HALF`, :data:`REST_HALF`), or None. The caller has made sure the creature has
    trample."""
    if has_deathtouch(cards):
        return None
    if any(form.fullmatch(text) for form in _COUNTS):
        return MARKED_COUNTS
    if _ABILITY_COUNTS.fullmatch(text) and any(re.search(r"\bdeals? \w+ damage to\b", c.text.lower()) for c in cards):
        return MARKED_COUNTS
    powers = trample_powers(cards)
    example = read_example(text)
    if example is not None:
        if not (example.adds_up(powers) and example.rest_goes_where_it_attacks()):
            return None
        return EXCESS_BEYOND_LETHAL if example.said_rest else LETHAL_HALF
    beyond = _BEYOND.fullmatch(text)
    if beyond is not None and _rest_to(beyond) in ("any", "player"):
        return EXCESS_BEYOND_LETHAL
    alone = _REST_ALONE.fullmatch(text)
    if alone is not None and _rest_to(alone) in ("any", "player"):
        said = number_of(alone.group("rest") or alone.group("rest2"))
        if said is None or any(0 < said < power for power in powers):
            return REST_HALF
    return None
