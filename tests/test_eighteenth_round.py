"""The eighteenth round's classes (issue 24): trample with its blockers gone named by what made them go, its lethal
damage said with the creature named, deathtouch with trample read by meaning, and the tapping-for-mana parts of an
ability that is not a mana ability. Each case comes with contradicting variants that must stay uncovered."""

from __future__ import annotations

import pytest

from protocol.model import CardData
from rulings.cards import CardPool
from tests.test_claims_paragraph import coverage

ATTACKED = "the player, planeswalker, or battle it's attacking"
GONE = "trample.blockers-destroyed-by-first-strike"
LETHAL = "trample.lethal-then-excess"
DEATHTOUCH = "deathtouch.lethal-for-trample"
MANA = "mana.tap-for-mana"

RAMPAGER = CardData(
    "Test Rampager",
    ("Creature",),
    text="Double strike, trample",
    power="4",
    toughness="4",
    keywords=("Double strike", "Trample"),
)
CLEAR = CardData(
    "Test Clear",
    ("Instant",),
    text="Destroy target blocking creature. Target creature you control gains trample until end of turn.",
)
FURY = CardData("Test Fury", ("Instant",), text="Target creature gains double strike and trample until end of turn.")
MASTODON = CardData("Test Mastodon", ("Creature",), text="Trample", power="6", toughness="6", keywords=("Trample",))
MIGHT = CardData(
    "Test Might",
    ("Enchantment", "Aura"),
    text="Enchant creature\nEnchanted creature gets +1/+1 and has double strike and trample.",
)
STRIKE = CardData(
    "Test Strike",
    ("Instant",),
    text="Test Strike deals 3 damage to target blocking creature. Target attacking creature gains trample until end of turn.",
)
BLADE = CardData(
    "Test Blade", ("Artifact", "Equipment"), text="Equipped creature gets +2/+2 and has trample.\nEquip {3}"
)
OVERRUN = CardData(
    "Test Overrun", ("Sorcery",), text="Creatures you control get +1/+1 and gain trample until end of turn."
)
CRUSHER = CardData(
    "Test Crusher",
    ("Creature",),
    text="Deathtouch, trample",
    power="4",
    toughness="4",
    keywords=("Deathtouch", "Trample"),
)
BITER = CardData("Test Biter", ("Creature",), text="Deathtouch", power="4", toughness="4", keywords=("Deathtouch",))
OBELISK = CardData("Test Obelisk", ("Artifact",), text="{T}: Add {C}.\n{3}, {T}: Tap target creature.")
CHANNELER = CardData(
    "Test Channeler",
    ("Creature",),
    text="{T}: Add {G}.\n{2}{G}, {T}: Target creature gets +2/+2 until end of turn.",
    power="1",
    toughness="1",
)
AMPLIFIER = CardData(
    "Test Amplifier",
    ("Enchantment",),
    text="Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
)
SHAMAN = CardData(
    "Test Shaman",
    ("Creature",),
    text="{T}: Add one mana of any color.\nWhenever Test Shaman is tapped for mana, you gain 1 life.",
    power="1",
    toughness="1",
)
TENDER = CardData(
    "Test Tender",
    ("Creature",),
    text="Whenever you tap a Forest for mana, add an additional {G}.",
    power="2",
    toughness="2",
)

