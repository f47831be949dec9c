"""Typed claims: what a ruling's sentence says, as a record, read by meaning rather than wording.

A :class:`Claim` has seven fields (subject, modality, action, object, condition, timing, zone).
Each field holds a set of *concepts* (written ``a+b``, sorted), so the same rule stated in
another frame ("X can be activated only after Y" / "you can't activate X until Y" / "only after
Y can you activate X") is the same record.

The reader is a frame matcher over the lexicon ``rulings/lexicon.toml``: the sentence's stemmed
tokens (:mod:`rulings.meaning`) are covered, longest phrase first, by phrases that each name a
concept of one field, a modal marker, or a filler word that carries no meaning. A sentence
*parses* when every token is covered; a word the lexicon does not know leaves it unparsed (never
guessed: a wrong claim is worse than none). The modality is computed from the markers: "can",
"cannot", "only" ("only", or "cannot ... unless"), "not-only", "must", "not" (a negated fact)
or "is"; negations are counted per clause, and a sentence with more than one negated clause says
how many ("cannot*2"), so one more negation always changes the claim.

Invariant families declare the claims their templates check (``claims.<statement>`` in
``rulings/wordings/*.toml``); a declared field may name a template slot (``{symbol}``), bound by
the concept the sentence gives, and a concept marked ``?`` (``exiled-card?``) may be left implied
by a pronoun ("you may play it this turn").
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from functools import cached_property, lru_cache
from pathlib import Path

from rulings.meaning import tokens
from rulings.noun_phrases import narrowing_positions, without
from rulings.subtypes import creature_type_stems, land_type_stems

#: The fields of a claim record, in the order a claim is shown.
CLAIM_FIELDS = ("subject", "modality", "action", "object", "condition", "timing", "zone", "roles")
#: The concept fields the lexicon names (the modality is computed from markers).
CONCEPT_FIELDS = ("subject", "action", "object", "condition", "timing", "zone")
MODALITIES = ("is", "not", "can", "cannot", "only", "not-only", "must")
#: The sides of the action a concept can stand on (:func:`_roles`).
ROLES = ("agent", "patient")
#: The fields whose concepts have a role: the things that act or are acted on and what they have.
ROLE_FIELDS = ("subject", "object", "condition")
#: Stemmed copulas: before an action, they make it passive ("can't be blocked by ...").
_COPULAS = frozenset({"be", "is", "are", "was", "were", "been", "being"})

LEXICON_FILE = Path(__file__).with_name("lexicon.toml")


class ClaimError(ValueError):
    """A claim record or a lexicon entry is malformed; the message names where and why."""


@dataclass(frozen=True)
class Claim:
    """One claim a sentence makes. Each field is a set of concepts joined by ``+`` (sorted), or
    empty. The subject "you" is the default actor: a passive sentence ("can be activated") and
    an active one ("you can activate") are the same claim."""

    subject: str = "you"
    modality: str = "is"
    action: str = ""
    object: str = ""
    condition: str = ""
    timing: str = ""
    zone: str = ""
    #: Who does what to whom: ``agent:<concept>`` and ``patient:<concept>`` for the subject, object
    #: and condition concepts on each side of the action (:func:`_roles`). A declared claim without
    #: roles does not compare them (the families declared before roles were read); one with roles
    #: must match them, so "a creature with flying can't be blocked except by creatures with reach"
    #: and its reverse are different claims.
    roles: str = ""

    def describe(self) -> str:
        """The record in one line: ``field=value`` for each non-empty field."""
        return ", ".join(f"{name}={getattr(self, name)}" for name in CLAIM_FIELDS if getattr(self, name))

    def concepts(self, name: str) -> frozenset[str]:
        value: str = getattr(self, name)
        return frozenset(v for v in value.split("+") if v)


def _joined(values: Iterable[str]) -> str:
    return "+".join(sorted(set(values)))


def claim_from_record(record: object, where: str) -> Claim:
    """A claim from a TOML table (``{action = "activate", modality = "only", ...}``), checked:
    known fields only, string values, a known modality. Concept lists may be given as a list or
    as ``a+b``; they are stored sorted."""
    if not isinstance(record, dict):
        raise ClaimError(f"{where}: a claim must be a table of fields ({', '.join(CLAIM_FIELDS)})")
    unknown = sorted(set(record) - set(CLAIM_FIELDS))
    if unknown:
        raise ClaimError(f"{where}: unknown claim field(s) {unknown} (known: {', '.join(CLAIM_FIELDS)})")
    values: dict[str, str] = {}
    for name, value in record.items():
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = "+".join(value)
        if not isinstance(value, str):
            raise ClaimError(f"{where}: claim field {name!r} must be a string or a list of strings")
        values[name] = value if name == "modality" else _joined(v.strip() for v in value.split("+") if v.strip())
    for role in values.get("roles", "").split("+") if values.get("roles") else ():
        if role.split(":", 1)[0] not in ROLES or ":" not in role:
            raise ClaimError(f"{where}: role {role!r} must be written <role>:<concept>, role one of {', '.join(ROLES)}")
    modality = values.get("modality", "is")
    if modality.split("*", 1)[0] not in MODALITIES or not re.fullmatch(r"[a-z-]+(?:\*[2-9])?", modality):
        raise ClaimError(f"{where}: modality {modality!r} is not one of {', '.join(MODALITIES)}")
    if not values.get("action"):
        raise ClaimError(f"{where}: a claim needs an action")
    values.setdefault("subject", "you")
    return Claim(**values)


@dataclass(frozen=True)
class Lexicon:
    """Phrases (stemmed token tuples) -> what they mean: ``(field, concept)``, a modal marker
    ``("modality", marker)``, or a filler ``("filler", "")``."""

    phrases: Mapping[tuple[str, ...], tuple[str, str]]
    longest: int

    @cached_property
    def words(self) -> frozenset[str]:
        """Every word some phrase of the lexicon uses."""
        return frozenset(word for phrase in self.phrases for word in phrase)

    def concepts(self) -> dict[str, set[str]]:
        """field -> every concept the lexicon can give it (for checking declared claims)."""
        out: dict[str, set[str]] = {name: set() for name in CONCEPT_FIELDS}
        for kind, concept in self.phrases.values():
            if kind in out:
                out[kind].add(concept)
        return out


_MARKERS = ("can", "cannot", "not", "only", "must", "unless", "until")


def load_lexicon(path: Path = LEXICON_FILE) -> Lexicon:
    """The lexicon file: ``[filler] words = [...]``, ``[modality] <marker> = [phrases]`` (markers
    can, cannot, not, only, must, unless, until), and ``[<field>] <concept> = [phrases]`` for the concept
    fields. A phrase may have one meaning only."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ClaimError(f"{path.name}: not valid TOML: {exc}") from None
    phrases: dict[tuple[str, ...], tuple[str, str]] = {}

    def add(phrase: str, meaning: tuple[str, str], at: str) -> None:
        key = tokens(phrase.lower())
        if not key:
            raise ClaimError(f"{path.name}: {at}: phrase {phrase!r} has no words")
        if key in phrases and phrases[key] != meaning:
            raise ClaimError(f"{path.name}: {at}: phrase {phrase!r} already means {phrases[key]}")
        phrases[key] = meaning

    for section, table in data.items():
        if not isinstance(table, dict):
            raise ClaimError(f"{path.name}: [{section}] must be a table")
        if section == "filler":
            for word in table.get("words", []):
                add(word, ("filler", ""), "[filler]")
            continue
        if section == "modality":
            for marker, listed in table.items():
                if marker not in _MARKERS:
                    raise ClaimError(f"{path.name}: [modality] unknown marker {marker!r} (known: {_MARKERS})")
                for phrase in listed:
                    add(phrase, ("modality", marker), f"[modality] {marker}")
            continue
        if section not in CONCEPT_FIELDS:
            raise ClaimError(f"{path.name}: unknown table [{section}] (fields: {', '.join(CONCEPT_FIELDS)})")
        for concept, listed in table.items():
            if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
                raise ClaimError(f"{path.name}: [{section}] {concept}: must be a list of phrases")
            for phrase in listed:
                add(phrase, (section, concept), f"[{section}] {concept}")
    return Lexicon(phrases, max(len(k) for k in phrases))


