"""Mutants that misbehave only in a rare state feature (see ``generators.features``).

Each bug shows only when the drawn state holds one feature of the combat generator's
``FEATURES`` table (an attacker owned by the other player, a token attacker, an attacker that
entered the battlefield this turn, a Ninja with double strike, lands of the wrong colour), so the
suite catches it only if the generator reaches that state and a check of the broken ruling
looks at it.
"""

from __future__ import annotations

from harness.engines.reference.game import Game, Perm
from harness.engines.reference.mana import OptionPlan, plan_with_options
from harness.engines.reference.rules import ReferenceRules
from harness.protocol.model import PlayerIndex

from . import mutant


@mutant("ninjutsu-returns-to-controller", breaks="ninjutsu.reveal-and-return",
        bug="ninjutsu returns the attacker to its controller's hand instead of its owner's")
class NinjutsuReturnsToController(ReferenceRules):
    def ninjutsu_returns_to(self, game: Game, creature: Perm) -> PlayerIndex:
        return creature.controller


@mutant("token-attacker-not-returnable", breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        bug="an unblocked token attacker is not accepted as the creature ninjutsu returns")
class TokenAttackerNotReturnable(ReferenceRules):
    def ninjutsu_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        return [p for p in super().ninjutsu_return_candidates(game, player) if not game.objects[p.id].token]


@mutant("sick-attacker-not-returnable", breaks=("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        bug="an unblocked attacker that entered the battlefield this turn (e.g. an earlier Ninja) is not "
            "accepted as the creature ninjutsu returns, as if returning it were a {T} cost")
class SickAttackerNotReturnable(ReferenceRules):
    def ninjutsu_return_candidates(self, game: Game, player: PlayerIndex) -> list[Perm]:
        return [p for p in super().ninjutsu_return_candidates(game, player) if not p.summoning_sick]


@mutant("double-strike-ninja-skips-regular-damage", breaks="ninjutsu.first-strike-damage-step",
        bug="a double-striking Ninja put in during the first-strike step deals no regular combat damage "
            "(as if it had dealt its first-strike damage)")
class DoubleStrikeNinjaSkipsRegularDamage(ReferenceRules):
    def deals_damage_in_step(self, game: Game, perm: Perm, first_strike_step: bool) -> bool:
        if not first_strike_step and self.has_double_strike(game, perm) and perm.id not in game.first_strikers:
            return False
        return super().deals_damage_in_step(game, perm, first_strike_step)


@mutant("payer-ignores-colours", breaks="library-ninjutsu.activation-during-search",
        bug="the mana payer treats every coloured symbol as generic: any land pays {U}")
class PayerIgnoresColours(ReferenceRules):
    def plan_mana_payment(self, game: Game, player: PlayerIndex, cost: tuple[str, ...]) -> OptionPlan | None:
        generic = sum(int(s) if s.isdigit() else 1 for s in cost)
        return plan_with_options((str(generic),) if generic else (), game.players[player].mana_pool,
                                 self.mana_sources(game, player))
