"""Real combat scenarios (issue 28, deliverable 7): the combat tests of another open-source engine,
phase.rs (repository phase-rs/phase), restated as hand-built states of the engine-neutral model
and played on the reference engine, which must reach the outcome the original test asserts.

Each test names its source: the file in that repository and the Rust test function it restates.
Only the scenario is taken (the creatures, the declarations, the asserted outcome); the setting
is ours: each game starts at the beginning of combat of turn 3 with every creature under its
controller's control since the turn began, unless the scenario says otherwise, and is played
through the declarations and the combat damage steps by the public Session protocol. Where the
original asserts damage marked before state-based actions, we assert the damage dealt (the
events) and the state-based action that follows.

This module holds the 32 scenarios from phase.rs. Forge's side, 16 combat positions (and two
strict xfails) restated from Forge's puzzle files (repository Card-Forge/forge,
``forge-gui/res/puzzle/*.pzl``), is ``tests/test_real_combat_scenarios_forge.py``, which reuses
:class:`Combat`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from engines.reference import ReferenceEngine
from engines.reference.testing import P1, at_walker, creature
from protocol.adapter import ActionRefused, Session
from protocol.builder import StateBuilder
from protocol.consistency import check
from protocol.decisions import AssignCombatDamage, DeclareAttackers, DeclareBlockers
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    CardData,
    Event,
    EventKind,
    GameState,
    Step,
    Zone,
    pass_priority,
)

PHASE = "phase-rs/phase"
RULES_COMBAT = "crates/engine/tests/integration/rules/combat.rs"
RULES_KEYWORDS = "crates/engine/tests/integration/rules/keywords.rs"
RULES_SBA = "crates/engine/tests/integration/rules/sba.rs"
UNIT_COMBAT = "crates/engine/src/game/combat.rs"
UNIT_DAMAGE = "crates/engine/src/game/combat_damage.rs"


def beast(name: str, power: int, toughness: int, *keywords: str, text: str = "") -> CardData:
    """A creature with the keyword lines ``keywords`` (and any ``text`` after them)."""
    lines = "\n".join([k.capitalize() for k in keywords] + ([text] if text else []))
    return creature(name, power, toughness, lines, tuple(k.capitalize() for k in keywords))


def planeswalker(name: str, loyalty: int) -> CardData:
    return CardData(name, ("Planeswalker",), mana_cost="{3}", loyalty=str(loyalty))


def source(path: str, test: str) -> str:
    """Where a scenario comes from: repository, path, test name."""
    return f"{PHASE} {path} {test}"


class Combat:
    """A game at the beginning of combat (turn 3, player 0 active) driven to its declarations and
    through combat damage by the Session protocol."""

    def __init__(self, builder: StateBuilder, step: Step = Step.BEGINNING_OF_COMBAT):
        self.session: Session = ReferenceEngine().start(builder.build(turn=3, step=step, priority=0))
        self.events: list[Event] = []

    @property
    def state(self) -> GameState:
        return check(self.session.state())

    def apply(self, action: Action) -> None:
        self.events += self.session.apply(action)

    def pass_until(self, pending: type) -> None:
        for _ in range(20):
            if isinstance(self.state.pending, pending):
                return
            self.apply(pass_priority(self.state.actor))  # type: ignore[arg-type]
        raise AssertionError(f"never reached {pending.__name__}")

    def attack(self, *attackers: str, target: AttackTarget = P1) -> None:
        self.pass_until(DeclareAttackers)
        self.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=tuple((a, target) for a in attackers)))

    def block(self, *blocks: tuple[str, str]) -> None:
        self.pass_until(DeclareBlockers)
        self.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=tuple(blocks)))

    def damage(self, assignments: Mapping[str, Sequence[tuple[str, int]]] | None = None) -> None:
        """Pass through the combat damage steps; an assignment the game asks for is answered
        from ``assignments`` (source -> (recipient, amount) ...) or with its least answer."""
        chosen = dict(assignments or {})
        for _ in range(40):
            state = self.state
            if state.step not in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
                return
            pending = state.pending
            if isinstance(pending, AssignCombatDamage):
                least = pending.least(self.session.legal_actions)
                mine = {s.source for s in pending.sources} & set(chosen)
                damage = tuple(d for d in least.damage if d[0] not in mine) + tuple(
                    (src, to, n) for src in sorted(mine) for to, n in chosen.pop(src)
                )
                self.apply(Action(ActionKind.ASSIGN_DAMAGE, pending.player, damage=damage))
            elif pending is not None:
                self.apply(pending.least(self.session.legal_actions))
            else:
                self.apply(pass_priority(state.actor))  # type: ignore[arg-type]
        raise AssertionError("combat damage never ended")

    def dealt(self, source_id: str, target: str) -> list[int]:
        return [
            e.amount or 0
            for e in self.events
            if e.kind is EventKind.DAMAGE and e.card == source_id and e.target == target
        ]

    def life(self, player: int) -> int:
        return self.state.player(player).life

    def on_battlefield(self, card_id: str) -> bool:
        return self.state.permanent(card_id) is not None

    def marked(self, card_id: str) -> int:
        perm = self.state.permanent(card_id)
        assert perm is not None
        return perm.damage


def fight(
    attackers: Sequence[CardData],
    blockers: Sequence[CardData] = (),
    blocks: Sequence[tuple[int, int]] = (),
    assignments: Mapping[int, Sequence[tuple[str | int, int]]] | None = None,
) -> tuple[Combat, list[str], list[str]]:
    """Player 0 attacks player 1 with ``attackers``; player 1 blocks with ``blockers`` as
    ``blocks`` says (blocker index, attacker index); combat damage is dealt (``assignments``:
    attacker index -> (blocker index or "player:1", amount) ...)."""
    b = StateBuilder()
    a_ids = [b.permanent(card, 0) for card in attackers]
    b_ids = [b.permanent(card, 1) for card in blockers]
    game = Combat(b)
    game.attack(*a_ids)
    game.block(*((b_ids[i], a_ids[j]) for i, j in blocks))
    resolved = {
        a_ids[i]: [(to if isinstance(to, str) else b_ids[to], n) for to, n in shares]
        for i, shares in (assignments or {}).items()
    }
    game.damage(resolved)
    return game, a_ids, b_ids


# -- phase.rs: crates/engine/tests/integration/rules/combat.rs --------------------------------------


def test_unblocked_attacker_deals_damage_to_player():
    """phase-rs/phase crates/engine/tests/integration/rules/combat.rs
    unblocked_attacker_deals_damage_to_player: an unblocked 2/2 takes the defender to 18."""
    game, _, _ = fight([beast("Bear", 2, 2)])
    assert game.life(1) == 18


def test_blocked_creature_and_blocker_exchange_damage():
    """phase-rs/phase crates/engine/tests/integration/rules/combat.rs
    blocked_creature_and_blocker_exchange_damage: a 3/3 blocked by a 2/2 kills it and survives
    with 2 damage marked."""
    game, (centaur,), (bear,) = fight([beast("Centaur", 3, 3)], [beast("Bear", 2, 2)], [(0, 0)])
    assert not game.on_battlefield(bear) and bear in game.state.player(1).graveyard
    assert game.on_battlefield(centaur) and game.marked(centaur) == 2


def test_first_strike_kills_before_regular_damage():
    """phase-rs/phase crates/engine/tests/integration/rules/combat.rs
    first_strike_kills_before_regular_damage: a 2/2 first striker kills its 3/2 blocker in the
    first-strike step and takes no damage."""
    game, (knight,), (bear,) = fight([beast("Knight", 2, 2, "first strike")], [beast("Bear", 3, 2)], [(0, 0)])
    assert not game.on_battlefield(bear)
    assert game.marked(knight) == 0 and game.dealt(bear, knight) == []


def test_double_strike_deals_damage_in_both_steps():
    """phase-rs/phase crates/engine/tests/integration/rules/combat.rs
    double_strike_deals_damage_in_both_steps: a 3/3 double striker deals 3 + 3 to a 5/5 blocker,
    which dies."""
    game, (champion,), (rhino,) = fight([beast("Champion", 3, 3, "double strike")], [beast("Rhino", 5, 5)], [(0, 0)])
    assert game.dealt(champion, rhino) == [3, 3]
    assert not game.on_battlefield(rhino)


def test_defender_cannot_attack():
    """phase-rs/phase crates/engine/tests/integration/rules/combat.rs defender_cannot_attack: a
    0/4 Wall with defender can't be declared as an attacker."""
    b = StateBuilder()
    wall = b.permanent(beast("Wall", 0, 4, "defender"), 0)
    game = Combat(b)
    game.pass_until(DeclareAttackers)
    with pytest.raises(ActionRefused):
        game.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((wall, P1),)))


