"""mtg-conformance harness: the engine-neutral model, the engine adapter protocol, the bundled
reference engine, and the runner (pytest plugin and CLI) that checks engines against rulings."""

__version__ = "0.1.0"
