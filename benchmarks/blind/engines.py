"""Blind seeded-bug engines: each wraps a reference session and gets ONE rule wrong, written
from the ruling texts and the adapter protocol only (see ``benchmarks/blind/README.md``).

Each adapter class names the ruling ids whose text its bug contradicts (``rulings``), says the
bug in rules terms (``bug``) and whether it shows only in rarer states (``rarer``). Run one with
``PYTHONPATH=. mtg-conformance run --engine benchmarks.blind.engines:<Class> --profile ci``.
"""

from __future__ import annotations

from dataclasses import replace

from benchmarks.blind.base import (
    REFERENCE,
    BlindEngine,
    BlindSession,
    has_keyword,
    is_ninjutsu,
    is_sneak,
    keywords_of,
    move_between,
    text_of,
    to_battlefield,
    with_permanent,
    with_player,
)
from protocol.actions import AttackTarget, TargetKind
from protocol.adapter import ActionRefused, EngineError
from protocol.decisions import AssignCombatDamage, MayCast, SearchDecision
from protocol.model import (
    Action,
    ActionKind,
    CardData,
    DelayedTrigger,
    Event,
    EventKind,
    GameState,
    PlayPermission,
    Step,
    Zone,
)

# =================================================================================================
# Ninjutsu and its variants
# =================================================================================================


class _NinjutsuBeforeBlockersSession(BlindSession):
    def _window(self, state: GameState) -> bool:
        return (
            state.step is Step.DECLARE_ATTACKERS
            and state.pending is None
            and state.priority == state.active_player
            and any(p.blocked is None for p in state.attackers())
        )

    @staticmethod
    def _as_unblocked(state: GameState) -> GameState:
        return replace(
            state,
            step=Step.DECLARE_BLOCKERS,
            battlefield=tuple(
                replace(p, blocked=False) if p.attacking is not None and p.blocked is None else p
                for p in state.battlefield
            ),
        )

    def extra_offers(self, state: GameState) -> list[Action]:
        if not self._window(state):
            return []
        return self.counterfactual_offers(self._as_unblocked(state), is_ninjutsu)

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        if not (is_ninjutsu(action) and self._window(state)):
            return None

        def back(result: GameState) -> GameState:
            return replace(
                result,
                step=Step.DECLARE_ATTACKERS,
                battlefield=tuple(
                    replace(p, blocked=None) if p.attacking is not None else p for p in result.battlefield
                ),
            )

        return self.counterfactual_apply(self._as_unblocked(state), action, back)


class NinjutsuBeforeBlockers(BlindEngine):
    """Ninjutsu can be activated in the declare attackers step, before blockers are declared:
    the engine takes "unblocked" as "not blocked", so an attacker that is neither blocked nor
    unblocked yet may be returned. Contradicts ninjutsu.after-blockers ("can be activated only
    after blockers have been declared. Before then, attacking creatures are neither blocked nor
    unblocked")."""

    id = "ninjutsu-before-blockers"
    rulings = ("ninjutsu.after-blockers", "ninjutsu.after-blockers-plural")
    bug = "ninjutsu offered and accepted in the declare attackers step, returning a not-yet-blocked attacker"
    session = _NinjutsuBeforeBlockersSession


class _NinjutsuClosesAtEndOfCombatSession(BlindSession):
    def hides(self, state: GameState, action: Action) -> bool:
        return is_ninjutsu(action) and state.step is Step.END_OF_COMBAT

    def refuses(self, state: GameState, action: Action) -> str | None:
        if self.hides(state, action):
            return "ninjutsu cannot be activated after combat damage (end of combat step)"
        return None


class NinjutsuClosesAtEndOfCombat(BlindEngine):
    """The ninjutsu window closes once combat damage has been dealt: no ninjutsu (of any variant)
    in the end of combat step. Contradicts ninjutsu.damage-timing and
    library-ninjutsu.damage-timing ("can be activated during the declare blockers step, combat
    damage step, or end of combat step")."""

    id = "ninjutsu-closes-at-end-of-combat"
    rulings = ("ninjutsu.damage-timing", "library-ninjutsu.damage-timing")
    bug = "ninjutsu-family abilities refused (and not offered) in the end of combat step"
    session = _NinjutsuClosesAtEndOfCombatSession


class _NinjutsuNotInFirstStrikeStepSession(BlindSession):
    def hides(self, state: GameState, action: Action) -> bool:
        return is_ninjutsu(action) and state.step is Step.FIRST_STRIKE_DAMAGE

    def refuses(self, state: GameState, action: Action) -> str | None:
        if self.hides(state, action):
            return "ninjutsu is not available in the first-strike combat damage step"
        return None


class NinjutsuNotInFirstStrikeStep(BlindEngine):
    """Ninjutsu is refused during the first-strike combat damage step (the engine lists the
    windows as "declare blockers, combat damage, end of combat" and forgets the extra step).
    Contradicts ninjutsu.first-strike-damage-step and library-ninjutsu.first-strike-damage-step."""

    id = "ninjutsu-not-in-first-strike-step"
    rulings = ("ninjutsu.first-strike-damage-step", "library-ninjutsu.first-strike-damage-step")
    rarer = True
    rarer_when = "only when a creature in combat has first or double strike (the extra step exists)"
    bug = "ninjutsu-family abilities refused in the first-strike combat damage step"
    session = _NinjutsuNotInFirstStrikeStepSession


class _FirstStrikersByKeywordSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        state = self.current()
        if state.step is not Step.FIRST_STRIKE_DAMAGE:
            return []
        missing = [
            p.id
            for p in state.battlefield
            if (p.attacking is not None or p.blocking)
            and p.id not in state.first_strikers
            and has_keyword(state, p.id, "first strike")
        ]
        if missing:
            self.reseat(replace(state, first_strikers=(*state.first_strikers, *missing)))
        return []


class FirstStrikersByKeyword(BlindEngine):
    """Which creatures already dealt first-strike damage is read off their keywords at any time,
    not recorded as the first-strike step began: a Ninja with first strike that enters attacking
    during the first-strike damage step is treated as having dealt its damage and deals none in
    the regular step. Contradicts ninjutsu.first-strike-damage-step ("The Ninja will deal combat
    damage during the regular combat damage step, even if it has first strike")."""

    id = "first-strikers-by-keyword"
    rulings = ("ninjutsu.first-strike-damage-step", "library-ninjutsu.first-strike-damage-step")
    rarer = True
    rarer_when = "only for a Ninja (or other creature) with first strike that enters in the first-strike step"
    bug = "a first-strike creature entering in the first-strike damage step deals no regular combat damage"
    session = _FirstStrikersByKeywordSession


class _NinjaAttacksPlayerSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        if not is_ninjutsu(action):
            return []
        state = self.current()
        old = {item.id for item in before.stack}
        changed = False
        stack = []
        for item in state.stack:
            target = item.choice("attack-target")
            if item.id not in old and "ninjutsu" in item.ability and target and not target.startswith("player:"):
                choices = tuple(
                    (k, f"player:{state.defending_player}" if k == "attack-target" else v) for k, v in item.choices
                )
                item = replace(item, choices=choices)
                changed = True
            stack.append(item)
        if changed:
            self.reseat(replace(state, stack=tuple(stack)))
        return []


class NinjaAttacksPlayer(BlindEngine):
    """A Ninja put onto the battlefield by any ninjutsu variant always enters attacking the
    defending player, even when the returned creature was attacking a planeswalker or battle.
    Contradicts ninjutsu.same-attack-target, commander-ninjutsu.from-command-zone and
    library-ninjutsu.from-library-only ("enters attacking the player, planeswalker, or battle
    that the returned creature was attacking")."""

    id = "ninja-attacks-player"
    rulings = (
        "ninjutsu.same-attack-target",
        "commander-ninjutsu.from-command-zone",
        "library-ninjutsu.from-library-only",
    )
    rarer = True
    rarer_when = "only when the returned attacker was attacking a planeswalker or a battle"
    bug = "the Ninja enters attacking the defending player instead of the returned creature's target"
    session = _NinjaAttacksPlayerSession


class _NinjaNotRevealedSession(BlindSession):
    def export(self, state: GameState) -> GameState:
        hidden = {
            item.source
            for item in state.stack
            if item.ability == "ninjutsu" and any(item.source in p.hand for p in state.players)
        }
        if not hidden & set(state.revealed):
            return state
        return replace(state, revealed=tuple(c for c in state.revealed if c not in hidden))


