"""The card's own effect read as the keyword change it makes: "if you activate ~'s ability after
first-strike damage" is "if ~ gains first strike after first-strike damage" for a card whose
ability gives it first strike.

A ruling often states a combat keyword's rule through the way its card changes the keyword: an
activated ability that gives the card the keyword, an instant or sorcery that gives or takes it
("casting ~ on an attacking creature"), a lord that gives it to other creatures and leaves the
battlefield, a condition of the card's own ("as long as you control an artifact") that stops or
starts being true, an Equipment that becomes unattached. The claim reader knows the rule's words
("gains vigilance", "loses flying"), not the card's, so this module reads the card's oracle text
for what its effect does and writes the event as that change. Only a change the oracle text says
is read: a card whose ability gives flying is never read as giving vigilance, and an instant that
takes a keyword away is never read as giving it (702.7c, 702.9b, 702.10b, 702.20b, 702.111b with
506.4, 509.1h are the rules stated this way).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from protocol.model import CardData
from rulings.oracle_grants import Grant, grants, keywords_in, oracle_form
from rulings.oracle_grants import plural as plural_of


@dataclass(frozen=True)
class Change:
    """One keyword change a card's effect makes: who (``self``, ``target``, ``yours`` for creatures
    you control, ``others`` for a lord's creatures, ``attached``), ``gains`` or ``loses``, which
    keywords, and what makes it happen (``activate``, ``cast``, ``leave``, ``control``,
    ``unequipped``, ``deed`` for a deed of its player, "as long as you've gained life"); ``noun`` is what
    a condition of control names ("artifact", "forest"), or the deed ("gained life")."""

    holder: str
    verb: str
    keywords: tuple[str, ...]
    trigger: str
    noun: str = ""


@lru_cache(maxsize=4096)
def changes(card: CardData) -> tuple[Change, ...]:
    """The keyword changes ``card``'s oracle text makes (see :class:`Change`), from the grants its
    sentences make (:mod:`rulings.oracle_grants`)."""
    found = tuple(dict.fromkeys(change for grant in grants(card) for change in _changes_of(grant)))
    return tuple(_with_trigger_event(change, card) for change in found)


#: The event of a triggered ability that gives the card a keyword ("whenever another creature you control dies, ~
#: gains first strike until end of turn"), in the oracle text's template form.
_TRIGGER_EVENT = re.compile(r"(?:^|\n)(?:whenever|when) (?P<event>[^,.\n]+), ~ (?:gains|loses) ")


#: Twenty-third round: a triggered ability of the card's own entering ("when ~ enters, target creature gains menace").
_ENTERS_TRIGGER = re.compile(r"(?:^|\n)(?:when|whenever) ~ enters(?: the battlefield)?, ")


def _with_trigger_event(change: Change, card: CardData) -> Change:
    """Fifteenth round: a change the card's triggered ability makes to itself, with the event that triggers it as
    its ``noun`` (a ruling says that event for the change: "if another creature you control dies during the first
    combat damage step, ~ gains first strike, ..."). Twenty-third round: a change its entering makes to another
    creature has ``noun`` "enters" when that is the card's one triggered ability (a ruling says "if ~ enters after
    blockers are declared" for the change)."""
    if change.trigger == "trigger" and change.holder != "self" and not change.noun:
        form = oracle_form(card)
        if _ENTERS_TRIGGER.search(form) and len(re.findall(r"(?:^|\n)(?:when|whenever|at) ", form)) == 1:
            return Change(change.holder, change.verb, change.keywords, change.trigger, "enters")
        return change
    if change.trigger != "trigger" or change.holder != "self" or change.noun:
        return change
    found = [m.group("event") for m in _TRIGGER_EVENT.finditer(oracle_form(card))]
    return Change(change.holder, change.verb, change.keywords, change.trigger, found[0]) if len(found) == 1 else change


def _changes_of(grant: Grant) -> list[Change]:
    """The changes one grant makes: a static ability changes keywords when what it lasts for starts
    or stops (the lord entering or leaving, the condition met or no longer, the Aura or Equipment
    attached or not); an activated, triggered or spell ability when it resolves."""
    kws = grant.keywords
    if grant.how == "static":
        if grant.holder == "self":
            if grant.verb == "loses":
                # "~ loses haste as long as ...": the condition starting takes it, ending gives it back
                return [Change("self", "loses", kws, "condition", grant.noun)] if grant.condition else []
            kinds = {
                "control": ("loses", "control"),
                "state": ("loses", "state"),
                "equipped": ("loses", "unequipped"),
                "deed": ("gains", "deed"),
                "other": ("loses", "condition"),
            }
            if grant.condition not in kinds:
                return []
            verb, trigger = kinds[grant.condition]
            return [Change("self", verb, kws, trigger, "" if trigger == "unequipped" else grant.noun)]
        if grant.holder in ("equipped", "enchanted"):
            if grant.verb == "loses":
                return [Change(grant.holder, "loses", kws, "attach")]
            return [Change(grant.holder, "loses", kws, "unattached"), Change(grant.holder, "gains", kws, "attach")]
        if grant.holder == "yours" and grant.verb != "loses":
            return [
                Change("others", "loses", kws, "leave", grant.noun),
                Change("others", "gains", kws, "enter", grant.noun),
            ]
        return []
    holder = {"that": "target", "theirs": "all"}.get(grant.holder, grant.holder)
    if holder in ("equipped", "enchanted"):
        return []
    return [Change(holder, "loses" if grant.verb == "loses" else "gains", kws, grant.how)]


#: A creature named where the card's effect is aimed ("an attacking creature with vigilance", "a
#: creature with haste that's attacking"), up to the words that end it.
_NP = (
    r"(?:an? |the |target |another )?(?:attacking |blocking |blocked |tapped )?creature(?: with(?:out)? [a-z ]+?)?"
    r"(?: (?:that|which)(?: is|'s| has)? [a-z ]+?)?(?=,| after| before| once| during| won't| doesn't| will| is | isn't| can| means| with ~|\.)"
)


#: Fourteenth round: the card said usable ("~ can be cast", "you can activate ~'s ability"), before the moment it is
#: used at and a "but" that says what follows.
_CAN_USE = (
    r"(?:~ can be cast|you can cast ~|~ may be cast|you may cast ~|~'s (?:[a-z]+ )?ability can be activated"
    r"|you can activate ~'s (?:[a-z]+ )?ability|you may activate ~'s (?:[a-z]+ )?ability)"
)


def _rules(change: Change) -> list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]]:
    """The sentence patterns of ``change``'s event, each with the words of the change itself."""
    kw = " and ".join(change.keywords)
    if change.keywords == ("*",):  # "loses all abilities": the keyword the sentence names
        return []
    opposite = "gaining" if change.verb == "gains" else "losing"
    gerund = opposite
    plural = "gain" if change.verb == "gains" else "lose"
    rules: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = []
    if change.trigger == "activate" and change.holder == "self":
        rules += [
            # fourteenth round: the ability said usable at the moment, and what follows after "but"
            (
                re.compile(rf"^{_CAN_USE} (?P<when>(?:after|during|once) [^,]+), but "),
                lambda m: f"if ~ {change.verb} {kw} {m.group('when')}, ",
            ),
            # (seventeenth round: "activating the ability", the card's one ability that changes the keyword)
            (re.compile(r"\bactivating (?:~'s|its|the|this|that) (?:\w+ )?ability\b"), lambda m: f"~ {gerund} {kw}"),
            # sixteenth round: the ability activated after an event ("if ~ is blocked by one creature and you then
            # activate its ability, ...")
            (
                re.compile(
                    r"\band (?:you |its controller )?then (?:activate|activates) (?:~'s|its) (?:\w+ )?ability\b"
                ),
                lambda m: f"and then ~ {change.verb} {kw}",
            ),
            (
                re.compile(
                    r"\b(?:(if|once|when|after) )?~'s (?:\w+ )?ability (?:is|was|has been|gets|had been) activated\b"
                ),
                lambda m: f"{m.group(1) + ' ' if m.group(1) else ''}~ {change.verb} {kw}",
            ),
            (
                re.compile(r"\b(if|once|when|after) ~'s (?:\w+ )?ability resolves\b"),
                lambda m: f"{m.group(1)} ~ {change.verb} {kw}",
            ),
            (
                re.compile(
                    r"\b(?:(if|once|when|after) )?(?:you |its controller )?(?:activate|activates|activated) ~'s (?:\w+ )?ability\b"
                ),
                lambda m: f"{m.group(1) + ' ' if m.group(1) else ''}~ {change.verb} {kw}",
            ),
        ]
    if change.trigger == "trigger" and change.holder == "self" and change.noun:
        event = re.escape(change.noun)
        rules += [
            # fifteenth round: the event that triggers the card's ability said as the condition, then the change ("if
            # another creature you control dies during combat, ~ gains first strike, ..."): the change at that moment
            (
                re.compile(rf"\b(if|once|when|after) {event}(?P<rest>[^,]*), ~ {change.verb} {re.escape(kw)}\b"),
                lambda m: f"{m.group(1)} ~ {change.verb} {kw}{m.group('rest')}",
            ),
        ]
    if change.trigger in ("activate", "trigger"):
        rules += [
            # twenty-third round: the card's ability said to change nothing ("~'s triggered ability won't cause it to become
            # unblocked"): the change it makes changes nothing
            (
                re.compile(
                    r"^(?:~'s|its|the) (?:(?:triggered|activated|last|first|second) )?ability"
                    r" (?=(?:does not|doesn't|will not|won't|cannot|can't) )"
                ),
                lambda m: f"{opposite} {kw} ",
            ),
        ]
    if change.trigger in ("cast", "activate"):
        rules += [
            # seventeenth round: the card said to change nothing ("~ doesn't make a blocked creature unblocked", "~ won't
            # affect blocks that have already been made"): the change it makes changes nothing
            (
                re.compile(r"^~ (?=(?:does not|doesn't|will not|won't|cannot|can't) )"),
                lambda m: f"{opposite} {kw} ",
            ),
            # nineteenth round: ... at the moment it is used, said after ("~ won't change how creatures are blocking if it's
            # cast after blockers have been declared"): the change at that moment
            (
                re.compile(
                    r"(?<=\w) (?:if|when|once) (?:it|~) (?:is|'s) (?:cast|activated) (?=(?:after|during|once|before) [^,]+\.?$)"
                ),
                lambda m: " ",
            ),
        ]
    if change.trigger in ("cast", "activate") and change.holder == "target":
        rules += [
            # eighth round: the spell cast with no creature named ("casting ~ after blockers are
            # declared won't change any blocks"): a creature given (or losing) the keyword
            (
                re.compile(r"\bcasting ~(?= after| once| during| won't| doesn't| does not| will)"),
                lambda m: f"{opposite} {kw}",
            ),
            (
                re.compile(rf"\bcasting ~ (?:on|targeting) (?P<np>{_NP}|it|~)(?=[ ,.])"),
                lambda m: f"{m.group('np')} {opposite} {kw}",
            ),
            (
                re.compile(
                    # (nineteenth round: in the passive, "if ~ is cast on a creature with first strike ...")
                    rf"\b(if|once|when|after) (?:you cast ~ (?:on|targeting)|~ targets|~ is cast (?:on|targeting)"
                    # (nineteenth round: the ability used on a creature, "if you use ~'s ability on a creature ...")
                    rf"|you (?:use|activate) ~'s (?:\w+ )?ability (?:on|targeting))"
                    rf" (?P<np>{_NP}|it)(?=[ ,.])"
                ),
                lambda m: f"{m.group(1)} {m.group('np')} {change.verb} {kw}",
            ),
            # fourteenth round: the card said to give the keyword to a creature it names ("if ~ gives a creature that has
            # already dealt first-strike damage double strike, ...")
            (
                re.compile(
                    rf"\b(if|once|when|after) ~ (?:gives|grants) (?P<np>(?:an? |the |that |target )(?:attacking |blocking )?"
                    # (seventeenth round: or a pronoun, "even if ~ gives it menace")
                    rf"creature(?: [a-z-]+)*?|it|them) {re.escape(kw)}(?=[ ,.])"
                ),
                lambda m: f"{m.group(1)} {m.group('np')} {_verb_of(change.verb, m.group('np'))} {kw}",
            ),
            # sixteenth round: the keyword said before the creature ("if ~'s ability gives vigilance to a creature that's
            # already been declared as an attacker, ..."): that creature given the keyword (the creature's words up to
            # the comma)
            (
                re.compile(
                    rf"\b(if|once|when|after) ~(?:'s (?:\w+ )?ability)? (?:gives|grants) {re.escape(kw)} to "
                    rf"(?P<np>(?:an? |the |that |target )(?:attacking |blocking )?creature[^,]*)(?=,)"
                ),
                lambda m: f"{m.group(1)} {m.group('np')} {change.verb} {kw}",
            ),
            # fourteenth round: the spell said castable at the moment, and what follows after "but" ("~ can be cast
            # after blockers are declared, but the target creature will remain blocked")
            (
                re.compile(rf"^{_CAN_USE} (?P<when>(?:after|during|once) [^,]+), but "),
                lambda m: f"if the creature {change.verb} {kw} {m.group('when')}, ",
            ),
            # fourteenth round: the spell cast, with no creature named ("if ~ is cast after blockers are declared,
            # the creature remains blocked"): the creature it targets given (or losing) the keyword
            (
                # (fifteenth round: the spell said used, or "used" alone: "if used after a blocker is assigned")
                re.compile(
                    r"\b(if|once|when) (?:you cast ~|~ is cast|~ resolves|~ is used|used)(?= after| once| during)"
                ),
                lambda m: f"{m.group(1)} the creature {change.verb} {kw}",
            ),
        ]
    if change.trigger == "cast" and change.holder in ("yours", "all"):
        # a spell that changes many creatures' keywords (yours, an opponent's, every blocker)
        if change.holder == "all":
            # seventeenth round: the creatures it changes named by their controller ("after an opponent's creatures have
            # been declared as attackers"): the ones it changes
            rules += [
                (re.compile(r"\b(?:an opponent's|your opponents'|your opponent's) (?=creatures?\b)"), lambda m: "")
            ]
        rules += [
            (re.compile(r"\bcasting ~(?= )"), lambda m: f"{opposite} {kw}"),
            (
                # (nineteenth round: in the passive, "if ~ is cast after ...")
                re.compile(r"\b(if|once|when|after) (?:you cast ~|~ is cast)(?= )"),
                lambda m: f"{m.group(1)} they {plural} {kw}",
            ),
        ]
        if change.verb == "gains":
            rules += [(re.compile(r"\bafter ~ resolves\b"), lambda m: f", even though they gain {kw}")]
    if change.trigger in ("trigger", "activate") and change.holder != "self":
        # eleventh round: a triggered or activated ability resolving is the change it makes, to the
        # creature it targets or names ("that creature") or to the creatures it names
        who = "the creature" if change.holder == "target" else "they"
        rules += [
            (
                re.compile(
                    r"\b(if|once|when|after) (?:~'s (?:\w+ )?ability (?:resolves|triggers)|the ability resolves"
                    r"|you activate ~'s (?:\w+ )?ability)\b"
                ),
                lambda m: f"{m.group(1)} {who} {plural if who == 'they' else change.verb} {kw}",
            ),
            (
                re.compile(r"\b(?:~'s (?:\w+ )?ability resolving|activating ~'s (?:\w+ )?ability)(?=[ ,.])"),
                lambda m: f"{opposite} {kw}",
            ),
        ]
    if change.trigger == "trigger" and change.holder != "self" and change.noun == "enters":
        # twenty-third round: the card entering (or cast, or flashed in) is its triggered ability's change to the creature
        # it targets or names
        who = "the creature" if change.holder == "target" else "they"
        rules += [
            (
                re.compile(
                    r"\b(if|once|when|after) (?:you cast ~|~ is cast|~ enters(?: the battlefield)?)(?= after| during| once)"
                ),
                lambda m: f"{m.group(1)} {who} {plural if who == 'they' else change.verb} {kw}",
            ),
            (
                re.compile(r"\b(?:casting ~|~ entering(?: the battlefield)?)(?= after| during| once)"),
                lambda m: f"{opposite} {kw}",
            ),
        ]
    if change.trigger == "trigger" and change.holder == "self":
        # eleventh round: the card's triggered ability giving it the keyword
        rules += [
            (
                re.compile(r"\b(if|once|when|after) ~'s (?:\w+ )?ability (?:resolves|triggers)\b"),
                lambda m: f"{m.group(1)} ~ {change.verb} {kw}",
            ),
            (re.compile(r"\b~'s (?:\w+ )?ability resolving(?=[ ,.])"), lambda m: f"~ {gerund} {kw}"),
        ]
    if change.trigger == "enter":
        rules += [
            # seventeenth round: the lord cast ("if you cast ~ after blockers have been declared, ..."): it enters as it
            # resolves, and its creatures gain the keyword then
            (
                re.compile(r"\b(if|once|when|after) you cast ~(?= after| during| once)"),
                lambda m: f"{m.group(1)} creatures you control gain {kw}",
            ),
            (
                re.compile(r"(?<![\w~])~ entering the battlefield\b"),
                lambda m: f"creatures you control gaining {kw}",
            ),
            (
                re.compile(r"\b(if|once|when|after) ~ enters(?: the battlefield)?\b"),
                lambda m: f"{m.group(1)} creatures you control gain {kw}",
            ),
            # fifteenth round: a creature that attacked before the lord entered ("a soldier that attacked before ~
            # entered the battlefield stays tapped"): an attacking creature that gains the keyword
            (
                re.compile(
                    r"\b(?:a|an|any|each) (?:[a-z]+ )?(?:creature|[a-z]+) (?:that|which) (?:attacked|was declared as an attacker"
                    r"|had attacked|was attacking) before ~ (?:entered|enters|came onto)(?: the battlefield)?\b"
                ),
                lambda m: f"an attacking creature that gains {kw}",
            ),
            # sixteenth round: ... said of several ("creatures that attacked before ~ entered the battlefield remain
            # tapped even though they now have vigilance")
            (
                re.compile(
                    r"\b(?:the |any |all )?(?:other )?(?:[a-z]+ )?creatures (?:that|which) (?:attacked|were declared as attackers"
                    r"|had attacked|were attacking) before ~ (?:entered|enters|came onto)(?: the battlefield)?\b"
                ),
                lambda m: f"attacking creatures that gain {kw}",
            ),
        ]
    if change.trigger == "leave":
        rules += [
            (re.compile(r"(?<![\w~])~ leaving the battlefield\b"), lambda m: f"creatures you control losing {kw}"),
            # nineteenth round: the lord made to leave ("removing ~ won't remove them from combat", "destroying ~")
            (
                re.compile(
                    r"\b(?:removing|destroying|exiling|sacrificing|bouncing) ~(?= (?:will not|won't|does not|doesn't))"
                ),
                lambda m: f"losing {kw}",
            ),
            (
                re.compile(r"\b(if|once|when|after) ~ leaves the battlefield\b"),
                lambda m: f"{m.group(1)} creatures you control lose {kw}",
            ),
        ]
    if change.trigger == "control" and change.noun:
        noun = rf"(?:[a-z]+ )?{re.escape(change.noun)}s?"
        det = r"(?:one of )?(?:your |the |that |an? |all |those |enough |another )?(?:last |only |other )*"
        rules += [
            (
                re.compile(rf"\b(?:losing control of|sacrificing|no longer controlling) {det}{noun}\b"),
                lambda m: f"~ losing {kw}",
            ),
            (
                re.compile(
                    rf"\b(?:(if|once|when|after|and) )?(?:you (?:then )?(?:lose|lost) control of {det}{noun}|you (?:then )?(?:stop|stopped) controlling {det}{noun}"
                    rf"|you no longer control {det}{noun}|{det}{noun} (?:then )?(?:(?:leaves|left) the battlefield|dies|died)"
                    # nineteenth round: "you lose your last artifact (afterward)"
                    rf"|you (?:then )?(?:lose|lost) (?:your )?(?:last|only) {noun}(?: afterward| afterwards| then)?)\b"
                ),
                lambda m: f"{m.group(1) + ' ' if m.group(1) else ''}~ loses {kw}",
            ),
            # ninth round: too few of them left ("even if you control fewer than three artifacts")
            (
                re.compile(
                    rf"\b(if|once|when|after|even if|even though|and) you control (?:fewer|less) than (?:\w+) {noun}\b"
                ),
                lambda m: f"{m.group(1)} ~ loses {kw}",
            ),
            # the condition under which the card has the keyword, said first: the claim is the keyword's
            (
                # (fifteenth round: "if" too, and a number: "as long as you control 2 other knights, ")
                re.compile(
                    rf"^(?:while|as long as|if) you control (?:\w+ or more |\d+ |an? |another )?(?:other )?{noun}, "
                ),
                lambda m: "",
            ),
            (
                re.compile(rf"\bgaining control of (?:an? |another |your )?(?:other )?{noun}\b"),
                lambda m: f"~ gaining {kw}",
            ),
        ]
    if change.trigger == "condition" and change.holder == "self" and "in your graveyard" in change.noun:
        # fifteenth round: a count of cards in the graveyard as the condition (threshold, delirium, "as long as there are
        # four or more creature cards in your graveyard"): cards put there can make it true, cards leaving can end it
        when = r"\b(if|once|when|after|even if|even though)"
        rules += [
            (
                re.compile(
                    rf"{when} (?:an?|the) (?:[a-z]+ )?(?:[a-z]+ )?card (?:is put|goes|is milled|is discarded) (?:into|to) your"
                    r" graveyard\b"
                ),
                lambda m: f"{m.group(1)} ~ gains {kw}",
            ),
            (
                re.compile(
                    rf"{when} (?:an?|the|one or more|some|those|one of those) (?:[a-z]+ )?cards? (?:leaves?|left|(?:is|are)"
                    r" (?:removed|exiled) from) your graveyard\b"
                ),
                lambda m: f"{m.group(1)} ~ loses {kw}",
            ),
            (
                re.compile(rf"{when} you no longer have (?:delirium|threshold)\b"),
                lambda m: f"{m.group(1)} ~ loses {kw}",
            ),
        ]
    if change.trigger == "deed" and change.noun:
        verb, _, thing = change.noun.partition(" ")
        stem = re.escape(_stem(verb))
        rules += [
            (
                re.compile(
                    rf"\b(if|once|when|after|even if|even though) you (?:{stem}[a-z]*) (?:an? |any |some )?{re.escape(thing)}\b"
                ),
                lambda m: f"{m.group(1)} ~ gains {kw}",
            ),
            # nineteenth round: the deed as the subject of what follows ("casting a noncreature spell afterward won't free
            # it from that block"): the card gaining the keyword
            (
                re.compile(
                    rf"\b{stem}[a-z]*ing (?:an? |another |your |a second )?{re.escape(thing)}(?= afterward| then| later|"
                    r" after| won't| will not| doesn't| does not)"
                ),
                lambda m: f"~ gaining {kw}",
            ),
        ]
    if change.trigger == "state" and change.noun:
        # the card's own state under which it has the keyword, said first: the claim is the keyword's
        rules += [(re.compile(rf"^(?:while|as long as) (?:~|it) is {change.noun}, "), lambda m: "")]
    # twelfth round: the card named by its type ("if the Equipment leaves the battlefield")
    card = (
        r"(?:~|the equipment|the aura|that equipment|that aura)" if change.holder in ("equipped", "enchanted") else "~"
    )
    if change.trigger == "unattached":
        holder = f"the {change.holder} creature"
        rules += [
            (
                re.compile(
                    # (fourteenth round: "... attacks and then ~ becomes unattached": the event after another)
                    rf"\b(if|once|when|after|and then) (?:(?:the {change.holder} creature|it) becomes un{change.holder}|{card} (?:becomes unattached|"
                    r"is unattached|leaves the battlefield|is moved to another creature)"
                    # (eighteenth round: two ways said together, "becomes unattached or leaves the battlefield")
                    r"(?: or (?:becomes unattached|is unattached|leaves the battlefield|is destroyed|is moved to another creature))?)\b"
                    # sixteenth round: from a creature named by its state ("from a creature that's already attacking"; tried
                    # first, seventeenth round: "from an attacking creature that attacked without tapping")
                    r"(?:(?P<named> from (?:an?|the|that) (?:attacking |blocking |blocked )?creature (?:that|which)\b[^,]+(?=,))"
                    # tenth round: "... from an attacking creature": that creature
                    # (seventeenth round: "from a blocking creature")
                    r"|(?P<from> from (?:an attacking creature|a blocking creature|it|the (?:equipped|enchanted) creature)))?"
                ),
                lambda m: (
                    f"{m.group(1)} "
                    + (
                        m.group("named").removeprefix(" from ")
                        if m.group("named")
                        else "an attacking creature"
                        if m.group("from") and "attacking" in m.group("from")
                        else "a blocking creature"
                        if m.group("from") and "blocking" in m.group("from")
                        else holder
                    )
                    + f" loses {kw}"
                ),
            ),
            (
                re.compile(
                    rf"\b(?:unattaching {card}|moving {card} to another creature|{card} leaving the battlefield|losing ~|removing {card}"
                    rf"|destroying {card})(?!\w)"
                ),
                lambda m: f"{holder} losing {kw}",
            ),
        ]
    if change.trigger == "attach":
        # an Aura cast on a creature, an Equipment attached to it: the creature gains the keyword (or,
        # for one that takes it away, loses it)
        gerund = "gaining" if change.verb == "gains" else "losing"
        rules += [
            (
                re.compile(
                    rf"\b(?:casting ~ on|attaching ~ to|equipping ~ to|moving ~ (?:on)?to|equipping|enchanting) (?P<np>{_NP}|it|~)(?: with ~)?(?=[ ,.])"
                ),
                lambda m: f"{m.group('np')} {gerund} {kw}",
            ),
            (
                re.compile(
                    rf"\b(if|once|when|after) (?:you (?:cast ~ on|attach ~ to|equip ~ to|move ~ (?:on)?to)|~ (?:enchants|becomes attached to|"
                    rf"is attached to|is moved (?:on)?to|is cast on|enters attached to|enters the battlefield attached to)|it(?: is|'s)"
                    rf" cast on) (?P<np>{_NP}|it)(?=[ ,.])"
                ),
                lambda m: f"{m.group(1)} {m.group('np')} {change.verb} {kw}",
            ),
            # fourteenth round: an Equipment or Aura with flash that enters at a moment and becomes attached ("if ~
            # enters during the declare blockers step and becomes attached to an attacking creature ..., ...")
            (
                re.compile(
                    r"\b(if|once|when|after) ~ enters(?: the battlefield)? (?P<when>during the declare blockers step|after "
                    r"blockers (?:are|have been) declared|during the declare attackers step|after attackers (?:are|have been)"
                    rf" declared) and (?:becomes|is) attached to (?P<np>{_NP}|it)(?=[ ,.])"
                ),
                lambda m: f"{m.group(1)} {m.group('np')} {change.verb} {kw} {m.group('when')}",
            ),
            # tenth round: "an attacking creature that becomes enchanted by ~"
            (
                re.compile(r"\b(that|which) (?:becomes|is) (?:enchanted|equipped) (?:by|with) ~(?=[ ,.])"),
                lambda m: f"{m.group(1)} {change.verb[:-1] if change.verb.endswith('s') else change.verb}s {kw}",
            ),
        ]
        if change.holder == "enchanted":
            # twenty-second round: an Aura cast (or entering) at a moment, the creature it enchants left unnamed ("if you
            # cast ~ with flash after first-strike combat damage has been dealt, the enchanted creature ..."): an Aura
            # spell resolves attached to the creature it targets (303.4f), which then has what it gives
            rules.append(
                (
                    re.compile(
                        r"\b(if|once|when|after) (?:you cast ~|~ is cast|~ enters(?: the battlefield)?)(?: with flash)?"
                        r"(?= (?:after|during|once|while) )"
                    ),
                    lambda m: f"{m.group(1)} the enchanted creature {change.verb} {kw}",
                )
            )
    if change.verb == "gains" and change.holder in ("target", "enchanted", "equipped"):
        # the creature named by the card that gave it the keyword: a creature with it
        rules += [
            (
                re.compile(
                    r"\b(?:the|a|that) creature (?:targeted by|enchanted (?:with|by)|equipped (?:with|by)) ~(?:'s (?:\w+ )?ability)?"
                ),
                lambda m: f"a creature with {kw}",
            ),
        ]
    if change.trigger == "unequipped":
        rules += [
            (
                re.compile(
                    r"\b(if|once|when|after) (?:~ becomes unequipped|(?:the|an|each) equipment (?:attached to ~|~ is equipped with)"
                    r" (?:leaves the battlefield|is destroyed|becomes unattached|is unattached))(?!\w)"
                ),
                lambda m: f"{m.group(1)} ~ loses {kw}",
            ),
        ]
    return rules


