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

A second instance of a card with rules text (109.1: each object is its own; two Ninjas, two
Classes, two X spells): in about a quarter of the states a copy of one card the family put in
the state (drawn among them) is added to its owner's graveyard (``Scenery.twin_zone``: a zone
where the copy changes no rule the claim is about). An engine that finds an object by its name,
or keys what it remembers by the card and not the object, confuses the two.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from hypothesis import strategies as st

from generators.features import COIN, Dimension, among, flag, joint
from protocol.builder import StateBuilder
from protocol.mechanics import Mechanic
from protocol.model import CardData, Zone
from protocol.probe import Scenario

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
    #: Where a second copy of one of the family's cards with rules text is put (None: never):
    #: a zone where it is inert for the claim (the graveyard by default; exile where graveyard
    #: cards can be cast, Ninja Teen's sneak).
    twin_zone: Zone | None = Zone.GRAVEYARD


#: The share of states given a second copy of one of the family's cards with rules text.
TWIN_PERCENT = 25
#: How many of the family's cards the copy is drawn among (the first ones built: the cards the
#: claim is about come first in every family).
TWIN_CHOICES = 4


def twin_candidates(b: StateBuilder) -> list[tuple[int, CardData]]:
    """The family's cards a copy may be made of: built so far, not tokens, with rules text, not
    basic lands (whose text is their reminder) and not scenery; (owner, card), one per name."""
    seen: set[str] = set()
    out = []
    for obj, data in b.placed():
        if obj.token or not data.text.strip() or "Basic" in data.supertypes or is_scenery(data):
            continue
        if data.name not in seen:
            seen.add(data.name)
            out.append((obj.owner, data))
    return out


def twin_dims(b: StateBuilder, zone: Zone | None) -> tuple[Dimension, Dimension]:
    """The :func:`joint` dimensions of :func:`put_twin`'s choice (drawn with the scenery's count,
    one choice for both: a draw more would move every later choice of a derandomized run)."""
    some = zone is not None and bool(twin_candidates(b))
    return flag(TWIN_PERCENT if some else 0), among(range(TWIN_CHOICES) if some else (0,))


def put_twin(b: StateBuilder, zone: Zone | None, twin: bool, pick: int) -> str | None:
    """With ``twin``, a copy of one of :func:`twin_candidates` (the ``pick``-th, cycling) in its
    owner's ``zone`` (109.1: a second object of one card); its id."""
    if not twin or zone is None:
        return None
    candidates = twin_candidates(b)
    owner, data = candidates[pick % len(candidates)]
    return b.put(data, owner, zone)


def draw_scenery(draw: st.DrawFn, b: StateBuilder, scenery: Scenery = Scenery()) -> tuple[str, ...]:
    """Add 0-2 scenery permanents to ``b`` (one joint choice per permanent after the count) and
    perhaps a second copy of one of the family's cards (:func:`put_twin`); their ids."""
    count, twin, pick = joint(draw, COUNT_DIM, *twin_dims(b, scenery.twin_zone))
    out = []
    for _ in range(count):
        # Two choices of fewer than 256 combinations each: one of more is read from random bytes,
        # whose late dimensions came out far below their weights in long strategies (counters
        # on 1 in 30 creatures in the Class family's states instead of 3 in 10).
        kind, controller, foreign, tapped = joint(
            draw, KIND_DIM, among((0, 1)), flag(25 if scenery.foreign else 0), COIN
        )
        sick, token, counters, damage = joint(
            draw, flag(35 if scenery.sick else 0), flag(25 if scenery.tokens else 0), flag(35), flag(40)
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
    copy = put_twin(b, scenery.twin_zone, twin, pick)
    return tuple(out) + ((copy,) if copy is not None else ())


def without_tokens(scenario: Scenario[Any]) -> Scenario[Any]:
    """The scenario with every token made a card (111.1): the same state for an engine without
    ``mechanic:tokens``, where the scenery's tokens may not be drawn."""
    state = scenario.state
    if not any(o.token for o in state.objects):
        return scenario
    objects = tuple(replace(o, token=False) if o.token else o for o in state.objects)
    return replace(scenario, state=replace(state, objects=objects))


def scenery_token_strategy(
    scenarios: Callable[..., st.SearchStrategy[Scenario[Any]]],
    takes_allowed: bool,
    allowed: Collection[str] | None = None,
) -> st.SearchStrategy[Scenario[Any]]:
    """The strategy :func:`tokens_optional` makes: ``scenarios`` for an engine that supports
    ``allowed`` of the mechanics, its tokens made cards unless tokens are among them."""
    # The family's own strategy is given what it was given before: not tokens (they would turn
    # on its own token draws, which it does not list).
    base = scenarios(frozenset(allowed) - {Mechanic.TOKENS}) if takes_allowed and allowed is not None else scenarios()
    if allowed is None or Mechanic.TOKENS in allowed:
        return base
    return base.map(without_tokens)


def tokens_optional(
    scenarios: Callable[..., st.SearchStrategy[Scenario[Any]]], *, takes_allowed: bool
) -> Callable[..., st.SearchStrategy[Scenario[Any]]]:
    """``scenarios`` with ``mechanic:tokens`` made one of its optional mechanics: the scenery's
    tokens (111.1) are drawn where the engine supports tokens and made cards where it does not.

    Why: the scenery draws tokens in every family, so the token dimension varies everywhere; a
    family that neither needs tokens nor lists them as optional gets them this way, without each
    of its strategies taking the engine's mechanics. ``takes_allowed``: the strategy factory
    already takes the mechanics a state may hold (the family has optional mechanics of its own).
    A :func:`functools.partial`, so the wrapped factory stays reachable (``.args[0]``)."""
    return partial(scenery_token_strategy, scenarios, takes_allowed)