class NinjaNotRevealed(BlindEngine):
    """The Ninja card stays hidden in its owner's hand while its ninjutsu ability is on the
    stack. Contradicts ninjutsu.reveal-and-return ("As you activate a ninjutsu ability, you
    reveal the Ninja card in your hand")."""

    id = "ninja-not-revealed"
    rulings = ("ninjutsu.reveal-and-return",)
    bug = "the Ninja card is not revealed while its ninjutsu ability waits on the stack"
    session = _NinjaNotRevealedSession


class _CommanderNinjutsuHandOnlySession(BlindSession):
    def hides(self, state: GameState, action: Action) -> bool:
        return (
            is_ninjutsu(action) and action.source is not None and any(action.source in p.command for p in state.players)
        )

    def refuses(self, state: GameState, action: Action) -> str | None:
        return "ninjutsu is activated from the hand" if self.hides(state, action) else None


class CommanderNinjutsuHandOnly(BlindEngine):
    """Commander ninjutsu works only from the hand, like ninjutsu: a commander in the command
    zone cannot use it. Contradicts commander-ninjutsu.from-command-zone ("can be activated
    from the command zone as well as from your hand")."""

    id = "commander-ninjutsu-hand-only"
    rulings = ("commander-ninjutsu.from-command-zone",)
    bug = "commander ninjutsu refused (and not offered) from the command zone"
    session = _CommanderNinjutsuHandOnlySession


class _LateNinjaDealsDamageSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        if before.step is not Step.COMBAT_DAMAGE:
            return []
        state = self.current()
        if state.step is not Step.COMBAT_DAMAGE:
            return []
        extra: list[Event] = []
        for event in events:
            if event.kind is not EventKind.ENTER_ATTACKING or event.card is None:
                continue
            perm = state.permanent(event.card)
            if perm is None or perm.attacking is None or perm.attacking.kind is not TargetKind.PLAYER:
                continue
            power = state.data_of(event.card).power
            if power is None or not power.isdigit() or int(power) <= 0:
                continue
            player = perm.attacking.player
            assert player is not None
            amount = int(power)
            state = with_player(state, player, life=state.players[player].life - amount)
            extra += [
                Event(EventKind.DAMAGE, card=event.card, target=f"player:{player}", amount=amount, detail="regular"),
                Event(EventKind.LIFE, player=player, amount=-amount),
            ]
        if extra:
            self.reseat(state)
        return extra


class LateNinjaDealsDamage(BlindEngine):
    """A creature put onto the battlefield attacking during the combat damage step, after combat
    damage was dealt, deals its combat damage as it arrives (the engine deals damage for every
    attacker that has not dealt any). Contradicts ninjutsu.damage-timing ("because all combat
    damage is dealt at once, the Ninja won't normally deal combat damage") and
    library-ninjutsu.damage-timing."""

    id = "late-ninja-deals-damage"
    rulings = ("ninjutsu.damage-timing", "library-ninjutsu.damage-timing")
    bug = "a Ninja entering attacking in the combat damage step deals combat damage to the player"
    session = _LateNinjaDealsDamageSession


# -- library ninjutsu -------------------------------------------------------------------------------


def _pending_search(state: GameState) -> SearchDecision | None:
    return state.pending if isinstance(state.pending, SearchDecision) else None


class _LibraryNinjutsuAfterFindingSession(BlindSession):
    @staticmethod
    def _unfound(state: GameState) -> GameState | None:
        pending = _pending_search(state)
        if pending is None or not pending.search.found:
            return None
        return replace(state, pending=replace(pending, search=replace(pending.search, found=())))

    def extra_offers(self, state: GameState) -> list[Action]:
        cf = self._unfound(state)
        if cf is None:
            return []
        return self.counterfactual_offers(cf, lambda a: is_ninjutsu(a) and "library" in (a.ability or ""))

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        cf = self._unfound(state)
        pending = _pending_search(state)
        if cf is None or pending is None or not (is_ninjutsu(action) and "library" in (action.ability or "")):
            return None
        found = pending.search.found

        def back(result: GameState) -> GameState:
            now = _pending_search(result)
            if now is None:
                return result
            library = result.players[now.search.library].library
            keep = tuple(c for c in found if c in library and c in now.search.candidates)
            return replace(result, pending=replace(now, search=replace(now.search, found=keep)))

        return self.counterfactual_apply(cf, action, back)


class LibraryNinjutsuAfterFinding(BlindEngine):
    """Library ninjutsu may be activated at any point of the search, even after the search has
    found a card (a search for several cards). Contradicts library-ninjutsu.before-finding-cards
    ("you must do so before you find any cards with the search effect")."""

    id = "library-ninjutsu-after-finding"
    rulings = ("library-ninjutsu.before-finding-cards",)
    rarer = True
    rarer_when = "only in a search for two or more cards after one has been found"
    bug = "library ninjutsu offered and accepted after the search has found a card"
    session = _LibraryNinjutsuAfterFindingSession


class _LibraryNinjutsuOncePerSearchSession(BlindSession):
    def setup(self, state: GameState) -> None:
        self._used: set[tuple[str | None, str]] = set()

    @staticmethod
    def _key(state: GameState) -> tuple[str | None, str] | None:
        pending = _pending_search(state)
        return None if pending is None else (pending.search.resolving, pending.search.source)

    def hides(self, state: GameState, action: Action) -> bool:
        return is_ninjutsu(action) and self._key(state) in self._used

    def refuses(self, state: GameState, action: Action) -> str | None:
        return "one library ninjutsu per search" if self.hides(state, action) else None

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        key = self._key(before)
        if key is not None and is_ninjutsu(action):
            self._used.add(key)
        return []


class LibraryNinjutsuOncePerSearch(BlindEngine):
    """Only one library ninjutsu ability can be activated during a search (the engine closes the
    window once one is activated). Contradicts library-ninjutsu.multiple-during-one-search ("you
    can activate the library ninjutsu abilities of multiple Panglacial Shinobi during a single
    search effect")."""

    id = "library-ninjutsu-once-per-search"
    rulings = ("library-ninjutsu.multiple-during-one-search",)
    rarer = True
    rarer_when = "only with two library-ninjutsu cards in the library and two unblocked attackers"
    bug = "a second library ninjutsu in the same search refused"
    session = _LibraryNinjutsuOncePerSearchSession


class _LibraryNinjutsuEndsSearchSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        if _pending_search(before) is None or not is_ninjutsu(action):
            return []
        extra: list[Event] = []
        for _ in range(2):
            pending = _pending_search(self.current())
            if pending is None:
                break
            choice = pending.least(self._inner.legal_actions)
            try:
                extra += self._inner.apply(choice)
            except (ActionRefused, EngineError):
                break
            self.bug_hits += 1
        return extra


class LibraryNinjutsuEndsSearch(BlindEngine):
    """Activating library ninjutsu during a search ends the search: the engine finds the least it
    may (nothing, if it may) and shuffles right away. Contradicts library-ninjutsu.search-continues
    ("After you activate a library ninjutsu ability, you continue the search effect where you
    left off")."""

    id = "library-ninjutsu-ends-search"
    rulings = ("library-ninjutsu.search-continues",)
    bug = "the search is finished (finding the least) as soon as library ninjutsu is activated"
    session = _LibraryNinjutsuEndsSearchSession


class _NoManaDuringSearchSession(BlindSession):
    def hides(self, state: GameState, action: Action) -> bool:
        return (
            _pending_search(state) is not None
            and action.kind is ActionKind.ACTIVATE
            and (action.ability or "").startswith("mana")
        )

    def refuses(self, state: GameState, action: Action) -> str | None:
        if self.hides(state, action):
            return "no mana abilities while searching"
        if _pending_search(state) is not None and is_ninjutsu(action):
            trial = REFERENCE.start(state)
            try:
                events = trial.apply(action)
            except (ActionRefused, EngineError):
                return None
            finally:
                trial.close()
            if any(e.kind is EventKind.MANA for e in events):
                return "library ninjutsu must be paid from the mana pool while searching"
        return None


class NoManaDuringSearch(BlindEngine):
    """No mana ability can be activated while a search is waiting for its choice, so library
    ninjutsu can be paid only from mana already in the pool. Contradicts
    library-ninjutsu.activation-during-search ("you can activate mana abilities while you're
    activating a library ninjutsu ability even as you're searching your library")."""

    id = "no-mana-during-search"
    rulings = ("library-ninjutsu.activation-during-search",)
    bug = "mana abilities refused during a search; library ninjutsu needing them refused"
    session = _NoManaDuringSearchSession


