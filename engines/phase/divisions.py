"""The combat damage divisions the adapter offers at phase's ``AssignCombatDamage`` prompt.

phase's ``actions()`` lists one answer to that prompt (its default: lethal damage to each
blocker in the order it lists them, the rest to the last), while its ``apply`` judges any
division. Since 2024 the attacking player divides a blocked creature's damage among its blockers
as they choose (510.1c, no damage assignment order), so an offer list of phase's default alone
hid legal choices from the checks. The adapter proposes a few divisions, as the reference engine
does (the least, all of it to each recipient, lethal to each blocker and the excess beyond for
trample, 702.19b), and offers those phase accepts when tried on a copy of the game: an offer
is phase's judgement, never the adapter's.
"""

from collections.abc import Callable

from protocol.decisions import AssignCombatDamage, DamageSource, Share
from protocol.model import Action, ActionKind


def proposed(pending: AssignCombatDamage) -> list[Action]:
    """Divisions of ``pending``'s damage worth offering, each legal by the model's rules
    (510.1c-d, 702.19b-c): phase is asked about each of them before one is offered."""
    least = pending.least(lambda: ())
    out = [least]
    for entry in pending.sources:
        others = tuple(s for s in least.damage if s[0] != entry.source)
        shares: list[tuple[Share, ...]] = [((entry.source, ref, entry.amount),) for ref in entry.recipients]
        excess = trample_excess(entry)
        if excess:
            shares.append(excess)
        for own in shares:
            action = Action(ActionKind.ASSIGN_DAMAGE, pending.player, damage=others + own)
            if action not in out and not pending.answer_problems(action):
                out.append(action)
    return out


def trample_excess(entry: DamageSource) -> tuple[Share, ...]:
    """702.19b: lethal damage to each creature it divides among, the excess to what it attacks
    (empty without trample or without damage to spare)."""
    if not entry.beyond:
        return ()
    shares = [(entry.source, c.ref, entry.lethal_to(c)) for c in entry.creatures if entry.lethal_to(c) > 0]
    excess = entry.amount - sum(n for _, _, n in shares)
    return (*shares, (entry.source, entry.beyond[0].ref, excess)) if excess > 0 else ()


def offered(pending: AssignCombatDamage, accepts: Callable[[Action], bool]) -> list[Action]:
    """The proposed divisions ``accepts`` (phase, on a copy of the game) takes."""
    return [action for action in proposed(pending) if accepts(action)]
