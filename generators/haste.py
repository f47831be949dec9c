"""Hypothesis strategies for haste's {T} abilities (702.10c): summoning-sick creatures with a
"{T}: Add {G}." mana ability, the first with haste, the others with or without it, in the active
player's precombat main phase with priority.

Why a generator of its own: the combat generator draws haste on attackers (702.10b), and the mana
family's summoning-sick creatures never have haste; a creature that came under its controller's
control this turn and may still pay {T} is in neither.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from hypothesis import strategies as st

from generators import cards
from generators.features import COIN, PLAYER_DIM, TURN_DIM, among, joint
from generators.records import params_record
from generators.scenery import Scenery, draw_scenery
from protocol.builder import StateBuilder
from protocol.mechanics import Mechanic
from protocol.model import CardData, PlayerIndex, Step, Zone
from protocol.probe import Scenario


@params_record("haste-tap")
@dataclass(frozen=True, kw_only=True)
class HasteTapParams:
    """Who holds priority, and the summoning-sick creatures with a {T} mana ability."""

    player: PlayerIndex
    #: Those with haste (702.10c: they may pay {T}).
    hasty: tuple[str, ...]
    #: Those without (302.6: they may not).
    slow: tuple[str, ...]


def tapper(haste: bool) -> CardData:
    """A 1/1 Elf with "{T}: Add {G}." and, when ``haste``, haste (its name says which)."""
    return CardData(
        "Hasty Elves" if haste else "Fresh Elves",
        ("Creature",),
        mana_cost="{G}",
        subtypes=("Elf", "Druid"),
        text="Haste\n{T}: Add {G}." if haste else "{T}: Add {G}.",
        power="1",
        toughness="1",
        keywords=("Haste",) if haste else (),
    )


@st.composite
def hasty_tapper_scenarios(draw: st.DrawFn, allowed: Collection[str] | None = None) -> Scenario[HasteTapParams]:
    """The first creature summoning sick with haste; up to two more, summoning sick, each with
    haste half the time; a land of the player's; one choice for the board; then the scenery
    (:mod:`generators.scenery`: tokens only where ``allowed`` holds ``mechanic:tokens``)."""
    player, more, second, third, turn = joint(draw, PLAYER_DIM, among((0, 1, 2)), COIN, COIN, TURN_DIM)
    b = StateBuilder()
    hasty = [b.permanent(tapper(True), player, summoning_sick=True)]
    slow: list[str] = []
    for haste in (second, third)[:more]:
        cid = b.permanent(tapper(haste), player, summoning_sick=True)
        (hasty if haste else slow).append(cid)
    b.permanent(cards.basic_land("G"), player)
    for seat in (0, 1):
        b.put(cards.basic_land("G"), seat, Zone.LIBRARY)
    draw_scenery(draw, b, Scenery(tokens=allowed is None or Mechanic.TOKENS in allowed))
    state = b.build(turn=turn, active_player=player, step=Step.PRECOMBAT_MAIN, priority=player)
    return Scenario(state, HasteTapParams(player=player, hasty=tuple(hasty), slow=tuple(slow)))