class _LibraryNinjaUnrevealedSession(BlindSession):
    def export(self, state: GameState) -> GameState:
        if _pending_search(state) is not None:
            return state
        hidden = {
            item.source
            for item in state.stack
            if "library" in item.ability and "ninjutsu" in item.ability and item.source in state.revealed
        }
        if not hidden:
            return state
        return replace(state, revealed=tuple(c for c in state.revealed if c not in hidden))


class LibraryNinjaUnrevealed(BlindEngine):
    """The library-ninjutsu card stops being revealed once the search is over and the library is
    shuffled, though its ability is still on the stack. Contradicts
    library-ninjutsu.reveal-and-shuffle ("The Ninja card with library ninjutsu stays revealed and
    isn't put onto the battlefield until the ability resolves")."""

    id = "library-ninja-unrevealed"
    rulings = ("library-ninjutsu.reveal-and-shuffle",)
    bug = "the revealed library-ninjutsu card is hidden again when the search ends"
    session = _LibraryNinjaUnrevealedSession


# =================================================================================================
# Library search (Aven Mindcensor)
# =================================================================================================


def _matches(data: CardData, card_type: str | None) -> bool:
    if card_type is None:
        return True
    words = {w.lower() for w in (*data.types, *data.supertypes, *data.subtypes)}
    return all(w in words for w in card_type.lower().split() if w not in ("card", "cards"))


class _MindcensorNotSearchedSession(BlindSession):
    def setup(self, state: GameState) -> None:
        self._restricted: set[tuple[int, int]] = set()
        self._note(state)

    def _note(self, state: GameState) -> None:
        pending = _pending_search(state)
        if pending is not None and pending.search.visible is not None and pending.search.mode == "find":
            self._restricted.add((state.turn, pending.search.searcher))

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        self._note(self.current())
        return []

    def export(self, state: GameState) -> GameState:
        for turn, player in self._restricted:
            if turn == state.turn and state.players[player].searched_library:
                state = with_player(state, player, searched_library=False)
        return state


class MindcensorNotSearched(BlindEngine):
    """A search restricted to the top four cards does not count as searching the library: the
    searcher's "searched a library this turn" stays false. Contradicts
    search.top-cards-count-as-search."""

    id = "mindcensor-not-searched"
    rulings = ("search.top-cards-count-as-search",)
    bug = "a top-four search leaves searched_library false"
    session = _MindcensorNotSearchedSession


class _MindcensorMatchingCardsSession(BlindSession):
    def setup(self, state: GameState) -> None:
        self._done: set[tuple[str | None, str]] = set()
        self._fix(state)

    def _fix(self, state: GameState) -> None:
        pending = _pending_search(state)
        if pending is None or pending.search.visible is None or pending.search.found:
            return
        search = pending.search
        key = (search.resolving, search.source)
        if key in self._done:
            return
        self._done.add(key)
        library = state.players[search.library].library
        matching = tuple(c for c in library if _matches(state.data_of(c), search.card_type))[: search.visible]
        if set(matching) != set(search.candidates):
            self.reseat(replace(state, pending=replace(pending, search=replace(search, candidates=matching))))

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        self._fix(self.current())
        return []


class MindcensorMatchingCards(BlindEngine):
    """Under Aven Mindcensor the search sees the top four cards *that match* what it looks for,
    however deep they are. Contradicts search.only-top-cards ("Cards not in the top four cards of
    the library can't be found in the search, even if they're identifiable in some manner")."""

    id = "mindcensor-matching-cards"
    rulings = ("search.only-top-cards",)
    rarer = True
    rarer_when = "only when a card the search asks for lies below the top four and a top-four card does not match"
    bug = "a restricted search's candidates are the first four matching cards, not the top four"
    session = _MindcensorMatchingCardsSession


class _MindcensorSlidingWindowSession(BlindSession):
    def setup(self, state: GameState) -> None:
        self._width: dict[tuple[str | None, str], int] = {}
        self._note(state)

    def _note(self, state: GameState) -> None:
        pending = _pending_search(state)
        if pending is not None and pending.search.visible is not None:
            self._width.setdefault((pending.search.resolving, pending.search.source), pending.search.visible)

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        state = self.current()
        self._note(state)
        pending = _pending_search(state)
        if action.kind is not ActionKind.CHOOSE_CARDS or not action.cards or pending is None:
            return []
        search = pending.search
        width = self._width.get((search.resolving, search.source))
        if width is None or not search.found or search.mode != "find":
            return []
        library = state.players[search.library].library
        rest = [c for c in library if c not in search.found][:width]
        candidates = (*search.found, *rest)
        if set(candidates) != set(search.candidates):
            self.reseat(
                replace(
                    state,
                    pending=replace(
                        pending,
                        search=replace(search, candidates=candidates, visible=width + len(search.found)),
                    ),
                )
            )
        return []


class MindcensorSlidingWindow(BlindEngine):
    """Under Aven Mindcensor, once a search for several cards has found one, the four cards it
    sees are counted again without the found ones, so the fifth card comes into view.
    Contradicts search.top-cards-fixed ("Finding one card won't cause the fifth card to become
    included in the search")."""

    id = "mindcensor-sliding-window"
    rulings = ("search.top-cards-fixed",)
    rarer = True
    rarer_when = "only in a restricted search for two or more cards, after the first is found"
    bug = "a restricted multi-card search slides its top-four window past the found cards"
    session = _MindcensorSlidingWindowSession


class _NoShuffleOnFailToFindSession(BlindSession):
    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        pending = _pending_search(state)
        if (
            pending is None
            or pending.search.mode != "find"
            or pending.search.found
            or action.kind is not ActionKind.CHOOSE_CARDS
            or action.cards
            or action.player != pending.player
        ):
            return None
        library_owner = pending.search.library
        order = state.players[library_owner].library
        events = self._inner.apply(action)
        after = self.current()
        if _pending_search(after) is not None or set(after.players[library_owner].library) != set(order):
            return events
        self.reseat(with_player(after, library_owner, library=order))
        return [e for e in events if e.kind is not EventKind.SHUFFLE]


class NoShuffleOnFailToFind(BlindEngine):
    """A search that finds nothing leaves the library as it was: no shuffle. Contradicts
    search.shuffle-whole-library ("After the search is complete, the entire library is
    shuffled")."""

    id = "no-shuffle-on-fail-to-find"
    rulings = ("search.shuffle-whole-library",)
    rarer = True
    rarer_when = "only when the search finds no card"
    bug = "no shuffle (library order kept, no shuffle event) after a search that found nothing"
    session = _NoShuffleOnFailToFindSession


class _MindcensorShufflesTopOnlySession(BlindSession):
    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        pending = _pending_search(state)
        if pending is None or pending.search.visible is None or action.kind is not ActionKind.CHOOSE_CARDS:
            return None
        owner = pending.search.library
        order = state.players[owner].library
        width = pending.search.visible
        events = self._inner.apply(action)
        after = self.current()
        if _pending_search(after) is not None or not any(e.kind is EventKind.SHUFFLE for e in events):
            return events
        now = after.players[owner].library
        bottom = [c for c in order[width:] if c in now]
        top = [c for c in now if c not in bottom]
        if len(bottom) < 2:
            return events
        self.reseat(with_player(after, owner, library=(*top, *bottom)))
        return [replace(e, amount=len(top)) if e.kind is EventKind.SHUFFLE else e for e in events]


class MindcensorShufflesTopOnly(BlindEngine):
    """After a search restricted to the top four cards, only those top cards are shuffled; the
    rest of the library keeps its order. Contradicts search.shuffle-whole-library ("After the
    search is complete, the entire library is shuffled")."""

    id = "mindcensor-shuffles-top-only"
    rulings = ("search.shuffle-whole-library",)
    bug = "after a top-four search only the searched top cards are shuffled"
    session = _MindcensorShufflesTopOnlySession


class _MindcensorOwnSearchSession(BlindSession):
    def setup(self, state: GameState) -> None:
        self._done: set[tuple[str | None, str]] = set()
        self._fix(state)

    def _fix(self, state: GameState) -> None:
        pending = _pending_search(state)
        if pending is None or pending.search.visible is not None or pending.search.found:
            return
        search = pending.search
        key = (search.resolving, search.source)
        if key in self._done or search.mode != "find":
            return
        self._done.add(key)
        censors = [p for p in state.battlefield if "if an opponent would search a library" in text_of(state, p.id)]
        if not any(p.controller == search.searcher for p in censors):
            return
        library = state.players[search.library].library
        top = tuple(c for c in search.candidates if c in library[:4])
        if set(top) != set(search.candidates):
            self.reseat(replace(state, pending=replace(pending, search=replace(search, candidates=top, visible=4))))

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        self._fix(self.current())
        return []