def test_multiple_attackers_mixed_blocking():
    """phase-rs/phase crates/engine/tests/integration/rules/combat.rs
    multiple_attackers_mixed_blocking: a 3/3 and a 2/2 attack, a 2/2 blocks the 3/3: the
    defender goes to 18, the blocker dies, the 3/3 has 2 damage."""
    game, (centaur, _), (guard,) = fight(
        [beast("Centaur", 3, 3), beast("Bear", 2, 2)], [beast("Guard", 2, 2)], [(0, 0)]
    )
    assert game.life(1) == 18
    assert not game.on_battlefield(guard)
    assert game.marked(centaur) == 2


def test_attacker_taps_when_attacking():
    """phase-rs/phase crates/engine/tests/integration/rules/combat.rs attacker_taps_when_attacking:
    a creature without vigilance is tapped once declared as an attacker."""
    b = StateBuilder()
    bear = b.permanent(beast("Bear", 2, 2), 0)
    game = Combat(b)
    game.attack(bear)
    perm = game.state.permanent(bear)
    assert perm is not None and perm.tapped and perm.attacking == P1


# -- phase.rs: crates/engine/tests/integration/rules/keywords.rs ------------------------------------


def test_deathtouch_trample_assigns_one_to_blocker_tramples_rest():
    """phase-rs/phase crates/engine/tests/integration/rules/keywords.rs
    deathtouch_trample_assigns_one_to_blocker_tramples_rest: a 5/5 with deathtouch and trample
    assigns 1 to its 2/2 blocker and 4 to the player, who goes to 16; the blocker dies."""
    game, (predator,), (bear,) = fight(
        [beast("Nightfall Predator", 5, 5, "deathtouch", "trample")],
        [beast("Bear", 2, 2)],
        [(0, 0)],
        {0: [(0, 1), ("player:1", 4)]},
    )
    assert game.dealt(predator, bear) == [1]
    assert not game.on_battlefield(bear)
    assert game.life(1) == 16


