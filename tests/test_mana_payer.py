"""The reference engine's cost payer: it finds a payment whenever one exists, in an order that
does not depend on how many digits a card id has, and keeps coloured sources for later costs."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from engines.reference import ReferenceEngine
from engines.reference.payment import SourceOption, id_key, plan_with_options
from engines.reference.testing import BEARS, ISLAND, P1, creature
from protocol.builder import StateBuilder
from protocol.keywords import NINJUTSU
from protocol.model import CardData, Step, Zone

PLAINS = CardData("Plains", ("Land",), subtypes=("Plains",), supertypes=("Basic",), text="({T}: Add {W}.)")


def fixed(symbol: str) -> tuple[SourceOption, ...]:
    return (SourceOption("mana", None, (symbol,)),)


def tapped(plan) -> list[str]:
    return [source for source, _ in plan.activations]


def test_ids_sort_by_number():
    assert sorted(["c10", "c8", "c9", "t2", "c1"], key=id_key) == ["c1", "c8", "c9", "c10", "t2"]


def test_sources_are_tried_in_id_number_order():
    plan = plan_with_options(("U",), (), [("c10", fixed("U")), ("c8", fixed("U"))])
    assert plan is not None and tapped(plan) == ["c8"]


def test_a_cost_payable_only_if_sources_are_chosen_well():
    # c1 makes U or G (a choice), c2 only U: {U}{G} needs c2 for U and c1 for G.
    any_type = (SourceOption("mana", "U", ("U",)), SourceOption("mana", "G", ("G",)))
    plan = plan_with_options(("U", "G"), (), [("c1", any_type), ("c2", fixed("U"))])
    assert plan is not None
    assert {s: o.produce for s, o in plan.activations} == {"c1": "G", "c2": None}
    assert Counter(plan.spend) == Counter({"U": 1, "G": 1})


def test_generic_mana_keeps_the_coloured_sources():
    sources = [("c1", fixed("U")), ("c2", fixed("W")), ("c3", fixed("U")), ("c4", fixed("C"))]
    plan = plan_with_options(("1", "U"), (), sources)
    assert plan is not None and tapped(plan) == ["c1", "c4"]
    plan = plan_with_options(("2", "U"), (), sources)
    assert plan is not None and tapped(plan) == ["c1", "c2", "c4"]


def test_the_same_cost_twice_from_lands_c8_to_c15():
    # The shape that failed before: Islands c10 and c13 among Plains; {2}{U} twice.
    lands = {"c8": "W", "c9": "W", "c10": "U", "c11": "W", "c13": "U", "c15": "G"}
    first = plan_with_options(("2", "U"), (), [(c, fixed(s)) for c, s in lands.items()])
    assert first is not None and tapped(first) == ["c8", "c9", "c10"]
    left = [(c, fixed(s)) for c, s in lands.items() if c not in tapped(first)]
    assert plan_with_options(("2", "U"), (), left) is not None


SYMBOLS = st.sampled_from("WUGC")
OPTION = st.lists(SYMBOLS, min_size=1, max_size=2).map(tuple)
SOURCES = st.lists(st.lists(OPTION, min_size=1, max_size=2), max_size=5)
COST = st.tuples(st.integers(0, 3), st.lists(SYMBOLS, max_size=3))


def payable(cost: tuple[str, ...], sources: list[list[tuple[str, ...]]]) -> bool:
    """Brute force: some choice of (no activation | one option) per source covers the cost."""
    generic = sum(int(s) for s in cost if s.isdigit())
    coloured = Counter(s for s in cost if not s.isdigit())
    for choice in product(*[[()] + options for options in sources]):
        made = Counter(s for option in choice for s in option)
        if all(made[s] >= n for s, n in coloured.items()) and sum(made.values()) - sum(coloured.values()) >= generic:
            return True
    return False


@given(COST, SOURCES)
def test_the_payer_finds_a_payment_whenever_one_exists(cost_parts, sources):
    generic, coloured = cost_parts
    cost = ((str(generic),) if generic else ()) + tuple(coloured)
    named = [
        (f"c{10 - i}", tuple(SourceOption("mana", str(j), o) for j, o in enumerate(options)))
        for i, options in enumerate(sources)
    ]
    plan = plan_with_options(cost, (), named)
    assert (plan is not None) == payable(cost, sources)
    if plan is not None:
        made = Counter(s for _, option in plan.activations for s in option.symbols)
        assert Counter(plan.spend) <= made
        assert Counter(s for s in plan.spend) >= Counter(s for s in cost if not s.isdigit())
        assert len(plan.spend) == generic + len(coloured)


def test_engine_pays_a_second_ninjutsu_with_the_island_it_kept():
    ninja = creature("Costly Ninja", 1, 1, "Ninjutsu {2}{U}")
    b = StateBuilder()
    first = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)  # c1
    second = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)  # c2
    ninja_a, ninja_b = b.put(ninja, 0), b.put(ninja, 0)  # c3, c4
    for _ in range(3):  # c5-c7
        b.put(BEARS, 0, Zone.LIBRARY)
    b.permanent(PLAINS, 0), b.permanent(PLAINS, 0)  # c8, c9
    b.permanent(ISLAND, 0)  # c10
    b.permanent(PLAINS, 0)  # c11
    b.put(BEARS, 0, Zone.LIBRARY)  # c12
    island = b.permanent(ISLAND, 0)  # c13
    b.permanent(PLAINS, 0)  # c14
    assert island == "c13"
    session = ReferenceEngine().start(b.build(turn=2, step=Step.DECLARE_BLOCKERS, priority=0))
    session.apply(NINJUTSU.use(0, ninja_a, first))
    assert not next(p for p in session.state().battlefield if p.id == island).tapped
    session.apply(NINJUTSU.use(0, ninja_b, second))
    assert len(session.state().stack) == 2
