"""Current characteristics per permanent in the exported state (109.3, 110.3, 613): the model's
``Permanent.characteristics``, its consistency rules, its JSON form, its declared observability,
and the reference engine's export of it in hand-built states."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.reference import ReferenceEngine
from engines.reference.testing import BEARS, FOREST, P1, creature
from protocol.builder import StateBuilder
from protocol.consistency import characteristics_problems, problems
from protocol.model import CardData, Characteristics, GameState, Step, pass_priority
from protocol.observability import OBSERVABLE, blind, unshown_reason

ENGINE = ReferenceEngine()
SERRA = CardData(
    "Serra Angel",
    ("Creature",),
    mana_cost="{3}{W}{W}",
    subtypes=("Angel",),
    text="Flying\nVigilance",
    power="4",
    toughness="4",
    keywords=("Flying", "Vigilance"),
)
HYBRID = CardData("Hybrid Imp", ("Creature",), mana_cost="{B/R}{B/R}", power="2", toughness="1")
STORM_CROW = creature("Storm Crow", 1, 2, "Flying")


def shown(state: GameState, card_id: str) -> Characteristics:
    now = ENGINE.start(state).state().permanent(card_id)
    assert now is not None and now.characteristics is not None
    return now.characteristics


def test_a_creature_shows_its_printed_types_power_toughness_keywords_and_colours():
    b = StateBuilder()
    angel = b.permanent(SERRA, 0)
    now = shown(b.build(), angel)
    assert now == Characteristics(("Creature",), 4, 4, ("flying", "vigilance"), ("W",))


def test_colours_come_from_the_mana_cost_hybrid_symbols_count_for_both():
    b = StateBuilder()
    imp = b.permanent(HYBRID, 0)
    assert shown(b.build(), imp).colors == ("B", "R")  # 105.2, 202.2; WUBRG order


def test_a_land_has_no_power_or_toughness_and_no_colour():
    b = StateBuilder()
    forest = b.permanent(FOREST, 0)
    assert shown(b.build(), forest) == Characteristics(("Land",), None, None, (), ())


def test_plus_one_counters_change_power_and_toughness_613_4c():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, counters=(("+1/+1", 2),))
    now = shown(b.build(), bears)
    assert (now.power, now.toughness) == (4, 4)


def test_the_export_follows_the_game_damage_kills_and_the_permanent_is_gone():
    """The characteristics are those of the game as it is now: after combat damage the dead
    blocker shows nothing, the survivor still shows its own."""
    b = StateBuilder()
    angel = b.permanent(SERRA, 0, tapped=False, attacking=P1, blocked=True)
    crow = b.permanent(STORM_CROW, 1, blocking=(angel,))
    session = ENGINE.start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    after = session.state()
    assert after.permanent(crow) is None
    survivor = after.permanent(angel)
    assert survivor is not None and survivor.damage == 1
    assert survivor.characteristics == Characteristics(("Creature",), 4, 4, ("flying", "vigilance"), ("W",))


def test_a_replaced_keyword_rule_shows_in_the_export():
    """The export asks the engine's own rules, so a mutant that forgets flying shows no flying:
    what an engine shows and what it plays agree."""
    b = StateBuilder()
    angel = b.permanent(SERRA, 0)
    blind_to_flying = ReferenceEngine(decisions={"combat.has_flying": lambda self, game, perm: False})
    now = blind_to_flying.start(b.build()).state().permanent(angel)
    assert now is not None and now.characteristics is not None
    assert now.characteristics.keywords == ("vigilance",)


def test_an_export_loads_back_and_exports_the_same():
    b = StateBuilder()
    b.permanent(SERRA, 0)
    b.permanent(FOREST, 1)
    exported = ENGINE.start(b.build()).state()
    assert ENGINE.start(exported).state() == exported
    assert GameState.from_json(exported.to_json()) == exported


def test_stale_characteristics_in_a_loaded_state_are_recomputed():
    """A state to load may carry characteristics (an earlier export); the engine shows what it
    computes, never the echo of what it was given."""
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, characteristics=Characteristics(("Creature",), 9, 9, ("flying",), ("U",)))
    assert shown(b.build(), bears) == Characteristics(("Creature",), 2, 2, (), ())


@pytest.mark.parametrize(
    ("now", "says"),
    [
        (Characteristics(("Creature",), None, 2), "no current power or toughness"),
        (Characteristics(("Land",), 1, 1), "not a creature but has a current power"),
        (Characteristics(("Creature",), 1, 1, (), ("P",)), "not among WUBRG"),
        (Characteristics(("Creature",), 1, 1, ("flying", "flying")), "keyword 'flying' is listed 2 times"),
        (Characteristics((), None, None), "no card type"),
    ],
)
def test_impossible_characteristics_are_inconsistent(now, says):
    assert any(says in p for p in characteristics_problems("c1", now))
    b = StateBuilder()
    b.permanent(BEARS, 0, characteristics=now)
    assert any(says in p for p in problems(b.build()))


def test_possible_characteristics_are_consistent():
    assert characteristics_problems("c1", Characteristics(("Artifact", "Creature"), -1, 0, ("haste",), ())) == []
    assert characteristics_problems("c1", Characteristics(("Enchantment",))) == []


def test_characteristics_are_declared_observable_and_blind_empties_them():
    entry = OBSERVABLE["characteristics"]
    assert entry.empty is None
    b = StateBuilder()
    b.permanent(SERRA, 0)
    exported = ENGINE.start(b.build()).state()
    hidden = blind(exported, {"characteristics"})
    assert all(p.characteristics is None for p in hidden.battlefield)
    assert hidden == replace(
        exported, battlefield=tuple(replace(p, characteristics=None) for p in exported.battlefield)
    )
    assert "current characteristics of permanents" in unshown_reason("phase", ["characteristics"])
