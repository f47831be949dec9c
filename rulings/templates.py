"""Templates: the sentence forms a ruling's text may take (wordings, kept as data), read sentence
by sentence.

The wordings of every template live in ``rulings/wordings/*.toml`` (one file per family), loaded
and checked here when this module is imported. A template has *statements* (what its invariants
check, each named, with the sentences that state it) and *explanations* (sentences that only
explain a statement: "This is a rule specific to ninjutsu; ..."). A ruling compiles through a
template when **every** one of its sentences (:mod:`rulings.text`) is a statement or an
explanation of that template and at least one is a statement; the slot values the sentences bind
(the keyword, a number, a symbol) must agree. A sentence no wording reads leaves the ruling
``uncovered``, quoting the sentence: a wrong compile is worse than none, so no wording ends in
"anything may follow", and "It doesn't enter tapped, though." after a true statement never
compiles.

A wording is a regular expression over the lower-cased normal form, matched against one whole
sentence, with slots ``{name}`` (the values the file gives: a list, or the name of a value set of
:data:`VALUE_SETS`; a slot used twice in one sentence must bind the same text), the file's own
``[macros]``, and these macros:

- ``{self}``: how a ruling names its card: ``~`` (the card's name), "the ninja", "this creature",
  "this card", "the creature (put onto the battlefield) with <keyword>" (a keyword of the
  registry's return-an-attacker family, :mod:`protocol.keyword_registry`);
- ``{it}``: a pronoun for the card, or ``{self}``;
- ``{you}``: "you" or "its controller" / "that player";
- ``{cost}``: mana symbols such as ``{2}{u}``.

The invariants behind a template, and the card data its rule needs, are declared in Python
(:func:`rulings.declare.template`, :func:`rulings.declare.invariant`). A statement may also
declare the claim records it checks (``claims.<statement>``: :mod:`rulings.claims`); a sentence
no wording reads is then read by meaning, and it states the statement when its claim is one of
those (or when a user's wording file maps it to one: :mod:`rulings.user_wordings`). A sentence
that is all aside ("That's because ...") is read as an explanation (:mod:`rulings.meaning`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from protocol.keyword_registry import KeywordKind, alternation, of_kind
from protocol.keywords import RETURN_AN_ATTACKER
from protocol.model import CardData
from rulings.claims import Claim, ClaimError, bind, claim_from_record, parse
from rulings.combat_facts import (
    Fact,
    FactError,
    changes_first_strike_of_double_striker,
    fact_from_record,
    keeps_double_strike,
    read_fact,
    read_outcome,
    read_outcome_at,
)
from rulings.corpus import Ruling
from rulings.describing import NEGATION, describes_card, read_paragraph
from rulings.fact_composer import compose_after_change, compose_fact, example_outcomes, moments_said, read_outcomes
from rulings.fact_readers import READERS
from rulings.holders import given_keywords, held_keywords, holder_readings, normal_holder_readings
from rulings.meaning import set_aside
from rulings.settled_facts import settled_facts
from rulings.text import sentences, template_form

#: The keywords a card of the ninjutsu templates is named by ("the creature with ninjutsu"): the
#: registry's return-an-attacker family.
RETURN_ATTACKER_KEYWORDS = alternation(of_kind(KeywordKind.RETURN_ATTACKER))

MACROS: dict[str, str] = {
    "self": r"(?:~|the ninja|this creature|this card|the creature (?:put onto the battlefield )?with "
    + RETURN_ATTACKER_KEYWORDS
    + ")",
    "it": r"(?:it|he|she|they|~|the ninja|this creature|this card)",
    "you": r"(?:you|its controller|that player|the player)",
    "cost": r"(?:\{[^{}]+\})+",
}

#: Named value sets a wordings file may give as a slot's values (``slots.keyword = "return-an-attacker
#: keywords"``): values kept in a registry elsewhere, read when the wordings are loaded.
VALUE_SETS: dict[str, Callable[[], tuple[str, ...]]] = {
    "return-an-attacker keywords": lambda: tuple(RETURN_AN_ATTACKER),
}

WORDINGS_DIR = Path(__file__).with_name("wordings")

#: Reads a card's data: None if a rule applies to it, else why not.
Applies = Callable[[CardData], str | None]


class WordingError(ValueError):
    """A wordings file is malformed; the message names the file, the template and the field."""


class NotCovered(Exception):
    """Raised while compiling: the ruling's text fits, its card data does not (the reason says why)."""


_TEMPLATE_FIELDS = ("id", "slots", "states", "explains", "claims", "facts", "readers", "variants", "result_follows")
#: The claims of sentences that only explain a statement (``claims.explains``): read as the
#: ``explains`` wordings are, never as a statement, so a paragraph needs a statement besides.
EXPLAINS = "explains"
_ID = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+")
_STATEMENT = re.compile(r"[a-z0-9-]+")
_SLOT = re.compile(r"[a-z_]+")