class MindcensorOwnSearch(BlindEngine):
    """Aven Mindcensor restricts every search, its controller's own included ("an opponent" read
    as "a player"). Contradicts search.only-top-cards ("the opponent doing the searching sees
    only the top four cards")."""

    id = "mindcensor-own-search"
    rulings = ("search.only-top-cards",)
    rarer = True
    rarer_when = "only when Aven Mindcensor's controller searches a library of five or more cards"
    bug = "the top-four restriction applied to its controller's own searches"
    session = _MindcensorOwnSearchSession


# =================================================================================================
# Mana abilities, {T} and {Q}
# =================================================================================================


def _source_perm(state: GameState, action: Action):  # type: ignore[no-untyped-def]
    return state.permanent(action.source) if action.source else None


class _CfStatusSession(BlindSession):
    """Accepts an activation the reference refuses by loading a copy where the source permanent's
    status makes it legal (``_legal``), then putting back what the bug ignores (``_restore``)."""

    def _applies(self, state: GameState, action: Action) -> bool:
        raise NotImplementedError

    def _legal(self) -> dict[str, object]:
        raise NotImplementedError

    def _restore(self, state: GameState, card_id: str) -> dict[str, object]:
        return {}

    def _candidates(self, state: GameState) -> list[str]:
        return []

    def extra_offers(self, state: GameState) -> list[Action]:
        offers: list[Action] = []
        if state.pending is not None or state.priority is None:
            return offers
        for card_id in self._candidates(state):
            cf = with_permanent(state, card_id, **self._legal())
            offers += self.counterfactual_offers(
                cf,
                lambda a, c=card_id: a.kind is ActionKind.ACTIVATE and a.source == c and self._applies(state, a),
            )
        return offers

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        if action.kind is not ActionKind.ACTIVATE or not self._applies(state, action) or action.source is None:
            return None
        source = action.source
        restore = self._restore(state, source)

        def back(result: GameState) -> GameState:
            return with_permanent(result, source, **restore) if restore and result.permanent(source) else result

        return self.counterfactual_apply(with_permanent(state, source, **self._legal()), action, back)


class _UntapSymbolOnUntappedSession(_CfStatusSession):
    def _applies(self, state: GameState, action: Action) -> bool:
        perm = _source_perm(state, action)
        return perm is not None and not perm.tapped and "{q}" in text_of(state, perm.id)

    def _candidates(self, state: GameState) -> list[str]:
        return [
            p.id
            for p in state.battlefield
            if p.controller == state.priority and not p.tapped and "{q}" in text_of(state, p.id)
        ]

    def _legal(self) -> dict[str, object]:
        return {"tapped": True}


class UntapSymbolOnUntapped(BlindEngine):
    """An ability with {Q} in its cost can be activated when the permanent is already untapped
    (the engine "untaps" it as a no-op). Contradicts costs.untap-symbol ("A permanent that's
    already untapped can't be untapped again to pay the cost")."""

    id = "untap-symbol-on-untapped"
    rulings = ("costs.untap-symbol",)
    bug = "{Q} abilities offered and accepted on an untapped permanent"
    session = _UntapSymbolOnUntappedSession


class _UntapSymbolIgnoresSicknessSession(_CfStatusSession):
    def _applies(self, state: GameState, action: Action) -> bool:
        perm = _source_perm(state, action)
        return (
            perm is not None
            and perm.summoning_sick
            and perm.tapped
            and state.data_of(perm.id).is_type("Creature")
            and "{q}" in text_of(state, perm.id)
        )

    def _candidates(self, state: GameState) -> list[str]:
        return [
            p.id
            for p in state.battlefield
            if p.controller == state.priority
            and p.summoning_sick
            and p.tapped
            and state.data_of(p.id).is_type("Creature")
            and "{q}" in text_of(state, p.id)
        ]

    def _legal(self) -> dict[str, object]:
        return {"summoning_sick": False}

    def _restore(self, state: GameState, card_id: str) -> dict[str, object]:
        return {"summoning_sick": True}


class UntapSymbolIgnoresSickness(BlindEngine):
    """The summoning-sickness rule is applied to {T} costs only: a creature's {Q} ability can be
    activated the turn it came under its controller's control. Contradicts costs.untap-symbol
    ("A creature's activated ability with the untap symbol in its activation cost can't be
    activated unless the creature has been under its controller's control continuously since
    their most recent turn began")."""

    id = "untap-symbol-ignores-sickness"
    rulings = ("costs.untap-symbol",)
    rarer = True
    rarer_when = "only for a tapped, summoning-sick creature with a {Q} ability"
    bug = "a summoning-sick creature's {Q} ability accepted"
    session = _UntapSymbolIgnoresSicknessSession


class _TokenNeverSickSession(_CfStatusSession):
    def _ok(self, state: GameState, card_id: str) -> bool:
        perm = state.permanent(card_id)
        return (
            perm is not None
            and perm.summoning_sick
            and not perm.tapped
            and state.obj(card_id).token
            and state.data_of(card_id).is_type("Creature")
            and "{t}" in text_of(state, card_id)
        )

    def _applies(self, state: GameState, action: Action) -> bool:
        return action.source is not None and self._ok(state, action.source)

    def _candidates(self, state: GameState) -> list[str]:
        return [p.id for p in state.battlefield if p.controller == state.priority and self._ok(state, p.id)]

    def _legal(self) -> dict[str, object]:
        return {"summoning_sick": False}

    def _restore(self, state: GameState, card_id: str) -> dict[str, object]:
        return {"summoning_sick": True}


class TokenNeverSick(BlindEngine):
    """Summoning sickness is tracked on cards only: a creature token's {T} abilities can be
    activated the turn it was created. Contradicts costs.tap-symbol ("A creature's activated
    ability with the tap symbol in its activation cost can't be activated unless the creature
    has been under its controller's control continuously since their most recent turn began")."""

    id = "token-never-sick"
    rulings = ("costs.tap-symbol",)
    rarer = True
    rarer_when = "only for a summoning-sick creature token with a {T} ability"
    bug = "a summoning-sick token's {T} ability accepted"
    session = _TokenNeverSickSession


class _SecondManaAbilityTappedSession(_CfStatusSession):
    def _applies(self, state: GameState, action: Action) -> bool:
        perm = _source_perm(state, action)
        ability = action.ability or ""
        return perm is not None and perm.tapped and ability.startswith("mana:") and ability != "mana:0"

    def _candidates(self, state: GameState) -> list[str]:
        return [p.id for p in state.battlefield if p.controller == state.priority and p.tapped]

    def _legal(self) -> dict[str, object]:
        return {"tapped": False}


class SecondManaAbilityTapped(BlindEngine):
    """The "already tapped" check of a {T} cost is made for a permanent's first mana ability
    only: a tapped land with two mana abilities can still be tapped for its second. Contradicts
    costs.tap-symbol ("A permanent that's already tapped can't be tapped again to pay the cost")
    and mana.tap-for-mana."""

    id = "second-mana-ability-tapped"
    rulings = ("costs.tap-symbol", "mana.tap-for-mana")
    rarer = True
    rarer_when = "only for a tapped permanent with two or more mana abilities"
    bug = "a tapped permanent's second (or later) {T} mana ability accepted"
    session = _SecondManaAbilityTappedSession


class _UndefinedManaColorlessSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        if action.kind is not ActionKind.ACTIVATE or not (action.ability or "").startswith("mana"):
            return []
        if any(e.kind is EventKind.MANA for e in events):
            return []
        state = self.current()
        player = action.player
        self.reseat(with_player(state, player, mana_pool=(*state.players[player].mana_pool, "C")))
        return [Event(EventKind.MANA, card=action.source, detail="C")]


class UndefinedManaColorless(BlindEngine):
    """A mana ability that would produce mana of an undefined type (say "any type a land you
    control could produce" with no such land) produces one colorless mana instead. Contradicts
    mana.undefined-type ("it produces no mana instead")."""

    id = "undefined-mana-colorless"
    rulings = ("mana.undefined-type", "mana.could-produce")
    rarer = True
    rarer_when = "only when a mana ability's type is undefined (no permanent it copies could produce mana)"
    bug = "an ability producing mana of undefined type adds {C}"
    session = _UndefinedManaColorlessSession


class _ManaTriggerOnAnyTapSession(BlindSession):
    pass


