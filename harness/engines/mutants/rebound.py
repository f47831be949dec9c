"""Mutants of rebound (702.88), Jeskai Baller and its cast trigger: the mistakes an engine makes
with spells that leave the stack in unusual ways."""

from __future__ import annotations

from harness.engines.reference.casting import CAST_FROM
from harness.engines.reference.game import Game
from harness.protocol.model import DelayedTrigger, StackItem

from . import Mutant


def rebound_when_countered(self, game: Game, item: StackItem, resolving: bool) -> bool:
    return item.kind == "spell" and self.has_rebound(game, item.source) and item.choice(CAST_FROM) == "hand"


def rebound_recast_mandatory(self, game: Game) -> bool:
    return False


def rebound_offered_again(self, game: Game, delayed: DelayedTrigger) -> bool:
    return False


def baller_from_hand_enters(self, game: Game, item: StackItem) -> bool:
    return False


def baller_from_exile_exiled(self, game: Game, item: StackItem, resolving: bool) -> bool:
    return resolving and item.kind == "spell" and self.has_rebound(game, item.source)


def cast_trigger_needs_spell(self, game: Game, item: StackItem) -> bool:
    return False


def cast_trigger_below_spell(self, game: Game) -> bool:
    return False


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "rebound-when-countered",
        breaks=("rebound.not-resolving-goes-to-graveyard",),
        bug="rebound exiles a spell cast from the hand however it leaves the stack, even countered",
        replaces={"rebound.applies": rebound_when_countered},
    ),
    Mutant(
        "rebound-recast-mandatory",
        breaks=("rebound.recast-optional",),
        bug="the card must be cast when rebound's trigger resolves: declining is not offered nor accepted",
        replaces={"rebound.cast_optional": rebound_recast_mandatory},
    ),
    Mutant(
        "rebound-offered-again",
        breaks=("rebound.recast-optional",),
        bug="rebound's delayed trigger stays after it triggers: a declined card is offered again every upkeep",
        replaces={"rebound.trigger_ends_when_fired": rebound_offered_again},
    ),
    Mutant(
        "baller-from-hand-enters",
        breaks=("jeskai-baller.rebound-from-hand-exiled",),
        bug="a permanent spell with rebound cast from the hand enters the battlefield (rebound ignored)",
        replaces={"rebound.replaces_entering": baller_from_hand_enters},
    ),
    Mutant(
        "baller-from-exile-exiled",
        breaks=("jeskai-baller.creature-unless-from-hand",),
        bug="rebound exiles the spell wherever it was cast from, so Jeskai Baller never enters",
        replaces={"rebound.applies": baller_from_exile_exiled},
    ),
    Mutant(
        "cast-trigger-needs-spell",
        breaks=("jeskai-baller.cast-trigger-resolves-first",),
        bug="a cast trigger does nothing once its spell has left the stack (countered)",
        replaces={"casting.cast_trigger_resolves_without_spell": cast_trigger_needs_spell},
    ),
    Mutant(
        "cast-trigger-below-spell",
        breaks=("jeskai-baller.cast-trigger-resolves-first",),
        bug="a cast trigger is put on the stack beneath its spell, so the spell resolves first",
        replaces={"casting.cast_trigger_above_spell": cast_trigger_below_spell},
    ),
)
