"""Hypothesis strategies for sneak from the graveyard (Ninja Teen, level 3: "Creature cards in your
graveyard have sneak {3}{B}. You may cast creature spells from your graveyard using their sneak
abilities.").

A drawn state is a combat state of :mod:`generators.combat` (the sneak variant: a card with
sneak waits in hand) plus Ninja Teen at a drawn level and one or two creature cards in the
active player's graveyard with zero to two printed sneak abilities each, and three Swamps and an
Island, enough to pay any of their sneak costs and their mana costs (so only the rules decide what can
be cast). Hypothesis shrinks toward one graveyard creature without printed sneak.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from generators import cards
from harness.protocol.builder import StateBuilder
from generators.combat import NINJUTSU_STEPS, STEPS_BEFORE_BLOCKERS, CombatSpec, combat_scenarios
from generators.spell_cards import NINJA_TEEN, sneak_creature
from harness.protocol.model import Step, Zone
from harness.protocol.probe import Scenario
from harness.protocol.keywords import SNEAK

PRINTED_SNEAK_COSTS = ("{U}", "{1}{B}", "{B}", "{2}{U}")
#: Every step a combat state can be drawn at, for timing checks.
ALL_COMBAT_STATE_STEPS = STEPS_BEFORE_BLOCKERS + NINJUTSU_STEPS + (Step.POSTCOMBAT_MAIN,)


@dataclass(frozen=True)
class GraveyardSneakSpec:
    steps: Collection[Step] = ALL_COMBAT_STATE_STEPS
    teen_levels: tuple[int, int] = (1, 3)
    printed: tuple[int, int] = (0, 2)
    graveyard: tuple[int, int] = (1, 2)


def _setup(spec: GraveyardSneakSpec, draw: st.DrawFn, b: StateBuilder, active: int) -> dict[str, Any]:
    level = draw(st.integers(*spec.teen_levels))
    teen = b.permanent(NINJA_TEEN, active, class_level=level)
    graveyard, abilities = [], {}
    for _ in range(draw(st.integers(*spec.graveyard))):
        sneaks = tuple(draw(st.lists(st.sampled_from(PRINTED_SNEAK_COSTS), min_size=spec.printed[0],
                                     max_size=spec.printed[1])))
        card = b.put(sneak_creature(draw(st.integers(1, 4)), draw(st.integers(1, 4)), sneaks, cost="{2}{B}"), active,
                     Zone.GRAVEYARD)
        graveyard.append(card)
        # Its sneak abilities: the printed ones, then Ninja Teen's grant (level 3).
        abilities[card] = len(sneaks) + (1 if level >= 3 else 0)
    for symbol in "BBBU":  # pays {3}{B}, every printed sneak cost, and the creatures' mana cost {2}{B}
        b.permanent(cards.basic_land(symbol), active)
    return {"teen": teen, "teen_level": level, "graveyard": graveyard, "sneak_abilities": abilities}


def graveyard_sneak_scenarios(spec: GraveyardSneakSpec = GraveyardSneakSpec()) -> st.SearchStrategy[Scenario]:
    """Params of :func:`generators.combat.combat_scenarios` plus ``teen``, ``teen_level``,
    ``graveyard`` (creature card ids) and ``sneak_abilities`` (card id -> how many it has)."""
    return combat_scenarios(CombatSpec(SNEAK, tuple(spec.steps), setup=lambda d, b, a: _setup(spec, d, b, a)))