@dataclass(frozen=True)
class Wordings:
    """The sentence forms of one template, as a wordings file gives them."""

    id: str
    #: Statement name -> the sentences that state it.
    states: Mapping[str, tuple[str, ...]]
    #: Sentences that only explain a statement.
    explains: tuple[str, ...]
    #: Slot name -> the values it may take.
    slots: Mapping[str, tuple[str, ...]]
    #: The file's shorthands: name -> regular expression.
    macros: Mapping[str, str]
    #: The file it came from (for error messages).
    source: str
    #: Statement name -> the claim records that state it (read by meaning: :mod:`rulings.claims`).
    claims: Mapping[str, tuple[Claim, ...]] = field(default_factory=dict)
    #: Statement name -> the combat facts that state it (a keyword changed at a moment of combat, and
    #: what follows: :mod:`rulings.combat_facts`).
    facts: Mapping[str, tuple[Fact, ...]] = field(default_factory=dict)
    #: The readers (:data:`rulings.fact_readers.READERS`) that take a sentence apart by meaning for
    #: this template, tried after its claims and facts.
    readers: tuple[str, ...] = ()
    #: Statement name -> the statement it is a variant of: the same part of the rule said of some of its
    #: cards only (its time named: "this turn", "by the end of your next turn"), which the template's card
    #: test tells apart. Saying a variant says its statement (:func:`Wordings.said`).
    variants: Mapping[str, str] = field(default_factory=dict)
    #: The card's result follows the rule's condition (a trigger on tapping for mana): a clause describing what the
    #: card does, beside a clause read, must be negated exactly when that clause is ("X isn't tapped for mana, so you
    #: won't gain life"; "..., so you will gain life" contradicts the card's trigger).
    result_follows: bool = False

    @property
    def parts(self) -> frozenset[str]:
        """The parts of the rule: the statements that are no variant of another."""
        return frozenset(s for s in self.states if s not in self.variants)

    def said(self, states: Iterable[str]) -> frozenset[str]:
        """The parts of the rule ``states`` say (a variant says its statement)."""
        return frozenset(self.variants.get(s, s) for s in states)

    def time_carried(self, states: Iterable[str]) -> frozenset[str]:
        """``states`` with the time one variant names carried to the other statements of the paragraph: a
        paragraph that says "by the end of your next turn" and then "you can't play it later" means later than
        that (``permission-gone`` read as ``permission-gone-next-turn``). The time is the variant's name after its
        statement's ("-next-turn"); a statement with a variant of that time is read as it."""
        states = frozenset(states)
        times = {v.removeprefix(self.variants[v]) for v in states if v in self.variants}
        if len(times) != 1:
            return states
        (time,) = times
        return frozenset(s + time if s not in self.variants and self.variants.get(s + time) == s else s for s in states)


def _sentence(text: str) -> str:
    """A sentence as a file writes it: a line break, with the indentation around it, is one space."""
    return re.sub(r"[ \t]*\n[ \t]*", " ", text.strip())


def _sentence_list(value: object, at: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(s, str) and s.strip() for s in value):
        raise WordingError(f"{at}: must be a non-empty list of sentences")
    return tuple(_sentence(s) for s in value)


def _slot_values(name: str, value: object, at: str) -> tuple[str, ...]:
    if isinstance(value, str):
        if value not in VALUE_SETS:
            raise WordingError(f"{at}: slots.{name}: unknown value set {value!r} (known: {sorted(VALUE_SETS)})")
        return VALUE_SETS[value]()
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise WordingError(f"{at}: slots.{name}: must be a value set's name or a non-empty list of values")
    return tuple(value)


def _read_template(entry: object, macros: Mapping[str, str], where: str, index: int) -> Wordings:
    if not isinstance(entry, dict):
        raise WordingError(f"{where}: template {index + 1}: must be a table")
    tid = entry.get("id")
    if not isinstance(tid, str) or not _ID.fullmatch(tid):
        raise WordingError(
            f"{where}: template {index + 1}: id must be a dotted slug such as 'family.rule', got {tid!r}"
        )
    at = f"{where}: template {tid}"
    unknown = sorted(set(entry) - set(_TEMPLATE_FIELDS))
    if unknown:
        raise WordingError(f"{at}: unknown field(s) {unknown} (expected {', '.join(_TEMPLATE_FIELDS)})")
    states = entry.get("states")
    if not isinstance(states, dict) or not states:
        raise WordingError(f"{at}: needs at least one statement (states.<name> = [sentences])")
    for name in states:
        if not _STATEMENT.fullmatch(name):
            raise WordingError(f"{at}: statement name {name!r} must be lower-case words joined by '-'")
    slots = entry.get("slots", {})
    if not isinstance(slots, dict):
        raise WordingError(f"{at}: slots must be a table (slots.<name> = values)")
    for name in slots:
        if not _SLOT.fullmatch(name) or name in MACROS or name in macros:
            raise WordingError(f"{at}: slot name {name!r} must be lower-case letters and not a macro's name")
    claims = entry.get("claims", {})
    if not isinstance(claims, dict):
        raise WordingError(f"{at}: claims must be a table (claims.<statement> = [records])")
    declared: dict[str, tuple[Claim, ...]] = {}
    for name, records in claims.items():
        if name not in states and name != EXPLAINS:
            raise WordingError(f"{at}: claims.{name}: no statement {name!r} in states (or {EXPLAINS!r})")
        if not isinstance(records, list) or not records:
            raise WordingError(f"{at}: claims.{name}: must be a non-empty list of claim records")
        try:
            declared[name] = tuple(claim_from_record(r, f"{at}: claims.{name}") for r in records)
        except ClaimError as exc:
            raise WordingError(str(exc)) from None
    result_follows = entry.get("result_follows", False)
    if not isinstance(result_follows, bool):
        raise WordingError(f"{at}: result_follows must be true or false, got {result_follows!r}")
    return Wordings(
        result_follows=result_follows,
        variants=_read_variants(entry.get("variants", {}), states, at),
        readers=_read_readers(entry.get("readers", []), states, at),
        claims=declared,
        facts=_read_facts(entry.get("facts", {}), states, at),
        id=tid,
        states={name: _sentence_list(value, f"{at}: states.{name}") for name, value in states.items()},
        explains=_sentence_list(entry["explains"], f"{at}: explains") if "explains" in entry else (),
        slots={name: _slot_values(name, value, at) for name, value in slots.items()},
        macros=dict(macros),
        source=where,
    )


