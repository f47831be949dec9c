"""Class enchantments (716) and the abilities their levels grant (Ninja Teen): the reference
engine's Class component.

A Class enters at level 1 (716.2d, ruling) with the abilities of its top section. "[Cost]: Level N" is an
activated ability (716.2a): "[Cost]: This Class's level becomes N. Activate only if this Class
is level N-1 and only as a sorcery." It uses the stack (602.2) and is named ``"level:N"`` on the
protocol: ``Action(ACTIVATE, player, source=<Class>, ability="level:2")``. The level is
``Permanent.class_level`` (``None`` is read as 1), and each Class permanent keeps its own. A
Class has the abilities of every section up to its level (716.2d), so gaining a level never
takes one away.

The level abilities read here: "Whenever a creature you control leaves the battlefield, each
opponent loses N life." (603.10a: a leaves-the-battlefield trigger), "Creatures you control get
+N/+0 and have menace." (613.4c and 613.1f: hooks ``combat.power_bonus`` and
``combat.keyword_granted``; combat implements menace, 702.111b) and, for sneak, "Creature cards
in your graveyard have sneak {cost}." and "You may cast creature spells from your graveyard using
their sneak abilities." (see :mod:`.sneak`). Which lines a permanent has now is the
:class:`.services.CardLines` service this component gives the others.
"""

from __future__ import annotations

from protocol.adapter import ActionRefused
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    Event,
    EventKind,
    PlayerIndex,
    StackItem,
    Zone,
)

from . import hooks
from .game import Game, Perm
from .lines import CardLine, CreatureLeavesTrigger, CreaturesAnthem, LevelBar
from .services import Payment, Services, Spells, Turn
from .table import Table, decision

LEVEL_PREFIX = "level:"


