"""Invariants of playing cards exiled with a permission (Fallen Shinobi: "Until end of turn, you
may play those cards without paying their mana costs"; CR 601.3, 305.1-305.2, 307.1, 400.7).
Templates: a ruling of any card that exiles cards and lets you play them, saying one of
these rules in the wordings of ``rulings/wordings/exile.toml``, compiles to the
check for its own card (Fallen Shinobi's trigger is drawn only for Fallen Shinobi's rulings; the
permission is free or paid as the card's oracle text says). Scenarios: :mod:`generators.exile`.

The model of the timing a card keeps, from the scenario alone: an instant whenever its player
has priority (117.1a); a sorcery or a creature only in a main phase of their own turn with an
empty stack (307.1); a land likewise and only with a land play left (305.1, 305.2).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from hypothesis import strategies as st

from generators.exile import MAIN_STEPS, ExileParams, ExileSpec, exile_permission_scenarios
from generators.spell_cards import FALLEN_SHINOBI
from protocol.mechanics import Mechanic
from protocol.model import CardData, GameState, Step, Zone, parse_mana_cost
from protocol.probe import Probe, Scenario, expect
from rulings.declare import FromCards, invariant, template
from rulings.invariants.consequences import Consequences, expect_consequences
from rulings.invariants.driving import resolve_stack
from rulings.invariants.spell_moves import offered_for, play_action, watch_until, whose_turn, zone_name
from rulings.templates import Applies

REQUIRES = frozenset(
    {
        Mechanic.STACK,
        Mechanic.PRIORITY,
        Mechanic.CASTING,
        Mechanic.CASTING_PERMANENTS,
        Mechanic.PLAY_FROM_EXILE,
        Mechanic.LAND_PLAY,
    }
)
SHINOBI = frozenset({Mechanic.NINJUTSU, Mechanic.COMBAT_DAMAGE_TRIGGER})

#: A permission to play or cast cards ("you may play that card this turn", "you may look at and cast
#: that card"), or an instruction to cast them as an ability's effect ("...: Cast any number of
#: cards exiled with ~ without paying their mana costs."). The permission may be another player's
#: ("for as long as that card remains exiled, its owner may play it", "each player may play lands and
#: cast spells from among cards they exiled with ~"): a drawn state gives it to either player.
_PERMISSION = re.compile(
    r"\b(?:you|that player|each player|its owner|their owner|its controller|that creature's controller|that opponent"
    r"|the exiled card's owner|they) may (?:look at and )?(?:play|cast)\b|(?:^|: )cast\b",
    re.MULTILINE,
)
_THIS_TURN = ("this turn", "until end of turn")
#: Cards exiled as a search finds them ("while an opponent is searching their library, they exile
#: each card they find").
_FOUND_IN_SEARCH = re.compile(
    r"\bsearch(?:es|ing)?\b[^.]*\bexile (?:each|the|any) cards? (?:they|that player|you) finds?\b"
)
#: Permissions that outlast the turn: "for as long as ...", "until the end of your next turn",
#: "until the beginning of your next upkeep" (the opponents' turns in between included), "until you
#: exile another card with ~" (until an event of the card's, whenever it comes).
_LASTING = ("for as long as", "next turn", "next upkeep", "until you exile another")
#: The one lasting permission the checks draw (``PlayPermission.until``): "until the end of your next turn".
_UNTIL_END_OF_NEXT_TURN = re.compile(r"\buntil the end of your next turn\b|\buntil your next turn ends\b")


#: The card's own text moving the exiled cards nobody played out of exile ("if you haven't played
#: it, put it into your hand", "put the rest on the bottom of your library"): for such a card "the
#: cards you don't play stay in exile" is false, whatever the words of the ruling.
_MOVES_UNPLAYED = re.compile(
    r"\b(?:put|puts|return|returns|shuffle|shuffles) (?:it|them|that card|those cards|the rest|the others|all cards exiled"
    r"[a-z ~]*|the (?:exiled )?cards? (?:exiled [a-z ~]+ )?(?:you|they|that player) (?:didn't|did not|don't|do not|haven't|have not)"
    r" (?:play|cast|played)[a-z ]*|any (?:cards?|of them)[a-z ]*|each (?:of them|card)[a-z ]*) (?:into|onto|on|to|in) "
    r"(?:the bottom of |the top of )?(?:your|its owner's|their owner's|their owners'|their|a player's) (?:hands?|library|libraries|graveyards?)"
)


def keeps_unplayed_exiled(base: Applies) -> Applies:
    """``base``, and the card does not itself move the exiled cards nobody played out of exile."""

    def applies(card: CardData) -> str | None:
        problem = base(card)
        if problem is None and _MOVES_UNPLAYED.search(card.text.lower().replace(card.name.lower(), "~")):
            return "its own text moves the exiled cards nobody played out of exile"
        return problem

    return applies


#: The card's own text changing when the exiled cards can be played (702.8a: flash).
_CHANGES_TIMING = re.compile(
    r"as though (?:it|they|that card|those cards|the exiled cards?|that spell|those spells) had flash"
    r"|any time you could cast an instant|at instant speed"
)


def keeps_timing(base: Applies) -> Applies:
    """``base``, and the card's permission does not change when the exiled cards can be played."""

    def applies(card: CardData) -> str | None:
        problem = base(card)
        if problem is None and _CHANGES_TIMING.search(card.text.lower()):
            return "its permission changes when the exiled cards can be played (as though they had flash)"
        return problem

    return applies


