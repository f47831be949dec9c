"""Mutants of what stays as it was when a creature's keywords change during combat (702.7c,
702.4c-d, 509.1h, 508.1a): an engine that asks "does it have first strike?" again in the second
combat damage step instead of remembering who had it as the first began; one that re-checks
flying or menace against blocks already declared; one that re-checks haste or defender against
attacks already declared."""

from __future__ import annotations

from engines.reference.engine import Combat, Core
from engines.reference.game import Game, Perm

from . import Mutant, table

STRIKE_RULINGS = (
    "first-strike.gained-after-damage",
    "first-strike.thunder-strike",
    "first-strike.kindled-fury",
    "first-strike.bloodhaze-wolverine",
    "first-strike.seize-the-initiative",
    "first-strike.stensia-masquerade",
    "double-strike.battle-mastery",
    "first-strike.stromkirk-captain",
    "first-strike.battle-brawler",
    "first-strike.mardu-runemark",
    "double-strike.fury-sliver",
    "first-strike.changed-after-first-damage",
    "double-strike.removed-during-first-damage",
    "double-strike.given-after-first-damage",
)
FLYING_RULINGS = (
    "flying.evasion-before-blocks",
    "flying.goblin-balloon-brigade",
    "flying.vault-skyward",
    "flying.paragon-of-the-amesha",
    "flying.dragonsoul-knight",
    "flying.voice-of-the-blessed",
    "flying.beetleform-mage",
    "flying.dukhara-peafowl",
    "flying.flutterfox",
    "flying.jeskai-runemark",
    "flying.ascendant-spirit",
    "flying.paragon-of-gathering-mists",
    "flying.burdened-aerialist",
    "flying.moorland-drifter",
    "flying.auriok-sunchaser",
    "flying.snapsail-glider",
)
MENACE_RULINGS = (
    "menace.blockers-removed",
    "menace.thraben-foulbloods",
    "menace.drey-keeper",
    "menace.nimana-skitter-sneak",
)
HASTE_RULINGS = (
    "haste.fervor",
    "haste.lightning-mauler",
    "haste.cliffrunner-behemoth",
    "haste.cloudshredder-sliver",
    "combat.declared-stays-in-combat",
)
DEFENDER_RULINGS = (
    "defender.pillar-of-war",
    "defender.ogre-jailbreaker",
    "defender.dirgur-nemesis",
    "combat.declared-stays-in-combat",
)
UNTAPPED_RULINGS = (
    "combat.tapping-keeps-combat",
    "vigilance.herald-of-dromoka",
    "vigilance.tenacious-hunter",
    "vigilance.esika",
    "vigilance.serras-guardian",
    "vigilance.blessed-alliance",
)
TAPPED_RULINGS = (
    "vigilance.gained-after-attack",
    "vigilance.inquisitors-ox",
    "vigilance.tangleclaw-werewolf",
)


def gained_strike_skips_regular(self: Combat, game: Game, perm: Perm, first_strike_step: bool) -> bool:
    """In the second step, a creature with first strike now is taken to have struck already,
    whether or not it had first strike as the first step began."""
    if first_strike_step:
        return Combat.deals_damage_in_step(self, game, perm, first_strike_step)
    return self.has_double_strike(game, perm) or (
        perm.id not in game.first_strikers and not self.has_first_strike(game, perm)
    )


def lost_strike_strikes_again(self: Combat, game: Game, perm: Perm, first_strike_step: bool) -> bool:
    """In the second step, a creature without first strike now deals damage, even one that had
    first strike as the first step began and dealt its damage there."""
    if first_strike_step:
        return Combat.deals_damage_in_step(self, game, perm, first_strike_step)
    return (
        self.has_double_strike(game, perm)
        or perm.id not in game.first_strikers
        or not self.has_first_strike(game, perm)
    )


def flying_rechecked(self: Combat, game: Game, attacker: Perm) -> bool:
    """A block no longer legal under flying (a blocker without flying or reach) is undone."""
    return all(self.may_block_flyer(game, b, attacker) for b in self.blockers_of(game, attacker))


def menace_rechecked(self: Combat, game: Game, attacker: Perm) -> bool:
    """A creature with menace blocked by a single creature is unblocked."""
    return not (self.has_menace(game, attacker) and len(self.blockers_of(game, attacker)) == 1)


def haste_rechecked(self: Combat, game: Game, perm: Perm) -> bool:
    """An attacking creature that could not attack now for summoning sickness leaves combat."""
    return not self.turn.summoning_sickness_applies(game, perm)


def defender_rechecked(self: Combat, game: Game, perm: Perm) -> bool:
    """An attacking creature with defender leaves combat."""
    return not self.has_defender(game, perm)


def double_strike_only_if_had_it(self: Combat, game: Game, perm: Perm, first_strike_step: bool) -> bool:
    """In the second step, only creatures that did not strike first deal damage: double strike
    given after the first step began is ignored."""
    if first_strike_step:
        return Combat.deals_damage_in_step(self, game, perm, first_strike_step)
    return perm.id not in game.first_strikers


