"""A card's oracle text read as the combat keywords it gives or takes: who, which keywords, and what
makes the change happen.

A ruling states a combat keyword's rule through its card as often as through the rule's own
words ("If ~ leaves the battlefield after blockers are declared, the Birds stay blocked"), so the
compiler needs to know what the card does to keywords (:mod:`rulings.keyword_changes` writes the
card's event as the change it makes). Oracle texts say it in one shape, whatever the card: an
optional cost ("{1}{W}: "), trigger ("Whenever ~ attacks, ") or condition ("As long as you control
an artifact, "), then a subject, a verb and the keywords ("other Bird creatures you control have
flying", "target creature you control gains first strike until end of turn", "creatures your
opponents control lose flying and reach"). This module reads that shape, once per sentence, into
a :class:`Grant`: the parts are read separately, so a new subject or a new trigger in an old frame
is read without a new pattern for the whole sentence.

Only what the text says is read: a sentence whose subject is none of the known ones, or that names
no combat keyword, gives no grant (a card is never read as changing a keyword it does not name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from protocol.model import CardData

#: The combat keywords a card can hold or change for a rule (702.2-702.20, 702.111), longest first.
COMBAT_KEYWORDS: tuple[str, ...] = (
    "double strike",
    "first strike",
    "indestructible",
    "deathtouch",
    "vigilance",
    "lifelink",
    "defender",
    "trample",
    "flying",
    "menace",
    "haste",
    "reach",
)
_KEYWORD = re.compile(r"\b(" + "|".join(COMBAT_KEYWORDS) + r")\b")

#: How a grant comes about.
HOW = ("static", "activate", "cast", "trigger")
#: Who gets the keywords: the card itself, a targeted creature, the creatures a lord names (``yours``;
#: ``noun`` is their type), an opponent's creatures or every creature (``theirs``), the creature an
#: Aura or Equipment is attached to, the creature a trigger names ("that creature").
HOLDERS = ("self", "target", "yours", "theirs", "equipped", "enchanted", "that")


@dataclass(frozen=True)
class Grant:
    """One sentence of oracle text that gives or takes combat keywords."""

    holder: str
    #: "has" (a static ability: the holder has it while the ability applies), "gains" or "loses".
    verb: str
    #: The keywords, or ``("*",)`` for "loses all abilities".
    keywords: tuple[str, ...]
    how: str
    #: The condition the grant lasts for: "control" (of ``noun``), "state" (the card tapped,
    #: attacking, ...: ``noun``), "deed" (a deed of its player this turn: ``noun``), "equipped" (the
    #: card equipped), "other" (any other condition), or "".
    condition: str = ""
    #: The lord's creature type ("soldier", "creature"), or what the condition names.
    noun: str = ""
    #: "Other ... you control": the card does not give the keyword to itself.
    others_only: bool = False


def plural(noun: str) -> str:
    """The plural a ruling names a lord's creatures by ("elf" -> "elves", "soldier" -> "soldiers"; "elves" stays)."""
    if noun.endswith("f"):
        return noun[:-1] + "ves"
    return noun if noun.endswith("s") else noun + "s"


def keywords_in(text: str) -> tuple[str, ...]:
    """The combat keywords ``text`` names, in order, once each."""
    return tuple(dict.fromkeys(m.group(1) for m in _KEYWORD.finditer(text)))


def oracle_form(card: CardData) -> str:
    """The oracle text in template form: lower case, the card's name (whole, its front face, the
    part before a comma) and "this creature" as ``~``, reminder text left out."""
    text = card.text.lower()
    full = card.name.lower()
    for name in sorted({full, full.split(" // ")[0], full.split(", ")[0]}, key=len, reverse=True):
        text = text.replace(name, "~")
    return re.sub(r"\([^)]*\)", "", text).replace("this creature", "~")


