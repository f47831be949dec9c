"""What an invariant is: rulings, requirements, a scenario strategy and a check.

An invariant encodes one or more rulings as a property: a scenario strategy draws game states,
``check`` acts on the engine through a :class:`~protocol.probe.Probe` (which only offers
the Session protocol, so the reference engine gets no private path) and raises
:class:`~protocol.probe.Violation` when the engine does something the ruling forbids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from hypothesis.strategies import SearchStrategy

from generators.features import Feature
from protocol.mechanics import check_requirements
from protocol.observability import check_fields
from protocol.probe import IMPLICIT_CLAIM, Probe, Scenario
from protocol.vocabulary import InvariantKind

CheckFn = Callable[[Probe, Scenario], None]
F = TypeVar("F", bound=Callable[..., None])

#: Where :func:`claims` records a check's claims on the function.
CLAIMS_ATTRIBUTE = "__claims__"


def claims(*names: str) -> Callable[[F], F]:
    """Declare, on a check function, the claims it marks with ``probe.claim(name)``: an
    :class:`Invariant` built on the check (or on a ``functools.partial`` of it) declares them
    unless it names its own. Keeping the names next to the ``probe.claim`` calls keeps the two
    from drifting apart."""

    def mark(check: F) -> F:
        setattr(check, CLAIMS_ATTRIBUTE, tuple(names))
        return check

    return mark


#: Where :func:`exempting` records the controls a check's invariant is exempt from.
EXEMPT_ATTRIBUTE = "__exempt_controls__"


def exempting(check: CheckFn, *pairs: tuple[str, str]) -> CheckFn:
    """``check`` (wrapped in a ``partial`` when it is a plain function, so other invariants on
    the same function are untouched) marked exempt from the ``(control, reason)`` pairs: an
    :class:`Invariant` built on it takes them unless it names its own. For a claim that does not
    depend on the control, e.g. a ruling that only permits on ``accepts-illegal``."""
    marked = check if isinstance(check, partial) else partial(check)
    setattr(marked, EXEMPT_ATTRIBUTE, tuple(getattr(marked, EXEMPT_ATTRIBUTE, ())) + tuple(pairs))
    return marked


def exempt(*pairs: tuple[str, str]) -> Callable[[F], F]:
    """Decorator form of :func:`exempting` for a check only one invariant uses (a bound one)."""

    def mark(check: F) -> F:
        setattr(check, EXEMPT_ATTRIBUTE, tuple(pairs))
        return check

    return mark


#: Where :func:`observes` / :func:`observing` record the model fields a check reads.
OBSERVES_ATTRIBUTE = "__observes__"


def observes(*fields: str) -> Callable[[F], F]:
    """Declare, on a check function, the model fields it reads that an engine may be unable to
    show (``protocol.observability.OBSERVABLE``): on an engine that cannot show one, its
    invariants are ``unsupported`` instead of judged on an empty value."""

    def mark(check: F) -> F:
        setattr(check, OBSERVES_ATTRIBUTE, check_fields(fields, owner=f"check {getattr(check, '__name__', check)}"))
        return check

    return mark


def observing(check: CheckFn, *fields: str) -> CheckFn:
    """``check`` (wrapped in a ``partial``) also observing ``fields``: for a check that reads a
    field only for some of the variants it is bound to."""
    marked = check if isinstance(check, partial) else partial(check)
    found = frozenset(getattr(marked, OBSERVES_ATTRIBUTE, frozenset()))
    setattr(marked, OBSERVES_ATTRIBUTE, found | check_fields(fields, owner="observing()"))
    return marked


def observes_of(check: Callable[..., object]) -> frozenset[str]:
    """Every field :func:`observes` or :func:`observing` marked on ``check`` and the functions
    it wraps (through any ``partial``)."""
    found: frozenset[str] = frozenset()
    while True:
        found |= frozenset(getattr(check, OBSERVES_ATTRIBUTE, frozenset()))
        if not isinstance(check, partial):
            return found
        check = check.func


def exemptions_of(check: Callable[..., object]) -> tuple[tuple[str, str], ...]:
    """The pairs :func:`exempting` put on ``check`` (through any ``partial``), or ``()``."""
    while isinstance(check, partial):
        found = getattr(check, EXEMPT_ATTRIBUTE, None)
        if found is not None:
            return tuple(found)
        check = check.func
    return tuple(getattr(check, EXEMPT_ATTRIBUTE, ()))


def claims_of(check: Callable[..., object]) -> tuple[str, ...]:
    """The claims :func:`claims` declared on ``check`` (through any ``partial``), or ``()``."""
    while isinstance(check, partial):
        found = getattr(check, CLAIMS_ATTRIBUTE, None)
        if found is not None:
            return tuple(found)
        check = check.func
    return tuple(getattr(check, CLAIMS_ATTRIBUTE, ()))


@dataclass(frozen=True)
class Invariant:
    """A property that encodes rulings: drawn scenarios + a check acting through a Probe."""

    id: str
    rulings: tuple[str, ...]
    kind: InvariantKind
    requires: frozenset[str]
    #: With no :attr:`optional` mechanics, a strategy of no arguments; with some, it takes the
    #: mechanics the engine may see (:meth:`strategy`) and should default to all of them.
    scenarios: Callable[..., SearchStrategy[Scenario]]
    check: CheckFn
    description: str
    #: How it was derived: "template:<template id>" or "bound".
    origin: str = "bound"
    #: The claims its check makes, each marked with ``probe.claim(name)`` where it is tested; a
    #: claim the check marks but this tuple lacks is an error. Empty: the check makes one
    #: implicit claim, :data:`~protocol.probe.IMPLICIT_CLAIM` (see :attr:`counted_claims`).
    claims: tuple[str, ...] = ()
    #: Controls (``engines.controls`` ids) this invariant is not expected to fail, each
    #: with the reason, e.g. ``(("refuses-all", "a pure must-be-refused check"),)``. By default
    #: every control its requirements make relevant must fail it or another invariant of its
    #: rulings (``mtg-conformance controls``).
    exempt_controls: tuple[tuple[str, str], ...] = ()
    #: The state features (``generators.features``) its scenarios must reach: each drawn in at
    #: least :data:`generators.features.MIN_REACH` of its ``ci`` examples (a test checks).
    features: tuple[Feature, ...] = ()
    #: Mechanics a drawn state may hold that the claim does not need (a planeswalker as attack
    #: target, first strike, an attack trigger ...): drawn only when the engine supports them, so
    #: an engine lacking one is still judged, over states without it (see :meth:`strategy`).
    optional: frozenset[str] = frozenset()
    #: The model fields its check reads that an engine may be unable to show
    #: (``protocol.observability``); by default those marked on the check (:func:`observes`).
    observes: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not self.claims:  # declared on the check (see :func:`claims`)
            object.__setattr__(self, "claims", claims_of(self.check))
        if not self.exempt_controls:  # marked on the check (see :func:`exempting`)
            object.__setattr__(self, "exempt_controls", exemptions_of(self.check))
        if not self.observes:
            object.__setattr__(self, "observes", observes_of(self.check))
        check_fields(self.observes, owner=f"invariant {self.id}")
        # A typo in a requirement must stop the import, not turn the invariant ``unsupported``.
        check_requirements(self.requires, owner=f"invariant {self.id}")
        check_requirements(self.optional, owner=f"invariant {self.id} (optional)")
        if self.requires & self.optional:
            raise ValueError(
                f"invariant {self.id}: mechanics both required and optional: {sorted(self.requires & self.optional)}"
            )
        if len(set(self.claims)) != len(self.claims) or not all(c.strip() for c in self.claims):
            raise ValueError(f"invariant {self.id}: claims must be distinct non-empty names, got {self.claims}")
        for control, reason in self.exempt_controls:
            if not reason.strip():
                raise ValueError(f"invariant {self.id}: exempting control {control!r} needs a reason")

    def strategy(self, supported: frozenset[str] | None = None) -> SearchStrategy[Scenario]:
        """The scenario strategy for an engine supporting ``supported`` of the :attr:`optional`
        mechanics (``None``: all of them). The scenarios callable is given the required mechanics
        plus the supported optional ones: the mechanics a drawn state may hold."""
        if not self.optional:
            return self.scenarios()
        allowed = self.optional if supported is None else self.optional & supported
        return self.scenarios(self.requires | allowed)

    @property
    def counted_claims(self) -> tuple[str, ...]:
        """The claims the runner counts: the declared ones, or the implicit one when none are
        declared (counted when the check returns without setting the example aside)."""
        return self.claims or (IMPLICIT_CLAIM,)

    @property
    def exempt(self) -> dict[str, str]:
        """Exempted control ids and why."""
        return dict(self.exempt_controls)
