"""Scenery: permanents no claim is about, drawn so the ordinary dimensions of a state vary.

Why: a family that builds only what its claim needs fixes whole dimensions of the state space
(``generators.dimensions``) without the claim fixing them: every permanent of one card type, none
tapped, none a token, none controlled by a player who does not own it, no counters, no damage. An
engine that mishandles one of these (an artifact creature read as an artifact only, a token's
summoning sickness, an owner read as controller) is then never met. The scenery permanents are
vanilla (no rules text: they change no rule a check is about), drawn for either player, each
with its own card types, tapped or not, summoning sick, a token, owned by the other player, with
+1/+1 counters and damage marked. Each dimension's value is one option of a single joint choice
(``generators.features.joint``), so no value starves another, and none (no scenery at all) is the
simplest option, where shrinking goes.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from generators.features import COIN, Dimension, among, flag, joint
from protocol.builder import StateBuilder
from protocol.model import CardData

#: The scenery cards by kind: one card type, or several at once (205.2a); vanilla, so no rule text.
SCENERY_CARDS: dict[str, CardData] = {
    "creature": CardData("Scenery Bear", ("Creature",), mana_cost="{1}{G}", power="2", toughness="2"),
    "artifact": CardData("Scenery Relic", ("Artifact",), mana_cost="{1}"),
    "enchantment": CardData("Scenery Charm", ("Enchantment",), mana_cost="{1}{W}"),
    "artifact-creature": CardData(
        "Scenery Construct", ("Artifact", "Creature"), mana_cost="{2}", power="2", toughness="2"
    ),
    "enchantment-creature": CardData(
        "Scenery Spirit", ("Enchantment", "Creature"), mana_cost="{1}{W}", power="2", toughness="2"
    ),
}
KIND_DIM: Dimension = among(tuple(SCENERY_CARDS))


def is_scenery(data: CardData) -> bool:
    """Whether the card is one of the scenery cards (what a family's own features leave out)."""
    return data in SCENERY_CARDS.values()


#: How many scenery permanents: none (a third of the states), one or two.
COUNT_DIM: Dimension = among((0, 1, 2))


@dataclass(frozen=True)
class Scenery:
    """What a family's states may hold of the scenery."""

    #: Tokens may be drawn (the engine supports ``mechanic:tokens`` where it is optional).
    tokens: bool = True
    #: Summoning-sick permanents may be drawn (``mechanic:summoning-sickness``).
    sick: bool = True
    #: Creatures may be untapped: False where an untapped creature would change what the check
    #: is about (a defending creature that could block before blockers are declared): then every
    #: scenery creature is tapped, and the noncreature ones still vary.
    untapped_creatures: bool = True
    #: Permanents owned by the other player (control changed, 108.3): False where the family's
    #: engine support does not cover a change of control.
    foreign: bool = True


def draw_scenery(draw: st.DrawFn, b: StateBuilder, scenery: Scenery = Scenery()) -> tuple[str, ...]:
    """Add 0-2 scenery permanents to ``b`` (one joint choice per permanent after the count); their ids."""
    (count,) = joint(draw, COUNT_DIM)
    out = []
    for _ in range(count):
        kind, controller, foreign, tapped, sick, token, counters, damage = joint(
            draw,
            KIND_DIM,
            among((0, 1)),
            flag(25 if scenery.foreign else 0),
            COIN,
            flag(35 if scenery.sick else 0),
            flag(25 if scenery.tokens else 0),
            flag(30),
            flag(30),
        )
        data = SCENERY_CARDS[kind]
        creature = data.is_type("Creature")
        if creature and not scenery.untapped_creatures:
            tapped = True
        status: dict[str, object] = {"tapped": tapped, "summoning_sick": sick}
        if creature and counters:
            status["counters"] = (("+1/+1", 1),)
        if creature and damage:
            status["damage"] = 1  # below its toughness of 2: it survives (704.5g)
        owner = 1 - controller if foreign else controller
        out.append(b.permanent(data, controller, owner=owner, token=token, **status))
    return tuple(out)
