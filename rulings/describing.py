"""A ruling's paragraph read as a whole: sentences that claim no rule, and concepts carried from one
sentence to the next.

A paragraph that restates a checked rule often says it among sentences of two other kinds, which
claim no rule of their own:

- **describing the card**: the sentence says again what the card's oracle text says ("The cost to
  activate a creature's outlast ability includes the tap symbol ({T})." for a card with outlast,
  whose reminder text is "{1}{W}, {T}: ..."). It is recognized against the ruling's cards' oracle
  text: every content word of the sentence is a word of that text (or one of the few words every
  description of a card uses: ability, cost, activate, symbol, ...), and it says no rule word
  ("can't", "only", "must", "unless", "even if", "instead", "not", "the stack", ...). A sentence that
  names a rule, a zone, a time or a player the text does not name is never describing, so a near
  miss or a changed rule stays uncovered;
- **an example**: a sentence opening with "for example," that names another card, and the
  sentences right after it that name that card again; an example illustrates the claim made before
  it, so it is set aside only after a sentence read as a statement (:meth:`Template.read`).

Both are set aside *with their reason*, kept in the match's record. Neither makes a paragraph
compile by itself: it still needs a statement, and every other sentence must be read.

The card's own effect also appears *inside* a rule's sentence, as its premise; these frames read it
as what it means (extra readings: the sentence as written is tried first):

- the card's ability used as the premise of a condition ("if you activate ~'s last ability but
  don't play the exiled card this turn, it remains exiled" -> "if you don't play the exiled card
  this turn, ...");
- the card's keyword ability, or its ability, used again as the subject of a refused permission
  ("Boasting again on a future turn won't let you play that card" for a card with boast -> "you
  can't play that card on a future turn");
- a concept carried across sentences: a describing sentence "the cost to activate X's <keyword>
  ability includes the tap symbol" makes "<keyword> ability" in the sentences after it "activated
  ability with the tap symbol in its activation cost" (302.6 speaks of that).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from protocol.model import CardData
from rulings.corpus import normalize
from rulings.holders import COMBAT_KEYWORDS
from rulings.meaning import set_aside, spell_out_contractions, tokens
from rulings.normal_forms import condition_first
from rulings.text import card_names

#: Words that say a rule (a permission, a restriction, a modality, a time or place of the rules'
#: own): a sentence with one of them is never "describing the card".
_RULE_WORDS = re.compile(
    r"\b(?:can|cannot|can't|may|might|only|must|never|not|no|none|nothing|unless|except|even|instead|"
    r"although|though|however|regardless|rather|still|already|again|until|stack|respond|responds|"
    r"response|priority|rule|rules|timing|matter|matters|legal|illegal|lose|loses|lost)\b|n't\b"
)
#: Words that carry no content of their own in a description (articles, pronouns, links).
_FUNCTION = frozenset(
    tokens(
        "a an the of to that this these those it its it's they them their you your ~ 's and or with for in "
        "on from by as at if when whenever then each any all one is are be been was were has have had "
        "do does did , ; :"
    )
)
#: Words every description of a card uses, whether or not its oracle text prints them.
_DESCRIBING = frozenset(
    tokens(
        "ability abilities cost costs activate activated activation include includes symbol effect effects "
        "card cards creature creatures permanent permanents text say says"
        # fifteenth round: "gives you permission to" (what "you may" of the oracle text says)
        " give gives giving permission let lets"
    )
)
#: The symbols a description names in words.
_SYMBOL_WORDS = (
    (re.compile(r"\bthe tap symbol\b"), "{t}"),
    (re.compile(r"\bthe untap symbol\b"), "{q}"),
)
#: A describing sentence that carries a concept to the sentences after it: the keyword ability
#: whose cost includes a symbol.
_COST_INCLUDES = re.compile(
    r"^the (?:cost to activate|activation cost of) (?:a creature's|~'s|its|the) (?P<keyword>[a-z]+) ability "
    r"includes (?:the (?P<symbol>tap|untap) symbol|(?P<braced>\{[tq]\}))"
)
#: Premise frames: the card's ability used, then the rule's condition.
_USED_PREMISE = re.compile(
    r"\bif you (?:activate ~'s (?:[a-z]+ )?ability|activate its (?:[a-z]+ )?ability|cast ~) but (?=\w)"
)
#: Objects a ruling names by what its card's oracle text says they are: (the oracle text's words,
#: the ruling's words for the same objects). When the oracle text says them, the ruling's words
#: are read as "the lands ~ looks at" (the card's own object, whichever side it is); a ruling that
#: names the other side is not read so ("lands you control" for a card that looks at an opponent's).
_CARD_OBJECTS: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...] = (
    (
        re.compile(r"\ba land an opponent controls\b|\blands (?:your|an) opponents? controls?\b"),
        re.compile(r"\blands your opponents control\b|\byour opponents' lands\b|\blands an opponent controls\b"),
        "the lands ~ looks at",
    ),
    (
        re.compile(r"\ba land you control\b|\blands you control\b"),
        re.compile(r"\blands you control\b|\byour lands\b"),
        "the lands ~ looks at",
    ),
    # fourteenth round: a card that exiles cards and has you choose among them: the card chosen is an exiled card
    (
        re.compile(r"\bexile\b[^\n]*\bchoose\b|\bchoose\b[^\n]*\bexile"),
        re.compile(r"\bthe chosen card\b|\bthe card you chose\b|\bthe card you choose\b"),
        "the exiled card",
    ),
)
#: Concepts carried from one sentence to the next by a pronoun: (what a sentence names, the
#: pronoun at the start of the next sentence that stands for it). "The triggered ability can target
#: a creature with indestructible. It won't be destroyed." -> "a creature with indestructible won't
#: be destroyed"; "Its {T} ability ... . That ability is a mana ability." -> "the {t} ability is a
#: mana ability". The antecedent is the last one the sentence before names.
_ANTECEDENTS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (
        re.compile(
            r"\ban? (?:attacking |blocking )?creature with (?:[a-z]+ )?(?:" + "|".join(COMBAT_KEYWORDS) + r")\b"
        ),
        re.compile(r"^(?:it|that creature|the creature)(?= )"),
    ),
    (
        re.compile(r"\b(?:its|~'s|the|an?) (?:\{[tq]\}|[a-z]+) ability\b(?! (?:of|to|that))"),
        re.compile(r"^(?:that|this|the) ability(?= )"),
    ),
    # eleventh round: a kind of card, and "to cast it" in the next sentence ("~ doesn't let you cast a creature card
    # without flash during combat. You'll have to wait until your main phase to cast it.")
    (
        re.compile(
            r"\b(?:an?|the) (?:land|sorcery|creature|instant|artifact|enchantment|planeswalker)(?: card| spell)?"
            r"(?: (?:with|without) flash)?\b"
        ),
        re.compile(r"(?<=\bto (?:cast|play) )it\b(?=\.|$)"),
    ),
    # fifteenth round: the turn, and "once it ends" in the next sentence ("You have only until the end of the turn to
    # play the exiled cards. Once it ends, you can't play them.")
    (
        re.compile(r"\b(?:the|this|that|your next) turn\b"),
        re.compile(r"(?:(?<=^once )|(?<=^after )|(?<=^when ))it(?= ends\b)"),
    ),
    # twentieth round: the permission's end, and "after that" in the next sentence ("Any cards ... that you don't play by
    # the end of your next turn remain exiled. You can't play them after that.")
    (
        re.compile(r"\bthe end of (?:your next turn|the turn|this turn|that turn)\b"),
        re.compile(r"(?<=\bafter )that(?=\.|$)"),
    ),
)
#: A sentence opening an example.
_EXAMPLE_OPENING = re.compile(r"^for example,\s")
#: A sentence that says what does not matter: "it doesn't matter whether A, (and it doesn't matter
#: whether | or whether | whether) B". What matters and what does not is a claim (its variant "it does
#: matter" contradicts it), so such a sentence is never set aside as an example: it is read.
_NOT_MATTER = re.compile(r"^it (?:doesn't|does not) matter whether (?P<rest>.+?)\.$")
_MATTERS = re.compile(r"\bmatters?\b")
#: The ruling's own card given to another player ("if an opponent controls ~"): the rule's "you" is its
#: controller, so such a sentence is a claim of its own (it could contradict the rule), never an example.
_OTHERS_CARD = re.compile(
    r"\b(?:an? opponents?|your opponents?|another player|other players|that player) (?:controls?|owns?)\b(?:(?!\byou\b)[^,.;])*?~"
)
_NEXT_WHETHER = re.compile(r"(?:,\s*|\s+)(?:and |or )?(?:it (?:doesn't|does not) matter )?whether\s+")
#: The parts of an activated ability's cost (602.1a, 118) and what a sentence says to ask whether each
#: could be paid: ``{T}`` (107.5) whether the permanent is untapped, ``{Q}`` (107.6) whether it is
#: tapped, removing counters whether it has them, paying life whether you can pay it. ``{name}``
#: stands for how the sentence names the permanent (its name or "it").
_COST_QUESTIONS: tuple[tuple[str, str], ...] = (
    (r"\{t\}", r"{name} is untapped"),
    (r"\{q\}", r"{name} is tapped"),
    (
        r"remove (?:an?|one|\d+) (?P<kind>[a-z0-9+/-]+) counters? from (?:{name}|this [a-z]+)",
        r"{name} has (?:an?|one|any|\d+) {kind} counters? on it",
    ),
    (r"pay (?P<life>\d+) life", r"you (?:can|could) pay {life} life"),
)
#: An activation restriction (602.5b): "Activate only if C." asks whether C is true.
_RESTRICTION = re.compile(r"\bactivate only if (?P<condition>[^.]+)\.")
#: A negation: an example that says what cannot happen or does not is a claim of its own (it could
#: contradict the statement it follows), so it is read, never set aside as an illustration.
NEGATION = re.compile(r"\b(?:not|no|never|none|nothing|cannot|neither|nor)\b|n't\b")
#: A moment of combat named by an example ("if an opponent destroys your only Forest after blockers have been
#: declared"): the moment is what the rule turns on, so such a sentence is read as a claim (a wrong moment must not be
#: set aside as an illustration).
_MOMENT_NAMED = re.compile(
    r"\b(?:before|after|once|until|during|as) (?:the )?(?:attackers|blockers|combat damage|first-strike|"
    r"(?:the )?declare (?:attackers|blockers) step|(?:it|~|that creature) (?:is|has been|was) (?:blocked|declared))"
)
#: Names of other cards in a ruling's text: two or more capitalized words (with "of", "the", ...
#: between them), or one after a lower-case word; quotations are left out (an ability's text
#: capitalizes its first word).
_NAME = re.compile(r"(?<=[a-z,] )[A-Z][\w'’-]+(?: (?:of|the|and|from|to|in|a) )?(?: ?[A-Z][\w'’-]+)*")
_QUOTED = re.compile(r"[“\"][^”\"]*[”\"]")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a paragraph as the templates read it: the sentence, the other texts it may be
    read as (the frames and carried concepts above), and why it may be set aside when no template
    reads it (None: it may not)."""

    text: str
    readings: tuple[str, ...]
    describing: str | None
    example: str | None
    #: Two independent clauses ("you can't X, and you must Y"), each a sentence of its own, or ().
    clauses: tuple[str, ...] = ()


