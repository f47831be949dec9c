"""Mutants of rebound (702.88), Jeskai Baller and its cast trigger: the mistakes an engine makes
with spells that leave the stack in unusual ways."""

from __future__ import annotations

from harness.engines.reference.game import Game
from harness.engines.reference.rules import ReferenceRules
from harness.engines.reference.spells import CAST_FROM
from harness.protocol.model import DelayedTrigger, StackItem

from . import mutant


@mutant("rebound-when-countered", breaks="rebound.not-resolving-goes-to-graveyard",
        bug="rebound exiles a spell cast from the hand however it leaves the stack, even countered")
class ReboundWhenCountered(ReferenceRules):
    def rebound_applies(self, game: Game, item: StackItem, resolving: bool) -> bool:
        return item.kind == "spell" and self.has_rebound(game, item.source) and item.choice(CAST_FROM) == "hand"


@mutant("rebound-recast-mandatory", breaks="rebound.recast-optional",
        bug="the card must be cast when rebound's trigger resolves: declining is not offered nor accepted")
class ReboundRecastMandatory(ReferenceRules):
    def rebound_cast_optional(self, game: Game) -> bool:
        return False


@mutant("rebound-offered-again", breaks="rebound.recast-optional",
        bug="rebound's delayed trigger stays after it triggers: a declined card is offered again every upkeep")
class ReboundOfferedAgain(ReferenceRules):
    def rebound_trigger_ends_when_fired(self, game: Game, delayed: DelayedTrigger) -> bool:
        return False


@mutant("baller-from-hand-enters", breaks="jeskai-baller.rebound-from-hand-exiled",
        bug="a permanent spell with rebound cast from the hand enters the battlefield (rebound ignored)")
class BallerFromHandEnters(ReferenceRules):
    def rebound_replaces_entering(self, game: Game, item: StackItem) -> bool:
        return False


@mutant("baller-from-exile-exiled", breaks="jeskai-baller.creature-unless-from-hand",
        bug="rebound exiles the spell wherever it was cast from, so Jeskai Baller never enters")
class BallerFromExileExiled(ReferenceRules):
    def rebound_applies(self, game: Game, item: StackItem, resolving: bool) -> bool:
        return resolving and item.kind == "spell" and self.has_rebound(game, item.source)


@mutant("cast-trigger-needs-spell", breaks="jeskai-baller.cast-trigger-resolves-first",
        bug="a cast trigger does nothing once its spell has left the stack (countered)")
class CastTriggerNeedsSpell(ReferenceRules):
    def cast_trigger_resolves_without_spell(self, game: Game, item: StackItem) -> bool:
        return False


@mutant("cast-trigger-below-spell", breaks="jeskai-baller.cast-trigger-resolves-first",
        bug="a cast trigger is put on the stack beneath its spell, so the spell resolves first")
class CastTriggerBelowSpell(ReferenceRules):
    def cast_trigger_above_spell(self, game: Game) -> bool:
        return False
