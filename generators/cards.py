"""Synthesized card data in MTGJSON AtomicCard shape.

Generators build cards from a small vocabulary of oracle lines that every engine's card parser
should read (keywords, "whenever this creature attacks", "{T}: Add {G}." ...). A card's name is
derived from its features, so two draws of the same features give the same card data and a
state never holds two different cards under one name.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import TypedDict, Unpack

from protocol.keyword_registry import DOUBLE_STRIKE, FIRST_STRIKE, keyword_ability
from protocol.model import CardData

BASIC_LANDS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}

ATTACK_TRIGGER = "Whenever this creature attacks, you gain 1 life."
ANY_ATTACK_TRIGGER = "Whenever a creature you control attacks, you gain 1 life."
DAMAGE_DRAW_TRIGGER = "Whenever this creature deals combat damage to a player, draw a card."
#: 509.1a: a creature blocks one attacker "unless an effect allows it to block additional creatures".
BLOCKS_ADDITIONAL = "This creature can block an additional creature each combat."


@cache
def basic_land(color: str) -> CardData:
    """A basic land of ``color`` (one frozen value per colour: a drawn state holds many)."""
    name = BASIC_LANDS[color]
    return CardData(name, ("Land",), subtypes=(name,), supertypes=("Basic",), text=f"({{T}}: Add {{{color}}}.)")


def _keyword_lines(
    first_strike: bool, double_strike: bool, others: tuple[str, ...] = ()
) -> tuple[list[str], tuple[str, ...]]:
    """The keyword lines (and MTGJSON keywords) of the registry's keywords: first or double
    strike (double strike includes first strike), then ``others`` (registry names) in order."""
    strike = DOUBLE_STRIKE if double_strike else FIRST_STRIKE if first_strike else None
    abilities = [keyword_ability(name) for name in ((strike.name,) if strike else ()) + others]
    return [k.line() for k in abilities], tuple(k.printed for k in abilities)


def _creature_lines(
    first_strike: bool,
    double_strike: bool,
    attack_trigger: bool,
    damage_trigger: bool = False,
    others: tuple[str, ...] = (),
    blocks_additional: bool = False,
) -> tuple[list[str], tuple[str, ...], str]:
    """A creature's oracle lines, its keywords and the name suffix spelling out its features."""
    lines, keywords = _keyword_lines(first_strike, double_strike, others)
    traits = [k.lower() for k in keywords]
    if blocks_additional:
        lines.append(BLOCKS_ADDITIONAL)
        traits.append("blocks-two")
    if attack_trigger:
        lines.append(ATTACK_TRIGGER)
        traits.append("attack-trigger")
    if damage_trigger:
        lines.append(DAMAGE_DRAW_TRIGGER)
        traits.append("draws")
    suffix = f" ({', '.join(traits)})" if traits else ""
    return lines, keywords, suffix


@cache
def creature(
    power: int,
    toughness: int,
    *,
    first_strike: bool = False,
    double_strike: bool = False,
    attack_trigger: bool = False,
    keywords: tuple[str, ...] = (),
    blocks_additional: bool = False,
) -> CardData:
    """A plain creature; the features it has are spelled out in its name (one frozen value per
    distinct arguments). ``keywords``: more keywords of the registry (names, such as "menace"),
    after first or double strike; ``blocks_additional``: it can block two attackers (509.1a)."""
    lines, keyword_names, suffix = _creature_lines(
        first_strike, double_strike, attack_trigger, others=keywords, blocks_additional=blocks_additional
    )
    return CardData(
        f"Soldier {power}/{toughness}{suffix}",
        ("Creature",),
        mana_cost="{1}{W}",
        subtypes=("Human", "Soldier"),
        text="\n".join(lines),
        power=str(power),
        toughness=str(toughness),
        keywords=keyword_names,
    )


class NinjaFeatures(TypedDict, total=False):
    """The drawn features :func:`ninja` takes by keyword; :func:`own_ninja` passes them on."""

    first_strike: bool
    double_strike: bool
    attack_trigger: bool
    damage_trigger: bool


def ninja(
    keyword: str,
    cost: str,
    power: int,
    toughness: int,
    *,
    first_strike: bool = False,
    double_strike: bool = False,
    attack_trigger: bool = False,
    damage_trigger: bool = False,
) -> CardData:
    """A Ninja with a ninjutsu-family keyword (``keyword`` is its name: "ninjutsu" ...)."""
    lines, keywords, suffix = _creature_lines(first_strike, double_strike, attack_trigger, damage_trigger)
    lines.insert(0, f"{keyword.capitalize()} {cost}")
    compact = cost.replace("{", "").replace("}", "")
    return CardData(
        f"Ninja {power}/{toughness} {keyword} {compact}{suffix}",
        ("Creature",),
        mana_cost="{2}{U}",
        subtypes=("Human", "Ninja"),
        text="\n".join(lines),
        power=str(power),
        toughness=str(toughness),
        keywords=(keyword.capitalize(),) + keywords,
    )


def attack_observer() -> CardData:
    """A creature whose trigger shows whether a creature was *declared* as an attacker."""
    return CardData(
        "Attack Herald",
        ("Creature",),
        mana_cost="{1}{W}",
        subtypes=("Human", "Cleric"),
        text=ANY_ATTACK_TRIGGER,
        power="1",
        toughness="1",
    )


def mana_elf() -> CardData:
    return CardData(
        "Llanowar Elves",
        ("Creature",),
        mana_cost="{G}",
        subtypes=("Elf", "Druid"),
        text="{T}: Add {G}.",
        power="1",
        toughness="1",
    )


def planeswalker(loyalty: int) -> CardData:
    return CardData(
        f"Walker {loyalty}", ("Planeswalker",), mana_cost="{3}{U}", subtypes=("Jace",), loyalty=str(loyalty)
    )


def battle(defense: int) -> CardData:
    return CardData(f"Siege {defense}", ("Battle",), mana_cost="{2}{R}", subtypes=("Siege",), defense=str(defense))


_COST = re.compile(r"(?:\{(?:\d+|[WUBRG])\})+")


def keyword_cost(card: CardData, keyword: str) -> str | None:
    """The mana cost that follows ``keyword`` at the start of one of ``card``'s oracle lines
    ("Ninjutsu {1}{U} (...)" -> "{1}{U}"); None when there is none, or it holds a symbol basic
    lands cannot pay (hybrid, X, snow)."""
    for line in card.text.splitlines():
        head = line.lower()
        if not head.startswith(keyword.lower() + " "):
            continue
        rest = line[len(keyword) + 1 :].split(" ", 1)[0]
        return rest if _COST.fullmatch(rest) else None
    return None


def own_ninja(
    card: CardData, keyword: str, cost: str, power: int, toughness: int, **features: Unpack[NinjaFeatures]
) -> CardData:
    """A ruling's own card as the Ninja: its name, types, mana cost, power and toughness and its
    ``keyword`` cost from the card pool; its other abilities are the features drawn (the oracle
    lines every engine reads), not its own. Built on :func:`ninja` so the two keep one keyword
    signature and one way of writing the drawn features; only the card's identity is swapped in."""
    drawn = ninja(keyword, cost, power, toughness, **features)
    return replace(
        drawn,
        name=card.name,
        types=card.types,
        mana_cost=card.mana_cost,
        subtypes=card.subtypes,
        supertypes=card.supertypes,
    )
