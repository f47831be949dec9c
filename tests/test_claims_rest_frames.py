"""Rulings compile by meaning, sixth round (issue 24): the general frames of the non-combat families
other than playing exiled cards. The card's ability named through the card ("its ability", "~'s second
ability", "the ability ~ grants") read by the cost symbol that ability has; continuous control since
the turn began in one form; the turn named by what happened in it; "can't A until C" as "A only once
C"; the attack target of the returned creature in one form; the next upkeep with "at"; a mana ability
named by its text ("its {T}: Add {G} ability") and mana by its symbols; no color to make mana of.
Made-up cards and sentences; each frame compiles in several wordings, and its contradicting variants
(negated, another symbol, another time, another player, roles swapped) stay uncovered."""

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.compile import compile_corpus
from rulings.corpus import Corpus, Ruling, ruling_sha
from tests.test_claims_paragraph import coverage

LOOKOUT = CardData(
    name="Test Lookout",
    types=("Creature",),
    mana_cost="{1}{G}",
    text="{T}: Target creature you control gains reach until end of turn.",
    power="1",
    toughness="3",
)
LANTERN = CardData(
    name="Test Lantern",
    types=("Artifact",),
    mana_cost="{2}",
    text="{T}: Add {C}.\n{2}, {Q}: Scry 1.",
)
HORN = CardData(
    name="Test Horn",
    types=("Artifact",),
    mana_cost="{1}",
    text='Equipped creature has "{T}: Untap target creature."\nEquip {1}',
)
DRUID = CardData(
    name="Test Druid",
    types=("Creature",),
    mana_cost="{G}",
    text="{T}: Add {G}.\nWhenever Test Druid is tapped for mana, you gain 1 life.",
    power="0",
    toughness="2",
)
PRISM = CardData(
    name="Test Reliquary",
    types=("Artifact",),
    mana_cost="{3}",
    text=(
        "Imprint — When Test Reliquary enters, you may exile a nonland card from your hand.\n"
        "{T}: Add one mana of any of the exiled card's colors."
    ),
)
NINJA = CardData(
    name="Test Shade",
    types=("Creature",),
    mana_cost="{3}{B}",
    text="Ninjutsu {1}{B} ({1}{B}, Return an unblocked attacker you control to hand: Put this card onto the "
    "battlefield from your hand tapped and attacking.)",
    power="3",
    toughness="2",
    keywords=("Ninjutsu",),
)
EMBER = CardData(
    name="Test Ember",
    types=("Sorcery",),
    mana_cost="{2}{R}",
    text="Test Ember deals 3 damage to any target.\nRebound (If you cast this spell from your hand, exile it as it "
    "resolves. At the beginning of your next upkeep, you may cast this card from exile without paying its mana "
    "cost.)",
    keywords=("Rebound",),
)
BONDER = CardData(
    name="Test Bonder",
    types=("Creature",),
    mana_cost="{2}{U}",
    text="{U}, {Q}: Move a counter from target creature onto another target creature.",
    power="3",
    toughness="3",
)
SCHOLAR = CardData(
    name="Test Scholar Class",
    types=("Enchantment",),
    subtypes=("Class",),
    mana_cost="{U}",
    text="(Gain the next level as a sorcery to add its ability.)\nWhen this Class enters, draw a card.\n"
    "{1}{U}: Level 2\nYou have no maximum hand size.\n{3}{U}: Level 3\nAt the beginning of your upkeep, scry 1.",
)
POOL = CardPool({c.name: c for c in (LOOKOUT, LANTERN, HORN, DRUID, PRISM, NINJA, EMBER, BONDER, SCHOLAR)})


def compiled(text: str, card: str) -> str | None:
    """The template the paragraph compiles to for ``card``, or None."""
    return coverage(text, card, POOL)[0]


SYMBOL = "costs.cost-symbol"


