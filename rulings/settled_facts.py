"""A combat status said to be settled at a moment, read as the fact that a later keyword change
changes nothing: "Blocks aren't reevaluated when a creature loses flying", "~'s ability doesn't
affect creatures that are already blocked", "Casting ~ during the declare blockers step is too late
to affect how your creatures are blocked", "Whether ~ taps is determined only as it attacks", "To
change how a creature can be blocked, the ability must resolve before blockers are declared".

Rulings state the family of "the change comes too late" rules (702.20b, 702.9b-c with 509.1h,
702.111b, 702.10b with 508.1) from the status's side as often as from the change's side
(:mod:`rulings.combat_facts`): a status is settled at its moment (how a creature is blocked, as
blockers are declared: 509.1, 509.1h; whether it taps, as it attacks: 508.1f; that it attacks, as
attackers are declared: 508.1, 506.4), so a keyword change after that moment changes nothing. Such
a sentence often names no keyword: the keyword is the one the ruling's card changes (its oracle
text read by :mod:`rulings.keyword_changes`), among those that decide the status (flying, reach and
menace decide blocks; vigilance whether a creature taps; haste whether it can attack). A card that
changes none of them makes no such fact, so the sentence stays unread.

A sentence is read only when one frame reads all of it (the same discipline as the change's side):
the negation is part of every frame ("does not affect", "too late", "not reevaluated", "must ...
before"), and the moment a sentence names must be the status's own moment ("too late" after
attackers are declared is no claim about blocks), so a negated, affirmed or earlier-moment variant
computes no fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from protocol.model import CardData
from rulings.combat_facts import CREATURE, MOMENT_FORMS, Fact, first_match
from rulings.holders import held_keywords
from rulings.keyword_changes import changes

#: Each status, its moment, and the keywords that decide it.
STATUSES: dict[str, tuple[str, tuple[str, ...]]] = {
    "blocks": ("after-blockers", ("flying", "reach", "menace")),
    "taps": ("after-attackers", ("vigilance",)),
    "attacks": ("after-attackers", ("haste",)),
    # creatures named as attacking, whatever of their attack the sentence leaves settled
    "attackers": ("after-attackers", ("haste", "vigilance")),
}
_KEYWORD = r"(?P<k>double strike|first strike|flying|reach|menace|vigilance|haste)"
_SOMEONE = r"(?:npx|npm[abf]|it|they|them|~|your creatures|creatures)"

#: The card's effect, as a subject ("~'s ability", "the effect", "the spell").
_EFFECT = (
    r"(?:~|~'s (?:(?:triggered|activated|static|first|second|last) )?(?:ability|effect)"
    r"|(?:the|its|this|that) (?:(?:triggered|activated|static) )?(?:ability|effect|spell))"
)
#: The card's effect as an event ("casting ~ on it", "activating ~'s ability").
_EVENT = (
    r"(?:casting (?:~|it|the spell)|activating (?:~'s|the|its|that) (?:[a-z]+ )?ability|activating (?:~|it)"
    r"|(?:~'s|the|its|that) (?:(?:triggered|activated) )?ability resolving|~ resolving)"
    rf"(?: (?:on|targeting) {_SOMEONE})?"
)

_ATTACKING = r"(?:(?:any )?npma|an attacking creature|(?:any )?attacking creatures)"
_THAT = r"(?:it|them|npx|npma|that creature|the creature)"
#: The card's effect aimed at an attacking creature.
_EVENT_ON_ATTACKER = r"(?:casting (?:~|it|the spell)|activating (?:~'s|the|its|that) (?:[a-z]+ )?ability) (?:on|targeting) (?:npma|an attacking creature)"

#: What a status names, as the object of "affect" / "change" (one group per status).
_STATUS_OBJECT = {
    "blocks": (
        rf"how {_SOMEONE} (?:is|are|can be|will be|may be|gets|get|has been|have been|was|were) blocked"
        rf"|which creatures (?:block|can block|are blocking) {_SOMEONE}"
        rf"|whether {_SOMEONE} (?:is|are|can be) blocked(?: by (?:a given number of|any number of|more than one|two or more|multiple) (?:creatures|npx))?"
        r"|(?:the |any |those |these )?blocks?"
    ),
    "taps": rf"whether {_SOMEONE} (?:taps?|tapped|becomes? tapped|became tapped|becomes? untapped|is tapped|are tapped|was tapped)",
    "attacks": (rf"whether {_SOMEONE} (?:can attack|attacks?)"),
}
#: What a status names as already settled (the object of "doesn't affect" with no moment of its own).
_SETTLED_OBJECT = {
    "blocks": (
        rf"how {_SOMEONE} (?:has been|have been|was|were) blocked"
        r"|(?:the |any |those |these )?blocks? that (?:have|has|had) been (?:declared|made)|(?:the )?declared blocks"
    ),
    "attacks": r"(?:the |any |those |these )?attacks? that (?:have|has|had) been declared|(?:the )?declared attack(?:er)?s",
}
#: The creatures whose status is settled, named by their moment (any status of that moment).
_SETTLED_CREATURES = {"after-blockers": r"npmb", "after-attackers": r"npma"}


def _group(name: str, form: str) -> str:
    return f"(?P<{name}>{form})"


def _statuses(prefix: str, forms: dict[str, str] = _STATUS_OBJECT) -> str:
    return "|".join(_group(f"{prefix}_{status}", form) for status, form in forms.items())


def _moments(prefix: str) -> str:
    """The moment said as "after ..." or "during the declare ... step"."""
    forms = {name: form for name, form in MOMENT_FORMS.items() if name in ("after-attackers", "after-blockers")}
    return "|".join(_group(f"{prefix}_{name.replace('-', '_')}", form) for name, form in forms.items())


#: The moment a status is settled at, said as the event ("as it attacks", "when blockers are declared").
_AT = {
    "after-attackers": (
        rf"{_SOMEONE} (?:attacks|attack|attacked|is declared as an attacker|are declared as attackers|was declared as an attacker"
        r"|were declared as attackers)|attackers (?:are|were) declared"
        r"|(?:you|its controller|the active player) declares? (?:it as an attacker|attackers)"
    ),
    "after-blockers": rf"blockers are declared|{_SOMEONE} (?:is|are|becomes?|become) blocked|{_SOMEONE} blocks?",
}
_AT_ANY = "|".join(_group(f"at_{name.replace('-', '_')}", form) for name, form in _AT.items())
#: "before blockers are declared": what must come first, for a change to matter.
_BEFORE = (
    r"before (?:(?P<before_attackers>attackers)|(?P<before_blockers>blockers)) (?:are|have been) (?:declared|chosen)"
)
_NOT = r"(?:does not|do not|will not|would not|cannot|can not)"
_MUST = r"(?:must|need to|needs to|has to|have to)"
_DO_IT = (
    r"(?:be )?(?:resolve|resolved|activated|cast|applied|activate (?:the|its|~'s|that) (?:[a-z]+ )?ability"
    r"|activate (?:it|~)|cast (?:it|~|the spell))"
)
#: The keywords that decide a status (one of :data:`STATUSES`).
_STATUS_KEYWORD = r"vigilance|haste|flying|reach|menace"
_KEYWORD_ANY = r"(?:double strike|first strike|flying|reach|menace|vigilance|haste)"
_PURPOSE = (
    rf"to (?:affect|change|alter|have (?:any|an) effect on) (?:{_statuses('p')})"
    rf"|for (?:{_KEYWORD_ANY}|it|that|the ability) to (?:affect|change|alter|matter for|have (?:any|an) effect on) (?:{_statuses('q')})"
    rf"|(?P<p_untapped>to attack (?:with {_SOMEONE} )?without (?:tapping|it tapping|them tapping)(?: it| them| ~)?"
    # (the combat normal form writes "attack without tapping it" as "attack it")
    r"|to attack (?:it|them|~))"
)
_NO_EFFECT = rf"(?:{_NOT} (?:affect|change|alter|undo|modify|change or undo|undo or change)|(?:has|have) no effect on)"
_TOO_LATE = rf"is too late to (?:affect|change|alter|have (?:any|an) effect on) (?:{_statuses('l')})"
_NOT_AGAIN = (
    r"(?:are|is) not (?:reevaluated|re-evaluated|rechecked|re-checked|checked again|reconsidered|redone|undone)"
    r"(?: once (?:they|it) (?:have|has) been declared| after (?:they|it) (?:are|is|have been|has been) declared)?"
)
_CHANGE = rf"(?:(?P<gain>gains|gain)|(?P<lose>loses|lose)|(?P<either>gains or loses|loses or gains)) {_KEYWORD}"

#: The frames, as text, compiled on first use (:func:`_frames`): importing the package stays cheap.
_FRAME_FORMS: tuple[str, ...] = (
    # ~'s ability doesn't affect creatures that are already blocked / blocks that have been declared
    rf"(?:{_EFFECT}|{_EVENT}) {_NO_EFFECT} (?:{_statuses('o', _SETTLED_OBJECT)}|(?P<o_creatures>"
    rf"{_SETTLED_CREATURES['after-attackers']}|{_SETTLED_CREATURES['after-blockers']}))",
    # tenth round: ~ won't remove an attacking creature from combat / won't untap an attacking creature
    rf"(?:{_EFFECT}|{_EVENT}) {_NOT} (?:(?P<r_attacks>remove {_ATTACKING} from combat)|(?P<r_taps>untap {_ATTACKING}))",
    # ... said of the creature it was cast on ("casting ~ on a creature that's already attacking doesn't untap it")
    rf"{_EVENT_ON_ATTACKER} {_NOT} (?:(?P<r_attacks2>remove {_THAT} from combat)|(?P<r_taps2>untap {_THAT}))",
    # ~ won't undo any blocks if it's cast after blockers are declared
    rf"(?:{_EFFECT}) {_NO_EFFECT} (?:{_statuses('o')}) (?:if|when|once) (?:it is|~ is) (?:cast|activated|resolved)"
    rf" (?:{_moments('m')})",
    # casting ~ after attackers are declared won't remove any of them from combat
    rf"{_EVENT} (?:{_moments('m')}) {_NOT} (?:(?P<r_attacks3>remove (?:any of them|them|{_ATTACKING}) from combat)"
    rf"|(?P<r_taps3>untap (?:any of them|them|{_ATTACKING})))",
    # casting ~ after blockers are declared won't affect how it is blocked
    rf"(?:{_EFFECT}|{_EVENT}) (?:{_moments('m')}),? {_NO_EFFECT} (?:{_statuses('o')})",
    rf"(?:{_moments('m')}), (?:{_EFFECT}|{_EVENT}) {_NO_EFFECT} (?:{_statuses('o')})",
    # casting ~ during the declare blockers step is too late to affect how your creatures are blocked
    rf"{_EVENT} (?:{_moments('m')}|during the declare (?:(?P<d_attackers>attackers)|(?P<d_blockers>blockers)) step)"
    rf" {_TOO_LATE}",
    rf"(?:{_moments('m')}), it {_TOO_LATE}",
    # to change how a creature can be blocked, the ability must resolve before blockers are declared
    rf"(?:{_PURPOSE}), (?:(?:{_EFFECT}|you|{CREATURE}) {_MUST} )?{_DO_IT} {_BEFORE}",
    rf"(?:{_EFFECT}|you|{CREATURE}) {_MUST} {_DO_IT} {_BEFORE},? (?:in order )?(?:{_PURPOSE})",
    # whether ~ taps is determined only as it attacks
    rf"(?:{_statuses('w')}) (?:(?:is|was) (?:determined|checked|decided|set|fixed|locked in|settled|relevant)|matters|mattered"
    r"|only matters) (?:only )?"
    rf"(?:as|when|once|at the moment|at the time) (?:{_AT_ANY})",
    # eleventh round: the keyword itself said to matter only at its status's moment ("vigilance matters only as
    # attackers are declared"): the status it decides
    rf"(?:only (?P<kw_w1>{_STATUS_KEYWORD}) (?:is (?:checked|relevant)|matters)|(?P<kw_w2>{_STATUS_KEYWORD}) (?:(?:is|was)"
    r" (?:checked|relevant|considered) only|matters only|only matters))"
    rf" (?:as|when|once|at the moment|at the time) (?:{_AT_ANY})",
    # blocks aren't reevaluated when a creature loses flying
    rf"(?:(?:{_moments('m')}), )?(?:the |those |any )?(?:(?P<n_blocks>blocks?)|(?P<n_attacks>attacks?)) {_NOT_AGAIN}"
    rf"(?: (?:when|if|after|even if|once) (?:{_SOMEONE}|{CREATURE}) {_CHANGE})?",
)


@lru_cache(maxsize=1)
def _frames() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(form) for form in _FRAME_FORMS)


#: The changes a keyword the card has can make.
_HELD = ("lost", "gained-or-lost")


@dataclass(frozen=True)
class Settled:
    """A status settled at its moment; ``keyword`` and ``change`` when the sentence names them."""

    status: str
    keyword: str = ""
    change: str = ""
    #: The one change the sentence can be about, when its words say what the change would undo: "won't untap
    #: it" (vigilance gained), "won't remove it from combat" (haste lost).
    direction: str = ""


def _found(groups: dict[str, str | None], prefix: str) -> str | None:
    return next((name for name in STATUSES if groups.get(f"{prefix}_{name}")), None)


def _moment(groups: dict[str, str | None]) -> str | None:
    for name in ("after-attackers", "after-blockers"):
        key = name.replace("-", "_")
        if groups.get(f"m_{key}") or groups.get(f"at_{key}"):
            return name
    for word, name in (("attackers", "after-attackers"), ("blockers", "after-blockers")):
        if groups.get(f"d_{word}") or groups.get(f"before_{word}"):
            return name
    return None


def _settled(groups: dict[str, str | None]) -> Settled | None:
    status = next(
        (found for prefix in ("o", "l", "p", "q", "w") if (found := _found(groups, prefix)) is not None),
        None,
    )
    direction = ""
    decided_by = groups.get("kw_w1") or groups.get("kw_w2")
    if decided_by:
        # the status the keyword decides; whether gained or lost, a change after the moment changes nothing
        status = next(name for name, (_, keywords) in STATUSES.items() if decided_by in keywords)
        moment = _moment(groups)
        if moment is not None and moment != STATUSES[status][0]:
            return None
        return Settled(status, decided_by, "gained-or-lost")
    if groups.get("p_untapped"):
        status = "taps"
    if groups.get("r_taps") or groups.get("r_taps2") or groups.get("r_taps3"):
        status, direction = "taps", "gained"
    if groups.get("r_attacks") or groups.get("r_attacks2") or groups.get("r_attacks3"):
        status, direction = "attacks", "lost"
    if groups.get("n_blocks"):
        status = "blocks"
    elif groups.get("n_attacks"):
        status = "attacks"
    moment = _moment(groups)
    creatures = groups.get("o_creatures")
    if status is None and creatures:
        # creatures named by their moment: any status of that moment
        moment_named = "after-blockers" if creatures == "npmb" else "after-attackers"
        if moment not in (None, moment_named):
            return None
        return Settled("blocks" if moment_named == "after-blockers" else "attackers")
    if status is None:
        return None
    # the moment the sentence names must be the status's own
    if moment is not None and moment != STATUSES[status][0]:
        return None
    keyword = groups.get("k") or ""
    change = "gained-or-lost" if groups.get("either") else "gained" if groups.get("gain") else "lost" if keyword else ""
    if keyword and keyword not in STATUSES[status][1]:
        return None
    return Settled(status, keyword, change, direction)


@lru_cache(maxsize=8192)
def read_settled(sentence: str) -> Settled | None:
    """The status ``sentence`` says is settled at its moment, or None if no frame reads all of it."""
    groups = first_match(sentence, _frames())
    return None if groups is None else _settled(groups)


def _card_changes(cards: Iterable[CardData]) -> set[tuple[str, str]]:
    """(keyword, "gained"/"lost") for every change the cards' effects make; a change that lasts while
    a condition holds (a lord, an Equipment, "as long as") both starts and stops."""
    out: set[tuple[str, str]] = set()
    for card in cards:
        for change in changes(card):
            keywords = (
                tuple(k for status in STATUSES.values() for k in status[1])
                if "*" in change.keywords
                else change.keywords
            )
            verbs = {"gained" if change.verb == "gains" else "lost"}
            if change.trigger in ("control", "state", "unequipped", "unattached", "leave", "condition"):
                verbs = {"gained", "lost"}
            out |= {(k, verb) for k in keywords for verb in verbs}
    return out


def settled_facts(sentence: str, cards: Iterable[CardData]) -> tuple[Fact, ...]:
    """The facts a settled-status sentence states for a ruling of ``cards``: the keyword changed at
    or after the status's moment changes nothing (outcome "changed" does not hold). The keyword is
    the one the sentence names, or else one the cards change among those that decide the status."""
    settled = read_settled(sentence)
    if settled is None:
        return ()
    moment, deciding = STATUSES[settled.status]
    if settled.keyword and settled.change == "gained-or-lost":
        # either change: each direction, and both
        pairs = {(settled.keyword, change) for change in ("gained", "lost", "gained-or-lost")}
    elif settled.keyword:
        pairs = {(settled.keyword, settled.change)}
    else:
        pairs = {(k, verb) for k, verb in _card_changes(cards) if k in deciding}
        # a card that has the keyword itself may lose it, or have it given again
        pairs |= {(k, verb) for card in cards for k in held_keywords(card) & set(deciding) for verb in _HELD}
        if settled.direction:
            pairs = {(k, verb) for k, verb in pairs if verb == settled.direction}
    return tuple(Fact(k, verb, moment, "changed", False) for k, verb in sorted(pairs))
