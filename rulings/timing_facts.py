"""When an exiled card may be played, read as a fact and judged by the normal timing rules, not
matched as a bag of words (issue 24, ninth round).

Rulings of cards that let you play the cards they exile restate the timing rules through cases:
"you can't cast a creature card exiled this way during your upkeep", "if it's a land, you can play
it only if you have a land play left", "you'll have to wait until your main phase to cast a
sorcery", "you can cast an instant card exiled this way during an opponent's turn". Each is one
claim -- *which cards*, *when*, and *whether they can be played then* -- and whether it is a claim
of the rule "the permission doesn't change when you can play them" depends on whether it is true
by the normal timing rules (117.1a, 305.1-305.2, 307.1), not on its words. So this reader takes
the sentence apart into those parts, each from a small grammar of its own forms, and evaluates
the claim over every situation of a turn (whose turn, which step, the stack, the land play) with
the rules' own table (:func:`playable`):

- **can** (kinds, moment): every card of those kinds is playable in every situation of the moment;
- **cannot**: none is playable in any situation of it;
- **only** ("only during your main phase", "can't ... unless you have a land play left", "have to
  wait until your main phase"): every situation in which one is playable is in the moment;
- **not-all** ("~ doesn't let you cast them any time you could cast an instant"): not *can*.

A sentence is read only if a frame reads *all* of it, and it states the rule only if its claim is
true for every kind it names: a negated sentence, another kind, another moment or another verdict
computes a claim that is false (or undecided), and stays unread. A kind nobody can judge
("a nonland card" is played at two timings) or a moment the grammar has not ("right away") leaves
the sentence unread, never guessed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from protocol.model import CardData
from rulings.reader_text import prepared

#: The card kinds the rules time differently: a land (305.1-305.2), a card played at sorcery speed
#: (307.1: sorceries and permanent spells without flash) and one played whenever you have priority
#: (instants and cards with flash, 117.1a).
KINDS = ("land", "sorcery-speed", "instant-speed")


@dataclass(frozen=True)
class Situation:
    """A moment a player could play a card at: whose turn, which step, the stack, the land play."""

    yours: bool
    step: str
    stack_empty: bool
    land_play: bool


STEPS = ("upkeep", "draw", "main1", "combat", "main2", "end")
SITUATIONS = tuple(
    Situation(yours, step, empty, land)
    for yours, step, empty, land in itertools.product((True, False), STEPS, (True, False), (True, False))
)


def playable(kind: str, at: Situation) -> bool:
    """The normal timing rules: whether a card of ``kind`` may be played by its owner at ``at``."""
    if kind == "instant-speed":
        return True
    main = at.yours and at.step in ("main1", "main2") and at.stack_empty
    return main and (at.land_play or kind != "land")


Moment = Callable[[Situation], bool]


@dataclass(frozen=True)
class TimingFact:
    """Cards of ``kinds`` can, cannot or can only be played at ``moment`` (a set of situations)."""

    kinds: frozenset[str]
    verdict: str
    moment: frozenset[Situation]

    def true(self) -> bool:
        """Whether the normal timing rules make this claim true for every kind it names."""
        inside = self.moment
        if not inside:
            return False
        outside = frozenset(SITUATIONS) - inside
        usual = _usual(inside)
        for kind in self.kinds:
            if self.verdict == "can" and not all(playable(kind, s) for s in usual):
                return False
            if self.verdict == "cannot" and any(playable(kind, s) for s in inside):
                return False
            if self.verdict == "only" and any(playable(kind, s) for s in outside):
                return False
            if self.verdict == "only" and not any(playable(kind, s) for s in inside):
                return False
        if self.verdict == "not-all":
            return any(not playable(kind, s) for kind in self.kinds for s in inside)
        return True


def _usual(moment: frozenset[Situation]) -> frozenset[Situation]:
    """The situations a "can" claim speaks of (fifteenth round): "you can cast it during your main phase" says
    a sorcery is playable then as things usually stand, with the stack empty and a land play left, unless the
    moment itself says otherwise ("while a spell is on the stack", "if you have already played a land"). A
    moment that names the stack or the land play keeps all its situations; "any time you have priority" names
    neither, so it still takes in every turn and step."""
    stacks = {s.stack_empty for s in moment}
    plays = {s.land_play for s in moment}
    return frozenset(s for s in moment if (s.stack_empty or len(stacks) == 1) and (s.land_play or len(plays) == 1))


def _situations(*tests: Moment) -> frozenset[Situation]:
    return frozenset(s for s in SITUATIONS if all(t(s) for t in tests))


# --- the grammar -------------------------------------------------------------------------------

#: Kind words: the card types a noun phrase names, and the kind each is played at. Only the kinds
#: the timing checks draw (a land, a sorcery, a creature without flash, an instant): a claim about
#: an artifact or a card with flash is one no check would show held, so it is left unread.
_KIND_WORDS = {
    "land": "land",
    "sorcery": "sorcery-speed",
    "creature": "sorcery-speed",
    "instant": "instant-speed",
}
_TYPE = r"(?:lands?|sorcer(?:y|ies)|creatures?|artifacts?|enchantments?|planeswalkers?|battles?|permanents?|instants?)"
_FLASH = r"(?:with flash|without flash|that (?:does not have|has|have|do not have) flash)"
_NOUN = r"(?:cards?|spells?)"
_ONE = rf"(?:{_TYPE}(?: {_NOUN})?(?: {_FLASH})?|{_NOUN} {_FLASH})"
_DET = r"(?:(?:a|an|the|any|that|those|each|one of the|one of those) )?(?:exiled )?"
#: One or more kinds: "a creature or sorcery card", "a land or cast a sorcery" is two verbs (below).
_KINDS = rf"{_DET}{_ONE}(?:(?:,| or|, or| and) {_DET}{_ONE})*"
#: Where the card is: exiled by the ruling's card (the template's card test says it lets you play them).
_EXILED = (
    r"(?:exiled (?:with|by) ~(?:'s (?:triggered |activated |last |first |)ability)?|exiled this way|"
    r"exiled with (?:it|that ability|this ability)|you exiled(?: this way| with ~)?|from among (?:the )?cards exiled (?:this way|with ~)"
    # eleventh round: "from among them" / "from among the exiled cards"
    r"|from among (?:them|those cards|the exiled cards)"
    # nineteenth round: "exiled with its ability" (the card named before)
    r"|exiled (?:with|by) its (?:triggered |activated |)ability)"
)
_PRONOUN = r"(?:it|them|that card|the card|those cards|the exiled card|the exiled cards)"
_GENERIC = rf"(?:(?:a |the |any |those |that )?(?:exiled )?cards? {_EXILED}|the exiled cards?)"

_PLAY = r"(?:cast|play)"
_CAN = r"(?:can|may|could|are able to|is able to|will be able to|would be able to)"
_CANNOT = (
    r"(?:cannot|can not|may not|could not|are not able to|is not able to|will not be able to|would not be able to)"
)
_WAIT = r"(?:(?:you )?(?:will |would )?(?:have|need|must) to wait|(?:you )?must wait|(?:you )?will need to wait)"

#: Moments: each a name and its phrases; a moment is one of them, then qualifiers (below) that
#: narrow it ("during your postcombat main phase if the stack is empty", "only during one of your
#: main phases, and only if you haven't used your land play"): the situations of all its parts.
_MOMENT_FORMS: dict[str, str] = {
    "opponent": r"(?:during|on|in) (?:an|your|each|another|the) (?:opponent's|player's|other player's) turns?|"
    r"during (?:your )?opponents' turns",
    "your-turn": r"during your (?:own )?turn",
    "upkeep": r"during your upkeep(?: step)?|in your upkeep",
    "draw": r"during your draw step",
    "combat": r"during (?:your )?combat|during (?:the|your) combat (?:phase|damage step)|"
    r"during (?:the|your) (?:beginning of combat|declare attackers|declare blockers) step",
    "end": r"during (?:your|the|a turn's) end step|during (?:the|your) ending phase|at the end of (?:your|the) turn",
    "main1": r"(?:during|in) your (?:precombat|first) main phase",
    "main2": r"(?:during|in) your (?:postcombat|second) main phase",
    # (twenty-second round: "your next main phase", the one after the moment a condition names)
    "main": r"(?:during|in) (?:one of )?your (?:own |next )?main phases?",
    "stack": r"while (?:a|another|the) (?:spell|ability|spell or ability) is on the stack|while the stack is not empty|"
    # twenty-second round: while an ability resolves (it is on the stack until it has resolved, 608.2)
    r"while (?:the|~'s|its|that|this) (?:(?:triggered|activated) )?ability is resolving|"
    r"in response to (?:a|another|an|the) (?:spell|ability|spell or ability|triggered ability)",
    "any-time": r"(?:at|with) instant speed|(?:at )?any time you could cast an instant|whenever you have priority|"
    # nineteenth round: "any time you have priority that turn, including during combat" (the longer first: a moment's
    # text is read part by part, each the first form that matches)
    r"(?:at )?any time you have priority that turn(?:,? (?:including|even) during (?:combat|an opponent's turn))?"
    r"|(?:at )?any time you have priority,? (?:including|even) during (?:combat|an opponent's turn|your opponent's turn)"
    r"|(?:at )?any time you have priority|as though (?:it|they) had flash",
    # (twenty-third round: "any available land plays remaining")
    "land-play": r"if you (?:still )?have (?:a|an available|an unused|any available|any|any unused) land plays? (?:remaining"
    r"|available|left)|"
    r"if you have not (?:yet |already )?(?:played (?:a land|one)|used your land play)(?: yet)? (?:this|that|for the) turn"
    # tenth round: "... or have an additional land play available" (a land play left, either way)
    r"(?: or (?:you )?have an (?:additional|extra) land play(?: available| remaining| left)?)?",
}
#: Qualifiers of a moment.
_QUALIFIER_FORMS: dict[str, str] = {
    "stack-empty": r"(?:while|when|if) the stack is empty|with an empty stack",
    "land-play": _MOMENT_FORMS["land-play"],
}
#: The moments "until" names: a main phase (of this or a later turn).
_UNTIL_FORMS: dict[str, str] = {
    # tenth round: not "until your postcombat main phase", which is so only of a card exiled during combat
    # (:func:`states_normal_timing` reads it for a card that exiles then)
    "main": r"(?:one of )?your (?:next |own )?(?:precombat |first )?main phases?"
    # nineteenth round: "a main phase of your turn"
    r"|a main phase of your (?:own )?turn",
}
_MAIN: Moment = lambda s: s.yours and s.step in ("main1", "main2")  # noqa: E731
_MOMENTS: dict[str, frozenset[Situation]] = {
    "opponent": _situations(lambda s: not s.yours),
    "your-turn": _situations(lambda s: s.yours),
    "upkeep": _situations(lambda s: s.yours and s.step == "upkeep"),
    "draw": _situations(lambda s: s.yours and s.step == "draw"),
    "combat": _situations(lambda s: s.step == "combat"),
    "end": _situations(lambda s: s.step == "end"),
    "main": _situations(_MAIN),
    "main1": _situations(lambda s: s.yours and s.step == "main1"),
    "main2": _situations(lambda s: s.yours and s.step == "main2"),
    "stack": _situations(lambda s: not s.stack_empty),
    "stack-empty": _situations(lambda s: s.stack_empty),
    "any-time": frozenset(SITUATIONS),
    "land-play": _situations(lambda s: s.land_play),
    "land-play-used": _situations(lambda s: not s.land_play),
}


def _alternatives(forms: dict[str, str]) -> str:
    return "|".join(f"(?:{f})" for f in forms.values())


_QUALIFIER = rf"(?:,? (?:and )?(?:only )?(?:{_alternatives(_QUALIFIER_FORMS)}))"


def _named(group: str, forms: dict[str, str] = _MOMENT_FORMS) -> str:
    """A moment (one of ``forms``, then its qualifiers) captured whole in ``group``."""
    return rf"(?P<{group}>(?:{_alternatives(forms)}){_QUALIFIER}*)"


def _until(group: str) -> str:
    return _named(group, _UNTIL_FORMS)


#: Every form a moment's text is read by, the qualifiers marked.
_PART_FORMS = {**_MOMENT_FORMS, **{f"until-{k}": v for k, v in _UNTIL_FORMS.items()}} | {
    f"q-{k}": v for k, v in _QUALIFIER_FORMS.items()
}


@lru_cache(maxsize=1024)
def _moment(text: str) -> frozenset[Situation] | None:
    """The situations of a moment's text: those of all its parts (None: a part no form reads)."""
    out = frozenset(SITUATIONS)
    rest = text
    while rest:
        for name, form in _PART_FORMS.items():
            # (sixteenth round: the text left is stripped, so "and only if ..." starts it with no space before)
            found = re.match(rf"(?:,? ?(?:and )?(?:only )?)?(?:{form})", rest)
            if found and found.end() > 0:
                out &= _MOMENTS[name.removeprefix("q-").removeprefix("until-")]
                rest = rest[found.end() :].lstrip()
                break
        else:
            return None
    return out