def _example_questions(example: str, names: Iterable[str]) -> tuple[list[str], list[str]]:
    """The questions an example's quoted ability asks of whether it could be activated: (whether each
    part of its cost could be paid, whether its activation restriction holds), as regular expressions
    over one clause of a sentence. ``names`` are the example's card names."""
    name = r"(?:it|" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")"
    costs: list[str] = []
    restrictions: list[str] = []
    for quoted in _QUOTED.findall(example):
        ability = quoted.strip('"“”')
        if ":" in ability:
            for part in (p.strip() for p in ability.split(":", 1)[0].split(",")):
                for form, question in _COST_QUESTIONS:
                    found = re.fullmatch(form.replace("{name}", name), part)
                    if found:
                        question = question.replace("{name}", name)
                        for key, value in found.groupdict().items():
                            question = question.replace("{" + key + "}", re.escape(value))
                        costs.append(question)
                        break
        restrictions += [re.escape(found.group("condition")) for found in _RESTRICTION.finditer(ability)]
    return costs, restrictions


def _not_matter(sentence: str, example: str, names: Iterable[str]) -> str | None:
    """ "It doesn't matter whether <A>, or whether <B>" after an example that quotes a mana ability:
    when every clause asks whether a part of that ability's cost could be paid (or its activation
    restriction held), the sentence says what "could produce" does not check (106.7: costs are
    ignored), read as "~ doesn't check their costs (or legality)". A clause that asks anything else
    leaves the sentence as it is (unread)."""
    found = _NOT_MATTER.match(sentence.replace("it's ", "it is "))
    if found is None:
        return None
    costs, restrictions = _example_questions(example, names)
    legality = False
    for clause in _NEXT_WHETHER.split(found.group("rest")):
        if any(re.fullmatch(q, clause) for q in costs):
            continue
        if any(re.fullmatch(q, clause) for q in restrictions):
            legality = True
            continue
        return None
    return "~ doesn't check their costs or legality." if legality else "~ doesn't check their costs."


