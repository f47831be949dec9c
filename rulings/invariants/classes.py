"""Invariants of Class enchantments (716; Ninja Teen's rulings). Each rule holds for any Class: a
template each, whose wordings are in ``rulings/wordings/classes.toml``. Scenarios:
:mod:`generators.classes`.

A level bar "[Cost]: Level N" is an activated ability named ``"level:N"`` on the protocol; the
level is ``Permanent.class_level``. What a Class's level abilities do is observed through a
small combat (:func:`probe_abilities`): the player's attacker is blocked and dies, so every
"whenever a creature you control leaves the battlefield" of a Class that has its level 1
abilities makes the opponent lose 1 life; each Class with its level 2 abilities gives the
attacker +1/+0 (more combat damage) and menace (one blocker alone is refused).
"""

from __future__ import annotations

from collections.abc import Mapping

from generators.class_features import FEATURES, bar_symbols, payable, untapped_lands
from generators.classes import CLASS_MECHANICS, CLASS_STEPS, ClassParams, ClassSpec, class_scenarios
from generators.features import Feature
from protocol.decisions import DeclareAttackers, DeclareBlockers
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    AttackTarget,
    EventKind,
    GameState,
    Step,
    mana_value,
    parse_mana_cost,
)
from protocol.probe import Probe, Scenario, expect
from rulings.declare import has_subtype, invariant, template
from rulings.invariants.consequences import Consequences, expect_consequences
from rulings.invariants.driving import events_of, pass_until, resolve_stack
from rulings.invariants.spell_moves import cast, whose_turn

REQUIRES = frozenset({Mechanic.STACK, Mechanic.PRIORITY, Mechanic.MANA_ABILITY, Mechanic.CLASS})
#: The rules hold for any Class: a ruling of another card compiles when its card is one.
IS_CLASS = has_subtype("Class")
PROBE = frozenset({Mechanic.MENACE})


def class_features(*names: str) -> tuple[Feature, ...]:
    return tuple(FEATURES[n] for n in names)


def level_up(player: int, class_id: str, level: int) -> Action:
    return Action(ActionKind.ACTIVATE, player, source=class_id, ability=f"level:{level}")


def level(state: GameState, class_id: str) -> int | None:
    perm = state.permanent(class_id)
    return perm.class_level if perm is not None else None


def sorcery_timing(state: GameState, player: int) -> bool:
    return (
        state.priority == player
        and state.pending is None
        and state.active_player == player
        and state.step.is_main
        and not state.stack
    )


LEVEL_UP_COST_ONLY = "the level ability changed the level and used its mana, nothing else"
LEVEL_KEPT_NEXT_TURN = "the level kept into the next turn"


def is_land(state: GameState, card_id: str) -> bool:
    return state.data_of(card_id).is_type("Land")


def next_to_level(scenario: Scenario[ClassParams]) -> str:
    """One of the player's Classes below level 3, picked by the scenario's ``try``."""
    below = [c for c in scenario.params.classes if scenario.params.levels[c] < 3]
    return below[scenario.params.pick % len(below)]


def level_and_resolve(probe: Probe, scenario: Scenario[ClassParams], class_id: str) -> int:
    """Activate the next level of ``class_id`` and resolve it; the new level."""
    player = scenario.params.player
    new = scenario.params.levels[class_id] + 1
    probe.require(
        level_up(player, class_id, new),
        f"the level {new} ability of a level {new - 1} Class in a main phase with an empty stack and the mana to pay",
    )
    resolve_stack(probe)
    after = level(probe.state(), class_id)
    expect(
        after == new,
        "a resolved level ability did not advance its Class to that level",
        expected=f"{class_id} at level {new}",
        observed=f"level {after}",
    )
    return new