CASES = [
    # the blockers gone by first-strike damage, all of its regular combat damage to what it attacks
    (
        RAMPAGER,
        "If Test Rampager destroys all creatures blocking it with first-strike combat damage, it will assign all of its "
        f"regular combat damage to {ATTACKED}.",
        GONE,
    ),
    (
        RAMPAGER,
        "If Test Rampager destroys one of the creatures blocking it with first-strike combat damage, it will assign all "
        f"of its regular combat damage to {ATTACKED}.",
        None,
    ),
    (
        RAMPAGER,
        "If Test Rampager destroys all creatures blocking it with first-strike combat damage, it will assign none of its "
        f"regular combat damage to {ATTACKED}.",
        None,
    ),
    # the spell's other target named
    (
        CLEAR,
        "If Test Clear destroys the only creature blocking the creature you chose as its second target, that creature "
        f"will assign all of its combat damage to {ATTACKED}.",
        GONE,
    ),
    (
        CLEAR,
        "If Test Clear destroys the only creature blocking the creature you chose as its second target, that creature "
        "will assign all of its combat damage to its controller.",
        None,
    ),
    # enough first-strike damage to destroy them
    (
        FURY,
        "If the creature targeted by Test Fury deals enough first-strike combat damage to destroy each creature blocking "
        f"it, all of its regular combat damage will be assigned to {ATTACKED}.",
        GONE,
    ),
    (
        FURY,
        "If the creature targeted by Test Fury deals enough combat damage to destroy each creature blocking it, all of "
        f"its regular combat damage will be assigned to {ATTACKED}.",
        None,
    ),
    # an example in parentheses is set aside, whatever its words; a restriction is not
    (
        MASTODON,
        "If the creatures blocking Test Mastodon have all been destroyed or removed from combat by the time combat damage "
        "is assigned (for example, if its only blocker was destroyed by a spell during the declare blockers step), Test "
        f"Mastodon assigns all of its combat damage to {ATTACKED}.",
        GONE,
    ),
    (
        MASTODON,
        "If the creatures blocking Test Mastodon have all been destroyed or removed from combat by the time combat damage "
        "is assigned (unless its only blocker was destroyed by a spell during the declare blockers step), Test "
        f"Mastodon assigns all of its combat damage to {ATTACKED}.",
        None,
    ),
    # "once ..., there's nothing left to assign lethal damage to, so ..."
    (
        MIGHT,
        "Once the enchanted creature's first-strike combat damage has destroyed every creature blocking it, there's "
        f"nothing left to assign lethal damage to, so it assigns all of its regular combat damage to {ATTACKED}.",
        GONE,
    ),
    (
        MIGHT,
        "Once the enchanted creature's first-strike combat damage has destroyed every creature blocking it, there's "
        f"nothing left to assign lethal damage to, so it assigns none of its regular combat damage to {ATTACKED}.",
        None,
    ),
    # a spell's damage as what made the blocker go; the gone blocker gets no damage, said as an explanation
    (
        STRIKE,
        "If Test Strike's damage destroys the only creature blocking the attacking creature, the attacking creature will "
        f"assign all of its combat damage to {ATTACKED}. It won't deal any combat damage to the destroyed creature, as "
        "that creature is no longer blocking it.",
        GONE,
    ),
    (
        STRIKE,
        "If Test Strike's damage destroys the only creature blocking the attacking creature, the attacking creature will "
        f"assign all of its combat damage to {ATTACKED}. It will deal combat damage to the destroyed creature.",
        None,
    ),
    # lethal damage first, the creature named; the rest divided among the blockers and "that player, ..."
    (
        BLADE,
        "If the equipped creature is blocked by more than one creature, you must assign at least lethal damage to each "
        "of them before any of the equipped creature's damage can be assigned to the player, planeswalker, or battle "
        "it's attacking. Any damage beyond that may be divided as you choose among the blockers and that player, "
        "planeswalker, or battle.",
        LETHAL,
    ),
    (
        BLADE,
        "If the equipped creature is blocked by more than one creature, you must assign at least lethal damage to one "
        "of them before any of the equipped creature's damage can be assigned to the player, planeswalker, or battle "
        "it's attacking.",
        None,
    ),
    (
        OVERRUN,
        "After Test Overrun resolves, a blocked attacking creature you control can assign combat damage to the player, "
        "planeswalker, or battle it's attacking only after each creature blocking it has been assigned lethal damage.",
        LETHAL,
    ),
    (
        OVERRUN,
        "After Test Overrun resolves, a blocked attacking creature you control can assign combat damage to the player, "
        "planeswalker, or battle it's attacking only before each creature blocking it has been assigned lethal damage.",
        None,
    ),
    # deathtouch with trample: 1 damage is lethal to each blocker
    (
        CRUSHER,
        "Because Test Crusher has deathtouch, assigning 1 damage to a creature blocking it counts as assigning lethal "
        "damage. For example, if it's blocked by two creatures, you can assign 1 damage to each of them and the remaining "
        f"2 to {ATTACKED}.",
        DEATHTOUCH,
    ),
    (
        CRUSHER,
        "Because Test Crusher has deathtouch, assigning 1 damage to a creature blocking it counts as assigning lethal "
        "damage. For example, if it's blocked by two creatures, you can assign 1 damage to each of them and the remaining "
        f"3 to {ATTACKED}.",
        None,
    ),
    (
        CRUSHER,
        "Because Test Crusher has deathtouch, 1 damage is lethal damage to each creature blocking it. It can assign 1 "
        f"damage to each blocker and assign the rest of its combat damage to {ATTACKED}.",
        DEATHTOUCH,
    ),
    (
        CRUSHER,
        "Because Test Crusher has deathtouch, 2 damage is lethal damage to each creature blocking it.",
        None,
    ),
    (
        BITER,
        f"Because Test Biter has deathtouch, it can assign 1 damage to each blocker and the rest to {ATTACKED}.",
        None,
    ),
    # an ability that is not a mana ability, named by its place or as the reason
    (
        OBELISK,
        "Activating Test Obelisk's last ability doesn't count as tapping it for mana, since that ability has a target and "
        "isn't a mana ability.",
        MANA,
    ),
    (
        OBELISK,
        "Activating Test Obelisk's last ability counts as tapping it for mana, since that ability has a target and isn't "
        "a mana ability.",
        None,
    ),
    (
        OBELISK,
        "Activating Test Obelisk's first ability doesn't count as tapping it for mana, since that ability has a target.",
        None,
    ),
    (
        CHANNELER,
        "Test Channeler's last ability isn't a mana ability because it has a target, so tapping Test Channeler to "
        "activate it isn't tapping it for mana.",
        MANA,
    ),
    (
        CHANNELER,
        "Test Channeler's first ability isn't a mana ability because it has a target, so tapping Test Channeler to "
        "activate it isn't tapping it for mana.",
        None,
    ),
    (
        AMPLIFIER,
        'Tapping a land to activate an ability that has a target, such as "{T}: Target creature gains flying until end '
        "of turn,\" isn't tapping it for mana and won't cause Test Amplifier's ability to trigger.",
        MANA,
    ),
    (
        AMPLIFIER,
        'Tapping a land to activate an ability that has a target, such as "{T}: Target creature gains flying until end '
        'of turn," is tapping it for mana.',
        None,
    ),
    (
        SHAMAN,
        "If Test Shaman becomes tapped for any reason other than the activation of its mana ability (for example, because "
        "it attacked or because of an opponent's spell), its last ability won't trigger.",
        MANA,
    ),
    (
        SHAMAN,
        "If Test Shaman becomes tapped for any reason other than the activation of its mana ability, its last ability "
        "will trigger.",
        None,
    ),
    (
        TENDER,
        "Each time you activate a Forest's mana ability with {T} in its cost, Test Tender's ability triggers and adds "
        "{G}. Tapping a Forest in any other way, such as to activate an ability with {T} in its cost that has a target, "
        "won't cause it to trigger.",
        MANA,
    ),
    (
        TENDER,
        "Each time you activate a Forest's mana ability with {T} in its cost, Test Tender's ability doesn't trigger.",
        None,
    ),
]


