"""What a combat sentence says happens after a keyword changes, read as a fact and checked against
the facts a family declares (a truth table of the rules), not matched as a bag of words.

A family of "the change comes too late" rules (702.7c, 702.4c-d, 702.20b, 509.1h, 506.4, 508.1)
is stated in rulings as *a keyword gained or lost*, *after a moment of combat*, and *what follows
for the creature*: it stays tapped or untapped, keeps attacking, stays blocked, deals its combat
damage in the second combat damage step or not. The claim reader (:mod:`rulings.claims`) reads a
sentence as a set of concepts and needs a declared record for each set, so "won't prevent it from
dealing combat damage" and "will still deal combat damage" are two records, and a form nobody
declared is not read. This reader takes the sentence apart into those three parts instead, each
from a small grammar of its own forms, and computes what follows with its polarity:

- **the change**: a finite verb ("gains", "loses", "no longer has"), a gerund subject ("giving it
  flying", "removing double strike from it", "causing it to lose haste", "gaining vigilance");
- **the moment**: after attackers are declared (or "an attacking creature"), after blockers are
  declared (or "a blocked creature"), after first-strike combat damage (or during the first
  combat damage step);
- **the outcome**: a state of the creature (tapped, attacking, blocked, blocking, dealing damage
  in the second combat damage step) and whether it holds: "won't cause it to become untapped" is
  tapped; "won't prevent it from dealing combat damage" is dealing it; "will stop it from
  assigning combat damage in the second step" is not.

A sentence is read only if one of the frames below reads *all* of it: any other word (a player, a
zone, another step, a condition, "unless", "only") leaves it unread, so a sentence that claims
more than the fact is never read as the fact. A fact is a claim of a template when the template
declares it (``facts.<statement>`` in ``rulings/wordings/*.toml``: keyword, change, moment, the
outcome and whether it holds); a negated or changed sentence computes another fact, which no
family declares, so it stays uncovered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from rulings.combat_forms import normal_form
from rulings.meaning import spell_out_contractions
from rulings.subtypes import types_as_creatures

#: The fields of a declared fact, and the values each may take.
CHANGES = ("gained", "lost", "gained-or-lost", "a-blocker-gone", "all-blockers-gone")
OUTCOMES = ("tapped", "attacking", "blocked", "blocking", "second-damage", "changed")
KEYWORDS = ("first strike", "double strike", "flying", "reach", "menace", "vigilance", "haste")


class FactError(ValueError):
    """A declared fact is malformed; the message says where and why."""


@dataclass(frozen=True)
class Fact:
    """A keyword changed at a moment of combat, and what follows: ``outcome`` holds or not."""

    keyword: str
    change: str
    moment: str
    outcome: str
    holds: bool
    #: For a declared fact that names no keyword (a blocker gone): the keyword the ruling's card
    #: must hold or give for the fact to state this family's rule ("held = menace": one of two
    #: blockers gone, the block of a creature with menace stands). Empty for a fact read from a
    #: sentence, and for a declared fact that needs no card.
    held: str = ""

    def stated_by(self, read: Fact, held: frozenset[str]) -> bool:
        """Whether the fact ``read`` from a sentence states this declared fact, for a ruling whose
        cards hold or give the keywords ``held``."""
        return replace(self, held="") == read and (not self.held or self.held in held)


def fact_from_record(record: object, where: str) -> tuple[Fact, ...]:
    """The facts of one declared record (``{keyword = ["flying", "reach"], change = "gained", moment
    = "after-blockers", outcome = "blocked", holds = true}``): one per keyword listed, checked."""
    if not isinstance(record, dict):
        raise FactError(f"{where}: a fact must be a table (keyword, change, moment, outcome, holds)")
    unknown = sorted(set(record) - {"keyword", "change", "moment", "outcome", "holds", "held"})
    if unknown:
        raise FactError(f"{where}: unknown fact field(s) {unknown}")
    gone = record.get("change") in ("a-blocker-gone", "all-blockers-gone")
    keywords = record.get("keyword", [""] if gone else None)
    keywords = [keywords] if isinstance(keywords, str) else keywords
    if gone and keywords != [""]:
        raise FactError(f"{where}: a blocker gone changes no keyword: leave keyword out")
    if not isinstance(keywords, list) or not keywords or any(k not in (*KEYWORDS, "") for k in keywords):
        raise FactError(f"{where}: keyword must be one or a list of {', '.join(KEYWORDS)}")
    for name, allowed in (("change", CHANGES), ("moment", MOMENTS), ("outcome", OUTCOMES)):
        if record.get(name) not in allowed:
            raise FactError(f"{where}: {name} must be one of {', '.join(allowed)}, got {record.get(name)!r}")
    if not isinstance(record.get("holds"), bool):
        raise FactError(f"{where}: holds must be true or false")
    held = record.get("held", "")
    if held and (not gone or held not in KEYWORDS):
        raise FactError(
            f"{where}: held names the keyword a card must hold for a blocker-gone fact: one of {', '.join(KEYWORDS)}"
        )
    return tuple(
        Fact(
            str(k),
            str(record["change"]),
            str(record["moment"]),
            str(record["outcome"]),
            bool(record["holds"]),
            str(held),
        )
        for k in keywords
    )


# -- the grammar's parts (over the normal form, contractions spelled out, tense words dropped) --------

_KEYWORD = r"double strike|first strike|flying|reach|menace|vigilance|haste"


def _k(name: str) -> str:
    """The keyword, captured as ``name`` (each alternative of a frame names its own group)."""
    return f"(?P<{name}>{_KEYWORD})"


#: How a ruling names a creature, in its own words. Before the frames read a sentence, each such noun
#: phrase is written as one token (:func:`_noun_tokens`): ``npx`` for a creature, and ``npma``,
#: ``npmb``, ``npmf`` for one that names the moment of combat it was in (attacking, blocked, or past
#: its first-strike damage). The frames then name a creature by a short alternation, which keeps them
#: small enough to compile at once (eighth round: the noun phrases grew, the frames did not).
#: First strike and double strike named apart are read only as 702.4d says them (_CHANGE_SUBJECT).
_MOMENT_NOUN_PHRASE = re.compile(
    r"(?<![\w~'-])(?:"
    # fourteenth round: "an attacker", "that attacker" (not "as an attacker", a moment's words)
    r"(?<!as )(?:an|the|that|each|your) (?P<e>attacker)(?![\w'-])|"
    # nineteenth round: "one of your attackers", "one of your attacking creatures"
    r"one of (?:your|its controller's|their) (?P<f>attackers|attacking creatures)(?![\w'-])|"
    r"(?:an? |the |that |each |your )?(?P<a>attacking|blocked) (?:creatures?|~)(?: you control)?"
    r"(?: with (?:flying|reach|menace|vigilance|haste))?(?: by (?:a single|one|only one|just one) creature)?"
    r"(?: this turn| this combat)?(?! (?:it|~) | (?:with (?:flying|reach|menace|vigilance|haste) )?(?:you control )?(?:that|which)"
    r" (?:were|was|are|is|has been|have been) blocked)"
    r"|(?:a|the) creature (?:that is|that's) (?:already )?(?P<b>attacking|blocked)"
    r"|(?:a|the) creature(?: with (?:flying|reach|menace|vigilance|haste))? (?:that is|that's) (?P<d>attacking|blocked"
    r"|blocking)(?: (?:a|the) creature with (?:flying|menace)"
    # nineteenth round: the attacker it blocks named as yours ("a creature that's blocking one of your flyers", "... your
    # flying attacker")
    r"| one of your (?:flyers|attackers|attacking creatures|flying attackers)| your (?:flying )?attacker| that flyer)?"
    r"|(?:(?:an? |the |that |each |any |all |those )?(?:attacking )?creatures? (?:with (?:flying|reach|menace|vigilance|haste) )?"
    r"(?:you control )?"
    # eleventh round: the creatures named by a pronoun and the clause ("any of them that were blocked")
    r"|(?:any|all|those|the ones|ones|each)(?: of them)? )(?:that|which) "
    # "that attacked" alone may be of an earlier turn: a perfect tense or a present one says this combat
    r"(?P<c>(?:has |have |had )attacked|are attacking|is attacking"
    # eleventh round: "that attacked the turn it came under your control" (this turn, as the sentence says it)
    r"|attacked (?:on )?the (?:same )?turn (?:it|they) came under (?:your|its controller's|their controller's) control"
    # tenth round: "creatures that were blocked by only one creature" (this combat, as the sentence says it)
    r"|(?:are|is|were|was) blocked(?: by (?:a single|one|only one|just one) creature)?"
    r"|(?:was|were|has been|have been) tapped to attack"
    r"|(?:has |have |had )(?:been declared as (?:an? )?(?:attackers?|attacking creatures?)|been blocked|become blocked"
    r"|dealt (?:its |their )?first-strike (?:combat )?damage"
    r"|dealt (?:its |their )?(?:combat )?damage in the first(?:-strike| strike)? combat damage step)"
    # fourteenth round: first-strike damage dealt, said in the simple past (it is this combat's: 510.4)
    r"|dealt (?:its |their )?first-strike (?:combat )?damage"
    # eleventh round: the first-strike damage a sentence named before ("Knights that dealt that damage")
    r"|dealt that (?:first-strike )?(?:combat )?damage)"
    r"(?: this turn| this combat)?"
    r")(?![\w-])"
)
_NOUN_PHRASE = re.compile(
    r"(?<![\w~'-])(?:"
    r"the creature (?:it|~) (?:was|is) (?:attached to|enchanting|equipping)"
    # sixteenth round: "the creature it enchanted"
    r"|the creature (?:it|~) (?:enchanted|equipped)"
    r"|(?:an? |the |those |any |all |each |your )?(?:other )?(?:creatures?|(?:creature )?tokens?)(?: you control)? (?:that|which)"
    r" (?:(?:are|is|was|were) blocking(?: (?:a|an|the) (?:attacking )?creatures? with (?:flying|menace)| it| ~)?"
    r"|attacked|are attacking|is attacking"
    r"|blocked|are blocked|is blocked|(?:were|was|have been|has been) tapped to attack"
    r"|(?:was|were|has been|have been|is|are) blocked(?: by (?:a single|one|only one|just one) creature)?"
    r"|came under your control this turn(?: and attacked)?|(?:were|was) created this turn(?: and attacked)?"
    r"|(?:dealt|did not deal|have not dealt|has not dealt) first-strike (?:combat )?damage"
    # fourteenth round: "a creature that hasn't dealt combat damage (yet)"
    r"|(?:did not deal|have not dealt|has not dealt|has not yet dealt) (?:any )?combat damage(?: yet)?"
    r"|(?:lose|lost|gain|gained) (?:first strike|double strike|flying|reach|menace|vigilance|haste)(?: as a result)?)"
    r"|(?:a|the|that|each) (?:attacking |blocking )?creatures? (?:with|without) (?:it|them|flying or reach|reach or flying"
    r"|flying|reach|menace|vigilance|haste|that ability)"
    r"|(?:a|the|that|each) creatures? without (?:first strike|double strike)"
    # twelfth round: a creature named by its double strike (not by its first strike: 702.4d's frame reads that)
    r"|(?:a|the|that|each) (?:attacking |blocking )?creatures? with double strike"
    r"|(?:(?:a|the|each|that|other|an attacking|the attacking|each attacking|attacking) )?creatures? you control"
    r"|your (?:attacking |blocking )?creatures?"
    r"|(?:the )?target creature|the targeted creature|the equipped creature|the enchanted creature"
    r"|the affected creatures?|each creature(?! blocking)|the creature you gained control of(?: with ~)?"
    r"|(?:the|those|these|that|a|each|your) (?:creature )?tokens?(?: you control)?"
    # a bare creature noun, unless more words say which creature (read by the frames themselves)
    r"|(?<!which )(?:the creature|that creature|this creature|a creature|the creatures|those creatures|creatures"
    # fourteenth round: "each other creature" (a lord's creatures named by their type, "each other demon"); the
    # creature an Equipment or Aura was on before ("the first creature", "the previously equipped creature")
    r"|each other creature|every other creature|other creatures"
    r"|the (?:first|original|previously equipped|formerly equipped|previously enchanted) creature)"
    r"(?! with (?:first|double) strike| blocking| (?:it|~) )"
    r")(?![\w'-])"
)
_MOMENT_TOKENS = {"after-attackers": "npma", "after-blockers": "npmb", "after-first-damage": "npmf"}


def _moment_token(found: re.Match[str]) -> str:
    words = next(found.group(g) for g in ("a", "b", "d", "c", "e", "f") if found.group(g))
    if "damage" in words:
        return _MOMENT_TOKENS["after-first-damage"]
    return _MOMENT_TOKENS["after-blockers" if "block" in words else "after-attackers"]


def _noun_tokens(text: str) -> str:
    """``text`` with each creature noun phrase a token (see :data:`_MOMENT_NOUN_PHRASE`)."""
    return _NOUN_PHRASE.sub("npx", _MOMENT_NOUN_PHRASE.sub(_moment_token, text))


#: A creature in a frame: a pronoun, the card, a noun phrase's token, or a blocker named as one.
_NP = (
    r"(?:~|it|they|them|(?:any |each |every )?npx|(?:any |each |every )?npm[abf]|(?:a|the|each) creatures? blocking (?:it|~|them|npx)|(?:the|a|each) blocking creatures?"
    r"|(?:any |all (?:of )?|both (?:of )?)?its blockers?|that blocker"
    # (seventeenth round: "any attacking creature it was blocking")
    r"|(?:the|that|any|each) (?:attacking )?creatures? (?:it|~) (?:blocked|was blocking|were blocking|is blocking|blocks)"
    # tenth round: the blockers named from the other side
    r"|(?:the |any |all )?creatures blocking (?:the target|that creature|it)|both of (?:those|these|the) creatures|both of them"
    # nineteenth round: "(doesn't cause) any of those creatures (to stop blocking)"
    r"|(?:any|each|all|both) of (?:npx|them|those creatures|its blockers|the blockers)"
    # ... "either blocker", "either creature", "both"
    r"|either (?:blocker|creature|npx|of them|of those creatures)|both)"
)


def _np_moment(name: str) -> str:
    """A noun phrase that names the moment (its token), captured as ``name``."""
    return rf"(?P<{name}>npm[abf])"


def moment_of_token(token: str) -> str:
    """The moment a noun phrase's token names (``npmb``: after blockers are declared)."""
    return _np_moment_of(token)


