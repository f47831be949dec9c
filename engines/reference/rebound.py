"""Rebound (702.88a): the reference engine's rebound component.

A spell with rebound cast from its owner's hand is exiled as it resolves (a permanent spell
with rebound then doesn't enter: the playtest ruling of Jeskai Baller) — a ``spell.destination``
hook of the dispatch table — and a delayed trigger waits for its controller's next upkeep
(603.7, a ``spell.left_stack`` hook). It lets them cast the card from exile without paying its
mana cost, or decline (a pending :class:`~protocol.decisions.MayCast`); either way the trigger is gone. A spell
with rebound that doesn't resolve goes to the graveyard and nothing waits.
"""

from __future__ import annotations

from typing import Final

from protocol.adapter import ActionRefused
from protocol.decisions import MayCast
from protocol.keyword_registry import REBOUND as REBOUND_KEYWORD
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    DelayedTrigger,
    Event,
    StackItem,
    Step,
    Zone,
)

from . import hooks
from .game import CAST_FROM, TARGETS, WITHOUT_PAYING, Game
from .lines import Keyword
from .oracle import read_keywords
from .services import Services, Spells, Turn
from .table import Table, decision

#: Ability name of rebound's delayed trigger on the stack.
REBOUND: Final = "rebound"
#: Rebound is written alone on its line: the reader reads it for this component (702.88a).
read_keywords(REBOUND_KEYWORD)