def test_lifelink_gains_life_on_combat_damage():
    """phase-rs/phase crates/engine/tests/integration/rules/keywords.rs
    lifelink_gains_life_on_combat_damage: an unblocked 3/3 with lifelink: 23 and 17."""
    game, _, _ = fight([beast("Angel", 3, 3, "lifelink")])
    assert (game.life(0), game.life(1)) == (23, 17)


def test_lifelink_first_strike_gains_life_in_first_step():
    """phase-rs/phase crates/engine/tests/integration/rules/keywords.rs
    lifelink_first_strike_gains_life_in_first_step: a 2/2 with lifelink and first strike blocked
    by a 3/3 gains 2 life in the first-strike step, deals nothing in the second, and dies."""
    game, (paladin,), (beast_id,) = fight(
        [beast("Paladin", 2, 2, "lifelink", "first strike")], [beast("Beast", 3, 3)], [(0, 0)]
    )
    assert game.life(0) == 22
    first = [e for e in game.events if e.kind is EventKind.DAMAGE and e.card == paladin]
    assert [(e.target, e.amount, e.detail) for e in first] == [(beast_id, 2, "first-strike")]
    assert not game.on_battlefield(paladin)


def test_flying_cannot_be_blocked_by_ground_creature():
    """phase-rs/phase crates/engine/tests/integration/rules/keywords.rs
    flying_cannot_be_blocked_by_ground_creature: a 2/2 without flying or reach can't block a 2/2
    with flying."""
    b = StateBuilder()
    bird = b.permanent(beast("Bird", 2, 2, "flying"), 0)
    bear = b.permanent(beast("Bear", 2, 2), 1)
    game = Combat(b)
    game.attack(bird)
    game.pass_until(DeclareBlockers)
    with pytest.raises(ActionRefused):
        game.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((bear, bird),)))


