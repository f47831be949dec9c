"""How a blocked creature with trample assigns its combat damage, read as an order of assignments
rather than matched as a bag of words (issue 24, ninth round).

Trample's rule (702.19b) is stated in rulings from either end: lethal damage to every blocker
*must come first* ("it must assign lethal damage to all creatures blocking it before it can assign
damage to the player", "none of its damage can be assigned to the player until both blockers have
been assigned lethal damage"), or *the rest may go on* ("once each blocker is assigned lethal
damage, the rest can be assigned to the player it's attacking"); and through a worked example ("if
it's blocked by a 2/2 and a 1/3, at least 5 of its damage must be assigned to those blockers, and
the remaining 1 may be assigned to the player"). The claim reader needs a declared record for each
arrangement of those concepts; this reader takes the sentence apart into its parts instead -- who
assigns, lethal damage to *every* blocker, damage to *what the creature attacks*, and the order
word -- each from a small grammar, and refuses anything else: a negation, "one of its blockers",
"even if", another target. An example is read only if its numbers add up with the card's power
and the blockers' toughness.

What the creature attacks is read as the player (or the rules' own list "the player,
planeswalker, or battle it's attacking"): the trample checks attack a player, so a sentence about
damage to "that planeswalker" or "the battle" states a case no check plays, and stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from protocol.model import CardData
from rulings.combat_facts import moment_of_groups, outcome_of_groups
from rulings.combat_facts import prepared as combat_prepared
from rulings.damage_examples import read_tagged_example
from rulings.fact_composer import parts_with
from rulings.reader_text import prepared as _plain_prepared
from rulings.subtypes import types_as_creatures
from rulings.trample_examples import MARKED_COUNTS, read_trample_example


def prepared(sentence: str) -> str:
    """The readers' form, a creature named by its type written "creature" ("a Beast with trample"),
    and what it attacks said as the rule's list (:func:`_attack_target_as_list`)."""
    text = _attack_target_as_list(_RULES_LEAD.sub("", types_as_creatures(_plain_prepared(sentence))))
    text = _as_it(_WILL_ASSIGN.sub(r"\1s", text))
    return _MARKED_LAST.sub("", _RATHER.sub("", _MARKED_ASIDE.sub(" ", text)))


#: Twenty-fourth round: the creature with trample named by a noun phrase where the frames name it "it" (the blockers of
#: "the equipped creature", "when the target creature assigns ...", the main clause's subject after a condition). The
#: readers make sure a card of the ruling has or gives trample (:func:`said_or_held`).
_TRAMPLER = (
    r"(?:(?:the|that) (?:(?:target|targeted|affected|equipped|enchanted|attacking|blocked|artifact) )*creature"
    r"(?: (?:that|which) (?:gained|gains|has|got|gets|was given) trample(?: (?:from|because of) ~)?"
    r"| (?:equipped|enchanted|targeted|affected) (?:with|by) ~)?"
    r"|an? attacking creature you control(?: with trample)?|(?:the|that) creature with trample)"
    # (and no more words that say which creature: "the creature you chose as its second target" is another one)
    r"(?! (?:you|that|which|whose|with|from|by|equipped|enchanted|targeted|chosen|it)\b)(?![\w'-])"
)
_TRAMPLER_AS_IT = (
    (re.compile(rf"\bblocking {_TRAMPLER}"), "blocking it"),
    (
        re.compile(
            rf"^(when|while|as|once|if) {_TRAMPLER} (?=assigns\b|is blocked\b|becomes blocked\b|has been blocked\b)"
        ),
        r"\1 it ",
    ),
    (re.compile(rf"(?:^|(?<=, )){_TRAMPLER} (?=(?:can|may|must|assigns|has to|needs to)\b)"), "it "),
)


def _as_it(text: str) -> str:
    for pattern, replacement in _TRAMPLER_AS_IT:
        text = pattern.sub(replacement, text)
    return text


#: Twenty-fourth round: the assignment said in the future ("it will assign lethal damage to all creatures blocking it
#: first"): tense claims nothing, and the frames read the present ("assigns"; a plural subject reads as before, unread).
_WILL_ASSIGN = re.compile(r"\bwill (assign|deal)\b")


#: Eighteenth round: what the player would rather do, said after the rule (", even if you'd rather send all of it past
#: the blockers"): a wish, no claim.
_MARKED_LAST = re.compile(
    r",? (?:counting|taking into account|including) any damage (?:already )?marked on (?:it|them|those creatures|those blockers"
    r"|the blockers|each of them)$"
    # nineteenth round: "..., though damage already marked on those blockers counts toward that"
    r"|,? though (?:any )?damage (?:already )?marked on (?:it|them|those creatures|those blockers|the blockers|each of them)"
    r" counts(?: toward (?:that|it|lethal damage))?$"
)
_RATHER = re.compile(r",? even if you would rather [a-z ]+$")


#: Seventeenth round: damage already marked said in passing ("... lethal damage to each creature blocking it, taking
#: into account damage already marked on those creatures, before ..."): a part of lethal damage's own definition
#: (702.19b), no other claim.
_MARKED_ASIDE = re.compile(
    r", taking into account (?:any )?damage (?:already )?(?:marked on|dealt to) (?:it|them|those creatures|those blockers"
    r"|each of them|the blockers|the blocking creatures)(?: (?:this|that) turn)?, "
)


#: "Creatures that have trample because of ~ follow the normal trample rules: ...": the lead-in to
#: the rule said after the colon (thirteenth round).
_RULES_LEAD = re.compile(
    r"^(?:[a-z~',]+ ){1,10}(?:follows?|uses?|obeys?) the (?:normal|usual|regular|standard) (?:trample )?rules(?: (?:for|of) trample)?: "
)


_ATTACKS_ONE = re.compile(
    r"(?P<verb>is attacking|attacks) (?:a|an opponent's) (?P<kind>planeswalker|battle) and (?=is blocked|becomes blocked)"
)
_THE_LIST = "the player, planeswalker, or battle it is attacking"


def _attack_target_as_list(text: str) -> str:
    """Thirteenth round: a sentence about a creature attacking a planeswalker (or battle) whose
    excess goes to "that planeswalker" says the rule of what it attacks: "if ~ is attacking a
    planeswalker and is blocked, ... to that planeswalker" is read as "if ~ is blocked, ... to the
    player, planeswalker, or battle it is attacking". Any other recipient (the player, the other
    kind, its controller) leaves the sentence as it is, unread."""
    found = _ATTACKS_ONE.search(text)
    if found is None:
        return text
    kind = found.group("kind")
    rest = text[: found.start()] + text[found.end() :]
    rest = re.sub(rf"\b(?:that|the) {kind}(?: (?:it is|~ is|they are) attacking)?(?!'s)\b", _THE_LIST, rest)
    # "..., not to its controller": where the damage does not go, true of a planeswalker or battle
    rest = re.sub(rf"(?<={_THE_LIST}), not (?:to )?(?:its|that {kind}'s) (?:controller|protector)$", "", rest)
    if re.search(r"\b(?:player|planeswalker|battle)\b", rest.replace(_THE_LIST, "")):
        return text
    return rest


