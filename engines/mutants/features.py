"""Mutants that misbehave only in a rare state feature (see ``generators.features``).

Each bug shows only when the drawn state holds one feature of the combat generator's
``FEATURES`` table (an attacker owned by the other player, a token attacker, an attacker that
entered the battlefield this turn, a Ninja with double strike, lands of the wrong colour), so the
suite catches it only if the generator reaches that state and a check of the broken ruling
looks at it.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.reference.combat import Combat
from engines.reference.core import Core
from engines.reference.game import Game, Perm
from engines.reference.ninjutsu import LIBRARY_NINJUTSU, Ninjutsu, NinjutsuFamily
from engines.reference.payment import OptionPlan, plan_with_options
from protocol.model import Action, Event, PlayerIndex, StackItem, Step

from . import Mutant, answers, table


def returns_to_controller(self, game: Game, creature: Perm) -> PlayerIndex:
    return creature.controller


def returnable_only(keep: Callable[[Game, Perm], bool]) -> Callable[..., list[Perm]]:
    """The reference's creatures ninjutsu may return, less those ``keep`` turns away."""

    def return_candidates(self: NinjutsuFamily, game: Game, player: PlayerIndex) -> list[Perm]:
        return [p for p in NinjutsuFamily.ninjutsu_return_candidates(self, game, player) if keep(game, p)]

    return return_candidates


def double_strike_skips_regular(self: Combat, game: Game, perm: Perm, first_strike_step: bool) -> bool:
    if not first_strike_step and self.has_double_strike(game, perm) and perm.id not in game.first_strikers:
        return False
    return Combat.deals_damage_in_step(self, game, perm, first_strike_step)


def first_strike_step_for_attackers_only(self: Combat, game: Game) -> bool:
    return any(
        p.attacking is not None and (self.has_first_strike(game, p) or self.has_double_strike(game, p))
        for p in game.battlefield
    )


def library_ninjutsu_unsearched_at_end_of_combat__activatable_from(
    self: NinjutsuFamily, game: Game, player: PlayerIndex, card_id: str, ability: Ninjutsu
) -> bool:
    if ability.variant == LIBRARY_NINJUTSU and game.step is Step.END_OF_COMBAT:
        return card_id in game.players[player].library
    return NinjutsuFamily.ninjutsu_activatable_from(self, game, player, card_id, ability)


def library_ninjutsu_unsearched_at_end_of_combat__zone_cards(
    self: NinjutsuFamily, game: Game, player: PlayerIndex
) -> list[str]:
    cards = NinjutsuFamily.ninjutsu_zone_cards(self, game, player)
    return cards + list(game.players[player].library) if game.step is Step.END_OF_COMBAT else cards


def ninja_enters_after_leaving_at_end_of_combat(self: NinjutsuFamily, game: Game, item: StackItem) -> bool:
    return game.step is Step.END_OF_COMBAT or NinjutsuFamily.ninja_still_available(self, game, item)


def sneak_returns_to_controller(self: Core, game: Game, creature: Perm) -> PlayerIndex:
    # Sneak puts the spell on the stack before paying its cost (601.2); ninjutsu returns the
    # creature before its ability is put on the stack: a spell of the creature's controller on
    # top of the stack is the creature cast for its sneak cost.
    top = game.stack[-1] if game.stack else None
    if top is not None and top.kind == "spell" and top.controller == creature.controller:
        return creature.controller
    return Core.returns_to_hand_of(self, game, creature)


def library_ninjutsu_cost_not_spent(self: NinjutsuFamily, game: Game, action: Action, events: list[Event]) -> None:
    # The cost is checked (the activation is refused without the mana) but the lands tapped and
    # the mana spent for it come back: the activation uses nothing up.
    player = action.player
    untapped = {p.id for p in game.battlefield if not p.tapped and game.is_type(p.id, "Land")}
    pool = list(game.players[player].mana_pool)
    NinjutsuFamily.activate_library_ninjutsu(self, game, action, events)
    for perm in game.battlefield:
        if perm.id in untapped:
            perm.tapped = False
    game.players[player].mana_pool[:] = pool


