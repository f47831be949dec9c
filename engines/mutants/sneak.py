"""Mutants of sneak (702.190) and Ninja Teen's graveyard sneak: the ninjutsu mistakes, made
again for an alternative cost, and the graveyard permission read too widely."""

from __future__ import annotations

from engines.reference.engine import SneakCasting
from engines.reference.game import Game, Perm
from engines.reference.lines import Sneak
from protocol.model import (
    AFTER_BLOCKERS_STEPS,
    AttackTarget,
    PlayerIndex,
    StackItem,
    TargetKind,
    Zone,
)

from . import Mutant, answers, table
from .ninjutsu import EARLY_STEPS, combat_never_ends


def sneak_after_declare_blockers(self, game: Game, player: PlayerIndex, zone: Zone | None) -> bool:
    return (
        game.step in AFTER_BLOCKERS_STEPS and game.active == player and game.priority == player and game.pending is None
    )


def sneak_enters_any_target(self, game: Game, item: StackItem) -> AttackTarget | None:
    return AttackTarget.of_player(1 - item.controller) if game.step.is_combat else None


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


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "sneak-after-declare-blockers",
        ("sneak.declare-blockers-only",),
        "sneak can be cast in any step after blockers are declared, like ninjutsu (combat damage, end of combat)",
        {"sneak.window_open": sneak_after_declare_blockers},
    ),
    (
        "sneak-enters-untapped",
        ("sneak.same-attack-target",),
        "a creature cast for its sneak cost enters untapped",
        {"sneak.enters_tapped": answers(False)},
    ),
    (
        "sneak-enters-any-target",
        ("sneak.same-attack-target",),
        "a creature cast for its sneak cost attacks a target of its controller's choice (the defending player)",
        {"sneak.entry_target": sneak_enters_any_target},
    ),
    (
        "sneak-fires-attack-triggers",
        ("sneak.never-declared-attacker",),
        'a creature cast for its sneak cost counts as declared as an attacker: "attacks" triggers fire',
        {"sneak.creature_declared": answers(True)},
    ),
    (
        "graveyard-sneak-any-time",
        ("ninja-teen.graveyard-sneak-timing",),
        "Ninja Teen's graveyard sneak works whenever its controller could cast an instant, in any step",
        {"sneak.window_open": graveyard_sneak_any_time},
    ),
    (
        "graveyard-cast-without-sneak",
        ("ninja-teen.graveyard-sneak-timing",),
        "Ninja Teen's level 3 lets creature spells be cast from the graveyard for their mana cost too",
        {"sneak.may_cast_from_graveyard_normally": graveyard_cast_without_sneak},
    ),
    (
        "only-first-sneak-ability",
        ("ninja-teen.any-sneak-ability",),
        "a card with several sneak abilities can be cast only with the first of them",
        {"sneak.usable_sneak_abilities": only_first_sneak_ability},
    ),
    (
        "sneak-returns-only-player-attackers",
        ("sneak.declare-blockers-only", "sneak.same-attack-target"),
        "sneak can only return a creature attacking a player, not one attacking a planeswalker or battle",
        {"sneak.return_candidates": sneak_returns_only_player_attackers},
    ),
    (
        "combat-never-ends-for-sneak",
        ("sneak.declare-blockers-only",),
        "creatures stay attacking after the end of combat step, and sneak stays castable after combat",
        {"sneak.window_open": combat_never_ends_for_sneak, "combat.remove_all_from_combat": combat_never_ends},
    ),
)
