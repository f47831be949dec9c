"""The twentieth round's classes (issue 24). Each case comes with contradicting variants that must stay uncovered.

- A blocker named by what the card did to it, in a relative clause, and said to be the only one ("if the creature you
  gain control of with ~ was the only creature blocking ...", "the creature removed from combat by ~ was the only
  creature blocking ..."): the card does to the blocker what it does to its target (506.4).
- The particle before its object ("~ removes from combat the only creature blocking ..."); the card said as the cause of
  the blocker's going ("phases out because of ~"), with its removal from combat said again after how it went; a
  regenerated blocker is gone from combat too (701.19c).
- Tapping for mana in the recalled real voice: the card's trigger said again with "only" ("~'s first ability triggers
  only when you tap a land for mana"), an explanation, or with the definition after it ("..., that is, when you activate
  a mana ability of that permanent that includes {T} in its cost", "by activating its mana ability"), the statement;
  another reason with examples ("such as by Rishadan Port's ability", "a land creature attacking", "because a spell or
  ability tapped it"), and the card's result said not to happen ("Manabarbs doesn't deal damage to its controller",
  "no mana is added", "~ doesn't apply").
- Exiled cards: "you can't play them after that" after the window the sentence before named; "also remains exiled";
  "the normal timing permissions and restrictions for the exiled cards", with the mode chosen as the premise.
- Combat rules through a lord or a spell, in the recalled real voice: "a nontoken creature you control" (a quality no
  combat rule tells apart); "creatures that came under your control this turn and attacked"; "a creature you haven't
  controlled continuously since your most recent turn began"; the lord sacrificed by you; the loss its leaving makes said
  again in the main clause ("..., that creature loses menace but remains blocked by all of those creatures"), and the
  lord's generic noun "creatures" left to the blockers; "by each of those creatures"; all abilities lost, read as the
  one combat keyword the sentence names; "the blocks don't change"; the keyword "from ~"; a blocker "that's blocking"
  named as a blocking creature; a blocking creature sacrificed to cast ~, or put on top of its owner's library by ~'s
  mode; a change said in a relative clause of the subject ("an attacking creature that regains flying remains
  blocked").
- Trample in the recalled real voice: "lethal damage to its blockers" (the definite plural: every one of them) "first, and
  the remainder to ..."; "taking into account damage already dealt to them this turn"; "a blocking creature that already
  has damage marked on it needs only enough additional damage to be lethal"; its blockers "destroyed or sacrificed"
  after the block was said ("if the creature equipped with ~ is blocked, but all creatures blocking it are ...").
- Exiled cards' timing: the wait said for every card but an instant or one with flash ("unless it's an instant card or
  has flash, you'll have to wait until your main phase to play it"), after ", so"; "~'s ability exiles the card during
  combat" describes a card whose ability triggers in combat.
- What made the keyword change said as the premise in the card's own words, then the change ("if an artifact enters under
  your control after ~ has been blocked by a creature without flying or reach, ~ gains flying, but it's still blocked"):
  the change is the premise (only for a card whose oracle text gives the keyword and names the premise's words).
- First strike in the older voice: "after combat damage has been dealt in the first combat damage step", "deals combat
  damage in the first combat damage step and then gains double strike", "if it didn't deal combat damage in the first
  one" (the creature named by it), "won't deal combat damage again in the second combat damage step (unless it has double
  strike)".
- Older voice, more: "gaining menace after blockers have been declared has no effect on that combat"; "if ~ becomes an
  8/8 Avatar with flying and first strike after ..." (it gains flying); "and ~ then becomes unattached from it"; "damage
  that's already been dealt to a blocking creature this turn is taken into account"; "it doesn't return to its owner";
  ", as creatures without first strike normally do".
- Exiled cards' timing: "unless it has flash, you'll have to wait until your main phase, when the stack is empty" (the
  verb left to the sentence before), "a creature card exiled during your upkeep right away", "a sorcery-speed card".
- The card cast to remove the blocker ("if you cast ~ during combat to return the only creature blocking one of your
  attackers"): the card does it.
- Menace through a flash creature: "blocking restrictions such as menace are checked only as blockers are declared"; "if
  you cast ~ during the declare blockers step, its triggered ability can give menace to an attacking creature that's
  been blocked by one creature, but that creature will remain blocked" (the change at the moment the card is cast).
- Advice on play with a count of blockers in it ("~ is most effective when the attacking creature has only one
  blocker") is advice all the same.
"""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from tests.test_claims_paragraph import coverage