def merge_lexicons(*lexicons: Lexicon, names: tuple[str, ...] = ()) -> Lexicon:
    """One lexicon of several (the shared file and the family files ``lexicon-<family>.toml``): a
    phrase given in two of them must mean the same in both."""
    phrases: dict[tuple[str, ...], tuple[str, str]] = {}
    for n, lexicon in enumerate(lexicons):
        for key, meaning in lexicon.phrases.items():
            if key in phrases and phrases[key] != meaning:
                where = names[n] if n < len(names) else f"lexicon {n + 1}"
                raise ClaimError(f"{where}: phrase {' '.join(key)!r} already means {phrases[key]}")
            phrases[key] = meaning
    return Lexicon(phrases, max(len(k) for k in phrases))


#: The lexicons of families, beside the shared one (``rulings/lexicon-combat.toml``, ...): each
#: family's phrases in its own file.
FAMILY_LEXICON_FILES = tuple(sorted(LEXICON_FILE.parent.glob("lexicon-*.toml")))
LEXICON = merge_lexicons(
    load_lexicon(),
    *(load_lexicon(p) for p in FAMILY_LEXICON_FILES),
    names=(LEXICON_FILE.name, *(p.name for p in FAMILY_LEXICON_FILES)),
)


@dataclass(frozen=True)
class Parse:
    """How the reader read one sentence: the claim its covered phrases make, and the words it
    could not read (the sentence parses when there are none)."""

    claim: Claim
    unread: tuple[str, ...]
    #: The same claim with its roles read clause by clause, when that differs (:func:`_roles_by_clause`).
    by_clause: Claim | None = None

    @property
    def complete(self) -> bool:
        return not self.unread and bool(self.claim.action)