class Rebound:
    """See the module docstring."""

    name = "rebound"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset({Mechanic.REBOUND})

    turn: Turn
    spells: Spells

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.spells = services.spells

    def register(self, table: Table) -> None:
        table.pending_choice(self.name, MayCast, self.may_cast_actions, self.act_on_may_cast)
        table.resolver(
            self.name,
            "triggered",
            lambda game, item: item.ability == REBOUND and self.has_rebound(game, item.source),
            self.resolve_rebound_trigger,
        )
        table.hook(hooks.step_begins.by(self.name, self.upkeep_triggers))
        table.hook(hooks.spell_destination.by(self.name, self.spell_destination))
        table.hook(hooks.spell_left_stack.by(self.name, self.spell_left_stack))

    # =====================================================================================
    # Decisions: rebound (702.88)
    # =====================================================================================
    @decision("rebound.has_rebound")
    def has_rebound(self, game: Game, card_id: str) -> bool:
        """702.88a: the card has the keyword rebound."""
        return Keyword(REBOUND_KEYWORD.name) in game.abilities_of(card_id).card_lines

    @decision("rebound.applies")
    def rebound_applies(self, game: Game, item: StackItem, resolving: bool) -> bool:
        """702.88a: "If you cast this spell from your hand, exile it as it resolves": only a
        spell cast from the hand, and only as it resolves. One that doesn't resolve (countered,
        608.2b) goes to the graveyard and sets up nothing."""
        return (
            resolving
            and item.kind == "spell"
            and self.has_rebound(game, item.source)
            and item.choice(CAST_FROM) == Zone.HAND
        )

    @decision("rebound.replaces_entering")
    def rebound_replaces_entering(self, game: Game, item: StackItem) -> bool:
        """702.88a (playtest ruling, Jeskai Baller): a permanent spell with rebound cast from the hand is
        exiled as it resolves; it does not enter the battlefield."""
        return True

    @decision("rebound.trigger_fires")
    def rebound_trigger_fires(self, game: Game, delayed: DelayedTrigger, step: Step) -> bool:
        """702.88a: "At the beginning of your next upkeep" (503.1a: upkeep triggers trigger as
        the upkeep step begins)."""
        return step is Step.UPKEEP and delayed.controller == game.active

    @decision("rebound.trigger_ends_when_fired")
    def rebound_trigger_ends_when_fired(self, game: Game, delayed: DelayedTrigger) -> bool:
        """603.7c: a delayed triggered ability that refers to a particular object triggers only
        once: whether the card is cast or not, there is no later chance."""
        return True

    @decision("rebound.cast_optional")
    def rebound_cast_optional(self, game: Game) -> bool:
        """702.88a: "you *may* cast this card": the player may decline."""
        return True

    # =====================================================================================
    # Procedures
    # =====================================================================================
    def spell_destination(self, game: Game, item: StackItem, resolving: bool, permanent: bool) -> Zone | None:
        """702.88a: "exile it as it resolves" (a permanent spell: instead of entering)."""
        if not self.rebound_applies(game, item, resolving):
            return None
        if permanent and not self.rebound_replaces_entering(game, item):
            return None
        return Zone.EXILE

    def spell_left_stack(self, game: Game, item: StackItem, zone: Zone) -> None:
        """A spell with rebound that went to exile as it left the stack sets up the delayed trigger."""
        if zone is Zone.EXILE and item.kind == "spell" and self.has_rebound(game, item.source):
            self.set_up_rebound(game, item)

    def upkeep_triggers(self, game: Game, step: Step, events: list[Event]) -> None:
        """503.1a: delayed "at the beginning of your upkeep" triggers trigger."""
        for delayed in list(game.delayed):
            if self.rebound_trigger_fires(game, delayed, step):
                self.turn.trigger(game, delayed.controller, delayed.card, REBOUND, events)
                if self.rebound_trigger_ends_when_fired(game, delayed):
                    game.delayed.remove(delayed)

    def set_up_rebound(self, game: Game, item: StackItem) -> None:
        """702.88a: "At the beginning of your next upkeep, you may cast this card from exile
        without paying its mana cost" — a delayed trigger of the spell's controller (603.7)."""
        game.delayed.append(DelayedTrigger(REBOUND, item.source, item.controller))

    def resolve_rebound_trigger(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """702.88a: the controller may cast the card from exile now; the game waits for the
        choice with the trigger on the stack. A card that left exile is a new object (400.7):
        nothing happens."""
        card_id = item.source
        if game.zone_of(card_id) is not Zone.EXILE or self.spells.spell_effect(game, card_id) is None:
            return False
        game.pending = MayCast(item.controller, cards=(card_id,), resolving=item.id)
        game.priority = None
        return True

    def may_cast_actions(self, game: Game) -> list[Action]:
        pending = game.pending
        assert isinstance(pending, MayCast)
        actions = []
        if self.rebound_cast_optional(game):
            actions.append(Action(ActionKind.CHOOSE_CARDS, pending.player))
        for card_id in pending.cards:
            effect = self.spells.spell_effect(game, card_id)
            if effect is None or game.zone_of(card_id) is not Zone.EXILE:
                continue
            for targets in self.spells.target_choices(game, pending.player, effect):
                actions.append(Action(ActionKind.CAST, pending.player, source=card_id, targets=targets))
        return actions

    def act_on_may_cast(self, game: Game, action: Action, events: list[Event]) -> None:
        """702.88a: cast the card now (timing is ignored while an ability resolves, 608.2g; no
        mana is paid, 118.9) or decline; then the trigger has finished resolving."""
        pending = game.pending
        assert isinstance(pending, MayCast)
        player = pending.player
        if action.kind is ActionKind.CHOOSE_CARDS and not action.cards:
            if not self.rebound_cast_optional(game):
                raise ActionRefused("the card must be cast")
            self.turn.end_paused_resolution(game, pending.resolving, events)
            return
        if action.kind is not ActionKind.CAST:
            raise ActionRefused(f"player {player} may cast {', '.join(pending.cards)} or decline (choose no card)")
        card_id = action.source or ""
        if card_id not in pending.cards or game.zone_of(card_id) is not Zone.EXILE:
            raise ActionRefused(f"{card_id or 'nothing'} is not a card player {player} may cast now")
        effect = self.spells.spell_effect(game, card_id)
        if effect is None:
            raise ActionRefused(f"the reference engine cannot cast {card_id}")
        targets = tuple(action.targets)
        if targets not in self.spells.target_choices(game, player, effect):
            raise ActionRefused(f"{', '.join(targets) or 'no target'} is not a legal target choice for {card_id}")
        choices = ((TARGETS, ",".join(targets)),) if targets else ()
        game.pending = None
        from_zone = self.spells.put_spell_on_stack(game, player, card_id, choices, events)
        self.spells.spell_became_cast(game, player, card_id, from_zone, events, ((WITHOUT_PAYING, "true"),))
        self.turn.end_paused_resolution(game, pending.resolving, events)
