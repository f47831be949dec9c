"""Mutants of the ninjutsu rules (702.49): the mistakes real engines make with Ninjas."""

from __future__ import annotations

from dataclasses import replace

from harness.engines.reference.game import SOURCE_GONE, Game, Perm
from harness.engines.reference.rules import ReferenceRules
from harness.protocol.model import Action, AttackTarget, Event, EventKind, PlayerIndex, StackItem, Step, target_ref

from . import mutant

LATE_STEPS = (Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
EARLY_STEPS = (Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT,
               Step.DECLARE_ATTACKERS)


def deal_damage_if_late(rules: ReferenceRules, game: Game, item: StackItem, entered: bool,
                        events: list[Event]) -> None:
    """The bug of the "late Ninja deals damage" mutants: a Ninja that entered attacking after
    combat damage was dealt deals its combat damage at once."""
    perm = game.perm(item.source)
    if entered and perm is not None and perm.attacking is not None and game.step in LATE_STEPS:
        recipient = target_ref(perm.attacking)
        rules.deal_damage(game, perm, recipient, rules.combat_damage_amount(game, perm), "regular", events)


class CombatNeverEnds(ReferenceRules):
    """The half of the "combat never ends" mutants that keeps creatures attacking after the end
    of combat step (each mutant adds the window that then stays open)."""

    def remove_all_from_combat(self, game: Game) -> None:
        game.first_strikers = []


@mutant("ninjutsu-before-blockers", breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        bug="ninjutsu can be activated in any combat step, returning any attacking creature")
class NinjutsuBeforeBlockers(ReferenceRules):
    def ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        return game.step.is_combat and game.priority == player and game.pending is None

    def ninjutsu_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        return [p for p in game.battlefield if p.controller == player and p.attacking is not None]


@mutant("blocked-attacker-returned", breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        bug="a blocked attacker is accepted as the creature ninjutsu returns")
class BlockedAttackerReturned(ReferenceRules):
    def ninjutsu_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        return [p for p in game.battlefield if p.controller == player and p.attacking is not None]


@mutant("ninja-enters-any-target", breaks=("ninjutsu.same-attack-target", "library-ninjutsu.from-library-only"),
        bug="the Ninja enters attacking a target of its controller's choice (always the defending player)")
class NinjaEntersAnyTarget(ReferenceRules):
    def ninjutsu_entry_target(self, game: Game, item: StackItem) -> AttackTarget | None:
        if not game.step.is_combat:
            return None
        return AttackTarget.of_player(1 - item.controller)


@mutant("ninja-enters-untapped", breaks=("ninjutsu.same-attack-target", "library-ninjutsu.from-library-only"),
        bug="the Ninja enters the battlefield untapped")
class NinjaEntersUntapped(ReferenceRules):
    def ninja_enters_tapped(self, game: Game, item: StackItem) -> bool:
        return False


@mutant("ninja-enters-after-leaving-hand", breaks="ninjutsu.reveal-and-return",
        bug="a Ninja that left the hand after activation is put onto the battlefield all the same")
class NinjaEntersAfterLeaving(ReferenceRules):
    def ninja_still_available(self, game: Game, item: StackItem) -> bool:
        return True


@mutant("ninja-fires-attack-triggers", breaks="ninjutsu.never-declared-attacker",
        bug="\"whenever ~ attacks\" triggers fire for a Ninja put onto the battlefield attacking")
class NinjaFiresAttackTriggers(ReferenceRules):
    def fires_attack_triggers_for(self, game: Game, perm: Perm, declared: bool) -> bool:
        return True


@mutant("no-ninjutsu-in-first-strike-step", breaks="ninjutsu.first-strike-damage-step",
        bug="ninjutsu cannot be activated during the first-strike combat damage step")
class NoNinjutsuInFirstStrikeStep(ReferenceRules):
    def ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        return game.step is not Step.FIRST_STRIKE_DAMAGE and super().ninjutsu_window_open(game, player)


@mutant("first-strike-ninja-skips-regular-damage", breaks="ninjutsu.first-strike-damage-step",
        bug="a first-striking Ninja put in during the first-strike step deals no regular combat damage")
class FirstStrikeNinjaSkipsRegularDamage(ReferenceRules):
    def deals_damage_in_step(self, game: Game, perm: Perm, first_strike_step: bool) -> bool:
        if first_strike_step:
            return super().deals_damage_in_step(game, perm, first_strike_step)
        return not self.has_first_strike(game, perm) or self.has_double_strike(game, perm)


@mutant("ninjutsu-window-closes-at-damage", breaks="ninjutsu.damage-timing",
        bug="ninjutsu cannot be activated in the end of combat step")
class NinjutsuWindowClosesAtDamage(ReferenceRules):
    def ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        return game.step is not Step.END_OF_COMBAT and super().ninjutsu_window_open(game, player)


@mutant("late-ninja-deals-damage", breaks="ninjutsu.damage-timing",
        bug="a Ninja put in after combat damage was dealt deals its combat damage on entering")
class LateNinjaDealsDamage(ReferenceRules):
    def resolve_ninjutsu(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        entered = super().resolve_ninjutsu(game, item, events)
        deal_damage_if_late(self, game, item, entered, events)
        return entered


@mutant("combat-never-ends-for-ninjutsu", breaks="ninjutsu.damage-timing",
        bug="creatures stay attacking after the end of combat step, so ninjutsu stays available all turn")
class CombatNeverEndsForNinjutsu(CombatNeverEnds):
    def ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        return game.step not in EARLY_STEPS and game.priority == player and game.pending is None


@mutant("ninja-enters-on-activation", breaks="ninjutsu.reveal-and-return",
        bug="the Ninja is put onto the battlefield as the ability is activated, not when it resolves")
class NinjaEntersOnActivation(ReferenceRules):
    def activate_ninjutsu(self, game: Game, action: Action, events: list[Event]) -> None:
        super().activate_ninjutsu(game, action, events)
        item = game.stack[-1]
        if self.resolve_ninjutsu(game, item, events):
            game.stack[-1] = replace(item, choices=item.choices + ((SOURCE_GONE, "entered"),))


@mutant("ninja-not-revealed", breaks="ninjutsu.reveal-and-return",
        bug="activating ninjutsu does not reveal the Ninja card")
class NinjaNotRevealed(ReferenceRules):
    def activate_ninjutsu(self, game: Game, action: Action, events: list[Event]) -> None:
        start = len(events)
        super().activate_ninjutsu(game, action, events)
        events[start:] = [e for e in events[start:] if e.kind is not EventKind.REVEAL]
        game.revealed = [c for c in game.revealed if c != action.source]


@mutant("ninjutsu-only-in-declare-blockers",
        breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural", "ninjutsu.damage-timing"),
        bug="ninjutsu is offered only in the declare blockers step, not in the damage and end of combat steps")
class NinjutsuOnlyInDeclareBlockers(ReferenceRules):
    def ninjutsu_window_open(self, game: Game, player: PlayerIndex) -> bool:
        return game.step is Step.DECLARE_BLOCKERS and super().ninjutsu_window_open(game, player)
