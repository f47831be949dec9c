"""Combat sentences in one normal form: the class of wordings a combat rule is said in, read as one.

The claim reader (:mod:`rulings.claims`) covers a sentence with lexicon phrases, and a phrase is a
fixed run of words: "after it has been declared as an attacker" is a phrase, "once Test Sentry was
declared as an attacking creature" is not, though both say the same moment. Listing every such
run does not carry to a sentence nobody wrote down. This module reads the *parts* of a combat
sentence with a small grammar instead, and writes each one the one way the lexicon knows:

- **noun phrases**: the creature the rule is about ("~", "it", "the creature", "that creature",
  "target creature", "the equipped creature", ...), a creature's blockers (determiner + "creature(s)
  blocking <holder>" / "its blockers" / "the blocking creature(s)"), said of all of them or of one
  of them;
- **events, tense and aspect collapsed** ("has been declared", "was declared", "is declared",
  "attacks", "has attacked"; "is blocked", "has become blocked", "gets blocked"; "first-strike
  damage is dealt", "has been dealt", "was assigned"; a blocker "leaves the battlefield", "is
  destroyed", "is removed from combat", "dies");
- **time expressions**: "after", "once", "as soon as", "any time after", "at any point after",
  "from the moment", "if ... already" before an event are one moment after it (``after X``), the
  moment's own words ("when", "as", "before", "during") are kept as they are;
- **negation and causation forms**: "won't make it", "doesn't force it to", "won't result in it
  becoming" are "won't cause it to"; "won't tap", "doesn't get tapped", "isn't tapped" are "won't
  become tapped" (and the same of untapping);
- **a keyword lost or gained in other verbs**: "stops having", "ceases to have", "no longer has"
  (lost), "is given", "is granted", "acquires" (gained).

Every rewrite keeps what the words claim: a negation, a step, a player, a zone and a keyword are
carried over unchanged (or the part is left as written), so a contradicting variant of a sentence
has a normal form that contradicts the original's the same way. The normal form is one more
reading of a sentence (:func:`normal_readings`): the sentence as written is still read first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

#: The combat keywords (702.2-702.20, 702.111) a rule may be about.
_KEYWORD = (
    r"(?:double strike|first strike|flying|reach|menace|trample|vigilance|haste|deathtouch|lifelink|defender|"
    r"indestructible)"
)
#: How a ruling names the creature its rule is about: the card, a pronoun, or a definite noun
#: phrase for one creature (the target, the creature an Aura or Equipment is attached to).
_HOLDER = (
    r"(?:~|it|the creature|that creature|this creature|(?:the )?target(?:ed)? creature|the affected creature|"
    r"the enchanted creature|the equipped creature|the attacking creature|that attacking creature)"
)
#: A count of blockers of two or more, as the normal form writes numbers ("blocked by 2 creatures", "by several creatures").
_SEVERAL = r"(?:2|2 or more|exactly 2|more than 1|multiple|several)"
#: The perfect and passive auxiliaries, in every tense ("has been", "was", "is", "gets", "had
#: already been"): tense and aspect carry no meaning in a ruling's claim.
_AUX = r"(?:(?:has|have|had)\s+)?(?:already\s+)?(?:been\s+|become\s+|becomes\s+|became\s+|gets\s+|got\s+|is\s+|was\s+|are\s+|were\s+)"
#: Words that open a moment after an event ("once X has attacked", "any time after X").
_AFTER = (
    r"(?:after|once|as soon as|(?:at )?any ?time after|at any (?:time|point) after|from the (?:moment|time|point) "
    r"(?:that )?|by the time)"
)
#: The holder's "'s" contracted ("once it's been blocked"), spelled out.
_CONTRACTED = re.compile(r"(?<![\w~])(it|~)'s (been|become|already|declared|blocked|attacking|attacked|dealt)\b")
#: A cause given as an aside ("(because you no longer control an artifact)", ", perhaps because ~
#: left the battlefield,", ", for example"): it claims nothing the sentence checks.
_CAUSE_ASIDE = re.compile(
    r"\s*\((?:perhaps |most likely |probably |likely )?(?:because|due to)\b[^()]*\)"
    r"|,\s*(?:perhaps |most likely |probably |likely )?(?:because|due to) [^,]*,(?:\s*for example,)?"
)


def _holder(found: re.Match[str], group: str = "who") -> str:
    """The holder as the normal form writes it: the card stays ``~`` (so the holder reading of
    :mod:`rulings.holders` still names it), a generic "a creature" stays, anything else is "it"."""
    who = found.group(group)
    return who if who in ("~", "a creature") else "it"


#: The holder, or the creatures a lord or a spell gives the keyword to ("creatures you control",
#: "they"): a plural is read as the singular (number carries no meaning in the claim).
_WHO = rf"(?P<who>{_HOLDER}|a creature|they|them|those creatures|creatures you control|your creatures|the creatures)"


def _after_attacked(found: re.Match[str]) -> str:
    return f"after {_holder(found)} has been declared as an attacker"


def _after_blocked(found: re.Match[str]) -> str:
    return f"after {_holder(found)} is blocked"


#: (pattern, replacement): the parts of a combat sentence, each written one way. Applied in order.
_RULES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    # -- events with their moment: after attackers are declared (508.1) ---------------------------
    (
        re.compile(
            rf"\b{_AFTER}\s+(?:all\s+)?(?:the\s+)?(?:attackers|attacking creatures)\s+(?:have\s+|has\s+|had\s+|are\s+|were\s+)?"
            r"(?:already\s+)?(?:been\s+)?(?:declared|chosen|announced)\b"
        ),
        "after attackers are declared",
    ),
    (
        re.compile(rf"\b{_AFTER}\s+the declare attackers step(?:\s+(?:has ended|ends|is over))?\b"),
        "after attackers are declared",
    ),
    (
        re.compile(
            rf"\b{_AFTER}\s+{_WHO}\s+{_AUX}?(?:already\s+)?(?:declared\s+(?:as\s+)?(?:an?\s+)?(?:attackers?|attacking creatures?)|"
            r"attacked|attacks|attacking)\b"
        ),
        _after_attacked,
    ),
    (
        re.compile(
            rf"\bif\s+{_WHO}\s+(?:is|has|was)\s+already\s+(?:been\s+)?(?:attacking|attacked|declared as an attacker)\b"
        ),
        _after_attacked,
    ),
    (
        re.compile(
            rf"\b{_AFTER}\s+you\s+(?:have\s+|had\s+)?(?:already\s+)?(?:attack(?:ed)?\s+with|declared?)\s+{_WHO}"
            r"(?:\s+as\s+an?\s+(?:attacker|attacking creature))?"
        ),
        _after_attacked,
    ),
    # -- after blockers are declared, after a creature is blocked (509.1) ---------------------------
    (
        re.compile(
            rf"\b{_AFTER}\s+(?:all\s+)?(?:the\s+)?(?:blockers|blocking creatures|blocks)\s+(?:have\s+|has\s+|had\s+|are\s+|were\s+)?"
            r"(?:already\s+)?(?:been\s+)?(?:declared|chosen|announced|made)\b"
        ),
        "after blockers are declared",
    ),
    (
        re.compile(rf"\b{_AFTER}\s+{_WHO}\s+{_AUX}(?:already\s+)?(?:legally\s+)?blocked\b"),
        _after_blocked,
    ),
    (
        re.compile(rf"\bif\s+{_WHO}\s+(?:is|has|was)\s+already\s+(?:been\s+)?(?:legally\s+)?blocked\b"),
        _after_blocked,
    ),
    # The blocker's own moment: "after it blocks" (with nothing blocked named: who blocks whom is a
    # role the claim reads) is the moment after it blocked (509.1), the blocker's side.
    (
        re.compile(
            rf"\b{_AFTER}\s+{_WHO}\s+(?:has\s+)?(?:already\s+)?(?:blocks|blocked|is blocking|has been declared as a blocker)(?=\s*(?:,|\.|$))"
        ),
        "after it has blocked",
    ),
    (re.compile(rf"\bwhile {_WHO} (?:is|are) attacking\b"), "while it is attacking"),
    # -- after first-strike combat damage (510.4, 702.7c) -------------------------------------------
    (
        re.compile(
            rf"\b{_AFTER}\s+(?:all\s+)?(?:the\s+)?first(?:-| )strike\s+(?:combat\s+)?damage\s+{_AUX}?(?:already\s+)?"
            r"(?:dealt|assigned)\b"
        ),
        "after first-strike combat damage has been dealt",
    ),
    (
        re.compile(
            rf"\b{_AFTER}\s+(?:the\s+)?creatures\s+with\s+first strike(?:\s+(?:and|or)\s+double strike)?\s+"
            r"(?:have\s+|had\s+)?(?:already\s+)?(?:deal|dealt)\s+(?:their\s+)?(?:combat\s+)?damage\b"
        ),
        "after first-strike combat damage has been dealt",
    ),
    (
        re.compile(
            rf"\b(?:{_AFTER}|if)\s+{_WHO}\s+(?:has\s+|had\s+)?(?:already\s+)?(?:deals|dealt|assigns|assigned)\s+"
            r"(?:its\s+)?(?:combat\s+)?damage\s+(?:in|during)\s+the\s+first(?:-strike| strike)?\s+(?:combat\s+)?damage step\b"
        ),
        lambda m: f"after {_holder(m)} has dealt first-strike combat damage",
    ),
    (
        re.compile(
            rf"\b(?:{_AFTER}|if)\s+{_WHO}\s+(?:has\s+|had\s+)?(?:already\s+)?(?:deals|dealt|assigns|assigned)\s+(?:its\s+)?"
            r"first(?:-| )strike\s+(?:combat\s+)?damage\b"
        ),
        lambda m: f"after {_holder(m)} has dealt first-strike combat damage",
    ),
    (
        re.compile(
            rf"\b{_AFTER}\s+the\s+first(?:-strike| strike)?\s+(?:combat\s+)?damage step(?:\s+(?:has ended|ends|is over|"
            r"has finished|is complete|has passed))?\b"
        ),
        "after the first-strike combat damage step",
    ),
    (
        re.compile(
            rf"\b{_AFTER}\s+(?:combat\s+)?damage\s+{_AUX}?(?:already\s+)?(?:dealt|assigned)\s+(?:in|during)\s+the\s+"
            r"first(?:-strike| strike)?\s+(?:combat\s+)?damage step\b"
        ),
        "after first-strike combat damage has been dealt",
    ),
    # The second step said short ("in the second step"): the second combat damage step (510.4).
    (re.compile(r"\b(in|during) the second step\b"), r"\1 the second combat damage step"),
    # "tapped to attack" is having attacked (508.1f): the moment after attackers are declared.
    (
        re.compile(
            rf"\b{_AFTER}\s+{_WHO}\s+{_AUX}(?:already\s+)?tapped (?:to attack|as an attacker|when it attacked|because it attacked|from attacking|by attacking)\b"
        ),
        _after_attacked,
    ),
    # A relative clause for the attacker ("a creature that's already attacking"): an attacking creature.
    (
        re.compile(
            r"\b(?:a|an) creature that(?: is|'s| was| has been| had been)? (?:already )?(?:attacking|declared as an attacker)\b"
        ),
        "an attacking creature",
    ),
    # The attackers named by a relative clause ("creatures that already attacked and became tapped"):
    # "already" says this combat; "a creature that attacked" may have attacked on an earlier turn.
    (
        re.compile(r"\b(?:the )?creatures that (?:have )?already attacked(?: and (?:became|were|got) tapped)?\b"),
        "attacking creatures",
    ),
    (
        re.compile(r"\b(?:a|an|the) creature that (?:has )?already attacked(?: and (?:became|was|got) tapped)?\b"),
        "an attacking creature",
    ),
    # "making it lose vigilance" is "it losing vigilance" (the change, its cause left out).
    (re.compile(rf"\bmaking {_WHO} (lose|gain)\b"), lambda m: f"{_holder(m)} {m.group(2)}ing"),
    # "won't make it unblocked": won't cause it to become unblocked.
    (
        re.compile(rf"\b(won't|will not|doesn't|does not) (?:make|render) {_WHO} ((?:un)?(?:blocked|tapped))\b"),
        lambda m: f"{m.group(1)} cause {_holder(m)} to become {m.group(3)}",
    ),
    # Asides inside a combat sentence that claim nothing: "it's too late:", the card as the cause
    # ("because of ~", "from ~", "with ~'s ability").
    (re.compile(r",? it(?: is|'s) too late:?"), ","),
    (re.compile(r",?\s*(?:because of|due to) ~(?:'s (?:\w+ )?ability)?(?=[ ,.])"), ""),
    # Staying an attacker, staying a blocker, staying blocked, in other words (506.4, 509.1h).
    (re.compile(r"\band the remaining (?:creature|blocker) is still blocking it\b"), "and it remains blocked"),
    (
        re.compile(r"\b(?:is|are) still (?:an? )?attacking(?: creatures?)?\b|\bkeeps? attacking\b"),
        "continues to attack",
    ),
    (
        re.compile(
            r"\b(?:remains?|stays?|keeps?|continues?(?: to be)?|is still|are still) blocking\b|\bcontinues? to block\b|\bstill blocks\b"
        ),
        "keeps on blocking",
    ),
    (
        re.compile(
            r"\b(remains?|stays?|is still|are still|'s still) blocked by (?:both of them|the other one|the other creature|the other blocker|the other|"
            r"the remaining (?:creature|blocker)s?|its remaining blockers?|the rest)\b"
        ),
        r"\1 blocked",
    ),
    # The count of blockers said as the premise ("once it has been blocked by two creatures"): blocked.
    (re.compile(rf"\bblocked by {_SEVERAL} creatures\b"), "blocked"),
    # The step named by who deals damage in it (510.4): "along with the creatures that don't have
    # first strike" is the regular combat damage step, "alongside creatures with first strike" the first.
    (
        re.compile(
            r"\b(?:along with|alongside|together with|at the same time as) (?:the |other )?creatures (?:that (?:don't|do not) "
            r"have (?:first strike|it)|without first strike)(?: or double strike)?\b"
        ),
        "in the regular combat damage step",
    ),
    (
        re.compile(
            r"\b(?:along with|alongside|together with|at the same time as) (?:the |other )?creatures with first strike\b"
        ),
        "in the first-strike combat damage step",
    ),
    # "that creature", "the creature" as the subject named again: "it".
    (
        re.compile(
            r"\b(?:that|the) creature (?=(?:remains|stays|is still|continues|keeps|won't|doesn't|will|is not|isn't|deals|assigns)\b)"
        ),
        "it ",
    ),
    # "cause it to tap": cause it to become tapped.
    (
        re.compile(rf"\bcause {_WHO} to (un)?tap\b(?! it| them| ~)"),
        lambda m: f"cause {_holder(m)} to become {m.group(2) or ''}tapped",
    ),
    # "deals no combat damage": doesn't deal combat damage.
    # (twenty-third round: a subject of its own kept, "the attacking creature deals no combat damage")
    (re.compile(r"\b(creature|attacker|npx|npma|npmb) deals no (combat )?damage\b"), r"\1 doesn't deal \2damage"),
    (re.compile(r"\b(?:it |~ )?deals no (combat )?damage\b"), r"it doesn't deal \1damage"),
    # A blocker named from the blocked creature's moment ("once a creature without flying or reach
    # has blocked ~", "after a single creature has blocked it"): after it is blocked by that creature.
    (
        re.compile(
            rf"\b{_AFTER}\s+(?P<by>a creature(?: without flying or reach| with neither flying nor reach)?|a single creature|one creature|"
            rf"only one creature)\s+(?:has\s+)?(?:already\s+)?blocked\s+{_WHO}(?=[ ,.])"
        ),
        lambda m: (
            f"after {_holder(m)} is blocked by "
            + ("one creature" if m.group("by") in ("a single creature", "only one creature") else m.group("by"))
        ),
    ),
    # The creatures blocking it named as a group that keeps blocking: its blockers.
    (
        re.compile(
            r"\b(?:[Tt]he )?creatures (?:that are )?(?:already )?blocking (?:it|~)(?= keeps on blocking| continue)"
        ),
        "its blockers",
    ),
    # twenty-third round: ... said to go on doing so ("creatures already blocking it will continue to do so")
    (
        re.compile(
            r"\b(?:[Tt]he |those )?creatures (?:that are )?(?:already )?blocking (it|~) (?:will )?continue to do so\b"
        ),
        r"its blockers continue to block \1",
    ),
    # "You can assign ~'s excess combat damage": ~ can assign its excess damage (510.1).
    (
        re.compile(r"^you (can|may|must) assign ~'s (excess|remaining) (?:combat )?damage to\b"),
        r"~ \1 assign its \2 damage to",
    ),
    # Plural forms of one claim ("their combat damage", "the creatures blocking them"): the singular.
    (re.compile(r"\btheir (combat )?damage\b"), r"its \1damage"),
    (re.compile(r"\b(the creatures|each creature|all creatures) blocking them\b"), r"\1 blocking it"),
    # "attacks and then loses haste": the keyword changed after it attacked.
    (
        re.compile(
            rf"\b(if|once|when) {_WHO} attacks,? and (?:then )?(?:(?P=who) )?(?P<verb>gains|loses) (?P<kw>{_KEYWORD})\b"
        ),
        lambda m: (
            f"{m.group(1)} {_holder(m)} {m.group('verb')} {m.group('kw')} after it has been declared as an attacker"
        ),
    ),
    # Staying blocked in other words: "is still considered blocked", "doesn't become an unblocked creature".
    (re.compile(r"\b(?:is|remains) (?:still )?considered (?:to be )?blocked\b"), "remains blocked"),
    (re.compile(r"\b(won't|doesn't|does not|will not) become an unblocked creature\b"), r"\1 become unblocked"),
    (re.compile(r"\bthe blocks? (?:still )?stands?\b"), "it remains blocked"),
    # "a creature with haste that's attacking": an attacking creature with haste.
    (
        re.compile(rf"\b(?:a|the) creature (with {_KEYWORD}) that(?:'s| is) (?:already )?attacking\b"),
        r"an attacking creature \1",
    ),
    (re.compile(r"\b(?:is|remains) (?:still )?a blocked creature\b"), "remains blocked"),
    (re.compile(r"\beven after\b"), "even if"),
    # "a tapped attacking creature": the attacker (its being tapped is what "won't untap it" presumes).
    (re.compile(r"\ba tapped attacking creature\b"), "an attacking creature"),
    # The second combat damage step said of the combat (510.4): "combat has two combat damage steps".
    (
        re.compile(r"\b(?:the )?combat (?:phase )?has (?:an extra|an additional|a second) combat damage step\b"),
        "there is an additional combat damage step",
    ),
    (re.compile(r"\b(?:the )?combat (?:phase )?has 2 combat damage steps\b"), "there are 2 combat damage steps"),
    (
        re.compile(
            r"\b(there are 2 combat damage steps|there is an additional combat damage step) (?:in )?(?:that|this) combat\b"
        ),
        r"\1",
    ),
    # The turn it arrives, said by how (302.6): "the turn you cast it", "the turn it enters".
    (
        re.compile(
            r"\b(?:on )?the turn (?:you cast it|you cast ~|it enters(?: the battlefield)?|~ enters(?: the battlefield)?|you play it)\b"
        ),
        "the turn it comes under your control",
    ),
    # "can attack without becoming tapped": attacking doesn't tap it (508.1f, 702.20b).
    (
        re.compile(
            r"(?<![\w~])(?:an? (?:equipped |enchanted )?)?(~|it) can attack without (?:becoming|being|getting) tapped\b"
        ),
        r"\1 doesn't become tapped as attackers are declared",
    ),
    # Menace said from the blocking player's side (702.111b): "needs at least two creatures to block
    # ~", "must block ~ with two or more creatures", "one creature alone can't block ~".
    (re.compile(r"\bat least 2 creatures\b"), "2 or more creatures"),
    (
        re.compile(
            r"\b(?:your opponent|an opponent|each opponent|a player|the defending player|they) (?:needs|need|must use|has to use) "
            r"2 or more creatures to block (~|it)(?!\w)"
        ),
        r"\1 can't be blocked except by 2 or more creatures",
    ),
    (
        re.compile(
            r"\b(?:your opponent|an opponent|each opponent|a player|the defending player) (?:must|has to) block (~|it) with 2 or more "
            r"creatures if (?:they|it|that player) (?:want|wants|choose|chooses) to block it(?: at all)?\b"
        ),
        r"\1 can't be blocked except by 2 or more creatures",
    ),
    (
        re.compile(
            r"^(?:one creature|a single creature)(?: alone| by itself| on its own)? (?:can't|cannot) block (~|it)(?:;\s*blocking it (?:takes|requires|needs) (?:at least )?2(?: or more)?(?: creatures)?)?"
        ),
        r"\1 can't be blocked by just one creature",
    ),
    # Concessive asides that widen nothing the claim says (702.2b, 702.12b, 702.15b): "even if its
    # toughness is greater than that damage", "regardless of its toughness", "no matter how much".
    (
        re.compile(
            r",?\s*(?:even if its toughness is (?:greater|higher|more) than (?:that|the) damage(?: dealt)?|regardless of its toughness|"
            r"no matter (?:how much(?: damage)?|what its toughness is)|whether or not (?:it's|it is) combat damage)(?=[.,;])"
        ),
        "",
    ),
    (re.compile(r"\bthe same amount of life\b"), "that much life"),
    # "deal regular combat damage": combat damage in the regular combat damage step (510.4), so the
    # step is the claim's timing and not folded into the action.
    (
        re.compile(r"\b(deal|deals|dealing|assign|assigns|assigning) (?:regular|normal) combat damage\b"),
        r"\1 combat damage in the regular combat damage step",
    ),
    # "it'll" spelled out.
    (re.compile(r"\b(it|~|that creature|the creature|they)'ll\b"), r"\1 will"),
    # "in the second" / "in the first" said short after the step was named: the combat damage step.
    (re.compile(r"\b(in|during) the (first|second)(?= *(?:[.,;:]|and\b|$))"), r"\1 the \2 combat damage step"),
    # "won't tap it": it doesn't become tapped (the same for untapping is a declared claim of its own).
    (
        re.compile(rf"\b(won't|will not|doesn't|does not) tap {_WHO}(?=[ ,.])"),
        lambda m: f"{m.group(1)} cause {_holder(m)} to become tapped",
    ),
    # "also deals" is "deals": whether it deals damage is the claim, "also" adds nothing to it.
    (re.compile(r"\balso (deals?|assigns?|deal|assign)\b"), r"\1"),
    # A block changed or undone in other words (509.1h): "won't change or undo any blocks".
    (
        re.compile(r"\b(?:change|undo|affect|alter)(?: or (?:change|undo))? (?:any|the|that|those|its) blocks?\b"),
        "undo the block",
    ),
    # The excess said before the player ("before assigning any damage to"): 702.19b.
    (
        re.compile(
            r"\bbefore (?:(?:it |you |its controller )?(?:can |may )?(?:assign|assigning|assigns|deal|dealing|deals) "
            r"(?:any (?:of its )?(?:combat )?damage|(?:combat )?damage|any|the rest|the excess|the remaining damage)"
            r"(?: of its (?:combat )?damage)?|(?:any (?:of )?)?(?:its )?(?:combat )?damage (?:can )?(?:go|be assigned|be dealt)) to\b"
        ),
        "before it can assign damage to",
    ),
    (
        re.compile(
            r"^when (?:assigning|dividing|you assign|you divide) (?P<who>~|its|the creature|that creature)(?:'s)? combat damage, "
            r"(?:you|its controller) (?P<modal>must|can|may|cannot|can't|have to|need to)\b"
        ),
        lambda m: f"{'~' if m.group('who') == '~' else 'it'} {m.group('modal')}",
    ),
    # A consequence said through a permission or a meaning ("X allows it to deal", "X means it won't
    # deal"): the consequence itself, its negation carried.
    (
        re.compile(rf"\b(won't|will not|doesn't|does not) (?:allow|let|permit) {_WHO} to\b"),
        lambda m: f", {_holder(m)} {m.group(1)}",
    ),
    (re.compile(rf"\b(?:will )?(?:allows?|lets?|permits?) {_WHO} to\b"), lambda m: f", {_holder(m)} will"),
    (
        re.compile(rf"\b(won't|will not|doesn't|does not) let {_WHO} (?=deal|assign|attack|block)"),
        lambda m: f", {_holder(m)} {m.group(1)} ",
    ),
    # "doesn't cause it to skip dealing combat damage": doesn't prevent it from dealing it.
    (
        re.compile(rf"\b(?:cause|make) {_WHO} (?:to )?skip (dealing|assigning)\b"),
        lambda m: f"prevent {_holder(m)} from {m.group(2)}",
    ),
    # The moment said of one creature ("when a creature is declared as an attacker"): as attackers are declared.
    (re.compile(r"\b(?:when|as) (?:a creature|it|~) is declared as an attacker\b"), "as attackers are declared"),
    (re.compile(r"\b(?:when|as) (?:a creature|it|~) is declared as a blocker\b"), "as blockers are declared"),
    (
        re.compile(
            r"(^|, )((?:giving|removing|granting|causing|losing|gaining)\b[^,]*?) means (?:that )?(?=it |~ |the creature |that creature )"
        ),
        r"\1\2, ",
    ),
    # The controller's choice said of the creature (510.1: a creature assigns its combat damage, its
    # controller divides it): "~'s controller must assign" is "~ must assign".
    (
        re.compile(
            r"(?<![\w~'])(?:~'s|its|the creature's|that creature's|the attacking creature's) controller "
            r"(?:(must|can|may|cannot|can't|has to|needs to|chooses to)\s+)?(assign|divide|assigns|divides)\b"
        ),
        lambda m: " ".join(w for w in ("~" if m.group(0).startswith("~") else "it", m.group(1), m.group(2)) if w),
    ),
    # A blocked creature named for the moment: "an attacking creature that was blocked", "a creature
    # that has been blocked" are "a blocked creature"; giving it a keyword is giving it after it is blocked.
    (
        re.compile(
            r"\b(?:a|an|the) (?:attacking )?creature that(?: is| was| has been| had been| has become| became| becomes|'s been|'s)? "
            r"(?:already )?(?:been )?(?:legally )?blocked\b"
        ),
        "a blocked creature",
    ),
    (
        re.compile(rf"\b(giving|granting) (?:a|an|the) (?:already )?blocked creature ({_KEYWORD})\b"),
        r"\1 a creature \2 after it is blocked",
    ),
    (
        re.compile(rf"\b(?:a|an|the) (?:already )?blocked creature (gaining|losing) ({_KEYWORD})\b"),
        r"a creature \1 \2 after it is blocked",
    ),
    (
        re.compile(rf"\bif (?:a|an|the) (?:already )?blocked creature (gains|loses) ({_KEYWORD})\b"),
        r"if a creature \1 \2 after it is blocked",
    ),
    # "is blocked (by ...) and then gains flying": the keyword changed after it is blocked. The verb's
    # subject is the blocked creature only when it is left out or named again the same way ("and then
    # that creature gains flying" may be the blocker: never read so).
    (
        re.compile(
            rf"\b(if|once|when) {_WHO} {_AUX}(?:already )?(?:legally )?blocked(?P<by> by [^,]+?)?,? and (?:then )?"
            rf"(?:(?P=who) )?(?P<verb>gains|loses) (?P<kw>{_KEYWORD})\b"
        ),
        lambda m: (
            f"{m.group(1)} {_holder(m)} {m.group('verb')} {m.group('kw')} after it is blocked{m.group('by') or ''}"
        ),
    ),
    (
        re.compile(
            rf"\b(if|once|when) (?P<by>a creature(?: without flying or reach| with neither flying nor reach)?) blocks {_WHO},? "
            rf"and (?:then )?(?:(?P=who) )?(?P<verb>gains|loses) (?P<kw>{_KEYWORD})\b"
        ),
        lambda m: f"{m.group(1)} {_holder(m)} {m.group('verb')} {m.group('kw')} after it is blocked by {m.group('by')}",
    ),
    # The creature named by how it got the keyword ("a creature that gained trample from ~",
    # "creatures given trample by ~"): a creature with it.
    (
        re.compile(
            rf"\b(?:a|the|any|each) creature (?:that|which) (?:gained|gains|has gained|got|was given|received) ({_KEYWORD}) "
            r"(?:from|by|with|because of) ~(?:'s (?:\w+ )?ability)?"
        ),
        r"a creature with \1",
    ),
    (
        re.compile(
            rf"\b(?:the )?creatures (?:that (?:gained|gain|have gained|got|were given|received) |given |granted )({_KEYWORD}) "
            r"(?:from|by|with|because of) ~(?:'s (?:\w+ )?ability)?"
        ),
        r"creatures with \1",
    ),
    (
        re.compile(r"\b(assign|deal) their (combat )?damage to the creatures blocking them\b"),
        r"\1 its \2damage to the creatures blocking it",
    ),
    (
        re.compile(r"\ball (?:of )?(?:its|~'s) (?:combat )?damage is assigned to\b"),
        "it assigns all of its combat damage to",
    ),
    (re.compile(r",?\s*(?:when|as) combat damage is (?:assigned|dealt)(?=,)"), ""),
    # Damage said as the subject ("~'s damage must first be assigned to ..."): the creature assigns it.
    (
        re.compile(
            r"(?<![\w~'])(~|its)'?s? (?:combat )?damage (must|can|has to|is|will be|may)? ?(first )?(?:be )?assigned\b"
        ),
        lambda m: " ".join(
            w
            for w in (
                "~" if m.group(1) == "~" else "it",
                {"is": "", "will be": ""}.get(m.group(2) or "", m.group(2) or ""),
                m.group(3) or "",
                "assigns" if m.group(2) in (None, "is", "will be") else "assign",
                "its combat damage",
            )
            if w
        ),
    ),
    # Before its damage, said of the blockers gone: the moment they are gone in, not a claim's time.
    (re.compile(r",? before it (?:deals|assigns) (?:its )?(?:combat )?damage(?=,)"), ""),
    (re.compile(r"\b(deals|assigns) all (?:of )?(?:that|its) (?:combat )?damage\b"), r"\1 all of its combat damage"),
    # "any of ~'s damage beyond what's lethal to its blockers can be assigned to X": ~ can assign it.
    (
        re.compile(r"^(?:any (?:of )?)?~'s (?:combat )?damage (beyond|in excess of) ([^,]+?) can be assigned to\b"),
        r"~ can assign any damage \1 \2 to",
    ),
    # The rest of the damage "goes to" the player: is assigned to it (702.19b).
    (
        re.compile(
            r"\b(the rest|the excess|the remaining damage|excess damage|any excess damage) (can |may |will )?goe?s? to\b"
        ),
        r"\1 \2be assigned to",
    ),
    # -- a keyword lost or gained, in other verbs ----------------------------------------------------
    (re.compile(rf"\b(?:stops|stop|stopped) having ({_KEYWORD})\b"), r"loses \1"),
    (re.compile(rf"\b(?:ceases|cease|ceased) to have ({_KEYWORD})\b"), r"loses \1"),
    (re.compile(rf"\b(?:is|was|gets|got) (?:given|granted) ({_KEYWORD})\b"), r"gains \1"),
    (re.compile(rf"\b(?:acquires|acquired|obtains|obtained) ({_KEYWORD})\b"), r"gains \1"),
    # twenty-first round: a keyword had before and gained again is gained ("an attacking creature that regains flying")
    (re.compile(rf"\b(?:regains|regained) ({_KEYWORD})\b"), r"gains \1"),
    (re.compile(rf"\bregaining ({_KEYWORD})\b"), r"gaining \1"),
    (re.compile(rf"\b(?:is|was|gets|got) stripped of ({_KEYWORD})\b"), r"loses \1"),
    # -- causation and negation forms -----------------------------------------------------------------
    (
        re.compile(rf"\b(won't|will not|doesn't|does not|didn't|did not) (?:make|force) {_WHO} (?:to )?"),
        lambda m: f"{m.group(1)} cause {_holder(m)} to ",
    ),
    (
        re.compile(rf"\b(won't|will not|doesn't|does not) result in {_WHO} (?:becoming|being) "),
        lambda m: f"{m.group(1)} cause {_holder(m)} to become ",
    ),
    # "it won't tap", "it doesn't get tapped", "it isn't tapped": it doesn't become tapped (and untapped).
    (
        re.compile(
            r"\b(won't|will not|doesn't|does not) (?:get |be |become )?(un)?tap(?:ped)?\b(?! (?:it|~|them|the|that|a)\b)"
        ),
        r"\1 become \2tapped",
    ),
    (re.compile(r"\b(isn't|is not) (un)?tapped\b"), r"doesn't become \2tapped"),
)

#: A blocker leaving combat in any of its ways (506.4): removed, destroyed, sacrificed, exiled,
#: leaving the battlefield, dying, no longer blocking. Tense and aspect collapsed.
_GONE = (
    r"(?:(?:is|are|was|were|be|gets|get|got|has been|have been|had been)\s+(?:all\s+)?(?:later\s+)?(?:removed from combat|"
    r"destroyed(?: by first(?:-| )strike (?:combat )?damage)?|"
    r"sacrificed|exiled|killed|returned to (?:its|their) owners?'s? hands?)|(?:leaves|leave|left|has left|have left)\s+"
    r"(?:the battlefield|combat)|(?:dies|die|died|has died|have died)|(?:stops|stop|stopped|has stopped) blocking(?: it)?|"
    r"(?:is|are) no longer blocking(?: it)?)"
)
_BLOCKING = (
    rf"(?:that(?:'s| is)\s+)?blocking(?:\s+(?:{_HOLDER}|a creature|an attacker|an attacking creature)"
    # twenty-third round: or with what it blocks left to the clause after ("if ~ destroys a creature that's blocking, ...")
    r"|(?=,))"
)
#: Every blocker of the creature, or its only one (the definite singular: "the creature blocking it").
_ALL_BLOCKERS = (
    rf"(?:(?:all|each|every|both)\s+(?:of\s+)?(?:the\s+)?creatures?\s+(?:that\s+(?:are|were|is|was)\s+)?{_BLOCKING}|"
    rf"(?:all|each|both)\s+of\s+(?:its|~'s)\s+blockers|(?:all|each)\s+(?:of\s+)?(?:the\s+)?blockers|its\s+blockers|"
    rf"the\s+(?:only\s+)?creatures?\s+(?:that\s+(?:are|were|is|was)\s+)?{_BLOCKING}|the\s+blocking\s+creatures?|its\s+(?:only\s+)?blocker|"
    r"(?:all|each)\s+(?:of\s+)?(?:the\s+)?blocking\s+creatures?|"
    # fourteenth round: a blocker named as any one ("if a blocking creature is removed from combat, the creature it
    # blocked remains blocked", "destroying a creature that's blocking it"): the rule for its blocker, whatever
    # other blockers there are, so also for its only one (the stock ruling says it so: "destroying a blocking
    # creature won't cause any of the creatures it was blocking to become unblocked")
    rf"an?\s+(?:creature|blocker)\s+(?:that\s+(?:is|was)\s+)?{_BLOCKING}|a\s+blocking\s+creature"
    # eighteenth round: the attacker's blockers named by the attacker ("an attacking creature's only blocker")
    r"|(?:an|the|that)\s+attacking\s+creature's\s+(?:only\s+)?blockers?"
    # twenty-fifth round: the card's own ("~'s only blocker", "~'s blockers")
    r"|~'s\s+(?:only\s+)?blockers?)"
)
#: One or some of its blockers.
_SOME_BLOCKERS = (
    r"(?:(?:one|some|any|either|one or more)\s+of\s+(?:the\s+)?(?:(?:\d+\s+)?creatures\s+(?:that\s+(?:are|were)\s+)?"
    rf"{_BLOCKING}|its\s+blockers|~'s\s+blockers|the\s+blockers|the\s+blocking\s+creatures|those\s+blockers|"
    rf"those\s+(?:blocking\s+)?creatures)|another\s+blocker"
    # twenty-fifth round: "one blocker leaves combat" (not "its one blocker", its only one)
    r"|(?<!its )(?<!the )(?<!~'s )(?<!only )(?<!that )\bone\s+(?:blocker|blocking\s+creature))"
)
_BLOCKERS_GONE: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    # The event said actively ("first-strike damage destroys every creature blocking it", "~ destroys
    # the only creature blocking an attacker"): every blocker gone.
    (
        re.compile(
            rf"(?<![\w~])(?:(?:~'s |its |the creature's |that creature's )?first(?:-| )strike (?:combat )?damage|~|it|an effect"
            r"|a spell|that spell|that damage|the damage|its damage|that ability|the ability"
            # (eighteenth round: the card's ability, or its damage)
            r"|~'s (?:[a-z]+ )?ability|~'s damage) (?:destroys|kills|exiles|returns|removes) "
            rf"{_ALL_BLOCKERS}(?: from combat| to (?:its|their) owners?'s? hands?)?"
        ),
        "all creatures blocking it are removed from combat",
    ),
    # The blocker removed by you or the card, named from the blocker's side ("if you return a blocking
    # creature to its owner's hand", "if ~ is blocking a creature and you sacrifice it", "sacrificing
    # ~ after it blocks", "killing a blocker with ~"): the attacker's blocker gone.
    (
        re.compile(
            r"^(?:if|once|when) (?:you|~) (?:returns?|destroys?|exiles?|sacrifices?|kills?) (?:(?:a|the) (?:only )?(?:blocking creature|blocker)"
            # (twenty-third round: the blocker named by what it blocks, "if you destroy the creature blocking it")
            r"|(?:the|its) (?:only )?creature blocking (?:it|~|that creature|the attacking creature)|its (?:only )?blocker)"
            r"(?: to its owner's hand)?(?: with ~)?"
        ),
        "if the creature blocking it is removed from combat",
    ),
    (
        re.compile(
            r"^(?:if|once|when) ~ is blocking (?:a creature|an attacking creature|an attacker) and (?:you|an effect|a spell) "
            r"(?:sacrifices?|destroys?|exiles?|returns?) (?:it|~)(?: to its owner's hand)?"
        ),
        "if the creature blocking it is removed from combat",
    ),
    (
        re.compile(
            r"^(?:sacrificing|destroying|exiling|killing|removing|returning) (?:~ (?:after it blocks|while it(?:'s| is) blocking)|"
            r"(?:a|the) (?:only )?(?:blocker|blocking creature)(?: with ~)?"
            # fourteenth round: the blocker named by what it blocks ("exiling the creature blocking your attacking
            # creature with ~")
            r"|(?:a|the) (?:only )?creature (?:that is |that's )?blocking (?:it|~|an attacker|an attacking creature"
            r"|your attacking creature|that creature|the attacking creature)(?: with ~)?)(?: from combat| to its owner's hand)?"
        ),
        "if the creature blocking it is removed from combat, it",
    ),
    # eighteenth round: the card blocks, then you make it go ("if ~ blocks a creature and you then return ~ to its owner's
    # hand")
    (
        re.compile(
            r"^(?:if|once|when) ~ blocks (?:a creature|an attacking creature|an attacker) and (?:you |an effect |a spell )?(?:then )?"
            r"(?:you )?(?:returns?|destroys?|exiles?|sacrifices?) (?:it|~)(?: to its owner's hand)?"
            r"(?P<np>, the creature it (?:blocked|was blocking|had blocked)(?= ))?"
        ),
        lambda m: "if the creature blocking it is removed from combat" + (", it" if m["np"] else ""),
    ),
    # ... or you make the blocker a new object (400.7: it leaves combat, 506.4): "if you cast ~ on a blocking creature, that
    # creature returns to the battlefield as a new object that isn't blocking"
    (
        re.compile(
            r"^(?:if|once|when) (?:you cast ~ (?:on|targeting)|~ targets|you activate ~'s (?:[a-z]+ )?ability(?: targeting)?)"
            r"(?: (?:a blocking creature|it|~))?(?: after it (?:has )?blocked| after it blocks)?, (?:that creature|it|~) returns to the"
            r" battlefield as a new object(?: that (?:is not|isn't) blocking)?(?=\.?$)"
        ),
        "a blocking creature is removed from combat",
    ),
    # ... the same, with what follows after ", but" ("..., it returns as a new object that isn't blocking, but the attacking
    # creature it was blocking remains blocked")
    (
        re.compile(
            r"^(?:if|once|when) (?:you cast ~ (?:on|targeting)|~ targets|you activate ~'s (?:[a-z]+ )?ability(?: targeting)?)"
            r" (?:a blocking creature|a creature (?:you control )?that(?:'s| is) blocking|it|~)(?: after it (?:has )?blocked| after it"
            r" blocks)?, (?:that creature|it|~) returns (?:to the battlefield )?as a new object(?: that (?:is not|isn't) blocking)?,"
            r" but "
        ),
        "if a blocking creature is removed from combat, ",
    ),
    # ... its controller made to sacrifice it ("~'s triggered ability makes the blocking creature's controller sacrifice
    # it")
    (
        re.compile(
            r"(?<![\w~])(?:~'s (?:[a-z]+ )?ability|~) makes (?:the|that) blocking creature's controller sacrifice (?:it|that creature)\b"
        ),
        "all creatures blocking it are removed from combat",
    ),
    # ... the attacker named by its blocker gone ("an attacking creature whose only blocker phases out because of ~'s
    # triggered ability remains blocked")
    (
        re.compile(
            r"^an? (?:attacking )?creature whose (?:only blocker|blockers (?:are|have) all|blockers) (?:phases out|phased out"
            r"|(?:is|are|were|was|have been|has been) (?:destroyed|exiled|sacrificed|removed from combat)|leaves the battlefield"
            r"|left the battlefield|dies|died)(?: because of ~(?:'s (?:[a-z]+ )?ability)?| by ~(?:'s (?:[a-z]+ )?ability)?)? "
            r"(?=remains|stays|is still)"
        ),
        "if all creatures blocking it are removed from combat, it ",
    ),
    # ... the block said to stand after the blocker went ("a creature equipped with ~ is still blocked after its triggered
    # ability returns the blocking creature to its owner's hand")
    (
        re.compile(
            r"^(?P<np>.+?) (?P<v>is still blocked|remains blocked|stays blocked) after (?:its|~'s) (?:[a-z]+ )?ability "
            r"(?:returns|destroys|exiles|removes) (?:the|its) (?:only )?(?:blocking creature|blocker)(?: to its owner's hand"
            r"| from combat)?(?=\.?$)"
        ),
        lambda m: f"if the creature blocking it is removed from combat, {m['np']} {m['v']}",
    ),
    (re.compile(r"\bthe (?:attacking )?creature it was blocking\b"), "it"),
    # twenty-third round: the attacker named by its blocker gone ("an attacking creature whose blocker is destroyed remains
    # blocked"): its blockers gone, said as the condition
    (
        re.compile(
            r"^(?:[Aa]n? attacking creature|[Tt]he attacking creature|[Aa] blocked creature|[Aa]n attacker|[Aa] creature)"
            r" whose (?:only )?(?:blocker|blocking creature) (?:is|was|has been|gets) (?:destroyed|removed from combat|sacrificed"
            r"|exiled|returned to its owner's hand)(?: or (?:destroyed|removed from combat|sacrificed|exiled))? "
        ),
        "if all creatures blocking it are removed from combat, it ",
    ),
    (
        re.compile(r"\bturn (it|~|the attacking creature|that creature) into an unblocked creature\b"),
        r"cause \1 to become unblocked",
    ),
    # "should every creature blocking it be destroyed, ...": a condition said by inversion.
    (re.compile(rf"^should ({_ALL_BLOCKERS}) be "), r"if \1 are "),
    # "is blocked by two creatures and one of them dies": one of its blockers gone.
    (
        re.compile(
            rf"\b{_AUX}blocked by {_SEVERAL} creatures,? and (?:then )?"
            rf"(?:one|either|one or more|1) of (?:them|those creatures|those blockers|the blockers|these creatures)\s+{_GONE}"
        ),
        "is blocked and one of its blockers is removed from combat",
    ),
    (re.compile(rf"\b{_SOME_BLOCKERS}\s+{_GONE}"), "one of its blockers is removed from combat"),
    (
        # (eighteenth round: what made them go named after, "... is returned to its owner's hand by ~")
        re.compile(
            rf"(?<!of )(?<![\w~']){_ALL_BLOCKERS}\s+{_GONE}(?: by ~(?:'s (?:[a-z]+ )?ability)?| with ~)?(?=[ ,.]|$)"
        ),
        "all creatures blocking it are removed from combat",
    ),
)


#: Eighteenth round: the blocker made to go, said as what removes it ("exiling a blocking creature with ~'s triggered
#: ability removes it from combat, but the creature it was blocking stays blocked"), read before the premises below.
_REMOVES_IT: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"^(?:exiling|destroying|sacrificing|bouncing|returning|removing) (?:a|the) (?:only )?(?:blocking creature|blocker)"
            r"(?: with ~(?:'s (?:[a-z]+ )?ability)?)?(?: to its owner's hand)? removes it from combat, but "
        ),
        "if the creature blocking it is removed from combat, ",
    ),
)


#: A blocker removed as the premise ("removing one of the creatures blocking ~ from combat won't ..."):
#: the event, said as a condition.
_REMOVING: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        # (twelfth round: "from combat" said before a comma is not the predicate's first word)
        re.compile(
            rf"(?:^|(?<=, ))(?:removing|destroying|sacrificing|exiling) {_SOME_BLOCKERS}(?: from combat)? (?!from combat\b)"
        ),
        "if one of its blockers is removed from combat, it ",
    ),
    (
        re.compile(
            rf"(?:^|(?<=, ))(?:removing|destroying|sacrificing|exiling) {_ALL_BLOCKERS}(?: from combat)? (?!from combat\b)"
        ),
        "if all creatures blocking it are removed from combat, it ",
    ),
)


#: Eighth round, after the rules above: the blockers gone "before combat damage (is assigned)" are gone
#: when damage is assigned, as "all creatures blocking it are removed from combat" says (another moment
#: stays unread); an attacker "whose only blocker was removed" has no creature blocking it; "all 6 of its
#: damage" is all of its damage (the number is the example's).
_AFTER_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(all creatures blocking it are removed from combat) before (?:combat )?damage(?: is (?:assigned|dealt))?\b"
        ),
        r"\1",
    ),
    (
        re.compile(r"\bwhose only blocker (?:was|is|has been|gets) (?:removed from combat|destroyed)(?: by ~)?"),
        "that has no creature blocking it",
    ),
    (re.compile(r"\ball \d+ of (its|their)\b"), r"all of \1"),
)
_ALL_AFTER = re.compile(r"(?<![\w~'])(its|~'s|that creature's|the creature's) blockers (are|have|were|had) all\b")
_COUNTED_BLOCK = re.compile(rf"\bblocked by {_SEVERAL} creatures\b")


@lru_cache(maxsize=16384)
def normal_form(sentence: str) -> str:
    """``sentence`` (template form, asides set aside) with each part the grammar knows written the
    one way the lexicon reads it (see the module docstring); the sentence itself when no part is."""
    text = _CONTRACTED.sub(r"\1 has \2", sentence)
    text = _CAUSE_ASIDE.sub(",", text).replace(",,", ",")
    # twenty-fifth round: "its blockers are all destroyed" is "all of its blockers are destroyed"
    text = _ALL_AFTER.sub(r"all of \1 blockers \2", text)
    text = re.sub(r"(?<![\w~])(it|~) has attacking\b", r"\1 is attacking", text)
    if _COUNTED_BLOCK.search(text):
        # "blocked by two creatures ... one of them": one of its blockers
        text = re.sub(r"\b(?:one|either) of (?:them|those creatures)\b", "one of its blockers", text)
    if re.search(r"\battack", text):
        # a keyword changed "during combat" by an attacker: while it is attacking
        text = re.sub(rf"\b(loses|gains) ({_KEYWORD}) during (?:the )?combat\b", r"\1 \2 while it is attacking", text)
    # a moment said by reference ("after that,", "afterward"): left out, the claim read without it
    # (seventeenth round: "after that" before a noun is a moment of its own: "after that creature has attacked")
    text = re.sub(
        r"^(?:after that|afterwards?),\s*|\s+(?:afterwards?|after that(?! (?:creature|creatures|attacker|attackers|blocker"
        r"|blockers|card|cards|player|turn|combat|step|damage|ability|spell)\b))(?=[ ,.])",
        "",
        text,
    )
    # nineteenth round: "later" next to the change ("losing it later", "a blocker that later loses flying"): after the moment
    # the sentence names, as "afterward" is
    text = re.sub(
        rf"\b((?:losing|gaining|loses|gains|lose|gain) (?:{_KEYWORD})) (?:later|this way|that way)\b", r"\1", text
    )
    text = re.sub(rf"\blater ((?:loses|gains|lose|gain) (?:{_KEYWORD}))\b", r"\1", text)
    text = re.sub(r"(?<![\w~])(it|~) has (declared|blocked|attacking)\b", r"\1 is \2", text)
    named = "~" in text
    for pattern, replacement in (*_REMOVES_IT, *_REMOVING, *_BLOCKERS_GONE):
        text = pattern.sub(replacement, text)
    for pattern, replace in _RULES:
        text = pattern.sub(replace, text)
    for pattern, replacement in _AFTER_RULES:
        text = pattern.sub(replacement, text)
    if named and "~" not in text:
        # the card was the blocked creature ("if the creatures blocking ~ are destroyed, it deals
        # ..."): the main clause's pronoun is the card, named so its keywords are read
        text = re.sub(r", it (?=\w)", ", ~ ", text, count=1)
    return re.sub(r"\s{2,}", " ", text)


#: The creature itself said to be blocking ("after it's been blocking a creature"): the stemmed
#: tokens of "blocking" and "blocked" are one ("block"), so the blocker's side would read as the
#: blocked creature's. Marked apart in every further reading, it is a word the lexicon does not know.
_IS_BLOCKING = re.compile(
    r"(?<!creature )(?<!creatures )\b(it|~|that creature|the creature)( has been| had been|'s been| is|'s| was) blocking\b"
)
#: First strike and double strike are one concept to the reader (702.4, 702.7): a sentence naming
#: both apart ("giving first strike to a creature with double strike") cannot be read exactly.
_BOTH_STRIKES = re.compile(r"\bfirst strike\b(?! or double strike| and double strike| nor double strike)")
_DOUBLE = re.compile(r"(?<!or )(?<!and )(?<!nor )\bdouble strike\b")


def unreadable(sentence: str) -> bool:
    """Whether a further reading of ``sentence`` would lose what it claims: it names first strike
    and double strike apart, or the creature itself as the one blocking (see above)."""
    return bool(_BOTH_STRIKES.search(sentence) and _DOUBLE.search(sentence)) or bool(_IS_BLOCKING.search(sentence))


def normal_readings(sentence: str) -> tuple[str, ...]:
    """The sentence's normal form as a further reading, or none when it is the sentence itself or
    when a further reading would lose what it claims (:func:`unreadable`)."""
    if unreadable(sentence):
        return ()
    normal = normal_form(sentence)
    return (normal,) if normal != sentence else ()