def _read_variants(variants: object, states: Mapping[str, object], at: str) -> dict[str, str]:
    """``variants.<statement> = [its variants]`` -> variant name -> statement."""
    if not isinstance(variants, dict):
        raise WordingError(f"{at}: variants must be a table (variants.<statement> = [statement names])")
    out: dict[str, str] = {}
    for base, names in variants.items():
        if base not in states:
            raise WordingError(f"{at}: variants.{base}: no statement {base!r} in states")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise WordingError(f"{at}: variants.{base}: must be a non-empty list of statement names")
        for name in names:
            if name not in states or name == base or name in variants:
                raise WordingError(f"{at}: variants.{base}: {name!r} must be another statement of states, no base")
            out[name] = base
    return out


def _read_readers(names: object, states: Mapping[str, object], at: str) -> tuple[str, ...]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise WordingError(f"{at}: readers must be a list of reader names ({', '.join(READERS)})")
    for name in names:
        if name not in READERS:
            raise WordingError(f"{at}: readers: no reader {name!r} (known: {', '.join(READERS)})")
        missing = [s for s in READERS[name].states if s not in states]
        if missing:
            raise WordingError(f"{at}: readers: {name!r} states {', '.join(missing)}, which the template does not have")
    return tuple(names)


def _read_facts(facts: object, states: Mapping[str, object], at: str) -> dict[str, tuple[Fact, ...]]:
    if not isinstance(facts, dict):
        raise WordingError(f"{at}: facts must be a table (facts.<statement> = [records])")
    out: dict[str, tuple[Fact, ...]] = {}
    for name, records in facts.items():
        if name not in states:
            raise WordingError(f"{at}: facts.{name}: no statement {name!r} in states")
        if not isinstance(records, list) or not records:
            raise WordingError(f"{at}: facts.{name}: must be a non-empty list of fact records")
        try:
            out[name] = tuple(f for r in records for f in fact_from_record(r, f"{at}: facts.{name}"))
        except FactError as exc:
            raise WordingError(str(exc)) from None
    return out