ATTACKED = "the player, planeswalker, or battle it's attacking"
REMAINS = "combat.remains-blocked"
GONE = "trample.blockers-destroyed-by-first-strike"
MANA = "mana.tap-for-mana"
STAYS = "play-from-exile.uncast-stay-exiled"
TIMING = "play-from-exile.timing-unchanged"

TREACHERY = CardData(
    "Test Treachery", ("Sorcery",), text="Gain control of target creature until end of turn. Untap it."
)
SLIP = CardData("Test Slip", ("Instant",), text="Remove target creature from combat.\nScry 1.")
CLEAR = CardData(
    "Test Clear",
    ("Instant",),
    text="Choose target blocking creature and target attacking creature. Remove the first creature from combat. The second"
    " creature gains trample until end of turn.",
)
BLINK = CardData("Test Blink", ("Instant",), text="Target creature you control phases out.\nDraw a card.")
BARBS = CardData(
    "Test Barbs",
    ("Enchantment",),
    text="Whenever a player taps a land for mana, Test Barbs deals 1 damage to that player.",
)
KINNAN = CardData(
    "Test Kinnan",
    ("Legendary", "Creature"),
    text="Whenever you tap a nonland permanent for mana, add one additional mana of any type that permanent produced.",
    power="2",
    toughness="2",
)
REFLECTION = CardData(
    "Test Reflection",
    ("Enchantment",),
    text="If you tap a permanent for mana, it produces twice as much of that mana instead.",
)
STAGE = CardData(
    "Test Stage",
    ("Sorcery",),
    text="Exile the top two cards of your library. Until the end of your next turn, you may play those cards.",
)
WILL = CardData(
    "Test Will",
    ("Sorcery",),
    text="Choose one. • Add {R} for each card in target opponent's hand. • Exile the top three cards of your library. You"
    " may play them this turn.",
)
WATCHING = CardData(
    "Test Watching", ("Enchantment",), text="Nontoken creatures you control get +1/+1 and have vigilance."
)
FIRES = CardData("Test Fires", ("Enchantment",), text="Creatures you control have haste.")
ANGRATH = CardData("Test Angrath", ("Creature",), text="Creatures you control have menace.", power="5", toughness="5")
HUMBLE = CardData(
    "Test Humble",
    ("Instant",),
    text="Until end of turn, target creature loses all abilities and has base power and toughness 0/1.",
)
CRASH = CardData("Test Crash", ("Instant",), text="Target creature loses flying until end of turn.")
FLING = CardData(
    "Test Fling",
    ("Instant",),
    text="As an additional cost to cast this spell, sacrifice a creature.\nTest Fling deals damage equal to the sacrificed"
    " creature's power to any target.",
)
WOLF_RUN = CardData(
    "Test Wolf Run",
    ("Land",),
    text="{T}: Add {C}.\n{X}{R}{G}, {T}: Target creature gets +X/+0 and gains trample until end of turn.",
)
SLEDGE = CardData(
    "Test Sledge",
    ("Artifact", "Equipment"),
    text="Equipped creature gets +2/+2 and has lifelink and trample.\nEquip {3}",
)
SWORD = CardData(
    "Test Sword",
    ("Artifact", "Equipment"),
    text="Equipped creature gets +2/+0 and has first strike, vigilance, trample, and haste.\nEquip {3}",
)
OGRE = CardData(
    "Test Ogre",
    ("Creature",),
    text="Whenever Test Ogre attacks, exile the top card of your library. You may play that card this turn.",
    power="3",
    toughness="3",
)
OUTRIDER = CardData(
    "Test Outrider",
    ("Creature",),
    text="As long as you control an artifact, Test Outrider has flying.",
    power="2",
    toughness="2",
)
FURY = CardData("Test Fury", ("Instant",), text="Target creature gets +1/+0 and gains first strike until end of turn.")
CLEAVE = CardData("Test Cleave", ("Instant",), text="Target creature gains double strike until end of turn.")
PINIONS = CardData(
    "Test Pinions", ("Artifact", "Equipment"), text="Equipped creature has flying and first strike.\nEquip {2}"
)
FOULBLOODS = CardData(
    "Test Foulbloods",
    ("Creature",),
    text="{1}{B}, Sacrifice another creature: Test Foulbloods gets +1/+1 and gains menace until end of turn.",
    power="3",
    toughness="2",
)
FIGURE = CardData(
    "Test Figure",
    ("Creature",),
    text="{R/W}{R/W}{R/W}: If Test Figure is a Warrior, it becomes an 8/8 Avatar with flying and first strike.",
    power="1",
    toughness="1",
)
DAXOS = CardData(
    "Test Daxos",
    ("Creature",),
    text="Whenever Test Daxos deals combat damage to a player, exile the top card of that player's library. You may cast"
    " that card this turn.",
    power="2",
    toughness="2",
)
ARCHIVE = CardData(
    "Test Archive",
    ("Artifact",),
    text="At the beginning of your upkeep, exile the top card of your library. Until end of turn, you may play that card.",
)
RECALLER = CardData(
    "Test Recaller",
    ("Creature",),
    text="Flash\nWhen Test Recaller enters, return target creature to its owner's hand.",
    power="2",
    toughness="2",
)
COHORT = CardData(
    "Test Cohort",
    ("Creature",),
    text="Flash\nWhen Test Cohort enters, target creature you control gains menace until end of turn.",
    power="2",
    toughness="2",
)
SHADE = CardData("Test Shade", ("Creature",), text="{B}: Regenerate Test Shade.", power="1", toughness="1")