def probe_abilities(probe: Probe, scenario: Scenario[ClassParams], levels: Mapping[str, int]) -> None:
    """Attack with the player's creature into the opponent's two blockers and check what the
    player's Classes at ``levels`` must do: each one's level 1 trigger (the opponent loses 1
    life when the attacker dies), each level 2's +1/+0, and menace from any level 2."""
    player = scenario.params.player
    opponent = 1 - player
    attacker, power = scenario.params.attacker, scenario.params.power
    if attacker is None or power is None:
        raise ValueError("probe_abilities needs a scenario drawn with ClassSpec(probe=True)")
    first, second = scenario.params.blockers
    triggers = len(levels)
    pumps = sum(1 for v in levels.values() if v >= 2)
    menace = pumps > 0
    pass_until(
        probe,
        lambda s, _: isinstance(s.pending, DeclareAttackers),
        "the declare attackers step",
    )
    probe.require(
        Action(ActionKind.DECLARE_ATTACKERS, player, attacks=((attacker, AttackTarget.of_player(opponent)),)),
        "attacking with an untapped creature that is not summoning sick",
    )
    pass_until(probe, lambda s, _: isinstance(s.pending, DeclareBlockers), "the declare blockers step")
    life = probe.state().player(opponent).life
    single = Action(ActionKind.DECLARE_BLOCKERS, opponent, blocks=((first, attacker),))
    if menace:
        probe.expect_refused(
            single,
            "a creature given menace by a Class at level 2 was blocked by one creature",
            expected=f"{single} refused (menace)",
        )
        probe.require(
            Action(ActionKind.DECLARE_BLOCKERS, opponent, blocks=((first, attacker), (second, attacker))),
            "two creatures blocking a creature with menace",
        )
    else:
        probe.require(single, "one creature blocking a creature without menace")
    events = pass_until(
        probe, lambda s, _: s.step in (Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN) and not s.stack, "the end of combat"
    )
    dealt = sum(e.amount or 0 for e in events_of(events, EventKind.DAMAGE, attacker))
    expect(
        dealt == power + pumps,
        "the attacker's combat damage does not match the +1/+0 of the Classes at level 2 or more",
        expected=f"{power} + {pumps} damage (Class levels {dict(levels)})",
        observed=f"{dealt} damage",
    )
    lost = life - probe.state().player(opponent).life
    expect(
        lost == triggers,
        "the level 1 triggers of the Classes did not all trigger when the attacker died",
        expected=f"the opponent loses {triggers} life (one per Class: levels {dict(levels)})",
        observed=f"loses {lost}",
    )


# -- the rulings ----------------------------------------------------------------------------


@invariant(
    applies_to=template("class.level-bars", cards=IS_CLASS),
    name="level-ability-when-allowed",
    kind="legality",
    claims=["level abilities offered exactly when allowed"],
    requires=REQUIRES,
    scenarios=lambda allowed=CLASS_MECHANICS: class_scenarios(
        ClassSpec(steps=CLASS_STEPS, anyone=True, swamps=(0, 3), opponent_class=True), allowed
    ),
    optional=CLASS_MECHANICS,
    features=class_features(
        "level:1",
        "level:2",
        "level:3",
        "bar-payable",
        "bar-unpayable",
        "off-colour-land",
        "short-by-colour",
        "sorcery-timing",
        "no-sorcery-timing",
        "holder-not-active",
        "stack-spell-untargeted",
        "stack-spell-targeted",
        "opponent-class",
    ),
)
def check_level_bars(probe: Probe, scenario: Scenario[ClassParams]) -> None:
    """Each level bar is an activated ability for its cost: level N is offered exactly when the
    Class is level N-1, as a sorcery, with the cost payable; activating it pays that cost, and
    the Class becomes level N when it resolves."""
    player = scenario.params.player
    state = probe.state()
    timing = sorcery_timing(state, player)
    swamps, others = untapped_lands(state, player)
    pairs = []
    actions = probe.legal_actions()
    for class_id in scenario.params.classes + scenario.params.opponent_classes:
        current = scenario.params.levels[class_id]
        for n, symbols in sorted(bar_symbols(state, class_id).items()):
            cost = "".join(f"{{{s}}}" for s in symbols)
            mine = class_id in scenario.params.classes
            wanted = mine and current == n - 1 and timing and payable(symbols, swamps, others)
            shown = [a for a in actions if a == level_up(player, class_id, n)]
            expect(
                bool(shown) == wanted,
                f"the level {n} ability of a level {current} Class is {'not ' if wanted else ''}offered "
                f"({state.step}, {whose_turn(state, player)}, stack of "
                f"{len(state.stack)}, {swamps} Swamps and {others} other lands for a cost of {cost})",
                expected=f"level:{n} of {class_id} {'offered' if wanted else 'not offered'}",
                observed="offered" if shown else "not offered",
            )
            pairs.append((class_id, n, cost, wanted))
    probe.claim("level abilities offered exactly when allowed")
    class_id, n, cost, wanted = pairs[scenario.params.pick % len(pairs)]
    action = level_up(player, class_id, n)
    if not wanted:
        probe.expect_refused(
            action, "a level ability was accepted when its Class, the timing or the mana does not allow it"
        )
        return
    probe.require(action, f"the level {n} ability of a level {n - 1} Class as a sorcery with the mana to pay")
    left = untapped_lands(probe.state(), player)
    paid_swamps, paid = swamps - left[0], swamps + others - sum(left)
    symbols = parse_mana_cost(cost)
    expect(
        paid == mana_value(cost) and paid_swamps >= symbols.count("B"),
        "activating a level ability did not pay the cost in its level bar",
        expected=f"{mana_value(cost)} lands tapped for {cost}, a Swamp for each {{B}}",
        observed=f"{paid} tapped, {paid_swamps} of them Swamps",
    )
    resolve_stack(probe)
    expect(
        level(probe.state(), class_id) == n,
        "a resolved level ability did not set its Class's level",
        expected=f"{class_id} at level {n}",
        observed=f"level {level(probe.state(), class_id)}",
    )