def _np_moment_of(token: str) -> str:
    """The moment a noun phrase's token names (:func:`_moment_token`)."""
    return next(moment for moment, t in _MOMENT_TOKENS.items() if t == token)


_NP_MOMENT = _np_moment("np_moment")
#: The groups that may hold a moment said by a noun phrase.
_NP_MOMENT_GROUPS = ("np_moment", "npm1", "npm2", "npm3", "npm4")
_GAIN = r"(?:gains|gain|gained|has gained|gets|acquires|is given|is granted|now has|now have)"
_LOSE = r"(?:loses|lose|lost|has lost|no longer has|no longer have|stops having|ceases to have)"
_CHANGE_VERB = (
    rf"(?:(?P<either>gains or loses|loses or gains|gain or lose)|(?P<gain>{_GAIN})|(?P<lose>{_LOSE})) {_k('k')}"
    # twelfth round: both strikes at once ("loses first strike and double strike"): what follows is each one's
    r"(?:(?<=first strike) and double strike|(?<=double strike) and first strike)?"
)
_CHANGE_SUBJECT = (
    rf"(?:(?P<give>giving|granting) (?:(?:{_np_moment('npm1')}|{_NP}) {_k('k1')}|{_k('k2')} to (?:{_np_moment('npm2')}|{_NP}))"
    r"(?: with ~(?:'s (?:[a-z]+ )?ability)?)?"
    rf"|(?:causing|having|making) (?:{_np_moment('npm3')}|{_NP}) (?:to )?(?:(?P<ceither>gain or lose)|(?P<cgain>gain)|(?P<close>lose)) {_k('k3')}"
    rf"|(?P<remove>removing) {_k('k4')} from (?:{_np_moment('npm4')}|{_NP})"
    # 702.4d: double strike given to a creature with first strike
    r"|(?P<give2>giving|granting) (?P<k6>double strike) to (?:a|the|that) creature with first strike"
    rf"|(?:{_NP} )?(?:(?P<geither>gaining or losing|losing or gaining)|(?P<ggain>gaining)|(?P<glose>losing)) {_k('k5')})"
)
_BEEN = r"(?:(?:has|have|had|is|was|are|were) )?(?:been |become |becomes |became |got |already )?"
_MOMENTS: dict[str, str] = {
    "after-attackers": (
        rf"after (?:{_NP} )?{_BEEN}declared as (?:an? )?(?:attacker|attacking creature|npma)s?(?: and tapped)?"
        # tenth round: "while the enchanted creature is attacking"
        rf"|while (?:{_NP} )?(?:is|are) attacking"
        rf"|after (?:{_NP} )?(?:has |have |had )?(?:attacked|attacks|attacking)"
        rf"|after attackers {_BEEN}declared"
        # eleventh round: the attackers named by a noun phrase ("after attacking Soldiers have been declared")
        rf"|after npma {_BEEN}declared(?: as attackers)?"
        rf"|after (?:{_NP} )?{_BEEN}tapped to attack"
        rf"|after (?:you )?(?:have )?(?:declared|declare) {_NP} as (?:an? (?:attacker|attacking creature)|npma)"
        # nineteenth round: "after you've declared attackers"
        r"|after you (?:have )?declared (?:your )?attackers"
        rf"|after (?:you )?(?:have )?(?:attacked|attack) with {_NP}"
        rf"|(?:any time )?after the moment you choose to attack with {_NP}"
        r"|after the declare attackers step|during the declare attackers step"
    ),
    "after-blockers": (
        rf"after (?:{_NP} )?{_BEEN}blocked(?: by (?:one|a single|only one|just one) creature| by npx"
        # nineteenth round: by a number of blockers ("after it has been blocked by two creatures")
        r"| by (?:two|2|two or more|2 or more|multiple|more than one) (?:creatures|npx))?"
        # tenth round: the blocker's side ("after it has blocked a creature with flying")
        rf"|after (?:{_NP} )?(?:has |have )?blocked {_NP}"
        # nineteenth round: ... by a number of them ("after two creatures have blocked the equipped creature")
        rf"|after (?:two|2|two or more|2 or more|multiple) (?:creatures|npx) (?:have |had )?(?:blocked|block) {_NP}"
        # twenty-fifth round: ... by one ("after one creature blocks it", "after a single creature has blocked it")
        rf"|after (?:one|1|a single|only one|just one) (?:creature|npx) (?:has |had )?(?:blocked|blocks) {_NP}"
        # twelfth round: in the present, and with no creature named ("after it blocks", "after blocking a creature")
        rf"|after {_NP} (?:blocks|block)(?: {_NP})?|after blocking(?: {_NP})?"
        rf"|after (?:blockers|blocks) {_BEEN}(?:declared|chosen)"
        # sixteenth round: "after blocks"
        r"|after blocks(?= )"
        # fifteenth round: "after a blocker is assigned" (a blocker declared for it)
        rf"|after (?:a |its )?blockers? {_BEEN}assigned"
        r"|after the declare blockers step|during the declare blockers step"
    ),
    "after-first-damage": (
        rf"after first-strike (?:combat )?damage {_BEEN}(?:dealt|assigned)"
        rf"|after (?:{_NP} )?(?:has )?(?:dealt|deals|assigned|assigns|assigning|dealing) (?:its )?"
        r"(?:(?:first-strike )?(?:combat )?damage in the first(?:-strike| strike)? combat damage step"
        r"|first-strike (?:combat )?damage)"
        rf"|after combat damage {_BEEN}dealt in the first(?:-strike| strike)? combat damage step"
        r"|during the first(?:-strike| strike)? combat damage step"
        r"|after the first(?:-strike| strike)? combat damage step"
        r"|after first-strike (?:combat )?damage(?: step)?"
        # twenty-fifth round: "between the two combat damage steps"
        r"|between (?:the )?(?:two |2 |first and second |first-strike and regular )?combat damage steps"
    ),
}
#: The moments a declared fact may name: those the grammar reads.
MOMENTS = tuple(_MOMENTS)
#: A creature in a frame, and each moment's forms (for :mod:`rulings.settled_facts`).
CREATURE = _NP
MOMENT_FORMS: Mapping[str, str] = _MOMENTS
_MOMENT = "|".join(f"(?P<m_{name.replace('-', '_')}>{form})" for name, form in _MOMENTS.items())

