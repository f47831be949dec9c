"""Mutants of deathtouch (702.2): the mistakes an engine makes with it: deathtouch read nowhere,
its damage never destroying (the mark forgotten, or the state-based action missing), and 1
damage not lethal for a creature with deathtouch and trample."""

from __future__ import annotations

from . import Mutant, answers, table

MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "deathtouch-ignored",
        ("deathtouch.destroys", "deathtouch.state-based-action", "deathtouch.lethal-for-trample"),
        "deathtouch changes nothing: its damage destroys only when lethal, and a trampler needs full lethal damage",
        {"combat.has_deathtouch": answers(False)},
    ),
    (
        "deathtouch-damage-not-noted",
        ("deathtouch.destroys", "deathtouch.state-based-action"),
        "damage from a source with deathtouch is marked like any other: nothing remembers it came from deathtouch",
        {"combat.destroys_by_deathtouch": answers(False)},
    ),
    (
        "deathtouch-no-state-based-action",
        ("deathtouch.destroys", "deathtouch.state-based-action"),
        "state-based actions never destroy a creature dealt damage by deathtouch (704.5h missing)",
        {"core.destroyed_by_deathtouch": answers(False)},
    ),
    (
        "deathtouch-trample-needs-full-lethal",
        ("deathtouch.lethal-for-trample",),
        "a creature with deathtouch and trample must assign each blocker its full lethal damage before the rest",
        {"combat.one_damage_is_lethal": answers(False)},
    ),
)
