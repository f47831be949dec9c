"""Mutants of the mana and cost rules (106.5, 106.7, 106.12, 106.12a-b, 107.3m, 107.5, 107.6,
302.6, 605): the mistakes real engines make with tap symbols, mana triggers and "could produce"."""

from __future__ import annotations

from harness.engines.reference.engine import Mana
from harness.engines.reference.game import Game, Perm
from harness.engines.reference.lines import (
    Activated,
    TappedForManaReplacement,
    TappedForManaTrigger,
)
from harness.engines.reference.mana import Placed
from harness.protocol.model import Action, Event

from . import Mutant


def sick_creature_pays_tap(self, game: Game, perm: Perm) -> bool:
    return not perm.tapped


def sick_noncreature_cannot_tap(self, game: Game, perm: Perm) -> bool:
    return not perm.tapped and not perm.summoning_sick


def untapped_pays_untap(self, game: Game, perm: Perm) -> bool:
    return not self.e.core.summoning_sickness_applies(game, perm)


def sick_creature_pays_untap(self, game: Game, perm: Perm) -> bool:
    return perm.tapped


def untap_mana_counts_as_tapped_for_mana(self, game: Game, perm: Perm, ability: Activated) -> bool:
    return ability.is_mana_ability


def only_lands_tap_for_mana(self, game: Game, perm: Perm, ability: Activated) -> bool:
    return Mana.is_tapped_for_mana(self, game, perm, ability) and game.is_type(perm.id, "Land")


def printed_land_ability_not_tapped_for_mana(self, game: Game, perm: Perm, ability: Activated) -> bool:
    nonbasic_land = game.is_type(perm.id, "Land") and "Basic" not in game.data(perm.id).supertypes
    return Mana.is_tapped_for_mana(self, game, perm, ability) and not nonbasic_land


def mana_trigger_without_mana(
    self, game: Game, trigger: Placed, perm: Perm, ability: Activated, produced: tuple[str, ...]
) -> bool:
    return self.is_tapped_for_mana(game, perm, ability) and self.names_tapped_permanent(game, trigger, perm)


def typed_mana_trigger_ignores_type(
    self, game: Game, trigger: Placed, perm: Perm, ability: Activated, produced: tuple[str, ...]
) -> bool:
    line = trigger.line
    assert isinstance(line, TappedForManaTrigger)
    return (
        self.is_tapped_for_mana(game, perm, ability)
        and self.names_tapped_permanent(game, trigger, perm)
        and bool(produced)
    )


def triggered_mana_ability_uses_stack(self, game: Game, trigger: Placed) -> bool:
    return False


def mana_replacement_without_tap(
    self, game: Game, effect: Placed, perm: Perm, ability: Activated, produced: tuple[str, ...]
) -> bool:
    line = effect.line
    assert isinstance(line, TappedForManaReplacement)
    return (
        ability.is_mana_ability
        and self.names_tapped_permanent(game, effect, perm)
        and len(produced) >= line.at_least
        and (line.mana is None or line.mana in produced)
    )


def typed_mana_replacement_ignores_type(
    self, game: Game, effect: Placed, perm: Perm, ability: Activated, produced: tuple[str, ...]
) -> bool:
    return (
        self.is_tapped_for_mana(game, perm, ability)
        and self.names_tapped_permanent(game, effect, perm)
        and bool(produced)
    )


def undefined_type_makes_colorless(self, game: Game, perm: Perm, ability: Activated) -> tuple[str, ...]:
    return ("C",)


def could_produce_only_untapped(self, game: Game, perm: Perm, ability: Activated) -> bool:
    return self.can_pay_symbol(game, perm, ability.cost)


def could_produce_ignores_replacements(
    self, game: Game, perm: Perm, ability: Activated, base: tuple[str, ...]
) -> set[tuple[str, ...]]:
    return {base}


def etb_x_from_permanent(self, game: Game, perm: Perm, spell_x: int) -> int:
    return 0


def tapped_permanent_pays_tap(self, game: Game, perm: Perm) -> bool:
    return not self.e.core.summoning_sickness_applies(game, perm)


def sick_noncreature_cannot_untap(self, game: Game, perm: Perm) -> bool:
    return perm.tapped and not perm.summoning_sick


def untap_cost_leaves_permanent_tapped(self, game: Game, perm: Perm, symbol: str, events: list[Event]) -> None:
    if symbol == "T":
        Mana.pay_symbol(self, game, perm, symbol, events)


