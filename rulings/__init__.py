"""Ruling texts and what they compile into: the corpus (verbatim rulings with provenance), the
templates that match ruling sentences, the invariant families behind them, and the compile step
that gives every ruling its coverage (template, bound, informational or uncovered)."""
