"""Model Actions <-> phase.rs GameActions, matched by meaning, and a cast's prompt chain.

phase lists no mana abilities (it pays mana itself): one asked for by name is sent as
``ActivateAbility``. A cast is ``CastSpell`` (or ``CastSpellAsSneak``) and a prompt per choice of
CR 601.2b-c, answered from the action on a copy of the game; only a chain that goes through, with
phase's targets the model's, is applied. The adapter makes no choice the action did not make."""

from functools import partial
from typing import Any

from engines.kit.naming import AbilityShape, ability_names
from protocol.adapter import ActionRefused
from protocol.decisions import AssignCombatDamage, Decision, MayCast, Share
from protocol.model import Action, ActionKind

from .events import NINJUTSU_VARIANTS, ninjutsu_ability
from .names import Ids, phase_target, symbol, target_of

TARGET_PROMPTS = ("TargetSelection", "MultiTargetSelection", "TriggerTargetSelection")
MAX_PROMPTS = 16  # prompts in one cast at most (a safety bound: phase asks a handful)
K = ActionKind


def to_model(
    kind: str, data: dict[str, Any] | None, actor: int, ids: Ids, objects: dict[str, Any], pending: Decision | None
) -> Action | None:
    """The model Action of a phase action, or None if the model has no name for it."""
    data, act = data or {}, partial(Action, player=actor)
    if kind == "PassPriority":
        return act(K.PASS_PRIORITY)
    if kind == "DecideOptionalEffect" and isinstance(pending, MayCast):
        # rebound's offer: declining maps here; accepting is a cast only if it casts (may_casts)
        return None if data.get("accept") else act(K.CHOOSE_CARDS)
    if kind == "ActivateNinjutsu":
        ninja, costs = data["ninjutsu_object_id"], (("return", ids.card(data["creature_to_return"])),)
        return act(K.ACTIVATE, source=ids.card(ninja), ability=ninjutsu_ability(objects.get(str(ninja))), costs=costs)
    if kind == "DeclareAttackers" and not data.get("bands"):
        attacks = tuple((ids.card(a), target_of(t, ids)) for a, t in data.get("attacks", []))
        return act(K.DECLARE_ATTACKERS, attacks=attacks)
    if kind == "DeclareBlockers":
        return act(K.DECLARE_BLOCKERS, blocks=tuple((ids.card(b), ids.card(a)) for b, a in data.get("assignments", [])))
    if kind in ("PlayLand", "CastSpell") and "object_id" in data:
        return act(K.PLAY_LAND if kind == "PlayLand" else K.CAST, source=ids.card(data["object_id"]))
    if kind == "CastSpellAsSneak":
        sneak = (("alternative", "sneak"), ("return", ids.card(data["creature_to_return"])))
        return act(K.CAST, source=ids.card(data["hand_object"]), costs=sneak)
    if kind == "SelectCards":
        return act(K.CHOOSE_CARDS, cards=ids.cards(data.get("cards", [])))
    if kind == "AssignCombatDamage" and isinstance(pending, AssignCombatDamage):
        return act(K.ASSIGN_DAMAGE, damage=damage_of(data, pending, ids))
    if kind == "ActivateAbility" and "source_id" in data:
        name = ability_name(objects.get(str(data["source_id"])), int(data.get("ability_index", 0)))
        return None if name is None else act(K.ACTIVATE, source=ids.card(data["source_id"]), ability=name)
    return None


def is_mana_ability(ability: dict[str, Any]) -> bool:
    return bool(ability.get("is_mana_ability")) or (ability.get("effect") or {}).get("type") == "Mana"


def ability_name(obj: dict[str, Any] | None, index: int) -> str | None:
    """The protocol's name of ability ``index`` of ``obj`` (phase numbers all of an object's
    abilities together; the kit names them as the protocol counts them)."""
    shapes = []
    for a in (obj or {}).get("abilities", []):
        effect = a.get("effect") or {}
        names = {"SearchLibrary": "search", "SetClassLevel": f"level:{effect.get('level')}"}
        special = names.get(str(effect.get("type")))
        shapes.append(AbilityShape(a.get("kind") == "Activated", is_mana_ability(a), special))
    return ability_names(shapes)[index] if 0 <= index < len(shapes) else None


def mana_ability_indexes(obj: dict[str, Any]) -> list[int]:
    return [i for i, a in enumerate(obj.get("abilities", [])) if a.get("kind") == "Activated" and is_mana_ability(a)]