@pytest.mark.parametrize(
    "text, card, template",
    [
        # the card's ability named through the card, read by its cost symbol
        (
            "The {T} in the cost of Test Lookout's ability means you tap Test Lookout to activate it.",
            LOOKOUT.name,
            SYMBOL,
        ),
        ("To activate the ability Test Horn grants, you tap the creature that has it.", HORN.name, SYMBOL),
        (
            "If you haven't controlled Test Lookout continuously since the start of your most recent turn, you can't "
            "activate its ability.",
            LOOKOUT.name,
            SYMBOL,
        ),
        ("You can't activate Test Lookout's ability the turn it comes under your control.", LOOKOUT.name, SYMBOL),
        (
            "Test Lookout's ability won't be available during the turn you cast it unless something gives it haste.",
            LOOKOUT.name,
            SYMBOL,
        ),
        (
            "If Test Bonder hasn't been under your control since the start of your turn, you can't activate its {Q} ability.",
            BONDER.name,
            SYMBOL,
        ),
        ("To pay the {Q} cost, you untap Test Bonder.", BONDER.name, SYMBOL),
        ("An untapped Test Bonder can't be untapped to pay the cost of its ability.", BONDER.name, SYMBOL),
        # a mana ability by its text, mana by its symbols
        (
            "Test Druid is tapped for mana only when you activate its {T}: Add {G} ability.",
            DRUID.name,
            "mana.tap-for-mana",
        ),
        ("Tapping Test Druid for {G} triggers its last ability.", DRUID.name, "mana.tapped-for-mana-trigger"),
        (
            "To tap a land for mana means to activate a mana ability of that land with {T} in its cost.",
            DRUID.name,
            "mana.tap-for-mana",
        ),
        # no color to make mana of
        (
            "If the card exiled with Test Reliquary is colorless, its last ability adds no mana.",
            PRISM.name,
            "mana.undefined-type",
        ),
        # ninjutsu: "can't ... until", the same attack target, never declared
        (
            "You can't activate ninjutsu until blockers have been declared.",
            NINJA.name,
            "ninjutsu.activation-after-blockers",
        ),
        (
            "Test Shade will be attacking the same player that the creature you returned to your hand was attacking, "
            "even in a multiplayer game.",
            NINJA.name,
            "ninjutsu.enters-attacking-same-target",
        ),
        (
            "Because Test Shade enters the battlefield attacking, its ability that triggers whenever it attacks won't "
            "trigger.",
            NINJA.name,
            "ninjutsu.never-declared",
        ),
        (
            "You can activate ninjutsu only once blockers have been chosen.",
            NINJA.name,
            "ninjutsu.activation-after-blockers",
        ),
        (
            "Test Shade enters the battlefield tapped and attacking the same player that the returned creature was "
            "attacking.",
            NINJA.name,
            "ninjutsu.enters-attacking-same-target",
        ),
        (
            "Test Shade isn't put onto the battlefield until the ninjutsu ability resolves.",
            NINJA.name,
            "ninjutsu.reveal-and-return",
        ),
        (
            "Returning the unblocked creature to your hand is part of the cost of ninjutsu.",
            NINJA.name,
            "ninjutsu.reveal-and-return",
        ),
        # a symbol's name, a tapped creature, the turn the creature came, a cost paid otherwise
        ("{Q} is the untap symbol.", BONDER.name, SYMBOL),
        ("The tap symbol is {T}.", LOOKOUT.name, SYMBOL),
        ("An already tapped creature can't be tapped again to pay a {T} cost.", LOOKOUT.name, SYMBOL),
        (
            "A creature's {Q} ability can't be activated the turn the creature comes under your control unless it has "
            "haste.",
            BONDER.name,
            SYMBOL,
        ),
        ("Tapping Test Druid to pay for convoke isn't tapping it for mana.", DRUID.name, "mana.tap-for-mana"),
        (
            "If Test Druid is tapped for mana but no mana is produced, its last ability doesn't trigger.",
            DRUID.name,
            "mana.tapped-for-mana-trigger",
        ),
        (
            "If there's no exiled card, Test Reliquary's mana ability doesn't produce any mana.",
            PRISM.name,
            "mana.undefined-type",
        ),
        # refused before, never declared, the same target "as" the returned creature
        ("Ninjutsu can't be activated before blockers are declared.", NINJA.name, "ninjutsu.activation-after-blockers"),
        ("Test Shade is never declared as an attacking creature.", NINJA.name, "ninjutsu.never-declared"),
        (
            "Test Shade attacks the same player or planeswalker as the creature you returned.",
            NINJA.name,
            "ninjutsu.enters-attacking-same-target",
        ),
        ("If Test Ember is countered, rebound has no effect.", EMBER.name, "rebound.not-resolving-goes-to-graveyard"),
        ("You may choose not to cast Test Ember from exile.", EMBER.name, "rebound.recast-optional"),
        ("A Class can't be leveled up to a level it already has.", SCHOLAR.name, "class.no-repeat-level"),
        ("Each Class keeps track of its level separately.", SCHOLAR.name, "class.levels-tracked-separately"),
        ("Activating a level ability uses the stack.", SCHOLAR.name, "class.level-up-uses-stack"),
        ("A creature tapped to pay for convoke isn't tapped for mana.", DRUID.name, "mana.tap-for-mana"),
        (
            "You can't activate Test Bonder's {Q} ability unless you've controlled it since the start of your most "
            "recent turn.",
            BONDER.name,
            SYMBOL,
        ),
        ("Test Druid is tapped for mana when you activate its mana ability.", DRUID.name, "mana.tap-for-mana"),
        ("You can't activate Test Bonder's {Q} ability if Test Bonder is untapped.", BONDER.name, SYMBOL),
        (
            "Test Shade enters the battlefield attacking the player or planeswalker the returned creature was attacking.",
            NINJA.name,
            "ninjutsu.enters-attacking-same-target",
        ),
        (
            "If Test Ember is countered or otherwise doesn't resolve, it's put into your graveyard and rebound doesn't "
            "apply.",
            EMBER.name,
            "rebound.not-resolving-goes-to-graveyard",
        ),
        ("If you can't cast Test Ember from exile, it stays exiled forever.", EMBER.name, "rebound.recast-optional"),
        ("Each Class starts at level 1 with only its first ability.", SCHOLAR.name, "class.starts-at-level-1"),
        ("Leveling up is an activated ability that uses the stack.", SCHOLAR.name, "class.level-up-uses-stack"),
        # a pronoun carrying the concept the sentence before bound
        (
            "The {Q} symbol means untap this permanent. You can't pay it if the permanent is already untapped.",
            BONDER.name,
            SYMBOL,
        ),
        (
            "Ninjutsu can be activated only after blockers are declared. Before that, no creature is unblocked.",
            NINJA.name,
            "ninjutsu.activation-after-blockers",
        ),
        (
            "If Test Ember is countered, it goes to your graveyard. Rebound won't exile it, and you won't cast it again.",
            EMBER.name,
            "rebound.not-resolving-goes-to-graveyard",
        ),
        (
            "Casting Test Ember from exile is optional. If you choose not to, it remains exiled.",
            EMBER.name,
            "rebound.recast-optional",
        ),
        (
            "If a creature has first strike, you can activate ninjutsu during the first-strike combat damage step.",
            NINJA.name,
            "ninjutsu.first-strike-step",
        ),
        (
            "If you activate ninjutsu after combat damage has been dealt, Test Shade won't deal combat damage that turn.",
            NINJA.name,
            "ninjutsu.activation-window",
        ),
        ("Returning the unblocked attacker is part of ninjutsu's cost.", NINJA.name, "ninjutsu.reveal-and-return"),
        (
            "Test Druid's last ability triggers when its mana ability resolves.",
            DRUID.name,
            "mana.tapped-for-mana-trigger",
        ),
        (
            "A colorless exiled card means Test Reliquary's mana ability adds no mana.",
            PRISM.name,
            "mana.undefined-type",
        ),
        (
            "If Test Ember is countered, you won't get to cast it from exile.",
            EMBER.name,
            "rebound.not-resolving-goes-to-graveyard",
        ),
        (
            "Test Ember won't be exiled if it's countered, so you won't cast it again.",
            EMBER.name,
            "rebound.not-resolving-goes-to-graveyard",
        ),
        (
            "If you decide not to cast Test Ember at your next upkeep, it stays in exile and you can't cast it later.",
            EMBER.name,
            "rebound.recast-optional",
        ),
        (
            "Test Scholar Class gains its level 2 ability when it becomes level 2 and keeps it at level 3.",
            SCHOLAR.name,
            "class.keeps-previous-levels",
        ),
        ("Level abilities can be activated only as a sorcery.", SCHOLAR.name, "class.level-bars"),
        (
            "Gaining a level is an activated ability, so it uses the stack and players can respond.",
            SCHOLAR.name,
            "class.level-up-uses-stack",
        ),
        (
            "Your opponent can respond to the ability that levels up Test Scholar Class.",
            SCHOLAR.name,
            "class.level-up-uses-stack",
        ),
        ("A Class doesn't gain a level until its level ability resolves.", SCHOLAR.name, "class.level-up-uses-stack"),
        (
            "Once a Class is level 3, you can't activate its level abilities anymore.",
            SCHOLAR.name,
            "class.no-repeat-level",
        ),
        (
            "You must have controlled Test Lookout continuously since your most recent turn began to activate its "
            "ability.",
            LOOKOUT.name,
            SYMBOL,
        ),
        ("Test Bonder's {Q} ability can't be activated while it's untapped.", BONDER.name, SYMBOL),
        (
            "Test Druid counts as being tapped for mana only when you activate its mana ability.",
            DRUID.name,
            "mana.tap-for-mana",
        ),
        (
            "Tapping Test Druid for any other reason, such as attacking, doesn't count as tapping it for mana.",
            DRUID.name,
            "mana.tap-for-mana",
        ),
        ("If an effect taps Test Druid, it isn't tapped for mana.", DRUID.name, "mana.tap-for-mana"),
        (
            "Test Druid's last ability is a triggered ability that triggers when Test Druid is tapped for mana.",
            DRUID.name,
            "mana.tapped-for-mana-trigger",
        ),
        # the {Q} symbol said to work as {T} reversed, alone in its paragraph: the slot the checks need is bound
        ("The untap symbol works the same way as the tap symbol, but in reverse.", LANTERN.name, SYMBOL),
        # Class: the level reached, kept abilities, the stack, its own level
        ("Each Class starts at level 1.", SCHOLAR.name, "class.starts-at-level-1"),
        (
            "Gaining a level doesn't cause a Class to lose the abilities of its earlier levels.",
            SCHOLAR.name,
            "class.keeps-previous-levels",
        ),
        ("A Class keeps all abilities from its previous levels.", SCHOLAR.name, "class.keeps-previous-levels"),
        (
            "Leveling up a Class uses the stack, and players can respond to it.",
            SCHOLAR.name,
            "class.level-up-uses-stack",
        ),
        (
            "You can't activate a level ability of a Class that's already at that level or higher.",
            SCHOLAR.name,
            "class.no-repeat-level",
        ),
        ("If you control two Classes, each one has its own level.", SCHOLAR.name, "class.levels-tracked-separately"),
        # rebound: no obligation, the upkeep, the rest of the game
        ("You don't have to cast the card again with rebound.", EMBER.name, "rebound.recast-optional"),
        (
            "If you choose not to cast the exiled card, it stays in exile for the rest of the game.",
            EMBER.name,
            "rebound.recast-optional",
        ),
        # rebound: countered, instead of exile; the next upkeep with "at"
        (
            "If Test Ember is countered, it's put into your graveyard instead of exile. You won't get to cast it again "
            "at your next upkeep.",
            EMBER.name,
            "rebound.not-resolving-goes-to-graveyard",
        ),
        (
            "You may cast the exiled card as the delayed trigger resolves, but you aren't required to. If you don't, "
            "you won't be able to cast it later.",
            EMBER.name,
            "rebound.recast-optional",
        ),
    ],
)
def test_a_general_frame_compiles(text, card, template):
    assert compiled(text, card) == template


