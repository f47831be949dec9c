"""Mutants of rebound (702.88), Jeskai Baller and its cast trigger: the mistakes an engine makes
with spells that leave the stack in unusual ways."""

from __future__ import annotations

from engines.reference.casting import CAST_FROM, Casting
from engines.reference.game import Game
from engines.reference.lines import CounterTargetSpell
from engines.reference.services import SpellCardEffect
from protocol.model import PlayerIndex, StackItem, Zone

from . import Mutant, answers, table


def rebound_when_countered(self, game: Game, item: StackItem, resolving: bool) -> bool:
    return item.kind == "spell" and self.has_rebound(game, item.source) and item.choice(CAST_FROM) == "hand"


def baller_from_exile_exiled(self, game: Game, item: StackItem, resolving: bool) -> bool:
    return resolving and item.kind == "spell" and self.has_rebound(game, item.source)


def cast_from_exile_back_to_exile(self, game: Game, item: StackItem) -> Zone:
    """An instant or sorcery cast from exile returns to exile as it resolves (the zone it was
    cast from) instead of its owner's graveyard (608.2n)."""
    return Zone.EXILE if item.choice(CAST_FROM) == "exile" else Zone.GRAVEYARD


def cast_without_legal_target(
    self: Casting, game: Game, player: PlayerIndex, effect: SpellCardEffect
) -> list[tuple[str, ...]]:
    """A spell that requires a target is offered and cast with none when no target is legal
    (601.2c ignored): the engine only lists the legal targets when there are some."""
    return Casting.target_choices(self, game, player, effect) or [()]


def counter_targets_any_stack_object(
    self: Casting, game: Game, player: PlayerIndex, effect: SpellCardEffect
) -> list[tuple[str, ...]]:
    """ "Counter target spell." may target any object on the stack, abilities too (115.1
    ignored: "target spell" names a spell), by the id of its source."""
    if isinstance(effect, CounterTargetSpell):
        return [(item.source,) for item in game.stack]
    return Casting.target_choices(self, game, player, effect)


def life_to_caster(self: Casting, game: Game, item: StackItem, effect: object) -> PlayerIndex | None:
    """ "Target player gains N life." gains its controller the life, whoever its target is."""
    return item.controller


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "cast-from-exile-back-to-exile",
        ("rebound.recast-optional",),
        "an instant or sorcery cast from exile (by rebound) goes back to exile as it resolves, not to the graveyard",
        {"casting.spell_goes_to": cast_from_exile_back_to_exile},
    ),
    (
        "rebound-cast-without-legal-target",
        ("rebound.recast-optional",),
        "a spell that requires a target can be cast without one when none is legal (601.2c): rebound's trigger "
        "offers to cast 'Counter target spell.' at an upkeep with no spell on the stack",
        {"casting.target_choices": cast_without_legal_target},
    ),
    (
        "rebound-targets-its-trigger",
        ("rebound.recast-optional",),
        "'Counter target spell.' may target an ability on the stack (115.1): rebound's trigger offers to cast it at "
        "the upkeep targeting the trigger itself, an ability",
        {"casting.target_choices": counter_targets_any_stack_object},
    ),
    (
        "rebound-target-player-ignored",
        ("rebound.recast-optional",),
        "'Target player gains N life.' gains its caster the life whatever player it targets: a targeted rebound "
        "card cast from exile at the upkeep ignores the target chosen for it (601.2c, 608.2c)",
        {"casting.life_gainer": life_to_caster},
    ),
    (
        "rebound-when-countered",
        ("rebound.not-resolving-goes-to-graveyard",),
        "rebound exiles a spell cast from the hand however it leaves the stack, even countered",
        {"rebound.applies": rebound_when_countered},
    ),
    (
        "spell-without-target-resolves",
        ("rebound.not-resolving-goes-to-graveyard",),
        "a spell whose only target left the stack resolves doing nothing (608.2b ignored): a targeted rebound "
        "spell is then exiled with rebound",
        {"casting.illegal_targets_stop_resolution": answers(False)},
    ),
    (
        "rebound-recast-mandatory",
        ("rebound.recast-optional",),
        "the card must be cast when rebound's trigger resolves: declining is not offered nor accepted",
        {"rebound.cast_optional": answers(False)},
    ),
    (
        "rebound-offered-again",
        ("rebound.recast-optional",),
        "rebound's delayed trigger stays after it triggers: a declined card is offered again every upkeep",
        {"rebound.trigger_ends_when_fired": answers(False)},
    ),
    (
        "baller-from-hand-enters",
        ("jeskai-baller.rebound-from-hand-exiled",),
        "a permanent spell with rebound cast from the hand enters the battlefield (rebound ignored)",
        {"rebound.replaces_entering": answers(False)},
    ),
    (
        "baller-from-exile-exiled",
        ("jeskai-baller.creature-unless-from-hand",),
        "rebound exiles the spell wherever it was cast from, so Jeskai Baller never enters",
        {"rebound.applies": baller_from_exile_exiled},
    ),
    (
        "cast-trigger-needs-spell",
        ("jeskai-baller.cast-trigger-resolves-first",),
        "a cast trigger does nothing once its spell has left the stack (countered)",
        {"casting.cast_trigger_resolves_without_spell": answers(False)},
    ),
    (
        "cast-trigger-below-spell",
        ("jeskai-baller.cast-trigger-resolves-first",),
        "a cast trigger is put on the stack beneath its spell, so the spell resolves first",
        {"casting.cast_trigger_above_spell": answers(False)},
    ),
)
