"""Mana and costs: the reference engine's component for mana abilities, {T}/{Q} costs and paying
mana costs (with the exact payer of :mod:`.payment`).

Covers CR 106.5 (mana of an undefined type), 106.7 ("could produce"), 106.12 ("tap for
mana"), 106.12a ("tapped for mana" triggers), 106.12b ("tapped for mana" replacement effects),
107.5/107.6 with 302.6 (the tap and untap symbols), 605 (mana abilities) and 107.3m (X in an
enters-the-battlefield ability). Like the core it has two layers: *decisions* (one rules
question each, citing the rule; what mutants override) and *procedures* that sequence them. It
gives the other components :class:`.services.Payment` (planning and paying mana costs) and
:class:`.services.ManaAbilities` (the mana abilities a searcher may activate).

Ability names on the protocol are those of :func:`.oracle.ability_names`: the mana
abilities of a permanent are "mana", "mana:1" ..., its other {T}/{Q} abilities "ability:0" ...
An ability that adds one mana of a type chosen on resolution takes the type as the cost choice
``("produce", symbol)``; when no type can be defined it takes none (and adds no mana, 106.5).
A creature, artifact or enchantment spell with {X} in its mana cost is cast with
``Action(CAST, player, source=<card>, costs=(("x", "N"),))`` (a minimal permanent-spell path
for 107.3m; other spells are :mod:`.casting`'s).

Limits: the "tapped for mana" abilities see only the mana records of :mod:`.lines` (not, say,
a mana ability with an extra cost read elsewhere); the permanent's own X (0) is not observable.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from protocol.adapter import ActionRefused
from protocol.mechanics import Mechanic
from protocol.model import (
    MANA_SYMBOLS,
    Action,
    ActionKind,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Zone,
    parse_mana_cost,
)

from . import hooks
from .game import Game, Perm
from .lines import (
    Activated,
    AddMana,
    EntersGainXLife,
    EntersWithXCounters,
    GainLife,
    TappedForManaReplacement,
    TappedForManaTrigger,
)
from .oracle import ability_names
from .payment import OptionPlan, SourceOption, id_key, plan_with_options
from .services import Services, Spells, Turn, Zones
from .table import Table, decision

#: The cost choice naming the type of mana an "any type" ability adds.
PRODUCE = "produce"
#: The stack-item choice holding the value of X (of a spell, or given to its ETB trigger).
X_CHOICE = "x"
MANA_TRIGGER = "mana-trigger:"
#: ``mana_stack_item`` of a permanent spell with {X} in its cost.
X_SPELL = "x-permanent-spell"
#: The stack-item choice naming who gets the mana of a triggered mana ability.
RECEIVER = "receiver"


@dataclass(frozen=True)
class Placed:
    """A "tapped for mana" trigger or replacement effect of a permanent on the battlefield."""

    source: str
    controller: PlayerIndex
    index: int
    line: TappedForManaTrigger | TappedForManaReplacement


class Mana:
    """Mana production and {T}/{Q} costs; paying mana costs for every other component."""

    #: The largest X offered for a permanent spell with {X} in its cost.
    max_x: int = 20

    name = "mana"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset(
        {
            Mechanic.MANA_ABILITY,
            Mechanic.TAP_ABILITY,
            Mechanic.UNTAP_SYMBOL,
            Mechanic.MANA_TRIGGERS,
            Mechanic.MANA_REPLACEMENT,
            Mechanic.COULD_PRODUCE,
            Mechanic.X_ETB,
        }
    )

    turn: Turn
    zones: Zones
    spells: Spells

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.zones = services.zones
        self.spells = services.spells

    def register(self, table: Table) -> None:
        table.offer("mana.mana_abilities", self.mana_actions)
        table.offer("mana.tap_abilities", self.tap_ability_actions)
        table.offer("mana.x_spells", self.x_permanent_spell_actions)
        table.action(self.name, ActionKind.ACTIVATE, self.is_permanent_ability, self.activate_permanent_ability)
        table.action(self.name, ActionKind.CAST, self.is_x_permanent_spell, self.cast_x_permanent_spell)
        for kind in ("activated", "triggered", "spell"):
            table.resolver(
                self.name,
                kind,
                lambda game, item: self.mana_stack_item(game, item) is not None,
                self.resolve_mana_stack_item,
            )
        table.hook(hooks.power_bonus.by(self.name, self.counter_bonus))
        table.hook(hooks.toughness_bonus.by(self.name, self.counter_bonus))
        table.hook(hooks.cast_elsewhere.by(self.name, self.is_x_permanent_card))

    # =====================================================================================
    # Decisions: the tap and untap symbols (107.5, 107.6, 302.6)
    # =====================================================================================
    @decision("mana.can_pay_tap_cost")
    def can_pay_tap_cost(self, game: Game, perm: Perm) -> bool:
        """107.5/302.6: {T} needs an untapped permanent, and a creature that isn't summoning sick."""
        return not perm.tapped and not self.turn.summoning_sickness_applies(game, perm)

    @decision("mana.can_pay_untap_cost")
    def can_pay_untap_cost(self, game: Game, perm: Perm) -> bool:
        """107.6: {Q} means "untap this permanent": a permanent that's already untapped can't be
        untapped to pay it; 302.6: nor can a creature its controller hasn't controlled
        continuously since their most recent turn began."""
        return perm.tapped and not self.turn.summoning_sickness_applies(game, perm)

    @decision("mana.ability_allowed")
    def mana_ability_allowed(self, game: Game, player: PlayerIndex) -> bool:
        """605.3a: a player may activate a mana ability whenever they have priority."""
        return game.priority == player and game.pending is None

    @decision("mana.tap_ability_allowed")
    def tap_ability_allowed(self, game: Game, player: PlayerIndex, ability: Activated) -> bool:
        """605.3a: a mana ability can be activated whenever its controller has priority; 602.2:
        any other activated ability (none of these has a timing restriction) too."""
        if ability.is_mana_ability:
            return self.mana_ability_allowed(game, player)
        return game.priority == player and game.pending is None

    # =====================================================================================
    # Decisions: producing mana (106, 605)
    # =====================================================================================
    @decision("mana.is_tapped_for_mana")
    def is_tapped_for_mana(self, game: Game, perm: Perm, ability: Activated) -> bool:
        """106.12: to "tap a permanent for mana" is to activate a mana ability of it that
        includes {T} in its activation cost (not a {Q} one, not a non-mana {T} ability)."""
        return ability.is_mana_ability and ability.cost == "T"

    @decision("mana.trigger_fires")
    def mana_trigger_fires(
        self, game: Game, trigger: Placed, perm: Perm, ability: Activated, produced: tuple[str, ...]
    ) -> bool:
        """106.12a: an ability that triggers whenever a permanent is tapped for mana (of a
        specified type) triggers when such a mana ability resolves and produces mana (of that
        type) — not on activation, and not if it produces none."""
        line = trigger.line
        assert isinstance(line, TappedForManaTrigger)
        return (
            self.is_tapped_for_mana(game, perm, ability)
            and self.names_tapped_permanent(game, trigger, perm)
            and bool(produced)
            and (line.mana is None or line.mana in produced)
        )

    @decision("mana.replacement_applies")
    def mana_replacement_applies(
        self, game: Game, effect: Placed, perm: Perm, ability: Activated, produced: tuple[str, ...]
    ) -> bool:
        """106.12b: a replacement effect that applies if a permanent is tapped for mana (of a
        specified type and/or amount) modifies the mana production event while such a mana
        ability resolves and produces that mana."""
        line = effect.line
        assert isinstance(line, TappedForManaReplacement)
        return (
            self.is_tapped_for_mana(game, perm, ability)
            and self.names_tapped_permanent(game, effect, perm)
            and len(produced) >= line.at_least
            and (line.mana is None or line.mana in produced)
        )

    @decision("mana.order_mana_replacements")
    def order_mana_replacements(self, game: Game, perm: Perm, applicable: list[Placed]) -> list[Placed]:
        """616.1: the controller of the affected object chooses which replacement applies first;
        the reference engine's fixed choice is by source id, then by line."""
        return sorted(applicable, key=lambda p: (p.source, p.index))

    @decision("mana.undefined_type_mana")
    def undefined_type_mana(self, game: Game, perm: Perm, ability: Activated) -> tuple[str, ...]:
        """106.5: an ability that would produce mana of an undefined type produces no mana."""
        return ()

    @decision("mana.could_produce_considers")
    def could_produce_considers(self, game: Game, perm: Perm, ability: Activated) -> bool:
        """106.7: what a permanent "could produce" ignores whether the costs of its mana
        abilities could be paid (a tapped land still could produce its mana)."""
        return True

    @decision("mana.could_produce_outcomes")
    def could_produce_outcomes(
        self, game: Game, perm: Perm, ability: Activated, base: tuple[str, ...]
    ) -> set[tuple[str, ...]]:
        """106.7: what the ability would produce if it resolved now, taking the applicable
        replacement effects into account in any possible order."""
        return self.replacement_outcomes(game, perm, ability, base, frozenset(), every_order=True)

    @decision("mana.resolves_immediately")
    def resolves_immediately(self, game: Game, trigger: Placed) -> bool:
        """605.1b/605.4a: a triggered ability that triggers from a mana ability and could add
        mana is a mana ability: it doesn't use the stack, it resolves right after the mana
        ability that triggered it. One that adds no mana ("you gain 1 life") uses the stack."""
        line = trigger.line
        assert isinstance(line, TappedForManaTrigger)
        return line.is_mana_ability

    @decision("mana.counter_bonus")
    def counter_bonus(self, game: Game, perm: Perm) -> int:
        """613.4c: each +1/+1 counter on a creature gives it +1/+1 (what "enters with X +1/+1
        counters" puts on it)."""
        return perm.counter("+1/+1")

    @decision("mana.x_for_etb_ability")
    def x_for_etb_ability(self, game: Game, perm: Perm, spell_x: int) -> int:
        """107.3m: an enters-the-battlefield triggered ability or replacement effect of an
        object that refers to X uses the X chosen for the spell it was (the permanent's own X
        is 0)."""
        return spell_x

    # =====================================================================================
    # Procedures: reading the abilities on the battlefield
    # =====================================================================================
    def permanent_abilities(self, game: Game, card_id: str) -> list[tuple[str, Activated]]:
        return ability_names(game.abilities_of(card_id).activated)

    def placed_lines(self, game: Game, kind: type[TappedForManaTrigger | TappedForManaReplacement]) -> Iterator[Placed]:
        """The triggers or replacement effects (``kind``) of every permanent, in battlefield order."""
        for perm in game.battlefield:
            lines = [
                line
                for line in game.abilities_of(perm.id).mana_lines
                if isinstance(line, (TappedForManaTrigger, TappedForManaReplacement)) and isinstance(line, kind)
            ]
            for i, line in enumerate(lines):
                yield Placed(perm.id, perm.controller, i, line)

    def names_tapped_permanent(self, game: Game, placed: Placed, perm: Perm) -> bool:
        """Whether "this land" / "a KIND you control" / "a KIND" of ``placed`` names ``perm``."""
        line = placed.line
        assert isinstance(line, TappedForManaTrigger | TappedForManaReplacement)
        if line.whose == "self":
            return perm.id == placed.source
        if line.whose == "you" and perm.controller != placed.controller:
            return False
        if line.kind == "permanent":
            return True
        if line.kind in ("land", "creature", "artifact"):
            return game.is_type(perm.id, line.kind.capitalize())
        return line.kind.capitalize() in game.data(perm.id).subtypes

    def can_pay_symbol(self, game: Game, perm: Perm, symbol: str) -> bool:
        if symbol == "T":
            return self.can_pay_tap_cost(game, perm)
        return self.can_pay_untap_cost(game, perm)

    # =====================================================================================
    # Procedures: what a mana ability produces
    # =====================================================================================
    def replacement_outcomes(
        self,
        game: Game,
        perm: Perm,
        ability: Activated,
        produced: tuple[str, ...],
        used: frozenset[tuple[str, int]],
        every_order: bool,
    ) -> set[tuple[str, ...]]:
        """Apply the replacement effects (616.1: one at a time, each at most once, checking
        again after each): in the engine's order, or in every order (for "could produce")."""
        applicable = [
            r
            for r in self.placed_lines(game, TappedForManaReplacement)
            if (r.source, r.index) not in used and self.mana_replacement_applies(game, r, perm, ability, produced)
        ]
        if not applicable:
            return {produced}
        choices = applicable if every_order else self.order_mana_replacements(game, perm, applicable)[:1]
        out: set[tuple[str, ...]] = set()
        for r in choices:
            line = r.line
            assert isinstance(line, TappedForManaReplacement)
            replaced = tuple(s for s in produced for _ in range(2)) if line.double else line.produces
            out |= self.replacement_outcomes(game, perm, ability, replaced, used | {(r.source, r.index)}, every_order)
        return out

    def could_produce_table(self, game: Game) -> dict[str, frozenset[str]]:
        """106.7 for every permanent at once: the least fixed point, since an ability such as
        "any type that a land you control could produce" depends on what the lands (itself
        included) could produce; one that depends only on itself could produce nothing."""
        table: dict[str, frozenset[str]] = {p.id: frozenset() for p in game.battlefield}
        changed = True
        while changed:
            changed = False
            for perm in game.battlefield:
                types = set(table[perm.id])
                for _, ability in self.permanent_abilities(game, perm.id):
                    if not ability.is_mana_ability or not self.could_produce_considers(game, perm, ability):
                        continue
                    for base in self.base_productions(game, perm, ability, table):
                        for produced in self.could_produce_outcomes(game, perm, ability, base):
                            types |= set(produced)
                if types != table[perm.id]:
                    table[perm.id] = frozenset(types)
                    changed = True
        return table

    def could_produce(self, game: Game, perm: Perm) -> frozenset[str]:
        return self.could_produce_table(game)[perm.id]

    def mana_options(
        self, game: Game, perm: Perm, effect: AddMana, table: dict[str, frozenset[str]] | None = None
    ) -> list[str]:
        """The types an "any type that a land you control / an opponent controls could produce"
        ability can add (106.7), colours only for "any color"; empty: undefined (106.5)."""
        if effect.symbol is not None:
            return [effect.symbol]
        table = table if table is not None else self.could_produce_table(game)
        types: set[str] = set()
        for land in game.battlefield:
            if not game.is_type(land.id, "Land"):
                continue
            if (land.controller == perm.controller) != (effect.could_produce == "you"):
                continue
            types |= table.get(land.id, frozenset())
        if effect.any_color:
            types.discard("C")
        return [s for s in MANA_SYMBOLS if s in types]

    def base_productions(
        self, game: Game, perm: Perm, ability: Activated, table: dict[str, frozenset[str]]
    ) -> list[tuple[str, ...]]:
        """What the ability adds before replacement effects, for each choice it offers."""
        effect = ability.effect
        assert isinstance(effect, AddMana)
        if effect.symbol is not None:
            return [(effect.symbol,)]
        options = self.mana_options(game, perm, effect, table)
        if not options:
            return [self.undefined_type_mana(game, perm, ability)]
        return [(s,) for s in options]

    def base_mana(self, game: Game, perm: Perm, ability: Activated, produce: str | None) -> tuple[str, ...]:
        effect = ability.effect
        assert isinstance(effect, AddMana)
        if effect.symbol is not None:
            return (effect.symbol,)
        if produce is None:
            return self.undefined_type_mana(game, perm, ability)
        return (produce,)

    def production(self, game: Game, perm: Perm, ability: Activated, produce: str | None) -> tuple[str, ...]:
        """The mana the ability adds as it resolves, after replacement effects (106.12b)."""
        base = self.base_mana(game, perm, ability, produce)
        (produced,) = self.replacement_outcomes(game, perm, ability, base, frozenset(), every_order=False)
        return produced

    def choices_of(self, game: Game, perm: Perm, ability: Activated) -> list[str | None]:
        """The ``produce`` choices an activation takes: ``[None]`` for a fixed type or when no
        type can be defined, else one per type."""
        effect = ability.effect
        if not isinstance(effect, AddMana) or effect.symbol is not None:
            return [None]
        return list(self.mana_options(game, perm, effect)) or [None]

    # =====================================================================================
    # Procedures: the actor's {T}/{Q} and mana activations
    # =====================================================================================
    def usable_abilities(self, game: Game, player: PlayerIndex, mana: bool) -> Iterator[tuple[Perm, str, Activated]]:
        for perm in game.battlefield:
            if perm.controller != player:
                continue
            for name, ability in self.permanent_abilities(game, perm.id):
                if ability.is_mana_ability != mana:
                    continue
                if self.tap_ability_allowed(game, player, ability) and self.can_pay_symbol(game, perm, ability.cost):
                    yield perm, name, ability

    def mana_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        """Every mana ability ``player`` can activate now, one action per choice of type."""
        actions = []
        for perm, name, ability in self.usable_abilities(game, player, mana=True):
            for produce in self.choices_of(game, perm, ability):
                costs = () if produce is None else ((PRODUCE, produce),)
                actions.append(Action(ActionKind.ACTIVATE, player, source=perm.id, ability=name, costs=costs))
        return actions

    def tap_ability_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        """Every other {T}/{Q} ability ``player`` can activate now."""
        return [
            Action(ActionKind.ACTIVATE, player, source=perm.id, ability=name)
            for perm, name, _ in self.usable_abilities(game, player, mana=False)
        ]

    def is_permanent_ability(self, game: Game, action: Action) -> bool:
        """Whether ``action`` activates one of these {T}/{Q} or mana abilities: its source is on
        the battlefield and has an ability of that protocol name (anything else is left to the
        other activations, which refuse what nobody knows)."""
        if action.kind is not ActionKind.ACTIVATE or action.source is None or game.perm(action.source) is None:
            return False
        return any(name == action.ability for name, _ in self.permanent_abilities(game, action.source))

    def find_ability(self, game: Game, perm: Perm, action: Action) -> Activated:
        named = dict(self.permanent_abilities(game, perm.id))
        ability = named.get(action.ability or "")
        wanted = action.cost(PRODUCE)
        if (
            ability is not None
            and action.ability == "mana"
            and wanted is not None
            and isinstance(ability.effect, AddMana)
            and ability.effect.symbol not in (None, wanted)
        ):
            # The older protocol named every mana ability "mana" and picked one by its type.
            ability = next(
                (
                    a
                    for n, a in named.items()
                    if n.startswith("mana") and isinstance(a.effect, AddMana) and a.effect.symbol == wanted
                ),
                ability,
            )
        if ability is None:
            raise ActionRefused(f"{perm.id} has no ability {action.ability!r}")
        return ability

    @decision("mana.activate_permanent_ability")
    def activate_permanent_ability(self, game: Game, action: Action, events: list[Event]) -> None:
        """602.2 (and 605.3 for a mana ability): check, pay {T} (tap, 107.5) or {Q} (untap,
        107.6), then a mana ability resolves at once (605.3b) and any other ability goes on the
        stack."""
        player = action.player
        perm = self.controlled_source(game, action)
        ability = self.find_ability(game, perm, action)
        if not self.tap_ability_allowed(game, player, ability):
            raise ActionRefused(f"player {player} cannot activate {action.ability} of {perm.id} now")
        if not self.can_pay_symbol(game, perm, ability.cost):
            raise ActionRefused(f"{perm.id} cannot pay {{{ability.cost}}}")
        produce = action.cost(PRODUCE)
        if ability.is_mana_ability:
            choices = self.choices_of(game, perm, ability)
            effect = ability.effect
            assert isinstance(effect, AddMana)
            if effect.symbol is not None and produce == effect.symbol:
                produce = None
            if produce not in choices:
                raise ActionRefused(
                    f"{perm.id} cannot add {{{produce}}}"
                    if produce is not None
                    else f"{perm.id}: choose the type of mana to add (costs produce=X)"
                )
            self.activate_mana(game, perm, ability, produce, events)
        else:
            if produce is not None:
                raise ActionRefused(f"{action.ability} of {perm.id} adds no mana")
            name = action.ability or ""
            events.append(Event(EventKind.ACTIVATE, card=perm.id, ability=name, player=player))
            self.pay_symbol(game, perm, ability.cost, events)
            game.stack.append(StackItem(game.next_stack_id(), "activated", perm.id, player, name))
        self.turn.acted(game, player, events)

    def controlled_source(self, game: Game, action: Action) -> Perm:
        """The permanent whose ability ``action`` activates; refused unless its player controls it."""
        perm = game.perm(action.source or "")
        if perm is None or perm.controller != action.player:
            raise ActionRefused(f"player {action.player} controls no permanent {action.source}")
        return perm

    @decision("mana.pay_symbol")
    def pay_symbol(self, game: Game, perm: Perm, symbol: str, events: list[Event]) -> None:
        """107.5: paying {T} taps the permanent; 107.6: paying {Q} untaps it."""
        if symbol == "T":
            game.tap(perm, events)
        else:
            perm.tapped = False
            events.append(Event(EventKind.UNTAP, card=perm.id))

    def activate_mana(
        self, game: Game, perm: Perm, ability: Activated, produce: str | None, events: list[Event]
    ) -> None:
        """605.3b: pay the cost; the mana ability resolves immediately: it adds its mana (after
        replacement effects, 106.12b), then "tapped for mana" triggers trigger (106.12a);
        triggered mana abilities among them resolve at once too (605.4a)."""
        self.pay_symbol(game, perm, ability.cost, events)
        produced = self.production(game, perm, ability, produce)
        activator = perm.controller
        game.players[activator].mana_pool.extend(produced)
        if produced:
            events.append(Event(EventKind.MANA, card=perm.id, detail="".join(produced)))
        for trigger in list(self.placed_lines(game, TappedForManaTrigger)):
            if not self.mana_trigger_fires(game, trigger, perm, ability, produced):
                continue
            self.tapped_for_mana_trigger(game, trigger, activator, events)

    def tapped_for_mana_trigger(self, game: Game, trigger: Placed, activator: PlayerIndex, events: list[Event]) -> None:
        line = trigger.line
        assert isinstance(line, TappedForManaTrigger)
        name = f"{MANA_TRIGGER}{trigger.index}"
        receiver = activator if line.to == "tapper" else trigger.controller
        if self.resolves_immediately(game, trigger):
            events.append(Event(EventKind.TRIGGER, card=trigger.source, ability=name, player=trigger.controller))
            self.add_extra_mana(game, trigger.source, receiver, line, events)
        else:
            self.turn.trigger(
                game,
                trigger.controller,
                trigger.source,
                name,
                events,
                ((RECEIVER, str(receiver)),) if line.extra else (),
            )

    def add_extra_mana(
        self, game: Game, source: str, receiver: PlayerIndex, line: TappedForManaTrigger, events: list[Event]
    ) -> None:
        assert line.extra is not None
        game.players[receiver].mana_pool.append(line.extra)
        events.append(Event(EventKind.MANA, card=source, player=receiver, detail=line.extra))

    # =====================================================================================
    # Procedures: paying mana costs (601.2g-h, 602.2b)
    # =====================================================================================
    def mana_sources(self, game: Game, player: PlayerIndex) -> list[tuple[str, tuple[SourceOption, ...]]]:
        """The mana abilities ``player`` can activate now to pay a cost, per permanent (sorted
        by id number), each way with every symbol it would leave in their pool."""
        out = []
        for perm in sorted(game.battlefield, key=lambda p: id_key(p.id)):
            if perm.controller != player:
                continue
            options = []
            for name, ability in self.permanent_abilities(game, perm.id):
                if not ability.is_mana_ability or not self.can_pay_symbol(game, perm, ability.cost):
                    continue
                for produce in self.choices_of(game, perm, ability):
                    symbols = self.production(game, perm, ability, produce)
                    symbols += self.triggered_mana_for(game, perm, ability, symbols, player)
                    if symbols:
                        options.append(SourceOption(name, produce, symbols))
            if options:
                out.append((perm.id, tuple(options)))
        return out

    def triggered_mana_for(
        self, game: Game, perm: Perm, ability: Activated, produced: tuple[str, ...], player: PlayerIndex
    ) -> tuple[str, ...]:
        """The mana triggered mana abilities would add to ``player``'s pool after this one."""
        extra: list[str] = []
        for trigger in self.placed_lines(game, TappedForManaTrigger):
            line = trigger.line
            assert isinstance(line, TappedForManaTrigger)
            if not self.mana_trigger_fires(game, trigger, perm, ability, produced):
                continue
            if self.resolves_immediately(game, trigger) and line.extra:
                receiver = perm.controller if line.to == "tapper" else trigger.controller
                if receiver == player:
                    extra.append(line.extra)
        return tuple(extra)

    @decision("mana.plan_mana_payment")
    def plan_mana_payment(self, game: Game, player: PlayerIndex, cost: tuple[str, ...]) -> OptionPlan | None:
        """601.2g-h/602.2b: pay from the pool, then activate mana abilities; ``None`` if unpayable."""
        return plan_with_options(cost, game.players[player].mana_pool, self.mana_sources(game, player))

    def require_mana_plan(self, game: Game, player: PlayerIndex, cost: tuple[str, ...]) -> OptionPlan:
        """The plan that pays ``cost`` (``plan_mana_payment``); the action is refused without one."""
        plan = self.plan_mana_payment(game, player, cost)
        if plan is None:
            raise ActionRefused(f"player {player} cannot pay {''.join('{' + s + '}' for s in cost)}")
        return plan

    def pay_mana(self, game: Game, player: PlayerIndex, plan: OptionPlan, events: list[Event]) -> None:
        """602.2b/601.2g-h: activate the planned mana abilities, then pay the cost from the pool."""
        for source, option in plan.activations:
            perm = game.perm(source)
            assert perm is not None
            ability = dict(self.permanent_abilities(game, source))[option.ability]
            self.activate_mana(game, perm, ability, option.produce, events)
        pool = game.players[player].mana_pool
        for symbol in plan.spend:
            pool.remove(symbol)

    # =====================================================================================
    # Procedures: resolving what these abilities put on the stack
    # =====================================================================================
    def mana_stack_item(
        self, game: Game, item: StackItem
    ) -> GainLife | EntersGainXLife | TappedForManaTrigger | str | None:
        """The effect of a stack item these rules put there, or ``None``."""
        if item.source not in game.objects:
            return None
        if item.kind == "activated" and (item.ability or "").startswith("ability:"):
            ability = dict(self.permanent_abilities(game, item.source)).get(item.ability)
            return ability.effect if ability is not None and isinstance(ability.effect, GainLife) else None
        if item.kind == "triggered" and item.ability.startswith(MANA_TRIGGER):
            lines = [
                line for line in game.abilities_of(item.source).mana_lines if isinstance(line, TappedForManaTrigger)
            ]
            index = item.ability.removeprefix(MANA_TRIGGER)
            if not index.isdigit() or int(index) >= len(lines):
                return None
            line = lines[int(index)]
            if line.life is not None:
                return GainLife(line.life)
            return line if item.choice(RECEIVER) in ("0", "1") else None
        if item.kind == "spell" and self.is_x_permanent_card(game, item.source):
            return X_SPELL
        if item.kind == "triggered" and item.ability == EntersGainXLife().ability:
            return next(
                (line for line in game.abilities_of(item.source).mana_lines if isinstance(line, EntersGainXLife)), None
            )
        return None

    def resolve_mana_stack_item(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """608.2: "you gain N life" (N = X for an ETB trigger: the value it was given)."""
        effect = self.mana_stack_item(game, item)
        assert effect is not None
        if effect is X_SPELL:
            return self.resolve_x_permanent_spell(game, item, events)
        if isinstance(effect, TappedForManaTrigger):  # a triggered mana ability that was put on the stack
            self.add_extra_mana(game, item.source, int(item.choice(RECEIVER) or 0), effect, events)
            return True
        if isinstance(effect, GainLife):
            amount = effect.amount
        else:
            amount = int(item.choice(X_CHOICE) or 0)
        if amount <= 0:
            return False
        game.players[item.controller].life += amount
        events.append(Event(EventKind.LIFE, player=item.controller, amount=amount))
        return True

    # =====================================================================================
    # Procedures: permanent spells with {X} in their mana cost (a minimal path for 107.3m)
    # =====================================================================================
    def is_x_permanent_card(self, game: Game, card_id: str) -> bool:
        if card_id not in game.objects:
            return False
        data = game.data(card_id)
        permanent = any(data.is_type(t) for t in ("Creature", "Artifact", "Enchantment")) and not data.is_type("Land")
        return permanent and "X" in parse_mana_cost(data.mana_cost)

    def x_spell_cost(self, game: Game, card_id: str, x: int) -> tuple[str, ...]:
        """107.3a/601.2f: X in a mana cost is the value chosen for it, paid as generic mana."""
        return tuple(str(x) if s == "X" else s for s in parse_mana_cost(game.data(card_id).mana_cost))

    def x_permanent_spell_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        """Every X permanent spell ``player`` can cast now, one action per affordable X."""
        actions = []
        for card_id in self.spells.castable_cards(game, player):
            if not self.is_x_permanent_card(game, card_id) or not self.spells.may_cast_now(game, player, card_id):
                continue
            for x in range(self.max_x + 1):
                if self.plan_mana_payment(game, player, self.x_spell_cost(game, card_id, x)) is None:
                    break
                actions.append(Action(ActionKind.CAST, player, source=card_id, costs=((X_CHOICE, str(x)),)))
        return actions

    def is_x_permanent_spell(self, game: Game, action: Action) -> bool:
        return action.kind is ActionKind.CAST and self.is_x_permanent_card(game, action.source or "")

    def cast_x_permanent_spell(self, game: Game, action: Action, events: list[Event]) -> None:
        """601.2: check, move the card to the stack with its X (601.2a-b), pay (601.2g-h), and its
        caster receives priority (117.3c)."""
        player = action.player
        card_id = action.source or ""
        value = action.cost(X_CHOICE)
        if value is None or not value.isdigit() or int(value) > self.max_x:
            raise ActionRefused(f"casting {card_id} needs a value for X (costs x=N, at most {self.max_x})")
        if not self.spells.can_cast_from(game, player, card_id):
            raise ActionRefused(f"player {player} cannot cast {card_id} from where it is")
        if not self.spells.may_cast_now(game, player, card_id):
            raise ActionRefused(f"player {player} cannot cast {card_id} now ({game.step}, stack of {len(game.stack)})")
        cost = self.x_spell_cost(game, card_id, int(value))
        plan = self.require_mana_plan(game, player, cost)
        from_zone, _ = game.remove_from_zone(card_id)
        if from_zone is Zone.HAND:
            self.zones.left_hand(game, card_id)
        events.append(Event(EventKind.CAST, card=card_id, ability="spell", player=player))
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=from_zone, to_zone=Zone.STACK))
        game.stack.append(StackItem(game.next_stack_id(), "spell", card_id, player, "spell", ((X_CHOICE, value),)))
        self.pay_mana(game, player, plan, events)
        self.turn.acted(game, player, events)

    def resolve_x_permanent_spell(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """608.3: a permanent spell becomes a permanent on the battlefield under its controller's
        control (summoning sick, 302.6); its ETB abilities referring to X use the spell's X."""
        perm = Perm(item.source, controller=item.controller, summoning_sick=True)
        x = int(item.choice(X_CHOICE) or 0)
        self.enters_with_x(game, perm, x, events)  # the replacement applies as it enters (614.1c)
        game.enter(perm)
        events.append(Event(EventKind.ZONE_CHANGE, card=item.source, from_zone=Zone.STACK, to_zone=Zone.BATTLEFIELD))
        self.etb_triggers(game, perm, x, events)
        return True

    # =====================================================================================
    # Procedures: X in enters-the-battlefield abilities (107.3m)
    # =====================================================================================
    def enters_with_x(self, game: Game, perm: Perm, spell_x: int, events: list[Event]) -> None:
        """As a permanent spell resolves into ``perm``: its "enters with X counters"
        replacement effect (614.1c) gets X per 107.3m."""
        x = self.x_for_etb_ability(game, perm, spell_x)
        for line in game.abilities_of(perm.id).mana_lines:
            if isinstance(line, EntersWithXCounters) and x > 0:
                perm.set_counter(line.counter, perm.counter(line.counter) + x)

    def etb_triggers(self, game: Game, perm: Perm, spell_x: int, events: list[Event]) -> None:
        """Once ``perm`` has entered: its "when this creature enters" triggered abilities
        trigger (603.6a), with X per 107.3m."""
        x = self.x_for_etb_ability(game, perm, spell_x)
        for line in game.abilities_of(perm.id).mana_lines:
            if isinstance(line, EntersGainXLife):
                self.turn.trigger(game, perm.controller, perm.id, line.ability, events, ((X_CHOICE, str(x)),))
