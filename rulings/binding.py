"""Hand-bound invariants: ``@binds("ruling-id")`` on a check no template produces.

Some rulings are one of a kind; writing a template for each would only hide a hand-written
invariant behind a pattern. Binding says so plainly, and the compile step reports the ruling as
"bound" rather than "template".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hypothesis.strategies import SearchStrategy

from generators.features import Feature
from protocol.probe import Scenario
from rulings.invariant import CheckFn, Invariant, InvariantKind

BOUND: list[Invariant] = []


def binds(
    *ruling_ids: str,
    id: str,
    kind: InvariantKind,
    requires: Iterable[str],
    scenarios: Callable[..., SearchStrategy[Scenario]],
    claims: Iterable[str] = (),
    exempt_controls: Iterable[tuple[str, str]] = (),
    optional: Iterable[str] = (),
    features: Iterable[Feature] = (),
) -> Callable[[CheckFn], CheckFn]:
    """Register the decorated check as an invariant encoding ``ruling_ids`` (``claims``,
    ``exempt_controls``, ``optional`` and ``features`` as in :class:`~rulings.invariant.Invariant`)."""
    if not ruling_ids:
        raise ValueError("@binds needs at least one ruling id")

    def register(check: CheckFn) -> CheckFn:
        if any(inv.id == id for inv in BOUND):
            raise ValueError(f"bound invariant id {id!r} is registered twice")
        BOUND.append(
            Invariant(
                id=id,
                rulings=tuple(ruling_ids),
                kind=kind,
                requires=frozenset(requires),
                scenarios=scenarios,
                check=check,
                description=(check.__doc__ or "").strip(),
                origin="bound",
                claims=tuple(claims),
                exempt_controls=tuple(exempt_controls),
                optional=frozenset(optional),
                features=tuple(features),
            )
        )
        return check

    return register
