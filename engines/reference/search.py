"""Searching libraries (701.23), shuffling (701.24), looking at the top of a library,
search restrictions such as Aven Mindcensor's (614.1a), a mana ability that mills (Millikin), and
mana abilities during a search (605.3a): the reference engine's search component. It also
resolves the spells and abilities that search or look (608.2).

A search happens while a spell or ability resolves. It starts as a pending choice
``SearchDecision(searcher, Search(...))`` whose ``candidates`` are the cards the
search can see, fixed when it starts (the whole library, or its top N under a restriction); the
spell or ability stays on the stack meanwhile (``Search.resolving``). The searcher answers with
``Action(CHOOSE_CARDS, searcher, cards=(...))``: the cards are added to ``found`` (they stay in the
library until the search is over) and the search goes on until it has found ``count`` cards or
the searcher chooses no card ("find no more"). Then the found cards are put where the effect
says, the searched library is shuffled, the resolution ends and the active player receives
priority. While the search is pending the searcher may also do what other components offer
through hooks and the dispatch table (``search.offers`` and ``Table.searching``: library
ninjutsu, see :mod:`.ninjutsu`) and, to pay for it, activate mana abilities
(``search.costs_to_pay``; the mana component's :class:`.services.ManaAbilities`). The search in
progress is the :class:`.services.SearchState` service this component gives the others.

The library keeps its order during a search until it is shuffled (401.2; Panglacial Shinobi
ruling). Shuffling is deterministic: the order is derived from the state by hashing, so the same
state always shuffles the same way and every run replays.

A look ("look at the top three cards of your library, then put them back in any order") uses the
same pending choice with ``mode="order"``: the player chooses the new order of those cards (top
first; no card keeps the order). It is not a search: nothing is shuffled and ``searched_library``
stays as it was.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from itertools import permutations

from protocol.adapter import ActionRefused
from protocol.decisions import SearchDecision
from protocol.mechanics import Mechanic
from protocol.model import (
    Action,
    ActionKind,
    Event,
    EventKind,
    PlayerIndex,
    Search,
    StackItem,
    Zone,
)

from . import hooks
from .game import TARGETS, Game, Perm, parse_player_ref
from .lines import (
    ActivatedSearch,
    Effect,
    LookEffect,
    MillManaAbility,
    SearchEffect,
    SearchRestriction,
)
from .oracle import effects_of, matches_filter
from .services import ManaAbilities, Services, Spells, Turn, Zones
from .table import Table, decision

#: A stack-item choice: the permanent sacrificed to pay an ability's cost.
SACRIFICED = "sacrificed"
#: Cost choice naming the type of mana (as in the mana rules).
PRODUCE = "produce"
#: The most looked-at cards whose every order ``legal_actions`` lists.
LIST_ALL_ORDERS_UP_TO = 3


class Searching:
    """Searching and shuffling; resolving spells and abilities that search or look."""

    name = "search"
    #: The requirements this component implements (the engine supports the union: ``SUPPORTED``).
    mechanics = frozenset({Mechanic.SEARCH, Mechanic.SEARCH_RESTRICTION, Mechanic.LOOK, Mechanic.MILL})

    turn: Turn
    zones: Zones
    spells: Spells
    mana_abilities: ManaAbilities
    table: Table

    def connect(self, services: Services) -> None:
        self.turn = services.turn
        self.zones = services.zones
        self.spells = services.spells
        self.mana_abilities = services.mana_abilities
        self.table = services.table

    def register(self, table: Table) -> None:
        table.offer("search.abilities", self.search_ability_actions)
        table.action(
            self.name, ActionKind.ACTIVATE, self.is_search_component_ability, self.activate_search_component_ability
        )
        table.pending_choice(
            self.name, SearchDecision, self.search_actions, self.act_during_search, self.can_continue_search
        )
        for kind in ("spell", "activated"):
            table.resolver(self.name, kind, self.resolves_as_effect, self.resolve_effect_item)
        table.hook(hooks.library_left.by(self.name, lambda game, card_id: self.refresh_search(game)))

    # =====================================================================================
    # Decisions: what a search sees (701.23a, 614.1a)
    # =====================================================================================
    @decision("search.restriction_applies")
    def restriction_applies(
        self, game: Game, controller: PlayerIndex, searcher: PlayerIndex, library: PlayerIndex
    ) -> bool:
        """614.1a (Aven Mindcensor): "If an opponent would search a library ..." — any library, but only
        an opponent of the restriction's controller; its controller searches normally."""
        return searcher != controller

    @decision("search.restriction")
    def search_restriction(self, game: Game, searcher: PlayerIndex, library: PlayerIndex) -> int | None:
        """614.1a: a search replaced by "searches the top N cards of that library instead";
        with several such effects the searcher sees the fewest cards. ``None``: unrestricted."""
        counts = [
            r.count
            for perm in game.battlefield
            for r in effects_of(game.abilities_of(perm.id).effects, SearchRestriction)
            if self.restriction_applies(game, perm.controller, searcher, library)
        ]
        return min(counts, default=None)

    @decision("search.candidates")
    def search_candidates(self, game: Game, search: Search, library: list[str]) -> list[str]:
        """701.23a: a search sees the whole library; restricted, only its top ``visible`` cards
        ("Cards not in the top four cards of the library can't be found")."""
        return list(library if search.visible is None else library[: search.visible])

    @decision("search.after_finding")
    def search_after_finding(self, game: Game, search: Search, library: list[str]) -> Search:
        """614.1a/701.23a: the search as it goes on once it has found cards (``search.found``). Aven Mindcensor
        ruling: "the top four cards remain the same throughout the entire search. Finding one
        card won't cause the fifth card to become included" (the same candidates, the same
        number of visible cards)."""
        return search

    @decision("search.counts_as_searching")
    def counts_as_searching(self, game: Game, search: Search) -> bool:
        """701.23 (Aven Mindcensor ruling): searching the top four cards of a library counts as searching
        that library (for "searched a library" effects)."""
        return True

    @decision("search.library_order_while_searching")
    def library_order_while_searching(self, game: Game, search: Search, library: list[str]) -> list[str]:
        """401.2/Panglacial Shinobi ruling: the library keeps its order while it is searched,
        until it is shuffled."""
        return list(library)

    @decision("search.can_find")
    def search_can_find(self, game: Game, search: Search, card_id: str) -> bool:
        """701.23a-b: a card the search sees, of the quality it asks for, not found yet."""
        if card_id not in search.candidates or card_id in search.found:
            return False
        if card_id not in game.players[search.library].library:
            return False
        return matches_filter(game.data(card_id), search.card_type)

    @decision("search.must_find")
    def search_must_find(self, game: Game, search: Search) -> bool:
        """701.23b: a search for cards with a stated quality (a card type) may find fewer or none
        ("up to N" too); a search for "a card" with none stated must find one if it can."""
        effect = self.pending_effect(game, search)
        if not isinstance(effect, SearchEffect) or effect.up_to or effect.card_filter is not None:
            return False
        if len(search.found) >= search.count:
            return False
        return any(self.search_can_find(game, search, c) for c in search.candidates)

    # =====================================================================================
    # Decisions: shuffling (701.24)
    # =====================================================================================
    @decision("search.shuffle_after_search")
    def shuffle_after_search(self, game: Game, search: Search) -> bool:
        """ "..., then shuffle." (701.23a/701.24a; Aven Mindcensor ruling: "After the search is
        complete, the entire library is shuffled")."""
        return True

    @decision("search.shuffle_count")
    def shuffle_count(self, game: Game, search: Search, library_size: int) -> int:
        """701.24a: shuffling a library randomizes all of it (how many cards from the top are
        shuffled: the whole library, also after a restricted search)."""
        return library_size

    @decision("search.shuffled_order")
    def shuffled_order(self, game: Game, cards: list[str]) -> list[str]:
        """701.24a: a random order, drawn deterministically from the state (the engine has no clock and
        no RNG of its own: the same state always shuffles alike)."""
        salt = f"{game.turn}:{game.step}:{','.join(cards)}"
        return sorted(cards, key=lambda c: hashlib.sha256(f"{salt}:{c}".encode()).hexdigest())

    # =====================================================================================
    # Decisions: mana abilities while searching (605.3a)
    # =====================================================================================
    @decision("search.mana_abilities_during_search")
    def mana_abilities_during_search(self, game: Game, player: PlayerIndex) -> bool:
        """605.3a: outside priority a player activates mana abilities only while paying a cost.
        A searcher pays the costs of the library ninjutsu abilities they may activate during the
        search (Panglacial Shinobi ruling), so they may activate mana abilities while one is
        possible (a ``search.costs_to_pay`` hook)."""
        return self.table.call(hooks.search_costs_to_pay, game, player)

    @decision("search.can_pay_mill_cost")
    def can_pay_mill_cost(self, game: Game, player: PlayerIndex, count: int) -> bool:
        """701.13b: a player can't mill more cards than their library holds, so can't pay a
        "mill a card" cost with an empty library."""
        return len(game.players[player].library) >= count

    # =====================================================================================
    # Procedures: resolving spells and abilities that search or look (608.2)
    # =====================================================================================
    def item_effect(self, game: Game, item: StackItem) -> object | None:
        """The effect a spell or a (search) ability performs as it resolves."""
        if item.source not in game.objects:
            return None
        if item.kind == "spell":
            return self.spells.spell_effect(game, item.source)
        if item.kind == "activated":
            for ability in effects_of(game.abilities_of(item.source).effects, ActivatedSearch):
                if ability.ability == item.ability:
                    return ability.effect
        return None

    def item_target_player(self, game: Game, item: StackItem) -> PlayerIndex | None:
        value = item.choice(TARGETS)
        return parse_player_ref(value.split(",")[0]) if value else None

    def resolve_effect_item(self, game: Game, item: StackItem, events: list[Event]) -> bool:
        """608.2: a spell or search ability resolves: its effect starts (a search waits for its
        searcher's choice: the item then stays on the stack, see ``resolve_top``); a spell that
        is done goes to the graveyard at once."""
        effect = self.item_effect(game, item)
        assert isinstance(effect, (SearchEffect, LookEffect))
        self.start_effect(game, item, effect, events)
        if game.pending is None:
            self.spells.finish_item(game, item, events)
        return True

    def resolves_as_effect(self, game: Game, item: StackItem) -> bool:
        """Whether this component resolves ``item``: a spell or an ability that searches or looks."""
        return isinstance(self.item_effect(game, item), (SearchEffect, LookEffect))

    def can_continue_search(self, game: Game) -> bool:
        """A loaded search can go on only if the engine knows the effect resolving it."""
        search = self.current_search(game)
        return search is not None and self.pending_effect(game, search) is not None

    # =====================================================================================
    # Procedures: starting effects
    # =====================================================================================
    def start_effect(self, game: Game, item: StackItem, effect: Effect, events: list[Event]) -> None:
        if isinstance(effect, LookEffect):
            self.start_look(game, item, effect, events)
        else:
            self.start_search(game, item, effect, events)

    def start_search(self, game: Game, item: StackItem, effect: SearchEffect, events: list[Event]) -> None:
        """701.23a: the searcher looks through the library (or the cards a restriction leaves,
        614.1a) and waits to choose."""
        searcher = item.controller
        owner = searcher if not effect.targets_opponent else self.item_target_player(game, item)
        assert owner is not None
        text = effect.text.lower()
        search = Search(
            searcher=searcher,
            library=owner,
            source=item.source,
            effect=effect.text,
            card_type=effect.card_filter,
            count=effect.count,
            visible=self.search_restriction(game, searcher, owner),
            says_search_and_library="search" in text and "library" in text,
            resolving=item.id,
        )
        library = game.players[owner].library
        library[:] = self.library_order_while_searching(game, search, library)
        search = replace(search, candidates=tuple(self.search_candidates(game, search, library)))
        if self.counts_as_searching(game, search):
            self.mark_searched(game, searcher)
        game.pending = SearchDecision(searcher, search)
        game.priority = None
        events.append(
            Event(
                EventKind.SEARCH,
                player=searcher,
                target=f"library:{owner}",
                amount=len(search.candidates),
                card=item.source,
            )
        )

    def start_look(self, game: Game, item: StackItem, effect: LookEffect, events: list[Event]) -> None:
        """ "Look at the top N cards of your library, then put them back in any order": the
        player sees them and chooses their order (not a search: no shuffle, 701.23 not met)."""
        player = item.controller
        top = tuple(game.players[player].library[: effect.count])
        game.pending = SearchDecision(
            player,
            Search(
                searcher=player,
                library=player,
                source=item.source,
                effect=effect.text,
                count=len(top),
                candidates=top,
                says_search_and_library=False,
                resolving=item.id,
                mode="order",
            ),
        )
        game.priority = None
        for card_id in top:
            events.append(Event(EventKind.LOOK, card=card_id, player=player))

    def mark_searched(self, game: Game, player: PlayerIndex) -> None:
        seat = game.players[player]
        seat.base = replace(seat.base, searched_library=True)

    # =====================================================================================
    # Procedures: the searcher's options and choices
    # =====================================================================================
    def current_search(self, game: Game) -> Search | None:
        pending = game.pending
        return pending.search if isinstance(pending, SearchDecision) else None

    def pending_effect(self, game: Game, search: Search) -> object | None:
        item = next((s for s in game.stack if s.id == search.resolving), None)
        return self.item_effect(game, item) if item is not None else None

    def search_actions(self, game: Game) -> list[Action]:
        """During a search: the choices, mana abilities and library ninjutsu activations."""
        search = self.current_search(game)
        assert search is not None
        player = search.searcher
        actions = self.search_choices(game, search)
        actions += self.search_mana_actions(game, player)
        actions += self.table.call(hooks.search_offers, game, player)  # library ninjutsu (ninjutsu.py)
        return actions

    def search_choices(self, game: Game, search: Search) -> list[Action]:
        """Finding no (more) card, when allowed, and each card it can find; for a look, keeping
        the order and each new order (all of them for up to three cards)."""
        player = search.searcher
        if search.mode == "order":
            orders: list[tuple[str, ...]] = [()]
            if len(search.candidates) <= LIST_ALL_ORDERS_UP_TO:
                orders += [p for p in permutations(search.candidates) if p != search.candidates]
            else:
                orders.append(tuple(reversed(search.candidates)))
            return [Action(ActionKind.CHOOSE_CARDS, player, cards=tuple(o)) for o in orders]
        actions = []
        if not self.search_must_find(game, search):
            actions.append(Action(ActionKind.CHOOSE_CARDS, player))
        for card_id in search.candidates:
            if self.search_can_find(game, search, card_id):
                actions.append(Action(ActionKind.CHOOSE_CARDS, player, cards=(card_id,)))
        return actions

    def act_during_search(self, game: Game, action: Action, events: list[Event]) -> None:
        """Route the searcher's action: a choice, a mana ability, or an activation another
        component claims (``Table.searching``: library ninjutsu)."""
        if action.kind is ActionKind.CHOOSE_CARDS:
            self.choose_cards(game, action, events)
        elif action.kind is ActionKind.ACTIVATE and self.is_mana_activation(game, action):
            self.activate_mana_during_search(game, action, events)
        elif action.kind is ActionKind.ACTIVATE:
            handler = self.table.handler_for(game, action, self.table.searching)
            if handler is None:
                raise ActionRefused(
                    f"{action.source or 'nothing'} has no {action.ability} ability to activate during a search"
                )
            handler.apply(game, action, events)
        else:
            raise ActionRefused(f"player {action.player} is searching: choose cards, not {action.kind}")

    def choose_cards(self, game: Game, action: Action, events: list[Event]) -> None:
        search = self.current_search(game)
        assert search is not None
        if search.mode == "order":
            self.choose_order(game, search, action.cards, events)
            return
        cards = tuple(action.cards)
        if len(set(cards)) != len(cards):
            raise ActionRefused("a card is chosen twice")
        for card_id in cards:
            if not self.search_can_find(game, search, card_id):
                raise ActionRefused(f"the search cannot find {card_id}")
        if len(search.found) + len(cards) > search.count:
            raise ActionRefused(f"the search finds at most {search.count} cards")
        if not cards and self.search_must_find(game, search):
            raise ActionRefused("the search must find a card (it asks for no particular quality)")
        found = search.found + cards
        for card_id in cards:
            events.append(Event(EventKind.FIND, card=card_id, player=search.searcher))
        library = game.players[search.library].library
        search = self.search_after_finding(game, replace(search, found=found), library)
        game.pending = SearchDecision(search.searcher, search)
        more = any(self.search_can_find(game, search, c) for c in search.candidates)
        if not cards or len(found) >= search.count or not more:
            self.finish_search(game, events)

    def choose_order(self, game: Game, search: Search, order: tuple[str, ...], events: list[Event]) -> None:
        if order and sorted(order) != sorted(search.candidates):
            raise ActionRefused("put back every looked-at card, each once (or none, to keep the order)")
        library = game.players[search.library].library
        if order:
            rest = [c for c in library if c not in order]
            library[:] = list(order) + rest
        game.pending = None
        self.turn.end_paused_resolution(game, search.resolving, events)

    def finish_search(self, game: Game, events: list[Event]) -> None:
        """The search is over: put the found cards where the effect says (revealing them if it
        says so), shuffle the library (701.23a/701.24a), end the resolution."""
        search = self.current_search(game)
        assert search is not None
        effect = self.pending_effect(game, search)
        assert isinstance(effect, SearchEffect)
        game.pending = None
        for card_id in search.found:
            self.put_found_card(game, search, effect, card_id, events)
        if self.shuffle_after_search(game, search):
            size = len(game.players[search.library].library)
            self.shuffle_library(game, search.library, events, self.shuffle_count(game, search, size))
        self.turn.end_paused_resolution(game, search.resolving, events)

    def put_found_card(
        self, game: Game, search: Search, effect: SearchEffect, card_id: str, events: list[Event]
    ) -> None:
        if effect.reveal:
            events.append(Event(EventKind.REVEAL, card=card_id, player=search.searcher))
        game.remove_from_zone(card_id)
        self.zones.left_library(game, card_id)
        if effect.destination is Zone.BATTLEFIELD:
            controller = search.searcher if effect.under_your_control else game.owner(card_id)
            game.enter(Perm(card_id, controller=controller, tapped=effect.tapped, summoning_sick=True))
        else:
            game.put_in_zone(card_id, effect.destination)
        events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=Zone.LIBRARY, to_zone=effect.destination))

    def shuffle_library(self, game: Game, owner: PlayerIndex, events: list[Event], count: int | None = None) -> None:
        """701.24a: randomize the library (its top ``count`` cards: all of them unless told)."""
        library = game.players[owner].library
        n = len(library) if count is None else min(count, len(library))
        library[:n] = self.shuffled_order(game, library[:n])
        events.append(Event(EventKind.SHUFFLE, player=owner, amount=n))

    def refresh_search(self, game: Game) -> None:
        """After the searched library changed during the search (a card milled, a creature
        shuffled in): a restricted search keeps its fixed cards (those still there); an
        unrestricted one sees the whole library as it is now."""
        search = self.current_search(game)
        if search is None:
            return
        library = game.players[search.library].library
        if search.visible is None and search.mode == "find":
            candidates = tuple(library)
        else:
            candidates = tuple(c for c in search.candidates if c in library)
        found = tuple(c for c in search.found if c in candidates)
        game.pending = SearchDecision(search.searcher, replace(search, candidates=candidates, found=found))

    # =====================================================================================
    # Procedures: mana abilities during a search (605.3a) and Millikin's mill-mana ability
    # =====================================================================================
    def mill_mana_abilities(self, game: Game, perm: Perm) -> list[MillManaAbility]:
        return effects_of(game.abilities_of(perm.id).effects, MillManaAbility)

    def is_mana_activation(self, game: Game, action: Action) -> bool:
        """Whether ``action`` activates a mana ability of a permanent (the mana rules' or a
        mill-mana one)."""
        perm = game.perm(action.source or "")
        if perm is None:
            return False
        if action.ability == "mana" and self.mill_mana_abilities(game, perm):
            return True
        return any(
            name == action.ability and a.is_mana_ability
            for name, a in self.mana_abilities.permanent_abilities(game, perm.id)
        )

    def search_mana_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        if not self.mana_abilities_during_search(game, player):
            return []
        actions = []
        for perm in game.battlefield:
            if perm.controller != player:
                continue
            for name, ability in self.mana_abilities.permanent_abilities(game, perm.id):
                if not ability.is_mana_ability or not self.mana_abilities.can_pay_symbol(game, perm, ability.cost):
                    continue
                for produce in self.mana_abilities.choices_of(game, perm, ability):
                    costs = () if produce is None else ((PRODUCE, produce),)
                    actions.append(Action(ActionKind.ACTIVATE, player, source=perm.id, ability=name, costs=costs))
            if self.mill_mana_payable(game, perm):
                actions.append(Action(ActionKind.ACTIVATE, player, source=perm.id, ability="mana"))
        return actions

    def mill_mana_payable(self, game: Game, perm: Perm) -> bool:
        abilities = self.mill_mana_abilities(game, perm)
        return (
            bool(abilities)
            and self.mana_abilities.can_pay_tap_cost(game, perm)
            and self.can_pay_mill_cost(game, perm.controller, abilities[0].mill)
        )

    def activate_mana_during_search(self, game: Game, action: Action, events: list[Event]) -> None:
        """605.3a/605.3b: while paying for library ninjutsu during a search, a mana ability is
        activated and resolves at once; the search goes on (no priority is given)."""
        player = action.player
        perm = self.mana_abilities.controlled_source(game, action)
        if not self.mana_abilities_during_search(game, player):
            raise ActionRefused(f"player {player} cannot activate mana abilities during this search")
        if self.mill_mana_abilities(game, perm) and action.ability == "mana":
            self.activate_mill_mana(game, perm, events)
        else:
            ability = self.mana_abilities.find_ability(game, perm, action)
            if not self.mana_abilities.can_pay_symbol(game, perm, ability.cost):
                raise ActionRefused(f"{perm.id} cannot pay {{{ability.cost}}}")
            produce = action.cost(PRODUCE)
            if produce is not None and getattr(ability.effect, "symbol", None) == produce:
                produce = None  # a fixed type, named anyway
            if produce not in self.mana_abilities.choices_of(game, perm, ability):
                raise ActionRefused(f"{perm.id} cannot add {{{produce}}}")
            self.mana_abilities.activate_mana(game, perm, ability, produce, events)
        self.refresh_search(game)

    def activate_mill_mana_at_priority(self, game: Game, action: Action, events: list[Event]) -> None:
        player = action.player
        perm = self.mana_abilities.controlled_source(game, action)
        if not self.mana_abilities.mana_ability_allowed(game, player):
            raise ActionRefused(f"player {player} cannot activate mana abilities now")
        self.activate_mill_mana(game, perm, events)
        self.turn.acted(game, player, events)

    def activate_mill_mana(self, game: Game, perm: Perm, events: list[Event]) -> None:
        """ "{T}, Mill a card: Add {C}.": pay both costs (tap; the top card of the library goes to
        the graveyard, 701.13a), then add the mana (605.3b)."""
        ability = self.mill_mana_abilities(game, perm)[0]
        if not self.mana_abilities.can_pay_tap_cost(game, perm):
            raise ActionRefused(f"{perm.id} cannot pay {{T}}")
        if not self.can_pay_mill_cost(game, perm.controller, ability.mill):
            raise ActionRefused(f"player {perm.controller} cannot mill {ability.mill} card(s)")
        game.tap(perm, events)
        self.mill(game, perm.controller, ability.mill, events)
        game.players[perm.controller].mana_pool.append(ability.symbol)
        events.append(Event(EventKind.MANA, card=perm.id, detail=ability.symbol))

    def mill(self, game: Game, player: PlayerIndex, count: int, events: list[Event]) -> None:
        """701.13a: put the top ``count`` cards of the library into the graveyard."""
        library = game.players[player].library
        for _ in range(min(count, len(library))):
            card_id = library.pop(0)
            self.zones.left_library(game, card_id)
            game.put_in_zone(card_id, Zone.GRAVEYARD)
            events.append(Event(EventKind.ZONE_CHANGE, card=card_id, from_zone=Zone.LIBRARY, to_zone=Zone.GRAVEYARD))

    # =====================================================================================
    # Procedures: abilities of permanents that search, and Millikin's mana ability at priority
    # =====================================================================================
    def search_abilities(self, game: Game, card_id: str) -> list[ActivatedSearch]:
        return effects_of(game.abilities_of(card_id).effects, ActivatedSearch)

    def is_search_component_ability(self, game: Game, action: Action) -> bool:
        """Whether ``action`` activates a search ability or a mill-mana ability of a permanent."""
        if action.kind is not ActionKind.ACTIVATE:
            return False
        perm = game.perm(action.source or "")
        if perm is None:
            return False
        if action.ability == "mana" and self.mill_mana_abilities(game, perm):
            return True
        return any(a.ability == action.ability for a in self.search_abilities(game, perm.id))

    def search_ability_actions(self, game: Game, player: PlayerIndex) -> list[Action]:
        actions = []
        for perm in game.battlefield:
            if perm.controller != player:
                continue
            if self.mana_abilities.mana_ability_allowed(game, player) and self.mill_mana_payable(game, perm):
                actions.append(Action(ActionKind.ACTIVATE, player, source=perm.id, ability="mana"))
            if game.priority != player or game.pending is not None:
                continue
            for ability in self.search_abilities(game, perm.id):
                if self.mana_abilities.can_pay_tap_cost(game, perm):
                    actions.append(Action(ActionKind.ACTIVATE, player, source=perm.id, ability=ability.ability))
        return actions

    def activate_search_component_ability(self, game: Game, action: Action, events: list[Event]) -> None:
        perm = game.perm(action.source or "")
        assert perm is not None
        if action.ability == "mana":
            self.activate_mill_mana_at_priority(game, action, events)
        else:
            self.activate_search_ability(game, action, events)

    def activate_search_ability(self, game: Game, action: Action, events: list[Event]) -> None:
        """602.2: "{T}, Sacrifice this land: Search ...": pay both costs (tap, then sacrifice:
        the land goes to its owner's graveyard), put the ability on the stack; it has no timing
        restriction (priority, 117.1b)."""
        player = action.player
        perm = self.mana_abilities.controlled_source(game, action)
        if game.priority != player or game.pending is not None:
            raise ActionRefused(f"player {player} cannot activate abilities now")
        ability = next((a for a in self.search_abilities(game, perm.id) if a.ability == action.ability), None)
        if ability is None:
            raise ActionRefused(f"{perm.id} has no ability {action.ability!r}")
        if ability.tap and not self.mana_abilities.can_pay_tap_cost(game, perm):
            raise ActionRefused(f"{perm.id} cannot pay {{T}}")
        events.append(Event(EventKind.ACTIVATE, card=perm.id, ability=ability.ability, player=player))
        if ability.tap:
            game.tap(perm, events)
        choices: tuple[tuple[str, str], ...] = ()
        if ability.sacrifice:
            self.zones.move_card(game, perm.id, Zone.GRAVEYARD, events)
            choices = ((SACRIFICED, perm.id),)
        game.stack.append(StackItem(game.next_stack_id(), "activated", perm.id, player, ability.ability, choices))
        self.turn.acted(game, player, events)
