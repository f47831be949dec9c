"""The invariant library: importing it registers every template and hand-bound invariant."""

from rulings.invariants import ninjutsu  # noqa: F401
from rulings.invariants import search  # noqa: F401
from rulings.invariants import mana  # noqa: F401
from rulings.invariants import rebound  # noqa: F401
from rulings.invariants import exile  # noqa: F401
from rulings.invariants import classes  # noqa: F401
from rulings.invariants import sneak  # noqa: F401