@pytest.mark.parametrize(
    "text, card",
    [
        # another symbol than the ability's cost has
        ("The {T} in the cost of Test Lookout's ability means you untap Test Lookout to activate it.", LOOKOUT.name),
        ("To activate the ability Test Horn grants, you untap the creature that has it.", HORN.name),
        # two activated abilities, no ordinal: which one (and its symbol) is not said
        ("You can't activate Test Lantern's ability the turn it comes under your control.", LANTERN.name),
        # a permission under a negated condition is no refused permission
        ("If you don't, you can cast it later.", EMBER.name),
        # the condition turned over
        (
            "If you have controlled Test Lookout continuously since the start of your most recent turn, you can't "
            "activate its ability.",
            LOOKOUT.name,
        ),
        ("You can activate Test Lookout's ability the turn it comes under your control.", LOOKOUT.name),
        (
            "If Test Bonder has been under your control since the start of your turn, you can't activate its {Q} ability.",
            BONDER.name,
        ),
        ("To pay the {Q} cost, you tap Test Bonder.", BONDER.name),
        ("A tapped Test Bonder can't be untapped to pay the cost of its ability.", BONDER.name),
        # negated, swapped
        ("Test Druid is tapped for mana even when you don't activate its {T}: Add {G} ability.", DRUID.name),
        ("Tapping Test Druid for {G} doesn't trigger its last ability.", DRUID.name),
        ("If the card exiled with Test Reliquary is colorless, its last ability adds one mana.", PRISM.name),
        ("If the card exiled with Test Reliquary is red, its last ability adds no mana.", PRISM.name),
        ("You can activate ninjutsu until blockers have been declared.", NINJA.name),
        ("You can't activate ninjutsu until attackers have been declared.", NINJA.name),
        (
            "Test Shade will be attacking a different player than the creature you returned to your hand was "
            "attacking.",
            NINJA.name,
        ),
        (
            "Because Test Shade enters the battlefield attacking, its ability that triggers whenever it attacks will trigger.",
            NINJA.name,
        ),
        (
            "If Test Ember is countered, it's put into exile instead of your graveyard. You won't get to cast it again "
            "at your next upkeep.",
            EMBER.name,
        ),
        (
            "You may cast the exiled card as the delayed trigger resolves. If you don't, you can cast it later.",
            EMBER.name,
        ),
        ("You can activate ninjutsu only once attackers have been chosen.", NINJA.name),
        ("Test Druid counts as being tapped for mana even when you don't activate its mana ability.", DRUID.name),
        ("Tapping Test Druid for any other reason, such as attacking, counts as tapping it for mana.", DRUID.name),
        ("If an effect taps Test Druid, it is tapped for mana.", DRUID.name),
        ("The tap symbol works the same way as the untap symbol, but in reverse.", LANTERN.name),
        ("Level abilities can be activated at any time you could cast an instant.", SCHOLAR.name),
        ("Your opponent can't respond to the ability that levels up Test Scholar Class.", SCHOLAR.name),
        ("A Class gains a level before its level ability resolves.", SCHOLAR.name),
        ("Once a Class is level 3, you can still activate its level abilities.", SCHOLAR.name),
        ("Test Bonder's {Q} ability can't be activated while it's tapped.", BONDER.name),
        ("If Test Ember is countered, you can still cast it from exile.", EMBER.name),
        ("Test Ember will be exiled if it's countered, so you'll cast it again.", EMBER.name),
        (
            "If you decide not to cast Test Ember at your next upkeep, it stays in exile and you can cast it later.",
            EMBER.name,
        ),
        ("Test Scholar Class gains its level 2 ability when it becomes level 2 and loses it at level 3.", SCHOLAR.name),
        (
            "If a creature has first strike, you can't activate ninjutsu during the first-strike combat damage step.",
            NINJA.name,
        ),
        (
            "If you activate ninjutsu after combat damage has been dealt, Test Shade deals combat damage that turn.",
            NINJA.name,
        ),
        ("Returning the unblocked attacker isn't part of ninjutsu's cost.", NINJA.name),
        ("Test Druid's last ability doesn't trigger when its mana ability resolves.", DRUID.name),
        ("A colorless exiled card means Test Reliquary's mana ability adds one mana.", PRISM.name),
        # the pronoun's concept named otherwise, or nothing bound before it
        (
            "The {Q} symbol means untap this permanent. You can't pay it if the permanent is already tapped.",
            BONDER.name,
        ),
        ("You can't pay it if the permanent is already untapped.", BONDER.name),
        (
            "The {Q} symbol means untap this permanent. You can pay it if the permanent is already untapped.",
            BONDER.name,
        ),
        (
            "Ninjutsu can be activated only after blockers are declared. Before that, every creature is unblocked.",
            NINJA.name,
        ),
        ("Casting Test Ember from exile is optional. If you choose not to, it goes to your graveyard.", EMBER.name),
        ("You can't activate Test Bonder's {Q} ability if Test Bonder is tapped.", BONDER.name),
        ("Test Shade enters the battlefield attacking a player the returned creature wasn't attacking.", NINJA.name),
        ("If Test Ember is countered, it's put into exile and rebound applies.", EMBER.name),
        ("If you can't cast Test Ember from exile, it goes to your graveyard.", EMBER.name),
        ("Each Class starts at level 2 with only its first ability.", SCHOLAR.name),
        ("Leveling up is an activated ability that doesn't use the stack.", SCHOLAR.name),
        ("Ninjutsu can be activated before blockers are declared.", NINJA.name),
        ("Test Shade is declared as an attacking creature.", NINJA.name),
        ("Test Shade attacks a different player than the creature you returned.", NINJA.name),
        ("If Test Ember is countered, rebound still has an effect.", EMBER.name),
        ("You must cast Test Ember from exile.", EMBER.name),
        ("A Class can be leveled up to a level it already has.", SCHOLAR.name),
        ("Activating a level ability doesn't use the stack.", SCHOLAR.name),
        ("A creature tapped to pay for convoke is tapped for mana.", DRUID.name),
        (
            "You can activate Test Bonder's {Q} ability even if you haven't controlled it since the start of your "
            "most recent turn.",
            BONDER.name,
        ),
        ("{Q} is the tap symbol.", BONDER.name),
        ("{T} is the untap symbol.", LOOKOUT.name),
        ("An already untapped creature can't be tapped again to pay a {T} cost.", LOOKOUT.name),
        ("A creature's {Q} ability can be activated the turn the creature comes under your control.", BONDER.name),
        ("Tapping Test Druid to pay for convoke is tapping it for mana.", DRUID.name),
        ("If Test Druid is tapped for mana but no mana is produced, its last ability triggers.", DRUID.name),
        ("If there's an exiled card, Test Reliquary's mana ability doesn't produce any mana.", PRISM.name),
        ("Test Shade is put onto the battlefield before the ninjutsu ability resolves.", NINJA.name),
        ("Returning the unblocked creature to your graveyard is part of the cost of ninjutsu.", NINJA.name),
        ("Each Class starts at level 2.", SCHOLAR.name),
        ("Gaining a level causes a Class to lose the abilities of its earlier levels.", SCHOLAR.name),
        ("Leveling up a Class doesn't use the stack, and players can't respond to it.", SCHOLAR.name),
        ("You can activate a level ability of a Class that's already at that level or higher.", SCHOLAR.name),
        ("You must cast the card again with rebound.", EMBER.name),
        ("You can't cast the card again with rebound.", EMBER.name),
        ("If you choose not to cast the exiled card, it goes to your graveyard.", EMBER.name),
    ],
)
def test_a_contradicting_variant_stays_uncovered(text, card):
    assert compiled(text, card) is None


def test_a_paragraph_naming_no_cost_symbol_stays_uncovered_and_the_compile_goes_on():
    """A claim of the {T}/{Q} family read by meaning may name no symbol ("Ignore this rule if the
    creature also has haste." alone): the checks have no symbol to check, so the ruling stays
    uncovered with the reason, and the other rulings of the corpus still compile."""
    lone = "Ignore this rule if the creature also has haste."
    stated = "The {T} in the cost of Test Lookout's ability means you tap Test Lookout to activate it."
    rules = [
        Ruling(f"t.{n}", text, ruling_sha(text), (LOOKOUT.name,), ("x",), (), (), "executable")
        for n, text in enumerate((lone, stated))
    ]
    first, second = compile_corpus(Corpus(tuple(rules)), POOL).coverage
    assert first.coverage == "uncovered"
    assert "cost symbol" in (first.reason or "")
    assert second.template == SYMBOL
