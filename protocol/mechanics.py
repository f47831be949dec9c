"""The mechanics registry: the one list of requirement names an invariant may need.

An invariant's ``requires`` and an adapter's ``supports`` speak the same names, and both take
them from here: a name that is not registered is an :class:`UnknownMechanic` error the moment
the module naming it is imported, never a silent ``unsupported`` verdict. Each name carries a
one-line description and the Comprehensive Rules number it stands for, so ``mtg-conformance
requires`` can tell an engine author what each requirement means.

Names are ``mechanic:<slug>``. A :class:`Mechanic` member is a ``str`` (``StrEnum``), so a
requirement set stays a ``frozenset[str]`` on the wire and in third-party adapters.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class UnknownMechanic(ValueError):
    """A requirement name that the registry does not list (usually a typo)."""


class Mechanic(StrEnum):
    """Every requirement name, with its description and CR rule."""

    description: str
    cr: str

    def __new__(cls, value: str, description: str, cr: str) -> Mechanic:
        member = str.__new__(cls, value)
        member._value_ = value
        member.description = description
        member.cr = cr
        return member

    # -- turn structure, priority, stack --------------------------------------------------------
    PRIORITY = "mechanic:priority", "players receive priority and pass it; steps end when all pass", "117"
    STACK = "mechanic:stack", "spells and abilities wait on the stack and resolve last in, first out", "405"
    SUMMONING_SICKNESS = (
        "mechanic:summoning-sickness",
        "a creature can't attack or pay {T} unless controlled since the turn began",
        "302.6",
    )
    HASTE = (
        "mechanic:haste",
        "haste: it can attack and pay {T} costs even if it came under its controller's control this turn",
        "702.10",
    )
    # -- combat ---------------------------------------------------------------------------------
    PLANESWALKER = "mechanic:planeswalker", "planeswalkers on the battlefield, attackable by opponents", "306"
    BATTLE = "mechanic:battle", "battles (sieges) on the battlefield, attackable", "310"
    FIRST_STRIKE = "mechanic:first-strike", "first strike and the extra combat damage step", "702.7"
    DOUBLE_STRIKE = "mechanic:double-strike", "double strike: damage in both combat damage steps", "702.4"
    MENACE = "mechanic:menace", "menace: can't be blocked except by two or more creatures", "702.111"
    FLYING = "mechanic:flying", "flying: can be blocked only by creatures with flying or reach", "702.9"
    REACH = "mechanic:reach", "reach: it can block creatures with flying", "702.17"
    TRAMPLE = (
        "mechanic:trample",
        "trample: once its blockers are assigned lethal damage, the rest may go to what it attacks",
        "702.19",
    )
    DEATHTOUCH = (
        "mechanic:deathtouch",
        "deathtouch: a creature dealt damage by it is destroyed; 1 combat damage counts as lethal for trample",
        "702.2",
    )
    LIFELINK = (
        "mechanic:lifelink",
        "lifelink: damage it deals also gains its controller that much life",
        "702.15",
    )
    VIGILANCE = "mechanic:vigilance", "vigilance: attacking doesn't cause it to tap", "702.20"
    DEFENDER = "mechanic:defender", "defender: it can't attack", "702.3"
    INDESTRUCTIBLE = (
        "mechanic:indestructible",
        "indestructible: not destroyed by lethal damage or deathtouch",
        "702.12",
    )
    BLOCK_ADDITIONAL = (
        "mechanic:block-additional",
        "a creature that can block an additional creature each combat blocks two attackers",
        "509.1a",
    )
    ATTACK_TRIGGER = "mechanic:attack-trigger", "abilities that trigger when a creature attacks", "508.3a"
    COMBAT_DAMAGE_TRIGGER = (
        "mechanic:combat-damage-trigger",
        "abilities that trigger when a creature deals combat damage to a player",
        "510.3a",
    )
    TOKENS = "mechanic:tokens", "creature tokens on the battlefield", "111"
    # -- ninjutsu family and sneak --------------------------------------------------------------
    NINJUTSU = (
        "mechanic:ninjutsu",
        "return an unblocked attacker to hand: put this card from hand onto the battlefield tapped and attacking",
        "702.49a",
    )
    LIBRARY_NINJUTSU = (
        "mechanic:library-ninjutsu",
        "ninjutsu activated from the library while its owner searches it",
        "702.49",
    )
    COMMANDER_NINJUTSU = ("mechanic:commander-ninjutsu", "ninjutsu activated from the command zone", "702.49d")
    SNEAK = (
        "mechanic:sneak",
        "cast for its sneak cost by returning an unblocked attacker, in the declare blockers step only; "
        "it enters tapped and attacking",
        "702.190a",
    )
    # -- casting, spells and their effects ------------------------------------------------------
    CASTING = "mechanic:casting", "casting instant and sorcery spells and paying their costs", "601"
    CASTING_PERMANENTS = "mechanic:casting-permanents", "casting creature and other permanent spells", "601"
    COUNTERSPELL = "mechanic:counterspell", "spells that counter a spell on the stack", "701.5"
    CAST_TRIGGER = "mechanic:cast-trigger", "abilities that trigger when a spell is cast", "601.2i"
    LEAVES_TRIGGER = (
        "mechanic:leaves-trigger",
        "abilities that trigger when a permanent leaves the battlefield",
        "603.6c",
    )
    X = "mechanic:x", "costs with X and the value chosen for it", "107.3"
    X_ETB = "mechanic:x-etb", "enters-the-battlefield abilities that refer to the X the spell was cast with", "107.3m"
    REBOUND = (
        "mechanic:rebound",
        "a spell cast from hand is exiled as it resolves and may be cast from exile at the next upkeep",
        "702.88a",
    )
    PLAY_FROM_EXILE = "mechanic:play-from-exile", "effects that let a player play or cast a card from exile", "601.3"
    LAND_PLAY = "mechanic:land-play", "playing a land, once per turn, in a main phase", "305"
    CLASS = "mechanic:class", "Class enchantments and their level abilities", "716"
    # -- library search -------------------------------------------------------------------------
    SEARCH = "mechanic:search", "searching a library for cards and shuffling it", "701.23"
    SEARCH_RESTRICTION = (
        "mechanic:search-restriction",
        "replacement effects that make a search look at only the top cards",
        "701.23",
    )
    LOOK = "mechanic:look", "looking at the top cards of a library, which is not a search", "701.23"
    MILL = "mechanic:mill", "milling cards from the top of a library", "701.17"
    # -- mana and costs -------------------------------------------------------------------------
    MANA_ABILITY = "mechanic:mana-ability", "mana abilities, which resolve at once without the stack", "605"
    TAP_ABILITY = "mechanic:tap-ability", "activated abilities with the tap symbol {T} in their cost", "107.5"
    UNTAP_SYMBOL = "mechanic:untap-symbol", "activated abilities with the untap symbol {Q} in their cost", "107.6"
    MANA_TRIGGERS = "mechanic:mana-triggers", "abilities that trigger when a permanent is tapped for mana", "605.1b"
    MANA_REPLACEMENT = (
        "mechanic:mana-replacement",
        "replacement effects on the mana a permanent is tapped for",
        "106.12b",
    )
    COULD_PRODUCE = "mechanic:could-produce", "mana abilities that add a type another permanent could produce", "106.7"


#: Every registered requirement name.
ALL: frozenset[str] = frozenset(Mechanic)


#: The combat mechanics beyond bare declarations and damage: first and double strike, attack and
#: combat damage triggers, planeswalkers and battles as attack targets. One list for the two
#: places that must agree on it: the reference engine's combat component implements them and the
#: combat generator draws them (when the engine supports them); each adds its own to it.
COMBAT_FEATURES: frozenset[Mechanic] = frozenset(
    {
        Mechanic.FIRST_STRIKE,
        Mechanic.DOUBLE_STRIKE,
        Mechanic.ATTACK_TRIGGER,
        Mechanic.COMBAT_DAMAGE_TRIGGER,
        Mechanic.PLANESWALKER,
        Mechanic.BATTLE,
    }
)


def mechanic(name: str) -> Mechanic:
    """The registered mechanic called ``name`` (``"mechanic:ninjutsu"`` or just ``"ninjutsu"``)."""
    full = name if ":" in name else f"mechanic:{name}"
    try:
        return Mechanic(full)  # type: ignore[call-arg]  # mypy reads the custom __new__ as the value lookup
    except ValueError:
        known = ", ".join(sorted(m.value.removeprefix("mechanic:") for m in Mechanic))
        raise UnknownMechanic(f"unknown mechanic {name!r}; registered mechanics: {known}") from None


def requirements(names: Iterable[str]) -> frozenset[Mechanic]:
    """Validate requirement names: every one must be registered (``card:<name>`` names a card)."""
    out: set[Mechanic] = set()
    for name in names:
        if isinstance(name, str) and name.startswith("card:"):
            continue
        out.add(mechanic(name))
    return frozenset(out)


def check_requirements(names: Iterable[str], *, owner: str) -> None:
    """Raise :class:`UnknownMechanic` naming ``owner`` if any requirement is not registered."""
    try:
        requirements(names)
    except UnknownMechanic as exc:
        raise UnknownMechanic(f"{owner}: {exc}") from None