def test_flying_blocked_by_reach_creature():
    """phase-rs/phase crates/engine/tests/integration/rules/keywords.rs
    flying_blocked_by_reach_creature: a 1/3 with reach blocks a 2/2 with flying; both survive,
    the blocker with 2 damage, the attacker with 1."""
    game, (bird,), (spider,) = fight([beast("Bird", 2, 2, "flying")], [beast("Spider", 1, 3, "reach")], [(0, 0)])
    assert game.marked(spider) == 2 and game.marked(bird) == 1


def test_trample_lifelink_excess_damage():
    """phase-rs/phase crates/engine/tests/integration/rules/keywords.rs
    trample_lifelink_excess_damage: a 5/5 with trample and lifelink blocked by a 2/2 assigns 2 to
    it and 3 to the player: 17 for the defender, 25 for its controller (all 5 damage gains life)."""
    game, _, (bear,) = fight(
        [beast("Wurm", 5, 5, "trample", "lifelink")], [beast("Bear", 2, 2)], [(0, 0)], {0: [(0, 2), ("player:1", 3)]}
    )
    assert not game.on_battlefield(bear)
    assert (game.life(0), game.life(1)) == (25, 17)


def test_vigilance_attacker_does_not_tap():
    """phase-rs/phase crates/engine/tests/integration/rules/keywords.rs
    vigilance_attacker_does_not_tap: a creature with vigilance attacks untapped."""
    b = StateBuilder()
    knight = b.permanent(beast("Knight", 2, 2, "vigilance"), 0)
    game = Combat(b)
    game.attack(knight)
    perm = game.state.permanent(knight)
    assert perm is not None and perm.attacking == P1 and not perm.tapped


# -- phase.rs: crates/engine/tests/integration/rules/sba.rs -----------------------------------------


def test_zero_toughness_creature_dies():
    """phase-rs/phase crates/engine/tests/integration/rules/sba.rs zero_toughness_creature_dies: a
    1/0 creature is put into its owner's graveyard when state-based actions are next checked
    (704.5f), here as player 0 passes priority in the main phase."""
    b = StateBuilder()
    frail = b.permanent(beast("Frail Vanilla", 1, 0), 0)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.PRECOMBAT_MAIN, priority=0))
    session.apply(pass_priority(0))
    after = check(session.state())
    assert after.permanent(frail) is None and frail in after.player(0).graveyard


# -- phase.rs: crates/engine/src/game/combat_damage.rs (unit tests) ---------------------------------


def test_blocked_attacker_deals_damage_to_blocker():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    blocked_attacker_deals_damage_to_blocker: a 2/2 blocked by a 0/4 Wall marks 2 on it, takes
    none, and the defender's life stays 20."""
    game, (bear,), (wall,) = fight([beast("Bear", 2, 2)], [beast("Wall", 0, 4)], [(0, 0)])
    assert game.marked(wall) == 2 and game.marked(bear) == 0
    assert game.life(1) == 20