#: The moment said as an event of its own, before "and then" ("if ~ blocks a creature with flying
#: and then loses reach", "if it assigns combat damage in the first combat damage step, and then
#: it loses first strike").
_EVENTS: dict[str, str] = {
    "after-attackers": (
        # (thirteenth round: "once attackers are declared")
        rf"attackers {_BEEN}declared|"
        # (twelfth round: "if it attacked", "if it had attacked")
        rf"{_NP} (?:attacks|has attacked|had attacked|attacked|is declared as an attacker|has been declared as an attacker"
        r"|was declared as an attacker|is attacking"
        # twenty-fifth round: "has attacked and become tapped"
        r"|(?:has attacked|attacked|attacks) and (?:has )?(?:become|became|becomes|been) tapped"
        # nineteenth round: in the plural ("once creatures ... have been declared as attackers")
        r"|have been declared as attackers|were declared as attackers|are declared as attackers|have attacked|are attacking)"
        r"(?: the turn it came under your control)?"
    ),
    "after-blockers": (
        # (thirteenth round: "once blocks are declared")
        rf"(?:blockers|blocks) {_BEEN}(?:declared|chosen)|"
        # (twelfth round: and in the past: "if it was blocked", "if it blocked a creature")
        rf"{_NP} (?:(?:is blocked|has been blocked|had been blocked|becomes blocked|was blocked|became blocked)"
        r"(?: by (?:a single|one|only one|just one) creature)?"
        rf"|(?P<e_blocker>is blocking|(?:blocks|is blocking|blocked|was blocking) {_NP}))"
    ),
    "after-first-damage": (
        # (thirteenth round: "once first-strike combat damage has been dealt", "if it is dealt first-strike damage")
        rf"first-strike (?:combat )?damage {_BEEN}(?:dealt|assigned)|{_NP} {_BEEN}dealt first-strike (?:combat )?damage|"
        rf"{_NP} (?:deals|assigns|has dealt|has assigned|dealt|assigned) (?:its )?(?:first-strike )?(?:combat )?damage"
        r" (?:in|during) the first(?:-strike| strike)? combat damage step"
        rf"|{_NP} (?:deals|assigns|has dealt|has assigned|dealt|assigned) (?:its )?first-strike (?:combat )?damage"
    ),
}
_EVENT = "|".join(f"(?P<e_{name.replace('-', '_')}>{form})" for name, form in _EVENTS.items())
#: What the change is said to come before, which the moment already says: "before the second combat
#: damage step" after first-strike damage.
_BEFORE_SECOND = r"(?: before the second combat damage step)?"
#: A blocker gone (506.4, 509.1h): the attacking creature it blocked stays blocked.
_GONE = (
    # fourteenth round: destroyed by first-strike damage (the blockers gone in the first combat damage step; first:
    # the longer alternative)
    r"(?:is|are) destroyed by (?:its |the )?first(?:-| )strike (?:combat )?damage"
    r"|(?:leaves?|left|is|are|gets?|get) (?:the battlefield|combat|removed from combat|destroyed)|dies|die"
    # ninth round: exiled, phased out, returned to a hand (506.4: it leaves combat all the same)
    r"|(?:is|are) (?:exiled|sacrificed|returned to (?:its|their) owners?'s? hands?)|phases? out"
    # twentieth round: two ways said together ("are destroyed or sacrificed")
    r"|(?:is|are) (?:destroyed|exiled|sacrificed|removed from combat) or (?:destroyed|exiled|sacrificed|removed from combat"
    r"|returned to (?:its|their) owners?'s? hands?)"
    # twentieth round: regenerated (701.19c: it is removed from combat)
    r"|regenerates|(?:is|are) regenerated"
    # sixteenth round: gone, or no longer there ("even though the blocker is gone")
    r"|(?:is|are) gone|(?:is|are) no longer (?:on the battlefield|in combat)|(?:has|have) left (?:the battlefield|combat)"
    # seventeenth round: "have all been destroyed or removed from combat"
    r"|(?:has|have) (?:all )?been (?:destroyed|removed from combat|exiled|sacrificed)"
    r"(?: or (?:destroyed|removed from combat|exiled|sacrificed))?"
)
#: One of its blockers (506.4 with 509.1h: a block of two or more stands when one of them goes), or
#: all of them (506.4: an attacking creature blocked stays blocked when no blocker is left): two facts.
_ONE_OF = r"(?:one|one or more|any|either) of "
_ALL_OF = r"(?:(?:each|all|both|every one) of |all |each |every |both )"
#: Eleventh round: the blockers made to go by an effect, said with the effect as the subject ("if ~
#: destroys one of the two creatures blocking it", "if ~'s ability causes every creature blocking it to
#: die", "if ~ returns every creature blocking an attacking creature with trample"): the blockers going.
_BLOCKERS_OF = r"(?:it|~|that creature|the attacking creature|npx|npm[ab])"
_ONE_BLOCKER_PHRASE = (
    rf"{_ONE_OF}(?:its|~'s|the|those|that creature's) blockers|{_ONE_OF}(?:the |the other |those )?(?:two |2 |three |3 )?"
    rf"creatures blocking {_BLOCKERS_OF}"
)
_ALL_BLOCKERS_PHRASE = (
    rf"{_ALL_OF}?(?:its|~'s|the|those|that creature's) blockers?|{_ALL_OF}?(?:the )?creatures? blocking {_BLOCKERS_OF}"
    rf"|(?:the )?only creature blocking {_BLOCKERS_OF}|its only blocker|(?:the|that) blocking creatures?"
    # twentieth round: "a blocking creature" (sacrificed to cast ~, put on top of its owner's library)
    r"|a blocking creature"
)
_EFFECT_AGENT = r"(?:~|~'s (?:[a-z]+ )?ability|~'s (?:first|second|third|last) mode|the ability|its (?:[a-z]+ )?ability|an effect|a spell|another effect|you)"
_EFFECT_GONE = (
    # (thirteenth round: "you" as the agent: "if you destroy the blocking creature", "you return it ...")
    rf"{_EFFECT_AGENT} (?:(?:destroys|exiles|sacrifices|bounces|kills|(?<=you )(?:destroy|exile|sacrifice|bounce|kill))"
    rf" (?:(?P<gone_one2>{_ONE_BLOCKER_PHRASE})"
    rf"|(?P<gone_all2>{_ALL_BLOCKERS_PHRASE}))"
    rf"|(?:returns|(?<=you )return) (?:(?P<gone_one3>{_ONE_BLOCKER_PHRASE})|(?P<gone_all3>{_ALL_BLOCKERS_PHRASE}))"
    r"(?: to (?:its|their) owners?'s? hands?)?"
    rf"|removes (?:(?P<gone_one4>{_ONE_BLOCKER_PHRASE})|(?P<gone_all4>{_ALL_BLOCKERS_PHRASE})) from combat"
    # twentieth round: put into another zone ("puts a blocking creature on top of its owner's library")
    rf"|puts (?:(?P<gone_one6>{_ONE_BLOCKER_PHRASE})|(?P<gone_all6>{_ALL_BLOCKERS_PHRASE})) (?:on top of|on the bottom of|into)"
    r" (?:its|their) owners?'s? (?:library|libraries|hands?|graveyards?)"
    rf"|causes (?:(?P<gone_one5>{_ONE_BLOCKER_PHRASE})|(?P<gone_all5>{_ALL_BLOCKERS_PHRASE})) to (?:die|be destroyed"
    r"|be exiled|be sacrificed|leave the battlefield|leave combat|be removed from combat|phase out))"
    # nineteenth round: what you used, said after ("if you bounce the only creature blocking it with ~'s ability"); twentieth
    # round: what it paid for ("if you sacrifice a blocking creature to cast ~")
    r"(?: with ~(?:'s (?:[a-z]+ )?ability)?| to (?:cast|activate|pay for) ~(?:'s (?:[a-z]+ )?ability)?)?"
)
_BLOCKER_GONE = (
    rf"(?:(?:(?P<gone_one>{_ONE_OF}(?:its|~'s|the|those|that creature's) blockers|{_ONE_OF}(?:the |the other )?(?:two |2 )?creatures"
    rf" blocking (?:it|~|that creature|npx|npm[ab]))"
    rf"|(?P<gone_all>{_ALL_OF}?(?:its|~'s|the|those|that creature's) blockers?|{_ALL_OF}?(?:the )?creatures? blocking"
    # fourteenth round: the creatures blocking another attacking creature ("... another attacking creature you control")
    rf" (?:it|~|that creature|npx|(?:another )?npm[ab])|(?:the|that|a) blocking creatures?)) (?:{_GONE})"
    rf"|{_EFFECT_GONE})"
)
#: Eighth round: the card itself the blocker that goes ("if you sacrifice ~ after it blocks", "even though
#: ~ leaves the battlefield"): the creature it blocked has no blocker left (the case a ruling of the
#: blocker speaks of, and the one its family checks).
_CARD_GONE = (
    r"(?:if|once|after|when|even though|even if) (?:you sacrifice ~|~ blocks (?:a creature|npx) and (?:you )?then (?:you )?sacrifice it"
    # eighteenth round: "~ blocks a creature and you then return ~ to its owner's hand" (or exile it, or it leaves)
    r"|~ blocks (?:a creature|npx) and (?:you )?then (?:you )?(?:return|exile|destroy|sacrifice) (?:it|~)(?: to its owner's hand)?"
    r"|~ blocks (?:a creature|npx) and (?:then )?(?:leaves the battlefield|dies|is (?:destroyed|exiled|sacrificed|returned to its"
    r" owner's hand))"
    r"|~ is (?:sacrificed|destroyed|exiled|regenerated"
    r"|returned to its owner's hand)|~ leaves (?:the battlefield|combat)|~ dies|~ regenerates|~'s (?:[a-z]+ )?ability returns it to its"
    r" owner's hand|you exile ~|~ returns to its owner's hand)"
)
#: ... said to be the blocker: by "after it blocks", or by naming the creature it blocked.
#: Twenty-fifth round: the card said to block before it goes ("if ~ blocks and is destroyed before combat damage", "if ~ is
#: the only creature blocking an attacking creature and ~ dies"): the creature it blocked may then be named as the
#: attacking creature ("the attacking creature remains blocked").
_CARD_BLOCKS_THEN_GONE = (
    r"(?:if|once|when|even if) (?:~ blocks(?: (?:a creature|npx|npma))?|~ is the only creature blocking (?:a creature|npx|npma))"
    r" and (?:then )?(?:~ |it )?(?:leaves the battlefield|dies|is (?:destroyed|exiled|sacrificed|returned to its owner's hand))"
    r"(?: before (?:combat )?damage(?: is dealt)?)?"
)
_CARD_BLOCKER_GONE = (
    rf"(?P<card_gone>{_CARD_GONE} (?:after it blocks|after it has blocked|while it is blocking)), {_NP}"
    rf"|(?P<card_gone_b>{_CARD_GONE}), (?:the|that) (?:attacking )?creature (?:it|~) (?:blocked|was blocking|is blocking)"
    rf"|(?P<card_gone_d>{_CARD_BLOCKS_THEN_GONE}),(?: (?:npma|(?:the|that) attacker|that creature|(?:the|that) (?:attacking )?creature"
    # (or none, before the passive that names it: "no combat damage is dealt by the attacking creature")
    r"(?: (?:it|~) (?:blocked|was blocking|is blocking))?)|(?= no (?:combat )?damage (?:is|will be) (?:dealt|assigned) by))"
)
#: Twenty-fifth round: the blocker left when one of two goes, named as the subject of what it goes on doing ("the
#: other creature continues to block it", "the remaining blocker still blocks it"): 506.4 and 509.1h say so of a
#: creature with menace. Only a blocker-gone frame reads it, and only with the state "blocking" (:func:`_fact`).
_OTHER_BLOCKER = (
    r"(?P<other_blocker>(?:the|its) (?:other|remaining|other remaining|surviving) (?:creature|blocker|blocking creature|npx|one)"
    r"|the creature (?:that is |that's )?still blocking (?:it|~|npx))"
)
_REMOVING_BLOCKER = (
    # tenth round: "sacrificing ~ after it has blocked"
    r"(?P<removing_card>(?:sacrificing|destroying|exiling|bouncing) ~ (?:after it (?:has )?blocked|after it blocks|while it is blocking)"
    # tenth round: "destroying a blocking creature with ~" (the creature it was blocking: that blocker gone)
    r"|(?:destroying|exiling|sacrificing) (?:a|the) blocking creature(?: with ~)?)|"
    rf"removing (?:(?P<removing_one>{_ONE_OF}(?:its|~'s|those|the) blockers)"
    rf"|(?P<removing_all>{_ALL_OF}?(?:its|~'s|those|the) blockers?)) from combat"
    # eighth round: the blocker made to go, or destroyed
    rf"|(?:causing|having|making) (?:(?P<removing_one_b>{_ONE_OF}(?:its|~'s|those|the) blockers)"
    rf"|(?P<removing_all_b>{_ALL_OF}?(?:its|~'s|those|the) blockers?)) (?:to )?(?:leave (?:combat|the battlefield)"
    r"|be removed from combat|be destroyed|die)"
    rf"|(?:destroying|sacrificing) (?:(?P<removing_one_c>{_ONE_OF}(?:its|~'s|those|the) blockers)"
    rf"|(?P<removing_all_c>{_ALL_OF}?(?:its|~'s|those|the) blockers?))"
    # nineteenth round: the only blocker returned to its owner's hand ("returning the only creature blocking an attacker to
    # its owner's hand with ~'s ability")
    rf"|(?:returning|bouncing|destroying|exiling|sacrificing) (?P<removing_all_d>(?:the )?only creature blocking {_BLOCKERS_OF}"
    r"|its only blocker)(?: to its owner's hand)?(?: with ~(?:'s (?:[a-z]+ )?ability)?)?"
)

#: Outcomes: the state, whether the words say it holds, as a verb phrase (after a subject or a
#: "cause it to"/"let it"), and as a gerund (after "prevent it from"/"stop it from").
_SECOND_STEP = r"(?:in|during) the (?:second|regular|normal) (?:combat damage )?step"
#: What an attacking creature attacks, as rulings name it.
_ATTACKED = (
    r"(?:the defending player|you|that player|the player(?:, planeswalker,? or battle| or planeswalker)?(?: (?:it is|it's)"
    r" attacking)?)"
)
#: Its blockers named as the subject of what they do ("the blocking creatures", "both blockers", "the creatures blocking it").
_BLOCKERS_SUBJECT = (
    r"(?:(?:both|all|each|any) of )?(?:its|the|those|both|all|any|either|each|all of the) (?:blockers?|blocking npx|blocking"
    r" creatures?|npx blocking it|creatures blocking it)"
)
_OUTCOME_VERBS: tuple[tuple[str, bool, str], ...] = (
    # (twenty-fifth round: "remains a tapped creature")
    (
        "tapped",
        True,
        r"(?:remains?|stays?) tapped|(?:becomes?|is|be|gets?) tapped|tap|(?:remains?|stays?|is still) a tapped creature",
    ),
    ("tapped", False, r"(?:remains?|stays?) untapped|(?:becomes?|is|be|gets?) untapped|untaps?"),
    (
        "attacking",
        True,
        r"continues? (?:to attack|attacking)|keeps? (?:on )?attacking|(?:remains?|stays?|is still|be still|is|be) attacking"
        r"|(?:remains?|stays?) in combat|(?:remains?|stays?|is still|be still|is|are|be) (?:an )?(?:attacking creatures?|npma)",
    ),
    # (twelfth round: "leave combat", 506.4's own words)
    ("attacking", False, r"(?:is|be|gets?) removed from combat|stops? attacking|leaves? combat"),
    (
        "blocked",
        True,
        r"(?:remains?|stays?|is still|be still|is|be|continues? to be) blocked(?: by (?:that|the|its) (?:creature|blocker)"
        # fourteenth round: the blocker named by what it does ("by the creature blocking it")
        r"(?: (?:blocking|that is blocking|that blocked) it)?| by npx"
        # tenth round: by the blocker that is left
        r"| by (?:the other|the remaining|the other remaining) (?:creature|blocker|one)| by each (?:creature blocking it|npx)"
        r"| by (?:the |those )?creatures blocking it"
        # twelfth round: by every one of its blockers ("by both creatures", "by all of them", "by them")
        r"| by (?:both|all|all of|both of|the two|those two|those) (?:creatures|blockers|of them|npx)| by them| by both"
        # twentieth round: "by each of those creatures"
        r"| by each of (?:them|npx|those creatures|its blockers))?"
        r"|(?:remains?|stays?|is still|be still|is|be) (?:a blocked creature|npmb)"
        r"|(?:remains?|stays?) (?:blocked or blocking|blocking or blocked)(?:, as appropriate)?"
        # twenty-third round: the block as the subject ("the block doesn't change", "that block stands")
        r"|(?:the|that|its|this|~'s) blocks? (?:does not change|do not change|will not change|stands|still stands"
        r"|remains the same|stays the same|is unchanged|is not undone|is not changed|does not become illegal"
        r"|will not become illegal)",
    ),
    (
        "blocked",
        False,
        r"(?:becomes?|is|be) unblocked(?: or remove (?:the|its) (?:blocker|npx|creatures? blocking it) from combat)?"
        r"|(?:change|changes|undo|undoes)(?: or undo| or undoes)? (?:(?:the|that|a|any|its) )?blocks?"
        # nineteenth round: "won't change how creatures are blocking" (the blocks as they stand)
        r"|(?:change|changes|alter|alters|affect|affects) how (?:npx|creatures|they|those creatures) (?:are|is) blocking"
        # thirteenth round: "doesn't affect ~'s blocks"; fourteenth: "won't affect the block", "doesn't cause
        # any blocks to change"
        r"|(?:affect|affects|alter|alters) (?:the|that|its|~'s|their|those|any) blocks?"
        # seventeenth round: "blocks that have already been made", "make a blocked creature unblocked"
        r"(?: that (?:have|has) been (?:made|declared))?"
        r"|(?:affect|affects|alter|alters|undo|undoes|change|changes) (?:blocks|a block) that (?:have|has) been (?:made|declared)"
        r"|(?:make|makes) (?:it|them|npx|npm[ab]|~) unblocked"
        r"|(?:cause|causes) (?:(?:the|that|any|its|~'s) )?blocks? to (?:change|be undone|be changed)"
        # seventeenth round: "won't change the fact that it's blocked", "won't free it from the creature blocking it"
        r"|(?:change|changes|alter|alters|affect|affects) the fact that (?:it|they|npx|npm[ab]|~) (?:is|are) blocked"
        r"|(?:free|frees|release|releases) (?:it|them|npx|npm[ab]|~) from (?:its blockers?|(?:the|that|a|its) block"
        r"|(?:the |its )?(?:npx|creatures? blocking it)(?: that is| that are)?(?: blocking it)?)",
    ),
    (
        "blocking",
        True,
        r"(?:(?:remains?|stays?|is still|keeps? on|keeps?|is|be) blocking|continues? to block)(?: (?:that|the) creature| it| npx| npma"
        # (nineteenth round: "... that flyer")
        r"| that (?:flyer|attacker))?"
        # eleventh round: "remains a blocking creature"
        r"|(?:remains?|stays?|is still|is|be) (?:a blocking creature|blocking creatures)"
        # twenty-third round: the blockers as the subject ("the blocking creatures aren't removed from combat", "neither
        # blocker is removed from combat", "both blockers remain in combat")
        rf"|{_BLOCKERS_SUBJECT} (?:is not|are not|does not be|do not be|will not be) removed from combat"
        rf"|{_BLOCKERS_SUBJECT} (?:remains?|stays?) in combat"
        r"|neither (?:blocker|of its blockers|of them|of those creatures|npx) is removed from combat",
    ),
    ("blocking", False, r"stops? blocking(?: (?:that|the) creature| it| npx)?"),
    (
        "changed",
        True,
        r"(?:change|changes|undo|undoes)(?: or (?:undo|undoes|change|changes))? (?:that|this|anything)"
        # fifteenth round: more blockers let in ("won't let any additional creatures block it"), 509.1h
        r"|(?:let|lets|allow|allows) (?:any |more |other |additional |new |further )+(?:creatures?|blockers?|npx) (?:to )?block"
        r"(?: it| npx| npma| ~)?"
        r"|(?:change|changes) (?:which creatures are (?:blocking|blocked)(?: or (?:blocking|blocked))?"
        r"|how (?:it|~|they|that creature|the creature|npx|npm[abf]) (?:is|are|was|were) blocked)",
    ),
    # seventeenth round: "has no effect on a creature that has already been declared as an attacker" (nothing changes)
    (
        "changed",
        False,
        r"(?:has|have) no effect(?: on (?:it|them|~|npx|npm[abf]|that creature|the creature|(?:the|that|its|those) blocks?"
        # twenty-fifth round: "on whether it is tapped"
        r"|whether (?:it|~|npx|npm[abf]|that creature|the creature) (?:is|becomes) (?:tapped|untapped)))?",
    ),
    (
        "second-damage",
        True,
        rf"(?:deals?|assigns?)(?: and deals?)? (?:its |any |that )?(?:combat )?damage (?:again )?{_SECOND_STEP}"
        # seventeenth round: "deals combat damage only once, in the regular combat damage step"; "gives it another chance
        # to deal damage"
        rf"|(?:deals?|assigns?) (?:its )?(?:combat )?damage only once,? {_SECOND_STEP}"
        r"|(?:give|gives) (?:it|them|npx) another chance to deal (?:combat )?damage"
        r"|(?:deals?|assigns?)(?: and deals?)? (?:its |that )?(?:combat )?damage (?:again|a second time)"
        # twenty-fifth round: "deals combat damage in both steps" (the second one included)
        r"|(?:deals?|assigns?) (?:combat )?damage (?:in|during) both (?:combat damage )?steps"
        r"|(?:deals?|assigns?) (?:its |any )?(?:combat )?damage"
        # tenth round: the blocked creature with no blocker left deals none (510.1c), to what it attacks, unless it
        # has trample (702.19e)
        rf"(?: to {_ATTACKED})?(?:,? unless (?:it|that creature|the creature|npx) has trample)?",
    ),
    (
        "second-damage",
        False,
        rf"(?:deals?|assigns?) no (?:combat )?damage(?: to {_ATTACKED})?(?:,? unless (?:it|that creature|the creature|npx) has trample)?"
        # twenty-fifth round: in the passive ("no combat damage is dealt by the attacking creature")
        rf"|no (?:combat )?damage (?:is|will be) (?:dealt|assigned) by (?:it|~|npx|npm[ab]|that creature|the creature)"
        rf"(?: to {_ATTACKED})?(?:,? unless (?:it|that creature|the creature|npx) has trample)?",
    ),
)
_OUTCOME_GERUNDS: tuple[tuple[str, bool, str], ...] = (
    ("tapped", False, r"untapping|becoming untapped"),
    ("tapped", True, r"becoming tapped"),
    ("attacking", True, r"attacking"),
    ("blocked", False, r"becoming unblocked"),
    # twenty-third round: "(won't) stop it from blocking"
    ("blocking", True, r"blocking(?: (?:it|npma|npx|that creature|the attacking creature))?"),
    (
        "second-damage",
        True,
        rf"(?:dealing|assigning)(?: and dealing)? (?:its )?(?:combat )?damage(?: again)?(?: {_SECOND_STEP})?",
    ),
)
#: Verbs that act on the creature: "won't untap it", "won't remove it from combat".
_OUTCOME_TRANSITIVE: tuple[tuple[str, bool, str], ...] = (
    ("tapped", False, rf"untap {_NP}"),
    ("tapped", True, rf"tap {_NP}"),
    ("attacking", False, rf"remove {_NP} from combat"),
    # nineteenth round: the blocker's side ("doesn't remove a creature from combat or change what it's blocking")
    ("blocking", False, rf"remove {_NP} from combat or change what (?:it|they) (?:is|are) blocking"),
    ("blocking", False, r"change what (?:it|they|npx) (?:is|are) blocking"),
    ("blocked", False, r"(?:change|undo)(?: or undo)? (?:the|that|its) blocks?"),
    # twenty-third round: its blockers taken out ("won't remove any blockers from combat", "either blocker")
    (
        "blocking",
        False,
        r"remove (?:any|either|both|the|those|all|each) (?:of (?:its|the|those) )?(?:blockers?|blocking creatures?|blocking npx"
        r"|npx blocking it)(?: of it)? from combat",
    ),
)

