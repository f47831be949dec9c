"""Card names link to a card entry (issue 30, deliverable 5): report.html has a "Cards" section with
every card the counterexamples name (mana cost, types, power/toughness, oracle text, from the
state's card data), each at ``#card~NAME``, and the names in failure cards, boards and the ruling
table link there. Card text is untrusted: it stays escaped."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from reports.cards import card_anchor, collect_cards, entry
from reports.html import render_report
from reports.results import Counterexample, EngineInfo, Failure, ResultRecord, Results, RulingRecord, RunInfo
from tests.test_anchors import check_links

NINJA = "Ninja of the Deep Hours"
HOSTILE = 'Evil "</style><script>window.pwned=1</script><b>'
NINJA_DATA = {
    "name": NINJA,
    "types": ["Creature"],
    "subtypes": ["Human", "Ninja"],
    "mana_cost": "{3}{U}",
    "text": "Ninjutsu {1}{U}\nWhenever this creature deals combat damage to a player, you may draw a card.",
    "power": "2",
    "toughness": "2",
}


def state(*extra_cards: dict) -> dict:
    return {
        "cards": [NINJA_DATA, *extra_cards],
        "objects": [
            {"id": "c1", "name": NINJA, "owner": 0},
            {"id": "c2", "name": "Soldier", "owner": 0},
            *[{"id": f"c{i + 3}", "name": c.get("name"), "owner": 1} for i, c in enumerate(extra_cards)],
        ],
        "players": [
            {"index": 0, "life": 20, "hand": ["c1"], "library": []},
            {"index": 1, "life": 20, "hand": [f"c{i + 3}" for i in range(len(extra_cards))]},
        ],
        "battlefield": [{"id": "c2", "controller": 0}],
    }


def results(*extra_cards: dict, ruling_cards: tuple[str, ...] = (NINJA, "Not In Any State")) -> Results:
    run = RunInfo("t0", "t1", "ci", None, (EngineInfo("e", "1"),), "c", "0", 1.0)
    failure = Failure("c1 not offered", counterexample=Counterexample(state(*extra_cards)))
    records = (
        ResultRecord("e", "ninjutsu.one/a", ("ninjutsu.one",), "legality", "fail", failure=failure),
        ResultRecord("e", "ninjutsu.one/b", ("ninjutsu.one",), "legality", "pass"),
    )
    rulings = (RulingRecord("ninjutsu.one", "text", cards=ruling_cards, coverage="bound", invariants=("x",)),)
    return Results(run, rulings, records)


class Parsed(HTMLParser):
    """Card links by where they sit, and the text of each card entry (entities decoded)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []  # (href, enclosing context: case, board, ruling)
        self.entries: dict[str, str] = {}
        self._stack: list[tuple[str, dict[str, str | None]]] = []
        self._entry: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("class") == "cardref":
            self.links.append((a.get("href") or "", self._context()))
        if tag == "div" and a.get("class") == "cardinfo":
            self._entry = a.get("id")
            self.entries[self._entry or ""] = ""
        self._stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        while self._stack:
            top, a = self._stack.pop()
            if top == "div" and a.get("class") == "cardinfo":
                self._entry = None
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._entry is not None:
            self.entries[self._entry] += data

    def _context(self) -> str:
        classes = [(tag, a.get("class") or "", a.get("id") or "") for tag, a in self._stack]
        if any("board" in c.split() for _, c, _ in classes):
            return "board"
        if any("cards-line" in c.split() for _, c, _ in classes):
            return "case"
        if any(i.startswith("ruling~") for _, _, i in classes):
            return "ruling"
        return "other"


def parse(html: str) -> Parsed:
    p = Parsed()
    p.feed(html)
    return p


def test_a_counterexample_card_gets_an_entry_and_links_from_case_board_and_ruling():
    html = render_report(results())
    check_links(html)
    parsed = parse(html)
    anchor = card_anchor(NINJA)
    assert anchor == "card~Ninja_of_the_Deep_Hours"
    assert {ctx for href, ctx in parsed.links if href == f"#{anchor}"} == {"case", "board", "ruling"}
    text = parsed.entries[anchor]
    for part in (NINJA, "{3}{U}", "Creature — Human Ninja", "2/2", "Ninjutsu {1}{U}", "draw a card"):
        assert part in text, part
    assert "no card data" in parsed.entries[card_anchor("Soldier")]  # named by an object only
    # a ruling's card that no counterexample holds has no entry, so no link
    assert "Not In Any State" in html and f'href="#{card_anchor("Not In Any State")}"' not in html
    assert html.index('id="cards"') > html.index('id="rulings"')


def test_no_counterexample_no_cards_section():
    run = RunInfo("t0", "t1", "ci", None, (EngineInfo("e", "1"),), "c", "0", 1.0)
    html = render_report(Results(run, (), (ResultRecord("e", "x.y/a", ("x.y",), "legality", "pass"),)))
    assert 'id="cards"' not in html and "cardref" not in html


def test_hostile_card_text_stays_escaped():
    hostile = {"name": HOSTILE, "types": ["Instant<i>"], "mana_cost": "{U}<u>", "text": HOSTILE + "\n&amp;"}
    html = render_report(results(hostile, ruling_cards=(HOSTILE,)))
    check_links(html)
    assert "<script" not in html and "window.pwned=1</script>" not in html and HOSTILE not in html
    assert "<i>" not in html and "<u>" not in html
    parsed = parse(html)
    anchor = card_anchor(HOSTILE)
    assert HOSTILE in parsed.entries[anchor] and "&amp;" in parsed.entries[anchor]  # shown as text
    assert {ctx for href, ctx in parsed.links if href == f"#{anchor}"} >= {"case", "board", "ruling"}


def test_odd_card_data_shows_less_never_fails():
    assert entry({"name": "X", "types": "Creature", "power": 1}) == entry({"name": "X"})
    assert entry({"name": "P", "types": ["Planeswalker"], "loyalty": "3"}).power_toughness == "loyalty 3"
    odd = results({"name": 7, "types": [None]}, {"nope": True})
    assert [c.name for c in collect_cards(odd)] == [NINJA, "Soldier"]
    assert re.search(r'id="card~Soldier"', render_report(odd))
