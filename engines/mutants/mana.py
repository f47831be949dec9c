"""Mutants of the mana and cost rules (106.5, 106.7, 106.12, 106.12a-b, 107.3m, 107.5, 107.6,
302.6, 605): the mistakes real engines make with tap symbols, mana triggers and "could produce"."""

from __future__ import annotations

from engines.reference.core import Core
from engines.reference.engine import Mana
from engines.reference.game import Game, Perm
from engines.reference.lines import (
    Activated,
    TappedForManaReplacement,
    TappedForManaTrigger,
)
from engines.reference.mana import Placed
from protocol.model import Action, Event

from . import Mutant, answers, table


def sick_creature_pays_tap(self, game: Game, perm: Perm) -> bool:
    return not perm.tapped


def sick_artifact_creature_pays_tap(self, game: Game, perm: Perm) -> bool:
    """An engine that sorts permanents by one type, artifacts first: an artifact creature is read
    as an artifact, which summoning sickness does not stop (302.6 speaks of creatures)."""
    if game.is_type(perm.id, "Artifact"):
        return not perm.tapped
    return Mana.can_pay_tap_cost(self, game, perm)


def tokens_never_summoning_sick(self, game: Game, perm: Perm) -> bool:
    """An engine that marks only cards as entering this turn: a creature token is never
    summoning sick (302.6 speaks of any creature)."""
    if game.objects[perm.id].token:
        return False
    return Core.summoning_sickness_applies(self, game, perm)


def sick_noncreature_cannot_tap(self, game: Game, perm: Perm) -> bool:
    return not perm.tapped and not perm.summoning_sick


def untapped_pays_untap(self, game: Game, perm: Perm) -> bool:
    return not self.turn.summoning_sickness_applies(game, perm)


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


def tapped_permanent_pays_tap(self, game: Game, perm: Perm) -> bool:
    return not self.turn.summoning_sickness_applies(game, perm)


def sick_noncreature_cannot_untap(self, game: Game, perm: Perm) -> bool:
    return perm.tapped and not perm.summoning_sick


def untap_cost_leaves_permanent_tapped(self, game: Game, perm: Perm, symbol: str, events: list[Event]) -> None:
    if symbol == "T":
        Mana.pay_symbol(self, game, perm, symbol, events)