def _moment_of(groups: dict[str, str | None], group: str) -> frozenset[Situation] | None:
    text = groups.get(group)
    return None if text is None else _moment(text)


#: A condition naming the moment the cards are exiled or the permission is used: "if ~'s ability
#: resolves during combat," / "if you activate ~'s ability during an opponent's turn,".
_EVENT = (
    r"(?:you (?:activate|cast) (?:~|it)(?:'s (?:triggered |activated |)ability)?|"
    r"(?:~'s|its|the|that|this) (?:triggered |activated |)ability (?:resolves|triggers)|~ (?:resolves|triggers)|"
    r"(?:the |those )?cards? (?:is|are) exiled|you exile (?:it|them|the cards?)"
    # twenty-second round: the card said by a pronoun ("because it is exiled during your upkeep")
    r"|(?:it is|they are) exiled"
    # nineteenth round: the card cast or put onto the battlefield at that moment ("if ~ is cast during an opponent's turn",
    # "even if ~ enters during an opponent's turn")
    r"|~ (?:is cast|enters|enters the battlefield))"
)
#: "if you have already played a land this turn," -- the land play used.
_LAND_USED = r"if you have already played a land this turn"
_LAND_UNLESS = (
    r"unless (?:you have (?:a|an available) land play (?:remaining|available|left)|"
    r"an effect (?:allows|lets) you (?:to )?play (?:an )?additional lands?)"
)

