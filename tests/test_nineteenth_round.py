"""The nineteenth round's classes (issue 24). Each case comes with contradicting variants that must stay
uncovered.

- Trample's excess is its controller's to divide among the blockers too (702.19b): "you may assign more than lethal
  damage to a blocker", "you're never required to assign excess damage to the player" state a part of the rule that
  ``trample.lethal-then-excess/excess-on-blockers`` now checks.
- Trample's worked examples with each blocker's share in order, the trampler's size while equipped, "just"; its rule
  with the creature named by what affects it, a lord's creature while the lord is there, marked damage said after
  "though"; its blockers gone before damage is assigned, by a spell cast to destroy them, in an inverted condition
  ("should all creatures blocking it be removed ..."), and the case without trample as the explanation.
- A keyword named in one clause and changed by pronoun in the next ("vigilance is checked only as attackers are
  declared; losing it afterward doesn't tap the creature"); a clause after a semicolon whose subject is contracted
  ("; it'll deal no combat damage ...").
- The rule through the card: an attacker named as one that needed haste to attack, "won't remove any creatures from
  combat"; a blocked creature named with its one blocker, "won't change how creatures are blocking", the card's use
  said after ("if it's cast after blockers have been declared"); the only blocker bounced "with ~'s ability", "one of
  your attackers"; "only" before the participle ("reach is only checked as ...").
- Exiled cards: "is stuck in exile", "can't play it anymore", "cannot be played on a later turn" in the passive,
  "even if ~ is still on the battlefield"; their timing when the card "is cast" or "enters" at a moment, "exiled with
  its ability", "your own main phase".
- Trample's marked damage said as what to do when assigning ("when assigning trample damage, ..."; "..., take into
  account damage that's already marked on the creatures blocking it"), examples with the creature given trample by the
  card, its size with the card's bonus in parentheses, "up to 3 may be assigned to the player", "being attacked".
- Trample's blockers gone: the attacker said to stay blocked on the way ("..., ~ will remain blocked, but because it has
  trample, it will assign ..."), gone by the blocker's controller's sacrifice to the card's ability, by "it", from "your
  attacker"; the case without trample "in that situation"; examples with marked damage dealt by the card's ability, the
  trampler's size the card makes it; advice "can be a strong play".
- "Later" next to a keyword change ("losing it later", "a blocker that later loses flying"); "any of those creatures".
- First strike gained after first-strike damage by a creature that "had neither first strike nor double strike" then;
  the spell "is cast on" a creature. Exiled cards' timing: "if a creature card without flash is exiled with ~", "any
  time you have priority that turn, including during combat", two cases joined by a semicolon; their fate with the
  permission's end said again as the reason.
- Trample: "..., and only then can the rest of its damage be assigned", "you don't have to assign lethal damage to the
  blockers, but if you don't, none of its damage can be assigned past them", "before any damage may be assigned", a
  clause about marked damage after ", and", marked damage that "will count toward that lethal damage". Menace named by
  "the restriction imposed by" it, "checked only once, as"; "neither of those creatures will stop blocking it"; "after
  two creatures have blocked it"; a spell that changes many creatures "is cast"; the loss said again ("even though it no
  longer has flying or reach").
- Haste: the case it mattered in said by the rule's words ("even if it has not been under its controller's control
  continuously since the turn began", "... that turn"); a lord made to leave ("removing ~ won't remove them from
  combat"); attackers in the plural ("once creatures ... have been declared as attackers").
- Vigilance: "at the time it is declared as an attacker" / "at the moment attackers are declared", "only has an
  effect", "only keeps a creature from becoming tapped", "the affected creatures", "after you've declared attackers";
  a control condition lost ("you lose your last artifact afterward").
- First strike's why said after the statement: "it would need double strike at that point to deal damage again", "a
  creature that dealt first-strike combat damage assigns regular combat damage only if it has double strike at that
  time".
- Flying: a blocker named as one "that's blocking one of your flyers", "keeps blocking that flyer", "doesn't remove a
  creature from combat or change what it's blocking", the card's ability "used on" a creature, "flying and reach
  matter only as ...", why a change comes to nothing (", so it's too late to undo the block"). A blocker that gains
  flying after the block is another claim, and stays unread.
- Exiled cards' timing denied at a moment "unless it is an instant or has flash" (judged: true only where the kinds
  named are the ones playable then), or "unless it could normally be played at that time"; "to play a land or to cast a
  sorcery".
- The card's ability said to resolve after attackers are declared, "so gaining vigilance this way won't untap it";
  "declared as an attacker and tapped".
- "Either blocker", "both" as the creatures a change leaves blocking.
- Tapping for mana: "a mana ability with {T} in its cost of a creature you control"; "tapping a creature to attack or to
  pay for some other ability doesn't count".
- Tapping for mana: "even though it becomes tapped" in passing, "it won't trigger" (the ability named before), "because
  an opponent's spell tapped it", "no additional mana is added"; the reason after ", as" with a gerund subject (", as
  crewing a Vehicle is not tapping a creature for mana"); "a land's mana ability with {T} in its cost".
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from rulings.claims import parse
from tests.test_claims_paragraph import coverage

ATTACKED = "the player, planeswalker, or battle it's attacking"
LETHAL = "trample.lethal-then-excess"
EXCESS_ON_BLOCKERS = "trample.lethal-then-excess/excess-on-blockers"

BEHEMOTH = CardData("Test Behemoth", ("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",))
BLADE = CardData(
    "Test Blade", ("Artifact", "Equipment"), text="Equipped creature gets +2/+0 and has trample.\nEquip {2}"
)
LORD = CardData("Test Lord", ("Creature",), text="Other creatures you control have trample.", power="2", toughness="2")
SURGE = CardData("Test Surge", ("Sorcery",), text="Creatures you control get +1/+1 and gain trample until end of turn.")
BRUTE = CardData("Test Brute", ("Creature",), power="6", toughness="6")
RAVAGER = CardData("Test Ravager", ("Creature",), text="Trample", power="5", toughness="5", keywords=("Trample",))
AXE = CardData("Test Axe", ("Artifact", "Equipment"), text="Equipped creature gets +2/+0 and has trample.\nEquip {2}")
STEP = CardData("Test Step", ("Instant",), text="Target creature gets +2/+2 and gains trample until end of turn.")
CHIEFTAIN = CardData(
    "Test Chieftain", ("Creature",), text="Other Beasts you control have trample.", power="3", toughness="3"
)
QUARRY = CardData(
    "Test Quarry", ("Creature",), text="{2}{G}: Test Quarry gains trample until end of turn.", power="6", toughness="6"
)
MANTLE = CardData(
    "Test Mantle", ("Enchantment", "Aura"), text="Enchant creature\nEnchanted creature gets +2/+2 and has trample."
)
BOLT = CardData("Test Bolt", ("Instant",), text="Destroy target blocking creature.")
AEGIS = CardData(
    "Test Aegis", ("Artifact", "Equipment"), text="Equipped creature gets +1/+1 and has vigilance.\nEquip {2}"
)
SAP = CardData("Test Sap", ("Instant",), text="Target creature loses haste and gets -2/-0 until end of turn.")
GLARE = CardData(
    "Test Glare", ("Sorcery",), text="Until end of turn, creatures your opponents control lose haste and can't attack."
)
TERROR = CardData("Test Terror", ("Instant",), text="Target creature gets +2/+0 and gains menace until end of turn.")
QUELL = CardData("Test Quell", ("Instant",), text="Target creature loses menace until end of turn.\nDraw a card.")
BANISHER = CardData(
    "Test Banisher",
    ("Creature",),
    text="Flash\nWhen Test Banisher enters, return target creature an opponent controls to its owner's hand.",
    power="2",
    toughness="2",
)
WARDEN = CardData(
    "Test Warden",
    ("Creature",),
    text="{2}{U}, {T}: Return target creature with power 2 or less to its owner's hand.",
    power="1",
    toughness="3",
)
VOLLEY = CardData("Test Volley", ("Instant",), text="Test Volley deals 3 damage to target blocking creature.")
LOOKOUT = CardData(
    "Test Lookout", ("Enchantment", "Aura"), text="Enchant creature\nEnchanted creature gets +0/+2 and has reach."
)
RITE = CardData(
    "Test Rite",
    ("Enchantment",),
    text="At the beginning of your upkeep, exile the top card of your library. Until end of turn, you may play that card.",
)
AUGURY = CardData(
    "Test Augury",
    ("Instant",),
    text="Exile the top two cards of your library. Until end of turn, you may play those cards.",
)
FAMILIAR = CardData(
    "Test Familiar",
    ("Creature",),
    text="Flash\nWhen Test Familiar enters, exile the top card of your library. Until end of turn, you may play that card.",
    power="1",
    toughness="1",
)
CONDUIT = CardData(
    "Test Conduit",
    ("Artifact",),
    text="{T}: Add {C}.\nWhenever Test Conduit is tapped for mana, you gain 1 life.\n{1}, {T}: Draw a card, then discard a card.",
)
DRUID = CardData(
    "Test Druid",
    ("Creature",),
    text="{T}: Add {G}.\nWhenever you tap Test Druid for mana, scry 1.",
    power="1",
    toughness="1",
)
TOTEM = CardData(
    "Test Totem",
    ("Artifact",),
    text="Whenever a land you control is tapped for mana, add one additional mana of any type that land produced.",
)
SURGE_TRAMPLE = CardData(
    "Test Charge", ("Instant",), text="Target creature gets +2/+2 and gains trample until end of turn."
)
MIGHT = CardData(
    "Test Might", ("Enchantment", "Aura"), text="Enchant creature\nEnchanted creature gets +3/+3 and has trample."
)
TIDEHORN = CardData(
    "Test Tidehorn",
    ("Creature",),
    text="Trample\n{1}{U}: Return target creature blocking Test Tidehorn to its owner's hand.",
    power="5",
    toughness="5",
    keywords=("Trample",),
)
GOREMAW = CardData(
    "Test Goremaw",
    ("Creature",),
    text="Trample\nWhenever Test Goremaw becomes blocked, defending player sacrifices a creature blocking it.",
    power="6",
    toughness="6",
    keywords=("Trample",),
)
EMBERFLANK = CardData(
    "Test Emberflank",
    ("Creature",),
    text="Trample\nWhenever Test Emberflank becomes blocked, it deals 2 damage to each creature blocking it.",
    power="6",
    toughness="6",
    keywords=("Trample",),
)
VEXRIDER = CardData(
    "Test Vexrider", ("Creature",), text="Other Pirates you control have menace.", power="2", toughness="2"
)
HARVESTER = CardData(
    "Test Harvester",
    ("Artifact", "Creature"),
    text="{T}: Add {C}.\nWhenever Test Harvester becomes tapped for mana, you gain 1 life.",
    power="2",
    toughness="2",
)
ADEPT = CardData(
    "Test Adept", ("Enchantment",), text="Whenever a land you control is tapped for mana, add an additional {C}."
)
FEINT = CardData(
    "Test Feint", ("Instant",), text="Target creature gets +1/+0 and gains first strike until end of turn."
)
TWINNING = CardData("Test Twinning", ("Instant",), text="Target creature gains double strike until end of turn.")
SEER = CardData(
    "Test Seer",
    ("Creature",),
    text="When Test Seer enters, exile the top card of your library. Until end of turn, you may play that card.",
    power="2",
    toughness="2",
)
ARCHIVE = CardData(
    "Test Archive",
    ("Artifact",),
    text="{2}, {T}: Exile the top card of your library. Until the end of your next turn, you may play that card.",
)
CHIEFTAIN_C = CardData(
    "Test Thunderhoof", ("Creature",), text="Other Centaurs you control have trample.", power="3", toughness="3"
)
MAUL = CardData("Test Maul", ("Artifact", "Equipment"), text="Equipped creature gets +3/+0 and has trample.\nEquip {2}")
MAMMOTH = CardData(
    "Test Mammoth",
    ("Creature",),
    text="Test Mammoth has trample as long as you control another green creature.",
    power="6",
    toughness="5",
)
MASK = CardData("Test Mask", ("Artifact", "Equipment"), text="Equipped creature has menace.\nEquip {1}")
COURAGE = CardData(
    "Test Courage", ("Instant",), text="Creatures your opponents control lose menace until end of turn. Draw a card."
)
REBUKE = CardData("Test Rebuke", ("Instant",), text="Until end of turn, all creatures lose flying and reach.")
QUELL_RUSH = CardData(
    "Test Quell Rush", ("Instant",), text="Target creature loses haste and gets -2/-0 until end of turn."
)
SPUR = CardData(
    "Test Spur", ("Enchantment", "Aura"), text="Enchant creature\nEnchanted creature gets +2/+0 and has haste."
)
DRUMMER = CardData(
    "Test Drummer", ("Creature",), text="Other creatures you control have haste.", power="1", toughness="1"
)
HYMN = CardData("Test Hymn", ("Instant",), text="Creatures you control gain vigilance and get +1/+1 until end of turn.")
MARSHAL = CardData(
    "Test Marshal", ("Creature",), text="Other Elves you control have vigilance.", power="2", toughness="2"
)
COURIER = CardData(
    "Test Courier",
    ("Creature",),
    text="Test Courier has haste as long as you control an artifact.",
    power="2",
    toughness="1",
)
BLADE_DS = CardData("Test Twinfang", ("Artifact", "Equipment"), text="Equipped creature has double strike.\nEquip {3}")
GALE = CardData(
    "Test Gale", ("Instant",), text="Target creature loses flying and reach and gets -1/-0 until end of turn."
)
TRAPPER = CardData(
    "Test Trapper", ("Creature",), text="{T}: Target creature loses flying until end of turn.", power="1", toughness="1"
)
WINGS = CardData("Test Wings", ("Artifact", "Equipment"), text="Equipped creature gets +1/+1.\nEquip {1}")
REVERIE = CardData(
    "Test Reverie",
    ("Enchantment",),
    text="At the beginning of your upkeep, exile the top card of your library. You may play it this turn.",
)
LANCER = CardData(
    "Test Lancer",
    ("Creature",),
    text="Whenever Test Lancer attacks, it gains vigilance until end of turn.",
    power="2",
    toughness="2",
)
GLARE_M = CardData("Test Pinning", ("Instant",), text="Target creature loses menace until end of turn. Scry 1.")
GLADE = CardData(
    "Test Glade",
    ("Creature",),
    text="{T}: Add {G}.\nWhenever you tap a creature for mana, scry 1.",
    power="1",
    toughness="1",
)
FIRST = "first-strike.changed-after-first-damage"
MANA = "mana.tap-for-mana"
FATE = "play-from-exile.uncast-stay-exiled"
TIMING = "play-from-exile.timing-unchanged"
HASTE = "haste.attack-stands"
MENACE = "menace.block-stands"
BLOCKED = "combat.remains-blocked"
FLYING = "flying.block-stands"
GONE = "trample.blockers-destroyed-by-first-strike"
VIGILANCE = "vigilance.changes-after-attack"

CASES = [
    # more than lethal damage to a blocker, none required beyond the blockers
    (
        BEHEMOTH,
        "You may choose to assign more than lethal damage to a creature blocking Test Behemoth; you're never required "
        f"to assign excess damage to {ATTACKED}.",
        LETHAL,
    ),
    (
        BEHEMOTH,
        "You can't choose to assign more than lethal damage to a creature blocking Test Behemoth; you're always required "
        f"to assign excess damage to {ATTACKED}.",
        None,
    ),
    (
        BEHEMOTH,
        f"You're never required to assign excess damage to {ATTACKED}.",
        LETHAL,
    ),
    (BEHEMOTH, f"You're required to assign excess damage to {ATTACKED}.", None),
    (BEHEMOTH, "You're never required to assign excess damage to its controller.", None),
    (
        BLADE,
        "The equipped creature may assign more than lethal damage to a creature blocking it, even if it could assign "
        f"the excess to {ATTACKED} instead.",
        LETHAL,
    ),
    (
        BLADE,
        "The equipped creature may assign more than lethal damage to a creature it's blocking, even if it could assign "
        f"the excess to {ATTACKED} instead.",
        None,
    ),
    (BLADE, "The equipped creature can't assign more than lethal damage to a creature blocking it.", None),
    (BLADE, "The equipped creature may assign less than lethal damage to a creature blocking it.", None),
    (
        LORD,
        "You may assign more than lethal damage to a creature blocking an attacking creature that has trample from "
        f"Test Lord, even if you could assign the excess to {ATTACKED}.",
        LETHAL,
    ),
    # two statements in one sentence, each read alone
    (
        SURGE,
        f"After Test Surge resolves, a blocked attacking creature you control can assign combat damage to {ATTACKED} "
        "only after each creature blocking it has been assigned lethal damage. You aren't required to assign any damage "
        "to the player, though; you may assign more than lethal damage to the blockers.",
        LETHAL,
    ),
    (
        SURGE,
        f"After Test Surge resolves, a blocked attacking creature you control can assign combat damage to {ATTACKED} "
        "only after each creature blocking it has been assigned lethal damage. You aren't required to assign any damage "
        "to the player, though; you may assign more than lethal damage to the player.",
        None,
    ),
    (
        BLADE,
        "If the equipped creature is blocked, you may assign more than lethal damage to the blocking creatures if you "
        "wish, but you can't assign any to the player unless each blocker has been assigned lethal damage.",
        LETHAL,
    ),
    (
        BLADE,
        "If the equipped creature is blocked, you may assign more than lethal damage to the blocking creatures if you "
        "wish, but you can assign all of it to the player unless each blocker has been assigned lethal damage.",
        None,
    ),
    # a creature without trample: the claim is false of it
    (BRUTE, "You may assign more than lethal damage to a creature blocking Test Brute.", None),
    # worked examples: "just", each blocker's share in order, the trampler's size while equipped
    (
        RAVAGER,
        "If Test Ravager is blocked by a 2/2 creature that already has 1 damage marked on it, you can assign just 1 damage "
        f"to that creature and the remaining 4 to {ATTACKED}.",
        LETHAL,
    ),
    (
        RAVAGER,
        "If Test Ravager is blocked by a 2/2 creature that already has 1 damage marked on it, you can assign just 1 damage "
        f"to that creature and the remaining 5 to {ATTACKED}.",
        None,
    ),
    (
        AXE,
        "For example, if a creature that's 5/3 while equipped is blocked by a 1/1 creature and a 2/2 creature, you can "
        "assign 1 damage to the first, 2 to the second, and the remaining 2 to the player it's attacking.",
        LETHAL,
    ),
    (
        AXE,
        "For example, if a creature that's 5/3 while equipped is blocked by a 1/1 creature and a 2/2 creature, you can "
        "assign 2 damage to the first, 1 to the second, and the remaining 2 to the player it's attacking.",
        None,
    ),
    # the rule with the creature named by what affects it, a lord's creature, marked damage said after "though"
    (
        STEP,
        "If the creature affected by Test Step is blocked, lethal damage must be assigned to each creature blocking it "
        f"before any excess damage can be assigned to {ATTACKED}.",
        LETHAL,
    ),
    (
        STEP,
        "If the creature affected by Test Step is blocked, lethal damage must be assigned to one creature blocking it "
        f"before any excess damage can be assigned to {ATTACKED}.",
        None,
    ),
    (
        CHIEFTAIN,
        "A Beast you control that is blocked while Test Chieftain is on the battlefield must assign lethal damage to all "
        "creatures blocking it before it can assign damage to the player it is attacking.",
        LETHAL,
    ),
    (
        QUARRY,
        "When Test Quarry has trample and it's blocked, you can't assign any of its combat damage to the defending player "
        "unless every creature blocking it has been assigned lethal damage, though damage already marked on those "
        "blockers counts toward that.",
        LETHAL,
    ),
    (
        QUARRY,
        "When Test Quarry has trample and it's blocked, you can assign all of its combat damage to the defending player "
        "unless every creature blocking it has been assigned lethal damage, though damage already marked on those "
        "blockers counts toward that.",
        None,
    ),
    # its blockers gone before damage is assigned: an inverted condition, a spell cast to destroy them
    (
        MANTLE,
        "Should all creatures blocking the creature enchanted by Test Mantle be removed from combat before combat damage "
        f"is assigned, it will assign all of its combat damage to {ATTACKED}.",
        GONE,
    ),
    (
        MANTLE,
        "Should one of the creatures blocking the creature enchanted by Test Mantle be removed from combat before combat "
        f"damage is assigned, it will assign all of its combat damage to {ATTACKED}.",
        None,
    ),
    (
        BOLT,
        "If you cast Test Bolt to destroy the only creature blocking your attacking creature with trample, that attacker "
        f"will assign all its combat damage to {ATTACKED}. Without trample, it wouldn't assign any combat damage at all.",
        GONE,
    ),
    (
        BOLT,
        "If you cast Test Bolt to destroy the only creature blocking your attacking creature with trample, that attacker "
        f"will assign all its combat damage to {ATTACKED}. Without trample, it would assign all its combat damage too.",
        None,
    ),
    # a keyword named in one clause, changed by pronoun in the next
    (
        AEGIS,
        "If Test Aegis is destroyed after the equipped creature has been declared as an attacker, that creature will not "
        "become tapped. Vigilance is checked only as attackers are declared; losing it afterward does not tap the "
        "creature.",
        VIGILANCE,
    ),
    (
        AEGIS,
        "If Test Aegis is destroyed after the equipped creature has been declared as an attacker, that creature will not "
        "become tapped. Vigilance is checked only as attackers are declared; losing it afterward taps the creature.",
        None,
    ),
    # the rule through the card: haste
    (SAP, "Casting Test Sap on an attacking creature that needed haste to attack won't remove it from combat.", HASTE),
    (SAP, "Casting Test Sap on an attacking creature that needed haste to attack will remove it from combat.", None),
    (
        GLARE,
        "Casting Test Glare after attackers have been declared won't remove any creatures from combat, even ones that "
        "could attack only because they had haste.",
        HASTE,
    ),
    (
        GLARE,
        "Casting Test Glare before attackers have been declared won't remove any creatures from combat, even ones that "
        "could attack only because they had haste.",
        None,
    ),
    # ... menace
    (
        TERROR,
        "Casting Test Terror on a creature that has already been blocked by one creature will not cause it to become "
        "unblocked or remove the blocker from combat.",
        MENACE,
    ),
    (
        TERROR,
        "Casting Test Terror on a creature that has already been blocked by one creature will cause it to become "
        "unblocked or remove the blocker from combat.",
        None,
    ),
    (
        QUELL,
        "Test Quell will not change how creatures are blocking if it is cast after blockers have been declared.",
        MENACE,
    ),
    (QUELL, "Test Quell will not change how creatures are blocking if it is cast before blockers are declared.", None),
    (QUELL, "Test Quell will change how creatures are blocking if it is cast after blockers have been declared.", None),
    # ... the only blocker gone by the card's ability
    (
        BANISHER,
        "If you bounce the only creature blocking one of your attackers with Test Banisher's ability, that attacker stays "
        "blocked and won't deal combat damage unless it has trample.",
        BLOCKED,
    ),
    (
        BANISHER,
        "If you bounce one of the creatures blocking one of your attackers with Test Banisher's ability, that attacker "
        "becomes unblocked.",
        None,
    ),
    (
        WARDEN,
        "Returning the only creature blocking an attacker to its owner's hand with Test Warden's ability doesn't make "
        "that attacker unblocked; it'll deal no combat damage unless it has trample.",
        BLOCKED,
    ),
    (
        WARDEN,
        "Returning the only creature blocking an attacker to its owner's hand with Test Warden's ability makes that "
        "attacker unblocked; it'll deal no combat damage unless it has trample.",
        None,
    ),
    (
        VOLLEY,
        "If Test Volley destroys the only creature blocking an attacking creature, the attacking creature will remain "
        "blocked. A blocked creature with no creatures blocking it assigns no combat damage unless it has trample.",
        BLOCKED,
    ),
    (
        VOLLEY,
        "If Test Volley destroys the only creature blocking an attacking creature, the attacking creature will remain "
        "blocked. A blocked creature with no creatures blocking it assigns combat damage unless it has trample.",
        None,
    ),
    # "only" before the participle
    (
        LOOKOUT,
        "If Test Lookout leaves the battlefield after the creature it enchanted has blocked a creature with flying, that "
        "creature will continue to block. Reach is only checked as blockers are declared.",
        FLYING,
    ),
    (
        LOOKOUT,
        "If Test Lookout leaves the battlefield after the creature it enchanted has blocked a creature with flying, that "
        "creature will continue to block. Reach is only checked as attackers are declared.",
        None,
    ),
    # exiled cards' fate
    (
        RITE,
        "If a card exiled with Test Rite is not played that turn, it will remain exiled and cannot be played on a later "
        "turn, even if Test Rite is still on the battlefield.",
        FATE,
    ),
    (
        RITE,
        "If a card exiled with Test Rite is not played that turn, it will remain exiled and can be played on a later "
        "turn, even if Test Rite is still on the battlefield.",
        None,
    ),
    (
        RITE,
        "Once the turn ends, a card exiled with Test Rite that you didn't play is stuck in exile; it doesn't go to your "
        "graveyard, and you can't play it anymore.",
        FATE,
    ),
    (
        RITE,
        "Once the turn ends, a card exiled with Test Rite that you didn't play is stuck in exile; it goes to your "
        "graveyard, and you can't play it anymore.",
        None,
    ),
    (
        RITE,
        "Once the turn ends, a card exiled with Test Rite that you didn't play is stuck in exile; it doesn't go to your "
        "graveyard, and you can play it anymore.",
        None,
    ),
    # ... and their timing
    (
        AUGURY,
        "If Test Augury is cast during an opponent's turn, you will not be able to play a land or cast a sorcery or a "
        "creature spell without flash exiled with it.",
        TIMING,
    ),
    (
        AUGURY,
        "If Test Augury is cast during an opponent's turn, you will not be able to cast an instant exiled with it.",
        None,
    ),
    (
        FAMILIAR,
        "Even if Test Familiar enters during an opponent's turn, a sorcery or a creature card without flash exiled with "
        "its ability can be cast only during your own main phase while the stack is empty.",
        TIMING,
    ),
    (
        FAMILIAR,
        "Even if Test Familiar enters during an opponent's turn, an instant card exiled with its ability can be cast only "
        "during your own main phase while the stack is empty.",
        None,
    ),
    # trample's marked damage, and examples
    (
        SURGE_TRAMPLE,
        "When assigning trample damage, damage that's already been dealt to a blocking creature this turn counts toward "
        "lethal damage. For example, if a creature given trample by Test Charge is blocked by a 2/4 creature that's "
        "already been dealt 3 damage this turn, only 1 damage needs to be assigned to that blocker, and the rest can be "
        "assigned to the player it's attacking.",
        LETHAL,
    ),
    (
        SURGE_TRAMPLE,
        "When assigning trample damage, damage that's already been dealt to a blocking creature this turn counts toward "
        "lethal damage. For example, if a creature given trample by Test Charge is blocked by a 2/4 creature that's "
        "already been dealt 3 damage this turn, only 2 damage needs to be assigned to that blocker, and the rest can be "
        "assigned to the player it's attacking.",
        None,
    ),
    (
        SURGE_TRAMPLE,
        "When assigning combat damage for a creature that gained trample from Test Charge, take into account damage that's "
        "already marked on the creatures blocking it. For example, if a 4/4 blocker has already been dealt 3 damage this "
        "turn, only 1 damage needs to be assigned to it before the rest can be assigned to the player, planeswalker, or "
        "battle being attacked.",
        LETHAL,
    ),
    (
        SURGE_TRAMPLE,
        "When assigning combat damage for a creature that gained trample from Test Charge, ignore damage that's already "
        "marked on the creatures blocking it.",
        None,
    ),
    (
        MIGHT,
        "If the enchanted creature is blocked by more than one creature, it must assign lethal damage to each of them "
        "before any of its damage can be assigned to the player it's attacking. For example, if a 5/5 creature enchanted "
        "by Test Might (making it 8/8) is blocked by a 2/2 creature and a 3/3 creature, at least 5 of its damage must be "
        "assigned to the blockers, and up to 3 may be assigned to the player.",
        LETHAL,
    ),
    (
        MIGHT,
        "If the enchanted creature is blocked by more than one creature, it must assign lethal damage to each of them "
        "before any of its damage can be assigned to the player it's attacking. For example, if a 5/5 creature enchanted "
        "by Test Might (making it 8/8) is blocked by a 2/2 creature and a 3/3 creature, at least 5 of its damage must be "
        "assigned to the blockers, and up to 4 may be assigned to the player.",
        None,
    ),
    # trample's blockers gone, said with the attacker still blocked
    (
        TIDEHORN,
        "If Test Tidehorn's ability returns the only creature blocking it to its owner's hand, Test Tidehorn will remain "
        f"blocked, but because it has trample, it will assign all its combat damage to {ATTACKED}. A blocked creature "
        "without trample would assign no combat damage in that situation.",
        GONE,
    ),
    (
        TIDEHORN,
        "If Test Tidehorn's ability returns one of the creatures blocking it to its owner's hand, Test Tidehorn will remain "
        f"blocked, but because it has trample, it will assign all its combat damage to {ATTACKED}.",
        None,
    ),
    (
        GOREMAW,
        "If the defending player sacrifices the only creature blocking Test Goremaw to its triggered ability, Test Goremaw "
        f"stays blocked, but it'll assign all of its combat damage to {ATTACKED} because it has trample.",
        GONE,
    ),
    (
        GOREMAW,
        "If the defending player sacrifices the only creature blocking Test Goremaw to its triggered ability, Test Goremaw "
        "stays blocked, and it'll assign none of its combat damage to the player it's attacking.",
        None,
    ),
    # trample's marked damage dealt by the card's ability
    (
        EMBERFLANK,
        "If Test Emberflank's ability has dealt damage to a creature blocking it, that damage will be taken into account "
        "when determining lethal damage. For example, if a 3/3 creature blocking Test Emberflank has been dealt 2 damage by "
        "the ability, only 1 damage must be assigned to it, and the remaining 5 may be assigned to the player, "
        "planeswalker, or battle Test Emberflank is attacking.",
        LETHAL,
    ),
    (
        EMBERFLANK,
        "If Test Emberflank's ability has dealt damage to a creature blocking it, that damage will be ignored when "
        "determining lethal damage.",
        None,
    ),
    # "later" next to the change, "any of those creatures"
    (
        VEXRIDER,
        "If Test Vexrider leaves the battlefield after blockers have been declared, an attacking Pirate that was blocked "
        "by two or more creatures remains blocked by all of them. Menace is relevant only as blockers are declared; "
        "losing it later doesn't cause any of those creatures to stop blocking.",
        MENACE,
    ),
    (
        VEXRIDER,
        "If Test Vexrider leaves the battlefield after blockers have been declared, an attacking Pirate that was blocked "
        "by two or more creatures remains blocked by all of them. Menace is relevant only as blockers are declared; "
        "losing it later causes all of those creatures to stop blocking.",
        None,
    ),
    # trample, menace, flying: the rule said in more frames
    (
        CHIEFTAIN_C,
        "A Centaur that gets trample from Test Thunderhoof still has to assign lethal damage to every creature blocking "
        f"it, and only then can the rest of its damage be assigned to {ATTACKED}.",
        LETHAL,
    ),
    (
        CHIEFTAIN_C,
        "A Centaur that gets trample from Test Thunderhoof still has to assign lethal damage to one creature blocking "
        f"it, and only then can the rest of its damage be assigned to {ATTACKED}.",
        None,
    ),
    (
        MAUL,
        "If the creature equipped with Test Maul is blocked by two creatures, you'll have to assign lethal damage to both "
        f"of them before you can assign any to {ATTACKED}. You don't have to assign lethal damage to the blockers, but if "
        "you don't, none of its damage can be assigned past them.",
        LETHAL,
    ),
    (
        MAUL,
        "If the creature equipped with Test Maul is blocked by two creatures, you'll have to assign lethal damage to both "
        f"of them before you can assign any to {ATTACKED}. You don't have to assign lethal damage to the blockers, and if "
        "you don't, all of its damage can be assigned past them.",
        None,
    ),
    (
        MAMMOTH,
        "If Test Mammoth has trample and is blocked, lethal damage must be assigned to each blocking creature before any "
        "damage may be assigned to the player or planeswalker it is attacking, and damage already dealt to a blocking "
        "creature that turn will count toward that lethal damage.",
        LETHAL,
    ),
    (
        MAMMOTH,
        "If Test Mammoth has trample and is blocked, lethal damage must be assigned to each blocking creature before any "
        "damage may be assigned to the player or planeswalker it is attacking, and damage already dealt to a blocking "
        "creature that turn will be ignored.",
        None,
    ),
    (
        MASK,
        "If Test Mask is destroyed after two creatures have blocked the equipped creature, neither of those creatures will "
        "stop blocking it. The restriction imposed by menace is checked only once, as blockers are declared.",
        MENACE,
    ),
    (
        MASK,
        "If Test Mask is destroyed after two creatures have blocked the equipped creature, both of those creatures will "
        "stop blocking it.",
        None,
    ),
    (
        COURAGE,
        "If Test Courage is cast after an attacking creature with menace has been blocked by two creatures, both of those "
        "creatures will continue to block it.",
        MENACE,
    ),
    (
        COURAGE,
        "If Test Courage is cast before an attacking creature with menace has been blocked by two creatures, both of those "
        "creatures will continue to block it.",
        None,
    ),
    (
        REBUKE,
        "If Test Rebuke is cast during the declare blockers step, each creature that is blocking an attacking creature "
        "with flying will continue to block it, even though it no longer has flying or reach.",
        FLYING,
    ),
    (
        REBUKE,
        "If Test Rebuke is cast during the declare blockers step, each creature that is blocking an attacking creature "
        "with flying will stop blocking it, as it no longer has flying or reach.",
        None,
    ),
    # haste: the case it mattered in, a lord made to leave, attackers in the plural
    (
        QUELL_RUSH,
        "If Test Quell Rush targets a creature that has already been declared as an attacker, that creature will not be "
        "removed from combat, even if it has not been under its controller's control continuously since the turn began.",
        HASTE,
    ),
    (
        QUELL_RUSH,
        "If Test Quell Rush targets a creature that has already been declared as an attacker, that creature will be "
        "removed from combat, if it has not been under its controller's control continuously since the turn began.",
        None,
    ),
    (
        SPUR,
        "If Test Spur leaves the battlefield after the enchanted creature has been declared as an attacker, the creature "
        "will continue to attack, even if it came under its controller's control that turn.",
        HASTE,
    ),
    (
        DRUMMER,
        "Once creatures that came under your control this turn have been declared as attackers, removing Test Drummer "
        "won't remove them from combat.",
        HASTE,
    ),
    (
        DRUMMER,
        "Once creatures that came under your control this turn have been declared as attackers, removing Test Drummer "
        "will remove them from combat.",
        None,
    ),
    # vigilance's moment said of the creature; a control condition lost
    (
        HYMN,
        "If Test Hymn is cast after attackers have been declared, the affected creatures will not untap, as vigilance only "
        "keeps a creature from becoming tapped at the time it is declared as an attacker.",
        VIGILANCE,
    ),
    (
        HYMN,
        "If Test Hymn is cast after attackers have been declared, the affected creatures will untap, as vigilance keeps a "
        "creature untapped at any time.",
        None,
    ),
    (
        MARSHAL,
        "If Test Marshal leaves the battlefield after you've declared attackers, the attacking Elves you control stay "
        "untapped, even though they no longer have vigilance.",
        VIGILANCE,
    ),
    (
        MARSHAL,
        "If Test Marshal leaves the battlefield after you've declared attackers, the attacking Elves you control become "
        "tapped, as they no longer have vigilance.",
        None,
    ),
    (
        COURIER,
        "If Test Courier attacks the turn it came under your control and you lose your last artifact afterward, it keeps "
        "attacking, since haste matters only as attackers are declared.",
        HASTE,
    ),
    (
        COURIER,
        "If Test Courier attacks the turn it came under your control and you lose your last artifact afterward, it's "
        "removed from combat.",
        None,
    ),
    # flying: the blocker named from the attacker's side, the ability used on it, why it comes to nothing
    (
        GALE,
        "If you cast Test Gale on a creature that's blocking one of your flyers, it'll keep blocking that flyer. Losing "
        "flying or reach after blockers are declared doesn't remove a creature from combat or change what it's blocking.",
        FLYING,
    ),
    (
        GALE,
        "If you cast Test Gale on a creature that's blocking one of your flyers, it'll stop blocking that flyer.",
        None,
    ),
    (
        TRAPPER,
        "If you use Test Trapper's ability on a creature with flying that's blocking your flying attacker, that creature "
        "keeps blocking. Flying and reach matter only as blockers are declared, so it's too late to undo the block.",
        FLYING,
    ),
    (
        TRAPPER,
        "If you use Test Trapper's ability on a creature with flying that's blocking your flying attacker, that creature "
        "keeps blocking. Flying and reach matter only as attackers are declared, so it's too late to undo the block.",
        None,
    ),
    # a blocker that gains flying after the block: not the case the template checks (a written-from near miss)
    (
        WINGS,
        "If the equipped creature is blocked by a creature and then that creature gains flying, the equipped creature "
        "will remain blocked.",
        None,
    ),
    # tapping for mana: the permanent named after the cost, another ability
    (
        GLADE,
        "Test Glade's last ability triggers only when you activate a mana ability with {T} in its cost of a creature you "
        "control; tapping a creature to attack or to pay for some other ability doesn't count.",
        MANA,
    ),
    (
        GLADE,
        "Test Glade's last ability triggers only when you activate a mana ability with {T} in its cost of a creature you "
        "control; tapping a creature to attack or to pay for some other ability counts too.",
        None,
    ),
    # "either blocker", "both"
    (
        GLARE_M,
        "Casting Test Pinning on an attacking creature with menace after two creatures have blocked it won't remove either "
        "blocker from combat, and both keep blocking it.",
        MENACE,
    ),
    (
        GLARE_M,
        "Casting Test Pinning on an attacking creature with menace after two creatures have blocked it will remove either "
        "blocker from combat.",
        None,
    ),
    # the card's ability resolving after attackers are declared
    (
        LANCER,
        "Test Lancer's ability resolves after it's already been declared as an attacker and tapped, so gaining vigilance "
        "this way won't untap it.",
        VIGILANCE,
    ),
    (
        LANCER,
        "Test Lancer's ability resolves after it's already been declared as an attacker and tapped, so gaining vigilance "
        "this way untaps it.",
        None,
    ),
    (
        LANCER,
        "Test Lancer's ability resolves before attackers are declared, so gaining vigilance this way won't untap it.",
        None,
    ),
    # exiled cards' timing denied unless the card is of a kind
    (
        REVERIE,
        "Test Reverie does not allow you to cast the exiled card during your upkeep unless it is an instant or has flash.",
        TIMING,
    ),
    (
        REVERIE,
        "Test Reverie does not allow you to cast the exiled card during your upkeep unless it is a sorcery.",
        None,
    ),
    (
        REVERIE,
        "Test Reverie does not allow you to cast the exiled card during your main phase unless it is an instant or has "
        "flash.",
        None,
    ),
    (
        REVERIE,
        "A card exiled by Test Reverie's ability can't be played during your upkeep unless it could normally be played at "
        "that time, such as an instant or a card with flash.",
        TIMING,
    ),
    (
        REVERIE,
        "A card exiled by Test Reverie's ability can be played during your upkeep unless it could normally be played at "
        "that time.",
        None,
    ),
    # first strike's why, after the statement
    (
        BLADE_DS,
        "If Test Twinfang is destroyed after the equipped creature has dealt first-strike combat damage, that creature will "
        "not deal combat damage in the regular combat damage step. It would need to have double strike at that point to "
        "deal damage again.",
        FIRST,
    ),
    (
        BLADE_DS,
        "If Test Twinfang is destroyed after the equipped creature has dealt first-strike combat damage, that creature will "
        "not deal combat damage in the regular combat damage step. It would need to have first strike at that point to "
        "deal damage again.",
        None,
    ),
    (
        BLADE_DS,
        "If Test Twinfang is destroyed after the equipped creature has dealt first-strike combat damage, that creature will "
        "not deal combat damage in the regular combat damage step. It no longer has double strike, and a creature that "
        "dealt first-strike combat damage assigns regular combat damage only if it has double strike at that time.",
        FIRST,
    ),
    (
        BLADE_DS,
        "If Test Twinfang is destroyed after the equipped creature has dealt first-strike combat damage, that creature will "
        "not deal combat damage in the regular combat damage step. A creature that dealt first-strike combat damage "
        "assigns regular combat damage only if it has first strike at that time.",
        None,
    ),
    # first strike gained after first-strike damage
    (
        FEINT,
        "Casting Test Feint on a creature after first-strike combat damage has been dealt won't stop that creature from "
        "dealing combat damage in the regular combat damage step if it had neither first strike nor double strike when "
        "that damage was dealt.",
        FIRST,
    ),
    (
        FEINT,
        "Casting Test Feint on a creature after first-strike combat damage has been dealt won't stop that creature from "
        "dealing combat damage in the regular combat damage step if it had first strike when that damage was dealt.",
        None,
    ),
    (
        TWINNING,
        "If Test Twinning is cast on a creature with first strike after it has dealt first-strike combat damage, that "
        "creature will deal combat damage again in the regular combat damage step.",
        FIRST,
    ),
    (
        TWINNING,
        "If Test Twinning is cast on a creature with first strike after it has dealt first-strike combat damage, that "
        "creature won't deal combat damage again in the regular combat damage step.",
        None,
    ),
    # exiled cards' timing and fate
    (
        SEER,
        "If the card exiled with Test Seer's ability is an instant, you can cast it any time you have priority that turn, "
        "including during combat.",
        TIMING,
    ),
    (
        SEER,
        "If the card exiled with Test Seer's ability is a sorcery, you can cast it any time you have priority that turn, "
        "including during combat.",
        None,
    ),
    (
        SEER,
        "If it's a sorcery or a creature card without flash, you can cast it only during your main phase while the stack "
        "is empty; if it's an instant, you can cast it any time you have priority, even during an opponent's turn.",
        TIMING,
    ),
    (
        SEER,
        "If it's a sorcery or a creature card without flash, you can cast it only during your main phase while the stack "
        "is empty; if it's a land, you can play it any time you have priority, even during an opponent's turn.",
        None,
    ),
    (
        SEER,
        "If a creature card without flash is exiled with Test Seer, it may be cast only during your main phase when the "
        "stack is empty.",
        TIMING,
    ),
    (SEER, "If a creature card without flash is exiled with Test Seer, it may be cast during your upkeep.", None),
    (
        ARCHIVE,
        "A card exiled by Test Archive that is not played before the end of your next turn will remain in exile, as Test "
        "Archive's ability does not allow you to play it after that turn.",
        FATE,
    ),
    (
        ARCHIVE,
        "A card exiled by Test Archive that is not played before the end of your next turn will return to your hand, as "
        "Test Archive's ability does not allow you to play it after that turn.",
        None,
    ),
    # tapping for mana: the reason after ", as", a possessive
    (
        HARVESTER,
        "If Test Harvester is tapped to crew a Vehicle, its last ability will not trigger, as crewing a Vehicle is not "
        "tapping a creature for mana.",
        MANA,
    ),
    (
        HARVESTER,
        "If Test Harvester is tapped to crew a Vehicle, its last ability will not trigger, as crewing a Vehicle is "
        "tapping a creature for mana.",
        None,
    ),
    (ADEPT, "Test Adept's ability triggers only when a land's mana ability with {T} in its cost is activated.", MANA),
    (ADEPT, "Test Adept's ability triggers only when a land's ability with {T} in its cost is activated.", None),
    # tapping for mana
    (
        CONDUIT,
        "Activating Test Conduit's last ability does not count as tapping it for mana, even though it becomes tapped, so "
        "you will not gain life.",
        MANA,
    ),
    (
        CONDUIT,
        "Activating Test Conduit's last ability counts as tapping it for mana, even though it becomes tapped, so you will "
        "not gain life.",
        None,
    ),
    (
        CONDUIT,
        "Activating Test Conduit's first ability does not count as tapping it for mana, even though it becomes tapped, so "
        "you will not gain life.",
        None,
    ),
    (
        DRUID,
        "Test Druid's last ability triggers only when you activate its mana ability. It won't trigger if Test Druid "
        "becomes tapped because it attacked or because an opponent's spell tapped it.",
        MANA,
    ),
    (
        DRUID,
        "Test Druid's last ability triggers only when you activate its mana ability. It will trigger if Test Druid "
        "becomes tapped because an opponent's spell tapped it.",
        None,
    ),
    (
        TOTEM,
        "Test Totem's ability triggers only when a mana ability of a land with {T} in its cost is activated. If a land is "
        "tapped for another reason, such as to pay the cost of an ability that is not a mana ability, no additional mana "
        "is added.",
        MANA,
    ),
    (
        TOTEM,
        "Test Totem's ability triggers only when a mana ability of a land with {T} in its cost is activated. If a land is "
        "tapped for another reason, additional mana is added.",
        None,
    ),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), CASES)
def test_nineteenth_round_classes(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected


def _run(tmp_path: Path, engine: str) -> tuple[int, list[dict]]:
    out = tmp_path / engine.replace(":", "-")
    done = subprocess.run(
        [sys.executable, "-m", "harness.cli", "run", "--engine", engine, "--invariant", EXCESS_ON_BLOCKERS]
        + ["--profile", "ci", "--out", str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done.returncode, json.loads((out / "results.json").read_text())["results"]


@pytest.mark.slow  # two whole runs in a subprocess; .ci/run's mutants stage kills the mutant too
def test_the_excess_on_a_blocker_holds_on_the_reference_and_fails_where_it_must_go_past(tmp_path: Path) -> None:
    code, records = _run(tmp_path, "reference")
    assert code == 0 and [(r["invariant"], r["status"]) for r in records] == [(EXCESS_ON_BLOCKERS, "pass")]
    assert records[0]["claims"], "the claim was never counted"
    code, records = _run(tmp_path, "mutant:trample-excess-forced-past-blockers")
    assert code == 1 and [(r["invariant"], r["status"]) for r in records] == [(EXCESS_ON_BLOCKERS, "fail")]
    assert "excess damage assigned to a blocker" in records[0]["failure"]["message"]


@pytest.mark.parametrize(
    "sentence",
    [
        "you are not required to assign any damage to the player.",
        "~ is not required to attack.",
    ],
)
def test_a_released_obligation_is_no_prohibition(sentence: str) -> None:
    """ "Doesn't have to" forbids nothing: read as "cannot", the sentence would state the opposite of a permission."""
    assert parse(sentence).claim.modality == "need-not"
    assert parse(sentence.replace(" not", "")).claim.modality == "must"
