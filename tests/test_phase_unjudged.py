"""Why each invariant phase.rs is not judged on stays unjudged: the evidence, shown on phase itself
(``tests/phase_hand.py`` and phase's own ``build_oracle_face``; no adapter in the evidence), tied
to the invariants it keeps from being judged, so a phase release that closes a gap fails here
first (docs/engines/phase.md, "Issue 25, third round: the unjudged, proved").

- Library ninjutsu (the invariants that require it): phase has no such ability.
- Ninja Teen's graveyard line (two invariants): phase parses no wording of it that means the same.
- The two "order after a card was found" searches are inconclusive: phase finds all of an
  "up to N" search's cards in one choice, and the search is over once it is made.

Skipped without the ``phase`` extra."""

from __future__ import annotations

import pytest

pytest.importorskip("phase", reason="phase extra not installed: pip install -e '.[phase]'")

from engines.phase.cards import unparsed_abilities
from engines.phase.inprocess import PhaseInProcess
from generators import cards, spell_cards
from harness.plan import compiled_suite
from protocol.adapter import Gap
from protocol.mechanics import Mechanic
from tests.phase_hand import Board, Card, face

#: Panglacial Shinobi's rules text (the ruling's card), and the generator's Ninjas' costs.
PANGLACIAL = (
    "Library ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put this card from "
    "your library onto the battlefield tapped and attacking. Activate only while searching your library.)"
)


def library_ninjutsu_invariants() -> list[str]:
    return [i.id for i in compiled_suite().invariants if Mechanic.LIBRARY_NINJUTSU in i.requires]


def test_every_library_ninjutsu_invariant_is_refused_as_phases_gap() -> None:
    """Each invariant needing library ninjutsu is answered ``engine``: the mechanic is phase's to
    add. None of their claims can be judged without the ability: the refusals among them
    ("refused from hand", "refused without a search" ...) would pass on an engine that has no
    library ninjutsu at all, a pass that says nothing."""
    found = library_ninjutsu_invariants()
    assert len(found) >= 25
    adapter = PhaseInProcess()
    for invariant in compiled_suite().invariants:
        if invariant.id in found:
            answer = adapter.supports(frozenset(invariant.requires))
            assert not answer and "has no library ninjutsu" in answer.reason, invariant.id
    answer = adapter.supports(frozenset({Mechanic.LIBRARY_NINJUTSU}))
    assert answer.gap is Gap.ENGINE


@pytest.mark.parametrize("cost", ["{U}", "{1}{U}", "{2}{U}", "{U}{U}"])
def test_phase_parses_no_library_ninjutsu_on_any_ninja(cost: str) -> None:
    """phase's card parser leaves the keyword line ``Unimplemented`` (no keyword, no ability) on
    the generator's Ninjas and on Panglacial Shinobi's printed text, reminder and all."""
    ninja = cards.ninja("library ninjutsu", cost, 2, 2)
    built = face(Card(ninja.name, ("Creature",), ninja.text, 0, 2, 2, ("Library ninjutsu",)))
    assert unparsed_abilities(built) == [f"Library ninjutsu {cost}"]
    assert not built["keywords"] or all("Ninjutsu" not in str(k) for k in built["keywords"])
    shinobi = face(Card("Panglacial Shinobi", ("Creature",), PANGLACIAL, 0, 2, 1))
    assert any(u.startswith("Library ninjutsu {1}{U}") for u in unparsed_abilities(shinobi))


def test_a_ninja_in_the_library_is_refused_by_phases_one_ninjutsu_action() -> None:
    """phase's only ninjutsu action, ``ActivateNinjutsu``, takes a Ninja in hand or the command
    zone: with plain ninjutsu (which phase has), the same card in the library is refused."""
    ninja = Card("Library Ninja", ("Creature",), "Ninjutsu {U}", 0, 2, 2, ("Ninjutsu",))
    board = Board(
        (Card("Raider", ("Creature",), "", 0, 1, 1), Card("Island", ("Land",), "")),
        step="BeginCombat",
        library=(ninja,),
    )
    raider = board.ids["Raider"]
    while board.waiting()["type"] == "Priority":
        board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    attack = [[raider, {"type": "Player", "data": 1}]]
    board.apply(0, {"type": "DeclareAttackers", "data": {"attacks": attack, "bands": []}})
    while board.waiting()["type"] == "Priority" and board.game.state()["state"]["phase"] != "DeclareBlockers":
        board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    if board.waiting()["type"] == "DeclareBlockers":
        board.apply(1, {"type": "DeclareBlockers", "data": {"assignments": []}})
    shape = {"ninjutsu_object_id": board.ids["Library Ninja"], "creature_to_return": raider}
    with pytest.raises(ValueError, match="not in hand or command zone"):
        board.apply(0, {"type": "ActivateNinjutsu", "data": shape})


SAME_MEANING = (
    spell_cards.GRAVEYARD_PERMISSION,
    "You may cast creature spells from your graveyard using their sneak ability.",
    "You may cast creature cards with sneak from your graveyard using their sneak abilities.",
    "You may cast creature spells from your graveyard by paying their sneak costs.",
)


@pytest.mark.parametrize("line", SAME_MEANING)
def test_phase_parses_no_wording_of_ninja_teens_graveyard_line(line: str) -> None:
    """Ninja Teen's level 3 line, in its printed wording and the nearest wordings of the same
    meaning: phase's static parser fails on each ("Static pattern matched but line failed static
    parser"), so the two invariants that read it (``ninja-teen.*``) stay ``card``."""
    assert unparsed_abilities(face(Card("Teen", ("Enchantment",), line))) == [
        f"Static pattern matched but line failed static parser: {line}"
    ]


