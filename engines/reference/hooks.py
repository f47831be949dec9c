# mypy: disable-error-code="empty-body"
# (The stubs below declare signatures only: their bodies never run.)
"""Every hook of the reference engine, declared once: its name, its signature and how the
answers of its contributions compose (see :mod:`.hookspec`).

A hook is where several components contribute to one step on purpose; anything else one
component asks of another is a service (:mod:`.services`). A component contributes with
``table.hook(hooks.power_bonus.by(self.name, self.counter_bonus))`` and asks with
``table.call(hooks.power_bonus, game, perm)``. Contributions run in the order of
:data:`.engine.COMPONENTS`.
"""

from __future__ import annotations

from protocol.model import Action, Event, PlayerIndex, StackItem, Step, Zone

from .game import Game, Perm
from .hookspec import Hook, any_of, concatenated, each, first, summed

# ==========================================================================================
# Permanents entering and leaving
# ==========================================================================================


@each("permanent.entering")
def permanent_entering(game: Game, item: StackItem, perm: Perm, events: list[Event]) -> None:
    """Set the status the permanent a spell becomes enters with (a Class's level, 716.2d; sneak's
    "tapped and attacking", 702.190b), before it is on the battlefield."""


@each("permanent.entered")
def permanent_entered(game: Game, item: StackItem, perm: Perm, events: list[Event]) -> None:
    """What happens once the permanent a spell became has entered (sneak's attack event)."""


@each("permanent.left")
def permanent_left(game: Game, perm: Perm, to_zone: Zone | None, events: list[Event]) -> None:
    """A permanent has left the battlefield; ``perm`` is its last known status (603.10a)."""


@each("library.left")
def library_left(game: Game, card_id: str) -> None:
    """A card has left a library (a search in progress refreshes what it sees)."""


# ==========================================================================================
# Steps and combat
# ==========================================================================================


@each("step.begins")
def step_begins(game: Game, step: Step, events: list[Event]) -> None:
    """After a step's turn-based actions: delayed triggers (503.1a), effects that end (514.2)."""


@summed("combat.power_bonus")
def power_bonus(game: Game, perm: Perm) -> int:
    """613.4c: what adds to a creature's power (+1/+1 counters, "creatures you control get +N/+0")."""


@summed("combat.toughness_bonus")
def toughness_bonus(game: Game, perm: Perm) -> int:
    """613.4c: what adds to a creature's toughness (+1/+1 counters)."""


@any_of("combat.keyword_granted")
def keyword_granted(game: Game, perm: Perm, keyword: str) -> bool:
    """613.1f: an effect gives the creature ``keyword`` ("creatures you control ... have menace")."""


@each("combat.damage_to_player")
def damage_to_player(game: Game, source: Perm, amount: int, events: list[Event]) -> None:
    """510.3a: a creature dealt combat damage to a player (Fallen Shinobi's trigger)."""


# ==========================================================================================
# Casting spells and playing lands
# ==========================================================================================


@any_of("casting.cast_from")
def cast_from(game: Game, player: PlayerIndex, card_id: str) -> bool:
    """601.3: the card may be cast from where it is, beyond its owner's hand (a permission)."""


@any_of("casting.cast_elsewhere")
def cast_elsewhere(game: Game, card_id: str) -> bool:
    """Another component casts and resolves this card itself (mana: permanent spells with {X})."""


@concatenated("casting.extra_castable")
def extra_castable(game: Game, player: PlayerIndex, cards: list[str]) -> list[str]:
    """Cards outside the caster's own zones they may cast (another player's exile, 601.3);
    ``cards`` are those found in their own zones."""


@first("casting.timing")
def cast_timing(game: Game, player: PlayerIndex, card_id: str) -> bool | None:
    """601.3: a permission replaces when the card may be cast; None: the normal timing."""


@first("casting.cost")
def cast_cost(game: Game, player: PlayerIndex, card_id: str) -> tuple[str, ...] | None:
    """118.9: the card's cost replaced ("without paying its mana cost"); None: its mana cost."""


@any_of("casting.land_from")
def land_from(game: Game, player: PlayerIndex, card_id: str) -> bool:
    """305.1 with a permission: the land may be played from where it is, beyond the hand."""


@concatenated("casting.land_candidates")
def land_candidates(game: Game, player: PlayerIndex) -> list[str]:
    """Land cards outside the hand the player might play."""


@each("casting.played")
def played(game: Game) -> None:
    """A card was cast or played: what no longer covers it lets go (400.7)."""


@first("spell.destination")
def spell_destination(game: Game, item: StackItem, resolving: bool, permanent: bool) -> Zone | None:
    """Where a spell leaving the stack goes instead of its graveyard (or, for a permanent spell
    that resolves, instead of the battlefield): rebound's exile (702.88a)."""


@each("spell.left_stack")
def spell_left_stack(game: Game, item: StackItem, zone: Zone) -> None:
    """A spell has left the stack for ``zone`` (resolved or not)."""


# ==========================================================================================
# Searching
# ==========================================================================================


@concatenated("search.offers")
def search_offers(game: Game, player: PlayerIndex) -> list[Action]:
    """What a searcher may do during the search besides choosing cards (library ninjutsu)."""


@any_of("search.costs_to_pay")
def search_costs_to_pay(game: Game, player: PlayerIndex) -> bool:
    """605.3a: the searcher has a cost they might pay now, so may activate mana abilities."""


#: Every declared hook, by name. A contribution to any other is refused as it is registered.
HOOKS: dict[str, Hook] = {value.name: value for value in list(globals().values()) if isinstance(value, Hook)}