def ignores_colours(self, game: Game, player: PlayerIndex, cost: tuple[str, ...]) -> OptionPlan | None:
    generic = sum(int(s) if s.isdigit() else 1 for s in cost)
    return plan_with_options(
        (str(generic),) if generic else (), game.players[player].mana_pool, self.mana_sources(game, player)
    )


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "ninjutsu-returns-to-controller",
        ("ninjutsu.reveal-and-return",),
        "ninjutsu returns the attacker to its controller's hand instead of its owner's",
        {"core.returns_to_hand_of": returns_to_controller},
    ),
    (
        "token-attacker-not-returnable",
        ("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        "an unblocked token attacker is not accepted as the creature ninjutsu returns",
        {"ninjutsu.return_candidates": returnable_only(lambda game, p: not game.objects[p.id].token)},
    ),
    (
        "sick-attacker-not-returnable",
        ("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural"),
        (
            "an unblocked attacker that entered the battlefield this turn (e.g. an earlier Ninja) is not "
            "accepted as the creature ninjutsu returns, as if returning it were a {T} cost"
        ),
        {"ninjutsu.return_candidates": returnable_only(lambda game, p: not p.summoning_sick)},
    ),
    (
        "double-strike-ninja-skips-regular-damage",
        ("ninjutsu.first-strike-damage-step",),
        (
            "a double-striking Ninja put in during the first-strike step deals no regular combat damage "
            "(as if it had dealt its first-strike damage)"
        ),
        {"combat.deals_damage_in_step": double_strike_skips_regular},
    ),
    (
        "payer-ignores-colours",
        ("library-ninjutsu.activation-during-search",),
        "the mana payer treats every coloured symbol as generic: any land pays {U}",
        {"mana.plan_mana_payment": ignores_colours},
    ),
    (
        "first-strike-step-attackers-only",
        ("ninjutsu.first-strike-damage-step", "library-ninjutsu.first-strike-damage-step"),
        (
            "the first-strike damage step happens only when an attacking creature has first or double strike: "
            "with only a blocker that has it, combat goes straight to the regular damage step"
        ),
        {"combat.first_strike_step_needed": first_strike_step_for_attackers_only},
    ),
    (
        "ninja-enters-not-unblocked",
        ("ninjutsu.after-blockers",),
        (
            "a Ninja put onto the battlefield attacking after blockers is neither blocked nor unblocked, "
            "so a second ninjutsu cannot return it"
        ),
        {"ninjutsu.ninja_blocked_status": answers(None)},
    ),
    # Bugs of one step of a window: caught only if the step is drawn for the invariant (the
    # combat steps' reach, docs/benchmarks.md).
    (
        "library-ninjutsu-unsearched-at-end-of-combat",
        ("library-ninjutsu.only-while-searching",),
        (
            "in the end of combat step library ninjutsu can be activated from the library with no search "
            "under way (the engine checks the search only while combat damage is still to come)"
        ),
        {
            "ninjutsu.activatable_from": library_ninjutsu_unsearched_at_end_of_combat__activatable_from,
            "ninjutsu.zone_cards": library_ninjutsu_unsearched_at_end_of_combat__zone_cards,
        },
    ),
    (
        "library-ninjutsu-cost-not-spent",
        ("library-ninjutsu.activation-during-search",),
        (
            "library ninjutsu is refused without the mana to pay, but an accepted activation spends nothing: the "
            "lands tapped for it untap and the mana pool is as before"
        ),
        {"ninjutsu.activate_library_ninjutsu": library_ninjutsu_cost_not_spent},
    ),
    (
        "sneak-returns-to-controller",
        ("sneak.same-attack-target",),
        (
            "casting a creature for its sneak cost returns the unblocked attacker to its controller's hand instead "
            "of its owner's"
        ),
        {"core.returns_to_hand_of": sneak_returns_to_controller},
    ),
    (
        "ninja-enters-after-leaving-at-end-of-combat",
        ("ninjutsu.reveal-and-return",),
        (
            "a ninjutsu ability resolving in the end of combat step puts the Ninja onto the battlefield even "
            "if the card left its owner's hand after activation (a new object, 400.7)"
        ),
        {"ninjutsu.ninja_still_available": ninja_enters_after_leaving_at_end_of_combat},
    ),
)