class Classes:
    """See the module docstring."""

    name = "classes"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset({Mechanic.CLASS, Mechanic.LEAVES_TRIGGER})

    turn: Turn
    payment: Payment
    spells: Spells

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.payment = services.payment
        self.spells = services.spells

    def register(self, table: Table) -> None:
        table.offer("classes.levels", self.class_level_actions)
        table.action(self.name, ActionKind.ACTIVATE, self.is_class_level_action, self.activate_class_level)
        table.resolver(
            self.name,
            "activated",
            lambda game, item: item.ability.startswith(LEVEL_PREFIX) and self.is_class(game, item.source),
            self.resolve_level_up,
        )
        table.resolver(
            self.name,
            "triggered",
            lambda game, item: item.ability == CreatureLeavesTrigger.ability,
            self.resolve_leaves_trigger,
        )
        table.hook(hooks.permanent_entering.by(self.name, self.class_entering))
        table.hook(hooks.permanent_left.by(self.name, self.leaves_battlefield_triggers))
        table.hook(hooks.keyword_granted.by(self.name, self.grants_keyword))
        table.hook(hooks.power_bonus.by(self.name, self.power_bonus))

    # =====================================================================================
    # Decisions: Class levels (716)
    # =====================================================================================
    @decision("classes.is_class")
    def is_class(self, game: Game, card_id: str) -> bool:
        """716.1: a Class is an enchantment with the subtype Class."""
        data = game.data(card_id)
        return data.is_type("Enchantment") and "Class" in data.subtypes

    @decision("classes.class_level")
    def class_level(self, game: Game, perm: Perm) -> int:
        """716.2d: a Class is level 1 unless its level has been raised (``None`` reads as 1)."""
        return perm.class_level or 1

    @decision("classes.class_entry_level")
    def class_entry_level(self, game: Game, perm: Perm) -> int:
        """716.2d (ruling): each Class starts at level 1."""
        return 1

    @decision("classes.class_has_level_abilities")
    def class_has_level_abilities(self, game: Game, perm: Perm, level: int) -> bool:
        """716.2d (ruling): a Class has the abilities of its top section and of every level it has
        reached; gaining a level removes none of them."""
        return level <= self.class_level(game, perm)

    @decision("classes.level_bar_usable")
    def level_bar_usable(self, game: Game, perm: Perm, bar: LevelBar) -> bool:
        """716.2a: "Activate only if this Class is level N-1" — never at level N or higher
        (ruling), and never skipping a level."""
        return self.class_level(game, perm) == bar.level - 1

    @decision("classes.level_up_timing")
    def level_up_timing(self, game: Game, player: PlayerIndex) -> bool:
        """716.2a: "only as a sorcery" (307.1: main phase of your turn, empty stack, priority)."""
        return game.priority == player and game.pending is None and self.spells.sorcery_timing(game, player)

    @decision("classes.level_cost")
    def level_cost(self, game: Game, perm: Perm, bar: LevelBar) -> tuple[str, ...]:
        """716.2a: the cost printed in the level bar."""
        return bar.cost

    @decision("classes.level_up_uses_stack")
    def level_up_uses_stack(self, game: Game) -> bool:
        """602.2/ruling: a level ability is a normal activated ability: it uses the stack and can
        be responded to."""
        return True

    @decision("classes.advanced_by")
    def classes_advanced_by(self, game: Game, item: StackItem) -> list[Perm]:
        """716.2a/716.2b: "This Class's level becomes N": only the Class whose ability it is;
        every Class permanent tracks its own level."""
        perm = game.perm(item.source)
        return [perm] if perm is not None else []

    # =====================================================================================
    # Decisions: the abilities levels grant
    # =====================================================================================
    @decision("classes.power_bonus")
    def power_bonus(self, game: Game, perm: Perm) -> int:
        """613.4c: "Creatures you control get +N/+0" of every permanent that has it now."""
        if not game.is_type(perm.id, "Creature"):
            return 0
        return sum(line.power for line in self.anthems_for(game, perm))

    @decision("classes.leaves_trigger_fires")
    def leaves_trigger_fires(self, game: Game, source: Perm, left: Perm) -> bool:
        """603.10a/603.6c: "Whenever a creature you control leaves the battlefield" looks back: the
        permanent was a creature its controller controlled."""
        return left.controller == source.controller and game.is_type(left.id, "Creature")

    # =====================================================================================
    # Procedures: which lines a permanent has now
    # =====================================================================================
    def active_lines(self, game: Game, perm: Perm) -> list[CardLine]:
        """The card lines ``perm`` has now: a Class only those of the levels it has reached."""
        if perm.id not in game.objects:
            return []
        abilities = game.abilities_of(perm.id)
        if not self.is_class(game, perm.id):
            return list(abilities.card_lines)
        return [
            line
            for level, line in abilities.card_lines_with_levels
            if self.class_has_level_abilities(game, perm, level)
        ]

    def anthems_for(self, game: Game, perm: Perm) -> list[CreaturesAnthem]:
        """The "creatures you control" lines that apply to ``perm`` now. A source whose card has
        no such line at any level is skipped before asking which of its lines it has now (the
        answer could only leave lines out)."""
        return [
            line
            for source in game.battlefield
            if source.controller == perm.controller
            and source.id in game.objects
            and game.abilities_of(source.id).has_anthem
            for line in self.active_lines(game, source)
            if isinstance(line, CreaturesAnthem)
        ]

    def level_bars(self, game: Game, card_id: str) -> list[LevelBar]:
        if card_id not in game.objects or not self.is_class(game, card_id):
            return []
        return [line for line in game.abilities_of(card_id).card_lines if isinstance(line, LevelBar)]

    # =====================================================================================
    # Procedures: level abilities
    # =====================================================================================
    def class_level_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        if not self.level_up_timing(game, player):
            return []
        actions = []
        for perm in game.battlefield:
            if perm.controller != player:
                continue
            for bar in self.level_bars(game, perm.id):
                if not self.level_bar_usable(game, perm, bar):
                    continue
                if self.payment.plan_mana_payment(game, player, self.level_cost(game, perm, bar)) is None:
                    continue
                actions.append(Action(ActionKind.ACTIVATE, player, source=perm.id, ability=bar.ability))
        return actions

    def is_class_level_action(self, game: Game, action: Action) -> bool:
        return (
            action.kind is ActionKind.ACTIVATE
            and (action.ability or "").startswith(LEVEL_PREFIX)
            and action.source is not None
            and game.perm(action.source) is not None
            and self.is_class(game, action.source)
        )

    def activate_class_level(self, game: Game, action: Action, events: list[Event]) -> None:
        """602.2: check (716.2a), pay, and put the ability on the stack; the activating player
        receives priority (117.3c)."""
        player = action.player
        perm = game.perm(action.source or "")
        assert perm is not None
        if perm.controller != player:
            raise ActionRefused(f"player {player} does not control {perm.id}")
        bar = next((b for b in self.level_bars(game, perm.id) if b.ability == action.ability), None)
        if bar is None:
            raise ActionRefused(f"{perm.id} has no {action.ability} ability")
        if not self.level_bar_usable(game, perm, bar):
            raise ActionRefused(
                f"{perm.id} is level {self.class_level(game, perm)}: its level {bar.level} "
                f"ability needs level {bar.level - 1}"
            )
        if not self.level_up_timing(game, player):
            raise ActionRefused(
                f"a level ability is activated only as a sorcery ({game.step}, stack of {len(game.stack)})"
            )
        cost = self.level_cost(game, perm, bar)
        plan = self.payment.require_mana_plan(game, player, cost)
        events.append(Event(EventKind.ACTIVATE, card=perm.id, ability=bar.ability, player=player))
        self.payment.pay_mana(game, player, plan, events)
        item = StackItem(game.next_stack_id(), "activated", perm.id, player, bar.ability)
        if self.level_up_uses_stack(game):
            game.stack.append(item)
        else:
            self.resolve_level_up(game, item, events)
        self.turn.acted(game, player, events)

    def resolve_level_up(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """716.2a: "This Class's level becomes N"."""
        level = int(item.ability.removeprefix(LEVEL_PREFIX))
        advanced = self.classes_advanced_by(game, item)
        for perm in advanced:
            perm.class_level = level
        return bool(advanced)

    # =====================================================================================
    # Procedures: hooks of the core
    # =====================================================================================
    def class_entering(self, game: Game, item: StackItem, perm: Perm, events: list[Event]) -> None:
        """716.2d: a Class enters at its entry level."""
        if self.is_class(game, perm.id):
            perm.class_level = self.class_entry_level(game, perm)

    def leaves_battlefield_triggers(self, game: Game, perm: Perm, to_zone: Zone | None, events: list[Event]) -> None:
        """A permanent left the battlefield: "whenever a creature you control leaves the
        battlefield" abilities of the permanents still there trigger (603.6c, 603.10a)."""
        for source in game.battlefield:
            for line in self.active_lines(game, source):
                if isinstance(line, CreatureLeavesTrigger) and self.leaves_trigger_fires(game, source, perm):
                    self.turn.trigger(game, source.controller, source.id, line.ability, events)

    def grants_keyword(self, game: Game, perm: Perm, keyword: str) -> bool:
        """613.1f: "Creatures you control ... have menace" of a permanent that has it now."""
        return keyword == "menace" and any(line.menace for line in self.anthems_for(game, perm))

    def resolve_leaves_trigger(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """ "Each opponent loses N life." """
        line = next(
            (x for x in game.abilities_of(item.source).card_lines if isinstance(x, CreatureLeavesTrigger)), None
        )
        amount = line.amount if line is not None else 1
        for opponent in (p for p in (0, 1) if p != item.controller):  # "each opponent"
            game.players[opponent].life -= amount
            events.append(Event(EventKind.LIFE, player=opponent, amount=-amount))
        return True
