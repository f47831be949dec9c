"""Invariants of the eight generic rulings printed on every seed page: mana production (CR 106.5,
106.7, 106.12, 106.12a, 106.12b, 605), X in enters-the-battlefield abilities (107.3m), and the
tap and untap symbols (107.5, 107.6, 302.6).

The tap and untap symbol rulings share one wording with a ``{symbol}`` slot, so one template
serves both (and any reprint of either), its checks parametrized by the symbol. The mana rulings
are templates too (their wordings: ``rulings/wordings/mana.toml``). Scenarios come from :mod:`generators.mana`; their params describe the board in
engine-neutral terms, and the small model below computes from them what the rulings say must
happen, so a check never reads oracle text nor asks the engine what the answer is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from generators.features import Feature
from generators.mana import (
    AbilitySpec,
    CostSymbol,
    ManaParams,
    ManaReplacement,
    ManaSource,
    ManaTrigger,
    ReplacementSpec,
    TriggerSpec,
    XParams,
    cost_symbol_scenarios,
    could_produce_scenarios,
    kind_of,
    own_ability,
    own_fits,
    production_scenarios,
    x_etb_scenarios,
)
from generators.mana_features import PAYMENT_FEATURES, SOURCE_FEATURES, SUBJECT_FEATURES
from protocol.mechanics import Mechanic
from protocol.model import MANA_SYMBOLS, Action, ActionKind, CardData, Event, EventKind, GameState
from protocol.probe import Probe, Scenario, expect
from rulings.declare import Draws, Each, invariant, template
from rulings.invariants.driving import events_of, resolve_stack
from rulings.templates import Match, NotCovered

BASE_REQUIRES = frozenset({Mechanic.STACK, Mechanic.PRIORITY, Mechanic.MANA_ABILITY, Mechanic.TAP_ABILITY})
PRODUCE = "produce"

# -- the generic mana and X rulings: rules for any permanent, as printed on every card's page ---
#
# These rulings quote the Comprehensive Rules (106.5, 106.7, 106.12, 106.12a-b, 107.3m); each
# page that prints them carries the same text, and what they say holds for any card, so they are
# templates (any card with the text compiles to the same checks, drawn on stand-in permanents),
# not bindings to the seed pages' rulings. Their wordings are the sentences as printed. The
# templates are tried in this order.

COST_SYMBOL = template("costs.cost-symbol")
TAP_FOR_MANA = template("mana.tap-for-mana")
MANA_TRIGGER = template("mana.tapped-for-mana-trigger")
MANA_REPLACEMENT = template("mana.tapped-for-mana-replacement")
UNDEFINED_TYPE = template("mana.undefined-type")
COULD_PRODUCE = template("mana.could-produce")
X_IN_ETB = template("costs.x-in-etb-ability")

Params = ManaParams
Source = ManaSource
Ability = AbilitySpec


# -- the rules model over scenario params ------------------------------------------------------


def is_mana(ability: Ability) -> bool:
    return ability.life is None


def tapped_for_mana(ability: Ability) -> bool:
    """106.12: a mana ability with {T} in its cost."""
    return is_mana(ability) and ability.cost == "T"


def names(observer: ManaTrigger | ManaReplacement, source: Source) -> bool:
    """Whether a trigger's or replacement's "this land" / "a KIND [you control]" names ``source``."""
    if observer.whose == "self":
        return observer.id == source.id
    if observer.whose == "you" and observer.controller != source.controller:
        return False
    kind = observer.kind
    if kind == "permanent":
        return True
    if kind in ("land", "creature", "artifact"):
        return kind.capitalize() in source.types
    return kind.capitalize() in source.subtypes


def replacement_outcomes(
    params: Params, source: Source, ability: Ability, produced: tuple[str, ...], used: frozenset[str] = frozenset()
) -> set[tuple[str, ...]]:
    """106.12b with 616.1: every result of applying the applicable replacement effects, one at
    a time in any order, each at most once."""
    out: set[tuple[str, ...]] = set()
    for r in params.replacements:
        if r.id in used or not tapped_for_mana(ability) or not names(r, source):
            continue
        if len(produced) < r.at_least or (r.mana not in (None, "2+") and r.mana not in produced):
            continue
        replaced = tuple(s for s in produced for _ in range(2)) if r.double else tuple(r.produces)
        out |= replacement_outcomes(params, source, ability, replaced, used | {r.id})
    return out or {produced}


def could_produce_table(params: Params) -> dict[str, set[str]]:
    """106.7: the types each permanent could produce (its mana abilities as if they resolved now,
    with replacement effects in any order, costs ignored); a least fixed point, since a Pool's
    types depend on the lands' (its own included)."""
    table: dict[str, set[str]] = {s.id: set() for s in params.sources}
    changed = True
    while changed:
        changed = False
        for source in params.sources:
            types = set(table[source.id])
            for ability in source.abilities:
                if not is_mana(ability):
                    continue
                for base in base_options(params, table, source, ability):
                    for produced in replacement_outcomes(params, source, ability, base):
                        types |= set(produced)
            if types != table[source.id]:
                table[source.id] = types
                changed = True
    return table


