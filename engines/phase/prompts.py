"""phase.rs prompts other than priority -> the model's pending decisions (``protocol.decisions``).

``SearchChoice`` names only the eligible cards: what the search *sees* is the ``HiddenSearchViewed``
event phase emitted as it began (the library, or its top four under Aven Mindcensor), kept in a
:class:`SearchMemo` with the effect's source; phase finds all chosen cards at once (``found``
stays empty) and has moved the spell off the stack (``resolving`` None). ``OptionalEffectChoice``
of an exiled card with rebound is ``may-cast``. phase's ``AssignCombatDamage`` asks for one
attacker at a time (its blockers with their lethal damage, trample): it is the model's
``AssignCombatDamage`` with that one source (510.1c, 702.19b; 702.2c lethal from phase's
``lethal_minimum``, which it lowers to 1 under deathtouch)."""

from dataclasses import dataclass, field
from typing import Any

from protocol.decisions import (
    AssignCombatDamage,
    DamageRecipient,
    DamageSource,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
    MayCast,
    Search,
    SearchDecision,
    Trample,
)
from protocol.keyword_registry import REBOUND
from protocol.model import TargetKind, target_ref

from .cards import walk
from .names import COUNTER_NAMES, Ids, target_of


@dataclass
class SearchMemo:
    """What phase's events told about the search in progress."""

    viewed: list[int] = field(default_factory=list)
    source: int | None = None


def card_type_of(search_filter: dict[str, Any]) -> str | None:
    """The model's card-type words of phase's search filter ("basic land", "creature")."""
    properties = [p for p in search_filter.get("properties", []) if isinstance(p, dict)]
    words = [str(p.get("value")).lower() for p in properties if p.get("type") == "HasSupertype"]
    return " ".join(words + [str(t).lower() for t in search_filter.get("type_filters", [])]) or None


def restricted_to(ps: dict[str, Any], searcher: int) -> int | None:
    """How many top cards phase lets ``searcher`` see, by the ``RestrictLibrarySearchToTop {who:
    Opponents}`` statics of an opponent's permanents: phase's prompt and events do not name it,
    and a library of at most that many cards looks the same either way."""
    statics = [
        s.get("mode")
        for o in (ps["objects"].get(str(oid)) or {} for oid in ps.get("battlefield", []))
        if int(o.get("controller", searcher)) != searcher
        for s in o.get("static_definitions") or []
    ]
    rules = [m.get("RestrictLibrarySearchToTop") for m in statics if isinstance(m, dict)]
    counts = [int(r["count"]) for r in rules if isinstance(r, dict) and r.get("who") == "Opponents"]
    return min(counts) if counts else None


def search_choice(data: dict[str, Any], ps: dict[str, Any], ids: Ids, memo: SearchMemo) -> SearchDecision:
    owner, searcher, source = int(data["library_owner"]), int(data["player"]), memo.source
    library = [int(o) for o in ps["players"][owner]["library"]]
    candidates = ids.cards(o for o in library if o in (set(memo.viewed) or set(library)))
    abilities = (ps["objects"].get(str(source)) or {}).get("abilities", []) if source is not None else []
    ability = next((n for n in walk(abilities) if (n.get("effect") or {}).get("type") == "SearchLibrary"), {})
    restriction = restricted_to(ps, searcher)
    visible = len(candidates) if len(candidates) < len(library) else None
    search = Search(
        searcher=searcher,
        library=owner,
        source=ids.card(source) if source is not None else "",
        effect=str(ability.get("description") or ""),
        card_type=card_type_of((ability.get("effect") or {}).get("filter") or {}),
        count=int(data.get("count", 1)),
        visible=restriction if restriction is not None and len(candidates) <= restriction else visible,
        candidates=candidates,
    )
    return SearchDecision(searcher, search)