#: Single words that end a clause (negations are counted per clause).
_CLAUSE_ENDS = frozenset({",", ";", ":", "and", "or", "but"})


def _modality(markers: list[str], negated_clauses: int = 0) -> str:
    """The modality of a sentence's markers. Negations are counted per clause: a clause with an
    odd number of them is negated, and two negated clauses ("doesn't use the stack and can't be
    responded to") do not cancel into a positive claim; the modality names how many clauses are
    negated when more than one is ("cannot*2"), so a further negation always changes the claim.
    "cannot ... unless" is "only"."""
    negated = negated_clauses > 0
    can = "can" in markers or "cannot" in markers
    base = _base_modality(markers, negated, can)
    return f"{base}*{negated_clauses}" if negated_clauses > 1 else base


def _conditional_modality(words: tuple[str, ...], markers: list[str], clause_negations: list[int]) -> str:
    """The modality, with one frame read as what it means: a negated condition before a negated
    permission ("if a creature hasn't been under your control since ..., you can't activate
    that ability") is the permission's only condition ("you can activate it only if it has
    been"), the contrapositive. Only when the sentence opens with "if", its first clause is
    negated, a later clause says "cannot" and no "only" is said; the two negations it takes are
    no longer counted, so one more negation still changes the claim."""
    negated = [n % 2 for n in clause_negations]
    conditional = words[:1] == ("if",) and bool(negated[0])
    # the consequent is the clause right after the condition, and no other clause is negated
    consequent = len(negated) > 1 and bool(negated[1]) and sum(negated) == 2
    if conditional and consequent and "cannot" in markers and "only" not in markers:
        rest = sum(negated) - 2
        return f"only*{rest}" if rest > 1 else "only"
    if conditional and not any(negated[1:]):
        # "if not C, you can A unless D": the negation is the condition's, so "unless" does not
        # make the permission an "only" ("you can't A unless D" does)
        if "can" in markers and not {"cannot", "only", "must", "unless", "until"} & set(markers):
            # "if you don't, you can cast it later": a permission under a negated condition is no
            # refused permission ("you can't cast it later"); a modality of its own, which no family
            # declares (sixth round)
            return "can-if-not"
        return _modality([m for m in markers if m not in ("unless", "until")], sum(negated))
    return _modality(markers, sum(negated))