def permission_until(card: CardData) -> str | None:
    """How long the card's permission to play what it exiles lasts, as ``PlayPermission.until`` says
    it: "end-of-turn", "end-of-your-next-turn", or None (another duration, or no such permission)."""
    if grants_exile_play(lasting=False)(card) is None:
        return "end-of-turn"
    if grants_exile_play(lasting=False, next_turn=True)(card) is None:
        return "end-of-your-next-turn"
    return None


def ends_this_turn(card: CardData) -> str | None:
    """A ruling saying the exiled cards can be played this turn only speaks of a permission that ends this turn."""
    if permission_until(card) == "end-of-your-next-turn":
        return "its permission lasts until the end of your next turn, the ruling says it ends this turn"
    return None


def ends_next_turn(card: CardData) -> str | None:
    """A ruling naming the end of your next turn speaks of a permission that lasts until then."""
    if permission_until(card) != "end-of-your-next-turn":
        return "the ruling says the permission lasts until the end of your next turn, the card's does not"
    return None


def grants_exile_play(*, lasting: bool = True, on_resolution: bool = True, next_turn: bool = False) -> Applies:
    """The card exiles cards and lets you play (or cast) them. ``lasting=False``: not a
    permission that outlasts the turn ("for as long as ...", "until the end of your next turn"),
    except, with ``next_turn``, one "until the end of your next turn" (the checks draw that one);
    ``on_resolution=False``: not one used only while the card resolves (with no "this turn"),
    where the cards' timing is ignored."""

    def applies(card: CardData) -> str | None:
        text = card.text.lower()
        if "exile" not in text or not _PERMISSION.search(text):
            return "no permission to play cards it exiles in its oracle text"
        if _FOUND_IN_SEARCH.search(text):
            # 701.19: the cards are exiled as another player's search finds them, an event the
            # checks that play exiled cards never stage (they exile from the top of a library)
            return "it exiles the cards a player's search finds, which no check stages"
        # The permission's duration is read in the abilities that grant it (113.2: one paragraph
        # each), not in the card's other abilities ("+1: Until your next turn, ..." of a
        # planeswalker whose last ability lets you cast what it exiled).
        lines = [line for line in text.splitlines() if _PERMISSION.search(line)]
        granting = " ".join(lines) or text
        # A permission in a static ability of a permanent ("You may play lands from among cards
        # exiled with ~.", 604.1) lasts as long as the permanent does.
        static = not card.is_type("Instant") and not card.is_type("Sorcery") and any(map(_static, lines))
        if next_turn:
            if not _UNTIL_END_OF_NEXT_TURN.search(granting):
                return "its permission does not last until the end of your next turn"
            granting = _UNTIL_END_OF_NEXT_TURN.sub("", granting)
        if not lasting and (static or any(w in granting for w in _LASTING)):
            return "its permission lasts beyond the turn (the rule is about a permission that ends)"
        if not on_resolution and not static and not any(w in granting for w in _THIS_TURN + _LASTING):
            return "its cards are cast while it resolves, when their normal timing is ignored"
        return None

    return applies


def _static(ability: str) -> bool:
    """Whether one paragraph of oracle text (lower case) is a static ability: neither triggered
    (603.1: "when", "whenever", "at") nor activated (602.1: "[cost]: [effect]"), nor a loyalty
    ability."""
    chapter = re.match(r"[ivx]+(?:, [ivx]+)* —", ability)  # a Saga's chapter ability is triggered (714.2b)
    body = re.sub(r"^[a-z' ]+ — ", "", ability)  # an ability word ("wild magic surge — whenever ...")
    triggered = chapter or re.match(r"(?:when|whenever|at)\b", body)
    part_of_another = body.startswith(("•", "[")) or "|" in body  # a mode, a loyalty ability, a roll's result
    return not triggered and not part_of_another and ":" not in body


