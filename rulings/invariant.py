"""What an invariant is: rulings, requirements, a scenario strategy and a check.

An invariant encodes one or more rulings as a property: a scenario strategy draws game states,
``check`` acts on the engine through a :class:`~harness.protocol.probe.Probe` (which only offers
the Session protocol, so the reference engine gets no private path) and raises
:class:`~harness.protocol.probe.Violation` when the engine does something the ruling forbids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from hypothesis.strategies import SearchStrategy

from harness.protocol.mechanics import check_requirements
from harness.protocol.probe import Probe, Scenario

InvariantKind = Literal["legality", "outcome", "trace", "global"]

CheckFn = Callable[[Probe, Scenario], None]


@dataclass(frozen=True)
class Invariant:
    """A property that encodes rulings: drawn scenarios + a check acting through a Probe."""

    id: str
    rulings: tuple[str, ...]
    kind: InvariantKind
    requires: frozenset[str]
    scenarios: Callable[[], SearchStrategy[Scenario]]
    check: CheckFn
    description: str
    #: How it was derived: "template:<template id>" or "bound".
    origin: str = "bound"

    def __post_init__(self) -> None:
        # A typo in a requirement must stop the import, not turn the invariant ``unsupported``.
        check_requirements(self.requires, owner=f"invariant {self.id}")
