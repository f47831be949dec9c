"""The JSON-lines protocol between the harness and an isolated engine worker: its name, version
and methods. Both sides import it from here (:mod:`harness.isolation`, the parent, and
:mod:`harness.worker`, the child), so neither imports the other; an engine written in another
language speaks the same lines (see the worker's docstring)."""

from __future__ import annotations

PROTOCOL = "mtg-conformance-engine"
PROTOCOL_VERSION = "1.1"
METHODS = ("hello", "supports", "start", "state", "legal_actions", "apply", "close")

__all__ = ["METHODS", "PROTOCOL", "PROTOCOL_VERSION"]
