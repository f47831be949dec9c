"""Mutants of Class enchantments (716): level abilities and the abilities levels grant."""

from __future__ import annotations

from harness.engines.reference.card_lines import LevelBar
from harness.engines.reference.game import Game, Perm
from harness.engines.reference.rules import ReferenceRules
from harness.protocol.model import PlayerIndex, StackItem

from . import mutant


@mutant("class-level-skips", breaks="class.level-bars",
        bug="a level ability can be activated from any lower level (level 3 straight from level 1)")
class ClassLevelSkips(ReferenceRules):
    def level_bar_usable(self, game: Game, perm: Perm, bar: LevelBar) -> bool:
        return self.class_level(game, perm) < bar.level


@mutant("class-level-instant-speed", breaks="class.level-bars",
        bug="level abilities can be activated any time their controller has priority, not only as a sorcery")
class ClassLevelInstantSpeed(ReferenceRules):
    def level_up_timing(self, game: Game, player: PlayerIndex) -> bool:
        return game.priority == player and game.pending is None


@mutant("class-level-free", breaks="class.level-bars",
        bug="a level ability costs nothing: the cost in the level bar is not paid")
class ClassLevelFree(ReferenceRules):
    def level_cost(self, game: Game, perm: Perm, bar: LevelBar) -> tuple[str, ...]:
        return ()


@mutant("class-level-again", breaks="class.no-repeat-level",
        bug="a level ability can be activated again when the Class is already at that level or higher")
class ClassLevelAgain(ReferenceRules):
    def level_bar_usable(self, game: Game, perm: Perm, bar: LevelBar) -> bool:
        return self.class_level(game, perm) >= bar.level - 1


@mutant("class-level-no-stack", breaks="class.level-up-uses-stack",
        bug="a level ability takes effect at once instead of using the stack")
class ClassLevelNoStack(ReferenceRules):
    def level_up_uses_stack(self, game: Game) -> bool:
        return False


@mutant("classes-share-level", breaks="class.levels-tracked-separately",
        bug="a player's Classes share one level: a level ability advances all of them")
class ClassesShareLevel(ReferenceRules):
    def classes_advanced_by(self, game: Game, item: StackItem) -> list[Perm]:
        return [p for p in game.battlefield if p.controller == item.controller and self.is_class(game, p.id)]


@mutant("class-enters-ungated", breaks="class.starts-at-level-1",
        bug="a Class has the abilities of every level from the start")
class ClassEntersUngated(ReferenceRules):
    def class_has_level_abilities(self, game: Game, perm: Perm, level: int) -> bool:
        return True


@mutant("class-loses-previous-levels", breaks="class.keeps-previous-levels",
        bug="gaining a level replaces the Class's abilities: it has only those of its current level")
class ClassLosesPreviousLevels(ReferenceRules):
    def class_has_level_abilities(self, game: Game, perm: Perm, level: int) -> bool:
        return level == self.class_level(game, perm)