def paid_permission(card: CardData) -> str | None:
    """A ruling saying the exiled cards' costs must still be paid speaks of a paid permission."""
    if "without paying" in card.text.lower():
        return "its permission waives the cards' mana costs, the ruling says they must be paid"
    return None


def playable(state: GameState, player: int, kind: str) -> bool:
    """Whether ``player`` may play a card of ``kind`` now, by its normal timing."""
    if state.priority != player or state.pending is not None:
        return False
    if kind == "Instant":
        return True
    sorcery_speed = state.active_player == player and state.step.is_main and not state.stack
    if kind == "Land":
        return sorcery_speed and state.player(player).land_plays_left > 0
    return sorcery_speed


def free_permission(card: CardData) -> str | None:
    """The checks that play an exiled card draw free permissions (the engine pays nothing)."""
    problem = grants_exile_play(on_resolution=False)(card)
    if problem is None and "without paying" not in card.text.lower():
        return "its permission needs the cards' costs paid: the checks that play them draw free permissions only"
    return problem


def shinobi(cards: Sequence[CardData]) -> bool:
    """Fallen Shinobi's rulings also draw its combat damage trigger making the permissions."""
    return any(c.name == FALLEN_SHINOBI.name for c in cards)


def exile_requires(cards: Sequence[CardData]) -> frozenset[str]:
    return REQUIRES | SHINOBI if shinobi(cards) else REQUIRES


def free(cards: Sequence[CardData]) -> bool:
    return all("without paying" in c.text.lower() for c in cards)


def paid(state: GameState, holder: int, card: str) -> bool:
    return any(p.card == card and p.player == holder and not p.without_paying for p in state.permissions)


def mana_value(cost: str) -> int:
    return sum(int(s) if s.isdigit() else 1 for s in parse_mana_cost(cost))


def untapped_lands(state: GameState, player: int) -> int:
    return sum(
        1 for p in state.battlefield if p.controller == player and not p.tapped and state.data_of(p.id).is_type("Land")
    )


def with_try(spec: ExileSpec, *more: ExileSpec) -> st.SearchStrategy[Scenario[ExileParams]]:
    """The scenarios of ``spec`` (or of ``more``), plus which exiled card to try (``pick``)."""
    base = st.one_of(*(exile_permission_scenarios(s) for s in (spec, *more)))
    return st.builds(lambda s, i: Scenario(s.state, replace(s.params, pick=i)), base, st.integers(0, 2))


def exiled_now(probe: Probe, scenario: Scenario[ExileParams]) -> GameState:
    """The state once the permissions exist (Fallen Shinobi's trigger: after it resolved)."""
    if scenario.params.via == "shinobi":
        resolve_stack(probe)
        state = probe.state()
        for card in scenario.params.cards:
            expect(
                state.zone_of(card) is Zone.EXILE,
                "Fallen Shinobi's trigger did not exile the top cards",
                expected=f"{card} in exile",
                observed=f"{card} in {zone_name(state, card)}",
            )
        return state
    return probe.state()


def timing_scenarios(cards: Sequence[CardData]) -> st.SearchStrategy[Scenario[ExileParams]]:
    if shinobi(cards):
        return with_try(ExileSpec(), ExileSpec(via="shinobi"), ExileSpec(steps=MAIN_STEPS, must=("Land",)))
    pay = not free(cards)
    # a permission until the end of your next turn is drawn as one (the timing rule is the same)
    lasting = any(permission_until(c) == "end-of-your-next-turn" for c in cards)
    return with_try(
        ExileSpec(free=not pay, until_next_turn=lasting),
        ExileSpec(steps=MAIN_STEPS, must=("Land",), free=not pay, until_next_turn=lasting),
    )


