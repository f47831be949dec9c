"""Mutants of Class enchantments (716): level abilities and the abilities levels grant."""

from __future__ import annotations

from harness.engines.reference.game import Game, Perm
from harness.engines.reference.lines import LevelBar
from harness.protocol.model import PlayerIndex, StackItem

from . import Mutant


def class_level_skips(self, game: Game, perm: Perm, bar: LevelBar) -> bool:
    return self.class_level(game, perm) < bar.level


def class_level_instant_speed(self, game: Game, player: PlayerIndex) -> bool:
    return game.priority == player and game.pending is None


def class_level_free(self, game: Game, perm: Perm, bar: LevelBar) -> tuple[str, ...]:
    return ()


def class_level_again(self, game: Game, perm: Perm, bar: LevelBar) -> bool:
    return self.class_level(game, perm) >= bar.level - 1


def class_level_no_stack(self, game: Game) -> bool:
    return False


def classes_share_level(self, game: Game, item: StackItem) -> list[Perm]:
    return [p for p in game.battlefield if p.controller == item.controller and self.is_class(game, p.id)]


def class_enters_ungated(self, game: Game, perm: Perm, level: int) -> bool:
    return True


def class_loses_previous_levels(self, game: Game, perm: Perm, level: int) -> bool:
    return level == self.class_level(game, perm)


def class_level_cost_any_colour(self, game: Game, perm: Perm, bar: LevelBar) -> tuple[str, ...]:
    generic = sum(int(s) if s.isdigit() else 1 for s in bar.cost)
    return (str(generic),) if generic else ()


def class_level_over_targeted_spell(self, game: Game, player: PlayerIndex) -> bool:
    top = game.stack[-1] if game.stack else None
    if top is not None and top.kind == "spell" and top.choice("targets"):
        return game.priority == player and game.pending is None and game.active == player and game.step.is_main
    return game.priority == player and game.pending is None and self.e.casting.sorcery_timing(game, player)


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "class-level-skips",
        breaks=("class.level-bars",),
        bug="a level ability can be activated from any lower level (level 3 straight from level 1)",
        replaces={"classes.level_bar_usable": class_level_skips},
    ),
    Mutant(
        "class-level-instant-speed",
        breaks=("class.level-bars",),
        bug="level abilities can be activated any time their controller has priority, not only as a sorcery",
        replaces={"classes.level_up_timing": class_level_instant_speed},
    ),
    Mutant(
        "class-level-free",
        breaks=("class.level-bars",),
        bug="a level ability costs nothing: the cost in the level bar is not paid",
        replaces={"classes.level_cost": class_level_free},
    ),
    Mutant(
        "class-level-again",
        breaks=("class.no-repeat-level",),
        bug="a level ability can be activated again when the Class is already at that level or higher",
        replaces={"classes.level_bar_usable": class_level_again},
    ),
    Mutant(
        "class-level-no-stack",
        breaks=("class.level-up-uses-stack",),
        bug="a level ability takes effect at once instead of using the stack",
        replaces={"classes.level_up_uses_stack": class_level_no_stack},
    ),
    Mutant(
        "classes-share-level",
        breaks=("class.levels-tracked-separately",),
        bug="a player's Classes share one level: a level ability advances all of them",
        replaces={"classes.advanced_by": classes_share_level},
    ),
    Mutant(
        "class-enters-ungated",
        breaks=("class.starts-at-level-1",),
        bug="a Class has the abilities of every level from the start",
        replaces={"classes.class_has_level_abilities": class_enters_ungated},
    ),
    Mutant(
        "class-loses-previous-levels",
        breaks=("class.keeps-previous-levels",),
        bug="gaining a level replaces the Class's abilities: it has only those of its current level",
        replaces={"classes.class_has_level_abilities": class_loses_previous_levels},
    ),
    Mutant(
        "class-level-cost-any-colour",
        breaks=("class.level-bars",),
        bug="a level bar's {B} is paid with mana of any colour (an Island pays it)",
        replaces={"classes.level_cost": class_level_cost_any_colour},
    ),
    Mutant(
        "class-level-over-targeted-spell",
        breaks=("class.level-bars",),
        bug="a level ability can be activated while a spell with a target is on top of the stack "
        "(the sorcery-timing check skips spells with targets)",
        replaces={"classes.level_up_timing": class_level_over_targeted_spell},
    ),
)
