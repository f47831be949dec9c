"""Mutants of the ninjutsu rules (702.49): the mistakes real engines make with Ninjas."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engines.reference.core import Core
from engines.reference.engine import Combat, NinjutsuFamily
from engines.reference.game import SOURCE_GONE, Game, Perm
from engines.reference.lines import Ninjutsu
from protocol.model import (
    Action,
    AttackTarget,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Step,
    target_ref,
)

from . import Mutant, answers, table

LATE_STEPS = (Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
EARLY_STEPS = (
    Step.UNTAP,
    Step.UPKEEP,
    Step.DRAW,
    Step.PRECOMBAT_MAIN,
    Step.BEGINNING_OF_COMBAT,
    Step.DECLARE_ATTACKERS,
)


def deal_damage_if_late(
    ninjutsu: NinjutsuFamily, game: Game, item: StackItem, entered: bool, events: list[Event]
) -> None:
    """The bug of the "late Ninja deals damage" mutants: a Ninja that entered attacking after
    combat damage was dealt deals its combat damage at once."""
    perm = game.perm(item.source)
    if entered and perm is not None and perm.attacking is not None and game.step in LATE_STEPS:
        recipient = target_ref(perm.attacking)
        combat = ninjutsu.combat
        combat.deal_damage(game, perm, recipient, combat.combat_damage_amount(game, perm), "regular", events)


def no_priority_in_first_strike_step(self: Core, game: Game, step: Step) -> bool:
    """The turn structure of an engine with one combat damage step: the first-strike damage is
    dealt, but nobody gets priority before the regular damage (510.4 gives them priority)."""
    return step is not Step.FIRST_STRIKE_DAMAGE and Core.step_has_priority(self, game, step)


def combat_never_ends(self: Combat, game: Game) -> None:
    """The half of the "combat never ends" mutants that keeps creatures attacking after the end
    of combat step (each mutant adds the window that then stays open)."""
    game.first_strikers = []


def ninjutsu_before_blockers__window_open(self, game: Game, player: PlayerIndex) -> bool:
    return game.step.is_combat and game.priority == player and game.pending is None


def any_attacker_returnable(self, game: Game, player: PlayerIndex) -> list[Perm]:
    """Every attacking creature of the player is accepted, blocked or not."""
    return [p for p in game.battlefield if p.controller == player and p.attacking is not None]


def ninja_enters_any_target(self, game: Game, item: StackItem) -> AttackTarget | None:
    if not game.step.is_combat:
        return None
    return AttackTarget.of_player(1 - item.controller)


def first_strike_ninja_skips_regular_damage(self, game: Game, perm: Perm, first_strike_step: bool) -> bool:
    if first_strike_step:
        return Combat.deals_damage_in_step(self, game, perm, first_strike_step)
    return not self.has_first_strike(game, perm) or self.has_double_strike(game, perm)


def window_open_only_in(step: Step) -> Callable[..., bool]:
    """A ninjutsu window the engine opens in ``step`` only (the reference window, narrowed)."""

    def window_open(self: NinjutsuFamily, game: Game, player: PlayerIndex) -> bool:
        return game.step is step and NinjutsuFamily.ninjutsu_window_open(self, game, player)

    return window_open


def window_open_outside(step: Step) -> Callable[..., bool]:
    """A ninjutsu window the engine keeps shut in ``step`` (the reference window, narrowed)."""

    def window_open(self: NinjutsuFamily, game: Game, player: PlayerIndex) -> bool:
        return game.step is not step and NinjutsuFamily.ninjutsu_window_open(self, game, player)

    return window_open


def late_ninja_deals_damage(self, game: Game, item: StackItem, events: list[Event]) -> bool:
    entered = NinjutsuFamily.resolve_ninjutsu(self, game, item, events)
    deal_damage_if_late(self, game, item, entered, events)
    return entered


def combat_never_ends_for_ninjutsu(self, game: Game, player: PlayerIndex) -> bool:
    return game.step not in EARLY_STEPS and game.priority == player and game.pending is None


def ninja_enters_on_activation(self, game: Game, action: Action, events: list[Event]) -> None:
    NinjutsuFamily.activate_ninjutsu(self, game, action, events)
    item = game.stack[-1]
    if self.resolve_ninjutsu(game, item, events):
        game.stack[-1] = replace(item, choices=item.choices + ((SOURCE_GONE, "entered"),))


def ninja_not_revealed(self, game: Game, action: Action, events: list[Event]) -> None:
    start = len(events)
    NinjutsuFamily.activate_ninjutsu(self, game, action, events)
    events[start:] = [e for e in events[start:] if e.kind is not EventKind.REVEAL]
    game.revealed = [c for c in game.revealed if c != action.source]


def commander_ninjutsu_hand_only(self, game: Game, player: PlayerIndex, card_id: str, ability: Ninjutsu) -> bool:
    """An engine that treats commander ninjutsu as plain ninjutsu: activated from the hand only,
    never from the command zone (702.49d)."""
    return ability.variant in ("ninjutsu", "commander ninjutsu") and card_id in game.players[player].hand


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "ninja-revealed-only-by-event",
        ("ninjutsu.reveal-and-return",),
        "the Ninja is announced by a reveal event but is not among the revealed cards while the ability waits "
        "on the stack (701.20a)",
        {"ninjutsu.revealed_while_on_stack": answers(False)},
    ),
    (
        "ninjutsu-before-blockers",
        ("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        "ninjutsu can be activated in any combat step, returning any attacking creature",
        {
            "ninjutsu.window_open": ninjutsu_before_blockers__window_open,
            "ninjutsu.return_candidates": any_attacker_returnable,
        },
    ),
    (
        "blocked-attacker-returned",
        ("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        "a blocked attacker is accepted as the creature ninjutsu returns",
        {"ninjutsu.return_candidates": any_attacker_returnable},
    ),
    (
        "ninja-enters-any-target",
        ("ninjutsu.same-attack-target", "library-ninjutsu.from-library-only"),
        "the Ninja enters attacking a target of its controller's choice (always the defending player)",
        {"ninjutsu.entry_target": ninja_enters_any_target},
    ),
    (
        "ninja-enters-untapped",
        ("ninjutsu.same-attack-target", "library-ninjutsu.from-library-only"),
        "the Ninja enters the battlefield untapped",
        {"ninjutsu.ninja_enters_tapped": answers(False)},
    ),
    (
        "ninja-enters-after-leaving-hand",
        ("ninjutsu.reveal-and-return",),
        "a Ninja that left the hand after activation is put onto the battlefield all the same",
        {"ninjutsu.ninja_still_available": answers(True)},
    ),
    (
        "ninja-fires-attack-triggers",
        ("ninjutsu.never-declared-attacker",),
        '"whenever ~ attacks" triggers fire for a Ninja put onto the battlefield attacking',
        {"combat.fires_attack_triggers_for": answers(True)},
    ),
    (
        "no-ninjutsu-in-first-strike-step",
        ("ninjutsu.first-strike-damage-step",),
        "ninjutsu cannot be activated during the first-strike combat damage step",
        {"ninjutsu.window_open": window_open_outside(Step.FIRST_STRIKE_DAMAGE)},
    ),
    (
        "no-priority-in-first-strike-step",
        ("ninjutsu.first-strike-damage-step", "library-ninjutsu.first-strike-damage-step"),
        (
            "the game goes from the first-strike damage to the regular combat damage without giving "
            "priority in the first-strike damage step (a step skipped by play)"
        ),
        {"core.step_has_priority": no_priority_in_first_strike_step},
    ),
    (
        "first-strike-ninja-skips-regular-damage",
        ("ninjutsu.first-strike-damage-step",),
        "a first-striking Ninja put in during the first-strike step deals no regular combat damage",
        {"combat.deals_damage_in_step": first_strike_ninja_skips_regular_damage},
    ),
    (
        "ninjutsu-window-closes-at-damage",
        ("ninjutsu.damage-timing",),
        "ninjutsu cannot be activated in the end of combat step",
        {"ninjutsu.window_open": window_open_outside(Step.END_OF_COMBAT)},
    ),
    (
        "late-ninja-deals-damage",
        ("ninjutsu.damage-timing",),
        "a Ninja put in after combat damage was dealt deals its combat damage on entering",
        {"ninjutsu.resolve_ninjutsu": late_ninja_deals_damage},
    ),
    (
        "combat-never-ends-for-ninjutsu",
        ("ninjutsu.damage-timing",),
        "creatures stay attacking after the end of combat step, so ninjutsu stays available all turn",
        {
            "ninjutsu.window_open": combat_never_ends_for_ninjutsu,
            "combat.remove_all_from_combat": combat_never_ends,
        },
    ),
    (
        "ninja-enters-on-activation",
        ("ninjutsu.reveal-and-return",),
        "the Ninja is put onto the battlefield as the ability is activated, not when it resolves",
        {"ninjutsu.activate_ninjutsu": ninja_enters_on_activation},
    ),
    (
        "ninja-not-revealed",
        ("ninjutsu.reveal-and-return",),
        "activating ninjutsu does not reveal the Ninja card",
        {"ninjutsu.activate_ninjutsu": ninja_not_revealed},
    ),
    (
        "ninjutsu-only-in-declare-blockers",
        ("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural", "ninjutsu.damage-timing"),
        "ninjutsu is offered only in the declare blockers step, not in the damage and end of combat steps",
        {"ninjutsu.window_open": window_open_only_in(Step.DECLARE_BLOCKERS)},
    ),
    (
        "commander-ninjutsu-hand-only",
        ("commander-ninjutsu.from-command-zone", "commander-ninjutsu.never-declared-attacker"),
        "commander ninjutsu can be activated from the hand only, not from the command zone",
        {"ninjutsu.activatable_from": commander_ninjutsu_hand_only},
    ),
)
