"""Failures grouped by cause: one engine deviation shown once, not once per invariant it breaks.

A deviation in an engine usually fails several invariants (phase.rs closing the ninjutsu window
at end of combat fails six of them). People triage deviations, so the report shows groups.

**The rule.** Two failing records are in the same group when they are of the same engine and
the same ruling family (the part of the ruling id before the first dot) and either

* their observed messages are the same once normalized (card ids, numbers and player numbers
  replaced by placeholders, case and spacing folded), or
* they fail on the same action shape: the same action kind and ability (the last action of the
  trace, or the action the check expected to be offered or accepted when the trace is empty) in
  the same step.

Across ruling families, two failures of one engine join when both their normalized observed
messages and the step they failed in agree: one engine deviation (no stop in the first-strike
damage step) breaks rulings of several families (ninjutsu, library ninjutsu, commander ninjutsu)
the same way, and is one cause to triage, not one per family.

Groups are the connected components of that relation (so "not offered" and "refused" of the
same ninjutsu activation in the same step join, through their common action shape). An error
joins others only by its message: an engine crash says nothing about an action's rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from reports.anchors import stable_anchor
from reports.results import ResultRecord

RULE = (
    "same engine and ruling family, and either the same observed message (card ids and numbers "
    "normalized) or the same failing action shape (action kind and ability, in the same step); "
    "across families, the same observed message in the same failing step"
)

_CARD_ID = re.compile(r"\b[a-z]\d+\b")
_PLAYER = re.compile(r"\bP\d+\b")
_NUMBER = re.compile(r"\b\d+\b")
_ACTION = re.compile(r"\bP\d+\s+([a-z][a-z-]*)(?:\s+[a-z]\d+)?(?:\s+\[([^\]]+)\])?")


def normalize(message: str) -> str:
    """A message with what differs between examples of one cause (ids, numbers) taken out."""
    out = _CARD_ID.sub("#", message)
    out = _PLAYER.sub("P", out)
    out = _NUMBER.sub("N", out)
    return " ".join(out.lower().split())


def family(record: ResultRecord) -> str:
    """The ruling family of a record: the first ruling id's part before its first dot."""
    source = record.rulings[0] if record.rulings else record.invariant
    return source.split(".", 1)[0].split("/", 1)[0]


def _step(state: object) -> str:
    if isinstance(state, dict) and isinstance(state.get("step"), str):
        return state["step"]
    return "?"


def failing_step(record: ResultRecord) -> str | None:
    """The step the failure was seen in (the engine's state after the trace, else the state
    loaded); None when the failure carries no state."""
    failure = record.failure
    if failure is None:
        return None
    state = (
        failure.after
        if failure.after is not None
        else (failure.counterexample.state if failure.counterexample is not None else None)
    )
    step = _step(state)
    return None if step == "?" else step


def action_shape(record: ResultRecord) -> str | None:
    """``activate [ninjutsu] in end-of-combat``: the failing action's kind and ability, and the
    step it was tried in; ``None`` when no action can be read from the failure."""
    failure = record.failure
    if failure is None:
        return None
    source = failure.trace[-1].action if failure.trace else failure.expected
    match = _ACTION.search(source or "")
    if match is None:
        return None
    kind, ability = match.group(1), match.group(2)
    state = (
        failure.after
        if failure.after is not None
        else (failure.counterexample.state if failure.counterexample is not None else None)
    )
    what = f"{kind} [{ability}]" if ability else kind
    return f"{what} in {_step(state)}"


def observed_key(record: ResultRecord) -> str:
    failure = record.failure
    if failure is None:
        return normalize(record.reason or "")
    return normalize(failure.message or failure.observed or record.reason or "")


@dataclass(frozen=True)
class Group:
    """Failing records of one cause; ``records[0]`` has the smallest counterexample."""

    anchor: str
    engine: str
    family: str
    status: str  # "fail", or "error" when every record of the group is an error
    title: str  # the smallest counterexample's message
    shapes: tuple[str, ...]
    messages: tuple[str, ...]  # distinct normalized messages
    records: tuple[ResultRecord, ...]


def _size(record: ResultRecord) -> tuple[int, int, str]:
    failure = record.failure
    size = failure.size if failure is not None and failure.size is not None else 10**9
    steps = len(failure.trace) if failure is not None else 0
    return (size, steps, record.invariant)


def group_failures(records: Iterable[ResultRecord], engines: tuple[str, ...] = ()) -> tuple[Group, ...]:
    """Fail and error records grouped by the rule above; groups ordered by engine (in
    ``engines`` order), then by size (largest first), then by title."""
    problems = [r for r in records if r.status in ("fail", "error")]
    parent = list(range(len(problems)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first_by_key: dict[tuple[str, ...], int] = {}
    for i, record in enumerate(problems):
        keys: list[tuple[str, ...]] = [(record.engine, family(record), "message", observed_key(record))]
        shape = action_shape(record) if record.status == "fail" else None
        if shape is not None:
            keys.append((record.engine, family(record), "shape", shape))
        step = failing_step(record) if record.status == "fail" else None
        if step is not None:
            keys.append((record.engine, "", "step and message", step, observed_key(record)))
        for key in keys:
            j = first_by_key.setdefault(key, i)
            parent[find(i)] = find(j)

    members: dict[int, list[ResultRecord]] = {}
    for i, record in enumerate(problems):
        members.setdefault(find(i), []).append(record)
    order = {name: n for n, name in enumerate(engines)}
    unsorted = []
    for rs in members.values():
        rs.sort(key=_size)
        smallest = rs[0]
        shapes = tuple(dict.fromkeys(s for s in (action_shape(r) for r in rs if r.status == "fail") if s))
        messages = tuple(dict.fromkeys(observed_key(r) for r in rs))
        title = (smallest.failure.message if smallest.failure else "") or smallest.reason or "no message"
        status = "error" if all(r.status == "error" for r in rs) else "fail"
        families = ", ".join(dict.fromkeys(family(r) for r in rs))
        unsorted.append((smallest.engine, families, status, title, shapes, messages, tuple(rs)))
    unsorted.sort(key=lambda g: (order.get(g[0], len(order)), g[0], -len(g[6]), g[3]))
    # The anchor names the group by its engine and its first invariant by id: stable across runs
    # of the same tree, unlike its place in the list.
    return tuple(
        Group(
            stable_anchor("group", engine, min(r.invariant for r in rs)),
            engine,
            fam,
            status,
            title,
            shapes,
            messages,
            rs,
        )
        for engine, fam, status, title, shapes, messages, rs in unsorted
    )


__all__ = ["RULE", "Group", "action_shape", "failing_step", "family", "group_failures", "normalize"]