def tap_abilities_skip_the_stack(self, game: Game, action: Action, events: list[Event]) -> None:
    Mana.activate_permanent_ability(self, game, action, events)
    top = game.stack[-1] if game.stack else None
    if top is not None and top.source == action.source and top.ability == action.ability:
        self.e.core.resolve_top(game, events)


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "sick-creature-pays-tap",
        breaks=("costs.tap-symbol",),
        bug="summoning sickness is checked for attacking only: a creature that just came under its "
        "controller's control can pay {T} costs",
        replaces={"mana.can_pay_tap_cost": sick_creature_pays_tap},
    ),
    Mutant(
        "sick-noncreature-cannot-tap",
        breaks=("costs.tap-symbol",),
        bug="summoning sickness is applied to every permanent: a land or artifact that just came under its "
        "controller's control can't pay {T}",
        replaces={"mana.can_pay_tap_cost": sick_noncreature_cannot_tap},
    ),
    Mutant(
        "untapped-pays-untap",
        breaks=("costs.untap-symbol",),
        bug="{Q} is treated as a free cost: an untapped permanent can pay it (and stays untapped)",
        replaces={"mana.can_pay_untap_cost": untapped_pays_untap},
    ),
    Mutant(
        "sick-creature-pays-untap",
        breaks=("costs.untap-symbol",),
        bug="summoning sickness is checked for {T} only: a creature that just came under its controller's "
        "control can pay {Q}",
        replaces={"mana.can_pay_untap_cost": sick_creature_pays_untap},
    ),
    Mutant(
        "untap-mana-counts-as-tapped-for-mana",
        breaks=("mana.tap-for-mana",),
        bug="every mana ability counts as tapping for mana, including {Q} ones",
        replaces={"mana.is_tapped_for_mana": untap_mana_counts_as_tapped_for_mana},
    ),
    Mutant(
        "only-lands-tap-for-mana",
        breaks=("mana.tap-for-mana",),
        bug="\"tapped for mana\" is implemented for lands only: a creature's or artifact's {T} mana "
        "ability is not tapping it for mana",
        replaces={"mana.is_tapped_for_mana": only_lands_tap_for_mana},
    ),
    Mutant(
        "printed-land-ability-not-tapped-for-mana",
        breaks=("mana.tap-for-mana",),
        bug='"tapped for mana" is implemented for basic lands\' intrinsic abilities (and nonland '
        "sources) only: a nonbasic land's printed {T} mana ability is not tapping it for mana",
        replaces={"mana.is_tapped_for_mana": printed_land_ability_not_tapped_for_mana},
    ),
    Mutant(
        "mana-trigger-without-mana",
        breaks=("mana.tapped-for-mana-trigger",),
        bug='"tapped for mana" triggers fire when the {T} mana ability is activated, whether or not it '
        "produces mana (of the specified type)",
        replaces={"mana.trigger_fires": mana_trigger_without_mana},
    ),
    Mutant(
        "typed-mana-trigger-ignores-type",
        breaks=("mana.tapped-for-mana-trigger",),
        bug='"whenever ... is tapped for {G}" triggers whatever type of mana was produced',
        replaces={"mana.trigger_fires": typed_mana_trigger_ignores_type},
    ),
    Mutant(
        "triggered-mana-ability-uses-stack",
        breaks=("mana.tapped-for-mana-trigger",),
        bug='"adds an additional {G}" triggers are put on the stack instead of resolving with the mana '
        "ability (605.4a)",
        replaces={"mana.resolves_immediately": triggered_mana_ability_uses_stack},
    ),
    Mutant(
        "mana-replacement-without-tap",
        breaks=("mana.tapped-for-mana-replacement",),
        bug='"if a permanent is tapped for mana" replacement effects apply to every mana ability (also {Q} ones)',
        replaces={"mana.replacement_applies": mana_replacement_without_tap},
    ),
    Mutant(
        "typed-mana-replacement-ignores-type",
        breaks=("mana.tapped-for-mana-replacement",),
        bug='"if ... is tapped for {G}" / "for two or more mana" replacement effects apply to any mana',
        replaces={"mana.replacement_applies": typed_mana_replacement_ignores_type},
    ),
    Mutant(
        "undefined-type-makes-colorless",
        breaks=("mana.undefined-type",),
        bug="an ability that would add mana of an undefined type adds {C}",
        replaces={"mana.undefined_type_mana": undefined_type_makes_colorless},
    ),
    Mutant(
        "could-produce-only-untapped",
        breaks=("mana.could-produce",),
        bug='what a land "could produce" counts only mana abilities whose costs can be paid now '
        "(a tapped land could produce nothing)",
        replaces={"mana.could_produce_considers": could_produce_only_untapped},
    ),
    Mutant(
        "could-produce-ignores-replacements",
        breaks=("mana.could-produce",),
        bug='what a land "could produce" ignores replacement effects that change the mana it would produce',
        replaces={"mana.could_produce_outcomes": could_produce_ignores_replacements},
    ),
    Mutant(
        "etb-x-from-permanent",
        breaks=("costs.x-in-etb-ability",),
        bug="an ETB trigger or replacement effect that refers to X reads X from the permanent (0), not "
        "from the spell it was",
        replaces={"mana.x_for_etb_ability": etb_x_from_permanent},
    ),
    Mutant(
        "tapped-permanent-pays-tap",
        breaks=("costs.tap-symbol",),
        bug="an already tapped permanent can be tapped again to pay {T}",
        replaces={"mana.can_pay_tap_cost": tapped_permanent_pays_tap},
    ),
    Mutant(
        "sick-noncreature-cannot-untap",
        breaks=("costs.untap-symbol",),
        bug="summoning sickness is applied to {Q} abilities of noncreature permanents too",
        replaces={"mana.can_pay_untap_cost": sick_noncreature_cannot_untap},
    ),
    Mutant(
        "untap-cost-leaves-permanent-tapped",
        breaks=("costs.untap-symbol",),
        bug="paying {Q} does not untap the permanent",
        replaces={"mana.pay_symbol": untap_cost_leaves_permanent_tapped},
    ),
    Mutant(
        "tap-abilities-skip-the-stack",
        breaks=("mana.tap-for-mana",),
        bug="every {T} ability resolves at once like a mana ability, not only mana abilities",
        replaces={"mana.activate_permanent_ability": tap_abilities_skip_the_stack},
    ),
)