#: What a sentence read by this reader states (a statement of ``trample.lethal-then-excess``, or
#: an explanation that needs one).
NO_EXCESS_WITHOUT_LETHAL = "no-excess-without-lethal"
EXCESS_BEYOND_LETHAL = "excess-beyond-lethal"
EXPLAINS = "explains"
#: Nineteenth round: the excess is the controller's to divide among the blockers too (702.19b: "as its controller
#: chooses among those blocking creatures and the player"): more than lethal damage to a blocker, none required
#: beyond them.
EXCESS_TO_BLOCKERS = "excess-to-blockers"
#: Thirteenth round: damage already marked on a blocker counts toward lethal damage
#: (:mod:`rulings.trample_examples`).
STATES = (NO_EXCESS_WITHOUT_LETHAL, EXCESS_BEYOND_LETHAL, MARKED_COUNTS, EXCESS_TO_BLOCKERS)
#: The halves of the rule, each an explanation alone: lethal damage to every blocker, and only the
#: rest to the player. A paragraph that says both states the rule (:data:`HALVES_STATE`).
LETHAL_HALF = "lethal-to-every-blocker"
REST_HALF = "only-the-rest-to-the-player"
#: Twenty-third round: what a worked example read by its tagged numbers states (:mod:`rulings.damage_examples`).
_TAGGED_STATES = {"rest": EXCESS_BEYOND_LETHAL, "lethal": LETHAL_HALF}
HALVES_STATE = NO_EXCESS_WITHOUT_LETHAL

_SUBJECT = (
    r"(?:~|it|they|you|its controller|their controller|~'s controller|the (?:attacking|equipped|enchanted) creature|"
    r"(?:a|the|that) creature(?: with trample)?|the creature with trample|(?:a|an) attacking creature with trample|"
    r"that creature|(?:a|any|each|the) (?:artifact )?creature (?:that|which) (?:gains|gained|has|gets|got|was given) trample"
    r"(?: (?:from|because of) ~)?|"
    r"creatures (?:that|which) (?:gain|have|get) trample(?: (?:from|because of) ~)?"
    # tenth round: "a blocked creature that gains trample from ~", "a creature with trample from ~", "the
    # enchanted creature's controller", "a blocked creature you control"
    r"|(?:a|the) blocked creature(?: you control)?(?: (?:that|which) (?:gains|has|gets) trample(?: (?:from|because of) ~)?)?"
    r"|(?:a|the) creature with trample (?:from|because of) ~"
    r"|(?:a|the) (?:blocked |attacking )?creature (?:equipped|enchanted|targeted) (?:with|by) ~(?:'s (?:[a-z]+ )?ability)?"
    # eighteenth round: the creatures of a lord or a spell named with their trample ("beasts you control that have trample
    # because of ~", "each creature that gains trample from ~ and is blocked")
    r"|(?:[a-z]+s|creatures) you control (?:that|which) (?:have|gain|got) trample (?:because of|from) ~"
    r"|(?:each|any|a) creature (?:that|which) (?:gains|has|gets|gained) trample (?:from|because of) ~ and is blocked"
    # sixteenth round: "the target creature"
    r"|the target(?:ed)? creature"
    # nineteenth round: "the creature affected by ~"
    r"|(?:a|the) creature affected by ~"
    # seventeenth round: the attacker named as blocked ("an attacking creature you control that's blocked", "a blocked
    # attacking creature you control")
    r"|(?:a|an|the) (?:attacking )?creature(?: you control)?(?: with trample)? (?:that|which) (?:is|has been|becomes) blocked"
    # nineteenth round: while the lord that gives it trample is there ("a beast you control that is blocked while ~ is on
    # the battlefield")
    r"(?: while ~ is on the battlefield)?"
    r"|(?:a|the) blocked attacking creature(?: you control)?(?: with trample)?"
    r"|creatures you control(?: with trample(?: (?:from|because of) ~)?)?"
    r"|(?:the (?:enchanted|equipped|attacking) creature's|its) controller)"
)
_MUST = r"(?:still )?(?:must|has to|have to|still have to|needs to|need to|will (?:still )?(?:need|have) to|is required to|are required to)"
_ALL_BLOCKERS = (
    r"(?:(?:all|each|every|both)(?: of)? (?:the |its |their |those )?(?:creatures? blocking (?:it|~|them)|blockers?|"
    r"blocking creatures?)|each creature blocking (?:it|~|them)|all (?:of )?(?:its|their|the) blockers|both blockers|"
    r"every blocker|each blocker|each of (?:its|their|the) blockers|all (?:of )?those blockers|(?:all|both|each) of them"
    # twentieth round: the definite plural, every one of them ("lethal damage to its blockers")
    r"|(?:its|their|~'s) (?:blockers|blocking creatures)|the creatures blocking (?:it|~|them))"
)
#: What the creature attacks: the player, or the rules' list that has the player in it.
_ATTACKED = (
    r"(?:the (?:defending )?player(?: (?:it is|they are|~ is) attacking)?|the player or planeswalker (?:it is|they are|~ is) "
    r"attacking|the player, planeswalker,? or battle (?:it is|they are|~ is) attacking|"
    r"the player(?:,| or) planeswalker(?:,? or battle)?|(?:the )?defending player"
    # eighteenth round: the list named again ("among the blockers and that player, planeswalker, or battle")
    r"|that player(?:,| or) planeswalker(?:,? or battle)?)"
)
_ANY_DAMAGE = (
    r"(?:any (?:combat )?damage|(?:combat )?damage|any of (?:its|their) (?:combat )?damage|any"
    # eighteenth round: the creature named ("any of the equipped creature's damage")
    r"|any of (?:~'s|that creature's|the (?:equipped|enchanted|attacking) creature's) (?:combat )?damage)"
)
_REST = (
    r"(?:the rest(?: of (?:its|their|the) (?:combat )?damage)?|the remaining (?:combat )?damage|the remainder|"
    r"any (?:remaining|excess) (?:combat )?damage|any excess|excess (?:combat )?damage|the excess(?: damage)?|"
    r"(?:the |any )?damage beyond (?:that|lethal damage|what is lethal to (?:its|their|the) blockers))"
)
_LETHAL_TO_ALL = rf"(?:at least )?lethal (?:combat )?damage to {_ALL_BLOCKERS}"
_ALL_ASSIGNED = (
    rf"(?:{_ALL_BLOCKERS} (?:has|have) been assigned lethal (?:combat )?damage"
    # eighteenth round: the other voice ("until lethal damage has been assigned to each creature blocking it")
    rf"|lethal (?:combat )?damage has been assigned to {_ALL_BLOCKERS})"
)
_BLOCKED = (
    rf"(?:if|when|once|while) {_SUBJECT} (?:has trample and )?(?:is attacking and )?(?:is|are|becomes|become) blocked"
    # (twenty-third round: or by one creature, when no more are named after: "by one creature, ... both of them" is two)
    r"(?: by (?:a|one|a single) creature(?!.*\b(?:both|two|2|all of them|each of them|either)\b)"
    r"| by (?:two|three|2|3|one or more|multiple|more than one) creatures?)?, "
    # tenth round: the card's ability used while it is blocked
    r"|if you activate ~'s (?:[a-z]+ )?ability while (?:it is|~ is) blocked(?: by (?:two|three|2|3|one or more|multiple"
    r"|more than one) creatures?)?, "
)
_ASSIGN = r"(?:assign|assigns|assigning)"
#: A condition before the claim: the creature blocked, or the card's ability used first.
_IF = (
    rf"(?:{_BLOCKED}|after (?:activating|casting|resolving) ~(?:'s (?:triggered |activated |)ability)?, "
    # eighteenth round: "after ~ resolves, ..."
    r"|(?:after|once) ~(?:'s (?:triggered |activated |)ability)? (?:resolves|has resolved), "
    # eighteenth round: its trample and the block said first ("once ~ has trample and is blocked, ...")
    r"|(?:once|if|when) (?:~|it) has trample and (?:it )?(?:is|becomes) blocked, "
    # fourteenth round: the moment of the assignment said first ("when assigning its combat damage, ...")
    r"|(?:when|while|as) (?:assigning|you assign|it assigns|~ assigns) (?:~'s |its |their |the creature's )?combat damage, )?"
)
#: Fourteenth round: the excess named by the lethal damage it goes beyond, a whole statement of the rule
#: ("any excess damage beyond what's lethal to its blockers").
_BEYOND_LETHAL_TO_ALL = (
    r"(?:any |the )?(?:excess |remaining )?(?:combat )?damage (?:beyond|in excess of|over) (?:what is|the amount) "
    r"(?:of damage )?lethal to (?:its|their|the|all of its|each of its) blockers"
    rf"|(?:any |the )?(?:excess |remaining )?(?:combat )?damage (?:beyond|in excess of) lethal (?:combat )?damage to {_ALL_BLOCKERS}"
    # twenty-third round: the blockers left implied ("combat damage in excess of lethal damage"), or lethal damage said as
    # what destroys them ("beyond what's needed to destroy its blockers")
    r"|(?:any |the )?(?:excess |remaining )?(?:combat )?damage (?:beyond|in excess of) lethal (?:combat )?damage"
    r"|(?:any |the )?(?:excess |remaining )?(?:combat )?damage (?:beyond|in excess of|over) what is (?:needed|necessary|required)"
    r" to destroy (?:its|their|the|all of its|each of its) blockers"
)

