"""The typed records of oracle text: one record per line a card's text can have.

:mod:`.oracle` reads each line of a card once into exactly one of these records; the rule
components read the records, never the text. Grouped by the mechanics that use them: combat and
the ninjutsu family, mana and costs (CR 106, 107.3m, 107.5, 107.6, 605), searching and looking
(701.23, 701.24), spells, and the lines of permanents (rebound, sneak, Classes, Fallen Shinobi).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from protocol.model import Zone

# ==========================================================================================
# Combat and the ninjutsu family (702.49, 508.3a, 510.3a)
# ==========================================================================================


@dataclass(frozen=True)
class Ninjutsu:
    """A ninjutsu-family keyword ability (702.49): its variant and mana cost symbols."""

    variant: str
    cost: tuple[str, ...]


@dataclass(frozen=True)
class AttackLifeTrigger:
    """ "Whenever this creature / a creature you control attacks, you gain N life." (508.3a)"""

    scope: Literal["self", "any"]
    amount: int

    @property
    def ability(self) -> str:
        return "attacks-gain-life" if self.scope == "self" else "creature-attacks-gain-life"


@dataclass(frozen=True)
class CombatDamageDrawTrigger:
    """ "Whenever this creature deals combat damage to a player, draw a card." (510.3a)"""

    ability: str = "combat-damage-draw"


@dataclass(frozen=True)
class ManaAbility:
    """ "{T}: Add {X}." — a mana ability (605.1a): no stack, adds one mana. Not a record of its
    own: :attr:`.oracle.CardAbilities.mana_abilities` derives these from the ``Activated``
    records (and a land's basic land types, 305.6)."""

    symbol: str


# ==========================================================================================
# Mana and costs (106, 107.3m, 107.5, 107.6, 605)
# ==========================================================================================


CostSymbol = Literal["T", "Q"]


Whose = Literal["self", "you", "any"]


KINDS = ("land", "permanent", "creature", "artifact", "plains", "island", "swamp", "mountain", "forest")


@dataclass(frozen=True)
class AddMana:
    """An "Add ..." effect: one mana of a fixed type, or of any type (or any colour) that a land
    you control / an opponent controls could produce (106.7)."""

    symbol: str | None = None
    #: For "could produce" abilities: whose lands ("you" or "opponent").
    could_produce: Literal["you", "opponent"] | None = None
    #: "any color" (excludes colorless, 105.1) rather than "any type" (106.1).
    any_color: bool = False

    def __post_init__(self) -> None:
        if (self.symbol is None) == (self.could_produce is None):
            raise ValueError("AddMana names either a symbol or a could-produce scope")

    def __str__(self) -> str:
        if self.symbol is not None:
            return f"Add {{{self.symbol}}}."
        lands = "a land you control" if self.could_produce == "you" else "a land an opponent controls"
        return f"Add one mana of any {'color' if self.any_color else 'type'} that {lands} could produce."


@dataclass(frozen=True)
class GainLife:
    """ "You gain N life.": the effect of a spell (608.2) or of an activated ability; with
    ``target_player``, a spell's "Target player gains N life." (115.1: its one target a player,
    chosen as it is cast, 601.2c)."""

    amount: int
    target_player: bool = False

    def __str__(self) -> str:
        return f"Target player gains {self.amount} life." if self.target_player else f"You gain {self.amount} life."


@dataclass(frozen=True)
class Activated:
    """An activated ability whose cost is one {T} or {Q} symbol. It is a mana ability (605.1a)
    when its effect adds mana: it has no target and is no loyalty ability."""

    cost: CostSymbol
    effect: AddMana | GainLife

    @property
    def is_mana_ability(self) -> bool:
        return isinstance(self.effect, AddMana)

    def __str__(self) -> str:
        return f"{{{self.cost}}}: {self.effect}"


@dataclass(frozen=True)
class TappedForManaTrigger:
    """An ability that triggers whenever a permanent is tapped for mana (or for mana of a
    specified type), 106.12a. ``whose``: this permanent ("self"), a permanent its controller
    taps ("you"), any player's ("any"). ``extra``: the symbol a triggered mana ability adds
    (605.1b) and ``to`` whom ("tapper": the player who tapped; "controller": this ability's
    controller); else ``life``: an ordinary trigger, "you gain N life"."""

    whose: Whose
    kind: str
    mana: str | None = None
    life: int | None = None
    extra: str | None = None
    to: Literal["tapper", "controller"] = "controller"

    @property
    def is_mana_ability(self) -> bool:
        return self.extra is not None


@dataclass(frozen=True)
class TappedForManaReplacement:
    """A replacement effect that applies if a permanent is tapped for mana (of a specified type
    or amount), 106.12b/614.1a: "twice as much of that mana" (``double``) or fixed ``produces``."""

    whose: Whose
    kind: str
    mana: str | None = None
    #: "tapped for two or more mana": the least amount it applies to.
    at_least: int = 1
    double: bool = False
    produces: tuple[str, ...] = ()


@dataclass(frozen=True)
class EntersWithXCounters:
    """ "This creature enters with X +1/+1 counters on it." (614.1c, 107.3m)"""

    counter: str = "+1/+1"


@dataclass(frozen=True)
class EntersGainXLife:
    """ "When this creature enters, you gain X life." (603.6a, 107.3m)"""

    ability: str = "etb-gain-x-life"


ManaLine = Activated | TappedForManaTrigger | TappedForManaReplacement | EntersWithXCounters | EntersGainXLife


# ==========================================================================================
# Searching and looking (701.23, 701.24, 614.1a)
# ==========================================================================================


@dataclass(frozen=True)
class SearchEffect:
    """ "Search <whose> library for [up to] N [type] card(s) ..., then shuffle." (701.23, 701.24)."""

    text: str
    whose: Literal["yours", "target-opponent"]
    count: int
    up_to: bool
    card_filter: str | None
    reveal: bool
    destination: Zone
    tapped: bool = False
    under_your_control: bool = False

    @property
    def targets_opponent(self) -> bool:
        return self.whose == "target-opponent"


@dataclass(frozen=True)
class LookEffect:
    """ "Look at the top N cards of your library, then put them back in any order." Not a search."""

    text: str
    count: int


Effect = SearchEffect | LookEffect


@dataclass(frozen=True)
class CounterTargetSpell:
    """ "Counter target spell." (701.6a)"""


SpellCardLineEffect = SearchEffect | LookEffect | CounterTargetSpell | GainLife


@dataclass(frozen=True)
class SpellEffect:
    """What an instant or sorcery does as it resolves (608.2): a search, a look, "Counter target
    spell." or "You gain N life."."""

    effect: SpellCardLineEffect


@dataclass(frozen=True)
class ActivatedSearch:
    """ "{T}, Sacrifice this land: <search effect>" — an activated ability that uses the stack."""

    effect: SearchEffect
    tap: bool = True
    sacrifice: bool = True
    ability: str = "search"


@dataclass(frozen=True)
class SearchRestriction:
    """ "If an opponent would search a library, that player searches the top N cards of that
    library instead." A replacement effect (614.1a) of the permanent's controller."""

    count: int


@dataclass(frozen=True)
class MillManaAbility:
    """ "{T}, Mill a card: Add {C}." — a mana ability (605.1a) with an extra cost."""

    symbol: str
    mill: int = 1


ParsedLine = SpellEffect | ActivatedSearch | SearchRestriction | MillManaAbility


# ==========================================================================================
# Spells and the lines of permanents: rebound, sneak, cast triggers, Classes, Fallen Shinobi
# ==========================================================================================


@dataclass(frozen=True)
class Keyword:
    """A line that is only a keyword written alone ("Rebound", "Menace", "First strike"): read for
    the keywords a rule component implements (:func:`.oracle.read_keywords`)."""

    name: str


@dataclass(frozen=True)
class Sneak:
    """ "Sneak [cost]" (702.190a): cast this spell for [cost] plus returning an unblocked attacker
    you control, during the declare blockers step of your turn."""

    cost: tuple[str, ...]


@dataclass(frozen=True)
class CreateTokens:
    """ "create N P/T <colour> <Type> creature token(s)"."""

    count: int
    power: int
    toughness: int
    color: str
    subtype: str

    @property
    def token_name(self) -> str:
        return self.subtype.capitalize()


@dataclass(frozen=True)
class CastTrigger:
    """ "When you cast this spell, <effect>." (603.2: triggers as the spell becomes cast, 601.2i)."""

    effect: CreateTokens
    ability: str = "cast-trigger"


@dataclass(frozen=True)
class ExileTopPlayTrigger:
    """Fallen Shinobi: "Whenever this creature deals combat damage to a player, that player exiles
    the top N cards of their library. Until end of turn, you may play those cards without paying
    their mana costs." (510.3a, 601.3)"""

    count: int
    ability: str = "exile-top-play"


@dataclass(frozen=True)
class LevelBar:
    """ "[Cost]: Level N" (716.2a)."""

    level: int
    cost: tuple[str, ...]

    @property
    def ability(self) -> str:
        return f"level:{self.level}"


@dataclass(frozen=True)
class CreatureLeavesTrigger:
    """ "Whenever a creature you control leaves the battlefield, each opponent loses N life.\""""

    amount: int
    ability: str = "creature-leaves-drain"


@dataclass(frozen=True)
class CreaturesAnthem:
    """ "Creatures you control get +N/+0 [and have menace]." (613.4c, 702.111)"""

    power: int
    menace: bool


@dataclass(frozen=True)
class GraveyardSneakGrant:
    """ "Creature cards in your graveyard have sneak [cost]."""

    cost: tuple[str, ...]


@dataclass(frozen=True)
class GraveyardSneakPermission:
    """ "You may cast creature spells from your graveyard using their sneak abilities." (601.3)"""


CardLine = (
    Keyword
    | Sneak
    | CastTrigger
    | ExileTopPlayTrigger
    | LevelBar
    | CreatureLeavesTrigger
    | CreaturesAnthem
    | GraveyardSneakGrant
    | GraveyardSneakPermission
)


class ComponentLine:
    """Base of the records a rule component defines in its own module for lines of its mechanic
    that the reader's shapes do not read: the component registers the shape reading them with
    :func:`.oracle.register_shape` and finds them with ``CardAbilities.records(<its record>)``,
    so a new mechanic's lines need no edit here or in the reader. Subclasses are frozen
    dataclasses, like every record."""


Record = Ninjutsu | AttackLifeTrigger | CombatDamageDrawTrigger | ManaLine | ParsedLine | CardLine | ComponentLine


@dataclass(frozen=True)
class OracleLine:
    """One line of a card's oracle text (reminder text removed) and the one record it is."""

    text: str
    record: Record