def to_phase(
    action: Action, ids: Ids, objects: dict[str, Any], waiting: str | None, pending: Decision | None
) -> dict[str, Any] | None:
    """The phase action dict for ``action``; None when it must be matched against phase's own
    listing (actions whose phase shape carries engine-internal data)."""
    kind, ability = action.kind, action.ability

    def oid(card_id: str | None, what: str) -> int:
        found = ids.engine(card_id) if card_id is not None else None
        if found is None:
            raise ActionRefused(f"{what} {card_id!r} is not an object of this game")
        return found

    if isinstance(pending, MayCast) and kind is K.CHOOSE_CARDS and not action.cards:
        return {"type": "DecideOptionalEffect", "data": {"accept": False}}
    if kind is K.PASS_PRIORITY:
        return {"type": "PassPriority"}
    if kind is K.ACTIVATE and ability in NINJUTSU_VARIANTS.values():
        if action.cost("return") is None:
            raise ActionRefused(f"{ability} needs an unblocked attacker to return (cost 'return')")
        ninja, returned = oid(action.source, "Ninja"), oid(action.cost("return"), "returned creature")
        data = {"ninjutsu_object_id": ninja, "creature_to_return": returned}
        return {"type": "ActivateNinjutsu", "data": data}
    if kind is K.DECLARE_ATTACKERS:
        attacks = [[oid(a, "attacker"), phase_target(t, ids)] for a, t in action.attacks]
        return {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}
    if kind is K.DECLARE_BLOCKERS:
        pairs = [[oid(b, "blocker"), oid(a, "attacker")] for b, a in action.blocks]
        return {"type": "DeclareBlockers", "data": {"assignments": pairs}}
    if kind is K.ASSIGN_DAMAGE and isinstance(pending, AssignCombatDamage):
        return damage_answer(action, pending, ids)
    if kind is K.CHOOSE_CARDS and waiting == "SearchChoice":
        return {"type": "SelectCards", "data": {"cards": [oid(c, "card") for c in action.cards]}}
    if kind is not K.ACTIVATE or ability is None or not ability.startswith("mana"):
        return None
    source = oid(action.source, "source")  # phase lists no mana abilities but activates one
    obj = objects.get(str(source)) or {}
    index = next((i for i in mana_ability_indexes(obj) if ability_name(obj, i) == ability), None)
    if index is None:
        raise ActionRefused(f"{action.source} has no mana ability {ability!r}")
    if [c for c in action.costs if c[0] != "produce"]:
        raise ActionRefused(f"a mana ability takes no cost choices {list(action.costs)}")
    produced = (obj["abilities"][index].get("effect") or {}).get("produced") or {}
    can = {"C"} if produced.get("type") == "Colorless" else {symbol(c) for c in produced.get("colors", [])}
    chosen = produced.get("type") not in ("Fixed", "Colorless")  # phase asks ChooseManaColor: it judges
    if not chosen and action.cost("produce") not in (None, *can):
        raise ActionRefused(f"{ability} of {action.source} produces {sorted(can)}, not {action.cost('produce')}")
    return {"type": "ActivateAbility", "data": {"source_id": source, "ability_index": index}}


def target_ref(ref: Any, ids: Ids) -> str | None:
    """The model's name of a phase target: ``{"Player": 1}`` -> "player:1", ``{"Object": 7}``
    -> the card id of object 7."""
    if isinstance(ref, dict) and "Player" in ref:
        return f"player:{int(ref['Player'])}"
    return ids.card(ref["Object"]) if isinstance(ref, dict) and "Object" in ref else None


def answer(
    waiting: dict[str, Any], offered: list[Any], action: Action, ids: Ids, answered: list[str]
) -> dict[str, Any]:
    """phase's answer to one casting prompt, from the model action (or a refusal)."""
    kind, wanted = waiting.get("type"), [t for t in action.targets if t not in answered]
    if kind == "ChooseXValue":
        if action.cost("x") is None:
            raise ActionRefused("phase asks for X (ChooseXValue) and the action chooses none (cost 'x')")
        values = {str((n.data or {}).get("value")): n for n in offered if n.kind == "ChooseX"}
        if action.cost("x") not in values:
            raise ActionRefused(f"phase does not allow X={action.cost('x')} (its ChooseXValue offers {list(values)})")
        return values[str(action.cost("x"))].to_dict()
    if kind not in TARGET_PROMPTS:
        raise ActionRefused(f"phase asks {kind} while casting, a choice the model action does not make")
    for native in offered:
        data = native.data or {}
        refs = [target_ref(r, ids) for r in data.get("targets", [])] if native.kind == "SelectTargets" else []
        if refs and refs == wanted[: len(refs)]:
            answered.extend(r for r in refs if r is not None)
            return native.to_dict()
        if native.kind == "ChooseTarget" and wanted and target_ref(data.get("target"), ids) == wanted[0]:
            answered.append(wanted[0])
            return native.to_dict()
    player = bool(wanted) and wanted[0].startswith("player:")
    if wanted and (player or ids.engine(wanted[0]) is not None):  # not listed: phase judges a hand-built one
        answered.append(wanted[0])
        ref = {"Player": int(wanted[0].split(":", 1)[1])} if player else {"Object": ids.engine(wanted[0])}
        return {"type": "ChooseTarget", "data": {"target": ref}}
    raise ActionRefused(f"phase asks for a target ({kind}) the action does not name (targets {list(action.targets)})")


