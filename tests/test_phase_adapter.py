"""The phase.rs adapter: state round trips, a known-good ninjutsu scenario, and faults contained
by process isolation. Skipped without the ``phase`` extra."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from engines.phase import PhaseEngine
from engines.phase.cards import CACHE_ENV, unparsed_abilities
from engines.phase.inprocess import PhaseInProcess
from generators import cards
from generators.combat import COMBAT_MECHANICS
from generators.mana import cost_symbol_scenarios, production_scenarios
from generators.ninjutsu import NinjutsuSpec, ninjutsu_scenarios
from harness.isolation import IsolatedEngine
from harness.profiles import SLOW_ENGINE
from protocol.adapter import ActionRefused, EngineError, StateUnsupported
from protocol.builder import StateBuilder
from protocol.keywords import LIBRARY_NINJUTSU, NINJUTSU
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    EventKind,
    Step,
    Zone,
    pass_priority,
)
from protocol.observability import blind

HERE = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "faces"))


def ninjutsu_state(step: Step = Step.DECLARE_BLOCKERS):
    """P0 attacks P1 with a 2/2 that is unblocked; a Ninja ({1}{U}) waits in hand; two Islands."""
    b = StateBuilder()
    attacker = b.permanent(cards.creature(2, 2), 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=False)
    ninja = b.put(cards.ninja("ninjutsu", "{1}{U}", 3, 3), 0, Zone.HAND)
    for _ in range(2):
        b.permanent(cards.basic_land("U"), 0)
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    return b.build(turn=3, active_player=0, step=step, priority=0), attacker, ninja


def activation(ninja: str, attacker: str) -> Action:
    return NINJUTSU.use(0, ninja, attacker)


@settings(settings.get_profile(SLOW_ENGINE))
@given(ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, tuple(Step)[3:12]), COMBAT_MECHANICS))
def test_state_round_trips(scenario) -> None:  # type: ignore[no-untyped-def]
    state = scenario.state
    try:
        session = PhaseInProcess().start(state)
    except StateUnsupported as exc:  # only the one limit left: phase's damage assignment prompt
        assert "AssignCombatDamage" in str(exc)
        reject()
    out = session.state()
    assert (out.step, out.turn, out.active_player, out.priority) == (
        state.step,
        state.turn,
        state.active_player,
        0 if state.active_player == 0 else 1,
    )
    assert out.players == state.players
    # what phase cannot show is exported empty, never echoed from the loaded state
    shown = blind(state, PhaseInProcess.cannot_show)
    assert sorted(out.battlefield, key=lambda p: p.id) == sorted(shown.battlefield, key=lambda p: p.id)
    assert all(p.protector is None for p in out.battlefield)
    assert out.objects == state.objects


def test_ninjutsu_offered_after_blockers_and_enters_attacking() -> None:
    state, attacker, ninja = ninjutsu_state()
    session = PhaseInProcess().start(state)
    assert activation(ninja, attacker) in session.legal_actions()
    events = session.apply(activation(ninja, attacker))
    after = session.state()
    assert attacker in after.player(0).hand
    perm = after.permanent(ninja)
    assert perm is not None and perm.attacking == AttackTarget.of_player(1) and perm.tapped
    assert any(e.kind is EventKind.ENTER_ATTACKING and e.card == ninja for e in events)
    assert not any(e.kind is EventKind.ATTACK for e in events)


def test_ninjutsu_refused_before_blockers() -> None:
    state, attacker, ninja = ninjutsu_state(Step.PRECOMBAT_MAIN)
    state = state.replace(
        battlefield=tuple(p.__class__(**{**p.__dict__, "attacking": None, "blocked": None}) for p in state.battlefield)
    )
    session = PhaseInProcess().start(state)
    assert activation(ninja, attacker) not in session.legal_actions()
    with pytest.raises(ActionRefused):
        session.apply(activation(ninja, attacker))


def test_passing_reaches_combat_damage() -> None:
    state, attacker, _ = ninjutsu_state()
    session = PhaseInProcess().start(state)
    events = session.apply(pass_priority(0)) + session.apply(pass_priority(1))
    damage = [e for e in events if e.kind is EventKind.DAMAGE]
    assert [(e.card, e.target, e.amount, e.detail) for e in damage] == [(attacker, "player:1", 2, "regular")]
    assert session.state().player(1).life == 18


def test_supports_is_honest() -> None:
    adapter = PhaseInProcess()
    assert adapter.supports(frozenset({"mechanic:ninjutsu", "mechanic:first-strike"}))
    answer = adapter.supports(frozenset({LIBRARY_NINJUTSU.mechanic}))
    assert not answer and "library ninjutsu" in answer.reason


def test_phase_lacks_library_ninjutsu_as_the_unsupported_reason_says() -> None:
    """The evidence behind phase's ``unsupported`` for library ninjutsu, kept true against the
    installed phase: the parser leaves the keyword Unimplemented, and the only ninjutsu action
    refuses a Ninja in the library (while it accepts the same Ninja in hand, above)."""
    import phase

    face = phase.build_oracle_face(cards.ninja("library ninjutsu", "{1}{U}", 2, 2).to_mtgjson(), None)
    assert unparsed_abilities(face) == ["Library ninjutsu {1}{U}"]
    b = StateBuilder()
    attacker = b.permanent(cards.creature(2, 2), 0, tapped=True, attacking=AttackTarget.of_player(1), blocked=False)
    ninja = b.put(cards.ninja("ninjutsu", "{1}{U}", 3, 3), 0, Zone.LIBRARY)
    for _ in range(2):
        b.permanent(cards.basic_land("U"), 0)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    session = PhaseInProcess().start(b.build(turn=3, active_player=0, step=Step.DECLARE_BLOCKERS, priority=0))
    shape = {
        "ninjutsu_object_id": session._ids.to_engine[ninja],
        "creature_to_return": session._ids.to_engine[attacker],
    }
    with pytest.raises(ValueError, match="not in hand or command zone"):
        session._game.apply(0, phase.GameAction.from_dict({"type": "ActivateNinjutsu", "data": shape}))
    reason = PhaseInProcess().supports(frozenset({LIBRARY_NINJUTSU.mechanic})).reason
    assert reason.startswith(f"phase {PhaseInProcess().version} has no library ninjutsu")
    assert "Unimplemented" in reason and "not in hand or command zone" in reason


def test_unparsed_card_is_an_unsupported_state() -> None:
    b = StateBuilder()
    b.put(cards.ninja("library ninjutsu", "{1}{U}", 2, 2), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    state = b.build(turn=2, step=Step.PRECOMBAT_MAIN, priority=0)
    with pytest.raises(StateUnsupported, match="Library ninjutsu"):
        PhaseInProcess().start(state)
    assert unparsed_abilities({"abilities": [{"type": "Unimplemented", "description": "x"}]}) == ["x"]


def test_isolated_phase_round_trip_and_refusal() -> None:
    engine = IsolatedEngine(PhaseEngine.spec, timeout=30, name="phase", version=PhaseEngine.version)
    try:
        assert engine.name == "phase" and engine.version
        state, attacker, ninja = ninjutsu_state()
        session = engine.start(state)
        assert session.state().players == state.players
        with pytest.raises(ActionRefused):
            session.apply(NINJUTSU.use(0, ninja, ninja))
        events = session.apply(activation(ninja, attacker))
        assert any(e.kind is EventKind.ZONE_CHANGE and e.card == attacker for e in events)
        assert engine.cannot_show == PhaseInProcess.cannot_show  # declared across the worker
    finally:
        engine.close()


def test_a_battles_protector_is_not_echoed_from_the_loaded_state() -> None:
    """phase keeps no protector of a battle the adapter can read: declared, exported empty."""
    b = StateBuilder()
    battle = b.permanent(cards.battle(3), 0, protector=1)
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    out = PhaseInProcess().start(b.build(turn=2, priority=0)).state()
    assert "protector" in PhaseInProcess.cannot_show and {"revealed", "triggered"} <= PhaseInProcess.cannot_show
    perm = out.permanent(battle)
    assert perm is not None and perm.protector is None and perm.counter("defense") == 3


def test_fault_in_isolated_engine_is_contained() -> None:
    """A panic in the worker is an EngineError with phase's message; the next session is fresh."""
    engine = IsolatedEngine("fault_engines:PanicEngine", python_path=[HERE], timeout=5, start_timeout=30)
    phase_engine = IsolatedEngine(PhaseEngine.spec, timeout=30, name="phase", version=PhaseEngine.version)
    try:
        state, _attacker, ninja = ninjutsu_state()
        session = engine.start(state)
        with pytest.raises(EngineError, match="unwrap"):
            session.apply(Action(ActionKind.ACTIVATE, 0, source=ninja, ability="fault"))
        assert engine.start(state).state() == state
        # phase itself: a move for a seat that does not exist is an answer, never a crash.
        live = phase_engine.start(state)
        with pytest.raises((ActionRefused, EngineError)):
            live.apply(Action(ActionKind.PASS_PRIORITY, 7))
        assert phase_engine.start(state).legal_actions()
    finally:
        engine.close()
        phase_engine.close()


