"""Keyword variants that share rulings, and the seed cards' keywords.

A template's ``{keyword}`` slot matches any variant named here, so "The ninjutsu ability ...",
"The library ninjutsu ability ..." and "The commander ninjutsu ability ..." compile through one
template. The variant tells an invariant where the Ninja waits (hand, library, command zone),
which ability name to activate, and which mechanic an engine must support.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.model import Zone


@dataclass(frozen=True)
class KeywordVariant:
    name: str
    #: The ``Action.ability`` name used to activate it.
    ability: str
    #: The zone the card with the keyword is in when the ability is activated.
    zone: Zone
    #: The ``requires`` entry an engine must support.
    mechanic: str
    #: Comprehensive Rules number of the keyword.
    cr: str

    @property
    def slug(self) -> str:
        return self.name.replace(" ", "-")


NINJUTSU = KeywordVariant("ninjutsu", "ninjutsu", Zone.HAND, "mechanic:ninjutsu", "702.49a")
LIBRARY_NINJUTSU = KeywordVariant(
    "library ninjutsu", "library ninjutsu", Zone.LIBRARY, "mechanic:library-ninjutsu", "702.49"
)
COMMANDER_NINJUTSU = KeywordVariant(
    "commander ninjutsu", "commander ninjutsu", Zone.COMMAND, "mechanic:commander-ninjutsu", "702.49d"
)

NINJUTSU_FAMILY: dict[str, KeywordVariant] = {
    v.name: v for v in (NINJUTSU, LIBRARY_NINJUTSU, COMMANDER_NINJUTSU)
}

#: Keywords of the seed cards whose rulings speak of "the Ninja" without naming the keyword.
CARD_KEYWORDS: dict[str, tuple[str, ...]] = {
    "Fallen Shinobi": ("ninjutsu",),
    "Panglacial Shinobi": ("library ninjutsu",),
}


def variants_for_cards(cards: tuple[str, ...], family: dict[str, KeywordVariant]) -> list[KeywordVariant]:
    """The variants of ``family`` carried by ``cards``, in a stable order."""
    names = {k for card in cards for k in CARD_KEYWORDS.get(card, ())}
    return [v for name, v in family.items() if name in names]