@invariant(
    applies_to=template(
        "play-from-exile.timing-unchanged",
        cards=keeps_timing(grants_exile_play(on_resolution=False)),
        cards_when_stated={"costs-paid": paid_permission},
    ),
    name="normal-timing",
    kind="legality",
    claims=["exiled cards playable exactly by their normal timing"],
    scenarios=FromCards(timing_scenarios, requires=exile_requires),
    exempt={
        "no-priority-in-combat": "a ruling about the exiled cards' own timing, not a combat window: its one "
        "combat state is Fallen Shinobi's damage trigger waiting to resolve"
    },
    observes={"permissions"},
)
def check_normal_timing(probe: Probe, scenario: Scenario[ExileParams]) -> None:
    """Each exiled card is offered exactly when its normal timing allows it (a sorcery in your
    main phase with an empty stack, a land also with a land play left, an instant whenever you
    have priority), and playing one is accepted exactly then."""
    holder = scenario.params.holder
    state = exiled_now(probe, scenario)
    actions = probe.legal_actions()
    for card in scenario.params.cards:
        kind = scenario.params.kinds[card]
        wanted = playable(state, holder, kind)
        shown = offered_for(actions, card)
        expect(
            bool(shown) == wanted,
            f"an exiled {kind.lower()} is {'not ' if wanted else ''}offered in the {state.step} step "
            f"({whose_turn(state, holder)}, stack of {len(state.stack)}, "
            f"{state.player(holder).land_plays_left} land play left)",
            expected=f"{card} {'offered' if wanted else 'not offered'}",
            observed=", ".join(map(str, shown)) or "not offered",
        )
    probe.claim("exiled cards playable exactly by their normal timing")
    cards = scenario.params.cards
    card = cards[scenario.params.pick % len(cards)]
    kind = scenario.params.kinds[card]
    action = play_action(state, holder, card)
    if playable(state, holder, kind):
        untapped = untapped_lands(state, holder)
        probe.require(action, f"playing an exiled {kind.lower()} by its normal timing")
        after = probe.state()
        expect(
            after.zone_of(card) is not Zone.EXILE,
            "the exiled card was played but is still in exile",
            expected=f"{card} out of exile",
            observed=f"{card} in {zone_name(after, card)}",
        )
        land = kind == "Land"
        # Every consequence, not only the one the ruling names: where the card went, the land
        # play it used up (305.2) or did not, and nothing else moved or reordered.
        expect_consequences(
            state,
            after,
            f"playing an exiled {kind.lower()}",
            Consequences(
                moved={card: Zone.BATTLEFIELD if land else Zone.STACK}, land_plays={holder: 1} if land else {}
            ),
        )
        if land:
            expect_no_second_land(probe, after, holder)
        if paid(state, holder, card) and kind != "Land":
            # A permission that is not "without paying": the card's costs are still paid.
            cost = mana_value(state.data_of(card).mana_cost)
            left = untapped_lands(after, holder)
            expect(
                left <= untapped - cost,
                "an exiled card was cast without paying its costs under a permission that does not waive them",
                expected=f"{cost} land(s) tapped to pay {state.data_of(card).mana_cost}",
                observed=f"{untapped - left} tapped",
            )
        return
    probe.expect_refused(action, f"an exiled {kind.lower()} was played outside its normal timing ({state.step})")


def expect_no_second_land(probe: Probe, after: GameState, holder: int) -> None:
    """The land play the exiled land used is gone for the turn (305.2): with one play a turn, no
    other land (in hand, or exiled with a permission) is offered or accepted now."""
    if after.player(holder).land_plays_left > 0 or after.priority != holder:
        return
    lands = [
        c
        for c in (*after.player(holder).hand, *(p.card for p in after.permissions if p.player == holder))
        if after.zone_of(c) in (Zone.HAND, Zone.EXILE) and after.data_of(c).is_type("Land")
    ]
    actions = probe.legal_actions()
    for land in lands:
        shown = offered_for(actions, land)
        expect(
            not shown,
            "a second land is offered after a land played from exile used up the turn's land play (305.2)",
            expected=f"{land} not offered",
            observed=", ".join(map(str, shown)),
        )
    if lands:
        probe.expect_refused(
            play_action(after, holder, lands[0]), "a second land was played after a land from exile (305.2)"
        )


@invariant(
    applies_to=template("play-from-exile.cast-once", cards=free_permission),
    name="leaves-exile",
    kind="outcome",
    claims=["cast once, then neither offered nor accepted"],
    requires=REQUIRES,
    # Instants in every step with priority too (the cast's timing is not the claim's business).
    scenarios=lambda: with_try(
        ExileSpec(steps=MAIN_STEPS, kinds=("Sorcery", "Instant", "Creature"), anyone=False, stack=False),
        ExileSpec(
            steps=(Step.UPKEEP, Step.BEGINNING_OF_COMBAT, Step.END), kinds=("Instant",), anyone=False, stack=False
        ),
    ),
)
def check_cast_once(probe: Probe, scenario: Scenario[ExileParams]) -> None:
    """Casting an exiled card moves it out of exile; once it has resolved it can't be cast
    again (neither offered nor accepted)."""
    holder = scenario.params.holder
    cards = scenario.params.cards
    card = cards[scenario.params.pick % len(cards)]
    probe.require(
        play_action(probe.state(), holder, card), "casting an exiled card with a permission, at a time its type allows"
    )
    mid = probe.state()
    expect(
        mid.zone_of(card) is not Zone.EXILE,
        "casting an exiled card did not make it leave exile",
        expected=f"{card} on the stack",
        observed=f"{card} in {zone_name(mid, card)}",
    )
    resolve_stack(probe)
    after = probe.state()
    probe.claim("cast once, then neither offered nor accepted")
    shown = offered_for(probe, card)
    expect(
        not shown,
        "an exiled card that was cast is offered again",
        expected=f"no cast of {card} offered",
        observed=", ".join(map(str, shown)),
    )
    action = play_action(after, holder, card)
    probe.expect_refused(
        action,
        "an exiled card was cast twice with one permission",
        observed=f"accepted ({card} was in {zone_name(after, card)})",
    )