_NEGATION = r"(?:does not|do not|did not|will not|would not|cannot|is not able to)"
#: The rest of the combat, said after a state that lasts it (a state of combat lasts until combat ends, 506.4).
_FOR_THE_REST = (
    r" for the rest of (?:the |that |this )?combat| until (?:the )?end of (?:the )?combat| until combat ends"
    # sixteenth round: "(won't deal combat damage) that combat"
    r"| (?:that|this) combat"
)
#: The card's effect said to happen (at a moment the frame names next).
_EFFECT_HAPPENS = (
    r"(?:~'s (?:(?:triggered|activated) )?ability|(?:the|its|that) (?:(?:triggered|activated) )?ability|~)"
    r" (?:resolves|triggers|is activated|is cast|can only be activated|can be activated only|is put on the stack)"
)


def _alternatives(table: tuple[tuple[str, bool, str], ...], prefix: str) -> str:
    return "|".join(f"(?P<{prefix}{i}>{form})" for i, (_, _, form) in enumerate(table))


def _predicate() -> str:
    """What follows, with its polarity words: "(won't )(cause it to |let it )<verb>", "(won't )
    (prevent|stop) it from <gerund>", "(won't )<transitive verb> it"."""
    verbs = _alternatives(_OUTCOME_VERBS, "v")
    gerunds = _alternatives(_OUTCOME_GERUNDS, "g")
    transitive = _alternatives(_OUTCOME_TRANSITIVE, "t")
    return (
        rf"(?P<neg>{_NEGATION} )?(?:(?P<cause>cause|causes|make|makes|let|lets|allow|allows) {_NP} (?:to )?)?"
        # twenty-fifth round: the future, a possibility or a chance said before the verb ("will deal combat damage a second
        # time", "can deal combat damage again", "gets to deal combat damage again"): the same outcome
        r"(?:(?:will|can|gets to|get to|is able to|will be able to|will get to) )?"
        rf"(?:{verbs})"
        # fourteenth round: how long, which changes nothing ("it stays blocked for the rest of combat")
        rf"(?:{_FOR_THE_REST})?"
        # "won't make it unblocked": a state said as an adjective after "make"
        rf"|(?P<neg4>{_NEGATION} )?(?:make|makes|render|renders) {_NP} (?:(?P<adj_unblocked>unblocked)|(?P<adj_untapped>untapped))"
        rf"|(?P<neg2>{_NEGATION} )?(?P<prevent>prevent|prevents|stop|stops|keep|keeps) {_NP} from (?:{gerunds})"
        rf"|(?P<neg3>{_NEGATION} )?(?:{transitive})"
    )


_PREDICATE = _predicate()
#: The sub-grammars, for reading a sentence part by part (:mod:`rulings.fact_composer`): a keyword
#: change (finite or as a gerund subject), a blocker gone, a moment, an event of combat, an outcome.
CHANGE_FORMS = rf"{_CHANGE_VERB}|{_CHANGE_SUBJECT}"
BLOCKER_GONE_FORMS = rf"{_BLOCKER_GONE}|{_REMOVING_BLOCKER}"
OTHER_BLOCKER_FORM = _OTHER_BLOCKER
MOMENT_FORMS_ALL = _MOMENT
EVENT_FORMS = _EVENT
PREDICATE_FORM = _PREDICATE
#: Twenty-fifth round: the creature a blocker blocks, named as the subject of what follows ("if a creature with reach blocks
#: a creature with flying and then loses reach, the attacking creature remains blocked"): the blocked one, not the blocker.
_BLOCKED_SUBJECT = (
    r"(?P<blocked_subject>npma|(?:the|that) attacker|the creature (?:it is|it was|that it is) blocking|the creature it"
    r" (?:blocks|blocked))"
)
#: The frames, as text: compiled on first use (:func:`_frames`), so that a process that never reads a
#: combat sentence (a command's usage error, a run) does not pay for compiling them.
_FRAME_FORMS: tuple[str, ...] = (
    # if it gains flying after it is blocked, it remains blocked
    rf"(?:even )?if {_NP} {_CHANGE_VERB} (?:{_MOMENT}), (?:{_NP} )?(?:{_PREDICATE})",
    # if an attacking creature loses vigilance, it remains untapped
    rf"if {_NP_MOMENT} {_CHANGE_VERB}, (?:{_NP} )?(?:{_PREDICATE})",
    # an attacking creature that loses vigilance remains untapped
    rf"{_NP_MOMENT} that {_CHANGE_VERB} (?:{_PREDICATE})",
    # a creature that gains vigilance after it has attacked does not become untapped
    rf"{_NP} that {_CHANGE_VERB} (?:{_MOMENT}),? (?:{_PREDICATE})",
    # after attackers are declared, attacking creatures remain tapped even if they gain vigilance
    rf"(?:{_MOMENT}), {_NP} (?:{_PREDICATE}),? (?:even if|if|even though|when|once) {_NP} {_CHANGE_VERB}",
    # creatures that have attacked this turn remain tapped if they gain vigilance
    rf"{_NP_MOMENT} (?:{_PREDICATE}),? (?:even if|if|even though|when|once) {_NP} {_CHANGE_VERB}",
    # a creature that has attacked and then gains vigilance remains tapped
    rf"{_NP_MOMENT},? and (?:then )?{_CHANGE_VERB},? (?:{_PREDICATE})",
    # giving it vigilance after it has attacked won't cause it to untap (", it will untap": a
    # consequence said through a permission, in the normal form)
    rf"{_CHANGE_SUBJECT} (?:{_MOMENT}),? (?:{_NP} )?(?:{_PREDICATE})",
    # causing an attacking creature to lose vigilance won't cause it to become tapped
    rf"{_CHANGE_SUBJECT} (?P<implied>)(?:{_PREDICATE})",
    # after it is blocked, giving it flying won't undo the block
    rf"(?:{_MOMENT}), {_CHANGE_SUBJECT} (?:{_PREDICATE})",
    # after it is blocked, if it gains flying, it remains blocked
    rf"(?:{_MOMENT}), if {_NP} {_CHANGE_VERB}, (?:{_NP} )?(?:{_PREDICATE})",
    # it remains blocked even if it gains flying after blockers are declared
    rf"{_NP} (?:{_PREDICATE}),? (?:even if|if|even though) {_NP} {_CHANGE_VERB} (?:{_MOMENT})",
    # once it has been declared as an attacker, it doesn't matter if it loses haste
    rf"(?:{_MOMENT}), it (?P<matters_not>does not |do not )?(?P<matters>matters?) (?:if|whether) {_NP} {_CHANGE_VERB}",
    # if it blocks a creature with flying and then loses reach, it remains blocking that creature
    rf"if (?:{_EVENT}),? and (?:then )?(?:{_NP} )?{_CHANGE_VERB}{_BEFORE_SECOND}, (?:(?:{_BLOCKED_SUBJECT}|{_NP}) )?(?:{_PREDICATE})",
    # if it becomes blocked, giving it flying won't change that
    rf"(?:if|once|after) (?:{_EVENT}), {_CHANGE_SUBJECT} (?:{_PREDICATE})",
    rf"(?:if )?(?:{_MOMENT}),? and then (?:{_NP} )?{_CHANGE_VERB}{_BEFORE_SECOND}, (?:{_NP} )?(?:{_PREDICATE})",
    rf"(?:{_NP} )?(?:{_PREDICATE}),? (?:even )?if (?:{_EVENT}),? and (?:then )?(?:{_NP} )?{_CHANGE_VERB}",
    # if one of its blockers leaves the battlefield, it remains blocked (ninth round: "if it is
    # blocked and one of its blockers is destroyed before combat damage, ...")
    rf"(?:(?:{_MOMENT}), )?(?:even )?if (?:{_NP} (?:is|has been|becomes) blocked(?: by (?:two|2|three|3|two or more|2 or more) creatures)? and )?"
    rf"{_BLOCKER_GONE}(?: before (?:combat damage|the combat damage step|damage is dealt))?, (?:(?:{_NP}|{_OTHER_BLOCKER}) )?"
    rf"(?:{_PREDICATE})",
    rf"(?:(?:{_NP}|{_OTHER_BLOCKER}) )?(?:{_PREDICATE}),? (?:even )?if {_BLOCKER_GONE}",
    # if you sacrifice ~ after it blocks, the creature it blocked remains blocked
    rf"(?:{_CARD_BLOCKER_GONE}) (?:{_PREDICATE})",
    # sixteenth round: the same, the card's leaving said last ("the creature ~ was blocking remains blocked after ~ is
    # sacrificed")
    rf"(?:the|that) (?:attacking )?creature (?:it|~) (?:blocked|was blocking|is blocking) (?:{_PREDICATE}),? "
    rf"(?P<card_gone_c>(?:after|once|when|even though|even if|if) (?:~ is (?:sacrificed|destroyed|exiled|returned to its"
    r" owner's hand)|~ leaves (?:the battlefield|combat)|~ dies|you sacrifice ~))",
    # removing one of its blockers from combat won't undo the block
    rf"(?:(?:{_MOMENT}), )?(?:{_REMOVING_BLOCKER}) (?:{_PREDICATE})",
    # tenth round: the card's effect said to happen at the moment, and so the change ("~'s triggered
    # ability resolves after blockers have been declared, so gaining flying won't change the block")
    rf"{_EFFECT_HAPPENS} (?:{_MOMENT}),? so {_CHANGE_SUBJECT} (?:{_PREDICATE})",
    rf"{_EFFECT_HAPPENS} (?:{_MOMENT}),? so (?:even )?if {_NP} {_CHANGE_VERB}, (?:{_NP} )?(?:{_PREDICATE})",
    # tenth round: "after attackers have been declared, an attacking creature that gains vigilance remains tapped"
    rf"(?:{_MOMENT}), {_NP_MOMENT} that {_CHANGE_VERB} (?:{_PREDICATE})",
    # ninth round: "it remains blocked even if it loses flying": the moment is the one the outcome
    # names (a creature is blocked, or blocking, only once blockers are declared; attacking, once
    # attackers are)
    rf"{_NP} (?P<implied>)(?:{_PREDICATE}),? (?:even if|even after|even though) {_NP} {_CHANGE_VERB}",
)


