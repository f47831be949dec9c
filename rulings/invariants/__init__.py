"""The invariant library: importing it registers every template and hand-bound invariant."""

from rulings.invariants import (
    classes,  # noqa: F401
    exile,  # noqa: F401
    mana,  # noqa: F401
    ninjutsu,  # noqa: F401
    rebound,  # noqa: F401
    search,  # noqa: F401
    sneak,  # noqa: F401
)