class _XEtbZeroSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        x_of: dict[str, str] = {}
        for item in before.stack:
            x = item.choice("x")
            if item.kind == "spell" and x not in (None, "0"):
                x_of[item.source] = x  # type: ignore[assignment]
        if not x_of:
            return []
        state = self.current()
        changed = False
        stack = []
        for item in state.stack:
            if (
                item.id not in {s.id for s in before.stack}
                and item.source in x_of
                and item.choice("x")
                not in (
                    None,
                    "0",
                )
            ):
                item = replace(item, choices=tuple((k, "0" if k == "x" else v) for k, v in item.choices))
                changed = True
            stack.append(item)
        battlefield = []
        for perm in state.battlefield:
            if perm.id in x_of and before.permanent(perm.id) is None and perm.counters:
                perm = replace(perm, counters=())
                changed = True
            battlefield.append(perm)
        if changed:
            self.reseat(replace(state, stack=tuple(stack), battlefield=tuple(battlefield)))
        return []


class XEtbZero(BlindEngine):
    """An enters-the-battlefield ability or replacement effect that refers to X uses the
    permanent's X, 0, not the X the spell was cast with. Contradicts costs.x-in-etb-ability ("the
    value of X for that ability is the same as the value of X for that spell")."""

    id = "x-etb-zero"
    rulings = ("costs.x-in-etb-ability",)
    bug = "X is 0 for enters-the-battlefield triggers and replacement effects of an X spell"
    session = _XEtbZeroSession


# =================================================================================================
# Classes
# =================================================================================================


def _level_of(ability: str | None) -> int | None:
    if ability and ability.startswith("level:") and ability[6:].isdigit():
        return int(ability[6:])
    return None


class _ClassRepeatLevelSession(BlindSession):
    def _applies(self, state: GameState, action: Action) -> bool:
        level = _level_of(action.ability)
        perm = _source_perm(state, action)
        return (
            action.kind is ActionKind.ACTIVATE
            and level is not None
            and perm is not None
            and perm.class_level is not None
            and perm.class_level > level
        )

    def extra_offers(self, state: GameState) -> list[Action]:
        offers: list[Action] = []
        if state.pending is not None or state.priority is None:
            return offers
        for perm in state.battlefield:
            if perm.controller == state.priority and perm.class_level is not None and perm.class_level >= 3:
                cf = with_permanent(state, perm.id, class_level=1)
                offers += self.counterfactual_offers(
                    cf, lambda a, c=perm.id: a.source == c and _level_of(a.ability) == 2
                )
        return offers

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        if not self._applies(state, action) or action.source is None:
            return None
        source, level = action.source, _level_of(action.ability)
        assert level is not None
        old = state.permanent(source).class_level  # type: ignore[union-attr]

        def back(result: GameState) -> GameState:
            return with_permanent(result, source, class_level=old) if result.permanent(source) else result

        return self.counterfactual_apply(with_permanent(state, source, class_level=level - 1), action, back)


class ClassRepeatLevel(BlindEngine):
    """A level bar can be activated unless the Class is exactly that level (the engine tests
    ``level != n`` where the rules need ``level < n``): a level 3 Class can activate its level 2
    bar again (and resolving it sets it to level 2). Contradicts class.no-repeat-level ("You
    can't activate an ability that advances a Class to a particular level if that Class is
    already that level or higher")."""

    id = "class-repeat-level"
    rulings = ("class.no-repeat-level",)
    rarer = True
    rarer_when = "only for a Class already above the level whose bar is activated (level 3, bar 2)"
    bug = "a lower level bar accepted on a higher-level Class"
    session = _ClassRepeatLevelSession


class _ClassLevelNoStackSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        if action.kind is not ActionKind.ACTIVATE or _level_of(action.ability) is None:
            return []
        old = {item.id for item in before.stack}
        new = [item.id for item in self.current().stack if item.id not in old]
        if not new:
            return []
        self.bug_hits += 1
        return self.pass_until(lambda s: not any(item.id in new for item in s.stack))


class ClassLevelNoStack(BlindEngine):
    """A Class's level-up ability resolves at once, without waiting on the stack for the players
    to pass (no chance to respond). Contradicts class.level-up-uses-stack ("It uses the stack and
    can be responded to")."""

    id = "class-level-no-stack"
    rulings = ("class.level-up-uses-stack",)
    bug = "level-up abilities resolve immediately"
    session = _ClassLevelNoStackSession


class _ClassLevelsSharedSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        state = self.current()
        raised: dict[tuple[str, int], int] = {}
        for perm in state.battlefield:
            old = before.permanent(perm.id)
            if perm.class_level is not None and old is not None and (old.class_level or 0) < perm.class_level:
                key = (state.obj(perm.id).name, perm.controller)
                raised[key] = max(raised.get(key, 0), perm.class_level)
        if not raised:
            return []
        changed = False
        battlefield = []
        for perm in state.battlefield:
            key = (state.obj(perm.id).name, perm.controller)
            if perm.class_level is not None and key in raised and perm.class_level < raised[key]:
                perm = replace(perm, class_level=raised[key])
                changed = True
            battlefield.append(perm)
        if changed:
            self.reseat(replace(state, battlefield=tuple(battlefield)))
        return []


class ClassLevelsShared(BlindEngine):
    """Class levels are kept per card name and controller, so gaining a level raises every Class
    of that name its controller controls. Contradicts class.levels-tracked-separately ("Each
    Class permanent tracks its own level separately")."""

    id = "class-levels-shared"
    rulings = ("class.levels-tracked-separately",)
    rarer = True
    rarer_when = "only with two Classes of the same name under one controller"
    bug = "leveling one Class levels its same-named siblings"
    session = _ClassLevelsSharedSession


class _ClassLevelOwnerOnlySession(BlindSession):
    def hides(self, state: GameState, action: Action) -> bool:
        if action.kind is not ActionKind.ACTIVATE or _level_of(action.ability) is None or action.source is None:
            return False
        perm = state.permanent(action.source)
        return perm is not None and perm.controller != state.obj(action.source).owner

    def refuses(self, state: GameState, action: Action) -> str | None:
        return "only the Class's owner can level it" if self.hides(state, action) else None


class ClassLevelOwnerOnly(BlindEngine):
    """A Class's level bars can be activated only by its owner (the engine checks the card's
    owner for "you"): a Class controlled by the other player cannot be leveled. Contradicts
    class.level-bars ("Each represents an activated ability with the listed cost", which its
    controller may activate, 602.2)."""

    id = "class-level-owner-only"
    rulings = ("class.level-bars",)
    rarer = True
    rarer_when = "only for a Class whose controller is not its owner"
    bug = "level bars refused for a Class controlled by a non-owner"
    session = _ClassLevelOwnerOnlySession


class _ClassLosesMenaceSession(BlindSession):
    @staticmethod
    def _level3(state: GameState) -> GameState | None:
        tops = [p for p in state.battlefield if (p.class_level or 0) >= 3 and "menace" in text_of(state, p.id)]
        if not tops:
            return None
        for p in tops:
            state = with_permanent(state, p.id, class_level=1)
        return state

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        if action.kind is not ActionKind.DECLARE_BLOCKERS:
            return None
        cf = self._level3(state)
        if cf is None:
            return None
        levels = {p.id: p.class_level for p in state.battlefield if p.class_level is not None}
        try:
            return self._inner.apply(action)
        except (ActionRefused, EngineError):
            pass

        def back(result: GameState) -> GameState:
            return replace(
                result,
                battlefield=tuple(
                    replace(p, class_level=levels[p.id]) if p.id in levels else p for p in result.battlefield
                ),
            )

        return self.counterfactual_apply(cf, action, back)


class ClassLosesLevel2AtLevel3(BlindEngine):
    """A Class at level 3 has only its level 3 abilities: Ninja Teen's level 2 "+1/+0 and menace"
    is lost, so a single creature may block its controller's attackers. Contradicts
    class.keeps-previous-levels ("Gaining a level won't remove abilities that a Class had at a
    previous level") and class.starts-at-level-1."""

    id = "class-loses-level-2-at-level-3"
    rulings = ("class.keeps-previous-levels", "class.starts-at-level-1")
    rarer = True
    rarer_when = "only in combat against a level 3 Class that grants menace"
    bug = "blocks that menace from a level 2 ability forbids are accepted once the Class is level 3"
    session = _ClassLosesMenaceSession


# =================================================================================================
# Rebound and Jeskai Baller
# =================================================================================================


def _has_rebound(state: GameState, card_id: str) -> bool:
    return any(line.startswith("rebound") for line in text_of(state, card_id).splitlines())