#: Eighteenth round: the spell cast on the creature as what lets it assign ("casting ~ on a blocked creature lets it
#: assign excess damage ..."): the creature with the trample the spell gives.
_CASTING_LETS = (
    r"casting ~ on (?:a|the|an attacking|target) (?:blocked )?creature (?:lets|allows) (?:it|that creature)(?: to)?"
)
_FRAMES: tuple[tuple[str, str], ...] = (
    # "~ must assign lethal damage to all creatures blocking it before it can assign damage to the player"
    (
        NO_EXCESS_WITHOUT_LETHAL,
        rf"{_IF}{_SUBJECT} (?:{_MUST} (?:still |first )?{_ASSIGN}|assigns) {_LETHAL_TO_ALL}(?: first)? before "
        # (twenty-fourth round: the order said in the present, "it assigns lethal damage ... before it assigns the rest")
        rf"(?:(?:it|they|you) (?:can|may) {_ASSIGN}|(?:it )?{_ASSIGN}) (?:{_ANY_DAMAGE}|{_REST}) to {_ATTACKED}"
        # tenth round: "... before any excess is assigned to the player"
        rf"|{_IF}{_SUBJECT} {_MUST} (?:still |first )?{_ASSIGN} {_LETHAL_TO_ALL}(?: first)? before (?:{_ANY_DAMAGE}|{_REST})"
        rf" (?:is|can be) assigned to {_ATTACKED}",
    ),
    # tenth round: "it can assign damage to the player only after it has assigned lethal damage to each blocker"
    (
        NO_EXCESS_WITHOUT_LETHAL,
        rf"{_IF}(?:{_SUBJECT} (?:can|may)|{_CASTING_LETS}) {_ASSIGN} (?:{_ANY_DAMAGE}|{_REST}) to {_ATTACKED},? (?:but )?only after"
        rf" (?:(?:it|they) (?:has|have) assigned {_LETHAL_TO_ALL}|{_ALL_ASSIGNED})",
    ),
    # "... assigns lethal damage to all creatures blocking it first; only then may it assign excess damage to the player"
    (
        EXCESS_BEYOND_LETHAL,
        rf"{_IF}{_SUBJECT} (?:assigns|must assign|{_MUST} {_ASSIGN}) {_LETHAL_TO_ALL} first[;,] (?:and )?only then (?:may|can)"
        rf" (?:it|they) assign {_REST} to {_ATTACKED}"
        # nineteenth round: "... has to assign lethal damage to every creature blocking it, and only then can the rest of its
        # damage be assigned to the player"
        rf"|{_IF}{_SUBJECT} (?:assigns|must assign|{_MUST} {_ASSIGN}) {_LETHAL_TO_ALL}(?: first)?[;,] (?:and )?only then (?:may|can)"
        rf" {_REST} be assigned to {_ATTACKED}",
    ),
    # nineteenth round: the rule's last sentence in the controller's words ("you don't have to assign lethal damage to the
    # blockers, but if you don't, none of its damage can be assigned past them")
    (
        NO_EXCESS_WITHOUT_LETHAL,
        rf"{_IF}{_SUBJECT} (?:does not|do not|need not|is not required to|are not required to)(?: (?:have|need) to)?"
        rf" {_ASSIGN} lethal (?:combat )?damage to (?:{_ALL_BLOCKERS}|the blockers|its blockers|the blocking creatures),"
        rf" but if (?:you|it|they) (?:do|does) not(?: do so)?, (?:none of (?:its|their) (?:combat )?damage|no (?:combat )?damage"
        rf"|nothing) can be assigned (?:to {_ATTACKED}|past (?:them|the blockers)|beyond (?:them|the blockers))",
    ),
    # "lethal damage must be assigned to all blockers before any is assigned to the player"
    (
        NO_EXCESS_WITHOUT_LETHAL,
        rf"{_IF}lethal (?:combat )?damage must (?:first )?be assigned to {_ALL_BLOCKERS}(?: first)? before "
        rf"(?:{_ANY_DAMAGE}|{_REST}) (?:can be |may be |is )?assigned to {_ATTACKED}",
    ),
    # "none of its damage can be assigned to the player until both blockers have been assigned lethal damage"
    (
        NO_EXCESS_WITHOUT_LETHAL,
        rf"{_IF}(?:none of (?:its|their) (?:combat )?damage|no (?:combat )?damage|nothing) (?:can|may) be assigned "
        rf"to {_ATTACKED} (?:until|unless) {_ALL_ASSIGNED}",
    ),
    # "it can't assign any damage to the player unless each blocker has been assigned lethal damage"
    (
        NO_EXCESS_WITHOUT_LETHAL,
        rf"{_IF}{_SUBJECT} (?:cannot|can not) {_ASSIGN} {_ANY_DAMAGE} to {_ATTACKED} (?:until|unless) "
        rf"(?:{_ALL_ASSIGNED}|{_SUBJECT} (?:assigns|has assigned|have assigned) {_LETHAL_TO_ALL})",
    ),
    # "once each blocker has been assigned lethal damage, the rest can be assigned to the player"
    (
        EXCESS_BEYOND_LETHAL,
        rf"(?:once|after) {_ALL_ASSIGNED}, (?:only )?{_REST} (?:can|may) (?:then )?be assigned to {_ATTACKED}",
    ),
    # "only the damage beyond that can be assigned to the player": "that" is said before; alone it
    # is half the rule (tenth round: "... among the blockers and the player, as you choose")
    (
        REST_HALF,
        rf"(?:only )?{_REST} (?:can|may) (?:then )?be assigned (?:to|among (?:the|its|those) blockers and) {_ATTACKED}"
        r"(?:,? as you choose)?"
        # eighteenth round: "any damage beyond that may be divided as you choose among the blockers and that player, ..."
        rf"|{_REST} (?:can|may) (?:then )?be (?:divided|assigned|split) (?:as you choose )?among (?:the|its|those) blockers"
        rf" and {_ATTACKED}(?:,? as you choose)?"
        # nineteenth round: the chooser named ("... as its controller chooses")
        rf"|{_REST} (?:can|may) (?:then )?be (?:divided|assigned|split) among (?:the|its|those) blockers and {_ATTACKED},? as"
        r" (?:its|their|~'s) controller chooses",
    ),
    (REST_HALF, rf"only (?:after that|then) (?:can|may) {_REST} be assigned to {_ATTACKED}"),
    # "lethal damage must be assigned to all blockers first, and any excess may then be assigned to
    # the player"
    (
        EXCESS_BEYOND_LETHAL,
        rf"{_IF}lethal (?:combat )?damage must (?:first )?be assigned to {_ALL_BLOCKERS}(?: first)?,? and {_REST} "
        rf"(?:can|may) (?:then )?be assigned to {_ATTACKED}",
    ),
    # "~ assigns lethal damage to each creature blocking it and can assign the rest to the player"
    (
        EXCESS_BEYOND_LETHAL,
        rf"{_IF}{_SUBJECT} (?:assigns|must assign|{_MUST} {_ASSIGN}) {_LETHAL_TO_ALL}(?:,? and|;) (?:(?:you |it |they )?(?:can|may) "
        rf"(?:then )?assign )?(?:only )?{_REST} (?:(?:can|may) (?:then )?be assigned )?to {_ATTACKED}"
        # twentieth round: the blockers "first", the chooser said again ("you must assign lethal damage to its blockers
        # first, and you can assign the rest to ..."), or the verb left out ("you assign lethal damage to its blockers
        # first and the remainder to ...")
        rf"|{_IF}{_SUBJECT} (?:assigns|assign|must assign|{_MUST} {_ASSIGN}) {_LETHAL_TO_ALL} first(?:,? and|;) (?:(?:you |it "
        rf"|they )?(?:can|may) (?:then )?assign )?(?:only )?{_REST} (?:(?:can|may) (?:then )?be assigned )?to {_ATTACKED}",
    ),
    # fourteenth round: "you may assign any excess damage beyond what's lethal to its blockers to the player"
    (
        EXCESS_BEYOND_LETHAL,
        rf"{_IF}{_SUBJECT} (?:can|may) (?:then )?{_ASSIGN} (?:{_BEYOND_LETHAL_TO_ALL}) to {_ATTACKED}"
        rf"|{_IF}(?:{_BEYOND_LETHAL_TO_ALL}) (?:can|may) (?:then )?be assigned to {_ATTACKED}",
    ),
    # said after a statement: "it still has to assign lethal damage to each creature blocking it"
    (LETHAL_HALF, rf"{_IF}{_SUBJECT} {_MUST} (?:still |first )?{_ASSIGN} {_LETHAL_TO_ALL}(?: first)?"),
)
_COMPILED = tuple((state, re.compile(form)) for state, form in _FRAMES)