#: The trigger that starts a triggered ability ("whenever ~ attacks, ", "at the beginning of combat
#: on your turn, ").
_TRIGGER = re.compile(r"^(?:whenever|when|at) [^,]+, (?:(?:then|you may have) )?")
#: A condition said first ("as long as you control an artifact, ", "during your turn, ").
_CONDITION_FIRST = re.compile(r"^(?:as long as|while) (?P<c>[^,]+), |^during your turn, ")
#: A condition said last ("~ has vigilance as long as it's untapped").
_CONDITION_LAST = re.compile(r" (?:as long as|while) (?P<c>.+)$")
#: Durations, which say when the change ends, not what it is.
#: An ability word before the ability it names ("delirium — ~ has menace as long as ...", 207.2c): no rules meaning.
_ABILITY_WORD = re.compile(r"^[a-z][a-z' ]* — ")
#: A mode of a modal spell ("• target creature gains double strike").
_MODE = re.compile(r"^[•\-] ")
#: A duration said first ("until end of turn, target creature gains trample").
_DURATION_FIRST = re.compile(r"^until (?:end of turn|your next turn|the end of turn), ")
_DURATION = re.compile(r" (?:until end of turn|until your next turn|until the end of turn|this turn)\b")

_DET = r"(?:up to (?:one|two|three|x|\w+) )?(?:another |other |each of )?"
#: Each subject, in the order tried (the first that starts the sentence is its subject).
_SUBJECTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(form))
    for name, form in (
        ("equipped", r"^equipped creature\b"),
        ("enchanted", r"^enchanted creature\b"),
        ("self", r"^(?:~|it)(?![\w'])"),
        (
            "target",
            rf"^{_DET}target (?:(?:attacking|blocking|tapped|untapped|nontoken|legendary|[a-z]+) )?creatures?"
            r"(?: you control| an opponent controls| you don't control| defending player controls| your opponents control)?\b",
        ),
        ("that", r"^(?:that|the) (?:creature|token)s?\b|^(?:those|these) (?:creatures|tokens)\b|^they\b"),
        (
            "yours",
            r"^(?P<other>other |each other |all other )?(?:each |all )?(?:(?P<adj>attacking|blocking|tapped|untapped|nontoken)"
            r" )?(?P<type>[a-z]+ )?(?:creatures?|creature tokens?|tokens?)? ?you control\b",
        ),
        (
            "theirs",
            r"^(?:each |all )?(?:(?:attacking|blocking|tapped|untapped|nontoken|other) )?(?:creatures?|[a-z]+ creatures?)"
            r"(?: your opponents control| target (?:player|opponent) controls| an opponent controls"
            r"| defending player controls| that player controls)?\b",
        ),
    )
)
#: The verb after the subject (a pump before it: "gets +2/+0 and has trample"; an ability before it:
#: "can't block and has haste").
#: A relative clause after the subject, before its verb ("that entered the battlefield this turn").
_RELATIVE = re.compile(r"^(?:that|which|who) (?P<c>[^.;]*?) (?=(?:gains?|has|have|loses?)\b)")
#: A second verb of the same subject after the first one's keywords ("gains reach and loses flying").
_SECOND_VERB = re.compile(r",? (?:and|but|then) (?:gains?|has|have|loses?|gets?|can|can't|cannot|doesn't|does not)\b")
_VERB = re.compile(r"^(?:[^.;]*? and )??(?P<verb>gains?|has|have|loses?)\b(?P<rest>[^.;]*)")


@lru_cache(maxsize=4096)
def grants(card: CardData) -> tuple[Grant, ...]:
    """The keyword grants of ``card``'s oracle text, in the order its text gives them."""
    out: list[Grant] = []
    spell = bool({"Instant", "Sorcery"} & set(card.types))
    for line in oracle_form(card).splitlines():
        # an activated ability: a cost before a colon in the line's first sentence
        activated = ":" in line.split(".")[0]
        before = ""
        for sentence in re.split(r"(?<=\.)\s+", line.strip()):
            found = _grant(sentence.rstrip("."), spell=spell, activated=activated, targeted="target" in before)
            if found is not None:
                out.append(found)
            before += sentence
    return tuple(dict.fromkeys(out))