def plan_cast(copy: Any, actor: int, action: Action, oid: int, returned: int | None, ids: Ids) -> list[dict[str, Any]]:
    """Cast on ``copy`` (a throwaway game) and return the phase actions that did it."""
    alternative, first = action.cost("alternative"), None
    for native in copy.actions():  # its normal cost, or sneak returning ``returned``
        data = native.data or {}
        normal = alternative is None and native.kind == "CastSpell" and data.get("object_id") == oid
        sneak = alternative == "sneak" and native.kind == "CastSpellAsSneak"
        if normal or (sneak and (data.get("hand_object"), data.get("creature_to_return")) == (oid, returned)):
            first = native.to_dict()
            break
    if first is None and alternative == "sneak" and returned is not None:  # not listed: phase judges it
        data = {"hand_object": oid, "card_id": oid, "creature_to_return": returned}
        first = {"type": "CastSpellAsSneak", "data": data}
    if first is None:
        raise ActionRefused(f"phase does not offer {action}")
    return prompt_chain(copy, actor, action, oid, first, ids)


ACCEPT = {"type": "DecideOptionalEffect", "data": {"accept": True}}


def plan_may_cast(copy: Any, actor: int, action: Action, oid: int, ids: Ids) -> list[dict[str, Any]]:
    """Accept phase's "you may cast" offer (rebound's) on ``copy`` and answer the cast's target
    prompts from ``action``: the phase actions that cast the card as ``action`` says. Accepting
    must put the spell on the stack: phase also lets a player accept for a card that cannot be
    cast (its spell requires a target and none is legal, 601.2c), and then casts nothing."""
    chain = prompt_chain(copy, actor, action, oid, ACCEPT, ids)
    if not any(spell_of(item) == oid for item in copy.stack() or []):
        raise ActionRefused(f"accepting phase's offer does not cast {action.source} (phase casts nothing)")
    return chain


def may_casts(copy: Any, actor: int, card: str, oid: int, ids: Ids) -> list[Action]:
    """The casts phase's "you may cast" offer allows, as model actions: accepted on ``copy``, one
    per target phase then offers (``ChooseTarget``), or one without targets if it cast the spell
    at once; none if accepting casts nothing."""
    import phase

    try:
        copy.apply(actor, phase.GameAction.from_dict(ACCEPT))
    except ValueError:
        return []
    waiting = copy.waiting_for() or {}
    if waiting.get("type") in TARGET_PROMPTS and (waiting.get("data") or {}).get("player") == actor:
        out = []
        for native in copy.actions():
            data = native.data or {}
            refs = [target_ref(data.get("target"), ids)] if native.kind == "ChooseTarget" else []
            if native.kind == "SelectTargets":
                refs = [target_ref(r, ids) for r in data.get("targets", [])]
            if refs and None not in refs:
                out.append(Action(K.CAST, actor, source=card, targets=tuple(r for r in refs if r is not None)))
        return out
    cast = any(spell_of(item) == oid for item in copy.stack() or [])
    return [Action(K.CAST, actor, source=card)] if cast else []


def spell_of(item: dict[str, Any]) -> int | None:
    """The object id of the spell a phase stack item is (None for an ability)."""
    return int(item.get("source_id", -1)) if (item.get("kind") or {}).get("type") == "Spell" else None


def prompt_chain(
    copy: Any, actor: int, action: Action, oid: int, first: dict[str, Any], ids: Ids
) -> list[dict[str, Any]]:
    """Apply ``first`` on ``copy``, answer the cast's prompts from ``action`` (its targets, its
    X) and return the phase actions that did it; the spell's targets must be the action's."""
    import phase

    chain, answered, where = [first], list[str](), ""
    for _ in range(MAX_PROMPTS + 1):
        try:
            copy.apply(actor, phase.GameAction.from_dict(chain[-1]))
        except ValueError as exc:
            raise ActionRefused(f"phase refused {action}{where}: {exc}") from None
        waiting = copy.waiting_for() or {}
        if waiting.get("type") == "Priority" or (waiting.get("data") or {}).get("player") != actor:
            break
        asks = waiting.get("type") in (*TARGET_PROMPTS, "ChooseXValue")
        if not asks and not copy.state()["state"].get("has_pending_cast"):
            break  # a prompt of something else (a trigger, a search): the cast is done
        chain.append(answer(waiting, list(copy.actions()), action, ids, answered))
        where = f" at {waiting.get('type')}"
    else:
        raise ActionRefused(f"phase's cast of {action.source} did not finish after {MAX_PROMPTS} prompts")
    chosen = spell_targets(copy, oid, ids) if action.targets else []
    if sorted(chosen) != sorted(action.targets):
        raise ActionRefused(f"phase cast {action.source} targeting {chosen}, not {list(action.targets)}")
    return chain