#: The ordinal a ruling names one of its card's abilities by (113.1: the abilities in text order).
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}
#: How a ruling names its card's own ability: "its ability", "~'s second ability", "that ability".
_OWN_ABILITY = re.compile(
    r"(?<![\w~'])(?:its|~'s|that|the) (?:(?P<ordinal>first|second|third|fourth|last) )?(?P<mana>mana )?ability\b"
    r"(?! (?:to|that|of)\b)"
)
#: How a ruling names the ability its card grants: "the ability granted by ~", "the ability ~ grants",
#: "the ability ~ gives (it|them)".
_GRANTED_ABILITY = re.compile(r"\bthe (?:mana )?ability (?:granted by ~|~ (?:grants|gives)(?: (?:it|them))?)")
#: An ability an oracle text grants in quotation marks ("Equipped creature has "{T}: ...."").
_GRANTED_TEXT = re.compile(r"\b(?:has|have|gains?) \"(?P<ability>[^\"]+)\"")


def _cost_symbols(ability: str) -> frozenset[str]:
    """The tap and untap symbols in an activated ability's cost (602.1a: the cost is before the
    colon), or none for an ability that is not activated."""
    if ":" not in ability:
        return frozenset()
    cost = ability.split(":", 1)[0]
    return frozenset(symbol for symbol in ("{t}", "{q}") if symbol in cost)


