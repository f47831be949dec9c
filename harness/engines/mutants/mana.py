"""Mutants of the mana and cost rules (106.5, 106.7, 106.12, 106.12a-b, 107.3m, 107.5, 107.6,
302.6, 605): the mistakes real engines make with tap symbols, mana triggers and "could produce"."""

from __future__ import annotations

from harness.engines.reference.game import Game, Perm
from harness.engines.reference.mana_oracle import Activated, TappedForManaReplacement, TappedForManaTrigger
from harness.engines.reference.mana_rules import Placed
from harness.engines.reference.rules import ReferenceRules
from harness.protocol.model import Action, Event

from . import mutant


@mutant("sick-creature-pays-tap", breaks="costs.tap-symbol",
        bug="summoning sickness is checked for attacking only: a creature that just came under its "
            "controller's control can pay {T} costs")
class SickCreaturePaysTap(ReferenceRules):
    def can_pay_tap_cost(self, game: Game, perm: Perm) -> bool:
        return not perm.tapped


@mutant("sick-noncreature-cannot-tap", breaks="costs.tap-symbol",
        bug="summoning sickness is applied to every permanent: a land or artifact that just came under its "
            "controller's control can't pay {T}")
class SickNoncreatureCannotTap(ReferenceRules):
    def can_pay_tap_cost(self, game: Game, perm: Perm) -> bool:
        return not perm.tapped and not perm.summoning_sick


@mutant("untapped-pays-untap", breaks="costs.untap-symbol",
        bug="{Q} is treated as a free cost: an untapped permanent can pay it (and stays untapped)")
class UntappedPaysUntap(ReferenceRules):
    def can_pay_untap_cost(self, game: Game, perm: Perm) -> bool:
        return not self.summoning_sickness_applies(game, perm)


@mutant("sick-creature-pays-untap", breaks="costs.untap-symbol",
        bug="summoning sickness is checked for {T} only: a creature that just came under its controller's "
            "control can pay {Q}")
class SickCreaturePaysUntap(ReferenceRules):
    def can_pay_untap_cost(self, game: Game, perm: Perm) -> bool:
        return perm.tapped


@mutant("untap-mana-counts-as-tapped-for-mana", breaks="mana.tap-for-mana",
        bug="every mana ability counts as tapping for mana, including {Q} ones")
class UntapManaCountsAsTapped(ReferenceRules):
    def is_tapped_for_mana(self, game: Game, perm: Perm, ability: Activated) -> bool:
        return ability.is_mana_ability


@mutant("only-lands-tap-for-mana", breaks="mana.tap-for-mana",
        bug="\"tapped for mana\" is implemented for lands only: a creature's or artifact's {T} mana "
            "ability is not tapping it for mana")
class OnlyLandsTapForMana(ReferenceRules):
    def is_tapped_for_mana(self, game: Game, perm: Perm, ability: Activated) -> bool:
        return super().is_tapped_for_mana(game, perm, ability) and game.is_type(perm.id, "Land")


@mutant("mana-trigger-without-mana", breaks="mana.tapped-for-mana-trigger",
        bug="\"tapped for mana\" triggers fire when the {T} mana ability is activated, whether or not it "
            "produces mana (of the specified type)")
class ManaTriggerWithoutMana(ReferenceRules):
    def mana_trigger_fires(self, game: Game, trigger: Placed, perm: Perm, ability: Activated,
                           produced: tuple[str, ...]) -> bool:
        return self.is_tapped_for_mana(game, perm, ability) and self.names_tapped_permanent(game, trigger, perm)


@mutant("typed-mana-trigger-ignores-type", breaks="mana.tapped-for-mana-trigger",
        bug="\"whenever ... is tapped for {G}\" triggers whatever type of mana was produced")
class TypedManaTriggerIgnoresType(ReferenceRules):
    def mana_trigger_fires(self, game: Game, trigger: Placed, perm: Perm, ability: Activated,
                           produced: tuple[str, ...]) -> bool:
        line = trigger.line
        assert isinstance(line, TappedForManaTrigger)
        return (self.is_tapped_for_mana(game, perm, ability) and self.names_tapped_permanent(game, trigger, perm)
                and bool(produced))


@mutant("triggered-mana-ability-uses-stack", breaks="mana.tapped-for-mana-trigger",
        bug="\"adds an additional {G}\" triggers are put on the stack instead of resolving with the mana "
            "ability (605.4a)")
class TriggeredManaAbilityUsesStack(ReferenceRules):
    def resolves_immediately(self, game: Game, trigger: Placed) -> bool:
        return False


