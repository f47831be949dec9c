"""Card data for library-search states, in MTGJSON AtomicCard shape.

The oracle lines are the exact shapes of the seed pages' examples: a tutor ("Search your library
for a card ..."), Buried Alive, a Primal Growth-like land search, a creature search at instant
speed, Bribery (a search of an opponent's library), a look that is not a search (Halimar
Depths-like), a fetch land's activated search, Aven Mindcensor's restriction and Millikin's
mana ability that mills. Names are fixed per card, so a state never holds two different cards
under one name.
"""

from __future__ import annotations

import re

from protocol.model import CardData

#: Which kinds of sources a search can come from.
SORCERY, INSTANT, BRIBERY, ABILITY, LOOK = "sorcery", "instant", "bribery", "ability", "look"
SOURCE_KINDS = (SORCERY, INSTANT, BRIBERY, ABILITY, LOOK)

TUTOR = CardData(
    "Grim Tutor",
    ("Sorcery",),
    mana_cost="{B}",
    text="Search your library for a card, put it into your hand, then shuffle.",
)
BURIED_ALIVE = CardData(
    "Buried Alive",
    ("Sorcery",),
    mana_cost="{B}",
    text="Search your library for up to three cards, put them into your graveyard, then shuffle.",
)
PRIMAL_HARVEST = CardData(
    "Primal Harvest",
    ("Sorcery",),
    mana_cost="{G}",
    text="Search your library for up to two basic land cards, reveal those cards, put them into your hand, "
    "then shuffle.",
)
CALL_THE_PACK = CardData(
    "Call the Pack",
    ("Instant",),
    mana_cost="{G}",
    text="Search your library for up to two creature cards, reveal them, put them into your hand, then shuffle.",
)
QUICK_SCRYING = CardData(
    "Quick Scrying",
    ("Instant",),
    mana_cost="{G}",
    text="Search your library for a basic land card, reveal it, put it into your hand, then shuffle.",
)
INSTANT_TUTOR = CardData(
    "Sudden Tutor",
    ("Instant",),
    mana_cost="{G}",
    text="Search your library for a card, put it into your hand, then shuffle.",
)
BRIBERY_CARD = CardData(
    "Bribery",
    ("Sorcery",),
    mana_cost="{B}",
    text="Search target opponent's library for a creature card and put that card onto the battlefield under your "
    "control. Then that player shuffles.",
)
DEPTHS_GLIMPSE = CardData(
    "Depths Glimpse",
    ("Instant",),
    mana_cost="{G}",
    text="Look at the top three cards of your library, then put them back in any order.",
)
WILD_EXPANSE = CardData(
    "Wild Expanse",
    ("Land",),
    text="{T}, Sacrifice this land: Search your library for a basic land card, put it onto the battlefield, "
    "then shuffle.",
)
MINDCENSOR = CardData(
    "Aven Censor",
    ("Creature",),
    mana_cost="{2}{W}",
    subtypes=("Bird", "Wizard"),
    text="If an opponent would search a library, that player searches the top four cards of that library instead.",
    power="2",
    toughness="1",
)
MILLIKIN = CardData(
    "Millikin",
    ("Artifact", "Creature"),
    mana_cost="{2}",
    subtypes=("Construct",),
    text="{T}, Mill a card: Add {C}.",
    power="0",
    toughness="1",
)

#: Shows when abilities that triggered as library ninjutsu was activated (its creature left the
#: battlefield) are put on the stack.
WATCHER = CardData(
    "Grieving Watcher",
    ("Creature",),
    mana_cost="{1}{B}",
    subtypes=("Spirit",),
    text="Whenever a creature you control leaves the battlefield, each opponent loses 1 life.",
    power="1",
    toughness="1",
)

#: Search spells by kind: sorcery speed, instant speed (all cost one mana).
SORCERY_SEARCHES = (TUTOR, BURIED_ALIVE, PRIMAL_HARVEST)
INSTANT_SEARCHES = (CALL_THE_PACK, QUICK_SCRYING, INSTANT_TUTOR)
#: Searches that can find two or more cards.
MULTI_SEARCHES = (BURIED_ALIVE, PRIMAL_HARVEST, CALL_THE_PACK)
#: Number words oracle text uses for how many top cards a restriction lets a searcher see.
COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
#: The restriction line the generators and every engine read (Aven Mindcensor's shape, 614.1a):
#: an opponent's search of any library sees only its top N cards.
RESTRICTION_LINE = re.compile(
    r"^If an opponent would search a library, that player searches the top (?P<n>"
    + "|".join(COUNT_WORDS)
    + r") cards? of that library instead\.$",
    re.IGNORECASE,
)


def restriction_line(card: CardData) -> str | None:
    """The card's search-restriction line (as printed), if its oracle text has one."""
    for line in card.text.splitlines():
        if RESTRICTION_LINE.match(line.strip()):
            return line.strip()
    return None


def restriction_count(card: CardData) -> int | None:
    """How many top cards the card's restriction lets an opponent search (None: no restriction)."""
    line = restriction_line(card)
    if line is None:
        return None
    found = RESTRICTION_LINE.match(line)
    assert found is not None
    return COUNT_WORDS[found.group("n").lower()]


def own_restrictor(card: CardData) -> CardData:
    """A ruling's own card as the restriction on the battlefield: its name, types, mana cost, power
    and toughness, and its restriction line; its other lines (Flash, Flying) are left out, as
    they play no part in a search and not every engine reads them."""
    line = restriction_line(card)
    if line is None:
        raise ValueError(f"{card.name} has no search restriction in its oracle text")
    return CardData(
        card.name,
        card.types,
        mana_cost=card.mana_cost,
        subtypes=card.subtypes,
        supertypes=card.supertypes,
        text=line,
        power=card.power,
        toughness=card.toughness,
    )


#: How many cards Aven Censor lets an opponent see.
RESTRICTED_TO = 4


def search_filter(card: CardData) -> str | None:
    """The card-type words the card's search asks for (``None``: any card)."""
    text = card.text.lower()
    for words in ("basic land", "creature"):
        if f"{words} card" in text:
            return words
    return None


def search_count(card: CardData) -> int:
    text = card.text.lower()
    for word, n in (("up to two", 2), ("up to three", 3)):
        if word in text:
            return n
    return 1
