"""Mana production and {T}/{Q} costs: the reference engine on hand-built states with known
outcomes, the oracle lines it reads, the generators' states, the invariants' coverage of the
eight generic rulings, and the mutants (one killed through the CLI)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given

from engines.mutants import all_mutants, load_mutant
from engines.reference import SUPPORTED, ReferenceEngine, ReferenceRules, UnsupportedCard, parse_card
from engines.reference.game import Game
from engines.reference.lines import (
    Activated,
    AddMana,
    EntersGainXLife,
    EntersWithXCounters,
    GainLife,
    TappedForManaReplacement,
    TappedForManaTrigger,
)
from engines.reference.testing import BEARS, FOREST, ISLAND, NINJA, P1, creature
from generators import mana as gen
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.consistency import problems
from protocol.keywords import NINJUTSU
from protocol.model import Action, ActionKind, CardData, EventKind, StackItem, Step, Zone, pass_priority
from protocol.observability import blind
from rulings.compile import compile_corpus

ENGINE = ReferenceEngine()

POOL = CardData(
    "Reflecting Pool", ("Land",), text="{T}: Add one mana of any type that a land you control could produce."
)
ORCHARD = CardData(
    "Exotic Orchard", ("Land",), text="{T}: Add one mana of any color that a land an opponent controls could produce."
)
WASTES_Q = CardData("Untap Wastes", ("Land",), text="{Q}: Add {C}.")
WASTES_T = CardData("Tap Wastes", ("Land",), text="{T}: Add {C}.")
ELF_Q = creature("Untap Elf", 1, 1, "{Q}: Add {G}.")
HEALER = creature("Healer", 1, 1, "{T}: You gain 2 life.\n{Q}: You gain 1 life.")
IDOL = CardData("Idol", ("Artifact",), mana_cost="{1}", text="{Q}: You gain 1 life.\n{T}: Add {R}.")
WATCH = CardData("Watch", ("Enchantment",), text="Whenever you tap a land for mana, you gain 1 life.")
ANY_WATCH = CardData(
    "Any Watch", ("Enchantment",), text="Whenever a player taps a permanent for mana, you gain 1 life."
)
BLOOM = CardData(
    "Bloom", ("Enchantment",), text="Whenever a Forest is tapped for mana, its controller adds an additional {G}."
)
MONUMENT = CardData(
    "Monument", ("Artifact",), mana_cost="{5}", text="Whenever you tap a permanent for {C}, add an additional {C}."
)
SELF_WATCH = CardData(
    "Singing Land", ("Land",), text="{T}: Add {U}.\nWhenever this land is tapped for mana, you gain 1 life."
)
REFLECTION = CardData(
    "Reflection",
    ("Enchantment",),
    text="If you tap a permanent for mana, it produces twice as much of that mana instead.",
)
CONTAMINATION = CardData(
    "Contamination",
    ("Enchantment",),
    text="If a land is tapped for mana, it produces {B} instead of any other type and amount.",
)
DAMPING = CardData(
    "Damping",
    ("Artifact",),
    mana_cost="{2}",
    text="If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.",
)
HYDRA = CardData(
    "Test Hydra",
    ("Creature",),
    mana_cost="{X}{G}",
    power="0",
    toughness="0",
    text="This creature enters with X +1/+1 counters on it.\nWhen this creature enters, you gain X life.",
)


def act(source: str, ability: str, produce: str | None = None, player: int = 0) -> Action:
    return Action(
        ActionKind.ACTIVATE,
        player,
        source=source,
        ability=ability,
        costs=() if produce is None else (("produce", produce),),
    )


def offered(session, source: str) -> list[Action]:
    return [a for a in session.legal_actions() if a.source == source]


def start(b: StateBuilder, **state):
    state.setdefault("turn", 2)
    state.setdefault("step", Step.PRECOMBAT_MAIN)
    state.setdefault("priority", 0)
    return ENGINE.start(b.build(**state))


def resolve(session) -> list:
    events = []
    while session.state().stack:
        events += session.apply(pass_priority(session.state().priority))
    return events


def refused(session, action: Action) -> None:
    before = session.state()
    with pytest.raises(ActionRefused):
        session.apply(action)
    assert session.state() == before


# -- oracle lines -------------------------------------------------------------------------------


def test_oracle_reads_the_mana_lines():
    assert parse_card(POOL).activated == (Activated("T", AddMana(could_produce="you")),)
    assert parse_card(ORCHARD).activated == (Activated("T", AddMana(could_produce="opponent", any_color=True)),)
    assert parse_card(HEALER).activated == (Activated("T", GainLife(2)), Activated("Q", GainLife(1)))
    assert parse_card(WATCH).mana_lines == (TappedForManaTrigger("you", "land", life=1),)
    assert parse_card(BLOOM).mana_lines == (TappedForManaTrigger("any", "forest", extra="G", to="tapper"),)
    assert parse_card(MONUMENT).mana_lines == (TappedForManaTrigger("you", "permanent", "C", extra="C"),)
    assert parse_card(SELF_WATCH).mana_lines[1] == TappedForManaTrigger("self", "permanent", life=1)
    assert parse_card(REFLECTION).mana_lines == (TappedForManaReplacement("you", "permanent", double=True),)
    assert parse_card(DAMPING).mana_lines == (TappedForManaReplacement("any", "land", at_least=2, produces=("C",)),)
    assert parse_card(HYDRA).mana_lines == (EntersWithXCounters(), EntersGainXLife())
    # Intrinsic mana first, then text order; the old field still holds the fixed {T} ones.
    assert [a.cost for a in parse_card(IDOL).activated] == ["Q", "T"]
    assert [a.symbol for a in parse_card(IDOL).mana_abilities] == ["R"]
    assert parse_card(FOREST).activated == (Activated("T", AddMana("G")),)


@pytest.mark.parametrize(
    "text",
    [
        "{Q}: Add {G}{G}.",
        "{T}: You gain X life.",
        "Whenever you tap a land for mana, draw a card.",
        "If you tap a permanent for mana, it produces three times as much of that mana instead.",
        "Whenever a player taps a land for two or more mana, you gain 1 life.",
    ],
)
def test_oracle_refuses_other_mana_lines(text):
    with pytest.raises(UnsupportedCard):
        parse_card(CardData("Oddity", ("Artifact",), text=text))


def test_protocol_names_and_supports():
    b = StateBuilder()
    idol = b.permanent(IDOL, 0, tapped=True)
    healer = b.permanent(HEALER, 0)
    session = start(b)
    assert {(a.source, a.ability) for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE} == {
        (idol, "ability:0"),
        (healer, "ability:0"),
    }
    assert {
        "mechanic:untap-symbol",
        "mechanic:tap-ability",
        "mechanic:mana-triggers",
        "mechanic:mana-replacement",
        "mechanic:could-produce",
        "mechanic:x-etb",
    } <= SUPPORTED


# -- {T} and {Q} (107.5, 107.6, 302.6) ------------------------------------------------------------


def test_untap_symbol_needs_a_tapped_permanent_and_a_creature_that_is_not_sick():
    b = StateBuilder()
    untapped = b.permanent(ELF_Q, 0)
    tapped = b.permanent(ELF_Q, 0, tapped=True)
    sick = b.permanent(ELF_Q, 0, tapped=True, summoning_sick=True)
    sick_land = b.permanent(WASTES_Q, 0, tapped=True, summoning_sick=True)
    theirs = b.permanent(WASTES_Q, 1, tapped=True)
    session = start(b)
    assert {a.source for a in session.legal_actions() if a.ability == "mana"} == {tapped, sick_land}
    for bad in (untapped, sick, theirs):
        refused(session, act(bad, "mana"))
    events = session.apply(act(tapped, "mana"))
    assert [(e.kind, e.card, e.detail) for e in events] == [
        (EventKind.UNTAP, tapped, None),
        (EventKind.MANA, tapped, "G"),
    ]
    state = session.state()
    assert not state.permanent(tapped).tapped and state.player(0).mana_pool == ("G",) and state.stack == ()
    refused(session, act(tapped, "mana"))  # untapped now
    session.apply(act(sick_land, "mana"))  # summoning sickness is about creatures only
    assert session.state().player(0).mana_pool == ("G", "C")


def test_tap_and_untap_abilities_that_are_not_mana_abilities_use_the_stack():
    b = StateBuilder()
    healer = b.permanent(HEALER, 0)
    sick = b.permanent(HEALER, 0, summoning_sick=True)
    session = start(b)
    assert [a.ability for a in offered(session, healer)] == ["ability:0"]  # {T} only: it is untapped
    assert offered(session, sick) == []
    refused(session, act(sick, "ability:0"))
    refused(session, act(healer, "ability:1"))  # {Q} of an untapped permanent
    events = session.apply(act(healer, "ability:0"))
    assert [e.kind for e in events] == [EventKind.ACTIVATE, EventKind.TAP]
    state = session.state()
    assert [(s.kind, s.source, s.ability) for s in state.stack] == [("activated", healer, "ability:0")]
    assert state.priority == 0 and state.player(0).life == 20
    assert [a.ability for a in offered(session, healer)] == ["ability:1"]  # tapped now: {Q} can be paid
    session.apply(act(healer, "ability:1"))
    resolve(session)
    state = session.state()
    assert state.player(0).life == 23 and not state.permanent(healer).tapped


def test_loaded_stack_items_of_these_abilities_resolve():
    b = StateBuilder()
    healer = b.permanent(HEALER, 0, tapped=True)
    watch = b.permanent(WATCH, 1)
    session = start(
        b,
        stack=(
            StackItem("s1", "activated", healer, 0, "ability:0"),
            StackItem("s2", "triggered", watch, 1, "mana-trigger:0"),
        ),
    )
    resolve(session)
    assert [p.life for p in session.state().players] == [22, 21]


# -- tapping for mana (106.12) and its triggers (106.12a) -------------------------------------------


def test_only_mana_abilities_with_tap_are_tapping_for_mana():
    b = StateBuilder()
    forest = b.permanent(FOREST, 0)
    elf_q = b.permanent(ELF_Q, 0, tapped=True)
    healer = b.permanent(HEALER, 0)
    b.permanent(ANY_WATCH, 0)
    b.permanent(REFLECTION, 0)
    session = start(b)
    events = session.apply(act(forest, "mana"))
    assert session.state().player(0).mana_pool == ("G", "G")  # doubled: tapped for mana
    assert [e.ability for e in events if e.kind is EventKind.TRIGGER] == ["mana-trigger:0"]
    events = session.apply(act(elf_q, "mana")) + session.apply(act(healer, "ability:0"))
    assert session.state().player(0).mana_pool == ("G", "G", "G")  # {Q}: not tapped for mana
    assert not [e for e in events if e.kind is EventKind.TRIGGER]
    resolve(session)
    assert session.state().player(0).life == 20 + 1 + 2


def test_triggered_mana_abilities_resolve_at_once_and_others_use_the_stack():
    b = StateBuilder()
    forest = b.permanent(FOREST, 0)
    island = b.permanent(ISLAND, 0)
    wastes = b.permanent(WASTES_T, 0)
    b.permanent(BLOOM, 1)  # "its controller adds": the player who tapped the Forest
    watch = b.permanent(WATCH, 0)
    b.permanent(MONUMENT, 0)
    session = start(b)
    session.apply(act(forest, "mana"))
    state = session.state()
    assert state.player(0).mana_pool == ("G", "G") and state.player(1).mana_pool == ()
    assert [s.source for s in state.stack] == [watch]  # only the life trigger waits
    session.apply(act(island, "mana"))
    session.apply(act(wastes, "mana"))
    assert Counter(session.state().player(0).mana_pool) == Counter("GGUCC")  # Monument: for {C} only
    assert len(session.state().stack) == 3
    resolve(session)
    assert session.state().player(0).life == 23


def test_no_mana_no_trigger_and_a_self_trigger():
    b = StateBuilder()
    pool = b.permanent(POOL, 0)
    singing = b.permanent(SELF_WATCH, 0)
    other = b.permanent(SELF_WATCH, 1)
    session = start(b)
    # The Pool could produce {U} (Singing Land), so it is defined here; tap Singing Land itself.
    events = session.apply(act(singing, "mana"))
    assert [e.card for e in events if e.kind is EventKind.TRIGGER] == [singing]
    resolve(session)
    assert session.state().player(0).life == 21 and session.state().permanent(other).tapped is False
    b = StateBuilder()
    pool = b.permanent(POOL, 0)
    b.permanent(WATCH, 0)
    session = start(b)
    assert offered(session, pool) == [act(pool, "mana")]
    events = session.apply(act(pool, "mana"))
    assert [e.kind for e in events] == [EventKind.TAP]  # no mana, so no trigger (106.12a)
    assert session.state().player(0).mana_pool == () and session.state().stack == ()


# -- replacement effects (106.12b) ------------------------------------------------------------------


def test_replacement_effects_modify_only_tapping_for_mana():
    b = StateBuilder()
    forest = b.permanent(FOREST, 0)
    elf_q = b.permanent(ELF_Q, 0, tapped=True)
    theirs = b.permanent(FOREST, 1)
    b.permanent(REFLECTION, 0)  # "if you tap": not the opponent's Forest
    b.permanent(CONTAMINATION, 1)  # any land
    session = start(b)
    session.apply(act(forest, "mana"))
    # The reference engine's order (616.1, a player's choice) is by source id: Reflection (GG),
    # then Contamination (B). The other order would give BB.
    assert session.state().player(0).mana_pool == ("B",)
    session.apply(act(elf_q, "mana"))
    assert session.state().player(0).mana_pool[-1] == "G"  # {Q}: neither applies
    session2 = start(b, priority=1, active_player=1)
    session2.apply(act(theirs, "mana", player=1))
    assert session2.state().player(1).mana_pool == ("B",)


def test_amount_specific_replacement_applies_after_doubling():
    b = StateBuilder()
    forest = b.permanent(FOREST, 0)
    b.permanent(REFLECTION, 0)
    b.permanent(DAMPING, 0)
    session = start(b)
    session.apply(act(forest, "mana"))
    assert session.state().player(0).mana_pool == ("C",)  # GG, then "two or more mana" -> C


# -- "could produce" (106.7) and undefined types (106.5) ----------------------------------------------


def test_could_produce_ignores_costs_and_sees_replacements():
    b = StateBuilder()
    pool = b.permanent(POOL, 0)
    b.permanent(FOREST, 0, tapped=True)  # tapped: still could produce {G}
    b.permanent(WASTES_Q, 0)  # untapped: its {Q} can't be paid, still could produce {C}
    b.permanent(ISLAND, 1)  # not a land "you control"
    b.permanent(creature("Red Elf", 1, 1, "{T}: Add {R}."), 0)  # not a land
    session = start(b)
    assert [a.cost("produce") for a in offered(session, pool)] == ["G", "C"]
    refused(session, act(pool, "mana", "U"))
    refused(session, act(pool, "mana"))  # a type must be chosen when one can be
    session.apply(act(pool, "mana", "C"))
    assert session.state().player(0).mana_pool == ("C",)
    b.permanent(CONTAMINATION, 1)
    session = start(b)
    # The Forest could produce only {B} now; the {Q} land is not tapped for mana, so still {C}.
    assert [a.cost("produce") for a in offered(session, pool)] == ["B", "C"]


def test_pools_alone_and_any_color_define_no_type():
    b = StateBuilder()
    pool = b.permanent(POOL, 0)
    b.permanent(POOL, 0, tapped=True)
    b.permanent(FOREST, 1)
    orchard = b.permanent(ORCHARD, 1)
    b.permanent(WASTES_T, 0)
    session = start(b, priority=1, active_player=1)
    # Player 0's lands could produce only {C} (the Pools see the Wastes): no colour is defined.
    assert offered(session, orchard) == [act(orchard, "mana", player=1)]
    session.apply(act(orchard, "mana", player=1))
    assert session.state().player(1).mana_pool == ()
    b2 = StateBuilder()
    pool = b2.permanent(POOL, 0)
    b2.permanent(POOL, 0)
    session = start(b2)
    assert offered(session, pool) == [act(pool, "mana")]
    for symbol in "WUBRGC":
        refused(session, act(pool, "mana", symbol))
    session.apply(act(pool, "mana"))
    assert session.state().player(0).mana_pool == () and session.state().permanent(pool).tapped


# -- paying costs with these sources ----------------------------------------------------------------


def test_ninjutsu_is_paid_with_a_pool_and_with_doubled_mana():
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    ninja = b.put(NINJA, 0)  # {1}{U}
    b.permanent(POOL, 0)
    b.permanent(ISLAND, 0, tapped=True)
    b.permanent(REFLECTION, 0)
    session = start(b, turn=3, step=Step.DECLARE_BLOCKERS)
    action = NINJUTSU.use(0, ninja, bears)
    assert action in session.legal_actions()  # one Pool, doubled: {U}{U} pays {1}{U}
    session.apply(action)
    assert session.state().player(0).mana_pool == ()


def test_legacy_mana_action_with_produce_picks_the_ability():
    dual = CardData("Dual", ("Land",), text="{T}: Add {W}.\n{T}: Add {U}.")
    b = StateBuilder()
    land = b.permanent(dual, 0)
    session = start(b)
    assert [a.ability for a in offered(session, land)] == ["mana", "mana:1"]
    session.apply(act(land, "mana", "U"))
    assert session.state().player(0).mana_pool == ("U",)


# -- X in enters-the-battlefield abilities (107.3m) ---------------------------------------------------


@pytest.mark.parametrize("x", [0, 1, 3])
def test_x_creature_etb_abilities_use_the_spells_x(x):
    b = StateBuilder()
    hydra = b.put(HYDRA, 0)
    for _ in range(4):
        b.permanent(FOREST, 0)
    session = start(b)
    casts = [a for a in session.legal_actions() if a.kind is ActionKind.CAST]
    assert [a.cost("x") for a in casts] == ["0", "1", "2", "3"]
    refused(session, Action(ActionKind.CAST, 0, source=hydra, costs=(("x", "4"),)))
    refused(session, Action(ActionKind.CAST, 0, source=hydra))
    session.apply(Action(ActionKind.CAST, 0, source=hydra, costs=(("x", str(x)),)))
    assert session.state().zone_of(hydra) is Zone.STACK
    resolve(session)
    state = session.state()
    assert state.player(0).life == 20 + x
    if x == 0:  # a 0/0 with no counters dies (704.5f)
        assert hydra in state.player(0).graveyard
    else:
        assert state.permanent(hydra).counter("+1/+1") == x and state.permanent(hydra).summoning_sick


def test_x_creature_has_sorcery_timing():
    b = StateBuilder()
    hydra = b.put(HYDRA, 0)
    b.permanent(FOREST, 0)
    session = start(b, step=Step.UPKEEP)
    assert not [a for a in session.legal_actions() if a.kind is ActionKind.CAST]
    refused(session, Action(ActionKind.CAST, 0, source=hydra, costs=(("x", "0"),)))


# -- generators ---------------------------------------------------------------------------------------

STRATEGIES = {
    "tap": gen.cost_symbol_scenarios("T"),
    "untap-sick": gen.cost_symbol_scenarios("Q", "sick-creature"),
    "production": gen.production_scenarios(min_triggers=1, min_replacements=1),
    "could-produce": gen.could_produce_scenarios(),
    "undefined": gen.could_produce_scenarios(defined=False, watcher=True),
    "x-etb": gen.x_etb_scenarios(),
}


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_generated_states_are_consistent_and_load(name):
    @given(STRATEGIES[name])
    def check(scenario):
        state = scenario.state
        assert problems(state) == []
        session = ENGINE.start(state)
        assert blind(session.state(), {"characteristics"}) == state  # nothing happens before the first decision
        assert state.priority == scenario.params.player and not state.stack
        for source in scenario.params.sources:
            perm = state.permanent(source.id)
            assert perm is not None and perm.controller == source.controller
            assert perm.tapped == source.tapped and perm.summoning_sick == source.sick
            names = [n for n, _ in ReferenceRules().mana.permanent_abilities(Game.from_state(state), source.id)]
            assert names == [a.name for a in source.abilities]

    check()


@given(gen.could_produce_scenarios(defined=False))
def test_undefined_scenarios_define_no_type(scenario):
    from rulings.invariants.mana import could_produce_table, pool_choices

    pool = scenario.params.sources[0]
    assert pool_choices(scenario.params, could_produce_table(scenario.params), pool, pool.abilities[0]) == []


def test_generators_shrink_toward_small_boards():
    from hypothesis import find

    found = find(gen.cost_symbol_scenarios("T"), lambda s: True)
    assert len(found.state.battlefield) == 1 and found.params.sources[0].tapped is False


# -- coverage and mutants ------------------------------------------------------------------------------

EIGHT = (
    "mana.undefined-type",
    "mana.could-produce",
    "mana.tap-for-mana",
    "mana.tapped-for-mana-trigger",
    "mana.tapped-for-mana-replacement",
    "costs.x-in-etb-ability",
    "costs.tap-symbol",
    "costs.untap-symbol",
)


def test_the_eight_generic_rulings_are_covered():
    suite = compile_corpus()
    coverage = {c.ruling.id: c for c in suite.coverage}
    for rid in EIGHT:
        assert coverage[rid].coverage in ("template", "bound") and coverage[rid].invariants, rid
    assert coverage["costs.tap-symbol"].template == coverage["costs.untap-symbol"].template == "costs.cost-symbol"
    mutants = all_mutants().values()
    for rid in EIGHT:
        assert any(rid in m.breaks for m in mutants), rid


def test_a_mutant_differs_from_the_reference_on_a_known_state():
    b = StateBuilder()
    sick = b.permanent(ELF_Q, 0, tapped=True, summoning_sick=True)
    assert offered(start(b), sick) == []
    session = load_mutant("mutant:sick-creature-pays-untap").start(
        b.build(turn=2, step=Step.PRECOMBAT_MAIN, priority=0)
    )
    assert [a.ability for a in session.legal_actions() if a.source == sick] == ["mana"]


@pytest.mark.slow  # a whole mutant run in a subprocess: .ci/run runs it (the mutants stage kills every mutant too)
def test_cli_kills_a_mana_mutant(tmp_path):
    out = tmp_path / "m"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "run",
            "--engine",
            "mutant:undefined-type-makes-colorless",
            "--invariant",
            "mana.undefined-type",
            "--profile",
            "ci",
            "--out",
            str(out),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    records = json.loads((out / "results.json").read_text())["results"]
    assert [(r["invariant"], r["status"]) for r in records] == [("mana.undefined-type/produces-no-mana", "fail")]
    assert "undefined type" in records[0]["failure"]["message"]
