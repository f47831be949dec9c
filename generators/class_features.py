"""State features of Class enchantments (716; see :mod:`generators.features`).

A Class has three levels, each level bar is an activated ability with a mana cost, activated only
as a sorcery. So the rules name: every level (a Class at 1, 2 and 3; the level a check gains,
2 or 3), a level cost that can be paid and one that can't (for want of mana, or of the right
colour: a Class's {B} is not paid by an Island), the timing (a main phase of the player's own
turn with an empty stack, or not: the other player's turn, another step, a spell on the stack
with or without a target). Drawn by :func:`generators.classes.class_scenarios`, observed here.
"""

from __future__ import annotations

from typing import Any

from generators.features import Feature, table
from protocol.model import GameState, PlayerIndex, Zone, parse_mana_cost
from protocol.probe import Scenario

LEVELS = (1, 2, 3)
BLACK = "B"


def bar_symbols(state: GameState, class_id: str) -> dict[int, tuple[str, ...]]:
    """The cost symbols of each level bar ("{1}{B}: Level 2" -> {2: ("1", "B")}) of a Class."""
    out = {}
    for line in state.data_of(class_id).text.split("\n"):
        if ": Level " in line:
            cost, _, level = line.partition(": Level ")
            out[int(level)] = parse_mana_cost(cost)
    return out


def untapped_lands(state: GameState, player: PlayerIndex) -> tuple[int, int]:
    """The player's untapped Swamps and their other untapped lands (the only mana sources here)."""
    swamps = others = 0
    for p in state.battlefield:
        data = state.data_of(p.id)
        if p.controller == player and not p.tapped and "Land" in data.types:
            if data.name == "Swamp":
                swamps += 1
            else:
                others += 1
    return swamps, others


def payable(cost: tuple[str, ...], swamps: int, others: int) -> bool:
    """Whether untapped Swamps and other basic lands (none of them black) pay ``cost``: each {B}
    needs a Swamp (106.1, 202.1), the generic part any land."""
    black = cost.count(BLACK)
    total = sum(int(s) if s.isdigit() else 1 for s in cost)
    return black <= swamps and total <= swamps + others


def next_bars(sc: Scenario[Any]) -> list[tuple[int, tuple[str, ...]]]:
    """The next level bar (level, cost) of each of the player's Classes below level 3."""
    out = []
    for cid in sc.params.classes:
        level = sc.params.levels[cid]
        if level < 3:
            out.append((level + 1, bar_symbols(sc.state, cid)[level + 1]))
    return out


def _bars_payable(sc: Scenario[Any]) -> list[bool]:
    swamps, others = untapped_lands(sc.state, sc.params.player)
    return [payable(cost, swamps, others) for _, cost in next_bars(sc)]


def _short_by_colour(sc: Scenario[Any]) -> bool:
    swamps, others = untapped_lands(sc.state, sc.params.player)
    return any(
        not payable(cost, swamps, others) and payable(tuple("1" if s == BLACK else s for s in cost), swamps, others)
        for _, cost in next_bars(sc)
    )


def _sorcery_timing(sc: Scenario[Any]) -> bool:
    state = sc.state
    player = sc.params.player
    return state.active_player == player and state.step.is_main and not state.stack and state.priority == player


def _stack_spell(sc: Scenario[Any], targeted: bool) -> bool:
    return any(item.kind == "spell" and bool(item.choice("targets")) == targeted for item in sc.state.stack)


def _next_level(sc: Scenario[Any]) -> int | None:
    below = [c for c in sc.params.classes if sc.params.levels[c] < 3]
    return sc.params.levels[below[sc.params.pick % len(below)]] + 1 if below else None


def _at_level(n: int) -> Feature:
    return Feature(
        f"level:{n}",
        "716.2a, 716.2d",
        f"the player controls a Class at level {n}",
        33,
        lambda sc: any(sc.params.levels[c] == n for c in sc.params.classes),
    )


def _gains(n: int) -> Feature:
    return Feature(
        f"gains-level:{n}",
        "716.2b, 716.2c",
        f"the Class the check levels up gains level {n} (its level {n} ability)",
        50,
        lambda sc: _next_level(sc) == n,
    )


FEATURES: dict[str, Feature] = table(
    *(_at_level(n) for n in LEVELS),
    *(_gains(n) for n in (2, 3)),
    Feature(
        "bar-payable",
        "602.2b, 716.2b",
        "the player's untapped lands pay a next level bar of one of their Classes",
        50,
        lambda sc: any(_bars_payable(sc)),
    ),
    Feature(
        "bar-unpayable",
        "602.2b, 716.2b",
        "the player's untapped lands do not pay a next level bar of one of their Classes",
        50,
        lambda sc: not all(_bars_payable(sc)),
    ),
    Feature(
        "off-colour-land",
        "106.1, 202.1",
        "the player controls an untapped land that makes no black mana",
        40,
        lambda sc: untapped_lands(sc.state, sc.params.player)[1] > 0,
    ),
    Feature(
        "short-by-colour",
        "106.1, 202.1, 601.2h",
        "a next level bar would be paid by the player's untapped lands but for its {B}: too few Swamps",
        40,
        _short_by_colour,
    ),
    Feature("sorcery-timing", "307.1, 716.2b", "the player could cast a sorcery now", 50, _sorcery_timing),
    Feature(
        "no-sorcery-timing",
        "307.1, 716.2b",
        "the player could not cast a sorcery now (another step, the other player's turn, a spell on the stack)",
        50,
        lambda sc: not _sorcery_timing(sc),
    ),
    Feature(
        "holder-not-active",
        "307.1",
        "the Classes' controller is not the active player",
        50,
        lambda sc: sc.state.active_player != sc.params.player,
    ),
    Feature(
        "stack-spell-untargeted",
        "307.1, 405.1",
        "an opponent's spell without targets is on the stack",
        25,
        lambda sc: _stack_spell(sc, targeted=False),
    ),
    Feature(
        "stack-spell-targeted",
        "307.1, 115.1",
        "an opponent's spell with a target (a Counterspell) is on the stack",
        25,
        lambda sc: _stack_spell(sc, targeted=True),
    ),
    Feature(
        "opponent-class",
        "716.1",
        "the other player controls a Class too",
        50,
        lambda sc: bool(sc.params.opponent_classes),
    ),
    Feature(
        "class-in-hand",
        "716.2a",
        "a Class card is in the player's hand",
        100,
        lambda sc: sc.params.hand_class is not None and sc.state.zone_of(sc.params.hand_class) is Zone.HAND,
    ),
)
