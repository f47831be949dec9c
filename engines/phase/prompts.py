"""phase.rs prompts other than priority -> the model's pending decisions, and back.

- ``DeclareAttackers`` and ``DeclareBlockers`` are the declarations of the same names.
- ``SearchChoice {player, library_owner, cards, count, up_to}`` is a pending ``search``. phase
  names the eligible cards only; the cards the search *sees* come from the ``HiddenSearchViewed``
  event phase emitted as the search began (all of the library, or its top four under Aven
  Mindcensor), kept by the session in a :class:`SearchMemo` with the source of the
  ``SearchLibrary`` effect (``EffectResolved``). ``SelectCards {cards}`` answers it; phase finds
  all chosen cards at once and ends the search, so ``found`` stays empty. phase has already moved
  the resolving spell off the stack when it asks (``resolving`` is ``None``).
- ``OptionalEffectChoice {player, decision_subject_id}`` whose subject is a card in exile with
  rebound is rebound's ``may-cast`` (702.88a): ``DecideOptionalEffect {accept: true}`` is
  ``CAST`` of that card, ``{accept: false}`` the empty ``CHOOSE_CARDS``. Other optional effects
  are not mapped (exported as no pending choice).
- ``AssignCombatDamage`` (an attacker blocked by two or more creatures) is not mapped yet: the
  adapter invents no choice in its place, so such a state exports no pending decision and nobody
  to act (and a state that would lead to it before regular damage is not loaded, see
  :func:`.load.load`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from protocol.decisions import Decision, DeclareAttackers, DeclareBlockers, MayCast, Search, SearchDecision
from protocol.keyword_registry import REBOUND

from .load import IdMap


@dataclass
class SearchMemo:
    """What phase told about the search in progress, from its events."""

    viewed: list[int] = field(default_factory=list)
    source: int | None = None


def _effect_nodes(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        if (node.get("effect") or {}).get("type") == "SearchLibrary":
            found.append(node)
        for v in node.values():
            found += _effect_nodes(v)
    elif isinstance(node, list):
        for v in node:
            found += _effect_nodes(v)
    return found


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
    """How many top cards phase lets ``searcher`` see, by the ``RestrictLibrarySearchToTop``
    statics of permanents an opponent controls (Aven Mindcensor: ``{who: Opponents, count: 4}``),
    or ``None``. phase's search prompt and events do not name the restriction; with a library of
    at most that many cards the cards it shows are the same either way, so the adapter reads the
    restriction phase applies from the static phase holds, not from the number of cards."""
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


def search_choice(data: dict[str, Any], ps: dict[str, Any], ids: IdMap, memo: SearchMemo) -> SearchDecision:
    owner = int(data["library_owner"])
    library = [int(o) for o in ps["players"][owner]["library"]]
    viewed = set(memo.viewed) or set(library)
    candidates = tuple(ids.model(o) for o in library if o in viewed)
    source = memo.source
    ability: dict[str, Any] = {}
    if source is not None:
        nodes = _effect_nodes((ps["objects"].get(str(source)) or {}).get("abilities", []))
        ability = nodes[0] if nodes else {}
    effect = ability.get("effect") or {}
    restriction = restricted_to(ps, int(data["player"]))
    if restriction is not None and len(candidates) <= restriction:
        visible: int | None = restriction
    else:
        visible = len(candidates) if len(candidates) < len(library) else None
    search = Search(
        searcher=int(data["player"]),
        library=owner,
        source=ids.model(source) if source is not None else "",
        effect=str(ability.get("description") or ""),
        card_type=card_type_of(effect.get("filter") or {}),
        count=int(data.get("count", 1)),
        visible=visible,
        candidates=candidates,
    )
    return SearchDecision(int(data["player"]), search)


def rebound_offer(data: dict[str, Any], ps: dict[str, Any], ids: IdMap) -> MayCast | None:
    subject = data.get("decision_subject_id")
    if subject is None:
        return None
    obj = ps["objects"].get(str(subject))
    if obj is None or obj.get("zone") != "Exile" or REBOUND.camel not in (obj.get("keywords") or []):
        return None
    return MayCast(int(data["player"]), cards=(ids.model(int(subject)),))


def pending_of(ps: dict[str, Any], ids: IdMap, memo: SearchMemo) -> Decision | None:
    waiting = ps.get("waiting_for") or {}
    wtype, data = waiting.get("type"), waiting.get("data") or {}
    if wtype == "DeclareAttackers":
        return DeclareAttackers(int(data["player"]))
    if wtype == "DeclareBlockers":
        return DeclareBlockers(int(data["player"]))
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


__all__ = ["SearchMemo", "card_type_of", "pending_of", "remember"]
