"""The state-space model: the dimensions of a game state an engine can mishandle, and a classifier.

Why: an engine that gets the common case right often gets a neighbouring one wrong (an artifact
creature where every creature was only a creature, a token where every permanent was a card, a
Ninja one card below a search restriction's window). A generator family that fixes such a
dimension without the claim needing it never draws the state the engine breaks in. This module
names the dimensions (:data:`DIMENSIONS`), each with its values and the rules it comes from, and
:func:`classify` reads the values a drawn :class:`~protocol.probe.Scenario` holds, from the state
(and, for the few dimensions about the object a check acts on, the scenario's params), never from
what the generator meant to draw. The coverage figures (``harness.dimension_coverage``) count them
per invariant; a dimension an invariant's claim fixes is declared with the reason
(``rulings.dimension_fixes``) and left out of the gate.

A dimension that does not apply to a state (no library card a check is about, no target) has no
value there: :func:`classify` leaves it out, and its shares are over the states where it applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from protocol.decisions import SearchDecision
from protocol.model import CardData, GameState, Step, Zone
from protocol.probe import Scenario

#: The card types a permanent can have (CR 300.1, 110.4; instants and sorceries never are).
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
#: Steps grouped as the rules group them into phases (CR 500.1): a finer split is what a claim
#: fixes (its window), a coarser one would hide a state no generator draws.
PHASE_OF: Mapping[Step, str] = {
    Step.UNTAP: "beginning",
    Step.UPKEEP: "beginning",
    Step.DRAW: "beginning",
    Step.PRECOMBAT_MAIN: "main",
    Step.POSTCOMBAT_MAIN: "main",
    Step.BEGINNING_OF_COMBAT: "combat",
    Step.DECLARE_ATTACKERS: "combat",
    Step.DECLARE_BLOCKERS: "combat",
    Step.FIRST_STRIKE_DAMAGE: "combat",
    Step.COMBAT_DAMAGE: "combat",
    Step.END_OF_COMBAT: "combat",
    Step.END: "ending",
    Step.CLEANUP: "ending",
}
#: The window of top cards a search restriction leaves an opponent when no restriction is on the
#: battlefield: Aven Mindcensor's four, the one the corpus's rulings speak of (701.23, 609.3).
DEFAULT_WINDOW = 4


@dataclass(frozen=True)
class Dimension:
    """One dimension of the state space: its values (each a state can hold) and where it comes from."""

    name: str
    #: The Comprehensive Rules numbers the dimension comes from.
    rule: str
    #: What it is, in rules terms.
    what: str
    values: tuple[str, ...]


DIMENSIONS: tuple[Dimension, ...] = (
    Dimension(
        "types",
        "300.1, 110.4, 205.2a",
        "the card types of the permanents: each of one card type, or one of several at once (an artifact creature)",
        ("one-type-each", "several-types"),
    ),
    Dimension(
        "tapped",
        "110.5, 701.26",
        "a tapped permanent other than an attacking creature (declaring it taps it, 508.1f: the step, not a drawn state)",
        ("none", "some"),
    ),
    Dimension(
        "summoning-sick", "302.6", "a permanent that came under its controller's control this turn", ("none", "some")
    ),
    Dimension("token", "111.1, 111.7", "a token among the objects", ("none", "some")),
    Dimension("owner", "108.3, 110.2", "a permanent controlled by a player who does not own it", ("own", "foreign")),
    Dimension("counters", "122.1", "a permanent with counters on it", ("none", "some")),
    Dimension("damage", "120.3, 704.5g", "damage marked on a permanent", ("none", "some")),
    Dimension(
        "library-position",
        "401.2, 701.23",
        "where a library card a check is about sits: the top card, within a search restriction's window "
        "of top cards, or below it",
        ("top", "within-window", "beyond-window"),
    ),
    Dimension(
        "instances",
        "109.1, 609.3",
        "several objects of one card with rules text outside the libraries (two restrictions, two Ninjas, "
        "two Classes), or several effects waiting of one kind",
        ("one", "several"),
    ),
    Dimension(
        "target",
        "115.1, 608.2b",
        "a target chosen for a spell or ability, still legal or illegal by the time it resolves; or none "
        "legal to choose for one that requires a target (then it cannot be cast, 601.2c): illegal too",
        ("none", "legal", "illegal"),
    ),
    Dimension(
        "from-zone",
        "400.1, 601.2a, 305.9",
        "the zone the card a check acts on comes from",
        ("hand", "library", "graveyard", "exile", "command", "battlefield", "stack"),
    ),
    Dimension("phase", "500.1", "the phase the state is in", ("beginning", "main", "combat", "ending")),
    Dimension("whose-turn", "102.1, 500.1", "whose turn it is", ("player-0", "player-1")),
)
BY_NAME: Mapping[str, Dimension] = {d.name: d for d in DIMENSIONS}

#: Params fields that name the card a check acts on, in the order looked for.
FOCUS_FIELDS = ("ninja", "card", "source", "land", "hand_class")


def _types(state: GameState) -> str:
    several = any(len(set(state.data_of(p.id).types) & set(PERMANENT_TYPES)) > 1 for p in state.battlefield)
    return "several-types" if several else "one-type-each"


def _flag(hit: bool, yes: str = "some", no: str = "none") -> str:
    return yes if hit else no


def _has_text(data: CardData) -> bool:
    return bool(data.text.strip())


def restriction_windows(state: GameState) -> list[int]:
    """The top-card windows of the search restrictions on the battlefield (701.23, 609.3)."""
    from generators.search_cards import restriction_count  # a generators module: same layer

    out = []
    for p in state.battlefield:
        n = restriction_count(state.data_of(p.id))
        if n is not None:
            out.append(n)
    return out


def _library_position(state: GameState) -> str | None:
    """The position of the library cards with rules text (the Ninjas, the searched-for cards a
    check is about; basic lands and vanilla filler are not), the deepest one counted: ``None``
    when no such card is in a library, or when no search restriction is on the battlefield and
    no search is under way (then a library card's position is no rule's business)."""
    windows = restriction_windows(state)
    if not windows and not isinstance(state.pending, SearchDecision):
        return None
    window = min(windows) if windows else DEFAULT_WINDOW
    deepest = -1
    for player in state.players:
        for i, card in enumerate(player.library):
            data = state.data_of(card)
            if _has_text(data) and "Basic" not in data.supertypes:
                deepest = max(deepest, i)
    if deepest < 0:
        return None
    if deepest == 0:
        return "top"
    return "within-window" if deepest < window else "beyond-window"


def _instances(state: GameState) -> str:
    seen: dict[str, int] = {}
    for obj in state.objects:
        if state.zone_of(obj.id) == Zone.LIBRARY:
            continue
        data = state.data_of(obj.id)
        if _has_text(data) and "Basic" not in data.supertypes:  # a basic land's text is its reminder
            seen[obj.name] = seen.get(obj.name, 0) + 1
    kinds = [d.ability for d in state.delayed] + [f"permission:{p.player}" for p in state.permissions]
    several = any(n > 1 for n in seen.values()) or len(kinds) != len(set(kinds))
    return _flag(several, "several", "one")


def focus(scenario: Scenario[Any]) -> str | None:
    """The card a check acts on, read from the scenario's params (None: the params name none)."""
    params = scenario.params
    for name in FOCUS_FIELDS:
        value = getattr(params, name, None)
        if isinstance(value, str) and scenario.state.has_object(value):
            return value
    cards = getattr(params, "cards", None)
    if isinstance(cards, tuple) and cards:
        pick = getattr(params, "pick", 0)
        chosen = cards[pick % len(cards)]
        if isinstance(chosen, str) and scenario.state.has_object(chosen):
            return chosen
    return None