@mutant("mana-replacement-without-tap", breaks="mana.tapped-for-mana-replacement",
        bug="\"if a permanent is tapped for mana\" replacement effects apply to every mana ability "
            "(also {Q} ones)")
class ManaReplacementWithoutTap(ReferenceRules):
    def mana_replacement_applies(self, game: Game, effect: Placed, perm: Perm, ability: Activated,
                                 produced: tuple[str, ...]) -> bool:
        line = effect.line
        assert isinstance(line, TappedForManaReplacement)
        return (ability.is_mana_ability and self.names_tapped_permanent(game, effect, perm)
                and len(produced) >= line.at_least and (line.mana is None or line.mana in produced))


@mutant("typed-mana-replacement-ignores-type", breaks="mana.tapped-for-mana-replacement",
        bug="\"if ... is tapped for {G}\" / \"for two or more mana\" replacement effects apply to any mana")
class TypedManaReplacementIgnoresType(ReferenceRules):
    def mana_replacement_applies(self, game: Game, effect: Placed, perm: Perm, ability: Activated,
                                 produced: tuple[str, ...]) -> bool:
        return (self.is_tapped_for_mana(game, perm, ability) and self.names_tapped_permanent(game, effect, perm)
                and bool(produced))


@mutant("undefined-type-makes-colorless", breaks="mana.undefined-type",
        bug="an ability that would add mana of an undefined type adds {C}")
class UndefinedTypeMakesColorless(ReferenceRules):
    def undefined_type_mana(self, game: Game, perm: Perm, ability: Activated) -> tuple[str, ...]:
        return ("C",)


@mutant("could-produce-only-untapped", breaks="mana.could-produce",
        bug="what a land \"could produce\" counts only mana abilities whose costs can be paid now "
            "(a tapped land could produce nothing)")
class CouldProduceOnlyUntapped(ReferenceRules):
    def could_produce_considers(self, game: Game, perm: Perm, ability: Activated) -> bool:
        return self.can_pay_symbol(game, perm, ability.cost)


@mutant("could-produce-ignores-replacements", breaks="mana.could-produce",
        bug="what a land \"could produce\" ignores replacement effects that change the mana it would produce")
class CouldProduceIgnoresReplacements(ReferenceRules):
    def could_produce_outcomes(self, game: Game, perm: Perm, ability: Activated,
                               base: tuple[str, ...]) -> set[tuple[str, ...]]:
        return {base}


@mutant("etb-x-from-permanent", breaks="costs.x-in-etb-ability",
        bug="an ETB trigger or replacement effect that refers to X reads X from the permanent (0), not "
            "from the spell it was")
class EtbXFromPermanent(ReferenceRules):
    def x_for_etb_ability(self, game: Game, perm: Perm, spell_x: int) -> int:
        return 0


@mutant("tapped-permanent-pays-tap", breaks="costs.tap-symbol",
        bug="an already tapped permanent can be tapped again to pay {T}")
class TappedPermanentPaysTap(ReferenceRules):
    def can_pay_tap_cost(self, game: Game, perm: Perm) -> bool:
        return not self.summoning_sickness_applies(game, perm)


@mutant("sick-noncreature-cannot-untap", breaks="costs.untap-symbol",
        bug="summoning sickness is applied to {Q} abilities of noncreature permanents too")
class SickNoncreatureCannotUntap(ReferenceRules):
    def can_pay_untap_cost(self, game: Game, perm: Perm) -> bool:
        return perm.tapped and not perm.summoning_sick


@mutant("untap-cost-leaves-permanent-tapped", breaks="costs.untap-symbol",
        bug="paying {Q} does not untap the permanent")
class UntapCostLeavesPermanentTapped(ReferenceRules):
    def pay_symbol(self, game: Game, perm: Perm, symbol: str, events: list[Event]) -> None:
        if symbol == "T":
            super().pay_symbol(game, perm, symbol, events)


@mutant("tap-abilities-skip-the-stack", breaks="mana.tap-for-mana",
        bug="every {T} ability resolves at once like a mana ability, not only mana abilities")
class TapAbilitiesSkipTheStack(ReferenceRules):
    def activate_permanent_ability(self, game: Game, action: Action, events: list[Event]) -> None:
        super().activate_permanent_ability(game, action, events)
        top = game.stack[-1] if game.stack else None
        if top is not None and top.source == action.source and top.ability == action.ability:
            self.resolve_top(game, events)