#: (twenty-fifth round: a card named by where it is, "cast a card exiled with ~": of no kind told)
_OBJECTS = rf"{_PLAY} (?:{_KINDS}|{_PRONOUN}|{_GENERIC})(?: or (?:to )?{_PLAY} {_KINDS})*"


def _tail(g: str) -> str:
    """After a clause: its own moment ("only" may come before it), "that turn" (the condition's
    moment), or a land-play exception."""
    # twelfth round: "right away" / "immediately" / "at that time": the condition's moment, as "that turn" is
    return (
        rf"(?: (?P<{g}_only2>only )?(?:{_named(g + 'm')})| (?P<{g}_that>that turn|right away|immediately|at that time)"
        # "... during an opponent's turn, but you can't cast a sorcery that way": the clause before's moment
        rf"| (?P<{g}_same>that way|then)"
        rf"| (?P<{g}_unless>{_LAND_UNLESS}))?"
    )


def _clause(g: str) -> str:
    """One clause: "you can('t) [only] cast <kinds>", "<kinds> can('t) [only] be cast", "~ doesn't
    let you cast <kinds>" (each with its tail), or "you'll have to wait until <moment> to cast <kinds>"."""
    can = rf"you (?P<{g}0_v>{_CAN}|{_CANNOT}) (?P<{g}0_only>only )?(?P<{g}0_objs>{_OBJECTS})(?: {_EXILED})?{_tail(g + '0')}"
    passive = (
        rf"(?P<{g}1_objs>{_KINDS}|{_GENERIC}|{_PRONOUN})(?: {_EXILED})? (?P<{g}1_v>{_CAN}|{_CANNOT}) (?P<{g}1_only>only )?"
        rf"be (?:cast|played){_tail(g + '1')}"
    )
    deny = (
        rf"~(?:'s (?:triggered |activated |)ability)? (?:does not|did not) (?:let|allow) you (?:to )?(?P<{g}2_deny>)"
        rf"(?P<{g}2_objs>{_PLAY} (?:{_KINDS}|{_PRONOUN}|{_GENERIC})(?: or {_PLAY} {_KINDS})*)(?: {_EXILED})?{_tail(g + '2')}"
    )
    wait = rf"{_WAIT} until (?:{_until(g + '3w')}) to (?P<{g}3_objs>{_OBJECTS})(?: {_EXILED})?"
    # tenth round: "you can't cast it until your postcombat main phase" (the wait, said with "can't")
    wait2 = rf"you {_CANNOT} (?P<{g}4_objs>{_OBJECTS})(?: {_EXILED})? until (?:{_until(g + '4w')})"
    # twelfth round: "you can cast the exiled card only if it's an instant or has flash" (the kinds said as the
    # condition: those can be played at the moment, no other can)
    only_if = (
        rf"you (?P<{g}5_v>{_CAN}) (?P<{g}5_objs>{_PLAY} (?:{_PRONOUN}|{_GENERIC}))(?: {_EXILED})?(?: (?:{_named(g + '5m')}|then|that turn|at that time))?"
        rf" only if (?:it is|it has|they are|they have) (?P<{g}5_kinds>(?:{_KINDS}|flash)(?: or (?:it )?(?:is|has) (?:{_KINDS}|flash))*)"
    )
    # twenty-second round: the wait said with "can't" in the passive ("a land card exiled by ~ can't be played until your
    # postcombat main phase")
    wait4 = (
        rf"(?P<{g}7_objs>{_KINDS}|{_GENERIC})(?: {_EXILED})? {_CANNOT} be (?:played|cast) until (?:{_until(g + '7w')})"
    )
    # fifteenth round: the wait said of the cards ("a sorcery among them will have to wait for your main phase")
    wait3 = (
        rf"(?P<{g}6_objs>{_KINDS})(?: among them| {_EXILED})? (?:will |would )?(?:have|has|need|needs) to wait"
        rf" (?:for|until) (?:{_until(g + '6w')})"
    )
    return f"(?:{can}|{passive}|{deny}|{wait}|{wait2}|{only_if}|{wait3}|{wait4})"


