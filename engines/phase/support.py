"""What the phase adapter supports, what it does not (with the reason), and what phase cannot show."""

from importlib.metadata import version

from protocol.adapter import Support
from protocol.mechanics import Mechanic

PHASE = f"phase {version('phase-python')}"
M = Mechanic
#: The ``requires`` strings phase implements, as far as this adapter maps them: combat (its block
#: validation has menace), ninjutsu and sneak, casting with X, targets and cast triggers, tokens,
#: {T}/{Q} and mana abilities (tried on a copy), searches and their restriction (prompts.py),
#: rebound's may-cast, play from exile (grants.py), land plays, Class levels, leave triggers.
SUPPORTED: frozenset[str] = frozenset(
    {
        *(M.NINJUTSU, M.FIRST_STRIKE, M.DOUBLE_STRIKE, M.ATTACK_TRIGGER, M.COMBAT_DAMAGE_TRIGGER, M.MENACE),
        *(M.MANA_ABILITY, M.PLANESWALKER, M.BATTLE, M.SUMMONING_SICKNESS, M.STACK, M.PRIORITY),
        *(M.TAP_ABILITY, M.UNTAP_SYMBOL, M.CASTING, M.CASTING_PERMANENTS, M.X_ETB, M.CAST_TRIGGER),
        *(M.COUNTERSPELL, M.SNEAK, M.TOKENS, M.PLAY_FROM_EXILE, M.SEARCH, M.SEARCH_RESTRICTION),
        *(M.REBOUND, M.LAND_PLAY, M.CLASS, M.LEAVES_TRIGGER),
    }
)
#: Requirements known not to work, with the reason.
NOT_SUPPORTED: dict[str, str] = {
    M.LIBRARY_NINJUTSU: f"{PHASE} has no library ninjutsu: its card parser leaves 'Library ninjutsu {{1}}{{U}}' an "
    "Unimplemented ability, its ninjutsu-family costs are only Ninjutsu, CommanderNinjutsu and Sneak, and its one "
    "ninjutsu action (ActivateNinjutsu) refuses a card in the library: 'Ninjutsu-family card not in hand or command zone'",
    M.COMMANDER_NINJUTSU: "the phase adapter does not map the command zone (phase parses commander ninjutsu but needs "
    "a Commander-format game with a designated commander)",
    M.LOOK: "the phase adapter does not map phase's look-and-order prompt (only library ninjutsu rulings, which phase "
    "lacks, use it)",
    M.MILL: "the phase adapter has not mapped mill as a mana-ability cost during a search (only library ninjutsu "
    "rulings, which phase lacks, use it)",
    M.MANA_TRIGGERS: f"{PHASE} leaves the mana of 'tapped for mana' triggers ('add one additional mana of any type "
    "that land produced') Unimplemented (its life-gaining ones parse)",
    M.MANA_REPLACEMENT: f"{PHASE} has no 'tapped for mana' replacement effects: 'it produces twice as much of that "
    "mana instead' parses as a ProduceMana replacement with nothing to execute (a Forest under it adds one {G}), and "
    "'it produces {R}{R} instead of any other type and amount' is left Unimplemented",
    M.COULD_PRODUCE: f"{PHASE} leaves 'Add one mana of any type a land you control could produce' Unimplemented",
}
#: The model's fields phase keeps no record of that the adapter could read (exported empty).
CANNOT_SHOW = frozenset({"protector", "revealed", "triggered", "choices"})


def supports(requires: frozenset[str]) -> Support:
    reasons = [
        NOT_SUPPORTED.get(item, f"the phase adapter does not know the requirement {item!r}")
        for item in sorted(requires)
        if item not in SUPPORTED
    ]
    return Support.no("; ".join(reasons)) if reasons else Support.yes()