def _base_modality(markers: list[str], negated: bool, can: bool) -> str:
    """The modality before the count of negated clauses: "only" and "must" first, then "can"."""
    if "only" in markers and "until" in markers and not negated:
        # twenty-second round: "it can be played until your main phase, and only if ..." says a window up to a time (not
        # "only once" that time, which the negation says: "can't ... until"): a modality of its own, which no family
        # declares
        return "only-until"
    if "only" in markers:
        return "not-only" if negated else "only"
    if ("unless" in markers or "until" in markers) and negated:
        return "only"
    if "unless" in markers:
        # eighteenth round: "it stays blocked unless all its blockers are removed" says the claim fails under the
        # condition, the opposite of "... if they are removed": a modality of its own, which no family declares
        return f"{'must' if 'must' in markers else 'can' if can else 'is'}-unless"
    if "must" in markers:
        # nineteenth round: "doesn't have to" / "isn't required to" releases an obligation; it forbids nothing
        # ("you don't have to assign it to the player" is no "you can't"): a modality of its own, which no family declares
        return "need-not" if negated else "must"
    if can:
        return "cannot" if negated else "can"
    return "not" if negated else "is"


def parse(text: str, lexicon: Lexicon | None = None) -> Parse:
    """Read one sentence (template form, asides set aside) into a claim (see the module
    docstring). ``unless`` also marks a condition: its concepts are read like the others'."""
    return _parse_shipped(text) if lexicon is None else _parse(text, lexicon)


@lru_cache(maxsize=16384)
def _parse_shipped(text: str) -> Parse:
    """:func:`parse` with the shipped lexicon, remembered (one sentence is read by every template)."""
    return _parse(text, LEXICON)


def _types_as_creature(words: tuple[str, ...], lexicon: Lexicon) -> tuple[str, ...]:
    """``words`` with each creature type the lexicon has no phrase for read as "creature", and each
    land type as "land" (:mod:`rulings.subtypes`): the rule holds for any creature or land, the
    type says which ones the card reaches."""
    known = lexicon.words
    types = creature_type_stems()
    lands = land_type_stems()
    return tuple(w if w in known else _CREATURE if w in types else _LAND if w in lands else w for w in words)


_CREATURE = tokens("creature")[0]
_LAND = tokens("land")[0]


def _parse(text: str, lexicon: Lexicon) -> Parse:
    """Cover the sentence's words with the lexicon's phrases (see the module docstring); a sentence
    left with unread words that only narrow a creature noun phrase ("another red creature", "the
    creature targeted by ~'s last ability": :mod:`rulings.noun_phrases`) is read again without them."""
    words = _types_as_creature(tokens(text), lexicon)
    parsed, unread = _cover(words, lexicon)
    if unread:
        narrowing = narrowing_positions(words, unread)
        if narrowing:
            again, _ = _cover(without(words, narrowing), lexicon)
            if len(again.unread) < len(parsed.unread):
                return again
    return parsed


