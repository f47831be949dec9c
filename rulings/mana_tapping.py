"""Whether a permanent was "tapped for mana", read as a fact about how it became tapped and judged
by the rule, not matched as a bag of words (issue 24, ninth round).

To tap a permanent for mana is to activate a mana ability of it with {T} in its cost (106.12).
Rulings of cards that care say so through cases: tapping a creature for convoke, to crew a
Vehicle, by attacking, by a spell's effect, or to pay for an ability such as "{T}: Draw a card"
"isn't tapping it for mana" (so an ability that triggers on it won't trigger); activating its
{T} mana ability "counts as tapping it for mana"; sacrificing it for mana "doesn't count, because
that mana ability doesn't include {T}". Each is one claim -- *the way it became tapped* and
*whether that is tapping for mana* -- true or false by the rule. This reader takes the sentence
apart into the two, each from a small grammar of its own forms, and keeps it only if the rule
makes it true: "tapping it for convoke is tapping it for mana" computes a false claim and stays
unread, like any sentence with a part no frame reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from protocol.model import CardData
from rulings.reader_text import first_statement

STATE = "definition"
EXPLAINS = "explains"

#: Ways a permanent becomes tapped (or is used for mana), each a phrase after "tapped" or a gerund,
#: and whether it is tapping it for mana.
_WAYS: tuple[tuple[str, str, bool], ...] = (
    (
        "mana-ability",
        # (twentieth round: "by activating its mana ability")
        r"(?:when |if |each time |whenever |by )?(?:you )?activat(?:e|es|ing) (?:one of |either of |any of )?(?:its(?: own)?|~'s|their(?: own)?"
        r"|that (?:creature|land|permanent)'s|a"
        # (eighteenth round: a land named by its type, "a forest's mana ability")
        r"|(?:a|an|the) (?:creature|land|permanent|artifact|forest|island|swamp|mountain|plains)'s) "
        r"mana abilit(?:y|ies)"
        # (twentieth round: the permanent named before its cost, "a mana ability of a nonland permanent that includes {T} in
        # its cost")
        r"(?: of (?:a|an|that|the) (?:nonland |nontoken |enchanted )?(?:permanent|creature|land|artifact)(?: you control)?(?= that| with)"
        # twenty-fifth round: "a mana ability of it with {T} in its cost"
        r"| of (?:it|them)(?= that| with))?"
        r"(?: (?:with|that (?:has|have|includes?)) (?:the )?\{t\}(?: symbol)? in (?:its|their) (?:activation )?costs?"
        # nineteenth round: its permanent named after the cost ("a mana ability with {T} in its cost of a creature you
        # control")
        r"(?: of (?:a|an|the) (?:creature|land|artifact|permanent)(?: you control)?)?)?"
        # tenth round: said in the passive ("when a mana ability of that land with {T} in its cost is activated")
        r"|(?:when |if )a mana ability (?:of (?:(?:that|the|a|an) (?:enchanted )?(?:land|creature|permanent|artifact)(?: you control)?|it) )?"
        r"(?:(?:with|that (?:has|includes)) (?:the )?\{t\}(?: symbol)? in its cost )?"
        r"is activated(?: and produces mana)?"
        # nineteenth round: ... with a possessive ("when a land's mana ability with {T} in its cost is activated")
        r"|(?:when |if )(?:a|an|that|the) (?:land|creature|permanent|artifact)'s mana ability (?:with \{t\} in its cost )?"
        r"is activated(?: and produces mana)?",
        True,
    ),
    (
        "convoke",
        r"(?:to (?:help )?(?:pay for|pay|cast) (?:a |an |the )?(?:[a-z~]+ )?(?:spell )?(?:with|using|for) convoke|to pay for a convoke spell|"
        r"to pay (?:a|the) convoke cost|for convoke|to convoke(?: a spell)?"
        # twenty-fifth round: the cost named by its example ("to pay a cost such as convoke")
        r"|to pay (?:a|an additional) cost such as (?:that of )?convoke)",
        False,
    ),
    (
        "improvise",
        r"(?:to (?:help )?(?:pay for|pay|cast) (?:a |an |the )?(?:spell )?(?:with|using|for) improvise|for improvise)",
        False,
    ),
    ("crew", r"(?:to crew (?:a |the |that )?vehicles?|for crew|to pay a crew cost|to pay a cost such as crew)", False),
    ("saddle", r"(?:to saddle (?:a |the |that )?mounts?)", False),
    (
        "attack",
        r"(?:to attack|because it attacked|as it attacks|by attacking|because (?:it is|it's|they are) attacking"
        # twelfth round: "because it attacks"
        r"|because (?:it|they) (?:attacks|attack|attacked))",
        False,
    ),
    (
        "effect",
        r"(?:by (?:a |an |another )?(?:spell or ability|spell|ability|effect)|for (?:another|any other|some other) reason"
        # tenth round: the card's own ability, or any reason but the mana ability
        r"|by ~'s (?!mana )(?:[a-z]+ )?ability|by ~|by its (?!mana )(?:[a-z]+ )?ability"
        r"|because of (?:a |an |another )?(?:spell or ability|spell|ability|effect)"
        r"|for (?:a|any) reason other than (?:activating|to activate) (?:one of )?(?:its|a|~'s|their) mana abilit(?:y|ies)"
        # sixteenth round: "... with {T} in the cost"
        r"(?: (?:with|that (?:has|have)) (?:the )?\{t\}(?: symbol)? in (?:its|the|their) (?:activation )?costs?)?"
        # eighteenth round: "in any other way", "for any reason other than the activation of its mana ability", "without a
        # mana ability with {T} in its cost being activated"
        # twentieth round: another card's ability ("by Rishadan Port's ability"), an opponent's effect, what tapped it said
        # as the cause ("because a spell or ability tapped it")
        r"|by (?!~)[a-z][a-z' ,-]*'s (?!mana )(?:[a-z]+ )?ability|by an opponent's (?:spell|ability|effect|spell or ability)"
        r"|because (?:a spell or ability|a spell|an ability|an effect|an opponent's (?:spell|ability|effect)) tapped it"
        r"|in (?:any|some) other way|(?<=tapped )(?:some|any) other way"
        # twenty-fifth round: the effect named as the cause ("because of a spell's effect", "as a result of an effect", "due
        # to an ability")
        r"|(?:because of|as a result of|due to) (?:a|an|another|an opponent's) (?:spell's |ability's |card's )?(?:spell or ability|spell"
        r"|ability|effect)(?:'s effect)?"
        r"|for (?:a|any) reason other than the activation of (?:one of )?(?:its|a|~'s|their) mana"
        r" abilit(?:y|ies)|without (?:a|its|one of its) mana abilit(?:y|ies)(?: with \{t\} in (?:its|the) cost)? being activated)",
        False,
    ),
    (
        "other-ability",
        r"(?:to (?:activate|pay (?:the )?(?:cost of|for)) (?:an|a|another) (?:activated )?ability (?:that is not a mana ability|"
        r"such as \"\{t\}: [^\"]+\"|with \{t\} in its cost that is not a mana ability))"
        # tenth round: a non-mana ability of its own, named by what it does ("its damage ability"), or one that adds none
        r"|(?:to (?:activate|pay (?:the )?(?:cost of|for)) (?:its|~'s|their) (?!mana )[a-z]+ ability)"
        r"|(?:to (?:activate|pay (?:the )?(?:cost of|for)) an? (?:activated )?ability that (?:does not|doesn't) add mana)"
        # nineteenth round: "(tapping a creature to attack or) to pay for some other ability" (one that is not its mana
        # ability)
        r"|(?:to (?:activate|pay (?:the )?(?:cost of|for)) some other (?:activated )?ability)"
        # sixteenth round: an ability of its own with {T} in its cost that adds no mana
        r"|(?:to activate an? (?:activated )?ability (?:of (?:its|it) )?(?:that has|with) \{t\} in its cost but (?:does not|doesn't)"
        r" (?:add|produce) mana)"
        # eighteenth round: an ability with a target, which is never a mana ability (605.1a)
        r"|(?:to activate an? (?:activated )?ability (?:that has|with) a target)",
        False,
    ),
)
_WAY = "|".join(f"(?P<w_{name.replace('-', '_')}>{form})" for name, form, _ in _WAYS)

#: The ways, for :mod:`rulings.mana_parts`.
WAYS = _WAYS

#: Any way that is not tapping for mana, unnamed (a second way after "or", an example of the way just named).
_ANY_WAY = "|".join(f"(?:{form})" for _, form, for_mana in _WAYS if not for_mana)
#: Twentieth round: an example of another reason, said as what happened to a permanent ("such as a land creature
#: attacking", "a forest that's also a creature being tapped to attack", "because it was tapped to pay ...").
_EXAMPLE_WAY = (
    r"(?:a|an) (?:land creature|(?:land|forest|island|swamp|mountain|plains) that is also a creature|creature|land)"
    rf" (?:attacking|being tapped (?:{_ANY_WAY})(?: or (?:{_ANY_WAY}))*)"
    rf"|because it was tapped (?:{_ANY_WAY})"
)
_ANY_WAY_OR_EXAMPLE = rf"{_ANY_WAY}|{_EXAMPLE_WAY}"
#: Gerund subjects naming a way: "tapping creatures to convoke", "attacking with it", "a spell or
#: ability tapping it", "sacrificing it for mana".
_OBJ = (
    r"(?:it|them|~|the land|that land|the creature|that creature|the artifact|the permanent|(?:an? |the )?(?:creatures?|lands?|"
    # (eighteenth round: a land named by its type)
    r"forests?|islands?|swamps?|mountains?|plains|"
    # tenth round: one that has a mana ability of its own ("attacking with a creature that has a mana ability")
    r"artifacts?|permanents?)(?: you control)?(?: (?:that has|that have|with) (?:a |its own |their own )?mana abilit(?:y|ies))?)"
)
_GERUNDS: tuple[tuple[str, str, bool], ...] = (
    ("tap-way", rf"tapping {_OBJ} (?P<gw>{_WAY})(?:,? or (?:{_ANY_WAY}))*", False),
    ("attack", rf"attacking with {_OBJ}(?: causes (?:it|them) to become tapped, but (?:it|they))?", False),
    (
        "activate",
        r"activating (?:one of |either of |any of )?(?:its|~'s|their|a) mana abilit(?:y|ies)(?: (?:with|that (?:has|have|includes?)) "
        r"(?:the )?\{t\}(?: symbol)? in (?:its|their) (?:activation )?costs?)?",
        True,
    ),
    ("sacrifice", rf"sacrificing {_OBJ} for mana", False),
    # "crewing a Vehicle with it", "using it to crew a Vehicle", "paying a convoke cost with it"
    # (nineteenth round: "crewing a Vehicle" with the creature named after, "... is not tapping a creature for mana")
    (
        "crewing",
        rf"(?:crewing (?:a |the )?vehicles?(?: with {_OBJ})?|saddling (?:a |the )?mounts?(?: with {_OBJ})?)",
        False,
    ),
    ("using", rf"using {_OBJ} (?:{_ANY_WAY})", False),
    ("paying", rf"paying (?:a|the|for a) (?:convoke|improvise|crew) (?:cost|spell) with {_OBJ}", False),
    # sixteenth round: an ability of the permanent with {T} in its cost that adds no mana ("activating an ability of a
    # land that has {T} in its cost but doesn't add mana")
    (
        "non-mana-ability",
        rf"activating an? (?:activated )?ability of {_OBJ} (?:that has|with) \{{t\}} in its cost (?:but|that) (?:does not|doesn't)"
        r" (?:add|produce) mana",
        False,
    ),
)
_GERUND = "|".join(f"(?P<g_{name.replace('-', '_')}>{form})" for name, form, _ in _GERUNDS)
#: The gerund ways, the permanent tapped and the rest, for :mod:`rulings.mana_parts`.
GERUNDS = _GERUNDS
OBJECT = _OBJ

_SUBJECT = (
    r"(?:~|it|they|the land|that land|the enchanted land|the enchanted creature|the creature|that creature|the artifact|"
    r"(?:a|an|any) (?:forest|island|swamp|mountain|plains|land|creature|artifact|permanent)(?: you control)?|"
    r"(?:creatures|lands|artifacts|permanents)(?: you control)?|"
    # twentieth round: "a nonland permanent", "such a land"
    r"(?:a|an|any) (?:nonland|nontoken|basic) (?:permanent|land|creature|artifact)(?: you control)?|such an? (?:land|permanent|creature"
    r"|artifact))"
)
_TAPPED_BY = (
    rf"(?:(?:that|which) )?(?:becomes|become|is|are|was|were|gets|get) tapped (?P<sw>{_WAY})"
    rf"(?:,? (?:such as|for example|like|or) (?:{_ANY_WAY_OR_EXAMPLE}),?)*"
)
#: A mana ability the permanent has changes nothing ("even if that creature has a mana ability").
_EVEN_WITH_MANA = (
    r"(?:,? even (?:if|though) (?:it|that creature|the creature|that land|the land|that artifact|the artifact|that permanent"
    r"|the permanent|they) (?:has|have) (?:a |its own |their own )?mana"
    r" abilit(?:y|ies)"
    # ... nor a {T} in the cost of an ability that is not one
    r"|,? even (?:if|though) (?:that|its|the) cost includes \{t\}|,? even though \{t\} is (?:part of|in) (?:its|that) cost)?"
)
SUBJECT = _SUBJECT
EVEN_WITH_MANA = _EVEN_WITH_MANA
_IS_FOR_MANA = (
    r"(?P<v>(?:is|are|was|were|counts as|count as)(?P<neg> not)?|(?:has|have)(?P<negh> not)? been) (?:being )?tapped for mana"
    + r"(?: either)?"
    + _EVEN_WITH_MANA
)
_COUNTS = rf"(?:(?P<v0>(?:is|are)(?P<neg0> not)? the same as tapping {_OBJ} for mana)|(?P<v1>(?P<v1is>is|are|was|were)(?P<neg1> not)? tapped for mana)|(?P<v2>(?:is|are|was|were)(?P<neg2> not)? tapping {_OBJ} for mana|(?P<neg3>does not |do not )?counts? as tapping {_OBJ} for mana|(?P<neg4>does not |do not )count))"
#: Twentieth round: the card's result, said not to happen.
_NOT_DONE = (
    r"(?:~|(?:~'s|its|the|that|this) (?:triggered |last |first |second )?ability|its controller|that player|you|your opponent"
    r"|that land's controller|the land's controller) (?:will not|does not|do not) (?:trigger|apply|deal|create|add|gain|lose"
    r"|draw|produce|get)(?: [a-z0-9 ]+)?"
    r"|no (?:additional |extra )?mana is (?:added|produced)"
)
_CONSEQUENCE = (
    r"(?:,? (?:so|and) (?:~'s|its|the|that|this) (?:triggered |last |first |mana )?ability (?:will not|does not|won't) trigger"
    # the card's own result not happening ("so you won't gain life", "and ~ won't add mana")
    r"|,? (?:so|and) (?:you|~|it|its controller|that player|their controller) (?:will not|does not) (?:gain|add|get|draw|create"
    r"|deal|lose) [a-z0-9 ]+"
    r"|,? (?:so|and) abilities that trigger whenever (?:a|an|that|the) [a-z ]+ is tapped for mana (?:will not|do not) trigger"
    # twentieth round: the card's result said not to happen ("..., and ~ doesn't apply")
    rf"|,? (?:so|and) (?:{_NOT_DONE}))?"
)

#: The frames, as text, compiled on first use (:func:`_frames`): importing the package stays cheap.
_FRAME_FORMS: tuple[str, ...] = (
    # "a forest that becomes tapped for another reason isn't tapped for mana" (or "a land tapped by ...")
    (rf"{_SUBJECT} {_TAPPED_BY},? {_IS_FOR_MANA}{_CONSEQUENCE}"),
    (rf"{_SUBJECT} tapped (?P<sw2>{_WAY}),? {_IS_FOR_MANA}{_CONSEQUENCE}"),
    # "if you tap a creature to crew a Vehicle, it isn't tapped for mana"
    (
        rf"if (?:(?:you|an opponent|a player|its controller) taps? {_SUBJECT}|{_SUBJECT} (?:is|are|becomes|become|gets|get) tapped)"
        rf" (?:{_WAY})(?:,? (?:or|such as) (?:{_ANY_WAY_OR_EXAMPLE}))*, "
        rf"(?:it|they|that (?:creature|land|permanent)) {_IS_FOR_MANA}{_CONSEQUENCE}"
    ),
    # "tapping creatures to help cast ~ with convoke isn't tapping them for mana" / "activating its
    # mana ability counts as tapping it for mana" / "sacrificing it for mana doesn't count"
    (
        rf"(?:{_GERUND}) {_COUNTS}{_EVEN_WITH_MANA}(?:,? (?:since|because) (?:each of them|it|that mana ability|its mana ability) "
        rf"(?P<t_neg>does not |do not )?includes? \{{t\}} in (?:its|their) cost)?{_CONSEQUENCE}"
    ),
    # "~ is tapped for mana only when you activate its mana ability"
    (rf"{_SUBJECT} (?:is|are) tapped for mana only (?P<only>){_WAY}"),
    # tenth round: "if a spell or ability taps the enchanted land, that land isn't tapped for mana"
    (
        rf"if (?P<by_effect>a spell or ability|a spell|an ability|an effect|~|~'s (?:[a-z]+ )?ability) taps {_SUBJECT}, "
        rf"(?:it|they|that (?:creature|land|permanent)) {_IS_FOR_MANA}(?: either)?{_CONSEQUENCE}"
    ),
    # "only activating a mana ability with {T} in its cost counts"
    (rf"only (?P<only3>)(?:{_GERUND}) counts?(?: as tapping (?:it|them) for mana)?"),
    # tenth round: the card's trigger said to need the mana ability ("its last ability triggers only when you
    # activate its mana ability")
    (rf"(?:~'s|its|the) (?:triggered |last |first |second )?ability triggers only (?P<only2>){_WAY}"),
    # twenty-fifth round: ... and without "only", when the way is the mana ability ("~'s ability triggers whenever you
    # activate a mana ability of a land you control with {T} in its cost"); another way makes the claim false
    (rf"(?:~|(?:~'s|its|the) (?:triggered |last |first |second )?ability) (?P<triggers>triggers) (?:{_WAY})"),
    # ... and the definition said without "only" ("a land is tapped for mana when you activate a mana ability of it that
    # includes {T} in its cost")
    (rf"{_SUBJECT} (?:is|are) (?P<triggers_def>tapped for mana) (?:{_WAY})"),
    # ... a mana ability without {T} in its cost, which taps nothing for mana (106.12): the card's trigger does not happen
    (
        rf"(?P<no_t_way>(?:a|any) mana ability (?:of {_SUBJECT} )?(?:that (?:does not|do not) (?:have|include)|without)"
        rf" (?:the )?\{{t\}}(?: symbol)? in its cost) (?:(?:will not|does not) cause (?:~|(?:~'s|its|the|that|this)"
        r" (?:triggered |last |first )?ability) to trigger|(?:is not|does not count as) tapping (?:it|that permanent"
        r"|the permanent) for mana)"
    ),
)


@lru_cache(maxsize=1)
def _frames() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(form) for form in _FRAME_FORMS)


#: The consequence alone, after the way ("if ~ is tapped to crew a Vehicle, its ability doesn't trigger"):
#: an explanation of the card's trigger, read only next to a statement.
_CAUSE_TRIGGER = (
    r"(?:will not|does not|do not) cause (?:~'s (?:[a-z]+ )?ability|(?:its|the|that) (?:triggered |last |first )?ability|it)"
    r" to trigger"
)
_CONSEQUENCE_ONLY = re.compile(
    # tenth round: the way said as the subject ("tapping a land to attack won't cause ~'s ability to trigger")
    rf"(?P<gerund>tapping {_OBJ} (?:{_ANY_WAY})|{_SUBJECT} (?:(?:that|which) )?(?:becomes|become|is|are|gets|get) tapped (?:{_ANY_WAY}))"
    rf" {_CAUSE_TRIGGER}{_EVEN_WITH_MANA}"
    rf"|(?P<when>if (?:{_SUBJECT} (?:is|are|becomes|become|gets|get) tapped|(?:you|an opponent|a player|its controller) taps?"
    rf" {_SUBJECT}) (?:{_ANY_WAY})(?:,? (?:or|such as) (?:{_ANY_WAY_OR_EXAMPLE}))*"
    rf"|if (?:a spell or ability|a spell|an ability|an effect) taps {_SUBJECT}), (?:(?:~'s|its|the|that|this) (?:triggered |last "
    r"|first )?ability (?:will not|does not) trigger"
    # twentieth round: what the card does, said not to happen ("..., Manabarbs doesn't deal damage to its controller", "...,
    # your opponent won't create a Spirit", "..., no mana is added")
    rf"|{_NOT_DONE})"
    r"|abilities that trigger whenever (?:a|an|that|the) [a-z ]+ is tapped for mana (?:will not|do not) trigger"
    # tenth round: the card's trigger alone, after the statement
    r"|(?:~'s|its|the|that|this) (?:triggered |last |first )?ability (?:will not|does not) trigger"
)
#: Twentieth round: the card's trigger said again with "only" ("~'s first ability triggers only when you tap a land for
#: mana"): the card's own condition, an explanation; with the definition after it ("..., that is, when you activate a
#: mana ability of that permanent that includes {T} in its cost", "... by activating its mana ability"), the statement.
_LAND_LIST = r"(?:a|an) (?:forest|island|swamp|mountain|plains)(?:, (?:forest|island|swamp|mountain|plains))*,? or (?:forest|island|swamp|mountain|plains)"
_TRIGGER_ONLY = re.compile(
    r"(?:~|~'s|its|the|that|this) (?:triggered |last |first |second )?(?:ability )?(?:triggers|applies|works) only"
    rf" (?:when|if|whenever) (?:(?:you|a player|that player|an opponent) taps? (?:{_OBJ}|{_SUBJECT}|{_LAND_LIST}) for mana"
    rf"|(?:{_SUBJECT}|{_LAND_LIST}|(?:a|an) (?:nonland|nontoken|basic) (?:permanent|land|creature|artifact)) (?:is|are|becomes)"
    r" tapped for mana)"
    rf"(?P<definition>(?:,? that is,)? (?:{_WAY}))?"
)
#: Said through a pronoun after the statement: "Tapping the land that way isn't tapping it for mana."
_EXPLAIN = re.compile(rf"tapping {_OBJ} (?:that way|this way|like that) (?:is not|isn't) tapping {_OBJ} for mana")


def plain_marks(sentence: str) -> str:
    """Straight double quotes, and an em dash as a comma ("for mana—that is, when ...")."""
    text = sentence.replace("\u201c", '"').replace("\u201d", '"')
    return text.replace("\u2014that is,", ", that is,").replace("\u2014", " ")


def _for_mana(groups: dict[str, str | None]) -> bool | None:
    """Whether the way the sentence names is tapping for mana (None: no way named)."""
    if groups.get("by_effect") is not None:
        return False
    for name, _, for_mana in _GERUNDS:
        if groups.get(f"g_{name.replace('-', '_')}") is not None and name != "tap-way":
            return for_mana
    for name, _, for_mana in _WAYS:
        if groups.get(f"w_{name.replace('-', '_')}") is not None:
            return for_mana
    return None


#: A card that triggers on a permanent tapped for mana: for it, "if it is tapped by a spell, ~'s ability
#: doesn't trigger" is the rule said through the card (tenth round).
TRIGGERS_ON_MANA = re.compile(
    r"\bwhenever [^.]*?(?:is|are|becomes) tapped for mana|\bwhenever (?:you|a player|an opponent|each player) taps? [^.]*? for mana"
)


@lru_cache(maxsize=8192)
def _read_for_trigger(text: str) -> str | None:
    """For a card that triggers on tapping for mana: a way that is not, said through its trigger."""
    found = _CONSEQUENCE_ONLY.fullmatch(text)
    if found is not None and (found.group("when") is not None or found.group("gerund") is not None):
        return STATE
    return _read(text)


@lru_cache(maxsize=8192)
def _read(text: str) -> str | None:
    if _EXPLAIN.fullmatch(text) or _CONSEQUENCE_ONLY.fullmatch(text):
        return EXPLAINS
    restated = _TRIGGER_ONLY.fullmatch(text)
    if restated is not None:
        if restated.group("definition") is None:
            return EXPLAINS
        return STATE if _for_mana(restated.groupdict()) else None
    for frame in _frames():
        found = frame.fullmatch(text)
        if found is None:
            continue
        groups = found.groupdict()
        if groups.get("no_t_way") is not None:
            return STATE  # its negation is part of the frame: "will not cause it to trigger", "is not tapping it"
        way = _for_mana(groups)
        if way is None:
            return None
        if groups.get("triggers") is not None or groups.get("triggers_def") is not None:
            return STATE if way else None
        if groups.get("t_neg") is not None and way:
            return None  # "... because it doesn't include {T}" said of a {T} mana ability
        if groups.get("only") is not None or groups.get("only2") is not None or groups.get("only3") is not None:
            said = True  # "tapped for mana only when <way>": the way must be the mana ability
        else:
            said = not any(groups.get(g) for g in ("neg", "neg0", "neg1", "neg2", "neg3", "neg4", "negh"))
        return STATE if said == way else None
    return None


def read_mana_tapping(texts: Iterable[str], cards: Iterable[CardData] = ()) -> str | None:
    """The statement one reading of a sentence makes of what tapping for mana is (true by the
    rule), "explains" for the rule said again through a pronoun, or None."""
    triggers = any(TRIGGERS_ON_MANA.search(card.text.lower()) for card in cards)
    return first_statement((plain_marks(t) for t in texts), _read_for_trigger if triggers else _read, (STATE,))
