"""What a ruling's sentence says, with the differences that carry no meaning taken out.

Templates (:mod:`rulings.templates`) read a sentence as one regular expression; the claim reader
(:mod:`rulings.claims`) reads its *meaning*, so the same rule in another frame, tense or word
form is the same claim. This module does the part before reading:

- **asides** claim nothing and are set aside, kept in the record (:class:`Split`): parentheticals
  ("(for example, ...)"; not one that may restrict the claim, "(unless it has haste)"), a quoted
  example after "such as", "of course", "note that", "under normal circumstances", hedges about
  other effects ("unless an effect says ...,"), a possible cause (", perhaps because ...,"), a
  trailing ", for example", and sentences that only explain ("That's
  because ...", "This is because ...", "The only thing that's different is ...");
- **tokens**: contractions and negation forms spelled out ("can't" and "can not" -> "cannot",
  "won't" -> "will not", "isn't" -> "is not"), another form for the same zone ("remains exiled" ->
  "remains in exile"), the tense marker "will" dropped, the possessive
  "'s" a token of its own, and each word reduced to a crude stem ("abilities", "ability" ->
  "ability"; "activated", "activates", "activate" -> "activat"; an irregular verb form is read as
  its base form first: "dealt" -> "deal"), so plural forms and tenses meet.

The input is the template form of :mod:`rulings.text` (lower case, the card's name as ``~``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rulings.normal_forms import FORMS

_COMBAT_KEYWORD = r"(flying|vigilance|haste|menace|first strike|double strike|reach|trample|deathtouch|lifelink|defender|indestructible)"
#: Contractions and negation forms, spelled out (applied in order, on whole words).
_SPELLED_OUT: tuple[tuple[str, str], ...] = (
    (r"\bcan't\b", "cannot"),
    (r"\bcan not\b", "cannot"),
    (r"\bwon't\b", "will not"),
    (r"\bshan't\b", "shall not"),
    (r"\b(is|are|was|were|does|do|did|has|have|had|could|would|should|must|need)n't\b", r"\1 not"),
    # sixteenth round: "'s" before "been" or "already been" is "has" ("that's already been declared as an attacker")
    (r"\b(it|that|there|what|who|which)'s(?= (?:already |just |never |not |since )?been\b)", r"\1 has"),
    (r"\bit's\b", "it is"),
    (r"\bthat's\b", "that is"),
    (r"\bthere's\b", "there is"),
    (r"\bwhat's\b", "what is"),
    (r"\b(you|they|we)'re\b", r"\1 are"),
    (r"\b([a-z]+)'ll\b", r"\1 will"),
    (r"\b(you|they|we)'ve\b", r"\1 have"),
    (r"\b(you|they|we|it|that)'d\b", r"\1 would"),
    (r"\bis not able to\b", "cannot"),
    (r"\bare not able to\b", "cannot"),
    (r"\bis unable to\b", "cannot"),
    (r"\bare unable to\b", "cannot"),
    (r"\bunable to\b", "cannot"),
    (r"\bis able to\b", "can"),
    (r"\bare able to\b", "can"),
    # fourteenth round: what is possible for you said impersonally ("there's no way to", "it isn't possible to")
    (r"\bthere is no way (?:for you )?to\b", "you cannot"),
    (r"\bit is (?:not possible|impossible) (?:for you )?to\b", "you cannot"),
    (r"\bit is possible (?:for you )?to\b", "you can"),
    # twenty-second round: a combat keyword got at a moment, or after an event, is one gained ("if ~ gets flying after
    # blockers have been declared", "and then gets double strike"); not "birds that get flying from ~" (a keyword had, the
    # static grant's) nor "gets +1/+1"; and one no longer had is lost ("then stops having first strike")
    (
        rf"\b(?:gets|acquires) {_COMBAT_KEYWORD}(?= (?:only )?(?:after|once|during|before|when|as soon as)\b)",
        r"gains \1",
    ),
    (rf"\b(?:get|acquire) {_COMBAT_KEYWORD}(?= (?:only )?(?:after|once|during|before|when|as soon as)\b)", r"gain \1"),
    (rf"\b(then|and) (?:gets|acquires) {_COMBAT_KEYWORD}\b", r"\1 gains \2"),
    (rf"\bstops having {_COMBAT_KEYWORD}\b", r"loses \1"),
    (rf"\bstop having {_COMBAT_KEYWORD}\b", r"lose \1"),
    (rf"\bstopped having {_COMBAT_KEYWORD}\b", r"lost \1"),
    # Another word form for the same zone: a card that "remains exiled" remains in exile.
    (r"\b(remains?|stays?|remained|stayed) exiled\b", r"\1 in exile"),
)

_SPELLED_OUT_COMPILED = tuple((re.compile(p), r) for p, r in _SPELLED_OUT)

#: One meaning said in many words, written one way before the tokens are read: following the cards'
#: normal rules, timing rules, restrictions or permissions (for playing them) is "follow the normal
#: timing rules" (the exiled cards' timing is unchanged: 601.2, 305.1).
_EARLIER_FORMS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (
        re.compile(
            r"\bfollow(?:s|ing)? (?:all |the |any )*(?:of the )?(?:normal |applicable |usual )*(?:timing )?"
            r"(?:rules|restrictions|permissions)(?: and (?:timing )?(?:rules|restrictions|permissions))*"
            r"(?: for (?:playing|casting) (?:it|them|that card|those cards|the card|the cards|that spell|those spells)"
            r"| for (?:it|them)\b)?"
        ),
        "follow the normal timing rules",
    ),
    # A necessary condition said as an obligation: "you must have X in order to Y" is "you can Y
    # only if you have X" (the same claim as the rules' "can't Y unless X").
    (re.compile(r"\byou must (have [^,;.]+?) in order to ([^,;.]+)"), r"you can \2 only if you \1"),
    # eighteenth round: the exception said first ("unless that attacking creature has trample, it won't assign combat
    # damage if no other creature is blocking it"): the order the rules say it in
    (
        re.compile(
            r"^unless (?:it|~|(?:that|the) (?:attacking )?creature) has trample, it (?P<v>will not|does not|cannot) "
            r"(?P<d>assign|deal) (?:any )?combat damage if no other creatures? (?:is|are) blocking it"
        ),
        lambda m: f"if no other creatures are blocking it, it {m['v']} {m['d']} combat damage unless it has trample",
    ),
    # twenty-second round: the trample exception in parentheses, or said of a creature that has gained trample ("it won't
    # deal combat damage to the defending player (unless it has somehow gained trample)"): a creature that gained trample
    # has it, and the exception is the rule's own (510.1c, 702.19e)
    (
        re.compile(
            r",? \(unless (?P<who>it|~|(?:that|the) (?:attacking )?creature) has (?:somehow |also )?(?:gained |been given )?"
            r"trample\)"
            r"|(?<=unless )(?P<who2>it|~|(?:that|the) (?:attacking )?creature) has (?:somehow |also )?(?:gained|been given) trample\b"
        ),
        lambda m: f" unless {m['who']} has trample" if m["who"] else f"{m['who2']} has trample",
    ),
    # eighteenth round: "it's too late for the loss of haste to matter" is "it doesn't matter if it loses haste"
    (
        re.compile(
            r"\bit(?:'s| is) too late for (?:the|its|that) (?P<change>loss|gain) of (?P<k>[a-z]+(?: [a-z]+)?) to matter\b"
        ),
        lambda m: f"it does not matter if it {'loses' if m['change'] == 'loss' else 'gains'} {m['k']}",
    ),
)
#: The earlier rounds' forms, then the sixth round's classes of wordings (:mod:`rulings.normal_forms`).
_CANONICAL = (*_EARLIER_FORMS, *FORMS)

#: Sentences that only explain what another sentence claims: set aside whole.
_EXPLAINING_SENTENCE = re.compile(
    r"^(?:that is|this is|that's|this's) (?:because|why|so)\b|^(?:this|that) is a rule specific to\b"
    r"|^(?:note|remember) that (?:this|that) is\b"
    r"|^the only (?:thing|difference) (?:that is|that's) different is\b"
)
#: Words inside a sentence that claim nothing ("of course", "note that" at the start).
_ASIDE_WORDS = re.compile(
    r"(?:^|(?<=[\s,]))(?:of course|note that|remember that|in other words|under normal circumstances)(?:,\s*|\s+|(?=\.))"
    # twentieth round: a sentence's link to the one before ("Likewise, ...", "Also, ...", "As usual, ..."), and words that
    # say a claim holds all the same ("it also remains blocked", "won't tap it retroactively", "effectively"): no claim of
    # their own (not "otherwise", "in that case", "as a result": those say a condition; not a hedge such as "usually")
    r"|^(?:also|likewise|similarly|additionally|furthermore|moreover|indeed|basically|essentially|as usual|as normal"
    r"|as always|in addition|in either case|in both cases|in any case|either way),\s*"
    r"|(?<=\s)(?:also|effectively|automatically)\s+(?=(?:remains?|stays?|is|are|was|were|has|have|can|cannot|can't|won't|will"
    r"|would|does|doesn't|do|don't|deals?|assigns?|gets?|gains?|loses?|becomes?|keeps?|continues?|counts?|applies|apply|must"
    r"|may|stops?|prevents?|untaps?|taps?|triggers?|causes?|blocking|attacking)\b)"
    r"|\s+(?:retroactively|automatically)(?=[.,])"
)
#: Hedges and explanations inside a sentence that claim nothing checkable: "unless an effect says
#: you can play additional lands, ..." (every rule holds unless an effect says otherwise: 101.1),
#: ", perhaps because ...," (a possible cause, like the parenthetical of the same words), and a
#: "this means (that) ..." and "that is, ..." before a claim said again in other words, a
#: trailing ", for example" (the sentence is one case of a rule stated elsewhere), and a trailing
#: "even if ~ attacks again" (a later event of the card's own, in which the claim still holds: it
#: widens nothing the claim says). Sixth round: the card's ability used again (", even if you activate
#: that ability again"), a trailing ", which usually means ...", ", even in a multiplayer game" and ", no
#: matter how it entered ..." (a case in which the claim still holds).
_HEDGES = re.compile(
    r"^unless an effect (?:says|allows|lets|instructs)[^,]*,\s*"
    r"|^(?:normally, )?(?:this|that) means(?: that)?\s+|^that is,\s*"
    r"|,\s*perhaps because [^,]*(?=,)"
    r"|,\s*for example(?=\.$)"
    r"|,?\s*even (?:if|though) ~(?:'s)? [^,.]*(?=\.$)"
    r"|,\s*even if you (?:activate|use) (?:that|the|its|~'s)(?: [a-z]+)? ability again(?=\.$)"
    r"|,\s*which (?:usually|normally|typically|often|generally) means [^,.]*(?=\.$)"
    r"|,\s*even in a multiplayer game(?=\.$)"
    r"|,\s*no matter how (?:it|~) (?:was|is|entered|enters)[^,.]*(?=\.$)"
    # fifteenth round: ", no matter how much" (any amount: the claim already says it of all damage)
    r"|,\s*no matter how (?:much|much damage|much damage is dealt to it|large|many)(?=\.$)"
    # seventeenth round: the purpose of advice on when to use the card ("to have ~ attack without becoming tapped, you
    # must activate its ability before ...", "for the ability to matter, activate it before ...", "... if you want it to
    # evade ground creatures"): why one would, never what the rule is (only these purposes: a purpose that names what
    # is played, "to play the land, ...", may be the claim's condition)
    r"|^(?:to|in order to) (?:have|keep|make|let|stop|prevent|get) [^,]*,\s*(?=(?:you|activate|cast|use)\b)"
    r"|^for (?:the|its|~'s|that|this) (?:ability|spell|effect|aura|equipment)s? to (?:matter|work|have (?:an|any) effect)"
    r"[^,]*,\s*"
    r"|,?\s*if you want (?:(?:it|~|the creature|that creature|the ability|them|your creatures?|a creature) )?to [^,.]+(?=\.$)"
    r"|^if you want (?:(?:it|~|the creature|that creature|the ability|them|your creatures?|a creature) )?to [^,]+,\s*"
    r"(?=(?:you|activate|cast|use)\b)"
)
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
#: A quoted example of what the claim speaks of ("any other applicable restrictions such as "cast
#: [this card] only during combat.""): it names one case, it does not claim anything more.
_QUOTED_EXAMPLE = re.compile(r',?\s*\bsuch as "[^"]*"')
#: An example given as a clause between commas (", such as if you cast X when you control Y,"):
#: it names one case of what the sentence claims, it claims nothing more.
_EXAMPLE_CLAUSE = re.compile(
    r",\s*such as (?:if|when|by|because|after) [^,;]*(?:,\s*(?=\S)|(?=\.$))"
    # sixth round: a trailing "such as <doing something>" names one case of the costs or acts before it
    r"|,?\s+such as [a-z]+ing\b[^,;.]*(?=\.$)|,\s*such as [a-z]+ing\b[^,;.]*,\s*(?=\S)"
    # seventeenth round: one time of several ("..., such as during the beginning of combat step"), one reason of
    # several ("tapped for another reason, such as to pay the cost of an ability that has a target, ...")
    r"|,\s*such as (?:during|in) [^,;.]*(?=\.$)"
    r"|,\s*such as to [a-z]+\b[^,;.]*(?:,\s*(?=\S)|(?=\.$))"
)
#: A parenthetical with one of these words may restrict the claim ("(unless it has haste)"): it is
#: kept in the sentence, to be read (or to leave the sentence unread), never set aside.
#: ... save an example ("(for example, ...)", "(for instance, ...)", "(e.g. ...)").
_EXAMPLE_PARENTHESIS = re.compile(r"\s*\((?:for example|for instance|e\.g\.),? ")
_RESTRICTING = re.compile(r"\b(?:only|unless|except|but|never|not|cannot)\b|n't\b")

_TOKEN = re.compile(r"~(?:'s)?|\{[^{}]+\}(?:'s)?|\d+(?:st|nd|rd|th)?|[a-z]+(?:-[a-z]+)*(?:'s|s')?|'s\b|[,;:]")


@dataclass(frozen=True)
class Split:
    """A sentence with its asides set aside: what it claims, and what was taken out (kept so a
    report can show the sentence whole)."""

    claim: str
    asides: tuple[str, ...]


@lru_cache(maxsize=16384)
def set_aside(sentence: str) -> Split:
    """``sentence`` (template form) without the parts that claim nothing. A sentence that only
    explains is all aside: its claim is the empty string."""
    text = sentence.strip()
    bare = text.rstrip(".!? ")
    if _EXPLAINING_SENTENCE.match(bare):
        return Split("", (text,))
    asides: list[str] = []
    kept: list[str] = []
    while True:
        found = _PARENTHESIS.search(text)
        if not found:
            break
        # eighteenth round: an example in parentheses names one case, whatever its words ("(for example, if its only
        # blocker was destroyed ...)"): it restricts nothing
        if _RESTRICTING.search(found.group()) and not _EXAMPLE_PARENTHESIS.match(found.group()):
            kept.append(found.group())
            text = text[: found.start()] + f"\x00{len(kept) - 1}\x00" + text[found.end() :]
            continue
        asides.append(found.group().strip())
        text = text[: found.start()] + text[found.end() :]
    for found in _QUOTED_EXAMPLE.finditer(text):
        asides.append(found.group().strip(" ,"))
    text = _QUOTED_EXAMPLE.sub("", text)
    for found in _EXAMPLE_CLAUSE.finditer(text):
        asides.append(found.group().strip(" ,"))
    text = _EXAMPLE_CLAUSE.sub(", ", text)
    for n, part in enumerate(kept):
        text = text.replace(f"\x00{n}\x00", part.replace("(", "").replace(")", ""))
    for pattern in (_ASIDE_WORDS, _HEDGES):
        for found in pattern.finditer(text):
            asides.append(found.group().strip(" ,"))
        text = pattern.sub("", text)
    text = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
    text = re.sub(r"^,\s*|,\s*(?=\.$)", "", text)
    return Split(text, tuple(asides))


@lru_cache(maxsize=16384)
def spell_out_contractions(text: str) -> str:
    """Only the contractions and negation forms spelled out (:data:`_SPELLED_OUT`), no other form
    made canonical: for a reader with a grammar of its own (:mod:`rulings.combat_facts`)."""
    for pattern, replacement in _SPELLED_OUT_COMPILED:
        text = pattern.sub(replacement, text)
    return text


@lru_cache(maxsize=16384)
def spell_out(text: str) -> str:
    """Contractions and negation forms spelled out (see the module docstring)."""
    for pattern, replacement in (*_SPELLED_OUT_COMPILED, *_CANONICAL):
        text = pattern.sub(replacement, text)
    return text


#: Present participles whose -ing and -ed forms name opposite sides of one action, kept whole: a
#: "blocking creature" is the blocker and a "blocked creature" the attacker it blocks (509.1), so
#: "after it has been blocking" is not "after it has been blocked".
_ROLE_PARTICIPLES = frozenset({"blocking"})


#: Irregular verb forms, read as their base form before stemming (the stemmer only knows the
#: regular -ed and -s): "has been dealt" and "deals" name one action, as "lost" and "loses" do.
#: Tense carries no meaning in a ruling (the future marker is dropped for the same reason).
_IRREGULAR = {
    "dealt": "deal", "paid": "pay", "chose": "choose", "chosen": "choose", "drew": "draw", "drawn": "draw",
    "gave": "give", "given": "give", "got": "get", "gotten": "get", "became": "become", "began": "begin",
    "begun": "begin", "took": "take", "taken": "take", "lost": "lose", "kept": "keep", "held": "hold",
    "brought": "bring", "came": "come", "went": "go", "gone": "go", "made": "make", "said": "say",
    "saw": "see", "seen": "see", "fought": "fight", "stood": "stand", "won": "win", "shown": "show",
    "told": "tell", "knew": "know", "known": "know", "left": "leave", "ran": "run",
}  # fmt: skip


def stem(word: str) -> str:
    """A crude stem that lets plural forms and tenses of one word meet: an irregular form is first
    read as its base form (:data:`_IRREGULAR`), then suffixes -ies/-ied
    (-> y), -ing, -ed, -es, -s, then a final -e, each only when three letters stay; a consonant
    doubled before -ing/-ed is undoubled ("tapping", "tapped" -> "tap")."""
    if not word.isalpha():
        return word
    if word in _ROLE_PARTICIPLES:
        return word
    word = _IRREGULAR.get(word, word)
    for suffix, replacement in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: -len(suffix)] + replacement
            if suffix in ("ing", "ed") and len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
                word = word[:-1]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


@lru_cache(maxsize=16384)
def tokens(text: str) -> tuple[str, ...]:
    """The stemmed tokens of ``text`` (template form, asides already set aside): words, ``~``,
    mana symbols, numbers, and commas (a clause boundary); the possessive is its own token
    ``'s``; the future marker "will" is dropped (tense carries no meaning in a ruling)."""
    out: list[str] = []
    for raw in _TOKEN.findall(spell_out(text)):
        if raw == "will":
            continue
        if raw == "'s":
            out.append(raw)
            continue
        if raw.endswith("'s") or raw.endswith("s'"):
            out.extend((stem(raw[:-2]), "'s"))
            continue
        out.append(raw if raw in (",", ";", ":") else stem(raw))
    return tuple(out)
