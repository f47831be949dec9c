"""Stable HTML anchors: built from ids (engine, invariant, ruling), never from a position.

A link into a report (a CI comment, a bookmark, an issue) must point at the same result in the next
run of the same tree, and a group's or case's number moves as soon as another failure appears
before it. ``~`` joins the parts (ids do not contain it); whitespace, which an HTML id may not
hold, becomes ``_``.
"""

from __future__ import annotations


def stable_anchor(kind: str, *ids: str) -> str:
    """The id of a ``kind`` element (``case``, ``group``, ``ruling``) for these ids."""
    return "~".join((kind, *("_".join(i.split()) for i in ids)))


__all__ = ["stable_anchor"]
