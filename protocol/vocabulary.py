"""The closed word lists of the flow, defined once: what kind of claim an invariant makes, how a
ruling is covered, what a ruling is, and which verdicts a run gives.

The compile step (``rulings``), the runner and the results schema (``reports``) all speak these
words; keeping them here, in the bottom layer, means a new verdict or coverage class is added in
one place and every layer that checks it (the codec checks ``Literal`` values) follows."""

from __future__ import annotations

from typing import Literal, get_args

#: What an invariant checks: an action is offered iff legal (*legality*), the state after acting
#: (*outcome*), the events during resolution (*trace*), or a property of every step (*global*).
InvariantKind = Literal["legality", "outcome", "trace", "global"]
KINDS: tuple[InvariantKind, ...] = get_args(InvariantKind)

#: How compiling covered a ruling: a template matched it, a hand-written invariant binds it,
#: nothing to execute (informational), or nothing encodes it yet (uncovered).
Coverage = Literal["template", "bound", "informational", "uncovered"]
COVERAGES: tuple[Coverage, ...] = get_args(Coverage)

#: A ruling of the corpus is executable or informational (with a reason).
RulingStatus = Literal["executable", "informational"]

#: The verdict of one invariant on one engine.
Status = Literal["pass", "fail", "inconclusive", "unsupported", "error"]
STATUSES: tuple[Status, ...] = get_args(Status)