#: Nineteenth round: the excess said to be the controller's to place (:data:`EXCESS_TO_BLOCKERS`): more than lethal
#: damage to a blocker allowed, nothing required beyond the blockers, all of it among the blockers. Never negated
#: ("can't assign more than lethal", "is required to assign the excess to the player" say the opposite).
_A_BLOCKER = (
    r"(?:(?:a|any|one|each) (?:creature blocking (?:it|~|them)|blocker|blocking creature)"
    r"|(?:its|the|those|their) (?:blockers|blocking creatures|creatures blocking (?:it|~|them))"
    r"|(?:a|any|one|each) of (?:its|the|their|those) blockers"
    r"|(?:a|any) creature blocking (?:an attacking creature|a creature) (?:that|which) has trample(?: (?:from|because of) ~)?)"
)
_IF_WISHED = r"(?: if (?:you|they|its controller) (?:want|wants|wish|wishes|choose|chooses|like|likes)(?: to)?)?"
_EVEN_IF_BEYOND = (
    r"(?:,? even (?:if|though) (?:it|you|they) could (?:instead )?assign (?:the|that|any) excess(?: damage)? to "
    rf"{_ATTACKED}(?: instead)?)?"
)
_THOUGH = r"(?:,? though)?"
_EXCESS_TO_BLOCKERS = re.compile(
    rf"{_IF}{_SUBJECT} (?:can|may|could)(?: also| still)?(?: choose to)? {_ASSIGN} more than lethal (?:combat )?damage to "
    rf"{_A_BLOCKER}{_IF_WISHED}{_EVEN_IF_BEYOND}{_THOUGH}"
    rf"|{_IF}{_SUBJECT} (?:is|are) (?:never|not) required to {_ASSIGN} (?:any )?(?:excess |of the excess |of its )?"
    rf"(?:combat )?damage to {_ATTACKED}{_THOUGH}"
    rf"|{_IF}{_SUBJECT} (?:does not|do not|never) (?:have|has|need|needs) to {_ASSIGN} (?:any )?(?:excess |of the excess )?"
    rf"(?:combat )?damage to {_ATTACKED}{_THOUGH}"
    rf"|{_IF}{_SUBJECT} (?:can|may|could)(?: also)? {_ASSIGN} all (?:of )?(?:its|their|the creature's) (?:combat )?damage"
    r" (?:among|to) (?:its|the|those) blockers"
    rf"|{_IF}{_REST} (?:can|may)(?: also)? be assigned to (?:its|the|those) blockers(?: instead)?"
)
#: Two statements joined in one sentence ("you can assign more than lethal damage to a blocker if you want, but nothing
#: can be assigned to the player until ..."): each side must read alone.
_JOINS = ("; ", ", but ", ", and ")