class _ReboundTracking(BlindSession):
    def setup(self, state: GameState) -> None:
        self._from_hand: set[str] = {
            item.source for item in state.stack if item.kind == "spell" and item.choice("cast-from") == "hand"
        }
        self._from_exile: set[str] = {
            item.source for item in state.stack if item.kind == "spell" and item.choice("cast-from") == "exile"
        }

    def _track(self, before: GameState, action: Action) -> None:
        if action.kind is ActionKind.CAST and action.source is not None:
            if any(action.source in p.hand for p in before.players):
                self._from_hand.add(action.source)
            elif any(action.source in p.exile for p in before.players):
                self._from_exile.add(action.source)


class _ReboundOnCounterSession(_ReboundTracking):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        self._track(before, action)
        state = self.current()
        for event in events:
            card = event.card
            if (
                event.kind is EventKind.ZONE_CHANGE
                and event.from_zone is Zone.STACK
                and event.to_zone is Zone.GRAVEYARD
                and card in self._from_hand
                and card is not None
                and _has_rebound(state, card)
            ):
                owner = state.obj(card).owner
                if card not in state.players[owner].graveyard:
                    continue
                state = move_between(state, card, owner, "graveyard", "exile")
                state = replace(state, delayed=(*state.delayed, DelayedTrigger("rebound", card, action.player)))
                self._from_hand.discard(card)
                self.reseat(state)
                return [Event(EventKind.ZONE_CHANGE, card=card, from_zone=Zone.GRAVEYARD, to_zone=Zone.EXILE)]
        return []


class ReboundOnCounter(BlindEngine):
    """A rebound spell cast from hand is exiled with its delayed trigger whenever it leaves the
    stack, countered included. Contradicts rebound.not-resolving-goes-to-graveyard ("If a spell
    with rebound that you cast from your hand doesn't resolve for any reason, including being
    countered, the spell will be put into its owner's graveyard")."""

    id = "rebound-on-counter"
    rulings = ("rebound.not-resolving-goes-to-graveyard",)
    rarer = True
    rarer_when = "only when a rebound spell cast from hand is countered"
    bug = "a countered rebound spell is exiled and will be cast again"
    session = _ReboundOnCounterSession


class _ReboundDeclineToGraveyardSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        pending = before.pending
        if not isinstance(pending, MayCast) or action.kind is not ActionKind.CHOOSE_CARDS:
            return []
        state = self.current()
        moved: list[Event] = []
        for card in pending.cards:
            owner = state.obj(card).owner
            if card in state.players[owner].exile:
                state = move_between(state, card, owner, "exile", "graveyard")
                moved.append(Event(EventKind.ZONE_CHANGE, card=card, from_zone=Zone.EXILE, to_zone=Zone.GRAVEYARD))
        if moved:
            self.reseat(state)
        return moved


class ReboundDeclineToGraveyard(BlindEngine):
    """Declining to cast a card from rebound's delayed trigger puts it into its owner's graveyard.
    Contradicts rebound.recast-optional ("If you choose not to cast the card ... the card will
    stay exiled")."""

    id = "rebound-decline-to-graveyard"
    rulings = ("rebound.recast-optional",)
    bug = "a declined rebound card moves from exile to the graveyard"
    session = _ReboundDeclineToGraveyardSession


class _BallerFromHandCreatureSession(_ReboundTracking):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        self._track(before, action)
        state = self.current()
        for event in events:
            card = event.card
            if not (
                event.kind is EventKind.ZONE_CHANGE
                and event.from_zone is Zone.STACK
                and event.to_zone is Zone.EXILE
                and card is not None
                and card in self._from_hand
                and state.data_of(card).is_type("Creature")
            ):
                continue
            owner = state.obj(card).owner
            if card not in state.players[owner].exile:
                continue
            controller = next((i.controller for i in before.stack if i.source == card), owner)
            state = to_battlefield(state, card, owner, "exile", summoning_sick=True)
            state = with_permanent(state, card, controller=controller)
            state = replace(state, delayed=tuple(d for d in state.delayed if d.card != card))
            self._from_hand.discard(card)
            self.reseat(state)
            return [Event(EventKind.ZONE_CHANGE, card=card, from_zone=Zone.EXILE, to_zone=Zone.BATTLEFIELD)]
        return []


class BallerFromHandCreature(BlindEngine):
    """A creature spell with rebound cast from hand enters the battlefield when it resolves
    (rebound's exile is applied only to instants and sorceries). Contradicts
    jeskai-baller.rebound-from-hand-exiled ("you must exile the spell due to its rebound ability.
    You cannot choose to have it enter the battlefield as a creature")."""

    id = "baller-from-hand-creature"
    rulings = ("jeskai-baller.rebound-from-hand-exiled",)
    bug = "Jeskai Baller cast from hand enters as a creature instead of being exiled by rebound"
    session = _BallerFromHandCreatureSession


class _BallerReboundsAgainSession(_ReboundTracking):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        self._track(before, action)
        state = self.current()
        for event in events:
            card = event.card
            if not (
                event.kind is EventKind.ZONE_CHANGE
                and event.from_zone is Zone.STACK
                and event.to_zone is Zone.BATTLEFIELD
                and card is not None
                and card in self._from_exile
                and _has_rebound(state, card)
            ):
                continue
            perm = state.permanent(card)
            if perm is None:
                continue
            owner = state.obj(card).owner
            state = replace(state, battlefield=tuple(p for p in state.battlefield if p.id != card))
            state = with_player(state, owner, exile=(*state.players[owner].exile, card))
            state = replace(state, delayed=(*state.delayed, DelayedTrigger("rebound", card, perm.controller)))
            self._from_exile.discard(card)
            self.reseat(state)
            return [Event(EventKind.ZONE_CHANGE, card=card, from_zone=Zone.BATTLEFIELD, to_zone=Zone.EXILE)]
        return []


class BallerReboundsAgain(BlindEngine):
    """Rebound exiles the spell whenever it resolves, wherever it was cast from: Jeskai Baller
    cast from exile by its rebound trigger is exiled again (with a new trigger) instead of
    entering as a creature. Contradicts jeskai-baller.creature-unless-from-hand ("If you cast
    Jeskai Baller from any zone other than your hand (including from exile using its rebound
    ability) ... Jeskai Baller enters the battlefield as a creature")."""

    id = "baller-rebounds-again"
    rulings = ("jeskai-baller.creature-unless-from-hand",)
    rarer = True
    rarer_when = "only when Jeskai Baller is cast from exile (through rebound) and resolves"
    bug = "Jeskai Baller cast from exile is exiled by rebound again"
    session = _BallerReboundsAgainSession


class _BallerCounterTakesTriggerSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        state = self.current()
        left = {
            item.source
            for item in before.stack
            if item.kind == "spell" and not any(s.id == item.id for s in state.stack)
        }
        orphans = [
            item
            for item in state.stack
            if item.kind == "triggered" and item.source in left and _has_rebound(state, item.source)
        ]
        if not orphans:
            return []
        gone = {item.id for item in orphans}
        self.reseat(replace(state, stack=tuple(item for item in state.stack if item.id not in gone)))
        return []


class BallerCounterTakesTrigger(BlindEngine):
    """When Jeskai Baller leaves the stack (countered) while its cast trigger waits, the trigger
    is removed with it. Contradicts jeskai-baller.cast-trigger-resolves-first ("If Jeskai Baller
    is countered or otherwise leaves the stack in response to that triggered ability, the
    triggered ability will still resolve as normal")."""

    id = "baller-counter-takes-trigger"
    rulings = ("jeskai-baller.cast-trigger-resolves-first",)
    rarer = True
    rarer_when = "only when Jeskai Baller is countered while its cast trigger is on the stack"
    bug = "countering Jeskai Baller removes its cast trigger from the stack"
    session = _BallerCounterTakesTriggerSession


# =================================================================================================
# Play from exile (Fallen Shinobi)
# =================================================================================================


class _ExileLandIgnoresLandPlaysSession(BlindSession):
    def _applies(self, state: GameState, action: Action) -> bool:
        return (
            action.kind is ActionKind.PLAY_LAND
            and action.source is not None
            and any(p.card == action.source for p in state.permissions)
            and state.players[action.player].land_plays_left <= 0
        )

    def extra_offers(self, state: GameState) -> list[Action]:
        if state.priority is None or state.pending is not None:
            return []
        player = state.priority
        if state.players[player].land_plays_left > 0 or not any(p.player == player for p in state.permissions):
            return []
        cf = with_player(state, player, land_plays_left=1)
        permitted = {p.card for p in state.permissions}
        return self.counterfactual_offers(cf, lambda a: a.kind is ActionKind.PLAY_LAND and a.source in permitted)

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        if not self._applies(state, action):
            return None
        player = action.player
        left = state.players[player].land_plays_left
        return self.counterfactual_apply(
            with_player(state, player, land_plays_left=1),
            action,
            lambda result: with_player(result, player, land_plays_left=left),
        )