def pool_choices(params: Params, table: Mapping[str, set[str]], source: Source, ability: Ability) -> list[str]:
    """The types a "could produce" ability can add (colours only for "any color")."""
    types: set[str] = set()
    for land in params.sources:
        if "Land" not in land.types:
            continue
        if (land.controller == source.controller) != (ability.pool == "you"):
            continue
        types |= table[land.id]
    if ability.any_color:
        types.discard("C")
    return [s for s in MANA_SYMBOLS if s in types]


def base_options(
    params: Params, table: Mapping[str, set[str]], source: Source, ability: Ability
) -> list[tuple[str, ...]]:
    if ability.symbol is not None:
        return [(ability.symbol,)]
    return [(s,) for s in pool_choices(params, table, source, ability)] or [()]  # 106.5: none defined -> no mana


def fired_triggers(params: Params, source: Source, ability: Ability, produced: tuple[str, ...]) -> list[ManaTrigger]:
    """106.12a: the "tapped for mana" triggers a resolved mana ability of ``source`` triggers."""
    if not tapped_for_mana(ability) or not produced:
        return []
    return [t for t in params.triggers if names(t, source) and (t.mana is None or t.mana in produced)]


def symbols(pool: Iterable[str]) -> str:
    return "".join(sorted(pool, key=MANA_SYMBOLS.index)) or "nothing"


def pool_delta(before: GameState, after: GameState, player: int) -> Counter[str]:
    return Counter(after.player(player).mana_pool) - Counter(before.player(player).mana_pool)


def own_sources(scenario: Scenario[ManaParams]) -> list[Source]:
    return [s for s in scenario.params.sources if s.controller == scenario.params.player]


def actions_for(probe: Probe, source: str, ability: str) -> list[Action]:
    return [
        a
        for a in probe.legal_actions()
        if a.kind is ActionKind.ACTIVATE and a.source == source and a.ability == ability
    ]


def activation(scenario: Scenario[ManaParams], source: str, ability: str, produce: str | None = None) -> Action:
    costs = () if produce is None else ((PRODUCE, produce),)
    return Action(ActionKind.ACTIVATE, scenario.params.player, source=source, ability=ability, costs=costs)


# -- the tap and untap symbols (107.5, 107.6, 302.6): one template ----------------------------


def payable(symbol: CostSymbol, source: Source) -> bool:
    """107.5/107.6: {T} needs an untapped permanent, {Q} a tapped one; 302.6: a creature must have
    been under its controller's control since their most recent turn began."""
    right_state = (not source.tapped) if symbol == "T" else source.tapped
    return right_state and not ("Creature" in source.types and source.sick)


def why_not(symbol: CostSymbol, source: Source) -> str:
    if "Creature" in source.types and source.sick:
        return "a creature that has not been under its controller's control since their turn began (302.6)"
    return f"a permanent that is already {'tapped' if symbol == 'T' else 'untapped'}"


PAYABLE_OFFERED = "an ability its permanent can pay offered"
UNPAYABLE_REFUSED = "an ability its permanent can't pay neither offered nor accepted"
REFUSED = "refused"
PAID = "paid, and the ability does what it says"


