"""Rules that hold in every game, judged on one step of play: (state before, action, events,
state after).

A ruling's invariant checks one card's rule in states drawn for it; these check what no ruling
states because every game obeys it (objects are conserved, state-based actions are performed
before a player gets priority, the turn's steps come in order ...). Exploration plays sequences
of offered actions from drawn states and judges every step with them, so an engine's bug shows
even where nobody imported a ruling. Each rule cites its Comprehensive Rules numbers and names
the problems it finds in words; a rule also says whether a step *exercised* it (a step where
nothing it speaks of could go wrong does not count towards a pass).

Each rule is engine-neutral: it reads only the exported model. Where the model cannot tell
(a continuous effect changing toughness, an effect keeping a permanent tapped), the rule leaves
the object out rather than guess: a false failure on a correct engine is worse than a gap.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from protocol.actions import Action
from protocol.model import STEP_ORDER, EventKind, GameState, Permanent, Step
from protocol.model import Event as ModelEvent


@dataclass(frozen=True)
class Transition:
    """One step of play: the state an action was chosen in, the action, what the engine reported
    and the state it exported after it."""

    before: GameState
    action: Action
    events: tuple[ModelEvent, ...]
    after: GameState


Judge = Callable[[Transition], list[str]]
Exercised = Callable[[Transition], bool]


@dataclass(frozen=True)
class GlobalRule:
    """A rule of every game: ``judge`` lists what a step broke (empty: it held), ``exercised``
    says whether the step was one the rule could fail on (counted as the rule's claim)."""

    id: str
    cr: tuple[str, ...]
    title: str
    claim: str
    judge: Judge
    exercised: Exercised
    #: Model fields the rule reads that an engine may declare it cannot show
    #: (:mod:`protocol.observability`).
    observes: frozenset[str] = frozenset()


# -- objects ------------------------------------------------------------------------------


def objects_conserved(step: Transition) -> list[str]:
    """400.1/400.7 (a card moves between zones, it does not vanish or appear), 111.1 and 111.7/
    704.5d (a token is made by an effect, and ceases to exist only outside the battlefield): every
    card of the state before is still an object after it, with the same name and owner (ids are
    stable), and every new object is a token."""
    found: list[str] = []
    before = {o.id: o for o in step.before.objects}
    after = {o.id: o for o in step.after.objects}
    for card_id, obj in before.items():
        now = after.get(card_id)
        if now is None:
            if not obj.token:
                found.append(f"card {card_id} ({obj.name}) vanished from the game (400.1)")
            elif (
                step.after.permanent(card_id) is None
                and step.before.permanent(card_id) is not None
                and not any(e.kind is EventKind.ZONE_CHANGE and e.card == card_id for e in step.events)
            ):
                found.append(f"token {card_id} ({obj.name}) ceased to exist without leaving the battlefield (111.7)")
        elif (now.name, now.owner) != (obj.name, obj.owner):
            found.append(
                f"object {card_id} changed identity: {obj.name} owned by P{obj.owner} became "
                f"{now.name} owned by P{now.owner} (ids are stable)"
            )
    for card_id, obj in after.items():
        if card_id not in before and not obj.token:
            found.append(f"card {card_id} ({obj.name}) appeared from nowhere: only tokens are created (111.1)")
    return found


# -- state-based actions ------------------------------------------------------------------

#: Oracle text that changes a creature's toughness by a continuous effect ("get +1/+1",
#: "gets -2/-2", "+1/+0"): the model holds no computed toughness, so a board with such text is
#: left out of the toughness checks.
_PT_CHANGE = re.compile(r"[+-]\d+/[+-]\d+|[+-]x/[+-]x", re.IGNORECASE)


def gives_priority(state: GameState) -> bool:
    """Whether a player holds priority in ``state`` (no other decision pending): 117.5/704.3 say
    state-based actions have been performed by then."""
    return state.pending is None and state.priority is not None


def _toughness_changers(state: GameState) -> bool:
    return any(_PT_CHANGE.search(state.data_of(p.id).text) for p in state.battlefield if state.has_object(p.id))


def _indestructible_anywhere(state: GameState) -> bool:
    """Whether any permanent has or could grant indestructible (702.12b): lethal damage is then
    not judged (the model does not say which creatures an effect made indestructible)."""
    for p in state.battlefield:
        if not state.has_object(p.id):
            continue
        data = state.data_of(p.id)
        if "Indestructible" in data.keywords or "indestructible" in data.text.lower():
            return True
    return False


def toughness_now(state: GameState, perm: Permanent) -> int | None:
    """A creature's toughness with its +1/+1 and -1/-1 counters (613.4c, 704.5f), or ``None``
    when not a number the model can compute (not a creature, a ``*`` toughness)."""
    data = state.data_of(perm.id)
    if not data.is_type("Creature") or data.toughness is None or not data.toughness.lstrip("-").isdigit():
        return None
    return int(data.toughness) + perm.counter("+1/+1") - perm.counter("-1/-1")


def sba_performed(step: Transition) -> list[str]:
    """704.3 and 117.5: whenever a player would get priority, state-based actions have been
    performed, so none of their conditions holds when a player holds it: a creature with
    toughness 0 or less (704.5f), a creature with lethal damage marked and no indestructible
    (704.5g, 702.12b), a planeswalker with 0 loyalty (704.5i), a battle with 0 defense (704.5v),
    a token outside the battlefield (704.5d)."""
    state = step.after
    if not gives_priority(state):
        return []
    found: list[str] = []
    changers = _toughness_changers(state)
    indestructible = _indestructible_anywhere(state)
    for perm in state.battlefield:
        if not state.has_object(perm.id):
            continue
        data = state.data_of(perm.id)
        toughness = None if changers else toughness_now(state, perm)
        if toughness is not None and toughness <= 0:
            found.append(f"creature {perm.id} ({data.name}) has toughness {toughness} at priority (704.5f)")
        elif toughness is not None and not indestructible and perm.damage >= toughness:
            found.append(
                f"creature {perm.id} ({data.name}) has {perm.damage} damage marked, toughness {toughness}, "
                "at priority (704.5g)"
            )
        if data.is_type("Planeswalker") and not data.is_type("Creature") and perm.counter("loyalty") <= 0:
            found.append(f"planeswalker {perm.id} ({data.name}) has 0 loyalty at priority (704.5i)")
        if data.is_type("Battle") and perm.counter("defense") <= 0 and not state.stack:
            found.append(f"battle {perm.id} ({data.name}) has 0 defense at priority (704.5v)")
    for player in state.players:
        for zone in ("hand", "library", "graveyard", "exile", "command"):
            for card_id in getattr(player, zone):
                if state.has_object(card_id) and state.obj(card_id).token:
                    found.append(f"token {card_id} is in P{player.index}'s {zone} at priority (704.5d)")
    return found


def sba_exercised(step: Transition) -> bool:
    """A player got priority with a permanent on the battlefield a state-based action speaks of."""
    state = step.after
    return gives_priority(state) and any(
        state.has_object(p.id) and any(state.data_of(p.id).is_type(t) for t in ("Creature", "Planeswalker", "Battle"))
        for p in state.battlefield
    )


# -- the turn -----------------------------------------------------------------------------


def step_changed(step: Transition) -> bool:
    return (step.before.turn, step.before.step) != (step.after.turn, step.after.step)


def steps_in_order(step: Transition) -> list[str]:
    """500.1 (the phases and steps of a turn come in order), 500.2/500.3 (a step ends when its
    actions are done and the players pass), 502.4 (no player receives priority in the untap
    step), 102.1/500.7 (the turn after this one is the next player's): in one action the game
    moves forward within the turn, or into the next turn of the other player, never back."""
    before, after = step.before, step.after
    found: list[str] = []
    if after.turn == before.turn:
        if after.active_player != before.active_player:
            found.append(f"the active player changed from P{before.active_player} to P{after.active_player} mid-turn")
        if STEP_ORDER.index(after.step) < STEP_ORDER.index(before.step):
            found.append(f"the turn went back from the {before.step} step to the {after.step} step (500.1)")
    elif after.turn == before.turn + 1:
        if after.active_player == before.active_player:
            found.append(f"turn {after.turn} is P{after.active_player}'s again: the other player's turn is next")
    else:
        found.append(f"the game went from turn {before.turn} to turn {after.turn} in one action")
    if after.step is Step.UNTAP and gives_priority(after):
        found.append(f"P{after.priority} has priority in the untap step (502.4)")
    return found


def step_ends(step: Transition) -> list[str]:
    """500.5/106.4 (as a step ends, unspent mana empties from every mana pool), 514.2 (in the
    cleanup step all damage marked on permanents is removed), 502.3 (the new active player's
    permanents untap in the untap step; a board with text that keeps permanents tapped is left
    out): what the steps without priority must have done when the game moved past them."""
    before, after = step.before, step.after
    if not step_changed(step):
        return []
    found: list[str] = []
    for player in after.players:
        if player.mana_pool:
            found.append(
                f"P{player.index}'s mana pool holds {''.join(player.mana_pool)} after the {before.step} step "
                "ended (500.5)"
            )
    if after.turn > before.turn:
        for perm in after.battlefield:
            if perm.damage:
                found.append(f"{perm.id} still has {perm.damage} damage marked in the next turn (514.2)")
        keeps_tapped = any(
            "untap" in after.data_of(p.id).text.lower() and "doesn't untap" in after.data_of(p.id).text.lower()
            for p in after.battlefield
            if after.has_object(p.id)
        )
        if not keeps_tapped:
            for perm in after.battlefield:
                held = before.permanent(perm.id)
                if perm.controller == after.active_player and perm.tapped and held is not None and held.tapped:
                    found.append(
                        f"{perm.id}, P{perm.controller}'s, stayed tapped through P{perm.controller}'s untap step (502.3)"
                    )
    return found


# -- life, damage and counters ------------------------------------------------------------


def _life_events(step: Transition, player: int) -> int | None:
    """The life change the events report for ``player``: their life events, or (for an engine
    that reports only the damage) the damage dealt to them; ``None`` when no event speaks of it."""
    life = [e.amount or 0 for e in step.events if e.kind is EventKind.LIFE and e.player == player]
    if life:
        return sum(life)
    damage = [e.amount or 0 for e in step.events if e.kind is EventKind.DAMAGE and e.target == f"player:{player}"]
    return -sum(damage) if damage else None


#: Counters that damage dealt to their permanent removes: loyalty from a planeswalker (120.3c),
#: defense from a battle (120.3h).
_DAMAGE_REMOVES = frozenset({"loyalty", "defense"})


def changes_have_events(step: Transition) -> list[str]:
    """119.3 (a life total changes when an effect or damage changes it: a life event), 120.3
    and 120.6 (damage marked on a permanent comes from a damage event; it is removed in cleanup,
    514.2, or as the permanent leaves), 122.1/122.6 (counters are put on or removed by an event):
    what changed between the two states is reported by the events of the action."""
    before, after = step.before, step.after
    found: list[str] = []
    for old, new in zip(before.players, after.players, strict=True):
        delta = new.life - old.life
        told = _life_events(step, new.index)
        if delta and told != delta:
            found.append(f"P{new.index}'s life went {old.life} -> {new.life} with events saying {told or 0} (119.3)")
    cleanup_passed = after.turn != before.turn or after.step is Step.CLEANUP
    for perm in after.battlefield:
        held = before.permanent(perm.id)
        if held is None:
            continue
        dealt = sum(
            e.amount or 0 for e in step.events if e.kind is EventKind.DAMAGE and e.target == perm.id and e.amount
        )
        data = after.data_of(perm.id) if after.has_object(perm.id) else None
        if data is not None and not data.is_type("Creature"):
            dealt_marked = 0  # damage to a planeswalker or battle removes counters, it is not marked (120.3)
        else:
            dealt_marked = dealt
        grew = perm.damage - held.damage
        if grew > 0 and dealt_marked < grew:
            found.append(f"{perm.id}'s marked damage went {held.damage} -> {perm.damage}, events deal {dealt} (120.3)")
        if grew < 0 and not cleanup_passed:
            found.append(f"{perm.id}'s marked damage went {held.damage} -> {perm.damage} outside cleanup (514.2)")
        old_counters, new_counters = dict(held.counters), dict(perm.counters)
        for kind in sorted(set(old_counters) | set(new_counters)):
            change = new_counters.get(kind, 0) - old_counters.get(kind, 0)
            if not change:
                continue
            reported = sum(
                e.amount or 0
                for e in step.events
                if e.kind is EventKind.COUNTER and e.card == perm.id and (e.detail in (None, kind))
            )
            if kind in _DAMAGE_REMOVES:  # 120.3c, 120.3h: damage to it removes these counters,
                # as many of them as it has: 5 damage to a battle with 1 defense counter removes 1
                reported -= min(dealt, max(0, old_counters.get(kind, 0) + max(0, reported)))
            if reported != change:
                found.append(f"{perm.id}'s {kind} counters changed by {change}, events report {reported} (122.1)")
    return found


def values_changed(step: Transition) -> bool:
    """A life total, marked damage or counters changed, or an event said they did."""
    before, after = step.before, step.after
    if any(a.life != b.life for a, b in zip(before.players, after.players, strict=True)):
        return True
    if any(e.kind in (EventKind.LIFE, EventKind.DAMAGE, EventKind.COUNTER) for e in step.events):
        return True
    for perm in after.battlefield:
        held = before.permanent(perm.id)
        if held is not None and (held.damage != perm.damage or held.counters != perm.counters):
            return True
    return False


def _always(step: Transition) -> bool:
    return True


RULES: tuple[GlobalRule, ...] = (
    GlobalRule(
        "objects-conserved",
        ("400.1", "400.7", "111.1", "111.7", "704.5d"),
        "objects are conserved: no card vanishes or appears, ids are stable, only tokens cease to exist",
        "a step was played and its objects compared",
        objects_conserved,
        _always,
    ),
    GlobalRule(
        "sba-before-priority",
        ("704.3", "117.5", "704.5d", "704.5f", "704.5g", "704.5i", "704.5v"),
        "state-based actions have been performed whenever a player gets priority",
        "a player got priority with a creature, planeswalker or battle on the battlefield",
        sba_performed,
        sba_exercised,
        frozenset({"damage", "counters"}),
    ),
    GlobalRule(
        "steps-in-order",
        ("500.1", "500.2", "502.4", "102.1"),
        "the turn's steps come in order, the next turn is the other player's, no priority in the untap step",
        "the game moved to another step",
        steps_in_order,
        step_changed,
    ),
    GlobalRule(
        "steps-end",
        ("500.5", "106.4", "502.3", "514.2"),
        "a step ends as the rules say: mana pools empty, the untap step untaps, cleanup removes damage",
        "the game moved to another step",
        step_ends,
        step_changed,
        frozenset({"damage"}),
    ),
    GlobalRule(
        "changes-have-events",
        ("119.3", "120.3", "122.1", "514.2"),
        "life, damage and counters change only with events that say so",
        "a life total, marked damage or counters changed",
        changes_have_events,
        values_changed,
        frozenset({"damage", "counters"}),
    ),
)

RULES_BY_ID: dict[str, GlobalRule] = {r.id: r for r in RULES}

__all__ = [
    "RULES",
    "RULES_BY_ID",
    "GlobalRule",
    "Transition",
    "changes_have_events",
    "gives_priority",
    "objects_conserved",
    "sba_performed",
    "step_ends",
    "steps_in_order",
    "toughness_now",
]