def _verb_of(verb: str, subject: str) -> str:
    """``verb`` ("gains", "loses") agreeing with ``subject`` ("they gain")."""
    return verb.removesuffix("s") if subject in ("them", "they") else verb


def _stem(verb: str) -> str:
    """A verb's stem, for the tenses a ruling says a deed in ("gained" and "gain", "cast", "drew")."""
    for ending in ("ied", "ed", "es", "s"):
        if verb.endswith(ending) and len(verb) - len(ending) >= 3:
            return verb[: -len(ending)] + ("y" if ending == "ied" else "")
    return verb


#: The card leaving the battlefield in other words ("if ~ is destroyed after ...").
_LEAVES = re.compile(
    r"(?<![\w~])~ (?:is|gets|was) (?:destroyed|sacrificed|exiled)\b|(?<![\w~])~ dies\b"
    # twentieth round: made to leave by you ("if you sacrifice ~ after attackers have been declared")
    r"|(?:(?<=\bif )|(?<=\bonce )|(?<=\bwhen )|(?<=\bafter ))you (?:sacrifice|destroy|exile) ~(?![\w'])"
)


_TOO_LATE_TO_USE = re.compile(
    r"^((?:once|after) [^,]+), it(?:'s| is) too late to (?:(activate) ~'s (?:[a-z]+ )?ability|(cast) ~)(?: to [a-z~' -]+)?"
    r"(?=\.?$)"
)


