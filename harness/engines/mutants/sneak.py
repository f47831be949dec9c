"""Mutants of sneak (702.190) and Ninja Teen's graveyard sneak: the ninjutsu mistakes, made
again for an alternative cost, and the graveyard permission read too widely."""

from __future__ import annotations

from harness.engines.reference.engine import SneakCasting
from harness.engines.reference.game import Game, Perm
from harness.engines.reference.lines import Sneak
from harness.protocol.model import (
    AFTER_BLOCKERS_STEPS,
    AttackTarget,
    PlayerIndex,
    StackItem,
    TargetKind,
    Zone,
)

from . import Mutant
from .ninjutsu import EARLY_STEPS, combat_never_ends


def sneak_after_declare_blockers(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
    return (
        game.step in AFTER_BLOCKERS_STEPS and game.active == player and game.priority == player and game.pending is None
    )


def sneak_enters_untapped(self, game: Game, item: StackItem) -> bool:
    return False


def sneak_enters_any_target(self, game: Game, item: StackItem) -> AttackTarget | None:
    return AttackTarget.of_player(1 - item.controller) if game.step.is_combat else None


def sneak_fires_attack_triggers(self, game: Game, item: StackItem) -> bool:
    return True


def graveyard_sneak_any_time(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
    if zone is Zone.GRAVEYARD:
        return game.priority == player and game.pending is None
    return SneakCasting.sneak_window_open(self, game, player, zone)


def graveyard_cast_without_sneak(self, game: Game, player: PlayerIndex, card_id: str) -> bool:
    return game.is_type(card_id, "Creature") and self.graveyard_sneak_permitted(game, player)


def only_first_sneak_ability(self, game: Game, player: PlayerIndex, card_id: str) -> list[Sneak]:
    return self.sneak_abilities(game, player, card_id)[:1]


def sneak_returns_only_player_attackers(self, game: Game, player: PlayerIndex) -> list[Perm]:
    return [
        p
        for p in SneakCasting.sneak_return_candidates(self, game, player)
        if p.attacking is not None and p.attacking.kind is TargetKind.PLAYER
    ]


def combat_never_ends_for_sneak(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
    return game.step not in EARLY_STEPS and game.active == player and game.priority == player and game.pending is None


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "sneak-after-declare-blockers",
        breaks=("sneak.declare-blockers-only",),
        bug="sneak can be cast in any step after blockers are declared, like ninjutsu (combat damage, end of combat)",
        replaces={"sneak.window_open": sneak_after_declare_blockers},
    ),
    Mutant(
        "sneak-enters-untapped",
        breaks=("sneak.same-attack-target",),
        bug="a creature cast for its sneak cost enters untapped",
        replaces={"sneak.enters_tapped": sneak_enters_untapped},
    ),
    Mutant(
        "sneak-enters-any-target",
        breaks=("sneak.same-attack-target",),
        bug="a creature cast for its sneak cost attacks a target of its controller's choice (the defending player)",
        replaces={"sneak.entry_target": sneak_enters_any_target},
    ),
    Mutant(
        "sneak-fires-attack-triggers",
        breaks=("sneak.never-declared-attacker",),
        bug='a creature cast for its sneak cost counts as declared as an attacker: "attacks" triggers fire',
        replaces={"sneak.creature_declared": sneak_fires_attack_triggers},
    ),
    Mutant(
        "graveyard-sneak-any-time",
        breaks=("ninja-teen.graveyard-sneak-timing",),
        bug="Ninja Teen's graveyard sneak works whenever its controller could cast an instant, in any step",
        replaces={"sneak.window_open": graveyard_sneak_any_time},
    ),
    Mutant(
        "graveyard-cast-without-sneak",
        breaks=("ninja-teen.graveyard-sneak-timing",),
        bug="Ninja Teen's level 3 lets creature spells be cast from the graveyard for their mana cost too",
        replaces={"sneak.may_cast_from_graveyard_normally": graveyard_cast_without_sneak},
    ),
    Mutant(
        "only-first-sneak-ability",
        breaks=("ninja-teen.any-sneak-ability",),
        bug="a card with several sneak abilities can be cast only with the first of them",
        replaces={"sneak.usable_sneak_abilities": only_first_sneak_ability},
    ),
    Mutant(
        "sneak-returns-only-player-attackers",
        breaks=("sneak.declare-blockers-only", "sneak.same-attack-target"),
        bug="sneak can only return a creature attacking a player, not one attacking a planeswalker or battle",
        replaces={"sneak.return_candidates": sneak_returns_only_player_attackers},
    ),
    Mutant(
        "combat-never-ends-for-sneak",
        breaks=("sneak.declare-blockers-only",),
        bug="creatures stay attacking after the end of combat step, and sneak stays castable after combat",
        replaces={"sneak.window_open": combat_never_ends_for_sneak, "combat.remove_all_from_combat": combat_never_ends},
    ),
)