def check_offered_iff_payable(symbol: CostSymbol, probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """Every {symbol} ability of the player's permanents: offered iff payable; refused when not;
    accepted when it is."""
    player = scenario.params.player
    legal: list[Action] = []
    for source in scenario.params.sources:
        for ability in source.abilities:
            if ability.cost != symbol:
                continue
            mine = source.controller == player
            ok = mine and payable(symbol, source)
            shown = actions_for(probe, source.id, ability.name)
            what = (
                f"{ability.name} of {source.id} ({source.kind}, {'tapped' if source.tapped else 'untapped'}"
                f"{', summoning sick' if source.sick else ''}{'' if mine else ', the other player'}'s)"
            )
            probe.claim(PAYABLE_OFFERED if ok else UNPAYABLE_REFUSED)
            if ok:
                expect(
                    bool(shown),
                    f"a {{{symbol}}} ability that can be paid is not offered",
                    expected=f"{what} offered",
                    observed="not offered",
                )
                legal.append(activation(scenario, source.id, ability.name))
            else:
                expect(
                    not shown,
                    f"a {{{symbol}}} ability is offered for "
                    + (why_not(symbol, source) if mine else "a permanent of a player without priority"),
                    expected=f"{what} not offered",
                    observed=", ".join(map(str, shown)),
                )
                probe.expect_refused(
                    activation(scenario, source.id, ability.name),
                    f"a {{{symbol}}} cost was paid with "
                    + (why_not(symbol, source) if mine else "another player's permanent"),
                )
    if legal:
        probe.require(legal[0], f"{{{symbol}}} paid by a permanent that can pay it")


def check_subject_refused(symbol: CostSymbol, probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """Each {symbol} ability of the subject, not only its first: the permanent can't pay the
    symbol, whichever of its abilities asks (107.5, 107.6: one permanent, several abilities)."""
    source = scenario.params.sources[scenario.params.subject]
    probe.claim(REFUSED)
    for ability in (a for a in source.abilities if a.cost == symbol):
        shown = actions_for(probe, source.id, ability.name)
        expect(
            not shown,
            f"a {{{symbol}}} ability is offered for {why_not(symbol, source)}",
            expected=f"{ability.name} of {source.id} not offered",
            observed=", ".join(map(str, shown)),
        )
        probe.expect_refused(
            activation(scenario, source.id, ability.name),
            f"a {{{symbol}}} cost was paid with {why_not(symbol, source)}",
        )


def check_subject_pays(symbol: CostSymbol, probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """The subject can pay: offered, accepted, {T} taps it / {Q} untaps it, its effect happens."""
    player = scenario.params.player
    source = scenario.params.sources[scenario.params.subject]
    ability = next(a for a in source.abilities if a.cost == symbol)
    kind = "noncreature permanent" if "Creature" not in source.types else "creature"
    shown = actions_for(probe, source.id, ability.name)
    expect(
        bool(shown),
        f"a {{{symbol}}} ability of a {kind} that can pay it is not offered"
        + (" (summoning sickness applies only to creatures)" if source.sick else ""),
        expected=f"{ability.name} of {source.id} offered",
        observed="not offered",
    )
    before = probe.state()
    events = probe.require(
        activation(scenario, source.id, ability.name), f"{{{symbol}}} paid by a {kind} that can pay it"
    )
    mid = probe.state()
    perm = mid.permanent(source.id)
    want_tapped = symbol == "T"
    probe.claim(PAID)
    expect(
        perm is not None and perm.tapped is want_tapped,
        f"paying {{{symbol}}} did not {'tap' if want_tapped else 'untap'} the permanent",
        expected=f"{source.id} {'tapped' if want_tapped else 'untapped'}",
        observed=f"{source.id} {'tapped' if perm and perm.tapped else 'untapped'}",
    )
    if is_mana(ability):
        gained = pool_delta(before, mid, player)
        # `or ""`: an any-type ability names no symbol to count.
        expect(
            gained[ability.symbol or ""] >= 1,
            "the mana ability did not add its mana",
            expected=f"{{{ability.symbol}}} added",
            observed=symbols(gained.elements()),
        )
    else:
        assert ability.life is not None  # not a mana ability: it gains life
        life = before.player(player).life
        events += resolve_stack(probe)
        after = probe.state()
        expect(
            after.player(player).life == life + ability.life,
            "the ability's effect did not happen",
            expected=f"life {life + ability.life}",
            observed=f"life {after.player(player).life}",
        )


def production_features(*, pools: bool, non_mana: bool) -> tuple[Feature, ...]:
    """The source kinds a production scenario of these options holds (see ``generators.mana_features``)."""
    names = ["basic-land", "ability-land", "creature", "artifact", "untap-mana"]
    names += ["pool-land"] if pools else []
    names += ["non-mana"] if non_mana else []
    return tuple(SOURCE_FEATURES[f"source:{n}"] for n in names)


#: The features of a {T}/{Q} scenario whose subject is drawn freely (focus "any" or "payable").
SUBJECT_FOCUS_FEATURES = {
    "any": ("subject:creature", "subject:artifact", "subject:land", "subject-sick"),
    "payable": ("subject:creature", "subject:artifact", "subject:land"),
}


def state_word(symbol: CostSymbol) -> str:
    return "tapped" if symbol == "T" else "untapped"


def verb(symbol: CostSymbol) -> str:
    return "tapping" if symbol == "T" else "untapping"


def own_symbol_card(cards: tuple[CardData, ...], symbol: CostSymbol) -> CardData | None:
    """The first of the ruling's cards with its own ``symbol`` ability the generators draw
    (:func:`generators.mana.own_ability`): the invariants' permanent. None: the rule is shown on
    stand-in permanents (a ruling printed on cards without such an ability states it for any
    permanent)."""
    return next((c for c in cards if own_ability(c, symbol) is not None), None)


@dataclass(frozen=True)
class Subject:
    """{T}/{Q} states whose subject permanent is the one ``focus`` asks for: the ruling's own card
    (with its own ability of the symbol) when it can be that subject, else a stand-in permanent."""

    focus: str

    def draws(self, symbol: CostSymbol, match: Match) -> Draws:
        requires = BASE_REQUIRES | {Mechanic.SUMMONING_SICKNESS}
        if symbol == "Q":
            requires |= {Mechanic.UNTAP_SYMBOL}
        features = SUBJECT_FOCUS_FEATURES.get(self.focus, ())
        own = own_symbol_card(match.cards, symbol)
        note = None
        if own is not None and own_fits(own, self.focus):
            scenarios = partial(cost_symbol_scenarios, symbol, self.focus, own)  # type: ignore[arg-type]
            features = tuple(f for f in features if f == "subject-sick" or f == f"subject:{kind_of(own)}")
            note = f"{own.name}, with its own {{{symbol}}} ability, as the permanent"
        else:
            scenarios = partial(cost_symbol_scenarios, symbol, self.focus, None)  # type: ignore[arg-type]
        # Tokens among the permanents where the engine has them (the subject one included).
        return Draws(
            scenarios,
            frozenset(requires),
            tuple(SUBJECT_FEATURES[n] for n in features),
            optional=frozenset({Mechanic.TOKENS}),
            note=note,
        )


#: The symbol the ruling names, {T} or {Q}: its checks are the symbol's.
def _cost_symbol(match: Match) -> list[str]:
    """The cost symbol the ruling's sentences name (107.5, 107.6). A paragraph read by meaning may name
    none ("Ignore this rule if the creature also has haste." alone): then there is nothing to check,
    and the ruling stays uncovered with that reason rather than stop the compile."""
    symbol = match.slots.get("symbol")
    if symbol is None:
        raise NotCovered("no sentence names the cost symbol ({T} or {Q}) the checks are about")
    return ["T" if symbol == "{t}" else "Q"]


SYMBOL = Each(values=_cost_symbol)


def check_offered_payer(symbol: CostSymbol, probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """Activate the first payable {symbol} ability of the player's: it taps/untaps, and works."""
    payers = [
        i
        for i, source in enumerate(scenario.params.sources)
        if source.controller == scenario.params.player and payable(symbol, source)
    ]
    probe.precondition(bool(payers), f"no permanent of the player's can pay {{{symbol}}}")
    check_subject_pays(symbol, probe, Scenario(scenario.state, replace(scenario.params, subject=payers[0])))


# {T}/{Q} in an activation cost: paid by tapping/untapping; not by a permanent already in that
# state, nor by a creature its controller hasn't controlled since their turn began.
invariant(
    applies_to=COST_SYMBOL,
    for_each=SYMBOL,
    name="offered-iff-payable",
    kind="legality",
    claims=[PAYABLE_OFFERED, UNPAYABLE_REFUSED],
    scenarios=Subject("any"),
    check=check_offered_iff_payable,
    description=lambda s: f"every {{{s}}} ability is offered and accepted iff its permanent can pay {{{s}}}",
)
invariant(
    applies_to=COST_SYMBOL,
    for_each=SYMBOL,
    name=lambda s: f"already-{state_word(s)}-cannot-pay",
    kind="legality",
    claims=[REFUSED],
    scenarios=Subject("wrong-state"),
    check=check_subject_refused,
    description=lambda s: f"a permanent that's already {state_word(s)} can't pay {{{s}}}",
)
invariant(
    applies_to=COST_SYMBOL,
    for_each=SYMBOL,
    name="sick-creature-cannot-pay",
    kind="legality",
    claims=[REFUSED],
    scenarios=Subject("sick-creature"),
    check=check_subject_refused,
    description=lambda s: f"a creature not controlled since its controller's turn began can't pay {{{s}}}",
)
invariant(
    applies_to=COST_SYMBOL,
    for_each=SYMBOL,
    name="sick-noncreature-can-pay",
    kind="legality",
    claims=[PAID],
    scenarios=Subject("sick-noncreature"),
    check=check_subject_pays,
    description=lambda s: f"a noncreature permanent that just came under its controller's control can pay {{{s}}}",
)
invariant(
    applies_to=COST_SYMBOL,
    for_each=SYMBOL,
    name=lambda s: f"paid-by-{verb(s)}",
    kind="outcome",
    claims=[PAID],
    scenarios=Subject("payable"),
    check=check_offered_payer,
    description=lambda s: f"paying {{{s}}} means {verb(s)} the permanent; the ability then does what it says",
)


# -- activating every ability of the player's, one by one ------------------------------------


def run_all(probe: Probe, scenario: Scenario[ManaParams], step: Any) -> None:
    """For each {T}/{Q} ability of the player's sources (in order) that the rules let them
    activate now (:func:`payable`, with the permanents tapped and untapped by the activations
    before it), build the activation (an "any type" ability: the last type its lands could
    produce), require that it is offered and accepted, and hand (source, ability, action, state
    before, events, state after) to ``step``. What the engine offers is never the list: an
    engine that offers nothing fails here instead of passing with nothing checked."""
    params = scenario.params
    table = could_produce_table(params)
    tapped = {s.id: s.tapped for s in params.sources}
    for source in own_sources(scenario):
        for ability in source.abilities:
            if not payable(ability.cost, replace(source, tapped=tapped[source.id])):
                continue
            produce = None
            if is_mana(ability) and ability.symbol is None:
                choices = pool_choices(params, table, source, ability)
                produce = choices[-1] if choices else None
            action = activation(scenario, source.id, ability.name, produce)
            shown = [a for a in actions_for(probe, source.id, ability.name) if a.cost(PRODUCE) == produce]
            expect(
                bool(shown),
                f"a {{{ability.cost}}} ability its permanent can pay is not offered",
                expected=f"{action} offered",
                observed=", ".join(map(str, actions_for(probe, source.id, ability.name))) or "not offered",
            )
            before = probe.state()
            events = probe.require(action, f"{ability.name} of {source.id}, whose {{{ability.cost}}} it can pay")
            tapped[source.id] = ability.cost == "T"
            step(source, ability, action, before, events, probe.state())


def produced_by(params: Params, source: Source, ability: Ability, action: Action) -> set[tuple[str, ...]]:
    """What the activation must add (every order of replacement effects), before triggers."""
    produce = action.cost(PRODUCE)
    base: tuple[str, ...] = (ability.symbol,) if ability.symbol else ((produce,) if produce else ())
    return replacement_outcomes(params, source, ability, base)


TAPPED_FOR_MANA = "a mana ability with {T} counted as tapping for mana"
NOT_TAPPED_FOR_MANA = "another {T} or {Q} ability not counted as tapping for mana"


def check_tap_for_mana(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """With "whenever a permanent is tapped for mana, you gain 1 life" and "if a permanent is
    tapped for mana, it produces twice as much" around: only mana abilities with {T} count."""
    params = scenario.params
    player = scenario.params.player

    def step(
        source: Source, ability: Ability, action: Action, before: GameState, events: list[Event], after: GameState
    ) -> None:
        what = f"{ability.name} of {source.id} ({{{ability.cost}}}, {'mana' if is_mana(ability) else 'not a mana'} ability)"
        triggered = [e for e in events if e.kind is EventKind.TRIGGER]
        probe.claim(TAPPED_FOR_MANA if tapped_for_mana(ability) else NOT_TAPPED_FOR_MANA)
        wanted = fired_triggers(
            params, source, ability, tuple(next(iter(produced_by(params, source, ability, action))))
        )
        expect(
            len(triggered) == len(wanted),
            '"tapped for mana" counted an ability that is not a mana ability with {T}'
            if len(triggered) > len(wanted)
            else "a mana ability with {T} was not counted as tapping for mana",
            expected=f'{len(wanted)} "tapped for mana" triggers for {what}',
            observed="; ".join(map(str, triggered)) or "none",
        )
        if is_mana(ability):
            gained = pool_delta(before, after, player)
            options = produced_by(params, source, ability, action)
            expect(
                any(Counter(o) == gained for o in options),
                'a "tapped for mana" replacement was applied to (or withheld from) the wrong ability',
                expected=" or ".join(symbols(o) for o in options) + f" from {what}",
                observed=symbols(gained.elements()),
            )

    run_all(probe, scenario, step)


AT_ONCE = "a mana ability resolved at once"
USES_STACK = "another {T} or {Q} ability used the stack"


def check_mana_ability_no_stack(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """605.3b: a mana ability ({T} or {Q}) resolves at once: its mana is in the pool, the stack
    is as it was, and the same player still has priority."""
    player = scenario.params.player

    def step(
        source: Source, ability: Ability, action: Action, before: GameState, events: list[Event], after: GameState
    ) -> None:
        old = {item.id for item in before.stack}
        new = [item for item in after.stack if item.id not in old and item.kind == "activated"]
        probe.claim(AT_ONCE if is_mana(ability) else USES_STACK)
        if not is_mana(ability):
            expect(
                [item.source for item in new] == [source.id],
                "an activated ability that is no mana ability didn't use the stack",
                expected=f"{ability.name} of {source.id} on the stack",
                observed=", ".join(f"{i.ability} of {i.source}" for i in after.stack) or "empty stack",
            )
            resolve_stack(probe)
            return
        gained = pool_delta(before, after, player)
        expect(
            not new
            and after.priority == player
            and (bool(gained) or (action.cost(PRODUCE) is None and not ability.symbol)),
            "a mana ability used the stack (its mana was not added at once, or priority moved)",
            expected=f"{ability.name} of {source.id} resolved at once: its mana in the pool, nothing new "
            f"on the stack but triggered abilities, player {player} keeps priority",
            observed=f"mana {symbols(gained.elements())}; stack {[(i.kind, i.ability) for i in after.stack]}; "
            f"priority {after.priority}",
        )

    run_all(probe, scenario, step)


@invariant(
    applies_to=TAP_FOR_MANA,
    name="only-mana-abilities-with-tap",
    kind="trace",
    claims=[TAPPED_FOR_MANA, NOT_TAPPED_FOR_MANA],
    requires=BASE_REQUIRES | {Mechanic.UNTAP_SYMBOL, Mechanic.MANA_TRIGGERS, Mechanic.MANA_REPLACEMENT},
    scenarios=partial(
        production_scenarios,
        min_triggers=1,
        max_triggers=1,
        min_replacements=1,
        max_replacements=1,
        pools=False,
        contrast=True,
        trigger=TriggerSpec("any", "permanent", life=1),
        replacement=ReplacementSpec("any", "permanent", double=True),
    ),
    features=production_features(pools=False, non_mana=True),
)
def tap_for_mana_definition(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """Tapping a permanent for mana is activating its mana ability with {T}: "tapped for mana"
    triggers and replacement effects see exactly those (not {Q} mana abilities, not other {T}
    abilities)."""
    check_tap_for_mana(probe, scenario)


@invariant(
    applies_to=TAP_FOR_MANA,
    name="mana-abilities-skip-the-stack",
    kind="trace",
    claims=[AT_ONCE, USES_STACK],
    requires=BASE_REQUIRES | {Mechanic.UNTAP_SYMBOL},
    scenarios=partial(production_scenarios, max_triggers=0, max_replacements=0, pools=False, contrast=True),
    features=production_features(pools=False, non_mana=True),
)
def mana_abilities_skip_the_stack(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """A mana ability with {T} (or {Q}) doesn't use the stack (605.3b); other {T} abilities do."""
    check_mana_ability_no_stack(probe, scenario)


# -- "tapped for mana" triggers (106.12a) -----------------------------------------------------


TRIGGERS_COUNTED = '"tapped for mana" triggers counted for a resolved mana ability'


def check_triggers(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """After each activation: mana of triggered mana abilities is in the pool at once (605.4a);
    once the stack resolves, each "you gain N life" trigger has resolved once per time it
    triggered — for mana abilities with {T} of the named permanents that produced mana (of the
    specified type) only."""
    params = scenario.params
    player = scenario.params.player
    life_due = [0, 0]
    start = probe.state()

    def step(
        source: Source, ability: Ability, action: Action, before: GameState, events: list[Event], after: GameState
    ) -> None:
        what = f"{ability.name} of {source.id} ({{{ability.cost}}}, {'mana' if is_mana(ability) else 'not a mana'} ability)"
        if ability.life is not None:  # not a mana ability
            life_due[player] += ability.life
            return
        options = produced_by(params, source, ability, action)
        produced = next(iter(options))
        fired = fired_triggers(params, source, ability, produced)
        probe.claim(TRIGGERS_COUNTED)
        for t in fired:
            if t.life is not None:
                life_due[t.controller] += t.life
        extras = [t.extra for t in fired if t.extra is not None]
        gained = pool_delta(before, after, player)
        want = Counter(produced) + Counter(extras)
        expect(
            gained == want,
            "triggered mana abilities did not add their mana as the mana ability resolved"
            if gained != Counter(produced) or not extras
            else "wrong mana",
            expected=f"{symbols(want.elements())} from {what} (its mana {symbols(produced)}"
            f", triggered mana {symbols(extras)})",
            observed=symbols(gained.elements()),
        )
        triggered = [e for e in events if e.kind is EventKind.TRIGGER]
        expect(
            len(triggered) == len(fired),
            'a "tapped for mana" ability triggered when no such mana ability produced that mana'
            if len(triggered) > len(fired)
            else 'a "tapped for mana" ability did not trigger',
            expected=f"{len(fired)} triggers after {what} produced {symbols(produced)}",
            observed="; ".join(map(str, triggered)) or "none",
        )

    run_all(probe, scenario, step)
    resolve_stack(probe)
    end = probe.state()
    for p in (0, 1):
        gained = end.player(p).life - start.player(p).life
        expect(
            gained == life_due[p],
            '"tapped for mana" life-gain triggers resolved a wrong number of times',
            expected=f"player {p} gains {life_due[p]} life",
            observed=f"gained {gained}",
        )


@invariant(
    applies_to=MANA_TRIGGER,
    name="trigger-on-production",
    kind="outcome",
    claims=[TRIGGERS_COUNTED],
    requires=BASE_REQUIRES
    | {Mechanic.UNTAP_SYMBOL, Mechanic.MANA_TRIGGERS, Mechanic.MANA_REPLACEMENT, Mechanic.COULD_PRODUCE},
    scenarios=partial(production_scenarios, min_triggers=1, max_triggers=3, max_replacements=1),
    features=production_features(pools=True, non_mana=True),
)
def trigger_on_production(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """ "Whenever a permanent is tapped for mana (of a type)" triggers as such a mana ability
    resolves and produces that mana; triggered mana abilities add theirs at once (605.4a)."""
    check_triggers(probe, scenario)


@invariant(
    applies_to=MANA_TRIGGER,
    name="no-mana-no-trigger",
    kind="trace",
    claims=[TRIGGERS_COUNTED],
    requires=BASE_REQUIRES | {Mechanic.MANA_TRIGGERS, Mechanic.COULD_PRODUCE, Mechanic.UNTAP_SYMBOL},
    scenarios=partial(could_produce_scenarios, defined=False, watcher=True),
)
def no_mana_no_trigger(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """A land tapped for mana that produces none (mana of an undefined type) doesn't trigger
    "whenever you tap a land for mana"."""
    check_triggers(probe, Scenario(scenario.state, replace(scenario.params, sources=scenario.params.sources[:1])))


# -- "tapped for mana" replacement effects (106.12b) --------------------------------------------


REPLACED = "a mana ability's production replaced exactly as the effects say"


def check_replacements(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    params = scenario.params
    player = scenario.params.player

    def step(
        source: Source, ability: Ability, action: Action, before: GameState, events: list[Event], after: GameState
    ) -> None:
        if not is_mana(ability):
            return
        what = f"{ability.name} of {source.id} ({{{ability.cost}}})"
        options = produced_by(params, source, ability, action)
        gained = pool_delta(before, after, player)
        probe.claim(REPLACED)
        plain = produced_by(replace(params, replacements=()), source, ability, action)
        expect(
            any(Counter(o) == gained for o in options),
            'a "tapped for mana" replacement effect was not applied'
            if any(Counter(o) == gained for o in plain)
            else "the mana production was modified though no replacement effect applies to it",
            expected=" or ".join(symbols(o) for o in sorted(options)) + f" from {what}",
            observed=symbols(gained.elements()),
        )

    run_all(probe, scenario, step)


@invariant(
    applies_to=MANA_REPLACEMENT,
    name="modifies-production",
    kind="outcome",
    claims=[REPLACED],
    requires=BASE_REQUIRES | {Mechanic.UNTAP_SYMBOL, Mechanic.MANA_REPLACEMENT, Mechanic.COULD_PRODUCE},
    scenarios=partial(production_scenarios, max_triggers=0, min_replacements=1, max_replacements=2),
    features=production_features(pools=True, non_mana=True),
)
def replacement_modifies_production(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """A replacement effect for a permanent "tapped for mana" (of a type, an amount) modifies the
    mana a mana ability with {T} produces as it resolves — and nothing else."""
    check_replacements(probe, scenario)


# -- mana of an undefined type (106.5) and "could produce" (106.7) --------------------------------

NO_MANA = "no type offered and no mana produced"
COULD_PRODUCE_TYPES = "the types offered are those the lands could produce"


def check_undefined(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    player = scenario.params.player
    pool = scenario.params.sources[scenario.params.subject]
    name = pool.abilities[0].name
    shown = actions_for(probe, pool.id, name)
    probe.claim("no type offered and no mana produced")
    choices = [a.cost(PRODUCE) for a in shown]
    expect(
        choices == [None],
        "an ability that would add mana of an undefined type offers a type of mana",
        expected=f"{name} of {pool.id} offered once, with no type to choose",
        observed=", ".join(map(str, shown)) or "not offered",
    )
    for symbol in MANA_SYMBOLS:
        probe.expect_refused(
            activation(scenario, pool.id, name, symbol), f"mana of an undefined type was produced as {{{symbol}}}"
        )
    before = probe.state()
    probe.require(activation(scenario, pool.id, name), "activating a mana ability that will produce no mana")
    after = probe.state()
    gained = pool_delta(before, after, player)
    expect(
        not gained,
        "an ability that would produce mana of an undefined type produced mana",
        expected="no mana",
        observed=symbols(gained.elements()),
    )
    perm = after.permanent(pool.id)
    expect(
        perm is not None and perm.tapped, "the {T} cost was not paid", expected=f"{pool.id} tapped", observed="untapped"
    )


@invariant(
    applies_to=UNDEFINED_TYPE,
    name="produces-no-mana",
    kind="outcome",
    claims=[NO_MANA],
    requires=BASE_REQUIRES | {Mechanic.COULD_PRODUCE, Mechanic.UNTAP_SYMBOL},
    scenarios=partial(could_produce_scenarios, defined=False),
)
def undefined_type_produces_nothing(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """ "Add one mana of any type that a land you control could produce" with no such type: the
    ability can be activated, and produces no mana (no type, not colorless)."""
    check_undefined(probe, scenario)


def check_could_produce(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    params = scenario.params
    player = scenario.params.player
    pool = scenario.params.sources[scenario.params.subject]
    ability = pool.abilities[0]
    name = ability.name
    table = could_produce_table(params)
    expected = pool_choices(params, table, pool, ability)
    shown = actions_for(probe, pool.id, name)
    probe.claim("the types offered are those the lands could produce")
    offered = sorted((a.cost(PRODUCE) or "" for a in shown), key=lambda s: (MANA_SYMBOLS + ("",)).index(s))
    lands = "lands you control" if ability.pool == "you" else "lands an opponent controls"
    expect(
        offered == (expected or [""]),
        f"the types of mana offered are not what the {lands} could produce",
        expected=(", ".join(expected) if expected else "no type (nothing could be produced)")
        + f" — {'colours' if ability.any_color else 'types'} the {lands} could produce, tapped or not,"
        " with replacement effects",
        observed=", ".join(s or "no type" for s in offered) or "not offered",
    )
    for symbol in MANA_SYMBOLS:
        if symbol not in expected:
            probe.expect_refused(
                activation(scenario, pool.id, name, symbol),
                f"{{{symbol}}} was produced though no {lands.removesuffix('s')} could produce it",
            )
    if expected:
        choice = expected[-1]
        before = probe.state()
        probe.require(activation(scenario, pool.id, name, choice), f"{{{choice}}}, which a land could produce")
        gained = pool_delta(before, probe.state(), player)
        options = replacement_outcomes(params, pool, ability, (choice,))
        expect(
            any(Counter(o) == gained for o in options),
            "the ability did not add the chosen type of mana",
            expected=" or ".join(symbols(o) for o in options),
            observed=symbols(gained.elements()),
        )


@invariant(
    applies_to=COULD_PRODUCE,
    name="types-lands-could-produce",
    kind="legality",
    claims=[COULD_PRODUCE_TYPES],
    requires=BASE_REQUIRES | {Mechanic.COULD_PRODUCE, Mechanic.UNTAP_SYMBOL, Mechanic.MANA_REPLACEMENT},
    scenarios=could_produce_scenarios,
)
def could_produce_types(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """The types offered by "any type that a land you control could produce" are exactly those
    the lands' mana abilities would produce if they resolved now, with replacement effects in
    any order, whether or not their costs could be paid; none if none."""
    check_could_produce(probe, scenario)


@invariant(
    applies_to=COULD_PRODUCE,
    name="tapped-lands-count",
    kind="legality",
    claims=[COULD_PRODUCE_TYPES],
    requires=BASE_REQUIRES | {Mechanic.COULD_PRODUCE, Mechanic.UNTAP_SYMBOL, Mechanic.MANA_REPLACEMENT},
    scenarios=partial(could_produce_scenarios, defined=True),
)
def could_produce_with_a_land(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """With at least one land of the scope that defines a type (tapped or not)."""
    check_could_produce(probe, scenario)


@invariant(
    applies_to=COULD_PRODUCE,
    name="after-replacement-effects",
    kind="legality",
    claims=[COULD_PRODUCE_TYPES],
    requires=BASE_REQUIRES | {Mechanic.COULD_PRODUCE, Mechanic.UNTAP_SYMBOL, Mechanic.MANA_REPLACEMENT},
    scenarios=partial(could_produce_scenarios, defined=True, contamination=True),
)
def could_produce_after_replacements(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """With "if a land is tapped for mana, it produces {S} instead": the lands could produce {S}
    only, so that is the only type on offer."""
    check_could_produce(probe, scenario)


# -- X in enters-the-battlefield abilities (107.3m) ---------------------------------------------

SPELLS_X = "the enters abilities use the spell's X"


def check_x_etb(probe: Probe, scenario: Scenario[XParams]) -> None:
    player, card, x = scenario.params.player, scenario.params.card, scenario.params.x
    before = probe.state()
    cast = Action(ActionKind.CAST, player, source=card, costs=(("x", str(x)),))
    probe.require(cast, f"casting {card} with X={x} and the mana to pay for it")
    events = resolve_stack(probe)
    after = probe.state()
    probe.claim("the enters abilities use the spell's X")
    gained = after.player(player).life - before.player(player).life
    perm = after.permanent(card)
    counters = perm.counter("+1/+1") if perm is not None else 0
    if scenario.params.counters:
        expect(
            perm is not None and counters == x,
            '"enters with X +1/+1 counters" did not use the X of the spell',
            expected=f"{card} on the battlefield with {x} +1/+1 counters (X = {x} for the ability)",
            observed=f"{counters} counters"
            if perm is not None
            else f"{card} in {after.zone_of(card)} (a {scenario.params.toughness}/{scenario.params.toughness} with "
            f"{counters} counters)",
        )
    if scenario.params.life:
        triggered = [e for e in events_of(events, EventKind.TRIGGER, card)]
        expect(
            gained == x,
            '"when this creature enters, you gain X life" did not use the X of the spell',
            expected=f"player {player} gains {x} life (X = {x} for the ability)",
            observed=f"gained {gained}; " + ("; ".join(map(str, triggered)) or "no trigger"),
        )


@invariant(
    applies_to=X_IN_ETB,
    name="etb-abilities-use-spells-x",
    kind="outcome",
    claims=[SPELLS_X],
    requires=BASE_REQUIRES | {Mechanic.CASTING, Mechanic.X_ETB},
    scenarios=x_etb_scenarios,
    features=tuple(PAYMENT_FEATURES.values()),
    observes={"counters"},
)
def etb_abilities_use_the_spells_x(probe: Probe, scenario: Scenario[XParams]) -> None:
    """A creature spell cast with X = N: its "enters with X +1/+1 counters" replacement and its
    "when this creature enters, you gain X life" trigger use N (the permanent's own X is 0, which
    nothing here can observe)."""
    check_x_etb(probe, scenario)


@invariant(
    applies_to=MANA_REPLACEMENT,
    name="tapped-for-mana-only",
    kind="outcome",
    claims=[REPLACED],
    requires=BASE_REQUIRES | {Mechanic.UNTAP_SYMBOL, Mechanic.MANA_REPLACEMENT},
    scenarios=partial(
        production_scenarios,
        max_triggers=0,
        min_replacements=1,
        max_replacements=1,
        pools=False,
        non_mana=False,
        replacement=ReplacementSpec("any", "permanent", double=True),
    ),
    features=production_features(pools=False, non_mana=False),
)
def replacement_for_tapped_for_mana_only(probe: Probe, scenario: Scenario[ManaParams]) -> None:
    """ "If a permanent is tapped for mana, it produces twice as much" doubles the mana of mana
    abilities with {T} and leaves {Q} mana abilities alone."""
    check_replacements(probe, scenario)