_ACTIVATING = "activating ~'s ability"
#: ... and used then all the same ("if you activate it then anyway, ..."): at the moment the sentence before named.
_THEN_ANYWAY = re.compile(r"^(if|when) you activate it then(?: anyway)?,")


#: Twentieth round: what made the keyword change said as the premise, in the card's own words ("if an artifact enters
#: under your control after ~ has been blocked by a creature without flying or reach, ~ gains flying, but it's still
#: blocked"), then the change said: the change is the premise.
_PREMISE_THEN_CHANGE = re.compile(
    r"^if (?P<premise>[a-z0-9/+ ']+?) (?P<moment>after (?:it|~|they) (?:has|have) (?:been|become) blocked[^,]*"
    r"|after (?:blockers|attackers) (?:are|have been) declared|after (?:it|~) (?:has )?(?:attacked|blocked)[^,]*"
    r"|after first-strike combat damage (?:is|has been) dealt), (?P<np>it|~|that creature|the creature|they)"
    r" (?P<change>gains|loses|gain|lose) (?P<k>flying|reach|menace|vigilance|haste|first strike|double strike)"
    r"(?: from ~(?:'s (?:[a-z]+ )?ability)?)?,? but (?P<rest>.+)$"
)
#: Words of a premise that say nothing of the card (the premise must be the card's own words otherwise).
_PREMISE_FUNCTION = frozenset(
    [
        "a",
        "an",
        "the",
        "it",
        "its",
        "~",
        "~'s",
        "you",
        "your",
        "of",
        "on",
        "to",
        "under",
        "another",
        "one",
        "if",
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "been",
        "gets",
        "get",
        "becomes",
        "become",
        "enters",
    ]
)