#: "if it is a land card," / "if the exiled card is a creature card without flash," / "if one of
#: the exiled cards is a land card,": the kind of the card a pronoun then names.
_IF_KIND = (
    rf"if (?:it is|{_PRONOUN} (?:is|are)|one of (?:the exiled cards|them) is|(?:the|a|any) card {_EXILED} is"
    # tenth round: "if ~ exiles a land card"; thirteenth round: "if you exile a creature card (this way)"
    rf"|~(?:'s (?:triggered |activated |)ability)? exiles|you exile|you choose) (?P<ifkind>{_KINDS})(?: this way| with ~(?:'s (?:[a-z]+ )?ability)?)?"
    # nineteenth round: in the passive ("if a creature card without flash is exiled with ~")
    rf"|if (?P<ifkind_p>{_KINDS}) (?:is|are) exiled (?:(?:with|by) ~(?:'s (?:triggered |activated |)ability)?|this way)"
)
_IF = rf"(?:(?:(?:if|because|even if) {_EVENT} (?:{_named('cond')})|(?P<landused>{_LAND_USED})|{_IF_KIND}),? )?"


@lru_cache(maxsize=1)
def _frames() -> tuple[re.Pattern[str], ...]:
    one = rf"(?:for example, )?{_IF}(?:for example, )?{_clause('a')}(?:,? (?:but|and|though) {_clause('b')})?"
    # tenth round: the kind said last ("you'll have to wait until your main phase to play it if it's a land")
    last = rf"(?:for example, )?(?:(?:if|because) {_EVENT} (?:{_named('cond')}),? )?{_clause('a')} if (?:it is|it's) (?P<ifkind>{_KINDS})"
    return (re.compile(one), re.compile(last))


#: Words of a kind's noun phrase that name no type.
_NOT_TYPES = frozenset(
    {"a", "an", "the", "any", "that", "those", "each", "one", "of", "exiled", "card", "cards", "spell", "spells"}
)


def _kinds_of(phrase: str) -> frozenset[str] | None:
    """The kinds a noun phrase names; None when one of its cards is of a kind the rules time two
    ways ("a nonland card") or the checks never draw (an artifact, a card with flash)."""
    kinds: set[str] = set()
    for part in re.split(r",? (?:or|and) |, ", phrase):
        flash = re.search(_FLASH, part)
        words = [w for w in re.findall(r"[a-z]+", part[: flash.start()] if flash else part) if w not in _NOT_TYPES]
        singular = ["sorcery" if w == "sorceries" else w.removesuffix("s") for w in words]
        if flash and not re.search(r"without|not have", flash.group(0)) and singular in ([], ["creature"], ["instant"]):
            # twelfth round: a card (or creature) with flash is cast any time you could cast an instant (702.8a)
            kinds.add("instant-speed")
            continue
        if len(singular) != 1 or singular[0] not in _KIND_WORDS:
            return None
        if flash and singular != ["creature"]:
            # "a creature card without flash" is a creature the checks draw; "a sorcery without flash" says
            # nothing a check would show
            return None
        kinds.add(_KIND_WORDS[singular[0]])
    return frozenset(kinds) or None