def test_the_graveyard_line_phase_parses_means_another_card() -> None:
    """Without "using their sneak abilities" phase parses it (a ``GraveyardCastPermission`` for any
    creature spell, by its mana cost): a card that lets every creature be cast from the graveyard,
    not Ninja Teen's, so it cannot stand in for the card the rulings are about."""
    built = face(Card("Teen", ("Enchantment",), "You may cast creature spells from your graveyard."))
    assert not unparsed_abilities(built)
    (static,) = built["static_abilities"]
    assert "GraveyardCastPermission" in static["mode"]
    assert "sneak" not in str(static).lower()


def test_the_ninja_teen_invariants_draw_the_line_phase_cannot_parse() -> None:
    ids = [i.id for i in compiled_suite().invariants if i.id.startswith("ninja-teen.")]
    assert sorted(ids) == [
        "ninja-teen.any-sneak-ability/each-sneak-ability",
        "ninja-teen.graveyard-sneak-timing/declare-blockers-only",
    ]
    assert spell_cards.GRAVEYARD_PERMISSION in spell_cards.NINJA_TEEN.text
    assert unparsed_abilities(face(Card("Ninja Teen", ("Enchantment",), spell_cards.NINJA_TEEN.text)))


def up_to_two_search() -> Board:
    tutor = Card(
        "Call Test",
        ("Sorcery",),
        "Search your library for up to two creature cards, reveal them, put them into your hand, then shuffle.",
        mana_cost="{B}",
    )
    bears = tuple(Card(f"Bear {n}", ("Creature",), "", 0, 2, 2) for n in ("One", "Two", "Three"))
    board = Board((Card("Swamp", ("Land",), ""),), hand=(tutor,), library=bears)
    (cast,) = [a.to_dict() for a in board.game.actions() if a.kind == "CastSpell"]
    board.apply(0, cast)
    while board.waiting()["type"] == "Priority":
        board.apply(board.waiting()["data"]["player"], {"type": "PassPriority"})
    return board


def test_phase_finds_all_of_an_up_to_n_search_in_one_choice_and_ends_it() -> None:
    """701.23: phase asks one ``SearchChoice`` (count 2, up_to) listing every set of up to two
    cards; once one card is chosen the search is over (the card in hand, the library shuffled,
    priority back). No moment exists after a card is found and before the search ends: the
    invariant "order kept after a card was found" is inconclusive there, not failed (CR 701.23
    requires no card-by-card finding, and 701.23h makes several finds one search)."""
    board = up_to_two_search()
    waiting = board.waiting()
    assert waiting["type"] == "SearchChoice"
    assert (waiting["data"]["count"], waiting["data"]["up_to"]) == (2, True)
    offered = [tuple(a["data"]["cards"]) for a in board.offered("SelectCards")]
    bears = [board.ids[f"Bear {n}"] for n in ("One", "Two", "Three")]
    assert {len(o) for o in offered} == {0, 1, 2} and len([o for o in offered if len(o) == 2]) == 3
    board.apply(0, {"type": "SelectCards", "data": {"cards": [bears[0]]}})
    assert board.waiting()["type"] == "Priority"  # the search is over after one card
    assert bears[0] in board.game.state()["state"]["players"][0]["hand"]


# -- search.top-cards-fixed: judged on phase's one choice, and able to fail there ------------------


class _Leaky:
    """A phase session that also offers, in a restricted search's one choice, its first
    candidate together with the card just below what the search sees (the (N+1)th): what the
    ruling forbids. The rest is phase's own."""

    def __init__(self, inner: object) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)

    def legal_actions(self):  # type: ignore[no-untyped-def]
        from protocol.decisions import SearchDecision
        from protocol.model import Action, ActionKind

        legal = list(self._inner.legal_actions())  # type: ignore[attr-defined]
        pending = self._inner.state().pending  # type: ignore[attr-defined]
        if isinstance(pending, SearchDecision) and pending.search.visible and pending.search.candidates:
            library = self._inner.state().player(pending.search.library).library  # type: ignore[attr-defined]
            below = library[pending.search.visible : pending.search.visible + 1]
            if below:
                leak = (pending.search.candidates[0], below[0])
                legal.append(Action(ActionKind.CHOOSE_CARDS, pending.player, cards=leak))
        return legal


class _LeakyPhase(PhaseInProcess):
    name = "leaky-phase"

    def start(self, state):  # type: ignore[no-untyped-def]
        return _Leaky(super().start(state))


@pytest.mark.slow
def test_top_cards_fixed_is_judged_on_one_choice_and_fails_an_engine_that_leaks_the_next_card() -> None:
    """``search.top-cards-fixed`` on an engine that finds all cards in one choice: the sets it
    offers with the first card found are the search after that find. phase passes it (the ci run:
    100 claims); the same phase offering the fifth card with the first fails it."""
    from harness.runner import run_case

    invariant = compiled_suite().invariant("search.top-cards-fixed/same-top-cards-after-finding")
    honest = run_case("phase", PhaseInProcess(), invariant, profile="dev", seed=1)
    assert honest.status == "pass" and honest.claims["the same top N after finding a card"] > 0
    leaky = run_case("leaky-phase", _LeakyPhase(), invariant, profile="dev", seed=1)
    assert leaky.status == "fail", leaky
    assert leaky.failure is not None and leaky.failure.message.startswith("finding one card")
