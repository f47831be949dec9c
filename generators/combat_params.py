"""The params records of drawn combat states: the general one and the ninjutsu family's.

A record of its own module, below both generators (:mod:`generators.combat` and
:mod:`generators.ninjutsu`), so each can name it: results written before the ninjutsu family had
a module of its own name its params type ``generators.combat:NinjutsuParams``, and
:mod:`generators.combat` re-exports it for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from generators.search_setup import SearchParams
from protocol.model import PlayerIndex


@dataclass(frozen=True, kw_only=True)
class CombatParams:
    """What a check needs to know about a drawn combat state beyond the state itself."""

    #: The active player, who controls the attackers.
    player: PlayerIndex
    #: The step the check is about (the state's own step, unless ``by_play``).
    step: str
    #: The state is loaded in the declare blockers step: the check reaches ``step`` by play.
    by_play: bool = False


@dataclass(frozen=True, kw_only=True)
class NinjutsuParams(CombatParams):
    """A combat state with Ninjas waiting to be put in: what the ninjutsu family's checks need."""

    #: The Ninja card (the first one) in the variant's zone.
    ninja: str
    #: Every Ninja with the variant's keyword, the first one first.
    ninjas: tuple[str, ...]
    #: An unblocked attacker to return (any attacker when there is none).
    returned: str
    #: A blocked attacker, if there is one.
    blocked: str | None
    #: The keyword variant's name ("ninjutsu", "library ninjutsu", "sneak" ...).
    variant: str
    #: One more Ninja in another zone (``NinjutsuSpec.ninja_elsewhere``).
    ninja_elsewhere: str | None = None
    #: The search the active player can start or has started (``NinjutsuSpec.search``).
    search: SearchParams | None = None