def _cover(words: tuple[str, ...], lexicon: Lexicon) -> tuple[Parse, frozenset[int]]:
    """The claim the lexicon's phrases make of ``words``, and the positions of the words it left unread."""
    found: dict[str, set[str]] = {name: set() for name in CONCEPT_FIELDS}
    markers: list[str] = []
    unread: list[int] = []
    clause_negations = [0]
    spans: list[tuple[int, int, str, str]] = []
    i = 0
    while i < len(words):
        for size in range(min(lexicon.longest, len(words) - i), 0, -1):
            meaning = lexicon.phrases.get(words[i : i + size])
            if meaning is not None:
                kind, concept = meaning
                if kind in CONCEPT_FIELDS:
                    spans.append((i, size, kind, concept))
                if kind == "modality" and concept in ("not", "cannot") and _relative_before(words, i):
                    # fourteenth round: a negation inside a relative clause ("a creature that hasn't dealt combat
                    # damage") narrows a noun; it negates no claim: left unread (the noun phrase's words)
                    unread.extend(range(i, i + size))
                elif kind == "modality":
                    markers.append(concept)
                    clause_negations[-1] += concept in ("not", "cannot")
                elif kind != "filler":
                    found[kind].add(concept)
                elif size == 1 and words[i] in _CLAUSE_ENDS:
                    clause_negations.append(0)
                i += size
                break
        else:
            if words[i] in _CLAUSE_ENDS:
                clause_negations.append(0)
            else:
                unread.append(i)
            i += 1
    subject = _joined(found["subject"]) or "you"
    found["timing"] = _both_steps_said_apart(found, words)
    claim = Claim(
        subject=subject,
        modality=_conditional_modality(words, markers, clause_negations),
        **{name: _joined(found[name]) for name in CONCEPT_FIELDS if name != "subject"},
        roles=_roles(words, spans),
    )
    by_clause = _roles_by_clause(words, spans)
    again = None if by_clause is None or by_clause == claim.roles else replace(claim, roles=by_clause)
    return Parse(claim, tuple(words[i] for i in unread), again), frozenset(unread)


#: Twenty-fourth round: damage dealt in each combat damage step, the steps named one by one ("deals combat damage in the
#: first combat damage step and again in the second"): the timing "both-steps" (702.4b), as "both first-strike and
#: regular combat damage" says it. Only for dealing damage alone, and not when the steps are alternatives ("or") or the
#: keyword changes between them ("... and then gains double strike": 702.4d, another claim).
_EACH_STEP = frozenset({"first-strike-damage-step", "regular-damage-step"})
_STEPS_APART = tokens("or either gain gains gained lose loses lost then after")


def _both_steps_said_apart(found: Mapping[str, set[str]], words: tuple[str, ...]) -> set[str]:
    timing = set(found["timing"])
    if found["action"] == {"deal-damage"} and timing >= _EACH_STEP and not set(_STEPS_APART) & set(words):
        timing = (timing - _EACH_STEP) | {"both-steps"}
    return timing


#: Relative pronouns, and the auxiliaries (stemmed) that may stand between one and a negation.
_RELATIVES = frozenset({"that", "which", "who"})
_AUXILIARIES = frozenset(tokens("has have had did do does is are was were"))


def _relative_before(words: tuple[str, ...], i: int) -> bool:
    """Whether the negation at ``i`` is a relative clause's ("that has not", "which cannot")."""
    if i >= 1 and words[i - 1] in _RELATIVES:
        return True
    return i >= 2 and words[i - 2] in _RELATIVES and words[i - 1] in _AUXILIARIES


#: Twenty-fifth round: the words that open a condition or a time said before the main clause ("as long as ..., it can
#: assign", "once it is blocked, a creature with reach ..."), stemmed.
_LEADS = tuple(
    tokens(lead)
    for lead in (
        "as long as",
        "as soon as",
        "even if",
        "even though",
        "if",
        "once",
        "when",
        "whenever",
        "after",
        "while",
    )
)


