"""Search-restriction rulings are templates over the ruling's own card: the number of top cards
the restriction lets an opponent search (N) is read from the card's oracle text, the drawn
states put that card on the battlefield with libraries around N, and the reference engine keeps
to that N."""

import pytest
from hypothesis import given, settings

from engines.reference import ReferenceEngine
from engines.reference.oracle import parse_card
from generators.scenery import scenery_token_strategy
from generators.search_cards import MINDCENSOR, own_restrictor, restriction_count
from generators.search_features import search_features
from harness.profiles import FEW_DRAWS
from harness.runner import run_case
from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha


def censor(n_word: str, name: str = "Warden of Two Pages") -> CardData:
    return CardData(
        name,
        ("Creature",),
        mana_cost="{1}{W}",
        subtypes=("Bird", "Wizard"),
        text=f"Flash\nFlying\nIf an opponent would search a library, that player searches the top {n_word} cards of "
        "that library instead.",
        power="1",
        toughness="2",
        keywords=("Flash", "Flying"),
    )


TWO = censor("two")
SIX = censor("six", "Warden of Six Pages")
COUNTS = (
    "For effects that check whether a player searched a library or may search a library, searching the top {n} "
    "cards of that library counts as searching that library."
)
ONLY_TOP = (
    "Each search works exactly the same as normal except that the opponent doing the searching sees only the top "
    "{n} cards of that library. They can't look at the other cards in that library at all. Cards not in the top {n} "
    "cards of the library can't be found in the search, even if they're identifiable in some manner."
)
FIXED = (
    'If an effect uses the word "search" once but allows an opponent to search for multiple cards, the top {n} '
    "cards remain the same throughout the entire search. Finding one card won't cause the {next} card to become "
    "included in the search."
)


def ruling(rid: str, text: str, card: CardData) -> Ruling:
    return Ruling(rid, text, ruling_sha(text), (card.name,), ("test",), (), ("search",), "executable")


def compiled(*rulings: Ruling, cards: tuple[CardData, ...] = (TWO, SIX)):
    return compile_corpus(Corpus(rulings), CardPool({c.name: c for c in cards}))


def test_the_count_is_read_from_the_oracle_text():
    assert restriction_count(TWO) == 2 and restriction_count(SIX) == 6 and restriction_count(MINDCENSOR) == 4
    assert restriction_count(CardData("Bear", ("Creature",), text="Flying")) is None
    own = own_restrictor(TWO)
    assert own.name == TWO.name and own.text.startswith("If an opponent would search")
    assert parse_card(own).effects[0].count == 2  # the reference engine reads the same N


def test_rulings_naming_the_cards_number_compile_to_invariants_about_that_card():
    suite = compiled(
        ruling("two.counts", COUNTS.format(n="two"), TWO),
        ruling("two.only", ONLY_TOP.format(n="two"), TWO),
        ruling("two.fixed", FIXED.format(n="two", next="third"), TWO),
        ruling("six.fixed", FIXED.format(n="six", next="seventh"), SIX),
    )
    assert all(c.coverage == "template" for c in suite.coverage), [c.reason for c in suite.coverage]
    inv = suite.invariant("two.only/opponent-finds-only-top-cards")
    assert "top two" in inv.description
    # Library sizes around the card's two: none, one, two, three, more; a sought card at each position.
    counts = {f.name for f in suite.invariant("two.counts/restricted-search-counts").features}
    assert {"library-size:0", "library-size:1", "library-size:2", "library-size:3", "library-size:4+"} <= counts
    assert {"sought-at:1", "sought-at:2", "sought-at:3", "sought-at:4"} <= counts
    names = {f.name for f in inv.features}
    assert {"library-size:3", "library-size:4+", "sought-at:3"} <= names  # sought below the top two
    assert "library-size:6+" not in names | counts

    @settings(settings.get_profile(FEW_DRAWS))
    @given(inv.strategy())
    def draws(scenario):
        search = scenario.params.search
        assert search.restricted_to == 2 and search.visible == 2
        assert any(scenario.state.data_of(p.id).name == TWO.name for p in scenario.state.battlefield)
        assert len(scenario.state.player(search.library).library) >= 3  # a sought card below the top two

    draws()


@pytest.mark.parametrize(
    "text, card, reason",
    [
        (COUNTS.format(n="four"), TWO, "names the top 4 cards, Warden of Two Pages's text the top two"),
        (FIXED.format(n="two", next="fifth"), TWO, "names the fifth card"),
        (COUNTS.format(n="four"), CardData("Bear", ("Creature",), text="Flying"), "no restriction"),
    ],
)
def test_a_number_the_card_does_not_say_leaves_the_ruling_uncovered(text, card, reason):
    (coverage,) = compiled(ruling("x.y", text, card), cards=(TWO, card)).coverage
    assert coverage.coverage == "uncovered" and reason in (coverage.reason or ""), coverage.reason


@pytest.mark.parametrize(
    "invariant_id",
    [
        "two.counts/restricted-search-counts",
        "two.only/opponent-finds-only-top-cards",
        "two.only/controller-searches-whole-library",
        "two.fixed/same-top-cards-after-finding",
        "six.fixed/same-top-cards-after-finding",
    ],
)
def test_invariants_of_other_counts_pass_on_the_reference_engine(invariant_id):
    suite = compiled(
        ruling("two.counts", COUNTS.format(n="two"), TWO),
        ruling("two.only", ONLY_TOP.format(n="two"), TWO),
        ruling("two.fixed", FIXED.format(n="two", next="third"), TWO),
        ruling("six.fixed", FIXED.format(n="six", next="seventh"), SIX),
    )
    record = run_case("reference", ReferenceEngine(), suite.invariant(invariant_id), profile="dev", seed=0)
    assert record.status == "pass", (record.status, record.reason)


def test_the_seed_rulings_draw_aven_mindcensor_itself():
    inv = compile_corpus().invariant("search.only-top-cards/opponent-finds-only-top-cards")

    @settings(settings.get_profile(FEW_DRAWS))
    @given(inv.strategy())
    def draws(scenario):
        assert scenario.params.search.restricted_to == 4
        assert any(scenario.state.data_of(p.id).name == "Aven Mindcensor" for p in scenario.state.battlefield)

    draws()
    assert {f.name for f in search_features(inv_setup(inv))} == {f.name for f in inv.features}


def inv_setup(inv):
    scenarios = inv.scenarios
    if scenarios.func is scenery_token_strategy:  # the scenery's tokens made optional (generators.scenery)
        scenarios = scenarios.args[0]
    return scenarios.args[0]


def test_a_restriction_ruling_with_a_contradicting_sentence_stays_uncovered():
    text = ONLY_TOP.format(n="two") + " Its controller's searches are restricted too."
    (coverage,) = compiled(ruling("two.odd", text, TWO)).coverage
    assert coverage.coverage == "uncovered" and "restricted too" in (coverage.reason or "")