CASES = [
    (
        TREACHERY,
        "If the creature you gain control of with Test Treachery was the only creature blocking an attacking creature, "
        "that attacking creature remains blocked. It assigns no combat damage unless it has trample.",
        REMAINS,
    ),
    (
        TREACHERY,
        "If the creature you gain control of with Test Treachery was the only creature blocking an attacking creature, "
        "that attacking creature becomes unblocked.",
        None,
    ),
    (
        TREACHERY,
        "If the creature you gain control of with Test Treachery was the only creature blocking an attacking creature, "
        "that attacking creature assigns all its combat damage to the defending player.",
        None,
    ),
    (
        SLIP,
        f"If Test Slip removes from combat the only creature blocking an attacking creature with trample, the attacking "
        f"creature assigns all its combat damage to {ATTACKED}.",
        GONE,
    ),
    (
        SLIP,
        f"If Test Slip removes from combat the only creature blocking an attacking creature with trample, the attacking "
        f"creature assigns no combat damage to {ATTACKED}.",
        None,
    ),
    (
        SLIP,
        f"If Test Slip removes from combat the only creature blocking an attacking creature without trample, the attacking "
        f"creature assigns all its combat damage to {ATTACKED}.",
        None,
    ),
    (
        CLEAR,
        "If the creature removed from combat by Test Clear was the only creature blocking the other target creature, that "
        f"attacking creature will assign all of its combat damage to {ATTACKED}. Test Clear is most effective when the "
        "attacking creature has only one blocker.",
        GONE,
    ),
    (
        CLEAR,
        "If the creature removed from combat by Test Clear was the only creature blocking the other target creature, that "
        f"attacking creature will assign none of its combat damage to {ATTACKED}.",
        None,
    ),
    (
        CLEAR,
        "If the creature removed from combat by Test Clear was the only creature blocking the other target creature, that "
        f"attacking creature will assign all of its combat damage to {ATTACKED}. Test Clear must be cast only when the "
        "attacking creature has only one blocker.",
        None,
    ),
    (
        BLINK,
        "If a blocking creature phases out because of Test Blink, it's removed from combat, but the attacking creature it "
        "was blocking remains blocked.",
        REMAINS,
    ),
    (
        BLINK,
        "If a blocking creature phases out because of Test Blink, it's removed from combat, and the attacking creature it "
        "was blocking becomes unblocked.",
        None,
    ),
    (
        BLINK,
        "If a blocking creature phases out because of Test Blink, it's removed from combat, but the attacking creature it "
        "was blocking deals its combat damage to the defending player.",
        None,
    ),
    (
        SHADE,
        "If Test Shade regenerates after it has blocked, the creature it was blocking remains blocked.",
        REMAINS,
    ),
    (
        SHADE,
        "If Test Shade regenerates after it has blocked, the creature it was blocking becomes unblocked.",
        None,
    ),
]

