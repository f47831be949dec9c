"""Hand-built states on which each blind engine behaves differently from the reference engine.

Each case loads one state into the reference engine and into the blind engine, plays the same
actions on both and reports the first point where they differ: the legal actions offered, an
action refused by one and accepted by the other, the events, or the exported state. Run with
``python benchmarks/blind_kills.py --sanity``. An engine without a case here is shown by its hit
count in the benchmark run instead (``MTG_BLIND_HITS``: the games in which its bug fired).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.blind.base import REFERENCE, BlindEngine
from protocol.actions import AttackTarget, TargetKind
from protocol.adapter import ActionRefused, Session
from protocol.builder import StateBuilder
from protocol.model import (
    Action,
    ActionKind,
    CardData,
    DelayedTrigger,
    GameState,
    PlayPermission,
    Step,
    Zone,
    pass_priority,
)

_CARDS = Path(__file__).resolve().parents[2] / "rulings" / "cards"


def _card(name: str) -> CardData:
    for file in ("seed-cards.json", "commander-cards.json"):
        data = json.loads((_CARDS / file).read_text())["data"]
        if name in data:
            c = data[name][0]
            return CardData(
                name=c["name"],
                types=tuple(c["types"]),
                mana_cost=c.get("manaCost", ""),
                subtypes=tuple(c["subtypes"]),
                supertypes=tuple(c["supertypes"]),
                text=c["text"],
                power=c.get("power"),
                toughness=c.get("toughness"),
                loyalty=c.get("loyalty"),
                keywords=tuple(c.get("keywords", ())),
            )
    raise KeyError(name)


ISLAND = CardData("Island", ("Land",), subtypes=("Island",), supertypes=("Basic",))
SWAMP = CardData("Swamp", ("Land",), subtypes=("Swamp",), supertypes=("Basic",))
DUAL = CardData("Underground Sea", ("Land",), subtypes=("Island", "Swamp"))
BEAR = CardData("Grizzly Bears", ("Creature",), "{1}{G}", subtypes=("Bear",), power="2", toughness="2")
ROCK = CardData("Q Rock", ("Artifact",), "{1}", text="{Q}: Add {C}.")
ELF = CardData("Elf", ("Creature",), "{G}", subtypes=("Elf",), text="{T}: Add {G}.", power="1", toughness="1")
POOL = CardData("Pool", ("Land",), text="{T}: Add one mana of any type that a land you control could produce.")
FS_NINJA = CardData(
    "FS Ninja",
    ("Creature",),
    "{1}{U}",
    subtypes=("Ninja",),
    text="First strike\nNinjutsu {U}",
    power="2",
    toughness="1",
    keywords=("First strike", "Ninjutsu"),
)
KNIGHT = CardData(
    "Knight", ("Creature",), "{1}{W}", subtypes=("Knight",), text="First strike", power="2", toughness="2"
)
TUTOR = CardData(
    "Tutor", ("Instant",), "{U}", text="Search your library for a creature card, put it into your hand, then shuffle."
)
TWO_TUTOR = CardData(
    "Two Tutor",
    ("Instant",),
    "{U}",
    text="Search your library for up to two cards, reveal them, put them into your hand, then shuffle.",
)
WALKER = CardData("Walker", ("Planeswalker",), "{3}", subtypes=("Jace",), loyalty="3")
COUNTER = CardData("Counterspell", ("Instant",), "{U}{U}", text="Counter target spell.")
PLAINS = CardData("Plains", ("Land",), subtypes=("Plains",), supertypes=("Basic",))
#: Stand-ins with only the lines the reference engine reads (it reads no "Flash" or "Vigilance").
CENSOR = CardData(
    "Censor",
    ("Creature",),
    "{2}{W}",
    subtypes=("Bird",),
    text="If an opponent would search a library, that player searches the top four cards of that library instead.",
    power="2",
    toughness="1",
)
YURIKO = CardData(
    "Yuriko",
    ("Creature",),
    "{1}{U}{B}",
    subtypes=("Ninja",),
    text="Commander ninjutsu {U}{B}",
    power="1",
    toughness="3",
)
SWIFT = CardData(
    "Swift",
    ("Creature",),
    "{R}{W}",
    text="Double strike\nTrample",
    power="3",
    toughness="1",
    keywords=("Double strike", "Trample"),
)


@dataclass
class Case:
    """A state and the actions played on it (each a function of the current state)."""

    engine: str
    what: str
    state: GameState
    steps: tuple[Callable[[GameState], Action], ...] = ()


def _unblocked_attack(b: StateBuilder, target: AttackTarget | None = None) -> str:
    return b.permanent(BEAR, 0, attacking=target or AttackTarget.of_player(1), blocked=False, tapped=True)


def _lands(b: StateBuilder, n: int = 4, player: int = 0) -> None:
    for i in range(n):
        b.permanent(ISLAND if i % 2 == 0 else SWAMP, player)


def _act(source: str, ability: str, **kw: object) -> Callable[[GameState], Action]:
    return lambda s: Action(ActionKind.ACTIVATE, s.actor or 0, source=source, ability=ability, **kw)  # type: ignore[arg-type]


def _pass() -> Callable[[GameState], Action]:
    return lambda s: pass_priority(s.actor or 0)


def _advance() -> Callable[[GameState], Action]:
    """Pass priority, or make the least answer to a pending choice."""
    return lambda s: s.pending.least(lambda: []) if s.pending is not None else pass_priority(s.actor or 0)


def _choose(*cards: str) -> Callable[[GameState], Action]:
    return lambda s: Action(ActionKind.CHOOSE_CARDS, s.actor or 0, cards=cards)


def _cast(source: str, **kw: object) -> Callable[[GameState], Action]:
    return lambda s: Action(ActionKind.CAST, s.actor or 0, source=source, **kw)  # type: ignore[arg-type]


def cases() -> list[Case]:
    out: list[Case] = []
    fallen, pang, censor = _card("Fallen Shinobi"), _card("Panglacial Shinobi"), CENSOR
    baller, teen, yuriko, swift = _card("Jeskai Baller"), _card("Ninja Teen"), YURIKO, SWIFT

    b = StateBuilder()
    b.put(fallen, 0)
    b.permanent(BEAR, 0, attacking=AttackTarget.of_player(1), tapped=True)
    _lands(b)
    out.append(Case("ninjutsu-before-blockers", "declare attackers step", b.build(step=Step.DECLARE_ATTACKERS)))

    for step, engine in ((Step.END_OF_COMBAT, "ninjutsu-closes-at-end-of-combat"),):
        b = StateBuilder()
        b.put(fallen, 0)
        _unblocked_attack(b)
        _lands(b)
        out.append(Case(engine, f"{step} step, unblocked attacker", b.build(step=step)))

    b = StateBuilder()
    b.put(fallen, 0)
    _unblocked_attack(b)
    b.permanent(KNIGHT, 0, attacking=AttackTarget.of_player(1), blocked=False, tapped=True)
    _lands(b)
    out.append(
        Case("ninjutsu-not-in-first-strike-step", "first-strike damage step", b.build(step=Step.FIRST_STRIKE_DAMAGE))
    )

    b = StateBuilder()
    ninja = b.put(FS_NINJA, 0)
    bear = _unblocked_attack(b)
    knight = b.permanent(KNIGHT, 0, attacking=AttackTarget.of_player(1), blocked=False, tapped=True)
    _lands(b)
    out.append(
        Case(
            "first-strikers-by-keyword",
            "first-strike Ninja enters in the first-strike step",
            b.build(step=Step.FIRST_STRIKE_DAMAGE, first_strikers=(knight,)),
            (_act(ninja, "ninjutsu", costs=(("return", bear),)), _pass(), _pass(), _pass(), _pass()),
        )
    )

    b = StateBuilder()
    ninja = b.put(fallen, 0)
    walker = b.permanent(WALKER, 1)
    bear = _unblocked_attack(b, AttackTarget.of_permanent(TargetKind.PLANESWALKER, walker))
    _lands(b)
    out.append(
        Case(
            "ninja-attacks-player",
            "returned creature attacked a planeswalker",
            b.build(step=Step.DECLARE_BLOCKERS),
            (_act(ninja, "ninjutsu", costs=(("return", bear),)),),
        )
    )

    b = StateBuilder()
    ninja = b.put(fallen, 0)
    bear = _unblocked_attack(b)
    _lands(b)
    out.append(
        Case(
            "ninja-not-revealed",
            "ninjutsu activated",
            b.build(step=Step.DECLARE_BLOCKERS),
            (_act(ninja, "ninjutsu", costs=(("return", bear),)),),
        )
    )

    b = StateBuilder()
    b.put(yuriko, 0, Zone.COMMAND)
    _unblocked_attack(b)
    _lands(b)
    out.append(Case("commander-ninjutsu-hand-only", "Yuriko in the command zone", b.build(step=Step.DECLARE_BLOCKERS)))

    # Library ninjutsu: a search during combat with Panglacial Shinobi in the library.
    def search_state(pangs: int = 1, lands: int = 6) -> tuple[GameState, str, list[str], list[str]]:
        b = StateBuilder()
        tutor = b.put(TUTOR, 0)
        bears = [_unblocked_attack(b) for _ in range(pangs)]
        _lands(b, lands)
        ps = [b.put(pang, 0, Zone.LIBRARY) for _ in range(pangs)]
        for _ in range(3):
            b.put(BEAR, 0, Zone.LIBRARY)
        return b.build(step=Step.DECLARE_BLOCKERS), tutor, bears, ps

    state, tutor, bears, ps = search_state(2)
    out.append(
        Case(
            "library-ninjutsu-once-per-search",
            "two Panglacial Shinobi, one search",
            state,
            (
                _cast(tutor),
                _pass(),
                _pass(),
                _act(ps[0], "library ninjutsu", costs=(("return", bears[0]),)),
                _act(ps[1], "library ninjutsu", costs=(("return", bears[1]),)),
            ),
        )
    )
    state, tutor, bears, ps = search_state(1)
    out.append(
        Case(
            "library-ninjutsu-ends-search",
            "library ninjutsu during a search",
            state,
            (_cast(tutor), _pass(), _pass(), _act(ps[0], "library ninjutsu", costs=(("return", bears[0]),))),
        )
    )
    out.append(Case("no-mana-during-search", "mana abilities while searching", state, (_cast(tutor), _pass(), _pass())))

    # Aven Mindcensor: the opponent (player 1) controls it; player 0 searches.
    def censored(tutor_card: CardData, library: list[CardData]) -> tuple[GameState, str]:
        b = StateBuilder()
        tutor = b.put(tutor_card, 0)
        _lands(b, 2)
        b.permanent(censor, 1)
        for card in library:
            b.put(card, 0, Zone.LIBRARY)
        return b.build(step=Step.PRECOMBAT_MAIN), tutor

    state, tutor = censored(TUTOR, [BEAR, ISLAND, ISLAND, ISLAND, BEAR, ISLAND])
    out.append(
        Case("mindcensor-not-searched", "restricted search", state, (_cast(tutor), _pass(), _pass(), _choose("c5")))
    )
    state, tutor = censored(TUTOR, [ISLAND, ISLAND, ISLAND, ISLAND, BEAR, ISLAND])
    out.append(
        Case("mindcensor-matching-cards", "creature fifth from the top", state, (_cast(tutor), _pass(), _pass()))
    )
    state, tutor = censored(TWO_TUTOR, [BEAR, ISLAND, ISLAND, ISLAND, BEAR, ISLAND])
    out.append(
        Case(
            "mindcensor-sliding-window",
            "search for two under the restriction",
            state,
            (_cast(tutor), _pass(), _pass(), _choose("c5")),
        )
    )
    b = StateBuilder()
    tutor = b.put(TUTOR, 0)
    _lands(b, 2)
    for card in (ISLAND, SWAMP, ISLAND, SWAMP, ISLAND):
        b.put(card, 0, Zone.LIBRARY)
    out.append(
        Case(
            "no-shuffle-on-fail-to-find",
            "search finds nothing",
            b.build(step=Step.PRECOMBAT_MAIN),
            (_cast(tutor), _pass(), _pass(), _choose()),
        )
    )

    b = StateBuilder()
    b.permanent(ROCK, 0)
    out.append(Case("untap-symbol-on-untapped", "untapped {Q} artifact", b.build()))
    b = StateBuilder()
    b.permanent(ELF, 0, token=True, summoning_sick=True)
    out.append(Case("token-never-sick", "summoning-sick Elf token", b.build()))
    b = StateBuilder()
    b.permanent(DUAL, 0, tapped=True)
    out.append(Case("second-mana-ability-tapped", "tapped dual land", b.build()))
    b = StateBuilder()
    pool = b.permanent(POOL, 0)
    out.append(Case("undefined-mana-colorless", "lone could-produce land", b.build(), (_act(pool, "mana"),)))

    b = StateBuilder()
    cls = b.permanent(teen, 0, class_level=3)
    _lands(b)
    out.append(Case("class-repeat-level", "level 3 Class", b.build()))
    b = StateBuilder()
    cls = b.permanent(teen, 0, class_level=1)
    _lands(b)
    out.append(Case("class-level-no-stack", "level up", b.build(), (_act(cls, "level:2"),)))
    b = StateBuilder()
    cls = b.permanent(teen, 0, class_level=1)
    b.permanent(teen, 0, class_level=1)
    _lands(b)
    out.append(Case("class-levels-shared", "two Ninja Teens", b.build(), (_act(cls, "level:2"), _pass(), _pass())))

    b = StateBuilder()
    card = b.put(baller, 0)
    counter = b.put(COUNTER, 1)
    for _ in range(2):
        b.permanent(ISLAND, 0)
        b.permanent(ISLAND, 1)
    for _ in range(3):
        b.permanent(PLAINS, 0)
    out.append(
        Case(
            "rebound-on-counter",
            "Jeskai Baller cast from hand, countered",
            b.build(),
            (
                _cast(card, targets=()),
                _pass(),
                lambda s: Action(ActionKind.CAST, 1, source=counter, targets=(card,)),
                _pass(),
                _pass(),
            ),
        )
    )
    b = StateBuilder()
    card = b.put(baller, 0, Zone.EXILE)
    out.append(
        Case(
            "rebound-decline-to-graveyard",
            "rebound trigger, declined",
            b.build(step=Step.UNTAP, priority=None, delayed=(DelayedTrigger("rebound", card, 0),)),
            (_pass(), _pass(), _choose()),
        )
    )
    b = StateBuilder()
    card = b.put(baller, 0)
    for _ in range(3):
        b.permanent(PLAINS, 0)
    out.append(
        Case(
            "baller-from-hand-creature",
            "Jeskai Baller cast from hand resolves",
            b.build(),
            (_cast(card), _pass(), _pass(), _pass(), _pass()),
        )
    )

    b = StateBuilder()
    land = b.put(ISLAND, 0, Zone.EXILE)
    b.players[0]["land_plays_left"] = 0
    out.append(
        Case(
            "exile-land-ignores-land-plays",
            "exiled land, land play used",
            b.build(permissions=(PlayPermission(land, 0),)),
        )
    )
    b = StateBuilder()
    land = b.put(ISLAND, 0, Zone.EXILE)
    out.append(
        Case(
            "exiled-cards-to-graveyard",
            "permission ends at cleanup",
            b.build(step=Step.END, permissions=(PlayPermission(land, 0),)),
            (_pass(), _pass()),
        )
    )

    b = StateBuilder()
    b.put(teen, 0)
    bear = _unblocked_attack(b)
    _lands(b, 6)
    sneaker = CardData(
        "Sneaky", ("Creature",), "{4}{B}", subtypes=("Rogue",), text="Sneak {B}\nSneak {1}{B}", power="3", toughness="3"
    )
    b2 = StateBuilder()
    b2.permanent(teen, 0, class_level=3)
    bear2 = _unblocked_attack(b2)
    _lands(b2, 6)
    sneak_card = b2.put(sneaker, 0, Zone.GRAVEYARD)
    out.append(
        Case(
            "graveyard-sneak-first-only",
            "graveyard card with two sneak abilities",
            b2.build(step=Step.DECLARE_BLOCKERS),
            (_cast(sneak_card, costs=(("alternative", "sneak"), ("return", bear2), ("sneak", "1"))),),
        )
    )
    b3 = StateBuilder()
    b3.permanent(teen, 0, class_level=3)
    _unblocked_attack(b3)
    _lands(b3, 6)
    b3.put(sneaker, 0, Zone.GRAVEYARD)
    out.append(Case("sneak-after-damage", "end of combat step", b3.build(step=Step.END_OF_COMBAT)))
    del bear

    trampler = CardData("Trampler", ("Creature",), "{4}{G}", text="Trample", power="5", toughness="5")
    b = StateBuilder()
    att = b.permanent(trampler, 0, attacking=AttackTarget.of_player(1), blocked=True, tapped=True)
    b.permanent(BEAR, 1, blocking=(att,), damage=1)
    out.append(
        Case(
            "trample-ignores-marked-damage",
            "blocker with damage marked",
            b.build(step=Step.DECLARE_BLOCKERS, priority=0),
            (_pass(), _pass()),
        )
    )
    b = StateBuilder()
    att = b.permanent(swift, 0, attacking=AttackTarget.of_player(1), blocked=True, tapped=True)
    b.permanent(BEAR, 1, blocking=(att,))
    out.append(
        Case(
            "double-strike-trample-stops",
            "double striker kills its blocker in the first-strike step",
            b.build(step=Step.DECLARE_BLOCKERS, priority=0),
            tuple(_advance() for _ in range(7)),
        )
    )
    return out


def _observe(session: Session) -> tuple[object, ...]:
    return (session.state(), frozenset(str(a) for a in session.legal_actions()))


def compare(engine: BlindEngine, case: Case) -> str | None:
    """Where the engine first differs from the reference on ``case`` (None: nowhere)."""
    ref = REFERENCE.start(case.state)
    bug = engine.start(case.state)
    try:
        for i in range(len(case.steps) + 1):
            r, g = _observe(ref), _observe(bug)
            if r[1] != g[1]:
                return f"after {i} actions, offers differ: +{sorted(g[1] - r[1])} -{sorted(r[1] - g[1])}"
            if r[0] != g[0]:
                return f"after {i} actions, the states differ"
            if i == len(case.steps):
                return None
            action = case.steps[i](ref.state())
            outcome = []
            for session in (ref, bug):
                try:
                    outcome.append([str(e) for e in session.apply(action)])
                except ActionRefused as exc:
                    outcome.append(f"refused ({exc})")
            if outcome[0] != outcome[1]:
                return f"action {i + 1} ({action}): reference {str(outcome[0])[:90]} / blind {str(outcome[1])[:90]}"
    finally:
        ref.close()
        bug.close()
    return None


def run_sanity(engines: tuple[type[BlindEngine], ...]) -> int:
    """Print, for each engine, where it differs from the reference on its hand-built state."""
    by_id = {}
    for case in cases():
        by_id.setdefault(case.engine, []).append(case)
    same = 0
    for cls in engines:
        found = by_id.get(cls.id)
        if not found:
            print(f"{cls.id:36} (no hand-built case: see its hits in the benchmark run)")
            continue
        for case in found:
            try:
                diff = compare(cls(), case)
            except Exception as exc:  # noqa: BLE001 - a sanity report, not a verdict
                diff = f"ERROR {type(exc).__name__}: {exc}"
            if diff is None:
                same += 1
            print(f"{cls.id:36} {case.what}: {diff or 'NO DIFFERENCE'}")
    return 1 if same else 0