def tap_untap_state(tapped: bool):
    """P0's artifact with "{T}: Add {B}." (phase's ability 0) and "{Q}: You gain 2 life." (1)."""
    from protocol.model import CardData

    b = StateBuilder()
    art = b.permanent(
        CardData("Art T:B Q:life2", ("Artifact",), "{1}", text="{T}: Add {B}.\n{Q}: You gain 2 life."), 0, tapped=tapped
    )
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    return b.build(turn=2, active_player=0, step=Step.PRECOMBAT_MAIN, priority=0), art


def test_tap_and_untap_abilities_named_by_protocol() -> None:
    state, art = tap_untap_state(tapped=False)
    session = PhaseInProcess().start(state)
    mana = Action(ActionKind.ACTIVATE, 0, source=art, ability="mana")
    untap = Action(ActionKind.ACTIVATE, 0, source=art, ability="ability:0")
    legal = session.legal_actions()
    assert mana in legal and untap not in legal  # mana abilities are tried on a copy; {Q} needs it tapped
    with pytest.raises(ActionRefused):
        session.apply(untap)
    events = session.apply(mana)
    assert session.state().player(0).mana_pool == ("B",) and session.state().permanent(art).tapped
    assert any(e.kind is EventKind.MANA for e in events)
    assert untap in session.legal_actions() and mana not in session.legal_actions()
    with pytest.raises(ActionRefused):
        session.apply(mana)


