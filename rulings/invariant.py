"""What an invariant is: rulings, requirements, a scenario strategy and a check.

An invariant encodes one or more rulings as a property: a scenario strategy draws game states,
``check`` acts on the engine through a :class:`~protocol.probe.Probe` (which only offers
the Session protocol, so the reference engine gets no private path) and raises
:class:`~protocol.probe.Violation` when the engine does something the ruling forbids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hypothesis.strategies import SearchStrategy

from generators.features import Feature
from protocol.mechanics import check_requirements
from protocol.observability import check_fields
from protocol.probe import IMPLICIT_CLAIM, Probe, Scenario
from protocol.vocabulary import InvariantKind

CheckFn = Callable[[Probe, Scenario], None]


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
    #: (``protocol.observability``): on an engine that declares it cannot show one, the verdict
    #: is ``unsupported`` with that reason, never a judgement on an empty or echoed value.
    observes: frozenset[str] = frozenset()
    #: The share of the profile's examples it draws (at least
    #: :data:`harness.profiles.LEAST_EXAMPLES`): below 1 for one of many rulings restating one
    #: rule, each a sample of the same family (see ``card_budget`` in :mod:`rulings.declare`).
    budget: float = 1.0

    def __post_init__(self) -> None:
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
        check_fields(self.observes, owner=f"invariant {self.id}")
        if not 0 < self.budget <= 1:
            raise ValueError(f"invariant {self.id}: budget must be a share in (0, 1], got {self.budget}")

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