def _clause_facts(
    groups: dict[str, str | None],
    g: str,
    condition: frozenset[Situation] | None,
    if_kind: frozenset[str] | None,
    land_used: bool,
    before: frozenset[Situation] | None = None,
) -> list[TimingFact] | None:
    """The facts one clause states, or None if it states none this reader can judge. ``before``: the
    moment of the clause before it ("that way")."""
    for i in range(8):
        p = f"{g}{i}"
        if groups.get(f"{p}_objs") is None:
            continue
        if i == 5:
            return _only_kinds(groups, p, condition)
        objs = groups[f"{p}_objs"] or ""
        kinds: frozenset[str] | None
        # each verb's object ("play a land or cast a sorcery"); a passive clause's subject is one
        phrases = [m.group(1) for m in re.finditer(rf"(?:^|or ){_PLAY} ({_KINDS}|{_PRONOUN}|{_GENERIC})", objs)]
        found: set[str] = set()
        for phrase in phrases or [objs]:
            if re.fullmatch(_PRONOUN, phrase) or re.fullmatch(_GENERIC, phrase):
                # a card of no kind told: the kind the condition gave, else every kind
                found |= if_kind or frozenset(KINDS)
                continue
            kinds = _kinds_of(phrase)
            if kinds is None:
                return None
            found |= kinds
        if i in (3, 4, 6, 7):
            moment = _moment_of(groups, f"{p}w")
            return None if moment is None else [TimingFact(frozenset(found), "only", moment)]
        verb = groups.get(f"{p}_v") or ""
        negative = bool(re.fullmatch(_CANNOT, verb))
        only = bool(groups.get(f"{p}_only") or groups.get(f"{p}_only2"))
        moment = _moment_of(groups, f"{p}m")
        if groups.get(f"{p}_that"):
            moment = condition
        if groups.get(f"{p}_same"):
            # (twenty-second round: with no clause before, "then" is the condition's moment: "because it is exiled
            # during combat, you cannot cast it then")
            moment = before if before is not None else condition
            if moment is None:
                return None
        if groups.get(f"{p}_unless"):
            # "can't play it unless you have a land play left" / "... unless an effect lets you play
            # additional lands": only with a land play
            if not negative or only:
                return None
            if land_used:
                # "if you've already played a land this turn, you can't play it unless an effect
                # lets you play additional lands": not with the land play used
                moment = _MOMENTS["land-play-used"]
            else:
                negative, only, moment = False, True, _MOMENTS["land-play"]
        if moment is None:
            moment = _MOMENTS["land-play-used"] if land_used else condition
        if moment is None:
            return None
        if land_used and moment is not _MOMENTS["land-play-used"]:
            moment = moment & _MOMENTS["land-play-used"]
        if (
            groups.get(f"{p}_only")
            and not negative
            and _moment_of(groups, f"{p}m") is None
            and not groups.get(f"{p}_unless")
            and not land_used
        ):
            # twelfth round: "if you activate it during an opponent's turn, you can cast only instants and cards
            # with flash from among them": at the condition's moment, only cards of those kinds (the others cannot)
            others = frozenset(KINDS) - found
            return [TimingFact(frozenset(found), "can", moment)] + (
                [TimingFact(others, "cannot", moment)] if others else []
            )
        if groups.get(f"{p}_deny") is not None:
            verdict = "not-all"
        elif only:
            verdict = "only" if not negative else ""
        else:
            verdict = "cannot" if negative else "can"
        if not verdict:
            return None
        return [TimingFact(frozenset(found), verdict, moment)]
    return []


def _only_kinds(
    groups: dict[str, str | None], p: str, condition: frozenset[Situation] | None
) -> list[TimingFact] | None:
    """The facts of "you can cast it [at a moment] only if it's <kinds>": cards of those kinds can be
    played at the moment, cards of every other kind cannot."""
    kinds: set[str] = set()
    for phrase in re.split(r" or (?:it )?(?:is|has) ", groups.get(f"{p}_kinds") or ""):
        found = frozenset({"instant-speed"}) if phrase == "flash" else _kinds_of(phrase)
        if found is None:
            return None
        kinds |= found
    moment = _moment_of(groups, f"{p}m") or condition
    if moment is None or not kinds:
        return None
    others = frozenset(KINDS) - kinds
    return [TimingFact(frozenset(kinds), "can", moment)] + ([TimingFact(others, "cannot", moment)] if others else [])


#: A card whose ability exiles during combat (a combat trigger): for it, the next main phase is the
#: postcombat one.
_COMBAT_TRIGGER = re.compile(r"\bwhenever [^.]*?\b(?:attacks|deals combat damage|becomes blocked|blocks)\b")
_EXILED_IN_COMBAT = re.compile(
    r"^(?:if|because|when) [^,]*\bduring (?:your |the )?(?:combat(?: phase| damage step)?"
    # (twenty-second round: a step of combat named)
    r"|(?:beginning of combat|declare attackers|declare blockers|combat damage|end of combat) step),"
)
_AFTER_COMBAT_MAIN = re.compile(r"\byour (?:next )?(?:postcombat|second) main phase\b")