DECOY = CardData(
    "Test Decoy", ("Creature",), text="{1}: Return Test Decoy to its owner's hand.", power="0", toughness="3"
)
RECALL = CardData("Test Recall", ("Instant",), text="Return target creature to its owner's hand.")
SHIFT = CardData(
    "Test Shift",
    ("Instant",),
    text="Exile target creature you control, then return it to the battlefield under its owner's control.",
)
RAVAGER = CardData(
    "Test Ravager",
    ("Creature",),
    text="Whenever Test Ravager becomes blocked, destroy each creature blocking it.",
    power="5",
    toughness="5",
)
ORRIN = CardData(
    "Test Orrin",
    ("Creature",),
    text="As long as you control an artifact, Test Orrin has vigilance.",
    power="3",
    toughness="3",
)
CAPTAIN = CardData(
    "Test Captain", ("Creature",), text="Other Soldiers you control have vigilance.", power="2", toughness="2"
)
QUELL = CardData("Test Quell", ("Instant",), text="Target creature loses haste until end of turn.")
BLOCKED = "combat.remains-blocked"

CASES += [
    # the exception said before what it excepts, in parentheses or between commas
    (
        DECOY,
        "If Test Decoy blocks a creature and you then return Test Decoy to its owner's hand, the creature it blocked "
        "remains blocked and (unless it has trample) deals no combat damage.",
        BLOCKED,
    ),
    (
        DECOY,
        "If Test Decoy blocks a creature and you then return Test Decoy to its owner's hand, the creature it blocked "
        "becomes unblocked and (unless it has trample) deals no combat damage.",
        None,
    ),
    (
        RECALL,
        "If an attacking creature's only blocker is returned to its owner's hand by Test Recall, the attacking creature "
        "is still blocked and (unless it has trample) assigns no combat damage.",
        BLOCKED,
    ),
    (
        RECALL,
        "If an attacking creature's only blocker is returned to its owner's hand by Test Recall, the attacking creature "
        "is no longer blocked.",
        None,
    ),
    # the blocker made a new object leaves combat
    (
        SHIFT,
        "If you cast Test Shift on a blocking creature, that creature returns to the battlefield as a new object that "
        "isn't blocking. The attacking creature it was blocking remains blocked, and it won't deal combat damage unless "
        "it has trample.",
        BLOCKED,
    ),
    (
        SHIFT,
        "If you cast Test Shift on a blocking creature, that creature returns to the battlefield as a new object that "
        "isn't blocking. The attacking creature it was blocking becomes unblocked.",
        None,
    ),
    # the reason for a creature without trample
    (
        RAVAGER,
        "Even if Test Ravager's ability destroys each creature blocking it, Test Ravager remains blocked and won't "
        "assign combat damage, as it doesn't have trample.",
        BLOCKED,
    ),
    (
        RAVAGER,
        "Even if Test Ravager's ability destroys each creature blocking it, Test Ravager becomes unblocked, as it "
        "doesn't have trample.",
        None,
    ),
    # what no longer matters once attackers are declared
    (
        ORRIN,
        "Once Test Orrin has been declared as an attacker, whether it has vigilance no longer matters for that combat.",
        "vigilance.changes-after-attack",
    ),
    (
        ORRIN,
        "Before Test Orrin has been declared as an attacker, whether it has vigilance no longer matters for that combat.",
        None,
    ),
    (
        CAPTAIN,
        "If Test Captain leaves the battlefield after attackers have been declared, any attacking Soldiers you control "
        "that attacked without tapping because of it won't become tapped. They'll simply remain untapped and attacking.",
        "vigilance.changes-after-attack",
    ),
    (
        CAPTAIN,
        "If Test Captain leaves the battlefield after attackers have been declared, any attacking Soldiers you control "
        "that attacked without tapping because of it won't become tapped. They'll simply become tapped and stop attacking.",
        None,
    ),
    (
        QUELL,
        "If Test Quell targets an attacking creature with haste that came under its controller's control this turn, "
        "that creature loses haste but isn't removed from combat. It's too late for the loss of haste to matter.",
        "haste.attack-stands",
    ),
    (QUELL, "It's too late for the loss of haste to matter.", None),
    # "A unless B" is no "A if B" (a false compile found this round: the claim reader read "unless" as a condition)
    (
        CLEAR,
        "Once a creature has been blocked, it stays blocked even if all the creatures blocking it are removed from "
        "combat.",
        BLOCKED,
    ),
    (
        CLEAR,
        "Once a creature has been blocked, it stays blocked unless all the creatures blocking it are removed from combat.",
        None,
    ),
]