#: A worked example: the blockers' sizes, the damage the blockers must get, the rest to the player.
_SIZE = r"(?:a|an|one) (?P<p{i}>\d+)/(?P<t{i}>\d+)(?: creature)?"
#: "if it is blocked by a 2/2 (and a 3/3), ": the blockers of an example, by size.
_BLOCKED_BY_SIZES = (
    r"(?:for example, )?if (?:~|it) is blocked by " + _SIZE.format(i=1) + r"(?: and " + _SIZE.format(i=2) + r")?, "
)
#: Tenth round: the example said as an order ("you must assign at least 2 damage to the first and at least 3 to
#: the second before you can assign the remaining 1 to the defending player").
_EXAMPLE_BEFORE = re.compile(
    _BLOCKED_BY_SIZES
    + r"(?:you|~|it) (?:must|has to|have to|need to|needs to) assign at least (?P<l1>\d+) (?:(?:of its )?(?:combat )?damage )?"
    r"to (?:the first|that creature|it|the blocking creature|the blocker)(?: and (?:at least )?(?P<l2>\d+) (?:(?:combat )?damage )?"
    r"to the second)? before (?:you|it) can assign (?:the remaining|the rest(?: of its (?:combat )?damage)?|the other|any)"
    rf"(?: (?P<rest>\d+))?(?: (?:combat )?damage)? to {_ATTACKED}"
)
#: ... or blocked by one creature of a toughness: "it can assign 3 of its 4 damage to the player".
_EXAMPLE_ONE = re.compile(
    r"(?:for example, )?if (?:~|it) (?:has trample and )?is blocked by a creature with toughness (?P<t1>\d+), "
    rf"(?:~|it) (?:can|may|could) assign (?P<rest>\d+) of its (?P<power>\d+) (?:combat )?damage to {_ATTACKED}"
)


@lru_cache(maxsize=8192)
def _read(text: str) -> str | None:
    state = _read_one(text)
    if state is not None:
        return state
    for join in _JOINS:
        if join in text:
            left, right = text.split(join, 1)
            sides = (_read_one(left), _read_one(right))
            if all(side in STATES for side in sides):
                # the claim besides the excess's choice, if the sentence makes one
                return next((side for side in sides if side != EXCESS_TO_BLOCKERS), EXCESS_TO_BLOCKERS)
    return None


def _read_one(text: str) -> str | None:
    for state, frame in _COMPILED:
        if frame.fullmatch(text):
            return state
    return EXCESS_TO_BLOCKERS if _EXCESS_TO_BLOCKERS.fullmatch(text) else None


def _example_adds_up(text: str, cards: Iterable[CardData]) -> bool:
    """Whether ``text`` is a worked example whose numbers are right for a card with trample, in the two
    forms :mod:`rulings.trample_examples` does not read (each blocker's share in order; "3 of its 6
    damage"): lethal damage is the blockers' toughness, the rest is the power less it."""
    powers = {int(c.power) for c in cards if c.power and c.power.isdigit() and "trample" in map(str.lower, c.keywords)}
    one = _EXAMPLE_ONE.fullmatch(text)
    if one is not None:
        toughness, rest, power = (int(one.group(g)) for g in ("t1", "rest", "power"))
        return power in powers and rest == power - toughness and rest > 0
    before = _EXAMPLE_BEFORE.fullmatch(text)
    if before is not None:
        sizes = [int(before.group(f"t{i}")) for i in (1, 2) if before.group(f"t{i}")]
        each = [int(before.group(g)) for g in ("l1", "l2") if before.group(g)]
        said_rest = before.group("rest")
        # each blocker its own toughness (the first and the second, in order), and the rest what the power leaves
        return (
            each == sizes
            and (said_rest is None or any(int(said_rest) == power - sum(sizes) for power in powers))
            and any(power > sum(sizes) for power in powers)
        )
    return False


def _reading(texts: Iterable[str], cards: tuple[CardData, ...]) -> str | None:
    found: str | None = None
    for sentence in texts:
        text = prepared(sentence)
        state = _read(text)
        if state is None and _example_adds_up(text, cards):
            state = EXCESS_BEYOND_LETHAL
        if state is None:
            state = read_trample_example(text, cards)
        if state is None:
            # twenty-third round: the example's numbers tagged in whatever order it says them
            state = _TAGGED_STATES.get(read_tagged_example(text, cards) or "")
        if state in STATES:
            return state
        found = found or state
    return found


def said_or_held(keyword: str, cards: tuple[CardData, ...], texts: tuple[str, ...]) -> bool:
    """Whether the sentence names ``keyword`` or a ruling's card has or gives it (its oracle text or
    keywords name it): a claim of trample's rule said of a creature without trample is false."""
    return any(keyword in c.text.lower() or keyword in map(str.lower, c.keywords) for c in cards) or any(
        keyword in t.lower() for t in texts
    )


def read_trample(texts: Iterable[str], cards: Iterable[CardData] = ()) -> str | None:
    """What one reading of a sentence states of trample's assignment order (a statement of
    :data:`STATES`, or :data:`EXPLAINS` for half of the rule), or None; only for a creature with
    trample (:func:`said_or_held`)."""
    texts, cards = tuple(texts), tuple(cards)
    if not said_or_held("trample", cards, texts):
        return None
    state = _reading(texts, cards)
    return EXPLAINS if state in (LETHAL_HALF, REST_HALF) else state


