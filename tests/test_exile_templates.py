"""Play-from-exile rulings are rule templates: another card's ruling of the same rule compiles to
the check for its own card (its permission free or paid, Fallen Shinobi's trigger only for
Fallen Shinobi), and wordings that change the rule never compile."""

import pytest
from hypothesis import given, settings

from engines.reference import ReferenceEngine
from harness.profiles import FEW_DRAWS
from harness.runner import run_case
from protocol.mechanics import Mechanic
from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha

ITERATION = CardData(
    "Expressive Iteration",
    ("Sorcery",),
    mana_cost="{U}{R}",
    text="Look at the top three cards of your library. Put one of them into your hand, put one of them on the "
    "bottom of your library, and exile one of them. You may play the exiled card this turn.",
)
THIEF = CardData(
    "Gonti, Lord of Luxury",
    ("Creature",),
    mana_cost="{2}{B}{B}",
    subtypes=("Aetherborn", "Rogue"),
    text="Deathtouch\nWhen Gonti, Lord of Luxury enters the battlefield, look at the top four cards of target "
    "opponent's library, exile one of them face down, then put the rest on the bottom of that library in a "
    "random order. For as long as that card remains exiled, you may look at it, you may cast it, and you may "
    "spend mana as though it were mana of any type to cast that spell.",
    power="2",
    toughness="3",
)
STORM = CardData(
    "Exiled Storm",
    ("Sorcery",),
    mana_cost="{3}{R}",
    text="Exile the top three cards of your library. Until end of turn, you may play those cards without paying "
    "their mana costs.",
)
POOL = CardPool({c.name: c for c in (ITERATION, THIEF, STORM)})


def ruling(text: str, card: str, rid: str = "t.r") -> Ruling:
    return Ruling(rid, text, ruling_sha(text), (card,), ("test",), (), (), "executable")


def compiled(text: str, card: str):
    suite = compile_corpus(Corpus((ruling(text, card),)), POOL)
    (coverage,) = suite.coverage
    return coverage, [suite.invariant(i) for i in coverage.invariants]


STAY = "If you don't play the exiled card, it remains exiled. It won't be available to be played on future turns."
PAID = (
    "If you choose to play the exiled card this turn, you must still pay all costs and follow all timing "
    "restrictions required by that card. If it's a land, you can't play it unless you have a land play available."
)


def test_another_cards_ruling_compiles_to_a_check_of_its_own_card():
    coverage, (inv,) = compiled(STAY, ITERATION.name)
    assert coverage.coverage == "template" and coverage.template == "play-from-exile.uncast-stay-exiled"
    assert inv.id == "t.r/stay-after-turn"
    # Not Fallen Shinobi: no ninjutsu or combat damage trigger needed, none drawn.
    assert Mechanic.NINJUTSU not in inv.requires and Mechanic.COMBAT_DAMAGE_TRIGGER not in inv.requires

    @settings(settings.get_profile(FEW_DRAWS))
    @given(inv.scenarios())
    def draws(scenario):
        assert scenario.params.via == "state"
        # "You may play the exiled card this turn": a permission whose costs are paid.
        assert scenario.state.permissions and not any(p.without_paying for p in scenario.state.permissions)

    draws()


@pytest.mark.parametrize(
    "text, card, why",
    [
        # A trailing clause that changes the rule.
        (
            "Any cards you don't cast will remain in exile, but only if you control a Ninja.",
            STORM.name,
            "reads \"Any cards you don't cast will remain in exile, but only if",
        ),
        (
            "Any cards you don't cast will remain in exile. You may cast them on a later turn.",
            STORM.name,
            'does not read "You may cast them on a later turn."',
        ),
        # A permission that outlasts the turn: "remain exiled" does not mean the permission ends.
        ("Any cards you don't cast will remain in exile.", THIEF.name, "lasts beyond the turn"),
        # A free permission of which a ruling says the costs must be paid.
        (PAID, STORM.name, "waives the cards' mana costs"),
        # A paid permission, where the check would cast the card for free.
        (
            "Casting an exiled card causes it to leave exile. You can't cast it multiple times.",
            THIEF.name,
            "free permissions only",
        ),
    ],
)
def test_wordings_and_cards_that_change_the_rule_stay_uncovered(text, card, why):
    coverage, invariants = compiled(text, card)
    assert coverage.coverage == "uncovered" and not invariants
    assert why in (coverage.reason or ""), coverage.reason


def test_paid_and_free_permissions_pass_on_the_reference_engine():
    engine = ReferenceEngine()
    for text, card in (
        (PAID, ITERATION.name),
        (STAY, ITERATION.name),
        ("Any cards you don't cast will remain in exile.", STORM.name),
    ):
        coverage, invariants = compiled(text, card)
        assert coverage.coverage == "template", coverage.reason
        for inv in invariants:
            record = run_case("reference", engine, inv, profile="dev", seed=0)
            assert record.status == "pass", (inv.id, record.status, record.reason)
