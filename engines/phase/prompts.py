"""phase.rs prompts other than priority -> the model's pending decisions (``protocol.decisions``).

``SearchChoice`` names only the eligible cards: what the search *sees* is the ``HiddenSearchViewed``
event phase emitted as it began (the library, or its top four under Aven Mindcensor), kept in a
:class:`SearchMemo` with the effect's source; phase finds all chosen cards at once (``found``
stays empty) and has moved the spell off the stack (``resolving`` None). ``OptionalEffectChoice``
of an exiled card with rebound is ``may-cast``. ``AssignCombatDamage`` is not mapped: no choice
is invented for it (a state leading to it before regular damage is not loaded)."""

from dataclasses import dataclass, field
from typing import Any

from protocol.decisions import Decision, DeclareAttackers, DeclareBlockers, MayCast, Search, SearchDecision
from protocol.keyword_registry import REBOUND

from .cards import walk
from .names import Ids


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
    return rebound_offer(data, ps, ids) if wtype == "OptionalEffectChoice" else None


def remember(events: list[dict[str, Any]], memo: SearchMemo) -> None:
    """Keep what phase's events say about a search that begins."""
    for e in events:
        kind, data = e.get("type"), e.get("data") or {}
        if kind == "HiddenSearchViewed":
            memo.viewed = [int(c["identity"]["object_id"]) for c in data.get("cards", [])]
        elif kind == "EffectResolved" and data.get("kind") == "SearchLibrary":
            memo.source = int(data["source_id"])