def _abilities(card: CardData) -> list[str]:
    """The card's abilities in text order (113.1, one paragraph each), reminder text left out."""
    text = re.sub(r"\([^)]*\)", "", card.text.lower())
    return [line.strip() for line in text.splitlines() if line.strip()]


def _symbol_reading(text: str, cards: Sequence[CardData]) -> str | None:
    """``text`` with its card's ability named by the cost symbol that ability has ("its ability" ->
    "its {t} ability", 107.5, 107.6): the ability named by its ordinal, the card's only activated
    ability, or the ability it grants in quotation marks. Only when the named ability is one ability
    with exactly one of the two symbols in its cost; otherwise None (the sentence is read as written)."""
    if len(cards) != 1:
        return None
    abilities = _abilities(cards[0])
    activated = [a for a in abilities if ":" in a and not re.match(r"^[+−-]?\d+:", a)]
    granted = [found.group("ability") for a in abilities for found in _GRANTED_TEXT.finditer(a)]

    def named(found: re.Match[str]) -> str:
        ordinal = found.groupdict().get("ordinal")
        if found.re is _GRANTED_ABILITY:
            chosen = granted if len(granted) == 1 else []
        elif ordinal is not None:
            index = _ORDINALS[ordinal]
            chosen = [abilities[index]] if -len(abilities) <= index < len(abilities) else []
        else:
            chosen = activated if len(activated) == 1 else []
        symbols = _cost_symbols(chosen[0]) if chosen else frozenset()
        if len(symbols) != 1:
            return found.group()
        article = "the" if found.re is _GRANTED_ABILITY else found.group().split(" ", 1)[0]
        kind = "mana ability" if found.groupdict().get("mana") else "ability"
        return f"{article} {next(iter(symbols))} {kind}"

    out = _GRANTED_ABILITY.sub(named, text)
    out = _OWN_ABILITY.sub(named, out)
    return out if out != text else None


#: A triggered ability in oracle text (603.1: "when", "whenever", "at" open one).
_TRIGGERED = re.compile(r"(?:^|\n)(?:[a-z' ]+ — )?(?:whenever|when|at the beginning)\b")


#: A triggered ability that triggers in combat.
_COMBAT_TRIGGERED = re.compile(
    r"\bwhenever ~ (?:attacks|blocks|becomes blocked|deals combat damage)\b|\bat the beginning of combat\b"
)


def _oracle_words(cards: Sequence[CardData]) -> frozenset[str]:
    words: set[str] = set()
    for card in cards:
        text = card.text.lower()
        for name in card_names(card.name):
            text = text.replace(name.lower(), "~")
        words.update(tokens(text.replace("—", " ")))
        if _TRIGGERED.search(text):
            # fourteenth round: a card with a triggered ability is described by what "triggers" it (603.1)
            words.update(tokens("trigger triggers triggered"))
        if _COMBAT_TRIGGERED.search(text):
            # twentieth round: a card whose ability triggers in combat is described by when ("~'s ability exiles the card
            # during combat")
            words.update(tokens("during combat"))
        words.update(k.lower() for k in card.keywords)
        words.update(tokens(" ".join(card.keywords).lower()))
    return frozenset(words)