def _premise_as_change(sentence: str, cards: tuple[CardData, ...]) -> str | None:
    """``sentence`` with a premise in its card's words dropped for the change said after it, or None: only for a card
    whose oracle text gives or takes that keyword and names every other word of the premise."""
    found = _PREMISE_THEN_CHANGE.match(sentence.rstrip("."))
    if found is None:
        return None
    for card in cards:
        oracle = card.text.lower()
        if found["k"] not in oracle:
            continue
        said = set(re.findall(r"[a-z0-9/+']+", oracle))
        premise = [w for w in re.findall(r"[a-z0-9/+']+", found["premise"]) if w not in _PREMISE_FUNCTION]
        if premise and all(w in said or w.rstrip("s") in said for w in premise):
            return f"if {found['np']} {found['change']} {found['k']} {found['moment']}, {found['rest']}."
    return None


@lru_cache(maxsize=4096)
def _rewrites(sentence: str, cards: tuple[CardData, ...]) -> tuple[str, ...]:
    out: list[str] = []
    # twentieth round: "then" after the card ("... and ~ then becomes unattached from it"): the event after another
    sentence = re.sub(r"\band (~|the equipment|the aura) then (becomes|leaves|is)\b", r"and then \1 \2", sentence)
    premised = _premise_as_change(sentence, cards)
    if premised is not None:
        out.append(premised)
    for card in cards:
        for change in _each_keyword_too(changes(card)):
            if change.keywords == ("*",):
                named = keywords_in(sentence)
                if not named:
                    continue
                change = Change(change.holder, change.verb, named[:1], change.trigger, change.noun)
            text = sentence
            if change.trigger == "cast" and "~" not in text:
                # seventeenth round: a spell named by a pronoun after the sentence before named it ("~ won't affect
                # blocks. If you cast it after blockers are declared, ..."): only a spell is cast, and this is its ruling
                text = re.sub(r"\b(cast|casting) it\b", r"\1 ~", text)
                text = re.sub(r"\b(if|once|when|after) it targets\b", r"\1 ~ targets", text)
            if change.trigger in ("cast", "activate"):
                # eighteenth round: the card said too late to use at a moment ("once first-strike combat damage has been
                # dealt, it's too late to activate ~'s ability to have it deal combat damage first"): using it then
                # changes nothing
                text = (
                    _THEN_ANYWAY.sub(r"\1 you activate ~'s ability at that point,", text)
                    if change.trigger == "activate"
                    else text
                )
                text = _TOO_LATE_TO_USE.sub(
                    lambda m: f"{m[1]}, {_ACTIVATING if m[2] else 'casting ~'} does not change anything",
                    text,
                )
            if change.trigger in ("leave", "unattached"):
                # eighth round: the card destroyed, sacrificed or exiled is the card leaving the battlefield
                text = _LEAVES.sub("~ leaves the battlefield", text)
            for pattern, replace in _rules(change):
                text = pattern.sub(replace, text)
            if change.trigger in ("state", "control") and text != sentence:
                # the condition said first was dropped: its pronoun subject is the card
                text = re.sub(r"^it\b", "~", text)
                if "~" not in text and sentence.startswith(("while ~", "as long as ~", "if ~")):
                    # fifteenth round: the condition named the card, so the pronoun after it is the card ("while ~ is
                    # untapped, damage won't destroy it")
                    text = re.sub(r"\bit\b", "~", text, count=1)
            # (twentieth round: not the noun "creature" itself, "Creatures you control have menace": "2 or more creatures"
            # and "those creatures" are the blockers, not the lord's)
            if (
                change.trigger in ("leave", "enter")
                and text != sentence
                and change.noun not in ("creature", "creatures")
            ):
                # the lord's creatures named by their type ("those soldiers", "your knights")
                plural = plural_of(change.noun)
                text = re.sub(rf"\b(?:those|these) {plural}\b", "they", text)
                text = re.sub(
                    rf"\b(?:your (?:other )?|other )?{plural}(?: you control)?\b", "creatures you control", text
                )
            if text != sentence:
                out.append(text)
    return tuple(dict.fromkeys(out))


def _each_keyword_too(found: Iterable[Change]) -> tuple[Change, ...]:
    """``found``, and each change of several keywords also as the change of each one alone (fourteenth
    round): a spell that gives flying and first strike gives flying, so a ruling that casting it after
    blockers are declared changes no block states flying's rule (the keywords of combat each act on their
    own: 509.1 for the evasion keywords, 510.4 for first strike)."""
    out: list[Change] = []
    for change in found:
        out.append(change)
        if len(change.keywords) > 1 and "*" not in change.keywords:
            out += [Change(change.holder, change.verb, (kw,), change.trigger, change.noun) for kw in change.keywords]
    return tuple(dict.fromkeys(out))


def change_readings(sentence: str, cards: Iterable[CardData]) -> tuple[str, ...]:
    """``sentence`` (template form) with its card's effect written as the keyword change it makes;
    none when the sentence names no such effect of its cards."""
    return _rewrites(sentence, tuple(cards))
