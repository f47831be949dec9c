"""Casting a spell in phase.rs: the model's one CAST action <-> phase's prompt chain.

phase casts in steps: ``CastSpell`` (or ``CastSpellAsSneak``) puts the card on the stack, then
phase may stop at a prompt per choice of CR 601.2b-c: ``ChooseXValue`` (answered ``ChooseX``),
``TargetSelection`` / ``MultiTargetSelection`` (``SelectTargets`` / ``ChooseTarget``), and pays
the mana itself. The model names every choice in the action (costs ``("x", "2")``,
``("alternative", "sneak")``, ``("return", id)``; ``targets``), so the chain is played on a copy
of the game first, each prompt answered from the action; only when it goes through, and phase's
chosen targets are the model's, is the same chain applied to the real game. A prompt the action
does not answer is a refusal naming it: the adapter never makes a choice the action did not make.
"""

from __future__ import annotations

from typing import Any

from protocol.adapter import ActionRefused
from protocol.model import Action

from .names import Ids

TARGET_PROMPTS = ("TargetSelection", "MultiTargetSelection", "TriggerTargetSelection")
#: At most this many prompts in one cast (a safety bound: phase asks a handful at most).
MAX_PROMPTS = 16


def target_ref(ref: Any, ids: Ids) -> str | None:
    """The model's name of a phase target: ``{"Player": 1}`` -> "player:1", ``{"Object": 7}``
    -> the card id of object 7."""
    if isinstance(ref, dict) and "Player" in ref:
        return f"player:{int(ref['Player'])}"
    if isinstance(ref, dict) and "Object" in ref:
        return ids.card(ref["Object"])
    return None


def first_action(offered: list[Any], action: Action, oid: int, returned: int | None) -> dict[str, Any] | None:
    """phase's action that starts casting ``oid`` as ``action`` says (its normal cost, or sneak)."""
    alternative = action.cost("alternative")
    for native in offered:
        data = native.data or {}
        if alternative is None and native.kind == "CastSpell" and int(data.get("object_id", -1)) == oid:
            return native.to_dict()
        if alternative == "sneak" and native.kind == "CastSpellAsSneak" and int(data.get("hand_object", -1)) == oid:
            if int(data.get("creature_to_return", -1)) == returned:
                return native.to_dict()
    if alternative == "sneak" and returned is not None:  # not listed: phase judges a hand-built one
        return {
            "type": "CastSpellAsSneak",
            "data": {"hand_object": oid, "card_id": oid, "creature_to_return": returned},
        }
    return None


def answer(
    waiting: dict[str, Any], offered: list[Any], action: Action, ids: Ids, answered: list[str]
) -> dict[str, Any]:
    """phase's answer to one casting prompt, from the model action (or a refusal)."""
    kind = waiting.get("type")
    if kind == "ChooseXValue":
        x = action.cost("x")
        if x is None:
            raise ActionRefused("phase asks for X (ChooseXValue) and the action chooses none (cost 'x')")
        values = [(n.data or {}).get("value") for n in offered if n.kind == "ChooseX"]
        for native in offered:
            if native.kind == "ChooseX" and str((native.data or {}).get("value")) == x:
                return native.to_dict()
        raise ActionRefused(f"phase does not allow X={x} (its ChooseXValue offers {values})")
    if kind not in TARGET_PROMPTS:
        raise ActionRefused(f"phase asks {kind} while casting, a choice the model action does not make")
    wanted = [t for t in action.targets if t not in answered]
    for native in offered:
        data = native.data or {}
        if native.kind == "SelectTargets":
            refs = [target_ref(r, ids) for r in data.get("targets", [])]
            if refs and refs == wanted[: len(refs)]:
                answered.extend(r for r in refs if r is not None)
                return native.to_dict()
        if native.kind == "ChooseTarget" and wanted and target_ref(data.get("target"), ids) == wanted[0]:
            answered.append(wanted[0])
            return native.to_dict()
    if wanted:  # not listed: phase judges a hand-built choice
        player, oid = wanted[0].startswith("player:"), ids.engine(wanted[0])
        if player or oid is not None:
            answered.append(wanted[0])
            ref = {"Player": int(wanted[0].split(":", 1)[1])} if player else {"Object": oid}
            return {"type": "ChooseTarget", "data": {"target": ref}}
    raise ActionRefused(
        f"phase asks for a target ({kind}) that the action does not name (targets {list(action.targets)})"
    )


def spell_targets(game: Any, oid: int, ids: Ids) -> list[str]:
    """The targets of the spell ``oid`` on phase's stack (as model refs)."""
    for item in game.stack() or []:
        kind = item.get("kind") or {}
        if kind.get("type") == "Spell" and int(item.get("source_id", -1)) == oid:
            ability = (kind.get("data") or {}).get("ability") or {}
            return [r for r in (target_ref(t, ids) for t in ability.get("targets", [])) if r is not None]
    return []


def plan_cast(copy: Any, actor: int, action: Action, oid: int, returned: int | None, ids: Ids) -> list[dict[str, Any]]:
    """Cast on ``copy`` (a throwaway game) and return the phase actions that did it."""
    import phase

    first = first_action(list(copy.actions()), action, oid, returned)
    if first is None:
        raise ActionRefused(f"phase does not offer {action}")
    chain, answered = [first], list[str]()
    try:
        copy.apply(actor, phase.GameAction.from_dict(first))
    except ValueError as exc:
        raise ActionRefused(f"phase refused {action}: {exc}") from None
    for _ in range(MAX_PROMPTS):
        waiting = copy.waiting_for() or {}
        if waiting.get("type") == "Priority" or (waiting.get("data") or {}).get("player") != actor:
            break
        if waiting.get("type") not in (*TARGET_PROMPTS, "ChooseXValue") and not copy.state()["state"].get(
            "has_pending_cast"
        ):
            break  # a prompt of something else (a trigger, a search): the cast is done
        step = answer(waiting, list(copy.actions()), action, ids, answered)
        try:
            copy.apply(actor, phase.GameAction.from_dict(step))
        except ValueError as exc:
            raise ActionRefused(f"phase refused {action} at {waiting.get('type')}: {exc}") from None
        chain.append(step)
    else:
        raise ActionRefused(f"phase's cast of {action.source} did not finish after {MAX_PROMPTS} prompts")
    chosen = spell_targets(copy, oid, ids) if action.targets else []
    if sorted(chosen) != sorted(action.targets):
        raise ActionRefused(f"phase cast {action.source} targeting {chosen}, not {list(action.targets)}")
    return chain