@invariant(
    applies_to=template("class.no-repeat-level", cards=IS_CLASS),
    name="refused-at-or-above",
    kind="legality",
    claims=["a level at or below the current one refused", "the next level accepted in the same situation"],
    requires=REQUIRES,
    scenarios=lambda: class_scenarios(ClassSpec(levels=(2, 3), one_below_3=True)),
    features=class_features("level:2", "level:3", "off-colour-land"),
)
def check_no_repeat(probe: Probe, scenario: Scenario[ClassParams]) -> None:
    """A Class already at level N or higher: its level N ability (and every lower one) is
    neither offered nor accepted, even as a sorcery with the mana to pay. The refusal is paired
    with its legal counterpart in the same situation: the next level of a level 2 Class, as a
    sorcery with the mana to pay, is accepted (an engine that refuses everything fails)."""
    player = scenario.params.player
    state = probe.state()
    tried = []
    actions = probe.legal_actions()
    for class_id in scenario.params.classes:
        current = scenario.params.levels[class_id]
        for n in range(2, current + 1):
            shown = [a for a in actions if a == level_up(player, class_id, n)]
            expect(
                not shown,
                f"the level {n} ability of a level {current} Class is offered",
                expected="not offered",
                observed=", ".join(map(str, shown)),
            )
            tried.append(level_up(player, class_id, n))
    action = tried[scenario.params.pick % len(tried)]
    probe.expect_refused(action, "a level ability was accepted for a Class already at that level or higher")
    probe.claim("a level at or below the current one refused")
    swamps, others = untapped_lands(state, player)
    counterparts = [
        level_up(player, class_id, 3)
        for class_id in scenario.params.classes
        if scenario.params.levels[class_id] == 2 and payable(bar_symbols(state, class_id).get(3, ()), swamps, others)
    ]
    probe.precondition(
        sorcery_timing(state, player) and bool(counterparts), "no next level the player may activate now"
    )
    expect(
        counterparts[0] in actions,
        "the next level of a level 2 Class is not offered as a sorcery with the mana to pay",
        expected=f"{counterparts[0]} offered",
        observed="not offered",
    )
    probe.require(counterparts[0], "the next level of a level 2 Class, as a sorcery with the mana to pay")
    probe.claim("the next level accepted in the same situation")


@invariant(
    applies_to=template("class.level-up-uses-stack", cards=IS_CLASS),
    name="responds",
    kind="trace",
    claims=["the level ability waits on the stack", LEVEL_UP_COST_ONLY, LEVEL_KEPT_NEXT_TURN],
    requires=REQUIRES,
    scenarios=lambda: class_scenarios(ClassSpec(levels=(1, 2))),
    features=class_features("level:1", "level:2", "gains-level:2", "gains-level:3", "off-colour-land"),
)
def check_uses_stack(probe: Probe, scenario: Scenario[ClassParams]) -> None:
    """The level ability goes on the stack: the level is unchanged while it waits, the opponent
    receives priority to respond, and only its resolution raises the level."""
    player = scenario.params.player
    class_id = next_to_level(scenario)
    current = scenario.params.levels[class_id]
    before = probe.state()
    probe.require(level_up(player, class_id, current + 1), "a level ability as a sorcery with the mana to pay")
    probe.claim("the level ability waits on the stack")
    mid = probe.state()
    on_stack = [s for s in mid.stack if s.source == class_id and s.kind == "activated"]
    expect(
        bool(on_stack) and level(mid, class_id) == current,
        "the level ability did not wait on the stack (the level changed at once)",
        expected=f"an ability of {class_id} on the stack, level still {current}",
        observed=f"level {level(mid, class_id)}, stack {[f'{s.kind}:{s.source}' for s in mid.stack]}",
    )
    pass_until(probe, lambda s, _: s.priority == 1 - player or not s.stack, "the opponent's priority")
    answer = probe.state()
    expect(
        answer.priority == 1 - player and any(s.source == class_id for s in answer.stack),
        "the opponent got no chance to respond to the level ability",
        expected=f"player {1 - player} with priority, the ability still on the stack",
        observed=f"priority {answer.priority}, stack {[s.source for s in answer.stack]}",
    )
    resolve_stack(probe)
    expect(
        level(probe.state(), class_id) == current + 1,
        "the level ability did not raise the level as it resolved",
        expected=f"level {current + 1}",
        observed=f"level {level(probe.state(), class_id)}",
    )
    # Every consequence, not only the level: the cost is the mana of the bar (716.2a), paid from
    # the player's lands; nothing moved, no land play used, nothing else tapped or untapped.
    probe.claim(LEVEL_UP_COST_ONLY)
    expect_consequences(
        before,
        probe.state(),
        f"the level {current + 1} ability of {class_id}, resolved",
        Consequences(tap_ok=[p.id for p in before.battlefield if p.controller == player and is_land(before, p.id)]),
    )
    # A level has no duration (716.2a: "This Class's level becomes N"): it holds into the next
    # turn (played to the next turn's upkeep, before anyone draws from a library that may be empty).
    turn = before.turn
    pass_until(probe, lambda s, _: s.turn > turn and s.step is not Step.UNTAP, "the next turn")
    probe.claim(LEVEL_KEPT_NEXT_TURN)
    nxt = probe.state()
    expect(
        level(nxt, class_id) == current + 1,
        "a Class's level did not last into the next turn (a level has no duration, 716.2a)",
        expected=f"{class_id} at level {current + 1} in turn {nxt.turn}",
        observed=f"level {level(nxt, class_id)}",
    )