def _prepared(sentence: str) -> str:
    text = re.sub(r"\bthat exiled card\b", "the exiled card", prepared(sentence))
    # thirteenth round: "you can't cast a creature card exiled this way during an opponent's turn unless it has
    # flash": of a card the kinds time at sorcery speed, the exception names another kind (702.8a)
    if _SORCERY_SPEED_ONLY.search(text) and not re.search(r"\binstants?\b", text):
        text = re.sub(r",? unless it has flash$", "", text)
    # nineteenth round: the permission denied at a moment unless the card is of a kind ("~ does not allow you to cast the
    # exiled card during your upkeep unless it is an instant or has flash"): you can cast it then only if it is
    text = _DENIED_UNLESS.sub(r"you can \g<verb> \g<what> \g<when> only if \g<kind>", text)
    # twentieth round: the wait said for every card but an instant or one with flash ("unless it is an instant card or has
    # flash, you will have to wait until your main phase to play it"): for the kinds the checks draw that are not, the
    # lands and sorcery-speed cards (a land only when it is played, never cast)
    # ... the verb left to the sentence before ("Unless it has flash, you'll have to wait until your main phase, when the
    # stack is empty."): to cast it
    text = re.sub(
        r"^(unless it (?:is an instant(?: card)?(?: or (?:it )?has flash)?|has flash), you (?:will )?(?:have|need) to wait until"
        r" (?:your|a|the) (?:next |own |postcombat |second )?main phase)(?:,( when the stack is empty))?$",
        r"\1\2 to cast it",
        text,
    )
    # ... "a sorcery-speed card" (the kinds played at sorcery speed); "a creature card exiled during your upkeep right
    # away" (during that step)
    text = re.sub(r"\bsorcery-speed (cards?|spells?)\b", r"sorcery \1", text)
    text = re.sub(
        r"\b(an?|the) ((?:creature|sorcery|land|artifact) card) exiled (during [a-z' ]+?) right away\b",
        r"\1 \2 exiled this way \3",
        text,
    )
    text = _WAIT_UNLESS_INSTANT.sub(
        lambda m: (
            f"if it is {'a land, a sorcery,' if m['verb'] == 'play' else 'a sorcery'} or a creature card without flash, "
            f"{m['rest']}"
        ),
        text,
    )
    # twenty-third round: a sorcery's timing said by the sorcery ("only at the time you could normally cast a sorcery",
    # 307.1), and the normal timing rules said for a kind the sentence names ("if it is a sorcery card, you must still
    # follow the normal timing rules to cast it"): that kind's timing, which the frames judge
    text = _SORCERY_TIME.sub("only during your main phase when the stack is empty", text)
    text = _RULES_FOR_KIND.sub(
        r"\g<lead>, you can \g<verb> it only during your main phase when the stack is empty", text
    )
    # eleventh round: "you can cast only instants" is "you can only cast instants"
    return re.sub(r"\b(can|may|could|be able to) (cast|play) only\b", r"\1 only \2", text)


_SORCERY_TIME = re.compile(
    r"\bonly (?:at (?:a|the|any) time|when|whenever|any time) you could (?:normally )?cast a sorcery(?: spell)?\b"
)
_RULES_FOR_KIND = re.compile(
    rf"^(?P<lead>{_IF_KIND}),? you (?:still )?(?:must|have to|need to|will have to|will need to) (?:still )?follow the normal"
    r" timing (?:rules|permissions(?: and restrictions)?) (?:to|when you) (?P<verb>cast|play) it$"
)


_WAIT_UNLESS_INSTANT = re.compile(
    r"^unless it (?:is an instant(?: card)?(?: or (?:it )?has flash| or a card with flash)?|has flash), (?P<rest>you (?:will )?"
    r"(?:have|need) to wait until [a-z' ]+? to (?P<verb>cast|play) it)$"
)
_DENIED_UNLESS = re.compile(
    r"^~(?:'s (?:triggered |activated |)ability)? (?:does not|did not|will not) (?:let|allow) you (?:to )?(?P<verb>cast|play)"
    r" (?P<what>it|the exiled card|the card|that card|(?:a|the) card exiled (?:this way|with ~))"
    r" (?P<when>during [^,]+?) unless (?P<kind>(?:it is|it has) .+)$"
)


_SORCERY_SPEED_ONLY = re.compile(
    # (fourteenth round: the restriction said before the kind, "you can't cast a creature spell exiled this way ...")
    r"^(?=.*\b(?:creature|sorcery) (?:cards?|spells?)\b)(?=.*\b(?:cannot|can only|only)\b).*unless it has flash$"
)


@lru_cache(maxsize=8192)
def read_timing(sentence: str) -> tuple[TimingFact, ...] | None:
    """The timing facts ``sentence`` (template form, asides set aside) states, or None if no frame
    reads all of it or a part of it is one this reader cannot judge."""
    text = _prepared(sentence)
    if _EXILED_IN_COMBAT.search(text):
        # the condition puts the exile in combat ("if its ability resolves during combat, ..."): the next
        # main phase is the postcombat one
        text = _AFTER_COMBAT_MAIN.sub("your next main phase", text)
    whole = _read_whole(text)
    return whole if whole is not None else _read_clauses(text)


def _read_whole(text: str) -> tuple[TimingFact, ...] | None:
    """The facts of ``text`` read by one frame whole (None: no frame reads it, or a part is not judged)."""
    for frame in _frames():
        found = frame.fullmatch(text)
        if found is None:
            continue
        groups = found.groupdict()
        condition = _moment_of(groups, "cond")
        said_kind = groups.get("ifkind") or groups.get("ifkind_p")
        if_kind = _kinds_of(said_kind) if said_kind else None
        if said_kind and if_kind is None:
            return None
        facts: list[TimingFact] = []
        before: frozenset[Situation] | None = None
        for g in ("a", "b"):
            part = _clause_facts(groups, g, condition, if_kind, bool(groups.get("landused")), before)
            if part is None:
                return None
            facts.extend(part)
            moments = {fact.moment for fact in part}
            before = moments.pop() if len(moments) == 1 else None
        return tuple(facts) or None
    return None


