"""Mutants of the ninjutsu rules (702.49): the mistakes real engines make with Ninjas."""

from __future__ import annotations

from dataclasses import replace

from harness.engines.reference.core import Core
from harness.engines.reference.engine import Combat, NinjutsuFamily
from harness.engines.reference.game import SOURCE_GONE, Game, Perm
from harness.engines.reference.lines import Ninjutsu
from harness.protocol.model import (
    Action,
    AttackTarget,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Step,
    target_ref,
)

from . import Mutant

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
        combat = ninjutsu.e.combat
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


def ninjutsu_before_blockers__return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
    return [p for p in game.battlefield if p.controller == player and p.attacking is not None]


def blocked_attacker_returned(self, game: Game, player: PlayerIndex) -> list[Perm]:
    return [p for p in game.battlefield if p.controller == player and p.attacking is not None]


def ninja_enters_any_target(self, game: Game, item: StackItem) -> AttackTarget | None:
    if not game.step.is_combat:
        return None
    return AttackTarget.of_player(1 - item.controller)


def ninja_enters_untapped(self, game: Game, item: StackItem) -> bool:
    return False


def ninja_enters_after_leaving_hand(self, game: Game, item: StackItem) -> bool:
    return True


def ninja_fires_attack_triggers(self, game: Game, perm: Perm, declared: bool) -> bool:
    return True


def no_ninjutsu_in_first_strike_step(self, game: Game, player: PlayerIndex) -> bool:
    return game.step is not Step.FIRST_STRIKE_DAMAGE and NinjutsuFamily.ninjutsu_window_open(self, game, player)


def first_strike_ninja_skips_regular_damage(self, game: Game, perm: Perm, first_strike_step: bool) -> bool:
    if first_strike_step:
        return Combat.deals_damage_in_step(self, game, perm, first_strike_step)
    return not self.has_first_strike(game, perm) or self.has_double_strike(game, perm)


def ninjutsu_window_closes_at_damage(self, game: Game, player: PlayerIndex) -> bool:
    return game.step is not Step.END_OF_COMBAT and NinjutsuFamily.ninjutsu_window_open(self, game, player)


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


def ninjutsu_only_in_declare_blockers(self, game: Game, player: PlayerIndex) -> bool:
    return game.step is Step.DECLARE_BLOCKERS and NinjutsuFamily.ninjutsu_window_open(self, game, player)