def trample_half(texts: Iterable[str], cards: Iterable[CardData] = ()) -> str | None:
    """Which half of the rule a sentence says alone (:data:`LETHAL_HALF`, :data:`REST_HALF`), or None."""
    texts, cards = tuple(texts), tuple(cards)
    if not said_or_held("trample", cards, texts):
        return None
    state = _reading(texts, cards)
    return state if state in (LETHAL_HALF, REST_HALF) else None


# --- its blockers gone: all its damage to the player (702.19e) ---------------------------------

AS_THOUGH_LETHAL = "as-though-lethal"
REGULAR_DAMAGE_BEYOND = "regular-damage-beyond"
GONE_STATES = (AS_THOUGH_LETHAL, REGULAR_DAMAGE_BEYOND)

_ATTACKER = (
    rf"(?:{_SUBJECT}|the attacking creature(?: (?:that|which) (?:gains|has|gets) trample)?|"
    r"an attacking creature you control|(?:a|the|that) [a-z]+ you control|that attacking creature|that [a-z]+"
    # nineteenth round: "that attacker"
    r"|that attacker)"
)
_BLOCKERS_OF = (
    r"(?:it|~|them|that creature|the (?:attacking|equipped|enchanted) creature|(?:a|the|that) [a-z]+ you control|"
    r"a creature (?:that|which) (?:gained|gains|has) trample(?: from ~)?"
    # tenth round: the attacker named with its trample, or by the card attached to it
    r"|(?:an?|the) (?:attacking )?creature with trample|the creature (?:equipped|enchanted) (?:with|by) ~"
    # eighteenth round: one of your attackers, the spell's other target ("one of your other attacking creatures", "the
    # creature you chose as its second target", "the other target creature")
    r"|one of your (?:other )?attacking creatures|that attacking creature|the (?:other )?target(?:ed)? creature"
    r"|the creature you chose as its (?:first |second )?target"
    # nineteenth round: "your attacking creature with trample", "your attacker", "one of your attackers"
    r"|your attacking creature(?: with trample)?|your attacker|one of your (?:attackers|attacking creatures))"
)
_GONE_VERB = (
    r"(?:leaves? combat|leaves? the battlefield|(?:is|are) (?:destroyed|exiled|sacrificed|removed from combat)|dies|die"
    r"|(?:is|are) returned to (?:its|their) owners?'s? hands?"
    # twentieth round: two ways said together ("are destroyed or sacrificed")
    r"|(?:is|are) (?:destroyed|exiled|sacrificed|removed from combat) or (?:destroyed|exiled|sacrificed|removed from combat"
    r"|returned to (?:its|their) owners?'s? hands?))"
)
_ALL_GONE = (
    rf"(?:(?:all |each of |both of |every |each )?(?:the |its )?(?:creatures? blocking {_BLOCKERS_OF}|blockers?|blocking creatures?)"
    rf"|the only creature blocking {_BLOCKERS_OF}|its only blocker) {_GONE_VERB}(?: before (?:combat )?damage(?: is dealt)?"
    # nineteenth round: "... before combat damage is assigned"
    r"| before (?:combat )?damage is assigned)?"
)
_DESTROYS_ALL = (
    rf"(?:(?:~|~'s (?:triggered |activated |last |first |second |)ability|~'s first-strike (?:combat )?damage"
    rf"|the creature's first-strike (?:combat )?damage|its first-strike (?:combat )?damage|first-strike (?:combat )?damage"
    # eighteenth round: the first-strike damage of the creature named by its card, a spell's damage
    r"|(?:that|the (?:enchanted|equipped|attacking|target(?:ed)?)) creature's first-strike (?:combat )?damage|~'s damage)"
    r" (?:destroys|removes|exiles|returns|has destroyed|has removed|has exiled|has returned)"
    # ... what you use to make them go ("if you use ~'s last ability to destroy ..."), enough first-strike damage
    r"|you use ~(?:'s (?:[a-z]+ )?ability)? to (?:destroy|remove|exile|return)"
    # nineteenth round: the spell cast to make them go ("if you cast ~ to destroy the only creature blocking ..."), the
    # card named before by pronoun ("if it exiles ..."), the blocker's controller made to sacrifice it, the creature an
    # Aura or Equipment is on
    r"|you cast ~ to (?:destroy|remove|exile|return)"
    r"|(?:it|the defending player|your opponent|its controller) (?:destroys|removes|exiles|returns|sacrifices)"
    r"|(?:the|a) creature (?:enchanted|equipped) (?:by|with) ~ (?:destroys|removes)"
    rf"|{_SUBJECT} deals enough first-strike (?:combat )?damage to (?:destroy|kill))"
    rf" (?:all (?:of )?|every |each )?(?:the |its )?(?:only )?"
    rf"(?:creatures? blocking {_BLOCKERS_OF}|blockers?)(?: from combat| to (?:its|their) owners?'s? hands?)?"
    # nineteenth round: what it was sacrificed to ("... to its triggered ability")
    r"(?: to (?:its|~'s) (?:triggered |activated )?ability)?"
    # tenth round: with its first-strike damage
    r"(?: with (?:its )?first-strike (?:combat )?damage)?"
)
_ALL_DAMAGE = (
    # (eighteenth round: "all of its regular combat damage", the damage of the step after its blockers went)
    r"all(?: \d+)? of its (?:regular |normal )?(?:combat )?damage|all its (?:regular |normal )?(?:combat )?damage"
    r"|all of its (?:regular |normal )?(?:combat )?damage"
    r"|all (?:of )?(?:that creature's|~'s|the equipped creature's|the enchanted creature's|that attacking creature's"
    # thirteenth round: the creature as the combat normal form's token
    r"|npx's|npma's|npmb's"
    # twenty-fourth round: the creature named by a noun phrase the combat normal form leaves ("all of the creature's combat
    # damage")
    r"|(?:the|that) (?:target |targeted |affected |blocked )?creature's) (?:regular |normal )?(?:combat )?damage"
    # twenty-fifth round: its damage without "all" (every blocker gone, what it assigns is all of it)
    r"|its (?:regular |normal )?(?:combat )?damage"
)
#: Eighteenth round: the attacker's trample said again on the way ("that creature will have trample and will assign
#: ..."): the reader has made sure it has it.
_HAS_TRAMPLE_AND = r"(?: (?:has|will have) trample,? and)?"
#: Eighteenth round: why, said between the blockers gone and the damage ("once ..., there's nothing left to assign lethal
#: damage to, so it assigns ..."): 702.19e's own reason.
_NOTHING_LEFT = (
    r"(?: there is (?:nothing|no creature|no blocker) left to assign (?:lethal )?(?:combat )?damage to, so)?"
)
_BECAUSE = (
    r"(?:,? (?:because|since) it has trample|,? thanks to the trample it (?:gets|has) from ~"
    # tenth round: the rule's own words (702.19e)
    r"|,? as though (?:each of )?its blockers? had been assigned lethal damage"
    # twenty-fifth round: "as though all those creatures had been assigned lethal damage"
    r"|,? as though (?:each of |all (?:of )?)?(?:its|those|the) (?:blockers|creatures|blocking creatures) had been assigned"
    r" lethal damage)?"
)
#: Nineteenth round: the attacker said to stay blocked on the way, and its trample as the reason it deals damage all the
#: same ("~ will remain blocked, but because it has trample, it will assign ..."; 509.1h, 702.19e).
_STILL_BLOCKED_BUT = (
    rf"(?: {_ATTACKER} (?:will )?(?:remains?|stays?|is still) blocked,? but"
    r"(?:,? (?:because|since) (?:it has trample|~ gives it trample),?| thanks to (?:its )?trample,?)?)?"
)
_GONE_FRAMES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (state, re.compile(form))
    for state, form in (
        # "if the creature blocking ~ leaves the battlefield before combat damage, ~ assigns all its damage
        # to the player" / "if ~ destroys the only creature blocking it, it assigns all its combat damage ..."
        (
            AS_THOUGH_LETHAL,
            # (twentieth round: the block said first, "if the creature equipped with ~ is blocked, but all creatures blocking it
            # are destroyed ...")
            rf"(?:if|once) (?:{_ATTACKER} (?:is|becomes) blocked,? but )?(?:{_ALL_GONE}|{_DESTROYS_ALL}),{_NOTHING_LEFT}"
            rf"{_STILL_BLOCKED_BUT} {_ATTACKER}{_HAS_TRAMPLE_AND} (?:assigns|will assign|deals|will deal) (?:{_ALL_DAMAGE}) "
            rf"to {_ATTACKED}{_BECAUSE}",
        ),
        # "..., all its damage is assigned to the player"
        (
            AS_THOUGH_LETHAL,
            rf"if (?:{_ALL_GONE}|{_DESTROYS_ALL}|no creatures are blocking it (?:as|when) combat damage is assigned), "
            rf"(?:{_ALL_DAMAGE}) (?:is|will be) assigned to {_ATTACKED}{_BECAUSE}",
        ),
        # "an attacking creature you control whose only blocker was removed from combat by ~ assigns all
        # its combat damage to the player, because it has trample"
        (
            AS_THOUGH_LETHAL,
            rf"{_ATTACKER} whose (?:only blocker was|blockers were all|blockers were) (?:removed from combat|destroyed)"
            rf"(?: by ~)? (?:assigns|deals) (?:{_ALL_DAMAGE}) to {_ATTACKED}{_BECAUSE}",
        ),
        # tenth round: "if ~ destroys the creature blocking it with first-strike combat damage, it assigns all of
        # its combat damage in the regular combat damage step to the player"
        (
            REGULAR_DAMAGE_BEYOND,
            rf"(?:if|once) {_DESTROYS_ALL},{_NOTHING_LEFT}{_STILL_BLOCKED_BUT} {_ATTACKER} (?:assigns|will assign) (?:all (?:of )?its (?:combat )?damage"
            rf" in the (?:second|regular) combat damage step|all (?:of )?its (?:regular|normal) combat damage) to {_ATTACKED}",
        ),
        # "if its first-strike damage destroys all the creatures blocking it, all its damage in the second
        # combat damage step is assigned to the player"
        (
            REGULAR_DAMAGE_BEYOND,
            rf"(?:if|once) {_DESTROYS_ALL}, (?:all (?:of )?its (?:combat )?damage in the (?:second|regular) combat damage step|"
            rf"all (?:of )?its (?:regular|normal) combat damage) (?:is|will be) assigned to {_ATTACKED}",
        ),
    )
)


#: Twelfth round: all its damage to what it attacks, said as a part of a sentence read part by part
#: (:func:`rulings.fact_composer.parts_with`).
_ATTACKED_LONGEST = (
    # the longest first: a part ends where its longest reading does
    r"(?:the player, planeswalker,? or battle (?:it is|they are|~ is) attacking|the player or planeswalker (?:it is|they are|~ is)"
    r" attacking|the player(?:,| or) planeswalker(?:,? or battle)?|the (?:defending )?player(?: (?:it is|they are|~ is) attacking)?"
    r"|(?:the )?defending player|(?:the|that) (?:planeswalker|battle)(?: (?:it is|they are|~ is) attacking)?)"
)
_ALL_TO_ATTACKED = re.compile(
    rf"(?:(?:assigns|deals|will assign|will deal|can assign|may assign|assign|deal) (?:{_ALL_DAMAGE})"
    rf"|(?:{_ALL_DAMAGE}) (?:is|will be|can be|gets) (?:assigned|dealt)"
    # thirteenth round: "its damage is all assigned to ..."
    r"|(?:its|~'s|npx's|npma's|npmb's|the (?:equipped|enchanted|attacking) creature's) (?:combat )?damage (?:is|will be) all "
    r"(?:assigned|dealt)"
    rf"|(?:{_ALL_DAMAGE}) (?:goes|will go))"
    # twenty-fourth round: the step said before what it attacks ("all of its combat damage in the regular combat damage
    # step to the player")
    r"(?: in the (?:regular|second) combat damage step)?"
    rf" to {_ATTACKED_LONGEST}{_BECAUSE}"
    # fourteenth round: in the step it deals its damage in (its blockers gone in the first one)
    r"(?: in the (?:regular|second) combat damage step)?"
    # twenty-fifth round: "instead" (of to its blockers)
    r"(?: instead)?(?=[ ,]|$)"
)


