"""The protocol layer: what every other layer and every engine adapter shares.

The engine-neutral game model (its actions and pending decisions, one type per kind) and its
JSON codec, the consistency check, the adapter protocol (``EngineAdapter``, ``Session``,
refusals and errors), the :class:`~protocol.probe.Probe` that enforces that contract while an
invariant acts, the mechanics registry and the keyword variants. It imports nothing else of the project, so an adapter author can depend on it alone."""

#: The project's version: the harness reports it, and the bundled engines carry it as theirs.
__version__ = "0.1.0"