def _from_zone(scenario: Scenario[Any]) -> str | None:
    card = focus(scenario)
    if card is None:
        return None
    zone = scenario.state.zone_of(card)
    return None if zone is None else zone.value


def _target(scenario: Scenario[Any]) -> str | None:
    """Read from the params' ``target`` (the chosen target) and ``target_illegal`` fields, which a
    family whose spells or abilities target declares; None where nothing targets. A
    ``target_illegal`` without a ``target``: the spell requires a target and none is legal."""
    params = scenario.params
    if not hasattr(params, "target"):
        return None
    illegal = bool(getattr(params, "target_illegal", False))
    if getattr(params, "target", None) is None:
        return "illegal" if illegal else "none"
    return "illegal" if illegal else "legal"


Classifier = Callable[[Scenario[Any]], str | None]

CLASSIFIERS: Mapping[str, Classifier] = {
    "types": lambda s: _types(s.state) if s.state.battlefield else None,
    "tapped": lambda s: _flag(any(p.tapped and p.attacking is None for p in s.state.battlefield)),
    "summoning-sick": lambda s: _flag(any(p.summoning_sick for p in s.state.battlefield)),
    "token": lambda s: _flag(any(o.token for o in s.state.objects)),
    "owner": lambda s: _flag(
        any(s.state.obj(p.id).owner != p.controller for p in s.state.battlefield), "foreign", "own"
    ),
    "counters": lambda s: _flag(any(n > 0 for p in s.state.battlefield for _, n in p.counters)),
    "damage": lambda s: _flag(any(p.damage > 0 for p in s.state.battlefield)),
    "library-position": lambda s: _library_position(s.state),
    "instances": lambda s: _instances(s.state),
    "target": _target,
    "from-zone": _from_zone,
    "phase": lambda s: PHASE_OF[s.state.step],
    "whose-turn": lambda s: f"player-{s.state.active_player}",
}
assert set(CLASSIFIERS) == set(BY_NAME), "a dimension without a classifier"


def classify(scenario: Scenario[Any]) -> dict[str, str]:
    """The value of each dimension that applies to the scenario (see the module docstring)."""
    out: dict[str, str] = {}
    for name, reader in CLASSIFIERS.items():
        value = reader(scenario)
        if value is not None:
            if value not in BY_NAME[name].values:
                raise ValueError(f"dimension {name}: value {value!r} is not one of {BY_NAME[name].values}")
            out[name] = value
    return out
