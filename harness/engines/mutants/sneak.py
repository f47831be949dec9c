"""Mutants of sneak (702.190) and Ninja Teen's graveyard sneak: the ninjutsu mistakes, made
again for an alternative cost, and the graveyard permission read too widely."""

from __future__ import annotations

from harness.engines.reference.card_lines import Sneak
from harness.engines.reference.game import Game, Perm
from harness.engines.reference.rules import ReferenceRules
from harness.protocol.model import AFTER_BLOCKERS_STEPS, AttackTarget, PlayerIndex, StackItem, TargetKind, Zone

from . import mutant
from .ninjutsu import EARLY_STEPS, CombatNeverEnds


@mutant("sneak-after-declare-blockers", breaks="sneak.declare-blockers-only",
        bug="sneak can be cast in any step after blockers are declared, like ninjutsu (combat damage, end of combat)")
class SneakAfterDeclareBlockers(ReferenceRules):
    def sneak_window_open(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
        return (game.step in AFTER_BLOCKERS_STEPS and game.active == player and game.priority == player
                and game.pending is None)


@mutant("sneak-enters-untapped", breaks="sneak.same-attack-target",
        bug="a creature cast for its sneak cost enters untapped")
class SneakEntersUntapped(ReferenceRules):
    def sneak_enters_tapped(self, game: Game, item: StackItem) -> bool:
        return False


@mutant("sneak-enters-any-target", breaks="sneak.same-attack-target",
        bug="a creature cast for its sneak cost attacks a target of its controller's choice (the defending player)")
class SneakEntersAnyTarget(ReferenceRules):
    def sneak_entry_target(self, game: Game, item: StackItem) -> AttackTarget | None:
        return AttackTarget.of_player(1 - item.controller) if game.step.is_combat else None


@mutant("sneak-fires-attack-triggers", breaks="sneak.never-declared-attacker",
        bug="a creature cast for its sneak cost counts as declared as an attacker: \"attacks\" triggers fire")
class SneakFiresAttackTriggers(ReferenceRules):
    def sneak_creature_declared(self, game: Game, item: StackItem) -> bool:
        return True


@mutant("graveyard-sneak-any-time", breaks="ninja-teen.graveyard-sneak-timing",
        bug="Ninja Teen's graveyard sneak works whenever its controller could cast an instant, in any step")
class GraveyardSneakAnyTime(ReferenceRules):
    def sneak_window_open(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
        if zone is Zone.GRAVEYARD:
            return game.priority == player and game.pending is None
        return super().sneak_window_open(game, player, zone)


@mutant("graveyard-cast-without-sneak", breaks="ninja-teen.graveyard-sneak-timing",
        bug="Ninja Teen's level 3 lets creature spells be cast from the graveyard for their mana cost too")
class GraveyardCastWithoutSneak(ReferenceRules):
    def may_cast_from_graveyard_normally(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
        return game.is_type(card_id, "Creature") and self.graveyard_sneak_permitted(game, player)


@mutant("only-first-sneak-ability", breaks="ninja-teen.any-sneak-ability",
        bug="a card with several sneak abilities can be cast only with the first of them")
class OnlyFirstSneakAbility(ReferenceRules):
    def usable_sneak_abilities(self, game: Game, player: PlayerIndex, card_id: str) -> list[Sneak]:
        return self.sneak_abilities(game, player, card_id)[:1]


@mutant("sneak-returns-only-player-attackers", breaks=("sneak.declare-blockers-only", "sneak.same-attack-target"),
        bug="sneak can only return a creature attacking a player, not one attacking a planeswalker or battle")
class SneakReturnsOnlyPlayerAttackers(ReferenceRules):
    def sneak_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        return [p for p in super().sneak_return_candidates(game, player)
                if p.attacking is not None and p.attacking.kind is TargetKind.PLAYER]


@mutant("combat-never-ends-for-sneak", breaks="sneak.declare-blockers-only",
        bug="creatures stay attacking after the end of combat step, and sneak stays castable after combat")
class CombatNeverEndsForSneak(CombatNeverEnds):
    def sneak_window_open(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
        return (game.step not in EARLY_STEPS and game.active == player and game.priority == player
                and game.pending is None)