def read_wordings(path: Path) -> list[Wordings]:
    """The templates' wordings one file gives (see ``rulings/wordings/classes.toml`` for the format)."""
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise WordingError(f"{where}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"macros", "template"})
    if unknown:
        raise WordingError(f"{where}: unknown table(s) {unknown} (expected [macros] and [[template]])")
    macros = data.get("macros", {})
    if not isinstance(macros, dict) or not all(isinstance(v, str) and v for v in macros.values()):
        raise WordingError(f"{where}: [macros] must map names to regular expressions")
    for name in macros:
        if not _SLOT.fullmatch(name) or name in MACROS:
            raise WordingError(f"{where}: macro name {name!r} must be lower-case letters and not a shared macro's")
    templates = data.get("template")
    if not isinstance(templates, list) or not templates:
        raise WordingError(f"{where}: no [[template]] in the file")
    return [_read_template(entry, macros, where, i) for i, entry in enumerate(templates)]


def load_wordings(directory: Path = WORDINGS_DIR) -> dict[str, Wordings]:
    """Every template's wordings in ``directory``'s ``*.toml`` files, by template id."""
    found: dict[str, Wordings] = {}
    for path in sorted(directory.glob("*.toml")):
        for wordings in read_wordings(path):
            if wordings.id in found:
                raise WordingError(
                    f"{path.name}: template {wordings.id} already has wordings in {found[wordings.id].source}"
                )
            found[wordings.id] = wordings
    return found


#: The shipped wordings, by template id.
WORDINGS = load_wordings()


def template_text(text: str, cards: Iterable[str] = ()) -> str:
    """The form templates are written against: normalized, card names as ``~``, lower-cased."""
    return template_form(text, cards)


@dataclass(frozen=True)
class UserWording:
    """A user's wording (a file in their corpus directory: :mod:`rulings.user_wordings`): a
    sentence pattern over the normal form, and the claim it states."""

    pattern: re.Pattern[str]
    claim: Claim
    #: Where it was written (file and entry), for messages.
    source: str


@dataclass(frozen=True)
class Reading:
    """How one template reads one ruling: the slots bound, the statements found, the sentences it
    could not read (in text order)."""

    slots: dict[str, str]
    states: frozenset[str]
    unread: tuple[str, ...]
    read: int
    #: Sentences that claim no rule (describing the card, an example), each with why.
    set_aside: tuple[tuple[str, str], ...] = ()

    @property
    def complete(self) -> bool:
        return not self.unread and bool(self.states)


@dataclass(frozen=True)
class Match:
    """A ruling a template reads completely, and what its invariants are built from: the ruling,
    its cards' oracle data, the slot values its sentences bound and the statements found."""

    ruling: Ruling
    cards: tuple[CardData, ...] = ()
    slots: Mapping[str, str] = field(default_factory=dict)
    states: frozenset[str] = frozenset()
    #: The sentences set aside as claiming no rule, each with why (:mod:`rulings.describing`).
    set_aside: tuple[tuple[str, str], ...] = ()

    def texts(self) -> tuple[str, ...]:
        """The oracle texts of the ruling's cards."""
        return tuple(c.text for c in self.cards)


@dataclass(frozen=True)
class Template:
    """A template: its wordings, and what the ruling's cards must be for its rule to apply."""

    wordings: Wordings
    #: A test of each of the ruling's cards (it has the mechanic); a card failing it leaves the
    #: ruling uncovered with the reason.
    cards: Applies | None = None
    #: Statement name -> a further test of the cards when a ruling states it (a statement true of
    #: some of the mechanic's cards only).
    cards_when_stated: Mapping[str, Applies] = field(default_factory=dict)
    _compiled: list[tuple[str | None, re.Pattern[str]]] = field(default_factory=list, compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.wordings.id

    def _expand(self, pattern: str, used: set[str]) -> re.Pattern[str]:
        source = pattern
        for name, body in (*MACROS.items(), *self.wordings.macros.items()):
            source = source.replace("{" + name + "}", body)
        for slot, values in self.wordings.slots.items():
            alternatives = "|".join(re.escape(v) for v in sorted(values, key=len, reverse=True))
            first = source.find("{" + slot + "}")
            if first < 0:
                continue
            used.add(slot)
            token = "{" + slot + "}"
            source = (
                source[:first]
                + f"(?P<{slot}>{alternatives})"
                + source[first + len(token) :].replace(token, f"(?P={slot})")
            )
        at = f"{self.wordings.source}: template {self.id}"
        if re.search(r"\{[a-z_]+\}", source.replace("\\{", "")):
            raise WordingError(f"{at}: a sentence has a slot with no values: {pattern!r}")
        try:
            return re.compile(source)
        except re.error as exc:
            raise WordingError(f"{at}: not a regular expression ({exc}): {pattern!r}") from None

    def regexes(self) -> list[tuple[str | None, re.Pattern[str]]]:
        """(statement name or None for an explanation, compiled sentence), statements first."""
        if not self._compiled:
            used: set[str] = set()
            for name, patterns in self.wordings.states.items():
                self._compiled.extend((name, self._expand(p, used)) for p in patterns)
            self._compiled.extend((None, self._expand(p, used)) for p in self.wordings.explains)
            unused = sorted(set(self.wordings.slots) - used)
            if unused:
                raise WordingError(f"{self.wordings.source}: template {self.id}: slot(s) {unused} used by no sentence")
        return self._compiled

    def read(self, ruling: Ruling, user: Iterable[UserWording] = (), cards: Iterable[CardData] = ()) -> Reading:
        """How this template reads ``ruling``, sentence by sentence; ``cards`` (the ruling's cards'
        data) let a sentence name its card as the holder of a keyword (:mod:`rulings.holders`)."""
        cards = tuple(cards)
        slots: dict[str, str] = {}
        states: set[str] = set()
        unread: list[str] = []
        read = 0
        aside: list[tuple[str, str]] = []
        explained: list[tuple[str, ...]] = []
        split = sentences(template_text(ruling.text, ruling.cards))
        # eleventh round: the moment of combat the sentences so far named, if one (rulings.fact_composer)
        said: set[str] = set()
        previous: str | None = None
        for part in read_paragraph(ruling.text, split, ruling.cards, cards):
            found = None
            context = next(iter(said)) if len(said) == 1 else None
            for text in (part.text, *part.readings):
                found = self._read_by_wording(text, slots) or self._read_by_claim(text, slots, user, cards, context)
                if found is not None:
                    break
            if self.wordings.facts:
                said |= moments_said(part.text)
            if found is None and part.clauses:
                found = self._read_clauses(part.clauses, slots, user, cards, aside, context)
            if found is None and states:
                found = self._read_outcome_again(states, (part.text, *part.readings))
            if found is None and unread and unread[-1] == previous:
                # twelfth round: the change said alone in the sentence before, what follows in this one
                state = self._read_after_change(previous, part.text, cards, context)
                if state is not None:
                    unread.pop()
                    read += 1
                    found = (state, {})
            previous = part.text
            if found is None:
                # A sentence describing the card, or an example of a claim already read, claims no
                # rule: set aside with its reason (rulings.describing).
                reason = part.describing or (part.example if states else None)
                if reason is None and states and self.wordings.facts:
                    reason = self._example_of(part.text, states)
                if reason is not None:
                    aside.append((part.text, reason))
                else:
                    unread.append(part.text)
                continue
            state, values = found
            slots.update(values)
            if state is not None:
                states.add(state)
            else:
                explained.append((part.text, *part.readings))
            read += 1
        states |= self._parts_said(explained, cards)
        if states and unread and self.wordings.facts:
            # twelfth round: an outcome said before the fact it follows from ("The attacking creature remains
            # blocked. Removing one of its blockers won't change that."): read again once the paragraph is read
            again = [text for text in unread if self._read_outcome_again(states, (text,)) is None]
            read += len(unread) - len(again)
            unread = again
        return Reading(slots, self.wordings.time_carried(states), tuple(unread), read, tuple(aside))

    def _example_of(self, sentence: str, states: Iterable[str]) -> str | None:
        """Eighteenth round: why an example of the card's own ("For example, if ~ ..., ~ remains an attacking
        creature.") claims nothing beyond the statement read before it, or None: every outcome it states is one the
        statement's facts state, at a moment they name (:func:`rulings.fact_composer.example_outcomes`)."""
        found = example_outcomes(sentence)
        if found is None:
            return None
        facts = [fact for state in states for fact in self.wordings.facts.get(state, ())]
        outcomes, moments = found
        if outcomes <= {(f.outcome, f.holds) for f in facts} and moments <= {f.moment for f in facts}:
            return "an example of the claim read before it, with the same outcome"
        return None

    def _parts_said(self, explained: Iterable[tuple[str, ...]], cards: tuple[CardData, ...]) -> set[str]:
        """The statements a paragraph makes by saying every part of a rule, each part read as an
        explanation alone (a reader's ``parts``: trample's "lethal damage to every blocker" and "only
        the rest to the player")."""
        out: set[str] = set()
        for name in self.wordings.readers:
            reader = READERS[name]
            if reader.part is None:
                continue
            said = {reader.part(tuple(set_aside(t).claim for t in texts), cards) for texts in explained}
            out |= {state for parts, state in reader.parts.items() if parts <= said}
        return out

    def _read_clauses(
        self,
        clauses: tuple[str, ...],
        slots: Mapping[str, str],
        user: Iterable[UserWording],
        cards: tuple[CardData, ...],
        aside: list[tuple[str, str]],
        context: str | None = None,
    ) -> tuple[str | None, dict[str, str]] | None:
        """A sentence of two independent clauses, each read as a sentence: every clause a statement
        or an explanation of this template (one describing the card set aside), at least one a
        statement; the first statement found and every slot bound, or None. ``context``: the moment
        of combat the paragraph named before the sentence; a clause takes the moment the clause
        before it named, if it named one ("giving it vigilance after it has attacked won't untap
        it, and removing vigilance won't tap it": both after attackers are declared)."""
        bound: dict[str, str] = dict(slots)
        state: str | None = None
        explained = False
        described: list[tuple[str, str]] = []
        named: set[str] = set()
        negated: list[bool] = []
        for clause in clauses:
            clause = _keyword_for_it(clause, named)
            named |= set(_KEYWORD_NAMED.findall(clause))
            found = self._read_by_wording(clause, bound) or self._read_by_claim(clause, bound, user, cards, context)
            if found is None and state is not None:
                # fourteenth round: the outcome of the statement the clause before made, said again as its cause
                # ("... won't let that attacker deal combat damage, because the attacker is still blocked")
                found = self._read_outcome_again((state,), (clause,))
            if self.wordings.facts:
                said = moments_said(clause)
                context = next(iter(said)) if len(said) == 1 else context if not said else None
            if found is None:
                reason = describes_card(clause, cards)
                if reason is None:
                    return None
                described.append((clause, reason))
                continue
            bound.update(found[1])
            state = state or found[0]
            explained = True
            negated.append(bool(NEGATION.search(clause)))
        if state is None and not explained:
            return None
        if self.wordings.result_follows and any(bool(NEGATION.search(t)) not in negated for t, _ in described):
            return None  # twenty-first round: the card's result said with the other polarity (Wordings.result_follows)
        # (eighteenth round: clauses that only explain, beside advice set aside, are an explanation: "if no other creature
        # is blocking it, it deals no combat damage unless it has trample, so ~ works best on a creature that does")
        aside.extend(described)
        return state, {k: v for k, v in bound.items() if k not in slots}

    def _read_by_wording(self, sentence: str, slots: Mapping[str, str]) -> tuple[str | None, dict[str, str]] | None:
        """(statement or None for an explanation, slots bound) if a wording of this template reads
        the whole sentence, its asides included or set aside."""
        split = set_aside(sentence)
        for text in dict.fromkeys((sentence, split.claim)):
            if not text:
                continue
            for state, regex in self.regexes():
                found = regex.fullmatch(text)
                if not found:
                    continue
                values = {k: v for k, v in found.groupdict().items() if v is not None}
                if any(slots.get(k, v) != v for k, v in values.items()):
                    continue  # binds a slot differently from an earlier sentence
                return state, values
        return None

    def _read_by_claim(
        self,
        sentence: str,
        slots: Mapping[str, str],
        user: Iterable[UserWording],
        cards: Iterable[CardData] = (),
        context: str | None = None,
    ) -> tuple[str | None, dict[str, str]] | None:
        """(statement, slots bound) if the sentence's meaning is a claim this template checks: an
        aside-only sentence is read as an explanation; otherwise the claim comes from a user's
        wording whose pattern reads the sentence, or from the claim reader (the sentence as
        written, then with its card named as the holder of a keyword it has: :mod:`rulings.holders`)."""
        split = set_aside(sentence)
        if not split.claim:
            return None, {}
        if self.wordings.facts and changes_first_strike_of_double_striker(split.claim):
            return None  # it keeps dealing damage in both steps: no claim of a first-strike change is its
        if self.wordings.facts and _blocked_yet_blocking(split.claim):
            return None  # the card attacks and blocks at once: the sentence contradicts itself
        readings = [w.claim for w in user if w.pattern.fullmatch(split.claim)]
        texts = (split.claim, *holder_readings(split.claim, cards), *normal_holder_readings(split.claim, cards))
        for text in texts:
            parsed = parse(text)
            if parsed.complete:
                readings.append(parsed.claim)
                readings.extend(c for c in (parsed.by_clause,) if c is not None)
        # a statement in any reading first (by a claim, then by a combat fact); an explanation only if
        # no reading states anything
        pronoun = _PRONOUN.search(split.claim) is not None
        # twelfth round: the readers judge the sentence whole, so they read it with its asides too (an example
        # set aside may be what names the case: "to activate an ability such as "{T}: Draw a card,"")
        whole = (*texts, *(t for t in (sentence.lower(),) if t not in texts))
        return (
            self._bind_claims(readings, slots, pronoun, explaining=False)
            or self._read_by_fact(_fact_texts(sentence, tuple(cards)), tuple(cards), context, _asserted(sentence))
            or self._read_by_readers(whole, tuple(cards), explaining=False)
            or self._bind_claims(readings, slots, pronoun, explaining=True)
            or self._read_by_readers(whole, tuple(cards), explaining=True)
        )

    def _read_by_readers(
        self, texts: Iterable[str], cards: tuple[CardData, ...], *, explaining: bool
    ) -> tuple[str | None, dict[str, str]] | None:
        """(statement or None for an explanation, no slots) if one of the template's readers
        (:mod:`rulings.fact_readers`) reads the sentence as a statement (``explaining``: as an
        explanation)."""
        texts = tuple(texts)
        for name in self.wordings.readers:
            found = READERS[name].read(texts, cards)
            if found is not None and (found == EXPLAINS) == explaining:
                return (None if explaining else found), {}
        return None

    def _bind_claims(
        self, readings: Iterable[Claim], slots: Mapping[str, str], pronoun: bool, *, explaining: bool
    ) -> tuple[str | None, dict[str, str]] | None:
        """(statement, slots bound) for the first reading that binds a declared claim of a statement
        (``explaining``: of ``claims.explains``, returned as an explanation, statement None)."""
        for claim in readings:
            for state, declared in self.wordings.claims.items():
                if (state == EXPLAINS) != explaining:
                    continue
                for record in declared:
                    values = bind(record, claim, self.wordings.slots, slots if pronoun else None)
                    if values is None or any(slots.get(k, v) != v for k, v in values.items()):
                        continue
                    return (None if explaining else state), values
        return None

    def _read_by_fact(
        self,
        texts: Iterable[str],
        cards: tuple[CardData, ...] = (),
        context: str | None = None,
        asserted: frozenset[str] = frozenset(),
    ) -> tuple[str | None, dict[str, str]] | None:
        """(statement, no slots) if one reading of the sentence states a combat fact this template
        declares (:mod:`rulings.combat_facts`): a keyword changed at a moment of combat, and what
        follows, computed with its polarity rather than matched word by word. A declared fact that
        needs its card to hold a keyword is stated only for such a card."""
        if not self.wordings.facts:
            return None
        texts = tuple(texts)
        # twenty-first round: and the keywords the sentence says, in an aside, its creature has ("because it has trample")
        held = self._held(texts, cards) | asserted
        for text in texts:
            pair = _KEYWORD_PAIR.search(text)
            if pair is not None:
                # thirteenth round: "loses flying or reach": a fact of each keyword, both of one statement
                each = {self._fact_state(_one_of_pair(text, pair, k), cards, context, held) for k in (1, 2)}
                if len(each) == 1 and None not in each:
                    return each.pop(), {}
                continue
            state = self._fact_state(text, cards, context, held)
            if state is not None:
                return state, {}
        return None

    def _fact_state(
        self, text: str, cards: tuple[CardData, ...], context: str | None, held: frozenset[str]
    ) -> str | None:
        """The statement declaring the fact one reading of a sentence states, if one does."""
        # tenth round: or a status settled at its moment, for the keyword the cards change
        # (rulings.settled_facts)
        read = [*_fact_and_outcomes(text, context), *((fact, frozenset()) for fact in settled_facts(text, cards))]
        for fact, more in read:
            state = self._declaring(fact, more, text, held)
            if state is not None:
                return state
        return None

    def _held(self, texts: Iterable[str], cards: tuple[CardData, ...]) -> frozenset[str]:
        """The keywords the cards hold or give, and those the sentence names its creature with."""
        held = frozenset(k for card in cards for k in held_keywords(card)) | frozenset(
            k for card in cards for given in given_keywords(card).values() for k in given
        )
        # eleventh round: or the keyword the sentence gives the creature it is about ("one of the two creatures
        # blocking an attacking creature with menace")
        return held | frozenset(k for text in texts for k in _NAMED_HOLDER.findall(text.lower()))

    def _declaring(self, fact: Fact, more: frozenset[tuple[str, bool]], text: str, held: frozenset[str]) -> str | None:
        """The statement that declares ``fact`` (and its further outcomes ``more``), if one does."""
        if _needs_no_trample(fact, more, text) and "trample" in held:
            return None  # "it won't deal combat damage" is not so for a card with trample
        if keeps_double_strike(fact, text):
            return None
        for state, facts in self.wordings.facts.items():
            outcomes = {(f.outcome, f.holds) for f in facts}
            if any(declared.stated_by(fact, held) for declared in facts) and more <= outcomes:
                return state
        return None

    def _read_after_change(
        self, before: str, sentence: str, cards: tuple[CardData, ...], context: str | None
    ) -> str | None:
        """Twelfth round: the statement a sentence makes of the change the sentence before it said alone
        ("If the Equipment leaves the battlefield, the creature loses haste. If it had attacked, it
        continues to attack.": :func:`rulings.fact_composer.compose_after_change`), or None. Sixteenth round:
        for a template read by its readers, the two sentences read as one, joined by "and" ("If ~ destroys every
        creature blocking it, it's still blocked. Because it has trample, it assigns all its damage to the player.")."""
        if self.wordings.readers:
            joined = f"{before.rstrip('. ')}, and {sentence[:1].lower()}{sentence[1:]}"
            found = self._read_by_readers((joined,), cards, explaining=False)
            if found is not None and found[0] is not None:
                return found[0]
        if not self.wordings.facts:
            return None
        earlier, now = (_fact_texts(text, cards) for text in (before, sentence))
        held = self._held((*earlier, *now), cards)
        for text in now:
            for said in earlier:
                composed = compose_after_change(text, said, context)
                if composed is not None and (state := self._declaring(*composed, f"{said} {text}", held)):
                    return state
        return None

    def _read_outcome_again(
        self, states: Iterable[str], texts: Iterable[str]
    ) -> tuple[str | None, dict[str, str]] | None:
        """(statement, no slots) if the sentence only says again what follows from a fact already
        read in this paragraph ("It won't be removed from combat." after "If it loses haste after
        it attacked, it continues to attack."): its outcome is one a declared fact of that statement
        has. A sentence with another outcome, or with more than an outcome, is not read this way."""
        for state in sorted(states):
            declared = self.wordings.facts.get(state, ())
            for text in texts:
                claim = set_aside(text).claim
                found = read_outcome_at(claim) if claim else None
                if found is None:
                    continue
                outcome, holds, moment = found
                # an outcome of one of the statement's facts, at that fact's moment if one is named
                if any(f.outcome == outcome and f.holds == holds and moment in (None, f.moment) for f in declared):
                    return state, {}
            for text in texts:
                # eleventh round: several outcomes, or the moment said as an "if" / "once" clause
                # (rulings.fact_composer): each one an outcome of the statement's facts
                claim = set_aside(text).claim
                several = read_outcomes(claim) if claim else None
                if several is None:
                    continue
                outcomes, moment = several
                if all(
                    any(f.outcome == o and f.holds == h and moment in (None, f.moment) for f in declared)
                    for o, h in outcomes
                ):
                    return state, {}
        return None

    def match(self, ruling: Ruling, cards: Iterable[CardData] = (), user: Iterable[UserWording] = ()) -> Match | None:
        """The match if every sentence of the ruling is one of this template's, with a statement."""
        cards = tuple(cards)
        reading = self.read(ruling, tuple(user), cards)
        if not reading.complete:
            return None
        return Match(ruling, tuple(cards), reading.slots, reading.states, reading.set_aside)

    def check_cards(self, match: Match) -> None:
        """Raise :class:`NotCovered` if one of the ruling's cards is not one the rule applies to."""
        tests = [self.cards] if self.cards is not None else []
        tests += [test for state, test in self.cards_when_stated.items() if state in match.states]
        for card in match.cards:
            for test in tests:
                problem = test(card)
                if problem:
                    raise NotCovered(f"{card.name}: {problem}")


#: Where a sentence joins a second outcome to a fact ("..., it doesn't become tapped, and it's still
#: an attacking creature"): before the last "and" that starts a clause about the creature.
_AND_OUTCOME = re.compile(
    r",? and (?=(?:it|they|~|that creature|the creature|the (?:attacking|blocking) creature(?: with [a-z]+)?"
    r"|its blockers|(?:the |any )?creatures blocking it) )"
    # a second verb phrase of the same subject ("it stays untapped and continues to attack")
    r"|,? and (?=(?:continues?|remains?|stays?|keeps?|is still|does not|will not|doesn't|won't|(?:will )?deals? no|(?:will )?assigns? no) )"
)


def _needs_no_trample(fact: Fact, more: frozenset[tuple[str, bool]], text: str) -> bool:
    """Whether a fact says a blocked creature whose blockers are gone deals no combat damage without
    "unless it has trample" (510.1c, 702.19e): true only of a creature without trample."""
    no_damage = ("second-damage", False) in {(fact.outcome, fact.holds), *more}
    gone = fact.change in ("a-blocker-gone", "all-blockers-gone")
    return no_damage and gone and _UNLESS_TRAMPLE.search(text.lower()) is None


_UNLESS_TRAMPLE = re.compile(r"unless (?:it|that creature|the creature) has trample")
#: A keyword the sentence says its creature has, in any clause or aside ("because it does have trample", "since ~ has
#: flying"): said of the creature, so a fact that holds only without it is not stated (twenty-first round).
_HAS_KEYWORD = re.compile(
    r"\b(?:because|since|as) (?:it|~|that creature|the creature) (?:does |still |already )?(?:has|have) "
    r"(double strike|first strike|trample|flying|reach|menace|vigilance|haste)\b"
)


#: Twenty-first round: the card said to be blocked, then said to go on blocking ("if ~ is blocked by a creature with flying
#: and ..., ~ keeps blocking that creature"): an attacking creature is no blocker (506.2), so the sentence claims nothing.
_CARD_BLOCKED = re.compile(r"(?<![\w'])~ (?:is|was|has been|gets|got|becomes|became|has become) blocked by\b")
_CARD_GOES_ON_BLOCKING = re.compile(
    r"(?:(?:(?<![\w'])~|\bit)(?:'s| is| was| will)?|\b(?:but|and)) (?:still |then |also )?(?:continues? to block|continues?"
    r" blocking|keeps? blocking|remains? blocking|does not stop blocking|doesn't stop blocking|will not stop blocking"
    r"|won't stop blocking|remains? a blocking creature|blocking|blocks)\b"
)


def _blocked_yet_blocking(sentence: str) -> bool:
    return bool(_CARD_BLOCKED.search(sentence) and _CARD_GOES_ON_BLOCKING.search(sentence))


def _asserted(sentence: str) -> frozenset[str]:
    """The keywords ``sentence`` gives its creature as a reason (see :data:`_HAS_KEYWORD`)."""
    return frozenset(_HAS_KEYWORD.findall(sentence.lower()))


def _fact_texts(sentence: str, cards: tuple[CardData, ...]) -> tuple[str, ...]:
    """A sentence's readings for the combat facts: its claim, with the card named as the holder of its
    keywords, and with its effect written as the change it makes (:mod:`rulings.holders`)."""
    split = set_aside(sentence)
    claim = split.claim
    if not claim:
        return ()
    out = [claim, *holder_readings(claim, cards), *normal_holder_readings(claim, cards)]
    # fifteenth round: the card's own event set aside as a hedge ("..., even if ~ becomes unattached") is a change of
    # the keyword it gives (rulings.keyword_changes) when the card's effect says so: read with it kept too
    for aside in split.asides:
        if _CARD_EVENT_ASIDE.match(aside):
            kept = f"{claim.rstrip('.')}, {aside}."
            out += [r for r in normal_holder_readings(kept, cards) if r != kept]
    return tuple(dict.fromkeys(out))


#: A hedge naming an event of the card itself ("even if ~ becomes unattached", "even though ~ left the battlefield").
_CARD_EVENT_ASIDE = re.compile(r"^even (?:if|though) ~ ")


def _fact_and_outcomes(text: str, context: str | None = None) -> list[tuple[Fact, frozenset[tuple[str, bool]]]]:
    """The fact ``text`` states, with no further outcome; or, for a sentence that adds a second
    outcome after "and", the fact before it with that outcome (each of them must be one its
    statement declares: :meth:`Template._read_by_fact`)."""
    fact = read_fact(text)
    if fact is not None:
        return [(fact, frozenset())]
    # eleventh round: the fact read from its parts wherever they stand (rulings.fact_composer)
    composed = compose_fact(text, context)
    if composed is not None:
        return [composed]
    out: list[tuple[Fact, frozenset[tuple[str, bool]]]] = []
    for found in _AND_OUTCOME.finditer(text):
        head, tail = read_fact(text[: found.start()]), read_outcome(text[found.end() :])
        if head is not None and tail is not None:
            out.append((head, frozenset({tail})))
    return out


#: Two keywords of one rule said as alternatives ("loses flying or reach", "first strike or double
#: strike"): the sentence says its fact of each.
_KEYWORD_PAIR = re.compile(
    # only as what changes ("loses flying or reach"; not "a creature without flying or reach")
    r"\b(?:loses|lose|lost|losing|gains|gain|gained|gaining|no longer has|no longer have) "
    r"(?:(?P<k1>flying|reach) (?:or|and/or|and) (?P<k2>(?!(?P=k1))flying|reach)"
    # (not "first strike and double strike": losing both is not losing each, 702.4d; combat_facts reads it)
    r"|(?P<k3>first strike|double strike) (?:or|and/or) (?P<k4>(?!(?P=k3))first strike|double strike))\b"
)


def _one_of_pair(text: str, pair: re.Match[str], which: int) -> str:
    """``text`` with the pair of keywords said as its ``which``-th one alone."""
    first, group = ("k1", f"k{which}") if pair.group("k1") else ("k3", f"k{which + 2}")
    return text[: pair.start(first)] + pair.group(group) + text[pair.end() :]


#: A creature the sentence names with a keyword ("an attacking creature with menace").
_NAMED_HOLDER = re.compile(
    r"\b(?:attacking |blocked )?creatures? with (double strike|first strike|flying|reach|menace|vigilance|haste)\b"
)

#: Nineteenth round: a keyword an earlier clause of the sentence named, changed in a later one by pronoun ("vigilance
#: is checked only as attackers are declared; losing it afterward doesn't tap the creature"): "it" is the keyword.
_KEYWORD_NAMED = re.compile(
    r"\b(double strike|first strike|flying|reach|menace|vigilance|haste|trample|deathtouch|lifelink|defender)\b"
)
_KEYWORD_IT = re.compile(r"\b(losing|gaining|loses|gains|lose|gain|lost|gained) it\b")


def _keyword_for_it(clause: str, named: set[str]) -> str:
    """``clause`` with "losing it" said as "losing <keyword>" when the clauses before named one keyword only (never
    guessed between two)."""
    if len(named) != 1:
        return clause
    (keyword,) = named
    return _KEYWORD_IT.sub(lambda found: f"{found.group(1)} {keyword}", clause)


#: A pronoun that may carry a concept an earlier sentence bound (:func:`rulings.claims.bind`).
_PRONOUN = re.compile(r"\b(?:it|them|they)\b")

#: Every template, in the order they were declared (the order compiling tries them in).
TEMPLATES: list[Template] = []
