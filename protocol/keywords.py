"""Keyword variants that share rulings, and how to read them from a card's oracle text.

A template's ``{keyword}`` slot matches any variant named here, so "The ninjutsu ability ...",
"The library ninjutsu ability ..." and "The commander ninjutsu ability ..." compile through one
template. The variant tells an invariant where the Ninja waits (hand, library, command zone),
which ability name to activate, and which mechanic an engine must support. Sneak (702.190) has
the same shape — return an unblocked attacker, the card enters tapped and attacking the same
target — but is an alternative cost to cast the card, usable only in the declare blockers step:
its variant says so (``action``, ``window``), and the same checks serve it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from protocol import keyword_registry as registry
from protocol.keyword_registry import KeywordAbility, KeywordKind
from protocol.mechanics import Mechanic
from protocol.model import AFTER_BLOCKERS_STEPS, Action, ActionKind, PlayerIndex, Step, Zone

#: The steps in which ninjutsu can be activated: unblocked attackers exist (509.1h).
AFTER_BLOCKERS_WINDOW: tuple[Step, ...] = tuple(s for s in Step if s in AFTER_BLOCKERS_STEPS)


@dataclass(frozen=True)
class KeywordVariant:
    """How a keyword of the return-an-attacker family (the registry's entry) is used."""

    #: The keyword's registry entry: its name, CR number and mechanic.
    keyword: KeywordAbility
    #: The ``Action.ability`` name used to activate it.
    ability: str
    #: The zone the card with the keyword is in when the ability is activated.
    zone: Zone
    #: Where the returned creature goes as the ability is activated (shuffled in: the library).
    returned_to: Zone = Zone.HAND
    #: Activated only while its controller searches their library (the invariant first starts
    #: the scenario's search: see rulings.invariants.search_moves).
    during_search: bool = False
    #: How the card is put in: ACTIVATE its ability (ninjutsu family) or CAST it for an
    #: alternative cost (sneak: ``costs`` carry ``("alternative", ability)``).
    action: ActionKind = ActionKind.ACTIVATE
    #: The steps in which it can be used (ninjutsu: every step after blockers are declared;
    #: sneak: the declare blockers step only).
    window: tuple[Step, ...] = AFTER_BLOCKERS_WINDOW

    @property
    def name(self) -> str:
        return self.keyword.name

    @property
    def mechanic(self) -> Mechanic:
        """The ``requires`` entry an engine must support."""
        assert self.keyword.mechanic is not None, f"keyword {self.name!r} has no mechanic"
        return self.keyword.mechanic

    @property
    def cr(self) -> str:
        """Comprehensive Rules number of the keyword."""
        return self.keyword.cr

    @property
    def slug(self) -> str:
        return self.name.replace(" ", "-")

    @property
    def casts(self) -> bool:
        return self.action is ActionKind.CAST

    def use(self, player: PlayerIndex, card: str, returned: str | None, *, choice: int | None = None) -> Action:
        """The one action that uses this keyword: ``player`` activates ``card``'s ability (the
        ninjutsu family) or casts ``card`` for its alternative cost (sneak), returning the
        unblocked attacker ``returned``. Invariants, tests and adapters build it here only.

        ``returned=None`` leaves the return cost unpaid (an action the rules refuse, for a check
        to offer); ``choice`` picks the ``choice``-th of several such abilities of the card (cost
        ``(<ability>, "<i>")``: printed ones in text order, then granted ones), and is left out
        when the card has only one."""
        chosen = () if choice is None else ((self.ability, str(choice)),)
        paid = () if returned is None else (("return", returned),)
        if self.casts:
            return Action(ActionKind.CAST, player, source=card, costs=(("alternative", self.ability), *chosen, *paid))
        return Action(ActionKind.ACTIVATE, player, source=card, ability=self.ability, costs=(*chosen, *paid))


NINJUTSU = KeywordVariant(registry.NINJUTSU, "ninjutsu", Zone.HAND)
LIBRARY_NINJUTSU = KeywordVariant(
    registry.LIBRARY_NINJUTSU, "library ninjutsu", Zone.LIBRARY, returned_to=Zone.LIBRARY, during_search=True
)
COMMANDER_NINJUTSU = KeywordVariant(registry.COMMANDER_NINJUTSU, "commander ninjutsu", Zone.COMMAND)

NINJUTSU_FAMILY: dict[str, KeywordVariant] = {v.name: v for v in (NINJUTSU, LIBRARY_NINJUTSU, COMMANDER_NINJUTSU)}

#: Sneak (702.190a): cast from the hand for its sneak cost plus returning an unblocked attacker,
#: only in the declare blockers step; the creature enters tapped and attacking, like a Ninja.
SNEAK = KeywordVariant(registry.SNEAK, "sneak", Zone.HAND, action=ActionKind.CAST, window=(Step.DECLARE_BLOCKERS,))

#: Every keyword that returns an unblocked attacker to put its card onto the battlefield tapped
#: and attacking the same target: the ninjutsu family and sneak. The ninjutsu templates' slot.
RETURN_AN_ATTACKER: dict[str, KeywordVariant] = {**NINJUTSU_FAMILY, SNEAK.name: SNEAK}

#: The family heads of the registry's return-an-attacker keywords ("ninjutsu", "sneak"): a
#: variant's name is its head after a prefix word ("library ninjutsu").
_HEADS = registry.alternation(
    [registry.keyword_ability(k.family_name) for k in registry.of_kind(KeywordKind.RETURN_ATTACKER) if k.family is None]
)

#: A keyword of the family with its cost, anywhere in oracle text (reminder text removed): a
#: card's own ("Ninjutsu {1}{U}", "Library ninjutsu {1}{U}") and one it grants ("... have sneak
#: {3}{B}"). A prefix word is a variant only at the start of a line, where keyword abilities are
#: printed, so "have ninjutsu {2}" reads as plain ninjutsu.
_LINE_KEYWORD = re.compile(rf"^(?:([a-z]+) )?({_HEADS}) (?=\{{)", re.MULTILINE)
_GRANTED_KEYWORD = re.compile(rf"\b({_HEADS}) (?=\{{)")
_REMINDER = re.compile(r"\([^)]*\)")


class UnknownVariant(ValueError):
    """A card carries a keyword of the family (a later "~ninjutsu") that no variant describes."""


def keywords_in_text(text: str) -> tuple[str, ...]:
    """The ninjutsu-family and sneak keywords in oracle ``text``, lower-case, in text order,
    each once ("ninjutsu", "library ninjutsu", "commander ninjutsu", "sneak", or a later
    "<word> ninjutsu" no variant describes yet)."""
    plain = _REMINDER.sub("", text).lower()
    found: list[tuple[int, str]] = []
    taken: set[int] = set()
    for m in _LINE_KEYWORD.finditer(plain):
        name = f"{m.group(1)} {m.group(2)}" if m.group(1) else m.group(2)
        found.append((m.start(), name))
        taken.add(m.start(2))
    for m in _GRANTED_KEYWORD.finditer(plain):
        if m.start(1) not in taken:
            found.append((m.start(), m.group(1)))
    out: list[str] = []
    for _, name in sorted(found):
        if name not in out:
            out.append(name)
    return tuple(out)


def variants_in_texts(texts: tuple[str, ...] | list[str], family: dict[str, KeywordVariant]) -> list[KeywordVariant]:
    """The variants of ``family`` the oracle ``texts`` carry, in the family's order. A keyword of
    the family no variant describes (a later "~ninjutsu") is an :class:`UnknownVariant`."""
    names = {k for text in texts for k in keywords_in_text(text)}
    unknown = sorted(n for n in names if n not in RETURN_AN_ATTACKER and n.endswith(registry.NINJUTSU.name))
    if unknown:
        raise UnknownVariant(f"keyword {unknown[0]!r} is not a known ninjutsu variant")
    return [v for name, v in family.items() if name in names]