#: Seventeenth round: advice on how to play the card ("This can be a good way to push damage past a small blocker.",
#: "Waiting until then can be a useful way to ...", "~ is best used to ...", "To get the most out of the ability,
#: you'll usually want to ..."): a judgement of play, no rule the checks could hold it to.
_STRATEGY = re.compile(
    r"\b(?:can be|is|are|could be|may be) (?:a |an )?(?:especially |particularly |very )?(?:useful|good|great|handy"
    r"|effective|strong|powerful|fine) (?:way|time|tool|choice|option|play|move|trick)\b"
    r"|\bmakes? (?:~|it|the equipped creature|the enchanted creature) (?:especially|particularly) (?:good|strong|useful"
    r"|effective|powerful)\b"
    r"|\b(?:is|are) best used\b|^to get the most (?:out )?of\b"
    # eighteenth round: "~ works best on a creature that does", "~ is most effective when ..."
    r"|\bworks? best\b|\b(?:is|are) (?:most|especially|particularly) effective (?:when|on|against|with)\b"
    # ... and what to do for an outcome you want ("If you want the life, activate its mana ability instead ...")
    r"|^if you want (?:to |the |that |it |~ |them )[^,]*, (?:activate|cast|use|attack|block|wait|tap|hold|play|equip)\b"
    r"|\b(?:is|are) (?:usually |often |generally )?the best (?:time|way|moment) to\b"
    r"|\byou (?:will |would )?(?:usually|often|typically|generally) want to\b"
)


def _strategy(sentence: str) -> str | None:
    """Why ``sentence`` is advice on play (see :data:`_STRATEGY`), or None; a sentence with a negation, a
    modal or "only" may state a rule and is never advice (but "isn't a good idea" is advice said the other way; "only
    one blocker" counts, twentieth round)."""
    text = spell_out_contractions(sentence.lower())
    text = re.sub(r"\b(?:usually |often |generally )?is not a good idea\b", "is a good way", text)
    if (
        _STRATEGY.search(text)
        and not NEGATION.search(text)
        and not re.search(r"\b(?:only(?! one\b| a single\b)|must|cannot)\b", text)
    ):
        return "advice on how to play the card, no rule"
    return None


def describes_card(sentence: str, cards: Sequence[CardData]) -> str | None:
    """Why ``sentence`` (template form) only says again what its cards' oracle text says, or None
    if it may claim more (see the module docstring)."""
    if not cards:
        return None
    strategy = _strategy(sentence)
    if strategy is not None:
        return strategy
    text = set_aside(sentence).claim.rstrip(".")
    if any("as though" in card.text.lower() for card in cards):
        # fifteenth round: "as though" the oracle text says too ("spend mana as though it were mana of any color")
        text = text.replace("as though", "as if")
    if not text or _RULE_WORDS.search(text):
        return None
    for pattern, symbol in _SYMBOL_WORDS:
        text = pattern.sub(symbol, text)
    oracle = _oracle_words(cards)
    content = [w for w in tokens(text) if w not in _FUNCTION]
    if not content or any(w not in oracle and w not in _DESCRIBING for w in content):
        return None
    own = [w for w in content if w not in _DESCRIBING]
    if not own:
        return None  # "the ability includes the cost": nothing of the card's own is said
    return f"describes the card: its oracle text says {', '.join(sorted(set(own)))}"


#: Fourteenth round: a sentence that says the one before it holds in one more case ("This is true even if it
#: came under your control this turn."): read as the sentence before with that case said as its tail.
_TRUE_EVEN = re.compile(
    r"^(?:this|that|the same) (?:is|remains|holds) (?:still |also )?(?:true )?(even (?:if|though|when) .+)$"
)


def _true_even(before: str, text: str) -> str | None:
    """The sentence ``before`` with the case ``text`` adds ("..., even if ...") as one sentence, or None."""
    found = _TRUE_EVEN.match(text.rstrip("."))
    if found is None or not before.endswith("."):
        return None
    return f"{before[:-1]}, {found.group(1)}."


#: Fifteenth round: "So does the chosen card if you don't play it that turn." after "The card you don't choose remains
#: exiled.": the predicate of the sentence before, said of another subject.
_SO_DOES = re.compile(
    r"^so (?:does|do|is|are|will|can) (?P<np>.+?)(?P<tail>,? (?:if|unless|once|when|after|even if) .+)?\.$"
)
_PREDICATE = re.compile(
    r"^(?P<subject>.+?) (?P<predicate>(?:remains?|stays?|goes|go|returns?|is|are|will|can(?:not)?|does not|do not)\b"
    r"[^,]*?)\.$"
)


