"""The reference engine's commander ninjutsu (702.49d): the ninjutsu ability that also works from
the command zone. Activated from the hand or the command zone (not the library or graveyard),
only after blockers with an unblocked attacker to return; the Ninja enters from the zone it was
activated from, tapped and attacking what the returned creature attacked; a card presented from
the command zone (a public zone) is not revealed."""

import pytest

from engines.mutants import all_mutants
from engines.reference import ReferenceEngine
from engines.reference.testing import BEARS, ISLAND, P1
from protocol.adapter import ActionRefused
from protocol.builder import StateBuilder
from protocol.keywords import COMMANDER_NINJUTSU
from protocol.model import ActionKind, CardData, EventKind, Step, Zone, pass_priority

SWAMP = CardData("Swamp", ("Land",), subtypes=("Swamp",), supertypes=("Basic",), text="({T}: Add {B}.)")
YURIKO = CardData(
    "Yuriko, the Tiger's Shadow",
    ("Creature",),
    mana_cost="{1}{U}{B}",
    supertypes=("Legendary",),
    subtypes=("Human", "Ninja"),
    text="Commander ninjutsu {U}{B}",
    power="1",
    toughness="3",
    keywords=("Commander ninjutsu",),
)


def board(zone: Zone, step: Step = Step.DECLARE_BLOCKERS):
    b = StateBuilder()
    blocked = False if step is Step.DECLARE_BLOCKERS else None  # neither before blockers are declared
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=blocked)
    yuriko = b.put(YURIKO, 0, zone)
    b.permanent(ISLAND, 0), b.permanent(SWAMP, 0)
    return b.build(turn=3, step=step, priority=0), yuriko, bears


def offered(session, card):
    return [a for a in session.legal_actions() if a.kind is ActionKind.ACTIVATE and a.source == card]


def resolve(session):
    events = []
    while session.state().stack:
        state = session.state()
        events += session.apply(pass_priority(state.priority))
    return events


@pytest.mark.parametrize("zone", [Zone.COMMAND, Zone.HAND])
def test_commander_ninjutsu_from_the_command_zone_or_the_hand(zone):
    state, yuriko, bears = board(zone)
    session = ReferenceEngine().start(state)
    action = COMMANDER_NINJUTSU.use(0, yuriko, bears)
    assert action in offered(session, yuriko)
    events = session.apply(action)
    mid = session.state()
    assert mid.zone_of(bears) is Zone.HAND and mid.zone_of(yuriko) is zone  # waits in its zone
    revealed = [e for e in events if e.kind is EventKind.REVEAL]
    assert bool(revealed) is (zone is Zone.HAND)  # presented from the command zone, not revealed
    events = resolve(session)
    after = session.state()
    perm = after.permanent(yuriko)
    assert perm is not None and perm.tapped and perm.attacking == P1
    moved = [e for e in events if e.kind is EventKind.ZONE_CHANGE and e.card == yuriko]
    assert moved and moved[0].from_zone is zone


@pytest.mark.parametrize("zone", [Zone.LIBRARY, Zone.GRAVEYARD])
def test_not_from_other_zones(zone):
    state, yuriko, bears = board(zone)
    session = ReferenceEngine().start(state)
    assert not offered(session, yuriko)
    with pytest.raises(ActionRefused):
        session.apply(COMMANDER_NINJUTSU.use(0, yuriko, bears))


def test_not_before_blockers():
    state, yuriko, _ = board(Zone.COMMAND, Step.DECLARE_ATTACKERS)
    session = ReferenceEngine().start(state)
    assert not offered(session, yuriko)


def test_plain_ninjutsu_stays_in_the_hand():
    ninja = CardData("Hand Ninja", ("Creature",), subtypes=("Ninja",), text="Ninjutsu {U}", power="1", toughness="1")
    b = StateBuilder()
    bears = b.permanent(BEARS, 0, tapped=True, attacking=P1, blocked=False)
    card = b.put(ninja, 0, Zone.COMMAND)
    b.permanent(ISLAND, 0)
    session = ReferenceEngine().start(b.build(turn=3, step=Step.DECLARE_BLOCKERS, priority=0))
    assert not offered(session, card)  # 702.49a: ninjutsu works from the hand only
    del bears


def test_the_mutant_without_the_command_zone_refuses_it():
    mutant = all_mutants()["commander-ninjutsu-hand-only"].engine()
    state, yuriko, _ = board(Zone.COMMAND)
    session = mutant.start(state)
    assert not offered(session, yuriko)
    state, yuriko, _ = board(Zone.HAND)
    assert offered(mutant.start(state), yuriko)  # from the hand it still works