SALVAGE = CardData(
    "Test Salvage",
    ("Sorcery",),
    text="Exile the top card of your library. Until your next end step, you may play that card.",
)
RAIDER = CardData(
    "Test Raider",
    ("Creature",),
    text="When Test Raider enters, exile the top three cards of your library. You may cast spells from among them this turn.",
    power="2",
    toughness="2",
)
STAYS = "play-from-exile.uncast-stay-exiled"

CASES += [
    # the card leaving the battlefield does not end a permission that ends with the turn: never read as the fate
    (
        RAIDER,
        "If Test Raider leaves the battlefield, you can no longer play any cards exiled with it, and they stay in exile.",
        None,
    ),
    # where it does not go, after where it stays
    (
        SALVAGE,
        "If you haven't played the card exiled with Test Salvage by the time your next end step begins, it stays in "
        "exile; it won't return to your library or go to your graveyard.",
        STAYS,
    ),
    (
        SALVAGE,
        "If you haven't played the card exiled with Test Salvage by the time your next end step begins, it stays in "
        "exile; it will return to your library.",
        None,
    ),
    # the cards included named in passing
    (
        RAIDER,
        "Any cards exiled with Test Raider's ability that you don't cast that turn, including land cards (which you "
        "can't play this way), remain in exile.",
        STAYS,
    ),
    (
        RAIDER,
        "Any cards exiled with Test Raider's ability that you don't cast that turn, including land cards (which you "
        "can't play this way), go to your graveyard.",
        None,
    ),
]