def test_mutual_combat_damage():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs mutual_combat_damage: two 2/2s deal
    each other 2 (and, lethal, both die by the state-based action that follows)."""
    game, (bear,), (other,) = fight([beast("Bear", 2, 2)], [beast("Bear2", 2, 2)], [(0, 0)])
    assert game.dealt(bear, other) == [2] and game.dealt(other, bear) == [2]
    assert not game.on_battlefield(bear) and not game.on_battlefield(other)


def test_first_strike_three_power_kills_before_regular_damage():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs first_strike_kills_before_regular_damage:
    a 3/2 first striker kills its 2/2 blocker first and has no damage marked."""
    game, (knight,), (bear,) = fight([beast("Knight", 3, 2, "first strike")], [beast("Bear", 2, 2)], [(0, 0)])
    assert game.marked(knight) == 0 and not game.on_battlefield(bear)


def test_double_strike_deals_damage_twice():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs double_strike_deals_damage_twice: an
    unblocked 3/3 double striker takes the defender to 14."""
    game, (knight,), _ = fight([beast("Knight", 3, 3, "double strike")])
    assert game.dealt(knight, "player:1") == [3, 3]
    assert game.life(1) == 14


def test_trample_assigns_lethal_then_excess_to_player():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    trample_assigns_lethal_then_excess_to_player: a 5/5 trampler blocked by a 2/2 assigns it 2
    and 3 to the player (17)."""
    game, (fatty,), (bear,) = fight(
        [beast("Fatty", 5, 5, "trample")], [beast("Bear", 2, 2)], [(0, 0)], {0: [(0, 2), ("player:1", 3)]}
    )
    assert game.dealt(fatty, bear) == [2]
    assert game.life(1) == 17


def test_trample_deathtouch_assigns_one_to_each_blocker():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    trample_deathtouch_assigns_one_to_each_blocker: a 5/5 with trample and deathtouch blocked by
    two 2/2s assigns 1 to each and 3 to the player (17)."""
    game, (trampler,), (one, two) = fight(
        [beast("DT Trampler", 5, 5, "trample", "deathtouch")],
        [beast("Bear1", 2, 2), beast("Bear2", 2, 2)],
        [(0, 0), (1, 0)],
        {0: [(0, 1), (1, 1), ("player:1", 3)]},
    )
    assert game.dealt(trampler, one) == [1] and game.dealt(trampler, two) == [1]
    assert game.life(1) == 17
    assert not game.on_battlefield(one) and not game.on_battlefield(two)


def test_multiple_blockers_free_division():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    multiple_blockers_returns_waiting_for_assignment: a 5/5 blocked by two 2/2s waits for its
    controller's division (5 damage, 2 blockers, no trample); all 5 to the first blocker and none
    to the second is legal under today's 510.1c; the player takes nothing."""
    b = StateBuilder()
    fatty = b.permanent(beast("Fatty", 5, 5), 0)
    one = b.permanent(beast("Bear1", 2, 2), 1)
    two = b.permanent(beast("Bear2", 2, 2), 1)
    game = Combat(b)
    game.attack(fatty)
    game.block((one, fatty), (two, fatty))
    game.pass_until(AssignCombatDamage)
    pending = game.state.pending
    assert isinstance(pending, AssignCombatDamage)
    (entry,) = pending.sources
    assert entry.source == fatty and entry.amount == 5 and len(entry.creatures) == 2 and entry.trample is None
    game.damage({fatty: [(one, 5)]})
    assert game.dealt(fatty, one) == [5] and game.dealt(fatty, two) == []
    assert game.on_battlefield(two) and game.marked(two) == 0
    assert game.life(1) == 20


def test_unblocked_attacker_damages_planeswalker_not_player():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    unblocked_attacker_damages_planeswalker_not_player: a 2/2 attacking a planeswalker with 4
    loyalty leaves it 2; the player's life is unchanged."""
    b = StateBuilder()
    bear = b.permanent(beast("Grizzly Bears", 2, 2), 0)
    walker = b.permanent(planeswalker("Test Planeswalker", 4), 1)
    game = Combat(b)
    game.attack(bear, target=at_walker(walker))
    game.block()
    game.damage()
    perm = game.state.permanent(walker)
    assert perm is not None and perm.counter("loyalty") == 2
    assert game.life(1) == 20