def tap_abilities_skip_the_stack(self, game: Game, action: Action, events: list[Event]) -> None:
    Mana.activate_permanent_ability(self, game, action, events)
    top = game.stack[-1] if game.stack else None
    if top is not None and top.source == action.source and top.ability == action.ability:
        self.turn.resolve_top(game, events)


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "sick-creature-pays-tap",
        ("costs.tap-symbol",),
        (
            "summoning sickness is checked for attacking only: a creature that just came under its "
            "controller's control can pay {T} costs"
        ),
        {"mana.can_pay_tap_cost": sick_creature_pays_tap},
    ),
    (
        "sick-artifact-creature-pays-tap",
        ("costs.tap-symbol",),
        "an artifact creature is read as an artifact only: summoning sick, it can still pay {T} costs",
        {"mana.can_pay_tap_cost": sick_artifact_creature_pays_tap},
    ),
    (
        "tokens-never-summoning-sick",
        ("costs.tap-symbol",),
        "summoning sickness is tracked for cards only: a creature token that just entered pays {T}",
        {"core.summoning_sickness_applies": tokens_never_summoning_sick},
    ),
    (
        "sick-noncreature-cannot-tap",
        ("costs.tap-symbol",),
        (
            "summoning sickness is applied to every permanent: a land or artifact that just came under its "
            "controller's control can't pay {T}"
        ),
        {"mana.can_pay_tap_cost": sick_noncreature_cannot_tap},
    ),
    (
        "untapped-pays-untap",
        ("costs.untap-symbol",),
        "{Q} is treated as a free cost: an untapped permanent can pay it (and stays untapped)",
        {"mana.can_pay_untap_cost": untapped_pays_untap},
    ),
    (
        "sick-creature-pays-untap",
        ("costs.untap-symbol",),
        (
            "summoning sickness is checked for {T} only: a creature that just came under its controller's "
            "control can pay {Q}"
        ),
        {"mana.can_pay_untap_cost": sick_creature_pays_untap},
    ),
    (
        "untap-mana-counts-as-tapped-for-mana",
        ("mana.tap-for-mana",),
        "every mana ability counts as tapping for mana, including {Q} ones",
        {"mana.is_tapped_for_mana": untap_mana_counts_as_tapped_for_mana},
    ),
    (
        "only-lands-tap-for-mana",
        ("mana.tap-for-mana",),
        (
            "\"tapped for mana\" is implemented for lands only: a creature's or artifact's {T} mana "
            "ability is not tapping it for mana"
        ),
        {"mana.is_tapped_for_mana": only_lands_tap_for_mana},
    ),
    (
        "printed-land-ability-not-tapped-for-mana",
        ("mana.tap-for-mana",),
        (
            '"tapped for mana" is implemented for basic lands\' intrinsic abilities (and nonland '
            "sources) only: a nonbasic land's printed {T} mana ability is not tapping it for mana"
        ),
        {"mana.is_tapped_for_mana": printed_land_ability_not_tapped_for_mana},
    ),
    (
        "mana-trigger-without-mana",
        ("mana.tapped-for-mana-trigger",),
        (
            '"tapped for mana" triggers fire when the {T} mana ability is activated, whether or not it '
            "produces mana (of the specified type)"
        ),
        {"mana.trigger_fires": mana_trigger_without_mana},
    ),
    (
        "typed-mana-trigger-ignores-type",
        ("mana.tapped-for-mana-trigger",),
        '"whenever ... is tapped for {G}" triggers whatever type of mana was produced',
        {"mana.trigger_fires": typed_mana_trigger_ignores_type},
    ),
    (
        "triggered-mana-ability-uses-stack",
        ("mana.tapped-for-mana-trigger",),
        ('"adds an additional {G}" triggers are put on the stack instead of resolving with the mana ability (605.4a)'),
        {"mana.resolves_immediately": answers(False)},
    ),
    (
        "mana-replacement-without-tap",
        ("mana.tapped-for-mana-replacement",),
        '"if a permanent is tapped for mana" replacement effects apply to every mana ability (also {Q} ones)',
        {"mana.replacement_applies": mana_replacement_without_tap},
    ),
    (
        "typed-mana-replacement-ignores-type",
        ("mana.tapped-for-mana-replacement",),
        '"if ... is tapped for {G}" / "for two or more mana" replacement effects apply to any mana',
        {"mana.replacement_applies": typed_mana_replacement_ignores_type},
    ),
    (
        "undefined-type-makes-colorless",
        ("mana.undefined-type",),
        "an ability that would add mana of an undefined type adds {C}",
        {"mana.undefined_type_mana": undefined_type_makes_colorless},
    ),
    (
        "could-produce-only-untapped",
        ("mana.could-produce",),
        (
            'what a land "could produce" counts only mana abilities whose costs can be paid now '
            "(a tapped land could produce nothing)"
        ),
        {"mana.could_produce_considers": could_produce_only_untapped},
    ),
    (
        "could-produce-ignores-replacements",
        ("mana.could-produce",),
        'what a land "could produce" ignores replacement effects that change the mana it would produce',
        {"mana.could_produce_outcomes": could_produce_ignores_replacements},
    ),
    (
        "etb-x-from-permanent",
        ("costs.x-in-etb-ability",),
        (
            "an ETB trigger or replacement effect that refers to X reads X from the permanent (0), not "
            "from the spell it was"
        ),
        {"mana.x_for_etb_ability": answers(0)},
    ),
    (
        "tapped-permanent-pays-tap",
        ("costs.tap-symbol",),
        "an already tapped permanent can be tapped again to pay {T}",
        {"mana.can_pay_tap_cost": tapped_permanent_pays_tap},
    ),
    (
        "sick-noncreature-cannot-untap",
        ("costs.untap-symbol",),
        "summoning sickness is applied to {Q} abilities of noncreature permanents too",
        {"mana.can_pay_untap_cost": sick_noncreature_cannot_untap},
    ),
    (
        "untap-cost-leaves-permanent-tapped",
        ("costs.untap-symbol",),
        "paying {Q} does not untap the permanent",
        {"mana.pay_symbol": untap_cost_leaves_permanent_tapped},
    ),
    (
        "tap-abilities-skip-the-stack",
        ("mana.tap-for-mana",),
        "every {T} ability resolves at once like a mana ability, not only mana abilities",
        {"mana.activate_permanent_ability": tap_abilities_skip_the_stack},
    ),
)