def _roles_by_clause(words: tuple[str, ...], spans: list[tuple[int, int, str, str]]) -> str | None:
    """Who does what to whom clause by clause, when a condition or a time opens the sentence ("as long as lethal damage
    is assigned to each creature blocking it, a creature with trample can assign the rest ..."): the main clause's
    actor is the one before the main clause's action, which :func:`_roles` (the first action of the sentence splits
    it) reads as a patient (twenty-fifth round). None when no condition opens the sentence, or one of its two clauses
    has no action of its own. A second reading: the declared claims were written with :func:`_roles`'s."""
    lead = next((size for size in (3, 2, 1) if words[:size] in _LEADS), 0)
    comma = next((i for i in range(lead, len(words)) if words[i] == ","), None) if lead else None
    if comma is None:
        return None
    first = [span for span in spans if span[0] < comma]
    rest = [span for span in spans if span[0] > comma]
    if not any(kind == "action" for _, _, kind, _ in first) or not any(kind == "action" for _, _, kind, _ in rest):
        return None
    roles = {*_roles(words[:comma], first).split("+"), *_roles(words, rest).split("+")}
    return _joined(r for r in roles if r)


def _roles(words: tuple[str, ...], spans: list[tuple[int, int, str, str]]) -> str:
    """Who does what to whom, by an ordered frame: the first action phrase splits the sentence.
    In the active voice the concepts before it are the agent's ("a creature with reach can
    block ...") and those after it the patient's; after a copula the action is passive ("a
    creature with flying can't be blocked except by creatures with flying and/or reach"): the
    concepts before it are the patient's and those after its "by" the agent's."""
    action = next(((i, size) for i, size, kind, _ in spans if kind == "action"), None)
    if action is None:
        return ""
    start, size = action
    # A present participle after a copula is the progressive, active ("the creature it was
    # blocking"); only the participles kept whole by the stemmer still end in -ing.
    progressive = words[start].endswith("ing")
    passive = not progressive and ((start > 0 and words[start - 1] in _COPULAS) or _negated_copula(words, start))
    by = next((j for j in range(start + size, len(words)) if words[j] == "by"), None) if passive else None
    out: set[str] = set()
    for i, _, kind, concept in spans:
        if kind not in ROLE_FIELDS or start <= i < start + size or (kind, concept) == ("subject", "you"):
            continue  # "you" is the default actor: "you can activate X" is "X can be activated"
        before = i < start
        if passive:
            side = "patient" if before or by is None or i < by else "agent"
        else:
            side = "agent" if before else "patient"
        out.add(f"{side}:{concept}")
    return _joined(out)


def _negated_copula(words: tuple[str, ...], start: int) -> bool:
    """A copula and a negation before the action ("isn't destroyed by", "is never blocked by"):
    passive like the copula alone."""
    return start > 1 and words[start - 1] in ("not", "never") and words[start - 2] in _COPULAS


_SLOT_IN = re.compile(r"\{([a-z_]+)\}")


def _may_bind(declared: Claim, parsed: Claim) -> bool:
    """A quick refusal before :func:`bind`'s field-by-field work (a sentence is tried against every
    declared claim of every template): a declared modality or action with no slot and nothing
    implied must be the parsed one exactly. Both are sorted concept sets joined by ``+``, so equal
    sets are equal strings and this refuses nothing :func:`bind` would accept."""
    for name in ("modality", "action"):
        want: str = getattr(declared, name)
        if "{" not in want and IMPLIED not in want and want != getattr(parsed, name):
            return False
    return True


#: The mark of a declared concept a sentence may leave implied (:func:`bind`).
IMPLIED = "?"


