"""Card data for rebound, Class levels, sneak and playing cards from exile: the seed cards
(Fallen Shinobi, Jeskai Baller, Ninja Teen) as printed, and synthesized cards built from the same
small vocabulary of oracle lines (a card's name spells out its features, so equal features give
equal card data).
"""

from __future__ import annotations

from generators.cards import BASIC_LANDS, basic_land
from protocol.keyword_registry import REBOUND, SNEAK
from protocol.model import CardData

REBOUND_REMINDER = (
    "Rebound (If you cast this spell from your hand, exile it as it resolves. At the beginning of your next "
    "upkeep, you may cast this card from exile without paying its mana cost.)"
)
CLASS_REMINDER = "(Gain the next level as a sorcery to add its ability.)"
LEAVES_DRAIN = "Whenever a creature you control leaves the battlefield, each opponent loses 1 life."
ANTHEM_MENACE = "Creatures you control get +1/+0 and have menace."
GRAVEYARD_SNEAK = "Creature cards in your graveyard have sneak {3}{B}."
GRAVEYARD_PERMISSION = "You may cast creature spells from your graveyard using their sneak abilities."

FALLEN_SHINOBI = CardData(
    "Fallen Shinobi",
    ("Creature",),
    mana_cost="{3}{U}{B}",
    subtypes=("Zombie", "Ninja"),
    text=(
        "Ninjutsu {2}{U}{B} ({2}{U}{B}, Return an unblocked attacker you control to hand: Put this card onto the "
        "battlefield from your hand tapped and attacking.)\n"
        "Whenever Fallen Shinobi deals combat damage to a player, that player exiles the top two cards of their "
        "library. Until end of turn, you may play those cards without paying their mana costs."
    ),
    power="5",
    toughness="4",
    keywords=("Ninjutsu",),
)

#: Playtest card (Mystery Booster 2). Its power and toughness are not in the seed pages; 2/2 here.
JESKAI_BALLER = CardData(
    "Jeskai Baller",
    ("Creature",),
    mana_cost="{2}{W}",
    subtypes=("Human", "Athlete"),
    text="When you cast this spell, create a 1/1 white Athlete creature token.\n" + REBOUND_REMINDER,
    power="2",
    toughness="2",
    keywords=(REBOUND.printed,),
)


def _compact(cost: str) -> str:
    return cost.replace("{", "").replace("}", "")


def class_card(
    level2: str = "{1}{B}", level3: str = "{B}", mana_cost: str = "{2}{B}", *, graveyard: bool = True
) -> CardData:
    """Ninja Teen's text with the given level costs (Ninja Teen itself by default). Without
    ``graveyard`` its level 3 grants nothing: the last two lines (sneak from the graveyard) are
    left out, for claims about levels that never read them (an engine that cannot parse that
    line can still play the Class), under a name no real card has."""
    teen = (level2, level3, mana_cost) == ("{1}{B}", "{B}", "{2}{B}") and graveyard
    costs = f"{_compact(level2)}-{_compact(level3)}"
    name = "Ninja Teen" if teen else f"Teen Class {costs}" if graveyard else f"Plain Teen Class {costs}"
    lines = [CLASS_REMINDER, LEAVES_DRAIN, f"{level2}: Level 2", ANTHEM_MENACE, f"{level3}: Level 3"]
    return CardData(
        name,
        ("Enchantment",),
        mana_cost=mana_cost,
        subtypes=("Class",),
        text="\n".join(lines + ([GRAVEYARD_SNEAK, GRAVEYARD_PERMISSION] if graveyard else [])),
    )


NINJA_TEEN = class_card()

COUNTERSPELL = CardData("Counterspell", ("Instant",), mana_cost="{U}", text="Counter target spell.")


def life_spell(
    kind: str, amount: int, *, rebound: bool = False, cost: str = "{1}{W}", targeted: bool = False
) -> CardData:
    """An instant or sorcery that gains ``amount`` life, with or without rebound; ``targeted``:
    "Target player gains N life." (a spell with one target, a player: 115.1, chosen as it is
    cast, 601.2c) instead of "You gain N life.". The name never begins with a keyword: engines
    that shorten card names to their first word (or look a leading word up as a keyword) would
    misread "Rebound Instant ..." as the keyword."""
    gain = f"Target player gains {amount} life." if targeted else f"You gain {amount} life."
    lines = [gain] + ([REBOUND_REMINDER] if rebound else [])
    aim = " to Target Player" if targeted else ""
    name = f"{kind} of {amount} Life{aim} {_compact(cost)}{' with Rebound' if rebound else ''}"
    return CardData(
        name, (kind,), mana_cost=cost, text="\n".join(lines), keywords=(REBOUND.printed,) if rebound else ()
    )


def vanilla(power: int, toughness: int, cost: str = "{1}{G}") -> CardData:
    return CardData(
        f"Bear {power}/{toughness} {_compact(cost)}",
        ("Creature",),
        mana_cost=cost,
        subtypes=("Bear",),
        power=str(power),
        toughness=str(toughness),
    )


def sneak_creature(power: int, toughness: int, sneaks: tuple[str, ...], cost: str = "{4}{B}") -> CardData:
    """A creature card with the given sneak costs (none: a plain creature)."""
    lines = [SNEAK.line(s) for s in sneaks]
    traits = "+".join(_compact(s) for s in sneaks) or "plain"
    return CardData(
        f"Sneaker {power}/{toughness} {traits} {_compact(cost)}",
        ("Creature",),
        mana_cost=cost,
        subtypes=("Turtle", "Ninja"),
        text="\n".join(lines),
        power=str(power),
        toughness=str(toughness),
        keywords=(SNEAK.printed,) if sneaks else (),
    )


def land(subtype: str) -> CardData:
    """A basic land card (as in :func:`generators.cards.basic_land`), e.g. to play from exile."""
    color = next(c for c, name in BASIC_LANDS.items() if name == subtype)
    return basic_land(color)