@invariant(
    applies_to=template("class.levels-tracked-separately", cards=IS_CLASS),
    name="own-level",
    kind="outcome",
    claims=["only its own Class's level changes"],
    requires=REQUIRES,
    scenarios=lambda: class_scenarios(ClassSpec(count=(2, 3), one_below_3=True, opponent_class=True)),
    features=class_features("level:1", "level:2", "level:3", "gains-level:2", "gains-level:3", "opponent-class"),
)
def check_own_level(probe: Probe, scenario: Scenario[ClassParams]) -> None:
    """With several Class permanents, a level ability raises only its own Class's level."""
    class_id = next_to_level(scenario)
    level_and_resolve(probe, scenario, class_id)
    probe.claim("only its own Class's level changes")
    after = probe.state()
    for other in scenario.params.classes + scenario.params.opponent_classes:
        if other == class_id:
            continue
        wanted = scenario.params.levels[other]
        expect(
            level(after, other) == wanted,
            "another Class's level changed with this one",
            expected=f"{other} still at level {wanted}",
            observed=f"level {level(after, other)}",
        )


@invariant(
    applies_to=template("class.starts-at-level-1", cards=IS_CLASS),
    name="enters-at-level-1",
    kind="outcome",
    claims=["enters at level 1 with its top section's abilities"],
    requires=REQUIRES | PROBE | {Mechanic.CASTING, Mechanic.CASTING_PERMANENTS},
    scenarios=lambda: class_scenarios(ClassSpec(count=(0, 1), in_hand=True, probe=True)),
    features=class_features("class-in-hand", "level:1", "level:2", "level:3", "off-colour-land"),
)
def check_starts_at_level_1(probe: Probe, scenario: Scenario[ClassParams]) -> None:
    """A Class cast from the hand enters at level 1 with the abilities of its top section only
    (its level 1 trigger works; no +1/+0, no menace from it)."""
    player, card = scenario.params.player, scenario.params.hand_class
    if card is None:
        raise ValueError("check_starts_at_level_1 needs a scenario drawn with ClassSpec(in_hand=True)")
    probe.require(cast(player, card), "casting a Class in a main phase with the mana to pay")
    resolve_stack(probe)
    entered = level(probe.state(), card)
    expect(
        entered == 1,
        "a Class did not enter at level 1",
        expected=f"{card} at level 1",
        observed=f"level {entered}" if probe.state().permanent(card) else f"{card} not on the battlefield",
    )
    probe.claim("enters at level 1 with its top section's abilities")
    levels = {c: scenario.params.levels[c] for c in scenario.params.classes} | {card: 1}
    probe_abilities(probe, scenario, levels)


@invariant(
    applies_to=template("class.keeps-previous-levels", cards=IS_CLASS),
    name="abilities-after-level-up",
    kind="outcome",
    claims=["earlier levels' abilities kept"],
    requires=REQUIRES | PROBE,
    scenarios=lambda: class_scenarios(ClassSpec(levels=(1, 2), probe=True)),
    features=class_features("level:1", "level:2", "gains-level:2", "gains-level:3"),
)
def check_keeps_previous(probe: Probe, scenario: Scenario[ClassParams]) -> None:
    """After gaining a level a Class still has its earlier levels' abilities: the level 1
    trigger, and (at level 3) the level 2 "+1/+0 and menace"."""
    class_id = next_to_level(scenario)
    new = level_and_resolve(probe, scenario, class_id)
    probe.claim("earlier levels' abilities kept")
    levels = {c: scenario.params.levels[c] for c in scenario.params.classes} | {class_id: new}
    probe_abilities(probe, scenario, levels)