def bind(
    declared: Claim, parsed: Claim, slots: Mapping[str, Iterable[str]], carried: Mapping[str, str] | None = None
) -> dict[str, str] | None:
    """The slot values under which ``parsed`` is the ``declared`` claim, or None if it is not.
    Every field must hold the same concepts; a declared concept naming a slot (``{symbol}``)
    matches one of the slot's values, the same value wherever the slot appears. A braced name
    that is no slot of ``slots`` is a value (the mana symbol in ``turn-{t}``). ``carried``: the slot
    values an earlier sentence bound, when this one speaks through a pronoun ("The {Q} symbol means
    ... . You can't pay it if ..."): a declared concept of those slots alone may then be left to the
    pronoun, its value the earlier sentence's (sixth round)."""
    bound: dict[str, str] = {}
    if carried:
        declared = _carried_implied(declared, parsed, carried)
    if not _may_bind(declared, parsed):
        return None

    def slotted(concept: str) -> bool:
        # "{t}" in "turn-{t}" is a mana symbol, a value; "{symbol}" is a slot of the template.
        return any(name in slots for name in _SLOT_IN.findall(concept))

    for f in fields(Claim):
        if f.name == "roles" and not declared.roles:
            continue
        want, got = declared.concepts(f.name), set(parsed.concepts(f.name))
        # An implied concept ("exiled-card?") may be named or left to a pronoun: "it", "that card"
        # and "the card" in a ruling of a card that exiles cards and lets you play them are the
        # exiled card, which the reader cannot tell from the words alone (the template's card test
        # says the card is such a card).
        implied = {c for c in want if c.endswith(IMPLIED)}
        want = (want - implied) | {c[:-1] for c in implied if c[:-1] in got}
        if len(want) != len(got):
            return None
        for concept in sorted(want, key=slotted):
            if not slotted(concept):
                if concept not in got:
                    return None
                got.discard(concept)
                continue
            pattern = re.escape(concept)
            for name in (n for n in _SLOT_IN.findall(concept) if n in slots):
                if name in bound:
                    alternatives = re.escape(bound[name])
                else:
                    alternatives = "|".join(re.escape(v) for v in slots.get(name, ()))
                pattern = pattern.replace(re.escape("{" + name + "}"), f"(?P<{name}>{alternatives})", 1)
            for candidate in sorted(got):
                hit = re.fullmatch(pattern, candidate)
                if hit:
                    bound.update({k: v for k, v in hit.groupdict().items() if v is not None})
                    got.discard(candidate)
                    break
            else:
                return None
    return bound


def _carried_implied(declared: Claim, parsed: Claim, carried: Mapping[str, str]) -> Claim:
    """``declared`` with each concept whose slots ``carried`` all binds, and which ``parsed`` does not
    name in any form, marked implied at the carried value (``{symbol}-symbol`` -> ``{q}-symbol?``)."""
    changes: dict[str, str] = {}
    for f in fields(Claim):
        if f.name in ("modality", "roles"):
            continue
        concepts = sorted(declared.concepts(f.name))
        out = []
        for concept in concepts:
            names = _SLOT_IN.findall(concept)
            if names and not concept.endswith(IMPLIED) and all(n in carried for n in names):
                value = concept
                for n in names:
                    value = value.replace("{" + n + "}", carried[n])
                if value not in parsed.concepts(f.name):
                    out.append(value + IMPLIED)
                    continue
            out.append(concept)
        if out != concepts:
            changes[f.name] = "+".join(sorted(out))
    return replace(declared, **changes) if changes else declared


def closeness(declared: Claim, parsed: Claim) -> float:
    """How close a (possibly partial) reading is to a declared claim, 0 to 1: the declared
    concepts the reading holds (each of the reading's concepts counts once; a slot concept such as
    ``{keyword}-ability`` is held by any concept of its form), over the declared concepts plus half
    the reading's concepts the claim does not have. The action and the modality weigh double."""
    score = total = 0.0
    for name in CLAIM_FIELDS:
        if name == "roles" and not declared.roles:
            continue
        weight = 2.0 if name in ("action", "modality") else 1.0
        got = set(parsed.concepts(name))
        want = sorted((c.removesuffix(IMPLIED) for c in declared.concepts(name)), key=lambda c: "{" in c)
        for concept in want:
            total += weight
            if concept in got:
                got.discard(concept)
                score += weight
                continue
            if "{" in concept:
                form = re.compile(_SLOT_IN.sub("[^+]+", re.escape(concept).replace(r"\{", "{").replace(r"\}", "}")))
                held = next((c for c in sorted(got) if form.fullmatch(c)), None)
                if held is not None:
                    got.discard(held)
                    score += weight
        total += weight * 0.5 * len(got)
    return score / total if total else 0.0