WHELP = CardData(
    "Test Whelp",
    ("Creature",),
    text="As long as you control another red creature, Test Whelp has haste.",
    power="2",
    toughness="2",
)
KEEPS = (
    "Once Test Whelp has been declared as an attacker, it will keep attacking even if you stop controlling another red "
    "creature and it loses haste."
)

CASES += [
    # an example of the card's own after the statement: set aside when its outcome is the statement's own
    (
        WHELP,
        f"{KEEPS} For example, if an opponent destroys your only other red creature during the declare attackers step, "
        "Test Whelp remains an attacking creature.",
        "haste.attack-stands",
    ),
    (
        WHELP,
        f"{KEEPS} For example, if an opponent destroys your only other red creature during the declare attackers step, "
        "Test Whelp is removed from combat.",
        None,
    ),
    (
        WHELP,
        f"{KEEPS} For example, if an opponent destroys your only other red creature before attackers are declared, "
        "Test Whelp remains an attacking creature.",
        None,
    ),
    (
        WHELP,
        f"{KEEPS} For example, if an opponent destroys your only other red creature during the declare attackers step, "
        "Test Whelp remains an attacking creature only if it has haste.",
        None,
    ),
    (
        WHELP,
        f"{KEEPS} For example, if an opponent destroys your only other red creature during the declare attackers step, "
        "Test Whelp doesn't remain an attacking creature.",
        None,
    ),
]


CULTIST = CardData(
    "Test Cultist",
    ("Creature",),
    text="{1}{B}: Target attacking creature gains menace until end of turn.",
    power="2",
    toughness="2",
)
SPIDER = CardData(
    "Test Spider",
    ("Creature",),
    text="Reach\n{G}: Test Spider loses reach until end of turn.",
    power="2",
    toughness="4",
    keywords=("Reach",),
)
GIVING = (
    "Giving an attacking creature menace with Test Cultist's ability after blockers are declared won't cause that "
    "creature to become unblocked."
)

CASES += [
    # the block by one creature said from the blocker's side
    (
        CULTIST,
        f"{GIVING} If one creature is already blocking it, that creature continues to block it.",
        "menace.block-stands",
    ),
    (CULTIST, f"{GIVING} If one creature is already blocking it, that creature stops blocking it.", None),
    # the block named by its blocker, the card
    (
        SPIDER,
        "Once Test Spider has blocked a creature with flying, causing it to lose reach won't remove it from combat. The "
        "attacking creature remains blocked by Test Spider.",
        "flying.block-stands",
    ),
    (
        SPIDER,
        "Once Test Spider has blocked a creature with flying, causing it to lose reach won't remove it from combat. The "
        "attacking creature is no longer blocked by Test Spider.",
        None,
    ),
]


