"""The readers that take a sentence apart by meaning for one rule family, by the name a wordings
file gives them (``readers = ["timing"]``): each returns the statement of its template a sentence
states (or ``"explains"``), and names the statements it can return, so a wordings file naming a
reader its template cannot take is an error when the file is read, not a silent miss later."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from protocol.model import CardData
from rulings.deathtouch_trample import STATES as DEATHTOUCH_TRAMPLE_STATES
from rulings.deathtouch_trample import read_deathtouch_trample
from rulings.exile_fate import STATES as FATE_STATES
from rulings.exile_fate import read_fate
from rulings.mana_parts import read_mana
from rulings.mana_tapping import STATE as MANA_TAPPING_STATE
from rulings.timing_facts import states_normal_timing
from rulings.trample_facts import (
    GONE_STATES,
    HALVES_STATE,
    LETHAL_HALF,
    REST_HALF,
    read_blockers_gone,
    read_trample,
    trample_half,
)
from rulings.trample_facts import STATES as TRAMPLE_STATES

#: A reading of a sentence's forms (and its cards) -> the statement it states, "explains", or None.
ReadFunction = Callable[[Iterable[str], tuple[CardData, ...]], str | None]


@dataclass(frozen=True)
class FactReader:
    """One reader: what it reads, and the statements (of its template) it can state."""

    read: ReadFunction
    states: tuple[str, ...]
    #: The part of a rule a sentence says that is only an explanation alone (or None) ...
    part: ReadFunction | None = None
    #: ... and the statement a paragraph makes that says every one of these parts.
    parts: Mapping[frozenset[str], str] = field(default_factory=dict)


def _timing(texts: Iterable[str], cards: tuple[CardData, ...]) -> str | None:
    return "timing-unchanged" if states_normal_timing(texts, cards) else None


READERS: dict[str, FactReader] = {
    # rulings/mana_tapping.py: how a permanent became tapped, and whether that is tapping it for mana (and
    # rulings/mana_parts.py: the same parts in any order)
    "mana-tapping": FactReader(read_mana, (MANA_TAPPING_STATE,)),
    # rulings/exile_fate.py: an exiled card nobody played stays in exile
    "fate": FactReader(read_fate, FATE_STATES),
    # rulings/timing_facts.py: when exiled cards can be played, judged by the normal timing rules
    "timing": FactReader(_timing, ("timing-unchanged",)),
    # rulings/deathtouch_trample.py: 1 damage lethal to each blocker of a creature with deathtouch and trample
    "deathtouch-trample": FactReader(read_deathtouch_trample, DEATHTOUCH_TRAMPLE_STATES),
    # rulings/trample_facts.py: lethal damage to every blocker first, the rest to the player
    # ... and its blockers all gone: all its damage to the player
    "trample-blockers-gone": FactReader(read_blockers_gone, GONE_STATES),
    # (and its two halves said in one paragraph, each an explanation alone)
    "trample": FactReader(
        read_trample, TRAMPLE_STATES, trample_half, {frozenset({LETHAL_HALF, REST_HALF}): HALVES_STATE}
    ),
}
