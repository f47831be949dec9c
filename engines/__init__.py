"""Engines under test that ship with the harness: the reference engine (exact rules for the
corpus), its mutants and the degenerate controls, and third-party adapters (phase.rs), with the
adapter kit (:mod:`engines.kit`) those adapters are built on. Every engine depends on
:mod:`protocol` only."""