SENTRY = CardData(
    "Test Sentry", ("Creature",), text="{W}: Test Sentry gains vigilance until end of turn.", power="2", toughness="2"
)
YOKE = CardData(
    "Test Yoke", ("Enchantment", "Aura"), text="Enchant creature\nEnchanted creature gets +2/+2 and has trample."
)
MAUL = CardData("Test Maul", ("Artifact", "Equipment"), text="Equipped creature gets +2/+0 and has trample.\nEquip {2}")
JUGGERNAUT = CardData(
    "Test Juggernaut",
    ("Creature",),
    text="As long as Test Juggernaut has a +1/+1 counter on it, it has trample.",
    power="4",
    toughness="4",
)
ONRUSH = CardData("Test Onrush", ("Instant",), text="Target creature gets +2/+2 and gains trample until end of turn.")
ADEPT = CardData(
    "Test Adept",
    ("Creature",),
    text="Flash\nWhen Test Adept enters, exile target blocking creature.",
    power="1",
    toughness="1",
)
REAVER = CardData(
    "Test Reaver",
    ("Creature",),
    text="Whenever Test Reaver becomes blocked by a creature, that creature's controller sacrifices it.",
    power="3",
    toughness="3",
)
SPRITE = CardData(
    "Test Sprite",
    ("Creature",),
    text="Flash\nWhen Test Sprite enters, target blocking creature phases out.",
    power="1",
    toughness="1",
)
GRAPNEL = CardData(
    "Test Grapnel",
    ("Artifact", "Equipment"),
    text='Equipped creature has "Whenever this creature becomes blocked by a creature, return that creature to its '
    "owner's hand.\"\nEquip {2}",
)
THE_LIST = "the player, planeswalker, or battle it's attacking"

CASES += [
    # a reason clause that states the rule (", since whether it has vigilance matters only as ...")
    (
        SENTRY,
        "If you activate Test Sentry's ability after it's been declared as an attacker, it won't untap, since whether it "
        "has vigilance matters only as attackers are declared.",
        "vigilance.changes-after-attack",
    ),
    (
        SENTRY,
        "If you activate Test Sentry's ability after it's been declared as an attacker, it will untap, since whether it "
        "has vigilance matters only as attackers are declared.",
        None,
    ),
    # ", so" before a clause whose subject is a gerund; the attack on the turn it came under your control
    (
        WHELP,
        "If Test Whelp attacks the turn it came under your control and your other red creature then leaves the "
        "battlefield, Test Whelp keeps attacking. Haste matters only as attackers are declared, so losing it afterward "
        "doesn't remove Test Whelp from combat.",
        "haste.attack-stands",
    ),
    (
        WHELP,
        "If Test Whelp attacks the turn it came under your control and your other red creature then leaves the "
        "battlefield, Test Whelp keeps attacking. Haste matters only as attackers are declared, so losing it afterward "
        "removes Test Whelp from combat.",
        None,
    ),
    # the trampler named by what it is enchanted or equipped with, its trample and block said first
    (
        YOKE,
        "A blocked creature enchanted by Test Yoke must assign lethal damage to each creature blocking it before any of "
        f"its damage can be assigned to {THE_LIST}.",
        LETHAL,
    ),
    (
        YOKE,
        "A blocked creature enchanted by Test Yoke must assign lethal damage to each creature blocking it after any of "
        f"its damage can be assigned to {THE_LIST}.",
        None,
    ),
    (
        JUGGERNAUT,
        "Once Test Juggernaut has trample and is blocked, it must assign lethal damage to every creature blocking it "
        f"before any damage can be assigned to {THE_LIST}, even if you'd rather send all of it past the blockers.",
        LETHAL,
    ),
    (
        JUGGERNAUT,
        "Once Test Juggernaut has trample and is blocked, it must assign lethal damage to one creature blocking it "
        f"before any damage can be assigned to {THE_LIST}, even if you'd rather send all of it past the blockers.",
        None,
    ),
    (
        MAUL,
        f"A blocked creature equipped with Test Maul can't assign any of its combat damage to {THE_LIST} until lethal "
        "damage has been assigned to each creature blocking it.",
        LETHAL,
    ),
    (
        MAUL,
        f"A blocked creature equipped with Test Maul can't assign any of its combat damage to {THE_LIST} until lethal "
        "damage has been assigned to one creature blocking it.",
        None,
    ),
    (
        ONRUSH,
        f"Casting Test Onrush on a blocked creature lets it assign excess damage to {THE_LIST}, but only after each "
        "creature blocking it has been assigned lethal damage, counting any damage already marked on those creatures.",
        LETHAL,
    ),
    (
        ONRUSH,
        f"Casting Test Onrush on a blocked creature lets it assign excess damage to {THE_LIST}, but only before each "
        "creature blocking it has been assigned lethal damage, counting any damage already marked on those creatures.",
        None,
    ),
    # the blocker made to go, in more ways; the exception said first or as a condition
    (
        ADEPT,
        "Exiling a blocking creature with Test Adept's triggered ability removes it from combat, but the creature it was "
        "blocking stays blocked. Unless that attacking creature has trample, it won't assign combat damage if no other "
        "creature is blocking it.",
        BLOCKED,
    ),
    (
        ADEPT,
        "Exiling a blocking creature with Test Adept's triggered ability removes it from combat, but the creature it was "
        "blocking becomes unblocked.",
        None,
    ),
    (
        REAVER,
        "Even though Test Reaver's triggered ability makes the blocking creature's controller sacrifice it, Test Reaver "
        "remains blocked, and without trample it won't deal combat damage to the player or anything else that combat.",
        BLOCKED,
    ),
    (
        REAVER,
        "Even though Test Reaver's triggered ability makes the blocking creature's controller sacrifice it, Test Reaver "
        "becomes unblocked.",
        None,
    ),
    (
        SPRITE,
        "An attacking creature whose only blocker phases out because of Test Sprite's triggered ability remains blocked, "
        "and it deals no combat damage unless it has trample.",
        BLOCKED,
    ),
    (
        SPRITE,
        "An attacking creature whose only blocker phases out because of Test Sprite's triggered ability is no longer "
        "blocked.",
        None,
    ),
    (
        GRAPNEL,
        "A creature equipped with Test Grapnel is still blocked after its triggered ability returns the blocking "
        "creature to its owner's hand. If no other creature is blocking it, it deals no combat damage unless it has "
        "trample, so Test Grapnel works best on a creature that does.",
        BLOCKED,
    ),
    (
        GRAPNEL,
        "A creature equipped with Test Grapnel is no longer blocked after its triggered ability returns the blocking "
        "creature to its owner's hand.",
        None,
    ),
]


