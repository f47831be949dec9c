"""Mutants of Class enchantments (716): level abilities and the abilities levels grant."""

from __future__ import annotations

from engines.reference.classes import Classes
from engines.reference.core import Core
from engines.reference.game import Game, Perm
from engines.reference.lines import LevelBar
from protocol.model import PlayerIndex, StackItem

from . import Mutant, answers, table


def class_level_skips(self, game: Game, perm: Perm, bar: LevelBar) -> bool:
    return self.class_level(game, perm) < bar.level


def class_level_instant_speed(self, game: Game, player: PlayerIndex) -> bool:
    return game.priority == player and game.pending is None


def class_level_again(self, game: Game, perm: Perm, bar: LevelBar) -> bool:
    return self.class_level(game, perm) >= bar.level - 1


def classes_share_level(self, game: Game, item: StackItem) -> list[Perm]:
    return [p for p in game.battlefield if p.controller == item.controller and self.is_class(game, p.id)]


def class_loses_previous_levels(self, game: Game, perm: Perm, level: int) -> bool:
    return level == self.class_level(game, perm)


def class_level_cost_any_colour(self, game: Game, perm: Perm, bar: LevelBar) -> tuple[str, ...]:
    generic = sum(int(s) if s.isdigit() else 1 for s in bar.cost)
    return (str(generic),) if generic else ()


def class_level_over_targeted_spell(self, game: Game, player: PlayerIndex) -> bool:
    top = game.stack[-1] if game.stack else None
    if top is not None and top.kind == "spell" and top.choice("targets"):
        return game.priority == player and game.pending is None and game.active == player and game.step.is_main
    return game.priority == player and game.pending is None and self.spells.sorcery_timing(game, player)


def _levels_gained(game: Game) -> dict[str, int | None]:
    """Class id -> its level before it gained one in this game (kept on the game object)."""
    found: dict[str, int | None] = game.__dict__.setdefault("mutant_levels_gained", {})
    return found


def level_gained_until_turn_ends__advanced_by(self: Classes, game: Game, item: StackItem) -> list[Perm]:
    perms = Classes.classes_advanced_by(self, game, item)
    for perm in perms:
        _levels_gained(game).setdefault(perm.id, perm.class_level)
    return perms


def level_gained_until_turn_ends__turn_start(self: Core, game: Game, perm: Perm) -> bool:
    """At the next turn's start (its untap step) a level gained in an earlier turn is lost."""
    if perm.id in _levels_gained(game):
        perm.class_level = _levels_gained(game).pop(perm.id)
    return Core.sickness_ends_at_turn_start(self, game, perm)


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "class-level-until-end-of-turn",
        ("class.level-up-uses-stack",),
        'a level gained by a level ability lasts only until the turn ends (read as an "until end of turn" '
        "effect): at the next turn the Class is back at its previous level",
        {
            "classes.advanced_by": level_gained_until_turn_ends__advanced_by,
            "core.sickness_ends_at_turn_start": level_gained_until_turn_ends__turn_start,
        },
    ),
    (
        "class-level-skips",
        ("class.level-bars",),
        "a level ability can be activated from any lower level (level 3 straight from level 1)",
        {"classes.level_bar_usable": class_level_skips},
    ),
    (
        "class-level-instant-speed",
        ("class.level-bars",),
        "level abilities can be activated any time their controller has priority, not only as a sorcery",
        {"classes.level_up_timing": class_level_instant_speed},
    ),
    (
        "class-level-free",
        ("class.level-bars",),
        "a level ability costs nothing: the cost in the level bar is not paid",
        {"classes.level_cost": answers(())},
    ),
    (
        "class-level-again",
        ("class.no-repeat-level",),
        "a level ability can be activated again when the Class is already at that level or higher",
        {"classes.level_bar_usable": class_level_again},
    ),
    (
        "class-level-no-stack",
        ("class.level-up-uses-stack",),
        "a level ability takes effect at once instead of using the stack",
        {"classes.level_up_uses_stack": answers(False)},
    ),
    (
        "classes-share-level",
        ("class.levels-tracked-separately",),
        "a player's Classes share one level: a level ability advances all of them",
        {"classes.advanced_by": classes_share_level},
    ),
    (
        "class-enters-ungated",
        ("class.starts-at-level-1",),
        "a Class has the abilities of every level from the start",
        {"classes.class_has_level_abilities": answers(True)},
    ),
    (
        "class-loses-previous-levels",
        ("class.keeps-previous-levels",),
        "gaining a level replaces the Class's abilities: it has only those of its current level",
        {"classes.class_has_level_abilities": class_loses_previous_levels},
    ),
    (
        "class-level-cost-any-colour",
        ("class.level-bars",),
        "a level bar's {B} is paid with mana of any colour (an Island pays it)",
        {"classes.level_cost": class_level_cost_any_colour},
    ),
    (
        "class-level-over-targeted-spell",
        ("class.level-bars",),
        (
            "a level ability can be activated while a spell with a target is on top of the stack "
            "(the sorcery-timing check skips spells with targets)"
        ),
        {"classes.level_up_timing": class_level_over_targeted_spell},
    ),
)
