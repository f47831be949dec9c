"""Checks that follow every consequence of an action, not only the one a ruling's sentence names.

Why: a check that asserts only what its ruling speaks of ("the exiled land can be played") lets
an engine through that gets the rest wrong: the land play the land used up (305.2), a card that
moved where nothing sent it, a library shuffled that no rule shuffled (or left in order that one
did). :func:`expect_consequences` compares the state before an action with the state after it
against everything the rules say the action changes (:class:`Consequences`) and asserts that
nothing else changed in those respects:

- what moved where: each named card is in its zone; every other card is where it was (the
  battlefield, the hands, graveyards, exiles and command zones; a library's cards stay in it);
- what was used up: each player's land plays left went down by exactly the plays named (305.2);
  where the action says which permanents may pay (``tap_ok``), no other one was tapped or untapped;
- what was shuffled: a named library holds the same cards (less the moved ones), any order; any
  other library kept its order (401.2 with 701.24: only a shuffle changes it).

Each action's check says what its action implies; the helper says what it implies about the rest.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from protocol.model import PLAYER_ZONES, GameState, Zone
from protocol.probe import expect


@dataclass(frozen=True)
class Consequences:
    """What the rules say an action changes (everything else stays as it was)."""

    #: Card id -> the zone the action puts it in, or the zone and whose it is (the player whose
    #: hand, library ... it is; on the battlefield, its controller): a card returned to its
    #: owner's hand is not one in its controller's.
    moved: Mapping[str, Zone | tuple[Zone, int]] = field(default_factory=dict)
    #: Cards the action may end (a token leaving the battlefield ceases to exist, 704.5d).
    gone_ok: Collection[str] = ()
    #: Player -> land plays the action uses up (305.2: playing a land, from any zone).
    land_plays: Mapping[int, int] = field(default_factory=dict)
    #: The players whose libraries the action shuffles (701.24).
    shuffled: Collection[int] = ()
    #: The permanents the action may tap or untap (a cost's mana paid from them, 601.2h/602.2b);
    #: every other permanent on the battlefield before and after keeps its tapped status.
    #: ``None``: tapping is not this check's business.
    tap_ok: Collection[str] | None = None


def zones_of(state: GameState) -> dict[str, tuple[Zone, int]]:
    """Every card's zone and whose it is (the stack apart: a spell there is the action's own
    business); on the battlefield, its controller."""
    out: dict[str, tuple[Zone, int]] = {p.id: (Zone.BATTLEFIELD, p.controller) for p in state.battlefield}
    for player in state.players:
        for zone in PLAYER_ZONES:
            for card in player.zone(zone):
                out[card] = (zone, player.index)
    return out


def _at(place: tuple[Zone, int] | None, wanted: Zone | tuple[Zone, int]) -> bool:
    if place is None:
        return False
    return place == wanted if isinstance(wanted, tuple) else place[0] is wanted


def _name(place: tuple[Zone, int] | Zone | None) -> str:
    if place is None:
        return "no zone"
    if isinstance(place, tuple):
        return f"player {place[1]}'s {place[0]}"
    return str(place)


def expect_consequences(before: GameState, after: GameState, action: str, rules: Consequences) -> None:
    """Assert that ``action`` took ``before`` to ``after`` exactly as ``rules`` says (see the
    module docstring); the violation names the consequence the engine missed."""
    now = zones_of(after)
    for card, wanted in rules.moved.items():
        on_stack = any(i.source == card for i in after.stack)
        gone = card in rules.gone_ok and card not in now
        expect(
            _at(now.get(card), wanted) or gone or (wanted is Zone.STACK and on_stack),
            f"{action}: the card did not go where the rules put it",
            expected=f"{card} in {_name(wanted)}",
            observed=f"{card} in {'the stack' if on_stack else _name(now.get(card))}",
        )
    was = zones_of(before)
    strays = sorted(
        f"{card}: {_name(place)} -> {_name(now.get(card))}"
        for card, place in was.items()
        if card not in rules.moved and card in now and now[card] != place
    )
    expect(
        not strays,
        f"{action}: cards moved that nothing the action does moves",
        expected="every other card where it was",
        observed="; ".join(strays),
    )
    for player in before.players:
        i = player.index
        used = rules.land_plays.get(i, 0)
        left = after.player(i).land_plays_left
        expect(
            left == player.land_plays_left - used,
            f"{action}: the land plays left are wrong afterwards (305.2: playing a land uses one, whatever "
            "zone it comes from; nothing else does)",
            expected=f"player {i}: {player.land_plays_left - used} land play(s) left",
            observed=f"{left} left",
        )
        kept = [c for c in player.library if c not in rules.moved]
        library = [c for c in after.player(i).library if c not in rules.moved]
        if i in rules.shuffled:
            expect(
                sorted(library) == sorted(kept),
                f"{action}: player {i}'s shuffled library lost or gained cards",
                expected=f"the cards {sorted(kept)}",
                observed=f"{sorted(library)}",
            )
        else:
            expect(
                library == kept,
                f"{action}: player {i}'s library changed its order, which only a shuffle does (701.24)",
                expected=f"library {kept}",
                observed=f"library {library}",
            )
    if rules.tap_ok is not None:
        turned = sorted(
            f"{p.id}: {'tapped' if p.tapped else 'untapped'} -> {'tapped' if q.tapped else 'untapped'}"
            for p in before.battlefield
            if p.id not in rules.tap_ok and (q := after.permanent(p.id)) is not None and q.tapped != p.tapped
        )
        expect(
            not turned,
            f"{action}: permanents were tapped or untapped that nothing the action does uses",
            expected="every other permanent as tapped or untapped as it was",
            observed="; ".join(turned),
        )
