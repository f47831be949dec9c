"""Checks of the ninjutsu templates that depend on the zone a variant is activated from (the
library for library ninjutsu), shared by :mod:`rulings.invariants.ninjutsu` and
:mod:`rulings.invariants.search`. Like every check they act only through the Probe.
"""

from __future__ import annotations

from generators.ninjutsu import NinjutsuParams
from protocol.keywords import KeywordVariant
from protocol.model import ActionKind, EventKind, Zone
from protocol.probe import Probe, Scenario, expect
from rulings.invariants.driving import events_of, expect_forbidden, offered, resolve_stack
from rulings.invariants.search_moves import choose, pending_search, ready

ONLY_FROM_ZONE = "refused from the hand, accepted from its zone"
FOUND_NEVER_ENTERS = "never enters once the search found it"


def check_only_from_zone(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    """A Ninja with the variant in the hand (not its zone) is neither offered nor accepted; the
    same keyword on a card in the variant's zone is offered and accepted."""
    ready(variant, probe, scenario)
    params = scenario.params
    player, ninja, elsewhere, returned = params.player, params.ninja, params.ninja_elsewhere, params.returned
    assert elsewhere is not None  # the spec asks for a Ninja elsewhere
    wrong = variant.use(player, elsewhere, returned)
    probe.claim("refused from the hand, accepted from its zone")
    expect_forbidden(
        probe,
        wrong,
        offered(probe, kind=ActionKind.ACTIVATE, source=elsewhere, ability=variant.ability),
        what=variant.name,
        why="from the hand",
        none_offered=f"no {variant.name} activation of {elsewhere} (in the hand)",
    )
    right = variant.use(player, ninja, returned)
    expect(
        bool(
            offered(
                probe, kind=ActionKind.ACTIVATE, source=ninja, ability=variant.ability, costs=(("return", returned),)
            )
        ),
        f"{variant.name} not offered from the {variant.zone}",
        expected=f"{right} offered",
        observed="not offered",
    )
    probe.require(right, f"{variant.name} of a card in the {variant.zone}")


def check_found_never_enters(variant: KeywordVariant, probe: Probe, scenario: Scenario[NinjutsuParams]) -> None:
    """Activate library ninjutsu, then find the Ninja itself with the search: it leaves the
    library, so the ability puts nothing onto the battlefield."""
    ready(variant, probe, scenario)
    player, ninja, returned = scenario.params.player, scenario.params.ninja, scenario.params.returned
    events = probe.require(
        variant.use(player, ninja, returned), f"{variant.name} during the search, before any card is found"
    )
    search = pending_search(probe.state())
    expect(
        search is not None,
        "the search did not continue after the activation",
        expected="the search still pending",
        observed=str(probe.state().pending),
    )
    events += probe.require(choose(player, ninja), "finding the revealed Ninja card, a card the search asks for")
    events += resolve_stack(probe)
    after = probe.state()
    entered = [e for e in events_of(events, EventKind.ZONE_CHANGE, ninja) if e.to_zone is Zone.BATTLEFIELD]
    probe.claim("never enters once the search found it")
    expect(
        after.permanent(ninja) is None and not entered,
        "the Ninja entered the battlefield although it left the library (found by the search) before the "
        "ability resolved",
        expected=f"{ninja} not put onto the battlefield",
        observed=f"{ninja} in {after.zone_of(ninja)}",
    )