def _so_does(before: str, text: str) -> str | None:
    """``text``, a "so does X" sentence, with the predicate of ``before`` said of X; None if it is no such sentence
    or ``before`` has no plain predicate (a condition, a comma)."""
    elided, said = _SO_DOES.match(text), _PREDICATE.match(before)
    if elided is None or said is None or "," in before:
        return None
    return f"{elided.group('np')} {said.group('predicate')}{elided.group('tail') or ''}."


def _carried_by_pronoun(before: str, text: str) -> str:
    """``text`` with the pronoun it opens with replaced by what the sentence ``before`` named
    (:data:`_ANTECEDENTS`), or ``text`` as it is."""
    for antecedent, pronoun in _ANTECEDENTS:
        named = list(antecedent.finditer(before))
        if named and pronoun.search(text):
            phrase = named[-1].group()
            phrase = re.sub(r"^(?:its|~'s|an?) (?=\S+ ability$)", "the ", phrase)
            return pronoun.sub(phrase, text, count=1)
    return text


def _card_objects(text: str, cards: Sequence[CardData]) -> str:
    """``text`` with the objects its card's oracle text names read as the card's own
    (:data:`_CARD_OBJECTS`)."""
    for card in cards:
        oracle = card.text.lower()
        for said, named, own in _CARD_OBJECTS:
            if said.search(oracle):
                text = named.sub(own, text)
    return text


def _keyword_gerunds(cards: Sequence[CardData]) -> list[str]:
    out: list[str] = []
    for card in cards:
        for keyword in card.keywords:
            word = keyword.lower()
            if re.fullmatch(r"[a-z]+", word):
                out.append(word[:-1] + "ing" if word.endswith("e") else word + "ing")
    return out


def _used_again(text: str, cards: Sequence[CardData]) -> str | None:
    """ "<the card's ability used> (again) <when> won't let you <do>" -> "you can't <do> <when>"."""
    users = [r"activating ~'s (?:[a-z]+ )?ability", r"activating its (?:[a-z]+ )?ability", r"casting ~"]
    users += [re.escape(g) for g in _keyword_gerunds(cards)]
    frame = re.compile(
        r"^(?:" + "|".join(users) + r")(?: again)?(?P<when>(?: [a-z]+)*?)"
        r" (?:won't|will not|doesn't|does not) (?:let|allow) you (?:to )?(?P<what>[^,;]+)\.$"
    )
    found = frame.match(text)
    if found is None:
        return None
    return f"you can't {found.group('what')}{found.group('when')}."


#: Where two independent clauses meet: a comma and a conjunction before a new subject.
_CLAUSE_JOIN = re.compile(
    # eighth round: any subject that starts a clause, not only "you" and "it"
    # ninth round: ", so" joins a consequence, a claim of its own (both must be read)
    # and a semicolon between two clauses
    r"(?:, (?:and|but|so)|;) (?=(?:you|it|they|~|the|that|those|each|its|any|a|an|other"
    # (nineteenth round: a clause about damage, ", and damage already dealt to a blocking creature counts toward ...")
    r"|damage)"
    # (nineteenth round: the subject contracted with "will", "; it'll deal no combat damage ..."; not "it's", which may be
    # "it has" or "it is" of a clause that qualifies the one before)
    r"(?:'ll|\u2019ll)? (?!(?:rest|remaining|remainder|excess)\b))"
    # twelfth round: a clause whose subject is a gerund ("..., and removing vigilance won't cause it to become
    # tapped") or that opens with its condition ("..., and if it loses vigilance, it won't become tapped")
    r"|, and (?=(?:[a-z]{3,}ing|if|once|when|even if|unless) (?!(?:rest|remaining|remainder|excess)\b))"
    # eighteenth round: ... after ", so" or ", but" too ("haste matters only as attackers are declared, so losing it
    # afterward doesn't remove ~ from combat")
    r"|, (?:so|but) (?=(?:[a-z]{3,}ing|if|once|when|even if|unless) (?!(?:rest|remaining|remainder|excess|nothing|something"
    r"|anything)\b))"
    # nineteenth round: ... and after a semicolon ("vigilance is checked only as attackers are declared; losing it
    # afterward doesn't tap the creature")
    r"|; (?!(?:nothing|something|anything|everything)\b)(?=(?:[a-z]{3,}ing|if|once|when|even if|unless) "
    r"(?!(?:rest|remaining|remainder|excess)\b))"
    # seventeenth round: advice after ", so" in the imperative ("..., so activate the ability before blockers are declared")
    r"|, so (?=(?:activate|cast|use) )"
    # seventeenth round: two cases set side by side (", while an instant card can be cast any time you have priority")
    r"|, while (?=(?:an?|the) (?:instant|sorcery|land|creature|noninstant|artifact|enchantment)\b)"
)


