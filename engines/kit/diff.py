"""Events derived from the difference of two exported states: what the engine did not report.

Engines report some of what happens and not the rest (phase.rs reports no creature put onto the
battlefield attacking; a plain engine may report nothing). The model states before and after an
action show much of it anyway. :func:`derived_events` lists each difference no reported event
accounts for, marked ``detail="derived"`` where the kind leaves ``detail`` free, so a check (and
a reader of a trace) can tell an engine's report from the kit's inference. An adapter chooses
the kinds it derives (:data:`DERIVABLE` by default); nothing is invented that the two states do
not show: a derived damage event names no source, a shuffle is seen only when the order changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from protocol.model import Event, EventKind, GameState, Permanent, Zone, target_ref

DERIVED = "derived"
#: The kinds :func:`derived_events` can derive, in the order it lists them.
DERIVABLE: frozenset[EventKind] = frozenset(
    {
        EventKind.ZONE_CHANGE,
        EventKind.TAP,
        EventKind.UNTAP,
        EventKind.ENTER_ATTACKING,
        EventKind.DAMAGE,
        EventKind.COUNTER,
        EventKind.LIFE,
        EventKind.STEP,
        EventKind.SHUFFLE,
    }
)


def derived_events(
    before: GameState, after: GameState, reported: Sequence[Event], kinds: Collection[EventKind] = DERIVABLE
) -> list[Event]:
    """The events of ``kinds`` that the change from ``before`` to ``after`` shows and no event
    of ``reported`` accounts for: zone changes (of the cards ``after`` holds), then per
    permanent its tap or untap, its entering attacking (undeclared), marked damage and counters,
    then life totals, the step, and shuffled libraries."""
    out: list[Event] = []
    if EventKind.ZONE_CHANGE in kinds:
        out += _zone_changes(before, after, reported)
    tapped = {(e.card, e.kind) for e in reported if e.kind in (EventKind.TAP, EventKind.UNTAP)}
    declared = {e.card for e in reported if e.kind is EventKind.ATTACK}
    damaged = {e.target for e in reported if e.kind is EventKind.DAMAGE}
    countered = {(e.card, e.detail) for e in reported if e.kind is EventKind.COUNTER}
    for perm in after.battlefield:
        old = before.permanent(perm.id)
        if old is not None and old.tapped != perm.tapped:
            kind = EventKind.TAP if perm.tapped else EventKind.UNTAP
            if kind in kinds and (perm.id, kind) not in tapped:
                out.append(Event(kind, card=perm.id, detail=DERIVED))
        if EventKind.ENTER_ATTACKING in kinds and perm.attacking is not None:
            if (old is None or old.attacking is None) and perm.id not in declared:
                out.append(Event(EventKind.ENTER_ATTACKING, card=perm.id, target=target_ref(perm.attacking)))
        if EventKind.DAMAGE in kinds and old is not None and perm.damage > old.damage and perm.id not in damaged:
            out.append(Event(EventKind.DAMAGE, target=perm.id, amount=perm.damage - old.damage, detail=DERIVED))
        if EventKind.COUNTER in kinds:
            out += [e for e in _counters(old, perm) if (e.card, e.detail) not in countered]
    if EventKind.LIFE in kinds:
        reported_life = {e.player for e in reported if e.kind is EventKind.LIFE}
        for was, now in zip(before.players, after.players, strict=True):  # a game keeps its seats
            if was.life != now.life and was.index not in reported_life:
                out.append(Event(EventKind.LIFE, player=was.index, amount=now.life - was.life, detail=DERIVED))
    if EventKind.STEP in kinds and (before.step, before.turn) != (after.step, after.turn):
        if not any(e.kind is EventKind.STEP for e in reported):
            out.append(Event(EventKind.STEP, detail=str(after.step)))  # the step reached; those between unseen
    if EventKind.SHUFFLE in kinds:
        shuffled = {e.player for e in reported if e.kind is EventKind.SHUFFLE}
        for was, now in zip(before.players, after.players, strict=True):
            same_cards = was.library != now.library and Counter(was.library) == Counter(now.library)
            if same_cards and was.index not in shuffled:
                out.append(Event(EventKind.SHUFFLE, player=was.index, amount=len(now.library), detail=DERIVED))
    return out


def _zone_changes(before: GameState, after: GameState, reported: Sequence[Event]) -> list[Event]:
    moved = {e.card for e in reported if e.kind is EventKind.ZONE_CHANGE}
    out = []
    for obj in after.objects:
        was, now = _zone(before, obj.id), _zone(after, obj.id)
        if was != now and obj.id not in moved:
            out.append(Event(EventKind.ZONE_CHANGE, card=obj.id, from_zone=was, to_zone=now, detail=DERIVED))
    return out


def _counters(old: Permanent | None, perm: Permanent) -> list[Event]:
    """Counters put on or removed from ``perm`` (all of them, for a permanent that just arrived)."""
    was = dict(old.counters) if old is not None else {}
    now = dict(perm.counters)
    return [
        Event(EventKind.COUNTER, card=perm.id, detail=kind, amount=now.get(kind, 0) - was.get(kind, 0))
        for kind in sorted(set(was) | set(now))
        if now.get(kind, 0) != was.get(kind, 0)
    ]


def _zone(state: GameState, card_id: str) -> Zone | None:
    try:
        return state.zone_of(card_id)
    except KeyError:
        return None


__all__ = ["DERIVABLE", "DERIVED", "derived_events"]