@lru_cache(maxsize=1)
def _frames() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(frame) for frame in _FRAME_FORMS)


#: Dropped before reading (after the contractions are spelled out: :mod:`rulings.meaning`): the
#: future "will" before a verb that is not negated, and words of emphasis that claim nothing
#: ("still", "already", "simply", "also").
#: Nineteenth round: why the change comes to nothing, said after it (", as it's too late for menace to matter", ", so
#: it's too late to undo the block"): the claim before, said again.
_TOO_LATE = re.compile(
    r",? (?:so|as|since|because) it(?: is|'s|\u2019s) too late (?:to (?:undo|change) (?:the|that|its|any) blocks?|for (?:menace|flying|reach|haste|vigilance|first strike|double strike)(?: or (?:flying|reach))? to matter)(?=\.?$)",
    re.IGNORECASE,
)
_PREPARE: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        # twentieth round: the older names of the two combat damage steps ("after combat damage has been dealt in the first
        # combat damage step", "it deals combat damage in the first combat damage step"): the first-strike step
        (
            r"\bcombat damage (has been|had been|is|was) dealt (?:in|during) the first combat damage step\b",
            r"first-strike combat damage \1 dealt",
        ),
        (
            r"\b(deals|dealt|has dealt|had dealt|deal|did not deal|does not deal|has not dealt) (?:its )?(?:combat )?damage"
            r" (?:in|during) the first (?:combat damage step|one)\b",
            r"\1 first-strike combat damage",
        ),
        # ... and the change said after the first-strike damage it follows ("if a creature with first strike deals combat
        # damage in the first combat damage step and then gains double strike"): the change after first-strike damage
        (
            r"^(if|once|when) ([a-z~' ]+?) (?:deals|has dealt|dealt) first-strike combat damage(?: to [a-z ]+?)?,? and (?:then )?"
            r"(gains|loses) (first strike|double strike)(?: (?:from|because of) ~(?:'s (?:[a-z]+ )?ability)?)?(?![\w~'])",
            r"\1 \2 \3 \4 after first-strike combat damage has been dealt",
        ),
        # ... and the creature's own first-strike damage said as a condition after ("won't stop the target creature from
        # dealing combat damage in the second combat damage step if it didn't deal combat damage in the first one"): the
        # creature named by it
        (
            r"\bstop (?:(?:the|a|that) )?(?:target |targeted |affected |equipped |enchanted )?creature from dealing (.+?),? if"
            r" (?:it|that creature) (?:did not|has not|had not) (?:deal|dealt) first-strike combat damage$",
            r"stop a creature that did not deal first-strike combat damage from dealing \1",
        ),
        # ... and the exception of 702.4d said after no second damage ("won't deal combat damage again in the second combat
        # damage step (unless it has double strike)"): the creature the fact speaks of has no double strike
        (
            r"\b((?:will not|does not|cannot) deal (?:its )?(?:combat )?damage again (?:in|during) the (?:second|regular) combat"
            r" damage step),? \(?unless it has double strike\)?$",
            r"\1",
        ),
        # ... a change "has no effect on that combat" (the blocks as they stand)
        (r"\bhas no effect on (?:that|the|this) (?:combat|block|blocks)$", "does not change the block"),
        # ... a creature that becomes another with a keyword ("if ~ becomes an 8/8 Avatar with flying and first strike"):
        # it gains the keyword
        (
            r"\bbecomes (?:an? )?(?:\d+/\d+ )?(?:[a-z]+ ){0,5}?with (flying|reach|menace|vigilance|haste|first strike|double"
            r" strike)(?: and (?:flying|reach|menace|vigilance|haste|first strike|double strike|trample))?(?= after\b)",
            r"gains \1",
        ),
        # ... what the creature does said to be what creatures without the keyword do (", as creatures without first
        # strike normally do"): the rule's reason, no claim of its own
        (
            r",? as (?:creatures|a creature|any creature) (?:without|with) (?:first strike|double strike|flying|reach|menace"
            r"|vigilance|haste) (?:normally |usually |always )?(?:do|does|would)$",
            "",
        ),
        # ... the card's ability said to give the keyword to a creature ("its triggered ability can give menace to an
        # attacking creature that's been blocked by one creature, but ..."): that creature gains it
        (
            r"\b(?:its|~'s|the) (?:triggered |activated )?ability (?:can |may |could )?gives? (flying|reach|menace|vigilance|haste"
            r"|first strike|double strike) to ([^,]+?)(?=,)",
            r"\2 gains \1",
        ),
        # ... with the card cast at a moment as the premise ("if you cast ~ during the declare blockers step, <a creature>
        # gains menace, but ..."): the change at that moment
        (
            r"^if you cast ~ (during the declare (?:attackers|blockers) step|after (?:attackers|blockers) (?:are|have been)"
            r" declared), ([^,]+?) (gains|loses) (flying|reach|menace|vigilance|haste|first strike|double strike),? but ",
            r"if \2 \3 \4 \1, ",
        ),
        # nineteenth round: "neither of those creatures will stop blocking it": both keep blocking it (the two blockers a
        # sentence named before)
        (
            r"\bneither of (those|the|its|these) (creatures|blockers|two creatures|2 creatures)(?: will)? stops? blocking\b",
            r"both of \1 \2 continue to block",
        ),
        (r"\bwill (?!not\b)", ""),
        # twentieth round: where the keyword came from ("it gains flying from ~"), how the card was cast ("if you cast ~
        # with flash"): no claim of what follows
        (
            r"\b(gains?|gained|has|have|had|loses?|lost) (flying|reach|menace|vigilance|haste|first strike|double strike)"
            r" (?:from|because of|thanks to) ~(?:'s (?:[a-z]+ )?ability)?(?=,| but| and|$)",
            r"\1 \2",
        ),
        (r"\b(cast|casting|casts) (~|it) (?:with flash|as though it had flash)\b", r"\1 \2"),
        # twentieth round: the change said in a relative clause of the subject ("an attacking creature that regains flying
        # remains blocked"): the change as the condition
        (
            r"^((?:an?|the|each|any) (?:attacking |blocking )?creatures?) that (?:re)?(gains|loses|gained|lost) (flying|reach"
            r"|menace|vigilance|haste|first strike|double strike) (?=(?:remains?|stays?|continues?|keeps?|is still)\b)",
            r"if \1 \2 \3, it ",
        ),
        # twentieth round: the blocker named by what it blocks ("a creature with flying that is blocking an attacking
        # creature with flying"): a blocking creature with flying
        (
            r"\b(an?|the) creature with (flying|reach)(?: that is|, which is,?) blocking (?:an attacking creature|a creature|npx)"
            r"(?: with flying)?(?=,| |$)",
            r"\1 blocking creature with \2",
        ),
        # twentieth round: the loss the card's leaving makes said again in the main clause ("if creatures you control lose
        # haste after ..., those creatures lose haste, but they are not removed from combat")
        (
            r"^(?P<if>(?:if|once|when|after) [^,]*?\blos(?:e|es) (?P<k>flying|reach|menace|vigilance|haste|first strike"
            r"|double strike)\b[^,]*), (?P<s>[a-z~' ]+?) los(?:e|es) (?P=k),? but (?P<t>(?:it|they|that creature|those creatures"
            r"|the creature|the creatures) )?",
            lambda m: f"{m['if']}, {m['t'] or m['s'] + ' '}",
        ),
        # twentieth round: the creature named by the control haste is for ("a creature you haven't controlled continuously
        # since your most recent turn began"): a creature
        (
            r"\b(a|the|that|each) (creatures?) (?:that )?you (?:have not|did not|had not) controlled continuously since (?:your|the)"
            r" (?:most recent )?turn (?:began|started)",
            r"\1 \2",
        ),
        # twentieth round: the particle before its object ("if ~ removes from combat the only creature blocking ...")
        (
            r"\b(removes|remove|removing) from combat (the only creature blocking [a-z~' ]+?|(?:each|every|all|both|one) of"
            r" (?:its|the) blockers|its only blocker|(?:the|that) blocking creature)(?=,|$)",
            r"\1 \2 from combat",
        ),
        # twentieth round: a blocker gone through the card, the card said as its cause ("if a blocking creature phases out
        # because of ~"): the blocker gone all the same
        (
            r"\b(phases out|phase out|is removed from combat|are removed from combat|leaves the battlefield|leave the battlefield"
            r"|dies|die|is destroyed|are destroyed|is exiled|are exiled|is sacrificed|are sacrificed|regenerates)"
            r" (?:because of|due to) ~(?:'s (?:[a-z]+ )?ability)?(?=,|$| and | after )",
            r"\1",
        ),
        # twentieth round: the blocker's removal from combat said again after how it went ("if a blocking creature phases
        # out, it is removed from combat, but the attacking creature it was blocking remains blocked")
        (
            r"^(?P<gone>(?:if|once|when|after) [^,]*?\b(?:phases out|regenerates|is regenerated|leaves the battlefield|dies"
            r"|is (?:destroyed|exiled|sacrificed|returned to its owner's hand)))(?: after it (?:has )?blocked)?, (?:it|that creature)"
            r" is removed from combat,? (?:but|and) ",
            r"\g<gone>, ",
        ),
        # eighteenth round: "remains blocked and (unless it has trample) deals no combat damage", "..., and, unless it has
        # trample, assigns no combat damage": the exception said after what it excepts, where the outcome reads it
        (
            r"(?P<pre>\band,?|,) \(?unless (?P<s>it|they|~|npx|npm[abf]) (?P<h>has|have) trample\)?,? (?P<rest>(?:(?:it|they|~|npx) )?"
            r"(?:does not|do not|will not|cannot|deals no|assigns no|deal no|assign no)(?: [a-z]+)*? combat damage)(?=$|,)",
            lambda m: f"{m['pre']} {m['rest']} unless {m['s']} {m['h']} trample",
        ),
        # eighteenth round: the attack on the turn the creature came under your control (302.6: why it needs haste)
        # narrows nothing the fact does not already say
        (r"\b(attacks|attacked) (?:on )?the (?:same )?turn (?:it|~) came under your control(?= and |,)", r"\1"),
        # eighteenth round: the case in which haste mattered, said as one the claim holds in ("..., even if that creature
        # entered the battlefield this turn"): no claim of its own
        (
            r",? even (?:if|though) (?:that creature|it|~|they|npx) (?:entered the battlefield|came under (?:your|its controller's)"
            r" control) (?:this|that) turn$"
            # nineteenth round: ... said by the rule's own words ("even if it has not been under its controller's control
            # continuously since the turn began")
            r"|,? even (?:if|though) (?:that creature|it|~|they|npx) (?:has|have) not been under (?:its|your|their) controller's"
            r" control continuously since (?:the|their|its controller's|your) (?:most recent )?turn began$"
            r"|,? even (?:if|though) (?:that creature|it|~|they|npx) (?:has|have) not been under your control continuously"
            r" since (?:the|your) (?:most recent )?turn began$",
            "",
        ),
        # eighteenth round: the creature the Equipment or Aura was on, named after it left ("the creature that had been
        # equipped will continue to block")
        (r"\bthe creature that (?:had been|was) (?:equipped|enchanted)(?: (?:by|with) ~)?(?= )", "that creature"),
        # ... and the creatures it blocks named again ("continue to block any attacking creatures with flying they were
        # blocking"): the block it keeps
        (
            r"\b((?:keeps? on blocking|continues? to block|continue blocking|remains? blocking))(?: any| the| those)?"
            r" (?:attacking creatures?|creatures?)(?: with flying)? (?:they|it) (?:were|was) blocking(?= |,|$)",
            r"\1",
        ),
        # eighteenth round: the block by one creature said from the blocker's side ("if one creature is already blocking
        # it, ..."): the attacker blocked by only one creature
        (
            r"\b(if|once|when|after) (?:only |exactly )?(?:one|a single) creature is (?:already )?blocking (it|~)(?= |,|$)",
            lambda m: f"{m[1]} {m[2]} is blocked by only one creature",
        ),
        # eighteenth round: the damage already dealt said to stay dealt before what follows ("won't undo that damage, and
        # that creature won't deal combat damage again"): what is dealt is dealt (510.2), no other claim
        (
            r"\b(?:will not|does not|cannot) undo (?:that|the|its) (?:first-strike )?(?:combat )?damage,? and (?:that creature |it |the"
            r" creature )?(?=will not|does not|cannot)",
            "",
        ),
        # eighteenth round: "without trample it won't deal combat damage to the player or anything else that combat": the
        # exception said as a condition
        (
            r"\bwithout trample,? (?P<s>it|~|npx|npm[abf]) (?P<v>will not|does not|cannot) (?P<d>deal|assign) (?:any )?combat damage"
            r"(?: to the (?:defending )?player(?: or anything else)?)?(?: (?:that|this) combat| at all)?(?=$|,)",
            lambda m: f"{m['s']} {m['v']} {m['d']} combat damage unless {m['s']} has trample",
        ),
        # ... and the exception's reason for a creature without it ("won't assign combat damage, as it doesn't have
        # trample"): the same exception
        (
            r"(?P<rest>(?:does not|do not|will not|cannot) (?:assign|deal) (?:any )?combat damage|(?:deals|assigns) no combat"
            r" damage),? (?:as|because|since) (?P<s>it|~|npx|npm[abf]) (?:does not|did not) have trample$",
            lambda m: f"{m['rest']} unless {m['s']} has trample",
        ),
        # seventeenth round: the block that stands said with its damage ("it stays blocked and deals and is dealt combat
        # damage as normal"): what a block is (510.1), nothing more
        (
            r",? and (?:it |that creature |the creature |the creature blocking it |the blocking creature |its blocker )?"
            r"(?:deals and is dealt|is dealt and deals|deals and receives|deal and be dealt) combat"
            r" damage(?: as normal| normally| as usual)?(?=$|,)"
            r"|,? and combat damage is (?:dealt|assigned and dealt) (?:as normal|normally|as usual)(?=$|,)",
            "",
        ),
        # seventeenth round: the blockers gone said again as a hedge ("..., even though no creatures are blocking it
        # anymore"); the card that removed a blocker named after the creature it blocked ("if you destroy the only creature
        # blocking an attacking creature with ~")
        (
            r",? even (?:though|if) no (?:other )?(?:creatures?|blockers?) (?:are|is) (?:still )?blocking it(?: anymore| any longer)?",
            "",
        ),
        # ... and the case the keyword's rule is about ("..., even if none of the creatures blocking it have flying or
        # reach", "..., even if the attacking creature it's blocking has flying")
        (
            r",? even if (?:none of the creatures blocking it|no creature blocking it|the blocking creature|its blocker"
            r"|the creature blocking it) (?:has|have|does not have|do not have) (?:flying or reach|flying|reach)(?=$|,)"
            r"|,? even if the attacking creature (?:it is|it's) blocking has (?:flying|menace)(?=$|,)",
            "",
        ),
        (
            r"(?<=\bblocking )((?:an? |the |your |that )?(?:attacking )?creature) with ~(?:'s (?:[a-z]+ )?ability)?(?=[ ,]|$)",
            r"\1",
        ),
        # seventeenth round: the attackers named by their keyword in the moment ("after creatures with vigilance have
        # been declared as attackers"): after attackers are declared
        (
            r"\b(creatures?) with (?:vigilance|haste|flying|menace|reach|first strike|double strike|trample) (?=(?:have|has)"
            r" been declared as attackers?\b)",
            r"\1 ",
        ),
        # seventeenth round: "by the time combat damage is assigned": before it is
        (r"\bby the time (?:combat )?damage is (?:assigned|dealt)\b", "before combat damage is assigned"),
        # seventeenth round: "~ can't be used to undo a block": it cannot undo a block
        (r"\b(cannot|can not|will not|does not) be used to\b", r"\1"),
        # seventeenth round: blocked by one creature, said with its count ("blocked by exactly one creature", "by a single
        # creature"): as "by only one creature" is said
        (
            r"\b(blocked(?: creatures?)?|blocking) by (?:exactly |just )?(?:one|a single|1) creature\b",
            r"\1 by only one creature",
        ),
        # seventeenth round: a relative clause that says which creatures by why they could attack or stayed untapped
        # ("creatures that could attack only because they had haste", "a creature that came under its controller's
        # control this turn", "soldiers that did not become tapped because of its ability"): it narrows the creatures
        # to the card's, and claims nothing of what follows
        (
            r"\b(creatures?(?: you control| your opponents control| with(?:out)? [a-z]+(?: strike)?)?) (?:that|which) (?:(?:was|were|is|are) able to|could|can) attack only because (?:of (?:~|its|~'s|the)"
            r"(?: [a-z]+)? (?:ability|haste (?:it|~) (?:granted|grants|gave|gives))|(?:it|they) (?:had|has|have) haste)",
            r"\1",
        ),
        (
            r"\b(creatures?) (?:that|which) (?:came|come) under (?:your|its controller's|their controller's) control this turn and"
            r" (?:are|is) attacking",
            r"attacking \1",
        ),
        (
            r"\b(creatures?(?: you control| your opponents control| with vigilance)?) (?:that|which) attacked(?: without"
            r" (?:tapping|becoming tapped))? because of (?:it|~|its(?: [a-z]+)? ability|~'s(?: [a-z]+)? ability)",
            r"\1",
        ),
        # ... an attacking creature "that attacked (without tapping)": an attacking creature
        (r"\b(attacking creatures?) (?:that|which) attacked(?: without (?:tapping|becoming tapped))?(?=[ ,]|$)", r"\1"),
        (
            r"\b(creatures?(?: you control| your opponents control| with(?:out)? [a-z]+(?: strike)?)?) (?:that|which) (?:came|come|has come|have come) under (?:its controller's|your|their controller's"
            r"|their controllers'|that player's|its owner's) control this turn(?: and attacked)?",
            r"\1",
        ),
        (
            r"\b(creatures?(?: you control| your opponents control| with(?:out)? [a-z]+(?: strike)?)?) (?:that|which) (?:did not|do not|does not) (?:become tapped|tap) because of (?:~'s|its|the)(?: [a-z]+)? ability",
            r"\1",
        ),
        # fifteenth round: the attacker said to lack trample, and to have been blocked by the blocker gone alone ("a 5/5
        # attacker without trample that was blocked only by that creature won't deal combat damage"): no damage unless it
        # has trample (510.1c, 702.19e), what a card without trample says without the words
        (
            r"^((?:for example, )?(?:an? |the |that )?(?:attacker|attacking creature)) without trample(?: that (?:was|is|had been)"
            r" blocked only by (?:that creature|it|the creature|that blocker|the blocker))?(?= (?:will not|does not|cannot) deal)",
            r"\1",
        ),
        # fifteenth round: the comma left out after a moment said first ("if used after a blocker is assigned your
        # creature is still blocked"): "still", "remains" and "stays" open the main clause's outcome
        (
            r"^((?:if|once|when|after) [^,]*?\b(?:declared|assigned|chosen)) ((?:your |the |that |its |an? )?(?:attacking )?"
            r"creatures?|it|they|~) (?=(?:is|are) still\b|remains?\b|stays?\b)",
            r"\1, \2 ",
        ),
        # ninth round: "attacked without tapping" is attacked (the creature had vigilance as it did)
        (r"\b(attacker|attacked|attacks|attack|attacking) without (?:tapping|becoming tapped)\b", r"\1"),
        # (an adverb: never after an article, where the word would stand for an adjective: "the also creature")
        (r"(?<!by )(?<!\bthe )(?<!\ban )(?<!\ba )\b(?:still|already|simply|also) (?=[a-z])", ""),
        # eighth round: a connective that opens the sentence, and the change's source ("loses reach because
        # of ~"): they say where the change comes from, not what follows
        (
            r"^(?:similarly|likewise|in the same way|again|also|however|in that case|in this case|as a result|conversely),? ",
            "",
        ),
        # seventeenth round: "if it gains first strike only after first-strike damage has been dealt": after (in an "if"
        # clause, "only" stresses when it changed, it restricts nothing)
        (
            r"^((?:conversely, )?if (?:it|~|(?:a|an|the|that) (?:[a-z]+ )?creature) (?:gains|loses) [a-z ]+?) only (?=after )",
            r"\1 ",
        ),
        # seventeenth round: the step named with the moment in it ("during the first-strike combat damage step, after
        # first-strike combat damage has been dealt"): the moment
        (
            r"\b(?:during|in) the first(?:-| )strike combat damage step,? (?=after first(?:-| )strike (?:combat )?damage)",
            "",
        ),
        # tenth round: the moment the sentence before named, said again ("After that, removing one of its
        # blockers from combat doesn't undo the block"): a frame still needs a moment of its own
        (r"^(?:after that|from then on|from that point on|once that happens|at that point),? ", ""),
        # the end every combat status has ("it remains an attacking creature until combat ends or it's
        # removed from combat some other way"): it says no more than the status
        (
            r",? until (?:combat ends|the end of combat|end of combat|the combat phase ends)(?: or (?:until )?(?:it is|they are)"
            r" removed from combat(?: some other way| in (?:some )?other way| by (?:another|some other) effect| otherwise)?)?$",
            "",
        ),
        # fourteenth round: the first strike gained by a creature that has dealt no combat damage yet, said as a
        # condition at the end ("..., as long as it hasn't already dealt combat damage this combat"): the case the rule
        # speaks of (a creature that has dealt first-strike damage is another: 702.7c)
        (
            r",? as long as (?:it|~|the creature|that creature|npx) (?:has not|did not) (?:yet )?(?:dealt|deal) (?:any )?"
            r"combat damage(?: this combat| this turn| yet)?$",
            "",
        ),
        # the change said again as a state at the end ("... loses haste ..., it keeps attacking even though it no
        # longer has haste")
        (
            r"^(.*\blos(?:e|es|t|ing) (double strike|first strike|flying|reach|menace|vigilance|haste)\b.*?),? even though"
            r" (?:it|they|that creature|the creature) no longer (?:has|have) \2$",
            r"\1",
        ),
        # tenth round: the card's ability that makes one (or each) of its blockers go ("if ~'s ability destroys
        # one of the creatures blocking it"): the blocker going
        (
            r"\b(?:if|once|when|after) (?:~'s (?:triggered |activated )?ability|~) (?:destroys|exiles|sacrifices|returns) "
            r"((?:one|each|all|both|either|any) of the creatures blocking (?:it|~)|(?:the|each) (?:only )?creatures? blocking (?:it|~)"
            r"|its only blocker)(?: to (?:its|their) owners?'s? hands?)?,",
            lambda m: (
                f"if {m.group(1).replace('the only creature', 'the creature').replace('its only blocker', 'its blocker')}"
                f" {'are' if m.group(1).startswith(('all', 'both')) else 'is'} destroyed,"
            ),
        ),
        (r",? even though only one creature is (?:now |still )?blocking (?:it|~)$", ""),
        # a blocker taken from combat by the card ("if you gain control of the creature blocking it with ~, that
        # creature is removed from combat, but ..."): the blocker gone
        (
            r"^if (?:you gain control of|~ causes|~'s (?:[a-z]+ )?ability causes) (?:the creature blocking|the blocking creature"
            r"|the blocker of) [a-z' ]+?(?: with ~)?(?: to stop being a creature)?, (?:that creature|that blocker|it) (?:is|gets)"
            r" removed from combat, but ",
            "if the creature blocking it is removed from combat, ",
        ),
        # the card giving the keyword to a creature ("if ~ gives double strike to a creature with first strike
        # after ..."): that creature gains it
        (
            r"\bif (?:~|~'s (?:[a-z]+ )?ability) gives (double strike|first strike|flying|reach|menace|vigilance|haste) to (.+?)"
            r" (after|once|during|before)\b",
            r"if \2 gains \1 \3",
        ),
        # the card named as the means of a change ("having it lose double strike with ~")
        (
            r"\b(double strike|first strike|flying|reach|menace|vigilance|haste) with ~(?:'s (?:[a-z]+ )?ability)?(?=[ ,]|$)",
            r"\1",
        ),
        (r"\b(?:using|activating|casting) [a-z0-9~' ]+? to (?:have|make) ", "having "),
        # a blocking creature is one after blockers are declared ("if a blocking creature with flying loses flying")
        (
            r"^((?:even )?if (?:a|the|that) blocking creature(?: with (?:flying|reach))? (?:gains|loses) (?:flying|reach)),",
            r"\1 after blockers are declared,",
        ),
        # what changes nothing said again ("even if none of its blockers has flying or reach", "even if you haven't
        # controlled it continuously since your most recent turn began")
        (
            r",? even (?:if|though) (?:none of its blockers|no creature blocking it) (?:has|have) (?:flying or reach|flying|reach)$",
            "",
        ),
        (
            r",? even (?:if|though) you (?:have not|did not) controlled? (?:it|that creature) continuously since (?:your most recent"
            r" turn began|the (?:start|beginning) of (?:your|the) (?:most recent )?turn)$",
            "",
        ),
        # "the block doesn't become illegal", "it doesn't matter that only one creature is blocking it now": it
        # remains blocked
        (
            r"^(?:the|that) block (?:does not become illegal|is not undone|stands)$|^it does not matter that only one creature"
            r" is (?:now )?blocking it(?: now)?$"
            # twentieth round: "(if ~ leaves the battlefield after blockers have been declared), the blocks do not change"
            r"|(?<=, )(?:the|those|any) blocks (?:do not|will not) change$",
            "it remains blocked",
        ),
        (r",? even if nothing is blocking it(?: anymore| any longer| now)?$", ""),
        # thirteenth round: the creature new to its controller, said of an attacker that stays attacking ("..., even if it
        # came under your control this turn"): what haste was needed for, no claim of its own
        (
            r"(\b(?:continues? to attack|keeps? attacking|(?:remains?|stays?|is still|are still) (?:attacking|an attacking creature"
            r"|attacking creatures|in combat))),? even (?:if|though) (?:it|they|~|that creature|the creature) (?:came|has come"
            r"|have come|entered the battlefield|entered|came into play)(?: under (?:your|its controller's|their controller's)"
            r" control)? this turn$",
            r"\1",
        ),
        # ... "it assigns no combat damage if no other creatures are blocking it and it doesn't have trample": with every
        # blocker gone, no damage unless it has trample (510.1c, 702.19e)
        (
            r"(\b(?:assigns?|deals?) no (?:combat )?damage),? if no other creatures are blocking it and it (?:does not have|has no)"
            r" trample$",
            r"\1 unless it has trample",
        ),
        # ... "it doesn't matter that it couldn't have attacked without haste": it stays attacking all the same
        (
            r"^it does not matter (?:that|whether|if) (?:it|~|the creature|that creature) (?:could not have|could not|would not"
            r" have been able to|was not able to) (?:attack|attacked|have attacked) without haste$",
            "it remains attacking",
        ),
        # ... "it remains blocked even without flying or reach": even though it no longer has them
        (
            r"^((?:it|they|~|that creature|the creature) (?:remains?|stays?|is still|continues? to be) (?:blocked|blocking)),? even"
            r" without (flying|reach|menace)(?: or (flying|reach))?$",
            lambda m: (
                f"{m.group(1)} even though it no longer has {m.group(2)}{' or ' + m.group(3) if m.group(3) else ''}"
            ),
        ),
        (
            r",? including (?:one|ones|those|a creature|creatures) that came under (?:its controller's|your) control this turn,",
            ",",
        ),
        (r",? even (?:ones|those|creatures) that could attack only because they had haste$", ""),
        # fifteenth round: the premise of a keyword gained after the attack or block, said of the event ("if ~ attacked
        # without vigilance, gaining control of an artifact later won't untap it"): the creature that gains it lacked it
        (
            r"\b(attacked|attacks|has attacked|had attacked|was blocked|is blocked|has been blocked|blocked|blocks)"
            r" without (vigilance|flying|menace|first strike|double strike|haste|reach|trample)\b"
            r"(?=[^.]*\b(?:gain|gains|gaining|gained) \2\b)",
            r"\1",
        ),
        # ... or said as its tapping ("if ~ attacked and became tapped, gaining vigilance later won't untap it")
        (
            r"\b(attacked|has attacked|had attacked) and (?:became|become|was|has become|had become) tapped\b"
            r"(?=[^.]*\b(?:gain|gains|gaining|gained) vigilance\b)",
            r"\1",
        ),
        # an attacking creature said to be tapped already is an attacking creature (it tapped as it attacked)
        (r"\b(attacking creatures?) (?:that|which) (?:is|are) tapped\b", r"\1"),
        # the card's effect said to happen at the moment, first ("because ~'s ability triggers after attackers have
        # been declared, ..."): the moment
        (
            r"^because (?:~'s (?:[a-z]+ )?ability|the ability|its ability|~) (?:resolves|triggers|is activated|is cast) (after [^,]+), ",
            r"\1, ",
        ),
        (r"\b(gains?|loses?) (vigilance|haste|flying|reach|menace|first strike|double strike) this way\b", r"\1 \2"),
        # thirteenth round: a creature narrowed by the card that picks it ("the creature targeted by ~'s triggered
        # ability"): the creature
        (
            r"\b(creatures?) (?:targeted|chosen|enchanted|equipped|affected) (?:by|with) ~(?:'s (?:[a-z]+ )?ability)?(?=[ ,]|$)",
            r"\1",
        ),
        # ... the keyword named as what the card gives ("the vigilance granted by ~'s triggered ability won't untap it"):
        # gaining it
        (
            r"^(?:the )?(double strike|first strike|flying|reach|menace|vigilance|haste) (?:granted|given) (?:to it )?(?:by|from) "
            r"~(?:'s (?:[a-z]+ )?ability)?(?=[ ,])",
            r"gaining \1",
        ),
        # ... why the creature could attack, said of the card ("because it was equipped with ~", "using the haste it
        # granted"): no claim of its own
        (
            r",? because it (?:was|is) (?:equipped with|enchanted by|targeted by) ~(?:'s (?:[a-z]+ )?ability)?(?=[ ,])",
            "",
        ),
        (
            r" (?:using|thanks to|because of) the (haste|vigilance) (?:it|~) (?:granted|gave|gives)(?: them| it)?(?=[ ,])",
            "",
        ),
        # ... a blocker exiled and returned: "if you exile a blocking creature with ~, it returns to the battlefield as a new
        # object that isn't blocking": the blocker gone (400.7: the new object is in no combat)
        (
            r"^((?:if|when|once) (?:you exile|~ exiles|~'s (?:[a-z]+ )?ability exiles) (?:a|the|that) (?:blocking creature|creature "
            r"blocking (?:it|~)|blocker)(?: with ~(?:'s (?:[a-z]+ )?ability)?)?"
            # (the claim reader's normal form says the same as the blockers removed from combat)
            r"|(?:if|when|once) (?:all )?(?:the )?creatures? blocking it (?:is|are) removed from combat), (?:it|~) returns(?: to the "
            r"battlefield)?(?: under [a-z' ]+ control)? as a new object(?: (?:that|which) (?:is not|does not be) blocking(?: anything"
            r"| any creature)?)?$",
            r"\1",
        ),
        # ... a creature named by how many creatures block it ("a creature blocked by only one creature"): a blocked creature
        (
            r"\b(an?|the|that|each) creature blocked by (?:a single|one|only one|just one|two|three|two or more|more than one"
            r"|multiple|several) (?:other )?(?:creatures?|blockers?)(?=[ ,])",
            r"\1 blocked creature",
        ),
        # ... the keyword's source said after it ("loses first strike from the Equipment"): the change
        (
            r"(?<!removing )\b(gains?|loses?|gained|lost|gaining|losing) (double strike|first strike|flying|reach|menace|vigilance"
            r"|haste) (?:from|because of|due to) (?:it|them|the (?:equipment|aura|enchantment|artifact|card|ability|effect|spell)"
            r"|that (?:equipment|aura|ability|effect)|its (?:[a-z]+ )?ability|an? (?:ability|effect|spell)|another (?:ability|effect))"
            r"(?=[ ,]|$)",
            r"\1 \2",
        ),
        # ... the card's ability that gives the creature the keyword ("its ability gives it first strike"): it gains it
        (
            r"(?<![\w~])(?:~|~'s (?:[a-z]+ )?ability|its (?:[a-z]+ )?ability|the ability) (?:gives|grants) (it|them|that creature"
            r"|the creature) (double strike|first strike|flying|reach|menace|vigilance|haste)\b",
            lambda m: f"{m.group(1)} {'gain' if m.group(1) == 'them' else 'gains'} {m.group(2)}",
        ),
        # ... a creature named by the creature it blocked ("a creature that blocked a creature with flying"): a
        # blocking creature
        (
            r"\b(an?|the|that|each) creature (?:that|which) (?:blocked|blocks|is blocking|was blocking|has blocked) (?:an?|the|that)"
            r" (?:attacking )?creature(?: with (?:flying|menace|reach))?(?=[ ,])",
            r"\1 blocking creature",
        ),
        # ... the change said after the outcome as "after losing flying": even though it loses it
        (
            r"^(.+?),? after (losing|gaining) (double strike|first strike|flying|reach|menace|vigilance|haste)$",
            lambda m: f"{m.group(1)} even though it {'loses' if m.group(2) == 'losing' else 'gains'} {m.group(3)}",
        ),
        # ... "once blocks are declared, losing reach doesn't change them": the blocks
        (
            r"^((?:once|after|when) (?:blocks|blockers) .+?, .+? (?:does not|do not|will not|cannot) (?:change|affect|alter|undo))"
            r" them$",
            r"\1 the blocks",
        ),
        # ... "it is too late to give it flying once blockers are declared": giving it then changes nothing
        (
            r"^it is too late to (?:give|grant) (.+?) (double strike|first strike|flying|reach|menace|vigilance|haste)"
            r"(?: with ~(?:'s (?:[a-z]+ )?ability)?)? (once|after) (.+)$",
            lambda m: f"{m.group(3)} {m.group(4)}, giving {m.group(1)} {m.group(2)} does not change anything",
        ),
        # "that block isn't undone": it remains blocked
        (r", (?:that|the) block (?:is|was) not (?:undone|changed|reevaluated)$", ", it remains blocked"),
        # an example of the rule is a claim of it ("For example, if ...")
        (r"^(?:for example|for instance|as an example),? ", ""),
        # the cost paid to give the keyword is the giving ("sacrificing another creature to give it menace")
        (
            r"\b(?:sacrificing|paying|discarding|tapping|exiling|using|spending) [a-z0-9~' ]+? to (?:give|grant) ",
            "giving ",
        ),
        (r",? (?:however|though|as well|too|in this case|in that case)$", ""),
        # the premise of 702.7c said again after the outcome ("..., as long as it didn't deal first-strike damage")
        (
            r",? (?:as long as|since|because) (?:it|~|the creature|that creature) (?:did not|has not|had not) (?:deal|dealt)"
            r" (?:first-strike |its first-strike )?(?:combat )?damage(?: yet)?$",
            "",
        ),
        # fifteenth round: ... and before it, between commas (", but because it hasn't dealt first-strike damage, it
        # still deals ...")
        (
            r", (?:but )?(?:since|because) (?:it|~|the creature|that creature) (?:did not|has not|had not) (?:deal|dealt)"
            r" (?:first-strike |its first-strike )?(?:combat )?damage(?: yet)?, ",
            ", ",
        ),
        # tenth round: a creature said to have a keyword that loses all abilities loses that keyword ("if ~
        # causes an attacking creature with vigilance to lose all abilities")
        (
            r"(\bcreatures? with (double strike|first strike|flying|reach|menace|vigilance|haste)\b(?:(?!, )[^.])*?"
            r"\blos(?:e|es|ing) )all (?:of )?(?:its |their )?(?:other )?abilities\b",
            r"\1\2",
        ),
        # tenth round: a creature with first strike that gains double strike (702.4d) gains double strike
        (r"\b(an?|the|that) creature with first strike gains double strike\b", r"\1 creature gains double strike"),
        # "a creature with double strike loses it": the creature loses double strike
        (
            r"\b(an?|the|that) creature with (double strike|first strike) (loses|to lose) (?:it|\2)\b",
            r"\1 creature \3 \2",
        ),
        (
            r"(?<![\w~])(?:~|another effect|an effect|a spell or ability|a spell|an ability|something) causes? (an?|the|that) creature"
            r" to lose (double strike|first strike)\b",
            r"\1 creature loses \2",
        ),
        # the change caused by something else is the change ("another effect causes it to lose haste")
        (
            r"(?<![\w~])(?:~|~'s (?:[a-z]+ )?ability|another effect|an effect|a spell or ability|a spell|an ability|something)"
            r" causes? (.+?) to (gain|lose) "
            r"(?=(?:double strike|first strike|flying|reach|menace|vigilance|haste)\b)",
            r"\1 \2s ",
        ),
        (
            r"(?<!removing )\b(double strike|first strike|flying|reach|menace|vigilance|haste) from ~(?:'s (?:[a-z]+ )?ability)?(?=[ ,])",
            r"\1",
        ),
        (r" (?:because of|due to|as a result of) ~(?:'s (?:[a-z]+ )?ability)?(?=[ ,])", ""),
        # ninth round: a blocker made to go by something else is the blocker going ("if ~ causes a
        # blocking creature to phase out")
        (
            r"(?<![\w~])(?:~|~'s (?:[a-z]+ )?ability|another effect|an effect|a spell or ability|a spell|an ability|something) causes? "
            r"((?:a|the|that|each|all|both|one of the|one of its|its) (?:blocking creatures?|creatures? blocking (?:it|~)|blockers?)) "
            r"to (phase out|leave the battlefield|leave combat)\b",
            lambda m: f"{m.group(1)} {m.group(2).replace('phase', 'phases').replace('leave', 'leaves')}",
        ),
        # eighth round: a negated copula ("it is not removed from combat") in the frames' one form
        (
            r"\b(?:is|are|was|were) not (?=removed|blocked|unblocked|tapped|untapped|attacking|blocking|an attacking)",
            "does not be ",
        ),
        (r"\s+", " "),
        (r" ,", ","),
    )
)