#: Thirteenth round: a clause of cause after the claim (", since a tapped creature can't pay a {T} cost", ",
#: because blocks aren't reevaluated"): a claim of its own, read as a sentence (both must be read).
_CAUSE_JOIN = re.compile(
    r",? (?:since|because) (?=(?:you|it|they|~|the|that|those|each|its|any|a|an|no|blocks?|blockers|creatures?|damage|lethal"
    r"|cards?|spells?|lands?|abilities|mana"
    # eighteenth round: the rule it follows from ("..., since whether it has vigilance matters only as ...")
    r"|whether|vigilance|haste|flying|reach|menace|trample|first strike|double strike) )"
    # nineteenth round: ", as" before a gerund subject (", as crewing a Vehicle is not tapping a creature for mana")
    r"|, as (?=(?!(?:nothing|something|anything|everything|long)\b)[a-z]{3,}ing )"
    # seventeenth round: ", as" before the rule it follows from (", as vigilance matters only as attackers are
    # declared"): a keyword or the rule's own subject opens it (not "as long as", not "as it attacks")
    r"|, as (?=(?:vigilance|flying|reach|menace|haste|trample|first strike|double strike|blocks?|blockers|blocking"
    r" restrictions|evasion abilities|lethal damage|timing|the timing|whether) )"
    # ... or a creature that already is what the rule settles (", as that creature has already been declared as an
    # attacker")
    r"|, as (?=(?:that creature|the creature|it|they|~) (?:has|have|had|is|was|were) already )"
)


def _clauses(sentence: str) -> tuple[str, ...]:
    """The clauses of a sentence joined at one or two :data:`_CLAUSE_JOIN` (each read as a sentence:
    all must be read for the sentence to be), or () when there is no such join or more than two;
    with no such join, the two at one :data:`_CAUSE_JOIN`. (Seventeenth round: two joins, "..., so a
    sorcery can be cast only ..., while an instant can be cast any time ...".)"""
    for join, most in ((_CLAUSE_JOIN, 2), (_CAUSE_JOIN, 1)):
        found = list(join.finditer(sentence))
        if 1 <= len(found) <= most:
            cuts = [0, *(j for m in found for j in (m.start(), m.end())), len(sentence)]
            parts = [sentence[cuts[i] : cuts[i + 1]].strip() for i in range(0, len(cuts), 2)]
            if not all(parts):
                return ()
            return tuple(p if p.endswith(".") else p + "." for p in parts[:-1]) + (parts[-1],)
        if found:
            return ()
    return ()


def _other_names(raw: str, cards: Iterable[str]) -> frozenset[str]:
    own = {n.lower() for card in cards for n in card_names(card)}
    text = _QUOTED.sub(" ", normalize(raw))
    return frozenset(n.lower() for n in _NAME.findall(text) if n.lower() not in own and len(n) > 2)


