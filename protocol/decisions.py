"""Pending decisions: the choices a game waits for that are not priority, one type per kind.

A game that waits for a turn-based declaration, a search, a "may cast" offer or a combat damage
assignment holds a :class:`Decision` in ``GameState.pending``. Each kind is one frozen dataclass
here, and everything the harness needs to know about a kind is on its type, never in an if-chain
elsewhere:

* how it is answered: :attr:`~Decision.answered_by` (the action kinds that answer it) and
  :meth:`~Decision.answer_problems` (what is wrong with an answer's shape);
* the answer that chooses nothing, or the least: :meth:`~Decision.least`, which the drivers of
  the checks (``advance``) and reach-by-play make;
* whether reach-by-play may pass through it: :attr:`~Decision.passable_by_reach`;
* what consistency requires of it: :meth:`~Decision.problems` (``protocol.consistency`` calls
  it) and :attr:`~Decision.leaves_blocks_undeclared`;
* what the minimizer may take out of it: :meth:`~Decision.without` and
  :meth:`~Decision.references` (``protocol.reduce``);
* how reports and messages name it: :meth:`~Decision.describe`.

A subclass names its kind (``class Vote(Decision, kind="vote")``): that registers it
(:data:`KINDS`), and the codec writes and reads it as ``{"kind": "vote", "player": 0, ...}``, so
a new kind of decision is one new class and nothing else.

The state holds a decision and a decision is checked against the state, so one of the two must
not name the other: :mod:`protocol.model` imports this module, and a decision reads the state
through :class:`Board`, the few things of a ``GameState`` it looks at.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal, Protocol

from protocol import codec
from protocol.actions import Action, ActionKind, PlayerIndex

#: Every kind of decision by its tag, filled as each :class:`Decision` subclass is defined.
KINDS: dict[str, type[Decision]] = {}

#: What a decision may be asked for the offered actions with (the engine's legal actions, read
#: only by a decision whose least answer depends on them).
Offered = Callable[[], Sequence[Action]]


# -- what a decision reads of the state ----------------------------------------------------------


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


class _Seat(Protocol):
    @property
    def library(self) -> Sequence[str]: ...


class _Step(Protocol):
    @property
    def deals_combat_damage(self) -> bool: ...


class _InCombat(Protocol):
    @property
    def controller(self) -> PlayerIndex: ...

    @property
    def attacking(self) -> object | None: ...

    @property
    def blocking(self) -> Sequence[str]: ...


class Board(Protocol):
    """The parts of a game state a decision's consistency check reads (a ``GameState`` has them:
    ``protocol.consistency`` hands it the state)."""

    @property
    def step(self) -> _Step: ...

    @property
    def stack(self) -> Sequence[_Identified]: ...

    def player(self, index: PlayerIndex) -> _Seat: ...

    def permanent(self, card_id: str) -> _InCombat | None: ...

    def has_object(self, card_id: str) -> bool: ...


# -- the base --------------------------------------------------------------------------------------


@codec.tagged_union("kind", lambda: KINDS, legacy_empty=("cards", "search", "resolving"))
@dataclass(frozen=True)
class Decision(abc.ABC):
    """A decision the game waits for that is not a priority decision; ``player`` makes it.

    (``legacy_empty``: before decisions were types, one record carried ``cards``, ``search`` and
    ``resolving`` for every kind; stored states keep them, empty, on kinds that have no such field.)"""

    player: PlayerIndex

    #: The stable tag of the kind, in JSON and in messages ("declare-attackers" ...).
    kind: ClassVar[str]
    #: The action kinds that answer it (other actions may be allowed meanwhile, e.g. mana
    #: abilities during a search, 605.3a: that is the engine's to say).
    answered_by: ClassVar[frozenset[ActionKind]]
    #: Whether reach-by-play, which makes only moves that choose nothing, may answer it with
    #: :meth:`least` on its way to a step: yes for the turn-based actions every game has on the
    #: way (declarations, 508.1/509.1; combat damage assignment, 510.1), no for choices a spell
    #: or ability brings (a search, a "may cast" offer): an engine that stops for one on the way
    #: did not get where passing leads.
    passable_by_reach: ClassVar[bool] = False
    #: Whether, while it waits, attacking creatures may be neither blocked nor unblocked in a
    #: step after blockers are declared (509.1h happens as the declaration is made).
    leaves_blocks_undeclared: ClassVar[bool] = False

    def __init_subclass__(cls, *, kind: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind in KINDS:
            raise TypeError(f"decision kind {kind!r} is defined twice ({KINDS[kind].__name__} and {cls.__name__})")
        cls.kind = kind
        KINDS[kind] = cls

    # -- answering ----------------------------------------------------------------------------
    def answer_problems(self, action: Action) -> list[str]:
        """What is wrong with ``action`` as an answer (empty: its shape is right). Only the shape
        the decision itself can judge: an engine judges the rest by its rules."""
        if action.kind not in self.answered_by:
            wanted = " or ".join(sorted(self.answered_by))
            return [f"player {self.player} must {wanted}, not {action.kind}"]
        if action.player != self.player:
            return [f"player {action.player} cannot answer player {self.player}'s {self.kind} choice"]
        return []

    @abc.abstractmethod
    def least(self, offered: Offered) -> Action:
        """The answer that chooses nothing, or the least (see each kind)."""

    # -- consistency and the minimizer -----------------------------------------------------
    def problems(self, board: Board) -> list[str]:
        """What a consistent game state requires of this decision, in words (empty: nothing wrong)."""
        return []

    def references(self) -> frozenset[str]:
        """The ids of objects this decision is about, which the minimizer must keep."""
        return frozenset()

    def without(self, card_id: str) -> Decision | None:
        """This decision with the card taken out of the game, or ``None`` when it cannot go
        without it (the minimizer then keeps the card)."""
        return self

    # -- words ------------------------------------------------------------------------------
    def describe(self) -> str:
        """Who decides what, for messages and reports ("P0 declare-attackers")."""
        return f"P{self.player} {self.kind}"


# -- declarations ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeclareAttackers(Decision, kind="declare-attackers"):
    """508.1: the active player declares attackers (the least: none)."""

    answered_by = frozenset({ActionKind.DECLARE_ATTACKERS})
    passable_by_reach = True

    def least(self, offered: Offered) -> Action:
        return Action(ActionKind.DECLARE_ATTACKERS, self.player)


@dataclass(frozen=True)
class DeclareBlockers(Decision, kind="declare-blockers"):
    """509.1: the defending player declares blockers (the least: none). Attackers become blocked
    or unblocked as the declaration is made (509.1h), not before."""

    answered_by = frozenset({ActionKind.DECLARE_BLOCKERS})
    passable_by_reach = True
    leaves_blocks_undeclared = True

    def least(self, offered: Offered) -> Action:
        return Action(ActionKind.DECLARE_BLOCKERS, self.player)


# -- a search, a look ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Search:
    """A search in progress (CR 701.23): who searches whose library for what.

    ``candidates`` are the cards the search can see, fixed when the search starts: the whole
    library, or only its top ``visible`` cards under a restriction such as Aven Mindcensor's
    (they stay the same throughout the search even when several cards are found). ``found``
    grows as cards are chosen; ``says_search_and_library`` tells whether the effect's text says
    "search" and "library", which library ninjutsu needs.

    ``effect`` is the oracle text of the effect, ``card_type`` its card-type words ("creature",
    "basic land"; ``None``: any card) and ``count`` the most cards it finds. The search happens
    while a spell or ability resolves, and that spell or ability stays on the stack until it has
    finished resolving (608.2n): ``resolving`` is its stack item id. Found cards stay in the
    library until the search is over. ``mode`` "order" describes an effect that only looks at
    cards of a library and puts them back in an order the player chooses ("look at the top three
    cards of your library, then put them back in any order"): not a search (701.23), so it sets
    no ``searched_library`` and shuffles nothing; the choice lists the candidates top first."""

    searcher: PlayerIndex
    library: PlayerIndex
    source: str
    effect: str
    card_type: str | None = None
    count: int = 1
    visible: int | None = None
    candidates: tuple[str, ...] = ()
    found: tuple[str, ...] = ()
    says_search_and_library: bool = True
    resolving: str | None = None
    mode: Literal["find", "order"] = "find"


@dataclass(frozen=True)
class SearchDecision(Decision, kind="search"):
    """A search (or a look) waits for its searcher's choice of cards (701.23, see :class:`Search`).

    Answered by ``CHOOSE_CARDS``: the cards found (added to ``found``; no cards: find no more),
    or for a look the looked-at cards top first (none: keep the order). The least: choosing no
    card when the engine offers that, else the offered choice with the fewest cards (a search for
    a card with no particular quality must find one). Not passed by reach-by-play: a spell or
    ability asks for it."""

    search: Search

    answered_by = frozenset({ActionKind.CHOOSE_CARDS})

    def answer_problems(self, action: Action) -> list[str]:
        found = super().answer_problems(action)
        if found:
            return found
        search, cards = self.search, action.cards
        if len(set(cards)) != len(cards):
            return ["a card is chosen twice"]
        if search.mode == "order":
            if cards and sorted(cards) != sorted(search.candidates):
                return ["put back every looked-at card, each once (or none, to keep the order)"]
            return []
        found = [f"the search cannot see {card_id}" for card_id in cards if card_id not in search.candidates]
        if len(search.found) + len(cards) > search.count:
            found.append(f"the search finds at most {search.count} cards")
        return found

    def least(self, offered: Offered) -> Action:
        choices = [a for a in offered() if a.kind is ActionKind.CHOOSE_CARDS]
        if not choices:
            return Action(ActionKind.CHOOSE_CARDS, self.player)
        return min(choices, key=lambda a: len(a.cards))

    def problems(self, board: Board) -> list[str]:
        """A pending search (or look) names its searcher, a library, candidates in that library,
        found cards among the candidates (at most ``count``) and the stack item that is resolving."""
        search = self.search
        found: list[str] = []
        if search.searcher != self.player:
            found.append(f"the pending search is made by player {self.player} but its searcher is {search.searcher}")
        if search.library not in (0, 1):
            found.append(f"the pending search searches library {search.library}, not a player's")
            return found
        library = set(board.player(search.library).library)
        for card_id in search.candidates:
            if card_id not in library:
                found.append(f"search candidate {card_id} is not in player {search.library}'s library")
        for card_id in search.found:
            if card_id not in search.candidates:
                found.append(f"found card {card_id} is not a candidate of the search")
        for name, ids in (("candidates", search.candidates), ("found", search.found)):
            if len(set(ids)) != len(ids):
                found.append(f"the search's {name} name a card twice")
        if search.count < len(search.found):
            found.append(f"the search found {len(search.found)} cards but finds at most {search.count}")
        if search.visible is not None and len(search.candidates) > search.visible:
            found.append(
                f"the search sees {len(search.candidates)} cards but only the top {search.visible} are visible"
            )
        if search.resolving is not None and search.resolving not in {s.id for s in board.stack}:
            found.append(f"the search's resolving stack item {search.resolving!r} is not on the stack")
        return found

    def references(self) -> frozenset[str]:
        return frozenset({self.search.source})

    def without(self, card_id: str) -> Decision | None:
        search = self.search
        if card_id not in search.candidates and card_id not in search.found:
            return self
        return replace(
            self,
            search=replace(
                search,
                candidates=tuple(c for c in search.candidates if c != card_id),
                found=tuple(c for c in search.found if c != card_id),
            ),
        )


# -- a "may cast" offer ----------------------------------------------------------------------------


@dataclass(frozen=True)
class MayCast(Decision, kind="may-cast"):
    """A resolving ability lets ``player`` cast one of ``cards`` now, without paying its mana
    cost, or decline (rebound's delayed trigger, 702.88a): ``Action(CAST, source=card)`` casts
    it, ``Action(CHOOSE_CARDS)`` with no cards declines (the least). ``resolving`` is the stack
    item that waits for the choice (608.2n: it stays on the stack until it has finished
    resolving). Not passed by reach-by-play: an ability offers it."""

    cards: tuple[str, ...] = ()
    resolving: str | None = None

    answered_by = frozenset({ActionKind.CAST, ActionKind.CHOOSE_CARDS})

    def answer_problems(self, action: Action) -> list[str]:
        found = super().answer_problems(action)
        if found:
            return found
        if action.kind is ActionKind.CHOOSE_CARDS and action.cards:
            return [f"player {self.player} may cast {', '.join(self.cards)} or decline (choose no card)"]
        if action.kind is ActionKind.CAST and action.source not in self.cards:
            return [f"{action.source} is not a card player {self.player} may cast now"]
        return []

    def least(self, offered: Offered) -> Action:
        return Action(ActionKind.CHOOSE_CARDS, self.player)

    def problems(self, board: Board) -> list[str]:
        """A "may-cast" choice names cards to cast and the stack item resolving."""
        found: list[str] = []
        if not self.cards:
            found.append("a pending may-cast choice names no card")
        for card_id in self.cards:
            if not board.has_object(card_id):
                found.append(f"the may-cast choice names {card_id!r}, which is not an object of the game")
        if self.resolving is not None and self.resolving not in {s.id for s in board.stack}:
            found.append(f"the may-cast choice's resolving stack item {self.resolving!r} is not on the stack")
        return found

    def without(self, card_id: str) -> Decision | None:
        if card_id not in self.cards:
            return self
        cards = tuple(c for c in self.cards if c != card_id)
        return replace(self, cards=cards) if cards else None


# -- assigning combat damage -----------------------------------------------------------------------


class Trample(enum.StrEnum):
    """How an attacking creature with trample may assign damage beyond its blockers (702.19)."""

    #: 702.19b: once every blocker is assigned lethal damage, the rest may go to what it attacks.
    TRAMPLE = "trample"
    #: 702.19c: as trample; attacking a planeswalker, damage beyond its loyalty may then go to
    #: its controller.
    OVER_PLANESWALKERS = "over-planeswalkers"


@dataclass(frozen=True)
class DamageRecipient:
    """What a creature's combat damage may be assigned to: a creature (its id), or with trample a
    player ("player:N"), planeswalker or battle (its id), as ``protocol.actions.target_ref``
    names them. ``lethal``: for a creature, the damage lethal to it now, its toughness less the
    damage already marked on it (120.6, 702.19b); for a planeswalker under trample over
    planeswalkers, its loyalty (702.19c); ``None`` where nothing has to be assigned first."""

    ref: str
    lethal: int | None = None


@dataclass(frozen=True)
class DamageSource:
    """One creature whose combat damage its controller divides (510.1c-d): ``amount`` is the
    damage it assigns, its power (510.1a), among ``creatures``, the creatures blocking it
    (510.1c) or those it blocks (510.1d), in the engine's order.

    With ``trample`` (an attacker only, 702.19a) the damage may also go to ``beyond``, in order:
    what it attacks (702.19b) and, under trample over planeswalkers attacking a planeswalker, that
    planeswalker's controller (702.19c). A recipient of ``beyond`` gets damage only once every
    creature and every recipient before it has been assigned its ``lethal`` damage, counting all
    the damage this player assigns in the step (702.19b). With ``deathtouch`` any nonzero amount
    it assigns to a creature is lethal (702.2c)."""

    source: str
    amount: int
    creatures: tuple[DamageRecipient, ...]
    trample: Trample | None = None
    beyond: tuple[DamageRecipient, ...] = ()
    deathtouch: bool = False

    @property
    def recipients(self) -> tuple[str, ...]:
        return tuple(r.ref for r in self.creatures + self.beyond)

    def lethal_to(self, creature: DamageRecipient) -> int:
        """The damage from this source that is lethal to one of its ``creatures``."""
        lethal = max(0, creature.lethal or 0)
        return min(1, lethal) if self.deathtouch else lethal


#: (source creature, recipient, amount): one part of a combat damage assignment.
Share = tuple[str, str, int]


@dataclass(frozen=True)
class AssignCombatDamage(Decision, kind="assign-combat-damage"):
    """510.1: as a combat damage step begins, the active player, then the defending player,
    announces how each of their attacking or blocking creatures assigns its combat damage.
    Only a creature with a choice to make is listed in ``sources``: one blocked by two or more
    creatures (510.1c), blocking two or more (510.1d), or with trample (702.19b); the others
    assign theirs as the rules fix it. (The order of blockers for damage assignment is no longer
    part of the rules: any division among them is legal, 510.1c-d.)

    Answered by ``ASSIGN_DAMAGE`` whose ``damage`` divides every listed creature's damage; the
    whole assignment is checked at once (510.1e). ``announced`` is what the active player
    assigned when the defending player decides: all of it is dealt at once afterwards (510.2).
    The least: each creature's damage lethal to each of its creatures in turn, the rest to the
    last one (or, with no creature left to assign to, to what it attacks, 702.19d). Passed by
    reach-by-play: a turn-based action of every combat damage step."""

    sources: tuple[DamageSource, ...] = ()
    announced: tuple[Share, ...] = ()

    answered_by = frozenset({ActionKind.ASSIGN_DAMAGE})
    passable_by_reach = True

    def answer_problems(self, action: Action) -> list[str]:
        found = super().answer_problems(action)
        if found:
            return found
        by_source = {s.source: s for s in self.sources}
        assigned: dict[str, dict[str, int]] = {s.source: {} for s in self.sources}
        for source, recipient, amount in action.damage:
            entry = by_source.get(source)
            if entry is None:
                found.append(f"{source} is not a creature whose combat damage player {self.player} divides")
                continue
            if recipient not in entry.recipients:
                found.append(f"{source} cannot assign combat damage to {recipient} (510.1c-d)")
            if amount < 1:
                found.append(f"{source} assigns {amount} damage to {recipient} (list positive amounts only)")
            if recipient in assigned[source]:
                found.append(f"{source} assigns damage to {recipient} twice")
            assigned[source][recipient] = assigned[source].get(recipient, 0) + amount
        for entry in self.sources:
            total = sum(assigned[entry.source].values())
            if total != entry.amount:
                found.append(f"{entry.source} assigns {total} combat damage, not the {entry.amount} it deals (510.1a)")
        return found or self._trample_problems(assigned)

    def _trample_problems(self, assigned: dict[str, dict[str, int]]) -> list[str]:
        """702.19b-c: damage beyond a creature's blockers only once each of them, and each
        recipient before, has been assigned lethal damage (by any of the player's creatures)."""
        received: dict[str, int] = {}
        deathtouched: set[str] = set()
        for entry in self.sources:
            for ref, amount in assigned[entry.source].items():
                received[ref] = received.get(ref, 0) + amount
                if entry.deathtouch:
                    deathtouched.add(ref)
        found: list[str] = []
        for entry in self.sources:
            short = [
                c.ref for c in entry.creatures if c.ref not in deathtouched and received.get(c.ref, 0) < (c.lethal or 0)
            ]
            for recipient in entry.beyond:
                if short and assigned[entry.source].get(recipient.ref):
                    found.append(
                        f"{entry.source} assigns damage to {recipient.ref} before lethal damage to {', '.join(short)} "
                        "(702.19b-c)"
                    )
                if recipient.lethal is not None and received.get(recipient.ref, 0) < recipient.lethal:
                    short = short + [recipient.ref]
        return found

    def least(self, offered: Offered) -> Action:
        received: dict[str, int] = {}
        damage: list[Share] = []
        for entry in self.sources:
            left = entry.amount
            targets = entry.creatures or entry.beyond[:1]
            for i, target in enumerate(targets):
                needed = entry.lethal_to(target) - received.get(target.ref, 0)
                share = left if i == len(targets) - 1 else min(left, max(0, needed))
                if share > 0:
                    damage.append((entry.source, target.ref, share))
                    received[target.ref] = received.get(target.ref, 0) + share
                left -= share
        return Action(ActionKind.ASSIGN_DAMAGE, self.player, damage=tuple(damage))

    def problems(self, board: Board) -> list[str]:
        """A pending assignment waits in a combat damage step; each listed creature is on the
        battlefield under the deciding player's control, attacking or blocking, its damage
        positive, its creatures those blocking it (or blocked by it) with their lethal damage;
        only trample reaches beyond them, and only an attacker's (702.19a)."""
        found: list[str] = []
        if not board.step.deals_combat_damage:
            found.append(f"a combat damage assignment is pending in the {board.step} step")
        seen: set[str] = set()
        for entry in self.sources:
            source = entry.source
            if source in seen:
                found.append(f"{source}'s combat damage is to be divided twice")
            seen.add(source)
            perm = board.permanent(source)
            if perm is None:
                found.append(f"{source} divides combat damage but is not on the battlefield")
                continue
            if perm.controller != self.player:
                found.append(f"{source}'s combat damage is divided by player {self.player}, not its controller")
            attacking = perm.attacking is not None
            if not attacking and not perm.blocking:
                found.append(f"{source} divides combat damage but is neither attacking nor blocking")
            if entry.amount < 1:
                found.append(f"{source} divides {entry.amount} combat damage (510.1a: only a positive amount)")
            if not entry.recipients:
                found.append(f"{source} divides combat damage among nobody")
            for creature in entry.creatures:
                found.extend(_creature_problems(board, source, perm, creature))
            if entry.beyond and (entry.trample is None or not attacking):
                found.append(f"{source} assigns beyond the creatures in combat with it without trample (702.19a-b)")
            for recipient in entry.beyond:
                if not (_is_player_ref(recipient.ref) or board.permanent(recipient.ref) is not None):
                    found.append(f"{source} may assign combat damage to {recipient.ref}, which is nobody in the game")
        for source, ref, amount in self.announced:
            if amount < 1 or source in seen:
                found.append(f"the announced combat damage {source}->{ref}:{amount} is not a positive share")
        return found

    def references(self) -> frozenset[str]:
        ids = {entry.source for entry in self.sources}
        for entry in self.sources:
            ids.update(r for r in entry.recipients if not _is_player_ref(r))
        for source, recipient, _ in self.announced:
            ids.add(source)
            if not _is_player_ref(recipient):
                ids.add(recipient)
        return frozenset(ids)

    def without(self, card_id: str) -> Decision | None:
        return None if card_id in self.references() else self


def _is_player_ref(ref: str) -> bool:
    return ref in ("player:0", "player:1")


def _creature_problems(board: Board, source: str, perm: _InCombat, creature: DamageRecipient) -> list[str]:
    other = board.permanent(creature.ref)
    found: list[str] = []
    if other is None:
        found.append(f"{source} may assign combat damage to {creature.ref}, which is not on the battlefield")
    elif perm.attacking is not None and source not in other.blocking:
        found.append(f"{source} may assign combat damage to {creature.ref}, which does not block it (510.1c)")
    elif perm.attacking is None and creature.ref not in perm.blocking:
        found.append(f"{source} may assign combat damage to {creature.ref}, which it does not block (510.1d)")
    if creature.lethal is None or creature.lethal < 0:
        found.append(f"{source}'s recipient {creature.ref} has no lethal damage (120.6)")
    return found


__all__ = [
    "KINDS",
    "AssignCombatDamage",
    "Board",
    "DamageRecipient",
    "DamageSource",
    "Decision",
    "DeclareAttackers",
    "DeclareBlockers",
    "MayCast",
    "Offered",
    "Search",
    "SearchDecision",
    "Share",
    "Trample",
]