VIGILANCE = "vigilance.changes-after-attack"
HASTE = "haste.attack-stands"
MENACE = "menace.block-stands"
FLYING = "flying.block-stands"
CASES += [
    (
        WATCHING,
        "If Test Watching leaves the battlefield after a nontoken creature you control has been declared as an attacker, "
        "that creature won't become tapped.",
        VIGILANCE,
    ),
    (
        WATCHING,
        "If Test Watching leaves the battlefield after a nontoken creature you control has been declared as an attacker, "
        "that creature becomes tapped.",
        None,
    ),
    (
        FIRES,
        "If you sacrifice Test Fires after attackers have been declared, creatures that came under your control this turn "
        "and attacked lose haste, but they aren't removed from combat.",
        HASTE,
    ),
    (
        FIRES,
        "If you sacrifice Test Fires after attackers have been declared, creatures that came under your control this turn "
        "and attacked lose haste, and they are removed from combat.",
        None,
    ),
    (
        FIRES,
        "If you sacrifice Test Fires after attackers have been declared, creatures that came under your control this turn "
        "and attacked lose haste, but they are removed from combat.",
        None,
    ),
    (
        FIRES,
        "If Test Fires leaves the battlefield after a creature you haven't controlled continuously since your most recent "
        "turn began has attacked, that creature continues to attack.",
        HASTE,
    ),
    (
        FIRES,
        "If Test Fires leaves the battlefield after a creature you haven't controlled continuously since your most recent "
        "turn began has attacked, that creature stops attacking.",
        None,
    ),
    (
        ANGRATH,
        "If Test Angrath leaves the battlefield after a creature you control has been blocked by two or more creatures, "
        "that creature loses menace but remains blocked by all of those creatures.",
        MENACE,
    ),
    (
        ANGRATH,
        "If Test Angrath leaves the battlefield after a creature you control has been blocked by two or more creatures, "
        "that creature loses menace and becomes unblocked.",
        None,
    ),
    (
        HUMBLE,
        "If Test Humble targets an attacking creature with menace after it has been blocked by two or more creatures, it "
        "loses menace but remains blocked by each of those creatures.",
        MENACE,
    ),
    (
        HUMBLE,
        "If Test Humble targets an attacking creature with menace after it has been blocked by two or more creatures, it "
        "loses menace and is no longer blocked by each of those creatures.",
        None,
    ),
    (
        HUMBLE,
        "If Test Humble causes an attacking creature with menace to lose all its abilities after blockers have been "
        "declared, the creatures blocking it continue to block it.",
        MENACE,
    ),
    (
        HUMBLE,
        "If Test Humble causes an attacking creature with menace to lose all its abilities after blockers have been "
        "declared, the creatures blocking it stop blocking it.",
        None,
    ),
    (
        FIRES,
        "If Test Fires leaves the battlefield after blockers have been declared, the blocks don't change.",
        None,
    ),
    (
        CRASH,
        "If Test Crash targets a creature with flying that's blocking an attacking creature with flying, the blocking "
        "creature loses flying but continues to block. Flying matters only as blockers are declared.",
        FLYING,
    ),
    (
        CRASH,
        "If Test Crash targets a creature with flying that's blocking an attacking creature with flying, the blocking "
        "creature loses flying and stops blocking.",
        None,
    ),
    (
        FLING,
        "If you sacrifice a blocking creature to cast Test Fling, the attacking creature it was blocking remains blocked. If "
        "it doesn't have trample, it assigns no combat damage.",
        REMAINS,
    ),
    (
        FLING,
        "If you sacrifice a blocking creature to cast Test Fling, the attacking creature it was blocking becomes unblocked.",
        None,
    ),
]
LETHAL = "trample.lethal-then-excess"
CASES += [
    (
        WOLF_RUN,
        "If the creature that gained trample from Test Wolf Run is blocked, you assign lethal damage to its blockers first, "
        f"taking into account damage already dealt to them this turn, and the remainder to {ATTACKED}.",
        LETHAL,
    ),
    (
        WOLF_RUN,
        "If the creature that gained trample from Test Wolf Run is blocked, you assign lethal damage to one of its blockers "
        f"first, and the remainder to {ATTACKED}.",
        None,
    ),
    (
        WOLF_RUN,
        "If the creature that gained trample from Test Wolf Run is blocked, you assign lethal damage to its blockers first, "
        "and the remainder to another creature.",
        None,
    ),
    (
        SLEDGE,
        "If the creature equipped with Test Sledge is blocked, lethal damage must be assigned to all creatures blocking it "
        f"before you can assign any to {ATTACKED}. A blocking creature that already has damage marked on it needs only "
        "enough additional damage to be lethal.",
        LETHAL,
    ),
    (
        SLEDGE,
        "If the creature equipped with Test Sledge is blocked, lethal damage must be assigned to all creatures blocking it "
        f"before you can assign any to {ATTACKED}. A blocking creature that already has damage marked on it needs damage "
        "equal to its toughness to be lethal.",
        None,
    ),
    (
        SWORD,
        "If the creature equipped with Test Sword is blocked, but all creatures blocking it are destroyed or sacrificed "
        f"before combat damage, it assigns all of its combat damage to {ATTACKED}.",
        GONE,
    ),
    (
        SWORD,
        "If the creature equipped with Test Sword is blocked, but all creatures blocking it are destroyed or sacrificed "
        f"before combat damage, it assigns none of its combat damage to {ATTACKED}.",
        None,
    ),
    (
        SWORD,
        "If the creature equipped with Test Sword is blocked, but one of the creatures blocking it is destroyed before "
        f"combat damage, it assigns all of its combat damage to {ATTACKED}.",
        None,
    ),
]
CASES += [
    (
        OGRE,
        "Test Ogre's ability exiles the card during combat, so unless it's an instant card or has flash, you'll have to "
        "wait until your second main phase to play it.",
        "play-from-exile.timing-unchanged",
    ),
    (
        OGRE,
        "Test Ogre's ability exiles the card during combat, so unless it's an instant card or has flash, you can play it "
        "right away.",
        None,
    ),
    (
        OGRE,
        "Test Ogre's ability exiles the card during combat, so if it's an instant card, you'll have to wait until your "
        "second main phase to play it.",
        None,
    ),
]
CASES += [
    (
        OUTRIDER,
        "If an artifact enters under your control after Test Outrider has been blocked by a creature without flying or "
        "reach, Test Outrider gains flying, but it's still blocked.",
        FLYING,
    ),
    (
        OUTRIDER,
        "If an artifact enters under your control after Test Outrider has been blocked by a creature without flying or "
        "reach, Test Outrider gains flying, but it's no longer blocked.",
        None,
    ),
    (
        OUTRIDER,
        "If an enchantment enters under your control after Test Outrider has been blocked by a creature without flying or "
        "reach, Test Outrider gains flying, but it's still blocked.",
        None,
    ),
]
FIRST = "first-strike.changed-after-first-damage"
CASES += [
    (
        FURY,
        "Casting Test Fury after combat damage has been dealt in the first combat damage step won't stop the target creature "
        "from dealing combat damage in the second combat damage step if it didn't deal combat damage in the first one.",
        FIRST,
    ),
    (
        FURY,
        "Casting Test Fury after combat damage has been dealt in the first combat damage step stops the target creature "
        "from dealing combat damage in the second combat damage step if it didn't deal combat damage in the first one.",
        None,
    ),
    (
        CLEAVE,
        "If a creature with first strike deals combat damage in the first combat damage step and then gains double strike "
        "from Test Cleave, it will deal combat damage again in the second combat damage step.",
        FIRST,
    ),
    (
        CLEAVE,
        "If a creature with first strike deals combat damage in the first combat damage step and then gains double strike "
        "from Test Cleave, it won't deal combat damage again in the second combat damage step.",
        None,
    ),
    (
        PINIONS,
        "If Test Pinions becomes unattached after the equipped creature has dealt combat damage in the first combat damage "
        "step, that creature won't deal combat damage again in the second combat damage step (unless it has double "
        "strike).",
        FIRST,
    ),
    (
        PINIONS,
        "If Test Pinions becomes unattached after the equipped creature has dealt combat damage in the first combat damage "
        "step, that creature will deal combat damage again in the second combat damage step.",
        None,
    ),
]
CASES += [
    (
        FOULBLOODS,
        "Activating Test Foulbloods's ability after it has been blocked by only one creature won't change or undo that "
        "block. Test Foulbloods will get +1/+1, but gaining menace after blockers have been declared has no effect on that "
        "combat.",
        MENACE,
    ),
    (
        FOULBLOODS,
        "Activating Test Foulbloods's ability after it has been blocked by only one creature won't change or undo that "
        "block. Test Foulbloods will get +1/+1, but gaining menace after blockers have been declared removes that "
        "blocker from combat.",
        None,
    ),
    (
        FIGURE,
        "If Test Figure becomes an 8/8 Avatar with flying and first strike after it has been blocked by a creature without "
        "flying or reach, it will remain blocked.",
        FLYING,
    ),
    (
        FIGURE,
        "If Test Figure becomes an 8/8 Avatar with flying and first strike after it has been blocked by a creature without "
        "flying or reach, it will become unblocked.",
        None,
    ),
    (
        FIGURE,
        "If Test Figure becomes an Avatar with first strike after first-strike combat damage has been dealt, it will still "
        "deal its combat damage in the second combat damage step, as creatures without first strike normally do.",
        FIRST,
    ),
    (
        FIGURE,
        "If Test Figure becomes an Avatar with first strike after first-strike combat damage has been dealt, it won't deal "
        "combat damage in the second combat damage step, as creatures with first strike normally do.",
        None,
    ),
    (
        DAXOS,
        "If you don't cast the card exiled with Test Daxos's ability that turn, it remains exiled. You won't be able to "
        "cast it later, and it doesn't return to its owner.",
        "play-from-exile.uncast-stay-exiled",
    ),
    (
        DAXOS,
        "If you don't cast the card exiled with Test Daxos's ability that turn, it remains exiled. You won't be able to "
        "cast it later, and it returns to its owner.",
        None,
    ),
]
CASES += [
    (
        ARCHIVE,
        "Test Archive doesn't let you cast a creature card exiled during your upkeep right away. Unless it has flash, "
        "you'll have to wait until your main phase, when the stack is empty.",
        TIMING,
    ),
    (
        ARCHIVE,
        "Test Archive doesn't let you cast an instant card exiled during your upkeep right away. Unless it has flash, "
        "you'll have to wait until your main phase, when the stack is empty.",
        None,
    ),
    (
        ARCHIVE,
        "Test Archive doesn't let you cast a creature card exiled during your upkeep right away. Unless it has flash, you "
        "can cast it during your upkeep.",
        None,
    ),
    (
        ARCHIVE,
        "You can't play a land or cast a sorcery-speed card exiled with Test Archive during your upkeep.",
        TIMING,
    ),
    (ARCHIVE, "You can play a land or cast a sorcery-speed card exiled with Test Archive during your upkeep.", None),
]
CASES += [
    (
        BARBS,
        "Test Barbs triggers only when a land is tapped for mana. If a land becomes tapped for another reason, such as by "
        "Rishadan Port's ability or to pay the cost of an ability that isn't a mana ability, Test Barbs doesn't deal "
        "damage to its controller.",
        MANA,
    ),
    (
        BARBS,
        "Test Barbs triggers only when a land is tapped for mana. If a land becomes tapped for another reason, such as by "
        "Rishadan Port's ability, Test Barbs deals damage to its controller.",
        None,
    ),
    (
        BARBS,
        "Test Barbs triggers only when a land is tapped for mana. If a land becomes tapped by its mana ability, Test Barbs "
        "doesn't deal damage to its controller.",
        None,
    ),
    (
        BARBS,
        "Test Barbs triggers only when a land is tapped for mana. If a land becomes tapped for another reason, such as "
        "because a spell or ability tapped it, no mana is added.",
        MANA,
    ),
    (
        BARBS,
        "Test Barbs triggers only when a land is tapped for mana. If a land becomes tapped for another reason, such as a "
        "land creature attacking, the ability doesn't trigger.",
        MANA,
    ),
    (
        BARBS,
        "Test Barbs triggers only when a land is tapped for mana. If a land becomes tapped for another reason, such as a "
        "land creature attacking, the ability triggers anyway.",
        None,
    ),
    (
        KINNAN,
        "Test Kinnan's first ability triggers only when you activate a mana ability of a nonland permanent that includes "
        "{T} in its cost. If a nonland permanent becomes tapped for another reason, such as to crew a Vehicle or to pay "
        "the cost of an ability that isn't a mana ability, it wasn't tapped for mana and Test Kinnan's ability doesn't "
        "trigger.",
        MANA,
    ),
    (
        KINNAN,
        "Test Kinnan's first ability triggers only when you activate a mana ability of a nonland permanent that includes "
        "{T} in its cost. If a nonland permanent becomes tapped to crew a Vehicle, it was tapped for mana.",
        None,
    ),
    (
        REFLECTION,
        "Test Reflection applies only when you tap a permanent for mana, that is, when you activate a mana ability of that "
        "permanent that includes {T} in its cost. Tapping a creature to crew a Vehicle or to pay for a spell with convoke "
        "isn't tapping it for mana, and Test Reflection doesn't apply.",
        MANA,
    ),
    (
        REFLECTION,
        "Test Reflection applies only when you tap a permanent for mana, that is, when you tap it to attack.",
        None,
    ),
    (
        STAGE,
        "Any cards exiled with Test Stage that you don't play by the end of your next turn remain exiled. You can't play "
        "them after that.",
        "play-from-exile.uncast-stay-exiled",
    ),
    (
        STAGE,
        "Any cards exiled with Test Stage that you don't play by the end of your next turn remain exiled. You can play "
        "them after that.",
        None,
    ),
    (
        STAGE,
        "Any cards exiled with Test Stage that you don't play by the end of your next turn return to your hand. You can't "
        "play them after that.",
        None,
    ),
    (
        WILL,
        "If you choose Test Will's second mode, you must still follow the normal timing permissions and restrictions for "
        "the exiled cards.",
        TIMING,
    ),
    (
        WILL,
        "If you choose Test Will's second mode, you may ignore the normal timing permissions and restrictions for the "
        "exiled cards.",
        None,
    ),
]