@lru_cache(maxsize=4096)
def _read_paragraph(
    raw: str, split: tuple[str, ...], names: tuple[str, ...], cards: tuple[CardData, ...]
) -> tuple[Sentence, ...]:
    others = _other_names(raw, names)
    carried: list[tuple[re.Pattern[str], str]] = []
    introduced: set[str] = set()
    out: list[Sentence] = []
    for sentence in split:
        readings: list[str] = []
        text = sentence
        for pattern, replacement in carried:
            text = pattern.sub(replacement, text)
        if text != sentence:
            readings.append(text)
        premise = _USED_PREMISE.sub("if you ", text)
        if premise != text:
            readings.append(premise)
        if out:
            joined = _true_even(out[-1].text, text)
            if joined is not None:
                readings.append(joined)
            elided = _so_does(out[-1].text, text)
            if elided is not None:
                readings.append(elided)
            text = _carried_by_pronoun(out[-1].text, text)
            if text != sentence:
                readings.append(text)
        own = _card_objects(text, cards)
        if own != text:
            readings.append(own)
            text = own
        again = _used_again(text, cards)
        if again is not None:
            readings.append(again)
        symbol = _symbol_reading(text, cards)
        if symbol is not None:
            readings.append(symbol)
        # twenty-second round: a condition said last, said first (rulings.normal_forms.condition_first); a creature named
        # with "that" where the frames name it with "the" ("if that creature blocking it is destroyed")
        first = condition_first(text)
        if first is not None:
            readings.append(first)
        the_creature = _THAT_CREATURE.sub("the creature", first or text)
        if the_creature not in (text, first):
            readings.append(the_creature)
        # ... the present said for the future or the reverse ("losing flying doesn't change that block" and "won't
        # change"), and a moment opened with "after" or "once" (the same time, 509.1h's "remains")
        opened = _other_opening(text)
        for other in (opened, _other_tense(text), _other_tense(opened) if opened else None):
            if other is not None:
                readings.append(other)
        examples = " ".join(part.text for part in out if part.example is not None)
        unmattered = _not_matter(text, examples, introduced) if introduced else None
        if unmattered is not None:
            readings.append(unmattered)
        describing = describes_card(sentence, cards)
        found = _COST_INCLUDES.match(sentence)
        if describing is not None and found is not None:
            symbol = found.group("symbol") or ("tap" if found.group("braced") == "{t}" else "untap")
            carried.append(
                (
                    re.compile(
                        r"\b(?:a creature's|~'s|its|the|that) " + re.escape(found.group("keyword")) + r" ability\b"
                    ),
                    f"a creature's activated ability with the {symbol} symbol in its activation cost",
                )
            )
        example = None
        named = {n for n in others if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", sentence)}
        if (
            NEGATION.search(sentence.lower())
            or _MATTERS.search(sentence.lower())
            or _OTHERS_CARD.search(sentence)
            or _MOMENT_NAMED.search(sentence.lower())
        ):
            # a negated sentence, one saying what matters, one giving the card to another player or (twenty-first
            # round) one naming its own moment of combat ("before blockers have been declared") is a claim
            pass
        elif _EXAMPLE_OPENING.match(sentence) and named:
            introduced |= named
            example = f"an example naming {', '.join(sorted(named))}"
        elif introduced and named & introduced and out and out[-1].example is not None:
            example = f"the example of {', '.join(sorted(named & introduced))} continued"
        out.append(Sentence(sentence, tuple(dict.fromkeys(readings)), describing, example, _clauses(text)))
    return tuple(out)


#: "that creature" before what names it ("that creature blocking it", "that creature you gained control of"), not
#: "that" as a relative pronoun after a noun ("the creature that creature blocks" is left as it is).
_THAT_CREATURE = re.compile(
    r"(?<!creature )(?<!creatures )(?<!attacker )(?<!blocker )(?<!card )(?<!permanent )(?<!one )(?<!~ )"
    r"\bthat creature\b(?! (?:is blocking|blocks|blocked)\b)"
)


#: Twenty-second round: a negated consequence in the present or the future, the same claim (a ruling's "won't" and
#: "doesn't" say what the rules make happen, not when).
_TENSE_VERBS = (
    r"(cause|causes|make|makes|let|lets|change|changes|affect|affects|remove|removes|untap|untaps|tap|taps|undo|undoes"
    r"|become|becomes|deal|deals|assign|assigns|stop|stops|prevent|prevents)"
)
_WILL_NOT = re.compile(rf"\b(?:won't|will not) {_TENSE_VERBS}\b")
_DOES_NOT = re.compile(rf"\b(?:doesn't|does not) {_TENSE_VERBS}\b")
_OPENING = re.compile(r"^(once|after) (?=[a-z~])")
#: The negation of each tense, contracted or not (as the sentence wrote it).
_NEGATED = {
    ("future", True): "won't",
    ("future", False): "will not",
    ("present", True): "doesn't",
    ("present", False): "does not",
}


def _other_tense(text: str) -> str | None:
    """``text`` with its negated consequences in the other tense ("doesn't change" for "won't change" or the reverse),
    or None when it has none, or has both."""
    future, present = _WILL_NOT.search(text), _DOES_NOT.search(text)
    if bool(future) == bool(present):
        return None
    pattern, tense = (_WILL_NOT, "present") if future else (_DOES_NOT, "future")
    return pattern.sub(lambda m: _NEGATED[tense, "'" in m.group(0)] + " " + m.group(1), text)


def _other_opening(text: str) -> str | None:
    """``text`` opened with "after" for "once" or the reverse, or None."""
    found = _OPENING.match(text)
    if found is None:
        return None
    return ("after " if found.group(1) == "once" else "once ") + text[found.end() :]


def read_paragraph(
    raw: str, split: Sequence[str], names: Iterable[str], cards: Iterable[CardData]
) -> tuple[Sentence, ...]:
    """The sentences of a ruling (``split``: its template form, split) with their extra readings and
    the reasons they may be set aside; ``raw`` is the ruling's text (the other cards' names are read
    from its capitals), ``names`` its cards' names and ``cards`` their data."""
    return _read_paragraph(raw, tuple(split), tuple(names), tuple(cards))
