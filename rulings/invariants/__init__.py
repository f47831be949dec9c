"""The invariant library: importing it registers every template and hand-bound invariant."""

from rulings.invariants import ninjutsu  # noqa: F401
