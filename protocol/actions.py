"""Actions: the engine-neutral moves, and the attack targets they (and the state) name.

An invariant asks an engine to act only through these values, matched by meaning (kind, player,
source card, ability, cost choices, targets), never by an engine's internal action index; an
adapter translates both ways. They sit below the game-state model (:mod:`protocol.model`, which
hands every name here on) because the pending decisions (:mod:`protocol.decisions`) are answered
by actions and the state holds a decision: the model imports both, neither imports the model.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

PlayerIndex = int  # 0 or 1: the two seats of a two-player game


class TargetKind(enum.StrEnum):
    """What a creature can attack (CR 506.2)."""

    PLAYER = "player"
    PLANESWALKER = "planeswalker"
    BATTLE = "battle"


@dataclass(frozen=True)
class AttackTarget:
    """The player, planeswalker or battle an attacking creature is attacking."""

    kind: TargetKind
    player: PlayerIndex | None = None
    permanent: str | None = None

    def __post_init__(self) -> None:
        if self.kind is TargetKind.PLAYER:
            if self.player is None or self.permanent is not None:
                raise ValueError("a player attack target names a player and no permanent")
        elif self.permanent is None or self.player is not None:
            raise ValueError(f"a {self.kind} attack target names a permanent and no player")

    @classmethod
    def of_player(cls, player: PlayerIndex) -> AttackTarget:
        return cls(TargetKind.PLAYER, player=player)

    @classmethod
    def of_permanent(cls, kind: TargetKind, permanent: str) -> AttackTarget:
        return cls(kind, permanent=permanent)

    def __str__(self) -> str:
        return f"player {self.player}" if self.kind is TargetKind.PLAYER else f"{self.kind} {self.permanent}"


def target_ref(target: AttackTarget) -> str:
    """A compact string for an attack target, used in events ("player:1", "c7")."""
    return f"player:{target.player}" if target.kind is TargetKind.PLAYER else str(target.permanent)


class ActionKind(enum.StrEnum):
    PASS_PRIORITY = "pass-priority"
    ACTIVATE = "activate"
    CAST = "cast"
    PLAY_LAND = "play-land"
    DECLARE_ATTACKERS = "declare-attackers"
    DECLARE_BLOCKERS = "declare-blockers"
    #: Choose cards for a pending choice: the cards a search finds (they are added to the
    #: search's ``found``; the search ends when ``count`` cards are found or the choice is empty:
    #: "find no more"), or, for a look ("order"), the looked-at cards top first (empty = keep);
    #: for a "may-cast" choice, no cards = decline.
    CHOOSE_CARDS = "choose-cards"
    #: Assign combat damage (CR 510.1): the action's ``damage`` divides the damage of each
    #: creature the pending :class:`~protocol.decisions.AssignCombatDamage` lists.
    ASSIGN_DAMAGE = "assign-damage"


@dataclass(frozen=True)
class Action:
    """An engine-neutral move, matched by meaning (kind, player, source card, ability, cost
    choices, targets), never by an engine's internal action index.

    ``ability`` names the ability of ``source`` ("ninjutsu", "mana", "level:2" for a Class's
    level 2 bar ...). ``costs`` holds cost choices as (key, value) pairs, e.g. ``("return",
    "c3")`` for the unblocked attacker a ninjutsu ability returns; a spell cast for its sneak
    cost carries ``("alternative", "sneak")`` and ``("return", <unblocked attacker>)``, plus
    ``("sneak", "<i>")`` choosing among several sneak abilities of the card (its printed ones in
    text order, then those other objects grant it, in battlefield order). ``targets`` names
    players ("player:1") or, for "target spell", the spell's card id. ``attacks`` and ``blocks``
    carry combat declarations; ``damage`` a combat damage assignment (510.1) as (source creature,
    recipient, amount) triples, the recipient a creature id, "player:N", or a planeswalker's or
    battle's id (as :func:`target_ref` names them)."""

    kind: ActionKind
    player: PlayerIndex
    source: str | None = None
    ability: str | None = None
    costs: tuple[tuple[str, str], ...] = ()
    targets: tuple[str, ...] = ()
    attacks: tuple[tuple[str, AttackTarget], ...] = ()
    blocks: tuple[tuple[str, str], ...] = ()
    cards: tuple[str, ...] = ()
    damage: tuple[tuple[str, str, int], ...] = ()

    def cost(self, key: str) -> str | None:
        return dict(self.costs).get(key)

    def __str__(self) -> str:
        parts = [f"P{self.player} {self.kind}"]
        if self.source:
            parts.append(f"{self.source}")
        if self.ability:
            parts.append(f"[{self.ability}]")
        if self.costs:
            parts.append("costs=" + ",".join(f"{k}:{v}" for k, v in self.costs))
        if self.targets:
            parts.append("targets=" + ",".join(self.targets))
        if self.attacks:
            parts.append("attacks=" + ",".join(f"{a}->{t}" for a, t in self.attacks))
        if self.blocks:
            parts.append("blocks=" + ",".join(f"{b}->{a}" for b, a in self.blocks))
        if self.damage:
            parts.append("damage=" + ",".join(f"{s}->{r}:{n}" for s, r, n in self.damage))
        if self.cards or self.kind is ActionKind.CHOOSE_CARDS:
            parts.append("cards=" + (",".join(self.cards) or "none"))
        return " ".join(parts)


def pass_priority(player: PlayerIndex) -> Action:
    return Action(ActionKind.PASS_PRIORITY, player)


__all__ = ["Action", "ActionKind", "AttackTarget", "PlayerIndex", "TargetKind", "pass_priority", "target_ref"]