_BY_SIZE = re.compile(r"\b(an?|the|that|each|this) (single )?\d+/\d+(?: creature)?(?![\w/])(?! attacker| blocker)")
#: Fifteenth round: an attacker or blocker named by its size ("a 5/5 attacker"): the attacker or blocker.
_BY_SIZE_ROLE = re.compile(r"\b(an?|the|that|each|this) \d+/\d+ (attacker|blocker)\b")


@lru_cache(maxsize=16384)
def prepared(sentence: str, normal: bool = True) -> str:
    """``sentence`` as the frames read it: lower case, contractions spelled out, words of emphasis
    dropped, each creature noun phrase a token (``npx``, or ``npma``/``npmb``/``npmf`` for one that
    names its moment of combat). Shared with :mod:`rulings.settled_facts`."""
    text = _TOO_LATE.sub("", sentence.strip())
    text = spell_out_contractions((normal_form(text) if normal else text).lower().replace("\u2019", "'"))
    # eighth round: a creature named by its type ("that soldier", "those goblins") is a creature
    text = types_as_creatures(text)
    # twentieth round: a creature named with a quality no combat rule tells apart ("a nontoken creature you control")
    text = _QUALITY.sub("", text)
    text = _all_abilities_lost(text)
    # tenth round: a creature named by its power and toughness ("a 1/1 creature", "that 2/2")
    text = _BY_SIZE.sub(lambda m: f"{m.group(1)} {m.group(2) or ''}creature", text)
    text = _BY_SIZE_ROLE.sub(lambda m: f"{'an' if m.group(1) in ('a', 'an') else m.group(1)} {m.group(2)}", text)
    text = text.rstrip(".").strip()
    for pattern, replacement in _PREPARE:
        text = pattern.sub(replacement, text)
    return _caused_as_changed(_noun_tokens(_loss_said_again(text.strip())))