#: Twenty-second round: a sentence of several timing claims, one after another ("because it's exiled during your upkeep,
#: if it's a land card you can play it only during one of your main phases, and if it's a sorcery card you can cast it
#: only during your main phase while the stack is empty"; "...; you'll have to wait until your main phase to ..."). Each
#: clause is read alone, by the frames, and must be true; the condition that opens the sentence ("because it's exiled
#: during combat,") is said again before a clause after it that cannot be read without it. A qualifier of the moment
#: before it (", and only if ...", ", while the stack is empty") is not a clause of its own.
_CLAUSE_BREAK = re.compile(
    r"; |: |, (?:and|but|while|though|so|since|whereas) (?!only\b|then only\b|the stack\b)|,? and then (?!only\b)"
)
#: The condition that opens a sentence: an event at a moment ("if you cast ~ during an opponent's turn, ").
_LEAD = re.compile(rf"^(?:(?:if|because|even if|since) {_EVENT} (?:{_named('lead')})|{_IF_KIND}),? ")
#: A kind said as a clause's condition ("if it is a land card, "), for "do so" in a clause after it.
_IF_KIND_LEAD = re.compile(rf"^if (?:it is|they are) (?P<kind>{_KINDS}),? ")
_IF_KIND_LAST = re.compile(rf" if (?:it is|they are) (?P<kind>{_KINDS})$")
#: Clauses true by the rules that claim no timing of their own: the rule said whole ("you must follow the normal timing
#: permissions and restrictions", "the normal timing rules still apply"), a land played from exile using the land play
#: (305.2), and the permission the card gives, said before "but" what it does not change.
#: (twenty-fifth round: the card said any way a clause names it, "the card exiled with ~", "a card exiled this way")
_RULE_OBJECT = rf"(?:it|them|that card|those cards|{_GENERIC})"
_RULE_CLAUSE = re.compile(
    r"(?:you (?:still )?(?:must|have to|need to|will have to|will need to)|you must still) follow the normal timing"
    rf" (?:permissions|rules)(?: and restrictions)?(?: for (?:playing |casting )?{_RULE_OBJECT})?"
    # (twenty-third round: with its purpose, "... to cast it")
    rf"(?: (?:to|when you|if you want to) (?:cast|play) {_RULE_OBJECT})?"
    rf"|the normal timing (?:rules|permissions(?: and restrictions)?) (?:still )?apply(?: to {_RULE_OBJECT})?"
    r"|(?P<land>playing (?:it|that land|the land|(?:a|the) land(?: card)?(?: exiled (?:with ~|this way))?) (?:still )?counts"
    r" as your land play(?: for (?:the|that|this) turn)?)"
    r"|~(?:'s (?:[a-z]+ )?ability)? (?:gives|grants) you (?:the )?permission to (?:cast|play) (?:it|them|the exiled cards?"
    r"|the cards? exiled (?:this way|with ~))"
)
#: How clauses say what a frame reads: a parenthesis around a qualifier or a kind, "if it is X you" with no comma,
#: the stack's qualifier of a wait said between commas or as a clause of its own, a wait whose verb the kind implies.
_CLAUSE_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r" ?\((and only if [^()]*)\)", r", \1"),
        (r" \((and (?:cards?|spells?) with flash)\)", r" \1"),
        (r" \(or (?:a|any) later turn\)", ""),
        (rf"^(if (?:it is|they are) (?:{_KINDS})),? (?:though, )?(?=you )", r"\1, "),
        (r",? (when|while) the stack is empty, to ", r" \1 the stack is empty to "),
        (r",? and then only (when|while|if) the stack is empty$", r" \1 the stack is empty"),
        (r", and the stack must be empty$", " when the stack is empty"),
    )
)
_WAIT_NO_OBJECT = re.compile(rf"^(?P<head>.*{_WAIT} until [^,]+?(?:,? (?:when|while) the stack is empty)?)$")


def _clause_text(text: str) -> str:
    for pattern, replacement in _CLAUSE_FORMS:
        text = pattern.sub(replacement, text)
    found = _WAIT_NO_OBJECT.match(text)
    if found and " to play " not in text and " to cast " not in text:
        text = f"{found['head']} to play it"
    return text


def _read_clauses(text: str) -> tuple[TimingFact, ...] | None:
    """The facts of a sentence of several clauses (see ``_CLAUSE_BREAK``), each read whole and none left unread."""
    text = _clause_text(text)
    clauses = [c for c in _CLAUSE_BREAK.split(text) if c]
    if len(clauses) < 2:
        return None
    lead_found = _LEAD.match(clauses[0])
    lead = lead_found.group(0) if lead_found else ""
    facts: list[TimingFact] = []
    kinds_said: list[str] = []
    said_rule = False
    for i, clause in enumerate(clauses):
        clause = _clause_text(clause)
        bare = clause[len(lead) :] if i == 0 and lead else clause
        rule = _RULE_CLAUSE.fullmatch(bare)
        if rule is not None:
            said_rule = True
            if rule["land"]:
                kinds_said.append("a land card")
            continue
        if " do so" in bare and kinds_said and not _IF_KIND_LEAD.match(bare):
            bare = f"if it is {' or '.join(dict.fromkeys(kinds_said))}, " + bare.replace(" do so", " play it")
        kind = _IF_KIND_LEAD.match(bare) or _IF_KIND_LAST.search(bare)
        if kind is not None:
            kinds_said.append(kind["kind"])
        # the sentence's condition governs every clause after it, unless one opens with a condition of its own
        own = bool(re.match(r"(?:if|because|even if|since|unless) ", bare))
        candidates = (lead + bare, bare) if lead and not own else (clause, bare) if i == 0 else (bare,)
        read = next((found for c in dict.fromkeys(candidates) if (found := _read_whole(c)) is not None), None)
        if read is None:
            return None
        facts.extend(read)
    return tuple(facts) if facts or said_rule else None