def spell_targets(game: Any, oid: int, ids: Ids) -> list[str]:
    """The targets of the spell ``oid`` on phase's stack (as model refs)."""
    for item in game.stack() or []:
        if spell_of(item) == oid:
            ability = ((item["kind"].get("data") or {}).get("ability")) or {}
            return [r for r in (target_ref(t, ids) for t in ability.get("targets", [])) if r is not None]
    return []


def mana_choice(waiting: dict[str, Any], offered: list[Any], action: Action) -> dict[str, Any]:
    """phase's answer to its ``ChooseManaColor`` prompt (CR 106.7: the type is chosen as the
    ability resolves) from the action's ``("produce", symbol)``, or a refusal naming phase's
    options: the adapter makes no choice the action did not make."""
    options = {symbol((n.data or {}).get("choice", {}).get("data")): n for n in offered if n.kind == "ChooseManaColor"}
    wanted = action.cost("produce")
    if wanted is None:
        raise ActionRefused(
            f"phase asks for the type of mana ({sorted(options)}) and the action chooses none (cost 'produce')"
        )
    if wanted not in options:
        raise ActionRefused(f"phase offers {sorted(options)} for {action.ability} of {action.source}, not {wanted}")
    return options[wanted].to_dict()


def mana_options(offered: list[Any]) -> list[str]:
    """The mana types phase's ``ChooseManaColor`` prompt offers (model symbols)."""
    found = [symbol((n.data or {}).get("choice", {}).get("data")) for n in offered if n.kind == "ChooseManaColor"]
    return list(dict.fromkeys(found))


def choice_mana(ability: dict[str, Any]) -> bool:
    """Whether a mana ability's type is chosen as it resolves (phase may ask ``ChooseManaColor``,
    or make the only choice there is itself)."""
    produced = (ability.get("effect") or {}).get("produced") or {}
    return is_mana_ability(ability) and produced.get("type") not in ("Fixed", "Colorless")


def produced_by_ability(events: list[dict[str, Any]]) -> list[str]:
    """The types a mana ability made, before replacement effects (phase's ``ManaAbilityProduced``):
    the type chosen for it when phase made the only choice itself."""
    made = [e.get("data") or {} for e in events if e.get("type") == "ManaAbilityProduced"]
    return list(dict.fromkeys(symbol(m) for d in made for m in d.get("produced") or []))


def damage_of(data: dict[str, Any], pending: AssignCombatDamage, ids: Ids) -> tuple[Share, ...]:
    """The model's shares of phase's answer to its one-attacker ``AssignCombatDamage`` prompt."""
    entry = pending.sources[0]
    shares = [(entry.source, ids.card(b), int(n)) for b, n in data.get("assignments") or []]
    beyond = [r.ref for r in entry.beyond]
    for ref, amount in zip(beyond, (data.get("trample_damage"), data.get("controller_damage")), strict=False):
        shares.append((entry.source, ref, int(amount or 0)))
    return tuple(s for s in shares if s[2] > 0)


def damage_answer(action: Action, pending: AssignCombatDamage, ids: Ids) -> dict[str, Any]:
    """phase's ``AssignCombatDamage`` answer for the model's shares (phase judges it; a share
    the prompt has no place for is refused: phase would not see it)."""
    entry = pending.sources[0]
    creatures, beyond = [c.ref for c in entry.creatures], [r.ref for r in entry.beyond]
    amounts: dict[str, int] = {}
    for source, recipient, amount in action.damage:
        if source != entry.source or recipient not in creatures + beyond:
            raise ActionRefused(f"phase asks for {entry.source}'s combat damage only, not {source} to {recipient}")
        amounts[recipient] = amounts.get(recipient, 0) + amount
    assignments = [[ids.engine(ref), amounts.get(ref, 0)] for ref in creatures]
    extra = [amounts.get(ref, 0) for ref in beyond] + [0, 0]
    data = {"mode": "Normal", "assignments": assignments, "trample_damage": extra[0], "controller_damage": extra[1]}
    return {"type": "AssignCombatDamage", "data": data}
