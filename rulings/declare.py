"""Declaring an invariant: what it applies to, its claims and its check, in one place.

Every invariant is declared with :func:`invariant`, as a decorator on its check (its docstring is
the description) or with ``check=`` for a check several invariants share::

    RECAST_OPTIONAL = template("rebound.recast-optional", cards=mentions("rebound", "rebound"))

    @invariant(
        applies_to=RECAST_OPTIONAL,
        name="may-decline",
        kind="legality",
        claims=["the cast offered and declining accepted"],
        requires=BALLER,
        scenarios=rebound_upkeep_scenarios,
        exempt={"accepts-illegal": PERMITS},
    )
    def check_may_decline(probe, scenario):
        '''At the upkeep, rebound's trigger offers to cast the card and to decline ...'''

What it applies to is the one difference between a family and a one-card binding:

- ``applies_to=template("id")``: every ruling whose sentences are all wordings of the template
  (``rulings/wordings/*.toml``, see :mod:`rulings.templates`) compiles to the invariant, named
  ``<ruling id>/<name>`` (coverage "template");
- ``applies_to=ruling("id")``: that one ruling only, for a rule true of one card (coverage
  "bound").

The ``claims`` are the counted points: each one the check marks with ``probe.claim(name)``.

A family parametrized by a ruling's card data gives ``for_each=Each(...)``: one invariant per
value the match yields (the keyword variants a ruling speaks of, the cost symbol it names), the
value passed to the check first and, when ``Each.id`` is given, its id segment in the invariant's
id (``<ruling id>/<value id>/<name>``). ``name``, ``claims`` and ``description`` may then be
functions of the value, and ``when`` / ``when_stated`` leave some out. ``scenarios`` is a
strategy factory (the :attr:`~rulings.invariant.Invariant.scenarios` of every invariant) or a
:class:`DrawPlan`, which draws from the value and the ruling's cards (the ruling's own card as the
Ninja, say) and adds the mechanics and features its states hold to the declared ones.

A bad declaration raises :class:`DeclarationError` when its module is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, Protocol, TypeVar, get_args, overload, runtime_checkable

from hypothesis.strategies import SearchStrategy

from generators.features import Feature
from generators.scenery import tokens_optional
from protocol.mechanics import Mechanic
from protocol.model import CardData
from protocol.observability import check_fields
from protocol.probe import Scenario
from protocol.vocabulary import InvariantKind
from rulings.invariant import Invariant
from rulings.templates import TEMPLATES, WORDINGS, Applies, Match, Template

P = TypeVar("P")
F = TypeVar("F", bound=Callable[..., None])

#: A value of a declaration, or a function of its ``for_each`` value giving it.
PerValue = Callable[[Any], P]


class DeclarationError(ValueError):
    """A malformed declaration; the message names the invariant or the template."""


@dataclass(frozen=True)
class Draws:
    """The scenarios of one invariant and what its states hold."""

    scenarios: Callable[..., SearchStrategy[Scenario]]
    #: Mechanics every drawn state holds (added to the declaration's ``requires``).
    requires: frozenset[str] = frozenset()
    #: State features the scenarios must reach (before the declaration's own).
    features: tuple[Feature, ...] = ()
    #: Mechanics drawn only when the engine supports them (less the required ones).
    optional: frozenset[str] = frozenset()
    #: Said after the description, in parentheses: e.g. the ruling's card the states draw.
    note: str | None = None


@runtime_checkable
class DrawPlan(Protocol):
    """Scenarios that depend on what a ruling compiles from: :meth:`draws` gives them for one value
    of the declaration's ``for_each`` (None without one) and the template's match."""

    def draws(self, value: Any, match: Match) -> Draws: ...


@dataclass(frozen=True)
class FromCards:
    """Scenarios about the ruling's own cards: ``scenarios(cards)``, needing ``requires(cards)``."""

    scenarios: Callable[[tuple[CardData, ...]], SearchStrategy[Scenario]]
    requires: Callable[[tuple[CardData, ...]], Iterable[str]]

    def draws(self, value: Any, match: Match) -> Draws:
        return Draws(partial(self.scenarios, match.cards), frozenset(self.requires(match.cards)))


@dataclass(frozen=True)
class Each(Generic[P]):
    """The values a declaration is compiled for, read from a template's match (they may raise
    :class:`~rulings.templates.NotCovered`): one invariant each."""

    values: Callable[[Match], Sequence[P]]
    #: The value's segment in the invariant's id (None: the id has none).
    id: Callable[[P], str] | None = None
    #: Whether the check receives the value as its first argument (False: only the scenarios,
    #: the name, the claims and the description see it).
    passed_to_check: bool = True


@dataclass(frozen=True)
class OneRuling:
    """Applies to one ruling, by id: a rule true of one card only."""

    id: str


def ruling(id: str) -> OneRuling:
    """What a one-card invariant applies to: the ruling ``id`` (coverage "bound")."""
    if not isinstance(id, str) or "." not in id or id != id.strip():
        raise DeclarationError(f"ruling(...) takes a ruling id such as 'card.rule', got {id!r}")
    return OneRuling(id)


def template(
    id: str, *, cards: Applies | None = None, cards_when_stated: Mapping[str, Applies] | None = None
) -> Template:
    """The template ``id``, whose wordings are in ``rulings/wordings/*.toml``: what a family of
    invariants applies to. ``cards``: a test each of the ruling's cards must pass (it has the
    mechanic); ``cards_when_stated``: statement name -> a further test when the ruling states it.
    Templates are tried in the order they are declared."""
    if id not in WORDINGS:
        raise DeclarationError(
            f"template {id!r} has no wordings: add a [[template]] with id = {id!r} to rulings/wordings/"
        )
    if any(t.id == id for t in TEMPLATES):
        raise DeclarationError(f"template {id!r} is declared twice")
    unknown = sorted(set(cards_when_stated or {}) - set(WORDINGS[id].states))
    if unknown:
        raise DeclarationError(f"template {id!r}: cards_when_stated names no statement of its wordings: {unknown}")
    tpl = Template(WORDINGS[id], cards, dict(cards_when_stated or {}))
    tpl.regexes()  # a malformed sentence stops the import
    TEMPLATES.append(tpl)
    return tpl


@dataclass(frozen=True)
class Declaration:
    """One :func:`invariant` declaration (see the module docstring)."""

    applies_to: Template | OneRuling
    name: str | PerValue[str]
    kind: InvariantKind
    claims: tuple[str, ...] | PerValue[Sequence[str]]
    scenarios: Callable[..., SearchStrategy[Scenario]] | DrawPlan
    check: Callable[..., None]
    description: str | PerValue[str]
    requires: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    features: tuple[Feature, ...] = ()
    exempt: tuple[tuple[str, str], ...] = ()
    observes: frozenset[str] | PerValue[Iterable[str]] = frozenset()
    for_each: Each[Any] | None = None
    when: Callable[[Any], bool] | None = None
    when_stated: str | None = None
    #: The share of a profile's examples an invariant compiled from a card's ruling (one naming
    #: cards) draws (:attr:`~rulings.invariant.Invariant.budget`); a rule text's invariants draw
    #: them all.
    card_budget: float = 1.0

    @property
    def origin(self) -> str:
        return f"template:{self.applies_to.id}" if isinstance(self.applies_to, Template) else "bound"

    def values(self, match: Match) -> list[Any]:
        """The ``for_each`` values this declaration compiles ``match`` for (``[None]`` without one)."""
        if self.when_stated is not None and self.when_stated not in match.states:
            return []
        values = list(self.for_each.values(match)) if self.for_each is not None else [None]
        return [v for v in values if self.when is None or self.when(v)]

    def build(self, match: Match, value: Any) -> Invariant:
        """The invariant for ``match`` and one of its values."""

        def given(option: Any) -> Any:
            return option(value) if callable(option) else option

        name, description = given(self.name), given(self.description)
        segment = f"{self.for_each.id(value)}/" if self.for_each is not None and self.for_each.id else ""
        if isinstance(self.scenarios, DrawPlan):
            draws = self.scenarios.draws(value, match)
        else:
            draws = Draws(self.scenarios)
        requires = self.requires | draws.requires
        passed = self.for_each is not None and self.for_each.passed_to_check
        optional = frozenset((draws.optional - requires) | self.optional)
        scenarios = draws.scenarios
        if Mechanic.TOKENS not in requires | optional:
            # The scenery's tokens (generators.scenery): drawn where the engine supports tokens.
            scenarios = tokens_optional(scenarios, takes_allowed=bool(optional))
            optional |= {Mechanic.TOKENS}
        return Invariant(
            id=f"{match.ruling.id}/{segment}{name}",
            rulings=(match.ruling.id,),
            kind=self.kind,
            requires=frozenset(requires),
            scenarios=scenarios,
            check=partial(self.check, value) if passed else self.check,
            description=f"{description} ({draws.note})" if draws.note else description,
            origin=self.origin,
            claims=tuple(given(self.claims)),
            exempt_controls=self.exempt,
            features=draws.features + self.features,
            optional=optional,
            observes=frozenset(given(self.observes)),
            budget=self.card_budget if match.ruling.cards else 1.0,
        )


#: Every declaration, in the order declared.
DECLARED: list[Declaration] = []


def _declare(declaration: Declaration) -> Declaration:
    name = declaration.name if isinstance(declaration.name, str) else "(named by its for_each value)"
    where = f"invariant {name!r} of {getattr(declaration.applies_to, 'id', declaration.applies_to)}"
    if not isinstance(declaration.applies_to, Template | OneRuling):
        raise DeclarationError(f"{where}: applies_to must be template(...) or ruling(...)")
    if declaration.kind not in get_args(InvariantKind):
        raise DeclarationError(f"{where}: kind must be one of {get_args(InvariantKind)}, got {declaration.kind!r}")
    if isinstance(declaration.name, str) and not (declaration.name and declaration.name == declaration.name.strip()):
        raise DeclarationError(f"{where}: name must be a non-empty id segment")
    if not callable(declaration.claims) and not declaration.claims:
        raise DeclarationError(f"{where}: claims must name every point its check marks with probe.claim(...)")
    if isinstance(declaration.description, str) and not declaration.description.strip():
        raise DeclarationError(f"{where}: needs a description (the check's docstring, or description=...)")
    if not (callable(declaration.scenarios) or isinstance(declaration.scenarios, DrawPlan)):
        raise DeclarationError(f"{where}: scenarios must be a strategy factory or a DrawPlan")
    if isinstance(declaration.applies_to, OneRuling) and declaration.for_each is not None:
        raise DeclarationError(f"{where}: for_each is for a template; a ruling(...) invariant is compiled once")
    per_value = [f for f in ("name", "claims", "description", "observes") if callable(getattr(declaration, f))]
    if not callable(declaration.observes):
        try:
            check_fields(declaration.observes, owner=where)
        except ValueError as exc:
            raise DeclarationError(str(exc)) from None
    if per_value and declaration.for_each is None:
        raise DeclarationError(
            f"{where}: {', '.join(per_value)} given as functions of a value, but no for_each gives one"
        )
    if declaration.when is not None and declaration.for_each is None:
        raise DeclarationError(f"{where}: when tests a for_each value; without for_each there is none")
    if declaration.when_stated is not None:
        tpl = declaration.applies_to
        if not isinstance(tpl, Template) or declaration.when_stated not in tpl.wordings.states:
            raise DeclarationError(f"{where}: when_stated names no statement of its template's wordings")
    for control, reason in declaration.exempt:
        if not reason.strip():
            raise DeclarationError(f"{where}: exempting control {control!r} needs a reason")
    if not callable(declaration.name):
        same = [
            d
            for d in DECLARED
            if d.applies_to == declaration.applies_to
            and d.name == declaration.name
            and d.for_each is declaration.for_each
        ]
        if same:
            raise DeclarationError(f"{where}: declared twice")
    DECLARED.append(declaration)
    return declaration


@overload
def invariant(
    *,
    applies_to: Template | OneRuling,
    name: str | PerValue[str],
    kind: InvariantKind,
    claims: Sequence[str] | PerValue[Sequence[str]],
    scenarios: Callable[..., SearchStrategy[Scenario]] | DrawPlan,
    check: Callable[..., None],
    requires: Iterable[str] = ...,
    optional: Iterable[str] = ...,
    features: Iterable[Feature] = ...,
    exempt: Mapping[str, str] | None = ...,
    observes: Iterable[str] | PerValue[Iterable[str]] = ...,
    for_each: Each[Any] | None = ...,
    when: Callable[[Any], bool] | None = ...,
    when_stated: str | None = ...,
    description: str | PerValue[str] | None = ...,
    card_budget: float = ...,
) -> Declaration: ...


@overload
def invariant(
    *,
    applies_to: Template | OneRuling,
    name: str | PerValue[str],
    kind: InvariantKind,
    claims: Sequence[str] | PerValue[Sequence[str]],
    scenarios: Callable[..., SearchStrategy[Scenario]] | DrawPlan,
    check: None = ...,
    requires: Iterable[str] = ...,
    optional: Iterable[str] = ...,
    features: Iterable[Feature] = ...,
    exempt: Mapping[str, str] | None = ...,
    observes: Iterable[str] | PerValue[Iterable[str]] = ...,
    for_each: Each[Any] | None = ...,
    when: Callable[[Any], bool] | None = ...,
    when_stated: str | None = ...,
    description: str | PerValue[str] | None = ...,
    card_budget: float = ...,
) -> Callable[[F], F]: ...


def invariant(
    *,
    applies_to: Template | OneRuling,
    name: str | PerValue[str],
    kind: InvariantKind,
    claims: Sequence[str] | PerValue[Sequence[str]],
    scenarios: Callable[..., SearchStrategy[Scenario]] | DrawPlan,
    check: Callable[..., None] | None = None,
    requires: Iterable[str] = (),
    optional: Iterable[str] = (),
    features: Iterable[Feature] = (),
    exempt: Mapping[str, str] | None = None,
    observes: Iterable[str] | PerValue[Iterable[str]] = (),
    for_each: Each[Any] | None = None,
    when: Callable[[Any], bool] | None = None,
    when_stated: str | None = None,
    description: str | PerValue[str] | None = None,
    card_budget: float = 1.0,
) -> Declaration | Callable[[F], F]:
    """Declare an invariant (see the module docstring). ``applies_to``: ``template(...)`` or
    ``ruling(...)``; ``claims``: the points its check marks with ``probe.claim(name)``;
    ``requires`` / ``optional`` / ``features`` / ``exempt`` (control id -> why the invariant is
    not expected to fail it) / ``observes`` (the fields of the state its check reads that an engine
    may be unable to show, ``protocol.observability``): as in :class:`~rulings.invariant.Invariant`; ``description``:
    default, the check's docstring; ``card_budget``: the share of a profile's examples each
    invariant compiled from a card's ruling draws (a family restated by many cards' rulings
    samples each restatement, while the rule text's own invariant draws in full). Without ``check``, a decorator registering the function it
    decorates (and returning it unchanged)."""

    def declare(fn: Callable[..., None]) -> Declaration:
        return _declare(
            Declaration(
                applies_to=applies_to,
                name=name,
                kind=kind,
                claims=claims if callable(claims) else tuple(claims),
                scenarios=scenarios,
                check=fn,
                description=description if description is not None else (fn.__doc__ or "").strip(),
                requires=frozenset(requires),
                optional=frozenset(optional),
                features=tuple(features),
                exempt=tuple((exempt or {}).items()),
                observes=observes if callable(observes) else frozenset(observes),
                for_each=for_each,
                when=when,
                when_stated=when_stated,
                card_budget=card_budget,
            )
        )

    if check is not None:
        return declare(check)

    def decorate(fn: F) -> F:
        declare(fn)
        return fn

    return decorate


def invariants_of(tpl: Template, match: Match) -> list[Invariant]:
    """The invariants ``match`` compiles to through ``tpl`` (the cards tested first): value by
    value of each ``for_each``, every declaration using it, in the order declared."""
    tpl.check_cards(match)
    groups: dict[int, list[Declaration]] = {}
    for d in DECLARED:
        if d.applies_to is tpl:
            groups.setdefault(id(d.for_each), []).append(d)
    out: list[Invariant] = []
    for declarations in groups.values():
        values = {id(d): d.values(match) for d in declarations}
        for i in range(max(len(v) for v in values.values())):
            out.extend(d.build(match, values[id(d)][i]) for d in declarations if i < len(values[id(d)]))
    return out


def bindings() -> list[Declaration]:
    """The declarations that apply to one ruling, in the order declared."""
    return [d for d in DECLARED if isinstance(d.applies_to, OneRuling)]


def unfinished() -> list[str]:
    """What the registry lacks: wordings no template declares, templates no invariant applies to."""
    declared = {t.id for t in TEMPLATES}
    used = {d.applies_to.id for d in DECLARED if isinstance(d.applies_to, Template)}
    return [
        *(
            f"wordings of {w.id} ({w.source}) have no template(...) declaring them"
            for w in WORDINGS.values()
            if w.id not in declared
        ),
        *(f"template {t.id} has no invariant applying to it" for t in TEMPLATES if t.id not in used),
    ]


# -- card tests a template may use ---------------------------------------------------------


def has_subtype(subtype: str) -> Applies:
    """The card has ``subtype`` ("Class")."""

    def applies(card: CardData) -> str | None:
        return None if subtype in card.subtypes else f"not a {subtype} (type line: {card.type_line})"

    return applies


def mentions(word: str, what: str) -> Applies:
    """The card's keywords or oracle text name ``word`` (it has or grants the mechanic)."""

    def applies(card: CardData) -> str | None:
        if any(k.lower() == word for k in card.keywords) or word in card.text.lower():
            return None
        return f"no {what} in its oracle text"

    return applies