class ExileLandIgnoresLandPlays(BlindEngine):
    """A land exiled with a "you may play it" permission can be played even when its player has
    no land play left (the permission is taken to grant an extra land play). Contradicts
    play-from-exile.timing-unchanged ("you can play it only during your main phase and only if
    you have an available land play remaining")."""

    id = "exile-land-ignores-land-plays"
    rulings = ("play-from-exile.timing-unchanged",)
    rarer = True
    rarer_when = "only for an exiled land after the player's land play is used"
    bug = "a permitted land played from exile with no land play left"
    session = _ExileLandIgnoresLandPlaysSession


class _ExilePermissionSurvivesSession(BlindSession):
    def setup(self, state: GameState) -> None:
        self._cast: dict[str, int] = {}

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        if action.kind is ActionKind.CAST and action.source is not None:
            if any(p.card == action.source and p.player == action.player for p in before.permissions):
                self._cast[action.source] = action.player
        return []

    def _again(self, state: GameState, card: str) -> GameState | None:
        player = self._cast.get(card)
        owner = state.obj(card).owner if state.has_object(card) else None
        if player is None or owner is None or card not in state.players[owner].graveyard:
            return None
        state = move_between(state, card, owner, "graveyard", "exile")
        return replace(state, permissions=(*state.permissions, PlayPermission(card, player)))

    def extra_offers(self, state: GameState) -> list[Action]:
        offers: list[Action] = []
        if state.priority is None:
            return offers
        for card in self._cast:
            cf = self._again(state, card)
            if cf is not None and self._cast[card] == state.actor:
                offers += self.counterfactual_offers(cf, lambda a, c=card: a.kind is ActionKind.CAST and a.source == c)
        return offers

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        if action.kind is not ActionKind.CAST or action.source not in self._cast:
            return None
        cf = self._again(state, action.source)
        if cf is None or self._cast[action.source] != action.player:
            return None
        return self.counterfactual_apply(cf, action, lambda result: result)


class ExilePermissionSurvivesCast(BlindEngine):
    """The permission to play a card exiled by Fallen Shinobi stays with the card after it is
    cast, so once the spell has resolved (or was countered) it can be cast again from the
    graveyard that turn. Contradicts play-from-exile.cast-once ("Casting an exiled card causes it
    to leave exile. You can't cast it multiple times")."""

    id = "exile-permission-survives-cast"
    rulings = ("play-from-exile.cast-once",)
    bug = "a card cast with an exile permission can be cast again from the graveyard the same turn"
    session = _ExilePermissionSurvivesSession


class _ExiledCardsToGraveyardSession(BlindSession):
    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        state = self.current()
        ended = [p for p in before.permissions if p not in state.permissions]
        moved: list[Event] = []
        for permission in ended:
            card = permission.card
            if not state.has_object(card):
                continue
            owner = state.obj(card).owner
            if card in state.players[owner].exile:
                state = move_between(state, card, owner, "exile", "graveyard")
                moved.append(Event(EventKind.ZONE_CHANGE, card=card, from_zone=Zone.EXILE, to_zone=Zone.GRAVEYARD))
        if moved:
            self.reseat(state)
        return moved


class ExiledCardsToGraveyard(BlindEngine):
    """When the "until end of turn, you may play those cards" permission ends, the cards not
    played are put into their owner's graveyard. Contradicts play-from-exile.uncast-stay-exiled
    ("Any cards you don't cast will remain in exile")."""

    id = "exiled-cards-to-graveyard"
    rulings = ("play-from-exile.uncast-stay-exiled",)
    bug = "unplayed exiled cards go to the graveyard when the permission ends"
    session = _ExiledCardsToGraveyardSession


# =================================================================================================
# Sneak
# =================================================================================================

_LATE_COMBAT = (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)


class _SneakAfterDamageSession(BlindSession):
    def extra_offers(self, state: GameState) -> list[Action]:
        if state.step not in _LATE_COMBAT or state.pending is not None or state.priority != state.active_player:
            return []
        return self.counterfactual_offers(replace(state, step=Step.DECLARE_BLOCKERS), is_sneak)

    def accepts(self, state: GameState, action: Action) -> list[Event] | None:
        if not is_sneak(action) or state.step not in _LATE_COMBAT or state.pending is not None:
            return None
        step = state.step
        return self.counterfactual_apply(
            replace(state, step=Step.DECLARE_BLOCKERS), action, lambda result: replace(result, step=step)
        )


class SneakAfterDamage(BlindEngine):
    """Sneak can be used for the rest of combat after blockers are declared, like ninjutsu:
    in the combat damage steps and the end of combat step too. Contradicts
    sneak.declare-blockers-only ("Spells can only be cast for their sneak costs any time you
    could play an instant during the declare blockers step on your turn") and
    ninja-teen.graveyard-sneak-timing."""

    id = "sneak-after-damage"
    rulings = ("sneak.declare-blockers-only", "ninja-teen.graveyard-sneak-timing")
    bug = "sneak casts offered and accepted in the combat damage and end of combat steps"
    session = _SneakAfterDamageSession


class _SneakEntersUntappedSession(BlindSession):
    def setup(self, state: GameState) -> None:
        self._sneaked: set[str] = {
            item.source for item in state.stack if item.kind == "spell" and item.choice("alternative") == "sneak"
        }

    def after(self, before: GameState, action: Action, events: list[Event]) -> list[Event]:
        if is_sneak(action) and action.source is not None:
            self._sneaked.add(action.source)
        state = self.current()
        entered = [
            e.card
            for e in events
            if e.kind in (EventKind.ENTER_ATTACKING, EventKind.ZONE_CHANGE)
            and e.card in self._sneaked
            and (e.kind is EventKind.ENTER_ATTACKING or e.to_zone is Zone.BATTLEFIELD)
        ]
        fix = [
            c for c in dict.fromkeys(entered) if c is not None and (p := state.permanent(c)) is not None and p.tapped
        ]
        if not fix:
            return []
        for card in fix:
            state = with_permanent(state, card, tapped=False)
            self._sneaked.discard(card)
        self.reseat(state)
        return []


class SneakEntersUntapped(BlindEngine):
    """A creature whose sneak cost was paid enters attacking but untapped. Contradicts
    sneak.same-attack-target ("the creature it becomes enters tapped and attacking")."""

    id = "sneak-enters-untapped"
    rulings = ("sneak.same-attack-target",)
    bug = "a sneaked creature enters attacking untapped"
    session = _SneakEntersUntappedSession


class _GraveyardSneakTopOnlySession(BlindSession):
    def hides(self, state: GameState, action: Action) -> bool:
        if not is_sneak(action) or action.source is None:
            return False
        graveyard = state.players[action.player].graveyard
        return action.source in graveyard and graveyard[-1] != action.source

    def refuses(self, state: GameState, action: Action) -> str | None:
        return "only the top card of a graveyard can be cast" if self.hides(state, action) else None


class GraveyardSneakTopOnly(BlindEngine):
    """Ninja Teen's graveyard permission reaches only the top card of the graveyard (the most
    recent one), as older "play the top card" effects do. Contradicts
    ninja-teen.graveyard-sneak-timing and ninja-teen.any-sneak-ability, which let any creature
    card in your graveyard be cast for its sneak cost."""

    id = "graveyard-sneak-top-only"
    rulings = ("ninja-teen.graveyard-sneak-timing", "ninja-teen.any-sneak-ability")
    rarer = True
    rarer_when = "only for a creature card that is not the last card put into the graveyard"
    bug = "graveyard sneak refused for a creature card below the top of the graveyard"
    session = _GraveyardSneakTopOnlySession


class _GraveyardSneakFirstOnlySession(BlindSession):
    def hides(self, state: GameState, action: Action) -> bool:
        if not is_sneak(action) or action.source is None:
            return False
        return action.source in state.players[action.player].graveyard and action.cost("sneak") not in (None, "0")

    def refuses(self, state: GameState, action: Action) -> str | None:
        return "only the card's first sneak ability applies from the graveyard" if self.hides(state, action) else None