def ends_this_turn_or_next(card: CardData) -> str | None:
    """The card's permission ends this turn or with your next turn (the two the checks draw)."""
    if permission_until(card) is None:
        return grants_exile_play(lasting=False)(card)
    return None


def stay_scenarios(cards: Sequence[CardData]) -> st.SearchStrategy[Scenario[ExileParams]]:
    later = ExileSpec(
        steps=(Step.DRAW, Step.POSTCOMBAT_MAIN, Step.END),
        must=("Instant",),
        anyone=False,
        stack=False,
        free=free(cards),
        until_next_turn=any(permission_until(c) == "end-of-your-next-turn" for c in cards),
    )
    if shinobi(cards):
        return with_try(later, ExileSpec(via="shinobi", must=("Instant",)))
    return with_try(later)


@invariant(
    applies_to=template(
        "play-from-exile.uncast-stay-exiled",
        cards=keeps_unplayed_exiled(ends_this_turn_or_next),
        cards_when_stated={
            "permission-gone": ends_this_turn,
            "stay-exiled-this-turn": ends_this_turn,
            "stay-exiled-next-turn": ends_next_turn,
            "permission-gone-next-turn": ends_next_turn,
        },
    ),
    name="stay-after-turn",
    kind="outcome",
    claims=["uncast cards stay exiled, their permission gone"],
    scenarios=FromCards(stay_scenarios, requires=exile_requires),
)
def check_stay_exiled(probe: Probe, scenario: Scenario[ExileParams]) -> None:
    """The exiled cards nobody played are still in exile once the permission has ended, and the
    permission to play them is gone (not even an instant is offered on the turn after). A
    permission "until the end of your next turn" ends with its holder's next turn: until then an
    exiled instant is still offered to its holder (the permission did not end early)."""
    holder = scenario.params.holder
    state = exiled_now(probe, scenario)
    last = last_permitted_turn(state, holder, scenario.params.cards)
    cards = [c for c in scenario.params.cards if state.zone_of(c) is Zone.EXILE]
    lasting = [c for c in cards if last > state.turn and scenario.params.kinds[c] == "Instant"]

    def after_last(s: GameState) -> bool:
        return s.turn > last and s.priority == holder and s.pending is None

    def left_exile_or_lost(s: GameState) -> str | None:
        gone = [c for c in cards if s.zone_of(c) is not Zone.EXILE]
        if gone:
            return f"{', '.join(gone)} left exile without being played"
        if lasting and s.turn == last and s.active_player == holder and s.priority == holder and s.pending is None:
            lost = [c for c in lasting if not offered_for(probe, c)]
            lasting.clear()  # once, in the first step of that turn with the holder's priority
            if lost:
                return f"{', '.join(lost)} not offered in its holder's next turn, before its permission ends"
        return None

    watch_until(probe, after_last, left_exile_or_lost, f"the turn after {last} with {', '.join(cards)} still in exile")
    probe.claim("uncast cards stay exiled, their permission gone")
    actions = probe.legal_actions()
    for card in cards:
        shown = offered_for(actions, card)
        expect(
            not shown,
            "an exiled card is still playable after the turn its permission was for",
            expected=f"{card} not offered on turn {last + 1}",
            observed=", ".join(map(str, shown)),
        )


def last_permitted_turn(state: GameState, holder: int, cards: Sequence[str]) -> int:
    """The last turn the permissions for ``cards`` last (in its cleanup step they end): this turn for
    "until end of turn"; for "until the end of your next turn", the holder's first turn after the
    one they were made in (turns alternate between the two players)."""
    made = [p.granted_turn for p in state.permissions if p.card in cards and p.until == "end-of-your-next-turn"]
    if not made:
        return state.turn
    turn = max(made) + 1
    while (state.active_player if (turn - state.turn) % 2 == 0 else 1 - state.active_player) != holder:
        turn += 1
    return turn