def test_unmapped_mechanics_have_reasons() -> None:
    from engines.reference import SUPPORTED as REFERENCE

    adapter = PhaseInProcess()
    for mechanic in REFERENCE:
        answer = adapter.supports(frozenset({mechanic}))
        assert answer or "does not know" not in answer.reason, mechanic


@settings(settings.get_profile(SLOW_ENGINE))
@given(ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, tuple(Step)[3:12]), COMBAT_MECHANICS))
def test_a_loaded_game_forgets_its_opening_and_plays_the_same(scenario) -> None:  # type: ignore[no-untyped-def]
    """The adapter builds a state from a new game's, less what the opening recorded (its rules
    journal, its zone changes, its deck lists: two thirds of every state phase exports), and
    reads a new game's state once per deck sizes (the rest is the same for any cards): phase
    must answer exactly as it does from the whole state of the very game, for the state, the
    legal actions and each action applied."""
    from engines.phase import load as phase_load

    try:
        built = PhaseInProcess().start(scenario.state)
    except StateUnsupported:
        reject()
    raw = built._raw()
    assert raw["deck_pools"] == [] and "zone_changes_this_turn" not in raw
    assert all(not value for value in raw["resolved_rules_journal"].values())
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(phase_load, "opening", lambda game, sizes: game.state())
        whole = PhaseInProcess().start(scenario.state)
    assert whole._raw()["deck_pools"] != []
    for _ in range(3):
        assert built.state() == whole.state()
        offered = built.legal_actions()
        assert offered == whole.legal_actions()
        if not offered:
            break
        action = offered[-1]
        assert built.apply(action) == whole.apply(action)


@settings(settings.get_profile(SLOW_ENGINE))
@given(ninjutsu_scenarios(NinjutsuSpec(NINJUTSU, tuple(Step)[3:12]), COMBAT_MECHANICS))
def test_a_new_games_state_is_its_skeleton_and_its_objects(scenario) -> None:  # type: ignore[no-untyped-def]
    """What the adapter assumes of phase's new games: for any cards, a new game's state is the
    same for the same deck sizes and first player but for its objects (``game.object`` gives
    them), their creature types and what the opening recorded."""
    import phase

    from engines.phase import load as phase_load

    state = scenario.state
    try:
        engine = phase_load.engine_for(state)
    except StateUnsupported:
        reject()
    decks = [[o.name for o in state.objects if o.owner == seat] + [cards_filler()] for seat in (0, 1)]
    game = engine.new_game(decks[0], decks[1], seed=0, first_player=state.active_player)
    for seat in (0, 1):
        game.apply(seat, phase.GameAction.from_dict(phase_load.KEEP))
    whole = game.state()["state"]
    sizes = (len(decks[0]), len(decks[1]), state.active_player)
    phase_load._skeletons.pop(sizes, None)
    first = phase_load.opening(game, sizes)["state"]  # read whole, the skeleton kept
    again = phase_load.opening(game, sizes)["state"]  # from the skeleton and the objects
    assert first == again
    assert whole["all_creature_types"] == phase_load.creature_types(whole["objects"])
    kept = {k: v for k, v in whole.items() if k not in phase_load.CARD_DEPENDENT}
    assert {k: v for k, v in again.items() if k not in phase_load.CARD_DEPENDENT} == kept
    assert again["objects"] == whole["objects"]


def cards_filler() -> str:
    from engines.phase.cards import FILLER

    return FILLER.name