CHANTER = CardData(
    "Test Chanter",
    ("Creature",),
    text="{T}: Add {G}.\nWhenever Test Chanter is tapped for mana, you gain 1 life.",
    power="1",
    toughness="1",
)
FONT = CardData("Test Font", ("Enchantment",), text="Whenever you tap a Forest for mana, add an additional {G}.")

CASES += [
    # advice on how to get the outcome you want, set aside; "that isn't tapping it for mana"; an example at the end
    (
        CHANTER,
        "Tapping Test Chanter to help pay for a spell with convoke isn't tapping it for mana, so its last ability won't "
        "trigger. If you want the life, activate its mana ability instead and use that mana to pay for the spell.",
        MANA,
    ),
    (
        CHANTER,
        "Tapping Test Chanter to help pay for a spell with convoke isn't tapping it for mana, so its last ability won't "
        "trigger. If you want the life, you can't activate its mana ability.",
        None,
    ),
    (
        CHANTER,
        "Attacking with Test Chanter causes it to become tapped, but that isn't tapping it for mana, and its last ability "
        "won't trigger.",
        MANA,
    ),
    (
        CHANTER,
        "Attacking with Test Chanter causes it to become tapped, but that is tapping it for mana, and its last ability "
        "will trigger.",
        None,
    ),
    (
        FONT,
        "Test Font's ability doesn't trigger if a Forest becomes tapped for any reason other than the activation of its "
        "mana ability, such as a spell or ability that taps it.",
        MANA,
    ),
    (
        FONT,
        "Test Font's ability triggers if a Forest becomes tapped for any reason other than the activation of its mana "
        "ability, such as a spell or ability that taps it.",
        None,
    ),
]


HARNESS = CardData(
    "Test Harness", ("Artifact", "Equipment"), text="Equipped creature gets +1/+0 and has flying.\nEquip {2}"
)
MATRIARCH = CardData(
    "Test Matriarch",
    ("Creature", "Bird"),
    text="Flying\nOther Birds you control have flying.",
    power="2",
    toughness="2",
    keywords=("Flying",),
)