#: Twentieth round: all its abilities lost ("causes an attacking creature with menace to lose its abilities"): the one
#: combat keyword the sentence names is lost.
_ALL_LOST = re.compile(r"\b(los(?:e|es|t|ing)) (?:all (?:of )?)?(?:its|their|all) abilities\b")


def _all_abilities_lost(text: str) -> str:
    named = set(re.findall(rf"\b(?:{_KEYWORD})\b", text))
    if len(named) != 1 or not _ALL_LOST.search(text):
        return text
    return _ALL_LOST.sub(lambda m: f"{m[1]} {next(iter(named))}", text)


#: Twentieth round: qualities of a creature that no combat rule tells apart, before the noun.
_QUALITY = re.compile(
    r"\b(?:nontoken|token|nonlegendary|legendary|nonartifact|artifact|non-[a-z]+|white|blue|black|red|green|colorless"
    r"|multicolored|monocolored|nonwhite|nonblue|nonblack|nonred|nongreen|snow) (?=creatures?\b)"
)


#: Nineteenth round: the loss said again at the end ("..., even though it no longer has flying or reach").
_NO_LONGER_HAS = re.compile(
    r",? even though (?:it|they|~) (?:no longer (?:has|have)|does not have|do not have) (?P<k>flying|reach|menace|vigilance"
    r"|haste|first strike|double strike)(?: (?:or|and) (?:flying|reach))?(?: anymore)?$"
)