def rebound_offer(data: dict[str, Any], ps: dict[str, Any], ids: Ids) -> MayCast | None:
    obj = ps["objects"].get(str(data.get("decision_subject_id")))
    if obj is None or obj.get("zone") != "Exile" or REBOUND.camel not in (obj.get("keywords") or []):
        return None
    return MayCast(int(data["player"]), cards=(ids.card(data["decision_subject_id"]),))


#: phase's trample kinds -> the model's (702.19b; 702.19c over planeswalkers).
TRAMPLE = {"Standard": Trample.TRAMPLE, "OverPlaneswalkers": Trample.OVER_PLANESWALKERS}


def damage_assignment(data: dict[str, Any], ps: dict[str, Any], ids: Ids) -> AssignCombatDamage:
    """phase's prompt for one attacker's combat damage, as the model's decision with that source.
    A creature's lethal damage is phase's ``lethal_minimum``; with deathtouch phase lowers it
    to 1, which the model counts itself (``DamageSource.lethal_to``), so the creature's own
    lethal damage is read from its toughness and marked damage instead."""
    attacker = int(data["attacker_id"])
    keywords = (ps["objects"].get(str(attacker)) or {}).get("keywords") or []
    deathtouch = "Deathtouch" in [k for k in keywords if isinstance(k, str)]
    creatures = tuple(
        DamageRecipient(ids.card(b["blocker_id"]), lethal_damage(ps, int(b["blocker_id"]), int(b["lethal_minimum"])))
        for b in data.get("blockers") or []
    )
    trample = TRAMPLE.get(str(data.get("trample"))) if data.get("trample") else None
    beyond: tuple[DamageRecipient, ...] = ()
    if trample is not None and data.get("attack_target"):
        target = target_of(data["attack_target"], ids)
        beyond = (DamageRecipient(target_ref(target)),)
        if trample is Trample.OVER_PLANESWALKERS and target.kind is TargetKind.PLANESWALKER:
            walker = ps["objects"].get(str(data["attack_target"].get("data"))) or {}
            loyalty = int((walker.get("counters") or {}).get(COUNTER_NAMES["loyalty"]) or 0)
            beyond = (
                DamageRecipient(target_ref(target), loyalty),
                DamageRecipient(f"player:{walker.get('controller')}"),
            )
    source = DamageSource(ids.card(attacker), int(data["total_damage"]), creatures, trample, beyond, deathtouch)
    return AssignCombatDamage(int(data["player"]), (source,))


def lethal_damage(ps: dict[str, Any], oid: int, minimum: int) -> int:
    """A blocker's lethal damage (120.6): its toughness less its marked damage, else phase's figure."""
    obj = ps["objects"].get(str(oid)) or {}
    toughness = obj.get("toughness")
    return max(0, int(toughness) - int(obj.get("damage_marked") or 0)) if toughness is not None else minimum


def pending_of(ps: dict[str, Any], ids: Ids, memo: SearchMemo) -> Decision | None:
    """The choice phase waits for, when it is not priority (None for prompts not mapped)."""
    waiting = ps.get("waiting_for") or {}
    wtype, data = waiting.get("type"), waiting.get("data") or {}
    if wtype == "DeclareAttackers":
        return DeclareAttackers(int(data["player"]))
    if wtype == "DeclareBlockers":
        return DeclareBlockers(int(data["player"]))
    if wtype == "SearchChoice":
        return search_choice(data, ps, ids, memo)
    if wtype == "AssignCombatDamage":
        return damage_assignment(data, ps, ids)
    return rebound_offer(data, ps, ids) if wtype == "OptionalEffectChoice" else None


def remember(events: list[dict[str, Any]], memo: SearchMemo) -> None:
    """Keep what phase's events say about a search that begins."""
    for e in events:
        kind, data = e.get("type"), e.get("data") or {}
        if kind == "HiddenSearchViewed":
            memo.viewed = [int(c["identity"]["object_id"]) for c in data.get("cards", [])]
        elif kind == "EffectResolved" and data.get("kind") == "SearchLibrary":
            memo.source = int(data["source_id"])