CASES += [
    # the creature the Equipment was on, named after it left; the creatures it blocks named again
    (
        HARNESS,
        "If Test Harness leaves the battlefield after the equipped creature has blocked a creature with flying, the "
        "creature that had been equipped will continue to block.",
        "flying.block-stands",
    ),
    (
        HARNESS,
        "If Test Harness leaves the battlefield after the equipped creature has blocked a creature with flying, the "
        "creature that had been equipped will stop blocking.",
        None,
    ),
    (
        MATRIARCH,
        "If Test Matriarch leaves the battlefield after blockers have been declared, Birds you control that lose flying "
        "will continue to block any attacking creatures with flying they were blocking.",
        "flying.block-stands",
    ),
    (
        MATRIARCH,
        "If Test Matriarch leaves the battlefield after blockers have been declared, Birds you control that lose flying "
        "will stop blocking any attacking creatures with flying they were blocking.",
        None,
    ),
]


SPURS = CardData("Test Spurs", ("Artifact", "Equipment"), text="Equipped creature has haste.\nEquip {1}")

CASES += [
    # two ways the Equipment stops giving the keyword, said together; the case in which haste mattered, said in passing
    (
        SPURS,
        "Once a creature equipped with Test Spurs has been declared as an attacker, it isn't removed from combat if Test "
        "Spurs becomes unattached or leaves the battlefield, even if that creature entered the battlefield this turn.",
        "haste.attack-stands",
    ),
    (
        SPURS,
        "Once a creature equipped with Test Spurs has been declared as an attacker, it is removed from combat if Test "
        "Spurs becomes unattached or leaves the battlefield, even if that creature entered the battlefield this turn.",
        None,
    ),
    (
        SPURS,
        "Before a creature equipped with Test Spurs has been declared as an attacker, it isn't removed from combat if "
        "Test Spurs becomes unattached or leaves the battlefield.",
        None,
    ),
]


STALL = CardData("Test Stall", ("Instant",), text="Creatures target player controls lose haste until end of turn.")
STALLS = (
    "If you cast Test Stall after an opponent's creatures have been declared as attackers, creatures that could attack "
    "only because they had haste will continue attacking."
)

CASES += [
    # the card said to take no creature out of combat, and the advice on when to cast it, beside the statement
    (
        STALL,
        f"Test Stall won't remove any creatures from combat. {STALLS} To stop those creatures from attacking, you'll have "
        "to cast Test Stall before attackers are declared, such as during that opponent's beginning of combat step.",
        "haste.attack-stands",
    ),
    (
        STALL,
        f"{STALLS} To stop those creatures from attacking, you'll have to cast Test Stall after attackers are declared.",
        None,
    ),
    (STALL, f"Test Stall will remove creatures from combat. {STALLS}", None),
]


CRIMSON = CardData(
    "Test Crimson",
    ("Creature",),
    text="{R}: Test Crimson gains first strike until end of turn.",
    power="2",
    toughness="2",
)
TOO_LATE = (
    "Once first-strike combat damage has been dealt, it's too late to activate Test Crimson's ability to have it deal "
    "combat damage first."
)

CASES += [
    # the card said too late to use at a moment, and used then all the same
    (
        CRIMSON,
        f"{TOO_LATE} If you activate it then anyway, Test Crimson will still deal its combat damage in the regular combat "
        "damage step.",
        "first-strike.changed-after-first-damage",
    ),
    (
        CRIMSON,
        f"{TOO_LATE} If you activate it then anyway, Test Crimson won't deal combat damage in the regular combat damage "
        "step.",
        None,
    ),
    (
        CRIMSON,
        "Before first-strike combat damage has been dealt, it's too late to activate Test Crimson's ability to have it "
        "deal combat damage first.",
        None,
    ),
]


@pytest.mark.parametrize(("card", "paragraph", "expected"), CASES)
def test_eighteenth_round_classes(card: CardData, paragraph: str, expected: str | None) -> None:
    assert coverage(paragraph, card.name, CardPool({card.name: card}))[0] == expected