def _grant(sentence: str, *, spell: bool, activated: bool, targeted: bool) -> Grant | None:
    """The grant of one sentence; ``targeted``: an earlier sentence of its ability names a target (so
    its "it" is that creature: "Untap target creature. It gains haste")."""
    text = sentence.split(": ", 1)[1] if activated and ": " in sentence else sentence
    text = _MODE.sub("", _ABILITY_WORD.sub("", text))
    how = "activate" if activated else "cast" if spell else "static"
    trigger = _TRIGGER.match(text)
    if trigger is not None and how == "static":
        how, text = "trigger", text[trigger.end() :]
    condition, noun = "", ""
    first = _CONDITION_FIRST.match(text)
    if first is not None:
        condition, noun = _condition(first.group("c") or "your turn")
        text = text[first.end() :]
    text = _DURATION_FIRST.sub("", _DURATION.sub("", text))
    last = _CONDITION_LAST.search(text)
    if last is not None:
        condition, noun = _condition(last.group("c"))
        text = text[: last.start()]
    for holder, pattern in _SUBJECTS:
        subject = pattern.match(text)
        if subject is None:
            continue
        after = text[subject.end() :].lstrip(" ,")
        # seventeenth round: a relative clause that says which of them ("other creatures you control that entered the
        # battlefield this turn have haste"): a condition of the grant, read as one nothing else names
        relative = _RELATIVE.match(after)
        if relative is not None:
            after = after[relative.end() :]
            condition, noun = "other", relative.group("c")
        verb = _VERB.match(after)
        if verb is None:
            return None
        # twenty-fourth round: only up to a second verb ("gains reach and loses flying"): what follows it is not given
        rest = _SECOND_VERB.split(verb.group("rest"), maxsplit=1)[0]
        keywords = keywords_in(rest) or (("*",) if rest.strip().startswith("all abilities") else ())
        if not keywords:
            return None
        said = verb.group("verb")
        verb_name = "loses" if said.startswith("lose") else "gains" if said.startswith("gain") else "has"
        others_only = False
        if holder == "yours":
            others_only = bool(subject.group("other"))
            # the lord's creatures by type ("other soldiers you control"), or all of them: "creature"
            # ("other creatures" as said, so a ruling's "other creatures" stays those words)
            noun = (subject.group("type") or "creature").strip()
            if noun.removesuffix("s") in ("creature", "token") and not (others_only and noun == "creatures"):
                noun = "creature"
        if holder == "self" and subject.group(0) == "it" and (how == "cast" or targeted):
            holder = "target"  # a spell's "it", or one after a target is named, is the creature targeted
        if holder == "self" and how == "static" and condition == "" and verb_name == "has":
            return Grant("self", "has", keywords, how)
        return Grant(holder, verb_name, keywords, how, condition, noun, others_only)
    return None


def _condition(text: str) -> tuple[str, str]:
    """(kind, noun) of a condition (see :attr:`Grant.condition`)."""
    control = re.fullmatch(r"you control (?!no )(?:an? |another |\w+ or more (?:other )?)?([a-z ]+?)", text)
    if control:
        # (fifteenth round: with its qualifiers, "red creature" of "another red creature", so a ruling naming
        # another colour or type is not the card's condition)
        words = control.group(1).split()
        return "control", " ".join([*words[:-1], words[-1].removesuffix("s")])
    state = re.fullmatch(r"(?:it's|it is|~ is) (untapped|tapped|attacking|blocking|equipped|enchanted)", text)
    if state:
        return ("equipped", "") if state.group(1) == "equipped" else ("state", state.group(1))
    deed = re.fullmatch(r"you(?:'ve| have)? ([a-z]+) ([a-z ]+?)(?: this turn)?", text)
    if deed and deed.group(1) not in ("control", "controlled"):
        return "deed", f"{deed.group(1)} {deed.group(2)}"
    return "other", text