def _loss_said_again(text: str) -> str:
    """``text`` without the loss said again at its end, when the sentence says that keyword is lost (a loss said of a
    keyword the sentence says is gained is another claim, and stays)."""
    found = _NO_LONGER_HAS.search(text)
    if found is None:
        return text
    said = re.findall(r"flying|reach|menace|vigilance|haste|first strike|double strike", found.group(0))
    if not any(re.search(rf"\blos(?:e|es|ing|t) {k}\b", text[: found.start()]) for k in said):
        return text
    return text[: found.start()]


#: Seventeenth round: who makes the change, named as the subject ("if you give it flying", "if your opponent
#: causes it to lose first strike", "if you remove menace from it"): the change is the creature's, and who made it
#: claims nothing about what follows (the card's own abilities are read through the card, rulings/oracle_grants.py).
_CAUSER = r"(?:you|your opponent|an opponent|a player|that player|another player|its controller|the defending player)"
_TOKEN = r"(?:it|them|~|npx|npm[abf])"
_KEYWORD_ANY = r"(?:flying|reach|first strike|double strike|menace|vigilance|haste|trample|defender)"
_CAUSED: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        # "you give it flying" / "you give flying to it"
        (
            rf"\b{_CAUSER} (?:give|gives|grant|grants) (?P<np>{_TOKEN}) (?P<k>{_KEYWORD_ANY})\b",
            lambda m: f"{_subject(m['np'])} {_verb('gain', m['np'])} {m['k']}",
        ),
        (
            rf"\b{_CAUSER} (?:give|gives|grant|grants) (?P<k>{_KEYWORD_ANY}) to (?P<np>{_TOKEN})(?= |,|$)",
            lambda m: f"{_subject(m['np'])} {_verb('gain', m['np'])} {m['k']}",
        ),
        # "you cause it to lose flying", "you make it lose first strike"
        (
            rf"\b{_CAUSER} (?:cause|causes|make|makes|have|has) (?P<np>{_TOKEN}) (?:to )?(?P<v>gain|lose) (?P<k>{_KEYWORD_ANY})\b",
            lambda m: f"{_subject(m['np'])} {_verb(m['v'], m['np'])} {m['k']}",
        ),
        # "you remove flying from it"
        (
            rf"\b{_CAUSER} (?:remove|removes) (?P<k>{_KEYWORD_ANY}) from (?P<np>{_TOKEN})(?= |,|$)",
            lambda m: f"{_subject(m['np'])} {_verb('lose', m['np'])} {m['k']}",
        ),
    )
)


def _subject(token: str) -> str:
    return "they" if token == "them" else token


def _verb(verb: str, token: str) -> str:
    return verb if token in ("them", "they") else f"{verb}s"


def _caused_as_changed(text: str) -> str:
    """``text`` with a change made by a player said as the creature's own (see :data:`_CAUSER`)."""
    for pattern, replacement in _CAUSED:
        text = pattern.sub(replacement, text)
    return text


@lru_cache(maxsize=8192)
def read_fact(sentence: str) -> Fact | None:
    """The fact ``sentence`` (template form, asides set aside) states, or None if no frame reads
    all of it (see the module docstring). The sentence is read in the claim reader's normal form
    first, then as written (the normal form writes some changes as states: "a creature that gains
    vigilance" as "a creature with vigilance")."""
    groups = first_match(sentence, _frames())
    fact = None if groups is None else _fact(groups)
    return None if fact is None or keeps_double_strike(fact, sentence) else fact


_WITH_DOUBLE_STRIKE = re.compile(r"\bcreatures? with double strike\b")
_BOTH_STRIKES = re.compile(r"\b(?:first strike and double strike|double strike and first strike)\b")


_FIRST_STRIKE_CHANGED = re.compile(
    r"\b(?:loses|lose|lost|losing|gains|gain|gained|gaining|giving|granting|removing|remove) first strike\b"
    r"|\bfirst strike (?:to|from)\b"
)


def _names_double_striker(sentence: str) -> bool:
    """Whether a sentence names its creature with double strike, and does not change both strikes."""
    lower = sentence.lower()
    return _WITH_DOUBLE_STRIKE.search(lower) is not None and _BOTH_STRIKES.search(lower) is None


def changes_first_strike_of_double_striker(sentence: str) -> bool:
    """Whether a sentence changes first strike alone of a creature it names with double strike (no
    claim of a first-strike change is that sentence's: :func:`keeps_double_strike`)."""
    return _names_double_striker(sentence) and _FIRST_STRIKE_CHANGED.search(sentence.lower()) is not None


def keeps_double_strike(fact: Fact, sentence: str) -> bool:
    """Whether a fact of a change of first strike alone is said of a creature the sentence names with
    double strike: it keeps dealing damage in both steps whatever happens to its first strike
    (702.4b-c), so no fact of the change's is the sentence's."""
    return fact.keyword == "first strike" and _names_double_striker(sentence)


def first_match(sentence: str, frames: Iterable[re.Pattern[str]]) -> dict[str, str | None] | None:
    """The groups of the first frame that reads all of ``sentence``, in its normal form first, then
    as written (shared with :mod:`rulings.settled_facts`); None if none does."""
    frames = tuple(frames)
    for text in dict.fromkeys((prepared(sentence), prepared(sentence, normal=False))):
        for frame in frames:
            found = frame.fullmatch(text)
            if found is not None:
                return found.groupdict()
    return None


_OUTCOME_ONLY_FORM = rf"(?:(?:once |after |when )?(?:{_MOMENT}),? )?(?:{_NP} )?(?:{_PREDICATE})"


@lru_cache(maxsize=1)
def _outcome_only() -> re.Pattern[str]:
    return re.compile(_OUTCOME_ONLY_FORM)


@lru_cache(maxsize=8192)
def read_outcome(sentence: str) -> tuple[str, bool] | None:
    """The outcome a sentence states with no change and no moment of its own ("It won't be removed
    from combat."), and whether it holds; None if it says anything more. Such a sentence says again
    what follows from a fact stated before it in the paragraph (:meth:`Template.read` reads it so
    only after a statement whose declared facts have this outcome)."""
    found = read_outcome_at(sentence)
    return None if found is None or found[2] is not None else found[:2]


@lru_cache(maxsize=8192)
def read_outcome_at(sentence: str) -> tuple[str, bool, str | None] | None:
    """The outcome, whether it holds, and the moment of combat the sentence names before it, if any
    ("Once it's been declared as an attacker, it stays in combat."): such a sentence says again what
    follows from a fact of that moment (eighth round). None if it says anything more."""
    found = _outcome_only().fullmatch(prepared(sentence))
    if found is None:
        return None
    groups = found.groupdict()
    outcome = _outcome(groups)
    if outcome is None:
        return None
    moment = next((name for name in _MOMENTS if groups.get(f"m_{name.replace('-', '_')}")), None)
    return (*outcome, moment)


def fact_of_groups(groups: Mapping[str, str | None]) -> Fact | None:
    """The fact the named groups of the sub-grammars say (shared with :mod:`rulings.fact_composer`)."""
    return _fact(groups)


def outcome_of_groups(groups: Mapping[str, str | None]) -> tuple[str, bool] | None:
    """The outcome an outcome part's groups say, and whether it holds."""
    return _outcome(groups)


def moment_of_groups(groups: Mapping[str, str | None]) -> str | None:
    """The moment a moment part's or an event part's groups say."""
    return next(
        (n for n in _MOMENTS if groups.get(f"m_{n.replace('-', '_')}") or groups.get(f"e_{n.replace('-', '_')}")),
        None,
    )


def _fact(groups: Mapping[str, str | None]) -> Fact | None:
    one = any(
        groups.get(g)
        for g in (
            "gone_one",
            "gone_one2",
            "gone_one3",
            "gone_one4",
            "gone_one5",
            "gone_one6",
            "removing_one",
            "removing_one_b",
            "removing_one_c",
        )
    )
    if one or any(
        groups.get(g)
        for g in (
            "gone_all",
            "gone_all2",
            "gone_all3",
            "gone_all4",
            "gone_all5",
            "gone_all6",
            "removing_all",
            "removing_all_b",
            "removing_all_c",
            "removing_all_d",
            "card_gone",
            "card_gone_b",
            "card_gone_c",
            "card_gone_d",
            "removing_card",
        )
    ):
        outcome = _outcome(groups)
        change = "a-blocker-gone" if one else "all-blockers-gone"
        if outcome is not None and bool(groups.get("other_blocker")) != (one and outcome[0] == "blocking"):
            # the blocker left goes on blocking, or not: said only of it, and only when one of several went
            return None
        return None if outcome is None else Fact("", change, "after-blockers", *outcome)
    keyword = next((groups[k] for k in ("k", "k1", "k2", "k3", "k4", "k5", "k6") if groups.get(k)), None)
    if keyword is None:
        return None
    gained = any(groups.get(g) for g in ("gain", "give", "give2", "cgain", "ggain"))
    lost = any(groups.get(g) for g in ("lose", "remove", "close", "glose"))
    either = any(groups.get(g) for g in ("either", "ceither", "geither"))
    if gained + lost + either != 1:
        return None
    moment = next(
        (
            name
            for name in _MOMENTS
            if groups.get(f"m_{name.replace('-', '_')}") or groups.get(f"e_{name.replace('-', '_')}")
        ),
        None,
    )
    np_moment = next((groups[g] for g in _NP_MOMENT_GROUPS if groups.get(g)), None)
    if moment is None and np_moment is not None:
        moment = _np_moment_of(np_moment)
    outcome = _outcome(groups)
    if outcome is None:
        return None
    state, holds = outcome
    if groups.get("e_blocker") is not None and state == "blocked" and not groups.get("blocked_subject"):
        return None  # the creature that blocks is blocking, not blocked (tenth round)
    if moment is None and groups.get("implied") is not None:
        moment = _IMPLIED_MOMENTS.get(state)
    if moment is None:
        return None
    change = "gained-or-lost" if either else "gained" if gained else "lost"
    return Fact(keyword, change, moment, state, holds)


#: The moment a combat status names: a creature is blocked or blocking only once blockers are
#: declared, attacking once attackers are (ninth round).
IMPLIED_MOMENTS = _IMPLIED_MOMENTS = {
    "blocked": "after-blockers",
    "blocking": "after-blockers",
    "attacking": "after-attackers",
}


def _outcome(groups: Mapping[str, str | None]) -> tuple[str, bool] | None:
    """The state the predicate names and whether it holds, its negations and "prevent"s counted;
    "it doesn't matter if ..." says the change changes nothing."""
    if groups.get("matters"):
        return "changed", not groups.get("matters_not")
    for adjective, state in (("adj_unblocked", "blocked"), ("adj_untapped", "tapped")):
        if groups.get(adjective):
            return state, bool(groups.get("neg4"))
    for prefix, table in (("v", _OUTCOME_VERBS), ("g", _OUTCOME_GERUNDS), ("t", _OUTCOME_TRANSITIVE)):
        for i, (state, holds, _) in enumerate(table):
            if groups.get(f"{prefix}{i}"):
                flips = sum(1 for g in ("neg", "neg2", "neg3", "prevent") if groups.get(g))
                return state, holds if flips % 2 == 0 else not holds
    return None