def commander_ninjutsu_hand_only(self, game: Game, player: PlayerIndex, card_id: str, ability: Ninjutsu) -> bool:
    """An engine that treats commander ninjutsu as plain ninjutsu: activated from the hand only,
    never from the command zone (702.49d)."""
    return ability.variant in ("ninjutsu", "commander ninjutsu") and card_id in game.players[player].hand


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "ninjutsu-before-blockers",
        breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        bug="ninjutsu can be activated in any combat step, returning any attacking creature",
        replaces={
            "ninjutsu.window_open": ninjutsu_before_blockers__window_open,
            "ninjutsu.return_candidates": ninjutsu_before_blockers__return_candidates,
        },
    ),
    Mutant(
        "blocked-attacker-returned",
        breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        bug="a blocked attacker is accepted as the creature ninjutsu returns",
        replaces={"ninjutsu.return_candidates": blocked_attacker_returned},
    ),
    Mutant(
        "ninja-enters-any-target",
        breaks=("ninjutsu.same-attack-target", "library-ninjutsu.from-library-only"),
        bug="the Ninja enters attacking a target of its controller's choice (always the defending player)",
        replaces={"ninjutsu.entry_target": ninja_enters_any_target},
    ),
    Mutant(
        "ninja-enters-untapped",
        breaks=("ninjutsu.same-attack-target", "library-ninjutsu.from-library-only"),
        bug="the Ninja enters the battlefield untapped",
        replaces={"ninjutsu.ninja_enters_tapped": ninja_enters_untapped},
    ),
    Mutant(
        "ninja-enters-after-leaving-hand",
        breaks=("ninjutsu.reveal-and-return",),
        bug="a Ninja that left the hand after activation is put onto the battlefield all the same",
        replaces={"ninjutsu.ninja_still_available": ninja_enters_after_leaving_hand},
    ),
    Mutant(
        "ninja-fires-attack-triggers",
        breaks=("ninjutsu.never-declared-attacker",),
        bug='"whenever ~ attacks" triggers fire for a Ninja put onto the battlefield attacking',
        replaces={"combat.fires_attack_triggers_for": ninja_fires_attack_triggers},
    ),
    Mutant(
        "no-ninjutsu-in-first-strike-step",
        breaks=("ninjutsu.first-strike-damage-step",),
        bug="ninjutsu cannot be activated during the first-strike combat damage step",
        replaces={"ninjutsu.window_open": no_ninjutsu_in_first_strike_step},
    ),
    Mutant(
        "no-priority-in-first-strike-step",
        breaks=("ninjutsu.first-strike-damage-step", "library-ninjutsu.first-strike-damage-step"),
        bug="the game goes from the first-strike damage to the regular combat damage without giving "
        "priority in the first-strike damage step (a step skipped by play)",
        replaces={"core.step_has_priority": no_priority_in_first_strike_step},
    ),
    Mutant(
        "first-strike-ninja-skips-regular-damage",
        breaks=("ninjutsu.first-strike-damage-step",),
        bug="a first-striking Ninja put in during the first-strike step deals no regular combat damage",
        replaces={"combat.deals_damage_in_step": first_strike_ninja_skips_regular_damage},
    ),
    Mutant(
        "ninjutsu-window-closes-at-damage",
        breaks=("ninjutsu.damage-timing",),
        bug="ninjutsu cannot be activated in the end of combat step",
        replaces={"ninjutsu.window_open": ninjutsu_window_closes_at_damage},
    ),
    Mutant(
        "late-ninja-deals-damage",
        breaks=("ninjutsu.damage-timing",),
        bug="a Ninja put in after combat damage was dealt deals its combat damage on entering",
        replaces={"ninjutsu.resolve_ninjutsu": late_ninja_deals_damage},
    ),
    Mutant(
        "combat-never-ends-for-ninjutsu",
        breaks=("ninjutsu.damage-timing",),
        bug="creatures stay attacking after the end of combat step, so ninjutsu stays available all turn",
        replaces={
            "ninjutsu.window_open": combat_never_ends_for_ninjutsu,
            "combat.remove_all_from_combat": combat_never_ends,
        },
    ),
    Mutant(
        "ninja-enters-on-activation",
        breaks=("ninjutsu.reveal-and-return",),
        bug="the Ninja is put onto the battlefield as the ability is activated, not when it resolves",
        replaces={"ninjutsu.activate_ninjutsu": ninja_enters_on_activation},
    ),
    Mutant(
        "ninja-not-revealed",
        breaks=("ninjutsu.reveal-and-return",),
        bug="activating ninjutsu does not reveal the Ninja card",
        replaces={"ninjutsu.activate_ninjutsu": ninja_not_revealed},
    ),
    Mutant(
        "ninjutsu-only-in-declare-blockers",
        breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural", "ninjutsu.damage-timing"),
        bug="ninjutsu is offered only in the declare blockers step, not in the damage and end of combat steps",
        replaces={"ninjutsu.window_open": ninjutsu_only_in_declare_blockers},
    ),
    Mutant(
        "commander-ninjutsu-hand-only",
        breaks=("commander-ninjutsu.from-command-zone", "commander-ninjutsu.never-declared-attacker"),
        bug="commander ninjutsu can be activated from the hand only, not from the command zone",
        replaces={"ninjutsu.activatable_from": commander_ninjutsu_hand_only},
    ),
)
