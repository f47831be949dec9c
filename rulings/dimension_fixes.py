"""The state dimensions each invariant's claim fixes, with the reason (``generators.dimensions``).

Every other dimension is free: the invariant's generator must draw each of its values in at least
five in a hundred states (``tests/test_dimension_coverage.py``). A dimension is fixed only when the
ruling's claim is about one value of it (library ninjutsu is used from a library; haste is about a
summoning-sick creature), never because a generator happens to draw one value.

:data:`KNOWN_GAPS` is the other list: free values no generator draws yet, each with what is
missing. It is not an excuse but a to-do list the coverage test keeps exact: a gap drawn since
must leave it, a new gap fails.

Keys are id prefixes: a family's rulings (``"ninjutsu."``), one ruling, or one invariant; every
matching entry applies.
"""

from __future__ import annotations

from collections.abc import Mapping

from generators.dimensions import BY_NAME

_NINJUTSU_WINDOW = (
    "the keyword is activated only after blockers are declared, in a combat step (702.49a, 702.190a): "
    "the claim's window"
)
_COMBAT = "the claim is about declaring attackers or blockers or about combat damage: combat steps (506-511)"
_BATTLEFIELD = "the ability is activated from the battlefield (602.1), the X spell cast from hand (601.2a)"

FIXES: Mapping[str, Mapping[str, str]] = {
    "ninjutsu.": {"phase": _NINJUTSU_WINDOW, "from-zone": "ninjutsu is activated from its owner's hand (702.49a)"},
    "library-ninjutsu.": {
        "phase": _NINJUTSU_WINDOW,
        "from-zone": "library ninjutsu is activated only from a library (Panglacial Shinobi ruling)",
    },
    "commander-ninjutsu.": {
        "phase": _NINJUTSU_WINDOW,
        "from-zone": "commander ninjutsu is activated from the command zone (702.49d)",
    },
    "sneak.": {"phase": _NINJUTSU_WINDOW, "from-zone": "sneak casts the card from its owner's hand (702.190a)"},
    "ninja-teen.": {
        "phase": _NINJUTSU_WINDOW,
        "from-zone": "Ninja Teen's level 3 gives sneak to creature cards in the graveyard: cast from there",
    },
    **{f"{family}.": {"phase": _COMBAT} for family in ("trample", "deathtouch", "lifelink", "indestructible")},
    **{f"{family}.": {"phase": _COMBAT} for family in ("reach", "vigilance", "defender", "haste")},
    # The Comprehensive Rules' own combat rulings (rulings/corpus/combat-rules.toml).
    **{f"{family}.": {"phase": _COMBAT} for family in ("combat", "menace", "flying", "first-strike", "double-strike")},
    "haste.": {
        "phase": _COMBAT,
        "summoning-sick": "haste's claim is about a creature that came under its controller's control this turn (302.6)",
    },
    "combat.attack-requirements/sick-cant-attack": {
        "summoning-sick": "the claim is about a summoning-sick creature that may not attack (302.6, 508.1a)",
    },
    "combat.declared-stays-in-combat/keeps-attacking-without-haste": {
        "summoning-sick": "the claim is about an attacker that came under its controller's control this turn and "
        "has no haste (302.6, 506.4a)",
    },
    "combat.block-requirements/tapped-cant-block": {
        "tapped": "the claim is about a tapped creature that may not block (509.1a)",
    },
    "costs.": {"from-zone": _BATTLEFIELD},
    "costs.tap-symbol/sick-": {
        "summoning-sick": "the claim is about a summoning-sick permanent paying {T} (302.6, 107.5)",
    },
    "costs.untap-symbol/sick-": {
        "summoning-sick": "the claim is about a summoning-sick permanent paying {Q} (302.6, 107.6)",
    },
    "costs.tap-symbol/already-tapped-cannot-pay": {"tapped": "the claim is about a tapped permanent's {T} (107.5)"},
    "costs.untap-symbol/": {"tapped": "{Q} is paid by untapping a tapped permanent (107.6): its subject is tapped"},
    "mana.": {"from-zone": _BATTLEFIELD},
    "search.": {
        "from-zone": "where a search starts is its kind (a spell from hand, a land's ability on the battlefield), "
        "drawn as a kind",
    },
    "library-ninjutsu.only-while-searching/library-ninjutsu/refused-below-restriction-window": {
        "library-position": "the claim is about a Ninja below an opponent's restriction's window (701.23)",
    },
    "costs.x-in-etb-ability/": {"phase": "a creature spell is cast at sorcery timing (307.1): main phases"},
    "library-ninjutsu.library-order-during-search/library-ninjutsu/millikin-mills-top-card": {
        "types": "Millikin, the card the claim is about, is an artifact creature",
    },
    "rebound.": {"from-zone": "rebound is about a card cast from hand (702.88a) and cast again from exile"},
    "rebound.recast-optional/": {"phase": "rebound's trigger is at the beginning of its controller's upkeep (702.88a)"},
    "jeskai-baller.": {
        "target": "Jeskai Baller, the card the rulings are about, has no target",
        "from-zone": "the rulings are about Jeskai Baller cast from hand, or from exile by rebound",
        "phase": "Jeskai Baller is a creature spell (sorcery timing, 307.1) or cast by rebound in the upkeep",
    },
    "play-from-exile.": {"from-zone": "the permission is to play the card from exile (601.3)"},
    "class.": {
        "from-zone": "a Class is cast from hand and levelled up on the battlefield (716.2a)",
        "phase": "a level is gained as a sorcery (716.2a): the claims are in main phases",
    },
}


def _table(*entries: tuple[str, str, str]) -> dict[str, dict[str, str]]:
    """(prefix, dimension, reason) entries as a table (several dimensions under one prefix)."""
    out: dict[str, dict[str, str]] = {}
    for prefix, name, reason in entries:
        out.setdefault(prefix, {})[name] = reason
    return out


#: Empty: every free value is drawn (the last gaps, a targeted rebound card at the upkeep with a
#: legal target and with none, closed by ``generators.rebound``'s ``ReboundSpec.targeted``).
KNOWN_GAPS: Mapping[str, Mapping[str, str]] = _table()


def _matching(table: Mapping[str, Mapping[str, str]], invariant_id: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for prefix, entries in table.items():
        if invariant_id.startswith(prefix):
            out.update(entries)
    return out


def fixed_dimensions(invariant_id: str) -> dict[str, str]:
    """The dimensions the invariant's claim fixes, each with why."""
    return _matching(FIXES, invariant_id)


def known_gaps(invariant_id: str) -> dict[str, str]:
    """The free dimensions of the invariant whose values are not all drawn yet, each with why."""
    return _matching(KNOWN_GAPS, invariant_id)


def _check() -> None:
    for table in (FIXES, KNOWN_GAPS):
        for prefix, entries in table.items():
            for name, reason in entries.items():
                if name not in BY_NAME:
                    raise ValueError(f"dimension table {prefix!r}: unknown dimension {name!r}")
                if not reason.strip():
                    raise ValueError(f"dimension table {prefix!r}: {name} without a reason")


_check()