def test_trample_excess_goes_to_planeswalker_not_player():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    trample_excess_goes_to_planeswalker_not_player: a 5/5 trampler attacking a planeswalker with 6
    loyalty, blocked by a 1/2, assigns 2 to the blocker and 3 to the planeswalker (3 left); the
    player's life is unchanged."""
    b = StateBuilder()
    trampler = b.permanent(beast("Big Trampler", 5, 5, "trample"), 0)
    blocker = b.permanent(beast("Small Blocker", 1, 2), 1)
    walker = b.permanent(planeswalker("Test Planeswalker", 6), 1)
    game = Combat(b)
    game.attack(trampler, target=at_walker(walker))
    game.block((blocker, trampler))
    game.damage({trampler: [(blocker, 2), (walker, 3)]})
    perm = game.state.permanent(walker)
    assert perm is not None and perm.counter("loyalty") == 3
    assert game.life(1) == 20 and not game.on_battlefield(blocker)


def test_planeswalker_leaves_before_damage_no_damage_dealt():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    planeswalker_leaves_before_damage_no_damage_dealt: a 2/2 attacking a planeswalker that has
    left the battlefield deals no damage, to the player or anything (506.4c). Restated as a state
    loaded in the declare blockers step, the planeswalker already in its owner's graveyard."""
    b = StateBuilder()
    bear = b.permanent(beast("Grizzly Bears", 2, 2), 0, tapped=True, attacking=None)
    walker = b.put(planeswalker("Doomed Planeswalker", 3), 1, Zone.GRAVEYARD)
    b.update(bear, attacking=at_walker(walker), blocked=False)
    game = Combat(b, Step.DECLARE_BLOCKERS)  # the combat is already under way
    game.damage()
    assert [e for e in game.events if e.kind is EventKind.DAMAGE] == []
    assert game.life(1) == 20


def test_trample_blocked_no_blockers_damages_attack_target():
    """phase-rs/phase crates/engine/src/game/combat_damage.rs
    trample_blocked_no_blockers_damages_attack_target: a blocked 4/4 trampler whose blocker has
    left assigns all its damage to the player (16, 702.19d)."""
    b = StateBuilder()
    trampler = b.permanent(beast("Trampler", 4, 4, "trample"), 0, tapped=True, attacking=P1, blocked=True)
    b.put(beast("Bear", 2, 2), 1, Zone.GRAVEYARD)
    game = Combat(b, Step.DECLARE_BLOCKERS)  # its blocker has already left
    game.damage()
    assert game.dealt(trampler, "player:1") == [4]
    assert game.life(1) == 16


# -- phase.rs: crates/engine/src/game/combat.rs (unit tests) ----------------------------------------


def test_summoning_sick_creature_cannot_attack_and_haste_can():
    """phase-rs/phase crates/engine/src/game/combat.rs summoning_sick_creature_cannot_attack and
    creature_with_haste_can_attack_immediately: a 2/2 that came under its controller's control
    this turn can't attack (302.6); a 3/1 with haste that did can (702.10b)."""
    b = StateBuilder()
    bear = b.permanent(beast("Bear", 2, 2), 0, summoning_sick=True)
    hasty = b.permanent(beast("Hasty", 3, 1, "haste"), 0, summoning_sick=True)
    game = Combat(b)
    game.pass_until(DeclareAttackers)
    with pytest.raises(ActionRefused):
        game.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((bear, P1),)))
    game.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((hasty, P1),)))
    perm = game.state.permanent(hasty)
    assert perm is not None and perm.attacking == P1


