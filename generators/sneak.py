"""Hypothesis strategies for sneak from the graveyard (Ninja Teen, level 3: "Creature cards in your
graveyard have sneak {3}{B}. You may cast creature spells from your graveyard using their sneak
abilities.").

A drawn state is a combat state of :mod:`generators.ninjutsu` (the sneak variant: a card with
sneak waits in hand) plus Ninja Teen at a drawn level and one or two creature cards in the
active player's graveyard with zero to two printed sneak abilities each, and three Swamps and an
Island, enough to pay any of their sneak costs and their mana costs (so only the rules decide what can
be cast). Hypothesis shrinks toward one graveyard creature without printed sneak.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from hypothesis import strategies as st

from generators import cards
from generators.combat import COMBAT_MECHANICS, STEPS_BEFORE_BLOCKERS
from generators.features import among, joint
from generators.ninjutsu import NINJUTSU_STEPS, NinjutsuSpec, draw_ninjutsu
from generators.records import params_record
from generators.spell_cards import NINJA_TEEN, sneak_creature
from protocol.builder import StateBuilder
from protocol.keywords import SNEAK
from protocol.model import PlayerIndex, Step, Zone
from protocol.probe import Scenario

PRINTED_SNEAK_COSTS = ("{U}", "{1}{B}", "{B}", "{2}{U}")
#: Every step a combat state can be drawn at, for timing checks.
ALL_COMBAT_STATE_STEPS = STEPS_BEFORE_BLOCKERS + NINJUTSU_STEPS + (Step.POSTCOMBAT_MAIN,)


@dataclass(frozen=True)
class GraveyardSneakSpec:
    steps: Collection[Step] = ALL_COMBAT_STATE_STEPS
    teen_levels: tuple[int, int] = (1, 3)
    printed: tuple[int, int] = (0, 2)
    graveyard: tuple[int, int] = (1, 2)


@params_record("graveyard-sneak")
@dataclass(frozen=True)
class SneakParams:
    """A combat state with Ninja Teen and creature cards in the active player's graveyard."""

    #: The active player, who owns the graveyard creatures.
    player: PlayerIndex
    #: An unblocked attacker to return (any attacker when there is none).
    returned: str
    teen: str
    teen_level: int
    #: The creature card ids in the graveyard.
    graveyard: tuple[str, ...]
    #: Card id -> how many sneak abilities it has (printed, plus Ninja Teen's at level 3).
    sneak_abilities: dict[str, int]
    #: An index for the check to pick one of several choices with (drawn by the invariant).
    pick: int = 0
    #: The step the check is about, and whether the state is loaded before it so the check
    #: reaches it by play (see :class:`generators.ninjutsu.NinjutsuParams`).
    step: str = ""
    by_play: bool = False


@dataclass(frozen=True)
class _Graveyard:
    teen: str
    level: int
    graveyard: tuple[str, ...]
    abilities: dict[str, int]


def _setup(spec: GraveyardSneakSpec, draw: st.DrawFn, b: StateBuilder, active: int) -> _Graveyard:
    """Ninja Teen at a drawn level and graveyard creatures with printed sneak costs: one choice
    for the level and the count, one per creature (its stats and sneak costs)."""
    low, high = spec.printed
    level, count = joint(
        draw,
        among(range(spec.teen_levels[0], spec.teen_levels[1] + 1)),
        among(range(spec.graveyard[0], spec.graveyard[1] + 1)),
    )
    teen = b.permanent(NINJA_TEEN, active, class_level=level)
    graveyard, abilities = [], {}
    for _ in range(count):
        n_sneaks, power, toughness, *costs = joint(
            draw,
            among(range(low, high + 1)),
            among(range(1, 5)),
            among(range(1, 5)),
            *(among(PRINTED_SNEAK_COSTS) for _ in range(high)),
        )
        sneaks = tuple(costs[:n_sneaks])
        card = b.put(sneak_creature(power, toughness, sneaks, cost="{2}{B}"), active, Zone.GRAVEYARD)
        graveyard.append(card)
        # Its sneak abilities: the printed ones, then Ninja Teen's grant (level 3).
        abilities[card] = len(sneaks) + (1 if level >= 3 else 0)
    for symbol in "BBBU":  # pays {3}{B}, every printed sneak cost, and the creatures' mana cost {2}{B}
        b.permanent(cards.basic_land(symbol), active)
    return _Graveyard(teen, level, tuple(graveyard), abilities)


#: Where graveyard sneak states are drawn, 3:2:1:1: in the window; with the permission just
#: after it or in a main phase (where a creature could be cast for its mana cost); anywhere.
MODES = ("window", "late", "main", "window", "late", "window", "any")
MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


@st.composite
def graveyard_sneak_scenarios(
    draw: st.DrawFn, spec: GraveyardSneakSpec = GraveyardSneakSpec(), allowed: Collection[str] = COMBAT_MECHANICS
) -> Scenario[SneakParams]:
    """A combat state of the sneak variant with Ninja Teen and graveyard creatures (holding only the
    optional combat mechanics ``allowed``: see :func:`~generators.ninjutsu.draw_ninjutsu`). When the
    spec allows both, three sevenths of the draws are in the window (the declare blockers step,
    Ninja Teen at level 3) and three sevenths out of it with the permission (a later combat step with an
    unblocked attacker to return, or a main phase): the two sides of the timing rule (see
    :data:`MODES`)."""
    late = tuple(s for s in spec.steps if s in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT))
    if Step.DECLARE_BLOCKERS in spec.steps and late and spec.teen_levels[1] >= 3:
        (mode,) = joint(draw, among(MODES))
        steps = {
            "window": (Step.DECLARE_BLOCKERS,),
            "late": late,
            "main": tuple(s for s in spec.steps if s in MAIN) or late,
        }
        if mode != "any":
            spec = replace(spec, steps=steps[mode], teen_levels=(3, 3))
    combat, graveyard = draw_ninjutsu(
        draw, NinjutsuSpec(SNEAK, tuple(spec.steps), setup=lambda d, b, a: _setup(spec, d, b, a)), allowed
    )
    params = SneakParams(
        player=combat.params.player,
        returned=combat.params.returned,
        teen=graveyard.teen,
        teen_level=graveyard.level,
        graveyard=graveyard.graveyard,
        sneak_abilities=graveyard.abilities,
        step=combat.params.step,
        by_play=combat.params.by_play,
    )
    return Scenario(combat.state, params)
