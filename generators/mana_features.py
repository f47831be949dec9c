"""State features of mana production and payment (see :mod:`generators.features`).

The rules a mana invariant cites name who makes the mana and how it is paid: each kind of
permanent a {T}/{Q} ability can be on (a creature, where summoning sickness matters; an artifact;
a land, basic or not; a land whose mana depends on what other lands could produce), mana
abilities with {T} and with {Q}, abilities that are no mana abilities; and for a cost, its colour
requirements (a coloured symbol, two of one colour, a generic part) next to lands of a colour
it lacks, and a land of its colour the generic part could waste. Drawn by
:mod:`generators.mana` with explicit weights, observed here.
"""

from __future__ import annotations

from typing import Any

from generators.cards import BASIC_LANDS
from generators.features import Feature, table
from protocol.model import COLORS, GameState, PlayerIndex, parse_mana_cost
from protocol.probe import Scenario


def _own(sc: Scenario[Any]) -> list[Any]:
    return [s for s in sc.params.sources if s.controller == sc.params.player]


def _source_kind(name: str, what: str, weight: int, holds: Any) -> Feature:
    return Feature(
        f"source:{name}",
        "106.1, 605.1a, 302.6",
        f"the player has a {what}",
        weight,
        lambda sc: any(holds(s) for s in _own(sc)),
    )


SOURCE_FEATURES: dict[str, Feature] = table(
    _source_kind("basic-land", "basic land (an intrinsic mana ability, 305.6)", 30, lambda s: s.subtypes != ()),
    _source_kind(
        "ability-land",
        "nonbasic land with a printed mana ability",
        30,
        lambda s: s.kind == "land" and not s.subtypes and any(a.symbol for a in s.abilities),
    ),
    _source_kind("creature", "creature with a {T}/{Q} ability", 30, lambda s: s.kind == "creature"),
    _source_kind("artifact", "artifact with a {T}/{Q} ability", 30, lambda s: s.kind == "artifact"),
    _source_kind(
        "pool-land",
        "land whose mana is any type another land could produce",
        30,
        lambda s: any(a.pool is not None for a in s.abilities),
    ),
    _source_kind(
        "untap-mana",
        "mana ability with {Q} in its cost",
        30,
        lambda s: any(a.is_mana and a.cost == "Q" for a in s.abilities),
    ),
    _source_kind(
        "non-mana", "{T}/{Q} ability that is no mana ability", 30, lambda s: any(not a.is_mana for a in s.abilities)
    ),
)


def _subject(sc: Scenario[Any]) -> Any:
    return sc.params.sources[sc.params.subject]


def _subject_kind(kind: str) -> Feature:
    return Feature(
        f"subject:{kind}",
        "302.6, 602.5a",
        f"the permanent the check is about is a {kind}",
        33,
        lambda sc: _subject(sc).kind == kind,
    )


SUBJECT_FEATURES: dict[str, Feature] = table(
    *(_subject_kind(kind) for kind in ("creature", "artifact", "land")),
    Feature(
        "subject-sick",
        "302.6",
        "the permanent the check is about came under its controller's control this turn",
        50,
        lambda sc: _subject(sc).sick,
    ),
)


# -- paying a cost (the X creature's spell) ---------------------------------------------------


def _cost(sc: Scenario[Any]) -> tuple[str, ...]:
    return parse_mana_cost(sc.state.data_of(sc.params.card).mana_cost)


def _lands(state: GameState, player: PlayerIndex) -> list[str]:
    """The colours of the player's untapped basic lands."""
    out = []
    for p in state.battlefield:
        data = state.data_of(p.id)
        if p.controller == player and not p.tapped and "Basic" in data.supertypes:
            out.append(next(c for c, n in BASIC_LANDS.items() if n == data.name))
    return out


def _coloured(cost: tuple[str, ...]) -> list[str]:
    return [s for s in cost if s in COLORS]


PAYMENT_FEATURES: dict[str, Feature] = table(
    Feature(
        "cost-one-colour-symbol",
        "107.4, 202.1",
        "the cost has exactly one coloured symbol",
        50,
        lambda sc: len(_coloured(_cost(sc))) == 1,
    ),
    Feature(
        "cost-two-of-a-colour",
        "107.4, 202.1",
        "the cost has two symbols of one colour ({U}{U}): two lands of that colour are needed",
        20,
        lambda sc: any(_coloured(_cost(sc)).count(c) >= 2 for c in COLORS),
    ),
    Feature(
        "cost-generic-part",
        "107.4b",
        "the cost has a generic part besides X",
        40,
        lambda sc: any(s.isdigit() for s in _cost(sc)),
    ),
    Feature("x-zero", "107.3", "X is 0", 20, lambda sc: sc.params.x == 0),
    Feature(
        "off-colour-land",
        "106.1, 601.2h",
        "an untapped land of the player makes a colour the cost lacks",
        60,
        lambda sc: any(c not in _coloured(_cost(sc)) for c in _lands(sc.state, sc.params.player)),
    ),
    Feature(
        "spare-colour-land",
        "601.2h",
        "a land of a colour the cost needs could be spent on its generic part, leaving the coloured "
        "symbol unpaid (the payer must keep it)",
        40,
        lambda sc: any(
            _lands(sc.state, sc.params.player).count(c) > _coloured(_cost(sc)).count(c)
            for c in set(_coloured(_cost(sc)))
        ),
    ),
)