CASES += [
    (
        RECALLER,
        "If you cast Test Recaller during combat to return the only creature blocking one of your attackers, that attacker "
        "remains blocked and won't deal combat damage unless it has trample.",
        REMAINS,
    ),
    (
        RECALLER,
        "If you cast Test Recaller during combat to return the only creature blocking one of your attackers, that attacker "
        "becomes unblocked and deals its combat damage to the defending player.",
        None,
    ),
]

CASES += [
    (
        COHORT,
        "If you cast Test Cohort during the declare blockers step, its triggered ability can give menace to an attacking "
        "creature that's been blocked by one creature, but that creature will remain blocked. Blocking restrictions such "
        "as menace are checked only as blockers are declared.",
        MENACE,
    ),
    (
        COHORT,
        "If you cast Test Cohort during the declare blockers step, its triggered ability can give menace to an attacking "
        "creature that's been blocked by one creature, and that creature becomes unblocked.",
        None,
    ),
    (
        COHORT,
        "If you cast Test Cohort during the declare blockers step, its triggered ability can give menace to an attacking "
        "creature that's been blocked by one creature, but that creature will remain blocked. Blocking restrictions such "
        "as menace are checked only as attackers are declared.",
        None,
    ),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), CASES)
def test_twentieth_round_classes(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected
