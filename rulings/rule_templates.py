"""Rule templates: a hand-written check behind sentence patterns, for rules that hold for any card
with a mechanic (every rebound spell, every Class, every "play the exiled card" effect).

``@binds`` ties a check to one ruling id, so another card's ruling saying the same thing can never
reach it. ``@rule_template`` ties it to what the ruling *says*: any ruling whose sentences are all
claims and explanations of the template compiles to the check, named ``<ruling id>/<name>``
(for the seed ruling the template was written from, the same id the bound invariant had). The
ruling's cards must have the mechanic (``applies`` reads their oracle data); a card that has not
leaves the ruling uncovered with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial

from hypothesis.strategies import SearchStrategy

from generators.features import Feature
from protocol.model import CardData
from protocol.probe import Scenario
from rulings.corpus import Ruling
from rulings.invariant import CheckFn, Invariant, InvariantKind
from rulings.templates import NotCovered, template

#: Reads a card's data: None if the rule applies to it, else why not.
Applies = Callable[[CardData], str | None]


@dataclass(frozen=True)
class _Check:
    name: str
    kind: InvariantKind
    requires: frozenset[str]
    scenarios: Callable[..., SearchStrategy[Scenario]]
    check: CheckFn
    description: str
    probe_claims: tuple[str, ...] = ()
    exempt_controls: tuple[tuple[str, str], ...] = ()
    features: tuple[Feature, ...] = ()
    optional: frozenset[str] = frozenset()
    card_scenarios: Callable[[tuple[CardData, ...]], SearchStrategy[Scenario]] | None = None
    card_requires: Callable[[tuple[CardData, ...]], Iterable[str]] | None = None


_CHECKS: dict[str, list[_Check]] = {}


def rule_template(
    template_id: str,
    *,
    name: str,
    kind: InvariantKind,
    requires: Iterable[str],
    scenarios: Callable[..., SearchStrategy[Scenario]] | None = None,
    claims: Mapping[str, str | tuple[str, ...]] | None = None,
    explains: tuple[str, ...] = (),
    applies: Applies | None = None,
    claim_applies: Mapping[str, Applies] | None = None,
    probe_claims: Iterable[str] = (),
    exempt_controls: Iterable[tuple[str, str]] = (),
    features: Iterable[Feature] = (),
    optional: Iterable[str] = (),
    card_scenarios: Callable[[tuple[CardData, ...]], SearchStrategy[Scenario]] | None = None,
    card_requires: Callable[[tuple[CardData, ...]], Iterable[str]] | None = None,
) -> Callable[[CheckFn], CheckFn]:
    """Register the decorated check under ``template_id``. The first registration of an id gives
    its sentence ``claims``/``explains`` (and ``applies``); later ones add more checks to the same
    rule. ``probe_claims``, ``exempt_controls``, ``features`` and ``optional`` are the invariant's (see
    :class:`~rulings.invariant.Invariant`). ``claim_applies``: claim name -> a further test of the
    card when a ruling states that claim (a claim true of some of the mechanic's cards only).
    Scenarios come from ``scenarios()``, or from
    ``card_scenarios(cards)`` given the ruling's cards (their oracle data from the card pool), so
    the states drawn are about the ruling's own card; ``card_requires(cards)``, when given, is the
    mechanics those states need (instead of ``requires``)."""
    if (scenarios is None) == (card_scenarios is None):
        raise ValueError(f"rule template {template_id!r}: give exactly one of scenarios and card_scenarios")

    def register(check: CheckFn) -> CheckFn:
        first = template_id not in _CHECKS
        if first and not claims:
            raise ValueError(f"rule template {template_id!r}: the first check registered needs its claims")
        if not first and claims:
            raise ValueError(f"rule template {template_id!r}: claims given twice")
        checks = _CHECKS.setdefault(template_id, [])
        checks.append(
            _Check(
                name,
                kind,
                frozenset(requires),
                scenarios or _unused,
                check,
                (check.__doc__ or "").strip(),
                tuple(probe_claims),
                tuple(exempt_controls),
                tuple(features),
                frozenset(optional),
                card_scenarios,
                card_requires,
            )
        )
        if first:
            _register_family(template_id, claims or {}, explains, applies, checks, claim_applies or {})
        return check

    return register


def _register_family(
    template_id: str,
    claims: Mapping[str, str | tuple[str, ...]],
    explains: tuple[str, ...],
    applies: Applies | None,
    checks: list[_Check],
    claim_applies: Mapping[str, Applies],
) -> None:
    def family(ruling: Ruling, slots: Mapping[str, str]) -> list[Invariant]:
        cards: tuple[CardData, ...] = tuple(getattr(slots, "cards", ()))
        found: frozenset[str] = getattr(slots, "claims", frozenset())
        tests = [applies] if applies is not None else []
        tests += [test for claim, test in claim_applies.items() if claim in found]
        for card in cards:
            for test in tests:
                problem = test(card)
                if problem:
                    raise NotCovered(f"{card.name}: {problem}")
        return [
            Invariant(
                id=f"{ruling.id}/{c.name}",
                rulings=(ruling.id,),
                kind=c.kind,
                requires=c.requires if c.card_requires is None else frozenset(c.card_requires(cards)),
                scenarios=c.scenarios if c.card_scenarios is None else partial(c.card_scenarios, cards),
                check=c.check,
                description=c.description,
                origin=f"template:{template_id}",
                claims=c.probe_claims,
                exempt_controls=c.exempt_controls,
                features=c.features,
                optional=c.optional,
            )
            for c in checks
        ]

    family.__doc__ = f"The checks of {template_id}, for any card the rule applies to."
    template(template_id, claims=claims, explains=explains)(family)


def _unused() -> SearchStrategy[Scenario]:
    raise AssertionError("a check registered with card_scenarios draws its scenarios from the ruling's cards")


def has_subtype(subtype: str) -> Applies:
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
