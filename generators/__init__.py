"""Hypothesis strategies that draw the game states invariants are checked on: combat states,
library searches, spells on the stack, mana sources. They build states with the protocol's state
builder and return :class:`~protocol.probe.Scenario` values; they know nothing of
rulings or engines, so a strategy can serve any invariant family."""