#: Thirteenth round: no creature blocking it when its damage is assigned, said as a state ("if there
#: are no creatures blocking ~ when combat damage is assigned"), in the plain and the normal form.
_NONE_BLOCKING = re.compile(
    r"(?:there (?:are|is) no (?:creatures?|npx|blockers?) (?:still )?blocking (?:it|~|npx|npma|npmb)"
    r"|no (?:creatures?|npx|blockers?) (?:are|is) (?:still )?blocking (?:it|~|npx|npma|npmb)"
    r"|(?:it|~|npx|npma|npmb) (?:has|is left with) no (?:blockers|creatures blocking it|npx blocking it))"
    r"(?: (?:as|when) (?:its )?(?:combat )?damage is (?:assigned|dealt))?(?=[ ,]|$)"
)
#: ... and the moment before combat damage, which every blocker gone is (the rule needs no other).
_BEFORE_DAMAGE = re.compile(r"before (?:combat )?damage(?: is (?:dealt|assigned))?(?=[ ,]|$)")
_GONE_EXTRA = (
    ("all-to-attacked", _ALL_TO_ATTACKED),
    ("none-blocking", _NONE_BLOCKING),
    ("before-damage", _BEFORE_DAMAGE),
)
#: Trample said of the creature again, where the reader has made sure it has it ("an attacking
#: creature with trample", "that gains trample", "but because it has trample"): no further claim.
_WITH_TRAMPLE = re.compile(
    r"(?:(?<=npx)|(?<=npm[abf])|(?<= it)|(?<= ~)) (?:with trample|that (?:gains|gained|has|had|gets|got) trample(?: from ~)?)(?![\w-])"
    r"|(?<=, )(?:but |and )?because (?:it|~|that creature|npx|npma|npmb) has trample,? "
    # fourteenth round: the card that gives it trample named as the cause, or as what it needs ("because of ~, ...",
    # ", as long as ~ is still on the battlefield": the reader has made sure the card gives it)
    r"|^because of ~, |,? as long as ~ (?:is still|remains|is) on the battlefield$|^because (?:~|it) has trample, "
)


#: Twenty-fourth round: trample gained after the blockers went ("if you cast ~ on a blocked creature after the creature
#: blocking it has been destroyed", read by rulings.keyword_changes as "if npmb gains trample after ..."): the creature
#: has trample and its blockers are gone when damage is assigned, as 702.19e needs; read as "npmb and <gone>".
_GAINS_AFTER_GONE = re.compile(r"(?:(?<=npx)|(?<=npm[ab])) (?:gains|gets) trample after (?=(?:the|its|all|each|both) )")


@lru_cache(maxsize=4096)
def _gone_by_parts(sentence: str) -> bool:
    """Whether a sentence says, part by part, that every blocker gone leaves all its damage to what
    it attacks: every creature blocking it gone (in an "if" clause, or said as the subject), all its
    damage assigned to what it attacks (in the main clause), and nothing else but "it is still
    blocked" and the moment blockers are declared."""
    for text in dict.fromkeys((combat_prepared(sentence), combat_prepared(sentence, normal=False))):
        parts = parts_with(_WITH_TRAMPLE.sub("", _GAINS_AFTER_GONE.sub(" and ", text)), _GONE_EXTRA)
        if not parts:
            continue
        gone = [found for kind, found, _ in parts if kind in ("gone", "none-blocking")]
        said = [sub for kind, _, sub in parts if kind == "all-to-attacked"]
        if len(gone) != 1 or not said or any(said):
            continue
        if gone[0].re is not _NONE_BLOCKING and not any(
            v and k.startswith(("gone_all", "removing_all", "card_gone")) for k, v in gone[0].groupdict().items()
        ):
            continue  # one of several blockers gone: the others still take lethal damage first
        others = [
            (kind, found)
            for kind, found, _ in parts
            if kind not in ("gone", "none-blocking", "all-to-attacked", "before-damage")
        ]
        if all(
            (kind == "outcome" and outcome_of_groups(found.groupdict()) == ("blocked", True))
            # (fourteenth round: or in the first combat damage step, which is after blockers are declared)
            or (
                kind in ("moment", "event")
                and moment_of_groups(found.groupdict()) in ("after-blockers", "after-first-damage")
            )
            for kind, found in others
        ):
            return True
    return False


def read_blockers_gone(texts: Iterable[str], cards: Iterable[CardData] = ()) -> str | None:
    """The statement one reading of a sentence makes of a blocked creature with trample whose
    blockers are all gone (all its damage to the player), or None. The creature must have trample:
    the sentence says so, or the ruling's card has or gives it (without trample a blocked creature
    whose blockers are gone deals no combat damage, 509.1h, and the sentence would be false)."""
    texts, cards = tuple(texts), tuple(cards)
    if not said_or_held("trample", cards, texts):
        return None
    for sentence in texts:
        text = prepared(sentence)
        for state, frame in _GONE_FRAMES:
            # damage in the second step after first-strike damage: only a creature with double strike
            if frame.fullmatch(text) and (
                state != REGULAR_DAMAGE_BEYOND or said_or_held("double strike", cards, texts)
            ):
                return state
    if any(_gone_by_parts(sentence) for sentence in texts):
        return AS_THOUGH_LETHAL
    if any(_NONE_TO_THE_GONE.fullmatch(prepared(sentence)) for sentence in texts):
        return EXPLAINS
    return None


#: Thirteenth round: beside the statement, the blocker gone needs no damage ("~ doesn't need to assign any damage
#: to a blocker that's no longer there"): an explanation, never a statement alone.
_NONE_TO_THE_GONE = re.compile(
    r"(?:~|it|the creature|that creature|the attacking creature) (?:does not need to|does not have to|need not|is not required to)"
    r" assign (?:any )?(?:combat )?damage to (?:a blocker|blockers|its blockers|a blocking creature|a creature) (?:that|which)"
    r" (?:is|are) no longer (?:there|on the battlefield|in combat|blocking it)"
    # eighteenth round: the blocker gone named by how it went ("it won't deal any combat damage to the destroyed creature,
    # as that creature is no longer blocking it"), and no lethal damage left to assign ("with no blockers left, there's
    # no lethal damage to assign first")
    r"|(?:~|it|the creature|that creature|the attacking creature) (?:will not|does not|cannot) (?:deal|assign) any (?:combat )?"
    r"damage to the (?:destroyed|removed|exiled|sacrificed) (?:creature|blocker)(?:,? (?:as|because|since) (?:that creature|it)"
    r" (?:is no longer blocking (?:it|~)|has left (?:combat|the battlefield)))?"
    r"|(?:with no (?:blockers|creatures blocking it) left, )?there is (?:no lethal damage (?:left )?to assign(?: first)?"
    r"|nothing left to assign lethal damage to)"
    # nineteenth round: the case without trample, which the rule is the exception to (509.1h, 510.1a): "without trample,
    # it wouldn't assign any combat damage at all"
    r"|without trample, (?:it|~|that creature|that attacker|the attacking creature) would (?:not|never) (?:assign|deal) any"
    r" (?:combat )?damage(?: at all)?"
    r"|(?:a blocked creature|a creature|the attacking creature) without trample would (?:assign|deal) no (?:combat )?damage"
    r"(?: in that situation| in that case| then| at all)?"
)