class GraveyardSneakFirstOnly(BlindEngine):
    """From the graveyard, only a card's first sneak ability can be used. Contradicts
    ninja-teen.any-sneak-ability ("you can cast it from your graveyard using any of those sneak
    abilities")."""

    id = "graveyard-sneak-first-only"
    rulings = ("ninja-teen.any-sneak-ability",)
    rarer = True
    rarer_when = "only for a graveyard creature card with two or more sneak abilities"
    bug = "a graveyard card's second (and later) sneak abilities refused"
    session = _GraveyardSneakFirstOnlySession


# =================================================================================================
# Trample and combat damage
# =================================================================================================


def _assigned(action: Action) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for source, recipient, amount in action.damage:
        out.setdefault(source, {})
        out[source][recipient] = out[source].get(recipient, 0) + amount
    return out


class _TrampleIgnoresMarkedSession(BlindSession):
    def export(self, state: GameState) -> GameState:
        pending = state.pending
        if not isinstance(pending, AssignCombatDamage):
            return state
        sources = []
        changed = False
        for entry in pending.sources:
            if entry.trample is not None:
                creatures = []
                for c in entry.creatures:
                    perm = state.permanent(c.ref)
                    if perm is not None and perm.damage and c.lethal is not None:
                        c = replace(c, lethal=c.lethal + perm.damage)
                        changed = True
                    creatures.append(c)
                entry = replace(entry, creatures=tuple(creatures))
            sources.append(entry)
        return replace(state, pending=replace(pending, sources=tuple(sources))) if changed else state

    def refuses(self, state: GameState, action: Action) -> str | None:
        pending = state.pending
        if action.kind is not ActionKind.ASSIGN_DAMAGE or not isinstance(pending, AssignCombatDamage):
            return None
        assigned = _assigned(action)
        received: dict[str, int] = {}
        for shares in assigned.values():
            for ref, amount in shares.items():
                received[ref] = received.get(ref, 0) + amount
        for entry in pending.sources:
            if entry.trample is None or entry.deathtouch:
                continue
            beyond = sum(assigned.get(entry.source, {}).get(r.ref, 0) for r in entry.beyond)
            if not beyond:
                continue
            for c in entry.creatures:
                perm = state.permanent(c.ref)
                if perm is not None and perm.damage and received.get(c.ref, 0) < (c.lethal or 0) + perm.damage:
                    return f"{entry.source} must assign {c.ref} its full toughness before trampling over"
        return None


class TrampleIgnoresMarkedDamage(BlindEngine):
    """Lethal damage for trample is the blocker's toughness, ignoring damage already marked on
    it: a trampler must assign a wounded blocker its full toughness before any damage goes past
    it. Contradicts trample.lethal-then-excess ("take into account damage already marked on the
    creature")."""

    id = "trample-ignores-marked-damage"
    rulings = ("trample.lethal-then-excess",)
    rarer = True
    rarer_when = "only when a creature blocking a trampler already has damage marked"
    bug = "trample lethal damage ignores damage already marked on the blocker"
    session = _TrampleIgnoresMarkedSession


class _TrampleIgnoresOtherAssignersSession(BlindSession):
    def refuses(self, state: GameState, action: Action) -> str | None:
        pending = state.pending
        if action.kind is not ActionKind.ASSIGN_DAMAGE or not isinstance(pending, AssignCombatDamage):
            return None
        assigned = _assigned(action)
        for entry in pending.sources:
            if entry.trample is None:
                continue
            own = assigned.get(entry.source, {})
            if not any(own.get(r.ref, 0) for r in entry.beyond):
                continue
            for c in entry.creatures:
                if own.get(c.ref, 0) < entry.lethal_to(c):
                    return f"{entry.source} must itself assign lethal damage to {c.ref} before trampling over"
        return None


class TrampleIgnoresOtherAssigners(BlindEngine):
    """When checking a trampler's lethal damage, only its own damage counts, not what the
    player's other creatures assign to the same blocker in the same step. Contradicts
    trample.lethal-then-excess ("take into account ... damage from other creatures that's being
    assigned during the same combat damage step")."""

    id = "trample-ignores-other-assigners"
    rulings = ("trample.lethal-then-excess",)
    rarer = True
    rarer_when = "only when one creature blocks a trampler and another attacker of the same player"
    bug = "damage other attackers assign to a shared blocker does not count toward the trampler's lethal"
    session = _TrampleIgnoresOtherAssignersSession


class _DoubleStrikeTrampleStopsSession(BlindSession):
    def apply(self, action: Action) -> list[Event]:
        before = self.current()
        suspects = {
            p.id
            for p in before.battlefield
            if p.attacking is not None
            and p.blocked
            and not any(p.id in other.blocking for other in before.battlefield)
            and has_keyword(before, p.id, "trample")
        }
        events = self._inner.apply(action)
        if not suspects:
            return events
        hits = [
            e
            for e in events
            if e.kind is EventKind.DAMAGE
            and e.card in suspects
            and e.detail == "regular"
            and (e.target or "").startswith("player:")
            and e.amount
        ]
        if not hits:
            return events
        state = self.current()
        kept = list(events)
        for e in hits:
            player, amount = int((e.target or "player:0").split(":")[1]), int(e.amount or 0)
            state = with_player(state, player, life=state.players[player].life + amount)
            kept.remove(e)
            life = next(
                (x for x in kept if x.kind is EventKind.LIFE and x.player == player and x.amount == -amount), None
            )
            if life is not None:
                kept.remove(life)
        try:
            self.reseat(state)
        except (ActionRefused, EngineError):
            return events
        return kept


class DoubleStrikeTrampleStops(BlindEngine):
    """A blocked creature with no blockers left deals no combat damage even with trample (the
    engine applies the non-trample rule 509.1h/510.1c to every blocked creature): a double
    striker with trample that destroyed its blockers with first-strike damage deals nothing in
    the regular step (no damage event, no life lost). Contradicts
    trample.double-strike-blockers-destroyed ("all of its normal combat damage is assigned to the
    player or planeswalker that creature's attacking")."""

    id = "double-strike-trample-stops"
    rulings = ("trample.double-strike-blockers-destroyed",)
    rarer = True
    rarer_when = "only for a blocked trampler whose blockers are all gone (double strike)"
    bug = "a blocked trampler with no blockers left deals no damage to the player"
    session = _DoubleStrikeTrampleStopsSession


#: The blind engines the benchmark runs (benchmarks/blind_kills.py), in README order.
ENGINES: tuple[type[BlindEngine], ...] = (
    NinjutsuBeforeBlockers,
    NinjutsuClosesAtEndOfCombat,
    NinjutsuNotInFirstStrikeStep,
    FirstStrikersByKeyword,
    NinjaAttacksPlayer,
    LibraryNinjutsuOncePerSearch,
    LibraryNinjutsuEndsSearch,
    MindcensorMatchingCards,
    MindcensorSlidingWindow,
    NoShuffleOnFailToFind,
    UntapSymbolOnUntapped,
    TokenNeverSick,
    SecondManaAbilityTapped,
    UndefinedManaColorless,
    ClassRepeatLevel,
    ClassLevelNoStack,
    ReboundOnCounter,
    BallerFromHandCreature,
    ExileLandIgnoresLandPlays,
    ExiledCardsToGraveyard,
    SneakAfterDamage,
    GraveyardSneakFirstOnly,
    TrampleIgnoresMarkedDamage,
    DoubleStrikeTrampleStops,
)

#: Further blind engines, written the same way but left out of the measured run for machine time
#: (``blind_kills.py --extra`` runs them too; ``--sanity`` checks them all).
EXTRA: tuple[type[BlindEngine], ...] = (
    NinjaNotRevealed,
    CommanderNinjutsuHandOnly,
    LateNinjaDealsDamage,
    LibraryNinjutsuAfterFinding,
    NoManaDuringSearch,
    LibraryNinjaUnrevealed,
    MindcensorNotSearched,
    MindcensorShufflesTopOnly,
    MindcensorOwnSearch,
    UntapSymbolIgnoresSickness,
    XEtbZero,
    ClassLevelsShared,
    ClassLevelOwnerOnly,
    ClassLosesLevel2AtLevel3,
    ReboundDeclineToGraveyard,
    BallerReboundsAgain,
    BallerCounterTakesTrigger,
    ExilePermissionSurvivesCast,
    SneakEntersUntapped,
    GraveyardSneakTopOnly,
    TrampleIgnoresOtherAssigners,
)

__all__ = [cls.__name__ for cls in ENGINES + EXTRA] + ["ENGINES", "EXTRA", "keywords_of", "AttackTarget"]
