"""Actions by meaning: the protocol's names of an object's abilities, and two actions compared.

Actions are matched by meaning (kind, player, source card, ability, chosen costs, targets),
never by an engine's internal action index. Engines number an object's abilities their own way
(phase.rs numbers all of them together); the protocol counts mana abilities ("mana", "mana:1"
...) apart from the others ("ability:0", "ability:1" ...), each in text order, and gives some a
name of their own ("search" for a library search, "level:2" for a Class's level 2 bar).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from protocol.model import Action


@dataclass(frozen=True)
class AbilityShape:
    """What naming needs of one of an object's abilities, in the engine's order."""

    activated: bool
    mana: bool = False
    #: The protocol's own name for it ("search", "level:2"), when it has one.
    special: str | None = None


def ability_names(shapes: Sequence[AbilityShape]) -> list[str | None]:
    """The protocol's name of each ability (``None`` for one that is not activated)."""
    names: list[str | None] = []
    counts = {True: 0, False: 0}
    for shape in shapes:
        if not shape.activated:
            names.append(None)
            continue
        rank = counts[shape.mana]
        counts[shape.mana] += 1
        if shape.mana:
            names.append("mana" if rank == 0 else f"mana:{rank}")
        else:
            names.append(shape.special or f"ability:{rank}")
    return names


def same_meaning(a: Action, b: Action) -> bool:
    """Whether two actions are the same move: kind, player, source, ability, costs (in any
    order) and targets (combat declarations and chosen cards are not compared)."""
    return (a.kind, a.player, a.source, a.ability, sorted(a.costs), a.targets) == (
        b.kind,
        b.player,
        b.source,
        b.ability,
        sorted(b.costs),
        b.targets,
    )


__all__ = ["AbilityShape", "ability_names", "same_meaning"]