def untapped_attackers_leave(self: Combat, game: Game, perm: Perm) -> bool:
    """An untapped attacking creature without vigilance is taken not to be attacking."""
    return perm.tapped or self.has_vigilance(game, perm)


def vigilance_lost_taps(self: Combat, game: Game, perm: Perm) -> bool:
    """As each combat step begins, an untapped attacker without vigilance is tapped."""
    if not perm.tapped and not self.has_vigilance(game, perm):
        perm.tapped = True
    return True


def vigilance_gained_untaps(self: Combat, game: Game, perm: Perm) -> bool:
    """As each combat step begins, a tapped attacker with vigilance is untapped."""
    if perm.tapped and self.has_vigilance(game, perm):
        perm.tapped = False
    return True


def haste_ignored_for_tap_costs(self: Core, game: Game, perm: Perm) -> bool:
    """Summoning sickness applies to every creature that came under its controller's control this
    turn, haste or not."""
    return perm.summoning_sick and game.is_type(perm.id, "Creature")


def zero_toughness_needs_damage(self: Core, game: Game, perm: Perm) -> bool:
    """Only damage destroys: a creature with toughness 0 and no damage stays."""
    toughness = self.toughness(game, perm)
    return toughness is not None and perm.damage > 0 and perm.damage >= toughness


def indestructible_survives_zero_toughness(self: Core, game: Game, perm: Perm) -> bool:
    """Indestructible taken to save a creature from toughness 0 as from lethal damage."""
    return self.is_indestructible(game, perm)


MUTANTS: tuple[Mutant, ...] = table(
    # id, the rulings it breaks, the bug, the decisions it replaces
    (
        "first-strike-gained-late-skips-regular-damage",
        STRIKE_RULINGS,
        "a creature given first strike after first-strike damage deals no regular combat damage (702.7c)",
        {"combat.deals_damage_in_step": gained_strike_skips_regular},
    ),
    (
        "first-strike-lost-strikes-again",
        STRIKE_RULINGS,
        "a creature that lost first strike after dealing first-strike damage deals regular combat damage too "
        "(702.7c, 702.4c)",
        {"combat.deals_damage_in_step": lost_strike_strikes_again},
    ),
    (
        "flying-rechecked-after-blocks",
        FLYING_RULINGS,
        "a creature that has flying now, blocked by a creature without flying or reach, becomes unblocked (509.1h)",
        {"combat.block_stands": flying_rechecked},
    ),
    (
        "menace-rechecked-after-blocks",
        MENACE_RULINGS,
        "a creature that has menace now, blocked by a single creature, becomes unblocked (509.1h)",
        {"combat.block_stands": menace_rechecked},
    ),
    (
        "haste-rechecked-after-attacks",
        HASTE_RULINGS,
        "an attacking creature that lost haste and came under its controller's control this turn is removed "
        "from combat (508.1a, 302.6)",
        {"combat.attack_stands": haste_rechecked},
    ),
    (
        "defender-rechecked-after-attacks",
        DEFENDER_RULINGS,
        "an attacking creature that has defender now is removed from combat (508.1a, 702.3b)",
        {"combat.attack_stands": defender_rechecked},
    ),
    (
        "double-strike-given-late-ignored",
        ("double-strike.given-after-first-damage",),
        "a creature that struck first deals no regular combat damage though it has double strike now (702.4d)",
        {"combat.deals_damage_in_step": double_strike_only_if_had_it},
    ),
    (
        "untapped-attackers-leave-combat",
        UNTAPPED_RULINGS,
        "an untapped attacking creature without vigilance is removed from combat (506.4b)",
        {"combat.attack_stands": untapped_attackers_leave},
    ),
    (
        "vigilance-lost-taps-attacker",
        UNTAPPED_RULINGS,
        "an attacking creature that lost vigilance becomes tapped as the next combat step begins (702.20b)",
        {"combat.attack_stands": vigilance_lost_taps},
    ),
    (
        "vigilance-gained-untaps-attacker",
        TAPPED_RULINGS,
        "a tapped attacking creature that gained vigilance becomes untapped as the next combat step begins (702.20b)",
        {"combat.attack_stands": vigilance_gained_untaps},
    ),
    (
        "zero-toughness-survives",
        ("combat.zero-toughness",),
        "a creature with toughness 0 and no damage marked stays on the battlefield (704.5f)",
        {"core.is_lethally_damaged": zero_toughness_needs_damage},
    ),
    (
        "indestructible-survives-zero-toughness",
        ("combat.zero-toughness",),
        "indestructible keeps a creature with toughness 0 on the battlefield (704.5f is not destruction)",
        {"core.survives_destruction": indestructible_survives_zero_toughness},
    ),
    (
        "haste-ignored-for-tap-costs",
        ("haste.tap-abilities",),
        "a summoning-sick creature with haste can't pay {T} (702.10c)",
        {"core.summoning_sickness_applies": haste_ignored_for_tap_costs},
    ),
)
