"""phase.rs prompts other than priority -> the model's PendingChoice.

- ``SearchChoice {player, library_owner, cards, count, up_to}`` is a pending ``search``. phase
  names the eligible cards only; the cards the search *sees* come from the ``HiddenSearchViewed``
  event phase emitted as the search began (all of the library, or its top four under Aven
  Mindcensor), kept in a :class:`SearchMemo` with the source of the ``SearchLibrary`` effect
  (``EffectResolved``). phase finds all chosen cards at once and ends the search, so ``found``
  stays empty, and it has already moved the resolving spell off the stack (``resolving`` None).
- ``OptionalEffectChoice {player, decision_subject_id}`` whose subject is an exiled card with
  rebound is rebound's ``may-cast`` (702.88a). Other optional effects are not mapped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from protocol.model import PendingChoice, Search

from .cards import walk
from .names import Ids

#: phase's prompts and the kinds of the model's pending choices they are (when mapped).
PROMPTS = {
    "DeclareAttackers": "declare-attackers",
    "DeclareBlockers": "declare-blockers",
    "SearchChoice": "search",
    "OptionalEffectChoice": "may-cast",
}


@dataclass
class SearchMemo:
    """What phase's events told about the search in progress."""

    viewed: list[int] = field(default_factory=list)
    source: int | None = None


def card_type_of(search_filter: dict[str, Any]) -> str | None:
    """The model's card-type words of phase's search filter ("basic land", "creature")."""
    words = [
        str(p.get("value")).lower()
        for p in search_filter.get("properties", [])
        if isinstance(p, dict) and p.get("type") == "HasSupertype"
    ]
    words += [str(t).lower() for t in search_filter.get("type_filters", [])]
    return " ".join(words) or None


def restricted_to(ps: dict[str, Any], searcher: int) -> int | None:
    """How many top cards phase lets ``searcher`` see, by the ``RestrictLibrarySearchToTop
    {who: Opponents}`` statics of permanents an opponent controls. phase's prompt and events do
    not name the restriction, and a library of at most that many cards looks the same either
    way, so it is read from the static phase holds, not from the number of cards shown."""
    counts = []
    for oid in ps.get("battlefield", []):
        obj = ps["objects"].get(str(oid)) or {}
        if int(obj.get("controller", searcher)) == searcher:
            continue
        for static in obj.get("static_definitions") or []:
            mode = static.get("mode")
            rule = mode.get("RestrictLibrarySearchToTop") if isinstance(mode, dict) else None
            if isinstance(rule, dict) and rule.get("who") == "Opponents":
                counts.append(int(rule["count"]))
    return min(counts) if counts else None


def search_choice(data: dict[str, Any], ps: dict[str, Any], ids: Ids, memo: SearchMemo) -> PendingChoice:
    owner, searcher = int(data["library_owner"]), int(data["player"])
    library = [int(o) for o in ps["players"][owner]["library"]]
    viewed = set(memo.viewed) or set(library)
    candidates = ids.cards(o for o in library if o in viewed)
    source = memo.source
    abilities = (ps["objects"].get(str(source)) or {}).get("abilities", []) if source is not None else []
    ability = next((n for n in walk(abilities) if (n.get("effect") or {}).get("type") == "SearchLibrary"), {})
    restriction = restricted_to(ps, searcher)
    if restriction is not None and len(candidates) <= restriction:
        visible: int | None = restriction
    else:
        visible = len(candidates) if len(candidates) < len(library) else None
    search = Search(
        searcher=searcher,
        library=owner,
        source=ids.card(source) if source is not None else "",
        effect=str(ability.get("description") or ""),
        card_type=card_type_of((ability.get("effect") or {}).get("filter") or {}),
        count=int(data.get("count", 1)),
        visible=visible,
        candidates=candidates,
    )
    return PendingChoice("search", searcher, search=search)


def rebound_offer(data: dict[str, Any], ps: dict[str, Any], ids: Ids) -> PendingChoice | None:
    obj = ps["objects"].get(str(data.get("decision_subject_id")))
    if obj is None or obj.get("zone") != "Exile" or "Rebound" not in (obj.get("keywords") or []):
        return None
    return PendingChoice("may-cast", int(data["player"]), cards=(ids.card(data["decision_subject_id"]),))


def pending_of(ps: dict[str, Any], ids: Ids, memo: SearchMemo) -> PendingChoice | None:
    """The choice phase waits for, when it is not priority (None for prompts not mapped)."""
    waiting = ps.get("waiting_for") or {}
    wtype, data = waiting.get("type"), waiting.get("data") or {}
    if wtype == "DeclareAttackers":
        return PendingChoice("declare-attackers", int(data["player"]))
    if wtype == "DeclareBlockers":
        return PendingChoice("declare-blockers", int(data["player"]))
    if wtype == "SearchChoice":
        return search_choice(data, ps, ids, memo)
    if wtype == "OptionalEffectChoice":
        return rebound_offer(data, ps, ids)
    return None


def remember(events: list[dict[str, Any]], memo: SearchMemo) -> None:
    """Keep what phase's events say about a search that begins."""
    for e in events:
        kind, data = e.get("type"), e.get("data") or {}
        if kind == "HiddenSearchViewed":
            memo.viewed = [int(c["identity"]["object_id"]) for c in data.get("cards", [])]
        elif kind == "EffectResolved" and data.get("kind") == "SearchLibrary":
            memo.source = int(data["source_id"])