def test_tapped_creature_cannot_attack():
    """phase-rs/phase crates/engine/src/game/combat.rs tapped_creature_cannot_attack (with
    valid_attacker_succeeds): a tapped 2/2 can't attack; an untapped one can."""
    b = StateBuilder()
    tapped = b.permanent(beast("Bear", 2, 2), 0, tapped=True)
    ready = b.permanent(beast("Bear B", 2, 2), 0)
    game = Combat(b)
    game.pass_until(DeclareAttackers)
    with pytest.raises(ActionRefused):
        game.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((tapped, P1),)))
    game.apply(Action(ActionKind.DECLARE_ATTACKERS, 0, attacks=((ready, P1),)))


def test_flying_attacker_blocked_only_by_flying_or_reach():
    """phase-rs/phase crates/engine/src/game/combat.rs flying_attacker_blocked_only_by_flying_or_reach:
    against a 2/2 with flying, a 2/2 without flying or reach can't block; a 1/1 with flying and a
    1/3 with reach can."""
    b = StateBuilder()
    bird = b.permanent(beast("Bird", 2, 2, "flying"), 0)
    bear = b.permanent(beast("Bear", 2, 2), 1)
    hawk = b.permanent(beast("Hawk", 1, 1, "flying"), 1)
    spider = b.permanent(beast("Spider", 1, 3, "reach"), 1)
    game = Combat(b)
    game.attack(bird)
    game.pass_until(DeclareBlockers)
    for blocker, legal in ((bear, False), (hawk, True), (spider, True)):
        trial = ReferenceEngine().start(game.session.state())
        declaration = Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((blocker, bird),))
        if legal:
            trial.apply(declaration)
        else:
            with pytest.raises(ActionRefused):
                trial.apply(declaration)


def test_menace_requires_two_or_more_blockers():
    """phase-rs/phase crates/engine/src/game/combat.rs menace_requires_two_or_more_blockers: one
    2/2 can't block a 3/3 with menace; two 2/2s can."""
    b = StateBuilder()
    menace = b.permanent(beast("Menace Guy", 3, 3, "menace"), 0)
    one = b.permanent(beast("Bear1", 2, 2), 1)
    two = b.permanent(beast("Bear2", 2, 2), 1)
    game = Combat(b)
    game.attack(menace)
    game.pass_until(DeclareBlockers)
    with pytest.raises(ActionRefused):
        game.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((one, menace),)))
    game.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((one, menace), (two, menace))))
    assert all(menace in (game.state.permanent(x) or pytest.fail(x)).blocking for x in (one, two))


def test_normal_creature_cannot_block_two_attackers_but_palace_guard_can():
    """phase-rs/phase crates/engine/src/game/combat.rs normal_creature_cannot_block_two_attackers
    and extra_blockers_allows_blocking_two_attackers: a 0/4 Wall can't block two 2/2s (509.1a);
    a 1/4 that "can block an additional creature each combat" can."""
    b = StateBuilder()
    first = b.permanent(beast("Bear A", 2, 2), 0)
    second = b.permanent(beast("Bear B", 2, 2), 0)
    wall = b.permanent(beast("Wall", 0, 4), 1)
    guard = b.permanent(
        beast("Palace Guard", 1, 4, text="This creature can block an additional creature each combat."), 1
    )
    game = Combat(b)
    game.attack(first, second)
    game.pass_until(DeclareBlockers)
    with pytest.raises(ActionRefused):
        game.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((wall, first), (wall, second))))
    game.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((guard, first), (guard, second))))
    perm = game.state.permanent(guard)
    assert perm is not None and set(perm.blocking) == {first, second}


def test_duplicate_block_assignment_rejected():
    """phase-rs/phase crates/engine/src/game/combat.rs duplicate_block_assignment_rejected: the same
    (blocker, attacker) pair declared twice is refused."""
    b = StateBuilder()
    bear = b.permanent(beast("Bear", 2, 2), 0)
    wall = b.permanent(beast("Wall", 0, 4), 1)
    game = Combat(b)
    game.attack(bear)
    game.pass_until(DeclareBlockers)
    with pytest.raises(ActionRefused):
        game.apply(Action(ActionKind.DECLARE_BLOCKERS, 1, blocks=((wall, bear), (wall, bear))))