#: The rule said whole, of the card: "~ doesn't change when you can play the exiled cards", "~
#: doesn't give the exiled cards flash" (tenth round).
_UNCHANGED = re.compile(
    # eleventh round: or the use of its permission as the subject ("casting a spell with ~ doesn't change ...")
    r"(?:~(?:'s (?:triggered |activated |)ability)?|(?:casting|playing) (?:a spell|a card|spells|cards|it|them|the exiled cards?)"
    r" (?:with|using|through|because of) ~(?:'s (?:triggered |activated |)ability)?"
    # fifteenth round: the card's ability or effect said by a pronoun ("..., but that doesn't change when ..."), the
    # cards' holder other than you, and the cards said to be played in the passive ("when the exiled card can be played")
    r"|that|this|the ability|its ability|its effect|the effect|~'s effect)"
    r" (?:does not|will not) (?:change when (?:you|its owner|their owners?|that player|they|players) (?:can|may) (?:play|cast)"
    r" (?:the exiled cards?|them|it|those cards|that card|cards exiled this way|cards exiled with ~|the cards? (?:it|~) exiles?)"
    r"(?: or what (?:they|it) costs?)?"
    r"|change when (?:the exiled cards?|they|it|those cards|that card|cards exiled (?:this way|with ~)) (?:can|may) be"
    r" (?:played|cast)"
    r"|(?:give|grant) (?:the exiled cards?|them|it|those cards|cards exiled this way) flash)"
    # fifteenth round: the cards said played at their usual times ("other cards must be played at the usual times")
    r"|(?:other cards|the other cards|the others|the rest|they|the exiled cards?|it|them) (?:must|have to|has to|can only|may only)"
    r" be (?:played|cast) (?:at|during) (?:the|their|its) (?:usual|normal) times?"
    # nineteenth round: "a card exiled by ~'s ability can't be played during your upkeep unless it could normally be played
    # at that time"
    r"|(?:a|the|any) (?:exiled )?card (?:exiled (?:by|with) ~(?:'s (?:triggered |activated |)ability)?|exiled this way)"
    r" (?:cannot|can not|may not) be (?:played|cast) during [a-z' ]+? unless it could (?:normally |otherwise )?be"
    r" (?:played|cast) (?:at that time|then)(?:,? such as (?:an instant|instants)(?: or (?:a card|cards) with flash)?)?"
    # twelfth round: "it doesn't give you permission to play it at a time you otherwise couldn't", "~ doesn't let you
    # cast the exiled cards at times you couldn't otherwise cast them" (the permission, or its pronoun, as the subject)
    r"|(?:~(?:'s (?:triggered |activated |)ability)?|it|the permission|that permission|this permission)"
    r" (?:does not|will not) (?:let you|allow you to|give you (?:the )?permission to) (?:play|cast)"
    r" (?:the (?:exiled|chosen) cards?|them|it|those cards|that card|cards exiled this way)"
    r" at (?:a time|times|any time) (?:when )?you (?:otherwise )?(?:normally )?(?:could not|would not be able to|cannot)"
    r"(?: otherwise| normally)?(?: (?:play|cast) (?:it|them))?(?: otherwise| normally)?"
)


#: Fifteenth round: the card said usable at instant speed before "but" and what the sentence claims ("you can
#: activate ~'s ability at instant speed, but that doesn't change when you can cast the exiled cards"): a description
#: of the card, set aside when its text makes it true (:func:`_instant_speed`).
_AT_INSTANT_SPEED = re.compile(
    r"^(?:you can (?:activate|use) ~'s (?:[a-z]+ )?ability|~'s (?:[a-z]+ )?ability can be (?:activated|used)"
    r"|you can cast ~|~ can be cast)"
    r" (?:at instant speed|any time you could cast an instant|any time you have priority|during an opponent's turn"
    r"|during your opponent's turn), but "
)


def _instant_speed(card: CardData) -> bool:
    """Whether ``card`` can be cast, or its ability activated, at instant speed: an instant, a card with flash, or
    an activated ability not restricted to sorcery timing."""
    text = card.text.lower()
    return card.is_type("Instant") or "flash" in text.split("\n")[0] or (":" in text and "as a sorcery" not in text)


def states_normal_timing(texts: Iterable[str], cards: Iterable[CardData] = ()) -> bool:
    """Whether one reading of a sentence is a timing claim the normal timing rules make true."""
    texts = tuple(texts)
    cards = tuple(cards)
    if cards and all(map(_instant_speed, cards)):
        texts += tuple(_AT_INSTANT_SPEED.sub("", _prepared(t)) for t in texts if _AT_INSTANT_SPEED.match(_prepared(t)))
    if any(_COMBAT_TRIGGER.search(card.text.lower()) for card in cards):
        texts += tuple(_AFTER_COMBAT_MAIN.sub("your next main phase", t.lower()) for t in texts)
    for text in texts:
        if _UNCHANGED.fullmatch(_prepared(text)):
            return True
        facts = read_timing(text)
        if facts and all(f.true() for f in facts):
            return True
    return False