@settings(settings.get_profile(SLOW_ENGINE))
@given(st.one_of(production_scenarios(), cost_symbol_scenarios("T"), cost_symbol_scenarios("Q")))
def test_mana_abilities_tried_on_a_shared_copy_are_those_tried_one_by_one(scenario) -> None:  # type: ignore[no-untyped-def]
    """After an activation that only tapped or untapped its own permanent, the adapter tries the
    next such ability of another permanent on the same copy of the game: the legal actions must
    be exactly those found with a fresh copy for every ability."""
    from engines.phase import inprocess

    try:
        shared = PhaseInProcess().start(scenario.state)
    except StateUnsupported:
        reject()
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(inprocess, "_own_tap_cost", lambda ability: False)
        one_by_one = PhaseInProcess().start(scenario.state)
        expected = one_by_one.legal_actions()
    assert shared.legal_actions() == expected


def test_a_permanent_with_two_mana_abilities_gets_a_fresh_copy_for_the_second() -> None:
    """Tapping a land for its first ability leaves it tapped on the copy: its second ability is
    tried on a fresh copy, and both are offered, with the other permanents' abilities."""
    from protocol.model import CardData

    dual = CardData("Twin Land", ("Land",), text="{T}: Add {G}.\n{T}: Add {U}.")
    b = StateBuilder()
    land = b.permanent(dual, 0)
    island = b.permanent(cards.basic_land("U"), 0)
    elf = b.permanent(cards.mana_elf(), 0)
    session = PhaseInProcess().start(b.build(turn=3, active_player=0, step=Step.PRECOMBAT_MAIN, priority=0))
    offered = {(a.source, a.ability) for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE}
    assert {(land, "mana"), (land, "mana:1"), (island, "mana"), (elf, "mana")} <= offered


def beginning_of_combat(*keyword_sets: tuple[str, ...]):
    """P0 in the beginning of combat with one untapped creature per keyword set (controlled since
    the turn began); a land in each library."""
    b = StateBuilder()
    ids = [b.permanent(cards.creature(2, 2, keywords=kws), 0) for kws in keyword_sets]
    b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
    b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
    return b.build(turn=3, active_player=0, step=Step.BEGINNING_OF_COMBAT, priority=0), ids


def test_phase_attacks_with_vigilance_untapped_and_never_with_defender() -> None:
    """The evergreen keywords the adapter maps (702.20b, 702.3b), read by phase from the oracle text."""
    state, (sentry, wall) = beginning_of_combat(("vigilance",), ("defender",))
    session = PhaseInProcess().start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    named = {a for action in session.legal_actions() for a, _ in action.attacks}
    assert sentry in named and wall not in named
    session.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((sentry, AttackTarget.of_player(1)),)))
    perm = session.state().permanent(sentry)
    assert perm is not None and perm.attacking == AttackTarget.of_player(1) and not perm.tapped


def test_phase_skips_the_declaration_when_no_creature_can_attack() -> None:
    """phase asks for no declaration of attackers when its only creature has defender: passing in
    the beginning of combat goes on past declare attackers (the one answer was none, 508.1a), so
    the defender invariant accepts a skipped declaration only then."""
    state, (wall,) = beginning_of_combat(("defender",))
    session = PhaseInProcess().start(state)
    session.apply(pass_priority(0))
    session.apply(pass_priority(1))
    after = session.state()
    assert after.pending is None and after.step not in (Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS)
    assert after.permanent(wall).attacking is None  # type: ignore[union-attr]


def test_refusals_say_whose_gap_through_the_worker() -> None:
    """Through process isolation: library ninjutsu is phase's lack, look an unmapped prompt of
    the adapter's, a card phase cannot parse a card phase does not know."""
    from protocol.adapter import Gap
    from protocol.model import CardData

    engine = IsolatedEngine(PhaseEngine.spec, timeout=30, name="phase", version=PhaseEngine.version)
    try:
        assert engine.supports(frozenset({Mechanic.LIBRARY_NINJUTSU})).gap is Gap.ENGINE
        assert engine.supports(frozenset({Mechanic.LOOK})).gap is Gap.ADAPTER
        assert engine.supports(frozenset({Mechanic.LIBRARY_NINJUTSU, Mechanic.LOOK})).gap is None  # mixed
        b = StateBuilder()
        b.permanent(
            CardData(
                "Graveyard Teen",
                ("Enchantment",),
                text="You may cast creature spells from your graveyard using their sneak abilities.",
            ),
            0,
        )
        b.put(cards.basic_land("U"), 0, Zone.LIBRARY)
        b.put(cards.basic_land("U"), 1, Zone.LIBRARY)
        with pytest.raises(StateUnsupported) as refused:
            engine.start(b.build(turn=2, priority=0))
        assert refused.value.gap is Gap.CARD
    finally:
        engine.close()
