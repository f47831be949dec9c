"""Casting a spell in phase.rs: the model's one CAST action <-> phase's prompt chain.

phase casts in steps: ``CastSpell`` (or ``CastSpellAsSneak``) puts the card on the stack, then
phase may stop at a prompt per choice of CR 601.2b-c: ``ChooseXValue`` (answered ``ChooseX``),
``TargetSelection`` / ``MultiTargetSelection`` (``SelectTargets`` / ``ChooseTarget``), and pays the
mana itself (``payment_mode`` Auto: from the pool first, then its own choice of mana abilities).
The model names every choice in the action (``costs`` ``("x", "2")``, ``("alternative",
"sneak")``, ``("return", id)``; ``targets``). So the chain is played on a copy of the game first,
each prompt answered from the action; only when the whole chain goes through, and phase's chosen
targets are the model's, is the same list of phase actions applied to the real game. A prompt the
action does not answer (a mode, an optional cost, an unmapped prompt) is a refusal naming the
prompt: the adapter never makes a choice the action did not make.
"""

from __future__ import annotations

from typing import Any

from protocol.adapter import ActionRefused
from protocol.model import Action

#: Prompts phase asks while a spell is being cast, answered here.
TARGET_PROMPTS = ("TargetSelection", "MultiTargetSelection", "TriggerTargetSelection")
#: At most this many prompts in one cast (a safety bound: phase asks a handful at most).
MAX_PROMPTS = 16


def target_ref(ref: Any, model_id: Any) -> str | None:
    """The model's name of a phase target (``{"Player": 1}`` -> "player:1", ``{"Object": 7}``
    -> the card id of object 7)."""
    if isinstance(ref, dict):
        if "Player" in ref:
            return f"player:{int(ref['Player'])}"
        if "Object" in ref:
            return model_id(int(ref["Object"]))
    return None


def phase_target(target: str, phase_id: Any) -> dict[str, int] | None:
    if target.startswith("player:"):
        return {"Player": int(target.split(":", 1)[1])}
    oid = phase_id(target)
    return {"Object": oid} if oid is not None else None


def first_action(offered: list[Any], action: Action, oid: int, returned: int | None) -> dict[str, Any] | None:
    """phase's action that starts casting ``oid`` as ``action`` says (its normal cost, or sneak)."""
    alternative = action.cost("alternative")
    for native in offered:
        data = native.data or {}
        if alternative is None and native.kind == "CastSpell" and int(data.get("object_id", -1)) == oid:
            return native.to_dict()
        if (
            alternative == "sneak"
            and native.kind == "CastSpellAsSneak"
            and int(data.get("hand_object", -1)) == oid
            and int(data.get("creature_to_return", -1)) == returned
        ):
            return native.to_dict()
    return None


def answer(
    waiting: dict[str, Any],
    offered: list[Any],
    action: Action,
    phase_id: Any,
    model_id: Any,
    answered_targets: list[str],
) -> dict[str, Any]:
    """phase's answer to one casting prompt, from the model action (or a refusal)."""
    kind = waiting.get("type")
    if kind == "ChooseXValue":
        x = action.cost("x")
        if x is None:
            raise ActionRefused("phase asks for X (ChooseXValue) and the action chooses none (cost 'x')")
        for native in offered:
            if native.kind == "ChooseX" and str((native.data or {}).get("value")) == x:
                return native.to_dict()
        raise ActionRefused(
            f"phase does not allow X={x} (its ChooseXValue offers "
            f"{[(n.data or {}).get('value') for n in offered if n.kind == 'ChooseX']})"
        )
    if kind in TARGET_PROMPTS:
        wanted = [t for t in action.targets if t not in answered_targets]
        for native in offered:
            data = native.data or {}
            if native.kind == "SelectTargets":
                refs = [target_ref(r, model_id) for r in data.get("targets", [])]
                if refs and refs == wanted[: len(refs)]:
                    answered_targets.extend(r for r in refs if r is not None)
                    return native.to_dict()
            if native.kind == "ChooseTarget" and wanted:
                if target_ref(data.get("target"), model_id) == wanted[0]:
                    answered_targets.append(wanted[0])
                    return native.to_dict()
        if wanted:  # not listed: phase judges a hand-built choice
            ref = phase_target(wanted[0], phase_id)
            if ref is not None:
                answered_targets.append(wanted[0])
                return {"type": "ChooseTarget", "data": {"target": ref}}
        raise ActionRefused(
            f"phase asks for a target ({kind}) that the action does not name (targets {list(action.targets)})"
        )
    raise ActionRefused(f"phase asks {kind} while casting, a choice the model action does not make")


def spell_targets(game: Any, oid: int, model_id: Any) -> list[str]:
    """The targets of the spell ``oid`` on phase's stack (as model refs)."""
    for item in game.stack() or []:
        kind = item.get("kind") or {}
        if kind.get("type") == "Spell" and int(item.get("source_id", -1)) == oid:
            ability = (kind.get("data") or {}).get("ability") or {}
            return [r for r in (target_ref(t, model_id) for t in ability.get("targets", [])) if r is not None]
    return []


def plan_cast(
    copy: Any, actor: int, action: Action, oid: int, returned: int | None, phase_id: Any, model_id: Any
) -> list[dict[str, Any]]:
    """Cast on ``copy`` (a throwaway game) and return the phase actions that did it."""
    import phase

    first = first_action(list(copy.actions()), action, oid, returned)
    if first is None and action.cost("alternative") == "sneak" and returned is not None:
        first = {
            "type": "CastSpellAsSneak",
            "data": {"hand_object": oid, "card_id": oid, "creature_to_return": returned},
        }
    if first is None:
        raise ActionRefused(f"phase does not offer {action}")
    chain = [first]
    try:
        copy.apply(actor, phase.GameAction.from_dict(first))
    except ValueError as exc:
        raise ActionRefused(f"phase refused {action}: {exc}") from None
    answered: list[str] = []
    for _ in range(MAX_PROMPTS):
        waiting = copy.waiting_for() or {}
        if waiting.get("type") == "Priority" or (waiting.get("data") or {}).get("player") != actor:
            break
        if waiting.get("type") not in TARGET_PROMPTS + ("ChooseXValue",) and not copy.state()["state"].get(
            "has_pending_cast"
        ):
            break  # a prompt of something else (a trigger, a search): the cast is done
        step = answer(waiting, list(copy.actions()), action, phase_id, model_id, answered)
        try:
            copy.apply(actor, phase.GameAction.from_dict(step))
        except ValueError as exc:
            raise ActionRefused(f"phase refused {action} at {waiting.get('type')}: {exc}") from None
        chain.append(step)
    else:
        raise ActionRefused(f"phase's cast of {action.source} did not finish after {MAX_PROMPTS} prompts")
    if action.targets:
        chosen = spell_targets(copy, oid, model_id)
        if sorted(chosen) != sorted(action.targets):
            raise ActionRefused(f"phase cast {action.source} targeting {chosen}, not {list(action.targets)}")
    return chain


__all__ = ["plan_cast", "target_ref"]
