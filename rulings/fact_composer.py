"""A combat fact read from its parts wherever the sentence puts them, when no whole-sentence frame of
:mod:`rulings.combat_facts` reads it.

The frames read a sentence only in the orders somebody wrote down ("if it gains flying after it is
blocked, it remains blocked"; "giving it flying after it is blocked won't change that"). A ruling
of another card says the same three parts in another order, or with a clause between them, and no
frame reads it. This reader takes the sentence apart instead: from left to right, the longest part
one of the sub-grammars reads at each place (the change, the moment, an event of combat, the
outcome, a blocker gone) and, between them, only words that claim nothing (a creature's noun
phrase, "if", "even", "and then", "that"). Any other word leaves the sentence unread, so a sentence
that says more than the fact (another player, a zone, "before", "unless", "only", a negation
outside the outcome) is never read as the fact.

The parts must also stand where their meaning puts them, because the same parts in other places
say another thing ("if it is still blocked after blockers are declared, it gains flying" is no
claim about a block after the change):

- the outcome is said in the main clause, never in an "if" / "even if" / "when" clause;
- the change is said in such a clause, or before the outcome in the main clause (as its subject:
  "giving it flying ...", "a creature that gains flying ...");
- the moment is one: a moment phrase ("after blockers are declared"), an event said before the
  change ("if it is blocked and then loses flying"), or a creature named by its moment ("a blocked
  creature"); two different moments leave the sentence unread.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Protocol

from rulings.claims import LEXICON
from rulings.combat_facts import (
    BLOCKER_GONE_FORMS,
    CHANGE_FORMS,
    CREATURE,
    EVENT_FORMS,
    IMPLIED_MOMENTS,
    MOMENT_FORMS_ALL,
    OTHER_BLOCKER_FORM,
    PREDICATE_FORM,
    Fact,
    fact_of_groups,
    moment_of_groups,
    moment_of_token,
    outcome_of_groups,
    prepared,
)
from rulings.meaning import tokens
from rulings.settled_facts import STATUSES, read_settled

#: A keyword said held or not held before the change, at the moment the change comes after or before it.
_PRIOR_FORM = (
    r"(?:npx|npm[abf]|it|they|~) (?P<prior_verb>did not have|does not have|do not have|did not already have|had|has|have"
    r"|already had|already has) (?P<prior_keyword>double strike|first strike|flying|reach|menace|vigilance|haste)"
    r"(?: (?:as|when) the first(?:-strike)? combat damage step began| (?:as|when) (?:it|they) attacked"
    r"| (?:as|when) (?:it was|they were) declared as (?:an )?attackers?| (?:as|when) blockers were declared)?"
)
_PRIOR_AND_EVENT = re.compile(
    r"\b(npx|it|~) ((?:had|has|already had) (?:double strike|first strike|flying|reach|menace|vigilance|haste))"
    r" and (dealt|has dealt|deals|assigned|has assigned|attacked|has attacked|was blocked|has been blocked)\b"
)
#: Each kind of part and its sub-grammar (a part is read where it starts, the longest first).
_PARTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    # each part ends where a word ends (so an alternative that stops inside a word gives way to one that
    # does not: "remains blocked by the creatures blocking it")
    (kind, re.compile(rf"(?:{form})(?=[ ,]|$)"))
    for kind, form in (
        ("change", CHANGE_FORMS),
        ("gone", BLOCKER_GONE_FORMS),
        ("moment", MOMENT_FORMS_ALL),
        ("event", EVENT_FORMS),
        ("outcome", PREDICATE_FORM),
        # twenty-fifth round: the blocker left when one of several went, as the subject of what follows ("the other
        # creature continues to block it"): read only just before the outcome of a blocker gone (:func:`_compose_parts`)
        ("other-blocker", OTHER_BLOCKER_FORM),
        # twenty-second round: the keyword the creature had, or had not, before the change ("if ~ didn't have first strike
        # as the first combat damage step began, ... even if it gains first strike after ..."): the state the change
        # starts from, which must be the one it changes (:func:`_prior_agrees`)
        ("prior", _PRIOR_FORM),
        # a creature's noun phrase of several words ("a blocking creature", "its blockers"): it claims nothing
        ("creature", CREATURE),
        # "during combat", "later in the combat": a time in combat, no moment of its own (the fact's moment
        # must come from elsewhere)
        (
            "in-combat",
            r"(?:during|later in|later during|in) (?:the |that |this )?combat(?: damage step)?|later that combat|this combat"
            # fourteenth round: before the regular combat damage step (a time in combat, no moment of its own)
            r"|before the (?:regular|second|normal) combat damage step",
        ),
        # "at that point", "then": the moment a sentence before named (the fact's moment must be that one)
        ("anaphor", r"at that point|at that time|at this point|by then|by that point"),
        # seventeenth round: the card aimed at the creature ("if ~ targets an attacking creature, that creature loses
        # haste but ..."): how the change the sentence says comes about, no claim of its own (a creature named by its
        # moment in it still names the moment)
        (
            "creature",
            r"~ (?:targets|enchants|equips|is attached to|becomes attached to|is cast on|is cast targeting)"
            r" (?:npx|npm[abf]|it|them)|you cast ~ (?:on|targeting) (?:npx|npm[abf]|it|them)",
        ),
        # nineteenth round: an attacker named as one that needed haste to attack ("an attacking creature that needed
        # haste to attack", ", even ones that could attack only because they had haste"): the creature the rule is
        # about, no claim of its own
        (
            "creature",
            # (the blocked creature named with how many blocked it: "npmb by only one creature", the moment its token
            # names)
            r"npmb by (?:only )?(?:one|a single|1|two|2|two or more|2 or more|multiple|more than one) (?:creatures?|npx)"
            # (the creature that gains first strike named as one that had neither as the first-strike damage was dealt:
            # the case the rule is about, 702.7c)
            # (the card's ability resolving, the moment said next: "~'s ability resolves after attackers have been declared,
            # so gaining vigilance won't untap it": how the change comes about)
            r"|~'s (?:triggered |activated )?abilit(?:y|ies) resolves?"
            # (twenty-third round: the creatures named by whether they are tapped, "attacking creatures that are tapped")
            r"|(?:npx|npm[abf]) (?:that|which) (?:is|are|was|were) (?:already )?(?:tapped|untapped)"
            r"|(?:if|provided|as long as) (?:it|that creature|npx) had neither first strike nor double strike"
            r"(?: when (?:that|the|its) (?:first-strike )?(?:combat )?damage was dealt| as the first-strike combat damage step"
            r" began| at that time| then)?"
            r"|(?:npx|npm[abf]|it|they|them|~) (?:that|which) (?:needed|needs|had to have|required) haste to attack"
            r"|,? even (?:ones|those|the ones|creatures|npx) (?:that|which) could (?:only )?attack (?:only )?because"
            r" (?:they|it) had haste",
        ),
    )
)
#: A creature's noun phrase as the frames write it (a token, a pronoun, the card).
_CREATURE = re.compile(r"(?:npx|npm[abf]|it|they|them|~)$")
#: Words that open a clause the outcome is not in.
_SUBORDINATE = ("if", "when", "whenever", "once", "though", "although")
#: Words between the parts that claim nothing (a subordinator, "even", "and then", a relative "that").
_INERT = frozenset(
    {
        *_SUBORDINATE,
        *("even", "and", "then", "so", "that", "which", ",", "but"),
        # sixteenth round: the change as the subject of what follows from it ("losing double strike means it won't
        # deal ...", "gaining double strike lets it deal combat damage again"): a consequence, no claim of its own
        *("means", "lets", "allows"),
    }
)
#: Determiners of a creature's noun phrase the tokens leave ("each other npmb", "both of npx").
_DETERMINERS = frozenset(
    # (seventeenth round: a possessive among them, "each of your attacking creatures")
    {"a", "an", "the", "each", "other", "all", "both", "of", "those", "these", "your", "their", "any", "every"}
)


#: The claim reader's filler phrases (``[filler]`` of its lexicon: articles, copulas, pronouns,
#: connectives, emphasis, the generic nouns of every ruling), stemmed: words that carry no claim, so
#: they may stand between the parts. Not the ones that join alternatives or replace what follows
#: ("or", "either", "instead"), and not a preposition or a word of cause, which brings in another
#: participant ("blocked by a creature and then that creature gains flying": the blocker changes) or
#: another time ("during"), whose words would change the fact.
_NOT_INERT = frozenset(
    tokens(
        "or nor either neither instead one by with from into onto to for of in on during because including cause"
        # (fifteenth round: "while" and "as long as" open a condition, which the fact does not have)
        " causes due whether while long"
    )
)
_FILLER = frozenset(
    phrase
    for phrase, (kind, _) in LEXICON.phrases.items()
    if kind == "filler" and not set(phrase) & _NOT_INERT and phrase != ("'s",)
)
_FILLER_LONGEST = max(len(phrase) for phrase in _FILLER)


def _filler_at(words: list[tuple[int, str]], i: int) -> int:
    """How many words from ``i`` on a filler phrase of the lexicon covers (0: none)."""
    for size in range(min(_FILLER_LONGEST, len(words) - i), 0, -1):
        if any(w == "," for _, w in words[i : i + size]):
            continue
        if tokens(" ".join(w for _, w in words[i : i + size])) in _FILLER:
            return size
    return 0


def _determiner_at(words: list[tuple[int, str]], i: int) -> bool:
    """Whether the word at ``i`` is a determiner of the creature named next ("each other npmb")."""
    j = i
    while j < len(words) and words[j][1] in _DETERMINERS:
        j += 1
    return j > i and j < len(words) and _CREATURE.match(words[j][1]) is not None


def _words(text: str) -> list[tuple[int, str]]:
    """(start, word) of each word and comma of ``text``."""
    return [(m.start(), m.group(0)) for m in re.finditer(r",|[^\s,]+", text)]


Part = tuple[str, re.Match[str], str]


def parts_with(text: str, extra: tuple[tuple[str, re.Pattern[str]], ...]) -> list[Part] | None:
    """:func:`_parts` with more kinds of part (another family's outcome: trample's "all its damage to
    the player"), read before the combat facts' own."""
    return _parts(text, extra + _PARTS)


def _parts(text: str, forms: tuple[tuple[str, re.Pattern[str]], ...] = _PARTS) -> list[Part] | None:
    """The parts of ``text``, left to right, each with the word that opens the subordinate clause it
    stands in ("if", "even if", ...; "" in the main clause); None if a word between them claims
    something."""
    out: list[Part] = []
    subordinate = ""
    words = _words(text)
    i = 0
    while i < len(words):
        start, word = words[i]
        best: tuple[str, re.Match[str]] | None = None
        for kind, pattern in forms:
            found = pattern.match(text, start)
            if found is None or found.end() == start:
                continue
            end = found.end()
            if kind == "event" and not subordinate:
                continue  # an event is a moment only in an "if" / "once" clause; in the main clause, what follows
            if best is None or end > best[1].end():
                best = (kind, found)
        if best is not None:
            if best[0] not in ("creature", "in-combat"):
                # "... become tapped or stop attacking": an outcome joined by "or" to a negated one is
                # negated too (not A and not B)
                before = [w for _, w in words[max(0, i - 2) : i]]
                joined = before[-1:] == ["or"] or before == ["or", "to"]
                after_or = joined and bool(out) and out[-1][0] == "outcome"
                out.append(("or-outcome" if after_or and best[0] == "outcome" else best[0], best[1], subordinate))
            i = next((j for j, (s, _) in enumerate(words) if s >= best[1].end()), len(words))
            continue
        if word in _SUBORDINATE:
            subordinate = f"even {word}" if i and words[i - 1][1] == "even" else word
        elif word == ",":
            subordinate = ""
        elif word == "or" and out and out[-1][0] == "outcome":
            pass  # read with the outcome after it
        elif word == "to" and i and words[i - 1][1] == "or" and out and out[-1][0] == "outcome":
            pass  # "won't cause it to untap or to leave combat": the outcome after it, under the same verb
        elif word not in _INERT and not _CREATURE.match(word) and not _determiner_at(words, i):
            covered = _filler_at(words, i)
            if not covered:
                return None
            i += covered
            continue
        i += 1
    return out


@lru_cache(maxsize=8192)
def compose_fact(sentence: str, context: str | None = None) -> tuple[Fact, frozenset[tuple[str, bool]]] | None:
    """The fact ``sentence`` states, read from its parts (see the module docstring), with any further
    outcome it joins to the first ("it stays tapped and continues to attack"); None if its parts do
    not make one fact. ``context``: the moment of combat the sentences before it in its paragraph
    named ("Once blockers are declared, ... . If it then loses flying, it remains blocked."), the
    change's moment when the sentence names none."""
    for text in dict.fromkeys((prepared(sentence), prepared(sentence, normal=False))):
        found = _compose(text, context)
        if found is not None:
            return found
    return None


_MOMENT_SEARCH = re.compile(rf"(?:{MOMENT_FORMS_ALL})(?=[ ,]|$)")


@lru_cache(maxsize=8192)
def moments_said(sentence: str) -> frozenset[str]:
    """The moments of combat a sentence names: a moment phrase ("after blockers are declared", "once
    it has attacked") or a creature named by its moment ("a blocked creature")."""
    text = prepared(sentence)
    out = {m for found in _MOMENT_SEARCH.finditer(text) if (m := moment_of_groups(found.groupdict()))}
    out |= {moment_of_token(token) for token in re.findall(r"\bnpm[abf]\b", text)}
    settled = read_settled(sentence)
    if settled is not None:
        out.add(STATUSES[settled.status][0])  # "... matters only as blockers are declared"
    return frozenset(out)


#: Sixteenth round: a blocked creature named with its blocker ("a creature with flying that's blocked by a creature
#: without flying or reach"; seventeenth round: "an attacking creature blocked by a creature without flying"): the
#: blocker narrows which blocked creature, no claim of its own ...
_BLOCKED_BY = re.compile(r"\b(?:npmb|npma blocked|npx blocked) by (?:npx|npm[abf]|~)(?= |,|$)")
#: ... unless the sentence speaks of the blocker again (its change, not the blocked creature's, would follow).
_BLOCKER_AGAIN = re.compile(
    r"\b(?:that creature|the blocker|the blocking creature|the other creature|those creatures)\b"
)


#: Seventeenth round: the block that stands named by its blocker ("it remains blocked by that creature"): the block.
_STAYS_BLOCKED_BY = re.compile(
    r"\b((?:remains?|stays?|is still|continues? to be) blocked) by (?:that creature|the blocker|the blocking creature"
    r"|that blocker|npx|~"
    # eighteenth round: a block by several, named again ("remains blocked by both of them")
    r"|(?:all|both|each) of them|all of those creatures|both of those creatures)(?= |,|$)"
)
#: ... and the block an event names by its blocker ("once it has been blocked by a creature, ..."): the block.
_EVENT_BLOCKED_BY = re.compile(
    r"\b((?:has been|is|was|becomes|became|had been|gets|got) blocked) by (?:npx|npm[abf])(?= |,|$)"
)


#: ... unless a creature other than the blocked one (a noun phrase or the card, not "it") changes afterwards: the
#: blocker named may be the one that changes ("if it is blocked by a creature and then that creature gains flying").
_ANOTHER_CHANGES = re.compile(
    r"\bblocked by (?:npx|npm[abf]|~)(?![\w~]).*(?:\bnpx|\bnpm[abf]|(?<![\w~])~) (?:then )?(?:gains|loses|gain|lose|no longer has)\b"
    # ("blocked by a creature and then it gains flying": "it" may be the blocker)
    r"|\bblocked by (?:npx|npm[abf]|~)(?![\w~]),? and (?:then )?"
)


#: ... or a change made to "it", which may be the blocker named just before ("if ~ is blocked by a creature with flying,
#: causing it to lose flying ...").
_PRONOUN_CHANGED = re.compile(r"\b(?:causing|giving|making|having|granting) it\b|\bfrom it\b")


def _compose(text: str, context: str | None = None) -> tuple[Fact, frozenset[tuple[str, bool]]] | None:
    text = _STAYS_BLOCKED_BY.sub(r"\1", text)
    blocker_named_again = bool(_BLOCKER_AGAIN.search(text) or _ANOTHER_CHANGES.search(text))
    if _BLOCKED_BY.search(text) and not blocker_named_again:
        text = _BLOCKED_BY.sub("npmb", text)
    if _EVENT_BLOCKED_BY.search(text) and not blocker_named_again and not _PRONOUN_CHANGED.search(text):
        text = _EVENT_BLOCKED_BY.sub(r"\1", text)
    # the creature's keyword and what it did, one subject for both ("if it had first strike and dealt combat damage in
    # the first combat damage step"): the event said with its subject
    text = _PRIOR_AND_EVENT.sub(r"\1 \2 and \1 \3", text)
    parts = _parts(text)
    if not parts:
        return None
    read = _negated_disjunctions(parts)
    if read is None:
        return None
    return _compose_parts(text, read, context)


def _compose_parts(
    text: str, parts: list[tuple[str, _Groups, str]], context: str | None
) -> tuple[Fact, frozenset[tuple[str, bool]]] | None:
    """The fact of the parts (see :func:`compose_fact`)."""
    anaphor = any(kind == "anaphor" for kind, _, _ in parts)
    priors = [p[1] for p in parts if p[0] == "prior"]
    parts = [p for p in parts if p[0] not in ("anaphor", "prior")]
    changes = [(n, p) for n, p in enumerate(parts) if p[0] in ("change", "gone")]
    outcomes = [(n, p) for n, p in enumerate(parts) if p[0] == "outcome"]
    if len({_said(p[1]) for _, p in changes}) != 1 or not outcomes:
        return None  # one change (said again in a relative clause: "each creature that loses menace")
    at, change = changes[0]
    if any(sub for _, (_, _, sub) in outcomes):
        return None  # an outcome in an "if" clause is a condition, not what follows
    if not change[2] and at > outcomes[0][0]:
        return None  # a change in the main clause comes before what follows from it
    groups: dict[str, str | None] = {}
    moments = []
    places = []
    for n, (kind, found, _) in enumerate(parts):
        if kind == "moment":
            moments.append(found)
            places.append(n)
        if kind == "event":
            if n > at:
                return None  # an event after the change is no moment the change came after
            moments.append(found)
            places.append(n)
    if len(moments) > 1:
        # twenty-third round: the same moment said twice before what follows ("if it is blocked by a creature with flying,
        # casting ~ after blockers are declared ..."): one moment; two different moments, or a second one said after the
        # outcome (the time of what follows: "... won't deal damage during the first-strike combat damage step"), leave
        # the sentence unread
        named_moments = {moment_of_groups(found.groupdict()) for found in moments}
        if len(named_moments) != 1 or None in named_moments or max(places) > outcomes[0][0]:
            return None
        moments = moments[:1]
    others = [n for n, (kind, _, _) in enumerate(parts) if kind == "other-blocker"]
    if others and (others != [outcomes[0][0] - 1] or parts[others[0]][2] or change[0] != "gone"):
        return None  # the blocker left is the subject of the first outcome, in the main clause, after a blocker gone
    for _, found, _ in (changes[0][1], *(p for _, p in outcomes[:1]), *(parts[n] for n in others)):
        groups.update({k: v for k, v in found.groupdict().items() if v is not None})
    for found in moments:
        groups.update({k: v for k, v in found.groupdict().items() if v is not None})
    if not moments:
        tokens = set(re.findall(r"\bnpm[abf]\b", text))
        if len(tokens) > 1:
            return None
        if tokens:
            groups["np_moment"] = tokens.pop()
        elif change[2] in ("", "even if", "even though", "once", "when"):
            # no moment said: the one an outcome's state names (a creature is attacking only once
            # attackers are declared, blocked once blockers are), as the frames read it: for a change
            # said as the subject ("losing vigilance doesn't ...") or as what does not matter ("... even
            # if it loses flying") or as what has happened ("once it loses haste, ..."), not for "if it
            # gains menace, ..." (a sentence before may have named its moment)
            implied = [_implied(found) for _, (_, found, _) in outcomes]
            named = {m for m in implied if m}
            if len(named) > 1:
                return None
            if named:
                groups.update(_moment_groups(named.pop()))
        said = groups.get("np_moment") or any(k.startswith(("m_", "e_")) and v for k, v in groups.items())
        if context is not None and not said:
            # eleventh round: the moment the paragraph named before this sentence
            groups.update(_moment_groups(context))
    fact = fact_of_groups(groups)
    if fact is None:
        return None
    if anaphor and fact.moment != context:
        return None  # "at that point" names the moment said before: no other
    if not all(_prior_agrees(prior, fact) for prior in priors):
        return None
    more = set()
    for _, (_, found, _) in outcomes[1:]:
        extra = fact_of_groups({**groups, **_only_outcome(found)})
        if extra is None:
            return None
        more.add((extra.outcome, extra.holds))
    return fact, frozenset(more)


def _prior_agrees(prior: _Groups, fact: Fact) -> bool:
    """Whether the keyword state said before the change is the one the change starts from: the keyword the fact
    changes, held before it is lost, not held before it is gained."""
    groups = prior.groupdict()
    had = not (groups.get("prior_verb") or "").startswith(("did not", "does not", "do not"))
    return (
        groups.get("prior_keyword") == fact.keyword
        and fact.change in ("gained", "lost")
        and had == (fact.change == "lost")
    )


#: Words that put an event after the change said before ("The creature loses haste. If it then attacks,
#: ..."): the event is no moment the change came after.
_AFTERWARDS = re.compile(r"\b(?:then|later|afterward|afterwards|next|again)\b")


@lru_cache(maxsize=8192)
def compose_after_change(
    sentence: str, before: str, context: str | None = None
) -> tuple[Fact, frozenset[tuple[str, bool]]] | None:
    """The fact of a sentence that says what follows ("If it had attacked, it continues to attack.")
    from the change the sentence before it said alone ("If the Equipment leaves the battlefield, the
    creature loses haste."): that sentence's change (and moment), this one's outcome and moment;
    None if the sentence before says an outcome too, or this one a change of its own."""
    for text in dict.fromkeys((prepared(sentence), prepared(sentence, normal=False))):
        parts = _parts(text)
        if not parts or any(kind in ("change", "gone") for kind, _, _ in parts) or _AFTERWARDS.search(text):
            continue
        for said in dict.fromkeys((prepared(before), prepared(before, normal=False))):
            earlier = _parts(said)
            if not earlier or any(kind in ("outcome", "or-outcome", "event") for kind, _, _ in earlier):
                continue
            changes = [found for kind, found, _ in earlier if kind in ("change", "gone")]
            if len({_said(found) for found in changes}) != 1:
                continue
            # the change (and its moment) as an "if" clause after this sentence's parts: what happened
            # before what this sentence says follows
            carried = [(kind, found, "if") for kind, found, _ in earlier if kind in ("change", "gone", "moment")]
            read = _negated_disjunctions([*parts, *carried])
            found = None if read is None else _compose_parts(f"{text} {said}", read, context)
            if found is not None:
                return found
    return None


_NEGATIONS = ("neg", "neg2", "neg3", "neg4")


class _Groups(Protocol):
    """A part's named groups (a match, or an outcome read under another's negation)."""

    def groupdict(self) -> dict[str, str | None]: ...


def _negated_disjunctions(parts: list[tuple[str, re.Match[str], str]]) -> list[tuple[str, _Groups, str]] | None:
    """The parts with each outcome joined by "or" to a negated outcome read as negated too ("won't
    cause it to become tapped or stop attacking": it does not stop attacking); None for an "or" after
    an outcome that is not negated (a disjunction claims neither outcome)."""
    out: list[tuple[str, _Groups, str]] = []
    for kind, found, sub in parts:
        if kind != "or-outcome":
            out.append((kind, found, sub))
            continue
        before = out[-1][1].groupdict() if out else {}
        own = found.groupdict()
        if not any(before.get(g) for g in _NEGATIONS) or any(own.get(g) for g in _NEGATIONS):
            return None
        out.append(("outcome", _Negated(found), sub))
    return out


class _Negated:
    """An outcome part read under the negation of the outcome it is joined to."""

    def __init__(self, found: re.Match[str]) -> None:
        self._groups = {**found.groupdict(), "neg": "not "}

    def groupdict(self) -> dict[str, str | None]:
        return dict(self._groups)


def _implied(found: _Groups) -> str | None:
    """The moment an outcome part's state names, if any."""
    outcome = outcome_of_groups(found.groupdict())
    return None if outcome is None else IMPLIED_MOMENTS.get(outcome[0])


def _moment_groups(moment: str) -> dict[str, str | None]:
    return {f"m_{moment.replace('-', '_')}": moment}


def read_outcomes(sentence: str) -> tuple[tuple[tuple[str, bool], ...], str | None] | None:
    """The outcomes a sentence states with no change ("An attacking creature that was blocked is still
    blocked, and a creature that's blocking continues to block."), and the moment it names, if any (a
    moment phrase, or an "if" / "once" clause's event); None if it says anything more."""
    for text in dict.fromkeys((prepared(sentence), prepared(sentence, normal=False))):
        # (eighteenth round: "it remains blocked by ~", the block named by its blocker, as in a fact)
        parts = _parts(_STAYS_BLOCKED_BY.sub(r"\1", text))
        if not parts or any(kind in ("change", "gone") for kind, _, _ in parts):
            continue
        outcomes = [found for kind, found, sub in parts if kind == "outcome" and not sub]
        moments = [found for kind, found, _ in parts if kind in ("moment", "event")]
        if len(outcomes) + len(moments) != len(parts) or not outcomes or len(moments) > 1:
            continue
        said = [outcome_of_groups(found.groupdict()) for found in outcomes]
        if any(o is None for o in said):
            continue
        moment = moment_of_groups(moments[0].groupdict()) if moments else None
        return tuple(o for o in said if o is not None), moment
    return None


def _said(found: _Groups) -> tuple[tuple[str, str], ...]:
    """What a change part says, whatever its words: its named groups that matched, keywords kept."""
    return tuple(sorted((k.rstrip("0123456789"), v if k[0] == "k" else "") for k, v in found.groupdict().items() if v))


def _only_outcome(found: _Groups) -> dict[str, str | None]:
    """The groups of a further outcome, in place of the first outcome's (every outcome group reset)."""
    return {k: v for k, v in found.groupdict().items()}


#: Eighteenth round: words that, outside the outcomes an example states, make it a claim of its own (a restriction, a
#: negation, another time or an exception).
_EXAMPLE_RESTRICTS = frozenset(
    {"only", "unless", "except", "instead", "not", "no", "never", "cannot", "but", "however", "before", "until", "or"}
)
_OUTCOME_PART = next(pattern for kind, pattern in _PARTS if kind == "outcome")


@lru_cache(maxsize=4096)
def example_outcomes(sentence: str) -> tuple[frozenset[tuple[str, bool]], frozenset[str]] | None:
    """What an example of the card's own ("For example, if ~ ..., it remains blocked.") says: the outcomes it states
    and the moments it names; None if it is no example, states no outcome, or says anything outside its outcomes that
    restricts or negates (the caller judges whether the outcomes are the claim's own)."""
    if not sentence.lower().lstrip().startswith("for example,"):
        return None
    for text in dict.fromkeys((prepared(sentence), prepared(sentence, normal=False))):
        spans = [
            found for found in _OUTCOME_PART.finditer(text) if found.start() == 0 or text[found.start() - 1] in " ,"
        ]
        said = {outcome_of_groups(found.groupdict()) for found in spans}
        if not spans or None in said:
            continue
        rest = text
        for found in reversed(spans):
            rest = rest[: found.start()] + " " + rest[found.end() :]
        # ("your only artifact": "only" as a determiner restricts nothing)
        rest = re.sub(r"\b(?:your|the|its|their|that player's|an opponent's) only\b", " ", rest)
        if _EXAMPLE_RESTRICTS & set(re.findall(r"[a-z]+", rest)):
            continue
        return frozenset(o for o in said if o is not None), moments_said(sentence)
    return None
